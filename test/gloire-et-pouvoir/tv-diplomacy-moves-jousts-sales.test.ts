/**
 * Rules §6.6–§6.9 test vectors TV-31 … TV-43: diplomacy (§4.8), movement (§4.9), jousts
 * (§4.10–4.11) and sales (§4.12).
 *
 * Jousts draw with `rng.next()`: each round one shuffle of the field (Fisher–Yates from the end,
 * j = floor(draw × (i + 1))), a bye index `int(0, n − 1)` when the field is odd, then for each
 * pass of a duel knight a's draw then knight b's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedRng } from '../../src/engine/rng.ts';
import { resolveConfig } from '../../src/rulesets/gloire-et-pouvoir/config.ts';
import { globalRenown, joustPassDecided, joustRenown, joustValue, refusalPenalty } from '../../src/rulesets/gloire-et-pouvoir/formulas.ts';
import type { GPEvent } from '../../src/rulesets/gloire-et-pouvoir/events.ts';
import type { GPState, LordId } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { relation } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { addKnight, eventsOf, giveArmy, home, near, relate, runPhases, runTurn, scenario, setTerritory } from './harness.ts';

const cancelled = (events: GPEvent[]) => eventsOf(events, 'order-cancelled').map((c) => [c.lord, c.text, c.reason]);
const lk = (s: GPState, lord: LordId) => s.knights[s.lords[lord]!.lordKnight]!;

// ─────────────────────────────────────────────────────────────────── §6.6 diplomacy

test('TV-31 war on an ally with cancellation in the same turn: GUE first, felony, war; ANN finds nothing', () => {
  const s = scenario(['A', 'B']);
  relate(s, 'L1', 'L2', 'alliance');
  const { state, events } = runPhases(s, { L1: 'GUE B\nANN B' }, [8]);
  const [f] = eventsOf(events, 'felony');
  assert.deepEqual([f!.lord, f!.victim, f!.cause], ['L1', 'L2', 'war-on-ally']);
  near(lk(state, 'L1').renown, 100 / 3);
  assert.equal(lk(state, 'L2').renown, 100);
  assert.equal(relation(state, 'L1', 'L2'), 'war');
  assert.deepEqual(eventsOf(events, 'relation').map((r) => [r.from, r.to, r.cause]), [['alliance', 'peace', 'felony'], ['peace', 'war', 'felony']]);
  assert.deepEqual(cancelled(events), [['L1', 'ANN B', 'not-allied']]);
});

test('TV-32 peace and alliance in the same turn: ALL fails (still at war), PAI succeeds', () => {
  const s = scenario(['A', 'B']);
  relate(s, 'L1', 'L2', 'war');
  const { state, events } = runPhases(s, { L1: 'PAI B\nALL B', L2: 'ALL A\nPAI A' }, [8]);
  assert.equal(relation(state, 'L1', 'L2'), 'peace');
  assert.deepEqual(cancelled(events).sort(), [['L1', 'ALL B', 'at-war'], ['L2', 'ALL A', 'at-war']]);
  assert.deepEqual(eventsOf(events, 'relation').map((r) => [r.from, r.to, r.cause]), [['war', 'peace', 'PAI']]);
});

test('TV-33 ally caught between two allies: A–B allied again, A–C peace, B–C war', () => {
  const s = scenario(['A', 'B', 'C']);
  relate(s, 'L1', 'L2', 'alliance');
  relate(s, 'L1', 'L3', 'alliance');
  const { state, events } = runPhases(s, { L2: 'GUE C\nALL A', L1: 'ALL B' }, [8]);
  assert.equal(relation(state, 'L1', 'L2'), 'alliance');
  assert.equal(relation(state, 'L1', 'L3'), 'peace');
  assert.equal(relation(state, 'L2', 'L3'), 'war');
  assert.equal(eventsOf(events, 'felony').length, 0);
  const pair = (a: string, b: string) => [a, b].sort().join('–');
  assert.deepEqual(eventsOf(events, 'relation').map((r) => [pair(r.a, r.b), r.to, r.cause]), [
    ['L1–L2', 'peace', 'common-ally'], // 8.1: the common alliances go first
    ['L1–L3', 'peace', 'common-ally'],
    ['L2–L3', 'war', 'GUE'],
    ['L1–L2', 'alliance', 'ALL'], // 8.2: restored
  ]);
});

test('TV-34 unilateral and mutual checks', () => {
  {
    const s = scenario(['A', 'B']);
    const { state, events } = runPhases(s, { L1: 'ALL B' }, [8]);
    assert.equal(relation(state, 'L1', 'L2'), 'peace', 'ALL alone: no alliance');
    assert.deepEqual(cancelled(events), [['L1', 'ALL B', 'no-match']]);
  }
  {
    const s = scenario(['A', 'B']);
    const { state } = runPhases(s, { L1: 'GUE B' }, [8]);
    assert.equal(relation(state, 'L1', 'L2'), 'war', 'GUE alone: war');
  }
  {
    const s = scenario(['A', 'B']);
    relate(s, 'L1', 'L2', 'war');
    const { state, events } = runPhases(s, { L1: 'PAI B' }, [8]);
    assert.equal(relation(state, 'L1', 'L2'), 'war', 'PAI alone: still war');
    assert.deepEqual(cancelled(events), [['L1', 'PAI B', 'no-match']]);
  }
});

/**
 * C (caller) allied with A, B1, B2 and at war with E. No one owns land (S2 = 0), every lord-knight
 * has R 100: GR(C) = 100 + 30 (allies) − 10 (enemy) + treasury/500 = 300 with 90 000 écus;
 * GR(B1) = 100 + 10 + 90 = 200 (45 000); GR(B2) = 100 + 10 + 40 = 150 (20 000).
 */
