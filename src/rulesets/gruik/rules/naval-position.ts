/**
 * Where a fleet may be and what it costs to get there, rules §7.3, §7.5 (troops aboard), §7.6 and
 * §7.13 [T §2.1, §7.2, §7.8; P ]:
 * - port rights: a province's port serves a fleet of its controller or of a state its controller
 *   declared friend — tributary passage gives no port [P A-27, §7.3]; a zone with such a port is a
 *   "friendly coast" for the end-of-season rule [T §2.1; P A-66];
 * - shortest sea routes (breadth-first over the sea zones, bounded by their number; ties in the
 *   map's order);
 * - §7.3 the end-of-season position: on a friendly coast, on the coast where it landed troops
 *   this season, or blockading; otherwise a forced return by the shortest route with −10 % per
 *   excess MP, the fleet lost when no return is possible or the excess reaches `naval.excessLostAt`;
 *   troops aboard a fleet at a friendly coast are set ashore at no MP cost (§7.5);
 * - §7.6 the sea retreat of land forces (S6): the fleet goes to the nearest friendly coast, losing
 *   10 % of its initial ships per zone, at least one zone [P A-39], and the troops land there;
 * - a fleet lost (0 ships, annihilated, no way home): its troops are lost too — armies captured
 *   with −4 (M4), detachments gone with −1 to their parent (M3) [P A-33]; a victor takes the
 *   generals aboard [P, as A-72 does on land];
 * - §7.13 attrition of fleets sheltering in a blockaded port, at S8: −10 % per full season.
 * All functions work on a draft state the caller has cloned, and return what they did.
 */
import { indexMap, type MapIndex } from '../map.ts';
import type { FleetId, ForceId, GruikState, NavalRecord, ProvinceId, SeaZoneId, StateId } from '../state.ts';
import { addMod, joinedForces } from './army-size.ts';
import { blockadeLoss, forcedReturnLoss, seaRetreatLoss } from './naval-combat.ts';
import { fortressFriendlyFor, hostile } from './relations.ts';

/** [T §2.1; P A-27] A port at `p` serves fleets of `state`. */
export function portFor(s: GruikState, p: ProvinceId, state: StateId): boolean {
  return fortressFriendlyFor(s, p, state);
}

/** [T §2.1; P A-66] The province whose port a fleet of `state` uses in `zone`: `prefer` if it serves, else an own one, else a friend's (map order); null: none. */
export function friendlyPortIn(s: GruikState, ix: MapIndex, zone: SeaZoneId, state: StateId, prefer?: ProvinceId): ProvinceId | null {
  const coasts = ix.zoneCoasts[zone] ?? [];
  if (prefer && coasts.includes(prefer) && portFor(s, prefer, state)) return prefer;
  return coasts.find((p) => s.provinces[p]?.controller === state) ?? coasts.find((p) => portFor(s, p, state)) ?? null;
}

/** Shortest route (zones entered, the start excluded) from `from` to the nearest zone that `goal` accepts; [] when `from` already does; null when none. */
export function seaRoute(ix: MapIndex, from: SeaZoneId, goal: (z: SeaZoneId) => boolean): SeaZoneId[] | null {
  if (goal(from)) return [];
  const back = new Map<SeaZoneId, SeaZoneId>([[from, from]]);
  let frontier = [from];
  for (let d = 0; frontier.length > 0 && d < ix.map.seaZones.length; d++) {
    const next: SeaZoneId[] = [];
    for (const z of frontier) for (const n of ix.zone[z]?.neighbours ?? []) {
      if (back.has(n.zone)) continue;
      back.set(n.zone, z);
      if (goal(n.zone)) {
        const path = [n.zone];
        for (let y = z; y !== from; y = back.get(y)!) path.unshift(y);
        return path;
      }
      next.push(n.zone);
    }
    frontier = next;
  }
  return null;
}

/** The route of a fleet to the nearest friendly coast [T §7.2, §7.6]. */
export function routeHome(s: GruikState, ix: MapIndex, fleet: FleetId): SeaZoneId[] | null {
  const f = s.fleets[fleet]!;
  return seaRoute(ix, f.zone, (z) => friendlyPortIn(s, ix, z, f.state) !== null);
}

/** Every force aboard a fleet (joined ones included), in id order. */
export function forcesAboard(s: GruikState, fleet: FleetId): ForceId[] {
  const on = (loc: unknown) => typeof loc === 'object' && loc !== null && (loc as { embarkedOn?: string }).embarkedOn === fleet;
  return [...Object.values(s.armies).filter((a) => on(a.location)).map((a) => a.id), ...Object.values(s.detachments).filter((d) => on(d.location)).map((d) => d.id)].sort();
}

