/**
 * The turn job, on both databases: a failure inside the resolution leaves the previous turn intact
 * and the retry reaches the same state as an undisturbed run; two processes on one database
 * resolve each due turn exactly once; a claim left by a dead process is taken over after the
 * timeout; and a process killed inside the resolution transaction loses nothing: the next run
 * resolves the turn once, to the same state hash as an uninterrupted run, on PostgreSQL and on the
 * embedded database in a folder (a bare job process, and the real server `suzerain serve`, killed
 * and restarted: PGlite recovers the folder from its write-ahead log like PostgreSQL does).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DB_KINDS, freePort, testDb, type DbKind } from './util.ts';
import { addUser, count, GP, gameRow, homeOf, makeCtx, openPool, outbox, pgSchema, type Clock, type TestCtx } from './games-fixtures.ts';
import { games } from '../../src/platform/games/service.ts';
import { clearFaults, FAULTY, setFaults } from './faulty-ruleset.ts';
import { openDb, type Db } from '../../src/platform/db/index.ts';

const START = '2026-11-18T12:00:00Z';
const HERE = dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The same game, set up the same way in any database: two human lords (one with orders) and three bots. */
async function setupGame(ctx: TestCtx, seed: string, name = 'Job', ruleset = GP): Promise<number> {
  const u1 = await addUser(ctx.db, `${name}-h1`);
  const u2 = await addUser(ctx.db, `${name}-h2`, 'en');
  const id = await games.create(ctx, {
    ruleset, name, options: { map: 'scandinavia' }, seed,
    seats: [{ userId: u1, lordName: 'Harald' }, { userId: u2, lordName: 'Olaf' }, { userId: null, lordName: 'Sven' }, { userId: null, lordName: 'Knut' }, { userId: null, lordName: 'Erik' }],
  });
  await games.saveSheet(ctx, id, 'L1', `IMP 7 ${await homeOf(ctx.db, id, 'L1')}\nLEV 1`);
  return id;
}

async function pastDeadline(ctx: TestCtx, clock: Clock, id: number): Promise<void> {
  clock.now = new Date((await games.summary(ctx, id))!.deadline!.getTime() + 1000);
}

/** Resolves the first turn of `setupGame(seed)` in a fresh embedded database: the undisturbed run. */
async function referenceHash(seed: string): Promise<string> {
  const db = await testDb('pglite');
  try {
    const clock = { now: new Date(START) };
    const ctx = makeCtx(db, clock, 'reference');
    const id = await setupGame(ctx, seed);
    await pastDeadline(ctx, clock, id);
    assert.equal(await games.runDue(ctx), 1);
    return (await gameRow(db, id)).state_hash;
  } finally { await db.close(); }
}

/** Two "processes": two pools on one PostgreSQL schema, or two contexts on one embedded database. */
async function twoProcesses(kind: DbKind): Promise<{ a: Db; b: Db; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await testDb('pglite');
    return { a: db, b: db, close: () => db.close() };
  }
  const { url, db } = await pgSchema();
  const b = await openPool(url);
  return { a: db, b, close: async () => { await b.close(); await db.close(); } };
}

