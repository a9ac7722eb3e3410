/**
 * The soak runner: many complete bot games of one ruleset, across its maps and numbers of
 * players, checking after every step the ruleset's state invariants (the registry's `invariants`
 * hook) and, on a random sample of steps, that resolving the step again from the previous state
 * (read back from JSON, as the platform stores it) gives the same hash; at the end of each game the
 * engine's replay must reproduce every state hash. A failing game is written whole (setup, seed,
 * every step's order sheets, events and hashes, as the command line's game files) with the failure,
 * to `<outDir>/<map>-<seed>.json`; the run goes on with the next game and ends with a summary.
 *
 * Rules-agnostic: it knows a ruleset only through its registry entry (bot, invariants, soakGame).
 * Each game is what `suzerain simulate --map M --players N --seed S` plays (same bot streams), with
 * `--config` the host options the ruleset's soak mix drew for it (`GameSpec.config`; the summary
 * counts the games by each option's value, its `host options` line; each game's line ends with its own).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { advance, createGame, type GameRecord, replay, replayStates, rerecord, takeAction } from '../engine/game.ts';
import { isError } from '../engine/ruleset.ts';
import { hashState } from '../engine/hash.ts';
import { createRng } from '../engine/rng.ts';
import { botAnswers } from '../rulesets/index.ts';
import type { RulesetEntry } from '../rulesets/index.ts';

export const DEFAULT_MAX_TURNS = 300;
export const DEFAULT_RECHECK = 0.1;
export const DEFAULT_OUT_DIR = 'soak-failures';

/** One game of a run; `config`: the host options the ruleset's soak mix drew for it (absent: the defaults). */
export interface GameSpec { index: number; map: string; players: number; seed: string; config?: Record<string, unknown> }

export type FailureKind = 'exception' | 'invariant' | 'determinism' | 'replay';

export interface SoakFailure {
  kind: FailureKind;
  /** The step being resolved (or just resolved) when it failed; 0: the setup. */
  step: number;
  /** What was running: setup, bot, resolve, invariants, determinism, replay. */
  stage: string;
  message: string;
  stack?: string;
  soak: { runSeed: string; index: number; map: string; players: number; maxTurns: number; config?: Record<string, unknown> };
}

/** A game file with the failure that made the soak runner write it. */
export type FailureRecord = GameRecord & { failure?: SoakFailure };

export interface GameResult extends GameSpec {
  turns: number;
  /** The ruleset's outcome reason (a victory type), 'cap' (turn cap reached without an end) or 'failed'. */
  outcome: string;
  winners: string[];
  ms: number;
  timings: { bot: number; resolve: number; checks: number; replay: number };
  rechecked: number;
  rejectedBotOrders: string[];
  /** How many times each decision kind (`Decision.kind`) was asked in the game (games of prompts: every question). */
  kinds: Record<string, number>;
  /** Free actions the bots took between steps (the registry's `botActions`, mode `spontaneous`), by action id. */
  actions: Record<string, number>;
  failure?: SoakFailure;
  file?: string;
}

export interface SoakOptions {
  entry: RulesetEntry;
  games: number;
  /** The run seed; random (and printed) when absent. */
  seed?: string;
  maxTurns?: number;
  maps?: string[];
  /** Forces the number of players of every game (else the ruleset's soak mix decides). */
  players?: number;
  /** Plays only these games of the run's list (1-based indexes). */
  only?: number[];
  /** Where failing games are written (default soak-failures/). */
  outDir?: string;
  /** Also writes every game, failing or not, here (to make regression fixtures). */
  recordDir?: string;
  /** Fraction of steps resolved a second time from the previous state (default 0.1). */
  recheck?: number;
  out?: (line: string) => void;
  /** Stops between two games when it returns true (e.g. after SIGINT); the summary covers the games played. */
  stopRequested?: () => boolean;
}

