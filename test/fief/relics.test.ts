/**
 * Relics, optional rule A.1 (rules/relics.ts; rules §9.8): TV-53 (Holy Grail) and TV-54 (Holy
 * Lance) as real battles with injected dice, step 2.D through turn.ts (Eyes of St Roseline [P G-53],
 * Bones of St Radegonde) with named dice, the Tooth of St Géronce in killLord, recovery from a seat,
 * carrying, giving and selling, a relic left where its carrier fell, every refusal in French and
 * English, and a property over random 2.D answers and dice (invariants, determinism).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createRng } from '../../src/engine/rng.ts';
import { cardKind } from '../../src/rulesets/fief/cards.ts';
import { checkInvariants } from '../../src/rulesets/fief/invariants.ts';
import { fightBattle } from '../../src/rulesets/fief/rules/battle.ts';
import { killLord } from '../../src/rulesets/fief/rules/kill-lord.ts';
import { moveStep, newMemo } from '../../src/rulesets/fief/rules/movement.ts';
import {
  grailDice, handRelic, lanceBonus, recoverRelic, RELIC_REFUSALS, relicPlaces, runRelics, setGeronceStanding, takeRelic,
} from '../../src/rulesets/fief/rules/relics.ts';
import { setupGame } from '../../src/rulesets/fief/setup.ts';
import type { FiefState, LordId } from '../../src/rulesets/fief/state.ts';
import { runStep } from '../../src/rulesets/fief/turn.ts';
import { viewOf } from '../../src/rulesets/fief/view.ts';
import { arena, station } from './arena.ts';
import { addLord, assertValid, dice, FRANCK, given, giveTitles, INGRID, lay, lordOf, OLIVIER, SABINE } from './fixture.ts';

const none = (name: string): number => assert.fail(`no die expected (${name})`);

/** An arena game with relics on: every relic put back at its seat (setup placed them at random). */
function withRelics(seed: string): FiefState {
  const s = arena(4, seed);
  s.config = { ...s.config, options: { ...s.config.options, relics: true } };
  s.relics = {
    GRAIL: { holder: null, village: 'SIGY', removed: false },
    ROSELINE: { holder: null, village: 'BLAYE', removed: false },
    GERONCE: { holder: null, village: 'TOURNUS', removed: false },
    LANCE: { holder: null, village: 'ST_GEROME', removed: false },
    RADEGONDE: { holder: null, village: 'BOURG', removed: false },
  };
  return s;
}

/** Gives a relic to a lord (as if he had recovered it). */
function carry(s: FiefState, relic: 'GRAIL' | 'ROSELINE' | 'GERONCE' | 'LANCE' | 'RADEGONDE', lord: LordId): void {
  s.relics![relic] = { holder: lord, village: null, removed: false };
}

test('S11 [T §11.1]: with the option, the five relics lie on the five seats at random; without it, none', () => {
  const on = setupGame({ players: 4, config: { options: { relics: true } } }, createRng('relic-setup', 'setup'));
  assert.deepEqual(Object.values(on.relics!).map((r) => r.village).sort(), ['BLAYE', 'BOURG', 'SIGY', 'ST_GEROME', 'TOURNUS']);
  assert.equal(setupGame({ players: 4 }, createRng('relic-setup', 'setup')).relics, null);
});

