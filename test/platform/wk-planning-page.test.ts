/**
 * Warrior Knights' planning (#4, §4.1) on the prompt page, two barons, each a person:
 *
 * - the stored answer is told back in words (engine `describeAnswer`, issue 21): after the piles
 *   form is sent, « Votre réponse : <carte> → pile 1 … », not the form's line `piles 0 1 …`; the
 *   API's /decisions gives the same words beside the text;
 * - in Chromium, a live refresh in the middle of a choice (live.js, f75f987): baron A chooses piles
 *   in the guided form's lists and a receiver and an amount in the gift form, sends nothing; baron
 *   B answers, the live channel replaces A's page parts (the old nodes are gone), and A's choices
 *   are still there; A then sends the piles, and the referee stores the piles he chose.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser as Chromium } from 'playwright-core';
import { createToken } from '../../src/platform/api/tokens.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { cardName } from '../../src/rulesets/warrior-knights/events.ts';
import { pageText } from './http.ts';
import { BROWSER_SKIP, gotoLive, launchBrowser, watchErrors } from './browser.ts';
import { loggedIn, logIn } from './users.ts';
import { startTestPlatform, stateOf, waitForStep, type TestPlatform } from './util.ts';
import { wkTableAt } from './wk-site.ts';

await loadAllRulesets();

const stepOf = async (tp: TestPlatform, id: number): Promise<number> => Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);

/** A game of two persons (the second reads English) played by defaults up to the planning of turn 1. */
const atPlanning = (tp: TestPlatform, tag: string) => wkTableAt(tp, { n: 2, prefix: 'wkp', name: 'WK planning', seed: 'wk-planning', tag, kind: 'plan-piles', guard: 30 });

describe('the planning answer told back in words (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite'); });
  after(async () => { await tp?.close(); });

  test('after the piles form is sent, the prompt page says the cards and their piles, not the form\'s line', { timeout: 300_000 }, async () => {
    const { id, seatOf, ask } = await atPlanning(tp, 'words');
    const a = ask.players[0]! as BaronId;
    const hand = (await stateOf<WkGame>(tp, id)).wk.barons[a].hand;
    const b = await loggedIn(tp, seatOf.get(a)!); // French
    await b.get(`/games/${id}/play`);
    // the first card on pile 1, the second on pile 3 (fields p0, p1 of the entry `piles`)
    const r = await b.post(`/games/${id}/answer`, { decision: ask.id, code: 'piles', f_p0: '1', f_p1: '3' });
    assert.equal(r.status, 200, pageText(r.text).slice(0, 300));
    const text = pageText((await b.get(`/games/${id}/play`)).text);
    const said = `Votre réponse : ${cardName(hand[0]!).fr} → pile 1, ${cardName(hand[1]!).fr} → pile 3 ; gardée(s) en main : ${hand.slice(2).map((c) => cardName(c).fr).join(', ')}`;
    assert.ok(text.includes(said), `the answer in words: ${text.slice(text.indexOf('Votre réponse'), text.indexOf('Votre réponse') + 300)}`);
    assert.ok(!/Votre réponse : piles/.test(text), 'not the form\'s line');
    // the stored text stays the line (the referee's record); only the page's words change
    const sheet = await tp.db.one<{ text: string }>('SELECT text FROM sheets WHERE game_id = $1 AND player = $2 AND decision = $3', [id, a, ask.id]);
    assert.equal(sheet?.text, 'piles 0 1 1 3');
    // the API tells the same words beside the text (`answer.words`), in the language the client asks
    const { token } = await createToken(tp.platform.ctx, seatOf.get(a)!.id, 'read', ['read']);
    const res = await fetch(`${tp.url}/api/v1/games/${id}/decisions`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
    const json = await res.json() as { decisions: { id: string; answer: { text: string; words: string | null } | null }[] };
    const mine = json.decisions.find((x) => x.id === ask.id)?.answer;
    assert.equal(mine?.text, 'piles 0 1 1 3');
    assert.ok(mine?.words?.startsWith(`${cardName(hand[0]!).fr} → pile 1`) || mine?.words?.startsWith(`${cardName(hand[0]!).en} → pile 1`), `the words in the API: ${JSON.stringify(mine)}`);
  });
});

