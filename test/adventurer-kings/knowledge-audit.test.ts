/**
 * Knowledge audit: the capital flag of spy reports tells "unknown" from "not a capital" (G-47),
 * the own capital is known from the start, passive contributions ignore characters who escaped
 * notice (G-47), the G-50 entry gain on every entry (§5.9 "se déplacer dans une province implique
 * une exploration partielle"), with its switch, and G-95 at site events for a special kingdom.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng, type Rng } from '../../src/engine/rng.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import type { TurnCtx } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import { setupGame } from '../../src/rulesets/adventurer-kings/world/setup.ts';
import { neighbours } from '../../src/rulesets/adventurer-kings/world/geometry.ts';
import { SP } from '../../src/rulesets/adventurer-kings/orders/sp.ts';
import { enterProvince, knowledgeOf } from '../../src/rulesets/adventurer-kings/knowledge/knowledge.ts';
import { endOfTurn } from '../../src/rulesets/adventurer-kings/knowledge/hooks.ts';
import { playerView } from '../../src/rulesets/adventurer-kings/view.ts';
import { slot, testCtx } from './fixture.ts';

const ctxOf = (s: AKState, rng: Rng = createRng(1, 'turn'), phase = 1): TurnCtx => testCtx(s, rng, {}, phase);

function scene() {
  const s = setupGame({ players: 3 }, createRng(5, 'setup'));
  const king = s.characters[1]!;
  const p = neighbours(s.kingdoms[1]!.capital).find((q) => s.provinces[q]!.capitalOf === undefined)!;
  king.province = p;
  for (const a of Object.values(s.armies)) if (a.leader === 1) a.province = p;
  return { s, king, p };
}

test('G-47 capital flag: unknown until spied; SP records "not a capital" (null) or the kingdom; the view carries it', () => {
  const { s, king, p } = scene();
  const cap1 = s.kingdoms[1]!.capital;
  assert.deepEqual(knowledgeOf(s, 1).provinces[cap1]!.capital?.of, 1, 'the own capital is known from the start');
  assert.equal(knowledgeOf(s, 1).provinces[p]!.capital, undefined, 'unknown before spying');
  SP.execute(ctxOf(s), king, {}, slot('SP', {}));
  assert.deepEqual(knowledgeOf(s, 1).provinces[p]!.capital, { of: null, asOf: { turn: s.turn, phase: 1 } });
  assert.equal(playerView(s, s.kingdoms[1]!.player).provinces[p]!.capital!.of, null);
  // Spying another kingdom's capital.
  const cap2 = s.kingdoms[2]!.capital;
  king.province = cap2;
  SP.execute(ctxOf(s, createRng(2, 't'), 2), king, {}, slot('SP', {}));
  assert.equal(knowledgeOf(s, 1).provinces[cap2]!.capital!.of, 2);
  assert.equal(knowledgeOf(s, 1).provinces[cap2]!.capitalOf, 2);
});

test('G-47 passive contribution: a foreign character who passed his stealth roll alone prompts no report', () => {
  const { s, king, p } = scene();
  king.talent.Sp = 2;
  for (const c of Object.values(s.characters)) if (c.province === p && c.kingdom !== 1) c.province = s.kingdoms[2]!.capital;
  for (const a of Object.values(s.armies)) if (a.province === p && a.kingdom !== 1) delete s.armies[a.id];
  const spy = s.characters[s.kingdoms[2]!.king]!;
  spy.province = p;
  spy.unnoticed = true;
  const ctx = ctxOf(s, createRng(3, 't'), 6);
  endOfTurn(ctx);
  assert.equal(ctx.events.filter((e) => e.t === 'spy-report' && e.who === 1).length, 0);
  spy.unnoticed = false;
  const ctx2 = ctxOf(s, createRng(3, 't'), 6);
  endOfTurn(ctx2);
  assert.equal(ctx2.events.filter((e) => e.t === 'spy-report' && e.who === 1).length, 1);
});

test('G-50 / §5.9: every entry is a partial exploration (Forest +3 each time); the switch limits it to the first entry', () => {
  for (const every of [true, false]) {
    const { s, p } = scene();
    s.provinces[p]!.terrain = 'Forest';
    s.provinces[p]!.sites = [];
    knowledgeOf(s, 1).provinces[p] = { pct: 1, sites: [] };
    if (!every) s.config = { knowledge: { entryEveryTime: false } };
    const ctx = ctxOf(s);
    enterProvince(ctx, 1, p);
    enterProvince(ctx, 1, p);
    assert.equal(knowledgeOf(s, 1).provinces[p]!.pct, every ? 7 : 4);
  }
});

test('G-95 at a training ground: an Evil Hero of an Undead King cannot gain Melee he started at 0; an Evil King\'s Hero can', async () => {
  const { applySiteEvent } = await import('../../src/rulesets/adventurer-kings/world/siteEvents.ts');
  for (const special of [true, false]) {
    const { s, p } = scene();
    s.kingdoms[1]!.alignment = special ? 'Undead' : 'Evil';
    const hero = Object.values(s.characters).find((c) => c.kingdom === 1 && c.role === 'HeroInService')!;
    hero.alignment = 'Evil';
    hero.talent.Me = 0;
    hero.startedAtZero = ['Me'];
    hero.province = p;
    s.sites[900] = { id: 900, province: p, type: 'ruin', name: 'Lice', treasure: { gold: 0, items: [] }, threshold: 1, event: 'training' };
    const ctx = ctxOf(s, { next: () => 0, uniform: (a: number) => a, int: (a: number) => a, pick: <T>(x: readonly T[]) => x[0]!, shuffle: <T>(x: T[]) => x, chance: () => true } as unknown as Rng);
    applySiteEvent(ctx, hero, 900);
    assert.equal(hero.talent.Me, special ? 0 : 1);
  }
});
