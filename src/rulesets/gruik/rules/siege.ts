/**
 * Sieges, rules §8.1 [T §8], step S7.1–S7.3, dice table D12:
 * - S7.1 (§8.1.1, §8.1.2): a main army (≥ 18 AP with what joined it) ending the season in an enemy
 *   province free of enemies outside the fortress besieges it, unless it raids this season or its
 *   player ordered `noSiege`; never its own tributary's province (§11.3: `hostile` is false
 *   between protected states). The siege of the province it already besieged continues (season
 *   k + 1); one that breaks (army gone, under 18 AP, no longer enemy) ends, and the besieger takes
 *   −1 prestige once for the failed siege [P A-45]. One siege per province: the first army by id.
 * - S7.2 (§8.1.5): surrender or abandonment by the province's controller: control to the besieger,
 *   the garrison to the first adjacent province friendly to it (else interned: captured, J13 for the
 *   GM), no pillage; besieger +2 (siege won) +1 (conquest) [P]; an abandonment without a siege gives
 *   the province to the hostile main army standing there, +1 only [P].
 * - S7.3 (§8.1.3): one d6 per siege, success on a modified ≥ 6; from the second season a natural 1
 *   fails and a natural 6 succeeds [P A-71] — TV-40, TV-41; the result (§8.1.4): control, the
 *   fortress pillaged (half the tax value, rounded up, to the besieger; the victim loses nothing
 *   [P A-26]), the garrison captured (armies M4 and −1 prestige; a main army captured makes its
 *   state the besieger's tributary [T §11.1; P A-44]; detachments M3; characters taken), besieger
 *   +2 and +1 for a province it did not own — TV-43, TV-53. A revolted capital taken ends the civil
 *   war (conquest.ts).
 * The +1 "an army friendly to the besieged was beaten in the province this turn" comes from S6's
 * results, passed in (`defeats`).
 */
import type { ArmyId, ForceId, GruikState, ProvinceId, StateId } from '../state.ts';
import type { StateOrders } from '../season-types.ts';
import { indexMap } from '../map.ts';
import { actsAsMainArmy } from './army-size.ts';
import type { Dice } from './dice.ts';
import { setControl } from './conquest.ts';
import { friendlyProvinceFor, hostile } from './relations.ts';
import { capture } from './retreat.ts';
import { addMoney, addPrestige, emit, makeTributary, raise, taxValue } from './treasury.ts';
import type { GruikConfig } from '../constants.ts';
import { externalLoss } from './catastrophe.ts';
import { cause, gmText } from '../words.ts';

export type Garrison = 'none' | 'detachment' | 'army';

export interface SiegeFacts { season: number; civilWar: boolean; garrison: Garrison; friendDefeated: boolean }

/** D12 [T §8.2]: the cumulative modifier. */
export function siegeModifier(c: GruikConfig, f: SiegeFacts): number {
  const g = c.siege;
  return g.perSeason * (f.season - 1) + (f.civilWar ? g.civilWar : 0)
    - (f.garrison === 'army' ? g.armyDefends : f.garrison === 'detachment' ? g.detachmentDefends : 0)
    + (f.friendDefeated ? g.friendDefeated : 0);
}

/** D12 [T §8.2; P A-71]: from the siege's second season a natural 1 fails and a natural 6 succeeds; in the first only the total counts. */
export function siegeSucceeds(c: GruikConfig, face: number, season: number, modifier: number): boolean {
  if (season > 1 && face === 1) return false;
  if (season > 1 && face === 6) return true;
  return face + modifier >= c.siege.target;
}

/** The forces in a province's fortress on the side of its controller (own or not hostile to it [P A-25]). */
export function garrisonOf(s: GruikState, p: ProvinceId): ForceId[] {
  const controller = s.provinces[p]?.controller;
  if (!controller) return [];
  return [...Object.values(s.armies), ...Object.values(s.detachments)]
    .filter((f) => f.location === p && f.inFortress && (f.state === controller || !hostile(s, f.state, controller)))
    .map((f) => f.id);
}

/** [T §8.2; P A-25] The garrison's kind: any army (under 18 too) −2; else any detachment −1. */
export function garrisonKind(s: GruikState, p: ProvinceId): Garrison {
  const g = garrisonOf(s, p);
  if (g.some((id) => s.armies[id])) return 'army';
  return g.length > 0 ? 'detachment' : 'none';
}

