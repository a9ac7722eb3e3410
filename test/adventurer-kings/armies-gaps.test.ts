/**
 * Armies: the gaps of the first round (G-101 NPCs, ally recruitment priority, sea conquest,
 * per-target stacking of specials, G-85, the duel penalty, G-40 / TV-26, skeletons) and the
 * findings of the audit. Each test fails without its fix.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng, scriptedRng } from '../../src/engine/rng.ts';
import type { AKState, Army, ArmyType } from '../../src/rulesets/adventurer-kings/state.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import { army, character, ctxFor, emptySheet, eventsOf, levels, order, province, slot, twoKingdoms } from './kingdom-fixture.ts';
import * as hooks from '../../src/rulesets/adventurer-kings/armies/hooks.ts';
import { fight, nemesisSwap, type BUnit } from '../../src/rulesets/adventurer-kings/armies/battle.ts';
import { kill, releaseArmies } from '../../src/rulesets/adventurer-kings/armies/resolve.ts';
import { destroyArmy } from '../../src/rulesets/adventurer-kings/armies/lifecycle.ts';
import { unpaidArmy } from '../../src/rulesets/adventurer-kings/armies/upkeep.ts';
import { scratchOf } from '../../src/rulesets/adventurer-kings/armies/types.ts';
import { actingOrder, type Actor } from '../../src/rulesets/adventurer-kings/turn/initiative.ts';
import { resolveTurn } from '../../src/rulesets/adventurer-kings/turn/turn.ts';
import { RE } from '../../src/rulesets/adventurer-kings/orders/re.ts';
import { LE } from '../../src/rulesets/adventurer-kings/orders/le.ts';
import { PI } from '../../src/rulesets/adventurer-kings/orders/pi.ts';
import { DE } from '../../src/rulesets/adventurer-kings/orders/de.ts';
import { MO } from '../../src/rulesets/adventurer-kings/orders/mo.ts';
import { MESSAGES } from '../../src/rulesets/adventurer-kings/armies/messages.ts';

const cfg = resolveConfig({}).armies;

function world(): AKState {
  const s = twoKingdoms();
  for (let r = 2; r <= 4; r++) for (let c = 1; c <= 18; c++) s.provinces[100 * r + c] = province(100 * r + c);
  return s;
}
const parse = <V>(spec: { parse: (a: string[], env: never) => { value: V } | { error: unknown } }, s: AKState, text: string, charId: number): V => {
  const r = spec.parse(text.split(/[\s,]+/).slice(1), { s, char: s.characters[charId]!, phase: 1 } as never);
  assert.ok('value' in r, `parse ${text}: ${JSON.stringify(r)}`);
  return r.value;
};
function run(ctx: ReturnType<typeof ctxFor>, spec: unknown, charId: number, text: string, phase = ctx.phase): void {
  ctx.phase = phase;
  const sp = spec as { parse: never; execute: (c: unknown, ch: unknown, v: unknown, o: unknown) => void };
  const v = parse(sp as never, ctx.s, text, charId);
  sp.execute(ctx, ctx.s.characters[charId], v, slot(text.slice(0, 2) as never, v, text));
}
const enemies = (s: AKState) => { s.kingdoms[1]!.relations[2] = 'Enemy'; s.kingdoms[2]!.relations[1] = 'Enemy'; };
const allies = (s: AKState) => { s.kingdoms[1]!.relations[2] = 'Allied'; s.kingdoms[2]!.relations[1] = 'Allied'; };

// ───────────────────────────────────────────── 1. G-101

/** 306: unowned, ruled by Hero 50, defended by two native LE he leads. */
function heroRuled(): AKState {
  const s = world();
  s.characters[50] = character(50, { role: 'RulingHero', kingdom: null, province: 306, rules: 306, specialPlan: [{ code: 'FL' }, { code: 'ME' }], aptitude: levels({ Ta: 3 }) });
  s.provinces[306]!.ruler = 50;
  s.armies[60] = army(60, 'LE', { kingdom: null, status: 'Native', province: 306, leader: 50 });
  s.armies[61] = army(61, 'LE', { kingdom: null, status: 'Native', province: 306, leader: 50 });
  // 307: unowned, no ruler, one native.
  s.armies[62] = army(62, 'LE', { kingdom: null, status: 'Native', province: 307 });
  return s;
}

