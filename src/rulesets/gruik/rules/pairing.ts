/**
 * Several hostile main armies in one province, rules §5.10 [T §5.7; P]: a force fights only once a
 * turn, so the battles are pairs chosen in order — first a pair involving the province's defender
 * (§5.8), then the rest; among equals a seeded draw (a die with as many faces as candidates);
 * pairs with an army that has already fought are skipped. Two enemy armies may therefore both
 * remain in a province at the end of a turn. Helper armies lending contingents (§5.10) are not
 * written yet. Bounded: each pair chosen removes two armies.
 */
import type { ArmyId, GruikState, ProvinceId, StateId } from '../state.ts';
import { actsAsMainArmy } from './army-size.ts';
import type { Dice } from './dice.ts';
import { hostile } from './relations.ts';

export function battlePairs(s: GruikState, province: ProvinceId, defender: StateId | null, dice: Dice, phase = 'S6.3'): [ArmyId, ArmyId][] {
  const armies = Object.values(s.armies)
    .filter((a) => a.location === province && !a.inFortress && !a.hostArmy && !a.fought && actsAsMainArmy(s, a.id))
    .map((a) => a.id).sort();
  const stateOf = (id: ArmyId) => s.armies[id]!.state;
  let pairs = armies.flatMap((a, i) => armies.slice(i + 1).filter((b) => hostile(s, stateOf(a), stateOf(b))).map((b) => [a, b] as [ArmyId, ArmyId]));
  const out: [ArmyId, ArmyId][] = [];
  while (pairs.length > 0) {
    const withDefender = pairs.filter(([a, b]) => stateOf(a) === defender || stateOf(b) === defender);
    const candidates = withDefender.length ? withDefender : pairs;
    const pick = candidates.length === 1 ? candidates[0]! : candidates[dice.roll({ sides: candidates.length, phase, event: `pairing:${province}:${out.length}`, purpose: 'which battle comes first', rule: '[T §5.7; P §5.10]', audience: [...new Set(candidates.flat().map(stateOf))] }) - 1]!;
    out.push(pick);
    pairs = pairs.filter(([a, b]) => !pick.includes(a) && !pick.includes(b));
  }
  return out;
}
