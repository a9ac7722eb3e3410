/**
 * Benchmark: the server's memory with many stored games. 10,000 games are stored in PostgreSQL
 * (one real Scandinavia game copied by SQL), the server starts on them, serves the home page,
 * the list of games, Adventurer Kings' help (so that both live rulesets are loaded) and 200 game
 * pages and maps (games are read when asked for, not at start),
 * and its resident size is read from /proc.
 *
 * Run: `node --import tsx bench/memory.ts [--games 10000]` (BENCH_PORT: the server's port, 3899; BENCH_HEAP_SNAPSHOT=1: a heap snapshot at the end).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { games } from '../src/platform/games/service.ts';
import { freshSchema, startServer } from './pg.ts';

const { values } = parseArgs({ options: { games: { type: 'string', default: '10000' } } });
const N = Number(values.games);
const { db, url, schema, services: p, drop } = await freshSchema('bench_mem');
const seats = Array.from({ length: 10 }, (_, k) => ({ userId: null, lordName: `Seigneur ${k + 1}` }));
const first = await games.create(p.ctx, { ruleset: 'gloire-et-pouvoir', name: 'Mémoire', options: { map: 'scandinavia' }, seats, maxPlayers: 10, early: false, seed: 'memory' });
const cols = (await db.query<{ column_name: string }>(
  `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'games' AND column_name NOT IN ('id', 'name') ORDER BY ordinal_position`, [schema]))
  .map((r) => r.column_name);
await db.query(`INSERT INTO games (name, ${cols.join(', ')}) SELECT 'Mémoire ' || n, ${cols.join(', ')} FROM games, generate_series(2, $2::int) n WHERE id = $1`, [first, N]);
const seatCols = (await db.query<{ column_name: string }>(
  `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'seats' AND column_name <> 'game_id' ORDER BY ordinal_position`, [schema]))
  .map((r) => r.column_name);
await db.query(`INSERT INTO seats (game_id, ${seatCols.join(', ')}) SELECT g.id, ${seatCols.map((c) => `s.${c}`).join(', ')} FROM seats s CROSS JOIN games g WHERE s.game_id = $1 AND g.id <> $1`, [first]);
const stored = (await db.one<{ n: number; bytes: string }>('SELECT count(*)::int AS n, pg_size_pretty(sum(pg_column_size(state))) AS bytes FROM games'))!;
console.error(`${stored.n} games stored (${stored.bytes} of states)`);

const PORT = Number(process.env.BENCH_PORT ?? '') || 3899;
// BENCH_HEAP_SNAPSHOT=1: the server writes a heap snapshot (Heap.*.heapsnapshot, in its folder) at the end, to see what is resident.
const heapEnv: Record<string, string> = process.env.BENCH_HEAP_SNAPSHOT ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2` } : {};
const child = await startServer({ DATABASE_URL: url, SCHEDULER_TICK_MS: '5000', ...heapEnv }, PORT);
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;
const atStart = rss();
const base = `http://127.0.0.1:${PORT}`;
const ids = (await db.query<{ id: number }>('SELECT id FROM games ORDER BY id LIMIT 200')).map((r) => Number(r.id));
for (const path of ['/', '/games', '/lobby']) await (await fetch(base + path)).text();
// Rulesets load on first use: the stored games are Gloire & Pouvoir; the help of Adventurer Kings
// loads the other live ruleset, so that both are resident, as issue 20's target says.
await (await fetch(`${base}/help/adventurer-kings`)).text();
const afterLists = rss();
for (const id of ids) await (await fetch(`${base}/games/${id}`)).text();
const afterGames = rss();
for (const id of ids) await (await fetch(`${base}/games/${id}/map`)).text();
console.error(`after lists ${afterLists.toFixed(0)} MB, after game pages ${afterGames.toFixed(0)} MB`);
await new Promise((r) => setTimeout(r, 6000)); // a scheduler tick or so
const after = rss();
if (process.env.BENCH_HEAP_SNAPSHOT) { child.kill('SIGUSR2'); await new Promise((r) => setTimeout(r, 15000)); }
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
await drop();

console.log(`Server memory with ${stored.n} stored games (PostgreSQL) — ${new Date().toISOString()}`);
console.log('| moment | resident size |');
console.log('|---|---|');
console.log(`| started | ${atStart.toFixed(0)} MB |`);
console.log(`| after the home page, the list of games, AK's help and ${ids.length} game pages and maps | ${after.toFixed(0)} MB |`);
console.log('Target: under 300 MB.');
