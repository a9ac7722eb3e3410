/**
 * Fief: every number the rules use, in one table (style guide §3). Each constant carries its
 * default, its type with a minimum and a maximum, and its source tag: `[T §x]` the rules text
 * (rules file /shared/rules/fief.md, which cites the French source), `[P G-nn]` a proposed
 * resolution of the rules file §10, `[P]` a choice of ours. A host overrides any of them per game;
 * `resolveFiefConfig` (the engine's shared `resolveConfig`) refuses unknown keys, wrong types and
 * values out of bounds, then the relations between constants, with a message in French and English.
 * The resolved table is stored in the game state, so that a replay uses what the game used.
 *
 * The optional rules of Appendix A are here too (`options`), as are the deadline classes of §11.1.5
 * (`deadlines`, minutes per pace). Bounds keep every formula defined and every loop short: the
 * bounds are the "config bombs" guard (style §3), not a statement that a value is sensible.
 */
import { bool, constant, defaultsOf, int, list, resolveConfig, type Spec, type TableInfo } from '../../engine/constants.ts';
import type { Localized } from '../../engine/ruleset.ts';

/** A deadline class's minutes at each pace. */
const pace = (live: number, daily: number, weekly: number, tag: string) => ({
  live: constant(live, int(1, 20_160), tag),
  daily: constant(daily, int(1, 20_160), tag),
  weekly: constant(weekly, int(1, 20_160), tag),
});

