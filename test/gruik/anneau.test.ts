/**
 * The default map as the game a host starts (`map: 'anneau'`, the registry's first variant): each
 * player count from 4 to 8 loads its §12.5 variant (the seats are its player states; the others
 * neutral or removed), a season runs through the engine on the defaults with the invariants kept,
 * and the map is drawn for a seat from what it may see.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, submit } from '../../src/engine/game.ts';
import { isError } from '../../src/engine/ruleset.ts';
import { createRng } from '../../src/engine/rng.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { DEFAULT_SCENARIO } from '../../src/rulesets/gruik/scenario.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

test('the registry offers the default map first (4–8 players, 6 by default), then the fixture', () => {
  const entry = getRuleset('gruik')!;
  assert.deepEqual(entry.variants.map((v) => [v.id, v.seats.min, v.seats.max, v.seats.default]), [['anneau', 4, 8, 6], ['fixture', 2, 2, 2]]);
  assert.deepEqual(entry.options({}), { map: 'anneau', players: 6 }, 'no choice: the 6-player Anneau');
});

for (const n of [4, 5, 6, 7, 8]) {
  test(`the Anneau for ${n} players: the variant's player states are the seats, a season runs on the defaults`, () => {
    const variant = DEFAULT_SCENARIO.variants!.find((v) => v.players === n)!;
    let g = createGame(gruik, { map: 'anneau', players: n, gm: false, seasons: 2 }, `anneau-${n}`);
    assert.deepEqual(gruik.players(g.state).map((p) => p.id), variant.playerStates, 'seats in the variant’s order');
    const s = g.state.gruik;
    assert.equal(s.map.provinces.length, DEFAULT_SCENARIO.provinces.length, 'every province of the map');
    for (const st of DEFAULT_SCENARIO.states.filter((x) => !variant.playerStates.includes(x.id))) {
      if (variant.others === 'remove' && st.kind === 'player') assert.equal(s.realms[st.id], undefined, `${st.id} removed`);
      else assert.equal(s.realms[st.id]?.kind, 'neutral', `${st.id} run as a neutral`);
    }
    assert.deepEqual(checkInvariants(s), [], 'invariants at the start');
    const season = s.season;
    for (let i = 0; i < 20 && g.state.gruik.season === season && g.state.flow.phase !== 'over'; i++) g = advance(gruik, g, { useDefaults: true });
    assert.equal(g.state.gruik.season, season + 1, 'the season turned over');
    assert.deepEqual(checkInvariants(g.state.gruik), [], 'invariants after it');
  });
}

test('the Anneau’s map for a seat: every province and sea zone drawn, its own capital among its regions', () => {
  const g = createGame(gruik, { map: 'anneau', players: 6, gm: false }, 'anneau-map');
  const seat = gruik.players(g.state)[0]!.id;
  const doc = gruik.mapDoc!(g.state, seat, 'fr');
  const ids = new Set(doc.regions.map((r) => r.id));
  for (const p of DEFAULT_SCENARIO.provinces) assert.ok(ids.has(p.id), `province ${p.id} drawn`);
  for (const z of DEFAULT_SCENARIO.seaZones) assert.ok(ids.has(z.id), `sea zone ${z.id} drawn`);
  const capital = DEFAULT_SCENARIO.states.find((x) => x.id === seat)!.capital;
  assert.ok(doc.regions.find((r) => r.id === capital)?.path, 'the capital has an outline');
});

test('bots play the Anneau through the registry: every bot answer accepted, orders of several kinds given, invariants kept', () => {
  const entry = getRuleset('gruik')!;
  let g = createGame(gruik, entry.options({ map: 'anneau', players: 4, config: { gm: { present: false }, campaign: { seasons: 2 } } }), 'anneau-bots');
  const rng = { n: 0 };
  const kinds = new Set<string>();
  for (let step = 0; step < 40 && g.state.flow.phase !== 'over'; step++) {
    for (const d of gruik.decisions(g.state)) {
      for (const p of d.players) {
        const answer = entry.bot!(g.state, p, d.id, createRng('anneau-bots', `bot/${rng.n++}`));
        const v = gruik.validate(g.state, p, d.id, answer);
        assert.deepEqual(v.issues.filter(isError).map((i) => i.message), [], `${p} ${d.id}: the bot's answer is accepted`);
        if (d.kind === 'orders' && answer && typeof answer === 'object') for (const k of Object.keys(answer)) kinds.add(k);
        g = submit(gruik, g, p, d.id, answer).game;
      }
    }
    g = advance(gruik, g, { useDefaults: true });
    assert.deepEqual(checkInvariants(g.state.gruik), [], `invariants after step ${step}`);
  }
  assert.equal(g.state.flow.phase, 'over', 'the two-season campaign ends');
  assert.ok(kinds.has('moves') && kinds.has('orders'), `the bots move and give other orders: ${[...kinds].join(', ')}`);
});
