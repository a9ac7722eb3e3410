/**
 * What follows when pieces leave or die in a village, rules §8.5.1 and §8.6 [T §6.2.4, §6.4.1,
 * P G-34, P G-57]: prisoners whose jailer has no piece left with them go free and are placed by the
 * cascade, sieges without a besieging lord end. Used by battles, movement and `killLord` (the
 * jailer's last piece, the besieger's last lord), so it sits below all of them.
 */
import type { PlayerId } from '../../../engine/ruleset.ts';
import type { VillageId } from '../board.ts';
import type { FiefState, LordId } from '../state.ts';
import { placeLord, refreshControl, troopsOf } from './pieces.ts';
import { placementOptions } from './placement.ts';

/** A player's free lords in a village. */
export const freeLordsIn = (s: FiefState, v: VillageId, p: PlayerId): LordId[] =>
  Object.values(s.lords).filter((l) => l.owner === p && l.prisonerOf === null && l.at?.village === v).map((l) => l.id);

/** Does a player have a troop or a free lord in a village? */
export const hasPiecesIn = (s: FiefState, v: VillageId, p: PlayerId): boolean => {
  const t = troopsOf(s, v, p);
  return t.sergeants + t.knights > 0 || freeLordsIn(s, v, p).length > 0;
};

/**
 * A prisoner goes free and his owner places him by the cascade [T §6.2.4, §10.2.3]: `choice` is
 * the owner's village (#12) if it is legal, else the first village of the highest level; where only
 * a consent would do, he stays, free, where he is (village outskirts) [P G-57]. Returns his village.
 */
export function freeAndPlace(s: FiefState, id: LordId, choice?: VillageId): VillageId | null {
  const l = s.lords[id]!;
  const was = l.at?.village ?? null;
  l.prisonerOf = null;
  l.at = null; // off the board while the cascade looks
  const opts = placementOptions(s, l.owner);
  const free = Object.keys(opts.consentFrom).length === 0;
  const to = free ? (choice && opts.villages.includes(choice) ? choice : opts.villages[0]) : undefined;
  if (to) placeLord(s, id, to);
  else if (was) { l.at = { village: was, position: { kind: 'OUTSKIRTS' } }; refreshControl(s, was); }
  if (was && was !== to) refreshControl(s, was);
  return l.at?.village ?? null;
}

/** A siege ends: the besieger's engine goes back to his reserve [P G-34]. */
export function endSiege(s: FiefState, v: VillageId, besieger: PlayerId): void {
  const vs = s.villages[v]!;
  const n = vs.sieges.filter((g) => g.besieger === besieger).length;
  vs.sieges = vs.sieges.filter((g) => g.besieger !== besieger);
  s.families[besieger]!.reserve.siegeEngines += n;
}

/**
 * Prisoners whose jailer has no piece left with them go free [T §6.2.4 release 4–5, P] and are
 * placed at once by the cascade (#12 default); sieges without a besieging lord end, their engines
 * back to the reserve [P G-34]; control is recomputed [P G-18].
 */
export function settleVillage(s: FiefState, v: VillageId): void {
  for (const l of Object.values(s.lords)) if (l.at?.village === v && l.prisonerOf !== null && !hasPiecesIn(s, v, l.prisonerOf)) freeAndPlace(s, l.id);
  const vs = s.villages[v]!;
  for (const g of [...vs.sieges]) if (freeLordsIn(s, v, g.besieger).length === 0 || vs.controller === g.besieger || vs.fortification === null) endSiege(s, v, g.besieger);
  refreshControl(s, v);
}
