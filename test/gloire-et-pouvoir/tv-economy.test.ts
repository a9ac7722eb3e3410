/**
 * Rules §6 test vectors TV-01 … TV-21 (economy, global renown, knights and levies, retreat
 * thresholds): each vector is checked on the pure formula and, where it is a turn effect, through
 * the referee's phases with text orders.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng, scriptedRng } from '../../src/engine/rng.ts';
import { DEFAULT_CONFIG, resolveConfig } from '../../src/rulesets/gloire-et-pouvoir/config.ts';
import {
  globalRenown, globalRenownParts, knightCost, levy, levyHappiness, redistribution, redistributionForCap, tax, titleFor,
} from '../../src/rulesets/gloire-et-pouvoir/formulas.ts';
import type { GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import {
  addGarrison, addKnight, dist, duo, eventsOf, home, near, relate, runPhases, runTurn, scenario, setTerritory, treasury,
} from './harness.ts';

const cfg = resolveConfig();


// ───────────────────────────────────────────────────────────── 6.1 economy

test('TV-01 happiness drop from tax: H 5 taxed at level 3 → 3.5', () => {
  const r = tax(cfg, 3, 16500, 0.4, 5, 20);
  near(r.happiness, 3.5, 1e-9, 'formula H');

  const s = duo();
  setTerritory(s, 'narvik', { happiness: 5 });
  runPhases(s, { L1: 'IMP 3 NARVIK' }, [3]);
  near(s.territories.narvik!.happiness, 3.5, 1e-9, 'phase 3 H');
});

test('TV-02 tax income with the ratio inside the bounds: 833 écus, H 6, C 0.30', () => {
  const r = tax(cfg, 4, 10000, 0.5, 10, 20);
  near(r.ratio, 0.5, 1e-12);
  near(r.incomeRaw, 833, 1e-6);
  assert.equal(r.income, 833);
  near(r.happiness, 6, 1e-9);
  near(r.taxCoef, 0.3, 1e-12);

  // Through phase 3: BM must be 20 while Narvik has H 10 → one far territory at 30 balances it.
  const s = duo();
  setTerritory(s, 'narvik', { population: 10000, taxCoef: 0.5, happiness: 10 });
  setTerritory(s, 'riga', { happiness: 30 });
  const { events, ctx } = runPhases(s, { L1: 'IMP 4 NARVIK' }, [3]);
  near(ctx.snap.avgHappiness, 20, 1e-9, 'BM');
  assert.equal(treasury(s), 5000 + 833);
  assert.equal(eventsOf(events, 'tax')[0]!.income, 833);
  near(s.territories.narvik!.happiness, 6, 1e-9);
  near(s.territories.narvik!.taxCoef, 0.3, 1e-12);
});

test('TV-03 tax ratio clamps: H 40 → 1.25 → 2 083; H 4 → 0.25 → 417', () => {
  const hi = tax(cfg, 4, 10000, 0.5, 40, 20);
  near(hi.ratio, 1.25, 1e-12);
  near(hi.incomeRaw, 2082.5, 1e-6);
  assert.equal(hi.income, 2083);
  const lo = tax(cfg, 4, 10000, 0.5, 4, 20);
  near(lo.ratio, 0.25, 1e-12);
  near(lo.incomeRaw, 416.5, 1e-6);
  assert.equal(lo.income, 417);

  const s = duo();
  home(s, 'L1', 'narvik', 'thule');
  setTerritory(s, 'narvik', { population: 10000, taxCoef: 0.5, happiness: 40 });
  setTerritory(s, 'thule', { population: 10000, taxCoef: 0.5, happiness: 4 });
  setTerritory(s, 'riga', { happiness: 16 }); // 42 × 20 + 16 + 40 + 4 = 900 → BM 20
  const { events, ctx } = runPhases(s, { L1: 'IMP 4 NARVIK\nIMP 4 THULE' }, [3]);
  near(ctx.snap.avgHappiness, 20, 1e-9, 'BM');
  assert.deepEqual(eventsOf(events, 'tax').map((e) => [e.territory, e.income]), [['narvik', 2083], ['thule', 417]]);
  assert.equal(treasury(s), 5000 + 2083 + 417);
});

test('TV-04 coefficient drop capped at 70 % and floored at 0.05; tax 10 → H 0 → certain revolt', () => {
  const r10 = tax(cfg, 10, 16500, 0.5, 20, 20);
  near(r10.taxCoef, 0.15, 1e-12);
  assert.equal(r10.happiness, 0);
  near(tax(cfg, 8, 16500, 0.1, 20, 20).taxCoef, 0.05, 1e-12);

  const s = duo();
  home(s, 'L1', 'narvik', 'thule', 'lofoten');
  setTerritory(s, 'thule', { taxCoef: 0.5 });
  setTerritory(s, 'lofoten', { taxCoef: 0.1 });
  s.turn = 4;
  const { events } = runPhases(s, { L1: 'IMP 10 THULE\nIMP 8 LOFOTEN' }, [3, 14]);
  near(s.territories.thule!.taxCoef, 0.15, 1e-12, 'C after IMP 10');
  near(s.territories.lofoten!.taxCoef, 0.05, 1e-12, 'C floor');
  assert.equal(s.territories.thule!.happiness, 0);
  // Phase 14: Thule (H 0) revolts with certainty; Lofoten (H 4) does not.
  assert.deepEqual(eventsOf(events, 'revolt').map((e) => e.territory), ['thule']);
  assert.equal(s.territories.thule!.owner, null);
  assert.equal(s.territories.lofoten!.owner, 'L1');
  assert.deepEqual(s.lords.L1!.memory.thule, { value: 0, lostTurn: 4 });
});

test('TV-05 Hawkmoon turn 1: IMP 9 on the calibrated territory → 4 948 écus, H 2, C 0.12', () => {
  const r = tax(cfg, 9, 16500, 0.4, 20, 20);
  near(r.incomeRaw, 4948.02, 1e-6);
  assert.equal(r.income, 4948);
  near(r.happiness, 2, 1e-9);
  near(r.taxCoef, 0.12, 1e-12);

  const s = duo();
  const { events } = runPhases(s, { L1: 'IMP 9 NARVIK' }, [3]);
  assert.equal(treasury(s), 5000 + 4948);
  assert.equal(eventsOf(events, 'tax')[0]!.income, 4948);
  near(s.territories.narvik!.happiness, 2, 1e-9);
  near(s.territories.narvik!.taxCoef, 0.12, 1e-12);
});

test('TV-06 Hawkmoon turn 2: IMP 4 + RED 1 800 → tax 2 199, ratio 9.0945, H 22.91, C 0.4583, net +399', () => {
  const t = tax(cfg, 4, 16500, 0.4, 20, 20);
  near(t.incomeRaw, 2199.12, 1e-6);
  assert.equal(t.income, 2199);
  near(t.happiness, 12, 1e-9);
  near(t.taxCoef, 0.24, 1e-12);
  const r = redistribution(cfg, 1800, 16500, t.taxCoef, t.happiness, 20);
  near(16500 * 0.24 * 0.0833 * (12 / 20), 197.92, 0.001, 'denominator');
  near(r.ratio, 9.0945, 5e-5);
  near(r.happiness, 22.91, 0.005);
  near(r.taxCoef, 0.4583, 5e-5);

  const s = duo();
  const { events } = runPhases(s, { L1: 'IMP 4 NARVIK\nRED 1800 NARVIK' }, [3]);
  assert.equal(treasury(s) - 5000, 2199 - 1800); // +399, "about 400"
  near(eventsOf(events, 'redistribution')[0]!.ratio, 9.0945, 5e-5);
  near(s.territories.narvik!.happiness, 22.91, 0.005);
  near(s.territories.narvik!.taxCoef, 0.4583, 5e-5);
});

test('TV-07 IMP 6 + RED 880 (capped) → tax 3 299, H 8 → 16, C 0.16 → 0.32, net +2 419', () => {
  const t = tax(cfg, 6, 16500, 0.4, 20, 20);
  near(t.incomeRaw, 3298.68, 1e-6);
  assert.equal(t.income, 3299);
  near(t.happiness, 8, 1e-9);
  near(t.taxCoef, 0.16, 1e-12);
  near(redistributionForCap(cfg, 16500, t.taxCoef, t.happiness, 20), 879.65, 0.005, 'minimum capping amount');
  const r = redistribution(cfg, 880, 16500, t.taxCoef, t.happiness, 20);
  assert.equal(r.ratio, 10);
  near(r.happiness, 16, 1e-9);
  near(r.taxCoef, 0.32, 1e-12);
  // More money gives nothing more [T].
  const more = redistribution(cfg, 5000, 16500, t.taxCoef, t.happiness, 20);
  near(more.happiness, 16, 1e-9);

  const s = duo();
  const { events } = runPhases(s, { L1: 'IMP 6 NARVIK\nRED 880 NARVIK' }, [3]);
  assert.equal(treasury(s) - 5000, 2419);
  assert.equal(eventsOf(events, 'redistribution')[0]!.ratio, 10);
  near(s.territories.narvik!.happiness, 16, 1e-9);
  near(s.territories.narvik!.taxCoef, 0.32, 1e-12);
});

test('TV-08 IMP 5 + RED 1 375 keeps the territory unchanged (H 20, C 0.4), net +1 374', () => {
  const t = tax(cfg, 5, 16500, 0.4, 20, 20);
  near(t.incomeRaw, 2748.9, 1e-6);
  assert.equal(t.income, 2749);
  near(redistributionForCap(cfg, 16500, t.taxCoef, t.happiness, 20), 1374.45, 0.005);

  const s = duo();
  runPhases(s, { L1: 'IMP 5 NARVIK\nRED 1375 NARVIK' }, [3]);
  assert.equal(treasury(s) - 5000, 1374);
  near(s.territories.narvik!.happiness, 20, 1e-9);
  near(s.territories.narvik!.taxCoef, 0.4, 1e-12);
});

test('TV-09 RED 36 on a ruined territory (C 0.05, H 1, BM 19.0896) → ratio 10, H 2, C 0.10', () => {
  const r = redistribution(cfg, 36, 16500, 0.05, 1, 19.0896);
  near(16500 * 0.05 * 0.0833 / 19.0896, 3.6, 1e-5, 'denominator');
  assert.equal(r.ratio, 10);
  near(r.happiness, 2, 1e-9);
  near(r.taxCoef, 0.1, 1e-12);

  const s = duo();
  setTerritory(s, 'narvik', { taxCoef: 0.05, happiness: 1 });
  // 42 × 20 + 1 + 2 × 9.016 = 859.032 = 45 × 19.0896
  setTerritory(s, 'riga', { happiness: 9.016 });
  setTerritory(s, 'saaremaa', { happiness: 9.016 });
  const { ctx } = runPhases(s, { L1: 'RED 36 NARVIK' }, [3]);
  near(ctx.snap.avgHappiness, 19.0896, 1e-9, 'BM');
  assert.equal(treasury(s), 5000 - 36);
  near(s.territories.narvik!.happiness, 2, 1e-9);
  near(s.territories.narvik!.taxCoef, 0.1, 1e-12);
});

test('TV-10 RED on H 0: ratio 10 (no division by zero), H stays 0, C doubles up to 0.7, money spent', () => {
  const r = redistribution(cfg, 100, 16500, 0.3, 0, 20);
  assert.equal(r.ratio, 10);
  assert.equal(r.happiness, 0);
  near(r.taxCoef, 0.6, 1e-12);
  near(redistribution(cfg, 100, 16500, 0.4, 0, 20).taxCoef, 0.7, 1e-12);

  const s = duo();
  home(s, 'L1', 'narvik', 'thule');
  setTerritory(s, 'narvik', { happiness: 0, taxCoef: 0.3 });
  setTerritory(s, 'thule', { happiness: 0, taxCoef: 0.4 });
  const { events } = runPhases(s, { L1: 'RED 100 NARVIK\nRED 100 THULE' }, [3]);
  assert.deepEqual(eventsOf(events, 'redistribution').map((e) => e.ratio), [10, 10]);
  assert.equal(s.territories.narvik!.happiness, 0);
  near(s.territories.narvik!.taxCoef, 0.6, 1e-12);
  near(s.territories.thule!.taxCoef, 0.7, 1e-12);
  assert.equal(treasury(s), 5000 - 200);
});

test('TV-11 rent at phase 3a: Comte +2 000, Prince +5 000, no title 0, on every map', () => {
  for (const mapKey of ['SCA', 'EUR', 'MO'] as const) {
    const s = scenario(['Comte', 'Prince', 'Nobody']);
    home(s, 'L1', 'narvik');
    home(s, 'L2', 'dolon');
    home(s, 'L3', 'livo-joki');
    s.mapKey = mapKey;
    s.lords.L1!.title = 'comte';
    s.lords.L2!.title = 'prince';
    const { events } = runPhases(s, {}, [3]);
    assert.equal(treasury(s, 'L1'), 7000, `${mapKey} comte`);
    assert.equal(treasury(s, 'L2'), 10000, `${mapKey} prince`);
    assert.equal(treasury(s, 'L3'), 5000, `${mapKey} no title`);
    assert.deepEqual(eventsOf(events, 'rent').map((e) => [e.lord, e.amount]).sort(), [['L1', 2000], ['L2', 5000]]);
  }
});

// ───────────────────────────────────────────────────────────── 6.2 global renown

/**
 * TV-12 state: lord A (L1) with lord-knight 100 and knights 80/60/40, two territories
 * (H 20, POP 16 000) and (H 10, POP 8 000) with the map average at 16, treasury 2 500; allies
 * B (90) and C (120); enemy D (110) whose allies are E (100) and F (50).
 */
