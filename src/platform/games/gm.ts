/**
 * The GM's side of the approval queue (issue 16, Game of Gruik §11.3–§11.6): who is a game's GM,
 * what his queue holds, and his ruling on an item. A ruling is stored like a player's answer (a
 * ready sheet of the GM seat, `GM_SEAT`), so the turn job hands it to the ruleset as an input of
 * the step, recorded and replayed like any other; the GM's reason stays in `gm_items` and reaches
 * no report. The storage of items as steps open and close is gm-items.ts; the page gm-page.ts.
 *
 * Only the game's GM reads the queue and rules (403 for anyone else, the site's host included:
 * the queue carries what the players may not know). The queue shows of each item only what the
 * ruleset put in it for the GM (`JudgmentItem.brief`), nothing else of the state.
 */
import { GM_SEAT, isError, type ActionInput, type FreeAction, type JudgmentItem, type Lang, type ValidationIssue } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import type { Db } from '../db/index.ts';
import type { AppCtx } from '../http/server.ts';
import { actionStep, announce } from './prompts.ts';
import { GamesError, lockGame, requireRunning, requireStep, upsertSheet, wakeGame, type GameRow } from './service.ts';

/**
 * The longest ruling text a form may post: above every item's own bound (`JudgmentItem.free.maxLength`,
 * up to Gruik's communiqué edits, 20,000 characters), which the ruleset checks (`validateRuling`) and
 * refuses with its reason: a ruling is never cut short and accepted.
 */
export const RULING_MAX = 20_000;
export const REASON_MAX = 2000;
/** The longest extension of an item's deadline, in hours (one extension per item, of the item's own length at most). */
export const GM_EXTENSION_MAX_HOURS = 72;

export interface GmItem {
  step: number; decision: string; kind: string; item: JudgmentItem; openedAt: Date; deadline: Date | null;
  status: 'pending' | 'ruled' | 'default' | 'no-gm' | 'withdrawn'; ruling: string | null; ruledAt: Date | null; reason: string | null; closedAt: Date | null;
  /** When the GM extended its deadline (once), or null. */
  extendedAt: Date | null;
}

