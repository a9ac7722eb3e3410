/**
 * Benchmark: live pages (issue 14, "live when online") on PostgreSQL. 200 games playing at once,
 * two signed-in players of each holding the game's live stream (`GET /games/:id/live`, Server-Sent
 * Events) on a real server; every game acts about once a second (at random instants), and each act
 * is one event the game's pages must receive. Prints p50 / p99 / max of the time from the act to
 * the event read by the client, and how many arrived.
 *
 * Two set-ups:
 * - `same`: the server runs in this process and publishes itself (its hub: NOTIFY, then its own
 *   LISTEN connection hands the event to the streams);
 * - `cross`: the server is `suzerain serve` in its own process, and this process publishes through
 *   a hub of its own on the same schema: the event crosses processes through PostgreSQL NOTIFY.
 *
 * The full path of the issue (one player's answer → the step resolved → the next player's page
 * showing his prompt) is `act` below: today an act publishes an event; once the answer API exists,
 * `fullPathAct` posts the answer instead and the clients wait for the next player's prompt event.
 *
 * Run: `node --import tsx bench/live.ts [--games 200] [--seconds 10] [--rate 1] [--mode same,cross]`
 * PostgreSQL: TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test (a fresh schema).
 * Port: BENCH_PORT (default 7401).
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { configFromEnv } from '../src/platform/config.ts';
import { games } from '../src/platform/games/service.ts';
import { sha256 } from '../src/platform/http/server.ts';
import { createLiveHub, type LiveHub } from '../src/platform/live/hub.ts';
import { startPlatform } from '../src/platform/main.ts';
import { freshSchema, startServer } from './pg.ts';
import { openGameStream } from './sse.ts';
import type { Db } from '../src/platform/db/index.ts';

const { values } = parseArgs({ options: {
  games: { type: 'string', default: '200' }, seconds: { type: 'string', default: '10' },
  rate: { type: 'string', default: '1' }, mode: { type: 'string', default: 'same,cross' },
} });
const GAMES = Number(values.games);
const SECONDS = Number(values.seconds);
/** Acts per game per second. */
const RATE = Number(values.rate);
const PORT = Number(process.env.BENCH_PORT ?? 7401);

/** A game of the bench: its id and its two players' session cookies. */
export interface BenchGame { id: number; players: { player: string; cookie: string }[] }

/** Two players and three bots per game, each player with a session written straight into the database. */
async function prepare(db: Db, ctx: Parameters<typeof games.create>[0]): Promise<BenchGame[]> {
  const out: BenchGame[] = [];
  const expires = new Date(Date.now() + 86_400_000);
  for (let g = 0; g < GAMES; g++) {
    const users: number[] = [];
    const cookies: string[] = [];
    for (let i = 0; i < 2; i++) {
      const login = `live_${g}_${i}`;
      const r = await db.one<{ id: number }>(
        `INSERT INTO users(login, login_key, email, email_key, password_hash, validated) VALUES ($1, $1, $2, $2, 'x', TRUE) RETURNING id`,
        [login, `${login}@example.test`]);
      const sid = randomBytes(24).toString('base64url');
      await db.query('INSERT INTO sessions(id_hash, user_id, csrf, expires_at) VALUES ($1, $2, $3, $4)', [sha256(sid), r!.id, randomBytes(24).toString('base64url'), expires]);
      users.push(Number(r!.id));
      cookies.push(`sid=${sid}`);
    }
    const id = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: `Live ${g}`, options: { map: 'scandinavia' }, seed: `live-${g}`,
      seats: [{ userId: users[0]!, lordName: 'Harald' }, { userId: users[1]!, lordName: 'Olaf' }, { userId: null, lordName: 'Sven' }, { userId: null, lordName: 'Knut' }, { userId: null, lordName: 'Erik' }],
    });
    const seats = await db.query<{ player: string; user_id: number }>('SELECT player, user_id FROM seats WHERE game_id = $1 AND user_id IS NOT NULL', [id]);
    out.push({ id, players: users.map((u, i) => ({ player: seats.find((s) => Number(s.user_id) === u)!.player, cookie: cookies[i]! })) });
  }
  return out;
}

