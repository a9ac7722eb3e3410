/**
 * Issue 13 §4 in a real browser (Debian's Chromium), at 1366 px and at 390 px wide:
 *
 * - Gloire & Pouvoir, turn 1: the lord-knight has no men, so the map offers no attack; the lord
 *   levies from the map (ARM), the map reads the saved sheet and now offers ATT, which he writes
 *   from the map too — the rulebook's levy-then-attack sheet, accepted without a warning;
 * - a levy beyond the treasury is kept with a warning (in French), marked in the gutter, and
 *   "ready" says so once before a second click confirms;
 * - Adventurer Kings: the guided form is a picker that fits (less than two screens tall), and its
 *   RE entry writes `RE <type> pour <commander>`, accepted.
 *
 * Screenshots of the order pages: test/artifacts/forms-*.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { gloireEtPouvoir as gp } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import type { GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { startTestPlatform, type TestPlatform, stateOf, playerOf } from './util.ts';
import { newUser, logIn, type TestUser as U } from './users.ts';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');
const WIDTHS = [{ width: 1366, height: 900 }, { width: 390, height: 844 }];

/** A click on a territory of the map (on its shape, as map.js reads it). */
async function clickRegion(page: Page, id: string): Promise<void> {
  const found = await page.evaluate((rid) => {
    const path = document.querySelector(`.map-frame path.region[data-region="${rid}"]`);
    if (!path) return false;
    path.scrollIntoView({ block: 'center', inline: 'center' });
    path.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    return true;
  }, id);
  assert.ok(found, `no region ${id} on the map`);
}

const sheetText = (page: Page) => page.locator('#sheet-text').inputValue();
const unitsVersion = (page: Page) => page.evaluate(() => Number(document.getElementById('map-widget')!.getAttribute('data-units-version') ?? '0'));

