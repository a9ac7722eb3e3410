/**
 * Surprise cards, rules §6.5 (rules/surprise.ts, rules/battle-surprises.ts): TV-41 and TV-45 and
 * TV-46 of rules §9 with the card itself, each card's effect, the "join revolt" window around
 * resolveRevolt (TV-22 through the window), the ⚡ cards played instead of discarded in 2.A, the
 * moments of §11.3, every refusal in French and English, killLord's freed prisoners and ended
 * sieges, and a fast-check property over random plays (invariants, money and troops never
 * negative, determinism).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cardKind, type CardId } from '../../src/rulesets/fief/cards.ts';
import { checkInvariants } from '../../src/rulesets/fief/invariants.ts';
import { BATTLE_SURPRISE_REFUSALS } from '../../src/rulesets/fief/rules/battle-surprises.ts';
import { fightBattle } from '../../src/rulesets/fief/rules/battle.ts';
import { runCombatStep } from '../../src/rulesets/fief/rules/combat-phase.ts';
import { killLord } from '../../src/rulesets/fief/rules/kill-lord.ts';
import { addTroops, troopsOf } from '../../src/rulesets/fief/rules/pieces.ts';
import {
  checkSurprise, closeRevolt, joinRevolt, legalSurprises, openRevolt, playSurprise, SURPRISE_REFUSALS,
  type Moment, type SurprisePlay,
} from '../../src/rulesets/fief/rules/surprise.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';
import { runStep } from '../../src/rulesets/fief/turn.ts';
import { arena, fortify, station } from './arena.ts';
import { addLord, assertValid, dice, FRANCK, given, giveTitles, INGRID, lay, lordOf, marry, OLIVIER, SABINE, toHand } from './fixture.ts';

const HOLD: Moment = { kind: 'hold' };
const none = (name: string): number => assert.fail(`no die expected (${name})`);

/** Takes the first Character card of `kind` out of the Character deck into a player's hand. */
function charToHand(s: FiefState, p: string, kind: string): CardId {
  const i = s.secret.characterDeck.findIndex((c) => cardKind(c) === kind);
  assert.ok(i >= 0, `no ${kind} left in the Character deck`);
  const [card] = s.secret.characterDeck.splice(i, 1);
  s.hands[p]!.push(card!);
  return card!;
}

function ok(r: ReturnType<typeof playSurprise>): FiefState {
  assert.ok(r.ok, r.ok ? '' : `refused: ${r.reason}`);
  assertValid(r.state);
  return r.state;
}

test('TV-45 Assassination and Justice: the king dies, the sponsor bears the dagger; Justice beheads him and his card is discarded; never on the king, queen, crown prince or pope', () => {
  const s = given(4, 'tv45');
  const king = lordOf(s, INGRID);
  giveTitles(s, king, 'KING');
  const sponsor = lordOf(s, FRANCK);
  const dagger = toHand(s, FRANCK, 'ASSASSINATION');
  const t = ok(playSurprise(s, FRANCK, { card: dagger, assassinate: king, sponsor }, HOLD));
  assert.equal(t.lords[king], undefined, 'the king is dead');
  assert.equal(t.titles.KING.holder, null, 'no crown prince, no queen: the crown is vacant (§5.9.4)');
  assert.equal(t.lords[sponsor]!.assassinSponsor, true);
  assert.ok(t.secret.eventDiscard.includes(dagger));
  assert.ok(!t.hands[FRANCK]!.includes(dagger));
  // Later Q plays Justice on S.
  const justice = toHand(t, INGRID, 'JUSTICE');
  const card = t.lords[sponsor]!.card;
  const u = ok(playSurprise(t, INGRID, { card: justice, justice: sponsor }, HOLD));
  assert.equal(u.lords[sponsor], undefined);
  assert.ok(u.secret.characterDiscard.includes(card), 'S’s card is discarded');
  assert.ok(u.secret.eventDiscard.includes(justice));
  // Justice never reaches the king, the queen, the crown prince or the pope, even as sponsors.
  for (const title of ['KING', 'QUEEN', 'CROWN_PRINCE', 'POPE'] as const) {
    const v = given(4, `tv45-${title}`);
    const l = lordOf(v, OLIVIER);
    giveTitles(v, l, title);
    v.lords[l]!.assassinSponsor = true;
    const j = toHand(v, INGRID, 'JUSTICE');
    assert.deepEqual(playSurprise(v, INGRID, { card: j, justice: l }, HOLD), { ok: false, reason: 'untouchable' }, title);
  }
});

