/**
 * The permanent ranking on the database (seed 004 §12.4; the arithmetic is in elo.ts): a new
 * ranking is generated at each game's end, in the transaction that finishes the game, once per
 * game (`ranked_games` holds the games already ranked: a second call does nothing). Two scopes:
 * each ruleset's ranking, and the overall ranking ('*') where every ranked game counts.
 *
 * Who counts in a finished game:
 *  - the game: a public game; a private one only if its host ticked « ranked » at creation
 *    (games.ranked); never a demo;
 *  - a seat: held at the end by the account that held it from the start. « Les positions reprises
 *    ne comptent pas »: a seat taken over mid-game (seats.taken_over, set when a replacement takes
 *    an open seat) counts neither for the one who left nor for the one who took it, and a seat
 *    left open (its player gone, nobody took it) counts for nobody either. Bots' seats and demo
 *    guests never count: a game with bots counts only between its human players, in their order.
 * Their places come from the ruleset's finishing order (engine `finishingOrderOf`); with fewer
 * than two counted players the game moves no points.
 */
import { finishingOrderOf, type PlayerId } from '../../engine/ruleset.ts';
import { getRuleset, isRulesetId, rulesetIds } from '../../rulesets/index.ts';
import type { Db } from '../db/index.ts';
import { decayed, keptTitle, isTitleId, rateGame, RANKING, titleFor, type TitleId } from './elo.ts';

/** The overall ranking's scope (every ruleset); a ruleset's scope is its id. */
export const OVERALL = '*';

export const isRankingScope = (scope: string): boolean => scope === OVERALL || isRulesetId(scope);

interface RatingRow { user_id: number; scope: string; points: number; games: number; last_game_at: Date; kept_title: string | null }

const parseState = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * Whether a finished game's seat counts for its account (module comment): a person's seat, held
 * from start to end.
 */
export function seatCounts(s: { user_id: number | null; status: string; taken_over: boolean; is_guest: boolean | null }): boolean {
  return s.user_id !== null && !s.taken_over && s.status !== 'open' && !s.is_guest;
}

/**
 * Ranks a finished game, in the caller's transaction `db` (the one that wrote its end). Returns
 * the number of players whose points moved (0: the game does not count), or null when the game
 * was ranked already or is not finished. `state`: the final state, when the caller holds it.
 */
export async function rankFinishedGame(db: Db, gameId: number, now: Date, state?: unknown): Promise<number | null> {
  const claimed = await db.one<{ game_id: number }>(
    `INSERT INTO ranked_games(game_id, ruleset, counted, ranked_at) SELECT id, ruleset, 0, $2 FROM games WHERE id = $1 AND status = 'finished'
     ON CONFLICT (game_id) DO NOTHING RETURNING game_id`, [gameId, now]);
  if (!claimed) return null;
  const g = await db.one<{ ruleset: string; is_private: boolean; ranked: boolean; is_demo: boolean; state: unknown }>(
    'SELECT ruleset, is_private, ranked, is_demo, state FROM games WHERE id = $1', [gameId]);
  if (!g || g.is_demo || (g.is_private && !g.ranked)) return 0;
  const rs = getRuleset(g.ruleset).ruleset;
  const final = state ?? parseState(g.state);
  let order: PlayerId[][] | null;
  try { order = finishingOrderOf(rs, final); } catch {
    // A ruleset's order that fails must not keep the game from ending: the winners above the rest.
    order = finishingOrderOf({ ...rs, finishingOrder: undefined }, final);
  }
  if (!order) return 0;
  const seats = await db.query<{ player: string; user_id: number | null; status: string; taken_over: boolean; is_guest: boolean | null }>(
    'SELECT s.player, s.user_id, s.status, s.taken_over, u.is_guest FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = $1', [gameId]);
  const userOf = new Map(seats.filter(seatCounts).map((s) => [s.player, s.user_id!]));
  const groups = order.map((grp) => grp.flatMap((p) => (userOf.has(p) ? [userOf.get(p)!] : []))).filter((grp) => grp.length > 0);
  const users = groups.flat();
  if (users.length < 2) return 0;
  for (const scope of [g.ruleset, OVERALL]) await rateInScope(db, gameId, scope, groups, now);
  await db.query('UPDATE ranked_games SET counted = $2 WHERE game_id = $1', [gameId, users.length]);
  return users.length;
}

/**
 * One scope's ratings moved by one game. A newcomer's row is written first (1,200 points, no game
 * yet), then every row is locked, in user order: two games ending at once on PostgreSQL wait for
 * each other (the second reads what the first wrote) and never deadlock.
 */
