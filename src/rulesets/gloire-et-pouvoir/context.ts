/**
 * The working context of one turn's resolution: the state being changed, the frozen phase
 * snapshot (rules §3.3.2), the ordering key (§3.3.1), the turn's order sheets, per-turn flags
 * (Appendix B: they live here and vanish with the turn) and shared operations that several
 * phases use (death of a lord, change of owner, repatriation).
 */
import type { Rng } from '../../engine/rng.ts';
import type { GPConfig } from './config.ts';
import type { CancelReason, GPEvent, GPEventBody, Audience, OrderRef } from './events.ts';
import { afterRetreatLosses, dropFromRelationLists, globalRenown, globalRenownParts, livingLords, lordKnightRenown, relationLists, renownOf, updateRelationLists, type RelationLists, type RenownParts } from './formulas.ts';
import { getMap, mapIndex } from './maps/index.ts';
import type { GameMap } from './maps/types.ts';
import type { Order, OrderCode, SheetLine } from './orders/types.ts';
import type { Army, GPState, Knight, Lord, LordId, Territory, TerritoryId } from './state.ts';
import { lordIdCompare, relKey } from './state.ts';

export interface Snapshot {
  avgHappiness: number;
  avgKnightRenown: number;
  avgGR: number;
  maxGR: number;
  avgPopulation: number;
  gr: Record<LordId, number>;
  /** Living lords in ascending GR (ties: earliest submitted sheet, then id) [T §3.3.1, P G-06]. */
  order: LordId[];
}

/** `caretaker`: the lord sent no orders and his steward wrote these (reported at the top of his BILAN). */
export interface TurnSheet { lines: SheetLine[]; submittedOrder: number; caretaker?: true }

export interface Ctx {
  s: GPState;
  cfg: GPConfig;
  map: GameMap;
  adjacency: Map<TerritoryId, Set<TerritoryId>>;
  distances: (from: TerritoryId) => Map<TerritoryId, number>;
  rng: Rng;
  turn: number;
  phase: number;
  /**
   * The aggregates frozen at the start of the phase. A phase that declares it does not read them
   * (`PhaseDef.snapshot` in turn.ts) has none, and reading it then throws: a missed snapshot is
   * loud, never a stale value.
   */
  snap: Snapshot;
  /** The current phase's snapshot, or null when the phase took none (read through `snap`). */
  frozen: Snapshot | null;
  sheets: Record<LordId, TurnSheet>;
  events: GPEvent[];
  /** The order being carried out (set by forEachOrder): the events it causes carry it, for the BILAN to cite its line. */
  orderLine: OrderRef | null;
  /** The relations indexed by lord (allies, enemies), kept until a relation or a lord's life changes. */
  relLists: RelationLists | null;
  /** The order codes present in the turn's sheets (the sheets do not change during the turn). */
  codes: { all: Set<OrderCode>; byLord: Map<LordId, Set<OrderCode>>; lines: Map<LordId, Map<OrderCode, SheetLine[]>>; sheets: number } | null;
  /** The lords with sheets in the order of the current phase's snapshot (see orderedSheetLords). */
  sheetOrder: { snap: Snapshot; lords: LordId[] } | null;
  /** Each lord's territories in the state's order (see landOf), dropped whenever an owner changes. */
  landIndex: Map<LordId, Territory[]> | null;
  /** The renown parts the snapshots are made from, kept up to date between phases (see RenownCache). */
  renown: RenownCache | null;
  /** Each lord's knights (see knightsOfLord), rebuilt when a knight is hired. */
  knightIndex: { next: number; byLord: Map<LordId, Knight[]> } | null;
  /** Every territory in the state's order (territories are never added or removed; see territoriesOf). */
  territoryList: Territory[] | null;
  /** Every knight in the state's order, kept by addKnight; knights gone are dropped when it is next read (see allKnights). */
  knightList: { list: Knight[]; gone: number } | null;
  /** Each lord's armies in the state's order (ascending id), kept by newArmy and removeArmy (see armiesOfLord). */
  armyIndex: Map<LordId, Army[]> | null;
  /** How many knights left the state this turn (forgetKnight): the list of every knight drops them when it is next read. */
  knightsGone: number;
  flags: {
    attackOrigin: Map<string, TerritoryId>; // knights with an ATT order → their origin at phase 7 start
    attacked: Set<string>; // knights whose attack ran
    conquered: Set<string>;
    moved: Set<string>;
    recruited: Record<LordId, number>;
    purchased: Set<LordId>;
    jousting: Set<string>;
    peasants: Map<TerritoryId, number>; // persistentPeasants variant
    startTreasury: Record<LordId, number>;
  };
}

/** Each map's adjacency sets, built once (maps are constant; the sets are only read). */
const ADJACENCY = new WeakMap<GameMap, Map<TerritoryId, Set<TerritoryId>>>();

export function createCtx(s: GPState, sheets: Record<LordId, TurnSheet>, rng: Rng): Ctx {
  const map = getMap(s.map);
  const idx = mapIndex(map);
  let adjacency = ADJACENCY.get(map);
  if (!adjacency) ADJACENCY.set(map, adjacency = new Map(map.territories.map((t) => [t.id, new Set(t.adjacent)])));
  const ctx: Ctx = {
    s, cfg: s.config, map, adjacency, distances: idx.distances, rng, turn: s.turn, phase: 0, sheets, events: [], orderLine: null, relLists: null, knightIndex: null, codes: null, sheetOrder: null, landIndex: null, renown: null, armyIndex: null, territoryList: null, knightList: null, knightsGone: 0,
    frozen: { avgHappiness: 0, avgKnightRenown: 0, avgGR: 0, maxGR: 0, avgPopulation: 0, gr: {}, order: [] },
    get snap(): Snapshot {
      if (!this.frozen) throw new Error(`phase ${this.phase} reads the phase snapshot but declares that it takes none (turn.ts)`);
      return this.frozen;
    },
    set snap(v: Snapshot) { this.frozen = v; },
    flags: {
      attackOrigin: new Map(), attacked: new Set(), conquered: new Set(), moved: new Set(), recruited: {},
      purchased: new Set(), jousting: new Set(), peasants: new Map(), startTreasury: {},
    },
  };
  return ctx;
}

