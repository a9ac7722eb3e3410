/**
 * The referee's heavy work, as pure tasks run in the worker threads of `pool.ts` (never on the
 * web process's event loop): a turn's resolution with its reports and report maps, a player's
 * tool or simulator, a statistics replay, a map's PNG, and the dry run of new host options.
 *
 * Each task takes and returns plain data (structured-cloned between threads). Nothing here
 * reads the database, the clock or the network: the platform reads the rows, hands them over,
 * and writes what comes back in its own transaction.
 */
import type { MessagePort } from 'node:worker_threads';
import { advance, missing, replay, replayStates, submit, takeAction, type GameRecord, type StepRecord } from '../../engine/game.ts';
import { createRng } from '../../engine/rng.ts';
import { GM_SEAT, isError, type ActionInput, type Lang, type Localized, type Pace, type PlayerId, type Ruleset, type Ruling, type ToolDoc, type ValidationIssue } from '../../engine/ruleset.ts';
import { openItems, type OpenItem } from '../games/gm-items.ts';
import { openPrompts, type OpenPrompt } from '../games/pace.ts';
import { stepAudienceSeenBy } from '../games/step-audience.ts';
import { dryRunOptions, getRuleset, loadRulesets, type BotOptions, type RulesetEntry } from '../../rulesets/index.ts';
import { LocalizedError } from '../../engine/constants.ts';
import { statsJson } from '../games/stats-data.ts';
import { svgToPng } from '../maps/png.ts';
import { renderMapSvg } from '../maps/svg.ts';

// ─── A turn ────────────────────────────────────────────────────────────────────────────────────

/** What a turn's resolution needs from the stored game (see `games/service.ts`, resolveIn). */
export interface ResolveInput {
  gameId: number;
  ruleset: string;
  record: GameRecord;
  /** One per seat: is it held by a person, did that person send orders this turn, may he be mailed and in which language (his report mail's map is drawn in it). */
  seats: { player: PlayerId; human: boolean; sentOrders: boolean; mailLang: Lang | null }[];
  /** Host option: absent human players are played by the ruleset's caretaker. */
  caretaker: boolean;
  /** A demo game: the bots go for the human seats (`BotOptions.prey`). */
  demo?: boolean;
  /** A game of prompts: its pace, the host's class lengths, and each player's standing answers. */
  prompts?: PromptSettings;
  /** The game takes its sheets by mail: each mailed player's report carries his blank sheet (`templates`). */
  templates?: boolean;
  /** The game has a GM (migration 027). Without one, every judgment item takes its default at once, marked `no-gm`. */
  gm?: boolean;
}

export interface PromptSettings { pace: Pace; minutes: Record<string, number> | null; standing: Record<PlayerId, Record<string, string>> }

/** An answer given for a player by his standing answers, validated, for the step just opened. */
export interface AutoAnswer { player: PlayerId; decision: string; value: unknown; text: string }

export interface ResolveOutput {
  /** The new state as JSON text (what the database stores; a string crosses the threads faster than the object). */
  stateJson: string;
  step: StepRecord;
  nextOrder: number;
  finished: boolean;
  stepLabel: string;
  askedBefore: PlayerId[];
  askedAfter: PlayerId[];
  stats: string | null;
  reports: Record<PlayerId, Record<Lang, string>>;
  /** Each mailed player's map after the turn, in his language (null: the ruleset draws none, or drawing failed). */
  maps: Record<PlayerId, { svg: string; alt: string } | null>;
  /**
   * Games of prompts: the title of the mail that carries this step's reports (`Ruleset.reportMail`:
   * Game of Gruik's season report); absent or null, the step is not mailed.
   */
  mail?: Localized | null;
  /**
   * Each mailed player still asked after the turn: his blank sheet for the next turn in his
   * language (`Ruleset.orderTemplate`, rulesets of text sheets only), for his report mail.
   */
  templates?: Record<PlayerId, string>;
  /** Games of prompts: the prompts of the step resolved and of the step opened, and the standing answers to the new ones. */
  promptsBefore?: OpenPrompt[];
  promptsAfter?: OpenPrompt[];
  autoAnswers?: AutoAnswer[];
  /** The judgment items the new step opens, for the GM's queue (games/gm-items.ts). */
  judgments?: OpenItem[];
  /** Games of prompts: the ruleset asks for a pause and its host to be told (`Ruleset.pauseRequest`), with the reason. */
  pause?: Localized | null;
}

