/**
 * Fief's finishing order (finish.ts, the Ruleset's `finishingOrder` hook): winners first together,
 * then the others by victory points (§1.3), equal points parted by the tie-break of §1.6 and
 * grouped where it cannot part them; every player once; null while the game runs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { finishingOrderOf } from '../../src/engine/ruleset.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { finishingOrder } from '../../src/rulesets/fief/finish.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { addLord, given, giveTitles, occupy } from './fixture.ts';

test('winners first, then by VP; equal VP parted by the §1.6 tie-break (king before the others); a full tie grouped', () => {
  const s = given(5, 'finish');
  s.winners = ['P3'];
  giveTitles(s, addLord(s, 'P1'), 'FIEF:F_SIGY', 'FIEF:F_BOURG'); // 2 VP
  giveTitles(s, addLord(s, 'P2'), 'KING'); // 1 VP, with the crown
  giveTitles(s, addLord(s, 'P4'), 'FIEF:F_BLAYE'); // 1 VP, a fief title
  // P5: 0 VP, like nobody else
  assert.deepEqual(finishingOrder(s), [['P3'], ['P1'], ['P2'], ['P4'], ['P5']]);
  // Two players without a title and with the same villages stay tied.
  const t = given(4, 'finish-tie');
  t.winners = ['P1', 'P2'];
  for (const v of Object.keys(t.villages)) if (t.villages[v]!.controller === 'P3' || t.villages[v]!.controller === 'P4') t.villages[v]!.controller = null;
  occupy(t, 'P3', 'BLAYE'); occupy(t, 'P4', 'TOURNUS');
  assert.deepEqual(finishingOrder(t), [['P1', 'P2'], ['P3', 'P4']]);
  // One more village parts them [T §7.3].
  occupy(t, 'P4', 'SIGY');
  assert.deepEqual(finishingOrder(t), [['P1', 'P2'], ['P4'], ['P3']]);
});

test('through the engine: null while the game runs; every player once when it is over (the turn cap: no winner)', () => {
  const s = given(4, 'finish-engine');
  const running: FiefGame = { fief: s, flow: { stage: 'turn', step: '4.B', answers: {}, current: null, asked: {}, maxTurns: 0 } };
  assert.equal(finishingOrderOf(fief, running), null);
  const over: FiefGame = { ...running, fief: { ...s, winners: [] }, flow: { ...running.flow, stage: 'over' } };
  const order = finishingOrderOf(fief, over)!;
  assert.deepEqual(order.flat().sort(), [...s.players].sort(), 'every player once');
  assert.ok(order.every((g) => g.length > 0), 'no empty group');
});
