/**
 * The pure formulas of personal combat and espionage: each takes the constants and returns a
 * probability (a fraction) or a modifier, so that the test vectors check them exactly.
 */
import type { AKConfig } from '../config.ts';
import type { Alignment, Temperament } from '../state.ts';
import { ALIGNMENTS } from '../state.ts';
import type { Combatant } from './types.ts';

type Cfg = AKConfig['encounters'];

/** Removes floating-point dust (0.2 + 0.1 × 4 = 0.6000000000000001), so that a draw compares with the exact rule value. */
export function fix(x: number): number {
  return Math.round(x * 1e9) / 1e9;
}

export function clamp(x: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, fix(x)));
}
export function hitClamp(cfg: Cfg, p: number): number {
  return clamp(p, cfg.hitMin, cfg.hitMax);
}

/** Additive melee chance (§3.4.6e + Table 15.1), before protective multipliers and clamps (TV-01, TV-02). */
export function meleeBase(cfg: Cfg, me: number, oppMe: number, self: Temperament | null, opp: Temperament | null): number {
  let p = cfg.meleeBase + cfg.meleePerLevel * (me - oppMe);
  if (self === 'Brave') p += cfg.elan;
  if (opp === 'Cautious') p -= cfg.parry;
  if (opp === 'Berserk' && self !== 'Berserk') p -= self === null ? cfg.intimidation.monster : (cfg.intimidation as Record<string, number>)[self] ?? 0;
  return fix(p);
}

/** Multiplicative factors on `att`'s bow or melee chance against `def` (§6.6: protective spells multiply). */
export function protectionFactor(att: Combatant, def: Combatant, melee: boolean): number {
  let f = 1;
  for (const e of att.effects) {
    if (e.hitFactor !== undefined) f *= e.hitFactor;
    if (melee && e.meleeHitFactor !== undefined) f *= e.meleeHitFactor;
  }
  for (const e of def.effects) {
    if (e.dodgeFactor !== undefined) f *= e.dodgeFactor;
    if (melee && e.meleeDodgeFactor !== undefined) f *= e.meleeDodgeFactor;
  }
  return f;
}

/** Melee chance to hit of `att` against `def`, all modifiers, clamped (G-77). */
export function meleeChance(cfg: Cfg, att: Combatant, def: Combatant): number {
  return hitClamp(cfg, meleeBase(cfg, att.melee, defendingMelee(def), att.temperament, def.temperament) * protectionFactor(att, def, true));
}

/** The Melee a combatant defends with: a Hand of Death caster defends at his Ne level instead (G-36, effect `HA-caster`). */
export function defendingMelee(def: Combatant): number {
  return def.effects.find((e) => e.kind === 'HA-caster')?.level ?? def.melee;
}

/** Damage bonus of a melee hit: ±1 per level of Melee difference (§3.4.6e). */
export function meleeDamageBonus(cfg: Cfg, me: number, oppMe: number): number {
  return cfg.meleeDamagePerLevel * (me - oppMe);
}

/** Archery: 30 % + 10 % × Ar (§3.4.6d, TV-03), before multipliers. */
export function archeryBase(cfg: Cfg, ar: number): number {
  return fix(cfg.archeryBase + cfg.archeryPerLevel * ar);
}
export function archeryChance(cfg: Cfg, att: Combatant, def: Combatant): number {
  return hitClamp(cfg, archeryBase(cfg, att.archery) * protectionFactor(att, def, false));
}

/** G-23 (TV-10): interruption of a spell by the opponent's earlier action this round. */
export function interruptChance(cfg: Cfg, what: { missed?: boolean; damage?: number; stunned?: boolean }): number {
  if (what.stunned) return 1;
  if (what.damage !== undefined && what.damage > 0) return Math.min(1, fix(cfg.interruptBase + cfg.interruptPerPoint * what.damage));
  if (what.missed) return cfg.interruptMiss;
  return 0;
}

