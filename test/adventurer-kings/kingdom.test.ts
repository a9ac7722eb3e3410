/**
 * The kingdom domain: training (TV-16, TV-17), gifts (TV-22, TV-23), hiring (TV-24), payment
 * order (TV-29), treaties (TV-41), the Emperor threshold (TV-42), elections (TV-43), VP
 * reduction (TV-44), merit (TV-45), succession (TV-21), and properties (treasury never
 * negative, relations symmetric).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import { FI } from '../../src/rulesets/adventurer-kings/orders/fi.ts';
import { GI } from '../../src/rulesets/adventurer-kings/orders/gi.ts';
import { HI } from '../../src/rulesets/adventurer-kings/orders/hi.ts';
import { PR } from '../../src/rulesets/adventurer-kings/orders/pr.ts';
import { applyEarlyBreaks, druidPrescan, resolvePair, resolveTreaties, scienceExchange } from '../../src/rulesets/adventurer-kings/kingdom/diplomacy.ts';
import { collectIncome, payExpenses, payInOrder } from '../../src/rulesets/adventurer-kings/kingdom/economy.ts';
import { giftLimit } from '../../src/rulesets/adventurer-kings/kingdom/gifts.ts';
import { heroWage, wageFormula } from '../../src/rulesets/adventurer-kings/kingdom/heroes.ts';
import { addMerit, applyDeathLoss, merit, standings } from '../../src/rulesets/adventurer-kings/kingdom/offices.ts';
import { discoveryChance } from '../../src/rulesets/adventurer-kings/kingdom/sage.ts';
import { assignHeir, ensureSuccession, heirCanResurrect } from '../../src/rulesets/adventurer-kings/kingdom/succession.ts';
import { aptitudeGrowthChance, gainChance, modeBasePct, trainingMode } from '../../src/rulesets/adventurer-kings/kingdom/training.ts';
import { adjustedVp, exceeds, finalScores, holdElection, thresholdPct, victoryCheck, vpMultiplierPct } from '../../src/rulesets/adventurer-kings/kingdom/victory.ts';
import type { AKState, Alignment, Relation } from '../../src/rulesets/adventurer-kings/state.ts';
import type { AKSheet } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import { army, character, ctxFor, emptySheet, eventsOf, levels, order, province, seeded, slot, twoKingdoms } from './kingdom-fixture.ts';

const cfg = resolveConfig({}).kingdom;

// ─────────────────────────────────────────────────────────────────────────────── training

describe('TV-16 Training', () => {
  test('TV-16 formulas: alone 2.5 %, teacher 50 %, peers 10 %, talent 0 → 2.5 %, aptitude growth 10 % / 0 %', () => {
    const t = cfg.training;
    assert.equal(gainChance(t, modeBasePct(t, trainingMode(1, [1])), 1, 1), 2.5);
    assert.equal(aptitudeGrowthChance(t, 1), 10);
    assert.equal(gainChance(t, modeBasePct(t, trainingMode(1, [1, 3])), 1, 1), 50);
    assert.equal(gainChance(t, modeBasePct(t, trainingMode(1, [1, 1])), 1, 3), 10);
    assert.equal(gainChance(t, modeBasePct(t, trainingMode(0, [0])), 0, 0), 2.5);
    assert.equal(aptitudeGrowthChance(t, 0), 0);
    // Tied at the top of an unequal group: no gain (G-45).
    assert.equal(trainingMode(3, [3, 3, 1]), 'teaching');
  });

  test('TV-16 PR alone: 2.5 % to reach 2, then 10 % for aptitude (draws 0.024 and 0.09)', () => {
    const s = twoKingdoms();
    const c = s.characters[1]!;
    c.talent.Me = 1; c.aptitude.Me = 1;
    const ctx = ctxFor(s, [0.024, 0.09]);
    PR.execute(ctx, c, 'Me', slot('PR', 'Me'));
    assert.equal(c.talent.Me, 2);
    assert.equal(c.aptitude.Me, 2);
    const s2 = twoKingdoms();
    const c2 = s2.characters[1]!;
    c2.talent.Me = 1; c2.aptitude.Me = 1;
    PR.execute(ctxFor(s2, [0.025]), c2, 'Me', slot('PR', 'Me'));
    assert.equal(c2.talent.Me, 1, '0.025 is not below 2.5 %');
  });

  test('TV-16 PR with a teacher of talent 3: 50 %; the teacher gains nothing', () => {
    const s = twoKingdoms();
    const student = s.characters[1]!;
    student.talent.Me = 1; student.aptitude.Me = 1;
    const teacher = (s.characters[10] = character(10, { talent: levels({ Me: 3 }), aptitude: levels({ Me: 3 }), province: student.province }));
    const sheets: Record<number, AKSheet> = {};
    order(sheets, 1, 1, 1, slot('PR', 'Me'));
    order(sheets, 1, 10, 1, slot('PR', 'Me'));
    const ctx = ctxFor(s, [0.49, 0.99], sheets);
    PR.execute(ctx, teacher, 'Me', slot('PR', 'Me'));
    PR.execute(ctx, student, 'Me', slot('PR', 'Me'));
    assert.equal(teacher.talent.Me, 3);
    assert.equal(student.talent.Me, 2);
    assert.equal(eventsOf(ctx, 'training')[0]!.mode, 'teaching');
  });

  test('TV-16 two peers at talent 1 (aptitude 3): 10 % each, from the talents before the phase', () => {
    const s = twoKingdoms();
    const a = s.characters[1]!;
    const b = (s.characters[10] = character(10, { province: a.province }));
    for (const c of [a, b]) { c.talent.Ta = 1; c.aptitude.Ta = 3; }
    const sheets: Record<number, AKSheet> = {};
    order(sheets, 1, 1, 2, slot('PR', 'Ta'));
    order(sheets, 1, 10, 2, slot('PR', 'Ta'));
    const ctx = ctxFor(s, [0.09, 0.11], sheets, 2);
    PR.execute(ctx, a, 'Ta', slot('PR', 'Ta'));
    PR.execute(ctx, b, 'Ta', slot('PR', 'Ta'));
    assert.equal(a.talent.Ta, 2, 'first peer: 0.09 < 10 %');
    assert.equal(b.talent.Ta, 1, 'second peer still rolls at 10 % (0.11), not as a pupil of the first');
  });

  test('TV-16 a Divine kingdom’s character who started with 0 Sage cannot improve it (no draw at all)', () => {
    const s = twoKingdoms('Divine');
    const c = s.characters[1]!;
    c.startedAtZero = ['Sa'];
    const ctx = ctxFor(s, []);
    PR.execute(ctx, c, 'Sa', slot('PR', 'Sa'));
    assert.equal(c.talent.Sa, 0);
    assert.equal(eventsOf(ctx, 'training')[0]!.blocked, true);
  });

  test('An Heir’s training gains count toward heir.gained (TV-21)', () => {
    const s = twoKingdoms();
    const c = s.characters[1]!;
    c.heir = { gained: 3, assigned: false, ofKing: 99 };
    PR.execute(ctxFor(s, [0.01, 0.99]), c, 'Me', slot('PR', 'Me'));
    assert.equal(c.heir.gained, 4);
  });

  test('PR parses codes case-insensitively and refuses anything else', () => {
    const s = twoKingdoms();
    const env = { s, char: s.characters[1]!, phase: 1 };
    assert.deepEqual(PR.parse(['SA'], env), { value: 'Sa' });
    assert.ok('error' in PR.parse(['XX'], env));
    assert.ok('error' in PR.parse([], env));
  });

  test('PR Ta trains the leader’s land armies: Reduced → Green always; Green → Average needs an Average army present (25 %)', () => {
    const s = twoKingdoms();
    const k = s.characters[1]!;
    s.armies[20] = army(20, 'LE', { status: 'Led', leader: 1, quality: 0, province: k.province });
    s.armies[21] = army(21, 'LE', { status: 'Led', leader: 1, quality: 1, province: k.province });
    s.armies[22] = army(22, 'FL', { status: 'Led', leader: 1, quality: 1, province: k.province });
    // Training roll (alone, Ta 0 → 2.5 %: 0.99 fails); no draw for 21 (no Average inspirer); 20 rises for sure.
    PR.execute(ctxFor(s, [0.99]), k, 'Ta', slot('PR', 'Ta'));
    assert.equal(s.armies[20]!.quality, 1);
    assert.equal(s.armies[21]!.quality, 1);
    assert.equal(s.armies[22]!.quality, 1, 'a fleet is trained by PR Na, not Ta');
    s.armies[23] = army(23, 'BO', { status: 'Led', leader: 1, quality: 2, province: k.province });
    const s2 = structuredClone(s);
    // Now an Average army inspires 20 and 21 (both Green): 0.24 < 25 % and 0.26 ≥ 25 %; 23 needs a Veteran.
    PR.execute(ctxFor(s2, [0.99, 0.24, 0.26]), s2.characters[1]!, 'Ta', slot('PR', 'Ta'));
    assert.equal(s2.armies[20]!.quality, 2);
    assert.equal(s2.armies[21]!.quality, 1);
  });
});

describe('TV-17 Sage discovery', () => {
  test('TV-17 Sa 4 → 20 % a phase; over 5 phases the expected number is 1.0', () => {
    const s = twoKingdoms();
    const c = s.characters[1]!;
    c.talent.Sa = 4;
    const ctx = ctxFor(s, []);
    assert.equal(discoveryChance(ctx, c), 20);
    assert.equal(5 * discoveryChance(ctx, c) / 100, 1);
  });

  test('TV-17 PR Sa: a draw below 20 % discovers an invention, +2 Chancellor merit when first in the world', () => {
    const s = twoKingdoms();
    const c = s.characters[1]!;
    c.talent.Sa = 4; c.aptitude.Sa = 4;
    const ctx = ctxFor(s, [0.19, 0, 0.99]);
    PR.execute(ctx, c, 'Sa', slot('PR', 'Sa'));
    assert.deepEqual(s.kingdoms[1]!.inventions, ['CROSSBOW']);
    assert.equal(c.merit.Chancellor, 2);
    assert.equal(eventsOf(ctx, 'discovery')[0]!.first, true);
    // Kingdom 2 discovers the same invention later: no first-discovery merit.
    const c2 = s.characters[2]!;
    c2.talent.Sa = 4; c2.aptitude.Sa = 4;
    PR.execute(ctxFor(s, [0.19, 0, 0.99]), c2, 'Sa', slot('PR', 'Sa'));
    assert.deepEqual(s.kingdoms[2]!.inventions, ['CROSSBOW']);
    assert.equal(c2.merit.Chancellor, undefined);
  });

  test('TV-17 simulated: a level-4 Sage training all year averages one discovery per year', () => {
    const rng = seeded('tv17');
    let found = 0;
    const years = 4000;
    for (let y = 0; y < years; y++) for (let p = 0; p < 5; p++) if (rng.chance(discoveryChance(ctxFor(twoKingdoms()), { ...character(1), talent: levels({ Sa: 4 }) }) / 100)) found++;
    assert.ok(Math.abs(found / years - 1) < 0.05, `mean ${found / years}`);
  });
});

// ─────────────────────────────────────────────────────────────────────────────── gifts

describe('TV-22 / TV-23 Gifts', () => {
  test('TV-22 limits: 150 → 15, 60 → 10, 6 → 6, 250 → 25; never above the current treasury (review B2)', () => {
    assert.equal(giftLimit(cfg.gifts, 150, 150), 15);
    assert.equal(giftLimit(cfg.gifts, 60, 60), 10);
    assert.equal(giftLimit(cfg.gifts, 6, 6), 6);
    assert.equal(giftLimit(cfg.gifts, 250, 250), 25);
    assert.equal(giftLimit(cfg.gifts, 150, 5), 5);
  });

  function giftState(start: number): AKState {
    const s = twoKingdoms();
    s.kingdoms[1]!.treasury = start;
    s.kingdoms[1]!.treasuryAtTurnStart = start;
    s.characters[25] = character(25, { kingdom: 2, province: s.characters[1]!.province });
    return s;
  }

  test('TV-22 the limit is cumulative over the turn', () => {
    const s = giftState(150);
    const king = s.characters[1]!;
    const ctx = ctxFor(s);
    GI.execute(ctx, king, { n: 10, to: 25 }, slot('GI', { n: 10, to: 25 }));
    GI.execute(ctx, king, { n: 6, to: 25 }, slot('GI', { n: 6, to: 25 }));
    GI.execute(ctx, king, { n: 5, to: 25 }, slot('GI', { n: 5, to: 25 }));
    assert.equal(s.kingdoms[1]!.treasury, 135);
    assert.equal(s.kingdoms[2]!.treasury, 25);
    assert.equal(eventsOf(ctx, 'order-failed').length, 1);
  });

  test('TV-23 GI 31 à 25 gives item 31 when the King holds it; GI 30 à 25 gives 30 écus within the limit', () => {
    const s = giftState(300);
    const king = s.characters[1]!;
    king.items = [31];
    s.items[31] = { id: 31, kind: 'wand', name: 'Fireball Wand', category: 'SpellItem', holder: 1 };
    const env = { s, char: king, phase: 1 };
    const v31 = (GI.parse(['31', 'à', '25'], env) as { value: { n: number; to: number } }).value;
    const v30 = (GI.parse(['30', 'to', '25'], env) as { value: { n: number; to: number } }).value;
    assert.deepEqual(v31, { n: 31, to: 25 });
    const ctx = ctxFor(s);
    GI.execute(ctx, king, v31, slot('GI', v31));
    assert.deepEqual(s.characters[25]!.items, [31]);
    assert.equal(s.items[31]!.holder, 25);
    assert.equal(s.kingdoms[1]!.treasury, 300, 'an item, not gold');
    GI.execute(ctx, king, v30, slot('GI', v30));
    assert.equal(s.kingdoms[1]!.treasury, 270);
    assert.equal(s.kingdoms[2]!.treasury, 40);
    // With a start treasury of 150 the limit is 15: 30 écus fail.
    const s2 = giftState(150);
    const ctx2 = ctxFor(s2);
    GI.execute(ctx2, s2.characters[1]!, v30, slot('GI', v30));
    assert.equal(s2.kingdoms[1]!.treasury, 150);
    assert.equal(eventsOf(ctx2, 'order-failed').length, 1);
  });

  test('GI conditional exchange: both items change hands when the second matching order resolves', () => {
    const s = giftState(10);
    const a = s.characters[1]!;
    const b = s.characters[25]!;
    a.items = [31]; b.items = [40];
    s.items[31] = { id: 31, kind: 'x', name: 'Wand', category: 'Other', holder: 1 };
    s.items[40] = { id: 40, kind: 'y', name: 'Ring', category: 'Other', holder: 25 };
    const sheets: Record<number, AKSheet> = {};
    order(sheets, 1, 1, 1, slot('GI', { n: 31, to: 25, against: 40 }));
    order(sheets, 2, 25, 1, slot('GI', { n: 40, to: 1, against: 31 }));
    const ctx = ctxFor(s, [], sheets);
    GI.execute(ctx, a, { n: 31, to: 25, against: 40 }, slot('GI', { n: 31, to: 25, against: 40 }));
    assert.deepEqual(a.items, [31], 'nothing moves before the counterpart acts');
    GI.execute(ctx, b, { n: 40, to: 1, against: 31 }, slot('GI', { n: 40, to: 1, against: 31 }));
    assert.deepEqual(a.items, [40]);
    assert.deepEqual(b.items, [31]);
  });

  test('Only a King gives gold; a Hero without the item fails', () => {
    const s = giftState(100);
    const hero = (s.characters[10] = character(10, { province: s.characters[1]!.province }));
    const ctx = ctxFor(s);
    GI.execute(ctx, hero, { n: 5, to: 25 }, slot('GI', { n: 5, to: 25 }));
    assert.equal(s.kingdoms[1]!.treasury, 100);
    assert.equal(eventsOf(ctx, 'order-failed').length, 1);
  });
});

// ─────────────────────────────────────────────────────────────────────────────── hiring

describe('TV-24 Hiring', () => {
  function hireState(heroAlign: Alignment, kingAlign: Alignment = 'Good'): AKState {
    const s = twoKingdoms(kingAlign);
    s.characters[52] = character(52, { role: 'WanderingHero', kingdom: null, alignment: heroAlign, province: s.characters[1]!.province, inclination: { 1: 0 } });
    return s;
  }

  test('G-10 wage formula with review C4: 3 steps hireable only at best (4); 4 steps always above 4', () => {
    const h = cfg.hiring;
    assert.equal(wageFormula(h, 2, true, 0, 0), 3);
    assert.equal(wageFormula(h, 3, true, 1, -1), 4);
    assert.equal(wageFormula(h, 3, true, 1, 0), 5);
    assert.equal(wageFormula(h, 4, true, 0, -1), 5);
    assert.equal(wageFormula(h, 0, true, 0, -1), 1);
    assert.equal(wageFormula(h, 1, false, 2, 1), 5);
  });

  test('TV-24 wage 3, offer 4 → hired at 3, paid now and at the end of the turn, orderable from the next phase', () => {
    const s = hireState('Neutral');
    const king = s.characters[1]!;
    const ctx = ctxFor(s, [0.5 /* loyalty roll: not loyal */, 0.99, 0.99]);
    const v = (HI.parse(['52', 'pour', '4'], { s, char: king, phase: 1 }) as { value: { hero: number; offer: number } }).value;
    assert.deepEqual(v, { hero: 52, offer: 4 });
    HI.execute(ctx, king, v, slot('HI', v));
    const hero = s.characters[52]!;
    assert.equal(hero.role, 'HeroInService');
    assert.equal(hero.kingdom, 1);
    assert.equal(hero.wage, 3);
    assert.equal(hero.orderableFrom, 2);
    assert.equal(s.kingdoms[1]!.treasury, 7);
    ctx.phase = 6;
    payExpenses(ctx);
    assert.equal(s.kingdoms[1]!.treasury, 4);
  });

  test('TV-24 wage 3, offer 2 → fails; a quote above 4 cannot be hired', () => {
    const s = hireState('Neutral');
    const ctx = ctxFor(s, []);
    HI.execute(ctx, s.characters[1]!, { hero: 52, offer: 2 }, slot('HI', { hero: 52, offer: 2 }));
    assert.equal(s.characters[52]!.role, 'WanderingHero');
    assert.equal(eventsOf(ctx, 'hire-refused')[0]!.tooFar, false);
    const far = hireState('Evil');
    const ctx2 = ctxFor(far, []);
    HI.execute(ctx2, far.characters[1]!, { hero: 52, offer: 4 }, slot('HI', { hero: 52, offer: 4 }));
    assert.equal(far.characters[52]!.role, 'WanderingHero');
    assert.equal(eventsOf(ctx2, 'hire-refused')[0]!.tooFar, true);
    assert.equal(far.kingdoms[1]!.treasury, 10);
  });

  test('HI parse refuses offers outside 1..4', () => {
    const s = hireState('Good');
    assert.ok('error' in HI.parse(['52', 'pour', '5'], { s, char: s.characters[1]!, phase: 1 }));
    assert.ok('error' in HI.parse(['52', 'pour', '0'], { s, char: s.characters[1]!, phase: 1 }));
  });

  test('§13.1: 60 % of Heroes refuse a special-alignment King (drawn once per Hero and kingdom)', () => {
    const s = hireState('Good', 'Divine');
    const hero = s.characters[52]!;
    assert.equal(heroWage(s, cfg.hiring, hero, 1, ctxFor(s, [0.5]).rng), null);
    assert.equal(hero.refuses?.[1], true);
    assert.equal(heroWage(s, cfg.hiring, hero, 1, ctxFor(s, []).rng), null, 'no new draw');
    const s2 = hireState('Good', 'Divine');
    assert.equal(heroWage(s2, cfg.hiring, s2.characters[52]!, 1, ctxFor(s2, [0.39]).rng), 2);
  });

  test('FI: the King fires a Hero anywhere; his armies go to garrison in an owned province', () => {
    const s = twoKingdoms();
    const hero = (s.characters[10] = character(10, { province: 103, wage: 2 }));
    s.armies[30] = army(30, 'LE', { status: 'Led', leader: 10, province: 103 });
    s.characters[1]!.province = 110;
    const ctx = ctxFor(s);
    FI.execute(ctx, s.characters[1]!, 10, slot('FI', 10));
    assert.equal(hero.role, 'WanderingHero');
    assert.equal(hero.kingdom, null);
    assert.equal(s.armies[30]!.status, 'Garrison');
    assert.equal(s.armies[30]!.leader, undefined);
    // A Hero elsewhere cannot be fired by another Hero.
    const s2 = twoKingdoms();
    s2.characters[10] = character(10, { province: 103 });
    const other = (s2.characters[11] = character(11, { province: 110 }));
    const ctx2 = ctxFor(s2);
    FI.execute(ctx2, other, 10, slot('FI', 10));
    assert.equal(s2.characters[10]!.kingdom, 1);
    assert.equal(eventsOf(ctx2, 'order-failed').length, 1);
  });
});

