/**
 * Benchmark: what a long game of prompts costs (issue 14). A Fair game (test/engine/fair-ruleset.ts,
 * three seats: one person answered through the service with the bot's answers, two bots, a free
 * action every tenth step) is played through the platform on PostgreSQL until it has N steps
 * (default 1,000): each answer stored as a ready sheet, each step resolved by the durable turn job
 * (`games.runDue`, in the referee's worker threads), each free action written by `takeFreeAction`.
 * Then it prints:
 * - the storage per step: the bytes of the game's rows in `steps`, `reports` and `sheets`
 *   (pg_column_size of each row: what the rows hold, TOAST-compressed as stored) and the tables'
 *   whole size on disk (pg_total_relation_size: pages, free space and indexes included), divided
 *   by the number of steps;
 * - the replay time of the stored game (the engine's `replay` from its setup, checking every
 *   hash; median of several runs, in this process), and the time to load its record.
 *
 * Run: `node --import tsx bench/prompts.ts [--steps 1000] [--runs 7]` (PostgreSQL: BENCH_DATABASE_URL,
 * or postgres://postgres@127.0.0.1:5432/bench_prompts, in a fresh schema dropped at the end).
 */
import { parseArgs } from 'node:util';
import '../test/engine/fair-ruleset.ts';
import { fair, fairBot, type FairState } from '../test/engine/fair-ruleset.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { openDb, openTestPostgres } from '../src/platform/db/index.ts';
import { withRulesets } from '../src/platform/db/rulesets.ts';
import { replay } from '../src/engine/game.ts';
import { createRng } from '../src/engine/rng.ts';
import { games, loadGameRecord } from '../src/platform/games/service.ts';
import { answerPrompt, takeFreeAction } from '../src/platform/games/prompts.ts';
import { closeReferee } from '../src/platform/referee/pool.ts';
import type { AppCtx } from '../src/platform/http/server.ts';
import { nullHub } from '../src/platform/live/hub.ts';

const { values } = parseArgs({ options: { steps: { type: 'string', default: '1000' }, runs: { type: 'string', default: '7' } } });
const N = Number(values.steps);
const RUNS = Number(values.runs);
const URL_ = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_prompts';
const schema = `bench_prompts_${process.pid}_${Date.now().toString(36)}`;
const db = await openTestPostgres(URL_, schema);
const clock = { now: new Date('2026-11-20T12:00:00Z') };
const ctx: AppCtx = { db: withRulesets(db), config: { ...configFromEnv({}), publicUrl: 'http://suzerain.test', claimTimeoutSeconds: 300 }, now: () => clock.now, instanceId: 'bench', kick: () => {}, live: nullHub };
const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

