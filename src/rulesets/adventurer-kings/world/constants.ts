/**
 * Rules constants of the world domain: every number of the rules text (and every [P G-nn]
 * proposed resolution) this domain applies, in one table a host can override per game
 * (config.ts merges the host's overrides; tests change them and see the outcome change).
 */
import { each, int, list, num, oneOf, range, type BoundsOf } from '../../../engine/constants.ts';
import { ARMY_TYPES as ARMY_TYPE_CODES } from '../state.ts';

export const WORLD_DEFAULTS = {
  // ── map (§2.1, G-01) ──
  /**
   * 18 columns × 9 rows, E–W wrap, polar caps (§2.1, G-01). The grid is the variant's (Super AK
   * and AK Terre: 15 × 30, §14.3–14.4, [P V-05]); a host may not change it (setup refuses a size
   * that is not the variant's).
   */
  rows: 9,
  cols: 18,

  // ── game size (brief: default 8 players, max 12; G-03 allows up to 12) ──
  defaultPlayers: 8,
  /** 12 on the standard grid (G-03); Super AK « jusqu'à 28 joueurs » (§14.3), AK Terre « une vingtaine » (§14.4). */
  maxPlayers: 12,
  /**
   * Super AK (§14.3: « 4 de chaque alignement »): Kings per alignment, 0 = no cap. [P V-11] Where it
   * applies, the special alignments (Divine, Undead) are capped by it instead of being unique (§13.1).
   */
  alignmentCap: 0,

  // ── G-03 step 1: sea and land ──
  /** Target 81 ± 4 sea provinces (G-03 step 1). */
  seaTarget: 81,
  seaSpread: 4,
  /** 5–7 landmasses grown from seeds in rows 2–8 (G-03 step 1). */
  landmassesMin: 5,
  landmassesMax: 7,
  landSeedRowMin: 2,
  landSeedRowMax: 8,
  /** Reject a map with a landmass smaller than this (G-03 step 1). */
  landmassMinSize: 3,
  /** Restarts of the whole generator before giving up (implementation bound). */
  maxRestarts: 200,

  // ── G-03 step 2: land terrain ──
  /** Share of land provinces per terrain, percent (G-03 step 2). */
  terrainShare: { Plain: 35, Forest: 20, Mountain: 18, Desert: 15, Jungle: 12 },
  /** Rows where a terrain may lie (G-03 step 2): Jungle 4–6, Desert 3–7; rows 1 and 9 only Plain, Forest, Mountain. */
  terrainRows: { Plain: [1, 9], Forest: [1, 9], Mountain: [1, 9], Desert: [3, 7], Jungle: [4, 6] },
  /** Each terrain is grown from 1–3 seeds per landmass (G-03 step 2). */
  terrainSeedsMin: 1,
  terrainSeedsMax: 3,

  // ── G-03 step 3: native races (weights per terrain) ──
  raceWeights: {
    Plain: { Human: 80, Elf: 5, Dwarf: 5, Orc: 10 },
    Forest: { Human: 45, Elf: 35, Dwarf: 5, Orc: 15 },
    Jungle: { Human: 60, Elf: 20, Orc: 20 },
    Mountain: { Human: 30, Dwarf: 30, Orc: 20, Eagle: 12, Dragon: 8 },
    Desert: { Human: 75, Orc: 10, Dragon: 15 },
  },
  /** Sea: 85 % unpopulated; 15 % Whales or Tritons 50/50, Tritons preferring coastal seas (G-03 step 3). */
  seaPopulated: 0.15,
  /** Chance that a populated coastal sea is Triton (open seas: 1 − this), so that overall ≈ 50/50 (G-03 step 3). */
  tritonCoastal: 0.7,

  // ── G-03 step 4: army types ──
  /** Chance of a second native army type (G-03 step 4). */
  secondType: 0.6,
  humanTypes: {
    Plain: ['LE', 'PH', 'HC', 'LC', 'CH'], Forest: ['BO', 'AX', 'LE'], Jungle: ['EL', 'BO', 'LE'],
    Mountain: ['AX', 'LE', 'BO'], Desert: ['CC', 'LC', 'CH'],
  },
  /** A coastal Human province replaces its second type with FL at 40 % (G-03 step 4). */
  coastalFleet: 0.4,
  /** Elf: BO + (LC, or EN in Forest/Jungle at 30 %) (G-03 step 4). */
  elfEnt: 0.3,
  /** Dwarf: AX + (PH, or TR in Mountain at 25 %) (G-03 step 4). */
  dwarfTroll: 0.25,

  // ── G-03 step 5: income (Table 15.9 averages) ──
  averageTax: { Plain: 6, Desert: 2, Jungle: 4, Forest: 5, Mountain: 5, Sea: 1 },
  /** The income offset is drawn from this list (G-03 step 5). */
  taxOffsets: [-2, -1, 0, 0, 1, 2],
  taxMax: 10,
  capitalTax: 10,

  // ── G-03 step 6: sites ──
  /** Land: 0 sites 35 %, 1 site 50 %, 2 sites 15 % (G-03 step 6). */
  landSites: [35, 50, 15],
  /** Sea: one site at 5 % (G-03 step 6; Table 15.9: a small chance). */
  seaSite: 0.05,
  siteTypes: ['tower', 'pyramid', 'temple', 'underground', 'tomb', 'cave', 'ruin', 'spring', 'shrine', 'castle'],
  /** Special event at 30 % of sites (G-19). */
  siteEvent: 0.3,
  /** Discovery threshold θ ∈ {2..100} (G-21). */
  thresholdMin: 2,
  thresholdMax: 100,
  /** Individual monster HP = average ± up to 20 %, clamped 7–50 (G-13). */
  monsterHpSpread: 0.2,
  monsterHpMin: 7,
  monsterHpMax: 50,
  /** Chance of the Dragon in a mountain random encounter (G-13: "plus Dragon at 1/20"). */
  mountainDragon: 0.05,
  /** A random monster carries 1d6 × (tier + 1) gold (G-13). */
  randomGoldDie: 6,

  // ── G-18: treasure and legends ──
  /** gold = (tier + 1) × 1d10 (G-18). */
  treasureGoldDie: 10,
  /** An item with (20 + 10 × tier) % (G-18). */
  treasureItemBase: 20,
  treasureItemPerTier: 10,
  /** Artifacts only at tier ≥ 4, with 10 % of those items (G-18). */
  artifactMinTier: 4,
  artifactShare: 0.1,
  /** The legend is known at 70 % (G-18). */
  legendKnown: 0.7,
  /** Legend words for gold (G-18): poor below `legendModest`, rich from `legendRich`. */
  legendModest: 10,
  legendRich: 25,
  /** Spell items have 2–6 charges (G-17). */
  chargesMin: 2,
  chargesMax: 6,

  // ── G-03 step 7: rulers and native defenders ──
  /** 20 % of non-capital land provinces are ruled by a Hero (G-03 step 7). */
  rulerShare: 0.2,
  rulerTalentMin: 5,
  rulerTalentMax: 9,
  /** Cap per characteristic for generated rulers (implementation choice). */
  rulerTalentCap: 3,
  /** Defenders = round(tax / divisor) armies, plus 1 GA if humanoid and tax ≥ gaTax (G-03 step 7). */
  defenderDivisor: 3,
  defenderGaTax: 5,

  // ── G-03 step 8: wandering Heroes ──
  wanderingPerPlayer: 2,
  wanderingExtra: 8,

  // ── G-03 step 9: capitals and fairness ──
  capitalMinLandNeighbours: 3,
  capitalSpacing: 4,
  capitalSpacingRelaxed: 3,
  /** Random greedy placements tried per spacing; the most even one (expected zone tax) is kept. */
  capitalAttempts: 40,
  fairnessRadius: 2,
  fairnessMinLand: 5,
  /** Zone tax within ±20 % of the median (G-03 step 9). */
  fairnessTaxTolerance: 0.2,
  /** Guardians of this tier or more may not be adjacent to a capital; the capital's own sites ≤ tier − 1 (G-03). */
  fairnessMaxTier: 3,
  fairnessRedraws: 50,

  // ── G-03 step 10–11 ──
  battlefields: 8,
  battlefieldRecordsMin: 1,
  battlefieldRecordsMax: 4,
  battlefieldQualityMin: 1,
  battlefieldQualityMax: 3,
  /** Alive armies + fallen records (G-33). */
  armyCap: 350,

  // ── G-02: starting package ──
  startTreasury: 10,
  kingTalentLevels: 4,
  kingTalentMaxPer: 2,
  /** Aptitude roll: 0 at 50 %, 1 at 35 %, 2 at 15 % (G-02). */
  aptitudeRoll: [50, 35, 15],
  aptitudeMax: 9,
  heroSameRace: 0.7,
  heroSameAlignment: 0.7,
  heroSameTemperament: 0.6,
  startingHeroes: 2,
  startingHeroWage: 1,
  /** 20 % of Heroes are loyal (G-10). */
  loyalShare: 0.2,
  /** The Human capital's two types, per terrain (G-02: same-race land types of Pay 2). */
  capitalHumanTypes: { Plain: ['LE', 'PH', 'LC'], Forest: ['BO', 'AX', 'LE'], Jungle: ['BO', 'LE'], Mountain: ['AX', 'LE', 'BO'] },
  capitalRaceTypes: { Elf: ['BO', 'LC'], Dwarf: ['AX', 'PH'], Orc: ['PH', 'LC'] },

  // ── Super AK and AK Terre (§14.3, §14.4) ──
  /**
   * [T §14.3, §14.4] « Un repaire pourra attirer un nouveau monstre après la mort de son occupant »:
   * [P V-12] the chance per turn that an emptied site (its guardian killed, its treasure taken or not)
   * draws a new guardian of its terrain. 0 in the standard game and AK Europe.
   */
  lairRepopulation: 0,
  /** [P V-31] AK Terre: talent and aptitude added in each of a position's characteristics, the initial talent at most `variantTalentCap` (§14.4). */
  terreBonus: 1,
  /**
   * [P V-33] AK Terre: « Il est aussi possible de commencer avec quelques découvertes ou d'autres
   * avantages » (§14.4): how many of its empire's discoveries (`TerrePosition.discoveries`, two
   * each, in that order) a kingdom starts with. 0: none, as in the standard game.
   */
  terreDiscoveries: 1,
  variantTalentCap: 4,

  // ── AK Europe (§14.2; world/europe.ts) ──
  /** [P V-03] Talent and aptitude added in each of a country's one or two characteristics (initial King and Heroes only, §14.1). */
  europeBonus: 1,
  /** [T §14.2] « connaît les provinces autour de son royaume jusqu'à une distance de 3 »: known (1 %) up to this distance. */
  europeKnownRadius: 3,

  // ── exploration (§5.8, Table 15.9, G-07, review C8) ──
  /** Base exploration % by terrain (Table 15.9). */
  explorationBase: { Plain: 50, Desert: 25, Jungle: 10, Forest: 15, Mountain: 15, Sea: 25 },
  /** G-07: the EX formula uses the aptitude (switch: 'talent' uses talent instead). */
  explorationUses: 'aptitude',
  /** Table 15.7: exploration 10 % Explorer. */
  exploreExperience: 0.1,
  /** G-21: the world-first discoverer of a site earns +2 Chancellor merit. */
  firstDiscoveryMerit: 2,
};

