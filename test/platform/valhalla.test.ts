/**
 * Valhalla on the platform (Adventurer Kings seed §12.3), on both databases: a finished game's
 * entrant, once his player has answered, goes into the `valhalla` table with his player's text
 * (plain text, escaped on every page); a new game receives the hall as its roster, a snapshot in
 * its options and its state; the public page /valhalla lists him in French and English;
 * `valhallaHeroesOf` gives a user's heroes for his profile.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { valhallaHeroesOf, valhallaHeroes } from '../../src/platform/valhalla/hall.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform, stateOf, playerOf } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';
import { Browser } from './http.ts';

const AK = 'adventurer-kings';
const SHORT = { map: 'standard', config: { kingdom: { victory: { maxTurns: 1 } } } };

for (const kind of DB_KINDS) {
  describe(`Valhalla on the platform (${kind})`, () => {
    let tp: TestPlatform;
    let alice: TestUser;
    let bob: TestUser;
    let gameId = 0;
    let heroName = '';

    before(async () => {
      const port = kind === 'pglite' ? 3450 : 3451; // this test's own ports
      tp = await startTestPlatform(kind, { port, publicUrl: `http://localhost:${port}` }, { scheduler: false });
      alice = await newUser(tp, `vh_alice_${kind}`, 'fr');
      bob = await newUser(tp, `vh_bob_${kind}`, 'en');
    });
    after(async () => { await tp?.close(); });

    const everyoneReady = async (id: number, answer: (player: string) => string) => {
      for (const u of [alice, bob]) {
        const p = await playerOf(tp, id, u.id);
        const asked = (await games.seats(tp.platform.ctx, id)).find((s) => s.player === p);
        if (!asked) continue;
        try {
          await games.saveSheet(tp.platform.ctx, id, p, answer(p));
          await games.setReady(tp.platform.ctx, id, p, true);
        } catch { /* not asked in this step */ }
      }
      assert.equal(await games.resolveIfDue(tp.platform.ctx, id), 'resolved');
    };

    test('a finished Adventurer Kings game: its entrant is asked, and once answered he is in Valhalla with his player’s text', async () => {
      const ctx = tp.platform.ctx;
      gameId = await games.create(ctx, { ruleset: AK, name: 'La Dernière Année', options: SHORT, seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], early: true, hostUserId: alice.id });
      await everyoneReady(gameId, () => '');
      const s = await stateOf<AKState>(tp, gameId);
      assert.ok(s.finished, 'the game ended at its last turn');
      const pending = s.valhalla!.pending!;
      assert.ok(pending.length >= 1, 'the winning King at least');
      assert.equal((await games.summary(ctx, gameId))!.status, 'running', 'the game waits for the Valhalla answers');
      const e = pending[0]!;
      heroName = e.name;
      // His player's order page asks the Valhalla question, with its guided form and the blank answer.
      const placerUser = e.player === await playerOf(tp, gameId, alice.id) ? alice : bob;
      const page = await (await loggedIn(tp, placerUser)).get(`/games/${gameId}/orders`);
      assert.equal(page.status, 200);
      assert.match(page.text, placerUser === alice ? /<h1>Entrée au Valhalla<\/h1>/ : /<h1>Entering Valhalla<\/h1>/);
      assert.match(page.text, /VALHALLA/);
      const text = 'VALHALLA OUI\nDESCRIPTION Un <script>alert(1)</script> roi & « sage »\nHISTOIRE Il régna un an.\nHISTOIRE Puis il partit.';
      await everyoneReady(gameId, (p) => (p === e.player ? text : 'VALHALLA NON'));
      assert.equal((await games.summary(ctx, gameId))!.status, 'finished');
      const rows = await tp.db.query<{ name: string; description: string; story: string; user_id: number; placed_by: string }>('SELECT name, description, story, user_id, placed_by FROM valhalla WHERE game_id = $1', [gameId]);
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.name, heroName);
      assert.equal(rows[0]!.description, 'Un <script>alert(1)</script> roi & « sage »', 'stored as plain text');
      assert.equal(rows[0]!.story, 'Il régna un an.\nPuis il partit.');
      const placer = e.player === await playerOf(tp, gameId, alice.id) ? alice : bob;
      assert.equal(Number(rows[0]!.user_id), placer.id);
      const mine = await valhallaHeroesOf(tp.db, placer.id);
      assert.deepEqual(mine.map((h) => [h.name, h.gameId, h.placedBy]), [[heroName, gameId, placer.login]]);
      assert.deepEqual(await valhallaHeroesOf(tp.db, (placer === alice ? bob : alice).id), []);
      // His profile names the hero he placed; the other player's has no Valhalla section.
      const visitor = new Browser(tp.url, { lang: 'en' });
      const profile = (await visitor.get(`/players/${placer.login}`)).text;
      const section = /<section class="card" id="profile-valhalla-card">([\s\S]*?)<\/section>/.exec(profile)?.[1] ?? '';
      assert.match(section, /<h2>His heroes in Valhalla<\/h2>/);
      assert.ok(section.includes(`>${heroName}</a>`), 'the hero, linked to the hall');
      assert.doesNotMatch((await visitor.get(`/players/${(placer === alice ? bob : alice).login}`)).text, /profile-valhalla-card/);
    });

    test('a new game’s roster is a snapshot of the hall: in its options and its state, beside the legends', async () => {
      const ctx = tp.platform.ctx;
      const id = await games.create(ctx, { ruleset: AK, name: 'Les Héritiers', options: { map: 'standard' }, seats: [{ userId: alice.id, lordName: 'Aude' }, { userId: bob.id, lordName: 'Baudoin' }], hostUserId: alice.id });
      const s = await stateOf<AKState>(tp, id);
      const hero = s.valhalla!.roster.find((h) => h.name === heroName);
      assert.ok(hero, 'the hero of the first game is in the roster');
      assert.match(hero.key, /^hall:\d+$/);
      assert.ok(s.valhalla!.roster.some((h) => h.key === 'legend:arthur'));
      const row = await tp.db.one<{ options: unknown }>('SELECT options FROM games WHERE id = $1', [id]);
      const options = (typeof row!.options === 'string' ? JSON.parse(row!.options) : row!.options) as { valhalla?: { key: string }[] };
      assert.ok(options.valhalla?.some((h) => h.key === hero.key), 'stored with the game: its replays never read the table again');
      // A hero who enters later does not change a running game's roster.
      const { total } = await valhallaHeroes(tp.db);
      assert.equal(total, 1);
    });

    test('the public page /valhalla lists the heroes with their story and their player, in French and English, escaped', async () => {
      const fr = new Browser(tp.url, { lang: 'fr' });
      const pfr = await fr.get('/valhalla?lang=fr');
      assert.equal(pfr.status, 200);
      assert.match(pfr.text, /<h1>Le Valhalla<\/h1>/);
      assert.ok(pfr.text.includes(heroName));
      assert.match(pfr.text, /Il régna un an\.<\/p>\s*<p>Puis il partit\.<\/p>/);
      assert.ok(!pfr.text.includes('<script>alert(1)'), 'the player’s text is escaped');
      assert.ok(pfr.text.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
      assert.match(pfr.text, /Placé par vh_(alice|bob)_/);
      assert.match(pfr.text, /<article class="hero block" aria-labelledby="hero-\d+">/);
      const en = new Browser(tp.url, { lang: 'en' });
      const pen = await en.get('/valhalla');
      assert.equal(pen.status, 200);
      assert.match(pen.text, /Placed by vh_(alice|bob)_/);
      assert.match(pen.text, /(His|Her) story/);
      assert.match(pen.text, /1 hero</);
      for (const q of ['?page=-1', '?page=abc', '?page=99999999999', '?page[]=1']) assert.equal((await en.get(`/valhalla${q}`)).status, 200, q);
    });
  });
}
