/**
 * Randomness as rules §11.1 asks: every roll derived from (season key, phase, event, index), so
 * the order in which events are processed changes nothing; each roll logged with its audience; the
 * key's published hash lets anyone re-compute a season's rolls once the key is revealed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { keyCommitment, keyedFace, scriptedDice, seasonDice, type RollRequest } from '../../src/rulesets/gruik/rules/dice.ts';

const req = (event: string, sides = 6): RollRequest => ({ sides, phase: 'S7.3', event, purpose: 'test', rule: '[P §11.1]', audience: ['elves'] });

test('§11.1 rolls do not depend on the processing order: siege P1 then P2, or P2 then P1', () => {
  const a = seasonDice('k', 4), b = seasonDice('k', 4);
  const a1 = a.roll(req('siege:P1')), a2 = a.roll(req('siege:P2'));
  const b2 = b.roll(req('siege:P2')), b1 = b.roll(req('siege:P1'));
  assert.deepEqual([a1, a2], [b1, b2]);
  assert.equal(a1, keyedFace('k', 'S7.3', 'siege:P1', 0, 6));
});

test('§11.1 each roll is logged with its season, phase, event, index, face, purpose, rule and audience', () => {
  const d = seasonDice('k', 4);
  d.roll(req('siege:P1')); d.roll(req('siege:P1'));
  assert.deepEqual(d.log.map((r) => [r.season, r.phase, r.event, r.index, r.sides, r.audience]), [[4, 'S7.3', 'siege:P1', 0, 6, ['elves']], [4, 'S7.3', 'siege:P1', 1, 6, ['elves']]]);
});

test('§11.1 the commitment is the sha-256 of the key; a different key gives other rolls', () => {
  assert.equal(keyCommitment('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  const faces = (key: string) => Array.from({ length: 20 }, (_, i) => keyedFace(key, 'S0.3', `base:s${i}`, 0, 8));
  assert.notDeepEqual(faces('k1'), faces('k2'));
});

test('scripted dice give their faces in order and refuse impossible faces', () => {
  const d = scriptedDice([3, 9]);
  assert.equal(d.roll(req('x')), 3);
  assert.throws(() => d.roll(req('x')), /cannot show 9/);
  assert.throws(() => scriptedDice([]).roll(req('x')), /exhausted/);
});

test('property: faces lie in 1 … sides and are reproducible from the key', () => {
  fc.assert(fc.property(fc.string(), fc.string(), fc.nat(20), fc.constantFrom(6, 8), (key, event, index, sides) => {
    const f = keyedFace(key, 'S6.3', event, index, sides);
    assert.ok(f >= 1 && f <= sides);
    assert.equal(keyedFace(key, 'S6.3', event, index, sides), f);
  }));
});
