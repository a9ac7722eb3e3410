/**
 * Benchmark: the server on loopback under load (autocannon), on the embedded database (PGlite)
 * and on PostgreSQL: saving an order sheet (POST /api/games/:id/sheet, JSON, as the order page's
 * autosave does) and loading the order page, at 50 and 200 connections. Prints requests per second
 * and p50 / p99 latency.
 *
 * The server runs in its own process (`suzerain serve`), as in production; this process prepares
 * the data (10 Scandinavia games of 10 lords, 100 players, each logged in with his own session),
 * then drives the load: every connection plays one lord and saves his own sheet.
 *
 * Run: `node --import tsx bench/server.ts [--duration 10] [--db pglite,postgres] [--what save,page] [--connections 50,200] [--rate R] [--text same,vary] [--runs 1] [--warmup 3]`
 * (`--text vary`: each save changes one line of the sheet, a comment with a counter, so that
 * nothing computed for an identical text is reused: what an editing player costs; `same`: the
 * same text every time, as an idle page's autosave. `--runs n`: each measure n times. `--warmup s`:
 * the load runs s seconds unmeasured after each server start.)
 * (`--rate`, with wrk: each connection waits connections/R seconds between requests, so that the
 * load is about R a second rather than as much as the server takes: latency below saturation).
 * Environment: WORKERS=n (server processes, PostgreSQL), BENCH_TOOL=wrk|autocannon, BENCH_CPU_PROF=dir
 * (profile the server), BENCH_NODE_ARGS (more Node options for the server, e.g. `--trace-gc`),
 * BENCH_SERVER_LOG=file (the server's output appended there), BENCH_PORT (first port less one; 3700), BENCH_ASYNC_COMMIT=1 (PostgreSQL's synchronous_commit off, to see what
 * the commits' disk flushes cost; not a setting of the product).
 * PostgreSQL: TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test (a fresh schema).
 * BENCH_BASE=dir (another checkout of the project, e.g. main's): before/after on the same data and
 * the same machine load: each run starts that checkout's server then this one's, alternately, on
 * the same database (same sessions), and the table gives both, row by row.
 * Each row also gives the database statements per request (the server counts them when started
 * with SUZERAIN_DB_STATS=1, as here, and says how many on SIGUSR2; '–' for a checkout that does
 * not) and the machine's load average at the end of the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { configFromEnv } from '../src/platform/config.ts';
import { openDb, openTestPostgres, type Db } from '../src/platform/db/index.ts';
import { startPlatform } from '../src/platform/main.ts';
import { BENCH_PASSWORD, benchGames } from './pg.ts';

const { values } = parseArgs({ options: { text: { type: 'string', default: 'same' }, runs: { type: 'string', default: '1' }, warmup: { type: 'string', default: '0' }, duration: { type: 'string', default: '10' }, db: { type: 'string', default: 'pglite,postgres' }, games: { type: 'string', default: '10' }, what: { type: 'string', default: 'save,page' }, connections: { type: 'string', default: '50,200' }, rate: { type: 'string' } } });
const DURATION = Number(values.duration);
const GAMES = Number(values.games);
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Lord { gameId: number; cookie: string; csrf: string; text: string }
type TextMode = 'same' | 'vary';
/** The JSON body of a save: with `vary`, a last comment line carries a counter (one line changed each time). */
const saveBody = (l: Lord, mode: TextMode, n: number) => JSON.stringify({ text: mode === 'vary' ? `${l.text}# edit ${n}\n` : l.text });

async function prepare(db: Db): Promise<{ gameId: number; player: string; login: string; password: string }[]> {
  const config = { ...configFromEnv({}), dataDir: ':memory:', demo: false };
  const p = await startPlatform(config, { db, listen: false, scheduler: false });
  const out: { gameId: number; player: string; login: string; password: string }[] = [];
  for (const { gameId, seats } of await benchGames(db, p.ctx, GAMES)) {
    const rows = await db.query<{ player: string; user_id: number }>('SELECT player, user_id FROM seats WHERE game_id = $1', [gameId]);
    for (const row of rows) out.push({ gameId, player: row.player, login: seats.find((s) => s.userId === Number(row.user_id))!.login, password: BENCH_PASSWORD });
  }
  await p.close();
  return out;
}

