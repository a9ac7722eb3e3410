/**
 * The notifier (see api.ts): per user and channel, a mail for every message ('each'), a line in the
 * daily digest ('digest', the default) or nothing ('none'). The channel 'turn' ("your turn" in
 * games of prompts, 'each' by default) is written by games/prompt-notify.ts, which decides who is
 * told (never a player on the game's page, one unanswered notice per game) and uses `modes` and
 * `digestLine`; its digest lines go out in the same daily digest, only for the games still waiting
 * for the user at the batch (one line per game, the latest).
 *
 * notify() runs inside the caller's transaction: an immediate notification is a row of the outbox
 * (sent by the mailer), a digest line a row of notification_queue. Only validated, non-guest
 * accounts are ever mailed.
 *
 * sendDigests() runs at every scheduler tick. The daily batch time is config.digestHour:00 UTC; at
 * each tick the last batch time at or before now (ctx.now()) is computed, and every user with lines
 * queued before that time, and who has not yet been served at or after it, gets one mail with all
 * of them, grouped by game and channel. Lines queued after the batch time wait for the next day, so
 * a user gets at most one digest a day, always at (or just after, if the platform was down) the
 * batch time. Each user is served in one transaction that claims his lines (FOR UPDATE SKIP
 * LOCKED) and writes his mails to the outbox: two processes never send the same digest twice.
 *
 * The gazette is anonymous. A mail sent the moment an article is written would tell its readers
 * when it was written, and the list of lords active at that moment is short: the time of the mail
 * would point at the author. So the gazette never mails at once: its 'each' notices are queued like
 * digest lines and go out in the same daily batch, one mail per article, all at the batch time (and
 * in an order that does not follow the order of writing). Nothing in a gazette mail depends on
 * when, within the day, the article was written.
 *
 * The mode is read when a notice is queued and again at the batch: a user who turns a channel to
 * 'none' in between gets nothing more for it; a gazette line goes out as its own mail if the
 * gazette is on 'each' at the batch, in the digest otherwise.
 */
import { randomInt } from 'node:crypto';
import type { Lang } from '../../engine/ruleset.ts';
import type { Db } from '../db/index.ts';
import { messages, t } from '../http/i18n.ts';
import type { AppCtx } from '../http/server.ts';
import { queueMail } from '../mail/queue.ts';
import { DEFAULT_MODES, type Channel, type Notice, type NotifyApi, type NotifyMode } from './api.ts';

export const CHANNELS: Channel[] = ['forum', 'letters', 'gazette', 'turn', 'reports'];
export const MODES: NotifyMode[] = ['each', 'digest', 'none'];
export const isChannel = (s: unknown): s is Channel => typeof s === 'string' && (CHANNELS as string[]).includes(s);
export const isMode = (s: unknown): s is NotifyMode => typeof s === 'string' && (MODES as string[]).includes(s);

messages({
  'notify.ch.forum': { fr: 'Forum', en: 'Forum' },
  'notify.ch.letters': { fr: 'Lettres scellées', en: 'Sealed letters' },
  'notify.ch.gazette': { fr: 'La Gazette', en: 'The Gazette' },
  'notify.footer': {
    fr: 'Pour choisir quand le Scribe vous écrit (chaque message, un résumé par jour, ou rien) : {url}',
    en: 'To choose when the Scribe writes to you (every message, a daily digest, or nothing): {url}',
  },
  'notify.digest.subject': { fr: 'Suzerain — les nouvelles du jour ({n})', en: 'Suzerain — today’s news ({n})' },
  'notify.digest.intro': { fr: 'Voici ce qui s’est écrit dans vos parties depuis le dernier résumé.', en: 'Here is what was written in your games since the last digest.' },
  'notify.digest.channel': { fr: '{ch} :', en: '{ch}:' },
  'notify.gazette.subject': { fr: '{game} — un nouvel article dans La Gazette', en: '{game} — a new article in The Gazette' },
  'notify.gazette.text': { fr: 'La Gazette de la partie « {game} » a publié :', en: 'The Gazette of the game “{game}” has published:' },
});

interface UserRow { id: number; email: string; lang: string; validated: boolean; is_guest: boolean }

const langOf = (s: unknown): Lang => (s === 'en' ? 'en' : 'fr');

function footer(ctx: AppCtx, lang: Lang): string {
  return `--\n${t(lang, 'notify.footer', { url: `${ctx.config.publicUrl}/account/notifications` })}\n`;
}

