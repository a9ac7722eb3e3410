/**
 * Fief's free actions (free.ts, rules §4.0, §11.6, §11.4 #7, #8, #41, #42, A.1) through the
 * Ruleset's own `freeActions` / `validateAction` / `act`: gifts of each kind, atomic trades (made,
 * accepted, declined, withdrawn, lapsed; a trade whose goods vanished before acceptance changes
 * nothing), embassy mode, the pope's powers and annulment requests with their rate limit, relics;
 * every refusal in both languages and never naming what the actor may not know; report lines per
 * reader; fast-check properties over bot games with random free actions: invariants, money and
 * cards never duplicated or negative, determinism.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { advance, createGame, replay, takeAction, type GameRecord } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import type { ActionInput } from '../../src/engine/ruleset.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { cardKind, cardName } from '../../src/rulesets/fief/cards.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { botFreeActions, carryFree, FREE_EVENT_TYPES, FREE_REFUSALS, freeActionsOf, type FiefGameFree, type FreeEvent } from '../../src/rulesets/fief/free.ts';
import { freeSentence } from '../../src/rulesets/fief/free-report.ts';
import { checkInvariants } from '../../src/rulesets/fief/invariants.ts';
import { setupGame } from '../../src/rulesets/fief/setup.ts';
import type { FiefState, LordId } from '../../src/rulesets/fief/state.ts';
import { troopsOf } from '../../src/rulesets/fief/rules/pieces.ts';
import { addLord, giveTitles, marry, occupy } from './fixture.ts';
import { freeAct, freeRefused, freeReport } from './scene.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const P1 = 'P1', P2 = 'P2', P3 = 'P3';

/** A set-up game of `players` in turn 1 at step `step`, as the Ruleset keeps it. */
function game(players = 4, step = '4.B', config?: unknown): FiefGame {
  const s: FiefState = { ...setupGame({ players, ...(config ? { config } : {}) } as never, createRng('free', 'setup')), firstPlayer: P1 };
  s.cursor = { turn: 1, phase: Number(step[0]) as 4, step: step as '4.B' };
  return { fief: s, flow: { stage: 'turn', step: step as '4.B', answers: {}, current: null, asked: {}, maxTurns: 0 } };
}

/** A card of `kind` from the Event deck into `player`'s hand (every card stays in one place). */
function deal(s: FiefState, player: string, kind: string): string {
  const i = s.secret.eventDeck.findIndex((c) => cardKind(c) === kind);
  const [card] = s.secret.eventDeck.splice(i, 1);
  s.hands[player]!.push(card!);
  return card!;
}

/** The free-action helpers of scene.ts (an accepted action with the invariants after it; a refusal in both languages; the report), with this file's Rng stream. */
const act = (g: FiefGame, player: string, id: string, values: Record<string, string> = {}) => freeAct(g, player, id, values, 'free');
const refused = freeRefused;
const report = freeReport;

test('#42 give money: the ecus move at once; refusals (too much, self, unknown player, nothing, during setup) in both languages', () => {
  const g = game();
  const { g: after, events } = act(g, P1, 'give', { to: P2, ecus: '3' });
  assert.equal(after.fief.families[P1]!.ecus, g.fief.families[P1]!.ecus - 3);
  assert.equal(after.fief.families[P2]!.ecus, g.fief.families[P2]!.ecus + 3);
  assert.match(report(after, events, P3), /gives .*: 3 ecus/);
  assert.match(report(after, events, P2, 'fr'), /donne à .* : 3 écus/);
  assert.match(refused(g, P1, 'give', { to: P2, ecus: '99' }).en, /do not have that many ecus/);
  assert.match(refused(g, P1, 'give', { to: P1, ecus: '1' }).en, /other than yourself/);
  assert.match(refused(g, P1, 'give', { to: 'P9', ecus: '1' }).en, /not in the game/);
  assert.match(refused(g, P1, 'give', { to: P2 }).en, /Nothing is given/);
  assert.match(refused(g, P1, 'give', { to: P2, ecus: '-1' }).en, /whole number/);
  assert.match(refused({ ...g, flow: { ...g.flow, stage: 'setup' } }, P1, 'give', { to: P2, ecus: '1' }).en, /No free action is possible now/);
  assert.match(refused(g, P1, 'fly', {}).en, /Unknown action/);
});