// ─────────────────────────────────────────────────────────────────────────────── finances

describe('TV-29 Payment order and income', () => {
  test('TV-29 formula: 7 after taxes, Heroes 4 → 3 left; armies 2, 2, 1 → only 3 of 5 paid', () => {
    const h = payInOrder(7, [1, 3]);
    assert.equal(h.left, 3);
    const a = payInOrder(h.left, [2, 2, 1]);
    assert.deepEqual(a, { paid: 3, unpaid: [1], left: 0 });
  });

  test('TV-29 through the expenses step: Heroes first, then armies by ascending id, no partial payment; the unpaid army rolls', () => {
    const s = twoKingdoms();
    s.kingdoms[1]!.treasury = 7;
    s.characters[10] = character(10, { wage: 1 });
    s.characters[11] = character(11, { wage: 3 });
    s.armies[12] = army(12, 'GA');
    s.armies[10] = army(10, 'LE');
    s.armies[11] = army(11, 'LE');
    const ctx = ctxFor(s, [0.9 /* no desertion */, 0.1 /* loses a level */], {}, 6);
    payExpenses(ctx);
    assert.equal(s.kingdoms[1]!.treasury, 0);
    const st = eventsOf(ctx, 'treasury')[0]!;
    assert.equal(st.wages, 4);
    assert.equal(st.armyPay, 3);
    assert.deepEqual(st.armiesUnpaid, [11]);
    assert.equal(s.armies[11]!.quality, 1);
    assert.equal(s.armies[10]!.quality, 2);
  });

  test('Income: Bless rounds half-up, Earthquake zeroes, a ravaging monster halves, inventions add (G-06, G-14)', () => {
    const s = twoKingdoms();
    s.provinces[103]!.taxBase = 6;
    s.provinces[103]!.effects = { blessed: true };
    s.provinces[104] = province(104, { owner: 1, taxBase: 7, sites: [1] });
    s.sites[1] = { id: 1, province: 104, type: 'cave', name: 'Lair', treasure: { gold: 0, items: [] }, threshold: 50, ravaging: true };
    s.provinces[106] = province(106, { owner: 1, taxBase: 9, effects: { blessed: true, earthquake: true } });
    s.kingdoms[1]!.inventions = ['WATERMILL', 'ALCHEMY'];
    s.kingdoms[1]!.treasury = 0;
    const ctx = ctxFor(s, [], {}, 6);
    collectIncome(ctx);
    // 10 (blessed 6) + 3 (7 halved) + 0 = 13; watermill floor(1.3) = 1; alchemy 1.
    assert.equal(s.kingdoms[1]!.treasury, 15);
  });
});