test('§6.5.4 [seed §6.2.4]: Assassination is the only way to kill a prisoner; Justice spares a prisoner; a player may behead his own sponsor [P G-39]', () => {
  const s = given(4, 'prisoner');
  const jailer = lordOf(s, FRANCK);
  const p = lordOf(s, INGRID, 1);
  s.lords[p]!.prisonerOf = FRANCK;
  s.lords[p]!.at = { village: s.lords[jailer]!.at!.village, position: { kind: 'OUTSKIRTS' } };
  assertValid(s);
  const dagger = toHand(s, OLIVIER, 'ASSASSINATION');
  const t = ok(playSurprise(s, OLIVIER, { card: dagger, assassinate: p, sponsor: lordOf(s, OLIVIER) }, HOLD));
  assert.equal(t.lords[p], undefined, 'the prisoner is killed');
  // Justice on a prisoner sponsor is refused; on one's own free sponsor it is allowed.
  const v = given(4, 'justice');
  const own = lordOf(v, SABINE);
  v.lords[own]!.assassinSponsor = true;
  const j = toHand(v, SABINE, 'JUSTICE');
  const jailed = structuredClone(v);
  jailed.lords[own]!.prisonerOf = FRANCK;
  assert.deepEqual(playSurprise(jailed, SABINE, { card: j, justice: own }, HOLD), { ok: false, reason: 'prisoner' });
  const w = ok(playSurprise(v, SABINE, { card: j, justice: own }, HOLD));
  assert.equal(w.lords[own], undefined);
  assert.deepEqual(playSurprise(v, SABINE, { card: j, justice: lordOf(v, FRANCK) }, HOLD), { ok: false, reason: 'not-a-sponsor' });
});

test('§6.5.4 Assassination refusals: never one’s own family; a sponsor of one’s own is needed (a player without lords cannot play it) [P G-39]', () => {
  const s = given(4, 'assassin-refusals');
  const dagger = toHand(s, FRANCK, 'ASSASSINATION');
  assert.equal(checkSurprise(s, FRANCK, { card: dagger, assassinate: lordOf(s, FRANCK), sponsor: lordOf(s, FRANCK) }, HOLD), 'own-family');
  assert.equal(checkSurprise(s, FRANCK, { card: dagger, assassinate: lordOf(s, INGRID), sponsor: lordOf(s, OLIVIER) }, HOLD), 'no-sponsor');
  assert.equal(checkSurprise(s, FRANCK, { card: dagger, assassinate: 'NOBODY#1', sponsor: lordOf(s, FRANCK) }, HOLD), 'unknown-lord');
  const lordless = structuredClone(s);
  for (const id of [...lordless.families[FRANCK]!.lords]) killLord(lordless, id, 'plague');
  assert.deepEqual(legalSurprises(lordless, FRANCK, HOLD), [], 'no sponsor, no Assassination');
  // The sponsor may be a prisoner [P G-39].
  const jailed = structuredClone(s);
  jailed.lords[lordOf(jailed, FRANCK)]!.prisonerOf = INGRID;
  assert.equal(checkSurprise(jailed, FRANCK, { card: dagger, assassinate: lordOf(jailed, INGRID), sponsor: lordOf(jailed, FRANCK) }, HOLD), null);
});

test('§6.5.1 d’Arc: FRANCK plays d’Arc on MIREILLE of another family, who becomes MIREILLE d’ARC; only on an unmarried lady; on her death the card is discarded', () => {
  const s = given(4, 'darc');
  const card = charToHand(s, FRANCK, 'DARC');
  const mireille = addLord(s, OLIVIER, 'F');
  const t = ok(playSurprise(s, FRANCK, { card, darc: mireille }, HOLD));
  assert.equal(t.lords[mireille]!.darc, true);
  assert.equal(t.darcCard, card);
  assert.ok(!t.hands[FRANCK]!.includes(card));
  assert.equal(checkSurprise(s, FRANCK, { card, darc: addLord(s, INGRID, 'M') }, HOLD), 'not-a-lady');
  const wed = structuredClone(s);
  marry(wed, mireille, addLord(wed, INGRID, 'M'));
  assert.equal(checkSurprise(wed, FRANCK, { card, darc: mireille }, HOLD), 'married');
  const dead = structuredClone(t);
  killLord(dead, mireille, 'plague');
  assert.equal(dead.darcCard, null);
  assert.ok(dead.secret.characterDiscard.includes(card));
  assertValid(dead);
});

