/**
 * A new game of Adventurer Kings: the generated world ([P G-03]) and each kingdom's starting
 * package ([P G-02], §2.3, §15.14): King (id = kingdom number, G-04) with 4 talent levels,
 * two Heroes at wage 1, treasury 10, capital tax 10, four Average armies, all Kings Neutral to
 * each other (§10.1), and the starting knowledge (capital 100 %, neighbours 1 %, TV-50).
 */
import { LocalizedError } from '../../../engine/constants.ts';
import type { Rng } from '../../../engine/rng.ts';
import { checkOverrides, resolveConfig } from '../config.ts';
import type { Alignment, AKState, Army, Character, CharCode, Kingdom, Race, Relation, Temperament } from '../state.ts';
import { ALIGNMENTS, RACES, TEMPERAMENTS } from '../state.ts';
import { learnGeneral, provinceKnowledge, raiseExploration } from '../knowledge/knowledge.ts';
import { generateWorld, NORMAL_ALIGNMENTS } from './generate.ts';
import { distance, LARGE_GRID, neighbours, STANDARD_GRID, within, type Grid } from './geometry.ts';
import { EUROPE_CONFIG, EUROPE_POSITIONS, EUROPE_VARIANT, europeTerrain, type EuropePosition } from './europe.ts';
import { SUPER_CONFIG, SUPER_VARIANT } from './super.ts';
import { TERRE_CONFIG, TERRE_ISTHMUSES, TERRE_POSITIONS, TERRE_STRAITS, TERRE_VARIANT, terreMap, type TerrePosition } from './terre.ts';
import type { FixedMap } from './generate.ts';
import { applySpecialKingBonus, legalTalents, lockedCode, makeCharacter, randomTalents, temperamentStep } from './heroes.ts';
import { heroName, kingdomName, unique } from './names.ts';

export interface AKKingOptions {
  name?: string;
  kingdomName?: string;
  race?: Race;
  alignment?: Alignment;
  /** §13.1: the alignment used if a special alignment (Divine, Undead) is already taken. Default Good / Evil. */
  fallbackAlignment?: Alignment;
  temperament?: Temperament;
  sex?: 'M' | 'F';
  /** 4 levels, at most 2 per characteristic (§15.14); made legal and completed at random if needed. */
  talents?: Partial<Record<CharCode, number>>;
  /**
   * AK Europe (§14.2) and AK Terre (§14.4): the positions asked for in order of priority (ids of
   * EUROPE_POSITIONS or TERRE_POSITIONS); the first still free is taken, else one is drawn.
   */
  position?: string;
  position2?: string;
  position3?: string;
}

export interface AKOptions {
  /** Number of kingdoms (default 8, max 12); `kings` or `seatIds`, if longer, win. */
  players?: number;
  kings?: AKKingOptions[];
  /** Engine player ids, one per kingdom (default 'K1'..'Kn'). */
  seatIds?: string[];
  /** Host overrides of the constants table (config.ts). */
  config?: Record<string, unknown>;
  /**
   * The variant (§14): absent or 'standard' for the standard game, 'europe' for AK Europe
   * (world/europe.ts), 'super' for Super AK (world/super.ts), 'terre' for AK Terre (world/terre.ts).
   */
  variant?: 'standard' | 'europe' | 'super' | 'terre';
}

export type AKVariantId = 'europe' | 'super' | 'terre';

/** What a variant changes at setup: its delta of the constants table, its grid, its fixed positions (authored maps). */
interface VariantSetup {
  config: Record<string, unknown>;
  grid: Grid;
  positions?: readonly EuropePosition[];
  /** The authored map, without the capitals (they are the positions'). */
  map?: () => Omit<FixedMap, 'capitals'>;
}

