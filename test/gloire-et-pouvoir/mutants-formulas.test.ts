/**
 * The `gp-formulas` mutation area's quick tests (docs/quality.md): every formula of rules §4 that
 * `formulas.ts` and one pass of arms (`fightPass`, §4.7.3) compute, pinned on the rules' own
 * numbers (§2.1, §2.9, §4.3, §4.5, §4.7.3, §4.8.5, §4.11, §4.13, §4.14.1, §4.18 and the test
 * vectors of §6), each bound on both sides. Pure: a second.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedRng } from '../../src/engine/rng.ts';
import { resolveConfig } from '../../src/rulesets/gloire-et-pouvoir/config.ts';
import {
  afterRetreatLosses, clamp, espionageProbability, floorSafe, forEachMigration, forEachMigrationAt, joustPassDecided, joustRenown,
  joustValue, knightCost, levy, levyHappiness, migrationFlows, redistribution, redistributionForCap, refusalPenalty, roundHalfUp, tax, titleFor,
} from '../../src/rulesets/gloire-et-pouvoir/formulas.ts';
import { fightPass, type PassInput } from '../../src/rulesets/gloire-et-pouvoir/phases/p07-attacks.ts';
import { rngFromSource } from '../../src/engine/rng.ts';
import { eventsOf, giveArmy, home, relate, runPhases, scenario } from './harness.ts';

const cfg = resolveConfig();
const near = (actual: number, expected: number, what: string, eps = 1e-6) =>
  assert.ok(Math.abs(actual - expected) <= eps, `${what}: ${actual}, expected ${expected}`);

// ---------------------------------------------------------------- §2.1 rounding [P G-08]

test('§2.1 money and losses round half up, men from a levy or a migration are floored, both past binary noise', () => {
  assert.equal(roundHalfUp(2082.5), 2083, 'TV-03');
  assert.equal(roundHalfUp(416.5), 417, 'TV-03');
  assert.equal(roundHalfUp(921.6), 922, 'TV-13');
  assert.equal(roundHalfUp(4948.02), 4948, 'TV-05');
  assert.equal(roundHalfUp(0.49), 0);
  assert.equal(roundHalfUp(0.5), 1);
  assert.equal(roundHalfUp(7), 7);
  // 0.145 × 100 is 14.499999999999998 in binary: the rules' 14.5 rounds up to 15.
  assert.equal(roundHalfUp(0.145 * 100), 15);
  assert.equal(floorSafe(2.99), 2);
  assert.equal(floorSafe(3), 3);
  // 4.35 × 100 is 434.99999999999994: 435 men, not 434.
  assert.equal(floorSafe(4.35 * 100), 435);
  assert.equal(floorSafe(434.9), 434);
  assert.equal(clamp(0.2, 0.25, 1.25), 0.25);
  assert.equal(clamp(2, 0.25, 1.25), 1.25);
  assert.equal(clamp(0.7, 0.25, 1.25), 0.7);
});

// ---------------------------------------------------------------- §4.3 economy

test('§4.3.2 TV-01 a territory at H 5 taxed at level 3 falls to 3.5', () => {
  near(tax(cfg, 3, 10_000, 0.5, 5, 20).happiness, 3.5, 'H');
});

test('§4.3.2 TV-02 tax inside the ratio bounds: 833 écus, H 6, C 0.30', () => {
  const r = tax(cfg, 4, 10_000, 0.5, 10, 20);
  assert.equal(r.income, 833);
  near(r.incomeRaw, 4 * 10_000 * 0.5 * 0.0833 * 0.5, 'raw income');
  near(r.ratio, 0.5, 'ratio');
  near(r.happiness, 6, 'H');
  near(r.taxCoef, 0.3, 'C');
});

test('§4.3.2 TV-03 the happiness ratio is held in [0.25, 1.25]: 2 083 and 417 écus', () => {
  const hi = tax(cfg, 4, 10_000, 0.5, 40, 20);
  assert.equal(hi.income, 2083);
  assert.equal(hi.ratio, 1.25);
  const lo = tax(cfg, 4, 10_000, 0.5, 4, 20);
  assert.equal(lo.income, 417);
  assert.equal(lo.ratio, 0.25);
  // Exactly on the bounds, and a ratio of 1.
  assert.equal(tax(cfg, 1, 1000, 0.5, 25, 20).ratio, 1.25);
  assert.equal(tax(cfg, 1, 1000, 0.5, 5, 20).ratio, 0.25);
  assert.equal(tax(cfg, 1, 1000, 0.5, 20, 20).ratio, 1);
  // BM 0 (no happiness anywhere): the ratio is 0, raised to its floor 0.25.
  assert.equal(tax(cfg, 4, 10_000, 0.5, 0, 0).ratio, 0.25);
});

test('§4.3.2 TV-04 the coefficient drop is limited to 70 %, and C stays in [0.05, 0.70]; level 10 sets H to 0', () => {
  const ten = tax(cfg, 10, 10_000, 0.5, 20, 20);
  near(ten.taxCoef, 0.15, 'C after IMP 10');
  assert.equal(ten.happiness, 0);
  near(tax(cfg, 8, 10_000, 0.1, 20, 20).taxCoef, 0.05, 'C raised to its floor');
  near(tax(cfg, 7, 10_000, 0.5, 20, 20).taxCoef, 0.15, 'a drop of exactly 70 %');
  near(tax(cfg, 6, 10_000, 0.5, 20, 20).taxCoef, 0.2, 'a drop of 60 %');
  near(tax(cfg, 0, 10_000, 0.9, 20, 20).taxCoef, 0.7, 'C never above 0.70');
  assert.equal(tax(cfg, 0, 10_000, 0.5, 20, 20).income, 0, 'level 0 raises nothing');
  assert.equal(tax(cfg, 0, 10_000, 0.5, 20, 20).happiness, 20, 'and costs no happiness');
});

test('§4.3.2 TV-05 Narvik at IMP 9: 4 948 écus, H 2, C 0.12', () => {
  const r = tax(cfg, 9, 16_500, 0.4, 20, 20);
  assert.equal(r.income, 4948);
  near(r.happiness, 2, 'H');
  near(r.taxCoef, 0.12, 'C');
});

test('§4.3.3 TV-06 IMP 4 then RED 1 800: ratio 9.0945, H 22.91, C 0.4583', () => {
  const t = tax(cfg, 4, 16_500, 0.4, 20, 20);
  assert.equal(t.income, 2199);
  const r = redistribution(cfg, 1800, 16_500, t.taxCoef, t.happiness, 20);
  near(r.ratio, 1800 / (16_500 * 0.24 * 0.0833 * (12 / 20)), 'ratio');
  near(r.ratio, 9.0945, 'ratio', 1e-4);
  near(r.happiness, 22.91, 'H', 1e-2);
  near(r.taxCoef, 0.4583, 'C', 1e-4);
});

test('§4.3.3 TV-07 IMP 6 then RED 880: the ratio is capped at 10, H 16, C 0.32; the cap needs 879.65', () => {
  const t = tax(cfg, 6, 16_500, 0.4, 20, 20);
  assert.equal(t.income, 3299);
  const r = redistribution(cfg, 880, 16_500, t.taxCoef, t.happiness, 20);
  assert.equal(r.ratio, 10);
  near(r.happiness, 16, 'H');
  near(r.taxCoef, 0.32, 'C');
  near(redistributionForCap(cfg, 16_500, t.taxCoef, t.happiness, 20), 879.65, 'the smallest amount reaching the cap', 1e-2);
});

test('§4.3.3 TV-08 IMP 5 then RED 1 375: the territory is back to H 20, C 0.4; the cap needs 1 374.45', () => {
  const t = tax(cfg, 5, 16_500, 0.4, 20, 20);
  assert.equal(t.income, 2749);
  near(redistributionForCap(cfg, 16_500, t.taxCoef, t.happiness, 20), 1374.45, 'cap', 1e-2);
  const r = redistribution(cfg, 1375, 16_500, t.taxCoef, t.happiness, 20);
  assert.equal(r.ratio, 10);
  near(r.happiness, 20, 'H');
  near(r.taxCoef, 0.4, 'C');
});

test('§4.3.3 TV-09 RED 36 on a ruined territory: ratio 10, H 1 → 2, C 0.05 → 0.10', () => {
  const r = redistribution(cfg, 36, 16_500, 0.05, 1, 19.0896);
  near(r.ratio, 10, 'ratio', 1e-3);
  near(r.happiness, 2, 'H', 1e-3);
  near(r.taxCoef, 0.1, 'C', 1e-4);
  // Below the cap: a ratio of 5 raises H and C by half.
  const half = redistribution(cfg, 5 * 16_500 * 0.4 * 0.0833, 16_500, 0.4, 20, 20);
  near(half.ratio, 5, 'ratio');
  near(half.happiness, 30, 'H');
  near(half.taxCoef, 0.6, 'C');
});

test('§4.3.3 TV-10 [P G-10] RED on H 0, on POP 0 or with BM 0: the ratio is the cap; H stays 0, C doubles, at most 0.70', () => {
  const r = redistribution(cfg, 100, 16_500, 0.3, 0, 20);
  assert.equal(r.ratio, 10);
  assert.equal(r.happiness, 0);
  near(r.taxCoef, 0.6, 'C doubled');
  near(redistribution(cfg, 100, 16_500, 0.4, 0, 20).taxCoef, 0.7, 'C capped at 0.70');
  assert.equal(redistribution(cfg, 100, 0, 0.3, 10, 20).ratio, 10, 'POP 0');
  assert.equal(redistribution(cfg, 100, 16_500, 0.3, 10, 0).ratio, 10, 'BM 0');
  near(redistribution(cfg, 100, 16_500, 0.3, 10, 0).happiness, 20, 'H doubled');
  assert.equal(redistributionForCap(cfg, 16_500, 0.3, 10, 0), 0, 'BM 0: nothing needed');
  near(redistribution(cfg, 0, 16_500, 0.01, 10, 20).taxCoef, 0.05, 'C never below 0.05');
});

// ---------------------------------------------------------------- §4.5 knights and levies

test('§4.5.1 TV-13 knight cost R × 10 × R / average renown: 922, 250, 1 020, 1 250', () => {
  assert.equal(knightCost(96, 100), 922);
  assert.equal(knightCost(50, 100), 250);
  assert.equal(knightCost(101, 100), 1020);
  assert.equal(knightCost(100, 80), 1250);
  // No average yet (no knight): the recruit is his own average, R × 10.
  assert.equal(knightCost(50, 0), 500);
});

test('§4.5.2 TV-15 / TV-16 levy: k = clamp(GR/maxGR × POP/avgPOP, 0.5, 2), men = floor(amount / 5 × k)', () => {
  assert.deepEqual(levy(cfg, 2000, 150, 300, 24_000, 16_000), { factor: 0.75, men: 300 });
  assert.deepEqual(levy(cfg, 1000, 60, 300, 16_000, 16_000), { factor: 0.5, men: 100 }, 'r1·r2 0.2 → 0.5');
  assert.deepEqual(levy(cfg, 1000, 300, 300, 48_000, 16_000), { factor: 2, men: 400 }, 'r1·r2 3 → 2');
  assert.deepEqual(levy(cfg, 5000, 100, 100, 16_500, 16_500), { factor: 1, men: 1000 }, 'TV-16');
  assert.deepEqual(levy(cfg, 1000, 150, 300, 16_000, 16_000), { factor: 0.5, men: 100 }, 'exactly on the floor');
  assert.deepEqual(levy(cfg, 1000, 300, 300, 32_000, 16_000), { factor: 2, men: 400 }, 'exactly on the cap');
  assert.deepEqual(levy(cfg, 7, 100, 100, 16_000, 16_000), { factor: 1, men: 1 }, 'floored: 1.4 men → 1');
  assert.deepEqual(levy(cfg, 1000, -50, 300, 16_000, 16_000), { factor: 0.5, men: 100 }, 'a negative GR: the floor');
  // [P G-05] no renown anywhere (maxGR 0), no population anywhere: each ratio counts 1.
  assert.deepEqual(levy(cfg, 1000, 0, 0, 24_000, 16_000), { factor: 1.5, men: 300 });
  assert.deepEqual(levy(cfg, 1000, 150, 300, 24_000, 0), { factor: 0.5, men: 100 });
  assert.deepEqual(levy(cfg, 1000, 0, 0, 24_000, 0), { factor: 1, men: 200 });
});

test('§4.5.2 TV-17 the levy territory\'s happiness: AB − BM × A / POP, floored at 0 [P G-13]', () => {
  near(levyHappiness(20, 16, 300, 24_000), 19.8, 'H');
  near(levyHappiness(2, 16.5, 1000, 16_500), 1, 'Narvik');
  assert.equal(levyHappiness(1, 20, 1000, 10_000), 0, 'clamped to 0');
  assert.equal(levyHappiness(12, 20, 0, 10_000), 12, 'no man leaves');
  assert.equal(levyHappiness(12, 20, 100, 0), 0, 'no population');
  // ARM 1 écu (0 men) with a knight, or AFF of an empty garrison, on a territory left without
  // population: 0 × BM / 0 would make the happiness NaN; it is 0, as any territory without people.
  assert.equal(levyHappiness(12, 20, 0, 0), 0, 'no population, no man: 0, not NaN');
});

// ---------------------------------------------------------------- §2.9 titles

test('§2.9 / §4.17 [P G-35] the highest title whose threshold is ≤ GR, on each map', () => {
  const table = {
    SCA: { baron: 150, vicomte: 200, comte: 250, marquis: 350, duc: 500, prince: 800 },
    EUR: { baron: 300, vicomte: 400, comte: 500, marquis: 700, duc: 1000, prince: 1600 },
    MO: { baron: 225, vicomte: 300, comte: 375, marquis: 525, duc: 750, prince: 1200 },
  } as const;
  for (const [map, row] of Object.entries(table) as [keyof typeof table, Record<string, number>][]) {
    let below: string | null = null;
    for (const [title, gr] of Object.entries(row)) {
      assert.equal(titleFor(cfg, map, gr), title, `${map} GR ${gr}`);
      assert.equal(titleFor(cfg, map, gr - 0.01), below, `${map} GR just under ${gr}`);
      below = title;
    }
    assert.equal(titleFor(cfg, map, 1e9), 'prince');
    assert.equal(titleFor(cfg, map, -5), null);
  }
  assert.equal(titleFor(cfg, 'SCA', 162.75), 'baron', 'TV-12 on Scandinavia');
  assert.equal(titleFor(cfg, 'EUR', 158.5), null, 'TV-12 in Europe');
});

// ---------------------------------------------------------------- §4.8.5, §4.13

test('§4.8.5 [P C-09] refusal of aid: 10 % of the caller\'s GR plus 1 % of each of his other allies\'', () => {
  near(refusalPenalty(cfg, 200, [100, 50]), 21.5, 'penalty');
  near(refusalPenalty(cfg, 200, []), 20, 'no other ally');
  near(refusalPenalty(cfg, 0, [300]), 3, 'only allies');
});

test('§4.13 espionage: p = clamp(0.5 × GR / avgGR, 0, 1); 0.5 when avgGR ≤ 0 [P G-29]', () => {
  assert.equal(espionageProbability(cfg, 100, 100), 0.5);
  assert.equal(espionageProbability(cfg, 150, 100), 0.75);
  assert.equal(espionageProbability(cfg, 200, 100), 1);
  assert.equal(espionageProbability(cfg, 300, 100), 1, 'never above 1');
  assert.equal(espionageProbability(cfg, -40, 100), 0, 'never below 0');
  assert.equal(espionageProbability(cfg, 300, 0), 0.5);
  assert.equal(espionageProbability(cfg, 300, -10), 0.5);
  near(espionageProbability(cfg, 10, 0.5), 1, 'a small positive average divides');
});

// ---------------------------------------------------------------- §4.11 jousts

test('§4.11 a joust value is R × U(0,1) + the average knight renown', () => {
  assert.equal(joustValue(50, 0.4, 60), 80);
  assert.equal(joustValue(50, 0, 60), 60);
});

test('§4.11 [P G-27] a pass is decided only when the values differ by more than 10 % of the larger', () => {
  assert.equal(joustPassDecided(cfg, 100, 90), false, 'exactly 10 %: drawn again');
  assert.equal(joustPassDecided(cfg, 90, 100), false, 'either order');
  assert.equal(joustPassDecided(cfg, 100, 89.9), true);
  assert.equal(joustPassDecided(cfg, 89.9, 100), true, 'either order');
  assert.equal(joustPassDecided(cfg, 100, 95), false);
});

test('§4.11 renown after a duel: a stronger loser gives 10 % × R_L × min(R_L / R_W, 2) and loses 5 %; a weaker one gives 10 %', () => {
  const a = joustRenown(cfg, 50, 80);
  near(a.gain, 12.8, 'gain against a stronger loser');
  near(a.loss, 4, 'the stronger loser loses 5 %');
  const b = joustRenown(cfg, 50, 150);
  near(b.gain, 30, 'the weight is capped at 2');
  near(b.loss, 7.5, 'loss');
  assert.deepEqual(joustRenown(cfg, 80, 50), { gain: 5, loss: 0 }, 'a weaker loser');
  assert.deepEqual(joustRenown(cfg, 50, 50), { gain: 5, loss: 0 }, 'equal renown');
  // [P G-27] variant: the weight always applies.
  const w = resolveConfig({ joustAlwaysWeighted: true });
  assert.deepEqual(joustRenown(w, 80, 40), { gain: 2, loss: 0 });
  assert.deepEqual(joustRenown(w, 50, 50), { gain: 5, loss: 0 });
  const wb = joustRenown(w, 50, 150);
  near(wb.gain, 30, 'variant, capped');
  near(wb.loss, 7.5, 'variant, stronger loser');
});

// ---------------------------------------------------------------- §4.14.1 migrations [P G-30]

test('§4.14.1 [P G-30] migration: 5 % × (H_u − H_t) / H_u towards each happier neighbour, floored; none towards the equal or less happy', () => {
  const flows = migrationFlows(cfg, [
    { id: 't', population: 1000, happiness: 10, adjacent: ['u', 'v', 'w', 'x'] },
    { id: 'u', population: 500, happiness: 20, adjacent: ['t'] },
    { id: 'v', population: 500, happiness: 10, adjacent: ['t'] },
    { id: 'w', population: 500, happiness: 5, adjacent: ['t'] },
  ]);
  // t → u: 1000 × 0.05 × 10/20 = 25; w → t: 500 × 0.05 × 5/10 = 12.5 → 12; x is not a territory.
  assert.deepEqual(flows, [{ from: 't', to: 'u', people: 25 }, { from: 'w', to: 't', people: 12 }]);
});

test('§4.14.1 [P G-30] a territory loses at most 20 %: its rates are scaled down together; a flow under one person is none', () => {
  const ns = ['a', 'b', 'c', 'd', 'e'];
  const flows = migrationFlows(cfg, [
    { id: 't', population: 1000, happiness: 1, adjacent: ns },
    ...ns.map((id) => ({ id, population: 10, happiness: 100, adjacent: [] })),
  ]);
  // Each rate 0.05 × 99/100 = 0.0495, total 0.2475 > 0.20: each scaled to 0.04 → 40 people.
  assert.deepEqual(flows, ns.map((to) => ({ from: 't', to, people: 40 })));
  // Two neighbours: total 0.099, under the cap, not scaled: floor(1000 × 0.0495) = 49 each.
  assert.deepEqual(migrationFlows(cfg, [
    { id: 't', population: 1000, happiness: 1, adjacent: ['a', 'b'] },
    { id: 'a', population: 10, happiness: 100, adjacent: [] }, { id: 'b', population: 10, happiness: 100, adjacent: [] },
  ]), [{ from: 't', to: 'a', people: 49 }, { from: 't', to: 'b', people: 49 }]);
  // 10 people × 0.025 = 0.25 person: no flow.
  assert.deepEqual(migrationFlows(cfg, [
    { id: 't', population: 10, happiness: 10, adjacent: ['u'] }, { id: 'u', population: 10, happiness: 20, adjacent: [] },
  ]), []);
});

test('§4.14.1 the flows by place (phase 14) are those by id, visited in the same order', () => {
  const terr = [
    { id: 't', population: 1000, happiness: 1, adjacent: ['a', 'b', 'c', 'd', 'e', 'z'] },
    ...['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id, population: 400 + i, happiness: 100 - 30 * i, adjacent: ['t'] })),
    { id: 'z', population: 0, happiness: 0, adjacent: [] },
  ];
  const byId: [string, string, number][] = [];
  forEachMigration(cfg, terr, (id) => terr.find((t) => t.id === id), (f, t, n) => byId.push([f, t, n]));
  const place = new Map(terr.map((t, i) => [t.id, i]));
  const byPlace: [string, string, number][] = [];
  forEachMigrationAt(cfg, terr.map((t) => t.adjacent.map((a) => place.get(a)!)), terr, (f, t, n) => byPlace.push([terr[f]!.id, terr[t]!.id, n]));
  assert.ok(byId.length >= 5, 'the case has flows');
  assert.deepEqual(byPlace, byId);
  assert.deepEqual(byId, migrationFlows(cfg, terr).map((f) => [f.from, f.to, f.people]));
  // Scaled: a 1 → 100 rate is 0.0495, 1 → 70 0.0493, 1 → 40 0.04875, 1 → 10 0.045, 1 → -20 none: total 0.19155 under 0.20.
  assert.deepEqual(byId.filter((f) => f[0] === 't'), [['t', 'a', 49], ['t', 'b', 49], ['t', 'c', 48], ['t', 'd', 45]]);
  // A place with no value (not in the state) neither sends nor receives.
  const none: [number, number, number][] = [];
  forEachMigrationAt(cfg, [[1], [0]], [undefined, { population: 100, happiness: 50 }], (f, t, n) => none.push([f, t, n]));
  assert.deepEqual(none, []);
});

// ---------------------------------------------------------------- §4.18 repatriation

test('§4.18 repatriation losses by distance: 1 → 0 %, 2 → 25 %, 3 → 50 %, 4 → 75 %, ≥ 5 → 100 %, rounded half up', () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 9].map((d) => afterRetreatLosses(cfg, 1000, d)), [1000, 1000, 750, 500, 250, 0, 0]);
  assert.equal(afterRetreatLosses(cfg, 10, 2), 7, '2.5 men lost → 3');
  assert.equal(afterRetreatLosses(cfg, 10, -1), 10, 'no distance, no loss');
});

// ---------------------------------------------------------------- §4.7.3 one pass of arms

const pass = (p: Partial<PassInput>): PassInput => ({ sA: 1000, rA: 60, sD: 500, rD: 30, fortification: 'none', peasants: false, ...p });

test('§4.7.3 the rolls: U(1, S_A × R_A/R_D) against U(1, fr × S_D × R_D/R_A); the higher wins', () => {
  // hiA = 1000 × 2 = 2000, hiD = 500 × 0.5 = 250.
  const r = fightPass(cfg, pass({}), scriptedRng([0.5, 0.5]));
  near(r.rollA, 1 + 1999 * 0.5, 'rollA');
  near(r.rollD, 1 + 249 * 0.5, 'rollD');
  assert.equal(r.winner, 'A');
  // Behind a wall the defender's range is × 1.25: 312.5.
  const w = fightPass(cfg, pass({ fortification: 'wall' }), scriptedRng([0, 1]));
  near(w.rollD, 312.5, 'rollD behind a wall');
  assert.equal(w.winner, 'D');
  near(fightPass(cfg, pass({ fortification: 'palisade' }), scriptedRng([0, 1])).rollD, 275, 'palisade × 1.10');
  near(fightPass(cfg, pass({ fortification: 'fortress' }), scriptedRng([0, 1])).rollD, 412.5, 'fortress × 1.65');
  // A range below 1 is raised to 1: 1 man at renown 1 against renown 2 rolls exactly 1.
  const low = fightPass(cfg, pass({ sA: 1, rA: 1, sD: 10, rD: 2 }), scriptedRng([0.9, 0.01]));
  assert.equal(low.rollA, 1);
  near(low.rollD, 1 + 19 * 0.01, 'rollD');
  assert.equal(low.winner, 'D');
  const lowD = fightPass(cfg, pass({ sA: 10, rA: 2, sD: 1, rD: 1 }), scriptedRng([0.01, 0.9]));
  assert.equal(lowD.rollD, 1);
  near(lowD.rollA, 1 + 19 * 0.01, 'rollA: the attacker still rolls');
  assert.equal(lowD.winner, 'A');
});

test('§4.7.3 [P G-20] both ranges at 1 (1 man against 1 man, equal renown): one draw, a fair coin, decides the pass', () => {
  // One draw only: a scripted source of one value would fail on a second.
  const a = fightPass(cfg, pass({ sA: 1, rA: 100, sD: 1, rD: 100 }), scriptedRng([0.3]));
  assert.deepEqual([a.winner, a.rollA, a.rollD, a.lossA, a.lossD], ['A', 1, 1, 0, 1]);
  const d = fightPass(cfg, pass({ sA: 1, rA: 100, sD: 1, rD: 100 }), scriptedRng([0.7]));
  assert.deepEqual([d.winner, d.rollA, d.rollD, d.lossA, d.lossD], ['D', 1, 1, 1, 0]);
});

test('§4.7.3 the attacker wins: the blow 10 % × S_W × R_W/R_L, then the winner loses 10 % of the loser after the blow × R_L/R_W', () => {
  const r = fightPass(cfg, pass({}), scriptedRng([0.5, 0.5]));
  // Blow: 0.1 × 1000 × 2 = 200; the winner: 0.1 × 300 × 0.5 = 15.
  assert.deepEqual({ lossA: r.lossA, lossD: r.lossD }, { lossA: 15, lossD: 200 });
  // Renown: the winner gains 1 % of the loser's renown, the loser loses 1 % of the winner's.
  near(r.dRA, 0.3, 'dRA');
  near(r.dRD, -0.6, 'dRD');
});

test('§4.7.3 the defender wins: the same formulas with the sides swapped', () => {
  const r = fightPass(cfg, pass({}), scriptedRng([0, 0.9]));
  assert.equal(r.winner, 'D');
  // Blow on A: 0.1 × 500 × 0.5 = 25; D loses 0.1 × 975 × 2 = 195.
  assert.deepEqual({ lossA: r.lossA, lossD: r.lossD }, { lossA: 25, lossD: 195 });
  near(r.dRA, -0.3, 'dRA');
  near(r.dRD, 0.6, 'dRD');
});

test('§4.7.3 a fortification reduces every loss the defender suffers (wall × 0.80), never the attacker\'s', () => {
  const a = fightPass(cfg, pass({ fortification: 'wall' }), scriptedRng([1, 0]));
  assert.equal(a.winner, 'A');
  // Blow on D: 200 × 0.8 = 160; A loses 0.1 × 340 × 0.5 = 17.
  assert.deepEqual({ lossA: a.lossA, lossD: a.lossD }, { lossA: 17, lossD: 160 });
  const d = fightPass(cfg, pass({ fortification: 'wall' }), scriptedRng([0, 1]));
  assert.equal(d.winner, 'D');
  // Blow on A: 25 (not reduced); D loses 195 × 0.8 = 156.
  assert.deepEqual({ lossA: d.lossA, lossD: d.lossD }, { lossA: 25, lossD: 156 });
  const f = fightPass(cfg, pass({ fortification: 'fortress' }), scriptedRng([1, 0]));
  assert.equal(f.lossD, 60, 'fortress × 0.30');
  assert.equal(fightPass(cfg, pass({ fortification: 'palisade' }), scriptedRng([1, 0])).lossD, 180, 'palisade × 0.90');
});

test('§4.7.3 against a neutral peasant army the winner loses 5 %, not 10 %, whichever side wins', () => {
  const a = fightPass(cfg, pass({ peasants: true }), scriptedRng([1, 0]));
  assert.deepEqual({ lossA: a.lossA, lossD: a.lossD }, { lossA: 8, lossD: 200 }, '0.05 × 300 × 0.5 = 7.5 → 8');
  const d = fightPass(cfg, pass({ peasants: true }), scriptedRng([0, 1]));
  assert.deepEqual({ lossA: d.lossA, lossD: d.lossD }, { lossA: 25, lossD: 98 }, '0.05 × 975 × 2 = 97.5 → 98');
});

test('§4.7.3 the blow kills at least one man and at most the loser\'s men; the winner\'s loss is capped at his men', () => {
  // A at 4 men, renown 10 against 30 men, renown 10: blow 0.4 → at least 1; A then loses 0.1 × 29 = 2.9 → 3.
  const min = fightPass(cfg, pass({ sA: 4, rA: 10, sD: 30, rD: 10 }), scriptedRng([1, 0]));
  assert.equal(min.winner, 'A');
  assert.deepEqual({ lossA: min.lossA, lossD: min.lossD }, { lossA: 3, lossD: 1 });
  // Blow 0.1 × 1000 × 10 = 1000 on 50 men → 50; the winner loses nothing (0 left).
  const cap = fightPass(cfg, pass({ sA: 1000, rA: 100, sD: 50, rD: 10 }), scriptedRng([1, 0]));
  assert.deepEqual({ lossA: cap.lossA, lossD: cap.lossD }, { lossA: 0, lossD: 50 });
  // The defender (renown 10) wins against renown 1 000: the blow 0.1 × 1000 × 0.01 = 1; it would then
  // lose 0.1 × 999 × 100 = 9 990 men, it has 1 000.
  const capW = fightPass(cfg, pass({ sA: 1000, rA: 1000, sD: 1000, rD: 10 }), scriptedRng([0, 1]));
  assert.equal(capW.winner, 'D');
  assert.deepEqual({ lossA: capW.lossA, lossD: capW.lossD }, { lossA: 1, lossD: 1000 });
});

test('§4.7.3 / §7 C-17 variant simultaneousLosses: both losses from the strengths at the start of the pass', () => {
  const sim = resolveConfig({ simultaneousLosses: true });
  const a = fightPass(sim, pass({}), scriptedRng([1, 0]));
  assert.deepEqual({ lossA: a.lossA, lossD: a.lossD }, { lossA: 25, lossD: 200 });
  const d = fightPass(sim, pass({}), scriptedRng([0, 1]));
  assert.deepEqual({ lossA: d.lossA, lossD: d.lossD }, { lossA: 25, lossD: 200 }, 'the same casualties whoever wins');
  const w = fightPass(sim, pass({ fortification: 'wall', peasants: true }), scriptedRng([0, 1]));
  assert.deepEqual({ lossA: w.lossA, lossD: w.lossD }, { lossA: 25, lossD: 80 }, 'q 5 % and the wall on the defender: 0.05 × 1000 × 2 × 0.8');
  const capped = fightPass(sim, pass({ sA: 1000, rA: 1000, sD: 1000, rD: 10 }), scriptedRng([0, 1]));
  assert.deepEqual({ lossA: capped.lossA, lossD: capped.lossD }, { lossA: 1, lossD: 1000 });
  const tiny = fightPass(sim, pass({ sA: 4, rA: 10, sD: 30, rD: 10 }), scriptedRng([1, 0]));
  assert.deepEqual({ lossA: tiny.lossA, lossD: tiny.lossD }, { lossA: 3, lossD: 1 }, 'at least one man; the winner 0.1 × 30 = 3');
  // [P C-17] the winner's loss factor scales the winner's loss only, in either mode.
  const simHalf = fightPass(resolveConfig({ simultaneousLosses: true, winnerLossFactor: 0.5 }), pass({}), scriptedRng([1, 0]));
  assert.deepEqual({ lossA: simHalf.lossA, lossD: simHalf.lossD }, { lossA: 13, lossD: 200 }, '0.1 × 500 × 0.5 × 0.5 = 12.5 → 13');
  const half = fightPass(resolveConfig({ winnerLossFactor: 0.5 }), pass({}), scriptedRng([1, 0]));
  assert.deepEqual({ lossA: half.lossA, lossD: half.lossD }, { lossA: 8, lossD: 200 }, '15 × 0.5 = 7.5 → 8');
});

// ---------------------------------------------------------------- §4.7.1 [P G-46] the attacker's threshold

/** Hawkmoon (L1, K1, renown 100) on Narvik with 1 000 men; Amaréthuse (L2) holds Thule with 1 000 men; at war. */
function border(attacker = 1000, defender = 1000) {
  const s = scenario(['Hawkmoon', 'Amarethuse']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'thule');
  relate(s, 'L1', 'L2', 'war');
  for (const l of ['L1', 'L2']) s.knights[s.lords[l]!.lordKnight]!.renown = 100;
  giveArmy(s, s.lords.L1!.lordKnight, attacker);
  giveArmy(s, s.lords.L2!.lordKnight, defender);
  return s;
}
/** The same two draws for every pass. */
const every = (a: number, d: number) => { let n = 0; return rngFromSource(() => (n++ % 2 === 0 ? a : d)); };
/** The attacker takes the advantage in every pass. */
const attackerFirst = () => { let n = 0; return rngFromSource(() => (n++ % 2 === 0 ? 0.9 : 0.1)); };

