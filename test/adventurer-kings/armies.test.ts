/**
 * Armies, movement and battles (rules S2.10, S5.2, S5.3; TV-25…TV-40, TV-47, TV-48, TV-54).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createRng } from '../../src/engine/rng.ts';
import type { AKState, Army, ArmyType } from '../../src/rulesets/adventurer-kings/state.ts';
import { resolveConfig } from '../../src/rulesets/adventurer-kings/config.ts';
import { army, character, ctxFor, emptySheet, eventsOf, order, province, slot, twoKingdoms } from './kingdom-fixture.ts';
import { baseStrength, druidShortfall, modifiedQuality, strengthFactor, unitStrength } from '../../src/rulesets/adventurer-kings/armies/strength.ts';
import { engagementChance, fight } from '../../src/rulesets/adventurer-kings/armies/battle.ts';
import { mpLeft, mpPerTurn, mpPerTurnFor, nextStep, unificationChance } from '../../src/rulesets/adventurer-kings/armies/movement.ts';
import { defendCovers } from '../../src/rulesets/adventurer-kings/armies/defend.ts';
import { conquer, contest } from '../../src/rulesets/adventurer-kings/armies/resolve.ts';
import { defenderStays } from '../../src/rulesets/adventurer-kings/armies/pursuit.ts';
import * as hooks from '../../src/rulesets/adventurer-kings/armies/hooks.ts';
import { armyUpkeep } from '../../src/rulesets/adventurer-kings/armies/upkeep.ts';
import { scratchOf } from '../../src/rulesets/adventurer-kings/armies/types.ts';
import { MO } from '../../src/rulesets/adventurer-kings/orders/mo.ts';
import { RE } from '../../src/rulesets/adventurer-kings/orders/re.ts';
import { PI } from '../../src/rulesets/adventurer-kings/orders/pi.ts';
import { LE } from '../../src/rulesets/adventurer-kings/orders/le.ts';
import { DI } from '../../src/rulesets/adventurer-kings/orders/di.ts';
import { DE } from '../../src/rulesets/adventurer-kings/orders/de.ts';
import { MESSAGES } from '../../src/rulesets/adventurer-kings/armies/messages.ts';

const cfg = resolveConfig({}).armies;

/** Rows 1–4 of the map, Plain Human provinces (tax 5), with the fixture's two kingdoms. */
function world(): AKState {
  const s = twoKingdoms();
  for (let r = 2; r <= 4; r++) for (let c = 1; c <= 18; c++) s.provinces[100 * r + c] = province(100 * r + c);
  return s;
}
const parse = <V>(spec: { parse: (a: string[], env: never) => { value: V } | { error: unknown } }, s: AKState, text: string, charId = 1): V => {
  const r = spec.parse(text.split(/[\s,]+/).slice(1), { s, char: s.characters[charId]!, phase: 1 } as never);
  assert.ok('value' in r, `parse ${text}: ${JSON.stringify(r)}`);
  return r.value;
};
function run(ctx: ReturnType<typeof ctxFor>, spec: { execute: (...a: never[]) => void; parse: never }, charId: number, text: string, phase = ctx.phase): void {
  ctx.phase = phase;
  const v = parse(spec as never, ctx.s, text, charId);
  (spec.execute as (c: unknown, ch: unknown, v: unknown, o: unknown) => void)(ctx, ctx.s.characters[charId], v, slot(text.slice(0, 2) as never, v, text));
}

// ───────────────────────────────────────────── strength

