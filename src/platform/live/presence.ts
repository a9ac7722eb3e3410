/**
 * Presence: a signed-in player is "online on a game" while he holds a live stream on it
 * (live/routes.ts), in any server process. The notification code asks `onlineOn` before mailing a
 * prompt of a live game (issue 14: never a mail per prompt while he is on the page).
 *
 * One row per user, game and process (table `presence`, migration 016); several tabs of one user
 * in one process share the row (counted here), so closing one tab keeps him online.
 */
import type { AppCtx } from '../http/server.ts';

/** A row seen longer ago than this no longer counts (a process that died without cleaning up). */
export const PRESENCE_TTL_MS = 60_000;

/** Open streams per user and game in this process. */
const held = new Map<string, number>();

/** A stream opens: the row is written (or refreshed). */
export async function enter(ctx: AppCtx, userId: number, gameId: number): Promise<void> {
  const key = `${userId}:${gameId}:${ctx.instanceId}`;
  held.set(key, (held.get(key) ?? 0) + 1);
  await touch(ctx, userId, gameId);
}

/** A heartbeat: the row's seen_at moves to now. */
export async function touch(ctx: AppCtx, userId: number, gameId: number): Promise<void> {
  await ctx.db.query(
    `INSERT INTO presence(user_id, game_id, instance, seen_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, game_id, instance) DO UPDATE SET seen_at = EXCLUDED.seen_at`,
    [userId, gameId, ctx.instanceId, ctx.now()]);
}

/** A stream closes: the row goes when the user's last stream on the game in this process closes. */
export async function leave(ctx: AppCtx, userId: number, gameId: number): Promise<void> {
  const key = `${userId}:${gameId}:${ctx.instanceId}`;
  const n = (held.get(key) ?? 1) - 1;
  if (n > 0) { held.set(key, n); return; }
  held.delete(key);
  await ctx.db.query('DELETE FROM presence WHERE user_id = $1 AND game_id = $2 AND instance = $3', [userId, gameId, ctx.instanceId]);
}

/** The users online on the game's live page now (seen within PRESENCE_TTL_MS), among `userIds` if given. */
export async function onlineOn(ctx: AppCtx, gameId: number, userIds?: number[]): Promise<Set<number>> {
  if (userIds && userIds.length === 0) return new Set();
  const since = new Date(ctx.now().getTime() - PRESENCE_TTL_MS);
  const rows = userIds
    ? await ctx.db.query<{ user_id: number }>('SELECT DISTINCT user_id FROM presence WHERE game_id = $1 AND seen_at >= $2 AND user_id = ANY($3::int[])', [gameId, since, userIds])
    : await ctx.db.query<{ user_id: number }>('SELECT DISTINCT user_id FROM presence WHERE game_id = $1 AND seen_at >= $2', [gameId, since]);
  return new Set(rows.map((r) => Number(r.user_id)));
}