export interface SoakSummary {
  runSeed: string;
  results: GameResult[];
  games: number;
  turns: number;
  /** Wall-clock time of the run; `cpuMs` the process's CPU time (user + system), which a paused or crowded machine does not inflate. */
  ms: number;
  cpuMs: number;
  failures: GameResult[];
  outcomes: Record<string, number>;
  rejectedBotOrders: number;
  stopped: boolean;
}

// ---------------------------------------------------------------- the list of games

export function randomRunSeed(): string {
  return randomBytes(4).toString('hex');
}

/** Game `index` (1-based) of the run: drawn from its own stream, so game i is the same in a run of any length. */
export function gameSpec(entry: RulesetEntry, runSeed: string, index: number, maps?: string[], players?: number): GameSpec {
  const rng = createRng(runSeed, `soak/game/${index}`);
  const mix = entry.soakGame ? entry.soakGame(rng, maps) : { map: maps?.length ? rng.pick(maps) : '', players: 0 };
  const hex = (n: number) => Math.floor(rng.next() * 16 ** n).toString(16).padStart(n, '0');
  return { index, map: mix.map, players: players ?? mix.players, seed: hex(6) + hex(6), ...('config' in mix && mix.config ? { config: mix.config } : {}) };
}

/** The ruleset's options for a game of the run (what `suzerain simulate --map M --players N --seed S [--config C]` builds). */
export function specOptions(entry: RulesetEntry, spec: GameSpec): unknown {
  return entry.options({ map: spec.map || undefined, players: spec.players || undefined, ...(spec.config ? { config: spec.config } : {}) });
}

/**
 * A game's host options as `path=value` leaves (`options.relics=true`), sorted: what the summary
 * counts. Arrays are one leaf (their JSON); bounded by the config's size.
 */