function tv12(mapKey: 'SCA' | 'EUR' | 'MO'): GPState {
  const s = scenario(['A', 'B', 'C', 'D', 'E', 'F']);
  home(s, 'L1', 'narvik', 'thule');
  setTerritory(s, 'narvik', { happiness: 20, population: 16000 });
  setTerritory(s, 'thule', { happiness: 10, population: 8000 });
  for (const t of Object.values(s.territories)) if (t.owner === null) t.happiness = 16;
  setTerritory(s, 'riga', { happiness: 18 }); // 20 + 10 + 42 × 16 + 18 = 720 = 45 × 16
  const lk = (l: string, r: number) => { s.knights[s.lords[l]!.lordKnight]!.renown = r; };
  lk('L1', 100); lk('L2', 90); lk('L3', 120); lk('L4', 110); lk('L5', 100); lk('L6', 50);
  addKnight(s, 'L1', { name: 'Gawain', renown: 80, location: 'narvik' });
  addKnight(s, 'L1', { name: 'Bors', renown: 60, location: 'narvik' });
  addKnight(s, 'L1', { name: 'Kay', renown: 40, location: 'narvik' });
  s.lords.L1!.treasury = 2500;
  relate(s, 'L1', 'L2', 'alliance');
  relate(s, 'L1', 'L3', 'alliance');
  relate(s, 'L1', 'L4', 'war');
  relate(s, 'L4', 'L5', 'alliance');
  relate(s, 'L4', 'L6', 'alliance');
  s.mapKey = mapKey;
  return s;
}

