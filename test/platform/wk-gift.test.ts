/**
 * Warrior Knights' crowns given at any time (§4.13, §9.1 item 7, §9.2 #42; free.ts) on the site,
 * through the generic free-action form of the prompt page (as Fief's gifts): three barons, each a
 * person; at S14 one baron is asked for his stronghold while another gives him crowns from his
 * page. The crowns move at once, the stronghold question stays open to the same baron, every baron
 * reads the gift in his language, a gift beyond one's crowns is refused on the page with the
 * referee's message, a paused game refuses it, and the stored game replays. In Chromium: the
 * giver fills the form on his page while the other's prompt page stays open; the receiver's page
 * shows the gift and he then answers his prompt.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium, Page } from 'playwright-core';
import { replayStored } from '../../src/platform/games/service.ts';
import { pauseGame } from '../../src/platform/games/prompts.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { askOf, type WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { baronName, type BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { pageText } from './http.ts';
import { BROWSER_SKIP, gotoLive, launchBrowser, watchErrors } from './browser.ts';
import { loggedIn, logIn, type TestUser } from './users.ts';
import { startTestPlatform, stateOf, waitForStep, type TestPlatform } from './util.ts';
import { wkTableAt } from './wk-site.ts';

await loadAllRulesets();

const ARTIFACTS = new URL('../artifacts/', import.meta.url);

/** A game of three persons (the second reads English), past S11 (every baron's troops by default): S14 asks one baron. */
const atStronghold = (tp: TestPlatform, tag: string) => wkTableAt(tp, { n: 3, prefix: 'wkg', name: 'WK gifts', seed: 'wk-gift', tag, kind: 'place-stronghold', guard: 10 });

describe('crowns given at any time on the site (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite'); });
  after(async () => { await tp?.close(); });

  test('a baron gives crowns from his page while another baron\'s prompt is open; refused beyond his crowns and on a paused game', { timeout: 300_000 }, async () => {
    const { id, users, seatOf } = await atStronghold(tp, 'svc');
    const g0 = await stateOf<WkGame>(tp, id);
    const ask = askOf(g0)!;
    const asked = ask.players[0]!;
    const giver = g0.wk.players.find((b) => b !== asked)!;
    const third = g0.wk.players.find((b) => b !== asked && b !== giver)!;
    const gb = await loggedIn(tp, seatOf.get(giver)!);
    const page = await gb.get(`/games/${id}/play`);
    assert.match(page.text, /data-action="give-crowns"/, 'the free-action form is on the giver\'s page');
    const have = g0.wk.barons[giver].crowns;
    const label = pageText(page.text);
    assert.ok(/Donner des couronnes/.test(label) || /Give crowns/.test(label), 'labelled in his language');
    const step0 = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);

    const tooMuch = await gb.post(`/games/${id}/act`, { action: 'give-crowns', f_to: asked, f_amount: String(have + 1) });
    assert.equal(tooMuch.status, 400, 'beyond his crowns: refused');
    assert.ok(pageText(tooMuch.text).includes(`Vous n’avez que ${have} couronne(s).`) || pageText(tooMuch.text).includes(`You have only ${have} crown(s).`), 'with the referee\'s message');

    const ok = await gb.post(`/games/${id}/act`, { action: 'give-crowns', f_to: asked, f_amount: '4' });
    assert.equal(ok.status, 200, pageText(ok.text).slice(0, 300));
    const g1 = await stateOf<WkGame>(tp, id);
    assert.equal(g1.wk.barons[giver].crowns, have - 4, 'the giver pays at once');
    assert.equal(g1.wk.barons[asked].crowns, g0.wk.barons[asked].crowns + 4, 'the receiver gets them at once');
    const ask1 = askOf(g1)!;
    assert.deepEqual([ask1.id, ask1.players], [ask.id, ask.players], 'the stronghold question is still open, to the same baron');
    const step1 = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);
    assert.equal(step1, step0 + 1, 'the gift is a step of its own');
    const reports = await tp.db.query<{ player: string; text_fr: string; text_en: string }>('SELECT player, text_fr, text_en FROM reports WHERE game_id = $1 AND idx = $2', [id, step1]);
    assert.deepEqual(reports.map((r) => r.player).sort(), [...g1.wk.players].sort(), 'every baron is told (crowns are public, §9.4)');
    const from = baronName(g1.names)(giver as BaronId), to = baronName(g1.names)(asked as BaronId); // the seats' names, as the log gives them
    for (const r of reports) {
      assert.ok(r.text_fr.includes(`${from} donne 4 couronnes à ${to}.`), r.text_fr);
      assert.ok(r.text_en.includes(`${from} gives ${to} 4 crowns.`), r.text_en);
    }
    const tb = await loggedIn(tp, seatOf.get(third)!);
    const log = pageText((await tb.get(`/games/${id}/log`)).text);
    assert.ok(log.includes(`${from} donne 4 couronnes à ${to}.`) || log.includes(`${from} gives ${to} 4 crowns.`), 'the third baron reads it in his log');

    // the asked baron answers his question afterwards; the game goes on
    const ab = await loggedIn(tp, seatOf.get(asked)!);
    await ab.get(`/games/${id}/play`);
    const r = await ab.post(`/games/${id}/answer`, { decision: ask.id, answer: 'default' });
    assert.equal(r.status, 200);
    await waitForStep(tp, id, step1 + 1, 60_000);
    assert.notEqual(askOf(await stateOf<WkGame>(tp, id))?.id, ask.id, 'his question resolved');

    // paused: refused, nothing moves
    await pauseGame(tp.platform.ctx, id, users[0]!.id, true); // the host
    const before = (await stateOf<WkGame>(tp, id)).wk.barons[giver].crowns;
    const paused = await gb.post(`/games/${id}/act`, { action: 'give-crowns', f_to: asked, f_amount: '1' });
    assert.equal(paused.status, 409, 'a paused game refuses it');
    assert.equal((await stateOf<WkGame>(tp, id)).wk.barons[giver].crowns, before, 'nothing moved');
    const rep = await replayStored(tp.db, id);
    assert.ok(rep?.ok, `the stored game with its gift replays: ${JSON.stringify(rep?.mismatches)}`);
  });
});

