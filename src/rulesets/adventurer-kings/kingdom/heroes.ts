/**
 * Heroes' careers (S2.8, S4.4.4, S4.4.19, G-10, G-12): the wage a Hero asks of a kingdom, hiring,
 * dismissal and leaving the service. The wage depends on the kingdom (its King's race and
 * temperament, its alignment) and on the Hero's inclination toward it, never on his abilities.
 */
import type { Rng } from '../../../engine/rng.ts';
import type { AKConfig } from '../config.ts';
import type { AKState, Character } from '../state.ts';
import { CHAR_CODES } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { alignmentDistance, isSpecial, kingOf, rollPct, sortedIds, temperamentDistance } from './util.ts';

type HiringCfg = AKConfig['kingdom']['hiring'];

/**
 * G-10 (review C4): wage = max(1, 1 + d_align + [d_align ≥ 3] + [race ≠ King's]
 * + [temperament distance ≥ 2] + inclination).
 */
export function wageFormula(cfg: HiringCfg, dAlign: number, sameRace: boolean, dTemper: number, inclination: number): number {
  return Math.max(1, 1 + dAlign + (dAlign >= cfg.farAlignmentSteps ? 1 : 0) + (sameRace ? 0 : 1) + (dTemper >= cfg.temperamentSteps ? 1 : 0) + inclination);
}

/** The Hero's inclination toward a kingdom, drawn once per (Hero, kingdom) and kept (G-10). */
export function inclinationToward(cfg: HiringCfg, hero: Character, kingdom: number, rng: Rng): number {
  const inc = (hero.inclination ??= {});
  if (inc[kingdom] === undefined) inc[kingdom] = rng.pick(cfg.inclinations);
  return inc[kingdom]!;
}

/** §13.1 / G-10: 60 % of Heroes refuse a special-alignment King, drawn once per (Hero, kingdom). */
export function refusesKingdom(s: AKState, cfg: HiringCfg, hero: Character, kingdom: number, rng: Rng): boolean {
  const k = s.kingdoms[kingdom];
  if (!k || !isSpecial(k.alignment)) return false;
  const r = (hero.refuses ??= {});
  if (r[kingdom] === undefined) r[kingdom] = !rollPct(rng, cfg.specialServePct);
  return r[kingdom]!;
}

/**
 * The wage the Hero asks of the kingdom, or null if he will not serve it at all (special
 * alignment refusal). A quote above 4 cannot be hired with HI. Draws (once per pair) as needed.
 */
export function heroWage(s: AKState, cfg: HiringCfg, hero: Character, kingdom: number, rng: Rng): number | null {
  if (!s.kingdoms[kingdom] || !kingOf(s, kingdom)) return null;
  if (refusesKingdom(s, cfg, hero, kingdom, rng)) return null;
  return wageAsked(s, cfg, hero, kingdom, rng);
}

/**
 * The G-10 wage formula for this Hero and kingdom, with the inclination drawn once per pair and
 * kept, but without the special-alignment refusal (which only stops HI): the wage of a Hero
 * who joins by Charm or Resurrection, "computed at that moment" (G-10). Null without a King.
 */
export function wageAsked(s: AKState, cfg: HiringCfg, hero: Character, kingdom: number, rng: Rng): number | null {
  const k = s.kingdoms[kingdom];
  const king = kingOf(s, kingdom);
  if (!k || !king) return null;
  const inc = inclinationToward(cfg, hero, kingdom, rng);
  return wageFormula(cfg, alignmentDistance(hero.alignment, k.alignment), hero.race === king.race, temperamentDistance(hero.temperament, king.temperament), inc);
}

/** Enters the service of a kingdom at a wage (HI, Charm, Resurrect): orderable from the next phase. */
export function enterService(ctx: TurnCtx, hero: Character, kingdom: number, wage: number): void {
  hero.role = 'HeroInService';
  hero.kingdom = kingdom;
  hero.wage = wage;
  if (hero.loyal === undefined) hero.loyal = rollPct(ctx.rng, ctx.cfg.kingdom.hiring.loyalPct);
  hero.orderableFrom = ctx.phase + 1;
  hero.standing = undefined;
  // G-95: for a special-alignment kingdom, what counts is his talent when he joined it.
  if (isSpecial(ctx.s.kingdoms[kingdom]!.alignment)) hero.startedAtZero = CHAR_CODES.filter((c) => hero.talent[c] === 0);
}

/**
 * Leaves the service (FI, or unpaid, G-10/G-12): becomes a wandering Hero in place, keeping his
 * items; the armies he led become free garrison of the province if his kingdom owns it, else
 * mercenaries. Returns the ids of the armies released.
 */
export function leaveService(ctx: TurnCtx, hero: Character): number[] {
  const k = hero.kingdom;
  const released: number[] = [];
  for (const id of sortedIds(ctx.s.armies)) {
    const a = ctx.s.armies[id]!;
    if (a.leader !== hero.id) continue;
    delete a.leader;
    if (k !== null && ctx.s.provinces[a.province]?.owner === k) a.status = 'Garrison';
    else { a.status = 'Mercenary'; a.kingdom = null; }
    released.push(a.id);
  }
  hero.role = 'WanderingHero';
  hero.kingdom = null;
  delete hero.wage;
  hero.standing = undefined;
  // His remaining orders of this turn belong to his former master: none are carried out.
  hero.orderableFrom = 6;
  return released;
}
