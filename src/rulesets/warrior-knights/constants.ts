/**
 * Warrior Knights: every number of the rules in one table (style guide §3), from the rules file
 * /shared/rules/warrior-knights.md (§1.2 the per-player-count table, Appendix A the quick
 * reference). Each constant carries its default, its type with a minimum and a maximum, and its
 * tag: `[T §x]` the rules text, `[I]` inferred by the rules file, `[P G-xx]` a proposed resolution
 * of its §8, `[P]` a choice of ours. A host overrides any of them per game through the engine's
 * shared `resolveConfig`, which refuses unknown keys, wrong types and values out of bounds, then
 * the relations below, in French and English. The resolved table is stored in the state.
 *
 * The per-player-count values of §1.2 are functions of N written once here (`perCount`), each
 * reading its constant, so that no number is written again in prose or code.
 */
import { bool, constant, defaultsOf, int, list, resolveConfig, type Spec, type TableInfo } from '../../engine/constants.ts';
import type { Localized } from '../../engine/ruleset.ts';

/** A deadline class's minutes at each pace (§9.1 item 4). */
const pace = (live: number, daily: number, weekly: number, tag: string) => ({
  live: constant(live, int(1, 20_160), tag),
  daily: constant(daily, int(1, 20_160), tag),
  weekly: constant(weekly, int(1, 20_160), tag),
});

