/**
 * Warrior Knights constants (rules §1.2, Appendix A): the per-player-count table for N = 2…6 as
 * one named test, the host's overrides, and refusals in French and English.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConstantError } from '../../src/engine/constants.ts';
import { borderBanned, DEFAULT_CONFIG, displaySize, draftShields, influenceReserve, maxPileSize, militaryVictoryCities, razedAtSetup, resolveWkConfig, secretAllocation, zoneThreshold } from '../../src/rulesets/warrior-knights/constants.ts';

test('§1.2 the per-player-count table for 2 to 6 barons', () => {
  const c = DEFAULT_CONFIG;
  const rows = [2, 3, 4, 5, 6].map((n) => ({
    n,
    razed: razedAtSetup(c, n),
    inPlay: 18 - razedAtSetup(c, n),
    military: militaryVictoryCities(18 - razedAtSetup(c, n)),
    zone: zoneThreshold(c, n),
    draft: draftShields(c, n),
    display: displaySize(c, n),
    influence: influenceReserve(c, n),
    pile: maxPileSize(c, n),
    border: borderBanned(c, n),
    secret: secretAllocation(c, n),
  }));
  assert.deepEqual(rows.map((r) => r.razed), [11, 7, 5, 3, 0]);
  assert.deepEqual(rows.map((r) => r.inPlay), [7, 11, 13, 15, 18]);
  assert.deepEqual(rows.map((r) => r.military), [4, 6, 7, 8, 10]);
  assert.deepEqual(rows.map((r) => r.zone), [4, 6, 8, 10, 12]);
  assert.deepEqual(rows.map((r) => r.draft), [3, 4, 5, 6, 7]);
  assert.deepEqual(rows.map((r) => r.display), [3, 4, 5, 6, 7]);
  assert.deepEqual(rows.map((r) => r.influence), [20, 30, 40, 50, 60]);
  assert.deepEqual(rows.map((r) => r.pile), [6, 8, 10, 12, 14]);
  assert.deepEqual(rows.map((r) => r.border), [true, true, false, false, false]);
  assert.deepEqual(rows.map((r) => r.secret), [true, false, false, false, false]);
});

test('Appendix A numbers are the defaults', () => {
  const c = DEFAULT_CONFIG;
  assert.equal(c.setup.crowns, 15);
  assert.equal(c.setup.shields, 8);
  assert.equal(c.actions.manoeuvresVotes, 2);
  assert.equal(c.actions.improvisationCrowns, 2);
  assert.equal(c.neutral.repairPerBreach, 2);
  assert.equal(c.neutral.fortifyCost, 4);
  assert.equal(c.neutral.maintenancePerToken, 2);
  assert.equal(c.expedition.maxStake, 5);
  assert.equal(c.combat.commanderBonus, 200);
  assert.equal(c.wages.circleExemptUpTo, 400);
  assert.equal(c.upkeep.razeLootTimes, 3);
  assert.equal(c.options.strongholdsBlock, false, 'issue 21: strongholds do not block unless the host says so');
});

test('a host overrides a constant (variant length 15 per baron) and the §1.2 row follows', () => {
  const c = resolveWkConfig({ influence: { perPlayer: 15 } });
  assert.equal(influenceReserve(c, 4), 60);
});

test('refusals name the constant and its bounds in French and English', () => {
  const tries: unknown[] = [{ influence: { perPlayer: 0 } }, { nope: 1 }, { setup: { razedByCount: [1, 2] } }, { players: { min: 5, max: 3 } }, { expedition: { minStake: 9, maxStake: 5 } }];
  for (const t of tries) {
    assert.throws(() => resolveWkConfig(t), (e: unknown) => {
      assert.ok(e instanceof ConstantError);
      assert.match(e.localized.fr, /Warrior Knights : la constante/);
      assert.match(e.localized.en, /Warrior Knights: constant/);
      return true;
    });
  }
});