test('TV-12 global renown on SCA (162.75, Baron), EUR (158.5, none) and MO (159.92, none)', () => {
  const expected = { SCA: [21, 12.5, 162.75, 'baron'], EUR: [10.5, 6.25, 158.5, null], MO: [14, 110 / 15 + 1, 159.9167, null] } as const;
  for (const key of ['SCA', 'EUR', 'MO'] as const) {
    const s = tv12(key);
    const p = globalRenownParts(s, 'L1', 16);
    near(p.lordKnight, 100, 1e-9);
    near(p.s1, 18, 1e-9, `${key} S1`);
    near(p.s2, 31.25, 1e-9, `${key} S2`);
    near(p.treasury, 5, 1e-9);
    const [allies, enemies, total, title] = expected[key];
    near(p.allies, allies, 1e-9, `${key} allies`);
    near(p.enemies, enemies, 1e-9, `${key} enemies`);
    near(p.total, total, 1e-4, `${key} GR`);
    near(globalRenown(s, 'L1', 16), total, 1e-4);
    assert.equal(titleFor(cfg, key, p.total), title);
    // Through the referee: the phase-17 snapshot (avg H 16) and the title it grants.
    const { ctx } = runPhases(s, {}, [17]);
    near(ctx.snap.avgHappiness, 16, 1e-9, 'avg H');
    near(ctx.snap.gr.L1!, total, 1e-4, `${key} snapshot GR`);
    assert.equal(s.lords.L1!.title, title, `${key} title`);
  }
});

