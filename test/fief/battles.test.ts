/**
 * Phase 6, combat (rules §8.4–§8.7; rules/battle.ts, rules/combat-phase.ts): test vectors TV-35 to
 * TV-44 of rules §9.6 played as real battles with injected combat dice (the damage of each die,
 * attacker's dice first), capture and prisoners, sieges and engines, pillage, the refusals in both
 * languages, and fast-check properties over random battles: troops never negative, every piece in
 * one place, determinism.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkInvariants } from '../../src/rulesets/fief/invariants.ts';
import { BATTLE_REFUSALS, battleRefusal, fightBattle } from '../../src/rulesets/fief/rules/battle.ts';
import { PILLAGE_REFUSALS, pillageRefusal, runCombatStep, runPillageStep, runSieges, SIEGE_REFUSALS, siegeRefusal } from '../../src/rulesets/fief/rules/combat-phase.ts';
import { presentPlayers, troopsOf } from '../../src/rulesets/fief/rules/pieces.ts';
import { runStep } from '../../src/rulesets/fief/turn.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';
import { arena, fortify, station } from './arena.ts';
import { assertValid, dice, FRANCK, given, INGRID, lordOf, marry, mills, OLIVIER, SABINE } from './fixture.ts';

/** Prisoners standing where their jailer has no piece (each should be freed there and then). */
const prisonersAlone = (t: FiefState): string[] => Object.values(t.lords).filter((l) => l.prisonerOf && !(l.at && presentPlayers(t, l.at.village).includes(l.prisonerOf))).map((l) => l.id);

/** The value an arbitrary draws. */
type Drawn<A> = A extends fc.Arbitrary<infer T> ? T : never;

test('TV-35 castle penalty and two rounds: FRANCK 15 CP rolls [1,3] (2 dice), OLIVIER 11 CP [3,2]; round 2: 1 die against 2', () => {
  const s = arena();
  const f = lordOf(s, FRANCK, 1, 'M');
  fortify(s, 'BLAYE');
  station(s, OLIVIER, 'BLAYE', 2, 3);
  station(s, FRANCK, 'BLAYE', 5, 3, [f]); // 5 + 9 + 1 = 15 CP
  assertValid(s);
  assert.equal(battleRefusal(s, FRANCK, 'BLAYE', OLIVIER), null);
  const r = fightBattle(s, { id: 'tv35', village: 'BLAYE', attacker: FRANCK, defender: OLIVIER }, {
    rounds: { 1: { allocation: { attacker: { sergeants: 2, knights: 1 } } }, 2: { stop: 'attacker' } },
  }, dice([1, 3, 3, 2, 1, 1, 1]));
  assert.deepEqual(r.rounds[0]!.lost.defender, { sergeants: 1, knights: 1, killed: [] });
  assert.deepEqual(r.rounds[0]!.lost.attacker, { sergeants: 2, knights: 1, killed: [] });
  assert.equal(r.rounds[1]!.dice.attacker.length, 1); // 10 CP: 2 − 1
  assert.equal(r.rounds[1]!.dice.defender.length, 2); // 7 CP
  assert.equal(r.end, 'attacker-stop'); // §8.4.7 case 4: the attacker stops before the walls
  assert.equal(r.state.villages.BLAYE!.controller, OLIVIER);
  assertValid(r.state);
});

/** TV-36's defender: GAUVAIN, untitled BLANCHE, 1 sergeant, 1 knight; the attacker a lord and 2 knights (7 CP, 2 dice). */
function gauvain() {
  const s = arena();
  const g = lordOf(s, OLIVIER, 1, 'M'), b = lordOf(s, OLIVIER, 2, 'F'), a = lordOf(s, FRANCK, 1, 'M');
  s.lords[s.families[OLIVIER]!.lords[0]!]!.at = null;
  station(s, OLIVIER, 'CHAROLLES', 1, 1, [g, b]);
  station(s, FRANCK, 'CHAROLLES', 0, 2, [a]);
  return { s, g, b };
}

