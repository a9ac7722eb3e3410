/**
 * The prompt page's sheet editor in Chromium (games/prompt-page.ts sheetBlock, orders.js): on
 * Gruik's §12.7 fixture, the elves' player picks two orders in the guided form (a move, then a
 * declaration), each "Add" appends its line to the sheet in place, the draft is saved as he types
 * (with its issues: none), then "Send the sheet" gives the answer: both orders are in the stored
 * sheet, ready. A live refresh of the prompt part (the dwarves answering) keeps the sheet being
 * written. Screenshots: test/artifacts/prompt-sheet-*.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { answerPrompt } from '../../src/platform/games/prompts.ts';
import type { GruikSheet } from '../../src/rulesets/gruik/sheet-types.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { logIn, newUser, type TestUser } from './users.ts';
import { startTestPlatform, type TestPlatform } from './util.ts';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);
const shot = (p: Page, name: string) => p.screenshot({ path: new URL(`prompt-sheet-${name}.png`, ARTIFACTS).pathname, fullPage: true });

describe('the prompt page’s sheet editor in Chromium (pglite)', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let users: TestUser[] = [];
  const errors: string[] = [];
  before(async () => {
    tp = await startTestPlatform('pglite');
    mkdirSync(ARTIFACTS, { recursive: true });
    chromium = await launchBrowser();
    users = [await newUser(tp, 'psb_elfe'), await newUser(tp, 'psb_dwarf', 'en')];
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('two orders added with the guided form, then the sheet sent', { timeout: 120_000 }, async () => {
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'gruik', name: 'La Tourbière', options: { map: 'fixture', seasons: 2, gm: false }, seed: 'gsite-4', hostUserId: users[0]!.id, isPrivate: true,
      seats: [{ userId: users[0]!.id, lordName: 'Aëlis' }, { userId: users[1]!.id, lordName: 'Borin' }], maxPlayers: 2, prompts: { pace: 'live' },
    });
    const p = watchErrors(await (await chromium.newContext({ viewport: { width: 1366, height: 900 }, locale: 'fr-FR' })).newPage(), errors);
    await logIn(p, tp.url, users[0]!);
    await p.goto(`${tp.url}/games/${id}/play`);
    const ta = p.locator('#sheet-text');
    const template = await ta.inputValue();
    assert.match(template, /A1/, 'the blank sheet names the elves’ army');
    // The picker shows one entry at a time (orders.js hides the others).
    assert.equal(await p.locator('#form-picker .entry[data-pick]:visible').count(), 1, 'one entry shown');
    // A move: A1 to Rives.
    await p.selectOption('#pick-group', '1');
    await p.selectOption('#pick-entry', '1:0');
    const move = p.locator('.entry[data-pick="1:0"]');
    await move.locator('[data-name="force"]').selectOption('A1');
    await move.locator('[data-name="path"]').selectOption('rives');
    await move.locator('button.add').click();
    // A declaration.
    await p.selectOption('#pick-group', '7');
    await p.selectOption('#pick-entry', '7:0');
    const decl = p.locator('.entry[data-pick="7:0"]');
    await decl.locator('[data-name="text"]').fill('Paix aux nains');
    await decl.locator('button.add').click();
    assert.equal(p.url(), `${tp.url}/games/${id}/play`, 'added in place, no page sent');
    const text = await ta.inputValue();
    assert.ok(text.endsWith('deplacer A1 rives\ndeclarer "Paix aux nains"\n'), `both lines appended: ${JSON.stringify(text.slice(-80))}`);
    assert.ok(text.startsWith(template.trimEnd()), 'after the blank sheet');
    // The draft is saved as typed, with its issues (none).
    await p.waitForFunction(() => /Enregistrée à/.test(document.getElementById('save-status')?.textContent ?? ''), undefined, { timeout: 10_000 });
    assert.match(await p.locator('#save-status').innerText(), /aucune ligne à revoir/);
    const draft = await tp.db.one<{ text: string; ready: boolean }>('SELECT text, ready FROM sheets WHERE game_id = $1 AND player = $2', [id, 'elves']);
    assert.equal(draft?.text, text, 'the draft stored');
    assert.equal(draft?.ready, false, 'not sent yet');
    // The dwarves answer: the live prompt part refreshes, the sheet being written stays as it is.
    await ta.press('End');
    await ta.type('# encore');
    assert.ok((await answerPrompt(tp.platform.ctx, id, 'dwarves', 'orders', 'default')).ok, 'the dwarves answer');
    await p.waitForFunction(() => !/Borin/.test(document.getElementById('waiting')?.textContent ?? ''), undefined, { timeout: 10_000 }); // refreshed: the dwarves no longer awaited
    assert.ok((await ta.inputValue()).endsWith('# encore'), 'what he was typing is kept through the live refresh');
    await shot(p, 'fr');
    // Sent.
    await Promise.all([p.waitForURL(/\/play\?done=answer/), p.click('#sheet-send')]);
    await shot(p, 'sent-fr');
    const row = await tp.db.one<{ ready: boolean; value: unknown }>('SELECT ready, value FROM sheets WHERE game_id = $1 AND player = $2 AND step = 1', [id, 'elves']);
    assert.ok(row?.ready, 'the sheet sent, ready');
    const value = (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as GruikSheet;
    assert.deepEqual(value.moves?.map((m) => m.path.join()), ['rives'], 'the move sent');
    assert.deepEqual(value.orders?.declarations, ['Paix aux nains'], 'the declaration sent');
    assert.deepEqual(errors, [], 'no script error');
  });
});
