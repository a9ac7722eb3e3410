/**
 * The state of a game of Gruik (rules §2, the data model): plain JSON, after the rules' TypeScript
 * sketch, field by field, with its initial values (§2.13). Foundations only: no rule is applied here
 * beyond setting a scenario's start.
 *
 * Names: a state of the rules (a polity, §2.3) is a `Realm` in code, so as not to clash with the
 * game state `GruikState`. Ids: a realm's own id from the scenario (`elves`); its sovereign
 * `elves:sovereign`, its generals `elves:general:1`…; its armies `elves:A1`…; detachments
 * `elves:D1`…; fleets `elves:F1`…; each serial counted per realm in `serials` so ids never repeat.
 *
 * Where secrets are (style §5): everything nobody may know yet is under `secret` — the season keys
 * of the dice (rules §11.1: only their hashes are published, each key revealed after its season's
 * report) and the authors of rumours (never disclosed [T §17.2]). What one state may know and the
 * others may not (its forces' AP and modifiers, its treasury, its fleets) is kept with the entity
 * that owns it, under a `state` field; `view.ts` strips it for everyone else, and a property test
 * checks that nothing leaks.
 */
import type { GruikConfig } from './constants.ts';
import type { GruikMap, MapDisplay, ProvinceId, SeaZoneId } from './map.ts';
import type { StepId } from './steps.ts';
import type { SeasonEvent, StateOrders } from './season-types.ts';
import type { JudgmentId } from './judgments.ts';
import type { Localized } from '../../engine/ruleset.ts';

export type { ProvinceId, SeaZoneId };
export type StateId = string;
export type ArmyId = string;
export type DetachmentId = string;
export type FleetId = string;
export type CharacterId = string;
export type ForceId = ArmyId | DetachmentId;
/** t0 = Spring of the start year; t = (year − start) × 4 + season [P §1.2]. */
export type SeasonIndex = number;
export type SeasonName = 'spring' | 'summer' | 'autumn' | 'winter';
export const SEASONS: readonly SeasonName[] = ['spring', 'summer', 'autumn', 'winter'];

/** The season and year of a season index [P §1.2]. [P A-57] The French text's years 8 and 10 are illustrations: seasons count from the calendar's start (Spring 67 by default). */
export function seasonOf(t: SeasonIndex, startYear: number): { year: number; season: SeasonName } {
  return { year: startYear + Math.floor(t / 4), season: SEASONS[((t % 4) + 4) % 4]! };
}

export interface ProvinceState {
  owner: StateId | null;                 // [T §2.1, §10]
  controller: StateId | null;            // [T §2.1]; a rebel pseudo-state's id during civil war [P §8.7]
  controlSince: SeasonIndex;             // [P] for annexation
  initialCapitalOf?: StateId;            // [T §13.1]
  templesPillagedAt?: SeasonIndex;       // [T §12.1.3]
  monuments: string[];                   // [T §12.2.3]
}

