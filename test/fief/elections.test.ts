/**
 * Rules §5.5, the elections of phase 1 (steps 1.B–1.D): the test vectors TV-04 to TV-12 of §9.2 as
 * real elections through `runStep` with the revealed vote placements as inputs, the proposed
 * resolutions G-09–G-12 and G-56, the candidates' and voters' conditions, the refusals in both
 * languages, and fast-check properties over random elections: titles unique, each lord in one
 * family, invariants, determinism.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cardKind } from '../../src/rulesets/fief/cards.ts';
import { BISHOPRIC_NOS, BOARD, type BishopricNo } from '../../src/rulesets/fief/board.ts';
import {
  ELECTION_OUTCOMES, ELECTION_REFUSALS, eligible, noElection, runElection, votesOf, type Election, type ElectionAnswers,
} from '../../src/rulesets/fief/rules/elections.ts';
import type { FiefState, LordId, TitleId } from '../../src/rulesets/fief/state.ts';
import { runStep } from '../../src/rulesets/fief/turn.ts';
import { arena } from './arena.ts';
import { addLord, assertValid, FRANCK, giveTitles, INGRID, marry, occupy, OLIVIER, SABINE } from './fixture.ts';

const MAXIMILIEN = OLIVIER; // TV-06 names a fourth player MAXIMILIEN: seat P3
const B5: Election = { kind: 'BISHOP', bishopric: 5 };
const POPE: Election = { kind: 'POPE' };
const KING: Election = { kind: 'KING' };

/** Makes `lord` a cardinal: the hat `hat` with a Cardinal card from the deck under it when card-linked. */
function cardinal(s: FiefState, lord: LordId, hat: 'CARDINAL:1' | 'CARDINAL:2' | 'CARDINAL:3' | 'CARDINAL:BOUGHT'): void {
  giveTitles(s, lord, hat);
  if (hat !== 'CARDINAL:BOUGHT') {
    const i = s.secret.characterDeck.findIndex((c) => cardKind(c) === 'CARDINAL');
    s.titles[hat].card = s.secret.characterDeck.splice(i, 1)[0]!;
  }
}

/** TV-06's givens: bishopric 5 all controlled; FRANCK's bishop of BOURG since before this turn. */
function tv06(): { s: FiefState; francois: LordId; x: LordId; bishop: LordId } {
  const s = arena(4, 'tv06');
  occupy(s, MAXIMILIEN, 'ST_PAUL'); occupy(s, MAXIMILIEN, 'SIGY');
  occupy(s, SABINE, 'ST_CIERS_DABZAC'); occupy(s, SABINE, 'BEAUJEU');
  const bishop = addLord(s, FRANCK, 'M');
  giveTitles(s, bishop, 'BISHOP:4');
  s.lords[bishop]!.bishopSince = 0;
  return { s, francois: addLord(s, SABINE, 'M'), x: addLord(s, MAXIMILIEN, 'M'), bishop };
}

test('TV-04 Bishop votes, seat + villages: FRANCK controls the seat of bishopric 4 and 3 other villages, no bishop: 2 + 3 = 5', () => {
  const s = arena(4, 'tv04');
  const b = BOARD.bishoprics[4];
  occupy(s, FRANCK, b.seat);
  for (const v of b.villages.filter((v) => v !== b.seat).slice(0, 3)) occupy(s, FRANCK, v);
  assert.equal(votesOf(s, { kind: 'BISHOP', bishopric: 4 }, FRANCK), 5);
});

test('TV-05 Highest title only: a cardinal (and bishop) since before this turn gives 3 votes, not 5', () => {
  const s = arena(4, 'tv05');
  const c = addLord(s, INGRID, 'M');
  giveTitles(s, c, 'BISHOP:1');
  cardinal(s, c, 'CARDINAL:1');
  s.lords[c]!.bishopSince = 0;
  assert.equal(votesOf(s, B5, INGRID), 3);
  // The pope counts like a cardinal [T §1.4]; an excommunicated or imprisoned lord gives nothing.
  s.lords[c]!.prisonerOf = FRANCK;
  assert.equal(votesOf(s, B5, INGRID), 0);
});

