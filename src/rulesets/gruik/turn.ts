/**
 * Runs the steps of a season from the table of steps.ts (style §2: the sequence is data, the
 * runner a lookup). A step whose row says 'not-implemented' is refused with StepNotImplemented: it
 * never passes silently. Only the steps listed in RUNNERS run; a test checks that RUNNERS and the
 * table's statuses agree. A step's dice come from the season's key (rules §11.1) and every roll
 * is appended to the state's roll log.
 */
import type { GruikState, StateId } from './state.ts';
import { hostile } from './rules/relations.ts';
import { raise } from './rules/treasury.ts';
import { gmText } from './words.ts';
import { stepRow, STEPS, type StepId } from './steps.ts';
import { applySeasonalSizes } from './rules/army-size.ts';
import { diceOf } from './rules/dice.ts';
import { reactionRefusal, reactionTriggers, resolveMovement, type MoveOrder } from './rules/movement.ts';
import { resolveNavalPhase } from './rules/naval-phase.ts';
import { fleetsAllowingPassage } from './rules/naval-orders.ts';
import { blockadeAttrition } from './rules/naval-position.ts';
import { LAND_COMBAT_RUNNERS, type LandCombatInputs } from './land-combat.ts';
import { SEASON_RUNNERS, type SeasonInputs } from './season.ts';
import { barbarianMoves } from './rules/invasion.ts';
import { keyCommitment } from './rules/dice.ts';

export class StepNotImplemented extends Error {
  constructor(readonly step: StepId) {
    super(`Gruik: step ${step} (${stepRow(step).name.en}, rules ${stepRow(step).rule}) is not implemented yet`);
    this.name = 'StepNotImplemented';
  }
}

/** The inputs a step takes (what S2 and S3 will have validated); a missing input is the §11.6 default. */
export interface StepInputs extends SeasonInputs, LandCombatInputs {
  /** S4.1: the season's land moves, and the fleets whose standing order lets hostile troops cross their strait [P A-35]. */
  'S4.1'?: { orders: MoveOrder[]; allowing?: string[] };
  /** S4.3: each state's reaction moves (one province each); the prompt layer checks them with `reactionRefusal`, and any that does not stand gets the default, no reaction (§11.6). */
  'S4.3'?: { reactions: Record<string, MoveOrder[]>; allowing?: string[] };
  /** S10: the secret key of the next season (rules §11.1: an independent random secret, the flow draws it). */
  'S10'?: { nextKey: string };
}

/** The season's dice: from its secret key (rules §11.1). */
export { diceOf };

/**
 * S4's `allowing` [P A-35]: the fleets named by the step's input, else those whose policy lets
 * hostile troops cross their strait (`fleetsAllowingPassage`: the S5 order's, else the fleet's
 * standing policy; with neither, it blocks, the §7.15 default).
 */
function allowingOf(s: GruikState, i: StepInputs, given: string[] | undefined): string[] {
  return given ?? fleetsAllowingPassage(s, i['S5']?.orders ?? [], i['S5']?.policies ?? {});
}

/**
 * J7 [T §5.6; P §11.4]: "logic and a die" — the program resolves every conflict by §5.5's step
 * algorithm with seeded roll-offs, and flags for the GM's timed review a province where forces of
 * more than two states stand after the moves, one of them having moved in and two of them hostile.
 */
function raiseMoveConflicts(t: GruikState, crossings: number): GruikState {
  const moved = new Set(t.landMoves.filter((m) => m.to !== m.from).map((m) => m.to));
  const flagged: [string, StateId[]][] = [];
  for (const p of [...moved].sort()) {
    const states = [...new Set([...Object.values(t.armies), ...Object.values(t.detachments)].filter((f) => f.location === p).map((f) => f.state))].sort();
    if (states.length > 2 && states.some((a) => states.some((b) => a < b && hostile(t, a, b)))) flagged.push([p, states]);
  }
  if (!flagged.length) return t;
  const out = { ...t, gmQueue: [...(t.gmQueue ?? [])] }; // never the input's array: a step is pure
  for (const [p, states] of flagged) {
    const name = t.map.provinces.find((x) => x.id === p)?.name ?? p;
    raise(out, 'J7', 'S4.1', states, gmText('place', { p: name, s: states.join(', ') }), gmText('stepAlgorithm', { n: crossings }));
  }
  return out;
}

