/**
 * Issue 22 §1 in a real browser (Debian's Chromium): the order page for a player who uses the
 * keyboard and a screen reader. Every step is taken with `page.keyboard` (Tab, Enter, typing) —
 * no click — and checked through roles, accessible names and aria-* attributes:
 *
 * - Gloire & Pouvoir (French): each guided-form entry is a group named by its title; "Add" on an
 *   empty entry puts the focus on the required field, marked aria-invalid and described by the
 *   message; filled, the line is added; a save announces how many lines need attention (a status
 *   region); a bad line makes the sheet aria-invalid, described by the list of issues; the issue
 *   is a button that selects its line, fixed by typing over it; "ready" keeps the focus on its
 *   button and its state is announced (role=status); when the turn resolves the page reloads and
 *   shows and focuses "Tour 1 résolu.", with the link to the report;
 * - Adventurer Kings (English): the picker's entries are groups, the add button says what it adds,
 *   required fields are aria-required, a missing one is tied to its message; an issue is a button.
 *
 * Screenshots: test/artifacts/a11y-orders-*.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium, Locator, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { gloireEtPouvoir as gp } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import type { GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { startTestPlatform, type TestPlatform, stateOf, playerOf, waitForStep } from './util.ts';
import { newUser, logIn } from './users.ts';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

const isFocused = (l: Locator): Promise<boolean> => l.evaluate((e) => e === document.activeElement);

/** Tab (forward) until `target` holds the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 400): Promise<void> {
  await target.waitFor({ state: 'attached' });
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`${String(target)} never got the focus after ${max} Tab presses`);
}

/** What an element's aria-describedby points at, as text. */
const description = (l: Locator): Promise<string> => l.evaluate((e) => (e.getAttribute('aria-describedby') ?? '').split(/\s+/)
  .map((id) => document.getElementById(id)?.textContent ?? '').join(' ').replace(/\s+/g, ' ').trim());

const sheetValue = (page: Page): Promise<string> => page.locator('#sheet-text').inputValue();

