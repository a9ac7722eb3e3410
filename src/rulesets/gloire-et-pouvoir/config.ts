/**
 * Appendix A of the rules: every constant and every variant flag of Gloire & Pouvoir, in one
 * table. A host overrides any of them per game (`configOverrides` in the game options); the
 * resolved table is stored in the game state so a replay uses exactly what the game used.
 *
 * Tags: [T] stated by the rules text, [P X-nn] a proposed resolution of rules §7 adopted here.
 */
import { bool, constant, defaultsOf, each, int, list, num, oneOf, resolveConfig as resolveTable, type Spec, type TableInfo } from '../../engine/constants.ts';
import type { MapKey } from './maps/types.ts';

export type Title = 'baron' | 'vicomte' | 'comte' | 'marquis' | 'duc' | 'prince';
export const TITLES: readonly Title[] = ['baron', 'vicomte', 'comte', 'marquis', 'duc', 'prince'];
export type Fortification = 'none' | 'palisade' | 'wall' | 'fortress';
export const FORTIFICATIONS: readonly Fortification[] = ['none', 'palisade', 'wall', 'fortress'];

export interface PerMap<T> { SCA: T; EUR: T; MO: T }

export interface GPConfig {
  // --- setup [P G-01]
  startTreasury: number;
  startLordKnightRenown: number;
  startHappiness: number; // [T §5.15] 20
  /** Used when map data gives no population / coefficient. */
  defaultPopulation: number;
  defaultTaxCoef: number;
  startRetreat: { peasant: number; garrison: number; knight: number }; // [T] 50/50/80

  // --- victory [T §1.3]
  /** Which victory conditions end the game (a host may switch one off, e.g. for a long campaign). */
  victories: { renown: boolean; conquest: boolean; alliance: boolean };
  renownVictory: PerMap<number>; // GR strictly greater than
  conquestVictory: PerMap<number>; // territories owned, at least
  // --- global renown [T §2.10]
  allyDivisor: PerMap<number>;
  enemyDivisor: PerMap<number>; // MO: [P G-04] 15
  enemyAllyDivisor: PerMap<number>;
  treasuryDivisor: number;
  populationDivisor: number;
  knightDivisor: number;
  /** [P G-03] false: the lord-knight is not counted in S1. */
  s1IncludesLordKnight: boolean;

  // --- titles and rents [T §2.9]
  titleThresholds: PerMap<Record<Title, number>>;
  rents: Record<Title, number>;

  // --- economy [T §4.3]
  taxFactor: number; // 0.0833
  taxRatioMin: number;
  taxRatioMax: number;
  happinessDropPerLevel: number; // 0.10
  maxCoefDrop: number; // 0.70 [P G-11]
  coefMin: number;
  coefMax: number;
  redistributionCap: number; // 10

  // --- knights and levies [T §4.5]
  maxRecruitsPerTurn: number;
  /** Lowest renown a recruit can draw [P G-02]. */
  recruitRenownMin: number;
  levyEcusPerMan: number; // 5
  levyFactorMin: number; // 0.5
  levyFactorMax: number; // 2

  // --- battle [T §4.7, P G-18..G-22, C-17]
  peasantRate: number; // 0.03 [P G-18]
  peasantRetreat: number; // 0.5
  virtualCommanderFactor: number; // 0.5 × average knight renown
  passDamage: number; // 0.10
  peasantWinnerDamage: number; // 0.05
  fortRoll: Record<Fortification, number>;
  fortDamage: Record<Fortification, number>;
  renownPerPass: number; // 0.01
  felonyFactor: number; // 1/3
  minRenown: number; // 1 [P G-45]
  passCap: number; // 10 000 [P G-21]
  /**
   * [P G-20] equal battle rolls are re-rolled at most this many times, then a fair coin decides.
   * Optional: see LATE_CONSTANTS (absent from a game's stored table means the default).
   */
  battleRollCap?: number; // 100
  /** [P C-17] variant: both losses from start-of-pass strengths. */
  simultaneousLosses: boolean;
  /** [P C-17] further scales the pass winner's losses. */
  winnerLossFactor: number;
  /** [P G-18] variant: peasants keep their losses within a turn. */
  persistentPeasants: boolean;

  // --- diplomacy [T §4.8]
  refusalCallerShare: number; // 0.10
  refusalAllyShare: number; // 0.01