export const WK_CONSTANTS = {
  players: {
    min: constant(2, int(2, 6), '[T §1.2] 2 to 6 barons'),
    max: constant(6, int(2, 6), '[T §1.2] the board is designed for 6'),
  },
  setup: {
    /** Kingdom cities razed at setup for N = 2, 3, 4, 5, 6 (index N − 2). */
    razedByCount: constant([11, 7, 5, 3, 0], list(int(0, 17), 5, 5), '[T §1.2, §3 S5] 11 / 7 / 5 / 3 / 0'),
    crowns: constant(15, int(0, 200), '[T §3 S8] 15 crowns each'),
    shields: constant(8, int(1, 8), '[T §2.1] 8 shields per baron; hard limit [P G-A60]'),
    controlMarkers: constant(12, int(1, 24), '[T §2.1] 12 control markers per baron'),
    /** Strongholds kept off the Kingdom's border rows/columns up to this N. */
    borderBanUpTo: constant(3, int(0, 6), '[T §1.2, §3 S14] with 2 or 3 players, not on the border'),
    /** Fate draws for one random item before it fizzles, in passes through the deck. */
    fateRedrawPasses: constant(1, int(1, 3), '[P G-A38] cycle through the deck at most once'),
  },
  influence: {
    perPlayer: constant(10, int(1, 30), '[T §3 S7, §1.4] 10 per baron; the variant lengths are 8, 12 or 15 [T §7.4]'),
  },
  triggers: {
    /** A zone fires its special phase at this many cards per baron (2 × N). */
    zonePerPlayer: constant(2, int(1, 6), '[T §4.2.4] 2N cards'),
    /** The Draft fires at N + this many shields; the display shows as many cards. */
    draftExtra: constant(1, int(0, 1), '[T §4.2.4, §4.9] N + 1 shields; display N + 1 [P G-A01]'),
  },
  planning: {
    piles: constant(3, int(3, 3), '[T §4.1] three piles (the board has three spaces)'),
    maxPerPile: constant(2, int(0, 4), '[T §4.1] 0–2 cards per pile'),
    neutralPerPile: constant(2, int(0, 2), '[T §4.1] 2 neutral cards on each pile; 8 − 6 = 2 set aside'),
  },
  actions: {
    levyPerRegion: constant(1, int(0, 10), '[T §2.8] +1 crown per region with ≥ 1 own noble'),
    manoeuvresVotes: constant(2, int(0, 10), '[T §2.8] +2 votes'),
    churchFaith: constant(1, int(0, 10), '[T §2.8] +1 Faith'),
    improvisationCrowns: constant(2, int(0, 10), '[T §2.8] +2 crowns'),
    improvisationVotes: constant(1, int(0, 10), '[T §2.8] +1 vote'),
  },
  neutral: {
    repairPerBreach: constant(2, int(0, 20), '[T §4.4] 2 crowns per breach'),
    fortifyCost: constant(4, int(0, 40), '[T §4.4] 4 crowns'),
    fortifiedIncome: constant(1, int(0, 10), '[T §4.4] +1 crown at Taxation'),
    fortifiedDefence: constant(100, int(0, 500), '[T §4.4] +100 defence'),
    maintenancePerToken: constant(2, int(0, 20), '[T §4.4] 2 crowns per casualty token'),
    eventChoiceFaith: constant(1, int(0, 5), '[T §4.7] 1 Faith for the holder’s non-default choice'),
  },
  expedition: {
    minStake: constant(1, int(1, 20), '[T §4.8] 1–5 crowns'),
    maxStake: constant(5, int(1, 100), '[T §4.8] 1–5 crowns'),
    blessingFaith: constant(1, int(0, 5), '[T §4.8] 1 Faith'),
    spaces: constant(3, int(1, 6), '[I §2.6] spaces 1, 2, 3'),
  },
  combat: {
    commanderBonus: constant(200, int(0, 1_000), '[T Appendix A] +200 strength, not troops'),
    strengthPerFate: constant(100, int(50, 500), '[T Appendix A] 1 Fate card per 100 strength'),
    casualtyMen: constant(100, int(50, 500), '[T Appendix A] a casualty token or a breach is −100'),
    minDiscard: constant(2, int(0, 4), '[T Appendix A] discard 2 (1 if exactly 2 drawn)'),
    maxInitialFateDraw: constant(0, int(0, 48), '[X §6.6] FFG errata: at most this many cards in a side’s initial draw; 0 = no cap (the source has none)'),
  },
  wages: {
    circleExemptUpTo: constant(400, int(0, 2_000), '[T §2.3] circle noble: no wages up to 400 men'),
  },
  upkeep: {
    revoltFaith: constant(1, int(0, 5), '[T §4.10] 1 Faith'),
    revoltIncomeTimes: constant(2, int(0, 10), '[T §4.10] or 2 × income [P G-A31] printed income'),
    razeLootTimes: constant(3, int(0, 10), '[T Appendix A] 3 × city income'),
  },
  assembly: {
    maxTitles: constant(3, int(1, 10), '[T §2.11] at most 3 Titles per baron'),
    agendaSlots: constant(3, int(3, 3), '[T §2.6] 3 proposal slots'),
    /** Up to this N the Assembly uses the secret allocation of §5.4. */
    secretAllocationUpTo: constant(2, int(0, 6), '[T §1.2, §5.4] 2 players: secret allocation'),
    /** Votes granted at each Assembly: Kingdom cities controlled + this. */
    grantBase: constant(1, int(0, 10), '[T §5.2] (Kingdom cities controlled) + 1; besieged cities count, banished and absent barons too [P G-A17]'),
    banishedIgnoreLaws: constant(true, bool(), '[P G-A24] a banished baron may refuse any later Law or Motion without further penalty'),
    /** The "Free-form Personal Motions" option (house-laws.ts): the longest text of a free law, in characters. */
    freeLawMaxChars: constant(300, int(20, 1_000), '[P §7.4] a free law is a short public text: at most 300 characters'),
    /** The same option: the most free laws in play at once (the state stays bounded). */
    maxHouseLaws: constant(8, int(1, 20), '[P §7.4] at most 8 free laws in play; repeal one to make room'),
  },
  /** The public log kept in the state (flow.ts `trimLog`): every event also goes out with its step's events, which the platform stores and reports from. */
  log: {
    keep: constant(300, int(50, 5_000), '[P] the state keeps the last 300 log entries (a 6-baron game logs thousands); older ones live in the steps\' events'),
  },
  /** §7.4 and §8: host options. */
  options: {
    strongholdsBlock: constant(false, bool(), '[P issue 21] the French names only nobles and cities as blocking; host option (G-A11 otherwise)'),
    lawOfTheStrongest: constant(false, bool(), '[T §7.4] only military victory counts'),
    heirExchange: constant(false, bool(), '[T §7.4] « Échanges d’héritiers »: heirs held, traded, given back, executed (heirs.ts); who holds which heir is public [P]'),
    freeFormMotions: constant(false, bool(), '[T §7.4] free-form Personal Motions: the proposer may put a free law to the vote, a public text enforced by the barons, never by the referee [P] (house-laws.ts)'),
    playerElimination: constant(false, bool(), '[T §7.4] « Élimination d’un joueur »: a baron whose stronghold is captured is eliminated (rules/elimination.ts, [P G-A47])'),
  },
  /** The "Player elimination" variant (§7.4, rules/elimination.ts). */
  elimination: {
    ransomCity: constant(false, bool(), '[P G-A47] false: the ransom is half the crowns only (all his cities become neutral); true: the loser gives his ransom city first (#16), then the rest become neutral'),
  },
  /** §9.1 item 4: minutes per deadline class and pace. */
  deadlines: {
    TURN: pace(10, 24 * 60, 72 * 60, '[P §9.1] a baron’s own move'),
    REPLY: pace(5, 12 * 60, 36 * 60, '[P §9.1] out-of-turn answers, consents'),
    BATTLE: pace(3, 8 * 60, 24 * 60, '[P §9.1] combat prompts'),
  },
} satisfies Spec;