/** AP a force takes aboard: an army with what is joined to it, or a detachment [T §7.2]. */
export function apAboard(s: GruikState, force: ForceId): number {
  const a = s.armies[force];
  return a ? a.currentAP + joinedForces(s, force).reduce((n, f) => n + f.ap, 0) : (s.detachments[force]?.ap ?? 0);
}

/** Sets troops ashore at `at` (a landing or the end of a voyage): moved, entered by sea [P §7.5]. */
export function setAshore(t: GruikState, fleet: FleetId, at: ProvinceId, forces: readonly ForceId[]): number {
  const f = t.fleets[fleet]!;
  let n = 0;
  for (const id of forces) {
    const g = t.armies[id] ?? t.detachments[id];
    if (!g) continue;
    // what is joined to it, and a volunteer ally withheld from a battle that went aboard with it (a sea retreat
    // after the battle): joinedForces leaves the withheld out, and it stayed aboard a fleet that listed it no more (soak seed disp-25)
    const withheld = [...Object.values(t.detachments), ...Object.values(t.armies)]
      .filter((x) => x.hostArmy === id && typeof x.location === 'object' && x.location !== null && x.location.embarkedOn === fleet).map((x) => x.id);
    const all = [...new Set([id, ...(t.armies[id] ? joinedForces(t, id).map((j) => j.id) : []), ...withheld])];
    for (const x of all) {
      const y = t.armies[x] ?? t.detachments[x];
      if (!y) continue;
      y.location = at; y.inFortress = false; y.moved = true; y.enteredBy = 'sea'; delete y.movedFrom;
    }
    f.embarked = f.embarked.filter((e) => e !== id);
    n++;
  }
  return n;
}

/** A fleet that ceases to exist (0 ships, annihilated, no way home) and its troops [P A-33]: armies captured with M4, detachments gone with M3; a victor takes the generals. */
export function destroyFleet(t: GruikState, fleet: FleetId, captor: StateId | null): number {
  const aboard = forcesAboard(t, fleet);
  for (const id of aboard) {
    const d = t.detachments[id];
    if (d) {
      const parent = t.armies[d.parentArmy];
      if (parent) { parent.mod = addMod(t.config, parent.mod, -t.config.army.lostDetachment); parent.detachmentsCreated = parent.detachmentsCreated.filter((x) => x !== id); }
      for (const a of Object.values(t.armies)) a.alliedDetachments = a.alliedDetachments.filter((x) => x !== id);
      delete t.detachments[id];
      continue;
    }
    const a = t.armies[id]!;
    a.location = 'captured'; a.inFortress = false; a.mod = addMod(t.config, a.mod, -t.config.army.lostArmy);
    const general = t.characters[a.general];
    if (captor && general && general.status === 'active') { general.status = 'captive'; general.captor = captor; general.capturedAt = t.season; }
  }
  const f = t.fleets[fleet]!;
  t.realms[f.state]!.fleets = t.realms[f.state]!.fleets.filter((x) => x !== fleet);
  delete t.fleets[fleet];
  return aboard.length;
}

/** Moves a fleet to the last zone of a route, at the friendly port there when it has one. */
function sail(t: GruikState, ix: MapIndex, fleet: FleetId, route: readonly SeaZoneId[]): void {
  const f = t.fleets[fleet]!;
  if (route.length > 0) { f.zone = route[route.length - 1]!; delete f.coast; f.inPort = false; delete f.blockading; delete f.blockadingSince; }
  // [rules §7.3 3, §7.13] a blockader is where §7.3 lets it end the season: an excess of MP with no zone to
  // cross costs it ships, not its post — it stays off the province it blockades, not at its own port in the
  // zone (soak eve-29-20, season 19: a fleet that escaped an interception blockaded from off another coast)
  if (f.blockading) return;
  const port = friendlyPortIn(t, ix, f.zone, f.state, f.coast);
  if (port) f.coast = port;
}

/** Lands what is aboard a fleet standing at a friendly coast (§7.5: no MP). */
function landAtHome(t: GruikState, ix: MapIndex, fleet: FleetId, impulse: number, out: NavalRecord[]): void {
  const f = t.fleets[fleet];
  if (!f) return;
  const aboard = forcesAboard(t, fleet).filter((id) => f.embarked.includes(id));
  const port = friendlyPortIn(t, ix, f.zone, f.state, f.coast);
  if (aboard.length === 0 || !port) return;
  const n = setAshore(t, fleet, port, aboard);
  out.push({ t: 'set-ashore', audience: [f.state], impulse, fleet, state: f.state, at: port, forces: n });
}

