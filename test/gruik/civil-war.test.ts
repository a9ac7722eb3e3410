/**
 * Civil war and the capital, rules §8.7, §8.8 and D7 (S0.3, S3.4, S8.3, S8.5, S8.6): TV-59 (the
 * captive general's timeline, and its replacement roll), TV-60 (the capital moves and returns),
 * a D2 "civil war" catastrophe and a D2 invasion through S0.3 (the barbarian army enters the next
 * season by a map-edge province), the rebels' pseudo-state and the GM items raised (J16, J17, J18);
 * a property: random seasons of S0.3 and S8.5 keep the invariants and a key gives one result.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { scriptedDice, seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { appointGeneral, capitalFor, civilWarsAfterBattle, civilWarTimers, enterCivilWar, relocateCapitals } from '../../src/rulesets/gruik/rules/civil-war.ts';
import { seasonalPrestige } from '../../src/rulesets/gruik/rules/end-of-season.ts';
import { seasonStartStep } from '../../src/rulesets/gruik/rules/invasion.ts';
import { hostile } from '../../src/rulesets/gruik/rules/relations.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { ELF_ARMY, fixture } from './fixture.ts';

const GENERAL = 'elves:general:1';

/** S8.5 then S8.6 of one season. */
function endOf(s: GruikState, t: number): GruikState {
  s.season = t;
  civilWarTimers(s);
  return seasonalPrestige(s);
}

test('TV-59: the general captured in Summer 68: −1 at S8 of Autumn 68, Winter 68, Spring 69, Summer 69; civil war at S8 of Summer 69', () => {
  let s = fixture();                                      // Spring 67 = season 0; Summer 68 = 5
  Object.assign(s.characters[GENERAL]!, { status: 'captive', captor: 'dwarves', capturedAt: 5 });
  const prestige: number[] = [];
  for (let t = 5; t <= 9; t++) { s = endOf(s, t); prestige.push(s.realms.elves!.prestige); }
  assert.deepEqual(prestige, [0, -1, -2, -3, -5], 'the season of capture is not counted; Summer 69 adds −1 for the civil war ended in too');
  assert.equal(s.realms.elves!.civilWar?.since, 9);
  assert.equal(s.provinces.sylve!.controller, 'rebels:elves');
  assert.ok(s.gmQueue!.some((g) => g.item === 'J16' && g.season === 9), 'the form of the civil war goes to the GM (J16)');
});

test('TV-59: a replacement appointed in Spring 69: d6 ≤ 2 → civil war; the captive becomes void and the −1 per season stops', () => {
  let s = fixture();
  Object.assign(s.characters[GENERAL]!, { status: 'captive', captor: 'dwarves', capturedAt: 5 });
  s = endOf(s, 6); s = endOf(s, 7);
  s.season = 8;
  const r = appointGeneral(s, 'elves', ELF_ARMY, scriptedDice([2]));
  assert.deepEqual(r, { ok: true, face: 2 });
  assert.equal(s.characters[GENERAL]!.status, 'void');
  assert.equal(s.characters[s.armies[ELF_ARMY]!.general]!.status, 'active');
  assert.ok(s.realms.elves!.civilWar, 'd6 = 2: civil war');
  s = endOf(s, 8);
  assert.equal(s.realms.elves!.prestige, -3, '−1, −1, then only the civil war’s −1');
  const u = fixture();
  Object.assign(u.characters[GENERAL]!, { status: 'captive', captor: 'dwarves', capturedAt: 5 });
  appointGeneral(u, 'elves', ELF_ARMY, scriptedDice([3]));
  assert.equal(u.realms.elves!.civilWar, undefined, 'd6 = 3: no civil war');
});

test('TV-60: Sylvebrune taken: the capital moves to an owned province before a richer non-owned one, the nearer to Sylvebrune, then the lower id; it returns when Sylvebrune is recovered', () => {
  const s = fixture();
  for (const p of s.map.provinces) if (p.id === 'tourbe') p.taxValue = 9;
  s.provinces.tourbe!.controller = 'elves';            // Q: controlled, not owned
  s.provinces.sylve!.controller = 'dwarves';
  s.provinces.coudre!.controller = 'dwarves';
  assert.equal(capitalFor(s, 'elves'), 'hautval', 'rives and hautval (5 each, 1 step away): the lower id');
  relocateCapitals(s);
  assert.equal(s.realms.elves!.capital, 'hautval');
  s.provinces.sylve!.controller = 'elves';
  relocateCapitals(s);
  assert.equal(s.realms.elves!.capital, 'sylve');
  for (const p of ['sylve', 'rives', 'coudre', 'hautval', 'tourbe']) s.provinces[p]!.controller = 'dwarves';
  assert.equal(capitalFor(s, 'elves'), null, 'no province, no capital');
});

