/**
 * The king's waiver (#6) as a trade component (free.ts, rules §11.6 "combined offers", §7.2.4):
 * given or asked in an offer, checked again at acceptance on the copy like every other component
 * (all or nothing), rendered in both languages, and used by the buyer's purchase in step 4.B (the
 * king is not asked again; the title costs nothing; the waiver is used up, or lapses when 4.B
 * ends). And option A.5 (hidden money): an acceptance never fails on the offerer's money — his offer
 * is withdrawn as soon as he no longer has the ecus, the reason told to him alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import type { Submission } from '../../src/engine/ruleset.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { nextAsk, type FiefGame } from '../../src/rulesets/fief/flow.ts';
import { checkInvariants } from '../../src/rulesets/fief/invariants.ts';
import { setupGame } from '../../src/rulesets/fief/setup.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';
import { giveTitles, lordOf, occupy } from './fixture.ts';
import { freeAct, freeRefused, freeReport } from './scene.ts';

const P1 = 'P1', P2 = 'P2', P3 = 'P3', P4 = 'P4';

/** Turn 1 at `step`: P1 holds the three villages of the green county (a castle at TOURNUS) and 10 ecus; P4's lord is king. */
function game(step = '4.A', config?: unknown): FiefGame {
  const s: FiefState = { ...setupGame({ players: 4, ...(config ? { config } : {}) } as never, createRng('waiver', 'setup')), firstPlayer: P1 };
  s.cursor = { turn: 1, phase: 4, step: step as '4.A' };
  for (const v of ['TOURNUS', 'ST_ALBERIC', 'BOISRENARD']) if (s.villages[v]!.controller !== P1) occupy(s, P1, v);
  if (!s.villages.TOURNUS!.fortification) { s.villages.TOURNUS!.fortification = 'CASTLE'; s.supply.castleTiles -= 1; }
  s.families[P1]!.ecus = 10;
  giveTitles(s, lordOf(s, P4), 'KING');
  assert.deepEqual(checkInvariants(s), [], 'the given is a legal state');
  return { fief: s, flow: { stage: 'turn', step: step as '4.A', answers: {}, current: null, asked: {}, maxTurns: 0 } };
}

const act = (g: FiefGame, player: string, id: string, values: Record<string, string> = {}) => freeAct(g, player, id, values, 'waiver');
const refused = freeRefused;
const report = freeReport;

test('#6 in a trade: the king’s player offers his waiver for ecus; accepted, the waiver is the buyer’s; every reader told in both languages', () => {
  const g = game();
  const offer = act(g, P4, 'offer', { to: P1, give_waiver: 'F_TOURNUS', ask_ecus: '2' });
  assert.match(report(offer.g, offer.events, P1), /offered: the king’s waiver of the price of .*’s title; asked: 2 ecus/);
  assert.match(report(offer.g, offer.events, P1, 'fr'), /offert : la grâce du roi pour le titre de .* ; demandé : 2 écus/);
  const done = act(offer.g, P1, 'accept', { offer: '1' });
  assert.deepEqual(done.g.fief.waivers, [{ king: P4, buyer: P1, fief: 'F_TOURNUS' }]);
  assert.equal(done.g.fief.families[P1]!.ecus, 8);
  assert.match(report(done.g, done.events, P3), /Trade between .* — from .*: the king’s waiver of the price of .*’s title; from .*: 2 ecus/);
  assert.match(report(done.g, done.events, P3, 'fr'), /la grâce du roi pour le titre de/);
  // The forms: the king's player may give it, the others may ask it of him.
  const fields = (p: string, id: string) => fief.freeActions!(g, p, 'en').find((a) => a.id === id)!.fields.map((f) => f.name);
  assert.ok(fields(P4, 'offer').includes('give_waiver') && !fields(P4, 'offer').includes('ask_waiver'), 'the king gives his waiver');
  assert.ok(fields(P1, 'offer').includes('ask_waiver') && !fields(P1, 'offer').includes('give_waiver'), 'the others ask it');
});

