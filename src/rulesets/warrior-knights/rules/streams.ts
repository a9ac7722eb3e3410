/**
 * Randomness from named streams (style §9): every shuffle of a game is
 * `createRng(seed, name).shuffle(…)` with a name that says what it shuffles (`setup/fate`,
 * `turn/3/neutral`, `turn/3/pile/2`), so a replay or a reordered prompt gives the same order.
 * Tests inject their own `Shuffle` to set an exact order.
 */
import { createRng } from '../../../engine/rng.ts';
import type { WkState } from '../state.ts';

export type Shuffle = <T>(stream: string, items: readonly T[]) => T[];

export function streamShuffle(s: Pick<WkState, 'secret'>): Shuffle {
  return (stream, items) => createRng(s.secret.seed, stream).shuffle(items);
}

/** A random index in [0, n) from a named stream. */
export function streamPick(s: Pick<WkState, 'secret'>, stream: string, n: number): number {
  return createRng(s.secret.seed, stream).int(0, n - 1);
}

/** The moment of the action phase, for stream names: `turn/3/pile/2/left/5` (the card just revealed leaves 5 on pile 2). */
export const moment = (s: Pick<WkState, 'turn' | 'pile' | 'secret'>): string => `turn/${s.turn}/pile/${s.pile + 1}/left/${s.secret.piles[s.pile]?.length ?? 0}`;
