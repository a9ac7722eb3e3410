/**
 * The database: one small interface over the embedded PGlite (PostgreSQL compiled to WebAssembly,
 * data in a folder) and a real PostgreSQL server (node-postgres pool). The same SQL and the same
 * versioned migrations run on both; migrations are applied at start.
 */
import { createHash } from 'node:crypto';
import fs, { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SRC_DIR } from '../../build-info.ts';

export type Row = Record<string, any>;

/**
 * `prepare`: on PostgreSQL, the statement is prepared once per connection (a named statement) and
 * then only executed: no parsing and planning on every call, which is most of PostgreSQL's work
 * for a small statement (issue 20: 0.1–0.25 ms a statement). Only for a constant text (the name is
 * drawn from the text; each connection keeps its statements). PGlite ignores it.
 */
export interface QueryOpts { prepare?: boolean }

export interface Db {
  kind: 'pglite' | 'postgres';
  query<T extends Row = Row>(sql: string, params?: unknown[], opts?: QueryOpts): Promise<T[]>;
  one<T extends Row = Row>(sql: string, params?: unknown[], opts?: QueryOpts): Promise<T | null>;
  /** Runs `fn` in one transaction (BEGIN … COMMIT, ROLLBACK on error). */
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PostgreSQL only (absent on PGlite and inside a transaction): LISTENs on `channel` on a
   * connection of its own, outside the pool, and calls `fn` with each notification's payload. A
   * dropped connection is opened again after a bounded back-off (0.1 s doubling up to 5 s);
   * `onReconnect` is called once it listens again (notifications sent meanwhile are lost).
   */
  listen?(channel: string, fn: (payload: string) => void, onReconnect?: () => void): Promise<Listener>;
}

/**
 * Statements sent to the database by this process (benchmarks: statements per request), and of
 * them those sent as prepared statements to PostgreSQL (the tests: `prepare` reached the client).
 */
export const dbCounters = { statements: 0, prepared: 0 };

/** A LISTEN connection (Db.listen); `close` stops listening and ends the connection. */
export interface Listener { close(): Promise<void> }

const MIGRATIONS_DIR = join(SRC_DIR, 'platform', 'db', 'migrations');

/**
 * `pgliteFrom` (tests): an in-memory PGlite started from a data folder dumped by `dumpPglite`
 * (a tarball) instead of a new one: PGlite's initdb and the migrations take seconds of CPU each
 * time (5–20 s on a loaded 2-core machine), loading a dumped folder a fraction of that. The
 * migrations still run (those already in the dump are skipped as usual).
 */
export async function openDb(opts: { url?: string | null; dataDir?: string | null; pgliteFrom?: Blob }): Promise<Db> {
  const db = opts.url ? await openPostgres(opts.url) : await openPglite(opts.dataDir ?? null, opts.pgliteFrom);
  await migrate(db);
  return db;
}

/** Each in-memory PGlite Db's PGlite, for `dumpPglite`. */
const pgliteOf = new WeakMap<Db, { dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> }>();

/** Tests: an in-memory PGlite database's data folder as an uncompressed tarball (for `openDb({ pgliteFrom })`). */
export async function dumpPglite(db: Db): Promise<Blob> {
  const pg = pgliteOf.get(db);
  if (!pg) throw new Error('dumpPglite: not an in-memory PGlite database');
  return pg.dumpDataDir('none');
}

async function openPglite(dataDir: string | null, from?: Blob): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const folder = dataDir ? join(dataDir, 'pglite') : null;
  const fresh = folder !== null && !existsSync(join(folder, 'PG_VERSION'));
  if (folder && from) throw new Error('openDb: pgliteFrom is for an in-memory database only');
  const pg = folder ? new PGlite(await durableFolder(PGlite.defaultStartParams, folder)) : new PGlite(from ? { loadDataDir: from } : {});
  await pg.waitReady;
  // A new folder is written by PGlite's initdb as plain file copies, outside the WAL and outside
  // what a checkpoint flushes: flush the whole folder once, before anything is committed in it.
  if (fresh) { fsyncTree(dataDir!); fsyncPath(dirname(resolve(dataDir!))); }
  // PGlite has one connection: transactions are serialised through a queue.
  let chain: Promise<unknown> = Promise.resolve();
  const direct = (inTx: boolean): Db => ({
    kind: 'pglite',
    async query(sql, params = []) { dbCounters.statements++; return (await pg.query(sql, params as any[])).rows as any[]; },
    async one(sql, params = []) { dbCounters.statements++; return ((await pg.query(sql, params as any[])).rows[0] as any) ?? null; },
    async tx(fn) {
      if (inTx) return fn(direct(true));
      const run = chain.then(() => pg.transaction(async (t) => {
        const inner: Db = {
          kind: 'pglite',
          async query(sql, params = []) { dbCounters.statements++; return (await t.query(sql, params as any[])).rows as any[]; },
          async one(sql, params = []) { dbCounters.statements++; return ((await t.query(sql, params as any[])).rows[0] as any) ?? null; },
          tx: (f) => f(inner),
          close: async () => {},
        };
        return fn(inner);
      }));
      chain = run.catch(() => undefined);
      return run as Promise<any>;
    },
    async close() { await chain; await pg.close(); },
  });
  // Outside transactions, queries also wait for a running transaction (one connection).
  const base = direct(false);
  const db = {
    ...base,
    query: (sql, params, opts) => chain.then(() => base.query(sql, params, opts)),
    one: (sql, params, opts) => chain.then(() => base.one(sql, params, opts)),
  } as Db;
  if (!folder) pgliteOf.set(db, pg);
  return db;
}

