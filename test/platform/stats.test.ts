/**
 * The statistics pages, on both databases: the ruleset's figures are stored with the start and
 * with each resolved turn; the charts have one point per turn and match the game state; a lord
 * sees his own private figures and never another lord's; an outsider sees only the public charts;
 * a private game's charts are its lords' alone; a lord's name cannot break out of the page's JSON;
 * a game stored without figures gets them by replay. Then, in a real browser (Chromium), the page
 * draws a canvas per chart.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';

import type { Browser as Chromium } from 'playwright-core';
import type { ChartDoc } from '../../src/engine/ruleset.ts';
import { games } from '../../src/platform/games/service.ts';
import { backfill } from '../../src/platform/games/stats-data.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { refereeTaskCounts } from '../../src/platform/referee/pool.ts';
import { BROWSER_SKIP, launchBrowser } from './browser.ts';
import { Browser, type Res } from './http.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';
import { API, ids, numbers, resolveTurn, stateOf, storedStats, withMarkedFigures } from './stats-fixtures.ts';
import { newUser, loggedIn, type TestUser as U } from './users.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const GP = 'gloire-et-pouvoir';
const EVIL = 'Evil</script><script>alert(1)</script>';
const TURNS = 3;







/** The charts embedded in a stats page (the JSON of its <script type="application/json">). */
function pageCharts(r: Res): ChartDoc[] {
  const m = /<script type="application\/json" id="stats-data">([\s\S]*?)<\/script>/.exec(r.text);
  assert.ok(m, 'the page embeds its charts');
  return JSON.parse(m[1]!).charts;
}


