/**
 * Inventions (Sage discoveries, G-06): the catalogue and their effects.
 * OWNER: world helper (fills in the catalogue); kingdom helper uses it for discovery/exchange.
 */
import type { AKState, CharCode } from '../state.ts';

/** The talent bonus a kingdom's discoveries give its characters in one characteristic. */
export function inventionTalentBonus(_s: AKState, _kingdom: number, _code: CharCode): number {
  return 0;
}