test('TV-42 with the card: d’Arc played on MIREILLE, her side of 14 CP rolls 3 + 1 = 4 dice; against a city without engine, 2', () => {
  const s = arena(4, 'tv42-card');
  const mireille = addLord(s, SABINE, 'F');
  fortify(s, 'EPERVIER', 'CITY');
  station(s, OLIVIER, 'EPERVIER', 1, 0);
  station(s, SABINE, 'EPERVIER', 1, 4, [mireille]); // 1 + 12 + d'Arc's 1 = 14 CP
  const card = charToHand(s, FRANCK, 'DARC');
  const t = ok(playSurprise(s, FRANCK, { card, darc: mireille }, HOLD));
  const r = fightBattle(t, { id: 'tv42c', village: 'EPERVIER', attacker: SABINE, defender: OLIVIER }, { rounds: { 1: { stop: 'agreed' } } }, dice([1, 1, 1]));
  assert.equal(r.rounds[0]!.dice.attacker.length, 2, '4 − 2 for the city');
  const open = structuredClone(t);
  open.villages.EPERVIER!.controller = SABINE; // her own walls: no penalty
  const r2 = fightBattle(open, { id: 'tv42c', village: 'EPERVIER', attacker: SABINE, defender: OLIVIER }, { rounds: { 1: { stop: 'agreed' } } }, dice([1, 1, 1, 1, 1]));
  assert.equal(r2.rounds[0]!.dice.attacker.length, 4);
});

test('§6.5.2 Cardinal by card: on any bishop, its own hat with the card under it; the pope’s prior consent (#5, default refuse); the card discarded with its cardinal', () => {
  const s = given(4, 'cardinal');
  const bishop = lordOf(s, INGRID);
  giveTitles(s, bishop, 'BISHOP:3');
  const card = charToHand(s, FRANCK, 'CARDINAL');
  const hat = `CARDINAL:${card.slice('CARDINAL_'.length)}`;
  const t = ok(playSurprise(s, FRANCK, { card, cardinal: bishop }, HOLD));
  assert.equal(t.titles[hat as 'CARDINAL:1'].holder, bishop);
  assert.equal(t.titles[hat as 'CARDINAL:1'].card, card);
  assert.ok(t.lords[bishop]!.titles.includes(hat as 'CARDINAL:1'));
  assert.equal(checkSurprise(t, FRANCK, { card, cardinal: bishop }, HOLD), 'not-in-hand');
  assert.equal(checkSurprise(s, FRANCK, { card, cardinal: lordOf(s, OLIVIER) }, HOLD), 'not-a-bishop');
  // A pope in play, of another family: his consent first.
  const withPope = structuredClone(s);
  giveTitles(withPope, lordOf(withPope, SABINE), 'POPE');
  assert.equal(checkSurprise(withPope, FRANCK, { card, cardinal: bishop }, HOLD), 'pope-refused');
  assert.equal(checkSurprise(withPope, FRANCK, { card, cardinal: bishop, popeConsents: true }, HOLD), null);
  assert.deepEqual(legalSurprises(withPope, FRANCK, HOLD), [{ play: { card, cardinal: bishop, popeConsents: true }, needs: 'pope-consent' }]);
  // Already a cardinal.
  const hatted = structuredClone(s);
  giveTitles(hatted, bishop, 'CARDINAL:BOUGHT');
  assert.equal(checkSurprise(hatted, FRANCK, { card, cardinal: bishop }, HOLD), 'already-cardinal');
  // No hat left.
  const full = structuredClone(s);
  for (const h of ['CARDINAL:1', 'CARDINAL:2', 'CARDINAL:3'] as const) full.titles[h].card = 'X';
  assert.equal(checkSurprise(full, FRANCK, { card, cardinal: bishop }, HOLD), 'no-hat');
  // The cardinal dies: the card is discarded.
  const dead = structuredClone(t);
  killLord(dead, bishop, 'plague');
  assert.ok(dead.secret.characterDiscard.includes(card));
  assertValid(dead);
});

