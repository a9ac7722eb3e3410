/**
 * Seeded world generation ([P G-03], every step, with the fair-start changes D1–D4 of the
 * review log): sea and landmasses, clustered land terrain, capitals right after terrain, native
 * races, army types, income, sites (guardian, treasure, legend, event, discovery threshold),
 * ruling Heroes and native defenders, the fairness check with its redraws and restarts,
 * wandering Heroes, ancient battlefields, and the army cap.
 *
 * Works in two layers: a plan per province (plain values, no ids) that the fairness check may
 * redraw, then the records with ids, in ascending province order.
 */
import { LocalizedError } from '../../../engine/constants.ts';
import type { Rng } from '../../../engine/rng.ts';
import type { AKConfig } from '../config.ts';
import type { Alignment, AKState, ArmyRace, ArmyType, Fallen, Levels, Monster, Province, Quality, Race, Temperament, Terrain } from '../state.ts';
import { RACES, TEMPERAMENTS } from '../state.ts';
import { distance, neighbours, provincesOf, rowOf, STANDARD_GRID, type Grid } from './geometry.ts';
import { makeCharacter, randomTalents } from './heroes.ts';
import { createItem, ITEMS, rollLegend, rollTreasure, type TreasurePlan } from './items.ts';
import { randomGuardian, tier } from './monsters.ts';
import { heroName, placeName, seaRoot, siteName, unique } from './names.ts';
import { rollSiteEvent } from './siteEvents.ts';

type WorldCfg = AKConfig['world'];
type LandTerrain = Exclude<Terrain, 'Sea'>;

export const NORMAL_ALIGNMENTS: readonly Alignment[] = ['Good', 'Druid', 'Neutral', 'Pagan', 'Evil'];
export const HUMANOID: readonly ArmyRace[] = ['Human', 'Elf', 'Dwarf', 'Orc'];

export function isHumanoid(r: ArmyRace | null | undefined): r is Race {
  return !!r && (HUMANOID as readonly string[]).includes(r);
}

/** G-09: Trolls, Ents and Weres carry their own race; every other type takes the province's race. */
export function armyRaceFor(type: ArmyType, provinceRace: ArmyRace | null): ArmyRace {
  if (type === 'TR') return 'Troll';
  if (type === 'EN') return 'Ent';
  if (type === 'WE') return 'Were';
  return provinceRace ?? 'Human';
}

// ── plans ──

interface SitePlan {
  type: string; name: string; monster: Monster; treasure: TreasurePlan; legend?: string; event?: string; threshold: number;
}
interface RulerPlan { name: string; sex: 'M' | 'F'; race: Race; alignment: Alignment; temperament: Temperament; talent: Levels }
interface ProvincePlan {
  race: ArmyRace | null; types: ArmyType[]; tax: number; sites: SitePlan[]; ruler?: RulerPlan; defenders: ArmyType[];
}

interface Geo {
  /** Every province of the grid, ascending. */
  all: readonly number[];
  /** The terrain the plan uses; an island (AK Terre) is planned as land of its own terrain, then made a sea by `materialise`. */
  terrain: Record<number, Terrain>;
  land: number[];
  masses: number[][];
  coastal: Record<number, boolean>;
}

/** What the generator returns: the capitals, in kingdom order (capital of kingdom i + 1 = capitals[i]). */
export interface GeneratedWorld { capitals: number[]; restarts: number }

/**
 * Fills `s.provinces`, `s.sites`, `s.items`, `s.characters` (ruling and wandering Heroes) and
 * `s.armies` (native defenders), drawing ids from `s.next`. `kingRaces[i]` is the race of the
 * King of kingdom i + 1 (his capital takes it, G-02). The starting armies and characters of the
 * kingdoms are made by setup.
 */
