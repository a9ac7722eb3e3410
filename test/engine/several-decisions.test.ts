/**
 * The engine's bookkeeping of answers when one player is asked several decisions at once
 * (src/engine/game.ts): an answer replaces only the same player's answer to the same decision,
 * withdrawing and `missing` keep decisions apart, defaults fill only what is missing; answers are
 * numbered in the order given, defaults after them; a game with no open decision refuses to
 * advance without resolving anything. Played on a two-question ruleset defined here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { advance, createGame, GameError, missing, submit, withdraw } from '../../src/engine/game.ts';
import type { Ruleset, Submission } from '../../src/engine/ruleset.ts';

interface S { over: boolean; got: Submission[] }
const ask = (players: string[]) => ['tax', 'levy'].map((id) => ({ id, players, defaults: Object.fromEntries(players.map((p) => [p, 0])), deadline: { kind: 'after', hours: 24 } }));
let resolved = 0;
const two = {
  id: 'test/two-questions',
  setup: () => ({ over: false, got: [] }),
  players: () => [{ id: 'p1', name: 'Aude' }, { id: 'p2', name: 'Bérenger' }],
  decisions: (s: S) => (s.over ? [] : ask(['p1', 'p2'])),
  validate: (_s: S, _p: string, _d: string, answer: unknown) => ({ value: Number(answer), issues: [] }),
  resolve: (_s: S, subs: Submission[]) => { resolved++; return { state: { over: true, got: subs }, events: [] }; },
  stepLabel: () => 'one',
} as unknown as Ruleset<S>;

test('answers to two decisions of one player are kept apart; numbered in the order given', () => {
  let g = createGame(two, null, 1);
  g = submit(two, g, 'p1', 'tax', 5).game;
  g = submit(two, g, 'p1', 'levy', 7).game;
  g = submit(two, g, 'p2', 'levy', 2).game;
  assert.deepEqual(g.pending.map((s) => [s.decision, s.player, s.value, s.order]), [['tax', 'p1', 5, 1], ['levy', 'p1', 7, 2], ['levy', 'p2', 2, 3]]);
  assert.deepEqual(missing(two, g), [{ decision: 'tax', player: 'p2' }]);
  g = submit(two, g, 'p1', 'tax', 6).game;
  assert.deepEqual(g.pending.map((s) => [s.decision, s.player, s.value, s.order]), [['levy', 'p1', 7, 2], ['levy', 'p2', 2, 3], ['tax', 'p1', 6, 4]]);
  assert.equal(g.nextOrder, 5);
  const w = withdraw(g, 'p1', 'levy');
  assert.deepEqual(w.pending.map((s) => [s.decision, s.player]), [['levy', 'p2'], ['tax', 'p1']]);
  assert.deepEqual(missing(two, w), [{ decision: 'tax', player: 'p2' }, { decision: 'levy', player: 'p1' }]);
});

test('defaults fill only the missing answers, numbered after the given ones; a finished game does not advance', () => {
  let g = createGame(two, null, 1);
  g = submit(two, g, 'p1', 'levy', 7).game;
  g = submit(two, g, 'p2', 'tax', 3).game;
  resolved = 0;
  g = advance(two, g, { useDefaults: true });
  assert.equal(resolved, 1);
  const got = g.state.got.map((s) => [s.decision, s.player, s.value, s.order]);
  assert.deepEqual(got, [['tax', 'p1', 0, 3], ['tax', 'p2', 3, 2], ['levy', 'p1', 7, 1], ['levy', 'p2', 0, 4]]);
  assert.deepEqual(g.steps[0]!.defaulted, [{ decision: 'tax', player: 'p1' }, { decision: 'levy', player: 'p2' }]);
  assert.throws(() => advance(two, g, { useDefaults: true }), (e: unknown) => e instanceof GameError && e.message === 'the game is over: nothing to resolve');
  assert.equal(resolved, 1, 'nothing resolved once the game is over');
});
