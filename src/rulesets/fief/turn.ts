/**
 * Runs the steps of the turn from the table of phases.ts (style §2: the sequence is data, the
 * runner a lookup). A step whose row says 'not-implemented' is refused with StepNotImplemented:
 * it never passes silently. Only the steps listed in RUNNERS run; a test checks that RUNNERS and
 * the table's statuses agree.
 */
import type { FiefState, LordId } from './state.ts';
import { stepRow, TURN_STEPS, type TurnStepId } from './phases.ts';
import { resolveCalamities, type PlagueLosses } from './rules/calamities.ts';
import { streamD6, type D6 } from './rules/dice.ts';
import { runDrawStep, type DrawAnswer } from './rules/draw.ts';
import { discardCalamities, endOfTurnCleanup } from './rules/end-of-turn.ts';
import { endOfIncome, payIncome } from './rules/income.ts';
import { runPlayStep, type CardPlay } from './rules/play-cards.ts';
import { runPurchaseStep, type Purchase } from './rules/purchases.ts';
import { runRansomStep, type RansomAnswer } from './rules/ransoms.ts';
import { runMovementStep, type MovementInputs } from './rules/movement.ts';
import { runCombatStep, runPillageStep, type CombatInputs } from './rules/combat-phase.ts';
import type { VillageId } from './board.ts';
import type { PlayerId } from '../../engine/ruleset.ts';
import { checkVictory } from './rules/victory.ts';
import { runBishopElections, runElection, type ElectionAnswers } from './rules/elections.ts';
import { runMarriageStep, type MarriageInputs } from './rules/marriage.ts';
import type { BishopricNo } from './board.ts';
import { passFirstPlayer } from './turn-order.ts';
import { runRelics, type RelicInputs } from './rules/relics.ts';
import { playInsteadOfDiscard, type SurprisePlay } from './rules/surprise.ts';

export class StepNotImplemented extends Error {
  constructor(readonly step: TurnStepId) {
    super(`Fief: step ${step} (${stepRow(step).name.en}, rules ${stepRow(step).rule}) is not implemented yet`);
    this.name = 'StepNotImplemented';
  }
}

/**
 * The answers a step takes (the decisions the prompt layer collects); a missing answer is the
 * default of rules §11.4. Dice are injected for tests; by default they come from named streams.
 */
export interface StepInputs {
  '1.A'?: MarriageInputs;
  '1.B'?: Partial<Record<BishopricNo, ElectionAnswers>>;
  '1.C'?: ElectionAnswers;
  '1.D'?: ElectionAnswers;
  /** `agreed`: #13 for the lords its ⚡ plays free, the same map in every player's entry (keyed by the freed lord). */
  '2.A'?: Partial<Record<PlayerId, DrawAnswer & { surprises?: SurprisePlay[]; agreed?: Partial<Record<LordId, readonly PlayerId[]>> }>>;
  '2.B'?: { d6?: D6; losses?: PlagueLosses; heirs?: Partial<Record<LordId, LordId>>; agreed?: Partial<Record<LordId, readonly PlayerId[]>> };
  '2.C'?: Partial<Record<PlayerId, CardPlay[]>>;
  '2.D'?: RelicInputs & { d6?: D6 };
  '4.A'?: Partial<Record<PlayerId, RansomAnswer>>;
  '4.B'?: Partial<Record<PlayerId, Purchase[]>>;
  '5.A'?: MovementInputs;
  '6.A'?: CombatInputs;
  '6.C'?: Partial<Record<PlayerId, Partial<Record<VillageId, number>>>>;
}