/** The acts sent and when (performance.now()), keyed `game:seq`; the latencies measured on arrival. */
class Clock {
  sent = new Map<string, number>();
  latencies: number[] = [];
  expected = 0;
}

/** One SSE client: for each `game` event, records the time since its act. */
function client(base: string, g: BenchGame, cookie: string, clock: Clock, signal: AbortSignal): Promise<void> {
  return openGameStream(`${base}/games/${g.id}/live`, cookie, signal, (e, now) => {
    const t0 = clock.sent.get(`${g.id}:${e.step}`);
    if (t0 !== undefined) clock.latencies.push(now - t0);
  });
}

/** What one act of a game is. Today: an event published on the game (every page of it must receive it). */
type Act = (hub: LiveHub, g: BenchGame, seq: number) => Promise<void>;
const publishAct: Act = (hub, g, seq) => hub.publish(g.id, { kind: 'step', step: seq });
/**
 * The full path, to be filled in once the answer API exists: post the answer of the player
 * whose prompt is open (his session cookie is in `g.players`), let the platform resolve the step
 * and publish; the clients then measure up to the next player's prompt event (its `step` = seq).
 */
export const fullPathAct: Act | null = null;

async function run(mode: 'same' | 'cross', act: Act): Promise<void> {
  const fresh = await freshSchema('lv');
  let server: ChildProcess | null = null;
  let inProcess: Awaited<ReturnType<typeof startPlatform>> | null = null;
  let hub: LiveHub;
  let ownHub: LiveHub | null = null;
  const ac = new AbortController();
  try {
    const list = await prepare(fresh.db, fresh.services.ctx);
    const base = `http://127.0.0.1:${PORT}`;
    if (mode === 'same') {
      inProcess = await startPlatform({ ...configFromEnv({}), port: PORT, host: '127.0.0.1', dataDir: ':memory:', demo: false }, { db: fresh.db, scheduler: false });
      hub = inProcess.ctx.live;
    } else {
      server = await startServer({ DATABASE_URL: fresh.url, DEMO: '0', SCHEDULER_TICK_MS: '3600000' }, PORT);
      hub = ownHub = await createLiveHub(fresh.db);
    }
    const clock = new Clock();
    const t0 = performance.now();
    await Promise.all(list.flatMap((g) => g.players.map((p) => client(base, g, p.cookie, clock, ac.signal))));
    const connectMs = performance.now() - t0;
    // Each game acts RATE times a second on average, at random instants, for SECONDS.
    const perGame = Math.max(1, Math.round(SECONDS * RATE));
    let seq = 0;
    await Promise.all(list.map(async (g) => {
      for (let k = 0; k < perGame; k++) {
        await new Promise((r) => setTimeout(r, Math.random() * 2000 / RATE));
        const s = ++seq;
        clock.sent.set(`${g.id}:${s}`, performance.now());
        clock.expected += g.players.length;
        await act(hub, g, s);
      }
    }));
    const end = Date.now() + 5000;
    while (clock.latencies.length < clock.expected && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    const l = clock.latencies.sort((a, b) => a - b);
    const q = (p: number) => (l.length ? l[Math.min(l.length - 1, Math.floor(p * l.length))]!.toFixed(1) : '-');
    console.log(`| ${mode} | ${GAMES} | ${list.length * 2} | ${seq} | ${l.length}/${clock.expected} | ${q(0.5)} | ${q(0.99)} | ${l.length ? l[l.length - 1]!.toFixed(1) : '-'} | ${connectMs.toFixed(0)} |`);
  } finally {
    ac.abort();
    await ownHub?.close();
    if (server) { server.kill('SIGTERM'); await new Promise((r) => server!.once('exit', r)); }
    await inProcess?.close();
    await fresh.drop();
  }
}

console.log(`live pages — ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ${RATE} act/s per game for ${SECONDS} s`);
console.log('| publisher | games | streams | acts | events received | p50 ms | p99 ms | max ms | connect all ms |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const mode of String(values.mode).split(',') as ('same' | 'cross')[]) await run(mode, fullPathAct ?? publishAct);
process.exit(0);
