/**
 * The embedded database (PGlite, data in a folder) keeps what a commit returned:
 * - a commit returns only after the write-ahead log reached the disk (an fsync of a pg_wal file),
 *   so a power cut cannot take a turn the platform has already reported as resolved; a new
 *   folder is flushed whole when it is created;
 * - a writer process killed with SIGKILL at random moments, several times in a row, leaves a folder
 *   that reopens and holds every row whose commit had returned (nothing acknowledged lived only in
 *   the process's memory).
 * A real power cut cannot be simulated here; the first test shows the data is flushed to the disk,
 * the second that it is written outside the process before the commit returns.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs, { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb, type Db } from '../../src/platform/db/index.ts';

const HERE = dirname(fileURLToPath(import.meta.url));

test('embedded database: a commit returns only after its write-ahead log is fsynced to the disk; a new folder is flushed whole', { skip: process.platform !== 'linux' && 'reads /proc/self/fd' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'suzerain-fsync-'));
  // Spy on every fsync of the process and name the file through /proc/self/fd.
  const synced: string[] = [];
  const real = fs.fsyncSync;
  fs.fsyncSync = (fd: number) => {
    try { synced.push(readlinkSync(`/proc/self/fd/${fd}`)); } catch { synced.push('?'); }
    return real(fd);
  };
  let db: Db | null = null;
  try {
    db = await openDb({ dataDir: dir });
    // The new folder (PGlite's initdb copies files in without flushing them, outside the WAL):
    // what initdb wrote has been flushed by the time it opens. Checked on the files no migration
    // creates: the template database (base/1), the shared catalogs (global) and PG_VERSION.
    const all = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? [...all(join(d, e.name)), join(d, e.name)] : [join(d, e.name)]);
    const initdb = [...all(join(dir, 'pglite', 'base', '1')), ...all(join(dir, 'pglite', 'global')), join(dir, 'pglite', 'PG_VERSION')];
    const flushed = new Set(synced);
    const unflushed = initdb.filter((p) => !flushed.has(p));
    assert.ok(initdb.length > 200, `initdb's files: ${initdb.length}`);
    assert.deepEqual(unflushed.slice(0, 5), [], `${unflushed.length} of the ${initdb.length} files initdb wrote were never flushed`);
    await db.query('CREATE TABLE probe (n INTEGER)');
    for (let i = 1; i <= 3; i++) {
      synced.length = 0;
      await db.tx((t) => t.query('INSERT INTO probe VALUES ($1)', [i]));
      assert.ok(synced.some((p) => p.includes(`${join('pglite', 'pg_wal')}/`)), `commit ${i} returned without an fsync of the WAL (fsyncs: ${JSON.stringify(synced)})`);
    }
    // A checkpoint flushes data files and directories too, without error.
    synced.length = 0;
    await db.query('CHECKPOINT');
    assert.ok(synced.some((p) => p.includes(`${join('pglite', 'base')}/`)), `a checkpoint fsynced no data file (fsyncs: ${JSON.stringify(synced)})`);
  } finally {
    fs.fsyncSync = real;
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('embedded database: a writer killed with SIGKILL at random moments loses no row whose commit returned', { timeout: 400_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'suzerain-kill-'));
  const acknowledged = new Set<number>();
  try {
    for (let round = 0; round < 5; round++) {
      const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'durability-child.ts')], {
        env: { ...process.env, CHILD_DATA_DIR: dir }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
      // Kill at a random moment 0–800 ms after its first acknowledged row (it commits every few
      // ms, and checkpoints every 40 rows): inside a commit, between two, or inside a checkpoint.
      const delay = Math.floor(Math.random() * 800);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`round ${round}: the writer never committed; stderr: ${err}`)), 90_000);
        let started = false;
        child.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          if (!started && /^\d+$/m.test(out)) { started = true; clearTimeout(timer); setTimeout(resolve, delay); }
        });
        child.on('exit', () => { clearTimeout(timer); reject(new Error(`round ${round}: the writer exited by itself; stderr: ${err}`)); });
      });
      child.kill('SIGKILL');
      assert.equal(await exited, 'SIGKILL');
      // Only complete lines count: a number is acknowledged once its whole line was printed.
      const lines = out.split('\n').slice(0, -1).filter((l) => /^\d+$/.test(l)).map(Number);
      assert.ok(lines.length > 0, `round ${round}: no commit returned before the kill (stderr: ${err})`);
      for (const n of lines) acknowledged.add(n);
    }
    const db = await openDb({ dataDir: dir });
    try {
      const stored = new Set((await db.query<{ n: number }>('SELECT n FROM durability_probe')).map((r) => Number(r.n)));
      const lost = [...acknowledged].filter((n) => !stored.has(n));
      assert.deepEqual(lost, [], `${lost.length} acknowledged rows of ${acknowledged.size} lost after the kills`);
    } finally { await db.close(); }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});