function tv35() {
  const s = scenario(['A', 'C', 'E', 'B1', 'B2']);
  const [A, C, E, B1, B2] = ['L1', 'L2', 'L3', 'L4', 'L5'];
  relate(s, C, A, 'alliance');
  relate(s, C, B1, 'alliance');
  relate(s, C, B2, 'alliance');
  relate(s, C, E, 'war');
  s.lords[C]!.treasury = 90000;
  s.lords[B1]!.treasury = 45000;
  s.lords[B2]!.treasury = 20000;
  s.turn = 3;
  return { s, A, C, E, B1, B2 };
}

test('TV-35 refusal of aid: the penalty formula 10 % GR(C) + 1 % GR of each other ally', () => {
  near(refusalPenalty(resolveConfig(), 300, [200, 150]), 33.5, 1e-9); // 30 + 2 + 1.5
  const { s, C, B1, B2 } = tv35();
  for (const [lord, gr] of [[C, 300], [B1, 200], [B2, 150]] as const) near(globalRenown(s, lord, 20), gr, 1e-9, `GR(${lord})`);
});

test('TV-35 refusal of aid across two turns: A not at war with E at T+1 → 33.5 off his lord-knight, alliance kept', () => {
  const { s, A, C } = tv35();
  const t = runPhases(s, { [C]: 'APP A' }, [8]);
  const [call] = eventsOf(t.events, 'ally-called');
  assert.deepEqual([call!.caller, call!.callee, call!.enemies], [C, A, ['L3']]);
  assert.equal(s.allyCalls.length, 1);

  s.turn = 4;
  const { state, events } = runPhases(s, {}, [8]);
  const [r] = eventsOf(events, 'aid-refused');
  assert.ok(r, 'A refused');
  assert.deepEqual([r.lord, r.caller], [A, C]);
  near(r.penalty, 33.5, 1e-9);
  near(lk(state, A).renown, 66.5, 1e-9);
  assert.equal(relation(state, A, C), 'alliance', 'the alliance is not broken');
  assert.deepEqual(state.allyCalls, [], 'a call binds only the next turn');
});