test('TV-53 Holy Grail: OLIVIER’s side, which did not start the battle, holds the Grail; FRANCK rolls [0,1,3]: 0 + 0 + 2 = 2', () => {
  const s = withRelics('tv53');
  const f = addLord(s, FRANCK, 'M'), o = addLord(s, OLIVIER, 'M');
  station(s, OLIVIER, 'BLAYE', 5, 0, [o]); // 6 CP: 1 die
  station(s, FRANCK, 'BLAYE', 10, 1, [f]); // 10 + 3 + 1 = 14 CP: 3 dice
  carry(s, 'GRAIL', o);
  assertValid(s);
  assert.deepEqual(grailDice(s, [0, 1, 3], [o]), [0, 0, 2]);
  const r = fightBattle(s, { id: 'tv53', village: 'BLAYE', attacker: FRANCK, defender: OLIVIER }, { rounds: { 1: { stop: 'agreed' } } }, dice([0, 1, 3, 1]));
  assert.deepEqual(r.rounds[0]!.dice.attacker, [0, 1, 3]);
  assert.equal(r.rounds[0]!.damage.attacker, 2);
  // The side that started the battle gets nothing from it.
  const t = structuredClone(s);
  carry(t, 'GRAIL', f);
  const r2 = fightBattle(t, { id: 'tv53b', village: 'BLAYE', attacker: FRANCK, defender: OLIVIER }, { rounds: { 1: { stop: 'agreed' } } }, dice([0, 1, 3, 1]));
  assert.equal(r2.rounds[0]!.damage.attacker, 4);
  assertValid(r.state);
});

test('TV-54 Holy Lance: MAXIMILIEN’s side holds the Lance and rolls [1,3]: 4 + 1 = 5; no die rolled, no bonus', () => {
  const s = withRelics('tv54');
  const m = addLord(s, SABINE, 'M'), o = addLord(s, OLIVIER, 'M');
  station(s, SABINE, 'BLAYE', 6, 0, [m]); // 7 CP: 2 dice
  station(s, OLIVIER, 'BLAYE', 1, 0, [o]);
  carry(s, 'LANCE', m);
  const r = fightBattle(s, { id: 'tv54', village: 'BLAYE', attacker: SABINE, defender: OLIVIER }, { rounds: { 1: { stop: 'agreed' } } }, dice([1, 3, 1]));
  assert.equal(r.rounds[0]!.damage.attacker, 5);
  assert.equal(lanceBonus(s, [], [m]), 0);
  assert.equal(lanceBonus(s, [1, 3], [o]), 0, 'only its holder’s side');
  // Held by the defender, it works for the defence too.
  const t = structuredClone(s);
  carry(t, 'LANCE', o);
  const r2 = fightBattle(t, { id: 'tv54b', village: 'BLAYE', attacker: SABINE, defender: OLIVIER }, { rounds: { 1: { stop: 'agreed' } } }, dice([1, 3, 2]));
  assert.equal(r2.rounds[0]!.damage.defender, 3);
});

test('2.D runs through turn.ts [P G-53]: St Roseline moves a Bad Weather to the bishopric its die names, discards it onto another Bad Weather, leaves it on a 6 or its own number', () => {
  const s = withRelics('roseline');
  const holder = lordOf(s, FRANCK);
  station(s, FRANCK, 'BLAYE', 1, 0, [holder]);
  carry(s, 'ROSELINE', holder);
  const b2 = lay(s, 'BAD_WEATHER', 2);
  const b3 = lay(s, 'BAD_WEATHER', 3);
  const b5 = lay(s, 'BAD_WEATHER', 5);
  const log: string[] = [];
  const t = runStep(s, '2.D', { '2.D': { ROSELINE: true, d6: dice([4, 5, 5], log) } });
  assert.deepEqual(log, [`turn/1/relic/ROSELINE/${b2}`, `turn/1/relic/ROSELINE/${b3}`, `turn/1/relic/ROSELINE/${b5}`]);
  assert.deepEqual(t.bishoprics[4].calamities, [b2], '4: moved to bishopric 4');
  assert.ok(t.secret.eventDiscard.includes(b3), '5: bishopric 5 already has Bad Weather: discarded');
  assert.deepEqual(t.bishoprics[5].calamities, [b5], 'its own number: no move');
  assertValid(t);
  const six = runRelics(s, { ROSELINE: true }, dice([6, 3, 6])).state;
  assert.deepEqual(six.bishoprics[2].calamities, [b2], 'a 6: no move');
  // Not used (the default of #38a): no die, nothing moves.
  assert.deepEqual(runStep(s, '2.D', { '2.D': { d6: none } }), s);
});

