/**
 * Phase 7, rules §4.7, steps 7.A and 7.D (rules/end-of-turn.ts): calamities discarded, per-turn
 * counters reset, pieces at path entrances gathered to the outskirts [T-FAQ], troops merged; the
 * whole phase 7 run in order keeps the invariants. (7.B: victory.test.ts; 7.C: TV-03 in phases.test.ts.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runStep } from '../../src/rulesets/fief/turn.ts';
import { assertValid, given, lay, lordOf, OLIVIER, FRANCK } from './fixture.ts';

test('7.A: every calamity on the board goes to the Event/Calamity discard pile', () => {
  const s = given(4, 'end');
  const a = lay(s, 'PLAGUE', 1);
  const b = lay(s, 'BAD_WEATHER', 3);
  const after = runStep(s, '7.A');
  assert.ok(Object.values(after.bishoprics).every((x) => x.calamities.length === 0));
  assert.deepEqual(after.secret.eventDiscard.slice(-2).sort(), [a, b].sort());
  assertValid(after);
});

test('7.D: counters reset; entrance pieces gathered to the outskirts and merged', () => {
  const s = given(4, 'end');
  const village = s.lords[lordOf(s, OLIVIER)]!.at!.village;
  const lord = lordOf(s, FRANCK);
  s.lords[lord]!.stepsThisTurn = 2;
  s.lords[lord]!.plagueTestedThisTurn = true;
  s.lords[lord]!.at = { village, position: { kind: 'ENTRANCE', path: 'X~Y' } };
  s.popeExcommunicationsThisTurn = 1;
  // FRANCK's troops: two groups at two entrances of OLIVIER's village.
  s.families[FRANCK]!.reserve.sergeants -= 3;
  s.villages[village]!.stacks.push(
    { player: FRANCK, position: { kind: 'ENTRANCE', path: 'A~B' }, groups: [{ sergeants: 1, knights: 0, steps: 2, plagued: true }] },
    { player: FRANCK, position: { kind: 'ENTRANCE', path: 'C~D' }, groups: [{ sergeants: 2, knights: 0, steps: 1, plagued: false }] },
  );
  assertValid(s);
  const after = runStep(s, '7.D');
  assert.deepEqual(after.lords[lord]!.at, { village, position: { kind: 'OUTSKIRTS' } });
  assert.equal(after.lords[lord]!.stepsThisTurn, 0);
  assert.equal(after.lords[lord]!.plagueTestedThisTurn, false);
  assert.equal(after.popeExcommunicationsThisTurn, 0);
  const franck = after.villages[village]!.stacks.filter((st) => st.player === FRANCK);
  assert.deepEqual(franck, [{ player: FRANCK, position: { kind: 'OUTSKIRTS' }, groups: [{ sergeants: 3, knights: 0, steps: 0, plagued: false }] }]);
  assertValid(after);
});

test('phase 7 in order (7.A → 7.D) on a game without a winner: the first player passes, invariants hold', () => {
  let s = given(5, 'end');
  lay(s, 'FAMINE', 2);
  for (const id of ['7.A', '7.B', '7.C', '7.D'] as const) { s = runStep(s, id); assertValid(s); }
  assert.equal(s.winners, null);
  assert.equal(s.firstPlayer, 'P2');
});
