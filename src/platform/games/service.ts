/**
 * The games service: seats, order sheets, the durable turn job, reports and their mail.
 *
 * The platform knows no rule. A game row holds the pieces of the engine's GameRecord (options,
 * seed, state, the submission counter), the sheets table holds the pending answers of the step in
 * progress, and the steps table the resolved steps; the engine's own functions (createGame,
 * submit, missing, advance, replay) do the work.
 *
 * Resolving a turn is a durable job that runs exactly once, even with several server processes
 * on one PostgreSQL database:
 *  1. claim: one statement marks a due game as taken by this process (`claimed_by`,
 *     `claimed_at`), choosing among unclaimed games (or games whose claim is older than
 *     `claimTimeoutSeconds`: its process died) with `FOR UPDATE SKIP LOCKED`;
 *  2. one transaction locks the game row, checks that the claim is still ours and the step
 *     unchanged, resolves, and writes the step, the reports, the new state, the seats and the
 *     mails, releasing the claim in the same commit;
 *  3. on any failure the transaction rolls back (the previous turn stays as it was), and a
 *     separate statement records the error and releases the claim: a later tick tries again.
 * A process killed in the middle loses its transaction (PostgreSQL rolls it back); its claim is
 * taken over once it is older than the timeout.
 */
import { randomBytes } from 'node:crypto';
import { createGame, GameError, replay, submit, type GameRecord, type ReplayResult, type StepRecord } from '../../engine/game.ts';
import { LocalizedError } from '../../engine/constants.ts';
import { createRng } from '../../engine/rng.ts';
import type { Decision, Lang, Localized, Pace, PlayerId, Ruleset, SeatIssue, Submission, ValidationIssue } from '../../engine/ruleset.ts';
import { withWarnings } from '../../engine/ruleset.ts';
import { checkSheet, decisionOf } from './sheet-cache.ts';
import { stepAudienceSeenBy } from './step-audience.ts';
import { getRuleset, loadRuleset } from '../../rulesets/index.ts';
import { hashPassword, verifyPassword } from '../accounts/passwords.ts';
import { loginKey } from '../accounts/service.ts';
import type { Db, Row } from '../db/index.ts';
import { escapeHtml } from '../http/html.ts';
import { t as message } from '../http/i18n.ts';
import { markdownHtmlString, markdownText } from '../http/markdown.ts';
import { cleanName, confusableWith } from '../http/names.ts';
import { LruCache } from '../http/lru.ts';
import type { AppCtx } from '../http/server.ts';
import { MAP_CID, queueMail } from '../mail/queue.ts';
import { BudgetExceeded, refereeThreads, runReferee } from '../referee/pool.ts';
import { reportMap, type ResolveInput, type ResolveOutput } from '../referee/tasks.ts';
import {
  ABSENT_AFTER, DEFAULT_SCHEDULE, type CreateGameInput, type GameSummary, type GamesApi, type ReportEntry, type ResolveOutcome, type Schedule, type Seat, type SheetState,
} from './api.ts';
import { checkSchedule, formatDeadline, turnDeadline } from './schedule.ts';
import { checkPaceMinutes, clocksAfter, openPrompts, PACES, stepDeadline } from './pace.ts';
import { promptsOpened } from './prompt-notify.ts';
import { statsJson } from './stats-data.ts';
import { orderAddress, orderBlock, orderBlockIntro, seatOrderToken, takesMailOrders } from './mail-orders.ts';
import { saveBatcher } from './save-batch.ts';
import { cachedState } from './states.ts';
import { historyOf, meetsMinimum, recordAnswers, recordDeparture, reliabilityPercent } from './reliability.ts';
import { recordGameEnd } from './game-end.ts';
import { hallOption } from '../valhalla/hall.ts';
import { closeGmItems, gmStepState, openItems, syncGmItems } from './gm-items.ts';
import { DUE_SQL } from './due.ts';
import { notifier } from '../notify/service.ts';
import type { NotifyMode } from '../notify/api.ts';

/**
 * The seat a user holds in a game and its step, for saveOwnSheet's one-statement save: a hint
 * only, checked by the statement itself (a stale entry makes it write nothing and is dropped).
 */
const ownSeats = new Map<string, { ruleset: string; step: number; stateHash: string | null; player: string }>();
const OWN_SEATS_MAX = 20_000;

/** A refused request; `code` names the reason (for messages), `statusCode` the HTTP status. */
export class GamesError extends Error {
  /**
   * `localized`: the message in every language, when the ruleset gave one (a refused constant…);
   * `other`: for 'lord-name-taken', the existing name the new one looks like.
   */
  constructor(readonly code: string, message: string, readonly statusCode = 400, readonly localized?: Localized, readonly other?: string) {
    super(message);
    this.name = 'GamesError';
  }
}

/**
 * A seat's choices refused by the ruleset's seat form (engine `SeatForm`): each issue names its
 * field, in every language, so that the join form shows it beside that field.
 */
export class SeatChoiceError extends GamesError {
  constructor(readonly issues: SeatIssue[]) {
    super('seat-choice', issues.map((i) => i.text.en).join('; '), 400, {
      fr: issues.map((i) => i.text.fr).join(' ; '), en: issues.map((i) => i.text.en).join('; '),
    });
  }
}

/**
 * A seat's choices as typed (field → text) checked by the ruleset's seat form against the game's
 * host options: the value to store with the seat, or null (nothing chosen, or a ruleset without a
 * seat form). Throws a SeatChoiceError. Only the form's own fields are read.
 */
export function checkSeatChoice(ruleset: string, options: unknown, values: Record<string, string> | null | undefined): Record<string, unknown> | null {
  const form = getRuleset(ruleset).ruleset.seatForm;
  if (!form || !values) return null;
  const r = form.check(values, options);
  if (r.issues.length) throw new SeatChoiceError(r.issues);
  return r.value;
}

/** A lord without orders for this many turns in a row is flagged: the host may give his seat away. */
export const MISSED_FLAG = 3;
export const LORD_NAME_MAX = 40;

const json = (v: unknown): string => JSON.stringify(v);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface GameRow extends Row {
  id: number; ruleset: string; name: string; status: 'forming' | 'running' | 'finished'; is_private: boolean; is_demo: boolean;
  host_user_id: number | null; options: Record<string, unknown>; seed: string; initial_hash: string | null; state: unknown; state_hash: string | null;
  step: number; next_order: number; schedule: Schedule; deadline: Date | null; early: boolean; password_hash: string | null; max_players: number;
  reminder_hours: number; reminded_step: number; claimed_by: string | null; claimed_at: Date | null; attempts: number; last_error: string | null;
  started_at: Date | null; turn_label: string;
  /** Host option: absent human lords are played by the ruleset's caretaker (migration 007). */
  caretaker: boolean;
  /** Games of prompts (migration 015): the pace (null: a game of order sheets), the host's class lengths, when the step was asked, clocks, pause, absence, vacations. */
  pace: Pace | null; pace_minutes: Record<string, number> | null; asked_at: Date | null; clocks: Record<string, number> | null;
  paused_at: Date | null; paused_left_ms: number | string | null; absent_after: number; vacations: boolean; open_seat_bot: boolean;
  /** Migration 025: the end, the host's choice to keep a private game's pages private after it, the least reliability to join. */
  finished_at: Date | null; keep_private: boolean; min_reliability: number | null;
  /** Migration 027: the game's GM (null: no GM, every judgment item takes its default at once; games/gm.ts). */
  gm_user_id: number | null;
}
export interface SeatRow extends Row {
  game_id: number; player: string; user_id: number | null; lord_name: string; status: Seat['status']; missed: number; seq: number; asked: boolean;
  standing: Record<string, string> | null;
  /** The seat's choices at join (the ruleset's seat form, checked), or null. */
  choice: Record<string, unknown> | null;
  login: string | null; email: string | null; lang: Lang | null; is_guest: boolean | null;
}
export interface SheetRow extends Row {
  player: string; step: number; decision: string; text: string; value: unknown; issues: ValidationIssue[]; sub_order: number; ready: boolean; updated_at: Date;
}

export const SEATS_SQL = `SELECT s.*, u.login, u.email, u.lang, u.is_guest FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = $1 ORDER BY s.seq, s.player`;

export async function lockGame(db: Db, gameId: number): Promise<GameRow> {
  const g = await db.one<GameRow>('SELECT * FROM games WHERE id = $1 FOR UPDATE', [gameId]);
  if (!g) throw new GamesError('no-game', `no game ${gameId}`, 404);
  return g;
}

export function requireRunning(g: GameRow): void {
  if (g.status === 'forming') throw new GamesError('not-started', 'the game has not started yet', 409);
  if (g.status === 'finished') throw new GamesError('finished', 'the game is over', 409);
}

/**
 * A write meant for the step after `expected` resolved steps (undefined: whatever step is in
 * progress, as the pages do): refused once that step has passed, so that it never lands on the next.
 * `g` is locked by the caller.
 */
export function requireStep(g: GameRow, expected: number | undefined): void {
  if (expected !== undefined && Number(g.step) !== expected) {
    throw new GamesError('stale-step', `this answer was meant for step ${expected}; the game is at step ${g.step}`, 409);
  }
}

/** The open decision a player answers now (one sheet per player and step). */
function decisionFor(rs: Ruleset, state: unknown, player: PlayerId): Decision | null {
  return rs.decisions(state).find((d) => d.players.includes(player)) ?? null;
}

/** The players asked something in a state. */
function askedPlayers(rs: Ruleset, state: unknown): Set<PlayerId> {
  return new Set(rs.decisions(state).flatMap((d) => d.players));
}

/** A record with the state of the step in progress (the engine only counts earlier steps). */
export function recordOf(g: GameRow, pending: Submission[] = [], steps: StepRecord[] = []): GameRecord {
  // Sheets take their numbers from the sheet_order sequence (migration 008); answers given at
  // resolution (bots, caretaker, defaults) come after every sheet.
  const nextOrder = Math.max(Number(g.next_order), ...pending.map((p) => Number(p.order) + 1));
  return {
    format: 'suzerain/game@1', ruleset: g.ruleset, options: g.options, seed: g.seed, initialHash: g.initial_hash ?? '',
    state: g.state, pending, nextOrder, steps,
  };
}

export function link(ctx: AppCtx, path: string): string {
  return `${ctx.config.publicUrl.replace(/\/$/, '')}${path}`;
}

/** Inline styles for the mail's tables (mail readers ignore the site's style sheet). */
function mailTableStyles(h: string): string {
  return h
    .replace(/<div class="table-wrap">/g, '<div class="table-wrap" style="overflow-x: auto">')
    .replace(/<table class="data">/g, '<table class="data" style="border-collapse: collapse; margin: 0.5em 0">')
    .replace(/<(td|th)( style="([^"]*)")?>/g, (_m, tag: string, _s, st: string | undefined) => `<${tag} style="border: 1px solid #ccc; padding: 2px 6px; vertical-align: top${st ? `; ${st}` : ''}">`);
}