async function startServer(env: Record<string, string>, port: number, dir = process.cwd()): Promise<ChildProcess> {
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // After the default young generation, so that BENCH_NODE_ARGS='--max-semi-space-size=16' overrides it.
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // The server as `npm start` and `npx suzerain` run it (their young generation: bin/suzerain.mjs's first line).
  const child = spawn(process.execPath, [...prof, '--max-semi-space-size=4', ...extra, 'bin/suzerain.mjs', 'serve'], {
    cwd: dir,
    env: { ...process.env, ...env, SUZERAIN_DB_STATS: '1', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, SCHEDULER_TICK_MS: '600000', TRUST_PROXY: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
    child.stdout!.on('data', (d: Buffer) => {
      if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, d);
      if (/db-statements on SIGUSR2/.test(String(d))) statementsCounted.add(child);
      const n = /db-statements (\d+)/.exec(String(d));
      if (n) statementsSeen.get(child)?.(Number(n[1]));
      if (/served at/.test(String(d)) && (!env.WORKERS || /processes/.test(String(d)))) resolve();
    });
  });
  return child;
}

/**
 * Database statements sent by the server so far (it says how many on SIGUSR2, SUZERAIN_DB_STATS=1):
 * null for a server that does not count them (an older checkout, WORKERS=n).
 */
const statementsCounted = new WeakSet<ChildProcess>();
const statementsSeen = new WeakMap<ChildProcess, (n: number) => void>();
async function serverStatements(child: ChildProcess): Promise<number | null> {
  if (!statementsCounted.has(child) || process.env.WORKERS) return null;
  return new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => { statementsSeen.delete(child); resolve(null); }, 5000);
    statementsSeen.set(child, (n) => { clearTimeout(timer); statementsSeen.delete(child); resolve(n); });
    child.kill('SIGUSR2');
  });
}

