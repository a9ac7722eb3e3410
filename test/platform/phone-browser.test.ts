/**
 * Pages at 390 px (a phone) and at 1366 px, in Chromium: no sideways scrolling on the order pages
 * of both rulesets, the lobby and the games list (issue 13 §7). The widest element is named when a
 * page overflows. Screenshots of the phone order pages: test/artifacts/orders-*-390.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { startTestPlatform, type TestPlatform } from './util.ts';
import { logIn, newUser, type TestUser as U } from './users.ts';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);

/** The page's width as scrolled, and the element sticking out furthest (for the message). */
async function overflow(p: Page): Promise<{ width: number; widest: string }> {
  // A string, run as it is in the page (the test's compiler would add helpers the page lacks).
  return p.evaluate(`(() => {
    const vw = document.documentElement.clientWidth;
    let widest = '';
    let max = vw;
    // Content inside a scrolling box (a map's frame, a wide table's wrapper) scrolls there: skipped.
    function clipped(el) {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(a).overflowX)) return true;
      }
      return false;
    }
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const r = el.getBoundingClientRect();
      if (r.right > vw + 0.5 && !clipped(el) && r.right >= max) {
        max = r.right;
        widest = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className ? '.' + el.className.split(' ').join('.') : '') + ' (' + Math.round(r.right) + ' px)';
      }
    }
    return { width: document.documentElement.scrollWidth, widest };
  })()`);
}

describe('pages at 390 px and 1366 px', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let alice: U;
  let gp: number, ak: number;
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite');
    chromium = await launchBrowser();
    alice = await newUser(tp, 'alice_phone');
    const bob = await newUser(tp, 'bob_phone');
    const ctx = tp.platform.ctx;
    gp = await games.create(ctx, { ruleset: 'gloire-et-pouvoir', name: 'Téléphone', options: { map: 'scandinavia' }, seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2 });
    ak = await games.create(ctx, { ruleset: 'adventurer-kings', name: 'Royaumes de poche', options: {}, seats: [{ userId: alice.id, lordName: 'Tilden' }, { userId: bob.id, lordName: 'Strahd' }], maxPlayers: 2 });
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  for (const width of [390, 1366]) {
    test(`at ${width} px: no sideways scrolling on the order pages, the lobby and the games list`, async () => {
      const bctx = await chromium.newContext({ viewport: { width, height: 844 }, locale: 'fr-FR' });
      const p = watchErrors(await bctx.newPage(), errors);
      await logIn(p, tp.url, alice);
      for (const [name, path] of [['orders-gp', `/games/${gp}/orders`], ['orders-ak', `/games/${ak}/orders`], ['lobby', '/lobby'], ['games', '/games'], ['home', '/']] as const) {
        await p.goto(`${tp.url}${path}`);
        const o = await overflow(p);
        // One pixel of rounding allowed (fractional layout widths round up in scrollWidth); any
        // element really sticking out is named.
        assert.ok(o.width <= width + 1 && o.widest === '', `${path} at ${width} px is ${o.width} px wide; widest: ${o.widest}`);
        if (width === 390 && name.startsWith('orders')) await p.screenshot({ path: new URL(`${name}-390.png`, ARTIFACTS).pathname });
        // Each ruleset's own words: no « bilan » or « seigneur » on an Adventurer Kings page.
        if (name === 'orders-ak') assert.doesNotMatch(await p.locator('main').innerText(), /bilan|seigneur/i);
        if (name === 'orders-gp') assert.match(await p.locator('.crumbs').innerText(), /Mes bilans/);
      }
      await bctx.close();
      assert.deepEqual(errors, []);
    });
  }
});
