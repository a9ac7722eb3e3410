/**
 * Runs the turn from the table of phases.ts (style §2: the sequence is data, the runner a
 * lookup): `runStep(state, inputs)` runs the step the state is at (`state.step`) with the answers
 * the prompt layer collected for it (`StepInputs`; a missing answer is §9.2's default). A step the
 * table marks 'not-implemented' throws StepNotImplemented; a 'partial' one runs and throws it only
 * for an option that does not exist yet. A test checks that RUNNERS and the statuses agree.
 * Planning's P1 is per baron (`submitPlan`); its runner closes the step at the deadline.
 */
import type { BaronId } from './barons.ts';
import { actionCard } from './cards.ts';
import { stepRow, StepNotImplemented, type TurnStepId } from './phases.ts';
import { resolveBaronCard, resumeCombat, revealNext, type CardAnswer } from './rules/action.ts';
import type { CombatAnswers } from './rules/battle.ts';
import { runArrival, type ArrivalAnswer } from './rules/arrival.ts';
import { resolveDefensiveWorks, resolveExpedition, resolveMaintenance, type ExpeditionAnswers, type MaintenanceAnswer, type WorksAnswer } from './rules/neutral.ts';
import { closeEventWindow, drawMajorEvent, type MajorEventAnswers } from './rules/major-event.ts';
import { closePlanning } from './rules/planning.ts';
import { runPendingPhase, type SpecialAnswers } from './rules/special-phases.ts';
import { abandonedSieges, liftAbandonedSieges } from './rules/sides.ts';
import type { Shuffle } from './rules/streams.ts';
import { runUpkeep, type UpkeepAnswers } from './rules/upkeep.ts';
import type { WkState } from './state.ts';
import type { Localized } from '../../engine/ruleset.ts';

export interface StepInputs {
  card?: CardAnswer;
  /** The answers to the combat stage waiting (#9–#16, rules/battle.ts). */
  combat?: CombatAnswers;
  special?: SpecialAnswers;
  works?: Partial<Record<BaronId, WorksAnswer>>;
  maintenance?: Partial<Record<BaronId, MaintenanceAnswer>>;
  expedition?: ExpeditionAnswers;
  upkeep?: UpkeepAnswers;
  arrival?: Partial<Record<BaronId, ArrivalAnswer>>;
  /** A8: the Church holder's choice and the card's own choice, then (second call) the cancellation window. */
  event?: MajorEventAnswers;
  /** Tests inject their own shuffles. */
  shuffle?: Shuffle;
}

export type StepResult = { ok: true; state: WkState } | { ok: false; reason: string; message: Localized };
const done = (state: WkState): StepResult => ({ ok: true, state });

/** The owner's answer to the card waiting (A2–A7). */
const ownerAnswers = (s: WkState, i: StepInputs): StepResult => {
  const info = actionCard(s.current!);
  return info.neutral ? { ok: false, reason: 'no-card', message: { fr: 'Aucune carte de baron n’attend.', en: 'No baron card is waiting.' } } : resolveBaronCard(s, info.owner, i.card);
};

export const RUNNERS: Partial<Record<TurnStepId, (s: WkState, i: StepInputs) => StepResult>> = {
  P1: (s, i) => done(closePlanning(s, i.shuffle)),
  P2: (s, i) => done(closePlanning(s, i.shuffle)),
  P3: (s, i) => done(closePlanning(s, i.shuffle)),
  A1: (s, i) => (s.pendingPhases.length > 0 ? runPendingPhase(s, i.special, i.shuffle) : done(revealNext(s, i.shuffle))),
  A2: ownerAnswers, A3: ownerAnswers, A4: ownerAnswers, A5: ownerAnswers,
  // Military Operations and Improvisation: the owner's answer, then the combat's stages it opened (§6.5–§6.11)
  A6: (s, i) => (s.combat ? resumeCombat(s, i.combat, i.shuffle) : ownerAnswers(s, i)),
  A7: (s, i) => (s.combat ? resumeCombat(s, i.combat, i.shuffle) : ownerAnswers(s, i)),
  A8: (s, i) => (s.eventPending ? closeEventWindow(s, i.event, i.shuffle) : drawMajorEvent(s, i.event, i.shuffle)),
  A9: (s, i) => resolveDefensiveWorks(s, i.works),
  A10: (s, i) => resolveMaintenance(s, i.maintenance),
  A11: (s, i) => done(revealNext(s, i.shuffle)),
  A12: (s, i) => resolveExpedition(s, i.expedition),
  A13: (s, i) => runPendingPhase(s, i.special, i.shuffle),
  A14: (s, i) => runPendingPhase(s, i.special, i.shuffle),
  A15: (s, i) => runPendingPhase(s, i.special, i.shuffle),
  U1: (s, i) => done(runUpkeep(s, i.upkeep)),
  U2: (s, i) => done(runUpkeep(s, i.upkeep)),
  U3: (s, i) => done(runUpkeep(s, i.upkeep)),
  U4: (s, i) => done(runUpkeep(s, i.upkeep)),
  U5: (s, i) => done(runUpkeep(s, i.upkeep)),
  U6: (s, i) => runArrival(s, i.arrival),
};

/** Runs the step the state is at. Setup steps run through setup.ts; a game over runs nothing. */
export function runStep(state: WkState, inputs: StepInputs = {}): StepResult {
  if (state.stage === 'over') throw new Error('runStep: the game is over');
  const step = state.step as TurnStepId;
  const row = stepRow(step);
  if (row.phase === 'setup') throw new Error(`runStep: ${step} is a setup step (setup.ts)`);
  const run = RUNNERS[step];
  if (row.status === 'not-implemented' || !run) throw new StepNotImplemented(step);
  const r = run(state, inputs);
  // [T §6.8] a siege is lifted at once when all besieging armies have left the region "for any reason" (Wages desertion, a death…)
  if (r.ok && abandonedSieges(r.state).length > 0) {
    const s = structuredClone(r.state);
    liftAbandonedSieges(s);
    return { ok: true, state: s };
  }
  return r;
}
