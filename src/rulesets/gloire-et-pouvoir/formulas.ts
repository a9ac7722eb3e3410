/**
 * The formulas of rules §4 as pure functions of numbers and state. The referee's phases, the
 * tests (rules §6 test vectors) and, later, the players' planning tools all call these.
 */
import type { GPConfig, Title } from './config.ts';
import { TITLES } from './config.ts';
import type { MapKey } from './maps/types.ts';
import type { GPState, Knight, LordId, Territory } from './state.ts';
import { relation, relKeyLords } from './state.ts';

/** Money and men rounding, half up [P G-08]; the epsilon absorbs binary noise (2082.4999999 → 2083). */
export function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5 + 1e-9);
}
export function floorSafe(x: number): number {
  return Math.floor(x + 1e-9);
}
export const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

// ---------------------------------------------------------------- economy (§4.3)

export interface TaxResult { income: number; incomeRaw: number; ratio: number; happiness: number; taxCoef: number }

/** Step 3b: IMP level L on a territory (happiness before the tax; BM = snap.avgHappiness). */
export function tax(cfg: GPConfig, level: number, pop: number, coef: number, h: number, avgH: number): TaxResult {
  const ratio = avgH > 0 ? h / avgH : 0;
  const f = clamp(ratio, cfg.taxRatioMin, cfg.taxRatioMax);
  const incomeRaw = level * pop * coef * cfg.taxFactor * f;
  return {
    income: roundHalfUp(incomeRaw),
    incomeRaw,
    ratio: f,
    happiness: Math.max(0, h * (1 - cfg.happinessDropPerLevel * level)),
    taxCoef: clamp(coef * (1 - Math.min(cfg.happinessDropPerLevel * level, cfg.maxCoefDrop)), cfg.coefMin, cfg.coefMax),
  };
}

export interface RedistributionResult { ratio: number; happiness: number; taxCoef: number }

/** Step 3c: RED amount on a territory, with its live post-tax H and C [T §5.1]; denom 0 → cap [P G-10]. */
export function redistribution(cfg: GPConfig, amount: number, pop: number, coef: number, h: number, avgH: number): RedistributionResult {
  const denom = avgH > 0 ? pop * coef * cfg.taxFactor * (h / avgH) : 0;
  const ratio = denom > 0 ? Math.min(cfg.redistributionCap, amount / denom) : cfg.redistributionCap;
  return {
    ratio,
    happiness: h * (1 + ratio / 10),
    taxCoef: clamp(coef * (1 + ratio / 10), cfg.coefMin, cfg.coefMax),
  };
}

/** The smallest redistribution that reaches the cap (the planners' "maximal redistribution"). */
export function redistributionForCap(cfg: GPConfig, pop: number, coef: number, h: number, avgH: number): number {
  const denom = avgH > 0 ? pop * coef * cfg.taxFactor * (h / avgH) : 0;
  return denom * cfg.redistributionCap;
}

// ---------------------------------------------------------------- knights and levies (§4.5)

/** Knight cost R × 10 × (R / average knight renown before the phase) [T]. */
export function knightCost(renown: number, avgKnightRenown: number): number {
  return roundHalfUp(renown * 10 * (renown / (avgKnightRenown > 0 ? avgKnightRenown : renown)));
}

/** Levy factor k = clamp(GR/maxGR × POP/avgPOP, 0.5, 2) and the men raised. */
export function levy(cfg: GPConfig, amount: number, gr: number, maxGR: number, pop: number, avgPop: number): { factor: number; men: number } {
  const r1 = maxGR > 0 ? gr / maxGR : 1; // [P G-05]
  const r2 = avgPop > 0 ? pop / avgPop : 1;
  const factor = clamp(r1 * r2, cfg.levyFactorMin, cfg.levyFactorMax);
  return { factor, men: Math.max(0, floorSafe((amount / cfg.levyEcusPerMan) * factor)) };
}

/** Happiness after A men leave a territory with a knight: AB − BM × A / POP, floored at 0 [T, P G-13]. */
export function levyHappiness(before: number, avgH: number, men: number, pop: number): number {
  if (pop <= 0) return 0;
  return Math.max(0, before - (avgH * men) / pop);
}

// ---------------------------------------------------------------- global renown (§2.10)

export function lordKnightRenown(s: GPState, lord: LordId): number {
  const l = s.lords[lord];
  if (!l || !l.alive) return 0;
  return s.knights[l.lordKnight]?.renown ?? 0;
}

