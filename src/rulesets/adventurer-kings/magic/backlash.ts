/**
 * Kill Enemy backlash (§4.5b, G-34): after a failed KI action, the victim attacks the caster at
 * once (same phase) in an encounter run by the encounters domain. The victim is Berserk for that
 * encounter (Rage HP, never flees, Intimidation) and uses his special plan with FL removed
 * (`ME` if nothing is left); the caster defends with his special plan. Allowed even if the
 * victim leads armies.
 */
import type { Character } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { characterCombatant } from '../encounters/combatant.ts';
import { specialPlanOf, validatePlan } from '../encounters/plan.ts';
import { fight, newEncounter } from '../encounters/setup.ts';

export function killBacklash(ctx: TurnCtx, victim: Character, caster: Character): void {
  if (!victim.alive || !caster.alive || victim.province !== caster.province) return;
  const s = ctx.s;
  let plan = validatePlan(s, victim, specialPlanOf(victim).filter((t) => t.code !== 'FL'), 'special').plan;
  if (plan.length === 0) plan = [{ code: 'ME' }];
  const a = characterCombatant(ctx, victim, 0, plan, 'special');
  if (a.temperament !== 'Berserk') {
    a.temperament = 'Berserk';
    const rage = ctx.rng.int(ctx.cfg.encounters.rageMin, ctx.cfg.encounters.rageMax);
    a.hp += rage; a.maxHp += rage;
  }
  const b = characterCombatant(ctx, caster, 1, validatePlan(s, caster, specialPlanOf(caster), 'special').plan, 'special');
  fight(ctx, newEncounter(ctx, 'kill-backlash', caster.province, a, b));
}
