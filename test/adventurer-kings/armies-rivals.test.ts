/**
 * Armies, third round: rival invaders that meet on ground belonging to neither (S5.3.1, S5.3.2,
 * G-82, G-89, TV-40), the G-33 oldest-first trim of the fallen, and the prose of skeletons going
 * back underground (G-33, §4.5a). Each test fails without its fix.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { army, character, ctxFor, eventsOf, province, slot, twoKingdoms } from './kingdom-fixture.ts';
import * as hooks from '../../src/rulesets/adventurer-kings/armies/hooks.ts';
import { defeatedCapital, rivalsOf } from '../../src/rulesets/adventurer-kings/armies/resolve.ts';
import { mpLeft } from '../../src/rulesets/adventurer-kings/armies/movement.ts';
import { trimOldestFallen } from '../../src/rulesets/adventurer-kings/armies/lifecycle.ts';
import { MO } from '../../src/rulesets/adventurer-kings/orders/mo.ts';
import { DI } from '../../src/rulesets/adventurer-kings/orders/di.ts';
import { MESSAGES } from '../../src/rulesets/adventurer-kings/armies/messages.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';

const cfg = resolveConfig({}).armies;

function world(n = 2): AKState {
  const s = twoKingdoms('Good', 'Good', n);
  for (let r = 2; r <= 4; r++) for (let c = 1; c <= 18; c++) s.provinces[100 * r + c] = province(100 * r + c);
  return s;
}
const rel = (s: AKState, a: number, b: number, r: 'Enemy' | 'Neutral' | 'Allied') => { s.kingdoms[a]!.relations[b] = r; s.kingdoms[b]!.relations[a] = r; };
function move(ctx: ReturnType<typeof ctxFor>, charId: number, dest: number): void {
  const v = { dest };
  MO.execute(ctx, ctx.s.characters[charId]!, v, slot('MO', v, `MO ${dest}`));
}
const env = (s: AKState, kingdom: number, lang: 'fr' | 'en') => ({ s, kingdom, lang, province: (id: number) => `P${id}`, character: (id: number) => `C${id}`, army: (id: number, t: string) => `${id}-${t}`, kingdomName: (id: number) => `K${id}` });

/**
 * 306: unowned, one native LE, contested by kingdom 1 (its general 10 and two Veteran LE camp there).
 * Kingdom 2, Enemy to 1, invades from 206 with general 20 and two LE.
 */
function camp(relation: 'Enemy' | 'Neutral'): AKState {
  const s = world();
  rel(s, 1, 2, relation);
  s.armies[60] = army(60, 'LE', { kingdom: null, status: 'Native', province: 306 });
  s.provinces[306]!.contested = { attackers: [1] };
  s.characters[10] = character(10, { kingdom: 1, province: 306 });
  for (const id of [30, 31]) s.armies[id] = army(id, 'LE', { province: 306, leader: 10, status: 'Led', quality: 3 });
  s.characters[20] = character(20, { kingdom: 2, province: 206 });
  for (const id of [40, 41]) s.armies[id] = army(id, 'LE', { kingdom: 2, province: 206, leader: 20, status: 'Led' });
  return s;
}

test('S5.3.1 / §9.1 Enemy invaders meeting in an unowned province fight each other; the natives are never on either’s side', () => {
  const s = camp('Enemy');
  const ctx = ctxFor(s, createRng(11, 'rival'), {}, 2);
  hooks.preTurn(ctx);
  move(ctx, 20, 306);
  hooks.endOfPhase(ctx);
  const battles = eventsOf(ctx, 'battle');
  assert.ok(battles.length >= 1);
  // S5.3.2: the invader (2) attacks the enemy already there (1) first; the natives stand apart.
  assert.deepEqual([battles[0]!.attackers, battles[0]!.defenders, battles[0]!.rival], [[2], [1], true]);
  for (const b of battles) {
    const d = b.defenders as (number | null)[];
    assert.ok(d.every((k) => k === null) || d.every((k) => k !== null), 'natives never fight beside a kingdom');
  }
  // Whoever won, the two Enemy kingdoms do not end the phase side by side, and nobody owns a province an enemy still holds.
  const kings = new Set(Object.values(s.armies).filter((a) => a.province === 306 && a.kingdom !== null).map((a) => a.kingdom));
  assert.ok(kings.size <= 1 || eventsOf(ctx, 'battle-retreat').length === 0, 'the loser left, or stayed as a G-73 attacker may');
  if (s.provinces[306]!.owner !== null) assert.equal(kings.size, 1);
});