/**
 * What the phase snapshots are made from, kept for the whole turn and brought up to date from what
 * changed since the last one, instead of summed again from every knight, territory and relation at
 * each phase (issue 20). Every write to an input of the global renown goes through this file —
 * setTreasury, setHappiness, setPopulation, setRenown, addKnight, forgetKnight/removeKnight,
 * setOwner, setRelation, eliminateLord — and marks here what it changes: so a snapshot is never
 * stale (test/gloire-et-pouvoir/snapshot-incremental.test.ts compares it with a fresh one after
 * every phase of random bot-played turns). A lord's parts are computed by the same formula, over
 * the same terms in the same order, as the full pass: the figures are the same to the last bit.
 */
export interface RenownCache {
  /** The renown parts of every living lord, as of the last snapshot. */
  parts: Map<LordId, RenownParts>;
  avgHappiness: number;
  avgPopulation: number;
  avgKnightRenown: number;
  /** A territory's happiness or population changed: the averages are summed again (and, if avgH moved, every S2). */
  lands: boolean;
  /** A knight's renown changed, or a knight came or went: the knights' average is summed again. */
  knights: boolean;
  /** Every lord's allies and enemies terms are due again (the first snapshot, or a relation or a death the index could not follow). */
  relations: boolean;
  /** The lords whose own terms changed (lord-knight, knights, land, treasury). */
  dirty: Set<LordId>;
  /** The lords whose allies term changed (the lord-knight of an ally, or the list of their allies). */
  relDirty: Set<LordId>;
  /** The lords whose enemies term changed (the lord-knight of an enemy or an enemy's ally, or their lists). */
  enemyDirty: Set<LordId>;
  /** The last snapshot, taken again as it is while nothing changed. */
  snap: Snapshot | null;
  /** The parts were brought up to date within the phase (refreshParts): the last snapshot no longer matches them. */
  stale: boolean;
  /** The living lords in the state's order (livingLords), until a lord leaves the game (eliminateLord drops it). */
  lords: LordId[] | null;
  /** The last snapshot's sort entries, in its order, while the living lords are the same (`lords`). */
  entries: SortEntry[] | null;
  /** Each lord-knight's renown as last read (lordKnightRenown), for the turn; setRenown and the loss of a lord or knight drop it. */
  lk: Map<LordId, number>;
}

/** Freezes the aggregates at the start of a phase [T §3.3.2, P G-44]. */
export function takeSnapshot(ctx: Ctx): void {
  const { s } = ctx;
  let c = ctx.renown;
  if (c && c.snap && !c.stale && !c.lands && !c.knights && !c.relations && c.dirty.size === 0 && c.relDirty.size === 0 && c.enemyDirty.size === 0) { ctx.snap = c.snap; return; }
  const first = !c;
  c ??= ctx.renown = { parts: new Map(), avgHappiness: 0, avgPopulation: 0, avgKnightRenown: 0, lands: true, knights: true, relations: true, dirty: new Set(), relDirty: new Set(), enemyDirty: new Set(), snap: null, lords: null, stale: false, entries: null, lk: new Map() };
  let s2All = first;
  if (c.lands) {
    // Sums in the state's order, from 0, as a reduce over the values would make them.
    let sumH = 0, sumP = 0, nT = 0;
    for (const t of territoriesOf(ctx)) { sumH += t.happiness; sumP += t.population; nT++; }
    const avgHappiness = nT ? sumH / nT : 0;
    if (!Object.is(avgHappiness, c.avgHappiness)) s2All = true; // every lord's S2 divides by it
    c.avgHappiness = avgHappiness;
    c.avgPopulation = nT ? sumP / nT : 0;
  }
  if (c.knights) {
    let sumR = 0, nK = 0;
    for (const k of allKnights(ctx)) { sumR += k.renown; nK++; }
    c.avgKnightRenown = nK ? sumR / nK : 0;
  }
  const sameLords = c.lords !== null;
  const lords = (c.lords ??= livingLords(s));
  const lists = relationsOf(ctx);
  if (first) c.parts = renownOf(s, lords, c.avgHappiness, lists, allKnights(ctx), territoriesOf(ctx));
  else updateParts(ctx, c, lords, lists, s2All, !sameLords);
  c.lands = c.knights = c.relations = c.stale = false;
  c.dirty.clear();
  c.relDirty.clear();
  c.enemyDirty.clear();
  // Each lord's GR in a typed list (the totals as of now: the parts change after), the record
  // `gr` made from it only when a phase reads it (most never do; issue 20: a record of 100 keys is
  // a hash table, built at every snapshot).
  const totals = new Float64Array(lords.length);
  let sum = 0, max = -Infinity;
  for (let i = 0; i < lords.length; i++) {
    const g = c.parts.get(lords[i]!)!.total;
    totals[i] = g;
    sum += g; // mean(): a reduce from 0 in the living lords' order
    max = Math.max(max, g); // Math.max(...grs), pairwise
  }
  // Ascending GR, then the earliest sheet, then id: a total order, so the one sorted result —
  // whichever way it is sorted. The same lords as the last snapshot: its entries, kept in its order,
  // take the new GRs; a few moved, so an insertion sort of the nearly sorted list (bounded: past
  // SHIFTS_MAX moves, a full sort). The sheets do not change during the turn: nor does `sub`.
  let sorted = sameLords && c.snap ? c.entries : null;
  if (sorted && sorted.length === lords.length) {
    for (const x of sorted) x.g = c.parts.get(x.l)!.total;
    if (!insertionSort(sorted, SHIFTS_MAX)) sorted.sort(byGR);
  } else {
    sorted = lords.map((l) => ({ l, g: c.parts.get(l)!.total, sub: ctx.sheets[l]?.submittedOrder ?? Infinity }));
    sorted.sort(byGR);
  }
  c.entries = sorted;
  const order = sorted.map((x) => x.l);
  const avgGR = lords.length ? sum / lords.length : 0;
  ctx.snap = c.snap = frozenSnapshot(c.avgHappiness, c.avgPopulation, c.avgKnightRenown, lords, totals, order, avgGR, lords.length ? max : 0);
}

