/**
 * Rules constants of the encounters domain: every number of the rules text (and every [P G-nn]
 * proposed resolution) this domain applies, in one table a host can override per game
 * (config.ts merges the host's overrides; tests change them and see the outcome change).
 * Percentages are written as fractions (0.15 = 15 %).
 */
import { each, int, list, num, type BoundsOf } from '../../../engine/constants.ts';

export const ENCOUNTERS_DEFAULTS = {
  // ── combatants (§3.4.4, §6.1, Table 15.1) ──
  /** Every character has 10 HP, restored before every encounter (§3.4.4). */
  characterHp: 10,
  /** Rage: a Berserker gets 1–4 extra HP for the encounter (Table 15.1). */
  rageMin: 1,
  rageMax: 4,
  /** Base melee and missile damage die of a character: 1–6 (§3.4.6d, §3.4.6e). */
  characterDie: 6,
  /** Neutral Order of Duellists: +1 Me and +1 Ar vs characters and humanoid monsters (§6.1, G-80). */
  duellistBonus: 1,

  // ── melee (§3.4.6e, TV-01, Table 15.1, TV-02) ──
  meleeBase: 0.50,
  meleePerLevel: 0.10,
  /** ±1 damage per level of Melee difference. */
  meleeDamagePerLevel: 1,
  /** Élan (Brave attacker): +10 % to hit. */
  elan: 0.10,
  /** Parry (Cautious defender): the opponent −10 %. */
  parry: 0.10,
  /** Berserk intimidation of the opponent: Brave −5 %, Cautious −10 %, Cowardly −15 % (monsters count as Brave, Berserk vs Berserk none, G-13). */
  intimidation: { Brave: 0.05, Cautious: 0.10, Cowardly: 0.15, monster: 0.05 },

  // ── archery (§3.4.6d, §6.8, TV-03, G-62) ──
  /** To hit 30 % + 10 % per level; free attacks = level. */
  archeryBase: 0.30,
  archeryPerLevel: 0.10,
  /** Two archers: 2 × Ar shots each, alternating; 20 % after each pair that the exchange breaks off (G-62). */
  archeryDuelFactor: 2,
  archeryBreakOff: 0.20,

  // ── clamps (G-77, G-78) ──
  hitMin: 0.05,
  hitMax: 0.95,
  /** A hit always deals at least 1 (G-77). */
  minDamage: 1,

  // ── engine (G-58) ──
  /** Round limit: both disengage with no winner. */
  maxRounds: 30,

  // ── interruption (§6.6, G-23, TV-10) ──
  interruptMiss: 0.30,
  interruptBase: 0.20,
  interruptPerPoint: 0.10,

  // ── flee (§6.5, S5.1.9, G-22, G-59, G-60) ──
  /** Escape chance by the opponent's speed; characters count as medium (G-59). */
  flee: { fast: 0.20, medium: 0.50, slow: 0.80 },
  /** Cautious characters: +10 % flee success (Table 15.1). */
  cautiousFleeBonus: 0.10,
  /** Invisibility: +30 % to a following flee (§4.3d). */
  invisibleFleeBonus: 0.30,
  /** Range steps to leave (G-22): from spell 1, bow 2, melee 3. */
  stepsToLeave: [1, 2, 3],
  /** Auto-flee thresholds (G-60): Brave HP ≤ ceil(D/2), Cautious HP ≤ D, Coward HP ≤ D + 2 or a blow ≥ 4. */
  cowardMargin: 2,
  seriousBlow: 4,
  /** Mercy (G-60): 50 % + 20 % (Good/Divine opponent) + 10 % (same alignment) − 10 % × max(0, d − 1) − 20 % (Evil/Undead), clamped 10–90 %. */
  mercyBase: 0.50,
  mercyGood: 0.20,
  mercySame: 0.10,
  mercyPerStep: 0.10,
  mercyEvil: 0.20,
  mercyMin: 0.10,
  mercyMax: 0.90,
  /** Refusal (G-60): t = clamp((T_opp − T_self + 2) / 4, 0, 1); Cautious 1 % + 49 % t; Coward 50 % + 50 % t. */
  refuseCautiousBase: 0.01,
  refuseCautiousSpan: 0.49,
  refuseCowardBase: 0.50,
  refuseCowardSpan: 0.50,
  /** Bluff of a Coward in a battle duel: 2 chances in 3 (Table 15.1). */
  bluff: 2 / 3,
  /** Pre-battle duel: the loser's (fled, charmed, killed, refused) troops −25 % (§7.1). */
  duelPenalty: 0.25,

  // ── EN (§5.17) ──
  /** A Hero not leading armies avoids a King 50 % of the time (aggressive plans). */
  heroAvoidsKing: 0.50,

  // ── negotiation (§6.7, G-20) ──
  /** Outcome weights: attack 20 + 10 d (+20 Evil/Undead), ignore 30, quest = the rest (min 10). */
  talkAttackBase: 20,
  talkAttackPerStep: 10,
  talkAttackEvil: 20,
  talkIgnore: 30,
  talkQuestMin: 10,
  /** FU: the monster pays with 90 % − 15 % d − 20 % (Evil), min 10 %; else attacks 30 %. */
  fulfilBase: 0.90,
  fulfilPerStep: 0.15,
  fulfilEvil: 0.20,
  fulfilMin: 0.10,
  fulfilAttack: 0.30,
  /** Quest (c): pay 5–20 écus. */
  questPayMin: 5,
  questPayMax: 20,
  /** Quest (d) "visit province Z" (G-20): Z is a land province within this distance of the site (a choice: G-20 gives none). */
  questVisitMaxDistance: 3,
  /** TA to an unemployed Hero: alignment exact 70 %, temperament exact 80 % (G-20). */
  talkAlignmentExact: 0.70,
  talkTemperamentExact: 0.80,
  /** SA: up to 80 characters; digit runs ≥ 6 stripped (G-61). */
  sayMax: 80,
  sayDigitRun: 6,

  // ── theft (§6.10, G-63, TV-11, TV-12) ──
  theftBase: 0.15,
  theftPerLevel: 0.15,
  theftInvisible: 0.15,
  /** × 0.5 against a King or a Hero leading an army (and EN non-aggressive, §5.17). */
  theftHalving: 0.5,
  /** Capture on failure: 50 % − 10 % × Th, min 10 %. */
  captureBase: 0.50,
  capturePerLevel: 0.10,
  captureMin: 0.10,
  /** Loot vs a King: (10 % + 5 % Th) of the treasury, min 1. Vs a site: 50 % of the gold, or 50 %: one item. */
  kingLootBase: 0.10,
  kingLootPerLevel: 0.05,
  siteGoldShare: 0.5,
  siteItemChance: 0.5,
  /** A King caught: ransom = half his treasury to the victim. */
  ransomShare: 0.5,

  // ── pursuit, track, stealth (Table 15.5, G-54, G-55, G-100, TV-19, TV-20) ──
  /** % to track or pursue by Spy 0..4 (levels ≥ 5 use the last entry). */
  pursuitBySpy: [0.5, 1.0, 1.5, 2.0, 2.5],
  pursuitArmyFactor: 2,
  /** % not to be noticed by Spy (or Thief) 0..4. */
  unnoticedBySpy: [0, 0.50, 0.75, 0.88, 0.95],
  /** Patrol location error with Sp 0 at distance 1 (G-55). */
  patrolMissSp0: 0.50,

  // ── random encounters (§7.1, Table 15.9, G-76, G-13) ──
  randomByTerrain: { Plain: 0.10, Desert: 0.15, Jungle: 0.25, Forest: 0.20, Mountain: 0.15, Sea: 0.05 },
  /** Halved in own or allied territory (G-76). */
  friendlyFactor: 0.5,
  // The monsters themselves (Dragon at 1/20, HP ± 20 %, gold 1d6 × (tier + 1)): world constants (G-13).

  // ── ravaging (G-14) ──
  boldnessMax: 10,
  ravageStartPerBoldness: 0.02,
  ravageStop: 0.50,

  // ── wandering Heroes (G-12) ──
  wanderChance: 0.50,

  // ── merit and death (§12.1, Table 15.10) ──
  /** A dead character loses 25 % of his merit points. */
  deathMeritLoss: 0.25,

  // ── temperament drift (G-08) ──
  /** 5 % toward Berserk after a win without fleeing; 5 % toward Coward after fleeing, mercy or ending at HP ≤ 3. */
  temperamentDrift: 0.05,
  temperamentLowHp: 3,

  // ── experience (Table 15.7) ──
  experience: { ME: 0.10, FI: 0.10, CA: 0.10, TA: 0.10, ST: 0.15, spy: 0.10 },
};

