/**
 * The map and the players' tools in a real browser (Debian's Chromium): a lord clicks through his
 * map (what he knows of a territory), picks a knight and gives a MOV and an ATT from the map
 * (written to his sheet, accepted by the referee), uses the Grand Argentier and the battle
 * simulator; his turn report arrives by mail with the map as an inline PNG; and a screenshot of
 * the map of each theatre is written to test/artifacts/ (kept in the repository, reviewed by eye).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { startTestPlatform, type TestPlatform, stateOf, waitForStep } from './util.ts';
import { newUser, logIn, type TestUser as U } from './users.ts';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');




type S = { territories: Record<string, { owner: string | null }>; lords: Record<string, { lordKnight: string; treasury: number }>; knights: Record<string, { location: string; army: number | null }> };

/** A real mouse click on a territory, at its name (names sit inside their shapes). */
async function clickRegion(page: Page, id: string): Promise<void> {
  const box = await page.evaluate((rid) => {
    const path = document.querySelector(`.map-frame path.region[data-region="${rid}"]`) as SVGPathElement | null;
    if (!path) return null;
    const name = path.querySelector('title')!.textContent;
    const label = [...document.querySelectorAll('.map-frame g.labels text')].find((t) => t.textContent === name) as SVGTextElement;
    label.scrollIntoView({ block: 'center', inline: 'center' });
    const r = label.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height * 0.25 };
  }, id);
  assert.ok(box, `no region ${id} on the map`);
  await page.mouse.click(box.x, box.y);
}