// ───────────────────────────────────────────────────────────── 6.3 knights and levies

/** A scripted draw so that rng.int(1, 101) gives r. */
const drawFor = (r: number, max = 101) => (r - 1 + 0.5) / max;

test('TV-13 knight cost R × 10 × R / avgR: 96 → 922, 50 → 250, 101 → 1 020; avg 80 and R 100 → 1 250', () => {
  assert.equal(knightCost(96, 100), 922);
  assert.equal(knightCost(50, 100), 250);
  assert.equal(knightCost(101, 100), 1020);
  assert.equal(knightCost(100, 80), 1250);

  // Phase 5 with the recruit's renown scripted (avg knight renown 100: two lord-knights of 100).
  for (const [r, cost] of [[96, 922], [50, 250], [101, 1020]] as const) {
    const s = duo();
    const { events, ctx } = runPhases(s, { L1: 'CHE 1' }, [5], scriptedRng([drawFor(r), 0]));
    near(ctx.snap.avgKnightRenown, 100, 1e-9);
    const rec = eventsOf(events, 'knight-recruited');
    assert.equal(rec.length, 1);
    assert.equal(rec[0]!.renown, r);
    assert.equal(rec[0]!.cost, cost);
    assert.equal(treasury(s), 5000 - cost);
    const k = s.knights[rec[0]!.knight]!;
    assert.equal(k.hireRenown, r);
    assert.equal(k.hiredTurn, s.turn);
    assert.equal(k.location, 'narvik');
  }
  // Average 80 (100, 100, 40): a recruit of 100 costs 1 250.
  const s = duo();
  addKnight(s, 'L2', { name: 'Kay', renown: 40, location: 'dolon' });
  const { events, ctx } = runPhases(s, { L1: 'CHE 1' }, [5], scriptedRng([drawFor(100), 0]));
  near(ctx.snap.avgKnightRenown, 80, 1e-9);
  assert.equal(eventsOf(events, 'knight-recruited')[0]!.cost, 1250);
  assert.equal(treasury(s), 5000 - 1250);
});

