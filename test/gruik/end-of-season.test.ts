/**
 * The end of the season and what falls due at the next start (S8.2, S8.7, S8.8, S0.2), and the
 * barbarians' conduct (§8.10, A-55): M6 (besieged two seasons running), M7 (siege duration), M8
 * (inactivity, TV-10's +1) on the state; TV-11 through the steps (ordered at S8.7, raised at the
 * next S0.2 with mod 0); TV-12 (disbanding at the term); ships bought joining a fleet and military
 * effort (M9) at S0.2; a barbarian army marching on the capital, and its invasion ending under 18 AP.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { scriptedDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { armyModifiers, armyShortfall, fallingDue } from '../../src/rulesets/gruik/rules/end-of-season.ts';
import { barbarianEntry, barbarianMoves, invasionsEnding } from '../../src/rulesets/gruik/rules/invasion.ts';
import { applyMoney } from '../../src/rulesets/gruik/rules/treasury.ts';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import { DWARF_ARMY, ELF_ARMY, fixture, setArmy } from './fixture.ts';

test('S8.2: M7 −1 at the end of the siege’s second season; M6 −1 for every army of a state besieged two seasons running; M8 +1 for a main army that stayed home', () => {
  const s = fixture();
  setArmy(s, DWARF_ARMY, { location: 'rives', currentAP: 20, siegeOf: 'rives', siegeSeasons: 2 });
  setArmy(s, ELF_ARMY, { location: 'rives', inFortress: true, currentAP: 20 });
  setArmy(s, 'fens:A1', { currentAP: 20 });
  s.realms.elves!.besiegedSeasonsStreak = 1;
  const t = armyModifiers(s);
  assert.equal(t.armies[DWARF_ARMY]!.mod, -1, 'M7 at season 2');
  assert.equal(t.realms.elves!.besiegedSeasonsStreak, 2);
  assert.equal(t.armies[ELF_ARMY]!.mod, -1, 'M6 from the second season besieged');
  assert.equal(t.armies['fens:A1']!.mod, 1, 'M8: inactive at home');
  s.armies['fens:A1']!.mod = 5;
  assert.equal(armyModifiers(s).armies['fens:A1']!.mod, 5, 'capped at MOD_MAX');
});

test('TV-11 through the steps: a state allowed a second army orders one at S8.7; it appears at the capital at S0.2 of the next season, mod 0', () => {
  let s = fixture();
  for (const p of ['tourbe', 'ilot', 'marche']) s.provinces[p]!.controller = 'elves';   // 7 provinces
  s = runStep(s, 'S3.1', { 'S3.1': { orders: { elves: { createArmy: true }, dwarves: { createArmy: true } } } });
  s = runStep(s, 'S8.7');
  assert.equal(s.realms.elves!.armyDue, 1);
  assert.equal(s.realms.dwarves!.armyDue, undefined, 'the dwarves (3 provinces) are allowed one');
  s.season = 1;
  s = fallingDue(s);
  assert.deepEqual(s.realms.elves!.armies, [ELF_ARMY, 'elves:A2']);
  assert.deepEqual([s.armies['elves:A2']!.location, s.armies['elves:A2']!.mod], ['sylve', 0]);
  assert.deepEqual(checkInvariants(s), []);
});

test('TV-12: two armies, 6 provinces from season t: the army with the fewest AP goes at S8 of t + 2, not before', () => {
  let s = fixture();
  for (const p of ['tourbe', 'ilot', 'marche']) s.provinces[p]!.controller = 'elves';
  s = runStep(s, 'S3.1', { 'S3.1': { orders: { elves: { createArmy: true } } } });
  s = runStep(s, 'S8.7');
  s.season = 1; s = fallingDue(s);
  s.armies[ELF_ARMY]!.currentAP = 20;
  s.provinces.marche!.controller = 'dwarves';                                            // 6 provinces
  for (const t of [1, 2]) { s.season = t; s = armyShortfall(s); assert.equal(s.realms.elves!.armies.length, 2, `S8 of ${t}`); }
  s.season = 3; s = armyShortfall(s);
  assert.deepEqual(s.realms.elves!.armies, [ELF_ARMY]);
  assert.ok(s.seasonEvents!.some((e) => e.t === 'army-disbanded'), 'told');
});

test('S0.2: ships bought join the fleet at their coast or form one; military effort becomes modifier', () => {
  let s = fixture();
  s.realms.elves!.treasury = 100;
  s = applyMoney(s, { elves: [{ kind: 'ships', ships: 60, at: 'rives' }, { kind: 'effort', army: ELF_ARMY, amount: 30 }] }).state;
  s = fallingDue(s);
  assert.deepEqual(s.realms.elves!.fleets, ['elves:F1', 'elves:F2']);
  assert.deepEqual([s.fleets['elves:F2']!.ships, s.fleets['elves:F2']!.coast], [60, 'rives']);
  assert.equal(s.armies[ELF_ARMY]!.mod, 2, 'TV-10: 30 g → +2');
  assert.equal(s.armies[ELF_ARMY]!.pendingEffortBonus, 0);
  assert.deepEqual(checkInvariants(s), []);
});

test('[P A-55] the barbarian army marches on the invaded capital (two provinces a season) and its invasion ends under 18 AP', () => {
  const s = fixture();
  barbarianEntry(s, 'dwarves', scriptedDice([]));                                       // gouffre, the dwarves’ only map-edge province
  const army = 'barbarians:1:A1';
  assert.equal(s.armies[army]!.location, 'gouffre');
  assert.deepEqual(barbarianMoves(s), [{ force: army, path: ['enclume'] }]);
  s.armies[army]!.location = 'hautval';
  assert.deepEqual(barbarianMoves(s)[0]!.path.length, 2, 'two provinces at most');
  s.armies[army]!.currentAP = 17;
  const t = invasionsEnding(s);
  assert.equal(t.realms['barbarians:1'], undefined);
  assert.equal(t.armies[army], undefined);
  assert.deepEqual(checkInvariants(t), []);
  s.armies[army]!.currentAP = 20;
  assert.ok(invasionsEnding(s).realms['barbarians:1'], 'at 20 AP it goes on');
});

test('[P, as S8.8] a barbarian horde whose invasion ends while it still owns a province it no longer controls stays a realm (soak seed dawn-b-52: the province was left owned by an unknown state)', () => {
  const s = fixture();
  barbarianEntry(s, 'dwarves', scriptedDice([]));
  const army = 'barbarians:1:A1';
  s.armies[army]!.currentAP = 17;                                                       // under 18 AP: the invasion ends
  Object.assign(s.provinces.gouffre!, { owner: 'barbarians:1', controller: 'dwarves' }); // retaken by the dwarves, not yet annexed back
  const t = invasionsEnding(s);
  assert.ok(t.realms['barbarians:1'], 'still a realm: it owns gouffre');
  assert.equal(t.realms['barbarians:1']!.invades, undefined, 'its invasion is over');
  assert.ok((t.seasonEvents ?? []).some((e) => e.t === 'invasion-over' && e.state === 'dwarves'), 'told');
  assert.deepEqual(checkInvariants(t), [], 'no province owned by an unknown state');
});

test('[P A-12, §8.7.2] S0.2: a dead general and a dead sovereign are replaced without a roll; a captured army re-forms at the capital', () => {
  const s = fixture();
  s.characters['elves:general:1']!.status = 'dead';
  s.characters['elves:sovereign']!.status = 'dead';
  setArmy(s, DWARF_ARMY, { location: 'captured', mod: -4 });
  s.season = 2;
  const t = fallingDue(s);
  const g = t.characters[t.armies[ELF_ARMY]!.general]!;
  assert.deepEqual([g.status, g.role, g.army], ['active', 'general', ELF_ARMY]);
  assert.equal(t.characters[t.realms.elves!.sovereign]!.status, 'active');
  assert.notEqual(t.realms.elves!.sovereign, 'elves:sovereign');
  assert.deepEqual([t.armies[DWARF_ARMY]!.location, t.armies[DWARF_ARMY]!.mod], ['enclume', -4]);
  assert.equal(t.rollLog.length, 0, 'no roll');
  assert.deepEqual(checkInvariants(t), []);
});