test('#42 under hidden money (A.5) the others learn that ecus were given, never how many', () => {
  const g = game(4, '4.B', { options: { hiddenMoney: true } });
  const { g: after, events } = act(g, P1, 'give', { to: P2, ecus: '2' });
  assert.doesNotMatch(report(after, events, P3), /2 ecus/);
  assert.match(report(after, events, P3), /some ecus/);
  assert.match(report(after, events, P2), /2 ecus/);
});

test('#41 give a card: named only to the two players; the hand limit; embassy mode spends a token, none left refuses', () => {
  const g = game();
  const card = deal(g.fief, P1, 'TAX');
  const { g: after, events } = act(g, P1, 'give', { to: P2, card });
  assert.ok(after.fief.hands[P2]!.includes(card) && !after.fief.hands[P1]!.includes(card));
  assert.match(report(after, events, P2), /Tax/);
  assert.doesNotMatch(report(after, events, P3), /Tax/);
  assert.match(report(after, events, P3), /1 card/);
  // The receiver's hand is full (counts are public).
  const full = game();
  const c1 = deal(full.fief, P1, 'TAX');
  for (let i = 0; i < full.fief.config.family.handLimit; i++) deal(full.fief, P2, 'GOOD_HARVEST');
  assert.match(refused(full, P1, 'give', { to: P2, card: c1 }).en, /No hand may hold more than 3 cards/);
  // Embassy mode: one token a transaction.
  const emb = game(4, '4.B', { options: { freeDiplomacy: false } });
  const c2 = deal(emb.fief, P1, 'TAX');
  const spent = act(emb, P1, 'give', { to: P2, card: c2 });
  assert.equal(spent.g.fief.families[P1]!.embassy, emb.fief.families[P1]!.embassy - 1);
  assert.match(report(spent.g, spent.events, P1), /Embassy token spent/);
  const none = game(4, '4.B', { options: { freeDiplomacy: false } });
  none.fief.families[P1]!.embassy = 0;
  const c3 = deal(none.fief, P1, 'TAX');
  assert.match(refused(none, P1, 'give', { to: P2, card: c3 }).en, /Embassy mode/);
  assert.equal(act(none, P1, 'give', { to: P2, ecus: '1' }).g.fief.families[P2]!.ecus, none.fief.families[P2]!.ecus + 1, 'money needs no token');
  // A card one does not hold.
  assert.match(refused(g, P1, 'give', { to: P2, card: 'TAX_5' }).en, /not in your hand/);
});

test('#42 cede a village to a player present in it (not during the draw, 2.A); a city takes its fief title along [T §8.4.9]', () => {
  const g = game();
  const v = g.fief.lords[g.fief.families[P1]!.lords[0]!]!.at!.village;
  assert.match(refused(g, P1, 'give', { to: P2, village: v }).en, /only to a player present/);
  occupy(g.fief, P2, v); // P2's sergeant arrives (occupy sets control: give it back to P1)
  g.fief.villages[v]!.controller = P1;
  g.fief.villages[v]!.stacks.find((st) => st.player === P2)!.position = { kind: 'OUTSKIRTS' };
  assert.match(refused({ ...g, flow: { ...g.flow, step: '2.A' } }, P1, 'give', { to: P2, village: v }).en, /during the draw/);
  const { g: after, events } = act(g, P1, 'give', { to: P2, village: v });
  assert.equal(after.fief.villages[v]!.controller, P2);
  assert.equal(after.fief.villages[v]!.stacks.find((st) => st.player === P2)!.position.kind, 'CENTER');
  assert.match(report(after, events, P3), new RegExp(`gives .*: `));
  assert.match(refused(g, P2, 'give', { to: P1, village: v }).en, /do not control/);
});

