/**
 * The written parts of a season run together on the fixture (rules §3.3 S0.3, S0.4, S4, S6.1–S6.4),
 * as a property over season keys and random orders: bases and sizes, detachments, movement,
 * retreats before combat, battle pairing, ABR battles applied — the invariants hold after each
 * part, AP and treasuries stay sound, and the same key and orders give the same season.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { runAbrBattle } from '../../src/rulesets/gruik/rules/battle-result.ts';
import { createDetachment } from '../../src/rulesets/gruik/rules/detachments.ts';
import { seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { resolveMovement, type MoveOrder } from '../../src/rulesets/gruik/rules/movement.ts';
import { battlePairs } from '../../src/rulesets/gruik/rules/pairing.ts';
import { contestedProvinces, retreatsBeforeCombat } from '../../src/rulesets/gruik/rules/retreat.ts';
import { rollSeasonStart } from '../../src/rulesets/gruik/rules/season-start.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import { fixture } from './fixture.ts';

const PROVINCES = fixture().map.provinces.map((p) => p.id);

function season(key: string, orders: MoveOrder[], detachAp: number): { state: GruikState; steps: string[][] } {
  const dice = seasonDice(key, 0);
  const steps: string[][] = [];
  let s = rollSeasonStart(fixture(), dice).state;
  steps.push(checkInvariants(s));
  s = runStep(s, 'S0.4');
  steps.push(checkInvariants(s));
  const d = createDetachment(s, 'elves:A1', detachAp);
  if (d.ok) s = d.state;
  const moved = resolveMovement(s, orders.map((o) => (o.force === 'elves:D1' && !d.ok ? { ...o, force: 'elves:A1' } : o)), dice);
  s = moved.state;
  steps.push(checkInvariants(s));
  for (const p of contestedProvinces(s)) {
    const before = retreatsBeforeCombat(s, p, dice);
    s = before.state;
    for (const [a, b] of battlePairs(s, p, before.defender, dice)) {
      s = runAbrBattle(s, { id: `B-${p}-${a}`, province: p, armies: [a, b] }, dice).state;
      steps.push(checkInvariants(s));
    }
  }
  return { state: s, steps };
}

test('property: a season’s written steps keep the invariants, AP and treasuries sound, and replay identically', () => {
  const orderArb = fc.record({ force: fc.constantFrom('elves:A1', 'dwarves:A1', 'fens:A1', 'elves:D1'), path: fc.array(fc.constantFrom(...PROVINCES), { minLength: 1, maxLength: 3 }) });
  fc.assert(fc.property(fc.string({ maxLength: 8 }), fc.array(orderArb, { maxLength: 5 }), fc.integer({ min: 0, max: 8 }), (key, orders, ap) => {
    const one = season(key, orders, ap);
    for (const problems of one.steps) assert.deepEqual(problems, []);
    for (const a of Object.values(one.state.armies)) assert.ok(a.currentAP >= 0 && a.mod <= one.state.config.army.modMax);
    for (const r of Object.values(one.state.realms)) assert.ok(r.treasury >= 0);
    assert.deepEqual(season(key, orders, ap).state, one.state);
  }), { numRuns: 150 });
});

test('a season where the armies march on each other: a battle happens and is applied', () => {
  let found = false;
  for (let i = 0; i < 40 && !found; i++) {
    const r = season(`k${i}`, [{ force: 'elves:A1', path: ['coudre', 'tourbe'] }, { force: 'fens:A1', path: ['marche'] }, { force: 'dwarves:A1', path: ['marche', 'tourbe'] }], 0);
    found = Object.values(r.state.armies).some((a) => a.fought);
  }
  assert.ok(found, 'some key brings the armies to blows');
});
