/**
 * Fief constants table (rules: every number of §1–§8, Appendix A, §11.1.5; style §3): every
 * constant has a default within its bounds and a source tag; host overrides are checked against
 * the bounds and the relations, refused in French and English; and a game sets up with any
 * in-bounds constants (its invariants hold).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkDefaults, ConstantError, LocalizedError, errorIn } from '../../src/engine/constants.ts';
import { createRng } from '../../src/engine/rng.ts';
import { DEFAULT_CONFIG, FIEF_CONSTANTS, FIEF_TABLE_INFO, resolveFiefConfig } from '../../src/rulesets/fief/constants.ts';
import { checkInvariants } from '../../src/rulesets/fief/invariants.ts';
import { setupGame } from '../../src/rulesets/fief/setup.ts';
import { constantLeaves, overridesArb, scalarLeaves } from '../engine/constants-fixture.ts';

test('every default lies within its bounds, and every constant has bounds', () => {
  assert.deepEqual(checkDefaults(FIEF_TABLE_INFO, FIEF_CONSTANTS, DEFAULT_CONFIG), []);
});

test('every constant carries a source tag ([T …], [P …])', () => {
  const untagged: string[] = [];
  const walk = (node: Record<string, unknown>, path: string) => {
    for (const [k, v] of Object.entries(node)) {
      const o = v as Record<string, unknown>;
      if ('default' in o && 'spec' in o) { if (!/\[(T|P|X)[ §\-"A-Z\]]/.test(String(o.tag))) untagged.push(`${path}${k}`); } else walk(o, `${path}${k}.`);
    }
  };
  walk(FIEF_CONSTANTS as unknown as Record<string, unknown>, '');
  assert.deepEqual(untagged, []);
});

test('the numbers of the rules: a few spot checks of the defaults', () => {
  const c = DEFAULT_CONFIG;
  assert.equal(c.victory.soloVp, 3); // [T §7.1]
  assert.equal(c.victory.allianceVp, 4); // [T §7.2]
  assert.equal(c.family.handLimit, 3); // [T §2.1]
  assert.deepEqual([c.price.sergeant, c.price.knight, c.price.mill, c.price.castle, c.price.cardinalHat], [1, 3, 3, 10, 5]);
  assert.deepEqual(c.combat.dieFaces, [1, 1, 2, 2, 3, 3]); // [P G-02]
  assert.equal(c.deck.lord + c.deck.cardinal + c.deck.darc, 22);
  assert.equal(c.deck.badWeather + c.deck.famine + c.deck.plague, 10);
  assert.equal(c.options.freeDiplomacy, true);
  assert.deepEqual(c.deadlines.TURN, { live: 10, daily: 1440, weekly: 4320 });
});

test('overrides: in bounds accepted, out of bounds, unknown keys and wrong types refused in both languages', () => {
  assert.equal(resolveFiefConfig({ price: { castle: 12 } }).price.castle, 12);
  assert.equal(resolveFiefConfig({ price: { castle: 12 } }).price.knight, 3, 'the other constants keep their defaults');
  for (const bad of [{ price: { castle: 101 } }, { price: { castle: -1 } }, { combat: { maxRounds: 1e9 } }, { price: { mortar: 1 } }, { family: { handLimit: '3' } }, { combat: { dieFaces: [1, 2] } }, { combat: { dieFaces: [1, 1, 2, 2, 3, 9] } }, { deck: { lord: 12 } }]) {
    assert.throws(() => resolveFiefConfig(bad), (e: unknown) => e instanceof ConstantError && errorIn(e, 'fr').includes('Fief') && errorIn(e, 'en').includes('Fief'), JSON.stringify(bad));
  }
});

test('relations between constants are checked: a refusal names the constant', () => {
  assert.throws(() => resolveFiefConfig({ players: { min: 5, max: 4 } }), (e: unknown) => e instanceof ConstantError && e.path === 'players.min');
  assert.throws(() => resolveFiefConfig({ start: { knights: 5 }, reserve: { knights: 4 } }), (e: unknown) => e instanceof ConstantError && e.path === 'start.knights');
  assert.throws(() => resolveFiefConfig({ combat: { twoDiceFromCp: 20, threeDiceFromCp: 13 } }), (e: unknown) => e instanceof ConstantError && e.path === 'combat.threeDiceFromCp');
  assert.throws(() => resolveFiefConfig({ draw: { maxCards: 1, maxCharacter: 2 } }), (e: unknown) => e instanceof ConstantError && e.path === 'draw.maxCharacter');
});

test('the resolved table is a fresh object (the defaults are never shared)', () => {
  const a = resolveFiefConfig();
  a.combat.dieFaces[0] = 9;
  assert.deepEqual(resolveFiefConfig().combat.dieFaces, [1, 1, 2, 2, 3, 3]);
  assert.equal(constantLeaves(FIEF_CONSTANTS, DEFAULT_CONFIG).length > 100, true);
});

test('a game sets up with any in-bounds constants, or is refused with a localized message; its invariants hold', () => {
  const leaves = scalarLeaves(FIEF_CONSTANTS, DEFAULT_CONFIG);
  fc.assert(fc.property(overridesArb(leaves, 10), fc.integer({ min: 3, max: 6 }), fc.integer(), (config, players, seed) => {
    let state;
    try { state = setupGame({ players, config }, createRng(seed, 'setup')); } catch (e) {
      assert.ok(e instanceof LocalizedError, `${JSON.stringify(config)}: ${(e as Error).stack}`);
      return;
    }
    assert.deepEqual(checkInvariants(state), [], JSON.stringify(config));
  }), { numRuns: 150, seed: 15 });
});
