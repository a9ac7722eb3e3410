/**
 * The "abandoned" result of §9.1 item 9 [P G-A64] (index.ts `abandonNow`): on a paused game the
 * host may close it "(result: 'abandoned', or the current Influence ranking with the §7.2
 * tie-breaks — host option)". Both closes are offered to the host (French and English); `abandon`
 * ends the game with no winner and no ranking (`outcome` reason `abandoned`, an empty finishing
 * order: the permanent ranking moves nobody's points), told to every baron in both languages;
 * nothing is taken after it (another host action, a gift); it replays through the engine.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, replay, takeAction, type GameRecord } from '../../src/engine/game.ts';
import { finishingOrderOf, HOST_SEAT } from '../../src/engine/ruleset.ts';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';

/** A 3-baron game a few steps into turn 1 (some Influence and crowns already moved by the defaults). */
function inTurn(seed = 'abandon-1'): GameRecord<WkGame> {
  let g = createGame(rs, { players: 3 }, seed);
  for (let i = 0; i < 40 && g.state.wk.turn < 1; i++) g = advance(rs, g, { useDefaults: true });
  assert.equal(g.state.wk.turn, 1, 'turn 1 reached');
  return g;
}

test('the host is offered both closes of §9.1 item 9, in French and English', () => {
  const g = inTurn();
  assert.deepEqual(rs.hostActions!(g.state, 'fr').map((a) => [a.id, a.label]), [['close', 'Clore la partie avec le classement du moment'], ['abandon', 'Déclarer la partie abandonnée']]);
  assert.deepEqual(rs.hostActions!(g.state, 'en').map((a) => [a.id, a.label]), [['close', 'Close the game with the current ranking'], ['abandon', 'Declare the game abandoned']]);
  assert.match(rs.hostActions!(g.state, 'en')[1]!.help ?? '', /no winner, no ranking, and it does not count in the permanent ranking/);
});

test('abandon: the game over with no winner and no ranking, told to every baron in both languages; replayed', () => {
  const g = inTurn();
  const r = takeAction(rs, g, HOST_SEAT, { id: 'abandon', values: {} });
  assert.deepEqual(r.validation.issues, []);
  const s = r.game.state;
  assert.deepEqual(rs.outcome(s), { finished: true, winners: [], reason: 'abandoned' });
  assert.equal(s.wk.stage, 'over');
  assert.equal(s.wk.winner, null);
  assert.deepEqual(rs.decisions(s), [], 'nothing asked any more');
  assert.deepEqual(rs.finishingOrder!(s), [], 'no places');
  assert.deepEqual(finishingOrderOf(rs, s), [], 'so the permanent ranking has fewer than two players to rank: no points move');
  const step = r.game.steps.at(-1)!;
  assert.deepEqual(step.events, [{ t: 'abandoned' }]);
  assert.deepEqual(step.action, { player: HOST_SEAT, value: { kind: 'abandon' } });
  for (const p of s.wk.players) {
    assert.match(rs.report(s, step.events as never, p, 'fr'), /L’hôte déclare la partie en pause abandonnée \(§9\.1\) : elle s’achève sans vainqueur ni classement/);
    assert.match(rs.report(s, step.events as never, p, 'en'), /The host declares the paused game abandoned \(§9\.1\): it ends with no winner and no ranking/);
  }
  const rep = replay(rs, r.game);
  assert.equal(rep.ok, true, JSON.stringify(rep.mismatches));
});

test('after it, nothing: no host action (close or abandon again), no gift; the forms are gone', () => {
  const g = takeAction(rs, inTurn(), HOST_SEAT, { id: 'abandon', values: {} }).game;
  for (const id of ['close', 'abandon']) {
    const v = rs.validateHostAction!(g.state, { id, values: {} });
    assert.equal(v.value, null, `${id} refused`);
    assert.match(v.issues[0]!.text!.fr, /n’existe pas, ou la partie est déjà terminée/);
    assert.match(v.issues[0]!.text!.en, /or the game is over already/);
  }
  assert.deepEqual(rs.hostActions!(g.state, 'en'), []);
  const [a, b] = g.state.wk.players;
  const gift = rs.validateAction!(g.state, a!, { id: 'give-crowns', values: { to: b!, amount: '1' } });
  assert.equal(gift.value, null);
  assert.match(gift.issues[0]!.text!.en, /The game is over/);
});

test('the close with the ranking is unchanged beside it: a winner when one leads, every baron placed', () => {
  const g = inTurn();
  const r = takeAction(rs, g, HOST_SEAT, { id: 'close', values: {} });
  const o = rs.outcome(r.game.state)!;
  assert.equal(o.reason, 'closed');
  assert.equal(r.game.state.flow.abandoned, undefined);
  assert.deepEqual(rs.finishingOrder!(r.game.state).flat().sort(), [...g.state.wk.players].sort(), 'every baron placed');
  assert.equal((r.game.steps.at(-1)!.events[0] as { t: string }).t, 'closed');
});

test('an unknown host action is refused in both languages', () => {
  const v = rs.validateHostAction!(inTurn().state, { id: 'resign', values: {} });
  assert.equal(v.value, null);
  assert.match(v.issues[0]!.text!.fr, /n’existe pas/);
});
