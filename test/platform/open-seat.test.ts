/**
 * An open seat has no reader (issue 12, item 5), on both databases: once a lord asks for a
 * replacement, every private page of his seat (orders, reports, each report, his map and its
 * SVG and PNG, his statistics, the tools, the JSON view and sheet) answers as for a former
 * player, who sees the public pages only; the turn's report is no longer mailed to him; whoever
 * takes the seat reads it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { Browser } from './http.ts';
import { DB_KINDS, playerOf, startTestPlatform, type TestPlatform } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';

/** Moves the clock past the deadline and waits until the scheduler (or this test's tick) has resolved the turn. */
async function resolveTurn(tp: TestPlatform, gameId: number): Promise<void> {
  const step = (await games.summary(tp.platform.ctx, gameId))!.step;
  tp.clock.now = new Date(new Date((await games.summary(tp.platform.ctx, gameId))!.deadline!).getTime() + 60_000);
  const end = Date.now() + 30_000;
  while ((await games.summary(tp.platform.ctx, gameId))!.step === step) {
    if (Date.now() > end) throw new Error('the turn was not resolved');
    await tp.platform.tick();
    await new Promise((r) => setTimeout(r, 50));
  }
}

const PRIVATE_PAGES = ['/orders', '/reports', '/reports/1', '/tools/battle', '/tools/argentier', '/tools/joust'];

for (const kind of DB_KINDS) {
  describe(`an open seat has no reader (${kind})`, () => {
    let tp: TestPlatform;
    let alice: TestUser;
    let bob: TestUser;
    let carol: TestUser;
    let gameId: number;
    let privateId: number;

    before(async () => {
      tp = await startTestPlatform(kind);
      alice = await newUser(tp, `alice_${kind}`, 'en');
      bob = await newUser(tp, `bob_${kind}`);
      carol = await newUser(tp, `carol_${kind}`);
      const ctx = tp.platform.ctx;
      gameId = await games.create(ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Place libre', options: { map: 'scandinavia' },
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: false,
      });
      privateId = await games.create(ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Place libre privée', options: { map: 'scandinavia' }, isPrivate: true, password: 'secret',
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: false,
      });
      await resolveTurn(tp, gameId);
    });
    after(async () => { await tp?.close(); });

    test('after asking for a replacement, the former lord reads nothing private of his seat; the next lord does', async () => {
      const a = await loggedIn(tp, alice);
      const anon = new Browser(tp.url, { lang: 'en' });
      const base = `/games/${gameId}`;
      // While he holds the seat: his own pages, his own map (not the public one).
      for (const p of PRIVATE_PAGES) assert.equal((await a.get(base + p)).status, 200, `seated ${p}`);
      const publicSvg = (await anon.get(`${base}/map.svg`)).text;
      const publicView = (await anon.get(`/api${base}/view`)).text;
      const publicStats = (await anon.get(`/api${base}/stats?lang=en`)).json();
      assert.notEqual((await a.get(`${base}/map.svg`)).text, publicSvg, 'a lord\'s map is his own');
      assert.notEqual((await a.get(`/api${base}/view`)).text, publicView);
      assert.notEqual((await a.get(`/api${base}/stats?lang=en`)).json().player, null);

      await a.get(base);
      const left = await a.post(`${base}/leave`, { mode: 'replace', confirm: '1' }, { follow: false });
      assert.equal(left.status, 303);
      assert.equal((await games.seats(tp.platform.ctx, gameId)).find((s) => s.lordName === 'Aliénor')!.status, 'open');

      for (const p of PRIVATE_PAGES) assert.equal((await a.get(base + p)).status, 404, `former lord ${p}`);
      assert.equal((await a.get(`/api${base}/sheet`)).status, 404);
      assert.ok(!(await a.get('/games')).text.includes(`href="${base}/orders"`), 'no longer among his games');
      // The public pages, as anyone sees them.
      assert.equal((await a.get(base)).status, 200);
      assert.equal((await a.get(`${base}/map`)).status, 200);
      assert.equal((await a.get(`${base}/map.svg`)).text, publicSvg, 'the public map only');
      const png = await a.request('GET', `${base}/map.png`);
      const anonPng = await anon.request('GET', `${base}/map.png`);
      assert.equal(png.status, 200);
      assert.equal(png.text, anonPng.text, 'the public PNG only');
      assert.equal((await a.get(`/api${base}/view`)).text, publicView, 'the public view only');
      const stats = (await a.get(`/api${base}/stats?lang=en`)).json();
      assert.equal(stats.player, null, 'no private statistics');
      assert.deepEqual(stats.charts, publicStats.charts);

      // The next turn's report is not mailed to him any more.
      const before = (await tp.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE to_addr = $1 AND subject LIKE 'Report — Place libre — %'`, [alice.email]))[0]!.n;
      await resolveTurn(tp, gameId);
      const afterN = (await tp.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE to_addr = $1 AND subject LIKE 'Report — Place libre — %'`, [alice.email]))[0]!.n;
      assert.equal(afterN, before, 'no report mail to the former lord');
      assert.ok((await tp.db.query(`SELECT 1 FROM outbox WHERE to_addr = $1 AND subject LIKE '%Place libre — tour 2'`, [bob.email])).length, 'Bohémond got his');
      for (const p of ['/reports/2', '/reports']) assert.equal((await a.get(base + p)).status, 404, `former lord ${p}`);

      // Carol takes the seat: it is hers to read.
      const c = await loggedIn(tp, carol);
      await c.get(base);
      const player = await playerOf(tp, gameId, alice.id);
      const took = await c.post(`${base}/take`, { player }, { follow: false });
      assert.equal(took.status, 303);
      for (const p of ['/orders', '/reports', '/reports/2']) assert.equal((await c.get(base + p)).status, 200, `new lord ${p}`);
      for (const p of PRIVATE_PAGES) assert.equal((await a.get(base + p)).status, 404, `former lord after the take ${p}`);
    });

    test('in a private game, the former lord keeps the game\'s public pages and nothing private', async () => {
      const a = await loggedIn(tp, alice);
      const b = await loggedIn(tp, bob);
      const base = `/games/${privateId}`;
      assert.equal((await a.get(`${base}/orders`)).status, 200);
      await a.get(base);
      assert.equal((await a.post(`${base}/leave`, { mode: 'replace', confirm: '1' }, { follow: false })).status, 303);
      for (const p of ['/orders', '/reports', '/tools/battle']) assert.equal((await a.get(base + p)).status, 404, `former lord ${p}`);
      const page = await a.get(base);
      assert.equal(page.status, 200);
      assert.doesNotMatch(page.text, /action="\/games\/\d+\/join"/, 'the game page, not the private stub');
      const svg = (await a.get(`${base}/map.svg`)).text;
      assert.notEqual(svg, (await b.get(`${base}/map.svg`)).text);
      assert.equal((await a.get(`/api${base}/stats`)).json().player, null);
      // An outsider still sees nothing.
      const c = await loggedIn(tp, carol);
      assert.equal((await c.get(`${base}/map.svg`)).status, 404);
    });
  });
}