test('§4.7.1 [P G-46] an ATT whose army is already below its threshold is cancelled, and does not use up the knight\'s attack', () => {
  const { events } = runPhases(border(), { L1: 'ATT Hawkmoon thule 1001\nATT Hawkmoon thule 600' }, [7], attackerFirst());
  const cancelled = eventsOf(events, 'order-cancelled');
  assert.deepEqual(cancelled.map((e) => e.reason), ['below-threshold']);
  const battles = eventsOf(events, 'battle');
  assert.equal(battles.length, 1, 'the second ATT of the same knight runs');
  assert.equal(battles[0]!.threshold, 600);
});

test('§4.7.1 [P G-46] an army exactly on its threshold may attack; the default threshold is the lord\'s knight % of the army (80 % of 1 000)', () => {
  const on = runPhases(border(), { L1: 'ATT Hawkmoon thule 1000' }, [7], attackerFirst());
  assert.deepEqual(eventsOf(on.events, 'order-cancelled'), []);
  const b = eventsOf(on.events, 'battle');
  assert.equal(b.length, 1);
  assert.equal(b[0]!.threshold, 1000);
  assert.equal(b[0]!.result, 'repelled', 'the first pass takes it below 1 000');
  const dflt = runPhases(border(), { L1: 'ATT Hawkmoon thule' }, [7], attackerFirst());
  assert.equal(eventsOf(dflt.events, 'battle')[0]!.threshold, 800);
});

