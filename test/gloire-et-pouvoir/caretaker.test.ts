/**
 * The caretaker (caretaker.ts): over many states of bot games it writes only defensive orders, every
 * one valid, from what the lord may know; taxes it levies keep happiness, the knights are paid, a
 * threatened border gets a garrison, an unaffordable army is chosen for demobilisation, the BILAN
 * says so in both languages, and no typed sheet can carry the caretaker's mark.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { main } from '../../src/cli/main.ts';
import { advance, createGame, missing, submit, type GameRecord } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { botOrders } from '../../src/rulesets/gloire-et-pouvoir/bot.ts';
import { caretakerAnswer, caretakerOrders, capAmount, CARETAKER_TAX_LEVEL } from '../../src/rulesets/gloire-et-pouvoir/caretaker.ts';
import { redistribution } from '../../src/rulesets/gloire-et-pouvoir/formulas.ts';
import type { GPEvent } from '../../src/rulesets/gloire-et-pouvoir/events.ts';
import { gloireEtPouvoir as gp, sheetsFromSubmissions } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import type { OrderCode, Sheet } from '../../src/rulesets/gloire-et-pouvoir/orders/types.ts';
import { renderReport } from '../../src/rulesets/gloire-et-pouvoir/report.ts';
import type { GPState, LordId } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { resolveTurn } from '../../src/rulesets/gloire-et-pouvoir/turn.ts';
import { addGarrison, addKnight, duo, eventsOf, giveArmy, home, relate } from './harness.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

type Game = GameRecord<GPState>;

/** Codes the steward may write; everything else (ATT, diplomacy, jousts, sales, CHE, ESP…) is banned. */
const ALLOWED: ReadonlySet<OrderCode> = new Set<OrderCode>(['IMP', 'RED', 'DEM', 'GAR', 'MOV']);
const NO_VICTORY = { victories: { renown: false, conquest: false, alliance: false } };

/** Every missing answer from the bots, except for the lords in `skip`. */
function botAnswers(g: Game, skip: ReadonlySet<LordId> = new Set()): Game {
  for (const m of missing(gp, g)) {
    if (skip.has(m.player)) continue;
    g = submit(gp, g, m.player, m.decision, botOrders(g.state, m.player, createRng(g.seed, `bot/${g.steps.length + 1}/${m.player}`))).game as Game;
  }
  return g;
}

function botGame(map: string, players: number, seed: string, turns: number): Game[] {
  let g = createGame(gp, { map, players, config: NO_VICTORY }, seed) as Game;
  const states = [g];
  for (let i = 0; i < turns; i++) { g = advance(gp, botAnswers(g), { useDefaults: true }) as Game; states.push(g); }
  return states;
}

/** States of bot games on the three maps, early, middle and late (wars, conquests, knights abroad). */
const STATES: GPState[] = [
  ...['s1', 's2', 's3'].flatMap((seed) => botGame('scandinavia', 10, seed, 30).filter((_, i) => i % 3 === 0)),
  ...botGame('middle-east', 20, 'm1', 16).filter((_, i) => i % 4 === 0),
  ...botGame('europe', 30, 'e1', 9).filter((_, i) => i % 4 === 0),
].map((g) => g.state);

const living = (s: GPState) => Object.values(s.lords).filter((l) => l.alive).map((l) => l.id);