test('[T §13.3; P A-54] a civil war: the capital held by the rebels, hostile to all, no army; the elves’ army there leaves the fortress; no second civil war; none without a capital', () => {
  const s = fixture();
  s.armies[ELF_ARMY]!.inFortress = true;
  assert.equal(enterCivilWar(s, 'elves', 'catastrophe', 'S0.3'), true);
  assert.equal(s.realms['rebels:elves']!.kind, 'rebels');
  assert.deepEqual(s.realms['rebels:elves']!.armies, []);
  assert.ok(hostile(s, 'rebels:elves', 'elves') && hostile(s, 'rebels:elves', 'dwarves'), 'hostile to all');
  assert.equal(s.armies[ELF_ARMY]!.inFortress, false);
  assert.equal(s.realms.elves!.capital, 'sylve', 'the capital does not move during a civil war');
  assert.equal(enterCivilWar(s, 'elves', 'captivity', 'S8.5'), false);
  assert.deepEqual(checkInvariants(s), []);
  const t = fixture();
  t.realms.fens!.capital = null;
  assert.equal(enterCivilWar(t, 'fens', 'catastrophe', 'S0.3'), false);
});

test('S0.3: a D2 3 (civil war) applies at once; a D2 2 (invasion) brings a barbarian army the next season, by the map edge; J17 and J18 raised', () => {
  // elves: 1+1 catastrophe, 1+2 = 3 civil war, reroll 4+5; dwarves 1+1, 1+1 = 2 invasion, reroll 4+5; fens 4+5; the two flavour texts (J17)
  const r = seasonStartStep(fixture(), scriptedDice([1, 1, 1, 2, 4, 5, 1, 1, 1, 1, 4, 5, 4, 5, 2, 3]));
  const s = r.state;
  assert.ok(s.realms.elves!.civilWar, 'civil war');
  assert.equal(s.realms.dwarves!.invasionDue, 1);
  assert.deepEqual(s.gmQueue!.map((g) => g.item).sort(), ['J16', 'J17', 'J17', 'J18']);
  s.season = 1;
  // entry: dwarves’ map-edge province is gouffre (only one): no die; then the bases of elves, dwarves, fens, barbarians
  const n = seasonStartStep(s, scriptedDice([4, 5, 4, 5, 4, 5, 8, 7])).state;
  const barbarians = Object.values(n.realms).find((x) => x.kind === 'barbarian')!;
  assert.ok(barbarians, 'a barbarian state');
  assert.equal(n.armies[barbarians.armies[0]!]!.location, 'gouffre');
  assert.equal(barbarians.seasonalBase, 23, 'its size is a seasonal base like any other');
  assert.equal(n.realms.dwarves!.invasionDue, undefined);
  assert.deepEqual(checkInvariants(n), []);
});

test('property: random S0.3 and S8.5 seasons keep the invariants; a key gives one result', () => {
  fc.assert(fc.property(fc.string({ maxLength: 8 }), fc.nat(3), (key, owed) => {
    let s = fixture();
    for (const r of Object.values(s.realms)) r.pendingCatastrophes = owed;
    for (let t = 0; t < 3; t++) {
      s.season = t;
      const a = seasonStartStep(s, seasonDice(key, t)).state;
      assert.deepEqual(seasonStartStep(s, seasonDice(key, t)).state, a, 'deterministic');
      civilWarTimers(a);
      s = seasonalPrestige(a);
      assert.deepEqual(checkInvariants(s), []);
    }
  }), { numRuns: 60 });
});

test('TV-27 consequence (§6.13 step 3): a state whose D7 roll came up in a battle enters civil war at once; one already in it does not again', () => {
  const s = fixture();
  assert.deepEqual(civilWarsAfterBattle(s, ['elves', 'dwarves']), ['elves', 'dwarves']);
  assert.ok(s.seasonEvents!.some((e) => e.t === 'civil-war' && e.cause === 'character-lost'), 'the cause is told');
  assert.deepEqual(civilWarsAfterBattle(s, ['elves']), []);
});