/** [T §8.1; P §8.1.1] May this army besiege where it stands? (`raiding`: it is in a raid order this season.) */
export function canBesiege(s: GruikState, army: ArmyId, raiding = false): boolean {
  const a = s.armies[army];
  if (!a || typeof a.location !== 'string' || a.location === 'captured' || a.raided || raiding) return false;
  if (!actsAsMainArmy(s, army)) return false;
  const p = a.location;
  const controller = s.provinces[p]?.controller;
  if (!controller || controller === a.state || !hostile(s, a.state, controller)) return false;   // an enemy fortress; never a protected state's [T §11.3]
  // [T §8.1] free of enemies, or all of them in the fortress
  return ![...Object.values(s.armies), ...Object.values(s.detachments)].some((f) => f.location === p && !f.inFortress && f.state !== a.state && hostile(s, f.state, a.state));
}

/** A siege ending without capture: the besieger −1 once [P A-45]. In place. */
function endSiege(t: GruikState, army: ArmyId, failed: boolean): void {
  const a = t.armies[army];
  if (!a?.siegeOf) return;
  const p = a.siegeOf;
  delete a.siegeOf;
  a.siegeSeasons = 0;
  if (!failed) return;
  addPrestige(t, a.state, -t.config.prestigeTable.siegeFailed, cause('siegeFailed', { p }), '[T §15; P A-45]');
  emit(t, { t: 'siege-lifted', audience: [], state: a.state, province: p });
}

/** [P §8.1.2, A-45] The siege of `army` lifted without capture (a besieger retreating before a relief force, §8.1.5): −1 once. In place. */
export function liftSiege(t: GruikState, army: ArmyId): void {
  endSiege(t, army, true);
}

/** S7.1 [rules §8.1.1, §8.1.2]. `orders`: the season's orders (noSiege, raids). */
export function establishSieges(s: GruikState, orders: Record<StateId, StateOrders> = {}): GruikState {
  const t = structuredClone(s);
  const raiding = new Set(Object.values(orders).flatMap((o) => (o.raids ?? []).flatMap((r) => r.forces)));
  const taken = new Set<ProvinceId>();
  for (const a of Object.values(t.armies).sort((x, y) => (x.id < y.id ? -1 : 1))) {
    const p = typeof a.location === 'string' ? a.location : null;
    const wants = !(orders[a.state]?.noSiege ?? []).includes(a.id);
    if (p && wants && !taken.has(p) && canBesiege(t, a.id, raiding.has(a.id))) {
      taken.add(p);
      if (a.siegeOf === p && a.siegeSeasons >= 1) a.siegeSeasons += 1;            // [T §8.1] continues with its modifier
      else { endSiege(t, a.id, true); a.siegeOf = p; a.siegeSeasons = 1; }        // a new siege starts at season 1 (TV-42)
      emit(t, { t: 'siege', audience: [a.state, t.provinces[p]!.controller!], state: a.state, province: p, season: a.siegeSeasons });
    } else if (a.siegeOf) endSiege(t, a.id, true);                                 // broken: moved, under 18, raided… [T §8.1; P A-45]
  }
  return t;
}

/** The garrison leaves for the first adjacent province friendly to it; none: interned (captured), the GM told (J13). In place. */
function garrisonLeaves(t: GruikState, p: ProvinceId, captor: StateId): void {
  const ix = indexMap(t.map);
  for (const id of garrisonOf(t, p)) {
    const f = t.armies[id] ?? t.detachments[id]!;
    const to = (ix.land[p] ?? []).map((l) => l.province).find((q) => friendlyProvinceFor(t, q, f.state));
    if (to) { f.location = to; f.inFortress = false; continue; }
    capture(t, id, captor, 0);
    raise(t, 'J13', 'S7.2', [f.state, captor], gmText('garrisonNowhere', { id, p }), gmText('interned'));
  }
}

