/**
 * Map and tool pages over HTTP, on both databases: who may see which map (a lord his own, the
 * public the public map of a public game, nobody a private game's map from outside), that no
 * hidden force of another lord reaches the page, the SVG and the server-rendered PNG, and the
 * tools: for lords of the game only, bad input answered with a message, never a crash.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { Browser } from './http.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';
import { newUser, loggedIn } from './users.ts';



for (const kind of DB_KINDS) {
  describe(`map and tool pages (${kind})`, () => {
    let tp: TestPlatform;
    let alice: Awaited<ReturnType<typeof newUser>>;
    let bob: Awaited<ReturnType<typeof newUser>>;
    let carol: Awaited<ReturnType<typeof newUser>>;
    let publicGame: number;
    let privateGame: number;
    let bobGarrison = 0;

    before(async () => {
      tp = await startTestPlatform(kind);
      alice = await newUser(tp, `alice_${kind}`);
      bob = await newUser(tp, `bob_${kind}`);
      carol = await newUser(tp, `carol_${kind}`);
      const ctx = tp.platform.ctx;
      publicGame = await games.create(ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Carte publique', options: { map: 'scandinavia' },
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: false,
      });
      privateGame = await games.create(ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Carte secrète', options: { map: 'scandinavia' }, isPrivate: true, password: 'secret',
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: false,
      });
      // Bob keeps a garrison of an unmistakable size on his home.
      bobGarrison = 7777;
      const row = await tp.db.one<{ state: any }>('SELECT state FROM games WHERE id = $1', [publicGame]);
      const state = typeof row!.state === 'string' ? JSON.parse(row!.state) : row!.state;
      const bobId = (await tp.db.one<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND user_id = $2', [publicGame, bob.id]))!.player;
      const home = Object.values(state.territories as Record<string, { id: string; owner: string }>).find((t) => t.owner === bobId)!.id;
      const id = state.nextArmy++;
      state.armies[String(id)] = { id, lord: bobId, strength: bobGarrison, commander: null, location: home, receivedTransfer: false, defThreshold: null, levyTurn: 0 };
      await tp.db.query('UPDATE games SET state = $2, state_hash = $3 WHERE id = $1', [publicGame, JSON.stringify(state), 'test-edited-state']);
    });
    after(async () => { await tp?.close(); });

    test('a lord sees his own map; another lord\'s garrison never reaches his page', async () => {
      const a = await loggedIn(tp, alice);
      const r = await a.get(`/games/${publicGame}/map`);
      assert.equal(r.status, 200);
      assert.equal((r.text.match(/class="region"/g) ?? []).length, 45);
      assert.match(r.text, /id="map-data"/);
      assert.ok(!r.text.includes(String(bobGarrison)), 'no hidden figure of another lord');
      const b = await loggedIn(tp, bob);
      const rb = await b.get(`/games/${publicGame}/map`);
      assert.ok(rb.text.includes('7,8k') || rb.text.includes('7.8k') || rb.text.includes('7 777') || rb.text.includes('7\u202f777'), 'Bob sees his own garrison');
      const orders = await a.get(`/games/${publicGame}/orders`);
      assert.match(orders.text, /id="map-unit"/, 'the order page offers map orders');
      assert.ok(!orders.text.includes(String(bobGarrison)));
    });

    test('the public sees the public map of a public game, nothing of a private one', async () => {
      const anon = new Browser(tp.url);
      const r = await anon.get(`/games/${publicGame}/map`);
      assert.equal(r.status, 200);
      assert.ok(!r.text.includes('id="map-unit"'));
      assert.ok(!r.text.includes('class="marker marker-'), 'no forces on the public map');
      const c = await loggedIn(tp, carol);
      for (const path of ['/map', '/map.svg', '/map.png']) {
        assert.equal((await c.get(`/games/${privateGame}${path}`)).status, 404, `outsider ${path}`);
        assert.equal((await anon.get(`/games/${privateGame}${path}`)).status, 404, `anonymous ${path}`);
      }
      const a = await loggedIn(tp, alice);
      assert.equal((await a.get(`/games/${privateGame}/map`)).status, 200);
    });

    test('the map as SVG and as a PNG rendered on the server', async () => {
      const a = await loggedIn(tp, alice);
      const svg = await a.get(`/games/${publicGame}/map.svg`);
      assert.equal(svg.status, 200);
      assert.match(svg.headers.get('content-type') ?? '', /image\/svg\+xml/);
      assert.match(svg.text, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      const res = await fetch(`${tp.url}/games/${publicGame}/map.png`, { headers: { cookie: a.cookieHeader() } });
      assert.equal(res.status, 200);
      const bytes = Buffer.from(await res.arrayBuffer());
      assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
      assert.ok(bytes.length > 20_000);
    });

    test('tools: for the game\'s lords only; bad input gets a message, not an error page', async () => {
      const a = await loggedIn(tp, alice);
      const list = await a.get(`/games/${publicGame}/orders`);
      for (const tool of ['argentier', 'battle', 'joust']) assert.match(list.text, new RegExp(`/games/${publicGame}/tools/${tool}`));
      const ok = await a.get(`/games/${publicGame}/tools/argentier`);
      assert.equal(ok.status, 200);
      assert.match(ok.text, /id="tool-result"/);
      const bad = await a.get(`/games/${publicGame}/tools/battle?men=400&runs=-4&target=atlantis&garrison=many`);
      assert.equal(bad.status, 200);
      assert.match(bad.text, /class="error"/);
      assert.match(bad.text, /id="tool-result"/, 'defaults stand in for the bad values');
      assert.equal((await a.get(`/games/${publicGame}/tools/nothing`)).status, 404);
      const c = await loggedIn(tp, carol);
      assert.equal((await c.get(`/games/${publicGame}/tools/argentier`)).status, 404);
      assert.equal((await new Browser(tp.url).get(`/games/${publicGame}/tools/battle`)).status, 404);
    });
  });
}