test('TV-06 Election of the bishop of bishopric 5: FRANÇOIS 4, X 3, FRANÇOIS elected and bishopric 5 governed', () => {
  const { s, francois, x } = tv06();
  assert.equal(votesOf(s, B5, MAXIMILIEN), 3);
  assert.equal(votesOf(s, B5, SABINE), 2);
  assert.equal(votesOf(s, B5, FRANCK), 2);
  const answers: ElectionAnswers = { candidates: { [SABINE]: francois, [MAXIMILIEN]: x }, votes: { [SABINE]: { for: francois }, [FRANCK]: { for: francois }, [MAXIMILIEN]: { for: x } } };
  const { state, line } = runElection(s, B5, answers);
  assert.deepEqual(line.tally?.votes, { [x]: 3, [francois]: 4 });
  assert.deepEqual(line.outcome, { elected: francois });
  assert.equal(state.titles['BISHOP:5'].holder, francois);
  assert.ok(state.lords[francois]!.titles.includes('BISHOP:5'));
  assert.equal(state.lords[francois]!.bishopSince, state.cursor.turn);
  assertValid(state);
  // The same through the step runner (1.B runs bishoprics 1 to 5; only 5 is fully controlled).
  const viaStep = runStep(s, '1.B', { '1.B': { 5: answers } });
  assert.equal(viaStep.titles['BISHOP:5'].holder, francois);
  assert.equal(noElection(viaStep, B5), 'title-held');
});

test('TV-07 Blank markers are ignored; a tie means no bishop, and the election is held again at the next Oyez', () => {
  const { s, francois, x } = tv06();
  const r = runElection(s, B5, { candidates: { [SABINE]: francois, [MAXIMILIEN]: x }, votes: { [SABINE]: { for: francois }, [FRANCK]: { blank: francois }, [MAXIMILIEN]: { for: x } } });
  assert.deepEqual(r.line.tally?.votes, { [x]: 3, [francois]: 2 });
  assert.equal(r.line.tally?.cast, 5, 'a Blank marker is not counted, even in the total');
  assert.deepEqual(r.line.outcome, { elected: x });
  assert.deepEqual(r.line.votes[FRANCK], { blank: francois }, 'the reveal logs the Blank marker');
  // Variant 3 v 3: SABINE holds SIGY and BEAUJEU (3); MAXIMILIEN ST PAUL (1), INGRID ST CIERS (1 — she votes elsewhere), FRANCK's bishop (2) for X.
  const t = arena(4, 'tv07');
  occupy(t, SABINE, 'SIGY'); occupy(t, SABINE, 'BEAUJEU'); occupy(t, MAXIMILIEN, 'ST_PAUL'); occupy(t, INGRID, 'ST_CIERS_DABZAC');
  const bishop = addLord(t, FRANCK, 'M'); giveTitles(t, bishop, 'BISHOP:4'); t.lords[bishop]!.bishopSince = 0;
  const f = addLord(t, SABINE, 'M'), y = addLord(t, MAXIMILIEN, 'M');
  const tie = runStep(t, '1.B', { '1.B': { 5: { candidates: { [SABINE]: f, [MAXIMILIEN]: y }, votes: { [SABINE]: { for: f }, [MAXIMILIEN]: { for: y }, [FRANCK]: { for: y } } } } });
  assert.equal(tie.titles['BISHOP:5'].holder, null, '3 v 3: nobody is elected');
  assert.equal(noElection(tie, B5), null, 'the conditions still hold: the election is held again next Oyez');
  const again = runStep({ ...tie, cursor: { ...tie.cursor, turn: tie.cursor.turn + 1 } }, '1.B', { '1.B': { 5: { candidates: { [SABINE]: f }, votes: { [SABINE]: { for: f } } } } });
  assert.equal(again.titles['BISHOP:5'].holder, f);
  assert.match(ELECTION_OUTCOMES.tie.fr, /Égalité/);
});

