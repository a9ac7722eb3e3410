/**
 * Adventurer Kings on the web platform, on both databases: the platform knows no rule of it, yet
 * a host creates a game from the form (the ruleset's own variant and seat bounds), a second
 * player joins, each writes his order sheet on the order page (a bad line reported with the rest
 * kept), the turn resolves when both are ready, each King reads his prose report in his language
 * and on the map sees only what his kingdom knows; and the lobby starts an Adventurer Kings game
 * when its count of candidates has confirmed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { confirm, joinQueue, lobbyTick } from '../../src/platform/lobby/service.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform, stateOf, playerOf, waitForStep } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';
import { Browser } from './http.ts';

const nofollow = { follow: false } as const;
const AK = 'adventurer-kings';

for (const kind of DB_KINDS) {
  describe(`Adventurer Kings on the platform (${kind})`, () => {
    let tp: TestPlatform;
    let alice: TestUser;
    let bob: TestUser;
    let gameId = 0;

    before(async () => {
      tp = await startTestPlatform(kind);
      alice = await newUser(tp, `ak_alice_${kind}`, 'fr');
      bob = await newUser(tp, `ak_bob_${kind}`, 'en');
    });
    after(async () => { await tp?.close(); });

    test('the creation form offers the ruleset\'s variant and its seat bounds; a second King joins', async () => {
      const a = await loggedIn(tp, alice);
      const form = await a.get('/games');
      assert.match(form.text, /<option value="adventurer-kings\/standard"[^>]*>Adventurer Kings — Rois Aventuriers — Monde standard \(162 provinces\) \(8 joueurs ; 2 à 12\)/);
      assert.match(form.text, /<option value="gloire-et-pouvoir\/scandinavia"/);
      const base = { name: 'Les Rois du Nord', map: 'adventurer-kings/standard', lordName: 'Aliénor', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', early: '1' };
      const tooMany = await a.post('/games', { ...base, lords: '13' }, nofollow);
      assert.equal(tooMany.status, 400);
      assert.match(tooMany.text, /de 2 à 12 pour ce jeu/);
      const r = await a.post('/games', { ...base, lords: '2' }, nofollow);
      assert.equal(r.status, 303);
      gameId = Number(/\/games\/(\d+)/.exec(r.location ?? "")![1]);
      const b = await loggedIn(tp, bob);
      assert.match((await b.get(`/games/${gameId}`)).text, /action="\/games\/\d+\/join"/);
      const joined = await b.post(`/games/${gameId}/join`, { lordName: 'Bohémond', password: 'sesame' }, nofollow);
      assert.equal(joined.status, 303);
      const sum = (await games.summary(tp.platform.ctx, gameId))!;
      assert.equal(sum.status, 'running');
      assert.equal(sum.map, 'standard');
      const page = await b.get(`/games/${gameId}`);
      assert.match(page.text, /Adventurer Kings/);
      assert.match(page.text, /Standard world \(162 provinces\)/);
      const s = await stateOf<AKState>(tp, gameId);
      assert.deepEqual(Object.values(s.kingdoms).map((k) => s.characters[k.king]!.name).sort(), ['Aliénor', 'Bohémond']);
    });

    test('order page, a sheet with a bad line, both ready: the turn resolves, prose reports in each language, the map shows only what is known', async () => {
      const a = await loggedIn(tp, alice);
      const b = await loggedIn(tp, bob);
      const s = await stateOf<AKState>(tp, gameId);
      const pa = await playerOf(tp, gameId, alice.id);
      const pb = await playerOf(tp, gameId, bob.id);
      const ka = Object.values(s.kingdoms).find((k) => k.player === pa)!;
      const kb = Object.values(s.kingdoms).find((k) => k.player === pb)!;
      const king = s.characters[ka.king]!;

      const orders = await a.get(`/games/${gameId}/orders`);
      assert.equal(orders.status, 200);
      assert.match(orders.text, /PERSO|MO/, 'the guided form lists the orders');
      const typed = `PERSO ${king.id} ${king.name}\n1 EX\n2 ZZ 12\n3 PR Ta\n`;
      const saved = await a.postJson(`/games/${gameId}/orders`, { text: typed }, nofollow);
      assert.equal(saved.status, 200);
      const sheet = await games.sheet(tp.platform.ctx, gameId, pa);
      assert.equal(sheet.text, typed, 'the text is kept as typed');
      assert.equal(sheet.issues.length, 1);
      assert.equal(sheet.issues[0]!.line, 3);
      const value = sheet.value as { characters: Record<string, { phases: ({ code: string } | null)[] }> };
      assert.deepEqual(value.characters[king.id]!.phases.map((p) => p?.code ?? null), ['EX', null, 'PR', null, null], 'the valid orders are kept');
      await b.postJson(`/games/${gameId}/orders`, { text: `PERSO ${kb.king}\n1 PR Me\n` }, nofollow);

      // Alice's map: her capital and its neighbours known, nothing of Bob's land unless she knows it.
      const map = await a.get(`/games/${gameId}/map`);
      assert.equal(map.status, 200);
      assert.equal((map.text.match(/class="region"/g) ?? []).length, 162);
      const svg = await a.get(`/games/${gameId}/map.svg`);
      assert.equal(svg.status, 200);
      // Bob's capital lies beyond what Alice knows (capitals are at least 3 apart, she knows her neighbours):
      // its hex is drawn unknown, with no name and the same fill as every other unknown hex.
      const kn = s.knowledge[ka.id]!;
      assert.ok(!kn.provinces[kb.capital] || kn.provinces[kb.capital]!.pct === 0, 'precondition: Bob\'s capital unknown to Alice');
      const region = (id: number) => new RegExp(`<path d="[^"]*" fill="([^"]*)" data-region="${id}" class="region"><title>([^<]*)</title>`).exec(svg.text);
      const bobs = region(kb.capital)!;
      const own = region(ka.capital)!;
      assert.ok(bobs && own);
      assert.notEqual(bobs[1], own[1], 'her capital is coloured, his hex is not');
      const unknownFill = bobs[1];
      const farAway = Object.keys(s.provinces).map(Number).filter((p) => !kn.provinces[p] || kn.provinces[p]!.pct === 0);
      for (const p of farAway) assert.equal(region(p)![1], unknownFill, `unknown hex ${p} drawn like any other unknown hex`);
      assert.ok(!svg.text.includes(s.provinces[kb.capital]!.name ?? '\u0000'), 'the name of an unknown province is not on her map');

      await games.setReady(tp.platform.ctx, gameId, pa, true);
      await games.setReady(tp.platform.ctx, gameId, pb, true);
      // Both ready: the turn resolves at once — by the platform's own scheduler or by
      // waitForStep's call, whichever claims it first (either way exactly once).
      await waitForStep(tp, gameId, 1);
      assert.equal((await games.summary(tp.platform.ctx, gameId))!.step, 1);
      const after1 = await stateOf<AKState>(tp, gameId);
      assert.equal(after1.turn, 2);
      assert.equal(after1.knowledge[ka.id]!.provinces[ka.capital]!.pct, 100);

      const repFr = await a.get(`/games/${gameId}/reports/1`);
      assert.equal(repFr.status, 200);
      assert.match(repFr.text, /Printemps/);
      assert.match(repFr.text, new RegExp(king.name));
      const repEn = await b.get(`/games/${gameId}/reports/1?lang=en`);
      assert.match(repEn.text, /Spring/);
      // Bob's report says nothing of Alice's orders.
      assert.ok(!repEn.text.includes('ZZ 12'));
      // The report mail went to both Kings, each in his language.
      const mails = await tp.db.query<{ to_addr: string; subject: string; text: string }>('SELECT to_addr, subject, text FROM outbox ORDER BY id');
      const toBob = mails.filter((m) => m.to_addr === bob.email);
      assert.ok(toBob.some((m) => /Spring/.test(m.text)), 'Bob\'s report mail, in English');
      assert.ok(mails.filter((m) => m.to_addr === alice.email).some((m) => /Printemps/.test(m.text)), 'Alice\'s report mail, in French');
    });

    test('the home page offers an Adventurer Kings demo: one King against five bots, his order page at once', async () => {
      const v = new Browser(tp.url);
      const home = await v.get('/');
      assert.match(home.text, /name="ruleset" value="adventurer-kings"/);
      const created = await v.post('/demo', { ruleset: 'adventurer-kings' }, nofollow);
      assert.equal(created.status, 303);
      const id = Number(/\/games\/(\d+)\/orders/.exec(created.location ?? '')![1]);
      const g = (await games.summary(tp.platform.ctx, id))!;
      assert.equal(g.ruleset, AK);
      assert.equal(g.lords, 6);
      assert.equal((await v.get(`/games/${id}/orders`)).status, 200);
      // The same visitor asking again gets the same game; the flagship's demo is another one.
      assert.equal((await v.post('/demo', { ruleset: 'adventurer-kings' }, nofollow)).location, created.location);
      const gp = await v.post('/demo', {}, nofollow);
      assert.notEqual(gp.location, created.location);
      assert.equal((await games.summary(tp.platform.ctx, Number(/\/games\/(\d+)/.exec(gp.location ?? '')![1])))!.ruleset, 'gloire-et-pouvoir');
    });

    test('the lobby starts an Adventurer Kings game when its count has confirmed', async () => {
      const ctx = tp.platform.ctx;
      const users: TestUser[] = [];
      for (let i = 0; i < 8; i++) users.push(await newUser(tp, `ak_lobby_${kind}_${i}`, i % 2 ? 'en' : 'fr'));
      const entries: number[] = [];
      for (const [i, u] of users.entries()) entries.push(await joinQueue(ctx, u.id, 'adventurer-kings/standard', `Roi ${i + 1}`));
      // (The platform's own scheduler ticks too: whoever runs the pass, the outcome is the same.)
      await lobbyTick(ctx);
      const asked = await tp.db.query<{ status: string }>(`SELECT status FROM lobby WHERE id = ANY($1::int[])`, [entries]);
      assert.deepEqual(asked.map((r) => r.status), Array(8).fill('asked'));
      for (const [i, u] of users.entries()) await confirm(ctx, u.id, entries[i]!);
      await lobbyTick(ctx);
      const placed = await tp.db.query<{ status: string; game_id: number }>(`SELECT status, game_id FROM lobby WHERE id = ANY($1::int[])`, [entries]);
      assert.deepEqual(placed.map((r) => r.status), Array(8).fill('placed'));
      assert.equal(new Set(placed.map((r) => r.game_id)).size, 1, 'one game for the eight');
      const g = (await games.summary(ctx, Number(placed[0]!.game_id)))!;
      assert.equal(g.ruleset, AK);
      assert.equal(g.lords, 8);
      assert.equal(g.status, 'running');
    });
  });
}
