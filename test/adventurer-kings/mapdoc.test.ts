/**
 * The colour map (G-99) in the G-01 geometry: 162 hexes drawn once, only known provinces
 * coloured, terrain as seen (illusions included), own land outlined, no secret in the map.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitMarkers, hexCentre, mapDoc, markerRowWidth, TERRAIN_COLORS, UNKNOWN_COLOR } from '../../src/rulesets/adventurer-kings/mapdoc.ts';
import { ALL_PROVINCES, neighbours } from '../../src/rulesets/adventurer-kings/world/geometry.ts';
import type { MapDoc, MapMarker } from '../../src/engine/ruleset.ts';
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

/** A region's drawn polygons: each subpath as its list of "x,y" corners. */
const polygons = (path: string) => path.split(/(?=M)/).map((sub) => sub.match(/-?\d+(?:\.\d+)?,-?\d+(?:\.\d+)?/g)!);
const edgesOf = (path: string) => new Set(polygons(path).flatMap((pts) => pts.map((a, i) => [a, pts[(i + 1) % pts.length]!].sort().join(' '))));
const area = (pts: string[]) => Math.abs(pts.reduce((s, a, i) => {
  const [x1, y1] = a.split(',').map(Number) as [number, number];
  const [x2, y2] = pts[(i + 1) % pts.length]!.split(',').map(Number) as [number, number];
  return s + x1 * y2 - x2 * y1;
}, 0)) / 2;

test('the hexes tile: pointy-top, every pair of G-01 neighbours shares a drawn edge (across the E–W seam too), no other pair does, no gap or overlap', () => {
  const doc = mapDoc(fixture(), null, 'en');
  const path = new Map(doc.regions.map((r) => [Number(r.id), r.path]));
  const edges = new Map([...path].map(([id, d]) => [id, edgesOf(d)]));
  for (const a of ALL_PROVINCES) {
    for (const b of ALL_PROVINCES) {
      if (b <= a) continue;
      const shared = [...edges.get(a)!].filter((e) => edges.get(b)!.has(e)).length;
      // (Two across the seam where both have a half there: 101 and 218, 301 and 218, …)
      if (neighbours(a).includes(b)) assert.ok(shared >= 1, `${a} and ${b} touch`);
      else assert.equal(shared, 0, `${a} and ${b} are not neighbours, yet touch`);
    }
  }
  // Pointy-top: the first corner straight above the centre, the fourth straight below.
  const [cx, cy] = hexCentre(5, 7);
  const [top, , , bottom] = polygons(path.get(507)!)[0]!;
  const [tx, ty] = top!.split(',').map(Number) as [number, number];
  const [bx, by] = bottom!.split(',').map(Number) as [number, number];
  assert.ok(Math.abs(tx - cx) < 0.06 && Math.abs(bx - cx) < 0.06 && by - ty > 0 && Math.abs((by - ty) / 2 - (cy - ty)) < 0.06);
  // The seam halves: column 01 of the odd-numbered rows is repeated east of their column 18, column 18 of the
  // even-numbered rows west of their column 01.
  for (const id of ALL_PROVINCES) {
    const row = Math.floor(id / 100), col = id % 100;
    const ghost = (row % 2 === 1 && col === 1) || (row % 2 === 0 && col === 18);
    assert.equal(polygons(path.get(id)!).length, ghost ? 2 : 1, `province ${id}`);
  }
  // No overlap: hex centres at least a hex width apart; no gap: the areas add up to 9 rows of 18½ hexes,
  // all between the same west and east edges.
  const w = hexCentre(1, 2)[0] - hexCentre(1, 1)[0];
  const r = w / Math.sqrt(3);
  const centres = ALL_PROVINCES.map((id) => hexCentre(Math.floor(id / 100), id % 100));
  for (let i = 0; i < centres.length; i++) for (let j = i + 1; j < centres.length; j++) {
    assert.ok(Math.hypot(centres[i]![0] - centres[j]![0], centres[i]![1] - centres[j]![1]) > w - 0.01);
  }
  const total = doc.regions.flatMap((x) => polygons(x.path)).reduce((s, pts) => s + area(pts), 0);
  assert.ok(Math.abs(total / (9 * 18.5 * 1.5 * Math.sqrt(3) * r * r) - 1) < 1e-3, `area ${total}`);
  const xs = doc.regions.flatMap((x) => polygons(x.path).flat().map((p) => Number(p.split(',')[0])));
  const west = Math.min(...xs), east = Math.max(...xs);
  assert.ok(Math.abs(east - west - 18.5 * w) < 0.2, 'straight west and east edges, 18½ hexes apart');
  for (const row of [1, 2, 5, 8, 9]) {
    const inRow = doc.regions.filter((x) => Math.floor(Number(x.id) / 100) === row).flatMap((x) => polygons(x.path).flat().map((p) => Number(p.split(',')[0])));
    assert.deepEqual([Math.min(...inRow), Math.max(...inRow)], [west, east], `row ${row} spans the map`);
  }
});

