/**
 * The finishing order of a finished game of Gloire & Pouvoir, for the permanent ranking (seed 004
 * §12.4, for every ruleset; engine `Ruleset.finishingOrder`): groups of tied lords, best first.
 *  1. The King, crowned by renown, conquest or alliance (rules §12; none when every lord is out [P G-37]).
 *  2. The other living lords by their final global renown, highest first, the ranking the game's
 *     last BILAN publishes [P G-47: « display GR »]; equal renown: tied.
 *  3. The lords out of the game (dead or abdicated), the one who lasted longer first (`outTurn`);
 *     out in the same turn: tied.
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import { allGlobalRenown, livingLords } from './formulas.ts';
import type { GPState, LordId } from './state.ts';
import { avgHappiness } from './view.ts';

/** Groups of equal keys, in the order of `sorted` (already sorted by key). */
function groupBy<K>(sorted: LordId[], key: (l: LordId) => K): PlayerId[][] {
  const out: PlayerId[][] = [];
  let last: K | undefined;
  for (const l of sorted) {
    const k = key(l);
    if (out.length && k === last) out[out.length - 1]!.push(l);
    else out.push([l]);
    last = k;
  }
  return out;
}

export function finishingOrder(s: GPState): PlayerId[][] {
  const king = s.king !== null && s.lords[s.king] ? s.king : null;
  const renown = allGlobalRenown(s, avgHappiness(s));
  const living = livingLords(s).filter((l) => l !== king)
    .sort((a, b) => renown.get(b)! - renown.get(a)! || a.localeCompare(b));
  const out = Object.keys(s.lords).filter((l) => l !== king && !s.lords[l]!.alive)
    .sort((a, b) => (s.lords[b]!.outTurn ?? 0) - (s.lords[a]!.outTurn ?? 0) || a.localeCompare(b));
  return [
    ...(king ? [[king]] : []),
    ...groupBy(living, (l) => renown.get(l)!),
    ...groupBy(out, (l) => s.lords[l]!.outTurn ?? 0),
  ];
}
