/**
 * Adventurer Kings in a real browser (Debian's Chromium): a King logs in, opens his order page,
 * adds an order with the guided form (the line lands in the sheet), picks his King on the map,
 * clicks his hex (what he knows of it, the orders he may give there), clicks a neighbouring hex
 * and gives a MO from the map panel (the character block and the phase line are written to the
 * sheet), saves, marks himself ready and sees every line accepted. Then his map page is
 * screenshotted (test/artifacts/ak-map.png), the turn resolves, and the report mail's map, as
 * rasterised by the server, is kept too (test/artifacts/ak-map-mail.png). Fixed seed, clock and
 * viewport: the screenshots only change when the drawing does.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { neighbours } from '../../src/rulesets/adventurer-kings/world/geometry.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { startTestPlatform, type TestPlatform, stateOf, playerOf, waitForStep } from './util.ts';
import { newUser, logIn, type TestUser as U } from './users.ts';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

/** A real mouse click in the middle of a hex (a marker there belongs to the same hex). */
async function clickHex(page: Page, id: number): Promise<void> {
  const box = await page.evaluate((rid) => {
    const path = document.querySelector(`.map-frame path.region[data-region="${rid}"]`) as SVGPathElement | null;
    if (!path) return null;
    path.scrollIntoView({ block: 'center', inline: 'center' });
    const r = path.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height * 0.3 };
  }, String(id));
  assert.ok(box, `no hex ${id} on the map`);
  const hit = await page.evaluate(([x, y]) => (document.elementFromPoint(x!, y!)?.closest('[data-region]') as Element | null)?.getAttribute('data-region') ?? null, [box.x, box.y]);
  assert.equal(hit, String(id), `the click at the middle of hex ${id} lands on it`);
  await page.mouse.click(box.x, box.y);
}

const sheetText = (page: Page) => page.locator('#sheet-text').inputValue();

