/**
 * Conquest, annexation and tributaries, rules §8.3–§8.5 (S3.3, S3.4, S8.3, S8.4, S8.8): TV-49
 * (annexation after 8 seasons, void when retaken), cessions (control only), TV-52 (automatic
 * vassalage and its tie), TV-54 (text example 2: the last province taken, no taxes), TV-55
 * (throwing off the yoke after two defeats; refused without a right), voluntary vassalage (both
 * order it), liberation at the end of the turn, a state that disappears.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { annexations, disappearances, tributaryStatus } from '../../src/rulesets/gruik/rules/end-of-season.ts';
import { establishSieges, rollSieges } from '../../src/rulesets/gruik/rules/siege.ts';
import { ownedProvinces } from '../../src/rulesets/gruik/rules/titles.ts';
import { collectTaxes } from '../../src/rulesets/gruik/rules/treasury.ts';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import type { StateOrders } from '../../src/rulesets/gruik/season-types.ts';
import { DWARF_ARMY, fixture, setArmy } from './fixture.ts';

/** S3.1 then the given S3 steps with these orders. */
function s3(s: GruikState, orders: Record<string, StateOrders>, ...steps: ('S3.2' | 'S3.3' | 'S3.4')[]): GruikState {
  let t = runStep(s, 'S3.1', { 'S3.1': { orders } });
  for (const st of steps) t = runStep(t, st);
  return t;
}

test('TV-49: taken in Spring 8 (season 4): annexed at S8 of Spring 10 (season 12), not before; the elves own one province fewer; retaken in Winter 9, no annexation', () => {
  const s = fixture();
  s.season = 4;
  s.provinces.rives!.controller = 'dwarves'; s.provinces.rives!.controlSince = 4;
  s.season = 11;
  assert.equal(annexations(s).provinces.rives!.owner, 'elves', 'seven seasons counted: not yet');
  s.season = 12;
  const a = annexations(s);
  assert.equal(a.provinces.rives!.owner, 'dwarves');
  assert.equal(ownedProvinces(a, 'elves'), 3);
  assert.ok(a.seasonEvents!.some((e) => e.t === 'annexed' && e.province === 'rives'), 'an annexation event');
  const back = fixture();
  back.provinces.rives!.controller = 'elves'; back.provinces.rives!.controlSince = 11;
  back.season = 12;
  assert.equal(annexations(back).provinces.rives!.owner, 'elves');
});

test('[T §10; P A-22] a cession changes control at once, not ownership; refused for a province not controlled (FR/EN)', () => {
  const t = s3(fixture(), { elves: { cessions: [{ province: 'rives', to: 'dwarves' }, { province: 'roc', to: 'fens' }] } }, 'S3.3');
  assert.equal(t.provinces.rives!.controller, 'dwarves');
  assert.equal(t.provinces.rives!.owner, 'elves');
  const refused = t.seasonEvents!.filter((e) => e.t === 'refused');
  assert.equal(refused.length, 1);
  assert.ok(refused[0]!.t === 'refused' && /Rocfendu/.test(refused[0]!.message.fr) && /cannot cede/.test(refused[0]!.message.en), 'a sentence in both languages');
});

test('TV-52: all the elves’ provinces held by others — the dwarves 3 (15), the fens 1 (5): tributary of the dwarves; a tie goes to the elves’ choice, else the lower id', () => {
  const s = fixture();
  for (const p of s.map.provinces) if (['sylve', 'rives', 'coudre', 'hautval'].includes(p.id)) p.taxValue = 5;
  for (const p of ['sylve', 'rives', 'hautval']) s.provinces[p]!.controller = 'dwarves';
  s.provinces.coudre!.controller = 'fens';
  const t = tributaryStatus(s);
  assert.equal(t.realms.elves!.master, 'dwarves');
  assert.equal(t.realms.elves!.prestige, -3);
  assert.equal(t.realms.dwarves!.prestige, 1);
  s.provinces.hautval!.controller = 'fens';                         // 10 and 10
  assert.equal(tributaryStatus(s).realms.elves!.master, 'dwarves', 'the lower id');
  assert.equal(tributaryStatus(s, { elves: { masterChoice: 'fens' } }).realms.elves!.master, 'fens', 'the tributary’s choice (J22)');
});

