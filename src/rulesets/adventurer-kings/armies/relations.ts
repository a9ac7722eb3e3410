/**
 * Who is friend or foe to whom, for armies (S5.4.1–5.4.2): the symmetric relations between
 * kingdoms; every province not controlled by a player is Enemy to everyone (natives, Hero-ruled
 * and unowned provinces alike).
 */
import type { AKState, Army, Character } from '../state.ts';

export type Stance = 'Self' | 'Allied' | 'Neutral' | 'Enemy';

/** Relation between two sides; `null` is the natives (no kingdom): Enemy to all. */
export function stance(s: AKState, a: number | null, b: number | null): Stance {
  if (a === null || b === null) return a === b ? 'Self' : 'Enemy';
  if (a === b) return 'Self';
  return s.kingdoms[a]?.relations[b] ?? 'Neutral';
}

export function friendly(s: AKState, a: number | null, b: number | null): boolean {
  const st = stance(s, a, b);
  return st === 'Self' || st === 'Allied';
}

/** How a kingdom sees a province it enters: own/allied, Neutral kingdom's, Enemy kingdom's, unowned, Hero-ruled. */
export function provinceStance(s: AKState, kingdom: number | null, province: number): 'own' | 'allied' | 'neutral' | 'enemy' | 'unowned' | 'hero' {
  const p = s.provinces[province]!;
  if (p.owner === null) return p.ruler !== undefined ? 'hero' : 'unowned';
  const st = stance(s, kingdom, p.owner);
  return st === 'Self' ? 'own' : st === 'Allied' ? 'allied' : st === 'Neutral' ? 'neutral' : 'enemy';
}

/** Entering this province with armies is an invasion (S4.4.8, G-49). */
export function isHostileProvince(s: AKState, kingdom: number | null, province: number): boolean {
  const st = provinceStance(s, kingdom, province);
  return st === 'enemy' || st === 'unowned' || st === 'hero';
}

/** The armies a character leads directly, in id order. */
export function ledBy(s: AKState, c: Character): Army[] {
  return armiesWhere(s, (a) => a.leader === c.id && a.status === 'Led');
}

export function armiesWhere(s: AKState, pred: (a: Army) => boolean): Army[] {
  return Object.values(s.armies).filter(pred).sort((x, y) => x.id - y.id);
}

export function armiesIn(s: AKState, province: number): Army[] {
  return armiesWhere(s, (a) => a.province === province);
}

export function sortedIds<T>(rec: Record<number, T>): number[] {
  return Object.keys(rec).map(Number).sort((a, b) => a - b);
}
