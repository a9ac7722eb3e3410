/**
 * The `ak-battle` mutation area's quick tests (docs/quality.md): what the battle's aftermath and
 * the army pay decide, pinned on the rules' numbers, each bound on both sides: the engagement
 * chance's edges (G-70), the retreat decision and where a group retreats to (G-73), the Whale's
 * sea (G-71), an army's pay (Table 15.8, §11.3) and what an unpaid army does ([P G-10]). Pure, on
 * small hand-built states: a second.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedRng } from '../../src/engine/rng.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import type { AKState, Army, ArmyType } from '../../src/rulesets/adventurer-kings/state.ts';
import { engagementChance, fanaticChance, type BUnit, type Side } from '../../src/rulesets/adventurer-kings/armies/battle.ts';
import { attackerRetreatTarget, attackerStays, catchChance, defenderRetreatTarget, defenderStays, pursue, pursuers, seaNeighbour } from '../../src/rulesets/adventurer-kings/armies/pursuit.ts';
import { unitStrength } from '../../src/rulesets/adventurer-kings/armies/strength.ts';
import { armyUpkeep, unpaidArmy } from '../../src/rulesets/adventurer-kings/armies/upkeep.ts';
import { mpLeft } from '../../src/rulesets/adventurer-kings/armies/movement.ts';
import { neighbours } from '../../src/rulesets/adventurer-kings/world/geometry.ts';
import { army, ctxFor, eventsOf, province, twoKingdoms } from './kingdom-fixture.ts';

const cfg = resolveConfig({}).armies;

function world(): AKState {
  const s = twoKingdoms();
  for (let r = 2; r <= 4; r++) for (let c = 1; c <= 18; c++) s.provinces[100 * r + c] = province(100 * r + c);
  return s;
}

// ---------------------------------------------------------------- G-70

test('G-70 engagement chance: 0.5 + 0.5 log₄(S_A/S_B), clamped to [0, 1]; S_B = 0 < S_A → 1, both 0 → 0.5', () => {
  assert.equal(engagementChance(cfg, 8, 1), 1, 'above 4 : 1, clamped');
  assert.equal(engagementChance(cfg, 1, 8), 0, 'below 1 : 4, clamped');
  assert.equal(engagementChance(cfg, 2, 2), 0.5);
  assert.equal(engagementChance(cfg, 4, 2), 0.75);
  assert.equal(engagementChance(cfg, 0.5, 0), 1, 'B has nothing');
  assert.equal(engagementChance(cfg, 0, 0.5), 0, 'A has nothing');
  assert.equal(engagementChance(cfg, -1, -1), 0.5, 'neither side has anything');
  assert.equal(engagementChance(cfg, 3, -1), 1);
  assert.equal(engagementChance(cfg, -1, 3), 0);
  assert.equal(engagementChance(cfg, 0, -1), 0.5, 'nothing against nothing');
  assert.equal(engagementChance(cfg, -1, 0), 0.5, 'nothing against nothing');
});

test('G-72 the catch chance at its bounds: exactly 5 % and exactly 100 %', () => {
  assert.equal(catchChance(cfg, 1, 2), 0.25);
  assert.equal(catchChance(cfg, 2, 1), 0.75);
  assert.equal(catchChance(cfg, 3, 1), 1);
  assert.equal(catchChance(cfg, 1, 4), 0.05, '0.5 − 0.75 → 5 %');
  assert.equal(catchChance(cfg, 1, 9), 0.05);
});

// ---------------------------------------------------------------- G-73

const plain = { capital: false, tax: 5, noRoute: false, attackerCannotForce: false };

test('G-73 a defeated defender stays when R ≥ T, T = 0.5 × 0.6 (capital) × 0.8 (tax ≥ 7) × 0.5 (no route) × 0.5 (no forced battle)', () => {
  const at = (t: number, o: Partial<typeof plain>, what: string) => {
    assert.equal(defenderStays(cfg, t, { ...plain, ...o }), true, `${what}: stays at R = T = ${t}`);
    assert.equal(defenderStays(cfg, t - 1e-9, { ...plain, ...o }), false, `${what}: retreats just under ${t}`);
  };
  at(0.5, {}, 'no factor');
  at(0.3, { capital: true }, 'capital');
  at(0.4, { tax: 7 }, 'tax 7');
  at(0.4, { tax: 12 }, 'tax 12');
  at(0.5, { tax: 6 }, 'tax 6 is not rich');
  at(0.25, { noRoute: true }, 'no retreat route');
  at(0.25, { attackerCannotForce: true }, 'the attacker cannot force a battle');
  at(0.5 * 0.6 * 0.8 * 0.5 * 0.5, { capital: true, tax: 7, noRoute: true, attackerCannotForce: true }, 'every factor');
  at(0.5 * 0.6 * 0.5, { capital: true, attackerCannotForce: true }, 'capital, no forced battle');
});

test('G-73 a defeated attacker stays only if attacker/defender ≥ 0.8 and every army has at least 1 MP', () => {
  const s = world();
  const a = army(30, 'LE', { province: 205, kingdom: 1, status: 'Led', leader: 1 });
  const b = army(31, 'HC', { province: 205, kingdom: 1, status: 'Led', leader: 1 });
  s.armies[30] = a; s.armies[31] = b;
  const budgetB = mpLeft(s, cfg, b);
  assert.ok(budgetB >= 2, 'the cavalry has MP to spare');
  assert.equal(attackerStays(s, cfg, 0.8, [a, b]), true);
  assert.equal(attackerStays(s, cfg, 0.8 - 1e-9, [a, b]), false, 'ratio just under 0.8');
  assert.equal(attackerStays(s, cfg, 2, [a, b]), true);
  b.mpUsed = budgetB - 1;
  assert.equal(attackerStays(s, cfg, 0.8, [a, b]), true, 'exactly 1 MP left');
  b.mpUsed = budgetB;
  assert.equal(attackerStays(s, cfg, 2, [a, b]), false, 'one army at 0 MP');
  assert.equal(attackerStays(s, cfg, 2, [b, a]), false, 'whatever its place');
});

test('G-73 a defeated defender retreats to the adjacent own or allied province with the highest tax its units can enter', () => {
  const s = world();
  // 205's neighbours: 105, 106, 204, 206, 305, 306.
  assert.deepEqual([...neighbours(205)].sort(), [105, 106, 204, 206, 305, 306]);
  const set = (id: number, owner: number | null, taxBase: number, terrain = 'Plain') => Object.assign(s.provinces[id]!, { owner, taxBase, terrain });
  set(204, 1, 4); set(206, 1, 6); set(305, 2, 9); set(306, null, 9); set(106, 1, 8, 'Sea');
  s.provinces[105]!.owner = 2; // kingdom 2's capital (tax 10), Neutral to kingdom 1
  const armies = [army(30, 'LE', { province: 205, kingdom: 1, status: 'Led', leader: 1 })];
  assert.equal(defenderRetreatTarget(s, cfg, armies, 1, 205), 206, 'own 206 (6) over own 204 (4); not Neutral or unowned land, not the sea');
  s.kingdoms[1]!.relations[2] = 'Allied'; s.kingdoms[2]!.relations[1] = 'Allied';
  assert.equal(defenderRetreatTarget(s, cfg, armies, 1, 205), 105, 'an ally\'s capital (10)');
  s.provinces[105]!.taxBase = 6;
  assert.equal(defenderRetreatTarget(s, cfg, armies, 1, 205), 305, 'the ally\'s 305 (9); on a tie the first found stays');
  s.provinces[305]!.taxBase = 6;
  assert.equal(defenderRetreatTarget(s, cfg, armies, 1, 205), 105, 'three at 6: the first neighbour found');
  assert.equal(defenderRetreatTarget(s, cfg, armies, null, 205), null, 'natives never move (G-101)');
  for (const id of [105, 204, 206, 305]) s.provinces[id]!.owner = null;
  assert.equal(defenderRetreatTarget(s, cfg, armies, 1, 205), null, 'nowhere to go');
});

test('G-73 a defeated attacker retreats to its origin, else to the first adjacent owned province that is not an Enemy\'s', () => {
  const s = world();
  const armies = [army(30, 'LE', { province: 205, kingdom: 1, status: 'Led', leader: 1 })];
  s.kingdoms[1]!.relations[2] = 'Enemy'; // 105, kingdom 2's capital, is the first neighbour of 205
  s.provinces[204]!.owner = 1;
  assert.equal(attackerRetreatTarget(s, cfg, armies, 1, 205, 306), 306, 'its origin, unowned as it may be');
  assert.equal(attackerRetreatTarget(s, cfg, armies, 1, 205, undefined), 204, 'no origin: own land, not the Enemy\'s');
  assert.equal(attackerRetreatTarget(s, cfg, armies, 1, 205, 205), 204, 'the battle\'s own province is no origin');
  s.provinces[306]!.terrain = 'Sea';
  assert.equal(attackerRetreatTarget(s, cfg, armies, 1, 205, 306), 204, 'an origin its units cannot enter');
  s.provinces[204]!.owner = null;
  assert.equal(attackerRetreatTarget(s, cfg, armies, 1, 205, undefined), null, 'only Enemy and unowned land around');
  s.kingdoms[1]!.relations[2] = 'Neutral';
  assert.equal(attackerRetreatTarget(s, cfg, armies, 1, 205, undefined), 105, 'a Neutral kingdom\'s capital');
  s.kingdoms[1]!.relations[2] = 'Enemy';
  s.provinces[206]!.owner = 1; s.provinces[206]!.terrain = 'Sea';
  assert.equal(attackerRetreatTarget(s, cfg, armies, 1, 205, undefined), null, 'own land its units cannot enter');
  s.provinces[206]!.terrain = 'Plain';
  assert.equal(attackerRetreatTarget(s, cfg, armies, 1, 205, undefined), 206);
});

test('G-71 a Whale off sea escapes to an adjacent sea province, not a dried one; none: null', () => {
  const s = world();
  assert.equal(seaNeighbour(s, 205), null);
  s.provinces[306]!.terrain = 'Sea';
  assert.equal(seaNeighbour(s, 205), 306);
  s.provinces[204]!.terrain = 'Sea';
  assert.equal(seaNeighbour(s, 205), 204, 'the first in neighbour order');
  s.provinces[204]!.effects = { dried: true } as never;
  assert.equal(seaNeighbour(s, 205), 306, 'a dried sea is no sea');
});

// ---------------------------------------------------------------- §11.3, [P G-10]

test('Table 15.8 / §11.3 an army\'s pay by its type; mercenaries, natives and armies of no kingdom cost nothing; skeletons pay', () => {
  const s = world();
  assert.equal(armyUpkeep(s, army(30, 'LE')), 2);
  assert.equal(armyUpkeep(s, army(30, 'HC')), 3);
  assert.equal(armyUpkeep(s, army(30, 'GA')), 1);
  assert.equal(armyUpkeep(s, army(30, 'LE', { skeleton: true })), 2);
  assert.equal(armyUpkeep(s, army(30, 'LE', { status: 'Led', leader: 1 })), 2);
  assert.equal(armyUpkeep(s, army(30, 'HC', { status: 'Mercenary' })), 0);
  assert.equal(armyUpkeep(s, army(30, 'HC', { status: 'Native' })), 0);
  assert.equal(armyUpkeep(s, army(30, 'HC', { kingdom: null })), 0);
});

test('[P G-10] an unpaid army: 30 % deserts as a mercenary in place, told to its King', () => {
  const s = world();
  const a = (s.armies[30] = army(30, 'LE', { province: 103, status: 'Led', leader: 1, quality: 3 }));
  const ctx = ctxFor(s, scriptedRng([0.29]));
  assert.equal(unpaidArmy(ctx, a), 'deserted');
  assert.equal(a.kingdom, null);
  assert.equal(a.status, 'Mercenary');
  assert.equal(a.province, 103, 'in place');
  assert.equal(a.quality, 3);
  assert.deepEqual(eventsOf(ctx, 'army-deserted'), [{ t: 'army-deserted', to: [1], at: 103, army: { id: 30, type: 'LE' }, phase: 1 }]);
});

test('[P G-10] an unpaid army that stays: 50 % loses one quality level, told to its King with the new quality', () => {
  const s = world();
  const a = (s.armies[30] = army(30, 'HC', { province: 103, quality: 3 }));
  const ctx = ctxFor(s, scriptedRng([0.3, 0.49]));
  assert.equal(unpaidArmy(ctx, a), 'demoted');
  assert.equal(a.quality, 2);
  assert.equal(a.kingdom, 1);
  assert.deepEqual(eventsOf(ctx, 'army-unpaid'), [{ t: 'army-unpaid', to: [1], at: 103, army: { id: 30, type: 'HC' }, quality: 2, phase: 1 }]);
  assert.equal(eventsOf(ctx, 'army-deserted').length, 0);
  const b = (s.armies[31] = army(31, 'HC', { province: 103, quality: 3 }));
  const ctx2 = ctxFor(s, scriptedRng([0.3, 0.5]));
  assert.equal(unpaidArmy(ctx2, b), 'none', 'the other 50 %');
  assert.equal(b.quality, 3);
  assert.equal(ctx2.events.length, 0);
});

test('[P G-10] a Reduced unpaid army cannot fall further (no second draw); an army of no kingdom draws nothing', () => {
  const s = world();
  const a = (s.armies[30] = army(30, 'LE', { province: 103, quality: 0 }));
  const ctx = ctxFor(s, scriptedRng([0.3]));
  assert.equal(unpaidArmy(ctx, a), 'none');
  assert.equal(a.quality, 0);
  assert.equal(ctx.events.length, 0);
  const m = (s.armies[31] = army(31, 'LE', { province: 103, kingdom: null, status: 'Mercenary' }));
  const ctx2 = ctxFor(s, scriptedRng([]));
  assert.equal(unpaidArmy(ctx2, m), 'none');
  assert.equal(m.status, 'Mercenary');
});

test('[P G-10] / S3.7a an unpaid skeleton army that deserts returns underground, told to its King', () => {
  const s = world();
  const a = (s.armies[30] = army(30, 'LE', { province: 103, skeleton: true, quality: 2 }));
  const ctx = ctxFor(s, scriptedRng([0]));
  assert.equal(unpaidArmy(ctx, a), 'deserted');
  assert.equal(s.armies[30], undefined, 'no mercenary left behind');
  assert.deepEqual(eventsOf(ctx, 'skeleton-unpaid'), [{ t: 'skeleton-unpaid', to: [1], at: 103, army: { id: 30, type: 'LE' }, phase: 1 }]);
  assert.equal(eventsOf(ctx, 'army-deserted').length, 0);
});

test('S2.3 / S5.2.6 fanaticism by the kingdom\'s alignment: Good 40 %, Evil 25 %, Divine 50 %, Undead skeletons 100 %, others none', () => {
  const s = world();
  const chance = (alignment: string | null, over: Partial<Army> = {}) => {
    if (alignment) s.kingdoms[1]!.alignment = alignment as never;
    return fanaticChance(s, cfg, army(30, 'LE', over));
  };
  assert.equal(chance('Good'), 0.4);
  assert.equal(chance('Evil'), 0.25);
  assert.equal(chance('Divine'), 0.5);
  assert.equal(chance('Neutral'), 0);
  assert.equal(chance('Undead', { skeleton: true }), 1);
  assert.equal(chance('Undead'), 0, 'an Undead kingdom\'s living armies');
  assert.equal(chance('Good', { kingdom: null, status: 'Mercenary' }), 0, 'no kingdom');
  assert.equal(chance('Good', { kingdom: 9 }), 0, 'a kingdom gone');
});

// ---------------------------------------------------------------- G-72 pursuit

let nextId = 50;
function bunit(type: ArmyType, side: Side, over: Partial<Army> = {}, input: Record<string, unknown> = {}): BUnit {
  const a = army(nextId++, type, { race: 'Troll', kingdom: side === 'A' ? 1 : 2, province: 110, ...over });
  const inp = { army: a, terrain: 'Plain' as const, defending: side === 'D', ...input };
  return { army: a, side, special: false, sclass: null, weak: false, input: inp, sortKey: unitStrength(cfg, inp), line: 0, col: 0, factor: 1, strength: 0, fate: 'survived' };
}

test('G-72 a caught unit fights one to one at × 1.25 and quality − 1, without nemesis, events or duel; the pursuer without them either', () => {
  const s = twoKingdoms();
  const make = () => {
    const p = bunit('HC', 'A', { quality: 3 }, { defending: true, nemesis: true, events: 2 });
    const t = bunit('LE', 'D', { quality: 3 }, { nemesis: true, events: 1, duelLost: true });
    return { p, t };
  };
  const { p, t } = make();
  // The rule's strengths: the target as a defender (× 1.25) one quality lower; the pursuer as it is.
  const st = unitStrength(cfg, { army: { ...t.army, quality: 2 }, terrain: 'Plain', defending: true });
  const sp = unitStrength(cfg, { army: p.army, terrain: 'Plain', defending: false });
  const hold = engagementChance(cfg, st, sp);
  assert.ok(hold > 0.05 && hold < 0.95, `a fight that can go either way (${hold})`);
  // Heavy Cavalry (speed 3) against a Legion (2): caught at 75 %. Draws: the pick, the catch, the fight.
  const held = pursue(s, cfg, scriptedRng([0, 0.74, hold - 1e-9]), [p], [t], 110);
  assert.deepEqual(held.map((r) => [r.pursuer.id, r.target.id, r.caught, r.destroyed]), [[p.army.id, t.army.id, true, false]]);
  assert.equal(t.fate, 'survived');
  const b = make();
  const lost = pursue(s, cfg, scriptedRng([0, 0.74, hold + 1e-9]), [b.p], [b.t], 110);
  assert.deepEqual(lost.map((r) => [r.caught, r.destroyed]), [[true, true]]);
  assert.equal(b.t.fate, 'destroyed');
  const c = make();
  const missed = pursue(s, cfg, scriptedRng([0, 0.75]), [c.p], [c.t], 110);
  assert.deepEqual(missed.map((r) => [r.caught, r.destroyed]), [[false, false]], 'not caught at 75 %: no fight');
  assert.equal(c.t.fate, 'survived');
});

test('G-72 the target is drawn among the surviving retreating units in army order; destroyed ones are not pursued', () => {
  const s = twoKingdoms();
  const units = [bunit('LE', 'D'), bunit('LE', 'D'), bunit('LE', 'D')];
  units[0]!.fate = 'destroyed';
  const given = [...units].reverse();
  // Pick draw 0 → the first of the two left in id order; 0.99 → the last. The catch missed (0.99).
  assert.equal(pursue(s, cfg, scriptedRng([0, 0.99]), [bunit('HC', 'A')], given, 110)[0]!.target.id, units[1]!.army.id);
  assert.equal(pursue(s, cfg, scriptedRng([0.99, 0.99]), [bunit('HC', 'A')], given, 110)[0]!.target.id, units[2]!.army.id);
  assert.deepEqual(pursue(s, cfg, scriptedRng([]), [bunit('HC', 'A')], [units[0]!], 110), [], 'nobody left: no draw');
  assert.deepEqual(pursue(s, cfg, scriptedRng([]), [], given, 110), [], 'no pursuer');
});

test('G-72 each pursuer in turn: infantry first, then mounted; Light Cavalry (speed 4) twice, Heavy Cavalry (3) once', () => {
  const s = twoKingdoms();
  const winners = [bunit('HC', 'A'), bunit('LE', 'A'), bunit('LE', 'A'), bunit('LE', 'A'), bunit('LE', 'A'), bunit('LC', 'A'), bunit('HC', 'A')];
  const chosen = pursuers(cfg, winners);
  // 25 % of 4 Legions = 1; 75 % of 3 riders = 2.25 → 2, the fastest first: the Light Cavalry, then a Heavy.
  assert.deepEqual(chosen.map((u) => u.army.type), ['LE', 'LC', 'HC']);
  assert.equal(chosen[2]!.army.id, winners[0]!.army.id, 'equal riders: the lower id');
  const t = [bunit('LC', 'D')]; // fast: every attempt misses at 0.99
  const out = pursue(s, cfg, scriptedRng(Array(8).fill(0.99)), winners, t, 110);
  assert.deepEqual(out.map((r) => r.pursuer.type), ['LE', 'LC', 'LC', 'HC']);
  // 2 infantry of 8 (25 %): 2; none mounted.
  assert.deepEqual(pursuers(cfg, Array.from({ length: 8 }, () => bunit('LE', 'A'))).length, 2);
  assert.deepEqual(pursuers(cfg, [bunit('LE', 'A')]).length, 0, '25 % of one Legion rounds to none');
  assert.deepEqual(pursuers(cfg, [bunit('LC', 'A')]).length, 1, '75 % of one rider rounds to one');
});

test('G-72 pursuers of the same speed (the rules are silent): the stronger first, then the lower army number, whatever the order given', () => {
  const lc = bunit('LC', 'A');
  const [a, b] = [bunit('HC', 'A'), bunit('HC', 'A')];
  // 75 % of 3 riders = 2: the Light Cavalry (speed 4), then one of the two equal Heavy Cavalry (3).
  for (const list of [[b, lc, a], [a, lc, b], [lc, b, a]]) {
    assert.deepEqual(pursuers(cfg, list).map((u) => u.army.id), [lc.army.id, a.army.id], 'the lower number');
  }
  const weak = bunit('HC', 'A', { quality: 1 });
  const strong = bunit('HC', 'A', { quality: 4 });
  for (const list of [[weak, lc, strong], [strong, lc, weak], [lc, weak, strong]]) {
    assert.deepEqual(pursuers(cfg, list).map((u) => u.army.id), [lc.army.id, strong.army.id], 'the stronger, though its number is higher');
  }
});

test('G-72 Ents pursue as infantry (25 %), Eagles and Dragons as mounted units (75 %); fleets do not pursue', () => {
  const ents = Array.from({ length: 4 }, () => bunit('EN', 'A', { race: 'Ent' }));
  assert.deepEqual(pursuers(cfg, ents).map((u) => u.army.type), ['EN'], '25 % of 4 Ents');
  const air = [bunit('EA', 'A', { race: 'Eagle' }), bunit('EA', 'A', { race: 'Eagle' }), bunit('DR', 'A', { race: 'Dragon' }), bunit('DR', 'A', { race: 'Dragon' })];
  assert.deepEqual(pursuers(cfg, air).map((u) => u.army.type).sort(), ['DR', 'DR', 'EA'], '75 % of 4 air units, the fastest (speed 5) and stronger first');
  assert.deepEqual(pursuers(cfg, [bunit('FL', 'A'), bunit('FL', 'A')]), [], 'naval units');
});

test('G-72 / Table 15.8 a caught Garrison fights the pursuer as a defender: its defence strength, × 1.25, quality − 1', () => {
  const s = twoKingdoms();
  const make = () => ({ p: bunit('HC', 'A', { quality: 2 }), t: bunit('GA', 'D', { quality: 3 }, { defending: false }) });
  const { p, t } = make();
  const st = unitStrength(cfg, { army: { ...t.army, quality: 2 }, terrain: 'Plain', defending: true });
  assert.ok(st > unitStrength(cfg, { army: { ...t.army, quality: 2 }, terrain: 'Plain', defending: false, retreating: false }) * 1.25, 'the garrison\'s defence counts');
  const hold = engagementChance(cfg, st, unitStrength(cfg, { army: p.army, terrain: 'Plain', defending: false }));
  assert.ok(hold > 0.05 && hold < 0.95, `a fight that can go either way (${hold})`);
  // Heavy Cavalry (3, one attempt) against a Garrison (1): caught for certain. Draws: the pick, the catch, the fight.
  assert.deepEqual(pursue(s, cfg, scriptedRng([0, 0.5, hold - 1e-9]), [p], [t], 110).map((r) => [r.caught, r.destroyed]), [[true, false]]);
  const b = make();
  assert.deepEqual(pursue(s, cfg, scriptedRng([0, 0.5, hold + 1e-9]), [b.p], [b.t], 110).map((r) => [r.caught, r.destroyed]), [[true, true]]);
});

test('G-73 retreats look only at provinces of the world: a neighbour the state does not hold is no way out', () => {
  // twoKingdoms holds row 1 only: 104's neighbours on row 2 are not provinces of this world.
  const s = twoKingdoms();
  const armies = [army(30, 'LE', { province: 104, kingdom: 1, status: 'Led', leader: 1 })];
  assert.equal(defenderRetreatTarget(s, cfg, armies, 1, 104), 103, 'its own capital next door');
  assert.equal(attackerRetreatTarget(s, cfg, armies, 1, 104, undefined), 103);
  s.provinces[103]!.owner = null;
  assert.equal(defenderRetreatTarget(s, cfg, armies, 1, 104), null);
  assert.equal(attackerRetreatTarget(s, cfg, armies, 1, 104, undefined), 105, 'kingdom 2\'s capital, Neutral');
  s.kingdoms[1]!.relations[2] = 'Enemy';
  assert.equal(attackerRetreatTarget(s, cfg, armies, 1, 104, undefined), null, 'an Enemy\'s capital, then nothing');
  s.kingdoms[1]!.relations[2] = 'Neutral';
  assert.equal(seaNeighbour(s, 104), null, 'no sea, and no province off the world');
  s.provinces[103]!.terrain = 'Sea';
  assert.equal(seaNeighbour(s, 104), 103);
});

test('G-73 a retreat costs no MP: an army that has spent all its MP still retreats, to its origin or the best province', () => {
  const s = world();
  const armies = [army(30, 'LE', { province: 205, kingdom: 1, status: 'Led', leader: 1 })];
  armies[0]!.mpUsed = mpLeft(s, cfg, armies[0]!) + 5;
  assert.equal(mpLeft(s, cfg, armies[0]!), 0);
  s.provinces[204]!.owner = 1; s.provinces[206]!.owner = 1; s.provinces[206]!.taxBase = 9;
  s.kingdoms[1]!.relations[2] = 'Enemy';
  assert.equal(defenderRetreatTarget(s, cfg, armies, 1, 205), 206);
  assert.equal(attackerRetreatTarget(s, cfg, armies, 1, 205, 306), 306, 'its origin');
  assert.equal(attackerRetreatTarget(s, cfg, armies, 1, 205, undefined), 204, 'the first own province');
});
