/**
 * Map adjacency per G-01 (odd-r pointy-top hexes, 18 columns wrapping east–west, 9 rows, polar
 * caps). A small local copy for the kingdom domain (scientific-exchange adjacency, diplomatic
 * report neighbours, wandering); the world helper's map module is the reference.
 */
import type { AKState } from '../state.ts';

const COLS = 18;
const ROWS = 9;

/** The ids of the provinces adjacent to `id` (G-01), whether or not they exist in the state. */
export function neighbourIds(id: number): number[] {
  const row = Math.floor(id / 100);
  const col = id % 100;
  const r0 = row - 1;
  const q = col - 1;
  const cells: [number, number][] = [[q - 1, r0], [q + 1, r0]];
  const shift = r0 % 2 === 0 ? -1 : 0;
  for (const dr of [-1, 1]) {
    cells.push([q + shift, r0 + dr], [q + shift + 1, r0 + dr]);
  }
  const out: number[] = [];
  for (const [cq, cr] of cells) {
    if (cr < 0 || cr >= ROWS) continue;
    const qq = ((cq % COLS) + COLS) % COLS;
    out.push(100 * (cr + 1) + qq + 1);
  }
  return out;
}

/** Neighbours that exist in the state. */
export function neighbours(s: AKState, id: number): number[] {
  return neighbourIds(id).filter((n) => s.provinces[n] !== undefined);
}

/** Kingdoms a and b own adjacent provinces (S5.4.5). */
export function kingdomsAdjacent(s: AKState, a: number, b: number): boolean {
  for (const p of Object.values(s.provinces)) {
    if (p.owner !== a) continue;
    for (const n of neighbours(s, p.id)) if (s.provinces[n]!.owner === b) return true;
  }
  return false;
}
