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
  | { kind: 'class'; name: string } // one of the ruleset's deadline classes (`Ruleset.deadlineClasses`): its length depends on the game's pace
  | { kind: 'none' }; // the game waits (only for games where waiting is safe)

/**
 * How fast a game made of prompts is played, chosen by its host: `live` (minutes per prompt, for
 * players online together), `daily` or `weekly`.
 */
export type Pace = 'live' | 'daily' | 'weekly';
export const PACES: readonly Pace[] = ['live', 'daily', 'weekly'];

/**
 * A deadline class of a prompt game (Fief: TURN, REPLY, BATTLE, HOLD): its name for players and
 * its length in minutes at each pace (the host may override each in a game).
 */
export interface DeadlineClass { label: Localized; minutes: Record<Pace, number> }

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
  /**
   * Optional: the player's clock this decision runs on. A decision that carries on an earlier
   * one (the active player's slot, interrupted by a consent batch among other players) names the
   * same clock: its deadline resumes with the time the player had left instead of starting
   * afresh, so that waiting on others never costs the active player his own time — unless the
   * others' decisions are charged to it (`charges`).
   */
  clock?: string;
  /**
   * Optional: the clock whose time this decision consumes, for rulesets whose rules keep a
   * player's own time running while others answer him (a chess clock, a per-player time bank;
   * Warrior Knights §9.3: the card owner's deadline keeps running while his consent requests are
   * pending). It names the `clock` of that player's own decision (a ruleset with one time bank per
   * player names that clock after the player's id). The platform caps this decision's deadline by
   * the time left on that clock (none left: it falls due at once), takes the time it lasted from
   * that clock when it resolves, and never extends it (an extension would spend another player's
   * time).
   */
  charges?: string;
  /**
   * Optional: a finer name the soak runner counts beside `kind` (Fief: `raid loss-allocation` for a
   * battle's question asked inside a raid), so that a run shows which variants of a kind it reached.
   */
  tally?: string;
  /**
   * Set on a judgment decision only (see "Game masters" below): the item the GM is asked to rule
   * on. Such a decision asks `GM_SEAT` alone, and its default (`defaults[GM_SEAT]`) is the
   * program's ruling `{ value, by: 'default' }`.
   */
  judgment?: JudgmentItem;
  /**
   * Optional: the answer is a text order sheet, one order a line (Gruik's season orders). The
   * prompt page then shows a sheet editor rather than a one-line field: a textarea filled with the
   * stored answer (`answerText`) or the blank sheet (`orderTemplate`), `validate`'s issues beside
   * it by line number (`ValidationIssue.line`), and each entry of `answerForm` as "add this order",
   * which appends its line (`formLine`) to the sheet instead of being the whole answer. An answer
   * whose `validate` gives a value but also errors (a bad line) is kept as a draft with its issues,
   * not ready: the step does not count it as answered, and at the deadline the value (the good
   * lines) is played. Without `sheet`, an answer with an error is refused and nothing is stored.
   */
  sheet?: boolean;
}

/**
 * An action a player may take at any time, outside any prompt (give money, offer a trade, answer
 * an offer): its fields are those of a guided form (none: a button). The platform applies free
 * actions at once, one at a time, in their order of arrival; each is a step of the game's record.
 */
export interface FreeAction {
  id: string;
  label: string;
  /** A sentence under the label (what it does, what it costs). */
  help?: string;
  fields: FormField[];
}

/** A free action as the platform hands it to the ruleset: the action's id and its form's values. */
export interface ActionInput { id: string; values: Record<string, string> }

/**
 * An answer a player sets in advance (auto-pass the holds of this turn, always refuse passage to
 * a given player…): the platform stores the choice and, whenever the ruleset opens a decision for
 * him, asks `standingAnswer` first. A standing answer never depends on what the player may not know.
 */
export interface StandingOption {
  id: string;
  label: string;
  help?: string;
  choices: { value: string; label: string }[];
  /** The choice in force when the player has set none (the first choice when absent). */
  initial?: string;
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
  /**
   * `error` (the default when absent): the line is refused and not kept. `warning`: the line is
   * kept and valid, but the referee will (or, depending on the turn, may) cancel it: said at
   * entry so that the player can fix it before the deadline (see `Ruleset.warnings`).
   */
  severity?: 'error' | 'warning';
}

/** Whether an issue refuses its line (every issue without a severity is an error). */
export const isError = (i: ValidationIssue): boolean => i.severity !== 'warning';

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
  /** The player gave nothing before the deadline: the decision's default stands in (engine `advance`). */
  defaulted?: true;
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
 * Filling an entry produces one text line: the entry's `code` followed by the field values (each
 * after its `prefix` word, if any; a value containing spaces is written in double quotes unless
 * the field is `verbatim`), which `validate` then checks as usual.
 */