/**
 * Type and bounds of every world constant (engine/constants.ts checks a host's overrides against
 * them). The map is one of the two grids (18 × 9 or 15 × 30, world/geometry.ts); generator retries and attempts stay small so that
 * a refused world costs at most a fraction of a second at creation; lists a piece is drawn from
 * are never empty.
 */
const TYPE = oneOf(...ARMY_TYPE_CODES);
const typeList = list(TYPE, 1, 19);
const share = int(0, 100); // percent
const p = num(0, 1); // a probability or a share
export const WORLD_BOUNDS = {
  rows: int(9, 15), cols: int(18, 30),
  defaultPlayers: int(1, 28), maxPlayers: int(1, 28), alignmentCap: int(0, 28),
  seaTarget: int(0, 450), seaSpread: int(0, 60),
  landmassesMin: int(1, 20), landmassesMax: int(1, 20), landSeedRowMin: int(1, 15), landSeedRowMax: int(1, 15),
  landmassMinSize: int(1, 40), maxRestarts: int(1, 200),
  terrainShare: each(share), terrainRows: each(range(int(1, 15))), terrainSeedsMin: int(0, 10), terrainSeedsMax: int(0, 10),
  raceWeights: each(each(int(0, 1000))),
  seaPopulated: p, tritonCoastal: p, secondType: p,
  humanTypes: each(typeList), coastalFleet: p, elfEnt: p, dwarfTroll: p,
  averageTax: each(int(0, 20)), taxOffsets: list(int(-10, 10), 1, 20), taxMax: int(1, 20), capitalTax: int(0, 20),
  landSites: list(share, 3, 3), siteTypes: list(oneOf(...WORLD_DEFAULTS.siteTypes), 1, 20), siteEvent: p,
  seaSite: num(0, 0.25), // sites at sea stay rare: a sea full of sites leaves no world fair enough
  thresholdMin: int(0, 1000), thresholdMax: int(0, 1000),
  monsterHpSpread: p, monsterHpMin: int(1, 1000), monsterHpMax: int(1, 1000), mountainDragon: p,
  randomGoldDie: int(1, 100), treasureGoldDie: int(1, 100), treasureItemBase: share, treasureItemPerTier: share,
  artifactMinTier: int(0, 10), artifactShare: p, legendKnown: p, legendModest: int(0, 1000), legendRich: int(0, 1000),
  chargesMin: int(0, 100), chargesMax: int(0, 100),
  rulerShare: num(0, 0.5), // above one half, most worlds fail the fairness check (every attempt redrawn, then refused)
  rulerTalentMin: int(0, 9), rulerTalentMax: int(0, 9), rulerTalentCap: int(0, 9),
  defenderDivisor: num(0.1, 100), defenderGaTax: int(0, 20),
  wanderingPerPlayer: int(0, 10), wanderingExtra: int(0, 100),
  capitalMinLandNeighbours: int(0, 6), capitalSpacing: int(1, 9), capitalSpacingRelaxed: int(1, 9), capitalAttempts: int(1, 100),
  fairnessRadius: int(0, 4), fairnessMinLand: int(0, 60), fairnessTaxTolerance: num(0, 10), fairnessMaxTier: int(0, 10), fairnessRedraws: int(0, 100),
  battlefields: int(0, 100), battlefieldRecordsMin: int(0, 20), battlefieldRecordsMax: int(0, 20),
  battlefieldQualityMin: int(0, 5), battlefieldQualityMax: int(0, 5),
  armyCap: int(1, 2000), startTreasury: int(0, 100_000),
  kingTalentLevels: int(0, 20), kingTalentMaxPer: int(0, 9), aptitudeRoll: list(share, 3, 3), aptitudeMax: int(1, 9),
  heroSameRace: p, heroSameAlignment: p, heroSameTemperament: p, startingHeroes: int(0, 10), startingHeroWage: int(0, 100), loyalShare: p,
  capitalHumanTypes: each(typeList), capitalRaceTypes: each(typeList),
  lairRepopulation: p, terreBonus: int(0, 3), terreDiscoveries: int(0, 2), variantTalentCap: int(1, 9),
  europeBonus: int(0, 3), europeKnownRadius: int(1, 6),
  explorationBase: each(int(0, 100)), explorationUses: oneOf('aptitude', 'talent'), exploreExperience: p, firstDiscoveryMerit: int(0, 100),
} satisfies BoundsOf<typeof WORLD_DEFAULTS>;
