/**
 * The naval phase S5, rules §7.14 [T §7.2–§7.8; P §7.14, A-32, A-33, A-34, A-66, A-67, J3, J11, J12],
 * in the rules' order:
 * 1. orders: each fleet's list of up to FLEET_MP actions and its end posture (naval-orders.ts), with
 *    its policy (§7.15: the order's own over the fleet's standing one, `standing`, kept by the flow
 *    from season to season, over the defaults); an order that does not stand is refused and the fleet holds;
 * 2. impulses k = 1 … FLEET_MP, all fleets at once: moves (two hostile fleets swapping zones meet in
 *    the zone entered by the higher d6, ties rerolled [P §7.14]; the other's move fails), a storm
 *    check for every open-sea crossing (§7.4, D11; embarked armies −1, M5), then embarkations,
 *    landings (they take effect at once, §7.5) and raid approaches (1 MP; S7 resolves them);
 * 3. before impulse 1 and after each impulse, for every newly co-located pair of hostile fleets, one
 *    detection roll per side (D9: stationary ≤ 5, moving ≤ 3 [T §7.3]; one roll per episode [P A-67]);
 *    automatic detections: a blockader is seen by all and sees the fleets entering or leaving the
 *    port it blockades (and intercepts them) [T §7.8]; strait guards and fleets crossing the strait
 *    see each other [T §7.2, §7.7]; a detection is told to the detecting side only, with the approximate size;
 * 4. encounters: each detection the policy turns into an interception (1 MP [T §7.6]) is resolved
 *    bilaterally, in a seeded random order of pairs [T §7.3; P J11]: both choose (§7.9; the
 *    interceptor gives battle, the target by its policy, an illegal choice falling back as §7.15 says),
 *    a forced battle on d6 ≤ 3 ± (D10), a naval battle (§7.10, D8), the loser's retreat to the nearest
 *    friendly coast zone by zone, open to interception on the way (§7.11; a shortfall of MP charged
 *    as excess under §7.3), the interceptor's
 *    afterwards by A-32 (`naval.interceptorContinuesIf`), a battle cancelling the raid [T §9.1];
 * 5. end of movement: the end postures (coast, port, blockade), then §7.3 for every fleet (forced
 *    returns) and troops set ashore at a friendly coast (naval-position.ts).
 * Fleets in port that do nothing are safe [T §7.8, extended to every friendly port: P]. Interactive naval rounds (`naval-round`, J3)
 * are not asked: the standing policies answer (the §11.6 default). Combined fleets (§7.12): the
 * commander's fleet leads with both fleets' ships and the other follows; they part at the end with
 * the losses shared pro rata. Pure: the state, the orders and the dice in; the new state and the records out.
 */
import type { JudgmentId } from '../judgments.ts';
import { indexMap, type MapIndex } from '../map.ts';
import type { Fleet, FleetId, GruikState, NavalRecord, SeaZoneId, StateId } from '../state.ts';
import { seasonOf } from '../state.ts';
import { actsAsMainArmy, addMod, joinedForces } from './army-size.ts';
import type { Dice } from './dice.ts';
import { detectTarget, forceBattleTarget, navalBattle, stormDamagePct, stormTarget, shipLoss } from './naval-combat.ts';
import { NAVAL_REFUSALS, navalOrderRefusal, policyOf, type NavalAction, type NavalOrder, type NavalPolicy, type NavalRefusal, type StandingPolicies } from './naval-orders.ts';
import { apAboard, destroyFleet, endOfSeasonPosition, forcesAboard, friendlyPortIn, routeHome, setAshore } from './naval-position.ts';
import { refuse, type Refusal } from './refusal.ts';
import { friendlyProvinceFor, hostile } from './relations.ts';

/**
 * The judgment items S5 decides (rules §11.4, judgments.ts): J3 interactive detection and
 * interception (the standing policies answer; a fleet whose policy says `ask` takes its owner's answer
 * from `answers`, the flow's naval rounds), J11 the order of multi-fleet encounters (a seeded
 * order of pairs), J12 naval battles (fully automatic). None goes to the GM: the step never waits.
 */
export const NAVAL_JUDGMENTS = ['J3', 'J11', 'J12'] as const satisfies readonly JudgmentId[];

export interface NavalPhaseResult {
  state: GruikState; records: NavalRecord[]; refused: { order: NavalOrder; refusal: Refusal<NavalRefusal> }[];
  /** The questions of the interactive naval rounds met and not answered (their policy answered them this run). */
  questions: NavalQuestion[];
}

export type Choice = 'battle' | 'retreat' | 'continue' | 'stay' | 'port';
export const CHOICES: readonly Choice[] = ['battle', 'retreat', 'continue', 'stay', 'port'];