  // --- jousts [T §4.10, §4.11]
  joustPlaceCost: number; // 300
  joustMinReward: number; // 500
  royalJoustEvery: number; // 5
  /** [P G-27] royal joust at turns ≡ 0 (mod n); variant 'first': turns 1, 6, 11… */
  royalJoustSchedule: 'multiple' | 'first';
  royalJoustReward: number; // 15 000
  joustTieBand: number; // 0.10
  joustGain: number; // 0.10
  joustWeightCap: number; // 2
  joustStrongLoserLoss: number; // 0.05
  /** [P G-27] alternative weighting gain = 0.1 × R_L × R_L / R_W always. */
  joustAlwaysWeighted: boolean;
  organiserBonus: number; // 0.15
  organiserBonusAbsent: number; // 0.20
  /** [P G-27] 'any-knight': "he himself did not take part" = none of his knights; variant 'lord-knight'. */
  organiserAbsentMeans: 'any-knight' | 'lord-knight';
  joustPassCap: number; // 100

  // --- sales, espionage, migration, memory [T §4.12–4.14]
  /** [P G-28] whose enemies forbid a sale: the seller's, or the seller's and the buyer's. */
  saleEnemyCheck: 'seller' | 'both';
  espionageCost: number; // 500
  espionageBase: number; // 0.5
  migrationRate: number; // 0.05 [P G-30]
  migrationMaxOutflow: number; // 0.20
  memoryNeverOwned: number; // 20
  memoryRecoveryEvery: number; // 3
  memoryRecoveryCap: number; // 20

  // --- upkeep, fortifications, repatriation [T §4.15–4.18]
  desertionRenownFactor: number; // 2
  armyUpkeep: number; // 0.10
  garrisonBonusPer: number; // 1000 men per point
  garrisonBonusCap: number; // 3
  fortCost: Record<Exclude<Fortification, 'none'>, number>;
  fortHappiness: Record<Exclude<Fortification, 'none'>, number>;
  /** Losses by distance 1, 2, 3, 4, ≥5. */
  repatriationLoss: number[];
  /** [P C-08] variant: a territory that revolted this turn counts as non-neutral in phase 18. */
  repatriateFromRevolted: boolean;
  /** [P G-26] 'sequential' moves; variant 'simultaneous' cancels every conflicting move. */
  movementMode: 'sequential' | 'simultaneous';
}

const perMap = (spec: Spec): Spec => each(spec);
const perTitle = (spec: Spec): Spec => each(spec);

/**
 * Appendix A with each constant's type and bounds [style §3]. The bounds keep the rules' range of
 * sensible play and make every turn cheap and every formula defined: divisors are at least 1,
 * renowns at least a hundredth, shares between 0 and 1, counts are integers, every loop cap
 * (passes, joust passes, re-rolls) is small enough for a turn to take well under a second.
 */
