/**
 * Rules §8.4.3–§8.4.5 and §8.5.2 as pure arithmetic (rules/combat.ts, rules/ransom.ts): the parts
 * of test vectors TV-35 to TV-42 that need no battle protocol (combat points, dice per round with
 * fortification, engines, Tunnel and d'Arc, legal loss allocations), and the ransom examples.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_CONFIG as C } from '../../src/rulesets/fief/constants.ts';
import { attackerPenalty, combatPoints, diceCount, lossOutcome, type LordInBattle, type SideForces } from '../../src/rulesets/fief/rules/combat.ts';
import { ransomValue } from '../../src/rulesets/fief/rules/ransom.ts';

const man: LordInBattle = { gender: 'M', titled: false, darc: false, prisoner: false };
const lady: LordInBattle = { gender: 'F', titled: false, darc: false, prisoner: false };
const side = (sergeants: number, knights: number, ...lords: LordInBattle[]): SideForces => ({ sergeants, knights, lords });

test('TV-35 castle penalty over two rounds: 15 CP vs a castle rolls 2 dice, then 1 at 10 CP; the castle’s 11 CP then 7 CP roll 2', () => {
  const franck = side(3, 3, man, man, man); // 3 + 9 + 3 = 15 CP
  assert.equal(combatPoints(franck, C), 15);
  assert.equal(diceCount(franck, C, { fortification: 'CASTLE' }), 2);
  const olivier = side(2, 3); // 11 CP
  assert.equal(diceCount(olivier, C), 2);
  // Round 1: FRANCK rolls 1 + 3 = 4 damage: OLIVIER must remove 1 sergeant + 1 knight.
  assert.deepEqual(lossOutcome(olivier, 4, C), { allTroops: false, choices: [{ sergeants: 1, knights: 1, wasted: 0 }] });
  // OLIVIER rolls 3 + 2 = 5: FRANCK loses 5 CP of troops (2 sergeants + 1 knight is one of the legal choices).
  const f = lossOutcome(franck, 5, C);
  assert.ok(!f.allTroops && f.choices.some((x) => x.sergeants === 2 && x.knights === 1));
  assert.equal(diceCount(side(1, 2, man, man, man), C, { fortification: 'CASTLE' }), 1); // 10 CP
  assert.equal(diceCount(side(1, 2), C), 2); // 7 CP
});

test('TV-36 loss allocation table: GAUVAIN, untitled BLANCHE, 1 sergeant, 1 knight (5 CP, 1 die)', () => {
  const s = side(1, 1, man, lady);
  assert.equal(combatPoints(s, C), 5);
  assert.equal(diceCount(s, C), 1);
  assert.deepEqual(lossOutcome(s, 2, C), { allTroops: false, choices: [{ sergeants: 1, knights: 0, wasted: 1 }] });
  assert.deepEqual(lossOutcome(s, 3, C), { allTroops: false, choices: [{ sergeants: 0, knights: 1, wasted: 0 }] });
  assert.deepEqual(lossOutcome(s, 4, C), { allTroops: true, lordsKilled: 0, lordsCapturable: 2 });
  assert.deepEqual(lossOutcome(s, 5, C), { allTroops: true, lordsKilled: 1, lordsCapturable: 1 });
  assert.deepEqual(lossOutcome(s, 6, C), { allTroops: true, lordsKilled: 2, lordsCapturable: 0 });
});

test('TV-37 loss choice: 3 sergeants + 1 knight taking 3 damage may lose {3 sergeants} or {1 knight}, never {1 sergeant}', () => {
  const r = lossOutcome(side(3, 1, man), 3, C);
  assert.ok(!r.allTroops);
  assert.deepEqual(r.choices.map(({ sergeants, knights }) => ({ sergeants, knights })).sort((a, b) => a.knights - b.knights), [{ sergeants: 3, knights: 0 }, { sergeants: 0, knights: 1 }]);
});

test('TV-40 a siege engine cancels the castle penalty; against a city a “1 die” engine leaves −1, “2 dice” leaves 0', () => {
  const sabine = side(0, 1, man); // 4 CP → 1 die
  assert.equal(diceCount(sabine, C, { fortification: 'CASTLE', engineDice: 1 }), 1);
  assert.equal(diceCount(sabine, C, { fortification: 'CASTLE', engineDice: 2 }), 1);
  assert.equal(attackerPenalty({ fortification: 'CITY', engineDice: 1 }, C), 1);
  assert.equal(attackerPenalty({ fortification: 'CITY', engineDice: 2 }, C), 0);
  assert.equal(attackerPenalty({ fortification: 'CITY', engineDice: 4 }, C), 0, 'engines never make a bonus');
});

test('TV-41 a Tunnel makes the attack on a castle possible: 5 CP, 0 dice without it, 1 with it', () => {
  const sabine = side(1, 1, man);
  assert.equal(diceCount(sabine, C, { fortification: 'CASTLE' }), 0);
  assert.equal(diceCount(sabine, C, { fortification: 'CASTLE', tunnel: true }), 1);
  assert.equal(diceCount(sabine, C, { fortification: 'CASTLE', sortie: true }), 1, 'a sortie bears no penalty');
});

test('TV-42 d’Arc’s fourth die: 14 CP with MIREILLE d’ARC roll 4; against a city without engines 2', () => {
  const mireille: LordInBattle = { gender: 'F', titled: false, darc: true, prisoner: false };
  const s = side(1, 4, mireille); // 1 + 12 + 1 = 14
  assert.equal(combatPoints(s, C), 14);
  assert.equal(diceCount(s, C), 4);
  assert.equal(diceCount(s, C, { fortification: 'CITY' }), 2);
  assert.equal(diceCount(side(0, 0, { ...mireille, prisoner: true }), C), 0, 'a prisoner d’Arc adds nothing');
});

test('§8.4.5 properties: a legal allocation never exceeds the damage, takes the most CP possible, and touches lords only when every troop is gone', () => {
  fc.assert(fc.property(fc.nat(12), fc.nat(6), fc.nat(3), fc.nat(40), (s, k, nl, d) => {
    const forces = side(s, k, ...Array.from({ length: nl }, () => man));
    const r = lossOutcome(forces, d, C);
    if (r.allTroops) { assert.ok(d >= s + 3 * k); assert.equal(r.lordsKilled + r.lordsCapturable, nl); return; }
    assert.ok(r.choices.length > 0);
    const cps = r.choices.map((x) => x.sergeants + 3 * x.knights);
    assert.ok(cps.every((cp) => cp === cps[0]));
    for (const x of r.choices) assert.ok(x.sergeants <= s && x.knights <= k && x.sergeants + 3 * x.knights + x.wasted === d);
    // No allocation within the damage does better (brute force).
    for (let b = 0; b <= k; b++) for (let a = 0; a <= s; a++) if (a + 3 * b <= d) assert.ok(a + 3 * b <= cps[0]!);
  }), { numRuns: 300, seed: 8 });
});

test('§8.5.2 ransom: 2 + 2 per title (bishop + baron 6; cardinal & bishop of BLAYE 6; queen ALIÉNOR 4)', () => {
  assert.equal(ransomValue(['BISHOP:3', 'FIEF:F_VAUDRIER'], C), 6);
  assert.equal(ransomValue(['BISHOP:1', 'CARDINAL:2'], C), 6);
  assert.equal(ransomValue(['QUEEN'], C), 4);
  assert.equal(ransomValue([], C), 2);
});
