/**
 * A game is a fold over its steps (after 18xx): the setup (ruleset, options, seed) plus the
 * submissions of each step reproduce every state. Each step resolves with its own RNG stream
 * (`step/N`), and its state hash is recorded so a replay can prove it reaches the same states.
 */
import { createRng, type Rng } from './rng.ts';
import { hashState } from './hash.ts';
import { GM_SEAT, HOST_SEAT, isError, type ActionInput, type PlayerId, type Resolution, type Ruleset, type Submission, type Validation } from './ruleset.ts';

export interface StepRecord {
  index: number;
  label: string;
  submissions: Submission[];
  /** Which answers the engine filled in from the decision's defaults. */
  defaulted: { decision: string; player: PlayerId }[];
  events: unknown[];
  /** Hash of the state after this step. */
  hash: string;
  /**
   * A free action (`Ruleset.act`) taken by one player outside any prompt, a GM action
   * (`Ruleset.gmAct`, player `GM_SEAT`) or a host's (`Ruleset.hostAct`, player `HOST_SEAT`): such a step has no submissions; it is applied at once, in
   * the order of arrival, and replayed as it was. `audience`: the players who may know of it
   * (`Ruleset.freeActionAudience`, the actor first); absent: everyone.
   */
  action?: { player: PlayerId; value: unknown; audience?: PlayerId[] };
  /** A resolution step known to these players alone (`Ruleset.stepAudience`, sorted); absent: everyone. */
  audience?: PlayerId[];
}

export interface GameRecord<S = unknown> {
  format: 'suzerain/game@1';
  ruleset: string;
  options: unknown;
  seed: string;
  initialHash: string;
  state: S;
  /** Answers given for the step not yet resolved (the latest per decision and player). */
  pending: Submission[];
  nextOrder: number;
  steps: StepRecord[];
}

export function createGame<S>(ruleset: Ruleset<S>, options: unknown, seed: string | number): GameRecord<S> {
  const state = ruleset.setup(options, createRng(String(seed), 'setup'));
  return {
    format: 'suzerain/game@1',
    ruleset: ruleset.id,
    options,
    seed: String(seed),
    initialHash: hashState(state),
    state,
    pending: [],
    nextOrder: 1,
    steps: [],
  };
}

export class GameError extends Error {}

/**
 * Records a player's answer to one open decision. Valid parts are kept even when some parts are
 * rejected; a later answer from the same player replaces the earlier one. Returns the validation.
 */
export function submit<S>(ruleset: Ruleset<S>, game: GameRecord<S>, player: PlayerId, decisionId: string, answer: unknown): { game: GameRecord<S>; validation: Validation<unknown> } {
  const decision = ruleset.decisions(game.state).find((d) => d.id === decisionId);
  if (!decision) throw new GameError(`no open decision "${decisionId}"`);
  if (!decision.players.includes(player)) throw new GameError(`player ${player} is not asked "${decisionId}"`);
  const validation = ruleset.validate(game.state, player, decisionId, answer);
  const pending = game.pending.filter((s) => !(s.decision === decisionId && s.player === player));
  if (validation.value !== null) pending.push({ decision: decisionId, player, value: validation.value, order: game.nextOrder });
  return { game: { ...game, pending, nextOrder: game.nextOrder + 1 }, validation };
}

/**
 * A player's free action: validated against the current state, applied at once as a step of its
 * own (with its own RNG stream, like any step). The answers already given for the open decisions
 * are checked again against the new state: those still valid are kept (with their order), the
 * others dropped (returned, so that their players can be told). Throws a GameError when the
 * ruleset has no free actions; an invalid action leaves the game as it was (`validation.issues`).
 * With `player` GM_SEAT it is a GM action (`validateGmAction`, `gmAct`: "game masters: the console");
 * with HOST_SEAT a host's action on a paused game (`validateHostAction`, `hostAct`).
 */
export function takeAction<S>(ruleset: Ruleset<S>, game: GameRecord<S>, player: PlayerId, action: ActionInput): { game: GameRecord<S>; validation: Validation<unknown>; dropped: Submission[] } {
  const kind = actionKind(ruleset, player);
  if (!kind.validate || !kind.act) throw new GameError(`${ruleset.id} has no ${kind.name} actions`);
  const validation = kind.validate(game.state, action);
  if (validation.value === null || validation.issues.some(isError)) return { game, validation, dropped: [] };
  const next = applyAction(ruleset, game, player, validation.value);
  const open = ruleset.decisions(next.state);
  const kept: Submission[] = [];
  const dropped: Submission[] = [];
  for (const sub of game.pending) {
    const d = open.find((x) => x.id === sub.decision && x.players.includes(sub.player));
    const v = d ? ruleset.validate(next.state, sub.player, sub.decision, sub.value) : null;
    if (v && v.value !== null && !v.issues.some(isError)) kept.push({ ...sub, value: v.value });
    else dropped.push(sub);
  }
  return { game: { ...next, pending: kept }, validation, dropped };
}

