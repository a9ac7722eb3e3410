/**
 * Adventurer Kings — the game state: plain JSON data (rules file S2, "Data model").
 *
 * Everything the referee knows lives here; each kingdom's knowledge of the world is stored
 * separately (S2.17, S8), never derived on the fly from the true state, so that views and
 * reports can be rendered from it alone. Identifiers are numbers in separate spaces per kind
 * (S2.1): provinces `100 × row + column` (G-01), characters, armies, sites, items.
 *
 * Domain folders add what they need as optional fields in the blocks marked for them.
 */

export type Alignment = 'Divine' | 'Good' | 'Druid' | 'Neutral' | 'Pagan' | 'Evil' | 'Undead';
/** Index on the ordered scale (S2.3): distance = |index(a) − index(b)|. */
export const ALIGNMENTS: readonly Alignment[] = ['Divine', 'Good', 'Druid', 'Neutral', 'Pagan', 'Evil', 'Undead'];
export type Temperament = 'Cowardly' | 'Cautious' | 'Brave' | 'Berserk';
export const TEMPERAMENTS: readonly Temperament[] = ['Cowardly', 'Cautious', 'Brave', 'Berserk'];
export type Race = 'Human' | 'Elf' | 'Dwarf' | 'Orc';
export const RACES: readonly Race[] = ['Human', 'Elf', 'Dwarf', 'Orc'];
export type ArmyRace = Race | 'Eagle' | 'Dragon' | 'Whale' | 'Triton' | 'Troll' | 'Ent' | 'Were';
export type Terrain = 'Plain' | 'Desert' | 'Jungle' | 'Forest' | 'Mountain' | 'Sea';
export const TERRAINS: readonly Terrain[] = ['Plain', 'Desert', 'Jungle', 'Forest', 'Mountain', 'Sea'];

/** The 15 characteristics (S2.2), in the rules' order. */
export type CharCode = 'Ta' | 'Ma' | 'Na' | 'Ar' | 'Me' | 'Wh' | 'Ps' | 'Il' | 'El' | 'Ne' | 'Sa' | 'Dr' | 'Sp' | 'Ex' | 'Th';
export const CHAR_CODES: readonly CharCode[] = ['Ta', 'Ma', 'Na', 'Ar', 'Me', 'Wh', 'Ps', 'Il', 'El', 'Ne', 'Sa', 'Dr', 'Sp', 'Ex', 'Th'];
export type College = 'Wh' | 'Ps' | 'Il' | 'El' | 'Ne';
export const COLLEGES: readonly College[] = ['Wh', 'Ps', 'Il', 'El', 'Ne'];
export type Levels = Record<CharCode, number>;

/** Army type codes (Table 15.8). */
export type ArmyType = 'GA' | 'BO' | 'AX' | 'PH' | 'LE' | 'LC' | 'HC' | 'CH' | 'EL' | 'CC' | 'WR' | 'DR' | 'EA' | 'WH' | 'FL' | 'ME' | 'EN' | 'TR' | 'WE';
export const ARMY_TYPES: readonly ArmyType[] = ['GA', 'BO', 'AX', 'PH', 'LE', 'LC', 'HC', 'CH', 'EL', 'CC', 'WR', 'DR', 'EA', 'WH', 'FL', 'ME', 'EN', 'TR', 'WE'];
/** 0 Reduced, 1 Green, 2 Average, 3 Veteran, 4 Crack, 5 Elite. */
export type Quality = 0 | 1 | 2 | 3 | 4 | 5;

export type Relation = 'Allied' | 'Neutral' | 'Enemy';
export type OfficeId = 'Emperor' | 'Chancellor' | 'Marshal' | 'Admiral' | 'Treasurer' | 'Priest' | 'ArchMage' | 'Defender';

/** A turn and phase stamp: phase 0 = before phase 1, 1..5 the seasons, 6 = end of turn. */
export interface Stamp { turn: number; phase: number }

/** An encounter tactic (S4.5): code, optional argument (`GI n`, `CA-FI`, `US-31`, `SA-"text"`). */
export type TacticCode = 'ME' | 'GI' | 'SC' | 'FL' | 'CA' | 'TA' | 'SA' | 'FU' | 'FI' | 'US' | 'ST';
export interface Tactic { code: TacticCode; arg?: string }