export interface Realm {
  id: StateId;
  name: string;
  kind: 'player' | 'neutral' | 'barbarian' | 'rebels';   // [T §2.2, §16; P rebels]
  capital: ProvinceId | null;            // [T §13.1]
  treasury: number;                      // integer gruikors, ≥ −debtCap [T §12]
  prestige: number;                      // [T §15]; 0 at start [P]
  sovereign: CharacterId;                // [T §6.3]
  armies: ArmyId[];                      // 1 at start [T §4.4]
  fleets: FleetId[];                     // [T §2.2]
  friendsDeclared: StateId[];            // [T §2.3] directed [P A-04]
  master?: StateId;                      // [T §11]
  tributaryRate?: number;                // 0..0.5 [T §12.1.1]
  tributarySince?: SeasonIndex;
  tributaryVoluntary?: boolean;
  pendingLiberationAt?: SeasonIndex;     // [T §11.2]
  civilWar?: { since: SeasonIndex; revoltedCapital: ProvinceId };  // [T §13]
  civilWarSeasonsThisTaxYear: number;    // [T §12.1.1]
  consecutiveMainArmyDefeats: number;    // [T §11.2; P counter]
  raidGainsThisYear: number;             // [T §9.3]
  raidLossesThisYear: number;
  lastPrestigeExpenseYear?: number;      // [T §12.2.3]
  armyShortfallSince?: SeasonIndex;      // [T §4.4]
  pendingCatastrophes: number;           // [T §6.6]
  besiegedSeasonsStreak: number;         // [T §4.1.2] M6
  /** This season's seasonal base (D1), once S0 has rolled it [T §4.1.1]. */
  seasonalBase?: number;
  /** The last season already counted in `civilWarSeasonsThisTaxYear` (each season spent in civil war counts once, issue 16). */
  civilWarCountedAt?: SeasonIndex;
  /** Ships bought this season, joining a fleet at S0.2 of the next [T §12.2.1; P A-52]. */
  pendingShips?: { at: ProvinceId; ships: number }[];
  /** A debt left beyond the cap by provinces lost (no forced repayment [P §8.6]): the lowest treasury allowed meanwhile; no spending until back within the cap. */
  debtFloor?: number;
  /** A stateless tributary that threw off the yoke (§8.5) [P A-50]: its former master and the season of the declaration. */
  rebellion?: { master: StateId; since: SeasonIndex };
  /** A new army ordered at S8.7 (§4.8): it appears at S0.2 of this season [T §4.4]. */
  armyDue?: SeasonIndex;
  /** A barbarian state: the state its army invades [P A-55]. */
  invades?: StateId;
  /** A barbarian invasion drawn (D2 2 or 12): the army enters at S0.3 of this season [P A-55]. */
  invasionDue?: SeasonIndex;
}

/** A prestige expense (monument, patronage), rules §2.10 [T §12.2.3; P A-36]. */
export interface Monument { id: string; builder: StateId; province: ProvinceId; builtAt: SeasonIndex; prestigeValue: number; creditedTo: { state: StateId; points: number }[] }

/** An item of rules §11.4 raised for the GM (§11.3): what the program applied meanwhile. */
/** A judgment item raised by a step: its subject and what the program applied, in both languages (words.ts). */
export interface GmItem { item: JudgmentId; season: SeasonIndex; step: string; states: StateId[]; subject: Localized; applied: Localized }

export interface Character {
  id: CharacterId;
  state: StateId;
  name: string;
  role: 'sovereign' | 'general';         // [T §6.3]
  army?: ArmyId;                         // one general per army [P A-12]
  status: 'active' | 'captive' | 'dead' | 'void';   // void: a captive replaced [T §13.2]
  captor?: StateId;
  capturedAt?: SeasonIndex;
}

export type ForceLocation = ProvinceId | { embarkedOn: FleetId } | 'captured';

export interface Army {
  id: ArmyId;
  state: StateId;
  general: CharacterId;
  location: ForceLocation;
  inFortress: boolean;                   // [T §5.4]
  mod: number;                           // [T §4.1.2]; ≤ MOD_MAX [P A-02]
  seasonalSize: number;                  // min(cap, base + mod), ≥ 0 [T §4.1.3; P floor]
  currentAP: number;                     // what stays with the army: seasonalSize − detached − losses + rejoined
  /** An under-18 army joined to another army "as a detachment would" [T §4.2; P A-09]. */
  hostArmy?: ArmyId;
  /** This army's own seasonal base when BASE_ROLL_PER is 'army' [P A-03]. */
  base?: number;
  detachmentsCreated: DetachmentId[];    // ≤ 2 at a time [T §4.2]
  alliedDetachments: DetachmentId[];     // joined allies (foreign, or an under-18 army), ≤ 2 [T §4.2]
  moved: boolean;
  movedFrom?: ProvinceId;
  enteredBy?: 'land' | 'sea';
  fought: boolean;
  retreated: boolean;
  raided: boolean;
  sovereignPresent: boolean;             // [T §6.3]
  siegeOf?: ProvinceId;
  siegeSeasons: number;                  // [T §8]
  pendingEffortBonus: number;            // M9, next season [T §4.1.2]
  createdAt: SeasonIndex;
}