test('TV-35 refusal of aid through two whole turns (rents of phase 3 included)', () => {
  const { s, A, C } = tv35();
  const t1 = runTurn(s, { [C]: 'APP A' });
  // Phase 17 of turn 3 gives C Comte (GR 300), B1 Vicomte (200), B2 Baron (150); their rents of
  // turn 4 (2 000 / 1 500 / 1 000) add 4, 3 and 2 to their GR before step 8.5:
  // penalty = 10 % × 304 + 1 % × (203 + 152) = 33.95.
  assert.deepEqual(['L2', 'L4', 'L5'].map((l) => t1.state.lords[l]!.title), ['comte', 'vicomte', 'baron']);
  const t2 = runTurn(t1.state, {});
  const [r] = eventsOf(t2.events, 'aid-refused');
  assert.ok(r);
  near(r.penalty, 33.95, 1e-9);
  near(lk(t2.state, A).renown, 100 - 33.95, 1e-9);
  assert.equal(relation(t2.state, A, C), 'alliance');
});

test('TV-35 variants: GUE E at T+1 avoids it; ANN C at T+1 does not; ANN C at T voids the call', () => {
  {
    const { s, A, C, E } = tv35();
    runPhases(s, { [C]: 'APP A' }, [8]);
    s.turn = 4;
    const { state, events } = runPhases(s, { [A]: 'GUE E' }, [8]);
    assert.equal(relation(state, A, E), 'war');
    assert.equal(eventsOf(events, 'aid-refused').length, 0);
    assert.equal(lk(state, A).renown, 100);
  }
  {
    const { s, A, C } = tv35();
    runPhases(s, { [C]: 'APP A' }, [8]);
    s.turn = 4;
    const { state, events } = runPhases(s, { [A]: 'ANN C' }, [8]);
    assert.equal(relation(state, A, C), 'peace');
    const [r] = eventsOf(events, 'aid-refused');
    assert.ok(r, 'still penalised [T §5.9.5]');
    // Live GR at step 8.5: the ANN (8.4) already took A out of C's allies, GR(C) = 290:
    // 29 + 2 + 1.5 = 32.5.
    near(r.penalty, 32.5, 1e-9);
    near(lk(state, A).renown, 67.5, 1e-9);
  }
  {
    const { s, A, C } = tv35();
    const t = runPhases(s, { [C]: 'APP A', [A]: 'ANN C' }, [8]);
    assert.deepEqual(cancelled(t.events), [[C, 'APP A', 'not-allied']]);
    assert.deepEqual(s.allyCalls, []);
    s.turn = 4;
    const { state, events } = runPhases(s, {}, [8]);
    assert.equal(eventsOf(events, 'aid-refused').length, 0);
    assert.equal(lk(state, A).renown, 100);
  }
});

// ─────────────────────────────────────────────────────────────────── §6.7 movement

/** L1's lord-knight on Narvik with `men`, Thule neutral with 500 peasants (leader R 50). */
function tv36(men: number) {
  const s = scenario(['Keu', 'Autre']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'riga');
  giveArmy(s, s.lords.L1!.lordKnight, men);
  setTerritory(s, 'thule', { population: 16667 });
  return s;
}

test('TV-36 attack plus safety move: the attack succeeds → MOV cancelled', () => {
  const s = tv36(1000);
  const { state, events } = runPhases(s, { L1: 'ATT Keu thule 500\nMOV Keu svartsen' }, [7, 9], scriptedRng([0.5, 0.5, 0.5, 0.5]));
  assert.equal(eventsOf(events, 'battle')[0]!.result, 'conquest');
  assert.equal(lk(state, 'L1').location, 'thule');
  assert.deepEqual(cancelled(events), [['L1', 'MOV Keu svartsen', 'conquered-this-turn']]);
});