test('TV-08 A newly elected bishop cannot vote: elected bishop of 2, he gives P1 nothing in bishopric 3, even made cardinal', () => {
  const s = arena(4, 'tv08');
  for (const v of BOARD.bishoprics[2].villages) occupy(s, INGRID, v);
  for (const v of BOARD.bishoprics[3].villages) occupy(s, SABINE, v);
  const l = addLord(s, FRANCK, 'M');
  const after = runStep(s, '1.B', { '1.B': { 2: { candidates: { [FRANCK]: l }, votes: { [INGRID]: { for: l } } } } });
  assert.equal(after.titles['BISHOP:2'].holder, l);
  assert.equal(votesOf(after, { kind: 'BISHOP', bishopric: 3 }, FRANCK), 0);
  cardinal(after, l, 'CARDINAL:1'); // a Cardinal card played on L before election 3
  assert.equal(votesOf(after, { kind: 'BISHOP', bishopric: 3 }, FRANCK), 0, 'still 0');
  assert.equal(votesOf({ ...after, cursor: { ...after.cursor, turn: after.cursor.turn + 1 } }, { kind: 'BISHOP', bishopric: 3 }, FRANCK), 3, 'next turn he votes as a cardinal');
  // In the same 1.B, bishopric 3's election counts him out: SABINE's candidate wins alone.
  const m = addLord(s, SABINE, 'M');
  const both = runStep(s, '1.B', { '1.B': { 2: { candidates: { [FRANCK]: l }, votes: { [INGRID]: { for: l } } }, 3: { candidates: { [SABINE]: m }, votes: { [SABINE]: { for: m }, [FRANCK]: { for: m } } } } });
  assert.equal(both.titles['BISHOP:3'].holder, m);
  assertValid(both);
});

test('TV-09 Cardinal then pope: FRANÇOIS, bishop of SIGY, made cardinal, may stand and vote for pope, and keeps both titles', () => {
  const s = arena(4, 'tv09');
  const francois = addLord(s, SABINE, 'M');
  giveTitles(s, francois, 'BISHOP:5');
  assert.equal(noElection(s, POPE), 'too-few-cardinals');
  cardinal(s, francois, 'CARDINAL:1');
  const other = addLord(s, INGRID, 'M'); giveTitles(s, other, 'BISHOP:1'); cardinal(s, other, 'CARDINAL:2');
  assert.equal(noElection(s, POPE), null);
  assert.ok(eligible(s, POPE, francois));
  assert.equal(votesOf(s, POPE, SABINE), 1);
  const after = runStep(s, '1.C', { '1.C': { candidates: { [SABINE]: francois }, votes: { [SABINE]: { for: francois } } } });
  assert.equal(after.titles.POPE.holder, francois);
  assert.deepEqual([...after.lords[francois]!.titles].sort(), ['BISHOP:5', 'CARDINAL:1', 'POPE']);
  assertValid(after);
});

