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

/** At most this many states, and at most this many megabytes of them (counted as JSON text). */
const MAX = Number(process.env.STATE_CACHE_GAMES ?? '') || 500;
const MAX_BYTES = (Number(process.env.STATE_CACHE_MB ?? '') || 32) * 1024 * 1024;
const cache = new Map<number, { hash: string; state: unknown; bytes: number }>();
let bytes = 0;

/** The state of a game whose current hash is `hash` (read from the database on a miss). */
export async function cachedState(db: Db, gameId: number, hash: string | null): Promise<unknown> {
  if (hash) {
    const hit = cache.get(gameId);
    if (hit && hit.hash === hash) {
      cache.delete(gameId); // most recently used goes last
      cache.set(gameId, hit);
      return hit.state;
    }
  }
  const row = await db.one<{ state: unknown; state_hash: string | null; size: number }>('SELECT state, state_hash, octet_length(state::text) AS size FROM games WHERE id = $1', [gameId]);
  const state = typeof row?.state === 'string' ? JSON.parse(row.state) as unknown : row?.state ?? null;
  if (row?.state_hash && state !== null) remember(gameId, row.state_hash, state, Number(row.size));
  return state;
}

/** Keeps a state the caller holds (just written, or just read with its hash). */
export function remember(gameId: number, hash: string, state: unknown, size?: number): void {
  forget(gameId);
  const b = size ?? JSON.stringify(state).length;
  if (b > MAX_BYTES) return;
  cache.set(gameId, { hash, state, bytes: b });
  bytes += b;
  while (cache.size > MAX || bytes > MAX_BYTES) forget(cache.keys().next().value!);
}

function forget(gameId: number): void {
  const e = cache.get(gameId);
  if (!e) return;
  bytes -= e.bytes;
  cache.delete(gameId);
}
