/**
 * GI (rules S4.4). OWNER: kingdom helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const GI: OrderSpec<string[]> = {
  code: 'GI',
  syntax: 'GI …',
  label: { fr: 'GI', en: 'GI' },
  parse: () => ({ error: { fr: 'ordre GI pas encore disponible', en: 'order GI not available yet' } }),
  format: (v) => ['GI', ...v].join(' '),
  execute: () => {},
};