test('TV-10 Pope absolute majority: 2 + 1 cardinals, C1 has 2 > 1.5 and is elected; 2–2 means no pope', () => {
  const s = arena(4, 'tv10');
  const [a, b, c] = [addLord(s, FRANCK, 'M'), addLord(s, FRANCK, 'M'), addLord(s, INGRID, 'M')];
  giveTitles(s, a!, 'BISHOP:1'); giveTitles(s, b!, 'BISHOP:2'); giveTitles(s, c!, 'BISHOP:3');
  cardinal(s, a!, 'CARDINAL:1'); cardinal(s, b!, 'CARDINAL:2'); cardinal(s, c!, 'CARDINAL:3');
  const answers: ElectionAnswers = { candidates: { [FRANCK]: a!, [INGRID]: c! }, votes: { [FRANCK]: { for: a! }, [INGRID]: { for: c! } } };
  const r = runElection(s, POPE, answers);
  assert.deepEqual(r.line.tally?.votes, { [a!]: 2, [c!]: 1 });
  assert.deepEqual(r.line.outcome, { elected: a });
  // Variant: a fourth cardinal for INGRID, 2–2.
  const d = addLord(s, INGRID, 'M'); giveTitles(s, d, 'BISHOP:4'); cardinal(s, d, 'CARDINAL:BOUGHT');
  const tie = runElection(s, POPE, answers);
  assert.deepEqual(tie.line.outcome, { notElected: 'no-absolute-majority' });
  assert.equal(tie.state.titles.POPE.holder, null);
});

test('TV-11 King election requirements: 3 fief-titled votes fail condition 3; 2 titled + 1 cardinal elect; 2 votes with the pope fail (< 3)', () => {
  const setup = (third: 'FIEF' | 'CARDINAL') => {
    const s = arena(4, 'tv11');
    const k = addLord(s, FRANCK, 'M'); giveTitles(s, k, 'FIEF:F_SIGY'); // a count
    const d1 = addLord(s, FRANCK, 'F'); giveTitles(s, d1, 'FIEF:F_BLAYE'); // a duchess
    const d3 = addLord(s, FRANCK, 'M');
    if (third === 'FIEF') giveTitles(s, d3, 'FIEF:F_BOURG'); else { giveTitles(s, d3, 'BISHOP:1'); cardinal(s, d3, 'CARDINAL:1'); }
    const o = addLord(s, INGRID, 'M'); giveTitles(s, o, 'FIEF:F_TOURNUS');
    return { s, k, o, answers: { candidates: { [FRANCK]: k, [INGRID]: o }, votes: { [FRANCK]: { for: k }, [INGRID]: { for: o } } } as ElectionAnswers };
  };
  const a = setup('FIEF');
  const ra = runElection(a.s, KING, a.answers);
  assert.deepEqual(ra.line.tally?.votes, { [a.k]: 3, [a.o]: 1 });
  assert.deepEqual(ra.line.outcome, { notElected: 'king-no-clergy' });
  const b = setup('CARDINAL');
  assert.deepEqual(runElection(b.s, KING, b.answers).line.outcome, { elected: b.k });
  // 2 votes including the pope.
  const s = arena(4, 'tv11c');
  const k = addLord(s, FRANCK, 'M'); giveTitles(s, k, 'FIEF:F_SIGY');
  const p = addLord(s, FRANCK, 'M'); giveTitles(s, p, 'BISHOP:1', 'POPE');
  assert.deepEqual(runElection(s, KING, { candidates: { [FRANCK]: k }, votes: { [FRANCK]: { for: k } } }).line.outcome, { notElected: 'king-too-few-votes' });
  // [P G-12] two bishops' votes (a cardinal counts as a bishop too) meet condition 3.
  const t = arena(4, 'tv11d');
  const kk = addLord(t, FRANCK, 'M'); giveTitles(t, kk, 'FIEF:F_SIGY');
  const b1 = addLord(t, INGRID, 'M'); giveTitles(t, b1, 'BISHOP:1');
  const b2 = addLord(t, INGRID, 'M'); giveTitles(t, b2, 'BISHOP:2');
  const after = runStep(t, '1.D', { '1.D': { candidates: { [FRANCK]: kk }, votes: { [FRANCK]: { for: kk }, [INGRID]: { for: kk } } } });
  assert.equal(after.titles.KING.holder, kk);
  assertValid(after);
});

