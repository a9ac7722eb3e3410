/**
 * The battle line and its engagements (rules S5.3.4–S5.3.5, §9.3, Table 15.9; G-69, G-70, G-71,
 * G-86), each row in a case of its own through `fight`: the line length per terrain, the second
 * and third lines at 50 % and 25 %, outflanking at 100 %, specials as line units when a side has
 * nothing else, the battle winner and its tie-breaks, fleets and Whales in land battles, Were
 * bites, and the Druid monster's column.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng, scriptedRng } from '../../src/engine/rng.ts';
import type { AKState, Army, Terrain } from '../../src/rulesets/adventurer-kings/state.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import { army, twoKingdoms } from './kingdom-fixture.ts';
import { fight, type BattleSetup } from '../../src/rulesets/adventurer-kings/armies/battle.ts';
import { unitStrength } from '../../src/rulesets/adventurer-kings/armies/strength.ts';

const cfg = resolveConfig({}).armies;
/** The battlefield: 110, unowned (nobody's home province). */
const P = 110;

/** Kingdoms 1 and 2 at war, Neutral alignment (no fanaticism draw), King 1 Druid 4 (no shortfall). */
function world(terrain: Terrain = 'Plain'): AKState {
  const s = twoKingdoms('Neutral', 'Neutral');
  s.kingdoms[1]!.relations[2] = 'Enemy'; s.kingdoms[2]!.relations[1] = 'Enemy';
  s.characters[1]!.talent.Dr = 4; s.characters[2]!.talent.Dr = 4;
  s.provinces[P]!.terrain = terrain;
  return s;
}
let nextId = 30;
function put(s: AKState, kingdom: number, type: Army['type'], over: Partial<Army> = {}): Army {
  const a = army(nextId++, type, { kingdom, province: P, status: kingdom === 1 ? 'Led' : 'Garrison', ...over });
  s.armies[a.id] = a;
  return a;
}
const many = (s: AKState, kingdom: number, n: number, type: Army['type'] = 'LE', over: Partial<Army> = {}) => Array.from({ length: n }, () => put(s, kingdom, type, over));
/** The first seed whose battle satisfies `want`. */
function seedWhere(s: AKState, setup: BattleSetup, want: (o: ReturnType<typeof fight>) => boolean) {
  for (let i = 0; i < 500; i++) {
    const out = fight(s, cfg, createRng(`line-${i}`, 'test'), setup);
    if (want(out)) return out;
  }
  throw new Error('no seed found');
}

test('Table 15.9 / G-69 line length: a uniform integer in the terrain\'s range (Plain, Desert, Sea 5–10; Jungle, Forest 3–6; Mountain 1–3)', () => {
  const ranges: Record<Terrain, [number, number]> = { Plain: [5, 10], Desert: [5, 10], Sea: [5, 10], Jungle: [3, 6], Forest: [3, 6], Mountain: [1, 3] };
  for (const [terrain, [lo, hi]] of Object.entries(ranges) as [Terrain, [number, number]][]) {
    const s = world(terrain);
    const setup = { province: P, attackers: many(s, 1, 12), defenders: many(s, 2, 12) };
    const seen = new Set<number>();
    for (let i = 0; i < 120; i++) {
      const out = fight(s, cfg, createRng(`len-${terrain}-${i}`, 'test'), setup);
      seen.add(out.lineTerrain);
      assert.equal(out.line, out.lineTerrain, 'with 12 units a side, the terrain sets the line');
    }
    assert.deepEqual([...seen].sort((a, b) => a - b), Array.from({ length: hi - lo + 1 }, (_, i) => lo + i), terrain);
  }
});

