/**
 * axe-core (WCAG 2.1 A and AA: tags wcag2a, wcag2aa, wcag21a, wcag21aa) on every main page state,
 * in Chromium at 1366 px and at 390 px, both rulesets (issue 22): home, help, sign-up and login
 * (blank and after a failed attempt), a refused password reset and validation code, the 404 page, account, notifications, lobby, games list with the creation
 * form (blank and with an error), a private game's join form (blank, wrong password, refused seat choices), game page, order page (blank and with issues), map, report,
 * statistics, forum, letters, a gazette with an image, the tools with results (battle simulator,
 * Argentier, treasury, a simulator given bad input) and a game of prompts' /play page. Any
 * violation fails the test, named with its page state, rule and elements; KNOWN lists the few left
 * to the order-page and map/chart work (issue 22 §1–§2), each with its page state and rule.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser as Chromium, Page } from 'playwright-core';
import '../engine/fair-ruleset.ts';
import { games } from '../../src/platform/games/service.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { playerOf, startTestPlatform, stateOf, waitForStep, type TestPlatform } from './util.ts';
import { loggedIn, logIn, newUser, type TestUser as U } from './users.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Violations left to the other parts of issue 22, by page state (the names below) and rule id:
 * the order pages belong to its §1, the maps and charts to its §2. Empty it as they land.
 */
const KNOWN: { state: RegExp; rule: string; why: string }[] = [
];

interface Violation { state: string; rule: string; impact: string | null; help: string; targets: string[] }

