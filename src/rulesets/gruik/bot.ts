/**
 * Bots for Gruik's player states (issue 16): a season's order sheet (rules §2.12, §3.3 S2) that
 * uses every kind of order, and the answers to the other decisions of decisions.ts (a reaction,
 * the tabletop accept / report / confirm, the army disbanded, the master on a tie).
 *
 * What a bot may know (style §5): it reads only `viewOf(state, stateId)` and rebuilds from it a
 * "believed" game state (`believedState`): its own forces, fleets, money and characters as they are;
 * the public political map, relations and prestige; other states' land forces only where the view
 * shows them, assumed main armies (their AP are hidden); others' treasuries, fleets and counters
 * unknown (0, none). It checks every order with the referee's own refusal functions on that
 * believed state (movement.ts `moveRefusal`, `reactionRefusal`; naval-orders.ts
 * `navalOrderRefusal`; raids.ts `raidRefusal`; treasury.ts `moneyOrderRefusal`; detachments.ts
 * `joinRefusal`; diplomacy.ts `yokeRight`; conquest.ts `cessionRefusal`) and leaves out what they
 * refuse. So the referee refuses a bot's order only for a reason hidden from it (an enemy army's
 * size, a friend's fleet elsewhere): the soak counts those apart.
 *
 * Sensible, roughly: pick one hostile neighbour to attack (neutrals and the weak first; a neighbour
 * that declared it a friend only now and then, when weak or holding a province of its own, and then
 * with an `attack` order, J26), march the
 * main army on its provinces and besiege, come home when the capital is threatened or lost, raid a
 * rich enemy from where it stands, send fleets to invade, raid or blockade, spend only what the
 * treasury holds (never toward the debt cap) and pillage the temples when in debt, befriend those it
 * does not attack, confirm the treaties it signs. Each kind of order is also given now and then at
 * a small rate so that a soak reaches all of them. Deterministic for a given Rng (engine/rng.ts).
 */
import type { Rng } from '../../engine/rng.ts';
import { indexMap, type MapIndex } from './map.ts';
import type { Army, Character, Detachment, GruikState, ProvinceId, Realm, SeaZoneId, StateId } from './state.ts';
import type { ForceOrder, MoneyOrder, RaidOrder, StateOrders, TreatyOrder } from './season-types.ts';
import type { GruikSheet } from './sheet-types.ts';
import { viewOf, type GruikView } from './view.ts';
import { moveLimit, moveRefusal, reactionRefusal, type MoveOrder } from './rules/movement.ts';
import { navalOrderRefusal, type NavalAction, type NavalOrder, type NavalPolicy } from './rules/naval-orders.ts';
import { raidRefusal } from './rules/raids.ts';
import { controlledBy, moneyOrderRefusal, prestigeExpenseCost, shipyard } from './rules/treasury.ts';
import { joinRefusal } from './rules/detachments.ts';
import { yokeRight } from './rules/diplomacy.ts';
import { cessionRefusal } from './rules/conquest.ts';
import { actsAsMainArmy, allowedArmies } from './rules/army-size.ts';
import { friendlyProvinceFor, hostile, mastersOf, protectedPair } from './rules/relations.ts';
import { retreatOptions, type Posture, type RetreatOption } from './rules/retreat.ts';
import { withdrawingForces } from './rules/sortie.ts';
import { portFor } from './rules/naval-position.ts';

// ─── what the bot believes: the view as a game state ─────────────────────────────────────────────

const unknownRealm = (r: Partial<Realm> & Pick<Realm, 'id'>): Realm => ({
  name: r.id, kind: 'player', capital: null, treasury: 0, prestige: 0, sovereign: `${r.id}:sovereign`, armies: [], fleets: [], friendsDeclared: [],
  civilWarSeasonsThisTaxYear: 0, consecutiveMainArmyDefeats: 0, raidGainsThisYear: 0, raidLossesThisYear: 0, pendingCatastrophes: 0, besiegedSeasonsStreak: 0,
  ...r,
});

/**
 * A game state built from a view only (style §5): what the rules' refusal functions need, with the
 * hidden parts filled neutrally. Others' seen armies get MAIN_ARMY_MIN AP (treated as main armies,
 * the cautious guess), seen detachments DETACHMENT_MIN.
 */
export function believedState(v: GruikView): GruikState {
  const me = v.viewer;
  const armies: Record<string, Army> = structuredClone(v.armies);
  const detachments: Record<string, Detachment> = structuredClone(v.detachments);
  const realms: Record<StateId, Realm> = {};
  for (const [id, r] of Object.entries(v.realms)) realms[id] = id === me ? structuredClone(r as Realm) : unknownRealm(structuredClone(r));
  for (const f of v.seen) {
    if (f.kind === 'army') {
      armies[f.id] = { id: f.id, state: f.state, general: `${f.state}:general:?`, location: f.location, inFortress: f.inFortress, mod: 0, seasonalSize: v.config.army.mainArmyMin,
        currentAP: v.config.army.mainArmyMin, detachmentsCreated: [], alliedDetachments: [], moved: false, fought: false, retreated: false, raided: false,
        sovereignPresent: false, siegeSeasons: 0, pendingEffortBonus: 0, createdAt: 0 };
      realms[f.state]?.armies.push(f.id);
    } else {
      detachments[f.id] = { id: f.id, state: f.state, parentArmy: `${f.state}:A?`, ap: v.config.detachment.min, kind: 'own', location: f.location, inFortress: f.inFortress, moved: false, retreated: false };
    }
  }
  return {
    ruleset: 'gruik', config: v.config, map: v.map, season: v.season, step: v.step, provinces: structuredClone(v.provinces), realms,
    characters: structuredClone(v.characters) as Record<string, Character>, armies, detachments, fleets: structuredClone(v.fleets),
    treaties: structuredClone(v.treaties), declarations: v.declarations, rumours: v.rumours, ledger: [], rollLog: [], landMoves: structuredClone(v.landMoves),
    movementReport: me ? { [me]: structuredClone(v.movementReport) } : {}, serials: {}, dice: v.dice,
    secret: { seasonKeys: {}, rumourAuthors: {} },
  };
}

// ─── small helpers ───────────────────────────────────────────────────────────────────────────────

const loc = (l: Army['location']): ProvinceId | null => (typeof l === 'string' && l !== 'captured' ? l : null);

