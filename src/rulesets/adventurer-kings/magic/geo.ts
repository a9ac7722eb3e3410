/**
 * Local map helpers of the magic domain (G-01 geometry: 9 rows × 18 columns, pointy-top "odd-r"
 * hexes, east–west wrap, polar caps). A small copy so that magic does not depend on the world
 * helper's module; the rules are the same (G-01).
 */
import type { AKState } from '../state.ts';

const COLS = 18;
const ROWS = 9;

/** The ids of the (up to 6) neighbours of a province id, per G-01. */
export function neighbourIds(id: number): number[] {
  const row = Math.floor(id / 100);
  const col = id % 100;
  const q = col - 1;
  const r0 = row - 1;
  const cand: [number, number][] = [[q - 1, r0], [q + 1, r0]];
  const odd = (r0 & 1) === 1;
  for (const dr of [-1, 1]) {
    if (odd) cand.push([q, r0 + dr], [q + 1, r0 + dr]);
    else cand.push([q - 1, r0 + dr], [q, r0 + dr]);
  }
  const out: number[] = [];
  for (const [qq, rr] of cand) {
    if (rr < 0 || rr >= ROWS) continue;
    const c = ((qq % COLS) + COLS) % COLS;
    out.push(100 * (rr + 1) + c + 1);
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

/** The neighbours that exist in this game's map. */
export function neighbours(s: AKState, id: number): number[] {
  return neighbourIds(id).filter((n) => s.provinces[n] !== undefined);
}

export function adjacent(a: number, b: number): boolean {
  return neighbourIds(a).includes(b);
}

/** Same province or adjacent (range of province-targeted action spells, S3.2 "C or A"). */
export function withinOne(a: number, b: number): boolean {
  return a === b || adjacent(a, b);
}
