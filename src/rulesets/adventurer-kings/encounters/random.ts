/**
 * Random monster encounters (§7.1, Table 15.9, G-13, G-76): after MO, EX, SE, TR and PU steps.
 * The character defends with his special plan.
 *
 * Exempt (§7.1, Table 15.9): a character who MOVES or PURSUES WITH AN ARMY (the callers of those
 * moves do not call the check), and a character who began the phase in the same province as a
 * character leading an army and followed him into the province he is now in ("he is deemed to
 * travel with the army"). Exploring, searching or tracking with an army is not exempt: the
 * rules exempt only moving and pursuing (French Table 15.9: « se déplace ou poursuit avec une armée »).
 */
import type { TurnCtx } from '../turn/context.ts';
import type { Character } from '../state.ts';
import { characterCombatant, leadsArmies, monsterCombatant } from './combatant.ts';
import { randomEncounterMonster } from '../world/monsters.ts';
import { randomEncounterChance } from './formulas.ts';
import { specialPlanOf, validatePlan } from './plan.ts';
import { fight, newEncounter, refuses } from './setup.ts';
import { phaseStart } from './scratch.ts';

/** Own or allied province (G-76). */
export function friendlyFor(ctx: TurnCtx, c: Character, province: number): boolean {
  const owner = ctx.s.provinces[province]?.owner ?? null;
  if (owner === null || c.kingdom === null) return false;
  return owner === c.kingdom || ctx.s.kingdoms[c.kingdom]?.relations[owner] === 'Allied';
}

/**
 * §7.1: `char` began this phase in the same province as another character leading an army, who
 * is now (after moving this phase) in `province` with him: he travels with the army.
 */
export function travelsWithArmy(ctx: TurnCtx, char: Character, province: number): boolean {
  const from = phaseStart(ctx, char.id);
  if (from === undefined || from === province) return false;
  for (const id of Object.keys(ctx.s.characters).map(Number).sort((a, b) => a - b)) {
    const l = ctx.s.characters[id]!;
    if (l.id === char.id || !l.alive || l.province !== province) continue;
    if (phaseStart(ctx, l.id) !== from) continue;
    if (leadsArmies(ctx, l)) return true;
  }
  return false;
}

/**
 * The check (one draw when it can happen), and the encounter if it happens.
 * Returns whether an encounter took place and whether the character is still alive.
 */
export function randomEncounterCheck(ctx: TurnCtx, char: Character, province: number): { encounter: boolean; alive: boolean } {
  const p = ctx.s.provinces[province];
  if (!char.alive || !p || travelsWithArmy(ctx, char, province)) return { encounter: false, alive: char.alive };
  const cfg = ctx.cfg.encounters;
  if (!ctx.rng.chance(randomEncounterChance(cfg, p.terrain, friendlyFor(ctx, char, province)))) return { encounter: false, alive: true };
  const monster = randomEncounterMonster(p.terrain, ctx.rng, ctx.cfg.world);
  const plan = validatePlan(ctx.s, char, specialPlanOf(char), 'special').plan;
  const m = monsterCombatant(monster, 0);
  const c = characterCombatant(ctx, char, 1, plan, 'special');
  const enc = newEncounter(ctx, 'random', province, m, c);
  ctx.emit({ t: 'random-encounter', to: enc.to, who: char.id, at: province, monster: monster.name });
  if (refuses(ctx, c, m)) {
    ctx.emit({ t: 'enc-refused', to: enc.to, who: char.id, at: province, c: char.name, opp: monster.name });
    return { encounter: true, alive: true };
  }
  fight(ctx, enc);
  return { encounter: true, alive: char.alive };
}
