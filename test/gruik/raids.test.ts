/**
 * Raids, rules §8.2 and dice table D13 (S3.1 legality, S7.4 resolution): TV-45 (land raid with
 * defenders, civil war and a second raider), TV-46 (fleet raid), TV-47 (yearly cap), TV-48 (legality
 * and the army inside helping), TV-62 through the steps (a raid cancels the target's friendship),
 * TV-50's second half (a raid takes nothing from a treasury already negative), A-46 (a force that
 * moved drops out), the natural 1 and 6, fog of war (each side learns only its own money); a
 * property: raids never make a treasury negative and never exceed the yearly caps.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_CONFIG as C } from '../../src/rulesets/gruik/constants.ts';
import { scriptedDice, seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { enterCivilWar } from '../../src/rulesets/gruik/rules/civil-war.ts';
import { raidFacts, raidModifier, raidRefusal, raidSucceeds, raidYield, resolveRaids, underYearlyCap } from '../../src/rulesets/gruik/rules/raids.ts';
import { debtCap } from '../../src/rulesets/gruik/rules/treasury.ts';
import { eventsFor } from '../../src/rulesets/gruik/season-events.ts';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { DWARF_ARMY, ELF_ARMY, fixture, setArmy } from './fixture.ts';

function detachment(s: GruikState, id: string, state: string, parent: string, at: string, ap: number): void {
  s.detachments[id] = { id, state, parentArmy: parent, ap, kind: 'own', location: at, inFortress: false, moved: false, retreated: false };
  s.armies[parent]!.detachmentsCreated.push(id);
}

test('TV-45: X (21 AP) raids T (2 detachments, no army, civil war), Z raids too: +2 +1 −2 +2 = +3; d6 3 → success; X gains 10, T with 4 g loses 4; X +1, T −1', () => {
  const s = fixture();
  enterCivilWar(s, 'dwarves', 'catastrophe', 'S0.3');
  setArmy(s, ELF_ARMY, { location: 'tourbe', currentAP: 21, seasonalSize: 21 });
  setArmy(s, 'fens:A1', { currentAP: 5, seasonalSize: 5 });
  detachment(s, 'dwarves:D1', 'dwarves', DWARF_ARMY, 'roc', 3);
  detachment(s, 'dwarves:D2', 'dwarves', DWARF_ARMY, 'marche', 3);
  s.realms.dwarves!.treasury = 4;
  const orders = { elves: { raids: [{ target: 'dwarves', forces: [ELF_ARMY] }] }, fens: { raids: [{ target: 'dwarves', forces: ['fens:A1'] }] } };
  assert.equal(raidRefusal(s, 'elves', orders.elves.raids[0]!), null);
  assert.equal(raidModifier(C, raidFacts(s, 'elves', 'dwarves', [ELF_ARMY], 1)), 3);
  const t = resolveRaids(s, orders, scriptedDice([3, 1]));
  assert.equal(t.realms.elves!.treasury, 10);
  assert.equal(t.realms.dwarves!.treasury, 0);
  assert.equal(t.realms.elves!.prestige, 1);
  assert.equal(t.realms.dwarves!.prestige, -1);
  assert.equal(t.realms.fens!.treasury, 0, 'Z’s raid, resolved separately, fails on a natural 1');
  assert.equal(t.armies[ELF_ARMY]!.raided, true);
  // fog of war: the raider does not learn what the victim really lost, nor the victim what the raider got
  const seenByElves = eventsFor(t.seasonEvents!, 'elves').map((e) => e.t);
  assert.ok(seenByElves.includes('raid-gain') && !seenByElves.includes('raid-loss'), 'elves see their gain only');
  assert.ok(!eventsFor(t.seasonEvents!, null).some((e) => e.t === 'raid-roll' || e.t === 'raid-gain' || e.t === 'raid-loss'), 'the public sees the outcome only');
});

test('TV-46: a fleet of 150 ships without troops against a defending army: +2 −3 = −1; a natural 6 succeeds; gain floor(15 / 2) = 7', () => {
  const s = fixture();
  Object.assign(s.fleets['elves:F1']!, { ships: 150, zone: 'etroite', raidedThisSeason: true }); // S5: its approach made (1 MP)
  setArmy(s, DWARF_ARMY, { currentAP: 20, seasonalSize: 20 });
  s.realms.dwarves!.treasury = 10;
  const order = { target: 'dwarves', forces: ['elves:F1'] };
  assert.equal(raidRefusal(s, 'elves', order), null);
  assert.equal(raidModifier(C, raidFacts(s, 'elves', 'dwarves', order.forces, 0)), -1);
  assert.equal(raidSucceeds(C, 5, -1), false);
  const t = resolveRaids(s, { elves: { raids: [order] } }, scriptedDice([6]));
  assert.equal(t.realms.elves!.treasury, 7);
  assert.equal(t.realms.dwarves!.treasury, 3);
  s.fleets['elves:F1']!.lostBattleThisSeason = true;
  assert.equal(resolveRaids(s, { elves: { raids: [order] } }, scriptedDice([])).realms.elves!.treasury, 0, 'a fleet that fought a naval battle does not raid [T §9.1]');
  Object.assign(s.fleets['elves:F1']!, { lostBattleThisSeason: false, raidedThisSeason: false });
  assert.equal(resolveRaids(s, { elves: { raids: [order] } }, scriptedDice([])).realms.elves!.treasury, 0, 'no approach in S5, no raid');
});

test('TV-47: X controls 3 provinces (15) and gained 12 this year: a raid worth 10 yields 3', () => {
  assert.equal(underYearlyCap(10, 15, 12), 3);
  const s = fixture();
  for (const p of s.map.provinces) if (['sylve', 'rives', 'coudre'].includes(p.id)) p.taxValue = 5;
  s.provinces.hautval!.controller = 'fens';
  s.realms.elves!.raidGainsThisYear = 12;
  s.realms.dwarves!.treasury = 50;
  setArmy(s, ELF_ARMY, { location: 'tourbe', currentAP: 21, seasonalSize: 21 });
  assert.equal(debtCap(s, 'elves'), 15);
  const t = resolveRaids(s, { elves: { raids: [{ target: 'dwarves', forces: [ELF_ARMY] }] } }, scriptedDice([6]));
  assert.equal(t.realms.elves!.treasury, 3);
  assert.equal(t.realms.elves!.raidGainsThisYear, 15);
  assert.equal(t.realms.dwarves!.treasury, 40, 'the victim still loses 10 (its own cap 19)');
});

test('TV-48: a raid on a state that declared the raider friend is allowed; on one the raider declared friend it is not; a tributary may not raid its master’s friend; an army inside cannot raid but helps', () => {
  const s = fixture();
  setArmy(s, ELF_ARMY, { location: 'tourbe', currentAP: 20 });
  const order = { target: 'dwarves', forces: [ELF_ARMY] };
  s.realms.dwarves!.friendsDeclared = ['elves'];
  assert.equal(raidRefusal(s, 'elves', order), null, 'the target declared the raider friend: allowed [P A-04]');
  s.realms.elves!.friendsDeclared = ['dwarves'];
  assert.equal(raidRefusal(s, 'elves', order)?.reason, 'friend');
  const t = fixture();
  Object.assign(t.realms.fens!, { master: 'elves' });
  t.realms.elves!.friendsDeclared = ['dwarves'];
  assert.equal(raidRefusal(t, 'fens', { target: 'dwarves', forces: ['fens:A1'] })?.reason, 'protected', 'a tributary and its master’s friend [T §11.3]');
  assert.match(raidRefusal(t, 'fens', { target: 'dwarves', forces: ['fens:A1'] })!.message.fr, /tributaire/);
  const u = fixture();
  setArmy(u, ELF_ARMY, { location: 'marche', currentAP: 20 });
  setArmy(u, 'fens:A1', { currentAP: 5 });
  assert.equal(raidRefusal(u, 'elves', { target: 'dwarves', forces: [ELF_ARMY] })?.reason, 'inside');
  assert.equal(raidFacts(u, 'fens', 'dwarves', ['fens:A1'], 0).enemyArmyPresent, true, 'the elf army inside helps the fens’ raid (+1)');
});

test('TV-62 through the steps: the elves declared the dwarves friends; the dwarves raid the elves: the friendship is cancelled at S3.2 and the raid goes ahead', () => {
  let s = fixture();
  s.realms.elves!.friendsDeclared = ['dwarves'];
  setArmy(s, DWARF_ARMY, { location: 'tourbe', currentAP: 20 });
  s = runStep(s, 'S3.1', { 'S3.1': { orders: { dwarves: { raids: [{ target: 'elves', forces: [DWARF_ARMY] }] } } } });
  s = runStep(s, 'S3.2');
  assert.deepEqual(s.realms.elves!.friendsDeclared, []);
  assert.ok(s.seasonEvents!.some((e) => e.t === 'friendship' && e.change === 'cancelled' && e.automatic), 'an automatic cancellation');
  s = runStep(s, 'S7.4');
  assert.ok(s.seasonEvents!.some((e) => e.t === 'raid' && e.raider === 'dwarves'), 'the raid is rolled');
});

test('TV-50 (second half) and [T §12]: a raid takes nothing from a treasury already negative', () => {
  const s = fixture();
  setArmy(s, ELF_ARMY, { location: 'tourbe', currentAP: 21 });
  s.realms.dwarves!.treasury = -8;
  const t = resolveRaids(s, { elves: { raids: [{ target: 'dwarves', forces: [ELF_ARMY] }] } }, scriptedDice([6]));
  assert.equal(t.realms.dwarves!.treasury, -8);
  assert.equal(t.realms.elves!.treasury, 10, 'the raider still gains [P A-47]');
});

test('[P A-46] a force that moved does not raid; D13: a natural 1 always fails, a natural 6 always succeeds; yield min(10, floor(AP / 2))', () => {
  const s = fixture();
  setArmy(s, ELF_ARMY, { location: 'tourbe', currentAP: 21, moved: true });
  const t = resolveRaids(s, { elves: { raids: [{ target: 'dwarves', forces: [ELF_ARMY] }] } }, scriptedDice([]));
  assert.equal(t.seasonEvents, undefined, 'no raid, no die');
  assert.equal(raidSucceeds(C, 1, 10), false);
  assert.equal(raidSucceeds(C, 6, -10), true);
  assert.deepEqual([1, 7, 21, 30].map((ap) => raidYield(C, ap)), [0, 3, 10, 10]);
});

test('property: raids never make a treasury negative, never exceed the yearly caps, and a key gives one result', () => {
  fc.assert(fc.property(fc.string({ maxLength: 8 }), fc.integer({ min: -5, max: 30 }), fc.integer({ min: 1, max: 24 }), fc.integer({ min: 0, max: 20 }), (key, treasury, ap, already) => {
    const s = fixture();
    setArmy(s, ELF_ARMY, { location: 'tourbe', currentAP: ap });
    setArmy(s, 'fens:A1', { currentAP: 6 });
    s.realms.dwarves!.treasury = treasury;
    s.realms.dwarves!.raidLossesThisYear = already;
    const orders = { elves: { raids: [{ target: 'dwarves', forces: [ELF_ARMY] }] }, fens: { raids: [{ target: 'dwarves', forces: ['fens:A1'] }] } };
    const t = resolveRaids(s, orders, seasonDice(key, 0));
    assert.deepEqual(resolveRaids(s, orders, seasonDice(key, 0)), t);
    const d = t.realms.dwarves!;
    assert.ok(d.treasury >= Math.min(0, treasury), 'never pushed below 0 by a raid');
    assert.ok(d.raidLossesThisYear <= Math.max(already, debtCap(t, 'dwarves')), 'yearly loss cap');
    for (const st of ['elves', 'fens']) assert.ok(t.realms[st]!.raidGainsThisYear <= debtCap(t, st), 'yearly gain cap');
  }), { numRuns: 80 });
});
