/**
 * Adventurer Kings — knowledge and fog of war: exploration (TV-14, TV-52, G-21), entering
 * (TV-51, G-50), starting knowledge (TV-50), spying (TV-53, G-47, G-48), illusory terrain seen
 * from outside (TV-54), Hide Site, bands (G-56), noticing (G-100) and passive spy reports.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createRng, scriptedRng, type Rng } from '../../src/engine/rng.ts';
import type { AKState, Character } from '../../src/rulesets/adventurer-kings/state.ts';
import type { SlotOrder, TurnCtx } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import { setupGame } from '../../src/rulesets/adventurer-kings/world/setup.ts';
import { slot as fixtureSlot, testCtx } from './fixture.ts';
import { neighbours } from '../../src/rulesets/adventurer-kings/world/geometry.ts';
import { EX, explorationGain } from '../../src/rulesets/adventurer-kings/orders/ex.ts';
import { SP } from '../../src/rulesets/adventurer-kings/orders/sp.ts';
import { bandMarker, enterProvince, incomeBand, knowledgeOf, learnGeneral, observedTerrain, raiseExploration } from '../../src/rulesets/adventurer-kings/knowledge/knowledge.ts';
import { approximate, militaryReport } from '../../src/rulesets/adventurer-kings/knowledge/spy.ts';
import { endOfPhase, endOfTurn } from '../../src/rulesets/adventurer-kings/knowledge/hooks.ts';
import { MESSAGES as WORLD_MESSAGES } from '../../src/rulesets/adventurer-kings/world/messages.ts';
import { MESSAGES as KNOWLEDGE_MESSAGES } from '../../src/rulesets/adventurer-kings/knowledge/messages.ts';
import type { RenderEnv } from '../../src/rulesets/adventurer-kings/report/types.ts';

function ctxOf(s: AKState, rng: Rng = createRng(1, 'turn'), phase = 1): TurnCtx {
  return testCtx(s, rng, {}, phase);
}
const slot = (code: 'EX' | 'SP'): SlotOrder<{ province?: number }> => fixtureSlot(code, {});

/** A fresh game with kingdom 1's King moved to `province`, made terrain `terrain`, and the kingdom's knowledge of it set to `pct`. */
function scene(opts: { seed?: number; province?: number; terrain?: 'Plain' | 'Forest' | 'Jungle' | 'Mountain' | 'Desert' | 'Sea'; pct?: number; ex?: number } = {}) {
  const s = setupGame({ players: 3 }, createRng(opts.seed ?? 5, 'setup'));
  const king = s.characters[1]!;
  const p = opts.province ?? neighbours(s.kingdoms[1]!.capital)[0]!;
  if (opts.terrain) s.provinces[p]!.terrain = opts.terrain;
  king.province = p;
  for (const a of Object.values(s.armies)) if (a.leader === 1) a.province = p;
  const k = knowledgeOf(s, 1);
  k.provinces[p] = { pct: opts.pct ?? 0, sites: [] };
  if (opts.ex !== undefined) king.aptitude.Ex = opts.ex;
  return { s, king, p };
}

// ── exploration ──

test('TV-14 exploration gain: base % × (Ex aptitude + 1)', () => {
  const s = setupGame({ players: 2 }, createRng(1, 'setup'));
  assert.equal(explorationGain(s, 'Forest', 2), 45);
  assert.equal(explorationGain(s, 'Plain', 0), 50);
  assert.equal(explorationGain(s, 'Jungle', 0), 10);
  assert.equal(explorationGain(s, 'Plain', 1), 100);
});