test('#42 prisoners: given to their owner they are released and placed; handed to a player with troops there; else refused', () => {
  const g = game();
  const s = g.fief;
  const jailerVillage = s.lords[s.families[P1]!.lords[0]!]!.at!.village;
  const captive = s.families[P2]!.lords[0]!;
  s.lords[captive]!.at = { village: jailerVillage, position: { kind: 'OUTSKIRTS' } };
  s.lords[captive]!.prisonerOf = P1;
  const owner = P2;
  assert.match(refused(g, P1, 'give', { to: P3, prisoner: captive }).en, /only to a player with troops where he is/);
  assert.match(refused(g, P2, 'release', { lord: captive }).en, /not your prisoner/);
  const freed = act(g, P1, 'give', { to: owner, prisoner: captive });
  assert.equal(freed.g.fief.lords[captive]!.prisonerOf, null);
  assert.ok(freed.g.fief.lords[captive]!.at, 'placed by the cascade');
  assert.match(report(freed.g, freed.events, P3), /releases/);
  const rel = act(g, P1, 'release', { lord: captive });
  assert.equal(rel.g.fief.lords[captive]!.prisonerOf, null);
  // typed as a player types it (the command line, a mail): the lord by his name, in any case, the player's id in lower case (words.ts)
  const plain = s.lords[captive]!.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const byName = act(g, P1, 'release', { lord: plain });
  assert.equal(byName.g.fief.lords[captive]!.prisonerOf, null, `“release lord=${plain}” releases ${captive}`);
  assert.equal(act(g, P1, 'give', { to: owner.toLowerCase(), prisoner: s.lords[captive]!.name }).g.fief.lords[captive]!.prisonerOf, null, 'given by name to p2');
  occupy(s, P3, jailerVillage);
  s.villages[jailerVillage]!.controller = P1;
  const moved = act(g, P1, 'give', { to: P3, prisoner: captive });
  assert.equal(moved.g.fief.lords[captive]!.prisonerOf, P3, 'transferred [T §6.2.4]');
});