async function rateInScope(db: Db, gameId: number, scope: string, groups: number[][], now: Date): Promise<void> {
  const users = groups.flat().sort((a, b) => a - b);
  for (const u of users) {
    await db.query('INSERT INTO ratings(user_id, scope, points, games, last_game_at) VALUES ($1, $2, $3, 0, $4) ON CONFLICT (user_id, scope) DO NOTHING', [u, scope, RANKING.start, now]);
  }
  const marks = users.map((_, i) => `$${i + 2}`).join(', ');
  const rows = await db.query<RatingRow>(`SELECT * FROM ratings WHERE scope = $1 AND user_id IN (${marks}) ORDER BY user_id FOR UPDATE`, [scope, ...users]);
  const byUser = new Map(rows.map((r) => [r.user_id, r]));
  // Each player's points when the game ended: after decay since his last ranked game (a newcomer: 1,200).
  const before = (u: number): number => { const r = byUser.get(u)!; return decayed(Number(r.points), new Date(r.last_game_at), now); };
  const changes = new Map(rateGame(groups.map((grp) => grp.map((id) => ({ id, rating: before(id) })))).map((c) => [c.id, c]));
  for (const u of users) {
    const c = changes.get(u)!;
    const r = byUser.get(u);
    const points = c.before + c.delta;
    const games = (r?.games ?? 0) + 1;
    const kept0 = isTitleId(r?.kept_title) ? r!.kept_title as TitleId : null;
    const kept = keptTitle(titleFor(points, games, kept0), kept0);
    await db.query('UPDATE ratings SET points = $3, games = $4, last_game_at = $5, kept_title = $6 WHERE user_id = $1 AND scope = $2', [u, scope, points, games, now, kept]);
    await db.query('INSERT INTO rating_changes(game_id, user_id, scope, place, before, after) VALUES ($1, $2, $3, $4, $5, $6)', [gameId, u, scope, c.place, c.before, points]);
  }
}

// ─── Reading ─────────────────────────────────────────────────────────────────────────────────

export interface RankingEntry {
  /** 1-based; players with the same points (rounded as shown) share a place. */
  place: number;
  userId: number;
  login: string;
  /** Points as of the ranking's generation (decay applied), unrounded. */
  points: number;
  games: number;
  title: TitleId | null;
}
export interface Ranking {
  scope: string;
  /** When this ranking was generated: the end of the last ranked game of the scope (null: none yet). */
  generatedAt: Date | null;
  entries: RankingEntry[];
}

/** When a scope's ranking was last generated: the end of its last game that moved points. */
async function generatedAt(db: Db, scope: string): Promise<Date | null> {
  const row = scope === OVERALL
    ? await db.one<{ at: Date | null }>('SELECT max(ranked_at) AS at FROM ranked_games WHERE counted > 0')
    : await db.one<{ at: Date | null }>('SELECT max(ranked_at) AS at FROM ranked_games WHERE counted > 0 AND ruleset = $1', [scope]);
  return row?.at ? new Date(row.at) : null;
}

/** A scope's ranking as generated at its last game's end: every rated player, best first. */
export async function ranking(db: Db, scope: string): Promise<Ranking> {
  const at = await generatedAt(db, scope);
  const rows = await db.query<RatingRow & { login: string }>(
    'SELECT r.*, u.login FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.scope = $1 AND r.games > 0', [scope]);
  const entries = rows.map((r) => {
    const points = at ? decayed(Number(r.points), new Date(r.last_game_at), at) : Number(r.points);
    const kept = isTitleId(r.kept_title) ? r.kept_title : null;
    return { place: 0, userId: r.user_id, login: r.login, points, games: r.games, title: titleFor(points, r.games, kept) };
  }).sort((a, b) => b.points - a.points || a.login.localeCompare(b.login));
  entries.forEach((e, i) => { e.place = i > 0 && Math.round(entries[i - 1]!.points) === Math.round(e.points) ? entries[i - 1]!.place : i + 1; });
  return { scope, generatedAt: at, entries };
}

/** One player's standing in one scope, for his profile. */
export interface PlayerRanking { scope: string; place: number; of: number; points: number; games: number; title: TitleId | null }

/**
 * A player's standing in every scope where he has played a ranked game (the overall ranking
 * first, then each ruleset in the registry's order): for a profile page.
 */
export async function playerRankings(db: Db, userId: number): Promise<PlayerRanking[]> {
  const scopes = (await db.query<{ scope: string }>('SELECT scope FROM ratings WHERE user_id = $1 AND games > 0', [userId])).map((r) => r.scope);
  const order = [OVERALL, ...rulesetIds()];
  const out: PlayerRanking[] = [];
  for (const scope of order.filter((s) => scopes.includes(s))) {
    const r = await ranking(db, scope);
    const e = r.entries.find((x) => x.userId === userId);
    if (e) out.push({ scope, place: e.place, of: r.entries.length, points: e.points, games: e.games, title: e.title });
  }
  return out;
}
