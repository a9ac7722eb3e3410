/**
 * Fleets organised (rules §7.1, S3.6 [T §7, §7.2; P A-38]): split, merge and exchange on the same
 * coast; the 50-ship minimum of a state with several fleets checked on a split and an exchange,
 * never on a merger; refusals in both languages; the standing policy's strait passage (S4's
 * `allowing`, [P A-35]); combined fleets (§7.12) declared, sailing as one and parting. The naval
 * policy stands (§7.15, flow.ts `sheetWithStanding`): set once in a season's sheet, it applies in
 * the seasons after without being written again, fleet by fleet, until its owner gives another.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { scriptedDice } from '../../src/rulesets/gruik/rules/dice.ts';
import { combineFleets, exchangeShips, mergeFleets, splitFleet } from '../../src/rulesets/gruik/rules/naval-fleets.ts';
import { resolveNavalPhase } from '../../src/rulesets/gruik/rules/naval-phase.ts';
import { fleetsAllowingPassage, type NavalOrder } from '../../src/rulesets/gruik/rules/naval-orders.ts';
import { advance, createGame, submit, type GameRecord } from '../../src/engine/game.ts';
import { isError } from '../../src/engine/ruleset.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import { sheetWithStanding, type GruikGame } from '../../src/rulesets/gruik/flow.ts';
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

test('§7.15 blockStraits standing: a fleet with no order follows its standing policy; an order’s own policy wins over it', () => {
  const s = fixture();
  assert.deepEqual(fleetsAllowingPassage(s, [], { 'dwarves:F1': { blockStraits: false } }), ['dwarves:F1'], 'no order: the standing policy');
  assert.deepEqual(fleetsAllowingPassage(s, [{ fleet: 'dwarves:F1', actions: [] }], { 'dwarves:F1': { blockStraits: false } }), ['dwarves:F1'], 'an order without a policy: still the standing one');
  assert.deepEqual(fleetsAllowingPassage(s, [{ fleet: 'dwarves:F1', actions: [], policy: { blockStraits: true } }], { 'dwarves:F1': { blockStraits: false } }), [], 'the order’s policy wins');
  assert.deepEqual(fleetsAllowingPassage(s, [], { 'nowhere:F9': { blockStraits: false } }), [], 'a fleet that does not exist allows nothing');
});

type G = GameRecord<GruikGame>;
function ok(g: G, player: string, answer: unknown): G {
  const r = submit(gruik, g, player, 'orders', answer);
  assert.deepEqual(r.validation.issues.filter(isError).map((i) => i.message), [], `${player}'s orders accepted`);
  return r.game;
}
/** Runs the rest of the season, every pause by its default, to the next season's orders. */
function nextOrders(g: G): G {
  g = advance(gruik, g, { useDefaults: true });
  for (let i = 0; i < 40 && (g.state.flow.phase !== 'orders' || g.state.flow.asked.orders); i++) g = advance(gruik, g, { useDefaults: true });
  assert.equal(g.state.flow.phase, 'orders', 'at the next season’s orders');
  return g;
}
/**
 * The fixture's campaign: in the first season the elves march to Rives, by the Passe des Brumes,
 * while the dwarves' fleet waits in the Mer Étroite beside it (`first`: the dwarves' sheet); in the
 * second the elves cross the strait to Roc (`second`: the dwarves' sheet, none for silence).
 */
function strait(first: string | null, second: string | null): { g: G; crossed: boolean } {
  let g = createGame(gruik, { players: 2, gm: false, seasons: 3 }, 'pol-0');
  g = ok(g, 'elves', 'move A1 rives');
  if (first !== null) g = ok(g, 'dwarves', first);
  g = nextOrders(g);
  assert.equal(g.state.gruik.armies['elves:A1']!.location, 'rives', 'the elves stand by the strait');
  assert.equal(g.state.gruik.fleets['dwarves:F1']!.zone, 'etroite', 'the dwarves’ fleet beside it');
  g = ok(g, 'elves', 'move A1 roc');
  if (second !== null) g = ok(g, 'dwarves', second);
  g = advance(gruik, g, { useDefaults: true });
  const move = g.state.gruik.landMoves.find((m) => m.force === 'elves:A1')!;
  assert.equal(move.to === 'roc', move.stopped !== 'strait', 'the army crosses or the strait stops it');
  return { g, crossed: move.to === 'roc' };
}

