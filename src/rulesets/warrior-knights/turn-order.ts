/**
 * Chairman order (rules §0.3): from the Chairman, clockwise (increasing seat index, wrapping).
 * Almost every round-robin of the game runs in it.
 */
import type { BaronId } from './barons.ts';

export function chairmanOrder(players: readonly BaronId[], chairman: BaronId): BaronId[] {
  const i = players.indexOf(chairman);
  if (i < 0) throw new Error(`the Chairman ${chairman} is not in the game`);
  return [...players.slice(i), ...players.slice(0, i)];
}