/** The code of each implemented step: pure, returns a new state. */
export const RUNNERS: Partial<Record<TurnStepId, (s: FiefState, input: StepInputs) => FiefState>> = {
  // §4.1, §5.1 [T §1.1]: marriage proposals in turn order (#1, default none), each answered (#2, default decline).
  '1.A': (s, i) => runMarriageStep(s, i['1.A']).state,
  // §4.1, §5.5.2 [T §1.4]: a bishop election per bishopric without a bishop, in increasing number (#3, #4).
  '1.B': (s, i) => runBishopElections(s, i['1.B']).state,
  // §4.1, §5.5.3 [T §1.7]: the pope election, with at least 2 free cardinals (#3, #4).
  '1.C': (s, i) => runElection(s, { kind: 'POPE' }, i['1.C']).state,
  // §4.1, §5.5.4 [T §1.8]: the king election, while no king lives (#3, #4).
  '1.D': (s, i) => runElection(s, { kind: 'KING' }, i['1.D']).state,
  // §4.2, §6.1 [T §2.1, §2.2]: discard and draw in turn order (#9, default stop).
  // [T-FAQ] ⚡ cards played instead of discarded, in each player's discard sub-step (surprise.ts).
  '2.A': (s, i) => runDrawStep(s, i['2.A'], (st, p) => playInsteadOfDiscard(st, p, i['2.A']?.[p]?.surprises, { agreed: i['2.A']?.[p]?.agreed ?? {} }).state).state,
  // §4.2, §6.3 [T §2.3]: the calamity track flipped; plague losses chosen by their owners (#10).
  '2.B': (s, i) => resolveCalamities(s, i['2.B']?.d6 ?? streamD6(s), i['2.B']?.losses, { heirs: i['2.B']?.heirs ?? {}, agreed: i['2.B']?.agreed ?? {} }).state,
  // §4.2, §6.4 [T §2.4, P G-50]: one pass of ♦ cards in turn order (#11, default play nothing).
  '2.C': (s, i) => runPlayStep(s, i['2.C']).state,
  // A.1 [T §11.1, P G-53]: the end-of-phase relics, St Roseline then St Radegonde in the holders' turn order (#38a, default not used).
  '2.D': (s, i) => runRelics(s, i['2.D'], i['2.D']?.d6 ?? streamD6(s)).state,
  // §4.3 [T §3.0]: income for everyone at once (TV-19–TV-21), then tax markers back and bonus cards discarded.
  '3.A': payIncome,
  '3.B': endOfIncome,
  // §4.4, §8.5.3 [T §6.2.5, P G-24]: every ransom before any purchase (#16, #17).
  '4.A': (s, i) => runRansomStep(s, i['4.A']).state,
  // §4.4, §7.2 [T §4.0–§4.4]: purchases in turn order (#18, default buy nothing).
  '4.B': (s, i) => runPurchaseStep(s, i['4.B']).state,
  // §4.5, §8.1–§8.3 [T §5.0–§5.2, P G-29–G-33]: movement in turn order (#19–#23, #33, #40).
  '5.A': (s, i) => runMovementStep(s, i['5.A']).state,
  // §4.6, §8.4, §8.6 [T §6.0–§6.4]: per player in turn order, his battles then his sieges (#24–#32).
  '6.A': (s, i) => runCombatStep(s, i['6.A']).state,
  // §4.6 [T §6.0]: each player's sieges run inside 6.A, right after his battles (the `with` column).
  '6.B': (s) => s,
  // §4.6, §8.7 [T §6.5]: pillage in turn order (#35, default none).
  '6.C': (s, i) => runPillageStep(s, i['6.C']).state,
  // §4.7.1 [T §7.0]: the calamities leave the board.
  '7.A': discardCalamities,
  // §4.7.2 [T §7.0–§7.3]: victory check; the winners end the game (TV-47–TV-50).
  '7.B': (s) => { const v = checkVictory(s); return v ? { ...s, winners: v.winners } : s; },
  // §4.7.3 [T §7.0]: the first player passes the card to his left-hand neighbour (TV-03).
  '7.C': (s) => ({ ...s, firstPlayer: passFirstPlayer(s.players, s.firstPlayer ?? s.players[0]!) }),
  // §4.7 [P]: counters reset, entrances gathered to the outskirts [T-FAQ].
  '7.D': endOfTurnCleanup,
};

/** Runs one step of the turn with the players' answers (defaults where missing), or throws StepNotImplemented. */
export function runStep(state: FiefState, step: TurnStepId, input: StepInputs = {}): FiefState {
  const row = TURN_STEPS.find((r) => r.id === step);
  const run = RUNNERS[step];
  if (!row || row.status !== 'implemented' || !run) throw new StepNotImplemented(step);
  return run(state, input);
}
