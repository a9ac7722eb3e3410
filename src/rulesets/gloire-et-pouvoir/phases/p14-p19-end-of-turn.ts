/**
 * Phases 14 (migrations, revolts, memory), 15 (desertion, pay, upkeep, garrison bonus),
 * 16 (fortifications, FOR), 17 (titles), 18 (repatriation), 19 (victory) [rules §4.14–4.19].
 */
import type { Ctx } from '../context.ts';
import { armiesOfLord, armyOf, cancel, emit, knightsOfLord, forEachOrder, garrisonAt, nearestOwned, ownedBy, relationsOf, removeArmy, removeKnight, repatriateGarrison, setOwner, setHappiness, setPopulation, setTreasury, sortInPlace, territoriesOf } from '../context.ts';
import { afterRetreatLosses, forEachMigration, forEachMigrationAt, livingLords, roundHalfUp, titleFor } from '../formulas.ts';
import type { Army, Knight, LordId, TerritoryId } from '../state.ts';
import { FORTIFICATIONS } from '../config.ts';
import { idNumber, lordIdCompare, relation } from '../state.ts';

export function phase14(ctx: Ctx): void {
  const { s, cfg } = ctx;
  // 14.1 migrations [P G-30]: frozen values, simultaneous flows.
  // The flows read the map's territories and the state's values, none changed until all are summed
  // (no copy of the territories nor list of flows: issue 20).
  // By the map's places (migrationPlaces): each territory looked up once, the sums in two arrays
  // (0 + people, as `(get ?? 0) + people`); by id when the map's list does not allow it.
  const places = migrationPlaces(ctx.map);
  let outAt: Float64Array | null = null, innAt: Float64Array | null = null;
  let out: Map<string, number> | null = null, inn: Map<string, number> | null = null;
  if (places) {
    const at = ctx.map.territories.map((m) => s.territories[m.id]);
    const o = outAt = new Float64Array(at.length), i = innAt = new Float64Array(at.length);
    forEachMigrationAt(cfg, places.adjacent, at, (from, to, people) => { o[from] += people; i[to] += people; });
  } else {
    const o = out = new Map<string, number>(), i = inn = new Map<string, number>();
    forEachMigration(cfg, ctx.map.territories, (id) => s.territories[id], (from, to, people) => {
      o.set(from, (o.get(from) ?? 0) + people);
      i.set(to, (i.get(to) ?? 0) + people);
    });
  }
  for (const t of territoriesOf(ctx)) { // the state's territories in its order (as Object.values)
    let o = 0, i = 0;
    if (places) {
      const p = places.of.get(t.id);
      if (p !== undefined) { o = outAt![p]!; i = innAt![p]!; }
    } else { o = out!.get(t.id) ?? 0; i = inn!.get(t.id) ?? 0; }
    if (!o && !i) continue;
    const before = t.population; // as the flows read it: each territory's population changes only here, once
    setPopulation(ctx, t, t.population - o + i);
    if (t.owner) emit(ctx, [t.owner], { type: 'migration', lord: t.owner, territory: t.id, before, after: t.population, out: o, in: i });
  }
  // 14.2 revolts: owned land with happiness 0 becomes independent [T, P G-31].
  s.revoltedThisTurn = [];
  for (const id of idsInLocaleOrder(ctx)) {
    const t = s.territories[id]!;
    if (t.owner === null || t.happiness > 0) continue;
    const lord = t.owner;
    s.lords[lord]!.memory[t.id] = { value: 0, lostTurn: ctx.turn };
    setOwner(ctx, t, null);
    s.revoltedThisTurn.push(t.id);
    emit(ctx, 'all', { type: 'revolt', lord, territory: t.id });
    const g = garrisonAt(ctx, lord, t.id);
    if (g) repatriateGarrison(ctx, g);
  }
  // 14.3 memory: +1 every 3 turns after the loss, up to 20, while the lord does not own it [T, P G-32].
  for (const lord of livingLords(s)) {
    const l = s.lords[lord]!;
    for (const tid in l.memory) { // a plain record: its own keys, in Object.entries' order, without the pairs
      const m = l.memory[tid]!;
      const elapsed = ctx.turn - m.lostTurn;
      if (m.value >= cfg.memoryRecoveryCap || s.territories[tid]!.owner === lord) continue;
      if (elapsed > 0 && elapsed % cfg.memoryRecoveryEvery === 0) {
        m.value = Math.min(cfg.memoryRecoveryCap, m.value + 1);
        emit(ctx, [lord], { type: 'memory', lord, territory: tid, value: m.value });
      }
    }
  }
}