test('TV-14 through EX: 1 % + one Forest exploration with Ex 2 → 46 %; Jungle Ex 0 takes 10 actions', () => {
  const { s, king, p } = scene({ terrain: 'Forest', pct: 1, ex: 2 });
  king.items = [];
  const ctx = ctxOf(s);
  EX.execute(ctx, king, {}, slot('EX'));
  assert.equal(knowledgeOf(s, 1).provinces[p]!.pct, 46);
  const e = ctx.events.find((x) => x.t === 'explore')!;
  assert.equal(e.gain, 45);
  // Jungle, Ex 0: 10 % per action.
  const j = scene({ terrain: 'Jungle', pct: 0, ex: 0 });
  const c2 = ctxOf(j.s);
  for (let i = 1; i <= 10; i++) {
    EX.execute(c2, j.king, {}, slot('EX'));
    assert.equal(knowledgeOf(j.s, 1).provinces[j.p]!.pct, Math.min(100, 10 * i));
  }
  // Item Ex bonus counts in the formula (review C8): Map of Ages + Ex 0 in Plain → 100.
  const m = scene({ terrain: 'Plain', pct: 0, ex: 0 });
  m.s.items[999] = { id: 999, kind: 'map-of-ages', name: 'Map of Ages', category: 'TalentBoost', talentBonus: { Ex: 1 }, holder: 1 };
  m.king.items = [999];
  EX.execute(ctxOf(m.s), m.king, {}, slot('EX'));
  assert.equal(knowledgeOf(m.s, 1).provinces[m.p]!.pct, 100);
});

test('TV-52 exploration to 100 % reveals every site and the exact tax, never armies or leaders', () => {
  const { s, king, p } = scene({ terrain: 'Plain', pct: 1, ex: 1 });
  const prov = s.provinces[p]!;
  // Put a site with a high threshold and a foreign army and character there.
  s.sites[500] = { id: 500, province: p, type: 'tower', name: 'Kharzul', treasure: { gold: 5, items: [] }, threshold: 100, legend: 'gold:poor',
    monster: { kind: 'troll', name: 'Troll', hp: 25, melee: 1, damage: [1, 6], missile: 0, speed: 'medium', intelligence: 'human', flags: {}, alignment: 'Evil' } };
  prov.sites.push(500);
  prov.fallen = [{ type: 'LE', race: 'Human', quality: 2 }];
  s.armies[900] = { id: 900, type: 'LE', race: 'Human', quality: 3, kingdom: 2, status: 'Garrison', province: p, mpUsed: 0 };
  s.characters[2]!.province = p;
  const ctx = ctxOf(s);
  EX.execute(ctx, king, {}, slot('EX'));
  const pk = knowledgeOf(s, 1).provinces[p]!;
  assert.equal(pk.pct, 100);
  assert.equal(pk.exactTax, prov.taxBase);
  for (const id of prov.sites) assert.ok(knowledgeOf(s, 1).sites[id]);
  assert.deepEqual(knowledgeOf(s, 1).sites[500], { name: 'Kharzul', type: 'tower', legend: 'gold:poor', monster: 'troll', descriptor: 'big' });
  assert.equal(pk.military, undefined);
  assert.equal(knowledgeOf(s, 1).characters[2], undefined);
  assert.deepEqual(pk.fallen, [{ type: 'LE', race: 'Human', quality: 2 }]);
  const e = ctx.events.find((x) => x.t === 'explore')!;
  assert.ok(!JSON.stringify(e).includes('"armies"'));
  // Re-exploring at 100 % refreshes the fallen soldiers (§15.13b).
  prov.fallen = [];
  EX.execute(ctx, king, {}, slot('EX'));
  assert.deepEqual(pk.fallen, []);
});

