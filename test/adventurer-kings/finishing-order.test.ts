/**
 * Adventurer Kings' finishing order for the permanent ranking (seed 004 §12.4: performance
 * « mesurée suivant les titres possédés »; src/rulesets/adventurer-kings/kingdom/finishing.ts):
 * the kingdoms still in the game by their final score (the Imperial Offices' VP after the alignment
 * reduction [P G-93]), equal scores tied, then the eliminated kingdoms, tied.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { finishingOrderOf } from '../../src/engine/ruleset.ts';
import { adventurerKings } from '../../src/rulesets/adventurer-kings/index.ts';
import { victoryCheck } from '../../src/rulesets/adventurer-kings/kingdom/victory.ts';
import { ctxFor, province, twoKingdoms } from './kingdom-fixture.ts';

describe('finishing order (seed 004 §12.4 for Adventurer Kings)', () => {
  test('by final score (titles held), equal scores tied, the eliminated kingdoms last and tied', () => {
    const s = twoKingdoms('Good', 'Good', 5);
    s.kingdoms[4]!.eliminated = true;
    s.kingdoms[5]!.eliminated = true;
    s.finished = { reason: 'turn-limit', emperor: 2, winners: [2], scores: { 1: 5, 2: 30, 3: 5 } };
    assert.deepEqual(finishingOrderOf(adventurerKings, s), [['p2'], ['p1', 'p3'], ['p4', 'p5']]);
  });

  test('a game that is not over has no finishing order', () => {
    assert.equal(finishingOrderOf(adventurerKings, twoKingdoms()), null);
  });

  test('through the victory step: the King crowned above the threshold comes first', () => {
    const s = twoKingdoms();
    s.provinces[110] = province(110, { owner: 1, taxBase: 1000 }); // far above 55 % of the world's tax base
    victoryCheck(ctxFor(s, [], {}, 6));
    assert.equal(s.finished?.emperor, 1);
    assert.ok(s.finished!.scores[1]! > s.finished!.scores[2]!);
    assert.deepEqual(finishingOrderOf(adventurerKings, s), [['p1'], ['p2']]);
  });
});