/**
 * The answers players' standing choices give to the open decisions of a state (`Ruleset.standingAnswer`),
 * each validated; a standing answer that fails, or that the validator refuses, is left out (the player is asked).
 */
export function standingAnswers(rs: Ruleset, state: unknown, standing: Record<PlayerId, Record<string, string>>, skip: (player: PlayerId, decision: string) => boolean = () => false): AutoAnswer[] {
  if (!rs.standingAnswer) return [];
  const out: AutoAnswer[] = [];
  for (const d of rs.decisions(state)) {
    for (const p of d.players) {
      const mine = standing[p];
      if (!mine || skip(p, d.id)) continue;
      let answer: unknown;
      try { answer = rs.standingAnswer(state, p, d, mine); } catch { continue; }
      if (answer === undefined) continue;
      const v = rs.validate(state, p, d.id, answer);
      if (v.value === null || v.issues.some(isError)) continue;
      const text = typeof answer === 'string' ? answer : rs.answerText ? rs.answerText(state, p, d.id, v.value) : JSON.stringify(answer);
      out.push({ player: p, decision: d.id, value: v.value, text });
    }
  }
  return out;
}

const asked = (entry: RulesetEntry, state: unknown): Set<PlayerId> => new Set(entry.ruleset.decisions(state).flatMap((d) => d.players));

