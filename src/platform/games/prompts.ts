/**
 * Games made of prompts (issue 14): what a player does in them besides waiting — answer a prompt,
 * take a free action, set his standing answers, extend a deadline once, take a vacation — and
 * what the host does — pause and resume. The step's resolution itself is the same durable job as
 * for weekly turns (`service.ts`): an answer only stores a ready sheet and wakes the scheduler.
 *
 * The platform knows no rule: the ruleset validates answers and actions, applies actions (in the
 * referee's worker threads, `referee/tasks.ts` actTask) and says which standing answers answer
 * what. Every change is one transaction on the locked game row, so that answers, actions and
 * resolutions of one game are applied one at a time, in the order they arrive.
 */
import { actionSeenBy } from './step-audience.ts';
import { GM_SEAT, HOST_SEAT, isError, type ActionInput, type FreeAction, type Lang, type PlayerId, type Ruleset, type ValidationIssue } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import type { Db } from '../db/index.ts';
import type { AppCtx } from '../http/server.ts';
import { runReferee } from '../referee/pool.ts';
import { createRng } from '../../engine/rng.ts';
import type { LiveEvent } from '../live/hub.ts';
import { openPrompts, stepDeadline, type OpenPrompt } from './pace.ts';
import { promptsOpened } from './prompt-notify.ts';
import { recordGameEnd } from './game-end.ts';
import { cachedState } from './states.ts';
import { GM_EXTEND_STEP, moveGmItems } from './gm-items.ts';
import {
  canMail, GamesError, langOf, link, lockGame, mailHtml, promptSettings, wakeGame, recordOf, requireRunning, requireStep, SEATS_SQL, upsertSheet, type GameRow, type SeatRow, type SheetRow,
} from './service.ts';
import { markdownText } from '../http/markdown.ts';
import { queueMail } from '../mail/queue.ts';

const json = (v: unknown): string => JSON.stringify(v);

/** What happened in a game, for the live pages of its players (`live/hub.ts`), after the change is committed. */
export function announce(ctx: AppCtx, gameId: number, event: LiveEvent): void {
  ctx.live.publish(gameId, event).catch((e: unknown) => console.error(`suzerain: announcing ${event.kind} in game ${gameId} failed: ${e instanceof Error ? e.message : String(e)}`));
}

/** The longest extension of a deadline, in minutes (one press gives one prompt's length, at most this). */
export const EXTENSION_MAX_MINUTES = 24 * 60;
/** Vacation days a player may take per calendar year. */
export const VACATION_DAYS_PER_YEAR = 21;

async function promptGame(db: Db, gameId: number): Promise<GameRow> {
  const g = await lockGame(db, gameId);
  requireRunning(g);
  if (!g.pace) throw new GamesError('not-prompts', 'this game is played with order sheets', 409);
  return g;
}

async function activeSeat(db: Db, g: GameRow, player: PlayerId): Promise<SeatRow> {
  const seat = await db.one<SeatRow>('SELECT * FROM seats WHERE game_id = $1 AND player = $2', [g.id, player]);
  if (!seat) throw new GamesError('no-seat', `no player ${player} in this game`, 404);
  if (seat.status !== 'active') throw new GamesError('seat-not-active', 'this seat is not played now', 409);
  return seat;
}

function answerTextOf(rs: Ruleset, state: unknown, player: PlayerId, decision: string, answer: unknown, value: unknown): string {
  if (typeof answer === 'string') return answer;
  return rs.answerText ? rs.answerText(state, player, decision, value) : json(answer);
}

export interface AnswerResult {
  ok: boolean;
  issues: ValidationIssue[];
  /** A sheet decision's answer not taken as ready (a line in error, or a draft) but stored as typed, with its issues. */
  kept?: boolean;
  /** The game's step when the answer was read. */
  step?: number;
}

/**
 * A player's answer to one of his open prompts. A refused answer stores nothing (the player is
 * told why, in his language, from the validator's issues); an accepted one is stored ready, which
 * resolves the step as soon as nobody else is awaited. Answering brings an absent player back.
 * `expectStep`: the step the answer is meant for (service.ts, requireStep).
 *
 * A sheet decision (`Decision.sheet`, a text order sheet) keeps what the player wrote instead: an
 * answer with a line in error whose `validate` still gives a value (the good lines), or a `draft`
 * (the sheet editor's autosave), is stored as typed with its issues and not ready (`kept`): the
 * step does not count him as answered, and at the deadline that value is played like any stored
 * sheet (the lines in error left out). A draft whose text gives no value is stored with none.
 */
