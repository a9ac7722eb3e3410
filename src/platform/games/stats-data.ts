/**
 * The figures behind the statistics pages. The platform knows no rule: it keeps what the
 * ruleset's `stats(state)` returns, with the initial state (`games.start_stats`) and with each
 * resolved step (`steps.stats`), and asks the ruleset's `statsCharts` to lay them out.
 *
 * Games stored before the figures were kept (or whose figures are missing for any reason) are
 * filled in the first time their statistics are asked for: the game is replayed from its setup
 * with the engine's fold (`replayStates`), and each state whose hash is the recorded one gives
 * its figures. A replay that no longer reaches the recorded states (the rules changed since)
 * stops there: the later points stay empty rather than wrong.
 *
 * What a viewer may see: the public figures, and only his own private ones. The history handed
 * to the ruleset is cut down to that before it is laid out, so a chart cannot hold another
 * player's private figure whatever the ruleset does.
 */
import type { GameRecord, StepRecord } from '../../engine/game.ts';
import type { ChartDoc, Lang, PlayerId, Ruleset, StepStats } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import type { Db } from '../db/index.ts';
import { runReferee } from '../referee/pool.ts';

/** The figures of a state as JSON text for the database; null without a `stats` hook or when it
 *  fails (the statistics never stop a turn from resolving). */
export function statsJson(rs: Ruleset, state: unknown): string | null {
  if (!rs.stats) return null;
  try {
    return JSON.stringify(rs.stats(state));
  } catch (e) {
    console.error(`suzerain: the figures of a ${rs.id} state could not be computed: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

const parse = <T>(v: unknown): T | null => (typeof v === 'string' ? JSON.parse(v) as T : (v as T | null | undefined) ?? null);

/** One point of the history: the step label ('' for the initial state) and its figures (null: unknown). */
export interface StatsPoint { label: string; stats: StepStats | null }

export interface GameStats {
  ruleset: Ruleset;
  /** The initial state, then each resolved step. */
  history: StatsPoint[];
  /** The seats with their display names (from the current state). */
  players: { id: PlayerId; name: string }[];
}

/** A replay's time budget when the caller gives none (the turn budget's default). */
const DEFAULT_REPLAY_BUDGET_MS = 120_000;

// Replays in progress (one per game and database) and games whose replay diverged (not retried).
const running = new WeakMap<Db, Map<number, Promise<void>>>();
const diverged = new WeakMap<Db, Set<number>>();

/** The figures of a started game, filling in the missing ones first; null while forming or unknown. */
export async function loadStats(db: Db, gameId: number, budgetMs = DEFAULT_REPLAY_BUDGET_MS): Promise<GameStats | null> {
  const read = async () => {
    const g = await db.one<{ ruleset: string; status: string; state: unknown; start_stats: unknown }>(
      'SELECT ruleset, status, state, start_stats FROM games WHERE id = $1', [gameId]);
    if (!g || g.status === 'forming') return null;
    const steps = await db.query<{ idx: number; label: string; stats: unknown }>('SELECT idx, label, stats FROM steps WHERE game_id = $1 ORDER BY idx', [gameId]);
    return {
      ruleset: getRuleset(g.ruleset).ruleset,
      state: parse<unknown>(g.state),
      history: [{ label: '', stats: parse<StepStats>(g.start_stats) }, ...steps.map((s) => ({ label: s.label, stats: parse<StepStats>(s.stats) }))],
    };
  };
  let r = await read();
  if (!r) return null;
  if (r.ruleset.stats && r.history.some((h) => h.stats === null) && !diverged.get(db)?.has(gameId)) {
    try {
      await backfill(db, gameId, budgetMs);
    } catch (e) { // over budget or failed: the figures stay missing this time (recorded in the log), the page still answers
      console.error(`suzerain: game ${gameId}: the statistics replay failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    r = (await read()) ?? r;
  }
  return { ruleset: r.ruleset, history: r.history, players: r.state ? r.ruleset.players(r.state) : [] };
}

/** Recomputes and stores the missing figures of a game by replaying it (one replay at a time per game). */
export function backfill(db: Db, gameId: number, budgetMs = DEFAULT_REPLAY_BUDGET_MS): Promise<void> {
  let perDb = running.get(db);
  if (!perDb) running.set(db, (perDb = new Map()));
  const current = perDb.get(gameId);
  if (current) return current;
  const job = replayAndStore(db, gameId, budgetMs).finally(() => perDb!.delete(gameId));
  perDb.set(gameId, job);
  return job;
}

async function replayAndStore(db: Db, gameId: number, budgetMs: number): Promise<void> {
  const g = await db.one<{ ruleset: string; status: string; options: unknown; seed: string; initial_hash: string | null; start_missing: boolean }>(
    'SELECT ruleset, status, options, seed, initial_hash, start_stats IS NULL AS start_missing FROM games WHERE id = $1', [gameId]);
  if (!g || g.status === 'forming') return;
  const rs = getRuleset(g.ruleset).ruleset;
  if (!rs.stats) return;
  const rows = await db.query<{ idx: number; label: string; submissions: unknown; defaulted: unknown; hash: string; missing: boolean }>(
    'SELECT idx, label, submissions, defaulted, hash, stats IS NULL AS missing FROM steps WHERE game_id = $1 ORDER BY idx', [gameId]);
  const missing = new Set<number>(rows.filter((s) => s.missing).map((s) => Number(s.idx)));
  if (g.start_missing) missing.add(0);
  if (missing.size === 0) return;
  const steps: StepRecord[] = rows.map((s) => ({
    index: Number(s.idx), label: s.label, submissions: parse(s.submissions) ?? [], defaulted: parse(s.defaulted) ?? [], events: [], hash: s.hash,
  }));
  const rec: GameRecord = {
    format: 'suzerain/game@1', ruleset: g.ruleset, options: parse(g.options), seed: g.seed, initialHash: g.initial_hash ?? '',
    state: null, pending: [], nextOrder: 1, steps,
  };
  // The replay runs in a referee worker thread, within its budget: a long game's first replay
  // never holds the server (referee/pool.ts).
  const r = await runReferee('statsReplay', { record: rec, missing: [...missing] }, budgetMs);
  for (const { index, figures } of r.figures) {
    if (index === 0) await db.query('UPDATE games SET start_stats = $2 WHERE id = $1 AND start_stats IS NULL', [gameId, figures]);
    else await db.query('UPDATE steps SET stats = $3 WHERE game_id = $1 AND idx = $2 AND stats IS NULL', [gameId, index, figures]);
  }
  if (r.divergedAt !== null) {
    console.error(`suzerain: game ${gameId}: the replay no longer reaches the recorded state of step ${r.divergedAt}; its figures from there on stay unknown`);
    let set = diverged.get(db);
    if (!set) diverged.set(db, (set = new Set()));
    set.add(gameId);
  }
}

const EMPTY: StepStats = { public: {}, private: {} };

/**
 * The charts one viewer may see: `player` is the viewer's own seat (null: the public). The ruleset
 * is handed the public figures and the viewer's own private ones, nothing else.
 */
export function chartsFor(gs: GameStats, player: PlayerId | null, lang: Lang): ChartDoc[] {
  if (!gs.ruleset.statsCharts) return [];
  const history = gs.history.map((h) => {
    const own = player !== null ? h.stats?.private?.[player] : undefined;
    return { label: h.label, stats: h.stats ? { public: h.stats.public ?? {}, private: own ? { [player!]: own } : {} } : EMPTY };
  });
  return gs.ruleset.statsCharts(history, player, lang, gs.players);
}