export function livingLords(s: GPState): LordId[] {
  return Object.keys(s.lords).filter((id) => s.lords[id]!.alive);
}

/**
 * Allies and enemies of every living lord, each list in the order of the lords in the state (the
 * order `livingLords` gives), read from the relations table in one pass: O(relations), not
 * O(lords²). Sums over these lists are therefore made in the same order as before, to the bit.
 */
export interface RelationLists {
  allies: Map<LordId, LordId[]>;
  enemies: Map<LordId, LordId[]>;
  /** Each living lord's place in the state's order of lords. */
  pos: Map<LordId, number>;
}

/** Keeps the lists right after the relation of a and b changed from `from` to `to`. */
export function updateRelationLists(lists: RelationLists, a: LordId, b: LordId, from: 'peace' | 'war' | 'alliance', to: 'peace' | 'war' | 'alliance'): void {
  const out = relationTable(lists, from);
  const into = relationTable(lists, to);
  moveInLists(lists, out, into, a, b); // a's list, then b's (without a closure and pairs a call: issue 20)
  moveInLists(lists, out, into, b, a);
}

function relationTable(lists: RelationLists, r: string): Map<LordId, LordId[]> | null {
  return r === 'alliance' ? lists.allies : r === 'war' ? lists.enemies : null;
}

/** y leaves x's list in `out` and enters it in `into`, in the lords' order. */
function moveInLists(lists: RelationLists, out: Map<LordId, LordId[]> | null, into: Map<LordId, LordId[]> | null, x: LordId, y: LordId): void {
  if (out) {
    const list = out.get(x);
    const i = list ? list.indexOf(y) : -1;
    if (list && i >= 0) { list.splice(i, 1); if (!list.length) out.delete(x); }
  }
  if (into) {
    const list = into.get(x) ?? into.set(x, []).get(x)!;
    const py = lists.pos.get(y)!;
    let i = list.length;
    while (i > 0 && lists.pos.get(list[i - 1]!)! > py) i--;
    list.splice(i, 0, y);
  }
}

/** Keeps the lists right when a lord leaves the game (his relations are deleted with him). */
export function dropFromRelationLists(lists: RelationLists, lord: LordId): void {
  for (const table of [lists.allies, lists.enemies]) {
    for (const x of table.get(lord) ?? []) {
      const list = table.get(x);
      const i = list ? list.indexOf(lord) : -1;
      if (list && i >= 0) { list.splice(i, 1); if (!list.length) table.delete(x); }
    }
    table.delete(lord);
  }
  lists.pos.delete(lord);
}

export function relationLists(s: GPState): RelationLists {
  const pos = new Map<LordId, number>();
  const ids: LordId[] = [];
  for (const id of Object.keys(s.lords)) if (s.lords[id]!.alive) { pos.set(id, ids.length); ids.push(id); }
  const al: number[][] = ids.map(() => []);
  const en: number[][] = ids.map(() => []);
  // The keys and the values in the same (the object's) order, without a lookup per key.
  const keys = Object.keys(s.relations), rels = Object.values(s.relations);
  for (let i = 0; i < keys.length; i++) {
    const rel = rels[i];
    const m = rel === 'alliance' ? al : rel === 'war' ? en : null;
    if (!m) continue;
    const [a, b] = relKeyLords(keys[i]!);
    const pa = pos.get(a);
    const pb = pos.get(b);
    if (pa === undefined || pb === undefined || pa === pb) continue;
    m[pa]!.push(pb);
    m[pb]!.push(pa);
  }
  const allies = new Map<LordId, LordId[]>();
  const enemies = new Map<LordId, LordId[]>();
  for (let i = 0; i < ids.length; i++) {
    if (al[i]!.length) allies.set(ids[i]!, sortNumbers(al[i]!).map((p) => ids[p]!));
    if (en[i]!.length) enemies.set(ids[i]!, sortNumbers(en[i]!).map((p) => ids[p]!));
  }
  return { allies, enemies, pos };
}

/** Ascending numbers in place, as `.sort((x, y) => x - y)` (an insertion sort: the lists are short; issue 20). */
function sortNumbers(xs: number[]): number[] {
  if (xs.length > 64) return xs.sort((x, y) => x - y);
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i]!;
    let j = i - 1;
    while (j >= 0 && xs[j]! > x) { xs[j + 1] = xs[j]!; j--; }
    xs[j + 1] = x;
  }
  return xs;
}

