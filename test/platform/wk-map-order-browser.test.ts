/**
 * Warrior Knights' map orders on the prompt page, in Chromium (map-orders.ts; map.js, prompt.js
 * `suzerain:fill-form`): a live-paced game of two persons, played by the bots' answers over HTTP
 * until one baron's card question (#5, a military card) offers moves on the map. On his play page
 * he picks his noble in the map's "Piece" list, clicks the region the noble may move to, and
 * presses the action under the map: the question's guided form entry `order` is filled (marked
 * `from-map`, its select on the option the map names); he sends it, and the answer is stored (the
 * `sheets` row: the form's line, a value, no issue) and played (the noble stands where the map
 * sent him). Screenshot: test/artifacts/wk-map-order.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { createRng } from '../../src/engine/rng.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { askOf, type WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import { warriorKnights } from '../../src/rulesets/warrior-knights/index.ts';
import type { MapAction, MapUnit } from '../../src/engine/ruleset.ts';
import { pageText } from './http.ts';
import { BROWSER_SKIP, gotoLive, launchBrowser, liveUpdates, watchErrors } from './browser.ts';
import { loggedIn, logIn, newUser } from './users.ts';
import { startTestPlatform, stateOf, waitForStep, type TestPlatform } from './util.ts';

await loadAllRulesets();

const SEED = 'wk-map-order';
const ARTIFACTS = new URL('../artifacts/', import.meta.url);
const asText = (v: unknown): string => v === null || v === undefined ? 'default' : typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** A move of one step (no attack, no consent asked): the noble then stands where the map sent him. */
function stepMove(units: MapUnit[]): { unit: MapUnit; action: MapAction } | null {
  for (const unit of units) for (const action of unit.actions) {
    const a = JSON.parse(action.form!.values.answer!) as { moves?: { noble: string; path: string[] }[]; attack?: unknown };
    if (!a.attack && a.moves?.length === 1 && a.moves[0]!.path.length === 1 && action.region !== unit.region) return { unit, action };
  }
  return null;
}