describe('the order page from the keyboard, as a screen reader hears it (issue 22 §1)', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite', { tickMs: 100 });
    chromium = await launchBrowser();
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('Gloire & Pouvoir: a turn played with the keyboard only, from the guided form to "turn 1 resolved"', { timeout: 240_000 }, async () => {
    const ctx = tp.platform.ctx;
    const alice = await newUser(tp, 'a11y_alice', 'fr');
    const bob = await newUser(tp, 'a11y_bob', 'fr');
    const gameId = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Partie au clavier', options: { map: 'scandinavia' }, seed: 'a11y-orders',
      seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: true,
    });
    const pa = await playerOf(tp, gameId, alice.id);
    const pb = await playerOf(tp, gameId, bob.id);
    const s = await stateOf<GPState>(tp, gameId);
    const form = gp.answerForm!(s, pa, gp.decisions(s)[0]!.id, 'fr');
    const imp = form.groups.flatMap((g) => g.entries).find((e) => e.code === 'IMP')!;
    const territory = imp.fields.find((f) => f.name === 'territory')!;
    assert.ok(territory.kind === 'choice' && territory.options.length > 0, 'a territory to tax');

    const page = watchErrors(await (await chromium.newContext({ viewport: { width: 1366, height: 900 } })).newPage(), errors);
    await logIn(page, tp.url, alice);
    await page.goto(`${tp.url}/games/${gameId}/orders`);

    // Every entry is a group named by its title; every add button says what it adds.
    const entries = page.locator('section.guided .entry');
    const n = await entries.count();
    assert.equal(n, form.groups.reduce((k, g) => k + g.entries.length, 0));
    assert.equal(await page.getByRole('button', { name: /^Ajouter$/, includeHidden: true }).count(), 0, 'no bare "Ajouter"');
    assert.equal(await page.getByRole('button', { name: 'Ajouter : Abdiquer (quitter la partie)', includeHidden: true }).count(), 1, 'the add button of ABD says it abdicates');
    const group = page.getByRole('group', { name: imp.label, exact: true });
    const level = group.getByRole('spinbutton', { name: 'Niveau', exact: true });
    const land = group.getByRole('combobox', { name: 'Terre', exact: true });
    const add = group.getByRole('button', { name: `Ajouter : ${imp.label}`, exact: true });
    // An optional field says so in its name (its group is folded: out of the tree for now).
    const arm = page.getByRole('group', { name: form.groups.flatMap((g) => g.entries).find((e) => e.code === 'ARM')!.label, exact: true, includeHidden: true });
    const optional = arm.getByRole('combobox', { name: 'Chevalier (facultatif)', exact: true, includeHidden: true });
    assert.equal(await optional.count(), 1, 'the optional knight of ARM is named "(facultatif)"');
    assert.equal(await optional.getAttribute('aria-required'), null);

    // The group of IMP is folded: open it from the keyboard.
    const summary = page.locator('details.group', { has: page.locator('.entry[data-code="IMP"]') }).locator('summary');
    await tabTo(page, summary);
    await page.keyboard.press('Enter');
    await add.waitFor();
    // Required fields are exposed.
    assert.equal(await level.getAttribute('aria-required'), 'true');
    assert.equal(await land.getAttribute('aria-required'), 'true');

    // "Add" with nothing filled: the focus goes to the first required field, tied to the message.
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    assert.ok(await isFocused(level), 'the focus is on "Niveau"');
    assert.equal(await level.getAttribute('aria-invalid'), 'true');
    assert.equal(await description(level), 'Remplissez : Niveau');

    // Filled from the keyboard: the line is added to the sheet, the error mark goes.
    await page.keyboard.type('9');
    assert.equal(await level.getAttribute('aria-invalid'), null, 'typing clears the error');
    await page.keyboard.press('Tab');
    assert.ok(await isFocused(land));
    await page.keyboard.press('ArrowDown');
    const chosen = await land.inputValue();
    assert.ok(chosen, 'a territory chosen with the arrow key');
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await page.waitForFunction((l) => (document.getElementById('sheet-text') as HTMLTextAreaElement).value.startsWith(l), `IMP 9 `);
    const first = (await sheetValue(page)).trim();
    assert.match(await group.locator('.entry-msg').textContent() ?? '', new RegExp(`Ligne ajoutée : ${first.replace(/[."]/g, '.')}`));

    // The save announces the count of lines needing attention.
    const status = page.locator('#save-status');
    assert.equal(await status.getAttribute('role'), 'status');
    await status.filter({ hasText: /^Enregistrée à \d\d:\d\d:\d\d — aucune ligne à revoir\.$/ }).waitFor({ timeout: 15_000 });
    const sheet = page.getByRole('textbox', { name: 'Ma feuille d’ordres' });
    assert.equal(await sheet.getAttribute('aria-invalid'), null);

    // A bad line typed in the sheet, saved with the keyboard ("Enregistrer").
    await tabTo(page, sheet);
    await page.keyboard.press('Control+End');
    await page.keyboard.type(`IMP 12 ${chosen}`);
    await tabTo(page, page.getByRole('button', { name: 'Enregistrer', exact: true }));
    await page.keyboard.press('Enter');
    await status.filter({ hasText: /^Enregistrée à \d\d:\d\d:\d\d — 1 ligne à revoir\.$/ }).waitFor({ timeout: 15_000 });
    assert.equal(await sheet.getAttribute('aria-invalid'), 'true', 'the sheet says it holds an issue');
    const described = await description(sheet);
    assert.match(described, /^Un ordre par ligne\..*Lignes à revoir Ligne 2 : .*0 à 10/, described);
    // The gutter's mark is not colour alone (a ✕), and not the only cue: the issue is a button naming the line.
    assert.equal(await page.locator('#sheet-gutter span.bad').textContent(), '2');
    assert.match(await page.locator('#sheet-gutter span.bad').evaluate((e) => getComputedStyle(e, '::before').content), /✕/);
    assert.equal(await page.locator('#save-progress').getAttribute('aria-live'), null, '"modified/saving" are not read out');
    const issue = page.getByRole('button', { name: /^Ligne 2 : / });
    assert.equal(await issue.count(), 1);
    await page.locator('.sheet').screenshot({ path: join(ARTIFACTS, 'a11y-orders-issue.png') });

    // The issue's button selects its line in the sheet; typing replaces it.
    await tabTo(page, issue);
    await page.keyboard.press('Enter');
    assert.ok(await isFocused(sheet), 'the sheet has the focus');
    const selected = await sheet.evaluate((t) => { const a = t as HTMLTextAreaElement; return a.value.slice(a.selectionStart, a.selectionEnd); });
    assert.equal(selected, `IMP 12 ${chosen}`, 'line 2 is selected');
    await page.keyboard.type('CHE 2');
    await status.filter({ hasText: /^Enregistrée à \d\d:\d\d:\d\d — aucune ligne à revoir\.$/ }).waitFor({ timeout: 15_000 });
    assert.equal(await sheet.getAttribute('aria-invalid'), null, 'no issue: the sheet is no longer invalid');
    assert.equal(await sheet.getAttribute('aria-describedby'), 'sheet-help');
    assert.equal(await page.getByRole('button', { name: /^Ligne \d+ : / }).count(), 0);
    assert.equal((await games.sheet(ctx, gameId, pa)).text, `${first}\nCHE 2`);

    // "Ready": the focus stays on the button, the new state is announced.
    const readyButton = page.getByRole('button', { name: 'Mes ordres sont prêts', exact: true });
    await tabTo(page, readyButton);
    await page.keyboard.press('Enter');
    const readyState = page.getByRole('status').filter({ hasText: /^Prêt$/ });
    await page.waitForFunction(() => document.getElementById('ready-state')?.textContent === 'Prêt'
      || !(document.getElementById('ready-warning') as HTMLElement).hidden);
    if (await page.locator('#ready-warning').isVisible()) {
      // A warned line: said once (role=alert), the focus kept, a second Enter confirms.
      assert.equal(await page.locator('#ready-warning').getAttribute('role'), 'alert');
      assert.ok(await isFocused(page.locator('#ready-button')), 'the focus stays on the button after the warning');
      await page.keyboard.press('Enter');
    }
    await readyState.waitFor();
    assert.ok(await isFocused(page.getByRole('button', { name: 'Je ne suis plus prêt', exact: true })), 'the focus stays on the ready button');
    assert.equal((await games.sheet(ctx, gameId, pa)).ready, true);
    await page.locator('#ready-form').screenshot({ path: join(ARTIFACTS, 'a11y-orders-ready.png') });

    // Bohémond is ready too: the turn resolves; the page reloads, says which turn was resolved and
    // puts the focus on that message.
    await games.setReady(ctx, gameId, pb, true);
    await waitForStep(tp, gameId, 1);
    await page.waitForFunction(() => document.activeElement?.id === 'turn-resolved', undefined, { timeout: 60_000 });
    const resolved = page.getByRole('status').filter({ hasText: 'résolu' });
    assert.equal(await resolved.count(), 1);
    assert.match(await resolved.textContent() ?? '', /^Tour 1 résolu\. Lire votre /);
    assert.ok(await isFocused(resolved), 'the message has the focus');
    assert.equal(await resolved.getByRole('link').getAttribute('href'), `/games/${gameId}/reports/1`);
    assert.equal(new URL(page.url()).search, '', 'a later reload does not say it again');
    assert.equal(await page.getByRole('status').filter({ hasText: /^Pas encore prêt$/ }).count(), 1, 'a new turn, not ready');
    assert.equal(await sheetValue(page), '');
    await page.screenshot({ path: join(ARTIFACTS, 'a11y-orders-resolved.png') });
    assert.deepEqual(errors, []);
  });

  test('Adventurer Kings (English): groups, add buttons, required fields and issue buttons', { timeout: 180_000 }, async () => {
    const ctx = tp.platform.ctx;
    const carol = await newUser(tp, 'a11y_carol', 'en');
    const dan = await newUser(tp, 'a11y_dan', 'en');
    const gameId = await games.create(ctx, {
      ruleset: 'adventurer-kings', name: 'Kings by keyboard', options: { map: 'standard' }, seed: 'a11y-orders-ak',
      seats: [{ userId: carol.id, lordName: 'Carol' }, { userId: dan.id, lordName: 'Dan' }], maxPlayers: 2, early: true,
    });
    const pc = await playerOf(tp, gameId, carol.id);
    const s = await stateOf<AKState>(tp, gameId);
    const king = s.characters[Object.values(s.kingdoms).find((k) => k.player === pc)!.king]!;

    const page = watchErrors(await (await chromium.newContext({ viewport: { width: 1366, height: 900 } })).newPage(), errors);
    await logIn(page, tp.url, carol);
    await page.goto(`${tp.url}/games/${gameId}/orders`);

    // The picker's lists are named; the entry shown is a group named by its title.
    for (const name of ['Character', 'When', 'Order']) assert.equal(await page.getByRole('combobox', { name, exact: true }).count(), 1, name);
    const ex = page.locator(`.entry[data-code="${king.id}.1 SP"]`);
    const pick = (await ex.getAttribute('data-pick'))!;
    const section = (await page.locator(`#pick-group option[value="${pick.split(':')[0]}"]`).getAttribute('data-section'))!;
    await page.selectOption('#pick-section', section);
    await page.selectOption('#pick-group', pick.split(':')[0]!);
    await page.selectOption('#pick-entry', pick);
    const label = (await ex.locator('.entry-head strong').textContent())!;
    const group = page.getByRole('group', { name: label, exact: true });
    assert.equal(await group.count(), 1, 'only the entry shown is in the tree');
    assert.equal(await group.getAttribute('data-code'), `${king.id}.1 SP`);
    const add = group.getByRole('button', { name: `Add: ${label}`, exact: true });
    const province = group.getByRole('combobox', { name: 'Province', exact: true });
    assert.equal(await province.getAttribute('aria-required'), 'true');
    // EX's province is optional, and named so.
    const exProvince = page.locator(`.entry[data-code="${king.id}.1 EX"]`).getByRole('combobox', { name: 'Province (optional)', exact: true, includeHidden: true });
    assert.equal(await exProvince.count(), 1);
    assert.equal(await exProvince.getAttribute('aria-required'), null);

    // "Add" with the province missing: the focus goes there, tied to the message.
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    assert.ok(await isFocused(province));
    assert.match(await description(province), /^Fill in: /);
    await province.selectOption(String(king.province));
    assert.equal(await province.getAttribute('aria-invalid'), null);
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await page.waitForFunction((l) => (document.getElementById('sheet-text') as HTMLTextAreaElement).value.includes(l), `${king.id}.1 SP ${king.province}`);
    const status = page.locator('#save-status');
    await status.filter({ hasText: /^Saved at \d\d:\d\d:\d\d — no line to check\.$/ }).waitFor({ timeout: 15_000 });

    // Two bad lines: counted, and each is a button selecting its line.
    const sheet = page.getByRole('textbox', { name: 'My order sheet' });
    await tabTo(page, sheet);
    await page.keyboard.press('Control+End');
    await page.keyboard.type('XX nonsense\nYY more nonsense');
    await status.filter({ hasText: /^Saved at \d\d:\d\d:\d\d — \d+ lines to check\.$/ }).waitFor({ timeout: 15_000 });
    assert.equal(await sheet.getAttribute('aria-invalid'), 'true');
    const buttons = page.getByRole('button', { name: /^Line \d+: / });
    assert.ok(await buttons.count() >= 2, 'the issues are buttons');
    const lineNo = Number(/^Line (\d+)/.exec((await buttons.first().textContent())!)![1]);
    await tabTo(page, buttons.first());
    await page.keyboard.press('Enter');
    assert.ok(await isFocused(sheet));
    const selected = await sheet.evaluate((t) => { const a = t as HTMLTextAreaElement; return a.value.slice(a.selectionStart, a.selectionEnd); });
    assert.equal(selected, (await sheetValue(page)).split('\n')[lineNo - 1]);
    await page.locator('.sheet').screenshot({ path: join(ARTIFACTS, 'a11y-orders-ak-issues.png') });

    // Reloaded, the server draws the same: the sheet invalid and described, the issues buttons.
    await page.goto(`${tp.url}/games/${gameId}/orders`);
    assert.equal(await sheet.getAttribute('aria-invalid'), 'true');
    assert.match(await description(sheet), /Lines to check Line \d+: /);
    assert.ok(await page.getByRole('button', { name: /^Line \d+: / }).count() >= 2);
    assert.match(await status.textContent() ?? '', /— \d+ lines to check\.$/);

    // "?resolved=" saying nothing that happened (turn 0, a turn to come, garbage): no message, no error.
    for (const q of ['0', '7', 'abc', '1e3', '-1']) {
      const r = await page.goto(`${tp.url}/games/${gameId}/orders?resolved=${q}`);
      assert.equal(r!.status(), 200, q);
      assert.equal(await page.locator('#turn-resolved').count(), 0, q);
    }
    const r2 = await page.goto(`${tp.url}/games/${gameId}/orders?resolved=1&resolved=2`);
    assert.equal(r2!.status(), 200);
    assert.deepEqual(errors, []);
  });
});