test('G-69 the line is also limited by the smaller force, and is at least 1 long', () => {
  const s = world('Plain');
  const out = fight(s, cfg, createRng('small', 'test'), { province: P, attackers: many(s, 1, 7), defenders: many(s, 2, 2) });
  assert.equal(out.line, 2);
  const att = many(s, 1, 3);
  const one = fight(s, cfg, createRng('small', 'test'), { province: P, attackers: att, defenders: [put(s, 2, 'LE')] });
  assert.equal(one.line, 1);
  assert.equal(new Set(one.units.map((u) => u.col)).size, 1, 'one column');
});

test('§9.3 the second line counts 50 %, the third 25 %', () => {
  const s = world('Mountain');
  // Three against three, best first: with a line of 1, each side stands in three lines, no outflanking (equal sides).
  const att = [put(s, 1, 'LE', { quality: 3 }), put(s, 1, 'LE', { quality: 2 }), put(s, 1, 'LE', { quality: 1 })];
  const def = [put(s, 2, 'LE', { quality: 3 }), put(s, 2, 'LE', { quality: 2 }), put(s, 2, 'LE', { quality: 1 })];
  const out = seedWhere(s, { province: P, attackers: att, defenders: def }, (o) => o.lineTerrain === 1 && !o.battleEvent && !o.columns[0]!.event);
  for (const u of out.units) {
    assert.equal(u.line, 3 - u.army.quality, `the quality-${u.army.quality} unit's line (best in front)`);
    assert.equal(u.factor, [1, 0.5, 0.25][u.line], `line ${u.line}`);
    assert.equal(u.strength, unitStrength(cfg, u.input) * u.factor);
  }
  const sa = out.units.filter((u) => u.side === 'A').reduce((x, u) => x + u.strength, 0);
  assert.equal(out.columns[0]!.sa, sa, 'the column adds up its units\' contributions');
});

test('G-69 outflanking: the larger side\'s second line, up to L_terrain − L units, counts 100 %', () => {
  const s = world('Forest');
  const att = many(s, 1, 5);
  const def = many(s, 2, 2);
  // Forest, L_terrain 3: L = 2; the attacker's second line has 2 units, 3 − 2 = 1 may outflank.
  const out3 = seedWhere(s, { province: P, attackers: att, defenders: def }, (o) => o.lineTerrain === 3);
  const second = (o: typeof out3) => o.units.filter((u) => u.side === 'A' && u.line === 1);
  assert.equal(out3.line, 2);
  assert.deepEqual(second(out3).map((u) => [!!u.outflank, u.factor]), [[true, 1], [false, 0.5]]);
  assert.deepEqual(out3.units.filter((u) => u.side === 'A' && u.line === 2).map((u) => [!!u.outflank, u.factor]), [[false, 0.25]], 'the third line never outflanks');
  // L_terrain 5 or more: room for the whole second line.
  const out5 = seedWhere(s, { province: P, attackers: att, defenders: def }, (o) => o.lineTerrain >= 5);
  assert.deepEqual(second(out5).map((u) => [!!u.outflank, u.factor]), [[true, 1], [true, 1]]);
  // The smaller side never outflanks; equal sides neither.
  assert.ok(out5.units.every((u) => u.side === 'A' || !u.outflank));
  const even = fight(s, cfg, createRng('even', 'test'), { province: P, attackers: many(s, 1, 4), defenders: many(s, 2, 4) });
  assert.ok(even.units.every((u) => !u.outflank));
});

test('G-69 a side with only non-humanoid units fights with them as its line units', () => {
  const s = world('Plain');
  const eagles = many(s, 1, 2, 'EA', { race: 'Eagle' });
  const out = fight(s, cfg, createRng('eagles', 'test'), { province: P, attackers: eagles, defenders: many(s, 2, 2) });
  for (const u of out.units.filter((x) => x.side === 'A')) {
    assert.equal(u.special, false);
    assert.equal(u.line, 0);
    assert.equal(u.target, undefined, 'line units attack no one from above');
  }
});

/**
 * Two against two on Plain with scripted draws: the line (5, so L = 2), no battle event, no column
 * event, the two column winners (`a0`, `a1`: < p means the attacker), then no casualty.
 */