const VARIANT_SETUP: Record<AKVariantId, VariantSetup> = {
  [EUROPE_VARIANT]: { config: EUROPE_CONFIG, grid: STANDARD_GRID, positions: EUROPE_POSITIONS, map: () => ({ terrain: europeTerrain() }) },
  [SUPER_VARIANT]: { config: SUPER_CONFIG, grid: LARGE_GRID },
  [TERRE_VARIANT]: { config: TERRE_CONFIG, grid: LARGE_GRID, positions: TERRE_POSITIONS, map: terreMap },
} as Record<AKVariantId, VariantSetup>;

/** The same options and the same RNG stream always give the same game. */
export function setupGame(options: AKOptions, rng: Rng): AKState {
  const overrides = options.config ?? {};
  checkOverrides(overrides); // the bounds apply when a game is created
  const variantId = options.variant && options.variant !== 'standard' ? options.variant : undefined;
  const variant = variantId ? VARIANT_SETUP[variantId] : undefined;
  if (variantId && !variant) throw new LocalizedError({ fr: `variante inconnue « ${String(variantId)} »`, en: `unknown variant "${String(variantId)}"` });
  const config = variant ? mergeConfig(variant.config, overrides) : overrides;
  const cfgAll = resolveConfig(config);
  const cfg = cfgAll.world;
  const grid = variant?.grid ?? STANDARD_GRID;
  if (cfg.rows !== grid.rows || cfg.cols !== grid.cols) {
    throw new LocalizedError({
      fr: `ce monde se joue sur ${grid.rows} × ${grid.cols} provinces (world.rows, world.cols), et non ${cfg.rows} × ${cfg.cols}`,
      en: `this world is played on ${grid.rows} × ${grid.cols} provinces (world.rows, world.cols), not ${cfg.rows} × ${cfg.cols}`,
    });
  }
  const n = Math.max(options.kings?.length ?? 0, options.seatIds?.length ?? 0) || options.players || cfg.defaultPlayers;
  // The grid's own limit (G-03: 12 on 162 provinces; §14.3: 28 on 450) caps a host's world.maxPlayers.
  const maxPlayers = Math.min(cfg.maxPlayers, grid.maxPlayers);
  if (!Number.isInteger(n) || n < 1 || n > maxPlayers) {
    throw new LocalizedError({ fr: `Adventurer Kings se joue de 1 à ${maxPlayers} royaumes (et non ${String(n)})`, en: `Adventurer Kings takes 1 to ${maxPlayers} kingdoms, not ${String(n)}` });
  }
  const seats = Array.from({ length: n }, (_, i) => options.seatIds?.[i] ?? `K${i + 1}`);
  if (new Set(seats).size !== n) throw new Error('two kingdoms share a seat id');
  const europe = variantId === EUROPE_VARIANT;
  const positioned = variant?.positions;
  if (positioned && n > positioned.length) {
    const what = europe ? 'AK Europe' : 'AK Terre';
    throw new LocalizedError({ fr: `${what} se joue à ${positioned.length} royaumes au plus (et non ${n})`, en: `${what} takes ${positioned.length} kingdoms at most, not ${n}` });
  }

  const s: AKState = {
    ruleset: 'adventurer-kings', turn: 1, config, provinces: {}, characters: {}, armies: {}, sites: {}, items: {},
    kingdoms: {}, knowledge: {}, next: { character: n + 1, army: 1, site: 1, item: 1 },
  };
  if (variantId) s.variant = variantId;

  // 1. The Kings' choices, completed from the RNG; special alignments at most once each (§13.1).
  const names = new Set<string>();
  const realms = new Set<string>();
  const specialTaken = new Set<Alignment>();
  const perAlignment = new Map<Alignment, number>();
  const kings = Array.from({ length: n }, (_, i) => {
    const o = options.kings?.[i] ?? {};
    const race = o.race ?? rng.pick(RACES);
    let alignment: Alignment;
    if (cfg.alignmentCap > 0) alignment = cappedAlignment(rng, cfg.alignmentCap, perAlignment, o);
    else alignment = o.alignment ?? rng.pick(NORMAL_ALIGNMENTS);
    if (cfg.alignmentCap === 0 && (alignment === 'Divine' || alignment === 'Undead')) {
      if (specialTaken.has(alignment)) {
        const fb = o.fallbackAlignment;
        alignment = fb && fb !== 'Divine' && fb !== 'Undead' ? fb : alignment === 'Divine' ? 'Good' : 'Evil';
      } else specialTaken.add(alignment);
    }
    const temperament = o.temperament ?? rng.pick(TEMPERAMENTS);
    const sex = o.sex ?? (rng.chance(0.5) ? 'M' : 'F');
    const talent = legalTalents(rng, o.talents, cfg.kingTalentLevels, cfg.kingTalentMaxPer, lockedCode(alignment));
    const name = o.name?.trim() ? unique(names, () => o.name!.trim()) : unique(names, () => heroName(rng, race, sex));
    const realm = o.kingdomName?.trim() ? unique(realms, () => o.kingdomName!.trim()) : unique(realms, () => kingdomName(rng));
    return { race, alignment, temperament, sex, talent, name, realm };
  });

  // AK Europe (§14.2), AK Terre (§14.4): each King's position, as asked when still free (in seat order), else drawn.
  const positions = positioned ? rankedPositions(rng, options.kings ?? [], n, positioned) : [];
  if (positioned) kings.forEach((k, i) => { if (!options.kings?.[i]?.kingdomName?.trim()) k.realm = positions[i]!.name.fr; });

  // 2. The world, with a capital per kingdom (AK Europe, AK Terre: the authored map and its capitals).
  const fixed = positioned && variant.map ? { ...variant.map(), capitals: positions.map((p) => p.capital) } : undefined;
  // Super AK (§14.3): « Les joueurs d'un même alignement sont dispersés sur la carte initialement ».
  const arrange = cfg.alignmentCap > 0 ? (caps: number[]) => disperse(caps, kings.map((k) => k.alignment)) : undefined;
  const { capitals } = generateWorld(s, rng, cfg, kings.map((k) => k.race), fixed, grid, arrange);
  for (const c of Object.values(s.characters)) names.add(c.name.toLowerCase());
  if (variantId === TERRE_VARIANT) markStraits(s);

  // 3. Kingdoms, Kings, Heroes, armies.
  kings.forEach((k, i) => {
    const id = i + 1;
    const capital = capitals[i]!;
    const prov = s.provinces[capital]!;
    prov.owner = id;
    prov.capitalOf = id;
    const relations: Record<number, Relation> = {};
    for (let j = 1; j <= n; j++) if (j !== id) relations[j] = 'Neutral';
    const kingdom: Kingdom = {
      id, name: k.realm, player: seats[i]!, king: id, alignment: k.alignment, treasury: cfg.startTreasury,
      treasuryAtTurnStart: cfg.startTreasury, capital, relations,
      inventions: positioned && !europe ? [...(positions[i] as TerrePosition).discoveries.slice(0, cfg.terreDiscoveries)] : [], // [P V-33]
    };
    s.kingdoms[id] = kingdom;
    const king = makeCharacter(rng, { id, name: k.name, sex: k.sex, role: 'King', kingdom: id, alignment: k.alignment, temperament: k.temperament, race: k.race, talent: k.talent, province: capital }, cfg);
    applySpecialKingBonus(king, cfg);
    const bonus = positioned ? { codes: positions[i]!.bonus, by: europe ? cfg.europeBonus : cfg.terreBonus, cap: europe ? cfg.aptitudeMax : cfg.variantTalentCap } : null;
    if (bonus) countryBonus(king, bonus.codes, bonus.by, bonus.cap, cfg);
    s.characters[id] = king;
    for (let h = 0; h < cfg.startingHeroes; h++) {
      const hero = startingHero(s, rng, cfg, king, names);
      if (bonus) countryBonus(hero, bonus.codes, bonus.by, bonus.cap, cfg);
      s.characters[hero.id] = hero;
    }
    // G-02: two of the first type and one of the second led by the King, one Garrison under the GC; Undead: one skeleton.
    const [t1, t2] = [prov.types[0]!, prov.types[1] ?? prov.types[0]!];
    [t1, t1, t2].forEach((type, j) => {
      const a: Army = { id: s.next.army++, type, race: k.race, quality: 2, kingdom: id, status: 'Led', leader: id, province: capital, mpUsed: 0 };
      if (j === 0 && k.alignment === 'Undead') a.skeleton = true;
      s.armies[a.id] = a;
    });
    const ga: Army = { id: s.next.army++, type: 'GA', race: k.race, quality: 2, kingdom: id, status: 'Garrison', province: capital, mpUsed: 0 };
    s.armies[ga.id] = ga;
  });

  // 4. Starting knowledge (§2.3, TV-50): capital 100 % with all its sites, neighbours 1 %
  //    (AK Europe, §14.2: every province up to distance world.europeKnownRadius).
  const at = { turn: 1, phase: 0 };
  for (const kingdom of Object.values(s.kingdoms)) {
    raiseExploration(s, kingdom.id, kingdom.capital, 100, at);
    provinceKnowledge(s, kingdom.id, kingdom.capital).capital = { of: kingdom.id, asOf: { ...at } };
    const known = europe ? within(kingdom.capital, cfg.europeKnownRadius).filter((q) => q !== kingdom.capital) : neighbours(kingdom.capital);
    for (const q of known) learnGeneral(s, kingdom.id, q, at);
  }
  return s;
}

