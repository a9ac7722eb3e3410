/**
 * Rules §5.1 (step 1.A, marriages and alliances) and §5.11 (the pope: excommunication and its
 * lifting, annulment) with G-40, G-41, G-49: real steps through `runStep`, each refusal in both
 * languages, the crown prince's consummation, the excommunicated out of the elections; and a
 * fast-check property over random proposals: one marriage per player, a lord in one family,
 * titles unique, invariants, determinism.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cardKind } from '../../src/rulesets/fief/cards.ts';
import { eligible, votesOf } from '../../src/rulesets/fief/rules/elections.ts';
import { checkProposal, isMarried, MARRIAGE_REFUSALS, runMarriageStep, type MarriageRefusal } from '../../src/rulesets/fief/rules/marriage.ts';
import { runPlayStep } from '../../src/rulesets/fief/rules/play-cards.ts';
import { annulMarriage, excommunicate, liftExcommunication, POPE_REFUSALS } from '../../src/rulesets/fief/rules/pope.ts';
import type { FiefState, LordId } from '../../src/rulesets/fief/state.ts';
import { runStep } from '../../src/rulesets/fief/turn.ts';
import { arena } from './arena.ts';
import { addLord, assertValid, FRANCK, giveTitles, INGRID, marry, occupy, OLIVIER, SABINE } from './fixture.ts';

const ok = <T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> => { assert.ok(r.ok, JSON.stringify(r)); return r as Extract<T, { ok: true }>; };

test('§5.1 a marriage proposed in 1.A and accepted joins the two lords; declined by default', () => {
  const s = arena(4, 'wed');
  const man = addLord(s, FRANCK, 'M'), woman = addLord(s, INGRID, 'F');
  const declined = runStep(s, '1.A', { '1.A': { proposals: { [FRANCK]: { lord: man, to: woman } } } });
  assert.equal(declined.lords[man]!.spouse, null, '#2 default: decline');
  const after = runStep(s, '1.A', { '1.A': { proposals: { [FRANCK]: { lord: man, to: woman } }, accepts: { [FRANCK]: true } } });
  assert.equal(after.lords[man]!.spouse, woman);
  assert.equal(after.lords[woman]!.spouse, man);
  assert.ok(isMarried(after, FRANCK) && isMarried(after, INGRID));
  assertValid(after);
  assert.equal(s.lords[man]!.spouse, null, 'the input state is not changed');
});

test('§5.1 refusals: own lord, two players, unmarried, one marriage per player, a lady and a lord, never d’Arc, never in holy orders; G-49 prisoners and the excommunicated may marry', () => {
  const s = arena(4, 'refuse');
  const m1 = addLord(s, FRANCK, 'M'), m2 = addLord(s, FRANCK, 'M'), f1 = addLord(s, INGRID, 'F'), m3 = addLord(s, INGRID, 'M');
  const f2 = addLord(s, SABINE, 'F'), m4 = addLord(s, OLIVIER, 'M'), f3 = addLord(s, OLIVIER, 'F');
  const cases: [string, LordId, LordId, MarriageRefusal | null][] = [
    [FRANCK, 'NOBODY#0', f1, 'unknown-lord'],
    [FRANCK, f1, m1, 'not-your-lord'],
    [FRANCK, m1, m2, 'same-player'],
    [FRANCK, m1, m3, 'not-man-and-woman'],
    [FRANCK, m1, f1, null],
  ];
  for (const [p, a, b, want] of cases) assert.equal(checkProposal(s, p, { lord: a, to: b }), want, `${a}→${b}`);
  giveTitles(s, m4, 'BISHOP:1');
  assert.equal(checkProposal(s, SABINE, { lord: f2, to: m4 }), 'holy-orders');
  s.lords[f2]!.darc = true;
  assert.equal(checkProposal(s, FRANCK, { lord: m1, to: f2 }), 'darc');
  s.lords[m1]!.prisonerOf = SABINE; s.lords[f1]!.excommunicated = true; s.excommunicated = f1;
  assert.equal(checkProposal(s, FRANCK, { lord: m1, to: f1 }), null, '[P G-49]');
  // In one step: FRANCK weds INGRID's lady; OLIVIER then proposes to FRANCK (married player), SABINE to the married lady.
  const r = runMarriageStep(s, {
    proposals: { [FRANCK]: { lord: m1, to: f1 }, [OLIVIER]: { lord: f3, to: m2 }, [SABINE]: { lord: f2, to: m3 } },
    accepts: { [FRANCK]: true, [OLIVIER]: true, [SABINE]: true },
  });
  assert.deepEqual(r.lines.map((l) => `${l.proposer}:${l.result}`), ['P1:married', 'P3:player-married', 'P4:player-married']);
  assert.equal(checkProposal(r.state, OLIVIER, { lord: f3, to: m1 }), 'already-married');
  for (const k of Object.keys(MARRIAGE_REFUSALS) as MarriageRefusal[]) assert.ok(MARRIAGE_REFUSALS[k].fr && MARRIAGE_REFUSALS[k].en, k);
  assertValid(r.state);
});

test('§5.1 the king’s bride is queen at once; a queen regent’s husband does not become king', () => {
  const s = arena(4, 'royal');
  const king = addLord(s, FRANCK, 'M'); giveTitles(s, king, 'KING');
  const bride = addLord(s, INGRID, 'F');
  const after = runStep(s, '1.A', { '1.A': { proposals: { [INGRID]: { lord: bride, to: king } }, accepts: { [INGRID]: true } } });
  assert.equal(after.titles.QUEEN.holder, bride);
  assert.ok(after.lords[bride]!.titles.includes('QUEEN'));
  assertValid(after);
  const t = arena(4, 'regent');
  const regent = addLord(t, SABINE, 'F'); giveTitles(t, regent, 'QUEEN'); t.titles.QUEEN.regent = true;
  const groom = addLord(t, OLIVIER, 'M');
  const wed = runStep(t, '1.A', { '1.A': { proposals: { [OLIVIER]: { lord: groom, to: regent } }, accepts: { [OLIVIER]: true } } });
  assert.equal(wed.lords[groom]!.spouse, regent);
  assert.equal(wed.titles.KING.holder, null);
  assert.equal(wed.titles.QUEEN.regent, true, '[P G-42] she stays regent');
});

/** The pope's player FRANCK (a bishop-pope) and a cardinal-bishop of INGRID with a card-linked hat. */
function church(): { s: FiefState; pope: LordId; cardinal: LordId } {
  const s = arena(4, 'church');
  const pope = addLord(s, FRANCK, 'M'); giveTitles(s, pope, 'BISHOP:1', 'POPE');
  const cardinal = addLord(s, INGRID, 'M'); giveTitles(s, cardinal, 'BISHOP:2', 'CARDINAL:1');
  const i = s.secret.characterDeck.findIndex((c) => cardKind(c) === 'CARDINAL');
  s.titles['CARDINAL:1'].card = s.secret.characterDeck.splice(i, 1)[0]!;
  return { s, pope, cardinal };
}