/**
 * A mail's HTML part: the plain paragraphs before (greeting, deadlines), the report rendered from
 * its Markdown (raw HTML off: a name with `<script>` stays text), the map, the plain lines after
 * and the links.
 */
export function mailHtml(parts: { before?: string[]; report?: string; after?: string[]; sheet?: string }, links: { href: string; label: string }[], mapAlt: string | null = null): string {
  const paras = (lines: string[] | undefined) => (lines ?? []).filter((l) => l.trim() !== '').map((l) => `<p>${escapeHtml(l)}</p>\n`).join('');
  return '<div style="font-family: Georgia, \'Times New Roman\', serif; line-height: 1.45; max-width: 46em">\n'
    + paras(parts.before)
    + (parts.report ? mailTableStyles(markdownHtmlString(parts.report)) : '')
    + (mapAlt ? `<p><img src="cid:${MAP_CID}" alt="${escapeHtml(mapAlt)}" style="max-width: 100%; height: auto; border: 1px solid #ccc"></p>\n` : '')
    + paras(parts.after)
    + (parts.sheet ? `<pre style="white-space: pre-wrap; font-size: 0.9em">${escapeHtml(parts.sheet)}</pre>\n` : '')
    + links.map((l) => `<p><a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a></p>`).join('\n')
    + '\n</div>\n';
}

// An open seat has no reader: its former lord (still in user_id until someone takes it) gets no report.
export const canMail = (s: SeatRow): boolean => s.user_id !== null && s.status !== 'open' && !s.is_guest && !!s.email;
export const langOf = (s: SeatRow): Lang => (s.lang === 'en' ? 'en' : 'fr');

/** A lord's name as stored: normalised by cleanName (NFKC, no invisible characters, single spaces). */
export function cleanLordName(name: string): string {
  const n = cleanName(name);
  if (!n) throw new GamesError('lord-name', 'a lord needs a name');
  if (n.length > LORD_NAME_MAX) throw new GamesError('lord-name', `a lord's name has at most ${LORD_NAME_MAX} characters`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(n)) throw new GamesError('lord-name', 'a lord\'s name cannot hold control characters');
  return n;
}

// ─── Creating and starting ─────────────────────────────────────────────────────────────────────

/** Checks the input and writes the game and its seats with `db` (a transaction), starting it when full. */
export async function createGameIn(ctx: AppCtx, db: Db, input: CreateGameInput, passwordHash: string | null = null): Promise<number> {
  const entry = await loadRuleset(input.ruleset);
  const name = String(input.name ?? '').trim();
  if (!name) throw new GamesError('game-name', 'a game needs a name');
  const seats = input.seats.map((s) => ({ userId: s.userId, lordName: cleanLordName(s.lordName), choice: checkSeatChoice(entry.ruleset.id, input.options, s.choice) }));
  const maxPlayers = input.maxPlayers ?? seats.length;
  if (!Number.isInteger(maxPlayers) || maxPlayers < 1) throw new GamesError('max-players', 'bad number of lords');
  if (seats.length > maxPlayers) throw new GamesError('max-players', `${seats.length} seats for ${maxPlayers} lords`);
  const names = new Set<string>();
  const users = new Set<number>();
  for (const s of seats) {
    // Two lords of one game never look alike (see http/names.ts).
    const other = confusableWith(s.lordName, names);
    if (other !== null) throw new GamesError('lord-name-taken', `two lords are named "${s.lordName}"`, 400, undefined, other);
    names.add(s.lordName);
    if (s.userId !== null) {
      if (users.has(s.userId)) throw new GamesError('already-seated', 'one account holds one seat per game');
      users.add(s.userId);
    }
  }
  const schedule = checkSchedule(input.schedule ?? { ...DEFAULT_SCHEDULE, timeZone: ctx.config.timeZone || DEFAULT_SCHEDULE.timeZone });
  // The options must make a game with this many lords (checked now, not when the last one joins).
  try {
    const choices = seats.some((s) => s.choice) ? { choices: seats.map((s) => s.choice) } : {};
    entry.ruleset.setup({ ...input.options, lords: Array.from({ length: maxPlayers }, (_, i) => `Lord ${i + 1}`), ...choices }, createRng('check', 'setup'));
  } catch (e) {
    throw new GamesError('bad-options', (e as Error).message, 400, e instanceof LocalizedError ? e.localized : undefined);
  }
  const seed = input.seed ?? randomBytes(8).toString('hex');
  const row = await db.one<{ id: number }>(
    `INSERT INTO games(ruleset, name, status, is_private, is_demo, host_user_id, options, seed, schedule, early, password_hash, max_players, reminder_hours, created_at)
     VALUES ($1, $2, 'forming', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
    [entry.ruleset.id, name, !!input.isPrivate, !!input.isDemo, input.hostUserId ?? null, json(input.options ?? {}), seed, json(schedule),
      input.early ?? true, passwordHash, maxPlayers, input.reminderHours ?? 24, ctx.now()]);
  const id = row!.id;
  if (input.caretaker) await db.query('UPDATE games SET caretaker = TRUE WHERE id = $1', [id]);
  // Host options of a private game (migration 025): its pages stay private after the end; the least reliability to join.
  if (input.keepPrivate || input.minReliability != null) {
    const min = input.minReliability ?? null;
    if (min !== null && (!Number.isInteger(min) || min < 0 || min > 100)) throw new GamesError('min-reliability', 'the minimum reliability is a whole percentage from 0 to 100');
    await db.query('UPDATE games SET keep_private = $2, min_reliability = $3 WHERE id = $1', [id, !!input.keepPrivate && !!input.isPrivate, min]);
  }
  // A private game counts for the permanent ranking only if its host chose so (a public game always does).
  if (input.ranked) await db.query('UPDATE games SET ranked = TRUE WHERE id = $1', [id]);
  // The game's GM (migration 027, games/gm.ts): the host, or a named account.
  if (input.gm) {
    const login = input.gm === 'host' ? '' : String(input.gm.login ?? '').slice(0, 40);
    // An account by its login, as everywhere (its case- and accent-folded key is unique).
    const gm = input.gm === 'host' ? input.hostUserId ?? null
      : (await db.one<{ id: number }>('SELECT id FROM users WHERE login_key = $1 AND NOT is_guest', [loginKey(login)]))?.id ?? null;
    if (gm === null) {
      throw new GamesError('gm-unknown', input.gm === 'host' ? 'a game without a host cannot have its host as GM' : `no account named ${login} for the GM`, 400,
        input.gm === 'host' ? { fr: 'une partie sans hôte ne peut pas l’avoir pour MJ', en: 'a game without a host cannot have its host as GM' }
          : { fr: `aucun compte nommé ${login} pour le MJ`, en: `no account named ${login} for the GM` });
    }
    // A GM sees every hidden state: he cannot also play (games/gm.ts, setGm, refuses the same).
    if (seats.some((s) => s.userId === gm)) {
      throw new GamesError('gm-seated', 'the GM cannot hold a seat in the game', 400, { fr: 'Le MJ ne peut pas être aussi un joueur de la partie.', en: 'The GM cannot also be a player of the game.' });
    }
    await db.query('UPDATE games SET gm_user_id = $2 WHERE id = $1', [id, gm]);
  }
  if (input.prompts) {
    const p = input.prompts;
    if (!PACES.includes(p.pace)) throw new GamesError('pace', `unknown pace ${String(p.pace)}`);
    let minutes: Record<string, number> | null;
    try { minutes = checkPaceMinutes(entry.ruleset, p.minutes); } catch (e) { throw new GamesError('pace-minutes', (e as Error).message); }
    const absentAfter = p.absentAfter ?? ABSENT_AFTER.default;
    if (!Number.isInteger(absentAfter) || absentAfter < ABSENT_AFTER.min || absentAfter > ABSENT_AFTER.max) throw new GamesError('absent-after', `absent after ${ABSENT_AFTER.min} to ${ABSENT_AFTER.max} defaults`);
    await db.query('UPDATE games SET pace = $2, pace_minutes = $3, absent_after = $4, vacations = $5, open_seat_bot = $6, early = TRUE WHERE id = $1',
      [id, p.pace, minutes ? json(minutes) : null, absentAfter, p.vacations ?? true, p.openSeatBot ?? false]);
  }
  for (const [i, s] of seats.entries()) {
    await db.query('INSERT INTO seats(game_id, player, user_id, lord_name, seq, choice) VALUES ($1, $2, $3, $4, $5, $6)', [id, `join-${i + 1}`, s.userId, s.lordName, i + 1, s.choice ? json(s.choice) : null]);
  }
  if (seats.length >= maxPlayers) await startGame(ctx, db, id);
  return id;
}

/** A new game's dry run may take 30 s at most, or the turn budget when shorter. */
export const dryRunBudgetMs = (ctx: AppCtx): number => Math.min(30_000, ctx.config.turnBudgetMs);

/**
 * The dry run of a new game's host options (with its lords' names): the game is set up and one
 * turn resolved by bots, in a referee worker within its budget, so options that would make every turn fail or
 * run too long are refused now, not at the first deadline. Throws a GamesError: `dry-run-budget`
 * (too slow) or `dry-run` (the turn failed, with the referee's message).
 */
export async function dryRunOptions(ctx: AppCtx, ruleset: string, options: unknown): Promise<void> {
  const budget = dryRunBudgetMs(ctx);
  let r: Awaited<ReturnType<typeof runReferee<'dryRun'>>>;
  try {
    r = await runReferee('dryRun', { ruleset, options }, budget);
  } catch (e) {
    if (e instanceof BudgetExceeded) throw new GamesError('dry-run-budget', `one turn with these options takes more than ${budget / 1000} s`);
    throw new GamesError('dry-run', e instanceof Error ? e.message : String(e));
  }
  if (!r.ok) throw new GamesError('dry-run', r.localized.en, 400, r.localized);
}

/**
 * Starts a full game: the engine's createGame with the seats' lord names, the ruleset's player ids
 * given to the seats in seat order, the first deadline, and a mail to every lord.
 */
export async function startGame(ctx: AppCtx, db: Db, gameId: number): Promise<void> {
  const g = await lockGame(db, gameId);
  if (g.status !== 'forming') return;
  const entry = getRuleset(g.ruleset);
  const rs = entry.ruleset;
  const seats = await db.query<SeatRow>(SEATS_SQL, [gameId]);
  // Each seat's choices at join (a bot's seat has none: the ruleset draws them from the seed).
  // A ruleset with a hall of heroes (Adventurer Kings' Valhalla) receives its roster now: a snapshot stored with the options.
  const options = {
    ...g.options, lords: seats.map((s) => s.lord_name), ...(seats.some((s) => s.choice) ? { choices: seats.map((s) => s.choice ?? null) } : {}),
    ...(await hallOption(db, g.ruleset)),
    // The platform's GM decides the ruleset's (RulesetEntry.gmOption: Gruik's GM_PRESENT).
    ...(entry.gmOption ? { [entry.gmOption]: g.gm_user_id !== null } : {}),
  };
  const rec = createGame(rs, options, g.seed);
  const players = rs.players(rec.state);
  if (players.length !== seats.length) throw new Error(`the ruleset made ${players.length} players for ${seats.length} seats`);
  const free = [...players];
  const ids = seats.map((s, i) => {
    const byName = free.find((p) => p.name === s.lord_name);
    const p = byName ?? free.find((q) => q.id === players[i]!.id) ?? free[0]!;
    free.splice(free.indexOf(p), 1);
    return p.id;
  });
  const asked = askedPlayers(rs, rec.state);
  for (const [i, s] of seats.entries()) {
    await db.query('UPDATE seats SET player = $3, asked = $4 WHERE game_id = $1 AND player = $2', [gameId, s.player, ids[i], asked.has(ids[i]!)]);
    s.player = ids[i]!;
  }
  const now = ctx.now();
  // The first turn lasts at least the minimum (half a period by default: a game starting on Friday
  // evening does not end its first turn that night). A game of prompts: its first prompts' length at its pace.
  const deadline = g.pace ? stepDeadline(openPrompts(rs, rec.state, g.pace, g.pace_minutes), now, null) : turnDeadline(g.schedule, now);
  await db.query(
    `UPDATE games SET status = 'running', options = $2, initial_hash = $3, state = $4, state_hash = $3, step = 0, next_order = $5, deadline = $6, started_at = $7, turn_label = $8,
       start_stats = $9, asked_at = $7 WHERE id = $1`,
    [gameId, json(options), rec.initialHash, json(rec.state), rec.nextOrder, deadline, now, rs.stepLabel(rec.state), statsJson(rs, rec.state)]);
  // Judgment items the first step opens go to the GM's queue (games/gm-items.ts).
  await syncGmItems(ctx, db, gameId, 1, openItems(rs.decisions(rec.state)), deadline);
  for (const s of seats) {
    if (!canMail(s)) continue;
    const lang = langOf(s);
    const d = decisionFor(rs, rec.state, s.player);
    const gameUrl = link(ctx, `/games/${gameId}`);
    const when = deadline ? formatDeadline(deadline, g.schedule.timeZone, lang) : null;
    // A game of prompts asks many small questions: its players are told as each one comes.
    const intro = g.pace
      ? (lang === 'fr'
        ? `Bonjour ${s.login ?? ''},\n\nLa partie « ${g.name} » (${rs.title.fr}) commence. Vous y êtes ${s.lord_name}.\nQuand une question vous attend, elle s’affiche sur la page de la partie et vous êtes prévenu selon vos réglages de notification.\nLa partie : ${gameUrl}/play\n`
        : `Hello ${s.login ?? ''},\n\nThe game "${g.name}" (${rs.title.en}) begins. You are ${s.lord_name}.\nWhen a question waits for you, it shows on the game's page and you are told according to your notification settings.\nThe game: ${gameUrl}/play\n`)
      : lang === 'fr'
        ? `Bonjour ${s.login ?? ''},\n\nLa partie « ${g.name} » (${rs.title.fr}) commence. Vous y êtes ${s.lord_name}.\n`
          + (d && when ? `${d.prompt.fr} à rendre avant le ${when}.\n` : '') + `Votre feuille d’ordres : ${gameUrl}\n`
        : `Hello ${s.login ?? ''},\n\nThe game "${g.name}" (${rs.title.en}) begins. You are ${s.lord_name}.\n`
          + (d && when ? `${d.prompt.en}, due before ${when}.\n` : '') + `Your order sheet: ${gameUrl}\n`;
    const report = rs.report(rec.state, [], s.player, lang);
    const template = d && rs.orderTemplate && takesMailOrders(ctx, g) ? rs.orderTemplate(rec.state, s.player, lang) : '';
    const orders = template ? await mailOrdersPart(ctx, db, gameId, s.player, lang, 1, template) : null;
    const text = `${intro}\n${markdownText(report)}${orders ? `\n—\n${orders.intro.join('\n\n')}\n\n${orders.block}\n` : ''}`;
    const map = reportMap(entry, rec.state, s.player, lang);
    await queueMail(db, {
      to: s.email!,
      subject: lang === 'fr' ? `Début de partie — ${g.name}` : `Your game begins — ${g.name}`,
      text,
      html: mailHtml({ before: intro.split('\n'), report, after: orders?.intro, sheet: orders?.block }, [{ href: gameUrl, label: lang === 'fr' ? 'Ouvrir la partie' : 'Open the game' }], map?.alt ?? null),
      mapSvg: map?.svg ?? null,
      replyTo: orders?.address ?? null,
    });
  }
}