test('TV-30 Druid shortfall', () => {
  const s = world();
  s.characters[10] = character(10, { kingdom: 1, race: 'Human' });
  const whales = army(20, 'WH', { race: 'Whale', quality: 2, leader: 10, status: 'Led' });
  const elves = army(21, 'BO', { race: 'Elf', quality: 3, leader: 10, status: 'Led' });
  s.armies[20] = whales; s.armies[21] = elves;
  assert.equal(druidShortfall(s, cfg, whales), 2);
  assert.equal(modifiedQuality(cfg, { army: whales, terrain: 'Sea', defending: false, shortfall: 2 }), 0);
  assert.equal(druidShortfall(s, cfg, elves), 1);
  assert.equal(modifiedQuality(cfg, { army: elves, terrain: 'Forest', defending: false, shortfall: 1 }), 2);
  // A Human King with Dr 1 and Orc garrison units under the GC: no shortfall.
  s.characters[1]!.talent.Dr = 1;
  const orcs = army(22, 'PH', { race: 'Orc', status: 'Garrison' });
  s.armies[22] = orcs;
  assert.equal(druidShortfall(s, cfg, orcs), 0);
  s.characters[1]!.talent.Dr = 0;
  assert.equal(druidShortfall(s, cfg, orcs), 1, 'the King’s Dr applies (fails if the GC ignores it)');
});

test('TV-31 Unit strength', () => {
  const elfBO = { type: 'BO' as ArmyType, race: 'Elf' as const, quality: 3 as const };
  assert.equal(unitStrength(cfg, { army: elfBO, terrain: 'Forest', defending: true, leaderLevel: 2 }), 26.25);
  assert.equal(unitStrength(cfg, { army: elfBO, terrain: 'Forest', defending: true, leaderLevel: 2, exploration: true }), 32.8125);
  assert.equal(unitStrength(cfg, { army: { type: 'HC', race: 'Human', quality: 2 }, terrain: 'Forest', defending: false }), 4);
  assert.equal(unitStrength(cfg, { army: { type: 'GA', race: 'Human', quality: 1 }, terrain: 'Plain', defending: true }), 3.75);
  assert.equal(unitStrength(cfg, { army: { type: 'GA', race: 'Human', quality: 1 }, terrain: 'Plain', defending: false }), 1);
  assert.equal(unitStrength(cfg, { army: { type: 'AX', race: 'Dwarf', quality: 2 }, terrain: 'Mountain', defending: false }), 10);
  const leg = { type: 'LE' as ArmyType, race: 'Human' as const, quality: 2 as const };
  assert.equal(unitStrength(cfg, { army: leg, terrain: 'Sea', defending: false }), 4);
  assert.equal(unitStrength(cfg, { army: leg, terrain: 'Plain', defending: false, nemesis: true }).toFixed(2), '5.33');
  assert.equal(unitStrength(cfg, { army: { type: 'WH', race: 'Whale', quality: 5 }, terrain: 'Plain', defending: true }), 0);
  const avg = { type: 'LE' as ArmyType, race: 'Human' as const, quality: 2 as const };
  assert.equal(modifiedQuality(cfg, { army: avg, terrain: 'Plain', defending: false, home: true }), 3);
  assert.equal(modifiedQuality(cfg, { army: avg, terrain: 'Plain', defending: false, oration: true, fanatic: true }), 4);
  assert.equal(modifiedQuality(cfg, { army: avg, terrain: 'Desert', defending: false, desertNoCamel: true }), 1);
});

test('TV-32 Multiplier rule: defence × exploration = 1.5625', () => {
  assert.equal(strengthFactor(cfg, { army: { type: 'LE', race: 'Human', quality: 1 }, terrain: 'Plain', defending: true, exploration: true }), 1.5625);
});

test('TV-54 Illusory terrain (strength part): Heavy Cavalry on Plain disguised as Mountain = 3.5', () => {
  assert.equal(baseStrength(cfg, { army: { type: 'HC', race: 'Human', quality: 2 }, terrain: 'Plain', illusory: 'Mountain', defending: false }), 3.5);
  assert.equal(baseStrength(cfg, { army: { type: 'HC', race: 'Human', quality: 2 }, terrain: 'Plain', defending: false }), 5);
});

test('TV-33 Column engagement probability', () => {
  assert.equal(engagementChance(cfg, 4, 1), 1);
  assert.equal(engagementChance(cfg, 2, 1), 0.75);
  assert.equal(engagementChance(cfg, 1, 1), 0.5);
  assert.equal(engagementChance(cfg, 1, 2), 0.25);
  assert.equal(engagementChance(cfg, 3, 1).toFixed(4), '0.8962');
  assert.equal(engagementChance(cfg, 1, 4), 0);
  assert.equal(engagementChance(cfg, 1, 9), 0);
  assert.equal(engagementChance(cfg, 5, 0), 1);
  assert.equal(engagementChance(cfg, 0, 0), 0.5);
});

