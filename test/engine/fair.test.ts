/**
 * The engine's free actions and prompt features, played on Fair (test/engine/fair-ruleset.ts): a
 * player's slot interrupted by a consent batch resumes on the same clock; gifts, offers and their
 * answers are steps of the record; a free action re-validates the answers already given
 * (`takeAction`); standing answers read no hidden state; defaults and guided-form lines validate;
 * games mixing steps and free actions replay to the same hashes.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';

import { advance, createGame, replay, submit, takeAction, type GameRecord } from '../../src/engine/game.ts';
import { hashState } from '../../src/engine/hash.ts';
import { createRng } from '../../src/engine/rng.ts';
import { formLine, LANGS, type ActionInput, type Decision, type FormField } from '../../src/engine/ruleset.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { DEADLINE_CLASSES, fair, fairBot, fairEntry, GOODS, REGIONS, ROUNDS, type FairState } from './fair-ruleset.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

type G = GameRecord<FairState>;
const open = (g: G): Decision[] => fair.decisions(g.state);
const one = (g: G): Decision => { const d = open(g); assert.equal(d.length, 1); return d[0]!; };
const gold = (g: G, p: string): number => g.state.seats.find((s) => s.id === p)!.gold;
const act = (g: G, p: string, a: ActionInput) => takeAction(fair, g, p, a);
const answer = (g: G, p: string, d: string, v: unknown): G => {
  const r = submit(fair, g, p, d, v);
  assert.deepEqual(r.validation.issues, [], `${p} ${d} ${JSON.stringify(v)}`);
  return r.game;
};
const step = (g: G): G => advance(fair, g, { useDefaults: false });
const totalGoods = (s: FairState): number => Object.values(s.hands).reduce((a, h) => a + GOODS.reduce((b, k) => b + h[k], 0), 0);
const totalGold = (s: FairState): number => s.seats.reduce((a, x) => a + x.gold, 0);
const THREE = { lords: ['Aude', 'Bérenger', 'Clothilde'] };

describe('Fair: the registry and the contract', () => {
  test('registered on import, with its deadline classes, variant and options', () => {
    assert.equal(getRuleset('test/fair'), fairEntry);
    assert.deepEqual(DEADLINE_CLASSES.TURN.minutes, { live: 10, daily: 1440, weekly: 4320 });
    assert.deepEqual(DEADLINE_CLASSES.REPLY.minutes, { live: 5, daily: 720, weekly: 2880 });
    const g = createGame(fair, fairEntry.options({ map: 'fairground', lords: ['A', 'B'] }), 1);
    assert.deepEqual(fair.players(g.state).map((p) => p.name), ['A', 'B']);
    assert.equal(fair.players(createGame(fair, fairEntry.options({ players: 4 }), 1).state).length, 4);
    assert.equal(fair.departure!(g.state, 'p1'), null);
    assert.equal(fair.localizeLabel!(fair.stepLabel(g.state), 'fr'), 'manche 1 : étal p1');
  });
});

describe('Fair: a slot interrupted by a consent batch', () => {
  test('sequential stalls → consent batch of two players → back to the same slot on the same clock', () => {
    let g = createGame(fair, THREE, 'slot');
    let d = one(g);
    assert.deepEqual([d.id, d.players, d.deadline, d.clock], ['stall', ['p1'], { kind: 'class', name: 'TURN' }, 'turn/1/p1']);
    assert.ok(d.choices!.some((c) => c.value === 'well'));
    g = step(answer(g, 'p1', 'stall', 'stall well'));
    assert.equal(gold(g, 'p1'), 9);
    // p2 joins p1 at the well: p1 is asked, and says yes; p2 pays the fee and 1 gold to p1.
    assert.equal(one(g).clock, 'turn/1/p2');
    g = step(answer(g, 'p2', 'stall', 'well'));
    d = one(g);
    assert.deepEqual([d.id, d.kind, d.players, d.deadline], ['consent', 'consent', ['p1'], { kind: 'class', name: 'REPLY' }]);
    g = step(answer(g, 'p1', 'consent', 'oui'));
    assert.deepEqual([gold(g, 'p1'), gold(g, 'p2')], [10, 8]);
    assert.deepEqual(g.state.stalls.well, ['p1', 'p2']);
    // p3 asks for the well: both occupants answer at once; one refusal sends p3 back to his slot.
    const before = one(g);
    assert.deepEqual([before.id, before.players, before.clock], ['stall', ['p3'], 'turn/1/p3']);
    g = step(answer(g, 'p3', 'stall', 'well'));
    d = one(g);
    assert.deepEqual([d.id, d.players], ['consent', ['p1', 'p2']]);
    assert.match(fair.report(g.state, g.steps.at(-1)!.events as never[], 'p1', 'fr'), /Clothilde demande à monter son étal à côté de vous, Bérenger \(Le puits\)/);
    assert.match(fair.report(g.state, g.steps.at(-1)!.events as never[], 'p3', 'en'), /You ask to set up next to Aude, Bérenger \(The well\)/);
    assert.equal(d.clock, undefined, 'the consent batch runs on no one\'s slot clock');
    g = answer(g, 'p1', 'consent', 'yes');
    g = step(answer(g, 'p2', 'consent', 'no'));
    const after = one(g);
    assert.deepEqual([after.id, after.players, after.clock], ['stall', ['p3'], before.clock]);
    assert.ok(!after.choices!.some((c) => c.value === 'well'), 'the refused region is barred for this slot');
    assert.equal(submit(fair, g, 'p3', 'stall', 'well').validation.value, null);
    const report = fair.report(g.state, g.steps.at(-1)!.events as never[], 'p3', 'en');
    assert.match(report, /No stall for you at The well \(refused by Bérenger\)/);
    assert.doesNotMatch(report, /Aude/, 'who agreed is not said');
    // p3 goes to the gate instead; then the sealed bid opens for everyone.
    g = step(answer(g, 'p3', 'stall', 'gate'));
    d = one(g);
    assert.deepEqual([d.id, d.kind, d.players, d.deadline], ['bid', 'sealed-bid', ['p1', 'p2', 'p3'], { kind: 'class', name: 'REPLY' }]);
    assert.equal(g.state.hands.p3!.wine, 1);
  });
});

/** A game at the sealed bid of round 1, every player having passed his stall. */
function atAuction(seed = 'bid'): G {
  let g = createGame(fair, THREE, seed);
  for (const p of ['p1', 'p2', 'p3']) g = step(answer(g, p, 'stall', 'pass'));
  assert.equal(one(g).id, 'bid');
  return g;
}
test('the sealed bid reads right in both languages: a range of gold (not "0 à votre trésor"), and the prize never called "prix" (a price) in French', () => {
  const g = atAuction();
  const d = one(g);
  assert.match(d.prompt.fr, /votre enchère secrète, en or \(de 0 à tout votre or\), et le lot voulu : la relique \(3 points\) ou le ruban \(2 points, et 1 or rendu\)/);
  assert.match(d.prompt.en, /your sealed bid, in gold \(from 0 up to all your gold\), and the prize you want: the relic \(3 points\) or the ribbon \(2 points, and 1 gold back\)/);
  assert.doesNotMatch(d.prompt.fr, /prix|0 à votre trésor/i);
  const fields = (lang: 'fr' | 'en') => fair.answerForm!(g.state, 'p1', 'bid', lang).groups[0]!.entries[0]!.fields.map((f) => f.label);
  assert.deepEqual(fields('fr'), ['Or', 'Lot'], 'the French form: gold, then the lot (« Prix » would read as the price)');
  assert.deepEqual(fields('en'), ['Gold', 'Prize']);
  const bad = fair.validate(g.state, 'p1', 'bid', 'bid 1 crown');
  assert.match(bad.issues[0]!.text!.fr, /lot inconnu « crown »/);
});