export function generateWorld(
  s: AKState, rng: Rng, cfg: WorldCfg, kingRaces: Race[], fixed?: FixedMap, grid: Grid = STANDARD_GRID,
  /** Reorders the placed capitals among the kingdoms (Super AK's dispersal of alignments, world/setup.ts); no draw. */
  arrange?: (capitals: number[]) => number[],
): GeneratedWorld {
  const n = kingRaces.length;
  for (let attempt = 0; attempt < cfg.maxRestarts; attempt++) {
    // An authored map (a variant, world/europe.ts) fixes steps 1, 2 and the capitals.
    const geo = fixed ? fixedGeo(fixed, grid) : growLand(rng, cfg, grid);
    if (!geo) continue;
    if (!fixed) assignTerrain(rng, cfg, geo);
    const placed = fixed ? fixed.capitals.slice(0, n) : placeCapitals(rng, cfg, geo, n);
    if (!placed) continue;
    const capitals = arrange ? arrange(placed) : placed;
    const capitalOf = new Map(capitals.map((c, i) => [c, i]));
    const used = new Set<string>();
    const taken = new Set<string>();
    const plans: Record<number, ProvincePlan> = {};
    const draw = (p: number) => {
      for (const old of plans[p]?.sites ?? []) if (old.treasure.item && ITEMS[old.treasure.item]?.artifact) used.delete(old.treasure.item);
      const ci = capitalOf.get(p);
      plans[p] = planProvince(rng, cfg, geo, p, ci === undefined ? null : kingRaces[ci]!, used, taken);
    };
    for (const p of geo.all) draw(p);
    // Fairness check (G-03 step 9, review D3): redraw steps 3–7 around failing capitals, then restart.
    let failing = fairnessCheck(cfg, geo, capitals, plans);
    for (let tries = 0; failing.length > 0 && tries < cfg.fairnessRedraws; tries++) {
      const zone = new Set<number>();
      for (const f of failing) for (const p of f.redraw) zone.add(p);
      for (const p of [...zone].sort((a, b) => a - b)) draw(p);
      failing = fairnessCheck(cfg, geo, capitals, plans);
    }
    // [P V-02] An authored map's positions are kept even when still unequal (historical, not balanced).
    if (failing.length > 0 && !fixed) continue;
    materialise(s, rng, cfg, geo, plans, capitals, fixed?.islands);
    placeWanderers(s, rng, cfg, geo, capitals, n, taken);
    placeBattlefields(s, rng, cfg, geo, capitals, n);
    return { capitals, restarts: attempt };
  }
  // The host's world constants allow no world (too many landmasses for the land, capitals too far
  // apart…): the game is refused at creation, in the player's language.
  throw new LocalizedError({
    fr: `aucun monde ne convient à ces constantes après ${cfg.maxRestarts} essais (world.maxRestarts) : relâchez les contraintes de la carte`,
    en: `no world fits these constants after ${cfg.maxRestarts} attempts (world.maxRestarts): loosen the map's constraints`,
  });
}

/**
 * A variant's authored map: the terrain of every province and the capitals, in kingdom order;
 * AK Terre's islands (§14.4) with their land terrain (the province itself is a sea).
 */
export interface FixedMap { terrain: Record<number, Terrain>; capitals: number[]; islands?: Record<number, LandTerrain> }

function fixedGeo(fixed: FixedMap, grid: Grid): Geo {
  const all = grid.provinces;
  const terrain: Record<number, Terrain> = {};
  const coastal: Record<number, boolean> = {};
  for (const p of all) terrain[p] = fixed.islands?.[p] ?? fixed.terrain[p] ?? 'Sea';
  const land = all.filter((p) => terrain[p] !== 'Sea');
  for (const p of all) coastal[p] = !!fixed.islands?.[p] || neighbours(p).some((q) => (terrain[q] === 'Sea') !== (terrain[p] === 'Sea'));
  return { all, terrain, land, masses: components(land), coastal };
}

// ── step 1: sea and land ──

