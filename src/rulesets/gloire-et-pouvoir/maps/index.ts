import type { GameMap, MapTerritory } from './types.ts';
import { scandinavia } from './scandinavia.ts';
import { europe } from './europe.ts';
import { middleEast } from './middle-east.ts';

/** Every map the ruleset knows, by id. */
export const MAPS: Record<string, GameMap> = { scandinavia, europe, 'middle-east': middleEast };

/** The map with this id; throws if there is none. */
export function getMap(id: string): GameMap {
  const map = Object.prototype.hasOwnProperty.call(MAPS, id) ? MAPS[id] : undefined;
  if (!map) throw new Error(`unknown map "${id}"; known: ${Object.keys(MAPS).join(', ')}`);
  return map;
}

export interface MapIndex {
  byId: Map<string, MapTerritory>;
  /** Shortest-path distances (in steps) from `from` to every reachable territory. */
  distances(from: string): Map<string, number>;
}

const indexes = new WeakMap<GameMap, MapIndex>();

/** Lookup table and cached BFS distances for a map (one index per map object). */
export function mapIndex(map: GameMap): MapIndex {
  const cached = indexes.get(map);
  if (cached) return cached;

  const byId = new Map<string, MapTerritory>();
  for (const t of map.territories) byId.set(t.id, t);
  const distanceCache = new Map<string, Map<string, number>>();

  const index: MapIndex = {
    byId,
    distances(from: string): Map<string, number> {
      const hit = distanceCache.get(from);
      if (hit) return hit;
      if (!byId.has(from)) throw new Error(`unknown territory "${from}" on map "${map.id}"`);
      const dist = new Map<string, number>([[from, 0]]);
      const queue: string[] = [from];
      for (let head = 0; head < queue.length; head++) {
        const id = queue[head]!;
        const d = dist.get(id)!;
        for (const next of byId.get(id)?.adjacent ?? []) {
          if (!dist.has(next) && byId.has(next)) {
            dist.set(next, d + 1);
            queue.push(next);
          }
        }
      }
      distanceCache.set(from, dist);
      return dist;
    },
  };
  indexes.set(map, index);
  return index;
}

export type { GameMap, MapTerritory, MapKey } from './types.ts';