test('G-101 a Hero-ruled province regains one native army per turn up to its initial defenders; an unowned one does not', () => {
  const s = heroRuled();
  const ctx = ctxFor(s, createRng(1, 'g101'));
  hooks.preTurn(ctx);
  assert.deepEqual(s.provinces[306]!.nativeInitial, ['LE', 'LE']);
  assert.equal(s.provinces[307]!.nativeInitial, undefined);
  delete s.armies[61];
  delete s.armies[62];
  hooks.drift(ctx);
  const natives = () => Object.values(s.armies).filter((a) => a.province === 306 && a.status === 'Native');
  assert.equal(natives().length, 2, 'one LE regained');
  const fresh = natives().find((a) => a.id !== 60)!;
  assert.deepEqual([fresh.type, fresh.quality, fresh.kingdom, fresh.leader, fresh.race], ['LE', 2, null, 50, 'Human']);
  assert.equal(Object.values(s.armies).filter((a) => a.province === 307).length, 0, 'unowned provinces do not recruit');
  // At the initial count: nothing more.
  hooks.drift(ctx);
  assert.equal(natives().length, 2);
  // One per turn: two missing → one regained.
  for (const a of natives()) delete s.armies[a.id];
  hooks.drift(ctx);
  assert.equal(natives().length, 1);
  // Once the province is conquered (no ruler), no more.
  s.provinces[306]!.owner = 1; delete s.provinces[306]!.ruler;
  hooks.drift(ctx);
  assert.equal(natives().length, 1);
});

test('G-101 a ruling Hero uses the special plan ME, defends in phase 1 and trains Ta alone (5 %) in phases 2–5', () => {
  const s = heroRuled();
  const ctx = ctxFor(s, [], {}, 1);
  hooks.preTurn(ctx);
  hooks.startOfPhase(ctx); // phase 1: DE, no draw (the scripted RNG would throw)
  assert.deepEqual(s.characters[50]!.specialPlan, [{ code: 'ME' }]);
  assert.equal(s.characters[50]!.talent.Ta, 0);
  const ctx2 = ctxFor(s, scriptedRng([0]), {}, 2);
  scratchOf(ctx2);
  hooks.startOfPhase(ctx2);
  assert.equal(s.characters[50]!.talent.Ta, 1, 'PR Ta succeeded on a draw of 0');
  const ctx3 = ctxFor(s, scriptedRng([0.06]), {}, 3);
  hooks.startOfPhase(ctx3);
  assert.equal(s.characters[50]!.talent.Ta, 1, 'a draw of 6 % fails the 5 % roll');
});

test('G-101 natives whose ruling Hero dies in the pre-battle duel stay natives under the GC (audit)', () => {
  const s = heroRuled();
  s.characters[10] = character(10, { kingdom: 1, province: 306 });
  s.armies[30] = army(30, 'LE', { province: 306, leader: 10, status: 'Led' });
  releaseArmies([s.armies[60]!, s.armies[61]!, s.armies[30]!], 50);
  assert.deepEqual([s.armies[60]!.status, s.armies[60]!.leader], ['Native', undefined]);
  releaseArmies([s.armies[30]!], 10);
  assert.deepEqual([s.armies[30]!.status, s.armies[30]!.leader], ['Garrison', undefined]);
});

// ───────────────────────────────────────────── 2. Ally's province: the owner recruits first