test('S5.3.1 a defeated rival retreats like an attacker, to where it came from (G-73, §9.5); the winner then meets the natives', () => {
  // Kingdom 1's two Green LE camp in 306 (came from 305, its own); kingdom 2 arrives with three Veteran LE.
  const s = camp('Enemy');
  s.provinces[305]!.owner = 1;
  for (const id of [30, 31]) Object.assign(s.armies[id]!, { quality: 1 });
  for (const id of [40, 41, 42]) s.armies[id] = army(id, 'LE', { kingdom: 2, province: 206, leader: 20, status: 'Led', quality: 3 });
  let seen = false;
  for (let seed = 0; seed < 20 && !seen; seed++) {
    const t = structuredClone(s);
    const ctx = ctxFor(t, createRng(seed, 'rival2'), {}, 2);
    hooks.preTurn(ctx);
    for (const id of [30, 31]) t.armies[id]!.cameFrom = 305;
    move(ctx, 20, 306);
    hooks.endOfPhase(ctx);
    const b = eventsOf(ctx, 'battle');
    if (b.length < 2 || eventsOf(ctx, 'battle-result')[0]!.winner !== 'A') continue;
    const retreat = eventsOf(ctx, 'battle-retreat').find((e) => e.who === 10);
    if (!retreat) continue;
    seen = true;
    assert.equal(eventsOf(ctx, 'province-contested').filter((e) => (e.attackers as number[]).includes(2) && e.battle === 1).length, 0);
    assert.equal(retreat.target, 305, 'to its origin, not dispersed for want of an own province next to the battle');
    assert.deepEqual([b[1]!.attackers, b[1]!.defenders, b[1]!.rival], [[2], [null], undefined], 'then the invasion battle against the natives');
  }
  assert.ok(seen, 'some seed shows the rival beaten and retreating');
});

test('S5.3.2 sides in a third kingdom’s province: the enemy’s allies defend with it, even if also allied to the attacker; Neutral ones stay out', () => {
  const s = world(4);
  s.provinces[306]!.owner = 4;
  for (const [a, b] of [[1, 4], [2, 4], [3, 4], [1, 2]] as const) rel(s, a, b, 'Enemy');
  rel(s, 3, 1, 'Allied'); rel(s, 3, 2, 'Allied'); // X = 3 allied to both
  s.armies[30] = army(30, 'LE', { kingdom: 1, province: 306 });
  s.armies[31] = army(31, 'LE', { kingdom: 3, province: 306 });
  s.armies[32] = army(32, 'LE', { kingdom: 4, province: 306 }); // the owner's: the province's side, not a rival
  s.armies[33] = army(33, 'LE', { kingdom: 2, province: 306 });
  assert.deepEqual(rivalsOf(s, 306, new Set([2])).map((a) => a.id), [30, 31], '3 fights on 1’s side, never the attacker’s');
  rel(s, 3, 2, 'Neutral');
  assert.deepEqual(rivalsOf(s, 306, new Set([2])).map((a) => a.id), [30, 31], 'the same when 3 is Neutral to the attacker');
  rel(s, 1, 2, 'Neutral');
  assert.deepEqual(rivalsOf(s, 306, new Set([2])), [], 'Neutral kingdoms do not attack each other (§10.2)');
});

test('G-89 / TV-40 Neutral invaders of one unowned province do not fight each other: the newcomer meets only the natives', () => {
  const s = camp('Neutral');
  const ctx = ctxFor(s, createRng(12, 'rival'), {}, 2);
  hooks.preTurn(ctx);
  move(ctx, 20, 306);
  hooks.endOfPhase(ctx);
  const battles = eventsOf(ctx, 'battle');
  assert.equal(battles.length, 1);
  assert.deepEqual([battles[0]!.attackers, battles[0]!.defenders], [[2], [null]]);
});