/**
 * A snapshot whose `gr` record is made on its first read, from the GRs frozen in `totals` (in the
 * order of `lords`, which no one changes: a lord's leaving makes a new list): the same keys in the
 * same order and the same values as the record built at once; read again, the same object.
 */
function frozenSnapshot(avgHappiness: number, avgPopulation: number, avgKnightRenown: number, lords: readonly LordId[], totals: Float64Array, order: LordId[], avgGR: number, maxGR: number): Snapshot {
  let gr: Record<LordId, number> | null = null;
  return {
    avgHappiness, avgPopulation, avgKnightRenown,
    get gr(): Record<LordId, number> {
      if (!gr) {
        gr = {};
        for (let i = 0; i < lords.length; i++) gr[lords[i]!] = totals[i]!;
      }
      return gr;
    },
    order, avgGR, maxGR,
  };
}

/** A living lord's place in the snapshot's order: his GR then, and his sheet's rank (see byGR). */
interface SortEntry { l: LordId; g: number; sub: number }

const byGR = (a: SortEntry, b: SortEntry) => a.g - b.g || a.sub - b.sub || lordIdCompare(a.l, b.l);
const SHIFTS_MAX = 1000;

/** Sorts `xs` by byGR in place; false (and `xs` half sorted, each entry once) past `max` moves. */
function insertionSort(xs: SortEntry[], max: number): boolean {
  let shifts = 0;
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i]!;
    let j = i - 1;
    while (j >= 0 && byGR(xs[j]!, x) > 0) {
      if (++shifts > max) { xs[j + 1] = x; return false; } // x back in the hole: still a permutation
      xs[j + 1] = xs[j]!;
      j--;
    }
    xs[j + 1] = x;
  }
  return true;
}

/**
 * Brings the kept parts up to date: each term computed by the formula of renownOf, over the same
 * terms in the same order (a lord's knights and land in the state's order, his allies and enemies
 * in the lords' order), so the same to the last bit; only the terms whose inputs changed.
 */
function updateParts(ctx: Ctx, c: RenownCache, lords: readonly LordId[], lists: RelationLists, s2All: boolean, lordLeft: boolean): void {
  const { s } = ctx;
  const cfg = s.config;
  const avgH = c.avgHappiness;
  if (lordLeft) for (const l of c.parts.keys()) if (!s.lords[l]?.alive) c.parts.delete(l); // only eliminateLord ends a life
  // S2 of every lord, when the average happiness moved: one pass over the territories.
  let s2: Map<LordId, number> | null = null;
  if (s2All) {
    s2 = new Map();
    for (const l of lords) s2.set(l, 0);
    if (avgH > 0) for (const t of territoriesOf(ctx)) {
      if (t.owner === null) continue;
      const v = s2.get(t.owner);
      if (v !== undefined) s2.set(t.owner, v + (t.happiness / avgH) * (t.population / cfg.populationDivisor));
    }
  }
  for (const l of lords) {
    const p = c.parts.get(l)!;
    const own = c.dirty.has(l);
    const rel = c.relations || c.relDirty.has(l);
    const foes = c.relations || c.enemyDirty.has(l);
    if (!own && !rel && !foes && !s2) continue;
    let { lordKnight, s1, s2: s2l, treasury, allies, enemies } = p;
    if (own) {
      lordKnight = lkOf(s, c, l);
      s1 = 0;
      for (const k of knightsOfLord(ctx, l)) {
        if (k.isLordKnight && !cfg.s1IncludesLordKnight) continue;
        s1 += k.renown / cfg.knightDivisor;
      }
      treasury = s.lords[l]!.treasury / cfg.treasuryDivisor;
      if (!s2) {
        s2l = 0;
        if (avgH > 0) for (const t of landOf(ctx, l)) s2l += (t.happiness / avgH) * (t.population / cfg.populationDivisor);
      }
    }
    if (s2) s2l = s2.get(l)!;
    if (rel) allies = alliesTerm(s, c, lists, l);
    if (foes) enemies = enemiesTerm(s, c, lists, l);
    // In place: the parts are read only here and by liveGR (a snapshot copies the totals).
    p.lordKnight = lordKnight; p.s1 = s1; p.s2 = s2l; p.treasury = treasury; p.allies = allies; p.enemies = enemies;
    p.total = lordKnight + s1 + s2l + treasury + allies - enemies;
  }
}

/** A lord-knight's renown (lordKnightRenown), read once for the turn (as renownOf reads it once a pass). */
function lkOf(s: GPState, c: RenownCache, x: LordId): number {
  let r = c.lk.get(x);
  if (r === undefined) { r = lordKnightRenown(s, x); c.lk.set(x, r); }
  return r;
}

/** A lord's allies term, as renownOf sums it (his allies in the lords' order). */
function alliesTerm(s: GPState, c: RenownCache, lists: RelationLists, l: LordId): number {
  const div = s.config.allyDivisor[s.mapKey];
  let allies = 0;
  for (const x of lists.allies.get(l) ?? NO_LORDS) allies += lkOf(s, c, x) / div;
  return allies;
}

/** A lord's enemies term, as renownOf sums it (each enemy, then that enemy's allies, in the lords' order). */
function enemiesTerm(s: GPState, c: RenownCache, lists: RelationLists, l: LordId): number {
  const cfg = s.config;
  const key = s.mapKey;
  let enemies = 0;
  for (const e of lists.enemies.get(l) ?? NO_LORDS) {
    enemies += lkOf(s, c, e) / cfg.enemyDivisor[key];
    for (const b of lists.allies.get(e) ?? NO_LORDS) enemies += lkOf(s, c, b) / cfg.enemyAllyDivisor[key];
  }
  return enemies;
}
const NO_LORDS: readonly LordId[] = [];

