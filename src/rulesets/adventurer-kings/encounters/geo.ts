/**
 * Local map helpers of the encounters domain (G-01: 9 rows × 18 columns, pointy-top "odd-r"
 * hexes, east–west wrap, polar caps). A small copy of the world's formulas so that this domain
 * does not depend on another helper's module.
 */
import type { AKState } from '../state.ts';

const COLS = 18;
const ROWS = 9;

function qr(id: number): [number, number] {
  return [(id % 100) - 1, Math.floor(id / 100) - 1];
}

export function neighbourIds(id: number): number[] {
  const [q, r] = qr(id);
  const cand: [number, number][] = [[q - 1, r], [q + 1, r]];
  const dq = (r & 1) === 0 ? [-1, 0] : [0, 1];
  for (const dr of [-1, 1]) for (const d of dq) cand.push([q + d, r + dr]);
  const out = new Set<number>();
  for (const [cq, cr] of cand) if (cr >= 0 && cr < ROWS) out.add(100 * (cr + 1) + (((cq % COLS) + COLS) % COLS) + 1);
  out.delete(id);
  return [...out].sort((a, b) => a - b);
}

/** Neighbours that exist in this game's map. */
export function neighbours(s: AKState, id: number): number[] {
  return neighbourIds(id).filter((n) => s.provinces[n] !== undefined);
}

/** Hex distance with wrap (G-01). */
export function distance(a: number, b: number): number {
  const [qa, ra] = qr(a);
  const [qb, rb] = qr(b);
  let best = Infinity;
  for (const k of [-1, 0, 1]) {
    const xa = qa - (ra - (ra & 1)) / 2, za = ra, ya = -xa - za;
    const q2 = qb + COLS * k;
    const xb = q2 - (rb - (rb & 1)) / 2, zb = rb, yb = -xb - zb;
    best = Math.min(best, Math.max(Math.abs(xa - xb), Math.abs(ya - yb), Math.abs(za - zb)));
  }
  return best;
}

/** One step from `from` toward `to`: the existing neighbour closest to `to` (lowest id on ties). */
export function stepToward(s: AKState, from: number, to: number): number {
  if (from === to) return from;
  let best = from;
  let bd = distance(from, to);
  for (const n of neighbours(s, from)) {
    const d = distance(n, to);
    if (d < bd) { bd = d; best = n; }
  }
  return best;
}
