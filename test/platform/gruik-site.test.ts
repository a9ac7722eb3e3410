/**
 * Game of Gruik on the site (issue 16, "On the site", "Chromium test"), on PGlite.
 *
 * The creation form offers Gruik's scenarios and its own host options (registry `hostForm`,
 * games/host-form.ts): a campaign length out of bounds is refused beside its field in French; a
 * game created with tabletop battles, three seasons and a GM stores them, GM_PRESENT following
 * the "Game master" field.
 *
 * In Chromium, two players (the elves in French, the dwarves in English) and their GM play the
 * §12.7 fixture with `tabletop: true` through the pages alone: the first season's orders and
 * reaction window (the form's « default »); in the second the dwarves march into Hautval (a line
 * of the sheet) and the elves react into it (a reaction move chosen in the reaction's form), both
 * accept the tabletop battle, hand in their army lists, agree on a date (the dwarves propose, the
 * elves accept), the elves (the winners) report the result with the report's form (no JSON typed
 * anywhere) and read it back in words, the dwarves leave the report to them and confirm it; the season's report then shows the battle and both lists revealed. Until then the
 * dwarves' board does not show the elves' list. The GM's console (§11.3), in the battle's own
 * season: the second season opens with a catastrophe (J17, raised by S0.3) in his queue; on his page
 * he overrides one of that S0.3's rolls (the elves' seasonal base), the step re-runs, and he rules on
 * the item raised again; that season's report (the battle's) shows the roll to the elves, who saw it,
 * as « d8 = 4 — décision du MJ (la clé donnait 3) », and the dwarves' does not. In the same season
 * he gives the neutral fens their orders on his page (a declaration, published in the report). A
 * player is refused the GM's page (403). Screenshots: test/artifacts/gruik-*.png.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import type { Browser as Chromium, Page } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { pageText } from './http.ts';
import { loggedIn, logIn, newUser, type TestUser as U } from './users.ts';
import { playerOf, startTestPlatform, stateOf, type TestPlatform } from './util.ts';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);
const shot = (p: Page, name: string) => p.screenshot({ path: new URL(`gruik-${name}.png`, ARTIFACTS).pathname, fullPage: true });

const createForm = (over: Record<string, string>) => ({
  name: 'Campagne de Gruik', map: 'gruik/fixture', lords: '2', lordName: 'Aëlis', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris',
  pace: 'live', absentAfter: '3', ...over,
});

describe('Game of Gruik on the site (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite'); mkdirSync(ARTIFACTS, { recursive: true }); });
  after(async () => { await tp?.close(); });

  test('the creation form offers Gruik with its scenarios and its own options; they reach the game', { timeout: 120_000 }, async () => {
    const host = await newUser(tp, 'gruik_host');
    const gm = await newUser(tp, 'gruik_mj');
    const b = await loggedIn(tp, host);
    const form = await b.get('/games');
    assert.match(form.text, /<option value="gruik\/anneau"/, 'the default map');
    assert.match(form.text, /<option value="gruik\/fixture"/, 'the fixture');
    assert.match(form.text, /<fieldset class="host-form" data-ruleset="gruik">/, 'Gruik’s own options');
    assert.match(pageText(form.text), /Durée de la campagne \(saisons ; 0 : sans fin\)/);
    assert.match(pageText(form.text), /Batailles sur table/);
    const bad = await b.post('/games', createForm({ 'host.gruik.seasons': '9999' }));
    assert.equal(bad.status, 400, 'a campaign length out of bounds is refused');
    assert.match(pageText(bad.text), /Un nombre entier de saisons, de 0 à 400\./);
    assert.match(bad.text, /id="host-gruik-seasons"[^>]*aria-invalid="true"/, 'beside its field');
    const ok = await b.post('/games', createForm({ 'host.gruik.seasons': '3', 'host.gruik.tabletop': 'yes', gm: gm.login }), { follow: false });
    assert.equal(ok.status, 303, pageText(ok.text).slice(0, 300));
    const id = Number(/\/games\/(\d+)/.exec(ok.location ?? '')?.[1]);
    const row = (await tp.db.one<{ options: unknown; gm_user_id: number | null }>('SELECT options, gm_user_id FROM games WHERE id = $1', [id]))!;
    const options = (typeof row.options === 'string' ? JSON.parse(row.options) : row.options) as Record<string, unknown>;
    assert.deepEqual({ map: options.map, seasons: options.seasons, tabletop: options.tabletop, gm: options.gm }, { map: 'fixture', seasons: 3, tabletop: true, gm: true });
    assert.equal(Number(row.gm_user_id), gm.id, 'the GM named');
    const noGm = await b.post('/games', createForm({ name: 'Sans MJ', map: 'gruik/anneau', lords: '4' }), { follow: false });
    assert.equal(noGm.status, 303, pageText(noGm.text).slice(0, 300));
    const id2 = Number(/\/games\/(\d+)/.exec(noGm.location ?? '')?.[1]);
    const o2 = (await tp.db.one<{ options: Record<string, unknown> }>('SELECT options FROM games WHERE id = $1', [id2]))!.options;
    const opts2 = (typeof o2 === 'string' ? JSON.parse(o2) : o2) as Record<string, unknown>;
    assert.deepEqual({ map: opts2.map, seasons: opts2.seasons, tabletop: opts2.tabletop, gm: opts2.gm }, { map: 'anneau', seasons: 20, tabletop: false, gm: false }, 'the defaults; no GM: GM_PRESENT false');
  });

  describe('in Chromium', { skip: BROWSER_SKIP }, () => {
    let chromium: Chromium;
    let users: U[] = [];
    let gameId = 0;
    const errors: string[] = [];
    before(async () => {
      chromium = await launchBrowser();
      users = [await newUser(tp, 'gruik_elfe'), await newUser(tp, 'gruik_dwarf', 'en'), await newUser(tp, 'gruik_gm')];
      gameId = await games.create(tp.platform.ctx, {
        ruleset: 'gruik', name: 'La Tourbière', options: { map: 'fixture', tabletop: true, seasons: 3, gm: true, config: { gm: { abrReview: false } } }, seed: 'gsite-gm-55', hostUserId: users[0]!.id, isPrivate: true, // the seed: no GM item in the first season, a J17 at S0.3 of the second (the battle's); the ABR battles' review (§11.6, reviews.ts: its own tests) off, so the season plays as recorded
        seats: [{ userId: users[0]!.id, lordName: 'Aëlis' }, { userId: users[1]!.id, lordName: 'Borin' }],
        maxPlayers: 2, prompts: { pace: 'live' }, gm: { login: users[2]!.login },
      });
    });
    after(async () => { await chromium?.close(); });

    test('two players and their GM play a season with a GM override, a reaction move and a tabletop battle reported and confirmed', { timeout: 600_000 }, async () => {
      assert.equal(await playerOf(tp, gameId, users[0]!.id), 'elves');
      assert.equal(await playerOf(tp, gameId, users[1]!.id), 'dwarves');
      const open = async (u: U, width: number, locale: string) => {
        const p = watchErrors(await (await chromium.newContext({ viewport: { width, height: 900 }, locale })).newPage(), errors);
        await logIn(p, tp.url, u);
        return p;
      };
      const elves = await open(users[0]!, 1366, 'fr-FR');
      const dwarves = await open(users[1]!, 1366, 'en-GB');
      const gmPage = await open(users[2]!, 1366, 'fr-FR');
      const play = `${tp.url}/games/${gameId}/play`;
      /** Waits until the open decisions include one of `kind` (the state read from the database), then reloads the page. */
      const waitFor = async (kind: string, pages: Page[]) => {
        for (let i = 0; i < 300; i++) {
          const g = await stateOf<GruikGame>(tp, gameId);
          const ds = gruik.decisions(g);
          assert.ok(kind === 'gm' || !ds.some((d) => d.judgment), `no GM item on this seed but the second season's J17 (${ds.map((d) => d.id).join(', ')})`);
          if (kind === 'gm' && ds.some((d) => d.judgment)) return g;
          if (ds.some((d) => d.kind === kind)) { for (const p of pages) await p.goto(play); return g; }
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`no ${kind} decision came`);
      };
      const submitted = async (p: Page, click: () => Promise<unknown>) => { await Promise.all([p.waitForURL(/\/play\?done=/), click()]); };
      const answer = (p: Page, kind: string, text: string) => submitted(p, async () => {
        const art = p.locator(`article[id^="prompt-${kind}"]`).first();
        // The season's orders are a sheet (a textarea and its send button); other answers a one-line field.
        await art.locator('input[name="answer"], textarea[name="answer"]').fill(text);
        await art.locator('#sheet-send, form.answer-form button[type="submit"]').first().click();
      });
      const choose = (p: Page, kind: string, value: string) => submitted(p, () => p.locator(`article[id^="prompt-${kind}"] button[data-choice="${value}"]`).first().click());
      /** Answers with the guided form's entry `code`: its selects chosen and its fields filled (by field name), then sent. */
      const useForm = (p: Page, kind: string, code: string, fields: Record<string, string> = {}) => submitted(p, async () => {
        const f = p.locator(`article[id^="prompt-${kind}"] form.answer-form[data-code="${code}"]`).first();
        for (const [k, v] of Object.entries(fields)) {
          const el = f.locator(`[name="f_${k}"]`);
          if (await el.evaluate((x) => x.tagName === 'SELECT')) await el.selectOption(v); else await el.fill(v);
        }
        await f.locator('button[type="submit"]').click();
      });

      const gmUrl = `${tp.url}/games/${gameId}/gm`;
      assert.equal((await (await loggedIn(tp, users[0]!)).get(`/games/${gameId}/gm`)).status, 403, 'a player is refused the GM’s page');
      assert.equal((await gmPage.goto(gmUrl))?.status(), 200, 'the GM’s console');

      // Season 1: the dwarves march on Tourbière; the elves hold, and let their reaction window pass.
      await waitFor('orders', [elves, dwarves]);
      assert.match(await elves.locator('#prompt-part').innerText(), /Ordres de la saison/);
      await shot(elves, 'orders-fr');
      await answer(elves, 'orders', 'default');
      await answer(dwarves, 'orders', 'move A1 marche tourbe');
      await waitFor('reaction', [elves]);
      assert.equal(await elves.locator('article[id^="prompt-reaction"] input[name="answer"]').count(), 0, 'no field to type a reaction in: its form');
      await useForm(elves, 'reaction', 'default');
      // Season 2, the battle's: S0.3 raised J17 (the dwarves' catastrophe). The GM's console (§11.3):
      // he overrides the elves' second base die of this season and S0.3 re-runs.
      const g0 = await waitFor('gm', []);
      assert.equal(g0.gruik.season, 1, 'the second season');
      assert.deepEqual(g0.flow.items.map((x) => x.input.row), ['J17'], 'the catastrophe waits for the GM');
      const keyed = g0.gruik.rollLog.find((r) => r.season === 1 && r.event === 'base:elves' && r.index === 1)!.face;
      assert.equal(keyed, 3, 'this seed: the key gives 3 (and 2 to the other die: 4 makes no double)');
      assert.equal((await gmPage.goto(gmUrl))?.status(), 200, 'the GM’s console');
      const ov = gmPage.locator('form[data-action="override"]');
      assert.match(await ov.innerText(), /Corriger un jet de S0\.3 et rejouer l’étape/);
      assert.match(await ov.locator('select[name="f_roll"] option[value="S0.3|base:elves|1"]').innerText(), /^S0\.3 — base de la saison \(2d8\) — base:elves #1: d8 = 3$/, 'the roll named in the GM’s language');
      await ov.locator('select[name="f_roll"]').selectOption('S0.3|base:elves|1');
      await ov.locator('input[name="f_value"]').fill('4');
      await shot(gmPage, 'gm-override-fr');
      await Promise.all([gmPage.waitForURL(/\/gm\?done=act/), ov.locator('button[type="submit"]').click()]);
      const g1 = await stateOf<GruikGame>(tp, gameId);
      assert.equal(g1.gruik.rollLog.find((r) => r.season === 1 && r.event === 'base:elves' && r.index === 1)?.face, 4, 'the roll shows the GM’s value');
      assert.deepEqual(g1.flow.items.map((x) => x.input.id), ['s1/J17/q0r1'], 'the item raised again by the re-run');
      const item = gmPage.locator('section.gm-item').first();
      assert.match(await item.innerText(), /J17/);
      await Promise.all([gmPage.waitForURL(/\/gm\?done=1/), item.locator('form.gm-rule button[type="submit"]').click()]);
      // The dwarves march into Hautval, the elves react into it (§5.6).
      await waitFor('orders', [elves, dwarves]);
      // The GM gives the neutral fens their orders on his page (a sheet of several lines).
      await gmPage.goto(gmUrl);
      const orders = gmPage.locator('form[data-action="orders"]');
      await orders.locator('select[name="f_state"]').selectOption('fens');
      assert.equal(await orders.locator('textarea[name="f_sheet"]').count(), 1, 'a field of several lines');
      await orders.locator('textarea[name="f_sheet"]').fill('# the fens\ndeclare "Les Tourbières restent neutres."');
      await Promise.all([gmPage.waitForURL(/\/gm\?done=act/), orders.locator('button[type="submit"]').click()]);
      assert.ok((await stateOf<GruikGame>(tp, gameId)).flow.gmOrders?.fens, 'the neutral’s sheet is kept until the orders deadline');
      await elves.goto(play);
      await dwarves.goto(play);
      await answer(elves, 'orders', 'default');
      await answer(dwarves, 'orders', 'move A1 hautval');
      await waitFor('reaction', [elves]);
      assert.match(await elves.locator('#prompt-part').innerText(), /Fenêtre de réaction/);
      // The reaction by its form (§5.6): the army's field lists the provinces it may react into.
      const a1 = elves.locator('article[id^="prompt-reaction"] form[data-code="react"] select[name="f_A1"]');
      assert.match(await a1.innerText(), /vers Hautval/, 'Hautval offered to A1, in French');
      await shot(elves, 'reaction-form-fr');
      await useForm(elves, 'reaction', 'react', { A1: 'hautval' });
      // The tabletop battle (§6.12.1): both accept.
      await waitFor('tabletop-accept', [elves, dwarves]);
      assert.match(await elves.locator('#prompt-part').innerText(), /Bataille de Hautval, Borin contre Aëlis/);
      assert.match(await dwarves.locator('#board-part').innerText(), /Tabletop battle: Hautval/, 'the battle sheet on the dwarves’ board');
      await shot(dwarves, 'tabletop-accept-en');
      await choose(elves, 'tabletop-accept', 'accept');
      await choose(dwarves, 'tabletop-accept', 'accept');
      // Lists and the date, free actions of the two sides.
      const g = await waitFor('battle-report', [elves, dwarves]);
      const budget = g.flow.battles[0]!.fielded;
      const act = async (p: Page, action: string, fields: Record<string, string>) => submitted(p, async () => {
        const f = p.locator(`form[data-action^="${action}:"]`).first();
        for (const [k, v] of Object.entries(fields)) await f.locator(`[name="f_${k}"]`).fill(v);
        await f.locator('button[type="submit"]').click();
      });
      await act(elves, 'army-list', { list: '4 Lames, 2 Archers, Général (Cavalier)', ap: String(budget.elves) });
      await act(dwarves, 'army-list', { list: '6 Hordes, 3 Blades, General (Blade)', ap: String(budget.dwarves) });
      await act(dwarves, 'propose-date', { date: 'Saturday 5 December, 2 pm' });
      await elves.goto(play);
      assert.match(await elves.locator('#actions-part').innerText(), /accepter la date proposée par Borin \(Saturday 5 December, 2 pm\)/);
      await act(elves, 'accept-date', {});
      await elves.goto(play);
      const board = await elves.locator('#board-part').innerText();
      assert.match(board, /Bataille sur table : Hautval/);
      assert.match(board, /Date convenue\s+Saturday 5 December, 2 pm/);
      assert.match(board, /4 Lames/, 'the elves read their own list');
      await shot(elves, 'tabletop-page-fr');
      await dwarves.goto(play);
      const dBoard = await dwarves.locator('#board-part').innerText();
      assert.doesNotMatch(dBoard, /4 Lames/, 'the dwarves do not read the elves’ list before the battle');
      assert.match(dBoard, /handed in; revealed after the battle/);
      // The winner reports; the other side confirms (the Dispute button beside it).
      // The report by its form (§6.12.1 step 4): the result, each side's AP lost, its general element, the loser's retreat.
      await elves.goto(play);
      const form = elves.locator('article[id^="prompt-battle-report"] form[data-code="report"]');
      assert.match(await form.innerText(), /Victoire décisive d’Aëlis/);
      assert.match(await form.innerText(), /AP perdus sur la table par Borin \(0 à \d+\)/);
      assert.match(await form.innerText(), /Retraite du vaincu/);
      const [first] = g.flow.battles[0]!.sides;
      const lost = (st: string) => (st === 'elves' ? '2' : '8');
      await form.locator('select[name="f_outcome"]').selectOption('win elves');
      await form.locator('[name="f_lost1"]').fill(lost(first));
      await form.locator('[name="f_lost2"]').fill(lost(first === 'elves' ? 'dwarves' : 'elves'));
      await shot(elves, 'report-form-fr');
      await useForm(elves, 'battle-report', 'report');
      assert.match(await elves.locator('article[id^="prompt-battle-report"] .answered').innerText(), /victoire décisive d’Aëlis ; AP perdus sur la table : /, 'the report told back in words');
      await dwarves.goto(play);
      await useForm(dwarves, 'battle-report', 'none');
      await waitFor('report-confirmation', [dwarves]);
      assert.equal(await dwarves.locator('button[data-choice="dispute"]').count(), 1, 'a Dispute button');
      assert.match(await dwarves.locator('#prompt-part').innerText(), /decisive victory of Aëlis; AP lost on the table: Borin 8, Aëlis 2/, 'the report in words');
      await shot(dwarves, 'confirm-en');
      await choose(dwarves, 'report-confirmation', 'confirm');
      await waitFor('orders', [elves]);
      const after = await stateOf<GruikGame>(tp, gameId);
      assert.equal(after.gruik.season, 2, 'the second season resolved');
      // The season's report (the log): the battle, and both lists revealed to the protagonists.
      await elves.goto(`${tp.url}/games/${gameId}/log`);
      const log = await elves.locator('main').innerText();
      assert.match(log, /Hautval/);
      assert.match(log, /listes d’armée révélées \(§6\.12\.1\)/);
      assert.match(log, /6 Hordes/, 'the dwarves’ list, revealed after the battle');
      assert.match(log, /Les Tourbières restent neutres\./, 'the neutral’s declaration, ordered by the GM, published');
      // The battle's season report: the elves, who saw the roll, read the GM's override of it; the dwarves do not.
      assert.match(log, /base de la saison \(2d8\) : d8 = 4 .*décision du MJ \(la clé donnait 3\)/, 'the override in the elves’ report of the battle’s season');
      await shot(elves, 'report-fr');
      await elves.locator('text=/la clé donnait 3/').first().scrollIntoViewIfNeeded();
      await elves.screenshot({ path: new URL('gruik-gm-override-report-fr.png', ARTIFACTS).pathname });
      await dwarves.goto(`${tp.url}/games/${gameId}/log`);
      const dLog = await dwarves.locator('main').innerText();
      assert.match(dLog, /Hautval/, 'the dwarves read the battle’s season report');
      assert.doesNotMatch(dLog, /la clé donnait|the key gave/, 'but not the override of a roll they did not see');
      // The GM's console: his actions in the audit.
      await gmPage.goto(gmUrl);
      assert.match(await gmPage.locator('table.gm-audit').innerText(), /Corriger un jet de S0\.3/, 'the override in the audit');
      // His two dozen actions open with links to each form; every link lands on its form, and one takes him there.
      const links = gmPage.locator('nav.gm-actions-toc a');
      const forms = gmPage.locator('form.gm-act');
      assert.ok(await forms.count() > 10, 'the console’s many actions');
      assert.equal(await links.count(), await forms.count(), 'a link for each action');
      for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) assert.equal(await gmPage.locator(`form.gm-act${href}`).count(), 1, `${href} is a form`);
      const last = links.last();
      const target = (await last.getAttribute('href'))!;
      await last.click();
      assert.ok(gmPage.url().endsWith(target), 'the link followed');
      assert.ok(await gmPage.locator(target).isVisible(), 'its form shown');
      await gmPage.evaluate(() => window.scrollTo(0, 0));
      await shot(gmPage, 'gm-console');
      assert.deepEqual(errors, [], 'no script error on any page');
    });
  });
});