test('#41 a trade offer is told to its two players only; accepted, both sides move at once', () => {
  const g = game();
  const tax = deal(g.fief, P2, 'TAX');
  const made = act(g, P1, 'offer', { to: P2, give_ecus: '3', ask_card: 'TAX' });
  assert.equal(made.g.fief.families[P1]!.ecus, g.fief.families[P1]!.ecus, 'nothing moves on an offer');
  assert.match(report(made.g, made.events, P2), /Offer #1 from .* — offered: 3 ecus; asked: a card Tax/);
  assert.equal(report(made.g, made.events, P3), 'Nothing new.', 'a third player learns nothing of an offer');
  assert.deepEqual(fief.view(made.g, P3).diplomacy.offers, []);
  assert.equal(fief.view(made.g, P2).diplomacy.offers.length, 1);
  const board = (p: string) => JSON.stringify(fief.presentView!(made.g, p, 'en'));
  assert.match(board(P2), /Open offers.*received/);
  assert.doesNotMatch(board(P3), /Open offers/);
  const accept = fief.freeActions!(made.g, P2, 'en').find((a) => a.id === 'accept');
  assert.ok(accept, 'P2 is offered the accept action');
  const done = act(made.g, P2, 'accept', { offer: '1' });
  assert.ok(done.g.fief.hands[P1]!.includes(tax) && !done.g.fief.hands[P2]!.includes(tax));
  assert.equal(done.g.fief.families[P2]!.ecus, g.fief.families[P2]!.ecus + 3);
  assert.equal(done.g.fief.families[P1]!.ecus, g.fief.families[P1]!.ecus - 3);
  assert.match(report(done.g, done.events, P1), /Trade between .* — from .*: 3 ecus; from .*: Tax/);
  assert.doesNotMatch(report(done.g, done.events, P3), /Tax/);
  assert.match(refused(done.g, P2, 'accept', { offer: '1' }).en, /no longer open/);
});

test('#41 a trade whose goods vanished before acceptance changes nothing; the acceptor is not told what the offerer lacks', () => {
  const g = game();
  const card = deal(g.fief, P1, 'TAX');
  let x = act(g, P1, 'offer', { to: P2, give_card: card, give_ecus: '2', ask_ecus: '1' }).g;
  x = act(x, P1, 'give', { to: P3, card }).g; // the card offered is gone
  const r = refused(x, P2, 'accept', { offer: '1' });
  assert.match(r.en, /other side can no longer provide/);
  assert.doesNotMatch(r.en, /Tax|card/i, 'names nothing of the offerer’s hand');
  // Nothing moved: the offer is still open, money and hands as they were.
  assert.equal(fief.view(x, P2).diplomacy.offers.length, 1);
  // The acceptor's own lack is told to him, in his terms.
  const g2 = game();
  deal(g2.fief, P2, 'TAX'); // he holds a card, not the one asked
  const y = act(g2, P1, 'offer', { to: P2, give_ecus: '1', ask_card: 'JUSTICE' }).g;
  const lack = refused(y, P2, 'accept', { offer: '1' });
  assert.match(lack.en, /You cannot provide what is asked: That card is not in your hand/);
  assert.match(lack.fr, /Vous ne pouvez pas fournir/);
  // Money spent meanwhile: the same.
  let z = act(game(), P1, 'offer', { to: P2, give_ecus: '5' }).g;
  z = act(z, P1, 'give', { to: P3, ecus: '4' }).g;
  assert.match(refused(z, P2, 'accept', { offer: '1' }).en, /other side/);
});

test('#41 decline, withdraw, lapse after diplomacy.offerPhases phases (default decline), and the cap on open offers', () => {
  const g = game();
  let x = act(g, P1, 'offer', { to: P2, give_ecus: '1' }).g;
  const d = act(x, P2, 'decline', { offer: '1' });
  assert.match(report(d.g, d.events, P1), /declined by/);
  const w = act(x, P1, 'withdraw', { offer: '1' });
  assert.match(report(w.g, w.events, P2), /withdrawn/);
  assert.match(refused(x, P2, 'withdraw', { offer: '1' }).en, /no longer open/, 'only the offerer withdraws');
  // Lapse: the game moves on `offerPhases` phases.
  const later: FiefGame = { ...x, fief: { ...x.fief, cursor: { turn: 1, phase: 6, step: '6.A' } } };
  const c = carryFree(x, later);
  assert.equal((c.game as FiefGameFree).free!.offers.length, 0);
  assert.match(freeSentence(c.game.fief, c.events[0]!, P2, 'en')!, /lapsed/);
  const soon = carryFree(x, { ...x, fief: { ...x.fief, cursor: { turn: 1, phase: 5, step: '5.A' } } });
  assert.equal((soon.game as FiefGameFree).free!.offers.length, 1, 'still open one phase later');
  // The cap.
  for (let i = 0; i < g.fief.config.diplomacy.openOffers - 1; i++) x = act(x, P1, 'offer', { to: P2, ask_ecus: '1' }).g;
  assert.match(refused(x, P1, 'offer', { to: P2, ask_ecus: '1' }).en, /already have 5 open offers/);
});

test('#41 what is asked is checked only on what the asker may know: money under A.5 at acceptance only', () => {
  const pub = game();
  assert.match(refused(pub, P1, 'offer', { to: P2, ask_ecus: '99' }).en, /does not hold that/);
  const hidden = game(4, '4.B', { options: { hiddenMoney: true } });
  const x = act(hidden, P1, 'offer', { to: P2, ask_ecus: '99' }).g; // accepted: refusing would tell P1 that P2 has less
  assert.match(refused(x, P2, 'accept', { offer: '1' }).en, /You cannot provide/);
  // A card of a kind is asked without looking at the hand: the form lists kinds, not his cards.
  deal(hidden.fief, P2, 'AMBUSH');
  const form = freeActionsOf(hidden, P1, 'en').find((a) => a.id === 'offer')!;
  const f = form.fields.find((x2) => x2.name === 'ask_card')!;
  assert.ok(f.kind === 'choice' && f.options.length > 10, 'every kind is offered, whatever his hand');
});

test('#8 the pope excommunicates and lifts as free actions; others are refused; public lines', () => {
  const g = game();
  const pope = addLord(g.fief, P1, 'M'); giveTitles(g.fief, pope, 'BISHOP:1', 'POPE');
  const target = g.fief.families[P2]!.lords[0]!;
  assert.match(refused(g, P2, 'excommunicate', { lord: target }).en, /Only the pope’s player/);
  assert.match(refused(g, P1, 'excommunicate', { lord: pope }).en, /cannot excommunicate himself/);
  const x = act(g, P1, 'excommunicate', { lord: target });
  assert.equal(x.g.fief.excommunicated, target);
  assert.match(report(x.g, x.events, P3), /excommunicates/);
  assert.ok(fief.freeActions!(x.g, P1, 'fr').some((a) => a.id === 'lift'));
  const y = act(x.g, P1, 'lift');
  assert.equal(y.g.fief.excommunicated, null);
  assert.match(report(y.g, y.events, P2, 'fr'), /lève l’excommunication/);
  assert.match(refused(y.g, P1, 'excommunicate', { lord: target }).en, /already excommunicated as often as allowed/);
});

test('#7 annulment: a spouse’s player asks, the pope annuls or refuses; the request is told to the spouses and the pope only; rate limit; lapse', () => {
  const g = game();
  const pope = addLord(g.fief, P3, 'M'); giveTitles(g.fief, pope, 'BISHOP:1', 'POPE');
  const a = addLord(g.fief, P1, 'F'), b = g.fief.families[P2]!.lords[0]!;
  marry(g.fief, a, b);
  assert.match(refused(g, 'P4', 'request-annulment', { lord: a }).en, /Only a spouse’s player/);
  const asked = act(g, P1, 'request-annulment', { lord: a });
  assert.equal(report(asked.g, asked.events, 'P4'), 'Nothing new.');
  assert.match(report(asked.g, asked.events, P3), /asks the pope to annul/);
  assert.match(refused(asked.g, P2, 'request-annulment', { lord: b }).en, /already awaits/);
  assert.match(refused(asked.g, P1, 'annul', { request: '1' }).en, /Only the pope’s player/);
  const no = act(asked.g, P3, 'refuse-annulment', { request: '1' });
  assert.equal(no.g.fief.lords[a]!.spouse, b);
  assert.match(report(no.g, no.events, P1), /refuses to annul/);
  // One repeat a phase: the third request of this phase is refused.
  const again = act(no.g, P1, 'request-annulment', { lord: a });
  const no2 = act(again.g, P3, 'refuse-annulment', { request: '2' });
  assert.match(refused(no2.g, P1, 'request-annulment', { lord: a }).en, /already asked 2 times/);
  // Next phase: allowed again, then annulled.
  const next: FiefGame = carryFree(no2.g, { ...no2.g, fief: { ...no2.g.fief, cursor: { turn: 1, phase: 5, step: '5.A' } } }).game;
  const third = act(next, P1, 'request-annulment', { lord: a });
  const yes = act(third.g, P3, 'annul', { request: '3' });
  assert.equal(yes.g.fief.lords[a]!.spouse, null);
  assert.equal(yes.g.fief.lords[b]!.spouse, null);
  assert.match(report(yes.g, yes.events, 'P4', 'fr'), /annule le mariage/);
  // An unanswered request lapses (refused) when the game moves on.
  const lapsed = carryFree(third.g, { ...third.g, fief: { ...third.g.fief, cursor: { turn: 2, phase: 1, step: '1.A' } } });
  assert.equal((lapsed.game as FiefGameFree).free!.requests.length, 0);
  assert.match(freeSentence(lapsed.game.fief, lapsed.events[0]!, P1, 'en')!, /lapsed without an answer/);
});

test('A.1 relics as free actions: recovered at the seat by its bishop, handed over, sold through a trade', () => {
  const g = game(4, '4.B', { options: { relics: true } });
  const s = g.fief;
  const seat = 'BLAYE';
  const relic = (Object.keys(s.relics!) as (keyof NonNullable<FiefState['relics']>)[]).find((r) => s.relics![r]!.village === seat)!;
  const bishop = addLord(s, P1, 'M'); giveTitles(s, bishop, 'BISHOP:1');
  s.lords[bishop]!.at = { village: seat, position: { kind: 'OUTSKIRTS' } };
  const plain = addLord(s, P2, 'M'); s.lords[plain]!.at = { village: seat, position: { kind: 'OUTSKIRTS' } };
  assert.match(refused(g, P2, 'relic', { lord: plain, relic }).en, /Only the bishop of this bishopric/);
  const got = act(g, P1, 'relic', { lord: bishop, relic });
  assert.equal(got.g.fief.relics![relic]!.holder, bishop);
  assert.match(report(got.g, got.events, P3), /recovers/);
  const sold = act(act(got.g, P1, 'offer', { to: P2, give_relic: relic, ask_ecus: '2' }).g, P2, 'accept', { offer: '1' });
  assert.equal(sold.g.fief.relics![relic]!.holder, plain);
  assert.equal(sold.g.fief.families[P1]!.ecus, g.fief.families[P1]!.ecus + 2);
  const back = act(sold.g, P2, 'hand-relic', { relic, to: bishop });
  assert.equal(back.g.fief.relics![relic]!.holder, bishop);
  assert.match(refused(back.g, P2, 'hand-relic', { relic, to: plain }).en, /None of your lords carries/);
});

test('A.1 a relic at a seat another player occupies: recovery refused without his leave; his leave asked by a trade, the relic taken at acceptance', () => {
  const g = game(4, '4.B', { options: { relics: true } });
  const s = g.fief;
  const seat = 'TOURNUS';
  const relic = (Object.keys(s.relics!) as (keyof NonNullable<FiefState['relics']>)[]).find((r) => s.relics![r]!.village === seat)!;
  s.villages[seat]!.stacks = s.villages[seat]!.stacks.filter((st) => st.player === P2);
  occupy(s, P2, seat);
  const bishop = addLord(s, P1, 'M'); giveTitles(s, bishop, 'BISHOP:2');
  s.lords[bishop]!.at = { village: seat, position: { kind: 'OUTSKIRTS' } };
  assert.match(refused(g, P1, 'relic', { lord: bishop, relic }).en, /has not given leave/);
  const form = freeActionsOf(g, P1, 'en').find((a) => a.id === 'offer')!;
  assert.ok(form.fields.some((f) => f.name === 'ask_leave'), 'the offer form asks for leave');
  assert.match(refused(g, P3, 'offer', { to: P2, ask_leave: relic }).en, /bishop of this bishopric|not hold that/, 'only an ecclesiastic there may ask');
  const offered = act(g, P1, 'offer', { to: P2, give_ecus: '1', ask_leave: relic });
  assert.match(report(offered.g, offered.events, P2), /leave to recover/);
  const done = act(offered.g, P2, 'accept', { offer: '1' });
  assert.equal(done.g.fief.relics![relic]!.holder, bishop);
  assert.match(report(done.g, done.events, 'P4'), /recovers/);
  // Had the bishop left before the acceptance, nothing would move.
  const gone = structuredClone(offered.g);
  gone.fief.lords[bishop]!.at = null;
  assert.match(refused(gone, P2, 'accept', { offer: '1' }).en, /other side/);
});

test('§4.3 [P G-28] a second fief title passes to a lord of the family; the lord keeps the more important; never while votes are placed', () => {
  const g = game();
  const s = g.fief;
  const charles = addLord(s, P1, 'M'); giveTitles(s, charles, 'FIEF:F_BOURG', 'FIEF:F_SIGY'); // a duchy (4) and a county (3)
  const heir = s.families[P1]!.lords[0]!;
  assert.match(refused(g, P1, 'pass-title', { title: 'FIEF:F_BOURG', to: heir }).en, /keeps the more important/);
  assert.match(refused(g, P1, 'pass-title', { title: 'FIEF:F_SIGY', to: s.families[P2]!.lords[0]! }).en, /another lord of your family/);
  assert.match(refused(g, P2, 'pass-title', { title: 'FIEF:F_SIGY', to: heir }).en, /Only a second fief title/);
  const voting: FiefGame = { ...g, flow: { ...g.flow, current: { id: 'x', kind: 'place-votes', players: [P2], ctx: { k: 'place-votes' } as never } } };
  assert.match(refused(voting, P1, 'pass-title', { title: 'FIEF:F_SIGY', to: heir }).en, /while votes are being placed/);
  assert.ok(fief.freeActions!(g, P1, 'en').some((a) => a.id === 'pass-title'));
  const x = act(g, P1, 'pass-title', { title: 'FIEF:F_SIGY', to: heir });
  assert.equal(x.g.fief.titles['FIEF:F_SIGY'].holder, heir);
  assert.deepEqual(x.g.fief.lords[charles]!.titles, ['FIEF:F_BOURG']);
  assert.match(report(x.g, x.events, P3, 'fr'), /transmet le titre de SIGY/);
});

test('§4.0 the besieger lifts his siege at any time; his engine goes back to his reserve', () => {
  const g = game();
  const s = g.fief;
  const v = s.lords[s.families[P2]!.lords[0]!]!.at!.village;
  s.villages[v]!.sieges.push({ besieger: P1, engineDice: 1, sinceTurn: 1 });
  s.families[P1]!.reserve.siegeEngines -= 1;
  assert.match(refused(g, P3, 'lift-siege', { village: v }).en, /not besieging/);
  const x = act(g, P1, 'lift-siege', { village: v });
  assert.deepEqual(x.g.fief.villages[v]!.sieges, []);
  assert.equal(x.g.fief.families[P1]!.reserve.siegeEngines, s.families[P1]!.reserve.siegeEngines + 1);
  assert.match(report(x.g, x.events, P2), /lifts the siege/);
});

test('every free event renders in both languages for its readers; every refusal has both languages', () => {
  for (const k of Object.keys(FREE_REFUSALS) as (keyof typeof FREE_REFUSALS)[]) assert.ok(FREE_REFUSALS[k].fr && FREE_REFUSALS[k].en && FREE_REFUSALS[k].fr !== FREE_REFUSALS[k].en, k);
  const g = game();
  const s = g.fief;
  const l1 = s.families[P1]!.lords[0]!, l2 = s.families[P2]!.lords[0]!;
  const goods = { ecus: 1, cards: [], villages: [], prisoners: [], relics: [] };
  const offer = { id: 1, from: P1, to: P2, give: goods, get: { ecus: 0, cardKinds: [], villages: [], prisoners: [], relics: [] }, made: 0 };
  const request = { id: 2, requester: P1, lord: l1, made: 0 };
  const all: FreeEvent[] = [
    { t: 'gift', from: P1, to: P2, goods, embassy: false }, { t: 'offer-made', offer }, { t: 'trade', offer, got: goods, embassy: true },
    { t: 'offer-closed', offer, how: 'declined' }, { t: 'offer-closed', offer, how: 'withdrawn' }, { t: 'offer-closed', offer, how: 'lapsed' },
    { t: 'released', jailer: P1, lord: l2, village: 'BLAYE' }, { t: 'excommunicated', pope: P1, lord: l2 }, { t: 'lifted', pope: P1, lord: l2 },
    { t: 'annul-asked', request, spouse: l2, pope: P1 }, { t: 'annulled', request, spouse: l2 }, { t: 'annul-refused', request, spouse: l2, pope: P1, how: 'refused' },
    { t: 'annul-refused', request, spouse: l2, pope: P1, how: 'lapsed' }, { t: 'relic', relic: 'GRAIL', lord: l1, from: null, how: 'recovered' },
    { t: 'relic', relic: 'GRAIL', lord: l1, from: null, how: 'taken' }, { t: 'relic', relic: 'GRAIL', lord: l1, from: l2, how: 'handed' },
    { t: 'title-passed', title: 'FIEF:F_SIGY', from: l1, to: l2 }, { t: 'siege-ended', besieger: P1, village: 'BLAYE' },
    { t: 'tooth-standing', player: P1, answer: 'own-family' }, { t: 'tooth-standing', player: P1, answer: [l1, l2] }, { t: 'tooth-standing', player: P1, answer: null },
  ];
  assert.deepEqual(new Set(all.map((e) => e.t)), FREE_EVENT_TYPES);
  for (const lang of ['fr', 'en'] as const) assert.equal(freeSentence(s, { t: 'tooth-standing', player: P1, answer: 'own-family' }, P2, lang), null, 'the Tooth’s standing answer is told to its holder alone');
  for (const e of all) for (const lang of ['fr', 'en'] as const) {
    const line = freeSentence(s, e, P1, lang);
    assert.ok(line && !/\{|undefined|NaN/.test(line), `${e.t} ${lang}: ${line}`);
  }
});

// ─── Properties over whole games ───────────────────────────────────────────────────────────────

const entry = getRuleset('fief');

/** A random free action for `p` from his own forms (as a page would fill them), or a bot's. */
function randomAction(g: FiefGame, p: string, rng: ReturnType<typeof createRng>): ActionInput | null {
  const bot = botFreeActions(g, p, rng);
  if (bot.length && rng.chance(0.5)) return bot[0]!;
  const forms = fief.freeActions!(g, p, 'en');
  if (!forms.length) return null;
  const f = rng.pick(forms);
  const values: Record<string, string> = {};
  for (const x of f.fields) {
    if (x.optional && !rng.chance(0.4)) continue;
    if (x.kind === 'choice') { if (x.options.length) values[x.name] = rng.pick(x.options).value; }
    else if (x.kind === 'integer') values[x.name] = String(rng.int(0, Math.min(x.max ?? 6, 6)));
  }
  return { id: f.id, values };
}

const totalEcus = (s: FiefState) => s.players.reduce((n, p) => n + s.families[p]!.ecus, 0);
const cardsInPlay = (s: FiefState) => Object.values(s.hands).flat().length + s.secret.characterDeck.length + s.secret.eventDeck.length + s.secret.characterDiscard.length + s.secret.eventDiscard.length;

/** Bots play; between steps random free actions are taken: each leaves money and cards where they were, or moves them, never makes or loses any. */
function playWithActions(players: number, seed: string, steps: number, options: Record<string, unknown>): { game: GameRecord<FiefGame>; taken: number } {
  let g = createGame(fief, { players, maxTurns: 3, ...options }, seed) as GameRecord<FiefGame>;
  const rng = createRng(seed, 'free-actions');
  let taken = 0;
  for (let i = 0; i < steps && fief.decisions(g.state).length > 0; i++) {
    for (let k = 0; k < 2; k++) {
      const p = rng.pick(g.state.fief.players);
      const a = randomAction(g.state, p, rng);
      if (!a) continue;
      const before = g.state.fief;
      const r = takeAction(fief, g, p, a);
      if (r.validation.value === null) { assert.ok(r.validation.issues[0]?.text?.fr && r.validation.issues[0]?.text?.en, `a refusal in both languages: ${JSON.stringify(r.validation.issues)}`); continue; }
      g = r.game as GameRecord<FiefGame>;
      taken++;
      const after = g.state.fief;
      assert.deepEqual(checkInvariants(after), [], `invariants after ${a.id} ${JSON.stringify(a.values)}`);
      assert.equal(totalEcus(after), totalEcus(before), `${a.id}: money is moved, never made or lost`);
      assert.equal(cardsInPlay(after), cardsInPlay(before), `${a.id}: cards are moved, never duplicated`);
      for (const q of after.players) assert.ok(after.families[q]!.ecus >= 0 && after.hands[q]!.length <= after.config.family.handLimit, `${q}: no negative money, hand within the limit`);
      for (const q of after.players) assert.ok(troopsOf(after, 'BLAYE', q).sergeants >= 0, 'troops never negative');
      // What a third player reads of it: never an offer, never the name of a card that changed hands.
      const events = g.steps.at(-1)!.events as FreeEvent[];
      const parties = new Set([p, a.values.to ?? '', ...events.flatMap((e) => ('offer' in e ? [e.offer.from, e.offer.to] : []))]);
      const moved = events.flatMap((e) => (e.t === 'gift' ? e.goods.cards : e.t === 'trade' ? [...e.offer.give.cards, ...e.got.cards] : []));
      for (const q of after.players.filter((x) => !parties.has(x))) {
        const text = fief.report(g.state, events, q, 'en');
        if (a.id === 'offer' || a.id === 'decline' || a.id === 'withdraw') assert.equal(text, 'Nothing new.', `${q} learns nothing of ${a.id}`);
        for (const c of moved) assert.ok(!text.includes(cardName(c).en), `${q} does not learn the card ${c}`);
      }
      for (const q of after.players) {
        const d = fief.view(g.state, q).diplomacy;
        assert.ok(d.offers.every((o) => o.from === q || o.to === q), `${q}'s view holds only his own offers`);
      }
    }
    g = botAnswers(entry, g, []) as GameRecord<FiefGame>;
    g = advance(fief, g, { useDefaults: true });
    assert.deepEqual(checkInvariants(g.state.fief), [], `after step ${g.steps.length}`);
  }
  return { game: g, taken };
}

test('property: random free actions between bot steps keep the invariants, never make or lose money or cards, and replay to the same hashes', () => {
  fc.assert(fc.property(fc.integer({ min: 3, max: 6 }), fc.integer({ min: 0, max: 1_000 }), fc.boolean(), fc.boolean(), (players, seed, embassy, relics) => {
    const opts = { config: { options: { freeDiplomacy: !embassy, relics } } };
    const a = playWithActions(players, `free-${seed}`, 60, opts);
    const b = playWithActions(players, `free-${seed}`, 60, opts);
    assert.ok(a.taken > 0, 'some free actions were taken');
    assert.equal(a.game.steps.at(-1)?.hash, b.game.steps.at(-1)?.hash, 'same seed and actions, same hash');
    const r = replay(fief, a.game);
    assert.ok(r.ok, `replay: ${JSON.stringify(r.mismatches.slice(0, 2))}`);
  }), { numRuns: 6 });
});

test('the bots’ free actions are all accepted by the referee', () => {
  const { game: g } = playWithActions(4, 'bots-free', 40, {});
  let x: FiefGame = g.state;
  const rng = createRng('bots', 'free');
  // Open an offer to every bot, then let each answer it.
  for (const p of ['P2', 'P3', 'P4']) { const v = fief.validateAction!(x, 'P1', { id: 'offer', values: { to: p, ask_ecus: '0', give_ecus: '0', ask_card: '' } }); if (v.value) x = fief.act!(x, 'P1', v.value, rng).state; }
  for (const p of ['P2', 'P3', 'P4']) for (const a of botFreeActions(x, p, rng)) {
    const v = fief.validateAction!(x, p, a);
    assert.ok(v.value !== null, `${p} ${a.id}: ${JSON.stringify(v.issues)}`);
    x = fief.act!(x, p, v.value, rng).state;
  }
});

// Silence an unused import in some TS configs.
void ({} as LordId);