describe('Warrior Knights: a card\'s move given from the map fills the guided form (pglite)', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  before(async () => { tp = await startTestPlatform('pglite'); chromium = await launchBrowser(); mkdirSync(fileURLToPath(ARTIFACTS), { recursive: true }); });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('the noble picked, his target region clicked, the action pressed: the form is filled, sent, stored and played', { timeout: 300_000 }, async () => {
    const users = [await newUser(tp, 'wkm_a'), await newUser(tp, 'wkm_b', 'en')];
    const langOf = new Map(users.map((u, i) => [u.id, i === 1 ? 'en' as const : 'fr' as const]));
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'warrior-knights', name: 'WK map order', options: {}, seed: SEED, hostUserId: users[0]!.id, isPrivate: true,
      seats: users.map((u, i) => ({ userId: u.id, lordName: ['Aude', 'Bérenger'][i]! })), maxPlayers: 2, prompts: { pace: 'live' },
    });
    const seats = await tp.db.query<{ player: string; user_id: number }>('SELECT player, user_id FROM seats WHERE game_id = $1', [id]);
    const userOf = new Map(seats.map((s) => [s.player, users.find((u) => u.id === Number(s.user_id))!]));
    const stepNow = async () => Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);

    // the bots' answers over HTTP, up to a card question whose baron may move a noble from the map
    let found: { player: string; askId: string; unit: MapUnit; action: MapAction } | null = null;
    for (let guard = 0; guard < 200 && !found; guard++) {
      const g = await stateOf<WkGame>(tp, id);
      const ask = askOf(g);
      assert.ok(ask, 'the game goes on');
      if (ask!.kind === 'use-card') {
        const p = ask!.players[0]!;
        const pick = stepMove(warriorKnights.mapUnits!(g, p, langOf.get(userOf.get(p)!.id)!, null));
        if (pick) { found = { player: p, askId: ask!.id, ...pick }; break; }
      }
      const step = await stepNow();
      for (const p of ask!.players) {
        const c = await loggedIn(tp, userOf.get(p)!);
        await c.get(`/games/${id}/play`); // the page's form token
        const r = await c.post(`/games/${id}/answer`, { decision: ask!.id, answer: asText(botAnswer(g, p, ask!.id, createRng(SEED, `wk-map/${ask!.id}/${p}`))) });
        assert.equal(r.status, 200, `${ask!.kind} of ${p}: ${pageText(r.text).slice(0, 300)}`);
      }
      await waitForStep(tp, id, step + 1, 60_000);
    }
    assert.ok(found, 'a card question with a move on the map was reached');
    const { player, askId, unit, action } = found!;
    const noble = unit.id;

    const errors: string[] = [];
    const page: Page = watchErrors(await (await chromium.newContext({ viewport: { width: 1200, height: 1000 } })).newPage(), errors);
    await logIn(page, tp.url, userOf.get(player)!);
    // after the stream's first refresh of the question part (live.js), counted from there on
    await gotoLive(page, `${tp.url}/games/${id}/play`);
    assert.equal(await page.locator(`article[id="prompt-${askId}"]`).count(), 1, 'the card question is on his page');
    assert.ok(await page.locator('#map-orders').isVisible(), 'the map orders are shown');
    const pieces = await page.locator('#map-unit option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    assert.ok(pieces.includes(noble), `his noble ${noble} is in the Piece list (${pieces.join(', ')})`);

    // the noble picked, then his target region clicked on the map
    await page.selectOption('#map-unit', noble);
    await page.locator(`.map-frame path.region[data-region="${action.region}"].target`).first().waitFor({ state: 'attached' });
    const clicked = await page.evaluate((rid) => {
      const path = document.querySelector(`.map-frame path.region[data-region="${rid}"]`);
      if (!path) return false;
      path.scrollIntoView({ block: 'center', inline: 'center' });
      path.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      return true;
    }, action.region);
    assert.ok(clicked, `region ${action.region} on the map`);
    const button = page.locator('#map-actions .map-action[data-code="order"] button').filter({ hasText: action.label }).first();
    await button.waitFor();
    await button.click();

    // the guided form's entry filled from the map
    const form = page.locator(`article[id="prompt-${askId}"] form.answer-form.from-map`);
    await form.waitFor();
    assert.equal(await form.getAttribute('data-code'), 'order');
    assert.equal(await form.locator('select[name="f_answer"]').inputValue(), action.form!.values.answer, 'the select on the option the map names');
    assert.match(await page.locator('#map-written').textContent() ?? '', new RegExp(action.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

    // the other baron gives him a crown meanwhile (a free action, a step of its own): the question
    // part is refreshed live, and the entry comes back still filled from the map
    const seen = await liveUpdates(page);
    const other = [...userOf.keys()].find((p) => p !== player)!;
    const giver = await loggedIn(tp, userOf.get(other)!);
    await giver.get(`/games/${id}/play`);
    const gift = await giver.post(`/games/${id}/act`, { action: 'give-crowns', f_to: player, f_amount: '1' });
    assert.equal(gift.status, 200, pageText(gift.text).slice(0, 300));
    await page.waitForFunction((n) => (window as unknown as { liveUpdates: number }).liveUpdates > n, seen);
    assert.equal(await form.count(), 1, 'the entry is still marked as filled from the map after the live refresh');
    assert.equal(await form.locator('select[name="f_answer"]').inputValue(), action.form!.values.answer, 'and still on the option the map names');
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: fileURLToPath(new URL('wk-map-order.png', ARTIFACTS)), fullPage: true });

    // sent: stored as the form's line, accepted, and played
    const step = await stepNow();
    await Promise.all([page.waitForURL(/\/play\?done=/, { timeout: 15_000 }), form.locator('button[type="submit"]').click()]);
    const row = await tp.db.one<{ text: string; value: unknown; issues: unknown }>('SELECT text, value, issues FROM sheets WHERE game_id = $1 AND player = $2 AND decision = $3', [id, player, askId]);
    assert.ok(row, 'the answer is stored');
    assert.equal(row!.text, action.line, 'the line the map wrote into the form');
    const value = typeof row!.value === 'string' ? JSON.parse(row!.value) : row!.value;
    assert.deepEqual(value, JSON.parse(action.form!.values.answer!), 'validated as the option it is');
    assert.deepEqual(typeof row!.issues === 'string' ? JSON.parse(row!.issues) : row!.issues, [], 'no issue');
    await waitForStep(tp, id, step + 1, 60_000);
    const after = await stateOf<WkGame>(tp, id);
    assert.notEqual(askOf(after)?.id, askId, 'the question is answered');
    const loc = after.wk.nobles[noble]!.location;
    assert.equal(loc.kind === 'off' ? null : loc.region, action.region, `${noble} moved to ${action.region}`);
    assert.deepEqual(errors, [], 'no script error');
  });
});
