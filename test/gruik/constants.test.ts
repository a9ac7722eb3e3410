/**
 * Gruik constants table (rules Appendix A and the dice tables of §9.1; style §3): every constant has
 * a default within its bounds and a source tag; host overrides are checked against the bounds and
 * the relations, refused in French and English.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkDefaults, ConstantError, errorIn } from '../../src/engine/constants.ts';
import { DEFAULT_CONFIG, GRUIK_CONSTANTS, GRUIK_TABLE_INFO, resolveGruikConfig } from '../../src/rulesets/gruik/constants.ts';

test('every default lies within its bounds, and every constant has bounds', () => {
  assert.deepEqual(checkDefaults(GRUIK_TABLE_INFO, GRUIK_CONSTANTS, DEFAULT_CONFIG), []);
});

test('every constant carries a source tag ([T §…] or [P …])', () => {
  const untagged: string[] = [];
  const walk = (node: Record<string, unknown>, path: string) => {
    for (const [k, v] of Object.entries(node)) {
      const o = v as Record<string, unknown>;
      if ('default' in o && 'spec' in o) { if (!/\[(T|P) [§A]/.test(String(o.tag))) untagged.push(`${path}${k}`); } else walk(o, `${path}${k}.`);
    }
  };
  walk(GRUIK_CONSTANTS as unknown as Record<string, unknown>, '');
  assert.deepEqual(untagged, []);
});

test('Appendix A defaults: the numbers of the rules', () => {
  const c = DEFAULT_CONFIG;
  assert.deepEqual([c.army.cap, c.army.battleCap, c.army.mainArmyMin, c.army.modMax], [24, 30, 18, 5]);
  assert.deepEqual([c.detachment.max, c.detachment.min, c.detachment.forcedAllyMin, c.detachment.maxCreated, c.detachment.maxAllied], [6, 1, 4, 2, 2]);
  assert.deepEqual([c.movement.army, c.movement.detachment, c.movement.reaction], [2, 3, 1]);
  assert.deepEqual([c.combat.loserBase, c.combat.mutualBase, c.combat.unfinishedWinnerBase, c.combat.unfinishedLoserBase], [4, 3, 2, 3]);
  assert.equal(c.combat.fortressRetreatFail, 2);
  assert.deepEqual([c.abr.defenderBonus, c.abr.generalLossLoser, c.abr.generalLossWinner, c.abr.generalLossDraw], [0, 2, 1, 1]);
  assert.deepEqual(c.army.baseBySum, [19, 19, 20, 20, 20, 21, 21, 21, 21, 21, 22, 22, 23]); // D1 for 3 … 15
  assert.deepEqual(c.army.armiesFrom, [7, 11, 15]);
  assert.deepEqual(c.treasury.catastropheMoney, [5, 10, 20]);
  assert.equal(c.army.effortCost, 15);
  assert.equal(c.calendar.startYear, 67);
  assert.equal(c.gm.present, true);
  assert.deepEqual([c.prestige.battleWin, c.prestige.volunteerAllyWin, c.prestige.sovereignWin, c.prestige.battleLoss, c.prestige.capturedNoRetreat, c.prestige.characterLost], [2, 1, 1, 1, 1, 1]); // [T §15]
  assert.deepEqual([c.abr.winnerSmallFrom, c.abr.winnerLargeFrom, c.abr.drawNominalBase], [7, 9, 3]); // §6.12.2
  assert.deepEqual([c.gm.timedReviewHours, c.gm.blockingTimeoutHours], [24, 72]);
});

test('overrides: accepted within bounds, refused outside them in French and English', () => {
  assert.equal(resolveGruikConfig({ army: { cap: 26 } }).army.cap, 26);
  assert.equal(DEFAULT_CONFIG.army.cap, 24, 'the defaults are never shared');
  assert.throws(() => resolveGruikConfig({ army: { cap: 1000 } }), (e: unknown) => e instanceof ConstantError && /army\.cap/.test(errorIn(e, 'en')) && /entier de 1 à 60/.test(errorIn(e, 'fr')));
  assert.throws(() => resolveGruikConfig({ army: { nope: 1 } }), (e: unknown) => e instanceof ConstantError && e.problem === 'unknown');
  assert.throws(() => resolveGruikConfig({ army: { basePer: 'province' } }), (e: unknown) => e instanceof ConstantError && e.problem === 'type');
  assert.throws(() => resolveGruikConfig({ army: { baseBySum: [19, 20] } }), (e: unknown) => e instanceof ConstantError && e.problem === 'length');
});

test('relations: a detachment minimum above its maximum, a forced-ally minimum above the maximum are refused', () => {
  assert.throws(() => resolveGruikConfig({ detachment: { min: 7 } }), (e: unknown) => e instanceof ConstantError && e.problem === 'relation' && e.path === 'detachment.min');
  assert.throws(() => resolveGruikConfig({ detachment: { forcedAllyMin: 8 } }), (e: unknown) => e instanceof ConstantError && e.path === 'detachment.forcedAllyMin');
  assert.throws(() => resolveGruikConfig({ army: { mainArmyMin: 25 } }), (e: unknown) => e instanceof ConstantError && e.path === 'army.mainArmyMin');
});

test('property: any in-bounds integer for a scalar constant resolves or is refused with a ConstantError, never anything else', () => {
  fc.assert(fc.property(fc.constantFrom('cap', 'battleCap', 'mainArmyMin', 'modMax', 'maxBaseRerolls'), fc.integer({ min: -5, max: 200 }), (key, v) => {
    try { resolveGruikConfig({ army: { [key]: v } }); } catch (e) { assert.ok(e instanceof ConstantError, String(e)); }
  }));
});