test('G-21 site thresholds; knowledge never decreases; Hide Site keeps a hidden site from new explorers', () => {
  const { s, p } = scene({ terrain: 'Plain', pct: 0 });
  const prov = s.provinces[p]!;
  prov.sites = [];
  s.sites[600] = { id: 600, province: p, type: 'cave', name: 'Orvane', treasure: { gold: 3, items: [] }, threshold: 30 };
  s.sites[601] = { id: 601, province: p, type: 'ruin', name: 'Ysmark', treasure: { gold: 3, items: [] }, threshold: 60, hiddenBy: 2 };
  prov.sites.push(600, 601);
  const at = { turn: 1, phase: 1 };
  assert.deepEqual(raiseExploration(s, 1, p, 29, at), []);
  assert.deepEqual(raiseExploration(s, 1, p, 30, at), [600]);
  assert.deepEqual(raiseExploration(s, 1, p, 10, at), []);
  assert.equal(knowledgeOf(s, 1).provinces[p]!.pct, 30);
  assert.deepEqual(raiseExploration(s, 1, p, 100, at), []); // 601 hidden
  // A kingdom that knew it before keeps it; once the spell is gone it can be found.
  delete s.sites[601]!.hiddenBy;
  assert.deepEqual(raiseExploration(s, 1, p, 100, at), [601]);
});

// ── entering, starting knowledge, bands ──

test('TV-51 first entry into Forest 306-like province: 1 % → 4 %, 0 % neighbours → 1 %, sites with θ ≤ 4', () => {
  const { s, p } = scene({ terrain: 'Forest', pct: 1 });
  const prov = s.provinces[p]!;
  s.sites[700] = { id: 700, province: p, type: 'cave', name: 'Arvel', treasure: { gold: 1, items: [] }, threshold: 4 };
  s.sites[701] = { id: 701, province: p, type: 'cave', name: 'Belys', treasure: { gold: 1, items: [] }, threshold: 5 };
  prov.sites = [700, 701];
  const k = knowledgeOf(s, 1);
  for (const q of neighbours(p)) if (q !== s.kingdoms[1]!.capital && !neighbours(s.kingdoms[1]!.capital).includes(q)) delete k.provinces[q];
  const ctx = ctxOf(s);
  enterProvince(ctx, 1, p);
  assert.equal(k.provinces[p]!.pct, 4);
  for (const q of neighbours(p)) assert.ok(k.provinces[q]!.pct >= 1);
  assert.ok(k.sites[700]);
  assert.equal(k.sites[701], undefined);
  assert.equal(ctx.events.filter((e) => e.t === 'enter-sites').length, 1);
});

test('TV-50 capital start; G-56 bands: a Plain neighbour with tax 4 shows no marker', () => {
  const s = setupGame({ players: 4 }, createRng(11, 'setup'));
  for (const kd of Object.values(s.kingdoms)) {
    const k = knowledgeOf(s, kd.id);
    assert.equal(k.provinces[kd.capital]!.pct, 100);
    assert.equal(k.provinces[kd.capital]!.exactTax, 10);
    for (const q of neighbours(kd.capital)) assert.equal(k.provinces[q]!.pct, 1);
  }
  assert.equal(incomeBand(4), 'Prosperous');
  assert.equal(bandMarker('Plain', incomeBand(4)), null);
  assert.equal(bandMarker('Plain', incomeBand(1)), 'Poor');
  assert.equal(bandMarker('Desert', incomeBand(1)), null);
  assert.equal(bandMarker('Sea', incomeBand(5)), 'Prosperous');
  assert.equal(incomeBand(7), 'Rich');
});

test('TV-54 illusory terrain: Mountain seen from 306, Plain from inside 307', () => {
  const s = setupGame({ players: 3 }, createRng(9, 'setup'));
  s.provinces[307]!.terrain = 'Plain';
  s.provinces[307]!.effects = { illusoryTerrain: { terrain: 'Mountain', caster: 3 } };
  for (const c of Object.values(s.characters)) if (c.province === 307) c.province = 101;
  s.characters[1]!.province = 306; // kingdom 1 watches from outside
  s.characters[2]!.province = 307; // kingdom 2 is inside
  learnGeneral(s, 1, 307, { turn: 1, phase: 1 });
  learnGeneral(s, 2, 307, { turn: 1, phase: 1 });
  assert.equal(knowledgeOf(s, 1).provinces[307]!.terrain, 'Mountain');
  assert.equal(knowledgeOf(s, 2).provinces[307]!.terrain, 'Plain');
  assert.equal(observedTerrain(s, 3, 307), 'Plain'); // the caster's kingdom knows
  // Entering sees through it.
  s.characters[1]!.province = 307;
  enterProvince(ctxOf(s), 1, 307);
  assert.equal(knowledgeOf(s, 1).provinces[307]!.terrain, 'Plain');
});

