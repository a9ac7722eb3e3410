/**
 * The soak runner's mix of Gloire & Pouvoir games: every map, and lord counts around each map's
 * usual size (Scandinavia 10 and fewer, Middle East 20, Europe 30 and up to 100), a few small
 * games on the big maps too.
 */
import type { Rng } from '../../engine/rng.ts';
import { getMap, MAPS } from './maps/index.ts';

export function soakGame(rng: Rng, maps?: string[]): { map: string; players: number } {
  const choices = maps?.length ? maps : Object.keys(MAPS).sort();
  const map = getMap(rng.pick(choices));
  const most = map.starts.length;
  const usual = map.defaultPlayers;
  const r = rng.next();
  let players: number;
  if (r < 0.5) players = usual; // the map's own size
  else if (r < 0.85) players = usual < most ? rng.int(usual + 1, most) : rng.int(Math.max(2, usual - 4), usual); // more lords (fewer on a full map)
  else players = rng.int(2, usual - 1); // a small game
  return { map: map.id, players };
}
