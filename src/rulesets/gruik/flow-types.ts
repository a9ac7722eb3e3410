/**
 * The types of the season's flow (flow.ts): the flow's state kept in the game, its pending
 * questions, tabletop battles and GM items, and the flow's events. Apart from flow.ts so that the
 * modules flow.ts calls (reviews.ts, list-check.ts, tabletop.ts) can name them without a circle of
 * imports; flow.ts re-exports them.
 */
import type { Localized, RulingSource } from '../../engine/ruleset.ts';
import type { CommuniqueBook } from './communique.ts';
import type { GmRow, GruikItemInput } from './gm.ts';
import type { BattleFacts } from './rules/battle-result.ts';
import type { MoveOrder } from './rules/movement.ts';
import type { NavalQuestion } from './rules/naval-phase.ts';
import type { GruikSheet, STANDING_KEYS } from './sheet-types.ts';
import type { GruikState, StateId } from './state.ts';
import type { StepId } from './steps.ts';
import type { TableArrangements } from './tabletop-table.ts';

export type Phase = 'orders' | 'reaction' | 'naval-round' | 'volunteer' | 'tabletop-accept' | 'battle-report' | 'report-confirmation' | 'gm' | 'disband' | 'create-army' | 'over';

/** A battle between two players offered for the table (§6.12.1). */
export interface TabletopBattle {
  id: string;
  province: string;
  armies: [string, string];
  sides: [StateId, StateId];
  /** Each side's fielded AP (§4.7), for the report's bounds. */
  fielded: Record<StateId, number>;
  accepted: boolean;
  /** The reports given (by side). */
  reports: Record<StateId, BattleFacts>;
  /** The side whose report the other must confirm. */
  reporter?: StateId;
  /** The result S6.3 applies; absent: ABR. */
  facts?: BattleFacts;
  disputed?: boolean;
  /** What the two sides arrange for the table: lists, dates (tabletop-table.ts; the free actions of tabletop.ts). */
  table?: TableArrangements;
}

/** A volunteer ally joined to an army about to fight (§4.5.4, §6.12.1 step 2, A-11): its owner confirms or withholds it. */
export interface VolunteerAsk {
  detachment: string;
  owner: StateId;
  hostArmy: string;
  hostState: StateId;
  province: string;
  /** The state on the other side of the battle (seen by the owner: its contingent stands there). */
  against: StateId;
  battle: string;
}

/** A judgment item waiting for the GM. */
export interface PendingItem {
  input: GruikItemInput;
  /**
   * `queue`: raised by a step (its default is already applied); `dispute`: a tabletop battle's;
   * `abr`: an ABR battle of S6.3 (§6.12.2, §11.6; its result applied, the quality modifiers 0);
   * `cession`: an ownership transfer both parties ticked (§8.3, A-22; control passed, ownership not).
   */
  source: 'queue' | 'dispute' | 'abr' | 'cession';
  battle?: string;
  /** `abr`: the battle's two sides, in the order of the ruling's value `q:<first>:<second>`. */
  sides?: [StateId, StateId];
  /** `cession`: the province and the two parties. */
  cession?: { province: string; from: StateId; to: StateId };
}

/** A ruling of this season, for the report (§11.3 "GM ruling" / "default applied"). `says`: the ruling in words, when its value is a code. */
export interface RulingRecord { id: string; row: GmRow; states: StateId[]; value: string; by: RulingSource; what: Localized; says?: Localized }

export interface GruikFlow {
  /** What the game waits for; null while steps run (never between two resolutions). */
  phase: Phase | null;
  /** The index in SEQ of the next step to run. */
  next: number;
  /** The pauses already passed this season. */
  asked: Partial<Record<'orders' | 'reaction' | 'naval' | 'volunteer' | 'tabletop' | 'disband' | 'create', true>>;
  /** This season's sheets (private to each state: no view shows them). */
  sheets: Record<StateId, GruikSheet>;
  /** The standing parts of each state's last sheet (§3.4). */
  standing: Record<StateId, Pick<GruikSheet, (typeof STANDING_KEYS)[number]>>;
  reactions: Record<StateId, MoveOrder[]>;
  disband: Record<StateId, string>;
  /** The naval rounds' answers so far, by question key ('policy': silence, the policy answers); the open round's questions; rounds asked. */
  navalAnswers?: Record<string, string>;
  navalQuestions?: NavalQuestion[];
  navalRounds?: number;
  /** #create-army (§4.8 [P], standing): each state's last answer, kept from season to season. */
  createArmy?: Record<StateId, boolean>;
  /** The volunteer allies asked before S6.3. */
  volunteers?: VolunteerAsk[];
  battles: TabletopBattle[];
  items: PendingItem[];
  /** How many of `gmQueue`'s items the flow has handled. */
  gmSeen: number;
  rulings: RulingRecord[];
  /** S9 → S10: the next season's key, drawn at S9 so that the report publishes its hash. */
  pendingKey?: string;
  /**
   * While the items a step raised wait for the GM (phase `gm`): that step and the state before it,
   * so that the GM may override its rolls and have it run again (console.ts, rules §11.3 "re-run a
   * phase from a snapshot"), at most `gm.maxReruns` times. Dropped when the GM's items are answered.
   */
  rerun?: StepSnapshot;
  /** The GM's orders for the states he runs (neutrals, barbarians), given during the orders' wait (console.ts, §11.3, §11.6). */
  gmOrders?: Record<StateId, GruikSheet>;
  /** §6.12.2: the quality modifiers the GM set on this season's ABR battles, by battle and side (S6.3's input; reviewed battles are not raised again). */
  quality?: Record<string, Record<StateId, number>>;
}

/** A step whose results await the GM, with the state before it (flow.ts `rerunStep`). */
export interface StepSnapshot {
  step: StepId;
  /** The state before the step ran (the GM's later overrides are added to it at each re-run). */
  before: GruikState;
  /** How many times the GM has had it re-run. */
  runs: number;
  /**
   * The GM's console edits made since the step ran (console.ts `GmEdit` values, in their order):
   * applied again after each re-run [P §11.3: every GM action is an input of the history].
   */
  edits?: unknown[];
}

export interface GruikGame {
  gruik: GruikState;
  flow: GruikFlow;
  /** The player states (seats), in the scenario's order. */
  seats: StateId[];
  names: Record<StateId, string>;
  /** The battles open for communiqués and the communiqués (§6.11, J21; communique.ts). */
  comms?: CommuniqueBook;
}

export type GruikFlowEvent =
  /** A line of a report; audience [] is public. */
  | { t: 'note'; audience: StateId[]; text: Localized }
  /** S0.5: one state's private status sheet (Markdown). */
  | { t: 'status'; state: StateId; text: Localized }
  /** S9: each reader's report ('' the public one). */
  | { t: 'season-report'; season: number; reports: Record<string, Localized> };
