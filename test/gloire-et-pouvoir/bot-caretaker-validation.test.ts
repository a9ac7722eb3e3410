/**
 * Rules §3.3.4 (syntax checked at entry): every order the bot (bot.ts) and the steward
 * (caretaker.ts) write passes the validator — the same `validate` a player's sheet goes through —
 * over many random states (fast-check, bounded): states of bot games on the three maps, each
 * shaken by the property (armies of one or a few men, new wars and alliances, foreign knights on
 * and next to the lord's land, a treasury from nothing to plenty, tired and happy land).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { advance, createGame, missing, submit, type GameRecord } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import { botOrders } from '../../src/rulesets/gloire-et-pouvoir/bot.ts';
import { caretakerAnswer } from '../../src/rulesets/gloire-et-pouvoir/caretaker.ts';
import { gloireEtPouvoir as gp } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import { getMap, mapIndex } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';
import type { GPState, LordId } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { relKey } from '../../src/rulesets/gloire-et-pouvoir/state.ts';

type Game = GameRecord<GPState>;
const NO_VICTORY = { victories: { renown: false, conquest: false, alliance: false } };

function botGameStates(map: string, players: number, seed: string, turns: number): GPState[] {
  let g = createGame(gp, { map, players, config: NO_VICTORY }, seed) as Game;
  const out = [g.state];
  for (let t = 0; t < turns; t++) {
    for (const m of missing(gp, g)) g = submit(gp, g, m.player, m.decision, botOrders(g.state, m.player, createRng(seed, `bot/${t + 1}/${m.player}`))).game as Game;
    g = advance(gp, g, { useDefaults: true }) as Game;
    out.push(g.state);
  }
  return out;
}

/** Bot-game states: early, middle and late turns on Scandinavia, a few turns on the two big maps. */
const BASE: GPState[] = [
  ...botGameStates('scandinavia', 10, 'v1', 16).filter((_, i) => i % 3 === 0),
  ...botGameStates('scandinavia', 6, 'v2', 12).filter((_, i) => i % 4 === 1),
  ...botGameStates('middle-east', 20, 'v3', 6).filter((_, i) => i % 3 === 0),
  ...botGameStates('europe', 30, 'v4', 3).filter((_, i) => i % 3 === 0),
];

const living = (s: GPState) => Object.values(s.lords).filter((l) => l.alive).map((l) => l.id).sort();

/** What the property changes in a base state, as numbers it interprets (so that fast-check can shrink them). */
const shakeArb = fc.record({
  lord: fc.nat(99),
  /** Per own knight: 0 leaves his army, 1 gives him exactly one man, 2 a few men, 3 none (army removed), 4 a big army. */
  armies: fc.array(fc.nat(4), { maxLength: 8 }),
  few: fc.integer({ min: 2, max: 9 }),
  /** Per other living lord: 0 keeps the relation, 1 war, 2 alliance, 3 peace. */
  relations: fc.array(fc.nat(3), { maxLength: 12 }),
  /** Foreign knights sent onto or next to the lord's land: (knight, territory) picks. */
  intruders: fc.array(fc.tuple(fc.nat(999), fc.nat(999)), { maxLength: 4 }),
  treasury: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 600 }), fc.integer({ min: 0, max: 200_000 })),
  happiness: fc.array(fc.oneof(fc.constant(0.5), fc.double({ min: 1, max: 120, noNaN: true })), { maxLength: 6 }),
});

type Shake = typeof shakeArb extends fc.Arbitrary<infer T> ? T : never;