async function prefsOf(db: Db, userId: number): Promise<Record<Channel, NotifyMode>> {
  const out: Record<Channel, NotifyMode> = { ...DEFAULT_MODES };
  const rows = await db.query<{ channel: string; mode: string }>('SELECT channel, mode FROM notification_prefs WHERE user_id = $1', [userId]);
  for (const r of rows) if (isChannel(r.channel) && isMode(r.mode)) out[r.channel] = r.mode;
  return out;
}

/** The last batch time at or before `now` (digestHour:00 UTC today, or yesterday if not yet reached). */
export function batchTime(now: Date, digestHour: number): Date {
  const h = Number.isInteger(digestHour) && digestHour >= 0 && digestHour < 24 ? digestHour : 6;
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h));
  if (d.getTime() > now.getTime()) d.setUTCDate(d.getUTCDate() - 1);
  return d;
}

async function notify(ctx: AppCtx, db: Db, n: Notice): Promise<void> {
  const ids = [...new Set(n.userIds.filter((x) => Number.isInteger(x) && x > 0))];
  if (!ids.length) return;
  const users = await db.query<UserRow>('SELECT id, email, lang, validated, is_guest FROM users WHERE id = ANY($1::int[])', [ids]);
  const now = ctx.now();
  for (const u of users) {
    if (!u.validated || u.is_guest || !u.email) continue;
    const mode = (await prefsOf(db, u.id))[n.channel];
    if (mode === 'none') continue;
    const lang = langOf(u.lang);
    if (mode === 'each' && n.channel !== 'gazette') {
      await queueMail(db, {
        to: u.email,
        subject: n.subject[lang],
        text: `${n.text[lang].replace(/\s+$/, '')}\n\n${ctx.config.publicUrl}${n.link}\n\n${footer(ctx, lang)}`,
        replyTo: n.replyTo?.[u.id] ?? null,
      });
    } else {
      // A digest line, or a gazette notice waiting for the daily batch.
      await db.query('INSERT INTO notification_queue(user_id, channel, game_id, line, link, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [u.id, n.channel, n.gameId, n.line[lang], n.link, now]);
    }
  }
}

interface QueueRow { id: number; channel: string; game_id: number | null; game_name: string | null; line: string; link: string }

function shuffle<T>(a: T[]): T[] {
  for (let i = a.length - 1; i > 0; i--) { const j = randomInt(i + 1); [a[i], a[j]] = [a[j]!, a[i]!]; }
  return a;
}

/** Serves one user: claims his lines queued before the batch time and writes his mails. */
async function serveUser(ctx: AppCtx, userId: number, batch: Date, now: Date): Promise<number> {
  return ctx.db.tx(async (db) => {
    // Already served at or after this batch time (another process, or an earlier tick): tomorrow.
    if (await db.one('SELECT 1 FROM notification_queue WHERE user_id = $1 AND sent_at >= $2 LIMIT 1', [userId, batch])) return 0;
    const rows = await db.query<QueueRow>(
      `UPDATE notification_queue q SET sent_at = $3
        WHERE q.id IN (SELECT id FROM notification_queue
                        WHERE user_id = $1 AND sent_at IS NULL AND created_at < $2
                        ORDER BY id FOR UPDATE SKIP LOCKED)
        RETURNING q.id, q.channel, q.game_id, q.line, q.link,
                  (SELECT name FROM games g WHERE g.id = q.game_id) AS game_name`,
      [userId, batch, now]);
    if (!rows.length) return 0;
    const u = await db.one<UserRow>('SELECT id, email, lang, validated, is_guest FROM users WHERE id = $1', [userId]);
    if (!u || !u.validated || u.is_guest || !u.email) return 0;
    const lang = langOf(u.lang);
    const prefs = await prefsOf(db, userId);
    const url = ctx.config.publicUrl;
    let mails = 0;

    // "Your turn" lines tell only of games still waiting for the user (asked, no answer in), one
    // line per game (the latest): a prompt answered since, or resolved by its default, is old news.
    const turnRows = rows.filter((r) => r.channel === 'turn');
    const waiting = turnRows.length ? new Set((await db.query<{ game_id: number }>(
      `SELECT s.game_id FROM seats s JOIN games g ON g.id = s.game_id
        WHERE s.user_id = $1 AND s.status = 'active' AND s.asked AND g.status = 'running'
          AND NOT EXISTS (SELECT 1 FROM sheets h WHERE h.game_id = g.id AND h.player = s.player AND h.step = g.step + 1 AND h.ready)`,
      [userId])).map((r) => Number(r.game_id))) : new Set<number>();
    const latestTurn = new Map<number, number>();
    for (const r of turnRows) {
      const g = Number(r.game_id);
      if (r.game_id !== null && waiting.has(g) && Number(r.id) > (latestTurn.get(g) ?? 0)) latestTurn.set(g, Number(r.id));
    }
    const current = (r: QueueRow) => r.channel !== 'turn' || (r.game_id !== null && latestTurn.get(Number(r.game_id)) === Number(r.id));
    const live = rows.filter((r) => isChannel(r.channel) && prefs[r.channel] !== 'none' && current(r));
    // The gazette on 'each': one mail per article, in an order that says nothing of the writing order.
    const gazetteEach = prefs.gazette === 'each' ? shuffle(live.filter((r) => r.channel === 'gazette')) : [];
    for (const r of gazetteEach) {
      const game = r.game_name ?? '';
      await queueMail(db, {
        to: u.email,
        subject: t(lang, 'notify.gazette.subject', { game }),
        text: `${t(lang, 'notify.gazette.text', { game })}\n\n${r.line}\n\n${url}${r.link}\n\n${footer(ctx, lang)}`,
      });
      mails++;
    }
    const digest = live.filter((r) => !gazetteEach.includes(r));
    if (digest.length) {
      // Grouped by game, then channel; within a group in the order written, except the gazette's
      // lines (sorted by text: never in the order of writing).
      const games = new Map<string, QueueRow[]>();
      for (const r of digest) {
        const k = String(r.game_id ?? 0);
        if (!games.has(k)) games.set(k, []);
        games.get(k)!.push(r);
      }
      const parts: string[] = [t(lang, 'notify.digest.intro'), ''];
      for (const list of games.values()) {
        parts.push(`== ${list[0]!.game_name ?? 'Suzerain'} ==`);
        for (const ch of CHANNELS) {
          let lines = list.filter((r) => r.channel === ch);
          if (!lines.length) continue;
          if (ch === 'gazette') lines = lines.slice().sort((a, b) => a.line.localeCompare(b.line) || a.link.localeCompare(b.link));
          parts.push('', t(lang, 'notify.digest.channel', { ch: t(lang, `notify.ch.${ch}`) }));
          for (const r of lines) parts.push(`  • ${r.line}`, `    ${url}${r.link}`);
        }
        parts.push('');
      }
      parts.push(footer(ctx, lang));
      await queueMail(db, { to: u.email, subject: t(lang, 'notify.digest.subject', { n: digest.length }), text: parts.join('\n') });
      mails++;
    }
    return mails;
  });
}

async function sendDigests(ctx: AppCtx): Promise<number> {
  const now = ctx.now();
  const batch = batchTime(now, ctx.config.digestHour);
  const due = await ctx.db.query<{ user_id: number }>(
    `SELECT DISTINCT user_id FROM notification_queue q
      WHERE sent_at IS NULL AND created_at < $1
        AND NOT EXISTS (SELECT 1 FROM notification_queue s WHERE s.user_id = q.user_id AND s.sent_at >= $1)`, [batch]);
  let mails = 0;
  for (const r of due) mails += await serveUser(ctx, Number(r.user_id), batch, now);
  return mails;
}

async function getPrefs(ctx: AppCtx, userId: number): Promise<Record<Channel, NotifyMode>> {
  return prefsOf(ctx.db, userId);
}

async function setPref(ctx: AppCtx, userId: number, channel: Channel, mode: NotifyMode): Promise<void> {
  if (!isChannel(channel) || !isMode(mode)) throw new Error('invalid notification preference');
  await ctx.db.query(
    `INSERT INTO notification_prefs(user_id, channel, mode) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, channel) DO UPDATE SET mode = EXCLUDED.mode`, [userId, channel, mode]);
}

async function modes(db: Db, userIds: number[], channel: Channel): Promise<Map<number, NotifyMode>> {
  const out = new Map<number, NotifyMode>(userIds.map((id) => [id, DEFAULT_MODES[channel]]));
  if (!userIds.length) return out;
  const rows = await db.query<{ user_id: number; mode: string }>('SELECT user_id, mode FROM notification_prefs WHERE user_id = ANY($1::int[]) AND channel = $2', [userIds, channel]);
  for (const r of rows) if (isMode(r.mode)) out.set(Number(r.user_id), r.mode);
  return out;
}

async function digestLine(ctx: AppCtx, db: Db, l: { userId: number; channel: Channel; gameId: number; line: string; link: string }): Promise<void> {
  await db.query('INSERT INTO notification_queue(user_id, channel, game_id, line, link, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [l.userId, l.channel, l.gameId, l.line, l.link, ctx.now()]);
}

export const notifier: NotifyApi = { notify, sendDigests, getPrefs, setPref, modes, digestLine };