/** Shortest land path from `from` to the nearest province satisfying `goal` (the start excluded), or null. Bounded by the map's size. */
function pathTo(ix: MapIndex, from: ProvinceId, goal: (p: ProvinceId) => boolean): ProvinceId[] | null {
  const prev = new Map<ProvinceId, ProvinceId | null>([[from, null]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const p = queue[i]!;
    if (p !== from && goal(p)) {
      const path: ProvinceId[] = [];
      for (let q: ProvinceId | null = p; q !== null && q !== from; q = prev.get(q) ?? null) path.unshift(q);
      return path;
    }
    for (const l of ix.land[p] ?? []) if (!prev.has(l.province)) { prev.set(l.province, p); queue.push(l.province); }
  }
  return null;
}

/** Shortest sea route (zones entered) from `from` to a zone satisfying `goal`, at most `max` moves; [] when `from` itself does. */
function seaPath(ix: MapIndex, from: SeaZoneId, goal: (z: SeaZoneId) => boolean, max: number): SeaZoneId[] | null {
  const prev = new Map<SeaZoneId, SeaZoneId | null>([[from, null]]);
  const queue: [SeaZoneId, number][] = [[from, 0]];
  for (let i = 0; i < queue.length; i++) {
    const [z, d] = queue[i]!;
    if (goal(z)) {
      const path: SeaZoneId[] = [];
      for (let q: SeaZoneId | null = z; q !== null && q !== from; q = prev.get(q) ?? null) path.unshift(q);
      return path;
    }
    if (d >= max) continue;
    for (const n of ix.zone[z]?.neighbours ?? []) if (!prev.has(n.zone)) { prev.set(n.zone, z); queue.push([n.zone, d + 1]); }
  }
  return null;
}

/** The longest prefix of `path` that the referee's move check accepts (never empty), or null. */
function legalMove(b: GruikState, ix: MapIndex, force: string, path: ProvinceId[], joins?: string): MoveOrder | null {
  const limit = moveLimit(b, force);
  for (let n = Math.min(path.length, limit); n >= 1; n--) {
    const order: MoveOrder = { force, path: path.slice(0, n), ...(joins && n === path.length ? { joins } : {}) };
    if (!moveRefusal(b, order, ix)) return order;
  }
  return null;
}

const TEXTS = {
  declaration: ['Nos frontières sont ouvertes à nos amis. / Our borders are open to our friends.', 'Que nul ne touche à nos temples. / Let no one touch our temples.'],
  rumour: ['On dit que le trésor voisin est vide. / They say the neighbour’s treasury is empty.', 'Un général aurait changé de camp. / A general is said to have changed sides.'],
  treaty: 'Paix et passage pour un an. / Peace and passage for a year.',
};

// ─── the season's sheet ──────────────────────────────────────────────────────────────────────────

/** The bot's order sheet for `me` this season, from its view only. */
export function botSheet(state: GruikState, me: StateId, rng: Rng): GruikSheet {
  return sheetFromView(viewOf(state, me), rng);
}

/** The same from a view already made (the platform's bot holds the view). */
export function sheetFromView(v: GruikView, rng: Rng): GruikSheet {
  const me = v.viewer;
  if (!me || !v.realms[me]) return {};
  const b = believedState(v);
  const ix = indexMap(b.map);
  const c = b.config;
  const realm = b.realms[me]!;
  const mine = controlledBy(b, me);
  const year = Math.floor(b.season / 4);
  const others = Object.values(b.realms).filter((r) => r.id !== me && r.kind !== 'rebels');
  const provincesOf = (st: StateId) => controlledBy(b, st).length;

  // whom to attack: a hostile state controlling land next to ours (neutrals and the weak first)
  const border = new Set(mine.flatMap((p) => (ix.land[p] ?? []).map((l) => l.province)));
  const neighbours = [...new Set([...border].map((p) => b.provinces[p]?.controller).filter((x): x is StateId => !!x && x !== me))];
  // [§2.14; P J26] a neighbour that declared us a friend is no enemy: we turn on it only now and then, when it is weaker (fewer
  // provinces) or holds a province of ours (owned by us, or our first capital); it is then the season's target, attacked with an
  // `attack` order (S3.2 cancels its friendship, so the armies meet). So that friendships mean something, most seasons a friend
  // is left alone [ours].
  const friendOf = (x: StateId) => !!b.realms[x]?.friendsDeclared.includes(me);
  const covets = (x: StateId) => b.map.provinces.some((p) => { const q = b.provinces[p.id]; return q?.controller === x && (q.owner === me || q.initialCapitalOf === me); });
  const weakFor = (x: StateId) => provincesOf(x) < mine.length;   // smaller than us (its armies' AP are hidden)
  const turnOn = (x: StateId) => (covets(x) ? rng.chance(0.35) : weakFor(x) ? rng.chance(0.2) : false);
  const attackable = neighbours.filter((x) => !protectedPair(b, me, x) && (!friendOf(x) || turnOn(x)));
  const weight = (x: StateId) => (b.realms[x]?.kind === 'neutral' ? 3 : 1) + (realm.friendsDeclared.includes(x) ? 0 : 1) + Math.max(0, 6 - provincesOf(x));
  let target: StateId | null = null;
  const turned = attackable.filter(friendOf);
  if (turned.length) target = rng.pick(turned);
  else if (attackable.length && !rng.chance(0.1)) {
    const bag = attackable.flatMap((x) => Array.from({ length: weight(x) }, () => x)).sort();
    target = rng.pick(bag);
  }
  const enemyHeld = new Set(b.map.provinces.map((p) => p.id).filter((p) => { const x = b.provinces[p]?.controller; return x !== me && (x === target || x === null || (x !== null && b.realms[x]?.kind === 'barbarian')); }));

  const o: StateOrders = {};
  const sheet: GruikSheet = {};

  // friendship [§1.5]: befriend those we do not attack (nor those whose armies stand on our land: a besieger is fought, §8.1.5), cancel toward the target
  const onOurLand = new Set(v.seen.filter((f) => f.location && b.provinces[f.location]?.controller === me && hostile(b, f.state, me)).map((f) => f.state));
  const declare = others.filter((r) => r.id !== target && !onOurLand.has(r.id) && !realm.friendsDeclared.includes(r.id) && r.kind !== 'barbarian' && rng.chance(0.4)).map((r) => r.id);
  const cancel = target && realm.friendsDeclared.includes(target) ? [target] : realm.friendsDeclared.filter((x) => rng.chance(0.04));
  if (declare.length || cancel.length) o.friendship = { ...(declare.length ? { declare } : {}), ...(cancel.length ? { cancel } : {}) };
  if (target && friendOf(target)) o.attack = [target];   // [P J26] S3.1 takes it: our own friendship toward it is cancelled just above
  const friendsNow = new Set(realm.friendsDeclared);
  const noRaid = (x: StateId) => friendsNow.has(x) || declare.includes(x);

  // armies: defend the capital, keep a siege, else march on the target
  const moves: MoveOrder[] = [];
  const busy = new Set<string>();                 // forces that march, sail or are recalled this season
  const naval: NavalOrder[] = [];
  const raids: RaidOrder[] = [];
  const besiege = new Set<ProvinceId>();
  const forces: ForceOrder[] = [];
  const myArmies = Object.values(b.armies).filter((a) => a.state === me && loc(a.location) && !a.hostArmy).sort((x, y) => (x.id < y.id ? -1 : 1));
  const hostileSeen = v.seen.filter((f) => hostile(b, f.state, me));
  const capital = realm.capital;
  const threatened = !!capital && (b.provinces[capital]?.controller !== me || hostileSeen.some((f) => f.location === capital || (ix.land[capital] ?? []).some((l) => l.province === f.location)));

  // fleets first: an army that embarks does not march [T §7.2]
  const minShips = c.naval.multiFleetMinShips;
  const fleetsNow = Object.values(b.fleets).filter((f) => f.state === me && f.ships > 0).sort((x, y) => (x.id < y.id ? -1 : 1));
  const together = fleetsNow.flatMap((f, i) => fleetsNow.slice(i + 1).filter((g) => g.zone === f.zone && g.coast === f.coast).map((g) => [f, g] as const));
  const fleetOrder: ForceOrder | null = together.length && rng.chance(0.5)
    ? (together[0]![0].ships > minShips && rng.chance(0.5)
      ? { kind: 'exchange-ships', from: together[0]![0].id, to: together[0]![1].id, ships: Math.min(10, together[0]![0].ships - minShips) }
      : { kind: 'merge-fleets', into: together[0]![0].id, from: together[0]![1].id })
    : fleetsNow.length === 1 && fleetsNow[0]!.ships >= minShips * 2 && rng.chance(0.25) ? { kind: 'split-fleet', fleet: fleetsNow[0]!.id, ships: minShips } : null;
  const mergedAway = fleetOrder?.kind === 'merge-fleets' ? fleetOrder.from : null;
  // [P] the bots' convention for combined fleets (§7.12): mutual friends meet off the capital of the lower id, if coastal
  const mutual = others.filter((r) => r.id !== target && realm.friendsDeclared.includes(r.id) && r.friendsDeclared.includes(me)).map((r) => r.id).sort();
  const leader = mutual.length ? (me < mutual[0]! ? me : mutual[0]!) : null;
  const meetAt = leader ? b.realms[leader]?.capital ?? null : null;
  const rendezvous = meetAt && (ix.province[meetAt]?.coasts.length ?? 0) > 0 ? meetAt : null;
  for (const f of fleetsNow.filter((x) => x.id !== mergedAway)) {
    const policy: Partial<NavalPolicy> = rng.pick<Partial<NavalPolicy>>([{}, { interceptIf: 'always', pursueAfterWin: true }, { interceptIf: 'never', onIntercepted: 'port' }, { interceptIf: { maxEnemyRatio: 1 }, onIntercepted: 'battle' }, { blockStraits: false, onIntercepted: 'retreat' }, { onIntercepted: 'continue' }, { onIntercepted: 'stay' }]);
    const max = c.naval.fleetMp;
    const coastsOf = (z: SeaZoneId) => ix.zoneCoasts[z] ?? [];
    const enemyCoast = (p: ProvinceId) => { const x = b.provinces[p]?.controller; return !!x && x !== me && hostile(b, me, x) && !declare.includes(x); }; // S3.2 runs before S5
    const tries: (() => NavalOrder | null)[] = [];
    const invade = (): NavalOrder | null => {
      const army = myArmies.find((a) => !busy.has(a.id) && !a.inFortress && coastsOf(f.zone).includes(loc(a.location)!) && actsAsMainArmy(b, a.id) && a.currentAP <= c.naval.capacityAp && !(a.location === capital && threatened));
      if (!army) return null;
      const route = seaPath(ix, f.zone, (z) => coastsOf(z).some((p) => enemyHeld.has(p) && p !== army.location), max - 2);
      if (!route) return null;
      const end = route.length ? route[route.length - 1]! : f.zone;
      const at = coastsOf(end).find((p) => enemyHeld.has(p) && p !== army.location)!;
      busy.add(army.id);
      return { fleet: f.id, actions: [{ do: 'embark', forces: [army.id] }, ...route.map((to) => ({ do: 'move' as const, to })), { do: 'disembark', at }], policy };
    };
    const raid = (): NavalOrder | null => {
      const route = seaPath(ix, f.zone, (z) => coastsOf(z).some((p) => enemyCoast(p) && !noRaid(b.provinces[p]!.controller!)), max - 1);
      if (!route) return null;
      const end = route.length ? route[route.length - 1]! : f.zone;
      const at = coastsOf(end).find((p) => enemyCoast(p) && !noRaid(b.provinces[p]!.controller!))!;
      raids.push({ target: b.provinces[at]!.controller!, forces: [f.id] });
      return { fleet: f.id, actions: [...route.map((to) => ({ do: 'move' as const, to })), { do: 'raid', at }], policy };
    };
    const blockade = (): NavalOrder | null => {
      const route = seaPath(ix, f.zone, (z) => coastsOf(z).some(enemyCoast), max);
      if (!route) return null;
      const end = route.length ? route[route.length - 1]! : f.zone;
      const p = coastsOf(end).find(enemyCoast)!;
      return { fleet: f.id, actions: route.map((to) => ({ do: 'move' as const, to })), end: { coast: p, blockade: p }, policy };
    };
    const home = (): NavalOrder | null => {
      if (rendezvous && f.id === fleetsNow[0]!.id && f.coast !== rendezvous) {
        const r = seaPath(ix, f.zone, (z) => coastsOf(z).includes(rendezvous), max);
        if (r) return { fleet: f.id, actions: r.map((to) => ({ do: 'move' as const, to })), end: { coast: rendezvous, ...(portFor(b, rendezvous, me) ? { port: true } : {}) }, policy };
      }
      const route = seaPath(ix, f.zone, (z) => coastsOf(z).some((p) => portFor(b, p, me)), max) ?? [];
      const end = route.length ? route[route.length - 1]! : f.zone;
      const p = coastsOf(end).find((q) => portFor(b, q, me));
      const extra: NavalAction[] = !p && rng.chance(0.5) ? [{ do: 'move', to: rng.pick(ix.zone[f.zone]!.neighbours).zone }] : [];
      return { fleet: f.id, actions: [...route.map((to) => ({ do: 'move' as const, to })), ...extra], ...(p ? { end: { coast: p, port: rng.chance(0.7) } } : {}), policy };
    };
    const roll = rng.next();
    if (roll < 0.25) tries.push(invade, raid, blockade, home);
    else if (roll < 0.5) tries.push(raid, blockade, home);
    else if (roll < 0.7) tries.push(blockade, raid, home);
    else tries.push(home);
    let order: NavalOrder = { fleet: f.id, actions: [], policy };
    for (const t of tries) {
      const got = t();
      if (got && !navalOrderRefusal(b, got, me, ix)) { order = got; break; }
      if (got?.actions[0]?.do === 'embark') busy.delete((got.actions[0] as { forces: string[] }).forces[0]!);
      if (got?.actions.some((a) => a.do === 'raid')) raids.pop();
    }
    // [P §7.15, J3] a fleet carrying troops or off to raid asks to be asked at each detection: botNavalRound answers from what it sees
    if (order.actions.some((a) => a.do === 'embark' || a.do === 'raid')) order.policy = { ...policy, ask: true };
    naval.push(order);
    if (order.actions.some((a) => a.do === 'embark')) for (const a of order.actions) if (a.do === 'embark') for (const x of a.forces) busy.add(x);
  }

  const masterCapital = !target && realm.master ? b.realms[realm.master]?.capital ?? null : null;
  for (const a of myArmies) {
    if (busy.has(a.id)) continue;
    const at = loc(a.location)!;
    let goal: ((p: ProvinceId) => boolean) | null = null;
    if (capital && threatened && at !== capital) goal = (p) => p === capital;
    else if (a.siegeOf || (b.provinces[at]?.controller !== me && b.provinces[at]?.controller !== null && enemyHeld.has(at))) goal = null;   // keep the siege [§8.1.1]
    else if (capital && threatened && at === capital) goal = null;                                                                    // defend the capital
    else if (masterCapital && at !== masterCapital) goal = (p) => p === masterCapital;                                             // a tributary with no war of its own stands by its master
    else if (rng.chance(0.85)) goal = (p) => enemyHeld.has(p);
    const path = goal ? pathTo(ix, at, goal) : null;
    const order = path ? legalMove(b, ix, a.id, path) : null;
    if (order) {
      moves.push(order);
      busy.add(a.id);
      const end = order.path[order.path.length - 1]!;
      const x = b.provinces[end]?.controller;
      if (x && x !== me && actsAsMainArmy(b, a.id)) besiege.add(end);
    } else if (at && b.provinces[at]?.controller !== me && b.provinces[at]?.controller && actsAsMainArmy(b, a.id)) {
      if (rng.chance(0.05)) o.noSiege = [...(o.noSiege ?? []), a.id]; else besiege.add(at);
    } else if (!a.siegeOf) {
      // not marching: raid a rich enemy next to it [T §9.1]
      const targets = [...new Set((ix.land[at] ?? []).map((l) => b.provinces[l.province]?.controller).filter((x): x is StateId => !!x && x !== me && !noRaid(x)))].sort();
      const t = targets.length && rng.chance(0.6) ? rng.pick(targets) : null;
      const r: RaidOrder | null = t ? { target: t, forces: [a.id] } : null;
      if (r && !raidRefusal(b, me, r)) { raids.push(r); busy.add(a.id); }
    }
  }

  // detachments: garrison the capital, join the army, or raid
  const myDets = Object.values(b.detachments).filter((d) => d.state === me && loc(d.location)).sort((x, y) => (x.id < y.id ? -1 : 1));
  const recalled = new Set<string>();
  for (const d of myDets) {
    const parent = b.armies[d.parentArmy];
    if (d.hostArmy || d.kind !== 'own') continue;
    const r = rng.next();
    if (r < 0.12 && parent && loc(parent.location)) { forces.push({ kind: 'recall', detachment: d.id }); recalled.add(d.id); continue; }
    if (r < 0.22 && parent && parent.currentAP > c.army.mainArmyMin) {
      const ap = Math.min(c.detachment.max, d.ap + rng.int(1, Math.max(1, Math.min(3, parent.currentAP - c.army.mainArmyMin))));
      if (ap !== d.ap && ap - d.ap <= parent.currentAP - c.army.mainArmyMin) { forces.push({ kind: 'resize', detachment: d.id, ap }); continue; }
    }
    const at = loc(d.location)!;
    const other = myArmies.find((a) => a.id !== d.parentArmy && loc(a.location) === at && actsAsMainArmy(b, a.id));
    if (r < 0.35 && other && !joinRefusal(b, d.id, other.id)) { forces.push({ kind: 'join', force: d.id, host: other.id }); recalled.add(d.id); continue; }
    if (r < 0.55) {
      const targets = [...new Set((ix.land[at] ?? []).map((l) => b.provinces[l.province]?.controller).filter((x): x is StateId => !!x && x !== me && !noRaid(x)))].sort();
      const ro: RaidOrder | null = targets.length ? { target: rng.pick(targets), forces: [d.id] } : null;
      if (ro && !raidRefusal(b, me, ro)) { raids.push(ro); continue; }
    }
    // follow the army into the province it attacks and join it there at the end of the move (§5.2)
    const march = moves.find((m) => m.force === d.parentArmy && b.provinces[m.path[m.path.length - 1]!]?.controller !== me);
    const follow = march && rng.chance(0.5) ? pathTo(ix, at, (p) => p === march.path[march.path.length - 1]) : null;
    const joinOrder = follow && follow.length <= moveLimit(b, d.id) ? { force: d.id, path: follow, joins: d.parentArmy } : null;
    if (joinOrder && !moveRefusal(b, joinOrder, ix)) { moves.push(joinOrder); continue; }
    const borderOwn = mine.filter((p) => (ix.land[p] ?? []).some((l) => b.provinces[l.province]?.controller !== me)).sort();
    const post = borderOwn.length && rng.chance(0.5) ? rng.pick(borderOwn) : capital;
    const goal = post && at !== post && friendlyProvinceFor(b, post, me) ? pathTo(ix, at, (p) => p === post) : null;
    const order = goal ? legalMove(b, ix, d.id, goal) : null;
    if (order && rng.chance(0.7)) moves.push(order);
  }

  // organisation [§4.5]: detachments split off, allies sent, an under-18 army joining
  for (const a of myArmies) {
    if (!loc(a.location)) continue;
    const live = a.detachmentsCreated.filter((d) => b.detachments[d]).length;
    const spare = a.currentAP - c.army.mainArmyMin;
    if (live < c.detachment.maxCreated && spare >= c.detachment.min && rng.chance(0.35)) {
      forces.push({ kind: 'detach', army: a.id, ap: rng.int(c.detachment.min, Math.min(c.detachment.max, spare)) });
      continue;
    }
    const hosts = v.seen.filter((f) => f.kind === 'army' && f.state !== target && f.location === loc(a.location) && !hostile(b, f.state, me)
      && (b.realms[f.state]?.friendsDeclared.includes(me) || realm.master === f.state)).sort((x, y) => (x.id < y.id ? -1 : 1));
    const host = hosts[0];
    const need = realm.master === host?.state ? c.detachment.forcedAllyMin : c.detachment.min;
    const forced = !!host && realm.master === host.state;
    if (host && live < c.detachment.maxCreated && (forced ? a.currentAP >= need : spare >= need) && rng.chance(0.8)) {   // a master's demand is met even below the main-army threshold [T §4.2.1]
      forces.push({ kind: 'ally', army: a.id, host: host.id, ap: need, ...(realm.master === host.state ? { forced: true } : {}) });
    } else if (!actsAsMainArmy(b, a.id) && !busy.has(a.id)) {
      const h = myArmies.find((x) => x.id !== a.id && loc(x.location) === loc(a.location));
      if (h && !joinRefusal(b, a.id, h.id)) forces.push({ kind: 'join', force: a.id, host: h.id });
    }
  }
  forces.push(...botDemands(v, b));   // a master's forced-ally demands [§4.5.4]
  // fleets on one coast: split a big one, merge two, exchange ships; combine with a friend's (both must order it) [§7.1, §7.12]
  const myFleets = fleetsNow;
  if (fleetOrder) forces.push(fleetOrder);
  if (mutual.length && myFleets.length && rendezvous && myFleets[0]!.coast === rendezvous && rng.chance(0.7)) {
    // [P] the bots' convention: each combines its first fleet with the friend's first (a scenario id, public); the lower id commands
    const friend = mutual[0]!;
    forces.push({ kind: 'combine-fleets', fleet: myFleets[0]!.id, with: `${friend}:F1`, commander: me < friend ? me : friend });
  }

  // money [§8.6]: spend what the treasury holds, in debt pillage the temples
  const money: MoneyOrder[] = [];
  let purse = realm.treasury;
  const spend = (m: MoneyOrder, cost: number) => { if (cost <= purse && !moneyOrderRefusal(b, me, m)) { money.push(m); purse -= cost; } };
  const main = myArmies.find((a) => actsAsMainArmy(b, a.id));
  if (main && purse >= c.army.effortCost * 2 && rng.chance(0.5)) spend({ kind: 'effort', army: main.id, amount: c.army.effortCost }, c.army.effortCost);
  if (capital && b.provinces[capital]?.controller === me && realm.lastPrestigeExpenseYear !== year && rng.chance(0.5)) spend({ kind: 'prestige', province: capital }, prestigeExpenseCost(b, me, capital) + c.treasury.prestigeExpenseStep * 3);
  if (shipyard(b, me) && purse >= 5 && rng.chance(0.4)) { const n = rng.int(1, Math.min(20, Math.floor(purse / Math.max(1, c.treasury.shipCost)))); spend({ kind: 'ships', ships: n }, n * c.treasury.shipCost); }
  const friendsIn = others.filter((r) => r.id !== target && r.friendsDeclared.includes(me) && r.kind !== 'barbarian').map((r) => r.id).sort();
  if (friendsIn.length && purse >= 4 && rng.chance(0.3)) {
    const amount = rng.int(1, Math.min(10, purse));
    spend({ kind: 'gift', to: rng.pick(friendsIn), amount, ...(rng.chance(0.5) ? { note: 'prêt / loan' } : {}) }, amount); // a loan is a gift with a note [T §12.3]
  }
  if ((realm.treasury < 0 || rng.chance(0.04)) && mine.length) {
    const p = [...mine].sort((x, y) => (b.provinces[x]!.templesPillagedAt ?? -99) - (b.provinces[y]!.templesPillagedAt ?? -99) || (x < y ? -1 : 1))[0]!;
    if (!moneyOrderRefusal(b, me, { kind: 'pillage', province: p })) money.push({ kind: 'pillage', province: p });
  }
  if (money.length) o.money = money;

  // diplomacy [§8.3, §8.4, §8.7.2, §8.11]
  const besieged = [...besiege].filter((p) => { const x = b.provinces[p]?.controller; return !!x && x !== me; }).sort();
  if (besieged.length) o.besiege = besieged;
  const stillFriends = new Set([...realm.friendsDeclared, ...declare].filter((x) => !(o.friendship?.cancel ?? []).includes(x)));
  const legalRaids = raids.filter((r) => !stillFriends.has(r.target) && !raidRefusal(b, me, r));
  if (legalRaids.length) o.raids = legalRaids;
  const tributaries = others.filter((r) => r.master === me).map((r) => r.id).sort();
  if (tributaries.length && rng.chance(0.4)) o.tributeRates = tributaries.map((t) => ({ tributary: t, rate: rng.pick([0.1, 0.2, 0.3, c.treasury.tributeMaxRate]) }));
  if (tributaries.length && rng.chance(0.15)) o.freeTributaries = [rng.pick(tributaries)];
  const candidates = others.filter((r) => r.kind !== 'barbarian' && provincesOf(r.id) > 0 && !mastersOf(b, r.id).includes(me));
  if (!realm.master && mine.length <= 2 && candidates.length && rng.chance(0.3)) {
    const strongest = [...candidates].sort((x, y) => provincesOf(y.id) - provincesOf(x.id) || (x.id < y.id ? -1 : 1))[0]!;
    o.offerVassalage = strongest.id;
  }
  const weak = others.filter((r) => r.kind !== 'barbarian' && !r.master && provincesOf(r.id) <= 2 && provincesOf(r.id) > 0 && !mastersOf(b, me).includes(r.id)).map((r) => r.id).sort();
  if (weak.length) o.acceptVassals = weak;
  if (realm.master && yokeRight(b, me) && rng.chance(0.7)) o.throwOffYoke = true;
  const captiveGenerals = myArmies.concat(Object.values(b.armies).filter((a) => a.state === me && !loc(a.location))).filter((a) => b.characters[a.general]?.status === 'captive').map((a) => a.id);
  if (captiveGenerals.length && rng.chance(0.5)) o.appointGenerals = [...new Set(captiveGenerals)].sort();
  const captives = Object.values(b.characters).filter((ch) => ch.status === 'captive' && ch.captor === me).map((ch) => ch.id).sort();
  if (captives.length && rng.chance(0.25)) o.releasePrisoners = [rng.pick(captives)];
  // cessions: a tributary cedes a far province to its master now and then; a state cedes to a friend that declared it friend
  const far = mine.filter((p) => p !== capital).sort();
  const cedeTo = realm.master ?? (friendsIn.length && rng.chance(0.3) ? friendsIn[0] : undefined);
  if (cedeTo && far.length && rng.chance(0.06)) {
    const p = rng.pick(far);
    // [P A-22] a tributary ceding to its master asks for the ownership transfer too (no draw: the stream is unchanged)
    if (!cessionRefusal(b, me, p, cedeTo)) o.cessions = [{ province: p, to: cedeTo, ...(cedeTo === realm.master ? { transferOwnership: true } : {}) }];
  }
  // [P A-22] a master takes the ownership its tributaries cede with the transfer ticked (the GM approves)
  if (others.some((r) => r.master === me)) o.acceptOwnership = true;
  // surrender or abandon a besieged province we cannot relieve [§8.1.5]
  const sieged = mine.filter((p) => hostileSeen.some((f) => f.location === p && f.kind === 'army') && !myArmies.some((a) => a.location === p) && p !== capital).sort();
  if (sieged.length && rng.chance(0.3)) {
    const p = rng.pick(sieged);
    const hasGarrison = myDets.some((d) => d.location === p);
    if (rng.chance(hasGarrison ? 0.7 : 0.4)) o.abandon = [p]; else o.surrender = [p];   // abandoning saves a garrison (it goes to a friendly neighbour)
  }
  if (allowedArmies(c, mine.length) > realm.armies.length) o.createArmy = true;
  const bigNeighbours = neighbours.filter((x) => b.realms[x]?.kind !== 'barbarian').sort((x, y) => provincesOf(y) - provincesOf(x) || (x < y ? -1 : 1));
  if (!realm.master && bigNeighbours.length) o.masterChoice = bigNeighbours[0]!;
  if (rng.chance(0.3)) o.declarations = [rng.pick(TEXTS.declaration)];
  if (rng.chance(0.2)) o.rumours = [rng.pick(TEXTS.rumour)];
  const treatyWith = mutual.length ? mutual[0] : friendsIn[0];
  if (treatyWith && rng.chance(0.2)) { const t: TreatyOrder = { id: `${me}-${b.season}`, text: TEXTS.treaty, signatories: [me, treatyWith].sort() }; o.treaties = [t]; }
  const toConfirm = b.treaties.filter((t) => t.signatories.includes(me) && !t.confirmed.includes(me)).map((t) => t.id).sort();
  if (toConfirm.length) o.confirmTreaties = toConfirm;

  if (forces.length) o.forces = forces;
  sheet.orders = o;
  const standMoves = moves.filter((m) => !recalled.has(m.force));   // forces recalled or joined do not march
  if (standMoves.length) sheet.moves = standMoves;
  if (naval.length) sheet.naval = naval;

  // standing parts: postures, retreat preferences, reactions, the sovereign
  const postures: Record<string, Posture> = {};
  const retreat: Record<string, RetreatOption[]> = {};
  for (const a of myArmies) {
    postures[a.id] = !actsAsMainArmy(b, a.id) || rng.chance(0.1) ? 'avoid' : 'engage';
    const opts = retreatOptions(b, a.id);
    const fortress = opts.filter((x) => x.kind === 'fortress');
    retreat[a.id] = a.location === capital ? [...fortress, ...opts.filter((x) => x.kind !== 'fortress')] : opts;
  }
  for (const d of myDets) { const opts = retreatOptions(b, d.id); if (opts.length) retreat[d.id] = rng.shuffle(opts); }
  sheet.postures = postures;
  sheet.retreat = retreat;
  sheet.reactions = myDets.filter((d) => !d.hostArmy).map((d) => ({ force: d.id, ...(capital ? { to: capital } : {}) }));
  const withSovereign = myArmies.filter((a) => a.location === capital && rng.chance(0.3)).map((a) => a.id);
  if (withSovereign.length) sheet.sovereignPresent = withSovereign;
  const armies = Object.values(b.armies).filter((a) => a.state === me);
  // the army to disband should §4.8 take one, named ahead three times in four; else the flow asks (#disband-army) and botDisband answers
  const disband = armies.length > 1 ? botDisband(b, me) : undefined;
  if (disband && rng.chance(0.75)) sheet.disband = disband;
  botSiegeParts(b, me, rng, sheet);
  return sheet;
}

/**
 * §8.1.5 (#relief-sortie, A-61, J14), from the believed state (the view): a besieged garrison army
 * sallies out, half the time, when an enemy army stands outside its fortress (S6.1 refuses it if it
 * is too weak or lacks consent), and offers a contingent to a relief force; a besieger gives a
 * standing relief answer (mostly the A-61 default, sometimes each case or a retreat) and consents
 * to an under-strength sortie now and then. A besieged garrison with a way out orders `withdraw`
 * (case 2 lost, [T §8.4]). In place.
 */
export function botSiegeParts(b: GruikState, me: StateId, rng: Rng, sheet: GruikSheet): void {
  const mine = Object.values(b.armies).filter((a) => a.state === me && typeof a.location === 'string' && a.location !== 'captured').sort((x, y) => (x.id < y.id ? -1 : 1));
  const sorties: ProvinceId[] = [];
  const contingents: Record<ProvinceId, number> = {};
  const withdraw: ProvinceId[] = [];
  for (const a of mine) {
    const p = a.location as ProvinceId;
    if (!a.inFortress || b.provinces[p]?.controller !== me) continue;
    const enemyOutside = Object.values(b.armies).some((x) => x.location === p && !x.inFortress && x.state !== me && hostile(b, x.state, me));
    if (!enemyOutside || sorties.includes(p)) continue;
    if (rng.chance(0.5)) sorties.push(p);
    const max = Math.min(b.config.siege.reliefContingentMax, b.config.detachment.max, a.currentAP - 1);
    if (max >= b.config.detachment.min && rng.chance(0.5)) contingents[p] = max;
    // [T §8.4 "dans le cas 2"] should the besieger beat a case-2 relief, the garrison leaves rather than wait for the fortress to fall:
    // ordered when the believed state shows a way out to another province (land or sea, never a fortress); a capital is held one time in two [ours]
    const out = retreatOptions(b, a.id).some((o) => o.kind !== 'fortress');
    if (out && !withdraw.includes(p) && (p !== b.realms[me]?.capital || rng.chance(0.5))) withdraw.push(p);
  }
  // A garrison of detachments alone (no army of ours in the fortress) withdraws too [T §8.4, §8.1.1], from the same
  // view; a capital's stays [ours] (no draw: the bot's other draws are those it made before detachments could withdraw)
  const held = [...new Set(Object.values(b.detachments).filter((d) => d.state === me && d.inFortress && !d.hostArmy && typeof d.location === 'string' && d.location !== 'captured').map((d) => d.location as ProvinceId))].sort();
  for (const p of held) {
    if (withdraw.includes(p) || p === b.realms[me]?.capital || b.provinces[p]?.controller !== me || mine.some((a) => a.location === p && a.inFortress)) continue;
    if (!Object.values(b.armies).some((x) => x.location === p && !x.inFortress && x.state !== me && hostile(b, x.state, me))) continue;
    if (withdrawingForces(b, p, me).some((id) => retreatOptions(b, id).some((o) => o.kind !== 'fortress'))) withdraw.push(p);
  }
  if (sorties.length) sheet.sorties = sorties;
  if (Object.keys(contingents).length) sheet.contingents = contingents;
  if (withdraw.length) sheet.withdraw = withdraw;
  const relief: NonNullable<GruikSheet['relief']> = {};
  const consent: NonNullable<GruikSheet['sortieConsent']> = {};
  for (const a of mine) {
    if (!a.siegeOf || relief[a.siegeOf]) continue;
    relief[a.siegeOf] = rng.pick(['auto', 'auto', 'auto', 'pin', 'all', 'retreat'] as const);
    consent[a.siegeOf] = rng.chance(0.3);
  }
  if (Object.keys(relief).length) { sheet.relief = relief; sheet.sortieConsent = consent; }
  // a relief force [T §8.4]: a free main army (not raiding, not besieging) marches on an own province where it sees an enemy army at the gates
  const ix = indexMap(b.map);
  const busy = new Set((sheet.orders?.raids ?? []).flatMap((r) => r.forces));
  const threatened = b.map.provinces.map((p) => p.id).filter((p) => b.provinces[p]?.controller === me
    && Object.values(b.armies).some((x) => x.location === p && !x.inFortress && x.state !== me && hostile(b, x.state, me)));
  for (const p of threatened) {
    if (!rng.chance(0.6)) continue;
    const a = mine.find((x) => !x.inFortress && !x.siegeOf && x.location !== p && !busy.has(x.id) && actsAsMainArmy(b, x.id));
    if (!a) break;
    const path = pathTo(ix, a.location as ProvinceId, (q) => q === p);
    const m = path ? legalMove(b, ix, a.id, path) : null;
    if (!m || m.path[m.path.length - 1] !== p) continue;
    sheet.moves = [...(sheet.moves ?? []).filter((x) => x.force !== a.id), m];
    busy.add(a.id);
  }
}

// ─── the other decisions of decisions.ts ─────────────────────────────────────────────────────────

/** #reaction (§5.6): one province for a force that has not moved, toward or away from what the movement report shows. */
export function botReactions(state: GruikState, me: StateId, rng: Rng, keep: readonly string[] = []): MoveOrder[] {
  const v = viewOf(state, me);
  const triggers = v.movementReport;
  if (!triggers.length) return [];
  const b = believedState(v);
  const ix = indexMap(b.map);
  const out: MoveOrder[] = [];
  const own = [...Object.values(b.armies), ...Object.values(b.detachments)].filter((f) => f.state === me && !keep.includes(f.id) && !f.moved && !f.hostArmy && !f.inFortress && loc(f.location)).sort((x, y) => (x.id < y.id ? -1 : 1));
  for (const f of own) {
    if (!rng.chance(0.6)) continue;
    const at = loc(f.location)!;
    const dests = (ix.land[at] ?? []).map((l) => l.province).filter((p) => !reactionRefusal(b, triggers, f.id, p));
    if (dests.length) out.push({ force: f.id, path: [rng.pick(dests)] });
  }
  return out;
}

/**
 * #volunteer-ally (§4.5.4, A-11): a bot keeps its promise and lets its contingent appear, unless the
 * other side is a state it has itself declared a friend, or its master (both public in its view).
 */
export function botVolunteer(state: GruikState, me: StateId, against: StateId): 'appear' | 'withhold' {
  const mine = viewOf(state, me).realms[me];
  if (!mine) return 'appear';
  return mine.friendsDeclared.includes(against) || mine.master === against ? 'withhold' : 'appear';
}

/**
 * #naval-round (§7.9, §7.15, J3): from what the question tells (the other fleet's size as seen) and
 * the bot's own fleet (its view): intercept a fleet no larger than its own, else let it pass; when
 * intercepted, give battle against a fleet no larger than its own, else make for port (an illegal
 * choice falls back as §7.15 says: no friendly port, it retreats).
 */
export function botNavalRound(state: GruikState, me: StateId, q: { kind: 'intercept' | 'respond'; fleet: string; otherShips: number }): string {
  const own = viewOf(state, me).fleets[q.fleet];
  if (!own || own.state !== me) return 'default';
  const stronger = own.ships >= q.otherShips;
  return q.kind === 'intercept' ? (stronger ? 'intercept' : 'pass') : stronger ? 'battle' : 'port';
}

/**
 * `demand-ally` (S3.6, §4.5.4, A-63): a master demands a forced ally of a tributary whose army stands
 * (seen in its view) in the province of one of its own armies, one demand a tributary. The tributary's own `ally … forced` sizes the contingent; else FORCED_ALLY_MIN AP are sent
 * if its army can spare them (organisation.ts `demandsOfMasters`).
 */
export function botDemands(v: GruikView, b: GruikState): ForceOrder[] {
  const me = v.viewer;
  if (!me) return [];
  const tributaries = Object.values(b.realms).filter((r) => r.master === me).map((r) => r.id).sort();
  const mine = Object.values(b.armies).filter((a) => a.state === me && loc(a.location)).sort((x, y) => (x.id < y.id ? -1 : 1));
  const out: ForceOrder[] = [];
  for (const t of tributaries) {
    const host = mine.find((a) => v.seen.some((f) => f.kind === 'army' && f.state === t && f.location === a.location && !f.inFortress));
    if (host) out.push({ kind: 'demand-ally', tributary: t, host: host.id });
  }
  return out;
}

/** #create-army (§4.8, §11.6): a bot raises every army it may (the default; an army costs nothing to raise). */
export function botCreateArmy(): 'create' { return 'create'; }

/** #tabletop-accept (§6.12): bots do not play on the table; they decline, and the battle goes to ABR (the §11.6 default). */
export function botTabletopAccept(): boolean { return false; }

/** #battle-report (§6.12.1): a bot never reports a tabletop result (none was played): null, ABR applies. */
export function botBattleReport(): null { return null; }

/** #report-confirmation (§6.12.1): a bot confirms the other side's report (the §11.6 default). */
export function botConfirmReport(): boolean { return true; }

/** #disband-army (§4.8): the army with the fewest AP away from the capital, else the fewest AP (own forces only: no hidden data). */
export function botDisband(state: GruikState, me: StateId): string | undefined {
  const capital = state.realms[me]?.capital;
  const mine = Object.values(state.armies).filter((a) => a.state === me).sort((x, y) => (x.location === capital ? 1 : 0) - (y.location === capital ? 1 : 0) || x.currentAP - y.currentAP || (x.id < y.id ? -1 : 1));
  return mine[0]?.id;
}

/** #master-tie (§8.4.1, J22): the candidate controlling the most provinces (public), ties to the lowest id. */
export function botMasterTie(state: GruikState, candidates: readonly StateId[]): StateId | undefined {
  return [...candidates].sort((x, y) => controlledBy(state, y).length - controlledBy(state, x).length || (x < y ? -1 : 1))[0];
}

/** Every kind of order a sheet may hold, as the soak counts them (rules §2.12). */
export function orderKinds(sheet: GruikSheet): string[] {
  const k: string[] = [];
  const o = sheet.orders ?? {};
  for (const m of sheet.moves ?? []) k.push(m.joins ? 'move-join' : m.force.includes(':D') ? 'move-detachment' : 'move-army');
  for (const n of sheet.naval ?? []) {
    for (const a of n.actions) k.push(`fleet-${a.do}`);
    if (n.end?.blockade) k.push('fleet-blockade'); else if (n.end?.port) k.push('fleet-port'); else if (n.end?.coast) k.push('fleet-coast');
    if (n.policy && Object.keys(n.policy).length) k.push('fleet-policy');
    if (n.policy?.ask) k.push('fleet-ask');
  }
  if (o.friendship?.declare?.length) k.push('friendship-declare');
  if (o.friendship?.cancel?.length) k.push('friendship-cancel');
  for (const f of o.forces ?? []) k.push(f.kind === 'ally' && f.forced ? 'ally-forced' : f.kind);
  for (const m of o.money ?? []) k.push(m.kind === 'gift' && m.note ? 'loan' : m.kind);
  for (const r of o.raids ?? []) k.push(r.forces.some((x) => x.includes(':F')) ? 'raid-fleet' : 'raid-land');
  const flags: [keyof StateOrders, string][] = [['cessions', 'cession'], ['offerVassalage', 'offer-vassalage'], ['acceptVassals', 'accept-vassals'], ['freeTributaries', 'free-tributary'],
    ['tributeRates', 'tribute-rate'], ['throwOffYoke', 'throw-off-yoke'], ['appointGenerals', 'appoint-general'], ['releasePrisoners', 'release-prisoner'], ['besiege', 'besiege'],
    ['noSiege', 'no-siege'], ['attack', 'attack'], ['surrender', 'surrender'], ['abandon', 'abandon'], ['createArmy', 'create-army'], ['masterChoice', 'master-choice'], ['declarations', 'declaration'],
    ['rumours', 'rumour'], ['treaties', 'treaty'], ['confirmTreaties', 'confirm-treaty']];
  if ((o.cessions ?? []).some((c) => c.transferOwnership)) k.push('cession-ownership');
  if (o.acceptOwnership) k.push('accept-ownership');
  for (const [key, name] of flags) { const x = o[key]; if (x !== undefined && x !== false && !(Array.isArray(x) && x.length === 0)) k.push(name); }
  if (Object.values(sheet.postures ?? {}).includes('avoid')) k.push('posture-avoid');
  if (Object.values(sheet.postures ?? {}).includes('engage')) k.push('posture-engage');
  if (Object.keys(sheet.retreat ?? {}).length) k.push('retreat-preferences');
  if (sheet.reactions?.length) k.push('reaction-policy');
  if (sheet.sovereignPresent?.length) k.push('sovereign-present');
  if (sheet.disband) k.push('disband-choice');
  if (sheet.sorties?.length) k.push('sortie');
  if (Object.keys(sheet.contingents ?? {}).length) k.push('contingent');
  if (Object.keys(sheet.relief ?? {}).length) k.push('relief-answer');
  if (Object.values(sheet.sortieConsent ?? {}).includes(true)) k.push('sortie-consent');
  if (sheet.withdraw?.length) k.push('withdraw');
  return k;
}

/** The order kinds of §2.12 a soak must see used (orderKinds' names). */
export const ORDER_KINDS = [
  'move-army', 'move-detachment', 'fleet-move', 'fleet-embark', 'fleet-disembark', 'fleet-raid', 'fleet-blockade', 'fleet-port', 'fleet-policy',
  'friendship-declare', 'friendship-cancel', 'detach', 'resize', 'recall', 'join', 'ally', 'split-fleet', 'merge-fleets', 'exchange-ships', 'combine-fleets',
  'effort', 'prestige', 'ships', 'gift', 'loan', 'pillage', 'raid-land', 'raid-fleet', 'cession', 'offer-vassalage', 'accept-vassals', 'tribute-rate',
  'free-tributary', 'throw-off-yoke', 'ally-forced', 'move-join', 'appoint-general', 'release-prisoner', 'besiege', 'attack', 'no-siege', 'surrender', 'abandon', 'create-army', 'master-choice', 'declaration', 'rumour',
  'demand-ally', 'fleet-ask',
  'treaty', 'confirm-treaty', 'posture-avoid', 'posture-engage', 'retreat-preferences', 'reaction-policy', 'sovereign-present',
  'relief-answer', 'sortie-consent',
] as const;
/** Order kinds counted when used, not required of a short soak: a garrison in its fortress facing a siege is rare on the fixture (§8.1.5). */
export const RARE_ORDER_KINDS = ['sortie', 'contingent', 'withdraw', 'cession-ownership', 'accept-ownership'] as const;
