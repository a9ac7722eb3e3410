/**
 * The naval phase S5 (rules §7.14) over random orders and policies on the §12.7 fixture with three
 * fleets, with fast-check: the invariants hold (one place per fleet, its coast on its zone, what it
 * lists aboard aboard it); no fleet is left with fewer than one ship, none gains ships, none carries
 * more than FLEET_CAPACITY_AP; the same key and orders give the same state, records and rolls;
 * the orders' order changes nothing (rules §11.1: each roll keyed by its event, not by when it is
 * made); every record renders in French and English; a state's view holds no other state's
 * detection, neither as a record nor as a die.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { render } from '../../src/rulesets/gruik/events.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { seasonDice } from '../../src/rulesets/gruik/rules/dice.ts';
import type { NavalAction, NavalOrder, NavalPolicy } from '../../src/rulesets/gruik/rules/naval-orders.ts';
import { combineFleets } from '../../src/rulesets/gruik/rules/naval-fleets.ts';
import { resolveNavalPhase } from '../../src/rulesets/gruik/rules/naval-phase.ts';
import { apAboard, blockadeAttrition, forcesAboard } from '../../src/rulesets/gruik/rules/naval-position.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import { viewOf } from '../../src/rulesets/gruik/view.ts';
import { fixture } from './fixture.ts';

const FLEETS = ['elves:F1', 'dwarves:F1', 'fens:F1'];
const ZONES = ['baie', 'etroite', 'large'];
const PROVINCES = ['sylve', 'rives', 'enclume', 'roc', 'gouffre', 'ilot'];

function board(season: number, ships: number[], armyAt: string[], combine = false, blockade = false): GruikState {
  const s = fixture();
  s.season = season;
  s.fleets['fens:F1'] = { id: 'fens:F1', state: 'fens', ships: 60, zone: 'large', coast: 'ilot', inPort: false, mpUsed: 0, embarked: [], stationary: true, raidedThisSeason: false, lostBattleThisSeason: false };
  s.realms.fens!.fleets = ['fens:F1'];
  FLEETS.forEach((f, i) => { s.fleets[f]!.ships = ships[i]!; });
  for (const [i, a] of ['elves:A1', 'dwarves:A1', 'fens:A1'].entries()) Object.assign(s.armies[a]!, { currentAP: 16 + i * 4, seasonalSize: 16 + i * 4, location: armyAt[i]! });
  if (blockade) Object.assign(s.fleets['elves:F1']!, { zone: 'etroite', coast: 'roc', blockading: 'roc', blockadingSince: season - 1 }); // §7.13 a blockade from last season
  if (!combine) return s;
  s.realms.elves!.friendsDeclared.push('fens'); // §7.12: the fens' fleet under the elves' command
  Object.assign(s.fleets['fens:F1']!, { zone: s.fleets['elves:F1']!.zone });
  delete s.fleets['fens:F1']!.coast;
  const c = combineFleets(s, 'elves:F1', 'fens:F1', 'elves');
  assert.ok(c.ok, 'combined');
  return c.state;
}

const action: fc.Arbitrary<NavalAction> = fc.oneof(
  fc.constantFrom(...ZONES).map((to) => ({ do: 'move' as const, to })),
  fc.constantFrom('elves:A1', 'dwarves:A1', 'fens:A1').map((f) => ({ do: 'embark' as const, forces: [f] })),
  fc.constantFrom(...PROVINCES).map((at) => ({ do: 'disembark' as const, at })),
  fc.constantFrom(...PROVINCES).map((at) => ({ do: 'raid' as const, at })),
);
const policy: fc.Arbitrary<Partial<NavalPolicy>> = fc.record({
  interceptIf: fc.constantFrom<NavalPolicy['interceptIf']>('always', 'never', { maxEnemyRatio: 1 }, { maxEnemyRatio: 3 }),
  onIntercepted: fc.constantFrom<NavalPolicy['onIntercepted']>('battle', 'retreat', 'continue', 'stay', 'port', { battleIfRatioAtLeast: 1, else: 'retreat' }),
  pursueAfterWin: fc.boolean(),
}, { requiredKeys: [] });
const orderFor = (fleet: string): fc.Arbitrary<NavalOrder> => fc.record({
  fleet: fc.constant(fleet),
  actions: fc.array(action, { maxLength: 4 }),
  end: fc.option(fc.record({ coast: fc.option(fc.constantFrom(...PROVINCES), { nil: undefined }), port: fc.option(fc.boolean(), { nil: undefined }), blockade: fc.option(fc.constantFrom(...PROVINCES), { nil: undefined }) }, { requiredKeys: [] }), { nil: undefined }),
  policy,
}).map((o) => JSON.parse(JSON.stringify(o)) as NavalOrder);

const game = fc.record({
  season: fc.integer({ min: 0, max: 7 }),
  combine: fc.boolean(),
  blockade: fc.boolean(),
  key: fc.string({ maxLength: 10 }),
  ships: fc.tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 300 })),
  armyAt: fc.tuple(fc.constantFrom('sylve', 'rives', 'coudre'), fc.constantFrom('enclume', 'roc', 'marche'), fc.constantFrom('ilot', 'tourbe')),
  orders: fc.tuple(fc.option(orderFor(FLEETS[0]!), { nil: undefined }), fc.option(orderFor(FLEETS[1]!), { nil: undefined }), fc.option(orderFor(FLEETS[2]!), { nil: undefined })).map((xs) => xs.filter((x): x is NavalOrder => !!x)),
});

test('property: random naval orders keep the invariants; ships never negative nor gained; capacity respected; records render in both languages', () => {
  fc.assert(fc.property(game, ({ season, key, ships, armyAt, orders, combine, blockade }) => {
    const s = board(season, ships, armyAt, combine, blockade);
    const r = resolveNavalPhase(s, orders, seasonDice(key, season));
    assert.deepEqual(checkInvariants(r.state), []);
    for (const f of Object.values(r.state.fleets)) {
      assert.ok(Number.isInteger(f.ships) && f.ships >= 1, `${f.id} keeps at least one ship or ceases to exist`);
      assert.ok(f.ships <= s.fleets[f.id]!.ships, `${f.id} gains no ship`);
      assert.equal(f.combinedWith, undefined, 'a combination lasts one season');
      assert.ok(f.embarked.reduce((n, e) => n + apAboard(r.state, e), 0) <= s.config.naval.capacityAp, `${f.id} within capacity`);
      assert.ok(forcesAboard(r.state, f.id).every((x) => f.embarked.includes(x) || !!(r.state.detachments[x]?.hostArmy)), `${f.id}: every top-level force aboard is listed`);
    }
    const worn = blockadeAttrition(r.state).state; // S8.1 after it [T §7.8]
    assert.deepEqual(checkInvariants(worn), []);
    assert.ok(Object.values(worn.fleets).every((f) => f.ships >= 1 && f.ships <= r.state.fleets[f.id]!.ships), 'attrition only takes ships');
    for (const rec of r.records) for (const lang of ['fr', 'en'] as const) {
      const text = render(r.state.realms.elves ? r.state : s, rec, lang);
      assert.ok(text.length > 0 && !/undefined|NaN|\{/.test(text), `${rec.t} in ${lang}: ${text}`);
    }
  }), { numRuns: 150 });
});

test('property: determinism and order independence (rules §11.1): same key and orders → same state, records and rolls, whatever the orders’ order', () => {
  fc.assert(fc.property(game, ({ season, key, ships, armyAt, orders, combine, blockade }) => {
    const s = board(season, ships, armyAt, combine, blockade);
    const d1 = seasonDice(key, season), d2 = seasonDice(key, season), d3 = seasonDice(key, season);
    const a = resolveNavalPhase(s, orders, d1);
    const b = resolveNavalPhase(s, orders, d2);
    const c = resolveNavalPhase(s, [...orders].reverse(), d3);
    assert.deepEqual(JSON.stringify(b.state), JSON.stringify(a.state));
    assert.deepEqual(c.state, a.state);
    assert.deepEqual(c.records, a.records);
    const rolls = (log: typeof d1.log) => log.map((x) => `${x.phase}|${x.event}|${x.index}=${x.face}`).sort();
    assert.deepEqual(rolls(d3.log), rolls(d1.log));
  }), { numRuns: 100 });
});

test('property: fog of war — a state’s view holds only the naval records it may know, never another’s detection or storm', () => {
  fc.assert(fc.property(game, ({ season, key, ships, armyAt, orders, combine, blockade }) => {
    const dice = seasonDice(key, season);
    const r = resolveNavalPhase(board(season, ships, armyAt, combine, blockade), orders, dice);
    const t = { ...r.state, navalLog: r.records, rollLog: [...r.state.rollLog, ...dice.log] };
    for (const viewer of ['elves', 'dwarves', 'fens']) {
      const ours = (st: string) => st === viewer || (combine && viewer === 'fens' && st === 'elves'); // §7.12: the partner sails in the elves' fleet
      for (const rec of viewOf(t, viewer).navalLog) {
        assert.ok(rec.audience.length === 0 || rec.audience.includes(viewer), `${viewer} reads ${rec.t}`);
        if (rec.t === 'detected') assert.ok(ours(rec.byState), 'only its own detections');
        if (rec.t === 'storm') assert.ok(ours(rec.state), 'only its own storms');
      }
      for (const roll of viewOf(t, viewer).rolls) { // a detection die, or the order of encounters, is the looking side's only
        const m = /^(?:detect|order):\d+:([^:]+:[^:]+):/.exec(roll.event);
        if (m) assert.ok(ours(m[1]!.split(':')[0]!), `${viewer} sees ${roll.event}`); // fleet ids are `${state}:F${n}` (state.ts)
      }
    }
  }), { numRuns: 60 });
});