/**
 * A question of an interactive naval round (§7.15 "the program asks the owners at each detection or
 * interception", §11.6 NAVAL_ROUND_HOURS, J3), for a fleet whose policy says `ask`. Its key names the
 * event as the dice do (impulse, fleets; `:retreat:<zone>` on a beaten fleet's way home), so an
 * answer holds for that encounter whatever else was answered, and the phase stays order-independent.
 * What it tells is what its fleet's owner learns at that moment: the other fleet's state and its
 * approximate size at a detection, its exact size at an interception (as the records say).
 */
export interface NavalQuestion {
  key: string;
  kind: 'intercept' | 'respond';
  impulse: number;
  state: StateId;
  fleet: FleetId;
  zone: SeaZoneId;
  /** The other fleet's state, and its size as this owner may know it. */
  otherState: StateId;
  otherShips: number;
  /** Intercept: 'intercept' | 'pass'; respond: a Choice. What the policy answers (the default). */
  byDefault: string;
}

/** The answers of the naval rounds so far, by question key: 'intercept' | 'pass' | a Choice | 'policy' (silence). */
export type NavalAnswers = Record<string, string>;

interface Plan {
  order?: NavalOrder;
  policy: NavalPolicy;
  /** What is left to do, in order. */
  actions: NavalAction[];
  /** Had a move in its order: "moving" for detection [T §7.3; P §7.14]. */
  moving: boolean;
  /** Has intercepted this season (it may not "continue" when intercepted [T §7.4]). */
  intercepted: boolean;
  /** Changed zone since the last detection check. */
  shifted: boolean;
  cameFrom?: SeaZoneId;
  /** Crossed a strait's fleet crossing at this impulse (§7.7). */
  strait?: string;
  /** Falling back after a defeat: intercepted on the way, it may only fight or go on falling back [T §7.6]. */
  retreating?: boolean;
}

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function resolveNavalPhase(s0: GruikState, orders: readonly NavalOrder[], dice: Dice, phase = 'S5', answers: NavalAnswers = {}, standing: StandingPolicies = {}): NavalPhaseResult {
  const t = structuredClone(s0);
  const questions: NavalQuestion[] = [];
  const given = (key: string): string | undefined => (Object.prototype.hasOwnProperty.call(answers, key) && answers[key] !== 'policy' ? answers[key] : undefined);
  const asked = (key: string) => Object.prototype.hasOwnProperty.call(answers, key);
  /** [P §7.15, J3] Intercept or not: the owner's answer in its round, else its policy (and the question noted). */
  const intercepts = (k: number, key: string, by: Fleet, target: Fleet): boolean => {
    const pol = plans.get(by.id)!.policy;
    const seen = approx(c.naval.sightingRounding, target.ships);
    const byPolicy = wantsToIntercept(pol, by.ships, seen);
    if (pol.ask !== true) return byPolicy;
    const a = given(key);
    if (a === 'intercept' || a === 'pass') return a === 'intercept';
    if (!asked(key) && !questions.some((q) => q.key === key)) questions.push({ key, kind: 'intercept', impulse: k, state: by.state, fleet: by.id, zone: target.zone, otherState: target.state, otherShips: seen, byDefault: byPolicy ? 'intercept' : 'pass' });
    return byPolicy;
  };
  const ix = indexMap(t.map);
  const c = t.config;
  const records: NavalRecord[] = [];
  const refused: NavalPhaseResult['refused'] = [];
  const winter = seasonOf(t.season, c.calendar.startYear).season === 'winter';

  // the season's flags [T §7.2]; a blockade registered last season stands until its fleet moves
  for (const f of Object.values(t.fleets)) { f.mpUsed = 0; f.stationary = true; f.raidedThisSeason = false; f.lostBattleThisSeason = false; delete f.landedAt; delete f.raidCoast; }

  // 1. orders, in fleet order (the input's order changes nothing)
  const plans = new Map<FleetId, Plan>();
  const stands = (id: FleetId) => (Object.hasOwn(standing, id) ? standing[id] : undefined); // [P §7.15] the fleet's standing policy
  const sorted = [...orders].sort((a, b) => (a.fleet < b.fleet ? -1 : a.fleet > b.fleet ? 1 : 0));
  for (const o of sorted) {
    if (plans.has(o.fleet)) { refused.push({ order: o, refusal: refuse(NAVAL_REFUSALS, 'repeated') }); continue; }
    const r = navalOrderRefusal(t, o, undefined, ix);
    if (r) { refused.push({ order: o, refusal: r }); if (t.fleets[o.fleet]) plans.set(o.fleet, { policy: policyOf(t, o, stands(o.fleet)), actions: [], moving: false, intercepted: false, shifted: false }); continue; }
    plans.set(o.fleet, { order: o, policy: policyOf(t, o, stands(o.fleet)), actions: [...o.actions], moving: o.actions.some((a) => a.do === 'move'), intercepted: false, shifted: false });
  }
  for (const f of Object.values(t.fleets)) if (!plans.has(f.id)) plans.set(f.id, { policy: policyOf(t, undefined, stands(f.id)), actions: [], moving: false, intercepted: false, shifted: false });
  for (const [id, p] of plans) { t.fleets[id]!.stationary = !p.moving; if (p.actions.length > 0) t.fleets[id]!.inPort = false; }

  // §7.12 [T §7.7; P]: a combined fleet sails and fights as one — the commander's fleet leads with both fleets' ships, the other follows
  const follows = new Map<FleetId, { lead: FleetId; ships: number; leadShips: number }>();
  for (const f of Object.values(t.fleets).sort(byId)) {
    const w = f.combinedWith, other = w ? t.fleets[w.fleet] : undefined;
    if (!w || !other || other.combinedWith?.fleet !== f.id || other.combinedWith.commander !== w.commander || other.zone !== f.zone || f.state === w.commander || other.state !== w.commander) continue;
    if (follows.has(other.id) || [...follows.values()].some((x) => x.lead === other.id)) continue;
    follows.set(f.id, { lead: other.id, ships: f.ships, leadShips: other.ships });
    other.ships += f.ships;
    plans.get(f.id)!.actions = [];
  }
  const live = () => Object.values(t.fleets).filter((f) => f.ships > 0 && !follows.has(f.id)).sort(byId);
  const defeats = new Map<FleetId, number>();
  const sheltered = (f: Fleet) => f.inPort && plans.get(f.id)!.actions.length === 0; // [T §7.8] safe in port
  const startCoast = new Map(Object.values(t.fleets).map((f) => [f.id, f.coast]));
  const blockadeHolds = (f: Fleet) => !!f.blockading && !plans.get(f.id)!.moving;
  /** [T §7.8] a fleet entering or leaving the port a blockader closes. */
  const touchesPort = (f: Fleet, p: string) => {
    const o = plans.get(f.id)!.order;
    return (startCoast.get(f.id) === p && plans.get(f.id)!.moving) || f.coast === p
      || !!o?.actions.some((a) => (a.do === 'disembark' || a.do === 'raid') && a.at === p) || o?.end?.coast === p;
  };
  let together = new Set<string>();
  const pairKey = (a: FleetId, b: FleetId) => (a < b ? `${a}|${b}` : `${b}|${a}`);

  /** After each impulse (and before the first): detections, then the encounters. */
  const check = (k: number) => {
    const fleets = live().filter((f) => !sheltered(f));
    interface Sight { by: Fleet; target: Fleet; auto?: 'blockade' | 'strait'; forced: boolean }
    const sights: Sight[] = [];
    const now = new Set<string>();
    const seen = new Set<string>();
    const add = (by: Fleet, target: Fleet, auto: Sight['auto'], forced = false) => {
      const key = `${by.id}>${target.id}`;
      if (seen.has(key)) return;
      seen.add(key);
      sights.push({ by, target, ...(auto ? { auto } : {}), forced });
      records.push({ t: 'detected', audience: [by.state], impulse: k, by: by.id, byState: by.state, fleet: target.id, state: target.state, zone: target.zone, approx: approx(c.naval.sightingRounding, target.ships), ...(auto ? { auto } : {}) });
    };
    for (const [i, a] of fleets.entries()) for (const b of fleets.slice(i + 1)) {
      if (!hostile(t, a.state, b.state)) continue;
      const key = pairKey(a.id, b.id);
      // §7.7 strait guards and crossers see each other wherever they are
      for (const [guard, crosser] of [[a, b], [b, a]] as const) {
        const strait = plans.get(crosser.id)!.strait;
        const st = strait ? ix.strait[strait] : undefined;
        if (st && !plans.get(guard.id)!.moving && st.adjacentZones.includes(guard.zone)) { add(guard, crosser, 'strait'); add(crosser, guard, 'strait'); }
      }
      if (a.zone !== b.zone) continue;
      now.add(key);
      const fresh = !together.has(key) || plans.get(a.id)!.shifted || plans.get(b.id)!.shifted;
      if (!fresh) continue; // one episode, one look [P A-67]
      for (const [x, y] of [[a, b], [b, a]] as const) {
        if (blockadeHolds(y)) add(x, y, 'blockade'); // the blockader is seen by every fleet [T §7.8]
        if (blockadeHolds(x) && touchesPort(y, x.blockading!)) add(x, y, 'blockade', true); // and intercepts who enters or leaves [T §7.8]
      }
      for (const [x, y] of [[a, b], [b, a]] as const) {
        if (seen.has(`${x.id}>${y.id}`)) continue;
        const d = dice.roll({ sides: 6, phase, event: `detect:${k}:${x.id}:${y.id}`, purpose: 'naval detection (D9)', rule: '[T §7.3] D9', audience: [x.state] });
        if (d <= detectTarget(c, x.stationary)) add(x, y, undefined);
      }
    }
    together = now;
    for (const p of plans.values()) { p.shifted = false; delete p.strait; }

    // 4. encounters: the interceptions the policies make, in a seeded order of pairs [P J11]
    const detected = new Set(sights.map((x) => `${x.by.id}>${x.target.id}`));
    const wanted = sights.filter((x) => x.forced || intercepts(k, `intercept:${k}:${x.by.id}:${x.target.id}`, x.by, x.target));
    const keyed = wanted.map((x) => ({ x, r: dice.roll({ sides: 1_000_000, phase, event: `order:${k}:${x.by.id}:${x.target.id}`, purpose: 'order of naval encounters', rule: '[T §7.3; P J11]', audience: [x.by.state] }) }));
    keyed.sort((p, q) => p.r - q.r || (p.x.by.id < q.x.by.id ? -1 : 1) || (p.x.target.id < q.x.target.id ? -1 : 1));
    for (const { x } of keyed) encounter(k, x.by.id, x.target.id, x.auto === 'strait', detected.has(`${x.target.id}>${x.by.id}`));
  };

  const encounter = (k: number, oId: FleetId, tId: FleetId, strait: boolean, targetSaw: boolean) => {
    const o = t.fleets[oId], y = t.fleets[tId];
    if (!o || !y || o.ships <= 0 || y.ships <= 0 || sheltered(y) || o.lostBattleThisSeason) return;
    if (!strait && o.zone !== y.zone) return;
    if (o.mpUsed >= c.naval.fleetMp) return; // [T §7.6] interception costs 1 MP
    const po = plans.get(oId)!, py = plans.get(tId)!;
    o.mpUsed += 1; po.intercepted = true;
    fitPlan(c.naval.fleetMp, o, po);
    // [P §7.15, J3] the target's answer in its round (an illegal one falls back as §7.15 says), else its policy
    const rkey = `respond:${k}:${oId}:${tId}${py.retreating ? `:retreat:${y.zone}` : ''}`;
    const own = py.policy.ask === true ? given(rkey) : undefined;
    const choice = targetChoice(t, ix, y, py, o, own && (CHOICES as readonly string[]).includes(own) ? own as Choice : undefined);
    if (py.policy.ask === true && own === undefined && !asked(rkey) && !questions.some((q) => q.key === rkey)) questions.push({ key: rkey, kind: 'respond', impulse: k, state: y.state, fleet: tId, zone: y.zone, otherState: o.state, otherShips: o.ships, byDefault: targetChoice(t, ix, y, py, o) });
    let outcome: 'battle' | 'escaped' | 'port';
    if (choice === 'battle' || choice === 'stay') outcome = 'battle';
    else if (choice === 'port') outcome = 'port';
    else {
      const d = dice.roll({ sides: 6, phase, event: `force:${k}:${oId}:${tId}`, purpose: 'forcing a naval battle (D10)', rule: '[T §7.4] D10', audience: [o.state, y.state] });
      outcome = d <= forceBattleTarget(c, choice === 'retreat', targetSaw) ? 'battle' : 'escaped';
    }
    records.push({ t: 'intercepted', audience: [o.state, y.state], impulse: k, by: oId, byState: o.state, byShips: o.ships, fleet: tId, state: y.state, ships: y.ships, zone: y.zone, choice, outcome });
    if (outcome === 'port') { // [P A-32] an automatic escape that ends its movement
      y.inPort = true; y.coast = friendlyPortIn(t, ix, y.zone, y.state, y.coast) ?? y.coast; py.actions = [];
    } else if (outcome === 'escaped' && choice === 'retreat' && !py.retreating) {
      const back = py.cameFrom && ix.zone[y.zone]!.neighbours.some((n) => n.zone === py.cameFrom) ? py.cameFrom : (routeHome(t, ix, tId) ?? [])[0] ?? ix.zone[y.zone]!.neighbours[0]?.zone;
      // [rules §7.13 P: a blockade closes the port "on this zone only"] an escape into another zone leaves the post, as a move
      // does (impulses above); a blockade ordered there at the end of movement is a new one (soak eve-29-20, season 19)
      if (back) { py.cameFrom = y.zone; y.zone = back; delete y.coast; py.shifted = true; delete y.blockading; delete y.blockadingSince; }
      y.mpUsed += 1; py.actions = []; // [P §7.9] 1 MP, or excess under §7.3
    }
    let won = false;
    if (outcome === 'battle') won = battle(k, oId, tId) === oId;
    // [P A-32] the interceptor afterwards
    if (!t.fleets[oId] || t.fleets[oId]!.lostBattleThisSeason) return;
    if (won) {
      if (po.policy.pursueAfterWin) {
        const loser = t.fleets[tId];
        if (loser && ix.zone[o.zone]!.neighbours.some((n) => n.zone === loser.zone)) { po.actions = [{ do: 'move', to: loser.zone }]; po.moving = true; } // a new look, as a moving fleet [T §7.6]
      }
      fitPlan(c.naval.fleetMp, o, po);
    } else if (po.moving && !(outcome !== 'battle' && c.naval.interceptorContinuesIf === 'notLost')) {
      po.actions = (routeHome(t, ix, oId) ?? []).map((z) => ({ do: 'move' as const, to: z })); // only home by the shortest route [T §7.3]
      fitPlan(c.naval.fleetMp, o, po);
    }
  };

  /** §7.10 and §7.11: the battle, losses, the loser's retreat; returns the winner. */
  const battle = (k: number, aId: FleetId, bId: FleetId): FleetId => {
    const a = t.fleets[aId]!, b = t.fleets[bId]!;
    const zone = b.zone;
    const r = navalBattle(c, { id: aId, state: a.state, ships: a.ships }, { id: bId, state: b.state, ships: b.ships }, dice, phase, `battle:${k}:${aId < bId ? aId : bId}:${aId < bId ? bId : aId}`);
    const w = t.fleets[r.winner]!, l = t.fleets[r.loser]!;
    records.push({ t: 'naval-battle', audience: [], impulse: k, zone, winner: w.id, winnerState: w.state, loser: l.id, loserState: l.state, winnerShips: w.ships, loserShips: l.ships, winnerLost: r.losses.winner, loserLost: r.losses.loser });
    w.ships -= r.losses.winner; l.ships -= r.losses.loser;
    for (const f of [w, l]) { // [T §9.1] a fleet that fought cannot raid
      const p = plans.get(f.id)!;
      if (f.raidCoast || p.actions.some((x) => x.do === 'raid')) records.push({ t: 'raid-cancelled', audience: [f.state], impulse: k, fleet: f.id, state: f.state });
      delete f.raidCoast; f.raidedThisSeason = false; p.actions = p.actions.filter((x) => x.do !== 'raid');
    }
    l.lostBattleThisSeason = true;
    plans.get(l.id)!.actions = [];
    if (l.ships <= 0) { records.push({ t: 'fleet-lost', audience: [l.state], impulse: k, fleet: l.id, state: l.state, forces: destroyFleet(t, l.id, w.state) }); }
    if (w.ships <= 0) records.push({ t: 'fleet-lost', audience: [w.state], impulse: k, fleet: w.id, state: w.state, forces: destroyFleet(t, w.id, null) });
    defeats.set(l.id, (defeats.get(l.id) ?? 0) + 1);
    if (l.ships > 0) fallBack(k, l.id);
    return w.id;
  };

  /**
   * §7.11 [T §7.6] the loser retreats at once to the nearest friendly coast, zone by zone, using its
   * MP (a shortfall is excess under §7.3); its troops stay aboard [P A-33]. In each zone it enters,
   * hostile fleets there may detect and intercept it [T §7.6 "il peut être intercepté"]; beaten
   * again, that new defeat's retreat takes over. Bounded: every battle costs its loser ships.
   */
  const fallBack = (k: number, id: FleetId) => {
    const l = t.fleets[id]!, pl = plans.get(id)!;
    const route = routeHome(t, ix, id) ?? [];
    const from = l.zone, before = defeats.get(id);
    pl.retreating = true;
    for (const z of route) {
      pl.cameFrom = l.zone; l.zone = z; delete l.coast; l.mpUsed += 1; l.stationary = false;
      waylay(k, id);
      if (!t.fleets[id] || defeats.get(id) !== before) { pl.retreating = false; return; }
    }
    pl.retreating = false;
    if (route.length > 0) records.push({ t: 'fleet-retreat', audience: [l.state], impulse: k, fleet: id, state: l.state, from, to: l.zone });
    const port = friendlyPortIn(t, ix, l.zone, l.state, l.coast);
    if (port) { l.inPort = true; l.coast = port; }
  };

  /** Hostile fleets in the zone a retreating fleet enters: one look each way [P A-67], then their interceptions. */
  const waylay = (k: number, id: FleetId) => {
    const l = t.fleets[id]!;
    const zone = l.zone;
    for (const g of live().filter((x) => x.id !== id && x.zone === zone && !sheltered(x) && hostile(t, x.state, l.state))) {
      if (!t.fleets[id] || t.fleets[id]!.zone !== zone) return;
      const look = (x: Fleet, y: Fleet) => {
        const d = dice.roll({ sides: 6, phase, event: `detect:${k}:${x.id}:${y.id}:retreat:${zone}`, purpose: 'naval detection (D9)', rule: '[T §7.3] D9', audience: [x.state] });
        const seen = d <= detectTarget(c, x.stationary);
        if (seen) records.push({ t: 'detected', audience: [x.state], impulse: k, by: x.id, byState: x.state, fleet: y.id, state: y.state, zone, approx: approx(c.naval.sightingRounding, y.ships) });
        return seen;
      };
      const gSaw = look(g, l), lSaw = look(l, g);
      together.add(pairKey(g.id, id));
      if (gSaw && !g.lostBattleThisSeason && intercepts(k, `intercept:${k}:${g.id}:${id}:retreat:${zone}`, g, l)) encounter(k, g.id, id, false, lSaw);
    }
  };

  // 2–4. the impulses
  check(0);
  for (let k = 1; k <= c.naval.fleetMp; k++) {
    const acting = live().filter((f) => plans.get(f.id)!.actions.length > 0 && f.mpUsed < c.naval.fleetMp);
    const moves = new Map<FleetId, SeaZoneId>();
    for (const f of acting) { const a = plans.get(f.id)!.actions[0]!; if (a.do === 'move') moves.set(f.id, a.to); }
    // hostile fleets swapping zones meet: the higher d6 completes its move [P §7.14]
    const failed = new Set<FleetId>();
    for (const [x, to] of [...moves].sort((p, q) => (p[0] < q[0] ? -1 : 1))) for (const [y, back] of moves) {
      const fx = t.fleets[x]!, fy = t.fleets[y]!;
      if (x >= y || failed.has(x) || failed.has(y) || to !== fy.zone || back !== fx.zone || !hostile(t, fx.state, fy.state)) continue;
      failed.add(swapLoser(x, y, fx.state, fy.state, k));
    }
    for (const f of acting) {
      const p = plans.get(f.id)!;
      const a = p.actions.shift()!;
      f.mpUsed += 1;
      f.inPort = false;
      if (a.do === 'move') {
        const edge = ix.zone[f.zone]?.neighbours.find((n) => n.zone === a.to);
        // [P §7.14] a fleet that lost the crossing stays where it is and its route is broken: the rest of
        // its plan was checked from zones it never reached, so it is dropped (the fleet holds there).
        if (failed.has(f.id) || !edge) { p.actions.length = 0; continue; }
        const strait = ix.map.straits.find((st) => st.fleetCrossing && st.fleetCrossing.includes(f.zone) && st.fleetCrossing.includes(a.to));
        p.cameFrom = f.zone; f.zone = a.to; delete f.coast; p.shifted = true; f.stationary = false;
        if (f.blockading) { delete f.blockading; delete f.blockadingSince; }
        if (strait) p.strait = strait.id;
        if (!edge.coastal) storm(k, f);
      } else if (a.do === 'embark') embark(k, f, a.forces);
      else if (a.do === 'disembark') disembark(k, f, a.at, a.forces);
      // [P] like an embarkation or a landing, a raid approach happens only on a coast of the zone the fleet is in:
      // a fleet that lost a swap (§7.14 step 2) is not where its order planned it (soak seed soak-0, season 6)
      else if ((ix.zoneCoasts[f.zone] ?? []).includes(a.at)) { f.raidCoast = a.at; f.raidedThisSeason = true; f.coast = a.at; }
    }
    for (const f of Object.values(t.fleets)) if (f.ships <= 0) records.push({ t: 'fleet-lost', audience: [f.state], impulse: k, fleet: f.id, state: f.state, forces: destroyFleet(t, f.id, null) });
    check(k);
  }

  function swapLoser(x: FleetId, y: FleetId, sx: StateId, sy: StateId, k: number): FleetId {
    for (let i = 0; i <= c.naval.swapRerolls; i++) {
      // each die to its own side: the roll must not tell who was crossing [T §7.3]
      const rx = dice.roll({ sides: 6, phase, event: `swap:${k}:${x}`, purpose: 'fleets crossing each other', rule: '[P §7.14]', audience: [sx] });
      const ry = dice.roll({ sides: 6, phase, event: `swap:${k}:${y}`, purpose: 'fleets crossing each other', rule: '[P §7.14]', audience: [sy] });
      if (rx !== ry) return rx > ry ? y : x;
    }
    return y; // [P] at the bound the lower id's destination
  }

  function storm(k: number, f: Fleet) {
    const d = dice.roll({ sides: 6, phase, event: `storm:${k}:${f.id}`, purpose: 'storm on an open-sea crossing (D11)', rule: '[T §7.2; P A-34] D11', audience: [f.state] });
    if (d > stormTarget(c, winter)) return;
    const dmg = dice.roll({ sides: 6, phase, event: `storm:${k}:${f.id}`, purpose: 'storm damage (D11)', rule: '[T §7.2; P A-34] D11', audience: [f.state] });
    const lost = shipLoss(f.ships, stormDamagePct(c, dmg));
    f.ships -= lost;
    const armies = forcesAboard(t, f.id).filter((id) => t.armies[id]);
    for (const id of armies) t.armies[id]!.mod = addMod(c, t.armies[id]!.mod, -c.army.storm); // M5 [T §4.1.2]; detachments untouched [P A-34]
    records.push({ t: 'storm', audience: [f.state], impulse: k, fleet: f.id, state: f.state, zone: f.zone, lost, left: f.ships, armies: armies.length });
  }

  function embark(k: number, f: Fleet, forces: readonly string[]) {
    let n = 0;
    for (const id of forces) {
      const g = t.armies[id] ?? t.detachments[id];
      // still where the order found it (a battle or an earlier landing may have changed things)
      if (!g || g.state !== f.state || g.moved || g.inFortress || typeof g.location !== 'string' || g.location === 'captured' || !(ix.zoneCoasts[f.zone] ?? []).includes(g.location)) continue;
      const load = f.embarked.reduce((sum, e) => sum + apAboard(t, e), 0) + apAboard(t, id);
      if (load > c.naval.capacityAp) continue;
      f.coast = g.location;
      for (const x of [id, ...(t.armies[id] ? joinedForces(t, id).map((j) => j.id) : [])]) {
        const y = t.armies[x] ?? t.detachments[x];
        if (y) { y.location = { embarkedOn: f.id }; y.inFortress = false; }
      }
      f.embarked.push(id);
      n++;
    }
    if (n > 0) records.push({ t: 'embarked', audience: [f.state], impulse: k, fleet: f.id, state: f.state, at: f.coast!, forces: n });
  }

  function disembark(k: number, f: Fleet, at: string, forces?: readonly string[]) {
    if (!(ix.zoneCoasts[f.zone] ?? []).includes(at)) return;
    const landing = (forces ?? f.embarked).filter((x) => f.embarked.includes(x));
    const main = (x: string) => !!t.armies[x] && actsAsMainArmy(t, x);
    const alone = !friendlyProvinceFor(t, at, f.state) && !landing.some(main);
    const go = alone ? landing.filter(main) : landing; // [T §5.1; P A-08] no lone detachment (or army under the threshold) into an enemy province
    if (go.length === 0) return;
    const n = setAshore(t, f.id, at, go);
    f.landedAt = at; f.coast = at;
    const controller = t.provinces[at]?.controller;
    records.push({ t: 'landed', audience: controller && controller !== f.state ? [f.state, controller] : [f.state], impulse: k, fleet: f.id, state: f.state, at, forces: n });
  }

  // 5. end of movement: postures, blockades, §7.3, troops ashore
  const endImpulse = c.naval.fleetMp;
  for (const f of live()) {
    const p = plans.get(f.id)!;
    const end = p.order?.end;
    if (!f.lostBattleThisSeason && end) {
      if (end.coast && (ix.zoneCoasts[f.zone] ?? []).includes(end.coast)) f.coast = end.coast;
      if (end.port) {
        const port = friendlyPortIn(t, ix, f.zone, f.state, end.coast ?? f.coast);
        if (port) { f.coast = port; f.inPort = true; }
      }
      const target = end.blockade;
      const ctrl = target ? t.provinces[target]?.controller : null;
      if (target && ctrl && (ix.zoneCoasts[f.zone] ?? []).includes(target) && hostile(t, f.state, ctrl)) {
        const since = f.blockading === target && !p.moving ? (f.blockadingSince ?? t.season) : t.season;
        f.blockading = target; f.blockadingSince = since; f.coast = target; f.inPort = false;
        records.push({ t: 'blockade', audience: [f.state, ctrl], impulse: endImpulse, fleet: f.id, state: f.state, province: target });
        continue;
      }
    }
    // a blockade lapses when its fleet sails, is beaten, leaves its post, or is ordered to something else; a fleet without an order holds it [P §3.3 S2]
    if (f.blockading && (p.moving || f.lostBattleThisSeason || f.inPort || f.coast !== f.blockading || (p.order && !end?.blockade))) { delete f.blockading; delete f.blockadingSince; }
  }
  for (const f of live()) records.push(...endOfSeasonPosition(t, f.id, endImpulse, ix));

  // §7.12 [P §7.10]: the combined fleet parts; losses pro rata, rounded up, the larger partner taking the remainder
  for (const [id, x] of follows) {
    const f = t.fleets[id]!, lead = t.fleets[x.lead];
    const total = x.ships + x.leadShips;
    const loss = total - (lead?.ships ?? 0);
    const [small, large] = x.ships <= x.leadShips ? [x.ships, x.leadShips] : [x.leadShips, x.ships];
    const smallShare = Math.min(small, Math.ceil((loss * small) / total - 1e-9));
    const largeShare = Math.min(large, loss - smallShare);
    const [own, its] = x.ships <= x.leadShips ? [smallShare, largeShare] : [largeShare, smallShare];
    f.ships = x.ships - own;
    // the partner learns what its fleet did and met — not what others saw of it [T §7.3]
    const concerns = (r: NavalRecord) => (r.t === 'detected' ? r.by === x.lead : ('fleet' in r && r.fleet === x.lead) || ('by' in r && r.by === x.lead));
    for (const r of records) if (concerns(r) && r.audience.length > 0 && !r.audience.includes(f.state)) r.audience.push(f.state);
    delete f.combinedWith;
    if (!lead || f.ships <= 0) { records.push({ t: 'fleet-lost', audience: [f.state], impulse: endImpulse, fleet: id, state: f.state, forces: destroyFleet(t, id, null) }); if (!lead) continue; }
    lead.ships = x.leadShips - its;
    delete lead.combinedWith;
    if (lead.ships <= 0) records.push({ t: 'fleet-lost', audience: [lead.state], impulse: endImpulse, fleet: lead.id, state: lead.state, forces: destroyFleet(t, lead.id, null) });
    if (!t.fleets[id]) continue;
    f.zone = lead.zone; f.mpUsed = lead.mpUsed; f.inPort = lead.inPort; f.lostBattleThisSeason = lead.lostBattleThisSeason; f.stationary = lead.stationary;
    if (lead.coast) f.coast = lead.coast; else delete f.coast;
    // [P §3.3 S2, as at step 5] a fleet that sailed combined with another leaves its own blockade, unless it still lies
    // off the province it blockades and its lead blockades it too (a soak found a partner in port still blockading)
    if (f.blockading && (lead.blockading !== f.blockading || f.coast !== f.blockading || f.inPort)) { delete f.blockading; delete f.blockadingSince; }
    records.push(...endOfSeasonPosition(t, id, endImpulse, ix));
  }
  for (const f of Object.values(t.fleets)) delete f.combinedWith; // a declaration holds for one season [T §7.7]
  return { state: t, records, refused, questions };
}