test('§6.5.5 Tunnel at any time: a prisoner freed without ransom with another of the same village [P G-38], each placed by the cascade; anyone may play it', () => {
  const s = arena(4, 'tunnel-free');
  const jailer = lordOf(s, FRANCK);
  station(s, FRANCK, 'BLAYE', 2, 0, [jailer]);
  const a = lordOf(s, INGRID), b = lordOf(s, OLIVIER);
  for (const id of [a, b]) { s.lords[id]!.prisonerOf = FRANCK; s.lords[id]!.at = { village: 'BLAYE', position: { kind: 'OUTSKIRTS' } }; }
  const other = lordOf(s, SABINE);
  station(s, SABINE, 'TOURNUS', 1, 0, [other]);
  assertValid(s);
  const card = toHand(s, SABINE, 'TUNNEL');
  assert.equal(checkSurprise(s, SABINE, { card, free: jailer }, HOLD), 'not-a-prisoner');
  const far = structuredClone(s);
  far.lords[b]!.at = { village: 'TOURNUS', position: { kind: 'OUTSKIRTS' } };
  far.lords[b]!.prisonerOf = SABINE;
  assert.equal(checkSurprise(far, SABINE, { card, free: a, also: [b] }, HOLD), 'other-village');
  const r = playSurprise(s, SABINE, { card, free: a, also: [b], places: { [a]: 'CHAROLLES' } }, HOLD);
  const t = ok(r);
  assert.equal(t.lords[a]!.prisonerOf, null);
  assert.equal(t.lords[b]!.prisonerOf, null);
  assert.equal(t.lords[a]!.at!.village, 'CHAROLLES', 'the owner’s choice at level 4: a free village');
  assert.notEqual(t.lords[b]!.at!.village, 'BLAYE');
  assert.ok(t.secret.eventDiscard.includes(card));
  assert.deepEqual(r.ok && r.effect.kind, 'freed');
});

test('TV-41 with the card: the Tunnel played with the declaration is spent and makes the 5-CP attack on a castle possible; without one in hand, refused', () => {
  const s = arena(4, 'tv41-card');
  const sab = lordOf(s, SABINE, 1, 'M');
  fortify(s, 'EPERVIER');
  station(s, OLIVIER, 'EPERVIER', 1, 0);
  station(s, SABINE, 'EPERVIER', 1, 1, [sab]); // 1 + 3 + 1 = 5 CP
  const without = runCombatStep(s, { battles: { [SABINE]: [{ village: 'EPERVIER', defender: OLIVIER, tunnel: true }] }, die: none });
  assert.deepEqual(without.lines.find((l) => l.player === SABINE)!.refused.map((x) => x.reason), ['no-tunnel']);
  const card = toHand(s, SABINE, 'TUNNEL');
  const r = runCombatStep(s, { battles: { [SABINE]: [{ village: 'EPERVIER', defender: OLIVIER, tunnel: true, answers: { rounds: { 1: { stop: 'agreed' } } } }] }, die: dice([1, 1]) });
  const b = r.lines.find((l) => l.player === SABINE)!.battles[0]!;
  assert.equal(b.rounds[0]!.dice.attacker.length, 1, '1 − 1 = 0 without, 1 die with the Tunnel');
  assert.ok(!r.state.hands[SABINE]!.includes(card));
  assert.ok(r.state.secret.eventDiscard.includes(card));
  assertValid(r.state);
});

test('§6.5.5 [P G-37] a Tunnel by an ally after the declaration: before round 1 the attacking side ignores the walls for the whole battle; the defender’s side may not', () => {
  const s = arena(4, 'tunnel-ally');
  const sab = lordOf(s, SABINE, 1, 'M'), ally = lordOf(s, FRANCK);
  fortify(s, 'EPERVIER');
  station(s, OLIVIER, 'EPERVIER', 1, 0);
  station(s, SABINE, 'EPERVIER', 3, 1, [sab]); // 3 + 3 + 1 = 7 CP: 2 dice − 1
  station(s, FRANCK, 'EPERVIER', 0, 0, [ally]);
  const card = toHand(s, FRANCK, 'TUNNEL');
  const spec = { id: 'ally', village: 'EPERVIER', attacker: SABINE, defender: OLIVIER, offers: { [FRANCK]: 'attacker' as const }, accepts: { attacker: [FRANCK] } };
  const plain = fightBattle(s, spec, { rounds: { 1: { stop: 'agreed' } } }, dice([1, 1]));
  assert.equal(plain.rounds[0]!.dice.attacker.length, 1, '7 CP + the ally’s lord = 8 CP: 2 dice − 1 for the castle');
  const r = fightBattle(s, spec, { surprises: { 1: [{ player: FRANCK, card, tunnel: true }] }, rounds: { 1: { stop: 'agreed' } } }, dice([1, 1, 1]));
  assert.equal(r.rounds[0]!.dice.attacker.length, plain.rounds[0]!.dice.attacker.length + 1, 'the castle’s −1 is gone');
  assert.deepEqual(r.surprises.map((x) => x.refused), [null]);
  assert.ok(r.state.secret.eventDiscard.includes(card));
  assertValid(r.state);
  const d = structuredClone(s);
  const dcard = toHand(d, OLIVIER, 'TUNNEL');
  const refused = fightBattle(d, spec, { surprises: { 1: [{ player: OLIVIER, card: dcard, tunnel: true }] }, rounds: { 1: { stop: 'agreed' } } }, dice([1, 1]));
  assert.deepEqual(refused.surprises.map((x) => x.refused), ['not-attacking']);
  assert.ok(refused.state.hands[OLIVIER]!.includes(dcard), 'a refused card stays in hand');
});

