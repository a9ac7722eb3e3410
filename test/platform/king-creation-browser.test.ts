/**
 * The King's creation in a real browser (Chromium): a player opens a private Adventurer Kings
 * game's page, fills the seat form (race, alignment, talents), is told beside the field what is
 * wrong (the focus can reach it, the values stay), corrects it and joins; his King is as chosen.
 * The running total of the talents follows the typing (seat-form.js).
 * Screenshots at desktop and phone widths: test/artifacts/king-join-*.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { startTestPlatform, type TestPlatform, stateOf, playerOf } from './util.ts';
import { newUser, logIn } from './users.ts';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
const WIDTHS = [{ width: 1366, height: 900 }, { width: 390, height: 844 }];

describe('King creation at join, in a real browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite');
    chromium = await launchBrowser();
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  for (const vp of WIDTHS) {
    test(`the join form at ${vp.width} px: a refused talent is marked beside its field, then the King joins as chosen`, { timeout: 180_000 }, async () => {
      const ctx = tp.platform.ctx;
      const host = await newUser(tp, `kb_host_${vp.width}`, 'fr');
      const joiner = await newUser(tp, `kb_join_${vp.width}`, 'fr');
      const gameId = await games.create(ctx, {
        ruleset: 'adventurer-kings', name: `Rois ${vp.width}`, options: { map: 'standard' }, seats: [{ userId: host.id, lordName: 'Aliénor' }],
        maxPlayers: 2, isPrivate: true, password: 'sesame',
      });
      const page = watchErrors(await (await chromium.newContext({ viewport: vp })).newPage(), errors);
      await logIn(page, tp.url, joiner);
      await page.goto(`${tp.url}/games/${gameId}`);
      await page.fill('input[name="lordName"]', 'Bérenger');
      await page.fill('input[name="password"]', 'sesame');
      await page.selectOption('#seat-adventurer-kings-race', 'Dwarf');
      await page.selectOption('#seat-adventurer-kings-alignment', 'Good');
      await page.fill('#seat-adventurer-kings-Ta', '2');
      await page.fill('#seat-adventurer-kings-Me', '2');
      await page.fill('#seat-adventurer-kings-Sa', '1');
      // The running total (seat-form.js): 5 of 4, marked before the form is even sent.
      assert.equal(await page.locator('#seat-adventurer-kings-talents .seat-total output').innerText(), '5');
      assert.ok(await page.locator('#seat-adventurer-kings-talents .seat-total.over').count() === 1);
      await Promise.all([page.waitForLoadState('load'), page.click('form[action$="/join"] button[type="submit"]')]);
      await page.waitForSelector('#seat-adventurer-kings-talents-error');
      assert.match(await page.locator('#seat-adventurer-kings-talents-error').innerText(), /5 niveaux de talent demandés : 4 au plus/);
      assert.equal(await page.locator('#seat-adventurer-kings-race').inputValue(), 'Dwarf', 'the choices typed are kept');
      assert.equal(await page.locator('#seat-adventurer-kings-Sa').inputValue(), '1');
      await page.locator('#seat-adventurer-kings-talents').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS, `king-join-error-${vp.width}.png`), fullPage: false });
      await page.fill('input[name="password"]', 'sesame');
      await page.fill('#seat-adventurer-kings-Sa', '');
      assert.equal(await page.locator('#seat-adventurer-kings-talents .seat-total output').innerText(), '4');
      assert.equal(await page.locator('#seat-adventurer-kings-talents .seat-total.over').count(), 0);
      await Promise.all([page.waitForURL(new RegExp(`/games/${gameId}$`)), page.click('form[action$="/join"] button[type="submit"]')]);
      assert.equal((await games.summary(ctx, gameId))!.status, 'running');
      const s = await stateOf<AKState>(tp, gameId);
      const p = await playerOf(tp, gameId, joiner.id);
      const king = s.characters[Object.values(s.kingdoms).find((k) => k.player === p)!.king]!;
      assert.deepEqual([king.name, king.race, king.alignment, king.talent.Ta, king.talent.Me], ['Bérenger', 'Dwarf', 'Good', 2, 2]);
      // The refused form comes back with status 400 (Chromium logs it); no script error otherwise.
      assert.deepEqual(errors.filter((e) => !/status of 400/.test(e)), []);
    });
  }
});