/**
 * Brings one lord's relation terms up to date within a phase (liveGR): only the terms marked, and
 * only his; the other marked lords wait for the next snapshot or their own liveGR (issue 20: 8.5
 * reads a few lords' GR after each refusal, whose penalty marks many). His own terms, if marked,
 * stay marked (liveGR sums them apart); his total is the sum of the parts as kept.
 */
function refreshLord(ctx: Ctx, c: RenownCache, l: LordId): void {
  const p = c.parts.get(l);
  if (!p) return;
  const lists = relationsOf(ctx);
  if (c.relDirty.delete(l)) p.allies = alliesTerm(ctx.s, c, lists, l);
  if (c.enemyDirty.delete(l)) p.enemies = enemiesTerm(ctx.s, c, lists, l);
  p.total = p.lordKnight + p.s1 + p.s2 + p.treasury + p.allies - p.enemies;
  c.stale = true;
}

/** The snapshot computed afresh from the whole state, as the rules state it (what the kept one must equal). */
export function freshSnapshot(ctx: Ctx): Snapshot {
  const kept = ctx.renown;
  ctx.renown = null;
  const frozen = ctx.frozen;
  try { takeSnapshot(ctx); return ctx.snap; } finally { ctx.renown = kept; ctx.frozen = frozen; }
}

function touchLord(ctx: Ctx, lord: LordId | null): void {
  if (ctx.renown && lord !== null) ctx.renown.dirty.add(lord);
}

/** The one way a lord's treasury changes during a turn (keeps the snapshot's parts right). */
export function setTreasury(ctx: Ctx, l: Lord, value: number): void {
  l.treasury = value;
  touchLord(ctx, l.id);
}

/** The one way a territory's happiness changes during a turn. */
export function setHappiness(ctx: Ctx, t: Territory, value: number): void {
  t.happiness = value;
  if (ctx.renown) ctx.renown.lands = true;
  touchLord(ctx, t.owner);
}

/** The one way a territory's population changes during a turn. */
export function setPopulation(ctx: Ctx, t: Territory, value: number): void {
  t.population = value;
  if (ctx.renown) ctx.renown.lands = true;
  touchLord(ctx, t.owner);
}

/**
 * The one way a knight's renown changes during a turn. A lord-knight's renown also counts in the
 * GR of his lord's allies, enemies and his allies' enemies [T §1]: they are marked too.
 */
export function setRenown(ctx: Ctx, k: Knight, value: number): void {
  k.renown = value;
  const c = ctx.renown;
  if (!c) return;
  c.knights = true;
  c.dirty.add(k.lord);
  if (ctx.s.lords[k.lord]?.lordKnight !== k.id) return;
  c.lk.delete(k.lord);
  markRelated(c, relationsOf(ctx), k.lord);
}

/**
 * Marks the relation terms that read lord x's lord-knight or his relations: his allies' allies
 * term, his enemies' enemies term, and the enemies term of his allies' enemies (who count him as
 * their enemy's ally). A change of his lord-knight's renown moves those; so does his leaving the
 * game (he drops out of all those lists).
 */
function markRelated(c: RenownCache, lists: RelationLists, x: LordId): void {
  for (const a of lists.allies.get(x) ?? NO_LORDS) {
    c.relDirty.add(a);
    for (const e of lists.enemies.get(a) ?? NO_LORDS) c.enemyDirty.add(e);
  }
  for (const e of lists.enemies.get(x) ?? NO_LORDS) c.enemyDirty.add(e);
}

/** The one way a knight enters the state during a turn. */
export function addKnight(ctx: Ctx, k: Knight): void {
  if (ctx.knightList) { if (k.id in ctx.s.knights) ctx.knightList = null; else ctx.knightList.list.push(k); } // a new key goes last
  ctx.s.knights[k.id] = k;
  // A new knight goes last in the state's order: appended to his lord's indexed list, when the
  // index was current up to the number he took, instead of the whole index rebuilt.
  const idx = ctx.knightIndex;
  if (idx && idx.next === ctx.s.nextKnight - 1 && k.id === `K${idx.next}`) {
    const list = idx.byLord.get(k.lord);
    if (list) list.push(k); else idx.byLord.set(k.lord, [k]);
    idx.next = ctx.s.nextKnight;
  }
  if (ctx.renown) { ctx.renown.knights = true; if (ctx.s.lords[k.lord]?.lordKnight === k.id) ctx.renown.lk.delete(k.lord); }
  touchLord(ctx, k.lord);
}

/** Takes a knight out of the state (his army is the caller's business; see removeKnight). */
export function forgetKnight(ctx: Ctx, k: Knight): void {
  delete ctx.s.knights[k.id];
  const own = ctx.knightIndex?.byLord.get(k.lord);
  if (own) { const i = own.indexOf(k); if (i >= 0) own.splice(i, 1); }
  ctx.knightsGone++;
  if (ctx.renown) { ctx.renown.knights = true; if (ctx.s.lords[k.lord]?.lordKnight === k.id) ctx.renown.lk.delete(k.lord); }
  touchLord(ctx, k.lord);
}

/** No snapshot for this phase: it declared that it reads none (reading `ctx.snap` throws). */
export function skipSnapshot(ctx: Ctx): void {
  ctx.frozen = null;
}

/** Whether some sheet holds a line of one of these orders (a phase that reads the snapshot only to order them needs none otherwise). */
export function hasLines(ctx: Ctx, codes: readonly OrderCode[]): boolean {
  const present = codesOf(ctx).all;
  for (const c of codes) if (present.has(c)) return true;
  return false;
}