test('TV-46 Ambush: P’s lord engaged, P plays Ambush on Q’s lord L: L becomes P’s prisoner, Q’s troops stay; Q attacking with no other lord, the battle ends', () => {
  const s = arena(4, 'tv46');
  const p = lordOf(s, FRANCK), l = lordOf(s, INGRID);
  station(s, FRANCK, 'BLAYE', 2, 0, [p]);
  station(s, INGRID, 'BLAYE', 3, 0, [l]);
  const card = toHand(s, FRANCK, 'AMBUSH');
  const r = fightBattle(s, { id: 'tv46', village: 'BLAYE', attacker: INGRID, defender: FRANCK }, { surprises: { 1: [{ player: FRANCK, card, ambush: l }] } }, none);
  assert.equal(r.state.lords[l]!.prisonerOf, FRANCK);
  assert.deepEqual(troopsOf(r.state, 'BLAYE', INGRID), { sergeants: 3, knights: 0 }, 'Q’s troops stay');
  assert.equal(r.end, 'attacker-lordless');
  assert.equal(r.rounds.length, 0);
  assert.ok(r.state.secret.eventDiscard.includes(card));
  assertValid(r.state);
  // Played by the attacker on the defender's lord: the battle goes on, the prisoner is the attacker's.
  const t = arena(4, 'tv46b');
  const a = lordOf(t, FRANCK), dl = lordOf(t, INGRID);
  station(t, FRANCK, 'BLAYE', 2, 0, [a]);
  station(t, INGRID, 'BLAYE', 3, 0, [dl]);
  const c2 = toHand(t, FRANCK, 'AMBUSH');
  const r2 = fightBattle(t, { id: 'tv46b', village: 'BLAYE', attacker: FRANCK, defender: INGRID }, { surprises: { 1: [{ player: FRANCK, card: c2, ambush: dl }] }, rounds: { 1: { stop: 'agreed' } } }, dice([1, 1]));
  assert.equal(r2.state.lords[dl]!.prisonerOf, FRANCK);
  assert.equal(r2.rounds.length, 1);
  // Refusals: a lord on one's own side, a player with no lord engaged; a surprise outside a battle.
  const moment: Moment = { kind: 'battle', battle: { village: 'BLAYE', sides: { attacker: [INGRID], defender: [FRANCK] }, tunnel: false } };
  assert.equal(checkSurprise(s, FRANCK, { card, ambush: p }, moment), 'not-opposing');
  const cO = toHand(s, OLIVIER, 'TUNNEL');
  assert.equal(checkSurprise(s, OLIVIER, { card: cO, battleTunnel: true }, moment), 'not-attacking');
  const lone = structuredClone(s);
  lone.lords[p]!.prisonerOf = INGRID;
  assert.equal(checkSurprise(lone, FRANCK, { card, ambush: l }, moment), 'not-engaged');
  assert.equal(checkSurprise(s, FRANCK, { card, ambush: l }, HOLD), 'wrong-moment');
  assert.deepEqual(legalSurprises(s, FRANCK, moment), [{ play: { card, ambush: l } }]);
});

/** TV-22's given: MAZILLES (bishopric 2, famine) with a castle, a mill and 2 of INGRID's sergeants. */
function mazilles(): FiefState {
  const s = arena(4, 'window');
  addTroops(s, 'MAZILLES', INGRID, 2, 0);
  const v = s.villages.MAZILLES!;
  v.controller = INGRID;
  fortify(s, 'MAZILLES');
  v.mills = 1; s.supply.mills -= 1;
  lay(s, 'FAMINE', 2);
  assertValid(s);
  return s;
}

