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

/**
 * `holder`'s castle at `village`, held by his first lord and a sergeant, besieged since turn 1 by
 * `besieger`'s first lord and two sergeants (one siege engine on "1 die", §8.6): the given of the
 * siege tests (#33 leave, #34 reinforce).
 */
export function castleBesieged(s: FiefState, village: VillageId, holder: string, besieger: string): void {
  fortify(s, village);
  station(s, holder, village, 1, 0, [s.families[holder]!.lords[0]!]);
  station(s, besieger, village, 2, 0, [s.families[besieger]!.lords[0]!]);
  s.villages[village]!.sieges.push({ besieger, engineDice: 1, sinceTurn: 1 });
  s.families[besieger]!.reserve.siegeEngines -= 1;
}
