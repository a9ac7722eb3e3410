/**
 * A game of prompts played to its end through its pages only, in Chromium (issue 14, "Proof"):
 * three browser contexts (three players, one of them on a 390 px phone in English) play Fair
 * (test/engine/fair-ruleset.ts) — sequential stalls, a consent batch, a parallel sealed bid with
 * the guided form, a trade offered and accepted, standing answers (one answering a consent batch
 * for its player, then the auctions passed), and one default applied at a deadline by the
 * scheduler (fake clock moved past it, a scheduler pass). Each page is checked for what it should
 * show next; no page is wider than its screen. Screenshots: test/artifacts/prompt-*.png.
 *
 * Live updates: a page updates without a reload (live.js refetches its live parts on each game
 * event: the checks wait for the new content, and the status line announces a new prompt); in a
 * tree without live.js the checks would reload the page until it shows (see `until`).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Browser as Chromium, Page } from 'playwright-core';
import '../engine/fair-ruleset.ts';
import type { FairState } from '../engine/fair-ruleset.ts';
import { games } from '../../src/platform/games/service.ts';
import { BROWSER_SKIP, gotoLive, launchBrowser, watchErrors } from './browser.ts';
import { schedulerPass, startTestPlatform, stateOf, type TestPlatform } from './util.ts';
import { logIn, newUser, type TestUser as U } from './users.ts';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);
/** Whether the live pages' script is in this tree: pages then update by themselves. */
const LIVE = existsSync(new URL('../../src/platform/web/static/live.js', import.meta.url));

/** Waits until `check` holds on the page: by itself when the pages are live, else reloading it. */
async function until(p: Page, what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`${what}: not seen within ${ms} ms${LIVE ? ' (live)' : ''}; the prompt part shows: ${(await promptText(p).catch(() => '?')).replace(/\s+/g, ' ').slice(0, 400)}`);
    await p.waitForTimeout(200);
    if (!LIVE) await p.reload();
  }
}
const promptText = (p: Page) => p.locator('#prompt-part').innerText();
const shows = (p: Page, re: RegExp) => async () => re.test(await promptText(p));

async function noOverflow(p: Page, width: number, what: string): Promise<void> {
  const w = await p.evaluate('document.documentElement.scrollWidth') as number;
  assert.ok(w <= width + 1, `${what} at ${width} px is ${w} px wide`);
}