/** The order codes in the turn's sheets, all and per lord, with each lord's lines by code, and how many sheets (the sheets do not change during the turn). */
function codesOf(ctx: Ctx): NonNullable<Ctx['codes']> {
  if (ctx.codes) return ctx.codes;
  const all = new Set<OrderCode>();
  const byLord = new Map<LordId, Set<OrderCode>>();
  const lines = new Map<LordId, Map<OrderCode, SheetLine[]>>();
  let sheets = 0;
  for (const lord in ctx.sheets) {
    sheets++;
    const own = new Set<OrderCode>();
    const byCode = new Map<OrderCode, SheetLine[]>();
    for (const l of ctx.sheets[lord]!.lines) {
      const code = l.order.code;
      all.add(code); own.add(code);
      const list = byCode.get(code);
      if (list) list.push(l); else byCode.set(code, [l]); // entry order
    }
    byLord.set(lord, own);
    lines.set(lord, byCode);
  }
  return (ctx.codes = { all, byLord, lines, sheets });
}

/** Every territory, in the state's order (the same objects all turn: none is added or removed). */
export function territoriesOf(ctx: Ctx): readonly Territory[] {
  return (ctx.territoryList ??= Object.values(ctx.s.territories));
}

/**
 * Every knight, in the state's order: a new knight is appended by addKnight (a new key comes last),
 * a knight gone (forgetKnight counts them) is dropped when the list is next read; so it is always
 * what a scan of the state gives, without a scan of a large keyed object at every snapshot.
 */
export function allKnights(ctx: Ctx): readonly Knight[] {
  const kl = ctx.knightList;
  if (!kl) return (ctx.knightList = { list: Object.values(ctx.s.knights), gone: ctx.knightsGone }).list;
  if (kl.gone !== ctx.knightsGone) {
    const knights = ctx.s.knights;
    kl.list = kl.list.filter((k) => knights[k.id] === k);
    kl.gone = ctx.knightsGone;
  }
  return kl.list;
}

/** The lord's live GR (own values live, averages from the phase snapshot) [T §1]. */
export function liveGR(ctx: Ctx, lord: LordId): number {
  // The kept parts (see RenownCache) when nothing of this lord's changed since they were brought
  // up to date, with the average happiness this phase's snapshot froze: the same figure.
  const c = ctx.renown;
  if (c && ctx.frozen && ctx.frozen === c.snap) {
    // His allies' or enemies' terms moved (diplomacy, a refusal of aid): the kept parts brought up
    // to date now, as the next snapshot would (the same formula, the same terms, the same average
    // happiness), instead of his whole GR summed again at every call.
    if (c.relations) refreshParts(ctx, c); // every lord's (a death, or a relation outside the index)
    else if (c.relDirty.has(lord) || c.enemyDirty.has(lord)) refreshLord(ctx, c, lord);
    const p = c.parts.get(lord);
    if (p && ctx.s.lords[lord]?.alive) { // (a lord gone this phase keeps his parts until the next snapshot)
      if (!c.dirty.has(lord)) return p.total;
      // Only his own terms moved (a levy, a recruit): those again, by the formula; his allies'
      // and enemies' terms as kept (their inputs did not change); summed as globalRenownParts does.
      const own = globalRenownParts(ctx.s, lord, ctx.snap.avgHappiness, NO_RELATIONS, knightsOfLord(ctx, lord), landOf(ctx, lord));
      return own.lordKnight + own.s1 + own.s2 + own.treasury + p.allies - p.enemies;
    }
  }
  return globalRenown(ctx.s, lord, ctx.snap.avgHappiness, relationsOf(ctx), knightsOfLord(ctx, lord), landOf(ctx, lord));
}

const NO_RELATIONS: RelationLists = { allies: new Map(), enemies: new Map(), pos: new Map() };

/** Brings every marked lord's kept parts up to date within a phase; the next snapshot is then built from them (`stale`). */
function refreshParts(ctx: Ctx, c: RenownCache): void {
  updateParts(ctx, c, c.lords ?? livingLords(ctx.s), relationsOf(ctx), false, c.lords === null);
  c.relations = false;
  c.dirty.clear();
  c.relDirty.clear();
  c.enemyDirty.clear();
  c.stale = true;
}

/**
 * A lord's territories, in the state's order, indexed for the turn. Every change of owner goes
 * through `setOwner`, which drops the index; so the list is always the scan's result.
 */
export function landOf(ctx: Ctx, lord: LordId): readonly Territory[] {
  let idx = ctx.landIndex;
  if (!idx) {
    idx = ctx.landIndex = new Map();
    for (const t of territoriesOf(ctx)) {
      if (t.owner !== null) (idx.get(t.owner) ?? idx.set(t.owner, []).get(t.owner)!).push(t);
    }
  }
  return idx.get(lord) ?? NO_LAND;
}
const NO_LAND: readonly Territory[] = [];

/** The one way a territory changes owner during a turn (keeps `landOf` right). */
export function setOwner(ctx: Ctx, t: Territory, owner: LordId | null): void {
  touchLord(ctx, t.owner);
  t.owner = owner;
  touchLord(ctx, owner);
  ctx.landIndex = null;
}

/**
 * A lord's knights, in the state's order, kept indexed for the turn. Knights never change lord;
 * a new knight takes the next number and addKnight appends him (the index is rebuilt if
 * `nextKnight` moved otherwise); forgetKnight takes a knight out of his lord's list. So the list is
 * always the scan's result. The caller only reads it (and not across a knight's removal).
 */
export function knightsOfLord(ctx: Ctx, lord: LordId): readonly Knight[] {
  const s = ctx.s;
  let idx = ctx.knightIndex;
  if (!idx || idx.next !== s.nextKnight) {
    idx = ctx.knightIndex = { next: s.nextKnight, byLord: new Map() };
    for (const id in s.knights) {
      const k = s.knights[id]!;
      const list = idx.byLord.get(k.lord);
      if (list) list.push(k); else idx.byLord.set(k.lord, [k]);
    }
  }
  return idx.byLord.get(lord) ?? NO_KNIGHTS;
}
const NO_KNIGHTS: readonly Knight[] = [];

/** The relations indexed by lord; setRelation and eliminateLord drop the index when they change it. */
export function relationsOf(ctx: Ctx): RelationLists {
  return (ctx.relLists ??= relationLists(ctx.s));
}

