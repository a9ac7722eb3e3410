/**
 * The random streams a game draws from, pinned by value (src/engine/rng.ts, src/engine/game.ts):
 * the documented generator gives the same first numbers for a given seed and stream on every
 * machine and in every version, the setup draws from stream `setup` and step N of a game from
 * stream `step/N`. A change of any of these silently changes every recorded game, so each is
 * pinned here rather than only through a ruleset's regression fixture.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';

import { createRng, sfc32 } from '../../src/engine/rng.ts';
import { advance, createGame } from '../../src/engine/game.ts';
import type { Ruleset } from '../../src/engine/ruleset.ts';

// -------------------------------------------------------------------------------------------
// The generator

describe('rng: the documented algorithm, pinned by value', () => {
  test('seed 42, stream step/1: the first numbers', () => {
    const r = createRng('42', 'step/1');
    assert.deepEqual(Array.from({ length: 5 }, () => r.next()), PINNED_42_STEP_1);
  });

  test('seed "suzerain", stream setup: the first numbers; a numeric seed is its decimal text', () => {
    const r = createRng('suzerain', 'setup');
    assert.deepEqual(Array.from({ length: 3 }, () => r.next()), PINNED_SUZERAIN_SETUP);
    const a = createRng(7, 'turn/7');
    const b = createRng('7', 'turn/7');
    assert.deepEqual([a.next(), a.next()], [b.next(), b.next()]);
  });

  test('int, pick and shuffle read the same stream: pinned results for seed 42, stream dice', () => {
    const r = createRng('42', 'dice');
    assert.deepEqual(Array.from({ length: 8 }, () => r.int(1, 6)), PINNED_42_DICE_INT);
    assert.equal(r.pick(['a', 'b', 'c', 'd', 'e']), PINNED_42_DICE_PICK);
    assert.deepEqual(r.shuffle([1, 2, 3, 4, 5, 6]), PINNED_42_DICE_SHUFFLE);
  });

  test('the stream is sfc32 seeded by SHA-256 of "seed/stream" (four little-endian words), 12 outputs discarded', () => {
    // Re-derived here from node's own SHA-256, as another implementation would from the header.
    for (const [seed, stream] of [['42', 'step/1'], ['suzerain', 'setup'], ['0', 'bot/3/L2'], ['é', 'step/10']] as const) {
      const digest = createHash('sha256').update(`${seed}/${stream}`, 'utf8').digest();
      const src = sfc32(digest.readUInt32LE(0), digest.readUInt32LE(4), digest.readUInt32LE(8), digest.readUInt32LE(12));
      for (let i = 0; i < 12; i++) src();
      const r = createRng(seed, stream);
      for (let i = 0; i < 20; i++) assert.equal(r.next(), src(), `${seed}/${stream}, draw ${i + 1}`);
    }
  });

  test('sfc32 itself: the first outputs from a fixed state', () => {
    const src = sfc32(1, 2, 3, 4);
    assert.deepEqual(Array.from({ length: 4 }, () => src() * 4294967296), PINNED_SFC32_1234);
  });
});

// -------------------------------------------------------------------------------------------
// The streams a game draws from

/** A ruleset that only records its draws: three at setup, three per step, one step per answer. */
interface DrawLog { setup: number[]; steps: { label: string; draws: number[] }[] }
const drawLog: Ruleset<DrawLog> = {
  id: 'test/draw-log',
  title: { fr: 'Journal des tirages', en: 'Draw log' },
  setup: (_options, rng) => ({ setup: [rng.next(), rng.next(), rng.next()], steps: [] }),
  players: () => [{ id: 'p1', name: 'Aude' }],
  decisions: (s) => (s.steps.length >= 12 ? [] : [{ id: 'go', kind: 'go', players: ['p1'], deadline: { kind: 'none' }, defaults: { p1: '' }, prompt: { fr: 'Suite', en: 'Next' } }]),
  validate: (_s, _p, _d, answer) => ({ value: answer, issues: [] }),
  resolve: (s, _subs, rng) => ({ state: { ...s, steps: [...s.steps, { label: `step ${s.steps.length + 1}`, draws: [rng.next(), rng.next(), rng.next()] }] }, events: [] }),
  view: (s) => s,
  report: () => '',
  outcome: (s) => (s.steps.length >= 12 ? { finished: true, winners: [], reason: 'none' } : null),
  stepLabel: (s) => `step ${s.steps.length + 1}`,
};

const first3 = (seed: string, stream: string) => { const r = createRng(seed, stream); return [r.next(), r.next(), r.next()]; };

describe('game: which stream each step draws from', () => {
  test('the setup draws from stream "setup" of the game seed', () => {
    const g = createGame(drawLog, {}, 'streams');
    assert.deepEqual(g.state.setup, first3('streams', 'setup'));
  });

  test('step N draws from stream "step/N" of the game seed, whatever the steps before drew', () => {
    let g = createGame(drawLog, {}, 'streams');
    for (let n = 1; n <= 12; n++) g = advance(drawLog, g, { useDefaults: true });
    assert.equal(g.state.steps.length, 12);
    g.state.steps.forEach((step, i) => assert.deepEqual(step.draws, first3('streams', `step/${i + 1}`), `step ${i + 1}`));
    // Two-digit steps too (a format such as "step/0N" or "step-N" would differ here).
    assert.deepEqual(g.state.steps[9]!.draws, PINNED_STREAMS_STEP_10);
  });
});

// -------------------------------------------------------------------------------------------
// Pinned values (computed once from the algorithm in rng.ts's header; they must never change).

const PINNED_42_STEP_1 = [0.7532534857746214, 0.6425527886021882, 0.3240597059484571, 0.6093353817705065, 0.17164529929868877];
const PINNED_SUZERAIN_SETUP = [0.6031536066439003, 0.7752432054840028, 0.8444063798524439];
const PINNED_42_DICE_INT = [3, 4, 4, 3, 2, 5, 3, 5];
const PINNED_42_DICE_PICK = 'a';
const PINNED_42_DICE_SHUFFLE = [1, 4, 2, 6, 3, 5];
const PINNED_SFC32_1234 = [7, 34, 56623200, 188882296];
const PINNED_STREAMS_STEP_10 = [0.20641428604722023, 0.263633280294016, 0.6709299471694976];
