/**
 * Encounters: the gaps of the previous round and the audit's fixes (pursuit/track/patrol
 * knowledge, pursuit with armies under MP, the patrol's most threatening intruder, the §7.1
 * "travels with the army" exemption, one wielded weapon and the artifacts' effects, item spells
 * interrupted, quest (d), the hiring cost by TA, the Kill Enemy backlash, a duel-killed general's
 * body carried by his troops).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import type { Item } from '../../src/rulesets/adventurer-kings/state.ts';
import type { CombatSpellFn } from '../../src/rulesets/adventurer-kings/encounters/types.ts';
import { characterCombatant, monsterCombatant } from '../../src/rulesets/adventurer-kings/encounters/combatant.ts';
import { runEncounter } from '../../src/rulesets/adventurer-kings/encounters/engine.ts';
import { newEncounter } from '../../src/rulesets/adventurer-kings/encounters/setup.ts';
import { meleeChance } from '../../src/rulesets/adventurer-kings/encounters/formulas.ts';
import { pickTactic } from '../../src/rulesets/adventurer-kings/encounters/tactics.ts';
import { patrolCheck, pursueStep, trackStep, startPatrol, carryBodies } from '../../src/rulesets/adventurer-kings/encounters/pursuit.ts';
import { randomEncounterCheck } from '../../src/rulesets/adventurer-kings/encounters/random.ts';
import { escratch } from '../../src/rulesets/adventurer-kings/encounters/scratch.ts';
import { fulfil, talk } from '../../src/rulesets/adventurer-kings/encounters/talk.ts';
import { preBattleDuel } from '../../src/rulesets/adventurer-kings/encounters/duel.ts';
import { killBacklashEncounter } from '../../src/rulesets/adventurer-kings/encounters/backlash.ts';
import { killBacklash } from '../../src/rulesets/adventurer-kings/magic/backlash.ts';
import { provinceKnowledge } from '../../src/rulesets/adventurer-kings/knowledge/knowledge.ts';
import { wageAsked } from '../../src/rulesets/adventurer-kings/kingdom/heroes.ts';
import { makeMonster } from '../../src/rulesets/adventurer-kings/world/monsters.ts';
import { distance } from '../../src/rulesets/adventurer-kings/world/geometry.ts';
import { MESSAGES } from '../../src/rulesets/adventurer-kings/encounters/messages.ts';
import { army, char, ctxOf, state } from './magic-fixture.ts';

const seeded = (seed: number) => createRng(seed, 'enc-gaps');

function item(s: ReturnType<typeof state>, id: number, kind: string, category: Item['category'], holder: number, extra: Partial<Item> = {}): Item {
  const it: Item = { id, kind, name: kind, category, holder, ...extra };
  s.items[id] = it;
  s.characters[holder]!.items.push(id);
  return it;
}

// ── gap 1: moves by pursuit, tracking and patrol teach the kingdom (enterProvince, G-50) ──

test('gap 1: a pursuit or a track step enters the province for the kingdom (G-50), like MO', () => {
  for (const kind of ['PU', 'TR'] as const) {
    const s = state();
    s.characters[5]!.province = 406;
    const ctx = ctxOf(s, seeded(3));
    ctx.rng = { ...ctx.rng, chance: (p: number) => p >= 1 } as typeof ctx.rng; // every roll below 100 % fails: the trail
    const c = s.characters[3]!;
    if (kind === 'PU') pursueStep(ctx, c, 5, []); else trackStep(ctx, c, 5);
    assert.notEqual(c.province, 207, kind);
    assert.ok(provinceKnowledge(s, 1, c.province).pct > 1, `${kind}: the province entered is explored as on entry`);
  }
});

// ── gap 2: pursuit with armies on both sides uses the armies' movement rules ──

test('gap 2: a pursuer leading armies marches by the MP rules: no MP left → no move, the pursuit ends', () => {
  const s = state();
  s.provinces[206]!.owner = 2;
  s.characters[4]!.province = 206;
  s.armies[10] = army(10, 207, 1, { leader: 3, status: 'Led', mpUsed: 2 }); // LE: speed 2, all spent
  s.armies[11] = army(11, 206, 2, { leader: 4, status: 'Led' });
  const ctx = ctxOf(s, seeded(5));
  pursueStep(ctx, s.characters[3]!, 4, []);
  assert.equal(s.characters[3]!.province, 207);
  assert.equal(s.armies[10]!.province, 207);
  assert.ok(ctx.events.some((e) => e.t === 'pursuit-blocked'));
  assert.equal(s.characters[3]!.standing?.pursue, undefined);
  assert.ok(MESSAGES['pursuit-blocked']);
});

test('gap 2: with MP, the pursuer and his armies march to the target (MP spent, invasion for the battle)', () => {
  const s = state();
  s.provinces[206]!.owner = 2;
  s.characters[4]!.province = 206;
  s.armies[10] = army(10, 207, 1, { leader: 3, status: 'Led' });
  s.armies[11] = army(11, 206, 2, { leader: 4, status: 'Led' });
  const ctx = ctxOf(s, seeded(5));
  pursueStep(ctx, s.characters[3]!, 4, []); // Sp 0: 50 % × 2 (target leads an army) / distance 1 = 100 %
  assert.equal(s.characters[3]!.province, 206);
  assert.equal(s.armies[10]!.province, 206);
  assert.ok(s.armies[10]!.mpUsed >= 1, 'the armies spent their MP');
  assert.ok(ctx.events.some((e) => e.t === 'pursuit-caught'));
  assert.ok(provinceKnowledge(s, 1, 206).pct > 1);
});

// ── gap 3: the patrol intercepts the most threatening intruder ──

test('gap 3: among intruders who ended an action in the area this phase, the patrol takes the most threatening (G-55)', () => {
  const s = state();
  const p = s.characters[3]!;
  p.talent.Me = 6;
  s.characters[6] = char(6, 2, 207, { alignment: 'Pagan' }, { Me: 1 }); // weak intruder
  s.characters[4]!.talent.Me = 3; // strong intruder (El 4, Me 3)
  const ctx = ctxOf(s, seeded(9));
  patrolCheck(ctx, s.characters[4]!); // the strong one acts before the patrol starts
  assert.ok(startPatrol(ctx, p));
  patrolCheck(ctx, s.characters[6]!); // then the weak one acts: the patrol watches both
  const ic = ctx.events.find((e) => e.t === 'patrol-intercept');
  assert.ok(ic, 'an interception');
  assert.equal(ic.intruder, 4);
  assert.equal(ctx.events.filter((e) => e.t === 'patrol-intercept').length, 1, 'one interception per patrol and phase');
});

test('gap 1 (patrol): a patroller led astray enters the province he strays into', () => {
  const s = state();
  const p = s.characters[3]!;
  p.talent.Me = 6;
  s.characters[4]!.province = 206;
  const ctx = ctxOf(s, seeded(2));
  startPatrol(ctx, p);
  ctx.rng = { ...ctx.rng, chance: () => false, pick: <T>(xs: readonly T[]) => xs[0]! } as typeof ctx.rng;
  patrolCheck(ctx, s.characters[4]!); // Sp 0 next door: 50 % → missed
  const miss = ctx.events.find((e) => e.t === 'patrol-missed');
  assert.ok(miss);
  assert.ok(provinceKnowledge(s, 1, p.province).pct > 1);
});

// ── gap 4: §7.1 — travelling with an army ──

test('gap 4: a character who began the phase with an army leader and followed him has no random encounter (§7.1)', () => {
  const s = state();
  s.characters[6] = char(6, 1, 207, {}, {});
  s.armies[10] = army(10, 207, 1, { leader: 6, status: 'Led' });
  const ctx = ctxOf(s, [0.0, 0.0, 0.0, 0.0, 0.0]);
  escratch(ctx); // start of the phase: both in 207
  s.characters[6]!.province = 306; s.armies[10]!.province = 306; // the leader marches first
  s.characters[3]!.province = 306; // the Hero follows him
  const r = randomEncounterCheck(ctx, s.characters[3]!, 306);
  assert.equal(r.encounter, false);
  assert.ok(!ctx.events.some((e) => e.t === 'random-encounter'));
});

test('gap 4: not exempt when the leader started elsewhere, nor for exploring with one\'s own army (Table 15.9: move or pursue only)', () => {
  const s = state();
  s.characters[6] = char(6, 1, 106, {}, {});
  s.armies[10] = army(10, 106, 1, { leader: 6, status: 'Led' });
  const ctx = ctxOf(s, seeded(1));
  escratch(ctx);
  s.characters[6]!.province = 306; s.armies[10]!.province = 306;
  s.characters[3]!.province = 306;
  ctx.rng = { ...ctx.rng, chance: (p: number) => { throw new Error(`drawn ${p}`); } } as typeof ctx.rng;
  assert.throws(() => randomEncounterCheck(ctx, s.characters[3]!, 306), /drawn 0\.075/); // Mountain 15 %, halved at home: the check is made
  // A leader exploring where he stands (EX with his army): the check is made (half in his own province).
  assert.throws(() => randomEncounterCheck(ctx, s.characters[6]!, 306), /drawn 0.075/);
});

// ── gap 5: one weapon wielded; Holy and Invisible Swords; item spells interrupted ──

test('gap 5: two magic weapons: the best counts, not both; US n at the start of the plan chooses; US n later switches', () => {
  const s = state();
  const c = s.characters[3]!;
  c.talent.Me = 1;
  item(s, 31, 'magic-sword', 'Weapon', 3, { talentBonus: { Me: 1 } });
  item(s, 32, 'great-sword', 'Weapon', 3, { talentBonus: { Me: 2 } });
  const ctx = ctxOf(s, seeded(4));
  assert.equal(characterCombatant(ctx, c, 0, [{ code: 'ME' }], 'order').melee, 3); // 1 + 2, not 1 + 1 + 2
  const chosen = characterCombatant(ctx, c, 0, [{ code: 'US', arg: '31' }, { code: 'ME' }], 'order');
  assert.equal(chosen.melee, 2);
  const m = monsterCombatant(makeMonster('troll'), 1, 50);
  const enc = newEncounter(ctx, 'search', 207, characterCombatant(ctx, c, 0, [{ code: 'US', arg: '31' }, { code: 'CA', arg: 'HO' }, { code: 'US', arg: '32' }, { code: 'ME' }], 'order'), m);
  const a = enc.c[0];
  a.pos = 2; // the plan reaches "US 32"
  const pick = pickTactic(ctx, enc, a, m);
  assert.equal(pick?.t.code, 'ME');
  assert.equal(a.melee, 4, 'switched to the great sword: 1 + 2, + 1 Neutral duellist (G-80)');
  assert.ok(ctx.events.some((e) => e.t === 'enc-weapon' && e.item === 32));
});

test('gap 5: Holy Sword casts Holy Symbol at the start vs undead; Invisible Sword ×0.9 on the opponent\'s melee chance (G-17)', () => {
  const s = state();
  const c = s.characters[3]!;
  item(s, 41, 'holy-sword', 'Artifact', 3, { talentBonus: { Me: 2 } });
  const calls: string[] = [];
  const spy: CombatSpellFn = (_ctx, _enc, _c, _t, spell, opts) => { calls.push(`${spell}:${opts.item}:${opts.level}`); return { success: true }; };
  const ctx = ctxOf(s, seeded(6));
  ctx.cfg = { ...ctx.cfg, encounters: { ...ctx.cfg.encounters, maxRounds: 1 } };
  runEncounter(ctx, newEncounter(ctx, 'search', 207, characterCombatant(ctx, c, 0, [{ code: 'ME' }], 'order'), monsterCombatant(makeMonster('spectre'), 1, 50)), { cast: spy });
  assert.deepEqual(calls, ['HO:41:2']);
  calls.length = 0;
  runEncounter(ctx, newEncounter(ctx, 'search', 207, characterCombatant(ctx, c, 0, [{ code: 'ME' }], 'order'), monsterCombatant(makeMonster('troll'), 1, 50)), { cast: spy });
  assert.deepEqual(calls, [], 'not against the living');

  const s2 = state();
  item(s2, 42, 'invisible-sword', 'Artifact', 3, { talentBonus: { Me: 2 } });
  s2.characters[3]!.talent.Me = 0;
  const ctx2 = ctxOf(s2, seeded(6));
  const holder = characterCombatant(ctx2, s2.characters[3]!, 1, [], 'special');
  const troll = monsterCombatant(makeMonster('troll'), 0, 50);
  troll.melee = 2; // Me 2 vs Me 2 (the sword's +2): 50 % × 0.9
  assert.ok(Math.abs(meleeChance(ctx2.cfg.encounters, troll, holder) - 0.45) < 1e-9);
});

test('gap 5: a spell item is interrupted like a spell (G-23) and keeps its charge', () => {
  const s = state();
  const c = s.characters[3]!;
  const wand = item(s, 51, 'wand-of-fireballs', 'SpellItem', 3, { spell: 'FI', charges: 3 });
  const ctx = ctxOf(s, [0.0 /* the troll hits */, 0.99 /* d6 = 6 */, 0.0 /* interrupted */]);
  ctx.cfg = { ...ctx.cfg, encounters: { ...ctx.cfg.encounters, maxRounds: 1 } };
  const enc = newEncounter(ctx, 'search', 207, characterCombatant(ctx, c, 0, [{ code: 'US', arg: '51' }], 'order'), monsterCombatant(makeMonster('troll'), 1, 50));
  enc.range = 2; // melee: physical attacks first
  const noSpell: CombatSpellFn = () => ({ success: true });
  runEncounter(ctx, enc, { cast: noSpell });
  assert.ok(ctx.events.some((e) => e.t === 'enc-interrupted'));
  assert.equal(wand.charges, 3);
});

