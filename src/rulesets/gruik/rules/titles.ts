/**
 * Titles of nobility, rules §2.4 and §4.9 [T §4.5]: the ruler's title from the number of provinces
 * the state OWNS (not controls). Cosmetic: reported only. One province gives "Seigneur" and none
 * gives no title [P A-41].
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { GruikState, StateId } from '../state.ts';

/** From the most provinces down: [minimum owned, title] [T §4.5; P A-41 for 1]. */
export const TITLES: readonly [number, Localized][] = [
  [10, { fr: 'Roi', en: 'King' }],
  [9, { fr: 'Prince', en: 'Prince' }],
  [8, { fr: 'Duc', en: 'Duke' }],
  [7, { fr: 'Marquis', en: 'Marquess' }],
  [6, { fr: 'Comte', en: 'Count' }],
  [5, { fr: 'Vicomte', en: 'Viscount' }],
  [4, { fr: 'Baron', en: 'Baron' }],
  [3, { fr: 'Baronnet', en: 'Baronet' }],
  [2, { fr: 'Chevalier', en: 'Knight' }],
  [1, { fr: 'Seigneur', en: 'Lord' }], // [P A-41]
];

/** The title for a number of owned provinces, or null (none) [T §4.5]. TV-13. */
export function titleFor(owned: number): Localized | null {
  return TITLES.find(([min]) => owned >= min)?.[1] ?? null;
}

export function ownedProvinces(s: GruikState, state: StateId): number {
  return Object.values(s.provinces).filter((p) => p.owner === state).length;
}

export function controlledProvinces(s: GruikState, state: StateId): number {
  return Object.values(s.provinces).filter((p) => p.controller === state).length;
}