test('TV-36 loss allocation: 2 → the sergeant, 3 → the knight, 4 → both troops and both lords captured, 5 → one killed one captured, 6 → all', () => {
  const run = (d: number[]) => { const { s, g, b } = gauvain(); return { g, b, r: fightBattle(s, { id: 'tv36', village: 'CHAROLLES', attacker: FRANCK, defender: OLIVIER }, { rounds: { 1: { stop: 'agreed' } } }, dice([...d, 1])) }; };
  let x = run([1, 1]);
  assert.deepEqual(x.r.rounds[0]!.lost.defender, { sergeants: 1, knights: 0, killed: [] });
  x = run([1, 2]);
  assert.deepEqual(x.r.rounds[0]!.lost.defender, { sergeants: 0, knights: 1, killed: [] });
  x = run([2, 2]);
  assert.deepEqual(x.r.rounds[0]!.captured.sort(), [x.g, x.b].sort());
  assert.equal(x.r.state.lords[x.g]!.prisonerOf, FRANCK);
  assert.equal(x.r.end, 'eliminated');
  assertValid(x.r.state);
  x = run([2, 3]);
  assert.equal(x.r.rounds[0]!.lost.defender.killed.length, 1);
  assert.equal(x.r.rounds[0]!.captured.length, 1);
  x = run([3, 3]);
  assert.deepEqual(x.r.rounds[0]!.lost.defender.killed.sort(), [x.g, x.b].sort());
  assert.equal(x.r.state.lords[x.g], undefined);
  assertValid(x.r.state);
});

test('TV-37 loss choice: 3 sergeants + 1 knight take 3: {3 sergeants} or {1 knight}; {1 sergeant} is not a legal answer', () => {
  const base = () => { const s = arena(); const a = lordOf(s, FRANCK, 1, 'M'); station(s, OLIVIER, 'CHAROLLES', 3, 1); station(s, FRANCK, 'CHAROLLES', 0, 2, [a]); return s; };
  const go = (alloc: { sergeants: number; knights: number }) => fightBattle(base(), { id: 'tv37', village: 'CHAROLLES', attacker: FRANCK, defender: OLIVIER }, { rounds: { 1: { allocation: { defender: alloc }, stop: 'agreed' } } }, dice([1, 2, 1]));
  assert.deepEqual(go({ sergeants: 0, knights: 1 }).rounds[0]!.lost.defender, { sergeants: 0, knights: 1, killed: [] });
  assert.deepEqual(go({ sergeants: 3, knights: 0 }).rounds[0]!.lost.defender, { sergeants: 3, knights: 0, killed: [] });
  assert.deepEqual(go({ sergeants: 1, knights: 0 }).rounds[0]!.lost.defender, { sergeants: 3, knights: 0, killed: [] }); // illegal: the default (keep the knight)
});

test('TV-38 a lone lord is captured without dice; P becomes the jailer (capture optional)', () => {
  const s = arena();
  const q = lordOf(s, OLIVIER, 1, 'M'), p = lordOf(s, FRANCK, 1, 'M');
  station(s, OLIVIER, 'BEAUJEU', 0, 0, [q]);
  station(s, FRANCK, 'BEAUJEU', 1, 0, [p]);
  assert.equal(battleRefusal(s, FRANCK, 'BEAUJEU', OLIVIER), null);
  const r = fightBattle(s, { id: 'tv38', village: 'BEAUJEU', attacker: FRANCK, defender: OLIVIER }, {}, dice([]));
  assert.equal(r.end, 'lone-lords-captured');
  assert.equal(r.rounds.length, 0);
  assert.equal(r.state.lords[q]!.prisonerOf, FRANCK);
  assertValid(r.state);
  const spared = fightBattle(s, { id: 'tv38', village: 'BEAUJEU', attacker: FRANCK, defender: OLIVIER }, { spare: [q] }, dice([]));
  assert.equal(spared.state.lords[q]!.prisonerOf, null);
});

test('TV-39 lords only: no battle can be declared; control stays with the first arrival', () => {
  const s = arena();
  const q = lordOf(s, OLIVIER, 1, 'M'), p = lordOf(s, FRANCK, 1, 'M');
  station(s, OLIVIER, 'BEAUJEU', 0, 0, [q]);
  station(s, FRANCK, 'BEAUJEU', 0, 0, [p]);
  assert.equal(battleRefusal(s, FRANCK, 'BEAUJEU', OLIVIER), 'no-troops');
  const r = runCombatStep(s, { battles: { [FRANCK]: [{ village: 'BEAUJEU', defender: OLIVIER }] } });
  assert.deepEqual(r.lines.find((l) => l.player === FRANCK)!.refused.map((x) => x.reason), ['no-troops']);
  assert.equal(r.state.villages.BEAUJEU!.controller, OLIVIER);
});