/**
 * AK Europe and AK Terre ([P V-32]): the positions, in kingdom order. [P V-04] « par ordre de priorité » (§14.2): in seat
 * order (the order of joining), each King takes the first of his ranked countries still free;
 * the others are then drawn among the free ones.
 */
function rankedPositions(rng: Rng, kings: AKKingOptions[], n: number, all: readonly EuropePosition[]): EuropePosition[] {
  const out: (EuropePosition | null)[] = Array.from({ length: n }, () => null);
  const taken = new Set<string>();
  for (let i = 0; i < n; i++) {
    const k = kings[i];
    const asked = [k?.position, k?.position2, k?.position3].map((id) => all.find((p) => p.id === id && !taken.has(p.id))).find((p) => p);
    if (asked && !taken.has(asked.id)) { out[i] = asked; taken.add(asked.id); }
  }
  for (let i = 0; i < n; i++) {
    if (out[i]) continue;
    const p = rng.pick(all.filter((x) => !taken.has(x.id)));
    out[i] = p;
    taken.add(p.id);
  }
  return out as EuropePosition[];
}

/**
 * [P V-03] A country's bonus (§14.2) on an initial character: talent and aptitude, never in a
 * locked college (§13). AK Terre (§14.4, [P V-31]): « avec un talent initial maximal de 4 » (`cap`).
 */
