/**
 * Dice from named streams (style §9): every die of a game is `createRng(seed, name).int(1, 6)`
 * with a name that says what it decides (`turn/3/calamity/slot/2`, `turn/3/plague/4/lord/LORD_M_01#7`),
 * so a replay or a reordered prompt draws the same die. Tests inject dice by giving their own D6
 * (the rules' vectors say `d6=[3,3]`).
 */
import { createRng } from '../../../engine/rng.ts';
import type { FiefState } from '../state.ts';

/** A d6 named by what it decides. */
export type D6 = (stream: string) => number;

/** The game's own dice: one named stream per die, from the secret seed. */
export function streamD6(s: Pick<FiefState, 'secret'>): D6 {
  return (stream) => createRng(s.secret.seed, stream).int(1, 6);
}

/** A named shuffle (deck reshuffles [T §2.2]). */
export function streamShuffle<T>(s: Pick<FiefState, 'secret'>, stream: string, items: readonly T[]): T[] {
  return createRng(s.secret.seed, stream).shuffle(items);
}