test('TV-36 attack plus safety move: the attack fails → MOV runs', () => {
  const s = tv36(150);
  // The peasants win the first pass: 0.10 × 500 × 0.5 = 25 → 125 < 130.
  const { state, events } = runPhases(s, { L1: 'ATT Keu thule 130\nMOV Keu svartsen' }, [7, 9], scriptedRng([0, 0.9]));
  assert.equal(eventsOf(events, 'battle')[0]!.result, 'repelled');
  const [m] = eventsOf(events, 'moved');
  assert.deepEqual([m!.knight, m!.from, m!.to, m!.men], [s.lords.L1!.lordKnight, 'narvik', 'svartsen', 125]);
  const k = lk(state, 'L1');
  assert.equal(k.location, 'svartsen');
  assert.equal(state.armies[String(k.army)]!.location, 'svartsen');
  assert.deepEqual(cancelled(events), []);
});

test('TV-37 co-location of non-allied knights: the lower GR moves first, the other move is cancelled', () => {
  for (const richer of ['L1', 'L2']) {
    const s = scenario(['X', 'Y']);
    home(s, 'L1', 'narvik');
    home(s, 'L2', 'dolon');
    s.lords[richer]!.treasury = 20000;
    const first = richer === 'L1' ? 'L2' : 'L1';
    const { state, events } = runPhases(s, { L1: 'MOV X thule', L2: 'MOV Y thule' }, [9]);
    assert.deepEqual(eventsOf(events, 'moved').map((m) => m.lord), [first]);
    assert.deepEqual(cancelled(events), [[richer, richer === 'L1' ? 'MOV X thule' : 'MOV Y thule', 'hostile-destination']]);
    assert.equal(lk(state, first).location, 'thule');
    assert.equal(lk(state, richer).location, richer === 'L1' ? 'narvik' : 'dolon');
  }
  // Allied knights may share it.
  const s = scenario(['X', 'Y']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'dolon');
  relate(s, 'L1', 'L2', 'alliance');
  const { events } = runPhases(s, { L1: 'MOV X thule', L2: 'MOV Y thule' }, [9]);
  assert.equal(eventsOf(events, 'moved').length, 2);
});

// ─────────────────────────────────────────────────────────────────── §6.8 jousts

test('TV-38 ORG cost and cancellation', () => {
  const s = scenario(['Organisateur', 'Autre']);
  const { state, events } = runPhases(s, { L1: 'ORG 8 2000 pw', L2: 'ORG 8 400 pw' }, [10]);
  const [o] = eventsOf(events, 'joust-organised');
  assert.deepEqual([o!.lord, o!.capacity, o!.reward, o!.cost], ['L1', 8, 2000, 2400]);
  assert.equal(state.lords.L1!.treasury, 5000 - 2400 - 2000, 'the reward is set aside [P G-27]');
  assert.deepEqual(cancelled(events), [['L2', 'ORG 8 400 pw', 'reward-too-low']]);
  assert.equal(state.lords.L2!.treasury, 5000, 'nothing charged');
});

test('TV-39 one duel pass: within 10 % → undecided; then A wins', () => {
  const cfg = resolveConfig();
  const a1 = joustValue(80, 0.5, 60);
  const b1 = joustValue(40, 0.9, 60);
  assert.deepEqual([a1, b1], [100, 96]);
  assert.equal(joustPassDecided(cfg, a1, b1), false); // |100 − 96| = 4 ≤ 10
  const a2 = joustValue(80, 0.75, 60);
  const b2 = joustValue(40, 0.25, 60);
  assert.deepEqual([a2, b2], [120, 70]);
  assert.equal(joustPassDecided(cfg, a2, b2), true);
});

/** Arthur (lord-knight R 80) and Bedivere (R 40): average knight renown 60. Arthur organises. */
function duel() {
  const s = scenario(['Arthur', 'Bedivere']);
  lk(s, 'L1').renown = 80;
  lk(s, 'L2').renown = 40;
  return s;
}