/** [P §7.8] The approximate size a detection tells: rounded to the step, at least one step. */
export function approx(step: number, ships: number): number {
  return Math.max(step, Math.round(ships / step) * step);
}

/** [P §7.15] Whether a fleet of `own` ships intercepts a detected one of about `enemy` ships. */
export function wantsToIntercept(p: NavalPolicy, own: number, enemy: number): boolean {
  if (p.interceptIf === 'always') return true;
  if (p.interceptIf === 'never') return false;
  return own > 0 && enemy / own <= p.interceptIf.maxEnemyRatio;
}

/** Cuts a fleet's remaining actions to its MP left. */
function fitPlan(mp: number, f: Fleet, p: Plan): void {
  p.actions = p.actions.slice(0, Math.max(0, mp - f.mpUsed));
}

/**
 * §7.9 [T §7.4; P §7.15] the target's answer to an interception: its policy, an illegal answer
 * falling back ('port' off a friendly coast → 'retreat'; 'continue' with nothing left to do or
 * after intercepting → 'stay'; 'stay' in mid-move → 'continue'; 'retreat' with nowhere to go → 'battle').
 */
export function targetChoice(s: GruikState, ix: MapIndex, y: Fleet, py: { policy: NavalPolicy; actions: NavalAction[]; moving: boolean; intercepted: boolean; retreating?: boolean }, o: Fleet, answered?: Choice): Choice {
  const rule = answered ?? py.policy.onIntercepted;
  let choice: Choice = typeof rule === 'string' ? rule : y.ships / Math.max(1, o.ships) >= rule.battleIfRatioAtLeast ? 'battle' : rule.else;
  if (py.retreating) return choice === 'battle' ? 'battle' : choice === 'port' && friendlyPortIn(s, ix, y.zone, y.state) ? 'port' : 'retreat'; // [T §7.6] a beaten fleet fights or falls back
  const movesLeft = py.actions.some((a) => a.do === 'move');
  if (choice === 'port' && !friendlyPortIn(s, ix, y.zone, y.state)) choice = 'retreat';
  if (choice === 'continue' && (!movesLeft || py.intercepted)) choice = 'stay';
  if (choice === 'stay' && py.moving && movesLeft) choice = 'continue';
  if (choice === 'retreat' && (ix.zone[y.zone]?.neighbours.length ?? 0) === 0) choice = 'battle';
  return choice;
}