// ─── Sheets ────────────────────────────────────────────────────────────────────────────────────

const EMPTY_SHEET: SheetState = { text: '', issues: [], value: null, ready: false, updatedAt: null };

export function toSheet(r: SheetRow | null): SheetState {
  if (!r) return { ...EMPTY_SHEET, issues: [] };
  return { text: r.text, issues: r.issues ?? [], value: r.value ?? null, ready: r.ready, updatedAt: r.updated_at };
}

/**
 * Writes (or rewrites) a sheet for each row of `source` (none: nothing written): $1 game, $2 player,
 * $3 step, $4 decision, $5 text, $6 value, $7 issues, $8 time; the submission number comes from
 * the sheet_order sequence (migration 008), so it grows in the order of the saves.
 */
export const upsertSheet = (source: string): string =>
  `INSERT INTO sheets(game_id, player, step, decision, text, value, issues, sub_order, ready, updated_at)
   SELECT $1, $2, $3, $4, $5, $6, $7, nextval('sheet_order'), FALSE, $8 FROM ${source}
   ON CONFLICT (game_id, player, step, decision) DO UPDATE
     SET text = EXCLUDED.text, value = EXCLUDED.value, issues = EXCLUDED.issues, sub_order = EXCLUDED.sub_order, updated_at = EXCLUDED.updated_at
   RETURNING *`;

/** Validates with the engine's `submit` and stores the sheet as typed; `g` is locked by the caller. */
export async function saveSheetIn(ctx: AppCtx, db: Db, g: GameRow, player: string, answer: string | unknown[]): Promise<SheetState> {
  requireRunning(g);
  const rs = getRuleset(g.ruleset).ruleset;
  const seat = await db.one<SeatRow>('SELECT * FROM seats WHERE game_id = $1 AND player = $2', [g.id, player]);
  if (!seat) throw new GamesError('no-seat', `no lord ${player} in this game`, 404);
  if (seat.status === 'abdicated') throw new GamesError('abdicated', 'this lord has abdicated');
  const decision = decisionFor(rs, g.state, player);
  if (!decision) throw new GamesError('not-asked', 'this lord has nothing to answer now', 409);
  let validation;
  try {
    validation = submit(rs, recordOf(g), player, decision.id, answer).validation;
  } catch (e) {
    if (e instanceof GameError) throw new GamesError('not-asked', e.message, 409);
    throw e;
  }
  const text = typeof answer === 'string' ? answer
    : answer.every((x) => typeof x === 'string') ? (answer as string[]).join('\n')
    : validation.value !== null && rs.answerText ? rs.answerText(g.state, player, decision.id, validation.value) : json(answer);
  const now = ctx.now();
  const r = await db.one<SheetRow>(upsertSheet('(SELECT 1) g'),
    [g.id, player, g.step + 1, decision.id, text, validation.value === null ? null : json(validation.value), json(withWarnings(rs, g.state, player, decision.id, answer, validation)), now]);
  return toSheet(r);
}

/**
 * Sets (or unsets) a player's "ready" on the locked game `g` (a ready without a sheet stores an
 * empty one, validated like any other); returns whether the game resolves early, so that the
 * caller wakes the scheduler once committed.
 */
export async function setReadyIn(ctx: AppCtx, t: Db, g: GameRow, player: string, ready: boolean): Promise<boolean> {
  requireRunning(g);
  const r = await t.one('SELECT 1 FROM sheets WHERE game_id = $1 AND player = $2 AND step = $3', [g.id, player, g.step + 1]);
  if (!r && !ready) return false;
  if (!r) await saveSheetIn(ctx, t, g, player, '');
  await t.query('UPDATE sheets SET ready = $4, updated_at = $5 WHERE game_id = $1 AND player = $2 AND step = $3', [g.id, player, g.step + 1, ready, ctx.now()]);
  return g.early;
}

// ─── The turn job ──────────────────────────────────────────────────────────────────────────────

// When a game is due: due.ts (DUE_SQL).

/**
 * After a failed attempt, the next one waits 5 s, then 10, 20… up to an hour (the time of the
 * failure is kept in claimed_at, with no claimant), so a turn that keeps failing does not run on
 * every tick.
 */
const RETRY_SQL = 'LEAST(3600, 5 * power(2, g.attempts - 1))';

/** Claims one due game (optionally a given one), skipping games other processes hold. */
async function claim(ctx: AppCtx, onlyId: number | null, exclude: number[]): Promise<{ id: number; step: number } | null> {
  const now = ctx.now();
  const stale = new Date(now.getTime() - ctx.config.claimTimeoutSeconds * 1000);
  return ctx.db.one<{ id: number; step: number }>(
    `UPDATE games SET claimed_by = $1, claimed_at = $2 WHERE id = (
       SELECT g.id FROM games g
       WHERE g.status = 'running' AND ${DUE_SQL} AND (g.claimed_by IS NULL OR g.claimed_at < $3)
         AND (g.attempts = 0 OR g.claimed_by IS NOT NULL OR g.claimed_at IS NULL
              OR g.claimed_at <= $2::timestamptz - make_interval(secs => ${RETRY_SQL}))
         AND ($4::int IS NULL OR g.id = $4::int) AND NOT (g.id = ANY($5::int[]))
       ORDER BY g.deadline, g.id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, step`,
    [ctx.instanceId, now, stale, onlyId, exclude]);
}