test('S5.3.1 / §9.7 Enemy fleets that share an unowned sea with nobody moving: the one with MP provokes a battle; without MP they wait', () => {
  const s = world();
  rel(s, 1, 2, 'Enemy');
  const p = s.provinces[306]!;
  p.terrain = 'Sea'; p.race = null; p.types = [];
  s.armies[30] = army(30, 'FL', { kingdom: 1, province: 306 });
  s.armies[40] = army(40, 'FL', { kingdom: 2, province: 306 });
  const ctx = ctxFor(s, createRng(13, 'sea'), {}, 1);
  hooks.preTurn(ctx);
  s.armies[30]!.mpUsed = 99; // kingdom 1 cannot provoke; kingdom 2 can
  const before = mpLeft(s, cfg, s.armies[40]!);
  hooks.endOfPhase(ctx);
  const b = eventsOf(ctx, 'battle');
  assert.equal(b.length, 1);
  assert.deepEqual([b[0]!.attackers, b[0]!.defenders, b[0]!.rival], [[2], [1], true]);
  if (s.armies[40]) assert.ok(mpLeft(s, cfg, s.armies[40]) < before, 'the provoking fleet spent MP');
  // Neither can provoke: no battle, and the sea is taken by nobody.
  const s2 = world();
  rel(s2, 1, 2, 'Enemy');
  Object.assign(s2.provinces[306]!, { terrain: 'Sea', race: null, types: [] });
  s2.armies[30] = army(30, 'FL', { kingdom: 1, province: 306, mpUsed: 99 });
  s2.armies[40] = army(40, 'FL', { kingdom: 2, province: 306, mpUsed: 99 });
  const ctx2 = ctxFor(s2, createRng(14, 'sea'), {}, 3);
  hooks.endOfPhase(ctx2);
  assert.equal(eventsOf(ctx2, 'battle').length, 0);
  assert.equal(s2.provinces[306]!.owner, null);
});

test('S5.3.1 the rival battle reads right for each reader: the attacker, the defender, and the owner of the land', () => {
  const s = world(3);
  s.provinces[306]!.owner = 3;
  const e = { t: 'battle', phase: 2, to: [1, 2, 3], at: 306, battle: 1, attackers: [2], defenders: [1], commanders: { A: 20, D: null }, rival: true, owner: 3 };
  const fr1 = MESSAGES['battle']!(e as never, env(s, 1, 'fr') as never);
  assert.match(fr1, /^Bataille à P306 sur les terres du K3, où ni les uns ni les autres n’étaient chez eux !/);
  assert.match(fr1, /nos troupes/);
  const en3 = MESSAGES['battle']!(e as never, env(s, 3, 'en') as never);
  assert.match(en3, /^Battle in P306 on our own lands, where neither side was at home!/);
  assert.match(en3, /K2/); assert.match(en3, /K1/);
  const un = { ...e, owner: null };
  assert.match(MESSAGES['battle']!(un as never, env(s, 2, 'fr') as never), /terre sans maître/);
  assert.match(MESSAGES['battle']!(un as never, env(s, 2, 'en') as never), /masterless land/);
  s.provinces[306]!.terrain = 'Sea';
  assert.match(MESSAGES['battle']!(un as never, env(s, 1, 'en') as never), /open sea/);
  // A result seen by the owner, who fought in neither camp, says no "our victory".
  const r = { t: 'battle-result', phase: 2, to: [1, 2, 3], at: 306, battle: 1, winner: 'A', attackers: [2], defenders: [1], destroyed: [], reduced: [], columns: ['A'] };
  assert.doesNotMatch(MESSAGES['battle-result']!(r as never, env(s, 3, 'en') as never), /ours|lost/);
});

test('G-33 above the cap the oldest fallen go first across the world, by the turn they fell (ancient battlefields first)', () => {
  const s = world();
  s.turn = 9;
  s.provinces[103]!.fallen = [{ type: 'LE', race: 'Human', quality: 2, turn: 8 }, { type: 'BO', race: 'Human', quality: 1, turn: 3 }];
  s.provinces[104]!.fallen = [{ type: 'HC', race: 'Human', quality: 2, turn: 5 }];
  s.provinces[305]!.fallen = [{ type: 'AX', race: 'Dwarf', quality: 3 }]; // an ancient battlefield of the map
  s.armies[30] = army(30, 'LE');
  // 1 alive + 4 fallen = 5, cap 3: two go — the ancient one, then turn 3 — not the first of the lowest province.
  assert.equal(trimOldestFallen(s, 3), 2);
  assert.deepEqual(s.provinces[103]!.fallen.map((f) => f.turn), [8]);
  assert.deepEqual(s.provinces[104]!.fallen.map((f) => f.turn), [5]);
  assert.deepEqual(s.provinces[305]!.fallen, []);
  assert.equal(trimOldestFallen(s, 3), 0);
  // Through the end-of-turn step (cap from the config), a destroyed army is stamped with its turn.
  s.config = { armies: { armyCap: 2 } } as never;
  const ctx = ctxFor(s, createRng(1, 'g33'));
  hooks.drift(ctx);
  assert.deepEqual(Object.values(s.provinces).flatMap((p) => p.fallen.map((f) => f.turn)), [8]);
});

