/**
 * Retreats before combat with three states or more in one province (rules §5.8, §5.10; A-16; J8):
 * every state with a hostile force there decides, in `decidingOrder` — friendly to the controller
 * first, then those that did not move, equals drawn with a seeded die — the defender first, each
 * seeing what went before; a detachment facing any enemy main army must go; a captured one is taken
 * by the first-ranked enemy; the S6 runners carry it through to the pairing. Properties: the order
 * is a permutation that keeps the two criteria, two states give A-16's `defenderOf`, and a season
 * key gives one result.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { LAND_COMBAT_RUNNERS } from '../../src/rulesets/gruik/land-combat.ts';
import { createDetachment } from '../../src/rulesets/gruik/rules/detachments.ts';
import { scriptedDice, seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { battlePairs } from '../../src/rulesets/gruik/rules/pairing.ts';
import { contestedProvinces, decidingOrder, defenderOf, retreatsBeforeCombat } from '../../src/rulesets/gruik/rules/retreat.ts';
import { friendlyProvinceFor } from '../../src/rulesets/gruik/rules/relations.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { DWARF_ARMY, ELF_ARMY, fixture } from './fixture.ts';

const FEN_ARMY = 'fens:A1';

/** Three main armies of 20 AP in Coudraie (the elves'): the elves at home, dwarves and fens having marched in; a fen detachment beside them. */
function threeStates(): { s: GruikState; det: string } {
  const s0 = fixture();
  for (const a of Object.values(s0.armies)) Object.assign(a, { currentAP: 20, seasonalSize: 20, location: 'coudre' });
  s0.armies[FEN_ARMY]!.currentAP += 3;
  const r = createDetachment(s0, FEN_ARMY, 3);
  assert.ok(r.ok);
  const s = r.state;
  s.detachments[r.id!]!.location = 'coudre';
  for (const id of [DWARF_ARMY, FEN_ARMY]) Object.assign(s.armies[id]!, { moved: true });
  return { s, det: r.id! };
}

test('§5.8 with three states: the defender first, then the others in a seeded order; a fen detachment facing enemy main armies must retreat (two-state logic skipped it)', () => {
  const { s, det } = threeStates();
  // dwarves and fens both moved, neither friendly to the elves: one d2 draws who decides second — 2: the fens
  const r = retreatsBeforeCombat(s, 'coudre', scriptedDice([2]), { postures: { [ELF_ARMY]: 'avoid' } });
  assert.equal(r.defender, 'elves');
  assert.deepEqual(r.acts.map((a) => [a.force, a.must, a.option]), [
    [ELF_ARMY, false, { kind: 'land', to: 'sylve' }],     // the defender withdraws first (posture avoid)
    [det, true, { kind: 'land', to: 'tourbe' }],          // still facing the dwarven main army: it must go, home to Tourbière
  ]);
  assert.equal(r.state.detachments[det]!.location, 'tourbe');
  assert.deepEqual(contestedProvinces(r.state), ['coudre'], 'dwarves and fens still face each other');
  assert.deepEqual(battlePairs(r.state, 'coudre', r.defender, scriptedDice([])), [[DWARF_ARMY, FEN_ARMY]]);
  assert.deepEqual(checkInvariants(r.state), []);
});

test('§5.8 with three states: a detachment with no legal retreat is captured, by the first-ranked enemy whose main army it faces', () => {
  const { s, det } = threeStates();
  s.provinces.tourbe!.controller = 'dwarves';  // no friendly neighbour left for the fens
  s.provinces.ilot!.controller = 'dwarves';
  const r = retreatsBeforeCombat(s, 'coudre', scriptedDice([1]));
  const act = r.acts.find((a) => a.force === det)!;
  assert.deepEqual([act.must, act.option, act.captured], [true, null, [det]]);
  assert.equal(r.state.detachments[det], undefined, 'gone (M3 on its army)');
  assert.deepEqual(r.acts.map((a) => a.force), [det], 'the main armies engage (default posture)');
});