async function resolveClaimed(ctx: AppCtx, gameId: number, step: number): Promise<ResolveOutcome> {
  try {
    // On the embedded database (one connection for every request) the referee works before the
    // transaction, on the rows as read now (see resolveIn), so that the transaction holds the
    // connection for the writes only, never for the referee's time. On PostgreSQL the transaction
    // only holds this game's row: the referee works inside it, on rows read once.
    const early = ctx.db.kind === 'pglite' ? await resolutionInput(ctx, ctx.db, gameId, step) : null;
    const computed = early ? { input: early.input, hash: early.g.state_hash, output: await runReferee('resolve', early.input, ctx.config.turnBudgetMs) } : null;
    if (resolutionTestHooks.beforeTx) await resolutionTestHooks.beforeTx(gameId);
    const outcome = await ctx.db.tx((t) => resolveIn(ctx, t, gameId, step, computed));
    // Committed: the pages of the game's players who are online show the new step (live/hub.ts).
    if (outcome === 'resolved') {
      // A game of prompts may be due again at once (its next prompts ask only bots, or players whose standing answers answered them).
      if (computed?.input.prompts ?? (await ctx.db.one('SELECT 1 FROM games WHERE id = $1 AND pace IS NOT NULL', [gameId]))) {
        // Between steps the bot seats take their free actions of their own accord (prompts.ts; imported here when used: prompts.ts builds on this file).
        try { await (await import('./prompts.ts')).botsBetweenSteps(ctx, gameId, step + 1); } catch (e) { console.error(`suzerain: bots' free actions in game ${gameId} after step ${step + 1}: ${e instanceof Error ? e.message : String(e)}`); }
        wakeGame(ctx, gameId);
      }
      // A step known to some players alone (step-audience.ts) pings only them.
      const seen = await ctx.db.one<{ audience: string[] | null }>('SELECT audience FROM steps WHERE game_id = $1 AND idx = $2', [gameId, step + 1]).catch(() => undefined);
      if (seen !== undefined) ctx.live.publish(gameId, { kind: 'step', step: step + 1, ...(seen?.audience ? { audience: seen.audience } : {}) }).catch((e: unknown) => console.error(`suzerain: announcing step ${step + 1} of game ${gameId} failed: ${e instanceof Error ? e.message : String(e)}`));
    }
    return outcome;
  } catch (e) {
    const msg = e instanceof Error ? (e.stack ?? e.message) : String(e);
    console.error(`suzerain: resolving game ${gameId}, step ${step + 1} failed (will retry): ${e instanceof Error ? e.message : String(e)}`);
    const failed = await ctx.db.one<{ attempts: number }>(
      'UPDATE games SET attempts = attempts + 1, last_error = $3, claimed_by = NULL, claimed_at = $4 WHERE id = $1 AND claimed_by = $2 RETURNING attempts',
      [gameId, ctx.instanceId, msg.slice(0, 4000), ctx.now()]);
    if (failed?.attempts === 1) await tellHostOfFailure(ctx, gameId, step + 1, e);
    return 'failed';
  }
}

/**
 * The first failed attempt at a turn is mailed to the game's host (the site's host for games
 * without one, such as lobby games): the retries go on with their back-off meanwhile, and the
 * game's page says that the resolution failed and that the host has been told.
 */
