/**
 * PU (rules S4.4). OWNER: encounters helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const PU: OrderSpec<string[]> = {
  code: 'PU',
  syntax: 'PU …',
  label: { fr: 'PU', en: 'PU' },
  parse: () => ({ error: { fr: 'ordre PU pas encore disponible', en: 'order PU not available yet' } }),
  format: (v) => ['PU', ...v].join(' '),
  execute: () => {},
};
