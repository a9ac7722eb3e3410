/**
 * Setup, rules §3 (S1–S16) with the per-player-count table of §1.2, for 2 to 6 barons: each
 * step's rule as a named test, the refusals in both languages, the Fate cycle of §2.7 with its
 * bounded redraw [P G-A38], and properties over seeds, counts and choices: invariants hold (each
 * piece and card in one place, nothing negative), determinism (same seed and choices → same hash).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { LocalizedError } from '../../src/engine/constants.ts';
import { hashState } from '../../src/engine/hash.ts';
import { createRng } from '../../src/engine/rng.ts';
import { city, cityIn, KINGDOM_REGIONS, region } from '../../src/rulesets/warrior-knights/board.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { FATE_DECK } from '../../src/rulesets/warrior-knights/cards.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { drawFate } from '../../src/rulesets/warrior-knights/rules/fate.ts';
import { assignTroops, closeTroops, createGame, defaultStronghold, defaultTroops, nobleRegions, placeNoble, placeStronghold, setupGame, SETUP_REFUSALS, strongholdRegions, type SetupResult } from '../../src/rulesets/warrior-knights/setup.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { troopMen } from '../../src/rulesets/warrior-knights/troops.ts';
import { chairmanOrder } from '../../src/rulesets/warrior-knights/turn-order.ts';
import { viewOf } from '../../src/rulesets/warrior-knights/view.ts';

const ok = (r: SetupResult): WkState => { assert.ok(r.ok, r.ok ? '' : r.reason); return r.state; };
const men = (s: WkState, b: BaronId) => [...Object.values(s.nobles).filter((n) => n.baron === b).flatMap((n) => n.troops), ...s.strongholds[b].garrison].reduce((m, t) => m + troopMen(t), 0);

test('§3 S5 razes 11 / 7 / 5 / 3 / 0 Kingdom cities by Fate draws, never an Overseas city', () => {
  for (const [n, razed] of [[2, 11], [3, 7], [4, 5], [5, 3], [6, 0]] as const) {
    const s = createGame({ players: n }, createRng(`s5-${n}`, 'setup'));
    const gone = Object.values(s.cities).filter((c) => c.razed);
    assert.equal(gone.length, razed, `${n} barons`);
    assert.ok(gone.every((c) => !city(c.id).overseas));
    assert.equal(s.log.filter((e) => e.t === 'city-razed').length, razed);
    // S6: every city starts neutral, unfortified, without breaches.
    assert.ok(Object.values(s.cities).every((c) => c.controller === null && !c.fortified && c.breaches === 0));
  }
});

test('§3 S7–S8, S12: Influence 10 per baron, 15 crowns, 8 shields, 12 cards, 4 Ready nobles each; N + 1 mercenaries face up [P G-A01]', () => {
  for (const n of [2, 3, 4, 5, 6]) {
    const s = createGame({ players: n }, createRng(`s8-${n}`, 'setup'));
    assert.equal(s.influenceReserve, 10 * n);
    assert.equal(s.display.length, n + 1);
    for (const b of s.players) {
      assert.equal(s.barons[b].crowns, 15);
      assert.equal(s.barons[b].shields, 8);
      assert.equal(s.barons[b].hand.length, 12);
      assert.equal(Object.values(s.nobles).filter((x) => x.baron === b && x.ready && x.location.kind === 'off').length, 4);
    }
    assert.deepEqual(s.zones, { taxes: [], wages: [], assembly: [] });
    assert.ok(s.track.every((x) => x === null));
  }
});

test('§3 S9 [P G-A02]: the Chairman and Church Support are two different barons of the game, drawn from the Fate deck', () => {
  for (let i = 0; i < 40; i++) {
    const n = 2 + (i % 5);
    const s = createGame({ players: n }, createRng(`s9-${i}`, 'setup'));
    assert.ok(s.players.includes(s.chairman) && s.players.includes(s.church));
    assert.notEqual(s.chairman, s.church);
  }
});

test('§3 S11: each baron gets 3×50 + 1×100 regulars, one 50 and one 100 mercenary: 400 men', () => {
  const s = createGame({ players: 5 }, createRng('s11', 'setup'));
  for (const b of s.players) {
    const cards = s.unassigned[b]!;
    assert.equal(cards.length, 6);
    assert.equal(cards.reduce((m, t) => m + troopMen(t), 0), 400);
    assert.deepEqual(cards.filter((t) => t.startsWith('merc-')).map(troopMen).sort(), [100, 50].sort());
  }
});

test('§3 S11 #1: assignments stay secret until all are in; the default gives everything to the circle noble', () => {
  let s = createGame({ players: 3 }, createRng('s11b', 'setup'));
  const [a, b] = chairmanOrder(s.players, s.chairman);
  const cards = s.unassigned[a!]!;
  const mine = Object.fromEntries(cards.map((c, i) => [c, i < 3 ? `${a}-star` : 'stronghold']));
  s = ok(assignTroops(s, a!, mine));
  assert.deepEqual(s.submitted, [a]);
  assert.deepEqual(viewOf(s, a!).mine.troops, mine);
  assert.equal(viewOf(s, b!).mine.troops, null);
  assert.equal(s.nobles[`${a}-star`]!.troops.length, 0, 'nothing moves before the reveal');
  s = closeTroops(s); // the deadline: b and the third baron get the default
  assert.equal(s.stage, 'strongholds');
  assert.equal(s.nobles[`${a}-star`]!.troops.length, 3);
  assert.equal(s.strongholds[a!].garrison.length, 3);
  assert.equal(men(s, b!), 400);
  assert.equal(s.nobles[`${b}-circle`]!.troops.length, 6);
});

test('§3 S11 refusals: a card left out, a card of another baron, a noble of another baron', () => {
  const s = createGame({ players: 3 }, createRng('s11c', 'setup'));
  const [a, b] = chairmanOrder(s.players, s.chairman);
  const d = defaultTroops(s, a!);
  const first = Object.keys(d)[0]!;
  const { [first]: _drop, ...short } = d;
  for (const bad of [short, { ...d, [first]: `${b}-circle` }, { ...d, [s.unassigned[b!]![0]!]: `${a}-circle` }]) {
    const r = assignTroops(s, a!, bad);
    assert.ok(!r.ok && r.reason === 'bad-assignment');
  }
  assert.match(SETUP_REFUSALS['bad-assignment'].fr, /forteresse/);
  assert.match(SETUP_REFUSALS['bad-assignment'].en, /stronghold/);
});

test('§3 S14: strongholds in chairman order, in a Kingdom region with no unrazed city and no other stronghold; off the border with 2 or 3 barons', () => {
  for (const n of [2, 3, 4]) {
    let s = createGame({ players: n }, createRng(`s14-${n}`, 'setup'));
    s = closeTroops(s);
    const order = chairmanOrder(s.players, s.chairman);
    assert.deepEqual(s.toAct, order);
    const legal = strongholdRegions(s);
    assert.ok(legal.every((r) => !region(r).overseas && !(cityIn(r) && !s.cities[cityIn(r)!.id]!.razed)));
    assert.equal(legal.some((r) => region(r).border), n >= 4);
    // a razed city's region is allowed
    const razed = Object.values(s.cities).find((c) => c.razed);
    if (razed && (n >= 4 || !region(city(razed.id).region).border)) assert.ok(legal.includes(city(razed.id).region));
    // refusals
    const second = order[1]!;
    const r1 = placeStronghold(s, second, legal[0]!);
    assert.ok(!r1.ok && r1.reason === 'not-your-turn');
    const withCity = KINGDOM_REGIONS.find((r) => cityIn(r) && !s.cities[cityIn(r)!.id]!.razed)!;
    const r2 = placeStronghold(s, order[0]!, withCity);
    assert.ok(!r2.ok && r2.reason === 'illegal-region');
    s = ok(placeStronghold(s, order[0]!, legal[0]!));
    assert.ok(!strongholdRegions(s).includes(legal[0]!), 'one stronghold per region');
  }
});

test('§3 S15: nobles one at a time, from the last stronghold placed, counter-clockwise, round after round; never beside an enemy noble or stronghold', () => {
  // 3 barons; each gives troops to two nobles: 6 placements in two rounds.
  let s = createGame({ players: 3 }, createRng('s15', 'setup'));
  for (const b of chairmanOrder(s.players, s.chairman)) {
    s = ok(assignTroops(s, b, Object.fromEntries(s.unassigned[b]!.map((c, i) => [c, i % 2 === 0 ? `${b}-circle` : `${b}-star`]))));
  }
  const order = chairmanOrder(s.players, s.chairman);
  for (const b of order) s = ok(placeStronghold(s, b, defaultStronghold(s, b)));
  assert.equal(s.stage, 'nobles');
  const snake = [...order].reverse();
  assert.deepEqual(s.toAct, snake, 'the last to place a stronghold starts, then counter-clockwise');
  const seen: BaronId[] = [];
  // The first placer puts his circle noble beside the second's stronghold: refused.
  const enemyHold = s.strongholds[snake[1]!].region!;
  const r = placeNoble(s, snake[0]!, `${snake[0]}-circle`, enemyHold);
  assert.ok(!r.ok && r.reason === 'illegal-region');
  const r2 = placeNoble(s, snake[0]!, `${snake[0]}-square`, s.strongholds[snake[0]!].region!);
  assert.ok(!r2.ok && r2.reason === 'noble-without-troops');
  while (s.stage === 'nobles') {
    const b = s.toAct[0]!;
    seen.push(b);
    const nb = [`${b}-circle`, `${b}-star`].find((id) => s.nobles[id]!.location.kind === 'off')!;
    assert.ok(nobleRegions(s, b).includes(s.strongholds[b].region!));
    s = ok(placeNoble(s, b, nb, s.strongholds[b].region!));
  }
  assert.deepEqual(seen, [...snake, ...snake]);
  assert.equal(s.stage, 'planning');
  assert.equal(s.turn, 1);
  assert.ok(Object.values(s.nobles).every((n) => (n.troops.length > 0) === (n.location.kind === 'region')));
});

test('§2.7 the Fate deck is a cycle; a card that does not fit goes to the bottom; after one pass the effect fizzles [P G-A38]', () => {
  const deck = FATE_DECK.map((f) => f.id);
  const d = drawFate(deck);
  assert.equal(d.card!.id, deck[0]);
  assert.deepEqual(d.deck, [...deck.slice(1), deck[0]]);
  const wanted = FATE_DECK.findIndex((f, i) => i > 0 && f.baron !== FATE_DECK[0]!.baron);
  const e = drawFate(deck, (f) => f.baron !== FATE_DECK[0]!.baron);
  assert.equal(e.drawn, wanted + 1);
  assert.deepEqual(e.deck, [...deck.slice(wanted + 1), ...deck.slice(0, wanted + 1)]);
  const none = drawFate(deck, () => false);
  assert.equal(none.card, null);
  assert.deepEqual(none.deck, deck, 'a full pass leaves the deck as it was');
  assert.equal(drawFate([], () => true).card, null, '[P G-A37] a draw from an empty deck is skipped');
});

test('setup refuses a bad number of barons, in both languages', () => {
  for (const n of [1, 7]) {
    assert.throws(() => createGame({ players: n }, createRng('bad', 'setup')), (e: unknown) => e instanceof LocalizedError && /de 2 à 6 barons/.test(e.localized.fr) && /From 2 to 6 barons/.test(e.localized.en));
  }
  assert.throws(() => createGame({ players: 2, barons: ['green', 'green'] }, createRng('bad', 'setup')), LocalizedError);
});

test('property: any count, seed and legal choices give a state where every invariant holds; the same seed and choices give the same hash', () => {
  fc.assert(fc.property(fc.integer({ min: 2, max: 6 }), fc.string(), fc.array(fc.nat(1000), { minLength: 1, maxLength: 30 }), (n, seed, picks) => {
    let k = 0;
    const pick = <T>(xs: readonly T[]): T => xs[picks[k++ % picks.length]! % xs.length]!;
    const choose = {
      troops: (s: WkState, b: BaronId) => Object.fromEntries(s.unassigned[b]!.map((c) => [c, pick([`${b}-circle`, `${b}-star`, `${b}-square`, `${b}-triangle`, 'stronghold'])])),
      stronghold: (s: WkState) => pick(strongholdRegions(s)),
      noble: (s: WkState, b: BaronId) => ({ noble: pick(Object.values(s.nobles).filter((x) => x.baron === b && x.troops.length > 0 && x.location.kind === 'off').map((x) => x.id)), region: pick(nobleRegions(s, b)) }),
    };
    const run = () => { k = 0; return setupGame({ players: n }, createRng(seed, 'setup'), choose); };
    const s = run();
    assert.deepEqual(checkInvariants(s), []);
    assert.equal(s.stage, 'planning');
    for (const b of s.players) assert.equal(men(s, b), 400);
    assert.equal(hashState(run()), hashState(s));
  }), { numRuns: 60 });
});