test('TV-12 Pope needs at least 2 free cardinals: with exactly 1, no election even with candidates', () => {
  const s = arena(4, 'tv12');
  const c = addLord(s, FRANCK, 'M'); giveTitles(s, c, 'BISHOP:1'); cardinal(s, c, 'CARDINAL:1');
  const b = addLord(s, INGRID, 'M'); giveTitles(s, b, 'BISHOP:2');
  const r = runElection(s, POPE, { candidates: { [FRANCK]: c, [INGRID]: b }, votes: { [FRANCK]: { for: c } } });
  assert.equal(r.line.held, false);
  assert.deepEqual(r.line.outcome, { notElected: 'too-few-cardinals' });
  // A second cardinal who is a prisoner does not count [T §1.7].
  const d = addLord(s, INGRID, 'M'); giveTitles(s, d, 'BISHOP:3'); cardinal(s, d, 'CARDINAL:2');
  s.lords[d]!.prisonerOf = FRANCK;
  assert.equal(noElection(s, POPE), 'too-few-cardinals');
});

test('§5.5.2 bishop candidates: unmarried free men, not excommunicated, not king, not already bishop; G-56 governed empty villages count', () => {
  const s = arena(4, 'cand');
  const ok = addLord(s, FRANCK, 'M');
  const woman = addLord(s, FRANCK, 'F');
  const married = addLord(s, INGRID, 'M'); marry(s, married, addLord(s, SABINE, 'F'));
  const king = addLord(s, OLIVIER, 'M'); giveTitles(s, king, 'KING');
  const bishop = addLord(s, OLIVIER, 'M'); giveTitles(s, bishop, 'BISHOP:1');
  const prisoner = addLord(s, FRANCK, 'M'); s.lords[prisoner]!.prisonerOf = INGRID;
  const excommunicated = addLord(s, FRANCK, 'M'); s.lords[excommunicated]!.excommunicated = true; s.excommunicated = excommunicated;
  assert.ok(eligible(s, B5, ok));
  for (const l of [woman, married, king, bishop, prisoner, excommunicated]) assert.equal(eligible(s, B5, l), false, l);
  // Refusals in the step: another player's lord, an ineligible lord; votes with no vote, on a non-candidate.
  for (const v of BOARD.bishoprics[5].villages) occupy(s, SABINE, v);
  const sab = addLord(s, SABINE, 'M');
  const r = runElection(s, B5, { candidates: { [FRANCK]: married, [INGRID]: married, [SABINE]: sab }, votes: { [INGRID]: { for: sab }, [SABINE]: { for: woman } } });
  assert.deepEqual(r.line.refused.map((x) => `${x.player}:${x.answer}:${x.reason}`), ['P1:candidate:not-your-lord', 'P2:candidate:not-eligible', 'P2:vote:no-votes', 'P4:vote:not-a-candidate']);
  assert.deepEqual(r.line.outcome, { notElected: 'no-votes-cast' }, '[P G-09 b] a single candidate with 0 votes is not elected');
  for (const k of Object.keys(ELECTION_REFUSALS) as (keyof typeof ELECTION_REFUSALS)[]) assert.ok(ELECTION_REFUSALS[k].fr && ELECTION_REFUSALS[k].en, k);
  // [P G-56] an empty village of a fief governed by a family counts as controlled by its player.
  const g = arena(4, 'g56');
  for (const v of ['ST_PAUL', 'ST_CIERS_DABZAC', 'BEAUJEU']) occupy(g, SABINE, v);
  assert.equal(noElection(g, B5), 'villages-not-controlled');
  giveTitles(g, addLord(g, FRANCK, 'M'), 'FIEF:F_SIGY');
  assert.equal(noElection(g, B5), null);
  assert.equal(votesOf(g, B5, FRANCK), 2, 'SIGY, the seat, is FRANCK’s by his county');
});

