/**
 * The colour map (G-99) in the G-01 geometry: 162 hexes drawn once, only known provinces
 * coloured, terrain as seen (illusions included), own land outlined, no secret in the map.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hexCentre, mapDoc, TERRAIN_COLORS, UNKNOWN_COLOR } from '../../src/rulesets/adventurer-kings/mapdoc.ts';
import { renderMapSvg } from '../../src/platform/maps/svg.ts';
import { fixture, SECRETS_OF_2 } from './report-fixture.ts';

test('162 regions, one per province, only the known ones coloured', () => {
  const s = fixture();
  const doc = mapDoc(s, 'p1', 'fr');
  assert.equal(doc.regions.length, 162);
  assert.equal(new Set(doc.regions.map((r) => r.id)).size, 162);
  const coloured = doc.regions.filter((r) => r.fill !== UNKNOWN_COLOR).map((r) => Number(r.id)).sort((a, b) => a - b);
  assert.deepEqual(coloured, [304, 305, 306, 307]);
  const r = (id: number) => doc.regions.find((x) => x.id === String(id))!;
  assert.equal(r(307).fill, TERRAIN_COLORS.Mountain, 'TV-54: the illusion as seen from outside');
  assert.equal(r(305).fill, TERRAIN_COLORS.Plain);
  assert.deepEqual(r(305).marks, ['own']);
  assert.deepEqual(r(304).marks, ['own']);
  assert.deepEqual(r(306).marks, ['seen'], 'Tilden stands in 306');
  assert.ok(r(305).info.rows.some(([k, val]) => k === 'Base d’imposition' && val === '10'));
  assert.ok(r(306).info.rows.some(([k, val]) => k === 'Revenu' && val === 'riche'), 'band, not the tax (G-56)');
  assert.equal(r(305).info.title, 'Brocéliande (305)');
  assert.equal(r(310).info.title, '310');
});

test('G-01 odd-r layout: rows 2, 4, 6, 8 shifted half a hex east; neighbours touch', () => {
  const [x11, y11] = hexCentre(1, 1);
  const [x21, y21] = hexCentre(2, 1);
  const [x12] = hexCentre(1, 2);
  const w = x12 - x11;
  assert.ok(Math.abs(x21 - x11 - w / 2) < 1e-9);
  assert.ok(y21 > y11);
  // 205's neighbours 105 and 106 (TV-46) are at one hex width.
  const d = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  for (const [row, col] of [[1, 5], [1, 6], [3, 5], [3, 6], [2, 4], [2, 6]] as const) assert.ok(Math.abs(d(hexCentre(2, 5), hexCentre(row, col)) - w) < 1e-6);
  const doc = mapDoc(fixture(), null, 'en');
  for (const r of doc.regions) {
    const nums = r.path.match(/-?\d+(\.\d+)?/g)!.map(Number);
    for (let i = 0; i < nums.length; i += 2) {
      assert.ok(nums[i]! >= 0 && nums[i]! <= doc.width && nums[i + 1]! >= 0 && nums[i + 1]! <= doc.height, `region ${r.id} inside the box`);
    }
  }
});

test('markers: capital, own characters and armies, known sites, known foreign owner; units for own characters', () => {
  const s = fixture();
  s.knowledge[1]!.provinces[306]!.owner = { kingdom: 2, asOf: { turn: 3, phase: 2 } };
  const doc = mapDoc(s, 'p1', 'en');
  const at = (id: number) => doc.markers.filter((m) => m.region === String(id)).map((m) => m.symbol);
  assert.deepEqual(at(305), ['crown', 'fort', 'knight', 'army']);
  assert.deepEqual(at(306), ['garrison', 'knight']);
  assert.deepEqual(doc.units.map((u) => u.id), ['1', '2']);
  assert.ok(doc.legend.length > 10);
});

test('no secret of another kingdom in the map; the public map is all grey; the SVG draws', () => {
  const s = fixture();
  for (const lang of ['fr', 'en'] as const) {
    const json = JSON.stringify(mapDoc(s, 'p1', lang));
    for (const secret of SECRETS_OF_2) assert.ok(!json.includes(secret), `${secret} in the map`);
    assert.ok(!/undefined|NaN|\[object Object\]/.test(json));
  }
  const pub = mapDoc(s, null, 'fr');
  assert.ok(pub.regions.every((r) => r.fill === UNKNOWN_COLOR && !r.marks?.length));
  assert.deepEqual(pub.units, []);
  assert.deepEqual(pub.markers, []);
  const svg = renderMapSvg(mapDoc(s, 'p1', 'fr'));
  assert.equal((svg.match(/class="region"/g) ?? []).length, 162);
});

test('map orders: MO to each neighbour, EX and SP here, written as a character block and an order line the sheet reads', async () => {
  const { parseSheet } = await import('../../src/rulesets/adventurer-kings/orders/sheet.ts');
  const s = fixture();
  const doc = mapDoc(s, 'p1', 'en');
  const tilden = doc.units.find((u) => u.id === '2')!;
  assert.equal(tilden.region, '306');
  assert.deepEqual(tilden.actions.filter((a) => a.code === 'MO').map((a) => a.region), ['205', '206', '305', '307', '405', '406']);
  assert.deepEqual(tilden.actions.filter((a) => a.code !== 'MO').map((a) => [a.code, a.region]), [['EX', '306'], ['SP', '306']]);
  const mo = tilden.actions.find((a) => a.region === '307')!;
  assert.equal(mo.line, 'CHAR 2 Tilden\n{n} MO 307');
  assert.deepEqual(mo.ask, { label: 'Phase (1 to 5)', min: 1, max: 5, value: 1 });
  const text = [mo.line.replace('{n}', '2'), tilden.actions.find((a) => a.code === 'EX')!.line.replace('{n}', '3')].join('\n');
  const r = parseSheet(s, 1, text);
  assert.deepEqual(r.issues.filter((i) => i.line === 1 || i.line === 3), [], 'the character blocks are accepted, even twice');
  for (const [line, phase, code] of [[2, 2, 'MO'], [4, 3, 'EX']] as const) {
    if (!r.issues.some((i) => i.line === line)) assert.equal(r.sheet.characters[2]!.phases[phase - 1]!.code, code);
  }
});
