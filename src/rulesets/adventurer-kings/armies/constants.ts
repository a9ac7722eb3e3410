/**
 * Rules constants of the armies domain: every number of the rules text (and every [P G-nn]
 * proposed resolution) this domain applies, in one table a host can override per game
 * (config.ts merges the host's overrides; tests change them and see the outcome change).
 *
 * Terrain lists use the Terrain names of state.ts; an empty list means "none".
 */

import { bool, each, int, list, num, oneOf, range, type BoundsOf } from '../../../engine/constants.ts';
import { ARMY_TYPES, TERRAINS } from '../state.ts';

/** One row of Table 15.8 (S2.10). `class` is the movement class of §8.4 / [P G-16]. */
const row = (
  strength: number, speed: number, pay: number, favoured: string[], unfavoured: string[], nemesis: string[],
  cls: string, special = false,
) => ({ strength, speed, pay, favoured, unfavoured, nemesis, class: cls, special });

export const ARMIES_DEFAULTS = {
  /**
   * Table 15.8 — Army types, in full (S2.10). `strength` of GA is the attacking value; see
   * `garrisonDefence`. EL strength is rolled in `elephantRange` per battle (G-15). WH has 0 off
   * sea (`whaleLandStrength`). `special` = non-humanoid units attacking from above or below (§9.3).
   * `nemesis` lists the types the unit is vulnerable to.
   */
  types: {
    GA: row(1, 1, 1, [], [], [], 'infantry'),
    BO: row(2, 2, 2, ['Forest', 'Jungle'], [], [], 'infantry'),
    AX: row(2, 2, 2, ['Forest', 'Mountain'], [], [], 'infantry'),
    PH: row(3, 2, 2, ['Plain'], ['Forest', 'Jungle', 'Sea'], ['LE'], 'infantry'),
    LE: row(3, 2, 2, [], ['Sea'], ['HC'], 'infantry'),
    LC: row(2, 4, 2, ['Plain', 'Desert'], [], ['CH', 'CC', 'EL', 'WE', 'WR', 'DR'], 'mounted'),
    HC: row(4, 3, 3, ['Plain'], ['Forest', 'Jungle', 'Mountain', 'Sea'], ['CH', 'CC', 'EL', 'WE', 'WR', 'DR'], 'mounted'),
    CH: row(3, 3, 3, ['Plain', 'Desert'], ['Forest', 'Jungle', 'Mountain', 'Sea'], ['CC', 'EL', 'WE', 'WR', 'DR'], 'mounted'),
    EL: row(2, 2, 3, ['Jungle'], ['Forest', 'Mountain', 'Sea'], [], 'mounted'),
    CC: row(2, 3, 3, ['Desert'], ['Forest', 'Jungle', 'Sea'], [], 'mounted'),
    WR: row(3, 3, 3, ['Forest'], ['Sea'], ['EA'], 'mounted'),
    DR: row(6, 5, 4, [], [], ['BO'], 'air', true),
    EA: row(4, 5, 3, ['Mountain'], ['Forest', 'Jungle'], ['BO'], 'air', true),
    WH: row(5, 4, 3, ['Sea'], ['Plain', 'Desert', 'Jungle', 'Forest', 'Mountain'], ['ME'], 'naval', true),
    FL: row(3, 2, 3, ['Sea'], ['Plain', 'Desert', 'Jungle', 'Forest', 'Mountain'], [], 'naval'),
    ME: row(2, 3, 2, ['Sea', 'Jungle'], ['Desert', 'Mountain'], ['BO'], 'triton', true),
    EN: row(6, 1, 3, ['Forest', 'Jungle'], ['Sea', 'Desert'], ['AX', 'DR'], 'ent'),
    TR: row(5, 2, 3, ['Mountain'], ['Sea'], ['AX'], 'infantry'),
    WE: row(3, 3, 3, ['Forest', 'Mountain'], ['Sea'], [], 'infantry'),
  },
  /** Table 15.8: Garrison strength 3 defending (1 attacking, in `types.GA.strength`). */
  garrisonDefence: 3,
  /** Table 15.8 / [P G-15]: Elephants' strength, uniform integer per unit per battle. */
  elephantRange: [2, 5],
  /** Table 15.8: Whales have strength 0 off sea. */
  whaleLandStrength: 0,
  /** Table 15.8 racial modifiers: +1 for the race–type pair. */
  raceTypeBonus: { Elf: 'BO', Dwarf: 'AX', Orc: 'PH', Human: 'LE' } as Record<string, string>,
  /** Table 15.8 racial modifiers: +1 in the race's native terrain. */
  raceTerrainBonus: { Elf: ['Forest'], Dwarf: ['Mountain'], Orc: ['Mountain'] } as Record<string, string[]>,
  /** S5.3.6: +1 base on favoured terrain, × 0.5 on unfavourable terrain. */
  favouredBonus: 1,
  unfavouredFactor: 0.5,
  /** S5.3.6 step 3 (§15.13h): multiplicative factors. */
  defenceFactor: 1.25,
  /** [P G-87]: × 1.25 for the side with 100 % exploration when the other has less. */
  explorationFactor: 1.25,
  /** Natives and Hero-ruled defenders count as 100 % explored ([P G-87]). */
  nativeExploration: 100,
  /** Leader Tactics (Naval at sea, [P G-67]): + 20 % per level. */
  leaderPerLevel: 0.2,
  /** Phantom Armies: + 15 % per caster Illusion level (§4.3b). */
  phantomPerLevel: 0.15,
  /** Facing its nemesis in the front line: × 2/3. */
  nemesisFactor: 2 / 3,
  /** Duel lost, commander fled or refused: × 0.75 (§9.2, §7), on the armies the losing commander leads ("conduites par le perdant"). */
  duelLossFactor: 0.75,
  /** [P G-68]: random battle events. */
  battleEventChance: 0.3,
  columnEventChance: 0.1,
  eventFactor: 1.5,
  /** S2.3 / S5.2.6: fanaticism chance per army per battle (+1 quality). Undead: skeletons only. */
  fanaticism: { Good: 0.4, Evil: 0.25, Divine: 0.5, UndeadSkeleton: 1 } as Record<string, number>,
  /** Quality modifiers (S5.3.6 step 2). */
  homeProvinceQuality: 1,
  fanaticQuality: 1,
  orationQuality: 1,
  desertNoCamelQuality: -1,
  /** Table 15.2 — Druid level needed to lead armies of a race other than the leader's. */
  druidRequirement: {
    Human: 1, Elf: 1, Dwarf: 1, Orc: 1, Triton: 1, Were: 1, Whale: 2, Troll: 2, Eagle: 3, Ent: 3, Dragon: 4,
  } as Record<string, number>,

  /** Table 15.9 — battle-line length range per terrain ([P G-69]: uniform integer). */
  lineLength: {
    Plain: [5, 10], Desert: [5, 10], Jungle: [3, 6], Forest: [3, 6], Mountain: [1, 3], Sea: [5, 10],
  } as Record<string, number[]>,
  /** §9.3: second line counts 50 %, third 25 %… (factor per line behind the first). */
  lineFactor: 0.5,
  /** §9.3: several specials on the same target unit: 2nd 50 %, 3rd 25 % (air and marine counted separately). */
  specialStackFactor: 0.5,
  /** [P G-70]: P(win) = clamp(0.5 + 0.5 × log_base(ratio)); base 4 (4 : 1 ensures victory). */
  engagementLogBase: 4,
  /** [P G-71]: loser destroyed with min(lossCap, lossPerRatio × r); winner min(winCap, winPerRatio / r). */
  loserDestroyPerRatio: 0.25,
  loserDestroyCap: 0.9,
  winnerDestroyPerRatio: 0.1,
  winnerDestroyCap: 0.25,
  /** Table 15.8 / [P G-71]: Were bite chance (end of turn). */
  wereBite: 0.4,
  /** [P G-83]: destroyed Troll regenerates (−1 quality, mercenary). */
  trollRegen: 0.5,
  /** [P G-74]: quality change chances by current quality 0..5 (up for column winners, down for column losers). */
  qualityUp: [0.5, 0.3, 0.15, 0.05, 0.01, 0],
  qualityDown: [0, 0.4, 0.3, 0.2, 0.1, 0.05],
  /** §15.13i / [P G-74]: Druid factor on up chances if fought as Green / Reduced because of a shortfall. */
  druidUpFactorGreen: 0.6,
  druidUpFactorReduced: 0.2,
  /** [P G-74]: non-retreating defeated units roll half the up chance. */
  stayingLoserUpFactor: 0.5,
  /** [P G-72]: pursuit. */
  pursuitInfantryShare: 0.25,
  pursuitMountedShare: 0.75,
  pursuitDoubleSpeed: 4,
  pursuitCatchBase: 0.5,
  pursuitCatchPerSpeed: 0.25,
  pursuitCatchMin: 0.05,
  pursuitCatchMax: 1,
  /** Retreating units: × 1.25 and −1 quality (§9.4). */
  retreatFactor: 1.25,
  retreatQuality: -1,
  /** [P G-73]: retreat thresholds. */
  defenderStayBase: 0.5,
  defenderStayCapital: 0.6,
  defenderStayRichTax: 7,
  defenderStayRich: 0.8,
  defenderStayNoRoute: 0.5,
  defenderStayNoForce: 0.5,
  attackerStayRatio: 0.8,
  /** [P G-86]: Druid monster support: chance, strength = HP / divisor. */
  druidMonsterChance: 0.5,
  druidMonsterHpDivisor: 5,

  /** Table 15.6 — Forced March: extra MP for speed 1–2 and 3+, by Ma level 0..4 (levels above 4 use the last row). */
  forcedMarchSlow: [0, 0, 1, 1, 2],
  forcedMarchFast: [0, 1, 1, 2, 2],
  /** Table 15.6 — unification % by Ma (or Na at sea, [P G-82]) level 0..4, per origin distance 0, 1, ≥ 2. */
  unification: [[80, 50, 20], [90, 60, 30], [100, 70, 40], [100, 80, 50], [100, 90, 60]],
  /** §3.4.6c: Naval adds + 1 sea movement per level. */
  navalPerLevel: 1,
  /** S5.2.4: MP costs. */
  enterCost: 1,
  conquerCost: 1,
  navalEngagementCost: 1,
  contestedForceCost: 1,
  /** §8.4: transport capacities ([P G-16]). Fleet: 2 infantry or 1 mounted; air: 1 infantry (or Triton). */
  fleetInfantry: 2,
  fleetMounted: 1,
  airInfantry: 1,
  /** [P G-51]: route costs of the province entered. */
  routeCost: { own: 1.0, neutral: 1.1, unowned: 1.2, enemy: 1.3, hero: 1.4 },
  /** §5.2: DE centre within distance 2 of the general. */
  defendRange: 2,
  /** [P G-42] rule 5: reacts if (own + defenders) ≥ 0.75 × invaders. */
  defendReactRatio: 0.75,

  /** §5.16 / [P G-53]: recruitment limits. */
  recruitPerType: 1,
  recruitPerTypeHome: 2,
  recruitGarrisonPerTurn: 2,
  recruitHomeAllied: 4,
  /** §5.16: imported types cost × 2; ally's province + 1 écu per army to the owner. */
  importCostFactor: 2,
  allyRecruitFee: 1,
  /** §8.2: recruit quality (Green; Average in the home province). */
  recruitQuality: 1,
  recruitQualityHome: 2,
  /** [P G-43]: mercenaries hired must be at least Average; following chance per move. */
  mercenaryMinQuality: 2,
  mercenaryFollow: 0.25,

  /** [P G-101] / G-03 step 7: a Hero-ruled province regains one native army per turn, Average. */
  nativeRegainPerTurn: 1,
  nativeRegainQuality: 2,

  /** [P G-33]: army cap (alive + fallen), fallen decay from turn 3 at 10 % per record per turn. */
  armyCap: 350,
  fallenDecay: 0.1,
  fallenDecayFromTurn: 3,

  /** [P G-10] / §11.3: unpaid army: 30 % deserts (mercenary in place), otherwise 50 % loses one quality level. */
  unpaidDesertion: 0.3,
  unpaidQualityLoss: 0.5,

  /** Table 15.7 — experience chances (%). */
  xpMoveLand: 10,
  xpMoveSea: 10,
  xpTakeLeave: 5,
  xpRecruit: 5,
  xpSupreme: 15,
  xpLeader: 10,

};

