/**
 * Fief's map orders on the prompt page, in Chromium (map-orders.ts `fiefMapUnits`; map.js, orders.js
 * `suzerain:append-line` / `suzerain:sheet-saved`): a live-paced game of four, one human seat and
 * three bots, played by the catalogue's defaults over HTTP until the human's movement question
 * (#19, a sheet). On his play page he picks one of his lords on the map, clicks a neighbouring
 * village, presses "Aller seul à …": the line (naming the lord, `move HÉLOÏSE BOURG 0 0`) is appended to the sheet; the draft is saved and the
 * map's orders reloaded (`data-units-version`), the lord picked again stands in that village and
 * offers his next step; a second step appended; "Envoyer la feuille" sends the sheet (stored ready,
 * its value the two moves) and once the step resolves the lord stands where the two steps took him.
 * The "Rien" button is beside the sheet. The same page in English names the orders in English.
 * The steps written are drawn on the map as numbered arrows (mapTrails; map.js drawTrails).
 * Screenshots: test/artifacts/fief-map-order-{1366,390,en,two-steps}.png, fief-map-trails.png (the map alone).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { answerText, defaultAnswer } from '../../src/rulesets/fief/answers.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { fiefMapUnits } from '../../src/rulesets/fief/map-orders.ts';
import { villageName } from '../../src/rulesets/fief/report.ts';
import type { MoveCommand } from '../../src/rulesets/fief/rules/movement.ts';
import { pageText } from './http.ts';
import { BROWSER_SKIP, gotoLive, launchBrowser, watchErrors } from './browser.ts';
import { loggedIn, logIn, newUser } from './users.ts';
import { playerOf, startTestPlatform, stateOf, waitForStep, type TestPlatform } from './util.ts';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);
const shot = (p: Page, name: string) => p.screenshot({ path: fileURLToPath(new URL(`fief-map-order-${name}.png`, ARTIFACTS)), fullPage: true });
const parsed = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

describe('Fief: a lord\'s two steps given from the map fill the movement sheet (pglite)', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  before(async () => { tp = await startTestPlatform('pglite'); chromium = await launchBrowser(); mkdirSync(fileURLToPath(ARTIFACTS), { recursive: true }); });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('a lord picked, a village clicked, "alone" pressed twice: the sheet holds both steps, sent, stored and played', { timeout: 120_000 }, async () => {
    const u = await newUser(tp, 'fief_map');
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'fief', name: 'Fief carte', options: { map: 'original' }, seed: 'fief-map-order', hostUserId: u.id, isPrivate: true,
      seats: [{ userId: u.id, lordName: 'Aude' }, { userId: null, lordName: 'Bérenger' }, { userId: null, lordName: 'Clothilde' }, { userId: null, lordName: 'Dreux' }],
      maxPlayers: 4, prompts: { pace: 'live' },
    });
    const me = await playerOf(tp, id, u.id);
    const http = await loggedIn(tp, u);
    await http.get(`/games/${id}/play`); // the page's form token

    // the human's earlier questions answered by their defaults, up to his movement question
    let g: FiefGame | null = null;
    for (let guard = 0; guard < 300; guard++) {
      const row = (await tp.db.one<{ step: number; state: unknown }>('SELECT step, state FROM games WHERE id = $1', [id]))!;
      const step = Number(row.step);
      const now = parsed(row.state) as FiefGame;
      assert.notEqual(now.flow.stage, 'over', 'the game goes on');
      const ask = now.flow.current!;
      if (ask.players.includes(me)) {
        if (ask.kind === 'movement') { g = now; break; }
        const text = ask.kind === 'start-village' && ask.ctx.k === 'start-village' ? ask.ctx.villages.at(-1)! : answerText(ask.kind, defaultAnswer(ask, me));
        const r = await http.post(`/games/${id}/answer`, { decision: ask.id, answer: text });
        if (r.status === 409) continue; // a bot's free action moved the question on: read it again
        assert.equal(r.status, 200, `${ask.kind} “${text}”: ${pageText(r.text).slice(0, 300)}`);
      }
      await waitForStep(tp, id, step + 1, 30_000);
    }
    assert.ok(g, 'the human\'s movement question was reached');
    const askId = g!.flow.current!.id;

    // A lord of his going alone to a neighbour he may pass through again (no one else's village, no one else's pieces there).
    const clear = (v: string) => { const x = g!.fief.villages[v]!; return (x.controller === null || x.controller === me) && x.stacks.every((s) => s.player === me); };
    const units = fiefMapUnits(g!, me, 'fr', null);
    const pick = units.flatMap((unit) => unit.actions.filter((a) => a.code === 'move' && a.label.startsWith('Aller seul') && clear(a.region)).map((action) => ({ unit, action })))[0];
    assert.ok(pick, `a lord may go alone to a free neighbour (${units.map((x) => x.label).join(', ')})`);
    const { unit, action } = pick!;
    const lord = unit.id;
    const name = g!.fief.lords[lord]!.name;
    assert.ok(action.line.startsWith(`move ${name} ${action.region} `), `the line names the lord, not his id: ${action.line}`);

    const errors: string[] = [];
    const ctx = await chromium.newContext({ viewport: { width: 1366, height: 900 } });
    const page: Page = watchErrors(await ctx.newPage(), errors);
    await logIn(page, tp.url, u);
    await gotoLive(page, `${tp.url}/games/${id}/play`); // after the stream's first refresh of the live parts
    assert.equal(await page.locator(`article[id="prompt-${askId}"]`).count(), 1, 'the movement question is on his page');
    assert.ok(await page.locator('#map-orders').isVisible(), 'the map orders are shown');
    assert.equal(await page.evaluate(() => document.getElementById('prompt-area')?.nextElementSibling?.classList.contains('map-section')), true, 'the map right under the questions, not after the board');
    assert.ok(await page.locator('button[data-choice="none"]').isVisible(), 'the "Rien" button beside the sheet');
    assert.equal((await page.locator('button[data-choice="none"]').innerText()).trim(), 'Rien');
    const ta = page.locator('#sheet-text');
    const before = await ta.inputValue();

    const clickRegion = async (rid: string) => {
      await page.locator(`.map-frame path.region[data-region="${rid}"].target`).first().waitFor({ state: 'attached' });
      assert.ok(await page.evaluate((r) => {
        const path = document.querySelector(`.map-frame path.region[data-region="${r}"]`);
        if (!path) return false;
        path.dispatchEvent(new MouseEvent('click', { bubbles: true }));
        return true;
      }, rid), `village ${rid} on the map`);
    };
    const version = async () => Number(await page.locator('#map-widget').getAttribute('data-units-version') ?? '0');
    const pickLord = async () => { await page.selectOption('#map-unit', ''); await page.selectOption('#map-unit', lord); };

    // step 1: the lord picked, the village clicked, "Aller seul" pressed
    await pickLord();
    assert.equal(await page.locator(`.map-frame path.region.origin[data-region="${unit.region}"]`).count() > 0, true, `${lord} stands at ${unit.region}`);
    await clickRegion(action.region);
    const v0 = await version();
    await page.locator('#map-actions .map-action[data-code="move"] button').filter({ hasText: action.label }).first().click();
    const text1 = await ta.inputValue();
    assert.ok(text1.endsWith(`${action.line}\n`), `the line appended: ${JSON.stringify(text1.slice(-80))}`);
    assert.ok(text1.startsWith(before.trimEnd()), 'after what the sheet held');

    // the draft saved, the map's orders reloaded: the lord picked again now stands in that village
    await page.waitForFunction((v) => Number(document.getElementById('map-widget')?.getAttribute('data-units-version') ?? '0') > v, v0, { timeout: 10_000 });
    // (the version also moves when the live stream's first refresh reloads the orders: wait for the row)
    const draftRow = () => tp.db.one<{ text: string; ready: boolean; value: unknown }>('SELECT text, ready, value FROM sheets WHERE game_id = $1 AND player = $2 AND decision = $3', [id, me, askId]);
    for (const end = Date.now() + 10_000; (await draftRow())?.text !== text1 && Date.now() < end;) await new Promise((r) => setTimeout(r, 50));
    const draft = await draftRow();
    assert.equal(draft?.text, text1, 'the draft stored');
    assert.equal(draft?.ready, false, 'not sent yet');
    // the step written is drawn on the map: an arrow numbered 1 from his village to the next, its words in a tooltip
    const arrows = () => page.locator('.map-frame g.trails g.trail').evaluateAll((gs) => gs.map((x) => [x.getAttribute('data-from'), x.getAttribute('data-to'), x.querySelector('text')?.textContent, x.querySelector('title')?.textContent ?? '']));
    await page.waitForFunction(() => document.querySelectorAll('.map-frame g.trails g.trail').length === 1, null, { timeout: 10_000 });
    const a1 = await arrows();
    assert.deepEqual(a1.map((x) => x.slice(0, 3)), [[unit.region, action.region, '1']], 'one arrow, numbered 1');
    assert.match(a1[0]![3]!, new RegExp(`^1\\. .*${name}`, 'i'), `its tooltip in words: ${a1[0]![3]}`);
    await pickLord();
    assert.equal(await page.locator(`.map-frame path.region.origin[data-region="${action.region}"]`).count() > 0, true, `${lord} now stands at ${action.region}`);
    assert.match(await page.locator('#map-unit option:checked').innerText(), new RegExp(`\\(${villageName(action.region)}\\)`), 'his label names where he stands');
    const next = await page.locator('.map-frame path.region.target').evaluateAll((ps) => [...new Set(ps.map((p) => p.getAttribute('data-region')!))]);
    const second = next.find((r) => r !== unit.region) ?? next[0];
    assert.ok(second, `his next step is offered from ${action.region}`);
    await clickRegion(second!);
    const alone2 = page.locator('#map-actions .map-action[data-code="move"] button').filter({ hasText: /Aller seul/ }).first();
    const label2 = (await alone2.innerText()).trim();
    assert.equal(label2, `Aller seul à ${villageName(second!)}`);
    await page.locator('#map-orders').scrollIntoViewIfNeeded();
    await shot(page, '1366');
    await page.setViewportSize({ width: 390, height: 844 });
    // on a phone the map (wider than its frame) scrolls: the lord picked is brought into view inside it
    await page.locator('.map-frame').evaluate((f) => { f.scrollLeft = 0; f.scrollTop = 0; });
    await pickLord();
    const inFrame = await page.evaluate((r) => {
      const f = document.querySelector('.map-frame')!.getBoundingClientRect();
      const p = document.querySelector(`.map-frame path.region[data-region="${r}"]`)!.getBoundingClientRect();
      return { frame: [f.left, f.right, f.top, f.bottom], region: [p.left, p.right, p.top, p.bottom], ok: p.left >= f.left && p.right <= f.right && p.top >= f.top && p.bottom <= f.bottom };
    }, action.region);
    assert.ok(inFrame.ok, `his village in view in the map's frame at 390 px: ${JSON.stringify(inFrame)}`);
    await page.locator('.map-frame').scrollIntoViewIfNeeded();
    await shot(page, '390');
    await page.setViewportSize({ width: 1366, height: 900 });
    await clickRegion(second!); // his second step's actions again (picking him showed those of where he stands)

    // the same page in English: the orders named in English
    await tp.db.query('UPDATE users SET lang = $1 WHERE id = $2', ['en', u.id]);
    const en = watchErrors(await ctx.newPage(), errors);
    await en.goto(`${tp.url}/games/${id}/play`);
    assert.equal(await en.locator('html').getAttribute('lang'), 'en');
    assert.equal((await en.locator('button[data-choice="none"]').innerText()).trim(), 'Nothing');
    assert.match(await en.locator('#map-orders h3').innerText(), /Orders on the map/);
    await en.selectOption('#map-unit', lord);
    const enTargets = await en.locator('.map-frame path.region.target').evaluateAll((ps) => [...new Set(ps.map((p) => p.getAttribute('data-region')!))]);
    assert.ok(enTargets.includes(second!), 'his second step offered in English too');
    await en.evaluate((r) => document.querySelector(`.map-frame path.region[data-region="${r}"]`)!.dispatchEvent(new MouseEvent('click', { bubbles: true })), second!);
    const enLabels = await en.locator('#map-actions .map-action button').allInnerTexts();
    assert.ok(enLabels.length > 0 && enLabels.every((l) => /^(Go to|Go alone to|Raid toward) /.test(l.trim())), `English labels: ${enLabels.join(' | ')}`);
    await shot(en, 'en');
    await en.close();
    await tp.db.query('UPDATE users SET lang = $1 WHERE id = $2', ['fr', u.id]);

    const v1 = await version();
    await alone2.click();
    const text2 = await ta.inputValue();
    assert.ok(text2.endsWith(`${action.line}\nmove ${name} ${second} 0 0\n`), `the second line appended: ${JSON.stringify(text2.slice(-80))}`);
    await page.waitForFunction((v) => Number(document.getElementById('map-widget')?.getAttribute('data-units-version') ?? '0') > v, v1, { timeout: 10_000 });
    await page.waitForFunction(() => document.querySelectorAll('.map-frame g.trails g.trail').length === 2, null, { timeout: 10_000 });
    assert.deepEqual((await arrows()).map((x) => x.slice(0, 3)), [[unit.region, action.region, '1'], [action.region, second, '2']], 'two arrows: the second from where the first ended');
    await page.locator('.map-frame').screenshot({ path: fileURLToPath(new URL('fief-map-trails.png', ARTIFACTS)) });
    await shot(page, 'two-steps');

    // sent: stored ready, the two moves
    const step = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);
    await Promise.all([page.waitForURL(/\/play\?done=/, { timeout: 15_000 }), page.click('#sheet-send')]);
    const row = await tp.db.one<{ ready: boolean; value: unknown; issues: unknown }>('SELECT ready, value, issues FROM sheets WHERE game_id = $1 AND player = $2 AND decision = $3', [id, me, askId]);
    assert.ok(row?.ready, 'the sheet sent, ready');
    const moves = parsed(row!.value) as MoveCommand[];
    assert.deepEqual(moves.map((m) => [m.lead, m.to, m.sergeants ?? 0, m.knights ?? 0]), [[lord, action.region, 0, 0], [lord, second, 0, 0]], 'two moves');
    assert.deepEqual(parsed(row!.issues), [], 'no issue');
    await waitForStep(tp, id, step + 1, 30_000);
    const played = await stateOf<FiefGame>(tp, id);
    assert.equal(played.fief.lords[lord]!.at?.village, second, `${lord} stands at ${second} after his two steps`);
    assert.deepEqual(errors, [], 'no script error');
    await ctx.close();
  });
});
