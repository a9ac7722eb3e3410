/**
 * Phase 5, movement (rules §8.1–§8.3, rules/movement.ts): test vectors TV-31 to TV-34 of rules
 * §9.5 with injected dice, the permission model of G-29 as explicit inputs (#20, #21), step
 * budgets (G-32), bad weather, besieged pieces, the refusals in both languages, and fast-check
 * properties over random movement answers: troops never negative, every piece in one place
 * (the state's invariants), determinism.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { BOARD } from '../../src/rulesets/fief/board.ts';
import { checkInvariants } from '../../src/rulesets/fief/invariants.ts';
import { fightBattle } from '../../src/rulesets/fief/rules/battle.ts';
import { MOVE_REFUSALS, moveStep, newMemo, runMovement, type MoveCommand } from '../../src/rulesets/fief/rules/movement.ts';
import { presentPlayers, troopsOf } from '../../src/rulesets/fief/rules/pieces.ts';
import { runStep } from '../../src/rulesets/fief/turn.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';
import { arena, fortify, station } from './arena.ts';
import { assertValid, dice, FRANCK, given, INGRID, lay, lordOf, OLIVIER, SABINE } from './fixture.ts';

/** Prisoners standing where their jailer has no piece (each should be freed there and then). */
const prisonersAlone = (t: FiefState): string[] => Object.values(t.lords).filter((l) => l.prisonerOf && !(l.at && presentPlayers(t, l.at.village).includes(l.prisonerOf))).map((l) => l.id);

/** The value an arbitrary draws. */
type Drawn<A> = A extends fc.Arbitrary<infer T> ? T : never;

test('TV-31 movement and control: BEAUDOIN takes 3 sergeants to CHAROLLES, leaves 1, goes on with 2 to L’ÉPERVIER', () => {
  const s = arena();
  const beaudoin = lordOf(s, OLIVIER);
  station(s, OLIVIER, 'BLAYE', 3, 0, [beaudoin]);
  assertValid(s);
  const r = runMovement(s, OLIVIER, [
    { lead: beaudoin, to: 'CHAROLLES', sergeants: 3 },
    { lead: beaudoin, to: 'EPERVIER', sergeants: 2 },
    { lead: beaudoin, to: 'ROCHEGRISE' },
  ]);
  assert.deepEqual(r.line.moves.map((m) => m.result), ['moved', 'moved']);
  assert.deepEqual(r.line.refused.map((x) => x.reason), ['no-steps']);
  const t = r.state;
  assert.equal(t.villages.CHAROLLES!.controller, OLIVIER);
  assert.equal(t.villages.EPERVIER!.controller, OLIVIER);
  assert.equal(t.villages.BLAYE!.controller, null); // free: F_BLAYE is not governed
  assert.deepEqual(troopsOf(t, 'CHAROLLES', OLIVIER), { sergeants: 1, knights: 0 });
  assert.deepEqual(troopsOf(t, 'EPERVIER', OLIVIER), { sergeants: 2, knights: 0 });
  assert.equal(t.lords[beaudoin]!.stepsThisTurn, 2);
  assert.ok(t.villages.EPERVIER!.stacks.flatMap((x) => x.groups).every((g) => g.steps === 2));
  assertValid(t);
});

/** TV-32's given: P's lord L with 3 sergeants at BLAYE; CHAROLLES held by Q's troops; L'ÉPERVIER beyond. */
function refusedPassage() {
  const s = arena();
  const l = lordOf(s, FRANCK);
  station(s, FRANCK, 'BLAYE', 3, 0, [l]);
  station(s, INGRID, 'CHAROLLES', 2, 0);
  return { s, l };
}