test('§5.5.3 and §5.5.4 candidates: the pope among bishops and cardinals; the king a titled man with no religious title', () => {
  const s = arena(4, 'cand2');
  const bishop = addLord(s, FRANCK, 'M'); giveTitles(s, bishop, 'BISHOP:1');
  const plain = addLord(s, FRANCK, 'M');
  const count = addLord(s, INGRID, 'M'); giveTitles(s, count, 'FIEF:F_SIGY');
  const countess = addLord(s, INGRID, 'F'); giveTitles(s, countess, 'FIEF:F_TOURNUS');
  assert.ok(eligible(s, POPE, bishop));
  assert.equal(eligible(s, POPE, plain), false);
  assert.ok(eligible(s, KING, count));
  assert.equal(eligible(s, KING, countess), false);
  assert.equal(eligible(s, KING, plain), false, 'untitled');
  assert.equal(eligible(s, KING, bishop), false, 'religious title');
  assert.equal(votesOf(s, KING, INGRID), 2, 'each titled lord, man or woman, gives 1');
});

test('§5.5.4 the elected king’s wife is queen; a queen regent loses the regent and queen titles', () => {
  const s = arena(4, 'king');
  const k = addLord(s, FRANCK, 'M'); giveTitles(s, k, 'FIEF:F_SIGY');
  const wife = addLord(s, INGRID, 'F'); marry(s, k, wife);
  const regent = addLord(s, SABINE, 'F'); giveTitles(s, regent, 'QUEEN'); s.titles.QUEEN.regent = true;
  const c = addLord(s, SABINE, 'M'); giveTitles(s, c, 'BISHOP:1'); cardinal(s, c, 'CARDINAL:1');
  const after = runStep(s, '1.D', { '1.D': { candidates: { [FRANCK]: k }, votes: { [FRANCK]: { for: k }, [SABINE]: { for: k } } } });
  assert.equal(after.titles.KING.holder, k);
  assert.equal(after.titles.QUEEN.holder, wife);
  assert.equal(after.titles.QUEEN.regent, false);
  assert.equal(after.lords[regent]!.titles.includes('QUEEN'), false);
  assertValid(after);
  assert.equal(noElection(after, KING), 'title-held');
});

/** A random game for the properties: control, titles and lords spread at random, then random answers. */
const electionArb = fc.record({
  seed: fc.integer({ min: 0, max: 1e6 }),
  control: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 24, maxLength: 24 }),
  lords: fc.array(fc.record({ p: fc.integer({ min: 0, max: 3 }), g: fc.boolean(), t: fc.integer({ min: 0, max: 12 }) }), { maxLength: 12 }),
  picks: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 80, maxLength: 80 }),
});

function randomGame(x: { seed: number; control: number[]; lords: { p: number; g: boolean; t: number }[] }): FiefState {
  const s = arena(4, `prop${x.seed}`);
  BOARD.villageIds.forEach((v, i) => { const p = x.control[i]!; if (p < 4 && s.families[s.players[p]!]!.reserve.sergeants > 0) occupy(s, s.players[p]!, v); });
  const titles: TitleId[] = ['FIEF:F_SIGY', 'FIEF:F_BLAYE', 'BISHOP:1', 'BISHOP:2', 'BISHOP:3', 'FIEF:F_TOURNUS', 'FIEF:F_EPERVIER', 'FIEF:F_BOURG', 'BISHOP:4', 'FIEF:F_STGEROME', 'KING'];
  for (const l of x.lords) {
    if (!s.secret.characterDeck.some((c) => c.startsWith(`LORD_${l.g ? 'M' : 'F'}_`))) continue; // the deck holds few ladies
    if (s.families[s.players[l.p]!]!.lords.length >= s.config.family.maxLords) continue;
    const id = addLord(s, s.players[l.p]!, l.g ? 'M' : 'F');
    const t = titles[l.t];
    if (t && s.titles[t].holder === null && (l.g || !t.startsWith('BISHOP'))) {
      giveTitles(s, id, t);
      const hat = (['CARDINAL:1', 'CARDINAL:2', 'CARDINAL:BOUGHT'] as const).find((h) => s.titles[h].holder === null);
      if (t.startsWith('BISHOP') && hat && l.t !== 2) cardinal(s, id, hat);
    }
  }
  return s;
}

