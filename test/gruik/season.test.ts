/**
 * The season's steps together (S0.1–S0.4, S3.1–S3.5, S3.7, S4.1, S7.1–S7.4, S8.2–S8.8, run from the
 * table of steps.ts), and every kind of event of season-types.ts rendered in French and English.
 * Properties over random seasons (armies placed at random, random orders): the invariants hold
 * after every step (one owner and one controller per province, treasuries within their debt caps,
 * AP and modifiers within bounds), the same keys and orders give the same game, and no view shows a
 * state another's private events, treasury, orders or rumour authors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { JUDGMENTS } from '../../src/rulesets/gruik/judgments.ts';
import { keyCommitment } from '../../src/rulesets/gruik/rules/dice.ts';
import { renderSeasonEvent } from '../../src/rulesets/gruik/season-events.ts';
import type { SeasonEvent, SeasonEventKind, StateOrders } from '../../src/rulesets/gruik/season-types.ts';
import type { GruikState } from '../../src/rulesets/gruik/state.ts';
import type { StepId } from '../../src/rulesets/gruik/steps.ts';
import { runStep } from '../../src/rulesets/gruik/turn.ts';
import { viewOf } from '../../src/rulesets/gruik/view.ts';
import { fixture } from './fixture.ts';

const SAMPLES: { [K in SeasonEventKind]: Extract<SeasonEvent, { t: K }> } = {
  'taxes': { t: 'taxes', audience: ['elves'], state: 'elves', gross: 24, net: 18, civilWarSeasons: 1 },
  'tribute': { t: 'tribute', audience: ['fens', 'elves'], from: 'fens', to: 'elves', amount: 7 },
  'refused': { t: 'refused', audience: ['elves'], state: 'elves', order: 'raid fens', message: { fr: 'Non.', en: 'No.' } },
  'ally-demand': { t: 'ally-demand', audience: ['elves', 'fens'], master: 'elves', tributary: 'fens', host: 'elves:A1', ap: 4 },
  'gift': { t: 'gift', audience: ['elves', 'dwarves'], from: 'elves', to: 'dwarves', amount: 10 },
  'ships-bought': { t: 'ships-bought', audience: ['elves'], state: 'elves', ships: 4, at: 'rives' },
  'effort': { t: 'effort', audience: ['elves'], state: 'elves', army: 'elves:A1', amount: 30, bonus: 2 },
  'monument': { t: 'monument', audience: [], state: 'elves', province: 'rives', cost: 35, prestige: 2 },
  'temples': { t: 'temples', audience: [], state: 'elves', province: 'rives', amount: 5 },
  'friendship': { t: 'friendship', audience: ['elves', 'dwarves'], from: 'elves', to: 'dwarves', change: 'cancelled', automatic: true },
  'cession': { t: 'cession', audience: [], from: 'elves', to: 'dwarves', province: 'rives' },
  'tributary': { t: 'tributary', audience: [], state: 'elves', master: 'dwarves', how: 'siege' },
  'freed': { t: 'freed', audience: [], state: 'fens', master: 'elves', how: 'yoke' },
  'liberation-announced': { t: 'liberation-announced', audience: [], state: 'fens', master: 'elves' },
  'civil-war': { t: 'civil-war', audience: [], state: 'elves', cause: 'captivity' },
  'civil-war-over': { t: 'civil-war-over', audience: [], state: 'elves' },
  'appointed': { t: 'appointed', audience: ['elves'], state: 'elves', army: 'elves:A1', face: 2 },
  'siege': { t: 'siege', audience: ['dwarves', 'elves'], state: 'dwarves', province: 'rives', season: 2 },
  'siege-roll': { t: 'siege-roll', audience: ['dwarves', 'elves'], state: 'dwarves', province: 'rives', face: 6, modifier: 0, success: true },
  'siege-won': { t: 'siege-won', audience: [], state: 'dwarves', from: 'elves', province: 'rives', pillage: 3, surrendered: false },
  'siege-lifted': { t: 'siege-lifted', audience: [], state: 'dwarves', province: 'rives' },
  'raid': { t: 'raid', audience: [], raider: 'elves', target: 'dwarves', success: true },
  'raid-roll': { t: 'raid-roll', audience: ['elves', 'dwarves'], raider: 'elves', target: 'dwarves', face: 3, modifier: 3 },
  'raid-gain': { t: 'raid-gain', audience: ['elves'], raider: 'elves', target: 'dwarves', amount: 10 },
  'raid-loss': { t: 'raid-loss', audience: ['dwarves'], raider: 'elves', target: 'dwarves', amount: 4 },
  'annexed': { t: 'annexed', audience: [], province: 'rives', from: 'elves', to: 'dwarves' },
  'capital': { t: 'capital', audience: [], state: 'elves', province: 'hautval' },
  'season-prestige': { t: 'season-prestige', audience: ['elves'], state: 'elves', delta: -1, why: 'deficit' },
  'declaration': { t: 'declaration', audience: [], author: 'elves', text: 'Paix' },
  'rumour': { t: 'rumour', audience: [], text: 'On dit que…' },
  'treaty': { t: 'treaty', audience: [], signatories: ['elves', 'dwarves'], text: 'Alliance' },
  'invasion': { t: 'invasion', audience: [], state: 'dwarves', province: 'gouffre' },
  'disappeared': { t: 'disappeared', audience: [], state: 'fens' },
  'army-raised': { t: 'army-raised', audience: [], state: 'elves', army: 'elves:A2', province: 'sylve' },
  'army-disbanded': { t: 'army-disbanded', audience: ['elves'], state: 'elves', army: 'elves:A2' },
  'invasion-over': { t: 'invasion-over', audience: [], state: 'dwarves' },
  'catastrophe': { t: 'catastrophe', audience: [], state: 'elves', kind: 'money', flavour: 1 },
  'monument-destroyed': { t: 'monument-destroyed', audience: [], state: 'elves', province: 'rives', points: 1 },
};

test('every kind of event has a sentence in French and in English, filled (TV-45 and TV-43 as sentences)', () => {
  const s = fixture();
  for (const e of Object.values(SAMPLES)) for (const lang of ['fr', 'en'] as const) {
    const text = renderSeasonEvent(s, e, lang);
    assert.ok(text.length > 5 && !/undefined|NaN|\{|\}/.test(text), `${e.t} ${lang}: ${text}`);
  }
  assert.equal(renderSeasonEvent(s, SAMPLES['raid-roll'], 'fr'), 'Raid de Royaume de Sylvebrune contre Thanat d’Enclumegarde : d6 = 3, modificateur +3.');
  assert.equal(renderSeasonEvent(s, SAMPLES['siege-won'], 'en'), 'Rives-Claires falls to Thanat d’Enclumegarde (fortress pillaged: 3 gruikors).');
  assert.equal(renderSeasonEvent(s, SAMPLES['taxes'], 'en'), 'Royaume de Sylvebrune — taxes: 18 gruikors (gross 24, 1 season(s) of civil war).');
});

const STEPS: StepId[] = ['S0.1', 'S0.2', 'S0.3', 'S0.4', 'S3.1', 'S3.2', 'S3.3', 'S3.4', 'S3.5', 'S3.6', 'S3.7', 'S4.1', 'S7.1', 'S7.2', 'S7.3', 'S7.4', 'S8.2', 'S8.3', 'S8.4', 'S8.5', 'S8.6', 'S8.7', 'S8.8'];
const PROVINCES = ['sylve', 'rives', 'coudre', 'hautval', 'tourbe', 'marche', 'enclume', 'roc', 'gouffre'];
const STATES = ['elves', 'dwarves', 'fens'];

const ordersArb: fc.Arbitrary<StateOrders> = fc.record({
  raids: fc.array(fc.record({ target: fc.constantFrom(...STATES), forces: fc.subarray(['elves:A1', 'dwarves:A1', 'fens:A1', 'elves:F1', 'dwarves:F1']) }), { maxLength: 2 }),
  money: fc.array(fc.oneof(
    fc.record({ kind: fc.constant('gift' as const), to: fc.constantFrom(...STATES), amount: fc.integer({ min: 1, max: 30 }) }),
    fc.record({ kind: fc.constant('ships' as const), ships: fc.integer({ min: 1, max: 60 }) }),
    fc.record({ kind: fc.constant('effort' as const), army: fc.constantFrom('elves:A1', 'dwarves:A1', 'fens:A1'), amount: fc.constantFrom(15, 30) }),
    fc.record({ kind: fc.constant('prestige' as const), province: fc.constantFrom(...PROVINCES) }),
    fc.record({ kind: fc.constant('pillage' as const), province: fc.constantFrom(...PROVINCES) }),
  ), { maxLength: 3 }),
  friendship: fc.record({ declare: fc.subarray(STATES), cancel: fc.subarray(STATES) }),
  cessions: fc.array(fc.record({ province: fc.constantFrom(...PROVINCES), to: fc.constantFrom(...STATES) }), { maxLength: 1 }),
  surrender: fc.subarray(PROVINCES, { maxLength: 1 }),
  abandon: fc.subarray(PROVINCES, { maxLength: 1 }),
  rumours: fc.array(fc.constantFrom('a', 'b'), { maxLength: 1 }),
  throwOffYoke: fc.boolean(),
  appointGenerals: fc.subarray(['elves:A1', 'dwarves:A1']),
  createArmy: fc.boolean(),
  forces: fc.array(fc.oneof(
    fc.record({ kind: fc.constant('detach' as const), army: fc.constantFrom('elves:A1', 'dwarves:A1', 'fens:A1'), ap: fc.integer({ min: 0, max: 7 }) }),
    fc.record({ kind: fc.constant('ally' as const), army: fc.constantFrom('elves:A1', 'fens:A1'), host: fc.constantFrom('dwarves:A1', 'elves:A1'), ap: fc.integer({ min: 1, max: 6 }), forced: fc.boolean() }),
    fc.record({ kind: fc.constant('recall' as const), detachment: fc.constantFrom('elves:D1', 'dwarves:D1') }),
  ), { maxLength: 2 }),
}, { requiredKeys: [] });

const placement = fc.record(Object.fromEntries(['elves:A1', 'dwarves:A1', 'fens:A1'].map((a) => [a, fc.record({ at: fc.constantFrom(...PROVINCES), inFortress: fc.boolean(), mod: fc.integer({ min: -4, max: 3 }) })])) as Record<string, fc.Arbitrary<{ at: string; inFortress: boolean; mod: number }>>);

function play(key: string, place: Record<string, { at: string; inFortress: boolean; mod: number }>, seasons: Record<string, StateOrders>[], check: (s: GruikState, step: string) => void): GruikState {
  let s = fixture();
  for (const [a, p] of Object.entries(place)) Object.assign(s.armies[a]!, { location: p.at, inFortress: p.inFortress, mod: p.mod });
  for (let t = 0; t < seasons.length; t++) {
    if (t > 0) { s = structuredClone(s); s.season = t; s.secret.seasonKeys[t] = `${key}:${t}`; s.dice.keyHashes[t] = keyCommitment(`${key}:${t}`); }
    for (const step of STEPS) {
      s = runStep(s, step, step === 'S3.1' ? { 'S3.1': { orders: seasons[t]! } } : {});
      check(s, `season ${t} ${step}`);
    }
  }
  return s;
}

test('property: random seasons keep every invariant after every step; the same keys and orders give the same game', () => {
  fc.assert(fc.property(fc.string({ maxLength: 6 }), placement, fc.array(fc.dictionary(fc.constantFrom(...STATES), ordersArb), { minLength: 1, maxLength: 3 }), (key, place, seasons) => {
    const a = play(key, place, seasons, (s, where) => {
      assert.deepEqual(checkInvariants(s), [], where);
      for (const g of s.gmQueue ?? []) assert.ok(JUDGMENTS[g.item] && JUDGMENTS[g.item].gm !== 'none', `${where}: ${g.item} is an item for the GM`);
    });
    const b = play(key, place, seasons, () => {});
    assert.deepEqual(b, a, 'deterministic');
  }), { numRuns: 25 });
});

test('property: a view shows no other state’s treasury, orders, private events or rumour authors', () => {
  fc.assert(fc.property(fc.string({ maxLength: 6 }), placement, fc.dictionary(fc.constantFrom(...STATES), ordersArb), (key, place, orders) => {
    const s = play(key, place, [orders], () => {});
    for (const viewer of STATES) {
      const v = viewOf(s, viewer);
      const text = JSON.stringify(v);
      assert.ok(!text.includes('seasonOrders') && !text.includes('rumourAuthors') && !text.includes('gmQueue'), 'no orders, authors or GM queue');
      for (const e of v.events) assert.ok(e.audience.length === 0 || e.audience.includes(viewer), `${viewer} sees ${e.t}`);
      for (const [id, r] of Object.entries(v.realms)) if (id !== viewer) assert.equal((r as { treasury?: number }).treasury, undefined, `${viewer} sees ${id}'s treasury`);
    }
  }), { numRuns: 20 });
});