test('TV-54 (text example 2): the dwarves take the elves’ last province, ungarrisoned: the elves become their tributaries, keep their treasury, collect no taxes', () => {
  let s = fixture();
  for (const p of ['rives', 'coudre', 'hautval']) s.provinces[p]!.controller = 'dwarves';
  s.realms.elves!.treasury = 12;
  setArmy(s, 'elves:A1', { location: 'tourbe' });                   // in a friend’s province
  s.realms.fens!.friendsDeclared = ['elves'];
  setArmy(s, DWARF_ARMY, { location: 'sylve', currentAP: 20 });
  s = rollSieges(establishSieges(s), scriptedDice([6]));
  assert.equal(s.provinces.sylve!.controller, 'dwarves');
  s = tributaryStatus(s);
  assert.equal(s.realms.elves!.master, 'dwarves');
  s.season = 4;
  const t = collectTaxes(s);
  assert.equal(t.realms.elves!.treasury, 12, 'no taxes, treasury kept');
});

test('TV-55: the master lost two main-army battles in a row: its tributary throws off the yoke at S3.4, the master −1; without that right the order is refused', () => {
  const s = fixture();
  Object.assign(s.realms.fens!, { master: 'elves', tributaryRate: 0.5 });
  const refused = s3(s, { fens: { throwOffYoke: true } }, 'S3.4');
  assert.equal(refused.realms.fens!.master, 'elves');
  assert.ok(refused.seasonEvents!.some((e) => e.t === 'refused' && e.state === 'fens'), 'refused');
  s.realms.elves!.consecutiveMainArmyDefeats = 2;
  const t = s3(s, { fens: { throwOffYoke: true } }, 'S3.4');
  assert.equal(t.realms.fens!.master, undefined);
  assert.equal(t.realms.elves!.prestige, -1);
  const m = fixture();
  Object.assign(m.realms.fens!, { master: 'elves' });
  Object.assign(m.realms.elves!, { master: 'dwarves' });
  assert.equal(s3(m, { fens: { throwOffYoke: true } }, 'S3.4').realms.fens!.master, undefined, 'case 3: the master is itself a tributary');
});

test('[T §11.1, §11.2] voluntary vassalage needs both orders; a liberation announced takes effect at the end of the turn (S8.4)', () => {
  const one = s3(fixture(), { fens: { offerVassalage: 'elves' } }, 'S3.4');
  assert.equal(one.realms.fens!.master, undefined, 'the master did not accept');
  let t = s3(fixture(), { fens: { offerVassalage: 'elves' }, elves: { acceptVassals: ['fens'] } }, 'S3.4');
  assert.equal(t.realms.fens!.master, 'elves');
  assert.deepEqual([t.realms.fens!.prestige, t.realms.elves!.prestige], [-1, 1]);
  t = s3(t, { elves: { freeTributaries: ['fens'] } }, 'S3.4');
  assert.equal(t.realms.fens!.master, 'elves', 'still a tributary during the turn');
  t = runStep(t, 'S8.4');
  assert.equal(t.realms.fens!.master, undefined);
});

test('[T §10] a state whose provinces are all annexed disappears: its forces gone, its tributaries free, its captives released', () => {
  const s = fixture();
  for (const p of ['tourbe', 'ilot']) { s.provinces[p]!.owner = 'elves'; s.provinces[p]!.controller = 'elves'; }
  Object.assign(s.realms.dwarves!, { master: 'fens' });
  Object.assign(s.characters['elves:general:1']!, { status: 'captive', captor: 'fens', capturedAt: 0 });
  const t = disappearances(s);
  assert.equal(t.realms.fens, undefined);
  assert.equal(t.armies['fens:A1'], undefined);
  assert.equal(t.realms.dwarves!.master, undefined);
  assert.equal(t.characters['elves:general:1']!.status, 'active');
  assert.ok(t.seasonEvents!.some((e) => e.t === 'disappeared' && e.state === 'fens'), 'announced');
});

test('[T §11.4; P A-50] a stateless tributary that throws off the yoke stays free only while its main army besieges one of its own provinces from the next season', () => {
  const s = fixture();
  for (const p of ['sylve', 'rives', 'coudre', 'hautval']) s.provinces[p]!.controller = 'dwarves';
  Object.assign(s.realms.elves!, { master: 'dwarves', capital: null });
  s.realms.dwarves!.consecutiveMainArmyDefeats = 2;
  let t = s3(s, { elves: { throwOffYoke: true } }, 'S3.4');
  assert.equal(t.realms.elves!.master, undefined);
  t = runStep(t, 'S8.4');
  assert.equal(t.realms.elves!.master, undefined, 'not judged in the season of the declaration, and no automatic vassalage meanwhile');
  const besieging = structuredClone(t);
  setArmy(besieging, 'elves:A1', { location: 'rives', currentAP: 20, siegeOf: 'rives', siegeSeasons: 1 });
  besieging.season = 1;
  assert.equal(runStep(besieging, 'S8.4').realms.elves!.master, undefined, 'besieging its own province: still free');
  t.season = 1;
  t = runStep(t, 'S8.4');
  assert.equal(t.realms.elves!.master, 'dwarves', 'no siege: back to tributary');
});