test('G-33 / §4.5a the prose sends dispersed skeletons back underground, not to the mercenaries nor into the population', () => {
  const s = world();
  s.armies[30] = army(30, 'LE', { province: 101, leader: 1, status: 'Led', skeleton: true });
  s.armies[31] = army(31, 'AR' as never, { province: 101, leader: 1, status: 'Led' });
  const ctx = ctxFor(s, createRng(1, 'di'));
  DI.execute(ctx, s.characters[1]!, [30], slot('DI', [30], 'DI 30'));
  const e = eventsOf(ctx, 'army-dispersed')[0]!;
  const fr = MESSAGES['army-dispersed']!(e as never, env(s, 1, 'fr') as never);
  const en = MESSAGES['army-dispersed']!(e as never, env(s, 1, 'en') as never);
  assert.match(fr, /retourna sous terre/); assert.doesNotMatch(fr, /mercenaire/);
  assert.match(en, /beneath the earth/); assert.doesNotMatch(en, /mercenar/);
  const mixed = { ...e, armies: [{ id: 30, type: 'LE', skeleton: true }, { id: 32, type: 'HC', skeleton: false }] };
  assert.match(MESSAGES['army-dispersed']!(mixed as never, env(s, 1, 'fr') as never), /mercenaires sans emploi\. Quant aux morts que la nécromancie avait relevés, .* retourna sous terre\./);
  const d = { t: 'battle-dispersed', phase: 2, to: [1], who: 10, at: 306, dispersed: [{ id: 33, type: 'BO' }], mercenaries: [], buried: [{ id: 30, type: 'LE' }] };
  const dfr = MESSAGES['battle-dispersed']!(d as never, env(s, 1, 'fr') as never);
  const den = MESSAGES['battle-dispersed']!(d as never, env(s, 1, 'en') as never);
  assert.match(dfr, /la 30e Légion retourna sous terre/i); assert.doesNotMatch(dfr, /Légion[^.]*population/);
  assert.match(den, /30th Legion sank back beneath the earth/); assert.doesNotMatch(den, /Legion[^.]*population/);
});

test('S3.7a / S5.3.1 skeletons raised in an enemy province provoke a battle against its defenders; camped contested ones do not', () => {
  const s = world();
  rel(s, 1, 2, 'Enemy');
  s.provinces[306]!.owner = 2;
  s.armies[40] = army(40, 'LE', { kingdom: 2, province: 306 });
  s.characters[10] = character(10, { kingdom: 1, province: 306 });
  s.armies[30] = army(30, 'LE', { province: 306, leader: 10, status: 'Led', skeleton: true, quality: 3 }); // just raised by CA SK
  const ctx = ctxFor(s, createRng(15, 'sk'), {}, 2);
  hooks.preTurn(ctx);
  hooks.endOfPhase(ctx);
  const b = eventsOf(ctx, 'battle');
  assert.equal(b.length, 1);
  assert.deepEqual([b[0]!.attackers, b[0]!.defenders], [[1], [2]]);
  // Already camped there as contested attackers: no new battle (§9.7 rules that case).
  const s2 = world();
  rel(s2, 1, 2, 'Enemy');
  s2.provinces[306]!.owner = 2;
  s2.provinces[306]!.contested = { attackers: [1] };
  s2.armies[40] = army(40, 'LE', { kingdom: 2, province: 306 });
  s2.characters[10] = character(10, { kingdom: 1, province: 306 });
  s2.armies[30] = army(30, 'LE', { province: 306, leader: 10, status: 'Led', skeleton: true, quality: 3 });
  const ctx2 = ctxFor(s2, createRng(15, 'sk'), {}, 2);
  hooks.preTurn(ctx2);
  hooks.endOfPhase(ctx2);
  assert.equal(eventsOf(ctx2, 'battle').length, 0);
});

test('§9.5 / G-73 the capital factor is the defeated’s own capital (or a ruling Hero’s seat), not a capital another kingdom lost', () => {
  const s = world(3);
  s.provinces[306]!.owner = 2;
  s.provinces[306]!.capitalOf = 3; // 3's old capital, taken by 2
  const def = [army(40, 'LE', { kingdom: 2, province: 306 })];
  assert.equal(defeatedCapital(s, 306, def), false);
  s.provinces[306]!.capitalOf = 2;
  assert.equal(defeatedCapital(s, 306, def), true);
  delete s.provinces[306]!.capitalOf;
  s.provinces[306]!.owner = null; s.provinces[306]!.ruler = 50;
  assert.equal(defeatedCapital(s, 306, [army(60, 'LE', { kingdom: null, status: 'Native', province: 306 })]), true);
});