// ───────────────────────────────────────────── movement

test('TV-34 Forced March MP', () => {
  assert.equal(mpPerTurnFor(cfg, 'LE', 2, 0), 3);
  assert.equal(mpPerTurnFor(cfg, 'LE', 1, 0), 2);
  assert.equal(mpPerTurnFor(cfg, 'LC', 1, 0), 5);
  assert.equal(mpPerTurnFor(cfg, 'LC', 3, 0), 6);
  assert.equal(mpPerTurnFor(cfg, 'HC', 1, 0), 4);
  assert.equal(mpPerTurnFor(cfg, 'DR', 4, 4), 5);
  assert.equal(mpPerTurnFor(cfg, 'FL', 0, 2), 4);
});

test('TV-35 Unification', () => {
  assert.equal(unificationChance(cfg, 1, 1), 0.6);
  assert.equal(unificationChance(cfg, 0, 0), 0.8);
  assert.equal(unificationChance(cfg, 4, 2), 0.6);
  assert.equal(unificationChance(cfg, 4, 5), 0.6);
});

test('TV-47 DE geometry', () => {
  assert.equal(defendCovers(305, 305, 306), true);
  assert.equal(defendCovers(305, 305, 307), false);
  assert.equal(defendCovers(307, 305, 306), true);
  assert.equal(defendCovers(307, 305, 308), false);
  assert.equal(defendCovers(307, 305, 307), false);
});

test('TV-47 DE reaction through execute: the general at 305 (DE 305) joins the defence of 306', () => {
  const s = world();
  for (const p of [305, 306, 307]) s.provinces[p]!.owner = 1;
  s.kingdoms[1]!.relations[2] = 'Enemy'; s.kingdoms[2]!.relations[1] = 'Enemy';
  s.characters[10] = character(10, { kingdom: 1, province: 305 });
  s.armies[30] = army(30, 'LE', { province: 305, leader: 10, status: 'Led', quality: 3 });
  s.characters[20] = character(20, { kingdom: 2, province: 205 });
  s.armies[40] = army(40, 'LE', { kingdom: 2, province: 205, leader: 20, status: 'Led' });
  const ctx = ctxFor(s, createRng(1, 'de'));
  hooks.preTurn(ctx);
  run(ctx, DE as never, 10, 'DE 305');
  run(ctx, MO as never, 20, 'MO 306');
  hooks.endOfPhase(ctx);
  assert.equal(eventsOf(ctx, 'defend-react').length, 1);
  assert.ok(eventsOf(ctx, 'battle').some((e) => e.at === 306));
  // DE 307 from 305 and an invasion of 307: no reaction.
  const s2 = world();
  for (const p of [305, 306, 307, 308]) s2.provinces[p]!.owner = 1;
  s2.kingdoms[1]!.relations[2] = 'Enemy'; s2.kingdoms[2]!.relations[1] = 'Enemy';
  s2.characters[10] = character(10, { kingdom: 1, province: 305 });
  s2.armies[30] = army(30, 'LE', { province: 305, leader: 10, status: 'Led', quality: 3 });
  s2.characters[20] = character(20, { kingdom: 2, province: 207 });
  s2.armies[40] = army(40, 'LE', { kingdom: 2, province: 207, leader: 20, status: 'Led' });
  const ctx2 = ctxFor(s2, createRng(2, 'de'));
  hooks.preTurn(ctx2);
  run(ctx2, DE as never, 10, 'DE 307');
  run(ctx2, MO as never, 20, 'MO 307');
  hooks.endOfPhase(ctx2);
  assert.equal(eventsOf(ctx2, 'defend-react').length, 0);
});

