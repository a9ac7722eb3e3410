/**
 * The GM's approval queue, storage side (issue 16, Game of Gruik §11.3–§11.6): the judgment items
 * a step opens (decisions of the GM seat, see "game masters" in src/engine/ruleset.ts) written to
 * `gm_items` (migration 027) when the step opens, the GM told by mail, and each item closed when
 * its step resolves. The turn job (service.ts) and free actions (prompts.ts) call these inside
 * their transaction; the GM's own actions are in gm.ts, his page in gm-page.ts.
 *
 * No rule here: what an item is, its default and its deadline come from the ruleset. A leaf module
 * (it imports nothing of service.ts), so that the turn job may call it.
 */
import type { Decision, JudgmentItem, Lang } from '../../engine/ruleset.ts';
import type { Db } from '../db/index.ts';
import type { AppCtx } from '../http/server.ts';
import { queueMail } from '../mail/queue.ts';

/** An open item as the referee hands it over: the decision's id, the item, its deadline in minutes from now (null: the step's). */
export interface OpenItem { decision: string; item: JudgmentItem; minutes: number | null }

/** The open items of a list of decisions (the referee's output or a fresh state's). */
export function openItems(decisions: Decision[]): OpenItem[] {
  return decisions.filter((d) => d.judgment).map((d) => ({
    decision: d.id, item: d.judgment!, minutes: d.deadline.kind === 'after' ? Math.max(1, Math.round(d.deadline.hours * 60)) : null,
  }));
}

/**
 * The SQL condition "the step in progress of game `g` waits for its GM": a timed or blocking item
 * still pending (an optional item never holds its step). Used by the turn job's DUE condition.
 */
export const GM_WAITS_SQL = `EXISTS (SELECT 1 FROM gm_items i WHERE i.game_id = g.id AND i.step = g.step + 1 AND i.status = 'pending' AND i.kind <> 'optional')`;
/** "The step in progress asks only the GM" (no seat asked, some item open): due once nothing waits. */
export const GM_ONLY_SQL = `(EXISTS (SELECT 1 FROM gm_items i WHERE i.game_id = g.id AND i.step = g.step + 1) AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.asked))`;

/** The same two conditions for one game's step `idx`, read in the caller's transaction. */
export async function gmStepState(db: Db, gameId: number, idx: number): Promise<{ waits: boolean; items: number }> {
  const r = await db.one<{ waits: number; items: number }>(
    `SELECT count(*) FILTER (WHERE status = 'pending' AND kind <> 'optional')::int AS waits, count(*)::int AS items FROM gm_items WHERE game_id = $1 AND step = $2`, [gameId, idx]);
  return { waits: Number(r?.waits ?? 0) > 0, items: Number(r?.items ?? 0) };
}

/**
 * The GM's log's action id of his extension of the players' deadline of the step in progress
 * (gm_actions, migration 030; gm.ts, extendStep). Its rows' `step` is the step extended; a free
 * action that keeps the step's prompts and deadline carries them on, as the players' extensions.
 */
export const GM_EXTEND_STEP = '@extend-step';

const L = (lang: Lang, fr: string, en: string): string => (lang === 'fr' ? fr : en);

/**
 * Writes the items open in step `idx` of a game (those already written are kept), marks the
 * pending ones no longer open as withdrawn, and mails the GM for each new one. A game without a GM
 * writes its items as 'no-gm' (the referee gives them their default at once) and mails nobody.
 * A game of order sheets whose step asks only the GM gets the items' deadline as its own, so
 * that it never waits a whole turn for a 24-hour review.
 */