try {
  const user = (await db.one<{ id: number }>(`INSERT INTO users(login, login_key, email, email_key, password_hash, validated) VALUES ('bench', 'bench', 'bench@example.test', 'bench@example.test', 'x', TRUE) RETURNING id`))!.id;
  const rounds = Math.min(1000, Math.ceil(N / 3)); // about 4.6 steps a round: the game lasts past N steps
  const id = await games.create(ctx, {
    ruleset: 'test/fair', name: 'Bench', options: { rounds }, seed: 'bench-prompts',
    seats: [{ userId: Number(user), lordName: 'Aude' }, { userId: null, lordName: 'Bérenger' }, { userId: null, lordName: 'Clothilde' }],
    prompts: { pace: 'live' },
  });
  const rng = createRng('bench', 'answers');
  const t0 = Date.now();
  let actions = 0;
  for (;;) {
    const g = (await db.one<{ state: unknown; step: number; status: string }>('SELECT state, step, status FROM games WHERE id = $1', [id]))!;
    const step = Number(g.step);
    if (step >= N || g.status !== 'running') break;
    const state = parse<FairState>(g.state);
    clock.now = new Date(clock.now.getTime() + 1000);
    if (step % 10 === 9 && state.seats[0]!.gold > 1) {
      const r = await takeFreeAction(ctx, id, 'p1', { id: 'give', values: { to: rng.pick(['p2', 'p3']), amount: '1' } });
      if (r.ok) { actions++; continue; }
    }
    for (const d of fair.decisions(state)) {
      if (d.players.includes('p1')) await answerPrompt(ctx, id, 'p1', d.id, String(fairBot(state, 'p1', d.id, rng)));
    }
    // A step that asks only bots is due at once, like one whose person has answered.
    await games.runDue(ctx);
  }
  const playSeconds = (Date.now() - t0) / 1000;
  const steps = Number((await db.one<{ n: number }>('SELECT count(*)::int AS n FROM steps WHERE game_id = $1', [id]))!.n);
  const bytes = async (table: string) => Number((await db.one<{ n: string }>(`SELECT coalesce(sum(pg_column_size(t.*)), 0)::bigint AS n FROM ${table} t WHERE t.game_id = $1`, [id]))!.n);
  const disk = async (table: string) => Number((await db.one<{ n: string }>(`SELECT pg_total_relation_size($1::regclass)::bigint AS n`, [`${schema}.${table}`]))!.n);
  const rows = async (table: string) => Number((await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE game_id = $1`, [id]))!.n);
  const tables = ['steps', 'reports', 'sheets'];
  const perTable: Record<string, { rows: number; bytes: number; disk: number }> = {};
  for (const t of tables) perTable[t] = { rows: await rows(t), bytes: await bytes(t), disk: await disk(t) };
  const fields = (await db.one<Record<string, string>>(
    `SELECT sum(octet_length(submissions::text))::bigint AS submissions, sum(octet_length(defaulted::text))::bigint AS defaulted, sum(octet_length(events::text))::bigint AS events,
            sum(octet_length(coalesce(action::text, '')))::bigint AS action, sum(octet_length(coalesce(stats::text, '')))::bigint AS stats
       FROM steps WHERE game_id = $1`, [id]))!;
  const reportText = (await db.one<{ fr: string; en: string }>('SELECT sum(octet_length(text_fr))::bigint AS fr, sum(octet_length(text_en))::bigint AS en FROM reports WHERE game_id = $1', [id]))!;

  // Replay: load the record once (timed), then the engine's replay, median of RUNS.
  const l0 = performance.now();
  const rec = (await loadGameRecord(db, id))!;
  const loadMs = performance.now() - l0;
  const times: number[] = [];
  let ok = true;
  for (let i = 0; i < RUNS; i++) {
    const r0 = performance.now();
    const r = replay(fair, rec as never);
    times.push(performance.now() - r0);
    ok &&= r.ok && r.steps === steps;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const stateBytes = JSON.stringify(rec.state).length;

  const kb = (n: number) => (n / 1024).toFixed(2);
  const sumBytes = tables.reduce((a, t) => a + perTable[t]!.bytes, 0);
  const sumDisk = tables.reduce((a, t) => a + perTable[t]!.disk, 0);
  console.log(`Fair game of prompts, ${steps} steps (${actions} free actions), ${rec.state && (rec.state as FairState).round} rounds reached; played through the platform in ${playSeconds.toFixed(1)} s`);
  console.log('| table | rows | row bytes | per step | on disk (table + indexes + TOAST) | per step |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const t of tables) {
    const x = perTable[t]!;
    console.log(`| ${t} | ${x.rows} | ${x.bytes.toLocaleString('en')} | ${kb(x.bytes / steps)} KB | ${x.disk.toLocaleString('en')} | ${kb(x.disk / steps)} KB |`);
  }
  console.log(`| **all three** | | ${sumBytes.toLocaleString('en')} | **${kb(sumBytes / steps)} KB** | ${sumDisk.toLocaleString('en')} | **${kb(sumDisk / steps)} KB** |`);
  console.log(`steps' JSON per step: submissions ${(Number(fields.submissions) / steps).toFixed(0)} B, defaulted ${(Number(fields.defaulted) / steps).toFixed(0)} B, events ${(Number(fields.events) / steps).toFixed(0)} B, action ${(Number(fields.action) / steps).toFixed(0)} B, stats ${(Number(fields.stats) / steps).toFixed(0)} B; report text per step (3 players): fr ${(Number(reportText.fr) / steps).toFixed(0)} B, en ${(Number(reportText.en) / steps).toFixed(0)} B`);
  console.log(`state ${stateBytes} B of JSON; record loaded from PostgreSQL in ${loadMs.toFixed(0)} ms; replay of ${steps} steps: median ${median.toFixed(0)} ms of ${RUNS} (${times.map((t) => t.toFixed(0)).join(', ')}), every hash ${ok ? 'matched' : 'NOT matched'}`);
  if (!ok) process.exitCode = 1;
} finally {
  await closeReferee();
  const admin = await openDb({ url: URL_ });
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.close();
  await db.close();
}