test('2.D: the Bones of St Radegonde lift each Famine on 4–6; without relics the step passes', () => {
  const s = withRelics('radegonde');
  const holder = lordOf(s, INGRID);
  station(s, INGRID, 'BOURG', 1, 0, [holder]);
  carry(s, 'RADEGONDE', holder);
  const f1 = lay(s, 'FAMINE', 1), f4 = lay(s, 'FAMINE', 4);
  const r = runRelics(s, { RADEGONDE: true }, dice([4, 3]));
  assert.deepEqual(r.lines.map((l) => l.result), ['lifted', 'stays']);
  assert.deepEqual(r.state.bishoprics[1].calamities, []);
  assert.ok(r.state.secret.eventDiscard.includes(f1));
  assert.deepEqual(r.state.bishoprics[4].calamities, [f4]);
  assertValid(r.state);
  const plain = given(4, 'no-relics');
  assert.equal(runStep(plain, '2.D', { '2.D': { RADEGONDE: true, d6: none } }), plain);
});

test('A.1 Tooth of St Géronce in killLord: announced after a death, the lord lives on with his titles and the relic leaves the game; not for its own holder; the standing answer', () => {
  const s = withRelics('geronce');
  const holder = lordOf(s, FRANCK), duke = lordOf(s, FRANCK, 1);
  station(s, FRANCK, 'TOURNUS', 1, 0, [holder, duke]);
  giveTitles(s, duke, 'FIEF:F_BOURG');
  carry(s, 'GERONCE', holder);
  const t = structuredClone(s);
  assert.equal(killLord(t, duke, 'plague', {}, true), false);
  assert.ok(t.lords[duke]!.titles.includes('FIEF:F_BOURG'));
  assert.deepEqual(t.relics!.GERONCE, { holder: null, village: null, removed: true });
  assertValid(t);
  const u = structuredClone(s);
  assert.equal(killLord(u, duke, 'plague'), true, 'not used by default');
  const self = structuredClone(s);
  assert.equal(killLord(self, holder, 'plague', {}, true), true, 'a dead lord holds nothing');
  assert.equal(self.relics!.GERONCE.holder, duke, 'the relic stays where he fell, and his family’s lord there takes it');
  // The standing answer, set by the holder's player only.
  assert.deepEqual(setGeronceStanding(s, INGRID, 'own-family'), { ok: false, reason: 'not-your-relic' });
  const st = setGeronceStanding(s, FRANCK, 'own-family');
  assert.ok(st.ok);
  const v = structuredClone(st.state);
  assert.equal(killLord(v, duke, 'battle'), false);
  const w = structuredClone(st.state);
  const other = lordOf(w, INGRID);
  assert.equal(killLord(w, other, 'battle'), true, 'another family: not covered by "own-family"');
  // §11.2: the standing answer is the holder's player's own.
  assert.equal(viewOf(st.state, FRANCK).relics!.GERONCE.resurrect, 'own-family');
  assert.equal(viewOf(st.state, INGRID).relics!.GERONCE.resurrect, undefined);
  assert.equal(viewOf(st.state, null).relics!.GERONCE.holder, holder, 'the holder is public');
});