/** `ValhallaVisitor`: a hero of Valhalla beside a King for a few turns (§12.3, valhalla/visits.ts). */
export type Role = 'King' | 'Heir' | 'HeroInService' | 'WanderingHero' | 'RulingHero' | 'ValhallaVisitor';

export interface Character {
  id: number;
  name: string;
  sex: 'M' | 'F';
  role: Role;
  /** The kingdom he serves; null for wandering and ruling Heroes. */
  kingdom: number | null;
  alignment: Alignment;
  temperament: Temperament;
  race: Race;
  talent: Levels;
  aptitude: Levels;
  /** Characteristics that started at 0 (special alignments cannot improve them, §13.1, G-95). */
  startedAtZero: CharCode[];
  items: number[];
  province: number;
  alive: boolean;
  /**
   * Where the body lies (dead characters), for Resurrect (§4.1a, §15.13i). `carriedByArmyOf`: the
   * character whose armies carry it (its province follows him); `carriedByArmy` (encounters): the
   * army carrying the body of a general killed in a pre-battle duel, `province` kept equal to the
   * army's (§15.13i "his surviving troops carry his body away").
   */
  body?: { province: number; carriedByArmyOf?: number; carriedByArmy?: number };
  /** Heroes in service: wage per turn and loyalty (G-10). */
  wage?: number;
  loyal?: boolean;
  /** Ruling Hero: the province he rules. */
  rules?: number;
  /** The special encounter plan (§7); persists from turn to turn (G-37). */
  specialPlan: Tactic[];
  /** First phase of the current turn in which he can be given orders (hired, charmed, resurrected: next phase). */
  orderableFrom: number;
  /** Merit points per Imperial Office (S5.6.1). */
  merit: Partial<Record<OfficeId, number>>;
  /** Talent levels gained by training since he became Heir (TV-21), and whether the player assigned them (G-11). */
  heir?: { gained: number; assigned: boolean; ofKing: number };

  // ── per-turn counters (reset in the pre-turn step) ──
  /** Action spells cast this turn, per college (§3.4.7). */
  spellsThisTurn?: Partial<Record<College, number>>;
  /** The stealth roll of this turn: not noticed (Table 15.5). */
  unnoticed?: boolean;

  // ── encounters & magic (helpers add here) ──
  /** Standing orders that outlive a phase: DE centre, patrol, pursuit/track target. */
  standing?: { defend?: number; patrol?: boolean; pursue?: number; track?: number };
  /** Tasks proposed by site monsters (G-20): report back with FU at the site. */
  quests?: { site: number; kind: 'kill' | 'bring' | 'pay' | 'visit'; target?: number; amount?: number; turn: number; visited?: boolean }[];
  /**
   * Action-spell effects on this character for the rest of the turn (magic; cleared at the end of
   * the turn, G-65 3a; removed when he dies): `oration` — every army moving with him fights one
   * quality level higher (§4.2b, no stacking); `phantom` — the caster's Illusion level: armies he
   * leads directly × (1 + 0.15 × phantom) in battle (§4.3b, no stacking: the highest);
   * `clairvoyants` — kingdoms following him by Clairvoyance (§4.2c) from event index `fromEvent`
   * of the turn (magic adds them to the audience of his events at the end of the turn).
   */
  spellEffects?: { oration?: boolean; phantom?: number; clairvoyants?: { kingdom: number; fromEvent: number }[] };
  // ── kingdom (helpers add here) ──
  /** G-10: inclination toward each kingdom (−1, 0, +1), drawn once per (Hero, kingdom). */
  inclination?: Record<number, number>;
  /** G-10 / §13.1: refuses to serve this special-alignment kingdom (drawn once per pair). */
  refuses?: Record<number, boolean>;
  /** G-88: merit lost through deaths, per office (deducted from the live total). */
  meritLoss?: Partial<Record<OfficeId, number>>;
  /** G-88: this death has already cost him his 25 % (cleared when he is alive again). */
  deathCounted?: boolean;
}