const NONE: readonly LordId[] = [];

export function alliesOf(s: GPState, lord: LordId): LordId[] {
  return livingLords(s).filter((o) => o !== lord && relation(s, lord, o) === 'alliance');
}
export function enemiesOf(s: GPState, lord: LordId): LordId[] {
  return livingLords(s).filter((o) => o !== lord && relation(s, lord, o) === 'war');
}

export interface RenownParts { lordKnight: number; s1: number; s2: number; treasury: number; allies: number; enemies: number; total: number }

/** GR = R(lord-knight) + S1 + S2 + treasury/500 + allies − enemies; avgH is snap.avgHappiness. */
export function globalRenownParts(s: GPState, lord: LordId, avgH: number, lists?: RelationLists, ownKnights?: readonly Knight[], ownLand?: readonly Territory[]): RenownParts {
  const cfg = s.config;
  const key: MapKey = s.mapKey;
  const l = s.lords[lord];
  if (!l || !l.alive) return { lordKnight: 0, s1: 0, s2: 0, treasury: 0, allies: 0, enemies: 0, total: 0 };
  const lk = lordKnightRenown(s, lord);
  let s1 = 0;
  // `ownKnights`: the lord's knights in the state's order (the turn keeps them indexed), summed in
  // the same order as the scan of every knight, so the sum is the same to the last bit.
  for (const k of ownKnights ?? Object.values(s.knights)) {
    if (k.lord !== lord) continue;
    if (k.isLordKnight && !cfg.s1IncludesLordKnight) continue;
    s1 += k.renown / cfg.knightDivisor;
  }
  let s2 = 0;
  if (avgH > 0) {
    // `ownLand`: the lord's territories in the state's order (the turn keeps them indexed): the same sum.
    if (ownLand) for (const t of ownLand) s2 += (t.happiness / avgH) * (t.population / cfg.populationDivisor);
    else for (const id in s.territories) {
      const t = s.territories[id]!;
      if (t.owner === lord) s2 += (t.happiness / avgH) * (t.population / cfg.populationDivisor);
    }
  }
  const treasury = l.treasury / cfg.treasuryDivisor;
  let allies = 0;
  for (const a of alliesIn(s, lists, lord)) allies += lordKnightRenown(s, a) / cfg.allyDivisor[key];
  let enemies = 0;
  for (const e of lists ? lists.enemies.get(lord) ?? NONE : enemiesOf(s, lord)) {
    enemies += lordKnightRenown(s, e) / cfg.enemyDivisor[key];
    for (const b of alliesIn(s, lists, e)) enemies += lordKnightRenown(s, b) / cfg.enemyAllyDivisor[key];
  }
  return { lordKnight: lk, s1, s2, treasury, allies, enemies, total: lk + s1 + s2 + treasury + allies - enemies };
}

/** x's allies, from the index when there is one (a function of the module: no closure made a call). */
function alliesIn(s: GPState, lists: RelationLists | undefined, x: LordId): readonly LordId[] {
  return lists ? lists.allies.get(x) ?? NONE : alliesOf(s, x);
}

/** `lists`: the relations already indexed (relationLists), when the caller keeps them; `ownKnights` likewise. */
export function globalRenown(s: GPState, lord: LordId, avgH: number, lists?: RelationLists, ownKnights?: readonly Knight[], ownLand?: readonly Territory[]): number {
  return globalRenownParts(s, lord, avgH, lists, ownKnights, ownLand).total;
}

/**
 * The global renown of every living lord at once (the phase snapshot, the public ranking): one
 * pass over the knights, one over the territories, one over the relations — O(knights +
 * territories + relations + lords), where lord-by-lord it was O(lords × (knights + territories)
 * + lords³) with wars. Each lord's terms are summed in the same order as the lord-by-lord
 * formula, so the results are the same to the last bit (replays keep their hashes).
 */
export function allGlobalRenown(s: GPState, avgH: number, lists?: RelationLists): Map<LordId, number> {
  const parts = renownOf(s, livingLords(s), avgH, lists);
  const out = new Map<LordId, number>();
  for (const [l, p] of parts) out.set(l, p.total);
  return out;
}