describe('a game of prompts played in the browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let users: U[] = [];
  let gameId = 0;
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite');
    chromium = await launchBrowser();
    users = [await newUser(tp, 'aude_browser'), await newUser(tp, 'berenger_browser', 'en'), await newUser(tp, 'clothilde_browser')];
    gameId = await games.create(tp.platform.ctx, {
      ruleset: 'test/fair', name: 'Foire de la Saint-Martin', options: {}, hostUserId: users[0]!.id, isPrivate: true,
      seats: [{ userId: users[0]!.id, lordName: 'Aude' }, { userId: users[1]!.id, lordName: 'Bérenger' }, { userId: users[2]!.id, lordName: 'Clothilde' }],
      maxPlayers: 3, prompts: { pace: 'live' },
    });
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('three players play Fair to its end through the pages', { timeout: 240_000 }, async () => {
    const widths = [1366, 390, 1366];
    const pages: Page[] = [];
    for (const [i, u] of users.entries()) {
      const bctx = await chromium.newContext({ viewport: { width: widths[i]!, height: 900 }, locale: i === 1 ? 'en-GB' : 'fr-FR' });
      const p = watchErrors(await bctx.newPage(), errors);
      await logIn(p, tp.url, u);
      await gotoLive(p, `${tp.url}/games/${gameId}/play`);
      pages.push(p);
    }
    const [aude, ber, clo] = pages as [Page, Page, Page];
    const url = `${tp.url}/games/${gameId}/play`;
    const post = async (p: Page, click: () => Promise<void>) => { await Promise.all([p.waitForURL(/\/play\?done=/), click()]); };

    // Round 1, Aude's stall: her prompt with its choices; the others wait for her.
    assert.match(await promptText(aude), /Manche 1 : où montez-vous votre étal \? \(10 or\)/);
    assert.match(await promptText(ber), /Nothing is asked of you for now\.\s+Waiting for: Aude/);
    await aude.screenshot({ path: new URL('prompt-stall-1366.png', ARTIFACTS).pathname, fullPage: true });
    await noOverflow(ber, 390, 'the page of a player who waits');
    await ber.screenshot({ path: new URL('prompt-waiting-390.png', ARTIFACTS).pathname });
    await post(aude, () => aude.click('#prompt-stall button[data-choice="gate"]'));

    // Bérenger answers "always yes" to neighbours by a standing answer, then sees his prompt.
    await ber.selectOption('#s-consent', 'yes');
    await post(ber, () => ber.click('#standing-save'));
    assert.match(await ber.locator('.flash').innerText(), /Standing answers saved/);
    await until(ber, 'Bérenger\'s stall prompt', shows(ber, /Round 1: where do you set up your stall\?/));

    // A trade: Aude offers a wine to Clothilde, who accepts it on her page.
    await until(aude, 'Aude\'s offer form', async () => (await aude.locator('form[data-action="offer"]').count()) === 1);
    const offer = aude.locator('form[data-action="offer"]');
    await offer.locator('[name="f_to"]').selectOption('p3');
    await offer.locator('[name="f_good"]').selectOption('wine');
    await offer.locator('[name="f_count"]').fill('1');
    await offer.locator('[name="f_price"]').fill('2');
    await post(aude, () => offer.locator('button[type="submit"]').click());
    await until(clo, 'the offer on Clothilde\'s page', async () => (await clo.locator('form[data-action="accept:1"]').count()) === 1);
    await post(clo, () => clo.click('form[data-action="accept:1"] button[type="submit"]'));
    await until(aude, 'the accepted offer in Aude\'s log', async () => /Offre n° 1 acceptée/.test(await aude.locator('#board-part').innerText()));
    assert.equal((await stateOf<FairState>(tp, gameId)).hands.p3!.wine, 1);

    // Bérenger joins Aude at the gate: Aude is asked her consent (a prompt of another kind), says yes.
    await post(ber, () => ber.click('#prompt-stall button[data-choice="gate"]'));
    await until(aude, 'Aude\'s consent prompt', shows(aude, /Bérenger peut-il monter son étal à côté du vôtre \(La porte\) \?/));
    // The prompt came without a reload: the page's status line says it is her turn.
    if (LIVE) await until(aude, 'the announcement of her turn', async () => /À vous de jouer : Manche 1 : Bérenger peut-il monter son étal/.test(await aude.locator('#play-announce[role="status"]').innerText()));
    await post(aude, () => aude.click('#prompt-consent button[data-choice="yes"]'));

    // Clothilde asks too: Aude and Bérenger are asked at once; Bérenger's standing answer answers for him.
    await until(clo, 'Clothilde\'s stall prompt', shows(clo, /Manche 1 : où montez-vous votre étal \?/));
    await post(clo, () => clo.click('#prompt-stall button[data-choice="gate"]'));
    await until(aude, 'the consent batch on Aude\'s page', shows(aude, /Clothilde peut-il monter son étal à côté du vôtre/));
    await until(ber, 'Bérenger\'s standing answer', async () => /Your answer: .*\(standing answer\)/.test(await promptText(ber)));
    await until(clo, 'Clothilde waits for Aude', shows(clo, /En attente de : Aude$/));
    await post(aude, () => aude.click('#prompt-consent button[data-choice="no"]'));

    // Clothilde's slot resumes; she lets it run out: the scheduler passes for her at the deadline.
    await until(clo, 'Clothilde\'s slot again', shows(clo, /Manche 1 : où montez-vous votre étal \?/));
    const deadline = (await games.summary(tp.platform.ctx, gameId))!.deadline!;
    tp.clock.now = new Date(deadline.getTime() + 1000);
    await schedulerPass(tp);

    // The sealed bid, parallel: everyone is asked; the page says whom it waits for.
    await until(aude, 'the auction on Aude\'s page', shows(aude, /votre enchère secrète/));
    const bid = async (p: Page, amount: string, prize: string) => {
      const f = p.locator('#prompt-bid form[data-code="bid"]');
      await f.locator('[name="f_amount"]').fill(amount);
      await f.locator('[name="f_prize"]').selectOption(prize);
      await post(p, () => f.locator('button[type="submit"]').click());
    };
    await bid(aude, '3', 'relic');
    assert.match(await promptText(aude), /Votre réponse : bid 3 relic/);
    assert.match(await promptText(aude), /En attente de : Bérenger, Clothilde/);
    await aude.screenshot({ path: new URL('prompt-auction-1366.png', ARTIFACTS).pathname, fullPage: true });
    await until(ber, 'the auction on Bérenger\'s page', shows(ber, /your sealed bid/));
    await bid(ber, '1', 'ribbon');
    await noOverflow(ber, 390, 'the auction');
    await ber.screenshot({ path: new URL('prompt-auction-390.png', ARTIFACTS).pathname });
    await ber.locator('#actions-part').scrollIntoViewIfNeeded();
    await ber.screenshot({ path: new URL('prompt-actions-390.png', ARTIFACTS).pathname });
    await until(clo, 'the auction on Clothilde\'s page', shows(clo, /votre enchère secrète/));
    // Rounds 2 and 3: every player passes the auctions by a standing answer, and passes his stall.
    for (const p of pages) {
      await p.selectOption('#s-pass-auction', 'yes');
      await post(p, () => p.click('#standing-save'));
    }
    for (let round = 2; round <= 3; round++) {
      for (const [i, p] of pages.entries()) {
        // This round's stall, not yet answered (an answered prompt keeps its buttons while its step is open).
        await until(p, `round ${round}, stall of player ${i + 1}`, async () => (await p.locator('#prompt-stall:not([data-answered]) button[data-choice="pass"]').count()) === 1
          && new RegExp(`(Manche|Round) ${round}\\b`).test(await promptText(p)));
        await post(p, () => p.click('#prompt-stall button[data-choice="pass"]'));
      }
    }
    // The end: every page says the game is over; the log marks Clothilde's timeout.
    for (const p of pages) {
      await until(p, 'the end of the game', async () => (await p.locator('#play-over').count()) === 1).catch(async (e: Error) => {
        const g = await tp.db.one('SELECT step, status, turn_label, deadline, paused_at, last_error FROM games WHERE id = $1', [gameId]);
        throw new Error(`${e.message}; game: ${JSON.stringify(g)}; page: ${(await promptText(p)).slice(0, 300)}`);
      });
    }
    const st = await stateOf<FairState>(tp, gameId);
    assert.equal(st.phase, 'over');
    assert.equal(st.seats[0]!.points >= 3, true, 'Aude won the relic');
    await clo.goto(`${tp.url}/games/${gameId}/log`);
    const log = await clo.locator('main').innerText();
    assert.match(log, /Fin de la partie/);
    assert.match(log, /\(délai écoulé\)/);
    assert.match(log, /Délai écoulé pour : Clothilde/);
    assert.match(log, /action libre \(Aude\)/);
    await clo.screenshot({ path: new URL('prompt-log-1366.png', ARTIFACTS).pathname, fullPage: true });
    await ber.goto(`${tp.url}/games/${gameId}/log`);
    await noOverflow(ber, 390, 'the log');
    await ber.screenshot({ path: new URL('prompt-log-390.png', ARTIFACTS).pathname });
    await ber.goto(url);
    await noOverflow(ber, 390, 'the finished game');
    await ber.screenshot({ path: new URL('prompt-end-390.png', ARTIFACTS).pathname });
    // Until the live pages are merged, the page's /static/live.js is missing (TODO(live): nothing to leave out then).
    assert.deepEqual(LIVE ? errors : errors.filter((e) => !/live\.js|status of 404/.test(e)), []);
  });
});