async function axe(p: Page, state: string): Promise<Violation[]> {
  // Evaluated by the driver rather than added as a script tag: the pages' CSP (script-src 'self')
  // stays in force and refuses inline scripts.
  if (!(await p.evaluate('typeof window.axe === "object"'))) await p.evaluate(AXE_SOURCE);
  const found = await p.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} }, resultTypes: ['violations'] })
    .then((r) => r.violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 6) })))`) as Omit<Violation, 'state'>[];
  return found.map((v) => ({ state, ...v }));
}

describe('axe-core: no WCAG 2.1 A/AA violation on the main pages', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let alice: U, bob: U;
  const ids: Record<string, number> = {};
  let fair = 0;
  let joinable = 0;
  const homes: Record<string, string> = {};
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite', { tickMs: 100 });
    chromium = await launchBrowser();
    alice = await newUser(tp, 'axe_alice', 'fr');
    bob = await newUser(tp, 'axe_bob', 'en');
    const ctx = tp.platform.ctx;
    for (const [r, map] of [['gloire-et-pouvoir', 'scandinavia'], ['adventurer-kings', 'standard']] as const) {
      const id = await games.create(ctx, {
        ruleset: r, name: `Accessible ${r}`, options: { map }, seed: `axe-${r}`,
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: true,
      });
      const pa = await playerOf(tp, id, alice.id);
      await games.setReady(ctx, id, pa, true);
      await games.setReady(ctx, id, await playerOf(tp, id, bob.id), true);
      await waitForStep(tp, id, 1);
      ids[r] = id;
      if (r === 'gloire-et-pouvoir') {
        const s = await stateOf<{ territories: Record<string, { id: string; owner: string | null }> }>(tp, id);
        homes[r] = Object.values(s.territories).find((x) => x.owner === pa)!.id;
      }
    }
    fair = await games.create(ctx, {
      ruleset: 'test/fair', name: 'Foire accessible', options: {}, hostUserId: alice.id, isPrivate: true,
      seats: [{ userId: alice.id, lordName: 'Aude' }, { userId: bob.id, lordName: 'Bérenger' }], maxPlayers: 2, prompts: { pace: 'live' },
    });
    // A private Adventurer Kings game of Bob's, waiting for lords: Alice's join form (its seat form too).
    joinable = await games.create(ctx, {
      ruleset: 'adventurer-kings', name: 'Rois à rejoindre', options: { map: 'standard' }, hostUserId: bob.id, isPrivate: true, password: 'sesame',
      seats: [{ userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 3,
    });
    // A forum thread, a letter and a gazette article with an image (no alt text given) in each game.
    const a = await loggedIn(tp, alice);
    for (const id of Object.values(ids)) {
      await a.get(`/games/${id}`);
      for (const [path, form] of [
        ['forum', { title: 'Alliance ?', body: 'Qui veut signer un pacte ?' }],
        ['letters', { to: await playerOf(tp, id, bob.id), subject: 'Paix', body: 'Faisons la paix, cousin.' }],
        ['gazette', { title: 'Le roi est nu', body: '<p>Le <b>roi</b> est <i>nu</i>.<img src="https://img.example/roi.png"></p>' }],
      ] as const) {
        const r = await a.post(`/games/${id}/${path}`, form, { follow: false });
        assert.equal(r.status, 303, `${path}: ${r.text.slice(0, 300)}`);
      }
    }
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  for (const width of [1366, 390]) {
    test(`at ${width} px`, { timeout: 600_000 }, async () => {
      const found: Violation[] = [];
      const states: string[] = [];
      const check = async (p: Page, state: string) => { await p.waitForLoadState('load'); found.push(...await axe(p, state)); states.push(state); };

      // Anonymous pages, the failed forms included.
      const anon = await chromium.newContext({ viewport: { width, height: 900 }, locale: 'fr-FR' });
      const p0 = watchErrors(await anon.newPage(), errors);
      for (const [state, path] of [['home', '/'], ['help', '/help'], ['help-gp', '/help/gloire-et-pouvoir'], ['help-ak', '/help/adventurer-kings'], ['signup', '/signup'], ['login', '/login']]) {
        await p0.goto(`${tp.url}${path}`);
        await check(p0, state!);
      }
      await p0.goto(`${tp.url}/signup`);
      await p0.fill('#login', 'x');
      await p0.fill('#email', 'pas-une-adresse');
      await Promise.all([p0.waitForURL(/\/signup/), p0.click('form[action="/signup"] button[type=submit]')]);
      await check(p0, 'signup-errors');
      await p0.goto(`${tp.url}/login`);
      await p0.fill('#login', 'personne');
      await p0.fill('#password', 'mauvais-mot-de-passe');
      await Promise.all([p0.waitForURL(/\/login/), p0.click('form[action="/login"] button[type=submit]')]);
      await check(p0, 'login-errors');
      await p0.goto(`${tp.url}/reset`);
      await p0.fill('#email', 'pas-une-adresse');
      await Promise.all([p0.waitForURL(/\/reset/), p0.click('form[action="/reset"] button[type=submit]')]);
      await check(p0, 'reset-errors');
      await p0.goto(`${tp.url}/validate?login=personne`);
      await p0.fill('#code', 'ABC-123');
      await Promise.all([p0.waitForURL(/\/validate/), p0.click('form[action="/validate"] button[type=submit]')]);
      await check(p0, 'validate-errors');
      assert.equal((await p0.goto(`${tp.url}/nulle-part`))?.status(), 404);
      await check(p0, 'not-found');
      await anon.close();

      // Alice's pages.
      const bctx = await chromium.newContext({ viewport: { width, height: 900 }, locale: 'fr-FR' });
      const p = watchErrors(await bctx.newPage(), errors);
      await logIn(p, tp.url, alice);
      for (const [state, path] of [['home-logged-in', '/'], ['account', '/account'], ['notifications', '/account/notifications'], ['lobby', '/lobby'], ['games', '/games']]) {
        await p.goto(`${tp.url}${path}`);
        await check(p, state!);
      }
      await p.goto(`${tp.url}/games`);
      await p.fill('#create input[name=name]', 'Sans seigneur');
      await p.fill('#create input[name=password]', 'secret');
      await Promise.all([p.waitForLoadState('load'), p.click('#create button.primary[type=submit]')]);
      await check(p, 'create-errors');
      // Joining Bob's private game: a wrong password, then a King's choices refused.
      await p.goto(`${tp.url}/games/${joinable}`);
      await check(p, 'join');
      await p.fill('#join-lordName', 'Aliénor');
      await p.fill('#join-password', 'mauvais');
      await Promise.all([p.waitForLoadState('load'), p.click('form[action$="/join"] button[type=submit]')]);
      await check(p, 'join-errors');
      await p.fill('#seat-adventurer-kings-Me', '3');
      await p.fill('#join-password', 'sesame');
      await Promise.all([p.waitForLoadState('load'), p.click('form[action$="/join"] button[type=submit]')]);
      assert.equal(await p.locator('#seat-adventurer-kings-Me').getAttribute('aria-invalid'), 'true');
      await check(p, 'join-seat-errors');

      for (const [r, short] of [['gloire-et-pouvoir', 'gp'], ['adventurer-kings', 'ak']] as const) {
        const id = ids[r]!;
        const pa = await playerOf(tp, id, alice.id);
        await games.saveSheet(tp.platform.ctx, id, pa, '');
        const pages: [string, string][] = [
          ['game', `/games/${id}`], ['orders', `/games/${id}/orders`], ['map', `/games/${id}/map`],
          ['report', `/games/${id}/reports/1`], ['stats', `/games/${id}/stats`], ['forum', `/games/${id}/forum`],
          ['letters', `/games/${id}/letters`], ['gazette', `/games/${id}/gazette`],
          ...(short === 'gp'
            ? [['tool-argentier', `/games/${id}/tools/argentier?${new URLSearchParams({ [`imp:${homes[r]}`]: '5' })}`], ['tool-battle', `/games/${id}/tools/battle?runs=200`], ['tool-battle-bad', `/games/${id}/tools/battle?men=400&runs=-4&target=atlantis&garrison=many`]] as [string, string][]
            : [['tool-battle', `/games/${id}/tools/battle?runs=200`], ['tool-treasury', `/games/${id}/tools/treasury`], ['tool-battle-bad', `/games/${id}/tools/battle?runs=-4&province=atlantis&d1n=many&general=999`]] as [string, string][]),
        ];
        for (const [state, path] of pages) {
          const res = await p.goto(`${tp.url}${path}`);
          assert.equal(res?.status(), 200, `${path}`);
          await check(p, `${short}:${state}`);
        }
        // The thread and letter pages themselves.
        for (const [state, sel] of [['forum-thread', 'a[href*="/forum/"]'], ['letter-thread', 'a[href*="/letters/"]']] as const) {
          await p.goto(`${tp.url}/games/${id}/${state.startsWith('forum') ? 'forum' : 'letters'}`);
          const href = await p.locator(`main ${sel}`).first().getAttribute('href');
          assert.ok(href, `${short}: a link to a ${state}`);
          await p.goto(`${tp.url}${href}`);
          await check(p, `${short}:${state}`);
        }
        // The order page with issues (a line the referee refuses).
        await games.saveSheet(tp.platform.ctx, id, pa, 'XYZ 1 2 3');
        await p.goto(`${tp.url}/games/${id}/orders`);
        await check(p, `${short}:orders-issues`);
        await games.saveSheet(tp.platform.ctx, id, pa, '');
      }
      await p.goto(`${tp.url}/games/${fair}/play`);
      await check(p, 'prompt-play');
      await p.goto(`${tp.url}/games/${fair}`);
      await check(p, 'prompt-game');
      await bctx.close();

      assert.ok(states.length >= 50, `every page state was checked: ${states.join(', ')}`);
      const known = (v: Violation) => KNOWN.some((k) => k.rule === v.rule && k.state.test(v.state));
      const left = found.filter((v) => !known(v));
      assert.deepEqual(left.map((v) => `${v.state} · ${v.rule} (${v.impact}): ${v.help} — ${v.targets.join(' | ')}`), [],
        `axe-core at ${width} px`);
      // The failed sign-up, login and creation answer 400 and 401, which Chromium logs; the
      // gazette's image is on a host that does not exist.
      assert.deepEqual(errors.filter((e) => !/status of (400|401|404) |net::ERR_/.test(e)), []);
    });
  }
});
