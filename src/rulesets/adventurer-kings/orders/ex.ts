/**
 * EX (rules S4.4). OWNER: world helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const EX: OrderSpec<string[]> = {
  code: 'EX',
  syntax: 'EX …',
  label: { fr: 'EX', en: 'EX' },
  parse: () => ({ error: { fr: 'ordre EX pas encore disponible', en: 'order EX not available yet' } }),
  format: (v) => ['EX', ...v].join(' '),
  execute: () => {},
};