/** A game in round 1's auction where p1 holds one cloth (pitched at the well). */
function withCloth(): G {
  let g = createGame(fair, THREE, 'cloth');
  g = step(answer(g, 'p1', 'stall', 'well'));
  for (const p of ['p2', 'p3']) g = step(answer(g, p, 'stall', 'pass'));
  return g;
}

describe('Fair: free actions', () => {
  test('give gold: a step of its own; an invalid gift changes nothing', () => {
    let g = atAuction();
    const steps = g.steps.length;
    let r = act(g, 'p1', { id: 'give', values: { to: 'p2', amount: '3' } });
    assert.deepEqual(r.validation.issues, []);
    g = r.game;
    assert.deepEqual([gold(g, 'p1'), gold(g, 'p2')], [7, 13]);
    assert.equal(g.steps.length, steps + 1);
    assert.deepEqual(g.steps.at(-1)!.action, { player: 'p1', value: { kind: 'give', to: 'p2', amount: 3 } });
    assert.match(fair.report(g.state, g.steps.at(-1)!.events as never[], 'p2', 'fr'), /Don : Aude → vous, 3 or/);
    const bads: ActionInput[] = [
      { id: 'give', values: { to: 'p2', amount: '8' } }, { id: 'give', values: { to: 'p1', amount: '1' } },
      { id: 'give', values: { to: 'p2', amount: '0' } }, { id: 'give', values: { to: 'p9', amount: '1' } },
      { id: 'offer', values: { to: 'p2', good: 'cloth', count: '1', price: '1' } }, { id: 'accept:1', values: {} }, { id: 'fly', values: {} },
    ];
    for (const bad of bads) {
      r = act(g, 'p1', bad);
      assert.equal(r.game, g, JSON.stringify(bad));
      assert.equal(r.validation.value, null);
      assert.ok(r.validation.issues[0]!.text?.fr && r.validation.issues[0]!.text.en);
    }
  });

  test('offer then accept: goods for gold; the recipient sees accept/decline #n, the author withdraw #n', () => {
    let g = withCloth();
    assert.deepEqual(fair.freeActions!(g.state, 'p1', 'en').map((a) => a.id), ['give', 'offer']);
    g = act(g, 'p1', { id: 'offer', values: { to: 'p2', good: 'cloth', count: '1', price: '4' } }).game;
    assert.deepEqual(fair.freeActions!(g.state, 'p2', 'en').map((a) => [a.id, a.label]).slice(1), [['accept:1', 'Accept offer #1'], ['decline:1', 'Decline offer #1']]);
    assert.deepEqual(fair.freeActions!(g.state, 'p1', 'fr').map((a) => a.id), ['give', 'offer', 'withdraw:1']);
    assert.deepEqual(fair.freeActions!(g.state, 'p3', 'en').map((a) => a.id), ['give'], 'a third player sees nothing of the offer');
    assert.deepEqual(fair.view(g.state, 'p3').offers, []);
    assert.equal(fair.report(g.state, g.steps.at(-1)!.events as never[], 'p3', 'en').includes('Offer'), false);
    assert.equal(act(g, 'p1', { id: 'accept:1', values: {} }).validation.value, null, 'the author cannot accept his own offer');
    const [p1, p2] = [gold(g, 'p1'), gold(g, 'p2')];
    g = act(g, 'p2', { id: 'accept:1', values: {} }).game;
    assert.deepEqual([gold(g, 'p1'), gold(g, 'p2'), g.state.hands.p1!.cloth, g.state.hands.p2!.cloth], [p1 + 4, p2 - 4, 0, 1]);
    assert.deepEqual(g.state.offers, []);
  });

  test('offer then decline, offer then withdraw; a stale offer cannot be accepted', () => {
    let g = withCloth();
    g = act(g, 'p1', { id: 'offer', values: { to: 'p2', good: 'cloth', count: '1', price: '2' } }).game;
    g = act(g, 'p2', { id: 'decline:1', values: {} }).game;
    assert.deepEqual([g.state.offers, g.state.hands.p1!.cloth], [[], 1]);
    g = act(g, 'p1', { id: 'offer', values: { to: 'p3', good: 'cloth', count: '1', price: '2' } }).game;
    assert.equal(g.state.offers[0]!.n, 2);
    assert.equal(act(g, 'p3', { id: 'withdraw:2', values: {} }).validation.value, null, 'only the author withdraws');
    g = act(g, 'p1', { id: 'withdraw:2', values: {} }).game;
    assert.deepEqual(g.state.offers, []);
    // Two offers of the same cloth: once one is accepted, the other fails.
    g = act(g, 'p1', { id: 'offer', values: { to: 'p2', good: 'cloth', count: '1', price: '0' } }).game;
    g = act(g, 'p1', { id: 'offer', values: { to: 'p3', good: 'cloth', count: '1', price: '0' } }).game;
    g = act(g, 'p2', { id: 'accept:3', values: {} }).game;
    const r = act(g, 'p3', { id: 'accept:4', values: {} });
    assert.equal(r.game, g);
    assert.match(r.validation.issues[0]!.message, /no longer has the goods/);
  });

  test('open offers are cleared at the end of the round', () => {
    let g = withCloth();
    g = act(g, 'p1', { id: 'offer', values: { to: 'p2', good: 'cloth', count: '1', price: '2' } }).game;
    g = advance(fair, g, { useDefaults: true });
    assert.deepEqual([g.state.round, g.state.offers], [2, []]);
    assert.match(fair.report(g.state, g.steps.at(-1)!.events as never[], 'p3', 'en'), /1 open offer\(s\) cleared/);
  });

  test('a pending bid made invalid by a later gift is dropped; a still-valid one keeps its order', () => {
    let g = atAuction();
    g = answer(g, 'p2', 'bid', 'bid 4 relic');
    g = answer(g, 'p1', 'bid', 'bid 6 ribbon');
    const order2 = g.pending.find((s) => s.player === 'p2')!.order;
    const r = act(g, 'p1', { id: 'give', values: { to: 'p3', amount: '5' } });
    assert.deepEqual(r.dropped.map((s) => s.player), ['p1']);
    assert.deepEqual(r.game.pending.map((s) => [s.player, s.order, s.value]), [['p2', order2, { kind: 'bid', amount: 4, prize: 'relic' }]]);
    // The gift arrived first: p3 may now bid what he could not before.
    assert.equal(submit(fair, g, 'p3', 'bid', 14).validation.value, null);
    assert.deepEqual(submit(fair, r.game, 'p3', 'bid', 14).validation.value, { kind: 'bid', amount: 14, prize: 'relic' });
  });

  test('a pending stall choice the player can no longer pay is dropped; one he gave gold away during his consent batch fails', () => {
    let g = createGame(fair, THREE, 'pay');
    g = answer(g, 'p1', 'stall', 'spicers');
    assert.deepEqual(act(g, 'p1', { id: 'give', values: { to: 'p2', amount: '8' } }).dropped.map((s) => s.decision), ['stall']);
    g = step(answer(createGame(fair, THREE, 'pay'), 'p1', 'stall', 'well'));
    g = step(answer(g, 'p2', 'stall', 'well'));
    g = answer(g, 'p1', 'consent', 'yes');
    g = act(g, 'p2', { id: 'give', values: { to: 'p3', amount: '9' } }).game;
    assert.equal(g.pending.length, 1, 'the consent answer is still valid');
    g = step(g);
    assert.deepEqual([one(g).id, one(g).players, g.state.barred], ['stall', ['p2'], ['well']]);
    assert.match(fair.report(g.state, g.steps.at(-1)!.events as never[], 'p2', 'en'), /for want of gold/);
  });
});

