/**
 * EN (rules S4.4). OWNER: encounters helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const EN: OrderSpec<string[]> = {
  code: 'EN',
  syntax: 'EN …',
  label: { fr: 'EN', en: 'EN' },
  parse: () => ({ error: { fr: 'ordre EN pas encore disponible', en: 'order EN not available yet' } }),
  format: (v) => ['EN', ...v].join(' '),
  execute: () => {},
};
