/**
 * The board validator of rules §2.1.4 and G-01 (test vector TV-55): every structural constraint
 * (counts, memberships, seats, connectivity), every constraint the text puts on the board
 * ([T] bishopric 5, the seats, the fiefs of BOURG and SIGY, the two named paths, the green county
 * on the right), and the layout constraints of a drawable board [P G-01] (distinct grid cells, no
 * two paths crossing, no path through another village, every fief and bishopric on the board edge
 * and internally connected).
 *
 * It reads the raw tables (`BoardData`), so a village listed in two fiefs is caught here rather
 * than hidden by an index. Each problem is a named value: the constraint broken and the detail.
 */
import { BISHOPRIC_NOS, RANK_BY_SIZE, type BoardData, type VillageId } from './board.ts';

export type BoardRule =
  | 'village-count' | 'fief-count' | 'bishopric-count' | 'names' | 'fief-membership' | 'bishopric-membership'
  | 'fief-size' | 'seat' | 'path-ends' | 'path-duplicate' | 'connected' | 'zone-connected'
  | 'text-bishopric-5' | 'text-seats' | 'text-fief-bourg' | 'text-fief-sigy' | 'text-paths' | 'text-green-county'
  | 'layout-cell' | 'layout-distinct' | 'edge' | 'crossing' | 'through-village';

export interface BoardProblem { rule: BoardRule; detail: string }

/** The counts of rules §2.1.1 and G-01. */
export const BOARD_COUNTS = { villages: 24, fiefs: 8, bishoprics: 5, fiefMin: 2, fiefMax: 4 } as const;

