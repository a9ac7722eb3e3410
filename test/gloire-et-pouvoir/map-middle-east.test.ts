/** The Middle East map ("Moyen-Orient", key MO): data checks, then whole games on it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAdjacency, checkConnected, checkIdsAndNames } from './map-checks.ts';
import { createRng } from '../../src/engine/rng.ts';
import { botOrders } from '../../src/rulesets/gloire-et-pouvoir/bot.ts';
import type { TurnSheet } from '../../src/rulesets/gloire-et-pouvoir/context.ts';
import { globalRenownParts, titleFor } from '../../src/rulesets/gloire-et-pouvoir/formulas.ts';
import { getMap, mapIndex, MAPS } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';
import { middleEast } from '../../src/rulesets/gloire-et-pouvoir/maps/middle-east.ts';
import { parseSheet } from '../../src/rulesets/gloire-et-pouvoir/orders/parse.ts';
import { setupGame } from '../../src/rulesets/gloire-et-pouvoir/setup.ts';
import type { GPState, LordId } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { resolveTurn } from '../../src/rulesets/gloire-et-pouvoir/turn.ts';
import { eventsOf, runPhases } from './harness.ts';
import { checkInvariants, totalPopulation } from './invariants.ts';

const map = middleEast;
const idx = mapIndex(map);
const t = (id: string) => {
  const x = idx.byId.get(id);
  assert.ok(x, `no territory ${id}`);
  return x;
};

function dist(a: string, b: string): number {
  const d = idx.distances(a).get(b);
  assert.ok(d !== undefined, `${b} unreachable from ${a}`);
  return d;
}

// ── The data ──────────────────────────────────────────────────────────────────────────────

test('Middle East: metadata and registry', () => {
  assert.equal(map.id, 'middle-east');
  assert.equal(map.key, 'MO');
  assert.deepEqual(map.name, { fr: 'Moyen-Orient', en: 'Middle East' });
  assert.equal(map.defaultPlayers, 20);
  assert.equal(getMap('middle-east'), middleEast);
  assert.equal(MAPS['middle-east'], middleEast);
  assert.equal(getMap('scandinavia').id, 'scandinavia', 'the other maps stay registered');
  assert.throws(() => getMap('moyen-orient'), /unknown map "moyen-orient"; known: .*middle-east/);
});

test('Middle East: 80 territories with unique ids and unique normalised names and aliases', () => {
  checkIdsAndNames(map, 80);
  // A few names of the period, with their accents.
  assert.equal(t('edesse').name, 'Édesse');
  assert.equal(t('jerusalem').name, 'Jérusalem');
  assert.equal(t('le-caire').name, 'Le Caire');
  assert.ok(t('antioche').aliases?.includes('Antioch'));
  assert.ok(t('krak-des-chevaliers').aliases?.includes('Crac des Chevaliers'));
});

test('Middle East: the regions of the brief are all present', () => {
  const regions: Record<string, string[]> = {
    levant: ['jerusalem', 'acre', 'tyr', 'tripoli', 'antioche', 'alep', 'damas', 'kerak'],
    anatolia: ['iconium', 'ancyre', 'cesaree', 'trebizonde', 'edesse', 'melitene'],
    mesopotamia: ['mossoul', 'bagdad', 'bassora', 'koufa', 'raqqa'],
    persia: ['tabriz', 'hamadan', 'ispahan', 'rey', 'ahvaz'],
    arabia: ['la-mecque', 'medine', 'djeddah', 'tabouk', 'hail'],
    egypt: ['le-caire', 'alexandrie', 'damiette', 'louxor', 'assouan', 'sinai'],
    islands: ['chypre', 'crete', 'rhodes'],
    caucasus: ['tiflis', 'derbent', 'ani'],
  };
  for (const [region, ids] of Object.entries(regions)) for (const id of ids) assert.ok(idx.byId.has(id), `${region}: missing ${id}`);
});

test('Middle East: adjacency is known, symmetric, without self-loops or duplicates', () => {
  checkAdjacency(map, 2);
  const degree = map.territories.reduce((a, x) => a + x.adjacent.length, 0) / map.territories.length;
  assert.ok(degree >= 3 && degree <= 4.5, `average degree ${degree}`);
});

test('Middle East: the graph is connected', () => {
  checkConnected(map);
});

test('Middle East: islands connect by 1 to 3 sea crossings to the mainland or other islands', () => {
  const islands = map.territories.filter((x) => x.island);
  assert.deepEqual(islands.map((x) => x.id).sort(), ['chypre', 'crete', 'rhodes']);
  for (const x of islands) {
    assert.ok(x.adjacent.length >= 1 && x.adjacent.length <= 3, `${x.id} has ${x.adjacent.length} crossings`);
  }
  assert.ok(t('crete').adjacent.includes('alexandrie'), 'Crete–Alexandria crossing');
  assert.ok(t('rhodes').adjacent.includes('adalia'), 'Rhodes–Adalia crossing');
  assert.ok(t('chypre').adjacent.includes('tarse') && t('chypre').adjacent.includes('beyrouth'), 'Cyprus crossings');
  // Every island reaches the mainland through its crossings alone.
  for (const x of islands) {
    const seen = new Set([x.id]);
    const queue = [x.id];
    let mainland = false;
    while (queue.length && !mainland) {
      for (const n of idx.byId.get(queue.shift()!)!.adjacent) {
        if (!idx.byId.get(n)!.island) mainland = true;
        else if (!seen.has(n)) { seen.add(n); queue.push(n); }
      }
    }
    assert.ok(mainland, `${x.id} reaches the mainland`);
  }
});

test('Middle East: 30 distinct start slots, the first 20 pairwise ≥ 3 apart, all 30 pairwise ≥ 2 apart', () => {
  assert.ok(map.starts.length >= 30);
  assert.ok(map.starts.length >= map.defaultPlayers);
  assert.equal(new Set(map.starts).size, map.starts.length);
  for (const s of map.starts) assert.ok(idx.byId.has(s), `start ${s} is not a territory`);
  const first = map.starts.slice(0, map.defaultPlayers);
  let pairs = 0;
  for (let i = 0; i < map.starts.length; i++) {
    for (let j = i + 1; j < map.starts.length; j++) {
      const a = map.starts[i]!;
      const b = map.starts[j]!;
      const d = dist(a, b);
      assert.equal(d, dist(b, a));
      assert.ok(d >= 2, `starts ${a} and ${b} are adjacent`);
      if (j < first.length) { assert.ok(d >= 3, `default starts ${a} and ${b} are only ${d} apart`); pairs++; }
    }
  }
  assert.equal(pairs, 190);
  // No two default homes share a neighbour: their closed neighbourhoods are disjoint.
  const covered = new Set<string>();
  for (const s of first) {
    for (const id of [s, ...t(s).adjacent]) {
      assert.ok(!covered.has(id), `${id} borders two default homes`);
      covered.add(id);
    }
  }
});

test('Middle East: the start slots spread over the whole map and follow a farthest-point order', () => {
  const first = map.starts.slice(0, 20);
  // Every region of the map has a default home.
  const cell = (id: string) => `${Math.min(2, Math.floor(t(id).x / 334))},${Math.min(2, Math.floor(t(id).y / 334))}`;
  const landCells = new Set(map.territories.map((x) => cell(x.id)));
  const homeCells = new Set(first.map(cell));
  for (const c of landCells) assert.ok(homeCells.has(c), `no default home in the map cell ${c}`);
  // Greedy farthest point: each slot is at least as far (in steps) from the slots before it as
  // any later slot of its group is.
  const minTo = (id: string, before: string[]) => Math.min(...before.map((b) => dist(id, b)));
  for (const [lo, hi] of [[0, 20], [20, map.starts.length]] as const) {
    for (let i = Math.max(1, lo); i < hi; i++) {
      const before = map.starts.slice(0, i);
      const here = minTo(map.starts[i]!, before);
      for (let j = i + 1; j < hi; j++) {
        assert.ok(here >= minTo(map.starts[j]!, before), `${map.starts[i]} (slot ${i + 1}) should come after ${map.starts[j]}`);
      }
    }
  }
  // Every territory is within 2 steps of a default home.
  for (const x of map.territories) assert.ok(Math.min(...first.map((s) => dist(s, x.id))) <= 2, `${x.id} is far from every home`);
});

test('Middle East: every start slot is calibrated (POP 16 500, C 0.40)', () => {
  for (const s of map.starts) {
    assert.equal(t(s).population, 16500, s);
    assert.equal(t(s).taxCoef, 0.4, s);
  }
});

test('Middle East: population and tax coefficient ranges and means match Scandinavia', () => {
  let pop = 0;
  let coef = 0;
  for (const x of map.territories) {
    assert.ok(Number.isInteger(x.population), `${x.id} population not an integer`);
    assert.ok(x.population >= 8000 && x.population <= 30000, `${x.id} population ${x.population}`);
    assert.ok(x.taxCoef >= 0.3 && x.taxCoef <= 0.5, `${x.id} taxCoef ${x.taxCoef}`);
    pop += x.population;
    coef += x.taxCoef;
  }
  const n = map.territories.length;
  assert.ok(pop / n >= 16000 && pop / n <= 17000, `mean population ${pop / n}`);
  assert.ok(coef / n >= 0.38 && coef / n <= 0.42, `mean taxCoef ${coef / n}`);
  // The great cities are rich, the deserts poor.
  for (const rich of ['le-caire', 'bagdad', 'damas', 'alep']) assert.ok(t(rich).population >= 24000, rich);
  for (const poor of ['tabouk', 'tayma', 'palmyre', 'aqaba']) assert.ok(t(poor).population <= 11000, poor);
});

test('Middle East: coordinates are in range, distinct and roughly geographic', () => {
  const seen = new Set<string>();
  for (const x of map.territories) {
    assert.ok(x.x >= 0 && x.x <= 1000 && x.y >= 0 && x.y <= 1000, `${x.id} out of range`);
    const key = `${x.x},${x.y}`;
    assert.ok(!seen.has(key), `${x.id} shares its position`);
    seen.add(key);
  }
  const west = (a: string, b: string) => assert.ok(t(a).x < t(b).x, `${a} west of ${b}`);
  const north = (a: string, b: string) => assert.ok(t(a).y < t(b).y, `${a} north of ${b}`);
  west('crete', 'chypre'); west('alexandrie', 'le-caire'); west('damas', 'bagdad'); west('bagdad', 'ispahan'); west('jerusalem', 'la-mecque');
  north('trebizonde', 'edesse'); north('antioche', 'jerusalem'); north('le-caire', 'assouan'); north('medine', 'la-mecque'); north('tiflis', 'tabriz');
});

test('Middle East: mapIndex distances', () => {
  assert.equal(mapIndex(map), idx);
  assert.equal(idx.distances('jerusalem').get('jerusalem'), 0);
  assert.equal(idx.distances('jerusalem').get('jaffa'), 1);
  assert.ok(dist('crete', 'derbent') >= 8, 'Crete and Derbent lie at opposite ends');
});

// ── Games on the Middle East ──────────────────────────────────────────────────────────────

function botSheets(s: GPState, seed: string): Record<LordId, TurnSheet> {
  const sheets: Record<LordId, TurnSheet> = {};
  let order = 1;
  for (const l of Object.values(s.lords)) {
    if (!l.alive) continue;
    const orders = botOrders(s, l.id, createRng(seed, `bot/${s.turn}/${l.id}`));
    const { sheet, issues } = parseSheet(s, l.id, orders);
    assert.deepEqual(issues, [], `bot orders of ${l.id} at turn ${s.turn} are valid`);
    sheets[l.id] = { lines: sheet.lines, submittedOrder: order++ };
  }
  return sheets;
}

test('a 20-lord game on the Middle East: setup, then 3 turns played by bots', () => {
  const seed = 'mo-20';
  let s = setupGame({ map: 'middle-east', players: 20 }, createRng(seed, 'setup'));
  assert.equal(s.map, 'middle-east');
  assert.equal(s.mapKey, 'MO');
  assert.equal(Object.keys(s.lords).length, 20);
  assert.equal(Object.keys(s.territories).length, 80);
  const homes = Object.values(s.territories).filter((x) => x.owner !== null);
  assert.equal(homes.length, 20, 'one home per lord');
  for (const h of homes) {
    assert.ok(map.starts.includes(h.id), `${h.id} is a start slot`);
    assert.equal(h.population, 16500);
    assert.equal(h.taxCoef, 0.4);
  }
  for (const a of homes) for (const b of homes) if (a.id < b.id) assert.ok(dist(a.id, b.id) >= 2, `homes ${a.id} and ${b.id} adjacent`);
  const pop = totalPopulation(s);
  let orders = 0;
  let events = 0;
  for (let turn = 1; turn <= 3; turn++) {
    const sheets = botSheets(s, seed);
    orders += Object.values(sheets).reduce((n, sh) => n + sh.lines.length, 0);
    const r = resolveTurn(structuredClone(s), sheets, createRng(seed, `step/${turn}`));
    s = r.state;
    events += r.events.length;
    checkInvariants(s, pop);
    assert.equal(s.finished, false, 'nobody wins in 3 turns');
  }
  assert.equal(s.turn, 4);
  assert.ok(orders > 20, `the bots gave orders (${orders})`);
  assert.ok(events > 0);
  assert.equal(Object.values(s.lords).filter((l) => l.alive).length, 20);
  // Titles in the final state follow the MO thresholds.
  for (const l of Object.values(s.lords)) assert.ok(l.title === null || l.title === 'baron' || l.title === 'vicomte', `${l.id} is already ${l.title}`);
});

test('a game with the default player count has 20 lords; too many lords are refused', () => {
  const s = setupGame({ map: 'middle-east' }, createRng('mo-default', 'setup'));
  assert.equal(Object.keys(s.lords).length, 20);
  const full = setupGame({ map: 'middle-east', players: map.starts.length }, createRng('mo-full', 'setup'));
  assert.equal(Object.values(full.territories).filter((x) => x.owner !== null).length, map.starts.length);
  assert.throws(() => setupGame({ map: 'middle-east', players: map.starts.length + 1 }, createRng('mo-x', 'setup')), /start positions/);
});

test('order text resolves the territory names of the Middle East', () => {
  const s = setupGame({ map: 'middle-east', players: 20 }, createRng('mo-names', 'setup'));
  for (const [spelling, id] of [['Édesse', 'edesse'], ['Edesse', 'edesse'], ['"Le Caire"', 'le-caire'], ['"Krak des Chevaliers"', 'krak-des-chevaliers'], ['Antioche', 'antioche']] as const) {
    const { sheet, issues } = parseSheet(s, 'L1', `ESP ${spelling}`);
    assert.deepEqual(issues, [], spelling);
    assert.equal((sheet.lines[0]!.order as { territory?: string }).territory, id, spelling);
  }
});

test('titles on the Middle East use the MO thresholds (TV-52: GR 262 is Baron on MO, Comte on SCA)', () => {
  const s = setupGame({ map: 'middle-east', players: 20 }, createRng('mo-titles', 'setup'));
  const cfg = s.config;
  assert.equal(titleFor(cfg, 'MO', 262), 'baron');
  assert.equal(titleFor(cfg, 'SCA', 262), 'comte');
  assert.equal(titleFor(cfg, 'EUR', 262), null);
  assert.equal(titleFor(cfg, 'MO', 224), null);
  assert.equal(titleFor(cfg, 'MO', 225), 'baron');
  assert.equal(titleFor(cfg, 'MO', 300), 'vicomte');
  assert.equal(titleFor(cfg, 'MO', 375), 'comte');
  assert.equal(titleFor(cfg, 'MO', 1200), 'prince');
  // Phase 17 on this map: a lord whose GR is 262 becomes Baron (not Comte as in Scandinavia).
  const avgH = Object.values(s.territories).reduce((a, x) => a + x.happiness, 0) / 80;
  const parts = globalRenownParts(s, 'L1', avgH);
  s.lords.L1!.treasury = Math.round((262 - (parts.total - parts.treasury)) * cfg.treasuryDivisor);
  assert.ok(Math.abs(globalRenownParts(s, 'L1', avgH).total - 262) < 0.01);
  const { events } = runPhases(s, {}, [17]);
  assert.equal(s.lords.L1!.title, 'baron');
  assert.deepEqual(eventsOf(events, 'title').map((e) => [e.lord, e.to]), [['L1', 'baron']]);
});

test('victory on the Middle East uses the MO thresholds (GR > 1 499, 20 territories)', () => {
  const fresh = () => setupGame({ map: 'middle-east', players: 20 }, createRng('mo-victory', 'setup'));
  const give = (s: GPState, lord: LordId, n: number) => {
    const free = Object.values(s.territories).filter((x) => x.owner === null);
    const have = Object.values(s.territories).filter((x) => x.owner === lord).length;
    for (const x of free.slice(0, n - have)) x.owner = lord;
  };
  // 16 territories win in Scandinavia, not here; 20 do.
  let s = fresh();
  give(s, 'L1', 19);
  runPhases(s, {}, [19]);
  assert.equal(s.finished, false, '19 territories are not enough on MO');
  s = fresh();
  give(s, 'L1', 20);
  let r = runPhases(s, {}, [19]);
  assert.equal(s.finished, true);
  assert.equal(s.king, 'L1');
  assert.equal(s.victory, 'conquest');
  assert.deepEqual(eventsOf(r.events, 'victory').map((e) => e.reason), ['conquest']);
  // Renown: GR 1 400 (a win in Scandinavia) is not enough; GR 1 500 is.
  for (const [gr, wins] of [[1400, false], [1500, true]] as const) {
    s = fresh();
    const avgH = Object.values(s.territories).reduce((a, x) => a + x.happiness, 0) / 80;
    const parts = globalRenownParts(s, 'L2', avgH);
    s.lords.L2!.treasury = Math.round((gr - (parts.total - parts.treasury)) * s.config.treasuryDivisor);
    r = runPhases(s, {}, [19]);
    assert.equal(s.finished, wins, `GR ${gr}`);
    if (wins) { assert.equal(s.king, 'L2'); assert.equal(s.victory, 'renown'); }
  }
});