test('§7.15 a naval policy set in season 1 applies in season 2 without being written again; another sheet without a policy keeps it; a new policy replaces it', () => {
  assert.equal(strait(null, null).crossed, false, 'no policy: the hostile fleet blocks the strait (the §7.15 default)');
  const kept = strait('policy F1 straits allow', null);
  assert.equal(kept.crossed, true, 'season 2, silence: the policy of season 1 lets the elves cross');
  assert.deepEqual(kept.g.state.flow.standing.dwarves?.policies, { 'dwarves:F1': { blockStraits: false } }, 'it stands in the flow');
  assert.equal(strait('policy F1 straits allow', 'fleet F1 end port roc').crossed, true, 'season 2, a fleet order with no policy: the standing one still applies');
  assert.equal(strait('policy F1 straits allow', 'move A1 marche').crossed, true, 'season 2, a sheet with other orders: the standing one still applies');
  const changed = strait('policy F1 straits allow', 'policy F1 straits block');
  assert.equal(changed.crossed, false, 'season 2, a new policy: it applies at once');
  assert.deepEqual(changed.g.state.flow.standing.dwarves?.policies, { 'dwarves:F1': { blockStraits: true } }, 'and stands in its turn');
});

test('§7.15 the order template shows each fleet’s standing policy (FR/EN), the example otherwise', () => {
  let g = createGame(gruik, { players: 2, gm: false, seasons: 3 }, 'pol-0');
  assert.doesNotMatch(gruik.orderTemplate!(g.state, 'dwarves', 'en'), /policy in force/, 'none yet');
  g = ok(g, 'dwarves', 'policy F1 straits allow pursue yes');
  g = nextOrders(g);
  const en = gruik.orderTemplate!(g.state, 'dwarves', 'en');
  assert.match(en, /# Its naval policy in force \(§7\.15\), kept from season to season until you give another:\n#   policy F1 pursue yes straits allow\n/);
  assert.match(gruik.orderTemplate!(g.state, 'dwarves', 'fr'), /# Sa politique navale en vigueur \(§7\.15\)[^\n]*\n#   politique F1 poursuivre oui detroits ouvrir\n/);
  assert.doesNotMatch(gruik.orderTemplate!(g.state, 'elves', 'en'), /policy in force/, 'the elves set none');
});

test('§7.15 the policies stand fleet by fleet: a sheet’s policy replaces its fleet’s alone; a fleet gone loses its own', () => {
  const g = createGame(gruik, { players: 2, gm: false, seasons: 3 }, 'pol-0').state;
  const s = g.gruik;
  const split = splitFleet(s, 'dwarves:F1', 50);
  assert.ok(split.ok);
  g.gruik = split.state;
  g.flow.standing.dwarves = { policies: { 'dwarves:F1': { interceptIf: 'never' }, 'dwarves:F2': { pursueAfterWin: true }, 'dwarves:F7': { ask: true } } };
  const sheet = sheetWithStanding(g, 'dwarves', { naval: [{ fleet: 'dwarves:F2', actions: [], policy: { blockStraits: false } }] });
  assert.deepEqual(sheet.policies, { 'dwarves:F1': { interceptIf: 'never' }, 'dwarves:F2': { blockStraits: false } }, 'F1 kept, F2 replaced whole, F7 (gone) dropped');
  assert.deepEqual(sheetWithStanding(g, 'dwarves', null).policies, { 'dwarves:F1': { interceptIf: 'never' }, 'dwarves:F2': { pursueAfterWin: true } }, 'silence: all kept');
  assert.equal(sheetWithStanding(g, 'elves', null).policies, undefined, 'another state: none');
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