describe('Fair: standing answers', () => {
  test('consent and pass-auction answer their decisions, and nothing else', () => {
    const g = atAuction();
    const opts = fair.standingOptions!(g.state, 'p1', 'fr');
    assert.deepEqual(opts.map((o) => [o.id, o.choices.map((c) => c.value), o.initial]), [['consent', ['ask', 'yes', 'no'], 'ask'], ['pass-auction', ['no', 'yes'], 'no']]);
    const bid = one(g);
    assert.equal(fair.standingAnswer!(g.state, 'p1', bid, { 'pass-auction': 'yes' }), 0);
    assert.equal(fair.standingAnswer!(g.state, 'p1', bid, { 'pass-auction': 'no', consent: 'yes' }), undefined);
    assert.deepEqual(fair.validate(g.state, 'p1', 'bid', 0).value, { kind: 'bid', amount: 0, prize: 'relic' });
    let c = step(answer(createGame(fair, THREE, 's'), 'p1', 'stall', 'well'));
    c = step(answer(c, 'p2', 'stall', 'well'));
    const consent = one(c);
    assert.equal(fair.standingAnswer!(c.state, 'p1', consent, { consent: 'yes' }), 'yes');
    assert.equal(fair.standingAnswer!(c.state, 'p1', consent, { consent: 'no' }), 'no');
    assert.equal(fair.standingAnswer!(c.state, 'p1', consent, { consent: 'ask' }), undefined);
    assert.equal(fair.standingAnswer!(c.state, 'p1', consent, {}), undefined);
    assert.equal(fair.validate(c.state, 'p1', 'consent', 'no').value?.kind, 'consent');
  });

  test('never reads hidden state: states differing in others\' goods, gold and offers give the same answers', () => {
    fc.assert(fc.property(fc.array(fc.nat({ max: 9 }), { minLength: 6, maxLength: 6 }), fc.constantFrom('ask', 'yes', 'no'), fc.constantFrom('no', 'yes'), (n, consent, pass) => {
      const a = atAuction().state;
      const b: FairState = structuredClone(a);
      b.hands.p2 = { cloth: n[0]!, spice: n[1]!, wine: n[2]! };
      b.hands.p3 = { cloth: n[3]!, spice: n[4]!, wine: n[5]! };
      b.offers = [{ n: 9, from: 'p2', to: 'p3', good: 'wine', count: 1, price: n[0]! }];
      for (const d of [...fair.decisions(a), { id: 'consent', kind: 'consent', players: ['p1'], deadline: { kind: 'none' }, defaults: {}, prompt: { fr: '', en: '' } } as Decision]) {
        const s = { consent, 'pass-auction': pass };
        assert.deepEqual(fair.standingAnswer!(a, 'p1', d, s), fair.standingAnswer!(b, 'p1', d, s));
      }
    }), { numRuns: 50 });
  });
});

