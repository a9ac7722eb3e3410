/**
 * Who may read and write a game's channels. Lords (players holding an active or abdicated seat)
 * read everything of their game's forum and gazette and write while their seat is active; letters
 * are read by their participants only. Once a game is over, its forum and gazette are public (the
 * archive, games/archive-page.ts), unless its host kept a private game private; letters never are.
 * The game's host (its creator) and the site's host moderate.
 */
import type { AppCtx } from '../http/server.ts';

export interface Member { gameId: number; player: string; lordName: string; active: boolean }

export interface GameAccess {
  gameId: number;
  name: string;
  status: 'forming' | 'running' | 'finished';
  isPrivate: boolean;
  /** Over, and public: not a private game its host kept private (migration 025). */
  archived: boolean;
  /** The viewer's seat in the game, if any. */
  member: Member | null;
  /** The viewer moderates this game (game host or site host). */
  host: boolean;
}

export async function gameAccess(ctx: AppCtx, gameId: number, user: { id: number; isHost: boolean } | null): Promise<GameAccess | null> {
  if (!Number.isInteger(gameId) || gameId <= 0) return null;
  const g = await ctx.db.one('SELECT id, name, status, is_private, keep_private, host_user_id FROM games WHERE id = $1', [gameId]);
  if (!g) return null;
  let member: Member | null = null;
  if (user) {
    const s = await ctx.db.one(`SELECT player, lord_name, status FROM seats WHERE game_id = $1 AND user_id = $2 AND status <> 'open'`, [gameId, user.id]);
    if (s) member = { gameId, player: s.player, lordName: s.lord_name, active: s.status === 'active' && g.status !== 'finished' };
  }
  return {
    gameId, name: g.name, status: g.status, isPrivate: g.is_private, member,
    archived: g.status === 'finished' && !(g.is_private && g.keep_private),
    host: !!user && (user.isHost || g.host_user_id === user.id),
  };
}

/** Forum and gazette: the lords of the game, its host, and everyone once the game is archived. */
export function canReadPublicChannels(a: GameAccess): boolean {
  return a.member !== null || a.host || a.archived;
}

/** Writing in the forum and the gazette, and sending letters: lords whose seat is active. */
export function canWrite(a: GameAccess): boolean {
  return a.member !== null && a.member.active && a.status === 'running';
}