test('§5.8 with three states: a state friendly to the controller decides before the strangers, even having moved', () => {
  const { s, det } = threeStates();
  s.realms.elves!.friendsDeclared.push('fens');        // the fens may use Coudraie: not hostile to the elves any more
  s.detachments[det]!.moved = true;                    // every fen force has moved
  const order = decidingOrder(s, 'coudre', [{ state: 'dwarves', moved: false }, { state: 'elves', moved: false }, { state: 'fens', moved: true }], scriptedDice([]));
  assert.deepEqual(order, ['elves', 'fens', 'dwarves'], 'no draw needed: friendly and still, friendly and moved, then the stranger');
  const r = retreatsBeforeCombat(s, 'coudre', scriptedDice([]), { postures: { [ELF_ARMY]: 'avoid', [FEN_ARMY]: 'avoid' } });
  assert.deepEqual(r.acts.map((a) => a.force), [ELF_ARMY, FEN_ARMY, det], 'the elves, then the fens (army, then detachment)');
  assert.equal(r.state.armies[DWARF_ARMY]!.location, 'coudre');
});

test('S6.1–S6.3 with three states: the retreats, then the pairing from the defender; J8 raised for the GM', () => {
  const { s } = threeStates();
  let t = LAND_COMBAT_RUNNERS['S6.1']!(s, {});
  assert.deepEqual(t.landCombat!.contested, ['coudre']);
  t = LAND_COMBAT_RUNNERS['S6.2']!(t, {});
  assert.equal(t.landCombat!.defenders.coudre, 'elves');
  const det = Object.keys(s.detachments).find((d) => s.detachments[d]!.state === 'fens')!;
  assert.equal(t.detachments[det]!.location, 'tourbe', 'the fen detachment retreated before combat');
  assert.ok((t.fieldEvents ?? []).some((e) => e.t === 'retreat' && e.state === 'fens'));
  t = LAND_COMBAT_RUNNERS['S6.3']!(t, {});
  const battles = (t.fieldEvents ?? []).filter((e) => e.t === 'battle');
  assert.equal(battles.length, 1, 'one battle: each army fights once');
  assert.ok(battles[0]!.t === 'battle' && [battles[0]!.a, battles[0]!.b].includes('elves'), 'the defender’s pair first');
  assert.ok((t.gmQueue ?? []).some((g) => g.item === 'J8'));
  assert.deepEqual(checkInvariants(t), []);
});

test('property: the deciding order is a permutation keeping A-16’s criteria; two states give defenderOf; a key gives one order', () => {
  const s = fixture();
  const who = fc.uniqueArray(fc.record({ state: fc.constantFrom('elves', 'dwarves', 'fens', 'barbarians:1'), moved: fc.boolean() }), { selector: (x) => x.state, minLength: 1, maxLength: 4 });
  fc.assert(fc.property(who, fc.constantFrom('coudre', 'tourbe', 'marche'), fc.string({ maxLength: 6 }), (states, p, key) => {
    const order = decidingOrder(s, p, states, seasonDice(key, 0));
    assert.deepEqual([...order].sort(), states.map((x) => x.state).sort());
    assert.deepEqual(decidingOrder(s, p, states, seasonDice(key, 0)), order, 'deterministic');
    const rank = (x: { state: string; moved: boolean }) => (friendlyProvinceFor(s, p, x.state) ? 0 : 2) + (x.moved ? 1 : 0);
    if (states.length >= 3) for (let i = 1; i < order.length; i++) {
      const a = states.find((x) => x.state === order[i - 1])!, b = states.find((x) => x.state === order[i])!;
      assert.ok(rank(a) <= rank(b), `${order.join(' > ')}`);
    }
    if (states.length === 2) assert.equal(order[0], defenderOf(s, p, states[0]!, states[1]!, seasonDice(key, 0)));
  }), { numRuns: 80 });
});