describe('Adventurer Kings in a real browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let alice: U;
  let bob: U;
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite', { tickMs: 100 });
    chromium = await launchBrowser();
    alice = await newUser(tp, 'ak_alice_browser', 'fr');
    bob = await newUser(tp, 'ak_bob_browser', 'en');
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  const watch = (p: Page): Page => watchErrors(p, errors);

  test('a King gives orders from the guided form and from the map, is accepted, and gets his map by mail', { timeout: 180_000 }, async () => {
    const ctx = tp.platform.ctx;
    const gameId = await games.create(ctx, {
      ruleset: 'adventurer-kings', name: 'Rois en vitrine', options: { map: 'standard' }, seed: 'ak-browser',
      seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: true,
    });
    const pa = await playerOf(tp, gameId, alice.id);
    const pb = await playerOf(tp, gameId, bob.id);
    const s = await stateOf<AKState>(tp, gameId);
    const ka = Object.values(s.kingdoms).find((k) => k.player === pa)!;
    const kb = Object.values(s.kingdoms).find((k) => k.player === pb)!;
    const king = s.characters[ka.king]!;
    assert.equal(king.province, ka.capital, 'the King starts in his capital');
    const here = s.provinces[king.province]!;
    // A land neighbour on the same side of the E–W seam (a hex the page draws next to his).
    const dest = neighbours(king.province).map((id) => s.provinces[id]!)
      .find((p) => p.terrain !== 'Sea' && Math.abs(p.col - here.col) <= 1)!;
    assert.ok(dest, 'a land neighbour to move to');

    const page = watch(await (await chromium.newContext({ viewport: { width: 1500, height: 1100 } })).newPage());
    await logIn(page, tp.url, alice);
    await page.goto(`${tp.url}/games/${gameId}/orders`);
    assert.equal(await page.locator('.map-frame path.region').count(), 162);
    assert.equal(await sheetText(page), '');

    // The guided form: phase 1 of the King, explore his capital.
    // The form is a picker (issue 13 §4): the character, his season, the order, one entry shown.
    const ex = page.locator(`.entry[data-code="${king.id}.1 EX"]`);
    const pick = (await ex.getAttribute('data-pick'))!;
    const section = (await page.locator(`#pick-group option[value="${pick.split(':')[0]}"]`).getAttribute('data-section'))!;
    await page.selectOption('#pick-section', section);
    await page.selectOption('#pick-group', pick.split(':')[0]!);
    await page.selectOption('#pick-entry', pick);
    assert.ok(await ex.isVisible(), 'the entry picked is shown');
    await ex.locator('select[data-name="province"]').selectOption(String(king.province));
    await ex.locator('button.add').click();
    await page.waitForFunction((line) => (document.getElementById('sheet-text') as HTMLTextAreaElement).value.split('\n').includes(line), `${king.id}.1 EX ${king.province}`);
    assert.match(await ex.locator('.entry-msg').textContent() ?? '', new RegExp(`${king.id}\\.1 EX ${king.province}`));

    // The map: pick the King, click his hex (what is known of it; EX and SP offered there).
    const options = await page.locator('#map-unit option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    assert.ok(options.includes(String(king.id)), 'the King is a piece of the map');
    await page.selectOption('#map-unit', String(king.id));
    assert.equal(await page.locator(`.map-frame path.region.origin[data-region="${king.province}"]`).count(), 1);
    assert.ok(await page.locator('.map-frame path.region.target').count() >= 3, 'his neighbours light up');
    await clickHex(page, king.province);
    await page.waitForFunction((name) => (document.getElementById('map-info')!.textContent ?? '').includes(name), king.name);
    const info = await page.locator('#map-info').textContent();
    assert.match(info!, /Exploration/);
    assert.match(info!, new RegExp(`${here.name ?? ''}.*\\(${king.province}\\)`));
    assert.deepEqual(await page.locator('#map-actions .map-action').evaluateAll((xs) => xs.map((x) => x.getAttribute('data-code'))), ['EX', 'SP']);

    // A neighbouring hex: MO there, in phase 2.
    await clickHex(page, dest.id);
    const mo = page.locator('#map-actions .map-action[data-code="MO"]');
    assert.equal(await mo.count(), 1);
    await mo.locator('input').fill('2');
    await mo.locator('button').click();
    const block = `PERSO ${king.id} ${king.name}\n2 MO ${dest.id}`;
    await page.waitForFunction((b) => (document.getElementById('sheet-text') as HTMLTextAreaElement).value.includes(b), block);
    assert.match(await page.locator('#map-written').textContent() ?? '', new RegExp(`MO ${dest.id}`));
    assert.equal(await sheetText(page), `${king.id}.1 EX ${king.province}\n${block}\n`);

    // Save, then ready: every line understood, no mark in the gutter.
    await page.locator('#sheet-form button[type="submit"]').click();
    await page.locator('#ready-button').click();
    await page.waitForFunction(() => document.getElementById('ready-form')!.classList.contains('is-ready'));
    assert.equal(await page.locator('#issues li').count(), 0);
    assert.ok(await page.locator('#no-issues').isVisible(), 'no error beside any line');
    assert.equal(await page.locator('#sheet-gutter span.bad').count(), 0);
    const sheet = await games.sheet(ctx, gameId, pa);
    assert.equal(sheet.ready, true);
    assert.deepEqual(sheet.issues, []);
    const value = sheet.value as { characters: Record<string, { phases: ({ code: string } | null)[] }> };
    assert.deepEqual(value.characters[king.id]!.phases.map((p) => p?.code ?? null), ['EX', 'MO', null, null, null]);

    // Her map page, as she sees it before the turn (the screenshot reviewed by eye).
    const mp = watch(await (await chromium.newContext({ viewport: { width: 1700, height: 1200 }, deviceScaleFactor: 1 })).newPage());
    await logIn(mp, tp.url, alice);
    await mp.goto(`${tp.url}/games/${gameId}/map`);
    assert.equal(await mp.locator('.map-frame path.region').count(), 162);
    await mp.addStyleTag({ content: '.map-frame { max-height: none !important; overflow: visible !important; } .map-zoom { display: none !important; }' });
    const shot = await mp.locator('.map-frame svg').screenshot();
    writeFileSync(join(ARTIFACTS, 'ak-map.png'), shot);
    assert.ok(shot.length > 30_000, `a real drawing (${shot.length} bytes)`);

    // Bob is ready too: the turn resolves (early), the report mail carries the map as a PNG.
    await games.saveSheet(ctx, gameId, pb, `PERSO ${kb.king}\n1 PR Me\n`);
    await games.setReady(ctx, gameId, pb, true);
    // Resolved by the platform's scheduler or by waitForStep's call, whichever claims it first.
    await waitForStep(tp, gameId, 1);
    assert.equal((await stateOf<AKState>(tp, gameId)).turn, 2);
    const mail = await tp.smtp.waitFor((m) => m.to.includes(alice.email) && /BILAN/.test(m.subject), 20_000);
    assert.match(mail.html ?? '', /<img src="cid:map@suzerain"/);
    const png = mail.attachments.find((a) => a.mimeType === 'image/png');
    assert.ok(png, 'a PNG is attached');
    assert.deepEqual([...png.content.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
    assert.ok(png.content.length > 20_000, `a real drawing (${png.content.length} bytes)`);
    writeFileSync(join(ARTIFACTS, 'ak-map-mail.png'), png.content);

    // The order page notices the resolution and reloads on the new turn, with an empty sheet.
    await page.waitForFunction(() => !document.getElementById('ready-form')?.classList.contains('is-ready'), undefined, { timeout: 30_000 });
    assert.deepEqual(errors, []);
  });
});