test('§4.7.3 step 6 [P G-21] the safety cap: after passCap passes the attack fails, not a pass more', () => {
  // Thresholds 0 on both sides: nobody breaks; with a cap of 2 the battle stops after its second pass.
  const s = border();
  s.config.passCap = 2;
  const { events, state } = runPhases(s, { L1: 'ATT Hawkmoon thule 0', L2: 'INI 50 50 0' }, [4, 7], attackerFirst());
  const b = eventsOf(events, 'battle')[0]!;
  assert.equal(b.passes, 2);
  assert.equal(b.defenders[0]!.passes, 2);
  assert.equal(b.result, 'repelled');
  assert.equal(state.territories.thule!.owner, 'L2');
  assert.equal(eventsOf(runPhases(border(), { L1: 'ATT Hawkmoon thule 0', L2: 'INI 50 50 0' }, [4, 7], attackerFirst()).events, 'battle')[0]!.passes > 3, true, 'uncapped (10 000), the same battle goes on');
});

test('§4.7.3 steps 1–2, §4.7.7 an attacker wiped out in a pass dies; the defender who stood holds and lives (TV-25)', () => {
  // 5 men against 1 000 at equal renown; the defender takes the advantage: its blow (100) takes all 5.
  const s = border(5, 1000);
  const k1 = s.lords.L1!.lordKnight, k2 = s.lords.L2!.lordKnight;
  const { state, events } = runPhases(s, { L1: 'ATT Hawkmoon thule 0' }, [7], every(0, 0.9));
  const b = eventsOf(events, 'battle')[0]!;
  assert.equal(b.result, 'died');
  assert.deepEqual([b.defenders[0]!.outcome, b.defenders[0]!.end], ['held', 1000]);
  assert.equal(state.knights[k1], undefined, 'the attacking lord-knight died');
  assert.equal(state.lords.L1!.alive, false);
  assert.ok(state.knights[k2], 'the defender lives');
  assert.equal(state.lords.L2!.alive, true);
});