function growLand(rng: Rng, cfg: WorldCfg, grid: Grid): Geo | null {
  const all = grid.provinces;
  const total = all.length;
  const sea = cfg.seaTarget + rng.int(-cfg.seaSpread, cfg.seaSpread);
  const landTarget = total - sea;
  const nMasses = rng.int(cfg.landmassesMin, cfg.landmassesMax);
  const mass = new Map<number, number>();
  const seedRows = all.filter((p) => rowOf(p) >= cfg.landSeedRowMin && rowOf(p) <= cfg.landSeedRowMax);
  for (const p of rng.shuffle(seedRows)) {
    if (mass.size >= nMasses) break;
    if ([...mass.keys()].some((q) => distance(p, q) <= 2)) continue;
    mass.set(p, mass.size);
  }
  if (mass.size < nMasses) return null;
  const weight = Array.from({ length: nMasses }, () => rng.uniform(0.5, 1.5));
  while (mass.size < landTarget) { // each pass adds one sea cell to a landmass or returns null: ≤ the grid's size
    // Frontier of each landmass: sea cells next to it and not next to another landmass (keeps them apart);
    // when every frontier is closed, masses may merge.
    const frontier: number[][] = Array.from({ length: nMasses }, () => []);
    const loose: number[][] = Array.from({ length: nMasses }, () => []);
    for (const p of all) {
      if (mass.has(p)) continue;
      const touching = new Set<number>();
      for (const q of neighbours(p)) if (mass.has(q)) touching.add(mass.get(q)!);
      for (const m of touching) {
        loose[m]!.push(p);
        if (touching.size === 1) frontier[m]!.push(p);
      }
    }
    let lists = frontier;
    if (lists.every((l) => l.length === 0)) lists = loose;
    const open = lists.map((l, i) => (l.length > 0 ? i : -1)).filter((i) => i >= 0);
    if (open.length === 0) return null;
    let u = rng.next() * open.reduce((a, i) => a + weight[i]!, 0);
    let m = open[open.length - 1]!;
    for (const i of open) {
      u -= weight[i]!;
      if (u < 0) { m = i; break; }
    }
    mass.set(rng.pick(lists[m]!), m);
  }
  const land = [...mass.keys()].sort((a, b) => a - b);
  const masses = components(land);
  if (masses.some((c) => c.length < cfg.landmassMinSize)) return null;
  const terrain: Record<number, Terrain> = {};
  const coastal: Record<number, boolean> = {};
  for (const p of all) terrain[p] = 'Sea';
  for (const p of land) terrain[p] = 'Plain';
  for (const p of all) coastal[p] = neighbours(p).some((q) => (terrain[q] === 'Sea') !== (terrain[p] === 'Sea'));
  return { all, terrain, land, masses, coastal };
}

/** Connected groups of the given provinces, each ascending, ordered by their smallest id. */
export function components(cells: number[]): number[][] {
  const set = new Set(cells);
  const seen = new Set<number>();
  const out: number[][] = [];
  for (const start of [...cells].sort((a, b) => a - b)) {
    if (seen.has(start)) continue;
    const group: number[] = [];
    const stack = [start];
    seen.add(start);
    while (stack.length) { // each cell is pushed once (`seen`)
      const p = stack.pop()!;
      group.push(p);
      for (const q of neighbours(p)) if (set.has(q) && !seen.has(q)) { seen.add(q); stack.push(q); }
    }
    out.push(group.sort((a, b) => a - b));
  }
  return out;
}

// ── step 2: land terrain ──

function assignTerrain(rng: Rng, cfg: WorldCfg, geo: Geo): void {
  const assigned = new Map<number, LandTerrain>();
  const rowsOk = (t: LandTerrain, p: number) => {
    const [a, b] = (cfg.terrainRows as Record<string, number[]>)[t]!;
    return rowOf(p) >= a! && rowOf(p) <= b!;
  };
  const share = cfg.terrainShare as Record<LandTerrain, number>;
  // Most constrained terrains first; Plain takes what is left.
  for (const t of ['Jungle', 'Desert', 'Mountain', 'Forest'] as LandTerrain[]) {
    const target = Math.round((share[t] / 100) * geo.land.length);
    const eligible = (p: number) => !assigned.has(p) && rowsOk(t, p);
    let count = 0;
    // 1–3 seeds per landmass, as long as the target allows.
    for (const m of rng.shuffle(geo.masses)) {
      const k = rng.int(cfg.terrainSeedsMin, cfg.terrainSeedsMax);
      for (const p of rng.shuffle(m.filter(eligible)).slice(0, k)) {
        if (count >= Math.ceil(target / 2) || count >= target) break;
        assigned.set(p, t);
        count++;
      }
    }
    while (count < target) { // each pass assigns one more province or breaks: ≤ the land's size
      const front = geo.land.filter((p) => eligible(p) && neighbours(p).some((q) => assigned.get(q) === t));
      const pool = front.length > 0 ? front : geo.land.filter(eligible);
      if (pool.length === 0) break;
      assigned.set(rng.pick(pool), t);
      count++;
    }
  }
  for (const p of geo.land) geo.terrain[p] = assigned.get(p) ?? 'Plain';
}

