/**
 * Where a baron's troop cards are (rules §2.4): under his nobles (on or off the board) and in his
 * stronghold's garrison. Removing a card from wherever it is; a noble left without troops leaves
 * the board, not killed (§2.3 "a noble without troops must never be on the board", §4.6.5).
 */
import type { BaronId } from '../barons.ts';
import type { WkState } from '../state.ts';

/** Every troop card of a baron with the army holding it (a noble's id, or 'stronghold'). */
export function troopsOf(s: WkState, b: BaronId): { card: string; army: string }[] {
  return [
    ...Object.values(s.nobles).filter((n) => n.baron === b).flatMap((n) => n.troops.map((card) => ({ card, army: n.id }))),
    ...s.strongholds[b].garrison.map((card) => ({ card, army: 'stronghold' })),
  ];
}

/** Takes a card out of its army (mutates `s`). */
export function removeTroop(s: WkState, b: BaronId, card: string): void {
  for (const n of Object.values(s.nobles)) if (n.baron === b) n.troops = n.troops.filter((t) => t !== card);
  s.strongholds[b].garrison = s.strongholds[b].garrison.filter((t) => t !== card);
}

/** Nobles left without troops (and without casualty tokens: see G-A35) leave the board, not killed. */
export function liftEmptyNobles(s: WkState): void {
  for (const n of Object.values(s.nobles)) {
    if (n.troops.length === 0 && n.location.kind !== 'off') n.location = { kind: 'off' };
  }
}

/** Gives a zone's cards back to their owners' hands (the end of a special phase, §4.5–§4.6, §5). */
export function returnZone(s: WkState, zone: 'taxes' | 'wages' | 'assembly'): void {
  for (const card of s.zones[zone]) {
    const b = card.split(':')[0] as BaronId;
    s.barons[b].hand.push(card);
  }
  s.zones[zone] = [];
}
