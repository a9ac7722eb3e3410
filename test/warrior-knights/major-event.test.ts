/**
 * The Major Event (rules §4.7; §9.2 #17–#20) and the Event deck (§2.10, §10.8): TV-08 as a named
 * test, who draws by back colour, the red and blue cancellation windows, every one of the 33 Event
 * cards walked through the real card (table-driven, each operation checked by effect-check.ts),
 * the shipped deck clean and one broken copy per MUST, refusals in both languages, and a property:
 * random events and answers keep every invariant, show no deck order in a view, and replay exactly.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hashState } from '../../src/engine/hash.ts';
import { city } from '../../src/rulesets/warrior-knights/board.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { fate } from '../../src/rulesets/warrior-knights/cards.ts';
import { checkContent, SHIPPED } from '../../src/rulesets/warrior-knights/content-check.ts';
import { EVENT_CARDS, EVENT_ROLES, eventCard } from '../../src/rulesets/warrior-knights/event-cards.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { revealNext } from '../../src/rulesets/warrior-knights/rules/action.ts';
import { closeEventWindow, drawMajorEvent, resolveMajorEvent, type MajorEventResult } from '../../src/rulesets/warrior-knights/rules/major-event.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { viewOf } from '../../src/rulesets/warrior-knights/view.ts';
import { killNoble } from '../../src/rulesets/warrior-knights/rules/death.ts';
import { checkOp } from './effect-check.ts';
import { game, withPiles } from './fixture.ts';

const ok = (r: MajorEventResult): WkState => { assert.ok(r.ok, r.ok ? '' : `${r.reason}: ${r.message.en}`); return r.state; };

/** A game at the Major Event card, with this Event on top of the deck. */
function atEvent(barons: BaronId[], card: string, seed = 'event'): WkState {
  let s = game(barons, seed);
  s.secret.eventDeck = [card, ...s.secret.eventDeck.filter((c) => c !== card)];
  s = withPiles(s, [['neutral:major-event:1'], [], []]);
  s = revealNext(s);
  assert.equal(s.step, 'A8', 'the Church holder is asked');
  assert.deepEqual(s.toAct, [s.church]);
  return s;
}

/** Puts a Fate card naming this city first (so the Fate draw picks it). */
function fateCity(s: WkState, id: string): void {
  const f = s.secret.fateDeck.find((x) => fate(x).city === id)!;
  s.secret.fateDeck = [f, ...s.secret.fateDeck.filter((x) => x !== f)];
}

test('TV-08 Blue event cancellation: the Church holder draws Fire; a Fate card names the city; any barons may pool 2 Faith after seeing it; else it is razed and its nobles die', () => {
  const fire = EVENT_ROLES.Fire;
  assert.equal(eventCard(fire).colour, 'blue');
  assert.equal(eventCard(fire).cost, 2);
  const base = atEvent(['green', 'blue', 'red', 'yellow'], fire);
  base.church = 'green';
  assert.equal(viewOf(base, 'red').decks.eventTop, 'blue', 'the back colour of the top Event card is public');
  // The city: one red controls, with a red noble in it.
  const target = Object.values(base.nobles).find((n) => n.baron === 'red' && n.location.kind === 'region')!;
  const region = (target.location as { region: string }).region;
  const c = Object.values(base.cities).find((x) => !x.razed && city(x.id).region === region) ?? Object.values(base.cities).find((x) => !x.razed)!;
  base.nobles[target.id]!.location = { kind: 'region', region: city(c.id).region };
  c.controller = 'red'; base.barons.red.controlMarkers--;
  fateCity(base, c.id);
  base.barons.blue.faith = 1; base.barons.yellow.faith = 1; base.barons.red.faith = 0; base.barons.green.faith = 0;
  // When: the holder draws (blue: himself, no payment [P G-A41]); the Fate card names the city.
  const drawn = ok(drawMajorEvent(base));
  assert.equal(drawn.eventPending?.drawer, 'green');
  assert.equal(drawn.eventPending?.picked.city, c.id, 'the target is known before the window opens');
  assert.deepEqual(drawn.toAct, ['blue', 'yellow'], 'the window is open to every baron with Faith');
  // Then: blue and yellow pool 1 + 1 = 2 → cancelled, nothing razed.
  const pooled = ok(closeEventWindow(drawn, { pledges: { blue: 1, yellow: 1 } }));
  assert.equal(pooled.cities[c.id]!.razed, false);
  assert.deepEqual([pooled.barons.blue.faith, pooled.barons.yellow.faith], [0, 0]);
  assert.ok(pooled.eventDiscard.includes(fire), 'Fire discarded');
  assert.deepEqual(checkInvariants(pooled), []);
  // A pledge short of the cost charges nothing and the city burns.
  const burnt = ok(closeEventWindow(drawn, { pledges: { blue: 1 } }));
  assert.equal(burnt.barons.blue.faith, 1, 'nothing charged when the pledges fall short');
  assert.ok(burnt.cities[c.id]!.razed, 'razed');
  assert.equal(burnt.cities[c.id]!.controller, null);
  assert.equal(burnt.nobles[target.id]!.location.kind, 'off', 'every noble in it dies');
  assert.ok(burnt.log.some((e) => e.t === 'noble-died' && e.noble === target.id), 'death logged');
  assert.equal(burnt.barons.red.controlMarkers, base.barons.red.controlMarkers + 1);
  assert.deepEqual(checkInvariants(burnt), []);
  // Had the back been red, only the drawer could pay.
  const red = atEvent(['green', 'blue', 'red', 'yellow'], 'event:marsh-fever');
  red.barons.blue.faith = 3;
  const r1 = ok(drawMajorEvent(red));
  assert.deepEqual(r1.toAct, [r1.eventPending!.drawer], 'only the drawer is asked');
  const refused = closeEventWindow(r1, { pledges: { blue: 1 } });
  assert.ok(!refused.ok && refused.reason === 'bad-pledge' && refused.message.fr.length > 0 && refused.message.en.length > 0, 'others cannot pay for a red event');
});