// ── spying ──

test('TV-53 spy margin: 4 Legions read 1..7 at Sp 0, 3..5 at Sp 4', () => {
  assert.equal(approximate(scriptedRng([0]), 4, 0.7), 1);
  assert.equal(approximate(scriptedRng([0.999999]), 4, 0.7), 7);
  assert.equal(approximate(scriptedRng([0]), 4, 0.15), 3);
  assert.equal(approximate(scriptedRng([0.999999]), 4, 0.15), 5);
  fc.assert(fc.property(fc.integer({ min: 1, max: 1e9 }), fc.constantFrom(0, 4), (seed, sp) => {
    const { s, king, p } = scene({ seed: 5 });
    king.talent.Sp = sp;
    king.items = [];
    for (const a of Object.values(s.armies)) if (a.province === p && a.kingdom !== 1) a.province = 101;
    for (let i = 0; i < 4; i++) s.armies[800 + i] = { id: 800 + i, type: 'LE', race: 'Human', quality: 2, kingdom: 2, status: 'Garrison', province: p, mpUsed: 0 };
    const r = militaryReport(ctxOf(s, createRng(seed, 'spy')), king, p)!;
    const le = r.armies.find((a) => a.type === 'LE' && a.kingdom === 2);
    const n = le?.count ?? 0;
    if (sp === 0) assert.ok(n >= 0 && n <= 7 && (n === 0 || n >= 1));
    else assert.ok(n >= 3 && n <= 5, `Sp 4 read ${n}`);
    assert.equal(r.margin, sp === 0 ? 70 : 15);
  }), { numRuns: 40 });
});

test('SP through execute: exact owners and types, approximate tax, one military report per turn, invention theft (G-48)', () => {
  const { s, king, p } = scene({ seed: 5 });
  const prov = s.provinces[p]!;
  prov.owner = 2;
  s.kingdoms[2]!.inventions = ['CROSSBOW'];
  s.config = { knowledge: { inventionTheftPerSa: 100 } };
  s.armies[810] = { id: 810, type: 'PH', race: 'Human', quality: 2, kingdom: 2, status: 'Garrison', province: p, mpUsed: 0 };
  const ctx = ctxOf(s);
  SP.execute(ctx, king, {}, slot('SP'));
  const pk = knowledgeOf(s, 1).provinces[p]!;
  assert.equal(pk.owner!.kingdom, 2);
  assert.deepEqual(pk.types, prov.types);
  for (const q of neighbours(p)) assert.equal(knowledgeOf(s, 1).provinces[q]!.owner!.kingdom, s.provinces[q]!.owner);
  assert.ok(pk.spiedTax && pk.military);
  assert.deepEqual(s.kingdoms[1]!.inventions, ['CROSSBOW']);
  assert.equal(king.merit.Chancellor, 1);
  const e = ctx.events.find((x) => x.t === 'spy')!;
  assert.ok(e.report && e.stolen === 'CROSSBOW');
  // A second SP the same turn: no second military report.
  SP.execute(ctx, king, {}, slot('SP'));
  assert.equal(ctx.events.filter((x) => x.t === 'spy' && x.report).length, 1);
  // Events of the spied phase in the province are shared at the end of the phase (§5.7).
  ctx.emit({ t: 'battle', to: [2], at: p });
  endOfPhase(ctx);
  const b = ctx.events.find((x) => x.t === 'battle')!;
  assert.ok(b.to.includes(1));
  assert.deepEqual(b.spiedBy, [1]);
  // Prose in both languages.
  const env = (lang: 'fr' | 'en'): RenderEnv => ({ s, kingdom: 1, lang, province: (id) => `P${id}`, character: (id) => s.characters[id]?.name ?? `#${id}`, army: (id) => `#${id}`, kingdomName: (id) => `K${id}` });
  assert.match(KNOWLEDGE_MESSAGES.spy!(e, env('fr')), /espionna P\d+, qui appartient à K2/);
  assert.match(KNOWLEDGE_MESSAGES.spy!(e, env('en')), /spied on P\d+, held by K2/);
});