test('TV-40 Neutral bump: the armies stay in their origin, no battle', () => {
  const s = world();
  s.provinces[104]!.owner = 2;
  s.characters[10] = character(10, { kingdom: 1, province: 103 });
  s.armies[30] = army(30, 'LE', { province: 103, leader: 10, status: 'Led' });
  const ctx = ctxFor(s, createRng(3, 'bump'));
  hooks.preTurn(ctx);
  run(ctx, MO as never, 10, 'MO 104');
  hooks.endOfPhase(ctx);
  assert.equal(s.armies[30]!.province, 103);
  assert.equal(s.characters[10]!.province, 103);
  assert.equal(eventsOf(ctx, 'move-bounced').length, 1);
  assert.equal(eventsOf(ctx, 'battle').length, 0);
});

test('TV-27 Long move: one province per phase toward 308 (G-51 route)', () => {
  const s = world();
  for (const p of [305, 306, 307, 308]) s.provinces[p]!.owner = 1;
  s.characters[10] = character(10, { kingdom: 1, province: 305 });
  assert.equal(nextStep(s, cfg, s.characters[10]!, [], 308), 306);
  s.armies[30] = army(30, 'LC', { province: 305, leader: 10, status: 'Led' });
  const ctx = ctxFor(s, createRng(4, 'long'));
  hooks.preTurn(ctx);
  run(ctx, MO as never, 10, 'MO 308', 1);
  assert.equal(s.characters[10]!.province, 306);
  run(ctx, MO as never, 10, 'MO 308', 2);
  assert.equal(s.characters[10]!.province, 307);
  run(ctx, MO as never, 10, 'MO 308', 3);
  assert.equal(s.characters[10]!.province, 308);
  assert.equal(s.armies[30]!.province, 308);
  assert.equal(s.armies[30]!.mpUsed, 3);
});

test('TV-48 Two levels of Forced March let infantry attack a second province', () => {
  const setup = (ma: number) => {
    const s = world();
    s.provinces[305]!.owner = 1;
    s.characters[10] = character(10, { kingdom: 1, province: 305, talent: { ...character(0).talent, Ma: ma } });
    s.armies[30] = army(30, 'LE', { province: 305, leader: 10, status: 'Led', quality: 5 });
    // Y = 307 has one Green native garrison.
    s.armies[50] = army(50, 'GA', { kingdom: null, status: 'Native', province: 307, quality: 1 });
    return s;
  };
  const s = setup(2);
  const ctx = ctxFor(s, createRng(5, 'tv48'));
  hooks.preTurn(ctx);
  assert.equal(mpPerTurn(s, cfg, s.armies[30]!), 3);
  run(ctx, MO as never, 10, 'MO 306', 1);
  hooks.endOfPhase(ctx);
  assert.equal(s.provinces[306]!.owner, 1, 'X conquered without battle (G-49)');
  assert.equal(mpLeft(s, cfg, s.armies[30]!), 1, 'enter 1 + conquer 1');
  run(ctx, MO as never, 10, 'MO 307', 2);
  assert.equal(s.characters[10]!.province, 307);
  hooks.endOfPhase(ctx);
  assert.ok(eventsOf(ctx, 'battle').some((e) => e.at === 307 && e.phase === 2), 'a battle for Y at the end of phase 2');
  assert.ok(s.armies[30]!.mpUsed <= 3);
  // Ma 1: MP 2, none left after conquering X.
  const s1 = setup(1);
  const ctx1 = ctxFor(s1, createRng(6, 'tv48'));
  hooks.preTurn(ctx1);
  run(ctx1, MO as never, 10, 'MO 306', 1);
  hooks.endOfPhase(ctx1);
  assert.equal(mpLeft(s1, cfg, s1.armies[30]!), 0);
  run(ctx1, MO as never, 10, 'MO 307', 2);
  assert.equal(s1.characters[10]!.province, 306);
  assert.equal(eventsOf(ctx1, 'order-failed').length, 1);
});

// ───────────────────────────────────────────── recruitment

