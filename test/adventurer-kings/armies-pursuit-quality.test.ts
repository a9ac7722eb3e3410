/**
 * After the battle (rules S5.3.7 pursuit, S5.3.9 consequences; §9.4, §9.6, §15.13i; G-72, G-74),
 * each row in a case of its own: the catch chance, who pursues, how many attempts, who is not
 * pursued, and the quality changes of winners, losers and losers who stay, with the Druid factor.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedRng } from '../../src/engine/rng.ts';
import type { Army, ArmyType, Quality } from '../../src/rulesets/adventurer-kings/state.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import { army, twoKingdoms } from './kingdom-fixture.ts';
import { druidUpFactor, qualityRolls, type BattleOutcome, type BUnit, type Side } from '../../src/rulesets/adventurer-kings/armies/battle.ts';
import { catchChance, pursue, pursuers } from '../../src/rulesets/adventurer-kings/armies/pursuit.ts';
import { unitStrength } from '../../src/rulesets/adventurer-kings/armies/strength.ts';

const cfg = resolveConfig({}).armies;
let nextId = 30;

function bunit(type: ArmyType, side: Side, over: Partial<Army> = {}, extra: Partial<BUnit> = {}): BUnit {
  const a = army(nextId++, type, { race: 'Troll', kingdom: side === 'A' ? 1 : 2, province: 110, ...over });
  const input = { army: a, terrain: 'Plain' as const, defending: side === 'D' };
  return { army: a, side, special: false, sclass: null, weak: false, input, sortKey: unitStrength(cfg, input), line: 0, col: 0, factor: 1, strength: 0, fate: 'survived', ...extra };
}

test('G-72 catch chance = clamp(0.5 + 0.25 × (pursuer\'s speed − target\'s), 0.05, 1)', () => {
  assert.equal(catchChance(cfg, 2, 2), 0.5);
  assert.equal(catchChance(cfg, 3, 2), 0.75);
  assert.equal(catchChance(cfg, 2, 3), 0.25);
  assert.equal(catchChance(cfg, 4, 2), 1);
  assert.equal(catchChance(cfg, 5, 1), 1, 'never above 1');
  assert.equal(catchChance(cfg, 1, 3), 0.05, 'never below 5 %');
  assert.equal(catchChance(cfg, 1, 5), 0.05);
});

test('G-72 pursuers: 25 % of the winner\'s infantry and 75 % of its mounted and air units, rounded, fastest first', () => {
  // Infantry: 3 Legions (speed 2) and 1 Garrison (speed 1) → 25 % of 4 = 1, a Legion.
  const inf = [bunit('GA', 'A'), bunit('LE', 'A'), bunit('LE', 'A'), bunit('LE', 'A')];
  // Mounted and air: 2 Heavy Cavalry (3), 1 Light Cavalry (4), 1 Eagle (5) → 75 % of 4 = 3: EA, LC, one HC.
  const fast = [bunit('HC', 'A'), bunit('HC', 'A'), bunit('LC', 'A'), bunit('EA', 'A', { race: 'Eagle' })];
  const chosen = pursuers(cfg, [...inf, ...fast]).map((u) => u.army.type);
  assert.deepEqual(chosen, ['LE', 'EA', 'LC', 'HC']);
});

test('G-72 destroyed and Reduced winners do not pursue', () => {
  const list = [bunit('LC', 'A', {}, { fate: 'destroyed' }), bunit('LC', 'A', { quality: 0 }), bunit('LC', 'A')];
  assert.deepEqual(pursuers(cfg, list).map((u) => u.army.id), [list[2]!.army.id], '75 % of the one able rider');
});

test('G-72 units of speed 4 or more make two attempts, slower ones one', () => {
  const s = twoKingdoms();
  // Light Cavalry targets (speed 4): caught at 50 % by Light, 25 % by Heavy Cavalry.
  const targets = () => [bunit('LC', 'D'), bunit('LC', 'D')];
  // Each attempt: the target pick, the catch draw (0.99: missed, no fight).
  const lc = pursue(s, cfg, scriptedRng([0, 0.99, 0, 0.99]), [bunit('LC', 'A')], targets(), 110);
  assert.equal(lc.length, 2, 'Light Cavalry, speed 4');
  const hc = pursue(s, cfg, scriptedRng([0, 0.99]), [bunit('HC', 'A')], targets(), 110);
  assert.equal(hc.length, 1, 'Heavy Cavalry, speed 3');
  assert.ok([...lc, ...hc].every((r) => !r.caught && !r.destroyed));
});

test('G-72 Whales escaping to the sea and fleets in a land province are not pursued; at sea a fleet is', () => {
  const s = twoKingdoms();
  s.provinces[110]!.terrain = 'Plain';
  const wh = bunit('WH', 'D', { race: 'Whale' }, { whaleEscape: true });
  const fl = bunit('FL', 'D');
  assert.deepEqual(pursue(s, cfg, scriptedRng([]), [bunit('LC', 'A')], [wh, fl], 110), [], 'nobody to pursue');
  s.provinces[110]!.terrain = 'Sea';
  // Each attempt: the pick, the catch (certain: speed 4 against 2), the fight (held).
  const out = pursue(s, cfg, scriptedRng([0, 0.99, 0, 0, 0.99, 0]), [bunit('LC', 'A')], [fl], 110);
  assert.deepEqual(out.map((r) => [r.target.id, r.caught, r.destroyed]), [[fl.army.id, true, false], [fl.army.id, true, false]]);
});

test('G-72 a caught unit that loses its one-to-one fight is destroyed; the pursuit stops when nobody is left', () => {
  const s = twoKingdoms();
  const le = bunit('LE', 'D');
  // Catch certain (speed 4 against 2); the fight lost (draw 0.999); the second attempt finds nobody.
  const out = pursue(s, cfg, scriptedRng([0, 0, 0.999]), [bunit('LC', 'A')], [le], 110);
  assert.deepEqual(out.map((r) => [r.caught, r.destroyed]), [[true, true]]);
  assert.equal(le.fate, 'destroyed');
});

test('§15.13i / G-74 Druid factor on the chance to rise: fought as Green through a shortfall 60 %, as Reduced 20 %, otherwise 100 %', () => {
  const u = (quality: Quality, shortfall: number) => { const b = bunit('LE', 'A', { quality }); b.input.shortfall = shortfall; return b; };
  assert.equal(druidUpFactor(cfg, u(2, 1)), 0.6);
  assert.equal(druidUpFactor(cfg, u(3, 3)), 0.2);
  assert.equal(druidUpFactor(cfg, u(2, 5)), 0.2);
  assert.equal(druidUpFactor(cfg, u(4, 1)), 1, 'fought as Veteran: no reduction');
  assert.equal(druidUpFactor(cfg, u(1, 0)), 1, 'no shortfall');
});

/** A battle outcome of the given units (only what qualityRolls reads). */
const outcome = (units: BUnit[], winner: Side) => ({ units, winner } as unknown as BattleOutcome);

