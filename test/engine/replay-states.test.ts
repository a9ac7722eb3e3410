/**
 * A game's history re-run from its setup (src/engine/game.ts): `replayStates` gives every state in
 * turn (the setup's, then each step's) with the hash it reaches and the hash the record expects,
 * and stops after a given step; `rerecord` re-runs the recorded answers and keeps the hashes the
 * current code gives, with the answers not yet resolved. Also: a default the ruleset refuses stops
 * `advance` with the reason. Played on the small many-prompts game (prompt-ruleset.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { advance, createGame, GameError, replayStates, rerecord, submit, type GameRecord } from '../../src/engine/game.ts';
import { hashState } from '../../src/engine/hash.ts';
import type { Ruleset } from '../../src/engine/ruleset.ts';
import { tithe, type TitheState } from './prompt-ruleset.ts';

type G = GameRecord<TitheState>;
const PLAYERS = { players: ['Aude', 'Bérenger', 'Clotilde'] };

/** Five steps (the first with two real bids), then an answer pending for the sixth. */
function history(): G {
  let g: G = createGame(tithe, PLAYERS, 'history');
  g = submit(tithe, g, 'p1', 'bid', 5).game;
  g = submit(tithe, g, 'p2', 'bid', 3).game;
  for (let i = 0; i < 5; i++) g = advance(tithe, g, { useDefaults: true });
  const d = tithe.decisions(g.state)[0]!;
  const p = d.players[0]!;
  return submit(tithe, g, p, d.id, d.defaults[p]).game;
}

test('replayStates: the setup state, then each step\'s, with the hash reached and the hash recorded', () => {
  const g = history();
  const seen = [...replayStates(tithe, g)];
  assert.deepEqual(seen.map((s) => s.index), [0, 1, 2, 3, 4, 5]);
  assert.equal(seen[0]!.hash, g.initialHash);
  assert.equal(seen[0]!.expected, g.initialHash);
  assert.deepEqual(seen[0]!.state, createGame(tithe, PLAYERS, 'history').state);
  for (const s of seen.slice(1)) {
    assert.equal(s.expected, g.steps[s.index - 1]!.hash);
    assert.equal(s.hash, s.expected, `step ${s.index} reaches its recorded state`);
    assert.equal(s.hash, hashState(s.state));
  }
  assert.deepEqual(seen.at(-1)!.state, g.state);
});

test('replayStates stops after step upTo; a tampered answer shows as a hash unlike the recorded one', () => {
  const g = history();
  assert.deepEqual([...replayStates(tithe, g, 2)].map((s) => s.index), [0, 1, 2]);
  assert.deepEqual([...replayStates(tithe, g, 0)].map((s) => s.index), [0]);

  const t = structuredClone(g);
  t.steps[0]!.submissions.find((s) => s.player === 'p1')!.value = 4;
  const seen = [...replayStates(tithe, t)];
  assert.equal(seen[0]!.hash, seen[0]!.expected);
  assert.notEqual(seen[1]!.hash, seen[1]!.expected);
});

test('rerecord: the recorded answers re-run, the hashes the code gives now, pending answers kept', () => {
  const g = history();
  const stale = structuredClone(g);
  stale.initialHash = 'stale';
  for (const s of stale.steps) s.hash = `stale ${s.index}`;
  const r = rerecord(tithe, stale);
  assert.equal(r.initialHash, g.initialHash);
  assert.deepEqual(r.steps.map((s) => s.hash), g.steps.map((s) => s.hash));
  assert.deepEqual(r.steps.map((s) => s.submissions), g.steps.map((s) => s.submissions));
  assert.deepEqual(r.steps.map((s) => s.defaulted), g.steps.map((s) => s.defaulted));
  assert.deepEqual(r.state, g.state);
  assert.deepEqual(r.pending, g.pending);
  assert.equal(r.pending.length, 1);
  assert.equal(r.nextOrder, g.nextOrder);
  assert.deepEqual(r, g);
});

test('advance: a default the ruleset refuses, or keeps with issues, stops the step with the player, the decision and the reasons', () => {
  const picky: Ruleset<TitheState> = {
    ...tithe,
    validate: (state, player, decision, answer) => (player === 'p2' && answer === 0
      ? { value: null, issues: [{ message: 'no zero bid here' }] }
      : tithe.validate(state, player, decision, answer)),
  } as Ruleset<TitheState>;
  const g = createGame(picky, PLAYERS, 'picky');
  assert.throws(() => advance(picky, g, { useDefaults: true }),
    (e: unknown) => e instanceof GameError && e.message === 'invalid default for p2 on "bid": no zero bid here');
  // A default kept with issues is refused too, with every issue.
  const doubtful = { ...tithe, validate: () => ({ value: 0, issues: [{ message: 'first' }, { message: 'second' }] }) } as unknown as Ruleset<TitheState>;
  assert.throws(() => advance(doubtful, createGame(doubtful, PLAYERS, 'doubtful'), { useDefaults: true }),
    (e: unknown) => e instanceof GameError && e.message === 'invalid default for p1 on "bid": first; second');
});