for (const kind of DB_KINDS) {
  describe(`statistics (${kind})`, () => {
    let tp: TestPlatform;
    let alice: U, bob: U, carol: U;
    let gameId: number;
    let pa: string, pb: string;

    before(async () => {
      tp = await startTestPlatform(kind);
      alice = await newUser(tp, 'alice_stats');
      bob = await newUser(tp, 'bob_stats');
      carol = await newUser(tp, 'carol_stats');
      gameId = await games.create(tp.platform.ctx, {
        ruleset: GP, name: 'Chiffres', options: { map: 'scandinavia' }, seed: 'stats-platform',
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: EVIL }, { userId: null, lordName: 'Robot' }], early: false,
      });
      const seats = await games.seats(tp.platform.ctx, gameId);
      pa = seats.find((s) => s.userId === alice.id)!.player;
      pb = seats.find((s) => s.userId === bob.id)!.player;
      for (let i = 0; i < TURNS; i++) await resolveTurn(tp, gameId);
    });
    after(async () => { await tp?.close(); });

    test('the figures are stored with the start and with every turn, and are the state\'s', async () => {
      const st = await storedStats(tp, gameId);
      assert.ok(st.start, 'start figures');
      assert.equal(st.steps.length, TURNS);
      assert.ok(st.steps.every((s) => s !== null), 'figures of every turn');
      const rs = getRuleset(GP).ruleset;
      assert.deepEqual(st.steps.at(-1), JSON.parse(JSON.stringify(rs.stats!(await stateOf(tp, gameId)))), 'the last turn\'s figures are the current state\'s');
      assert.equal(st.start!.private[pa]!.treasury, 5000);
    });

    test('a lord\'s charts: his own figures per turn, then the public ones; page and JSON agree', async () => {
      const b = await loggedIn(tp, alice);
      const api = await b.get(`/api/games/${gameId}/stats?lang=fr`, API);
      assert.equal(api.status, 200);
      const charts = api.json().charts as ChartDoc[];
      assert.deepEqual(ids(charts), ['my-renown', 'my-territories', 'my-treasury', 'my-men', 'my-knights', 'my-population', 'ranking', 'territories']);
      for (const c of charts) {
        assert.equal(c.labels.length, TURNS + 1, `${c.id}: the start and one point per turn`);
        for (const s of c.series) assert.equal(s.values.length, TURNS + 1);
      }
      const state = await stateOf(tp, gameId);
      const treasury = charts.find((c) => c.id === 'my-treasury')!.series[0]!;
      assert.equal(treasury.values.at(-1), state.lords[pa].treasury, 'the last treasury point is the lord\'s treasury');
      assert.equal(treasury.mine, true);
      const territories = charts.find((c) => c.id === 'my-territories')!.series[0]!.values.at(-1);
      assert.equal(territories, Object.values(state.territories as Record<string, { owner: string }>).filter((t) => t.owner === pa).length);
      const ranking = charts.find((c) => c.id === 'ranking')!;
      assert.deepEqual(ranking.series.map((s) => s.name), ['Aliénor', EVIL, 'Robot']);
      assert.deepEqual(ranking.series.filter((s) => s.mine).map((s) => s.name), ['Aliénor']);

      const p = await b.get(`/games/${gameId}/stats`);
      assert.equal(p.status, 200);
      assert.deepEqual(pageCharts(p), charts, 'the page embeds the same charts (in the visitor\'s language)');
      assert.equal((p.text.match(/<canvas /g) ?? []).length, charts.length, 'a canvas per chart');
      assert.match(p.text, /<script src="\/static\/vendor\/chart\.umd\.min\.js" defer><\/script>/);
      assert.match(p.text, /<script src="\/static\/stats\.js" defer><\/script>/);
      // The game page links to the statistics.
      assert.match((await b.get(`/games/${gameId}`)).text, new RegExp(`href="/games/${gameId}/stats"`));
    });

    test('nobody sees another lord\'s private figures; an outsider sees only the public charts', async () => {
      // Every private figure marked with a number found nowhere else, per player.
      await withMarkedFigures(tp, gameId, 700_000_000, async (marks) => {
        const a = await loggedIn(tp, alice);
        const b = await loggedIn(tp, bob);
        const c = await loggedIn(tp, carol);
        const anon = new Browser(tp.url);
        for (const [who, br, own] of [['alice', a, pa], ['bob', b, pb], ['carol', c, null], ['anonymous', anon, null]] as const) {
          const page = await br.get(`/games/${gameId}/stats`);
          const api = await br.get(`/api/games/${gameId}/stats`, API);
          assert.equal(page.status, 200, who);
          assert.equal(api.status, 200, who);
          for (const charts of [pageCharts(page), api.json().charts as ChartDoc[]]) {
            const seen = numbers(charts);
            for (const [lord, ms] of Object.entries(marks)) {
              const found = ms.filter((m) => seen.has(m));
              if (lord === own) assert.equal(found.length, ms.length, `${who} sees his own figures`);
              else assert.deepEqual(found, [], `${who} sees no private figure of ${lord}`);
            }
            if (own === null) assert.deepEqual(ids(charts), ['ranking', 'territories'], `${who}: the public charts only`);
            else assert.ok(ids(charts).includes('my-treasury'));
          }
          for (const ms of Object.values(marks)) {
            for (const m of ms.filter((x) => !marks[own ?? '']?.includes(x))) assert.ok(!page.text.includes(String(m)) && !api.text.includes(String(m)), `${who}: mark ${m} nowhere in the page`);
          }
        }
      });
    });

    test('a lord\'s name cannot break out of the page\'s JSON', async () => {
      const r = await new Browser(tp.url).get(`/games/${gameId}/stats`);
      assert.ok(!r.text.includes(EVIL), 'the name never appears raw');
      assert.ok(!/<script>alert/.test(r.text));
      assert.equal((r.text.match(/<\/script>/g) ?? []).length, (r.text.match(/<script[ >]/g) ?? []).length, 'every script element closes where it should');
      assert.ok(pageCharts(r).find((c) => c.id === 'ranking')!.series.some((s) => s.name === EVIL), 'the name is intact in the data');
    });

    test('a private game\'s statistics are its lords\' alone; nothing while a game is forming', async () => {
      const priv = await games.create(tp.platform.ctx, {
        ruleset: GP, name: 'Secret', options: { map: 'scandinavia' }, isPrivate: true, password: 'pw-secret',
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: null, lordName: 'Robot' }],
      });
      const forming = await games.create(tp.platform.ctx, {
        ruleset: GP, name: 'Forming', options: { map: 'scandinavia' }, isPrivate: true, password: 'pw-forming', maxPlayers: 3,
        seats: [{ userId: alice.id, lordName: 'Aliénor' }],
      });
      const a = await loggedIn(tp, alice);
      const c = await loggedIn(tp, carol);
      assert.equal((await a.get(`/games/${priv}/stats`)).status, 200);
      assert.equal((await a.get(`/api/games/${priv}/stats`, API)).status, 200);
      for (const br of [c, new Browser(tp.url)]) {
        assert.equal((await br.get(`/games/${priv}/stats`)).status, 404);
        assert.equal((await br.get(`/api/games/${priv}/stats`, API)).status, 404);
      }
      assert.equal((await a.get(`/games/${forming}/stats`)).status, 404);
      assert.equal((await a.get(`/api/games/${forming}/stats`, API)).status, 404);
      assert.equal((await a.get('/games/999999/stats')).status, 404);
      assert.equal((await a.get('/api/games/abc/stats', API)).status, 404);
    });

    test('a game stored without figures gets them by replay', async () => {
      const before = await storedStats(tp, gameId);
      const b = await loggedIn(tp, bob);
      const charts = (await b.get(`/api/games/${gameId}/stats`, API)).json().charts as ChartDoc[];
      await tp.db.query('UPDATE steps SET stats = NULL WHERE game_id = $1', [gameId]);
      await tp.db.query('UPDATE games SET start_stats = NULL WHERE id = $1', [gameId]);
      assert.deepEqual(await storedStats(tp, gameId), { start: null, steps: Array(TURNS).fill(null) });
      const again = await b.get(`/api/games/${gameId}/stats`, API);
      assert.equal(again.status, 200);
      assert.deepEqual(again.json().charts, charts, 'the same charts');
      assert.deepEqual(await storedStats(tp, gameId), before, 'the figures are stored again, as they were');
      // Only some missing: only those are filled in.
      await tp.db.query('UPDATE steps SET stats = NULL WHERE game_id = $1 AND idx = 2', [gameId]);
      assert.deepEqual((await b.get(`/api/games/${gameId}/stats`, API)).json().charts, charts);
      assert.deepEqual(await storedStats(tp, gameId), before);
    });

    test('a replay for missing figures lets other work run between its steps (it does not hold the server)', async () => {
      const before = await storedStats(tp, gameId);
      // Only the last step's figures missing: every earlier step is replayed without touching the database.
      await tp.db.query('UPDATE steps SET stats = NULL WHERE game_id = $1 AND idx = $2', [gameId, TURNS]);
      let done = false;
      let turns = 0;
      const handed = refereeTaskCounts().statsReplay;
      const job = backfill(tp.db, gameId).then(() => { done = true; });
      // Another task asking for the event loop again and again: it gets turns while the replay runs.
      while (!done) { await new Promise<void>((ok) => setImmediate(ok)); turns++; }
      await job;
      assert.equal(refereeTaskCounts().statsReplay, handed + 1, 'the replay ran in a referee worker thread');
      assert.ok(turns >= 1, `other work ran ${turns} times during the replay`);
      assert.deepEqual(await storedStats(tp, gameId), before);
    });

    test('Chart.js is served from the installed package', async () => {
      const r = await new Browser(tp.url).get('/static/vendor/chart.umd.min.js');
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-type') ?? '', /javascript/);
      assert.match(r.text.slice(0, 200), /Chart\.js v4/);
      assert.equal((await new Browser(tp.url).get('/static/stats.js')).status, 200);
    });
  });
}

