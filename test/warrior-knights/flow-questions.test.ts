/**
 * Warrior Knights prompts for the rules' choices that used to take their default silently, and the
 * order of the Draft: §9.2 #20 (an Event card's own choice, asked of the affected baron once the
 * card is public), #38 (refusing a Law's levy at Taxation, §4.5 / §5.7, at the cost of
 * banishment), #27 (the Mercenary Draft shield by shield from the left, §4.9), §9.1 item 8 (the
 * Assembly's and the Draft's public events told as each question opens, each told once), and the
 * inactivity guard G-A64 (§9.1 item 9: a whole turn of timeouts asks the platform to pause).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import { answer, askOf, ASSEMBLY_KINDS, draftQuestion, type FlowEvent, type WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { choosableCities } from '../../src/rulesets/warrior-knights/rules/effects.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { createRng, type Rng } from '../../src/engine/rng.ts';
import type { Submission } from '../../src/engine/ruleset.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';

/** Bots play (through the Ruleset, as the platform does) until `stop` holds at an open question (bounded). */
function until(players: number, seed: string, stop: (g: WkGame) => boolean, prepare: (g: WkGame) => WkGame = (g) => g, max = 4000): { g: WkGame; rng: Rng } {
  const rng = createRng(seed, 'bots');
  let g = prepare(rs.setup({ players, length: 8 }, rng));
  for (let i = 0; i < max && !rs.outcome(g); i++) {
    if (askOf(g) && stop(g)) return { g, rng };
    const [d] = rs.decisions(g);
    const subs = d!.players.map((p, k) => ({ decision: d!.id, player: p, value: rs.validate(g, p, d!.id, botAnswer(g, p, d!.id, rng)).value, order: k }));
    g = rs.resolve(g, subs, rng).state;
  }
  throw new Error('the question was never reached');
}

const kindIs = (k: string) => (g: WkGame) => askOf(g)!.kind === k;

test('§9.2 #20: Master Masons — the drawer chooses his city once the card is drawn; his choice is fortified, the default is the first by map order', () => {
  // a Major Event comes up: put Master Masons (green) on top and give the next baron clockwise two cities
  const { g: g0 } = until(3, 'wk-20', (g) => askOf(g)!.kind === 'event-drawer' || (g.wk.step === 'A8' && !g.wk.eventPending && g.wk.current?.startsWith('neutral:major-event') === true), (g) => g);
  const g = structuredClone(g0);
  g.wk.secret.eventDeck = ['event:master-masons', ...g.wk.secret.eventDeck.filter((c) => c !== 'event:master-masons')];
  g.wk.barons[g.wk.church].faith = 0;
  // every baron holds two more cities (a fixture of the test: their markers counted)
  const free = Object.values(g.wk.cities).filter((c) => !c.razed && c.controller === null && c.besiegedBy === null);
  g.wk.players.forEach((b, i) => { for (const c of free.slice(2 * i, 2 * i + 2)) { c.controller = b; g.wk.barons[b].controlMarkers = Math.max(0, g.wk.barons[b].controlMarkers - 1); } });
  const ask0 = askOf(g)!;
  assert.equal(ask0.kind, 'event-drawer', 'a green back: the Church holder names the drawer (#17)');
  const r0 = answer(g, {});
  const drawer = (r0.events.find((e) => e.t === 'event-drawn') as { baron: BaronId }).baron;
  const h = r0.game;
  const ask = askOf(h)!;
  assert.equal(ask.kind, 'event-choice', 'the card is public and waits for its own choice (#20)');
  assert.deepEqual(ask.players, [drawer], 'asked of the affected baron only');
  assert.equal(rs.decisions(h)[0]!.deadline.kind === 'class' && (rs.decisions(h)[0]!.deadline as { name: string }).name, 'REPLY', '§9.2 #20: an out-of-turn reply');
  const cities = choosableCities(h.wk, drawer);
  const choices = rs.decisions(h)[0]!.choices!.map((c) => c.value);
  assert.deepEqual(choices, cities, 'the options are his cities not besieged, in map order');
  // a city that is not his is refused in both languages
  const foreign = Object.keys(h.wk.cities).find((c) => !cities.includes(c))!;
  const bad = rs.validate(h, drawer, ask.id, foreign);
  assert.equal(bad.value, null, 'another baron’s city is refused');
  assert.ok(bad.issues[0]?.text?.fr && bad.issues[0]?.text?.en, 'the refusal in French and English');
  // his choice: the last city; the default: the first
  const pick = cities.at(-1)!;
  const chosen = answer(h, { [drawer]: rs.validate(h, drawer, ask.id, pick).value });
  assert.ok(chosen.game.wk.cities[pick]!.fortified, 'the city he chose is fortified');
  assert.ok(chosen.events.some((e) => e.t === 'event-choice' && e.city === pick), 'his choice is told');
  const byDefault = answer(h, {});
  assert.ok(byDefault.game.wk.cities[cities[0]!]!.fortified, 'the default: the first city by map order');
  assert.deepEqual(checkInvariants(chosen.game.wk), [], 'invariants after the choice');
});

