/**
 * The random generator's documented arithmetic (src/engine/rng.ts), draw by draw: sfc32's outputs
 * for given seed words, and what `uniform`, `int`, `pick`, `shuffle` and `chance` make of given
 * source values (exact results, bounds, refusals). A change to any of them changes every game's
 * dice, so each is pinned here rather than only compared between two runs of the same code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { rngFromSource, scriptedRng, sfc32 } from '../../src/engine/rng.ts';

const words = (src: () => number, n: number) => Array.from({ length: n }, () => src() * 2 ** 32);

test('sfc32: the first outputs for given seed words, as 32-bit words', () => {
  // The undiscarded first outputs are tiny for small seed words: createRng throws 12 away.
  assert.deepEqual(words(sfc32(1, 2, 3, 4), 6), [7, 34, 56623200, 188882296, 3431242869, 399395954]);
  assert.deepEqual(words(sfc32(0xdeadbeef, 0x12345678, 0x9abcdef0, 0xffffffff), 4), [4041348454, 2195792579, 3074186405, 2188808789]);
  const s = sfc32(1, 2, 3, 4);
  for (let i = 0; i < 1000; i++) { const x = s(); assert.ok(x >= 0 && x < 1, `${x} in [0, 1)`); }
});

test('uniform(a, b) is a + (b − a) × the draw', () => {
  assert.equal(scriptedRng([0.25]).uniform(2, 6), 3);
  assert.equal(scriptedRng([0]).uniform(2, 6), 2);
  assert.equal(scriptedRng([0.5]).uniform(-4, 0), -2);
});

test('int(a, b): both bounds inclusive, floor of the scaled draw; an empty range is refused', () => {
  assert.equal(scriptedRng([0]).int(1, 6), 1);
  assert.equal(scriptedRng([0.5]).int(1, 6), 4);
  assert.equal(scriptedRng([0.999]).int(1, 6), 6);
  assert.equal(scriptedRng([0.7]).int(4, 4), 4, 'a one-value range is not empty');
  assert.equal(scriptedRng([0.3]).int(-2, 2), -1);
  assert.throws(() => scriptedRng([0.5]).int(3, 2), { message: 'rng.int: empty range [3, 2]' });
});

test('pick: the element at the floor of the scaled draw; an empty list is refused', () => {
  assert.equal(scriptedRng([0]).pick(['a', 'b', 'c']), 'a');
  assert.equal(scriptedRng([0.34]).pick(['a', 'b', 'c']), 'b');
  assert.equal(scriptedRng([0.99]).pick(['a', 'b', 'c']), 'c');
  assert.throws(() => scriptedRng([0.5]).pick([]), { message: 'rng.pick: empty list' });
});

test('shuffle: Fisher–Yates from the last element down, one draw per swap, none for the first', () => {
  // i = 3: j = 3 (stays); i = 2: j = 1 → [1, 3, 2, 4]; i = 1: j = 0 → [3, 1, 2, 4].
  assert.deepEqual(scriptedRng([0.9, 0.5, 0.1]).shuffle([1, 2, 3, 4]), [3, 1, 2, 4]);
  // j = 0 each time: [4, 2, 3, 1] → [3, 2, 4, 1] → [2, 3, 4, 1].
  assert.deepEqual(scriptedRng([0, 0, 0]).shuffle([1, 2, 3, 4]), [2, 3, 4, 1]);
  // Exactly n − 1 draws: a fourth would exhaust the script.
  const input = [1, 2, 3, 4];
  scriptedRng([0.2, 0.2, 0.2]).shuffle(input);
  assert.deepEqual(input, [1, 2, 3, 4], 'the input is left alone');
  assert.deepEqual(scriptedRng([]).shuffle(['x']), ['x']);
});

test('chance(p) is true when the draw is strictly below p', () => {
  assert.equal(scriptedRng([0.49]).chance(0.5), true);
  assert.equal(scriptedRng([0.5]).chance(0.5), false);
  assert.equal(scriptedRng([0]).chance(0), false);
  assert.equal(scriptedRng([0.999]).chance(1), true);
});

test('next returns the source itself; rngFromSource wraps any source', () => {
  const r = rngFromSource(() => 0.125);
  assert.equal(r.next(), 0.125);
  assert.equal(r.int(0, 7), 1);
});