/**
 * Each territory's place in the map's list and the places of its neighbours, once per map (maps are
 * constant); null when an id repeats or a neighbour is not in the list (phase 14 then sums by id).
 */
const MIGRATION_PLACES = new WeakMap<object, { of: Map<TerritoryId, number>; adjacent: number[][] } | null>();
function migrationPlaces(map: Ctx['map']): { of: Map<TerritoryId, number>; adjacent: number[][] } | null {
  let p = MIGRATION_PLACES.get(map);
  if (p === undefined) {
    const of = new Map<TerritoryId, number>();
    map.territories.forEach((t, i) => of.set(t.id, i));
    const adjacent = map.territories.map((t) => t.adjacent.map((id) => of.get(id) ?? -1));
    p = of.size === map.territories.length && adjacent.every((xs) => !xs.includes(-1)) ? { of, adjacent } : null;
    MIGRATION_PLACES.set(map, p);
  }
  return p;
}

/** The territories' ids sorted by localeCompare, once per map (the ids of a map never change). */
const LOCALE_ORDER = new WeakMap<object, TerritoryId[]>();
function idsInLocaleOrder(ctx: Ctx): TerritoryId[] {
  let ids = LOCALE_ORDER.get(ctx.map);
  const all = territoriesOf(ctx);
  if (!ids || ids.length !== all.length || !ids.every((id) => ctx.s.territories[id])) {
    ids = all.map((t) => t.id).sort((a, b) => a.localeCompare(b));
    LOCALE_ORDER.set(ctx.map, ids);
  }
  return ids;
}

export function phase15(ctx: Ctx): void {
  const { s, cfg } = ctx;
  // Each lord's knights (in id order) and armies, from the turn's indexes: a lord's upkeep touches
  // only his own, and no knight or army is created in this phase (copies: the loops remove some).
  for (const lord of ctx.snap.order) {
    const l = s.lords[lord];
    if (!l?.alive) continue;
    const lk = s.knights[l.lordKnight]!;
    // 1. renown desertion: R ≥ 2 × R(lord-knight); his army follows him [T, P C-19].
    for (const k of sortInPlace([...knightsOfLord(ctx, lord)], byId)) {
      if (k.isLordKnight || k.renown < cfg.desertionRenownFactor * lk.renown) continue;
      emit(ctx, [lord], { type: 'desertion', lord, knight: k.id, name: k.name, men: armyOf(ctx, k)?.strength ?? 0, cause: 'renown' });
      removeKnight(ctx, k);
    }
    // 2. knights' pay, oldest recruit first, none in the recruitment turn; unpaid knights desert [T].
    let pay = 0;
    // (filtered from the index, then in id order: the same list as the sorted copy filtered, one array less)
    const payees = sortInPlace(sortInPlace(knightsOfLord(ctx, lord).filter((k) => !k.isLordKnight && k.hiredTurn < ctx.turn), byId), byHire);
    for (const k of payees) {
      const wage = roundHalfUp(k.hireRenown);
      if (l.treasury >= wage) { setTreasury(ctx, l, l.treasury - wage); pay += wage; continue; }
      emit(ctx, [lord], { type: 'desertion', lord, knight: k.id, name: k.name, men: armyOf(ctx, k)?.strength ?? 0, cause: 'unpaid' });
      removeKnight(ctx, k);
    }
    // 3. army upkeep, 10 % of strength: commanded armies then garrisons, by id; unpaid → demobilised [T, P G-33].
    let upkeep = 0;
    const armies = sortInPlace([...armiesOfLord(ctx, lord)], commandedFirst);
    for (const a of armies) {
      const cost = roundHalfUp(cfg.armyUpkeep * a.strength);
      if (l.treasury >= cost) { setTreasury(ctx, l, l.treasury - cost); upkeep += cost; continue; }
      removeArmy(ctx, a);
      emit(ctx, [lord], { type: 'army-demobilised', lord, army: a.id, men: a.strength, territory: a.location, cause: 'upkeep' });
    }
    emit(ctx, [lord], { type: 'upkeep', lord, pay, armies: upkeep, treasuryAfter: l.treasury });
    // 4. garrison happiness bonus, after the revolts [T, P C-13].
    for (const g of sortInPlace(armiesOfLord(ctx, lord).filter((a) => a.commander === null), byArmyId)) {
      const t = s.territories[g.location]!;
      if (t.owner !== lord || g.strength <= 0) continue;
      const bonus = Math.min(cfg.garrisonBonusCap, g.strength / cfg.garrisonBonusPer);
      setHappiness(ctx, t, t.happiness + bonus);
      emit(ctx, [lord], { type: 'garrison-bonus', lord, territory: t.id, bonus, hAfter: t.happiness });
    }
  }
}