// ── gap 6: quest (d) and the hiring cost ──

test('gap 6: a site monster may ask for a visit to province Z (G-20 d); FU is met once he has stood there', () => {
  const s = state();
  s.sites[50]!.monster = makeMonster('troll');
  const c = s.characters[3]!;
  const ctx = ctxOf(s, seeded(8));
  ctx.rng = { ...ctx.rng, next: () => 0.999, pick: <T>(xs: readonly T[]) => xs[xs.length - 1]! } as typeof ctx.rng;
  const a = characterCombatant(ctx, c, 0, [{ code: 'TA' }], 'order');
  const b = monsterCombatant(s.sites[50]!.monster!, 1, 50);
  const enc = newEncounter(ctx, 'search', 207, a, b);
  assert.equal(talk(ctx, enc, a, b), 'quest');
  const q = c.quests![0]!;
  assert.equal(q.kind, 'visit');
  assert.ok(q.target !== 207 && s.provinces[q.target!]!.terrain !== 'Sea' && distance(207, q.target!) <= 3);
  // Not yet visited: FU fails.
  const ctx2 = ctxOf(s, seeded(8));
  assert.equal(fulfil(ctx2, enc, a, b), 'fail');
  // He goes there (the turn's after-action check records it) and comes back.
  c.province = q.target!;
  patrolCheck(ctx2, c);
  c.province = 207;
  const ctx3 = ctxOf(s, [0.0 /* the monster pays */, 0.0, 0.0 /* 2d6 gold */]);
  assert.equal(fulfil(ctx3, enc, a, b), 'paid');
});