test('§6.5.3 [P G-19] the "join revolt" window: TV-22 through the window — THIERRY’s card alone would do nothing, FRANCK joins, dice=[1]: 2 damage, the castle and the mill burn', () => {
  const s = mazilles();
  const c1 = toHand(s, FRANCK, 'REVOLT'), c2 = toHand(s, OLIVIER, 'REVOLT');
  const open = openRevolt(s, FRANCK, { card: c1, revolt: 'MAZILLES', cause: 'famine' });
  assert.ok(open.ok);
  const alone = closeRevolt(s, open.window, {}, none, none);
  assert.deepEqual(alone.outcome.dice, [], 'one card − the castle = 0 dice: no effect');
  assert.ok(alone.state.secret.eventDiscard.includes(c1));
  const joined = joinRevolt(s, open.window, OLIVIER, { card: c2, revolt: 'MAZILLES', cause: 'famine' });
  assert.ok(joined.ok);
  assert.equal(joined.window.cards.length, 2);
  const r = closeRevolt(s, joined.window, {}, none, dice([1]));
  assert.equal(r.outcome.damage, 2);
  assert.ok(r.outcome.wipedOut);
  assert.equal(r.state.villages.MAZILLES!.fortification, null);
  assert.equal(r.state.villages.MAZILLES!.mills, 0);
  assertValid(r.state);
  // Inside the window: other villages, other cards and a second use of the same card are refused.
  const w: Moment = { kind: 'revolt-window', window: open.window };
  const dagger = toHand(s, SABINE, 'ASSASSINATION');
  assert.equal(checkSurprise(s, SABINE, { card: dagger, assassinate: lordOf(s, INGRID), sponsor: lordOf(s, SABINE) }, w), 'locked');
  assert.deepEqual(joinRevolt(s, open.window, FRANCK, { card: c1, revolt: 'MAZILLES', cause: 'famine' }), { ok: false, reason: 'not-in-hand' });
  lay(s, 'FAMINE', 3);
  const c3 = toHand(s, SABINE, 'REVOLT');
  assert.deepEqual(joinRevolt(s, open.window, SABINE, { card: c3, revolt: 'ST_FIRMIN', cause: 'famine' }), { ok: false, reason: 'other-revolt' });
  assert.deepEqual(openRevolt(s, SABINE, { card: c3, revolt: 'MAZILLES', cause: 'famine' }, w), { ok: false, reason: 'locked' });
});

test('§6.5.3, §6.5.5 a Tunnel added in the window cancels the walls: one Revolt card on the castle rolls 1 die; the Tunnel is discarded', () => {
  const s = mazilles();
  const c1 = toHand(s, FRANCK, 'REVOLT'), tunnel = toHand(s, SABINE, 'TUNNEL');
  assert.equal(checkSurprise(s, SABINE, { card: tunnel, revoltTunnel: true }, HOLD), 'wrong-moment');
  const open = openRevolt(s, FRANCK, { card: c1, revolt: 'MAZILLES', cause: 'famine' });
  assert.ok(open.ok);
  const j = joinRevolt(s, open.window, SABINE, { card: tunnel, revoltTunnel: true });
  assert.ok(j.ok);
  const other = toHand(s, OLIVIER, 'TUNNEL');
  assert.deepEqual(joinRevolt(s, j.window, OLIVIER, { card: other, revoltTunnel: true }), { ok: false, reason: 'tunnel-already' });
  const r = closeRevolt(s, j.window, {}, none, dice([1]));
  assert.deepEqual(r.outcome.dice, [1]);
  assert.equal(r.outcome.damage, 2);
  assert.ok(r.state.secret.eventDiscard.includes(tunnel));
  assert.ok(!r.state.hands[SABINE]!.includes(tunnel));
  assertValid(r.state);
  // A card traded away while the window was open drops out.
  const traded = structuredClone(s);
  traded.hands[FRANCK] = traded.hands[FRANCK]!.filter((c) => c !== c1);
  traded.hands[INGRID]!.push(c1);
  const gone = closeRevolt(traded, open.window, {}, none, none);
  assert.deepEqual(gone.cards, []);
  // Revolt refusals through the surprise entry: own tax, no cause.
  const taxed = given(4, 'own-tax');
  taxed.bishoprics[2].tithes.push({ player: FRANCK, as: 'BISHOP', order: 1 });
  taxed.families[FRANCK]!.taxMarkers -= 1;
  const c = toHand(taxed, FRANCK, 'REVOLT');
  assert.equal(checkSurprise(taxed, FRANCK, { card: c, revolt: 'MAZILLES', cause: 'tithe' }, HOLD), 'own-tax');
  assert.equal(checkSurprise(taxed, FRANCK, { card: c, revolt: 'MAZILLES', cause: 'famine' }, HOLD), 'no-cause');
});

