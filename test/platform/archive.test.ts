/**
 * The archive of finished games (issue 19, "Players"), on both databases: while a game runs,
 * nothing of its archive is visible (fog of war: its turn pages, the other players' reports, the
 * forum and the gazette of a game one does not play); once it ends, its whole history is public
 * (each turn's page with the public map, every player's report, the forum, the gazette, the game
 * page with its final ranking and winners) and it is listed on /archive. Letters stay private; a
 * private game whose host kept it private stays private after its end.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { Browser } from './http.ts';
import { DB_KINDS, playerOf, startTestPlatform, type TestPlatform } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';
import { endByAbdication, resolveTurn } from './archive-fixtures.ts';

for (const kind of DB_KINDS) {
  describe(`the archive of finished games (${kind})`, () => {
    let tp: TestPlatform;
    let alice: TestUser;
    let bob: TestUser;
    let carol: TestUser;
    let publicId: number;
    let openPrivateId: number;
    let keptId: number;

    before(async () => {
      tp = await startTestPlatform(kind);
      alice = await newUser(tp, `alice_arch_${kind}`, 'en');
      bob = await newUser(tp, `bob_arch_${kind}`);
      carol = await newUser(tp, `carol_arch_${kind}`, 'en');
      const ctx = tp.platform.ctx;
      const two = [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }];
      publicId = await games.create(ctx, { ruleset: 'gloire-et-pouvoir', name: 'Archive publique', options: { map: 'scandinavia' }, seats: two, maxPlayers: 2, early: false });
      openPrivateId = await games.create(ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Privée puis publique', options: { map: 'scandinavia' }, seats: two, maxPlayers: 2, early: false,
        isPrivate: true, password: 'secret', hostUserId: alice.id,
      });
      keptId = await games.create(ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Gardée privée', options: { map: 'scandinavia' }, seats: two, maxPlayers: 2, early: false,
        isPrivate: true, password: 'secret', hostUserId: alice.id, keepPrivate: true,
      });
      for (const id of [publicId, openPrivateId, keptId]) await resolveTurn(tp, id);
      // A forum message and a letter in the public game while it runs.
      const a = await loggedIn(tp, alice);
      await a.get(`/games/${publicId}/forum`);
      assert.equal((await a.post(`/games/${publicId}/forum`, { title: 'Salut', body: 'Le forum de la partie' })).status, 200);
      await a.get(`/games/${publicId}/letters`);
      const bobPlayer = await playerOf(tp, publicId, bob.id);
      await a.post(`/games/${publicId}/letters`, { to: bobPlayer, subject: 'Secret', body: 'Une lettre scellée' });
    });
    after(async () => { await tp?.close(); });

    test('while the game runs, nothing of its archive is visible (fog of war)', async () => {
      const anon = new Browser(tp.url, { lang: 'en' });
      const c = await loggedIn(tp, carol);
      const a = await loggedIn(tp, alice);
      const bobPlayer = await playerOf(tp, publicId, bob.id);
      for (const who of [anon, c, a]) {
        assert.equal((await who.get(`/games/${publicId}/turns/1`)).status, 404, 'no turn page while running');
        assert.equal((await who.get(`/games/${publicId}/turns/1/${bobPlayer}`)).status, 404, 'no other player\'s report while running');
      }
      assert.equal((await c.get(`/games/${publicId}/reports/1`)).status, 404, 'a report is his lord\'s alone');
      assert.equal((await anon.get(`/games/${publicId}/forum`)).status, 403, 'the forum is for its lords while the game runs');
      assert.equal((await c.get(`/games/${openPrivateId}/turns/1`)).status, 404);
      const list = await anon.get('/archive');
      assert.equal(list.status, 200);
      assert.ok(!list.text.includes('Archive publique'), 'a running game is not in the archive');
      const page = await anon.get(`/games/${publicId}`);
      assert.ok(!page.text.includes(`/games/${publicId}/turns/`), 'no link to the turn pages');
      assert.ok(!page.text.includes('id="archive-notice"'));
    });

    test('once the game ends, its whole history is public; letters stay private', async () => {
      await endByAbdication(tp, publicId, bob);
      const anon = new Browser(tp.url, { lang: 'en' });
      const c = await loggedIn(tp, carol);
      const last = (await games.summary(tp.platform.ctx, publicId))!.step;
      assert.ok((await games.summary(tp.platform.ctx, publicId))!.archived);

      // The game page: the winner, links to every turn.
      const page = await anon.get(`/games/${publicId}`);
      assert.equal(page.status, 200);
      assert.match(page.text, /id="archive-notice"/);
      assert.match(page.text, /id="archive-winners"[^]*Aliénor/, 'the last lord standing is named the winner');
      for (let i = 1; i <= last; i++) assert.ok(page.text.includes(`href="/games/${publicId}/turns/${i}"`), `turn ${i} linked`);

      // Each turn: the public map and every player's report, readable by anyone.
      const alicePlayer = await playerOf(tp, publicId, alice.id);
      const bobPlayer = (await tp.db.one<{ player: string }>(`SELECT player FROM seats WHERE game_id = $1 AND lord_name = 'Bohémond'`, [publicId]))!.player;
      const turn = await anon.get(`/games/${publicId}/turns/1`);
      assert.equal(turn.status, 200);
      assert.match(turn.text, /id="turn-map"[^]*<svg/, 'the public map of the turn');
      for (const p of [alicePlayer, bobPlayer]) {
        assert.ok(turn.text.includes(`/games/${publicId}/turns/1/${p}`), `the report of ${p} is linked`);
        const stored = (await tp.db.one<{ text_en: string; text_fr: string }>('SELECT text_en, text_fr FROM reports WHERE game_id = $1 AND idx = 1 AND player = $2', [publicId, p]))!;
        const r = await c.get(`/games/${publicId}/turns/1/${p}?lang=en`);
        assert.equal(r.status, 200, `${p}'s report is public`);
        const firstLine = stored.text_en.split('\n').find((l) => /^[A-Za-z]/.test(l.trim()))!.trim().slice(0, 20).replace(/[*_`]/g, '');
        assert.ok(r.text.replace(/<[^>]+>/g, '').includes(firstLine.slice(0, 10)), `the report's text is shown (${firstLine})`);
        assert.equal((await anon.get(`/games/${publicId}/turns/1/${p}?lang=fr`)).status, 200);
      }
      // The public chronicle of a turn: what every lord read, told to nobody in particular.
      const lastTurn = await anon.get(`/games/${publicId}/turns/${last}`);
      const chronicle = /<section id="turn-public">([^]*?)<\/section>/.exec(lastTurn.text)?.[1] ?? '';
      assert.match(chronicle, /<h2>Public chronicle of the turn<\/h2>/);
      assert.ok(chronicle.includes('Bohémond'), `the abdication is told to all: ${chronicle.replace(/<[^>]+>/g, ' ').slice(0, 300)}`);
      assert.doesNotMatch(chronicle, /\byou\b/i, 'told to nobody in particular');
      assert.match((await anon.get(`/games/${publicId}/turns/1`)).text, /<section id="turn-public"><h2>Public chronicle of the turn<\/h2>/);
      assert.equal((await anon.get(`/games/${publicId}/turns/${last + 1}`)).status, 404, 'no such turn');
      assert.equal((await anon.get(`/games/${publicId}/turns/1/L99`)).status, 404, 'no such player');
      assert.equal((await anon.get(`/games/${publicId}/turns/0`)).status, 404);
      assert.equal((await anon.get(`/games/${publicId}/turns/abc`)).status, 404);

      // The forum and the gazette are public; letters are not (not even for a lord of another game).
      const forum = await anon.get(`/games/${publicId}/forum`);
      assert.equal(forum.status, 200);
      assert.ok(forum.text.includes('Salut'));
      assert.equal((await anon.get(`/games/${publicId}/gazette`)).status, 200);
      const letters = await c.get(`/games/${publicId}/letters`);
      assert.notEqual(letters.status, 200, 'letters stay private');
      assert.ok(!letters.text.includes('Une lettre scellée'));

      // The archive lists it, with its winner.
      const list = await anon.get('/archive');
      assert.match(list.text, /Archive publique[^]*Aliénor/);
      // Finished games' end is recorded: when, and the winner's seat.
      const row = (await tp.db.one<{ finished_at: Date | null }>('SELECT finished_at FROM games WHERE id = $1', [publicId]))!;
      assert.ok(row.finished_at, 'finished_at recorded');
      const won = await tp.db.query<{ lord_name: string }>('SELECT lord_name FROM seats WHERE game_id = $1 AND won', [publicId]);
      assert.deepEqual(won.map((w) => w.lord_name), ['Aliénor']);
    });

    test('a private game becomes public at its end, by default', async () => {
      const anon = new Browser(tp.url, { lang: 'en' });
      const before = await anon.get(`/games/${openPrivateId}`);
      assert.ok(!before.text.includes('Bohémond'), 'while it runs, non-members see only its name');
      assert.equal((await anon.get(`/games/${openPrivateId}/forum`)).status, 404);
      assert.equal((await anon.get(`/games/${openPrivateId}/map`)).status, 404);
      await endByAbdication(tp, openPrivateId, bob);
      const page = await anon.get(`/games/${openPrivateId}`);
      assert.equal(page.status, 200);
      assert.ok(page.text.includes('Bohémond'), 'its seats are public now');
      assert.ok(page.text.includes(`/games/${openPrivateId}/turns/1`));
      assert.equal((await anon.get(`/games/${openPrivateId}/turns/1`)).status, 200);
      assert.equal((await anon.get(`/games/${openPrivateId}/forum`)).status, 200);
      assert.equal((await anon.get(`/games/${openPrivateId}/map`)).status, 200);
      assert.ok((await anon.get('/archive')).text.includes('Privée puis publique'));
    });

    test('a private game its host kept private stays private after its end', async () => {
      await endByAbdication(tp, keptId, bob);
      const anon = new Browser(tp.url, { lang: 'en' });
      const c = await loggedIn(tp, carol);
      const alicePlayer = await playerOf(tp, keptId, alice.id);
      for (const who of [anon, c]) {
        const page = await who.get(`/games/${keptId}`);
        assert.ok(!page.text.includes('Bohémond'), 'non-members still see only its name');
        assert.ok(!page.text.includes('id="archive-notice"'));
        assert.equal((await who.get(`/games/${keptId}/turns/1`)).status, 404);
        assert.equal((await who.get(`/games/${keptId}/turns/1/${alicePlayer}`)).status, 404);
        assert.equal((await who.get(`/games/${keptId}/forum`)).status, 404);
        assert.equal((await who.get(`/games/${keptId}/gazette`)).status, 404);
        assert.equal((await who.get(`/games/${keptId}/map`)).status, 404);
      }
      assert.ok(!(await anon.get('/archive')).text.includes('Gardée privée'));
      // Its lords keep their own pages.
      const a = await loggedIn(tp, alice);
      assert.equal((await a.get(`/games/${keptId}/reports/1`)).status, 200);
      assert.equal((await a.get(`/games/${keptId}/forum`)).status, 200);
    });

    test('/archive refuses a bad page number with a clear message; odd paths never give a 500', async () => {
      const anon = new Browser(tp.url, { lang: 'en' });
      const r = await anon.get('/archive?page=abc');
      assert.equal(r.status, 400);
      assert.match(r.text, /page/);
      assert.equal((await anon.get('/archive?page=99')).status, 200, 'past the last page: the last page');
      const odd = ['%00', '..%2F..', '%F0%9F%91%91', 'x'.repeat(300), '%3Cscript%3E', '-1', '1e9', '99999999999'];
      for (const o of odd) {
        for (const path of [`/games/${publicId}/turns/${o}`, `/games/${publicId}/turns/1/${o}`, `/games/${o}/turns/1`, `/players/${o}`, `/archive?page=${o}`]) {
          const res = await anon.get(path);
          assert.ok(res.status < 500, `${path}: ${res.status}`);
        }
      }
    });
  });
}
