/**
 * The end of the season, rules §3.3 S8.2–S8.8, and the parts of S0.2 that fall due from it:
 * - S8.2 army modifiers [T §4.1.2]: M6 for every army of a state with a province besieged two
 *   seasons running (and more), M7 for a besieging army every second season of its siege, M8 for a
 *   main army that did nothing but stay among its own provinces;
 * - S8.3 annexation after ANNEX_SEASONS of uninterrupted control, the season of capture not counted
 *   [T §10] — TV-49; monuments credited in full; capitals moved (§8.7.1, civil-war.ts);
 * - S8.4 tributaries (§8.4.1, §8.4.3): automatic vassalage of a state whose provinces are all
 *   controlled by others, to the one holding the largest share of their tax value; on a tie the
 *   tributary's choice, else the lowest id (J22) — TV-52, TV-54; a stateless state that threw off
 *   the yoke reverts to its master unless, from the season after, its main army besieges one of
 *   its own provinces (A-50); liberations announced this turn take effect [T §11.2];
 * - S8.5 civil-war timers (civil-war.ts) — TV-59;
 * - S8.6 seasonal prestige [T §15]: −1 per general or sovereign captive for a full season, −1 a
 *   season ended in civil war, −1 a season ended in deficit;
 * - S8.7 the army count (§4.8): the shortfall dated, an army disbanded at its term (army-size.ts);
 * - S8.8 a state all of whose provinces are annexed disappears [T §10] (and controls none [P]): its
 *   forces and treasury vanish, its tributaries are free, its captives released.
 * - S0.2 [rules §3.3 S0.2]: bought ships join a fleet at their shipyard (or form one; a fleet under
 *   MULTI_FLEET_MIN_SHIPS is not created beside another [P A-38]: the ships join the state's first
 *   fleet), military-effort bonuses added to the modifier, dead generals and sovereigns replaced, captured armies
 *   re-formed (armies.ts, A-13), new armies ordered at the last S8.7 raised at the capital, and the
 *   season's flags of armies and detachments cleared [P] (the fleets' are the naval step's).
 */
import type { GruikState, StateId } from '../state.ts';
import type { StateOrders } from '../season-types.ts';
import { actsAsMainArmy, addMod, armyCount, armyToDisband, besiegedDelta, isInactive, siegeDelta } from './army-size.ts';
import { createArmy, disbandArmy, reformArmy } from './armies.ts';
import { relocateCapitals } from './civil-war.ts';
import { creditAnnexedMonuments } from './conquest.ts';
import { addPrestige, controlledBy, emit, freeTributary, makeTributary, raise, taxValue } from './treasury.ts';
import { cause, gmText, type CauseKey } from '../words.ts';

/** S8.2 [T §4.1.2] M6–M8. */
export function armyModifiers(s: GruikState): GruikState {
  const t = structuredClone(s);
  const c = t.config;
  const besieged = new Set(Object.values(t.armies).map((a) => a.siegeOf).filter((p): p is string => !!p));
  for (const r of Object.values(t.realms)) {
    const hit = controlledBy(t, r.id).some((p) => besieged.has(p));
    r.besiegedSeasonsStreak = hit ? r.besiegedSeasonsStreak + 1 : 0;
  }
  for (const a of Object.values(t.armies)) {
    if (a.location === 'captured') continue;
    const r = t.realms[a.state];
    let delta = besiegedDelta(r?.besiegedSeasonsStreak ?? 0);                                  // M6 [P A-06]
    if (a.siegeOf) delta += siegeDelta(a.siegeSeasons);                                       // M7
    const own = (p: string) => t.provinces[p]?.controller === a.state;
    const inactive = isInactive({
      fought: a.fought, besieged: typeof a.location === 'string' && a.inFortress && besieged.has(a.location), besieging: !!a.siegeOf,
      raided: a.raided, retreated: a.retreated, embarked: typeof a.location === 'object',
      leftOwnProvinces: (typeof a.location === 'string' && !own(a.location)) || t.landMoves.some((m) => m.force === a.id && !own(m.to)),
      actedAsMainArmy: actsAsMainArmy(s, a.id),
    });
    if (inactive) delta += c.army.inactivity;                                                 // M8
    if (delta !== 0) a.mod = addMod(c, a.mod, delta);
  }
  return t;
}

/** S8.3 [T §10, §13.1]: annexations at controlSince + ANNEX_SEASONS, then the capitals. */
export function annexations(s: GruikState): GruikState {
  const t = structuredClone(s);
  for (const p of t.map.provinces) {
    const st = t.provinces[p.id]!;
    const to = st.controller;
    if (!to || to === st.owner || t.realms[to]?.kind === 'rebels') continue;
    if (t.season < st.controlSince + t.config.treasury.annexSeasons) continue;             // [T §10; P §8.3] 8 seasons, capture not counted
    const from = st.owner;
    st.owner = to;
    creditAnnexedMonuments(t, p.id);
    emit(t, { t: 'annexed', audience: [], province: p.id, from, to });
  }
  relocateCapitals(t);
  return t;
}

