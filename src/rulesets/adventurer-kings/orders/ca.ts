/**
 * CA (rules S4.4). OWNER: magic helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const CA: OrderSpec<string[]> = {
  code: 'CA',
  syntax: 'CA …',
  label: { fr: 'CA', en: 'CA' },
  parse: () => ({ error: { fr: 'ordre CA pas encore disponible', en: 'order CA not available yet' } }),
  format: (v) => ['CA', ...v].join(' '),
  execute: () => {},
};
