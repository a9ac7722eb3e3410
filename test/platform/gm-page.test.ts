/**
 * The GM's queue page (games/gm-page.ts) over HTTP on both databases, and in Chromium, on Assize
 * (test/engine/gm-ruleset.ts): the GM sees his open item with its default and alternatives and
 * rules with a reason; the step resolves and the players' log says "GM ruling" without the
 * reason; anyone else gets 403 (404 signed out), a POST without the form token is refused, odd
 * input never gives a 500; the page shows nothing of the players' hidden state (their seals).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium } from 'playwright-core';
import '../engine/gm-ruleset.ts';
import { titheId, type AssizeState } from '../engine/gm-ruleset.ts';
import { games } from '../../src/platform/games/service.ts';
import { answerPrompt } from '../../src/platform/games/prompts.ts';
import { pageText } from './http.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { loggedIn, logIn, newUser, type TestUser } from './users.ts';
import { DB_KINDS, startTestPlatform, stateOf, waitForStep, type DbKind, type TestPlatform } from './util.ts';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);

async function assizeGame(tp: TestPlatform, u: { gm: TestUser; aude: TestUser; ber: TestUser }, name: string): Promise<number> {
  const id = await games.create(tp.platform.ctx, {
    ruleset: 'test/assize', name, options: { rounds: 1 }, hostUserId: u.gm.id, isPrivate: true, gm: 'host',
    seats: [{ userId: u.aude.id, lordName: 'Aude' }, { userId: u.ber.id, lordName: 'Bérenger' }], prompts: { pace: 'live' },
  });
  for (const [p, v] of [['p1', '4'], ['p2', '5']] as const) {
    const r = await answerPrompt(tp.platform.ctx, id, p, 'claim', v);
    assert.ok(r.ok, `${p} claims: ${JSON.stringify(r.issues)}`);
  }
  await waitForStep(tp, id, 1);
  return id;
}

function suite(kind: DbKind) {
  describe(`the GM's queue page (${kind})`, () => {
    let tp: TestPlatform;
    let u: { gm: TestUser; aude: TestUser; ber: TestUser; other: TestUser };
    before(async () => {
      tp = await startTestPlatform(kind);
      u = { gm: await newUser(tp, `gmp_gm_${kind}`), aude: await newUser(tp, `gmp_aude_${kind}`), ber: await newUser(tp, `gmp_ber_${kind}`, 'en'), other: await newUser(tp, `gmp_other_${kind}`, 'en') };
    });
    after(async () => { await tp?.close(); });

    test('the GM sees the item and rules; the players see who ruled, never the reason; others are refused', async () => {
      const id = await assizeGame(tp, u, `Assises ${kind}`);
      const seals = (await stateOf<AssizeState>(tp, id)).players.map((p) => p.seal);
      const gm = await loggedIn(tp, u.gm);
      const q = await gm.get(`/games/${id}/gm`);
      assert.equal(q.status, 200, pageText(q.text).slice(0, 300));
      const text = pageText(q.text);
      assert.match(text, /File du MJ/, 'the page in the GM’s language (French)');
      assert.match(text, /T1 — La dîme du tour 1/, 'the item with its rule and what it decides');
      assert.match(text, /La plus ancienne attend depuis/, 'the queue’s health');
      assert.match(q.text, /name="ruling" value="light"[^>]*checked/, 'the default is the choice offered first');
      assert.match(q.text, /name="_csrf"/, 'the form carries the token');
      for (const s of seals) assert.ok(!q.text.includes(s), 'no player’s seal on the GM’s page');
      assert.match((await gm.get(`/games/${id}`)).text, new RegExp(`href="/games/${id}/gm"`), 'the game’s page links the GM to his queue');
      // Anyone else: 403 when signed in, 404 signed out; on the POST too, and nothing stored.
      const aude = await loggedIn(tp, u.aude);
      assert.doesNotMatch((await aude.get(`/games/${id}`)).text, /\/gm"/, 'no queue link for a player');
      const play = pageText((await aude.get(`/games/${id}/play`)).text);
      assert.match(play, /Le MJ fixe la dîme\./, 'the player reads what the item lets him know');
      assert.doesNotMatch(play, /Plus personne n’est attendu/, 'not that nobody is awaited');
      assert.equal((await aude.get(`/games/${id}/gm`)).status, 403, 'a player may not read the queue');
      const other = await loggedIn(tp, u.other);
      const o = await other.get(`/games/${id}/gm`);
      assert.equal(o.status, 403, 'another user may not');
      assert.match(pageText(o.text), /Only the game’s GM/, 'told why, in English');
      assert.equal((await aude.post(`/games/${id}/gm/rule`, { decision: `gm:${titheId(1)}`, ruling: 'none', step: '1' })).status, 403, 'a player may not rule');
      const { Browser } = await import('./http.ts');
      const anon = new Browser(tp.url);
      assert.equal((await anon.get(`/games/${id}/gm`)).status, 404, 'signed out: 404');
      assert.equal((await gm.post(`/games/${id}/gm/rule`, { decision: `gm:${titheId(1)}`, ruling: 'none', step: '1' }, { csrf: false })).status, 403, 'no form token: refused');
      // Odd input: never a 500.
      for (const form of [
        { decision: '<script>x</script>', ruling: 'none', step: '1' }, { decision: `gm:${titheId(1)}`, ruling: 'medium', step: 'abc' },
        { decision: `gm:${titheId(1)}`, ruling: 'x'.repeat(20_000), reason: 'y'.repeat(20_000) }, {}, { decision: `gm:${titheId(1)}`, ruling: 'none', step: '7' },
      ]) {
        const r = await gm.post(`/games/${id}/gm/rule`, form);
        assert.ok(r.status >= 400 && r.status < 500, `${JSON.stringify(form).slice(0, 60)}: ${r.status}`);
      }
      const bad = await gm.post(`/games/${id}/gm/rule`, { decision: `gm:${titheId(1)}`, ruling: 'medium', step: '1' });
      assert.match(pageText(bad.text), /Décision refusée : cette décision n’est pas une des options proposées/, 'the ruleset’s reason, in French');
      for (const badId of ['0', 'abc', '99999999']) assert.equal((await gm.get(`/games/${badId}/gm`)).status, 404, `game ${badId}: 404`);
      assert.equal(Number((await tp.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM gm_items WHERE game_id = $1 AND status = 'pending'`, [id]))!.n), 1, 'still pending');
      // The GM rules.
      const r = await gm.post(`/games/${id}/gm/rule`, { decision: `gm:${titheId(1)}`, ruling: 'heavy', reason: 'the abbey burnt', step: '1' });
      assert.equal(r.redirects[0], `/games/${id}/gm?done=1`, 'back to the queue');
      assert.match(pageText(r.text), /Décision enregistrée/, 'saved');
      await waitForStep(tp, id, 2);
      const ber = await loggedIn(tp, u.ber);
      const log = pageText((await ber.get(`/games/${id}/log`)).text);
      assert.match(log, /heavy tithe \(2 sheaves\) \(GM ruling\)/, 'the player’s log says the GM ruled');
      assert.doesNotMatch(log, /abbey/, 'never the GM’s reason');
      const h = pageText((await gm.get(`/games/${id}/gm`)).text);
      assert.match(h, /décision du MJ : dîme lourde \(2 gerbes\)/, 'the history shows the ruling');
      assert.match(h, /the abbey burnt/, 'with the GM’s own reason');
      assert.match(h, /B1 — Le partage disputé du tour 1/, 'and the next item (the dispute) waits');
    });

    test('the console: the GM applies an action from his page; it is audited; a player gets 403; the form needs its token', async () => {
      const id = await assizeGame(tp, u, `Console ${kind}`);
      const gm = await loggedIn(tp, u.gm);
      const q = await gm.get(`/games/${id}/gm`);
      assert.match(pageText(q.text), /Actions du MJ.*Fixer un grenier/s, 'the GM\'s actions with their forms, in his language');
      assert.match(q.text, /action="\/games\/\d+\/gm\/act"/, 'posted to /gm/act');
      assert.match(q.text, /name="f_store"/, 'with the ruleset\'s fields');
      const aude = await loggedIn(tp, u.aude);
      assert.equal((await aude.post(`/games/${id}/gm/act`, { action: 'set-store', f_player: 'p1', f_store: '6', step: '1' })).status, 403, 'a player may not act as GM');
      assert.equal((await gm.post(`/games/${id}/gm/act`, { action: 'set-store', f_player: 'p1', f_store: '6', step: '1' }, { csrf: false })).status, 403, 'no form token: refused');
      const bad = await gm.post(`/games/${id}/gm/act`, { action: 'set-store', f_player: 'p1', f_store: '99', step: '1' });
      assert.equal(bad.status, 400, 'beyond the bound: refused');
      assert.match(pageText(bad.text), /Action refusée : au plus 6 gerbes/, 'with the ruleset\'s reason in French');
      assert.match(bad.text, /name="f_store"[^>]*value="99"/, 'and what he typed');
      for (const form of [{}, { action: '<b>x</b>', step: '1' }, { action: 'set-store', f_player: 'p1', f_store: 'x'.repeat(20_000), step: '1' }, { action: 'set-store', f_player: 'p1', f_store: '1', step: '9' }]) {
        const r = await gm.post(`/games/${id}/gm/act`, form);
        assert.ok(r.status >= 400 && r.status < 500, `${JSON.stringify(form).slice(0, 60)}: ${r.status}`);
      }
      const ok = await gm.post(`/games/${id}/gm/act`, { action: 'set-store', f_player: 'p1', f_store: '3', step: '1' });
      assert.equal(ok.redirects[0], `/games/${id}/gm?done=act`, `applied: ${ok.status} ${pageText(ok.text).slice(0, 300)}`);
      const h = pageText(ok.text);
      assert.match(h, /Action appliquée/, 'told so');
      assert.match(h, /Journal des actions du MJ.*Fixer un grenier.*player=p1, store=3/s, 'the audit on his page');
      assert.equal((await stateOf<AssizeState>(tp, id)).players[0]!.store, 3, 'the store is set');
      const log = pageText((await (await loggedIn(tp, u.ber)).get(`/games/${id}/log`)).text);
      assert.match(log, /Aude's store goes from 0 to 3 sheaves \(GM ruling\)/, 'the player\'s log says the GM ruled');
      assert.doesNotMatch(pageText((await aude.get(`/games/${id}/play`)).text), /Journal des actions du MJ/, 'no audit for players');
    });

    test('the creation form names the GM by login; an unknown login is refused in the host’s language', async () => {
      const b = await loggedIn(tp, u.gm);
      await b.get('/games');
      const form = (gm: string) => ({
        name: `Avec MJ ${gm}`, map: 'scandinavia', lords: '2', lordName: 'Alaric', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', config: '', gm,
      });
      const bad = await b.post('/games', form('nobody-at-all'));
      assert.equal(bad.status, 400, 'an unknown GM is refused');
      assert.match(pageText(bad.text), /aucun compte nommé nobody-at-all pour le MJ/, 'in French');
      const ok = await b.post('/games', form(u.other.login));
      const id = Number(/\/games\/(\d+)$/.exec(ok.redirects[0] ?? '')?.[1]);
      assert.ok(id > 0, `created: ${ok.status} ${pageText(ok.text).slice(0, 200)}`);
      assert.equal(Number((await tp.db.one<{ gm: number }>('SELECT gm_user_id AS gm FROM games WHERE id = $1', [id]))!.gm), u.other.id, 'the named account is the GM');
      const none = await b.post('/games', { ...form(''), name: 'Sans MJ' });
      const id2 = Number(/\/games\/(\d+)$/.exec(none.redirects[0] ?? '')?.[1]);
      assert.equal((await tp.db.one<{ gm: number | null }>('SELECT gm_user_id AS gm FROM games WHERE id = $1', [id2]))!.gm, null, 'blank: no GM');
    });

    test('a silent GM: the scheduler applies the default at the deadline, and the log says so in the rules’ words', async () => {
      const id = await assizeGame(tp, u, `Assises muettes ${kind}`);
      const gmb = await loggedIn(tp, u.gm);
      assert.match((await gmb.get(`/games/${id}/gm`)).text, /action="\/games\/\d+\/gm\/extend"/, 'the page offers the extension'); // and the session's form token
      const ext = await gmb.post(`/games/${id}/gm/extend`, { decision: `gm:${titheId(1)}`, step: '1' });
      assert.equal(ext.redirects[0], `/games/${id}/gm?done=extend`, `the GM extended the deadline: ${ext.status} ${pageText(ext.text).slice(0, 300)}`);
      assert.match(pageText(ext.text), /Échéance prolongée\..*Échéance déjà prolongée une fois/s, 'once');
      const again = await gmb.post(`/games/${id}/gm/extend`, { decision: `gm:${titheId(1)}`, step: '1' });
      assert.equal(again.status, 409, 'not twice');
      assert.match(pageText(again.text), /déjà été prolongée une fois/, 'told why');
      tp.clock.now = new Date(tp.clock.now.getTime() + 48 * 3600_000 + 60_000);
      await waitForStep(tp, id, 2);
      const ber = await loggedIn(tp, u.ber);
      const log = pageText((await ber.get(`/games/${id}/log`)).text);
      assert.match(log, /light tithe \(1 sheaf\) \(default applied, no GM ruling\)/, 'the report line');
      assert.doesNotMatch(log, /@gm/, 'the GM seat is never shown as a player');
      const h = pageText((await (await loggedIn(tp, u.gm)).get(`/games/${id}/gm`)).text);
      assert.match(h, /défaut appliqué, pas de décision du MJ : dîme légère/, 'the GM’s history says the default applied');
    });

    test('the GM extends the players’ deadline from his page; the players see the new one; others are refused', async () => {
      const id = await assizeGame(tp, u, `Échéance ${kind}`);
      const deadline = async () => new Date((await tp.db.one<{ d: Date }>('SELECT deadline AS d FROM games WHERE id = $1', [id]))!.d).getTime();
      const before = await deadline();
      const gm = await loggedIn(tp, u.gm);
      const q = await gm.get(`/games/${id}/gm`);
      assert.match(pageText(q.text), /Échéance des joueurs.*de 1 à 168 heures à la fois, plusieurs fois, 168 heures au plus en tout/s, 'the form and its bounds, in French');
      assert.match(q.text, /action="\/games\/\d+\/gm\/extend-step"[\s\S]*?name="hours"[^>]*min="1" max="168"/, 'an hours field bounded 1 to 168');
      const aude = await loggedIn(tp, u.aude);
      assert.equal((await aude.post(`/games/${id}/gm/extend-step`, { hours: '5', step: '1' })).status, 403, 'a player may not');
      assert.equal((await (await loggedIn(tp, u.other)).post(`/games/${id}/gm/extend-step`, { hours: '5', step: '1' })).status, 403, 'another user may not');
      const { Browser } = await import('./http.ts');
      const anon = new Browser(tp.url);
      await anon.get(`/games/${id}`); // a signed-out visitor's form token
      assert.equal((await anon.post(`/games/${id}/gm/extend-step`, { hours: '5', step: '1' })).status, 404, 'signed out: 404');
      assert.equal((await gm.post(`/games/${id}/gm/extend-step`, { hours: '5', step: '1' }, { csrf: false })).status, 403, 'no form token: refused');
      for (const hours of ['0', '169', 'abc', '', '1.5', '-2']) {
        const r = await gm.post(`/games/${id}/gm/extend-step`, { hours, step: '1' });
        assert.equal(r.status, 400, `${hours || '(blank)'}: refused`);
        assert.match(pageText(r.text), /Une prolongation est un nombre entier d’heures de 1 à 168\./, 'told why, in French');
      }
      assert.equal((await gm.post(`/games/${id}/gm/extend-step`, { hours: '5', step: '0' })).status, 409, 'meant for a step that has passed');
      assert.equal(await deadline(), before, 'no refusal moved the deadline');
      const ok = await gm.post(`/games/${id}/gm/extend-step`, { hours: '5', step: '1' });
      assert.equal(ok.redirects[0], `/games/${id}/gm?done=extend-step`, `extended: ${ok.status} ${pageText(ok.text).slice(0, 300)}`);
      const h = pageText(ok.text);
      assert.match(h, /Échéance des joueurs prolongée\./, 'told so');
      assert.match(h, /Prolongations de cette étape : 5 h ; il reste 163 h\./, 'what is left of the step’s total');
      assert.match(h, /Journal des actions du MJ.*Échéance des joueurs prolongée.*\+5 h/s, 'the log row');
      const after = await deadline();
      assert.equal(after, before + 5 * 3600_000, 'five hours more');
      const play = (await aude.get(`/games/${id}/play`)).text;
      assert.ok(play.includes(`datetime="${new Date(after).toISOString()}"`), 'the player’s page shows the new deadline');
      assert.ok(!play.includes(`datetime="${new Date(before).toISOString()}"`), 'not the old one');
    });

    test('the host names, refuses, changes and removes the GM from the game page', async () => {
      const id = await games.create(tp.platform.ctx, {
        ruleset: 'test/assize', name: `Sans MJ ${kind}`, options: { rounds: 1 }, hostUserId: u.other.id, isPrivate: true,
        seats: [{ userId: u.aude.id, lordName: 'Aude' }, { userId: u.ber.id, lordName: 'Bérenger' }], prompts: { pace: 'live' },
      });
      const host = await loggedIn(tp, u.other);
      const page0 = await host.get(`/games/${id}`);
      assert.match(pageText(page0.text), /Game master \(GM\).*No GM/s, 'the host’s control, in his language (English)');
      assert.match(page0.text, /action="\/games\/\d+\/set-gm"/, 'with its form');
      const aude = await loggedIn(tp, u.aude);
      assert.doesNotMatch((await aude.get(`/games/${id}`)).text, /set-gm/, 'not for a player');
      const byPlayer = await aude.post(`/games/${id}/set-gm`, { login: u.gm.login });
      assert.equal(byPlayer.status, 403, 'a player may not choose the GM');
      assert.match(pageText(byPlayer.text), /Seul l’hôte de la partie peut choisir son MJ/, 'told why, in French');
      assert.equal((await host.post(`/games/${id}/set-gm`, { login: u.gm.login }, { csrf: false })).status, 403, 'no form token: refused');
      const unknown = await host.post(`/games/${id}/set-gm`, { login: 'nobody-at-all' });
      assert.equal(unknown.status, 400, 'an unknown login');
      assert.match(pageText(unknown.text), /No account named nobody-at-all for the GM\./, 'told so, in English');
      const seated = await host.post(`/games/${id}/set-gm`, { login: u.ber.login });
      assert.equal(seated.status, 409, 'a player of the game');
      assert.match(pageText(seated.text), /plays in this game and cannot be its GM/, 'told why');
      const ok = await host.post(`/games/${id}/set-gm`, { login: u.gm.login });
      assert.equal(ok.redirects[0], `/games/${id}`, `named: ${ok.status} ${pageText(ok.text).slice(0, 200)}`);
      assert.match(pageText(ok.text), new RegExp(`The game’s GM: ${u.gm.login}`), 'the page names him');
      const gm = await loggedIn(tp, u.gm);
      assert.equal((await gm.get(`/games/${id}/gm`)).status, 200, 'he reads the queue');
      const removed = await host.post(`/games/${id}/set-gm`, { login: '' });
      assert.equal(removed.redirects[0], `/games/${id}`, 'removed');
      assert.match(pageText(removed.text), /No GM/, 'the page says so');
      assert.equal((await gm.get(`/games/${id}/gm`)).status, 403, 'his queue is closed to him');
    });
  });
}
for (const kind of DB_KINDS) suite(kind);

describe('the GM’s queue in the browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  before(async () => { tp = await startTestPlatform('pglite'); chromium = await launchBrowser(); });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('the GM rules on the dispute with the free-form field and sees it applied', async () => {
    const u = { gm: await newUser(tp, 'gmb_gm', 'en'), aude: await newUser(tp, 'gmb_aude'), ber: await newUser(tp, 'gmb_ber', 'en') };
    const id = await assizeGame(tp, u, 'Assize in the browser');
    const errors: string[] = [];
    const ctx = await chromium.newContext({ viewport: { width: 1000, height: 900 } });
    const p = watchErrors(await ctx.newPage(), errors);
    await logIn(p, tp.url, u.gm);
    await p.goto(`${tp.url}/games/${id}/gm`);
    // The players' deadline: three hours more, from the form.
    const due = async () => new Date((await tp.db.one<{ d: Date }>('SELECT deadline AS d FROM games WHERE id = $1', [id]))!.d).getTime();
    const before = await due();
    await p.getByLabel('Hours more').fill('3');
    await Promise.all([p.waitForURL(/done=extend-step/), p.getByRole('button', { name: 'Extend the players’ deadline' }).click()]);
    assert.match(await p.locator('main').innerText(), /The players’ deadline is extended\..*Extensions of this step: 3 h; 165 h left\./s, 'extended, with what is left');
    assert.equal(await due(), before + 3 * 3600_000, 'three hours more');
    // axe-core (WCAG 2.1 A/AA, as a11y-axe-browser.test.ts) on the GM's page with its extension form
    // and on the game's page with the host's GM box (the GM hosts this game).
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    for (const path of [`/games/${id}`, `/games/${id}/gm`]) {
      await p.goto(`${tp.url}${path}`);
      if (path === `/games/${id}`) assert.ok(await p.locator('#gm-host').isVisible(), 'the host’s GM box is there');
      if (!(await p.evaluate('typeof window.axe === "object"'))) await p.evaluate(axeSource);
      const found = await p.evaluate(`axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] })
        .then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')))`) as string[];
      assert.deepEqual(found, [], `${path}: no WCAG violation`);
    }
    await p.getByLabel('light tithe (1 sheaf)').check();
    await p.getByLabel(/Reason/).fill('as the custom says');
    mkdirSync(fileURLToPath(ARTIFACTS), { recursive: true });
    await p.screenshot({ path: fileURLToPath(new URL('gm-queue.png', ARTIFACTS)), fullPage: true });
    await Promise.all([p.waitForURL(/done=1/), p.getByRole('button', { name: 'Rule' }).click()]);
    await waitForStep(tp, id, 2);
    await p.reload();
    await p.getByLabel(/Shares/).fill('p1=2, p2=4');
    await Promise.all([p.waitForURL(/done=1/), p.getByRole('button', { name: 'Rule' }).click()]);
    await waitForStep(tp, id, 3);
    await p.reload();
    const text = await p.locator('main').innerText();
    assert.match(text, /No item waits for your ruling/, 'the queue is empty');
    assert.match(text, /GM ruling: p1=2, p2=4/, 'the history shows the dispute ruling');
    await p.screenshot({ path: fileURLToPath(new URL('gm-history.png', ARTIFACTS)), fullPage: true });
    assert.deepEqual((await stateOf<AssizeState>(tp, id)).players.map((x) => x.store), [2, 4], 'the light tithe took nothing from empty stores; then the GM’s shares');
    assert.deepEqual(errors, [], 'no script error');
    await ctx.close();
  });
});