test('§5.11 excommunication: the lord loses crosier and hat (the card discarded), cannot vote or stand; once per turn even if lifted; never the pope himself [P G-40]', () => {
  const { s, pope, cardinal } = church();
  for (const v of ['TOURNUS', 'ROCHEGRISE', 'MAZILLES']) occupy(s, SABINE, v);
  assert.deepEqual(excommunicate(s, INGRID, cardinal), { ok: false, reason: 'not-the-pope' });
  assert.deepEqual(excommunicate(s, FRANCK, pope), { ok: false, reason: 'pope-himself' });
  const card = s.titles['CARDINAL:1'].card!;
  const x = ok(excommunicate(s, FRANCK, cardinal)).state;
  assert.deepEqual(x.lords[cardinal]!.titles, []);
  assert.equal(x.titles['BISHOP:2'].holder, null);
  assert.equal(x.titles['CARDINAL:1'].holder, null);
  assert.ok(x.secret.characterDiscard.includes(card), '[P G-40] the card-linked hat’s card is discarded');
  assert.equal(x.excommunicated, cardinal);
  assert.equal(votesOf(x, { kind: 'BISHOP', bishopric: 3 }, INGRID), 0);
  assert.equal(eligible(x, { kind: 'BISHOP', bishopric: 2 }, cardinal), false);
  assertValid(x);
  const other = addLord(x, OLIVIER, 'M');
  assert.deepEqual(excommunicate(x, FRANCK, other), { ok: false, reason: 'one-at-a-time' });
  const lifted = ok(liftExcommunication(x, FRANCK)).state;
  assert.equal(lifted.excommunicated, null);
  assert.equal(lifted.lords[cardinal]!.excommunicated, false);
  assert.ok(eligible(lifted, { kind: 'BISHOP', bishopric: 2 }, cardinal), 'after the lifting he may stand again');
  assert.deepEqual(excommunicate(lifted, FRANCK, other), { ok: false, reason: 'once-per-turn' }, '[P G-40] lifting does not reset the allowance');
  assert.deepEqual(liftExcommunication(lifted, FRANCK), { ok: false, reason: 'none-excommunicated' });
  // The host's constant `church.excommunicationsPerTurn` sets the allowance.
  const twice = { ...lifted, config: { ...lifted.config, church: { ...lifted.config.church, excommunicationsPerTurn: 2 } } };
  assert.ok(excommunicate(twice, FRANCK, other).ok);
  // Next turn (7.D resets the allowance) he may excommunicate again.
  const next = runStep(lifted, '7.D');
  assert.ok(excommunicate(next, FRANCK, other).ok);
  // An excommunicated king keeps his crown [P G-40].
  const t = church().s; const k = addLord(t, SABINE, 'M'); giveTitles(t, k, 'KING', 'FIEF:F_SIGY');
  assert.deepEqual([...ok(excommunicate(t, FRANCK, k)).state.lords[k]!.titles].sort(), ['FIEF:F_SIGY', 'KING']);
  for (const k2 of Object.keys(POPE_REFUSALS) as (keyof typeof POPE_REFUSALS)[]) assert.ok(POPE_REFUSALS[k2].fr && POPE_REFUSALS[k2].en, k2);
});

