/**
 * Telling players of games of prompts that a prompt waits for them (issue 14: "told when it is my
 * turn"). Called in the resolution transaction of a game of prompts, once the new step is written
 * (service.ts, resolveIn), and in a free action's transaction when the action opened new prompts
 * (prompts.ts): `prompts` are the open prompts to tell, `answered` the (player/decision) pairs
 * already answered by standing answers.
 *
 * Every human seat (active, an account that is not a guest, with a validated address) asked by one
 * of these prompts and that has not answered it is told by the mode of his notification channel
 * `turn` (notify/service.ts; 'each' unless he chose otherwise):
 *  - 'each': a mail now (queued in the same transaction: it leaves only if the step is written);
 *  - 'digest': a line of his next daily digest;
 *  - 'none': nothing.
 * Never for a step that is due already (its deadline past, or nobody present left to answer:
 * it resolves at once, see below), never while he is on the game's page (a live stream, table `presence`: he sees the prompt
 * there), and at most one "your turn" notice per game until he acts (answers a prompt or takes a
 * free action after it was sent): a live game asks many small questions, and a mail per prompt
 * would bury him. Each notice sent is a row of `turn_notices` (migration 017), keyed by the
 * prompts' asking time (games.asked_at), kind 'turn'. The reminders (prompt-reminders.ts) use the
 * same table.
 */
import type { Decision, Lang } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import type { Db } from '../db/index.ts';
import { escapeHtml } from '../http/html.ts';
import { t } from '../http/i18n.ts';
import type { AppCtx } from '../http/server.ts';
import { PRESENCE_TTL_MS } from '../live/presence.ts';
import { queueMail } from '../mail/queue.ts';
import { notifier } from '../notify/service.ts';
import type { OpenPrompt } from './pace.ts';
import { formatDeadline } from './schedule.ts';
import { stepDueNow } from './due.ts';
import type { GameRow } from './service.ts';

/** A seat of a game with the account that plays it, as the notices need it. */
export interface TurnSeat { player: string; lord_name: string; user_id: number; login: string; email: string; lang: string }

const langOf = (s: unknown): Lang => (s === 'en' ? 'en' : 'fr');

/** The game's prompt page. */
export const playPath = (gameId: number): string => `/games/${gameId}/play`;

/** Of `userIds`, those online on the game's page now (a live stream seen within the presence TTL). */
export async function onlineAmong(ctx: AppCtx, db: Db, gameId: number, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const since = new Date(ctx.now().getTime() - PRESENCE_TTL_MS);
  const rows = await db.query<{ user_id: number }>(
    'SELECT DISTINCT user_id FROM presence WHERE game_id = $1 AND seen_at >= $2 AND user_id = ANY($3::int[])', [gameId, since, userIds]);
  return new Set(rows.map((r) => Number(r.user_id)));
}

/**
 * Of `userIds`, those holding a "your turn" notice for the game that they have not acted on since:
 * no answer typed (a ready sheet that is not a standing answer) and no free action taken after it.
 */
async function unansweredNotice(db: Db, gameId: number, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db.query<{ user_id: number }>(
    `SELECT n.user_id FROM (SELECT DISTINCT ON (user_id) user_id, player, step, sent_at FROM turn_notices
                             WHERE game_id = $1 AND kind = 'turn' AND user_id = ANY($2::int[]) ORDER BY user_id, sent_at DESC) n
      WHERE NOT EXISTS (SELECT 1 FROM sheets h WHERE h.game_id = $1 AND h.player = n.player AND h.ready AND NOT h.auto AND h.updated_at >= n.sent_at)
        AND NOT EXISTS (SELECT 1 FROM steps st WHERE st.game_id = $1 AND st.idx > n.step AND st.action IS NOT NULL
                          AND st.action->>'player' = n.player AND st.resolved_at >= n.sent_at)`, [gameId, userIds]);
  return new Set(rows.map((r) => Number(r.user_id)));
}

/** The prompts' texts for a player in his language, from the game's current state (read with `db`). */
export function promptTexts(decisions: Decision[], prompts: OpenPrompt[], player: string, lang: Lang): string[] {
  return prompts.map((p) => decisions.find((d) => d.id === p.id && d.players.includes(player))?.prompt[lang] ?? p.id);
}

/** The decisions open in a game's current state (as written in `db`, e.g. by the caller's transaction). */
export async function currentDecisions(db: Db, g: { id: number; ruleset: string }): Promise<Decision[]> {
  const row = await db.one<{ state: unknown }>('SELECT state FROM games WHERE id = $1', [g.id]);
  const state = typeof row?.state === 'string' ? JSON.parse(row.state) as unknown : row?.state ?? null;
  return state === null ? [] : getRuleset(g.ruleset).ruleset.decisions(state);
}

/**
 * A "your turn" mail (or a reminder): the greeting, the sentence that introduces the prompts, the
 * prompts, what follows (deadline…), the link to the prompt page; text and HTML parts.
 */