export interface Detachment {
  id: DetachmentId;
  state: StateId;
  parentArmy: ArmyId;
  ap: number;                            // DETACHMENT_MIN … DETACHMENT_MAX; forced ally ≥ 4 [T §4.2.1]
  kind: 'own' | 'volunteerAlly' | 'forcedAlly';   // [T §4.2.2]
  hostArmy?: ArmyId;                     // the army it has joined
  location: ForceLocation;
  inFortress: boolean;
  role?: 'defendProvince' | 'raid' | 'garrison';   // [T §5.1]
  moved: boolean;
  movedFrom?: ProvinceId;
  enteredBy?: 'land' | 'sea';
  retreated: boolean;
  withheld?: boolean;                    // [T §4.2.3; P A-11]
}

export interface Fleet {
  id: FleetId;
  state: StateId;
  ships: number;                         // [T §7]
  zone: SeaZoneId;
  coast?: ProvinceId;
  inPort: boolean;
  mpUsed: number;
  embarked: ForceId[];
  stationary: boolean;
  raidedThisSeason: boolean;
  lostBattleThisSeason: boolean;
  /** [T §7.8] the one province whose port on this zone it blockades, and since which season (S5 registers it). */
  blockading?: ProvinceId;
  blockadingSince?: SeasonIndex;
  /** [T §7.2] the coast where it landed troops this season (an allowed end-of-season position, §7.3). */
  landedAt?: ProvinceId;
  /** [T §9.1] the coast it approached to raid this season (1 MP, S5); S7 resolves the raid. Cleared by a naval battle. */
  raidCoast?: ProvinceId;
  /** [T §7.7] declared at the start of the season (S3.6) for this season: the other fleet, and the state that commands both. */
  combinedWith?: { fleet: FleetId; commander: StateId };
}

export interface Treaty { id: string; text: string; signatories: StateId[]; confirmed: StateId[]; publishedAt?: SeasonIndex }
export interface Declaration { author: StateId; text: string; season: SeasonIndex }
export interface Rumour { id: string; text: string; season: SeasonIndex }

/** A land move as S4.1 resolved it. */
export interface LandMove { force: ForceId; state: StateId; from: ProvinceId; to: ProvinceId; stopped?: 'enemy-province' | 'enemy-army' | 'crossing' | 'strait' | 'join-failed' }
/** A triggering enemy move in a state's movement report (T1–T3 of rules §5.6.1): no strength unless the constants reveal it. */
export interface Sighting { code: 'T1' | 'T2' | 'T3'; force: ForceId; kind: 'army' | 'detachment'; state: StateId; from: ProvinceId; to: ProvinceId; ap?: number }

/**
 * One thing that happened at sea in S5 (rules §7), with its audience: `[]` public (a naval battle,
 * App. B 3), otherwise the states that know it — a detection only to the detecting side, with the
 * approximate size [T §7.3; P §7.8]; exact counts only once an interception brings the fleets together.
 */
export type NavalRecord = { audience: StateId[]; impulse: number } & (
  | { t: 'storm'; fleet: FleetId; state: StateId; zone: SeaZoneId; lost: number; left: number; armies: number }
  | { t: 'detected'; by: FleetId; byState: StateId; fleet: FleetId; state: StateId; zone: SeaZoneId; approx: number; auto?: 'blockade' | 'strait' }
  | { t: 'intercepted'; by: FleetId; byState: StateId; byShips: number; fleet: FleetId; state: StateId; ships: number; zone: SeaZoneId; choice: 'battle' | 'retreat' | 'continue' | 'stay' | 'port'; outcome: 'battle' | 'escaped' | 'port' }
  | { t: 'naval-battle'; zone: SeaZoneId; winner: FleetId; winnerState: StateId; loser: FleetId; loserState: StateId; winnerShips: number; loserShips: number; winnerLost: number; loserLost: number }
  | { t: 'fleet-retreat'; fleet: FleetId; state: StateId; from: SeaZoneId; to: SeaZoneId }
  | { t: 'embarked'; fleet: FleetId; state: StateId; at: ProvinceId; forces: number }
  | { t: 'landed'; fleet: FleetId; state: StateId; at: ProvinceId; forces: number }
  | { t: 'set-ashore'; fleet: FleetId; state: StateId; at: ProvinceId; forces: number }
  | { t: 'forced-return'; fleet: FleetId; state: StateId; from: SeaZoneId; to: SeaZoneId; excess: number; lost: number }
  | { t: 'fleet-lost'; fleet: FleetId; state: StateId; forces: number }
  | { t: 'blockade'; fleet: FleetId; state: StateId; province: ProvinceId }
  | { t: 'raid-cancelled'; fleet: FleetId; state: StateId }
  | { t: 'blockade-attrition'; fleet: FleetId; state: StateId; lost: number }
);