export async function answerPrompt(ctx: AppCtx, gameId: number, player: PlayerId, decisionId: string, answer: unknown, expectStep?: number, opts: { draft?: boolean } = {}): Promise<AnswerResult> {
  const r = await ctx.db.tx(async (t) => {
    const g = await promptGame(t, gameId);
    requireStep(g, expectStep); // the API's answers carry their step: one for a step that has passed is refused
    if (g.paused_at) throw new GamesError('paused', 'the game is paused', 409);
    await activeSeat(t, g, player);
    const rs = getRuleset(g.ruleset).ruleset;
    const d = rs.decisions(g.state).find((x) => x.id === decisionId && x.players.includes(player));
    if (!d) throw new GamesError('not-asked', 'this question is not open for you (any more)', 409);
    const v = rs.validate(g.state, player, d.id, answer);
    const refused = v.value === null || v.issues.some(isError);
    if (d.sheet && typeof answer === 'string' && (opts.draft || (refused && v.value !== null))) {
      await t.one<SheetRow>(upsertSheet('(SELECT 1) g'),
        [gameId, player, g.step + 1, d.id, answer, v.value === null ? null : json(v.value), json(v.issues), ctx.now()]);
      await t.query('UPDATE sheets SET ready = FALSE, auto = FALSE WHERE game_id = $1 AND player = $2 AND step = $3 AND decision = $4', [gameId, player, g.step + 1, d.id]);
      return { ok: false, kept: true, issues: v.issues, step: g.step };
    }
    if (opts.draft) throw new GamesError('not-sheet', 'this question is not answered with an order sheet', 409);
    if (refused) return { ok: false, issues: v.issues.length ? v.issues : [{ message: 'refused' }], step: g.step };
    await t.one<SheetRow>(upsertSheet('(SELECT 1) g'),
      [gameId, player, g.step + 1, d.id, answerTextOf(rs, g.state, player, d.id, answer, v.value), json(v.value), json(v.issues), ctx.now()]);
    await t.query('UPDATE sheets SET ready = TRUE, auto = FALSE WHERE game_id = $1 AND player = $2 AND step = $3 AND decision = $4', [gameId, player, g.step + 1, d.id]);
    await t.query('UPDATE seats SET missed = 0 WHERE game_id = $1 AND player = $2', [gameId, player]);
    // A pause known to some players alone (Gruik: a tabletop battle's, step-audience.ts): its answers ping only them.
    const audience = rs.stepAudience?.(g.state, g.state) ?? null;
    return { ok: true, issues: v.issues, step: g.step, ...(audience ? { audience } : {}) };
  });
  if (r.ok) {
    wakeGame(ctx, gameId);
    announce(ctx, gameId, { kind: 'answer', step: r.step, ...('audience' in r && r.audience ? { audience: r.audience } : {}) });
  }
  return { ok: r.ok, issues: r.issues, step: r.step, ...('kept' in r && r.kept ? { kept: true } : {}) };
}

export interface ActionResult { ok: boolean; issues: ValidationIssue[]; step?: number; /** The step's audience (step-audience.ts); absent: everyone. */ audience?: string[] }

/**
 * A player's free action, applied at once as a step of the game (`referee/tasks.ts` actTask):
 * the step and every seat's report of it are written, the answers already given for the open
 * prompts move on to the new step (those the action made invalid are emptied, and their players
 * asked again), and the deadline stays as it was unless the open prompts changed.
 */
export async function takeFreeAction(ctx: AppCtx, gameId: number, player: PlayerId, action: ActionInput, opts: { byBot?: boolean } = {}): Promise<ActionResult> {
  const r = await ctx.db.tx(async (t): Promise<ActionResult> => {
    const g = await promptGame(t, gameId);
    if (g.paused_at) throw new GamesError('paused', 'the game is paused', 409);
    await activeSeat(t, g, player);
    return actionStep(ctx, t, g, player, action);
  });
  if (r.ok) {
    wakeGame(ctx, gameId);
    announce(ctx, gameId, { kind: 'action', step: r.step, ...(r.audience ? { audience: r.audience } : {}) }); // a free action known to its audience alone pings only them
    if (!opts.byBot) await botsAnswerAction(ctx, gameId, r.step ?? 0);
  }
  return r;
}