test('TV-25 Recruitment limits in the capital: 2 LE + 2 BO + 2 GA, Average, 10 écus', () => {
  const s = world();
  const cap = s.provinces[103]!;
  cap.types = ['LE', 'BO'];
  s.kingdoms[1]!.treasury = 50;
  const ctx = ctxFor(s, createRng(7, 're'));
  hooks.preTurn(ctx);
  run(ctx, RE as never, 1, 'RE LE,LE,BO,BO,GA,GA pour 1');
  const got = Object.values(s.armies).filter((a) => a.kingdom === 1);
  assert.equal(got.length, 6);
  assert.ok(got.every((a) => a.quality === 2 && a.race === 'Human' && a.leader === 1));
  assert.equal(s.kingdoms[1]!.treasury, 40);
  assert.equal(got.reduce((x, a) => x + armyUpkeep(s, a), 0), 10);
  run(ctx, RE as never, 1, 'RE LE pour 1', 2);
  assert.equal(Object.values(s.armies).length, 6, 'a third LE is refused');
  assert.equal(eventsOf(ctx, 'order-failed').length, 1);
});

test('TV-25 Non-capital province: 1 native-type army (or an imported HC at 6, Green) + 2 GA', () => {
  const s = world();
  s.provinces[104]!.owner = 1;
  s.kingdoms[1]!.treasury = 50;
  s.characters[10] = character(10, { kingdom: 1, province: 104 });
  s.armies[30] = army(30, 'HC', { province: 104, leader: 10, status: 'Led' });
  const ctx = ctxFor(s, createRng(8, 're'));
  hooks.preTurn(ctx);
  run(ctx, RE as never, 10, 'RE HC pour 10');
  const hc = Object.values(s.armies).find((a) => a.id !== 30 && a.type === 'HC')!;
  assert.equal(hc.quality, 1);
  assert.equal(s.kingdoms[1]!.treasury, 44, 'imported HC costs 2 × 3');
  run(ctx, RE as never, 10, 'RE LE pour 10', 2);
  assert.equal(Object.values(s.armies).filter((a) => a.type === 'LE').length, 0, 'the budget of 1 is spent');
  run(ctx, RE as never, 10, 'RE GA,GA,GA', 3);
  assert.equal(Object.values(s.armies).filter((a) => a.type === 'GA').length, 2);
});

test('TV-25 Ally’s province: an LE costs 2 + 1 (1 to the ally, who ordered a treaty this turn)', () => {
  const s = world();
  s.provinces[104]!.owner = 2;
  s.kingdoms[1]!.relations[2] = 'Allied'; s.kingdoms[2]!.relations[1] = 'Allied';
  s.kingdoms[1]!.treasury = 20; s.kingdoms[2]!.treasury = 0;
  s.characters[10] = character(10, { kingdom: 1, province: 104 });
  const noTreaty = ctxFor(s, createRng(9, 're'), { 2: emptySheet() });
  hooks.preTurn(noTreaty);
  run(noTreaty, RE as never, 10, 'RE LE pour 10');
  assert.equal(Object.values(s.armies).length, 0, 'without the ally’s treaty order');
  const ctx = ctxFor(s, createRng(9, 're'), { 2: emptySheet({ treaties: [1] }) });
  hooks.preTurn(ctx);
  run(ctx, RE as never, 10, 'RE LE pour 10');
  assert.equal(Object.values(s.armies).length, 1);
  assert.equal(s.kingdoms[1]!.treasury, 17);
  assert.equal(s.kingdoms[2]!.treasury, 1);
});

test('RE hires an Average mercenary of the type first (G-43), anywhere', () => {
  const s = world();
  s.characters[10] = character(10, { kingdom: 1, province: 110 });
  s.armies[60] = army(60, 'WR', { kingdom: null, status: 'Mercenary', province: 110, quality: 3, race: 'Orc' });
  s.armies[61] = army(61, 'WR', { kingdom: null, status: 'Mercenary', province: 110, quality: 1, race: 'Orc' });
  const ctx = ctxFor(s, createRng(10, 're'));
  hooks.preTurn(ctx);
  run(ctx, RE as never, 10, 'RE WR pour 10');
  assert.equal(s.armies[60]!.kingdom, 1);
  assert.equal(s.armies[60]!.leader, 10);
  assert.equal(s.armies[61]!.kingdom, null);
  assert.equal(s.kingdoms[1]!.treasury, 7);
});

