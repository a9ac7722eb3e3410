/**
 * Probe (issue 20): what PostgreSQL spends on one order page, on one connection, with the data
 * of `bench/server.ts --what page` (10 Scandinavia games of 10 lords, each lord logged in).
 *
 * `sql` mode: the page's statements alone (ORDER_PAGE_SQL and the session's, prepared, with each
 * lord's real parameters in turn), and variants of them, alternately, each `--n` times; the
 * backend's CPU per statement from /proc/<pid>/schedstat (nanoseconds), its times on the CPU
 * (wake-ups) per statement, and the bytes each row returns. Then `EXPLAIN (ANALYZE, BUFFERS)` of
 * the page's statement, custom and generic plan.
 *
 * `http` mode: the server (`suzerain serve`, DB_POOL=1 unless set) and one client asking for the
 * order pages one after the other (keep-alive): the server's and its backend's CPU per page, and
 * the backend's wake-ups per page. `--clients c` asks with c clients at once (c connections),
 * DB_POOL as given: what concurrency adds per page.
 *
 * Run: `node --import tsx bench/page-sql.ts [--mode sql,http] [--n 3000] [--rounds 3] [--clients 1]`
 * (PostgreSQL at TEST_DATABASE_URL or 127.0.0.1:5432/test, a fresh schema dropped at the end;
 * PostgreSQL must run on this machine: its /proc is read). `PROBE_DETAIL=1`: each backend's CPU
 * and last statement after each round. `PROBE_TRACE='exec <command> … {pids} …'`: a command run
 * during the first `http` round on the backends' process ids, stopped by SIGINT at its end, e.g.
 * `PROBE_TRACE='exec perf record -g -o /tmp/page.data -p {pids}'` (then `perf report -i
 * /tmp/page.data --children --sort sym -g none`) or `exec strace -e trace=recvfrom -s 48 -o
 * /tmp/page.txt -p {pids}` (the protocol messages: a 'P' Parse on every request is a statement
 * not prepared).
 *
 * What it found on 2026-11-28 (bench/results.md): the statements prepared cost the backend
 * 45 + 90 µs, but the pages cost it 1.1 ms: the platform's Db wrapper (db/rulesets.ts) dropped
 * `prepare`, so both were parsed and planned on every request.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ORDER_PAGE_SQL } from '../src/platform/games/service.ts';
import { SESSION_SQL, newToken, sha256 } from '../src/platform/http/server.ts';
import { benchGames, freshSchema, startServer } from './pg.ts';

const { values } = parseArgs({ options: { mode: { type: 'string', default: 'sql,http' }, n: { type: 'string', default: '3000' }, rounds: { type: 'string', default: '3' }, clients: { type: 'string', default: '1' }, games: { type: 'string', default: '10' } } });
const N = Number(values.n);
const ROUNDS = Number(values.rounds);
const GAMES = Number(values.games);

/** CPU time on the CPU (ns) and times scheduled in, of process `pid` (schedstat). */
function sched(pid: number): { ns: number; runs: number } {
  const [ns, , runs] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
  return { ns: ns!, runs: runs! };
}
/** The same summed over every thread of process `pid` (a Node server: its main thread, the GC's and libuv's). */
function schedAll(pid: number): { ns: number; runs: number } {
  let ns = 0; let runs = 0;
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const [a, , c] = readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
      ns += a!; runs += c!;
    } catch { /* thread gone */ }
  }
  return { ns, runs };
}


