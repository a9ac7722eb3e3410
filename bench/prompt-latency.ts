/**
 * Games of prompts, the full path (issue 14): the time from one player's answer to the
 * next player's page showing his prompt, with many games playing at once on PostgreSQL.
 *
 * Each game is a Fair game (test/engine/fair-ruleset.ts) at the live pace between two players,
 * each with a live stream open (`GET /games/:id/live`, as the prompt page holds one). A driver per
 * game answers the open prompts as a bot would (the answer goes through `answerPrompt`, the
 * service the answer route calls: validation, the ready sheet, the scheduler woken); the answer
 * that completes a step starts the clock. The step is resolved by the platform's scheduler (in
 * the referee's worker threads), announced through the live hub after its commit, and the clock
 * stops when the page of the player asked next has received the event and fetched its prompt
 * fragment (`/games/:id/play?part=prompt`, which the page's script re-fetches).
 *
 * Run: `node --import tsx bench/prompt-latency.ts [--games 200] [--seconds 20] [--think 2000]`
 * (`--think`: a player's mean time to answer, in ms; 200 live games at 2 s make ~100 answers a second).
 * PostgreSQL: TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test (a fresh schema).
 * Port: BENCH_PORT (default 7402).
 */
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { fair, fairBot } from '../test/engine/fair-ruleset.ts';
import { createRng } from '../src/engine/rng.ts';
import { configFromEnv } from '../src/platform/config.ts';
import { games } from '../src/platform/games/service.ts';
import { answerPrompt } from '../src/platform/games/prompts.ts';
import { sha256 } from '../src/platform/http/server.ts';
import { startPlatform } from '../src/platform/main.ts';
import { getRuleset, loadAllRulesets } from '../src/rulesets/index.ts';

await loadAllRulesets();
import { freshSchema } from './pg.ts';
import { openGameStream } from './sse.ts';
import type { Db } from '../src/platform/db/index.ts';

const { values } = parseArgs({ options: {
  games: { type: 'string', default: '200' }, seconds: { type: 'string', default: '20' }, think: { type: 'string', default: '2000' },
} });
/** A player's mean time to answer once his prompt shows, in ms (uniform from 0 to twice this). */
const THINK = Number(values.think);
const GAMES = Number(values.games);
const SECONDS = Number(values.seconds);
const PORT = Number(process.env.BENCH_PORT ?? 7402);

interface Player { player: string; userId: number; cookie: string; shown: Map<number, number>; waiters: Map<number, () => void> }

async function users(db: Db, g: number): Promise<Player[]> {
  const expires = new Date(Date.now() + 86_400_000);
  const out: Player[] = [];
  for (let i = 0; i < 2; i++) {
    const login = `pl_${g}_${i}`;
    const r = await db.one<{ id: number }>(
      `INSERT INTO users(login, login_key, email, email_key, password_hash, validated) VALUES ($1, $1, $2, $2, 'x', TRUE) RETURNING id`, [login, `${login}@example.test`]);
    const sid = randomBytes(24).toString('base64url');
    await db.query('INSERT INTO sessions(id_hash, user_id, csrf, expires_at) VALUES ($1, $2, $3, $4)', [sha256(sid), r!.id, randomBytes(24).toString('base64url'), expires]);
    out.push({ player: '', userId: Number(r!.id), cookie: `sid=${sid}`, shown: new Map(), waiters: new Map() });
  }
  return out;
}

/** A page: its live stream; on each step event, the prompt fragment fetched, and the time it was shown. */
function page(base: string, gameId: number, p: Player, signal: AbortSignal): Promise<void> {
  return openGameStream(`${base}/games/${gameId}/live`, p.cookie, signal, (e) => {
    if (e.kind !== 'step' || e.step === undefined) return;
    const step = e.step;
    void fetch(`${base}/games/${gameId}/play?part=prompt`, { headers: { cookie: p.cookie }, signal }).then(async (r) => {
      await r.arrayBuffer();
      p.shown.set(step, performance.now());
      p.waiters.get(step)?.();
    }).catch(() => {});
  });
}

const shownAt = (p: Player, step: number): Promise<number> => {
  const t = p.shown.get(step);
  if (t !== undefined) return Promise.resolve(t);
  return new Promise((resolve) => p.waiters.set(step, () => { p.waiters.delete(step); resolve(p.shown.get(step)!); }));
};

