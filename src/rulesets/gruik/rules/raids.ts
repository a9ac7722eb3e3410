/**
 * Raids, rules §8.2 [T §9], step S7.4, dice table D13:
 * - legality (S3.1): a raid targets a whole state; never a state the raider declared friend
 *   [P A-04] (a raid on a state that declared the raider friend is legal and cancels that
 *   friendship, S3.2); never between states §11.3 protects (a tributary and its master, its master's
 *   friends, master's master, master's other tributaries); land forces stand next to a province the
 *   target controls and not in one [P A-46]; a fleet in a sea zone bordering one — TV-48;
 * - "do nothing else" [P A-46]: a force that moved, fought or besieges this season drops out at S7.4;
 *   a fleet that fought a naval battle drops out [T §9.1];
 * - the roll (D13): one d6, success on a modified ≥ 6, a natural 1 fails and a natural 6 succeeds;
 *   the forces of one state against one target are one raid (their modifiers added) [P]; an army
 *   under 18 counts as a detachment on both sides [P]; raids of different states on one target are
 *   resolved separately — TV-45, TV-46;
 * - the result (§8.2.3): min(10, floor(AP / 2)) (fleets without troops: 1 AP per 10 ships, A-47),
 *   each side within its yearly cap (the tax value it controls) — TV-47; the victim loses at most
 *   its positive treasury (external event [T §12]); the raider gains even when the victim cannot pay
 *   [P A-47, flag]; prestige raider +1, victim −1 at most twice a season [T §15].
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { GruikConfig } from '../constants.ts';
import { indexMap } from '../map.ts';
import type { GruikState, StateId } from '../state.ts';
import type { RaidOrder, StateOrders } from '../season-types.ts';
import { actsAsMainArmy } from './army-size.ts';
import { externalLoss } from './catastrophe.ts';
import type { Dice } from './dice.ts';
import { refuse, type Refusal } from './refusal.ts';
import { hostile, protectedPair } from './relations.ts';
import { addMoney, addPrestige, controlledBy, debtCap, emit, realmOf } from './treasury.ts';
import { cause } from '../words.ts';

export interface RaidFacts {
  /** Raiding detachments and under-18 armies. */
  detachments: number;
  mainArmies: number;
  fleetShips: readonly number[];
  otherRaiders: number;
  enemyArmyPresent: boolean;
  armyDefends: boolean;
  defendingDetachments: number;
  civilWar: boolean;
}

/** D13 [T §9.2; P A-31]. */
export function raidModifier(c: GruikConfig, f: RaidFacts): number {
  const r = c.raid;
  return r.detachment * f.detachments + r.mainArmy * f.mainArmies + f.fleetShips.reduce((n, ships) => n + Math.ceil(ships / r.fleetShipsPerPoint), 0)
    + r.otherRaider * f.otherRaiders + (f.enemyArmyPresent ? r.enemyArmyPresent : 0)
    - (f.armyDefends ? r.armyDefends : r.detachmentDefends * Math.min(r.maxDefendingDetachments, f.defendingDetachments))
    + (f.civilWar ? r.civilWar : 0);
}

/** D13 [T §9.2]: a natural 1 fails, a natural 6 succeeds, else a modified ≥ RAID_TARGET. */
export function raidSucceeds(c: GruikConfig, face: number, modifier: number): boolean {
  if (face === 1) return false;
  if (face === 6) return true;
  return face + modifier >= c.raid.target;
}

/** [T §9.3; P A-47] min(RAID_MAX_GAIN, floor(AP / 2)). */
export function raidYield(c: GruikConfig, ap: number): number {
  return Math.min(c.raid.maxGain, Math.floor(ap / c.raid.apPerGruikor));
}

/** [T §9.3] What is left under a yearly cap (the tax value controlled) once `already` has been gained (or lost). TV-47. */
export function underYearlyCap(amount: number, cap: number, already: number): number {
  return Math.max(0, Math.min(amount, cap - already));
}

export type RaidRefusal = 'unknown-state' | 'friend' | 'protected' | 'no-force' | 'not-yours' | 'not-adjacent' | 'inside';

export const RAID_REFUSALS: Record<RaidRefusal, Localized> = {
  'unknown-state': { fr: 'Un raid vise un autre état existant.', en: 'A raid targets another existing state.' },
  'friend': { fr: 'Aucun raid ne peut viser un état que vous avez déclaré ami.', en: 'No raid may target a state you have declared a friend.' },
  'protected': { fr: 'Un tributaire ne razzie ni son maître, ni les amis de son maître, ni le maître de son maître, ni les autres tributaires de son maître ; un maître ne razzie pas son tributaire.', en: 'A tributary raids neither its master, its master’s friends, its master’s master nor its master’s other tributaries; a master does not raid its tributary.' },
  'no-force': { fr: 'Un raid se fait avec une armée, un détachement ou une flotte.', en: 'A raid is made by an army, a detachment or a fleet.' },
  'not-yours': { fr: 'La force {force} n’est pas la vôtre.', en: 'Force {force} is not yours.' },
  'not-adjacent': { fr: '{force} n’est pas au contact d’une province contrôlée par la cible.', en: '{force} is not next to a province the target controls.' },
  'inside': { fr: '{force} se trouve dans le territoire de la cible : elle ne peut pas razzier, mais sa présence aide les autres raids.', en: '{force} stands inside the target’s territory: it cannot raid, but its presence helps other raids.' },
};