test('A.1 recovery from a seat: the bishop of that bishopric, any cardinal or the pope, standing there; the occupying controller’s leave; the bishop of 4 only at BOURG', () => {
  const s = withRelics('recover');
  const bishop = lordOf(s, FRANCK);
  giveTitles(s, bishop, 'BISHOP:4');
  station(s, FRANCK, 'BOURG', 0, 0, [bishop]);
  const r = recoverRelic(s, bishop, 'RADEGONDE');
  assert.ok(r.ok);
  assert.equal(r.state.relics!.RADEGONDE.holder, bishop);
  assertValid(r.state);
  assert.deepEqual(recoverRelic(r.state, bishop, 'RADEGONDE'), { ok: false, reason: 'not-lying' });
  assert.deepEqual(recoverRelic(s, bishop, 'GRAIL'), { ok: false, reason: 'not-here' });
  const at = structuredClone(s);
  at.lords[bishop]!.at = { village: 'SIGY', position: { kind: 'OUTSKIRTS' } };
  assert.deepEqual(recoverRelic(at, bishop, 'GRAIL'), { ok: false, reason: 'not-ecclesiastic' });
  const card = structuredClone(at);
  giveTitles(card, bishop, 'CARDINAL:BOUGHT');
  assert.ok(recoverRelic(card, bishop, 'GRAIL').ok, 'a cardinal anywhere');
  // Occupied and controlled by another player: his leave.
  const occ = structuredClone(s);
  occ.villages.BOURG!.controller = null;
  occ.lords[bishop]!.at = null;
  station(occ, INGRID, 'BOURG', 1, 0);
  occ.lords[bishop]!.at = { village: 'BOURG', position: { kind: 'OUTSKIRTS' } };
  assert.deepEqual(recoverRelic(occ, bishop, 'RADEGONDE'), { ok: false, reason: 'no-consent' });
  assert.ok(recoverRelic(occ, bishop, 'RADEGONDE', { consent: true }).ok);
  const jailed = structuredClone(s);
  jailed.lords[bishop]!.prisonerOf = INGRID;
  assert.deepEqual(recoverRelic(jailed, bishop, 'RADEGONDE'), { ok: false, reason: 'prisoner' });
  assert.deepEqual(recoverRelic(given(4, 'off'), lordOf(given(4, 'off'), FRANCK), 'GRAIL'), { ok: false, reason: 'no-relics' });
});

test('A.1 carrying: given or sold to another lord in the same village, even a layman; the money moves; refusals', () => {
  const s = withRelics('hand');
  const a = lordOf(s, FRANCK), b = lordOf(s, INGRID), c = lordOf(s, OLIVIER);
  station(s, FRANCK, 'BLAYE', 1, 0, [a]);
  station(s, INGRID, 'BLAYE', 1, 0, [b]);
  station(s, OLIVIER, 'TOURNUS', 1, 0, [c]);
  carry(s, 'LANCE', a);
  const ecus = { f: s.families[FRANCK]!.ecus, i: s.families[INGRID]!.ecus };
  const r = handRelic(s, a, b, 'LANCE', 2);
  assert.ok(r.ok);
  assert.equal(r.state.relics!.LANCE.holder, b);
  assert.equal(r.state.families[FRANCK]!.ecus, ecus.f + 2);
  assert.equal(r.state.families[INGRID]!.ecus, ecus.i - 2);
  assertValid(r.state);
  assert.deepEqual(handRelic(s, a, c, 'LANCE'), { ok: false, reason: 'same-lord' });
  assert.deepEqual(handRelic(s, b, a, 'LANCE'), { ok: false, reason: 'not-holder' });
  assert.deepEqual(handRelic(s, a, b, 'LANCE', ecus.i + 1), { ok: false, reason: 'no-money' });
  assert.deepEqual(relicPlaces(s).LANCE, { holder: a, village: 'BLAYE' });
});