/** Withdraws a player's answer (it will fall to the default). */
export function withdraw<S>(game: GameRecord<S>, player: PlayerId, decisionId: string): GameRecord<S> {
  return { ...game, pending: game.pending.filter((s) => !(s.decision === decisionId && s.player === player)) };
}

/** The (decision, player) pairs with no answer yet. */
export function missing<S>(ruleset: Ruleset<S>, game: GameRecord<S>): { decision: string; player: PlayerId }[] {
  const out: { decision: string; player: PlayerId }[] = [];
  for (const d of ruleset.decisions(game.state))
    for (const p of d.players)
      if (!game.pending.some((s) => s.decision === d.id && s.player === p)) out.push({ decision: d.id, player: p });
  return out;
}

/**
 * Resolves the current step. With `useDefaults` (the deadline has passed), unanswered decisions
 * take their defaults; without it, a step with missing answers is refused. The input game is not
 * modified: on any failure the caller still holds the previous state and can run the step again.
 */
export function advance<S>(ruleset: Ruleset<S>, game: GameRecord<S>, opts: { useDefaults: boolean }): GameRecord<S> {
  const decisions = ruleset.decisions(game.state);
  if (decisions.length === 0) throw new GameError('the game is over: nothing to resolve');
  const submissions: Submission[] = [];
  const defaulted: { decision: string; player: PlayerId }[] = [];
  let order = game.nextOrder;
  for (const d of decisions) {
    for (const p of d.players) {
      const given = game.pending.find((s) => s.decision === d.id && s.player === p);
      if (given) { submissions.push(given); continue; }
      if (!opts.useDefaults) throw new GameError(`waiting for ${p} to answer "${d.id}"`);
      const v = ruleset.validate(game.state, p, d.id, d.defaults[p]);
      if (v.value === null || v.issues.length) throw new GameError(`invalid default for ${p} on "${d.id}": ${v.issues.map((i) => i.message).join('; ')}`);
      submissions.push({ decision: d.id, player: p, value: v.value, order: order++, defaulted: true });
      defaulted.push({ decision: d.id, player: p });
    }
  }
  return applyStep(ruleset, { ...game, nextOrder: order }, submissions, defaulted);
}

function applyStep<S>(ruleset: Ruleset<S>, game: GameRecord<S>, submissions: Submission[], defaulted: StepRecord['defaulted']): GameRecord<S> {
  const index = game.steps.length + 1;
  const label = ruleset.stepLabel(game.state);
  const input = structuredClone(game.state);
  const { state, events } = ruleset.resolve(input, structuredClone(submissions), createRng(game.seed, `step/${index}`));
  const who = ruleset.stepAudience?.(game.state, state) ?? null;
  const step: StepRecord = { index, label, submissions, defaulted, events, hash: hashState(state), ...(who ? { audience: [...new Set(who)].sort() } : {}) };
  return { ...game, state, pending: [], steps: [...game.steps, step] };
}

/**
 * The three kinds of action, by who takes it: the GM's console (GM_SEAT: `validateGmAction`, `gmAct`,
 * `gmActionAudience`), the host on a paused game (HOST_SEAT: `validateHostAction`, `hostAct`, no
 * audience hook: every player sees it) and a player's free action (`validateAction`, `act`,
 * `freeActionAudience`). A hook the ruleset lacks is undefined.
 */
interface ActionKind<S> {
  name: 'GM' | 'host' | 'free';
  validate?: (state: S, action: ActionInput) => Validation<unknown>;
  act?: (state: S, value: unknown, rng: Rng) => Resolution<S, unknown>;
  audience?: (state: S, value: unknown) => PlayerId[] | null;
}

