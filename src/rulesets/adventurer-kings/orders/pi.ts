/**
 * PI (rules S4.4). OWNER: armies helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const PI: OrderSpec<string[]> = {
  code: 'PI',
  syntax: 'PI …',
  label: { fr: 'PI', en: 'PI' },
  parse: () => ({ error: { fr: 'ordre PI pas encore disponible', en: 'order PI not available yet' } }),
  format: (v) => ['PI', ...v].join(' '),
  execute: () => {},
};