/**
 * Applies a free action of `player`, or a GM action (`player` GM_SEAT, games/gm.ts), as a step of
 * the game, in the caller's transaction on the locked game row `g` (see takeFreeAction). A game of
 * order sheets (the GM's actions only) keeps its deadline, and its seats' sheets move on with the
 * step like a game of prompts' answers.
 */
export async function actionStep(ctx: AppCtx, t: Db, g: GameRow, player: PlayerId, action: ActionInput): Promise<ActionResult> {
  const gameId = g.id;
  const rs = getRuleset(g.ruleset).ruleset;
  if (player === GM_SEAT ? !rs.gmAct || !rs.validateGmAction : player === HOST_SEAT ? !rs.hostAct || !rs.validateHostAction : !rs.act || !rs.validateAction) throw new GamesError('no-actions', 'this game has no free actions', 409);
  const seats = await t.query<SeatRow>(SEATS_SQL, [gameId]);
  const sheets = await t.query<SheetRow>('SELECT * FROM sheets WHERE game_id = $1 AND step = $2 AND value IS NOT NULL ORDER BY sub_order', [gameId, g.step + 1]);
  const steps = Array.from({ length: g.step }, (_, i) => ({ index: i + 1, label: '', submissions: [], defaulted: [], events: [], hash: '' }));
  const record = recordOf(g, sheets.map((h) => ({ decision: h.decision, player: h.player, value: h.value, order: h.sub_order })), steps);
  const settings = g.pace ? promptSettings(g, seats) : { pace: 'weekly' as const, minutes: null, standing: {} };
  const out = await runReferee('act', { ruleset: g.ruleset, record, player, action, players: seats.map((s) => s.player), prompts: settings }, ctx.config.turnBudgetMs);
  if (!out.ok) return { ok: false, issues: out.issues };
  const now = ctx.now();
  const step = out.step;
  await t.query(
    'INSERT INTO steps(game_id, idx, label, submissions, defaulted, events, hash, resolved_at, action) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [gameId, step.index, step.label, '[]', '[]', json(step.events), step.hash, now, json(step.action)]);
  for (const s of seats) {
    const rep = out.reports[s.player]!;
    if (!actionSeenBy(step.action, s.player)) continue; // a free action known to its audience alone (step-audience.ts): no report for the others
    await t.query('INSERT INTO reports(game_id, idx, player, text_fr, text_en, read_at) VALUES ($1, $2, $3, $4, $5, $6)', [gameId, step.index, s.player, rep.fr, rep.en, now]);
  }
  // The prompts open before and after: unchanged, the step keeps its deadline; changed, it gets a new one.
  // An optional item for the GM the action raised or closed (Gruik's J21 communiqué, which holds no
  // step) changes no prompt that counts: the step keeps its deadline (a player cannot lengthen it
  // so), and the GM's queue takes the item.
  const before = openPrompts(rs, g.state, settings.pace, g.pace_minutes);
  const afterState: unknown = JSON.parse(out.stateJson);
  const optional = new Set([...rs.decisions(g.state), ...(out.finished ? [] : rs.decisions(afterState))].filter((d) => d.judgment?.kind === 'optional').map((d) => d.id));
  const counted = (ps: OpenPrompt[]) => ps.filter((p) => !optional.has(p.id));
  const changed = !samePrompts(counted(before), counted(out.promptsAfter));
  const gmChanged = !samePrompts(before, out.promptsAfter);
  const same = !g.pace || !changed; // a game of order sheets keeps its deadline
  const deadline = out.finished ? null : same ? g.deadline : stepDeadline(out.promptsAfter, now, g.clocks);
  await t.query(
    `UPDATE games SET state = $2, state_hash = $3, step = $4, turn_label = $5, status = $6, deadline = $7, asked_at = CASE WHEN $8 THEN asked_at ELSE $9 END WHERE id = $1`,
    [gameId, out.stateJson, step.hash, step.index, out.stepLabel, out.finished ? 'finished' : 'running', deadline, same, now]);
  // A free action that ends the game: what its end records, in this transaction (game-end.ts).
  if (out.finished) await recordGameEnd(t, g, seats, out.stateJson, now);
  // The answers given so far move on to the new step; those the action made invalid are emptied.
  await t.query('UPDATE sheets SET step = step + 1 WHERE game_id = $1 AND step = $2', [gameId, step.index]);
  // The same prompts keep their deadline, and the extensions taken of it (one per player, never stacked).
  if (same) {
    await t.query('UPDATE extensions SET step = step + 1 WHERE game_id = $1 AND step = $2', [gameId, step.index]);
    // And the GM's extensions of it (gm.ts, extendStep): they still count against the step's total.
    await t.query('UPDATE gm_actions SET step = step + 1 WHERE game_id = $1 AND step = $2 AND action = $3', [gameId, step.index, GM_EXTEND_STEP]);
  }
  for (const d of out.dropped) {
    await t.query(
      `UPDATE sheets SET value = NULL, ready = FALSE, auto = FALSE, issues = $5 WHERE game_id = $1 AND player = $2 AND step = $3 AND decision = $4`,
      [gameId, d.player, step.index + 1, d.decision, json([DROPPED])]);
  }
  for (const a of out.autoAnswers) {
    await t.query(upsertSheet('(SELECT 1) g'), [gameId, a.player, step.index + 1, a.decision, a.text, json(a.value), '[]', now]);
    await t.query('UPDATE sheets SET ready = TRUE, auto = TRUE WHERE game_id = $1 AND player = $2 AND step = $3 AND decision = $4', [gameId, a.player, step.index + 1, a.decision]);
  }
  const asked = new Set(out.askedAfter);
  for (const s of seats) await t.query('UPDATE seats SET asked = $3 WHERE game_id = $1 AND player = $2', [gameId, s.player, asked.has(s.player)]);
  // The GM's queue follows the step: its open items move on, new ones are written (games/gm-items.ts).
  if (!out.finished && (gmChanged || await t.one('SELECT 1 AS x FROM gm_items WHERE game_id = $1 AND closed_at IS NULL LIMIT 1', [gameId]))) {
    await moveGmItems(ctx, t, gameId, step.index + 1, rs.decisions(afterState), deadline);
  }
  // Prompts the action opened (a trade offer asking its recipient…): their players are told.
  if (!out.finished && changed && g.pace) {
    const key = (p: OpenPrompt) => `${p.id}:${[...p.players].sort().join(',')}`;
    const old = new Set(before.map(key));
    await promptsOpened(ctx, t, g, step.index, out.promptsAfter.filter((p) => !old.has(key(p))), deadline, new Set(out.autoAnswers.map((a) => `${a.player}/${a.decision}`)));
  }
  return { ok: true, issues: [], step: step.index, ...(step.action?.audience ? { audience: step.action.audience } : {}) };
}

/**
 * After a player's free action, the bot seats answer what it asks of them (the registry's
 * `botActions`: Fief's bots accept or decline a trade offer, the pope's bot answers an annulment
 * request), each as a free action of its own. Bots never answer bots, so this ends; a bot's refused
 * or failed action is logged and skipped, never the player's.
 */
async function botsAnswerAction(ctx: AppCtx, gameId: number, step: number): Promise<void> {
  await botsAct(ctx, gameId, step, 'answer');
}

/**
 * Between steps of a game of prompts (the scheduler, after each resolution is committed): each bot
 * seat takes the free actions of its own accord that the ruleset gives it (`botActions`, mode
 * `spontaneous`: Fief's bots offer ecus for a captive, sell a relic, ask the king's waiver…,
 * bounded per phase by the ruleset), from an Rng of the game's seed and the step, so the same
 * step gives the same actions. They are bots' actions: no bot answers them at once (the next
 * step's round does), so this ends.
 */
export async function botsBetweenSteps(ctx: AppCtx, gameId: number, step: number): Promise<void> {
  const g = await ctx.db.one<{ status: string; pace: string | null; paused_at: Date | null }>('SELECT status, pace, paused_at FROM games WHERE id = $1', [gameId]);
  if (!g || g.status !== 'running' || !g.pace || g.paused_at) return;
  await botsAct(ctx, gameId, step, 'spontaneous');
}

async function botsAct(ctx: AppCtx, gameId: number, step: number, mode: 'answer' | 'spontaneous'): Promise<void> {
  const g = await ctx.db.one<{ ruleset: string; seed: string }>('SELECT ruleset, seed FROM games WHERE id = $1', [gameId]);
  const entry = g ? getRuleset(g.ruleset) : null;
  if (!g || !entry?.botActions) return;
  const bots = await ctx.db.query<{ player: string }>(`SELECT player FROM seats WHERE game_id = $1 AND user_id IS NULL AND status = 'active' ORDER BY seq, player`, [gameId]);
  for (const { player: bot } of bots) {
    // The state after the actions so far (each bot's action changes it), from the cache by its hash.
    const row = await ctx.db.one<{ state_hash: string | null }>('SELECT state_hash FROM games WHERE id = $1', [gameId]);
    const state = await cachedState(ctx.db, gameId, row?.state_hash ?? null);
    let actions: ActionInput[] = [];
    try { actions = entry.botActions(state, bot, createRng(g.seed, mode === 'answer' ? `bot-actions/${step}/${bot}` : `bot-spontaneous/${step}/${bot}`), mode); } catch (e) { console.error(`suzerain: bot actions of ${bot} in game ${gameId}: ${e instanceof Error ? e.message : String(e)}`); }
    for (const a of actions.slice(0, 5)) {
      try { await takeFreeAction(ctx, gameId, bot, a, { byBot: true }); } catch (e) { console.error(`suzerain: bot action ${a.id} of ${bot} in game ${gameId}: ${e instanceof Error ? e.message : String(e)}`); }
    }
  }
}

/** The issue shown on an answer that a free action made invalid (the player answers again). */
export const DROPPED: ValidationIssue = {
  message: 'your answer no longer holds after an action taken meanwhile: answer again',
  text: {
    fr: 'votre réponse ne tient plus après une action prise entre-temps : répondez à nouveau',
    en: 'your answer no longer holds after an action taken meanwhile: answer again',
  },
};

function samePrompts(a: OpenPrompt[], b: OpenPrompt[]): boolean {
  const key = (ps: OpenPrompt[]) => ps.map((p) => `${p.id}:${[...p.players].sort().join(',')}`).sort().join(';');
  return key(a) === key(b);
}

/**
 * A player's standing answers (option id → value), checked against the ruleset's options (an
 * unknown option or value is refused), then applied at once to his open prompts not yet answered.
 */
export async function setStanding(ctx: AppCtx, gameId: number, player: PlayerId, choices: Record<string, string>, lang: Lang): Promise<void> {
  const applied = await ctx.db.tx(async (t) => {
    const g = await promptGame(t, gameId);
    await activeSeat(t, g, player);
    const rs = getRuleset(g.ruleset).ruleset;
    const options = rs.standingOptions?.(g.state, player, lang) ?? [];
    const standing: Record<string, string> = {};
    for (const [id, value] of Object.entries(choices)) {
      const o = options.find((x) => x.id === id);
      if (!o || !o.choices.some((c) => c.value === value)) throw new GamesError('standing', `unknown standing answer ${id}=${value}`);
      standing[id] = value;
    }
    await t.query('UPDATE seats SET standing = $3 WHERE game_id = $1 AND player = $2', [gameId, player, json(standing)]);
    if (g.paused_at) return 0;
    const answered = new Set((await t.query<{ decision: string }>('SELECT decision FROM sheets WHERE game_id = $1 AND player = $2 AND step = $3 AND ready', [gameId, player, g.step + 1])).map((h) => h.decision));
    const auto = (await runReferee('standing', { ruleset: g.ruleset, state: g.state, player, standing }, ctx.config.turnBudgetMs)).filter((a) => !answered.has(a.decision));
    const now = ctx.now();
    for (const a of auto) {
      await t.query(upsertSheet('(SELECT 1) g'), [gameId, player, g.step + 1, a.decision, a.text, json(a.value), '[]', now]);
      await t.query('UPDATE sheets SET ready = TRUE, auto = TRUE WHERE game_id = $1 AND player = $2 AND step = $3 AND decision = $4', [gameId, player, g.step + 1, a.decision]);
    }
    return auto.length;
  });
  if (applied) {
    wakeGame(ctx, gameId);
    announce(ctx, gameId, { kind: 'answer' });
  }
}

/**
 * One extension of the step's deadline by a player it asks: one prompt's length (the longest open
 * prompt's, at most EXTENSION_MAX_MINUTES). Prompts charged to a clock (`Decision.charges`) are
 * never extended. A second press in the same step changes nothing (it
 * returns the deadline in force), so extensions never stack.
 */
export async function extendDeadline(ctx: AppCtx, gameId: number, player: PlayerId): Promise<{ deadline: Date | null; extended: boolean }> {
  const r = await ctx.db.tx(async (t) => {
    const g = await promptGame(t, gameId);
    await activeSeat(t, g, player);
    if (!g.deadline) return { deadline: null, extended: false };
    const rs = getRuleset(g.ruleset).ruleset;
    const asked = openPrompts(rs, g.state, g.pace!, g.pace_minutes).filter((p) => p.players.includes(player));
    if (!asked.length) throw new GamesError('not-asked', 'no question waits for you', 409);
    // A prompt charged to another player's clock (Decision.charges) is not extended: it would spend his time.
    const prompts = asked.filter((p) => p.charges === undefined);
    if (!prompts.length) return { deadline: g.deadline, extended: false };
    const minutes = Math.min(EXTENSION_MAX_MINUTES, Math.max(...prompts.map((p) => p.minutes ?? 0)));
    if (minutes <= 0) return { deadline: g.deadline, extended: false };
    const row = await t.one('INSERT INTO extensions(game_id, step, player, minutes, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING 1',
      [gameId, g.step + 1, player, minutes, ctx.now()]);
    if (!row) return { deadline: g.deadline, extended: false };
    const deadline = new Date(g.deadline.getTime() + minutes * 60_000);
    await t.query('UPDATE games SET deadline = $2, paused_left_ms = CASE WHEN paused_at IS NULL THEN NULL ELSE paused_left_ms + $3 END WHERE id = $1', [gameId, deadline, minutes * 60_000]);
    return { deadline, extended: true };
  });
  if (r.extended) announce(ctx, gameId, { kind: 'deadline' });
  return r;
}

async function requireHost(db: Db, g: GameRow, userId: number): Promise<void> {
  if (g.host_user_id === userId) return;
  if (await db.one('SELECT 1 FROM users WHERE id = $1 AND is_host', [userId])) return;
  throw new GamesError('not-host', 'only the host may do this', 403);
}

/**
 * The host's actions open on a game (the ruleset's `hostActions`, in `lang`): on a paused game of
 * prompts only (engine: "hosts: actions on a paused game"); empty otherwise.
 */
export function hostActionsOf(g: { ruleset: string; status: string; paused: boolean }, state: unknown, lang: Lang): FreeAction[] {
  const rs = getRuleset(g.ruleset).ruleset;
  if (g.status !== 'running' || !g.paused || !rs.hostActions || !rs.hostAct || !rs.validateHostAction || state === null) return [];
  return rs.hostActions(state, lang);
}

/**
 * The host acts on a paused game (§9.1 item 9, Warrior Knights' `close`: the game ends now with
 * the current ranking): checked by the ruleset (`validateHostAction`), applied at once as a step of
 * its own recorded under `HOST_SEAT` (replayed like any step), every seat's report of it written to
 * the log. A game it ends is finished as any other ending (game-end.ts), its pause lifted, and each
 * player mailed his report of it in his language. Host only (403), a paused game only (409).
 */
export async function takeHostAction(ctx: AppCtx, gameId: number, userId: number, input: ActionInput, expectStep?: number): Promise<ActionResult & { finished?: boolean }> {
  const action: ActionInput = {
    id: String(input.id ?? '').slice(0, 100),
    values: Object.fromEntries(Object.entries(input.values ?? {}).slice(0, 50).map(([k, v]) => [String(k).slice(0, 100), String(v ?? '').slice(0, 500)])),
  };
  const r = await ctx.db.tx(async (t): Promise<ActionResult & { finished?: boolean }> => {
    const g = await promptGame(t, gameId);
    await requireHost(t, g, userId);
    requireStep(g, expectStep);
    if (!g.paused_at) throw new GamesError('not-paused', 'the host acts on a paused game only', 409);
    const rs = getRuleset(g.ruleset).ruleset;
    if (!rs.hostActions || !rs.hostAct || !rs.validateHostAction) throw new GamesError('no-host-actions', 'this game has no host actions', 409);
    const done = await actionStep(ctx, t, g, HOST_SEAT, action);
    if (!done.ok) return done;
    const row = await t.one<{ status: string }>('SELECT status FROM games WHERE id = $1', [gameId]);
    const finished = row?.status === 'finished';
    if (!finished) return done;
    await t.query('UPDATE games SET paused_at = NULL, paused_left_ms = NULL WHERE id = $1', [gameId]);
    // Every player told, as the log tells him: his report of the closing step, in his language.
    const seats = await t.query<SeatRow>(SEATS_SQL, [gameId]);
    const reports = await t.query<{ player: string; text_fr: string; text_en: string }>('SELECT player, text_fr, text_en FROM reports WHERE game_id = $1 AND idx = $2', [gameId, done.step]);
    for (const s of seats) {
      const rep = reports.find((x) => x.player === s.player);
      if (!canMail(s) || !rep) continue;
      const lang = langOf(s);
      const fr = lang === 'fr';
      const url = link(ctx, `/games/${gameId}/log`);
      const report = fr ? rep.text_fr : rep.text_en;
      const over = fr ? 'La partie est terminée.' : 'The game is over.';
      // A report is a document: HTML beside the clean text, as the resolution's report mails (service.ts).
      await queueMail(t, {
        to: s.email!,
        subject: fr ? `Partie close par l’hôte — ${g.name}` : `Game closed by the host — ${g.name}`,
        text: `${markdownText(report)}\n—\n${over}\n${url}\n`,
        html: mailHtml({ report, after: [over] }, [{ href: url, label: fr ? 'Voir le journal' : 'View the log' }]),
      });
    }
    return { ...done, finished };
  });
  if (r.ok) announce(ctx, gameId, { kind: 'action', step: r.step ?? 0 });
  return r;
}

/** The host pauses the game: nothing resolves, the time left is kept; resuming gives it back. */
export async function pauseGame(ctx: AppCtx, gameId: number, userId: number, paused: boolean): Promise<void> {
  const changed = await ctx.db.tx(async (t) => {
    // Games of prompts only: a weekly game's deadlines follow its calendar, which a pause would break.
    const g = await promptGame(t, gameId);
    await requireHost(t, g, userId);
    const now = ctx.now();
    if (paused) {
      if (g.paused_at) return false;
      const left = g.deadline ? Math.max(0, g.deadline.getTime() - now.getTime()) : null;
      await t.query('UPDATE games SET paused_at = $2, paused_left_ms = $3 WHERE id = $1', [gameId, now, left]);
      return true;
    }
    if (!g.paused_at) return false;
    const left = g.paused_left_ms === null ? null : Number(g.paused_left_ms);
    await t.query('UPDATE games SET paused_at = NULL, paused_left_ms = NULL, deadline = $2 WHERE id = $1', [gameId, left === null ? null : new Date(now.getTime() + left)]);
    return true;
  });
  if (changed) {
    wakeGame(ctx, gameId);
    announce(ctx, gameId, { kind: paused ? 'paused' : 'resumed' });
  }
}

/**
 * A player's vacation for `days` days from now (0: back now). Days are counted per calendar year
 * (UTC), at most VACATION_DAYS_PER_YEAR; coming back early gives the whole days not used back.
 * In a game of prompts that allows vacations, his prompts wait for him instead of falling to their
 * defaults (the deadline moves to the end of his vacation; see service.ts, resolveIn).
 */
export async function setVacation(ctx: AppCtx, userId: number, days: number): Promise<{ until: Date | null; daysLeft: number }> {
  if (!Number.isInteger(days) || days < 0 || days > VACATION_DAYS_PER_YEAR) throw new GamesError('vacation-days', `from 0 to ${VACATION_DAYS_PER_YEAR} days`);
  return ctx.db.tx(async (t) => {
    const u = await t.one<{ vacation_until: Date | null; vacation_year: number | null; vacation_days: number }>(
      'SELECT vacation_until, vacation_year, vacation_days FROM users WHERE id = $1 FOR UPDATE', [userId]);
    if (!u) throw new GamesError('no-user', 'no such user', 404);
    const now = ctx.now();
    const year = now.getUTCFullYear();
    let used = u.vacation_year === year ? u.vacation_days : 0;
    // Back early (or changing plans): the whole days not yet used are given back.
    if (u.vacation_until && u.vacation_until.getTime() > now.getTime()) used = Math.max(0, used - Math.floor((u.vacation_until.getTime() - now.getTime()) / 86_400_000));
    if (used + days > VACATION_DAYS_PER_YEAR) throw new GamesError('vacation-days', `${VACATION_DAYS_PER_YEAR - used} vacation days left this year`);
    const until = days === 0 ? null : new Date(now.getTime() + days * 86_400_000);
    await t.query('UPDATE users SET vacation_until = $2, vacation_year = $3, vacation_days = $4 WHERE id = $1', [userId, until, year, used + days]);
    return { until, daysLeft: VACATION_DAYS_PER_YEAR - used - days };
  });
}