test('gap 6: TA to an unemployed Hero reports the G-10 hiring cost for this King, not his current wage', () => {
  const s = state();
  const hero = s.characters[5]!;
  hero.wage = 99;
  const ctx = ctxOf(s, seeded(12));
  const a = characterCombatant(ctx, s.characters[3]!, 0, [{ code: 'TA' }], 'order');
  const b = characterCombatant(ctx, hero, 1, [], 'special');
  const enc = newEncounter(ctx, 'meet', 207, a, b);
  assert.equal(talk(ctx, enc, a, b), 'talk');
  const ev = ctx.events.find((e) => e.t === 'enc-talk')!;
  const info = ev.info as { wage?: number };
  assert.equal(info.wage, wageAsked(s, ctx.cfg.kingdom.hiring, hero, 1, ctx.rng));
  assert.notEqual(info.wage, 99);
});

test('audit (G-20): TA to a character whose plan uses a weapon (US n) is refused: that plan is aggressive', () => {
  const s = state();
  item(s, 31, 'magic-sword', 'Weapon', 5, { talentBonus: { Me: 1 } });
  const ctx = ctxOf(s, seeded(12));
  const a = characterCombatant(ctx, s.characters[3]!, 0, [{ code: 'TA' }], 'order');
  const b = characterCombatant(ctx, s.characters[5]!, 1, [{ code: 'US', arg: '31' }], 'special');
  assert.equal(talk(ctx, newEncounter(ctx, 'meet', 207, a, b), a, b), 'attack');
});