/** TV-40's given: SABINE besieges L'ÉPERVIER (X's castle) since last turn with her lord + 1 knight, engine on "1 die". */
function epervier(kind: 'CASTLE' | 'CITY' = 'CASTLE', engine: 1 | 2 = 1) {
  const s = arena();
  s.cursor = { turn: 2, phase: 6, step: '6.A' };
  const sab = lordOf(s, SABINE, 1, 'M');
  fortify(s, 'EPERVIER', kind);
  station(s, OLIVIER, 'EPERVIER', 0, 2);
  station(s, SABINE, 'EPERVIER', 0, 1, [sab]);
  s.villages.EPERVIER!.sieges.push({ besieger: SABINE, engineDice: engine, sinceTurn: 1 });
  s.families[SABINE]!.reserve.siegeEngines -= 1;
  assertValid(s);
  return s;
}

test('TV-40 a siege engine cancels the castle penalty: 4 CP rolls 1 die; the engine flips at her 6.B; a city leaves −1 to a "1 die" engine', () => {
  const s = epervier();
  const r = runCombatStep(s, { battles: { [SABINE]: [{ village: 'EPERVIER', defender: OLIVIER, answers: { rounds: { 1: { stop: 'agreed' } } } }] }, die: dice([1, 1]) });
  const b = r.lines.find((l) => l.player === SABINE)!.battles[0]!;
  assert.equal(b.rounds[0]!.dice.attacker.length, 1);
  assert.equal(r.state.villages.EPERVIER!.sieges[0]!.engineDice, 2); // her 6.B: the siege goes on, the engine flips [P G-34]
  assertValid(r.state);
  assert.equal(battleRefusal(epervier('CITY', 1), SABINE, 'EPERVIER', OLIVIER), 'no-dice');
  assert.equal(battleRefusal(epervier('CITY', 2), SABINE, 'EPERVIER', OLIVIER), null);
});

test('TV-41 a Tunnel makes the attack possible: 5 CP against a castle without engine rolls 0 dice, 1 with the Tunnel', () => {
  const s = arena();
  const sab = lordOf(s, SABINE, 1, 'M');
  fortify(s, 'EPERVIER');
  station(s, OLIVIER, 'EPERVIER', 1, 0);
  station(s, SABINE, 'EPERVIER', 1, 1, [sab]); // 1 + 3 + 1 = 5 CP
  assert.equal(battleRefusal(s, SABINE, 'EPERVIER', OLIVIER), 'no-dice');
  assert.equal(battleRefusal(s, SABINE, 'EPERVIER', OLIVIER, { tunnel: true }), null);
  const r = fightBattle(s, { id: 'tv41', village: 'EPERVIER', attacker: SABINE, defender: OLIVIER, tunnel: true }, { rounds: { 1: { stop: 'agreed' } } }, dice([1, 1]));
  assert.equal(r.rounds[0]!.dice.attacker.length, 1);
});

test('TV-42 d’Arc’s fourth die: 14 CP with MIREILLE d’ARC rolls 4; against a city without engine, 2', () => {
  const s = arena();
  const d = lordOf(s, SABINE, 1, 'F');
  s.lords[d]!.darc = true;
  fortify(s, 'EPERVIER', 'CITY');
  station(s, OLIVIER, 'EPERVIER', 1, 0);
  station(s, SABINE, 'EPERVIER', 1, 4, [d]); // 1 + 12 + 1 = 14 CP
  const r = fightBattle(s, { id: 'tv42', village: 'EPERVIER', attacker: SABINE, defender: OLIVIER }, { rounds: { 1: { stop: 'agreed' } } }, dice([1, 1, 1]));
  assert.equal(r.rounds[0]!.dice.attacker.length, 2);
  const open = structuredClone(s);
  open.villages.EPERVIER!.controller = SABINE; // the walls are hers: no penalty
  const r2 = fightBattle(open, { id: 'tv42', village: 'EPERVIER', attacker: SABINE, defender: OLIVIER }, { rounds: { 1: { stop: 'agreed' } } }, dice([1, 1, 1, 1, 1]));
  assert.equal(r2.rounds[0]!.dice.attacker.length, 4);
});

