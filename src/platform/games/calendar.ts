/**
 * Calendar feeds (issue 18, "Calendar feeds"): iCalendar documents of deadlines, written with
 * ical-generator.
 *
 * - A player's private feed, `/calendar/<token>.ics`: for each running game where his seat is
 *   active, the deadline of the step in progress. A weekly game of order sheets: the turn's deadline,
 *   with an alarm at the reminder time the site uses (`reminder_hours` before, reminders.ts). A game
 *   of prompts: the deadline of the prompts waiting for him (asked, not yet answered), with the two
 *   reminders the site mails (half-time and the last one, prompt-reminders.ts `reminderTimes`); nothing
 *   when none waits for him, when he is absent or when the game is paused. Only his own prompts'
 *   texts: another player's prompts never reach his feed.
 * - A game's public feed, `/games/<id>/calendar.ics`, when its host publishes it (on by default for
 *   a public game, off for a private one): the step's deadline, no prompt text, no player.
 *
 * Time: each start is written in the game's time zone (`DTSTART;TZID=Europe/Paris:…`) with a
 * VTIMEZONE built from the same Intl time-zone data the deadlines are computed with (schedule.ts),
 * covering the years around the events; so Google, Apple and Thunderbird show the game's local time
 * and convert it right across a daylight-saving change. A local time that occurs twice (clocks going
 * back), which a TZID cannot tell apart, is written in UTC instead.
 *
 * Identity: a UID per game and step (per asking of prompts in a game of prompts, since a free action
 * makes a step without asking anything new: the same key as the reminders' `turn_notices`), per
 * player in the private feeds. Table `calendar_events` (migration 020) keeps the start each UID was
 * shown with: when the deadline moves (an extension, a pause, a vacation), SEQUENCE goes up and DTSTAMP
 * is the time of the move, so a subscribed calendar updates the event instead of adding one. A game
 * that ends, or a step that resolves, drops its event from the feed.
 */
import { ICalAlarmType, ICalCalendar, ICalEventTransparency } from 'ical-generator';
import type { Decision, Lang } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import type { Db } from '../db/index.ts';
import { messages, t } from '../http/i18n.ts';
import { newToken, type AppCtx } from '../http/server.ts';
import { reminderTimes } from './prompt-reminders.ts';
import { localParts, zonedTime, zoneOffset, type Schedule } from './schedule.ts';

/** How often a calendar should fetch a feed again (REFRESH-INTERVAL / X-PUBLISHED-TTL), seconds. */
export const FEED_TTL_SECONDS = 3600;
/** Rows of `calendar_events` whose start is older than this are pruned (their step is long over). */
const EVENT_ROWS_KEPT_DAYS = 30;
/** The private feed's token: 32 random bytes, base64url. */
export const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

// ───────────────────────────────────────────────────────────── tokens

/** The user's private feed token, or null when he has none (never created, or turned off). */
export async function feedToken(db: Db, userId: number): Promise<string | null> {
  const r = await db.one<{ token: string }>('SELECT token FROM calendar_feeds WHERE user_id = $1', [userId]);
  return r?.token ?? null;
}

/** A new secret for the user's private feed (the old URL, if any, stops working at once). */
export async function renewFeedToken(ctx: AppCtx, userId: number): Promise<string> {
  const token = newToken(32);
  await ctx.db.query(
    `INSERT INTO calendar_feeds(user_id, token, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET token = EXCLUDED.token, created_at = EXCLUDED.created_at`, [userId, token, ctx.now()]);
  return token;
}

/** Turns the user's private feed off (its URL answers 404). */
export async function revokeFeedToken(db: Db, userId: number): Promise<void> {
  await db.query('DELETE FROM calendar_feeds WHERE user_id = $1', [userId]);
}

/** The user a private feed token belongs to (null: no such token, or not one of ours). */
export async function feedOwner(db: Db, token: string): Promise<{ id: number; login: string; lang: Lang } | null> {
  if (!TOKEN_RE.test(token)) return null;
  const r = await db.one<{ id: number; login: string; lang: string }>(
    'SELECT u.id, u.login, u.lang FROM calendar_feeds f JOIN users u ON u.id = f.user_id WHERE f.token = $1', [token]);
  return r ? { id: Number(r.id), login: r.login, lang: r.lang === 'en' ? 'en' : 'fr' } : null;
}

/** Whether a game's public feed is published: the host's choice, or on for a public game and off for a private one. */
export const publishedSql = 'COALESCE(g.public_calendar, NOT g.is_private)';

