/**
 * The combat-spell hook: magic/combat.ts (the magic helper's `castCombatSpell`, typed
 * `CombatSpellFn` in types.ts). Kept in one place so the engine and tests can swap it.
 */
import { castCombatSpell } from '../magic/combat.ts';
import type { CombatSpellFn } from './types.ts';

export function getCombatSpell(): CombatSpellFn {
  return castCombatSpell;
}
