/**
 * Rules §4.7.3 and [P G-20]: equal battle rolls are re-rolled, a bounded number of times. When
 * both ranges have collapsed to the single value 1 (1 man against 1 man at equal renown), a
 * re-roll could never differ: one fair coin decides. These are the two freezes of issue 12 item 1
 * (a real turn and the battle simulator), which never returned before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng, rngFromSource } from '../../src/engine/rng.ts';
import { resolveConfig } from '../../src/rulesets/gloire-et-pouvoir/config.ts';
import { fightPass } from '../../src/rulesets/gloire-et-pouvoir/phases/p07-attacks.ts';
import { runGpTool } from '../../src/rulesets/gloire-et-pouvoir/tools/index.ts';
import { addKnight, eventsOf, giveArmy, home, relate, runTurn, scenario, setTerritory } from './harness.ts';

test('§4.7.3 [P G-20] 1 man against 1 man at equal renown: one coin decides the pass (the old loop never ended)', () => {
  const cfg = resolveConfig();
  const winners = new Set<string>();
  for (let i = 0; i < 40; i++) {
    const r = fightPass(cfg, { sA: 1, rA: 100, sD: 1, rD: 100, fortification: 'none', peasants: false }, createRng(`tie-${i}`, 'pass'));
    winners.add(r.winner);
    assert.equal(r.lossA + r.lossD, 1, 'the loser loses his one man, the winner none');
  }
  assert.deepEqual([...winners].sort(), ['A', 'D'], 'the coin is fair: both sides win some passes');
});

test('[P G-20] equal rolls are re-rolled at most battleRollCap times, then a coin decides', () => {
  const cfg = resolveConfig({ battleRollCap: 3 });
  let draws = 0;
  // A source that always gives the same draw: every pair of rolls ties, for ever.
  const rng = rngFromSource(() => { draws++; return 0.25; });
  const r = fightPass(cfg, { sA: 10, rA: 100, sD: 10, rD: 100, fortification: 'none', peasants: false }, rng);
  assert.equal(r.winner, 'A'); // the coin: 0.25 < 0.5
  assert.equal(draws, 3 * 2 + 1, 'three draws of both dice, then one coin');
});

test('[P G-20] the re-roll changes nothing when the rolls differ (same draws as before)', () => {
  const cfg = resolveConfig();
  const seq = [0.5, 0.5, 0.9, 0.1];
  let i = 0;
  const r = fightPass(cfg, { sA: 10, rA: 100, sD: 10, rD: 100, fortification: 'none', peasants: false }, rngFromSource(() => seq[i++]!));
  assert.equal(i, 4, 'one tie re-rolled once');
  assert.equal(r.winner, 'A');
});

test('issue 12 repro: two lords with one man each attack each other’s home at equal renown, and the turn resolves', () => {
  // L1's lord-knight attacks Thule, held by L2's lord-knight (1 man each, renown 100); L2 attacks
  // Narvik with a second knight (a knight with an ATT order does not defend his origin [T]).
  const s = scenario(['Hawkmoon', 'Amarethuse']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'thule'); // Thule borders Narvik
  relate(s, 'L1', 'L2', 'war');
  giveArmy(s, 'K1', 1);
  giveArmy(s, 'K2', 1);
  const k3 = addKnight(s, 'L2', { name: 'Sigur', renown: 100, location: 'thule', men: 1 });
  const { state, events } = runTurn(s, { L1: 'ATT K1 THULE 0', L2: `ATT ${k3} NARVIK 0` });
  const battles = eventsOf(events, 'battle');
  const duel = battles.find((b) => b.knight === 'K1')!;
  assert.equal(duel.passes, 1, 'one pass: the loser loses his only man');
  assert.equal(duel.defenders[0]!.knight, 'K2');
  if (duel.result === 'conquest') assert.equal(state.territories.thule!.owner, 'L1');
  else assert.equal(duel.result, 'died');
});

test('issue 12 repro: the battle simulator with 1 man against a knight of renown 100 with 1 man returns', () => {
  const s = scenario(['Hawkmoon', 'Amarethuse']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'thule');
  setTerritory(s, 'dolon', { owner: 'L2' });
  s.knights.K2!.location = 'dolon';
  relate(s, 'L1', 'L2', 'war');
  giveArmy(s, 'K1', 1);
  const out = runGpTool(s, 'L1', 'battle', {
    knight: 'K1', men: '1', threshold: '0', target: 'thule', relation: 'war', garrison: '0', fort: 'none', dk1r: '100', dk1m: '1', runs: '1',
  }, 'en', null);
  assert.deepEqual(out.errors, []);
  assert.ok(out.result, 'a result');
});