/** Every open decision's defaults validate; every guided-form entry, filled with each legal value, writes a line validate accepts. */
function checkForms(g: G): void {
  for (const d of open(g)) {
    for (const p of d.players) {
      const v = fair.validate(g.state, p, d.id, d.defaults[p]);
      assert.deepEqual(v.issues, [], `default of ${p} on ${d.id}`);
      for (const lang of LANGS) {
        for (const entry of fair.answerForm!(g.state, p, d.id, lang).groups.flatMap((x) => x.entries)) {
          const choices = entry.fields.map((f) => f.kind === 'choice' ? f.options.map((o) => o.value) : f.kind === 'integer' ? [String(f.min ?? 0), String(f.max ?? f.min ?? 0)] : ['x']);
          const combos = choices.reduce<string[][]>((acc, vs) => acc.flatMap((c) => vs.map((x) => [...c, x])), [[]]);
          for (const combo of combos) {
            const line = formLine(entry, Object.fromEntries(entry.fields.map((f, i) => [f.name, combo[i]])));
            assert.ok(line, entry.code);
            assert.deepEqual(fair.validate(g.state, p, d.id, line).issues, [], `${line} for ${p}`);
          }
        }
      }
      if (d.choices) for (const c of d.choices) assert.deepEqual(fair.validate(g.state, p, d.id, c.value).issues, [], `choice ${c.value}`);
    }
  }
}