/** `knights`, `territories`: every knight and territory in the state's order, when the caller keeps them listed (the same sums). */
export function renownOf(s: GPState, lords: LordId[], avgH: number, given?: RelationLists, knights?: readonly Knight[], territories?: readonly Territory[]): Map<LordId, RenownParts> {
  const cfg = s.config;
  const key: MapKey = s.mapKey;
  const out = new Map<LordId, RenownParts>();
  const acc = new Map<LordId, { s1: number; s2: number }>();
  for (const lord of lords) {
    const l = s.lords[lord];
    if (l && l.alive) acc.set(lord, { s1: 0, s2: 0 });
    else out.set(lord, { lordKnight: 0, s1: 0, s2: 0, treasury: 0, allies: 0, enemies: 0, total: 0 });
  }
  for (const k of knights ?? Object.values(s.knights)) {
    const a = acc.get(k.lord);
    if (!a) continue;
    if (k.isLordKnight && !cfg.s1IncludesLordKnight) continue;
    a.s1 += k.renown / cfg.knightDivisor;
  }
  if (avgH > 0) {
    for (const t of territories ?? Object.values(s.territories)) {
      const a = t.owner === null ? undefined : acc.get(t.owner);
      if (a) a.s2 += (t.happiness / avgH) * (t.population / cfg.populationDivisor);
    }
  }
  const lists = given ?? relationLists(s);
  const lkr = new Map<LordId, number>();
  for (const [lord, a] of acc) {
    const lk = lkOf(s, lkr, lord);
    const treasury = s.lords[lord]!.treasury / cfg.treasuryDivisor;
    let allies = 0;
    for (const x of lists.allies.get(lord) ?? NONE) allies += lkOf(s, lkr, x) / cfg.allyDivisor[key];
    let enemies = 0;
    for (const e of lists.enemies.get(lord) ?? NONE) {
      enemies += lkOf(s, lkr, e) / cfg.enemyDivisor[key];
      for (const b of lists.allies.get(e) ?? NONE) enemies += lkOf(s, lkr, b) / cfg.enemyAllyDivisor[key];
    }
    out.set(lord, { lordKnight: lk, s1: a.s1, s2: a.s2, treasury, allies, enemies, total: lk + a.s1 + a.s2 + treasury + allies - enemies });
  }
  return out;
}

/** A lord-knight's renown, read once for renownOf's pass (memoised in `lkr`). */
function lkOf(s: GPState, lkr: Map<LordId, number>, id: LordId): number {
  let r = lkr.get(id);
  if (r === undefined) { r = lordKnightRenown(s, id); lkr.set(id, r); }
  return r;
}

/** The highest title whose threshold is ≤ GR on this map [T, P G-35]. */
export function titleFor(cfg: GPConfig, key: MapKey, gr: number): Title | null {
  let best: Title | null = null;
  for (const t of TITLES) if (gr >= cfg.titleThresholds[key][t]) best = t;
  return best;
}

// ---------------------------------------------------------------- diplomacy, espionage (§4.8, §4.13)

/** Refusal of aid: 10 % GR(caller) + 1 % GR of each of the caller's other allies [T, P C-09]. */
export function refusalPenalty(cfg: GPConfig, callerGR: number, callerAlliesGR: number[]): number {
  return cfg.refusalCallerShare * callerGR + callerAlliesGR.reduce((sum, g) => sum + cfg.refusalAllyShare * g, 0);
}

/** p = clamp(0.5 × GR / avgGR, 0, 1); 0.5 when avgGR ≤ 0 [T, P G-29]. */
export function espionageProbability(cfg: GPConfig, gr: number, avgGR: number): number {
  if (avgGR <= 0) return cfg.espionageBase;
  return clamp((cfg.espionageBase * gr) / avgGR, 0, 1);
}

// ---------------------------------------------------------------- jousts (§4.11)

/** The value of one knight in a joust pass: R × U(0,1) + average knight renown [T]. */
export function joustValue(renown: number, draw: number, avgKnightRenown: number): number {
  return renown * draw + avgKnightRenown;
}

/** A pass is undecided when the two values are within 10 % of the larger [T, P G-27]. */
export function joustPassDecided(cfg: GPConfig, v1: number, v2: number): boolean {
  return Math.abs(v1 - v2) > cfg.joustTieBand * Math.max(v1, v2);
}

/** Renown change after a duel [T; literal reading P G-27]. */
export function joustRenown(cfg: GPConfig, winner: number, loser: number): { gain: number; loss: number } {
  if (cfg.joustAlwaysWeighted) {
    const gain = cfg.joustGain * loser * Math.min(loser / winner, cfg.joustWeightCap);
    return { gain, loss: loser > winner ? cfg.joustStrongLoserLoss * loser : 0 };
  }
  if (loser > winner) {
    return { gain: cfg.joustGain * loser * Math.min(loser / winner, cfg.joustWeightCap), loss: cfg.joustStrongLoserLoss * loser };
  }
  return { gain: cfg.joustGain * loser, loss: 0 };
}

