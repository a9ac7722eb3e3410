/**
 * The map drawing (mapdoc.ts; App. B 12, style §5): every province and sea zone drawn with its
 * scenario outline, the straits as crossings, provinces in their controller's colour; fog of war —
 * another state's forces only where the view shows them and never with their strength, other
 * states' fleets never; the public map shows no force; a scenario that is not built in is drawn
 * from the state; the platform renders it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_SCENARIO, initialFromScenario, loadScenario } from '../../src/rulesets/gruik/scenario.ts';
import { gruikMapDoc } from '../../src/rulesets/gruik/mapdoc.ts';
import { viewOf } from '../../src/rulesets/gruik/view.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { renderMapSvg } from '../../src/platform/maps/svg.ts';

function start(file = DEFAULT_SCENARIO, variant: string | null = '6'): GruikState {
  const l = loadScenario(file, variant);
  assert.ok(l.ok, 'the scenario loads');
  return initialFromScenario(l, { seasonKey: 'mapdoc-test' });
}

test('every province and sea zone is drawn with its outline; straits are crossings; provinces in the controller’s colour, zones blue', () => {
  const s = start();
  const doc = gruikMapDoc(s, 'ambre', 'en');
  assert.deepEqual(doc.regions.map((r) => r.id).sort(), [...DEFAULT_SCENARIO.provinces.map((p) => p.id), ...DEFAULT_SCENARIO.seaZones.map((z) => z.id)].sort());
  for (const r of doc.regions) assert.match(r.path, /^M[\d.]+ [\d.]+L/, `${r.id} has an outline`);
  assert.deepEqual(doc.crossings, DEFAULT_SCENARIO.straits.map((t) => ({ a: t.provinces[0], b: t.provinces[1] })));
  const fill = (id: string) => doc.regions.find((r) => r.id === id)!.fill;
  assert.equal(fill('ambrefeuille'), DEFAULT_SCENARIO.states.find((x) => x.id === 'ambre')!.colour);
  assert.equal(fill('brisants'), fill('miroir'));
  assert.notEqual(fill('gueloup'), fill('ambrefeuille'), 'unowned');
  assert.deepEqual(doc.regions.find((r) => r.id === 'ambrefeuille')!.marks, ['own']);
  assert.ok(doc.width >= 850 && doc.height >= 550, 'the box covers the drawing');
});

test('fog of war: another state’s army is not shown where the view hides it, and shown without its strength where it stands on the viewer’s land', () => {
  const s = start();
  s.armies['forge:A1']!.currentAP = 17;
  const armyMarkers = (doc: ReturnType<typeof gruikMapDoc>, colour: string) => doc.markers.filter((m) => m.symbol === 'army' && m.color === colour);
  const forgeColour = DEFAULT_SCENARIO.states.find((x) => x.id === 'forge')!.colour;
  assert.deepEqual(armyMarkers(gruikMapDoc(s, 'ambre', 'en'), forgeColour), [], 'at Forgeroc: hidden from ambre');
  assert.equal(armyMarkers(gruikMapDoc(s, 'forge', 'en'), forgeColour).find((m) => m.region === 'forgeroc')?.text, '17', 'its own player sees its AP');
  s.armies['forge:A1']!.location = 'ormelune';
  const seen = armyMarkers(gruikMapDoc(s, 'ambre', 'fr'), forgeColour);
  assert.equal(seen.length, 1);
  assert.equal(seen[0]!.region, 'ormelune');
  assert.ok(!seen[0]!.text?.includes('17') && !seen[0]!.title.includes('17'), 'no strength');
  const panel = gruikMapDoc(s, 'ambre', 'en').regions.find((r) => r.id === 'ormelune')!.info.rows.map((r) => r.join(': ')).join('\n');
  assert.match(panel, /an army of Thanat de Forgeroc/);
  assert.doesNotMatch(panel, /17/);
  assert.deepEqual(gruikMapDoc(s, null, 'en').markers.filter((m) => m.symbol === 'army' || m.symbol === 'garrison'), [], 'the public map shows no force');
});

test('other states’ fleets are never drawn; one’s own are, with their ships', () => {
  const s = start();
  const doc = gruikMapDoc(s, 'ambre', 'en');
  const fleetMarkers = doc.markers.filter((m) => doc.regions.find((r) => r.id === m.region)?.fill === doc.regions.find((r) => r.id === 'brisants')!.fill);
  assert.deepEqual(fleetMarkers.map((m) => m.text), ['100']);
  assert.equal(fleetMarkers[0]!.color, DEFAULT_SCENARIO.states.find((x) => x.id === 'ambre')!.colour);
});

test('property: for random positions of every land force, each viewer’s markers show exactly its own forces and what its view sees', () => {
  const base = start(DEFAULT_SCENARIO, '8');
  const provinces = DEFAULT_SCENARIO.provinces.map((p) => p.id);
  const armies = Object.keys(base.armies);
  fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: provinces.length - 1 }), { minLength: armies.length, maxLength: armies.length }), fc.integer({ min: 1, max: 24 }), (places, ap) => {
    const s = structuredClone(base);
    armies.forEach((id, i) => { s.armies[id]!.location = provinces[places[i]!]!; s.armies[id]!.currentAP = ap; });
    for (const viewer of ['ambre', 'glu', 'perle']) {
      const v = viewOf(s, viewer);
      const doc = gruikMapDoc(s, viewer, 'en');
      const drawn = doc.markers.filter((m) => m.symbol === 'army' && provinces.includes(m.region)).map((m) => m.region).sort();
      const expected = [...Object.values(v.armies).map((a) => a.location as string), ...v.seen.map((f) => f.location)].sort();
      assert.deepEqual(drawn, expected, `${viewer}: own forces and seen ones only`);
      for (const m of doc.markers) if (m.symbol === 'army' && provinces.includes(m.region) && !Object.values(v.armies).some((a) => a.location === m.region && m.text === String(ap))) assert.ok(!m.title.includes(`${ap} AP`), 'no strength of another state');
    }
  }), { numRuns: 25 });
});

test('a scenario that is not built in is drawn from the state; the platform renders the map', () => {
  const custom = structuredClone(DEFAULT_SCENARIO);
  custom.id = 'custom-ring';
  custom.provinces[0]!.display.label = [111, 222];
  const s = start(custom);
  assert.ok(s.display, 'the drawing kept in the state');
  const doc = gruikMapDoc(s, null, 'fr');
  assert.deepEqual(doc.regions.find((r) => r.id === custom.provinces[0]!.id)!.label, [111, 222]);
  const svg = renderMapSvg(gruikMapDoc(start(), 'ambre', 'fr'));
  for (const p of DEFAULT_SCENARIO.provinces) assert.ok(svg.includes(p.name), `${p.name} written on the map`);
  assert.match(svg, /^<svg/);
});