for (const kind of DB_KINDS) {
  describe(`turn jobs on ${kind}`, () => {
    test('a failure leaves the previous turn intact; the retry reaches the same hash as an undisturbed run', async () => {
      const db = await testDb(kind);
      try {
        const clock = { now: new Date(START) };
        const ctx = makeCtx(db, clock);
        // Gloire & Pouvoir with faults injected into the referee's worker threads (faulty-ruleset.ts).
        const id = await setupGame(ctx, 'fail-1', 'Job', FAULTY);
        const before = await gameRow(db, id);
        const mailsBefore = (await outbox(db)).length;
        await pastDeadline(ctx, clock, id);
        // 1. The ruleset throws while resolving.
        setFaults({ resolve: 'throw' });
        assert.equal(await games.runDue(ctx), 0);
        clearFaults();
        let g = await gameRow(db, id);
        assert.deepEqual([g.step, g.state_hash, g.status, g.next_order, g.claimed_by, g.attempts], [0, before.state_hash, 'running', before.next_order, null, 1]);
        assert.match(g.last_error, /boom in resolve/);
        assert.deepEqual(g.state, before.state);
        // A failed turn is not retried at once: the next attempt waits (5 s, then 10, 20…).
        assert.equal(await games.runDue(ctx), 0, 'no retry before the back-off');
        clock.now = new Date(clock.now.getTime() + 6_000);
        // 2. It fails later, after the step row was written (a report the database refuses): everything is rolled back.
        setFaults({ badReportFor: 'L2' });
        assert.equal(await games.resolveIfDue(ctx, id), 'failed');
        clearFaults();
        g = await gameRow(db, id);
        assert.deepEqual([g.step, g.state_hash, g.claimed_by, g.attempts], [0, before.state_hash, null, 2]);
        assert.ok(g.last_error, 'the error is recorded');
        assert.equal(await count(db, 'steps WHERE game_id = $1', [id]), 0);
        assert.equal(await count(db, 'reports WHERE game_id = $1', [id]), 0);
        assert.equal((await outbox(db)).length, mailsBefore, 'no report mail from a failed attempt');
        assert.equal((await games.sheet(ctx, id, 'L1')).text.startsWith('IMP 7'), true, 'the sheets of the turn are still there');
        // 3. The next tick after the back-off resolves it, once, to the same state as a run that never failed.
        assert.equal(await games.runDue(ctx), 0, 'the second back-off is longer');
        clock.now = new Date(clock.now.getTime() + 11_000);
        assert.equal(await games.runDue(ctx), 1);
        g = await gameRow(db, id);
        assert.deepEqual([g.step, g.attempts, g.last_error, g.claimed_by], [1, 0, null, null]);
        assert.equal(g.state_hash, await referenceHash('fail-1'));
        assert.equal(await count(db, 'steps WHERE game_id = $1', [id]), 1);
        assert.equal((await outbox(db)).length, mailsBefore + 2);
        assert.equal(await games.runDue(ctx), 0);
      } finally {
        clearFaults();
        await db.close();
      }
    });

    test('two processes on one database resolve each due turn exactly once', async () => {
      const { a, b, close } = await twoProcesses(kind);
      try {
        const clock = { now: new Date(START) };
        const ctxA = makeCtx(a, clock, 'process-A');
        const ctxB = makeCtx(b, clock, 'process-B');
        const ids: number[] = [];
        for (let i = 0; i < 8; i++) ids.push(await setupGame(i % 2 ? ctxA : ctxB, `twice-${i}`, `Twice ${i}`));
        const mails0 = (await outbox(a)).length;
        for (let round = 1; round <= 2; round++) {
          await pastDeadline(ctxA, clock, ids[0]!);
          const [na, nb] = await Promise.all([games.runDue(ctxA), games.runDue(ctxB)]);
          assert.equal(na + nb, ids.length, `round ${round}: every game resolved once (A ${na}, B ${nb})`);
          for (const id of ids) {
            assert.equal(await count(a, 'steps WHERE game_id = $1', [id]), round);
            assert.equal((await gameRow(a, id)).step, round);
          }
          assert.equal((await outbox(a)).length, mails0 + round * 2 * ids.length, 'one report mail per human lord and turn');
          assert.deepEqual(await Promise.all([games.runDue(ctxA), games.runDue(ctxB)]), [0, 0]);
        }
        // One game asked from both sides at once.
        const one = await setupGame(ctxA, 'twice-one', 'Twice one');
        await pastDeadline(ctxA, clock, one);
        const outcomes = await Promise.all([games.resolveIfDue(ctxA, one), games.resolveIfDue(ctxB, one)]);
        assert.equal(outcomes.filter((o) => o === 'resolved').length, 1, outcomes.join(', '));
        assert.equal(await count(a, 'steps WHERE game_id = $1', [one]), 1);
      } finally { await close(); }
    });

    test('a claim older than the timeout is taken over', async () => {
      const db = await testDb(kind);
      try {
        const clock = { now: new Date(START) };
        const ctx = makeCtx(db, clock, 'alive', { claimTimeoutSeconds: 300 });
        const id = await setupGame(ctx, 'stale-1');
        await pastDeadline(ctx, clock, id);
        // A process claimed the turn a minute ago and died.
        await db.query(`UPDATE games SET claimed_by = 'dead-process', claimed_at = $2 WHERE id = $1`, [id, new Date(clock.now.getTime() - 60_000)]);
        assert.equal(await games.runDue(ctx), 0);
        assert.equal(await games.resolveIfDue(ctx, id), 'busy');
        clock.now = new Date(clock.now.getTime() + 241_000); // the claim is now 301 s old
        assert.equal(await games.runDue(ctx), 1);
        const g = await gameRow(db, id);
        assert.deepEqual([g.step, g.claimed_by], [1, null]);
        assert.equal(g.state_hash, await referenceHash('stale-1'));
      } finally { await db.close(); }
    });
  });
}

