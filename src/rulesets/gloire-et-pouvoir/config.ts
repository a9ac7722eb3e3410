/**
 * Appendix A of the rules: every constant and every variant flag of Gloire & Pouvoir, in one
 * table. A host overrides any of them per game (`configOverrides` in the game options); the
 * resolved table is stored in the game state so a replay uses exactly what the game used.
 *
 * Tags: [T] stated by the rules text, [P X-nn] a proposed resolution of rules §7 adopted here.
 */
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

export const DEFAULT_CONFIG: GPConfig = {
  startTreasury: 5000,
  startLordKnightRenown: 100,
  startHappiness: 20,
  defaultPopulation: 16500,
  defaultTaxCoef: 0.4,
  startRetreat: { peasant: 50, garrison: 50, knight: 80 },

  victories: { renown: true, conquest: true, alliance: true },
  renownVictory: { SCA: 999, EUR: 1999, MO: 1499 },
  conquestVictory: { SCA: 16, EUR: 31, MO: 20 },
  allyDivisor: { SCA: 10, EUR: 20, MO: 15 },
  enemyDivisor: { SCA: 10, EUR: 20, MO: 15 },
  enemyAllyDivisor: { SCA: 100, EUR: 200, MO: 150 },
  treasuryDivisor: 500,
  populationDivisor: 800,
  knightDivisor: 10,
  s1IncludesLordKnight: false,

  titleThresholds: {
    SCA: { baron: 150, vicomte: 200, comte: 250, marquis: 350, duc: 500, prince: 800 },
    EUR: { baron: 300, vicomte: 400, comte: 500, marquis: 700, duc: 1000, prince: 1600 },
    MO: { baron: 225, vicomte: 300, comte: 375, marquis: 525, duc: 750, prince: 1200 },
  },
  rents: { baron: 1000, vicomte: 1500, comte: 2000, marquis: 2500, duc: 3000, prince: 5000 },

  taxFactor: 0.0833,
  taxRatioMin: 0.25,
  taxRatioMax: 1.25,
  happinessDropPerLevel: 0.1,
  maxCoefDrop: 0.7,
  coefMin: 0.05,
  coefMax: 0.7,
  redistributionCap: 10,

  maxRecruitsPerTurn: 5,
  recruitRenownMin: 1,
  levyEcusPerMan: 5,
  levyFactorMin: 0.5,
  levyFactorMax: 2,

  peasantRate: 0.03,
  peasantRetreat: 0.5,
  virtualCommanderFactor: 0.5,
  passDamage: 0.1,
  peasantWinnerDamage: 0.05,
  fortRoll: { none: 1, palisade: 1.1, wall: 1.25, fortress: 1.65 },
  fortDamage: { none: 1, palisade: 0.9, wall: 0.8, fortress: 0.3 },
  renownPerPass: 0.01,
  felonyFactor: 1 / 3,
  minRenown: 1,
  passCap: 10000,
  simultaneousLosses: false,
  winnerLossFactor: 1,
  persistentPeasants: false,

  refusalCallerShare: 0.1,
  refusalAllyShare: 0.01,

  joustPlaceCost: 300,
  joustMinReward: 500,
  royalJoustEvery: 5,
  royalJoustSchedule: 'multiple',
  royalJoustReward: 15000,
  joustTieBand: 0.1,
  joustGain: 0.1,
  joustWeightCap: 2,
  joustStrongLoserLoss: 0.05,
  joustAlwaysWeighted: false,
  organiserBonus: 0.15,
  organiserBonusAbsent: 0.2,
  organiserAbsentMeans: 'any-knight',
  joustPassCap: 100,

  saleEnemyCheck: 'seller',
  espionageCost: 500,
  espionageBase: 0.5,
  migrationRate: 0.05,
  migrationMaxOutflow: 0.2,
  memoryNeverOwned: 20,
  memoryRecoveryEvery: 3,
  memoryRecoveryCap: 20,

  desertionRenownFactor: 2,
  armyUpkeep: 0.1,
  garrisonBonusPer: 1000,
  garrisonBonusCap: 3,
  fortCost: { palisade: 500, wall: 1500, fortress: 5000 },
  fortHappiness: { palisade: 0.05, wall: 0.1, fortress: 0.2 },
  repatriationLoss: [0, 0.25, 0.5, 0.75, 1],
  repatriateFromRevolted: false,
  movementMode: 'sequential',
};

export type ConfigOverrides = { [K in keyof GPConfig]?: GPConfig[K] extends object ? Partial<GPConfig[K]> | GPConfig[K] : GPConfig[K] };

/** Merges a host's overrides into the defaults (one level deep for tables), rejecting unknown keys. */
export function resolveConfig(overrides: Record<string, unknown> = {}): GPConfig {
  const out: Record<string, unknown> = structuredClone(DEFAULT_CONFIG) as unknown as Record<string, unknown>;
  for (const [k, v] of Object.entries(overrides)) {
    if (!(k in DEFAULT_CONFIG)) throw new Error(`unknown Gloire & Pouvoir constant "${k}"`);
    const base = out[k];
    if (base && typeof base === 'object' && !Array.isArray(base) && v && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = deepMerge(base as Record<string, unknown>, v as Record<string, unknown>, k);
    } else {
      if (typeof base !== typeof v || Array.isArray(base) !== Array.isArray(v)) throw new Error(`constant "${k}" expects ${Array.isArray(base) ? 'a list' : typeof base}`);
      out[k] = v;
    }
  }
  return out as unknown as GPConfig;
}

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>, path: string): Record<string, unknown> {
  const out = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (!(k in base)) throw new Error(`unknown key "${path}.${k}"`);
    const b = base[k];
    out[k] = b && typeof b === 'object' && v && typeof v === 'object' ? deepMerge(b as Record<string, unknown>, v as Record<string, unknown>, `${path}.${k}`) : v;
    if (typeof b !== typeof v) throw new Error(`"${path}.${k}" expects ${typeof b}`);
  }
  return out;
}

export const mapValue = <T>(table: PerMap<T>, key: MapKey): T => table[key];
