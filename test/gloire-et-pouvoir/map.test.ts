import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAdjacency, checkConnected, checkIdsAndNames } from './map-checks.ts';
import { getMap, mapIndex, MAPS } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';
import { scandinavia } from '../../src/rulesets/gloire-et-pouvoir/maps/scandinavia.ts';

const map = scandinavia;
const idx = mapIndex(map);

function dist(a: string, b: string): number {
  const d = idx.distances(a).get(b);
  assert.ok(d !== undefined, `${b} unreachable from ${a}`);
  return d;
}

function adjacent(a: string, b: string): boolean {
  return idx.byId.get(a)!.adjacent.includes(b);
}

/** Territories named in rules §7 G-42, with the spellings the narratives use. */
const NAMED: Array<[id: string, name: string, aliases: string[]]> = [
  ['narvik', 'Narvik', []],
  ['vadvet-jakko', 'Vadvet-Jakko', ['Vadvetjako']],
  ['thule', 'Thule', []],
  ['dolon', 'Dolon', []],
  ['lappland', 'Lappland', ['Lapland']],
  ['lorhar-jarvi', 'Lorhar-Jarvi', ['Lohrar-Javi']],
  ['oulanka', 'Oulanka', []],
  ['livo-joki', 'Livo-Joki', []],
  ['oulu', 'Oulu', []],
  ['norbotten', 'Norbotten', []],
  ['svartsen', 'Svartsen', []],
  ['kymia', 'Kymia', []],
  ['vaasa', 'Vaasa', []],
  ['turku', 'Turku', []],
  ['mikeli', 'Mikeli', []],
  ['novgorod', 'Novgorod', []],
];

test('map metadata and registry', () => {
  assert.equal(map.id, 'scandinavia');
  assert.equal(map.key, 'SCA');
  assert.deepEqual(map.name, { fr: 'Scandinavie', en: 'Scandinavia' });
  assert.equal(map.defaultPlayers, 10);
  assert.equal(getMap('scandinavia'), scandinavia);
  assert.equal(MAPS.scandinavia, scandinavia);
});

test('getMap throws for an unknown id', () => {
  assert.throws(() => getMap('atlantis'), /unknown map "atlantis"; known: .*scandinavia/);
  assert.throws(() => getMap('toString'), /unknown map "toString"/);
});

test('45 territories with unique ids and unique normalised names', () => {
  checkIdsAndNames(map, 45);
});

test('every territory named in the rules (G-42) is present with its spellings', () => {
  for (const [id, name, aliases] of NAMED) {
    const t = idx.byId.get(id);
    assert.ok(t, `missing territory ${id}`);
    assert.equal(t.name, name);
    for (const a of aliases) assert.ok(t.aliases?.includes(a), `${id} lacks alias ${a}`);
  }
});

test('adjacency: known ids, symmetric, no self-loops, no duplicates', () => {
  checkAdjacency(map);
});

test('the graph is connected', () => {
  checkConnected(map);
});

test('islands connect by 1 to 3 sea crossings', () => {
  const islands = map.territories.filter((t) => t.island);
  assert.ok(islands.length >= 3);
  for (const t of islands) {
    assert.ok(t.adjacent.length >= 1 && t.adjacent.length <= 3, `${t.id} has ${t.adjacent.length} crossings`);
  }
});

test('10 distinct start slots on existing territories, 3 of them islands', () => {
  assert.equal(map.starts.length, 10);
  assert.ok(map.starts.length >= map.defaultPlayers);
  assert.equal(new Set(map.starts).size, 10);
  for (const s of map.starts) assert.ok(idx.byId.has(s), `start ${s} is not a territory`);
  const islandStarts = map.starts.filter((s) => idx.byId.get(s)!.island === true);
  assert.equal(islandStarts.length, 3, `island starts: ${islandStarts.join(', ')}`);
});

test('narrative start slots: Hawkmoon, Amaréthuse, Hylith, Jon Snow', () => {
  for (const s of ['narvik', 'dolon', 'livo-joki']) assert.ok(map.starts.includes(s), `${s} is not a start`);
  assert.ok(!map.starts.includes('kymia'), 'Kymia was a conquest, not a home');
  const jon = map.starts.filter((s) => adjacent(s, 'kymia'));
  assert.equal(jon.length, 1, `exactly one start next to Kymia (Jon Snow), got ${jon.join(', ')}`);
});

