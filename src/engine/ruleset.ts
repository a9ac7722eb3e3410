/**
 * The contract between the engine and a ruleset. A ruleset is pure and deterministic: no I/O, no
 * clock, no unseeded randomness: every draw comes from the Rng the engine passes in; state is plain JSON.
 *
 * The same contract carries a one-order-sheet-per-turn game (every lord answers one `orders`
 * decision, all at once, then the turn resolves) and a board game made of many small prompts
 * (one player answers a question, the game resolves that step and asks the next one, or several
 * players answer simultaneously). See test/engine/prompt-ruleset.ts for the second shape.
 */
import type { Rng } from './rng.ts';

export type PlayerId = string;
export type Lang = 'fr' | 'en';
export const LANGS: readonly Lang[] = ['fr', 'en'];

export type Localized = Record<Lang, string>;

/** When an unanswered decision falls to its default. */
export type DeadlinePolicy =
  | { kind: 'game-deadline' } // the game's turn deadline (weekly for Gloire & Pouvoir)
  | { kind: 'after'; hours: number } // a short prompt deadline, counted from when it is asked
  | { kind: 'none' }; // the game waits (only for games where waiting is safe)

export interface Decision {
  /** Identifies the question within the current step, e.g. `orders` or `bid`. */
  id: string;
  /** A ruleset-specific kind that a user interface can switch on. */
  kind: string;
  /** Who must answer. Several players answer simultaneously and secretly. */
  players: PlayerId[];
  deadline: DeadlinePolicy;
  /** The answer used for a player who gives none, per player. Must pass `validate`. */
  defaults: Record<PlayerId, unknown>;
  /** Human text of the question, and the choices where the answer is a choice. */
  prompt: Localized;
  choices?: { value: string; label: Localized }[];
}

export interface ValidationIssue {
  /** 1-based line for text answers, or item index for structured answers. */
  line?: number;
  /** The message in English (kept for compatibility; shown when `text` is absent). */
  message: string;
  /** The message in every language; show `text?.[lang] ?? message`. */
  text?: Localized;
  /** Nearest names, when a name was not recognised. */
  candidates?: string[];
}

/** A validated answer. `value` keeps every valid part even when `issues` is not empty. */
export interface Validation<A> {
  value: A | null;
  issues: ValidationIssue[];
}

export interface Submission<A = unknown> {
  decision: string;
  player: PlayerId;
  value: A;
  /** Engine-assigned submission order within the game (an input some rules use as a tie-break). */
  order: number;
}

export interface Outcome {
  finished: boolean;
  winners: PlayerId[];
  /** Ruleset-specific reason, e.g. `renown`, `conquest`, `alliance`, `none`. */
  reason: string;
}

export interface Resolution<S, E> {
  state: S;
  events: E[];
}

/**
 * A form a user interface can render to help a player write an answer, without knowing the
 * rules: entries grouped (e.g. by phase), each with fields whose legal choices the ruleset lists.
 * Filling an entry produces one text line: the entry's `code` followed by the field values (a
 * value containing spaces is written in double quotes), which `validate` then checks as usual.
 */
export interface AnswerForm {
  groups: { title: string; entries: FormEntry[] }[];
}
export interface FormEntry {
  code: string;
  label: string;
  syntax: string;
  fields: FormField[];
}
export type FormField =
  | { name: string; label: string; kind: 'choice'; options: { value: string; label: string }[]; optional?: boolean }
  | { name: string; label: string; kind: 'integer'; min?: number; max?: number; optional?: boolean }
  | { name: string; label: string; kind: 'text'; optional?: boolean };

/**
 * A player's view laid out for reading, in one language, by the ruleset (so that pages show the
 * ruleset's own words): titled sections of key/value rows or tables.
 */
export interface ViewDoc { sections: ViewSection[] }
export type ViewSection =
  | { title: string; kind: 'kv'; rows: [string, string][] }
  | { title: string; kind: 'table'; columns: string[]; rows: string[][]; collapsed?: boolean; highlight?: number }
  /** A distribution or a comparison: one bar per row, `share` in [0, 1] sets its length, `text` is shown beside it. */
  | { title: string; kind: 'bars'; bars: { label: string; share: number; text: string }[] };

// ───────────────────────────────────────────────────────────── maps

/**
 * A map as one player may know it, laid out by the ruleset and drawn by the platform (as SVG, in
 * the page and, rasterised, in mails) without knowing any rule: shapes with fills, markers,
 * a legend, what a click on a region shows, and the orders the player can give from the map.
 */
export interface MapDoc {
  /** The drawing's coordinate box (viewBox `0 0 width height`). */
  width: number;
  height: number;
  title: string;
  regions: MapRegion[];
  /** Neighbours that share no border (sea crossings, straits), drawn as dashed lines between labels. */
  crossings: { a: string; b: string }[];
  markers: MapMarker[];
  legend: MapLegendItem[];
  /** The player's pieces that can be given orders from the map, each with its legal actions. */
  units: MapUnit[];
}

export type MapMark = 'own' | 'spied' | 'seen';

export interface MapRegion {
  id: string;
  name: string;
  /** SVG path data, in the doc's coordinates. */
  path: string;
  /** Fill colour (CSS colour). */
  fill: string;
  /** Where the name is written. */
  label: [number, number];
  /** Extra emphasis: the player's own land (thick outline), spied this turn (hatched), seen (dotted). */
  marks?: MapMark[];
  /** What the player may know of the region, shown when it is clicked. */
  info: { title: string; rows: [string, string][] };
}

export type MapSymbol = 'knight' | 'garrison' | 'fort' | 'spy' | 'crown' | 'army';

