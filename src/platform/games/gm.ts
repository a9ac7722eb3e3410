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
 *
 * Also here: the GM's extension of the players' deadline of the step in progress (`extendStep`)
 * and the host's choice of GM after creation (`setGm`), both logged in `gm_actions` (migration 030).
 */
import { GM_SEAT, isError, type ActionInput, type FreeAction, type JudgmentItem, type Lang, type ValidationIssue } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import type { Db } from '../db/index.ts';
import type { AppCtx } from '../http/server.ts';
import { loginKey } from '../accounts/service.ts';
import { queueMail } from '../mail/queue.ts';
import { GM_EXTEND_STEP, kindLabel } from './gm-items.ts';
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
  game: { id: number; name: string; ruleset: string; status: string; step: number; paused: boolean; deadline: Date | null };
  /** The GM's extensions of the players' deadline of the step in progress: hours used, hours left (GM_STEP_EXTENSION_TOTAL_HOURS). */
  stepExtension: { usedHours: number; leftHours: number };
  /** The items of the step in progress, oldest first (pending, or ruled and not yet applied). */
  open: GmItem[];
  /** Closed items, newest first (at most `limit`). */
  history: GmItem[];
  /** The GM actions open now (the ruleset's forms, in the GM's language); empty once the game is over. */
  actions: FreeAction[];
  /** The GM's actions taken, newest first (at most `limit`): the audit (migration 028). */
  audit: GmActionRow[];
}

/** A row of the GM's log; `oldDeadline`/`newDeadline`: an extension of the step (GM_EXTEND_STEP), else null. */
export interface GmActionRow { step: number; login: string | null; action: string; label: string; input: Record<string, string>; at: Date; oldDeadline: Date | null; newDeadline: Date | null }