test('TV-26 PI after RE fails; LE tout à GC then PI tout succeeds', () => {
  const mk = () => {
    const s = world();
    s.kingdoms[1]!.treasury = 50;
    s.characters[52] = character(52, { kingdom: 1, province: 103 });
    s.characters[25] = character(25, { kingdom: 1, province: 103 });
    return s;
  };
  const s = mk();
  const ctx = ctxFor(s, createRng(11, 'pi'));
  hooks.preTurn(ctx);
  run(ctx, RE as never, 52, 'RE LE,LE pour 52', 1);
  const ids = Object.values(s.armies).map((a) => a.id);
  assert.equal(ids.length, 2);
  run(ctx, PI as never, 25, `PI ${ids.join(',')}`, 2);
  assert.equal(eventsOf(ctx, 'order-failed').length, 1);
  assert.ok(ids.every((id) => s.armies[id]!.leader === 52));
  const s2 = mk();
  const ctx2 = ctxFor(s2, createRng(11, 'pi'));
  hooks.preTurn(ctx2);
  run(ctx2, RE as never, 52, 'RE LE,LE pour 52', 1);
  run(ctx2, LE as never, 52, 'LE tout à GC', 2);
  run(ctx2, PI as never, 25, 'PI tout', 3);
  assert.equal(eventsOf(ctx2, 'order-failed').length, 0);
  assert.ok(Object.values(s2.armies).every((a) => a.leader === 25 && a.status === 'Led'));
});

test('DI turns armies into mercenaries in place (G-43)', () => {
  const s = world();
  s.armies[30] = army(30, 'LE', { province: 103, leader: 1, status: 'Led' });
  const ctx = ctxFor(s, createRng(12, 'di'));
  run(ctx, DI as never, 1, 'DI tout');
  assert.equal(s.armies[30]!.status, 'Mercenary');
  assert.equal(s.armies[30]!.kingdom, null);
  assert.equal(s.armies[30]!.province, 103);
});

// ───────────────────────────────────────────── battles

test('TV-38 Contested province: MP [1, 1, 0] → camp until spring; next turn a forced battle at the end of phase 1; reinforcements trigger none', () => {
  const s = world();
  s.provinces[306]!.owner = 2;
  s.kingdoms[1]!.relations[2] = 'Enemy'; s.kingdoms[2]!.relations[1] = 'Enemy';
  s.characters[10] = character(10, { kingdom: 1, province: 306 });
  for (const [id, used] of [[30, 1], [31, 1], [32, 2]] as const) s.armies[id] = army(id, 'LE', { province: 306, leader: 10, status: 'Led', mpUsed: used });
  s.armies[40] = army(40, 'LE', { kingdom: 2, province: 306 });
  const ctx = ctxFor(s, createRng(13, 'tv38'), {}, 3);
  contest(ctx, 306, [s.armies[30]!, s.armies[31]!, s.armies[32]!], [1, 2]);
  assert.deepEqual(s.provinces[306]!.contested, { attackers: [1] });
  assert.equal(eventsOf(ctx, 'province-contested')[0]!.force, false);
  assert.equal(scratchOf(ctx).forced[306], undefined);
  // With [1, 1, 1] the attacker forces a battle next phase.
  s.armies[32]!.mpUsed = 1;
  const ctxF = ctxFor(s, createRng(13, 'tv38'), {}, 3);
  contest(ctxF, 306, [s.armies[30]!, s.armies[31]!, s.armies[32]!], [1, 2]);
  assert.equal(scratchOf(ctxF).forced[306], 4);
  // Next turn: the attacker does not move.
  const sheets = { 1: emptySheet() };
  order(sheets, 1, 10, 1, slot('PR', {}, 'PR Ta'));
  const next = ctxFor(s, createRng(14, 'tv38'), sheets, 1);
  hooks.preTurn(next);
  hooks.startOfPhase(next);
  assert.equal(scratchOf(next).forced[306], 1);
  hooks.endOfPhase(next);
  assert.ok(eventsOf(next, 'battle').some((e) => e.at === 306 && e.phase === 1));
  // A defender reinforcement in phase 2 into its own contested province: no battle.
  const s3 = world();
  s3.provinces[306]!.owner = 2; s3.provinces[305]!.owner = 2;
  s3.provinces[306]!.contested = { attackers: [1] };
  s3.kingdoms[1]!.relations[2] = 'Enemy'; s3.kingdoms[2]!.relations[1] = 'Enemy';
  s3.armies[30] = army(30, 'LE', { province: 306, status: 'Garrison' });
  s3.armies[40] = army(40, 'LE', { kingdom: 2, province: 306 });
  s3.characters[20] = character(20, { kingdom: 2, province: 305 });
  s3.armies[41] = army(41, 'LE', { kingdom: 2, province: 305, leader: 20, status: 'Led' });
  const r = ctxFor(s3, createRng(15, 'tv38'), {}, 2);
  hooks.preTurn(r);
  run(r, MO as never, 20, 'MO 306', 2);
  hooks.endOfPhase(r);
  assert.equal(eventsOf(r, 'battle').length, 0);
});

