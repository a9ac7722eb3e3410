/**
 * The turn's resolution transaction locks the game row (games/service.ts, resolveIn: `SELECT …
 * FOR UPDATE`), on PostgreSQL: while a resolution is held inside its transaction, after the read
 * of the game row and before any write (the test hook `resolutionTestHooks.afterLock`), another
 * connection cannot lock that row (`FOR UPDATE NOWAIT` fails) though it still reads it; the lock
 * is free before the resolution and again after its commit. The other safeguards (the claim, the
 * step check, the writes' own row locks) would hide the loss of this lock from every other test.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { games, resolutionTestHooks } from '../../src/platform/games/service.ts';
import { addUser, gameRow, makeCtx, openPool, pgSchema } from './games-fixtures.ts';

test('postgres: while a turn is being resolved, its game row is locked against every other connection', { timeout: 60_000 }, async () => {
  const main = await pgSchema();
  const other = await openPool(main.url);
  const clock = { now: new Date('2026-11-18T12:00:00Z') };
  // No platform and no scheduler: only this test resolves the turn.
  const ctx = makeCtx(main.db, clock, 'resolver');
  let resolving: Promise<unknown> = Promise.resolve();
  try {
    const u1 = await addUser(main.db, 'Lock-h1');
    const u2 = await addUser(main.db, 'Lock-h2', 'en');
    const id = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Verrou', options: { map: 'scandinavia' }, seed: 'lock-1',
      seats: [{ userId: u1, lordName: 'Harald' }, { userId: u2, lordName: 'Olaf' }, { userId: null, lordName: 'Sven' }],
    });
    clock.now = new Date((await games.summary(ctx, id))!.deadline!.getTime() + 1000);
    const lockFromElsewhere = () => other.tx((t) => t.query('SELECT id FROM games WHERE id = $1 FOR UPDATE NOWAIT', [id]));

    // Before the resolution, nobody holds the row.
    await lockFromElsewhere();

    let holding!: () => void;
    const held = new Promise<void>((resolve) => { holding = resolve; });
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    resolutionTestHooks.afterLock = async (gameId) => {
      if (gameId !== id) return;
      holding();
      await released;
    };
    resolving = games.resolveIfDue(ctx, id);
    try {
      await Promise.race([held, resolving.then((o) => { throw new Error(`the resolution ended (${String(o)}) without locking the row`); })]);
      await assert.rejects(lockFromElsewhere(), /could not obtain lock on row/, 'the row is locked inside the resolution transaction');
      assert.equal(Number((await other.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step), 0, 'readers are not blocked, and see the previous turn');
    } finally {
      release();
    }
    assert.equal(await resolving, 'resolved');
    assert.equal((await gameRow(main.db, id)).step, 1);
    // After the commit, the row is free again.
    await lockFromElsewhere();
  } finally {
    resolutionTestHooks.afterLock = null;
    await resolving.catch(() => {});
    await other.close();
    await main.db.close();
  }
});
