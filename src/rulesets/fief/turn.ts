/**
 * Runs the steps of the turn from the table of phases.ts (style §2: the sequence is data, the
 * runner a lookup). A step whose row says 'not-implemented' is refused with StepNotImplemented:
 * it never passes silently. Only the steps listed in RUNNERS run; a test checks that RUNNERS and
 * the table's statuses agree.
 */
import type { FiefState } from './state.ts';
import { stepRow, TURN_STEPS, type TurnStepId } from './phases.ts';
import { discardCalamities, endOfTurnCleanup } from './rules/end-of-turn.ts';
import { endOfIncome, payIncome } from './rules/income.ts';
import { checkVictory } from './rules/victory.ts';
import { passFirstPlayer } from './turn-order.ts';

export class StepNotImplemented extends Error {
  constructor(readonly step: TurnStepId) {
    super(`Fief: step ${step} (${stepRow(step).name.en}, rules ${stepRow(step).rule}) is not implemented yet`);
    this.name = 'StepNotImplemented';
  }
}

/** The code of each implemented step: pure, returns a new state. */
export const RUNNERS: Partial<Record<TurnStepId, (s: FiefState) => FiefState>> = {
  // §4.3 [T §3.0]: income for everyone at once (TV-19–TV-21), then tax markers back and bonus cards discarded.
  '3.A': payIncome,
  '3.B': endOfIncome,
  // §4.7.1 [T §7.0]: the calamities leave the board.
  '7.A': discardCalamities,
  // §4.7.2 [T §7.0–§7.3]: victory check; the winners end the game (TV-47–TV-50).
  '7.B': (s) => { const v = checkVictory(s); return v ? { ...s, winners: v.winners } : s; },
  // §4.7.3 [T §7.0]: the first player passes the card to his left-hand neighbour (TV-03).
  '7.C': (s) => ({ ...s, firstPlayer: passFirstPlayer(s.players, s.firstPlayer ?? s.players[0]!) }),
  // §4.7 [P]: counters reset, entrances gathered to the outskirts [T-FAQ].
  '7.D': endOfTurnCleanup,
};

/** Runs one step of the turn, or throws StepNotImplemented. */
export function runStep(state: FiefState, step: TurnStepId): FiefState {
  const row = TURN_STEPS.find((r) => r.id === step);
  const run = RUNNERS[step];
  if (!row || row.status !== 'implemented' || !run) throw new StepNotImplemented(step);
  return run(state);
}