test('TV-38 G-73 retreat rule: a defender stays when R ≥ T', () => {
  assert.equal(defenderStays(cfg, 0.5, { capital: false, tax: 5, noRoute: false, attackerCannotForce: false }), true);
  assert.equal(defenderStays(cfg, 0.49, { capital: false, tax: 5, noRoute: false, attackerCannotForce: false }), false);
  assert.equal(defenderStays(cfg, 0.3, { capital: true, tax: 5, noRoute: false, attackerCannotForce: false }), true);
});

test('TV-39 Multinational conquest: the King with the largest army after the battle', () => {
  const s = world();
  s.kingdoms[1]!.relations[2] = 'Allied'; s.kingdoms[2]!.relations[1] = 'Allied';
  const A = [30, 31, 32].map((id) => (s.armies[id] = army(id, 'LE', { kingdom: 1, province: 306, status: 'Led', leader: 1 })));
  const B = [40, 41].map((id) => (s.armies[id] = army(id, 'LE', { kingdom: 2, province: 306, status: 'Led', leader: 2 })));
  const ctx = ctxFor(s, createRng(16, 'tv39'));
  // B led the invasion, but A has more armies after the battle.
  conquer(ctx, 306, [{ leader: 2, kingdom: 2, from: 305, bySea: false, armies: B, seq: 1 }, { leader: 1, kingdom: 1, from: 305, bySea: false, armies: A, seq: 2 }], false);
  assert.equal(s.provinces[306]!.owner, 1);
});

// ───────────────────────────────────────────── properties

const TYPES: ArmyType[] = ['GA', 'BO', 'AX', 'PH', 'LE', 'LC', 'HC', 'CH', 'EL', 'CC', 'WR', 'DR', 'EA', 'WH', 'FL', 'ME', 'EN', 'TR', 'WE'];
const unitArb = fc.record({ type: fc.constantFrom(...TYPES), quality: fc.integer({ min: 0, max: 5 }) });
const battleArb = fc.record({
  att: fc.array(unitArb, { minLength: 1, maxLength: 12 }),
  def: fc.array(unitArb, { minLength: 1, maxLength: 12 }),
  terrain: fc.constantFrom('Plain', 'Desert', 'Jungle', 'Forest', 'Mountain', 'Sea'),
  seed: fc.integer(),
});

function battleState(b: { att: { type: ArmyType; quality: number }[]; def: { type: ArmyType; quality: number }[]; terrain: string }): AKState {
  const s = world();
  s.provinces[306]!.terrain = b.terrain as never;
  s.provinces[306]!.owner = 2;
  s.kingdoms[1]!.relations[2] = 'Enemy'; s.kingdoms[2]!.relations[1] = 'Enemy';
  s.provinces[305]!.owner = 1;
  s.characters[10] = character(10, { kingdom: 1, province: 305, talent: { ...character(0).talent, Ma: 4, Ta: 1 } });
  let id = 1000;
  for (const u of b.att) { s.armies[id] = army(id, u.type, { province: 305, leader: 10, status: 'Led', quality: u.quality as Army['quality'], race: 'Human' }); id++; }
  for (const u of b.def) { s.armies[id] = army(id, u.type, { kingdom: 2, province: 306, quality: u.quality as Army['quality'], race: 'Human' }); id++; }
  return s;
}