/** A player's map after the turn, drawn for his report mail. */
export function reportMap(entry: RulesetEntry, state: unknown, player: PlayerId | null, lang: Lang): { svg: string; alt: string } | null {
  const rs = entry.ruleset;
  if (!rs.mapDoc) return null;
  try {
    const doc = rs.mapDoc(state, player, lang);
    return { svg: renderMapSvg({ ...doc, units: [] }), alt: doc.title };
  } catch (e) {
    console.error(`suzerain: drawing the report map of ${player} failed: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

/** A game of prompts' step: the title of its report mail (`Ruleset.reportMail`), or null. A help: its failure leaves the step unmailed, never blocks it. */
function mailTitle(rs: Ruleset, state: unknown, events: unknown[], gameId: number): Localized | null {
  if (!rs.reportMail) return null;
  try { return rs.reportMail(state, events); } catch (e) {
    console.error(`suzerain: the report mail of game ${gameId} failed: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

/** How the bots of a game play: in a demo, they go for the human seats (none otherwise). */
export function demoBotOptions(demo: boolean, seats: { player: PlayerId; human: boolean }[]): BotOptions | undefined {
  return demo ? { prey: seats.filter((s) => s.human).map((s) => s.player) } : undefined;
}

/**
 * Resolves one step: bots answer for the seats nobody holds, the caretaker (host option) for the
 * human players who sent nothing, absent players take the decision's default; then every seat's
 * report in both languages, the statistics, and the mailed players' maps.
 */
export function resolveTask(input: ResolveInput): ResolveOutput {
  const entry = getRuleset(input.ruleset);
  const rs = entry.ruleset;
  let rec = input.record;
  const idx = rec.steps.length + 1;
  const seat = new Map(input.seats.map((s) => [s.player, s]));
  // Bots answer for the seats nobody holds (their own RNG stream per step and player).
  if (entry.bot) {
    const options = demoBotOptions(input.demo ?? false, input.seats);
    for (const m of missing(rs, rec)) {
      const s = seat.get(m.player);
      if (!s || s.human) continue;
      const answer = entry.bot(rec.state, m.player, m.decision, createRng(rec.seed, `bot/${idx}/${m.player}`), options);
      rec = submit(rs, rec, m.player, m.decision, answer).game;
    }
  }
  // Caretaker (host option): a human player who sent no orders is played by the ruleset's
  // caretaker, on his own RNG stream. The caretaker's answer is not a stored sheet, so the turn
  // still counts as missed for him.
  if (input.caretaker && entry.caretaker) {
    for (const d of rs.decisions(rec.state)) {
      for (const p of d.players) {
        const s = seat.get(p);
        if (!s || !s.human || s.sentOrders) continue;
        try {
          const answer = entry.caretaker(rec.state, p, d.id, createRng(rec.seed, `caretaker/${idx}/${p}`));
          rec = submit(rs, rec, p, d.id, answer).game;
        } catch (e) { // an optional helper: its failure leaves the player to the default, never blocks the turn
          console.error(`suzerain: the caretaker of ${p} in game ${input.gameId} failed: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
    }
  }
  // A game without a GM: every judgment item takes the program default at once (engine "game masters").
  if (!input.gm) {
    for (const d of rs.decisions(rec.state)) {
      if (!d.judgment || !d.players.includes(GM_SEAT) || rec.pending.some((p) => p.decision === d.id && p.player === GM_SEAT)) continue;
      rec = submit(rs, rec, GM_SEAT, d.id, { value: d.judgment.byDefault, by: 'no-gm' } satisfies Ruling).game;
    }
  }
  const askedBefore = asked(entry, rec.state);
  const next = advance(rs, rec, { useDefaults: true });
  const step = next.steps[next.steps.length - 1]!;
  const outcome = rs.outcome(next.state);
  const askedAfter = asked(entry, next.state);
  const pr = input.prompts;
  // A game of prompts mails the reports of the steps its ruleset names alone; an order-sheet game, every turn's.
  const mail = pr ? mailTitle(rs, next.state, step.events, input.gameId) : null;
  const mailed = (p: PlayerId) => (pr ? mail !== null && stepAudienceSeenBy(step.audience, p) : askedBefore.has(p) || askedAfter.has(p));
  const reports: ResolveOutput['reports'] = {};
  const maps: ResolveOutput['maps'] = {};
  for (const s of input.seats) {
    reports[s.player] = { fr: rs.report(next.state, step.events, s.player, 'fr'), en: rs.report(next.state, step.events, s.player, 'en') };
    if (s.mailLang && mailed(s.player)) maps[s.player] = reportMap(entry, next.state, s.player, s.mailLang);
  }
  const finished = !!outcome?.finished || askedAfter.size === 0;
  const templates: Record<PlayerId, string> = {};
  if (input.templates && rs.orderTemplate && !finished) {
    for (const s of input.seats) {
      if (!s.mailLang || !askedAfter.has(s.player)) continue;
      try { templates[s.player] = rs.orderTemplate(next.state, s.player, s.mailLang); } catch (e) { // a help: the mail goes without it
        console.error(`suzerain: the order template of ${s.player} in game ${input.gameId} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
  return {
    stateJson: JSON.stringify(next.state), step, nextOrder: next.nextOrder,
    finished,
    stepLabel: rs.stepLabel(next.state),
    askedBefore: [...askedBefore], askedAfter: [...askedAfter],
    stats: statsJson(rs, next.state),
    reports, maps, templates,
    judgments: finished ? [] : openItems(rs.decisions(next.state)),
    ...(pr ? {
      promptsBefore: openPrompts(rs, rec.state, pr.pace, pr.minutes),
      promptsAfter: finished ? [] : openPrompts(rs, next.state, pr.pace, pr.minutes),
      autoAnswers: finished ? [] : standingAnswers(rs, next.state, pr.standing),
      pause: finished || !rs.pauseRequest ? null : rs.pauseRequest(rec.state, next.state),
      mail,
    } : {}),
  };
}

// ─── A free action ─────────────────────────────────────────────────────────────────────────────

export interface ActInput {
  ruleset: string;
  /** The game with the answers already given for the step in progress as `pending`. */
  record: GameRecord;
  player: PlayerId;
  action: ActionInput;
  /** The seats to write reports for. */
  players: PlayerId[];
  prompts: PromptSettings;
}
export type ActOutput =
  | { ok: false; issues: ValidationIssue[] }
  | {
    ok: true; stateJson: string; step: StepRecord; stepLabel: string; finished: boolean; askedAfter: PlayerId[];
    reports: Record<PlayerId, Record<Lang, string>>;
    /** The answers given for the step in progress that no longer hold after the action (their sheets are emptied). */
    dropped: { decision: string; player: PlayerId }[];
    promptsAfter: OpenPrompt[]; autoAnswers: AutoAnswer[];
  };

/**
 * A player's free action (`takeAction` of the engine): validated, applied as a step of its own,
 * with every seat's report of its events; the answers given for the open decisions are checked
 * again against the new state.
 */
export function actTask(input: ActInput): ActOutput {
  const rs = getRuleset(input.ruleset).ruleset;
  const r = takeAction(rs, input.record, input.player, input.action);
  if (r.game === input.record) return { ok: false, issues: r.validation.issues.length ? r.validation.issues : [{ message: 'refused' }] };
  const step = r.game.steps[r.game.steps.length - 1]!;
  const reports: Record<PlayerId, Record<Lang, string>> = {};
  for (const p of input.players) reports[p] = { fr: rs.report(r.game.state, step.events, p, 'fr'), en: rs.report(r.game.state, step.events, p, 'en') };
  const outcome = rs.outcome(r.game.state);
  const askedAfter = asked(getRuleset(input.ruleset), r.game.state);
  const finished = !!outcome?.finished || askedAfter.size === 0;
  const given = new Set(r.game.pending.map((x) => `${x.player}\u0000${x.decision}`));
  return {
    ok: true, stateJson: JSON.stringify(r.game.state), step, stepLabel: rs.stepLabel(r.game.state), finished, askedAfter: [...askedAfter], reports,
    dropped: r.dropped.map((d) => ({ decision: d.decision, player: d.player })),
    promptsAfter: finished ? [] : openPrompts(rs, r.game.state, input.prompts.pace, input.prompts.minutes),
    autoAnswers: finished ? [] : standingAnswers(rs, r.game.state, input.prompts.standing, (p, d) => given.has(`${p}\u0000${d}`)),
  };
}

/** The standing answers a player's new choices give to the decisions open now (`games/prompts.ts`, setStanding). */
export function standingTask(t: { ruleset: string; state: unknown; player: PlayerId; standing: Record<string, string> }): AutoAnswer[] {
  return standingAnswers(getRuleset(t.ruleset).ruleset, t.state, { [t.player]: t.standing }).filter((a) => a.player === t.player);
}

// ─── Players' tools ────────────────────────────────────────────────────────────────────────────

export interface ToolInput {
  ruleset: string; state: unknown; player: PlayerId; tool: string; input: Record<string, string>; lang: Lang; sheet: unknown;
}

export function toolTask(t: ToolInput): ToolDoc {
  const rs = getRuleset(t.ruleset).ruleset;
  if (!rs.runTool) throw new Error(`${t.ruleset} has no tools`);
  return rs.runTool(t.state, t.player, t.tool, t.input, t.lang, t.sheet);
}

// ─── Statistics replay ─────────────────────────────────────────────────────────────────────────

/**
 * Replays a stored game up to the last step whose figures are missing, and computes the figures
 * of those steps; stops at the first state whose hash differs from the recorded one.
 */
export function statsReplayTask(t: { record: GameRecord; missing: number[] }): { figures: { index: number; figures: string }[]; divergedAt: number | null } {
  const rs = getRuleset(t.record.ruleset).ruleset;
  const want = new Set(t.missing);
  const figures: { index: number; figures: string }[] = [];
  for (const { index, state, hash, expected } of replayStates(rs, t.record, Math.max(...t.missing))) {
    if (hash !== expected) return { figures, divergedAt: index };
    if (!want.has(index)) continue;
    const f = statsJson(rs, state);
    if (f !== null) figures.push({ index, figures: f });
  }
  return { figures, divergedAt: null };
}

/** Replays a stored game from its setup and checks every recorded state hash. */
export function replayTask(t: { record: GameRecord }): ReturnType<typeof replay> {
  return replay(getRuleset(t.record.ruleset).ruleset, t.record);
}

// ─── Maps ──────────────────────────────────────────────────────────────────────────────────────

export function pngTask(t: { svg: string; width?: number }): Uint8Array {
  return svgToPng(t.svg, t.width);
}

/**
 * A player's map of one turn, for his report page: drawn from the state after that turn, given
 * when it is the game's latest, else replayed from the stored record up to that step.
 */
export interface ReportMapInput { ruleset: string; player: PlayerId | null; lang: Lang; idx: number; state?: unknown; record?: GameRecord }
export function reportMapTask(t: ReportMapInput): { svg: string; alt: string } | null {
  const entry = getRuleset(t.ruleset);
  let state = t.state;
  if (state === undefined && t.record) {
    for (const x of replayStates(entry.ruleset, t.record, t.idx)) if (x.index === t.idx) state = x.state;
  }
  return state === undefined ? null : reportMap(entry, state, t.player, t.lang);
}

/** The public chronicle of step `idx` of a stored game (the archive), replayed from its record; null when the ruleset writes none. */
export interface PublicReportInput { ruleset: string; lang: Lang; idx: number; record: GameRecord }
export function publicReportTask(t: PublicReportInput): string | null {
  const rs = getRuleset(t.ruleset).ruleset;
  if (!rs.publicReport || t.idx < 1) return null;
  for (const x of replayStates(rs, t.record, t.idx)) if (x.index === t.idx) return rs.publicReport(x.state, x.events, t.lang);
  return null;
}

// ─── New games ─────────────────────────────────────────────────────────────────────────────────

/**
 * The dry run of a new game's options, lords included (`dryRunOptions` of the registry: the
 * setup, then one turn resolved with the bots' answers). Its refusal comes back as data, in both
 * languages (an error's own fields do not cross the threads).
 */
export function dryRunTask(t: { ruleset: string; options: unknown }): { ok: true } | { ok: false; localized: Localized } {
  try {
    dryRunOptions(t.ruleset, t.options);
    return { ok: true };
  } catch (e) {
    if (e instanceof LocalizedError) return { ok: false, localized: e.localized };
    throw e;
  }
}

// ─── The worker's entry ────────────────────────────────────────────────────────────────────────

export const TASKS = {
  resolve: resolveTask,
  tool: toolTask,
  statsReplay: statsReplayTask,
  replay: replayTask,
  png: pngTask,
  dryRun: dryRunTask,
  reportMap: reportMapTask,
  publicReport: publicReportTask,
  act: actTask,
  standing: standingTask,
} as const;
export type TaskKind = keyof typeof TASKS;
export type TaskInput<K extends TaskKind> = Parameters<(typeof TASKS)[K]>[0];
export type TaskOutput<K extends TaskKind> = ReturnType<(typeof TASKS)[K]>;

/** Modules to import before a task (test rulesets that register themselves); imported once per thread. */
const loaded = new Set<string>();
export async function runTask(msg: { kind: TaskKind; input: unknown; preload: string[]; started?: MessagePort }): Promise<unknown> {
  for (const m of msg.preload) {
    if (loaded.has(m)) continue;
    await import(m);
    loaded.add(m);
  }
  // The ruleset the task works on, imported on its first task in this thread (rulesets are loaded on first use).
  const input = msg.input as { ruleset?: unknown; record?: { ruleset?: unknown } } | null;
  const ruleset = input?.ruleset ?? input?.record?.ruleset;
  if (typeof ruleset === 'string') await loadRulesets([ruleset]);
  // The task's time budget starts now (pool.ts): loading a new thread or a ruleset does not count against it.
  msg.started?.postMessage('started');
  msg.started?.close();
  const fn = TASKS[msg.kind] as (input: unknown) => unknown;
  if (!fn) throw new Error(`unknown referee task "${msg.kind}"`);
  return fn(msg.input);
}