export async function publicFeedOn(db: Db, gameId: number): Promise<boolean> {
  const r = await db.one<{ on: boolean }>(`SELECT ${publishedSql} AS on FROM games g WHERE g.id = $1`, [gameId]);
  return !!r?.on;
}

export async function setPublicFeed(db: Db, gameId: number, on: boolean): Promise<void> {
  await db.query('UPDATE games SET public_calendar = $2 WHERE id = $1', [gameId, on]);
}

// ───────────────────────────────────────────────────────────── events

/** One deadline as a feed shows it. */
export interface FeedEvent {
  uid: string; gameId: number; start: Date; timeZone: string;
  summary: string; description: string; url: string;
  /** Alarms, in seconds before the start (the site's reminder times). */
  alarms: number[];
}

messages({
  'cal.feed.orders': { fr: '{game} — ordres du {step}', en: '{game} — orders for {step}' },
  'cal.feed.orders-text': {
    fr: 'Échéance des ordres du {step} dans la partie « {game} » ({title}). Votre feuille d’ordres : {url}',
    en: 'Deadline of the orders for {step} in the game "{game}" ({title}). Your order sheet: {url}',
  },
  'cal.feed.prompts': { fr: '{game} — à vous de répondre', en: '{game} — your answer is awaited' },
  'cal.feed.prompts-text': {
    fr: 'Dans la partie « {game} » ({title}), avant l’échéance, sinon la réponse par défaut s’applique :\n{prompts}\nVotre page de jeu : {url}',
    en: 'In the game "{game}" ({title}), before the deadline, or the default answer applies:\n{prompts}\nYour game page: {url}',
  },
  'cal.feed.deadline': { fr: '{game} — échéance du {step}', en: '{game} — deadline of {step}' },
  'cal.feed.deadline-text': { fr: 'Échéance du {step} dans la partie « {game} » ({title}) : {url}', en: 'Deadline of {step} in the game "{game}" ({title}): {url}' },
  'cal.feed.step': { fr: 'tour {n}', en: 'turn {n}' },
  'cal.feed.mine': { fr: 'Suzerain — mes échéances ({login})', en: 'Suzerain — my deadlines ({login})' },
  'cal.feed.game': { fr: 'Suzerain — {game}', en: 'Suzerain — {game}' },
});

interface GameRowLite {
  id: number; name: string; ruleset: string; step: number; turn_label: string; deadline: Date; schedule: Schedule | string;
  pace: string | null; asked_at: Date | null; reminder_hours: number; state: unknown;
}

const scheduleOf = (s: Schedule | string): Schedule => (typeof s === 'string' ? JSON.parse(s) as Schedule : s);
const stateOf = (s: unknown): unknown => (typeof s === 'string' ? JSON.parse(s) as unknown : s);

function stepName(g: GameRowLite, lang: Lang): string {
  const rs = getRuleset(g.ruleset).ruleset;
  const label = g.turn_label ? (rs.localizeLabel?.(g.turn_label, lang) ?? g.turn_label) : '';
  return label || t(lang, 'cal.feed.step', { n: g.step + 1 });
}

function hostOf(ctx: AppCtx): string {
  try { return new URL(ctx.config.publicUrl).hostname || 'suzerain.localhost'; } catch { return 'suzerain.localhost'; }
}

/** The key of the step in progress in UIDs: the step for a weekly game, the asking of its prompts for a game of prompts. */
function stepKey(g: GameRowLite): string {
  return g.pace && g.asked_at ? `a${new Date(g.asked_at).getTime().toString(36)}` : `s${g.step + 1}`;
}

const GAME_COLUMNS = 'g.id, g.name, g.ruleset, g.step, g.turn_label, g.deadline, g.schedule, g.pace, g.asked_at, g.reminder_hours';