// ─────────────────────────────────────────────────────────────────────────────── diplomacy

describe('TV-41 Treaties', () => {
  function run(a: Alignment, b: Alignment, start: Relation, sa: Partial<AKSheet>, sb: Partial<AKSheet>) {
    const s = twoKingdoms(a, b);
    s.kingdoms[1]!.relations[2] = start;
    s.kingdoms[2]!.relations[1] = start;
    const ctx = ctxFor(s, [], { 1: emptySheet(sa), 2: emptySheet(sb) }, 0);
    applyEarlyBreaks(ctx);
    druidPrescan(ctx);
    const atStart = s.kingdoms[1]!.relations[2];
    ctx.phase = 6;
    resolveTreaties(ctx);
    assert.equal(s.kingdoms[1]!.relations[2], s.kingdoms[2]!.relations[1], 'symmetric');
    return { atStart, end: s.kingdoms[1]!.relations[2] };
  }

  test('TV-41 Neutral, both order a treaty → Allied', () => {
    assert.equal(run('Good', 'Good', 'Neutral', { treaties: [2] }, { treaties: [1] }).end, 'Allied');
  });
  test('TV-41 Neutral, only A (not Druid) → unchanged', () => {
    assert.equal(run('Good', 'Good', 'Neutral', { treaties: [2] }, {}).end, 'Neutral');
  });
  test('TV-41 Neutral, only A, A Druid → Allied', () => {
    assert.equal(run('Druid', 'Good', 'Neutral', { treaties: [2] }, {}).end, 'Allied');
  });
  test('TV-41 Neutral, Druid A treaty, B breaks with A → Enemy (G-90)', () => {
    assert.equal(run('Druid', 'Good', 'Neutral', { treaties: [2] }, { breaks: [1] }).end, 'Enemy');
  });
  test('TV-41 Allied, A breaks → Neutral', () => {
    assert.equal(run('Good', 'Good', 'Allied', { breaks: [2] }, {}).end, 'Neutral');
  });
  test('TV-41 Allied, both break → Enemy', () => {
    assert.equal(run('Good', 'Neutral', 'Allied', { breaks: 'all' }, { breaks: [1] }).end, 'Enemy');
  });
  test('TV-41 Enemy, both order a treaty → Neutral', () => {
    assert.equal(run('Good', 'Good', 'Enemy', { treaties: 'all' }, { treaties: [1] }).end, 'Neutral');
  });
  test('TV-41 Neutral, Evil A breaks with B → Enemy at the start of the turn', () => {
    const r = run('Evil', 'Good', 'Neutral', { breaks: [2] }, {});
    assert.equal(r.atStart, 'Enemy');
    assert.equal(r.end, 'Enemy');
  });
  test('G-90 retroactive Druid alliance: Allied from phase 1 when both order a treaty', () => {
    const r = run('Druid', 'Good', 'Neutral', { treaties: [2] }, { treaties: [1] });
    assert.equal(r.atStart, 'Allied');
    assert.equal(r.end, 'Allied');
  });
  test('resolvePair: an Allied pair with mutual treaties stays Allied (that is a scientific exchange)', () => {
    assert.equal(resolvePair('Allied', { ta: true, tb: true, ba: false, bb: false, druidA: false, druidB: false }), 'Allied');
  });

  test('S5.4.5 scientific exchange: adjacent allies with mutual treaties swap one military invention each way', () => {
    const s = twoKingdoms();
    s.kingdoms[1]!.relations[2] = 'Allied';
    s.kingdoms[2]!.relations[1] = 'Allied';
    s.provinces[104]!.owner = 2; // 104 touches 103 (kingdom 1's capital)
    s.kingdoms[1]!.inventions = ['CROSSBOW', 'WATERMILL'];
    s.kingdoms[2]!.inventions = ['DRILL'];
    const ctx = ctxFor(s, [], { 1: emptySheet({ treaties: [2] }), 2: emptySheet({ treaties: [1] }) }, 6);
    scienceExchange(ctx);
    assert.deepEqual(s.kingdoms[2]!.inventions, ['DRILL', 'CROSSBOW']);
    assert.deepEqual(s.kingdoms[1]!.inventions, ['CROSSBOW', 'DRILL', 'WATERMILL'], 'military first in the priority order');
  });
});