/** One change of a treasury or of prestige, with its cause (rules §2.11). */
/** A line of the treasury and prestige ledger; its cause in both languages (words.ts CAUSE). */
export interface LedgerEntry { season: SeasonIndex; state: StateId; what: 'treasury' | 'prestige'; delta: number; cause: Localized; rule: string }

/** One die rolled (rules §11.1): who may see it, and everything needed to check it. */
export interface RollRecord {
  season: SeasonIndex;
  phase: string;
  event: string;
  index: number;
  sides: number;
  face: number;
  purpose: string;
  rule: string;
  /** The states concerned (they see it in their reports); empty: public. */
  audience: StateId[];
  /** Set when the GM overrode this roll (rules §11.3 "GM ruling"): the face the season key gives. */
  keyed?: number;
}

/**
 * The events of S6 (rules §5.8, §5.9, §6.13), kept in the state with their audience ([] public);
 * the same shapes as events.ts's GruikEvent kinds of the same names, which renders them (declared
 * here so that the foundation imports nothing from above).
 */
export type FieldEvent =
  | { t: 'battle'; audience: StateId[]; province: ProvinceId; a: StateId; b: StateId; winner: StateId | null }
  | { t: 'losses'; audience: StateId[]; state: StateId; ap: number }
  | { t: 'fate'; audience: StateId[]; state: StateId; character: string; fate: 'escapes' | 'captured' | 'killed' }
  | { t: 'retreat'; audience: StateId[]; state: StateId; option: { kind: 'land'; to: ProvinceId } | { kind: 'sea'; fleet: FleetId } | { kind: 'fortress' }; failed?: boolean }
  | { t: 'captured'; audience: StateId[]; state: StateId; kind: 'army' | 'detachment' }
  | SortieEvent;

/** S6.1, rules §8.1.5: a sortie ordered by the besieged (`made`, or its refusal), and the besieger's answer to a relief force. */
export type SortieEvent =
  | {
    t: 'sortie'; audience: StateId[]; state: StateId; province: ProvinceId; made: boolean; reason?: 'no-siege' | 'no-army' | 'too-weak' | 'no-consent' | 'friend'; min?: number; consented?: boolean;
    /** S6.5 (§8.1.5 [P, ours]): the sortie army fought no battle and goes back into its fortress (`made` true). */
    back?: true;
    /** S6.3 (§8.1.5 case 2 [T §8.4]): a besieged force that withdrew after the relief was beaten (`option`), or could not and stays in the fortress (no `option`); `made` false. */
    withdraw?: { kind: 'army' | 'detachment'; option?: { kind: 'land'; to: ProvinceId } | { kind: 'sea'; fleet: FleetId } };
  }
  | { t: 'relief'; audience: StateId[]; state: StateId; province: ProvinceId; choice: 'retreat' | 'pin' | 'all'; byDefault: boolean; pinned?: number; to?: ProvinceId; contingent?: { state: StateId; ap: number; sent: boolean } };

/** A relief met at S6.1 (§8.1.5): the besieger, the relief armies and the AP it pins down at the siege (case 1). */
export interface ReliefRecord {
  province: ProvinceId; besieger: ArmyId; relief: ArmyId[]; choice: 'retreat' | 'pin' | 'all'; pinned: number;
  /** Case 2: the besieged ordered its garrison to withdraw if the besieger wins (`withdraw`, §8.1.5). */
  withdraw?: true;
}