/**
 * Makes the body the event (each call passes a new body, never kept elsewhere): its keys first,
 * then phase, audience and order, the order a copy `{ ...body, phase, audience }` gave them, so
 * that the events and their hashes are the same; without the copy (≈ 1,000 events a Europe turn).
 */
export function emit(ctx: Ctx, audience: Audience, body: GPEventBody): void {
  const e = body as GPEvent;
  e.phase = ctx.phase;
  e.audience = audience;
  if (ctx.orderLine) e.order = ctx.orderLine;
  ctx.events.push(e);
}

export function cancel(ctx: Ctx, lord: LordId, line: SheetLine, reason: CancelReason): void {
  emit(ctx, [lord], { type: 'order-cancelled', lord, seq: line.seq, line: line.line, text: line.text, reason });
}

/** A lord's lines of the given codes, in entry order (indexed for the turn: the caller only reads them). */
export function linesOf<C extends OrderCode>(ctx: Ctx, lord: LordId, ...codes: C[]): readonly (SheetLine & { order: Extract<Order, { code: C }> })[] {
  return linesWith(ctx, lord, codes);
}

function linesWith<C extends OrderCode>(ctx: Ctx, lord: LordId, codes: readonly C[]): readonly (SheetLine & { order: Extract<Order, { code: C }> })[] {
  type Line = SheetLine & { order: Extract<Order, { code: C }> };
  const sheet = ctx.sheets[lord];
  if (!sheet) return [];
  const byCode = codesOf(ctx).lines.get(lord);
  let found: SheetLine[] | null = null;
  let kinds = 0;
  for (const c of codes) { const l = byCode?.get(c); if (l) { found = l; kinds++; } }
  if (kinds === 0) return [];
  if (kinds === 1) return found as Line[]; // one code's lines, already in entry order
  return sheet.lines.filter((l) => (codes as readonly string[]).includes(l.order.code)) as Line[];
}

/**
 * Runs `fn` for each lord's lines of the given codes: lords in the phase's ascending-GR order,
 * lines in entry order. Lines of lords who are out of the game are cancelled.
 */
export function forEachOrder<C extends OrderCode>(ctx: Ctx, codes: C[], fn: (lord: LordId, line: SheetLine & { order: Extract<Order, { code: C }> }) => void): void {
  if (!hasLines(ctx, codes)) return; // nothing to order: the snapshot's order is not read
  const outer = ctx.orderLine;
  for (const lord of orderedSheetLords(ctx)) {
    const lines = linesWith(ctx, lord, codes);
    if (lines.length === 0) continue; // no such line on his sheet
    for (const line of lines) {
      if (!ctx.s.lords[lord]?.alive) { cancel(ctx, lord, line, 'lord-out'); continue; }
      ctx.orderLine = { lord, line: line.line };
      try { fn(lord, line); } finally { ctx.orderLine = outer; }
    }
  }
}

/** Lords with sheets: living ones in snapshot order, then the others (whose orders get cancelled). */
export function orderedSheetLords(ctx: Ctx): readonly LordId[] {
  // The same for the whole phase (its snapshot and the turn's sheets do not change): kept.
  if (ctx.sheetOrder && ctx.sheetOrder.snap === ctx.snap) return ctx.sheetOrder.lords;
  const { order } = ctx.snap;
  const sheets = ctx.sheets;
  const living = order.filter((l) => sheets[l]);
  // The others: the lords with a sheet outside the snapshot's order, whose keys `gr` holds exactly
  // (read there instead of a set of the living ones); most turns have none, and no second list.
  // None when every sheet's lord is among `living` (distinct lords, each with a sheet): as many
  // sheets as those; then `gr`, made on its first read, is not read here.
  if (living.length === codesOf(ctx).sheets) { ctx.sheetOrder = { snap: ctx.snap, lords: living }; return living; }
  const { gr } = ctx.snap;
  const others = Object.keys(sheets).filter((l) => !Object.hasOwn(gr, l)).sort(lordIdCompare);
  const lords = others.length ? [...living, ...others] : living;
  ctx.sheetOrder = { snap: ctx.snap, lords };
  return lords;
}

export function adjacent(ctx: Ctx, a: TerritoryId, b: TerritoryId): boolean {
  return ctx.adjacency.get(a)?.has(b) ?? false;
}
export function sameOrAdjacent(ctx: Ctx, a: TerritoryId, b: TerritoryId): boolean {
  return a === b || adjacent(ctx, a, b);
}

export function ownedBy(ctx: Ctx, lord: LordId): TerritoryId[] {
  return landOf(ctx, lord).map((t) => t.id).sort(); // his land, as a filter of every territory gives it
}

export function knightsOf(ctx: Ctx, lord: LordId): Knight[] {
  // His knights from the turn's index (the scan's result), in id order: a copy, the caller may remove them.
  return sortInPlace([...knightsOfLord(ctx, lord)], (a, b) => lordIdCompare(a.id, b.id));
}

/**
 * `xs.sort(cmp)`, without the sort's work array when `xs` is already in order (a stable sort leaves
 * such a list as it is; `cmp` must be a consistent order). Most lists a turn sorts are (issue 20).
 */
export function sortInPlace<T>(xs: T[], cmp: (a: T, b: T) => number): T[] {
  for (let i = 1; i < xs.length; i++) if (cmp(xs[i - 1]!, xs[i]!) > 0) return xs.sort(cmp);
  return xs;
}

export function armyOf(ctx: Ctx, k: Knight): Army | null {
  return k.army === null ? null : ctx.s.armies[String(k.army)] ?? null;
}

export function garrisonAt(ctx: Ctx, lord: LordId, t: TerritoryId): Army | null {
  // The first in the state's order, as a find over every army would give: the lord's armies are
  // in that order, and only his can match.
  for (const a of armiesOfLord(ctx, lord)) if (a.commander === null && a.location === t) return a;
  return null;
}