// ── noticing and passive reports ──

test('G-100 noticing: foreign characters where the kingdom has a character or owns; stealth holds; wanderers always seen', () => {
  const { s, p } = scene({ seed: 5 });
  const ctx = ctxOf(s);
  const spy = s.characters[2]!;
  spy.province = p;
  spy.unnoticed = true;
  const wanderer = Object.values(s.characters).find((c) => c.role === 'WanderingHero')!;
  wanderer.province = p;
  wanderer.unnoticed = true;
  const other = s.characters[3]!;
  other.province = s.kingdoms[1]!.capital; // in a province kingdom 1 owns
  endOfPhase(ctx);
  const k = knowledgeOf(s, 1);
  assert.equal(k.characters[2], undefined);
  assert.ok(k.characters[wanderer.id]);
  assert.equal(k.characters[3]!.province, s.kingdoms[1]!.capital);
  assert.equal(k.characters[3]!.leadsArmies, Object.values(s.armies).some((a) => a.leader === 3));
  assert.equal(ctx.events.filter((e) => e.t === 'noticed' && e.to[0] === 1).length, 2);
  // Kingdom 2's spy sees the King of kingdom 1 there (no stealth for him).
  assert.ok(knowledgeOf(s, 2).characters[1]);
  // Owners refreshed around the King.
  for (const q of neighbours(p)) assert.ok(k.provinces[q]!.owner);
});

test('G-47 passive contribution: a character with Sp ≥ 1 reports foreign forces in his province at the end of the turn', () => {
  const { s, king, p } = scene({ seed: 5 });
  king.talent.Sp = 1;
  s.armies[820] = { id: 820, type: 'AX', race: 'Dwarf', quality: 2, kingdom: null, status: 'Native', province: p, mpUsed: 0 };
  const ctx = ctxOf(s, createRng(3, 't'), 6);
  endOfTurn(ctx);
  const e = ctx.events.find((x) => x.t === 'spy-report' && x.who === 1)!;
  assert.ok(e && e.passive);
  assert.equal(e.margin, 55);
  assert.ok(knowledgeOf(s, 1).provinces[p]!.military);
});

test('exploration prose reads in French and English', () => {
  const { s, king } = scene({ terrain: 'Plain', pct: 1, ex: 1 });
  const ctx = ctxOf(s);
  EX.execute(ctx, king, {}, slot('EX'));
  const e = ctx.events.find((x) => x.t === 'explore')!;
  e.sites = [{ id: 12, name: 'Kharzul', type: 'tower', monster: 'troll', descriptor: 'big', legend: 'item:excalibur' }];
  const env = (lang: 'fr' | 'en'): RenderEnv => ({ s, kingdom: 1, lang, province: () => 'Brocéliande (207)', character: () => 'Tilden', army: (id) => `#${id}`, kingdomName: (id) => `K${id}` });
  const fr = WORLD_MESSAGES.explore!(e, env('fr'));
  assert.match(fr, /Tilden explora Brocéliande \(207\) : le royaume en connaît désormais 100 % \(contre 1 %\)/);
  assert.match(fr, /la Tour de Kharzul \(site 12\), gardée par un grand Troll ; la légende parle d’Excalibur/);
  assert.match(WORLD_MESSAGES.explore!(e, env('en')), /the Tower of Kharzul \(site 12\), guarded by a big Troll; legend tells of Excalibur/);
  void (king as Character);
});
