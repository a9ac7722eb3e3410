/**
 * The rest of issue 22's forms and pages, in Chromium, from the keyboard: joining a private game
 * (no lord name, a wrong password, a King's choices refused by the ruleset's seat form), asking for
 * a password reset with a bad address, choosing a new password too short, and a wrong validation
 * code each come back with a title starting « Erreur » / "Error", the focus on the first field in
 * error, and that field aria-invalid and described (aria-describedby) by its message. The 404 page
 * has its h1. On a game of prompts' /play page every field is named by its visible label (not an
 * aria-label) and the required ones are aria-required; an optional field says "(facultatif)".
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser as Chromium } from 'playwright-core';
import '../engine/fair-ruleset.ts';
import { fieldInput, fieldLabel } from '../../src/platform/games/guided-form.ts';
import { games } from '../../src/platform/games/service.ts';
import { BROWSER_SKIP, focusedOn, launchBrowser, submit, watchErrors } from './browser.ts';
import { startTestPlatform, type TestPlatform } from './util.ts';
import { logIn, newUser, type TestUser as U } from './users.ts';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);

describe('accessible forms and pages: join, reset, validation, 404, /play', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let alice: U, bob: U;
  let gp = 0, ak = 0, fair = 0;
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite', { tickMs: 100 });
    chromium = await launchBrowser();
    alice = await newUser(tp, 'rest_alice', 'fr');
    bob = await newUser(tp, 'rest_bob', 'en');
    const ctx = tp.platform.ctx;
    // Two private games waiting for lords: one without a seat form, one with (Adventurer Kings).
    gp = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Cour fermée', options: { map: 'scandinavia' }, hostUserId: alice.id, isPrivate: true, password: 'sesame',
      seats: [{ userId: alice.id, lordName: 'Aliénor' }], maxPlayers: 3,
    });
    ak = await games.create(ctx, {
      ruleset: 'adventurer-kings', name: 'Rois cachés', options: { map: 'standard' }, hostUserId: alice.id, isPrivate: true, password: 'sesame',
      seats: [{ userId: alice.id, lordName: 'Aliénor' }], maxPlayers: 3,
    });
    fair = await games.create(ctx, {
      ruleset: 'test/fair', name: 'Foire nommée', options: {}, hostUserId: alice.id, isPrivate: true,
      seats: [{ userId: alice.id, lordName: 'Aude' }, { userId: bob.id, lordName: 'Bérenger' }], maxPlayers: 2, prompts: { pace: 'live' },
    });
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('joining a private game: lord name, password, the seat form; « Erreur » / "Error" title, focus and aria on the field', { timeout: 180_000 }, async () => {
    const bctx = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-GB' });
    const p = watchErrors(await bctx.newPage(), errors);
    await logIn(p, tp.url, bob);

    // No lord name: the lord's name field is in error and focused.
    await p.goto(`${tp.url}/games/${gp}`);
    await p.focus('#join-password');
    await p.keyboard.type('sesame');
    await submit(p);
    assert.match(await p.title(), /^Error: Cour fermée/);
    let f = await focusedOn(p, 'join-lordName');
    assert.equal(f.id, 'join-lordName');
    assert.equal(f.invalid, 'true');
    assert.ok(f.described.length > 5, `the lord's name is described by its message: ${f.described}`);
    assert.equal(await p.getByRole('textbox', { name: /name/i }).getAttribute('aria-invalid'), 'true');

    // A wrong password: now the password is in error and focused, the lord's name no longer.
    await p.keyboard.type('Bohémond');
    await p.keyboard.press('Tab');
    await p.keyboard.type('wrong password');
    await submit(p);
    assert.match(await p.title(), /^Error: /);
    f = await focusedOn(p, 'join-password');
    assert.equal(f.id, 'join-password');
    assert.equal(f.invalid, 'true');
    assert.match(f.described, /Wrong password/);
    assert.equal(await p.locator('#join-lordName').getAttribute('aria-invalid'), null);
    assert.equal(await p.locator('#join-lordName').inputValue(), 'Bohémond', 'the name typed is kept');
    await p.screenshot({ path: new URL('a11y-join-errors.png', ARTIFACTS).pathname, fullPage: true });

    // Adventurer Kings: 5 talent levels for 4 at most; the first talent field takes the focus,
    // described by the group's message.
    await p.goto(`${tp.url}/games/${ak}`);
    await p.fill('#join-lordName', 'Bohémond');
    await p.fill('#seat-adventurer-kings-Me', '2');
    await p.fill('#seat-adventurer-kings-Ar', '2');
    await p.fill('#seat-adventurer-kings-Sp', '1');
    await p.fill('#join-password', 'sesame');
    await p.focus('#join-password');
    await submit(p);
    assert.match(await p.title(), /^Error: Rois cachés/);
    const first = await p.locator('#seat-adventurer-kings-talents input').first().getAttribute('id');
    f = await focusedOn(p, first!);
    assert.equal(f.id, first, 'the first field of the group in error has the focus');
    assert.match(await p.locator('#seat-adventurer-kings-talents').getAttribute('aria-describedby') ?? '', /talents-error/);
    assert.match(await p.locator('#seat-adventurer-kings-talents-error').innerText(), /5 talent levels asked: 4 at most/);
    assert.equal(await p.locator('#join-password').getAttribute('aria-invalid'), null);
    // A single field refused: it is in error and focused.
    await p.fill('#seat-adventurer-kings-Sp', '');
    await p.fill('#seat-adventurer-kings-Ar', '');
    await p.fill('#seat-adventurer-kings-Me', '3');
    await p.fill('#join-password', 'sesame');
    await p.focus('#join-password');
    await submit(p);
    f = await focusedOn(p, 'seat-adventurer-kings-Me');
    assert.equal(f.id, 'seat-adventurer-kings-Me');
    assert.equal(f.invalid, 'true');
    assert.match(f.described, /0 to 2/);
    await p.screenshot({ path: new URL('a11y-join-seat-errors.png', ARTIFACTS).pathname, fullPage: true });
    await bctx.close();
    assert.deepEqual(errors.filter((e) => !/status of (400|401) /.test(e)), []);
  });

  test('password reset, validation code and 404: « Erreur » title, focus and aria on the field; the 404 page has its h1', { timeout: 180_000 }, async () => {
    const anon = await chromium.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
    const p = watchErrors(await anon.newPage(), errors);

    // A reset asked with something that is not an address.
    await p.goto(`${tp.url}/reset`);
    let f = await focusedOn(p, 'email');
    assert.equal(f.id, 'email', 'the form opens on its field');
    assert.equal(f.invalid, null);
    await p.keyboard.type('pas-une-adresse');
    await submit(p);
    assert.match(await p.title(), /^Erreur : /);
    f = await focusedOn(p, 'email');
    assert.equal(f.id, 'email');
    assert.equal(f.invalid, 'true');
    assert.match(f.described, /adresse/i);
    assert.equal(await p.locator('#email').inputValue(), 'pas-une-adresse');

    // A real reset link, and a new password too short.
    await p.keyboard.press('Control+A');
    await p.keyboard.type(alice.email);
    await submit(p);
    const mail = await tp.smtp.waitFor((m) => m.to.includes(alice.email) && /mot de passe/i.test(m.subject));
    const link = new RegExp(`${tp.url.replace(/[.:/]/g, '\\$&')}/reset/([\\w-]+)`).exec(mail.text)?.[0];
    assert.ok(link, mail.text);
    await p.goto(link);
    assert.equal((await focusedOn(p, 'password')).id, 'password');
    await p.keyboard.type('court');
    await p.keyboard.press('Tab');
    await p.keyboard.type('court');
    await submit(p);
    assert.match(await p.title(), /^Erreur : /);
    f = await focusedOn(p, 'password');
    assert.equal(f.id, 'password');
    assert.equal(f.invalid, 'true');
    assert.match(f.described, /caractères.*\|.+/, `the help and the message: ${f.described}`);
    await p.screenshot({ path: new URL('a11y-reset-errors.png', ARTIFACTS).pathname, fullPage: true });

    // A wrong validation code: the code field is in error and focused.
    await p.goto(`${tp.url}/validate?login=personne`);
    assert.equal((await focusedOn(p, 'code')).id, 'code');
    await p.keyboard.type('ABC-123');
    await submit(p);
    assert.match(await p.title(), /^Erreur : /);
    f = await focusedOn(p, 'code');
    assert.equal(f.id, 'code');
    assert.equal(f.invalid, 'true');
    assert.match(f.described, /pas valable/);
    // No login typed: the login field is the first in error.
    await p.goto(`${tp.url}/validate`);
    await p.focus('#code');
    await p.keyboard.type('ABC-123');
    await submit(p);
    f = await focusedOn(p, 'login');
    assert.equal(f.id, 'login');
    assert.equal(f.invalid, 'true');
    assert.match(f.described, /pas valable/);

    // The 404 page: one h1 saying so, and a way home.
    const r = await p.goto(`${tp.url}/nulle-part/ici`);
    assert.equal(r?.status(), 404);
    assert.equal(await p.getByRole('heading', { level: 1 }).innerText(), 'Page introuvable');
    assert.equal(await p.getByRole('link', { name: 'Retour à l’accueil' }).count(), 1);
    await anon.close();
    assert.deepEqual(errors.filter((e) => !/status of (400|401|404) /.test(e)), []);
  });

  test('/play: fields named by their visible labels, required ones aria-required, optional ones say so', { timeout: 120_000 }, async () => {
    // The rendering of an optional field and a required one, as the /play page writes them.
    const opt = { name: 'note', label: 'Note', kind: 'text', optional: true } as const;
    const req = { name: 'amount', label: 'Or', kind: 'integer', min: 1 } as const;
    assert.equal(String(fieldLabel(opt, 'fr')), 'Note <small class="muted">(facultatif)</small>');
    assert.equal(String(fieldLabel(req, 'en')), 'Or');
    const optHtml = String(fieldInput(opt, { name: 'f_note', id: 'x-note' }));
    const reqHtml = String(fieldInput(req, { name: 'f_amount', id: 'x-amount' }));
    assert.doesNotMatch(optHtml, /aria-label|aria-required|required/);
    assert.match(reqHtml, /aria-required="true"/);
    assert.match(reqHtml, / required/);
    assert.doesNotMatch(reqHtml, /aria-label/);

    const bctx = await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR' });
    const p = watchErrors(await bctx.newPage(), errors);
    await logIn(p, tp.url, alice);
    await p.goto(`${tp.url}/games/${fair}/play`);
    await p.locator('form.action-form').first().waitFor();
    // No field of the page is named by an aria-label: each has a <label> whose text names it.
    const fields = await p.evaluate(`[...document.querySelectorAll('main input:not([type=hidden]), main select, main textarea')].map((el) => ({
      id: el.id, ariaLabel: el.getAttribute('aria-label'), label: el.labels && el.labels[0] ? el.labels[0].textContent.replace(/\\s+/g, ' ').trim() : '',
      required: el.required, ariaRequired: el.getAttribute('aria-required'),
    }))`) as { id: string; ariaLabel: string | null; label: string; required: boolean; ariaRequired: string | null }[];
    assert.ok(fields.length >= 4, `fields on /play: ${JSON.stringify(fields)}`);
    for (const x of fields) {
      assert.equal(x.ariaLabel, null, `${x.id} is named by its label, not an aria-label`);
      assert.ok(x.label.length > 0, `${x.id} has a visible label`);
      if (x.required) assert.equal(x.ariaRequired, 'true', `${x.id} is required: aria-required`);
    }
    // The accessibility tree: the gift's fields are named "À" and "Or", both required.
    const give = p.locator('form.action-form[data-action="give"]');
    const gold = give.getByRole('spinbutton', { name: 'Or', exact: true });
    assert.equal(await gold.count(), 1);
    assert.equal(await gold.getAttribute('aria-required'), 'true');
    assert.equal(await give.getByRole('combobox', { name: 'À', exact: true }).getAttribute('aria-required'), 'true');
    assert.equal(await p.getByRole('spinbutton', { name: /jours/i }).getAttribute('aria-required'), 'true');
    await bctx.close();
    assert.deepEqual(errors.filter((e) => !/status of (400|401|404) /.test(e)), []);
  });
});
