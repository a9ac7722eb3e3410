/**
 * An answer given comes back in its guided form (engine `formValues`, issue 21), in Chromium: Fair
 * (test/engine/fair-ruleset.ts) at its sealed bid, which waits for every player. Aude bids with the
 * form (an amount and a prize) and comes back to the page later: the form shows her bid, the amount
 * in its field and the prize selected, beside « Votre réponse »; Bérenger, not answered yet, sees a
 * blank form (nobody's answer but his own fills his). She changes the amount only and sends the
 * form: the referee stores the new amount with the prize that was filled back. Screenshot:
 * test/artifacts/prompt-prefilled.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser as Chromium } from 'playwright-core';
import '../engine/fair-ruleset.ts';
import { games } from '../../src/platform/games/service.ts';
import { answerPrompt } from '../../src/platform/games/prompts.ts';
import { BROWSER_SKIP, gotoLive, launchBrowser, watchErrors } from './browser.ts';
import { startTestPlatform, waitForStep, type TestPlatform } from './util.ts';
import { logIn, newUser, type TestUser } from './users.ts';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);

describe('an answer given comes back in its form, in the browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let users: TestUser[] = [];
  let gameId = 0;
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite');
    chromium = await launchBrowser();
    users = [await newUser(tp, 'aude_prefill'), await newUser(tp, 'berenger_prefill', 'en')];
    gameId = await games.create(tp.platform.ctx, {
      ruleset: 'test/fair', name: 'Foire de la Toussaint', options: {}, hostUserId: users[0]!.id, isPrivate: true,
      seats: [{ userId: users[0]!.id, lordName: 'Aude' }, { userId: users[1]!.id, lordName: 'Bérenger' }], maxPlayers: 2, prompts: { pace: 'live' },
    });
    for (const [i, p] of ['p1', 'p2'].entries()) { // the stalls, passed: the sealed bid opens for both
      assert.ok((await answerPrompt(tp.platform.ctx, gameId, p, 'stall', 'pass')).ok);
      await waitForStep(tp, gameId, i + 1);
    }
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('Aude\'s bid is in the form when she comes back; Bérenger\'s form is blank; a changed field is the new answer', { timeout: 120_000 }, async () => {
    const url = `${tp.url}/games/${gameId}/play`;
    const aude = watchErrors(await (await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR' })).newPage(), errors);
    await logIn(aude, tp.url, users[0]!);
    await gotoLive(aude, url);
    const form = aude.locator('#prompt-bid form[data-code="bid"]');
    assert.equal(await form.locator('input[name="f_amount"]').inputValue(), '', 'not answered yet: blank');
    await form.locator('input[name="f_amount"]').fill('4');
    await form.locator('select[name="f_prize"]').selectOption('ribbon');
    await Promise.all([aude.waitForURL(/\/play\?done=answer/), form.locator('button[type="submit"]').click()]);

    // Later, back on the page (a new visit): her bid, in the form.
    await aude.goto('about:blank');
    await gotoLive(aude, url); // the stream's first refresh redraws the prompt: the picture after it
    const again = aude.locator('#prompt-bid form[data-prefilled="1"]');
    assert.equal(await again.count(), 1, 'the form filled back');
    assert.equal(await again.locator('input[name="f_amount"]').inputValue(), '4');
    assert.equal(await again.locator('select[name="f_prize"]').inputValue(), 'ribbon');
    assert.match(await aude.locator('#prompt-bid .answered').innerText(), /Votre réponse : bid 4 ribbon/);
    await aude.locator('#prompt-bid').screenshot({ path: new URL('prompt-prefilled.png', ARTIFACTS).pathname });

    // Bérenger has not answered: his form is blank.
    const ber = watchErrors(await (await chromium.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' })).newPage(), errors);
    await logIn(ber, tp.url, users[1]!);
    await gotoLive(ber, url);
    assert.equal(await ber.locator('#prompt-bid form[data-prefilled]').count(), 0);
    assert.equal(await ber.locator('#prompt-bid input[name="f_amount"]').inputValue(), '');
    assert.equal(await ber.locator('#prompt-bid select[name="f_prize"]').inputValue(), '');

    // Aude changes the amount alone: the prize filled back goes with it.
    await again.locator('input[name="f_amount"]').fill('2');
    await Promise.all([aude.waitForURL(/\/play\?done=answer/), again.locator('button[type="submit"]').click()]);
    const row = await tp.db.one<{ value: unknown; ready: boolean }>(`SELECT value, ready FROM sheets WHERE game_id = $1 AND player = 'p1' AND decision = 'bid'`, [gameId]);
    const value = typeof row!.value === 'string' ? JSON.parse(row!.value) : row!.value;
    assert.deepEqual(value, { kind: 'bid', amount: 2, prize: 'ribbon' });
    assert.equal(row!.ready, true);
    assert.equal(await aude.locator('#prompt-bid input[name="f_amount"]').inputValue(), '2', 'the new answer filled back');
    assert.deepEqual(errors, []);
  });
});
