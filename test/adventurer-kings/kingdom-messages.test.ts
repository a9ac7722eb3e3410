/**
 * The kingdom domain's prose: every event kind it emits renders in French and English, as full
 * sentences without holes (no `undefined`, `NaN`, `[object`), and the French agrees with a
 * heroine. Plus a smoke run of the domain's end-of-turn steps in the turn's order.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MESSAGES } from '../../src/rulesets/adventurer-kings/kingdom/messages.ts';
import * as hooks from '../../src/rulesets/adventurer-kings/kingdom/hooks.ts';
import { ensureSuccession } from '../../src/rulesets/adventurer-kings/kingdom/succession.ts';
import { PR } from '../../src/rulesets/adventurer-kings/orders/pr.ts';
import { makeEnv } from '../../src/rulesets/adventurer-kings/report/env.ts';
import type { AKEvent } from '../../src/rulesets/adventurer-kings/events.ts';
import { army, character, ctxFor, emptySheet, order, seeded, slot, twoKingdoms } from './kingdom-fixture.ts';

const SAMPLES: (Record<string, unknown> & { t: string })[] = [
  { t: 'gold-given', who: 1, target: 2, amount: 12, fromKingdom: 1, toKingdom: 2 },
  { t: 'gold-given', who: 2, target: 1, amount: 5, fromKingdom: 2, toKingdom: 1 },
  { t: 'item-given', who: 1, target: 52, item: 31 },
  { t: 'items-exchanged', who: 1, target: 52, gave: 31, got: 31 },
  { t: 'hero-hired', who: 1, hero: 52, wage: 3, offer: 4 },
  { t: 'hire-refused', who: 1, hero: 52, offer: 2, tooFar: false },
  { t: 'hire-refused', who: 1, hero: 52, offer: 4, tooFar: true },
  { t: 'hero-fired', who: 1, hero: 53, armies: [3] },
  { t: 'unpaid-hero-left', hero: 52, armies: [] },
  { t: 'training', who: 52, code: 'Me', mode: 'alone', from: 1, level: 2, gained: true, aptitudeRose: true, partners: [] },
  { t: 'training', who: 53, code: 'Sa', mode: 'peers', from: 1, level: 1, gained: false, partners: [52] },
  { t: 'training', who: 1, code: 'Ta', mode: 'teaching', from: 3, level: 3, gained: false, partners: [52, 53] },
  { t: 'training', who: 52, code: 'Ne', mode: 'alone', blocked: true, partners: [] },
  { t: 'talent-gained', who: 52, code: 'Ex', level: 2 },
  { t: 'army-trained', who: 52, army: 197, type: 'LE', from: 1, quality: 2 },
  { t: 'discovery', who: 52, invention: 'CROSSBOW', first: true },
  { t: 'science-exchange', a: 1, b: 2, aGave: ['CROSSBOW'], bGave: ['DRILL'] },
  { t: 'science-exchange', a: 2, b: 1, aGave: [], bGave: [] },
  { t: 'science-no-contact', a: 1, b: 2 },
  { t: 'science-no-contact', kingdom: 1, partners: [2, 3] },
  { t: 'king-succeeded', dead: 1, heir: 53 },
  { t: 'heir-assigned', who: 53, levels: { Ta: 2, Me: 2 } },
  { t: 'heir-assignment-refused', reason: { fr: 'trop de niveaux', en: 'too many levels' } },
  { t: 'treasury', start: 10, given: 3, received: 5, hiring: 3, other: -4, taxes: 14, provinces: 2, inventions: 1, ravaged: [104], blessed: [103], quaked: [105], wages: 4, armyPay: 7, heroesUnpaid: [52], heroesLeft: [], armiesUnpaid: [5, 6], end: 2 },
  { t: 'relation-changed', a: 1, b: 2, from: 'Neutral', relation: 'Allied', cause: 'treaty' },
  { t: 'relation-changed', a: 1, b: 2, from: 'Allied', relation: 'Neutral', cause: 'treaty' },
  { t: 'relation-changed', a: 2, b: 1, from: 'Neutral', relation: 'Enemy', cause: 'early-break' },
  { t: 'relation-changed', a: 1, b: 2, from: 'Neutral', relation: 'Allied', cause: 'druid-retroactive' },
  { t: 'special-neighbour', kingdom: 2, alignment: 'Undead' },
  { t: 'vote-called', callers: [1, 2], turn: 9 },
  { t: 'vote-refused', kingdom: 1 },
  { t: 'election', tally: { 1: 150, 2: 40 }, winner: null, world: 400 },
  { t: 'election', tally: { 1: 250 }, winner: 1, world: 400 },
  { t: 'emperor-crowned', kingdom: 1, how: 'threshold', pct: 55, held: 232, world: 420 },
  { t: 'emperor-crowned', kingdom: 1, how: 'election', held: 250, world: 400 },
  { t: 'emperor-crowned', kingdom: 2, how: 'turn-limit', held: 120, world: 420 },
  { t: 'victory-final', reason: 'emperor', emperor: 1, winners: [1], scores: { 1: 30, 2: 7.6 }, raw: {}, holders: { Emperor: 1, Chancellor: 52, Treasurer: 1, Marshal: null } },
];

function world() {
  const s = twoKingdoms('Good', 'Undead');
  s.characters[52] = character(52, { name: 'Ysolde', sex: 'F' });
  s.characters[53] = character(53, { name: 'Brann' });
  s.kingdoms[1]!.name = 'Aquilonia';
  s.kingdoms[2]!.name = 'Némédie';
  s.items[31] = { id: 31, kind: 'w', name: 'Baguette de feu', category: 'SpellItem' };
  return s;
}

describe('Kingdom prose', () => {
  test('every sample renders in both languages, without holes', () => {
    const s = world();
    for (const lang of ['fr', 'en'] as const) {
      const env = makeEnv(s, 1, lang);
      for (const e of SAMPLES) {
        const r = MESSAGES[e.t];
        assert.ok(r, `no renderer for ${e.t}`);
        const text = r({ phase: 6, to: [1], ...e } as AKEvent, env);
        assert.ok(text.length > 10, `${e.t} ${lang}: too short`);
        assert.doesNotMatch(text, /undefined|NaN|\[object|null/, `${e.t} ${lang}: ${text}`);
      }
    }
  });

  test('French agreement and elision', () => {
    const env = makeEnv(world(), 1, 'fr');
    const left = MESSAGES['unpaid-hero-left']!({ t: 'unpaid-hero-left', phase: 6, to: [1], hero: 52 }, env);
    assert.match(left, /mécontente/);
    const tr = MESSAGES.training!({ t: 'training', phase: 1, to: [1], who: 53, code: 'Sa', mode: 'peers', gained: false, partners: [52] }, env);
    assert.match(tr, /aux côtés d’Ysolde/);
  });

  test('every event kind the domain emits in a smoke turn has a renderer', () => {
    const s = world();
    s.characters[52]!.talent.Sa = 4;
    s.characters[52]!.aptitude.Sa = 4;
    s.armies[10] = army(10, 'LE');
    s.armies[11] = army(11, 'HC');
    s.kingdoms[1]!.treasury = 0;
    s.provinces[104]!.owner = 2; // the Undead neighbour touches our capital
    const sheets = { 1: emptySheet({ treaties: [2], callVote: true }), 2: emptySheet({ breaks: 'all' }) };
    for (let p = 1; p <= 5; p++) order(sheets, 1, 52, p, slot('PR', 'Sa'));
    const ctx = ctxFor(s, seeded('smoke'), sheets, 0);
    hooks.applyEarlyBreaks(ctx);
    hooks.druidPrescan(ctx);
    hooks.preTurn(ctx);
    for (let p = 1; p <= 5; p++) {
      ctx.phase = p;
      PR.execute(ctx, s.characters[52]!, 'Sa', slot('PR', 'Sa'));
      if (p === 3) s.characters[1]!.alive = false;
      ensureSuccession(ctx);
    }
    ctx.phase = 6;
    hooks.income(ctx);
    hooks.scienceExchange(ctx);
    hooks.expenses(ctx);
    hooks.treaties(ctx);
    hooks.offices(ctx);
    hooks.victory(ctx);
    const kinds = new Set(ctx.events.map((e) => e.t));
    for (const k of ['training', 'king-succeeded', 'treasury', 'relation-changed', 'vote-called', 'special-neighbour']) assert.ok(kinds.has(k), `missing ${k}`);
    for (const k of kinds) if (k !== 'order-failed' && k !== 'army-deserted' && k !== 'army-unpaid') assert.ok(MESSAGES[k], `no renderer for ${k}`);
    assert.equal(s.kingdoms[1]!.relations[2], 'Enemy', 'Undead break at the start of the turn');
    assert.ok(s.kingdoms[1]!.treasury >= 0);
    const env = makeEnv(s, 1, 'fr');
    for (const e of ctx.events) if (MESSAGES[e.t] && e.to.includes(1)) assert.doesNotMatch(MESSAGES[e.t]!(e, env), /undefined|NaN/);
  });
});
