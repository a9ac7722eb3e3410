/**
 * Capturing a city, rules §8.4.9 [T §4.3, P G-27]: when control of a fortified city passes to
 * another player (battle, elimination, movement into an empty city), that player takes the fief
 * title. It goes on his lord with the fewest fief titles under `family.maxFiefTitlesPerLord`
 * (the first in play on a tie) [P]; if he has none, the title is vacant [P G-27]. A vacant title
 * whose city a player controls is taken as soon as he has an eligible lord (checked at each call).
 */
import type { PlayerId } from '../../../engine/ruleset.ts';
import { BOARD, type VillageId } from '../board.ts';
import type { FiefState, TitleId } from '../state.ts';
import { addTroops, presentPlayers, refreshControl, removeTroops, troopsOf } from './pieces.ts';

const fiefTitles = (s: FiefState, id: string) => s.lords[id]!.titles.filter((t) => t.startsWith('FIEF:')).length;

/** Moves the fief title of the city `v` to its controller's family when it is not there already. */
export function followCity(s: FiefState, v: VillageId): void {
  const vs = s.villages[v]!;
  if (vs.fortification !== 'CITY' || !vs.controller) return;
  const title = `FIEF:${BOARD.villages[v]!.fief}` as TitleId;
  const holder = s.titles[title].holder;
  const p: PlayerId = vs.controller;
  if (holder && s.lords[holder]?.owner === p) return;
  const heir = s.families[p]!.lords
    .filter((id) => fiefTitles(s, id) < s.config.family.maxFiefTitlesPerLord)
    .sort((a, b) => fiefTitles(s, a) - fiefTitles(s, b))[0];
  if (holder) { s.lords[holder]!.titles = s.lords[holder]!.titles.filter((t) => t !== title); s.titles[title].holder = null; }
  if (heir) { s.titles[title].holder = heir; s.lords[heir]!.titles.push(title); } // else [P G-27] vacant until he has an eligible lord
  // The fief's empty villages follow the new governor (or none) [T §5.1].
  for (const w of BOARD.fiefs[BOARD.villages[v]!.fief]!.villages) if (w !== v && s.villages[w]!.controller && !presentPlayers(s, w).includes(s.villages[w]!.controller!)) refreshControl(s, w);
}

/** [T §5.1] A fief's title changed hands: its villages nobody occupies follow the new governor (or none). */
export function followTitle(s: FiefState, fief: string): void {
  for (const w of BOARD.fiefs[fief]?.villages ?? []) if (s.villages[w]!.controller && !presentPlayers(s, w).includes(s.villages[w]!.controller!)) refreshControl(s, w);
}

/**
 * The inheritance garrison swap, rules §5.9.2 [T §4.3.1, P G-52]: a fief title passed to another
 * family (the spouse of a family's last lord) takes the fief's city with it. The old family's
 * troops in the city are replaced by equivalent troops of the new family from its reserve, knights
 * first; what the reserve cannot match is removed (back to the old family's reserve) [P G-52]. The
 * new family controls the city (its pieces to the centre, the others' to the outskirts). TV-52.
 * Returns, per city, the units replaced and removed.
 */
export function swapGarrison(s: FiefState, fief: string, from: PlayerId, to: PlayerId): { village: VillageId; replaced: { sergeants: number; knights: number }; removed: { sergeants: number; knights: number } }[] {
  const out: ReturnType<typeof swapGarrison> = [];
  if (from === to) return out;
  for (const v of BOARD.fiefs[fief]?.villages ?? []) {
    const vs = s.villages[v]!;
    if (vs.fortification !== 'CITY') continue;
    const had = troopsOf(s, v, from);
    removeTroops(s, v, from, had.sergeants, had.knights);
    const res = s.families[to]!.reserve;
    const knights = Math.min(had.knights, res.knights); // knights first [P G-52]
    const sergeants = Math.min(had.sergeants, res.sergeants);
    vs.controller = to; // [T §4.3.1] the swap transfers control of the city village
    addTroops(s, v, to, sergeants, knights);
    for (const st of vs.stacks) st.position = st.player === to ? { kind: 'CENTER' } : st.position.kind === 'CENTER' ? { kind: 'OUTSKIRTS' } : st.position;
    for (const l of Object.values(s.lords)) if (l.at?.village === v && l.prisonerOf === null) l.at.position = l.owner === to ? { kind: 'CENTER' } : l.at.position.kind === 'CENTER' ? { kind: 'OUTSKIRTS' } : l.at.position;
    out.push({ village: v, replaced: { sergeants, knights }, removed: { sergeants: had.sergeants - sergeants, knights: had.knights - knights } });
  }
  return out;
}