/** Knights in id order, as knightsOf gives them. */
const byId = (a: Knight, b: Knight) => lordIdCompare(a.id, b.id);
/** Pay order: the oldest recruit first, then by number [T]. */
const byHire = (a: Knight, b: Knight) => a.hiredTurn - b.hiredTurn || idNumber(a.id) - idNumber(b.id);
/** Upkeep order: commanded armies, then garrisons, each by id [P G-33]. */
const commandedFirst = (a: Army, b: Army) => Number(a.commander === null) - Number(b.commander === null) || a.id - b.id;
const byArmyId = (a: Army, b: Army) => a.id - b.id;

export function phase16(ctx: Ctx): void {
  const { s, cfg } = ctx;
  const built = new Set<string>();
  forEachOrder(ctx, ['FOR'], (lord, line) => {
    const o = line.order;
    const t = s.territories[o.territory];
    const l = s.lords[lord]!;
    if (!t || t.owner !== lord) return cancel(ctx, lord, line, 'not-own-territory');
    if (built.has(t.id)) return cancel(ctx, lord, line, 'duplicate');
    if (FORTIFICATIONS.indexOf(o.type) <= FORTIFICATIONS.indexOf(t.fortification)) return cancel(ctx, lord, line, 'not-weaker-fortification');
    const cost = cfg.fortCost[o.type]; // full price even when upgrading [T]
    if (l.treasury < cost) return cancel(ctx, lord, line, 'no-funds');
    setTreasury(ctx, l, l.treasury - cost);
    built.add(t.id);
    const hBefore = t.happiness;
    setHappiness(ctx, t, t.happiness * (1 + cfg.fortHappiness[o.type]));
    t.fortification = o.type;
    emit(ctx, [lord], { type: 'fortified', lord, territory: t.id, fortification: o.type, cost, hBefore, hAfter: t.happiness });
  });
}

export function phase17(ctx: Ctx): void {
  // Titles do not enter the global renown: every lord's live GR is the same whatever the order
  // in which titles are given, so they are computed together (the same values as liveGR). Nothing
  // changed since the phase's snapshot was taken, so they are its values (the same computation).
  const gr = ctx.snap.gr;
  for (const lord of ctx.snap.order) {
    const l = ctx.s.lords[lord]!;
    if (!l.alive) continue;
    const to = titleFor(ctx.cfg, ctx.s.mapKey, gr[lord]!);
    if (to !== l.title) emit(ctx, [lord], { type: 'title', lord, from: l.title, to });
    l.title = to;
  }
}

