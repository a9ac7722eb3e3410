/**
 * Retreats and contested provinces (rules §5.7–§5.9): TV-19 (no legal retreat: a detachment is
 * captured), TV-20 (the entry-mode priorities, A-70), TV-28 (the fortress roll after a defeat, D6),
 * A-72 (a beaten army with no retreat is captured), the §5.9 default order, and a property: any
 * retreat keeps AP and modifiers sound and the invariants.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { createDetachment } from '../../src/rulesets/gruik/rules/detachments.ts';
import { scriptedDice, seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { contestedProvinces, defenderOf, retreat, retreatOptions, retreatsBeforeCombat } from '../../src/rulesets/gruik/rules/retreat.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { DWARF_ARMY, ELF_ARMY, fixture } from './fixture.ts';

function board(): GruikState {
  const s = fixture();
  for (const a of Object.values(s.armies)) { a.currentAP = 20; a.seasonalSize = 20; }
  s.armies['fens:A1']!.location = 'ilot';
  return s;
}
function detachment(s: GruikState, army: string, at: string, ap = 3): [GruikState, string] {
  s.armies[army]!.currentAP += ap;
  const r = createDetachment(s, army, ap);
  assert.ok(r.ok);
  r.state.detachments[r.id!]!.location = at;
  return [r.state, r.id!];
}

test('§5.7 contested provinces: two hostile forces, one a main army outside the fortress; two detachments never', () => {
  let s = board();
  s.armies[DWARF_ARMY]!.location = 'coudre';
  s.armies[ELF_ARMY]!.location = 'coudre';
  assert.deepEqual(contestedProvinces(s), ['coudre']);
  s.armies[ELF_ARMY]!.inFortress = true;
  assert.deepEqual(contestedProvinces(s), ['coudre'], 'the dwarves outside still face a force');
  s = board();
  let a: string, b: string;
  [s, a] = detachment(s, ELF_ARMY, 'tourbe');
  [s, b] = detachment(s, DWARF_ARMY, 'tourbe');
  assert.ok(a && b);
  s.armies['fens:A1']!.location = 'ilot';
  assert.deepEqual(contestedProvinces(s), []);
});

test('TV-19 a lone detachment in its tributary’s province, enemies all around, no fleet: no legal retreat; captured, its army −1', () => {
  let s = board();
  s.realms.fens!.master = 'elves';            // tourbe is controlled by the elves' tributary
  let det: string, d1: string, d2: string;
  [s, det] = detachment(s, ELF_ARMY, 'tourbe');
  [s, d1] = detachment(s, DWARF_ARMY, 'coudre');
  [s, d2] = detachment(s, DWARF_ARMY, 'hautval');
  assert.ok(d1 && d2);
  s.armies[DWARF_ARMY]!.location = 'tourbe';  // an enemy main army enters
  assert.deepEqual(retreatOptions(s, det), [], 'tributary passage gives no fortress [P A-27]; coudre and hautval hold enemies');
  const r = retreat(s, det, null, false, scriptedDice([]), 'dwarves');
  assert.deepEqual(r.captured, [det]);
  assert.equal(r.state.detachments[det], undefined);
  assert.equal(r.state.armies[ELF_ARMY]!.mod, -1);
  assert.deepEqual(checkInvariants(r.state), []);
  // contrast: tourbe controlled by the elves themselves, or by a state that declared them a friend
  s.provinces.tourbe!.controller = 'elves';
  assert.deepEqual(retreatOptions(s, det), [{ kind: 'fortress' }]);
  const inside = retreat(s, det, { kind: 'fortress' }, false, scriptedDice([]), 'dwarves');
  assert.equal(inside.state.detachments[det]!.inFortress, true, 'certain before combat: no roll');
  s.provinces.tourbe!.controller = 'fens';
  s.realms.fens!.friendsDeclared = ['elves'];
  assert.deepEqual(retreatOptions(s, det), [{ kind: 'fortress' }]);
});

test('TV-20 a landed army re-embarks; by land only if it cannot; an army that came by land goes back to movedFrom, by sea only if it cannot', () => {
  const s = board();
  s.fleets['dwarves:F1']!.zone = 'large';          // the strait is open
  s.fleets['elves:F1']!.zone = 'etroite';
  s.fleets['elves:F1']!.coast = 'roc';
  Object.assign(s.armies[ELF_ARMY]!, { location: 'roc', moved: true, enteredBy: 'sea' });
  assert.deepEqual(retreatOptions(s, ELF_ARMY), [{ kind: 'sea', fleet: 'elves:F1' }]);
  s.fleets['elves:F1']!.lostBattleThisSeason = true;
  assert.deepEqual(retreatOptions(s, ELF_ARMY), [{ kind: 'land', to: 'rives' }], 'by the strait, to any adjacent friendly province');
  s.fleets['dwarves:F1']!.zone = 'etroite';
  assert.deepEqual(retreatOptions(s, ELF_ARMY), [], 'the strait closed by the dwarven fleet');

  const t = board();
  Object.assign(t.armies[ELF_ARMY]!, { location: 'tourbe', moved: true, enteredBy: 'land', movedFrom: 'coudre' });
  assert.deepEqual(retreatOptions(t, ELF_ARMY), [{ kind: 'land', to: 'coudre' }], 'hautval is friendly too, but the army came from coudre');
});

test('§5.9 default order: own province free of enemies, other friendly province, sea, fortress last', () => {
  const s = board();
  s.realms.fens!.friendsDeclared = ['elves'];
  s.armies[ELF_ARMY]!.location = 'coudre';
  s.armies[DWARF_ARMY]!.location = 'hautval';
  assert.deepEqual(retreatOptions(s, ELF_ARMY), [{ kind: 'land', to: 'sylve' }, { kind: 'land', to: 'rives' }, { kind: 'land', to: 'hautval' }, { kind: 'land', to: 'tourbe' }, { kind: 'fortress' }]);
  const once = retreat(s, ELF_ARMY, { kind: 'land', to: 'sylve' }, false, scriptedDice([]), null);
  assert.deepEqual(retreatOptions(once.state, ELF_ARMY), [], 'never twice in a turn');
});

test('TV-28 fortress retreat after a defeat: d6 2 fails — captured, mod −2, its general taken; d6 3 succeeds — inside the fortress', () => {
  const s = board();
  s.armies[ELF_ARMY]!.location = 'coudre';
  s.armies[ELF_ARMY]!.mod = -3; // the battle losses already applied
  const fail = retreat(s, ELF_ARMY, { kind: 'fortress' }, true, scriptedDice([2]), 'dwarves');
  assert.deepEqual([fail.failed, fail.roll, fail.captured], [true, 2, [ELF_ARMY]]);
  assert.equal(fail.state.armies[ELF_ARMY]!.location, 'captured');
  assert.equal(fail.state.armies[ELF_ARMY]!.mod, -5);
  assert.deepEqual([fail.state.characters['elves:general:1']!.status, fail.state.characters['elves:general:1']!.captor], ['captive', 'dwarves']);
  assert.equal(fail.state.characters['elves:sovereign']!.status, 'active', 'the sovereign was not there');
  assert.deepEqual(checkInvariants(fail.state), []);
  const ok = retreat(s, ELF_ARMY, { kind: 'fortress' }, true, scriptedDice([3]), 'dwarves');
  assert.deepEqual([ok.failed, ok.state.armies[ELF_ARMY]!.inFortress, ok.state.armies[ELF_ARMY]!.retreated], [false, true, true]);
  assert.throws(() => retreat(s, ELF_ARMY, { kind: 'land', to: 'tourbe' }, true, scriptedDice([]), 'dwarves'), /not a legal retreat/);
});

test('[P A-72] a beaten army with no legal retreat is captured: −4, prestige −1; before combat it stays', () => {
  const s = board();
  Object.assign(s.armies[ELF_ARMY]!, { location: 'tourbe', moved: true, enteredBy: 'land', movedFrom: 'coudre', retreated: true });
  assert.deepEqual(retreatOptions(s, ELF_ARMY), []);
  const before = retreat(s, ELF_ARMY, null, false, scriptedDice([]), 'fens');
  assert.equal(before.state.armies[ELF_ARMY]!.location, 'tourbe');
  const after = retreat(s, ELF_ARMY, null, true, scriptedDice([]), 'fens');
  assert.deepEqual([after.state.armies[ELF_ARMY]!.location, after.state.armies[ELF_ARMY]!.mod, after.prestige], ['captured', -4, { elves: -1 }]);
});

test('property: any legal retreat, before or after combat, keeps the invariants and never makes AP negative', () => {
  fc.assert(fc.property(fc.constantFrom('coudre', 'tourbe', 'hautval', 'rives', 'roc'), fc.boolean(), fc.nat(6), fc.string({ maxLength: 6 }), (at, after, pick, key) => {
    const s = board();
    s.armies[ELF_ARMY]!.location = at;
    const options = retreatOptions(s, ELF_ARMY);
    const option = options.length ? options[pick % options.length]! : null;
    const r = retreat(s, ELF_ARMY, option, after, seasonDice(key, 0), 'dwarves');
    assert.deepEqual(checkInvariants(r.state), []);
    assert.ok(r.state.armies[ELF_ARMY]!.currentAP >= 0);
  }));
});

test('[P A-16] the defender: the side friendly to the controller; else the one that did not move; else a roll-off', () => {
  const s = board();
  const d = scriptedDice([]);
  assert.equal(defenderOf(s, 'coudre', { state: 'dwarves', moved: true }, { state: 'elves', moved: true }, d), 'elves');
  assert.equal(defenderOf(s, 'tourbe', { state: 'dwarves', moved: true }, { state: 'elves', moved: false }, d), 'elves');
  assert.equal(defenderOf(s, 'tourbe', { state: 'dwarves', moved: true }, { state: 'elves', moved: true }, scriptedDice([4, 4, 6, 2])), 'dwarves');
});

test('§5.8 before combat: a detachment must retreat before an enemy main army; an army under 18 too (TV-05); a main army stays unless it avoids', () => {
  let s = board();
  let det: string;
  [s, det] = detachment(s, ELF_ARMY, 'coudre');
  s.armies[DWARF_ARMY]!.location = 'coudre';
  const r = retreatsBeforeCombat(s, 'coudre', scriptedDice([]));
  assert.equal(r.defender, 'elves');
  assert.deepEqual(r.acts, [{ force: det, option: { kind: 'land', to: 'sylve' }, must: true, captured: [] }]);
  assert.deepEqual(contestedProvinces(r.state), []);

  const small = board();
  Object.assign(small.armies[ELF_ARMY]!, { location: 'coudre', currentAP: 17 });
  small.armies[DWARF_ARMY]!.location = 'coudre';
  const r2 = retreatsBeforeCombat(small, 'coudre', scriptedDice([]));
  assert.deepEqual(r2.acts.map((a) => [a.force, a.must, a.option]), [[ELF_ARMY, true, { kind: 'land', to: 'sylve' }]]);

  const both = board();
  both.armies[ELF_ARMY]!.location = 'coudre';
  both.armies[DWARF_ARMY]!.location = 'coudre';
  assert.deepEqual(retreatsBeforeCombat(both, 'coudre', scriptedDice([])).acts, [], 'two main armies engaging: a battle');
  assert.deepEqual(contestedProvinces(both), ['coudre']);
  const avoid = retreatsBeforeCombat(both, 'coudre', scriptedDice([]), { postures: { [ELF_ARMY]: 'avoid' }, preferences: { [ELF_ARMY]: [{ kind: 'fortress' }] } });
  assert.deepEqual(avoid.acts.map((a) => [a.force, a.option]), [[ELF_ARMY, { kind: 'fortress' }]]);
  assert.equal(avoid.state.armies[ELF_ARMY]!.inFortress, true, 'before combat the fortress always succeeds');
});

test('§5.8 the defender decides first: when it withdraws, the attacker’s detachment no longer faces a main army', () => {
  let s = board();
  let det: string;
  s.armies[ELF_ARMY]!.location = 'coudre';
  [s, det] = detachment(s, DWARF_ARMY, 'coudre');
  s.armies[DWARF_ARMY]!.location = 'coudre';
  s.armies[DWARF_ARMY]!.moved = true;
  s.detachments[det]!.moved = true;
  const r = retreatsBeforeCombat(s, 'coudre', scriptedDice([]), { postures: { [ELF_ARMY]: 'avoid' } });
  assert.deepEqual(r.acts.map((a) => a.force), [ELF_ARMY], 'the dwarven army and its detachment stay: nothing to flee');
  assert.equal(r.state.detachments[det]!.location, 'coudre');
});
