/**
 * Game of Gruik: every number of the rules in one table (style §3; rules file
 * /shared/rules/game-of-gruik.md, Appendix A and the dice tables of §9.1). Each constant carries its
 * default, its type with a minimum and a maximum, and its source tag: `[T §x]` the French text
 * (French section numbers, as the rules file tags them), `[P A-nn]` a proposed resolution of the
 * rules file's ambiguity register §10.2, `[P §x]` a choice the rules file makes in its own section x.
 * A host overrides any of them per game; `resolveGruikConfig` (the engine's shared `resolveConfig`)
 * refuses unknown keys, wrong types and values out of bounds, then the relations between constants,
 * in French and English. The resolved table is stored in the state, so a replay uses what the game used.
 *
 * Bounds are the "config bombs" guard (style §3): they keep every formula defined and every loop
 * short; they are not a statement that a value is sensible.
 */
import { bool, constant, defaultsOf, int, list, num, oneOf, resolveConfig, type TableInfo } from '../../engine/constants.ts';
import type { Localized } from '../../engine/ruleset.ts';

const d6 = (def: number, tag: string) => constant(def, int(0, 6), tag);

export const GRUIK_CONSTANTS = {
  calendar: {
    startYear: constant(67, int(1, 9_999), '[T §2] START_SEASON: Spring 67 AG'),
  },
  army: {
    /** D1, 2d8 = 3 … 15 (13 values); a 2 or a 16 is a catastrophe and a reroll [T §4.1.1]. */
    baseBySum: constant([19, 19, 20, 20, 20, 21, 21, 21, 21, 21, 22, 22, 23], list(int(0, 40), 13, 13), '[T §4.1.1] D1 seasonal base for 2d8 = 3 … 15'),
    maxBaseRerolls: constant(20, int(1, 100), '[P §4.1] "reroll, no limit": bounded; at the bound a 2 reads as 3 and a 16 as 15 (no further catastrophe)'),
    basePer: constant('state', oneOf('state', 'army'), '[P A-03] BASE_ROLL_PER: one 2d8 per state per season'),
    cap: constant(24, int(1, 60), '[T §4.1.3] ARMY_CAP: no army above 24 AP after modification'),
    battleCap: constant(30, int(1, 90), '[T §4.1.3] BATTLE_CAP: at most 30 AP per side fight [P §4.7 per side]'),
    mainArmyMin: constant(18, int(1, 60), '[T §4.1.3; P A-07] MAIN_ARMY_MIN: a main army has ≥ 18 AP'),
    modMax: constant(5, int(0, 40), '[P A-02] MOD_MAX: the modifier is capped at +5'),
    effortCost: constant(15, int(1, 1_000), '[T §4.1.2] EFFORT_COST: +1 per full 15 g, next season'),
    failedFortressRetreat: constant(2, int(0, 24), '[T §4.1.2] M2: −2 per failed retreat into the fortress'),
    lostDetachment: constant(1, int(0, 24), '[T §4.1.2] M3: −1 per detachment lost in a siege or unable to retreat'),
    lostArmy: constant(4, int(0, 24), '[T §4.1.2] M4: −4 per army lost in a siege or unable to retreat'),
    storm: constant(1, int(0, 24), '[T §4.1.2] M5: −1 per army embarked on a fleet hit by a storm'),
    inactivity: constant(1, int(0, 24), '[T §4.1.2] M8: +1 per season of inactivity of the main army'),
    /** Provinces controlled from which 2, 3, 4 armies are allowed (1–6 → 1; 7–10 → 2; 11–14 → 3; ≥ 15 → 4). */
    armiesFrom: constant([7, 11, 15], list(int(1, 200), 3, 3, true), '[T §4.4] more armies from 7, 11 and 15 controlled provinces'),
    disbandAfterSeasons: constant(2, int(0, 8), '[T §4.4; P §4.8] an army disappears at S8 of T + 2'),
  },
  detachment: {
    max: constant(6, int(1, 30), '[T §4.2.1] DETACHMENT_MAX'),
    min: constant(1, int(1, 30), '[P A-10] DETACHMENT_MIN'),
    forcedAllyMin: constant(4, int(1, 30), '[T §4.2.1] FORCED_ALLY_MIN'),
    maxCreated: constant(2, int(0, 6), '[T §4.2] MAX_CREATED_DETACHMENTS, at a time [P]'),
    maxAllied: constant(2, int(0, 6), '[T §4.2] MAX_ALLIED_DETACHMENTS, own rejoining not counted [P]'),
  },
  movement: {
    army: constant(2, int(1, 6), '[T §5.2] ARMY_MOVE'),
    detachment: constant(3, int(1, 6), '[T §5.1] DETACHMENT_MOVE'),
    reaction: constant(1, int(1, 3), '[T §5.3] REACTION_MOVE'),
    crossingRerolls: constant(20, int(1, 100), '[P §5.5] crossing roll-off: ties rerolled; at the bound the lower id completes its step'),
    borderReinforce: constant(true, bool(), '[P A-68] REACTION_BORDER_REINFORCE'),
    revealSizes: constant(false, bool(), '[P A-15] REVEAL_SIZES_IN_MOVE_REPORT'),
    strandedPenalty: constant('destroy+mod-1', oneOf('destroy+mod-1', 'mod-10'), '[P A-05] STRANDED_DETACHMENT_PENALTY'),
  },
  combat: {
    fortressRetreatFail: d6(2, '[T §5.5] FORTRESS_RETREAT_FAIL: "1 in 3" = d6 ≤ 2 [P §0.3]'),
    loserBase: constant(4, int(0, 30), '[T §6.4] LOSER_BASE'),
    provinceMod: constant(1, int(0, 10), '[T §6.4] ±1: +1 not controlled, −1 controlled'),
    winnerSmall: constant(1, int(0, 30), '[T §6.4] the winner loses 1 AP after 1–6 AP on the table'),
    winnerLarge: constant(3, int(0, 30), '[T §6.4] the winner loses 3 AP after more than 6 AP on the table'),
    winnerBand: constant(6, int(0, 30), '[T §6.4] the band limit: 1–6 / more than 6'),
    mutualBase: constant(3, int(0, 30), '[T §6.7] MUTUAL_BASE'),
    unfinishedWinnerBase: constant(2, int(0, 30), '[T §6.6] UNFINISHED_WINNER_BASE'),
    unfinishedLoserBase: constant(3, int(0, 30), '[T §6.6] UNFINISHED_LOSER_BASE'),
    unfinishedCatastrophes: constant(2, int(0, 5), '[T §6.6] two catastrophes next turn for both states'),
    provinceModScope: constant('baseLossesOnly', oneOf('baseLossesOnly'), '[P A-19] PROVINCE_LOSS_MOD_SCOPE'),
    hottMoved: constant(1, int(0, 6), '[T §6.1] D4: +1 the main army moved this season'),
    hottNotControlled: constant(1, int(0, 6), '[T §6.1] D4: +1 in a province not controlled'),
    hottEnemy: constant(1, int(0, 6), '[T §6.1] D4: +1 in an enemy province'),
    hottRerolls: constant(20, int(1, 100), '[P A-17] HOTT_ATTACKER_RULE: ties rerolled; at the bound the higher modifier, then the lower id, attacks'),
    fateEscapeMax: d6(2, '[T §6.3] D3: 1–2 escapes'),
    fateCaptureMax: d6(4, '[T §6.3] D3: 3–4 captured in close combat, else escapes; 5–6 killed'),
  },
  abr: {
    defenderBonus: constant(0, int(-3, 3), '[P §6.12.2] ABR_DEFENDER_BONUS'),
    sizeSmall: constant(1, int(0, 6), '[P §6.12.2] +1 to the larger side'),
    sizeLarge: constant(2, int(0, 6), '[P §6.12.2] +2 instead from 1.5 times'),
    sizeLargeRatio: constant(1.5, num(1, 10), '[P §6.12.2] the ratio for +2'),
    qualityMax: constant(2, int(0, 6), '[P §6.12.2] qualityMod in [−2, +2], GM only'),
    mutualMax: d6(2, '[P §6.12.2] second tie: d6 1–2 mutual demoralisation, 3–6 non-decisive'),
    smallBandMargin: constant(3, int(1, 12), '[P §6.12.2] margin ≥ 3: the winner’s loss is in the 1–6 band'),
    generalLossLoser: d6(2, '[P §6.12.2] ABR_GENERAL_LOSS loser'),
    generalLossWinner: d6(1, '[P §6.12.2] ABR_GENERAL_LOSS winner'),
    generalLossDraw: d6(1, '[P §6.12.2] ABR_GENERAL_LOSS non-decisive or mutual'),
    atRangeMax: d6(1, '[P §6.12.2] d6 = 1: destroyed at range (not in close combat)'),
    winnerSmallFrom: constant(7, int(1, 30), '[P §6.12.2] margin ≥ 3: the winner’s nominal loss is clamp(7 − M, 1, 6)'),
    winnerLargeFrom: constant(9, int(1, 30), '[P §6.12.2] margin ≤ 2: the winner’s nominal loss is 9 − M'),
    drawNominalBase: constant(3, int(0, 30), '[P §6.12.2] non-decisive or mutual: each side’s nominal loss is 3 + d6'),
  },
  prestige: {
    battleWin: constant(2, int(0, 10), '[T §15] +2 the winner, as main army'),
    volunteerAllyWin: constant(1, int(0, 10), '[T §15] +1 each volunteer ally on the winning side'),
    sovereignWin: constant(1, int(0, 10), '[T §15; P A-21] +1 more when the winner’s sovereign took part'),
    battleLoss: constant(1, int(0, 10), '[T §15] −1 the loser, as main army'),
    capturedNoRetreat: constant(1, int(0, 10), '[T §15; P A-72] −1 more when the loser’s army is captured for lack of a retreat'),
    characterLost: constant(1, int(0, 10), '[T §15; P A-12] −1 per general (or sovereign) captured or killed'),
  },
  naval: {
    fleetMp: constant(4, int(1, 12), '[T §7.2] FLEET_MP'),
    capacityAp: constant(32, int(1, 200), '[T §7.2] FLEET_CAPACITY_AP'),
    multiFleetMinShips: constant(50, int(1, 1_000), '[T §7] MULTI_FLEET_MIN_SHIPS'),
    stormChance: d6(1, '[T §7.2] STORM_CHANCE 1 in 6'),
    stormChanceWinter: d6(2, '[T §7.2] STORM_CHANCE 1 in 3 in Winter'),
    stormDamagePct: constant([10, 20, 30], list(int(0, 100), 3, 3, true), '[T §7.2; P A-34] STORM_DAMAGE by d6 pairs'),
    detectStationary: d6(5, '[T §7.3] DETECT_STATIONARY'),
    detectMoving: d6(3, '[T §7.3] DETECT_MOVING'),
    forceBattleBase: d6(3, '[T §7.4] FORCE_BATTLE_BASE'),
    seaRetreatLossPct: constant(10, int(0, 100), '[T §7.2] SEA_RETREAT_LOSS_PER_ZONE'),
    excessMpLossPct: constant(10, int(0, 100), '[T §7.2] EXCESS_MP_LOSS'),
    blockadeLossPct: constant(10, int(0, 100), '[T §7.8] BLOCKADE_LOSS'),
    interceptorContinuesIf: constant('won', oneOf('won', 'notLost'), '[P A-32] INTERCEPTOR_CONTINUES_IF'),
    // ── S5, rules/naval-*.ts ──
    /** D8: the ratios from which the larger fleet gets +2, +3, +4; below the first, larger gets +1; from the last, integer n ≥ it gets n + 1 [P A-29]. */
    sizeRatios: constant([1.5, 2, 3], list(num(1, 100), 3, 3, true), '[T §7.5] D8 +2 from 1.5×, +3 from 2×, +4 from 3×; "etc." n + 1 [P A-29]'),
    lossPctPerPoint: constant(10, int(0, 100), '[T §7.5] loser loses (difference × 10) % of the winner’s ships'),
    winnerLossDivisor: constant(3, int(1, 100), '[T §7.5] the winner loses a third of the loser’s losses'),
    battleRerolls: constant(20, int(1, 100), '[T §7.5] "ties rerolled as many times as needed": bounded; at the bound the larger fleet wins, then the lower id [P]'),
    forceBattleRetreating: constant(1, int(0, 6), '[T §7.4] D10 −1 if the attacked fleet retreats'),
    forceBattleUndetected: constant(1, int(0, 6), '[T §7.4] D10 +1 if the attacked fleet had not detected the attacker'),
    swapRerolls: constant(20, int(1, 100), '[P §7.14] fleets swapping zones: higher d6 decides the zone, ties rerolled; at the bound the lower id’s destination'),
    excessLostAt: constant(10, int(1, 100), '[P §7.3] a forced return with this many excess MP (or none possible) loses the fleet'),
    sightingRounding: constant(10, int(1, 1_000), '[P §7.8] a detection tells the approximate size: ships rounded to this step (the exact count only on interception)'),
    policyInterceptMaxRatio: constant(1, num(0, 100), '[P §7.15] default policy: intercept a detected fleet at most this many times its own size'),
    policyBattleRatio: constant(1, num(0, 100), '[P §7.15] default policy when intercepted: give battle from this own ÷ enemy ratio, else withdraw into port (or retreat)'),
  },
  siege: {
    target: constant(6, int(2, 12), '[T §8.2] SIEGE_TARGET'),
    perSeason: constant(2, int(0, 6), '[T §8.2] D12: +2 per consecutive season of siege after the first'),
    civilWar: constant(1, int(0, 6), '[T §8.2] D12: +1 the besieged state is in civil war'),
    detachmentDefends: constant(1, int(0, 6), '[T §8.2] D12: −1 defended by a detachment (several still −1 [P A-25])'),
    armyDefends: constant(2, int(0, 6), '[T §8.2] D12: −2 defended by an army, instead of −1 (an army under 18 too [P A-25])'),
    friendDefeated: constant(1, int(0, 6), '[T §8.2] D12: +1 an army friendly to the besieged beaten in the province this turn'),
    reliefContingentMax: constant(6, int(1, 30), '[P §8.1.5] relief case 2: the contingent the besieged send beside the relief force is at most 6 AP (a detachment: DETACHMENT_MAX bounds it too)'),
  },
  raid: {
    target: constant(6, int(2, 12), '[T §9.2] RAID_TARGET'),
    maxGain: constant(10, int(0, 1_000), '[T §9.3] RAID_MAX_GAIN'),
    gainLimitedByVictimLoss: constant(false, bool(), '[P A-47] RAID_GAIN_LIMITED_BY_VICTIM_LOSS'),
    fleetShipsPerAp: constant(10, int(1, 1_000), '[P A-47] FLEET_RAID_AP_PER_SHIPS'),
    detachment: constant(1, int(0, 6), '[T §9.2] D13: +1 each detachment raiding (an army under 18 counts as one [P])'),
    mainArmy: constant(2, int(0, 6), '[T §9.2] D13: +2 a main army raiding'),
    fleetShipsPerPoint: constant(100, int(1, 10_000), '[T §9.2; P A-31] D13: +1 per block of 100 ships, starting at one'),
    otherRaider: constant(1, int(0, 6), '[T §9.2] D13: +1 each other state raiding the same target this turn'),
    enemyArmyPresent: constant(1, int(0, 6), '[T §9.2] D13: +1 one or more main armies enemy to the target in its territory'),
    armyDefends: constant(3, int(0, 6), '[T §9.2] D13: −3 an army defends the state'),
    detachmentDefends: constant(1, int(0, 6), '[T §9.2] D13: −1 each defending detachment, only without a main army'),
    maxDefendingDetachments: constant(2, int(0, 6), '[T §9.2] D13: at most 2 defending detachments counted'),
    civilWar: constant(2, int(0, 6), '[T §9.2] D13: +2 the target is in civil war'),
    apPerGruikor: constant(2, int(1, 30), '[T §9.3] 1 gruikor per block of 2 AP'),
  },
  treasury: {
    annexSeasons: constant(8, int(1, 40), '[T §10] ANNEX_SEASONS'),
    stateFlatIncome: constant(3, int(0, 100), '[T §2.2; P A-01] STATE_FLAT_INCOME'),
    defaultTaxValue: constant(5, int(1, 100), '[T §12.1.1] DEFAULT_TAX_VALUE'),
    tributeMaxRate: constant(0.5, num(0, 1), '[T §12.1.1] TRIBUTE_MAX_RATE'),
    tributeDefaultRate: constant(0.5, num(0, 1), '[P §2.3] the default tribute rate'),
    civilWarTaxCut: constant(0.25, num(0, 1), '[T §12.1.1] CIVIL_WAR_TAX_CUT_PER_SEASON'),
    shipCost: constant(1, int(0, 100), '[T §12.2.1] SHIP_COST'),
    prestigeExpenseBase: constant(25, int(0, 1_000), '[T §12.2.3] PRESTIGE_EXPENSE_BASE'),
    prestigeExpenseStep: constant(5, int(0, 1_000), '[T §12.2.3] PRESTIGE_EXPENSE_STEP'),
    prestigeExpenseOutsideCapital: constant(5, int(0, 1_000), '[T §12.2.3] PRESTIGE_EXPENSE_OUTSIDE_CAPITAL'),
    monumentPrestige: constant(2, int(0, 20), '[P A-36] MONUMENT_PRESTIGE'),
    templeRecoveryYears: constant([5, 10], list(int(0, 100), 2, 2, true), '[T §12.1.3; P] TEMPLE_RECOVERY: nothing before 5 years, half from 5, full from 10'),
    catastropheMoney: constant([5, 10, 20], list(int(0, 1_000), 3, 3, true), '[T §14] CATASTROPHE_MONEY'),
    fortressPillageDebitsVictim: constant(false, bool(), '[P A-26] FORTRESS_PILLAGE_DEBITS_VICTIM'),
  },
  civilWar: {
    onCharacterLoss: d6(1, '[T §13.2] CIVIL_WAR_ON_CHARACTER_LOSS: 1 in 6'),
    onReplacement: d6(2, '[T §13.2] CIVIL_WAR_ON_REPLACEMENT: 1 in 3'),
    captivitySeasons: constant(4, int(1, 40), '[T §13.2] CAPTIVITY_CIVIL_WAR_SEASONS ("one year")'),
  },
  tributary: {
    yokePillageScope: constant('tributaryProvince', oneOf('tributaryProvince', 'anyMasterProvince'), '[P A-69] YOKE_PILLAGE_SCOPE'),
  },
  deadlines: {
    tabletopAcceptHours: constant(48, int(1, 720), '[P §6.12] TABLETOP_ACCEPT_HOURS (silence = refusal)'),
    tabletopReportDays: constant(10, int(1, 60), '[P §6.12] TABLETOP_REPORT_DEADLINE_DAYS'),
    disputeDays: constant(3, int(1, 30), '[P §6.12.1] DISPUTE_DAYS'),
    reactionWindowHours: constant(24, int(1, 720), '[P §3.4, §11.6] REACTION_WINDOW_HOURS'),
    navalRoundHours: constant(24, int(1, 720), '[P §3.4, §11.6] NAVAL_ROUND_HOURS'),
    navalRoundsMax: constant(8, int(1, 40), '[P §7.15, §11.6] interactive naval rounds a season asks at most (one per impulse met); beyond, the standing policies answer'),
    ordersHours: constant(168, int(1, 2_160), '[P §11.6] ORDERS_DEADLINE (per game)'),
  },
  gm: {
    present: constant(true, bool(), '[P §11.3] GM_PRESENT'),
    timedReviewHours: constant(24, int(1, 720), '[P §11.3] GM_TIMED_REVIEW_HOURS'),
    blockingTimeoutHours: constant(72, int(1, 720), '[P §11.3] GM_BLOCKING_TIMEOUT_HOURS'),
    maxReruns: constant(5, int(0, 20), '[P §11.3] a step re-run from its snapshot (GM console: roll overrides) at most this many times'),
    abrReview: constant(true, bool(), '[P §6.12.2, §11.6 "ABR quality modifier, ABR override | GM timed review"] with a GM, each ABR battle goes to his timed review (quality modifiers); off: the result stands unreviewed (§11.3 "the configuration says")'),
  },
  /** The prestige table of rules §8.9 [T §15] beyond the battles (`prestige` above): sieges, raids, tributaries, the seasonal items, temples. */
  prestigeTable: {
    siegeWon: constant(2, int(0, 10), '[T §15] +2 each siege won'),
    siegeFailed: constant(1, int(0, 10), '[T §15; P A-45] −1 each siege failed, once when it ends'),
    armyLostInSiege: constant(1, int(0, 10), '[T §15] −1 main army lost in a siege'),
    provinceConquered: constant(1, int(0, 10), '[T §15] +1 each province conquered (not already owned [P])'),
    raidWon: constant(1, int(0, 10), '[T §15] +1 each successful raid'),
    raidSuffered: constant(1, int(0, 10), '[T §15] −1 each successful raid suffered'),
    raidSufferedMaxPerSeason: constant(2, int(0, 10), '[T §15] at most 2 raids suffered counted per season'),
    templesPillaged: constant(2, int(0, 10), '[T §15] −2 each province whose temples are pillaged'),
    tributaryAcquired: constant(1, int(0, 10), '[T §15] +1 each tributary acquired'),
    voluntaryTributary: constant(1, int(0, 10), '[T §15] −1 becoming a voluntary tributary'),
    involuntaryTributary: constant(3, int(0, 10), '[T §15; P A-48] −3 becoming an involuntary tributary'),
    tributaryLost: constant(1, int(0, 10), '[T §15] −1 each tributary lost'),
    captiveSeason: constant(1, int(0, 10), '[T §15] −1 each full season with the general captive'),
    civilWarSeason: constant(1, int(0, 10), '[T §15] −1 each season ended in civil war'),
    deficitSeason: constant(1, int(0, 10), '[T §15] −1 each season ended in deficit'),
    monumentDestroyed: constant(1, int(0, 10), '[T §15] −1 each prestige expense destroyed (by the GM: catastrophe or invasion, §8.6.3)'),
  },
  /** The campaign as the host sets it (rules §1.7, §6.12). */
  campaign: {
    seasons: constant(20, int(0, 400), '[P §1.7] the campaign ends after this many seasons (the prestige ranking decides); 0: open-ended, as the rules say with no configuration'),
    tabletop: constant(false, bool(), '[P §6.12] battles between two players may be played on the table (both accept) instead of ABR'),
    communiqueMaxChars: constant(2000, int(1, 20000), '[P §6.11, T §6.9] the longest battle communiqué, in characters (the French says "of any form and length": a bound for the reports and the mail, host-overridable)'),
    listCheck: constant(false, bool(), '[P §11.4 J6 "optional blocking check; on GM timeout the list is accepted"] with a GM, each army list handed in for the table waits for his check (accept or refuse); off: the AP total alone is checked'),
    communiqueModeration: constant(false, bool(), '[P §11.4 J21, §11.5] communiqués go to the GM\'s queue (publish, withhold or edit) before they are published; the default publishes; without a GM they are published at once'),
  },
  /** Barbarian invasions, rules §8.10 [T §16; P A-55] (needs the GM's approval, J18). */
  invasion: {
    entryPrefersMapEdge: constant(true, bool(), '[P A-55] the barbarian army enters by a province on the map edge when the victim has one'),
  },
};