// ─────────────────────────────────────────────────────────────────────────────── victory

/** A world of 420 (or `world`) tax in which kingdom 1 holds `held`. */
function worldState(held: number, world = 420): AKState {
  const s = twoKingdoms();
  s.provinces = {};
  let id = 101;
  const add = (tax: number, owner: number | null) => { s.provinces[id] = province(id, { taxBase: tax, owner }); id++; if (id % 100 > 18) id = id - 18 + 100; };
  let rest = held;
  while (rest > 0) { const t = Math.min(10, rest); add(t, 1); rest -= t; }
  s.kingdoms[1]!.capital = 101;
  rest = world - held;
  while (rest > 0) { const t = Math.min(10, rest); add(t, null); rest -= t; }
  return s;
}

describe('TV-42 / TV-43 / TV-44 Victory', () => {
  test('TV-42 threshold table: 55 % to turn 24, then 50, 45, 40, 35, 30, 25, and 25 after', () => {
    assert.deepEqual([12, 24, 25, 26, 27, 28, 29, 30, 31, 40].map((t) => thresholdPct(cfg.victory, t)), [55, 55, 50, 45, 40, 35, 30, 25, 25, 25]);
  });

  test('TV-42 integer comparison: 232/420 crowned, 231/420 not; 169/420 at 40 %', () => {
    assert.equal(exceeds(232, 420, 55), true);
    assert.equal(exceeds(231, 420, 55), false);
    assert.equal(exceeds(169, 420, 40), true);
  });

  test('TV-42 through the victory step: 232 of 420 at the end of turn 12 crowns the King', () => {
    const s = worldState(232);
    s.turn = 12;
    const ctx = ctxFor(s, [], {}, 6);
    victoryCheck(ctx);
    assert.equal(s.finished?.reason, 'emperor');
    assert.equal(s.finished?.emperor, 1);
    const s2 = worldState(231);
    s2.turn = 12;
    victoryCheck(ctxFor(s2, [], {}, 6));
    assert.equal(s2.finished, undefined);
    const s3 = worldState(169);
    s3.turn = 27;
    victoryCheck(ctxFor(s3, [], {}, 6));
    assert.equal(s3.finished?.emperor, 1);
  });

  test('TV-43 election: world 400 → 200 votes are not enough, 201 are', () => {
    const s = worldState(200, 400);
    const sheets = { 1: emptySheet({ voteFor: 1 } as Partial<AKSheet>), 2: emptySheet() };
    assert.equal(holdElection(s, cfg.victory, sheets).winner, null);
    const s2 = worldState(201, 400);
    assert.equal(holdElection(s2, cfg.victory, sheets).winner, 1);
  });

  test('TV-43 a vote in turn t → no vote may be called for turn t+1', () => {
    const s = worldState(150, 400);
    s.provinces[118] = province(118, { owner: 2, taxBase: 0 });
    s.turn = 8;
    s.kingdoms[2]!.voteCalled = true; // called in turn 7
    const sheets = { 1: emptySheet({ voteFor: 1, callVote: true } as Partial<AKSheet>), 2: emptySheet({ voteFor: 1 } as Partial<AKSheet>) };
    const ctx = ctxFor(s, [], sheets, 6);
    victoryCheck(ctx);
    assert.equal(eventsOf(ctx, 'election').length, 1);
    assert.equal(s.finished, undefined, '150 of 400 is not a majority');
    assert.equal(eventsOf(ctx, 'vote-refused').length, 1);
    assert.notEqual(s.kingdoms[1]!.voteCalled, true, 'the call was refused');
    // The next turn, no election is held and a call is accepted again.
    s.turn = 9;
    const ctx2 = ctxFor(s, [], { 1: emptySheet({ callVote: true }) }, 6);
    victoryCheck(ctx2);
    assert.equal(eventsOf(ctx2, 'election').length, 0);
    assert.equal(s.kingdoms[1]!.voteCalled, true);
  });

  test('TV-44 VP multipliers: Good/Neutral 0.76 (30 → 22.8), Evil/Good 0.52, Undead/Divine 0, Neutral/Neutral 1', () => {
    const v = cfg.victory;
    assert.equal(vpMultiplierPct(v, 'Good', 'Neutral'), 76);
    assert.equal(adjustedVp(v, 30, 'Good', 'Neutral'), 22.8);
    assert.equal(vpMultiplierPct(v, 'Evil', 'Good'), 52);
    assert.equal(vpMultiplierPct(v, 'Undead', 'Divine'), 0);
    assert.equal(vpMultiplierPct(v, 'Neutral', 'Neutral'), 100);
  });

  test('TV-44 final scores: the Emperor’s 20 VP and an office, reduced by alignment distance', () => {
    const s = twoKingdoms('Neutral', 'Good');
    s.characters[2]!.talent.Sa = 3; // Chancellor for kingdom 2 (10 VP)
    const { scores, raw, holders } = finalScores(s, cfg, 1);
    // Emperor (20) and Treasurer (10: equal treasuries and tax bases, the lower character id) to kingdom 1.
    assert.equal(holders.Treasurer, 1);
    assert.equal(holders.Chancellor, 2);
    assert.equal(holders.Marshal, null);
    assert.equal(raw[1], 30);
    assert.equal(raw[2], 10);
    assert.equal(scores[1], 30, 'Neutral under a Neutral Emperor: no reduction');
    assert.equal(scores[2], 7.6, 'Good under a Neutral Emperor: 2 steps × 12 %');
  });
});