test('TV-32 refused passage: Q refuses (#20 default); L stops at the entrance of the BLAYE path (#21 default), no raid afterwards', () => {
  const { s, l } = refusedPassage();
  const r = runMovement(s, FRANCK, [
    { lead: l, to: 'CHAROLLES', sergeants: 3 },
    { lead: l, to: 'EPERVIER', sergeants: 3 },
    { lead: l, to: 'EPERVIER', knights: 0, raid: true },
  ]);
  assert.deepEqual(r.line.moves.map((m) => [m.result, m.blockers]), [['moved', []], ['stopped', [INGRID]]]);
  assert.deepEqual(r.line.refused.map((x) => x.reason), ['group-done']);
  assert.deepEqual(r.state.lords[l]!.at, { village: 'CHAROLLES', position: { kind: 'ENTRANCE', path: 'BLAYE~CHAROLLES' } });
  assert.equal(r.state.villages.CHAROLLES!.controller, INGRID); // entering to stop never needs consent, and takes nothing [P G-29]
  assertValid(r.state);
});

test('TV-32 refused passage, going back: L returns to BLAYE with all 3 sergeants (step 2); with Q’s leave he passes', () => {
  const { s, l } = refusedPassage();
  const back = runMovement(s, FRANCK, [{ lead: l, to: 'CHAROLLES', sergeants: 3 }, { lead: l, to: 'EPERVIER', sergeants: 3, onRefusal: 'back' }]);
  assert.deepEqual(back.line.moves.map((m) => m.result), ['moved', 'went-back']);
  assert.equal(back.state.lords[l]!.at!.village, 'BLAYE');
  assert.equal(back.state.lords[l]!.stepsThisTurn, 2);
  assert.deepEqual(troopsOf(back.state, 'BLAYE', FRANCK), { sergeants: 3, knights: 0 });
  assertValid(back.state);
  const allowed = runMovement(s, FRANCK, [{ lead: l, to: 'CHAROLLES', sergeants: 3 }, { lead: l, to: 'EPERVIER', sergeants: 3 }], { permissions: { [INGRID]: { [FRANCK]: 'allow' } } });
  assert.deepEqual(allowed.line.moves.map((m) => m.result), ['moved', 'moved']);
  assert.equal(allowed.state.villages.EPERVIER!.controller, FRANCK);
  assertValid(allowed.state);
});

test('TV-33 raid defender bonus: 2 knights + 3 sergeants (9 CP, 2 dice) roll [1,2]: 3 + 2 = 5 damage', () => {
  const s = arena();
  const raider = lordOf(s, OLIVIER, 1, 'M');
  station(s, INGRID, 'CHAROLLES', 3, 2);
  station(s, OLIVIER, 'CHAROLLES', 0, 2, [raider]);
  const r = fightBattle(s, { id: 'tv33', village: 'CHAROLLES', attacker: OLIVIER, defender: INGRID, raid: true }, { rounds: { 1: { stop: 'agreed' } } }, dice([1, 1, 1, 2]));
  assert.deepEqual(r.rounds[0]!.dice.defender, [1, 2]);
  assert.equal(r.rounds[0]!.damage.defender, 5);
});

test('TV-34 successful raid: BEAUDOIN + 2 knights raid through CHAROLLES (dice [1,1] vs [1] + 1), leave a knight, go on to L’ÉPERVIER', () => {
  const s = arena();
  const beaudoin = lordOf(s, OLIVIER, 1, 'M'); // a man: 1 CP
  station(s, OLIVIER, 'BLAYE', 0, 2, [beaudoin]);
  station(s, INGRID, 'CHAROLLES', 1, 0);
  station(s, INGRID, 'EPERVIER', 1, 0);
  assertValid(s);
  const r = runMovement(s, OLIVIER, [
    { lead: beaudoin, to: 'CHAROLLES', knights: 2, raid: true },
    { lead: beaudoin, to: 'EPERVIER', knights: 1 }, // #22: blue fights (default)
  ], { die: dice([1, 1, 1]) });
  assert.deepEqual(r.line.moves.map((m) => m.result), ['moved', 'moved']);
  const t = r.state;
  assert.deepEqual(troopsOf(t, 'CHAROLLES', INGRID), { sergeants: 0, knights: 0 }); // the blue sergeant eliminated
  assert.deepEqual(troopsOf(t, 'CHAROLLES', OLIVIER), { sergeants: 0, knights: 1 }); // no loss: 2 damage wasted on knights
  assert.equal(t.villages.CHAROLLES!.controller, OLIVIER);
  assert.equal(t.lords[beaudoin]!.at!.village, 'EPERVIER');
  assert.equal(t.lords[beaudoin]!.stepsThisTurn, 2);
  assert.equal(t.villages.EPERVIER!.controller, INGRID); // a battle there is for Phase 6
  assertValid(t);
});