export const CONSTANTS = {
  // --- setup [P G-01]
  startTreasury: constant(5000, int(0, 1_000_000), '[P G-01]'),
  startLordKnightRenown: constant(100, int(1, 10_000), '[P G-01]'),
  startHappiness: constant(20, num(1, 100), '[T §5.15]'), // > 0: the average happiness divides
  defaultPopulation: constant(16500, int(0, 1_000_000), '[P G-01]'),
  defaultTaxCoef: constant(0.4, num(0, 1), '[P G-01]'),
  startRetreat: {
    peasant: constant(50, int(0, 100), '[T]'), garrison: constant(50, int(0, 100), '[T]'), knight: constant(80, int(0, 100), '[T]'),
  },

  // --- victory [T §1.3]
  victories: { renown: constant(true, bool(), '[T §1.3]'), conquest: constant(true, bool(), '[T §1.3]'), alliance: constant(true, bool(), '[T §1.3]') },
  renownVictory: constant({ SCA: 999, EUR: 1999, MO: 1499 }, perMap(int(1, 1_000_000)), '[T]'),
  conquestVictory: constant({ SCA: 16, EUR: 31, MO: 20 }, perMap(int(1, 500)), '[T]'),
  // --- global renown [T §2.10]: every divisor at least 1
  allyDivisor: constant({ SCA: 10, EUR: 20, MO: 15 }, perMap(num(1, 100_000)), '[T]'),
  enemyDivisor: constant({ SCA: 10, EUR: 20, MO: 15 }, perMap(num(1, 100_000)), '[T / P G-04]'),
  enemyAllyDivisor: constant({ SCA: 100, EUR: 200, MO: 150 }, perMap(num(1, 100_000)), '[T]'),
  treasuryDivisor: constant(500, num(1, 1_000_000), '[T]'),
  populationDivisor: constant(800, num(1, 1_000_000), '[T]'),
  knightDivisor: constant(10, num(1, 10_000), '[T]'),
  s1IncludesLordKnight: constant(false, bool(), '[P G-03]'),

  // --- titles and rents [T §2.9]
  titleThresholds: constant({
    SCA: { baron: 150, vicomte: 200, comte: 250, marquis: 350, duc: 500, prince: 800 },
    EUR: { baron: 300, vicomte: 400, comte: 500, marquis: 700, duc: 1000, prince: 1600 },
    MO: { baron: 225, vicomte: 300, comte: 375, marquis: 525, duc: 750, prince: 1200 },
  }, perMap(perTitle(int(1, 1_000_000))), '[T]'),
  rents: constant({ baron: 1000, vicomte: 1500, comte: 2000, marquis: 2500, duc: 3000, prince: 5000 }, perTitle(int(0, 1_000_000)), '[T]'),

  // --- economy [T §4.3]
  taxFactor: constant(0.0833, num(0, 1), '[T]'),
  taxRatioMin: constant(0.25, num(0, 10), '[T]'),
  taxRatioMax: constant(1.25, num(0, 10), '[T]'),
  happinessDropPerLevel: constant(0.1, num(0, 1), '[T]'),
  maxCoefDrop: constant(0.7, num(0, 1), '[T, P G-11]'),
  coefMin: constant(0.05, num(0, 1), '[T]'),
  coefMax: constant(0.7, num(0, 1), '[T]'),
  redistributionCap: constant(10, num(0, 100), '[T]'),

  // --- knights and levies [T §4.5]
  maxRecruitsPerTurn: constant(5, int(0, 20), '[T]'),
  recruitRenownMin: constant(1, int(1, 1000), '[P G-02]'),
  levyEcusPerMan: constant(5, num(0.01, 1_000_000), '[T]'), // divides
  levyFactorMin: constant(0.5, num(0, 100), '[T]'),
  levyFactorMax: constant(2, num(0, 100), '[T]'),

  // --- battle [T §4.7, P G-18..G-22, C-17]
  peasantRate: constant(0.03, num(0, 1), '[P G-18]'),
  peasantRetreat: constant(0.5, num(0, 1), '[T/P]'),
  virtualCommanderFactor: constant(0.5, num(0.01, 10), '[T]'), // a commander's renown divides: never 0
  passDamage: constant(0.1, num(0, 1), '[T]'),
  peasantWinnerDamage: constant(0.05, num(0, 1), '[T, P G-20]'),
  fortRoll: constant({ none: 1, palisade: 1.1, wall: 1.25, fortress: 1.65 }, each(num(0.01, 100)), '[T]'),
  fortDamage: constant({ none: 1, palisade: 0.9, wall: 0.8, fortress: 0.3 }, each(num(0, 10)), '[T]'),
  renownPerPass: constant(0.01, num(0, 1), '[T]'),
  felonyFactor: constant(1 / 3, num(0, 1), '[T]'),
  minRenown: constant(1, num(0.01, 1000), '[P G-45]'), // renowns divide: never 0
  passCap: constant(10000, int(1, 10_000), '[P G-21]'),
  battleRollCap: constant(100, int(1, 1000), '[P G-20]'),
  simultaneousLosses: constant(false, bool(), '[P C-17]'),
  winnerLossFactor: constant(1, num(0, 10), '[P C-17]'),
  persistentPeasants: constant(false, bool(), '[P G-18]'),

  // --- diplomacy [T §4.8]
  refusalCallerShare: constant(0.1, num(0, 1), '[T]'),
  refusalAllyShare: constant(0.01, num(0, 1), '[T]'),

  // --- jousts [T §4.10, §4.11]: a duel costs at most joustPassCap passes
  joustPlaceCost: constant(300, int(0, 1_000_000), '[T]'),
  joustMinReward: constant(500, int(0, 1_000_000), '[T]'),
  royalJoustEvery: constant(5, int(0, 100), '[T, P G-27]'), // 0: no royal joust
  royalJoustSchedule: constant<'multiple' | 'first'>('multiple', oneOf('multiple', 'first'), '[P G-27]'),
  royalJoustReward: constant(15000, int(0, 1_000_000), '[T]'),
  joustTieBand: constant(0.1, num(0, 0.5), '[T]'), // above 1/2 most passes would be undecided
  joustGain: constant(0.1, num(0, 1), '[T]'),
  joustWeightCap: constant(2, num(0, 10), '[T]'),
  joustStrongLoserLoss: constant(0.05, num(0, 1), '[T]'),
  joustAlwaysWeighted: constant(false, bool(), '[P G-27]'),
  organiserBonus: constant(0.15, num(0, 1), '[T]'),
  organiserBonusAbsent: constant(0.2, num(0, 1), '[T]'),
  organiserAbsentMeans: constant<'any-knight' | 'lord-knight'>('any-knight', oneOf('any-knight', 'lord-knight'), '[P G-27]'),
  joustPassCap: constant(100, int(1, 1000), '[P G-27]'),

  // --- sales, espionage, migration, memory [T §4.12–4.14]
  saleEnemyCheck: constant<'seller' | 'both'>('seller', oneOf('seller', 'both'), '[P G-28]'),
  espionageCost: constant(500, int(0, 1_000_000), '[T]'),
  espionageBase: constant(0.5, num(0, 1), '[T]'),
  migrationRate: constant(0.05, num(0, 1), '[P G-30]'),
  migrationMaxOutflow: constant(0.2, num(0, 1), '[P G-30]'),
  memoryNeverOwned: constant(20, int(0, 1000), '[T]'),
  memoryRecoveryEvery: constant(3, int(1, 100), '[T]'), // a modulus: never 0
  memoryRecoveryCap: constant(20, int(0, 1000), '[T]'),

  // --- upkeep, fortifications, repatriation [T §4.15–4.18]
  desertionRenownFactor: constant(2, num(0, 1000), '[T]'),
  armyUpkeep: constant(0.1, num(0, 1_000), '[T]'),
  garrisonBonusPer: constant(1000, num(1, 1_000_000), '[T]'), // divides
  garrisonBonusCap: constant(3, num(0, 100), '[T]'),
  fortCost: constant({ palisade: 500, wall: 1500, fortress: 5000 }, each(int(0, 1_000_000)), '[T]'),
  fortHappiness: constant({ palisade: 0.05, wall: 0.1, fortress: 0.2 }, each(num(0, 1)), '[T]'),
  repatriationLoss: constant([0, 0.25, 0.5, 0.75, 1], list(num(0, 1), 1, 20), '[T]'),
  repatriateFromRevolted: constant(false, bool(), '[P C-08]'),
  movementMode: constant<'sequential' | 'simultaneous'>('sequential', oneOf('sequential', 'simultaneous'), '[P G-26]'),
} satisfies Record<keyof GPConfig, Spec>;