/** Flee chance (§6.5, G-59): by the opponent's speed, +10 % Cautious, +30 % after Invisibility. */
export function fleeChance(cfg: Cfg, self: Combatant, opp: Combatant): number {
  let p = cfg.flee[opp.speed];
  if (self.temperament === 'Cautious') p += cfg.cautiousFleeBonus;
  for (const e of self.effects) if (e.fleeBonus !== undefined) p += e.fleeBonus;
  return clamp(p, 0, 1);
}

/** Threat tier of a character for refusal (G-60): max(Me, Ar, best magic). */
export function characterTier(c: Combatant): number {
  return Math.max(c.melee, c.archery, ...Object.values(c.magic).map((x) => x ?? 0));
}

/** Refusal chance (G-60): t = clamp((T_opp − T_self + 2)/4, 0, 1); Cautious 1 % + 49 % t; Coward 50 % + 50 % t; Kings never. */
export function refusalChance(cfg: Cfg, temperament: Temperament, isKing: boolean, tSelf: number, tOpp: number): number {
  if (isKing) return 0;
  const t = clamp((tOpp - tSelf + 2) / 4, 0, 1);
  if (temperament === 'Cautious') return fix(cfg.refuseCautiousBase + cfg.refuseCautiousSpan * t);
  if (temperament === 'Cowardly') return fix(cfg.refuseCowardBase + cfg.refuseCowardSpan * t);
  return 0;
}

export function alignmentDistance(a: Alignment, b: Alignment): number {
  return Math.abs(ALIGNMENTS.indexOf(a) - ALIGNMENTS.indexOf(b));
}

/** Mercy chance of a Coward (G-60). */
export function mercyChance(cfg: Cfg, self: Alignment, opp: Alignment): number {
  const d = alignmentDistance(self, opp);
  let p = cfg.mercyBase;
  if (opp === 'Good' || opp === 'Divine') p += cfg.mercyGood;
  if (d === 0) p += cfg.mercySame;
  p -= cfg.mercyPerStep * Math.max(0, d - 1);
  if (opp === 'Evil' || opp === 'Undead') p -= cfg.mercyEvil;
  return clamp(p, cfg.mercyMin, cfg.mercyMax);
}

/** Theft chance (§6.10, G-63, TV-11): additive terms first, then the halving. */
export function theftChance(cfg: Cfg, th: number, invisible: boolean, halved: boolean): number {
  const p = cfg.theftBase + cfg.theftPerLevel * th + (invisible ? cfg.theftInvisible : 0);
  return clamp(halved ? p * cfg.theftHalving : p, 0, 1);
}

/** Capture chance of a failed thief (G-63): 50 % − 10 % × Th, min 10 %. */
export function captureChance(cfg: Cfg, th: number): number {
  return Math.max(cfg.captureMin, fix(cfg.captureBase - cfg.capturePerLevel * th));
}

/** Pursuit / track chance (Table 15.5, G-54, TV-19), as a probability (capped at 1). */
export function pursuitChanceFor(cfg: Cfg, spy: number, targetLeadsArmy: boolean, dist: number, sameKingdom: boolean): number {
  if (sameKingdom) return 1;
  const t = cfg.pursuitBySpy;
  const base = t[clamp(spy, 0, t.length - 1)]!;
  return clamp((base * (targetLeadsArmy ? cfg.pursuitArmyFactor : 1)) / Math.max(1, dist), 0, 1);
}

/** % not to be noticed (Table 15.5, TV-20) for a Spy (or Thief) level. */
export function unnoticedChance(cfg: Cfg, level: number): number {
  const t = cfg.unnoticedBySpy;
  return t[clamp(level, 0, t.length - 1)]!;
}

/** Random-encounter chance (Table 15.9, G-76). */
export function randomEncounterChance(cfg: Cfg, terrain: keyof Cfg['randomByTerrain'], friendly: boolean): number {
  return fix(cfg.randomByTerrain[terrain] * (friendly ? cfg.friendlyFactor : 1));
}