test('TV-25 third case: in an ally’s province the owner’s characters recruit first', () => {
  const s = world();
  s.provinces[104]!.owner = 2; // types ['LE'] only: 1 native army per turn
  allies(s);
  s.kingdoms[1]!.treasury = 20; s.kingdoms[2]!.treasury = 20;
  s.characters[10] = character(10, { kingdom: 1, province: 104 });
  s.characters[20] = character(20, { kingdom: 2, province: 104 });
  const sheets = { 2: emptySheet({ treaties: [1] }) };
  order(sheets, 2, 20, 2, slot('RE', { types: ['LE'], commander: 20 }, 'RE LE pour 20'));
  const ctx = ctxFor(s, createRng(2, 'ally'), sheets);
  hooks.preTurn(ctx);
  run(ctx, RE, 10, 'RE LE pour 10', 1);
  assert.equal(Object.values(s.armies).length, 0, 'the ally’s LE waits for the owner’s');
  const fail = eventsOf(ctx, 'order-failed')[0]!;
  assert.match(JSON.stringify(fail), /recruit first/);
  run(ctx, RE, 20, 'RE LE pour 20', 2);
  assert.equal(Object.values(s.armies).filter((a) => a.kingdom === 2).length, 1);
  // Without an owner's RE this turn, the ally recruits (2 + 1 écus).
  const s2 = world();
  s2.provinces[104]!.owner = 2; allies(s2);
  s2.kingdoms[1]!.treasury = 20; s2.kingdoms[2]!.treasury = 0;
  s2.characters[10] = character(10, { kingdom: 1, province: 104 });
  s2.characters[20] = character(20, { kingdom: 2, province: 104 });
  const ctx2 = ctxFor(s2, createRng(2, 'ally'), { 2: emptySheet({ treaties: [1] }) });
  hooks.preTurn(ctx2);
  run(ctx2, RE, 10, 'RE LE pour 10', 1);
  assert.equal(Object.values(s2.armies).length, 1);
  assert.equal(s2.kingdoms[1]!.treasury, 17);
  assert.equal(s2.kingdoms[2]!.treasury, 1);
});

// ───────────────────────────────────────────── 3. Sea conquest (G-49)

function sea(s: AKState, id: number): void {
  s.provinces[id]!.terrain = 'Sea'; s.provinces[id]!.race = null; s.provinces[id]!.types = [];
}

test('G-49 a sea province goes to an army ending the phase there unopposed, without the conquest MP', () => {
  const s = world();
  sea(s, 306);
  s.armies[30] = army(30, 'FL', { province: 306, status: 'Garrison' }); // left at sea earlier
  const ctx = ctxFor(s, createRng(3, 'sea'));
  hooks.preTurn(ctx);
  hooks.endOfPhase(ctx);
  assert.equal(s.provinces[306]!.owner, 1);
  assert.equal(s.armies[30]!.mpUsed, 0);
  assert.equal(eventsOf(ctx, 'province-conquered').length, 1);
});

test('G-49 / §9.7 a contested sea province the defenders have left goes to the attackers; opposed or Neutral, it does not', () => {
  const s = world();
  sea(s, 306); enemies(s);
  s.provinces[306]!.owner = 2;
  s.provinces[306]!.contested = { attackers: [1] };
  s.characters[10] = character(10, { kingdom: 1, province: 306 });
  s.armies[30] = army(30, 'FL', { province: 306, leader: 10, status: 'Led', mpUsed: 2 });
  s.armies[40] = army(40, 'FL', { kingdom: 2, province: 306 });
  const ctx = ctxFor(s, createRng(4, 'sea'), {}, 2);
  hooks.preTurn(ctx);
  hooks.endOfPhase(ctx);
  assert.equal(s.provinces[306]!.owner, 2, 'opposed: no conquest');
  s.armies[40]!.province = 305; // the defenders sail away
  hooks.endOfPhase(ctx);
  assert.equal(s.provinces[306]!.owner, 1);
  assert.equal(s.provinces[306]!.contested, undefined);
  // A Neutral kingdom's sea is not taken.
  const s2 = world();
  sea(s2, 306);
  s2.provinces[306]!.owner = 2;
  s2.armies[30] = army(30, 'FL', { province: 306 });
  const ctx2 = ctxFor(s2, createRng(5, 'sea'));
  hooks.preTurn(ctx2);
  hooks.endOfPhase(ctx2);
  assert.equal(s2.provinces[306]!.owner, 2);
});