// ── gap 7: the Kill Enemy backlash runs through the engine ──

test('gap 7: a failed KI: the victim attacks Berserk (Rage, FL removed, never flees) and the outcome is applied', () => {
  for (const run of ['magic', 'encounters'] as const) {
    const s = state();
    const victim = s.characters[4]!;
    victim.temperament = 'Cowardly';
    victim.specialPlan = [{ code: 'FL' }, { code: 'ME' }];
    const caster = s.characters[3]!;
    caster.temperament = 'Berserk';
    caster.specialPlan = [{ code: 'ME' }];
    const ctx = ctxOf(s, seeded(21));
    if (run === 'magic') killBacklash(ctx, victim, caster); else killBacklashEncounter(ctx, victim, caster);
    const start = ctx.events.find((e) => e.t === 'enc-start');
    assert.equal(start?.cause, 'kill-backlash', run);
    assert.ok(!ctx.events.some((e) => e.t === 'enc-flee' && e.who === 4), `${run}: the Berserk victim never flees`);
    const end = ctx.events.find((e) => e.t === 'enc-end')!;
    const endKind = (end.end as { kind: string }).kind;
    assert.ok(endKind === 'death' || endKind === 'rounds' || endKind === 'fled', run);
    if (endKind === 'death') assert.ok(!victim.alive || !caster.alive, `${run}: the death is applied`);
  }
});