describe('a live refresh in the middle of a choice, in the browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  before(async () => { tp = await startTestPlatform('pglite'); chromium = await launchBrowser(); });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('A half fills the piles and the gift forms; B answers; the refreshed parts keep A\'s choices; A sends and the referee gets them', { timeout: 300_000 }, async () => {
    const { id, seatOf, ask } = await atPlanning(tp, 'live');
    const [a, b] = ask.players as BaronId[];
    const hand = (await stateOf<WkGame>(tp, id)).wk.barons[a!].hand;
    const errors: string[] = [];
    const ctx = await chromium.newContext({ viewport: { width: 1100, height: 900 } });
    const page = watchErrors(await ctx.newPage(), errors);
    await logIn(page, tp.url, seatOf.get(a!)!);
    await gotoLive(page, `${tp.url}/games/${id}/play`);
    const pile0 = page.locator('form.answer-form[data-code="piles"] select[name="f_p0"]');
    const pile1 = page.locator('form.answer-form[data-code="piles"] select[name="f_p1"]');
    const giftTo = page.locator('form[data-action="give-crowns"] select[name="f_to"]');
    const giftAmount = page.locator('form[data-action="give-crowns"] input[name="f_amount"]');
    await pile0.selectOption('2');
    await pile1.selectOption('3');
    await giftTo.selectOption(b!);
    await giftAmount.fill('2');
    // the nodes as they are now: a live refresh replaces them (the mark is lost with them)
    await page.evaluate(() => { for (const el of document.querySelectorAll('form.answer-form, form[data-action]')) (el as HTMLElement & { oldNode?: boolean }).oldNode = true; });
    const step = await stepOf(tp, id);
    const other = await loggedIn(tp, seatOf.get(b!)!);
    await other.get(`/games/${id}/play`);
    const r = await other.post(`/games/${id}/answer`, { decision: ask.id, answer: 'default' });
    assert.equal(r.status, 200, pageText(r.text).slice(0, 200));
    // both parts refreshed by the live channel (B's answer: the awaited list changes)
    await page.waitForFunction(() => {
      const piles = document.querySelector('form.answer-form[data-code="piles"]') as (HTMLElement & { oldNode?: boolean }) | null;
      const gift = document.querySelector('form[data-action="give-crowns"]') as (HTMLElement & { oldNode?: boolean }) | null;
      return !!piles && !piles.oldNode && !!gift && !gift.oldNode;
    }, undefined, { timeout: 30_000 });
    assert.equal(await stepOf(tp, id), step, 'A\'s planning is still open');
    assert.deepEqual([await pile0.inputValue(), await pile1.inputValue(), await giftTo.inputValue(), await giftAmount.inputValue()], ['2', '3', b, '2'],
      'the lists keep the choices made, the number field what was typed');
    await Promise.all([page.waitForURL(/\/play\?done=/, { timeout: 30_000 }), page.locator('form.answer-form[data-code="piles"] button[type="submit"]').click()]);
    await waitForStep(tp, id, step + 1, 60_000);
    const sheet = await tp.db.one<{ value: unknown }>('SELECT value FROM sheets WHERE game_id = $1 AND player = $2 AND decision = $3', [id, a, ask.id]);
    const value = typeof sheet?.value === 'string' ? JSON.parse(sheet.value) : sheet?.value;
    assert.deepEqual(value, [[], [hand[0]], [hand[1]]], 'the referee gets the piles A chose');
    assert.deepEqual(errors, [], 'no script error');
    await ctx.close();
  });
});
