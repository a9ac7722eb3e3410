/** clonePlain (engine/clone.ts): the same copy as structuredClone for plain data, cheaper. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clonePlain } from '../../src/engine/clone.ts';
import { createRng } from '../../src/engine/rng.ts';
import { loadAllRulesets, getRuleset } from '../../src/rulesets/index.ts';
await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

test('a ruleset state: equal to structuredClone, and independent of the original', () => {
  const s = getRuleset('gloire-et-pouvoir').ruleset.setup({ map: 'scandinavia', lords: ['A', 'B', 'C'] }, createRng('clone', 'setup')) as Record<string, any>;
  const c = clonePlain(s);
  assert.deepStrictEqual(c, structuredClone(s));
  assert.notEqual(c.knights, s.knights, 'nested objects are copied');
  c.knights.K1.name = 'changed';
  c.lords.L1.treasury = -1;
  assert.notEqual(s.knights.K1.name, 'changed', 'the original is untouched');
  assert.notEqual(s.lords.L1.treasury, -1, 'the original is untouched');
});

test('odd values: undefined fields, -0, NaN, null prototypes, Dates and Maps', () => {
  const v = { a: undefined, z: -0, n: NaN, list: [1, [2, { x: null }]], bare: Object.assign(Object.create(null), { k: 1 }), d: new Date(5), m: new Map([[1, { y: 2 }]]) };
  const c = clonePlain(v);
  assert.ok('a' in c, 'an undefined field is kept');
  assert.ok(Object.is(c.z, -0) && Number.isNaN(c.n), '-0 and NaN are kept');
  assert.deepStrictEqual(c.list, v.list);
  assert.equal(Object.getPrototypeOf(c.bare), null, 'a null prototype is kept');
  assert.ok(c.d instanceof Date && c.d !== v.d && c.d.getTime() === 5, 'a Date is copied');
  assert.ok(c.m instanceof Map && c.m.get(1) !== v.m.get(1) && c.m.get(1)!.y === 2, 'a Map is copied deeply');
});
