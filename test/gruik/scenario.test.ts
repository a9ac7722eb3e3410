/**
 * Scenario files (rules §12.2–§12.7): the original default map and each of its variants load with no
 * warning; each hard constraint M-01 … M-17 broken once is refused with its code and entity in both
 * languages; each design target W-01 … W-16 missed once is warned; the §12.6 summary; the start of a
 * game from a scenario; the generator script reproduces the committed files; any input, random or
 * mutated, is answered without a throw.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { DEFAULT_SCENARIO, FIXTURE_SCENARIO, initialFromScenario, loadScenario, scenarioSummary, type LoadedScenario, type ScenarioFile } from '../../src/rulesets/gruik/scenario.ts';
import { FIXTURE_MAP } from '../../src/rulesets/gruik/maps/fixture.ts';
import { GENERATED_DEFAULT, GENERATED_FIXTURE, scenarioText } from '../../scripts/gruik-default-map.ts';

const edited = (edit: (f: ScenarioFile) => void, base: ScenarioFile = DEFAULT_SCENARIO): ScenarioFile => { const f = structuredClone(base); edit(f); return f; };
const errors = (f: unknown, variant: string | null = null) => { const r = loadScenario(f, variant); assert.ok(!r.ok, 'the load must fail'); return r.errors; };
const codes = (f: unknown) => errors(f).map((e) => `${e.check} ${e.entity}`);
const loaded = (f: unknown, variant: string | null = null): LoadedScenario => { const r = loadScenario(f, variant); assert.ok(r.ok, `the load must succeed: ${r.ok ? '' : JSON.stringify(r.errors.map((e) => e.message.en))}`); return r; };
const warned = (f: ScenarioFile, variant: string | null = null) => loaded(f, variant).warnings.map((w) => `${w.check} ${w.entity}`);
const prov = (f: ScenarioFile, id: string) => f.provinces.find((p) => p.id === id)!;
const state = (f: ScenarioFile, id: string) => f.states.find((s) => s.id === id)!;

// ─── The default map ───────────────────────────────────────────────────────────────────────────

test('§12.3 the default map: 8 player states, 40–56 provinces, 12–18 zones, 2–4 straits, variants 4–8 (6 the default)', () => {
  const f = DEFAULT_SCENARIO;
  assert.equal(f.states.filter((s) => s.kind === 'player').length, 8);
  assert.ok(f.provinces.length >= 40 && f.provinces.length <= 56, `provinces ${f.provinces.length}`);
  assert.ok(f.seaZones.length >= 12 && f.seaZones.length <= 18, `zones ${f.seaZones.length}`);
  assert.ok(f.straits.length >= 2 && f.straits.length <= 4, `straits ${f.straits.length}`);
  assert.deepEqual(f.variants?.map((v) => v.players), [4, 5, 6, 7, 8]);
  const r = loadScenario(f);
  assert.ok(r.ok && r.variant === '6', 'no variant named: the 6-player one [P §12.5]');
});

test('§12.6 the default map as written and each of its variants load with no warning', () => {
  assert.deepEqual(warned(DEFAULT_SCENARIO, null), []);
  for (const v of DEFAULT_SCENARIO.variants ?? []) assert.deepEqual(warned(DEFAULT_SCENARIO, v.id), [], `variant ${v.id}`);
});

test('§12.1 names are unique within their kind, and none is empty', () => {
  const f = DEFAULT_SCENARIO;
  for (const names of [f.provinces.map((p) => p.name), f.seaZones.map((z) => z.name), f.straits.map((s) => s.name), f.states.map((s) => s.name), f.states.flatMap((s) => [s.sovereign.name, s.general.name])]) {
    assert.equal(new Set(names).size, names.length, `duplicates in ${names.join(', ')}`);
    assert.ok(names.every((n) => n.trim().length > 0), 'a name is empty');
  }
});

test('§12.5 a variant: others neutral keep their provinces and forces; others removed leave their provinces unowned', () => {
  const six = loaded(DEFAULT_SCENARIO, '6');
  assert.equal(six.states.find((s) => s.id === 'panse')?.kind, 'neutral');
  assert.equal(six.provinces.pansebrune?.owner, 'panse');
  const four = loaded(DEFAULT_SCENARIO, '4');
  assert.equal(four.states.find((s) => s.id === 'forge'), undefined, 'removed');
  assert.deepEqual(four.provinces.forgeroc, { owner: null, controller: null, controlSince: 0 });
  assert.deepEqual(four.states.filter((s) => s.kind === 'player').map((s) => s.id), ['ambre', 'croc', 'glu', 'corbe']);
  assert.deepEqual(errors(DEFAULT_SCENARIO, 'nine').map((e) => e.check), ['FORMAT'], 'an unknown variant');
});

test('the generator script reproduces the committed default map and fixture (deterministic, drawing and data from one grid)', () => {
  assert.equal(readFileSync(new URL('../../src/rulesets/gruik/maps/default.json', import.meta.url), 'utf8'), scenarioText(GENERATED_DEFAULT));
  assert.equal(readFileSync(new URL('../../src/rulesets/gruik/maps/fixture.json', import.meta.url), 'utf8'), scenarioText(GENERATED_FIXTURE));
});

test('§12.7 the fixture as a scenario file: the same map as maps/fixture.ts, every M check passed', () => {
  const l = loaded(FIXTURE_SCENARIO);
  assert.deepEqual(l.map.provinces.map((p) => p.id), FIXTURE_MAP.provinces.map((p) => p.id));
  assert.deepEqual(l.map.straits, FIXTURE_MAP.straits);
  assert.equal(l.states.length, 3);
});

// ─── M-01 … M-17: each broken once ─────────────────────────────────────────────────────────────

const M_CASES: [string, (f: ScenarioFile) => void, string][] = [
  ['M-01 a tax value below 1', (f) => { prov(f, 'ormelune').taxValue = 0; }, 'M-01 ormelune'],
  ['M-02 a land link not listed back', (f) => { prov(f, 'ormelune').landNeighbours.push('forgeroc'); }, 'M-02 ormelune'],
  ['M-03 a province cut off from everything', (f) => { f.provinces.push({ ...structuredClone(prov(f, 'gueloup')), id: 'seule', name: 'Seule', landNeighbours: [], coasts: [], owner: null, controller: null }); }, 'M-03 seule'],
  ['M-04 a coast on a zone that does not exist', (f) => { prov(f, 'ormelune').coasts.push('nulle'); }, 'M-04 ormelune'],
  ['M-05 a sea zone bordering no province', (f) => { f.seaZones.push({ id: 'vide', name: 'Mer Vide', neighbours: [], display: { label: [0, 0], shape: 'M0 0Z' } }); }, 'M-05 vide'],
  ['M-06 a zone edge with two different coastal flags', (f) => { f.seaZones[0]!.neighbours[0]!.coastal = !f.seaZones[0]!.neighbours[0]!.coastal; }, `M-06 ${DEFAULT_SCENARIO.seaZones[0]!.id}`],
  ['M-07 a strait between land neighbours', (f) => { f.straits[0]!.provinces = ['ormelune', 'ambrefeuille']; }, 'M-07 dent'],
  ['M-08 a capital another state holds', (f) => { prov(f, 'ambrefeuille').owner = 'forge'; prov(f, 'ambrefeuille').controller = 'forge'; }, 'M-08 ambre'],
  ['M-09 a player state owning nothing', (f) => { for (const p of f.provinces) if (p.owner === 'ambre') { p.owner = null; p.controller = null; } }, 'M-09 ambre'],
  ['M-10 an army placed in a province the state does not control', (f) => { state(f, 'ambre').army = { location: 'forgeroc' }; }, 'M-10 ambre'],
  ['M-11 a fleet of no ship', (f) => { state(f, 'ambre').fleets[0]!.ships = 0; }, 'M-11 ambre fleet 1'],
  ['M-11 two fleets, one under 50 ships', (f) => { state(f, 'ambre').fleets.push({ ships: 40, zone: state(f, 'ambre').fleets[0]!.zone }); }, 'M-11 ambre fleet 2'],
  ['M-11 a fleet far from any friendly coast', (f) => { state(f, 'ambre').fleets[0]!.zone = 'opale'; }, 'M-11 ambre fleet 1'],
  ['M-12 a debt beyond the sum of the tax values', (f) => { state(f, 'ambre').treasury = -26; }, 'M-12 ambre'],
  ['M-13 a cycle of masters', (f) => { state(f, 'ambre').master = 'forge'; state(f, 'forge').master = 'ambre'; }, 'M-13 ambre'],
  ['M-13 a tribute rate above one half', (f) => { state(f, 'ambre').master = 'forge'; state(f, 'ambre').tributaryRate = 0.6; }, 'M-13 ambre'],
  ['M-13 a friend that does not exist', (f) => { state(f, 'ambre').friendsDeclared = ['nobody']; }, 'M-13 ambre'],
  ['M-14 an owner that is no state', (f) => { prov(f, 'gueloup').owner = 'nobody'; }, 'M-14 gueloup'],
  ['M-14 held apart from its owner for 8 seasons', (f) => { prov(f, 'ormelune').controller = 'brume'; prov(f, 'ormelune').controlSince = -8; }, 'M-14 ormelune'],
  ['M-15 a start in summer', (f) => { (f.start as { season: string }).season = 'summer'; }, 'M-15 start'],
  ['M-16 a state id with a space', (f) => { state(f, 'brume').id = 'la brume'; }, 'M-16 state la brume'],
  ['M-16 two provinces with one id', (f) => { prov(f, 'gueloup').id = 'ormelune'; }, 'M-16 province ormelune'],
  ['M-16 an id every object already has', (f) => { prov(f, 'gueloup').id = '__proto__'; }, 'M-16 province __proto__'],
  ['M-17 an override of no constant', (f) => { f.rules = { 'army.nope': 3 }; }, 'M-17 rules.army.nope'],
  ['M-17 an override of the wrong type', (f) => { f.rules = { army: { cap: 'big' } }; }, 'M-17 rules.army.cap'],
];
for (const [name, edit, expected] of M_CASES) {
  test(`${name} → ${expected}`, () => {
    const es = errors(edited(edit));
    assert.ok(es.some((e) => `${e.check} ${e.entity}` === expected), `expected ${expected}, got ${es.map((e) => `${e.check} ${e.entity}`).join('; ')}`);
    for (const e of es) assert.ok(e.message.fr.length > 0 && e.message.en.length > 0 && e.message.fr !== e.message.en, 'a sentence in each language');
  });
}

test('the shape is refused field by field, with the path of each bad field', () => {
  assert.deepEqual(codes(edited((f) => { (prov(f, 'ormelune') as { taxValue: unknown }).taxValue = '5'; })), ['FORMAT provinces[1].taxValue']);
  assert.deepEqual(codes(edited((f) => { (f.states[0] as { kind: string }).kind = 'emperor'; (f.seaZones[2]!.neighbours[0] as { coastal: unknown }).coastal = 1; })), ['FORMAT seaZones[2].neighbours[0].coastal', 'FORMAT states[0].kind']);
  assert.deepEqual(codes({ format: 'gruik-scenario' }).slice(0, 2), ['FORMAT format', 'FORMAT id']);
  assert.deepEqual(codes(null), ['FORMAT scenario']);
  assert.deepEqual(codes(JSON.parse('{"__proto__": {"format": "gruik-scenario"}}')).slice(0, 1), ['FORMAT format'], 'nothing read through a prototype');
  assert.deepEqual(codes(edited((f) => { (f as { variants: unknown }).variants = [{ id: '2', players: 2, playerStates: ['ambre', 'brume'], others: 'neutral' }]; })), ['FORMAT variant 2'], 'a variant naming a neutral state');
});

// ─── W-01 … W-16: each missed once ─────────────────────────────────────────────────────────────

const W_CASES: [string, (f: ScenarioFile) => void, string, string?][] = [
  ['W-01 no variants', (f) => { delete f.variants; }, 'W-01 map'],
  ['W-02 a player state of 3 provinces', (f) => { for (const p of ['lierrefond', 'clairsaule']) { prov(f, p).owner = 'brume'; prov(f, p).controller = 'brume'; } }, 'W-02 ambre'],
  ['W-03 rich marches and islands lift the average', (f) => { for (const p of f.provinces) if (p.owner === null || state(f, p.owner).kind === 'neutral') p.taxValue = 10; }, 'W-03 map'],
  ['W-04 a state much richer than the others', (f) => { prov(f, 'ambrefeuille').taxValue = 10; prov(f, 'clairsaule').taxValue = 9; }, 'W-04 ambre'],
  ['W-05 a province as rich as the capital', (f) => { prov(f, 'ormelune').taxValue = 7; }, 'W-05 ambre'],
  ['W-05 two other provinces of one value', (f) => { prov(f, 'lierrefond').taxValue = 4; }, 'W-05 ambre'],
  ['W-06 a capital touching another player state', (f) => { prov(f, 'ormelune').owner = 'forge'; prov(f, 'ormelune').controller = 'forge'; }, 'W-06 ambre'],
  ['W-07 every march held by players', (f) => { for (const p of f.provinces) if (p.owner === null) { p.owner = 'perle'; p.controller = 'perle'; } for (const s of ['brume', 'cloche', 'chardon', 'perle']) state(f, s).kind = 'player'; }, 'W-07 map'],
  ['W-08 a province with one land neighbour', (f) => { prov(f, 'gueloup').landNeighbours = ['marteaubas']; prov(f, 'lierrefond').landNeighbours = prov(f, 'lierrefond').landNeighbours.filter((n) => n !== 'gueloup'); }, 'W-08 gueloup'],
  ['W-09 three states with a single coastal province', (f) => { for (const s of ['ambre', 'forge', 'croc']) for (const p of f.provinces) if (p.owner === s && p.id !== state(f, s).capital) p.coasts = []; }, 'W-09 map'],
  ['W-10 a state whose only sea is a closed bay', (f) => {
    for (const p of f.provinces) p.coasts = p.owner === 'ambre' ? p.coasts.filter((z) => z === 'aurore') : p.coasts.filter((z) => z !== 'aurore');
    for (const z of f.seaZones) z.neighbours = z.id === 'aurore' ? [] : z.neighbours.filter((n) => n.zone !== 'aurore');
    state(f, 'ambre').fleets[0]!.zone = 'aurore'; state(f, 'forge').fleets[0]!.zone = 'ventrue';
  }, 'W-10 ambre'],
  ['W-11 no coastal edge at all', (f) => { for (const z of f.seaZones) for (const n of z.neighbours) n.coastal = false; }, 'W-11 map'],
  ['W-12 a strait between two zones without a fleet crossing', (f) => { delete f.straits[0]!.fleetCrossing; }, 'W-12 dent'],
  ['W-13 no map-edge province', (f) => { for (const p of f.provinces) delete p.mapEdge; }, 'W-13 map'],
  ['W-14 a fleet of 200 ships', (f) => { state(f, 'ambre').fleets[0]!.ships = 200; }, 'W-14 ambre'],
  ['W-15 one treasury apart', (f) => { state(f, 'ambre').treasury = 10; }, 'W-15 map'],
  ['W-16 a single strait', (f) => { f.straits.pop(); }, 'W-16 map'],
];
for (const [name, edit, expected, variant] of W_CASES) {
  test(`${name} → ${expected}`, () => {
    const ws = loaded(edited(edit), variant ?? null).warnings;
    assert.ok(ws.some((w) => `${w.check} ${w.entity}` === expected), `expected ${expected}, got ${ws.map((w) => `${w.check} ${w.entity}`).join('; ')}`);
    for (const w of ws) assert.ok(w.message.fr !== w.message.en && w.message.en.length > 0, 'a sentence in each language');
  });
}

// ─── The summary and the start ─────────────────────────────────────────────────────────────────

test('§12.6 the summary: each state’s provinces, tax total, income 3 + Σ tax, title, coasts, ships, distances; each zone’s shores', () => {
  const l = loaded(DEFAULT_SCENARIO, '6');
  const en = scenarioSummary(l, 'en'), fr = scenarioSummary(l, 'fr');
  assert.match(en, /Royaume d’Ambrefeuille \(ambre, player\) — capital Ambrefeuille/);
  assert.match(en, /provinces \(5\): Ormelune \(5\), Ambrefeuille \(7\), Feuillecendre \(4\), Clairsaule \(6\), Lierrefond \(3\)/);
  assert.match(en, /tax total 25; yearly income 3 \+ 25 = 28; title Viscount/);
  assert.match(fr, /total des impôts 25 ; revenu annuel 3 \+ 25 = 28 ; titre Vicomte/);
  assert.match(en, /ships: 100/);
  assert.match(en, /land distance to the other capitals: Forgeroc 4, .*Perlemorne no route/);
  assert.match(en, /Mer des Brisants \(brisants\): .*Brumequeue \(Seigneurie de Brumequeue\)/);
  assert.match(fr, /Zones de mer/);
  assert.doesNotMatch(en, /Warnings/, 'no warning to list');
});

test('initialFromScenario: the §2.13 start, the variant’s holders, the constants with the start year; a built-in drawing is not copied', () => {
  const l = loaded(DEFAULT_SCENARIO, '4');
  const s = initialFromScenario(l, { seasonKey: 'k0' });
  assert.equal(s.provinces.forgeroc?.owner, null);
  assert.equal(s.provinces.ambrefeuille?.initialCapitalOf, 'ambre');
  assert.equal(s.armies['ambre:A1']?.location, 'ambrefeuille');
  assert.equal(s.fleets['ambre:F1']?.ships, 100);
  assert.equal(s.realms.forge, undefined);
  assert.equal(s.config.calendar.startYear, 67);
  assert.equal(s.display, undefined, 'built in: found by the map id');
  const custom = loaded(edited((f) => { f.id = 'my-map'; f.start.year = 70; f.rules = { 'army.cap': 20 }; prov(f, 'ormelune').controller = 'brume'; prov(f, 'ormelune').controlSince = -2; }));
  const c = initialFromScenario(custom, { seasonKey: 'k0' });
  assert.ok(c.display && Object.keys(c.display.regions).length === 65, 'another scenario keeps its drawing');
  assert.equal(c.config.calendar.startYear, 70);
  assert.equal(c.config.army.cap, 20);
  assert.deepEqual([c.provinces.ormelune?.owner, c.provinces.ormelune?.controller, c.provinces.ormelune?.controlSince], ['ambre', 'brume', -2]);
});

// ─── Any input ─────────────────────────────────────────────────────────────────────────────────

const PATHS: (string | number)[][] = [];
(function walk(v: unknown, path: (string | number)[]) {
  if (path.length > 0) PATHS.push(path);
  if (path.length >= 5) return;
  if (Array.isArray(v)) v.slice(0, 3).forEach((x, i) => walk(x, [...path, i]));
  else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) walk(x, [...path, k]);
})(DEFAULT_SCENARIO, []);

test('property: random JSON is refused, never thrown', () => {
  fc.assert(fc.property(fc.jsonValue(), (j) => {
    const r = loadScenario(j);
    assert.ok(!r.ok && r.errors.length > 0, 'refused with errors');
  }), { numRuns: 200 });
});

test('property: the default map with one field replaced or removed is loaded or refused, never thrown', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: PATHS.length - 1 }), fc.option(fc.jsonValue({ maxDepth: 2 })), fc.constantFrom<string | null>(null, '4', '6'), (i, value, variant) => {
    const f = structuredClone(DEFAULT_SCENARIO) as unknown as Record<string | number, unknown>;
    const path = PATHS[i]!;
    let at = f;
    for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
    if (value === null) delete at[path[path.length - 1]!]; else at[path[path.length - 1]!] = value;
    const r = loadScenario(f, variant);
    if (r.ok) assert.ok(Array.isArray(r.warnings), 'a loaded scenario lists its warnings');
    else assert.ok(r.errors.length > 0 && r.errors.every((e) => e.message.fr && e.message.en), 'each error in both languages');
  }), { numRuns: 150 });
});
