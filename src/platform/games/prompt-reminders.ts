/**
 * Reminders of games of prompts (issue 14: "a reminder at half-time and before the default
 * applies"). Weekly games of order sheets keep theirs (reminders.ts, which skips games with a pace).
 *
 * For the prompts asked at `asked_at` with a deadline, two reminders to each player still awaited:
 *  - 'half' at half-time: asked_at + (deadline − asked_at) / 2;
 *  - 'last' shortly before the default applies: in the last tenth of the time or the last hour,
 *    whichever is shorter. A scheduler that was down past both sends only the last one.
 * Awaited: an active seat asked something, with no ready answer for the step, not absent
 * (`missed < absent_after`: his prompts resolve at once anyway), not on vacation, an account that
 * is not a guest with a validated address, not on the game's page now (presence), and whose mode
 * for the channel `turn` is not 'none' (a digest reader is reminded by mail too: a reminder that
 * came the next morning would come too late). Paused games are skipped (their deadline is frozen).
 *
 * Each reminder goes once per game, player, kind and asking time, even with two server processes:
 * a row of `turn_notices` (migration 017) inserted ON CONFLICT DO NOTHING in the same transaction
 * as its mail; the second process finds the row and queues nothing.
 *
 * The last reminder follows the deadline in force (migration 031: the row keeps the deadline it was
 * sent for). When the deadline moves after it went out (the player's own extension, prompts.ts
 * `extendDeadline`; the GM's extension of the step, gm.ts `extendStep`; a resumed pause; a vacation),
 * the last reminder is owed again for the new deadline and comes at its own time (reminderTimes of
 * the new deadline; at once if that time has already come): the row is updated to the new deadline
 * with its mail, under the same primary key, so the second process still queues nothing. The
 * half-time reminder goes once per asking: an extension does not send it again ("a question waits
 * for you" was said; what changed is when the default applies, which the last reminder tells). A
 * deadline that did not move owes nothing more.
 */
import type { Decision, Lang } from '../../engine/ruleset.ts';
import { t } from '../http/i18n.ts';
import type { AppCtx } from '../http/server.ts';
import { PRESENCE_TTL_MS } from '../live/presence.ts';
import { queueMail } from '../mail/queue.ts';
import type { Schedule } from './api.ts';
import { currentDecisions, playPath, promptTexts, turnMail } from './prompt-notify.ts';
import { formatDeadline } from './schedule.ts';

/** The last reminder comes in the last tenth of the time… */
export const LAST_FRACTION = 10;
/** …or the last hour, whichever is shorter. */
export const LAST_MAX_MINUTES = 60;

export type ReminderKind = 'half' | 'last';

/** When each reminder is due, for prompts asked at `askedAt` with this deadline. */
export function reminderTimes(askedAt: Date, deadline: Date): { half: Date; last: Date } {
  const span = Math.max(0, deadline.getTime() - askedAt.getTime());
  return {
    half: new Date(askedAt.getTime() + span / 2),
    last: new Date(deadline.getTime() - Math.min(span / LAST_FRACTION, LAST_MAX_MINUTES * 60_000)),
  };
}

interface Due {
  game_id: number; name: string; ruleset: string; step: number; asked_at: Date; deadline: Date; schedule: Schedule; kind: ReminderKind;
  player: string; lord_name: string; user_id: number; login: string; email: string; lang: string;
}