/** S8.4 [T §11.1, §11.2]: automatic vassalage, liberations announced this turn. */
export function tributaryStatus(s: GruikState, orders: Record<StateId, StateOrders> = {}): GruikState {
  const t = structuredClone(s);
  for (const r of Object.values(t.realms).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (r.kind === 'rebels' || r.kind === 'barbarian') continue;
    const owned = t.map.provinces.filter((p) => t.provinces[p.id]?.owner === r.id);
    if (r.rebellion) {                                                                          // [T §11.4; P A-50]
      if (controlledBy(t, r.id).length > 0) { delete r.rebellion; continue; }                  // it took one back: independent
      if (t.season < r.rebellion.since + 1) continue;                                           // judged from the season after the declaration
      const besieging = r.armies.some((id) => { const a = t.armies[id]; return !!a?.siegeOf && t.provinces[a.siegeOf]?.owner === r.id && actsAsMainArmy(t, id); });
      if (besieging) continue;
      const master = r.rebellion.master;
      delete r.rebellion;
      if (t.realms[master]) { makeTributary(t, r.id, master, 'automatic'); continue; }
    }
    if (owned.length === 0 || owned.some((p) => t.provinces[p.id]!.controller === r.id)) continue;
    const share: Record<StateId, number> = {};
    for (const p of owned) {
      const x = t.provinces[p.id]!.controller;
      if (x && t.realms[x] && t.realms[x]!.kind !== 'rebels') share[x] = (share[x] ?? 0) + taxValue(t, p.id);
    }
    const best = Math.max(0, ...Object.values(share));
    const tied = Object.keys(share).filter((x) => share[x] === best).sort();
    if (tied.length === 0) continue;
    const choice = orders[r.id]?.masterChoice;
    const master = choice && tied.includes(choice) ? choice : tied[0]!;                      // [P J22] the tributary's choice, else the lowest id
    if (r.master !== master) makeTributary(t, r.id, master, 'automatic');
  }
  for (const r of Object.values(t.realms)) if (r.pendingLiberationAt === t.season) freeTributary(t, r.id, 'liberated');
  return t;
}

/** S8.6 [T §15]: the seasonal prestige items. */
export function seasonalPrestige(s: GruikState): GruikState {
  const t = structuredClone(s);
  const pt = t.config.prestigeTable;
  for (const r of Object.values(t.realms)) {
    if (r.kind === 'rebels' || r.kind === 'barbarian') continue;
    const captives = Object.values(t.characters).filter((ch) => ch.state === r.id && ch.status === 'captive' && ch.capturedAt !== undefined && ch.capturedAt < t.season).length;
    const items: [number, 'captive' | 'civil-war' | 'deficit', CauseKey, string][] = [
      [captives * pt.captiveSeason, 'captive', 'captiveSeason', '[T §15; P A-12]'],
      [r.civilWar ? pt.civilWarSeason : 0, 'civil-war', 'civilWarSeason', '[T §15]'],
      [r.treasury < 0 ? pt.deficitSeason : 0, 'deficit', 'deficitSeason', '[T §15]'],
    ];
    for (const [n, why, what, rule] of items) {
      if (n === 0) continue;
      addPrestige(t, r.id, -n, cause(what), rule);
      emit(t, { t: 'season-prestige', audience: [r.id], state: r.id, delta: -n, why });
    }
  }
  return t;
}

/**
 * S8.7 [T §4.4; P §4.8]: the shortfall dated; at its term one army disappears (`chosen`: the
 * player's choice); a state under its allowance that ordered a new army (#create-army), or answered
 * the flow's create-army question with yes (`create`, default create [P §4.8, §11.6]), gets it at
 * S0.2 of the next season (TV-11).
 */
export function armyShortfall(s: GruikState, chosen: Record<StateId, string> = {}, orders: Record<StateId, StateOrders> = {}, create: Record<StateId, boolean> = {}): GruikState {
  let t = structuredClone(s);
  for (const r of Object.values(s.realms)) {
    if (r.kind === 'rebels' || r.kind === 'barbarian' || r.armies.length === 0) continue;
    const k = armyCount(t.config, t.realms[r.id]!, t.season, r.armies.length, controlledBy(t, r.id).length);
    if (k.shortfallSince === undefined) delete t.realms[r.id]!.armyShortfallSince; else t.realms[r.id]!.armyShortfallSince = k.shortfallSince;
    if (k.create && (Object.prototype.hasOwnProperty.call(create, r.id) ? create[r.id] : orders[r.id]?.createArmy)) t.realms[r.id]!.armyDue = t.season + 1; // [P §4.8, §11.6] the create-army answer, else the sheet's order
    if (k.disband) {
      const army = armyToDisband(t, r.id, chosen[r.id]);
      const out = disbandArmy(t, army);
      if (out.ok) { t = out.state; emit(t, { t: 'army-disbanded', audience: [r.id], state: r.id, army }); }
    }
  }
  return t;
}

