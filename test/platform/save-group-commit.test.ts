/**
 * Group commit of sheet saves (games/save-batch.ts, issue 20), on both databases: saves sent
 * together are written together, and a save answered 200 is committed (another connection reads
 * it at once); the last save of a sheet is the one kept; a batch whose statement fails answers
 * every one of its saves with an error and writes none of them.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { saveBatcher } from '../../src/platform/games/save-batch.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';

const SEATS = 6;

for (const kind of DB_KINDS) {
  describe(`sheet saves written together (${kind})`, () => {
    let tp: TestPlatform;
    const users: TestUser[] = [];
    const gameIds: number[] = [];
    before(async () => {
      tp = await startTestPlatform(kind);
      for (let g = 0; g < 2; g++) {
        const seats = [];
        for (let i = 0; i < SEATS; i++) {
          const u = await newUser(tp, `gc_${kind}_${g}_${i}`);
          users.push(u);
          seats.push({ userId: u.id, lordName: `Seigneur ${g}-${i}` });
        }
        gameIds.push(await games.create(tp.platform.ctx, {
          ruleset: 'gloire-et-pouvoir', name: `Groupe ${g}`, options: { map: 'scandinavia' }, seed: `group-${g}`, seats, maxPlayers: SEATS, early: false,
        }));
      }
    });
    after(async () => { await tp?.close(); });

    const textOf = async (gameId: number, userId: number) =>
      (await tp.db.one<{ text: string }>('SELECT sh.text FROM sheets sh JOIN seats s ON s.game_id = sh.game_id AND s.player = sh.player WHERE sh.game_id = $1 AND s.user_id = $2', [gameId, userId]))?.text ?? null;

    test('every save answered 200 is in the database when answered, and saves sent together share a statement', async () => {
      const stats = saveBatcher(tp.platform.ctx.db).stats;
      const before = { ...stats };
      const browsers = await Promise.all(users.map((u) => loggedIn(tp, u)));
      await Promise.all(browsers.map((b, i) => b.get(`/games/${gameIds[Math.floor(i / SEATS)]}/orders`))); // the page gives the CSRF token
      const ROUNDS = 5;
      let acked = 0;
      // Every lord saves ROUNDS sheets one after the other; all the lords at once.
      await Promise.all(browsers.map(async (b, i) => {
        const gameId = gameIds[Math.floor(i / SEATS)]!;
        for (let r = 0; r < ROUNDS; r++) {
          const text = `CHE 1\nINI ${i} ${r} 80`;
          const res = await b.postJson(`/api/games/${gameId}/sheet`, { text });
          assert.equal(res.status, 200, `save ${r} of lord ${i}: ${res.status}`);
          acked++;
          // Read on another connection of the pool: only committed rows are seen there.
          assert.equal(await textOf(gameId, users[i]!.id), text, `save ${r} of lord ${i} was answered 200 but is not in the database`);
        }
      }));
      assert.equal(acked, users.length * ROUNDS);
      assert.ok(stats.saves - before.saves >= acked, `every save went through the batches (${stats.saves - before.saves} of ${acked})`);
      assert.ok(stats.batches - before.batches < acked, `some saves shared a statement (${stats.batches - before.batches} statements for ${acked} saves)`);
    });

    test('saves of one sheet sent at once: each is answered, and the last sent is the one kept', async () => {
      const ctx = tp.platform.ctx;
      const u = users[0]!;
      const sent = Array.from({ length: 8 }, (_, k) => `CHE 1\nINI 10 ${k} 80`);
      const results = await Promise.all(sent.map((text) => games.saveOwnSheet(ctx, gameIds[0]!, u.id, text)));
      assert.ok(results.every((r) => r !== null), 'every save was written');
      assert.equal(await textOf(gameIds[0]!, u.id), sent.at(-1), 'the last save sent is the one kept');
    });

    test('a save of a game whose resolution is in progress does not hold up the saves of other games', { skip: kind === 'pglite' && 'one connection: a transaction holds every query' }, async () => {
      const ctx = tp.platform.ctx;
      // A resolution's lock on game 0 (FOR UPDATE, as resolveIn takes it), held until released.
      let release!: () => void;
      const held = new Promise<void>((r) => { release = r; });
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => { locked = r; });
      const tx = tp.db.tx(async (t) => { await t.query('SELECT 1 FROM games WHERE id = $1 FOR UPDATE', [gameIds[0]]); locked(); await held; });
      await isLocked;
      try {
        // Sent in the same turn of the event loop: the same batch.
        const [a, b] = await Promise.race([
          Promise.all([games.saveOwnSheet(ctx, gameIds[0]!, users[2]!.id, 'CHE 1\nINI 2 2 2'), games.saveOwnSheet(ctx, gameIds[1]!, users[SEATS + 2]!.id, 'CHE 1\nINI 5 5 5')]),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the saves waited for the other game\'s resolution')), 5000)),
        ]);
        assert.equal(b?.sheet.text, 'CHE 1\nINI 5 5 5', 'the other game\'s save is written at once');
        assert.equal(a, null, 'the locked game\'s save is left to the full way (which waits for the resolution)');
        // Through HTTP, the full way: answered once the lock is gone, and written.
        const browser = await loggedIn(tp, users[2]!);
        await browser.get(`/games/${gameIds[0]}/orders`).catch(() => undefined);
        const pending = browser.postJson(`/api/games/${gameIds[0]}/sheet`, { text: 'CHE 1\nINI 2 2 2' });
        setTimeout(release, 300);
        const res = await pending;
        assert.equal(res.status, 200, 'the save is answered once the resolution is over');
        await tx;
        assert.equal(await textOf(gameIds[0]!, users[2]!.id), 'CHE 1\nINI 2 2 2', 'and written');
      } finally {
        release();
        await tx.catch(() => undefined);
      }
    });

    test('a batch whose statement fails answers every save of it with an error and writes none', async () => {
      const ctx = tp.platform.ctx;
      // A real refusal by the database, for one text: the whole statement (the batch) fails.
      await tp.db.query(`ALTER TABLE sheets ADD CONSTRAINT gc_refused CHECK (text <> 'REFUSED')`);
      try {
        // Each lord saves once first, so that his seat is known and the four saves below reach the
        // writer in the same turn of the event loop (one batch).
        for (const u of users.slice(0, 4)) await games.saveOwnSheet(ctx, gameIds[0]!, u.id, 'CHE 1');
        const before = await Promise.all(users.slice(0, 4).map((u) => textOf(gameIds[0]!, u.id)));
        const texts = ['CHE 2\nINI 1 1 1', 'REFUSED', 'CHE 2\nINI 3 3 3', 'CHE 2\nINI 4 4 4'];
        const outcomes = await Promise.allSettled(texts.map((text, i) => games.saveOwnSheet(ctx, gameIds[0]!, users[i]!.id, text)));
        assert.ok(outcomes.every((o) => o.status === 'rejected'), `every save of the failed batch is refused: ${outcomes.map((o) => o.status).join(', ')}`);
        const now = await Promise.all(users.slice(0, 4).map((u) => textOf(gameIds[0]!, u.id)));
        assert.deepEqual(now, before, 'none of them was written');
        // Through HTTP: an error status, never 200.
        const b = await loggedIn(tp, users[1]!);
        await b.get(`/games/${gameIds[0]}/orders`);
        const res = await b.postJson(`/api/games/${gameIds[0]}/sheet`, { text: 'REFUSED' });
        assert.notEqual(res.status, 200, 'a refused save is not answered 200');
      } finally {
        await tp.db.query('ALTER TABLE sheets DROP CONSTRAINT gc_refused');
      }
      // The writer goes on after a failed batch.
      const ok = await games.saveOwnSheet(ctx, gameIds[0]!, users[1]!.id, 'CHE 1');
      assert.equal(ok?.sheet.text, 'CHE 1', 'a later save is written');
    });
  });
}
