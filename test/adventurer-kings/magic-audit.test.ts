/**
 * Magic audit (rules S3, G-17, G-28, G-95, §4.2c): Bless merit counted once, the Horn of Neptune's
 * charges per turn, combat Charm's Undead corruption, Resurrect and the items of the dead,
 * Clairvoyance's "Visions of …" marking, the G-95 reset on joining a special kingdom.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seeCharacter } from '../../src/rulesets/adventurer-kings/knowledge/knowledge.ts';
import { castCombatSpell } from '../../src/rulesets/adventurer-kings/magic/combat.ts';
import { endOfTurn, preTurn } from '../../src/rulesets/adventurer-kings/magic/hooks.ts';
import { monsterCombatant } from '../../src/rulesets/adventurer-kings/encounters/combatant.ts';
import type { Combatant, EncounterState } from '../../src/rulesets/adventurer-kings/encounters/types.ts';
import type { TurnCtx } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import { cast, ctxOf, state, thenSeeded } from './magic-fixture.ts';

const OK = 0.0;
const NOEXP = 0.99;

const last = (ctx: TurnCtx, t: string) => [...ctx.events].reverse().find((e) => e.t === t)!;

test('Bless twice on one province in one turn: one Blessing, +1 Grand Priest only (§4.1c no stacking, Table 15.10)', () => {
  const s = state();
  const k = s.characters[1]!;
  const ctx = ctxOf(s, [OK, NOEXP, OK, NOEXP]);
  cast(ctx, k, 'CA BL 207');
  cast(ctx, k, 'CA BL 207');
  assert.equal(last(ctx, 'spell-cast').outcome, 'already');
  assert.equal(k.merit.Priest, 1);
});

test('G-17 Horn of Neptune: 3 charges per turn, restored at the start of each turn; ordinary wands are not', () => {
  const s = state();
  s.items[31] = { id: 31, kind: 'horn-of-neptune', name: 'Horn of Neptune', category: 'Artifact', spell: 'PA', charges: 0, holder: 1 };
  s.items[32] = { id: 32, kind: 'crystal-ball', name: 'Crystal ball', category: 'SpellItem', spell: 'CL', charges: 0, holder: 1 };
  s.characters[1]!.items = [31, 32];
  preTurn(ctxOf(s));
  assert.equal(s.items[31]!.charges, 3);
  assert.equal(s.items[32]!.charges, 0);
});

test('G-28 combat Charm by an Undead King corrupts a Hero (talents ≤ 8: Undead at once); by a Hero it does not', () => {
  const s = state();
  s.kingdoms[1]!.alignment = 'Undead';
  const king = s.characters[1]!;
  king.alignment = 'Undead';
  const victim = s.characters[5]!; // wandering Good Hero, talents total 3
  const base = monsterCombatant({ kind: 'x', name: 'X', hp: 10, melee: 1, damage: [1, 6], missile: 0, speed: 'medium', intelligence: 'human', flags: { humanoid: true }, alignment: 'Good' }, 0);
  const me: Combatant = { ...base, side: 0, kind: 'character', id: 1, char: king, alignment: 'Undead', magic: { Ne: 2 } };
  const him: Combatant = { ...base, side: 1, kind: 'character', id: 5, char: victim, alignment: 'Good', magic: {} };
  const enc: EncounterState = { cause: 'meet', at: 207, c: [me, him], range: 0, round: 1, to: [1] };
  const ctx = ctxOf(s, [OK]);
  assert.deepEqual(castCombatSpell(ctx, enc, me, him, 'CH', { level: 2 }), { success: true });
  assert.equal(victim.alignment, 'Undead');
  assert.equal(him.alignment, 'Undead');
  assert.equal(last(ctx, 'enc-spell').alignment, 'Undead');
  // A Hero of the Undead kingdom (not the King) charms without corrupting.
  const s2 = state();
  s2.kingdoms[1]!.alignment = 'Undead';
  const hero = s2.characters[3]!;
  hero.alignment = 'Undead';
  const v2 = s2.characters[5]!;
  const me2: Combatant = { ...me, id: 3, char: hero };
  const him2: Combatant = { ...him, char: v2 };
  castCombatSpell(ctxOf(s2, [OK]), { ...enc, c: [me2, him2] }, me2, him2, 'CH', { level: 1 });
  assert.equal(v2.alignment, 'Good');
});

test('G-17 Resurrect: items still listed on the dead are left unheld, never destroyed; he comes back with none', () => {
  const s = state();
  const dead = s.characters[3]!;
  dead.alive = false;
  dead.body = { province: 207 };
  s.items[40] = { id: 40, kind: 'excalibur', name: 'Excalibur', category: 'Artifact', holder: 3 };
  dead.items = [40];
  const ctx = ctxOf(s, thenSeeded([OK, NOEXP]));
  cast(ctx, s.characters[1]!, 'CA RE 3');
  assert.equal(dead.alive, true);
  assert.deepEqual(dead.items, []);
  assert.ok(s.items[40], 'the artifact still exists');
  assert.equal(s.items[40]!.holder, undefined);
});

test('G-95: a Hero charmed into an Undead kingdom has "started at 0" judged when he joins', () => {
  const s = state();
  s.kingdoms[1]!.alignment = 'Undead';
  s.characters[1]!.alignment = 'Undead';
  const v = s.characters[5]!;
  v.startedAtZero = [];
  const ctx = ctxOf(s, thenSeeded([OK, NOEXP]));
  cast(ctx, s.characters[1]!, 'CA CH 5');
  assert.equal(v.kingdom, 1);
  assert.ok(v.startedAtZero.includes('Wh') && !v.startedAtZero.includes('Me'));
});

test('§4.2c Clairvoyance: the watched character\'s events and whole encounter reach the caster\'s kingdom, marked `visions`', () => {
  const s = state();
  const ctx = ctxOf(s, thenSeeded([OK, NOEXP]), 2);
  seeCharacter(ctx, 1, 2); // CL names a character the kingdom knows (orders/absent.ts, S8.1)
  cast(ctx, s.characters[1]!, 'CA CL 2'); // King 1 watches King 2
  const mon = { id: 9, kind: 'monster', name: 'Troll' };
  const him = { id: 2, kind: 'character', name: 'C2' };
  ctx.emit({ t: 'enc-start', to: [2], at: 209, a: him, b: mon });
  ctx.emit({ t: 'enc-hit', to: [2], at: 209, att: mon, def: him, dmg: 3 });
  ctx.emit({ t: 'enc-end', to: [2], at: 209, a: him, b: mon });
  ctx.emit({ t: 'army-move', to: [2], who: 2, at: 209 });
  ctx.emit({ t: 'move-bounced', to: [2], who: 4, at: 209, target: 2 });
  ctx.emit({ t: 'spell-cast', to: [1, 2], who: 4, at: 207, target: 2 });
  endOfTurn(ctx);
  const byKind = (t: string) => ctx.events.find((e) => e.t === t)!;
  for (const t of ['enc-start', 'enc-hit', 'enc-end', 'army-move']) {
    assert.ok(byKind(t).to.includes(1), t);
    assert.deepEqual(byKind(t).visions, [{ kingdom: 1, character: 2 }], t);
  }
  assert.ok(!byKind('move-bounced').to.includes(1), 'a bounced move\'s target is a province');
  assert.equal(byKind('spell-cast').visions, undefined, 'already the kingdom\'s own news');
});
