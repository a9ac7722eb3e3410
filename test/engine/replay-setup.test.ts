/**
 * Replay checks the setup too (src/engine/game.ts, `replay`): a game file is its setup (ruleset
 * options and seed) plus its steps, and the setup's state hash is recorded as `initialHash`. A file
 * whose seed or options were changed afterwards, or whose recorded initial hash was, fails replay
 * at step 0 — even a file with no step yet, where no later hash could catch it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { advance, createGame, replay, type GameRecord } from '../../src/engine/game.ts';
import { hashState } from '../../src/engine/hash.ts';
import type { Ruleset } from '../../src/engine/ruleset.ts';
import { tithe } from './prompt-ruleset.ts';

/** A ruleset whose setup draws from the seed (so the seed shows in the initial state). */
interface Dealt { players: string[]; deck: number[]; turns: number }
const dealt: Ruleset<Dealt> = {
  id: 'test/dealt',
  title: { fr: 'Donne', en: 'Deal' },
  setup: (options: { players: string[] }, rng) => ({ players: options.players, deck: rng.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), turns: 0 }),
  players: (s) => s.players.map((name, i) => ({ id: `p${i + 1}`, name })),
  decisions: (s) => (s.turns >= 3 ? [] : [{ id: 'draw', kind: 'draw', players: ['p1'], deadline: { kind: 'none' }, defaults: { p1: '' }, prompt: { fr: 'Piocher', en: 'Draw' } }]),
  validate: (_s, _p, _d, answer) => ({ value: answer, issues: [] }),
  resolve: (s) => ({ state: { ...s, deck: s.deck.slice(1), turns: s.turns + 1 }, events: [] }),
  view: (s) => s,
  report: () => '',
  outcome: (s) => (s.turns >= 3 ? { finished: true, winners: [], reason: 'none' } : null),
  stepLabel: (s) => `turn ${s.turns + 1}`,
};

const OPTIONS = { players: ['Aude', 'Bérenger'] };
const tamper = <S>(g: GameRecord<S>, change: (g: GameRecord<S>) => void): GameRecord<S> => { const t = structuredClone(g); change(t); return t; };

describe('replay: the setup is checked against the recorded initial hash', () => {
  test('an untouched file with no step replays', () => {
    const g = createGame(dealt, OPTIONS, 'deal-1');
    assert.deepEqual(replay(dealt, g), { ok: true, steps: 0, mismatches: [], finalHash: g.initialHash });
  });

  test('a file with no step whose seed was changed fails at step 0', () => {
    const g = createGame(dealt, OPTIONS, 'deal-1');
    const other = createGame(dealt, OPTIONS, 'deal-2');
    assert.notEqual(other.initialHash, g.initialHash, 'the two seeds deal differently');
    const r = replay(dealt, tamper(g, (t) => { t.seed = 'deal-2'; }));
    assert.equal(r.ok, false);
    assert.deepEqual(r.mismatches, [{ step: 0, expected: g.initialHash, actual: other.initialHash }]);
  });

  test('a file with no step whose options were changed fails at step 0', () => {
    const g = createGame(tithe, { players: ['Aude', 'Bérenger', 'Clotilde'] }, 'tithe-1');
    const r = replay(tithe, tamper(g, (t) => { t.options = { players: ['Aude', 'Bérenger', 'Clothaire'] }; }));
    assert.equal(r.ok, false);
    assert.equal(r.mismatches.length, 1);
    assert.equal(r.mismatches[0]!.step, 0);
    assert.equal(r.mismatches[0]!.expected, g.initialHash);
    assert.equal(r.mismatches[0]!.actual, createGame(tithe, { players: ['Aude', 'Bérenger', 'Clothaire'] }, 'tithe-1').initialHash);
  });

  test('a file with no step whose recorded initial hash was changed fails at step 0', () => {
    const g = createGame(dealt, OPTIONS, 'deal-1');
    const forged = hashState({ forged: true });
    const r = replay(dealt, tamper(g, (t) => { t.initialHash = forged; }));
    assert.deepEqual(r.mismatches, [{ step: 0, expected: forged, actual: g.initialHash }]);
  });

  test('with steps, a changed seed is reported at step 0 first', () => {
    let g = createGame(dealt, OPTIONS, 'deal-1');
    for (let i = 0; i < 3; i++) g = advance(dealt, g, { useDefaults: true });
    assert.equal(replay(dealt, g).ok, true);
    const r = replay(dealt, tamper(g, (t) => { t.seed = 'deal-2'; }));
    assert.equal(r.ok, false);
    assert.equal(r.mismatches[0]!.step, 0);
    assert.deepEqual(r.mismatches.map((m) => m.step), [0, 1, 2, 3]);
  });
});