test('postgres: a process killed inside the resolution transaction; the turn is resolved once, to the same state', async () => {
  const main = await pgSchema();
  const ref = await pgSchema();
  const clock = { now: new Date(START) };
  const ctx = makeCtx(main.db, clock, 'survivor', { claimTimeoutSeconds: 300 });
  const refCtx = makeCtx(ref.db, clock, 'reference');
  try {
    const id = await setupGame(ctx, 'kill-1');
    const refId = await setupGame(refCtx, 'kill-1');
    await pastDeadline(ctx, clock, id);
    // The uninterrupted run, in another schema.
    assert.equal(await games.runDue(refCtx), 1);
    const expected = (await gameRow(ref.db, refId)).state_hash;
    const before = await gameRow(main.db, id);
    const mailsBefore = (await outbox(main.db)).length;

    const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'jobs-child.ts')], {
      env: { ...process.env, CHILD_DB_URL: main.url, CHILD_NOW: clock.now.toISOString(), CHILD_INSTANCE: 'doomed', SUZERAIN_TEST_PAUSE_IN_TX: '60000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let stderr = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the child never paused; stderr: ${stderr}`)), 30_000);
      child.stderr!.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (stderr.includes('suzerain-test: paused in transaction')) { clearTimeout(timer); resolve(); }
      });
      child.on('exit', () => { clearTimeout(timer); reject(new Error(`the child exited early; stderr: ${stderr}`)); });
    });
    // The child holds the game row inside its transaction, its claim committed.
    await assert.rejects(main.db.tx((t) => t.query('SELECT id FROM games WHERE id = $1 FOR UPDATE NOWAIT', [id])), /could not obtain lock/);
    assert.equal((await gameRow(main.db, id)).claimed_by, 'doomed');
    assert.equal(await games.runDue(ctx), 0, 'another process does not touch a turn being resolved');

    child.kill('SIGKILL');
    assert.equal(await exited, null);
    // PostgreSQL rolls the transaction back: the previous turn is intact, the claim stays until it times out.
    let g = await gameRow(main.db, id);
    assert.deepEqual([g.step, g.state_hash, g.claimed_by], [0, before.state_hash, 'doomed']);
    assert.equal(await count(main.db, 'steps WHERE game_id = $1', [id]), 0);
    assert.equal((await outbox(main.db)).length, mailsBefore);
    assert.equal(await games.runDue(ctx), 0, 'the claim is younger than the timeout');

    // After the timeout, the surviving process resolves the turn (retrying while the server
    // notices the dead connection and releases its lock).
    clock.now = new Date(clock.now.getTime() + 301_000);
    let n = 0;
    for (let i = 0; i < 100 && n === 0; i++) {
      n = await games.runDue(ctx);
      if (!n) await sleep(100);
    }
    assert.equal(n, 1);
    g = await gameRow(main.db, id);
    assert.deepEqual([g.step, g.claimed_by], [1, null]);
    assert.equal(g.state_hash, expected, 'the same state as the uninterrupted run');
    assert.equal(await count(main.db, 'steps WHERE game_id = $1', [id]), 1);
    assert.equal((await outbox(main.db)).length, mailsBefore + 2, 'the report mails, once');
    assert.equal(await games.runDue(ctx), 0);
  } finally {
    await main.db.close();
    await ref.db.close();
  }
});

// ─── The embedded database (PGlite, data in a folder): killed processes, restarts ─────────────

const ROOT = join(HERE, '..', '..');

/** A fresh temporary folder for an embedded database. */
function tempDir(tag: string): string {
  return mkdtempSync(join(tmpdir(), `suzerain-${tag}-`));
}

/** Opens the embedded database in `dir`, runs `fn` and closes it (one process per folder). */
async function withFolder<T>(dir: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb({ dataDir: dir });
  try { return await fn(db); } finally { await db.close(); }
}