test('§4.7 #17 who draws: red — the holder, or another for 1 Faith; green — the next baron clockwise, or the holder for 1 Faith; blue — the holder only', () => {
  const s = atEvent(['green', 'blue', 'red'], 'event:scandal');
  s.church = 'blue'; s.toAct = ['blue']; s.barons.blue.faith = 1;
  assert.equal(ok(drawMajorEvent(s)).log.find((e) => e.t === 'event-drawn')!.baron, 'blue', 'red: the holder by default');
  const other = ok(drawMajorEvent(s, { drawer: 'red' }));
  assert.equal(other.barons.blue.faith, 0, 'designating another costs him 1 Faith');
  s.barons.blue.faith = 0;
  const poor = drawMajorEvent(s, { drawer: 'red' });
  assert.ok(!poor.ok && poor.reason === 'cannot-pay', 'he cannot pay the Faith');
  const g = atEvent(['green', 'blue', 'red'], 'event:buried-hoard');
  g.church = 'blue';
  const gs = ok(drawMajorEvent(g));
  assert.equal(gs.barons.red.crowns, g.barons.red.crowns + 6, 'green: the next baron clockwise enjoys it');
  const b = atEvent(['green', 'blue', 'red'], 'event:synod');
  const bad = drawMajorEvent(b, { drawer: b.players.find((x) => x !== b.church)! });
  assert.ok(!bad.ok && bad.reason === 'bad-drawer' && /couleur/.test(bad.message.fr) && /colour/.test(bad.message.en), 'blue: the holder draws');
  const unknown = drawMajorEvent(b, { drawer: 'toString' as BaronId });
  assert.ok(!unknown.ok && unknown.reason === 'bad-drawer', 'unknown baron refused');
});

test('§4.7 red cancellation: the drawer pays the printed cost, the card is discarded without effect; a green card cannot be cancelled [P G-A41]', () => {
  const s = atEvent(['green', 'blue', 'red'], 'event:faithless-steward');
  const d = s.church;
  s.barons[d].faith = 1;
  const r = ok(resolveMajorEvent(s, { cancel: true }));
  assert.equal(r.barons[d].crowns, s.barons[d].crowns, 'no effect');
  assert.equal(r.barons[d].faith, 0);
  assert.ok(r.eventDiscard.includes('event:faithless-steward'), 'discarded');
  const g = atEvent(['green', 'blue', 'red'], 'event:buried-hoard');
  const no = resolveMajorEvent(g, { cancel: true });
  assert.ok(!no.ok && no.reason === 'not-cancellable', 'green not cancellable');
});