// ─────────────────────────────────────────────────────────────────────────────── merit

describe('TV-45 Merit points', () => {
  test('TV-45 Grand Chancellor: 13, then 9.75 after a death; later points count in full (G-88)', () => {
    const s = twoKingdoms();
    const c = s.characters[1]!;
    c.talent.Ex = 2; c.talent.Sp = 1; c.talent.Sa = 3;
    addMerit(c, 'Chancellor', 4); // 2 sites first
    addMerit(c, 'Chancellor', 2); // 1 invention first
    addMerit(c, 'Chancellor', 1); // 1 invention stolen
    assert.equal(merit(s, cfg.offices, c, 'Chancellor'), 13);
    c.alive = false;
    applyDeathLoss(s, cfg.offices, c);
    assert.equal(merit(s, cfg.offices, c, 'Chancellor'), 9.75);
    addMerit(c, 'Chancellor', 4);
    assert.equal(merit(s, cfg.offices, c, 'Chancellor'), 13.75);
  });

  test('TV-45 Defender: a 25-HP Griffon killed +25; a 30-HP ravager persuaded +15', () => {
    const s = twoKingdoms();
    const c = s.characters[1]!;
    addMerit(c, 'Defender', 25);
    assert.equal(merit(s, cfg.offices, c, 'Defender'), 25);
    addMerit(c, 'Defender', 30 / 2);
    assert.equal(merit(s, cfg.offices, c, 'Defender'), 40);
  });

  test('TV-45 Grand Priest: Wh 2, Dr 1 (6) + 3 Blesses + 1 Resurrect = 10', () => {
    const s = twoKingdoms();
    const c = s.characters[1]!;
    c.talent.Wh = 2; c.talent.Dr = 1;
    addMerit(c, 'Priest', 4);
    assert.equal(merit(s, cfg.offices, c, 'Priest'), 10);
  });

  test('TV-45 Grand Admiral: Na 2 + 3 sea provinces with tax ≥ 2 (for every character) + a naval victory over 4 units = 9', () => {
    const s = twoKingdoms();
    const c = s.characters[1]!;
    c.talent.Na = 2;
    for (const id of [110, 111, 112]) s.provinces[id] = province(id, { terrain: 'Sea', taxBase: 2, owner: 1 });
    s.provinces[113] = province(113, { terrain: 'Sea', taxBase: 1, owner: 1 });
    addMerit(c, 'Admiral', 4);
    assert.equal(merit(s, cfg.offices, c, 'Admiral'), 9);
    const hero = (s.characters[10] = character(10));
    assert.equal(merit(s, cfg.offices, hero, 'Admiral'), 3);
  });

  test('Standings as a % of the leader; a death during a phase is charged once by ensureSuccession', () => {
    const s = twoKingdoms();
    s.characters[1]!.talent.Sa = 4;
    s.characters[2]!.talent.Sa = 1;
    const st = standings(s, cfg.offices);
    assert.equal(st[1]!.Chancellor, 100);
    assert.equal(st[2]!.Chancellor, 25);
    assert.equal(st[1]!.Marshal, null);
  });
});