async function tellHostOfFailure(ctx: AppCtx, gameId: number, turn: number, e: unknown): Promise<void> {
  try {
    const host = await ctx.db.one<{ email: string; lang: string; name: string }>(
      `SELECT u.email, u.lang, g.name FROM games g JOIN users u ON u.id = COALESCE(g.host_user_id, (SELECT id FROM users WHERE is_host ORDER BY id LIMIT 1))
       WHERE g.id = $1 AND NOT u.is_guest`, [gameId]);
    if (!host) return;
    const fr = host.lang !== 'en';
    const why = e instanceof BudgetExceeded
      ? (fr ? `la résolution a dépassé son budget de temps (${e.budgetMs / 1000} s) et a été arrêtée` : `the resolution ran out of its time budget (${e.budgetMs / 1000} s) and was stopped`)
      : (e instanceof Error ? e.message : String(e)).slice(0, 500);
    const url = link(ctx, `/games/${gameId}`);
    const text = fr
      ? `La résolution du tour ${turn} de la partie « ${host.name} » a échoué : ${why}.\n\nLe tour précédent reste intact ; le serveur réessaiera avec un délai croissant (5 s, 10 s, 20 s… jusqu’à une heure).\n${url}\n`
      : `Resolving turn ${turn} of the game "${host.name}" failed: ${why}.\n\nThe previous turn is intact; the server will try again with a growing delay (5 s, 10 s, 20 s… up to an hour).\n${url}\n`;
    await queueMail(ctx.db, { to: host.email, subject: fr ? `Échec de résolution — ${host.name}` : `Resolution failed — ${host.name}`, text });
  } catch (err) {
    console.error(`suzerain: telling the host of game ${gameId} about the failure failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * The ruleset asked for a pause after this step (`Ruleset.pauseRequest`, e.g. an inactivity guard):
 * the game is paused as by its host (the time left is kept for the resume), and the host (the
 * site's host for a game without one) is mailed the ruleset's reason in his language.
 */
async function pauseForRuleset(ctx: AppCtx, t: Db, g: GameRow, reason: Localized, deadline: Date | null, now: Date): Promise<void> {
  const left = deadline ? Math.max(0, deadline.getTime() - now.getTime()) : null;
  await t.query('UPDATE games SET paused_at = $2, paused_left_ms = $3 WHERE id = $1 AND paused_at IS NULL', [g.id, now, left]);
  const host = await t.one<{ email: string; lang: string }>(
    `SELECT u.email, u.lang FROM users u WHERE u.id = COALESCE($1::int, (SELECT id FROM users WHERE is_host ORDER BY id LIMIT 1)) AND NOT u.is_guest`, [g.host_user_id]);
  if (!host) return;
  const fr = host.lang !== 'en';
  const url = link(ctx, `/games/${g.id}/play`);
  await queueMail(t, {
    to: host.email,
    subject: fr ? `Partie en pause — ${g.name}` : `Game paused — ${g.name}`,
    text: `${reason[fr ? 'fr' : 'en']}\n\n${url}\n`,
  });
}

interface Inputs { g: GameRow; seats: SeatRow[]; sheets: SheetRow[]; input: ResolveInput }

/**
 * What the referee needs to resolve a claimed game's step, read with `db` (in the transaction,
 * after the row lock; or before it, without a lock). Null when the claim or the step is not ours.
 */
async function resolutionInput(ctx: AppCtx, db: Db, gameId: number, claimedStep: number, g0?: GameRow): Promise<Inputs | null> {
  const g = g0 ?? await db.one<GameRow>('SELECT * FROM games WHERE id = $1', [gameId]);
  if (!g || g.claimed_by !== ctx.instanceId || g.step !== claimedStep || g.status !== 'running') return null;
  const idx = g.step + 1;
  const seats = await db.query<SeatRow>(SEATS_SQL, [gameId]);
  const sheets = await db.query<SheetRow>('SELECT * FROM sheets WHERE game_id = $1 AND step = $2 ORDER BY sub_order', [gameId, idx]);
  // The GameRecord: state, the earlier steps (counted by the engine), the stored sheets as pending answers.
  // The referee needs only how many steps came before (the new step's index and RNG stream): the
  // count is checked against the game's step (steps are contiguous), and stands in for the list,
  // which a game of prompts makes long.
  const stored = await db.one<{ n: number; last: number }>('SELECT count(*)::int AS n, COALESCE(max(idx), 0)::int AS last FROM steps WHERE game_id = $1', [gameId]);
  if (Number(stored!.n) !== g.step || Number(stored!.last) !== g.step) throw new Error(`game ${gameId}: ${stored!.n} stored steps (last ${stored!.last}) for step ${g.step}`);
  const earlier = Array.from({ length: g.step }, (_, i) => ({ idx: i + 1, label: '', hash: '' }));
  const pending: Submission[] = sheets.filter((h) => h.value !== null && h.value !== undefined)
    .map((h) => ({ decision: h.decision, player: h.player, value: h.value, order: h.sub_order }));
  const record = recordOf(g, pending, earlier.map((s) => ({ index: s.idx, label: s.label, submissions: [], defaulted: [], events: [], hash: s.hash })));
  const sentOrders = (p: string) => sheets.some((h) => h.player === p && (h.ready || h.text.trim() !== ''));
  // A seat opened for a replacement is played by a bot until someone takes it, when the host chose so.
  const human = (s: SeatRow) => s.user_id !== null && !(g.open_seat_bot && s.status === 'open');
  const input: ResolveInput = {
    gameId, ruleset: g.ruleset, record, caretaker: g.caretaker, demo: g.is_demo, gm: g.gm_user_id !== null,
    seats: seats.map((s) => ({ player: s.player, human: human(s), sentOrders: sentOrders(s.player), mailLang: canMail(s) ? langOf(s) : null })),
    ...(g.pace ? { prompts: promptSettings(g, seats) } : {}),
    ...(takesMailOrders(ctx, g) ? { templates: true } : {}),
  };
  return { g, seats, sheets, input };
}

/** Every open prompt of a game of prompts is charged to a clock (Decision.charges): none waits for a vacation. */
function chargedOnly(g: GameRow): boolean {
  const open = openPrompts(getRuleset(g.ruleset).ruleset, g.state, g.pace!, g.pace_minutes);
  return open.length > 0 && open.every((p) => p.charges !== undefined);
}

/** A game may be due now: resolve it at once where the platform can (ctx.kickGame), else wake the scheduler. */
export function wakeGame(ctx: AppCtx, gameId: number): void {
  if (ctx.kickGame) ctx.kickGame(gameId);
  else ctx.kick();
}

/** A game of prompts' settings for the referee: pace, class lengths, the seats' standing answers. */
export function promptSettings(g: GameRow, seats: SeatRow[]): NonNullable<ResolveInput['prompts']> {
  const standing: Record<string, Record<string, string>> = {};
  for (const s of seats) if (s.standing && s.status === 'active' && s.user_id !== null) standing[s.player] = s.standing;
  return { pace: g.pace!, minutes: g.pace_minutes, standing };
}

/** Two resolution inputs are the same when everything but the state is, and the states' hashes are. */
function sameInput(a: ResolveInput, b: ResolveInput, hashA: string | null, hashB: string | null): boolean {
  const key = (i: ResolveInput) => JSON.stringify({ ...i, record: { ...i.record, state: null } });
  return hashA !== null && hashA === hashB && key(a) === key(b);
}

/**
 * The resolution transaction (see the module comment). `computed` is the referee's work done
 * before the transaction on the rows as they were then: it is used only if the rows read now,
 * under the lock, are the same (a sheet saved or a seat taken meanwhile makes the referee work
 * again, inside the transaction).
 */
async function resolveIn(ctx: AppCtx, t: Db, gameId: number, claimedStep: number, computed: { input: ResolveInput; hash: string | null; output: ResolveOutput } | null): Promise<ResolveOutcome> {
  const g = await t.one<GameRow>('SELECT * FROM games WHERE id = $1 FOR UPDATE', [gameId]);
  if (resolutionTestHooks.afterLock) await resolutionTestHooks.afterLock(gameId);
  if (!g || g.claimed_by !== ctx.instanceId) return 'busy';
  // The step moved on since the claim (a free action was taken): the claim is released for a new one.
  if (g.step !== claimedStep) { await t.query('UPDATE games SET claimed_by = NULL, claimed_at = NULL WHERE id = $1', [gameId]); ctx.kick(); return 'busy'; }
  const release = () => t.query('UPDATE games SET claimed_by = NULL, claimed_at = NULL WHERE id = $1', [gameId]);
  if (g.status !== 'running') { await release(); return g.status === 'finished' ? 'finished' : 'not-due'; }
  const now = ctx.now();
  const { seats, sheets, input } = (await resolutionInput(ctx, t, gameId, claimedStep, g))!;

  // Still due? (a lord may have withdrawn his "ready" between the claim and the lock; see DUE_SQL)
  const ready = (s: SeatRow) => sheets.some((h) => h.player === s.player && h.ready);
  const humans = seats.filter((s) => s.user_id !== null && s.status === 'active' && s.asked);
  const gm = await gmStepState(t, gameId, g.step + 1);
  const allReady = !gm.waits && ((gm.items > 0 && !seats.some((s) => s.asked)) || (g.pace
    ? seats.some((s) => s.user_id !== null) && humans.every((s) => s.missed >= g.absent_after || ready(s))
    : g.early && humans.length > 0 && humans.every(ready)));
  const pastDeadline = !!g.deadline && g.deadline.getTime() <= now.getTime();
  if (g.paused_at || !(pastDeadline || allReady)) { await release(); return 'not-due'; }
  // A game of prompts waits for a player on vacation (when the host allows vacations): the deadline
  // moves to the end of his vacation instead of his prompts falling to their defaults.
  // Not for prompts charged to another player's clock (Decision.charges): they end with his time.
  if (g.pace && g.vacations && pastDeadline && !allReady && !chargedOnly(g)) {
    const away = await t.one<{ until: Date }>(
      `SELECT max(u.vacation_until) AS until FROM seats s JOIN users u ON u.id = s.user_id
       WHERE s.game_id = $1 AND s.status = 'active' AND s.asked AND u.vacation_until > $2
         AND NOT EXISTS (SELECT 1 FROM sheets h WHERE h.game_id = $1 AND h.player = s.player AND h.step = $3 AND h.ready)`, [gameId, now, g.step + 1]);
    if (away?.until) {
      await t.query('UPDATE games SET deadline = $2, claimed_by = NULL, claimed_at = NULL WHERE id = $1', [gameId, away.until]);
      return 'not-due';
    }
  }

  // The referee's work runs in a worker thread within the turn's time budget (referee/pool.ts);
  // a turn over budget throws here, so the transaction rolls back and the failure is recorded.
  const r = computed && sameInput(computed.input, input, computed.hash, g.state_hash)
    ? computed.output
    : await runReferee('resolve', input, ctx.config.turnBudgetMs);
  const step = r.step;
  const askedBefore = new Set(r.askedBefore);
  const askedAfter = new Set(r.askedAfter);
  const finished = r.finished;
  // Every turn keeps its minimum length, also after an early resolution. A game of prompts: the
  // new prompts' length at the game's pace, a slot interrupted by others resuming its clock.
  // A prompt's last answer, once every player it asks has answered (a charged prompt runs its clock until then).
  const answeredAt: Record<string, Date> = {};
  for (const p of r.promptsBefore ?? []) {
    const mine = sheets.filter((h) => h.ready && h.decision === p.id);
    if (p.players.every((pl) => mine.some((h) => h.player === pl))) for (const h of mine) if (!(answeredAt[p.id]! >= h.updated_at)) answeredAt[p.id] = h.updated_at;
  }
  const clocks = g.pace ? clocksAfter(g.clocks, r.promptsBefore ?? [], g.deadline, now, answeredAt, g.asked_at) : null;
  const deadline = finished ? null : g.pace ? stepDeadline(r.promptsAfter ?? [], now, clocks) : turnDeadline(g.schedule, now, g.deadline);

  await t.query(
    'INSERT INTO steps(game_id, idx, label, submissions, defaulted, events, hash, resolved_at, stats, audience) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)',
    [gameId, step.index, step.label, json(step.submissions), json(step.defaulted), json(step.events), step.hash, now, r.stats, step.audience ? json(step.audience) : null]);
  if (g.pace) {
    await t.query('UPDATE games SET clocks = $2, asked_at = $3 WHERE id = $1', [gameId, json(clocks), now]);
    // The new prompts that players' standing answers answer, stored as their answers (ready).
    for (const a of r.autoAnswers ?? []) {
      await t.query(`${upsertSheet('(SELECT 1) g')}`, [gameId, a.player, step.index + 1, a.decision, a.text, json(a.value), '[]', now]);
      await t.query('UPDATE sheets SET ready = TRUE, auto = TRUE WHERE game_id = $1 AND player = $2 AND step = $3 AND decision = $4', [gameId, a.player, step.index + 1, a.decision]);
    }
  }
  for (const s of seats) {
    const rep = r.reports[s.player]!;
    if (!stepAudienceSeenBy(step.audience, s.player)) continue; // a step known to its audience alone (step-audience.ts): no report for the others
    // A game of prompts' reports are the lines of its log, read on its page: none waits to be opened.
    await t.query('INSERT INTO reports(game_id, idx, player, text_fr, text_en, read_at) VALUES ($1, $2, $3, $4, $5, $6)', [gameId, step.index, s.player, rep.fr, rep.en, g.pace ? now : null]);
  }
  await t.query(
    `UPDATE games SET state = $2, state_hash = $3, step = $4, next_order = $5, deadline = $6, status = $7, turn_label = $8,
       claimed_by = NULL, claimed_at = NULL, attempts = 0, last_error = NULL WHERE id = $1`,
    [gameId, r.stateJson, step.hash, step.index, r.nextOrder, deadline, finished ? 'finished' : 'running', r.stepLabel]);
  // The game's end: its heroes to the hall, the new ranking, its end and winners (game-end.ts).
  if (finished) await recordGameEnd(t, g, seats, r.stateJson, now);
  // Seats: who is still asked; consecutive turns without orders for the lords who were asked.
  const missed = new Map<string, number>();
  const answers: { player: string; userId: number; onTime: boolean }[] = [];
  for (const s of seats) {
    let m = s.missed;
    if (s.user_id !== null && askedBefore.has(s.player)) {
      // A game of prompts: a ready answer (his own or a standing one); an answer a free action emptied is not one.
      const sent = sheets.some((h) => h.player === s.player && (g.pace ? h.ready : h.ready || h.text.trim() !== ''));
      m = sent ? 0 : s.missed + 1;
      // Reliability (games/reliability.ts): the seat's holder answered this step in time, or not.
      if (s.status === 'active') answers.push({ player: s.player, userId: s.user_id, onTime: sent });
    }
    missed.set(s.player, m);
    await t.query('UPDATE seats SET missed = $3, asked = $4 WHERE game_id = $1 AND player = $2', [gameId, s.player, m, askedAfter.has(s.player)]);
  }
  await recordAnswers(t, gameId, step.index, g.pace ? 'prompt' : 'turn', answers);
  // The GM's queue: this step's items are closed (ruled, or their default applied), the next step's
  // written, once the seats say who is asked (a step asking only the GM takes its items' deadline; games/gm-items.ts).
  await closeGmItems(t, gameId, step.index, now);
  if (!finished) await syncGmItems(ctx, t, gameId, step.index + 1, r.judgments ?? [], deadline);
  // A game of prompts mails no report per step (its log holds them), only those of the steps its
  // ruleset names (Ruleset.reportMail: Gruik's season report); its players are told of the prompts
  // now waiting for them, by their notification settings.
  if (g.pace) {
    if (r.mail) await mailPromptReports(ctx, t, g, seats, r, finished);
    if (!finished) await promptsOpened(ctx, t, g, step.index, r.promptsAfter ?? [], deadline, new Set((r.autoAnswers ?? []).map((a) => `${a.player}/${a.decision}`)));
    if (!finished && r.pause) await pauseForRuleset(ctx, t, g, r.pause, deadline, now);
    await testPauseInTransaction(gameId);
    return 'resolved';
  }
  // One mail per lord who took part, with his report in his language (unless his notification
  // settings turn report mails into a digest line or nothing).
  const modes = await reportModes(t, seats);
  for (const s of seats) {
    if (!canMail(s) || !(askedBefore.has(s.player) || askedAfter.has(s.player))) continue;
    const lang = langOf(s);
    if (!await reportMailWanted(ctx, t, gameId, s, modes, lang === 'fr' ? `Tour ${step.index}` : `Turn ${step.index}`, `/games/${gameId}/reports/${step.index}`)) continue;
    const reportUrl = link(ctx, `/games/${gameId}/reports/${step.index}`);
    const gameUrl = link(ctx, `/games/${gameId}`);
    const report = r.reports[s.player]![lang];
    const lines: string[] = [lang === 'fr' ? `Ce rapport en ligne : ${reportUrl}` : `This report online: ${reportUrl}`];
    if (finished) {
      lines.push(lang === 'fr' ? 'La partie est terminée.' : 'The game is over.');
    } else if (askedAfter.has(s.player)) {
      const when = formatDeadline(deadline!, g.schedule.timeZone, lang);
      lines.push(lang === 'fr' ? `Prochains ordres avant le ${when} : ${gameUrl}` : `Next orders due before ${when}: ${gameUrl}`);
      if ((missed.get(s.player) ?? 0) >= MISSED_FLAG) {
        lines.push(lang === 'fr'
          ? `Vous n’avez pas envoyé d’ordres depuis ${missed.get(s.player)} tours : l’hôte peut confier votre seigneur à un remplaçant.`
          : `You have sent no orders for ${missed.get(s.player)} turns: the host may hand your lord to a replacement.`);
      }
    }
    // Orders by mail (games/mail-orders.ts): the seat's orders address as Reply-To, and the blank sheet of the next turn.
    const orders = !finished && askedAfter.has(s.player) && r.templates?.[s.player] && takesMailOrders(ctx, g)
      ? await mailOrdersPart(ctx, t, gameId, s.player, lang, step.index + 1, r.templates[s.player]!) : null;
    // The text part: the report as plain text (no Markdown syntax), then the links and deadlines.
    const text = `${markdownText(report)}\n—\n${lines.join('\n')}\n${orders ? `\n${orders.intro.join('\n\n')}\n\n${orders.block}\n` : ''}`;
    const map = r.maps[s.player] ?? null;
    await queueMail(t, {
      to: s.email!,
      subject: lang === 'fr' ? `BILAN — ${g.name} — tour ${step.index}` : `Report — ${g.name} — turn ${step.index}`,
      text,
      html: mailHtml({ report, after: [...lines.slice(1), ...(orders?.intro ?? [])], sheet: orders?.block }, [{ href: reportUrl, label: lang === 'fr' ? 'Voir le rapport' : 'View the report' }], map?.alt ?? null),
      mapSvg: map?.svg ?? null,
      replyTo: orders?.address ?? null,
    });
  }
  await testPauseInTransaction(gameId);
  return 'resolved';
}

/** The report-mail setting (notification channel 'reports') of each seat that may be mailed. */
const reportModes = (t: Db, seats: SeatRow[]): Promise<Map<number, NotifyMode>> =>
  notifier.modes(t, seats.filter(canMail).map((s) => s.user_id!), 'reports');

/**
 * Whether a seat's report of a step is mailed: 'each' (the default) yes; 'digest' no, a line of
 * his daily digest with the report's link instead; 'none' no, the report stays on the site.
 */
async function reportMailWanted(ctx: AppCtx, t: Db, gameId: number, s: SeatRow, modes: Map<number, NotifyMode>, what: string, path: string): Promise<boolean> {
  const mode = modes.get(s.user_id!) ?? 'each';
  if (mode === 'digest') {
    await notifier.digestLine(ctx, t, { userId: s.user_id!, channel: 'reports', gameId, line: message(langOf(s), 'notify.reports.line', { what }), link: path });
  }
  return mode === 'each';
}

/**
 * A game of prompts' step whose reports its ruleset mails (`ResolveOutput.mail`, the mail's title):
 * one mail per player of an active seat who may know of the step (step-audience.ts), his own
 * report in his language with his map, like an order-sheet turn's; the prompts that follow are
 * told by the "your turn" notices, not here.
 */
async function mailPromptReports(ctx: AppCtx, t: Db, g: GameRow, seats: SeatRow[], r: ResolveOutput, finished: boolean): Promise<void> {
  const step = r.step;
  const modes = await reportModes(t, seats);
  for (const s of seats) {
    if (!canMail(s) || s.status !== 'active' || !stepAudienceSeenBy(step.audience, s.player)) continue;
    const lang = langOf(s);
    if (!await reportMailWanted(ctx, t, g.id, s, modes, r.mail![lang], `/games/${g.id}/reports/${step.index}`)) continue;
    const reportUrl = link(ctx, `/games/${g.id}/reports/${step.index}`);
    const report = r.reports[s.player]![lang];
    const lines = [
      lang === 'fr' ? `Ce rapport en ligne : ${reportUrl}` : `This report online: ${reportUrl}`,
      finished ? (lang === 'fr' ? 'La partie est terminée.' : 'The game is over.') : (lang === 'fr' ? `La partie : ${link(ctx, `/games/${g.id}/play`)}` : `The game: ${link(ctx, `/games/${g.id}/play`)}`),
    ];
    const map = r.maps[s.player] ?? null;
    await queueMail(t, {
      to: s.email!,
      subject: `${r.mail![lang]} — ${g.name}`,
      text: `${markdownText(report)}\n—\n${lines.join('\n')}\n`,
      html: mailHtml({ report, after: lines.slice(1) }, [{ href: reportUrl, label: lang === 'fr' ? 'Voir le rapport' : 'View the report' }], map?.alt ?? null),
      mapSvg: map?.svg ?? null,
    });
  }
}

/** A report mail's orders part: the seat's orders address, how to answer, and the block of the blank sheet. */
async function mailOrdersPart(ctx: AppCtx, t: Db, gameId: number, player: string, lang: Lang, turn: number, template: string): Promise<{ address: string; intro: string[]; block: string }> {
  const address = orderAddress(ctx, await seatOrderToken(t, gameId, player));
  return { address, intro: orderBlockIntro(lang, turn, address), block: orderBlock(lang, turn, template) };
}

/**
 * Test hooks, for tests in this process only (never set by the platform). `afterLock`: awaited
 * inside the resolution transaction right after the game row is read with its lock, before anything
 * is written, so a test can check from another connection that the row is locked. `beforeTx`:
 * awaited after the claim (and, on the embedded database, the referee's work ahead), before the
 * transaction, so a test can change the game between the claim and the lock (a ready withdrawn, a
 * step moved on, a claim taken over) without racing the resolution.
 */
export const resolutionTestHooks: {
  afterLock: ((gameId: number) => Promise<void>) | null;
  beforeTx: ((gameId: number) => Promise<void>) | null;
} = { afterLock: null, beforeTx: null };

/**
 * Test hook, for the kill/restart test only: when SUZERAIN_TEST_PAUSE_IN_TX is set to a number of
 * milliseconds, the resolution announces "suzerain-test: paused in transaction" on stderr and waits
 * that long after writing the new turn and before committing, so a test can kill the process there.
 */
async function testPauseInTransaction(gameId: number): Promise<void> {
  const ms = Number(process.env.SUZERAIN_TEST_PAUSE_IN_TX ?? '');
  if (!ms) return;
  process.stderr.write(`suzerain-test: paused in transaction (game ${gameId})\n`);
  await sleep(ms);
}

// ─── Reading ───────────────────────────────────────────────────────────────────────────────────

const SUMMARY_COLS = `g.id, g.name, g.ruleset, g.status, g.max_players, g.step, g.turn_label, g.is_private, g.is_demo, g.deadline, g.attempts > 0 AS failing, g.pace, g.absent_after,
  g.status = 'finished' AND NOT (g.is_private AND g.keep_private) AS archived, g.min_reliability,
  g.options->>'map' AS map, g.gm_user_id, (SELECT count(*)::int FROM seats s WHERE s.game_id = g.id) AS lords`;
const SUMMARY_SQL = `SELECT ${SUMMARY_COLS} FROM games g`;

/**
 * What the order page reads on each request, in one prepared statement (issue 20: the page's 6
 * statements after the session's were most of PostgreSQL's work, mostly parsing and planning):
 * the game (as `games.summary`), the visitor's seat in it (as `games.seatOf`), the state's hash and
 * the schedule, and for an active seat only: its sheet of the turn in progress (as `games.sheet`),
 * its latest report with whether it was opened (the unread banner, as `unreadReport`) and the
 * report of step `asked` (the "turn resolved" notice). The latest report is one probe of an index
 * whatever the game's length (not the list of every report).
 */
export const ORDER_PAGE_SQL = `SELECT ${SUMMARY_COLS}, g.state_hash, g.schedule, g.early,
  s.game_id AS seat_game_id, s.player AS seat_player, s.user_id AS seat_user_id, s.lord_name AS seat_lord_name, s.status AS seat_status,
  s.missed AS seat_missed, s.order_token AS seat_order_token, u.login AS seat_login,
  h.text AS sheet_text, h.value AS sheet_value, h.issues AS sheet_issues, h.ready AS sheet_ready, h.updated_at AS sheet_updated_at,
  lr.idx AS last_idx, lr.label AS last_label, lr.read_at AS last_read_at, ar.label AS asked_label
  FROM games g
  LEFT JOIN (seats s JOIN users u ON u.id = s.user_id) ON s.game_id = g.id AND s.user_id = $2
  LEFT JOIN LATERAL (SELECT h.text, h.value, h.issues, h.ready, h.updated_at FROM sheets h
    WHERE s.status = 'active' AND h.game_id = g.id AND h.player = s.player AND h.step = g.step + 1 ORDER BY h.decision LIMIT 1) h ON TRUE
  LEFT JOIN LATERAL (SELECT r.idx, st.label, r.read_at FROM reports r JOIN steps st ON st.game_id = r.game_id AND st.idx = r.idx
    WHERE s.status = 'active' AND r.game_id = g.id AND r.player = s.player ORDER BY r.idx DESC LIMIT 1) lr ON TRUE
  LEFT JOIN LATERAL (SELECT st.label FROM reports r JOIN steps st ON st.game_id = r.game_id AND st.idx = r.idx
    WHERE s.status = 'active' AND r.game_id = g.id AND r.player = s.player AND r.idx = $3) ar ON TRUE
  WHERE g.id = $1`;

/** The order page's reading of one request (orderPageRead). */
export interface OrderPageRead {
  /** The game and the visitor's seat, exactly as `access()` gives them (seat null for a seat now open). */
  game: GameSummary;
  seat: Seat | null;
  former: boolean;
  stateHash: string | null;
  schedule: unknown;
  early: boolean;
  /** Of an active seat only (else an empty sheet, no report). */
  sheet: SheetState;
  orderToken: string | null;
  /** The seat's latest report, and whether its lord has opened it. */
  lastReport: { idx: number; label: string; read: boolean } | null;
  /** The seat's report of the step asked for, when there is one. */
  askedReport: { idx: number; label: string } | null;
}

/**
 * The order page's rows (ORDER_PAGE_SQL) for game `gameId`, visitor `userId` (null: anonymous)
 * and the report of step `asked` (null: none). Null when there is no such game.
 */
export async function orderPageRead(db: Db, gameId: number, userId: number | null, asked: number | null): Promise<OrderPageRead | null> {
  const r = await db.one(ORDER_PAGE_SQL, [gameId, userId, asked], { prepare: true });
  if (!r) return null;
  const held = r.seat_player === null || r.seat_player === undefined ? null : toSeat({
    game_id: r.seat_game_id, player: r.seat_player, user_id: r.seat_user_id, lord_name: r.seat_lord_name, status: r.seat_status, missed: r.seat_missed, login: r.seat_login,
  } as SeatRow);
  const seat = held && userId !== null && held.userId === userId ? held : null;
  const open = seat?.status === 'open';
  const active = !!seat && seat.status === 'active';
  return {
    game: toSummary(r), seat: open ? null : seat, former: open,
    stateHash: r.state_hash ?? null, schedule: r.schedule ?? null, early: !!r.early,
    sheet: toSheet(active && r.sheet_updated_at !== null && r.sheet_updated_at !== undefined
      ? { text: r.sheet_text, value: r.sheet_value, issues: r.sheet_issues, ready: r.sheet_ready, updated_at: r.sheet_updated_at } as SheetRow : null),
    orderToken: active ? r.seat_order_token ?? null : null,
    lastReport: active && r.last_idx !== null && r.last_idx !== undefined ? { idx: r.last_idx, label: r.last_label, read: r.last_read_at !== null } : null,
    askedReport: active && asked !== null && r.asked_label !== null && r.asked_label !== undefined ? { idx: asked, label: r.asked_label } : null,
  };
}

function toSummary(r: Row): GameSummary {
  return {
    id: r.id, name: r.name, ruleset: r.ruleset, status: r.status, maxPlayers: r.max_players, step: r.step, turnLabel: r.turn_label ?? '',
    isPrivate: r.is_private, isDemo: r.is_demo, deadline: r.deadline ?? null, lords: r.lords, map: r.map ?? null, failing: !!r.failing,
    pace: r.pace ?? null, absentAfter: Number(r.absent_after ?? ABSENT_AFTER.default),
    archived: !!r.archived, minReliability: r.min_reliability === null || r.min_reliability === undefined ? null : Number(r.min_reliability),
    gmUserId: r.gm_user_id === null || r.gm_user_id === undefined ? null : Number(r.gm_user_id),
  };
}

function toSeat(r: SeatRow): Seat {
  return { gameId: r.game_id, player: r.player, userId: r.user_id, lordName: r.lord_name, status: r.status, missed: r.missed, login: r.login ?? null };
}

/** The whole GameRecord of a stored game (setup, state, pending sheets, every step), e.g. for replay or export. */
export async function loadGameRecord(db: Db, gameId: number): Promise<GameRecord | null> {
  const g = await db.one<GameRow>('SELECT * FROM games WHERE id = $1', [gameId]);
  if (!g || g.status === 'forming') return null;
  const steps = await db.query('SELECT * FROM steps WHERE game_id = $1 ORDER BY idx', [gameId]);
  const sheets = await db.query<SheetRow>('SELECT * FROM sheets WHERE game_id = $1 AND step = $2 AND value IS NOT NULL ORDER BY sub_order', [gameId, g.step + 1]);
  return recordOf(g,
    sheets.map((h) => ({ decision: h.decision, player: h.player, value: h.value, order: h.sub_order })),
    steps.map((s) => ({ index: s.idx, label: s.label, submissions: s.submissions, defaulted: s.defaulted, events: s.events, hash: s.hash, ...(s.action ? { action: s.action } : {}), ...(s.audience ? { audience: s.audience } : {}) })));
}

// ─── Reports read, and their maps ──────────────────────────────────────────────────────────────

/**
 * The seat's latest report when its lord has not opened it yet: the game's pages show "Turn N
 * resolved — read your report" until he does (migration 013).
 */
export async function unreadReport(db: Db, gameId: number, player: PlayerId): Promise<{ idx: number; label: string } | null> {
  const r = await db.one<{ idx: number; label: string; read_at: Date | null }>(
    `SELECT r.idx, s.label, r.read_at FROM reports r JOIN steps s ON s.game_id = r.game_id AND s.idx = r.idx
     WHERE r.game_id = $1 AND r.player = $2 ORDER BY r.idx DESC LIMIT 1`, [gameId, player]);
  return r && r.read_at === null ? { idx: r.idx, label: r.label } : null;
}

/** The seat's lord opened this report (its first opening is kept). */
export async function markReportRead(db: Db, gameId: number, idx: number, player: PlayerId, now: Date): Promise<void> {
  await db.query('UPDATE reports SET read_at = $4 WHERE game_id = $1 AND idx = $2 AND player = $3 AND read_at IS NULL', [gameId, idx, player, now]);
}

/** Report maps already drawn, by step hash, player and language (a past turn's map never changes). */
const REPORT_MAPS = new LruCache<string, { svg: string; alt: string } | null>(64);

/**
 * A player's map of one turn for his report page (null: the public map, for the archive's turn pages), drawn in the referee's worker threads within
 * the turn budget, like the report mail's map (`referee/tasks.ts`, reportMap): from the current
 * state for the latest turn, else by replaying the stored game up to that turn. Null when the
 * ruleset draws no map or drawing fails (the page goes without it).
 */
export async function reportMapOf(ctx: AppCtx, gameId: number, idx: number, player: PlayerId | null, lang: Lang): Promise<{ svg: string; alt: string } | null> {
  const g = await ctx.db.one<{ ruleset: string; step: number; state_hash: string | null }>('SELECT ruleset, step, state_hash FROM games WHERE id = $1', [gameId]);
  const step = await ctx.db.one<{ hash: string }>('SELECT hash FROM steps WHERE game_id = $1 AND idx = $2', [gameId, idx]);
  if (!g || !step || !getRuleset(g.ruleset).ruleset.mapDoc) return null;
  const key = `${g.ruleset}|${step.hash}|${idx}|${player ?? '\u0000public'}|${lang}`;
  if (REPORT_MAPS.has(key)) return REPORT_MAPS.get(key)!;
  let map: { svg: string; alt: string } | null;
  try {
    if (g.step === idx) {
      const state = await cachedState(ctx.db, gameId, g.state_hash);
      map = await runReferee('reportMap', { ruleset: g.ruleset, player, lang, idx, state }, ctx.config.turnBudgetMs);
    } else {
      const record = await loadGameRecord(ctx.db, gameId);
      map = record ? await runReferee('reportMap', { ruleset: g.ruleset, player, lang, idx, record: { ...record, pending: [], steps: record.steps.filter((x) => x.index <= idx) } }, ctx.config.turnBudgetMs) : null;
    }
  } catch (e) {
    console.error(`suzerain: drawing the map of report ${idx} of game ${gameId} failed: ${e instanceof Error ? e.message : String(e)}`);
    return null; // not cached: a busy pool may draw it next time
  }
  REPORT_MAPS.set(key, map);
  return map;
}

const PUBLIC_REPORTS = new LruCache<string, string | null>(64);
/**
 * The public chronicle of step `idx` (Markdown; null when the ruleset writes none), replayed in a
 * referee thread from the stored record up to that step, under the turn budget; cached by the
 * step's hash. Only the archive of a finished game shows it.
 */
export async function publicReportOf(ctx: AppCtx, gameId: number, idx: number, lang: Lang): Promise<string | null> {
  const g = await ctx.db.one<{ ruleset: string }>('SELECT ruleset FROM games WHERE id = $1', [gameId]);
  const step = await ctx.db.one<{ hash: string }>('SELECT hash FROM steps WHERE game_id = $1 AND idx = $2', [gameId, idx]);
  if (!g || !step || !getRuleset(g.ruleset).ruleset.publicReport) return null;
  const key = `${g.ruleset}|${gameId}|${step.hash}|${idx}|${lang}`;
  if (PUBLIC_REPORTS.has(key)) return PUBLIC_REPORTS.get(key)!;
  let text: string | null;
  try {
    const record = await loadGameRecord(ctx.db, gameId);
    text = record ? await runReferee('publicReport', { ruleset: g.ruleset, lang, idx, record: { ...record, pending: [], steps: record.steps.filter((x) => x.index <= idx) } }, ctx.config.turnBudgetMs) : null;
  } catch (e) {
    console.error(`suzerain: the public chronicle of step ${idx} of game ${gameId} failed: ${e instanceof Error ? e.message : String(e)}`);
    return null; // not cached: a busy pool may write it next time
  }
  PUBLIC_REPORTS.set(key, text);
  return text;
}

/** Replays a stored game from its setup and checks every recorded state hash. */
export async function replayStored(db: Db, gameId: number): Promise<ReplayResult | null> {
  const rec = await loadGameRecord(db, gameId);
  return rec ? replay(getRuleset(rec.ruleset).ruleset, rec) : null;
}

async function isHost(db: Db, g: GameRow, userId: number): Promise<boolean> {
  if (g.host_user_id === userId) return true;
  return !!(await db.one('SELECT 1 FROM users WHERE id = $1 AND is_host', [userId]));
}

/**
 * The host's minimum reliability of a private game (migration 025; games/reliability.ts): a
 * player below it is refused, with his reliability and the minimum in both languages.
 */
async function requireReliability(db: Db, g: GameRow, userId: number): Promise<void> {
  const min = g.min_reliability === null || g.min_reliability === undefined ? null : Number(g.min_reliability);
  if (min === null) return;
  const h = await historyOf(db, userId);
  if (meetsMinimum(h, min)) return;
  const p = reliabilityPercent(h) ?? 0;
  throw new GamesError('reliability', `this game asks for a reliability of at least ${min} %; yours is ${p} %`, 403, {
    fr: `Cette partie demande une fiabilité d’au moins ${min} % ; la vôtre est de ${p} %.`,
    en: `This game asks for a reliability of at least ${min}%; yours is ${p}%.`,
  });
}

/** The game's GM cannot hold a seat in it: he sees every hidden state (games/gm.ts; migration 027). */
function refuseGmSeat(g: GameRow, userId: number): void {
  if (g.gm_user_id !== null && Number(g.gm_user_id) === userId) {
    throw new GamesError('gm-plays', 'the game’s GM cannot hold a seat in it', 409, { fr: 'Le MJ de la partie ne peut pas y prendre place (il voit tout l’état caché).', en: 'The game’s GM cannot take a seat in it (he sees every hidden state).' });
  }
}

/** Gives a seat to a user (an open seat, or a private game's open place). */
async function takeSeatIn(db: Db, g: GameRow, player: string, userId: number): Promise<void> {
  if (g.status === 'finished') throw new GamesError('finished', 'the game is over', 409);
  const seat = await db.one<SeatRow>('SELECT * FROM seats WHERE game_id = $1 AND player = $2', [g.id, player]);
  if (!seat) throw new GamesError('no-seat', `no lord ${player} in this game`, 404);
  if (seat.status !== 'open') throw new GamesError('seat-not-open', 'this seat is not open for a replacement', 409);
  refuseGmSeat(g, userId);
  if (await db.one('SELECT 1 FROM seats WHERE game_id = $1 AND user_id = $2', [g.id, userId])) throw new GamesError('already-seated', 'you already hold a seat in this game', 409);
  // A seat taken over counts for nobody in the permanent ranking (« les positions reprises ne comptent pas », ranking/service.ts).
  await db.query(`UPDATE seats SET user_id = $3, status = 'active', missed = 0, taken_over = TRUE WHERE game_id = $1 AND player = $2`, [g.id, player, userId]);
}

export interface GamesExtra {
  /** The host (of the game, or of the site) opens the seat of a lord flagged for missing turns. */
  openSeatAsHost(ctx: AppCtx, gameId: number, player: string, hostUserId: number): Promise<void>;
  /** The full GameRecord of a stored game (null while forming). */
  record(ctx: AppCtx, gameId: number): Promise<GameRecord | null>;
  /** Replays a stored game and checks every state hash. */
  replay(ctx: AppCtx, gameId: number): Promise<ReplayResult | null>;
}

export const games: GamesApi & GamesExtra = {
  async create(ctx, input) {
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    return ctx.db.tx((t) => createGameIn(ctx, t, input, passwordHash));
  },

  async summary(ctx, gameId) {
    const r = await ctx.db.one(`${SUMMARY_SQL} WHERE g.id = $1`, [gameId]);
    return r ? toSummary(r) : null;
  },

  async listForUser(ctx, userId) {
    const rows = await ctx.db.query(`${SUMMARY_SQL} WHERE EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = $1 AND s.status <> 'open') ORDER BY g.id DESC`, [userId]);
    return rows.map(toSummary);
  },

  async listPublic(ctx, page = { limit: 1000, offset: 0 }) {
    const rows = await ctx.db.query(
      `${SUMMARY_SQL} WHERE g.public_view AND NOT g.is_private ORDER BY CASE g.status WHEN 'forming' THEN 0 WHEN 'running' THEN 1 ELSE 2 END, g.id DESC LIMIT $1 OFFSET $2`,
      [page.limit, page.offset]);
    return rows.map(toSummary);
  },

  async countPublic(ctx) {
    return Number((await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM games g WHERE g.public_view AND NOT g.is_private'))!.n);
  },

  async seats(ctx, gameId) {
    return (await ctx.db.query<SeatRow>(SEATS_SQL, [gameId])).map(toSeat);
  },

  async seatOf(ctx, gameId, userId) {
    const r = await ctx.db.one<SeatRow>(`SELECT s.*, u.login FROM seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = $1 AND s.user_id = $2`, [gameId, userId]);
    return r ? toSeat(r) : null;
  },

  async view(ctx, gameId, player) {
    const g = await ctx.db.one<GameRow>('SELECT ruleset, state_hash FROM games WHERE id = $1', [gameId]);
    if (!g) return null;
    const state = await cachedState(ctx.db, gameId, g.state_hash);
    if (state === null || state === undefined) return null;
    return getRuleset(g.ruleset).ruleset.view(state, player);
  },

  async sheet(ctx, gameId, player) {
    const r = await ctx.db.one<SheetRow>(
      `SELECT h.* FROM sheets h JOIN games g ON g.id = h.game_id WHERE h.game_id = $1 AND h.player = $2 AND h.step = g.step + 1 ORDER BY h.decision LIMIT 1`,
      [gameId, player]);
    return toSheet(r);
  },

  async saveSheet(ctx, gameId, player, answer, expectStep) {
    return ctx.db.tx(async (t) => {
      const g = await lockGame(t, gameId);
      requireRunning(g);
      requireStep(g, expectStep);
      return saveSheetIn(ctx, t, g, player, answer);
    });
  },

  async saveOwnSheet(ctx, gameId, userId, text) {
    // The common case in one round trip: who the user plays and at which step come from a small
    // in-memory table; the statement that writes the sheet checks them all again (seat still his
    // and active, game still running at that step) and writes nothing if anything changed — then
    // the table is refreshed from the database and, if still needed, the full way runs.
    // A NUL byte is refused by the database: such a text takes the full way, where its error is its own
    // (in a batch it would fail the other saves written with it).
    if (text.includes('\u0000')) return null;
    for (let attempt = 0; attempt < 2; attempt++) {
      const key = `${gameId}/${userId}`;
      let seat = attempt === 0 ? ownSeats.get(key) : undefined;
      if (!seat) {
        const g = await ctx.db.one<{ ruleset: string; status: string; step: number; state_hash: string | null; player: string; seat_status: string }>(
          `SELECT g.ruleset, g.status, g.step, g.state_hash, s.player, s.status AS seat_status
             FROM games g JOIN seats s ON s.game_id = g.id WHERE g.id = $1 AND s.user_id = $2`, [gameId, userId]);
        if (!g || g.status !== 'running' || g.seat_status !== 'active') { ownSeats.delete(key); return null; }
        seat = { ruleset: g.ruleset, step: Number(g.step), stateHash: g.state_hash, player: g.player };
        if (ownSeats.size >= OWN_SEATS_MAX) ownSeats.delete(ownSeats.keys().next().value!);
        ownSeats.set(key, seat);
      }
      const rs = getRuleset(seat.ruleset).ruleset;
      const state = await cachedState(ctx.db, gameId, seat.stateHash);
      const decision = decisionOf(rs, state, seat.player);
      if (!decision) { ownSeats.delete(key); continue; }
      // The validation and warnings of the same text on the same state are reused (sheet-cache.ts).
      const checked = checkSheet(rs, state, seat.player, decision.id, text);
      const at = ctx.now();
      // Group commit (save-batch.ts): written with the saves that arrive meanwhile, in one
      // statement that checks each one's seat and step; resolved once committed.
      const r = await saveBatcher(ctx.db).save({
        gameId, player: seat.player, step: seat.step + 1, decision: decision.id, text,
        value: checked.value, issues: checked.issues,
        at, userId,
      });
      // The row as written: the save's own values (the statement gives back only what it kept, `ready`).
      if (r) return { sheet: { text, issues: checked.parsed.issues, value: checked.parsed.value, ready: r.ready, updatedAt: at }, step: seat.step };
      ownSeats.delete(key);
    }
    return null;
  },

  async setReady(ctx, gameId, player, ready, expectStep) {
    const early = await ctx.db.tx(async (t) => {
      const g = await lockGame(t, gameId);
      requireStep(g, expectStep);
      return setReadyIn(ctx, t, g, player, ready);
    });
    if (ready && early) ctx.kick();
  },

  async resolveIfDue(ctx, gameId) {
    const g = await ctx.db.one<GameRow>('SELECT status FROM games WHERE id = $1', [gameId]);
    if (!g || g.status === 'forming') return 'not-due';
    if (g.status === 'finished') return 'finished';
    const c = await claim(ctx, gameId, []);
    if (!c) {
      const r = await ctx.db.one<GameRow>('SELECT status, claimed_by, claimed_at FROM games WHERE id = $1', [gameId]);
      if (r?.status === 'finished') return 'finished';
      const stale = ctx.now().getTime() - ctx.config.claimTimeoutSeconds * 1000;
      if (r?.claimed_by && r.claimed_at && r.claimed_at.getTime() >= stale) return 'busy';
      return 'not-due';
    }
    return resolveClaimed(ctx, c.id, c.step);
  },

  async runDue(ctx) {
    let resolved = 0;
    const tried: number[] = [];
    // On PostgreSQL, as many lanes as the turns pool has threads: while one lane's referee works
    // in a thread, another writes its turn. Each lane claims its own games (SKIP LOCKED).
    const lane = async () => {
      for (;;) {
        const c = await claim(ctx, null, tried);
        if (!c) return;
        tried.push(c.id);
        if ((await resolveClaimed(ctx, c.id, c.step)) === 'resolved') resolved++;
      }
    };
    await Promise.all(Array.from({ length: ctx.db.kind === 'postgres' ? refereeThreads() : 1 }, lane));
    return resolved;
  },

  async reports(ctx, gameId, player) {
    const rows = await ctx.db.query(
      `SELECT r.idx, s.label, s.resolved_at FROM reports r JOIN steps s ON s.game_id = r.game_id AND s.idx = r.idx
       WHERE r.game_id = $1 AND r.player = $2 ORDER BY r.idx`, [gameId, player]);
    return rows.map((r): ReportEntry => ({ idx: r.idx, label: r.label, resolvedAt: r.resolved_at }));
  },

  async report(ctx, gameId, idx, player, lang) {
    const r = await ctx.db.one('SELECT text_fr, text_en FROM reports WHERE game_id = $1 AND idx = $2 AND player = $3', [gameId, idx, player]);
    if (!r) return null;
    return lang === 'en' ? r.text_en : r.text_fr;
  },

  async leave(ctx, gameId, userId, mode) {
    const kick = await ctx.db.tx(async (t) => {
      const g = await lockGame(t, gameId);
      const seat = await t.one<SeatRow>('SELECT * FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, userId]);
      if (!seat) throw new GamesError('no-seat', 'you hold no seat in this game', 404);
      if (g.status === 'forming') {
        await t.query('DELETE FROM seats WHERE game_id = $1 AND player = $2', [gameId, seat.player]);
        return false;
      }
      requireRunning(g);
      if (seat.status === 'abdicated') throw new GamesError('abdicated', 'this lord has already abdicated', 409);
      if (mode === 'replace') {
        await t.query(`UPDATE seats SET status = 'open' WHERE game_id = $1 AND player = $2`, [gameId, seat.player]);
        await recordDeparture(t, { gameId, player: seat.player, userId, how: 'replacement', step: g.step, at: ctx.now() });
        return false;
      }
      const rs = getRuleset(g.ruleset).ruleset;
      const d = decisionFor(rs, g.state, seat.player);
      if (!d) throw new GamesError('not-asked', 'this lord is no longer in the game', 409);
      // What a departing player's seat answers is the ruleset's (G&P abdicates); none: replacement only.
      const answer = rs.departure?.(g.state, seat.player) ?? null;
      const v = answer === null ? null : rs.validate(g.state, seat.player, d.id, answer);
      if (answer === null || v?.value == null || v.issues.length) throw new GamesError('no-abdication', 'this game has no abdication: ask for a replacement instead', 409);
      await saveSheetIn(ctx, t, g, seat.player, answer);
      await t.query('UPDATE sheets SET ready = TRUE WHERE game_id = $1 AND player = $2 AND step = $3', [gameId, seat.player, g.step + 1]);
      await t.query(`UPDATE seats SET status = 'abdicated' WHERE game_id = $1 AND player = $2`, [gameId, seat.player]);
      await recordDeparture(t, { gameId, player: seat.player, userId, how: 'abdicated', step: g.step, at: ctx.now() });
      return g.early;
    });
    if (kick) ctx.kick();
  },

  async takeSeat(ctx, gameId, player, userId) {
    await ctx.db.tx(async (t) => takeSeatIn(t, await lockGame(t, gameId), player, userId));
  },

  async joinPrivate(ctx, gameId, userId, lordName, password, choice) {
    const g0 = await ctx.db.one<GameRow>('SELECT is_private, password_hash FROM games WHERE id = $1', [gameId]);
    if (!g0) throw new GamesError('no-game', `no game ${gameId}`, 404);
    // A private game asks for its password; a public one (forming, or with an open seat) does not.
    if (g0.is_private && g0.password_hash && !(await verifyPassword(String(password ?? ''), g0.password_hash))) {
      throw new GamesError('wrong-password', 'wrong password', 403);
    }
    await ctx.db.tx(async (t) => {
      const g = await lockGame(t, gameId);
      if (await t.one('SELECT 1 FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, userId])) throw new GamesError('already-seated', 'you already hold a seat in this game', 409);
      refuseGmSeat(g, userId);
      await requireReliability(t, g, userId);
      if (g.status === 'forming') {
        const name = cleanLordName(lordName);
        const chosen = checkSeatChoice(g.ruleset, g.options, choice);
        const seats = await t.query<SeatRow>('SELECT * FROM seats WHERE game_id = $1', [gameId]);
        const other = confusableWith(name, seats.map((s) => s.lord_name));
        if (other !== null) throw new GamesError('lord-name-taken', `a lord is already named "${other}"`, 409, undefined, other);
        if (seats.length >= g.max_players) throw new GamesError('full', 'the game is full', 409);
        const seq = Math.max(0, ...seats.map((s) => s.seq)) + 1;
        let player = `join-${seq}`;
        while (seats.some((s) => s.player === player)) player += '+';
        await t.query('INSERT INTO seats(game_id, player, user_id, lord_name, seq, choice) VALUES ($1, $2, $3, $4, $5, $6)', [gameId, player, userId, name, seq, chosen ? json(chosen) : null]);
        if (seats.length + 1 >= g.max_players) await startGame(ctx, t, gameId);
        return;
      }
      const open = await t.one<SeatRow>(`SELECT * FROM seats WHERE game_id = $1 AND status = 'open' ORDER BY seq LIMIT 1`, [gameId]);
      if (!open) throw new GamesError('full', 'the game has no open seat', 409);
      await takeSeatIn(t, g, open.player, userId);
    });
  },

  async openSeatAsHost(ctx, gameId, player, hostUserId) {
    await ctx.db.tx(async (t) => {
      const g = await lockGame(t, gameId);
      if (!(await isHost(t, g, hostUserId))) throw new GamesError('not-host', 'only the host may give a seat away', 403);
      requireRunning(g);
      const seat = await t.one<SeatRow>('SELECT * FROM seats WHERE game_id = $1 AND player = $2', [gameId, player]);
      if (!seat) throw new GamesError('no-seat', `no lord ${player} in this game`, 404);
      if (seat.status !== 'active' || seat.user_id === null) throw new GamesError('seat-not-active', 'this seat is not held by a player', 409);
      // A game of prompts flags a player absent after its host's number of defaults in a row.
      const flag = g.pace ? g.absent_after : MISSED_FLAG;
      if (seat.missed < flag) throw new GamesError('not-flagged', `the lord has missed ${seat.missed} turns (fewer than ${flag})`, 409);
      await t.query(`UPDATE seats SET status = 'open' WHERE game_id = $1 AND player = $2`, [gameId, player]);
      await recordDeparture(t, { gameId, player, userId: seat.user_id, how: 'opened', step: g.step, at: ctx.now() });
    });
  },

  record: (ctx, gameId) => loadGameRecord(ctx.db, gameId),
  async replay(ctx, gameId) {
    const record = await loadGameRecord(ctx.db, gameId);
    return record ? runReferee('replay', { record }, ctx.config.turnBudgetMs) : null;
  },
};