test('G-74 winners that won their column may rise, by the chance of their quality (Green 30 %)', () => {
  const w = bunit('LE', 'A', { quality: 1 }, { colWon: true });
  assert.deepEqual(qualityRolls(cfg, scriptedRng([0.29]), outcome([w], 'A'), null).map((c) => [c.from, c.to]), [[1, 2]]);
  assert.deepEqual(qualityRolls(cfg, scriptedRng([0.31]), outcome([w], 'A'), null), []);
  // A winner that lost its column neither rises nor falls (no draw at all).
  const l = bunit('LE', 'A', { quality: 1 }, { colWon: false });
  assert.deepEqual(qualityRolls(cfg, scriptedRng([]), outcome([l], 'A'), null), []);
});

test('G-74 losers that lost their column may fall, by the chance of their quality (Average 30 %); Reduced never falls', () => {
  const l = bunit('LE', 'D', { quality: 2 }, { colWon: false });
  assert.deepEqual(qualityRolls(cfg, scriptedRng([0.29]), outcome([l], 'A'), null).map((c) => [c.from, c.to]), [[2, 1]]);
  assert.deepEqual(qualityRolls(cfg, scriptedRng([0.31]), outcome([l], 'A'), null), []);
  const r = bunit('LE', 'D', { quality: 0 }, { colWon: false });
  assert.deepEqual(qualityRolls(cfg, scriptedRng([]), outcome([r], 'A'), null), []);
});

test('§9.6 / G-74 a defeated unit that stays may rise (half the chance) or fall; destroyed units do not roll', () => {
  // Average: up 15 % × 0.5 = 7.5 % (draws below 0.075), then down 30 % (draws below 0.375).
  const st = () => bunit('LE', 'D', { quality: 2 }, { colWon: false });
  assert.deepEqual(qualityRolls(cfg, scriptedRng([0.07]), outcome([st()], 'A'), 'D').map((c) => c.to), [3]);
  assert.deepEqual(qualityRolls(cfg, scriptedRng([0.08]), outcome([st()], 'A'), 'D').map((c) => c.to), [1]);
  assert.deepEqual(qualityRolls(cfg, scriptedRng([0.37]), outcome([st()], 'A'), 'D').map((c) => c.to), [1]);
  assert.deepEqual(qualityRolls(cfg, scriptedRng([0.38]), outcome([st()], 'A'), 'D'), []);
  const dead = bunit('LE', 'D', { quality: 2 }, { colWon: false, fate: 'destroyed' });
  assert.deepEqual(qualityRolls(cfg, scriptedRng([]), outcome([dead], 'A'), 'D'), []);
});

test('§15.13i / G-74 a poorly led winner rises less often: Green through a shortfall, 60 % of the chance', () => {
  // Average unit with a shortfall of 1 fights as Green: up 15 % × 0.6 = 9 %.
  const w = () => { const b = bunit('LE', 'A', { quality: 2 }, { colWon: true }); b.input.shortfall = 1; return b; };
  assert.deepEqual(qualityRolls(cfg, scriptedRng([0.089]), outcome([w()], 'A'), null).map((c) => c.to), [3]);
  assert.deepEqual(qualityRolls(cfg, scriptedRng([0.091]), outcome([w()], 'A'), null), []);
});
