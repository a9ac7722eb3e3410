/**
 * A battle applied to the state (rules §6.13): TV-30 end to end through §6.2 and ABR on the
 * fixture, a tabletop report with an ally and a failed fortress retreat (TV-22, TV-28), the §6.8
 * no-agreement case with its catastrophes, and a property over random ABR battles: losses applied
 * within bounds, the invariants, determinism, every prestige change in the ledger.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { applyBattle, runAbrBattle } from '../../src/rulesets/gruik/rules/battle-result.ts';
import { createDetachment, sendAlly } from '../../src/rulesets/gruik/rules/detachments.ts';
import { scriptedDice, seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { DWARF_ARMY, ELF_ARMY, fixture } from './fixture.ts';

/** The elves (24 AP) have marched into the dwarves' Rocfendu, where the dwarf army (20 AP) waits. */
function atRoc(): GruikState {
  const s = fixture();
  Object.assign(s.armies[ELF_ARMY]!, { currentAP: 24, seasonalSize: 24, location: 'roc', moved: true, enteredBy: 'land', movedFrom: 'rives' });
  Object.assign(s.armies[DWARF_ARMY]!, { currentAP: 20, seasonalSize: 20, location: 'roc' });
  s.fleets['dwarves:F1']!.zone = 'large';
  return s;
}

test('TV-30 on the state: the elves attack (+3 v 0), ABR gives them the day by 4; the dwarven general dies; losses, prestige, counters, retreat', () => {
  const dice = scriptedDice([/* HOTT */ 3, 1, /* ABR */ 3, 4, 5, 2, /* elements */ 4, 2, 5, 6, /* D7 */ 4]);
  const r = runAbrBattle(atRoc(), { id: 'B1', province: 'roc', armies: [ELF_ARMY, DWARF_ARMY] }, dice);
  const t = r.state;
  assert.deepEqual([r.result.winner, r.result.loser], ['elves', 'dwarves']);
  assert.deepEqual([t.armies[ELF_ARMY]!.currentAP, t.armies[ELF_ARMY]!.mod], [23, -1]);
  assert.deepEqual([t.armies[DWARF_ARMY]!.currentAP, t.armies[DWARF_ARMY]!.mod], [17, -3]);
  assert.deepEqual(r.fates, [{ state: 'dwarves', character: 'dwarves:general:1', fate: 'killed' }]);
  assert.equal(t.characters['dwarves:general:1']!.status, 'dead');
  assert.deepEqual(r.civilWar, []);
  assert.deepEqual(r.prestige, { dwarves: -2, elves: 2 });
  assert.deepEqual([t.realms.elves!.prestige, t.realms.dwarves!.prestige], [2, -2]);
  assert.deepEqual(t.ledger.map((e) => [e.state, e.delta]), [['dwarves', -1], ['elves', 2], ['dwarves', -1]]);
  assert.deepEqual([t.realms.dwarves!.consecutiveMainArmyDefeats, t.realms.elves!.consecutiveMainArmyDefeats], [1, 0]);
  assert.deepEqual([t.armies[DWARF_ARMY]!.location, t.armies[DWARF_ARMY]!.retreated], ['marche', true], 'the default order: an own province free of enemies, in the map’s order');
  assert.ok(t.armies[ELF_ARMY]!.fought && t.armies[DWARF_ARMY]!.fought);
  assert.equal(dice.log.length, 11);
  assert.deepEqual(checkInvariants(t), []);
});