/** A symbol drawn on a region (the platform stacks them under the region's name). */
export interface MapMarker { region: string; symbol: MapSymbol; color: string; text?: string; title: string }

export interface MapLegendItem { label: string; color?: string; symbol?: MapSymbol; mark?: MapMark }

export interface MapUnit {
  id: string;
  label: string;
  region: string;
  actions: MapAction[];
}

/** One legal order for a unit, given by clicking `region`; it writes `line` to the answer text. */
export interface MapAction {
  region: string;
  code: string;
  label: string;
  /** The order line; `{n}` is replaced by the number asked when `ask` is set. */
  line: string;
  ask?: { label: string; min?: number; max?: number; value?: number };
}

// ───────────────────────────────────────────────────────────── players' tools

/** A planning tool the ruleset offers its players (an economic planner, a battle simulator…). */
export interface ToolInfo { id: string; title: string; summary: string }

/** A tool's form (with the values in force) and, when the input allows it, its result. */
export interface ToolDoc {
  form: ToolForm;
  result: ViewDoc | null;
  /** A line under the form (how the tool computes, what it assumes). */
  note?: string;
  /** Input problems, shown above the result. */
  errors?: string[];
}
export interface ToolForm {
  sections: { title: string; columns?: string[]; rows: { label: string; fields: ToolField[] }[] }[];
}
/**
 * A form field with its current value; names are the keys of the tool's input. `resetOnChange`:
 * the fields whose values no longer hold when this one changes (they go back to the tool's
 * defaults for the new choice, e.g. the known garrison of a newly chosen target).
 */
export type ToolField = FormField & { value: string; resetOnChange?: string[] };

// ───────────────────────────────────────────────────────────── statistics

/** Figures of one state, kept with each resolved step: public ones per player, and each player's own. */
export interface StepStats {
  public: Record<string, Record<PlayerId, number>>;
  private: Record<PlayerId, Record<string, number>>;
}
/** A line chart (one series per line); values null where a series has no point. */
export interface ChartDoc { id: string; title: string; labels: string[]; series: { name: string; values: (number | null)[]; color?: string; mine?: boolean }[] }

/**
 * How a game names its players and their reports on the platform's pages (« seigneurs » and
 * « BILAN » in Gloire & Pouvoir, « rois » and « rapport » in Adventurer Kings). Each word is given
 * in the singular and the plural, in lower case (pages capitalise where needed); `fem` marks a
 * French feminine noun, for agreement.
 */
export interface Term { one: Localized; other: Localized; fem?: boolean }
export interface RulesetTerms { player: Term; report: Term }

export interface Ruleset<S = any, A = any, E = any, V = any, O = any> {
  id: string;
  title: Localized;
  /** Optional: the game's words for its players and reports (the platform says "player" and "report" otherwise). */
  terms?: RulesetTerms;
  /** A fresh game from host options. */
  setup(options: O, rng: Rng): S;
  /** Seats, with their display names. */
  players(state: S): { id: PlayerId; name: string }[];
  /** What the game is waiting for now; empty when it is over. */
  decisions(state: S): Decision[];
  /** Checks one answer (text or structured) against the current state. */
  validate(state: S, player: PlayerId, decision: string, answer: unknown): Validation<A>;
  /** Resolves the current step once every decision is answered (defaults filled in). Must not mutate `state`. */
  resolve(state: S, submissions: Submission<A>[], rng: Rng): Resolution<S, E>;
  /** What one player may know (null: the public view). */
  view(state: S, player: PlayerId | null): V;
  /** One player's report of a resolved step, from its events. */
  report(state: S, events: E[], player: PlayerId, lang: Lang): string;
  outcome(state: S): Outcome | null;
  /** A short label for the step about to resolve (`turn 3`). */
  stepLabel(state: S): string;
  /** Optional: one player's view (null: the public view) laid out for reading, in `lang`. */
  presentView?(state: S, player: PlayerId | null, lang: Lang): ViewDoc;
  /** Optional: the step label in a language (`tour 3`), from the stored label. */
  localizeLabel?(label: string, lang: Lang): string;
  /** Optional: the guided form for one player's answer, with the legal options of the moment. */
  answerForm?(state: S, player: PlayerId, decision: string, lang: Lang): AnswerForm;
  /** Optional: the answer, as text, to show when a structured answer was stored. */
  answerText?(state: S, player: PlayerId, decision: string, value: A): string;
  /** Optional: the map as one player (null: the public) may know it, with his legal map orders. */
  mapDoc?(state: S, player: PlayerId | null, lang: Lang): MapDoc;
  /** Optional: the planning tools offered to a player. */
  tools?(state: S, player: PlayerId, lang: Lang): ToolInfo[];
  /**
   * Optional: runs one tool on the current state. `input` is the form's values (absent keys take
   * the tool's defaults); `pending` is the player's answer being written (e.g. his order sheet), or null.
   * Pure and deterministic like the rest (a simulator seeds its own RNG from its input).
   */
  runTool?(state: S, player: PlayerId, tool: string, input: Record<string, string>, lang: Lang, pending: A | null): ToolDoc;
  /** Optional: the figures of a state kept for the statistics pages. */
  stats?(state: S): StepStats;
  /**
   * Optional: the charts one player (null: the public) may see, from the figures of each step
   * (history: the initial state, label '', then each resolved step with its stored label).
   * `players` are the seats with their display names (`players(state)`), for the series' names.
   */
  statsCharts?(history: { label: string; stats: StepStats }[], player: PlayerId | null, lang: Lang, players?: { id: PlayerId; name: string }[]): ChartDoc[];
}
