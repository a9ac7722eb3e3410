/**
 * The original board of the online edition (rules §2.1, §10 G-01) and its validator (§2.1.4):
 * test vector TV-55, the G-01 checks, and one broken board per constraint (the validator must
 * name what is wrong).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BOARD, ORIGINAL_BOARD, type BoardData } from '../../src/rulesets/fief/board.ts';
import { validateBoard, type BoardRule } from '../../src/rulesets/fief/board-check.ts';

const rulesOf = (d: BoardData): BoardRule[] => [...new Set(validateBoard(d).map((p) => p.rule))];
const edit = (f: (d: BoardData) => void): BoardData => { const d = structuredClone(ORIGINAL_BOARD); f(d); return d; };

test('TV-55 Board validator: the original board passes every constraint of §2.1.4', () => {
  assert.deepEqual(validateBoard(ORIGINAL_BOARD), []);
  const b5 = BOARD.bishoprics[5];
  assert.equal(b5.seat, 'SIGY');
  assert.deepEqual([...b5.villages].sort(), ['BEAUJEU', 'SIGY', 'ST_CIERS_DABZAC', 'ST_PAUL']);
  assert.equal(BOARD.fiefs.F_BOURG!.size, 4);
  assert.equal(BOARD.fiefs.F_SIGY!.size, 3);
  const tournus = BOARD.fiefs.F_TOURNUS!;
  assert.equal(tournus.colourName, 'green');
  assert.equal(tournus.size, 3);
  assert.ok(tournus.villages.every((v) => BOARD.villages[v]!.x >= 6));
  const onEdge = (v: string) => { const p = BOARD.villages[v]!; return p.x === 0 || p.x === 7 || p.y === 0 || p.y === 5; };
  for (const f of Object.values(BOARD.fiefs)) assert.ok(f.villages.some(onEdge), f.id);
  for (const b of Object.values(BOARD.bishoprics)) assert.ok(b.villages.some(onEdge), `bishopric ${b.number}`);
});

test('TV-55 variant: a path HAUTEVIGNE–ST CIERS D’ABZAC (through BLAYE) is rejected', () => {
  const d = edit((b) => { b.paths.push({ a: 'HAUTEVIGNE', b: 'ST_CIERS_DABZAC' }); });
  const problems = validateBoard(d);
  assert.ok(problems.some((p) => p.rule === 'through-village' && p.detail.includes('BLAYE')), JSON.stringify(problems));
  assert.ok(problems.some((p) => p.rule === 'crossing'));
});

test('G-01 checks: 24 villages, 8 fiefs (2 duchies, 4 counties, 2 baronies), 5 bishoprics, 34 paths, degrees 2–5, diameter 6', () => {
  assert.equal(BOARD.villageIds.length, 24);
  const ranks = Object.values(BOARD.fiefs).map((f) => f.rank).sort();
  assert.deepEqual(ranks, ['BARONY', 'BARONY', 'COUNTY', 'COUNTY', 'COUNTY', 'COUNTY', 'DUCHY', 'DUCHY']);
  assert.equal(BOARD.paths.length, 34);
  for (const v of BOARD.villageIds) { const d = BOARD.adjacent[v]!.length; assert.ok(d >= 2 && d <= 5, `${v}: ${d}`); }
  // Diameter by breadth-first search from each village.
  let diameter = 0;
  for (const start of BOARD.villageIds) {
    const dist = new Map([[start, 0]]);
    const queue = [start];
    for (let i = 0; i < queue.length; i++) for (const w of BOARD.adjacent[queue[i]!]!) if (!dist.has(w)) { dist.set(w, dist.get(queue[i]!)! + 1); queue.push(w); }
    assert.equal(dist.size, 24);
    diameter = Math.max(diameter, ...dist.values());
  }
  assert.equal(diameter, 6);
  // No village can be cut off by removing one other.
  for (const cut of BOARD.villageIds) {
    const rest = BOARD.villageIds.filter((v) => v !== cut);
    const seen = new Set([rest[0]!]);
    const queue = [rest[0]!];
    for (let i = 0; i < queue.length; i++) for (const w of BOARD.adjacent[queue[i]!]!) if (w !== cut && !seen.has(w)) { seen.add(w); queue.push(w); }
    assert.equal(seen.size, 23, `removing ${cut}`);
  }
  // 7 of the 8 fiefs span two bishoprics; F_VALSOURDE lies in bishopric 4 only.
  const spans = Object.values(BOARD.fiefs).map((f) => [f.id, new Set(f.villages.map((v) => BOARD.villages[v]!.bishopric)).size] as const);
  assert.deepEqual(spans.filter(([, n]) => n === 1).map(([id]) => id), ['F_VALSOURDE']);
  assert.ok(spans.every(([id, n]) => id === 'F_VALSOURDE' || n === 2));
  // No path is longer than √5 cells.
  for (const p of BOARD.paths) { const a = BOARD.villages[p.a]!, b = BOARD.villages[p.b]!; assert.ok((a.x - b.x) ** 2 + (a.y - b.y) ** 2 <= 5, p.id); }
});

test('the rules’ worked examples fit the board: BLAYE→CHAROLLES→L’ÉPERVIER is a 2-step move; ST MÉDARD exists', () => {
  assert.ok(BOARD.adjacent.BLAYE!.includes('CHAROLLES'));
  assert.ok(BOARD.adjacent.CHAROLLES!.includes('EPERVIER'));
  assert.equal(BOARD.villages.ST_MEDARD!.name, 'ST MÉDARD');
  assert.equal(BOARD.villages.BOURG!.bishopric, 4);
  assert.ok(BOARD.villages.BOURG!.isSeat);
  assert.equal(BOARD.villages.SIGY!.fief, 'F_SIGY');
  assert.equal(BOARD.villages.BOURG!.fief, 'F_BOURG');
});

test('the validator names each broken constraint', () => {
  const cases: [string, BoardData, BoardRule][] = [
    ['a village in two fiefs', edit((d) => { d.fiefs[6]!.villages.push('BLAYE'); }), 'fief-membership'],
    ['a village in no bishopric', edit((d) => { d.bishoprics[0]!.villages = d.bishoprics[0]!.villages.filter((v) => v !== 'ST_MEDARD'); }), 'bishopric-membership'],
    ['a fief of 5 villages', edit((d) => { d.fiefs[0]!.villages.push('SIGY'); d.fiefs[4]!.villages = d.fiefs[4]!.villages.filter((v) => v !== 'SIGY'); }), 'fief-size'],
    ['a seat outside its bishopric', edit((d) => { d.bishoprics[1]!.seat = 'BLAYE'; }), 'seat'],
    ['a path to nowhere', edit((d) => { d.paths.push({ a: 'BLAYE', b: 'ATLANTIS' }); }), 'path-ends'],
    ['a path twice', edit((d) => { d.paths.push({ a: 'CHAROLLES', b: 'BLAYE' }); }), 'path-duplicate'],
    ['a village cut off', edit((d) => { d.paths = d.paths.filter((p) => p.a !== 'BOISRENARD' && p.b !== 'BOISRENARD'); }), 'connected'],
    ['bishopric 5 changed', edit((d) => { d.bishoprics[4]!.villages.push('PREAUVERT'); d.bishoprics[3]!.villages = d.bishoprics[3]!.villages.filter((v) => v !== 'PREAUVERT'); }), 'text-bishopric-5'],
    ['the named path removed', edit((d) => { d.paths = d.paths.filter((p) => !(p.a === 'BLAYE' && p.b === 'CHAROLLES')); }), 'text-paths'],
    ['the green county on the left', edit((d) => { d.fiefs[5]!.colourName = 'red'; d.fiefs[0]!.colourName = 'green'; }), 'text-green-county'],
    ['two villages on one cell', edit((d) => { d.layout.MAZILLES = { x: 3, y: 0 }; }), 'layout-distinct'],
    ['a village off the grid', edit((d) => { d.layout.TOURNUS = { x: 9, y: 0 }; }), 'layout-cell'],
    ['a fief away from the edge', edit((d) => { d.layout.GUE_FROMENT = { x: 2, y: 4 }; d.layout.PREAUVERT = { x: 1, y: 3 }; d.layout.VAL_SOURDE = { x: 3, y: 4 }; d.layout.MONTFROID = { x: 4, y: 4 }; }), 'edge'],
    ['a fief in two pieces', edit((d) => { d.paths = d.paths.filter((p) => !(p.a === 'VAUDRIER' && p.b === 'MAZILLES')); d.paths.push({ a: 'ROCHEGRISE', b: 'VAUDRIER' }); }), 'zone-connected'],
  ];
  for (const [what, data, rule] of cases) assert.ok(rulesOf(data).includes(rule), `${what}: expected ${rule}, got ${JSON.stringify(validateBoard(data))}`);
});