test('TV-39 the same duel through phases 10–11 (scripted draws)', () => {
  const s = duel();
  // Shuffle [Arthur, Bedivere] kept (draw 0.99); pass 1: 0.5 / 0.9 (undecided), pass 2: 0.75 / 0.25.
  const { state, events } = runPhases(s, { L1: 'ORG 2 500 pw\nPAR Arthur Arthur pw', L2: 'PAR Bedivere Arthur pw' }, [10, 11], scriptedRng([0.99, 0.5, 0.9, 0.75, 0.25]));
  const [j] = eventsOf(events, 'joust');
  assert.ok(j!.held);
  assert.equal(j!.duels.length, 1);
  const d = j!.duels[0]!;
  assert.deepEqual([d.a, d.b, d.winner, d.passes], ['K1', 'K2', 'K1', 2]);
  near(d.gain, 4);
  assert.equal(d.loss, 0);
  near(lk(state, 'L1').renown, 84);
  assert.equal(lk(state, 'L2').renown, 40);
  assert.equal(j!.winnerLord, 'L1');
  assert.equal(state.lords.L1!.treasury, 5000 - 600 - 500 + 500);
});

test('TV-40 renown transfers (literal reading) and the alternative weighting', () => {
  const cfg = resolveConfig();
  const rows: [w: number, l: number, gain: number, loss: number][] = [
    [80, 40, 4, 0],
    [40, 80, 16, 4],
    [30, 90, 18, 4.5],
    [50, 60, 7.2, 3],
  ];
  const after: [number, number][] = [[84, 40], [56, 76], [48, 85.5], [57.2, 57]];
  rows.forEach(([w, l, gain, loss], i) => {
    const r = joustRenown(cfg, w, l);
    near(r.gain, gain, 1e-9, `gain row ${i + 1}`);
    near(r.loss, loss, 1e-9, `loss row ${i + 1}`);
    near(w + r.gain, after[i]![0], 1e-9);
    near(l - r.loss, after[i]![1], 1e-9);
  });
  const alt = resolveConfig({ joustAlwaysWeighted: true });
  near(joustRenown(alt, 80, 40).gain, 2, 1e-9); // 0.1 × 40 × 40/80
  assert.equal(joustRenown(alt, 80, 40).loss, 0);
  near(joustRenown(alt, 40, 80).gain, 16, 1e-9); // rows where the loser is stronger are unchanged
});

test('TV-40 second row through a duel: B 40 beats A 80 → B 56, A 76 (royal joust, no organiser)', () => {
  const s = duel();
  s.turn = 10;
  // Pass 1: Arthur 0 → 60, Bedivere 0.99 → 99.6: decided, Bedivere wins.
  const { state, events } = runPhases(s, { L1: 'PAR Arthur', L2: 'PAR Bedivere' }, [10, 11], scriptedRng([0.99, 0, 0.99]));
  const [j] = eventsOf(events, 'joust');
  assert.equal(j!.winner, 'K2');
  near(j!.duels[0]!.gain, 16);
  near(j!.duels[0]!.loss, 4);
  near(lk(state, 'L2').renown, 56);
  near(lk(state, 'L1').renown, 76);
  assert.equal(state.lords.L2!.treasury, 5000 + 15000);
});

/**
 * Organiser O ('Orgueil') and lord Y ('Ysolde'); Y's knights X1 80, X2 40, X3 40, X4 80 and O's
 * knight P (R 100: his lord-knight if `pIsLordKnight`, else another knight) enter O's joust.
 * Scripted bracket: round 1 P has the bye, X1 beats X2 (+4), X3 beats X4 (+16); round 2 X1 has the
 * bye, P beats X3; round 3 P beats X1. Gains of knights not O's: 4 + 16 = 20.
 */