function playBattle(b: Parameters<typeof battleState>[0] & { seed: number }) {
  const s = battleState(b);
  const before = Object.keys(s.armies).length;
  const ctx = ctxFor(s, createRng(b.seed, 'prop'));
  hooks.preTurn(ctx);
  // Move everyone straight in (transport rules aside), then resolve.
  for (const a of Object.values(s.armies)) if (a.kingdom === 1) a.province = 306;
  s.characters[10]!.province = 306;
  scratchOf(ctx).invasions.push({ seq: 1, province: 306, leader: 10, kingdom: 1, from: 305, bySea: false, armies: Object.values(s.armies).filter((a) => a.kingdom === 1).map((a) => a.id) });
  hooks.endOfPhase(ctx);
  return { s, ctx, before };
}

test('property: a battle never yields negative counts or quality outside 0..5, and armies are conserved', () => {
  fc.assert(fc.property(battleArb, (b) => {
    const { s, ctx, before } = playBattle(b);
    const alive = Object.keys(s.armies).length;
    const destroyed = eventsOf(ctx, 'battle-result').reduce((x, e) => x + (e.destroyed as unknown[]).length, 0)
      + eventsOf(ctx, 'battle-pursuit').filter((e) => e.destroyed).length
      + eventsOf(ctx, 'battle-dispersed').reduce((x, e) => x + (e.dispersed as unknown[]).length, 0);
    assert.equal(alive + destroyed, before);
    for (const a of Object.values(s.armies)) {
      assert.ok(a.quality >= 0 && a.quality <= 5 && Number.isInteger(a.quality));
      assert.ok(a.mpUsed >= 0);
    }
    for (const p of Object.values(s.provinces)) for (const f of p.fallen) assert.ok(f.quality >= 0 && f.quality <= 5);
  }), { numRuns: 150 });
});

test('property: same draws → same result', () => {
  fc.assert(fc.property(battleArb, (b) => {
    const x = playBattle(b), y = playBattle(b);
    assert.deepEqual(x.s, y.s);
    assert.deepEqual(x.ctx.events, y.ctx.events);
  }), { numRuns: 60 });
});

test('fight() draws only from its RNG and does not change the state', () => {
  const s = battleState({ att: [{ type: 'LE', quality: 2 }, { type: 'DR', quality: 3 }], def: [{ type: 'PH', quality: 2 }, { type: 'BO', quality: 2 }], terrain: 'Plain' });
  const before = structuredClone(s);
  const att = Object.values(s.armies).filter((a) => a.kingdom === 1);
  const def = Object.values(s.armies).filter((a) => a.kingdom === 2);
  const o1 = fight(s, cfg, createRng(1, 'f'), { province: 306, attackers: att, defenders: def });
  const o2 = fight(s, cfg, createRng(1, 'f'), { province: 306, attackers: att, defenders: def });
  assert.deepEqual(s, before);
  assert.deepEqual(o1.columns, o2.columns);
});

test('every armies event renders in French and English', () => {
  const { s, ctx } = playBattle({ att: [{ type: 'LE', quality: 3 }, { type: 'DR', quality: 3 }, { type: 'HC', quality: 2 }], def: [{ type: 'PH', quality: 2 }, { type: 'BO', quality: 1 }], terrain: 'Plain', seed: 3 });
  const env = (lang: 'fr' | 'en') => ({
    s, kingdom: 1, lang, province: (id: number) => `P${id}`, character: (id: number) => `C${id}`,
    army: (id: number, t: string) => `${id}-${t}`, kingdomName: (id: number) => `K${id}`,
  });
  let n = 0;
  for (const e of ctx.events) {
    const r = MESSAGES[e.t];
    if (!r) continue;
    for (const lang of ['fr', 'en'] as const) {
      const txt = r(e, env(lang));
      assert.ok(typeof txt === 'string' && !txt.includes('undefined') && !txt.includes('NaN'), `${e.t} ${lang}: ${txt}`);
    }
    n++;
  }
  assert.ok(n >= 3);
});
