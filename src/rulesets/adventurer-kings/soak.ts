/**
 * The soak runner's mix of Adventurer Kings games: the standard world (G-03) with a number of
 * kingdoms drawn around the usual table (8), from a duel to a crowded world.
 */
import type { Rng } from '../../engine/rng.ts';

export const AK_VARIANT = 'standard';

export function soakGame(rng: Rng, maps?: string[]): { map: string; players: number } {
  const map = maps?.length ? rng.pick(maps) : AK_VARIANT;
  const r = rng.next();
  const players = r < 0.5 ? 8 : r < 0.85 ? rng.int(9, 12) : rng.int(2, 7);
  return { map, players };
}