test('§8.3: a raid is flagged at the first step, lords and knights only; a lost raid stops the group', () => {
  const s = arena();
  const l = lordOf(s, OLIVIER, 1, 'M');
  station(s, OLIVIER, 'BLAYE', 2, 1, [l]);
  station(s, INGRID, 'CHAROLLES', 0, 2);
  const memo = newMemo();
  assert.deepEqual(moveStep(s, OLIVIER, { lead: l, to: 'CHAROLLES', sergeants: 1, raid: true }, memo), { ok: false, reason: 'raid-force' });
  const r = runMovement(s, OLIVIER, [{ lead: l, to: 'CHAROLLES', knights: 1, raid: true }, { lead: l, to: 'EPERVIER', knights: 1 }, { lead: l, to: 'EPERVIER' }], { die: dice([1, 1, 1, 1, 1, 1]) });
  // Each round: raider 4 CP, 1 die [1] on 2 knights; blue 6 CP, 1 die [1] + 1 = 2 on 1 knight: nothing dies; 3 such rounds end it.
  assert.equal(r.line.moves[0]!.result, 'moved');
  assert.equal(r.line.moves[1]!.result, 'raid-failed');
  assert.equal(r.state.lords[l]!.at!.village, 'CHAROLLES');
  assert.deepEqual(r.line.refused.map((x) => x.reason), ['group-done']);
  assertValid(r.state);
});

test('§8.1: bad weather blocks steps into, out of and inside its bishopric; a besieged controller does not walk out', () => {
  const s = arena();
  const l = lordOf(s, FRANCK);
  station(s, FRANCK, 'BLAYE', 1, 0, [l]);
  lay(s, 'BAD_WEATHER', BOARD.villages.CHAROLLES!.bishopric);
  assert.deepEqual(moveStep(s, FRANCK, { lead: l, to: 'CHAROLLES' }, newMemo()), { ok: false, reason: 'bad-weather' });
  const t = arena();
  const m = lordOf(t, FRANCK), b = lordOf(t, SABINE);
  fortify(t, 'BLAYE');
  station(t, FRANCK, 'BLAYE', 1, 0, [m]);
  station(t, SABINE, 'BLAYE', 1, 0, [b]);
  t.villages.BLAYE!.sieges.push({ besieger: SABINE, engineDice: 1, sinceTurn: 1 });
  t.families[SABINE]!.reserve.siegeEngines -= 1;
  assertValid(t);
  assert.deepEqual(moveStep(t, FRANCK, { lead: m, to: 'CHAROLLES' }, newMemo()), { ok: false, reason: 'besieged' });
  const out = moveStep(t, FRANCK, { lead: m, to: 'CHAROLLES', besiegerPermits: true }, newMemo()); // #33
  assert.ok(out.ok && out.result === 'moved');
  assert.deepEqual(moveStep(t, FRANCK, { lead: m, to: 'CHAROLLES', tunnel: true }, newMemo()), { ok: false, reason: 'no-tunnel' });
});

