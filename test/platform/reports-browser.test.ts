/**
 * Report pages in a real browser (Debian's Chromium), at 1366 px and at 390 px (a phone), for an
 * Adventurer Kings and a Gloire & Pouvoir game after their first resolution: the game page shows
 * the "resolved — read your report" banner, its link opens the report, the report reads as a
 * document (headings, tables in their own scrolling box) with the map of that turn and the
 * next-orders button, the page never scrolls sideways (scrollWidth <= innerWidth), and the banner
 * is gone once the report has been opened. Screenshots: test/artifacts/report-<ruleset>-<width>.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { startTestPlatform, playerOf, waitForStep, type TestPlatform } from './util.ts';
import { logIn, newUser, type TestUser } from './users.ts';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
const RULESETS = [
  { id: 'adventurer-kings', short: 'ak', map: 'standard' },
  { id: 'gloire-et-pouvoir', short: 'gp', map: 'scandinavia' },
] as const;

describe('report pages in a real browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let alice: TestUser;
  const errors: string[] = [];
  const ids: Record<string, number> = {};

  before(async () => {
    tp = await startTestPlatform('pglite');
    chromium = await launchBrowser();
    alice = await newUser(tp, 'rep_browser_alice', 'fr');
    const bob = await newUser(tp, 'rep_browser_bob', 'en');
    mkdirSync(ARTIFACTS, { recursive: true });
    const ctx = tp.platform.ctx;
    for (const r of RULESETS) {
      const id = await games.create(ctx, {
        ruleset: r.id, name: `Vitrine ${r.short}`, options: { map: r.map }, seed: `report-browser-${r.short}`,
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: true,
      });
      await games.setReady(ctx, id, await playerOf(tp, id, alice.id), true);
      await games.setReady(ctx, id, await playerOf(tp, id, bob.id), true);
      await waitForStep(tp, id, 1);
      ids[r.id] = id;
    }
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  const noSideways = (p: Page) => p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));

  for (const width of [1366, 390]) {
    test(`at ${width} px: banner, report with its map and tables, no sideways scrolling, banner gone once read`, { timeout: 120_000 }, async () => {
      const context = await chromium.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, locale: 'fr-FR' });
      const page = watchErrors(await context.newPage(), errors);
      await logIn(page, tp.url, alice);
      for (const r of RULESETS) {
        const id = ids[r.id]!;
        // At 1366 px she has not opened it yet: the banner leads to it. At 390 px it is read already.
        await page.goto(`${tp.url}/games/${id}`);
        const banner = page.locator('#report-banner a');
        if (width === 1366) {
          await banner.waitFor();
          assert.match(await banner.innerText(), /1 : la résolution est faite — lisez votre rapport/);
          await Promise.all([page.waitForURL(`**/games/${id}/reports/1`), banner.click()]);
        } else {
          assert.equal(await banner.count(), 0, 'read at 1366 px: no banner');
          await page.goto(`${tp.url}/games/${id}/reports/1`);
        }
        await page.locator('article.report > *').first().waitFor();
        assert.ok(await page.locator('article.report .table-wrap table').count() > 0 || r.id === 'gloire-et-pouvoir', 'tables in their box');
        assert.equal(await page.locator('pre.report').count(), 0);
        const map = page.locator('#report-map svg');
        await map.waitFor();
        // The map's box fits the screen (on a phone the map scrolls sideways inside it), and its
        // names are drawn at 9.5 CSS px at least (issue 22 §3).
        const frame = (await page.locator('#report-map .report-map-frame').boundingBox())!;
        assert.ok(frame.width > 200 && frame.x >= 0 && frame.x + frame.width <= width, `the map's box fits the screen (${frame.x} + ${frame.width} px)`);
        const names = await map.evaluate((svg) => [...svg.querySelectorAll('g.labels text')].map((t) => ({
          name: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * (t as SVGGraphicsElement).getScreenCTM()!.a,
        })));
        assert.ok(names.length > 10, `the map's names: ${names.length}`);
        const small = names.filter((n) => n.px < 9.5);
        assert.deepEqual(small, [], `names under 9.5 px at ${width} px`);
        if (width === 390) {
          assert.ok(await page.locator('#report-map .report-map-frame').evaluate((el) => el.scrollWidth > el.clientWidth), 'the map scrolls in its box');
          assert.equal(await page.locator('#report-map .report-map-frame').getAttribute('tabindex'), '0', 'a keyboard stop (static/a11y.js)');
        }
        assert.ok(await page.locator('#next-orders').isVisible(), 'next-orders button');
        const { scroll, inner } = await noSideways(page);
        assert.ok(scroll <= inner, `${r.id} report at ${width} px scrolls sideways: ${scroll} > ${inner}`);
        // A table wider than a phone scrolls in its own box, not the page.
        for (const wrap of await page.locator('article.report .table-wrap').all()) {
          const w = await wrap.evaluate((el) => el.getBoundingClientRect().width);
          assert.ok(w <= inner, `a table box of ${w} px`);
        }
        await page.screenshot({ path: join(ARTIFACTS, `report-${r.short}-${width}.png`), fullPage: true });
        // Once opened, the game page has no banner any more.
        await page.goto(`${tp.url}/games/${id}`);
        assert.equal(await page.locator('#report-banner').count(), 0, 'banner gone');
      }
      await context.close();
      assert.deepEqual(errors, []);
    });
  }
});