const fresh = await freshSchema('pagesql');
const { db, services } = fresh;
interface Lord { gameId: number; userId: number; sid: string }
const lords: Lord[] = [];
try {
  for (const { gameId, seats } of await benchGames(db, services.ctx, GAMES)) {
    for (const s of seats) {
      const sid = newToken();
      await db.query('INSERT INTO sessions(id_hash, user_id, csrf, expires_at) VALUES ($1, $2, $3, $4)', [sha256(sid), s.userId, newToken(24), new Date(Date.now() + 30 * 86400_000)]);
      lords.push({ gameId, userId: s.userId, sid });
    }
  }
  const sizes = await db.one<Record<string, number>>(`SELECT avg(octet_length(schedule::text))::int AS schedule, avg(octet_length(options::text))::int AS options, avg(pg_column_size(state))::int AS state_stored,
    (SELECT count(*)::int FROM sheets) AS sheets, (SELECT count(*)::int FROM reports) AS reports FROM games`);
  console.log('data:', JSON.stringify(sizes));

  if (values.mode!.includes('sql')) {
    const url = new URL(fresh.url);
    url.searchParams.set('options', `${url.searchParams.get('options')} -c application_name=pagesql`);
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    const pid = Number((await c.query('SELECT pg_backend_pid() AS p')).rows[0].p);
    const variants: { name: string; sql: string; params: (l: Lord) => unknown[] }[] = [
      { name: 'SELECT 1 (the round trip)', sql: 'SELECT 1', params: () => [] },
      { name: 'session', sql: SESSION_SQL, params: (l) => [sha256(l.sid), new Date()] },
      { name: 'page (ORDER_PAGE_SQL)', sql: ORDER_PAGE_SQL, params: (l) => [l.gameId, l.userId, null] },
    ];
    for (const v of variants) { // a first pass: prepared, plans cached, caches warm
      for (let i = 0; i < 200; i++) await c.query({ name: `v${variants.indexOf(v)}`, text: v.sql, values: v.params(lords[i % lords.length]!) });
    }
    const acc = new Map<string, { ns: number; runs: number; wall: number; n: number; bytes: number }>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const v of variants) {
        const k = variants.indexOf(v);
        let bytes = 0;
        const s0 = sched(pid); const t0 = process.hrtime.bigint();
        for (let i = 0; i < N; i++) {
          const r = await c.query({ name: `v${k}`, text: v.sql, values: v.params(lords[i % lords.length]!) });
          if (i < lords.length) bytes += JSON.stringify(r.rows[0]).length;
        }
        const t1 = process.hrtime.bigint(); const s1 = sched(pid);
        const a = acc.get(v.name) ?? { ns: 0, runs: 0, wall: 0, n: 0, bytes: 0 };
        a.ns += s1.ns - s0.ns; a.runs += s1.runs - s0.runs; a.wall += Number(t1 - t0); a.n += N; a.bytes = Math.round(bytes / Math.min(N, lords.length));
        acc.set(v.name, a);
      }
    }
    console.log(`\nOne connection, prepared, ${ROUNDS} rounds × ${N} each, alternately:`);
    console.log('| statement | backend CPU µs | backend wake-ups | wall µs | row as JSON, bytes |');
    console.log('|---|---|---|---|---|');
    for (const [name, a] of acc) console.log(`| ${name} | ${(a.ns / a.n / 1000).toFixed(1)} | ${(a.runs / a.n).toFixed(2)} | ${(a.wall / a.n / 1000).toFixed(1)} | ${a.bytes} |`);
    const plans = await c.query('SELECT name, generic_plans, custom_plans FROM pg_prepared_statements ORDER BY name');
    console.log('plans:', plans.rows.map((r) => `${variants[Number(String(r.name).slice(1))]?.name}: ${r.generic_plans} generic, ${r.custom_plans} custom`).join('; '));
    const l = lords[3]!;
    for (const mode of ['force_custom_plan', 'force_generic_plan']) {
      await c.query(`SET plan_cache_mode = ${mode}`);
      await c.query(`PREPARE p_${mode}(int, int, int) AS ${ORDER_PAGE_SQL}`);
      const plan = await c.query(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE p_${mode}(${l.gameId}, ${l.userId}, NULL)`);
      console.log(`\n${mode}:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    await c.end();
  }

  if (values.mode!.includes('http')) {
    const clients = Number(values.clients);
    const url = new URL(fresh.url);
    url.searchParams.set('options', `${url.searchParams.get('options')} -c application_name=pagesql_http`);
    const port = 4300 + (process.pid % 500);
    const server = await startServer({ DATABASE_URL: url.toString(), DB_POOL: process.env.DB_POOL ?? String(clients), SCHEDULER_TICK_MS: '600000' }, port);
    const backends = async () => (await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', ['pagesql_http'])).map((r) => Number(r.pid));
    const sum = (pids: number[]) => pids.reduce((t, p) => { try { const s = sched(p); return { ns: t.ns + s.ns, runs: t.runs + s.runs }; } catch { return t; } }, { ns: 0, runs: 0 });
    const get = async (l: Lord) => {
      const r = await fetch(`http://127.0.0.1:${port}/games/${l.gameId}/orders`, { headers: { cookie: `sid=${l.sid}` } });
      const b = await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`page ${r.status}`);
      return b.byteLength;
    };
    try {
      let bytes = 0;
      for (const l of lords) bytes = Math.max(bytes, await get(l));
      for (let i = 0; i < 500; i++) await get(lords[i % lords.length]!);
      console.log(`\nHTTP, ${clients} client(s) at once, DB_POOL=${process.env.DB_POOL ?? clients}, pages of ${bytes} bytes at most:`);
      console.log('| round | pages | server CPU µs a page | backend CPU µs a page | backend wake-ups a page | backends | wall µs a page |');
      console.log('|---|---|---|---|---|---|---|');
      for (let round = 0; round < ROUNDS; round++) {
        const pids = await backends();
        const tracer = process.env.PROBE_TRACE && round === 0 ? spawn('sh', ['-c', process.env.PROBE_TRACE.replaceAll('{pids}', pids.join(','))], { stdio: 'ignore' }) : null;
        if (tracer) await new Promise((r) => setTimeout(r, 500));
        const b0 = sum(pids); const s0 = schedAll(server.pid!); const t0 = process.hrtime.bigint();
        let next = 0;
        await Promise.all(Array.from({ length: clients }, async () => {
          while (next < N) { const i = next++; await get(lords[i % lords.length]!); }
        }));
        const t1 = process.hrtime.bigint(); const s1 = schedAll(server.pid!); const b1 = sum(pids);
        if (tracer) { tracer.kill('SIGINT'); await new Promise((r) => tracer.once('exit', r)); }
        if (process.env.PROBE_DETAIL) { // each backend: its CPU so far, its last statement
          for (const p of pids) console.log(p, sched(p), (await db.one('SELECT left(query, 60) AS query, backend_start FROM pg_stat_activity WHERE pid = $1', [p])));
        }
        console.log(`| ${round + 1} | ${N} | ${((s1.ns - s0.ns) / N / 1000).toFixed(1)} | ${((b1.ns - b0.ns) / N / 1000).toFixed(1)} | ${((b1.runs - b0.runs) / N).toFixed(2)} | ${pids.length} | ${(Number(t1 - t0) / N / 1000).toFixed(1)} |`);
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }
} finally {
  await fresh.drop();
}