describe('caretaker orders over many bot-game states', () => {
  test('only defensive codes, every line valid, deterministic, and marked for the referee', () => {
    const codes = new Map<string, number>();
    let sheets = 0;
    for (const s of STATES) {
      for (const lord of living(s)) {
        const answer = caretakerAnswer(s, lord);
        assert.deepEqual(caretakerAnswer(s, lord), answer, 'the same state gives the same orders');
        for (const o of answer.orders) {
          assert.ok(ALLOWED.has(o.code), `turn ${s.turn}, ${lord}: ${o.code} is not a caretaker's order`);
          codes.set(o.code, (codes.get(o.code) ?? 0) + 1);
        }
        const v = gp.validate(s, lord, 'orders', answer);
        assert.deepEqual(v.issues, [], `turn ${s.turn}, ${lord}: every line validates`);
        assert.equal(v.value!.caretaker, true);
        assert.equal(v.value!.lines.length, answer.orders.length);
        // Through the registry, as the platform and the command line call it.
        const viaEntry = getRuleset('gloire-et-pouvoir').caretaker!(s, lord, 'orders', createRng('x', 'y'));
        assert.deepEqual(viaEntry, answer);
        sheets++;
      }
    }
    assert.ok(sheets > 300, `${sheets} sheets`);
    // The states are varied enough to exercise the economy and the borders.
    for (const c of ['IMP', 'RED', 'GAR'] as const) assert.ok((codes.get(c) ?? 0) > 0, `some ${c} (${JSON.stringify([...codes])})`);
  });

  test('reads only what the lord may know: the hidden state of others changes nothing', () => {
    fc.assert(fc.property(fc.nat(STATES.length - 1), fc.nat(99), fc.integer({ min: 0, max: 1_000_000 }), (si, li, noise) => {
      const s = STATES[si]!;
      const lords = living(s);
      if (!lords.length) return;
      const lord = lords[li % lords.length]!;
      const before = caretakerOrders(s, lord);
      const t = structuredClone(s);
      const seen = new Set([
        ...Object.values(t.territories).filter((x) => x.owner === lord).map((x) => x.id),
        ...Object.values(t.knights).filter((k) => k.lord === lord).map((k) => k.location),
      ]);
      for (const l of Object.values(t.lords)) if (l.id !== lord) { l.treasury = noise; l.intel = {}; }
      for (const x of Object.values(t.territories)) {
        if (x.owner === lord) continue;
        x.taxCoef = 0.05 + (noise % 60) / 100;
        x.fortification = (['none', 'palisade', 'wall', 'fortress'] as const)[noise % 4]!;
      }
      for (const k of Object.values(t.knights)) if (k.lord !== lord) k.renown = 1 + (noise % 300);
      for (const a of Object.values(t.armies)) if (a.lord !== lord && !seen.has(a.location)) a.strength = 1 + (noise % 9000);
      assert.deepEqual(caretakerOrders(t, lord), before);
    }), { numRuns: 150, seed: 7 });
  });
});