test('every Event card: the real card resolved with the default answers does what its effect says (each operation checked), keeps every invariant, and leaves play or stays if lasting', () => {
  for (const e of EVENT_CARDS) {
    const s = atEvent(['green', 'blue', 'red', 'yellow'], e.id, `card-${e.id}`);
    // Give the drawer something to lose or to choose: two cities with breaches, casualties on his nobles, votes, Faith.
    const holder = s.church;
    const drawer = e.colour === 'green' ? s.players[(s.players.indexOf(holder) + 1) % s.players.length]! : holder;
    const free = Object.values(s.cities).filter((c) => !c.razed && c.controller === null).slice(0, 2);
    for (const c of free) { c.controller = drawer; c.breaches = 1; s.barons[drawer].controlMarkers--; }
    for (const n of Object.values(s.nobles)) if (n.baron === drawer && n.location.kind === 'region') { n.casualties = 0; n.ready = e.ops.some((o) => o.op === 'ready') ? false : true; }
    s.barons[drawer].votes = 2; s.barons[drawer].faith = 1;
    const after = ok(resolveMajorEvent(s));
    const picked: Record<string, string> = {};
    for (const x of after.log.slice(s.log.length)) if (x.t === 'fate-picked') picked[x.what] = x.id;
    if (after.log.slice(s.log.length).some((x) => x.t === 'fate-fizzled')) continue; // nothing fits: fizzles [P G-A38]
    const target = e.colour === 'blue' ? ((picked.baron as BaronId | undefined) ?? null) : drawer;
    const chosen = e.pick?.by === 'target' ? { city: free[0]!.id } : {};
    for (const op of e.ops) checkOp(e.id, op, s, after, target, { ...picked, ...chosen });
    assert.deepEqual(checkInvariants(after), [], e.id);
    assert.equal(after.lasting.some((l) => l.card === e.id), e.lasting, `${e.id}: lasting`);
    assert.equal(after.step, 'A1', `${e.id}: the Chairman reveals the next card`);
  }
});

test('§10.8 the shipped Event and Proposal decks meet every MUST and SHOULD; one broken copy per MUST is an error', () => {
  assert.deepEqual(checkContent(SHIPPED), { errors: [], warnings: [] });
  assert.equal(EVENT_CARDS.length, 33);
  const broken = (events: typeof EVENT_CARDS) => checkContent({ ...SHIPPED, events }).errors;
  assert.ok(broken(EVENT_CARDS.slice(1)).some((m) => /33 required/.test(m)), '33 required');
  assert.ok(broken(EVENT_CARDS.map((e) => (e.colour === 'red' ? { ...e, cost: null } : e))).some((m) => /red events/.test(m)), 'red events');
  assert.ok(broken(EVENT_CARDS.map((e) => (e.id === EVENT_ROLES['E-RAZE'] ? { ...e, cost: 3 } : e))).some((m) => /E-RAZE/.test(m)), 'E-RAZE');
  assert.ok(broken(EVENT_CARDS.map((e) => (e.id === 'event:synod' ? { ...e, ops: [{ op: 'manual', text: { fr: 'x', en: 'x' } }] } : e))).some((m) => /manual/.test(m)), 'manual');
  assert.ok(broken(EVENT_CARDS.map((e) => (e.id === 'event:synod' ? { ...e, ops: [{ op: 'faith', who: 'target', n: 1 }] } : e))).some((m) => /blue event aims/.test(m)), 'blue event aims');
  assert.ok(broken(EVENT_CARDS.map((e) => (e.id === 'event:buried-hoard' ? { ...e, text: { fr: '', en: 'x' } } : e))).some((m) => /French or English/.test(m)), 'French or English');
});

