/**
 * The random streams as documented in src/engine/rng.ts and game.ts, pinned: the first words of
 * the stream `42/turn/7` (SHA-256 of the key read little-endian into sfc32, 12 outputs thrown
 * away), and the streams a game draws from: `setup` for its setup, `step/N` for its N-th step
 * (a one-die ruleset records every draw). Any change to how a stream is named, seeded or drawn
 * changes these numbers, as it would every recorded game.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { advance, createGame } from '../../src/engine/game.ts';
import { createRng, type Rng } from '../../src/engine/rng.ts';
import type { Ruleset } from '../../src/engine/ruleset.ts';

test('createRng("42", "turn/7"): its first three outputs as 32-bit words', () => {
  const r = createRng('42', 'turn/7');
  assert.deepEqual([r.next(), r.next(), r.next()].map((x) => x * 2 ** 32), [1764390449, 1703883183, 3977053130]);
  const again = createRng(42, 'turn/7');
  assert.equal(again.next() * 2 ** 32, 1764390449, 'a numeric seed is its decimal string');
});

/** A ruleset that only records its draws: one at setup, one per step (one decision, one player). */
const dice = {
  id: 'test/dice',
  setup: (_o: unknown, rng: Rng) => ({ draws: [rng.next()] }),
  players: () => [{ id: 'p1', name: 'Aude' }],
  decisions: () => [{ id: 'roll', players: ['p1'], defaults: { p1: 0 }, deadline: { kind: 'after', hours: 24 } }],
  validate: () => ({ value: 0, issues: [] }),
  resolve: (s: { draws: number[] }, _subs: unknown, rng: Rng) => ({ state: { draws: [...s.draws, rng.next()] }, events: [] }),
  stepLabel: () => 'roll',
} as unknown as Ruleset<{ draws: number[] }>;

test('a game draws its setup from stream "setup" and step N from stream "step/N"', () => {
  let g = createGame(dice, null, 'pinned');
  for (let i = 0; i < 3; i++) g = advance(dice, g, { useDefaults: true });
  const first = (stream: string) => createRng('pinned', stream).next();
  assert.deepEqual(g.state.draws, [first('setup'), first('step/1'), first('step/2'), first('step/3')]);
  assert.equal(g.state.draws[0]! * 2 ** 32, 371261080);
});