test('§8.1 [P G-32]: a 3rd step only in d’Arc’s company; troops move only with a lord', () => {
  const s = arena();
  const l = lordOf(s, FRANCK), d = lordOf(s, FRANCK, 1, 'F');
  station(s, FRANCK, 'BLAYE', 2, 0, [l]);
  const path: MoveCommand[] = [{ lead: l, to: 'CHAROLLES', sergeants: 2 }, { lead: l, to: 'EPERVIER', sergeants: 2 }, { lead: l, to: 'ROCHEGRISE', sergeants: 2 }];
  assert.deepEqual(runMovement(s, FRANCK, path).line.refused.map((x) => x.reason), ['no-steps']);
  s.lords[d]!.darc = true;
  s.lords[d]!.at = { village: 'BLAYE', position: { kind: 'CENTER' } };
  const withDarc = runMovement(s, FRANCK, path.map((c) => ({ ...c, companions: [d] })));
  assert.deepEqual(withDarc.line.refused, []);
  assert.equal(withDarc.state.lords[d]!.at!.village, 'ROCHEGRISE');
  assert.deepEqual(moveStep(s, FRANCK, { lead: l, to: 'CHAROLLES', sergeants: 3 }, newMemo()), { ok: false, reason: 'no-troops' });
  assert.deepEqual(moveStep(s, FRANCK, { lead: l, to: 'ST_FIRMIN' }, newMemo()), { ok: false, reason: 'not-adjacent' });
  assert.deepEqual(moveStep(s, FRANCK, { lead: lordOf(s, OLIVIER), to: 'CHAROLLES' }, newMemo()).ok, false);
});

test('every movement refusal has its text in French and English', () => {
  for (const [k, m] of Object.entries(MOVE_REFUSALS)) assert.ok(m.fr.length > 10 && m.en.length > 10 && m.fr !== m.en, k);
});

/** Random movement answers for every player from a fresh game: lords to neighbours with random troops, raids, permissions. */
const commandArb = fc.record({ lord: fc.nat(20), to: fc.nat(5), sergeants: fc.nat(4), knights: fc.nat(3), raid: fc.boolean(), back: fc.boolean() });
const answersArb = fc.record({
  moves: fc.array(fc.record({ player: fc.nat(3), cmd: commandArb }), { maxLength: 14 }),
  allow: fc.array(fc.tuple(fc.nat(3), fc.nat(3)), { maxLength: 6 }),
  seed: fc.string({ maxLength: 6 }),
});

function randomMovement(a: Drawn<typeof answersArb>) {
  const s = given(4, `mv-${a.seed}`);
  s.cursor = { turn: 1, phase: 5, step: '5.A' };
  const lords = Object.keys(s.lords);
  const moves: Record<string, MoveCommand[]> = {};
  for (const { player, cmd } of a.moves) {
    const p = s.players[player]!;
    const id = lords[cmd.lord % lords.length]!;
    const at = s.lords[id]!.at?.village ?? 'BLAYE';
    const adj = BOARD.adjacent[at]!;
    (moves[p] ??= []).push({ lead: id, to: adj[cmd.to % adj.length]!, sergeants: cmd.raid ? 0 : cmd.sergeants, knights: cmd.knights, raid: cmd.raid, onRefusal: cmd.back ? 'back' : 'stop' });
  }
  const permissions: Record<string, Record<string, 'allow'>> = {};
  for (const [x, y] of a.allow) (permissions[s.players[x]!] ??= {})[s.players[y]!] = 'allow';
  return { s, input: { moves, permissions } };
}

test('property: random movement (with raids) keeps troops non-negative and every piece in one place', () => {
  fc.assert(fc.property(answersArb, (a) => {
    const { s, input } = randomMovement(a);
    const t = runStep(s, '5.A', { '5.A': input });
    assert.deepEqual(checkInvariants(t), []);
    for (const f of Object.values(t.families)) assert.ok(f.reserve.sergeants >= 0 && f.reserve.knights >= 0);
    assert.deepEqual(prisonersAlone(t), [], 'a prisoner stays with his jailer’s pieces [T §6.2.4]');
  }), { numRuns: 60 });
});

test('property: movement is deterministic (same state and answers → same state)', () => {
  fc.assert(fc.property(answersArb, (a) => {
    const x = randomMovement(a), y = randomMovement(a);
    assert.deepEqual(runStep(x.s, '5.A', { '5.A': x.input }), runStep(y.s, '5.A', { '5.A': y.input }));
  }), { numRuns: 25 });
});