test('a hex\'s markers fit in its width: texts go first, then the least useful symbols; nothing wider on the map', () => {
  const w = hexCentre(1, 2)[0] - hexCentre(1, 1)[0];
  const m = (symbol: MapMarker['symbol'], text?: string): MapMarker => ({ region: '305', symbol, color: '#000', title: symbol, ...(text ? { text } : {}) });
  const crowded = [m('crown'), m('garrison'), m('fort', '12,37'), m('knight', '3'), m('army', '4'), m('spy', 'T7')];
  assert.ok(markerRowWidth(crowded) > w);
  const fitted = fitMarkers(crowded);
  assert.ok(markerRowWidth(fitted) <= w);
  assert.deepEqual(fitted.map((x) => x.symbol), ['crown', 'garrison', 'knight', 'army']);
  // A starting capital (capital, a site, the King, an army): every symbol kept, the King's initial too.
  const start = fitMarkers([m('crown'), m('fort', '7'), m('knight', 'A'), m('army', '1')]);
  assert.deepEqual(start.map((x) => [x.symbol, x.text ?? null]), [['crown', null], ['fort', null], ['knight', 'A'], ['army', null]]);
  // What fits is left alone.
  const few = [m('knight', 'TD'), m('army', '2')];
  assert.deepEqual(fitMarkers(few), few);
  const doc = mapDoc(fixture(), 'p1', 'fr');
  const rows = new Map<string, MapMarker[]>();
  for (const x of doc.markers) rows.set(x.region, [...(rows.get(x.region) ?? []), x]);
  for (const [region, ms] of rows) assert.ok(markerRowWidth(ms) <= w, `markers of ${region}`);
});

test('the legend tells every colour, mark and symbol on the map, each label whole (the platform clips at 40 characters)', () => {
  const s = fixture();
  s.knowledge[1]!.provinces[306]!.owner = { kingdom: 2, asOf: { turn: 3, phase: 2 } };
  for (const lang of ['fr', 'en'] as const) {
    const doc: MapDoc = mapDoc(s, 'p1', lang);
    for (const item of doc.legend) assert.ok(item.label.length <= 40, `${item.label} is clipped`);
    const fills = new Set(doc.legend.filter((x) => x.color && !x.symbol).map((x) => x.color));
    for (const r of doc.regions) assert.ok(fills.has(r.fill), `fill ${r.fill} of ${r.id}`);
    const marks = new Set(doc.legend.map((x) => x.mark));
    for (const r of doc.regions) for (const mk of r.marks ?? []) assert.ok(marks.has(mk), `mark ${mk}`);
    for (const mk of doc.markers) {
      assert.ok(doc.legend.some((x) => x.symbol === mk.symbol && (!x.color || x.color === mk.color)), `marker ${mk.symbol} ${mk.color}`);
    }
    assert.ok(doc.legend.some((x) => /Demi-cases|Half-hexes/.test(x.label)), 'the seam is told');
  }
});

test('terrain colours: distinct from each other, from unknown grey and from the sea around the map', () => {
  const rgb = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
  const dist = (a: string, b: string) => Math.hypot(...rgb(a).map((x, i) => x - rgb(b)[i]!));
  const colours = [...Object.values(TERRAIN_COLORS), UNKNOWN_COLOR];
  for (let i = 0; i < colours.length; i++) {
    for (let j = i + 1; j < colours.length; j++) assert.ok(dist(colours[i]!, colours[j]!) >= 60, `${colours[i]} vs ${colours[j]}`);
  }
  for (const c of colours) assert.ok(dist(c, '#b9d3df') >= 30, `${c} vs the sea around the map`);
});
