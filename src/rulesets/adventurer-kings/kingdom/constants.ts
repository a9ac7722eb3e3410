/**
 * Rules constants of the kingdom domain: every number of the rules text (and every [P G-nn]
 * proposed resolution) this domain applies, in one table a host can override per game
 * (config.ts merges the host's overrides; tests change them and see the outcome change).
 * Percentages are written as in the rules (5 = 5 %).
 */
import { bool, each, int, list, num, type BoundsOf } from '../../../engine/constants.ts';

export const KINGDOM_DEFAULTS = {
  gifts: {
    /** S4.4.3 (§5.4): a King gives at most 10 % of the treasury held at the start of the turn… */
    pctOfStartTreasury: 10,
    /** …but 10 écus are always allowed if the treasury suffices (TV-22, review B2). */
    floor: 10,
  },
  hiring: {
    /** S4.4.4: an offer is 1 to 4 écus; a quote above 4 cannot be hired with HI (§15.13d). */
    minOffer: 1,
    maxOffer: 4,
    /** G-10 wage: extra écu from 3 steps of alignment distance (review C4). */
    farAlignmentSteps: 3,
    /** G-10: temperaments this many steps apart add 1 écu. */
    temperamentSteps: 2,
    /** G-10: inclination drawn once per (Hero, kingdom) from these values, uniformly. */
    inclinations: [-1, 0, 0, 1],
    /** G-10 / §13.1: only 40 % of Heroes serve a Divine or Undead King. */
    specialServePct: 40,
    /** G-10: 20 % of Heroes are loyal (never leave through non-payment). */
    loyalPct: 20,
  },
  pay: {
    /** G-10: an unpaid, non-loyal Hero leaves with 50 %. */
    unpaidHeroLeavesPct: 50,
    // Army pay (Table 15.8) and the unpaid army's fate (G-10): armies/upkeep.ts and its constants.
  },
  income: {
    /** G-14: a ravaged province's tax is divided by 2 (floor). Bless / Earthquake: magic/tax.ts; inventions: their catalogue entries (world/inventions.ts). */
    ravageDivisor: 2,
  },
  training: {
    /** S4.4.5 (§5.6): alone, 5 % to gain a level. */
    alonePct: 5,
    /** With a teacher of higher talent (G-45): 100 %. */
    teacherPct: 100,
    /** A group all at the same talent: 10 % each. */
    groupEqualPct: 10,
    /** The chance is multiplied by this for each level beyond aptitude. */
    beyondAptitudeFactor: 0.5,
    /** Aptitude-growth table, indexed by the talent before the gain (G-45); beyond 8: 0. */
    aptitudeGrowthPct: [0, 10, 25, 50, 100, 80, 60, 40, 20],
    /** S2.2: levels range up to 9. */
    maxLevel: 9,
    /** §3.4.8a / G-06: each PR Sa phase discovers an invention with 5 % per Sa level. */
    sagePctPerLevel: 5,
    /** Table 15.10 / G-06: first discovery in the world: +2 Chancellor merit. */
    firstDiscoveryMerit: 2,
    /** S4.4.5 army training by quality reached: Reduced→Green 100, →Average 25, →Veteran 5, →Crack 1, →Elite 0.2 (%). */
    armyStepPct: [100, 25, 5, 1, 0.2],
  },
  heir: {
    /** G-11: the player assigns 4 talent levels, at most 2 per characteristic. */
    assignLevels: 4,
    assignMaxPerCode: 2,
    /** TV-21: the King-recovery option is lost above 4 levels gained by training. */
    maxGainedForResurrect: 4,
    // Aptitudes are rolled as in G-02 and the G-96 bonus applied by world/heroes.ts (its constants).
  },
  science: {
    /**
     * §10.5: the discoveries exchanged are "généralement" the military ones, taken in the report's
     * priority order; G-06: that order is military first, then the others. So the first unknown
     * in priority order is given, military or not (true: military only, a stricter reading).
     */
    militaryOnly: false,
    /** One discovery each way per mutual treaty order. */
    perExchange: 1,
    /** [T §14.3] Super AK: the exchange's chance falls by this % per level of alignment distance between the two Kings. */
    superAlignmentPct: 40,
  },
  offices: {
    /** Table 15.10 VP per office. */
    vp: { Emperor: 20, Chancellor: 10, Marshal: 10, Admiral: 10, Treasurer: 10, Priest: 10, ArchMage: 10, Defender: 10 },
    /** Table 15.10: Chancellor +1 per level in Ex, Sp, Sa; Admiral +1 per Na level; Priest +2 per Wh or Dr level; Arch-Mage +1 per magic level and per spell item. */
    chancellorPerLevel: 1,
    admiralPerLevel: 1,
    /** Table 15.10 NB 1: +1 per sea province with taxes of 2 or more, to all the kingdom's characters. */
    admiralSeaMinTax: 2,
    admiralPerSea: 1,
    priestPerLevel: 2,
    archMagePerLevel: 1,
    archMagePerSpellItem: 1,
    /** S5.6.1 / G-88: a death costs 25 % of the merit held at that moment. */
    deathLossPct: 25,
  },
  /**
   * Super AK's Royal Titles (§14.3; [P V-10], docs/adventurer-kings/variants.md; kingdom/titles.ts).
   * Scored only in Super AK. Minimum points to claim a title and its VP, per group; Race titles'
   * VP by race where it differs.
   */
  titles: {
    min: { alignment: 10, race: 15, terrain: 8, military: 9, duel: 6, misc: 10 },
    vp: { alignment: 2, race: 2, terrain: 1, military: 3, duel: 2, misc: 1 },
    raceVp: { Human: 1, Dragon: 3, Whale: 3 },
    /** Per turn: 1 per province of the kingdom (Alignment), per army led (Race), per province of the terrain (Terrain). */
    perProvince: 1,
    perArmy: 1,
    /** 3 per Hero of the title's alignment hired; 3 per military feat (province conquered, capital taken, invasion led, naval battle or defence won). */
    perHero: 3,
    perFeat: 3,
    /** 5 per battle won with a majority of the title's race (Race); 3 per lair cleared on the title's terrain (Terrain). */
    perRaceWin: 5,
    perLair: 3,
    /** Duels: 2 per pre-battle duel won, guardian killed, kill by bow or by spell; 5 per King killed. */
    perDuel: 2,
    perKingKilled: 5,
    /** Miscellaneous: 1 per province explored to 100 %, spy report or theft; 3 per artifact held, per turn; 3 per alliance of `allianceTurns` turns or more, per turn. */
    perReport: 1,
    perArtifact: 3,
    perTreaty: 3,
    allianceTurns: 5,
    /** [T §14.3] « Chaque point de victoire équivaut à 5 écus de taxe dans un vote » (elections and the 55 % test), Offices, Titles and magic items. */
    ecusPerVp: 5,
    /** [P V-14] A magic item's VP in a vote (the seed gives none): 1 per artifact (Table 15.10) held. */
    artifactVp: 1,
  },
  victory: {
    /** S5.6.2: more than 55 % of the world tax base crowns an Emperor. */
    thresholdPct: 55,
    /** From turn 25 the threshold falls by 5 % a turn… */
    declineFromTurn: 25,
    declinePerTurn: 5,
    /** …to 25 % at turn 30, and stays there (G-92). */
    floorPct: 25,
    /** G-92: at the end of turn maxTurns the King with the largest tax base is Emperor. */
    maxTurns: 40,
    /** S5.6.2 / TV-43: an election needs more than 50 % of the world tax base. */
    electionPct: 50,
    /** Table 15.4 / §13.1: VP reduction per level of alignment distance from the Emperor (%). */
    reductionPct: { Divine: 20, Good: 12, Druid: 15, Neutral: 20, Pagan: 15, Evil: 12, Undead: 20 },
  },
};

