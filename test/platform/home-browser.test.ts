/**
 * The logged-in home page ("my games") in a real browser, at 1366 px and at 390 px: each game with
 * its deadline and a countdown that ticks, whether the player's orders are missing, saved or ready,
 * his unread reports, letters and forum posts (each counted, then gone once read), and the games
 * waiting on him first. Screenshots: test/artifacts/home-1366.png and home-390.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser as Chromium, Page } from 'playwright-core';
import { createThread as newLetter } from '../../src/platform/channels/letters.ts';
import { createThread as newForumThread } from '../../src/platform/channels/forum.ts';
import { games } from '../../src/platform/games/service.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { playerOf, startTestPlatform, waitForStep, type TestPlatform } from './util.ts';
import { logIn, newUser, type TestUser as U } from './users.ts';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);

describe('home page: my games', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let alice: U, bob: U;
  let reported: number, ready: number, akGame: number;
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite');
    // The countdown runs on the browser's clock: the platform's starts from the real time too.
    tp.clock.now = new Date();
    chromium = await launchBrowser();
    alice = await newUser(tp, 'alice_home');
    bob = await newUser(tp, 'bob_home', 'en');
    const ctx = tp.platform.ctx;
    const two = (name: string, early: boolean) => games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name, options: { map: 'scandinavia' }, early,
      seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2,
    });
    // "Chroniques": a turn resolved (a report to read), and alice has saved orders for the next one.
    reported = await two('Chroniques', true);
    const [pa, pb] = [await playerOf(tp, reported, alice.id), await playerOf(tp, reported, bob.id)];
    await games.setReady(ctx, reported, pa, true);
    await games.setReady(ctx, reported, pb, true);
    await waitForStep(tp, reported, 1);
    await games.saveSheet(ctx, reported, pa, '');
    // Bob writes her a letter and opens a forum thread there.
    await newLetter(ctx, { gameId: reported, player: pb, userId: bob.id, to: [pa], subject: 'Alliance ?', body: 'Alliés contre le nord ?' });
    await newForumThread(ctx, { gameId: reported, userId: bob.id, player: pb, lordName: 'Bohémond' }, { title: 'Bienvenue', body: 'Salut à tous.', outOfGame: false });
    // "Bataille": her orders are ready.
    ready = await two('Bataille', false);
    await games.setReady(ctx, ready, await playerOf(tp, ready, alice.id), true);
    // An Adventurer Kings game where nothing is given yet: her orders are missing.
    akGame = await games.create(ctx, {
      ruleset: 'adventurer-kings', name: 'Royaumes', options: {}, early: false,
      seats: [{ userId: alice.id, lordName: 'Tilden' }, { userId: bob.id, lordName: 'Strahd' }], maxPlayers: 2,
    });
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  async function open(width: number): Promise<Page> {
    const bctx = await chromium.newContext({ viewport: { width, height: 900 }, timezoneId: 'America/New_York', locale: 'fr-FR' });
    const p = watchErrors(await bctx.newPage(), errors);
    await logIn(p, tp.url, alice);
    await p.goto(`${tp.url}/`);
    return p;
  }

  for (const width of [1366, 390]) {
    test(`at ${width} px: games waiting first, order states, unread counts, a ticking countdown in the viewer's zone`, async () => {
      const p = await open(width);
      const cards = p.locator('li.my-game');
      // Waiting on her first: missing (AK), then saved (Chroniques); then ready (Bataille).
      assert.deepEqual(await cards.evaluateAll((els) => els.map((e) => [Number((e as HTMLElement).dataset.game), (e as HTMLElement).dataset.orders])),
        [[akGame, 'missing'], [reported, 'saved'], [ready, 'ready']]);
      assert.match(await p.locator('.due-count').innerText(), /^2 parties attendent vos ordres\.$/);
      const chron = p.locator(`li.my-game[data-game="${reported}"]`);
      assert.equal(await chron.locator('.unread-reports').innerText(), '1 nouveau bilan');
      assert.equal(await chron.locator('.unread-letters').innerText(), '1 lettre non lue');
      assert.equal(await chron.locator('.unread-posts').innerText(), '1 message non lu au forum');
      assert.match(await chron.locator('.meta').innerText(), /tour 2/, 'the turn label in French');
      // Adventurer Kings names its own reports: no "bilan" there.
      assert.match(await p.locator(`li.my-game[data-game="${akGame}"] .actions`).innerText(), /Mes rapports/);
      assert.equal(await p.locator(`li.my-game[data-game="${ready}"] .unread`).count(), 0);
      // The countdown runs in the browser: it changes from one second to the next.
      const cd = chron.locator('.countdown');
      await p.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-ticking') === '1', `li.my-game[data-game="${reported}"] .countdown`);
      const first = await cd.innerText();
      assert.match(first, /^encore (\d+ j )?(\d+ h )?\d+ min \d\d s$/);
      await p.waitForFunction(([sel, before]) => document.querySelector(sel as string)?.textContent !== before, [`li.my-game[data-game="${reported}"] .countdown`, first] as const);
      // The deadline in the viewer's own zone (the browser's), not the site's.
      assert.match(await chron.locator('.deadline time').innerText(), /America\/New_York/);
      // Nothing wider than the screen.
      assert.equal(await p.evaluate(() => document.documentElement.scrollWidth), width, 'no sideways scrolling');
      await p.screenshot({ path: new URL(`home-${width}.png`, ARTIFACTS).pathname, fullPage: true });
      await p.context().close();
    });
  }

  test('reading the report, the letter and the post clears their counts', async () => {
    const p = await open(1366);
    await p.goto(`${tp.url}/games/${reported}/reports/1`);
    await p.goto(`${tp.url}/games/${reported}/letters`);
    await p.locator('table a').first().click();
    await p.waitForURL(/letters\/\d+/);
    await p.goto(`${tp.url}/games/${reported}/forum`);
    await p.locator('table a').first().click();
    await p.waitForURL(/forum\/\d+/);
    await p.goto(`${tp.url}/`);
    assert.equal(await p.locator(`li.my-game[data-game="${reported}"] .unread`).count(), 0);
    await p.context().close();
    assert.deepEqual(errors, []);
  });
});