test('property: random Event cards, holders, drawers and pledges keep every invariant and replay to the same hash', () => {
  fc.assert(fc.property(fc.integer({ min: 2, max: 6 }), fc.nat(32), fc.array(fc.nat(5), { minLength: 8, maxLength: 8 }), fc.boolean(), (n, k, xs, cancel) => {
    const barons = (['green', 'blue', 'red', 'yellow', 'black', 'violet'] as BaronId[]).slice(0, n);
    const run = () => {
      const s = atEvent(barons, EVENT_CARDS[k]!.id, `prop-${k}`);
      barons.forEach((b, i) => { s.barons[b].faith = xs[i]!; s.barons[b].crowns = xs[i + 1]! ; });
      const r = drawMajorEvent(s, { drawer: barons[xs[7]! % n] });
      if (!r.ok) return null;
      let t = r.state;
      if (t.eventPending) {
        const c = closeEventWindow(t, { cancel: cancel && eventCard(t.eventPending.card).colour === 'red' && eventCard(t.eventPending.card).cost !== null && t.barons[t.eventPending.drawer].faith >= eventCard(t.eventPending.card).cost!, pledges: eventCard(t.eventPending.card).colour === 'blue' ? Object.fromEntries(barons.map((b) => [b, Math.min(t.barons[b].faith, xs[6]! % 3)])) : {} });
        assert.ok(c.ok, c.ok ? '' : c.reason);
        t = c.state;
      }
      assert.deepEqual(checkInvariants(t), []);
      for (const b of barons) assert.ok(t.barons[b].faith >= 0 && t.barons[b].crowns >= 0 && t.barons[b].votes >= 0, 'nothing negative');
      // Fog (§9.4): the Event and Proposal decks' order never reaches a view, only the top card's back colour.
      const v = JSON.stringify(viewOf(t, barons[0]!));
      for (const c of [...t.secret.eventDeck, ...t.secret.proposalDeck]) assert.ok(!v.includes(`"${c}"`), `${c} leaks`);
      return hashState(t);
    };
    assert.equal(run(), run());
  }), { numRuns: 40 });
});

test('bad answers to a Major Event: arbitrary drawers, choices, cancels and pledges get a refusal in both languages or a legal state, never a crash', () => {
  const anything = fc.oneof(fc.constantFrom('green', 'blue', 'red', 'violet', 'toString', '__proto__', 'gueville', 'tornay'), fc.string(), fc.integer({ min: -3, max: 9 }), fc.constantFrom(Number.NaN, 2.5, null, true));
  fc.assert(fc.property(fc.nat(32), anything, anything, anything, fc.dictionary(fc.oneof(fc.constantFrom('green', 'blue', 'red', 'violet', '__proto__'), fc.string()), anything), (k, drawer, choice, cancel, pledges) => {
    const s = atEvent(['green', 'blue', 'red'], EVENT_CARDS[k]!.id, 'bad');
    s.barons.blue.faith = 2;
    const r = drawMajorEvent(s, { drawer: drawer as never, choice: choice as never });
    if (!r.ok) { assert.ok(r.message.fr.length > 0 && r.message.en.length > 0, r.reason); return; }
    assert.deepEqual(checkInvariants(r.state), []);
    if (!r.state.eventPending) return;
    const c = closeEventWindow(r.state, { cancel: cancel as never, pledges: pledges as never });
    if (c.ok) assert.deepEqual(checkInvariants(c.state), []);
    else assert.ok(c.message.fr.length > 0 && c.message.en.length > 0, c.reason);
  }), { numRuns: 200 });
});

test('E-NOHEIR: the named noble has no heir from now on, so his death follows §6.12’s no-heir case (regulars out of the game, mercenaries to the deck); the card stays in play', () => {
  const s = atEvent(['green', 'blue', 'red'], EVENT_ROLES['E-NOHEIR'], 'noheir');
  const drawer = s.church; // red back: the holder draws it himself by default
  const r = ok(resolveMajorEvent(s));
  const picked = r.log.find((e) => e.t === 'fate-picked')!;
  assert.ok(picked.t === 'fate-picked' && picked.what === 'noble', 'Fate names a noble');
  const id = (picked as { id: string }).id;
  assert.equal(r.nobles[id]!.baron, drawer, 'one of the drawer’s nobles');
  assert.equal(r.nobles[id]!.hasHeir, false);
  assert.ok(r.lasting.some((l) => l.card === EVENT_ROLES['E-NOHEIR'] && l.noble === id), 'the card stays next to him');
  const troops = [...r.nobles[id]!.troops];
  killNoble(r, id);
  assert.deepEqual(r.nobles[id]!.troops, [], 'nothing passes to an heir');
  for (const t of troops) assert.ok(r.outOfGame.includes(t) || r.secret.mercenaryDeck.includes(t), `${t} leaves the game or goes back to the deck`);
  assert.deepEqual(checkInvariants(r), []);
});
