/**
 * US (rules S4.4). OWNER: magic helper. Placeholder until implemented: parses nothing.
 */
import type { OrderSpec } from '../turn/context.ts';

export const US: OrderSpec<string[]> = {
  code: 'US',
  syntax: 'US …',
  label: { fr: 'US', en: 'US' },
  parse: () => ({ error: { fr: 'ordre US pas encore disponible', en: 'order US not available yet' } }),
  format: (v) => ['US', ...v].join(' '),
  execute: () => {},
};
