/**
 * Small state helpers of the magic domain. Some of them are local stand-ins for functions that
 * belong to other domains (removing an army, a character's death): they follow
 * the rules cited and are listed in the magic helper's report.
 */
import type { AKState, Character } from '../state.ts';

export function sortedIds<T>(rec: Record<number, T>): number[] {
  return Object.keys(rec).map(Number).sort((a, b) => a - b);
}

/** The armies in a province, in ascending id. */
export function armiesIn(s: AKState, province: number) {
  return sortedIds(s.armies).map((id) => s.armies[id]!).filter((a) => a.province === province);
}

/** Armies removed from play (Tornado, Plague: no fallen record, G-33). */
export function removeArmy(s: AKState, id: number): void {
  delete s.armies[id];
}

/** A character leads at least one army. */
export function leadsArmies(s: AKState, charId: number): boolean {
  for (const id of sortedIds(s.armies)) if (s.armies[id]!.leader === charId) return true;
  return false;
}

/**
 * Death by magic (Kill Enemy), after encounters' `killCharacter` (body, merit, event, items): also
 * ends his spell effects and standing orders and frees a ruled province. Idempotent on the parts
 * `killCharacter` already did (items to the necromancer, G-17; armies leaderless).
 * Simplification: a King's death is never caused here (Kings are immune to KI), so the Heir
 * creation of G-11 is not needed.
 */
export function killByMagic(s: AKState, victim: Character, killer: Character): void {
  victim.alive = false;
  victim.body = { province: victim.province };
  for (const id of victim.items) {
    const it = s.items[id];
    if (it) it.holder = killer.id;
    killer.items.push(id);
  }
  victim.items = [];
  delete victim.spellEffects;
  delete victim.standing;
  for (const id of sortedIds(s.armies)) {
    const a = s.armies[id]!;
    if (a.leader === victim.id) {
      delete a.leader;
      if (a.status === 'Led') a.status = 'Garrison';
    }
  }
  if (victim.rules !== undefined) {
    const p = s.provinces[victim.rules];
    if (p && p.ruler === victim.id) delete p.ruler;
    delete victim.rules;
  }
}

export { bodyProvince } from '../characters.ts';
