/**
 * Encounters and personal combat (rules S4.5–S4.7, S5.1, Table 15.1, Table 15.5; TV-01–TV-03,
 * TV-05, TV-10–TV-13, TV-18–TV-20), and a property test of the engine.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createRng, rngFromSource, scriptedRng } from '../../src/engine/rng.ts';
import type { Tactic, Temperament } from '../../src/rulesets/adventurer-kings/state.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import { initiative } from '../../src/rulesets/adventurer-kings/characters.ts';
import { byInitiative } from '../../src/rulesets/adventurer-kings/turn/initiative.ts';
import type { Combatant, CombatSpellFn, EncounterState } from '../../src/rulesets/adventurer-kings/encounters/types.ts';
import {
  archeryBase, interruptChance, meleeBase, meleeChance, meleeDamageBonus, pursuitChanceFor, theftChance, unnoticedChance, refusalChance, mercyChance,
} from '../../src/rulesets/adventurer-kings/encounters/formulas.ts';
import { characterCombatant, monsterCombatant } from '../../src/rulesets/adventurer-kings/encounters/combatant.ts';
import { archery, meleeBlow, runEncounter } from '../../src/rulesets/adventurer-kings/encounters/engine.ts';
import { parsePlan, validatePlan, formatPlan } from '../../src/rulesets/adventurer-kings/encounters/plan.ts';
import { attemptTheft } from '../../src/rulesets/adventurer-kings/encounters/theft.ts';
import { newEncounter } from '../../src/rulesets/adventurer-kings/encounters/setup.ts';
import { preBattleDuel } from '../../src/rulesets/adventurer-kings/encounters/duel.ts';
import { pursuitChance } from '../../src/rulesets/adventurer-kings/encounters/pursuit.ts';
import { makeMonster, MONSTER_KINDS } from '../../src/rulesets/adventurer-kings/world/monsters.ts';
import { preTurn } from '../../src/rulesets/adventurer-kings/encounters/hooks.ts';
import { SE } from '../../src/rulesets/adventurer-kings/orders/se.ts';
import { PU } from '../../src/rulesets/adventurer-kings/orders/pu.ts';
import { seeCharacter } from '../../src/rulesets/adventurer-kings/knowledge/knowledge.ts';
import { MESSAGES } from '../../src/rulesets/adventurer-kings/encounters/messages.ts';
import { char, ctxOf, slot, state } from './magic-fixture.ts';

const cfg = resolveConfig({}).encounters;
const near = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9, `${a} ≠ ${b}`);
const noSpell: CombatSpellFn = () => ({ success: false });
function thenSeed(values: number[]) {
  const rest = createRng(11, 'then');
  let i = 0;
  return rngFromSource(() => (i < values.length ? values[i++]! : rest.next()));
}

function plain(me: number, temperament: Combatant['temperament'] = null, side: 0 | 1 = 0): Combatant {
  const m = monsterCombatant(makeMonster('troll'), side);
  return { ...m, melee: me, temperament, damage: [1, 6] };
}

test('TV-01 melee formula: Me 3 vs Me 2 → 60 % +1, 40 % −1, a hit deals at least 1 (G-77)', () => {
  near(meleeBase(cfg, 3, 2, null, null), 0.6);
  near(meleeBase(cfg, 2, 3, null, null), 0.4);
  assert.equal(meleeDamageBonus(cfg, 3, 2), 1);
  assert.equal(meleeDamageBonus(cfg, 2, 3), -1);
  const s = state();
  const a = plain(3, null, 0), b = plain(2, null, 1);
  const ctx = ctxOf(s, [0.39, 0.0]); // B hits (0.39 < 0.40), rolls a 1 → 1 − 1 = 0 → minimum 1
  const enc = newEncounter(ctx, 'meet', 207, a, b);
  assert.equal(meleeBlow(ctx, enc, b, a), 1);
  const ctx2 = ctxOf(s, [0.40]); // 0.40 is not < 0.40: a miss
  assert.equal(meleeBlow(ctx2, enc, b, a), 0);
});

test('TV-02 temperament modifiers (Table 15.1): Élan, Parry, Intimidation, Rage', () => {
  near(meleeChance(cfg, plain(2, 'Brave'), plain(2, 'Cautious')), 0.5);
  near(meleeChance(cfg, plain(2, 'Cautious'), plain(2, 'Brave')), 0.5);
  near(meleeChance(cfg, plain(1, 'Cowardly'), plain(1, 'Berserk')), 0.35);
  near(meleeChance(cfg, plain(1, 'Berserk'), plain(1, 'Cowardly')), 0.5);
  const s = state();
  const c = char(20, 1, 207, { temperament: 'Berserk' });
  assert.equal(characterCombatant(ctxOf(s, [0.99]), c, 0, [], 'special').hp, 14);
  assert.equal(characterCombatant(ctxOf(s, [0.0]), c, 0, [], 'special').hp, 11);
});

test('TV-03 archery: Ar 2 → 2 free attacks at 50 % for 1d6 (expected 3.5); Ar 0 cannot use FI', () => {
  near(archeryBase(cfg, 2), 0.5);
  near(2 * archeryBase(cfg, 2) * 3.5, 3.5);
  const s = state();
  s.characters[3]!.talent.Ar = 2;
  const ctx = ctxOf(s, [0.49, 0.5, 0.5]); // shot 1 hits (d6 → 4), shot 2 misses
  const a = characterCombatant(ctx, s.characters[3]!, 0, [{ code: 'FI' }], 'order');
  const m = monsterCombatant(makeMonster('gargoyle'), 1, 50);
  const enc = newEncounter(ctx, 'search', 207, a, m);
  enc.range = 1;
  const r = archery(ctx, enc, a, null);
  assert.equal(r.toB.damage, 4);
  assert.equal(ctx.events.filter((e) => e.t === 'enc-hit' || e.t === 'enc-miss').length, 2);
  assert.equal(m.hp, 11);
  const v = validatePlan(s, char(21, 1, 207), [{ code: 'FI' }, { code: 'ME' }], 'action');
  assert.deepEqual(v.plan, [{ code: 'ME' }]);
  assert.equal(v.errors.length, 1);
});

test('TV-05 plan validation: college limits, same spell twice, special plans (S4.6, G-64)', () => {
  const s = state();
  const el1 = char(22, 1, 207, {}, { El: 1 });
  const p1 = validatePlan(s, el1, parsePlan('CA-FI, CA-IC, ME').plan, 'action');
  assert.equal(formatPlan(p1.plan), 'CA-FI, ME');
  assert.equal(p1.errors.length, 1);
  const el2 = char(23, 1, 207, {}, { El: 2 });
  assert.equal(formatPlan(validatePlan(s, el2, parsePlan('CA-FI, ME, CA-FI').plan, 'action').plan), 'CA-FI, ME');
  const wh3 = char(24, 1, 207, {}, { Wh: 3 });
  assert.equal(formatPlan(validatePlan(s, wh3, parsePlan('CA HO, CA-SP, ME').plan, 'action').plan), 'CA-HO, CA-SP, ME');
  // No talent: dropped. Special plans: no TA, FU, ST, SC; CA-KI kept.
  assert.equal(validatePlan(s, el1, parsePlan('CA-HO, ME').plan, 'action').plan.length, 1);
  const ne = char(25, 1, 207, {}, { Ne: 1, Th: 1 });
  assert.equal(formatPlan(validatePlan(s, ne, parsePlan('TA, ST, SC, FU, CA-KI, ME').plan, 'special').plan), 'CA-KI, ME');
  // ST/TA after an aggressive tactic; one FL.
  assert.equal(formatPlan(validatePlan(s, ne, parsePlan('ME, ST, FL, TA, FL').plan, 'action').plan), 'ME, FL');
  // §15.11 examples parse.
  const ex = parsePlan('SA-"Greetings, Supreme Being!", TA, SC, ME');
  assert.deepEqual(ex.errors, []);
  assert.equal(ex.plan[0]!.arg, 'Greetings, Supreme Being!');
  assert.equal(parsePlan('US-31 ×4, US-55, ME').plan.length, 6);
  assert.equal(parsePlan('XX, ME').errors.length, 1);
});

test('TV-10 interruption (G-23): 3 → 50 %, miss → 30 %, 1 → 30 %, 6 → 80 %, 8+ → 100 %', () => {
  near(interruptChance(cfg, { damage: 3 }), 0.5);
  near(interruptChance(cfg, { missed: true }), 0.3);
  near(interruptChance(cfg, { damage: 1 }), 0.3);
  near(interruptChance(cfg, { damage: 6 }), 0.8);
  near(interruptChance(cfg, { damage: 8 }), 1);
  near(interruptChance(cfg, { damage: 12 }), 1);
  near(interruptChance(cfg, { stunned: true }), 1);
});

test('TV-10 an interrupted spell costs the round and stays current (G-23)', () => {
  const s = state();
  s.config = { encounters: { maxRounds: 1 } };
  s.characters[3]!.talent.El = 2;
  let casts = 0;
  const cast: CombatSpellFn = () => { casts++; return { success: true }; };
  // In melee the gargoyle's blow comes first (S5.1.3): hits (0.0 < 60 %) for 1d6 + 1 = 3 + 1 = 4;
  // the Fireball is then interrupted with 20 % + 10 % × 4 = 60 % (draw 0.5).
  const ctx = ctxOf(s, [0.0, 0.4, 0.5]);
  const a = characterCombatant(ctx, s.characters[3]!, 0, [{ code: 'CA', arg: 'FI' }, { code: 'ME' }], 'order');
  const m = monsterCombatant(makeMonster('gargoyle'), 1, 50);
  const enc = newEncounter(ctx, 'search', 207, a, m);
  enc.range = 2;
  runEncounter(ctx, enc, { cast });
  assert.equal(a.hp, 6);
  assert.equal(casts, 0);
  assert.equal(a.pos, 0);
  assert.ok(ctx.events.some((e) => e.t === 'enc-interrupted'));
  assert.deepEqual(enc.end, { kind: 'rounds' });
  // Same, but the draw 0.6 is not < 60 %: the spell goes off.
  const ctx2 = ctxOf(s, [0.0, 0.4, 0.6]);
  const a2 = characterCombatant(ctx2, s.characters[3]!, 0, [{ code: 'CA', arg: 'FI' }, { code: 'ME' }], 'order');
  const enc2 = newEncounter(ctx2, 'search', 207, a2, monsterCombatant(makeMonster('gargoyle'), 1, 50));
  enc2.range = 2;
  runEncounter(ctx2, enc2, { cast });
  assert.equal(casts, 1);
  assert.equal(a2.pos, 1);
});

test('TV-11 theft chances (G-63: additive terms, then halving)', () => {
  near(theftChance(cfg, 2, false, false), 0.45);
  near(theftChance(cfg, 2, true, false), 0.60);
  near(theftChance(cfg, 2, false, true), 0.225);
  near(theftChance(cfg, 2, true, true), 0.30);
  near(theftChance(cfg, 0, false, false), 0.15);
});

function theftSetup(thiefId: number, victimId: number | 'monster', draws: number[]) {
  const s = state();
  const ctx = ctxOf(s, draws);
  const t = characterCombatant(ctx, s.characters[thiefId]!, 0, [{ code: 'ST' }], 'order');
  const v = victimId === 'monster' ? monsterCombatant(makeMonster('troll'), 1, 50) : characterCombatant(ctx, s.characters[victimId]!, 1, [{ code: 'ME' }], 'special');
  const enc: EncounterState = newEncounter(ctx, 'meet', 207, t, v);
  return { s, ctx, t, v, enc };
}

test('TV-12 captured thieves: executed, duel at a random range, ransom, executed when penniless', () => {
  // Hero 5 (Th 1) steals from King 1: theft fails (0.99), captured (0.0) → executed.
  let x = theftSetup(5, 1, [0.99, 0.0]);
  assert.equal(attemptTheft(x.ctx, x.enc, x.t, x.v), 'executed');
  assert.deepEqual(x.enc.end, { kind: 'executed', who: 0 });
  // Hero vs a monster: duel at a random range (0.7 → melee).
  x = theftSetup(5, 'monster', [0.99, 0.0, 0.7]);
  assert.equal(attemptTheft(x.ctx, x.enc, x.t, x.v), 'duel');
  assert.equal(x.enc.range, 2);
  // King 2 (treasury 40) caught stealing from King 1: pays 20 to the victim's treasury.
  x = theftSetup(2, 1, [0.99, 0.0]);
  x.s.kingdoms[2]!.treasury = 40;
  assert.equal(attemptTheft(x.ctx, x.enc, x.t, x.v), 'ransom');
  assert.equal(x.s.kingdoms[2]!.treasury, 20);
  assert.equal(x.s.kingdoms[1]!.treasury, 40);
  // King with treasury 0 → executed.
  x = theftSetup(2, 1, [0.99, 0.0]);
  x.s.kingdoms[2]!.treasury = 0;
  assert.equal(attemptTheft(x.ctx, x.enc, x.t, x.v), 'executed');
  // Success vs a King: (10 % + 5 % × Th) of his treasury.
  x = theftSetup(5, 1, [0.0]);
  x.s.kingdoms[1]!.treasury = 100;
  assert.equal(attemptTheft(x.ctx, x.enc, x.t, x.v), 'success');
  assert.equal(x.s.kingdoms[1]!.treasury, 85);
});

function duelState(planA: string, planB: string, tempA: 'Brave' | 'Cowardly' = 'Brave', roleA: 'King' | 'HeroInService' = 'HeroInService') {
  const s = state();
  const a = s.characters[3]!;
  const b = s.characters[4]!;
  a.specialPlan = parsePlan(planA).plan; a.temperament = tempA; a.role = roleA;
  b.specialPlan = parsePlan(planB).plan;
  return { s, a, b };
}

test('TV-13 pre-battle duel decisions (§7.1, §15.13g)', () => {
  // Row 1: A `ME, FL` does not challenge; B `ME` does; A fights.
  let d = duelState('ME, FL', 'ME');
  let ctx = ctxOf(d.s, createRng(1, 'duel'));
  let r = preBattleDuel(ctx, d.a, d.b, { cast: noSpell });
  assert.equal(r.duel, true);
  const ch = ctx.events.find((e) => e.t === 'duel-challenge')!;
  assert.equal(ch.challengerA, false);
  assert.equal(ch.challengerB, true);
  // Row 2: A `FL, ME` refuses B's challenge: −25 %, no bluff, no draw.
  d = duelState('FL, ME', 'ME', 'Cowardly');
  r = preBattleDuel(ctxOf(d.s, []), d.a, d.b);
  assert.deepEqual(r.penalty, { a: 0.25, b: 0 });
  assert.equal(r.duel, false);
  assert.equal(r.outcome, 'refused');
  // Row 3: FL in both plans → no duel.
  d = duelState('FL, ME', 'ME, FL');
  assert.deepEqual(preBattleDuel(ctxOf(d.s, []), d.a, d.b), { penalty: { a: 0, b: 0 }, duel: false, outcome: 'none' });
  d = duelState('FL, ME', 'FL');
  assert.equal(preBattleDuel(ctxOf(d.s, []), d.a, d.b).duel, false);
  // Row 4: a Cowardly Hero with `ME` refuses per Table 15.1, then bluffs (2/3) or not.
  d = duelState('ME', 'ME', 'Cowardly');
  d.b.talent.El = 1; // equal tiers (1 vs 1): refusal 50 % + 50 % × 0.5 = 75 %
  r = preBattleDuel(ctxOf(d.s, [0.1, 0.5]), d.a, d.b); // refuses (0.1 < 0.75), bluff succeeds (0.5 < 2/3)
  assert.deepEqual(r.penalty, { a: 0, b: 0 });
  assert.equal(r.outcome, 'bluff');
  d = duelState('ME', 'ME', 'Cowardly');
  d.b.talent.El = 1;
  r = preBattleDuel(ctxOf(d.s, [0.1, 0.7]), d.a, d.b); // refuses, bluff fails (0.7 ≥ 2/3)
  assert.deepEqual(r.penalty, { a: 0.25, b: 0 });
  d = duelState('ME', 'ME', 'Cowardly');
  d.b.talent.El = 1;
  assert.equal(preBattleDuel(ctxOf(d.s, thenSeed([0.8])), d.a, d.b, { cast: noSpell }).duel, true); // 0.8 ≥ 0.75: he fights
  assert.deepEqual(r.penalty, { a: 0.25, b: 0 });
  // A Cowardly King never refuses.
  d = duelState('ME', 'ME', 'Cowardly', 'King');
  assert.equal(preBattleDuel(ctxOf(d.s, createRng(2, 'duel')), d.a, d.b, { cast: noSpell }).duel, true);
  // Row 5: both challenge → a duel until death (or flight); the loser −25 %.
  d = duelState('CA-FI, ME', 'CA-PS, ME');
  d.a.talent.El = 1; d.b.talent.Ps = 1;
  r = preBattleDuel(ctxOf(d.s, createRng(5, 'duel')), d.a, d.b, { cast: noSpell });
  assert.equal(r.duel, true);
  assert.equal(r.penalty.a + r.penalty.b, 0.25);
  if (r.died !== undefined) assert.equal(d.s.characters[r.died]!.alive, false);
  // G-84: the Garrison Commander never duels.
  assert.equal(preBattleDuel(ctxOf(d.s, []), null, d.b).duel, false);
});

test('TV-18 initiative: 7 talents + 2 × Ma = 9; ties → lower id first', () => {
  const s = state();
  s.items[1] = { id: 1, kind: 'magic-sword', name: 'Magic sword', category: 'Weapon', talentBonus: { Me: 1 }, holder: 25 };
  const a = char(25, null, 207, {}, { Ta: 2, Ma: 1, Me: 2, Wh: 1 });
  a.items = [1];
  const b = char(12, null, 207, {}, { Ta: 4, Ma: 1, Me: 1, Wh: 1 });
  assert.equal(initiative(s, a), 9);
  assert.equal(initiative(s, b), 9);
  const order = byInitiative(s, [{ char: a, order: null }, { char: b, order: null }]);
  assert.deepEqual(order.map((x) => x.char.id), [12, 25]);
});

test('TV-19 pursuit and track chance (Table 15.5, G-54)', () => {
  near(pursuitChanceFor(cfg, 1, true, 2, false), 1);
  near(pursuitChanceFor(cfg, 0, false, 1, false), 0.5);
  near(pursuitChanceFor(cfg, 0, false, 0, false), 0.5);
  near(pursuitChanceFor(cfg, 2, true, 3, false), 1);
  near(pursuitChanceFor(cfg, 0, false, 5, true), 1);
  near(pursuitChanceFor(cfg, 1, false, 4, false), 0.25);
  const s = state();
  const ctx = ctxOf(s, []);
  near(pursuitChance(ctx, s.characters[3]!, s.characters[5]!), 0.5); // same province: distance floored at 1
  near(pursuitChance(ctx, s.characters[3]!, s.characters[1]!), 1); // same kingdom
});

test('TV-19 PU through execute: a failed pursuit moves one province toward the target and keeps going', () => {
  const s = state();
  s.characters[5]!.province = 406; // two steps away from 207 (207 → 306/307 → 406)
  const ctx = ctxOf(s, [0.9 /* Sp experience */, 0.99 /* pursuit fails */, 0.99 /* random encounter: none */]);
  const c = s.characters[3]!;
  seeCharacter(ctx, c.kingdom!, 5); // PU follows a character the kingdom knows (orders/absent.ts, S8.1)
  PU.execute(ctx, c, 5, slot('PU', 5, 'PU 5'));
  assert.notEqual(c.province, 207);
  assert.equal(c.standing?.pursue, 5);
  assert.ok(ctx.events.some((e) => e.t === 'pursuit-trail'));
});

