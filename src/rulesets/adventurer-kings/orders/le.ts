/**
 * LE (rules S4.4). OWNER: armies helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const LE: OrderSpec<string[]> = {
  code: 'LE',
  syntax: 'LE …',
  label: { fr: 'LE', en: 'LE' },
  parse: () => ({ error: { fr: 'ordre LE pas encore disponible', en: 'order LE not available yet' } }),
  format: (v) => ['LE', ...v].join(' '),
  execute: () => {},
};
