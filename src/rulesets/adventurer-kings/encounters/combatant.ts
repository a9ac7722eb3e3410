/**
 * Making the combatants of an encounter (S5.1.1, G-58 step 1): characters restored to 10 HP
 * (Berserk Rage +1–4, Table 15.1), monsters from their record; the Neutral duellists' +1 (G-80).
 */
import type { Character, College, Monster, Tactic } from '../state.ts';
import { COLLEGES } from '../state.ts';
import { talent } from '../characters.ts';
import type { TurnCtx } from '../turn/context.ts';
import type { Combatant } from './types.ts';
import { armCombatant, combatTalents } from './weapons.ts';

export function leadsArmies(ctx: TurnCtx, c: Character): boolean {
  for (const a of Object.values(ctx.s.armies)) if (a.leader === c.id && a.status === 'Led') return true;
  return false;
}

export function characterCombatant(ctx: TurnCtx, c: Character, side: 0 | 1, plan: Tactic[], planKind: Combatant['planKind']): Combatant {
  const cfg = ctx.cfg.encounters;
  let hp = cfg.characterHp;
  // Rage (Table 15.1): the Berserker ignores blows, 1–4 extra HP for this encounter (one draw).
  if (c.temperament === 'Berserk') hp += ctx.rng.int(cfg.rageMin, cfg.rageMax);
  const magic: Partial<Record<College, number>> = {};
  for (const col of COLLEGES) { const t = talent(ctx.s, c, col); if (t > 0) magic[col] = t; }
  // One melee weapon and one bow wielded (§6.9, G-17): chosen by US n at the start of the plan, else the best.
  const w = combatTalents(ctx.s, c, plan);
  const out: Combatant = {
    side, kind: 'character', id: c.id, name: c.name, char: c, hp, maxHp: hp,
    melee: w.melee, archery: w.archery, weapon: w.weapon, bow: w.bow,
    damage: [1, cfg.characterDie], missileDamage: [1, cfg.characterDie],
    temperament: c.temperament, alignment: c.alignment, flags: { humanoid: true, speaks: true },
    intelligence: 'human', speed: 'medium', magic, thief: talent(ctx.s, c, 'Th'),
    plan: plan.slice(), pos: 0, planKind, spellsUsed: {}, spellsCast: [], effects: [], stunned: 0,
    mental: 0, fleeUsed: false, used: [], leadsArmies: leadsArmies(ctx, c),
  };
  armCombatant(ctx.s, out);
  return out;
}

export function monsterCombatant(m: Monster, side: 0 | 1, site?: number): Combatant {
  return {
    side, kind: 'monster', id: site ?? 0, name: m.name, monster: m, site, hp: m.hp, maxHp: m.hp,
    melee: m.melee, archery: m.missile, damage: [m.damage[0], m.damage[1]], missileDamage: m.missileDamage ? [m.missileDamage[0], m.missileDamage[1]] : [1, 6],
    temperament: null, alignment: m.alignment, flags: { ...m.flags }, intelligence: m.intelligence, speed: m.speed,
    magic: { ...(m.magic ?? {}) }, thief: 0, plan: [], pos: 0, planKind: 'monster', spellsUsed: {}, spellsCast: [],
    effects: [], stunned: 0, mental: 0, fleeUsed: false, used: [], leadsArmies: false,
  };
}

/** Neutral Order of Duellists (§6.1, G-80): +1 Me and Ar for a Neutral character of a Neutral kingdom vs a character or a humanoid monster. */
export function applyDuellists(ctx: TurnCtx, a: Combatant, b: Combatant): void {
  for (const [x, y] of [[a, b], [b, a]] as const) {
    const c = x.char;
    if (!c || c.alignment !== 'Neutral' || c.kingdom === null) continue;
    if (ctx.s.kingdoms[c.kingdom]?.alignment !== 'Neutral') continue;
    if (y.kind === 'character' || y.flags.humanoid) { x.melee += ctx.cfg.encounters.duellistBonus; x.archery += ctx.cfg.encounters.duellistBonus; }
  }
}