/**
 * A lord's armies in the state's order (ascending id), indexed for the turn. An army never changes
 * lord; armies enter the state only by newArmy (the next number: last in the order) and leave it
 * only by removeArmy, which both keep the index; so the list is always the scan's result.
 */
export function armiesOfLord(ctx: Ctx, lord: LordId): readonly Army[] {
  let idx = ctx.armyIndex;
  if (!idx) {
    idx = ctx.armyIndex = new Map();
    const armies = ctx.s.armies;
    for (const id in armies) {
      const a = armies[id]!;
      const list = idx.get(a.lord);
      if (list) list.push(a); else idx.set(a.lord, [a]);
    }
  }
  return idx.get(lord) ?? NO_ARMIES;
}
const NO_ARMIES: readonly Army[] = [];

export function newArmy(ctx: Ctx, lord: LordId, location: TerritoryId, strength: number, commander: string | null): Army {
  const army: Army = { id: ctx.s.nextArmy++, lord, strength, commander, location, receivedTransfer: false, defThreshold: null, levyTurn: ctx.turn };
  ctx.s.armies[String(army.id)] = army;
  if (commander) ctx.s.knights[commander]!.army = army.id;
  const idx = ctx.armyIndex;
  if (idx) {
    const list = idx.get(lord);
    const last = list?.[list.length - 1];
    if (!list) idx.set(lord, [army]);
    else if (!last || last.id < army.id) list.push(army); // (a list emptied by removeArmy stays)
    else ctx.armyIndex = null; // not the highest number (a state whose nextArmy lags): built again
  }
  return army;
}

export function removeArmy(ctx: Ctx, army: Army): void {
  delete ctx.s.armies[String(army.id)];
  const list = ctx.armyIndex?.get(army.lord);
  if (list) { const i = list.indexOf(army); if (i >= 0) list.splice(i, 1); }
  if (army.commander) {
    const k = ctx.s.knights[army.commander];
    if (k && k.army === army.id) k.army = null;
  }
}

/** Adds men to a knight's army (created if he has none) [P G-14]. */
export function addToKnight(ctx: Ctx, k: Knight, men: number): Army {
  const a = armyOf(ctx, k);
  if (a) { a.strength += men; return a; }
  return newArmy(ctx, k.lord, k.location, men, k.id);
}

/** Adds men to the lord's garrison on a territory (created if none) [P G-14]. */
export function addToGarrison(ctx: Ctx, lord: LordId, t: TerritoryId, men: number): Army {
  const g = garrisonAt(ctx, lord, t);
  if (g) { g.strength += men; return g; }
  return newArmy(ctx, lord, t, men, null);
}

export function removeKnight(ctx: Ctx, k: Knight): void {
  const a = armyOf(ctx, k);
  if (a) removeArmy(ctx, a);
  forgetKnight(ctx, k);
}

export function setRelation(ctx: Ctx, a: LordId, b: LordId, to: 'peace' | 'war' | 'alliance', cause: Extract<GPEventBody, { type: 'relation' }>['cause']): void {
  const key = relKey(a, b);
  const from = ctx.s.relations[key] ?? 'peace';
  if (from === to) return;
  const c = ctx.renown;
  // With the kept parts, the index is needed to mark whose terms move: built now, before the change.
  const lists = c ? relationsOf(ctx) : ctx.relLists;
  if (lists) {
    if (lists.pos.has(a) && lists.pos.has(b)) {
      if (c && !c.relations) markRelation(c, lists, a, b, from, to);
      updateRelationLists(lists, a, b, from, to);
    } else {
      ctx.relLists = null;
      if (c) c.relations = true; // a lord outside the index: every lord's terms again
    }
  } else if (c) c.relations = true;
  if (to === 'peace') delete ctx.s.relations[key];
  else ctx.s.relations[key] = to;
  emit(ctx, 'all', { type: 'relation', a, b, from, to, cause });
}

/**
 * Marks the lords whose allies or enemies terms the change of a–b moves (issue 20: only those are
 * summed again, instead of every lord's after each change of phase 8). allies(l) sums l's allies;
 * enemies(l) sums l's enemies and each enemy's allies. So a war that begins or ends moves the
 * enemies terms of a and b; an alliance that begins or ends, their allies terms, and the enemies
 * terms of every lord at war with a or b (who read a's or b's allies): a's and b's enemies, read
 * from the lists before the change (a war that begins or ends later marks its two lords itself).
 * A marked term is summed whole, in the usual order: the same bits.
 */
function markRelation(c: RenownCache, lists: RelationLists, a: LordId, b: LordId, from: string, to: string): void {
  if (from === 'war' || to === 'war') { c.enemyDirty.add(a); c.enemyDirty.add(b); } // a war: their enemies terms
  if (from !== 'alliance' && to !== 'alliance') return;
  c.relDirty.add(a); // an alliance: their allies terms, and the enemies terms of their enemies
  c.relDirty.add(b);
  for (const e of lists.enemies.get(a) ?? []) c.enemyDirty.add(e);
  for (const e of lists.enemies.get(b) ?? []) c.enemyDirty.add(e);
}

/** War between a and b; every alliance a third lord holds with both is cancelled [T §2.11]. */
export function declareWar(ctx: Ctx, a: LordId, b: LordId, cause: 'GUE' | 'felony'): void {
  // The third lords in the living lords' order: a's allies when indexed (the same lords, in the
  // same order, as the scan of every living lord; copied, since the loop changes them).
  const lists = ctx.relLists;
  if (lists && lists.pos.has(a) && lists.pos.has(b)) {
    // Indexed: every c is a's ally when reached (the loop only ends alliances with the lords before
    // it), and b's exactly when he was at the start; so the same lords as the scan below.
    const thirds = [...(lists.allies.get(a) ?? [])];
    const alliesOfB = new Set(lists.allies.get(b) ?? []);
    for (const c of thirds) {
      if (c === a || c === b || !alliesOfB.has(c)) continue;
      setRelation(ctx, a, c, 'peace', 'common-ally');
      setRelation(ctx, b, c, 'peace', 'common-ally');
    }
    setRelation(ctx, a, b, 'war', cause);
    return;
  }
  for (const c of livingLords(ctx.s)) {
    if (c === a || c === b) continue;
    if (ctx.s.relations[relKey(a, c)] === 'alliance' && ctx.s.relations[relKey(b, c)] === 'alliance') {
      setRelation(ctx, a, c, 'peace', 'common-ally');
      setRelation(ctx, b, c, 'peace', 'common-ally');
    }
  }
  setRelation(ctx, a, b, 'war', cause);
}

