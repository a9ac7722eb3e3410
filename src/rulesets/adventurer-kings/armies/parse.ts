/**
 * Parsing helpers for the army orders: army lists (`25,26`, `tout` / `all`), commanders
 * (a character number, or `GC`), and the `à` / `pour` / `to` / `for` separators.
 */
import type { Localized } from '../../../engine/ruleset.ts';

export const ALL_WORDS = new Set(['tout', 'tous', 'toutes', 'all']);
export const TO_WORDS = new Set(['à', 'a', 'au', 'to', 'pour', 'for']);
export const GC_WORDS = new Set(['gc', 'cg', 'garnison', 'garrison']);

export type ArmyList = 'all' | number[];

export function parseArmyList(words: string[]): { value: ArmyList } | { error: Localized } {
  if (words.length === 1 && ALL_WORDS.has(words[0]!.toLowerCase())) return { value: 'all' };
  if (!words.length) return { error: { fr: 'liste d’armées vide', en: 'empty army list' } };
  const ids: number[] = [];
  for (const w of words) {
    const n = Number(w);
    if (!Number.isInteger(n) || n <= 0) return { error: { fr: `« ${w} » n’est pas un numéro d’armée`, en: `"${w}" is not an army number` } };
    if (!ids.includes(n)) ids.push(n);
  }
  return { value: ids };
}

export function formatArmyList(v: ArmyList): string {
  return v === 'all' ? 'tout' : v.join(',');
}

export function parseCommander(w: string | undefined): number | 'GC' | null {
  if (w === undefined) return null;
  if (GC_WORDS.has(w.toLowerCase())) return 'GC';
  const n = Number(w);
  return Number.isInteger(n) && n > 0 ? n : null;
}