test('A.1 a relic where its carrier fell: guarded by the troops left there, picked up by the first lord to arrive when alone; passed on to his side in a battle', () => {
  const s = withRelics('fallen');
  const a = lordOf(s, FRANCK), b = lordOf(s, INGRID);
  station(s, FRANCK, 'CHAROLLES', 2, 0, [a]);
  station(s, INGRID, 'BLAYE', 0, 0, [b]);
  carry(s, 'LANCE', a);
  const t = structuredClone(s);
  killLord(t, a, 'plague');
  assert.deepEqual(t.relics!.LANCE, { holder: null, village: 'CHAROLLES', removed: false, dropped: true });
  assertValid(t);
  // INGRID's lord walks in: FRANCK's troops guard it.
  const m = moveStep(t, INGRID, { lead: b, to: 'CHAROLLES' }, newMemo());
  if (m.ok) assert.equal(m.state.relics!.LANCE.holder, null, 'the troops keep it');
  const walked = structuredClone(t);
  walked.lords[b]!.at = { village: 'CHAROLLES', position: { kind: 'OUTSKIRTS' } };
  assert.deepEqual(takeRelic(walked, b, 'LANCE'), { ok: false, reason: 'held-by-troops' });
  // Alone: the first lord to arrive takes it.
  const alone = structuredClone(t);
  const troops = alone.villages.CHAROLLES!.stacks;
  for (const st of troops) for (const g of st.groups) alone.families[st.player]!.reserve.sergeants += g.sergeants;
  alone.villages.CHAROLLES!.stacks = [];
  alone.villages.CHAROLLES!.controller = null;
  const m2 = moveStep(alone, INGRID, { lead: b, to: 'CHAROLLES' }, newMemo());
  assert.ok(m2.ok, m2.ok ? '' : m2.reason);
  assert.equal(m2.state.relics!.LANCE.holder, b);
  assertValid(m2.state);
  // In a battle, the dead carrier's relic passes to a lord of his side.
  const bt = withRelics('fallen-battle');
  const x = lordOf(bt, FRANCK), y = lordOf(bt, FRANCK, 1), z = lordOf(bt, OLIVIER);
  station(bt, FRANCK, 'BLAYE', 0, 1, [x, y]);
  station(bt, OLIVIER, 'BLAYE', 8, 0, [z]);
  carry(bt, 'LANCE', x);
  const r = fightBattle(bt, { id: 'fallen', village: 'BLAYE', attacker: OLIVIER, defender: FRANCK }, { rounds: { 1: { killed: { defender: [x] }, spare: [y], stop: 'agreed' } } }, dice([3, 1, 1]));
  assert.equal(r.state.lords[x], undefined);
  assert.equal(r.state.relics!.LANCE.holder, y);
  assertValid(r.state);
});

test('every relic refusal has its French and English text, distinct and non-empty', () => {
  for (const [k, t] of Object.entries(RELIC_REFUSALS)) {
    assert.ok(t.fr.length > 10 && t.en.length > 10, k);
    assert.notEqual(t.fr, t.en, k);
  }
});

test('property: random 2.D answers and dice keep the invariants and are deterministic; a relic is never destroyed', () => {
  fc.assert(fc.property(
    fc.array(fc.constantFrom('BAD_WEATHER', 'FAMINE'), { maxLength: 5 }),
    fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 5, maxLength: 5 }),
    fc.boolean(), fc.boolean(),
    fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 10, maxLength: 10 }),
    (kinds, where, rose, rade, rolls) => {
      const s = withRelics('prop');
      const a = lordOf(s, FRANCK), b = lordOf(s, SABINE);
      station(s, FRANCK, 'BLAYE', 1, 0, [a]);
      station(s, SABINE, 'SIGY', 1, 0, [b]);
      carry(s, 'ROSELINE', a); carry(s, 'RADEGONDE', b);
      kinds.forEach((k, i) => { const bn = where[i]! as 1 | 2 | 3 | 4 | 5; if (!s.bishoprics[bn].calamities.some((c) => cardKind(c) === k)) lay(s, k, bn); });
      const run = () => { let i = 0; return runRelics(s, { ROSELINE: rose, RADEGONDE: rade }, () => rolls[i++ % rolls.length]!).state; };
      const t = run();
      assert.deepEqual(checkInvariants(t), []);
      assert.deepEqual(run(), t);
      for (const bn of [1, 2, 3, 4, 5] as const) for (const k of ['BAD_WEATHER', 'FAMINE']) assert.ok(t.bishoprics[bn].calamities.filter((c) => cardKind(c) === k).length <= 1);
      assert.equal(Object.values(t.relics!).filter((r) => !r.removed).length, 5);
    },
  ), { numRuns: 80 });
});
