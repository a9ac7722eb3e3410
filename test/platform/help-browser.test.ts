/**
 * The help pages in a real browser (Debian's Chromium), at 1366 px and at 390 px (a phone): no page
 * scrolls sideways (the order reference's tables and examples included); the table of contents and
 * the previous/next links lead through the pages; a code on a new game's order page opens its entry
 * in the reference, and the first-turn guide is one click away. Screenshots of the reference and
 * of a rules page and the glossary at both widths, and of the order page's help lines at 390 px, go to
 * test/artifacts/help-*.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { startTestPlatform, type TestPlatform } from './util.ts';
import { logIn, newUser } from './users.ts';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

/** How far the page scrolls sideways (0: not at all). */
const sideways = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Clicks a link and waits for the next page to be there: an evaluation run before it would find the
 * old document gone and no new one yet (`document.documentElement` null, seen under load).
 */
async function clickAway(page: Page, link: ReturnType<Page['locator']>): Promise<void> {
  const before = page.url();
  await Promise.all([page.waitForURL((u) => u.toString() !== before), link.click()]);
  await page.waitForLoadState('load');
}

describe('help pages in a real browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite', {}, { scheduler: false });
    chromium = await launchBrowser();
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  for (const width of [1366, 390]) {
    test(`at ${width} px every page fits the width, and the contents and previous/next links lead through them`, { timeout: 60_000 }, async () => {
      const page = watchErrors(await (await chromium.newContext({ viewport: { width, height: 900 } })).newPage(), errors);
      for (const rs of ['gloire-et-pouvoir', 'adventurer-kings']) {
        for (const lang of ['fr', 'en']) {
          await page.goto(`${tp.url}/help/${rs}?lang=${lang}`);
          const first = page.locator('ol.help-toc a').first();
          await clickAway(page, first);
          // Through the whole book by its "next" links, checking each page.
          const seen: string[] = [];
          for (let i = 0; i < 20; i++) {
            seen.push(new URL(page.url()).pathname.split('/').pop()!);
            assert.equal(await sideways(page), 0, `${rs}/${seen.at(-1)} (${lang}) at ${width} px: no sideways scroll`);
            const next = page.locator('a[rel="next"]');
            if (await next.count() === 0) break;
            await clickAway(page, next);
          }
          assert.deepEqual(seen.slice(-2), ['orders', 'glossary'], `${rs} (${lang}): the book ends with the reference and the glossary`);
          assert.ok(seen.length >= 7, `${rs} (${lang}): ${seen.join(', ')}`);
          await clickAway(page, page.locator('a[rel="prev"]'));
          assert.match(page.url(), /\/orders\?lang=/, 'previous leads back');
        }
      }
      // The reference at one entry (its syntax, example and common mistakes), and the glossary.
      await page.goto(`${tp.url}/help/gloire-et-pouvoir/orders?lang=fr#ATT`);
      await page.screenshot({ path: join(ARTIFACTS, `help-orders-${width}.png`), fullPage: false });
      await page.goto(`${tp.url}/help/adventurer-kings/glossary?lang=fr`);
      await page.screenshot({ path: join(ARTIFACTS, `help-ak-glossary-${width}.png`), fullPage: false });
      await page.goto(`${tp.url}/help/adventurer-kings/overview?lang=en`);
      await page.screenshot({ path: join(ARTIFACTS, `help-ak-overview-${width}.png`), fullPage: false });
      assert.deepEqual(errors, []);
    });
  }

  test('from a new game’s order page, a code opens its entry in the reference, and the first-turn guide is one click away', { timeout: 60_000 }, async () => {
    const u = await newUser(tp, 'help_browser', 'en');
    const o = await newUser(tp, 'help_browser_2', 'en');
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Help in the browser', options: { map: 'scandinavia' }, seed: 'help-browser',
      seats: [{ userId: u.id, lordName: 'Alienor' }, { userId: o.id, lordName: 'Baldwin' }], maxPlayers: 2, early: true,
    });
    const context = await chromium.newContext({ viewport: { width: 390, height: 900 } });
    const page = watchErrors(await context.newPage(), errors);
    await logIn(page, tp.url, u);
    await page.goto(`${tp.url}/games/${id}/orders`);
    // The help lines fit a phone's width (the order page's map is another matter, issue 13 §7).
    const widest = await page.evaluate(() => Math.max(...[...document.querySelectorAll('.help-first, .help-links')].map((e) => e.getBoundingClientRect().right)));
    assert.ok(widest > 0 && widest <= 390, `the help lines fit in 390 px (right edge ${widest})`);
    await page.locator('.help-first').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'help-order-page-390.png') });
    // ATT's group of the guided form (phase 7) is folded: open it as a player would.
    await page.locator('.entry[data-code="ATT"]').evaluate((e) => { (e.closest('details') as HTMLDetailsElement).open = true; });
    const [ref] = await Promise.all([context.waitForEvent('page'), page.locator('.entry[data-code="ATT"] a.help-code').click()]);
    await ref.waitForLoadState();
    assert.match(ref.url(), /\/help\/gloire-et-pouvoir\/orders#ATT$/);
    assert.ok(await ref.locator('#ATT h2').isVisible(), 'the ATT entry');
    assert.ok(await ref.evaluate(() => { const r = document.getElementById('ATT')!.getBoundingClientRect(); return r.top >= -1 && r.top < innerHeight; }), 'scrolled to the entry');
    await page.locator('.help-first a').click();
    assert.match(page.url(), /\/help\/gloire-et-pouvoir\/first-turn$/);
    assert.equal(await page.locator('h1').textContent(), 'Your first turn');
    assert.deepEqual(errors, []);
  });
});
