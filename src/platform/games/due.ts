/**
 * When a game's step is due (the turn job claims it, service.ts `claim`), as one SQL condition on
 * the game row `g` with `$2` the time now, and the same for one game (`stepDueNow`, which the
 * "your turn" notices ask: prompt-notify.ts). Moved out of service.ts so that prompt-notify.ts,
 * which service.ts imports, reads it without an import cycle.
 */
import type { Db } from '../db/index.ts';
import { GM_ONLY_SQL, GM_WAITS_SQL } from './gm-items.ts';

/**
 * A game is due when its deadline has passed, or (early resolution) when every human lord asked is
 * ready and no judgment item holds the step for its GM (a step that asks only the GM is due as
 * soon as he has ruled; games/gm-items.ts). A game of prompts (pace set) is due as soon as no present player asked has yet to answer
 * (an absent player, whose prompts fell to their default `absent_after` times in a row, is not
 * waited for; a step that asks only bots resolves at once), provided some seat is a person's. A
 * paused game is never due.
 */
const WAITING_FOR = (s: string) => `${s}.game_id = g.id AND ${s}.user_id IS NOT NULL AND ${s}.status = 'active' AND ${s}.asked`;
const NOT_READY = (s: string) => `NOT EXISTS (SELECT 1 FROM sheets h WHERE h.game_id = g.id AND h.player = ${s}.player AND h.step = g.step + 1 AND h.ready)`;
export const DUE_SQL = `(g.paused_at IS NULL AND (g.deadline <= $2
  OR (NOT ${GM_WAITS_SQL} AND (
  (g.early AND g.pace IS NULL
    AND EXISTS (SELECT 1 FROM seats s WHERE ${WAITING_FOR('s')})
    AND NOT EXISTS (SELECT 1 FROM seats s WHERE ${WAITING_FOR('s')} AND ${NOT_READY('s')}))
  OR (g.pace IS NOT NULL
    AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM seats s WHERE ${WAITING_FOR('s')} AND s.missed < g.absent_after AND ${NOT_READY('s')}))
  OR ${GM_ONLY_SQL}))))`;

/** Whether game `gameId`'s step in progress is due at `now` (DUE_SQL), read with `db` (e.g. in the caller's transaction). */
export async function stepDueNow(db: Db, gameId: number, now: Date): Promise<boolean> {
  return !!await db.one(`SELECT 1 AS x FROM games g WHERE g.id = $1 AND g.status = 'running' AND ${DUE_SQL}`, [gameId, now]);
}