test('TV-43 alliance switching: FRANCK joins SABINE against OLIVIER; W (OLIVIER’s lady, FRANCK’s lord’s wife) dies: the marriage ends', () => {
  const s = arena();
  const w = lordOf(s, OLIVIER, 1, 'F'), fl = lordOf(s, FRANCK, 1, 'M'), sl = lordOf(s, SABINE, 1, 'M');
  marry(s, w, fl);
  station(s, OLIVIER, 'BLAYE', 1, 0, [w]);
  station(s, FRANCK, 'BLAYE', 2, 0, [fl]);
  station(s, SABINE, 'BLAYE', 2, 0, [sl]);
  assertValid(s);
  // Sides: SABINE (2 sergeants, lord) + FRANCK (2 sergeants, lord) = 6 CP, 1 die [3]; OLIVIER 1 die [1].
  const r = fightBattle(s, { id: 'tv43', village: 'BLAYE', attacker: SABINE, defender: OLIVIER, offers: { [FRANCK]: 'attacker' }, accepts: { attacker: [FRANCK] } }, {}, dice([3, 1]));
  assert.deepEqual(r.sides.attacker, [SABINE, FRANCK]);
  assert.equal(r.winner, 'attacker');
  assert.equal(r.state.lords[w], undefined);
  assert.equal(r.state.lords[fl]!.spouse, null);
  assert.notEqual(r.state.villages.BLAYE!.controller, OLIVIER);
  assertValid(r.state);
  // Without the leader's acceptance (#25 default refuse) FRANCK stays out.
  assert.deepEqual(fightBattle(s, { id: 'x', village: 'BLAYE', attacker: SABINE, defender: OLIVIER, offers: { [FRANCK]: 'attacker' } }, {}, dice([3, 1])).sides.attacker, [SABINE]);
});

test('TV-44 three loss-less rounds: knights only, under 3 damage each round: the battle ends after round 3, control unchanged', () => {
  const s = arena();
  const a = lordOf(s, FRANCK, 1, 'M');
  station(s, OLIVIER, 'BEAUJEU', 0, 2);
  station(s, FRANCK, 'BEAUJEU', 0, 2, [a]);
  const r = fightBattle(s, { id: 'tv44', village: 'BEAUJEU', attacker: FRANCK, defender: OLIVIER }, {}, dice([1, 1, 2, 1, 1, 2, 1, 1, 2]));
  assert.equal(r.end, 'no-losses');
  assert.equal(r.rounds.length, 3);
  assert.equal(r.state.villages.BEAUJEU!.controller, OLIVIER);
});

test('§8.4.7: a surrender (both sides with troops) gives up the troops and the lords; the battle is declared once per village [P G-16]', () => {
  const s = arena();
  const a = lordOf(s, FRANCK, 1, 'M'), o = lordOf(s, OLIVIER, 1, 'M');
  station(s, OLIVIER, 'BEAUJEU', 2, 0, [o]);
  station(s, FRANCK, 'BEAUJEU', 4, 0, [a]);
  const r = fightBattle(s, { id: 'sur', village: 'BEAUJEU', attacker: FRANCK, defender: OLIVIER }, { rounds: { 1: { surrender: 'defender' } } }, dice([1, 1]));
  assert.equal(r.end, 'surrender');
  assert.equal(r.state.lords[o]!.prisonerOf, FRANCK);
  assert.deepEqual(troopsOf(r.state, 'BEAUJEU', OLIVIER), { sergeants: 0, knights: 0 });
  assert.equal(r.state.villages.BEAUJEU!.controller, FRANCK);
  assertValid(r.state);
  const twice = runCombatStep(s, { battles: { [FRANCK]: [{ village: 'BEAUJEU', defender: OLIVIER, answers: { rounds: { 1: { stop: 'agreed' } } } }, { village: 'BEAUJEU', defender: OLIVIER }] }, die: dice([1, 1]) });
  assert.deepEqual(twice.lines.find((l) => l.player === FRANCK)!.refused.map((x) => x.reason), ['already-fought']);
});