/**
 * The options that make PGlite's data folder durable: a commit returns only once its write-ahead
 * log is on the disk, as on a PostgreSQL server.
 *
 * Out of the box it is not. PGlite (0.5) starts Postgres with `-F` (fsync = off), and its NodeFS
 * layer (Emscripten's NODEFS) writes every page straight to the folder with `fs.writeSync` but has
 * no fsync at all: `fdatasync()` inside the WebAssembly is a no-op that returns success, and
 * `fsync()` calls the file system's `stream_ops.fsync`, which NODEFS leaves undefined. Writes reach
 * the operating system before a commit returns (a killed process loses nothing), but they sit in
 * its page cache, so a power cut or a kernel crash can lose committed turns or tear the folder.
 * (`relaxedDurability` is no help: it only stops PGlite waiting for its own `syncToFs`, a no-op on
 * NodeFS; it matters for the browser's IndexedDB.)
 *
 * So: start Postgres without `-F` (fsync = on), with `wal_sync_method = fsync` (the default,
 * fdatasync, goes through the no-op), and give NODEFS the missing `fsync`, a real `fs.fsyncSync`
 * of the file. Postgres then fsyncs the WAL at every commit (synchronous_commit stays on) and the
 * data files and directories at each checkpoint, as it would on a disk of its own (PGlite runs
 * Postgres single-user, without a checkpointer: a checkpoint comes with close, an explicit
 * CHECKPOINT or max_wal_size of WAL; until then the fsynced WAL holds the commits). The cost is one
 * fsync per commit, synchronous on the event loop (PGlite runs in the web process).
 */
async function durableFolder(defaultStartParams: readonly string[], folder: string) {
  const { NodeFS } = await import('@electric-sql/pglite/nodefs');
  class DurableNodeFS extends NodeFS {
    override async init(...args: Parameters<InstanceType<typeof NodeFS>['init']>) {
      const r = await super.init(...args);
      const preRun = r.emscriptenOpts.preRun ?? [];
      r.emscriptenOpts.preRun = [...preRun, (mod: any) => {
        const nodefs = mod.NODEFS as { stream_ops: Record<string, unknown>; tryFSOperation<T>(f: () => T): T };
        // An fsync error becomes an errno for Postgres (which then stops, as it must), not a JS throw.
        nodefs.stream_ops.fsync = (stream: { nfd: number }) => nodefs.tryFSOperation(() => { fs.fsyncSync(stream.nfd); return 0; });
      }];
      return r;
    }
  }
  return {
    dataDir: folder,
    fs: new DurableNodeFS(folder),
    startParams: [...defaultStartParams.filter((p) => p !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync', '-c', 'synchronous_commit=on'],
  };
}

/** Flushes every file and folder under `dir`, and `dir` itself, to the disk. */
function fsyncTree(dir: string): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) fsyncTree(p);
    else if (e.isFile()) fsyncPath(p);
  }
  fsyncPath(dir);
}

function fsyncPath(p: string): void {
  const fd = fs.openSync(p, 'r');
  try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
}