test('§4.7.3 after each pass step 2 [P G-21]: a defending knight whose army falls to 0 dies with it', () => {
  const s = border(1000, 5);
  const k2 = s.lords.L2!.lordKnight;
  const { state, events } = runPhases(s, { L1: 'ATT Hawkmoon thule 0' }, [7], every(0.9, 0.1));
  const b = eventsOf(events, 'battle')[0]!;
  assert.deepEqual([b.result, b.defenders[0]!.outcome, b.defenders[0]!.end], ['conquest', 'died', 0]);
  assert.equal(state.knights[k2], undefined, 'the knight is dead, not left without his army');
  assert.equal(state.lords.L2!.alive, false, 'a lord-knight: his lord is out');
  assert.deepEqual(eventsOf(events, 'knight-died').map((e) => e.knight), [k2]);
});

test('§4.7.3 [P G-21] both checks apply in one pass: the defender destroyed and the attacker below his threshold: the attack fails and the defender is dead', () => {
  // 1 000 men, threshold 1 000, against 5 men; the defender takes the advantage: his blow costs 1 man
  // (999 < 1 000: the attacker retreats), the attacker's loss is round(0.1 × 999) = 100, capped at 5.
  const s = border(1000, 5);
  const k2 = s.lords.L2!.lordKnight;
  const { state, events } = runPhases(s, { L1: 'ATT Hawkmoon thule 1000' }, [7], every(0, 0.9));
  const b = eventsOf(events, 'battle')[0]!;
  assert.deepEqual([b.result, b.attackerEnd, b.passes], ['repelled', 999, 1]);
  assert.deepEqual([b.defenders[0]!.outcome, b.defenders[0]!.end], ['died', 0]);
  assert.equal(state.knights[k2], undefined);
  assert.equal(state.lords.L2!.alive, false);
});