/** The events of a player's private feed (see the module comment). */
export async function privateEvents(ctx: AppCtx, userId: number, lang: Lang): Promise<FeedEvent[]> {
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  const host = hostOf(ctx);
  const rows = await ctx.db.query<GameRowLite & { player: string; missed: number; absent_after: number }>(
    `SELECT ${GAME_COLUMNS}, g.state, g.absent_after, s.player, s.missed FROM seats s JOIN games g ON g.id = s.game_id
      WHERE s.user_id = $1 AND s.status = 'active' AND s.asked AND g.status = 'running' AND g.deadline IS NOT NULL AND g.paused_at IS NULL
      ORDER BY g.deadline, g.id`, [userId]);
  const out: FeedEvent[] = [];
  for (const g of rows) {
    const tz = scheduleOf(g.schedule).timeZone;
    const rs = getRuleset(g.ruleset).ruleset;
    const title = rs.title[lang];
    const step = stepName(g, lang);
    const uid = `g${g.id}-${stepKey(g)}-${encodeURIComponent(g.player)}@${host}`;
    if (!g.pace) {
      const url = `${base}/games/${g.id}/orders`;
      out.push({
        uid, gameId: g.id, start: g.deadline, timeZone: tz, url,
        summary: t(lang, 'cal.feed.orders', { game: g.name, step }), description: t(lang, 'cal.feed.orders-text', { game: g.name, step, title, url }),
        alarms: g.reminder_hours > 0 ? [g.reminder_hours * 3600] : [],
      });
      continue;
    }
    // A game of prompts: his own prompts not yet answered (an absent player's resolve at once: no deadline).
    if (g.missed >= g.absent_after) continue;
    const answered = new Set((await ctx.db.query<{ decision: string }>(
      'SELECT decision FROM sheets WHERE game_id = $1 AND player = $2 AND step = $3 AND ready', [g.id, g.player, g.step + 1])).map((h) => h.decision));
    const waiting: Decision[] = rs.decisions(stateOf(g.state)).filter((d) => d.players.includes(g.player) && !answered.has(d.id));
    if (!waiting.length) continue;
    const url = `${base}/games/${g.id}/play`;
    const prompts = waiting.map((d) => `- ${d.prompt[lang]}`).join('\n');
    const alarms: number[] = [];
    if (g.asked_at) {
      const r = reminderTimes(new Date(g.asked_at), g.deadline);
      for (const at of [r.half, r.last]) {
        const before = Math.round((g.deadline.getTime() - at.getTime()) / 1000);
        if (before > 0 && !alarms.includes(before)) alarms.push(before);
      }
    }
    out.push({
      uid, gameId: g.id, start: g.deadline, timeZone: tz, url,
      summary: t(lang, 'cal.feed.prompts', { game: g.name }), description: t(lang, 'cal.feed.prompts-text', { game: g.name, title, prompts, url }), alarms,
    });
  }
  return out;
}

/** The events of a game's public feed: the deadline of the step in progress, if the game runs. */
export async function publicEvents(ctx: AppCtx, gameId: number, lang: Lang): Promise<FeedEvent[]> {
  const g = await ctx.db.one<GameRowLite>(
    `SELECT ${GAME_COLUMNS} FROM games g WHERE g.id = $1 AND g.status = 'running' AND g.deadline IS NOT NULL AND g.paused_at IS NULL`, [gameId]);
  if (!g) return [];
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  const step = stepName(g, lang);
  const url = `${base}/games/${g.id}`;
  const title = getRuleset(g.ruleset).ruleset.title[lang];
  return [{
    uid: `g${g.id}-${stepKey(g)}@${hostOf(ctx)}`, gameId: g.id, start: g.deadline, timeZone: scheduleOf(g.schedule).timeZone, url,
    summary: t(lang, 'cal.feed.deadline', { game: g.name, step }), description: t(lang, 'cal.feed.deadline-text', { game: g.name, step, title, url }), alarms: [],
  }];
}

/** The name of a game for its public feed's title (null: no such game). */
export async function gameName(db: Db, gameId: number): Promise<string | null> {
  return (await db.one<{ name: string }>('SELECT name FROM games WHERE id = $1', [gameId]))?.name ?? null;
}

// ───────────────────────────────────────────────────────────── SEQUENCE and DTSTAMP

/**
 * Each event's SEQUENCE and DTSTAMP: 0 and now the first time its UID is shown; SEQUENCE + 1 and
 * the time of the change when its start moved since. One statement per event (a feed holds a few),
 * safe with two processes serving the same feed (the row's update is atomic).
 */
async function stamps(ctx: AppCtx, events: FeedEvent[]): Promise<Map<string, { sequence: number; stamp: Date }>> {
  const now = ctx.now();
  const out = new Map<string, { sequence: number; stamp: Date }>();
  await ctx.db.query('DELETE FROM calendar_events WHERE starts_at < $1', [new Date(now.getTime() - EVENT_ROWS_KEPT_DAYS * 86_400_000)]);
  for (const e of events) {
    const r = await ctx.db.one<{ sequence: number; stamped_at: Date }>(
      `INSERT INTO calendar_events(uid, game_id, starts_at, sequence, stamped_at) VALUES ($1, $2, $3, 0, $4)
       ON CONFLICT (uid) DO UPDATE SET starts_at = EXCLUDED.starts_at, sequence = calendar_events.sequence + 1, stamped_at = EXCLUDED.stamped_at
         WHERE calendar_events.starts_at <> EXCLUDED.starts_at
       RETURNING sequence, stamped_at`, [e.uid, e.gameId, e.start, now])
      ?? await ctx.db.one<{ sequence: number; stamped_at: Date }>('SELECT sequence, stamped_at FROM calendar_events WHERE uid = $1', [e.uid]);
    out.set(e.uid, { sequence: Number(r?.sequence ?? 0), stamp: r ? new Date(r.stamped_at) : now });
  }
  return out;
}

