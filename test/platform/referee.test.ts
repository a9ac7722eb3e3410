/**
 * The referee's work runs in worker threads with time budgets (platform/referee/pool.ts), on both
 * databases: a turn whose referee never ends is stopped at its budget and recorded as a failure
 * (the back-off applies, the host is mailed, the game says so) while every other page answers; a
 * players' tool that never ends answers with a message at its budget; tools are rate-limited per
 * account; PNG maps are drawn once per state; a new game's options are dry-run at creation. And in
 * Chromium: the demo plays on while a simulator request is stuck.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { refereeTaskCounts } from '../../src/platform/referee/pool.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { clearFaults, FAULTY, setFaults } from './faulty-ruleset.ts';
import { Browser, pageText } from './http.ts';
import { newUser, loggedIn, type TestUser } from './users.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';

const BUDGET_MS = 3000;

/** A running game of the faulty ruleset (Gloire & Pouvoir with injected faults): the host and four bots. */
async function faultyGame(tp: TestPlatform, host: TestUser, name: string): Promise<number> {
  return games.create(tp.platform.ctx, {
    ruleset: FAULTY, name, options: { map: 'scandinavia' }, hostUserId: host.id,
    seats: [{ userId: host.id, lordName: 'Harald' }, ...['Sven', 'Knut', 'Erik', 'Olaf'].map((lordName) => ({ userId: null, lordName }))],
  });
}

/** Runs `slow` and, while it has not settled, `other` again and again: how many times `other` finished first. */
async function answersMeanwhile(slow: Promise<unknown>, other: () => Promise<void>): Promise<number> {
  let settled = false;
  void slow.then(() => { settled = true; }, () => { settled = true; });
  let n = 0;
  while (!settled) {
    await other();
    if (!settled) n++;
  }
  return n;
}

for (const kind of DB_KINDS) {
  describe(`the referee in worker threads (${kind})`, () => {
    let tp: TestPlatform;
    let host: TestUser;
    before(async () => {
      // No background scheduler (neither its timer nor a wake-up by a request): the test runs the
      // turn job itself and asserts what each call returns, which a scheduler pass would race.
      tp = await startTestPlatform(kind, { turnBudgetMs: BUDGET_MS, toolBudgetMs: BUDGET_MS }, { scheduler: false });
      host = await newUser(tp, `host${kind}`, 'en');
    });
    after(async () => { clearFaults(); await tp?.close(); });

    test('a turn whose referee never ends is stopped at its budget: failed, back-off, host mailed, pages answer meanwhile', async () => {
      const ctx = tp.platform.ctx;
      const id = await faultyGame(tp, host, 'Endless');
      const b = await loggedIn(tp, host);
      const anon = new Browser(tp.url);
      const g0 = (await tp.db.one<{ deadline: Date; state_hash: string }>('SELECT deadline, state_hash FROM games WHERE id = $1', [id]))!;
      tp.clock.now = new Date(new Date(g0.deadline).getTime() + 1000);
      setFaults({ resolve: 'hang' });
      const resolving = games.runDue(ctx);
      const answered = await answersMeanwhile(resolving, async () => {
        assert.equal((await anon.get('/')).status, 200);
        assert.equal((await b.get(`/games/${id}`)).status, 200);
      });
      assert.equal(await resolving, 0, 'nothing resolved');
      assert.ok(answered >= 1, `pages answered ${answered} times while the referee was stuck`);
      clearFaults();

      const g = (await tp.db.one<{ step: number; attempts: number; last_error: string; claimed_by: string | null; state_hash: string }>(
        'SELECT step, attempts, last_error, claimed_by, state_hash FROM games WHERE id = $1', [id]))!;
      assert.deepEqual([g.step, g.attempts, g.claimed_by, g.state_hash], [0, 1, null, g0.state_hash], 'the previous turn is intact, one failure recorded');
      assert.match(g.last_error, /time budget/);
      const mail = await tp.db.one<{ subject: string; text: string }>('SELECT subject, text FROM outbox WHERE to_addr = $1 AND subject LIKE $2', [host.email, 'Resolution failed%']);
      assert.ok(mail, 'the host is mailed');
      assert.match(mail!.text, /turn 1 .*time budget \(3 s\)/s);
      assert.match(pageText((await b.get(`/games/${id}`)).text), /Resolving this turn failed; the host has been told/);
      assert.match(pageText((await b.get(`/games/${id}/orders`)).text), /Resolving this turn failed/);

      // The back-off: no new attempt at once; after it, the turn resolves and the notice goes.
      assert.equal(await games.runDue(ctx), 0);
      assert.equal((await tp.db.one<{ attempts: number }>('SELECT attempts FROM games WHERE id = $1', [id]))!.attempts, 1, 'not retried before the back-off');
      tp.clock.now = new Date(tp.clock.now.getTime() + 6_000);
      assert.equal(await games.runDue(ctx), 1, JSON.stringify(await tp.db.one('SELECT attempts, last_error, claimed_by FROM games WHERE id = $1', [id])));
      const after1 = (await tp.db.one<{ step: number; attempts: number }>('SELECT step, attempts FROM games WHERE id = $1', [id]))!;
      assert.deepEqual([after1.step, after1.attempts], [1, 0]);
      assert.doesNotMatch(pageText((await b.get(`/games/${id}`)).text), /Resolving this turn failed/);
      assert.equal(await tp.db.one('SELECT 1 FROM outbox WHERE to_addr = $1 AND subject LIKE $2 OFFSET 1', [host.email, 'Resolution failed%']), null, 'one mail per failing turn');
    });

    test('a tool that never ends answers with a message at its budget; other pages answer meanwhile', async () => {
      const id = await faultyGame(tp, host, 'Stuck tool');
      const b = await loggedIn(tp, host);
      setFaults({ tool: 'hang' });
      const stuck = b.get(`/games/${id}/tools/battle?runs=1`);
      const answered = await answersMeanwhile(stuck, async () => { assert.equal((await b.get(`/games/${id}/orders`)).status, 200); });
      const r = await stuck;
      clearFaults();
      assert.ok(answered >= 1, `the order page answered ${answered} times while the tool was stuck`);
      assert.equal(r.status, 200);
      assert.match(pageText(r.text), /The computation ran out of its time \(3 s\) and was stopped/);
      // The tool works again at once (the stuck thread was terminated, a fresh one runs).
      const again = await b.get(`/games/${id}/tools/argentier`);
      assert.match(again.text, /id="tool-result"/, pageText(again.text).slice(0, 1500));
    });

    test('tools are rate-limited per account: a burst, then one every few seconds', async () => {
      const u = await newUser(tp, `burst${kind}`, 'fr');
      const id = await faultyGame(tp, u, 'Burst');
      const b = await loggedIn(tp, u);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await b.get(`/games/${id}/tools/joust?runs=1`)).status);
      assert.deepEqual(statuses.slice(0, 10), Array(10).fill(200), 'ten at once');
      assert.ok(statuses.slice(10).includes(429), `then slowed down: ${statuses.join(' ')}`);
      const slowed = await b.get(`/games/${id}/tools/joust?runs=1`);
      assert.equal(slowed.status, 429);
      assert.match(pageText(slowed.text), /Trop de calculs demandés coup sur coup : réessayez dans \d+ s/);
      // Another player is not slowed by it.
      const other = await loggedIn(tp, host);
      const hostGame = await faultyGame(tp, host, 'Unhurried');
      assert.equal((await other.get(`/games/${hostGame}/tools/joust?runs=1`)).status, 200);
    });

    test('a PNG map is drawn once per state, then served from the cache', async () => {
      const id = await faultyGame(tp, host, 'Pictures');
      const b = await loggedIn(tp, host);
      const first = await b.get(`/games/${id}/map.png`);
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('content-type'), 'image/png');
      const drawn = refereeTaskCounts().png;
      const second = await b.get(`/games/${id}/map.png`);
      assert.equal(second.status, 200);
      assert.equal(refereeTaskCounts().png, drawn, 'not drawn again');
      assert.equal(second.text, first.text);
    });

    test('a new game\'s options are dry-run: settings whose first turn fails or runs too long are refused, in the host\'s language', async () => {
      const fr = await newUser(tp, `dry${kind}`, 'fr');
      const b = await loggedIn(tp, fr);
      const form = async () => {
        await b.get('/games/new');
        return b.post('/games', { map: `${FAULTY}/scandinavia`, name: 'Essai', lordName: 'Harald', lords: '10', password: 'secret', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', config: '' });
      };
      setFaults({ resolve: 'throw' });
      let r = await form();
      assert.match(pageText(r.text), /L’arbitre refuse ces réglages : l’arbitre n’a pas pu jouer un premier tour avec ces réglages \(boom in resolve\)/);
      setFaults({ resolve: 'hang' });
      r = await form();
      assert.match(pageText(r.text), /Avec ces réglages, un seul tour dure plus de 3 s : choisissez des valeurs plus modestes/);
      clearFaults();
      r = await form();
      assert.match(r.path, /^\/games\/\d+$/, `created once the settings play: ${pageText(r.text).slice(0, 2000)}`);
    });
  });
}