test('§9.2 #38, §4.5, §5.7: a Law’s levy at Taxation — each baron it levies is asked; comply pays, refuse banishes', () => {
  const withLaw = (g: WkGame): WkGame => { const h = structuredClone(g); h.wk.laws = ['proposal:salt-tax']; return h; };
  const { g } = until(3, 'wk-38', kindIs('refuse-law'), withLaw);
  const ask = askOf(g)!;
  assert.ok(ask.players.length >= 1, 'the barons the Salt Tax levies are asked');
  const b = ask.players[0]!;
  const d = rs.decisions(g)[0]!;
  assert.deepEqual(d.choices!.map((c) => c.value), ['comply', 'refuse'], 'comply or refuse');
  assert.match(d.prompt.fr, /Gabelle/, 'the prompt names the Law and what it asks (FR)');
  assert.match(d.prompt.en, /Salt Tax/, 'the prompt names the Law and what it asks (EN)');
  const notLaw = rs.validate(g, b, ask.id, ['proposal:not-in-force']);
  assert.equal(notLaw.value, null, 'a Law that does not levy him is refused');
  const refused = answer(g, { [b]: rs.validate(g, b, ask.id, 'refuse').value });
  assert.ok(refused.game.wk.barons[b].banished, 'refusing the Law banishes him (§5.7)');
  assert.ok(refused.events.some((e) => e.t === 'refused' && e.baron === b), 'the refusal is public');
  const complied = answer(g, {});
  assert.ok(!complied.game.wk.barons[b].banished, 'the default: comply, not banished');
  const cities = Object.values(g.wk.cities).filter((c) => c.controller === b && !c.razed).length;
  if (cities > 0) assert.ok(complied.events.some((e) => e.t === 'law-levy' && e.baron === b), 'he pays the levy');
  // a bot answers it
  const v = rs.validate(g, b, ask.id, botAnswer(g, b, ask.id, createRng('x', 'y')));
  assert.ok(v.issues.length === 0, 'the bot’s answer is accepted');
});

test('§4.9, §9.2 #27: the Draft asks one shield at a time from the left; each pick is public and seen by the next', () => {
  const { g } = until(3, 'wk-27', kindIs('draft-pick'));
  const q = draftQuestion(g)!;
  const leftmost = g.wk.track.findIndex((x) => x !== null);
  assert.equal(q.position, leftmost, 'the leftmost shield first');
  assert.deepEqual(askOf(g)!.players, [g.wk.track[leftmost]], 'only its owner is asked');
  // he recruits the cheapest card he can to his garrison or a noble
  const b = q.baron;
  const g2 = structuredClone(g);
  g2.wk.barons[b].crowns += 20;
  const to = rs.decisions(g2)[0]!.prompt.en.match(/destinations: (.*)$/m)![1]!.split(', ')[0]!;
  const card = q.display[0]!;
  const v = rs.validate(g2, b, askOf(g2)!.id, { cards: [{ card, to }] });
  assert.deepEqual(v.issues, [], 'a legal pick is accepted');
  const r = answer(g2, { [b]: v.value });
  assert.ok(r.events.some((e) => e.t === 'recruited' && e.baron === b && e.cards.includes(card)), 'the pick is told at once');
  const next = draftQuestion(r.game);
  if (next) {
    assert.ok(!next.display.includes(card), 'the next shield sees the display without the card taken');
    assert.ok(next.position > q.position, 'the next shield is to the right');
    const again = rs.validate(r.game, next.baron, askOf(r.game)!.id, { cards: [{ card, to }] });
    assert.equal(again.value, null, 'the card taken cannot be taken again');
  }
  // play the Draft out with defaults: each recruit and pass told exactly once
  let h = r.game;
  const told: FlowEvent[] = [...r.events];
  for (let i = 0; i < 20 && askOf(h)?.kind === 'draft-pick'; i++) { const x = answer(h, {}); told.push(...x.events); h = x.game; }
  assert.equal(told.filter((e) => e.t === 'recruited' && e.cards.includes(card)).length, 1, 'the pick is told once, not again when the Draft closes');
  assert.ok(!h.wk.pendingPhases.includes('draft') || h.wk.pendingPhases[0] !== 'draft', 'the Draft closed');
  assert.ok(h.wk.track.every((x) => x === null), 'every shield removed');
});