// ───────────────────────────────────────────── 4. Specials: 50 % / 25 % per target

test('§9.3 several non-humanoid units on the SAME unit: 2nd 50 %; on different units each counts 100 %', () => {
  const s = world();
  enemies(s);
  s.provinces[306]!.owner = 2;
  s.characters[10] = character(10, { kingdom: 1, province: 306, talent: levels({ Dr: 3 }) });
  s.characters[11] = character(11, { kingdom: 1, province: 306, talent: levels({ Dr: 2 }) });
  const att = [
    army(30, 'LE', { province: 306, leader: 10, status: 'Led' }),
    army(31, 'EA', { province: 306, leader: 10, status: 'Led', race: 'Eagle', quality: 3 }),
    army(32, 'EA', { province: 306, leader: 10, status: 'Led', race: 'Eagle', quality: 3 }),
    army(33, 'EA', { province: 306, leader: 11, status: 'Led', race: 'Eagle', quality: 3 }), // Dr 2 < 3: weak, attacks the front
  ];
  const def = [army(40, 'LE', { kingdom: 2, province: 306 }), army(41, 'LE', { kingdom: 2, province: 306, quality: 1 })];
  for (const a of [...att, ...def]) s.armies[a.id] = a;
  const out = fight(s, cfg, createRng(6, 'stack'), { province: 306, attackers: att, defenders: def });
  const u = (id: number) => out.units.find((x) => x.army.id === id)!;
  assert.equal(out.line, 1);
  assert.equal(u(31).target, 41, 'a strong Eagle attacks the unit behind the first line');
  assert.equal(u(32).target, 41);
  assert.equal(u(33).target, 40, 'the weak Eagle stays back and attacks the first line');
  assert.equal(u(31).factor, 1);
  assert.equal(u(32).factor, 0.5, 'second on the same target');
  assert.equal(u(33).factor, 1, 'alone on its target (per column it would be the third: 25 %)');
});

// ───────────────────────────────────────────── 5. G-85

test('G-85 one greedy pass over the front units: each unit examined once, in its initial column order', () => {
  const mk = (id: number, type: ArmyType, col: number, side: 'A' | 'D'): BUnit => ({
    army: { id, type } as Army, side, special: false, sclass: null, weak: false, input: {} as never, sortKey: 0, line: 0, col, factor: 1, strength: 0, fate: 'survived',
  });
  const own = [mk(1, 'LC', 0, 'D'), mk(2, 'CH', 1, 'D'), mk(3, 'LE', 2, 'D')];
  const enemy = [mk(4, 'CH', 0, 'A'), mk(5, 'CC', 1, 'A'), mk(6, 'LE', 2, 'A')];
  nemesisSwap(cfg, own, enemy, 3);
  // LC (facing Chariots) swaps with CH (facing Camels): own units facing a nemesis 2 → 1. LC then faces
  // the Camels, but it has had its turn: a column-by-column pass would move it again to column 3.
  assert.deepEqual(own.map((u) => u.col), [1, 0, 2]);
});

// ───────────────────────────────────────────── 6. Duel penalty: the loser's own armies

test('§9.2 / §7 the duel penalty (× 0.75) falls on the armies the loser leads, not on another leader’s', () => {
  const s = world();
  enemies(s);
  s.provinces[306]!.owner = 2;
  s.characters[10] = character(10, { kingdom: 1, province: 306 });
  s.characters[11] = character(11, { kingdom: 1, province: 306 });
  const att = [army(30, 'LE', { province: 306, leader: 10, status: 'Led' }), army(31, 'LE', { province: 306, leader: 10, status: 'Led' }), army(32, 'LE', { province: 306, leader: 11, status: 'Led' })];
  const def = [army(40, 'LE', { kingdom: 2, province: 306 }), army(41, 'LE', { kingdom: 2, province: 306 }), army(42, 'LE', { kingdom: 2, province: 306 })];
  for (const a of [...att, ...def]) s.armies[a.id] = a;
  const out = fight(s, cfg, createRng(7, 'duel'), { province: 306, attackers: att, defenders: def, duelLoser: 'A', demoralised: [30, 31] });
  const lost = (id: number) => !!out.units.find((x) => x.army.id === id)!.input.duelLost;
  assert.deepEqual([lost(30), lost(31), lost(32), lost(40)], [true, true, false, false]);
});

