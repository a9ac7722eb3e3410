/**
 * The naval dice tables of rules §9.1 (D8–D11, D14) as pure formulas, and the naval vectors that
 * need nothing more: TV-31 (the text's own battle), TV-32 (size modifiers), TV-33 (rounding and the
 * cap), TV-35 (forcing a battle), TV-36 (storm numbers), TV-37 (forced return), TV-38 (sea retreat
 * counting), TV-39 (blockade attrition), with fast-check properties: losses never exceed the ships,
 * the winner never loses more than the loser, the modifier grows with the ratio.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_CONFIG as C, resolveGruikConfig } from '../../src/rulesets/gruik/constants.ts';
import { scriptedDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { blockadeLoss, detectTarget, forceBattleTarget, forcedReturnLoss, navalBattle, navalLosses, seaRetreatLoss, shipLoss, sizeModifier, stormDamagePct, stormTarget } from '../../src/rulesets/gruik/rules/naval-combat.ts';

test('TV-31 naval combat: elves 200 (+3) roll 3 → 6, dwarves 100 roll 3; dwarves lose 60 (to 40), elves 20 (to 180)', () => {
  const r = navalBattle(C, { id: 'elves:F1', state: 'elves', ships: 200 }, { id: 'dwarves:F1', state: 'dwarves', ships: 100 }, scriptedDice([3, 3]), 'S5', 'battle');
  assert.deepEqual(r.mods, { a: 3, b: 0 });
  assert.deepEqual(r.totals, { a: 6, b: 3 });
  assert.equal(r.winner, 'elves:F1');
  assert.deepEqual(r.losses, { loser: 60, winner: 20 });
  assert.equal(200 - r.losses.winner, 180);
  assert.equal(100 - r.losses.loser, 40);
});

test('TV-32 D8 size modifiers: 101/100 +1, 150 +2, 299 +3, 300 +4, 400 +5, 100/100 0 for both; the smaller fleet never gets one', () => {
  const rows: [number, number, number][] = [[101, 100, 1], [150, 100, 2], [299, 100, 3], [300, 100, 4], [400, 100, 5], [100, 100, 0], [500, 100, 6], [600, 100, 7]];
  for (const [own, enemy, mod] of rows) assert.equal(sizeModifier(C, own, enemy), mod, `${own} vs ${enemy}`);
  assert.equal(sizeModifier(C, 100, 150), 0, 'the smaller fleet gets nothing');
  assert.equal(sizeModifier(C, 149, 100), 1, 'just under 1.5 times');
});

test('TV-33 rounding and cap: 130 vs 100, 5 vs 3 → loser 26, winner ceil(26/3) = 9; 300 vs 50 (+7) 13 vs 1 → capped at 50, winner 17', () => {
  assert.deepEqual(navalLosses(C, 130, 100, 5, 3), { loser: 26, winner: 9 });
  assert.equal(sizeModifier(C, 300, 50), 7);
  const r = navalBattle(C, { id: 'a', state: 'elves', ships: 300 }, { id: 'b', state: 'dwarves', ships: 50 }, scriptedDice([6, 1]), 'S5', 'battle');
  assert.deepEqual(r.totals, { a: 13, b: 1 });
  assert.deepEqual(r.losses, { loser: 50, winner: 17 });
});

test('§7.10 ties are rerolled, every roll logged; at the bound the larger fleet wins', () => {
  const dice = scriptedDice([4, 4, 2, 5]);
  const r = navalBattle(C, { id: 'a', state: 'elves', ships: 100 }, { id: 'b', state: 'dwarves', ships: 100 }, dice, 'S5', 'battle');
  assert.equal(r.winner, 'b');
  assert.deepEqual(r.rolls, { a: [4, 2], b: [4, 5] });
  assert.equal(dice.log.length, 4);
  assert.ok(dice.log.every((x) => x.rule.includes('§7.5')), 'each roll cites its rule');
  const c = resolveGruikConfig({ naval: { battleRerolls: 1 } });
  const bound = navalBattle(c, { id: 'a', state: 'elves', ships: 90 }, { id: 'b', state: 'dwarves', ships: 80 }, scriptedDice([2, 3, 4, 5]), 'S5', 'battle');
  assert.equal(bound.totals.a, bound.totals.b, 'still tied at the bound');
  assert.equal(bound.winner, 'a', 'the larger fleet wins at the bound [P]');
});

test('D9 detection: stationary d6 ≤ 5, moving d6 ≤ 3 (the text’s 5 in 6 and 1 in 2)', () => {
  assert.equal(detectTarget(C, true), 5);
  assert.equal(detectTarget(C, false), 3);
});

test('TV-35 D10 forcing battle: continue, undetected → d6 ≤ 4; retreat, undetected → ≤ 3; retreat, detected → ≤ 2; continue, detected → ≤ 3', () => {
  assert.equal(forceBattleTarget(C, false, false), 4);
  assert.equal(forceBattleTarget(C, true, false), 3);
  assert.equal(forceBattleTarget(C, true, true), 2);
  assert.equal(forceBattleTarget(C, false, true), 3);
});

test('TV-36 D11 storm: d6 ≤ 1 (Winter ≤ 2); damage d6 = 4 → 20 % of 85 = 17; 1–2 → 10 %, 5–6 → 30 %', () => {
  assert.equal(stormTarget(C, false), 1);
  assert.equal(stormTarget(C, true), 2);
  assert.deepEqual([1, 2, 3, 4, 5, 6].map((d) => stormDamagePct(C, d)), [10, 10, 20, 20, 30, 30]);
  assert.equal(shipLoss(85, stormDamagePct(C, 4)), 17);
});

test('TV-37 forced return: 60 ships, 3 MP used, 3 zones → excess 2, 12 ships; no way home or 10 excess → lost', () => {
  assert.deepEqual(forcedReturnLoss(C, 60, 3, 3), { excess: 2, loss: 12, lost: false });
  assert.deepEqual(forcedReturnLoss(C, 60, 2, 2), { excess: 0, loss: 0, lost: false });
  assert.equal(forcedReturnLoss(C, 60, 4, null).lost, true);
  assert.equal(forcedReturnLoss(C, 60, 4, 10).lost, true);
});

test('TV-38 sea retreat: 60 ships, 2 zones → ceil(60 × 0.2) = 12; a retreat to the next coast still counts one zone [P A-39]', () => {
  assert.equal(seaRetreatLoss(C, 60, 2), 12);
  assert.equal(seaRetreatLoss(C, 60, 0), 6);
});

test('TV-39 blockade attrition: 45 ships → ceil(4.5) = 5, leaving 40', () => {
  assert.equal(blockadeLoss(C, 45), 5);
});

test('property: losses within the ships, the winner’s a third of the loser’s, the modifier grows with the ratio', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), (a, b, ra, rb) => {
    const r = navalBattle(C, { id: 'a', state: 'x', ships: a }, { id: 'b', state: 'y', ships: b }, scriptedDice([ra, rb, ...Array.from({ length: 60 }, (_, i) => (i % 6) + 1)]), 'S5', 'p');
    const [w, l] = r.winner === 'a' ? [a, b] : [b, a];
    assert.ok(r.losses.loser >= 0 && r.losses.loser <= l, 'the loser loses at most its ships');
    assert.ok(r.losses.winner >= 0 && r.losses.winner <= w && r.losses.winner <= r.losses.loser, 'the winner loses a third');
    assert.ok(sizeModifier(C, a + b, b) >= sizeModifier(C, a, b), 'more ships never lower the modifier');
  }), { numRuns: 300 });
});