export function phase18(ctx: Ctx): void {
  const { s, cfg } = ctx;
  const revolted = new Set(cfg.repatriateFromRevolted ? s.revoltedThisTurn : []);
  const foreign = (lord: LordId, t: string) => {
    const owner = s.territories[t]!.owner;
    if (owner === null) return revolted.has(t) ? !ownedBy(ctx, lord).includes(t) : false;
    return owner !== lord && relation(s, lord, owner) !== 'alliance';
  };
  // Each lord's knights and garrisons, from the turn's indexes: a lord's repatriation moves only
  // his own, and creates armies only for him, in his own garrison loop (below, over a copy).
  for (const lord of ctx.snap.order) {
    if (!s.lords[lord]?.alive) continue;
    for (const k of sortInPlace([...knightsOfLord(ctx, lord)], byId)) {
      if (!foreign(lord, k.location)) continue;
      const dest = nearestOwned(ctx, lord, k.location);
      if (!dest) continue; // a lord with no land: his knights stay [P G-36]
      const a = armyOf(ctx, k);
      const before = a?.strength ?? 0;
      const after = afterRetreatLosses(cfg, before, dest.distance);
      const from = k.location;
      k.location = dest.to;
      if (a) {
        a.location = dest.to;
        a.strength = after;
        if (after === 0) removeArmy(ctx, a); // the knight survives [P G-22]
      }
      emit(ctx, [lord], { type: 'repatriated', lord, knight: k.id, army: a?.id ?? null, from, to: dest.to, distance: dest.distance, before, after });
    }
    // Garrisons never stand on foreign land (they go home at once); this is a safety net.
    for (const g of sortInPlace(armiesOfLord(ctx, lord).filter((a: Army) => a.commander === null), byArmyId)) {
      if (s.territories[g.location]!.owner !== lord) repatriateGarrison(ctx, g);
    }
  }
}

export function phase19(ctx: Ctx): void {
  const { s, cfg } = ctx;
  const key = s.mapKey;
  const lords = livingLords(s);
  // Nothing has changed since the phase's snapshot: its global renowns are the live ones.
  const gr = new Map(lords.map((l) => [l, ctx.snap.gr[l]!]));
  const owned = new Map<LordId, number>();
  for (const t of territoriesOf(ctx)) if (t.owner !== null) owned.set(t.owner, (owned.get(t.owner) ?? 0) + 1);
  const count = (l: LordId) => owned.get(l) ?? 0;
  emit(ctx, 'all', {
    type: 'ranking',
    entries: lords.map((l) => ({ lord: l, renown: gr.get(l)!, title: s.lords[l]!.title, territories: count(l) }))
      .sort((a, b) => b.renown - a.renown || a.lord.localeCompare(b.lord)),
  });
  for (const l of Object.keys(s.lords)) {
    const start = ctx.flags.startTreasury[l];
    if (start !== undefined && s.lords[l]!.alive) emit(ctx, [l], { type: 'treasury', lord: l, start, end: s.lords[l]!.treasury });
  }
  if (lords.length === 0) { // every lord is out: no King [P G-37]
    s.finished = true; s.victory = 'none'; s.king = null;
    emit(ctx, 'all', { type: 'victory', lord: null, reason: 'none' });
    return;
  }
  const renown = cfg.victories.renown ? lords.filter((l) => gr.get(l)! > cfg.renownVictory[key]) : [];
  const conquest = cfg.victories.conquest ? lords.filter((l) => count(l) >= cfg.conquestVictory[key]) : [];
  // Allied with every other living lord: his allies (living lords, never himself) are all of them.
  const lists = relationsOf(ctx);
  const alliance = cfg.victories.alliance ? lords.filter((l) => (lists.allies.get(l)?.length ?? 0) === lords.length - 1) : [];
  const [reason, cands] = renown.length ? ['renown', renown] as const : conquest.length ? ['conquest', conquest] as const : alliance.length ? ['alliance', alliance] as const : [null, []] as const;
  if (reason) {
    const king = cands.slice().sort((a, b) => gr.get(b)! - gr.get(a)! || a.localeCompare(b))[0]!;
    s.finished = true; s.king = king; s.victory = reason;
    emit(ctx, 'all', { type: 'victory', lord: king, reason });
  }
}
