/**
 * Test givens for movement and battles (rules §8): a set-up game emptied of pieces (troops back
 * to the reserves, castles back to the supply, lords off the board, every village free), on which
 * a test stations exactly the pieces its vector names.
 */
import type { VillageId } from '../../src/rulesets/fief/board.ts';
import { regroup } from '../../src/rulesets/fief/rules/battle.ts';
import { addTroops } from '../../src/rulesets/fief/rules/pieces.ts';
import type { FiefState, LordId } from '../../src/rulesets/fief/state.ts';
import { given } from './fixture.ts';

export function arena(players = 4, seed = 'arena'): FiefState {
  const s = given(players, seed);
  for (const v of Object.values(s.villages)) {
    for (const st of v.stacks) for (const g of st.groups) { s.families[st.player]!.reserve.sergeants += g.sergeants; s.families[st.player]!.reserve.knights += g.knights; }
    v.stacks = [];
    v.controller = null;
    if (v.fortification) { v.fortification = null; s.supply.castleTiles += 1; }
  }
  for (const l of Object.values(s.lords)) l.at = null;
  return s;
}

/** Stations troops and lords of `player` in `village`; the first to arrive controls it. */
export function station(s: FiefState, player: string, village: VillageId, sergeants: number, knights: number, lords: LordId[] = []): void {
  const v = s.villages[village]!;
  if (!v.controller) v.controller = player;
  for (const id of lords) s.lords[id]!.at = { village, position: { kind: 'OUTSKIRTS' } };
  addTroops(s, village, player, sergeants, knights);
  regroup(s, village);
}

/** A castle (or city) from the supply on a village. */
export function fortify(s: FiefState, village: VillageId, kind: 'CASTLE' | 'CITY' = 'CASTLE'): void {
  s.villages[village]!.fortification = kind;
  s.supply.castleTiles -= 1;
}