type Defaults<T> = T extends { default: infer D; spec: unknown; tag: string } ? D : { [K in keyof T]: Defaults<T[K]> };
type Widen<T> = T extends number ? number : T extends boolean ? boolean : T extends string ? T : T extends readonly number[] ? number[] : { [K in keyof T]: Widen<T[K]> };

/** The resolved constants of a game. */
export type GruikConfig = Widen<Defaults<typeof GRUIK_CONSTANTS>>;

export const DEFAULT_CONFIG = defaultsOf(GRUIK_CONSTANTS) as GruikConfig;

const NAME: Localized = { fr: 'Game of Gruik', en: 'Game of Gruik' };

/** Relations between constants, checked after the bounds (a refused relation names its constant). */
function relations(c: GruikConfig): { path: string; value: unknown; expected: Localized } | null {
  // [constant, its value, the bound it must respect, that bound's name]: value ≤ bound
  const rows: [string, number, number, string][] = [
    ['detachment.min', c.detachment.min, c.detachment.max, 'detachment.max'],
    ['detachment.forcedAllyMin', c.detachment.forcedAllyMin, c.detachment.max, 'detachment.max'],
    ['detachment.min', c.detachment.min, c.detachment.forcedAllyMin, 'detachment.forcedAllyMin'],
    ['army.mainArmyMin', c.army.mainArmyMin, c.army.cap, 'army.cap'],
    ['army.cap', c.army.cap, c.army.battleCap, 'army.battleCap'],
    ['combat.fateEscapeMax', c.combat.fateEscapeMax, c.combat.fateCaptureMax, 'combat.fateCaptureMax'],
    ['abr.sizeSmall', c.abr.sizeSmall, c.abr.sizeLarge, 'abr.sizeLarge'],
    ['treasury.tributeDefaultRate', c.treasury.tributeDefaultRate, c.treasury.tributeMaxRate, 'treasury.tributeMaxRate'],
    ['naval.stormChance', c.naval.stormChance, c.naval.stormChanceWinter, 'naval.stormChanceWinter'],
  ];
  for (const [path, value, bound, name] of rows) {
    if (value <= bound) continue;
    return { path, value, expected: { fr: `au plus ${name} (${bound})`, en: `at most ${name} (${bound})` } };
  }
  return null;
}

export const GRUIK_TABLE_INFO: TableInfo = { name: NAME, relations };

/** The constants in force for a new game: defaults with the host's overrides, checked against the bounds. */
export function resolveGruikConfig(overrides: unknown = {}, opts: { bounds?: boolean } = {}): GruikConfig {
  return resolveConfig(GRUIK_TABLE_INFO, GRUIK_CONSTANTS, DEFAULT_CONFIG, overrides, opts);
}