export interface Army {
  id: number;
  type: ArmyType;
  race: ArmyRace;
  quality: Quality;
  /** Owner kingdom; null for mercenaries and native defenders. */
  kingdom: number | null;
  status: 'Led' | 'Garrison' | 'Mercenary' | 'Native';
  /** The character leading it (status Led); absent: under the Garrison Commander. */
  leader?: number;
  province: number;
  /** Movement points used this turn (§8.4). */
  mpUsed: number;
  movedOverland?: boolean;
  transported?: boolean;
  /** Recruited this turn (PI restriction, §5.13, §15.13e), and for whom. */
  recruitedFor?: number;
  skeleton?: boolean;
  /** Mercenary not recruitable before this turn (§9.5). */
  notRecruitableUntil?: number;
  /** Magic: survived a Plague exposure this turn (G-35): a later exposure costs −1 quality instead of destruction. Cleared at the end of the turn. */
  plagueSurvivor?: boolean;
  // ── armies (helpers add here) ──
  /** Province it came from in the current phase (retreat route, unification distance, G-73, G-82). */
  cameFrom?: number;
  /** Made a naval move this turn (§15.13a: not both a naval and a land move in one turn). */
  movedBySea?: boolean;
  /** Bitten by Weres in a battle this turn: becomes WE, race Were, at the end of the turn (Table 15.8, G-71). */
  pendingWere?: boolean;
  /** Failed-retreat mercenary: moves away from this province (the attacker's origin) at the end of the turn (G-43). */
  fleeFrom?: number;
}

/** A destroyed army, available to Skeleton Army (§4.5a, G-33). */
export interface Fallen {
  type: ArmyType; race: ArmyRace; quality: Quality;
  /** [P G-33] The turn it fell ("type, race, quality at death, turn"): the oldest are removed first above the cap. Absent = an ancient battlefield of the map (older than any turn). */
  turn?: number;
}

export interface MonsterFlags {
  undead?: boolean; demon?: boolean; incorporeal?: boolean; mechanical?: boolean; flying?: boolean;
  underwater?: boolean; humanoid?: boolean; speaks?: boolean;
}
export type Intelligence = 'divine' | 'human' | 'animal' | 'mechanical';
export type DruidCategory = 'birds-mammals' | 'reptiles-marine' | 'insectoid' | 'other';

export interface Monster {
  /** Catalogue key (G-13), e.g. `griffon`. */
  kind: string;
  name: string;
  hp: number;
  melee: number;
  /** Damage dice of a melee hit, e.g. [1, 6]. */
  damage: [number, number];
  missile: number;
  missileDamage?: [number, number];
  speed: 'fast' | 'medium' | 'slow';
  intelligence: Intelligence;
  flags: MonsterFlags;
  druid?: DruidCategory;
  alignment: Alignment;
  /** Combat spells it may cast (college talent), if any. */
  magic?: Partial<Record<College, number>>;
}

export type ItemKind = 'Weapon' | 'Bow' | 'SpellItem' | 'TalentBoost' | 'ArmyBoost' | 'Artifact' | 'Other';
export interface Item {
  id: number;
  /** Catalogue key (G-17). */
  kind: string;
  name: string;
  category: ItemKind;
  talentBonus?: Partial<Levels>;
  spell?: string;
  charges?: number;
  armyQualityBonus?: number;
  /** Who holds it (character id), or the site it lies in. */
  holder?: number;
  site?: number;
}

export interface Site {
  id: number;
  province: number;
  /** tower, pyramid, temple, underground, tomb, cave, ruin, spring, shrine, castle (G-03). */
  type: string;
  name: string;
  monster?: Monster;
  treasure: { gold: number; items: number[] };
  /** The legend names the treasure (G-18). */
  legend?: string;
  /** Special event (G-19), by catalogue key. */
  event?: string;
  /** Exploration % at which an explorer finds it (G-21). */
  threshold: number;
  /** Hide Site (§4.3c): kingdoms that knew it before keep it. */
  hiddenBy?: number;
  /** Monster ravaging (G-14). */
  boldness?: number;
  ravaging?: boolean;
  /** The half-HP Defender merit for stopping this monster's ravaging was paid (G-14: once per monster). */
  ravageMeritPaid?: boolean;
}