/** The code of each implemented step: pure, returns a new state. */
export const RUNNERS: Partial<Record<StepId, (s: GruikState, input: StepInputs) => GruikState>> = {
  // §3.3 S0.4, §4.3, §4.5.3 [T §4.1.2, §4.1.3]: base + modifier, capped; persisting detachments deducted again.
  'S0.4': (s) => applySeasonalSizes(s),
  // §3.3 S4, §5.5 [T §5.1, §5.2, §5.6]: the simultaneous moves; no orders: every force holds (§11.6).
  'S4.1': (s, i) => {
    const dice = diceOf(s);
    const given = i['S4.1']?.orders ?? [];
    const orders = [...given, ...barbarianMoves(s).filter((o) => !given.some((g) => g.force === o.force))]; // [P A-55] the barbarians march
    const r = resolveMovement(s, orders, dice, { allowing: allowingOf(s, i, i['S4.1']?.allowing) });
    return raiseMoveConflicts({ ...r.state, rollLog: [...r.state.rollLog, ...dice.log], landMoves: r.moves, movementReport: {} }, r.crossings.length);
  },
  // §5.6.1 [T §5.3; P A-15]: each state's movement report, the enemy moves T1–T3 (no strength).
  'S4.2': (s) => {
    const result = { state: s, moves: s.landMoves, crossings: [], refused: [] };
    return { ...s, movementReport: Object.fromEntries(Object.keys(s.realms).map((y) => [y, reactionTriggers(s, result, y)])) };
  },
  // §5.6 [T §5.3; P A-68]: the reactions, one province each, resolved together in one step; a reaction triggers none.
  'S4.3': (s, i) => {
    const orders = Object.entries(i['S4.3']?.reactions ?? {}).flatMap(([y, list]) => list.filter((o) => {
      const f = s.armies[o.force] ?? s.detachments[o.force];
      return f?.state === y && o.path.length === 1 && !reactionRefusal(s, s.movementReport[y] ?? [], o.force, o.path[0]!);
    }));
    const dice = diceOf(s);
    const r = resolveMovement(s, orders, dice, { reaction: true, allowing: allowingOf(s, i, i['S4.3']?.allowing) });
    return { ...r.state, rollLog: [...r.state.rollLog, ...dice.log], landMoves: [...s.landMoves, ...r.moves] };
  },
  // §3.3 S5, §7.14 [T §7.2–§7.8]: impulses, storms, landings, detections, encounters, naval battles, end of movement.
  'S5': (s, i) => {
    const dice = diceOf(s);
    const r = resolveNavalPhase(s, i['S5']?.orders ?? [], dice, 'S5', i['S5']?.rounds ?? {}, i['S5']?.policies ?? {});
    return { ...r.state, rollLog: [...r.state.rollLog, ...dice.log], navalLog: r.records };
  },
  // §3.3 S6 (land-combat.ts): contested provinces, retreats before combat, battles, sea retreats, post-battle checks.
  ...LAND_COMBAT_RUNNERS,
  // §3.3 S8.1, §7.13 [T §7.8; TV-39]: blockade attrition. The §7.3 end-of-season position and
  // forced returns are not run again: S5 ends with them (naval-phase.ts), and nothing moves a fleet since.
  'S8.1': (s) => {
    const r = blockadeAttrition(s);
    const records = r.losses.map((l) => ({ t: 'blockade-attrition' as const, audience: [l.state], impulse: 0, fleet: l.fleet, state: l.state, lost: l.lost }));
    return { ...r.state, navalLog: [...(r.state.navalLog ?? []), ...records] };
  },
  // S0.1–S0.3, S3, S7, S8 (season.ts).
  ...SEASON_RUNNERS,
  // §3.3 S0.5: the private status sheet is composed from the state by the flow (flow.ts statusSheet, view.ts): nothing changes.
  'S0.5': (s) => s,
  // §3.3 S1 [P]: the diplomacy window is the orders' wait (flow.ts): treaties go with the orders and S3.7 publishes them.
  'S1': (s) => s,
  // §3.3 S2: the orders deadline; the flow's `orders` decision (flow.ts) hands the sheets to S3.1, S4.1, S5, S6.2 and S8.7.
  'S2': (s) => s,
  // §3.3 S9, App. B: the report is composed from the state by the flow (flow.ts seasonReportEvent, report.ts): nothing changes.
  'S9': (s) => s,
  // §3.3 S10, §11.1: the season's key is revealed after its report, the next season's key is committed (its hash published) before any of its rolls.
  'S10': (s, i) => {
    const next = i['S10']?.nextKey;
    if (!next) throw new Error('Gruik: S10 needs the next season’s key (rules §11.1)');
    const t = s.season;
    const keys = { ...s.secret.seasonKeys };
    const revealed = keys[t];
    delete keys[t];
    keys[t + 1] = next;
    return {
      ...s, season: t + 1,
      dice: { keyHashes: { ...s.dice.keyHashes, [t + 1]: keyCommitment(next) }, revealedKeys: { ...s.dice.revealedKeys, ...(revealed !== undefined ? { [t]: revealed } : {}) } },
      secret: { ...s.secret, seasonKeys: keys },
    };
  },
};

/** Runs one step with its inputs, or throws StepNotImplemented. */
export function runStep(state: GruikState, step: StepId, input: StepInputs = {}): GruikState {
  const row = STEPS.find((r) => r.id === step);
  const run = RUNNERS[step];
  if (!row || row.status !== 'implemented' || !run) throw new StepNotImplemented(step);
  return { ...run(state, input), step };
}