/** What S6 carries from one sub-step to the next (rules §3.3 S6) and hands to S7.3. */
export interface LandCombat {
  contested: ProvinceId[];
  defenders: Record<ProvinceId, StateId | null>;
  /** Fleets that took troops off a coast (§5.8/§5.9 by sea): S6.4 sails them home (§7.6). */
  seaRetreats: FleetId[];
  /** The loser of each battle and where (§6.13 step 7). */
  defeats: { province: ProvinceId; state: StateId }[];
  /** States whose D7 roll came up (§6.13 step 3). */
  civilWar: StateId[];
  /** What S6.5 passes to S7.3: a defeat of an army friendly to the besieged. */
  reliefDefeats: { province: ProvinceId; state: StateId }[];
  /** S6.1 (§8.1.5): the reliefs met and the besieger's choice; S6.3 fields a case-1 besieger without its pinned AP. */
  reliefs?: ReliefRecord[];
  /** S6.1 (§8.1.5): the garrison armies that sallied out this season. */
  sorties?: ArmyId[];
  /** S6.3 (§6.12.2): the battles resolved by ABR, for the GM's timed review (§11.6 "ABR quality modifier, ABR override"; flow.ts). */
  abr?: AbrFought[];
}

/** A battle S6.3 resolved by ABR (§6.12.2): its sides, what each fielded, the quality modifiers used and the result. */
export interface AbrFought {
  id: string;
  province: ProvinceId;
  armies: [ArmyId, ArmyId];
  sides: [StateId, StateId];
  fielded: Record<StateId, number>;
  quality: Record<StateId, number>;
  winner: StateId | null;
  /** Campaign AP lost, per side (§6.5). */
  losses: Record<StateId, number>;
  /** The end of a battle without a winner (§6.7, §6.9); absent with a winner. */
  agreement?: string;
}

export interface GruikState {
  ruleset: 'gruik';
  config: GruikConfig;
  map: GruikMap;
  season: SeasonIndex;
  /** The step of the season in progress (steps.ts), null between seasons. */
  step: StepId | null;
  provinces: Record<ProvinceId, ProvinceState>;
  realms: Record<StateId, Realm>;
  characters: Record<CharacterId, Character>;
  armies: Record<ArmyId, Army>;
  detachments: Record<DetachmentId, Detachment>;
  fleets: Record<FleetId, Fleet>;
  treaties: Treaty[];
  declarations: Declaration[];
  rumours: Rumour[];
  ledger: LedgerEntry[];
  rollLog: RollRecord[];
  /** This season's land moves (S4.1), each known to its mover only: from, to, why it stopped early. */
  landMoves: LandMove[];
  /** The movement report of S4.2 [T §5.3; P A-15], per state: the enemy moves that may trigger its reactions. */
  movementReport: Record<StateId, Sighting[]>;
  /** What happened at sea this season (S5, rules §7), each record with the states that may know it [T §7.3]. */
  navalLog?: NavalRecord[];
  /** Per realm: the next serial of each kind of id. */
  serials: Record<StateId, { general: number; army: number; detachment: number; fleet: number }>;
  /** Public commitments (rules §11.1): sha-256 of each season's key, before any roll; the key once revealed. */
  dice: {
    keyHashes: Record<SeasonIndex, string>; revealedKeys: Record<SeasonIndex, string>;
    /** The GM's roll overrides of the season in progress (rules §11.3), by `rollKey`: the face to show instead (console.ts; S10 drops them). */
    overrides?: Record<string, number>;
  };
  /** Prestige expenses by id (rules §2.10); `ProvinceState.monuments` lists the ids standing in each province. */
  monuments?: Record<string, Monument>;
  /** The season's orders as S3.1 accepted them, per state (private to each: the view never shows them). */
  seasonOrders?: Record<StateId, StateOrders>;
  /** The events of the steps of seasons.ts (S0.1, S0.3, S3, S7, S8), each with its audience. */
  seasonEvents?: SeasonEvent[];
  /** The judgment items raised for the GM (rules §11.3, §11.4). */
  gmQueue?: GmItem[];
  /** S6 (land-combat.ts): the events of the land battles and retreats, each with its audience (cleared at S0.1). */
  fieldEvents?: FieldEvent[];
  /** S6's working record, read by its later sub-steps and by S7.3 (cleared at S0.1). */
  landCombat?: LandCombat;
  /** The drawing of a scenario that is not built in (scenario.ts `initialFromScenario`); a built-in one is looked up by `map.id`. Public. */
  display?: MapDisplay;
  secret: {
    /** The secret key of each season not yet revealed (rules §11.1). */
    seasonKeys: Record<SeasonIndex, string>;
    /** Rumour id → its author, never disclosed [T §17.2]. */
    rumourAuthors: Record<string, StateId>;
  };
}