describe('statistics in a real browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;

  before(async () => {
    tp = await startTestPlatform('pglite');
    chromium = await launchBrowser();
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('the stats page draws a canvas per chart, without errors', { timeout: 120_000 }, async () => {
    const alice = await newUser(tp, 'alice_charts');
    const gameId = await games.create(tp.platform.ctx, {
      ruleset: GP, name: 'Courbes', options: { map: 'scandinavia' }, seed: 'stats-browser',
      seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: null, lordName: 'Robot' }, { userId: null, lordName: EVIL }], early: false,
    });
    for (let i = 0; i < 2; i++) await resolveTurn(tp, gameId);
    const errors: string[] = [];
    const context = await chromium.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error' && !/favicon/.test(m.location().url)) errors.push(m.text()); });
    page.on('dialog', (d) => { errors.push(`dialog: ${d.message()}`); void d.dismiss(); });
    await page.goto(`${tp.url}/login`);
    await page.fill('#login', alice.login);
    await page.fill('#password', alice.password);
    await Promise.all([page.waitForURL((x) => !x.pathname.startsWith('/login')), page.click('form[action="/login"] button[type="submit"]')]);

    await page.goto(`${tp.url}/games/${gameId}`);
    await Promise.all([page.waitForURL(/\/stats$/), page.click(`a[href="/games/${gameId}/stats"]`)]);
    const expected = await page.locator('canvas[data-chart]').count();
    assert.equal(expected, 8, 'six charts of her own, two public ones');
    await page.waitForFunction((n) => document.querySelectorAll('canvas[data-drawn="1"]').length === n, expected);
    const painted = await page.evaluate(() => [...document.querySelectorAll('canvas[data-chart]')].map((el) => {
      const c = el as HTMLCanvasElement;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let ink = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) ink++;
      return { id: c.dataset.chart, width: c.width, height: c.height, ink };
    }));
    for (const p of painted) {
      assert.ok(p.width > 100 && p.height > 100, `${p.id}: a sized canvas (${p.width}×${p.height})`);
      assert.ok(p.ink > 500, `${p.id}: drawn (${p.ink} painted pixels)`);
    }
    // The legend names the lords, the player's own series is thicker.
    const legend = await page.evaluate(() => {
      const c = document.querySelector('canvas[data-chart="ranking"]') as HTMLCanvasElement & { chart: any };
      return c.chart.data.datasets.map((d: any) => ({ label: d.label, width: d.borderWidth }));
    });
    assert.deepEqual(legend.map((d: { label: string }) => d.label), ['Aliénor', 'Robot', EVIL]);
    assert.ok(legend[0].width > legend[1].width, 'the player\'s own line is thicker');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