test('§8.6 sieges: laid with a lord and troops on an enemy fortification, one engine each; ended by choice or by losing the besieging lord', () => {
  const s = arena();
  const sab = lordOf(s, SABINE, 1, 'M');
  fortify(s, 'EPERVIER');
  station(s, OLIVIER, 'EPERVIER', 2, 0);
  station(s, SABINE, 'EPERVIER', 1, 0, [sab]);
  station(s, SABINE, 'BLAYE', 1, 0);
  assert.equal(siegeRefusal(s, SABINE, 'BLAYE'), 'not-enemy-fort');
  assert.equal(siegeRefusal(s, OLIVIER, 'EPERVIER'), 'not-enemy-fort');
  const r = runSieges(s, SABINE, { declare: ['EPERVIER', 'BLAYE'] });
  assert.deepEqual(r.refused.map((x) => x.reason), ['not-enemy-fort']);
  assert.deepEqual(r.state.villages.EPERVIER!.sieges, [{ besieger: SABINE, engineDice: 1, sinceTurn: s.cursor.turn }]);
  assert.equal(siegeRefusal(r.state, SABINE, 'EPERVIER'), 'already');
  assertValid(r.state);
  const ended = runSieges(r.state, SABINE, { end: ['EPERVIER'] });
  assert.deepEqual(ended.state.villages.EPERVIER!.sieges, []);
  assert.equal(ended.state.families[SABINE]!.reserve.siegeEngines, s.config.reserve.siegeEngines);
  assertValid(ended.state);
  for (const [k, m] of Object.entries({ ...SIEGE_REFUSALS, ...PILLAGE_REFUSALS, ...BATTLE_REFUSALS })) assert.ok(m.fr.length > 5 && m.en.length > 5 && m.fr !== m.en, k);
});

test('§8.7 pillage: +1 ecu a mill, the mill back to the supply; the besieger pillages, not the besieged', () => {
  const s = epervier();
  mills(s, 'EPERVIER', 2); // OLIVIER's 2 knights hold the castle
  station(s, FRANCK, 'BLAYE', 1, 0);
  mills(s, 'BLAYE', 1);
  assert.equal(pillageRefusal(s, OLIVIER, 'EPERVIER', 1), 'besieged');
  assert.equal(pillageRefusal(s, INGRID, 'BLAYE', 1), 'not-yours');
  assert.equal(pillageRefusal(s, FRANCK, 'BLAYE', 2), 'too-many');
  const before = { f: s.families[FRANCK]!.ecus, s: s.families[SABINE]!.ecus, supply: s.supply.mills };
  const r = runStep(s, '6.C', { '6.C': { [FRANCK]: { BLAYE: 1 }, [SABINE]: { EPERVIER: 2 }, [OLIVIER]: { EPERVIER: 1 } } });
  assert.equal(r.families[FRANCK]!.ecus, before.f + 1);
  assert.equal(r.families[SABINE]!.ecus, before.s + 2);
  assert.equal(r.supply.mills, before.supply + 3);
  assert.equal(r.villages.EPERVIER!.mills, 0);
  assertValid(r);
  assert.equal(runPillageStep(s).state.supply.mills, s.supply.mills); // #35 default: no pillage
});

/** Random battles over random positions: each player masses troops where his first lord stands and attacks whoever is there. */
const battleArb = fc.record({
  seed: fc.string({ maxLength: 6 }),
  stations: fc.array(fc.record({ p: fc.nat(3), s: fc.nat(5), k: fc.nat(3) }), { minLength: 2, maxLength: 6 }),
  attacks: fc.array(fc.record({ p: fc.nat(3), d: fc.nat(3), surrender: fc.boolean(), stopAt: fc.nat(4) }), { maxLength: 5 }),
  sieges: fc.array(fc.nat(3), { maxLength: 3 }),
});

function randomBattles(a: Drawn<typeof battleArb>) {
  const s = arena(4, `b-${a.seed}`);
  s.cursor = { turn: 1, phase: 6, step: '6.A' };
  fortify(s, 'CHAROLLES');
  for (const x of a.stations) {
    const p = s.players[x.p]!;
    const l = s.families[p]!.lords[0]!;
    station(s, p, 'CHAROLLES', Math.min(x.s, s.families[p]!.reserve.sergeants), Math.min(x.k, s.families[p]!.reserve.knights), [l]);
  }
  const battles: Record<string, { village: string; defender: string; answers: object }[]> = {};
  for (const x of a.attacks) (battles[s.players[x.p]!] ??= []).push({ village: 'CHAROLLES', defender: s.players[x.d]!, answers: { rounds: { [x.stopAt + 1]: x.surrender ? { surrender: 'defender' } : { stop: 'agreed' } } } });
  const sieges = Object.fromEntries(a.sieges.map((i: number) => [s.players[i]!, { declare: ['CHAROLLES'] }]));
  return { s, input: { battles, sieges } };
}