test('TV-14 every recruit has R ≤ lord-knight R + 1 (many recruitments, many seeds)', () => {
  for (const lkR of [100, 37]) {
    const seen: number[] = [];
    for (let seed = 0; seed < 200; seed++) {
      const s = duo();
      s.knights.K1!.renown = lkR;
      s.lords.L1!.treasury = 1_000_000;
      const { events } = runPhases(s, { L1: 'CHE 5' }, [5], createRng(`tv14-${lkR}`, String(seed)));
      const rec = eventsOf(events, 'knight-recruited');
      assert.equal(rec.length, 5);
      for (const e of rec) {
        assert.ok(Number.isInteger(e.renown) && e.renown >= 1, `renown ${e.renown}`);
        assert.ok(e.renown <= lkR + 1, `recruit ${e.renown} > ${lkR + 1}`);
        seen.push(e.renown);
      }
    }
    assert.equal(Math.max(...seen), lkR + 1, 'the cap itself is reachable');
  }
  // At most 5 recruits per turn over several CHE orders.
  const s = duo();
  s.lords.L1!.treasury = 1_000_000;
  const { events } = runPhases(s, { L1: 'CHE 3\nCHE 4' }, [5]);
  assert.equal(eventsOf(events, 'knight-recruited').length, 5);
  assert.ok(eventsOf(events, 'order-cancelled').some((e) => e.reason === 'too-many-recruits'));
});

/**
 * Levy state of TV-15/TV-17: lord A (L1) owns Narvik (POP 24 000, H 20) with GR exactly 150;
 * lord B (L2) has GR 300 (the maximum); the average population is 16 000 and the average
 * happiness `avgH` (16 or 20).
 */
function levyState(avgH: 16 | 20): GPState {
  const s = duo();
  s.territories.dolon!.owner = null;
  for (const t of Object.values(s.territories)) { t.population = 16000; t.happiness = avgH; }
  setTerritory(s, 'narvik', { population: 24000, happiness: 20 });
  setTerritory(s, 'saaremaa', { population: 8000 }); // 43 × 16 000 + 24 000 + 8 000 = 45 × 16 000
  if (avgH === 16) setTerritory(s, 'riga', { happiness: 12 }); // 20 + 12 + 43 × 16 = 45 × 16
  s.lords.L1!.treasury = 2000; // 4 GR
  s.knights.K1!.renown = 150 - 4 - 30 * (20 / avgH); // S2 = (20 / avgH) × 24 000 / 800
  s.knights.K2!.renown = 290; // + 5 000 / 500
  return s;
}

test('TV-15 levy size: k = clamp(GR/maxGR × POP/avgPOP, 0.5, 2); 2 000 écus → 300 men; clamps 100 and 400', () => {
  const l = levy(cfg, 2000, 150, 300, 24000, 16000);
  near(l.factor, 0.75, 1e-12);
  assert.equal(l.men, 300);
  const low = levy(cfg, 1000, 0.2 * 300, 300, 16000, 16000);
  assert.equal(low.factor, 0.5);
  assert.equal(low.men, 100);
  const high = levy(cfg, 1000, 300, 300, 48000, 16000);
  assert.equal(high.factor, 2);
  assert.equal(high.men, 400);

  // Phase 5, garrison levy (no knight): no happiness change.
  const s = levyState(20);
  const { events, ctx } = runPhases(s, { L1: 'ARM NARVIK 2000' }, [5]);
  near(ctx.snap.gr.L1!, 150, 1e-9, 'GR');
  near(ctx.snap.maxGR, 300, 1e-9, 'max GR');
  near(ctx.snap.avgPopulation, 16000, 1e-9, 'avg POP');
  const lev = eventsOf(events, 'levy')[0]!;
  near(lev.factor, 0.75, 1e-12);
  assert.equal(lev.men, 300);
  assert.equal(lev.knight, null);
  assert.equal(s.armies[String(lev.army)]!.commander, null);
  assert.equal(s.armies[String(lev.army)]!.strength, 300);
  assert.equal(treasury(s), 0);
  assert.equal(s.territories.narvik!.happiness, 20);

  // Clamps through the phase: a poor lord facing a very renowned one, a rich lord on a crowded land.
  const lo = duo();
  lo.knights.K2!.renown = 10000;
  const rLo = runPhases(lo, { L1: 'ARM NARVIK 1000' }, [5]);
  assert.equal(eventsOf(rLo.events, 'levy')[0]!.factor, 0.5);
  assert.equal(eventsOf(rLo.events, 'levy')[0]!.men, 100);
  const hi = duo();
  setTerritory(hi, 'narvik', { population: 100000 });
  hi.lords.L1!.treasury = 50000;
  const rHi = runPhases(hi, { L1: 'ARM NARVIK 1000' }, [5]);
  assert.equal(eventsOf(rHi.events, 'levy')[0]!.factor, 2);
  assert.equal(eventsOf(rHi.events, 'levy')[0]!.men, 400);
});

