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
import { neighbours, within } from './geometry.ts';
import { EUROPE_CONFIG, EUROPE_POSITIONS, EUROPE_VARIANT, europeTerrain, type EuropePosition } from './europe.ts';
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
  /** AK Europe (§14.2): the countries asked for in order of priority (ids of EUROPE_POSITIONS); the first still free is taken, else one is drawn. */
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
  /** The variant (§14): absent or 'standard' for the standard game, 'europe' for AK Europe (world/europe.ts). */
  variant?: 'standard' | 'europe';
}

/** The same options and the same RNG stream always give the same game. */
export function setupGame(options: AKOptions, rng: Rng): AKState {
  const overrides = options.config ?? {};
  checkOverrides(overrides); // the bounds apply when a game is created
  const cfgAll = resolveConfig(overrides);
  const cfg = cfgAll.world;
  const n = Math.max(options.kings?.length ?? 0, options.seatIds?.length ?? 0) || options.players || cfg.defaultPlayers;
  if (!Number.isInteger(n) || n < 1 || n > cfg.maxPlayers) {
    throw new LocalizedError({ fr: `Adventurer Kings se joue de 1 à ${cfg.maxPlayers} royaumes (et non ${String(n)})`, en: `Adventurer Kings takes 1 to ${cfg.maxPlayers} kingdoms, not ${String(n)}` });
  }
  const seats = Array.from({ length: n }, (_, i) => options.seatIds?.[i] ?? `K${i + 1}`);
  if (new Set(seats).size !== n) throw new Error('two kingdoms share a seat id');
  const europe = options.variant === EUROPE_VARIANT;
  if (europe && n > EUROPE_POSITIONS.length) {
    throw new LocalizedError({ fr: `AK Europe se joue à ${EUROPE_POSITIONS.length} royaumes au plus (et non ${n})`, en: `AK Europe takes ${EUROPE_POSITIONS.length} kingdoms at most, not ${n}` });
  }

  const s: AKState = {
    ruleset: 'adventurer-kings', turn: 1, config: europe ? mergeConfig(EUROPE_CONFIG, overrides) : overrides, provinces: {}, characters: {}, armies: {}, sites: {}, items: {},
    kingdoms: {}, knowledge: {}, next: { character: n + 1, army: 1, site: 1, item: 1 },
  };
  if (europe) s.variant = 'europe';

  // 1. The Kings' choices, completed from the RNG; special alignments at most once each (§13.1).
  const names = new Set<string>();
  const realms = new Set<string>();
  const specialTaken = new Set<Alignment>();
  const kings = Array.from({ length: n }, (_, i) => {
    const o = options.kings?.[i] ?? {};
    const race = o.race ?? rng.pick(RACES);
    let alignment = o.alignment ?? rng.pick(NORMAL_ALIGNMENTS);
    if (alignment === 'Divine' || alignment === 'Undead') {
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

  // AK Europe (§14.2): each King's country, as asked when still free (in seat order), else drawn.
  const positions = europe ? europePositions(rng, options.kings ?? [], n) : [];
  if (europe) kings.forEach((k, i) => { if (!options.kings?.[i]?.kingdomName?.trim()) k.realm = positions[i]!.name.fr; });

  // 2. The world, with a capital per kingdom (AK Europe: the authored map and its capitals).
  const fixed = europe ? { terrain: europeTerrain(), capitals: positions.map((p) => p.capital) } : undefined;
  const { capitals } = generateWorld(s, rng, cfg, kings.map((k) => k.race), fixed);
  for (const c of Object.values(s.characters)) names.add(c.name.toLowerCase());

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
      treasuryAtTurnStart: cfg.startTreasury, capital, relations, inventions: [],
    };
    s.kingdoms[id] = kingdom;
    const king = makeCharacter(rng, { id, name: k.name, sex: k.sex, role: 'King', kingdom: id, alignment: k.alignment, temperament: k.temperament, race: k.race, talent: k.talent, province: capital }, cfg);
    applySpecialKingBonus(king, cfg);
    if (europe) countryBonus(king, positions[i]!.bonus, cfg);
    s.characters[id] = king;
    for (let h = 0; h < cfg.startingHeroes; h++) {
      const hero = startingHero(s, rng, cfg, king, names);
      if (europe) countryBonus(hero, positions[i]!.bonus, cfg);
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
 * AK Europe: the positions, in kingdom order. [P V-04] « par ordre de priorité » (§14.2): in seat
 * order (the order of joining), each King takes the first of his ranked countries still free;
 * the others are then drawn among the free ones.
 */
function europePositions(rng: Rng, kings: AKKingOptions[], n: number): EuropePosition[] {
  const out: (EuropePosition | null)[] = Array.from({ length: n }, () => null);
  const taken = new Set<string>();
  for (let i = 0; i < n; i++) {
    const k = kings[i];
    const asked = [k?.position, k?.position2, k?.position3].map((id) => EUROPE_POSITIONS.find((p) => p.id === id && !taken.has(p.id))).find((p) => p);
    if (asked && !taken.has(asked.id)) { out[i] = asked; taken.add(asked.id); }
  }
  for (let i = 0; i < n; i++) {
    if (out[i]) continue;
    const p = rng.pick(EUROPE_POSITIONS.filter((x) => !taken.has(x.id)));
    out[i] = p;
    taken.add(p.id);
  }
  return out as EuropePosition[];
}

/** [P V-03] A country's bonus (§14.2) on an initial character: talent and aptitude, never in a locked college (§13). */
function countryBonus(c: Character, codes: readonly CharCode[], cfg: ReturnType<typeof resolveConfig>['world']): void {
  const locked = lockedCode(c.alignment);
  for (const code of codes) {
    if (code === locked) continue;
    c.talent[code] = Math.min(cfg.aptitudeMax, c.talent[code] + cfg.europeBonus);
    c.aptitude[code] = Math.min(cfg.aptitudeMax, Math.max(c.talent[code], c.aptitude[code] + cfg.europeBonus));
    c.startedAtZero = c.startedAtZero.filter((x) => x !== code);
  }
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