export function configLeaves(config: Record<string, unknown> | undefined, prefix = ''): string[] {
  if (!config) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(config)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) out.push(...configLeaves(v as Record<string, unknown>, path));
    else out.push(`${path}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  }
  return out.sort();
}

// ---------------------------------------------------------------- one game

class StageError extends Error {
  constructor(readonly kind: FailureKind, message: string, readonly step?: number) { super(message); }
}

/**
 * Resolves the step again from the state before it, read back from JSON with the same
 * submissions: the same hash must come out, and the new state must survive JSON unchanged.
 */
export function recheckStep(entry: RulesetEntry, before: GameRecord, after: GameRecord): void {
  const step = after.steps[after.steps.length - 1]!;
  const json = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
  const again = advance(entry.ruleset, { ...before, state: json(before.state), pending: json(step.submissions) }, { useDefaults: false });
  const hash = again.steps[again.steps.length - 1]!.hash;
  if (hash !== step.hash) throw new StageError('determinism', `step ${step.index} resolved again from the previous state gives hash ${hash}, not ${step.hash}`);
  const reread = hashState(json(after.state));
  if (reread !== step.hash) throw new StageError('determinism', `the state after step ${step.index} does not survive JSON: hash ${reread} after reading it back, ${step.hash} before`);
  checkJsonSafe(step.events, `step ${step.index} events`);
}

/** Values that JSON keeps as they are: finite numbers, plain objects and arrays, no undefined in arrays. */
export function checkJsonSafe(value: unknown, path: string): void {
  if (typeof value === 'number') { if (!Number.isFinite(value)) throw new StageError('determinism', `${path} is ${value}, which JSON cannot keep`); return; }
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'bigint' || typeof value === 'symbol') throw new StageError('determinism', `${path} is a ${typeof value}`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (v === undefined) throw new StageError('determinism', `${path}[${i}] is undefined (JSON writes null)`);
      checkJsonSafe(v, `${path}[${i}]`);
    });
    return;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) throw new StageError('determinism', `${path} is a ${(value as object).constructor?.name ?? 'non-plain object'}, which JSON does not keep`);
  for (const [k, v] of Object.entries(value)) checkJsonSafe(v, `${path}.${k}`);
}

export interface PlayOptions { runSeed: string; maxTurns: number; recheck: number }

/** Plays one game to its end or the turn cap, checking as it goes; returns the result and the game record. */
export function playGame(entry: RulesetEntry, spec: GameSpec, opts: PlayOptions): { result: GameResult; record: FailureRecord | null } {
  const { ruleset } = entry;
  if (!entry.bot) throw new Error(`ruleset ${ruleset.id} has no bot`);
  const result: GameResult = {
    ...spec, turns: 0, outcome: 'cap', winners: [], ms: 0, timings: { bot: 0, resolve: 0, checks: 0, replay: 0 }, rechecked: 0, rejectedBotOrders: [], kinds: {}, actions: {},
  };
  const t0 = performance.now();
  const sample = createRng(spec.seed, 'soak/recheck');
  let stage = 'setup';
  let game: GameRecord | null = null;
  let record: GameRecord | null = null; // what to write if this fails now
  const lap = (key: keyof GameResult['timings'], since: number) => { const now = performance.now(); result.timings[key] += now - since; return now; };
  try {
    game = createGame(ruleset, specOptions(entry, spec), spec.seed);
    record = game;
    const initial = game.state;
    stage = 'invariants';
    entry.invariants?.(initial, { initial, previous: null, step: 0 });
    let resolutions = 0; // the cap counts resolutions; the bots' free actions are steps of their own in between
    while (resolutions < opts.maxTurns && !ruleset.outcome(game.state)) {
      let t = performance.now();
      stage = 'bot';
      // Between steps, each bot seat takes its free actions of its own accord (bounded by the ruleset per phase).
      if (entry.botActions && ruleset.act) {
        let cur: GameRecord = game;
        for (const { id: p } of ruleset.players(cur.state)) {
          const acts = entry.botActions(cur.state, p, createRng(spec.seed, `soak/actions/${cur.steps.length + 1}/${p}`), 'spontaneous');
          for (const a of acts.slice(0, 5)) {
            const r: ReturnType<typeof takeAction> = takeAction(ruleset, cur, p, a);
            if (r.validation.value === null || r.validation.issues.some(isError)) continue; // an earlier action of the list changed what this one needs (the platform skips it too)
            stage = 'invariants';
            entry.invariants?.(r.game.state, { initial, previous: cur.state, step: r.game.steps.length });
            stage = 'bot';
            cur = r.game;
            game = cur;
            record = cur;
            result.actions[a.id] = (result.actions[a.id] ?? 0) + 1;
          }
        }
      }
      const n = game.steps.length + 1;
      for (const d of ruleset.decisions(game.state)) for (const k of d.tally ? [d.kind, d.tally] : [d.kind]) result.kinds[k] = (result.kinds[k] ?? 0) + 1;
      const withOrders = botAnswers(entry, game, result.rejectedBotOrders);
      record = withOrders;
      t = lap('bot', t);
      stage = 'resolve';
      const next = advance(ruleset, withOrders, { useDefaults: true });
      record = next;
      t = lap('resolve', t);
      stage = 'invariants';
      entry.invariants?.(next.state, { initial, previous: game.state, step: n });
      if (opts.recheck > 0 && sample.next() < opts.recheck) {
        stage = 'determinism';
        recheckStep(entry, withOrders, next);
        result.rechecked++;
      }
      lap('checks', t);
      game = next;
      result.turns = ++resolutions;
    }
    stage = 'replay';
    const t = performance.now();
    const r = replay(ruleset, game);
    lap('replay', t);
    if (!r.ok) {
      const m = r.mismatches[0]!;
      throw new StageError('replay', `replay from the setup: ${r.mismatches.length} state hash(es) differ, first at step ${m.step} (${m.actual}, recorded ${m.expected})`, m.step);
    }
    const outcome = ruleset.outcome(game.state);
    result.outcome = outcome ? outcome.reason || 'ended' : 'cap';
    result.winners = outcome?.winners ?? [];
    result.ms = performance.now() - t0;
    return { result, record: game };
  } catch (e) {
    const err = e as Error;
    const kind: FailureKind = e instanceof StageError ? e.kind : stage === 'invariants' ? 'invariant' : stage === 'replay' ? 'replay' : 'exception';
    const step = e instanceof StageError && e.step !== undefined ? e.step : stage === 'setup' ? 0 : stage === 'bot' || stage === 'resolve' ? (game?.steps.length ?? 0) + 1 : (record?.steps.length ?? 0);
    result.outcome = 'failed';
    result.failure = {
      kind, step, stage, message: err?.message ?? String(e), stack: err?.stack,
      soak: { runSeed: opts.runSeed, index: spec.index, map: spec.map, players: spec.players, maxTurns: opts.maxTurns, ...(spec.config ? { config: spec.config } : {}) },
    };
    result.ms = performance.now() - t0;
    const base: GameRecord = record ?? {
      format: 'suzerain/game@1', ruleset: ruleset.id, options: specOptions(entry, spec),
      seed: spec.seed, initialHash: '', state: null, pending: [], nextOrder: 1, steps: [],
    };
    return { result, record: { ...base, failure: result.failure } };
  }
}

// ---------------------------------------------------------------- files

/** Writes through a temporary file and a rename (as the command line saves a game). */
export function writeRecord(dir: string, name: string, record: FailureRecord): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(record));
  renameSync(tmp, path);
  return path;
}

export function recordFileName(spec: { map: string; seed: string }): string {
  return `${spec.map || 'game'}-${spec.seed}.json`;
}

export function loadRecord(path: string): FailureRecord {
  const record = JSON.parse(readFileSync(path, 'utf8')) as FailureRecord;
  if (record?.format !== 'suzerain/game@1') throw new Error(`${path} is not a Suzerain game file`);
  return record;
}

/**
 * Replays a game file from its setup and checks every step: the recorded state hash is reproduced
 * and the ruleset's invariants hold; sheets given for a step not yet resolved (a game that failed
 * while resolving it) are resolved too. Returns the problems found (none: the game is clean).
 */
export function checkRecord(entry: RulesetEntry, record: GameRecord): { steps: number; problems: string[] } {
  const problems: string[] = [];
  let initial: unknown = null;
  let previous: unknown = null;
  let steps = 0;
  let index = 0;
  try {
    for (const r of replayStates(entry.ruleset, record)) {
      index = r.index;
      if (r.hash !== r.expected) problems.push(`step ${r.index}: state hash ${r.hash}, recorded ${r.expected}`);
      if (r.index === 0) initial = r.state;
      try {
        entry.invariants?.(r.state, { initial, previous, step: r.index });
      } catch (e) {
        problems.push(`step ${r.index}: invariant broken: ${(e as Error).message}`);
        return { steps, problems };
      }
      previous = r.state;
      steps = r.index;
    }
    if (record.pending.length && previous !== null && !entry.ruleset.outcome(previous)) {
      index = steps + 1;
      const next = advance(entry.ruleset, { ...record, state: previous }, { useDefaults: true });
      try {
        entry.invariants?.(next.state, { initial, previous, step: index });
      } catch (e) {
        problems.push(`step ${index} (the pending sheets): invariant broken: ${(e as Error).message}`);
      }
    }
  } catch (e) {
    problems.push(`step ${index}: ${(e as Error).message}`);
  }
  return { steps, problems };
}

/**
 * A game file re-recorded with the current code (hashes and events), its pending sheets resolved
 * as a last step, and the failure note dropped: for a soak failure once its bug is fixed.
 */
export function rerecordFile(entry: RulesetEntry, record: FailureRecord): GameRecord {
  const { failure: _failure, ...game } = record;
  let g = rerecord(entry.ruleset, game);
  if (g.pending.length && !entry.ruleset.outcome(g.state)) g = advance(entry.ruleset, g, { useDefaults: true });
  return g;
}

// ---------------------------------------------------------------- the run

const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h} h ${String(m).padStart(2, '0')} min` : m ? `${m} min ${String(s % 60).padStart(2, '0')} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** A game's line of the run: its result, the counts so far, and the host options drawn for it (when its mix draws any). */
function progressLine(r: GameResult, total: number, counts: { done: number; ok: number; capped: number; failed: number }): string {
  const what = r.failure ? `FAILED (${r.failure.kind}, step ${r.failure.step}): ${r.failure.message.split('\n')[0]}`
    : r.outcome === 'cap' ? 'turn cap, no winner'
    : `${r.outcome}${r.winners.length ? ` (${r.winners.join(', ')})` : ''}`;
  return `${String(r.index).padStart(String(total).length)}/${total}  ${r.map.padEnd(11)} ${String(r.players).padStart(3)} lords  seed ${r.seed}  ${String(r.turns).padStart(3)} turns  ${fmtInt(r.ms).padStart(9)} ms  ${what}`
    + `   [${counts.done} done: ${counts.ok} ended, ${counts.capped} capped, ${counts.failed} failed]`
    + (r.config ? `  host options ${configLeaves(r.config).join(' ')}` : ''); // the options the mix drew for this game, to replay it with --config
}

export function summaryLines(s: SoakSummary, opts: { maxTurns: number }): string[] {
  const lines: string[] = [];
  const sum = (f: (r: GameResult) => number) => s.results.reduce((a, r) => a + f(r), 0);
  const perTurn = (ms: number, turns = s.turns) => (turns ? (ms / turns).toFixed(1) : '-');
  const t = { bot: sum((r) => r.timings.bot), resolve: sum((r) => r.timings.resolve), checks: sum((r) => r.timings.checks), replay: sum((r) => r.timings.replay) };
  lines.push('');
  lines.push(`soak summary — run seed ${s.runSeed}${s.stopped ? ' (stopped early)' : ''}`);
  lines.push(`  games     ${s.games}`);
  lines.push(`  turns     ${fmtInt(s.turns)} (cap ${opts.maxTurns} turns a game; ${fmtInt(sum((r) => r.rechecked))} turns resolved twice)`);
  lines.push(`  time      ${formatDuration(s.ms)} in all, ${perTurn(s.ms)} ms a turn: bots ${perTurn(t.bot)}, referee ${perTurn(t.resolve)}, checks ${perTurn(t.checks)}, replay ${perTurn(t.replay)}`);
  lines.push(`  cpu time  ${formatDuration(s.cpuMs)} (${perTurn(s.cpuMs)} ms a turn; the wall-clock times above include any wait for the processor)`);
  lines.push(`  failures  ${s.failures.length}`);
  const order = ['renown', 'conquest', 'alliance', 'none', 'cap', 'failed'];
  const keys = Object.keys(s.outcomes).sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b));
  lines.push(`  outcomes  ${keys.map((k) => `${k === 'cap' ? 'turn cap' : k === 'none' ? 'no winner' : k} ${s.outcomes[k]}`).join(', ')}`);
  const maps = [...new Set(s.results.map((r) => r.map))].sort();
  for (const m of maps) {
    const rs = s.results.filter((r) => r.map === m);
    const turns = rs.reduce((a, r) => a + r.turns, 0);
    const ms = rs.reduce((a, r) => a + r.ms, 0);
    const lords = rs.map((r) => r.players);
    lines.push(`  ${(m || 'game').padEnd(11)} ${rs.length} games (${Math.min(...lords)}–${Math.max(...lords)} lords), ${fmtInt(turns)} turns, ${formatDuration(ms)}, ${perTurn(ms, turns)} ms a turn, longest game ${Math.max(...rs.map((r) => r.turns))} turns`);
  }
  const kinds: Record<string, number> = {};
  for (const r of s.results) for (const [k, n] of Object.entries(r.kinds)) kinds[k] = (kinds[k] ?? 0) + n;
  if (Object.keys(kinds).length > 1) lines.push(`  decisions ${Object.entries(kinds).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, n]) => `${k} ${fmtInt(n)}`).join(', ')}`);
  const actions: Record<string, number> = {};
  for (const r of s.results) for (const [k, n] of Object.entries(r.actions ?? {})) actions[k] = (actions[k] ?? 0) + n;
  const drawn: Record<string, number> = {};
  for (const r of s.results) for (const leaf of configLeaves(r.config)) drawn[leaf] = (drawn[leaf] ?? 0) + 1;
  if (Object.keys(drawn).length) lines.push(`  host options (games) ${Object.entries(drawn).sort((a, b) => a[0].localeCompare(b[0])).map(([k, n]) => `${k} ${fmtInt(n)}`).join(', ')}`);
  if (Object.keys(actions).length) lines.push(`  free actions ${Object.entries(actions).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, n]) => `${k} ${fmtInt(n)}`).join(', ')}`);
  if (s.rejectedBotOrders) lines.push(`  bot orders rejected by the referee: ${s.rejectedBotOrders} (first: ${s.results.flatMap((r) => r.rejectedBotOrders.map((x) => `${r.map}-${r.seed} ${x}`))[0]})`);
  for (const f of s.failures) lines.push(`  FAILED game ${f.index} ${f.map} ${f.players} lords seed ${f.seed}${f.config ? ` config ${JSON.stringify(f.config)}` : ''}: ${f.failure!.kind} at step ${f.failure!.step}: ${f.failure!.message.split('\n')[0]}${f.file ? ` → ${f.file}` : ''}`);
  return lines;
}

/** Plays the run's games one after another (one core) and returns the summary. */
export async function runSoak(o: SoakOptions): Promise<SoakSummary> {
  const out = o.out ?? ((s: string) => process.stdout.write(`${s}\n`));
  const runSeed = o.seed ?? randomRunSeed();
  const maxTurns = o.maxTurns ?? DEFAULT_MAX_TURNS;
  const recheck = o.recheck ?? DEFAULT_RECHECK;
  const outDir = o.outDir ?? DEFAULT_OUT_DIR;
  const indexes = o.only?.length ? o.only : Array.from({ length: o.games }, (_, i) => i + 1);
  const total = o.only?.length ? Math.max(o.games, ...o.only) : o.games;
  out(`soak: ${o.entry.ruleset.id}, run seed ${runSeed}${o.seed === undefined ? ' (random; --seed to repeat)' : ''}, ${indexes.length} game(s)${o.maps?.length ? ` on ${o.maps.join(', ')}` : ''}, turn cap ${maxTurns}, ${Math.round(recheck * 100)} % of turns resolved twice; failures to ${outDir}/`);
  const summary: SoakSummary = { runSeed, results: [], games: 0, turns: 0, ms: 0, cpuMs: 0, failures: [], outcomes: {}, rejectedBotOrders: 0, stopped: false };
  const counts = { done: 0, ok: 0, capped: 0, failed: 0 };
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (const index of indexes) {
    if (o.stopRequested?.()) { summary.stopped = true; break; }
    const spec = gameSpec(o.entry, runSeed, index, o.maps, o.players);
    const { result, record } = playGame(o.entry, spec, { runSeed, maxTurns, recheck });
    if (result.failure && record) result.file = writeRecord(outDir, recordFileName(spec), record);
    if (o.recordDir && record) writeRecord(o.recordDir, recordFileName(spec), record);
    summary.results.push(result);
    summary.games++;
    summary.turns += result.turns;
    summary.rejectedBotOrders += result.rejectedBotOrders.length;
    summary.outcomes[result.outcome] = (summary.outcomes[result.outcome] ?? 0) + 1;
    counts.done++;
    if (result.failure) { counts.failed++; summary.failures.push(result); } else if (result.outcome === 'cap') counts.capped++; else counts.ok++;
    out(progressLine(result, total, counts));
    await new Promise((r) => setImmediate(r)); // lets a signal handler run between games
  }
  summary.ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  summary.cpuMs = (cpu.user + cpu.system) / 1000;
  for (const line of summaryLines(summary, { maxTurns })) out(line);
  return summary;
}