describe('Fair: defaults, guided forms, views', () => {
  test('every default and every guided-form line validates, through a whole bot game', () => {
    const kinds = new Set<string>();
    let g = createGame(fair, THREE, 'forms');
    for (let i = 0; open(g).length && i < 200; i++) {
      checkForms(g);
      for (const d of open(g)) {
        kinds.add(d.kind);
        for (const p of d.players) g = answer(g, p, d.id, fairBot(g.state, p, d.id, createRng('forms', `bot/${i}/${p}`)));
      }
      g = step(g);
    }
    assert.ok(fair.outcome(g.state)?.finished);
    assert.deepEqual([...kinds].sort(), ['consent', 'sealed-bid', 'stall'], 'the bot met every decision kind');
  });

  test('the view shows others\' goods as counts only; the map has one clickable region per stall', () => {
    const g = withCloth();
    const v = fair.view(g.state, 'p2');
    assert.deepEqual(v.hand, { cloth: 0, spice: 0, wine: 0 });
    assert.equal(v.seats.find((s) => s.id === 'p1')!.goods, 1);
    assert.ok(!JSON.stringify(v).includes('"cloth":1'));
    assert.equal(fair.view(g.state, null).hand, null);
    for (const lang of LANGS) {
      const doc = fair.presentView!(g.state, 'p1', lang);
      assert.ok(doc.sections.length >= 3);
      const map = fair.mapDoc!(g.state, 'p1', lang);
      assert.equal(map.regions.length, REGIONS.length);
      assert.deepEqual(map.regions.find((r) => r.id === 'well')!.marks, ['own']);
    }
  });
});

