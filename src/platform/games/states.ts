/**
 * Game states read from the database, kept parsed in memory, keyed by their hash: a state never
 * changes without its hash changing (the games service writes both together), so a cached state
 * is always the one in the database — also with several server processes on one database. Every
 * request of the order page and every sheet save reads the hash (a few bytes) instead of the
 * whole state. The cache is bounded (least recently used first out), so a host with many games
 * keeps only the active ones in memory. States are shared: nobody may modify one (rulesets never
 * do; the engine resolves a copy).
 */
import type { Db } from '../db/index.ts';

const MAX = Number(process.env.STATE_CACHE_GAMES ?? '') || 500;
const cache = new Map<number, { hash: string; state: unknown }>();

/** The state of a game whose current hash is `hash` (read from the database on a miss). */
export async function cachedState(db: Db, gameId: number, hash: string | null): Promise<unknown> {
  if (hash) {
    const hit = cache.get(gameId);
    if (hit && hit.hash === hash) {
      cache.delete(gameId);
      cache.set(gameId, hit);
      return hit.state;
    }
  }
  const row = await db.one<{ state: unknown; state_hash: string | null }>('SELECT state, state_hash FROM games WHERE id = $1', [gameId]);
  const state = typeof row?.state === 'string' ? JSON.parse(row.state) as unknown : row?.state ?? null;
  if (row?.state_hash && state !== null) remember(gameId, row.state_hash, state);
  return state;
}

/** Keeps a state the caller holds (just written, or just read with its hash). */
export function remember(gameId: number, hash: string, state: unknown): void {
  cache.delete(gameId);
  cache.set(gameId, { hash, state });
  while (cache.size > MAX) cache.delete(cache.keys().next().value!);
}

/** How many states are held (for the memory benchmark). */
export function cachedCount(): number {
  return cache.size;
}
