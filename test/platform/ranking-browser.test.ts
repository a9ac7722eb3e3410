/**
 * The permanent ranking's page in Chromium (seed 004 §12.4; src/platform/ranking/pages.ts): no
 * WCAG 2.1 A/AA violation (axe-core) and no sideways scrolling, on a wide screen and a phone, in
 * French, with a real ranking made by two finished games.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { rankFinishedGame } from '../../src/platform/ranking/service.ts';
import type { GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { stateOf, startTestPlatform, type TestPlatform } from './util.ts';
import { newUser } from './users.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const ARTIFACTS = new URL('../artifacts/', import.meta.url);

async function violations(p: Page): Promise<string[]> {
  await p.evaluate(AXE_SOURCE);
  return await p.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} }, resultTypes: ['violations'] })
    .then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')))`) as string[];
}

describe('the ranking page in the browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;

  before(async () => {
    tp = await startTestPlatform('pglite');
    chromium = await launchBrowser();
    const users = [];
    for (const name of ['Aliénor d’Aquitaine', 'Bohémond', 'Constance', 'Dreux']) users.push(await newUser(tp, name));
    for (const [i, order] of [['L1', 'L2', 'L3', 'L4'], ['L2', 'L1', 'L4', 'L3']].entries()) {
      const id = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: `Classée ${i}`, options: { map: 'scandinavia' }, maxPlayers: 4, early: false,
        seats: users.map((u, j) => ({ userId: u.id, lordName: `Seigneur ${i}-${j}` })),
      });
      const s = await stateOf<GPState>(tp, id);
      s.finished = true; s.king = order[0]!; s.victory = 'alliance';
      order.slice(1).forEach((l, k) => { s.lords[l]!.treasury = (4 - k) * 1_000_000; });
      await tp.db.query(`UPDATE games SET state = $2, status = 'finished' WHERE id = $1`, [id, JSON.stringify(s)]);
      await tp.db.tx((t) => rankFinishedGame(t, id, tp.clock.now));
    }
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  for (const width of [1200, 390]) {
    test(`/ranking at ${width} px: no axe violation, no sideways scrolling`, async () => {
      const errors: string[] = [];
      const p = watchErrors(await chromium.newPage({ viewport: { width, height: 900 }, locale: 'fr-FR' }), errors);
      await p.goto(`${tp.url}/ranking`);
      assert.match(await p.locator('caption#ranking-caption').innerText(), /Classement permanent — Toutes les règles/);
      assert.equal(await p.locator('table', { has: p.locator('#ranking-caption') }).locator('tbody tr').count(), 4);
      assert.deepEqual(await violations(p), []);
      const w = await p.evaluate('document.documentElement.scrollWidth') as number;
      assert.ok(w <= width + 1, `${w} px wide`);
      await p.screenshot({ path: new URL(`ranking-${width}.png`, ARTIFACTS).pathname, fullPage: true });
      assert.deepEqual(errors, []);
      await p.close();
    });
  }
});