export interface Province {
  id: number;
  row: number;
  col: number;
  terrain: Terrain;
  /** Native race; null only for unpopulated seas. */
  race: ArmyRace | null;
  /** Recruitable native army types (GA is implicit in humanoid provinces). */
  types: ArmyType[];
  taxBase: number;
  owner: number | null;
  /** The ruling Hero's character id. */
  ruler?: number;
  /** Capital (home province) of this kingdom. */
  capitalOf?: number;
  /** A name given by its owner (turn 1, §2.3). */
  name?: string;
  sites: number[];
  fallen: Fallen[];
  /** Contested province (§9.7): the attackers camped there. */
  contested?: { attackers: number[] };
  /** Spell effects of this turn (cleared at the end of the turn, G-65 3a). */
  effects?: {
    dried?: boolean; flooded?: boolean; blessed?: boolean; earthquake?: boolean;
    illusoryTerrain?: { terrain: Terrain; caster: number };
    plague?: { chance: number; fromPhase: number };
    plagueImmune?: number[];
  };
  /** Armies recruited here this turn, per type (§5.16). */
  recruited?: Partial<Record<ArmyType, number>>;
  /**
   * AK Terre (§14.4): an island, « 2 types de terrains (Mer et un autre) »: the province's terrain
   * is Sea and this is the other one (world/terre.ts).
   */
  island?: Exclude<Terrain, 'Sea'>;
  /** AK Terre (§14.4): the adjacent land provinces across a strait (no land crossing, ships pass), ascending. */
  straits?: number[];
  /** AK Terre (§14.4): an isthmus, « permettant le passage des navires d'un océan à un autre ». */
  isthmus?: boolean;
  // ── armies (helpers add here) ──
  /** Hero-ruled province: the native defenders' types at the first turn, which it regains one per turn (G-101). */
  nativeInitial?: ArmyType[];
}

export interface Kingdom {
  /** = King number (G-04). */
  id: number;
  name: string;
  /** The engine's player id (seat). */
  player: string;
  king: number;
  alignment: Alignment;
  treasury: number;
  treasuryAtTurnStart: number;
  capital: number;
  /** Symmetric relations with every other kingdom. */
  relations: Record<number, Relation>;
  /** Inventions, in the order of priority for exchange (§10.5). */
  inventions: string[];
  lastVoteTurn?: number;
  /** A vote was called last turn (S5.6.2). */
  voteCalled?: boolean;
  /** Missed the last turn (computer-generated defensive orders, G-41). */
  missedTurn?: boolean;
  eliminated?: boolean;
  // ── kingdom (helpers add here) ──
  /** Turn in which the kingdom's current King took the throne as Heir (G-11), for the reports. */
  heirSince?: number;
}

/** What one kingdom knows of one province (S8.3). */
export interface ProvinceKnowledge {
  pct: number;
  terrain?: Terrain;
  race?: ArmyRace | null;
  types?: ArmyType[];
  owner?: { kingdom: number | null; ruler?: number; asOf: Stamp };
  band?: 'Poor' | 'Prosperous' | 'Rich';
  exactTax?: number;
  capitalOf?: number;
  sites: number[];
  fallen?: Fallen[];
  military?: { asOf: Stamp; armies: { type: ArmyType; count: number; kingdom: number | null; quality?: Quality }[]; characters: number[]; margin: number };
  // ── knowledge (world & knowledge helper adds here) ──
  /** The tax level a spy reported (approximate, G-47), with its date. */
  spiedTax?: { value: number; asOf: Stamp };
  /** Whether the province is a capital, as last learned (SP, own capital; G-47): `of` null = known not to be one. Absent = unknown. */
  capital?: { of: number | null; asOf: Stamp };
}
export interface SiteKnowledge { name: string; type: string; legend?: string; monster?: string; descriptor?: string; cleared?: boolean }
export interface SeenCharacter { id: number; name: string; kingdom: number | null; province?: number; leadsArmies?: boolean; asOf: Stamp; race?: Race; alignment?: Alignment; temperament?: Temperament }
export interface Knowledge {
  provinces: Record<number, ProvinceKnowledge>;
  sites: Record<number, SiteKnowledge>;
  characters: Record<number, SeenCharacter>;
  /** Alignments of other kings this kingdom knows (special neighbours, tracking). */
  alignments: Record<number, Alignment>;
}