/** S3.1 [T §9.1, §11.3; P ]: a raid order refused, or null. TV-48. */
export function raidRefusal(s: GruikState, raider: StateId, o: RaidOrder): Refusal<RaidRefusal> | null {
  const target = realmOf(s, o.target);
  if (!target || o.target === raider) return refuse(RAID_REFUSALS, 'unknown-state');
  if (s.realms[raider]?.friendsDeclared.includes(o.target)) return refuse(RAID_REFUSALS, 'friend');
  if (protectedPair(s, raider, o.target)) return refuse(RAID_REFUSALS, 'protected');
  if (o.forces.length === 0) return refuse(RAID_REFUSALS, 'no-force');
  const ix = indexMap(s.map);
  const targetHeld = new Set(controlledBy(s, o.target));
  for (const id of o.forces) {
    const own = <T>(rec: Record<string, T>) => (Object.hasOwn(rec, id) ? rec[id] : undefined);
    const fleet = own(s.fleets);
    const land = own(s.armies) ?? own(s.detachments);
    const f = fleet ?? land;
    if (!f || f.state !== raider) return refuse(RAID_REFUSALS, 'not-yours', { force: id });
    if (fleet) continue;                                                  // a fleet approaches the coast in S5 (1 MP): checked there and at S7.4
    const at = land!.location;
    if (typeof at !== 'string' || at === 'captured') return refuse(RAID_REFUSALS, 'not-adjacent', { force: id });
    if (targetHeld.has(at)) return refuse(RAID_REFUSALS, 'inside', { force: id });
    if (!(ix.land[at] ?? []).some((l) => targetHeld.has(l.province))) return refuse(RAID_REFUSALS, 'not-adjacent', { force: id });
  }
  return null;
}

/** The AP of a raiding force [P A-47]: a land force's AP; a fleet's embarked troops, else 1 per FLEET_RAID_AP_PER_SHIPS ships. */
function raidAp(s: GruikState, id: string): number {
  const fleet = s.fleets[id];
  if (fleet) {
    const troops = fleet.embarked.reduce((n, e) => n + (s.armies[e]?.currentAP ?? s.detachments[e]?.ap ?? 0), 0);
    return troops > 0 ? troops : Math.floor(fleet.ships / s.config.raid.fleetShipsPerAp);
  }
  return s.armies[id]?.currentAP ?? s.detachments[id]?.ap ?? 0;
}

/** [P A-46] A force still fit to raid at S7.4: it did nothing else this season. */
function stillRaiding(s: GruikState, id: string): boolean {
  const fleet = s.fleets[id];
  if (fleet) return fleet.raidedThisSeason && !fleet.lostBattleThisSeason; // [T §9.1] it approached the coast in S5 (1 MP); a naval battle cancels it
  const a = s.armies[id];
  if (a) return !a.moved && !a.fought && !a.siegeOf && !a.retreated && typeof a.location === 'string' && a.location !== 'captured';
  const d = s.detachments[id];
  return !!d && !d.moved && !d.retreated && typeof d.location === 'string' && d.location !== 'captured';
}

/** The facts of one state's raid on one target (D13), from the state at S7.4. */
export function raidFacts(s: GruikState, raider: StateId, target: StateId, forces: readonly string[], otherRaiders: number): RaidFacts {
  const held = new Set(controlledBy(s, target));
  let detachments = 0, mainArmies = 0;
  const fleetShips: number[] = [];
  for (const id of forces) {
    if (s.fleets[id]) fleetShips.push(s.fleets[id]!.ships);
    else if (s.armies[id] && actsAsMainArmy(s, id)) mainArmies += 1;
    else detachments += 1;                                                // [P] an army under 18 counts as a detachment
  }
  const inside = (loc: unknown) => typeof loc === 'string' && held.has(loc);
  const passedThrough = new Set(s.landMoves.filter((m) => held.has(m.to)).map((m) => m.force));
  const enemyArmyPresent = Object.values(s.armies).some((a) => hostile(s, a.state, target) && (inside(a.location) || passedThrough.has(a.id)) && actsAsMainArmy(s, a.id));
  const defenders = [...Object.values(s.armies), ...Object.values(s.detachments)]
    .filter((f) => f.state !== raider && inside(f.location) && !f.moved && (f.state === target || !hostile(s, f.state, target)));
  const armyDefends = defenders.some((f) => s.armies[f.id] && actsAsMainArmy(s, f.id));
  const defendingDetachments = defenders.filter((f) => !(s.armies[f.id] && actsAsMainArmy(s, f.id))).length;
  return { detachments, mainArmies, fleetShips, otherRaiders, enemyArmyPresent, armyDefends, defendingDetachments, civilWar: !!s.realms[target]?.civilWar };
}