/** Felony of `lord` (×1/3 on his lord-knight) [T §4.7.5]. */
export function felony(ctx: Ctx, lord: LordId, victim: LordId, cause: 'battle' | 'war-on-ally'): void {
  const lk = ctx.s.knights[ctx.s.lords[lord]!.lordKnight]!;
  const before = lk.renown;
  setRenown(ctx, lk, Math.max(ctx.cfg.minRenown, lk.renown * ctx.cfg.felonyFactor));
  emit(ctx, [lord, victim], { type: 'felony', lord, victim, renownBefore: before, renownAfter: lk.renown, cause });
  if (ctx.s.relations[relKey(lord, victim)] === 'alliance') setRelation(ctx, lord, victim, 'peace', 'felony');
  declareWar(ctx, lord, victim, 'felony');
}

/** Death (or abdication) of a lord [T §4.7.7, P G-38]. */
export function eliminateLord(ctx: Ctx, lord: LordId, cause: 'battle' | 'abdication'): void {
  const l = ctx.s.lords[lord]!;
  if (!l.alive) return;
  // His relations, from the index when it holds him: relations are only ever between two living
  // lords (invariants.ts), so his allies and enemies name every key that holds his id.
  // With the kept parts, the index is built now if it was not (he is still alive): it names whose
  // relation terms his leaving moves (markRelated), instead of every lord's summed again.
  const c = ctx.renown;
  if (c) relationsOf(ctx);
  const lists = ctx.relLists && ctx.relLists.pos.has(lord) ? ctx.relLists : null;
  const related = lists ? [...(lists.allies.get(lord) ?? []), ...(lists.enemies.get(lord) ?? [])] : null;
  l.alive = false;
  if (c) {
    if (lists) markRelated(c, lists, lord); else c.relations = true;
    c.lords = null;
    c.lk.delete(lord);
  }
  if (ctx.relLists) dropFromRelationLists(ctx.relLists, lord); // his relations are deleted below
  l.abdicated = cause === 'abdication';
  l.outTurn = ctx.turn;
  for (const k of knightsOf(ctx, lord)) removeKnight(ctx, k);
  for (const a of [...armiesOfLord(ctx, lord)]) removeArmy(ctx, a); // a copy: removeArmy changes the list
  const freed = ownedBy(ctx, lord);
  for (const t of freed) setOwner(ctx, ctx.s.territories[t]!, null);
  if (related) for (const x of related) delete ctx.s.relations[relKey(lord, x)];
  else {
    const head = `${lord}|`, tail = `|${lord}`; // a key is "a|b": one of its two ids is the lord's
    for (const key of Object.keys(ctx.s.relations)) if (key.startsWith(head) || key.endsWith(tail)) delete ctx.s.relations[key];
  }
  ctx.s.allyCalls = ctx.s.allyCalls.filter((c) => c.caller !== lord && c.callee !== lord);
  emit(ctx, 'all', { type: 'lord-died', lord, cause, territoriesFreed: freed });
}

/** Nearest territories owned by the lord (graph distance); ties broken at random [T §5.19]. */
export function nearestOwned(ctx: Ctx, lord: LordId, from: TerritoryId): { to: TerritoryId; distance: number } | null {
  const owned = ownedBy(ctx, lord);
  if (owned.length === 0) return null;
  const dist = ctx.distances(from);
  let best = Infinity;
  let cands: TerritoryId[] = [];
  for (const t of owned) {
    const d = dist.get(t) ?? Infinity;
    if (d < best) { best = d; cands = [t]; } else if (d === best) cands.push(t);
  }
  if (!Number.isFinite(best)) return null;
  return { to: cands.length === 1 ? cands[0]! : ctx.rng.pick(cands), distance: best };
}

/** A garrison left on land its lord no longer owns goes home at once, with distance losses [T §5.7, P G-28/G-31]. */
export function repatriateGarrison(ctx: Ctx, army: Army): void {
  const from = army.location;
  const dest = nearestOwned(ctx, army.lord, from);
  const before = army.strength;
  if (!dest) {
    removeArmy(ctx, army);
    emit(ctx, [army.lord], { type: 'garrison-repatriated', lord: army.lord, army: army.id, from, to: null, distance: 0, before, after: 0 });
    return;
  }
  const after = afterRetreatLosses(ctx.cfg, before, dest.distance);
  removeArmy(ctx, army);
  if (after > 0) addToGarrison(ctx, army.lord, dest.to, after);
  emit(ctx, [army.lord], { type: 'garrison-repatriated', lord: army.lord, army: army.id, from, to: dest.to, distance: dest.distance, before, after });
}

/**
 * Change of owner by conquest or purchase: happiness becomes the new owner's memory (or 20),
 * the old owner remembers the happiness he leaves [T §2.8]; his garrison goes home.
 */
export function changeOwner(ctx: Ctx, t: TerritoryId, to: LordId): void {
  const terr = ctx.s.territories[t]!;
  const from = terr.owner;
  if (from) {
    ctx.s.lords[from]!.memory[t] = { value: terr.happiness, lostTurn: ctx.turn };
  }
  const mem = ctx.s.lords[to]!.memory[t];
  setHappiness(ctx, terr, mem ? mem.value : ctx.cfg.memoryNeverOwned);
  setOwner(ctx, terr, to);
  if (from) {
    const g = garrisonAt(ctx, from, t);
    if (g) repatriateGarrison(ctx, g);
  }
}