function organiserJoust(pIsLordKnight: boolean, config: Record<string, unknown> = {}) {
  const s = scenario(['Orgueil', 'Ysolde'], config);
  const P = pIsLordKnight ? s.lords.L1!.lordKnight : addKnight(s, 'L1', { name: 'Perceval', renown: 100, location: 'narvik' });
  const x = [80, 40, 40, 80].map((r, i) => addKnight(s, 'L2', { name: `X${i + 1}`, renown: r, location: 'riga' }));
  const pName = pIsLordKnight ? 'Orgueil' : 'Perceval';
  const draws = [
    0.5, 0.5, 0.999, 0.999, // shuffle [P, X1, X4, X2, X3] → [P, X1, X2, X3, X4]
    0, // bye: P
    0.9, 0.1, // X1 beats X2
    0.99, 0, // X3 beats X4
    0.999, 0.999, // shuffle [P, X1, X3] kept
    0.5, // bye: X1
    0.9, 0, // P beats X3
    0.999, // shuffle [X1, P] kept
    0, 0.9, // P beats X1
  ];
  const run = runPhases(s, {
    L1: `ORG 8 1000 pw\nPAR ${pName} Orgueil pw`,
    L2: x.map((_, i) => `PAR X${i + 1} Orgueil pw`).join('\n'),
  }, [10, 11], scriptedRng(draws));
  const [j] = eventsOf(run.events, 'joust');
  assert.ok(j);
  assert.deepEqual(j.duels.map((d) => [d.winner, Math.round(d.gain * 1e9) / 1e9]), [[x[0], 4], [x[2], 16], [P, 5.6], [P, 8.4]]);
  assert.equal(j.winner, P);
  return { ...run, j, P };
}

test('TV-41 organiser bonus: one of O\'s knights took part → 15 % of 20 = 3', () => {
  const { state, j } = organiserJoust(false);
  near(j.organiserBonus, 3, 1e-9);
  near(lk(state, 'L1').renown, 103, 1e-9);
  assert.equal(state.lords.L1!.treasury, 5000 - 2400 - 1000 + 1000, 'O\'s knight won his own reward');
});

test('TV-41 organiser bonus: O\'s lord-knight himself took part → 15 % (both readings)', () => {
  for (const means of ['any-knight', 'lord-knight']) {
    const { state, j, P } = organiserJoust(true, { organiserAbsentMeans: means });
    near(j.organiserBonus, 3, 1e-9);
    near(state.knights[P]!.renown, 100 + 5.6 + 8.4 + 3, 1e-9);
  }
});

test('TV-41 organiser bonus, variant "his lord-knight did not take part": another knight of O took part → 20 % = 4', () => {
  const { state, j } = organiserJoust(false, { organiserAbsentMeans: 'lord-knight' });
  near(j.organiserBonus, 4, 1e-9);
  near(lk(state, 'L1').renown, 104, 1e-9);
});

test('TV-41 organiser bonus: none of O\'s knights took part → 20 % of 20 = 4', () => {
  const s = scenario(['Orgueil', 'Ysolde']);
  addKnight(s, 'L2', { name: 'Fort', renown: 100, location: 'riga' });
  addKnight(s, 'L2', { name: 'Faible', renown: 40, location: 'riga' });
  // Average knight renown 85. Shuffle [Fort, Faible] kept; Fort 0 → 85, Faible 0.99 → 124.6: Faible wins, +20.
  const { state, events } = runPhases(s, { L1: 'ORG 2 500 pw', L2: 'PAR Fort Orgueil pw\nPAR Faible Orgueil pw' }, [10, 11], scriptedRng([0.99, 0, 0.99]));
  const [j] = eventsOf(events, 'joust');
  near(j!.duels[0]!.gain, 20, 1e-9);
  near(j!.organiserBonus, 4, 1e-9);
  near(lk(state, 'L1').renown, 104, 1e-9);
  assert.equal(state.lords.L2!.treasury, 5500);
});

test('TV-41 fewer than 2 participants: no joust, no bonus, no renown change; reward back, places lost', () => {
  const s = scenario(['Orgueil', 'Ysolde']);
  const { state, events } = runPhases(s, { L1: 'ORG 8 2000 pw', L2: 'PAR Ysolde Orgueil pw' }, [10, 11], scriptedRng([]));
  const [j] = eventsOf(events, 'joust');
  assert.equal(j!.held, false);
  assert.equal(j!.organiserBonus, 0);
  assert.deepEqual(j!.duels, []);
  assert.equal(lk(state, 'L1').renown, 100);
  assert.equal(lk(state, 'L2').renown, 100);
  assert.equal(state.lords.L1!.treasury, 5000 - 2400);
});