export interface AKState {
  ruleset: 'adventurer-kings';
  /** Turn about to be played (1-based). */
  turn: number;
  /** Host configuration overrides (deep-merged over DEFAULT_CONFIG, see config.ts), with a variant's own delta under them. */
  config: Record<string, unknown>;
  /**
   * The variant played (§14), absent for the standard game: 'europe' (AK Europe, world/europe.ts),
   * 'super' (Super AK, world/super.ts) or 'terre' (AK Terre, world/terre.ts), the last two on the
   * 15 × 30 grid (world/geometry.ts).
   */
  variant?: 'europe' | 'super' | 'terre';
  /** Super AK's Royal Titles (§14.3, kingdom/titles.ts): per title id, each character's points and the turn he reached them. */
  titles?: Record<string, Record<number, { points: number; since: number }>>;
  /** Super AK: each title's leader at the end of the last turn, as the characteristics of the titles' powers (kingdom/titles.ts). */
  titleLeaders?: Record<number, CharCode[]>;
  /** Super AK: the alliances in force (« a-b », a < b) and the turn each began (the Kingmaker title). */
  alliances?: Record<string, number>;
  provinces: Record<number, Province>;
  characters: Record<number, Character>;
  armies: Record<number, Army>;
  sites: Record<number, Site>;
  items: Record<number, Item>;
  kingdoms: Record<number, Kingdom>;
  /** Per kingdom knowledge (S2.17). */
  knowledge: Record<number, Knowledge>;
  /** Next free ids per space. */
  next: { character: number; army: number; site: number; item: number };
  /** Wandering monsters roaming (G-13), ravagers etc. may be added by domains. */
  finished?: { reason: 'emperor' | 'election' | 'turn-limit'; emperor: number | null; winners: number[]; scores: Record<number, number> };
  /** Valhalla (§12.3, valhalla/): the game's roster, the visits under way, the heroes who may enter at the end. Absent in games created before it. */
  valhalla?: ValhallaState;
  /** The orders of the turn being played are not in the state (they are the engine's submissions). */
}

// ───────────────────────────────────────────────────────────── Valhalla (§12.3, [P G-94])

/**
 * A hero of Valhalla as a game's roster holds him: a legendary figure written for the online
 * edition (`legend`), or a character who entered Valhalla in an earlier game (a snapshot given in
 * the game's options when it started, never read again). `key` is unique in a roster.
 */
export interface ValhallaHero {
  key: string;
  name: string;
  sex: 'M' | 'F';
  race: Race;
  alignment: Alignment;
  temperament: Temperament;
  talent: Levels;
  /** The one magic item he took with him (a catalogue kind, G-17), and its charges. */
  item?: { kind: string; charges?: number };
  /** Written by his player (one language), or in both languages for a legend. */
  description: string | { fr: string; en: string };
  story: string | { fr: string; en: string };
  /** The player who placed him (display name); absent for a legend. */
  placedBy?: string;
  legend?: boolean;
}

/** A visit under way: the hero (roster key), the character who stands for him, beside which King, since when. */
export interface ValhallaVisit { hero: string; character: number; kingdom: number; arrived: number; item?: number }

/** A character who may enter Valhalla at the end of the game (one per kingdom), and what he may take. */
export interface ValhallaEntrant {
  kingdom: number;
  player: string;
  character: number;
  name: string;
  /** His VP after alignment reductions (G-93), and whether he is the winning King. */
  vp: number;
  winningKing: boolean;
  /** The magic items he holds (he takes one), the default first. */
  items: number[];
}

export interface ValhallaState {
  /** The visits' own seed, drawn at setup: each visit draws from the stream `valhalla/<turn>/<alignment>` of it. */
  seed: number;
  roster: ValhallaHero[];
  visits: ValhallaVisit[];
  /** At the end of the game: the entrants whose players have not answered yet. */
  pending?: ValhallaEntrant[];
  /** The heroes who entered, with their players' text (the platform keeps them for later games). */
  entered?: { kingdom: number; player: string; hero: ValhallaHero }[];
}

export function clone<T>(x: T): T {
  return structuredClone(x);
}