describe('forms and maps agree with the referee, in a real browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  const users: U[] = [];
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite', { tickMs: 100 });
    chromium = await launchBrowser();
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  for (const vp of WIDTHS) {
    test(`G&P turn 1 at ${vp.width} px: levy then attack written from the map; a warned line and "ready"`, { timeout: 180_000 }, async () => {
      const ctx = tp.platform.ctx;
      const alice = await newUser(tp, `forms_gp_${vp.width}`, 'fr');
      users.push(alice);
      const gameId = await games.create(ctx, {
        ruleset: 'gloire-et-pouvoir', name: `Levée ${vp.width}`, options: { map: 'scandinavia' }, seed: 'forms-browser',
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: null, lordName: 'Baron 1' }, { userId: null, lordName: 'Baron 2' }], maxPlayers: 3, early: false,
      });
      const player = await playerOf(tp, gameId, alice.id);
      const s = await stateOf<GPState>(tp, gameId);
      const lk = s.lords[player]!.lordKnight;
      const home = s.knights[lk]!.location;

      const page = watchErrors(await (await chromium.newContext({ viewport: vp })).newPage(), errors);
      await logIn(page, tp.url, alice);
      await page.goto(`${tp.url}/games/${gameId}/orders`);
      const before = JSON.parse(await page.locator('#map-data').textContent() ?? '{}') as { units: { id: string; actions: { code: string }[] }[] };
      assert.ok(!before.units.find((u) => u.id === lk)!.actions.some((a) => a.code === 'ATT'), 'turn 1, no men: no attack offered');

      // ARM from the map, on his home.
      await page.selectOption('#map-unit', lk);
      await clickRegion(page, home);
      const arm = page.locator('#map-actions .map-action[data-code="ARM"]');
      await arm.locator('input').fill('1000');
      const v0 = await unitsVersion(page);
      await arm.locator('button').click();
      await page.waitForFunction((l) => (document.getElementById('sheet-text') as HTMLTextAreaElement).value.startsWith(l), 'ARM ');
      // The sheet is saved and the map orders reloaded: ATT is now offered on a neighbour.
      await page.waitForFunction((v) => Number(document.getElementById('map-widget')!.getAttribute('data-units-version') ?? '0') > v, v0, { timeout: 15_000 });
      const levied = gp.validate(s, player, 'orders', await sheetText(page));
      const target = gp.mapDoc!(s, player, 'fr', levied.value).units.find((u) => u.id === lk)!.actions.find((a) => a.code === 'ATT')!.region;
      await clickRegion(page, target);
      const att = page.locator('#map-actions .map-action[data-code="ATT"]');
      await att.waitFor();
      await att.locator('input').fill('0');
      await att.locator('button').click();
      await page.waitForFunction(() => /^ATT /m.test((document.getElementById('sheet-text') as HTMLTextAreaElement).value));
      let sheet = await games.sheet(ctx, gameId, player);
      await page.waitForFunction(() => /Enregistrée|Saved/.test(document.getElementById('save-status')!.textContent ?? ''));
      await page.locator('#save-status').filter({ hasText: /\d\d:\d\d/ }).waitFor();
      sheet = await games.sheet(ctx, gameId, player);
      assert.deepEqual(sheet.text.trim().split('\n').map((l) => l.split(' ')[0]), ['ARM', 'ATT'], 'levy then attack, from the map');
      assert.deepEqual(sheet.issues, [], 'accepted, with no warning');
      assert.ok(await page.locator('#no-issues').isVisible());
      await page.screenshot({ path: join(ARTIFACTS, `forms-gp-orders-${vp.width}.png`), fullPage: false });

      // The map orders after the saved sheet, for the member only.
      const mine = await page.request.get(`${tp.url}/api/games/${gameId}/map-units`, { headers: { accept: 'application/json' } });
      assert.equal(mine.status(), 200);
      const units = (await mine.json() as { units: { id: string; actions: { code: string }[] }[] }).units;
      assert.ok(units.find((u) => u.id === lk)!.actions.some((a) => a.code === 'ATT'));
      const anonymous = await fetch(`${tp.url}/api/games/${gameId}/map-units`, { headers: { accept: 'application/json' } });
      assert.equal(anonymous.status, 404, 'nobody else reads them');

      // No issue: "ready" at once.
      await page.click('#ready-button');
      await page.waitForFunction(() => document.getElementById('ready-form')!.classList.contains('is-ready'));
      assert.ok(await page.locator('#ready-warning').isHidden());
      await page.click('#ready-button');
      await page.waitForFunction(() => !document.getElementById('ready-form')!.classList.contains('is-ready'));

      // A levy far beyond the treasury: kept, with a warning in French, marked in the gutter.
      await page.locator('#sheet-text').press('Control+End');
      await page.locator('#sheet-text').pressSequentially(`ARM ${home} 999999\n`);
      const warned = page.locator('#issues li.warn[data-line="3"]');
      await warned.waitFor({ timeout: 15_000 });
      assert.match(await warned.textContent() ?? '', /avertissement.*risque d’être annulé : trésor insuffisant/);
      assert.equal(await page.locator('#sheet-gutter span.warn').textContent(), '3');
      sheet = await games.sheet(ctx, gameId, player);
      assert.equal(sheet.issues.length, 1);
      assert.equal(sheet.issues[0]!.severity, 'warning');
      assert.equal((sheet.value as { lines: unknown[] }).lines.length, 3, 'the warned line is kept');

      // "Ready" warns once; the second click confirms.
      await page.click('#ready-button');
      await page.locator('#ready-warning').waitFor();
      assert.match(await page.locator('#ready-warning').textContent() ?? '', /1 ligne a un avertissement/);
      assert.equal((await games.sheet(ctx, gameId, player)).ready, false, 'not ready after the first click');
      await page.locator('#ready-warning').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS, `forms-gp-ready-warning-${vp.width}.png`), fullPage: false });
      await page.click('#ready-button');
      await page.waitForFunction(() => document.getElementById('ready-form')!.classList.contains('is-ready'));
      assert.equal((await games.sheet(ctx, gameId, player)).ready, true);
      assert.deepEqual(errors, []);
    });

    test(`AK guided form at ${vp.width} px: a picker that fits, RE written with « pour », accepted`, { timeout: 180_000 }, async () => {
      const ctx = tp.platform.ctx;
      const alice = await newUser(tp, `forms_ak_${vp.width}`, 'fr');
      const bob = await newUser(tp, `forms_akb_${vp.width}`, 'en');
      const gameId = await games.create(ctx, {
        ruleset: 'adventurer-kings', name: `Rois ${vp.width}`, options: { map: 'standard' }, seed: 'forms-ak',
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: false,
      });
      const player = await playerOf(tp, gameId, alice.id);
      const s = await stateOf<AKState>(tp, gameId);
      const king = s.characters[Object.values(s.kingdoms).find((k) => k.player === player)!.king]!;

      const page = watchErrors(await (await chromium.newContext({ viewport: vp })).newPage(), errors);
      await logIn(page, tp.url, alice);
      await page.goto(`${tp.url}/games/${gameId}/orders`);
      const guided = await page.locator('section.guided').boundingBox();
      assert.ok(guided, 'the guided form is there');
      assert.ok(guided.height < 2 * vp.height, `the guided form fits: ${Math.round(guided.height)} px tall for a ${vp.height} px screen`);
      assert.equal(await page.locator('section.guided .entry:visible').count(), 1, 'one entry at a time');

      // The King, phase 1, Recruit: the type and the commander are chosen in lists.
      const re = page.locator(`.entry[data-code="${king.id}.1 RE"]`);
      const pick = (await re.getAttribute('data-pick'))!;
      const group = pick.split(':')[0]!;
      await page.selectOption('#pick-section', (await page.locator(`#pick-group option[value="${group}"]`).getAttribute('data-section'))!);
      await page.selectOption('#pick-group', group);
      await page.selectOption('#pick-entry', pick);
      assert.ok(await re.isVisible());
      await re.locator('select[data-name="types"]').selectOption('BO');
      await re.locator('select[data-name="commander"]').selectOption(String(king.id));
      await re.locator('button.add').click();
      const line = `${king.id}.1 RE BO pour ${king.id}`;
      await page.waitForFunction((l) => (document.getElementById('sheet-text') as HTMLTextAreaElement).value.split('\n').includes(l), line);
      await page.locator('#save-status').filter({ hasText: /\d\d:\d\d/ }).waitFor({ timeout: 15_000 });
      const sheet = await games.sheet(ctx, gameId, player);
      assert.deepEqual(sheet.issues.filter((i) => i.severity !== 'warning'), [], `"${line}" is accepted`);
      const value = sheet.value as { characters: Record<string, { phases: ({ code: string } | null)[] }> };
      assert.equal(value.characters[king.id]!.phases[0]?.code, 'RE');
      await page.locator('section.guided').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS, `forms-ak-orders-${vp.width}.png`), fullPage: false });
      assert.deepEqual(errors, []);
    });
  }
});