/** A copy of `base` shaken as `k` says, from the point of view of one living lord (returned with it). */
function shaken(base: GPState, k: Shake): { s: GPState; lord: LordId } | null {
  const s = structuredClone(base);
  const lords = living(s);
  if (!lords.length) return null;
  const lord = lords[k.lord % lords.length]!;
  const idx = mapIndex(getMap(s.map));
  const mine = Object.values(s.territories).filter((t) => t.owner === lord).map((t) => t.id).sort();
  // Armies of the lord's knights.
  const knights = Object.values(s.knights).filter((x) => x.lord === lord).sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
  knights.forEach((kn, i) => {
    const what = k.armies[i] ?? 0;
    if (what === 0) return;
    if (what === 3) {
      if (kn.army !== null) { delete s.armies[String(kn.army)]; kn.army = null; }
      return;
    }
    const men = what === 1 ? 1 : what === 2 ? k.few : 5000 + 1000 * i;
    if (kn.army !== null && s.armies[String(kn.army)]) { s.armies[String(kn.army)]!.strength = men; return; }
    const id = s.nextArmy++;
    s.armies[String(id)] = { id, lord, strength: men, commander: kn.id, location: kn.location, receivedTransfer: false, defThreshold: null, levyTurn: 0 };
    kn.army = id;
  });
  // Relations with the others.
  lords.filter((o) => o !== lord).forEach((o, i) => {
    const r = k.relations[i] ?? 0;
    if (r === 1) s.relations[relKey(lord, o)] = 'war';
    else if (r === 2) s.relations[relKey(lord, o)] = 'alliance';
    else if (r === 3) delete s.relations[relKey(lord, o)];
  });
  // Foreign knights onto or next to his land.
  const foreign = Object.values(s.knights).filter((x) => x.lord !== lord).sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
  const spots = [...new Set(mine.flatMap((t) => [t, ...(idx.byId.get(t)?.adjacent ?? [])]))].sort();
  if (foreign.length && spots.length) {
    for (const [ki, ti] of k.intruders) {
      const kn = foreign[ki % foreign.length]!;
      kn.location = spots[ti % spots.length]!;
      if (kn.army !== null && s.armies[String(kn.army)]) s.armies[String(kn.army)]!.location = kn.location;
    }
  }
  s.lords[lord]!.treasury = k.treasury;
  mine.forEach((t, i) => { if (k.happiness[i] !== undefined) s.territories[t]!.happiness = k.happiness[i]!; });
  return { s, lord };
}

test('§3.3.4 every bot and steward order passes the validator, over random shaken states of bot games', () => {
  assert.ok(BASE.length >= 12, `${BASE.length} base states`);
  let botSheets = 0;
  let stewardSheets = 0;
  const codes = new Set<string>();
  fc.assert(fc.property(fc.nat(BASE.length - 1), shakeArb, fc.nat(1_000_000), (bi, shake, seed) => {
    const x = shaken(BASE[bi]!, shake);
    if (!x) return;
    const { s, lord } = x;
    const bot = botOrders(s, lord, createRng(String(seed), 'bot'));
    const vb = gp.validate(s, lord, 'orders', bot);
    assert.deepEqual(vb.issues, [], `bot ${lord}, turn ${s.turn}: ${JSON.stringify(bot)}`);
    assert.equal(vb.value!.lines.length, bot.length);
    botSheets++;
    const steward = caretakerAnswer(s, lord);
    const vs = gp.validate(s, lord, 'orders', steward);
    assert.deepEqual(vs.issues, [], `steward ${lord}, turn ${s.turn}: ${JSON.stringify(steward.orders)}`);
    assert.equal(vs.value!.lines.length, steward.orders.length);
    stewardSheets++;
    for (const o of [...bot, ...steward.orders]) codes.add(o.code);
  }), { numRuns: 400, seed: 23 });
  assert.ok(botSheets > 300 && stewardSheets > 300, `${botSheets} bot sheets, ${stewardSheets} steward sheets`);
  // The states reach the orders that carry numbers a validator bounds.
  for (const c of ['IMP', 'RED', 'ARM', 'ATT', 'MOV', 'GAR', 'DEM']) assert.ok(codes.has(c), `some ${c} among ${[...codes].sort().join(' ')}`);
});