export async function syncGmItems(ctx: AppCtx, db: Db, gameId: number, idx: number, items: OpenItem[], stepDeadline: Date | null): Promise<void> {
  const g = await db.one<{ name: string; gm_user_id: number | null; pace: string | null }>('SELECT name, gm_user_id, pace FROM games WHERE id = $1', [gameId]);
  if (!g) return;
  const now = ctx.now();
  const open = new Set(items.map((i) => i.decision));
  const stale = await db.query<{ decision: string }>(`SELECT decision FROM gm_items WHERE game_id = $1 AND step = $2 AND status IN ('pending', 'ruled')`, [gameId, idx]);
  for (const s of stale) {
    if (!open.has(s.decision)) await db.query(`UPDATE gm_items SET status = 'withdrawn', closed_at = $4 WHERE game_id = $1 AND step = $2 AND decision = $3`, [gameId, idx, s.decision, now]);
  }
  if (!items.length) return;
  const fresh: OpenItem[] = [];
  let latest: Date | null = null;
  for (const it of items) {
    const deadline = it.minutes === null ? stepDeadline : new Date(now.getTime() + it.minutes * 60_000);
    if (deadline && (!latest || deadline > latest)) latest = deadline;
    const row = await db.one(
      `INSERT INTO gm_items(game_id, step, decision, kind, item, opened_at, deadline, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (game_id, step, decision) DO NOTHING RETURNING 1 AS x`,
      [gameId, idx, it.decision, it.item.kind, JSON.stringify(it.item), now, deadline, g.gm_user_id === null ? 'no-gm' : 'pending']);
    if (row) fresh.push(it);
  }
  if (g.pace === null && latest && g.gm_user_id !== null && !(await db.one('SELECT 1 FROM seats WHERE game_id = $1 AND asked', [gameId]))) {
    await db.query('UPDATE games SET deadline = $2 WHERE id = $1', [gameId, latest]);
  }
  if (g.gm_user_id === null || !fresh.length) return;
  const gm = await db.one<{ email: string; lang: string; login: string }>('SELECT email, lang, login FROM users WHERE id = $1 AND NOT is_guest AND email <> \'\'', [g.gm_user_id]);
  if (!gm) return;
  const lang: Lang = gm.lang === 'en' ? 'en' : 'fr';
  const url = `${ctx.config.publicUrl.replace(/\/$/, '')}/games/${gameId}/gm`;
  const lines = fresh.map((f) => `- ${f.item.row} — ${f.item.decides[lang]} (${kindLabel(f.item.kind, lang)}; ${L(lang, 'par défaut', 'default')} : ${f.item.byDefault})`);
  const text = L(lang,
    `Bonjour ${gm.login},\n\nDans la partie « ${g.name} », où vous êtes MJ, ${fresh.length === 1 ? 'une question attend' : `${fresh.length} questions attendent`} votre décision :\n${lines.join('\n')}\n\nSans décision de votre part avant l’échéance, la décision par défaut s’applique.\nVotre file : ${url}\n`,
    `Hello ${gm.login},\n\nIn the game "${g.name}", where you are the GM, ${fresh.length === 1 ? 'an item waits' : `${fresh.length} items wait`} for your ruling:\n${lines.join('\n')}\n\nWithout your ruling before the deadline, the default applies.\nYour queue: ${url}\n`);
  await queueMail(db, { to: gm.email, subject: L(lang, `File du MJ — ${g.name}`, `GM queue — ${g.name}`), text });
}

/** The items of step `idx` as it resolves: those with no ruling took their default (a GM-less game's stay 'no-gm'). */
export async function closeGmItems(db: Db, gameId: number, idx: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE gm_items SET status = CASE WHEN status = 'pending' THEN 'default' ELSE status END, closed_at = $3
     WHERE game_id = $1 AND step = $2 AND closed_at IS NULL`, [gameId, idx, now]);
}

/** A free action made step `idx - 1` into `idx`: the items move on with the answers, then are checked against the open decisions. */
export async function moveGmItems(ctx: AppCtx, db: Db, gameId: number, idx: number, decisions: Decision[], stepDeadline: Date | null): Promise<void> {
  await db.query('UPDATE gm_items SET step = step + 1 WHERE game_id = $1 AND step = $2 AND closed_at IS NULL', [gameId, idx - 1]);
  // A ruling a free action made invalid was emptied with the other answers: its item waits again.
  await db.query(
    `UPDATE gm_items i SET status = 'pending', ruling = NULL, ruled_by = NULL, ruled_at = NULL WHERE i.game_id = $1 AND i.step = $2 AND i.status = 'ruled'
       AND NOT EXISTS (SELECT 1 FROM sheets h WHERE h.game_id = i.game_id AND h.step = i.step AND h.decision = i.decision AND h.ready)`, [gameId, idx]);
  await syncGmItems(ctx, db, gameId, idx, openItems(decisions), stepDeadline);
}

export function kindLabel(kind: string, lang: Lang): string {
  switch (kind) {
    case 'timed': return L(lang, 'révision à délai', 'timed review');
    case 'blocking': return L(lang, 'bloquante', 'blocking');
    case 'optional': return L(lang, 'facultative', 'optional');
    default: return kind;
  }
}