describe('twenty turns under the steward', () => {
  /**
   * The lord is played by the caretaker for 20 turns while the bots play the others (and attack
   * him). The floor: every territory he still holds keeps at least the happiness it had when the
   * steward took over. IMP 5 followed by the capped redistribution restores happiness exactly
   * (× 0.5 then × 2), a resting territory doubles it, one left alone keeps it, and the garrison
   * bonus only adds; nothing the steward orders lowers it, and its budget funds the stabilising
   * redistribution right after the knights' pay. His knights are paid every turn and phase 15
   * never has to disband an army of his for want of upkeep.
   */
  for (const [seed, start] of [['t1', 1], ['t2', 6], ['t3', 12], ['t4', 18]] as const) {
    test(`bot game ${seed}, steward from turn ${start}`, () => {
      let g = botGame('scandinavia', 10, seed, start - 1).at(-1)!;
      const lords = living(g.state);
      const me = lords[(start * 7) % lords.length]!;
      const h0 = new Map(Object.values(g.state.territories).filter((t) => t.owner === me).map((t) => [t.id, t.happiness]));
      let turns = 0;
      for (let k = 0; k < 20 && g.state.lords[me]!.alive; k++) {
        const r = submit(gp, g, me, 'orders', caretakerAnswer(g.state, me));
        assert.deepEqual(r.validation.issues, []);
        g = advance(gp, botAnswers(r.game as Game, new Set([me])), { useDefaults: true }) as Game;
        turns++;
        const events = g.steps.at(-1)!.events as GPEvent[];
        const mine = events.filter((e) => 'lord' in e && e.lord === me);
        assert.ok(mine.some((e) => e.type === 'caretaker'), 'the steward is reported');
        assert.deepEqual(eventsOf(mine, 'desertion').filter((e) => e.cause === 'unpaid'), [], `turn ${k + 1}: no knight deserts for want of pay`);
        assert.deepEqual(eventsOf(mine, 'army-demobilised').filter((e) => e.cause === 'upkeep'), [], `turn ${k + 1}: no army disbanded for want of upkeep`);
        for (const t of Object.values(g.state.territories)) {
          if (t.owner !== me || !h0.has(t.id)) continue;
          assert.ok(t.happiness >= h0.get(t.id)! - 1e-9, `turn ${k + 1}: happiness of ${t.id} ${t.happiness} fell below ${h0.get(t.id)}`);
        }
      }
      assert.ok(turns >= 5, `${turns} turns played`);
    });
  }

  test('when every lord is absent: no battle, no diplomacy, no land loses happiness, everyone is paid', () => {
    let g = botGame('scandinavia', 10, 'all', 8).at(-1)!;
    const h0 = new Map(Object.values(g.state.territories).map((t) => [t.id, t.happiness]));
    for (let k = 0; k < 20; k++) {
      for (const lord of living(g.state)) g = submit(gp, g, lord, 'orders', caretakerAnswer(g.state, lord)).game as Game;
      g = advance(gp, g, { useDefaults: true }) as Game;
      const events = g.steps.at(-1)!.events as GPEvent[];
      assert.deepEqual(eventsOf(events, 'battle'), [], 'nobody attacks');
      assert.deepEqual(eventsOf(events, 'relation'), [], 'no diplomacy changes');
      assert.deepEqual(eventsOf(events, 'desertion').filter((e) => e.cause === 'unpaid'), []);
      assert.deepEqual(eventsOf(events, 'army-demobilised').filter((e) => e.cause === 'upkeep'), []);
      for (const t of Object.values(g.state.territories)) if (t.owner) assert.ok(t.happiness >= h0.get(t.id)! - 1e-9, `${t.id} keeps its happiness`);
    }
  });
});