// ───────────────────────────────────────────────────────────── the document

/** The iCalendar document of these events, titled `name`. */
export async function renderFeed(ctx: AppCtx, name: string, events: FeedEvent[]): Promise<string> {
  const st = await stamps(ctx, events);
  const years = events.map((e) => e.start.getUTCFullYear());
  const from = Math.min(ctx.now().getUTCFullYear(), ...years) - 1;
  const to = Math.max(ctx.now().getUTCFullYear(), ...years) + 1;
  const cal = new ICalCalendar({ name, prodId: { company: 'Suzerain', product: 'calendar', language: 'FR' }, ttl: FEED_TTL_SECONDS });
  cal.timezone({ name: null, generator: (tz) => vtimezone(tz, from, to) });
  for (const e of events) {
    const s = st.get(e.uid)!;
    const zoned = wallClock(e.start, e.timeZone);
    const ev = cal.createEvent({
      id: e.uid, sequence: s.sequence, stamp: s.stamp,
      // In the game's zone when the local time names this instant alone; otherwise in UTC.
      start: zoned ?? e.start, ...(zoned ? { timezone: e.timeZone } : {}),
      summary: e.summary, description: e.description, url: e.url,
      // A deadline is a moment, not a meeting: it takes no time and leaves the player free.
      transparency: ICalEventTransparency.TRANSPARENT,
    });
    for (const seconds of e.alarms) ev.createAlarm({ type: ICalAlarmType.display, trigger: seconds, description: e.summary });
  }
  // Every content line ends with CRLF, the last one too (RFC 5545 §3.1).
  const text = cal.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/**
 * The instant's wall-clock time in the zone, as a Date whose UTC fields hold it (what
 * ical-generator writes after TZID=); null when that local time occurs twice (the second occurrence
 * of a repeated hour), which a TZID cannot name.
 */
export function wallClock(instant: Date, timeZone: string): Date | null {
  const l = localParts(instant, timeZone);
  if (zonedTime(l.year, l.month, l.day, l.hour, l.minute, timeZone).getTime() !== Math.floor(instant.getTime() / 60_000) * 60_000) return null;
  return new Date(Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second));
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

function offsetText(ms: number): string {
  const m = Math.round(ms / 60_000);
  const a = Math.abs(m);
  return `${m < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}${pad(a % 60)}`;
}

const offsetAt = (t: number, timeZone: string): number => zoneOffset(new Date(t), timeZone);

/** The local time (as in the offset `offset`) of an instant, iCalendar's form. */
function localStamp(t: number, offset: number): string {
  const d = new Date(t + offset);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
}

/**
 * A VTIMEZONE for the zone over the years `from`…`to` (UTC), from the runtime's time-zone data:
 * the offset in force on 1 January of `from`, then one observance per change, found to the minute
 * (a day-by-day walk, then a bisection). Lines joined by CRLF.
 */
export function vtimezone(timeZone: string, from: number, to: number): string {
  const start = Date.UTC(from, 0, 1);
  const end = Date.UTC(to + 1, 0, 1);
  const changes: { at: number; before: number; after: number }[] = [];
  let prev = offsetAt(start, timeZone);
  for (let t = start + 86_400_000; t <= end; t += 86_400_000) {
    const cur = offsetAt(t, timeZone);
    if (cur === prev) continue;
    let lo = t - 86_400_000;
    let hi = t; // offset(lo) = prev, offset(hi) = cur
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetAt(mid, timeZone) === prev) lo = mid; else hi = mid;
    }
    changes.push({ at: hi, before: prev, after: cur });
    prev = cur;
  }
  const first = offsetAt(start, timeZone);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const observance = (at: number, before: number, after: number): void => {
    const kind = after > before ? 'DAYLIGHT' : 'STANDARD';
    lines.push(`BEGIN:${kind}`, `DTSTART:${localStamp(at, before)}`, `TZOFFSETFROM:${offsetText(before)}`, `TZOFFSETTO:${offsetText(after)}`, `END:${kind}`);
  };
  observance(start, first, first);
  for (const c of changes) observance(c.at, c.before, c.after);
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