describe('maps and tools in a real browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let alice: U;
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite', { tickMs: 100 });
    chromium = await launchBrowser();
    alice = await newUser(tp, 'alice_cartographe');
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  const watch = (p: Page): Page => watchErrors(p, errors);

  test('click through the map, give a MOV and an ATT from it, use the Argentier and the simulator; the report mail carries the map', { timeout: 180_000 }, async () => {
    const ctx = tp.platform.ctx;
    const bots = Array.from({ length: 9 }, (_, i) => ({ userId: null, lordName: `Baron ${i + 1}` }));
    const gameId = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Cartes du Nord', options: { map: 'scandinavia' }, seed: 'maps-browser',
      seats: [{ userId: alice.id, lordName: 'Aliénor' }, ...bots], maxPlayers: 10, early: true,
    });
    const player = (await tp.db.one<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, alice.id]))!.player;
    let s = await stateOf<S>(tp, gameId);
    const lk = s.lords[player]!.lordKnight;
    const homeId = s.knights[lk]!.location;
    // Turn 1: a levy for the lord-knight, so that he has men to attack with.
    const saved = await games.saveSheet(ctx, gameId, player, `ARM ${homeId} 3000 ${lk}`);
    assert.deepEqual(saved.issues, []);
    await games.setReady(ctx, gameId, player, true);
    // Resolved by the scheduler (tickMs 100) or by waitForStep's call, whichever claims it first.
    await waitForStep(tp, gameId, 1);
    s = await stateOf<S>(tp, gameId);
    assert.ok(s.knights[lk]!.army !== null, 'the lord-knight has an army');

    // The report mail carries the map as an inline PNG.
    const mail = await tp.smtp.waitFor((m) => m.to.includes(alice.email) && /BILAN/.test(m.subject), 20_000);
    assert.match(mail.html ?? '', /<img src="cid:map@suzerain"/);
    const png = mail.attachments.find((a) => a.mimeType === 'image/png');
    assert.ok(png, 'a PNG is attached');
    assert.equal(png.contentId?.replace(/[<>]/g, ''), 'map@suzerain');
    assert.deepEqual([...png.content.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
    assert.ok(png.content.length > 20_000, `a real drawing (${png.content.length} bytes)`);
    writeFileSync(join(ARTIFACTS, 'map-scandinavia-mail.png'), png.content);
    const left = await tp.db.one<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE map_svg IS NOT NULL AND sent_at IS NOT NULL');
    assert.equal(left!.n, 0, 'the drawing is dropped once the mail is sent');

    const page = watch(await (await chromium.newContext({ viewport: { width: 1500, height: 1100 } })).newPage());
    await logIn(page, tp.url, alice);
    await page.goto(`${tp.url}/games/${gameId}/orders`);
    assert.equal(await page.locator('.map-frame path.region').count(), 45);

    // Click on his home: what he knows of it.
    await clickRegion(page, homeId);
    await page.waitForFunction(() => /Population/.test(document.getElementById('map-info')!.textContent ?? ''));
    const info = await page.locator('#map-info').textContent();
    assert.match(info!, /Aliénor/);
    assert.match(info!, /Coefficient d’imposition/);
    assert.match(info!, /Voisins/);

    // Pick the lord-knight: the territories where he has an order light up.
    const options = await page.locator('#map-unit option').allTextContents();
    assert.ok(options.some((o) => o.includes('chevalier-seigneur')));
    await page.selectOption('#map-unit', lk);
    assert.ok(await page.locator('.map-frame path.region.target').count() >= 2);
    const data = JSON.parse(await page.locator('#map-data').textContent() ?? '{}') as { units: { id: string; actions: { region: string; code: string }[] }[] };
    const unit = data.units.find((u) => u.id === lk)!;
    const movTo = unit.actions.find((a) => a.code === 'MOV')!.region;
    const attOn = unit.actions.find((a) => a.code === 'ATT' && a.region !== movTo && a.region !== homeId)?.region
      ?? unit.actions.find((a) => a.code === 'ATT')!.region;

    // MOV from the map.
    await clickRegion(page, movTo);
    await page.locator('#map-actions .map-action[data-code="MOV"] button').click();
    await page.waitForFunction(() => /^MOV /m.test((document.getElementById('sheet-text') as HTMLTextAreaElement).value));
    // ATT from the map, with a retreat threshold.
    await clickRegion(page, attOn);
    const att = page.locator('#map-actions .map-action[data-code="ATT"]').first();
    await att.locator('input').fill('100');
    await att.locator('button').click();
    await page.waitForFunction(() => /^ATT .* 100$/m.test((document.getElementById('sheet-text') as HTMLTextAreaElement).value));
    // Saved (the page saves as it goes), and accepted by the referee.
    let sheet = await games.sheet(ctx, gameId, player);
    for (let i = 0; i < 200 && !/^ATT .* 100$/m.test(sheet.text); i++) {
      await new Promise((r) => setTimeout(r, 50));
      sheet = await games.sheet(ctx, gameId, player);
    }
    assert.match(sheet.text, /^MOV /m);
    assert.match(sheet.text, /^ATT .* 100$/m);
    assert.deepEqual(sheet.issues, []);
    const lines = (sheet.value as { lines: { order: { code: string; territory?: string } }[] }).lines;
    assert.deepEqual(lines.map((l) => [l.order.code, l.order.territory]), [['MOV', movTo], ['ATT', attOn]]);

    // The Grand Argentier: tax 5 on his home, see what the economy phase makes of it.
    await page.goto(`${tp.url}/games/${gameId}/tools/argentier`);
    await page.locator(`input[name="imp:${homeId}"]`).fill('5');
    await Promise.all([page.waitForURL(/imp%3A|imp:/), page.click('#tool-form button[type=submit]')]);
    const result = await page.locator('#tool-result').textContent();
    assert.ok(result && result.length > 50, 'the planner shows a result');
    assert.match(result!, /\d/);
    writeFileSync(join(ARTIFACTS, 'tool-argentier.png'), await page.screenshot({ fullPage: true }));

    // The battle simulator, on the territory he means to attack.
    await page.goto(`${tp.url}/games/${gameId}/tools/battle`);
    const targets = await page.locator('select[name="target"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    assert.ok(targets.includes(attOn));
    await page.selectOption('select[name="target"]', attOn); // a choice recomputes at once
    await page.waitForURL(/target=/);
    await page.fill('input[name="runs"]', '200');
    await Promise.all([page.waitForURL(/runs=200/), page.click('#tool-form button[type=submit]')]);
    const sim = await page.locator('#tool-result').textContent();
    assert.match(sim!, /%/);
    assert.ok(await page.locator('#tool-result .bar-row').count() >= 3, 'the distribution is drawn');
    writeFileSync(join(ARTIFACTS, 'tool-battle.png'), await page.screenshot({ fullPage: true }));

    assert.deepEqual(errors, []);
  });

  for (const [map, lords] of [['scandinavia', 10], ['middle-east', 20], ['europe', 30]] as const) {
    test(`the map of ${map}, as a lord sees it (screenshot in test/artifacts)`, { timeout: 120_000 }, async () => {
      const ctx = tp.platform.ctx;
      const u = await newUser(tp, `carto_${map.replace('-', '_')}`);
      const bots = Array.from({ length: lords - 1 }, (_, i) => ({ userId: null, lordName: `Seigneur ${i + 2}` }));
      const gameId = await games.create(ctx, {
        ruleset: 'gloire-et-pouvoir', name: `Carte ${map}`, options: { map }, seed: `artifacts-${map}`,
        seats: [{ userId: u.id, lordName: 'Seigneur 1' }, ...bots], maxPlayers: lords, early: true,
      });
      const player = (await tp.db.one<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, u.id]))!.player;
      // Two turns of bot play (the lord's seat too, by his own sheet) so that the map has owners and forces.
      for (let turn = 0; turn < 2; turn++) {
        const s = await stateOf<S>(tp, gameId);
        const lk = s.lords[player]!.lordKnight;
        const home = Object.entries(s.territories).find(([, t]) => t.owner === player)![0];
        await games.saveSheet(ctx, gameId, player, turn === 0 ? `ARM ${home} 2000 ${lk}\nESP ${Object.keys(s.territories).find((t) => s.territories[t]!.owner && s.territories[t]!.owner !== player)}` : `GAR ${lk} 100`);
        await games.setReady(ctx, gameId, player, true);
        await waitForStep(tp, gameId, turn + 1);
      }
      const page = watch(await (await chromium.newContext({ viewport: { width: 1700, height: 1400 }, deviceScaleFactor: 1.5 })).newPage());
      await logIn(page, tp.url, u);
      await page.goto(`${tp.url}/games/${gameId}/map`);
      const n = await page.locator('.map-frame path.region').count();
      assert.equal(n, { scandinavia: 45, 'middle-east': 80, europe: 151 }[map]);
      await page.addStyleTag({ content: '.map-frame { max-height: none !important; overflow: visible !important; }' });
      const shot = await page.locator('.map-frame svg').screenshot();
      writeFileSync(join(ARTIFACTS, `map-${map}.png`), shot);
      assert.ok(shot.length > 50_000, `a real drawing (${shot.length} bytes)`);
      // The server-rendered PNG of the same map (what mails carry).
      const png = await page.request.get(`${tp.url}/games/${gameId}/map.png`);
      assert.equal(png.status(), 200);
      assert.equal(png.headers()['content-type'], 'image/png');
      assert.deepEqual(errors, []);
    });
  }
});