// ── step 9 (placed after step 2): capitals ──

function landWithin(geo: Geo, c: number, r: number): number[] {
  return geo.land.filter((p) => p !== c && distance(c, p) <= r);
}

function placeCapitals(rng: Rng, cfg: WorldCfg, geo: Geo, n: number): number[] | null {
  const candidates = geo.land.filter((p) => geo.terrain[p] !== 'Desert'
    && neighbours(p).filter((q) => geo.terrain[q] !== 'Sea').length >= cfg.capitalMinLandNeighbours
    && landWithin(geo, p, cfg.fairnessRadius).length >= cfg.fairnessMinLand);
  const avg = cfg.averageTax as Record<Terrain, number>;
  const expected = (c: number) => landWithin(geo, c, cfg.fairnessRadius).reduce((a, p) => a + avg[geo.terrain[p]!], 0);
  for (const spacing of [cfg.capitalSpacing, cfg.capitalSpacingRelaxed]) {
    let best: number[] | null = null;
    let bestScore = Infinity;
    for (let a = 0; a < cfg.capitalAttempts; a++) {
      const chosen: number[] = [];
      for (const p of rng.shuffle(candidates)) {
        if (chosen.every((c) => distance(c, p) >= spacing)) chosen.push(p);
        if (chosen.length === n) break;
      }
      if (chosen.length < n) continue;
      // Keep the most even placement (expected zone tax), which the fairness check will then confirm.
      const e = chosen.map(expected);
      const score = (Math.max(...e) - Math.min(...e)) / Math.max(1, median(e));
      if (score < bestScore) { bestScore = score; best = chosen; }
    }
    if (best) return best;
  }
  return null;
}

