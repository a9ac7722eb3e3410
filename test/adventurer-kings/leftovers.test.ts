/**
 * Three leftovers: GI's conditional form completed by a plain gift (S4.4.3 / §5.4, G-44); Skeleton
 * Army on an empty battlefield (§4.5a, G-33, S3.1); and orders naming a character or a site that
 * must not tell, at parse or at execution, whether a number exists elsewhere or nowhere (S8.1).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { GI } from '../../src/rulesets/adventurer-kings/orders/gi.ts';
import { CA } from '../../src/rulesets/adventurer-kings/orders/ca.ts';
import { orderSpec } from '../../src/rulesets/adventurer-kings/orders/index.ts';
import { parseSheet } from '../../src/rulesets/adventurer-kings/orders/sheet.ts';
import { settleConditionalGives } from '../../src/rulesets/adventurer-kings/kingdom/gifts.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import type { AKSheet, SlotOrder, TurnCtx } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import { character, ctxFor, eventsOf, order, slot, twoKingdoms } from './kingdom-fixture.ts';
import { ctxOf, state } from './magic-fixture.ts';
import { sampleState } from './sheet-fixture.ts';
import { testCtx } from './fixture.ts';

// ─────────────────────────────────────────────────────────────── 1. GI contre (S4.4.3)

describe('GI conditional form: completes when the giver receives the item in the same phase (S4.4.3, G-44)', () => {
  /** King 1 holds Wand 31; character 25 (kingdom 2, same province) holds Ring 40. */
  function pair(): { s: AKState; a: ReturnType<typeof character>; b: ReturnType<typeof character> } {
    const s = twoKingdoms();
    const a = s.characters[1]!;
    const b = (s.characters[25] = character(25, { kingdom: 2, province: a.province }));
    a.items = [31]; b.items = [40];
    s.items[31] = { id: 31, kind: 'x', name: 'Wand', category: 'Other', holder: 1 };
    s.items[40] = { id: 40, kind: 'y', name: 'Ring', category: 'Other', holder: 25 };
    return { s, a, b };
  }
  const cond: SlotOrder = slot('GI', { n: 31, to: 25, against: 40 }, 'GI 31 à 25 contre 40');
  const plain: SlotOrder = slot('GI', { n: 40, to: 1 }, 'GI 40 à 1');
  const run = (ctx: TurnCtx, who: ReturnType<typeof character>, o: SlotOrder) => GI.execute(ctx, who, o.value as never, o as never);

  test('conditional ↔ conditional: both items change hands (G-44)', () => {
    const { s, a, b } = pair();
    const back = slot('GI', { n: 40, to: 1, against: 31 }, 'GI 40 à 1 contre 31');
    const sheets: Record<number, AKSheet> = {};
    order(sheets, 1, 1, 1, cond); order(sheets, 2, 25, 1, back);
    const ctx = ctxFor(s, [], sheets);
    run(ctx, a, cond);
    run(ctx, b, back);
    settleConditionalGives(ctx);
    assert.deepEqual([a.items, b.items], [[40], [31]]);
    assert.equal(eventsOf(ctx, 'order-failed').length, 0);
  });

  test('conditional first, then a plain gift of the awaited item: the exchange completes', () => {
    const { s, a, b } = pair();
    const sheets: Record<number, AKSheet> = {};
    order(sheets, 1, 1, 1, cond); order(sheets, 2, 25, 1, plain);
    const ctx = ctxFor(s, [], sheets);
    run(ctx, a, cond);
    assert.deepEqual(a.items, [31], 'nothing moves before the item comes');
    run(ctx, b, plain);
    settleConditionalGives(ctx);
    assert.deepEqual([a.items, b.items], [[40], [31]]);
    assert.equal(s.items[31]!.holder, 25);
    assert.equal(s.items[40]!.holder, 1);
    assert.equal(eventsOf(ctx, 'order-failed').length, 0);
    assert.deepEqual(eventsOf(ctx, 'item-given').map((e) => [e.who, e.target, e.item]), [[25, 1, 40], [1, 25, 31]]);
  });

  test('plain gift first, then the conditional order: the item was received this phase, the exchange completes', () => {
    const { s, a, b } = pair();
    const sheets: Record<number, AKSheet> = {};
    order(sheets, 1, 1, 1, cond); order(sheets, 2, 25, 1, plain);
    const ctx = ctxFor(s, [], sheets);
    run(ctx, b, plain);
    run(ctx, a, cond);
    settleConditionalGives(ctx);
    assert.deepEqual([a.items, b.items], [[40], [31]]);
    assert.equal(eventsOf(ctx, 'order-failed').length, 0);
  });

  test('an item received in an earlier phase does not count', () => {
    const { s, a, b } = pair();
    const ctx1 = ctxFor(s, [], {}, 1);
    run(ctx1, b, plain); // phase 1: 25 gives 40 to the King
    a.items = [31]; b.items = [40]; s.items[40]!.holder = 25; // (and got it back somehow)
    const ctx2 = ctxFor(s, [], {}, 2);
    ctx2.scratch = ctx1.scratch;
    run(ctx2, a, cond);
    settleConditionalGives(ctx2);
    assert.deepEqual(a.items, [31]);
    assert.equal(eventsOf(ctx2, 'order-failed').length, 1);
  });

  test('nothing comes: the conditional order fails and nothing changes hands', () => {
    const { s, a, b } = pair();
    const sheets: Record<number, AKSheet> = {};
    order(sheets, 1, 1, 1, cond); // 25 has no order this phase
    const ctx = ctxFor(s, [], sheets);
    run(ctx, a, cond);
    settleConditionalGives(ctx);
    assert.deepEqual([a.items, b.items], [[31], [40]]);
    assert.equal(eventsOf(ctx, 'order-failed').length, 1);
    // The plain gift was announced but did not happen (25 left the province first): failure at the end of the phase.
    const p = pair();
    const sh: Record<number, AKSheet> = {};
    order(sh, 1, 1, 1, cond); order(sh, 2, 25, 1, plain);
    const c2 = ctxFor(p.s, [], sh);
    run(c2, p.a, cond);
    p.b.province = p.a.province + 1;
    run(c2, p.b, plain);
    settleConditionalGives(c2);
    assert.deepEqual([p.a.items, p.b.items], [[31], [40]]);
    assert.deepEqual(eventsOf(c2, 'order-failed').map((e) => e.who), [25, 1]);
  });
});