export const DEFAULT_CONFIG: GPConfig = defaultsOf(CONSTANTS) as GPConfig;

export type ConfigOverrides = { [K in keyof GPConfig]?: GPConfig[K] extends object ? Partial<GPConfig[K]> | GPConfig[K] : GPConfig[K] };

const ORDERED: [keyof GPConfig, keyof GPConfig][] = [
  ['taxRatioMin', 'taxRatioMax'], ['coefMin', 'coefMax'], ['levyFactorMin', 'levyFactorMax'],
  ['minRenown', 'recruitRenownMin'], ['minRenown', 'startLordKnightRenown'],
];

/** Gloire & Pouvoir's table for the engine's checker, with the relations between constants. */
export const TABLE_INFO: TableInfo = {
  name: { fr: 'Gloire & Pouvoir', en: 'Gloire & Pouvoir' },
  relations: (cfg: GPConfig) => {
    for (const [lo, hi] of ORDERED) {
      if ((cfg[lo] as number) > (cfg[hi] as number)) {
        return { path: lo, value: cfg[lo], expected: { fr: `au plus ${hi} (${String(cfg[hi])})`, en: `at most ${hi} (${String(cfg[hi])})` } };
      }
    }
    return null;
  },
};

/**
 * Merges a host's overrides into the defaults (tables key by key, lists whole), refusing unknown
 * keys, wrong types and values outside the bounds with a ConstantError (engine/constants.ts).
 */
export function resolveConfig(overrides: Record<string, unknown> = {}): GPConfig {
  const out = resolveTable(TABLE_INFO, CONSTANTS, DEFAULT_CONFIG, overrides);
  for (const k of LATE_CONSTANTS) if (!Object.hasOwn(overrides ?? {}, k)) delete out[k];
  return out;
}

/**
 * Constants added after games were recorded. The resolved table is stored in each game's state and
 * hashed with it, so a constant added to it would change the state hash of every game recorded
 * before (and of the regression replays): these are stored only when the host sets them, and
 * `constantOf` reads the default when the stored table does not have them.
 */
const LATE_CONSTANTS = ['battleRollCap'] as const satisfies readonly (keyof GPConfig)[];

/** A late constant's value in a game's table (its default when the table predates it). */
export function constantOf(cfg: GPConfig, key: (typeof LATE_CONSTANTS)[number]): number {
  return cfg[key] ?? CONSTANTS[key].default;
}

export const mapValue = <T>(table: PerMap<T>, key: MapKey): T => table[key];