/** Queues the reminders that are due; returns how many mails were queued. */
export async function sendPromptReminders(ctx: AppCtx): Promise<number> {
  const now = ctx.now();
  const since = new Date(now.getTime() - PRESENCE_TTL_MS);
  // The kind due now (the SQL twin of reminderTimes), then every player it is owed to.
  const kind = `CASE WHEN $1::timestamptz >= g.deadline - LEAST((g.deadline - g.asked_at) / ${LAST_FRACTION}, interval '${LAST_MAX_MINUTES} minutes') THEN 'last' ELSE 'half' END`;
  const due = await ctx.db.query<Due>(
    `SELECT * FROM (
       SELECT g.id AS game_id, g.name, g.ruleset, g.step, g.asked_at, g.deadline, g.schedule, ${kind} AS kind,
              s.player, s.lord_name, u.id AS user_id, u.login, u.email, u.lang
         FROM games g JOIN seats s ON s.game_id = g.id JOIN users u ON u.id = s.user_id
        WHERE g.status = 'running' AND g.pace IS NOT NULL AND g.paused_at IS NULL AND g.asked_at IS NOT NULL
          AND g.deadline > $1 AND g.asked_at + (g.deadline - g.asked_at) / 2 <= $1
          AND s.status = 'active' AND s.asked AND s.missed < g.absent_after
          AND u.validated AND NOT u.is_guest AND u.email <> '' AND (u.vacation_until IS NULL OR u.vacation_until <= $1)
          AND NOT EXISTS (SELECT 1 FROM sheets h WHERE h.game_id = g.id AND h.player = s.player AND h.step = g.step + 1 AND h.ready)
          AND NOT EXISTS (SELECT 1 FROM presence p WHERE p.game_id = g.id AND p.user_id = u.id AND p.seen_at >= $2)
          AND COALESCE((SELECT np.mode FROM notification_prefs np WHERE np.user_id = u.id AND np.channel = 'turn'), 'each') <> 'none'
     ) d
     WHERE NOT EXISTS (SELECT 1 FROM turn_notices n WHERE n.game_id = d.game_id AND n.player = d.player AND n.asked_at = d.asked_at AND n.kind = d.kind
                         AND (d.kind = 'half' OR n.deadline IS NOT DISTINCT FROM d.deadline))
     ORDER BY d.deadline, d.game_id, d.player`, [now, since]);
  let sent = 0;
  const decisions = new Map<number, Decision[]>();
  for (const r of due) {
    const gameId = Number(r.game_id);
    if (!decisions.has(gameId)) decisions.set(gameId, await currentDecisions(ctx.db, { id: gameId, ruleset: r.ruleset }));
    sent += await ctx.db.tx(async (db) => {
      // Still the same prompts, deadline and seat? (an answer, a resolution, a pause or an extension since the query: nothing)
      const still = await db.one(
        `SELECT 1 FROM games g JOIN seats s ON s.game_id = g.id AND s.player = $2
          WHERE g.id = $1 AND g.status = 'running' AND g.paused_at IS NULL AND g.asked_at = $3 AND g.deadline > $4 AND s.user_id = $5 AND s.asked
            AND g.deadline = $6
            AND NOT EXISTS (SELECT 1 FROM sheets h WHERE h.game_id = g.id AND h.player = s.player AND h.step = g.step + 1 AND h.ready)`,
        [gameId, r.player, r.asked_at, now, r.user_id, r.deadline]);
      if (!still) return 0;
      // A last reminder sent for an earlier deadline gives way to this one (the row takes the new deadline).
      const row = await db.one(
        `INSERT INTO turn_notices(game_id, player, kind, asked_at, user_id, step, sent_at, deadline) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (game_id, player, kind, asked_at) DO UPDATE SET deadline = EXCLUDED.deadline, user_id = EXCLUDED.user_id, step = EXCLUDED.step, sent_at = EXCLUDED.sent_at
           WHERE turn_notices.kind = 'last' AND turn_notices.deadline IS DISTINCT FROM EXCLUDED.deadline
         RETURNING 1`, [gameId, r.player, r.kind, r.asked_at, r.user_id, r.step, now, r.deadline]);
      if (!row) return 0; // another process sent it
      const lang: Lang = r.lang === 'en' ? 'en' : 'fr';
      const mine = (decisions.get(gameId) ?? []).filter((d) => d.players.includes(r.player));
      const texts = promptTexts(mine, mine.map((d) => ({ id: d.id, players: d.players, minutes: null })), r.player, lang);
      const url = `${ctx.config.publicUrl.replace(/\/$/, '')}${playPath(gameId)}`;
      const m = turnMail(ctx, lang, {
        login: r.login, intro: t(lang, `remind.${r.kind}.text`, { game: r.name, lord: r.lord_name }), prompts: texts, url,
        after: [t(lang, 'turn.before', { when: formatDeadline(r.deadline, r.schedule.timeZone, lang) })],
      });
      await queueMail(db, { to: r.email, subject: t(lang, `remind.${r.kind}.subject`, { game: r.name }), text: m.text, html: m.html });
      return 1;
    });
  }
  return sent;
}