/** Conquest by a siege or a surrender: control, prestige, the siege over. In place. */
function conquer(t: GruikState, besieger: ArmyId, p: ProvinceId, how: 'siege' | 'surrender' | 'abandon'): void {
  const a = t.armies[besieger]!;
  const from = t.provinces[p]!.controller!;
  const pt = t.config.prestigeTable;
  let pillage = 0;
  if (how === 'siege') {
    pillage = Math.ceil(taxValue(t, p) / 2);                                                // [T §12.1.2]
    addMoney(t, a.state, pillage, cause('fortressPillaged', { p }), '[T §12.1.2]');
    if (t.config.treasury.fortressPillageDebitsVictim && t.realms[from]) {                  // [P A-26] off by default
      const after = externalLoss(t.realms[from]!.treasury, pillage);
      addMoney(t, from, after - t.realms[from]!.treasury, cause('fortressPillaged', { p }), '[P A-26]');
    }
    for (const id of garrisonOf(t, p)) {
      const army = t.armies[id];
      const wasMain = army ? actsAsMainArmy(t, id) || army.currentAP >= t.config.army.mainArmyMin : false;
      const g = army ?? t.detachments[id];
      if (!g) continue;                                                                      // gone with a force captured before it in this loop (soak seed test-4, season 5)
      const owner = g.state;
      capture(t, id, a.state, army ? t.config.army.lostArmy : 0);                            // M4 / M3, characters taken [T §8.3]
      if (army && wasMain) {
        addPrestige(t, owner, -pt.armyLostInSiege, cause('armyLostInSiege', { a: id, p }), '[T §15]');
        makeTributary(t, owner, a.state, 'siege');                                         // [T §11.1; P A-44]
      }
    }
  } else garrisonLeaves(t, p, a.state);
  const owned = t.provinces[p]!.owner === a.state;
  setControl(t, p, a.state);
  if (how !== 'abandon' || a.siegeOf === p) addPrestige(t, a.state, pt.siegeWon, cause('siegeWon', { p }), '[T §15]');
  if (!owned) addPrestige(t, a.state, pt.provinceConquered, cause('conquered', { p }), '[T §15]');
  if (a.siegeOf) endSiege(t, a.id, false);
  emit(t, { t: 'siege-won', audience: [], state: a.state, from, province: p, pillage, surrendered: how !== 'siege' });
}

/** S7.2 [rules §8.1.5]: surrenders and abandonments ordered by the provinces' controllers. */
export function surrendersAndAbandonments(s: GruikState, orders: Record<StateId, StateOrders> = {}): GruikState {
  const t = structuredClone(s);
  for (const [st, o] of Object.entries(orders)) {
    for (const [list, how] of [[o.surrender ?? [], 'surrender'], [o.abandon ?? [], 'abandon']] as const) {
      for (const p of list) {
        if (t.provinces[p]?.controller !== st) continue;
        const besieger = Object.values(t.armies).find((a) => a.siegeOf === p);
        const present = besieger ?? (how === 'abandon'
          ? Object.values(t.armies).sort((x, y) => (x.id < y.id ? -1 : 1)).find((a) => a.location === p && hostile(t, a.state, st) && actsAsMainArmy(t, a.id))
          : undefined);
        if (present) conquer(t, present.id, p, how);
      }
    }
  }
  return t;
}

/** S7.3 [rules §8.1.3, §8.1.4]: every siege rolled. `defeats`: provinces where an army friendly to the besieged was beaten this turn (S6). */
export function rollSieges(s: GruikState, dice: Dice, defeats: readonly { province: ProvinceId; state: StateId }[] = []): GruikState {
  const t = structuredClone(s);
  for (const a of Object.values(s.armies).sort((x, y) => (x.id < y.id ? -1 : 1))) {
    const p = a.siegeOf;
    if (!p || !t.armies[a.id]?.siegeOf) continue;
    const controller = t.provinces[p]!.controller!;
    const facts: SiegeFacts = {
      season: a.siegeSeasons,
      civilWar: !!t.realms[controller]?.civilWar,                                   // the rebels are not in civil war [P A-25]
      garrison: garrisonKind(t, p),
      friendDefeated: defeats.some((d) => d.province === p && (d.state === controller || !hostile(t, d.state, controller))),
    };
    const modifier = siegeModifier(t.config, facts);
    const face = dice.roll({ sides: 6, phase: 'S7.3', event: `siege:${p}`, purpose: 'siege (D12)', rule: '[T §8.2] D12', audience: [a.state, controller] });
    const success = siegeSucceeds(t.config, face, a.siegeSeasons, modifier);
    emit(t, { t: 'siege-roll', audience: [a.state, controller], state: a.state, province: p, face, modifier, success });
    if (success) conquer(t, a.id, p, 'siege');
  }
  return t;
}

/**
 * §6.13 step 7 [T §8.4; P §8.1.5]: a battle fought in a province touches its siege. The besieger
 * beaten: it retreats and the siege is lifted (−1 once, A-45). The besieger winning keeps its siege
 * and its modifiers. A besieger that fell under MAIN_ARMY_MIN loses its siege at the next S7.1
 * (TV-42). Returns the defeat to pass to S7.3 when the loser was friendly to the besieged. In place.
 */
export function siegeAfterBattle(t: GruikState, province: ProvinceId, loser: StateId): { province: ProvinceId; state: StateId } | null {
  for (const a of Object.values(t.armies)) if (a.siegeOf === province && a.state === loser) endSiege(t, a.id, true);
  const controller = t.provinces[province]?.controller;
  if (!controller) return null;
  return loser === controller || !hostile(t, loser, controller) ? { province, state: loser } : null;
}
