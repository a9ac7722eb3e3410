/**
 * Rules §4.7 and §4.7.3 "after each pass", steps 3 and 4: a side retreats when its strength falls
 * strictly **below** its threshold ("il bat en retraite dès que son armée passe en dessous du seuil"
 * [T]: S_A < thrA, S_D < thrD). A side that lands exactly on its threshold fights on. Each case is
 * a real phase-7 battle (phases 4 and 7 with text orders, harness.ts) with scripted draws.
 *
 * Scripted draws: `rng.uniform(a, b) = a + (b − a) × draw`, the attacker's roll first; [0.9, 0.1]
 * gives the attacker the advantage in every pass below. Phase 7 draws nothing else here (the
 * defender is a knight, not a garrison to repatriate).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rngFromSource } from '../../src/engine/rng.ts';
import { eventsOf, giveArmy, home, relate, runPhases, scenario } from './harness.ts';

/** Attacker first in every pass, for as many passes as the battle takes. */
function attackerWinsEveryPass() {
  let n = 0;
  const rng = rngFromSource(() => (n++ % 2 === 0 ? 0.9 : 0.1));
  return { rng, draws: () => n };
}

/**
 * Hawkmoon (L1, lord-knight K1, renown 100) on Narvik with `attacker` men; Amaréthuse (L2,
 * lord-knight K2, renown 100) holds Thule, next to Narvik, with `defender` men. At war (no felony).
 */
function border(attacker: number, defender: number) {
  const s = scenario(['Hawkmoon', 'Amarethuse']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'thule');
  relate(s, 'L1', 'L2', 'war');
  const k1 = s.lords.L1!.lordKnight;
  const k2 = s.lords.L2!.lordKnight;
  s.knights[k1]!.renown = 100;
  s.knights[k2]!.renown = 100;
  giveArmy(s, k1, attacker);
  const defArmy = giveArmy(s, k2, defender);
  return { s, k1, k2, defArmy };
}

test('§4.7.3 step 3: an attacker that lands exactly on its threshold fights on (1 000 men, threshold 900, a first pass costing exactly 100)', () => {
  // Pass 1, the attacker takes the advantage: his blow costs the defender 0.10 × 1 000 = 100 men
  // (1 100 → 1 000); his own loss is 0.10 × 1 000 (the defender after the blow) = 100: 1 000 → 900,
  // exactly his threshold. 900 is not below 900: the attack goes on. The defender, 1 000 below
  // his threshold 95 % × 1 100 = 1 045, retreats: Thule is conquered in that one pass.
  const { s, k1 } = border(1000, 1100);
  const { rng } = attackerWinsEveryPass();
  const { state, events } = runPhases(s, { L1: 'ATT Hawkmoon thule 900', L2: 'INI 50 50 95' }, [4, 7], rng);
  const [b, ...more] = eventsOf(events, 'battle');
  assert.equal(more.length, 0);
  assert.equal(b!.threshold, 900);
  assert.equal(b!.attackerStart, 1000);
  assert.equal(b!.attackerEnd, 900, 'the first pass cost exactly 100 men');
  assert.equal(b!.passes, 1);
  assert.equal(b!.result, 'conquest', 'at exactly his threshold the attacker does not retreat');
  const d = b!.defenders[0]!;
  assert.deepEqual([d.kind, d.start, d.end, d.threshold, d.outcome], ['knight', 1100, 1000, 1045, 'retreated']);
  assert.equal(state.territories.thule!.owner, 'L1');
  assert.equal(state.knights[k1]!.location, 'thule');
});

test('§4.7.3 step 3: one man fewer and the same attacker retreats (threshold 901)', () => {
  const { s, k1 } = border(1000, 1100);
  const { state, events } = runPhases(s, { L1: 'ATT Hawkmoon thule 901', L2: 'INI 50 50 95' }, [4, 7], attackerWinsEveryPass().rng);
  const b = eventsOf(events, 'battle')[0]!;
  assert.equal(b.attackerEnd, 900);
  assert.equal(b.result, 'repelled');
  assert.equal(state.territories.thule!.owner, 'L2');
  assert.equal(state.knights[k1]!.location, 'narvik');
});

test('§4.7.3 step 4: a defender that lands exactly on its threshold holds, and another pass is fought', () => {
  // The defender's DEF sets his threshold to 1 000 men. Pass 1: the attacker's blow costs him
  // 0.10 × 1 000 = 100 men, 1 100 → 1 000: exactly his threshold, so he stays. Pass 2 (renowns
  // now 101 and 99): the blow costs him round(0.10 × 900 × 101/99) = 92 men, 1 000 → 908, and he
  // retreats; the attacker loses round(0.10 × 908 × 99/101) = 89, 900 → 811, above his 500.
  const { s, defArmy } = border(1000, 1100);
  const { rng, draws } = attackerWinsEveryPass();
  const { state, events } = runPhases(s, { L1: 'ATT Hawkmoon thule 500', L2: `DEF ${defArmy} 1000` }, [4, 7], rng);
  const b = eventsOf(events, 'battle')[0]!;
  const d = b.defenders[0]!;
  assert.equal(d.threshold, 1000);
  assert.equal(b.passes, 2, 'at exactly his threshold after pass 1 the defender fought a second pass');
  assert.equal(d.passes, 2);
  assert.deepEqual([d.start, d.end, d.outcome], [1100, 908, 'retreated']);
  assert.equal(b.attackerEnd, 811);
  assert.equal(b.result, 'conquest');
  assert.equal(draws(), 4, 'two passes, two rolls each');
  assert.equal(state.territories.thule!.owner, 'L1');
});

test('§4.7.3 step 4: with a threshold one man higher the same defender retreats after the first pass', () => {
  const { s, defArmy } = border(1000, 1100);
  const { events } = runPhases(s, { L1: 'ATT Hawkmoon thule 500', L2: `DEF ${defArmy} 1001` }, [4, 7], attackerWinsEveryPass().rng);
  const b = eventsOf(events, 'battle')[0]!;
  assert.equal(b.passes, 1);
  assert.deepEqual([b.defenders[0]!.end, b.defenders[0]!.outcome], [1000, 'retreated']);
  assert.equal(b.result, 'conquest');
});