/** The table: defaults, bounds and tags side by side. Read it like Appendix A of G&P. */
export const FIEF_CONSTANTS = {
  players: {
    min: constant(3, int(3, 6), '[P G-06] 3 to 6 players; no 2-player rules exist'),
    max: constant(6, int(3, 6), '[P G-06] six colours of pieces'),
  },
  victory: {
    soloVp: constant(3, int(1, 12), '[T §7.1] 3 VP wins alone'),
    allianceVp: constant(4, int(1, 24), '[T §7.2] 4 VP together for a married pair'),
    allianceMinPlayers: constant(4, int(3, 7), '[T §7.2] alliance victory only with 4 or more players (7: never)'),
    turnLimit: constant(0, int(0, 500), '[P G-48] optional turn limit, 0 = off (house rule)'),
  },
  vp: {
    fiefTitle: constant(1, int(0, 5), '[T §7.0]'),
    king: constant(1, int(0, 5), '[T §7.0]'),
    pope: constant(1, int(0, 5), '[T §7.0]'),
    queen: constant(0, int(0, 5), '[T-FAQ] the queen (regent or not) is worth 0'),
  },
  family: {
    maxLords: constant(4, int(1, 6), '[T §13, §2.4.1] at most 4 lords, prisoners included'),
    handLimit: constant(3, int(1, 6), '[T §2.1, §8.0] never more than 3 cards'),
    maxFiefTitlesPerLord: constant(2, int(1, 4), '[T §1.2, §4.3]'),
  },
  start: {
    ecus: constant(5, int(0, 1_000), '[T-setup 8]'),
    knights: constant(1, int(0, 8), '[T-setup 8]'),
    sergeants: constant(3, int(0, 13), '[T-setup 8]'),
    castle: constant(true, bool(), '[T-setup 8] one castle from the supply on the starting village'),
  },
  reserve: {
    sergeants: constant(13, int(1, 40), '[T "Matériel"] 78 = 13 × 6; hard limit [T-FAQ]'),
    knights: constant(8, int(1, 20), '[T "Matériel"] 48 = 8 × 6; hard limit [T-FAQ]'),
    siegeEngines: constant(2, int(0, 4), '[T §6.4] 2 engines, so 2 sieges at once [P G-08]'),
    embassy: constant(3, int(0, 10), '[T §8.0] never replenished [P G-55]'),
    taxMarkers: constant(3, int(0, 10), '[T "Matériel"]'),
  },
  supply: {
    castleTiles: constant(12, int(6, 40), '[T "Matériel"] castle/city tiles, shared'),
    mills: constant(15, int(0, 48), '[T "Matériel"]'),
  },
  deck: {
    /** The Lord cards follow the roster (18 names): not overridable. */
    lord: constant(18, int(18, 18), '[T §2.4.1] one card per lord token'),
    cardinal: constant(3, int(0, 3), '[T §9.2] one per card-linked cardinal hat'),
    darc: constant(1, int(0, 1), '[T §9.1] one d’Arc token'),
    goodHarvest: constant(5, int(0, 10), '[T "Matériel"]'),
    fairWeather: constant(5, int(0, 10), '[T "Matériel"]'),
    tax: constant(5, int(0, 10), '[T "Matériel"]'),
    revolt: constant(4, int(0, 10), '[T "Matériel"]'),
    tunnel: constant(3, int(0, 10), '[T "Matériel"]'),
    assassination: constant(1, int(0, 3), '[T "Matériel"]'),
    justice: constant(1, int(0, 3), '[T "Matériel"]'),
    ambush: constant(1, int(0, 3), '[T "Matériel"]'),
    badWeather: constant(4, int(0, 10), '[T "Matériel"]'),
    famine: constant(4, int(0, 10), '[T "Matériel"]'),
    plague: constant(2, int(0, 10), '[T "Matériel"]'),
  },
  draw: {
    maxCards: constant(2, int(0, 4), '[T §2.1] at most 2 cards a turn'),
    maxCharacter: constant(1, int(0, 2), '[T §2.1] at most 1 of them from the Character deck'),
    calamitySlots: constant(3, int(1, 5), '[T §2.3] the calamity track has 3 slots; overflow discarded unseen [P G-60]'),
  },
  calamity: {
    /** A d6 of 1–5 names the bishopric; the rest (6) is a false alarm [T §2.3]. Fixed by the 5 bishoprics. */
    plagueSurvivesFrom: constant(4, int(1, 7), '[T §2.3.3] d6 4–6 survives, 1–3 dies'),
  },
  church: {
    bishopCalmFrom: constant(3, int(1, 7), '[T §1.4] d6 3–6 calms; 1–2 the bishop dies'),
    cardinalCalmFrom: constant(3, int(1, 7), '[T §1.5] d6 3–6 calms; 1–2 fails'),
    cardinalCalmCost: constant(3, int(0, 50), '[T §1.5] 3 ecus'),
    cardinalCalmCostPerCard: constant(true, bool(), '[P G-19] the 3 ecus are paid per revolt card attempted'),
    excommunicationsPerTurn: constant(1, int(0, 3), '[T §1.7] once per turn, one lord at a time'),
    votesSeat: constant(2, int(0, 10), '[T §1.4] the seat of the bishopric'),
    votesVillage: constant(1, int(0, 10), '[T §1.4] each other village'),
    votesBishop: constant(2, int(0, 10), '[T §1.4] a bishop since the start of the turn'),
    votesCardinal: constant(3, int(0, 10), '[T §1.4] a cardinal or the pope'),
    popeMinCardinals: constant(2, int(1, 4), '[T §1.7.1] at least 2 free cardinals'),
    kingMinVotes: constant(3, int(1, 24), '[T §1.8] at least 3 votes'),
    kingMinBishops: constant(2, int(1, 5), '[T §1.8] 2 bishops, or 1 cardinal, or the pope'),
  },
  income: {
    village: constant(1, int(0, 10), '[T §3.0] each controlled village not besieged'),
    mill: constant(2, int(0, 10), '[T §3.0]'),
    harvestBonus: constant(1, int(0, 10), '[T §2.4.2] Good Harvest, +1 per mill'),
    fairWeatherBonus: constant(1, int(0, 10), '[T §2.4.3] Fair Weather, +1 per mill'),
    taillePerVillage: constant(2, int(0, 10), '[T §2.4.5] +2 per village of the fief [P G-61]'),
    queen: constant(2, int(0, 10), '[T §1.8.1] the queen’s +2'),
    pillagePerMill: constant(1, int(0, 10), '[T §6.5] +1 ecu per mill pillaged'),
  },
  price: {
    sergeant: constant(1, int(0, 50), '[T §4.1]'),
    knight: constant(3, int(0, 50), '[T §4.1]'),
    mill: constant(3, int(0, 50), '[T §4.2]'),
    castle: constant(10, int(0, 100), '[T §4.2]'),
    fiefTitlePerVillage: constant(2, int(0, 50), '[T §4.3] 4 / 6 / 8'),
    cardinalHat: constant(5, int(0, 100), '[T §4.4] the one purchasable hat'),
  },
  limits: {
    millsPerVillage: constant(2, int(0, 4), '[T §4.2]'),
    newUnitsPerVillage: constant(4, int(1, 20), '[T §4.1] at most 4 bought units placed per village'),
  },
  movement: {
    lordSteps: constant(2, int(1, 6), '[T §5.0]'),
    darcSteps: constant(3, int(1, 6), '[T §9.1]'),
  },
  combat: {
    dieFaces: constant([1, 1, 2, 2, 3, 3], list(int(0, 6), 6, 6), '[P G-02] §6.2.2 faces; launch-blocking: [0,1,1,2,2,3] if the dice have a blank'),
    twoDiceFromCp: constant(7, int(2, 100), '[T §6.2] 1–6 CP: 1 die; 7–12: 2'),
    threeDiceFromCp: constant(13, int(3, 200), '[T §6.2] 13 CP and more: 3 dice'),
    darcExtraDie: constant(1, int(0, 2), '[T §9.1] the only way to roll 4 dice'),
    castlePenalty: constant(1, int(0, 3), '[T §6.2.1]'),
    cityPenalty: constant(2, int(0, 3), '[T §6.2.1]'),
    engineCancelCap: constant(2, int(0, 4), '[P G-34] engines cancel at most 2 dice'),
    raidDefenderBonusPerDie: constant(1, int(0, 3), '[T §5.2]'),
    revoltBonusPerDie: constant(1, int(0, 3), '[T §10.1]'),
    roundsWithoutLossEnd: constant(3, int(1, 10), '[T §6.3] 3 rounds in a row without a loss end the battle'),
    /** A loop bound (style §2): a battle stops at this round; what happens then is written where the loop is. */
    maxRounds: constant(60, int(3, 500), '[P] loop cap: the battle ends as an agreed stop'),
    cpSergeant: constant(1, int(0, 10), '[T §6.2]'),
    cpKnight: constant(3, int(0, 10), '[T §6.2]'),
    cpMaleLord: constant(1, int(0, 10), '[T §6.2]'),
    cpTitledWoman: constant(1, int(0, 10), '[T §6.2]'),
    cpUntitledWoman: constant(0, int(0, 10), '[T §6.2]'),
    cpDarc: constant(1, int(0, 10), '[T §9.1]'),
    damageSergeant: constant(1, int(1, 10), '[T §6.2.2]'),
    damageKnight: constant(3, int(1, 10), '[T §6.2.2]'),
    damageLord: constant(1, int(1, 10), '[T §6.2.2]'),
  },
  ransom: {
    base: constant(2, int(0, 50), '[T §6.2.5] 2 ecus'),
    perTitle: constant(2, int(0, 50), '[T §6.2.5] + 2 per title'),
  },
  relics: {
    lanceBonus: constant(1, int(0, 3), '[T §11.1] Holy Lance +1 a round'),
    grailReduction: constant(1, int(0, 3), '[T §11.1] Holy Grail −1 on each attacking die'),
    radegondeFrom: constant(4, int(1, 7), '[T §11.1] d6 4–6 removes a Famine'),
  },
  diplomacy: {
    embassyMinutes: constant(3, int(1, 60), '[T §8.0] not enforceable online (§11.6)'),
    offerPhases: constant(2, int(1, 14), '[P §11.6, #41] a trade offer or annulment request lapses (declined, refused) once the game is this many phases past the one it was made in'),
    openOffers: constant(5, int(1, 20), '[P §11.1.6] open trade offers a player may have at once (requests cannot be used to stall)'),
    annulmentRequestsPerPhase: constant(2, int(1, 10), '[P §11.1.6, #7] requests for one marriage by one player in a phase: the first and one repeat'),
    botActionsPerPhase: constant(2, int(0, 10), '[P §11.7] free actions a bot seat takes of its own accord in a phase (an offer, a gift…; bot-free.ts), counting every free action it took in that phase; its answers to offers and requests are never held back'),
  },
  /** §11.3 hold points (holds.ts). */
  holds: {
    /** A loop bound (style §2): a hold reopens after each card played; at this round it ends as if all had passed. */
    maxRounds: constant(12, int(1, 50), '[P §11.3.2] loop cap: each reopening spends a card; the cap ends the hold'),
    inBattles: constant(true, bool(), '[P §11.3.2] hold points before each battle round (may be disabled for speed)'),
    afterStep: constant(true, bool(), '[T §11.3.2] a hold after each movement step that ends in a village with other players’ pieces (configurable; may be disabled for speed)'),
  },
  /** Appendix A: optional rules, host flags. */
  options: {
    relics: constant(false, bool(), '[T §11.1] A.1'),
    fogOfWar: constant(false, bool(), '[T §11.2] A.2'),
    freeDiplomacy: constant(true, bool(), '[T §11.3] A.3; on by default online (issue 15, rules §11.6)'),
    firstTurnNoCalamity: constant(false, bool(), '[T §2.3 note] A.4 beginners'),
    hiddenMoney: constant(false, bool(), '[T-FAQ] A.5'),
  },
  /** §11.1.5: minutes for each deadline class at each pace. */
  deadlines: {
    TURN: pace(10, 24 * 60, 72 * 60, '[P §11.1.5] 10 min / 24 h'),
    REPLY: pace(5, 12 * 60, 36 * 60, '[P §11.1.5] 5 min / 12 h'),
    BATTLE: pace(3, 8 * 60, 24 * 60, '[P §11.1.5] 3 min / 8 h'),
    HOLD: pace(1, 4 * 60, 12 * 60, '[P §11.1.5] 1 min / 4 h'),
  },
} satisfies Spec;