async function openPostgres(url: string): Promise<Db> {
  const pgmod = await import('pg');
  // DB_POOL's default, 4 connections a process (issue 20, bench/results.md 2026-11-28 03:27–03:43, a
  // quiet machine): the order page gave 937–976 a second with 4, 896–933 with 6, 698–818 with 20 (each
  // busy backend competes with the server for the same cores), and the saves met their targets with 4
  // as with 20. A waiting request queues for a connection. A small pool forbids one thing: taking a
  // second connection while a transaction holds one (the functions given a transaction's `t` never
  // reach for `ctx.db`), or a few such requests at once would wait on each other for ever.
  const pool = new pgmod.default.Pool({ connectionString: url, max: Number(process.env.DB_POOL ?? '') || 4 });
  type Client = { query: (q: string | { name: string; text: string; values: unknown[] }, params?: unknown[]) => Promise<{ rows: any[] }> };
  const send = (client: Client, sql: string, params: unknown[], opts?: QueryOpts) => {
    dbCounters.statements++;
    if (opts?.prepare) dbCounters.prepared++;
    return opts?.prepare ? client.query({ name: statementName(sql), text: sql, values: params }) : client.query(sql, params);
  };
  const wrap = (client: Client, inTx: boolean): Db => ({
    kind: 'postgres',
    async query(sql, params = [], opts) { return (await send(client, sql, params, opts)).rows; },
    async one(sql, params = [], opts) { return (await send(client, sql, params, opts)).rows[0] ?? null; },
    async tx(fn) {
      if (inTx) return fn(wrap(client, true));
      const c = await pool.connect();
      try {
        dbCounters.statements += 2; // BEGIN and COMMIT (or ROLLBACK): round trips too
        await c.query('BEGIN');
        const r = await fn(wrap(c as unknown as Client, true));
        await c.query('COMMIT');
        return r;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        c.release();
      }
    },
    close: () => pool.end(),
  });
  return { ...wrap(pool as unknown as Client, false), listen: (channel, fn, onReconnect) => listenPostgres(pgmod.default.Client, url, channel, fn, onReconnect) };
}

/** The name of a prepared statement: drawn from its text (the same text, the same name on every connection). */
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let n = statementNames.get(sql);
  if (n === undefined) {
    n = `s_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, n);
  }
  return n;
}

/** Db.listen on PostgreSQL: one dedicated client, opened again with a bounded back-off when it drops. */
async function listenPostgres(
  Client: typeof import('pg').Client, url: string, channel: string, fn: (payload: string) => void, onReconnect?: () => void,
): Promise<Listener> {
  const MIN_MS = 100;
  const MAX_MS = 5000;
  let closed = false;
  let client: InstanceType<typeof Client> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let delay = MIN_MS;
  const connect = async (): Promise<void> => {
    const c = new Client({ connectionString: url });
    c.on('notification', (n) => { if (n.channel === channel) fn(n.payload ?? ''); });
    c.on('error', () => { /* 'end' follows: handled there */ });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (e) { await c.end().catch(() => {}); throw e; }
    if (closed) { await c.end().catch(() => {}); return; }
    client = c;
    delay = MIN_MS;
    c.on('end', () => { if (client === c) { client = null; retry(); } });
  };
  const retry = (): void => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect().then(() => { if (!closed) onReconnect?.(); }, () => { delay = Math.min(delay * 2, MAX_MS); retry(); });
    }, delay);
    timer.unref();
  };
  await connect(); // the first connection's failure is the caller's error
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/** Applies the numbered migrations not yet recorded in schema_migrations, each in a transaction. */
export async function migrate(db: Db): Promise<number[]> {
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
  const done = new Set((await db.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => Number(r.version)));
  const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
  const applied: number[] = [];
  for (const f of files) {
    const version = Number(f.split('_')[0]);
    if (done.has(version)) continue;
    const sql = readFileSync(join(MIGRATIONS_DIR, f), 'utf8');
    await db.tx(async (t) => {
      // Two processes starting together: the first one takes the lock, the second waits then skips.
      await t.query('LOCK TABLE schema_migrations IN EXCLUSIVE MODE');
      if (await t.one('SELECT 1 FROM schema_migrations WHERE version = $1', [version])) return;
      for (const stmt of splitSql(sql)) await t.query(stmt);
      await t.query('INSERT INTO schema_migrations(version) VALUES ($1)', [version]);
      applied.push(version);
    });
  }
  return applied;
}

function splitSql(sql: string): string[] {
  return sql.split(/;\s*$/m).map((s) => s.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
}

/** A fresh, empty PostgreSQL schema for one test run (on the server of DATABASE_URL). */
export async function openTestPostgres(baseUrl: string, schema: string): Promise<Db> {
  const admin = await openPostgres(baseUrl);
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return openDb({ url: url.toString() });
}
