/**
 * The GM's console through the engine alone (src/engine/ruleset.ts, "game masters: the console"),
 * on Assize's one GM action `set-store` (test/engine/gm-ruleset.ts): a GM action is taken with
 * `takeAction(…, GM_SEAT, …)`, applied at once as a step of its own, recorded and replayed to the
 * same hashes; it is refused when invalid (FR/EN) and a player cannot take it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, GameError, replay, submit, takeAction, type GameRecord } from '../../src/engine/game.ts';
import { GM_SEAT } from '../../src/engine/ruleset.ts';
import { assize, assizeEntry, POT, type AssizeState } from './gm-ruleset.ts';

const start = (): GameRecord<AssizeState> => createGame(assize, { lords: ['Aude', 'Bérenger'] }, 'console');

describe('GM actions (engine contract)', () => {
  test('a GM action is a step of its own, reported as a GM ruling, and a replay gives the same hashes', () => {
    let g = start();
    g = submit(assize, g, 'p1', 'claim', '2').game; // an answer given before the action is kept
    const r = takeAction(assize, g, GM_SEAT, { id: 'set-store', values: { player: 'p2', store: '5' } });
    assert.equal(r.validation.issues.length, 0, JSON.stringify(r.validation.issues));
    assert.equal(r.game.steps.length, 1, 'one step recorded');
    const step = r.game.steps[0]!;
    assert.deepEqual(step.action, { player: GM_SEAT, value: { player: 'p2', store: 5 } }, 'recorded as the GM seat\'s action');
    assert.equal(r.game.state.players[1]!.store, 5, 'the store is set');
    assert.equal(r.game.pending.length, 1, 'the claim already given still holds');
    assert.match(assize.report(r.game.state, step.events as never[], 'p1', 'en'), /Bérenger's store goes from 0 to 5 sheaves \(GM ruling\)/, 'every player reads the GM ruling');
    assert.match(assize.report(r.game.state, step.events as never[], 'p2', 'fr'), /décision du MJ/, 'in French too');
    g = submit(assize, r.game, 'p2', 'claim', '1').game;
    g = advance(assize, g, { useDefaults: false });
    const again = takeAction(assize, g, GM_SEAT, { id: 'set-store', values: { player: 'p1', store: '0' } }).game;
    const rep = replay(assize, again);
    assert.ok(rep.ok, `replay agrees: ${JSON.stringify(rep.mismatches)}`);
    assert.equal(rep.steps, 3, 'three steps replayed');
    assizeEntry.invariants!(again.state, { initial: start().state, previous: g.state, step: 3 });
  });

  test('a GM action beyond the invariants\' bounds is refused, in French and English, and changes nothing', () => {
    const g = start();
    const r = takeAction(assize, g, GM_SEAT, { id: 'set-store', values: { player: 'p1', store: String(g.state.rounds * POT + 1) } });
    assert.equal(r.game, g, 'the game is as it was');
    assert.equal(r.validation.value, null, 'refused');
    assert.match(r.validation.issues[0]!.text!.fr, /au plus 12 gerbes/, 'French reason');
    assert.match(r.validation.issues[0]!.text!.en, /at most 12 sheaves/, 'English reason');
    const bad = takeAction(assize, g, GM_SEAT, { id: 'set-store', values: { player: 'p9', store: '1' } });
    assert.equal(bad.validation.issues[0]!.text!.en, 'no such player', 'an unknown player is refused');
  });

  test('a player cannot take a GM action, and a ruleset without GM actions refuses the GM seat', () => {
    const g = start();
    assert.throws(() => takeAction(assize, g, 'p1', { id: 'set-store', values: { player: 'p1', store: '6' } }), GameError, 'Assize has no free actions for players');
    const withPlayerActions = { ...assize, validateAction: () => ({ value: null, issues: [{ message: 'unknown action' }] }), act: () => { throw new Error('act must not run'); } };
    const r = takeAction(withPlayerActions, g, 'p1', { id: 'set-store', values: { player: 'p1', store: '6' } });
    assert.equal(r.game, g, 'a player\'s action naming a GM action goes to validateAction and is refused');
    const noGm = { ...assize, gmActions: undefined, validateGmAction: undefined, gmAct: undefined };
    assert.throws(() => takeAction(noGm, g, GM_SEAT, { id: 'set-store', values: {} }), /no GM actions/, 'no GM actions without gmAct');
  });

  test('the GM actions are listed while the game runs, none once it is over', () => {
    const g = start();
    const list = assize.gmActions!(g.state, 'fr');
    assert.deepEqual(list.map((a) => a.id), ['set-store'], 'one action');
    assert.equal(list[0]!.label, 'Fixer un grenier', 'labelled in French');
    assert.deepEqual(assize.gmActions!({ ...g.state, phase: 'over' }, 'en'), [], 'none once over');
  });
});