// ── gap 8: a general killed in a pre-battle duel: his troops carry his body ──

test('gap 8: the body of a general killed in the pre-battle duel goes with his surviving troops (§15.13i, S5.1.5)', () => {
  for (let seed = 1; seed < 40; seed++) {
    const s = state();
    const a = s.characters[3]!, b = s.characters[4]!;
    for (const c of [a, b]) { c.temperament = 'Berserk'; c.specialPlan = [{ code: 'ME' }]; c.talent.Me = 1; }
    s.armies[10] = army(10, 207, 1, { leader: 3, status: 'Led' });
    s.armies[11] = army(11, 207, 2, { leader: 4, status: 'Led' });
    const ctx = ctxOf(s, seeded(seed));
    const r = preBattleDuel(ctx, a, b);
    if (r.died === undefined) continue;
    const dead = s.characters[r.died]!;
    const carrier = r.died === 3 ? 10 : 11;
    assert.equal(dead.body?.carriedByArmy, carrier);
    assert.equal(dead.body?.carriedByArmyOf, undefined, 'not a kingdom id where magic reads a character id');
    s.armies[carrier]!.province = 306; // the troops retreat
    carryBodies(ctx);
    assert.equal(dead.body?.province, 306);
    return;
  }
  assert.fail('no duel to the death in 40 seeds');
});