/** S7.4 [rules §8.2]: every raid of the season, each state's raids on one target as one. */
export function resolveRaids(s: GruikState, orders: Record<StateId, StateOrders>, dice: Dice): GruikState {
  const t = structuredClone(s);
  const c = t.config;
  // one raid per (raider, target), the forces still fit to raid
  const raids: { raider: StateId; target: StateId; forces: string[] }[] = [];
  const ix = indexMap(s.map);
  for (const [raider, o] of Object.entries(orders).sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const r of o.raids ?? []) {
      if (!s.realms[raider] || !s.realms[r.target]) continue;   // [P] a state gone since S3.1 (rebels whose civil war ended) is not raided (soak seeds soak-25, soak-42, soak-124)
      const held = new Set(controlledBy(s, r.target));
      // [T §9.1] a fleet raids the coast it approached in S5 (`raidCoast`) when the target holds it; a fleet without one (set by hand), any held coast of its zone.
      const fleetCoast = (id: string) => { const f = s.fleets[id]!; return f.raidCoast ? held.has(f.raidCoast) : (ix.zoneCoasts[f.zone] ?? []).some((p) => held.has(p)); };
      const forces = r.forces.filter((id) => stillRaiding(s, id) && (!s.fleets[id] || fleetCoast(id)));
      if (forces.length === 0) continue;
      const same = raids.find((x) => x.raider === raider && x.target === r.target);
      if (same) same.forces.push(...forces.filter((f) => !same.forces.includes(f))); else raids.push({ raider, target: r.target, forces: [...forces] });
    }
  }
  const sufferedThisSeason: Record<StateId, number> = {};
  for (const raid of raids) {
    const others = new Set(raids.filter((x) => x.target === raid.target && x.raider !== raid.raider).map((x) => x.raider)).size;
    const facts = raidFacts(s, raid.raider, raid.target, raid.forces, others);
    const modifier = raidModifier(c, facts);
    const face = dice.roll({ sides: 6, phase: 'S7.4', event: `raid:${raid.raider}:${raid.target}`, purpose: 'raid (D13)', rule: '[T §9.2] D13', audience: [raid.raider, raid.target] });
    const success = raidSucceeds(c, face, modifier);
    for (const id of raid.forces) if (t.armies[id]) t.armies[id]!.raided = true;
    let gain = 0, loss = 0;
    if (success) {
      const worth = raidYield(c, raid.forces.reduce((n, id) => n + raidAp(s, id), 0));
      const R = t.realms[raid.raider]!, T = t.realms[raid.target]!;
      loss = T.treasury - externalLoss(T.treasury, underYearlyCap(worth, debtCap(t, raid.target), T.raidLossesThisYear));
      gain = underYearlyCap(c.raid.gainLimitedByVictimLoss ? loss : worth, debtCap(t, raid.raider), R.raidGainsThisYear);
      R.raidGainsThisYear += gain; T.raidLossesThisYear += loss;
      addMoney(t, raid.raider, gain, cause('raidOn', { s: raid.target }), '[T §9.3]');
      addMoney(t, raid.target, -loss, cause('raidBy', { s: raid.raider }), '[T §9.3, §12]');
      addPrestige(t, raid.raider, c.prestigeTable.raidWon, cause('raidOn', { s: raid.target }), '[T §15]');
      sufferedThisSeason[raid.target] = (sufferedThisSeason[raid.target] ?? 0) + 1;
      if (sufferedThisSeason[raid.target]! <= c.prestigeTable.raidSufferedMaxPerSeason) addPrestige(t, raid.target, -c.prestigeTable.raidSuffered, cause('raidBy', { s: raid.raider }), '[T §15]');
    }
    // the outcome is public; the roll to both sides; each side learns only its own money (fog of war)
    emit(t, { t: 'raid', audience: [], raider: raid.raider, target: raid.target, success });
    emit(t, { t: 'raid-roll', audience: [raid.raider, raid.target], raider: raid.raider, target: raid.target, face, modifier });
    if (success) {
      emit(t, { t: 'raid-gain', audience: [raid.raider], raider: raid.raider, target: raid.target, amount: gain });
      emit(t, { t: 'raid-loss', audience: [raid.target], raider: raid.raider, target: raid.target, amount: loss });
    }
  }
  return t;
}