/** A state as a scenario file gives it (rules §12.4, the part the state model needs). */
export interface ScenarioState {
  id: StateId;
  name: string;
  kind: 'player' | 'neutral';
  capital: ProvinceId;
  treasury: number;
  prestige?: number;
  /** Provinces owned and controlled at the start. */
  provinces: ProvinceId[];
  sovereign: string;
  general: string;
  armyAt?: ProvinceId;
  fleets: { ships: number; zone: SeaZoneId; coast?: ProvinceId }[];
  friendsDeclared?: StateId[];
  master?: StateId;
  tributaryRate?: number;
}

/** Builds the initial state of rules §2.13 from a map and its states; the key of season t0 is the platform's secret. */
export function initialState(map: GruikMap, states: readonly ScenarioState[], config: GruikConfig, seasonKey: string, keyHash: string): GruikState {
  const s: GruikState = {
    ruleset: 'gruik', config: structuredClone(config), map: structuredClone(map), season: 0, step: null,
    provinces: Object.fromEntries(map.provinces.map((p) => [p.id, { owner: null, controller: null, controlSince: 0, monuments: [] }])),
    realms: {}, characters: {}, armies: {}, detachments: {}, fleets: {},
    treaties: [], declarations: [], rumours: [], ledger: [], rollLog: [], landMoves: [], movementReport: {}, serials: {},
    dice: { keyHashes: { 0: keyHash }, revealedKeys: {} },
    secret: { seasonKeys: { 0: seasonKey }, rumourAuthors: {} },
  };
  for (const st of states) {
    for (const p of st.provinces) s.provinces[p] = { owner: st.id, controller: st.id, controlSince: 0, monuments: [] };
    s.provinces[st.capital]!.initialCapitalOf = st.id;
    const sovereign = `${st.id}:sovereign`, general = `${st.id}:general:1`, army = `${st.id}:A1`;
    s.characters[sovereign] = { id: sovereign, state: st.id, name: st.sovereign, role: 'sovereign', status: 'active' };
    s.characters[general] = { id: general, state: st.id, name: st.general, role: 'general', army, status: 'active' };
    s.armies[army] = {
      id: army, state: st.id, general, location: st.armyAt ?? st.capital, inFortress: false, mod: 0, seasonalSize: 0, currentAP: 0,
      detachmentsCreated: [], alliedDetachments: [], moved: false, fought: false, retreated: false, raided: false,
      sovereignPresent: false, siegeSeasons: 0, pendingEffortBonus: 0, createdAt: 0,
    };
    const fleets = st.fleets.map((f, i) => {
      const id = `${st.id}:F${i + 1}`;
      s.fleets[id] = { id, state: st.id, ships: f.ships, zone: f.zone, ...(f.coast ? { coast: f.coast } : {}), inPort: false, mpUsed: 0, embarked: [], stationary: true, raidedThisSeason: false, lostBattleThisSeason: false };
      return id;
    });
    s.realms[st.id] = {
      // [P A-42] the initial values are the scenario's (treasury, fleets; prestige 0 when it gives none)
      id: st.id, name: st.name, kind: st.kind, capital: st.capital, treasury: st.treasury, prestige: st.prestige ?? 0,
      sovereign, armies: [army], fleets, friendsDeclared: [...(st.friendsDeclared ?? [])],
      ...(st.master ? { master: st.master, tributaryRate: st.tributaryRate ?? config.treasury.tributeDefaultRate, tributarySince: 0, tributaryVoluntary: true } : {}),
      civilWarSeasonsThisTaxYear: 0, consecutiveMainArmyDefeats: 0, raidGainsThisYear: 0, raidLossesThisYear: 0,
      pendingCatastrophes: 0, besiegedSeasonsStreak: 0,
    };
    s.serials[st.id] = { general: 1, army: 1, detachment: 0, fleet: fleets.length };
  }
  return s;
}