// ───────────────────────────────────────────── 7. G-40 and TV-26

test('G-40 the one who must act first is pulled just before his companion; nobody else changes place', () => {
  const s = world();
  for (const c of [10, 11, 12]) s.characters[c] = character(c, { kingdom: 1, province: 103 });
  s.characters[10]!.talent = levels({ Ma: 3 }); // initiative 9: moves
  s.characters[11]!.talent = levels({ Ma: 2 }); // 6: trains
  s.characters[12]!.talent = levels({ Ma: 1 }); // 3: picks up 10's army
  s.armies[30] = army(30, 'LE', { province: 103, leader: 10, status: 'Led' });
  const a: Actor[] = [
    { char: s.characters[10]!, order: slot('MO', { dest: 104 }, 'MO 104') },
    { char: s.characters[11]!, order: slot('PR', 'Ta', 'PR Ta') },
    { char: s.characters[12]!, order: slot('PI', [30], 'PI 30') },
  ];
  assert.deepEqual(actingOrder(s, a).map((x) => x.char.id), [12, 10, 11]);
  // "GI 10 à 11" gives 10 écus to 11: it does not concern character 10 (the amount is not a target).
  a[2]!.order = slot('GI', { n: 10, to: 11 }, 'GI 10 à 11');
  assert.deepEqual(actingOrder(s, a).map((x) => x.char.id), [10, 11, 12]);
});

test('G-40 "PI of armies another character is leaving": the PI waits for the LE of the same phase', () => {
  const s = world();
  for (const c of [10, 12]) s.characters[c] = character(c, { kingdom: 1, province: 103 });
  s.characters[12]!.talent = levels({ Ma: 3 }); // acts first by initiative
  s.armies[30] = army(30, 'LE', { province: 103, leader: 10, status: 'Led' });
  const a: Actor[] = [
    { char: s.characters[10]!, order: slot('LE', { armies: 'all', to: 'GC' }, 'LE tout à GC') },
    { char: s.characters[12]!, order: slot('PI', 'all', 'PI tout') },
  ];
  assert.deepEqual(actingOrder(s, a).map((x) => x.char.id), [10, 12]);
  // A PI naming the army left works the same; a PI of other armies does not wait.
  a[1]!.order = slot('PI', [30], 'PI 30');
  assert.deepEqual(actingOrder(s, a).map((x) => x.char.id), [10, 12]);
  a[1]!.order = slot('PI', [31], 'PI 31');
  assert.deepEqual(actingOrder(s, a).map((x) => x.char.id), [12, 10]);
  // Another kingdom's characters, or another province: no waiting.
  a[1]!.order = slot('PI', 'all', 'PI tout');
  s.characters[12]!.province = 104;
  assert.deepEqual(actingOrder(s, a).map((x) => x.char.id), [12, 10]);
});

function tv26(sheetFor: (ids: number[]) => Record<number, [string, unknown][]>) {
  const s = world();
  s.kingdoms[1]!.treasury = 50;
  s.characters[52] = character(52, { kingdom: 1, province: 103 });
  s.characters[25] = character(25, { kingdom: 1, province: 103, talent: levels({ Ma: 3 }) }); // 25 acts before 52
  const ids = [s.next.army, s.next.army + 1];
  const sheets = { 1: emptySheet(), 2: emptySheet() };
  for (const [c, phases] of Object.entries(sheetFor(ids))) {
    phases.forEach(([text, value], i) => { if (text) order(sheets, 1, Number(c), i + 1, slot(text.slice(0, 2) as never, value, text)); });
  }
  const { state, events } = resolveTurn(s, sheets, createRng(26, 'tv26'));
  return { state, events, ids };
}

