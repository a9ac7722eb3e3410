/**
 * Combat arithmetic, rules §8.4.3–§8.4.5 [T §6.2, §6.2.1, §6.2.2, §6.4.2, §10.2.2]: combat points
 * of a side, its number of dice in a round, and the legal allocations of the damage it receives.
 * Pure functions of plain numbers and the constants, used by battle.ts (battles and raids) and
 * revolt.ts (test vectors TV-35 to TV-42). No dice are rolled here.
 */
import type { FiefConfig } from '../constants.ts';

/** What counts of a lord in a battle. */
export interface LordInBattle { gender: 'M' | 'F'; titled: boolean; darc: boolean; prisoner: boolean }
export interface SideForces { sergeants: number; knights: number; lords: readonly LordInBattle[] }

/** §8.4.3: CP of one lord. Prisoners count 0 [P]; an untitled woman 0 but she still leads [T §6.2]. */
export function lordCp(l: LordInBattle, c: FiefConfig): number {
  if (l.prisoner) return 0;
  if (l.darc) return c.combat.cpDarc;
  if (l.gender === 'M') return c.combat.cpMaleLord;
  return l.titled ? c.combat.cpTitledWoman : c.combat.cpUntitledWoman;
}

/** §8.4.3: a side's CP (allies' forces added together before the dice are counted). */
export function combatPoints(side: SideForces, c: FiefConfig): number {
  return side.sergeants * c.combat.cpSergeant + side.knights * c.combat.cpKnight + side.lords.reduce((n, l) => n + lordCp(l, c), 0);
}

/** §8.4.4: 0 CP → 0 dice [P G-15]; 1–6 → 1; 7–12 → 2; 13 and more → 3 [T §6.2]. */
export function baseDice(cp: number, c: FiefConfig): number {
  if (cp <= 0) return 0;
  if (cp >= c.combat.threeDiceFromCp) return 3;
  return cp >= c.combat.twoDiceFromCp ? 2 : 1;
}

/** What lowers the attacker's dice (§8.4.4). */
export interface AttackContext {
  /** The defender is inside this fortification (its leader controls the village). */
  fortification: 'CASTLE' | 'CITY' | null;
  /** The battle was started by the fortification's occupant (a sortie): no penalty [T §6.4.1]. */
  sortie?: boolean;
  /** A defending ally switched to the attacker: the gates are open [T §6.0 note]. */
  gatesOpened?: boolean;
  /** A Tunnel was played for this battle [T §10.2.2]. */
  tunnel?: boolean;
  /** Visible dice on the attacking side's siege engines in this village (1 or 2 each) [T §6.4.2]. */
  engineDice?: number;
}

/** §8.4.4: the attacker's effective penalty: the fortification's, less the engines (capped [P G-34]), never below 0. */
export function attackerPenalty(ctx: AttackContext, c: FiefConfig): number {
  if (!ctx.fortification || ctx.sortie || ctx.gatesOpened || ctx.tunnel) return 0;
  const fort = ctx.fortification === 'CITY' ? c.combat.cityPenalty : c.combat.castlePenalty;
  const cancel = Math.min(c.combat.engineCancelCap, Math.max(0, ctx.engineDice ?? 0));
  return Math.max(0, fort - cancel);
}

/** §8.4.4: a side's dice this round: base + d'Arc's die [T §9.1] − the penalty (attacker only), at least 0. */
export function diceCount(side: SideForces, c: FiefConfig, attack: AttackContext | null = null): number {
  const darc = side.lords.some((l) => l.darc && !l.prisoner) ? c.combat.darcExtraDie : 0;
  return Math.max(0, baseDice(combatPoints(side, c), c) + darc - (attack ? attackerPenalty(attack, c) : 0));
}

/**
 * §8.4.5 the allocation rule: troops first; lords only once every troop of the side is gone.
 * - `allTroops` false: `choices` lists every (sergeants, knights) pair that eliminates the most
 *   troop CP possible without exceeding the damage (the leader picks one); no lord is touched.
 * - `allTroops` true: every troop dies, `lordsKilled` lords die (the leader chooses which), and
 *   the other lords may be captured by the other side (capture is optional [T §6.2.2 note]).
 */
export type LossOutcome =
  | { allTroops: false; choices: { sergeants: number; knights: number; wasted: number }[] }
  | { allTroops: true; lordsKilled: number; lordsCapturable: number };

export function lossOutcome(side: SideForces, damage: number, c: FiefConfig): LossOutcome {
  const dS = c.combat.damageSergeant, dK = c.combat.damageKnight, dL = c.combat.damageLord;
  const { sergeants: s, knights: k } = side;
  const lords = side.lords.filter((l) => !l.prisoner).length; // prisoners are never battle losses [T §6.2.4]
  const allCost = s * dS + k * dK;
  if (damage >= allCost) {
    const killed = Math.min(lords, Math.floor((damage - allCost) / dL));
    return { allTroops: true, lordsKilled: killed, lordsCapturable: lords - killed };
  }
  // Every (a sergeants, b knights) the damage can pay for; keep those of the most CP. Bounded by the side's troops.
  let best = -1;
  let choices: { sergeants: number; knights: number; wasted: number }[] = [];
  for (let b = 0; b <= k && b * dK <= damage; b++) {
    for (let a = 0; a <= s && a * dS + b * dK <= damage; a++) {
      const cp = a * c.combat.cpSergeant + b * c.combat.cpKnight;
      if (cp > best) { best = cp; choices = []; }
      if (cp === best) choices.push({ sergeants: a, knights: b, wasted: damage - a * dS - b * dK });
    }
  }
  return { allTroops: false, choices };
}