test('#6 in a trade: refusals — only the crown’s player waives, only a title still to buy — in both languages', () => {
  const g = game();
  assert.match(refused(g, P1, 'offer', { to: P2, ask_waiver: 'F_TOURNUS' }).en, /Only the player of the king/);
  assert.match(refused(g, P2, 'offer', { to: P1, give_waiver: 'F_TOURNUS' }).fr, /Seul le joueur du roi/);
  assert.match(refused(g, P1, 'offer', { to: P4, ask_waiver: 'NOWHERE' }).en, /do not know “NOWHERE”/);
  const held = structuredClone(g);
  giveTitles(held.fief, lordOf(held.fief, P2), 'FIEF:F_TOURNUS');
  assert.match(refused(held, P1, 'offer', { to: P4, ask_waiver: 'F_TOURNUS' }).en, /already has a holder/);
  // A gift of the waiver works as well.
  const gift = act(g, P4, 'give', { to: P1, waiver: 'F_TOURNUS' });
  assert.deepEqual(gift.g.fief.waivers, [{ king: P4, buyer: P1, fief: 'F_TOURNUS' }]);
  assert.match(report(gift.g, gift.events, P2), /gives .*: the king’s waiver/);
});

test('#6 in a trade is atomic: the crown gone before acceptance, nothing moves; the acceptor is told in his own terms or as “the other side”', () => {
  const g = game();
  // The buyer asks; the king loses his crown before he accepts: he cannot give it (his own lack).
  const asked = act(g, P1, 'offer', { to: P4, give_ecus: '3', ask_waiver: 'F_TOURNUS' }).g;
  const uncrowned = structuredClone(asked);
  const k = uncrowned.fief.titles.KING.holder!;
  uncrowned.fief.titles.KING.holder = null;
  uncrowned.fief.lords[k]!.titles = uncrowned.fief.lords[k]!.titles.filter((t) => t !== 'KING');
  assert.match(refused(uncrowned, P4, 'accept', { offer: '1' }).en, /You cannot provide what is asked: Only the player of the king/);
  assert.equal(uncrowned.fief.families[P1]!.ecus, 10, 'nothing moved');
  // The king offers; he is no longer king when the buyer accepts: "the other side", nothing moved.
  const offered = act(g, P4, 'offer', { to: P1, give_waiver: 'F_TOURNUS', ask_ecus: '2' }).g;
  const gone = structuredClone(offered);
  const k2 = gone.fief.titles.KING.holder!;
  gone.fief.titles.KING.holder = null;
  gone.fief.lords[k2]!.titles = gone.fief.lords[k2]!.titles.filter((t) => t !== 'KING');
  assert.match(refused(gone, P1, 'accept', { offer: '1' }).en, /other side can no longer provide/);
  assert.equal(gone.fief.waivers, undefined, 'no waiver granted');
  // Accepted while he is king: the waiver and the ecus move together.
  const ok = act(asked, P4, 'accept', { offer: '1' }).g;
  assert.equal(ok.fief.families[P1]!.ecus, 7);
  assert.deepEqual(ok.fief.waivers, [{ king: P4, buyer: P1, fief: 'F_TOURNUS' }]);
});

/** Answers the open question: `values` for its players, the default for the others. */
function answerOpen(g: FiefGame, values: Record<string, unknown>): { g: FiefGame; events: unknown[] } {
  const ask = g.flow.current!;
  const subs: Submission[] = Object.entries(values).map(([player, value], order) => ({ decision: ask.id, player, value, order }));
  const r = fief.resolve(g, subs, createRng('waiver', ask.id));
  return { g: r.state, events: r.events };
}

/** Step 4.B open with P1's purchases asked. */
function atPurchases(g: FiefGame): FiefGame {
  const x: FiefGame = { fief: { ...g.fief, cursor: { turn: 1, phase: 4, step: '4.B' } }, flow: { ...g.flow, step: '4.B', answers: {} } };
  x.flow.current = nextAsk(x);
  assert.equal(x.flow.current?.kind, 'purchases', 'P1 is asked his purchases');
  return x;
}