export function turnMail(ctx: AppCtx, lang: Lang, m: { login: string; intro: string; prompts: string[]; after: string[]; url: string }): { text: string; html: string } {
  const footer = t(lang, 'notify.footer', { url: `${ctx.config.publicUrl}/account/notifications` });
  const hello = t(lang, 'turn.hello', { login: m.login });
  const text = `${hello}\n\n${m.intro}\n\n${m.prompts.map((p) => `  • ${p}`).join('\n')}\n\n${m.after.map((p) => `${p}\n\n`).join('')}`
    + `${t(lang, 'turn.go', { url: m.url })}\n\n--\n${footer}\n`;
  const html = `<p>${escapeHtml(hello)}</p>\n<p>${escapeHtml(m.intro)}</p>\n<ul>${m.prompts.map((p) => `<li><strong>${escapeHtml(p)}</strong></li>`).join('')}</ul>\n`
    + m.after.map((p) => `<p>${escapeHtml(p)}</p>\n`).join('')
    + `<p><a href="${escapeHtml(m.url)}">${escapeHtml(t(lang, 'home.turn.play'))}</a></p>\n<p style="color: #666">${escapeHtml(footer)}</p>`;
  return { text, html };
}

export async function promptsOpened(ctx: AppCtx, db: Db, g: GameRow, step: number, prompts: OpenPrompt[], deadline: Date | null, answered: Set<string>): Promise<void> {
  const askedPlayers = [...new Set(prompts.flatMap((p) => p.players))];
  if (!askedPlayers.length) return;
  const seats = await db.query<TurnSeat>(
    `SELECT s.player, s.lord_name, u.id AS user_id, u.login, u.email, u.lang FROM seats s JOIN users u ON u.id = s.user_id
      WHERE s.game_id = $1 AND s.player = ANY($2::text[]) AND s.status = 'active' AND u.validated AND NOT u.is_guest AND u.email <> ''
      ORDER BY s.seq`, [g.id, askedPlayers]);
  if (!seats.length) return;
  const game = await db.one<{ asked_at: Date | null; step: number }>('SELECT asked_at, step FROM games WHERE id = $1', [g.id]);
  const askedAt = game?.asked_at ?? ctx.now();
  // Answers already in for the step now open (standing answers, answers carried over a free action).
  const ready = await db.query<{ player: string; decision: string }>('SELECT player, decision FROM sheets WHERE game_id = $1 AND step = $2 AND ready', [g.id, Number(game?.step ?? step) + 1]);
  const done = new Set([...answered, ...ready.map((r) => `${r.player}/${r.decision}`)]);
  const waiting = new Map<string, OpenPrompt[]>();
  for (const s of seats) {
    const own = prompts.filter((p) => p.players.includes(s.player) && !done.has(`${s.player}/${p.id}`));
    if (own.length) waiting.set(s.player, own);
  }
  const told = seats.filter((s) => waiting.has(s.player)).map((s) => ({ ...s, user_id: Number(s.user_id) }));
  if (!told.length) return;
  // A step due already (due.ts: its deadline past, or no present player left to answer — the others
  // answered, by hand or by standing answers, and those still asked are absent, their defaults
  // applying at once) resolves on the turn job's next pass: a "your turn" now would ask for an answer
  // the step no longer waits for, about a prompt gone by the time it is read. The prompts of the
  // step after it are told in their turn.
  if (await stepDueNow(db, g.id, ctx.now())) return;
  const ids = told.map((s) => s.user_id);
  const modes = await notifier.modes(db, ids, 'turn');
  const online = await onlineAmong(ctx, db, g.id, ids);
  const pending = await unansweredNotice(db, g.id, ids);
  const now = ctx.now();
  let decisions: Decision[] | null = null;
  for (const s of told) {
    const mode = modes.get(s.user_id) ?? 'each';
    if (mode === 'none' || online.has(s.user_id) || pending.has(s.user_id)) continue;
    const row = await db.one(
      `INSERT INTO turn_notices(game_id, player, kind, asked_at, user_id, step, sent_at) VALUES ($1, $2, 'turn', $3, $4, $5, $6)
       ON CONFLICT DO NOTHING RETURNING 1`, [g.id, s.player, askedAt, s.user_id, Number(game?.step ?? step), now]);
    if (!row) continue;
    decisions ??= await currentDecisions(db, g);
    const lang = langOf(s.lang);
    const texts = promptTexts(decisions, waiting.get(s.player)!, s.player, lang);
    const when = deadline ? formatDeadline(deadline, g.schedule.timeZone, lang) : null;
    if (mode === 'digest') {
      const line = t(lang, 'turn.line', { lord: s.lord_name, prompt: texts.join(' / ') });
      await notifier.digestLine(ctx, db, { userId: s.user_id, channel: 'turn', gameId: g.id, line: when ? t(lang, 'turn.line-before', { line, when }) : line, link: playPath(g.id) });
      continue;
    }
    const url = `${ctx.config.publicUrl.replace(/\/$/, '')}${playPath(g.id)}`;
    const m = turnMail(ctx, lang, {
      login: s.login, intro: t(lang, 'turn.waits', { game: g.name, lord: s.lord_name }), prompts: texts, url,
      after: [when ? t(lang, 'turn.before', { when }) : t(lang, 'turn.no-deadline'), t(lang, 'turn.once')],
    });
    await queueMail(db, { to: s.email, subject: t(lang, 'turn.subject', { game: g.name }), text: m.text, html: m.html });
  }
}