/** S8.8 [T §10; P §8.3]: states that own and control nothing disappear. */
export function disappearances(s: GruikState): GruikState {
  const t = structuredClone(s);
  for (const r of Object.values(s.realms)) {
    if (r.kind === 'rebels' || r.kind === 'barbarian') continue;
    if (Object.values(t.provinces).some((p) => p.owner === r.id || p.controller === r.id)) continue;
    for (const x of Object.values(t.realms)) if (x.master === r.id) freeTributary(t, x.id, 'master-gone');
    for (const ch of Object.values(t.characters)) if (ch.captor === r.id && ch.status === 'captive') { ch.status = 'active'; delete ch.captor; delete ch.capturedAt; }
    for (const a of Object.values(t.armies)) if (a.state === r.id) delete t.armies[a.id];
    for (const d of Object.values(t.detachments)) if (d.state === r.id) {
      delete t.detachments[d.id];
      for (const a of Object.values(t.armies)) a.alliedDetachments = a.alliedDetachments.filter((x) => x !== d.id);
    }
    for (const g of [...Object.values(t.armies), ...Object.values(t.detachments)]) if (g.hostArmy && !t.armies[g.hostArmy]) delete g.hostArmy;
    for (const f of Object.values(t.fleets)) if (f.state === r.id) delete t.fleets[f.id];
    for (const m of Object.values(t.monuments ?? {})) m.creditedTo = m.creditedTo.filter((c) => c.state !== r.id);
    for (const x of Object.values(t.realms)) x.friendsDeclared = x.friendsDeclared.filter((y) => y !== r.id);
    for (const ch of Object.values(t.characters)) if (ch.state === r.id) delete t.characters[ch.id];
    delete t.realms[r.id];
    emit(t, { t: 'disappeared', audience: [], state: r.id });
  }
  return t;
}

/** S0.2 [rules §3.3 S0.2]: what falls due at the start of the season (new armies aside). */
export function fallingDue(s: GruikState): GruikState {
  let t = structuredClone(s);
  const c = t.config;
  for (const r of Object.values(t.realms)) {
    for (const b of r.pendingShips ?? []) {                                                      // [T §12.2.1; P A-52]
      const zone = t.map.provinces.find((p) => p.id === b.at)?.coasts[0];
      if (!zone) continue;
      const mine = Object.values(t.fleets).filter((f) => f.state === r.id);
      const there = mine.find((f) => f.coast === b.at);
      if (there) { there.ships += b.ships; continue; }
      if (mine.length > 0 && b.ships < c.naval.multiFleetMinShips) { mine[0]!.ships += b.ships; continue; } // [P A-38]
      const serial = (t.serials[r.id] ??= { general: 0, army: 0, detachment: 0, fleet: 0 });
      serial.fleet += 1;
      const id = `${r.id}:F${serial.fleet}`;
      t.fleets[id] = { id, state: r.id, ships: b.ships, zone, coast: b.at, inPort: false, mpUsed: 0, embarked: [], stationary: true, raidedThisSeason: false, lostBattleThisSeason: false };
      r.fleets.push(id);
    }
    delete r.pendingShips;
  }
  for (const a of Object.values(t.armies)) {
    if (a.pendingEffortBonus) { a.mod = addMod(c, a.mod, a.pendingEffortBonus); a.pendingEffortBonus = 0; }  // M9 [T §4.1.2]
    const g = t.characters[a.general];
    if (g && g.status === 'dead') {                                                               // [P A-12] replaced without a roll
      const serial = (t.serials[a.state] ??= { general: 0, army: 0, detachment: 0, fleet: 0 });
      serial.general += 1;
      const id = `${a.state}:general:${serial.general}`;
      t.characters[id] = { id, state: a.state, name: id, role: 'general', army: a.id, status: 'active' };
      delete g.army;
      a.general = id;
    }
  }
  for (const r of Object.values(t.realms)) {                                                    // [P §8.7.2] a dead sovereign is succeeded
    const old = t.characters[r.sovereign];
    if (old?.status !== 'dead') continue;
    const id = `${r.id}:sovereign:${t.season}`;
    t.characters[id] = { id, state: r.id, name: id, role: 'sovereign', status: 'active' };
    r.sovereign = id;
  }
  for (const r of Object.values(t.realms)) {
    if (r.armyDue === undefined || r.armyDue > t.season) continue;
    delete r.armyDue;
    const out = createArmy(t, r.id);                                                              // [T §4.4] TV-11
    if (out.ok) { t = out.state; emit(t, { t: 'army-raised', audience: [], state: r.id, army: out.id!, province: t.realms[r.id]!.capital! }); }
  }
  for (const a of Object.values(t.armies)) {
    if (a.location !== 'captured') continue;
    const out = reformArmy(t, a.id);                                                              // [P A-13]
    if (out.ok) t = out.state;
    else raise(t, 'J27', 'S0.2', [a.state], gmText('nowhereToReform', { a: a.id }), gmText('staysCaptured'));
  }
  for (const a of Object.values(t.armies)) Object.assign(a, { moved: false, fought: false, retreated: false, raided: false, sovereignPresent: false }); // [P] a new season
  for (const d of Object.values(t.detachments)) { d.moved = false; d.retreated = false; delete d.withheld; }
  return t;
}
