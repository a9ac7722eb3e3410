/**
 * FI (rules S4.4). OWNER: kingdom helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const FI: OrderSpec<string[]> = {
  code: 'FI',
  syntax: 'FI …',
  label: { fr: 'FI', en: 'FI' },
  parse: () => ({ error: { fr: 'ordre FI pas encore disponible', en: 'order FI not available yet' } }),
  format: (v) => ['FI', ...v].join(' '),
  execute: () => {},
};
