/**
 * Fleets organised (rules §7.1, S3.6 [T §7, §7.2; P A-38]): split, merge and exchange on the same
 * coast; the 50-ship minimum of a state with several fleets checked on a split and an exchange,
 * never on a merger; refusals in both languages; the standing policy's strait passage (S4's
 * `allowing`, [P A-35]); combined fleets (§7.12) declared, sailing as one and parting.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { scriptedDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { combineFleets, exchangeShips, mergeFleets, splitFleet } from '../../src/rulesets/gruik/rules/naval-fleets.ts';
import { resolveNavalPhase } from '../../src/rulesets/gruik/rules/naval-phase.ts';
import { fleetsAllowingPassage, type NavalOrder } from '../../src/rulesets/gruik/rules/naval-orders.ts';
import { fixture } from './fixture.ts';

test('§7.1 split: 100 ships into 50 + 50 is allowed; 60 + 40 breaks the 50-ship minimum (both languages)', () => {
  const s = fixture();
  const ok = splitFleet(s, 'elves:F1', 50);
  assert.ok(ok.ok, 'split 50/50');
  assert.equal(ok.id, 'elves:F2');
  assert.deepEqual([ok.state.fleets['elves:F1']!.ships, ok.state.fleets['elves:F2']!.ships, ok.state.fleets['elves:F2']!.zone], [50, 50, 'baie']);
  assert.deepEqual(ok.state.realms.elves!.fleets, ['elves:F1', 'elves:F2']);
  assert.deepEqual(checkInvariants(ok.state), []);
  const bad = splitFleet(s, 'elves:F1', 40);
  assert.ok(!bad.ok && bad.reason === 'minimum', 'below the minimum');
  assert.match(bad.message.fr, /au moins 50 navires/);
  assert.match(bad.message.en, /at least 50 ships/);
  const none = splitFleet(s, 'elves:F1', 100);
  assert.ok(!none.ok && none.reason === 'ships', 'a split keeps ships on both sides');
});

test('A-38: a fleet worn below 50 may merge; an exchange may not leave the giver below 50; fleets elsewhere cannot merge', () => {
  const s = splitFleet(fixture(), 'elves:F1', 50);
  assert.ok(s.ok, 'split');
  const t = s.state;
  t.fleets['elves:F2']!.ships = 30; // losses: tolerated
  const merged = mergeFleets(t, 'elves:F1', 'elves:F2');
  assert.ok(merged.ok, 'merge at any size');
  assert.equal(merged.state.fleets['elves:F1']!.ships, 80);
  assert.deepEqual(merged.state.realms.elves!.fleets, ['elves:F1']);
  const give = exchangeShips(t, 'elves:F1', 'elves:F2', 10);
  assert.ok(!give.ok && give.reason === 'minimum', 'the giver would have 40');
  t.fleets['elves:F1']!.ships = 80;
  const ok = exchangeShips(t, 'elves:F1', 'elves:F2', 20);
  assert.ok(ok.ok && ok.state.fleets['elves:F2']!.ships === 50, 'exchange 20');
  t.fleets['elves:F2']!.zone = 'etroite';
  const apart = mergeFleets(t, 'elves:F1', 'elves:F2');
  assert.ok(!apart.ok && apart.reason === 'not-together', 'not on the same coast');
  assert.ok(!mergeFleets(t, 'elves:F1', 'dwarves:F1').ok, 'another state’s fleet');
});

test('§7.15 blockStraits: a fleet whose policy lets troops pass is in S4’s allowing list; by default none is', () => {
  const s = fixture();
  assert.deepEqual(fleetsAllowingPassage(s, [{ fleet: 'elves:F1', actions: [] }]), []);
  assert.deepEqual(fleetsAllowingPassage(s, [{ fleet: 'elves:F1', actions: [], policy: { blockStraits: false } }]), ['elves:F1']);
});

test('§7.12 combined fleets: declared by friends on one coast; they sail as one under the commander (ships added for detection and battle) and part with the losses pro rata', () => {
  const s = fixture();
  s.realms.elves!.friendsDeclared.push('fens');
  s.fleets['fens:F1'] = { id: 'fens:F1', state: 'fens', ships: 50, zone: 'etroite', inPort: false, mpUsed: 0, embarked: [], stationary: true, raidedThisSeason: false, lostBattleThisSeason: false };
  s.realms.fens!.fleets = ['fens:F1'];
  s.fleets['elves:F1']!.zone = 'etroite';
  s.fleets['elves:F1']!.coast = 'rives';
  s.fleets['dwarves:F1']!.zone = 'large';
  assert.ok(!combineFleets(s, 'elves:F1', 'dwarves:F1', 'elves').ok, 'not friends');
  const bad = combineFleets(s, 'elves:F1', 'fens:F1', 'dwarves');
  assert.ok(!bad.ok && bad.reason === 'commander' && bad.message.fr.length > 0 && bad.message.en.length > 0, 'the commander is one of the two');
  const c = combineFleets(s, 'elves:F1', 'fens:F1', 'elves');
  assert.ok(c.ok, 'combined');
  // the dwarves (100) sail into etroite and meet the combined fleet of 150: the elves' +2 (1.5×) counts both fleets
  const orders: NavalOrder[] = [{ fleet: 'dwarves:F1', actions: [{ do: 'move', to: 'etroite' }], policy: { interceptIf: 'never', onIntercepted: 'battle' } }];
  // detection: dwarves (moving) 6, elves (stationary) 1; order 1; battle elves 3 (+2 = 5), dwarves 3
  const r = resolveNavalPhase(c.state, orders, scriptedDice([6, 1, 1, 3, 3]));
  const b = r.records.find((x) => x.t === 'naval-battle');
  assert.ok(b && b.t === 'naval-battle' && b.winnerShips === 150 && b.loserLost === 30 && b.winnerLost === 10, 'one fleet of 150 wins: dwarves −30 (20 % of 150), winners −10');
  assert.equal(r.state.fleets['fens:F1']!.ships, 50 - 4, 'the smaller partner: ceil(10 × 50 / 150) = 4');
  assert.equal(r.state.fleets['elves:F1']!.ships, 100 - 6, 'the larger takes the rest');
  assert.equal(r.state.fleets['fens:F1']!.combinedWith, undefined, 'a declaration holds one season');
  assert.ok(r.records.some((x) => x.t === 'intercepted' && x.audience.includes('fens')), 'the partner hears of its fleet’s encounter');
  assert.deepEqual(checkInvariants(r.state), []);
});
