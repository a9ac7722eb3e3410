/**
 * After the battle: pursuit of the retreating units (§9.4, [P G-72]), the retreat decision
 * ([P G-73]), where a group retreats to, and the dispersal of units that cannot retreat (§9.5).
 */
import type { Rng } from '../../../engine/rng.ts';
import type { AKState, Army } from '../state.ts';
import type { ArmiesCfg } from './types.ts';
import { moveClass, typeRow } from './types.ts';
import type { BUnit, Side } from './battle.ts';
import { engagementChance } from './battle.ts';
import { unitStrength, isSea } from './strength.ts';
import { neighbours } from '../world/geometry.ts';
import { planMove, mpLeft } from './movement.ts';
import { friendly, stance } from './relations.ts';

export interface PursuitResult { pursuer: Army; target: Army; caught: boolean; destroyed: boolean }

/** G-72: catch chance = clamp(0.5 + 0.25 × (speed_pursuer − speed_target), 0.05, 1). */
export function catchChance(cfg: ArmiesCfg, pursuerSpeed: number, targetSpeed: number): number {
  return Math.max(cfg.pursuitCatchMin, Math.min(cfg.pursuitCatchMax, cfg.pursuitCatchBase + cfg.pursuitCatchPerSpeed * (pursuerSpeed - targetSpeed)));
}

/** G-72: the pursuers: 25 % of the winner's infantry, 75 % of its mounted and air units (rounded, fastest first). */
export function pursuers(cfg: ArmiesCfg, winners: BUnit[]): BUnit[] {
  const speed = (u: BUnit) => typeRow(cfg, u.army.type).speed;
  const pick = (list: BUnit[], share: number) => [...list].sort((x, y) => speed(y) - speed(x) || y.sortKey - x.sortKey || x.army.id - y.army.id).slice(0, Math.round(list.length * share));
  const alive = winners.filter((u) => u.fate !== 'destroyed' && u.army.quality > 0);
  const inf = alive.filter((u) => ['infantry', 'ent'].includes(moveClass(cfg, u.army.type)));
  const fast = alive.filter((u) => ['mounted', 'air'].includes(moveClass(cfg, u.army.type)));
  return [...pick(inf, cfg.pursuitInfantryShare), ...pick(fast, cfg.pursuitMountedShare)];
}

/**
 * Runs the pursuit (G-72). `retreating` are the losing units that leave (Whales to sea and
 * fleets in land provinces are not pursued). A caught unit fights one to one at × 1.25 and −1
 * quality; if it fails to win, it is destroyed (marked `fate = 'destroyed'`).
 */
export function pursue(s: AKState, cfg: ArmiesCfg, rng: Rng, winners: BUnit[], retreating: BUnit[], province: number): PursuitResult[] {
  const out: PursuitResult[] = [];
  const seaBattle = isSea(s, province);
  const fleeing = () => retreating.filter((u) => u.fate !== 'destroyed' && !u.whaleEscape && !(u.army.type === 'FL' && !seaBattle)).sort((x, y) => x.army.id - y.army.id);
  for (const p of pursuers(cfg, winners)) {
    const attempts = typeRow(cfg, p.army.type).speed >= cfg.pursuitDoubleSpeed ? 2 : 1;
    for (let i = 0; i < attempts; i++) {
      const targets = fleeing();
      if (!targets.length) return out;
      const t = rng.pick(targets);
      const caught = rng.chance(catchChance(cfg, typeRow(cfg, p.army.type).speed, typeRow(cfg, t.army.type).speed));
      let destroyed = false;
      if (caught) {
        const sp = unitStrength(cfg, { ...p.input, defending: false, nemesis: false, events: 0 });
        const st = unitStrength(cfg, { ...t.input, defending: true, retreating: true, nemesis: false, events: 0, duelLost: false });
        const holds = rng.chance(engagementChance(cfg, st, sp));
        if (!holds) { t.fate = 'destroyed'; destroyed = true; }
      }
      out.push({ pursuer: p.army, target: t.army, caught, destroyed });
    }
  }
  return out;
}

/**
 * G-73, defender that lost: stays (the province becomes contested) if R ≥ T, with
 * R = remaining defender / remaining attacker strength and T = 0.5 × the listed factors.
 */
export function defenderStays(cfg: ArmiesCfg, ratio: number, o: { capital: boolean; tax: number; noRoute: boolean; attackerCannotForce: boolean }): boolean {
  let t = cfg.defenderStayBase;
  if (o.capital) t *= cfg.defenderStayCapital;
  if (o.tax >= cfg.defenderStayRichTax) t *= cfg.defenderStayRich;
  if (o.noRoute) t *= cfg.defenderStayNoRoute;
  if (o.attackerCannotForce) t *= cfg.defenderStayNoForce;
  return ratio >= t;
}

/** G-73, attacker that lost: stays (contested) only if attacker/defender ≥ 0.8 and every army has ≥ 1 MP. */
export function attackerStays(s: AKState, cfg: ArmiesCfg, ratio: number, armies: Army[]): boolean {
  return ratio >= cfg.attackerStayRatio && armies.every((a) => mpLeft(s, cfg, a) >= 1);
}

/** G-73: where a defeated defender group retreats: the adjacent own or allied province with the highest tax its units can enter. */
export function defenderRetreatTarget(s: AKState, cfg: ArmiesCfg, armies: Army[], kingdom: number | null, province: number): number | null {
  if (kingdom === null) return null; // natives never move (G-101)
  let best: number | null = null;
  for (const n of neighbours(province)) {
    const p = s.provinces[n];
    if (!p || p.owner === null || !friendly(s, kingdom, p.owner)) continue;
    if (!planMove(s, cfg, armies, province, n, false).ok) continue;
    if (best === null || p.taxBase > s.provinces[best]!.taxBase) best = n;
  }
  return best;
}

/** G-73: where a defeated attacker group retreats: its origin, else an adjacent non-Enemy province. */
export function attackerRetreatTarget(s: AKState, cfg: ArmiesCfg, armies: Army[], kingdom: number, province: number, origin: number | undefined): number | null {
  if (origin !== undefined && origin !== province && planMove(s, cfg, armies, province, origin, false).ok) return origin;
  for (const n of neighbours(province)) {
    const p = s.provinces[n];
    if (!p || p.owner === null || stance(s, kingdom, p.owner) === 'Enemy') continue;
    if (planMove(s, cfg, armies, province, n, false).ok) return n;
  }
  return null;
}

/** An adjacent sea province for Whales escaping a land battle (G-71). */
export function seaNeighbour(s: AKState, province: number): number | null {
  for (const n of neighbours(province)) if (s.provinces[n]?.terrain === 'Sea' && !s.provinces[n]!.effects?.dried) return n;
  return null;
}

export { type Side };
