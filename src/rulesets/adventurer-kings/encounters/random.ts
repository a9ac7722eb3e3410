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
import type { SlotOrder, TurnCtx } from '../turn/context.ts';
import { nextStep } from '../armies/movement.ts';
import { ledBy } from '../armies/relations.ts';
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
 * is now (after moving this phase) in `province` with him, or who will go there in this phase:
 * he travels with the army.
 *
 * Seed §7.1: « Si un personnage débute une phase dans la même province qu'un autre conduisant une
 * armée, et qu'il le suit dans une autre province, il est supposé qu'il voyage avec l'armée, et il
 * n'y a pas de rencontre aléatoire possible », and §5.1: « si les personnages appartiennent au même
 * royaume, sont présents dans la même province, et que les actions de l'un concernent l'autre, ils
 * s'attendent mutuellement ». So the exemption does not depend on who acts first (issue 17 §1):
 * a general of the same kingdom still standing where both began, leading armies there, whose move
 * of this phase (his MO, written or continued) takes its next step into `province`, counts as
 * already there. [P] His step is judged on his order as written when the follower moves; if his
 * move then fails (a Neutral bump, a blocked route), the follower has still travelled with him.
 */
export function travelsWithArmy(ctx: TurnCtx, char: Character, province: number): boolean {
  const from = phaseStart(ctx, char.id);
  if (from === undefined || from === province) return false;
  for (const id of Object.keys(ctx.s.characters).map(Number).sort((a, b) => a - b)) {
    const l = ctx.s.characters[id]!;
    if (l.id === char.id || !l.alive) continue;
    if (phaseStart(ctx, l.id) !== from) continue;
    if (l.province === province && leadsArmies(ctx, l)) return true;
    if (l.province === from && char.kingdom !== null && l.kingdom === char.kingdom && movesTo(ctx, l, province)) return true;
  }
  return false;
}

/** The general `l`, not yet moved this phase, leads armies where he stands and his MO of this phase steps into `province`. */
function movesTo(ctx: TurnCtx, l: Character, province: number): boolean {
  const s = ctx.s;
  const armies = ledBy(s, l).filter((a) => a.province === l.province);
  if (!armies.length) return false;
  const written = ctx.sheets[l.kingdom!]?.characters[l.id]?.phases[ctx.phase - 1] ?? null;
  // A long MO continued over a PR or empty phase (turn/turn.ts, `ctx.scratch.turn.longMove`).
  const long = (ctx.scratch.turn as { longMove?: Record<number, { order: SlotOrder; dest: number }> } | undefined)?.longMove?.[l.id];
  const order = written?.code === 'MO' ? written : (written === null || written.code === 'PR') && long && l.province !== long.dest ? long.order : null;
  const dest = (order?.value as { dest?: number } | undefined)?.dest;
  if (dest === undefined || dest === l.province) return false;
  return nextStep(s, ctx.cfg.armies, l, armies, dest) === province;
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
