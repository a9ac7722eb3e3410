/**
 * Three armies in one province (rules §5.10): the defender's pair first, a seeded draw among
 * equals, each army in one battle at most, armies that fought skipped; two enemy armies may remain.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { scriptedDice, seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { battleBudget } from '../../src/rulesets/gruik/rules/army-size.ts';
import { assignHelper, battlePairs } from '../../src/rulesets/gruik/rules/pairing.ts';
import { DWARF_ARMY, ELF_ARMY, fixture } from './fixture.ts';

const FENS = 'fens:A1';
function threeIn(p: string) {
  const s = fixture();
  for (const a of Object.values(s.armies)) Object.assign(a, { currentAP: 20, seasonalSize: 20, location: p });
  return s;
}

test('§5.10 three hostile armies in the elves’ coudre: the elves fight first (a draw among their two pairs); the third army waits', () => {
  const s = threeIn('coudre');
  const dice = scriptedDice([2]);
  assert.deepEqual(battlePairs(s, 'coudre', 'elves', dice), [[ELF_ARMY, FENS]]);
  assert.deepEqual(dice.log.map((r) => [r.sides, r.face]), [[2, 2]]);
  assert.deepEqual(battlePairs(s, 'coudre', 'elves', scriptedDice([1])), [[DWARF_ARMY, ELF_ARMY]]);
});

test('§5.10 friends do not fight each other; an army that fought is skipped', () => {
  const s = threeIn('tourbe');
  s.realms.elves!.friendsDeclared = ['dwarves'];
  assert.deepEqual(battlePairs(s, 'tourbe', 'fens', scriptedDice([2])), [[ELF_ARMY, FENS]]);
  s.armies[FENS]!.fought = true;
  assert.deepEqual(battlePairs(s, 'tourbe', 'fens', scriptedDice([])), []);
});

test('property: each army in at most one pair, every pair hostile, the same key gives the same pairs', () => {
  fc.assert(fc.property(fc.string({ maxLength: 8 }), fc.boolean(), fc.constantFrom('elves', 'dwarves', 'fens', null), (key, friends, defender) => {
    const s = threeIn('marche');
    if (friends) s.realms.fens!.friendsDeclared = ['dwarves'];
    const pairs = battlePairs(s, 'marche', defender, seasonDice(key, 1));
    assert.deepEqual(battlePairs(s, 'marche', defender, seasonDice(key, 1)), pairs);
    const flat = pairs.flat();
    assert.equal(new Set(flat).size, flat.length);
    assert.ok(pairs.length <= 1, 'three armies make one battle at most');
  }));
});

test('§5.10 a helper army: the fens, friends of the elves, lend two contingents to the elven army against the dwarves, and count as having fought', () => {
  const s = threeIn('coudre');
  s.realms.elves!.friendsDeclared = ['fens'];
  const r = assignHelper(s, FENS, ELF_ARMY, [4, 3]);
  assert.ok(r.ok);
  assert.deepEqual(battleBudget(r.state, ELF_ARMY), { total: 27, fielded: 27, excess: 0, allies: 2 });
  assert.equal(r.state.armies[FENS]!.fought, true);
  assert.deepEqual(battlePairs(r.state, 'coudre', 'elves', scriptedDice([])), [[DWARF_ARMY, ELF_ARMY]], 'the fens no longer fight: they helped');
  const cold = threeIn('coudre');
  const no = assignHelper(cold, FENS, ELF_ARMY, [4]);
  assert.ok(!no.ok && no.reason === 'not-friend');
  const big = assignHelper(s, FENS, ELF_ARMY, [7]);
  assert.ok(!big.ok && big.reason === 'too-large');
  assert.ok(!assignHelper(s, FENS, ELF_ARMY, [2, 2, 2]).ok, 'one or two contingents');
});
