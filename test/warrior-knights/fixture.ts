/**
 * Test fixtures for Warrior Knights: a game set up with the §9.2 defaults, then shaped into a
 * vector's "Given" by moving real cards (from hands to zones or piles), so every invariant still
 * holds. The barons of the rules' examples are their role aliases (barons.ts BARON_ROLES).
 */
import { createRng } from '../../src/engine/rng.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import type { Zone } from '../../src/rulesets/warrior-knights/cards.ts';
import { setupGame, type SetupChoosers } from '../../src/rulesets/warrior-knights/setup.ts';
import { mercenary } from '../../src/rulesets/warrior-knights/cards.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';

export function game(barons: BaronId[], seed = 'fixture', choose: SetupChoosers = {}): WkState {
  return setupGame({ players: barons.length, barons }, createRng(seed, 'setup'), choose);
}

/** Puts these mercenary cards face up (taken from the deck; the old display goes back under it). */
export function setDisplay(s: WkState, ids: string[]): void {
  const deck = [...s.secret.mercenaryDeck, ...s.display].filter((id) => !ids.includes(id));
  if (deck.length + ids.length !== s.secret.mercenaryDeck.length + s.display.length) throw new Error('setDisplay: a card is held by a baron');
  s.secret.mercenaryDeck = deck;
  s.display = [...ids];
}

/** A mercenary card of this nation and size lying in the deck or the display (not held by a baron). */
export function freeMercenary(s: WkState, nation: string, strength: number, not: string[] = []): string {
  const id = [...s.secret.mercenaryDeck, ...s.display].find((m) => m.startsWith(`merc-${nation}-`) && mercenary(m).strength === strength && !not.includes(m));
  if (!id) throw new Error(`no free ${nation} ${strength}`);
  return id;
}

/** Moves a card from its owner's hand into a zone. */
export function toZone(s: WkState, card: string, zone: Zone): void {
  const b = card.split(':')[0] as BaronId;
  s.barons[b].hand = s.barons[b].hand.filter((c) => c !== card);
  s.zones[zone].push(card);
}

/** Puts the action phase in place with these piles (top first); baron cards leave their hands. */
export function withPiles(s: WkState, piles: string[][]): WkState {
  for (const c of piles.flat()) {
    const b = c.split(':')[0] as BaronId;
    if (s.barons[b]) s.barons[b].hand = s.barons[b].hand.filter((x) => x !== c);
  }
  s.secret.piles = piles.map((p) => [...p]);
  s.pileCounts = piles.map((p) => {
    const counts: Record<string, number> = {};
    for (const c of p) { const k = c.startsWith('neutral:') ? 'neutral' : c.split(':')[0]!; counts[k] = (counts[k] ?? 0) + 1; }
    return counts;
  });
  s.stage = 'action';
  s.step = 'A1';
  s.pile = 0;
  s.toAct = [s.chairman];
  return s;
}