/** Random answers from the state an election starts on: mostly eligible candidates, markers mostly on them, now and then a stray one. */
function randomAnswers(s: FiefState, e: Election, picks: number[], salt: number): ElectionAnswers {
  let i = salt;
  const pick = <T>(xs: readonly T[]): T | undefined => (xs.length === 0 ? undefined : xs[picks[i++ % picks.length]! % (xs.length + 1)]);
  const candidates: Record<string, LordId> = {}, votes: Record<string, { for?: LordId; blank?: LordId }> = {};
  for (const p of s.players) { const c = pick(s.families[p]!.lords.filter((l) => eligible(s, e, l) || picks[i % picks.length]! > 36)); if (c) candidates[p] = c; }
  const likely = [...Object.values(candidates), ...Object.values(candidates), Object.keys(s.lords)[0]!];
  for (const p of s.players) { const f = pick(likely), b = pick(likely); if (f || b) votes[p] = { ...(f ? { for: f } : {}), ...(b ? { blank: b } : {}) }; }
  return { candidates, votes };
}

/** Phase 1's elections in order, each answered from the state it starts on. */
function runOyez(s: FiefState, picks: number[]): FiefState {
  let st = s;
  for (const b of BISHOPRIC_NOS) st = runStep(st, '1.B', { '1.B': { [b]: randomAnswers(st, { kind: 'BISHOP', bishopric: b }, picks, b * 7) } as Partial<Record<BishopricNo, ElectionAnswers>> });
  st = runStep(st, '1.C', { '1.C': randomAnswers(st, POPE, picks, 41) });
  return runStep(st, '1.D', { '1.D': randomAnswers(st, KING, picks, 59) });
}

test('properties: over random elections titles stay unique, each lord in one family, invariants hold, and the result is deterministic', () => {
  const awarded: Record<string, number> = {};
  fc.assert(fc.property(electionArb, (x) => {
    const s = randomGame(x);
    const run = (st: FiefState) => runOyez(st, x.picks);
    const after = run(s);
    assertValid(after);
    for (const [t, st] of Object.entries(after.titles)) if (st.holder && !s.titles[t as TitleId].holder) awarded[t.split(':')[0]!] = (awarded[t.split(':')[0]!] ?? 0) + 1;
    const listed = Object.values(after.lords).flatMap((l) => l.titles);
    assert.equal(new Set(listed).size, listed.length, 'each title on one lord at most');
    const seen = new Map<LordId, string>();
    for (const p of after.players) for (const id of after.families[p]!.lords) { assert.ok(!seen.has(id), `${id} in two families`); seen.set(id, p); assert.equal(after.lords[id]!.owner, p); }
    for (const l of Object.values(after.lords)) {
      assert.ok(l.titles.filter((t) => t.startsWith('BISHOP:')).length <= 1, 'one bishop title per lord');
      if (l.titles.some((t) => t.startsWith('BISHOP:'))) assert.equal(l.gender, 'M');
      if (l.titles.includes('POPE') || l.titles.some((t) => t.startsWith('CARDINAL:'))) assert.ok(l.titles.some((t) => t.startsWith('BISHOP:')), 'a cardinal or the pope is a bishop');
      if (l.titles.includes('KING')) assert.ok(!l.titles.some((t) => t.startsWith('BISHOP:') || t.startsWith('CARDINAL:') || t === 'POPE'), 'the king holds no religious title');
    }
    assert.deepEqual(run(s), after, 'same state and answers, same result');
    assert.deepEqual(s, randomGame(x), 'the input state is not changed');
  }), { numRuns: 200, seed: 15 });
  assert.ok((awarded.BISHOP ?? 0) > 0 && (awarded.KING ?? 0) > 0 && (awarded.POPE ?? 0) > 0, `the random elections elect someone: ${JSON.stringify(awarded)}`);
});
