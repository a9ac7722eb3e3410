/**
 * TR (rules S4.4). OWNER: encounters helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const TR: OrderSpec<string[]> = {
  code: 'TR',
  syntax: 'TR …',
  label: { fr: 'TR', en: 'TR' },
  parse: () => ({ error: { fr: 'ordre TR pas encore disponible', en: 'order TR not available yet' } }),
  format: (v) => ['TR', ...v].join(' '),
  execute: () => {},
};