test('start slots are spread out', () => {
  let pairs = 0;
  let far = 0;
  const close: string[] = [];
  for (let i = 0; i < map.starts.length; i++) {
    for (let j = i + 1; j < map.starts.length; j++) {
      const a = map.starts[i]!;
      const b = map.starts[j]!;
      const d = dist(a, b);
      assert.equal(d, dist(b, a));
      assert.ok(d >= 2, `starts ${a} and ${b} are adjacent`);
      pairs++;
      if (d >= 3) far++;
      else close.push(`${a}-${b}`);
    }
  }
  assert.equal(pairs, 45);
  assert.ok(far / pairs >= 0.8, `only ${far}/${pairs} start pairs are ≥ 3 apart`);
  // The only tolerated close pair is the narrative Narvik–Thule–Dolon chain.
  assert.deepEqual(close, ['narvik-dolon']);
});

test('population and tax coefficient ranges and means', () => {
  let pop = 0;
  let coef = 0;
  for (const t of map.territories) {
    assert.ok(Number.isInteger(t.population), `${t.id} population not an integer`);
    assert.ok(t.population >= 9000 && t.population <= 26000, `${t.id} population ${t.population}`);
    assert.ok(t.taxCoef >= 0.3 && t.taxCoef <= 0.5, `${t.id} taxCoef ${t.taxCoef}`);
    assert.ok(t.taxCoef >= 0.05 && t.taxCoef <= 0.7);
    pop += t.population;
    coef += t.taxCoef;
  }
  const n = map.territories.length;
  const meanPop = pop / n;
  const meanCoef = coef / n;
  assert.ok(meanPop >= 16000 && meanPop <= 17000, `mean population ${meanPop}`);
  assert.ok(meanCoef >= 0.38 && meanCoef <= 0.42, `mean taxCoef ${meanCoef}`);
});

test('Narvik and Livo-Joki carry the calibrated values of the worked examples', () => {
  for (const id of ['narvik', 'livo-joki']) {
    const t = idx.byId.get(id)!;
    assert.equal(t.population, 16500, id);
    assert.equal(t.taxCoef, 0.4, id);
  }
});

test('narrative adjacencies (G-42)', () => {
  const must: Array<[string, string]> = [
    ['narvik', 'vadvet-jakko'],
    ['narvik', 'thule'],
    ['thule', 'dolon'],
    ['livo-joki', 'lorhar-jarvi'],
    ['livo-joki', 'oulanka'],
    ['livo-joki', 'oulu'],
    ['norbotten', 'lorhar-jarvi'],
    ['kymia', 'vaasa'],
  ];
  for (const [a, b] of must) assert.ok(adjacent(a, b), `${a} should border ${b}`);
  for (const id of ['lappland', 'svartsen', 'norbotten']) {
    assert.ok(adjacent(id, 'vadvet-jakko') || adjacent(id, 'narvik'), `${id} should border Narvik or Vadvet-Jakko`);
  }
  // Lorhar-Jarvi and Oulanka lie north of Livo-Joki, Oulu south of it (y grows southwards).
  const y = (id: string) => idx.byId.get(id)!.y;
  assert.ok(y('lorhar-jarvi') < y('livo-joki'));
  assert.ok(y('oulanka') < y('livo-joki'));
  assert.ok(y('oulu') > y('livo-joki'));
  // Mikeli lies between Jon Snow's area and Hylith's home.
  const jonArea = ['kymia', 'vaasa', 'turku'];
  assert.ok(jonArea.some((id) => adjacent('mikeli', id)), 'Mikeli should border Kymia, Vaasa or Turku');
  assert.ok(dist('mikeli', 'livo-joki') <= 2, 'Mikeli should be near Livo-Joki');
  const jonStart = map.starts.find((s) => adjacent(s, 'kymia'))!;
  assert.equal(
    dist(jonStart, 'mikeli') + dist('mikeli', 'livo-joki'),
    dist(jonStart, 'livo-joki'),
    'Mikeli should lie on a shortest path from Jon Snow to Hylith',
  );
  // Novgorod is reachable in two steps from Kymia.
  assert.equal(dist('kymia', 'novgorod'), 2);
});

test('coordinates are in range and distinct', () => {
  const seen = new Set<string>();
  for (const t of map.territories) {
    assert.ok(t.x >= 0 && t.x <= 1000 && t.y >= 0 && t.y <= 1000, `${t.id} out of range`);
    const key = `${t.x},${t.y}`;
    assert.ok(!seen.has(key), `${t.id} shares its position`);
    seen.add(key);
  }
  // Rough geography: Narvik north of Oslo, Novgorod east of Bergen.
  assert.ok(idx.byId.get('narvik')!.y < idx.byId.get('oslo')!.y);
  assert.ok(idx.byId.get('novgorod')!.x > idx.byId.get('bergen')!.x);
});

test('mapIndex caches per map and source', () => {
  assert.equal(mapIndex(map), idx);
  assert.equal(idx.distances('narvik'), idx.distances('narvik'));
  assert.equal(idx.distances('narvik').get('narvik'), 0);
  assert.equal(idx.distances('narvik').get('thule'), 1);
  assert.throws(() => idx.distances('atlantis'), /unknown territory/);
});
