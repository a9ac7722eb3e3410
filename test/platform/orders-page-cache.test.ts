/**
 * The order page's cache (issue 20): a page served from the parts kept for a state is the very
 * page drawn afresh, byte for byte; after a save of the sheet and after a turn, the page is the
 * new one (nothing kept for an old sheet or an old state is served), on both databases.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { clearOrderPageCache, orderPageCacheStats } from '../../src/platform/games/orders-page.ts';
import { Browser } from './http.ts';
import { DB_KINDS, startTestPlatform, waitForStep, type TestPlatform } from './util.ts';

await loadAllRulesets();

const mapData = (page: string): string => /id="map-data">(.*?)<\/script>/s.exec(page)?.[1] ?? '';

/** The page as served now, and the same page drawn with nothing kept. */
async function servedAndFresh(b: Browser, path: string): Promise<{ served: string; fresh: string }> {
  const served = (await b.get(path)).text;
  clearOrderPageCache();
  const fresh = (await b.get(path)).text;
  return { served, fresh };
}

for (const kind of DB_KINDS) {
  describe(`order page cache (${kind})`, () => {
    let tp: TestPlatform;
    before(async () => { tp = await startTestPlatform(kind); });
    after(async () => { await tp?.close(); });

    test('a kept page equals a fresh one; a save and a turn give the new page, never a stale one', async () => {
      const b = new Browser(tp.url);
      await b.get('/');
      const created = await b.post('/demo', {}, { follow: false });
      assert.equal(created.status, 303, 'the demo game is created');
      const path = created.location!;
      const id = Number(/\/games\/(\d+)/.exec(path)![1]);

      clearOrderPageCache();
      const misses = orderPageCacheStats.misses;
      const first = (await b.get(path)).text;
      const hits = orderPageCacheStats.hits;
      const second = (await b.get(path)).text;
      assert.equal(orderPageCacheStats.misses, misses + 1, 'the first page draws the parts once');
      assert.equal(orderPageCacheStats.hits, hits + 1, 'the second page is served from them');
      assert.equal(second, first, 'the page served from the kept parts is the page drawn afresh');
      assert.match(first, /id="map-data"/, 'the page has its map (the part kept per sheet)');

      // A save: the page shows the new sheet, and its map orders are those of the new sheet.
      const s1 = await b.postJson(`/api/games/${id}/sheet`, { text: 'INI 10 20 30\nCHE 1\n' });
      assert.equal(s1.status, 200, s1.text);
      const p1 = await servedAndFresh(b, path);
      assert.match(p1.served, /INI 10 20 30/, 'the page shows the sheet just saved');
      assert.equal(p1.served, p1.fresh, 'after a save, the page served is the page drawn afresh');
      // The map orders are drawn after the sheet's own (a knight recruited costs what moves need).
      assert.notEqual(mapData(p1.served), mapData(first), 'the map orders follow the sheet saved, not the empty sheet of the first page');
      const s2 = await b.postJson(`/api/games/${id}/sheet`, { text: 'CHE 2\n' });
      assert.equal(s2.status, 200, s2.text);
      const p2 = await servedAndFresh(b, path);
      assert.doesNotMatch(p2.served, /INI 10 20 30/, 'the old sheet is not shown any more');
      assert.equal(p2.served, p2.fresh, 'after a second save, the page served is the page drawn afresh');
      // Back to the first sheet: its map widget may come from the cache, and must be the same.
      await b.postJson(`/api/games/${id}/sheet`, { text: 'INI 10 20 30\nCHE 1\n' });
      assert.equal((await b.get(path)).text, p1.fresh, 'the page of a sheet saved again is the page of that sheet');

      // A turn: the page is the next turn's.
      const step = Number(/data-step="(\d+)"/.exec(p1.served)![1]);
      const r = await b.postJson(`/games/${id}/ready`, { ready: true });
      assert.equal(r.status, 200, r.text);
      await waitForStep(tp, id, step + 1);
      const next = (await b.get(path)).text;
      assert.equal(/data-step="(\d+)"/.exec(next)?.[1], String(step + 1), 'after the turn the page is the next turn\'s');
      assert.doesNotMatch(next, /INI 10 20 30/, 'with an empty sheet');
      clearOrderPageCache();
      assert.equal((await b.get(path)).text, next, 'after the turn, the page served is the page drawn afresh');
    });
  });
}
