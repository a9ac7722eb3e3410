/**
 * The combat-spell hook (issue 17 §5). The encounters domain sits below magic: it defines the
 * shape of the hook it needs (`CombatSpellFn`, types.ts) and the magic domain's caster fills it
 * in from above — the turn (`turn/turn.ts`, the composer) installs `magic/combat.ts`'s
 * `castCombatSpell` when it is loaded. An encounter may still pass its own (`RunOptions.cast`).
 *
 * The hook is set once, always to the same function, before any turn runs: it carries no game
 * state, so the referee stays deterministic.
 */
import type { CombatSpellFn } from './types.ts';

let installed: CombatSpellFn | null = null;

/** Called by whoever composes the domains (turn/turn.ts) with the magic domain's caster. */
export function installCombatSpell(fn: CombatSpellFn): void {
  installed = fn;
}

export function getCombatSpell(): CombatSpellFn {
  if (!installed) throw new Error('encounters: the combat-spell hook is empty (turn/turn.ts installs magic/combat.ts)');
  return installed;
}