/**
 * §7.3 [T §7.2; P A-66] one fleet at the end of its movement: where it may stay, or its forced
 * return with the loss of 10 % per excess MP; then its troops set ashore at a friendly coast.
 * TV-37.
 */
export function endOfSeasonPosition(t: GruikState, fleet: FleetId, impulse: number, ix: MapIndex = indexMap(t.map)): NavalRecord[] {
  const out: NavalRecord[] = [];
  const f = t.fleets[fleet];
  if (!f) return out;
  const home = friendlyPortIn(t, ix, f.zone, f.state) !== null;
  const landed = !!f.landedAt && (ix.zoneCoasts[f.zone] ?? []).includes(f.landedAt);
  const blockading = !!f.blockading;
  const route = home || landed || blockading ? [] : routeHome(t, ix, fleet);
  // a fleet that retreated past its MP is charged the excess even when it reached a friendly coast [P §7.11]
  const r = forcedReturnLoss(t.config, f.ships, f.mpUsed, route === null ? null : route.length);
  if (route === null || r.lost) {
    const from = f.zone;
    const forces = destroyFleet(t, fleet, null);
    out.push({ t: 'forced-return', audience: [f.state], impulse, fleet, state: f.state, from, to: route?.[route.length - 1] ?? from, excess: r.excess, lost: f.ships });
    out.push({ t: 'fleet-lost', audience: [f.state], impulse, fleet, state: f.state, forces });
    return out;
  }
  if (route.length > 0 || r.excess > 0) {
    const from = f.zone;
    f.ships -= r.loss;
    f.mpUsed += route.length;
    sail(t, ix, fleet, route);
    out.push({ t: 'forced-return', audience: [f.state], impulse, fleet, state: f.state, from, to: f.zone, excess: r.excess, lost: r.loss });
  }
  if (friendlyPortIn(t, ix, f.zone, f.state) !== null && !f.blockading) landAtHome(t, ix, fleet, impulse, out);
  return out;
}

/**
 * §7.6 [T §7.2; P A-39] the sea retreat of land forces (S6): the fleet at the coast goes to the
 * nearest friendly coast by the shortest route — no MP, no storm, no interception — losing
 * ceil(initial × 10 % × max(1, zones)); the troops aboard land there. Even an empty fleet (the
 * troops failed to re-embark) makes the move. With no friendly coast within reach the fleet and its
 * troops are lost. TV-38.
 */
export function seaRetreat(s: GruikState, fleet: FleetId): { state: GruikState; records: NavalRecord[] } {
  const t = structuredClone(s);
  const ix = indexMap(t.map);
  const f = t.fleets[fleet];
  if (!f) return { state: s, records: [] };
  const route = routeHome(t, ix, fleet);
  if (route === null) {
    const forces = destroyFleet(t, fleet, null);
    return { state: t, records: [{ t: 'fleet-lost', audience: [f.state], impulse: 0, fleet, state: f.state, forces }] };
  }
  const from = f.zone;
  const loss = seaRetreatLoss(t.config, f.ships, route.length);
  f.ships -= loss;
  const records: NavalRecord[] = [{ t: 'fleet-retreat', audience: [f.state], impulse: 0, fleet, state: f.state, from, to: route[route.length - 1] ?? from }];
  if (f.ships <= 0) {
    records.push({ t: 'fleet-lost', audience: [f.state], impulse: 0, fleet, state: f.state, forces: destroyFleet(t, fleet, null) });
    return { state: t, records };
  }
  // [T §7.2] going home to the friendly coast ends a blockade, even with no zone to cross (soak seed test-4, season 1)
  delete f.blockading; delete f.blockadingSince;
  sail(t, ix, fleet, route);
  landAtHome(t, ix, fleet, 0, records);
  return { state: t, records };
}

/**
 * §7.13 at S8 [T §7.8; P]: each fleet sheltering in a port blockaded since before this season's S5
 * by a hostile fleet still there loses ceil(10 %). TV-39.
 */
export function blockadeAttrition(s: GruikState): { state: GruikState; losses: { fleet: FleetId; state: StateId; lost: number }[] } {
  const t = structuredClone(s);
  const losses: { fleet: FleetId; state: StateId; lost: number }[] = [];
  for (const f of Object.values(t.fleets).sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (!f.inPort || !f.coast) continue;
    const full = Object.values(t.fleets).some((b) => b.blockading === f.coast && b.zone === f.zone && b.ships > 0 && (b.blockadingSince ?? t.season) < t.season && hostile(t, b.state, f.state));
    if (!full) continue;
    const lost = blockadeLoss(t.config, f.ships);
    f.ships -= lost;
    losses.push({ fleet: f.id, state: f.state, lost });
    if (f.ships <= 0) destroyFleet(t, f.id, null);
  }
  return { state: t, losses };
}