test('§11.3 moments: nothing during the draw, nothing while a resolution runs; a Lord card is no surprise; a card played for another card’s effect is refused', () => {
  const s = given(4, 'moments');
  const dagger = toHand(s, FRANCK, 'ASSASSINATION');
  const play: SurprisePlay = { card: dagger, assassinate: lordOf(s, INGRID), sponsor: lordOf(s, FRANCK) };
  assert.equal(checkSurprise(s, FRANCK, play, { kind: 'draw' }), 'during-draw');
  assert.equal(checkSurprise(s, FRANCK, play, { kind: 'resolving' }), 'locked');
  assert.equal(checkSurprise(s, FRANCK, play, { kind: 'discard' }), null);
  assert.deepEqual(legalSurprises(s, FRANCK, { kind: 'draw' }), []);
  const tax = toHand(s, FRANCK, 'TAX');
  assert.equal(checkSurprise(s, FRANCK, { card: tax, justice: lordOf(s, INGRID) }, HOLD), 'not-a-surprise');
  assert.equal(checkSurprise(s, FRANCK, { card: dagger, justice: lordOf(s, INGRID) }, HOLD), 'wrong-card');
  assert.equal(checkSurprise(s, INGRID, play, HOLD), 'not-in-hand');
  // Every option listed is playable, and targets no lord of his own family.
  const options = legalSurprises(s, FRANCK, HOLD);
  assert.ok(options.length > 0);
  for (const o of options) {
    assert.ok(playSurprise(s, FRANCK, o.play, HOLD).ok);
    if ('assassinate' in o.play) assert.notEqual(s.lords[o.play.assassinate]!.owner, FRANCK);
  }
});

test('2.A [T-FAQ]: a ⚡ card played instead of being discarded, in the player’s discard sub-step, before his draws; a Revolt needs its window', () => {
  const s = { ...given(4, 'discard-play'), cursor: { turn: 1, phase: 2 as const, step: '2.A' as const } };
  const dagger = toHand(s, FRANCK, 'ASSASSINATION');
  const revolt = toHand(s, INGRID, 'REVOLT');
  const victim = lordOf(s, OLIVIER);
  const t = runStep(s, '2.A', { '2.A': {
    [FRANCK]: { surprises: [{ card: dagger, assassinate: victim, sponsor: lordOf(s, FRANCK) }], draws: ['event'] },
    [INGRID]: { surprises: [{ card: revolt, revolt: 'MAZILLES', cause: 'famine' }] },
  } });
  assert.equal(t.lords[victim], undefined);
  assert.ok(t.secret.eventDiscard.includes(dagger));
  assert.equal(t.hands[FRANCK]!.length, 1, 'the card was played, then one Event drawn');
  assert.ok(t.hands[INGRID]!.includes(revolt), 'the Revolt stays in hand');
  assertValid(t);
});

test('§8.5.1, §8.6 in killLord: prisoners go free when their jailer’s last piece dies; a siege ends with the besieger’s last lord, his engine back', () => {
  const s = arena(4, 'leftovers');
  const jailer = lordOf(s, FRANCK);
  station(s, FRANCK, 'BLAYE', 0, 0, [jailer]);
  const prisoner = lordOf(s, INGRID);
  s.lords[prisoner]!.prisonerOf = FRANCK;
  s.lords[prisoner]!.at = { village: 'BLAYE', position: { kind: 'OUTSKIRTS' } };
  fortify(s, 'EPERVIER');
  const besieged = lordOf(s, OLIVIER), besieger = lordOf(s, SABINE);
  station(s, OLIVIER, 'EPERVIER', 2, 0, [besieged]);
  station(s, SABINE, 'EPERVIER', 1, 0, [besieger]);
  s.villages.EPERVIER!.sieges.push({ besieger: SABINE, engineDice: 1, sinceTurn: 1 });
  s.families[SABINE]!.reserve.siegeEngines -= 1;
  assertValid(s);
  const dagger = toHand(s, OLIVIER, 'ASSASSINATION');
  const t = ok(playSurprise(s, OLIVIER, { card: dagger, assassinate: jailer, sponsor: besieged }, HOLD));
  assert.equal(t.lords[prisoner]!.prisonerOf, null, 'freed when his jailer’s last piece died');
  const j2 = toHand(t, FRANCK, 'JUSTICE');
  const u = ok(playSurprise(t, FRANCK, { card: j2, justice: besieged }, HOLD));
  assert.equal(u.lords[besieged], undefined);
  const v = structuredClone(u);
  assert.ok(killLord(v, besieger, 'plague'));
  assertValid(v);
  assert.deepEqual(v.villages.EPERVIER!.sieges, [], 'the siege ends with the besieger’s last lord');
  assert.equal(v.families[SABINE]!.reserve.siegeEngines, s.families[SABINE]!.reserve.siegeEngines + 1);
});

