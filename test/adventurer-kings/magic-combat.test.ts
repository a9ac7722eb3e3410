/** Combat spells (rules S3.3–S3.7, §6.6): TV-06 … TV-09 and each spell's effect on the combatants. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { castCombatSpell, freezeOutcome, holySymbolFactor, mirrorCasterDisbelief, mirrorDisbelief } from '../../src/rulesets/adventurer-kings/magic/combat.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import { monsterCombatant } from '../../src/rulesets/adventurer-kings/encounters/combatant.ts';
import { protectionFactor } from '../../src/rulesets/adventurer-kings/encounters/formulas.ts';
import type { Combatant, EncounterState } from '../../src/rulesets/adventurer-kings/encounters/types.ts';
import type { Monster, Tactic } from '../../src/rulesets/adventurer-kings/state.ts';
import { MESSAGES } from '../../src/rulesets/adventurer-kings/magic/messages.ts';
import { ctxOf, state } from './magic-fixture.ts';

const cfg = resolveConfig({}).magic;
const OK = 0.0;
const FAIL = 0.99;

function monster(over: Partial<Monster> = {}): Monster {
  return {
    kind: 'troll', name: 'Troll', hp: 16, melee: 2, damage: [1, 8], missile: 0, speed: 'medium', intelligence: 'animal',
    flags: {}, alignment: 'Evil', ...over,
  };
}
function hero(side: 0 | 1, magic: Combatant['magic'], plan: Tactic[] = []): Combatant {
  const c = monsterCombatant(monster({ name: 'Mage', hp: 10, intelligence: 'human', flags: { humanoid: true } }), side);
  return { ...c, kind: 'character', id: 3, magic, plan, temperament: 'Brave', alignment: 'Neutral' };
}
function enc(a: Combatant, b: Combatant, range: 0 | 1 | 2 = 0): EncounterState {
  return { cause: 'meet', at: 207, c: [a, b], range, round: 1, to: [1] };
}

test('TV-06 protective stacking: Holy Symbol 50 → 45 %, vs a Vampire at L2 → 30 % and 2d4, with Invisibility → 22.5 %', () => {
  assert.equal(50 * holySymbolFactor(cfg, 1, false), 45);
  assert.equal(50 * holySymbolFactor(cfg, 2, true), 30);
  // Through the spell: L1 HO, then IN, on a troll whose base chance is 50 %.
  const ctx = ctxOf(state(), [OK, OK]);
  const me = hero(0, { Wh: 1, Il: 1 });
  const troll = monsterCombatant(monster(), 1);
  const e = enc(me, troll);
  assert.deepEqual(castCombatSpell(ctx, e, me, troll, 'HO', { level: 1 }), { success: true });
  assert.deepEqual(castCombatSpell(ctx, e, me, troll, 'IN', { level: 1 }), { success: true });
  assert.equal(Math.round(50 * protectionFactor(troll, me, true) * 1000) / 1000, 22.5);
  // Two 50 % reductions leave 25 %.
  assert.equal(0.5 * 0.5, 0.25);
  // A Vampire (undead) at L2: hit factor 0.6 and 2d4 damage (draws 0 and 0.99 → 1 + 4).
  const c2 = ctxOf(state(), [OK, 0.0, 0.99]);
  const vamp = monsterCombatant(monster({ name: 'Vampire', hp: 20, flags: { undead: true } }), 1);
  const m2 = hero(0, { Wh: 2 });
  castCombatSpell(c2, enc(m2, vamp), m2, vamp, 'CA-HO', { level: 2 });
  assert.equal(vamp.effects[0]!.hitFactor, 0.6);
  assert.equal(vamp.hp, 15);
});

test('TV-07 Freeze: partial attacks, full suspension, flying, ghosts', () => {
  assert.deepEqual(freezeOutcome(cfg, 16, 1), { suspended: false, attacks: 1 });
  assert.deepEqual(freezeOutcome(cfg, 16, 2), { suspended: false, attacks: 2 });
  assert.deepEqual(freezeOutcome(cfg, 9, 2), { suspended: false, attacks: 3 });
  assert.deepEqual(freezeOutcome(cfg, 8, 2), { suspended: true });
  // Partial: the victim is held for 1 round.
  const ctx = ctxOf(state(), [OK]);
  const me = hero(0, { El: 1 }, [{ code: 'CA', arg: 'IC' }, { code: 'ME' }]);
  const troll = monsterCombatant(monster(), 1);
  castCombatSpell(ctx, enc(me, troll), me, troll, 'IC', { level: 1 });
  assert.equal(troll.stunned, 1);
  // Full suspension and the next tactic is FL: flee at once, loose items taken (G-32).
  const c2 = ctxOf(state(), [OK]);
  const m2 = hero(0, { El: 2 }, [{ code: 'CA', arg: 'IC' }, { code: 'FL' }]);
  const t2 = monsterCombatant(monster({ hp: 8 }), 1);
  const e2 = enc(m2, t2);
  castCombatSpell(c2, e2, m2, t2, 'IC', { level: 2 });
  assert.deepEqual(e2.end, { kind: 'frozen', by: 0 });
  assert.equal(e2.looseItemsTaken, true);
  // Full suspension, next tactic ME: 3 unopposed attacks.
  const c3 = ctxOf(state(), [OK]);
  const m3 = hero(0, { El: 2 }, [{ code: 'CA', arg: 'IC' }, { code: 'ME' }]);
  const t3 = monsterCombatant(monster({ hp: 8 }), 1);
  const e3 = enc(m3, t3);
  castCombatSpell(c3, e3, m3, t3, 'IC', { level: 2 });
  assert.equal(e3.end, undefined);
  assert.equal(t3.stunned, 3);
  // Flying: 5–10 damage and 1–3 attacks.
  const c4 = ctxOf(state(), [OK, 0.99, 0.0]);
  const eagle = monsterCombatant(monster({ hp: 30, flags: { flying: true } }), 1);
  castCombatSpell(c4, enc(m3, eagle), m3, eagle, 'IC', { level: 1 });
  assert.equal(eagle.hp, 20);
  assert.equal(eagle.stunned, 1);
  // Ghost: no effect.
  const c5 = ctxOf(state(), [OK]);
  const ghost = monsterCombatant(monster({ hp: 5, flags: { undead: true, incorporeal: true } }), 1);
  castCombatSpell(c5, enc(m3, ghost), m3, ghost, 'IC', { level: 4 });
  assert.equal(ghost.stunned, 0);
  assert.equal(ghost.suspended, undefined);
});

test('TV-08 Mirror Image disbelief per round; the caster\'s disbelief (G-30)', () => {
  assert.equal(mirrorDisbelief(cfg, 'human', 2), 0.5);
  assert.equal(mirrorDisbelief(cfg, 'animal', 2), 0.1);
  assert.equal(mirrorDisbelief(cfg, 'divine', 4), 0.6);
  assert.equal(mirrorDisbelief(cfg, 'mechanical', 2), 0);
  assert.deepEqual([1, 2, 3, 4].map((l) => mirrorCasterDisbelief(cfg, l)), [0.9, 0.75, 0.6, 0.45]);
  // Casting creates the image with the victim's characteristics; a second image dispels both.
  const ctx = ctxOf(state(), [OK, OK]);
  const me = hero(0, { Il: 2 });
  const troll = monsterCombatant(monster(), 1);
  const e = enc(me, troll);
  castCombatSpell(ctx, e, me, troll, 'MI', { level: 2 });
  assert.deepEqual(e.mirror, { caster: 0, level: 2, hp: 16, melee: 2, damage: [1, 8], turned: false });
  castCombatSpell(ctx, e, troll, me, 'MI', { level: 1 });
  assert.equal(e.mirror, undefined);
});

test('TV-09 damage spells: Fireball at El 3 → 4..11; Telekinetic Storm at bow range → 4d4 and a 2d4 backlash', () => {
  for (const [draw, dmg] of [[0.0, 4], [0.999, 11]] as const) {
    const ctx = ctxOf(state(), [OK, draw]);
    const me = hero(0, { El: 3 });
    const troll = monsterCombatant(monster({ hp: 30 }), 1);
    castCombatSpell(ctx, enc(me, troll), me, troll, 'FI', { level: 3 });
    assert.equal(troll.hp, 30 - dmg);
  }
  const ctx = ctxOf(state(), [OK, 0, 0, 0, 0.99, 0.99, 0.99]); // 4d4 = 1+1+1+4; backlash 2d4 = 4+4
  const me = hero(0, { Ps: 1 });
  const troll = monsterCombatant(monster({ hp: 30 }), 1);
  castCombatSpell(ctx, enc(me, troll, 1), me, troll, 'TE', { level: 1 });
  assert.equal(troll.hp, 23);
  assert.equal(me.hp, 2);
  // Underwater monsters are untouched.
  const c2 = ctxOf(state(), [OK]);
  const kraken = monsterCombatant(monster({ hp: 30, flags: { underwater: true } }), 1);
  castCombatSpell(c2, enc(me, kraken), me, kraken, 'FI', { level: 3 });
  assert.equal(kraken.hp, 30);
});

test('failed and item casts: a failed roll does nothing; an item always succeeds', () => {
  const ctx = ctxOf(state(), [FAIL]);
  const me = hero(0, { El: 1 });
  const troll = monsterCombatant(monster({ hp: 30 }), 1);
  assert.deepEqual(castCombatSpell(ctx, enc(me, troll), me, troll, 'FI', { level: 1 }), { success: false });
  assert.equal(troll.hp, 30);
  const c2 = ctxOf(state(), [0.0]); // only the damage die
  const r = castCombatSpell(c2, enc(me, troll), me, troll, 'FI', { level: 2, item: 31 });
  assert.equal(r.success, true);
  assert.equal(troll.hp, 27);
  // No talent and no item: skipped.
  assert.deepEqual(castCombatSpell(c2, enc(me, troll), me, troll, 'FI', { level: 0 }), { success: false, skipped: true });
});

test('Confusion, Psychic Wind, Charm, Invisibility, Hand of Death, Kill Enemy, Control Undead', () => {
  const me = hero(0, { Wh: 2, Ps: 2, Ne: 3 });
  // Confusion vs a human: no spells, no missiles, −1 damage at L2.
  const c1 = ctxOf(state(), [OK]);
  const foe = hero(1, {});
  castCombatSpell(c1, enc(me, foe), me, foe, 'SP', { level: 2 });
  assert.deepEqual([foe.effects[0]!.noSpells, foe.effects[0]!.noMissiles, foe.effects[0]!.damageMinus], [true, true, 1]);
  // Vs an animal: ¼ per level (0.5 at L2, rounded at random: draw 0.4 < 0.5 → 1) and a 50 % ban.
  const c1b = ctxOf(state(), [OK, 0.4]);
  const wolf = monsterCombatant(monster({ intelligence: 'animal' }), 1);
  castCombatSpell(c1b, enc(me, wolf), me, wolf, 'SP', { level: 2 });
  assert.deepEqual([wolf.effects[0]!.damageMinus, wolf.effects[0]!.banChance], [1, 0.5]);
  // Vs a golem (mechanical): nothing.
  const golem = monsterCombatant(monster({ flags: { mechanical: true } }), 1);
  castCombatSpell(ctxOf(state(), [OK]), enc(me, golem), me, golem, 'SP', { level: 2 });
  assert.equal(golem.effects.length, 0);
  // Psychic Wind: 2–5 rounds dazed.
  const c2 = ctxOf(state(), [OK, 0.99]);
  const t2 = monsterCombatant(monster(), 1);
  castCombatSpell(c2, enc(me, t2), me, t2, 'PS', { level: 2 });
  assert.equal(t2.stunned, 5);
  // Charm ends the encounter.
  const e3 = enc(me, monsterCombatant(monster(), 1));
  castCombatSpell(ctxOf(state(), [OK]), e3, me, e3.c[1], 'CH', { level: 2 });
  assert.deepEqual(e3.end, { kind: 'charmed', by: 0 });
  // Hand of Death: victim halved in melee, no spells or missiles, drain 1 + ½ × 3 = 2.5; caster defends at Ne.
  const t4 = monsterCombatant(monster(), 1);
  castCombatSpell(ctxOf(state(), [OK]), enc(me, t4), me, t4, 'HA', { level: 3 });
  const ha = t4.effects.find((x) => x.kind === 'HA')!;
  assert.deepEqual([ha.meleeHitFactor, ha.noSpells, ha.noMissiles, ha.drain, ha.endsWhenCasterHitInMelee], [0.5, true, true, 2.5, true]);
  assert.equal(me.effects.find((x) => x.kind === 'HA-caster')?.level, 3);
  // Kill Enemy: kills a mortal; a King is immune; a failure makes the victim Berserk.
  const t5 = hero(1, {});
  castCombatSpell(ctxOf(state(), [OK]), enc(me, t5), me, t5, 'KI', { level: 3 });
  assert.equal(t5.hp, 0);
  const s = state();
  const king = { ...hero(1, {}), id: 2, char: s.characters[2]! };
  castCombatSpell(ctxOf(s, [OK]), enc(me, king), me, king, 'KI', { level: 3 });
  assert.equal(king.hp, 10);
  const t6 = { ...hero(1, {}), temperament: 'Cautious' as const };
  castCombatSpell(ctxOf(state(), [FAIL, 0.0]), enc(me, t6), me, t6, 'KI', { level: 3 });
  assert.equal(t6.temperament, 'Berserk');
  assert.equal(t6.hp, 11);
  // Control Undead: destroys; a failure gives 50–100 % more HP; a living target skips the tactic.
  const v1 = monsterCombatant(monster({ hp: 20, flags: { undead: true } }), 1);
  castCombatSpell(ctxOf(state(), [OK]), enc(me, v1), me, v1, 'CO', { level: 3 });
  assert.equal(v1.hp, 0);
  const v2 = monsterCombatant(monster({ hp: 20, flags: { undead: true } }), 1);
  castCombatSpell(ctxOf(state(), [FAIL, 0.0]), enc(me, v2), me, v2, 'CO', { level: 3 });
  assert.equal(v2.hp, 30);
  assert.deepEqual(castCombatSpell(ctxOf(state(), []), enc(me, t5), me, hero(1, {}), 'CO', { level: 3 }), { success: false, skipped: true });
});

test('combat spell events render in French and English', () => {
  const ctx = ctxOf(state(), [OK]);
  const me = hero(0, { Wh: 1 });
  const troll = monsterCombatant(monster(), 1);
  castCombatSpell(ctx, enc(me, troll), me, troll, 'HO', { level: 1 });
  const ev = ctx.events[0]!;
  const env = (lang: 'fr' | 'en') => ({ s: ctx.s, kingdom: 1, lang, province: String, character: String, army: String, kingdomName: String });
  assert.match(MESSAGES['enc-spell']!(ev, env('en')), /golden mist in the shape of a cross formed around Mage/);
  assert.match(MESSAGES['enc-spell']!(ev, env('fr')), /brume dorée en forme de croix/);
});
