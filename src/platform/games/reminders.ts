/**
 * Reminders: `reminder_hours` (default 24) before a deadline, a mail to every lord whose sheet for
 * the step in progress is still empty (no orders written, not marked ready). Once per step and
 * deadline: the game's `reminded_step` and `reminded_deadline` (migration 031) are set in the same
 * transaction as the mails are queued, with a row lock, so two server processes never send the same
 * reminder twice. A deadline that moves after its reminder went out (the GM's extension of the step,
 * gm.ts `extendStep`) is owed a reminder of its own, `reminder_hours` before the new deadline (at
 * once if that time has already come): the mail gives the deadline in force.
 */
import type { Lang } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import { escapeHtml } from '../http/html.ts';
import type { AppCtx } from '../http/server.ts';
import { queueMail } from '../mail/queue.ts';
import type { Schedule } from './api.ts';
import { formatDeadline } from './schedule.ts';

/** Not yet reminded for this step and this deadline. */
const OWED = 'NOT (reminded_step = step + 1 AND reminded_deadline IS NOT DISTINCT FROM deadline)';

/** Queues the reminders that are due; returns how many mails were queued. */
export async function sendReminders(ctx: AppCtx): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db.query<{ id: number }>(
    `SELECT id FROM games WHERE status = 'running' AND pace IS NULL AND reminder_hours > 0 AND ${OWED}
       AND deadline > $1 AND deadline - reminder_hours * interval '1 hour' <= $1 ORDER BY deadline`, [now]);
  let sent = 0;
  for (const { id } of due) {
    sent += await ctx.db.tx(async (t) => {
      // Taking the step: a concurrent process waits on the row, then finds it already taken.
      const g = await t.one<{ id: number; name: string; ruleset: string; step: number; deadline: Date; schedule: Schedule }>(
        `UPDATE games SET reminded_step = step + 1, reminded_deadline = deadline WHERE id = $1 AND status = 'running' AND ${OWED}
           AND deadline > $2 AND deadline - reminder_hours * interval '1 hour' <= $2
         RETURNING id, name, ruleset, step, deadline, schedule`, [id, now]);
      if (!g) return 0;
      const lords = await t.query<{ lord_name: string; login: string; email: string; lang: Lang }>(
        `SELECT s.lord_name, u.login, u.email, u.lang FROM seats s JOIN users u ON u.id = s.user_id
         WHERE s.game_id = $1 AND s.status = 'active' AND s.asked AND NOT u.is_guest AND u.email <> ''
           AND NOT EXISTS (SELECT 1 FROM sheets h WHERE h.game_id = s.game_id AND h.player = s.player AND h.step = $2 AND (h.ready OR btrim(h.text) <> ''))
         ORDER BY s.seq`, [g.id, g.step + 1]);
      const title = getRuleset(g.ruleset).ruleset.title;
      for (const l of lords) {
        const lang: Lang = l.lang === 'en' ? 'en' : 'fr';
        const url = `${ctx.config.publicUrl.replace(/\/$/, '')}/games/${g.id}`;
        const when = formatDeadline(g.deadline, g.schedule.timeZone, lang);
        const text = lang === 'fr'
          ? `Bonjour ${l.login},\n\nVotre feuille d’ordres pour ${l.lord_name} dans la partie « ${g.name} » (${title.fr}), tour ${g.step + 1}, est encore vide.\n`
            + `Les ordres sont à rendre avant le ${when} ; sans ordres, votre seigneur ne fera rien ce tour-ci.\n\nVotre feuille d’ordres : ${url}\n`
          : `Hello ${l.login},\n\nYour order sheet for ${l.lord_name} in the game "${g.name}" (${title.en}), turn ${g.step + 1}, is still empty.\n`
            + `Orders are due before ${when}; without orders, your lord does nothing this turn.\n\nYour order sheet: ${url}\n`;
        await queueMail(t, {
          to: l.email,
          subject: lang === 'fr' ? `Rappel — ${g.name} — tour ${g.step + 1}` : `Reminder — ${g.name} — turn ${g.step + 1}`,
          text,
          html: `<p>${escapeHtml(text).replace(/\n/g, '<br>\n')}</p><p><a href="${escapeHtml(url)}">${lang === 'fr' ? 'Écrire mes ordres' : 'Write my orders'}</a></p>`,
        });
      }
      return lords.length;
    });
  }
  return sent;
}
