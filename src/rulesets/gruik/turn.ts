/**
 * Runs the steps of a season from the table of steps.ts (style §2: the sequence is data, the
 * runner a lookup). A step whose row says 'not-implemented' is refused with StepNotImplemented: it
 * never passes silently. Only the steps listed in RUNNERS run; a test checks that RUNNERS and the
 * table's statuses agree.
 */
import type { GruikState } from './state.ts';
import { stepRow, STEPS, type StepId } from './steps.ts';
import { applySeasonalSizes } from './rules/army-size.ts';

export class StepNotImplemented extends Error {
  constructor(readonly step: StepId) {
    super(`Gruik: step ${step} (${stepRow(step).name.en}, rules ${stepRow(step).rule}) is not implemented yet`);
    this.name = 'StepNotImplemented';
  }
}

/** The code of each implemented step: pure, returns a new state. */
export const RUNNERS: Partial<Record<StepId, (s: GruikState) => GruikState>> = {
  // §3.3 S0.4, §4.3, §4.5.3 [T §4.1.2, §4.1.3]: base + modifier, capped; persisting detachments deducted again.
  'S0.4': (s) => ({ ...applySeasonalSizes(s), step: 'S0.4' }),
};

/** Runs one step, or throws StepNotImplemented. */
export function runStep(state: GruikState, step: StepId): GruikState {
  const row = STEPS.find((r) => r.id === step);
  const run = RUNNERS[step];
  if (!row || row.status !== 'implemented' || !run) throw new StepNotImplemented(step);
  return run(state);
}
