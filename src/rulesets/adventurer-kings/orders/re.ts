/**
 * RE (rules S4.4). OWNER: armies helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const RE: OrderSpec<string[]> = {
  code: 'RE',
  syntax: 'RE …',
  label: { fr: 'RE', en: 'RE' },
  parse: () => ({ error: { fr: 'ordre RE pas encore disponible', en: 'order RE not available yet' } }),
  format: (v) => ['RE', ...v].join(' '),
  execute: () => {},
};
