/**
 * Sieges, rules §8.1 and dice table D12 (S7.1–S7.3): TV-40, TV-41 (the roll), the D12 reference
 * chances, TV-42 (continuity), TV-43 and TV-53 (a fortress taken with a main army inside), TV-44
 * (surrender), A-45 (a failed siege −1 once), A-25 and A-54 (a state retaking its revolted capital:
 * no civil-war +1, the war over); a property over random sieges: the invariants hold and the same
 * key gives the same result.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DEFAULT_CONFIG as C } from '../../src/rulesets/gruik/constants.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { scriptedDice, seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { enterCivilWar } from '../../src/rulesets/gruik/rules/civil-war.ts';
import { establishSieges, rollSieges, siegeAfterBattle, siegeModifier, siegeSucceeds, surrendersAndAbandonments, type Garrison } from '../../src/rulesets/gruik/rules/siege.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { DWARF_ARMY, ELF_ARMY, fixture, setArmy } from './fixture.ts';

const mod = (season: number, garrison: Garrison, civilWar = false, friendDefeated = false) => siegeModifier(C, { season, garrison, civilWar, friendDefeated });

test('TV-40 first season: undefended natural 6 succeeds; 5 with civil war succeeds; a detachment and a natural 6 fails; an army, its defeat here, natural 6: 5 fails', () => {
  assert.equal(siegeSucceeds(C, 6, 1, mod(1, 'none')), true);
  assert.equal(siegeSucceeds(C, 5, 1, mod(1, 'none', true)), true);
  assert.equal(siegeSucceeds(C, 6, 1, mod(1, 'detachment')), false, 'no automatic success in season 1');
  assert.equal(mod(1, 'army', false, true), -1);
  assert.equal(siegeSucceeds(C, 6, 1, mod(1, 'army', false, true)), false);
});

test('TV-41 later seasons: season 2 with an army needs a 6; season 3 with an army, a natural 4 succeeds; season 4 undefended, a natural 1 fails', () => {
  assert.equal(mod(2, 'army'), 0);
  assert.equal(siegeSucceeds(C, 5, 2, 0), false);
  assert.equal(siegeSucceeds(C, 6, 2, 0), true);
  assert.equal(mod(3, 'army'), 2);
  assert.equal(siegeSucceeds(C, 4, 3, 2), true);
  assert.equal(siegeSucceeds(C, 3, 3, 2), false);
  assert.equal(mod(4, 'none'), 6);
  assert.equal(siegeSucceeds(C, 1, 4, 6), false, 'a natural 1 always fails after the first season');
});

test('D12 reference chances for seasons 1 / 2 / 3 / 4: undefended 1/6 1/2 5/6 5/6; detachment 0 1/3 2/3 5/6; army 0 1/6 1/2 5/6', () => {
  const chance = (g: Garrison, k: number) => [1, 2, 3, 4, 5, 6].filter((f) => siegeSucceeds(C, f, k, mod(k, g))).length;
  assert.deepEqual([1, 2, 3, 4].map((k) => chance('none', k)), [1, 3, 5, 5]);
  assert.deepEqual([1, 2, 3, 4].map((k) => chance('detachment', k)), [0, 2, 4, 5]);
  assert.deepEqual([1, 2, 3, 4].map((k) => chance('army', k)), [0, 1, 3, 5]);
});

/** The dwarf army (20 AP) in Rives-Claires, the elf army (20 AP) inside the fortress. */
function besieged(): GruikState {
  const s = fixture();
  setArmy(s, DWARF_ARMY, { location: 'rives', currentAP: 20, seasonalSize: 20 });
  setArmy(s, ELF_ARMY, { location: 'rives', inFortress: true, currentAP: 20, seasonalSize: 20 });
  return s;
}

test('TV-43 / TV-53: the dwarves take Rives-Claires in the second season with the elf main army inside: control, +3 g, +2 +1 +1 prestige; the elf army captured (−4, −1) and the elves tributaries (−3)', () => {
  let s = establishSieges(besieged());
  assert.equal(s.armies[DWARF_ARMY]!.siegeSeasons, 1);
  s = rollSieges(s, scriptedDice([6]));                                    // season 1: 6 − 2 = 4, fails
  assert.equal(s.provinces.rives!.controller, 'elves');
  s.season = 1;
  s = establishSieges(s);
  assert.equal(s.armies[DWARF_ARMY]!.siegeSeasons, 2, 'the siege continues');
  s = rollSieges(s, scriptedDice([6]));                                    // season 2: a natural 6 succeeds
  assert.equal(s.provinces.rives!.controller, 'dwarves');
  assert.equal(s.provinces.rives!.owner, 'elves', 'still elf property until annexation');
  assert.equal(s.provinces.rives!.controlSince, 1, 'the annexation counter starts');
  assert.equal(s.realms.dwarves!.treasury, 3, 'pillage ceil(5 / 2)');
  assert.equal(s.realms.dwarves!.prestige, 4, '+2 siege, +1 conquest, +1 tributary acquired');
  assert.equal(s.armies[ELF_ARMY]!.location, 'captured');
  assert.equal(s.armies[ELF_ARMY]!.mod, -4);
  assert.equal(s.characters['elves:general:1']!.status, 'captive');
  assert.equal(s.realms.elves!.master, 'dwarves');
  assert.equal(s.realms.elves!.prestige, -4, '−1 army lost, −3 involuntary tributary');
  assert.equal(s.realms.elves!.treasury, 0, 'the victim loses nothing [P A-26]');
  assert.equal(s.armies[DWARF_ARMY]!.siegeOf, undefined);
  assert.deepEqual(checkInvariants(s), []);
});