test('#6 used by the purchase in 4.B: the king is not asked again, the title costs nothing, the waiver is used up', () => {
  const g = game();
  const withWaiver = atPurchases(act(g, P4, 'give', { to: P1, waiver: 'F_TOURNUS' }).g);
  const lord = lordOf(withWaiver.fief, P1);
  let x = answerOpen(withWaiver, { [P1]: [{ item: 'fief-title', fief: 'F_TOURNUS', lord }] }).g;
  assert.notEqual(x.flow.current?.kind, 'king-waiver', 'not asked again');
  for (let i = 0; i < 6 && x.flow.step === '4.B'; i++) x = answerOpen(x, {}).g;
  assert.notEqual(x.flow.step, '4.B', 'the step ran');
  assert.equal(x.fief.titles['FIEF:F_TOURNUS'].holder, lord);
  assert.equal(x.fief.families[P1]!.ecus, 10, 'the title cost nothing');
  assert.deepEqual(x.fief.waivers ?? [], [], 'used up');
  // Without it, the king is asked (#6), and his default (no) makes the buyer pay 6.
  const plain = atPurchases(g);
  let y = answerOpen(plain, { [P1]: [{ item: 'fief-title', fief: 'F_TOURNUS', lord }] }).g;
  assert.equal(y.flow.current?.kind, 'king-waiver');
  for (let i = 0; i < 8 && y.flow.step === '4.B'; i++) y = answerOpen(y, {}).g;
  assert.equal(y.fief.families[P1]!.ecus, 4, 'full price');
});

test('#6: a waiver unused lapses when step 4.B ends; one from a player who no longer wears the crown is worth nothing', () => {
  const g = game();
  let x = atPurchases(act(g, P4, 'give', { to: P1, waiver: 'F_TOURNUS' }).g);
  for (let i = 0; i < 6 && x.flow.step === '4.B'; i++) x = answerOpen(x, {}).g;
  assert.notEqual(x.flow.step, '4.B');
  assert.deepEqual(x.fief.waivers, [], 'lapsed [P]');
  assert.equal(x.fief.titles['FIEF:F_TOURNUS'].holder, null);
  // The crown passes to P2's lord: P4's waiver no longer counts; P2 (the new king) is asked.
  const moved = act(g, P4, 'give', { to: P1, waiver: 'F_TOURNUS' }).g;
  const k = moved.fief.titles.KING.holder!;
  moved.fief.lords[k]!.titles = moved.fief.lords[k]!.titles.filter((t) => t !== 'KING');
  moved.fief.titles.KING.holder = null;
  giveTitles(moved.fief, lordOf(moved.fief, P2), 'KING');
  const y0 = atPurchases(moved);
  const y = answerOpen(y0, { [P1]: [{ item: 'fief-title', fief: 'F_TOURNUS', lord: lordOf(moved.fief, P1) }] }).g;
  assert.equal(y.flow.current?.kind, 'king-waiver');
  assert.deepEqual(y.flow.current?.players, [P2]);
});

test('A.5 hidden money: an offer whose offerer spent the ecus is withdrawn at once; the acceptor never learns it was his money', () => {
  const g = game('4.A', { options: { hiddenMoney: true } });
  let x = act(g, P1, 'offer', { to: P2, give_ecus: '5' }).g;
  const spent = act(x, P1, 'give', { to: P3, ecus: '8' }); // 2 ecus left: the offer no longer holds
  x = spent.g;
  const closed = spent.events.find((e) => e.t === 'offer-closed');
  assert.ok(closed && closed.t === 'offer-closed' && closed.how === 'withdrawn' && closed.unfunded === true, 'withdrawn by the referee');
  assert.equal(fief.view(x, P2).diplomacy.offers.length, 0, 'no longer open');
  for (const lang of ['en', 'fr'] as const) {
    const toAcceptor = report(x, spent.events, P2, lang).split('\n').filter((l) => /Offer #1|Offre n° 1/.test(l)).join('\n'); // the gift's own line is public (no sum under A.5)
    assert.match(toAcceptor, lang === 'en' ? /Offer #1 from .* to .*: withdrawn\./ : /Offre n° 1 de .* à .* : retirée\./);
    assert.doesNotMatch(toAcceptor, /ecu|écu|money|argent|\d+ ecus/i, 'nothing of the offerer’s money');
    assert.match(report(x, spent.events, P1, lang), lang === 'en' ? /withdrawn, as you no longer have the ecus offered/ : /retirée, car vous n’avez plus les écus offerts/);
  }
  const r = refused(x, P2, 'accept', { offer: '1' });
  assert.match(r.en, /no longer open/);
  assert.doesNotMatch(`${r.en} ${r.fr}`, /ecu|écu|money|other side|autre partie/i);
  // With public money nothing is hidden: the offer stays open and an acceptance fails on "the other side".
  let y = act(game(), P1, 'offer', { to: P2, give_ecus: '5' }).g;
  y = act(y, P1, 'give', { to: P3, ecus: '8' }).g;
  assert.equal(fief.view(y, P2).diplomacy.offers.length, 1);
  assert.match(refused(y, P2, 'accept', { offer: '1' }).en, /other side/);
});