// ---------------------------------------------------------------- migration, repatriation (§4.14, §4.18)

/**
 * Migration flows [P G-30]: for each neighbour u happier than t, rate = 0.05 × (H_u − H_t) / H_u,
 * scaled down so that t's outflow is at most 20 %; migrants = floor(POP_t × rate). Returns the
 * flows from the frozen happiness and population values (all simultaneous).
 */
export function migrationFlows(
  cfg: GPConfig,
  territories: { id: string; population: number; happiness: number; adjacent: string[] }[],
): { from: string; to: string; people: number }[] {
  const byId = new Map(territories.map((t) => [t.id, t]));
  const flows: { from: string; to: string; people: number }[] = [];
  forEachMigration(cfg, territories, (id) => byId.get(id), (from, to, people) => { flows.push({ from, to, people }); });
  return flows;
}

/**
 * The flows of migrationFlows, each given to `visit` (from, to, people) in the same order, without
 * the list: `territories` give their ids and neighbours, `valueOf` a territory's population and
 * happiness (undefined: not a territory), none changed until the last visit (phase 14 reads the
 * state's territories, issue 20).
 */
export function forEachMigration(
  cfg: GPConfig,
  territories: readonly { id: string; adjacent: readonly string[] }[],
  valueOf: (id: string) => { population: number; happiness: number } | undefined,
  visit: (from: string, to: string, people: number) => void,
): void {
  for (const node of territories) {
    const t = valueOf(node.id);
    if (!t) continue;
    // Two passes over the neighbours (the rates summed, then each one's flow), each rate computed
    // by the same expression both times: the same figures as a list of rates, without the list.
    let total = 0;
    for (const uid of node.adjacent) {
      const u = valueOf(uid);
      if (!u || !(u.happiness > t.happiness)) continue;
      total += (cfg.migrationRate * (u.happiness - t.happiness)) / u.happiness;
    }
    const scale = total > cfg.migrationMaxOutflow ? cfg.migrationMaxOutflow / total : 1;
    for (const uid of node.adjacent) {
      const u = valueOf(uid);
      if (!u || !(u.happiness > t.happiness)) continue;
      const people = floorSafe(t.population * ((cfg.migrationRate * (u.happiness - t.happiness)) / u.happiness) * scale);
      if (people > 0) visit(node.id, uid, people);
    }
  }
}

/**
 * forEachMigration over places instead of ids (phase 14, issue 20): `adjacent[i]` the places of the
 * neighbours of the territory at place i, `at[i]` its values (undefined: not in the state); the
 * same expressions in the same order, so the same flows, visited in the same order, without a
 * lookup by id for each neighbour.
 */
export function forEachMigrationAt(
  cfg: GPConfig,
  adjacent: readonly (readonly number[])[],
  at: readonly ({ population: number; happiness: number } | undefined)[],
  visit: (from: number, to: number, people: number) => void,
): void {
  for (let i = 0; i < adjacent.length; i++) {
    const t = at[i];
    if (!t) continue;
    const near = adjacent[i]!;
    let total = 0;
    for (const j of near) {
      const u = at[j];
      if (!u || !(u.happiness > t.happiness)) continue;
      total += (cfg.migrationRate * (u.happiness - t.happiness)) / u.happiness;
    }
    const scale = total > cfg.migrationMaxOutflow ? cfg.migrationMaxOutflow / total : 1;
    for (const j of near) {
      const u = at[j];
      if (!u || !(u.happiness > t.happiness)) continue;
      const people = floorSafe(t.population * ((cfg.migrationRate * (u.happiness - t.happiness)) / u.happiness) * scale);
      if (people > 0) visit(i, j, people);
    }
  }
}

/** Men left after a retreat over `distance` steps (1 → 0 %, 2 → 25 %, … ≥ 5 → 100 %) [T]. */
export function afterRetreatLosses(cfg: GPConfig, men: number, distance: number): number {
  if (distance <= 0) return men;
  const table = cfg.repatriationLoss;
  const frac = table[Math.min(distance, table.length) - 1]!;
  return Math.max(0, men - roundHalfUp(men * frac));
}