function actionKind<S>(rs: Ruleset<S>, player: PlayerId): ActionKind<S> {
  if (player === GM_SEAT) return {
    name: 'GM',
    validate: rs.validateGmAction && ((s, a) => rs.validateGmAction!(s, a)),
    act: rs.gmAct && ((s, v, rng) => rs.gmAct!(s, v, rng)),
    audience: rs.gmActionAudience && ((s, v) => rs.gmActionAudience!(s, v)),
  };
  if (player === HOST_SEAT) return {
    name: 'host',
    validate: rs.validateHostAction && ((s, a) => rs.validateHostAction!(s, a)),
    act: rs.hostAct && ((s, v, rng) => rs.hostAct!(s, v, rng)),
  };
  return {
    name: 'free',
    validate: rs.validateAction && ((s, a) => rs.validateAction!(s, player, a)),
    act: rs.act && ((s, v, rng) => rs.act!(s, player, v, rng)),
    audience: rs.freeActionAudience && ((s, v) => rs.freeActionAudience!(s, player, v)),
  };
}

function applyAction<S>(ruleset: Ruleset<S>, game: GameRecord<S>, player: PlayerId, value: unknown): GameRecord<S> {
  const index = game.steps.length + 1;
  const label = ruleset.stepLabel(game.state);
  const kind = actionKind(ruleset, player);
  if (!kind.act) throw new GameError(`${ruleset.id} has no ${kind.name} actions`);
  // The audience, asked on the state before the action: the one who took it first, then the others.
  const who = kind.audience?.(game.state, value) ?? null;
  const audience = who ? [player, ...new Set(who.filter((p) => p !== player))] : null;
  const { state, events } = kind.act(structuredClone(game.state), structuredClone(value), createRng(game.seed, `step/${index}`));
  const step: StepRecord = { index, label, submissions: [], defaulted: [], events, hash: hashState(state), action: { player, value, ...(audience ? { audience } : {}) } };
  return { ...game, state, steps: [...game.steps, step] };
}

/** One recorded step again: a free action, or a resolution with its submissions. */
function replayStep<S>(ruleset: Ruleset<S>, game: GameRecord<S>, step: StepRecord): GameRecord<S> {
  return step.action ? applyAction(ruleset, game, step.action.player, step.action.value) : applyStep(ruleset, game, step.submissions, step.defaulted);
}

export interface ReplayResult { ok: boolean; steps: number; mismatches: { step: number; expected: string; actual: string }[]; finalHash: string }

/** Re-runs the game from its setup with the recorded submissions and checks every state hash. */
export function replay<S>(ruleset: Ruleset<S>, game: GameRecord<S>): ReplayResult {
  const mismatches: ReplayResult['mismatches'] = [];
  let g = createGame(ruleset, game.options, game.seed);
  if (g.initialHash !== game.initialHash) mismatches.push({ step: 0, expected: game.initialHash, actual: g.initialHash });
  for (const step of game.steps) {
    g = replayStep(ruleset, g, step);
    const actual = g.steps[g.steps.length - 1]!.hash;
    if (actual !== step.hash) mismatches.push({ step: step.index, expected: step.hash, actual });
  }
  return { ok: mismatches.length === 0, steps: game.steps.length, mismatches, finalHash: hashState(g.state) };
}

/**
 * The game re-run from its setup with its recorded submissions, keeping the hashes and events the
 * current code gives (after a deliberate change of a ruleset's code, e.g. to re-record a regression
 * fixture once the bug it caught is fixed). Answers not yet resolved are kept as they are.
 */
export function rerecord<S>(ruleset: Ruleset<S>, game: GameRecord<S>): GameRecord<S> {
  let g = createGame(ruleset, game.options, game.seed);
  for (const step of game.steps) g = replayStep(ruleset, g, step);
  return { ...g, pending: game.pending, nextOrder: game.nextOrder };
}

/**
 * Every state of a replay from the setup, one at a time: the initial state (index 0), then the
 * state after each recorded step, each with its hash and the hash the record expects (to tell
 * whether the replay still reaches the recorded states). Stops after step `upTo` when given.
 */
export function* replayStates<S>(ruleset: Ruleset<S>, game: GameRecord<S>, upTo = Infinity): Generator<{ index: number; state: S; hash: string; expected: string; events: unknown[] }> {
  let g = createGame(ruleset, game.options, game.seed);
  yield { index: 0, state: g.state, hash: g.initialHash, expected: game.initialHash, events: [] };
  for (const step of game.steps) {
    if (step.index > upTo) return;
    g = replayStep(ruleset, g, step);
    const last = g.steps[g.steps.length - 1]!;
    yield { index: last.index, state: g.state, hash: last.hash, expected: step.hash, events: last.events };
  }
}
