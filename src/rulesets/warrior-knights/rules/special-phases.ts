/**
 * The special phases fired during the action phase (rules §4.2.4), run one at a time from the
 * queue, first in first out [P G-A58]: Taxation (§4.5), Wages (§4.6), the Mercenary Draft (§4.9).
 * the Assembly (§5, assembly.ts). The next card is
 * revealed only once the queue is empty ("resolved immediately and completely", §4.2.4).
 */
import type { BaronId } from '../barons.ts';
import type { WkState } from '../state.ts';
import { runAssembly, type AssemblyAnswers, type AssemblyResult } from './assembly.ts';
import { runDraft, type DraftPick, type DraftResult } from './draft.ts';
import type { Shuffle } from './streams.ts';
import { runTaxation, type TaxationAnswers } from './taxation.ts';
import { runWages, type WagesAnswer } from './wages.ts';

export interface SpecialAnswers {
  wages?: Partial<Record<BaronId, WagesAnswer>>;
  draft?: Record<number, DraftPick | null>;
  taxation?: TaxationAnswers;
  assembly?: AssemblyAnswers;
}

/** Runs the first queued phase with its answers (missing ones: §9.2 defaults). */
export type SpecialResult = DraftResult | AssemblyResult;

export function runPendingPhase(s: WkState, answers: SpecialAnswers = {}, shuffle?: Shuffle): SpecialResult {
  const phase = s.pendingPhases[0];
  if (!phase) throw new Error('runPendingPhase: no special phase is waiting');
  let next: WkState;
  switch (phase) {
    case 'taxation': next = runTaxation(s, answers.taxation); break;
    case 'wages': next = runWages(s, answers.wages, shuffle); break;
    case 'draft': {
      const r = runDraft(s, answers.draft, shuffle);
      if (!r.ok) return r;
      next = r.state;
      break;
    }
    case 'assembly': {
      const r = runAssembly(s, answers.assembly, shuffle);
      if (!r.ok) return r;
      next = r.state;
      break;
    }
  }
  next.pendingPhases = next.pendingPhases.slice(1);
  return { ok: true, state: next };
}
