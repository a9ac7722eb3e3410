/** The Europe map (rules §1.2, Appendix A, key EUR): shape, calibration, start slots, and whole games on it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAdjacency, checkConnected, checkIdsAndNames } from './map-checks.ts';
import { normalizeName } from '../../src/engine/names.ts';
import { createRng } from '../../src/engine/rng.ts';
import { getMap, mapIndex, MAPS } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';
import { europe } from '../../src/rulesets/gloire-et-pouvoir/maps/europe.ts';
import { botOrders } from '../../src/rulesets/gloire-et-pouvoir/bot.ts';
import type { TurnSheet } from '../../src/rulesets/gloire-et-pouvoir/context.ts';
import { globalRenown, titleFor } from '../../src/rulesets/gloire-et-pouvoir/formulas.ts';
import { parseSheet } from '../../src/rulesets/gloire-et-pouvoir/orders/parse.ts';
import { setupGame } from '../../src/rulesets/gloire-et-pouvoir/setup.ts';
import type { GPState, LordId } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { resolveTurn } from '../../src/rulesets/gloire-et-pouvoir/turn.ts';
import { checkInvariants, totalPopulation } from './invariants.ts';

const map = europe;
const idx = mapIndex(map);
const t = (id: string) => {
  const found = idx.byId.get(id);
  assert.ok(found, `no territory ${id}`);
  return found;
};

function dist(a: string, b: string): number {
  const d = idx.distances(a).get(b);
  assert.ok(d !== undefined, `${b} unreachable from ${a}`);
  return d;
}

const adjacent = (a: string, b: string) => t(a).adjacent.includes(b);

test('Europe metadata and registry', () => {
  assert.equal(map.id, 'europe');
  assert.equal(map.key, 'EUR');
  assert.deepEqual(map.name, { fr: 'Europe', en: 'Europe' });
  assert.equal(map.defaultPlayers, 30);
  assert.equal(getMap('europe'), europe);
  assert.equal(MAPS.europe, europe);
  assert.ok(MAPS.scandinavia, 'Scandinavia is still registered');
});

test('151 territories with unique ids and unique normalised names', () => {
  checkIdsAndNames(map, 151);
  // Display names keep their accents.
  assert.equal(t('ile-de-france').name, 'Île-de-France');
  assert.equal(t('boheme').name, 'Bohême');
  assert.equal(t('ostergotland').name, 'Östergötland');
  assert.equal(t('trondelag').name, 'Trøndelag');
});

test('text orders resolve every id, name and alias to its own territory', () => {
  // The order parser matches names after normalizeName (accents, case, hyphens, spaces ignored).
  const owner = new Map<string, string>();
  for (const x of map.territories) {
    for (const spelling of [x.id, x.name, ...(x.aliases ?? [])]) {
      const key = normalizeName(spelling);
      assert.ok(key.length > 0, `"${spelling}" of ${x.id} normalises to nothing`);
      const prev = owner.get(key);
      assert.ok(prev === undefined || prev === x.id, `"${spelling}" of ${x.id} collides with ${prev}`);
      owner.set(key, x.id);
    }
  }
  // A lord writes his orders with the display names.
  const s = setupGame({ map: 'europe', players: 30 }, createRng('eur-names', 'setup'));
  const home = Object.values(s.territories).find((x) => x.owner === 'L1')!.id;
  for (const spelling of [t(home).name, ...(t(home).aliases ?? [])]) {
    const { sheet, issues } = parseSheet(s, 'L1', `IMP 3 ${spelling}`);
    assert.deepEqual(issues, [], `IMP 3 ${spelling}`);
    assert.equal(sheet.lines.length, 1);
  }
});

test('every part of medieval Europe is on the map', () => {
  const parts: Record<string, string[]> = {
    'British Isles': ['ecosse', 'northumbrie', 'mercie', 'wessex', 'galles', 'kent', 'cornouailles', 'leinster', 'ulster'],
    Iberia: ['portugal', 'leon', 'castille', 'aragon', 'catalogne', 'navarre', 'andalousie', 'grenade'],
    France: ['ile-de-france', 'normandie', 'bretagne', 'aquitaine', 'bourgogne', 'languedoc', 'provence', 'champagne'],
    'Low Countries': ['flandre', 'brabant', 'hollande', 'frise'],
    Empire: ['rhenanie', 'saxe', 'franconie', 'souabe', 'baviere', 'brandebourg', 'westphalie', 'holstein'],
    Alps: ['helvetie', 'savoie', 'tyrol', 'carinthie'],
    Italy: ['lombardie', 'venise', 'genes', 'toscane', 'rome', 'naples', 'pouilles', 'calabre'],
    'Central Europe': ['boheme', 'moravie', 'autriche', 'silesie'],
    Scandinavia: ['jylland', 'seeland', 'scanie', 'viken', 'uppland', 'finlande'],
    Baltic: ['prusse', 'livonie', 'courlande', 'estonie'],
    'Poland-Lithuania': ['grande-pologne', 'petite-pologne', 'mazovie', 'lituanie'],
    "Rus'": ['novgorod', 'smolensk', 'kiev', 'vladimir', 'moscou', 'tchernigov'],
    Hungary: ['hongrie', 'transylvanie', 'croatie', 'slavonie'],
    Balkans: ['serbie', 'bulgarie', 'bosnie', 'valachie', 'macedoine', 'athenes', 'moree'],
    Byzantium: ['constantinople', 'nicee', 'smyrne'],
    Islands: ['islande', 'sicile', 'sardaigne', 'corse', 'crete', 'chypre', 'baleares', 'gotland', 'malte', 'rhodes'],
  };
  for (const [part, ids] of Object.entries(parts)) for (const id of ids) assert.ok(idx.byId.has(id), `${part}: missing ${id}`);
});

test('adjacency: known ids, symmetric, no self-loops, no duplicates', () => {
  checkAdjacency(map);
});

test('the graph is connected and sparse enough for 100 homes', () => {
  checkConnected(map);
  const degrees = map.territories.map((x) => x.adjacent.length);
  const mean = degrees.reduce((a, b) => a + b, 0) / degrees.length;
  assert.ok(mean >= 3.3 && mean <= 5, `mean degree ${mean}`);
  assert.ok(Math.max(...degrees) <= 12, 'no territory borders more than 12 others');
  // The 51 territories that are not start slots border one another where the land allows.
  const starts = new Set(map.starts);
  const others = map.territories.filter((x) => !starts.has(x.id));
  assert.equal(others.length, 51);
  const links = others.reduce((n, x) => n + x.adjacent.filter((a) => !starts.has(a)).length, 0) / 2;
  assert.ok(links >= 40, `only ${links} links between non-start territories`);
});

test('geographic neighbourhoods and sea crossings', () => {
  const must: Array<[string, string]> = [
    ['wessex', 'mercie'], ['kent', 'flandre'], ['wessex', 'normandie'], ['normandie', 'ile-de-france'],
    ['languedoc', 'catalogne'], ['leon', 'castille'], ['toscane', 'rome'], ['rome', 'naples'],
    ['calabre', 'sicile'], ['sicile', 'malte'], ['corse', 'sardaigne'], ['baleares', 'catalogne'],
    ['islande', 'ecosse'], ['jylland', 'seeland'], ['scanie', 'seeland'], ['finlande', 'uppland'],
    ['baviere', 'autriche'], ['hongrie', 'croatie'], ['constantinople', 'nicee'], ['crete', 'rhodes'],
    ['chypre', 'rhodes'], ['kiev', 'coumanie'], ['crimee', 'coumanie'], ['pskov', 'novgorod'],
  ];
  for (const [a, b] of must) assert.ok(adjacent(a, b), `${a} should border ${b}`);
  // Far apart lands are many steps apart.
  assert.ok(dist('lisbonne', 'moscou') >= 10, 'Lisbon is far from Moscow');
  assert.ok(dist('islande', 'chypre') >= 10, 'Iceland is far from Cyprus');
});

test('islands: every island has a crossing, every group of islands reaches the mainland', () => {
  const islands = map.territories.filter((x) => x.island);
  const mustBeIslands = ['islande', 'orcades', 'leinster', 'sicile', 'sardaigne', 'corse', 'malte', 'crete', 'chypre', 'rhodes', 'baleares', 'gotland', 'bornholm', 'seeland'];
  for (const id of mustBeIslands) assert.equal(t(id).island, true, `${id} is an island`);
  for (const x of islands) assert.ok(x.adjacent.length >= 1, `${x.id} has no crossing`);
  // Islands linked to each other (Ireland's four provinces, Corsica–Sardinia, Crete–Rhodes–Cyprus…)
  // form groups; each group has a crossing to a territory that is not an island.
  const seen = new Set<string>();
  for (const start of islands) {
    if (seen.has(start.id)) continue;
    const group = [start.id];
    seen.add(start.id);
    let toMainland = 0;
    for (let i = 0; i < group.length; i++) {
      for (const n of t(group[i]!).adjacent) {
        if (t(n).island) {
          if (!seen.has(n)) { seen.add(n); group.push(n); }
        } else toMainland++;
      }
    }
    assert.ok(toMainland >= 1, `island group ${group.join(', ')} has no crossing to the mainland`);
  }
});

test('at least 100 distinct start slots, all on calibrated territories', () => {
  assert.ok(map.starts.length >= 100, `${map.starts.length} start slots`);
  assert.ok(map.starts.length >= map.defaultPlayers);
  assert.equal(new Set(map.starts).size, map.starts.length, 'start slots are distinct');
  for (const s of map.starts) {
    const x = t(s);
    assert.equal(x.population, 16500, `${s} population`);
    assert.equal(x.taxCoef, 0.4, `${s} taxCoef`);
  }
});

test('start slots: never adjacent (all 100), no shared neighbour among the first 30', () => {
  const all = map.starts.slice(0, 100);
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) {
      const d = dist(all[i]!, all[j]!);
      assert.equal(d, dist(all[j]!, all[i]!));
      assert.ok(d >= 2, `starts ${all[i]} and ${all[j]} are adjacent`);
      if (i < 30 && j < 30) assert.ok(d >= 3, `default starts ${all[i]} and ${all[j]} are only ${d} steps apart`);
    }
  }
});

test('the first 30 start slots are spread over the whole map', () => {
  const first = map.starts.slice(0, 30).map(t);
  let minGap = Infinity;
  for (let i = 0; i < first.length; i++) {
    for (let j = i + 1; j < first.length; j++) {
      minGap = Math.min(minGap, Math.hypot(first[i]!.x - first[j]!.x, first[i]!.y - first[j]!.y));
    }
  }
  assert.ok(minGap >= 50, `two default starts are only ${minGap.toFixed(0)} map units apart`);
  // Every quarter of the map has default starts.
  const quarters = [0, 0, 0, 0];
  for (const x of first) quarters[(x.x < 500 ? 0 : 1) + (x.y < 550 ? 0 : 2)]!++;
  for (const q of quarters) assert.ok(q >= 3, `quarters ${quarters.join('/')}`);
  // West, east, north and south edges are all represented.
  assert.ok(first.some((x) => x.x < 200) && first.some((x) => x.x > 850), 'far west and far east');
  assert.ok(first.some((x) => x.y < 300) && first.some((x) => x.y > 900), 'far north and far south');
});

test('population and tax coefficient calibrated like Scandinavia', () => {
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
  // Rich and poor lands exist beside the calibrated homes.
  const pops = map.territories.map((x) => x.population);
  assert.ok(Math.max(...pops) >= 28000 && Math.min(...pops) <= 9000);
  assert.ok(t('ile-de-france').population > t('coumanie').population);
});

test('coordinates are in range, distinct and roughly geographic', () => {
  const seen = new Set<string>();
  for (const x of map.territories) {
    assert.ok(Number.isInteger(x.x) && Number.isInteger(x.y), `${x.id} coordinates`);
    assert.ok(x.x >= 0 && x.x <= 1000 && x.y >= 0 && x.y <= 1000, `${x.id} out of range`);
    const key = `${x.x},${x.y}`;
    assert.ok(!seen.has(key), `${x.id} shares its position`);
    seen.add(key);
  }
  const west = (a: string, b: string) => assert.ok(t(a).x < t(b).x, `${a} west of ${b}`);
  const north = (a: string, b: string) => assert.ok(t(a).y < t(b).y, `${a} north of ${b}`);
  west('lisbonne', 'castille'); west('ile-de-france', 'boheme'); west('rome', 'constantinople'); west('lituanie', 'moscou');
  north('islande', 'ecosse'); north('viken', 'seeland'); north('lombardie', 'naples'); north('naples', 'sicile'); north('kiev', 'crimee');
});

// ── Games on Europe ───────────────────────────────────────────────────────────────────────

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

function playBots(players: number, turns: number, seed: string): { state: GPState; orders: number } {
  let s = setupGame({ map: 'europe', players }, createRng(seed, 'setup'));
  assert.equal(s.map, 'europe');
  assert.equal(s.mapKey, 'EUR');
  assert.equal(Object.keys(s.lords).length, players);
  assert.equal(Object.keys(s.territories).length, 151);
  const homes = Object.values(s.territories).filter((x) => x.owner !== null);
  assert.equal(homes.length, players, 'one home per lord');
  for (const h of homes) assert.ok(map.starts.includes(h.id), `${h.id} is a start slot`);
  const pop = totalPopulation(s);
  let orders = 0;
  for (let turn = 1; turn <= turns; turn++) {
    const sheets = botSheets(s, seed);
    orders += Object.values(sheets).reduce((n, sh) => n + sh.lines.length, 0);
    s = resolveTurn(structuredClone(s), sheets, createRng(seed, `step/${turn}`)).state;
    checkInvariants(s, pop);
  }
  assert.equal(s.turn, turns + 1);
  return { state: s, orders };
}

test('a 30-lord game on Europe: setup, then 3 turns played by bots', () => {
  const { state, orders } = playBots(30, 3, 'eur-30');
  assert.ok(orders > 30, `the bots gave orders (${orders})`);
  assert.equal(Object.values(state.lords).filter((l) => l.alive).length, 30);
});

test('a 100-lord game on Europe: setup, then 3 turns played by bots', () => {
  const { state } = playBots(100, 3, 'eur-100');
  assert.ok(Object.values(state.lords).some((l) => l.alive));
  // Every lord's home was a distinct start slot, none next to another.
  assert.throws(() => setupGame({ map: 'europe', players: map.starts.length + 1 }, createRng('x', 'setup')), /start positions/);
});

test('a game with the default player count has 30 lords', () => {
  const s = setupGame({ map: 'europe' }, createRng('eur-default', 'setup'));
  assert.equal(Object.keys(s.lords).length, 30);
});

test('titles on Europe use the EUR thresholds (Baron 300 … Prince 1600)', () => {
  const s = setupGame({ map: 'europe', players: 30 }, createRng('eur-titles', 'setup'));
  const cfg = s.config;
  assert.equal(titleFor(cfg, 'EUR', 299), null);
  assert.equal(titleFor(cfg, 'EUR', 300), 'baron');
  assert.equal(titleFor(cfg, 'EUR', 450), 'vicomte');
  assert.equal(titleFor(cfg, 'EUR', 1600), 'prince');
  // Two lords well above the Scandinavian thresholds, one of them below Europe's Baron.
  const setRenown = (lord: LordId, r: number) => { s.knights[s.lords[lord]!.lordKnight]!.renown = r; };
  setRenown('L1', 230);
  setRenown('L2', 420);
  const next = resolveTurn(structuredClone(s), {}, createRng('eur-titles', 'step/1')).state;
  const avgH = Object.values(next.territories).reduce((a, x) => a + x.happiness, 0) / Object.keys(next.territories).length;
  const gr1 = globalRenown(next, 'L1', avgH);
  const gr2 = globalRenown(next, 'L2', avgH);
  assert.ok(gr1 > 250 && gr1 < 300, `GR of L1 ${gr1}`);
  assert.ok(gr2 > 400 && gr2 < 500, `GR of L2 ${gr2}`);
  assert.equal(titleFor(cfg, 'SCA', gr1), 'comte', 'L1 would be a Comte in Scandinavia');
  assert.equal(next.lords.L1!.title, null, 'L1 has no title in Europe');
  assert.equal(titleFor(cfg, 'SCA', gr2), 'marquis', 'L2 would be a Marquis in Scandinavia');
  assert.equal(next.lords.L2!.title, 'vicomte', 'L2 is a Vicomte in Europe');
});