interface GmItemRow {
  step: number; decision: string; kind: string; item: unknown; opened_at: Date; deadline: Date | null; status: GmItem['status'];
  ruling: string | null; ruled_at: Date | null; reason: string | null; closed_at: Date | null; extended_at: Date | null;
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const toItem = (r: GmItemRow): GmItem => ({
  step: Number(r.step), decision: r.decision, kind: r.kind, item: parse<JudgmentItem>(r.item), openedAt: r.opened_at, deadline: r.deadline,
  status: r.status, ruling: r.ruling, ruledAt: r.ruled_at, reason: r.reason, closedAt: r.closed_at, extendedAt: r.extended_at,
});

/** The game, if `userId` is its GM: 404 without the game, 403 for anyone else. */
async function gmGame(db: Db, gameId: number, userId: number, lock: boolean): Promise<GameRow> {
  const g = lock ? await lockGame(db, gameId) : await db.one<GameRow>('SELECT * FROM games WHERE id = $1', [gameId]);
  if (!g) throw new GamesError('no-game', `no game ${gameId}`, 404);
  if (g.gm_user_id === null || Number(g.gm_user_id) !== userId) throw new GamesError('not-gm', 'only the game’s GM may do this', 403);
  return g;
}

/** Whether `userId` is the GM of the game (for links on the game's pages). */
export async function isGm(db: Db, gameId: number, userId: number | null | undefined): Promise<boolean> {
  if (!userId) return false;
  return !!(await db.one('SELECT 1 AS x FROM games WHERE id = $1 AND gm_user_id = $2', [gameId, userId]));
}

export interface GmQueue {
  game: { id: number; name: string; ruleset: string; status: string; step: number; paused: boolean };
  /** The items of the step in progress, oldest first (pending, or ruled and not yet applied). */
  open: GmItem[];
  /** Closed items, newest first (at most `limit`). */
  history: GmItem[];
  /** The GM actions open now (the ruleset's forms, in the GM's language); empty once the game is over. */
  actions: FreeAction[];
  /** The GM's actions taken, newest first (at most `limit`): the audit (migration 028). */
  audit: GmActionRow[];
}

export interface GmActionRow { step: number; login: string | null; action: string; label: string; input: Record<string, string>; at: Date }

/** The GM's queue of a game (GamesError 403 for anyone but its GM). */
export async function gmQueue(ctx: AppCtx, gameId: number, userId: number, limit = 100, lang: Lang = 'en'): Promise<GmQueue> {
  const g = await gmGame(ctx.db, gameId, userId, false);
  const cols = 'step, decision, kind, item, opened_at, deadline, status, ruling, ruled_at, reason, closed_at, extended_at';
  const open = await ctx.db.query<GmItemRow>(`SELECT ${cols} FROM gm_items WHERE game_id = $1 AND closed_at IS NULL AND status IN ('pending', 'ruled') ORDER BY opened_at, decision`, [gameId]);
  const history = await ctx.db.query<GmItemRow>(`SELECT ${cols} FROM gm_items WHERE game_id = $1 AND closed_at IS NOT NULL ORDER BY closed_at DESC, step DESC, decision LIMIT $2`, [gameId, limit]);
  const rs = getRuleset(g.ruleset).ruleset;
  const actions = g.status === 'running' && rs.gmActions && rs.gmAct ? rs.gmActions(g.state, lang) : [];
  const audit = await ctx.db.query<{ step: number; login: string | null; action: string; label: string; input: unknown; at: Date }>(
    `SELECT a.step, u.login, a.action, a.label, a.input, a.at FROM gm_actions a LEFT JOIN users u ON u.id = a.user_id WHERE a.game_id = $1 ORDER BY a.id DESC LIMIT $2`, [gameId, limit]);
  return {
    game: { id: g.id, name: g.name, ruleset: g.ruleset, status: g.status, step: Number(g.step), paused: !!g.paused_at },
    open: open.map(toItem), history: history.map(toItem), actions,
    audit: audit.map((a) => ({ step: Number(a.step), login: a.login, action: a.action, label: a.label, input: parse<Record<string, string>>(a.input), at: a.at })),
  };
}

export interface RulingResult { ok: boolean; issues: ValidationIssue[] }

/**
 * The GM's ruling on an open item of the step in progress: checked by the ruleset
 * (`validate(state, GM_SEAT, …)`), stored as the GM seat's ready answer, with his reason kept in
 * the queue. He may change it until the step resolves. `expectStep`: the number of resolved steps
 * the GM saw (a ruling meant for a step that has passed is refused, never applied to the next).
 */
export async function ruleOnItem(ctx: AppCtx, gameId: number, userId: number, decision: string, answer: string, reason: string, expectStep?: number): Promise<RulingResult> {
  const r = await ctx.db.tx(async (t): Promise<RulingResult & { step: number; audience?: string[] }> => {
    const g = await gmGame(t, gameId, userId, true);
    requireRunning(g);
    requireStep(g, expectStep);
    const idx = Number(g.step) + 1;
    const row = await t.one<{ status: string }>(`SELECT status FROM gm_items WHERE game_id = $1 AND step = $2 AND decision = $3 AND closed_at IS NULL`, [gameId, idx, decision]);
    if (!row || (row.status !== 'pending' && row.status !== 'ruled')) throw new GamesError('gm-not-open', 'this item is not open (any more)', 409);
    const rs = getRuleset(g.ruleset).ruleset;
    const d = rs.decisions(g.state).find((x) => x.id === decision && x.judgment && x.players.includes(GM_SEAT));
    if (!d) throw new GamesError('gm-not-open', 'this item is not open (any more)', 409);
    const v = rs.validate(g.state, GM_SEAT, d.id, { value: answer, by: 'gm' });
    if (v.value === null || v.issues.some(isError)) return { ok: false, issues: v.issues.length ? v.issues : [{ message: 'refused' }], step: idx };
    const value = v.value as { value: string };
    const now = ctx.now();
    await t.one(upsertSheet('(SELECT 1) g'), [gameId, GM_SEAT, idx, d.id, value.value, JSON.stringify(v.value), '[]', now]);
    await t.query('UPDATE sheets SET ready = TRUE, auto = FALSE WHERE game_id = $1 AND player = $2 AND step = $3 AND decision = $4', [gameId, GM_SEAT, idx, d.id]);
    await t.query(`UPDATE gm_items SET status = 'ruled', ruling = $4, ruled_by = $5, ruled_at = $6, reason = $7 WHERE game_id = $1 AND step = $2 AND decision = $3`,
      [gameId, idx, d.id, value.value, userId, now, reason.trim().slice(0, REASON_MAX) || null]);
    // A pause known to some players alone (Gruik: the GM's wait on a tabletop battle's dispute, step-audience.ts): its ping reaches only them.
    const audience = rs.stepAudience?.(g.state, g.state) ?? null;
    return { ok: true, issues: [], step: idx - 1, ...(audience ? { audience } : {}) };
  });
  if (r.ok) {
    wakeGame(ctx, gameId);
    announce(ctx, gameId, { kind: 'answer', step: r.step, ...(r.audience ? { audience: r.audience } : {}) });
  }
  return { ok: r.ok, issues: r.issues };
}

/**
 * The GM extends an open item's deadline once (§11.6: "the GM may extend a deadline; the extension
 * is itself a deadline"): by the item's own length, at most GM_EXTENSION_MAX_HOURS. The step's
 * deadline moves with it when the item's new deadline is later (the players' prompts of the step
 * keep theirs: they never lose time). A second extension of the same item is refused (409).
 */
export async function extendItem(ctx: AppCtx, gameId: number, userId: number, decision: string, expectStep?: number): Promise<{ deadline: Date }> {
  return ctx.db.tx(async (t) => {
    const g = await gmGame(t, gameId, userId, true);
    requireRunning(g);
    requireStep(g, expectStep);
    const idx = Number(g.step) + 1;
    const row = await t.one<{ deadline: Date | null; opened_at: Date; extended_at: Date | null }>(
      `SELECT deadline, opened_at, extended_at FROM gm_items WHERE game_id = $1 AND step = $2 AND decision = $3 AND closed_at IS NULL AND status IN ('pending', 'ruled')`, [gameId, idx, decision]);
    if (!row || !row.deadline) throw new GamesError('gm-not-open', 'this item is not open (any more)', 409);
    if (row.extended_at) throw new GamesError('gm-extended', 'this item’s deadline was already extended once', 409);
    const length = Math.min(GM_EXTENSION_MAX_HOURS * 3_600_000, Math.max(60_000, new Date(row.deadline).getTime() - new Date(row.opened_at).getTime()));
    const deadline = new Date(new Date(row.deadline).getTime() + length);
    await t.query('UPDATE gm_items SET deadline = $4, extended_at = $5 WHERE game_id = $1 AND step = $2 AND decision = $3', [gameId, idx, decision, deadline, ctx.now()]);
    if (g.deadline && deadline.getTime() > g.deadline.getTime()) {
      const more = deadline.getTime() - g.deadline.getTime();
      await t.query('UPDATE games SET deadline = $2, paused_left_ms = CASE WHEN paused_at IS NULL THEN NULL ELSE paused_left_ms + $3 END WHERE id = $1', [gameId, deadline, more]);
    }
    return { deadline };
  });
}

/** The longest value of a GM action's field kept. */
export const GM_FIELD_MAX = 500;

export interface GmActionResult { ok: boolean; issues: ValidationIssue[]; step?: number; /** The step's audience (step-audience.ts), as actionStep gives it; absent: everyone. */ audience?: string[] }

/**
 * The GM takes one of the ruleset's GM actions (`gmActions`): checked by the ruleset
 * (`validateGmAction`), applied at once as a step of its own (every seat's report of it written),
 * and audited in `gm_actions` (who, when, what, and the step it made). A refused action changes
 * nothing and says why in both languages. `expectStep`: the number of resolved steps the GM saw
 * (an action meant for a state that has moved on is refused, never applied to the next).
 */
export async function takeGmAction(ctx: AppCtx, gameId: number, userId: number, input: ActionInput, expectStep?: number, lang: Lang = 'en'): Promise<GmActionResult> {
  const action: ActionInput = {
    id: String(input.id ?? '').slice(0, 100),
    values: Object.fromEntries(Object.entries(input.values ?? {}).slice(0, 50).map(([k, v]) => [String(k).slice(0, 100), String(v ?? '').slice(0, GM_FIELD_MAX)])),
  };
  const r = await ctx.db.tx(async (t): Promise<GmActionResult> => {
    const g = await gmGame(t, gameId, userId, true);
    requireRunning(g);
    requireStep(g, expectStep);
    // A paused game keeps its deadlines still: the GM acts once it resumes (an action may open new prompts).
    if (g.paused_at) throw new GamesError('paused', 'the game is paused', 409);
    const rs = getRuleset(g.ruleset).ruleset;
    if (!rs.gmActions || !rs.gmAct || !rs.validateGmAction) throw new GamesError('no-gm-actions', 'this game has no GM actions', 409);
    const form = rs.gmActions(g.state, lang).find((a) => a.id === action.id);
    const done = await actionStep(ctx, t, g, GM_SEAT, action);
    if (!done.ok) return done;
    await t.query('INSERT INTO gm_actions(game_id, step, user_id, action, label, input, at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [gameId, done.step, userId, action.id, form?.label ?? action.id, JSON.stringify(action.values), ctx.now()]);
    return done;
  });
  if (r.ok) {
    wakeGame(ctx, gameId);
    announce(ctx, gameId, { kind: 'action', step: r.step ?? 0, ...(r.audience ? { audience: r.audience } : {}) });
  }
  return r;
}