test('TV-42 royal joust at turn 5: PAR with the lord left empty, the King pays 15 000', () => {
  const s = duel();
  s.turn = 5;
  const { state, events } = runPhases(s, { L1: 'PAR Arthur', L2: 'PAR Bedivere' }, [10, 11], scriptedRng([0.99, 0.75, 0.25]));
  const [j] = eventsOf(events, 'joust');
  assert.ok(j!.royal && j!.held);
  assert.equal(j!.organizer, null);
  assert.equal(j!.reward, 15000);
  assert.equal(j!.winnerLord, 'L1');
  assert.equal(j!.organiserBonus, 0);
  assert.equal(state.lords.L1!.treasury, 5000 + 15000);
  assert.equal(state.lords.L2!.treasury, 5000);

  const s4 = duel();
  s4.turn = 4;
  const r4 = runPhases(s4, { L1: 'PAR Arthur' }, [10, 11], scriptedRng([]));
  assert.deepEqual(cancelled(r4.events), [['L1', 'PAR Arthur', 'no-joust']]);
});

// ─────────────────────────────────────────────────────────────────── §6.9 sales

/** Vendeur (A) owns Lofoten (H 13) and Svartsen; Acheteur (B) owns Riga; Ennemi (E) owns Bergen. Turn 3. */
function sale() {
  const s = scenario(['Vendeur', 'Acheteur', 'Ennemi', 'Tiers']);
  home(s, 'L1', 'svartsen', 'lofoten');
  home(s, 'L2', 'riga');
  home(s, 'L3', 'bergen');
  home(s, 'L4', 'oslo');
  setTerritory(s, 'lofoten', { happiness: 13 });
  s.turn = 3;
  return s;
}

test('TV-43 sale succeeds: money, owner, H 20, the seller\'s memory', () => {
  const s = sale();
  const { state, events } = runPhases(s, { L1: 'VND Acheteur lofoten 3000', L2: 'ACH Vendeur lofoten 3000' }, [12]);
  assert.deepEqual(eventsOf(events, 'sale').map((e) => [e.seller, e.buyer, e.territory, e.price]), [['L1', 'L2', 'lofoten', 3000]]);
  assert.equal(state.lords.L2!.treasury, 2000);
  assert.equal(state.lords.L1!.treasury, 8000);
  const t = state.territories.lofoten!;
  assert.equal(t.owner, 'L2');
  assert.equal(t.happiness, 20);
  assert.equal(t.lastSoldTurn, 3);
  assert.deepEqual(state.lords.L1!.memory.lofoten, { value: 13, lostTurn: 3 });
  assert.deepEqual(cancelled(events), []);
});

test('TV-43 sale cancelled: prices differ', () => {
  const s = sale();
  const { state, events } = runPhases(s, { L1: 'VND Acheteur lofoten 3000', L2: 'ACH Vendeur lofoten 2900' }, [12]);
  assert.equal(eventsOf(events, 'sale').length, 0);
  assert.deepEqual(cancelled(events), [['L1', 'VND Acheteur lofoten 3000', 'price-mismatch'], ['L2', 'ACH Vendeur lofoten 2900', 'no-match']]);
  assert.equal(state.territories.lofoten!.owner, 'L1');
  assert.deepEqual([state.lords.L1!.treasury, state.lords.L2!.treasury], [5000, 5000]);
});

test('TV-43 sale cancelled: turn 1', () => {
  const s = sale();
  s.turn = 1;
  const { state, events } = runPhases(s, { L1: 'VND Acheteur lofoten 3000', L2: 'ACH Vendeur lofoten 3000' }, [12]);
  assert.equal(eventsOf(events, 'sale').length, 0);
  assert.deepEqual(cancelled(events), [['L1', 'VND Acheteur lofoten 3000', 'first-turn'], ['L2', 'ACH Vendeur lofoten 3000', 'first-turn']]);
  assert.equal(state.territories.lofoten!.owner, 'L1');
});

