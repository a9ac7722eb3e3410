/**
 * Gloire & Pouvoir's finishing order for the permanent ranking (seed 004 §12.4; engine
 * `Ruleset.finishingOrder`; src/rulesets/gloire-et-pouvoir/finishing.ts): the King, then the
 * living lords by final global renown [P G-47], then the lords out of the game, who lasted longer first.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { finishingOrderOf } from '../../src/engine/ruleset.ts';
import { gloireEtPouvoir } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import { finishingOrder } from '../../src/rulesets/gloire-et-pouvoir/finishing.ts';
import { home, runTurn, scenario } from './harness.ts';

describe('finishing order (seed 004 §12.4 for Gloire & Pouvoir)', () => {
  test('the King first, then renown, equal renown tied, then the lords out by the turn they left', () => {
    const s = scenario(['A', 'B', 'C', 'D', 'E', 'F']);
    home(s, 'L1', 'narvik'); home(s, 'L2', 'oslo'); home(s, 'L3', 'bergen'); home(s, 'L4', 'trondheim');
    // Treasury counts in the global renown (treasury / 500): B richest, C and D alike.
    s.lords.L2!.treasury = 50_000; s.lords.L3!.treasury = 5_000; s.lords.L4!.treasury = 5_000;
    s.territories.trondheim!.population = s.territories.bergen!.population;
    s.lords.L5!.alive = false; s.lords.L5!.outTurn = 3;
    s.lords.L6!.alive = false; s.lords.L6!.abdicated = true; s.lords.L6!.outTurn = 5;
    s.finished = true; s.king = 'L1'; s.victory = 'alliance';
    assert.deepEqual(finishingOrder(s), [['L1'], ['L2'], ['L3', 'L4'], ['L6'], ['L5']]);
    assert.deepEqual(finishingOrderOf(gloireEtPouvoir, s), [['L1'], ['L2'], ['L3', 'L4'], ['L6'], ['L5']]);
  });

  test('no King (every lord out [P G-37]): the one who lasted longer first, same turn tied', () => {
    const s = scenario(['A', 'B', 'C']);
    for (const [l, turn] of [['L1', 4], ['L2', 7], ['L3', 7]] as const) { s.lords[l]!.alive = false; s.lords[l]!.outTurn = turn; }
    s.finished = true; s.king = null; s.victory = 'none';
    assert.deepEqual(finishingOrderOf(gloireEtPouvoir, s), [['L2', 'L3'], ['L1']]);
  });

  test('a game that is not over has no finishing order', () => {
    assert.equal(finishingOrderOf(gloireEtPouvoir, scenario(['A', 'B'])), null);
  });

  test('a real end of game (phase 19, renown victory): the crowned King comes first, every lord once', () => {
    const s = scenario(['A', 'B', 'C'], { renownVictory: { SCA: 1 } });
    home(s, 'L1', 'narvik'); home(s, 'L2', 'oslo', 'bergen'); home(s, 'L3', 'trondheim');
    const { state } = runTurn(s);
    assert.equal(state.finished, true);
    assert.equal(state.victory, 'renown');
    const order = finishingOrderOf(gloireEtPouvoir, state)!;
    assert.deepEqual(order[0], [state.king]);
    assert.deepEqual(order.flat().sort(), ['L1', 'L2', 'L3']);
  });
});