test('§5.11 an excommunicated bishop’s tithe leaves with his crosier, its tax marker back [T-FAQ]', () => {
  const { s, cardinal } = church();
  s.bishoprics[2].tithes.push({ player: INGRID, as: 'BISHOP', order: 1 });
  s.bishoprics[4].tithes.push({ player: INGRID, as: 'CARDINAL', order: 2 });
  s.families[INGRID]!.taxMarkers -= 2;
  const markers = s.families[INGRID]!.taxMarkers;
  const x = ok(excommunicate(s, FRANCK, cardinal)).state;
  assert.deepEqual(x.bishoprics[2].tithes, []);
  assert.deepEqual(x.bishoprics[4].tithes, []);
  assert.equal(x.families[INGRID]!.taxMarkers, markers + 2);
});

test('§5.1 annulment at a spouse’s request: refused by default; granted it ends the alliance; never once a crown prince was put in play; a royal annulment takes the queen’s title [P G-41]', () => {
  const { s } = church();
  const a = addLord(s, SABINE, 'M'), b = addLord(s, OLIVIER, 'F');
  marry(s, a, b);
  assert.deepEqual(annulMarriage(s, INGRID, a, true), { ok: false, reason: 'not-a-spouse' });
  assert.deepEqual(annulMarriage(s, SABINE, addLord(s, SABINE, 'M'), true), { ok: false, reason: 'not-married' });
  const refused = annulMarriage(s, SABINE, a);
  assert.ok(refused.ok && 'refusedByPope' in refused, '#7 default: the pope refuses');
  const granted = ok(annulMarriage(s, OLIVIER, b, true)).state;
  assert.equal(granted.lords[a]!.spouse, null);
  assert.equal(granted.lords[b]!.spouse, null);
  assert.equal(isMarried(granted, SABINE), false);
  // The royal couple: annulled before a crown prince, the queen loses her title, the king stays.
  const t = church().s;
  const king = addLord(t, SABINE, 'M'); giveTitles(t, king, 'KING');
  const queen = addLord(t, OLIVIER, 'F'); giveTitles(t, queen, 'QUEEN'); marry(t, king, queen);
  const undone = ok(annulMarriage(t, SABINE, king, true)).state;
  assert.equal(undone.titles.QUEEN.holder, null);
  assert.equal(undone.titles.KING.holder, king);
  assertValid(undone);
  // A crown prince put in play (step 2.C) consummates it, even after his death.
  const i = t.secret.characterDeck.findIndex((c) => c.startsWith('LORD_M_'));
  const card = t.secret.characterDeck.splice(i, 1)[0]!;
  t.hands[OLIVIER]!.push(card);
  const played = runPlayStep(t, { [OLIVIER]: [{ card, crownPrince: true }] as never }).state;
  assert.ok(played.titles.CROWN_PRINCE.holder, 'the crown prince is in play');
  assert.deepEqual(played.titles.CROWN_PRINCE.couple, [king, queen]);
  played.titles.CROWN_PRINCE.holder = null; // as if he had died: the marriage stays consummated
  played.lords[played.families[OLIVIER]!.lords.at(-1)!]!.titles = [];
  assert.deepEqual(annulMarriage(played, SABINE, king, true), { ok: false, reason: 'consummated' });
});