export interface AnswerForm {
  /**
   * `list` (the default): every group in turn, each entry open. `picker`: one entry at a time,
   * chosen in lists (section, group, order), for a form too long to show whole (a group is then
   * e.g. one character's season, and `section` the character).
   */
  layout?: 'list' | 'picker';
  groups: { title: string; section?: string; entries: FormEntry[] }[];
}
export interface FormEntry {
  code: string;
  label: string;
  syntax: string;
  fields: FormField[];
}
/**
 * A guided form entry filled with an answer given already (`Ruleset.formValues`): the entry's
 * `code` and its fields' values by name (an optional field left out: empty).
 */
export interface FormValues { code: string; values: Record<string, string> }
/**
 * `prefix`: a word written before the value (`pour`, `à`), left out with the value when an optional
 * field is empty. `verbatim`: the value is written as typed, never quoted (a field that holds
 * several words of the order's own syntax).
 */
export type FormField = { prefix?: string; verbatim?: boolean } & (
  | { name: string; label: string; kind: 'choice'; options: { value: string; label: string }[]; optional?: boolean }
  | { name: string; label: string; kind: 'integer'; min?: number; max?: number; optional?: boolean }
  | { name: string; label: string; kind: 'text'; optional?: boolean; /** more than 1: a field of several lines (an order sheet) */ lines?: number });

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

/**
 * The issues of a validation followed by the ruleset's warnings on its value (each marked
 * `severity: 'warning'`), in line order. A ruleset whose warnings throw gives none (a warning is
 * a help, never a reason to refuse a sheet).
 */
export function withWarnings<S, A>(rs: Ruleset<S, A>, state: S, player: PlayerId, decision: string, answer: unknown, v: Validation<A>): ValidationIssue[] {
  if (!rs.warnings || v.value === null) return v.issues;
  let warnings: ValidationIssue[];
  try { warnings = rs.warnings(state, player, decision, v.value, answer); } catch { return v.issues; }
  if (!warnings.length) return v.issues;
  const all = [...v.issues, ...warnings.map((w) => ({ ...w, severity: 'warning' as const }))];
  return all.map((i, n) => [i, n] as const).sort((a, b) => (a[0].line ?? 0) - (b[0].line ?? 0) || a[1] - b[1]).map(([i]) => i);
}

/**
 * The finishing order of a finished game (groups of tied players, best first, every player of
 * `players(state)` once): the ruleset's own, or the winners above every other player. Null while
 * the game is not over.
 */
export function finishingOrderOf<S>(rs: Ruleset<S>, state: S): PlayerId[][] | null {
  const out = rs.outcome(state);
  if (!out?.finished) return null;
  if (rs.finishingOrder) return rs.finishingOrder(state).filter((g) => g.length > 0);
  const winners = new Set(out.winners);
  const rest = rs.players(state).map((p) => p.id).filter((p) => !winners.has(p));
  return [[...winners], rest].filter((g) => g.length > 0);
}

/**
 * The line a guided form entry writes for the given field values (by field name; empty or absent:
 * left out), as the order page's script writes it (orders.js): the entry's code, then each value
 * after its prefix, quoted when it holds a space unless the field is verbatim. Null when a
 * required field is empty.
 */