describe('Fair: replay and determinism', () => {
  test('a game mixing steps and free actions replays to the same hashes', () => {
    let g = withCloth();
    g = act(g, 'p1', { id: 'offer', values: { to: 'p2', good: 'cloth', count: '1', price: '3' } }).game;
    g = answer(g, 'p2', 'bid', 'bid 2 ribbon');
    g = act(g, 'p2', { id: 'accept:1', values: {} }).game;
    g = act(g, 'p3', { id: 'give', values: { to: 'p1', amount: '2' } }).game;
    g = advance(fair, g, { useDefaults: true });
    assert.ok(g.steps.some((s) => s.action) && g.steps.some((s) => !s.action));
    const r = replay(fair, g);
    assert.deepEqual(r.mismatches, []);
    assert.equal(r.finalHash, hashState(g.state));
  });

  test('property: random play with answers and free actions interleaved is deterministic; gold never negative; trades conserve goods and gold', () => {
    const arb = fc.record({
      seed: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
      players: fc.integer({ min: 2, max: 4 }),
      moves: fc.array(fc.record({ n: fc.nat({ max: 1000 }), m: fc.nat({ max: 1000 }), action: fc.boolean() }), { minLength: 20, maxLength: 120 }),
    });
    fc.assert(fc.property(arb, ({ seed, players, moves }) => {
      const run = (): G => {
        let g = createGame(fair, { players }, seed);
        for (let i = 0; i < moves.length && open(g).length; i++) {
          const { n, m, action } = moves[i]!;
          const ps = g.state.seats.map((s) => s.id);
          const p = ps[n % ps.length]!;
          if (action) {
            const acts = fair.freeActions!(g.state, p, 'en');
            if (!acts.length) continue;
            const a = acts[m % acts.length]!;
            const value = (f: FormField, k: number): string => {
              if (f.kind === 'choice') return f.options[(m + k) % f.options.length]!.value;
              const [lo, hi] = f.kind === 'integer' ? [f.min ?? 0, f.max ?? 5] : [0, 5];
              return String(lo + ((m >> k) % Math.max(1, hi - lo + 1)));
            };
            const values = Object.fromEntries(a.fields.map((f, k) => [f.name, value(f, k)]));
            const [goods, coin] = [totalGoods(g.state), totalGold(g.state)];
            const r = takeAction(fair, g, p, { id: a.id, values });
            assert.deepEqual([totalGoods(r.game.state), totalGold(r.game.state)], [goods, coin], 'a free action moves goods and gold, never makes them');
            g = r.game;
          } else {
            // Some players answer (the bot's legal answers), the others fall to their defaults.
            for (const d of open(g)) for (const q of d.players) if ((m + Number(q.slice(1))) % 4) g = submit(fair, g, q, d.id, fairBot(g.state, q, d.id, createRng(String(m), q))).game;
            g = advance(fair, g, { useDefaults: true });
          }
          for (const s of g.state.seats) assert.ok(s.gold >= 0, `gold of ${s.id}`);
          for (const h of Object.values(g.state.hands)) for (const k of GOODS) assert.ok(h[k] >= 0);
        }
        for (let k = 0; open(g).length && k < ROUNDS * 30; k++) g = advance(fair, g, { useDefaults: true });
        assert.ok(fair.outcome(g.state)?.finished, 'every game ends');
        return g;
      };
      const a = run();
      const b = run();
      assert.equal(hashState(a.state), hashState(b.state));
      assert.deepEqual(a.steps.map((s) => s.hash), b.steps.map((s) => s.hash));
      assert.equal(replay(fair, a).ok, true);
    }), { numRuns: 60 });
  });

  test('reports in both languages: each player sees his own bid only', () => {
    let g = atAuction('report');
    g = answer(g, 'p1', 'bid', 'bid 3 relic');
    g = answer(g, 'p2', 'bid', 'enchère 2 ruban');
    g = step(answer(g, 'p3', 'bid', 1));
    const events = g.steps.at(-1)!.events as never[];
    const en = fair.report(g.state, events, 'p2', 'en');
    assert.match(en, /Your bid: 2 gold/);
    assert.match(en, /Aude wins\*\* the relic for 3 gold/);
    assert.doesNotMatch(en, /Your bid: [13]/);
    const fr = fair.report(g.state, events, 'p1', 'fr');
    assert.match(fr, /Votre enchère : 3 or/);
    assert.match(fr, /Vous remportez\*\* la relique pour 3 or/);
  });
});