// ─────────────────────────────────────────────────────────────────────────────── succession

describe('Succession (S2.7, G-11, TV-21)', () => {
  test('TV-21 heirCanResurrect: 3 levels gained → yes; 5 → lost; assigned → lost', () => {
    const h = character(50);
    h.heir = { gained: 3, assigned: false, ofKing: 1 };
    assert.equal(heirCanResurrect(h), true);
    h.heir = { gained: 5, assigned: false, ofKing: 1 };
    assert.equal(heirCanResurrect(h), false);
    h.heir = { gained: 0, assigned: true, ofKing: 1 };
    assert.equal(heirCanResurrect(h), false);
  });

  test('A dead King is replaced at once by an Heir in the capital, same alignment, orders from the next phase', () => {
    const s = twoKingdoms('Pagan');
    const king = s.characters[1]!;
    king.alive = false;
    king.province = 110;
    king.merit.Defender = 8;
    const ctx = ctxFor(s, seeded('heir'), {}, 3);
    ensureSuccession(ctx);
    const heir = s.characters[s.kingdoms[1]!.king]!;
    assert.notEqual(heir.id, 1);
    assert.equal(heir.role, 'King');
    assert.equal(heir.alignment, 'Pagan');
    assert.equal(heir.province, 103);
    assert.equal(heir.orderableFrom, 4);
    assert.deepEqual(heir.heir, { gained: 0, assigned: false, ofKing: 1 });
    assert.equal(heir.name, 'King1 II');
    assert.equal(merit(s, cfg.offices, king, 'Defender'), 6, 'the dead King lost 25 % of his merit');
    ensureSuccession(ctx);
    assert.equal(merit(s, cfg.offices, king, 'Defender'), 6, 'charged once per death');
    assert.equal(eventsOf(ctx, 'king-succeeded').length, 1);
    // G-11 assignment next turn: 4 levels, at most 2 each.
    const ctx2 = ctxFor(s, [], { 1: emptySheet({ heirTalents: { Ta: 2, Me: 2 } }) }, 0);
    assignHeir(ctx2);
    assert.equal(heir.talent.Ta, 2);
    assert.equal(heir.heir!.assigned, true);
    assert.equal(heirCanResurrect(heir), false);
    const ctx3 = ctxFor(s, [], { 1: emptySheet({ heirTalents: { Ta: 2 } }) }, 0);
    assignHeir(ctx3);
    assert.equal(eventsOf(ctx3, 'heir-assignment-refused').length, 1, 'only once');
  });

  test('An assignment above 2 in one characteristic is refused', () => {
    const s = twoKingdoms();
    s.characters[1]!.heir = { gained: 0, assigned: false, ofKing: 9 };
    const ctx = ctxFor(s, [], { 1: emptySheet({ heirTalents: { Ta: 3, Me: 1 } }) }, 0);
    assignHeir(ctx);
    assert.equal(s.characters[1]!.talent.Ta, 0);
    assert.equal(eventsOf(ctx, 'heir-assignment-refused').length, 1);
  });
});