describe('caretaker scenarios', () => {
  test('a threatened border gets a garrison; a knight off his land comes home; a quiet one reinforces', () => {
    const s = duo(); // L1 on Narvik, L2 on Dolon
    home(s, 'L1', 'narvik', 'thule', 'lofoten');
    relate(s, 'L1', 'L2', 'war'); // Thule borders Dolon
    const lk = s.lords.L1!.lordKnight;
    giveArmy(s, lk, 2000); // on Narvik: quiet (no enemy next door), next to Thule
    const guard = addKnight(s, 'L1', { name: 'Gauvain', renown: 40, location: 'thule', men: 1000 });
    const rover = addKnight(s, 'L1', { name: 'Perceval', renown: 30, location: 'svartsen', men: 300 });
    const orders = caretakerOrders(s, 'L1');
    assert.ok(orders.some((o) => o.code === 'GAR' && o.knight === guard && o.men === 500), JSON.stringify(orders));
    assert.ok(orders.some((o) => o.code === 'MOV' && o.knight === rover && (o.territory === 'narvik' || o.territory === 'lofoten')), 'Perceval comes home');
    assert.ok(!orders.some((o) => o.code === 'MOV' && o.knight === lk), 'Thule is guarded: the lord-knight stays');
    assert.ok(orders.every((o) => ALLOWED.has(o.code)));
    const sheet = gp.validate(s, 'L1', 'orders', caretakerAnswer(s, 'L1')).value!;
    const { state, events } = resolveTurn(structuredClone(s), sheetsFromSubmissions([{ decision: 'orders', player: 'L1', value: sheet, order: 1 }]), createRng('ct', 'turn'));
    const g = Object.values(state.armies).find((a) => a.lord === 'L1' && a.commander === null && a.location === 'thule');
    assert.ok(g && g.strength === 500, 'a garrison of 500 men stands on Thule');
    assert.equal(eventsOf(events, 'garrisoned').length, 1);
    assert.deepEqual(eventsOf(events, 'order-cancelled'), []);

    // Without a knight on Thule, the quiet lord-knight next door moves there; a garrison as strong
    // as the knight's army is enough (no further GAR).
    const t = duo();
    home(t, 'L1', 'narvik', 'thule');
    relate(t, 'L1', 'L2', 'war');
    giveArmy(t, t.lords.L1!.lordKnight, 2000);
    const o2 = caretakerOrders(t, 'L1');
    assert.ok(o2.some((o) => o.code === 'MOV' && o.knight === t.lords.L1!.lordKnight && o.territory === 'thule'), JSON.stringify(o2));
    t.knights[t.lords.L1!.lordKnight]!.location = 'thule';
    t.armies[String(t.knights[t.lords.L1!.lordKnight]!.army)]!.location = 'thule';
    addGarrison(t, 'L1', 'thule', 2500);
    assert.ok(!caretakerOrders(t, 'L1').some((o) => o.code === 'GAR'), 'the garrison is already as strong as the army');

    // At peace, a foreign knight seen on his own land is a threat too.
    const p = duo();
    giveArmy(p, p.lords.L1!.lordKnight, 800);
    p.knights[p.lords.L2!.lordKnight]!.location = 'narvik';
    assert.ok(caretakerOrders(p, 'L1').some((o) => o.code === 'GAR' && o.men === 400));
    relate(p, 'L1', 'L2', 'alliance');
    assert.ok(!caretakerOrders(p, 'L1').some((o) => o.code === 'GAR'), 'an ally is no threat');
  });

  test('taxes: IMP 5 with the capped redistribution keeps happiness and the coefficient; tired land rests', () => {
    const s = duo();
    home(s, 'L1', 'narvik', 'thule');
    s.territories.thule!.happiness = 6; // below half the average: rests
    const orders = caretakerOrders(s, 'L1');
    assert.ok(orders.some((o) => o.code === 'IMP' && o.territory === 'narvik' && o.level === CARETAKER_TAX_LEVEL));
    assert.ok(!orders.some((o) => o.code === 'IMP' && o.territory === 'thule'));
    const sheet = gp.validate(s, 'L1', 'orders', caretakerAnswer(s, 'L1')).value!;
    const { state, events } = resolveTurn(structuredClone(s), sheetsFromSubmissions([{ decision: 'orders', player: 'L1', value: sheet, order: 1 }]), createRng('ct', 'turn'));
    assert.equal(state.territories.narvik!.happiness, 20);
    assert.equal(state.territories.narvik!.taxCoef, 0.4);
    assert.equal(state.territories.thule!.happiness, 12, 'the capped redistribution doubles it');
    assert.ok(eventsOf(events, 'redistribution').every((e) => e.ratio === 10));
    const taxed = eventsOf(events, 'tax')[0]!;
    const red = eventsOf(events, 'redistribution').find((e) => e.territory === 'narvik')!;
    assert.ok(red.amount <= taxed.income / 2 + 1, 'on taxed land the steward keeps half the tax');
  });

  test('upkeep beyond the means: the weakest armies go (DEM), the main army stays, the knights are paid', () => {
    const s = duo();
    s.lords.L1!.treasury = 0;
    const lk = s.lords.L1!.lordKnight;
    const main = giveArmy(s, lk, 30_000); // upkeep 3 000
    const k2 = addKnight(s, 'L1', { name: 'Gauvain', renown: 60, location: 'narvik', men: 5000, hireRenown: 300 });
    const small = s.knights[k2]!.army!;
    const garrison = addGarrison(s, 'L1', 'narvik', 800);
    const demOf = () => caretakerOrders(s, 'L1').filter((o) => o.code === 'DEM').map((o) => (o as { army: number }).army).sort((a, b) => a - b);
    // Income: IMP 5 on Narvik brings 2 749, the redistribution costs 1 375, the pay 300: 1 074 left
    // for 3 580 of upkeep (+ 2 écus of rounding margin). The main army alone costs 3 000: it cannot
    // be kept whatever else goes; the two others (580) can.
    assert.deepEqual(demOf(), [main]);
    // With 3 000 écus in the treasury: 4 074 for 3 582 — everything stays.
    s.lords.L1!.treasury = 3000;
    assert.deepEqual(demOf(), []);
    // With 2 000: 3 074; the weakest go first — the garrison (80 saved, not enough), then Gauvain's
    // army (581 in all: enough) — and neither can be taken back; the lord's 30 000 men stay.
    s.lords.L1!.treasury = 2000;
    assert.deepEqual(demOf(), [small, garrison].sort((a, b) => a - b));
    const sheet = gp.validate(s, 'L1', 'orders', caretakerAnswer(s, 'L1')).value!;
    const { state, events } = resolveTurn(structuredClone(s), sheetsFromSubmissions([{ decision: 'orders', player: 'L1', value: sheet, order: 1 }]), createRng('ct', 'turn'));
    assert.deepEqual(eventsOf(events, 'desertion'), [], 'Gauvain is paid');
    assert.ok(state.knights[k2], 'Gauvain stays');
    assert.equal(state.armies[String(main)]!.strength, 30_000, 'the main army is paid and whole');
    assert.deepEqual(eventsOf(events, 'army-demobilised').map((e) => e.cause), ['order', 'order']);
    assert.equal(state.territories.narvik!.happiness, 20, 'the land stays as happy');
  });

  test('the BILAN says so, in French and English, at the top, with the orders given', () => {
    const s = duo();
    giveArmy(s, s.lords.L1!.lordKnight, 1000);
    relate(s, 'L1', 'L2', 'war');
    home(s, 'L1', 'narvik', 'thule');
    s.knights[s.lords.L1!.lordKnight]!.location = 'thule';
    s.armies[String(s.knights[s.lords.L1!.lordKnight]!.army)]!.location = 'thule';
    const sheet = gp.validate(s, 'L1', 'orders', caretakerAnswer(s, 'L1')).value!;
    const typed = gp.validate(s, 'L2', 'orders', 'IMP 5 Dolon').value!;
    const { state, events } = gp.resolve(structuredClone(s), [
      { decision: 'orders', player: 'L1', value: sheet, order: 1 }, { decision: 'orders', player: 'L2', value: typed, order: 2 },
    ], createRng('ct', 'report'));
    const fr = renderReport(state, events, 'L1', 'fr');
    const en = renderReport(state, events, 'L1', 'en');
    for (const [r, sentence] of [[fr, 'Faute d’ordres, votre intendant a gouverné vos terres ce tour-ci :'], [en, 'As you sent no orders, your steward governed your lands this turn:']] as const) {
      const at = r.indexOf(sentence);
      assert.ok(at > 0, r);
      assert.ok(at < r.indexOf('## Phase'), 'before the phases');
      for (const l of sheet.lines) assert.ok(r.includes(`- \`${l.text}\`\n`), `lists "${l.text}"`);
      assert.match(r, /IMP 5 Narvik/);
      assert.match(r, /GAR .* 500/);
    }
    // The other lord, who wrote his own orders, reads nothing of it.
    for (const lang of ['fr', 'en'] as const) assert.ok(!/intendant|steward/.test(renderReport(state, events, 'L2', lang)));
    // A steward with nothing to order says so.
    const empty = renderReport(state, [{ type: 'caretaker', lord: 'L1', orders: [], phase: 1, audience: ['L1'] }], 'L1', 'en');
    assert.match(empty, /your steward governed your lands this turn: he ordered nothing\./);
  });

  test('a typed sheet can never carry the caretaker mark', () => {
    const s = duo();
    const marked = (answer: unknown) => (gp.validate(s, 'L1', 'orders', answer).value as Sheet | null)?.caretaker;
    for (const text of ['', 'caretaker', 'caretaker: true', '{"caretaker": true, "orders": []}', '{"caretaker":true,"orders":["IMP 5 Narvik"]}', 'IMP 5 Narvik']) {
      assert.equal(marked(text), undefined, text);
      assert.equal(marked([text]), undefined, `[${text}]`);
    }
    assert.equal(marked([{ caretaker: true, orders: [] }]), undefined, 'an item of a list is not the answer');
    assert.equal(marked([{ code: 'IMP', level: 5, territory: 'narvik', caretaker: true }]), undefined);
    fc.assert(fc.property(fc.oneof(fc.string(), fc.array(fc.string()), fc.json()), (text) => {
      assert.equal(marked(text), undefined);
    }), { numRuns: 300, seed: 11 });
    // And a sheet the referee resolves without the mark produces no caretaker notice.
    const value = gp.validate(s, 'L1', 'orders', '{"caretaker": true, "orders": []}').value!;
    const { events } = gp.resolve(structuredClone(s), [{ decision: 'orders', player: 'L1', value, order: 1 }], createRng('ct', 'typed'));
    assert.deepEqual(eventsOf(events as GPEvent[], 'caretaker'), []);
    // Only the structured answer carries it.
    assert.equal(marked({ caretaker: true, orders: [] }), true);
    assert.equal(marked({ caretaker: 'yes', orders: [] }), undefined);
  });
});

