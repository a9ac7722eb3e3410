/**
 * Characters' effective levels: talent plus the bonuses of the items he holds and of his
 * kingdom's discoveries (§5.1: these count in initiative), and initiative itself.
 */
import type { AKState, Character, CharCode } from './state.ts';
import { CHAR_CODES } from './state.ts';
import { inventionTalentBonus } from './world/inventions.ts';

/** Talent actually used, with item and invention bonuses (G-07: talent everywhere except exploration). */
export function talent(s: AKState, c: Character, code: CharCode): number {
  let t = c.talent[code];
  for (const id of c.items) t += s.items[id]?.talentBonus?.[code] ?? 0;
  if (c.kingdom !== null) t += inventionTalentBonus(s, c.kingdom, code, c.talent[code]);
  // Super AK (§14.3, [P V-10]): « un pouvoir particulier » to the leader of a Royal Title.
  // The leaders are set by kingdom/titles.ts at the end of each turn; one level per title led whose power is `code`.
  for (const x of s.titleLeaders?.[c.id] ?? []) if (x === code) t++;
  return t;
}

/** Initiative (§5.1): the sum of the 15 effective talents, Ma counted three times. */
export function initiative(s: AKState, c: Character): number {
  let sum = 0;
  for (const code of CHAR_CODES) sum += talent(s, c, code);
  return sum + 2 * talent(s, c, 'Ma');
}

/**
 * Where a dead character's body lies (§15.13i: carried by the armies of a character → with him;
 * carried by an army → where that army is now, even if it retreated since the last action, before
 * encounters' `carryBodies` caught up: a Resurrect at the start of the next phase finds it there).
 */
export function bodyProvince(s: AKState, c: Character): number | null {
  if (c.body?.carriedByArmy !== undefined) {
    const a = s.armies[c.body.carriedByArmy];
    if (a) return a.province;
  }
  if (c.body?.carriedByArmyOf !== undefined) {
    const carrier = s.characters[c.body.carriedByArmyOf];
    if (carrier) return carrier.province;
  }
  return c.body?.province ?? c.province ?? null;
}