/** Type and bounds of every kingdom constant (engine/constants.ts): percentages 0–100, divisors ≥ 1. */
const pct = int(0, 100);
export const KINGDOM_BOUNDS = {
  gifts: { pctOfStartTreasury: pct, floor: int(0, 10_000) },
  hiring: {
    minOffer: int(0, 100), maxOffer: int(0, 100), farAlignmentSteps: int(0, 10), temperamentSteps: int(0, 10),
    inclinations: list(int(-10, 10), 1, 20), specialServePct: pct, loyalPct: pct,
  },
  pay: { unpaidHeroLeavesPct: pct },
  income: { ravageDivisor: num(1, 100) },
  training: {
    alonePct: pct, teacherPct: pct, groupEqualPct: pct, beyondAptitudeFactor: num(0, 1),
    aptitudeGrowthPct: list(pct, 9, 9), maxLevel: int(1, 9), sagePctPerLevel: pct, firstDiscoveryMerit: int(0, 100),
    armyStepPct: list(num(0, 100), 5, 5),
  },
  heir: { assignLevels: int(0, 20), assignMaxPerCode: int(0, 9), maxGainedForResurrect: int(0, 100) },
  science: { militaryOnly: bool(), perExchange: int(0, 10), superAlignmentPct: pct },
  offices: {
    vp: each(int(0, 1000)), chancellorPerLevel: int(0, 100), admiralPerLevel: int(0, 100), admiralSeaMinTax: int(0, 20), admiralPerSea: int(0, 100),
    priestPerLevel: int(0, 100), archMagePerLevel: int(0, 100), archMagePerSpellItem: int(0, 100), deathLossPct: pct,
  },
  titles: {
    min: each(int(0, 1000)), vp: each(int(0, 5)), raceVp: each(int(0, 5)),
    perProvince: int(0, 100), perArmy: int(0, 100), perHero: int(0, 100), perFeat: int(0, 100),
    perRaceWin: int(0, 100), perLair: int(0, 100), perDuel: int(0, 100), perKingKilled: int(0, 100), perReport: int(0, 100), perArtifact: int(0, 100), perTreaty: int(0, 100), allianceTurns: int(1, 100),
    ecusPerVp: int(0, 100), artifactVp: int(0, 10),
  },
  victory: {
    thresholdPct: pct, declineFromTurn: int(1, 1000), declinePerTurn: pct, floorPct: pct,
    maxTurns: int(1, 1000), // the game ends at this turn at the latest (G-92)
    electionPct: pct, reductionPct: each(pct),
  },
} satisfies BoundsOf<typeof KINGDOM_DEFAULTS>;