type Defaults<T> = T extends { default: infer D; spec: unknown; tag: string } ? D : { [K in keyof T]: Defaults<T[K]> };
type Widen<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean : T extends readonly number[] ? number[] : { [K in keyof T]: Widen<T[K]> };

export type WkConfig = Widen<Defaults<typeof WK_CONSTANTS>>;
export type DeadlineClassName = keyof WkConfig['deadlines'];
export const DEFAULT_CONFIG = defaultsOf(WK_CONSTANTS) as WkConfig;

const NAME: Localized = { fr: 'Warrior Knights', en: 'Warrior Knights' };

function relations(c: WkConfig): { path: string; value: unknown; expected: Localized } | null {
  if (c.players.min > c.players.max) return { path: 'players.min', value: c.players.min, expected: { fr: `au plus players.max (${c.players.max})`, en: `at most players.max (${c.players.max})` } };
  if (c.expedition.minStake > c.expedition.maxStake) return { path: 'expedition.minStake', value: c.expedition.minStake, expected: { fr: `au plus expedition.maxStake (${c.expedition.maxStake})`, en: `at most expedition.maxStake (${c.expedition.maxStake})` } };
  return null;
}

export const WK_TABLE_INFO: TableInfo = { name: NAME, relations };

export function resolveWkConfig(overrides: unknown = {}, opts: { bounds?: boolean } = {}): WkConfig {
  return resolveConfig(WK_TABLE_INFO, WK_CONSTANTS, DEFAULT_CONFIG, overrides, opts);
}

// ─── §1.2: the per-player-count table, as functions of N ──────────────────────────────────────

/** Kingdom cities razed at setup (§3 S5). */
export const razedAtSetup = (c: WkConfig, n: number): number => c.setup.razedByCount[n - 2] ?? 0;
/** Cards in a zone that fire its special phase: 2N (§4.2.4). */
export const zoneThreshold = (c: WkConfig, n: number): number => c.triggers.zonePerPlayer * n;
/** Shields that fire the Mercenary Draft, and usable track spaces: N + 1 (§4.2.4). */
export const draftShields = (c: WkConfig, n: number): number => n + c.triggers.draftExtra;
/** Mercenary cards face up in the display: N + 1 [P G-A01]. */
export const displaySize = (c: WkConfig, n: number): number => n + c.triggers.draftExtra;
/** Influence tokens in the reserve at setup (§3 S7). */
export const influenceReserve = (c: WkConfig, n: number): number => c.influence.perPlayer * n;
/** Most cards on one action pile: N barons × maxPerPile + the neutral cards (§1.2 [I]: 14 with 6). */
export const maxPileSize = (c: WkConfig, n: number): number => n * c.planning.maxPerPile + c.planning.neutralPerPile;
/** Strongholds kept off the Kingdom's border (§3 S14). */
export const borderBanned = (c: WkConfig, n: number): boolean => n <= c.setup.borderBanUpTo;
/** Assembly by secret allocation (§5.4). */
export const secretAllocation = (c: WkConfig, n: number): boolean => n <= c.assembly.secretAllocationUpTo;
/** Cities needed for a military victory: more than half of the unrazed Kingdom cities (§1.3). */
export const militaryVictoryCities = (unrazedKingdomCities: number): number => Math.floor(unrazedKingdomCities / 2) + 1;