/**
 * Type and bounds of every armies constant (engine/constants.ts): chances in [0, 1], factors
 * within a few times their rules value, every cost of movement at least a tenth of a point (a
 * route search adds them up), the logarithm base of [P G-70] above 1 (it divides), ranges a die
 * is rolled in ordered. Indexed tables keep their length (quality 0..5, levels 0..4).
 */
const p = num(0, 1);
const pct = int(0, 100);
const factor = num(0, 10);
const TERRAIN = oneOf(...TERRAINS);
const TYPE = oneOf(...ARMY_TYPES);
const quality = int(-5, 5);
export const ARMIES_BOUNDS = {
  types: each({
    strength: int(0, 20), speed: int(0, 10), pay: int(0, 20), favoured: list(TERRAIN, 0, 6), unfavoured: list(TERRAIN, 0, 6),
    nemesis: list(TYPE, 0, 19), class: oneOf('infantry', 'mounted', 'air', 'naval', 'triton', 'ent'), special: bool(),
  }),
  garrisonDefence: int(0, 20), elephantRange: range(int(0, 20)), whaleLandStrength: int(0, 20),
  raceTypeBonus: each(TYPE), raceTerrainBonus: each(list(TERRAIN, 0, 6)),
  favouredBonus: int(0, 10), unfavouredFactor: factor, defenceFactor: factor, explorationFactor: factor, nativeExploration: int(0, 100),
  leaderPerLevel: factor, phantomPerLevel: factor, nemesisFactor: factor, duelLossFactor: factor,
  battleEventChance: p, columnEventChance: p, eventFactor: factor, fanaticism: each(p),
  homeProvinceQuality: quality, fanaticQuality: quality, orationQuality: quality, desertNoCamelQuality: quality,
  druidRequirement: each(int(0, 9)), lineLength: each(range(int(1, 20))), lineFactor: p, specialStackFactor: p,
  engagementLogBase: num(1.1, 100), // log(base) divides [P G-70]
  loserDestroyPerRatio: p, loserDestroyCap: p, winnerDestroyPerRatio: p, winnerDestroyCap: p, wereBite: p, trollRegen: p,
  qualityUp: list(p, 6, 6), qualityDown: list(p, 6, 6), druidUpFactorGreen: p, druidUpFactorReduced: p, stayingLoserUpFactor: p,
  pursuitInfantryShare: p, pursuitMountedShare: p, pursuitDoubleSpeed: int(0, 20), pursuitCatchBase: p, pursuitCatchPerSpeed: p,
  pursuitCatchMin: p, pursuitCatchMax: p, retreatFactor: factor, retreatQuality: quality,
  defenderStayBase: p, defenderStayCapital: p, defenderStayRichTax: int(0, 20), defenderStayRich: p, defenderStayNoRoute: p,
  defenderStayNoForce: p, attackerStayRatio: factor, druidMonsterChance: p,
  druidMonsterHpDivisor: num(0.1, 100), // divides
  forcedMarchSlow: list(int(0, 10), 5, 5), forcedMarchFast: list(int(0, 10), 5, 5), unification: list(list(pct, 3, 3), 5, 5),
  navalPerLevel: int(0, 10), enterCost: int(0, 10), conquerCost: int(0, 10), navalEngagementCost: int(0, 10), contestedForceCost: int(0, 10),
  fleetInfantry: int(0, 20), fleetMounted: int(0, 20), airInfantry: int(0, 20),
  routeCost: each(num(0.1, 100)), // a route search adds these up: never 0 or less
  defendRange: int(0, 9), defendReactRatio: factor,
  recruitPerType: int(0, 20), recruitPerTypeHome: int(0, 20), recruitGarrisonPerTurn: int(0, 20), recruitHomeAllied: int(0, 20),
  importCostFactor: factor, allyRecruitFee: int(0, 100), recruitQuality: int(0, 5), recruitQualityHome: int(0, 5),
  mercenaryMinQuality: int(0, 5), mercenaryFollow: p, nativeRegainPerTurn: int(0, 20), nativeRegainQuality: int(0, 5),
  armyCap: int(1, 2000), fallenDecay: p, fallenDecayFromTurn: int(0, 1000), unpaidDesertion: p, unpaidQualityLoss: p,
  xpMoveLand: pct, xpMoveSea: pct, xpTakeLeave: pct, xpRecruit: pct, xpSupreme: pct, xpLeader: pct,
} satisfies BoundsOf<typeof ARMIES_DEFAULTS>;