function scripted(a0: number, a1: number) {
  return scriptedRng([0, 0.99, 0.99, 0.99, a0, a1, 0.99, 0.99, 0.99, 0.99]);
}

test('G-70 the battle winner is the side that won more columns', () => {
  const s = world('Plain');
  const setup = { province: P, attackers: many(s, 1, 2), defenders: many(s, 2, 2) };
  assert.equal(fight(s, cfg, scripted(0, 0), setup).winner, 'A');
  assert.equal(fight(s, cfg, scripted(0.999, 0.999), setup).winner, 'D');
});

test('G-70 columns tied: the larger total strength wins, then the defender', () => {
  const s = world('Plain');
  // Human Legions: attacking Veteran 4 × 3 = 12 each; defending Average 4 × 2 × 1.25 = 10 each.
  const strong = { province: P, attackers: many(s, 1, 2, 'LE', { quality: 3 }), defenders: many(s, 2, 2) };
  const o1 = fight(s, cfg, scripted(0, 0.999), strong);
  assert.deepEqual(o1.columns.map((c) => c.winner), ['A', 'D']);
  assert.deepEqual(o1.total, { A: 24, D: 20 });
  assert.equal(o1.winner, 'A', 'the larger total');
  // Average attackers with the exploration advantage: 4 × 2 × 1.25 = 10, as much as the defenders.
  const even = { province: P, attackers: many(s, 1, 2), defenders: many(s, 2, 2), exploration: 'A' as const };
  const o2 = fight(s, cfg, scripted(0, 0.999), even);
  assert.deepEqual(o2.total, { A: 20, D: 20 });
  assert.equal(o2.winner, 'D', 'equal totals: the defender');
  // Weaker attackers winning one column of two: still the defender (larger total).
  const weak = { province: P, attackers: many(s, 1, 2, 'LE', { quality: 1 }), defenders: many(s, 2, 2) };
  assert.equal(fight(s, cfg, scripted(0, 0.999), weak).winner, 'D');
});

/** One against one, scripted: line, no events, the column (`col`), then each unit's casualty draw (attacker first). */
function duelDraws(col: number, casualties: number[]) {
  return scriptedRng([0, 0.99, 0.99, col, ...casualties]);
}

test('G-71 a fleet destroyed in a land province is set to Reduced instead; at sea it is destroyed', () => {
  const s = world('Plain');
  const fl = put(s, 1, 'FL', { quality: 3 });
  const le = put(s, 2, 'LE');
  const land = fight(s, cfg, duelDraws(0.999, [0, 0]), { province: P, attackers: [fl], defenders: [le] });
  assert.equal(land.units.find((u) => u.army.id === fl.id)!.fate, 'reduced');
  assert.equal(land.units.find((u) => u.army.id === le.id)!.fate, 'destroyed');
  s.provinces[P]!.terrain = 'Sea';
  const sea = fight(s, cfg, duelDraws(0.999, [0, 0]), { province: P, attackers: [fl], defenders: [le] });
  assert.equal(sea.units.find((u) => u.army.id === fl.id)!.fate, 'destroyed');
});

test('G-71 / Table 15.8 a Whale off sea is never destroyed: it escapes to the sea; at sea it can be destroyed', () => {
  const s = world('Plain');
  const wh = put(s, 1, 'WH', { race: 'Whale', quality: 3 });
  const le = put(s, 2, 'LE');
  const land = fight(s, cfg, duelDraws(0.999, [0, 0]), { province: P, attackers: [wh], defenders: [le] });
  const w = land.units.find((u) => u.army.id === wh.id)!;
  assert.equal(w.strength, 0, 'strength 0 off sea');
  assert.equal(w.fate, 'survived');
  assert.equal(w.whaleEscape, true);
  s.provinces[P]!.terrain = 'Sea';
  const sea = fight(s, cfg, duelDraws(0.999, [0, 0]), { province: P, attackers: [wh], defenders: [le] });
  assert.equal(sea.units.find((u) => u.army.id === wh.id)!.fate, 'destroyed');
  assert.ok(!sea.units.find((u) => u.army.id === wh.id)!.whaleEscape);
});