/** Every constraint the board breaks (empty: the board is valid). */
export function validateBoard(data: BoardData): BoardProblem[] {
  const out: BoardProblem[] = [];
  const add = (rule: BoardRule, detail: string) => { out.push({ rule, detail }); };
  const ids = Object.keys(data.layout);
  const idSet = new Set(ids);

  // Counts [T §2.1.1, X 24 villages adopted by G-01]
  if (ids.length !== BOARD_COUNTS.villages) add('village-count', `${ids.length} villages, ${BOARD_COUNTS.villages} expected`);
  if (data.fiefs.length !== BOARD_COUNTS.fiefs) add('fief-count', `${data.fiefs.length} fiefs, ${BOARD_COUNTS.fiefs} expected`);
  if (data.bishoprics.length !== BOARD_COUNTS.bishoprics) add('bishopric-count', `${data.bishoprics.length} bishoprics, ${BOARD_COUNTS.bishoprics} expected`);
  for (const id of ids) if (!data.names[id]) add('names', `${id} has no name`);
  const numbers = data.bishoprics.map((b) => b.number).sort();
  if (numbers.join() !== BISHOPRIC_NOS.join()) add('bishopric-count', `bishopric numbers ${numbers.join(',')}, 1–5 expected`);

  // Each village in exactly one fief and one bishopric [T-setup 1]
  const membership = (rule: BoardRule, zones: { id: string; villages: VillageId[] }[]) => {
    const count = new Map<VillageId, number>();
    for (const z of zones) for (const v of z.villages) {
      if (!idSet.has(v)) add(rule, `${z.id} lists ${v}, which is not on the layout`);
      count.set(v, (count.get(v) ?? 0) + 1);
    }
    for (const v of ids) if ((count.get(v) ?? 0) !== 1) add(rule, `${v} is in ${count.get(v) ?? 0} ${rule === 'fief-membership' ? 'fiefs' : 'bishoprics'}`);
  };
  membership('fief-membership', data.fiefs);
  membership('bishopric-membership', data.bishoprics.map((b) => ({ id: `bishopric ${b.number}`, villages: b.villages })));
  for (const f of data.fiefs) {
    if (f.villages.length < BOARD_COUNTS.fiefMin || f.villages.length > BOARD_COUNTS.fiefMax || !RANK_BY_SIZE[f.villages.length]) add('fief-size', `${f.id} has ${f.villages.length} villages (2–4) [T §4.3]`);
  }
  for (const b of data.bishoprics) if (!b.villages.includes(b.seat)) add('seat', `the seat ${b.seat} of bishopric ${b.number} is not in it`);
  const seats = data.bishoprics.map((b) => b.seat);
  if (new Set(seats).size !== seats.length) add('seat', 'two bishoprics share a seat');

  // Paths
  const seen = new Set<string>();
  for (const p of data.paths) {
    if (!idSet.has(p.a) || !idSet.has(p.b) || p.a === p.b) add('path-ends', `${p.a}–${p.b}`);
    const key = [p.a, p.b].sort().join('~');
    if (seen.has(key)) add('path-duplicate', `${p.a}–${p.b}`);
    seen.add(key);
  }
  const hasPath = (a: VillageId, b: VillageId) => seen.has([a, b].sort().join('~'));

  // Connected, and each zone connected inside itself [P G-01]
  const component = (within: Set<VillageId>, start: VillageId): Set<VillageId> => {
    const reached = new Set([start]);
    const queue = [start];
    for (let i = 0; i < queue.length; i++) { // bounded: each village enters the queue once
      const v = queue[i]!;
      for (const p of data.paths) {
        const w = p.a === v ? p.b : p.b === v ? p.a : null;
        if (w && within.has(w) && !reached.has(w)) { reached.add(w); queue.push(w); }
      }
    }
    return reached;
  };
  if (ids.length > 0 && component(idSet, ids[0]!).size !== ids.length) add('connected', 'some village cannot be reached from the others');
  for (const z of [...data.fiefs.map((f) => ({ id: f.id, villages: f.villages })), ...data.bishoprics.map((b) => ({ id: `bishopric ${b.number}`, villages: b.villages }))]) {
    const inside = new Set(z.villages.filter((v) => idSet.has(v)));
    if (inside.size > 0 && component(inside, [...inside][0]!).size !== inside.size) add('zone-connected', `${z.id} is in several pieces`);
  }

  // What the text says of the board [T]
  const b5 = data.bishoprics.find((b) => b.number === 5);
  if (!b5 || b5.seat !== 'SIGY' || [...b5.villages].sort().join() !== ['BEAUJEU', 'SIGY', 'ST_CIERS_DABZAC', 'ST_PAUL'].join()) add('text-bishopric-5', 'bishopric 5 must be {SIGY (seat), ST PAUL, ST CIERS D’ABZAC, BEAUJEU} [T-ex §1.4]');
  if (data.bishoprics.find((b) => b.number === 4)?.seat !== 'BOURG') add('text-seats', 'BOURG must be the seat of bishopric 4 [T §11.1]');
  for (const s of ['BLAYE', 'TOURNUS', 'ST_GEROME']) if (!seats.includes(s)) add('text-seats', `${s} must be a seat [T §11.1]`);
  const fiefWith = (v: VillageId) => data.fiefs.find((f) => f.villages.includes(v));
  if (fiefWith('BOURG')?.villages.length !== 4) add('text-fief-bourg', 'the fief of BOURG must have 4 villages [T §2.4.5 ex.]');
  if (fiefWith('SIGY')?.villages.length !== 3) add('text-fief-sigy', 'the fief of SIGY must be a county [T §4.3 ex.]');
  for (const [a, b] of [['BLAYE', 'CHAROLLES'], ['CHAROLLES', 'EPERVIER']] as const) if (!hasPath(a, b)) add('text-paths', `the path ${a}–${b} must exist [T §5.0 ex.]`);
  const green = data.fiefs.filter((f) => f.colourName === 'green');
  const rightSide = Math.ceil((data.width - 1) * 0.75);
  if (green.length !== 1 || green[0]!.villages.length !== 3 || green[0]!.villages.some((v) => (data.layout[v]?.x ?? 0) < rightSide)) {
    add('text-green-county', `one green fief of 3 villages, all at x ≥ ${rightSide} [T-ex §4.3]`);
  }

  // Layout [P G-01]
  const cells = new Map<string, VillageId>();
  for (const id of ids) {
    const { x, y } = data.layout[id]!;
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= data.width || y >= data.height) add('layout-cell', `${id} at (${x}, ${y}) is off the grid`);
    const key = `${x},${y}`;
    if (cells.has(key)) add('layout-distinct', `${id} and ${cells.get(key)} share (${x}, ${y})`);
    cells.set(key, id);
  }
  const onEdge = (v: VillageId) => { const c = data.layout[v]; return !!c && (c.x === 0 || c.y === 0 || c.x === data.width - 1 || c.y === data.height - 1); };
  for (const f of data.fiefs) if (!f.villages.some(onEdge)) add('edge', `${f.id} does not reach the board edge (its crown) [T §4.3]`);
  for (const b of data.bishoprics) if (!b.villages.some(onEdge)) add('edge', `bishopric ${b.number} does not reach the board edge (its mitre) [T-setup 1]`);

  const segs = data.paths.filter((p) => data.layout[p.a] && data.layout[p.b]);
  for (let i = 0; i < segs.length; i++) {
    const p = segs[i]!;
    for (const v of ids) {
      if (v === p.a || v === p.b) continue;
      if (onSegment(data.layout[p.a]!, data.layout[p.b]!, data.layout[v]!)) add('through-village', `${p.a}–${p.b} passes through ${v}`);
    }
    for (let j = i + 1; j < segs.length; j++) {
      const q = segs[j]!;
      if (segmentsCross(data.layout[p.a]!, data.layout[p.b]!, data.layout[q.a]!, data.layout[q.b]!, [p.a, p.b].some((x) => x === q.a || x === q.b))) add('crossing', `${p.a}–${p.b} crosses ${q.a}–${q.b}`);
    }
  }
  return out;
}

interface Pt { x: number; y: number }
const cross = (o: Pt, a: Pt, b: Pt) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
/** p lies on the closed segment ab. */
function onSegment(a: Pt, b: Pt, p: Pt): boolean {
  return cross(a, b, p) === 0 && Math.min(a.x, b.x) <= p.x && p.x <= Math.max(a.x, b.x) && Math.min(a.y, b.y) <= p.y && p.y <= Math.max(a.y, b.y);
}
/**
 * Two paths cross (or overlap). Paths sharing a village meet there, which is allowed, unless they
 * run along each other (collinear and overlapping beyond that village).
 */
function segmentsCross(a: Pt, b: Pt, c: Pt, d: Pt, shareEnd: boolean): boolean {
  const d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d);
  if (shareEnd) {
    if (d1 !== 0 || d2 !== 0) return false; // not collinear: they only meet at the shared village
    // Collinear with a shared end: they overlap unless they leave that village in opposite directions.
    const shared = [a, b].find((p) => (p.x === c.x && p.y === c.y) || (p.x === d.x && p.y === d.y))!;
    const other1 = shared === a ? b : a;
    const other2 = shared.x === c.x && shared.y === c.y ? d : c;
    return (other1.x - shared.x) * (other2.x - shared.x) + (other1.y - shared.y) * (other2.y - shared.y) > 0;
  }
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && onSegment(c, d, a)) || (d2 === 0 && onSegment(c, d, b)) || (d3 === 0 && onSegment(a, b, c)) || (d4 === 0 && onSegment(a, b, d));
}