test('every surprise refusal has its French and English text, distinct and non-empty', () => {
  for (const table of [SURPRISE_REFUSALS, BATTLE_SURPRISE_REFUSALS]) for (const [k, t] of Object.entries(table)) {
    assert.ok(t.fr.length > 10 && t.en.length > 10, k);
    assert.notEqual(t.fr, t.en, k);
  }
  const en = Object.values(SURPRISE_REFUSALS).map((t) => t.en);
  assert.equal(new Set(en).size, en.length, 'one sentence per reason');
});

// ─── Property: random plays ────────────────────────────────────────────────────────────────────

const KINDS = ['ASSASSINATION', 'JUSTICE', 'TUNNEL', 'REVOLT', 'AMBUSH'] as const;

function randomGame(seed: string, hands: number[][], sponsors: boolean[]): FiefState {
  const s = given(4, seed);
  lay(s, 'FAMINE', 1); lay(s, 'FAMINE', 4);
  const players = [FRANCK, INGRID, OLIVIER, SABINE];
  players.forEach((p, i) => {
    lordOf(s, p, 1, i % 2 === 0 ? 'M' : 'F');
    for (const k of hands[i] ?? []) if (s.hands[p]!.length < 3 && s.secret.eventDeck.some((c) => cardKind(c) === KINDS[k % KINDS.length])) toHand(s, p, KINDS[k % KINDS.length]!);
    if (sponsors[i]) s.lords[s.families[p]!.lords[0]!]!.assassinSponsor = true;
  });
  // One prisoner to free or kill.
  const jailed = s.families[INGRID]!.lords[1]!;
  s.lords[jailed]!.prisonerOf = FRANCK;
  s.lords[jailed]!.at = structuredClone(s.lords[s.families[FRANCK]!.lords[0]!]!.at);
  return s;
}

test('property: random surprise plays keep the invariants, money and troops never go negative, and the same plays give the same state', () => {
  fc.assert(fc.property(
    fc.string({ maxLength: 4 }),
    fc.array(fc.array(fc.nat(9), { maxLength: 3 }), { minLength: 4, maxLength: 4 }),
    fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    fc.array(fc.record({ player: fc.nat(3), option: fc.nat(200) }), { maxLength: 8 }),
    fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 20, maxLength: 20 }),
    (seed, hands, sponsors, picks, rolls) => {
      const run = () => {
        let s = randomGame(`p-${seed}`, hands, sponsors);
        assert.deepEqual(checkInvariants(s), []);
        let i = 0;
        const d6 = () => rolls[i++ % rolls.length]!;
        for (const pick of picks) {
          const p = s.players[pick.player]!;
          const options = legalSurprises(s, p, HOLD);
          if (options.length === 0) continue;
          const o = options[pick.option % options.length]!;
          if ('revolt' in o.play) {
            const open = openRevolt(s, p, { card: o.play.card, revolt: o.play.revolt, cause: o.play.cause });
            assert.ok(open.ok);
            s = closeRevolt(s, open.window, {}, d6, d6).state;
          } else {
            const r = playSurprise(s, p, o.play, HOLD);
            assert.ok(r.ok, 'a listed play is legal');
            s = r.state;
          }
          assert.deepEqual(checkInvariants(s), []);
          for (const f of Object.values(s.families)) {
            assert.ok(f.ecus >= 0);
            assert.ok(f.reserve.sergeants >= 0 && f.reserve.knights >= 0);
          }
          for (const v of Object.values(s.villages)) for (const st of v.stacks) for (const g of st.groups) assert.ok(g.sergeants >= 0 && g.knights >= 0);
        }
        return s;
      };
      assert.deepEqual(run(), run());
    },
  ), { numRuns: 60 });
});