test('TV-20 stealth: Sp 3 spy 88 %, Th 2 thief 75 %, rolled once in the pre-turn', () => {
  near(unnoticedChance(cfg, 3), 0.88);
  near(unnoticedChance(cfg, 2), 0.75);
  near(unnoticedChance(cfg, 0), 0);
  const s = state();
  s.characters[3]!.talent.Sp = 3;
  s.characters[4]!.talent.Th = 2;
  const mk = (draws: number[]) => {
    const ctx = ctxOf(s, draws);
    ctx.sheets = {
      1: { treaties: [], breaks: [], callVote: false, characters: { 3: { phases: [slot('SP', 207, 'SP 207'), null, null, null, null] } } },
      2: { treaties: [], breaks: [], callVote: false, characters: { 4: { phases: [{ code: 'EN', value: 3, text: 'EN 3', plan: [{ code: 'ST' }] }, null, null, null, null] } } },
    };
    return ctx;
  };
  preTurn(mk([0.87, 0.74]));
  assert.equal(s.characters[3]!.unnoticed, true);
  assert.equal(s.characters[4]!.unnoticed, true);
  assert.equal(s.characters[1]!.unnoticed, false);
  preTurn(mk([0.88, 0.75]));
  assert.equal(s.characters[3]!.unnoticed, false);
  assert.equal(s.characters[4]!.unnoticed, false);
});