export function median(xs: number[]): number {
  const v = [...xs].sort((a, b) => a - b);
  if (v.length === 0) return 0;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

// ── steps 3–7 for one province ──

function pickWeighted<T extends string>(rng: Rng, weights: Partial<Record<T, number>>): T {
  const entries = (Object.entries(weights) as [T, number][]).filter(([, w]) => w > 0);
  let u = rng.next() * entries.reduce((a, [, w]) => a + w, 0);
  for (const [k, w] of entries) {
    u -= w;
    if (u < 0) return k;
  }
  return entries[entries.length - 1]![0];
}

function planProvince(rng: Rng, cfg: WorldCfg, geo: Geo, p: number, capitalRace: Race | null, used: Set<string>, taken: Set<string>): ProvincePlan {
  const terrain = geo.terrain[p]!;
  const coastal = geo.coastal[p]!;
  // Step 3: native race.
  let race: ArmyRace | null;
  if (capitalRace) race = capitalRace;
  else if (terrain === 'Sea') {
    race = rng.chance(cfg.seaPopulated) ? (rng.chance(coastal ? cfg.tritonCoastal : 1 - cfg.tritonCoastal) ? 'Triton' : 'Whale') : null;
  } else race = pickWeighted(rng, (cfg.raceWeights as Record<string, Partial<Record<ArmyRace, number>>>)[terrain]!);
  // Step 4: army types (capitals: G-02, same-race Pay-2 land types).
  const types = capitalRace ? capitalTypes(rng, cfg, capitalRace, terrain) : nativeTypes(rng, cfg, race, terrain, coastal);
  // Step 5: income.
  const avg = (cfg.averageTax as Record<Terrain, number>)[terrain];
  const tax = capitalRace ? cfg.capitalTax : Math.max(0, Math.min(cfg.taxMax, avg + rng.pick(cfg.taxOffsets)));
  // Step 6: sites.
  let nSites = 0;
  if (terrain === 'Sea') nSites = rng.chance(cfg.seaSite) ? 1 : 0;
  else {
    const [w0, w1] = cfg.landSites;
    const u = rng.next() * 100;
    nSites = u < w0! ? 0 : u < w0! + w1! ? 1 : 2;
  }
  const sites: SitePlan[] = [];
  for (let i = 0; i < nSites; i++) {
    const type = rng.pick(cfg.siteTypes);
    const monster = randomGuardian(terrain, type, coastal, rng, cfg);
    const treasure = rollTreasure(tier(monster), rng, used, cfg);
    const site: SitePlan = { type, name: unique(taken, () => siteName(rng)), monster, treasure, threshold: rng.int(cfg.thresholdMin, cfg.thresholdMax) };
    const legend = rollLegend(treasure, rng, cfg);
    if (legend) site.legend = legend;
    const event = rollSiteEvent(rng, type, cfg);
    if (event) site.event = event;
    sites.push(site);
  }
  // Step 7: ruling Hero and native defenders.
  const plan: ProvincePlan = { race, types, tax, sites, defenders: [] };
  if (!capitalRace && terrain !== 'Sea' && rng.chance(cfg.rulerShare)) {
    const sex = rng.chance(0.5) ? 'M' : 'F';
    const rRace = isHumanoid(race) ? race : rng.pick(RACES);
    plan.ruler = {
      sex, race: rRace, name: unique(taken, () => heroName(rng, rRace, sex)), alignment: rng.pick(NORMAL_ALIGNMENTS),
      temperament: rng.pick(TEMPERAMENTS), talent: randomTalents(rng, rng.int(cfg.rulerTalentMin, cfg.rulerTalentMax), cfg.rulerTalentCap),
    };
  }
  if (!capitalRace && race !== null && types.length > 0) {
    const k = Math.floor(tax / cfg.defenderDivisor + 0.5);
    for (let i = 0; i < k; i++) plan.defenders.push(rng.pick(types));
    if (isHumanoid(race) && tax >= cfg.defenderGaTax) plan.defenders.push('GA');
  }
  return plan;
}

function nativeTypes(rng: Rng, cfg: WorldCfg, race: ArmyRace | null, terrain: Terrain, coastal: boolean): ArmyType[] {
  const second = () => rng.chance(cfg.secondType);
  switch (race) {
    case null: return [];
    case 'Eagle': return ['EA'];
    case 'Dragon': return ['DR'];
    case 'Whale': return ['WH'];
    case 'Triton': return ['ME'];
    case 'Human': {
      const list = (cfg.humanTypes as Record<string, ArmyType[]>)[terrain] ?? ['LE'];
      const first = rng.pick(list);
      if (!second()) return [first];
      const other = list.filter((t) => t !== first);
      let t2 = other.length > 0 ? rng.pick(other) : first;
      if (coastal && rng.chance(cfg.coastalFleet)) t2 = 'FL';
      return t2 === first ? [first] : [first, t2];
    }
    case 'Elf':
      return second() ? ['BO', (terrain === 'Forest' || terrain === 'Jungle') && rng.chance(cfg.elfEnt) ? 'EN' : 'LC'] : ['BO'];
    case 'Dwarf':
      return second() ? ['AX', terrain === 'Mountain' && rng.chance(cfg.dwarfTroll) ? 'TR' : 'PH'] : ['AX'];
    case 'Orc': {
      if (!second()) return ['PH'];
      const opts: ArmyType[] = ['LC'];
      if (terrain === 'Forest' || terrain === 'Plain') opts.push('WR');
      if (terrain === 'Mountain') opts.push('TR');
      if (terrain === 'Forest' || terrain === 'Mountain') opts.push('WE');
      return ['PH', rng.pick(opts)];
    }
    default: return [];
  }
}

/** G-02 (review D1): two same-race land types of Pay 2; Human by terrain, Elf BO + LC, Dwarf AX + PH, Orc PH + LC. */
export function capitalTypes(rng: Rng, cfg: WorldCfg, race: Race, terrain: Terrain): ArmyType[] {
  if (race !== 'Human') return [...((cfg.capitalRaceTypes as Record<string, ArmyType[]>)[race] ?? ['LE'])];
  const list = (cfg.capitalHumanTypes as Record<string, ArmyType[]>)[terrain] ?? ['LE', 'PH'];
  return rng.shuffle(list).slice(0, 2);
}

// ── fairness (G-03 step 9) ──

/**
 * The capitals failing G-03 step 9, each with the provinces to redraw: the offending ones for
 * the local conditions (own site, adjacent ruler or strong guardian), the whole distance-2 zone
 * for the tax condition. G-03 redraws the whole zone of a failing capital; redrawing only the
 * offenders (a subset of it) is what lets the check converge with 8–12 kingdoms.
 */
function fairnessCheck(cfg: WorldCfg, geo: Geo, capitals: number[], plans: Record<number, ProvincePlan>): { capital: number; redraw: number[] }[] {
  const zoneTax = capitals.map((c) => landWithin(geo, c, cfg.fairnessRadius).reduce((a, p) => a + plans[p]!.tax, 0));
  const med = median(zoneTax);
  const strong = (p: number) => plans[p]!.sites.some((st) => tier(st.monster) >= cfg.fairnessMaxTier);
  const out: { capital: number; redraw: number[] }[] = [];
  capitals.forEach((c, i) => {
    const redraw = new Set<number>();
    if (strong(c)) redraw.add(c);
    for (const q of neighbours(c)) if (plans[q]!.ruler || strong(q)) redraw.add(q);
    if (landWithin(geo, c, cfg.fairnessRadius).length < cfg.fairnessMinLand) redraw.add(c);
    if (Math.abs(zoneTax[i]! - med) > cfg.fairnessTaxTolerance * med) for (const p of landWithin(geo, c, cfg.fairnessRadius)) redraw.add(p);
    if (redraw.size > 0) out.push({ capital: c, redraw: [...redraw].sort((a, b) => a - b) });
  });
  return out;
}

function unfairCapitals(cfg: WorldCfg, geo: Geo, capitals: number[], plans: Record<number, ProvincePlan>): number[] {
  return fairnessCheck(cfg, geo, capitals, plans).map((f) => f.capital);
}

/** The fairness conditions of G-03 step 9 on a finished state (for tests and invariants): the failing capitals. */
export function fairnessFailures(s: AKState, cfg: WorldCfg): number[] {
  const capitals = Object.values(s.kingdoms).map((k) => k.capital);
  const geo: Geo = { all: provincesOf(s), terrain: {}, land: [], masses: [], coastal: {} };
  const plans: Record<number, ProvincePlan> = {};
  for (const p of geo.all) {
    const pr = s.provinces[p]!;
    geo.terrain[p] = pr.island ?? pr.terrain;
    if (geo.terrain[p] !== 'Sea') geo.land.push(p);
    plans[p] = {
      race: pr.race, types: pr.types, tax: pr.taxBase, defenders: [],
      sites: pr.sites.map((id) => ({ monster: s.sites[id]!.monster! } as SitePlan)).filter((x) => x.monster),
      ...(pr.ruler !== undefined ? { ruler: {} as RulerPlan } : {}),
    };
  }
  return unfairCapitals(cfg, geo, capitals, plans);
}

// ── records ──

function materialise(s: AKState, rng: Rng, cfg: WorldCfg, geo: Geo, plans: Record<number, ProvincePlan>, capitals: number[], islands?: Record<number, LandTerrain>): void {
  const names = new Set<string>();
  for (const p of geo.all) {
    const plan = plans[p]!;
    const island = islands?.[p];
    // [P V-21] An island (§14.4) is peopled as land of its own terrain (G-03 steps 3–7) and is a sea for every rule of the turn.
    const terrain = island ? 'Sea' : geo.terrain[p]!;
    const prov: Province = {
      id: p, row: rowOf(p), col: p % 100, terrain, race: plan.race, types: [...plan.types], taxBase: plan.tax, owner: null,
      name: unique(names, () => (terrain === 'Sea' && !island ? seaRoot(rng) : placeName(rng))), sites: [], fallen: [],
    };
    if (island) prov.island = island;
    s.provinces[p] = prov;
    for (const sp of plan.sites) {
      const id = s.next.site++;
      s.sites[id] = { id, province: p, type: sp.type, name: sp.name, monster: sp.monster, treasure: { gold: sp.treasure.gold, items: [] }, threshold: sp.threshold, boldness: 0 };
      if (sp.legend) s.sites[id]!.legend = sp.legend;
      if (sp.event) s.sites[id]!.event = sp.event;
      if (sp.treasure.item) s.sites[id]!.treasure.items.push(createItem(s, sp.treasure.item, rng, { site: id }, cfg).id);
      prov.sites.push(id);
    }
    if (plan.ruler) {
      const r = plan.ruler;
      const id = s.next.character++;
      const c = makeCharacter(rng, { id, name: r.name, sex: r.sex, role: 'RulingHero', kingdom: null, alignment: r.alignment, temperament: r.temperament, race: r.race, talent: r.talent, province: p }, cfg);
      c.rules = p;
      c.loyal = rng.chance(cfg.loyalShare);
      s.characters[id] = c;
      prov.ruler = id;
    }
    for (const type of plan.defenders) {
      const id = s.next.army++;
      s.armies[id] = {
        id, type, race: armyRaceFor(type, plan.race), quality: 2, kingdom: null, status: 'Native', province: p, mpUsed: 0,
        ...(prov.ruler !== undefined ? { leader: prov.ruler } : {}),
      };
    }
  }
  void capitals;
}

// ── step 8: wandering Heroes ──

function placeWanderers(s: AKState, rng: Rng, cfg: WorldCfg, geo: Geo, capitals: number[], nPlayers: number, taken: Set<string>): void {
  const where = geo.land.filter((p) => !capitals.includes(p));
  const count = cfg.wanderingPerPlayer * nPlayers + cfg.wanderingExtra;
  for (let i = 0; i < count; i++) {
    const id = s.next.character++;
    const sex = rng.chance(0.5) ? 'M' : 'F';
    const race = rng.pick(RACES);
    const c = makeCharacter(rng, {
      id, name: unique(taken, () => heroName(rng, race, sex)), sex, role: 'WanderingHero', kingdom: null, race,
      alignment: rng.pick(NORMAL_ALIGNMENTS), temperament: rng.pick(TEMPERAMENTS),
      talent: randomTalents(rng, cfg.kingTalentLevels, cfg.kingTalentMaxPer), province: rng.pick(where),
    }, cfg);
    c.loyal = rng.chance(cfg.loyalShare);
    s.characters[id] = c;
  }
}

// ── step 10–11: ancient battlefields, army cap ──

function placeBattlefields(s: AKState, rng: Rng, cfg: WorldCfg, geo: Geo, capitals: number[], nPlayers: number): void {
  const near = new Set<number>(capitals);
  for (const c of capitals) for (const q of neighbours(c)) near.add(q);
  const where = rng.shuffle(geo.land.filter((p) => !near.has(p) && s.provinces[p]!.types.length > 0)).slice(0, cfg.battlefields);
  // Starting armies of the kingdoms (4 each, G-02) count against the cap too.
  let count = Object.keys(s.armies).length + 4 * nPlayers;
  for (const p of where.sort((a, b) => a - b)) {
    const prov = s.provinces[p]!;
    const k = rng.int(cfg.battlefieldRecordsMin, cfg.battlefieldRecordsMax);
    for (let i = 0; i < k && count < cfg.armyCap; i++) {
      const type = rng.pick(prov.types);
      const rec: Fallen = { type, race: armyRaceFor(type, prov.race), quality: rng.int(cfg.battlefieldQualityMin, cfg.battlefieldQualityMax) as Quality };
      prov.fallen.push(rec);
      count++;
    }
  }
}
