/**
 * HI (rules S4.4). OWNER: kingdom helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const HI: OrderSpec<string[]> = {
  code: 'HI',
  syntax: 'HI …',
  label: { fr: 'HI', en: 'HI' },
  parse: () => ({ error: { fr: 'ordre HI pas encore disponible', en: 'order HI not available yet' } }),
  format: (v) => ['HI', ...v].join(' '),
  execute: () => {},
};
