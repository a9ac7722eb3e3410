/**
 * Army size, rules §4.1–§4.4 and §4.8 [T §4.1–§4.4]: the seasonal base (D1, 2d8, catastrophes and
 * rerolls), the seasonal size (base + modifier, capped at ARMY_CAP, floor 0), the modifier cap
 * (MOD_MAX, A-02), the modifiers M6–M9 as the rules tabulate them, what an army fields in battle
 * (BATTLE_CAP), the main-army threshold (≥ 18, A-07), the number of armies allowed and the
 * additional-army and disbanding timeline (§4.8). Pure: dice and states in, values or new states out.
 */
import type { GruikConfig } from '../constants.ts';
import type { ArmyId, GruikState, Realm, SeasonIndex, StateId } from '../state.ts';
import { rollCatastrophe, type CatastropheEffect } from './catastrophe.ts';
import { rollSum, type Dice } from './dice.ts';

// ─── §4.1 the seasonal base ────────────────────────────────────────────────────────────────────

/** D1 [T §4.1.1]: the base for a 2d8 sum, or 'catastrophe' on 2 and 16. */
export function baseFromSum(c: GruikConfig, sum: number): number | 'catastrophe' {
  if (!Number.isInteger(sum) || sum < 2 || sum > 16) throw new Error(`2d8 cannot make ${sum}`);
  if (sum === 2 || sum === 16) return 'catastrophe';
  return c.army.baseBySum[sum - 3]!;
}

export interface BaseRoll { base: number; sums: number[]; catastrophes: { sum: number; effect: CatastropheEffect }[] }

/**
 * The seasonal base of one state (or one army with BASE_ROLL_PER 'army' [P A-03]): 2d8; on a 2 or
 * a 16, a catastrophe (its 2d6 severity rolled at once) and a reroll, again and again [P §4.1],
 * bounded by `army.maxBaseRerolls`: at the bound a 2 reads as 3 and a 16 as 15, with no catastrophe.
 * Dice in the order rolled (TV-02: 1+1, then 3+4, then 6+6).
 */
export function rollSeasonalBase(c: GruikConfig, dice: Dice, who: StateId | ArmyId, audience: StateId, phase = 'S0.3'): BaseRoll {
  const sums: number[] = [];
  const catastrophes: BaseRoll['catastrophes'] = [];
  for (let attempt = 0; ; attempt++) {
    const { sum } = rollSum(dice, 2, { sides: 8, phase, event: `base:${who}`, purpose: 'seasonal base (2d8)', rule: '[T §4.1.1] D1', audience: [audience] });
    sums.push(sum);
    const read = baseFromSum(c, sum);
    if (read !== 'catastrophe') return { base: read, sums, catastrophes };
    if (attempt >= c.army.maxBaseRerolls) return { base: baseFromSum(c, sum === 2 ? 3 : 15) as number, sums, catastrophes }; // [P §4.1] the bound
    catastrophes.push(rollCatastrophe(c, dice, audience, phase, `catastrophe:${who}:${catastrophes.length}`));
  }
}

// ─── §4.3 size and limits ──────────────────────────────────────────────────────────────────────

/** [T §4.1.2, §4.1.3] base + modifier, at most ARMY_CAP; floor 0 [P §4.3]. TV-01, TV-03, TV-05. */
export function seasonalSize(c: GruikConfig, base: number, mod: number): number {
  return Math.max(0, Math.min(c.army.cap, base + mod));
}

/** A modifier after a change: capped at +MOD_MAX, no lower bound [P A-02]. */
export function addMod(c: GruikConfig, mod: number, delta: number): number {
  return Math.min(c.army.modMax, mod + delta);
}

/** The forces joined to an army this season (detachments and under-18 armies [T §4.2]), those withheld [P A-11] and captured left out. */
export function joinedForces(s: GruikState, army: ArmyId): { id: string; ap: number; allied: boolean }[] {
  const host = s.armies[army];
  if (!host) return [];
  const out: { id: string; ap: number; allied: boolean }[] = [];
  for (const d of Object.values(s.detachments)) {
    if (d.hostArmy !== army || d.withheld || d.location === 'captured') continue;
    out.push({ id: d.id, ap: d.ap, allied: d.state !== host.state }); // [P] an own detachment joined to another own army fills no allied slot
  }
  for (const a of Object.values(s.armies)) {
    if (a.hostArmy !== army || a.location === 'captured') continue;
    out.push({ id: a.id, ap: a.currentAP, allied: a.state !== host.state }); // [P A-09] all its AP
  }
  return out;
}

/** [T §4.1.3; P A-07] An army acts as a main army with ≥ MAIN_ARMY_MIN AP counting the forces joined to it. TV-05–TV-07. */
export function actsAsMainArmy(s: GruikState, army: ArmyId): boolean {
  const a = s.armies[army];
  if (!a || a.location === 'captured' || a.hostArmy) return false;
  return a.currentAP + joinedForces(s, army).reduce((n, f) => n + f.ap, 0) >= s.config.army.mainArmyMin;
}

