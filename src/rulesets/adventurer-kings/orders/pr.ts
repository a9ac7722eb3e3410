/**
 * PR (rules S4.4). OWNER: kingdom helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const PR: OrderSpec<string[]> = {
  code: 'PR',
  syntax: 'PR …',
  label: { fr: 'PR', en: 'PR' },
  parse: () => ({ error: { fr: 'ordre PR pas encore disponible', en: 'order PR not available yet' } }),
  format: (v) => ['PR', ...v].join(' '),
  execute: () => {},
};
