/**
 * The one-statement sheet save (saveOwnSheet): it writes only for the user's own active seat in a
 * running game at the step it assumed; after a resolution, a seat given to another player or an
 * abdication, its stale assumptions make it write nothing and it finds the truth again. Submission
 * numbers keep the order of the saves within a game.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';
import { DB_KINDS, startTestPlatform, waitForStep, type TestPlatform } from './util.ts';

for (const kind of DB_KINDS) {
  describe(`sheet saves (${kind})`, () => {
    let tp: TestPlatform;
    let alice: TestUser, bob: TestUser, carol: TestUser;
    let gameId: number;
    before(async () => {
      tp = await startTestPlatform(kind);
      alice = await newUser(tp, `alice_save_${kind}`);
      bob = await newUser(tp, `bob_save_${kind}`);
      carol = await newUser(tp, `carol_save_${kind}`);
      gameId = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Sauvegardes', options: { map: 'scandinavia' }, seed: 'saves',
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: true,
      });
    });
    after(async () => { await tp?.close(); });

    const rows = () => tp.db.query<{ player: string; step: number; text: string; sub_order: number }>('SELECT player, step, text, sub_order FROM sheets WHERE game_id = $1 ORDER BY sub_order', [gameId]);

    test('saves keep their order; a resolution in between makes the next save land on the new turn', async () => {
      const ctx = tp.platform.ctx;
      const a1 = await games.saveOwnSheet(ctx, gameId, alice.id, 'CHE 1');
      const b1 = await games.saveOwnSheet(ctx, gameId, bob.id, 'INI 50 50 80');
      assert.ok(a1 && b1);
      assert.deepEqual(a1.sheet.issues, []);
      assert.equal(a1.step, 0);
      const a2 = await games.saveOwnSheet(ctx, gameId, alice.id, 'CHE 2');
      assert.equal(a2!.sheet.text, 'CHE 2');
      let r = await rows();
      assert.deepEqual(r.map((x) => [x.player, Number(x.step), x.text]), [['L2', 1, 'INI 50 50 80'], ['L1', 1, 'CHE 2']], 'the later save comes later');
      // The turn resolves (both ready; by the scheduler or by waitForStep's own call, whichever
      // claims it first); Alice's next save, still assuming turn 1, lands on turn 2.
      await games.setReady(ctx, gameId, 'L1', true);
      await games.setReady(ctx, gameId, 'L2', true);
      await waitForStep(tp, gameId, 1);
      const a3 = await games.saveOwnSheet(ctx, gameId, alice.id, 'CHE 1\nBAD LINE');
      assert.equal(a3!.step, 1);
      assert.equal(a3!.sheet.issues.length, 1);
      r = await rows();
      assert.deepEqual(r.filter((x) => Number(x.step) === 2).map((x) => [x.player, x.text]), [['L1', 'CHE 1\nBAD LINE']]);
      assert.equal(r.find((x) => Number(x.step) === 1 && x.player === 'L1')!.text, 'CHE 2', 'the resolved turn keeps its sheet');
      const numbers = r.map((x) => Number(x.sub_order));
      assert.deepEqual([...numbers].sort((x, y) => x - y), numbers);
    });

    test('the autosave route keeps sessions briefly, but a logout or a password change ends them at once', async () => {
      const b = await loggedIn(tp, alice);
      await b.get(`/games/${gameId}/orders`);
      const ok = await b.postJson(`/api/games/${gameId}/sheet`, { text: 'CHE 1' });
      assert.equal(ok.status, 200);
      assert.equal(ok.json().saved, true);
      const token = b.csrf;
      await b.post('/logout', {});
      const after = await b.postJson(`/api/games/${gameId}/sheet`, { text: 'CHE 2' }, { csrf: token! });
      assert.notEqual(after.status, 200, 'a closed session saves nothing');
      assert.equal((await games.sheet(tp.platform.ctx, gameId, 'L1')).text, 'CHE 1');
      // Another session of the same user, ended by a password change from elsewhere.
      const c = await loggedIn(tp, alice);
      await c.get(`/games/${gameId}/orders`);
      assert.equal((await c.postJson(`/api/games/${gameId}/sheet`, { text: 'CHE 3' })).status, 200);
      await tp.db.query('DELETE FROM sessions WHERE user_id = $1', [alice.id]);
      const { sessionsChanged } = await import('../../src/platform/http/server.ts');
      sessionsChanged(); // what the accounts service does after such a change
      assert.notEqual((await c.postJson(`/api/games/${gameId}/sheet`, { text: 'CHE 4' })).status, 200);
      assert.equal((await games.sheet(tp.platform.ctx, gameId, 'L1')).text, 'CHE 3');
    });

    test('a seat handed to another player, or left, is no longer saved by its former player', async () => {
      const ctx = tp.platform.ctx;
      assert.ok(await games.saveOwnSheet(ctx, gameId, bob.id, 'CHE 1'));
      // Bob's seat goes to Carol (as the host's replacement would do).
      await tp.db.query('UPDATE seats SET user_id = $3 WHERE game_id = $1 AND user_id = $2', [gameId, bob.id, carol.id]);
      assert.equal(await games.saveOwnSheet(ctx, gameId, bob.id, 'CHE 5'), null, 'Bob writes nothing');
      const c = await games.saveOwnSheet(ctx, gameId, carol.id, 'CHE 2');
      assert.equal(c!.sheet.text, 'CHE 2');
      await tp.db.query(`UPDATE seats SET status = 'abdicated' WHERE game_id = $1 AND user_id = $2`, [gameId, carol.id]);
      assert.equal(await games.saveOwnSheet(ctx, gameId, carol.id, 'CHE 3'), null);
      assert.equal(await games.saveOwnSheet(ctx, 999_999, alice.id, 'CHE 1'), null, 'no such game');
    });
  });
}