test('TV-26 through a whole turn: PI of armies recruited for another fails; LE tout à GC then PI tout succeeds (G-40 in one phase too)', () => {
  const none: [string, unknown] = ['', null];
  // 52 recruits two LE for himself in phase 1; 25's PI of them in phase 2 fails.
  const a = tv26((ids) => ({
    52: [['RE LE,LE pour 52', { types: ['LE', 'LE'], commander: 52 }], none, none, none, none],
    25: [none, [`PI ${ids.join(',')}`, ids], none, none, none],
  }));
  assert.ok(a.ids.every((id) => a.state.armies[id]?.leader === 52));
  assert.ok(a.events.some((e) => e.t === 'order-failed' && e.who === 25 && e.phase === 2));
  // 52 LE tout à GC in phase 2, 25 PI tout in phase 3 (TV-26).
  const b = tv26(() => ({
    52: [['RE LE,LE pour 52', { types: ['LE', 'LE'], commander: 52 }], ['LE tout à GC', { armies: 'all', to: 'GC' }], none, none, none],
    25: [none, none, ['PI tout', 'all'], none, none],
  }));
  assert.ok(b.ids.every((id) => b.state.armies[id]?.leader === 25 && b.state.armies[id]?.status === 'Led'));
  // The same in one phase (2): 25 has the higher initiative, but his PI waits for 52's LE (G-40).
  const c = tv26(() => ({
    52: [['RE LE,LE pour 52', { types: ['LE', 'LE'], commander: 52 }], ['LE tout à GC', { armies: 'all', to: 'GC' }], none, none, none],
    25: [none, ['PI tout', 'all'], none, none, none],
  }));
  assert.ok(c.ids.every((id) => c.state.armies[id]?.leader === 25), JSON.stringify(c.events.filter((e) => e.t === 'order-failed')));
});

// ───────────────────────────────────────────── 8. Skeletons (G-33, §4.5a, TV-37)

test('TV-37 / G-33 a destroyed skeleton returns to the pool at −1 quality (deleted below Reduced); a skeleton Troll does not regenerate', () => {
  const s = world();
  const ctx = ctxFor(s, createRng(8, 'sk'));
  hooks.preTurn(ctx);
  s.armies[30] = army(30, 'LE', { province: 103, skeleton: true, quality: 3 });
  kill(ctx, s.armies[30]!);
  assert.deepEqual(s.provinces[103]!.fallen, [{ type: 'LE', race: 'Human', quality: 2, turn: 1 }]);
  s.armies[31] = army(31, 'BO', { province: 103, skeleton: true, quality: 0 });
  destroyArmy(s, s.armies[31]!);
  assert.equal(s.provinces[103]!.fallen.length, 1, 'a Reduced skeleton destroyed again is gone');
  s.armies[32] = army(32, 'TR', { province: 103, skeleton: true, quality: 2, race: 'Troll' });
  kill(ctx, s.armies[32]!);
  assert.equal(scratchOf(ctx).trolls.length, 0, 'no regeneration for a skeleton Troll');
  assert.deepEqual(s.provinces[103]!.fallen[1], { type: 'TR', race: 'Troll', quality: 1, turn: 1 });
});

test('TV-37 LE of a skeleton to another character sends it back underground (into the pool, same quality); between Undead it passes', () => {
  const s = world();
  s.characters[10] = character(10, { kingdom: 1, province: 103 });
  s.armies[30] = army(30, 'HC', { province: 103, leader: 1, status: 'Led', skeleton: true, quality: 2 });
  const ctx = ctxFor(s, createRng(9, 'sk'));
  hooks.preTurn(ctx);
  run(ctx, LE, 1, 'LE 30 à 10');
  assert.equal(s.armies[30], undefined);
  assert.deepEqual(s.provinces[103]!.fallen, [{ type: 'HC', race: 'Human', quality: 2, turn: 1 }]);
  s.characters[1]!.alignment = 'Undead'; s.characters[10]!.alignment = 'Undead';
  s.armies[31] = army(31, 'HC', { province: 103, leader: 1, status: 'Led', skeleton: true, quality: 2 });
  run(ctx, LE, 1, 'LE 31 à 10');
  assert.equal(s.armies[31]!.leader, 10);
});