/** Collects a child's stderr and waits until it says it paused inside the resolution transaction. */
function waitForPause(child: ChildProcess, what: string, ms = 120_000): Promise<() => string> {
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} never paused; stderr: ${stderr}`)), ms);
    const check = () => { if (stderr.includes('suzerain-test: paused in transaction')) { clearTimeout(timer); resolve(() => stderr); } };
    child.stderr!.on('data', check);
    child.on('exit', (code, signal) => { clearTimeout(timer); reject(new Error(`${what} exited early (${code ?? signal}); stderr: ${stderr}`)); });
  });
}

/** The turn history section of a game page ('' when absent). */
function historyOf(page: string): string {
  const m = /<h2>(?:Historique des tours|Turn history)<\/h2>([\s\S]*?)<\/section>/.exec(page);
  return m ? m[1]! : '';
}


function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
}

/** Resolves the first turn of `setupGame(seed)` in another folder, without interruption. */
async function referenceHashInFolder(seed: string, start = START): Promise<string> {
  const dir = tempDir('ref');
  try {
    return await withFolder(dir, async (db) => {
      const clock = { now: new Date(start) };
      const ctx = makeCtx(db, clock, 'reference');
      const id = await setupGame(ctx, seed);
      await pastDeadline(ctx, clock, id);
      assert.equal(await games.runDue(ctx), 1);
      return (await gameRow(db, id)).state_hash;
    });
  } finally { rmSync(dir, { recursive: true, force: true }); }
}

describe('the embedded database, killed inside the resolution transaction', () => {
  test('a process killed while paused in the transaction; the folder reopens and the turn resolves once, to the same state', { timeout: 240_000 }, async () => {
    const dir = tempDir('kill');
    try {
      const clock = { now: new Date(START) };
      // Set up a due game in the folder, then close it: the child process opens it next.
      const { id, before, mailsBefore } = await withFolder(dir, async (db) => {
        const ctx = makeCtx(db, clock, 'setup');
        const id = await setupGame(ctx, 'kill-pglite');
        await pastDeadline(ctx, clock, id);
        return { id, before: await gameRow(db, id), mailsBefore: (await outbox(db)).length };
      });
      const expected = await referenceHashInFolder('kill-pglite');

      const child = spawn(process.execPath, ['--import', 'tsx', join(HERE, 'jobs-child.ts')], {
        cwd: ROOT,
        env: { ...process.env, CHILD_DATA_DIR: dir, CHILD_NOW: clock.now.toISOString(), CHILD_INSTANCE: 'doomed', SUZERAIN_TEST_PAUSE_IN_TX: '60000' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const exited = exitOf(child);
      await waitForPause(child, 'the child');
      child.kill('SIGKILL');
      assert.deepEqual(await exited, { code: null, signal: 'SIGKILL' });

      // The dead process held the folder; it can be opened again, with the previous turn intact.
      await withFolder(dir, async (db) => {
        const ctx = makeCtx(db, clock, 'survivor', { claimTimeoutSeconds: 5 });
        let g = await gameRow(db, id);
        assert.deepEqual([g.step, g.state_hash, g.status, g.next_order, g.claimed_by], [0, before.state_hash, 'running', before.next_order, 'doomed'],
          'the uncommitted turn is gone; the claim (committed before the transaction) stays');
        assert.deepEqual(g.state, before.state);
        assert.equal(await count(db, 'steps WHERE game_id = $1', [id]), 0);
        assert.equal(await count(db, 'reports WHERE game_id = $1', [id]), 0);
        assert.equal((await outbox(db)).length, mailsBefore);
        assert.equal(await games.runDue(ctx), 0, 'the claim is younger than the timeout');
        clock.now = new Date(clock.now.getTime() + 6_000);
        assert.equal(await games.runDue(ctx), 1, 'the claim of the dead process is taken over');
        g = await gameRow(db, id);
        assert.deepEqual([g.step, g.claimed_by, g.attempts], [1, null, 0]);
        assert.equal(g.state_hash, expected, 'the same state as the uninterrupted run');
        assert.equal(await count(db, 'steps WHERE game_id = $1', [id]), 1);
        assert.equal(await count(db, 'steps WHERE game_id = $1 AND idx = 1', [id]), 1);
        assert.equal((await outbox(db)).length, mailsBefore + 2, 'the report mails, once');
        assert.equal(await games.runDue(ctx), 0);
        assert.equal((await games.replay(ctx, id))?.ok, true, 'the stored game replays to its hashes');
      });
      // And the folder survives a clean restart too.
      await withFolder(dir, async (db) => {
        assert.deepEqual([(await gameRow(db, id)).step, (await gameRow(db, id)).state_hash], [1, expected]);
      });
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  test('the server (`suzerain serve`) killed while resolving a turn; restarted, it resolves the turn once, to the same state', { timeout: 240_000 }, async () => {
    const dir = tempDir('serve');
    const children: ChildProcess[] = [];
    try {
      // A due game in the folder, made with a clock in the past (the server runs on real time).
      const past = new Date(Date.now() - 30 * 86400_000).toISOString();
      const clock = { now: new Date(past) };
      const { id, before, mailsBefore } = await withFolder(dir, async (db) => {
        const ctx = makeCtx(db, clock, 'setup');
        const id = await setupGame(ctx, 'kill-serve');
        return { id, before: await gameRow(db, id), mailsBefore: (await outbox(db)).length };
      });
      assert.ok(before.deadline.getTime() < Date.now(), 'the game is due');
      const expected = await referenceHashInFolder('kill-serve', past);
      const port = await freePort();
      const serve = (extra: Record<string, string>) => {
        const env: NodeJS.ProcessEnv = {
          ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', DEMO: '0', SCHEDULER_TICK_MS: '100', CLAIM_TIMEOUT_SECONDS: '1', ...extra,
        };
        for (const k of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'SUZERAIN_TEST_PAUSE_IN_TX']) if (!(k in extra)) delete env[k];
        const child = spawn(process.execPath, [join(ROOT, 'bin', 'suzerain.mjs'), 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
        children.push(child);
        return child;
      };

      // 1. The server takes the due turn at its first tick and stops inside the transaction: killed there.
      // (The pause outlasts a slow start of the second step on a loaded machine: it is killed long before.)
      const first = serve({ SUZERAIN_TEST_PAUSE_IN_TX: '150000' });
      const firstExit = exitOf(first);
      await waitForPause(first, 'the server');
      first.kill('SIGKILL');
      assert.deepEqual(await firstExit, { code: null, signal: 'SIGKILL' });

      // 2. Restarted without the pause, it takes over the dead claim (1 s) and resolves the turn.
      const second = serve({});
      const secondExit = exitOf(second);
      let out = '';
      second.stdout!.on('data', (d: Buffer) => { out += d.toString(); });
      let err = '';
      second.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
      const base = `http://127.0.0.1:${port}`;
      let page = '';
      // A bound for a loaded machine (the server compiles the platform at start), not a speed check.
      const end = Date.now() + 120_000;
      for (;;) {
        const r = await fetch(`${base}/games/${id}`).catch(() => null);
        // The section "turn history" of the public game page: one table row per resolved turn.
        page = historyOf(r?.ok ? await r.text() : '');
        if (/<tr><td>1<\/td>/.test(page)) break;
        if (second.exitCode !== null || Date.now() > end) assert.fail(`the restarted server did not resolve the turn; stdout: ${out}; stderr: ${err}`);
        await sleep(200);
      }
      const rows = page.match(/<tr><td>\d+<\/td>/g) ?? [];
      assert.deepEqual(rows, ['<tr><td>1</td>'], 'the public history shows one resolved turn');

      // 3. Stopped cleanly, the folder holds the turn once, with the uninterrupted run's state.
      second.kill('SIGTERM');
      assert.deepEqual(await secondExit, { code: 0, signal: null }, `stderr: ${err}`);
      await withFolder(dir, async (db) => {
        const g = await gameRow(db, id);
        assert.deepEqual([g.step, g.status, g.claimed_by, g.attempts], [1, 'running', null, 0]);
        assert.equal(g.state_hash, expected, 'the same state as the uninterrupted run');
        assert.equal(await count(db, 'steps WHERE game_id = $1', [id]), 1);
        assert.equal(await count(db, 'reports WHERE game_id = $1 AND idx = 1', [id]), 5);
        assert.equal((await outbox(db)).length, mailsBefore + 2, 'the report mails, once');
        assert.equal((await games.replay(makeCtx(db, clock), id))?.ok, true);
      });
    } finally {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