/** [T §4.1.3, §4.7] What a side fields: everything with the army, at most BATTLE_CAP; the excess stays out. TV-04. */
export function battleBudget(s: GruikState, army: ArmyId): { total: number; fielded: number; excess: number; allies: number } {
  const a = s.armies[army];
  if (!a) throw new Error(`unknown army ${army}`);
  const joined = joinedForces(s, army);
  const total = a.currentAP + joined.reduce((n, f) => n + f.ap, 0);
  const fielded = Math.min(total, s.config.army.battleCap);
  return { total, fielded, excess: total - fielded, allies: joined.filter((f) => f.allied).length };
}

/**
 * S0.4 [rules §3.3 S0.4, §4.3, §4.5.3]: every army's seasonal size from its state's base (or its own
 * with BASE_ROLL_PER 'army') and its modifier; persisting own detachments keep their AP, which are
 * deducted again, the army's AP not below 0 [P]. Captured armies wait for S0.2 to re-form.
 */
export function applySeasonalSizes(s: GruikState): GruikState {
  const t = structuredClone(s);
  for (const a of Object.values(t.armies)) {
    if (a.location === 'captured') continue;
    const base = t.config.army.basePer === 'army' ? a.base : t.realms[a.state]?.seasonalBase;
    if (base === undefined) throw new Error(`army ${a.id}: no seasonal base rolled (step S0.3 comes first)`);
    a.seasonalSize = seasonalSize(t.config, base, a.mod);
    const detached = a.detachmentsCreated.reduce((n, d) => n + (t.detachments[d] && t.detachments[d]!.location !== 'captured' ? t.detachments[d]!.ap : 0), 0);
    a.currentAP = Math.max(0, a.seasonalSize - detached);
  }
  return t;
}

// ─── §4.2 modifiers M6–M9 ──────────────────────────────────────────────────────────────────────

/** M6 [T §4.1.2; P A-06]: this season's Δ for each army of a state in its k-th consecutive season with a province besieged: −1 from k = 2. */
export function besiegedDelta(k: number): number {
  return k >= 2 ? -1 : 0;
}

/** M7 [T §4.1.2]: the besieging army's Δ at the end of its siege's k-th season: −1 at k = 2, 4, 6… (cumulative −floor(k/2)). */
export function siegeDelta(k: number): number {
  return k >= 2 && k % 2 === 0 ? -1 : 0;
}

/** What an army did this season, for M8. */
export interface SeasonActivity { fought: boolean; besieged: boolean; besieging: boolean; raided: boolean; retreated: boolean; embarked: boolean; leftOwnProvinces: boolean; actedAsMainArmy: boolean }

/** M8 [T §4.1.2; P §4.2]: +1 for a main army that did nothing but move between its own state's provinces. TV-10. */
export function isInactive(a: SeasonActivity): boolean {
  return a.actedAsMainArmy && !a.fought && !a.besieged && !a.besieging && !a.raided && !a.retreated && !a.embarked && !a.leftOwnProvinces;
}

/** M9 [T §4.1.2; P §4.2]: the bonus bought by a military effort, or null when the amount is not a positive multiple of EFFORT_COST (TV-10: 30 g → +2; 20 g refused). */
export function effortBonus(c: GruikConfig, spent: number): number | null {
  if (!Number.isInteger(spent) || spent <= 0 || spent % c.army.effortCost !== 0) return null;
  return spent / c.army.effortCost;
}

// ─── §4.4, §4.8 the number of armies ───────────────────────────────────────────────────────────

/** [T §4.4] 1–6 controlled → 1; 7–10 → 2; 11–14 → 3; ≥ 15 → 4 (thresholds from the constants). 0 provinces: 1 [P §8.5, a stateless state keeps its army]. */
export function allowedArmies(c: GruikConfig, controlled: number): number {
  return 1 + c.army.armiesFrom.filter((from) => controlled >= from).length;
}

export interface ArmyCount { allowed: number; create: boolean; disband: boolean; shortfallSince: SeasonIndex | undefined }

/**
 * The army-count check at S8 of season t [T §4.4; P §4.8]. A state under its allowance may create an
 * army, which appears at S0 of t + 1 (TV-11). A state over it: the shortfall is dated from the first
 * S8 that sees it, and one army disappears at S8 of that season + 2 if the shortfall still holds
 * then; regaining the provinces at any S8 before clears it (TV-12).
 */
export function armyCount(c: GruikConfig, realm: Pick<Realm, 'armyShortfallSince'>, t: SeasonIndex, armies: number, controlled: number): ArmyCount {
  const allowed = allowedArmies(c, controlled);
  if (armies <= allowed) return { allowed, create: armies < allowed, disband: false, shortfallSince: undefined };
  const since = realm.armyShortfallSince ?? t;
  const disband = t >= since + c.army.disbandAfterSeasons;
  // [P] after one army goes, a shortfall that remains counts again from this season.
  return { allowed, create: false, disband, shortfallSince: disband ? (armies - 1 > allowed ? t : undefined) : since };
}

/** The army that disappears (#disband-army): the player's choice if it is his, else the lowest currentAP, then the lowest id [P §4.8]. */
export function armyToDisband(s: GruikState, state: StateId, chosen?: ArmyId): ArmyId {
  const mine = Object.values(s.armies).filter((a) => a.state === state);
  if (chosen && mine.some((a) => a.id === chosen)) return chosen;
  const sorted = [...mine].sort((a, b) => a.currentAP - b.currentAP || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (!sorted[0]) throw new Error(`${state} has no army`);
  return sorted[0].id;
}