// ─────────────────────────────────────────────────────────────────────────────── properties

describe('Properties', () => {
  test('the treasury is never negative after expenses, and every payee is paid in full or not at all', () => {
    const types = ['GA', 'LE', 'HC', 'DR'] as const;
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 40 }),
      fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
      fc.array(fc.constantFrom(...types), { maxLength: 10 }),
      fc.integer({ min: 1, max: 1e6 }),
      (treasury, wages, armies, seed) => {
        const s = twoKingdoms();
        s.kingdoms[1]!.treasury = treasury;
        wages.forEach((w, i) => { s.characters[10 + i] = character(10 + i, { wage: w, loyal: true }); });
        armies.forEach((t, i) => { s.armies[10 + i] = army(10 + i, t); });
        const ctx = ctxFor(s, seeded(seed), {}, 6);
        payExpenses(ctx);
        const st = eventsOf(ctx, 'treasury')[0]!;
        assert.ok(s.kingdoms[1]!.treasury >= 0);
        assert.equal(treasury - (st.wages as number) - (st.armyPay as number), s.kingdoms[1]!.treasury);
      },
    ), { numRuns: 200 });
  });

  test('relations stay symmetric whatever the orders and alignments', () => {
    const aligns: Alignment[] = ['Good', 'Druid', 'Neutral', 'Pagan', 'Evil', 'Undead', 'Divine'];
    const rels: Relation[] = ['Allied', 'Neutral', 'Enemy'];
    const ids = [1, 2, 3, 4];
    const list = fc.oneof(fc.constant('all' as const), fc.subarray(ids));
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...aligns), { minLength: 4, maxLength: 4 }),
      fc.array(fc.constantFrom(...rels), { minLength: 6, maxLength: 6 }),
      fc.array(fc.record({ treaties: list, breaks: list }), { minLength: 4, maxLength: 4 }),
      (al, start, orders) => {
        const s = twoKingdoms(al[0], al[1], 4);
        s.kingdoms[3]!.alignment = al[2]!;
        s.kingdoms[4]!.alignment = al[3]!;
        let i = 0;
        for (const a of ids) for (const b of ids) if (a < b) { s.kingdoms[a]!.relations[b] = start[i]!; s.kingdoms[b]!.relations[a] = start[i]!; i++; }
        const sheets: Record<number, AKSheet> = {};
        ids.forEach((k, j) => { sheets[k] = emptySheet(orders[j]!); });
        const ctx = ctxFor(s, [], sheets, 0);
        applyEarlyBreaks(ctx);
        druidPrescan(ctx);
        ctx.phase = 6;
        resolveTreaties(ctx);
        for (const a of ids) for (const b of ids) if (a !== b) assert.equal(s.kingdoms[a]!.relations[b], s.kingdoms[b]!.relations[a]);
      },
    ), { numRuns: 300 });
  });
});