function countryBonus(c: Character, codes: readonly CharCode[], by: number, cap: number, cfg: ReturnType<typeof resolveConfig>['world']): void {
  const locked = lockedCode(c.alignment);
  for (const code of codes) {
    if (code === locked) continue;
    c.talent[code] = Math.min(cfg.aptitudeMax, cap, c.talent[code] + by);
    c.aptitude[code] = Math.min(cfg.aptitudeMax, Math.max(c.talent[code], c.aptitude[code] + by));
    c.startedAtZero = c.startedAtZero.filter((x) => x !== code);
  }
}

/**
 * Super AK (§14.3: « 4 de chaque alignement »; [P V-11]): the King's alignment if it still has room,
 * else his fallback, else (and for a drawn one) a normal alignment with room, else a special one.
 */
function cappedAlignment(rng: Rng, cap: number, count: Map<Alignment, number>, o: AKKingOptions): Alignment {
  const room = (a: Alignment) => (count.get(a) ?? 0) < cap;
  let a = [o.alignment, o.fallbackAlignment].find((x): x is Alignment => !!x && room(x));
  if (!a) {
    const normal = NORMAL_ALIGNMENTS.filter(room);
    a = normal.length > 0 ? rng.pick(normal) : ALIGNMENTS.find(room) ?? rng.pick(NORMAL_ALIGNMENTS);
  }
  count.set(a, (count.get(a) ?? 0) + 1);
  return a;
}

