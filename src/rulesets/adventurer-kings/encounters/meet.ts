/**
 * EN — meeting a character (§5.17, G-57 mutual EN, G-60 refusal).
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { TurnCtx } from '../turn/context.ts';
import type { Character, Tactic } from '../state.ts';
import { characterCombatant, leadsArmies } from './combatant.ts';
import { hasAggression, specialPlanOf, validatePlan } from './plan.ts';
import { fight, newEncounter, refuses } from './setup.ts';
import { escratch } from './scratch.ts';
import { nobodyHere } from '../orders/absent.ts';

/** The target's EN plan if he meets the initiator in the same phase (G-57). */
function mutualPlan(ctx: TurnCtx, a: Character, b: Character): Tactic[] | null {
  if (b.kingdom === null) return null;
  const o = ctx.sheets[b.kingdom]?.characters[b.id]?.phases[ctx.phase - 1];
  if (o && o.code === 'EN' && o.value === a.id) return o.plan ?? [];
  return null;
}

export function meet(ctx: TurnCtx, char: Character, targetId: number, plan: Tactic[]): Localized | null {
  const s = ctx.s;
  const sc = escratch(ctx);
  if (sc.enDone.has(`${ctx.phase}:${char.id}`)) return null; // consumed by a mutual EN (G-57)
  const t = s.characters[targetId];
  // One message for dead, elsewhere and nonexistent: EN must not confirm a number or name a stranger (fog of war, S8.1).
  if (!t || !t.alive || t.province !== char.province) return nobodyHere(targetId);
  const mutual = mutualPlan(ctx, char, t);
  if (mutual) sc.enDone.add(`${ctx.phase}:${t.id}`);
  const aggressive = hasAggression(s, plan);
  if (aggressive) {
    const cfg = ctx.cfg.encounters;
    if (t.role === 'King' && !mutual) {
      // The ruler's title agrees with the ruler's sex (issue 17 §2).
      return t.sex === 'F'
        ? { fr: `la Reine ${t.name} refuse le duel`, en: `Queen ${t.name} declines the duel` }
        : { fr: `le Roi ${t.name} refuse le duel`, en: `King ${t.name} declines the duel` };
    }
    if (t.role !== 'King' && leadsArmies(ctx, t) && !mutual) return { fr: `${t.name}, à la tête de ses armées, n’accepte pas de rencontre`, en: `${t.name}, leading armies, accepts no encounter` };
    if (t.role !== 'King' && !leadsArmies(ctx, t) && char.role === 'King' && !mutual && ctx.rng.chance(cfg.heroAvoidsKing)) {
      return { fr: `${t.name} évite le Roi`, en: `${t.name} avoids the King` };
    }
  }
  const bPlan = mutual ?? validatePlan(s, t, specialPlanOf(t), 'special').plan;
  const a = characterCombatant(ctx, char, 0, plan, 'order');
  const b = characterCombatant(ctx, t, 1, bPlan, mutual ? 'order' : 'special');
  const enc = newEncounter(ctx, 'meet', char.province, a, b);
  if (aggressive && !mutual && refuses(ctx, b, a)) {
    ctx.emit({ t: 'enc-refused', to: enc.to, who: t.id, at: char.province, c: t.name, opp: char.name });
    return null;
  }
  fight(ctx, enc);
  return null;
}
