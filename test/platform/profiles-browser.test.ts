/**
 * A player's profile and an archived game in a real browser (Debian's Chromium), at 1366 px and
 * at 390 px (a phone): the profile shows his reliability and his games per ruleset; a finished
 * game's page names its winner and links every turn; a turn page shows the public map and every
 * player's report; another player's report opens for an anonymous visitor. No page scrolls
 * sideways, and the browser logs no error. Screenshots: test/artifacts/profile-<width>.png,
 * archive-game-<width>.png, archive-turn-<width>.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { playerOf, startTestPlatform, type TestPlatform } from './util.ts';
import { newUser, type TestUser } from './users.ts';
import { endByAbdication, resolveTurn } from './archive-fixtures.ts';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

describe('a profile and an archived game in a real browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let alice: TestUser;
  let bob: TestUser;
  let gameId: number;
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite');
    chromium = await launchBrowser();
    alice = await newUser(tp, 'prof_browser_alice', 'fr');
    bob = await newUser(tp, 'prof_browser_bob', 'en');
    mkdirSync(ARTIFACTS, { recursive: true });
    const ctx = tp.platform.ctx;
    gameId = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Chronique du Nord', options: { map: 'scandinavia' }, seed: 'profiles-browser',
      seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: false,
    });
    await games.saveSheet(ctx, gameId, await playerOf(tp, gameId, alice.id), 'Bonjour');
    await resolveTurn(tp, gameId);
    await games.saveSheet(ctx, gameId, await playerOf(tp, gameId, alice.id), 'Bonjour encore');
    await endByAbdication(tp, gameId, bob);
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  const noSideways = (p: Page) => p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));

  for (const width of [1366, 390]) {
    test(`at ${width} px: the profile, the archived game, a turn and another player's report`, { timeout: 120_000 }, async () => {
      const context = await chromium.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, locale: 'fr-FR' });
      const page = watchErrors(await context.newPage(), errors);
      // An anonymous visitor reads Alice's profile.
      await page.goto(`${tp.url}/players/${alice.login}`);
      assert.equal(await page.locator('h1').innerText(), `Profil de ${alice.login}`);
      assert.equal(await page.locator('#profile-reliability .reliability').innerText(), '100 %');
      const row = (await page.locator('#profile-counts tr[data-ruleset="gloire-et-pouvoir"] td').allInnerTexts()).map((x) => x.trim());
      assert.deepEqual(row.slice(1), ['1', '1', '1'], 'played, finished, won');
      assert.ok(await page.locator('#profile-list a', { hasText: 'Chronique du Nord' }).count() === 1);
      let w = await noSideways(page);
      assert.ok(w.scroll <= w.inner, `profile: no sideways scrolling (${w.scroll} > ${w.inner})`);
      await page.screenshot({ path: join(ARTIFACTS, `profile-${width}.png`), fullPage: true });

      // The archived game: its winner and its turns.
      await page.click('#profile-list a:has-text("Chronique du Nord")');
      await page.waitForURL(`**/games/${gameId}`);
      assert.match(await page.locator('#archive-winners').innerText(), /Aliénor/);
      assert.ok(await page.locator(`a[href="/games/${gameId}/turns/1"]`).count() === 1);
      w = await noSideways(page);
      assert.ok(w.scroll <= w.inner, `game: no sideways scrolling (${w.scroll} > ${w.inner})`);
      await page.screenshot({ path: join(ARTIFACTS, `archive-game-${width}.png`), fullPage: true });

      // Turn 1: the public map and the reports of both players; Bohémond's report opens.
      await page.click(`a[href="/games/${gameId}/turns/1"]`);
      await page.waitForURL(`**/games/${gameId}/turns/1`);
      assert.ok(await page.locator('#turn-map svg').count() === 1, 'the public map of the turn');
      assert.equal(await page.locator('#turn-reports li').count(), 2);
      w = await noSideways(page);
      assert.ok(w.scroll <= w.inner, `turn: no sideways scrolling (${w.scroll} > ${w.inner})`);
      await page.screenshot({ path: join(ARTIFACTS, `archive-turn-${width}.png`), fullPage: true });
      await page.click('#turn-reports li:has-text("Bohémond") a >> nth=0');
      await page.waitForURL(/\/turns\/1\/[^/]+$/);
      assert.ok((await page.locator('article.report').innerText()).trim().length > 50, 'the report is readable');
      await context.close();
    });
  }

  test('the browser logged no error', () => {
    assert.deepEqual(errors, []);
  });
});
