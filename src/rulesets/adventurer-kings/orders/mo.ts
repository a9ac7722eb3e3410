/**
 * MO (rules S4.4). OWNER: armies helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const MO: OrderSpec<string[]> = {
  code: 'MO',
  syntax: 'MO …',
  label: { fr: 'MO', en: 'MO' },
  parse: () => ({ error: { fr: 'ordre MO pas encore disponible', en: 'order MO not available yet' } }),
  format: (v) => ['MO', ...v].join(' '),
  execute: () => {},
};
