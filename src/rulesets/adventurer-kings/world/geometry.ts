/**
 * Map geometry (§2.1, [P G-01]): pointy-top hexes in "odd-r" layout (even rows shifted half a
 * hex east), east–west wrap (the last column and the first are adjacent), impassable polar caps
 * north and south. Two grids, whose ids never overlap, so that every function below dispatches
 * on the id alone:
 * - the standard grid, 18 columns × 9 rows, id = 100 × row + column (101 … 918);
 * - [P V-05] the grid of Super AK and AK Terre (§14.3, §14.4: « 450 provinces (15 x 30) »),
 *   30 columns × 15 rows, id = 10000 + 100 × row + column (10101 … 11530).
 */
import type { AKState } from '../state.ts';

export interface Grid {
  id: 'standard' | 'large';
  rows: number;
  cols: number;
  /** Added to 100 × row + column. */
  base: number;
  /** Every province id of the grid, ascending. */
  provinces: readonly number[];
  /** The most kingdoms the grid holds, whatever the host's world.maxPlayers: 12 (G-03), 28 (§14.3). */
  maxPlayers: number;
}

function makeGrid(id: Grid['id'], rows: number, cols: number, base: number, maxPlayers: number): Grid {
  const provinces: number[] = [];
  for (let r = 1; r <= rows; r++) for (let c = 1; c <= cols; c++) provinces.push(base + 100 * r + c);
  return { id, rows, cols, base, provinces, maxPlayers };
}

export const STANDARD_GRID: Grid = makeGrid('standard', 9, 18, 0, 12);
export const LARGE_GRID: Grid = makeGrid('large', 15, 30, 10000, 28);
const GRIDS: readonly Grid[] = [STANDARD_GRID, LARGE_GRID];

/** The grid an id belongs to (by its range; the id need not be a province). */
export function gridOfId(id: number): Grid {
  return id >= LARGE_GRID.base ? LARGE_GRID : STANDARD_GRID;
}

/** The grid of a game: the large one for Super AK and AK Terre (§14.3, §14.4), the standard one otherwise. */
export function gridOf(s: Pick<AKState, 'variant'>): Grid {
  return s.variant === 'super' || s.variant === 'terre' ? LARGE_GRID : STANDARD_GRID;
}

/** The provinces of this game's grid, ascending (hand-built test states may hold only a few of them). */
export function provincesOf(s: Pick<AKState, 'variant'>): readonly number[] {
  return gridOf(s).provinces;
}

export const ROWS = STANDARD_GRID.rows;
export const COLS = STANDARD_GRID.cols;

export function provinceId(row: number, col: number, grid: Grid = STANDARD_GRID): number {
  return grid.base + 100 * row + col;
}
export function rowOf(id: number): number {
  return Math.floor((id - gridOfId(id).base) / 100);
}
export function colOf(id: number): number {
  return id % 100;
}
export function isProvince(id: number): boolean {
  if (!Number.isInteger(id)) return false;
  const g = gridOfId(id);
  const r = rowOf(id), c = colOf(id);
  return id >= g.base && r >= 1 && r <= g.rows && c >= 1 && c <= g.cols;
}

/** Every province id of the standard grid, in ascending order. */
export const ALL_PROVINCES: readonly number[] = STANDARD_GRID.provinces;

const NEIGHBOURS = new Map<number, readonly number[]>();
for (const g of GRIDS) for (const id of g.provinces) {
  const q = colOf(id) - 1, r0 = rowOf(id) - 1;
  const cells: [number, number][] = [[q - 1, r0], [q + 1, r0]];
  // G-01: even r0 → (q − 1, r0 ± 1) and (q, r0 ± 1); odd r0 → (q, r0 ± 1) and (q + 1, r0 ± 1).
  const dq = r0 % 2 === 0 ? [-1, 0] : [0, 1];
  for (const dr of [-1, 1]) for (const d of dq) cells.push([q + d, r0 + dr]);
  const out: number[] = [];
  for (const [cq, cr] of cells) {
    if (cr < 0 || cr >= g.rows) continue; // polar cap: no province
    out.push(provinceId(cr + 1, (((cq % g.cols) + g.cols) % g.cols) + 1, g));
  }
  NEIGHBOURS.set(id, out.sort((a, b) => a - b));
}

/** The adjacent provinces (4 on the polar rows, 6 elsewhere), ascending. */
export function neighbours(id: number): readonly number[] {
  const n = NEIGHBOURS.get(id);
  if (!n) throw new Error(`no province ${id}`);
  return n;
}

export function adjacent(a: number, b: number): boolean {
  return neighbours(a).includes(b);
}

const DIST = new Map<number, number>();

/** Hex distance with the east–west wrap (G-01: cube coordinates, min over shifts of ± the grid's columns). */
export function distance(a: number, b: number): number {
  const key = a * 100000 + b;
  let d = DIST.get(key);
  if (d === undefined) {
    d = cubeDistance(a, b);
    DIST.set(key, d);
  }
  return d;
}

function cubeDistance(a: number, b: number): number {
  const cols = gridOfId(a).cols;
  const cube = (id: number, shift: number) => {
    const q = colOf(id) - 1 + shift, r0 = rowOf(id) - 1;
    const x = q - (r0 - (r0 & 1)) / 2;
    return [x, -x - r0, r0] as const;
  };
  const [bx, by, bz] = cube(b, 0);
  let best = Infinity;
  for (const k of [-1, 0, 1]) {
    const [ax, ay, az] = cube(a, cols * k);
    best = Math.min(best, Math.max(Math.abs(ax - bx), Math.abs(ay - by), Math.abs(az - bz)));
  }
  return best;
}

/** Provinces within `radius` of `id` (itself included), ascending, on the grid of `id`. */
export function within(id: number, radius: number): number[] {
  return gridOfId(id).provinces.filter((p) => distance(id, p) <= radius);
}

/** Adjacent to both a and b (DE reactions, TV-47). */
export function adjacentToBoth(p: number, a: number, b: number): boolean {
  return adjacent(p, a) && adjacent(p, b);
}

/** The neighbours that exist in this game's map (hand-built test states may hold only a few provinces), ascending. */
export function neighboursIn(s: AKState, id: number): number[] {
  return neighbours(id).filter((n) => s.provinces[n] !== undefined);
}

/** One step from `from` toward `to`: the existing neighbour closest to `to` (lowest id on ties). */
export function stepToward(s: AKState, from: number, to: number): number {
  if (from === to) return from;
  let best = from;
  let bd = distance(from, to);
  for (const n of neighboursIn(s, from)) {
    const d = distance(n, to);
    if (d < bd) { bd = d; best = n; }
  }
  return best;
}