test('an unpaid skeleton army returns underground instead of turning mercenary (audit, S3.7a)', () => {
  const s = world();
  s.armies[30] = army(30, 'LE', { province: 103, skeleton: true, quality: 2 });
  const ctx = ctxFor(s, scriptedRng([0]));
  assert.equal(unpaidArmy(ctx, s.armies[30]!), 'deserted');
  assert.equal(s.armies[30], undefined);
  assert.equal(s.provinces[103]!.fallen.length, 1);
  assert.equal(eventsOf(ctx, 'skeleton-unpaid').length, 1);
});

// ───────────────────────────────────────────── audit

test('§5.2 a PU or TR order given after DE cancels it (audit): no reaction', () => {
  const mk = (code: string | null) => {
    const s = world();
    for (const p of [305, 306, 307]) s.provinces[p]!.owner = 1;
    enemies(s);
    s.characters[10] = character(10, { kingdom: 1, province: 305 });
    s.armies[30] = army(30, 'LE', { province: 305, leader: 10, status: 'Led', quality: 3 });
    s.characters[20] = character(20, { kingdom: 2, province: 205 });
    s.armies[40] = army(40, 'LE', { kingdom: 2, province: 205, leader: 20, status: 'Led' });
    const sheets = { 1: emptySheet(), 2: emptySheet() };
    order(sheets, 1, 10, 1, slot('DE', { centre: 305 }, 'DE 305'));
    if (code) order(sheets, 1, 10, 2, slot(code as never, {}, `${code} 99`));
    const ctx = ctxFor(s, createRng(10, 'de'), sheets);
    hooks.preTurn(ctx);
    run(ctx, DE, 10, 'DE 305', 1);
    hooks.endOfPhase(ctx);
    run(ctx, MO, 20, 'MO 306', 2);
    hooks.endOfPhase(ctx);
    return eventsOf(ctx, 'defend-react').length;
  };
  assert.equal(mk(null), 1);
  assert.equal(mk('PU'), 0);
  assert.equal(mk('TR'), 0);
});

test('G-43 a land mercenary does not follow a fleet out to sea (audit)', () => {
  const s = world();
  s.provinces[104]!.terrain = 'Sea'; s.provinces[104]!.race = null;
  s.provinces[103]!.owner = 1; s.provinces[104]!.owner = 1;
  s.characters[10] = character(10, { kingdom: 1, province: 103 });
  s.armies[30] = army(30, 'FL', { province: 103, leader: 10, status: 'Led' });
  s.armies[60] = army(60, 'LE', { kingdom: null, status: 'Mercenary', province: 103 });
  const ctx = ctxFor(s, scriptedRng([0, 0, 0, 0, 0, 0]));
  hooks.preTurn(ctx);
  run(ctx, MO, 10, 'MO 104');
  assert.equal(s.armies[30]!.province, 104);
  assert.equal(s.armies[60]!.province, 103);
});

test('new armies events render in French and English', () => {
  const s = world();
  const env = (lang: 'fr' | 'en') => ({ s, kingdom: 1, lang, province: (id: number) => `P${id}`, character: (id: number) => `C${id}`, army: (id: number, t: string) => `${id}-${t}`, kingdomName: (id: number) => `K${id}` });
  const e = { t: 'skeleton-unpaid', phase: 6, to: [1], at: 103, army: { id: 30, type: 'LE' } };
  for (const lang of ['fr', 'en'] as const) {
    const txt = MESSAGES['skeleton-unpaid']!(e as never, env(lang) as never);
    assert.ok(txt.length > 10 && !txt.includes('undefined'), txt);
  }
  assert.match(MESSAGES['skeleton-unpaid']!(e as never, env('fr') as never), /la 30e Légion retourna sous terre/);
});

void PI;