test('suzerain resolve --caretaker: absent lords are played by the caretaker, and their reports say so', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'suzerain-ct-')), 'game.json');
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (x: string) => out.push(x), err: (x: string) => err.push(x), stdin: () => 'IMP 4 Viipuri\n' };
  assert.equal(await main(['new', '--ruleset', 'gloire-et-pouvoir', '--map', 'scandinavia', '--players', '3', '--seed', 'ct', '--out', file], io), 0);
  assert.equal(await main(['orders', file, '--lord', 'Seigneur 2', '--file', '-'], io), 0, err.join('\n'));
  assert.equal(await main(['resolve', file, '--caretaker'], io), 0, err.join('\n'));
  assert.ok(out.some((l) => /no orders from: Seigneur 1, Seigneur 3 \(played by the caretaker\)/.test(l)), out.join('\n'));
  out.length = 0;
  assert.equal(await main(['report', file, '--lord', 'Seigneur 1', '--lang', 'en'], io), 0);
  assert.match(out.join('\n'), /As you sent no orders, your steward governed your lands this turn:\s+(- )?`?IMP 5 /);
  out.length = 0;
  assert.equal(await main(['report', file, '--lord', 'Seigneur 2', '--lang', 'fr'], io), 0);
  assert.doesNotMatch(out.join('\n'), /intendant/);
  out.length = 0;
  assert.equal(await main(['replay', file], io), 0);
  assert.notEqual(await main(['resolve', file, '--caretaker', '--bots'], io), 0, 'the two options exclude each other');
});

test('caretaker: the smallest capped RED is found in a bounded search, even where one écu more no longer changes a float (taxFactor of a game stored before the bounds)', () => {
  const s = duo();
  s.config.taxFactor = 23560284573079.746; // past 2^53 écus, amount + 1 === amount: the old search never ended
  const amount = capAmount(s, 16500, 0.4, 4.242009161874173, 20);
  assert.ok(amount > 2 ** 53);
  assert.ok(redistribution(s.config, amount, 16500, 0.4, 4.242009161874173, 20).ratio <= s.config.redistributionCap);
});