test('G-71 casualty chances: a loser min(0.9, 0.25 × r), a winner min(0.25, 0.1 / r)', () => {
  const s = world('Plain');
  // Attacker: Human Legion, Veteran, 12; defender Average, 10: r = 1.2 either way round.
  const a = put(s, 1, 'LE', { quality: 3 });
  const d = put(s, 2, 'LE');
  const fate = (col: number, drawA: number, drawD: number) => {
    const out = fight(s, cfg, duelDraws(col, [drawA, drawD]), { province: P, attackers: [a], defenders: [d] });
    return [out.units.find((u) => u.army.id === a.id)!.fate, out.units.find((u) => u.army.id === d.id)!.fate];
  };
  // The attacker wins the column: it is destroyed below 0.1 / 1.2 ≈ 0.0833; the defender below 0.25 × 1.2 = 0.3.
  assert.deepEqual(fate(0, 0.08, 0.29), ['destroyed', 'destroyed']);
  assert.deepEqual(fate(0, 0.09, 0.31), ['survived', 'survived']);
  // The defender wins: r = 10 / 12; the attacker (loser) below 0.25 × 0.833 ≈ 0.2083, the defender below min(0.25, 0.12).
  assert.deepEqual(fate(0.999, 0.2, 0.11), ['destroyed', 'destroyed']);
  assert.deepEqual(fate(0.999, 0.21, 0.13), ['survived', 'survived']);
});

test('G-71 Were bites: surviving humanoid losers of a column with an enemy Were are bitten; fleets and winners are not', () => {
  const s = world('Plain');
  const we = put(s, 1, 'WE', { race: 'Were', quality: 5 });
  const le = put(s, 2, 'LE');
  const out = fight(s, cfg, duelDraws(0, [0.99, 0.99]), { province: P, attackers: [we], defenders: [le] });
  assert.equal(out.columns[0]!.winner, 'A');
  assert.equal(out.units.find((u) => u.army.id === le.id)!.bitten, true);
  assert.ok(!out.units.find((u) => u.army.id === we.id)!.bitten);
  const fl = put(s, 2, 'FL');
  const fleet = fight(s, cfg, duelDraws(0, [0.99, 0.99]), { province: P, attackers: [we], defenders: [fl] });
  assert.ok(!fleet.units.find((u) => u.army.id === fl.id)!.bitten, 'fleets are never bitten (Table 15.8)');
  const won = fight(s, cfg, duelDraws(0.999, [0.99, 0.99]), { province: P, attackers: [we], defenders: [le] });
  assert.ok(!won.units.find((u) => u.army.id === le.id)!.bitten, 'a column winner is not bitten');
});

test('G-86 the Druid monster joins its side\'s weakest column and adds its strength there', () => {
  const s = world('Plain');
  const att = [put(s, 1, 'LE', { quality: 5 }), put(s, 1, 'LE', { quality: 3 }), put(s, 1, 'LE', { quality: 4 })];
  const def = many(s, 2, 3);
  const base = fight(s, cfg, createRng('monster', 'test'), { province: P, attackers: att, defenders: def });
  const out = fight(s, cfg, createRng('monster', 'test'), { province: P, attackers: att, defenders: def, monster: { side: 'A', name: 'Wyvern', strength: 50 } });
  const weakest = base.columns.reduce((m, c) => (c.sa < base.columns[m]!.sa ? c.col : m), 0);
  assert.equal(out.monsterCol, weakest);
  assert.equal(out.columns[weakest]!.monster, true);
  assert.equal(out.columns[weakest]!.sa, base.columns[weakest]!.sa + 50);
  for (const c of out.columns) if (c.col !== weakest) assert.equal(c.sa, base.columns[c.col]!.sa);
});
