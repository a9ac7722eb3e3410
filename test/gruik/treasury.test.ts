/**
 * The treasury, rules §8.6 (S0.1 taxes and tribute, S3.5 the season's money): TV-50 (debt cap),
 * TV-51 (taxes with civil war and tribute), the issue-16 ruling (every season SPENT in civil war
 * cuts a quarter, the season whose war ends at its close included), A-37 (spending dropped from the
 * end of the list, incoming gifts counted), TV-56 (prestige expense and its monument), TV-57
 * (temples), the §8.5 stateless refusals; a property: whatever the money orders, no treasury that
 * started within its cap ends below −debtCap, and money is conserved by gifts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyMoney, collectTaxes, debtCap, destroyMonument, prestigeExpenseCost, taxesAfterCivilWar, templeYield } from '../../src/rulesets/gruik/rules/treasury.ts';
import { enterCivilWar, civilWarTimers } from '../../src/rulesets/gruik/rules/civil-war.ts';
import { setControl } from '../../src/rulesets/gruik/rules/conquest.ts';
import { annexations } from '../../src/rulesets/gruik/rules/end-of-season.ts';
import type { MoneyOrder } from '../../src/rulesets/gruik/season-types.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { fixture } from './fixture.ts';

const setTax = (s: GruikState, values: Record<string, number>) => { for (const p of s.map.provinces) if (values[p.id] !== undefined) p.taxValue = values[p.id]!; };

test('TV-51: S (4 × 5, one season of civil war) collects ceil(23 × 0.75) = 18; its tributary R (3 + 10 = 13) pays ceil(6.5) = 7, keeps 6; S ends with 25', () => {
  const s = fixture();
  setTax(s, { sylve: 5, rives: 5, coudre: 5, hautval: 5, tourbe: 5, ilot: 5 });
  s.realms.elves!.civilWarSeasonsThisTaxYear = 1;
  Object.assign(s.realms.fens!, { master: 'elves', tributaryRate: 0.5 });
  const t = collectTaxes(s);
  assert.equal(taxesAfterCivilWar(23, 1, 0.25), 18);
  assert.equal(t.realms.elves!.treasury, 25, 'S: 18 taxes + 7 tribute');
  assert.equal(t.realms.fens!.treasury, 6, 'R keeps 6');
  assert.equal(t.realms.elves!.civilWarSeasonsThisTaxYear, 0, 'the counter resets at collection');
  assert.ok(t.seasonEvents!.some((e) => e.t === 'tribute' && e.amount === 7), 'a tribute event');
});

test('issue 16: a civil war from Summer to the close of Winter counts 3 seasons (Summer, Autumn, Winter) — the next taxes are cut by three quarters', () => {
  const s = fixture();
  s.season = 1;                                       // Summer: the capital revolts
  assert.ok(enterCivilWar(s, 'elves', 'catastrophe', 'S0.3'), 'civil war entered');
  civilWarTimers(s);                                  // S8.5 of Summer: already counted
  s.season = 2; civilWarTimers(s);                    // Autumn
  s.season = 3;                                       // Winter: the elves retake Sylvebrune at S7; the war ends at the season's close
  setControl(s, 'sylve', 'elves');
  assert.equal(s.realms.elves!.civilWar, undefined, 'the war is over');
  civilWarTimers(s);
  assert.equal(s.realms.elves!.civilWarSeasonsThisTaxYear, 3, 'Summer, Autumn and Winter were spent in civil war');
  s.season = 4;
  const before = s.realms.elves!.treasury;
  const t = collectTaxes(s);
  assert.equal(t.realms.elves!.treasury - before, Math.ceil(24 * 0.25), 'gross 3 + 21 = 24, cut 3/4 → 6 (the "ended in" reading would give 12)');
});

test('S0.1 runs in Spring only', () => {
  const s = fixture();
  s.season = 2;
  assert.deepEqual(collectTaxes(s).realms, s.realms);
});

test('TV-50: the dwarf holds one province of value 10 at −8; 4 ships would make −12 < −10: refused', () => {
  const s = fixture();
  setTax(s, { enclume: 10 });
  for (const p of ['roc', 'marche', 'gouffre']) s.provinces[p]!.controller = 'fens';
  s.realms.dwarves!.treasury = -8;
  assert.equal(debtCap(s, 'dwarves'), 10);
  const r = applyMoney(s, { dwarves: [{ kind: 'ships', ships: 4 }] });
  assert.equal(r.state.realms.dwarves!.treasury, -8);
  assert.deepEqual(r.refused.map((x) => x.refusal.reason), ['debt-cap']);
  assert.match(r.refused[0]!.refusal.message.fr, /−10/);
  const ok = applyMoney(s, { dwarves: [{ kind: 'ships', ships: 2 }] });
  assert.equal(ok.state.realms.dwarves!.treasury, -10, '2 ships fit exactly');
  assert.deepEqual(ok.state.realms.dwarves!.pendingShips, [{ at: 'enclume', ships: 2 }]);
});

test('[P A-37] spending dropped from the end of the list until the treasury fits; an incoming gift counts', () => {
  const s = fixture();
  s.realms.elves!.treasury = 10;                      // cap 21
  const r = applyMoney(s, { elves: [{ kind: 'effort', army: 'elves:A1', amount: 15 }, { kind: 'ships', ships: 10 }, { kind: 'gift', to: 'dwarves', amount: 10 }] });
  assert.deepEqual(r.refused.map((x) => [x.order.kind, x.refusal.reason]), [['gift', 'debt-cap']]);
  assert.equal(r.state.realms.elves!.treasury, -15);
  assert.equal(r.state.armies['elves:A1']!.pendingEffortBonus, 1);
  const g = fixture();
  g.realms.dwarves!.treasury = -19; g.realms.elves!.treasury = 20;
  const r2 = applyMoney(g, { dwarves: [{ kind: 'ships', ships: 5 }], elves: [{ kind: 'gift', to: 'dwarves', amount: 10 }] });
  assert.deepEqual(r2.refused, []);
  assert.equal(r2.state.realms.dwarves!.treasury, -14, '−19 + 10 − 5');
});

test('[T §11.4] a state without a province pays for neither ships nor military effort; effort in blocks of 15', () => {
  const s = fixture();
  for (const p of ['sylve', 'rives', 'coudre', 'hautval']) s.provinces[p]!.controller = 'dwarves';
  s.realms.elves!.treasury = 100;
  const r = applyMoney(s, { elves: [{ kind: 'ships', ships: 5 }, { kind: 'effort', army: 'elves:A1', amount: 15 }] });
  assert.deepEqual(r.refused.map((x) => x.refusal.reason), ['stateless', 'stateless']);
  const e = applyMoney(fixture(), { elves: [{ kind: 'effort', army: 'elves:A1', amount: 20 }] });
  assert.deepEqual(e.refused.map((x) => x.refusal.reason), ['not-multiple']);
  assert.match(e.refused[0]!.refusal.message.en, /15 gruikors/);
});

test('TV-56: one monument enjoyed, a new one outside the capital costs 25 + 5 + 5 = 35, +2 prestige, no second this year; lost: S −2, X +1; annexed: X’s credit 2', () => {
  let s = fixture();
  s.realms.elves!.treasury = 100;
  s = applyMoney(s, { elves: [{ kind: 'prestige', province: 'sylve' }] }).state;   // year 0, at the capital: 25
  assert.equal(s.realms.elves!.treasury, 75);
  s.season = 4;                                                                      // the next year
  assert.equal(prestigeExpenseCost(s, 'elves', 'rives'), 35);
  const r = applyMoney(s, { elves: [{ kind: 'prestige', province: 'rives' }, { kind: 'prestige', province: 'coudre' }] });
  assert.equal(r.state.realms.elves!.treasury, 40);
  assert.equal(r.state.realms.elves!.prestige, 4);
  assert.deepEqual(r.refused.map((x) => x.refusal.reason), ['one-a-year']);
  const t = structuredClone(r.state);
  setControl(t, 'rives', 'dwarves');
  assert.equal(t.realms.elves!.prestige, 2, 'S −2');
  assert.equal(t.realms.dwarves!.prestige, 1, 'X +1 = ceil(2 / 2)');
  t.season = 12;
  const a = annexations(t);
  assert.equal(a.provinces.rives!.owner, 'dwarves');
  assert.equal(a.realms.dwarves!.prestige, 2, 'on annexation X’s credit becomes 2');
});

test('§8.6.3 / T §15: a monument destroyed (the GM’s ruling) costs whoever enjoys it −1, leaves its province, no longer follows control nor raises the next price; an unknown id refused in both languages', () => {
  let s = fixture();
  s.realms.elves!.treasury = 100;
  s = applyMoney(s, { elves: [{ kind: 'prestige', province: 'rives' }] }).state;      // outside the capital: 30, +2
  const id = Object.keys(s.monuments!)[0]!;
  s.season = 4;
  assert.equal(prestigeExpenseCost(s, 'elves', 'rives'), 35, 'one enjoyed');
  setControl(s, 'rives', 'dwarves');                                                // the conqueror enjoys ceil(2 / 2) = 1
  assert.deepEqual([s.realms.elves!.prestige, s.realms.dwarves!.prestige], [0, 1]);
  s.seasonEvents = [];
  const ledger = s.ledger.length;
  assert.equal(destroyMonument(s, id), null);
  assert.deepEqual([s.realms.elves!.prestige, s.realms.dwarves!.prestige], [0, 0], 'the one who enjoys it: −1; the builder who lost it: nothing more');
  assert.deepEqual(s.provinces.rives!.monuments, []);
  assert.deepEqual(s.monuments![id]!.creditedTo, [], 'the record stays, credited to nobody');
  assert.deepEqual(s.ledger.slice(ledger).map((l) => [l.state, l.delta, l.rule]), [['dwarves', -1, '[T §15]']]);
  assert.deepEqual(s.seasonEvents.map((e) => [e.t, e.audience]), [['monument-destroyed', []]], 'public');
  assert.equal(prestigeExpenseCost(s, 'elves', 'rives'), 30, 'no longer enjoyed by anyone');
  setControl(s, 'rives', 'elves');
  assert.deepEqual([s.realms.elves!.prestige, s.realms.dwarves!.prestige], [0, 0], 'nothing left to follow control');
  const r = destroyMonument(s, id)!;
  assert.equal(r.reason, 'unknown-monument');
  assert.match(r.message.fr, /aucune dépense de prestige/);
  assert.match(r.message.en, /no prestige expense/);
  assert.equal(destroyMonument(s, '__proto__')?.reason, 'unknown-monument', 'ids looked up as own keys only');
  // a new monument after it gets a new id: none overwritten
  s.realms.elves!.treasury = 100;
  const built = applyMoney(s, { elves: [{ kind: 'prestige', province: 'rives' }] }).state;
  assert.equal(Object.keys(built.monuments!).length, 2);
  assert.deepEqual(built.provinces.rives!.monuments.filter((x) => x !== id).length, 1);
});

test('TV-57: temples of a province of value 5: +5 g and −2 prestige; 3 years later 0; after 6 years 3; after 10 years 5', () => {
  const s = fixture();
  const r = applyMoney(s, { elves: [{ kind: 'pillage', province: 'rives' }] });
  assert.equal(r.state.realms.elves!.treasury, 5);
  assert.equal(r.state.realms.elves!.prestige, -2);
  const t = r.state;
  for (const [years, g] of [[3, 0], [6, 3], [10, 5]] as const) { t.season = years * 4; assert.equal(templeYield(t, 'rives'), g, `${years} years`); }
});

test('[T §11.2 case 4; P A-69] the master pillaging the temples of its tributary’s province frees it; the master −1', () => {
  const s = fixture();
  Object.assign(s.realms.fens!, { master: 'elves', tributaryRate: 0.5 });
  s.provinces.tourbe!.controller = 'elves';
  const r = applyMoney(s, { elves: [{ kind: 'pillage', province: 'tourbe' }] });
  assert.equal(r.state.realms.fens!.master, undefined);
  assert.equal(r.state.realms.elves!.prestige, -3, '−2 temples, −1 tributary lost');
});

const moneyOrder: fc.Arbitrary<MoneyOrder> = fc.oneof(
  fc.record({ kind: fc.constant('gift' as const), to: fc.constantFrom('elves', 'dwarves', 'fens', 'nobody'), amount: fc.integer({ min: -5, max: 60 }) }),
  fc.record({ kind: fc.constant('ships' as const), ships: fc.integer({ min: -2, max: 60 }) }),
  fc.record({ kind: fc.constant('effort' as const), army: fc.constantFrom('elves:A1', 'dwarves:A1', 'fens:A1'), amount: fc.constantFrom(0, 15, 30, 45, 7) }),
  fc.record({ kind: fc.constant('prestige' as const), province: fc.constantFrom('sylve', 'rives', 'enclume', 'tourbe') }),
  fc.record({ kind: fc.constant('pillage' as const), province: fc.constantFrom('sylve', 'rives', 'enclume', 'tourbe', 'ilot') }),
);

test('property: whatever the orders, treasuries that start within their caps stay within them, money moves only as the orders say, and the same orders give the same result', () => {
  fc.assert(fc.property(fc.dictionary(fc.constantFrom('elves', 'dwarves', 'fens'), fc.array(moneyOrder, { maxLength: 6 })), fc.integer({ min: -8, max: 40 }), (orders, treasury) => {
    const s = fixture();
    for (const r of Object.values(s.realms)) r.treasury = treasury;
    const r = applyMoney(s, orders);
    assert.deepEqual(applyMoney(s, orders), r, 'deterministic');
    for (const x of Object.values(r.state.realms)) {
      assert.ok(Number.isInteger(x.treasury), `${x.id} integer`);
      assert.ok(x.treasury >= -debtCap(r.state, x.id), `${x.id} at ${x.treasury} within −${debtCap(r.state, x.id)}`);
    }
    const ledger = r.state.ledger.filter((e) => e.what === 'treasury').reduce((n, e) => n + e.delta, 0);
    const delta = Object.values(r.state.realms).reduce((n, x) => n + x.treasury, 0) - Object.values(s.realms).reduce((n, x) => n + x.treasury, 0);
    assert.equal(ledger, delta, 'every change of a treasury is in the ledger');
  }));
});