test('TV-43 sale cancelled: the territory borders land of an enemy of the seller', () => {
  const s = sale();
  setTerritory(s, 'narvik', { owner: 'L3' }); // Narvik borders Lofoten
  relate(s, 'L1', 'L3', 'war');
  const { state, events } = runPhases(s, { L1: 'VND Acheteur lofoten 3000', L2: 'ACH Vendeur lofoten 3000' }, [12]);
  assert.equal(eventsOf(events, 'sale').length, 0);
  assert.deepEqual(cancelled(events), [['L1', 'VND Acheteur lofoten 3000', 'enemy-border'], ['L2', 'ACH Vendeur lofoten 3000', 'enemy-border']]);
  assert.equal(state.territories.lofoten!.owner, 'L1');
  // The same neighbour at peace does not block it.
  const p = sale();
  setTerritory(p, 'narvik', { owner: 'L3' });
  assert.equal(eventsOf(runPhases(p, { L1: 'VND Acheteur lofoten 3000', L2: 'ACH Vendeur lofoten 3000' }, [12]).events, 'sale').length, 1);
});

test('TV-43 sale cancelled: the buyer already bought a territory this turn', () => {
  const s = sale();
  const { state, events } = runPhases(s, {
    L1: 'VND Acheteur svartsen 1000\nVND Acheteur lofoten 3000',
    L2: 'ACH Vendeur svartsen 1000\nACH Vendeur lofoten 3000',
  }, [12]);
  assert.deepEqual(eventsOf(events, 'sale').map((e) => e.territory), ['svartsen']);
  assert.deepEqual(cancelled(events), [['L1', 'VND Acheteur lofoten 3000', 'already-bought'], ['L2', 'ACH Vendeur lofoten 3000', 'already-bought']]);
  assert.equal(state.territories.lofoten!.owner, 'L1');
  assert.equal(state.lords.L2!.treasury, 4000);
});

test('TV-43 sale cancelled: only the seller\'s first VND for a territory counts', () => {
  const s = sale();
  const { state, events } = runPhases(s, { L1: 'VND Acheteur lofoten 2900\nVND Acheteur lofoten 3000', L2: 'ACH Vendeur lofoten 3000' }, [12]);
  assert.equal(eventsOf(events, 'sale').length, 0);
  assert.deepEqual(cancelled(events), [
    ['L1', 'VND Acheteur lofoten 2900', 'price-mismatch'],
    ['L1', 'VND Acheteur lofoten 3000', 'first-vnd-only'],
    ['L2', 'ACH Vendeur lofoten 3000', 'no-match'],
  ]);
  assert.equal(state.territories.lofoten!.owner, 'L1');
});

test('TV-43 resale: bought at turn 3, not sellable at turn 4, sellable at turn 5', () => {
  const s = sale();
  runPhases(s, { L1: 'VND Acheteur lofoten 3000', L2: 'ACH Vendeur lofoten 3000' }, [12]);
  assert.equal(s.territories.lofoten!.owner, 'L2');
  s.turn = 4;
  const r4 = runPhases(s, { L2: 'VND Tiers lofoten 1000', L4: 'ACH Acheteur lofoten 1000' }, [12]);
  assert.deepEqual(cancelled(r4.events), [['L2', 'VND Tiers lofoten 1000', 'sold-last-turn'], ['L4', 'ACH Acheteur lofoten 1000', 'sold-last-turn']]);
  assert.equal(s.territories.lofoten!.owner, 'L2');
  s.turn = 5;
  const r5 = runPhases(s, { L2: 'VND Tiers lofoten 1000', L4: 'ACH Acheteur lofoten 1000' }, [12]);
  assert.equal(eventsOf(r5.events, 'sale').length, 1);
  assert.equal(s.territories.lofoten!.owner, 'L4');
  assert.equal(s.territories.lofoten!.lastSoldTurn, 5);
});
