/**
 * The "Heir exchange" variant (§7.4, #43): the rules on the state that the turn applies — the heirs
 * at setup, an heir's death, a dead noble held off the board, offers expiring at the end of the turn.
 * The free actions that move heirs between barons are in ../heirs.ts (which reads the flow).
 */
import type { HeirState, NobleState, WkState } from '../state.ts';

/** The heirs at setup, each held by its own baron; undefined with the option off (nothing stored). */
export function initialHeirs(s: Pick<WkState, 'config' | 'nobles'>): Record<string, HeirState> | undefined {
  if (!s.config.options.heirExchange) return undefined;
  return Object.fromEntries(Object.values(s.nobles).map((n) => [n.id, { holder: n.hasHeir ? n.baron : null, awaiting: false }]));
}

/** §7.4: a dead noble whose heir is dead or held by another baron stays off the board. */
export function heirWaits(s: Pick<WkState, 'heirs'>, n: NobleState): boolean {
  const h = s.heirs?.[n.id];
  return !!h && h.awaiting && h.holder !== n.baron;
}

/** The heir dies (No Heir / Line Extinct, §7.4 [T]; or executed): mutates `s`. */
export function heirDies(s: WkState, nobleId: string): void {
  const h = s.heirs?.[nobleId];
  if (h) h.holder = null;
}

/** End of the turn: unanswered offers expire (§9.2 #43). Mutates `s`. */
export function expireOffers(s: WkState): void {
  if (!s.heirOffers?.length) return;
  s.log.push({ t: 'heir-offers-expired', count: s.heirOffers.length });
  s.heirOffers = [];
}
