/**
 * Benchmark: turn processing when many games fall due at once. N games (default 1000, Scandinavia,
 * one human lord with a written sheet and nine bots each) reach their deadline at the same minute;
 * one server process, then two sharing the PostgreSQL database, resolve them. Prints the time to
 * resolve them all, and proves that none was resolved twice: each game has exactly one resolved
 * step, a report for each of its lords and one report mail (its human lord) (a second resolution would have added a step,
 * a report and a mail, or failed on the steps' primary key).
 *
 * Run: `node --import tsx bench/due.ts [--games 1000]` (PostgreSQL: TEST_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/test, in a fresh schema dropped at the end).
 */
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { games } from '../src/platform/games/service.ts';
import { freshSchema, startServer } from './pg.ts';

const { values } = parseArgs({ options: { games: { type: 'string', default: '1000' } } });
const N = Number(values.games);
const { db, url, services: p, drop } = await freshSchema('bench_due');
const t0 = Date.now();
const batches: number[][] = [[], []];
for (let b = 0; b < 2; b++) {
  for (let i = 0; i < N; i++) {
    const r = await db.one<{ id: number }>(
      `INSERT INTO users(login, login_key, email, email_key, password_hash, validated) VALUES ($1, $1, $2, $2, 'x', TRUE) RETURNING id`,
      [`due_${b}_${i}`, `due_${b}_${i}@example.test`]);
    const seats = [{ userId: Number(r!.id), lordName: 'Seigneur 1' }, ...Array.from({ length: 9 }, (_, k) => ({ userId: null, lordName: `Seigneur ${k + 2}` }))];
    const id = await games.create(p.ctx, { ruleset: 'gloire-et-pouvoir', name: `Due ${b}-${i}`, options: { map: 'scandinavia' }, seats, maxPlayers: 10, early: false, seed: `due-${b}-${i}` });
    const player = (await db.one<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND user_id IS NOT NULL', [id]))!.player;
    await games.saveSheet(p.ctx, id, player, 'CHE 1\nINI 50 50 80');
    batches[b]!.push(id);
  }
}
await db.query('DELETE FROM outbox');
console.error(`${2 * N} games created in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

function server(i: number): Promise<ChildProcess> {
  return startServer({ DATABASE_URL: url, SCHEDULER_TICK_MS: '250', SMTP_URL: '' }, 3800 + i);
}

async function run(ids: number[], processes: number): Promise<{ seconds: number; steps: number; reports: number; mails: number; twice: number }> {
  const servers = await Promise.all(Array.from({ length: processes }, (_, i) => server(i)));
  const start = Date.now();
  // All due at the same minute.
  await db.query('UPDATE games SET deadline = now() - interval \'1 minute\' WHERE id = ANY($1::int[])', [ids]);
  for (;;) {
    const r = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM games WHERE id = ANY($1::int[]) AND step >= 1', [ids]);
    if (r!.n === ids.length) break;
    await new Promise((res) => setTimeout(res, 200));
  }
  const seconds = (Date.now() - start) / 1000;
  for (const s of servers) { s.kill('SIGTERM'); await new Promise((res) => s.once('exit', res)); }
  const one = async (sql: string) => (await db.one<{ n: number }>(sql, [ids]))!.n;
  return {
    seconds,
    steps: await one('SELECT count(*)::int AS n FROM steps WHERE game_id = ANY($1::int[])'),
    reports: await one('SELECT count(*)::int AS n FROM reports WHERE game_id = ANY($1::int[])'),
    mails: await one(`SELECT count(*)::int AS n FROM outbox o WHERE o.subject LIKE 'BILAN%' AND EXISTS (SELECT 1 FROM games g WHERE g.id = ANY($1::int[]) AND o.subject LIKE '%' || g.name || ' —%')`),
    twice: await one('SELECT count(*)::int AS n FROM (SELECT game_id FROM steps WHERE game_id = ANY($1::int[]) GROUP BY game_id HAVING count(*) > 1) x'),
  };
}

const results = [await run(batches[0]!, 1), await run(batches[1]!, 2)];
await drop();

console.log(`${N} games due at the same minute (Scandinavia, 1 lord with orders + 9 bots each), PostgreSQL — ${new Date().toISOString()}`);
console.log('| server processes | time to resolve all | games/s | steps | reports | report mails | games resolved twice |');
console.log('|---|---|---|---|---|---|---|');
results.forEach((r, i) => console.log(`| ${i + 1} | ${r.seconds.toFixed(1)} s | ${(N / r.seconds).toFixed(0)} | ${r.steps} | ${r.reports} | ${r.mails} | ${r.twice} |`));
console.log('Target: under 60 s with two processes; every game resolved exactly once.');