const fresh = await freshSchema('pl');
const ac = new AbortController();
const platform = await startPlatform({ ...configFromEnv({}), port: PORT, host: '127.0.0.1', dataDir: ':memory:', demo: false, tickMs: 60_000 }, { db: fresh.db });
const ctx = platform.ctx;
const rs = getRuleset(fair.id).ruleset;
const latencies: number[] = [];
let answers = 0;
try {
  const list: { id: number; players: Player[] }[] = [];
  for (let g = 0; g < GAMES; g++) {
    const players = await users(fresh.db, g);
    const id = await games.create(ctx, {
      ruleset: fair.id, name: `Fair ${g}`, options: {}, seed: `fair-${g}`, prompts: { pace: 'live' },
      seats: players.map((p, i) => ({ userId: p.userId, lordName: ['Anne', 'Bruno'][i]! })),
    });
    const seats = await fresh.db.query<{ player: string; user_id: number }>('SELECT player, user_id FROM seats WHERE game_id = $1', [id]);
    for (const p of players) p.player = seats.find((s) => Number(s.user_id) === p.userId)!.player;
    list.push({ id, players });
  }
  const base = `http://127.0.0.1:${PORT}`;
  await Promise.all(list.flatMap((g) => g.players.map((p) => page(base, g.id, p, ac.signal))));
  // The referee's threads load the rulesets on their first task: one warm-up step per game's first
  // answer is not measured (WARMUP_MS), so the figures are those of a server already running.
  const WARMUP_MS = 3000;
  const start = Date.now();
  const end = start + WARMUP_MS + SECONDS * 1000;
  await Promise.all(list.map(async (g) => {
    const rng = createRng(`bench-${g.id}`, 'driver');
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, Math.random() * 2 * THINK)); // the player reads his prompt
      const row = await fresh.db.one<{ state: unknown; step: number; status: string }>('SELECT state, step, status FROM games WHERE id = $1', [g.id]);
      if (!row || row.status !== 'running') return;
      const state = typeof row.state === 'string' ? JSON.parse(row.state) : row.state;
      const open = rs.decisions(state).flatMap((d) => d.players.map((p) => ({ d: d.id, p })));
      const given = new Set((await fresh.db.query<{ player: string; decision: string }>('SELECT player, decision FROM sheets WHERE game_id = $1 AND step = $2 AND ready', [g.id, row.step + 1])).map((s) => `${s.player}/${s.decision}`));
      const todo = open.filter((o) => !given.has(`${o.p}/${o.d}`));
      if (!todo.length) { await new Promise((r) => setTimeout(r, 20)); continue; }
      const last = todo.length === 1;
      const o = todo[0]!;
      const t0 = performance.now();
      const r = await answerPrompt(ctx, g.id, o.p, o.d, fairBot(state, o.p, o.d, rng));
      answers++;
      if (!r.ok) throw new Error(`game ${g.id}: refused ${JSON.stringify(r.issues)}`);
      if (!last) continue;
      // The step resolves; the player asked next sees his prompt.
      const step = row.step + 1;
      const t1 = await Promise.race([
        Promise.all(g.players.map((p) => shownAt(p, step))).then(async (shown) => {
          const after = await fresh.db.one<{ state: unknown }>('SELECT state FROM games WHERE id = $1', [g.id]);
          const st = typeof after!.state === 'string' ? JSON.parse(after!.state as string) : after!.state;
          const next = new Set(rs.decisions(st).flatMap((d) => d.players));
          const idx = g.players.findIndex((p) => next.has(p.player));
          return shown[idx >= 0 ? idx : 0]!;
        }),
        new Promise<null>((r) => setTimeout(() => r(null), 10_000)),
      ]);
      if (t1 === null) throw new Error(`game ${g.id}: step ${step} not shown after 10 s`);
      if (Date.now() - start > WARMUP_MS) latencies.push(t1 - t0);
    }
  }));
} finally {
  ac.abort();
  await platform.close();
  await fresh.drop();
}
const l = latencies.sort((a, b) => a - b);
const q = (p: number) => (l.length ? l[Math.min(l.length - 1, Math.floor(p * l.length))]!.toFixed(1) : '-');
console.log(`games of prompts, answer → next player's prompt shown — ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
console.log('| games | think ms | seconds | answers | steps measured | p50 ms | p99 ms | max ms |');
console.log('|---|---|---|---|---|---|---|---|');
console.log(`| ${GAMES} | ${THINK} | ${SECONDS} | ${answers} | ${l.length} | ${q(0.5)} | ${q(0.99)} | ${l.length ? l[l.length - 1]!.toFixed(1) : '-'} |`);
process.exit(0);