test('TV-16 Hawkmoon turn 1: 5 000 écus with k = 1 → 1 000 men under the lord-knight', () => {
  assert.equal(levy(cfg, 5000, 120, 120, 16500, 16500).men, 1000);

  // Everyone equal at turn 1: both lords levy 5 000 for their lord-knight.
  const s = duo();
  const { events } = runPhases(s, { L1: 'ARM NARVIK 5000 Hawkmoon', L2: 'ARM DOLON 5000 Amarethuse' }, [5]);
  const levies = eventsOf(events, 'levy');
  assert.deepEqual(levies.map((e) => [e.lord, e.men, e.factor]), [['L1', 1000, 1], ['L2', 1000, 1]]);
  assert.equal(s.armies[String(s.knights.K1!.army)]!.strength, 1000);
  assert.equal(treasury(s, 'L1'), 0);

  // The whole turn-1 sheet (IMP 9 then the levy), both lords alike: still k = 1 and 1 000 men.
  const t = duo();
  const r = runPhases(t, { L1: 'IMP 9 NARVIK\nARM NARVIK 5000 Hawkmoon', L2: 'IMP 9 DOLON\nARM DOLON 5000 Amarethuse' }, [3, 5]);
  assert.deepEqual(eventsOf(r.events, 'levy').map((e) => e.men), [1000, 1000]);
  assert.equal(treasury(t), 4948);
  // Narvik: 2 − BM × 1 000 / 16 500 with the phase-5 BM = (43 × 20 + 2 + 2) / 45.
  near(t.territories.narvik!.happiness, 2 - (864 / 45) * 1000 / 16500, 1e-9);
});

test('TV-17 happiness drop of a levy going to a knight: 19.8; Narvik 2 → 1.0; clamp at 0 → revolt', () => {
  near(levyHappiness(20, 16, 300, 24000), 19.8, 1e-9);
  near(levyHappiness(2, 16.5, 1000, 16500), 1.0, 1e-9);
  assert.equal(levyHappiness(1, 20, 1000, 10000), 0);

  // Case 1 through phase 5: the TV-15 levy (300 men) given to the lord-knight, BM 16.
  const a = levyState(16);
  const ra = runPhases(a, { L1: 'ARM NARVIK 2000 Hawkmoon' }, [5]);
  near(ra.ctx.snap.avgHappiness, 16, 1e-9);
  assert.equal(eventsOf(ra.events, 'levy')[0]!.men, 300);
  near(a.territories.narvik!.happiness, 19.8, 1e-9);
  assert.equal(a.armies[String(a.knights.K1!.army)]!.strength, 300);

  // Case 2 [N]: Narvik at H 2 after the tax, BM 16.5, 1 000 men → H 1.0.
  const b = duo();
  b.territories.dolon!.owner = null; // Hawkmoon has the highest GR → k = 1
  for (const t of Object.values(b.territories)) t.happiness = 16.5;
  setTerritory(b, 'narvik', { happiness: 2 });
  setTerritory(b, 'riga', { happiness: 31 }); // 43 × 16.5 + 31 + 2 = 45 × 16.5
  const rb = runPhases(b, { L1: 'ARM NARVIK 5000 Hawkmoon' }, [5]);
  near(rb.ctx.snap.avgHappiness, 16.5, 1e-9);
  assert.equal(eventsOf(rb.events, 'levy')[0]!.men, 1000);
  near(b.territories.narvik!.happiness, 1.0, 1e-9);

  // Case 3 [P G-13]: AB 1, BM 20, 1 000 men, POP 10 000 → −1 → 0 → revolt at phase 14.
  const c = duo();
  c.territories.dolon!.owner = null; // Hawkmoon has the highest GR → k = 1
  for (const t of Object.values(c.territories)) t.population = 10000;
  setTerritory(c, 'narvik', { happiness: 1 });
  setTerritory(c, 'riga', { happiness: 39 });
  c.turn = 3;
  const rc = runPhases(c, { L1: 'ARM NARVIK 5000 Hawkmoon' }, [5, 14]);
  assert.equal(eventsOf(rc.events, 'levy')[0]!.men, 1000);
  near(eventsOf(rc.events, 'levy')[0]!.hBefore, 1, 1e-12);
  assert.equal(eventsOf(rc.events, 'levy')[0]!.hAfter, 0);
  assert.deepEqual(eventsOf(rc.events, 'revolt').map((e) => e.territory), ['narvik']);
  assert.equal(c.territories.narvik!.owner, null);
});

