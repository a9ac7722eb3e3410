/**
 * Refused forms and narrow screens, in Chromium, from the keyboard (issue 22 §4): a failed sign-up,
 * login and game creation each come back with a title starting « Erreur », the focus on the first
 * field in error, that field marked aria-invalid and described (aria-describedby) by the message;
 * the skip link is the first stop of the keyboard and leads to the main content; the header's
 * navigation is named and its language link says, in its own language, which language it offers.
 * Reflow: at 320 px no page of §4 scrolls sideways (document.scrollingElement.scrollWidth <=
 * innerWidth): account, notifications, games and creation, lobby, game page, order pages and their
 * "My domain", the Argentier, the Adventurer Kings treasury, statistics, help, sign-up.
 * Screenshots: test/artifacts/a11y-*.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser as Chromium } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { BROWSER_SKIP, focusedOn, launchBrowser, submit, watchErrors } from './browser.ts';
import { playerOf, startTestPlatform, stateOf, waitForStep, type TestPlatform } from './util.ts';
import { logIn, newUser, type TestUser as U } from './users.ts';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);

describe('accessible forms and reflow', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let alice: U;
  const ids: Record<string, number> = {};
  const errors: string[] = [];
  let home = '';

  before(async () => {
    tp = await startTestPlatform('pglite', { tickMs: 100 });
    chromium = await launchBrowser();
    alice = await newUser(tp, 'forms_alice', 'fr');
    const bob = await newUser(tp, 'forms_bob', 'en');
    const ctx = tp.platform.ctx;
    for (const [r, map] of [['gloire-et-pouvoir', 'scandinavia'], ['adventurer-kings', 'standard']] as const) {
      const id = await games.create(ctx, {
        ruleset: r, name: `Reflow ${r}`, options: { map }, seed: `reflow-${r}`,
        seats: [{ userId: alice.id, lordName: 'Aliénor de Poitiers-Aquitaine' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: true,
      });
      await games.setReady(ctx, id, await playerOf(tp, id, alice.id), true);
      await games.setReady(ctx, id, await playerOf(tp, id, bob.id), true);
      await waitForStep(tp, id, 1);
      ids[r] = id;
    }
    const pa = await playerOf(tp, ids['gloire-et-pouvoir']!, alice.id);
    const s = await stateOf<{ territories: Record<string, { id: string; owner: string | null }> }>(tp, ids['gloire-et-pouvoir']!);
    home = Object.values(s.territories).find((x) => x.owner === pa)!.id;
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('refused sign-up, login and creation: « Erreur » title, focus on the first field in error, aria-invalid and its message', { timeout: 180_000 }, async () => {
    const anon = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR' });
    const p = watchErrors(await anon.newPage(), errors);

    // The skip link comes first and leads to the main content; the header's navigation is named.
    await p.goto(`${tp.url}/help`);
    await p.keyboard.press('Tab');
    assert.equal(await p.evaluate('document.activeElement.textContent'), 'Aller au contenu');
    await p.keyboard.press('Enter');
    assert.equal(await p.evaluate('document.activeElement.id'), 'main');
    await p.goto(`${tp.url}/signup`);
    assert.equal(await p.getByRole('navigation', { name: 'Navigation du site' }).count(), 1);
    const langLink = p.getByRole('link', { name: 'English' });
    assert.equal(await langLink.getAttribute('lang'), 'en');
    assert.equal(await langLink.getAttribute('hreflang'), 'en');
    assert.equal((await focusedOn(p, 'login')).id, 'login', 'the sign-up form opens on its first field');

    // Sign-up, from the keyboard: a login too short, a bad address; the login takes the focus.
    await p.goto(`${tp.url}/signup`);
    await focusedOn(p, 'login');
    await p.keyboard.type('x');
    await p.keyboard.press('Tab');
    await p.keyboard.type('pas-une-adresse');
    await submit(p);
    assert.match(await p.title(), /^Erreur : Inscription/);
    let f = await focusedOn(p, 'login');
    assert.equal(f.id, 'login');
    assert.equal(f.invalid, 'true');
    assert.match(f.described, /3 à 24 caractères.*\|.+/, `the login's help and its message: ${f.described}`);
    assert.equal(await p.locator('#email').getAttribute('aria-invalid'), 'true');
    assert.equal(await p.locator('#password').getAttribute('aria-invalid'), 'true');
    await p.screenshot({ path: new URL('a11y-signup-errors.png', ARTIFACTS).pathname, fullPage: true });

    // A good login and password, a bad address: the focus goes to the address (not the login).
    await p.keyboard.press('Control+A');
    await p.keyboard.type('Perceval');
    await p.keyboard.press('Tab');
    await p.keyboard.press('Tab');
    await p.keyboard.type('graal-1234');
    await p.keyboard.press('Tab');
    await p.keyboard.type('graal-1234');
    await submit(p);
    f = await focusedOn(p, 'email');
    assert.equal(f.id, 'email');
    assert.equal(f.invalid, 'true');
    assert.match(f.described, /adresse/i);
    assert.equal(await p.locator('#login').getAttribute('aria-invalid'), null, 'the login is no longer in error');

    // Login: a wrong password; the title says so and the focus is on the login field, tied to the message.
    await p.goto(`${tp.url}/login`);
    await focusedOn(p, 'login');
    await p.keyboard.type('personne');
    await p.keyboard.press('Tab');
    await p.keyboard.type('mauvais-mot-de-passe');
    await submit(p);
    assert.match(await p.title(), /^Erreur : Connexion/);
    f = await focusedOn(p, 'login');
    assert.equal(f.id, 'login');
    assert.equal(f.invalid, 'true');
    assert.match(f.described, /Identifiant ou mot de passe incorrect/);
    assert.equal(await p.locator('#password').getAttribute('aria-describedby'), 'login-error');
    await anon.close();

    // Game creation in English: no lord name; then a bad JSON.
    const ctx = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
    const q = watchErrors(await ctx.newPage(), errors);
    await logIn(q, tp.url, alice);
    await q.goto(`${tp.url}/lang/en`);
    await q.goto(`${tp.url}/games`);
    assert.equal(await q.getByRole('link', { name: 'Français' }).getAttribute('lang'), 'fr');
    await q.focus('#create-name');
    await q.keyboard.type('Nameless');
    await q.focus('#create-password');
    await q.keyboard.type('secret');
    await submit(q);
    assert.match(await q.title(), /^Error: Games/);
    f = await focusedOn(q, 'create-lordName');
    assert.equal(f.id, 'create-lordName');
    assert.equal(f.invalid, 'true');
    assert.ok(f.described.length > 5, 'the lord name is described by its message');
    assert.equal(await q.getByRole('textbox', { name: /lord’s name/ }).getAttribute('aria-invalid'), 'true');
    await q.keyboard.type('Aliénor');
    await q.focus('#create-config');
    await q.keyboard.type('{ not json');
    await q.focus('#create-name');
    await submit(q);
    f = await focusedOn(q, 'create-config');
    assert.equal(f.id, 'create-config');
    assert.equal(f.invalid, 'true');
    assert.match(f.described, /JSON|\{/);
    await q.screenshot({ path: new URL('a11y-create-errors.png', ARTIFACTS).pathname, fullPage: true });
    await ctx.close();
    assert.deepEqual(errors.filter((e) => !/status of (400|401) /.test(e)), []);
  });

  test('at 320 px: no page of issue 22 §4 scrolls sideways', { timeout: 300_000 }, async () => {
    const bctx = await chromium.newContext({ viewport: { width: 320, height: 700 }, locale: 'fr-FR' });
    const p = watchErrors(await bctx.newPage(), errors);
    await p.goto(`${tp.url}/signup`);
    const wide: string[] = [];
    const measure = async (what: string) => {
      const m = await p.evaluate(`(() => {
        // The element sticking out furthest, outside any box that scrolls (named in the message).
        const vw = window.innerWidth;
        let widest = '', max = vw;
        const clipped = (el) => { for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(a).overflowX)) return true; return false; };
        for (const el of document.querySelectorAll('body *')) {
          const r = el.getBoundingClientRect();
          if (r.right > max + 0.5 && !clipped(el)) { max = r.right; widest = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : ''); }
        }
        return { scroll: document.scrollingElement.scrollWidth, inner: vw, widest };
      })()`) as { scroll: number; inner: number; widest: string };
      if (m.scroll > m.inner) wide.push(`${what}: ${m.scroll} px > ${m.inner} px (widest: ${m.widest})`);
    };
    await measure('/signup');
    await logIn(p, tp.url, alice);
    const gp = ids['gloire-et-pouvoir']!;
    const ak = ids['adventurer-kings']!;
    const paths = [
      '/', '/account', '/account/notifications', '/games', '/lobby', '/help', '/help/gloire-et-pouvoir',
      `/games/${gp}`, `/games/${gp}/orders`, `/games/${gp}/stats`, `/games/${gp}/tools/argentier?${new URLSearchParams({ [`imp:${home}`]: '5' })}`, `/games/${gp}/tools/battle`,
      `/games/${gp}/reports/1`, `/games/${gp}/forum`, `/games/${gp}/letters`, `/games/${gp}/gazette`,
      `/games/${ak}`, `/games/${ak}/orders`, `/games/${ak}/stats`, `/games/${ak}/tools/treasury`, `/games/${ak}/tools/battle`, `/games/${ak}/reports/1`,
    ];
    for (const path of paths) {
      const r = await p.goto(`${tp.url}${path}`);
      assert.equal(r?.status(), 200, path);
      await measure(path);
      if (path === '/account/notifications') {
        // The preferences table scrolls in its own box at this width: a named region, reached by Tab.
        const box = p.locator('.table-wrap');
        assert.equal(await box.getAttribute('tabindex'), '0');
        assert.equal(await box.getAttribute('role'), 'region');
        assert.ok((await box.getAttribute('aria-label'))?.length, 'the scrolling box is named');
      }
      if (/\/orders$|argentier|treasury/.test(path)) await p.screenshot({ path: new URL(`a11y-320-${path.split('/').filter(Boolean).slice(-1)[0]!.replace(/\?.*/, '')}-${path.includes(`/${ak}/`) ? 'ak' : 'gp'}.png`, ARTIFACTS).pathname, fullPage: false });
    }
    await bctx.close();
    assert.deepEqual(wide, []);
    assert.deepEqual(errors.filter((e) => !/status of (400|401) /.test(e)), []);
  });
});