/**
 * Type and bounds of every encounters constant (engine/constants.ts): probabilities in [0, 1],
 * talk weights in percent, every loop count (rounds, arrows) a small integer.
 */
const p = num(0, 1);
const pct = int(0, 100);
export const ENCOUNTERS_BOUNDS = {
  characterHp: int(1, 100), rageMin: int(0, 20), rageMax: int(0, 20), characterDie: int(1, 100), duellistBonus: int(0, 20),
  meleeBase: p, meleePerLevel: p, meleeDamagePerLevel: int(0, 20), elan: p, parry: p, intimidation: each(p),
  archeryBase: p, archeryPerLevel: p,
  archeryDuelFactor: int(0, 10), // arrows per archery level in a duel: the exchange loop runs at most 2 × this × archery shots
  archeryBreakOff: p, hitMin: p, hitMax: p, minDamage: int(0, 100),
  maxRounds: int(1, 100), // the melee's round cap (§6, implementation bound)
  interruptMiss: p, interruptBase: p, interruptPerPoint: p, flee: each(p), cautiousFleeBonus: p, invisibleFleeBonus: p,
  stepsToLeave: list(int(0, 10), 3, 3), cowardMargin: int(0, 100), seriousBlow: int(0, 100),
  mercyBase: p, mercyGood: p, mercySame: p, mercyPerStep: p, mercyEvil: p, mercyMin: p, mercyMax: p,
  refuseCautiousBase: p, refuseCautiousSpan: p, refuseCowardBase: p, refuseCowardSpan: p, bluff: p, duelPenalty: p, heroAvoidsKing: p,
  talkAttackBase: pct, talkAttackPerStep: pct, talkAttackEvil: pct, talkIgnore: pct, talkQuestMin: pct,
  fulfilBase: p, fulfilPerStep: p, fulfilEvil: p, fulfilMin: p, fulfilAttack: p,
  questPayMin: int(0, 1000), questPayMax: int(0, 1000), questVisitMaxDistance: int(0, 9),
  talkAlignmentExact: p, talkTemperamentExact: p, sayMax: int(1, 1000), sayDigitRun: int(1, 100),
  theftBase: p, theftPerLevel: p, theftInvisible: p, theftHalving: p, captureBase: p, capturePerLevel: p, captureMin: p,
  kingLootBase: p, kingLootPerLevel: p, siteGoldShare: p, siteItemChance: p, ransomShare: p,
  pursuitBySpy: list(num(0, 10), 5, 5), pursuitArmyFactor: num(0, 10), unnoticedBySpy: list(p, 5, 5), patrolMissSp0: p,
  randomByTerrain: each(p), friendlyFactor: num(0, 10), boldnessMax: int(1, 100), ravageStartPerBoldness: p, ravageStop: p,
  wanderChance: p, deathMeritLoss: p, temperamentDrift: p, temperamentLowHp: int(0, 100), experience: each(p),
} satisfies BoundsOf<typeof ENCOUNTERS_DEFAULTS>;
