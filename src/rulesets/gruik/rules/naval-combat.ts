/**
 * The naval dice tables of rules §9.1 as pure formulas [T §7.2–§7.5, §7.8], used by the naval
 * phase (naval-phase.ts) and by the end-of-season and sea-retreat rules (naval-position.ts):
 * - D8 the size modifier, larger fleet only, non-cumulative, "etc." as n + 1 from 3× [P A-29];
 *   TV-32;
 * - the naval battle: each side d6 + modifier, ties rerolled (bounded, `naval.battleRerolls`),
 *   loser's losses = difference × 10 % of the WINNER's ships (the French example's "flotte
 *   Carthaginoise" is the winner's, rules §7.10 — the arithmetic 30 % × 200 = 60 of the French text
 *   wins; [P A-65] the naval example is normative), capped at the loser's ships; winner's = a third of that, rounded up [P A-30]; TV-31, TV-33;
 * - D9 detection: stationary d6 ≤ 5, moving d6 ≤ 3; TV-34;
 * - D10 forcing a battle: d6 ≤ 3, −1 the target retreats, +1 the target had not detected; TV-35;
 * - D11 storms: d6 ≤ 1 (Winter ≤ 2) per open-sea crossing; damage d6 1–2 10 %, 3–4 20 %, 5–6 30 %,
 *   rounded up [P A-34]; TV-36;
 * - D14 the fixed losses: forced return −10 % per excess MP (§7.3, TV-37), sea retreat −10 % per zone
 *   (§7.6 [P A-39], TV-38), blockaded port −10 % per full season (§7.13, TV-39).
 * Every percentage of ships is rounded up and never exceeds the ships present [P A-30].
 */
import type { GruikConfig } from '../constants.ts';
import type { StateId } from '../state.ts';
import type { Dice } from './dice.ts';

/** [P A-30] ceil(ships × pct / 100), at most the ships present, never negative. */
export function shipLoss(ships: number, pct: number): number {
  if (ships <= 0 || pct <= 0) return 0;
  return Math.min(ships, Math.ceil((ships * pct) / 100 - 1e-9));
}

/** D8 [T §7.5; P A-29]: the modifier of a fleet of `own` ships against `enemy` ships; only the larger gets one. TV-32. */
export function sizeModifier(c: GruikConfig, own: number, enemy: number): number {
  if (own <= enemy) return 0;
  if (enemy <= 0) return 4; // [P] against no ship at all: the last written row
  const ratio = own / enemy;
  const [r2, r3, r4] = c.naval.sizeRatios as [number, number, number];
  if (ratio >= r4) return 4 + Math.max(0, Math.floor(ratio) - Math.ceil(r4)); // "etc.": n + 1 for ratio ≥ n, integer n ≥ 3 [P A-29]
  if (ratio >= r3) return 3;
  if (ratio >= r2) return 2;
  return 1;
}

/** [T §7.5] The losses of a battle whose winner rolled `winnerTotal` and loser `loserTotal` (modified). TV-31, TV-33. */
export function navalLosses(c: GruikConfig, winnerShips: number, loserShips: number, winnerTotal: number, loserTotal: number): { loser: number; winner: number } {
  const diff = Math.max(0, winnerTotal - loserTotal);
  const loser = Math.min(loserShips, Math.ceil((winnerShips * diff * c.naval.lossPctPerPoint) / 100 - 1e-9));
  const winner = Math.min(winnerShips, Math.ceil(loser / c.naval.winnerLossDivisor - 1e-9)); // [P] the third of the capped number
  return { loser, winner };
}

export interface NavalSide { id: string; state: StateId; ships: number }
export interface NavalBattle { winner: string; loser: string; rolls: { a: number[]; b: number[] }; mods: { a: number; b: number }; totals: { a: number; b: number }; losses: { winner: number; loser: number } }

/**
 * §7.10 one naval battle between sides a and b [T §7.5]: d6 + D8 each, ties rerolled (at most
 * `naval.battleRerolls` times; at the bound the larger fleet wins, then the lower id [P]).
 */