describe('the demo in Chromium while a simulator request is stuck', { skip: BROWSER_SKIP }, () => {
  test('the demo plays on: order page, guided entry saved, ready', { timeout: 120_000 }, async () => {
    const tp = await startTestPlatform('pglite', { toolBudgetMs: 30_000 });
    const chromium = await launchBrowser();
    try {
      const host = await newUser(tp, 'stuckhost', 'en');
      const id = await faultyGame(tp, host, 'Stuck');
      const b = await loggedIn(tp, host);
      setFaults({ tool: 'hang' });
      let stuckDone = false;
      const stuck = b.get(`/games/${id}/tools/battle?runs=1`).finally(() => { stuckDone = true; });

      const errors: string[] = [];
      const page = watchErrors(await chromium.newPage(), errors);
      await page.goto(`${tp.url}/`);
      await page.click('form[action="/demo"] button');
      await page.waitForURL(/\/games\/\d+\/orders$/);
      await page.locator('#sheet-text').fill('LEV 1\n');
      await page.locator('#save-status').filter({ hasText: /\d\d:\d\d/ }).waitFor({ timeout: 15_000 });
      await page.click('#ready-button');
      // A line with an issue: "ready" warns once, the second click confirms (issue 13 §4).
      await page.waitForFunction(() => document.querySelector('#ready-form')?.classList.contains('is-ready') || !(document.getElementById('ready-warning') as HTMLElement).hidden);
      if (await page.locator('#ready-warning').isVisible()) await page.click('#ready-button');
      await page.waitForFunction(() => document.querySelector('#ready-form')?.classList.contains('is-ready'));
      assert.equal(stuckDone, false, 'the simulator request was still stuck while the demo was played');
      assert.deepEqual(errors, []);
      clearFaults();
      await stuck;
    } finally {
      clearFaults();
      await chromium.close();
      await tp.close();
    }
  });
});