test('G-60 refusal and mercy formulas', () => {
  near(refusalChance(cfg, 'Cautious', false, 2, 2), 0.01 + 0.49 * 0.5);
  near(refusalChance(cfg, 'Cowardly', false, 0, 4), 1);
  assert.equal(refusalChance(cfg, 'Cowardly', true, 0, 4), 0);
  assert.equal(refusalChance(cfg, 'Brave', false, 0, 4), 0);
  near(mercyChance(cfg, 'Good', 'Good'), 0.8);
  near(mercyChance(cfg, 'Neutral', 'Evil'), 0.2);
});

test('SE through execute: win → treasure to the treasury and the character; lose → dead with a body', () => {
  for (let seed = 0; seed < 20; seed++) {
    const s = state();
    const c = s.characters[1]!; // King, Me 2
    s.knowledge[1] = { provinces: {}, sites: { 50: { name: 'Grotte Noire', type: 'cave' } }, characters: {}, alignments: {} };
    s.sites[50]!.monster = makeMonster('skeleton-warrior');
    s.sites[50]!.treasure = { gold: 12, items: [7] };
    s.items[7] = { id: 7, kind: 'magic-sword', name: 'Épée magique', category: 'Weapon', talentBonus: { Me: 1 }, site: 50 };
    const ctx = ctxOf(s, createRng(seed, 'se'));
    SE.execute(ctx, c, 50, { code: 'SE', value: 50, text: 'SE 50', plan: [{ code: 'ME' }] });
    if (!s.sites[50]!.monster) {
      assert.equal(s.kingdoms[1]!.treasury, 32);
      assert.ok(c.items.includes(7));
      assert.equal(s.items[7]!.holder, 1);
      assert.equal(s.knowledge[1]!.sites[50]!.cleared, true);
    } else if (!c.alive) {
      assert.equal(c.body?.province, 207);
      assert.ok(ctx.events.some((e) => e.t === 'character-died' && e.role === 'King'));
    }
    for (const e of ctx.events) {
      const r = MESSAGES[e.t];
      if (!r) continue;
      for (const lang of ['fr', 'en'] as const) {
        const line = r(e, { s, kingdom: 1, lang, province: (id) => String(id), character: (id) => `C${id}`, army: (id) => String(id), kingdomName: (id) => `K${id}` });
        assert.ok(line.length > 0 && !line.includes('undefined'), `${e.t}: ${line}`);
      }
    }
  }
});