test('TV-18 range of 3 territories: ARM t0 → K1 on t1, TSF K1 → K2 on t2, ATT K2 → t3', () => {
  const [t0, t1, t2, t3] = ['narvik', 'vadvet-jakko', 'lappland', 'lorhar-jarvi'];
  assert.equal(dist(t0, t1), 1);
  assert.equal(dist(t1, t2), 1);
  assert.equal(dist(t2, t3), 1);
  assert.equal(dist(t0, t2), 2);
  assert.equal(dist(t0, t3), 3);
  const s = duo();
  s.lords.L1!.treasury = 6000;
  addKnight(s, 'L1', { name: 'Gawain', renown: 100, location: t1 });
  addKnight(s, 'L1', { name: 'Bors', renown: 100, location: t2 });
  const { events } = runPhases(s, { L1: 'ARM NARVIK 5000 Gawain\nTSF Gawain Bors 1000\nATT Bors LORHAR-JARVI 0' }, [5, 6, 7]);
  assert.deepEqual(eventsOf(events, 'order-cancelled'), []);
  assert.equal(eventsOf(events, 'levy')[0]!.men, 1000);
  assert.deepEqual(eventsOf(events, 'transfer').map((e) => [e.from, e.to, e.men]), [['K3', 'K4', 1000]]);
  const battle = eventsOf(events, 'battle')[0]!;
  assert.equal(battle.knight, 'K4');
  assert.equal(battle.from, t2);
  assert.equal(battle.territory, t3);
  assert.equal(battle.attackerStart, 1000);
  assert.equal(battle.threshold, 0);
  assert.equal(battle.result, 'conquest');
  assert.equal(s.territories[t3]!.owner, 'L1');
});

test('TV-19 no double transfer: an army that received men this turn cannot transfer out', () => {
  const mk = () => {
    const s = duo();
    addKnight(s, 'L1', { name: 'Gawain', renown: 90, location: 'narvik', men: 500 });
    addKnight(s, 'L1', { name: 'Bors', renown: 80, location: 'narvik', men: 200 });
    addKnight(s, 'L1', { name: 'Kay', renown: 70, location: 'narvik' });
    return s;
  };
  const s = mk();
  const { events } = runPhases(s, { L1: 'TSF Gawain Bors 100\nTSF Bors Kay 50' }, [6]);
  const cancelled = eventsOf(events, 'order-cancelled');
  assert.equal(cancelled.length, 1);
  assert.equal(cancelled[0]!.text, 'TSF Bors Kay 50');
  assert.equal(cancelled[0]!.reason, 'already-received-transfer');
  assert.equal(s.armies[String(s.knights.K4!.army)]!.strength, 300);
  assert.equal(s.knights.K5!.army, null);

  // The flag is reset at the turn's end: next turn Bors may pass men on.
  const t1 = runTurn(mk(), { L1: 'TSF Gawain Bors 100\nTSF Bors Kay 50' });
  assert.equal(t1.state.armies[String(t1.state.knights.K4!.army)]!.receivedTransfer, false);
  const t2 = runTurn(t1.state, { L1: 'TSF Bors Kay 50' });
  assert.deepEqual(eventsOf(t2.events, 'order-cancelled'), []);
  assert.equal(t2.state.armies[String(t2.state.knights.K5!.army)]!.strength, 50);
});

// ───────────────────────────────────────────────────────────── 6.4 retreat thresholds

/**
 * Three battles of phase 7: lord A (L1, at war with B) attacks with three 1 000-men knights
 * (no ATT threshold): B's knight army of 1 000 on Narvik, B's garrison of 600 on Thule, and the
 * 500 peasants of neutral Lofoten.
 */