describe('crowns given during another player\'s prompt, in the browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  before(async () => { tp = await startTestPlatform('pglite'); chromium = await launchBrowser(); });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('the giver fills the form on his page; the asked baron\'s open prompt page shows the gift, then he answers', { timeout: 300_000 }, async () => {
    const { id, seatOf } = await atStronghold(tp, 'web');
    const g0 = await stateOf<WkGame>(tp, id);
    const ask = askOf(g0)!;
    const asked = ask.players[0]!;
    const giver = g0.wk.players.find((b) => b !== asked)!;
    const errors: string[] = [];
    const open = async (u: TestUser): Promise<Page> => {
      const c = await chromium.newContext({ viewport: { width: 1100, height: 900 } });
      const p = watchErrors(await c.newPage(), errors);
      await logIn(p, tp.url, u);
      await gotoLive(p, `${tp.url}/games/${id}/play`);
      return p;
    };
    const askedPage = await open(seatOf.get(asked)!);
    const giverPage = await open(seatOf.get(giver)!);
    assert.ok(/forteresse|stronghold/i.test(await askedPage.locator('#prompt-part').innerText()), 'the asked baron\'s prompt is open on his page');
    // The live channel may replace the actions part while it is being filled (a fresh copy, the
    // fields empty): the fields are set and the form sent in one go, and sent again (3 tries) only
    // while the crowns have not moved.
    for (let tries = 0; ; tries++) {
      const form = giverPage.locator('form[data-action="give-crowns"]');
      try {
        await Promise.all([giverPage.waitForURL(/\/play\?done=/, { timeout: 15_000 }), form.evaluate((el, to) => {
          (el.querySelector('[name="f_to"]') as HTMLSelectElement).value = to;
          (el.querySelector('[name="f_amount"]') as HTMLInputElement).value = '3';
          (el as HTMLFormElement).requestSubmit();
        }, asked)]);
        break;
      } catch (e) {
        if (tries >= 2 || (await stateOf<WkGame>(tp, id)).wk.barons[asked].crowns !== g0.wk.barons[asked].crowns) throw e;
        await giverPage.goto(`${tp.url}/games/${id}/play`);
      }
    }
    const g1 = await stateOf<WkGame>(tp, id);
    assert.equal(g1.wk.barons[asked].crowns, g0.wk.barons[asked].crowns + 3, 'the crowns moved');
    assert.equal(askOf(g1)?.id, ask.id, 'his question is still open');
    const from = baronName(g1.names)(giver as BaronId), to = baronName(g1.names)(asked as BaronId); // the seats' names, as the log gives them
    const want = new RegExp(`${from} (donne 3 couronnes à ${to}|gives ${to} 3 crowns)`);
    // the receiver's page, left open: the gift reaches it (live, else on a reload)
    const end = Date.now() + 20_000;
    for (;;) {
      if (want.test(await askedPage.locator('main').innerText())) break;
      if (Date.now() > end) assert.fail('the gift is not shown on the asked baron\'s page');
      await askedPage.waitForTimeout(300);
      if (Date.now() > end - 10_000) await askedPage.reload();
    }
    mkdirSync(fileURLToPath(ARTIFACTS), { recursive: true });
    await askedPage.screenshot({ path: fileURLToPath(new URL('wk-gift-receiver.png', ARTIFACTS)), fullPage: true });
    assert.ok(/forteresse|stronghold/i.test(await askedPage.locator('#prompt-part').innerText()), 'his prompt is still there');
    const step = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);
    const ab = await loggedIn(tp, seatOf.get(asked)!);
    await ab.get(`/games/${id}/play`);
    const r = await ab.post(`/games/${id}/answer`, { decision: ask.id, answer: 'default' });
    assert.equal(r.status, 200);
    await waitForStep(tp, id, step + 1, 60_000);
    assert.deepEqual(errors, [], 'no script error');
  });
});