test('TV-22 and TV-28 from a tabletop report: the dwarves lose at home with an ally, try the fortress and fail (d6 2): captured, −2 more', () => {
  let s = atRoc();
  s.realms.dwarves!.friendsDeclared = ['fens'];
  Object.assign(s.armies['fens:A1']!, { currentAP: 20, seasonalSize: 20, location: 'roc' });
  const ally = sendAlly(s, 'fens:A1', DWARF_ARMY, 4, 'volunteerAlly');
  assert.ok(ally.ok);
  s = ally.state;
  const r = applyBattle(s, { id: 'B2', province: 'roc', armies: [ELF_ARMY, DWARF_ARMY] }, {
    outcome: { kind: 'decisive', winner: 'elves' }, onTable: { elves: 5, dwarves: 12 }, elements: [], loserRetreat: { kind: 'fortress' },
  }, scriptedDice([2]));
  const t = r.state;
  assert.deepEqual(r.result.losses.dwarves, { total: 3, allied: [1], main: 2 });
  assert.equal(t.armies['fens:A1']!.mod, -2, '−1 for the ally’s share, −1 (M3) when its contingent is captured with the dwarves');
  assert.deepEqual([t.armies[DWARF_ARMY]!.location, t.armies[DWARF_ARMY]!.mod], ['captured', -4], 'M1 −2, then M2 −2');
  assert.equal(t.detachments[ally.id!], undefined);
  assert.deepEqual([t.characters['dwarves:general:1']!.status, t.characters['dwarves:general:1']!.captor], ['captive', 'elves']);
  assert.deepEqual(r.prestige, { elves: 2, dwarves: -1 });
  assert.deepEqual(checkInvariants(t), []);
});

test('§6.8 unfinished without agreement: the lower percentage wins, both states owe two catastrophes; the sovereign commanding is the one at risk', () => {
  const s = atRoc();
  s.armies[ELF_ARMY]!.sovereignPresent = true;
  const r = applyBattle(s, { id: 'B3', province: 'roc', armies: [ELF_ARMY, DWARF_ARMY] }, {
    outcome: { kind: 'unfinished', agreement: 'none' }, onTable: { elves: 6, dwarves: 8 }, elements: [{ state: 'elves', inCloseCombat: true }],
  }, scriptedDice([/* D3 */ 4, /* D7 */ 1, /* fortress not needed: the dwarves go by land */]));
  assert.deepEqual(r.fates, [{ state: 'elves', character: 'elves:sovereign', fate: 'captured' }]);
  assert.deepEqual(r.civilWar, ['elves']);
  assert.deepEqual([r.state.realms.elves!.pendingCatastrophes, r.state.realms.dwarves!.pendingCatastrophes], [2, 2]);
  assert.equal(r.result.winner, 'elves', '6/24 = 25 % against 8/20 = 40 %: the lower percentage wins');
  assert.deepEqual([r.result.losses.elves!.total, r.result.losses.dwarves!.total], [3, 2], 'abroad 2 + 1 for the winner, at home 3 − 1 for the loser [P A-19]');
});

test('property: random ABR battles apply deterministically, within bounds, every prestige change in the ledger', () => {
  fc.assert(fc.property(fc.string({ maxLength: 8 }), fc.integer({ min: 18, max: 24 }), fc.integer({ min: 18, max: 24 }), fc.boolean(), (key, ea, da, sov) => {
    const s = atRoc();
    s.armies[ELF_ARMY]!.currentAP = ea;
    s.armies[DWARF_ARMY]!.currentAP = da;
    s.armies[DWARF_ARMY]!.sovereignPresent = sov;
    const spec = { id: 'B9', province: 'roc', armies: [ELF_ARMY, DWARF_ARMY] as [string, string] };
    const one = runAbrBattle(s, spec, seasonDice(key, 2));
    assert.deepEqual(runAbrBattle(s, spec, seasonDice(key, 2)), one);
    assert.deepEqual(checkInvariants(one.state), []);
    for (const st of ['elves', 'dwarves']) {
      const fromLedger = one.state.ledger.filter((e) => e.state === st && e.what === 'prestige').reduce((n, e) => n + e.delta, 0);
      assert.equal(one.state.realms[st]!.prestige, fromLedger);
    }
    assert.ok(one.state.armies[ELF_ARMY]!.currentAP <= ea && one.state.armies[DWARF_ARMY]!.currentAP <= da);
  }));
});