test('§9.1 item 8: the Assembly’s public events are told as each question opens, and each once', () => {
  const { g } = until(4, 'wk-asm-live', (h) => ASSEMBLY_KINDS.includes(askOf(h)!.kind));
  let h = g;
  const perAnswer: FlowEvent[][] = [];
  for (let i = 0; i < 200; i++) {
    const ask = askOf(h);
    if (!ask || !ASSEMBLY_KINDS.includes(ask.kind)) break;
    const x = answer(h, Object.fromEntries(ask.players.map((b) => [b, ask.kind === 'commit-votes' ? 1 : null])));
    perAnswer.push(x.events);
    h = x.game;
  }
  assert.ok(perAnswer.length >= 2, 'several Assembly questions were asked');
  const all = perAnswer.flat();
  const closedAt = perAnswer.findIndex((evs) => evs.some((e) => e.t === 'vote-result'));
  const revealedAt = perAnswer.findIndex((evs) => evs.some((e) => e.t === 'commitments'));
  assert.ok(revealedAt >= 0, 'the revealed commitments are told');
  assert.ok(closedAt === -1 || revealedAt <= closedAt, 'the reveal is told no later than the vote’s result');
  // nothing told twice: the events of the Assembly appear once each (the same object twice would be a repeat)
  const keys = all.filter((e) => e.t === 'commitments' || e.t === 'declared').map((e) => JSON.stringify(e));
  assert.equal(new Set(keys).size, keys.length, 'no reveal or declaration told twice');
  // the whole Assembly's log, as the rules wrote it, is told (in order) across the answers
  const log = h.wk.log.slice(g.wk.log.length).filter((e) => e.t === 'commitments' || e.t === 'declared').map((e) => JSON.stringify(e));
  assert.deepEqual(keys, log, 'what was told is the rules’ own log of the Assembly');
});

/** Plays through the Ruleset: every answer a timeout (`defaulted`), except `acts` that are given. */
function playIdle(seed: string, acts: (g: WkGame) => boolean, turns: number): { pauses: { turn: number; text: { fr: string; en: string } }[]; g: WkGame } {
  const rng = createRng(seed, 'bots');
  let g = rs.setup({ players: 2, length: 8 }, rng);
  const pauses: { turn: number; text: { fr: string; en: string } }[] = [];
  for (let i = 0; i < 3000 && !rs.outcome(g) && g.wk.turn <= turns; i++) {
    const [d] = rs.decisions(g);
    const given = acts(g);
    const subs: Submission[] = d!.players.map((p, k) => (given
      ? { decision: d!.id, player: p, value: rs.validate(g, p, d!.id, botAnswer(g, p, d!.id, rng)).value, order: k }
      : { decision: d!.id, player: p, value: 'default', order: k, defaulted: true }));
    const before = g;
    g = rs.resolve(g, subs, rng).state;
    const p = rs.pauseRequest!(before, g);
    if (p) pauses.push({ turn: before.wk.turn, text: p });
  }
  return { pauses, g };
}

test('G-A64, §9.1 item 9: a whole turn where every prompt timed out asks for a pause once, telling the host in French and English', () => {
  const { pauses } = playIdle('wk-idle', () => false, 2);
  assert.ok(pauses.length >= 1, 'turn 1 with nothing but timeouts asks for a pause');
  assert.equal(pauses[0]!.turn, 1, 'asked when turn 1 closes (setup is not a turn)');
  assert.match(pauses[0]!.text.fr, /tour 1/, 'the host is told which turn, in French');
  assert.match(pauses[0]!.text.en, /turn 1/, 'and in English');
  assert.equal(new Set(pauses.map((p) => p.turn)).size, pauses.length, 'one request per idle turn, not one per step');
});

test('G-A64: one answer given in the turn (not a timeout) keeps the game going', () => {
  let once = false;
  const { pauses } = playIdle('wk-idle', (g) => { if (!once && g.wk.turn === 1 && askOf(g)!.kind === 'plan-piles') { once = true; return true; } return false; }, 1);
  assert.ok(once, 'an answer was given in turn 1');
  assert.deepEqual(pauses, [], 'no pause for turn 1');
});
