/**
 * Helpers of the statistics tests (both rulesets): resolving a turn through the scheduler, the
 * stored figures of a game, and marking every private figure with a number found nowhere else
 * (then restoring them), to prove no viewer receives another player's figures.
 */
import assert from 'node:assert/strict';
import type { ChartDoc, StepStats } from '../../src/engine/ruleset.ts';
import type { TestPlatform } from './util.ts';
export { stateOf } from './util.ts';

export const API = { headers: { accept: 'application/json' } };
export const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
export const ids = (charts: ChartDoc[]) => charts.map((c) => c.id);
export const numbers = (charts: ChartDoc[]) => new Set(charts.flatMap((c) => c.series.flatMap((s) => s.values)));

/** Resolves one turn: the clock passes the deadline and the scheduler runs. */
export async function resolveTurn(tp: TestPlatform, gameId: number, tries = 200): Promise<void> {
  const g = await tp.db.one<{ step: number; deadline: Date }>('SELECT step, deadline FROM games WHERE id = $1', [gameId]);
  tp.clock.now = new Date(new Date(g!.deadline).getTime() + 1000);
  for (let i = 0; i < tries; i++) {
    await tp.platform.tick();
    const now = await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [gameId]);
    if (Number(now!.step) > Number(g!.step)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`game ${gameId} did not resolve`);
}

export async function storedStats(tp: TestPlatform, gameId: number): Promise<{ start: StepStats | null; steps: (StepStats | null)[] }> {
  const g = await tp.db.one('SELECT start_stats FROM games WHERE id = $1', [gameId]);
  const rows = await tp.db.query('SELECT stats FROM steps WHERE game_id = $1 ORDER BY idx', [gameId]);
  return { start: parseJson(g!.start_stats), steps: rows.map((r) => parseJson(r.stats)) };
}

/**
 * Runs `check` with every stored private figure of the game replaced by a number found nowhere
 * else (from `base` on), given per player; the stored figures are put back afterwards.
 */
export async function withMarkedFigures(tp: TestPlatform, gameId: number, base: number, check: (marks: Record<string, number[]>) => Promise<void>): Promise<void> {
  const marks: Record<string, number[]> = {};
  let n = 0;
  const mark = (original: StepStats) => {
    const s = structuredClone(original);
    for (const [player, figs] of Object.entries(s.private)) {
      for (const f of Object.keys(figs)) { figs[f] = base + n; (marks[player] ??= []).push(base + n); n++; }
    }
    return JSON.stringify(s);
  };
  const st = await storedStats(tp, gameId);
  await tp.db.query('UPDATE games SET start_stats = $2 WHERE id = $1', [gameId, mark(st.start!)]);
  for (const [i, s] of st.steps.entries()) await tp.db.query('UPDATE steps SET stats = $3 WHERE game_id = $1 AND idx = $2', [gameId, i + 1, mark(s!)]);
  try {
    await check(marks);
  } finally {
    await tp.db.query('UPDATE games SET start_stats = $2 WHERE id = $1', [gameId, JSON.stringify(st.start)]);
    for (const [i, s] of st.steps.entries()) await tp.db.query('UPDATE steps SET stats = $3 WHERE game_id = $1 AND idx = $2', [gameId, i + 1, JSON.stringify(s)]);
  }
}