test('TV-29 applied: stopped without agreement, the attacker (the elves, in the dwarves’ roc) withdraws to where it came from', () => {
  const s = atRoc();
  const r = applyBattle(s, { id: 'B4', province: 'roc', armies: [ELF_ARMY, DWARF_ARMY] }, { outcome: { kind: 'agreedStop', agreement: 'none' }, onTable: { elves: 3, dwarves: 4 }, elements: [] }, scriptedDice([]));
  assert.deepEqual([r.state.armies[ELF_ARMY]!.location, r.state.armies[ELF_ARMY]!.retreated], ['rives', true]);
  assert.equal(r.state.armies[DWARF_ARMY]!.location, 'roc');
  assert.deepEqual(r.prestige, {}, 'no battle prestige');
  assert.deepEqual([r.state.realms.elves!.consecutiveMainArmyDefeats, r.state.realms.dwarves!.consecutiveMainArmyDefeats], [0, 0]);
});

test('§6.7 agreements: the attacked goes into the fortress; or abandons the province, whose control passes at once unless a garrison holds', () => {
  const s = atRoc();
  const spec = { id: 'B5', province: 'roc', armies: [ELF_ARMY, DWARF_ARMY] as [string, string] };
  const fort = applyBattle(s, spec, { outcome: { kind: 'agreedStop', agreement: 'attackedToFortress' }, onTable: {}, elements: [] }, scriptedDice([]));
  assert.equal(fort.state.armies[DWARF_ARMY]!.inFortress, true);
  const gone = applyBattle(s, spec, { outcome: { kind: 'agreedStop', agreement: 'attackedAbandons' }, onTable: {}, elements: [] }, scriptedDice([]));
  assert.deepEqual([gone.state.armies[DWARF_ARMY]!.location, gone.state.provinces.roc!.controller, gone.state.provinces.roc!.owner], ['marche', 'elves', 'dwarves']);
  const held = atRoc();
  held.armies[DWARF_ARMY]!.currentAP = 26;
  const g = createDetachment(held, DWARF_ARMY, 2);
  assert.ok(g.ok);
  g.state.detachments[g.id!]!.inFortress = true;
  const kept = applyBattle(g.state, spec, { outcome: { kind: 'agreedStop', agreement: 'attackedAbandons' }, onTable: {}, elements: [] }, scriptedDice([]));
  assert.equal(kept.state.provinces.roc!.controller, 'dwarves', 'a garrison still holds the fortress: the elves must besiege');
});

test('§6.7 nightfall: the side that leaves the field retreats as a loser would, fortress roll included', () => {
  const s = atRoc();
  const r = applyBattle(s, { id: 'B6', province: 'roc', armies: [ELF_ARMY, DWARF_ARMY] }, { outcome: { kind: 'nightfall', leaver: 'dwarves' }, onTable: { elves: 2, dwarves: 2 }, elements: [], loserRetreat: { kind: 'fortress' } }, scriptedDice([1]));
  assert.deepEqual([r.retreat?.failed, r.state.armies[DWARF_ARMY]!.location], [true, 'captured']);
  const stay = applyBattle(s, { id: 'B7', province: 'roc', armies: [ELF_ARMY, DWARF_ARMY] }, { outcome: { kind: 'nightfall' }, onTable: {}, elements: [] }, scriptedDice([]));
  assert.deepEqual([stay.state.armies[ELF_ARMY]!.location, stay.state.armies[DWARF_ARMY]!.location], ['roc', 'roc'], 'neither leaves: both stay and may not fight again this turn');
});

test('§6.13 a volunteer ally on the winning side gains +1, even when its contingent ends at 0 AP', () => {
  let s = atRoc();
  s.realms.elves!.friendsDeclared = ['fens'];
  Object.assign(s.armies['fens:A1']!, { currentAP: 20, seasonalSize: 20, location: 'roc' });
  const ally = sendAlly(s, 'fens:A1', ELF_ARMY, 1, 'volunteerAlly');
  assert.ok(ally.ok);
  s = ally.state;
  const r = applyBattle(s, { id: 'B8', province: 'roc', armies: [ELF_ARMY, DWARF_ARMY] }, { outcome: { kind: 'decisive', winner: 'elves' }, onTable: { elves: 9, dwarves: 12 }, elements: [] }, scriptedDice([]));
  assert.deepEqual(r.result.losses.elves, { total: 3, allied: [1], main: 2 });
  assert.equal(r.state.detachments[ally.id!], undefined, 'the 1 AP contingent is spent');
  assert.deepEqual(r.prestige, { elves: 2, fens: 1, dwarves: -1 });
});