// ─────────────────────────────────────────────────────────────── 2. Skeleton Army, empty pool

describe('Skeleton Army on a province without fallen armies (§4.5a, G-33, S3.1)', () => {
  test('refused before the roll like any spell without its target: no draw, the cast is not used, no experience', () => {
    const s = state();
    const c = s.characters[1]!;
    assert.equal(s.provinces[c.province]!.fallen.length, 0);
    const ctx = ctxOf(s, []); // no draw scripted: any roll would throw
    CA.execute(ctx, c, { spell: 'SK', target: {} }, slot('CA', { spell: 'SK', target: {} }, 'CA SK'));
    const failed = eventsOf(ctx, 'order-failed');
    assert.equal(failed.length, 1);
    assert.match((failed[0]!.reason as { en: string }).en, /no fallen army lies here/);
    assert.equal(eventsOf(ctx, 'spell-cast').length, 0);
    // The opportunity is still there: with a fallen army, the same turn's cast goes ahead.
    s.provinces[c.province]!.fallen.push({ type: 'LE', race: 'Human', quality: 2 });
    const ctx2 = ctxOf(s, [0.0, 0.99, 0.0]);
    ctx2.scratch = ctx.scratch;
    CA.execute(ctx2, c, { spell: 'SK', target: {} }, slot('CA', { spell: 'SK', target: {} }, 'CA SK'));
    assert.equal(eventsOf(ctx2, 'spell-cast')[0]?.outcome, 'raised');
  });
});

// ─────────────────────────────────────────────────────────────── 3. No probing of numbers

describe('Orders naming a character or a site do not tell whether the number exists (S8.1)', () => {
  /** Strahd (3, kingdom 1, in 206) names # (a character) or @ (a site); 40 is King Vashti of kingdom 4, in 406; 999 and 998 exist nowhere; site 83 lies in 406. */
  const TEMPLATES = [
    'EN # / ME', 'PU # / ME', 'TR #', 'HI # pour 3', 'GI 5 à #', 'FI #',
    'CA CH #', 'CA KI #', 'CA OR #', 'CA PH #', 'CA RE #', 'CA CL #', 'SE @ / ME',
  ];

  function world(): AKState {
    const s = sampleState();
    s.sites[83] = { ...structuredClone(s.sites[82]!), id: 83, province: 406, name: 'Crypte' };
    s.provinces[406]!.sites = [83];
    return s;
  }

  function outcome(template: string, n: number, site: number) {
    const s = world();
    const line = template.replace('#', String(n)).replace('@', String(site));
    const { sheet, issues } = parseSheet(s, 1, `PERSO 3 Strahd\n1 ${line}`);
    const o = sheet.characters[3]?.phases[0];
    const ctx = testCtx(s, [], { 1: sheet });
    if (o) orderSpec(o.code)!.execute(ctx, s.characters[3]!, o.value, o);
    // The one difference allowed is the number the player wrote himself.
    const norm = (x: unknown) => JSON.parse(JSON.stringify(x).replaceAll(String(n), 'N').replaceAll(String(site), 'S'));
    return { issues: norm(issues), events: norm(ctx.events), parsed: !!o };
  }

  for (const t of TEMPLATES) {
    test(`${t}: an existing stranger elsewhere and a number that exists nowhere read alike`, () => {
      const known = outcome(t, 40, 83);
      const none = outcome(t, 999, 998);
      assert.ok(known.parsed, `parsed: ${JSON.stringify(known.issues)}`);
      assert.deepEqual(known.issues, []);
      assert.deepEqual(known, none);
      assert.equal(known.events.filter((e: { t: string }) => e.t === 'order-failed').length, 1, JSON.stringify(known.events));
      assert.ok(!JSON.stringify(known.events).includes('Vashti'), 'the stranger is not named');
      assert.ok(!JSON.stringify(known.events).includes('Crypte'), 'the site is not named');
    });
  }

  test('the parsers still refuse a malformed number, and a character seen by the kingdom can be pursued', () => {
    const s = world();
    for (const line of ['EN x / ME', 'PU 0 / ME', 'TR -3', 'HI 0 pour 3', 'GI 5 à 0', 'FI 0', 'SE x / ME']) {
      assert.equal(parseSheet(s, 1, `PERSO 3 Strahd\n1 ${line}`).issues.length, 1, line);
    }
    s.knowledge[1]!.characters[40] = { id: 40, name: 'Vashti', kingdom: 4, province: 406, leadsArmies: false, asOf: { turn: 10, phase: 1 } };
    const { sheet } = parseSheet(s, 1, 'PERSO 3 Strahd\n1 TR 40');
    const o = sheet.characters[3]!.phases[0]!;
    const ctx = testCtx(s, [0.99, 0.99, 0.99, 0.99, 0.99], { 1: sheet });
    orderSpec('TR')!.execute(ctx, s.characters[3]!, o.value, o);
    assert.equal(eventsOf(ctx, 'order-failed').length, 0);
    assert.equal(eventsOf(ctx, 'track-trail').length, 1);
  });
});