test('property: random proposals and answers keep one marriage per player, a lord in one family, titles unique, invariants, determinism', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 1e6 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.boolean()), { maxLength: 8 }),
    fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }), fc.boolean()), { minLength: 4, maxLength: 4 }), (seed, adds, props) => {
      const s = arena(4, `m${seed}`);
      for (const [p, g] of adds) {
        const pl = s.players[p]!;
        if (s.families[pl]!.lords.length >= s.config.family.maxLords || !s.secret.characterDeck.some((c) => c.startsWith(`LORD_${g ? 'M' : 'F'}_`))) continue;
        addLord(s, pl, g ? 'M' : 'F');
      }
      const king = Object.keys(s.lords).find((id) => s.lords[id]!.gender === 'M');
      if (king && seed % 2 === 0) giveTitles(s, king, 'KING');
      const all = Object.keys(s.lords);
      const proposals: Record<string, { lord: LordId; to: LordId }> = {}, accepts: Record<string, boolean> = {};
      s.players.forEach((p, i) => { const [a, b, yes] = props[i]!; const own = s.families[p]!.lords; if (own.length && all.length) { proposals[p] = { lord: own[a % own.length]!, to: all[b % all.length]! }; accepts[p] = yes; } });
      const after = runStep(s, '1.A', { '1.A': { proposals, accepts } });
      assertValid(after);
      for (const p of after.players) assert.ok(after.families[p]!.lords.filter((id) => after.lords[id]!.spouse).length <= 1, 'one marriage per player');
      for (const l of Object.values(after.lords)) if (l.spouse) { const w = after.lords[l.spouse]!; assert.equal(w.spouse, l.id); assert.notEqual(w.owner, l.owner); assert.notEqual(w.gender, l.gender); }
      const owners = after.players.flatMap((p) => after.families[p]!.lords);
      assert.equal(new Set(owners).size, owners.length, 'a lord in one family');
      assert.deepEqual(runStep(s, '1.A', { '1.A': { proposals, accepts } }), after, 'deterministic');
    }), { numRuns: 80 });
});
