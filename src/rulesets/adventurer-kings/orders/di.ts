/**
 * DI (rules S4.4). OWNER: armies helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const DI: OrderSpec<string[]> = {
  code: 'DI',
  syntax: 'DI …',
  label: { fr: 'DI', en: 'DI' },
  parse: () => ({ error: { fr: 'ordre DI pas encore disponible', en: 'order DI not available yet' } }),
  format: (v) => ['DI', ...v].join(' '),
  execute: () => {},
};
