/**
 * The Adventurer Kings tools over HTTP, on both databases: a King reaches his two tools from his
 * order page, the treasury planner reads the sheet he is writing, bad input gets messages (never
 * an error page), the hidden truth of the world does not change the battle simulator's page, and
 * neither another game's player nor the public may use the tools of a game.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { neighbours } from '../../src/rulesets/adventurer-kings/world/geometry.ts';
import { Browser } from './http.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform, stateOf, playerOf } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';

const AK = 'adventurer-kings';

const resultOf = (html: string): string => /<section class="tool-result" id="tool-result">[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

for (const kind of DB_KINDS) {
  describe(`Adventurer Kings tools over HTTP (${kind})`, () => {
    let tp: TestPlatform;
    let alice: TestUser, bob: TestUser, carol: TestUser, dave: TestUser;
    let mine = 0;
    let other = 0;

    before(async () => {
      tp = await startTestPlatform(kind);
      alice = await newUser(tp, `akt_alice_${kind}`, 'fr');
      bob = await newUser(tp, `akt_bob_${kind}`, 'en');
      carol = await newUser(tp, `akt_carol_${kind}`, 'en');
      dave = await newUser(tp, `akt_dave_${kind}`, 'fr');
      const ctx = tp.platform.ctx;
      mine = await games.create(ctx, {
        ruleset: AK, name: 'Rois outillés', options: { map: 'standard' },
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: false,
      });
      other = await games.create(ctx, {
        ruleset: AK, name: 'Autres rois', options: { map: 'standard' },
        seats: [{ userId: carol.id, lordName: 'Carol' }, { userId: dave.id, lordName: 'David' }], maxPlayers: 2, early: false,
      });
    });
    after(async () => { await tp?.close(); });

    test('a King reaches his tools from the order page; the planner reads the sheet being written', async () => {
      const a = await loggedIn(tp, alice);
      const orders = await a.get(`/games/${mine}/orders`);
      assert.equal(orders.status, 200);
      for (const tool of ['battle', 'treasury']) assert.match(orders.text, new RegExp(`/games/${mine}/tools/${tool}`));
      const battle = await a.get(`/games/${mine}/tools/battle`);
      assert.equal(battle.status, 200);
      assert.match(battle.text, /Simulateur de bataille/);
      assert.match(battle.text, /id="tool-result"/);
      assert.match(battle.text, /Victoire de l’attaquant/);
      const plain = await a.get(`/games/${mine}/tools/treasury`);
      assert.equal(plain.status, 200);
      assert.match(plain.text, /Trésor attendu en fin d’année/);
      assert.ok(!plain.text.includes('RE GA pour GC'));
      // Alice writes a recruitment on her sheet: the planner counts it.
      const s = await stateOf<AKState>(tp, mine);
      const pa = await playerOf(tp, mine, alice.id);
      const k = Object.values(s.kingdoms).find((x) => x.player === pa)!;
      await games.saveSheet(tp.platform.ctx, mine, pa, `PERSO ${k.king}\n1 RE GA pour GC`);
      const planned = await a.get(`/games/${mine}/tools/treasury`);
      assert.match(planned.text, /RE GA pour GC/);
      assert.match(planned.text, /recrue/);
      // Bob reads his in English.
      const b = await loggedIn(tp, bob);
      const en = await b.get(`/games/${mine}/tools/treasury`);
      assert.equal(en.status, 200);
      assert.match(en.text, /Treasury expected at the end of the year/);
      assert.ok(!en.text.includes('RE GA pour GC'), 'Bob does not see Alice’s sheet');
    });

    test('bad input gets messages, not an error page; the hidden truth does not reach the page', async () => {
      const a = await loggedIn(tp, alice);
      const bad = await a.get(`/games/${mine}/tools/battle?runs=-4&province=atlantis&d1n=many&general=999`);
      assert.equal(bad.status, 200);
      assert.match(bad.text, /class="error"/);
      assert.match(bad.text, /id="tool-result"/, 'defaults stand in for the bad values');
      const treasury = await a.get(`/games/${mine}/tools/treasury?m1=fireball&m99999=x`);
      assert.equal(treasury.status, 200);
      assert.equal((await a.get(`/games/${mine}/tools/nothing`)).status, 404);
      // A neighbour of Alice's general, and what she sees of it; then the truth there changes.
      const s = await stateOf<AKState>(tp, mine);
      const pa = await playerOf(tp, mine, alice.id);
      const k = Object.values(s.kingdoms).find((x) => x.player === pa)!;
      const p = neighbours(s.characters[k.king]!.province).find((q) => s.provinces[q] && s.provinces[q]!.terrain !== 'Sea' && s.provinces[q]!.owner === null)!;
      const url = `/games/${mine}/tools/battle?province=${p}&runs=300`;
      const before = resultOf((await a.get(url)).text);
      assert.ok(before.length > 0);
      for (let i = 0; i < 9; i++) {
        const id = s.next.army++;
        s.armies[id] = { id, type: 'DR', race: 'Dragon', quality: 5, kingdom: null, status: 'Native', province: p, mpUsed: 0 };
      }
      await tp.db.query('UPDATE games SET state = $2, state_hash = $3 WHERE id = $1', [mine, JSON.stringify(s), 'test-hidden-dragons']);
      assert.equal(resultOf((await a.get(url)).text), before, 'nine hidden dragons change nothing');
    });

    test('another game’s player and the public cannot use a game’s tools', async () => {
      const c = await loggedIn(tp, carol);
      for (const tool of ['battle', 'treasury']) {
        assert.equal((await c.get(`/games/${mine}/tools/${tool}`)).status, 404, `outsider ${tool}`);
        assert.equal((await new Browser(tp.url).get(`/games/${mine}/tools/${tool}`)).status, 404, `anonymous ${tool}`);
      }
      const own = await c.get(`/games/${other}/tools/treasury`);
      assert.equal(own.status, 200, 'Carol uses the tools of her own game');
      assert.match(own.text, /Treasury planner/);
    });
  });
}