test('property: random battles and sieges keep troops non-negative and every piece in one place', () => {
  fc.assert(fc.property(battleArb, (a) => {
    const { s, input } = randomBattles(a);
    const t = runStep(s, '6.A', { '6.A': input as never });
    assert.deepEqual(checkInvariants(t), []);
    for (const f of Object.values(t.families)) assert.ok(f.reserve.sergeants >= 0 && f.reserve.knights >= 0 && f.reserve.siegeEngines >= 0);
    for (const l of Object.values(t.lords)) if (l.prisonerOf) assert.ok(l.at, 'a prisoner stands somewhere');
    assert.deepEqual(prisonersAlone(t), [], 'a prisoner stays with his jailer’s pieces [T §6.2.4]');
  }), { numRuns: 60 });
});

test('property: battles are deterministic (same state and answers → same state)', () => {
  fc.assert(fc.property(battleArb, (a) => {
    const x = randomBattles(a), y = randomBattles(a);
    assert.deepEqual(runStep(x.s, '6.A', { '6.A': x.input as never }), runStep(y.s, '6.A', { '6.A': y.input as never }));
  }), { numRuns: 25 });
});

test('the default game dice: a full 5.A → 6.A → 6.B → 6.C on a fresh game keeps the invariants', () => {
  let s = given(4, 'phase-5-6');
  for (const step of ['5.A', '6.A', '6.B', '6.C'] as const) s = runStep(s, step);
  assertValid(s);
});

test('§8.5.1 release 4: a prisoner whose jailer’s pieces are all eliminated goes free and is placed by the cascade', () => {
  const s = arena();
  const jailerLord = lordOf(s, OLIVIER, 1, 'M'), prisoner = lordOf(s, FRANCK, 1, 'M'), a = lordOf(s, SABINE, 1, 'M');
  const home = lordOf(s, FRANCK, 2, 'M');
  station(s, OLIVIER, 'BEAUJEU', 1, 0, [jailerLord]);
  s.lords[prisoner]!.at = { village: 'BEAUJEU', position: { kind: 'OUTSKIRTS' } };
  s.lords[prisoner]!.prisonerOf = OLIVIER;
  station(s, FRANCK, 'SIGY', 1, 0, [home]);
  station(s, SABINE, 'BEAUJEU', 3, 0, [a]);
  assertValid(s);
  // SABINE 4 CP: 1 die [3] kills the sergeant and OLIVIER's lord; OLIVIER 1 die [1].
  const r = fightBattle(s, { id: 'rel', village: 'BEAUJEU', attacker: SABINE, defender: OLIVIER }, {}, dice([3, 1]));
  assert.equal(r.winner, 'attacker');
  assert.equal(r.state.lords[prisoner]!.prisonerOf, null);
  assert.equal(r.state.lords[prisoner]!.at!.village, 'SIGY'); // level 2: where one of his free lords stands
  assertValid(r.state);
});

test('§8.4.9 capturing a city: the winner takes the fief title onto his lord; the fief’s empty villages follow the new governor', () => {
  const s = arena();
  const o = lordOf(s, OLIVIER, 1, 'M'), a = lordOf(s, SABINE, 1, 'M');
  fortify(s, 'EPERVIER', 'CITY'); // the capital of L'ÉPERVIER
  station(s, OLIVIER, 'EPERVIER', 1, 0);
  s.lords[o]!.at = { village: 'BLAYE', position: { kind: 'CENTER' } };
  s.villages.BLAYE!.controller = OLIVIER;
  s.titles['FIEF:F_EPERVIER'].holder = o;
  s.lords[o]!.titles.push('FIEF:F_EPERVIER');
  s.villages.HAUTEVIGNE!.controller = OLIVIER; // empty, held by default as governor
  station(s, SABINE, 'EPERVIER', 3, 0, [a]);
  assertValid(s);
  const r = fightBattle(s, { id: 'city', village: 'EPERVIER', attacker: SABINE, defender: OLIVIER, tunnel: true }, {}, dice([1, 1]));
  assert.equal(r.winner, 'attacker');
  assert.equal(r.state.villages.EPERVIER!.controller, SABINE);
  assert.equal(r.state.lords[r.state.titles['FIEF:F_EPERVIER'].holder!]!.owner, SABINE); // her lord with the fewest fief titles, first in play
  assert.ok(!r.state.lords[o]!.titles.includes('FIEF:F_EPERVIER'));
  assert.equal(r.state.villages.HAUTEVIGNE!.controller, SABINE);
  assertValid(r.state);
});
