/**
 * What follows when pieces leave or die in a village, rules §8.5.1 and §8.6 [T §6.2.4, §6.4.1,
 * P G-34, P G-57]: prisoners whose jailer has no piece left with them go free and are placed by the
 * cascade, sieges without a besieging lord end. Used by battles, movement and `killLord` (the
 * jailer's last piece, the besieger's last lord), so it sits below all of them.
 */
import type { PlayerId } from '../../../engine/ruleset.ts';
import { BOARD, type VillageId } from '../board.ts';
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

/** #13 for a freed lord: the consent his placement needs (the controllers asked, by village). */
export interface FreedChoice { lord: LordId; owner: PlayerId; villages: Record<PlayerId, VillageId[]> }

/**
 * #13 inside a resolution (a battle, the plague, a revolt) [T §6.4.1, P G-57]: the controllers who
 * agreed to host each freed lord (`agreed[lord]`, present once they were asked) and, filled by the
 * resolution, the placements that needed a consent, in order. The flow replays the resolution with
 * the answers (its dice are named) and asks the first not yet answered (one parallel REPLY).
 */
export interface Freeing { agreed?: Partial<Record<LordId, readonly PlayerId[]>>; freed?: FreedChoice[] }

/**
 * A prisoner goes free and his owner places him by the cascade [T §6.2.4, §10.2.3]: `choice` is
 * the owner's village (#12) if it is legal, else the first village of the highest level; where only
 * a consent would do, he goes to the first village (board order) of a controller who agreed (#13,
 * `freeing`), else he stays, free, where he is (village outskirts) [P G-57]. Returns his village.
 */
export function freeAndPlace(s: FiefState, id: LordId, choice?: VillageId, freeing?: Freeing): VillageId | null {
  const l = s.lords[id]!;
  const was = l.at?.village ?? null;
  l.prisonerOf = null;
  l.at = null; // off the board while the cascade looks
  const opts = placementOptions(s, l.owner);
  const free = Object.keys(opts.consentFrom).length === 0;
  let to = free ? (choice && opts.villages.includes(choice) ? choice : opts.villages[0]) : undefined;
  if (!free && freeing) {
    const agreed = freeing.agreed?.[id];
    const asked = Object.entries(opts.consentFrom).filter((e): e is [VillageId, PlayerId] => !!e[1]);
    if (agreed) to = asked.map(([v]) => v).find((v) => agreed.includes(opts.consentFrom[v]!)); // #13: the first village of one who agreed
    else if (asked.length > 0 && freeing.freed) {
      const villages: Record<PlayerId, VillageId[]> = {};
      for (const [v, q] of asked) (villages[q] ??= []).push(v);
      freeing.freed.push({ lord: id, owner: l.owner, villages });
    }
  }
  if (to) placeLord(s, id, to);
  else if (was) { l.at = { village: was, position: { kind: 'OUTSKIRTS' } }; refreshControl(s, was); }
  if (was && was !== to) refreshControl(s, was);
  return l.at?.village ?? null;
}

/**
 * #13 asked after the fact [T §6.4.1, P G-57]: a lord freed by what acts at once on the state — a
 * card at a hold outside a battle (a Tunnel, or an Assassination or Justice killing his jailer), a
 * free action's release — whose placement needs a consent stands free where he was held (the rules'
 * default), and the controllers of the possible villages are asked at once when the open question
 * is answered (flow.ts `placing`). `id`: the question's (`<prefix>/free/<lord>`); `at`: where he
 * stands meanwhile.
 */
export interface Placing extends FreedChoice { id: string; at: VillageId }

/** The placements to ask for the freed lords recorded in `freed` (those still free on the board), under `prefix`. */
export function placingsOf(s: FiefState, prefix: string, freed: readonly FreedChoice[]): Placing[] {
  return freed.flatMap((c) => { const l = s.lords[c.lord]; return l && l.prisonerOf === null && l.at ? [{ ...c, id: `${prefix}/free/${c.lord}`, at: l.at.village }] : []; });
}

/** Whether a placement still waits: the lord alive, free and where he was left (else he has moved on, or died, or been taken again, and nothing is asked). */
export const placingStands = (s: FiefState, x: Placing): boolean => { const l = s.lords[x.lord]; return !!l && l.prisonerOf === null && l.at?.village === x.at; };

/**
 * #13 answered after the fact (mutates): the lord goes to the first village (board order) of a
 * controller who agreed and still controls it, as `freeAndPlace` would have placed him; else he
 * stays, free, where he is [P G-57]. Returns the village he went to, or null.
 */
export function placeAgreed(s: FiefState, x: Placing, agreed: readonly PlayerId[]): VillageId | null {
  if (!placingStands(s, x)) return null;
  const to = Object.values(x.villages).flat().filter((v) => agreed.includes(s.villages[v]!.controller ?? '') && x.villages[s.villages[v]!.controller!]?.includes(v));
  const first = BOARD.villageIds.find((v) => to.includes(v));
  if (!first) return null;
  placeLord(s, x.lord, first);
  refreshControl(s, x.at);
  return first;
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
export function settleVillage(s: FiefState, v: VillageId, freeing?: Freeing): void {
  const freed = Object.values(s.lords).filter((l) => l.at?.village === v && l.prisonerOf !== null && !hasPiecesIn(s, v, l.prisonerOf));
  if (freed.length > 0) refreshControl(s, v); // the cascade reads who controls the village now (a jailer gone no longer does)
  for (const l of freed) if (s.lords[l.id]?.prisonerOf !== null) freeAndPlace(s, l.id, undefined, freeing);
  const vs = s.villages[v]!;
  for (const g of [...vs.sieges]) if (freeLordsIn(s, v, g.besieger).length === 0 || vs.controller === g.besieger || vs.fortification === null) endSiege(s, v, g.besieger);
  refreshControl(s, v);
}
