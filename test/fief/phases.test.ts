/**
 * The turn of rules §4 as data (phases.ts): seven phases in order, each step of §4.1–§4.7 listed
 * with its rule and §11.4 decisions, the status of each step agreeing with the code that runs it
 * (turn.ts), a step not implemented refused loudly; and TV-03 (first-player rotation, §4.7.3).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import { ALL_STEPS, PHASES, SETUP_STEPS, TURN_STEPS } from '../../src/rulesets/fief/phases.ts';
import { setupGame } from '../../src/rulesets/fief/setup.ts';
import { RUNNERS, runStep, StepNotImplemented } from '../../src/rulesets/fief/turn.ts';
import { passFirstPlayer, turnOrder } from '../../src/rulesets/fief/turn-order.ts';

test('§4: seven phases in the rules’ order, after the setup', () => {
  assert.deepEqual(PHASES.map((p) => p.id), ['SETUP', 'OYEZ', 'CARDS', 'INCOME', 'PURCHASES', 'MOVEMENT', 'COMBAT', 'END']);
  assert.deepEqual(PHASES.map((p) => p.n), [0, 1, 2, 3, 4, 5, 6, 7]);
});

test('§4.1–§4.7: every step in order, phases never going back; §3: setup steps S1–S11', () => {
  assert.deepEqual(TURN_STEPS.map((s) => s.id), ['1.A', '1.B', '1.C', '1.D', '2.A', '2.B', '2.C', '2.D', '3.A', '3.B', '4.A', '4.B', '5.A', '6.A', '6.B', '6.C', '7.A', '7.B', '7.C', '7.D']);
  for (let i = 1; i < TURN_STEPS.length; i++) assert.ok(TURN_STEPS[i]!.phase >= TURN_STEPS[i - 1]!.phase);
  assert.deepEqual(SETUP_STEPS.map((s) => s.id), ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10', 'S11']);
  assert.equal(new Set(ALL_STEPS.map((s) => s.id)).size, ALL_STEPS.length);
  for (const s of ALL_STEPS) {
    assert.match(s.rule, /§|A\.\d/, s.id);
    assert.ok(s.name.fr.length > 0 && s.name.en.length > 0, s.id);
  }
  // 6.A and 6.B run per player, together (§4.6); 2.D only with relics.
  assert.equal(TURN_STEPS.find((s) => s.id === '6.A')!.with, '6.B');
  assert.equal(TURN_STEPS.find((s) => s.id === '2.D')!.option, 'relics');
});

test('§11.4: the decisions named by the steps are catalogue numbers 1–43 (38a)', () => {
  const named = new Set(TURN_STEPS.flatMap((s) => s.decisions));
  for (const d of named) assert.match(d, /^([1-9]|[1-3]\d|4[0-3]|38a)$/, d);
});

test('status agrees with the code: implemented steps have a runner, the others none and are refused loudly', () => {
  for (const s of TURN_STEPS) {
    assert.equal(s.status === 'implemented', typeof RUNNERS[s.id] === 'function', s.id);
    if (s.status === 'implemented') assert.ok(s.by, s.id);
  }
  const state = setupGame({ players: 3 }, createRng(1, 'setup'));
  for (const s of TURN_STEPS.filter((r) => r.status === 'not-implemented')) {
    assert.throws(() => runStep(state, s.id), (e: unknown) => e instanceof StepNotImplemented && e.step === s.id && e.message.includes('not implemented'));
  }
  assert.deepEqual(TURN_STEPS.filter((s) => s.status === 'not-implemented').map((s) => s.id), [], 'every step of the turn runs (2.D, the relics, last)');
});

test('TV-03 First-player rotation: after turn 1 with first player P1 (P1..P4), turn 2’s order is P2, P3, P4, P1', () => {
  const seats = ['P1', 'P2', 'P3', 'P4'];
  assert.deepEqual(turnOrder(seats, 'P1'), ['P1', 'P2', 'P3', 'P4']);
  const next = passFirstPlayer(seats, 'P1');
  assert.equal(next, 'P2');
  assert.deepEqual(turnOrder(seats, next), ['P2', 'P3', 'P4', 'P1']);
  assert.equal(passFirstPlayer(seats, 'P4'), 'P1', 'the card goes round the table');
  // The real step 7.C on a game state.
  const s = { ...setupGame({ players: 4 }, createRng(3, 'setup')), firstPlayer: 'P1' };
  const after = runStep(s, '7.C');
  assert.equal(after.firstPlayer, 'P2');
  assert.equal(s.firstPlayer, 'P1', 'the state given is not changed');
});
