/**
 * The statistics of an Adventurer Kings game on the platform, on both databases. The game is
 * blind (rules S8): `/api/games/<id>/stats` gives a King his own kingdom's series and the number
 * of Kings still in the game, never another kingdom's figure; an outsider gets only the public
 * count. The figures are stored with the start and with each turn and are the state's.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChartDoc } from '../../src/engine/ruleset.ts';
import { games } from '../../src/platform/games/service.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { ALL, PRIVATE_FIGURES, stats } from '../../src/rulesets/adventurer-kings/stats.ts';
import { Browser } from './http.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';
import { API, ids, numbers, resolveTurn, stateOf, storedStats, withMarkedFigures } from './stats-fixtures.ts';
import { loggedIn, newUser, type TestUser as U } from './users.ts';

const AK = 'adventurer-kings';
const TURNS = 2;






for (const kind of DB_KINDS) {
  describe(`Adventurer Kings statistics (${kind})`, () => {
    let tp: TestPlatform;
    let alice: U, bob: U, carol: U;
    let gameId: number;
    let pa: string, pb: string;

    before(async () => {
      tp = await startTestPlatform(kind);
      alice = await newUser(tp, `ak_stats_alice_${kind}`);
      bob = await newUser(tp, `ak_stats_bob_${kind}`);
      carol = await newUser(tp, `ak_stats_carol_${kind}`);
      gameId = await games.create(tp.platform.ctx, {
        ruleset: AK, name: 'Chiffres des rois', options: { map: 'standard' }, seed: 'ak-stats-platform',
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }, { userId: null, lordName: 'Robot' }], early: false,
      });
      const seats = await games.seats(tp.platform.ctx, gameId);
      pa = seats.find((s) => s.userId === alice.id)!.player;
      pb = seats.find((s) => s.userId === bob.id)!.player;
      for (let i = 0; i < TURNS; i++) await resolveTurn(tp, gameId);
    });
    after(async () => { await tp?.close(); });

    test('the figures are stored with the start and with every turn, and are the state\'s', async () => {
      const st = await storedStats(tp, gameId);
      assert.ok(st.start, 'start figures');
      assert.equal(st.steps.length, TURNS);
      assert.ok(st.steps.every((s) => s !== null), 'figures of every turn');
      const state = await stateOf<AKState>(tp, gameId);
      assert.deepEqual(st.steps.at(-1), JSON.parse(JSON.stringify(stats(state))), 'the last turn\'s figures are the current state\'s');
      assert.deepEqual(Object.keys(st.start!.public), ['kings'], 'only the count of Kings is public');
      assert.equal(st.start!.public.kings![ALL], 3);
      assert.deepEqual(Object.keys(st.start!.private).sort(), Object.values(state.kingdoms).map((k) => k.player).sort());
    });

    test('a King gets his own series and the count of Kings; the figures are his kingdom\'s', async () => {
      const state = await stateOf<AKState>(tp, gameId);
      const ka = Object.values(state.kingdoms).find((k) => k.player === pa)!;
      const b = await loggedIn(tp, alice);
      const api = await b.get(`/api/games/${gameId}/stats?lang=en`, API);
      assert.equal(api.status, 200);
      const charts = api.json().charts as ChartDoc[];
      assert.deepEqual(ids(charts), [...PRIVATE_FIGURES.map((f) => `my-${f}`), 'kings']);
      for (const c of charts) {
        assert.equal(c.labels.length, TURNS + 1, `${c.id}: the start and one point per turn`);
        assert.equal(c.series.length, 1, `${c.id}: one series`);
        assert.equal(c.series[0]!.values.length, TURNS + 1);
        if (c.id !== 'kings') { assert.equal(c.series[0]!.mine, true); assert.equal(c.series[0]!.name, 'Aliénor'); }
      }
      const last = (id: string) => charts.find((c) => c.id === id)!.series[0]!.values.at(-1);
      assert.equal(last('my-treasury'), ka.treasury);
      const owned = Object.values(state.provinces).filter((p) => p.owner === ka.id);
      assert.equal(last('my-provinces'), owned.length);
      assert.equal(last('my-tax'), owned.reduce((x, p) => x + p.taxBase, 0));
      assert.equal(last('my-armies'), Object.values(state.armies).filter((a) => a.kingdom === ka.id).length);
      assert.equal(last('my-known'), Object.values(state.knowledge[ka.id]!.provinces).filter((p) => p.pct > 0).length);
      assert.equal(last('kings'), 3);
      assert.equal(charts.find((c) => c.id === 'my-treasury')!.title, 'Your treasury (écus)');
      const fr = (await b.get(`/api/games/${gameId}/stats?lang=fr`, API)).json().charts as ChartDoc[];
      assert.equal(fr.find((c) => c.id === 'my-treasury')!.title, 'Votre trésor (écus)');
      assert.equal(fr[0]!.labels[1], 'année 1');
      const page = await b.get(`/games/${gameId}/stats`);
      assert.equal(page.status, 200);
      assert.equal((page.text.match(/<canvas /g) ?? []).length, charts.length, 'a canvas per chart');
    });

    test('nobody sees another kingdom\'s figures; an outsider sees only the count of Kings', async () => {
      // Every private figure marked with a number found nowhere else, per player.
      await withMarkedFigures(tp, gameId, 800_000_000, async (marks) => {
        const a = await loggedIn(tp, alice);
        const b = await loggedIn(tp, bob);
        const c = await loggedIn(tp, carol);
        const anon = new Browser(tp.url);
        for (const [who, br, own] of [['alice', a, pa], ['bob', b, pb], ['carol', c, null], ['anonymous', anon, null]] as const) {
          const page = await br.get(`/games/${gameId}/stats`);
          const api = await br.get(`/api/games/${gameId}/stats`, API);
          assert.equal(page.status, 200, who);
          assert.equal(api.status, 200, who);
          const charts = api.json().charts as ChartDoc[];
          const seen = numbers(charts);
          for (const [player, ms] of Object.entries(marks)) {
            if (player === own) assert.deepEqual(ms.filter((m) => !seen.has(m)), [], `${who} sees all his own figures`);
            else {
              assert.deepEqual(ms.filter((m) => seen.has(m)), [], `${who} sees no figure of ${player}`);
              for (const m of ms) assert.ok(!page.text.includes(String(m)) && !api.text.includes(String(m)), `${who}: ${player}'s mark ${m} nowhere in the page`);
            }
          }
          if (own === null) assert.deepEqual(ids(charts), ['kings'], `${who}: the public chart only`);
          else assert.deepEqual(ids(charts), [...PRIVATE_FIGURES.map((f) => `my-${f}`), 'kings'], who);
        }
      });
    });
  });
}