async function logIn(base: string, u: { login: string; password: string }, i: number): Promise<{ cookie: string; csrf: string }> {
  // Every lord comes from his own address (the login throttle counts per address).
  const ip = `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const first = await fetch(`${base}/login`, { headers: { 'x-forwarded-for': ip } });
  const pre = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const csrf0 = /name="csrf-token" content="([^"]+)"/.exec(await first.text())![1]!;
  const r = await fetch(`${base}/login`, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: pre, 'x-forwarded-for': ip },
    body: new URLSearchParams({ login: u.login, password: u.password, _csrf: csrf0 }).toString(),
  });
  if (r.status !== 303) throw new Error(`login ${u.login}: ${r.status}`);
  const cookie = r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const page = await (await fetch(`${base}/games`, { headers: { cookie } })).text();
  const csrf = /name="csrf-token" content="([^"]+)"/.exec(page)![1]!;
  return { cookie, csrf };
}

interface Row { db: string; server: string; text: TextMode; what: string; connections: number; rps: number; p50: number; p99: number; errors: number; non2xx: number; cpuPerReq?: number; dbCpuPerReq?: number; loadCpuPerReq?: number; statementsPerReq?: number; load1?: number }

/** wrk (a C load generator, Debian's `wrk` package) leaves the two cores to the server and the database; else autocannon. */
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p)) ?? null;
const TOOL = process.env.BENCH_TOOL ?? (WRK ? 'wrk' : 'autocannon');

async function loadWrk(base: string, lords: Lord[], what: 'save' | 'page', connections: number, mode: TextMode, duration: number): Promise<Omit<Row, 'db' | 'server'>> {
  const q = (x: string) => JSON.stringify(x);
  // With `vary`, the body is cut before the text's closing quote and the counter line is added in Lua.
  const body = (l: Lord) => (mode === 'vary' ? JSON.stringify({ text: l.text }).slice(0, -2) : JSON.stringify({ text: l.text }));
  const script = `local lords = {${lords.map((l) => `{${q(what === 'save' ? `/api/games/${l.gameId}/sheet` : `/games/${l.gameId}/orders`)}, ${q(l.cookie)}, ${q(l.csrf)}, ${q(body(l))}}`).join(',\n')}}
local i = 0
${values.rate ? `delay = function() return ${((connections * 1000) / Number(values.rate)).toFixed(2)} end` : ''}
request = function()
  i = i + 1
  local l = lords[(i % #lords) + 1]
  ${what === 'save'
    ? `return wrk.format("POST", l[1], {["cookie"] = l[2], ["x-csrf-token"] = l[3], ["content-type"] = "application/json", ["accept"] = "application/json"}, ${mode === 'vary' ? 'l[4] .. "# edit " .. i .. "\\\\n\\"}"' : 'l[4]'})`
    : 'return wrk.format("GET", l[1], {["cookie"] = l[2]})'}
end
local bad = 0
response = function(status, headers, body)
  if status >= 300 and bad < 1 then bad = bad + 1; io.write("STATUS " .. status .. " " .. string.sub(body, 1, 200) .. "\\n") end
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %.3f %.3f %d\\n", summary.requests, summary.duration, latency:percentile(50) / 1000, latency:percentile(99) / 1000, e.connect + e.read + e.write + e.status + e.timeout))
end
`;
  const file = join(tmpdir(), `suzerain-wrk-${process.pid}.lua`);
  writeFileSync(file, script);
  const out = await new Promise<string>((resolve, reject) => {
    const p = spawn(WRK!, ['-t', '2', '-c', String(connections), '-d', `${duration}s`, '--timeout', '10s', '-s', file, base], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    p.stdout.on('data', (d: Buffer) => { text += String(d); });
    p.on('exit', (c) => (c === 0 ? resolve(text) : reject(new Error(`wrk exited with ${c}`))));
  });
  rmSync(file, { force: true });
  const m = /RESULT (\d+) (\d+) ([\d.]+) ([\d.]+) (\d+)/.exec(out);
  if (!m) throw new Error(`wrk output not understood:\n${out}`);
  const [, n, us, p50, p99, errors] = m.map(Number) as number[];
  return { what, text: mode, connections, rps: n! / (us! / 1e6), p50: p50!, p99: p99!, errors: errors!, non2xx: 0 };
}

async function load(base: string, lords: Lord[], what: 'save' | 'page', connections: number, mode: TextMode, duration = DURATION): Promise<Omit<Row, 'db' | 'server'>> {
  if (TOOL === 'wrk') return loadWrk(base, lords, what, connections, mode, duration);
  let next = 0;
  let edits = 0;
  const r = await autocannon({
    url: base, connections, duration, pipelining: 1,
    requests: [{
      setupRequest: (req: any, context: any) => {
        if (!context.lord) context.lord = lords[next++ % lords.length];
        const l: Lord = context.lord;
        if (what === 'save') {
          return { ...req, method: 'POST', path: `/api/games/${l.gameId}/sheet`, headers: { cookie: l.cookie, 'x-csrf-token': l.csrf, 'content-type': 'application/json', accept: 'application/json' }, body: saveBody(l, mode, ++edits) };
        }
        return { ...req, method: 'GET', path: `/games/${l.gameId}/orders`, headers: { cookie: l.cookie } };
      },
    }],
  } as any);
  return { what, text: mode, connections, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/** CPU time (user + system, every thread) of the server process and of its live children (WORKERS=n), in ms. */
function serverCpuMs(pid: number): number {
  const tick = 100; // USER_HZ
  const one = (p: number) => {
    try {
      const f = readFileSync(`/proc/${p}/stat`, 'utf8');
      const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
      return ((Number(x[11]) + Number(x[12])) * 1000) / tick;
    } catch { return 0; }
  };
  let total = one(pid);
  try { for (const c of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) total += one(Number(c)); } catch { /* no children file */ }
  return total;
}

/**
 * CPU time of the PostgreSQL backends serving the server (its connections carry the run's
 * `application_name`), in ms: with the server's and the load generator's, what one request costs
 * the machine, whatever else runs on it. Read from /proc, so only when PostgreSQL runs here.
 */
async function dbCpuMs(admin: Db, app: string): Promise<number> {
  const r = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [app]);
  return r.reduce((n, row) => n + serverCpuMs(row.pid), 0);
}

const rows: Row[] = [];
let port = Number(process.env.BENCH_PORT ?? '') || 3700;
for (const kind of values.db!.split(',')) {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let db: Db;
  let appName: string | null = null;
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'suzerain-bench-'));
    db = await openDb({ dataDir: dir });
    env = { DATA_DIR: dir };
    cleanup = async () => { rmSync(dir, { recursive: true, force: true }); };
  } else {
    const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
    db = await openTestPostgres(PG_URL, schema);
    const url = new URL(PG_URL);
    url.searchParams.set('options', `-c search_path=${schema} -c application_name=${schema}${process.env.BENCH_ASYNC_COMMIT ? ' -c synchronous_commit=off' : ''}`);
    appName = schema;
    env = { DATABASE_URL: url.toString(), ...(process.env.WORKERS ? { WORKERS: process.env.WORKERS } : {}) };
    cleanup = async () => { const admin = await openDb({ url: PG_URL }); await admin.query(`DROP SCHEMA ${schema} CASCADE`); await admin.close(); };
  }
  const seats = await prepare(db);
  await db.close();
  // The servers compared: this checkout's, and with BENCH_BASE another's first (same data, same sessions).
  const servers = [...(process.env.BENCH_BASE ? [{ name: 'base', dir: process.env.BENCH_BASE }] : []), { name: 'this', dir: process.cwd() }];
  let server = await startServer(env, ++port, servers[0]!.dir);
  let base = `http://127.0.0.1:${port}`;
  const stop = async () => { server.kill('SIGTERM'); await new Promise((r) => server.once('exit', r)); };
  try {
    const lords: Lord[] = [];
    for (let i = 0; i < seats.length; i++) {
      const s = seats[i]!;
      const { cookie, csrf } = await logIn(base, s, i);
      lords.push({ gameId: s.gameId, cookie, csrf, text: `IMP 5 ${'x'}\nCHE 1\nINI 50 50 80\n` });
    }
    // A realistic sheet: the lord's home taxed, a knight recruited, a bad line the referee explains.
    for (const l of lords) l.text = 'CHE 1\nINI 50 50 80\nESP Narvik\nMOV Nobody Thule\n';
    let first = true;
    for (let run = 1; run <= Number(values.runs); run++) {
      for (const sv of servers) {
        if (!first) { await stop(); server = await startServer(env, ++port, sv.dir); base = `http://127.0.0.1:${port}`; }
        first = false;
        for (const what of values.what!.split(',') as ('save' | 'page')[]) {
          for (const mode of (what === 'save' ? values.text!.split(',') : ['same']) as TextMode[]) {
            for (const c of values.connections!.split(',').map(Number)) {
              if (Number(values.warmup) > 0) await load(base, lords, what, c, mode, Number(values.warmup));
              // The server's own CPU time per request (all its processes): a figure that holds on a busy machine.
              // With PostgreSQL, its backends' CPU and the load generator's (autocannon runs in this
              // process; wrk is not counted) give what a request costs the whole machine: the floor.
              const admin = appName ? await openDb({ url: PG_URL }) : null;
              const st0 = await serverStatements(server);
              const cpu0 = serverCpuMs(server.pid!);
              const db0 = admin ? await dbCpuMs(admin, appName!) : 0;
              const load0 = process.cpuUsage();
              const r = await load(base, lords, what, c, mode);
              const served = Math.max(1, r.rps * DURATION);
              const cpuPerReq = (serverCpuMs(server.pid!) - cpu0) / served;
              const dbCpuPerReq = admin ? ((await dbCpuMs(admin, appName!)) - db0) / served : undefined;
              const lu = process.cpuUsage(load0);
              const st1 = st0 === null ? null : await serverStatements(server);
              const statementsPerReq = st0 === null || st1 === null ? undefined : (st1 - st0) / served;
              const load1 = loadavg()[0];
              const loadCpuPerReq = TOOL === 'autocannon' ? (lu.user + lu.system) / 1000 / served : undefined;
              await admin?.close();
              rows.push({ db: kind, server: sv.name, ...r, cpuPerReq, dbCpuPerReq, loadCpuPerReq, statementsPerReq, load1 });
              console.error(`${kind} ${sv.name} ${what}${what === 'save' ? ` (${mode})` : ''} ${c}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, server CPU ${cpuPerReq.toFixed(3)} ms a request${dbCpuPerReq !== undefined ? `, database ${dbCpuPerReq.toFixed(3)} ms` : ''}${loadCpuPerReq !== undefined ? `, load generator ${loadCpuPerReq.toFixed(3)} ms` : ''}${statementsPerReq !== undefined ? `, ${statementsPerReq.toFixed(2)} statements` : ''}, load average ${load1.toFixed(1)}${r.errors || r.non2xx ? ` (${r.errors} errors, ${r.non2xx} non-2xx)` : ''}`);
            }
          }
        }
      }
    }
  } finally {
    await stop();
    await cleanup();
  }
}

console.log(`Server on loopback (${TOOL}${process.env.WORKERS ? `, ${process.env.WORKERS} server processes` : ''}), ${DURATION} s per run, ${GAMES * 10} lords in ${GAMES} Scandinavia games — ${new Date().toISOString()}`);
// The ceiling: two cores divided by what one request costs the server, its database and the load
// generator together (a machine doing nothing else could serve no more, whatever the latency).
const ms = (x: number | undefined) => (x === undefined ? '–' : `${x.toFixed(3)} ms`);
console.log('| database | server | request | connections | req/s | p50 ms | p99 ms | errors | server CPU per request | database CPU | load generator CPU | statements per request | load average | ceiling on 2 cores |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const all = (r.cpuPerReq ?? 0) + (r.dbCpuPerReq ?? 0) + (r.loadCpuPerReq ?? 0);
  const ceiling = r.dbCpuPerReq !== undefined && r.loadCpuPerReq !== undefined && all > 0 ? `${Math.round(2000 / all)}/s` : '–';
  console.log(`| ${r.db} | ${r.server} | ${r.what === 'save' ? `save a sheet (POST, JSON${r.text === 'vary' ? ', one line changed' : ', same text'})` : 'order page (GET)'} | ${r.connections} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} | ${ms(r.cpuPerReq)} | ${ms(r.dbCpuPerReq)} | ${ms(r.loadCpuPerReq)} | ${r.statementsPerReq === undefined ? '–' : r.statementsPerReq.toFixed(2)} | ${r.load1?.toFixed(1) ?? '–'} | ${ceiling} |`);
}