/**
 * Super AK (§14.3): « Les joueurs d'un même alignement sont dispersés sur la carte ». [P V-13] In
 * kingdom order, each takes the free capital farthest from the capitals already given to Kings of
 * his alignment (nearest such capital; the first in the list on ties). No draw.
 */
export function disperse(capitals: number[], alignments: Alignment[]): number[] {
  const free = [...capitals];
  const out: number[] = [];
  alignments.forEach((al) => {
    const mine = out.filter((_, j) => alignments[j] === al);
    let best = 0, bestD = -1;
    free.forEach((c, k) => {
      const d = mine.length === 0 ? Infinity : Math.min(...mine.map((m) => distance(m, c)));
      if (d > bestD) { bestD = d; best = k; }
    });
    out.push(free.splice(best, 1)[0]!);
  });
  return out;
}

/** AK Terre (§14.4): the straits and isthmuses of the authored map on the provinces. */
function markStraits(s: AKState): void {
  for (const [a, b] of TERRE_STRAITS) {
    for (const [x, y] of [[a, b], [b, a]] as const) {
      const p = s.provinces[x]!;
      p.straits = [...(p.straits ?? []), y].sort((u, v) => u - v);
    }
  }
  for (const p of TERRE_ISTHMUSES) s.provinces[p]!.isthmus = true;
}

/** A variant's delta under the host's overrides (the host's values win), both plain objects. */
function mergeConfig(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = b && v && typeof b === 'object' && typeof v === 'object' && !Array.isArray(b) && !Array.isArray(v)
      ? mergeConfig(b as Record<string, unknown>, v as Record<string, unknown>) : v;
  }
  return out;
}

/** G-02 starting Hero: race, alignment and temperament near the King's; 4 random levels; wage 1. */
function startingHero(s: AKState, rng: Rng, cfg: ReturnType<typeof resolveConfig>['world'], king: Character, names: Set<string>): Character {
  const id = s.next.character++;
  const race = rng.chance(cfg.heroSameRace) ? king.race : rng.pick(RACES.filter((r) => r !== king.race));
  let alignment: Alignment;
  if (king.alignment === 'Undead') alignment = rng.chance(0.5) ? 'Evil' : 'Undead';
  else if (king.alignment === 'Divine') alignment = 'Good';
  else if (rng.chance(cfg.heroSameAlignment)) alignment = king.alignment;
  else {
    // One step away on the scale, among the normal alignments.
    const i = ALIGNMENTS.indexOf(king.alignment);
    alignment = rng.pick([ALIGNMENTS[i - 1], ALIGNMENTS[i + 1]].filter((a): a is Alignment => !!a && NORMAL_ALIGNMENTS.includes(a)));
  }
  const temperament = rng.chance(cfg.heroSameTemperament) ? king.temperament : temperamentStep(rng, king.temperament);
  const sex = rng.chance(0.5) ? 'M' : 'F';
  const c = makeCharacter(rng, {
    id, name: unique(names, () => heroName(rng, race, sex)), sex, role: 'HeroInService', kingdom: king.kingdom, alignment, temperament, race,
    talent: randomTalents(rng, cfg.kingTalentLevels, cfg.kingTalentMaxPer, lockedCode(alignment)), province: king.province,
  }, cfg);
  c.wage = cfg.startingHeroWage;
  c.loyal = rng.chance(cfg.loyalShare);
  return c;
}
