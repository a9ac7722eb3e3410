/** The map as one lord may know it, and the orders the map offers (mapdoc.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import { mapDoc, mapUnits } from '../../src/rulesets/gloire-et-pouvoir/mapdoc.ts';
import { parseSheet } from '../../src/rulesets/gloire-et-pouvoir/orders/parse.ts';
import { getMap } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';
import { lordColor, NEUTRAL_COLOR } from '../../src/rulesets/gloire-et-pouvoir/colors.ts';
import { resolveTurn } from '../../src/rulesets/gloire-et-pouvoir/turn.ts';
import { setupGame } from '../../src/rulesets/gloire-et-pouvoir/setup.ts';
import { addGarrison, addKnight, home, relate, scenario, setTerritory, sheets } from './harness.ts';

function world() {
  const s = scenario(['Hawkmoon', 'Hylith', 'Amaréthuse', 'Jon']);
  home(s, 'L1', 'narvik', 'lofoten');
  home(s, 'L2', 'livo-joki');
  home(s, 'L3', 'dolon');
  home(s, 'L4', 'svartsen');
  setTerritory(s, 'livo-joki', { taxCoef: 0.33, fortification: 'wall' });
  setTerritory(s, 'narvik', { fortification: 'palisade' });
  addGarrison(s, 'L2', 'livo-joki', 7077);
  addGarrison(s, 'L1', 'narvik', 250);
  addKnight(s, 'L2', { name: 'Perceval', renown: 80, location: 'livo-joki', men: 400 });
  addKnight(s, 'L1', { name: 'Gauvain', renown: 60, location: 'thule', men: 300 });
  addKnight(s, 'L3', { name: 'Keu', renown: 50, location: 'thule', men: 200 });
  relate(s, 'L1', 'L4', 'alliance');
  relate(s, 'L1', 'L3', 'war');
  return s;
}

const rowsOf = (doc: ReturnType<typeof mapDoc>, id: string) => Object.fromEntries(doc.regions.find((r) => r.id === id)!.info.rows);

test('every territory is drawn once, in its owner\'s colour (neutral grey), with the lord\'s land outlined', () => {
  const s = world();
  const doc = mapDoc(s, 'L1', 'fr');
  const map = getMap('scandinavia');
  assert.equal(doc.regions.length, map.territories.length);
  assert.deepEqual(new Set(doc.regions.map((r) => r.id)), new Set(map.territories.map((t) => t.id)));
  const r = (id: string) => doc.regions.find((x) => x.id === id)!;
  assert.equal(r('narvik').fill, lordColor('L1'));
  assert.equal(r('livo-joki').fill, lordColor('L2'));
  assert.equal(r('thule').fill, NEUTRAL_COLOR);
  assert.ok(r('narvik').marks?.includes('own'));
  assert.ok(!r('livo-joki').marks?.includes('own'));
  assert.ok(r('thule').marks?.includes('seen'), 'where his knight stands he sees');
  for (const x of doc.regions) assert.ok(x.path.length > 10 && /^M/.test(x.path), `${x.id} has a shape`);
});

test('a click shows what the lord may know: his own land in full, others\' hidden figures stay unknown', () => {
  const s = world();
  const doc = mapDoc(s, 'L1', 'en');
  const own = rowsOf(doc, 'narvik');
  assert.equal(own['Tax coefficient'], '0.40');
  assert.equal(own.Fortification, 'palisade');
  assert.equal(own.Garrison, '250 men');
  assert.match(own.Neighbours!, /Thule/);
  const foreign = rowsOf(doc, 'livo-joki');
  assert.equal(foreign['Tax coefficient'], 'unknown');
  assert.equal(foreign.Fortification, 'unknown');
  assert.equal(foreign.Garrison, undefined, 'the garrison of another lord is not shown');
  const shown = JSON.stringify({ ...doc, regions: doc.regions.map((r) => ({ ...r, path: '' })) });
  assert.ok(!/7[\s,.\u202f]?077|7[.,]1k/.test(shown), 'the hidden garrison appears nowhere in the map');
  assert.ok(!doc.markers.some((m) => m.region === 'livo-joki'), 'no marker betrays the hidden knight and garrison');
  // Keu stands with Gauvain: seen, with his men.
  const thule = rowsOf(doc, 'thule');
  assert.match(JSON.stringify(thule), /Keu \(Amaréthuse\) — 200 men/);
  // The public map shows owners, no forces.
  const pub = mapDoc(s, null, 'en');
  assert.equal(pub.units.length, 0);
  assert.equal(pub.markers.length, 0);
  assert.equal(pub.regions.find((x) => x.id === 'narvik')!.fill, lordColor('L1'));
});

test('spy reports show on the map: hatched when fresh, with their figures and turn', () => {
  const s = world();
  s.lords.L1!.intel['livo-joki'] = {
    turn: s.turn - 1, owner: 'L2', population: 16500, happiness: 20, taxCoef: 0.33, fortification: 'wall',
    knights: [{ knight: 'K5', lord: 'L2', name: 'Perceval', renown: 80, men: 400 }], garrison: 7077, peasantEstimate: null,
  };
  const doc = mapDoc(s, 'L1', 'en');
  assert.ok(doc.regions.find((r) => r.id === 'livo-joki')!.marks?.includes('spied'));
  const rows = rowsOf(doc, 'livo-joki');
  assert.match(rows.Fortification!, /wall \(spy, turn \d+\)/);
  assert.match(rows.Garrison!, /7,077 men/);
  assert.ok(doc.markers.some((m) => m.region === 'livo-joki' && m.symbol === 'spy'));
});

test('the legend names the lords with their titles, neutral land and the symbols', () => {
  const s = world();
  s.lords.L2!.title = 'comte';
  const doc = mapDoc(s, 'L1', 'fr');
  const labels = doc.legend.map((l) => l.label).join('\n');
  assert.match(labels, /Hylith · Comte/);
  assert.match(labels, /Terre neutre/);
  assert.ok(doc.legend.some((l) => l.symbol === 'knight'));
  assert.equal(doc.legend[0]!.color, lordColor('L1'), 'the player comes first');
});

test('map orders: only the legal ones, each a line the referee accepts', () => {
  const s = world();
  const units = mapUnits(s, 'L1', 'en');
  const gauvain = units.find((u) => u.label.startsWith('Gauvain'))!;
  assert.equal(gauvain.region, 'thule');
  const of = (code: string) => gauvain.actions.filter((a) => a.code === code).map((a) => a.region).sort();
  const adj = getMap('scandinavia').territories.find((t) => t.id === 'thule')!.adjacent;
  // MOV: adjacent, and neutral, own or allied (Dolon belongs to an enemy).
  assert.deepEqual(of('MOV'), adj.filter((t) => t !== 'dolon').sort());
  // ATT: here or adjacent, neither his nor an ally's (Svartsen is allied, Narvik his own).
  assert.deepEqual(of('ATT'), ['thule', ...adj].filter((t) => t !== 'narvik' && t !== 'svartsen').sort());
  // ARM with this knight: his own land here or adjacent; AFF of his garrison in Narvik.
  assert.deepEqual(of('ARM'), ['narvik']);
  assert.deepEqual(of('AFF'), ['narvik']);
  // TSF: to his lord-knight in Narvik, not to Keu beside him (an enemy's knight). GAR: Thule is not his.
  assert.deepEqual(of('TSF'), ['narvik']);
  assert.ok(!gauvain.actions.some((a) => a.code === 'TSF' && a.label.includes('Keu')));
  assert.deepEqual(of('GAR'), []);
  // Every line parses without issue once its number is filled in.
  for (const u of units) {
    for (const a of u.actions) {
      const text = a.line.replace('{n}', String(a.ask?.value ?? 1));
      const { issues } = parseSheet(s, 'L1', text);
      assert.deepEqual(issues, [], `${text}`);
    }
  }
});

test('a MOV and an ATT written from the map do what they say when the turn resolves', () => {
  const s = world();
  const units = mapUnits(s, 'L1', 'en');
  const lordKnight = units.find((u) => u.region === 'narvik')!;
  const gauvain = units.find((u) => u.label.startsWith('Gauvain'))!;
  const mov = lordKnight.actions.find((a) => a.code === 'MOV' && a.region === 'lofoten')!;
  const att = gauvain.actions.find((a) => a.code === 'ATT' && a.region === 'vadvet-jakko')!;
  const text = [mov.line, att.line.replace('{n}', '10')].join('\n');
  const { events, state } = resolveTurn(structuredClone(s), sheets(s, { L1: text }), createRng('map', 'step/1'));
  const knightId = s.lords.L1!.lordKnight;
  assert.equal(state.knights[knightId]!.location, 'lofoten');
  const battle = events.find((e) => e.type === 'battle');
  assert.ok(battle && battle.type === 'battle' && battle.territory === 'vadvet-jakko');
});

test('the map of every theatre has a shape for each territory and offers orders on Europe with 100 lords', () => {
  for (const [map, players] of [['scandinavia', 10], ['middle-east', 20], ['europe', 100]] as const) {
    const s = setupGame({ map, players }, createRng(`maps-${map}`, 'setup'));
    const doc = mapDoc(s, 'L1', 'fr');
    assert.equal(doc.regions.length, getMap(map).territories.length);
    assert.ok(doc.units.length >= 1);
    assert.ok(doc.units[0]!.actions.some((a) => a.code === 'MOV'), `${map}: the lord-knight can move`);
  }
});

test('a finished game still draws every lord\'s map (the final report\'s), with no order to give', () => {
  const s = world();
  s.finished = true;
  for (const lord of ['L1', 'L2', 'L3', 'L4']) {
    const doc = mapDoc(s, lord, 'fr');
    assert.equal(doc.regions.length, getMap(s.map).territories.length);
    assert.deepEqual(doc.units, [], `${lord} has no order to give`);
  }
  assert.deepEqual(mapUnits(s, 'L1', 'en'), []);
});
