/**
 * The seasonal base and catastrophes of S0.3 (rules §4.1, §8.8): TV-02 on the state (−5 g, ledger),
 * catastrophes owed after an unfinished battle (TV-26's two), a base per army under BASE_ROLL_PER
 * 'army' (A-03), civil war and invasion returned unapplied, and a property: the same season key
 * gives the same season, treasuries never pushed below 0 by a catastrophe, sizes within bounds after S0.4.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { resolveGruikConfig } from '../../src/rulesets/gruik/constants.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { scriptedDice, seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { rollSeasonStart } from '../../src/rulesets/gruik/rules/season-start.ts';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import { fixture } from './fixture.ts';

test('TV-02 on the state: the elves roll 1+1, severity 3+4 (−5 g: 12 → 7), reroll 6+6 → 21; the others roll plainly', () => {
  const s = fixture();
  s.realms.elves!.treasury = 12;
  const r = rollSeasonStart(s, scriptedDice([1, 1, 3, 4, 6, 6, /* dwarves */ 4, 5, /* fens */ 8, 7]));
  assert.deepEqual(Object.values(r.state.realms).map((x) => [x.id, x.seasonalBase]), [['elves', 21], ['dwarves', 21], ['fens', 23]]);
  assert.equal(r.state.realms.elves!.treasury, 7);
  assert.deepEqual(r.state.ledger, [{ season: 0, state: 'elves', what: 'treasury', delta: -5, cause: { fr: 'catastrophe (2d6 = 7)', en: 'catastrophe (2d6 = 7)' }, rule: '[T §14]' }]);
  assert.deepEqual(r.unapplied, []);
});

test('TV-26 consequence: two catastrophes owed are rolled at the next S0.3 and the count is cleared; civil war and invasion wait for their rules', () => {
  const s = fixture();
  s.realms.dwarves!.pendingCatastrophes = 2;
  s.realms.dwarves!.treasury = 30;
  const r = rollSeasonStart(s, scriptedDice([4, 5, /* dwarves */ 4, 5, /* owed */ 1, 1, 2, 1, /* fens */ 4, 5]));
  assert.deepEqual(r.catastrophes.map((k) => [k.state, k.sum, k.effect.kind]), [['dwarves', 2, 'invasion'], ['dwarves', 3, 'civilWar']]);
  assert.deepEqual(r.unapplied.map((k) => k.effect.kind), ['invasion', 'civilWar']);
  assert.equal(r.state.realms.dwarves!.pendingCatastrophes, 0);
  assert.equal(r.state.realms.dwarves!.treasury, 30);
});

test('[P A-03] BASE_ROLL_PER army: each army rolls its own base', () => {
  const s = fixture();
  s.config = resolveGruikConfig({ army: { basePer: 'army' } });
  const r = rollSeasonStart(s, scriptedDice([8, 7, 1, 2, 4, 5]));
  assert.deepEqual(Object.values(r.state.armies).map((a) => [a.id, a.base]), [['elves:A1', 23], ['dwarves:A1', 19], ['fens:A1', 21]]);
  const sized = runStep(r.state, 'S0.4');
  assert.deepEqual(Object.values(sized.armies).map((a) => a.seasonalSize), [23, 19, 21]);
});

test('property: a season key gives one season; catastrophes never push a treasury below 0; S0.4 then keeps the invariants', () => {
  fc.assert(fc.property(fc.string({ maxLength: 10 }), fc.integer({ min: 0, max: 40 }), fc.nat(3), (key, treasury, owed) => {
    const s = fixture();
    for (const r of Object.values(s.realms)) { r.treasury = treasury; r.pendingCatastrophes = owed; }
    const a = rollSeasonStart(s, seasonDice(key, 0));
    assert.deepEqual(rollSeasonStart(s, seasonDice(key, 0)), a);
    for (const r of Object.values(a.state.realms)) assert.ok(r.treasury >= 0 && r.treasury <= treasury);
    const t = runStep(a.state, 'S0.4');
    assert.deepEqual(checkInvariants(t), []);
    for (const army of Object.values(t.armies)) assert.ok(army.seasonalSize >= 19 && army.seasonalSize <= 23);
  }));
});