const TACTIC_ARB = fc.constantFrom<Tactic>(
  { code: 'ME' }, { code: 'FL' }, { code: 'FI' }, { code: 'ST' }, { code: 'TA' }, { code: 'SA', arg: 'Salut !' }, { code: 'SC' },
  { code: 'CA', arg: 'FI' }, { code: 'CA', arg: 'IN' }, { code: 'CA', arg: 'PS' }, { code: 'CA', arg: 'HO' }, { code: 'CA', arg: 'MI' },
  { code: 'CA', arg: 'IC' }, { code: 'CA', arg: 'HA' }, { code: 'CA', arg: 'CH' }, { code: 'CA', arg: 'TE' }, { code: 'CA', arg: 'SP' },
);

test('property: any plan against any catalogue monster terminates, HP floors hold, same draws → same result', () => {
  fc.assert(fc.property(
    fc.array(TACTIC_ARB, { maxLength: 8 }), fc.constantFrom(...MONSTER_KINDS), fc.integer({ min: 0, max: 1_000_000 }),
    fc.constantFrom<Temperament>('Cowardly', 'Cautious', 'Brave', 'Berserk'), fc.integer({ min: 0, max: 4 }),
    (raw, kind, seed, temperament, lvl) => {
      const run = () => {
        const s = state();
        const c = char(30, 1, 207, { temperament }, { Me: lvl, Ar: lvl, Wh: lvl, Ps: lvl, Il: lvl, El: lvl, Ne: lvl, Th: lvl, Dr: lvl });
        s.characters[30] = c;
        s.sites[50]!.monster = makeMonster(kind);
        const plan = validatePlan(s, c, raw, 'action').plan;
        const ctx = ctxOf(s, createRng(seed, 'prop'));
        const a = characterCombatant(ctx, c, 0, plan, 'order');
        const m = monsterCombatant(s.sites[50]!.monster!, 1, 50);
        const enc = newEncounter(ctx, 'search', 207, a, m);
        const end = runEncounter(ctx, enc);
        assert.ok(enc.round <= cfg.maxRounds + 1);
        for (const e of ctx.events) if (typeof e.hp === 'number') assert.ok(e.hp >= 0);
        if (end.kind === 'death') assert.ok(enc.c[end.loser].hp <= 0, 'the loser is dead (G-78)');
        else assert.ok(enc.c[0].hp > 0 && enc.c[1].hp > 0, `${end.kind} with a dead combatant`);
        return JSON.stringify({ end, events: ctx.events });
      };
      assert.equal(run(), run());
    },
  ), { numRuns: 150 });
});

test('scripted rng exhausts loudly (tests can fail)', () => {
  assert.throws(() => scriptedRng([]).next());
});