type Defaults<T> = T extends { default: infer D; spec: unknown; tag: string } ? D : { [K in keyof T]: Defaults<T[K]> };
type Widen<T> = T extends number ? number : T extends boolean ? boolean : T extends readonly number[] ? number[] : { [K in keyof T]: Widen<T[K]> };

/** The resolved constants of a game. */
export type FiefConfig = Widen<Defaults<typeof FIEF_CONSTANTS>>;
export type DeadlineClassName = keyof FiefConfig['deadlines'];

export const DEFAULT_CONFIG = defaultsOf(FIEF_CONSTANTS) as FiefConfig;

const NAME: Localized = { fr: 'Fief', en: 'Fief' };

/** Relations between constants, checked after the bounds (a refused relation names its constant). */
function relations(c: FiefConfig): { path: string; value: unknown; expected: Localized } | null {
  // [constant, its value, the bound it must respect, that bound's name, 'max' (at most) or 'above' (more than)]
  const rows: [string, number, number, string, 'max' | 'above'][] = [
    ['players.min', c.players.min, c.players.max, 'players.max', 'max'],
    ['start.knights', c.start.knights, c.reserve.knights, 'reserve.knights', 'max'],
    ['start.sergeants', c.start.sergeants, c.reserve.sergeants, 'reserve.sergeants', 'max'],
    ['players.max', c.start.castle ? c.players.max : 0, c.supply.castleTiles, 'supply.castleTiles (one starting castle per player)', 'max'],
    ['combat.threeDiceFromCp', c.combat.threeDiceFromCp, c.combat.twoDiceFromCp, 'combat.twoDiceFromCp', 'above'],
    ['draw.maxCharacter', c.draw.maxCharacter, c.draw.maxCards, 'draw.maxCards', 'max'],
  ];
  for (const [path, value, bound, name, how] of rows) {
    if (how === 'max' ? value <= bound : value > bound) continue;
    return how === 'max'
      ? { path, value, expected: { fr: `au plus ${name} (${bound})`, en: `at most ${name} (${bound})` } }
      : { path, value, expected: { fr: `plus que ${name} (${bound})`, en: `more than ${name} (${bound})` } };
  }
  return null;
}

export const FIEF_TABLE_INFO: TableInfo = { name: NAME, relations };

/** The constants in force for a new game: defaults with the host's overrides, checked against the bounds. */
export function resolveFiefConfig(overrides: unknown = {}, opts: { bounds?: boolean } = {}): FiefConfig {
  return resolveConfig(FIEF_TABLE_INFO, FIEF_CONSTANTS, DEFAULT_CONFIG, overrides, opts);
}
