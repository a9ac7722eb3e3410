/**
 * Host actions on a paused game through the engine alone (src/engine/ruleset.ts, "hosts: actions
 * on a paused game"), on Warrior Knights' `close` (§9.1 item 9): taken with `takeAction(…,
 * HOST_SEAT, …)`, applied at once as a step of its own recorded under `@host`, the game over with
 * the §7.2 ranking; a replay reproduces every hash, the close included. A ruleset without host
 * actions refuses them (GameError); a player's action or a GM action never reaches `hostAct`; an
 * unknown host action, or a close of a closed game, is refused in French and English.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { advance, createGame, GameError, replay, takeAction, type GameRecord } from '../../src/engine/game.ts';
import { GM_SEAT, HOST_SEAT, finishingOrderOf } from '../../src/engine/ruleset.ts';
import { warriorKnights as wk } from '../../src/rulesets/warrior-knights/index.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { influenceRanking } from '../../src/rulesets/warrior-knights/rules/arrival.ts';
import { assize } from './gm-ruleset.ts';

await loadAllRulesets();

function running(): GameRecord<WkGame> {
  let g = createGame(wk, { players: 3 }, 'host-actions');
  for (let i = 0; i < 6; i++) g = advance(wk, g, { useDefaults: true }); // a few steps of defaults
  return g;
}

test('the host\'s close is a step of @host, ends the game with the §7.2 ranking, and replays', () => {
  const g = running();
  assert.equal(wk.outcome(g.state), null, 'the game runs');
  assert.deepEqual(wk.hostActions!(g.state, 'en').map((a) => a.id), ['close', 'abandon'], 'the host may close it (with the ranking, or as abandoned: test/warrior-knights/abandon.test.ts)');
  const want = influenceRanking(g.state.wk);
  const r = takeAction(wk, g, HOST_SEAT, { id: 'close', values: {} });
  assert.deepEqual(r.validation.issues, [], 'the close is valid');
  const step = r.game.steps.at(-1)!;
  assert.equal(step.index, g.steps.length + 1, 'a step of its own');
  assert.deepEqual(step.action, { player: HOST_SEAT, value: { kind: 'close' } }, 'recorded as the host\'s action');
  const out = wk.outcome(r.game.state);
  assert.equal(out?.finished, true, 'the game is over');
  assert.equal(out?.reason, 'closed', 'closed by the host');
  assert.deepEqual(out?.winners, want[0]!.length === 1 ? want[0] : [], 'the winner heads the §7.2 ranking, or none while still tied');
  assert.deepEqual(wk.decisions(r.game.state), [], 'nothing is asked any more');
  assert.deepEqual(finishingOrderOf(wk, r.game.state)!.flat().sort(), [...r.game.state.wk.players].sort(), 'the finishing order ranks every baron once');
  assert.deepEqual(wk.hostActions!(r.game.state, 'en'), [], 'no host action on a finished game');
  const rep = replay(wk, r.game);
  assert.ok(rep.ok, `a replay reaches the same hashes, the close included: ${JSON.stringify(rep.mismatches)}`);
  assert.equal(rep.steps, g.steps.length + 1, 'every step replayed');
  const again = takeAction(wk, r.game, HOST_SEAT, { id: 'close', values: {} });
  assert.equal(again.game, r.game, 'a closed game cannot be closed again');
  assert.match(again.validation.issues[0]?.text?.fr ?? '', /déjà terminée/, 'said in French');
  assert.match(again.validation.issues[0]?.text?.en ?? '', /over already/, 'and in English');
});

test('only the host reaches hostAct; a ruleset without host actions refuses them', () => {
  const g = running();
  const bad = takeAction(wk, g, HOST_SEAT, { id: 'resign', values: {} });
  assert.equal(bad.game, g, 'an unknown host action changes nothing');
  assert.ok(bad.validation.issues.length > 0, 'and is refused');
  // a baron's action never reaches hostAct: it goes to the free actions (Warrior Knights' one: giving crowns), which know no close
  const baron = g.state.wk.players[0]!;
  const mine = takeAction(wk, g, baron, { id: 'close', values: {} });
  assert.equal(mine.game, g, 'a baron\'s close changes nothing');
  assert.match(mine.validation.issues[0]?.text?.en ?? '', /Unknown action: only giving crowns is possible/, 'refused as a free action');
  assert.throws(() => takeAction(wk, g, GM_SEAT, { id: 'close', values: {} }), GameError, 'nor a GM action');
  const a = createGame(assize, { lords: ['Aude', 'Bérenger'] }, 'no-host');
  assert.throws(() => takeAction(assize, a, HOST_SEAT, { id: 'close', values: {} }), /has no host actions/, 'a ruleset without host actions refuses them');
});
