/**
 * SP (rules S4.4). OWNER: world helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const SP: OrderSpec<string[]> = {
  code: 'SP',
  syntax: 'SP …',
  label: { fr: 'SP', en: 'SP' },
  parse: () => ({ error: { fr: 'ordre SP pas encore disponible', en: 'order SP not available yet' } }),
  format: (v) => ['SP', ...v].join(' '),
  execute: () => {},
};
