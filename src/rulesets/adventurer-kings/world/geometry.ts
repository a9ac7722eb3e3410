/**
 * Map geometry (§2.1, [P G-01]): 18 columns × 9 rows of pointy-top hexes in "odd-r" layout
 * (rows 2, 4, 6, 8 shifted half a hex east), province id = 100 × row + column (101 … 918),
 * east–west wrap (columns 18 and 01 are adjacent), impassable polar caps north and south.
 */
import type { AKState } from '../state.ts';
import { WORLD_DEFAULTS } from './constants.ts';

export const ROWS = WORLD_DEFAULTS.rows;
export const COLS = WORLD_DEFAULTS.cols;

export function provinceId(row: number, col: number): number {
  return 100 * row + col;
}
export function rowOf(id: number): number {
  return Math.floor(id / 100);
}
export function colOf(id: number): number {
  return id % 100;
}
export function isProvince(id: number): boolean {
  const r = rowOf(id), c = colOf(id);
  return Number.isInteger(id) && r >= 1 && r <= ROWS && c >= 1 && c <= COLS;
}

/** Every province id, in ascending order. */
export const ALL_PROVINCES: readonly number[] = (() => {
  const out: number[] = [];
  for (let r = 1; r <= ROWS; r++) for (let c = 1; c <= COLS; c++) out.push(provinceId(r, c));
  return out;
})();

const NEIGHBOURS = new Map<number, readonly number[]>();
for (const id of ALL_PROVINCES) {
  const q = colOf(id) - 1, r0 = rowOf(id) - 1;
  const cells: [number, number][] = [[q - 1, r0], [q + 1, r0]];
  // G-01: even r0 → (q − 1, r0 ± 1) and (q, r0 ± 1); odd r0 → (q, r0 ± 1) and (q + 1, r0 ± 1).
  const dq = r0 % 2 === 0 ? [-1, 0] : [0, 1];
  for (const dr of [-1, 1]) for (const d of dq) cells.push([q + d, r0 + dr]);
  const out: number[] = [];
  for (const [cq, cr] of cells) {
    if (cr < 0 || cr >= ROWS) continue; // polar cap: no province
    out.push(provinceId(cr + 1, (((cq % COLS) + COLS) % COLS) + 1));
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

/** Hex distance with the east–west wrap (G-01: cube coordinates, min over shifts of ±18 columns). */
export function distance(a: number, b: number): number {
  const key = a * 1000 + b;
  let d = DIST.get(key);
  if (d === undefined) {
    d = cubeDistance(a, b);
    DIST.set(key, d);
  }
  return d;
}

function cubeDistance(a: number, b: number): number {
  const cube = (id: number, shift: number) => {
    const q = colOf(id) - 1 + shift, r0 = rowOf(id) - 1;
    const x = q - (r0 - (r0 & 1)) / 2;
    return [x, -x - r0, r0] as const;
  };
  const [bx, by, bz] = cube(b, 0);
  let best = Infinity;
  for (const k of [-1, 0, 1]) {
    const [ax, ay, az] = cube(a, COLS * k);
    best = Math.min(best, Math.max(Math.abs(ax - bx), Math.abs(ay - by), Math.abs(az - bz)));
  }
  return best;
}

/** Provinces within `radius` of `id` (itself included), ascending. */
export function within(id: number, radius: number): number[] {
  return ALL_PROVINCES.filter((p) => distance(id, p) <= radius);
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
