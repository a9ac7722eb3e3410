/**
 * SE (rules S4.4). OWNER: encounters helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const SE: OrderSpec<string[]> = {
  code: 'SE',
  syntax: 'SE …',
  label: { fr: 'SE', en: 'SE' },
  parse: () => ({ error: { fr: 'ordre SE pas encore disponible', en: 'order SE not available yet' } }),
  format: (v) => ['SE', ...v].join(' '),
  execute: () => {},
};