/** The GM's queue of a game (GamesError 403 for anyone but its GM). */
export async function gmQueue(ctx: AppCtx, gameId: number, userId: number, limit = 100, lang: Lang = 'en'): Promise<GmQueue> {
  const g = await gmGame(ctx.db, gameId, userId, false);
  const cols = 'step, decision, kind, item, opened_at, deadline, status, ruling, ruled_at, reason, closed_at, extended_at';
  const open = await ctx.db.query<GmItemRow>(`SELECT ${cols} FROM gm_items WHERE game_id = $1 AND closed_at IS NULL AND status IN ('pending', 'ruled') ORDER BY opened_at, decision`, [gameId]);
  const history = await ctx.db.query<GmItemRow>(`SELECT ${cols} FROM gm_items WHERE game_id = $1 AND closed_at IS NOT NULL ORDER BY closed_at DESC, step DESC, decision LIMIT $2`, [gameId, limit]);
  const rs = getRuleset(g.ruleset).ruleset;
  const actions = g.status === 'running' && rs.gmActions && rs.gmAct ? rs.gmActions(g.state, lang) : [];
  const audit = await ctx.db.query<{ step: number; login: string | null; action: string; label: string; input: unknown; at: Date; old_deadline: Date | null; new_deadline: Date | null }>(
    `SELECT a.step, u.login, a.action, a.label, a.input, a.at, a.old_deadline, a.new_deadline FROM gm_actions a LEFT JOIN users u ON u.id = a.user_id WHERE a.game_id = $1 ORDER BY a.id DESC LIMIT $2`, [gameId, limit]);
  const used = await stepExtendedHours(ctx.db, gameId, Number(g.step) + 1);
  return {
    game: { id: g.id, name: g.name, ruleset: g.ruleset, status: g.status, step: Number(g.step), paused: !!g.paused_at, deadline: g.deadline },
    stepExtension: { usedHours: used, leftHours: Math.max(0, GM_STEP_EXTENSION_TOTAL_HOURS - used) },
    open: open.map(toItem), history: history.map(toItem), actions,
    audit: audit.map((a) => ({
      step: Number(a.step), login: a.login, action: a.action, label: a.label, input: parse<Record<string, string>>(a.input), at: a.at, oldDeadline: a.old_deadline ?? null, newDeadline: a.new_deadline ?? null,
    })),
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

// ─── The players' deadline of the step in progress ──────────────────────────────────────────────

/**
 * One extension by the GM of the players' deadline of the step in progress (Game of Gruik §11.3
 * "extend deadlines", §11.6 "the GM may extend a deadline; the extension is itself a deadline"):
 * a whole number of hours, from `min` to `max`.
 */
export const GM_STEP_EXTENSION_HOURS = { min: 1, max: 168, default: 24 } as const;
/**
 * All the GM's extensions of one step together: at most this many hours. He may extend several
 * times (a day, then another as things turn out, without guessing the whole delay at once), but
 * the step still ends at most a week after its deadline as set: every extension is itself a
 * deadline, and a bounded total keeps a step from being held forever by extensions (§11.6, no
 * deadlock). A new step starts with the whole total again.
 */
export const GM_STEP_EXTENSION_TOTAL_HOURS = 168;
export { GM_EXTEND_STEP };
/** The GM's log's action id of the host's change of GM (gm_actions, migration 030). */
export const GM_CHANGE = '@gm-change';

const bi = (fr: string, en: string) => ({ fr, en });

/** The hours the GM has extended step `idx` by so far (read in the caller's transaction). */
async function stepExtendedHours(db: Db, gameId: number, idx: number): Promise<number> {
  const rows = await db.query<{ input: unknown }>(`SELECT input FROM gm_actions WHERE game_id = $1 AND step = $2 AND action = '${GM_EXTEND_STEP}'`, [gameId, idx]);
  return rows.reduce((n, r) => n + (Number(parse<{ hours?: string }>(r.input).hours) || 0), 0);
}

export interface StepExtension { old: Date; deadline: Date; hours: number; /** Hours still open to the GM's extensions of this step. */ leftHours: number }

/**
 * The GM extends the players' deadline of the step in progress by `hours` (a game of prompts or of
 * order sheets alike): the game's deadline moves on, which the durable turn job reads at every
 * pass (the step resolves at the new time, not before); the judgment items whose deadline was the
 * step's move with it; the extension is audited in `gm_actions` (who, when, how many hours, the
 * deadline before and after) and announced to the players' pages (live event 'deadline', as a
 * player's own extension: the platform mails no deadline change). Refused: anyone but the GM
 * (403), a game not running or paused (409), a step without a deadline (409), hours out of bounds
 * (400), past the step's total (409); each with its reason in French and English.
 */
export async function extendStep(ctx: AppCtx, gameId: number, userId: number, hours: number, expectStep?: number): Promise<StepExtension> {
  const { min, max } = GM_STEP_EXTENSION_HOURS;
  const r = await ctx.db.tx(async (t): Promise<StepExtension> => {
    const g = await gmGame(t, gameId, userId, true);
    requireRunning(g);
    requireStep(g, expectStep);
    if (g.paused_at) throw new GamesError('paused', 'the game is paused', 409, bi('La partie est en pause : son échéance attend la reprise.', 'The game is paused: its deadline waits until it resumes.'));
    if (!Number.isInteger(hours) || hours < min || hours > max) {
      throw new GamesError('extend-hours', `an extension is a whole number of hours from ${min} to ${max}`, 400,
        bi(`Une prolongation est un nombre entier d’heures de ${min} à ${max}.`, `An extension is a whole number of hours from ${min} to ${max}.`));
    }
    if (!g.deadline) throw new GamesError('no-deadline', 'the step in progress has no deadline to extend', 409, bi('L’étape en cours n’a pas d’échéance à prolonger.', 'The step in progress has no deadline to extend.'));
    const idx = Number(g.step) + 1;
    const used = await stepExtendedHours(t, gameId, idx);
    const left = GM_STEP_EXTENSION_TOTAL_HOURS - used;
    if (hours > left) {
      throw new GamesError('extend-total', `this step's extensions may total ${GM_STEP_EXTENSION_TOTAL_HOURS} h; ${left} h left`, 409,
        bi(`Les prolongations d’une étape totalisent au plus ${GM_STEP_EXTENSION_TOTAL_HOURS} h ; il en reste ${left} h pour celle-ci.`,
          `A step's extensions total at most ${GM_STEP_EXTENSION_TOTAL_HOURS} h; ${left} h are left for this one.`));
    }
    const old = new Date(g.deadline);
    const deadline = new Date(old.getTime() + hours * 3_600_000);
    const now = ctx.now();
    await t.query('UPDATE games SET deadline = $2 WHERE id = $1', [gameId, deadline]);
    await t.query('UPDATE gm_items SET deadline = $4 WHERE game_id = $1 AND step = $2 AND closed_at IS NULL AND deadline = $3', [gameId, idx, old, deadline]);
    await t.query('INSERT INTO gm_actions(game_id, step, user_id, action, label, input, at, old_deadline, new_deadline) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [gameId, idx, userId, GM_EXTEND_STEP, 'extend the step’s deadline', JSON.stringify({ hours: String(hours) }), now, old, deadline]);
    return { old, deadline, hours, leftHours: left - hours };
  });
  ctx.kick();
  announce(ctx, gameId, { kind: 'deadline' });
  return r;
}

// ─── The host names, changes or removes the GM ─────────────────────────────────────────────────

export interface GmChange { from: string | null; to: string | null; changed: boolean }

/**
 * The host (the game's creator, `games.host_user_id`; not the site's host) names a GM by login,
 * changes him, or removes him (`login` blank), at any time before the game ends. Refused, in French
 * and English: anyone but the host (403), a finished game, an unknown login (or a guest's), an
 * account seated in the game (a GM sees every hidden state: he cannot also play), and, for a
 * ruleset that receives the GM's presence in its options (`RulesetEntry.gmOption`, Gruik's
 * GM_PRESENT), giving a GM to a started game that has none or taking away the GM of a started game
 * that has one: that option is part of the game's options, set when it starts, which its initial
 * state and every replay read; it cannot change mid-game. Changing the GM for another account is
 * always allowed (the presence stays). Before the start, anything goes: the game starts with the
 * option as the GM is then.
 *
 * The open items of the step in progress: a new GM (replacing another) finds them in his queue with
 * their deadlines and the rulings already given (he may change them until the step resolves); he
 * is mailed. A GM removed (rulesets without `gmOption`): the rulings he gave stand; the pending
 * items no longer hold the step and take their default when it resolves, as in a game without a GM
 * ("default applied (game without a GM)"). A GM named where there was none: the items the step
 * opened without a GM wait for him from now on, with the deadlines they had.
 */
export async function setGm(ctx: AppCtx, gameId: number, hostUserId: number, login: string): Promise<GmChange> {
  const wanted = String(login ?? '').trim().slice(0, 41);
  const r = await ctx.db.tx(async (t): Promise<GmChange & { mail: number | null; wake: boolean; name: string; items: JudgmentItem[] }> => {
    const g = await lockGame(t, gameId);
    if (g.host_user_id === null || Number(g.host_user_id) !== hostUserId) {
      throw new GamesError('not-host', 'only the game’s host may choose its GM', 403, bi('Seul l’hôte de la partie peut choisir son MJ.', 'Only the game’s host may choose its GM.'));
    }
    if (g.status === 'finished') throw new GamesError('finished', 'the game is over', 409, bi('La partie est terminée : son MJ ne change plus.', 'The game is over: its GM no longer changes.'));
    let gm: { id: number; login: string } | null = null;
    if (wanted) {
      if (wanted.length > 40) throw new GamesError('gm-unknown', `no account named ${wanted} for the GM`, 400, bi(`Aucun compte nommé ${wanted} pour le MJ.`, `No account named ${wanted} for the GM.`));
      gm = (await t.one<{ id: number; login: string }>('SELECT id, login FROM users WHERE login_key = $1 AND NOT is_guest', [loginKey(wanted)])) ?? null;
      if (!gm) throw new GamesError('gm-unknown', `no account named ${wanted} for the GM`, 400, bi(`Aucun compte nommé ${wanted} pour le MJ.`, `No account named ${wanted} for the GM.`));
      if (await t.one('SELECT 1 AS x FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, gm.id])) {
        throw new GamesError('gm-seated', `${gm.login} plays in this game and cannot be its GM`, 409,
          bi(`${gm.login} joue dans cette partie : il ne peut pas en être le MJ (le MJ voit tout l’état caché).`, `${gm.login} plays in this game and cannot be its GM (the GM sees every hidden state).`));
      }
    }
    const before = g.gm_user_id === null ? null : Number(g.gm_user_id);
    const from = before === null ? null : (await t.one<{ login: string }>('SELECT login FROM users WHERE id = $1', [before]))?.login ?? null;
    const to = gm?.login ?? null;
    const name = g.name;
    if ((gm?.id ?? null) === before) return { from, to, changed: false, mail: null, wake: false, name, items: [] };
    const entry = getRuleset(g.ruleset);
    if (g.status === 'running' && entry.gmOption && (before === null) !== (gm === null)) {
      throw new GamesError('gm-fixed', before === null ? 'this game started without a GM: its ruleset cannot get one mid-game' : 'this game started with a GM: its ruleset cannot lose him mid-game; name another GM instead', 409,
        before === null
          ? bi('Cette partie a commencé sans MJ : ses règles l’ont fixé au départ (présence du MJ), elle ne peut pas en recevoir un en cours de partie.', 'This game started without a GM: its rules fixed that at the start (GM presence); it cannot get one mid-game.')
          : bi('Cette partie a commencé avec un MJ : ses règles l’ont fixé au départ (présence du MJ), elle ne peut pas le perdre en cours de partie. Nommez un autre MJ (vous-même, si vous n’y jouez pas).', 'This game started with a GM: its rules fixed that at the start (GM presence); it cannot lose him mid-game. Name another GM instead (yourself, if you do not play in it).'));
    }
    const now = ctx.now();
    await t.query('UPDATE games SET gm_user_id = $2 WHERE id = $1', [gameId, gm?.id ?? null]);
    const idx = Number(g.step) + 1;
    let wake = false;
    if (g.status === 'running') {
      if (gm === null) {
        // Removed: his rulings stand; the pending items take their default when the step resolves, as without a GM.
        const n = await t.query<{ x: number }>(`UPDATE gm_items SET status = 'no-gm' WHERE game_id = $1 AND step = $2 AND closed_at IS NULL AND status = 'pending' RETURNING 1 AS x`, [gameId, idx]);
        wake = n.length > 0;
      } else if (before === null) {
        // Named where there was none: the items the step opened without a GM wait for him now.
        await t.query(`UPDATE gm_items SET status = 'pending' WHERE game_id = $1 AND step = $2 AND closed_at IS NULL AND status = 'no-gm'`, [gameId, idx]);
      }
    }
    await t.query('INSERT INTO gm_actions(game_id, step, user_id, action, label, input, at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [gameId, idx, hostUserId, GM_CHANGE, 'change of GM', JSON.stringify({ from: from ?? '', to: to ?? '' }), now]);
    const items = gm && g.status === 'running'
      ? (await t.query<{ item: unknown }>(`SELECT item FROM gm_items WHERE game_id = $1 AND step = $2 AND closed_at IS NULL AND status IN ('pending', 'ruled') ORDER BY opened_at, decision`, [gameId, idx])).map((i) => parse<JudgmentItem>(i.item))
      : [];
    return { from, to, changed: true, mail: gm?.id ?? null, wake, name, items };
  });
  if (r.changed && r.mail !== null) await mailNewGm(ctx, gameId, r.mail, r.name, r.items);
  if (r.wake) wakeGame(ctx, gameId);
  return { from: r.from, to: r.to, changed: r.changed };
}

/** The mail to a GM the host has just named: the game, his queue, and the items open now. */
async function mailNewGm(ctx: AppCtx, gameId: number, userId: number, name: string, items: JudgmentItem[]): Promise<void> {
  const gm = await ctx.db.one<{ email: string; lang: string; login: string }>('SELECT email, lang, login FROM users WHERE id = $1 AND NOT is_guest AND email <> \'\'', [userId]);
  if (!gm) return;
  const lang: Lang = gm.lang === 'en' ? 'en' : 'fr';
  const url = `${ctx.config.publicUrl.replace(/\/$/, '')}/games/${gameId}/gm`;
  const lines = items.map((i) => `- ${i.row} — ${i.decides[lang]} (${kindLabel(i.kind, lang)})`).join('\n');
  const text = lang === 'fr'
    ? `Bonjour ${gm.login},\n\nL’hôte de la partie « ${name} » vous en a nommé MJ.\n${items.length ? `En attente de votre décision :\n${lines}\n` : ''}\nVotre file : ${url}\n`
    : `Hello ${gm.login},\n\nThe host of the game "${name}" has named you its GM.\n${items.length ? `Waiting for your ruling:\n${lines}\n` : ''}\nYour queue: ${url}\n`;
  await queueMail(ctx.db, { to: gm.email, subject: lang === 'fr' ? `Vous êtes MJ — ${name}` : `You are the GM — ${name}`, text });
}