export function formLine(entry: FormEntry, values: Record<string, string | undefined>): string | null {
  const parts = [entry.code];
  for (const f of entry.fields) {
    let v = String(values[f.name] ?? '').trim();
    if (!v) { if (f.optional) continue; return null; }
    if (!f.verbatim) { v = v.replace(/"/g, '').trim(); if (/\s/.test(v)) v = `"${v}"`; }
    if (f.prefix) parts.push(f.prefix);
    parts.push(v);
  }
  return parts.join(' ');
}

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
  /**
   * Optional shapes that are not regions (Fief: each fief's land, under its villages; the
   * bishoprics' and fiefs' borders, over them). Drawing only: the regions' `info` and the text
   * version of the map say the same in words.
   */
  zones?: MapZone[];
  /** The colour behind everything (default: the sea). A board with zones on land sets it. */
  ground?: string;
}

/**
 * A shape drawn with the map: under the regions (default; the `crossings` are drawn over it, so
 * that regions standing apart on it are seen joined by their paths) or `over` them (a border),
 * with an optional name written on it, line by line, centred on `at`.
 */
export interface MapZone {
  path: string;
  over?: boolean;
  fill?: string;
  stroke?: string;
  strokeWidth?: number;
  /** SVG stroke-dasharray. */
  dash?: string;
  label?: { lines: string[]; at: [number, number] };
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
  /** Who holds it, as the player may know it (the text version of the map, issue 22). */
  owner?: string;
  /** Its neighbours (region ids), listed in the text version of the map. */
  neighbours?: string[];
  /** A short non-colour cue of its owner (a number, initials), written over its name. */
  tag?: string;
}

export type MapSymbol = 'knight' | 'garrison' | 'fort' | 'spy' | 'crown' | 'army' | 'city' | 'mill' | 'mitre' | 'siege';

/** A symbol drawn on a region (the platform stacks them under the region's name). */
export interface MapMarker { region: string; symbol: MapSymbol; color: string; text?: string; title: string }

export interface MapLegendItem { label: string; color?: string; symbol?: MapSymbol; mark?: MapMark; /** The owner's tag, as on the map. */ tag?: string }

/** An order written and not yet played: an arrow from `from` to `to` (region ids); `label` says it in words; `n` its line (1-based). */
export interface MapTrail { from: string; to: string; label: string; n: number; kind?: 'move' | 'raid' | 'attack' }

export interface MapUnit {
  id: string;
  label: string;
  region: string;
  actions: MapAction[];
}

/**
 * One legal order for a unit, given by clicking `region`: on an order page or a sheet prompt
 * (`Decision.sheet`) it writes `line` to the answer text; on a prompt answered by a guided form,
 * `form` names the entry it fills (the player then sends it, or changes its fields first).
 */
export interface MapAction {
  region: string;
  code: string;
  label: string;
  /** The order line; `{n}` is replaced by the number asked when `ask` is set. */
  line: string;
  ask?: { label: string; min?: number; max?: number; value?: number };
  /**
   * Games of prompts, a decision answered by its guided form (`answerForm`): the open decision,
   * the code of the form entry, and the value of each of its fields (each among that field's
   * options), so that the form sent as filled is an answer the referee accepts.
   */
  form?: { decision: string; code: string; values: Record<string, string> };
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

// ───────────────────────────────────────────────────────────── help for players

/** One page of help for players, in one language, as Markdown (the platform renders it, raw HTML off). */
export interface HelpPage { id: string; title: string; markdown: string }

/**
 * One order of the order reference, generated by the ruleset from its parser's own order table
 * (so that a new order appears by itself): what it is, when it runs, a line the parser accepts,
 * and common mistakes with the parser's own message for each.
 */
export interface OrderHelp {
  code: string;
  label: string;
  syntax: string;
  /** When it is carried out (a phase of the turn, a season…). */
  when: string;
  /** What it does, in a sentence or two (Markdown). */
  summary: string;
  /** Text the player can write as it stands (one or more sheet lines), or '' when none is given yet. */
  example: string;
  errors: { line: string; message: string }[];
}

/**
 * The help a ruleset gives its players, in one language: the rules written for players (several
 * pages in reading order), which of them is the first-turn guide, the order reference and a
 * glossary of every code and abbreviation its pages show. Pure data.
 */
export interface HelpBook {
  pages: HelpPage[];
  /** The id (among `pages`) of the first-turn guide. */
  firstTurn: string;
  orders: { intro: string; entries: OrderHelp[] };
  glossary: { title: string; entries: { term: string; meaning: string }[] }[];
}

/**
 * How a game names its players and their reports on the platform's pages (« seigneurs » and
 * « BILAN » in Gloire & Pouvoir, « rois » and « rapport » in Adventurer Kings). Each word is given
 * in the singular and the plural, in lower case (pages capitalise where needed); `fem` marks a
 * French feminine noun, for agreement.
 */
export interface Term { one: Localized; other: Localized; fem?: boolean }
/**
 * A seat form: what a player chooses for his own seat when he joins a game (Adventurer Kings: his
 * King's race, alignment and talents, §15.14), described by the ruleset and rendered by any user
 * interface without knowing the rules. The platform keeps the checked value with the seat and,
 * when the game starts, passes every seat's value in the options as `choices` (one per lord, in
 * the order of `lords`; null for a seat that chose nothing, such as a bot's: the ruleset then
 * draws it from the game's seeded generator). The options are stored with the game, so a replay
 * sets up the same world.
 */
export interface SeatForm {
  /**
   * The fields in `lang`, for a game with these host options (limits may come from the host's
   * constants). A field left empty is a choice left to the referee's draw. `group` gathers fields
   * under one heading (the talents), `help` is one line under the field or group.
   */
  fields(lang: Lang, options?: unknown): SeatField[];
  /**
   * Each group's heading in `lang`, with one help line (e.g. the talents' limits) and `max`, the
   * most its integer fields may add up to (a page shows the running total; `check` enforces it).
   */
  groups?(lang: Lang, options?: unknown): Record<string, { legend: string; help?: string; max?: number }>;
  /**
   * Checks the values as typed (field name → text; absent or '' = left to the draw): the value
   * to store (null when nothing was chosen) and the issues, each tied to its field, in every language.
   */
  check(values: Record<string, string>, options?: unknown): { value: Record<string, unknown> | null; issues: SeatIssue[] };
}
export type SeatField = FormField & { group?: string; help?: string };
export interface SeatIssue { field: string; text: Localized }

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
  /**
   * Checks one answer (text or structured) against the current state.
   *
   * Convention for every ruleset: an answer given as `null` is the decision's default **said
   * explicitly** (the player answered, and chose what the deadline would give him: Warrior Knights'
   * `null`, Fief's "no proposal / no candidate / no offer"); it validates as the default does. A
   * validated value is never `null` (`Validation.value === null` means refused), so a ruleset whose
   * "no" or "none" is an answer keeps it as a value of its own (Fief keeps the string `'none'`).
   */
  validate(state: S, player: PlayerId, decision: string, answer: unknown): Validation<A>;
  /**
   * Optional: the warnings on a valid answer (`validate`'s value): lines the referee will cancel,
   * or may cancel depending on the turn (an attack out of reach, a levy beyond the treasury).
   * They never refuse a line; the platform shows them at entry and on "ready". `answer` is the
   * answer as given (its text gives the line numbers). Each comes with
   * `severity: 'warning'`, in every language, and names nothing the player may not know.
   */
  warnings?(state: S, player: PlayerId, decision: string, value: A, answer?: unknown): ValidationIssue[];
  /** Resolves the current step once every decision is answered (defaults filled in). Must not mutate `state`. */
  resolve(state: S, submissions: Submission<A>[], rng: Rng): Resolution<S, E>;
  /**
   * Optional: after a resolved step (`before` → `after`), the ruleset asks the platform to pause
   * the game and tell its host, with the reason in both languages (e.g. Warrior Knights' inactivity
   * guard G-A64: a whole turn of timeouts); null: go on. The host resumes, hands seats to bots or
   * closes the game. Pure; a game of prompts only.
   */
  pauseRequest?(before: S, after: S): Localized | null;
  /** What one player may know (null: the public view). */
  view(state: S, player: PlayerId | null): V;
  /**
   * One player's report of a resolved step, from its events, as a **Markdown document**
   * (CommonMark + GFM tables): headings, paragraphs, lists, tables, emphasis. No hard wrapping
   * (a paragraph is one line; the reader's screen wraps it), no raw HTML (the platform renders
   * with raw HTML off, so `<b>` would show as text), no fenced blocks used for layout. The
   * platform renders it as HTML on the report page and in the mail's HTML part, and as plain
   * text in the mail's text part and on the command line (`src/platform/http/markdown.ts`).
   */
  report(state: S, events: E[], player: PlayerId, lang: Lang): string;
  /**
   * Optional: the public chronicle of a resolved step (the archive of a finished game shows it for
   * each turn): what every player learnt of it, told to nobody in particular, as Markdown like
   * `report`. A ruleset with no public events (a blind game) leaves it out.
   */
  publicReport?(state: S, events: E[], lang: Lang): string;
  /**
   * Optional (games of prompts): whether a resolved step's reports are mailed, and under what title
   * (both languages); null: not mailed. An order-sheet game mails every step's reports, each step
   * being a turn. A game of prompts mails none unless this names the step: its many small steps
   * are lines of its log, read on its page, and its players are told of the prompts waiting for
   * them. Fief and Warrior Knights leave it out. Game of Gruik names the step that ends a season,
   * whose reports carry the season report (§3.3 S9, Appendix B). Asked with the state the step made
   * and its events; pure. The platform mails each player who may know of the step (`stepAudience`)
   * his own `report` of it in his language, as for an order-sheet turn, with his map (`mapDoc`).
   */
  reportMail?(state: S, events: E[]): Localized | null;
  outcome(state: S): Outcome | null;
  /**
   * Optional: the finishing order of a finished game, as groups of tied players, best first, every
   * player once (the permanent ranking, seed 004 §12.4: « suivant leurs performances dans les
   * parties »). Absent: the winners, then every other player tied (`finishingOrderOf`).
   */
  finishingOrder?(state: S): PlayerId[][];
  /** A short label for the step about to resolve (`turn 3`). */
  stepLabel(state: S): string;
  /** Optional: one player's view (null: the public view) laid out for reading, in `lang`. */
  presentView?(state: S, player: PlayerId | null, lang: Lang): ViewDoc;
  /** Optional: the step label in a language (`tour 3`), from the stored label. */
  localizeLabel?(label: string, lang: Lang): string;
  /**
   * Optional: the answer (as text) that a player gives when he leaves a running game for good
   * (Gloire & Pouvoir: `ABD`, abdication). Absent or null: leaving only opens the seat for a
   * replacement. The answer is validated like any other before it is stored.
   */
  departure?(state: S, player: PlayerId): string | null;
  /**
   * Optional (games of prompts): the ruleset's deadline classes, by the name its decisions give in
   * `{ kind: 'class', name }`. A game's pace picks the length of each.
   */
  deadlineClasses?: Record<string, DeadlineClass>;
  /** Optional: the free actions a player may take now, outside any prompt, in `lang`. */
  freeActions?(state: S, player: PlayerId, lang: Lang): FreeAction[];
  /** Optional (with `freeActions`): checks a free action against the current state. */
  validateAction?(state: S, player: PlayerId, action: ActionInput): Validation<unknown>;
  /**
   * Optional (with `freeActions`): applies a valid free action (`validateAction`'s value). Pure,
   * like `resolve`; must not mutate `state`. Its events go to `report` like a step's.
   */
  act?(state: S, player: PlayerId, value: unknown, rng: Rng): Resolution<S, E>;
  /**
   * Optional (with `act`): who may know that a free action was taken, asked on the state before it
   * with `validateAction`'s value: the players whose log, history and reports show its step (the
   * acting player always among them). Absent, or null: everyone, as for a public act (Fief's gifts,
   * Warrior Knights' moves). Game of Gruik gives a tabletop battle's lists and dates to its two
   * sides alone (fog of war: the others must not guess a battle is being arranged). The engine
   * records it in the step (`StepRecord.action.audience`); the platform filters on it.
   */
  freeActionAudience?(state: S, player: PlayerId, value: unknown): PlayerId[] | null;
  /**
   * Optional: who may know of a resolution step, asked with the state before it and the state it
   * made: the players whose log, history and live pages show the step (its label, its report line).
   * Absent, or null: everyone (every step of every ruleset so far). Game of Gruik gives a tabletop
   * battle's own steps (its offer, report and confirmation, while nothing else of the season runs)
   * to the battles' sides alone, as it does their free actions. The engine records it in the step
   * (`StepRecord.audience`); the platform filters on it (platform/games/step-audience.ts). Asked
   * with the same state twice: who may know of the pause itself (the live ping of an answer to it).
   */
  stepAudience?(before: S, after: S): PlayerId[] | null;
  /**
   * Optional: the game master's actions open now (edit an entity, override a roll…), as forms like
   * free actions, in `lang`. See "game masters: the console" at the end of this file.
   */
  gmActions?(state: S, lang: Lang): FreeAction[];
  /** Optional (with `gmActions`): checks a GM action against the current state (FR/EN issues). */
  validateGmAction?(state: S, action: ActionInput): Validation<unknown>;
  /**
   * Optional (with `gmActions`): applies a valid GM action (`validateGmAction`'s value). Pure, like
   * `act`; must not mutate `state`. Its events go to `report` (and `publicReport`) like a step's.
   */
  gmAct?(state: S, value: unknown, rng: Rng): Resolution<S, E>;
  /**
   * Optional (with `gmAct`): the players who may know that a GM action was taken, asked on the state
   * before it with `validateGmAction`'s value, like `freeActionAudience` (the engine records the GM
   * seat first, then these; an empty list: no player). Absent, or null: everyone. Game of Gruik: a
   * GM-run state's orders, nobody; an edit of a treasury, an army or a fleet, its owner.
   */
  gmActionAudience?(state: S, value: unknown): PlayerId[] | null;
  /**
   * Optional: the host's actions on a game the platform has paused (Warrior Knights: close it now
   * with the current ranking, §9.1 item 9), as forms like free actions, in `lang`. See "hosts:
   * actions on a paused game" at the end of this file.
   */
  hostActions?(state: S, lang: Lang): FreeAction[];
  /** Optional (with `hostActions`): checks a host action against the current state (FR/EN issues). */
  validateHostAction?(state: S, action: ActionInput): Validation<unknown>;
  /**
   * Optional (with `hostActions`): applies a valid host action (`validateHostAction`'s value). Pure,
   * like `act`; must not mutate `state`. Its events go to `report` like a step's.
   */
  hostAct?(state: S, value: unknown, rng: Rng): Resolution<S, E>;
  /** Optional: the standing answers a player may set, with their choices, in `lang`. */
  standingOptions?(state: S, player: PlayerId, lang: Lang): StandingOption[];
  /**
   * Optional (with `standingOptions`): the answer a player's standing choices give to an open
   * decision (`standing` maps option ids to the chosen values), or undefined when they give none
   * (the player is asked). The answer is validated like any other.
   */
  standingAnswer?(state: S, player: PlayerId, decision: Decision, standing: Record<string, string>): unknown;
  /** Optional: the choices a player makes for his seat when he joins (see SeatForm). */
  seatForm?: SeatForm;
  /** Optional: the guided form for one player's answer, with the legal options of the moment. */
  answerForm?(state: S, player: PlayerId, decision: string, lang: Lang): AnswerForm;
  /**
   * Optional (rulesets whose answer is a text order sheet): a blank sheet for `player` in `lang`,
   * valid as it stands (what he holds as comment lines, nothing he may not know), that his report
   * mail carries so that a reply edited in any mail client is a sheet. A ruleset that gives it
   * takes its sheets by mail too (the platform's orders address, `src/platform/mail/orders.ts`).
   * '' when the player has nothing to order.
   */
  orderTemplate?(state: S, player: PlayerId, lang: Lang): string;
  /** Optional: the answer, as text, to show when a structured answer was stored. */
  answerText?(state: S, player: PlayerId, decision: string, value: A): string;
  /**
   * Optional (with `answerForm`, games of prompts, issue 21): the guided form filled back with an
   * answer `player` gave already to the open `decision` (his own or his standing answer; `value` is
   * `validate`'s), so that a player who comes back to the prompt page to change his answer before
   * the deadline sees it in the form rather than a blank one. The entry of `answerForm` that writes
   * it and its fields' values, such that that entry's line (`formLine`) sent back unchanged is
   * validated to the same value (use `engine/form-values.ts` `firstRoundTrip`, which checks it);
   * null when no single entry writes it (several orders, an answer typed in words the form does
   * not offer). Pure, and fog-safe: built from `value` and `player`'s own form, nothing else.
   * Fief, Warrior Knights, Game of Gruik (its reaction and battle report) and the test ruleset Fair give it.
   */
  formValues?(state: S, player: PlayerId, decision: string, value: A): FormValues | null;
  /**
   * Optional (games of prompts): a stored answer told back to its player in words, in `lang`
   * (« Carte Levée → pile 1, … » rather than the guided form's line `piles 0 1 …`), for the open
   * `decision` of `state` and the validated `value` (`validate`'s). The platform shows it where it
   * shows an answer back to the one who gave it (the prompt page's « Votre réponse »), and falls
   * back to the stored text when it is absent, returns null or throws. Pure, and fog-safe: built
   * from the value and from what that player may know (his view), in the ruleset's own names
   * (cards, nobles, cities), never ids. Warrior Knights and Fief give it, Game of Gruik for its
   * reaction and battle report; the order sheets (a sheet the player wrote himself) need not.
   */
  describeAnswer?(state: S, player: PlayerId, decision: string, value: A, lang: Lang): string | null;
  /**
   * Optional: the map as one player (null: the public) may know it, with his legal map orders.
   * `pending` is his answer being written (validated), when there is one: the map orders account
   * for it (a knight whose men are levied by this sheet may attack from the map). The platform
   * passes it (null: nothing written) where it offers map orders (the order page, the prompt page);
   * left out (undefined), only the drawing is wanted (the map's own page, its SVG and PNG, the
   * report mail): a ruleset whose orders cost dry runs of its rules may leave `units` empty then.
   */
  mapDoc?(state: S, player: PlayerId | null, lang: Lang, pending?: A | null): MapDoc;
  /**
   * Optional: the game's GM (a role, not a seat) sees the whole game. The platform then passes
   * GM_SEAT as the player to `presentView` and `mapDoc` on the pages of that game's GM alone (his
   * board and his map: every force with its strength); without it, the GM sees the public ones.
   */
  refereeSees?: boolean;
  /**
   * Optional: only the `units` of `mapDoc` (the player's map orders after `pending`), when cheaper to
   * compute alone. A game of prompts offers map orders on its page only with it (prompt-page.ts).
   */
  mapUnits?(state: S, player: PlayerId, lang: Lang, pending: A | null): MapUnit[];
  /**
   * Optional: the orders already written (`pending`, as for `mapUnits`) drawn on the map where
   * orders are given, each an arrow from one region to another, numbered in the order of the lines.
   * Built from his own answer and what he may know, like the orders themselves.
   */
  mapTrails?(state: S, player: PlayerId, lang: Lang, pending: A | null): MapTrail[];
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
  /** Optional: the help pages for players (rules, order reference, glossary, first-turn guide). */
  help?(lang: Lang): HelpBook;
  /**
   * Optional: the charts one player (null: the public) may see, from the figures of each step
   * (history: the initial state, label '', then each resolved step with its stored label).
   * `players` are the seats with their display names (`players(state)`), for the series' names.
   */
  statsCharts?(history: { label: string; stats: StepStats }[], player: PlayerId | null, lang: Lang, players?: { id: PlayerId; name: string }[]): ChartDoc[];
}

// ───────────────────────────────────────────────────────────── game masters: the approval queue

/**
 * A game master (GM) is a role in a game, not a player (Game of Gruik §11.3–§11.6): where the rules
 * leave something to the referee's judgment, the ruleset decides it by a program default and may
 * raise a **judgment item** for a human GM to confirm or overrule. The contract is small and
 * rides on decisions, so that rulings are inputs like any answer:
 *
 * - A ruleset raises an item by opening, in a step of its own choosing, a decision that asks the
 *   pseudo-player `GM_SEAT` alone, with `judgment` set (use `judgmentDecision`). Its deadline is
 *   the item's: `timed` items `{ kind: 'after', hours: <review hours> }`, `blocking` items
 *   `{ kind: 'after', hours: <timeout hours> }` — never `none`: no item holds a game forever
 *   (§11.6). Its default is the program's ruling.
 * - The GM's ruling reaches `resolve` as that decision's submission, a `Ruling`: the value and who
 *   gave it (`gm`; `default`: the deadline passed without a ruling; `no-gm`: the game has no GM, so
 *   the default applied at once). The engine records it in the step like any answer, so a replay
 *   gives the same states. The GM's reason is the platform's (kept in its queue, never in the
 *   state nor in a report: players learn only who ruled, `rulingNote`).
 * - `validate(state, GM_SEAT, decision, answer)` checks a ruling (use `validateRuling`: one of the
 *   item's `choices`, or a free-form text within `free.maxLength`; an object `{ value }` or the bare
 *   value are both accepted).
 * - The platform (src/platform/games/gm.ts) knows no rule: it stores each item in the GM's queue,
 *   mails the GM, waits for the ruling (the step is not due while a `timed` or `blocking` item is
 *   pending) until the decision's deadline, then applies the default. An `optional` item never
 *   holds its step: the GM may rule while the players are still answering. A game created without
 *   a GM answers every item with `{ value: default, by: 'no-gm' }` at once.
 */
export const GM_SEAT: PlayerId = '@gm';
/** The pseudo-player of the host's actions on a paused game ("hosts: actions on a paused game"). */
export const HOST_SEAT: PlayerId = '@host';

export type JudgmentKind = 'timed' | 'blocking' | 'optional';
export const JUDGMENT_KINDS: readonly JudgmentKind[] = ['timed', 'blocking', 'optional'];

export interface JudgmentItem {
  /** Unique within the game, e.g. `r2/dispute`. */
  id: string;
  /** The rules' row the item rests on (Gruik: `J7`), shown to the GM. */
  row: string;
  kind: JudgmentKind;
  /** What is decided, for the GM. */
  decides: Localized;
  /**
   * What the GM is shown to rule: the facts the item carries (the claims, the rolls, the rule
   * cited). Only this reaches the GM's queue page: nothing else of any player's hidden state.
   */
  brief: Localized;
  /** The program's ruling (a choice's value, or the free-form text). */
  byDefault: string;
  /** The alternatives; absent: a free-form ruling (`free`). */
  choices?: { value: string; label: Localized }[];
  /** A free-form ruling: its field's label and the longest text accepted. */
  free?: { label: Localized; maxLength: number };
  /** The players the ruling concerns. */
  concerns: PlayerId[];
  /** What those players may know while the item waits (e.g. "the GM is deciding the dispute"). */
  playersSee: Localized;
}

export type RulingSource = 'gm' | 'default' | 'no-gm';
/** A ruling as `resolve` receives it. */
export interface Ruling { value: string; by: RulingSource }

/** A decision that raises `item` for the GM, with its deadline in hours (timed: the review time; blocking: the timeout). */
export function judgmentDecision(item: JudgmentItem, hours: number, prompt?: Localized): Decision {
  if (!(hours > 0) || !Number.isFinite(hours)) throw new Error(`judgment ${item.id}: a deadline of a positive number of hours is required (§11.6)`);
  return {
    id: `gm:${item.id}`, kind: 'judgment', players: [GM_SEAT], deadline: { kind: 'after', hours },
    defaults: { [GM_SEAT]: { value: item.byDefault, by: 'default' } satisfies Ruling },
    prompt: prompt ?? item.decides, judgment: item,
    ...(item.choices ? { choices: item.choices.map((c) => ({ value: c.value, label: c.label })) } : {}),
  };
}

const RULING_MSG = {
  notChoice: { fr: 'cette décision n’est pas une des options proposées', en: 'this ruling is not one of the options offered' },
  empty: { fr: 'la décision est vide', en: 'the ruling is empty' },
  long: { fr: 'la décision est trop longue (au plus {n} caractères)', en: 'the ruling is too long (at most {n} characters)' },
  source: { fr: 'origine de décision inconnue', en: 'unknown ruling source' },
} satisfies Record<string, Localized>;

function rulingIssue(m: Localized, n = 0): ValidationIssue {
  const text = { fr: m.fr.replace('{n}', String(n)), en: m.en.replace('{n}', String(n)) };
  return { message: text.en, text };
}

/**
 * Checks a ruling on `item`: `{ value, by }` (as stored) or a bare string (what the GM typed or
 * chose, taken as `by: 'gm'`). The value must be one of the choices, or a non-empty free text
 * within its length.
 */
export function validateRuling(item: JudgmentItem, answer: unknown): Validation<Ruling> {
  const obj = typeof answer === 'object' && answer !== null ? answer as Record<string, unknown> : null;
  const raw = obj ? obj.value : answer;
  const by = obj && obj.by !== undefined ? obj.by : 'gm';
  if (by !== 'gm' && by !== 'default' && by !== 'no-gm') return { value: null, issues: [rulingIssue(RULING_MSG.source)] };
  const value = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : '';
  if (!value) return { value: null, issues: [rulingIssue(RULING_MSG.empty)] };
  if (item.choices) {
    if (!item.choices.some((c) => c.value === value)) return { value: null, issues: [rulingIssue(RULING_MSG.notChoice)] };
  } else {
    const max = item.free?.maxLength ?? 200;
    if (value.length > max) return { value: null, issues: [rulingIssue(RULING_MSG.long, max)] };
  }
  return { value: { value, by }, issues: [] };
}

/** What a report says of who ruled (§11.3: "GM ruling", "default applied, no GM ruling"). */
export function rulingNote(by: RulingSource, lang: Lang): string {
  const t: Record<RulingSource, Localized> = {
    gm: { fr: 'décision du MJ', en: 'GM ruling' },
    default: { fr: 'décision par défaut, le MJ n’a pas statué', en: 'default applied, no GM ruling' },
    'no-gm': { fr: 'décision par défaut (partie sans MJ)', en: 'default applied (game without a GM)' },
  };
  return t[by][lang];
}

/** The judgment items a state waits on (its open decisions that ask the GM). */
export function openJudgments(rs: Ruleset, state: unknown): { decision: Decision; item: JudgmentItem }[] {
  return rs.decisions(state).filter((d) => d.judgment && d.players.includes(GM_SEAT)).map((d) => ({ decision: d, item: d.judgment! }));
}

// ───────────────────────────────────────────────────────────── game masters: the console

/*
 * Beyond rulings on judgment items, the GM acts on the game directly (Game of Gruik §11.3: edit an
 * entity, override a roll, orders for the states he runs). Every such action is an input of the
 * game's history, recorded and replayed like a player's free action:
 *
 * - `gmActions(state, lang)` lists the actions open now, each a form (`FreeAction`); the GM sees
 *   everything, so a form may name anything of the state. Players never see these forms.
 * - `validateGmAction(state, action)` checks one (refusals in every language, like answers), and
 *   `gmAct(state, value, rng)` applies it, pure like `act`.
 * - The engine takes a GM action through `takeAction` with the player `GM_SEAT` (game.ts): it is
 *   applied at once as a step of its own, recorded as `{ action: { player: GM_SEAT, value } }`, and
 *   `replay` applies it again through `gmAct`, so a replay with the same inputs gives the same
 *   hashes. A player's `takeAction` never reaches `gmAct` (his actions go to `validateAction`, which
 *   knows no GM action), and `GM_SEAT` never reaches `act`.
 * - What players learn of a GM action is what the ruleset's `report` says of its events (Gruik:
 *   a "GM ruling" line, `rulingNote('gm', lang)`, to the public or to the players concerned).
 * - The platform (src/platform/games/gm.ts) offers the forms on the GM's page, posts them (the
 *   game's GM only) and keeps an audit row of each (who, when, what) beside the step it made.
 */

// ───────────────────────────────────────────────────────────── hosts: actions on a paused game

/*
 * A ruleset may ask the platform to pause a game (`pauseRequest`: Warrior Knights' inactivity guard,
 * G-A64). The host then resumes it, hands seats to bots, or acts on it through the ruleset's host
 * actions, the same shape as the GM's console:
 *
 * - `hostActions(state, lang)` lists the actions open now, each a form (`FreeAction`); the platform
 *   offers them to the game's host on a paused game only (games/prompts.ts `takeHostAction`).
 * - `validateHostAction(state, action)` checks one (refusals in every language), and
 *   `hostAct(state, value, rng)` applies it, pure like `act`. An action that ends the game (Warrior
 *   Knights' `close`: the final state with its ranking) makes `outcome` finished.
 * - The engine takes it through `takeAction` with the player `HOST_SEAT`: applied at once as a step
 *   of its own, recorded as `{ action: { player: HOST_SEAT, value } }`, and `replay` applies it
 *   again through `hostAct`, so a replay reproduces the close. `HOST_SEAT` never reaches `act` or
 *   `gmAct`, and a player's action never reaches `hostAct`.
 * - All three are optional: a ruleset without them offers the host nothing but resume and seats.
 */