export function navalBattle(c: GruikConfig, a: NavalSide, b: NavalSide, dice: Dice, phase: string, event: string): NavalBattle {
  const mods = { a: sizeModifier(c, a.ships, b.ships), b: sizeModifier(c, b.ships, a.ships) };
  const rolls = { a: [] as number[], b: [] as number[] };
  const audience = [a.state, b.state];
  let ta = 0, tb = 0;
  for (let i = 0; i <= c.naval.battleRerolls; i++) {
    const ra = dice.roll({ sides: 6, phase, event: `${event}:${a.id}`, purpose: 'naval battle (D8)', rule: '[T §7.5; J12] D8', audience });
    const rb = dice.roll({ sides: 6, phase, event: `${event}:${b.id}`, purpose: 'naval battle (D8)', rule: '[T §7.5; J12] D8', audience });
    rolls.a.push(ra); rolls.b.push(rb);
    ta = ra + mods.a; tb = rb + mods.b;
    if (ta !== tb) break;
  }
  const aWins = ta !== tb ? ta > tb : a.ships !== b.ships ? a.ships > b.ships : a.id < b.id; // [P] the bound
  const [w, l] = aWins ? [a, b] : [b, a];
  const [wt, lt] = aWins ? [ta, tb] : [tb, ta];
  return { winner: w.id, loser: l.id, rolls, mods, totals: { a: ta, b: tb }, losses: navalLosses(c, w.ships, l.ships, wt, lt) };
}

/** D9 [T §7.3]: the highest d6 that detects, for a fleet that has not moved this season or one that has. */
export function detectTarget(c: GruikConfig, stationary: boolean): number {
  return stationary ? c.naval.detectStationary : c.naval.detectMoving;
}

/** D10 [T §7.4]: the highest d6 that forces a battle on a fleet that continues or retreats. TV-35. */
export function forceBattleTarget(c: GruikConfig, targetRetreats: boolean, targetHadDetected: boolean): number {
  return c.naval.forceBattleBase - (targetRetreats ? c.naval.forceBattleRetreating : 0) + (targetHadDetected ? 0 : c.naval.forceBattleUndetected);
}

/** D11 [T §7.2; P A-34]: the highest d6 that brings a storm on an open-sea crossing. */
export function stormTarget(c: GruikConfig, winter: boolean): number {
  return winter ? c.naval.stormChanceWinter : c.naval.stormChance;
}

/** D11 [P A-34]: the damage of a storm, in % of the ships, for the damage d6 (1–2, 3–4, 5–6). */
export function stormDamagePct(c: GruikConfig, d6: number): number {
  return c.naval.stormDamagePct[Math.min(2, Math.max(0, Math.floor((d6 - 1) / 2)))]!;
}

/** §7.3 [T §7.2; P]: excess MP of a forced return and the ships lost; `lost` when no return is possible or the excess reaches `naval.excessLostAt`. TV-37. */
export function forcedReturnLoss(c: GruikConfig, ships: number, mpUsed: number, pathLength: number | null): { excess: number; loss: number; lost: boolean } {
  if (pathLength === null) return { excess: 0, loss: ships, lost: true };
  const excess = Math.max(0, mpUsed + pathLength - c.naval.fleetMp);
  if (excess >= c.naval.excessLostAt) return { excess, loss: ships, lost: true };
  const loss = shipLoss(ships, c.naval.excessMpLossPct * excess);
  return { excess, loss, lost: loss >= ships && ships > 0 };
}

/** §7.6 [T §7.2; P A-39]: a sea retreat loses 10 % of the initial ships per zone, counting max(1, moves). TV-38. */
export function seaRetreatLoss(c: GruikConfig, ships: number, moves: number): number {
  return shipLoss(ships, c.naval.seaRetreatLossPct * Math.max(1, moves));
}

/**
 * §7.13 [T §7.8]: a fleet sheltering in a blockaded port loses 10 % per full season. TV-39.
 * [P A-28] That is a blockade's only effect: none on the province's taxes, sieges or supply.
 */
export function blockadeLoss(c: GruikConfig, ships: number): number {
  return shipLoss(ships, c.naval.blockadeLossPct);
}
