/**
 * DE (rules S4.4). OWNER: armies helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const DE: OrderSpec<string[]> = {
  code: 'DE',
  syntax: 'DE …',
  label: { fr: 'DE', en: 'DE' },
  parse: () => ({ error: { fr: 'ordre DE pas encore disponible', en: 'order DE not available yet' } }),
  format: (v) => ['DE', ...v].join(' '),
  execute: () => {},
};