function thresholdsState(): GPState {
  const s = duo();
  home(s, 'L1', 'vadvet-jakko', 'svartsen');
  home(s, 'L2', 'dolon', 'narvik', 'thule');
  relate(s, 'L1', 'L2', 'war');
  addKnight(s, 'L1', { name: 'Gawain', renown: 100, location: 'vadvet-jakko', men: 1000 });
  addKnight(s, 'L1', { name: 'Bors', renown: 100, location: 'vadvet-jakko', men: 1000 });
  addKnight(s, 'L1', { name: 'Kay', renown: 100, location: 'svartsen', men: 1000 });
  addKnight(s, 'L2', { name: 'Mordred', renown: 100, location: 'narvik', men: 1000 });
  addGarrison(s, 'L2', 'thule', 600);
  setTerritory(s, 'lofoten', { population: 16667 }); // floor(0.03 × 16 667) = 500 peasants
  return s;
}
const ATTACKS = 'ATT Gawain NARVIK\nATT Bors THULE\nATT Kay LOFOTEN';

test('TV-20 default retreat thresholds: knight 1 000 → 800, garrison 600 → 300, peasants 500 → 250', () => {
  const r = runPhases(thresholdsState(), { L1: ATTACKS }, [7]);
  const battles = eventsOf(r.events, 'battle');
  assert.equal(battles.length, 3);
  const byTerritory = Object.fromEntries(battles.map((b) => [b.territory, b]));
  // The attackers (INI knight 80 %, no ATT threshold): 1 000 → 800.
  for (const b of battles) { assert.equal(b.attackerStart, 1000); near(b.threshold, 800, 1e-9); }
  const expect = { narvik: ['knight', 1000, 800], thule: ['garrison', 600, 300], lofoten: ['peasants', 500, 250] } as const;
  for (const [t, [kind, start, thr]] of Object.entries(expect)) {
    const d = byTerritory[t]!.defenders[0]!;
    assert.equal(d.kind, kind, t);
    assert.equal(d.start, start, t);
    near(d.threshold, thr, 1e-9, `${t} threshold`);
    if (d.outcome === 'retreated') assert.ok(d.end < thr, `${t}: retreated at ${d.end}, not below ${thr}`);
  }
  for (const b of battles) if (b.result === 'conquest') assert.ok(b.attackerEnd >= 800, `${b.territory}: the attacker kept fighting below 800`);

  // INI of the owner changes the knight and garrison thresholds, never the peasants'.
  const i = runPhases(thresholdsState(), { L2: 'INI 10 30 60', L1: ATTACKS }, [4, 7]);
  const byT = Object.fromEntries(eventsOf(i.events, 'battle').map((b) => [b.territory, b.defenders[0]!.threshold]));
  near(byT.narvik!, 600, 1e-9);
  near(byT.thule!, 180, 1e-9);
  near(byT.lofoten!, 250, 1e-9);
});

test('TV-21 DEF army#7 700: retreats below 700 this turn; the next turn INI applies again', () => {
  const s = duo();
  home(s, 'L1', 'vadvet-jakko');
  home(s, 'L2', 'dolon', 'narvik');
  relate(s, 'L1', 'L2', 'war');
  addKnight(s, 'L1', { name: 'Gawain', renown: 100, location: 'vadvet-jakko', men: 1000 });
  s.nextArmy = 7;
  addKnight(s, 'L2', { name: 'Mordred', renown: 100, location: 'narvik', men: 1000 });
  assert.equal(s.knights.K4!.army, 7);

  // Turn 1: a probing attack (it breaks off after one pass) on the army under DEF.
  const t1 = runTurn(s, { L2: 'DEF 7 700', L1: 'ATT Gawain NARVIK 990' });
  assert.deepEqual(eventsOf(t1.events, 'special-defence').map((e) => [e.army, e.men]), [[7, 700]]);
  const b1 = eventsOf(t1.events, 'battle')[0]!;
  assert.equal(b1.defenders[0]!.knight, 'K4');
  assert.equal(b1.defenders[0]!.start, 1000);
  assert.equal(b1.defenders[0]!.threshold, 700);
  assert.equal(b1.result, 'repelled');
  const army7 = t1.state.armies['7']!;
  assert.ok(army7.strength >= 700);
  assert.equal(army7.defThreshold, null, 'DEF lasts one turn');

  // Turn 2: no DEF → the INI knight value (80 % of the strength when the battle starts).
  const left = t1.state.armies[String(t1.state.knights.K3!.army)]!.strength;
  const t2 = runTurn(t1.state, { L1: `ATT Gawain NARVIK ${left - 1}` });
  const d2 = eventsOf(t2.events, 'battle')[0]!.defenders[0]!;
  assert.equal(d2.start, army7.strength);
  near(d2.threshold, 0.8 * army7.strength, 1e-9);
});

test('TV-20/21 constants: defaults 50/50/80 [T]', () => {
  assert.deepEqual(DEFAULT_CONFIG.startRetreat, { peasant: 50, garrison: 50, knight: 80 });
  assert.equal(DEFAULT_CONFIG.peasantRetreat, 0.5);
});