test('TV-44 surrender in season 2: no pillage, the garrison goes to an adjacent friendly province, control to X, X +2 +1', () => {
  let s = establishSieges(besieged());
  s.season = 1; s = establishSieges(s);
  s = surrendersAndAbandonments(s, { elves: { surrender: ['rives'] } });
  assert.equal(s.provinces.rives!.controller, 'dwarves');
  assert.equal(s.realms.dwarves!.treasury, 0);
  assert.equal(s.realms.dwarves!.prestige, 3);
  assert.equal(s.armies[ELF_ARMY]!.location, 'sylve');
  assert.equal(s.armies[ELF_ARMY]!.mod, 0);
  assert.equal(s.realms.elves!.master, undefined, 'no capture, no vassalage');
});

test('TV-42 / A-45: the besieger falls to 17 AP in season 3: the siege is broken (−1 once); back at 18 it starts again at season 1', () => {
  let s = establishSieges(besieged());
  s = establishSieges(s); s = establishSieges(s);
  assert.equal(s.armies[DWARF_ARMY]!.siegeSeasons, 3);
  s.armies[DWARF_ARMY]!.currentAP = 17;
  s = establishSieges(s);
  assert.equal(s.armies[DWARF_ARMY]!.siegeOf, undefined);
  assert.equal(s.realms.dwarves!.prestige, -1);
  s = establishSieges(s);
  assert.equal(s.realms.dwarves!.prestige, -1, 'once, not every season');
  s.armies[DWARF_ARMY]!.currentAP = 18;
  s = establishSieges(s);
  assert.equal(s.armies[DWARF_ARMY]!.siegeSeasons, 1);
});

test('[T §8.1] no siege of a friend’s or a tributary’s province, none with an enemy outside the fortress, none for a raiding army or one told not to', () => {
  const base = besieged();
  base.armies[ELF_ARMY]!.inFortress = false;
  assert.equal(establishSieges(base).armies[DWARF_ARMY]!.siegeOf, undefined, 'an enemy army outside');
  const trib = besieged(); Object.assign(trib.realms.elves!, { master: 'dwarves' });
  assert.equal(establishSieges(trib).armies[DWARF_ARMY]!.siegeOf, undefined, 'its own tributary [T §11.3]');
  assert.equal(establishSieges(besieged(), { dwarves: { raids: [{ target: 'elves', forces: [DWARF_ARMY] }] } }).armies[DWARF_ARMY]!.siegeOf, undefined, 'raiding');
  assert.equal(establishSieges(besieged(), { dwarves: { noSiege: [DWARF_ARMY] } }).armies[DWARF_ARMY]!.siegeOf, undefined, 'noSiege');
});

test('[P A-25, A-54] the elves besiege their revolted capital: no civil-war +1; taking it ends the civil war', () => {
  const s = fixture();
  enterCivilWar(s, 'elves', 'catastrophe', 'S0.3');
  assert.equal(s.provinces.sylve!.controller, 'rebels:elves');
  setArmy(s, ELF_ARMY, { location: 'sylve', currentAP: 21, seasonalSize: 21 });
  let t = establishSieges(s);
  assert.equal(t.armies[ELF_ARMY]!.siegeOf, 'sylve');
  assert.equal(rollSieges(t, scriptedDice([5])).provinces.sylve!.controller, 'rebels:elves', '5 + 0 fails: no +1');
  t = rollSieges(t, scriptedDice([6]));
  assert.equal(t.provinces.sylve!.controller, 'elves');
  assert.equal(t.realms.elves!.civilWar, undefined);
  assert.equal(t.realms['rebels:elves'], undefined, 'the rebels are gone');
  assert.deepEqual(checkInvariants(t), []);
});

test('property: random sieges keep the invariants; a season key gives one result', () => {
  fc.assert(fc.property(fc.string({ maxLength: 8 }), fc.integer({ min: 12, max: 24 }), fc.boolean(), fc.nat(3), (key, ap, inside, seasons) => {
    const s = besieged();
    s.armies[DWARF_ARMY]!.currentAP = ap;
    s.armies[ELF_ARMY]!.inFortress = inside;
    if (!inside) s.armies[ELF_ARMY]!.location = 'sylve';
    let t = s;
    for (let k = 0; k <= seasons; k++) { t = establishSieges(t); t = rollSieges(t, seasonDice(key, k)); }
    let u = s;
    for (let k = 0; k <= seasons; k++) { u = establishSieges(u); u = rollSieges(u, seasonDice(key, k)); }
    assert.deepEqual(u, t, 'deterministic');
    assert.deepEqual(checkInvariants(t), []);
    for (const r of Object.values(t.realms)) assert.ok(r.treasury >= 0, 'a siege never costs money');
  }), { numRuns: 60 });
});

test('§6.13 step 7: a besieger beaten in the province loses its siege (−1); the besieged side’s defeat there gives the next roll +1', () => {
  let s = establishSieges(besieged());
  const t = structuredClone(s);
  assert.equal(siegeAfterBattle(t, 'rives', 'dwarves'), null, 'the besieger is not friendly to the besieged');
  assert.equal(t.armies[DWARF_ARMY]!.siegeOf, undefined);
  assert.equal(t.realms.dwarves!.prestige, -1);
  const defeat = siegeAfterBattle(s, 'rives', 'elves');
  assert.deepEqual(defeat, { province: 'rives', state: 'elves' });
  s.season = 1; s = establishSieges(s);                                          // season 2: +2 −2 +1 = +1
  assert.equal(rollSieges(s, scriptedDice([5]), [defeat!]).provinces.rives!.controller, 'dwarves', '5 + 1 = 6');
  assert.equal(rollSieges(s, scriptedDice([5])).provinces.rives!.controller, 'elves', 'without the defeat, 5 fails');
});
