/**
 * The encounter of a failed Kill Enemy (§4.5b, G-34), as an entry point of the encounter engine:
 * the victim attacks the caster at once, Berserk for this encounter (Rage HP, never flees,
 * Intimidation), with his special plan minus FL (`ME` if nothing is left); the caster defends
 * with his special plan and cannot refuse (G-58 lists refusal for SE, EN and patrols only).
 * Allowed even if the victim leads armies. Kings are immune to KI, so never trigger it.
 * (magic/backlash.ts `killBacklash`, after a failed KI, runs it; `fight` applies the outcome
 * — death, spoils to the winner, merit loss, experience — through outcome.ts.)
 */
import type { Character } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { characterCombatant } from './combatant.ts';
import { specialPlanOf, validatePlan } from './plan.ts';
import { fight, newEncounter } from './setup.ts';
import type { RunOptions } from './engine.ts';
import type { EncounterState } from './types.ts';

export function killBacklashEncounter(ctx: TurnCtx, victim: Character, caster: Character, opts?: RunOptions): EncounterState | null {
  if (!victim.alive || !caster.alive || victim.province !== caster.province) return null;
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
  return fight(ctx, newEncounter(ctx, 'kill-backlash', caster.province, a, b), opts);
}
