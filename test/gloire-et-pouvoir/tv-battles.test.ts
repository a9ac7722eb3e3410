/**
 * Rules §6.5 test vectors TV-22 … TV-30: the pass of arms (§4.7.3), phase-7 battles and their
 * effects (§4.7.1, §4.7.2, §4.7.5 felony, §4.7.6 conquest, §4.7.7 death).
 *
 * Scripted draws: `rng.uniform(a, b) = a + (b − a) × draw`; in a pass the attacker's roll is drawn
 * first, then the defender's. Phase 7 draws nothing else in these scenarios (no garrison has a
 * tie to break on repatriation).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptedRng } from '../../src/engine/rng.ts';
import { resolveConfig, type Fortification, type GPConfig } from '../../src/rulesets/gloire-et-pouvoir/config.ts';
import { fightPass } from '../../src/rulesets/gloire-et-pouvoir/phases/p07-attacks.ts';
import type { GPEvent } from '../../src/rulesets/gloire-et-pouvoir/events.ts';
import { relation } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { addGarrison, addKnight, eventsOf, giveArmy, home, near, relate, runPhases, scenario, setTerritory } from './harness.ts';

// ─────────────────────────────────────────────────────────────────── pass-by-pass helpers

interface Side { s: number; r: number }

/** Plays one pass with scripted draws and applies it as phase 7 does (defenders never gain renown: virtual or C-07). */
function pass(cfg: GPConfig, a: Side, d: Side, o: { fortification?: Fortification; peasants?: boolean; defenderIsKnight?: boolean }, draws: number[]) {
  const r = fightPass(cfg, { sA: a.s, rA: a.r, sD: d.s, rD: d.r, fortification: o.fortification ?? 'none', peasants: o.peasants ?? false }, scriptedRng(draws));
  a.s -= r.lossA;
  d.s -= r.lossD;
  a.r += r.dRA;
  if (o.defenderIsKnight && r.dRD < 0) d.r += r.dRD;
  return r;
}

const DEFAULT = resolveConfig();
const SIMULTANEOUS = resolveConfig({ simultaneousLosses: true });

// Draws making the attacker / the defender take the advantage in the vectors below.
const A_WINS = [0.5, 0.5];
const D_WINS = [0, 0.9];

// ─────────────────────────────────────────────────────────────────── TV-22

test('TV-22 attack on neutral land, attacker wins two passes (pass by pass)', () => {
  const a = { s: 1000, r: 100 };
  const p = { s: 500, r: 50 }; // leader ½ × avg knight renown 100
  const thrA = 500;
  const thrP = 0.5 * 500;

  const p1 = pass(DEFAULT, a, p, { peasants: true }, A_WINS);
  assert.equal(p1.winner, 'A');
  // Ranges: attacker U(1, 2 000), peasants U(1, 250).
  near(p1.rollA, 1 + 1999 * 0.5);
  near(p1.rollD, 1 + 249 * 0.5);
  assert.equal(p1.lossD, 200); // 0.10 × 1 000 × 2
  assert.equal(p1.lossA, 8); // 0.05 × 300 × 0.5 = 7.5 → 8, on the 300 peasants left after the blow
  assert.equal(p.s, 300);
  assert.equal(a.s, 992);
  near(a.r, 100.5);

  const p2 = pass(DEFAULT, a, p, { peasants: true }, A_WINS);
  assert.equal(p2.winner, 'A');
  assert.equal(p2.lossD, 199); // 0.10 × 992 × 100.5/50 = 199.39
  assert.equal(p2.lossA, 3); // 0.05 × 101 × 50/100.5 = 2.51
  assert.equal(p.s, 101);
  assert.equal(a.s, 989);
  near(a.r, 101);
  assert.ok(p.s < thrP && a.s >= thrA, 'the peasants retreat: conquest');
});

test('TV-22 variant simultaneousLosses: 13 and 7 attacker losses, 200 and 198 peasant losses, 980 men', () => {
  const a = { s: 1000, r: 100 };
  const p = { s: 500, r: 50 };
  const p1 = pass(SIMULTANEOUS, a, p, { peasants: true }, A_WINS);
  assert.deepEqual([p1.lossA, p1.lossD], [13, 200]);
  const p2 = pass(SIMULTANEOUS, a, p, { peasants: true }, A_WINS);
  assert.deepEqual([p2.lossA, p2.lossD], [7, 198]);
  assert.equal(a.s, 980);
  assert.equal(p.s, 102);
  near(a.r, 101);
  assert.ok(p.s < 250);
});

// ─────────────────────────────────────────────────────────────────── TV-23

test('TV-23 the peasants win a pass and the attacker breaks (pass by pass)', () => {
  const a = { s: 150, r: 40 };
  const p = { s: 500, r: 30 }; // avg 60
  const r = pass(DEFAULT, a, p, { peasants: true }, D_WINS);
  assert.equal(r.winner, 'D');
  // Ranges: attacker U(1, 200), peasants U(1, 375).
  near(r.rollA, 1);
  near(r.rollD, 1 + 374 * 0.9);
  assert.equal(r.lossA, 38); // 0.10 × 500 × 0.75 = 37.5
  assert.equal(r.lossD, 7); // 0.05 × 112 × 40/30 = 7.47
  assert.equal(a.s, 112);
  assert.equal(p.s, 493);
  near(a.r, 39.7);
  assert.ok(a.s < 120, 'the attack fails');

  const b = { s: 150, r: 40 };
  const q = { s: 500, r: 30 };
  const v = pass(SIMULTANEOUS, b, q, { peasants: true }, D_WINS);
  assert.deepEqual([v.lossA, v.lossD], [38, 10]); // 0.05 × 150 × 40/30 = 10
  assert.equal(q.s, 490);
  assert.equal(b.s, 112);
});

test('TV-23 as a phase-7 battle: the repelled knight stays at his origin', () => {
  const s = scenario(['Faible', 'Autre']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'riga');
  s.knights[s.lords.L1!.lordKnight]!.renown = 40;
  s.knights[s.lords.L2!.lordKnight]!.renown = 80; // average knight renown 60 → peasant leader 30
  giveArmy(s, s.lords.L1!.lordKnight, 150);
  setTerritory(s, 'thule', { population: 16667 }); // floor(0.03 × 16 667) = 500 peasants
  const { state, events } = runPhases(s, { L1: 'ATT Faible thule 120' }, [7], scriptedRng(D_WINS));
  const [b] = eventsOf(events, 'battle');
  assert.ok(b);
  assert.equal(b.result, 'repelled');
  assert.equal(b.passes, 1);
  assert.equal(b.attackerEnd, 112);
  assert.equal(b.defenders[0]!.start, 500);
  assert.equal(b.defenders[0]!.end, 493);
  near(b.defenders[0]!.commanderRenown, 30);
  const k = state.knights[state.lords.L1!.lordKnight]!;
  near(k.renown, 39.7);
  assert.equal(k.location, 'narvik');
  assert.equal(state.armies[String(k.army)]!.location, 'narvik');
  assert.equal(state.territories.thule!.owner, null);
});

// ─────────────────────────────────────────────────────────────────── TV-24

test('TV-24 garrison behind a wall, two passes (pass by pass)', () => {
  const a = { s: 400, r: 60 };
  const g = { s: 500, r: 25 }; // avg 50
  const thrA = 200;
  const thrG = 0.5 * 500;

  const p1 = pass(DEFAULT, a, g, { fortification: 'wall' }, A_WINS);
  assert.equal(p1.winner, 'A');
  // Ranges: attacker U(1, 960), garrison U(1, 1.25 × 500 × 25/60 = 260.4).
  near(p1.rollA, 1 + 959 * 0.5);
  near(p1.rollD, 1 + (1.25 * 500 * 25 / 60 - 1) * 0.5);
  assert.equal(p1.lossD, 77); // 0.10 × 400 × 2.4 × 0.80 = 76.8
  assert.equal(p1.lossA, 18); // 0.10 × 423 × 25/60 = 17.63
  assert.equal(g.s, 423);
  assert.equal(a.s, 382);
  near(a.r, 60.25);

  const p2 = pass(DEFAULT, a, g, { fortification: 'wall' }, D_WINS);
  assert.equal(p2.winner, 'D');
  assert.equal(p2.lossA, 18); // 0.10 × 423 × 25/60.25 = 17.55
  assert.equal(p2.lossD, 70); // 0.10 × 364 × 60.25/25 × 0.80 = 70.18
  assert.equal(a.s, 364);
  assert.equal(g.s, 353);
  near(a.r, 60);
  assert.ok(a.s >= thrA && g.s >= thrG, 'the battle continues');
});

test('TV-24 opposite pass-1 outcome: the garrison wins the roll (C-17, winning the roll saves men)', () => {
  const a = { s: 400, r: 60 };
  const g = { s: 500, r: 25 };
  const p1 = pass(DEFAULT, a, g, { fortification: 'wall' }, D_WINS);
  assert.equal(p1.winner, 'D');
  assert.equal(p1.lossA, 21); // 0.10 × 500 × 25/60 = 20.83
  assert.equal(p1.lossD, 73); // 0.10 × 379 × 2.4 × 0.80 = 72.77
  assert.equal(a.s, 379);
  assert.equal(g.s, 427);
  near(a.r, 59.75);
});

test('TV-24 variant simultaneousLosses: 21 / 77 whoever wins pass 1; the two passes end at 361 / 350', () => {
  for (const draws of [A_WINS, D_WINS]) {
    const a = { s: 400, r: 60 };
    const g = { s: 500, r: 25 };
    const p1 = pass(SIMULTANEOUS, a, g, { fortification: 'wall' }, draws);
    assert.deepEqual([p1.lossA, p1.lossD], [21, 77]);
    assert.deepEqual([a.s, g.s], [379, 423]);
  }
  const a = { s: 400, r: 60 };
  const g = { s: 500, r: 25 };
  pass(SIMULTANEOUS, a, g, { fortification: 'wall' }, A_WINS);
  const p2 = pass(SIMULTANEOUS, a, g, { fortification: 'wall' }, D_WINS);
  assert.deepEqual([p2.lossA, p2.lossD], [18, 73]);
  assert.deepEqual([a.s, g.s], [361, 350]);
  near(a.r, 60);
});

// ─────────────────────────────────────────────────────────────────── TV-22 as a full battle

/** Lord L1 (lord-knight R 100, 1 000 men on Narvik) against 500 peasants on Thule; L2 far away. */
function tv22(config: Record<string, unknown> = {}) {
  const s = scenario(['Attaquant', 'Autre'], config);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'riga');
  giveArmy(s, s.lords.L1!.lordKnight, 1000);
  setTerritory(s, 'thule', { population: 16667 }); // 500 peasants [P G-18]
  return s;
}

test('TV-22 full phase-7 battle: conquest with 989 men, H 20, knight moved, MOV cancelled', () => {
  const s = tv22();
  const { state, events } = runPhases(s, { L1: 'ATT Attaquant thule 500\nMOV Attaquant narvik' }, [7, 9], scriptedRng([...A_WINS, ...A_WINS]));
  const [b] = eventsOf(events, 'battle');
  assert.ok(b);
  assert.equal(b.result, 'conquest');
  assert.equal(b.passes, 2);
  assert.equal(b.attackerStart, 1000);
  assert.equal(b.attackerEnd, 989);
  assert.equal(b.threshold, 500);
  near(b.renownAfter, 101);
  const d = b.defenders[0]!;
  assert.deepEqual([d.kind, d.start, d.end, d.threshold, d.outcome, d.passes], ['peasants', 500, 101, 250, 'retreated', 2]);
  near(d.commanderRenown, 50);

  const t = state.territories.thule!;
  assert.equal(t.owner, 'L1');
  assert.equal(t.happiness, 20); // never owned → 20
  const k = state.knights[state.lords.L1!.lordKnight]!;
  assert.equal(k.location, 'thule');
  const army = state.armies[String(k.army)]!;
  assert.equal(army.strength, 989);
  assert.equal(army.location, 'thule');
  near(k.renown, 101);
  // Phase 9: the conquest was his move [T §5.10].
  assert.equal(eventsOf(events, 'moved').length, 0);
  const cancelled = eventsOf(events, 'order-cancelled');
  assert.deepEqual(cancelled.map((c) => [c.text, c.reason]), [['MOV Attaquant narvik', 'conquered-this-turn']]);
});

test('TV-22 full battle, variant simultaneousLosses: conquest with 980 men', () => {
  const s = tv22({ simultaneousLosses: true });
  const { state, events } = runPhases(s, { L1: 'ATT Attaquant thule 500' }, [7], scriptedRng([...A_WINS, ...A_WINS]));
  const [b] = eventsOf(events, 'battle');
  assert.equal(b!.result, 'conquest');
  assert.equal(b!.attackerEnd, 980);
  assert.equal(b!.defenders[0]!.end, 102);
  assert.equal(state.territories.thule!.owner, 'L1');
});

test('TV-22 conquest effects: happiness from the people\'s memory, fortification removed', () => {
  const s = tv22();
  s.lords.L1!.memory.thule = { value: 7, lostTurn: 0 };
  setTerritory(s, 'thule', { fortification: 'wall', happiness: 15 });
  const { state, events } = runPhases(s, { L1: 'ATT Attaquant thule 500' }, [7], scriptedRng([...A_WINS, ...A_WINS]));
  const [b] = eventsOf(events, 'battle');
  assert.equal(b!.result, 'conquest');
  assert.equal(b!.fortification, 'wall');
  // The wall helps the peasants [P G-34]: pass 1 they lose 0.10 × 1 000 × 2 × 0.8 = 160, the
  // attacker 0.05 × 340 × 0.5 = 8.5 → 9; pass 2 they lose 159 (181 < 250), the attacker 4.5 → 5.
  assert.equal(b!.defenders[0]!.end, 181);
  assert.equal(b!.attackerEnd, 986);
  const t = state.territories.thule!;
  assert.equal(t.owner, 'L1');
  assert.equal(t.happiness, 7); // his memory of it [T §2.8]
  assert.equal(t.fortification, 'none'); // conquered by force [T §5.17]
  const [c] = eventsOf(events, 'conquest');
  assert.deepEqual([c!.territory, c!.from, c!.to, c!.happiness, c!.fortificationLost], ['thule', null, 'L1', 7, 'wall']);
});

// ─────────────────────────────────────────────────────────────────── TV-25

test('TV-25 death of a lord: his lord-knight\'s army falls to 0 in a pass', () => {
  const s = scenario(['Robb', 'Ennemi']);
  home(s, 'L1', 'narvik', 'svartsen');
  home(s, 'L2', 'riga');
  relate(s, 'L1', 'L2', 'war');
  const lk = s.lords.L1!.lordKnight;
  giveArmy(s, lk, 50);
  const other = addKnight(s, 'L1', { name: 'Vassal', renown: 100, location: 'svartsen', men: 400 });
  addGarrison(s, 'L1', 'narvik', 300);
  setTerritory(s, 'thule', { population: 40000 }); // 1 200 peasants, leader R 50 (avg 100)
  // The peasants win the roll (attacker U(1, 100) → 1, peasants U(1, 600) → 300.5); their blow is
  // 0.10 × 1 200 × 50/100 = 60 ≥ 50 men.
  const { state, events } = runPhases(s, { L1: 'ATT Robb thule 40\nATT Vassal lappland 0' }, [7], scriptedRng([0, 0.5]));
  const [b] = eventsOf(events, 'battle');
  assert.equal(b!.result, 'died');
  assert.equal(b!.attackerEnd, 0);
  assert.equal(b!.passes, 1);
  const l = state.lords.L1!;
  assert.equal(l.alive, false);
  assert.equal(l.outTurn, s.turn);
  assert.equal(state.knights[lk], undefined);
  assert.equal(state.knights[other], undefined, 'his knights are dismissed');
  assert.deepEqual(Object.values(state.armies).filter((a) => a.lord === 'L1'), [], 'all his armies, garrison included, are demobilised');
  assert.equal(state.territories.narvik!.owner, null);
  assert.equal(state.territories.svartsen!.owner, null);
  assert.equal(relation(state, 'L1', 'L2'), 'peace', 'his relations are void');
  const [died] = eventsOf(events, 'lord-died');
  assert.deepEqual([died!.lord, died!.cause, died!.territoriesFreed], ['L1', 'battle', ['narvik', 'svartsen']]);
  // His remaining orders are cancelled [P].
  assert.deepEqual(eventsOf(events, 'order-cancelled').map((c) => [c.text, c.reason]), [['ATT Vassal lappland 0', 'lord-out']]);
  assert.equal(eventsOf(events, 'battle').length, 1);
});

// ─────────────────────────────────────────────────────────────────── TV-26 / TV-27

/**
 * Hawkmoon (Narvik, Vadvet-Jakko) and Amaréthuse (Dolon, Thule) at war. Amaréthuse's lord-knight
 * stands on Thule with 500 men; Hawkmoon's lord-knight on Narvik with 2 000, his knight Boromir on
 * Vadvet-Jakko with 300. Amaréthuse has the lower GR (treasury 0 against 20 000).
 */
function tv26() {
  const s = scenario(['Hawkmoon', 'Amaréthuse']);
  home(s, 'L1', 'narvik', 'vadvet-jakko');
  home(s, 'L2', 'dolon', 'thule');
  relate(s, 'L1', 'L2', 'war');
  s.lords.L1!.treasury = 20000;
  s.lords.L2!.treasury = 0;
  giveArmy(s, s.lords.L1!.lordKnight, 2000);
  addKnight(s, 'L1', { name: 'Boromir', renown: 100, location: 'vadvet-jakko', men: 300 });
  s.knights[s.lords.L2!.lordKnight]!.location = 'thule';
  giveArmy(s, s.lords.L2!.lordKnight, 500);
  return s;
}

test('TV-26 an attacker does not defend his origin (Amaréthuse takes Narvik, Hawkmoon takes Thule and retakes Narvik)', () => {
  const s = tv26();
  const { state, events, ctx } = runPhases(s, {
    L1: 'ATT Boromir thule 0\nATT Hawkmoon narvik 0',
    L2: 'ATT Amaréthuse narvik 0',
  }, [7], scriptedRng(A_WINS));
  assert.ok(ctx.snap.gr.L2! < ctx.snap.gr.L1!, 'Amaréthuse has the lower GR and acts first');
  const battles = eventsOf(events, 'battle');
  assert.deepEqual(battles.map((b) => [b.lord, b.from, b.territory, b.result, b.passes]), [
    ['L2', 'thule', 'narvik', 'conquest', 0], // Hawkmoon's lord-knight stands aside: Narvik falls without a fight
    ['L1', 'vadvet-jakko', 'thule', 'conquest', 0], // Thule undefended: its knight is an attacker and has left
    ['L1', 'narvik', 'narvik', 'conquest', 1], // Amaréthuse's knight does defend Narvik (not his origin)
  ]);
  assert.deepEqual(battles[0]!.defenders, []);
  assert.deepEqual(battles[1]!.defenders, []);
  const d = battles[2]!.defenders[0]!;
  assert.deepEqual([d.kind, d.lord, d.start, d.end, d.threshold, d.outcome], ['knight', 'L2', 500, 300, 400, 'retreated']);
  assert.equal(battles[2]!.attackerEnd, 1970); // 2 000 − 0.10 × 300
  assert.equal(eventsOf(events, 'felony').length, 0, 'at war: no felony');

  assert.equal(state.territories.narvik!.owner, 'L1');
  assert.equal(state.territories.thule!.owner, 'L1');
  assert.equal(state.territories.dolon!.owner, 'L2');
  assert.equal(state.knights.K1!.location, 'narvik');
  assert.equal(state.knights.K3!.location, 'thule');
  const am = state.knights[state.lords.L2!.lordKnight]!;
  assert.equal(am.location, 'narvik', 'the retreated defender stays (repatriated in phase 18)');
  near(am.renown, 99); // a defender loses 1 % of the winner's renown
  near(state.knights.K1!.renown, 101);
});

test('TV-27 own-territory attack cancelled frees the knight', () => {
  // Not taken: ATT Narvik (own) is cancelled, ATT Thule runs.
  const s = tv26();
  const { state, events } = runPhases(s, { L1: 'ATT Hawkmoon narvik 0\nATT Hawkmoon thule 0' }, [7], scriptedRng(A_WINS));
  assert.deepEqual(eventsOf(events, 'order-cancelled').map((c) => [c.text, c.reason]), [['ATT Hawkmoon narvik 0', 'own-territory']]);
  const [b] = eventsOf(events, 'battle');
  assert.deepEqual([b!.territory, b!.result], ['thule', 'conquest']);
  assert.equal(b!.defenders[0]!.lord, 'L2'); // Amaréthuse's knight, who has no ATT order, defends Thule
  assert.equal(state.territories.thule!.owner, 'L1');
  assert.equal(state.knights.K1!.location, 'thule');
});

test('TV-27 own territory taken earlier: ATT on it runs, the next ATT is cancelled (one attack per knight)', () => {
  const s = tv26();
  const { state, events } = runPhases(s, {
    L1: 'ATT Hawkmoon narvik 0\nATT Hawkmoon thule 0',
    L2: 'ATT Amaréthuse narvik 0',
  }, [7], scriptedRng(A_WINS));
  const battles = eventsOf(events, 'battle');
  assert.deepEqual(battles.map((b) => [b.lord, b.territory, b.result]), [['L2', 'narvik', 'conquest'], ['L1', 'narvik', 'conquest']]);
  assert.deepEqual(eventsOf(events, 'order-cancelled').map((c) => [c.lord, c.text, c.reason]), [['L1', 'ATT Hawkmoon thule 0', 'already-attacked']]);
  assert.equal(state.territories.narvik!.owner, 'L1');
  assert.equal(state.territories.thule!.owner, 'L2');
});

// ─────────────────────────────────────────────────────────────────── TV-28

/** Hawkmoon (Vadvet-Jakko, lower GR) and Hylith (Oulu, treasury 20 000), allied; Norbotten neutral, 495 peasants. */
function tv28(hawkMen: number) {
  const s = scenario(['Hawkmoon', 'Hylith']);
  home(s, 'L1', 'vadvet-jakko');
  home(s, 'L2', 'oulu');
  relate(s, 'L1', 'L2', 'alliance');
  s.lords.L2!.treasury = 20000;
  giveArmy(s, s.lords.L1!.lordKnight, hawkMen);
  giveArmy(s, s.lords.L2!.lordKnight, 2000);
  return s;
}

test('TV-28 allies on the same neutral land: Hawkmoon repelled, Hylith conquers against fresh peasants, no felony', () => {
  const s = tv28(150);
  // Hawkmoon: the peasants win (blow 0.10 × 495 × 0.5 = 24.75 → 25; 125 < 130). Hylith: wins at once.
  const { state, events, ctx } = runPhases(s, { L1: 'ATT Hawkmoon norbotten 130', L2: 'ATT Hylith norbotten 0' }, [7], scriptedRng([0, 0.5, ...A_WINS]));
  assert.ok(ctx.snap.gr.L1! < ctx.snap.gr.L2!);
  const [h, y] = eventsOf(events, 'battle');
  assert.deepEqual([h!.lord, h!.result, h!.attackerEnd], ['L1', 'repelled', 125]);
  assert.equal(h!.defenders[0]!.end, 482);
  assert.deepEqual([y!.lord, y!.result], ['L2', 'conquest']);
  assert.equal(y!.defenders[0]!.start, 495, 'fresh peasants [P G-18]');
  assert.equal(y!.defenders[0]!.end, 95);
  assert.equal(y!.attackerEnd, 1998);
  assert.equal(state.territories.norbotten!.owner, 'L2');
  assert.equal(state.knights.K1!.location, 'vadvet-jakko');
  assert.equal(eventsOf(events, 'felony').length, 0);
  assert.equal(relation(state, 'L1', 'L2'), 'alliance');
});

test('TV-28 allies on the same neutral land: Hawkmoon conquers, Hylith\'s attack is cancelled (allied land)', () => {
  const s = tv28(2000);
  const { state, events } = runPhases(s, { L1: 'ATT Hawkmoon norbotten 0', L2: 'ATT Hylith norbotten 0' }, [7], scriptedRng(A_WINS));
  const battles = eventsOf(events, 'battle');
  assert.deepEqual(battles.map((b) => [b.lord, b.result]), [['L1', 'conquest']]);
  assert.deepEqual(eventsOf(events, 'order-cancelled').map((c) => [c.lord, c.reason]), [['L2', 'allied-territory']]);
  assert.equal(state.territories.norbotten!.owner, 'L1');
  assert.equal(state.knights.K2!.location, 'oulu');
  assert.equal(eventsOf(events, 'felony').length, 0);
  assert.equal(relation(state, 'L1', 'L2'), 'alliance');
});

// ─────────────────────────────────────────────────────────────────── TV-29

test('TV-29 felony on contested neutral land: lord-knight ×1/3, war at once, alliances with the common ally cancelled', () => {
  const s = scenario(['V', 'X', 'C']);
  home(s, 'L1', 'vadvet-jakko');
  home(s, 'L2', 'oulu');
  home(s, 'L3', 'riga');
  setTerritory(s, 'vadvet-jakko', { population: 8000 }); // S2 = 10
  setTerritory(s, 'oulu', { population: 8000 });
  relate(s, 'L1', 'L3', 'alliance');
  relate(s, 'L2', 'L3', 'alliance');
  s.lords.L1!.treasury = 0; // GR(V) = 100 + 10 (S2) + 10 (ally C) = 120
  s.lords.L2!.treasury = 10000; // GR(X) = 100 + 10 (S1) + 10 (S2) + 20 + 10 = 150
  giveArmy(s, s.lords.L1!.lordKnight, 3000);
  const xk = addKnight(s, 'L2', { name: 'Lancelot', renown: 100, location: 'oulu', men: 1000 });
  // V: one pass destroys the 495 peasants. X vs V's lord-knight (R 100.5, 3 000 men, retreats
  // below 2 400): V wins twice; X loses 302 then 298 → 400 < 500, repelled.
  const { state, events, ctx } = runPhases(s, { L2: 'ATT Lancelot norbotten 500', L1: 'ATT V norbotten 0' }, [7], scriptedRng([...A_WINS, ...A_WINS, ...A_WINS]));
  near(ctx.snap.gr.L1!, 120);
  near(ctx.snap.gr.L2!, 150);
  const [v, x] = eventsOf(events, 'battle');
  assert.deepEqual([v!.lord, v!.result], ['L1', 'conquest']);
  assert.deepEqual([x!.lord, x!.knight, x!.result], ['L2', xk, 'repelled'], 'X\'s attack is not cancelled');
  assert.deepEqual([x!.defenders[0]!.kind, x!.defenders[0]!.lord], ['knight', 'L1']);
  assert.equal(x!.passes, 2);
  assert.equal(x!.attackerEnd, 400);
  assert.equal(x!.defenders[0]!.end, 2892);

  const felonies = eventsOf(events, 'felony');
  assert.equal(felonies.length, 1);
  assert.deepEqual([felonies[0]!.lord, felonies[0]!.victim, felonies[0]!.cause], ['L2', 'L1', 'battle']);
  near(state.knights[state.lords.L2!.lordKnight]!.renown, 100 / 3);
  near(felonies[0]!.renownAfter, 33.333333, 1e-5);
  assert.equal(relation(state, 'L1', 'L2'), 'war');
  assert.equal(relation(state, 'L2', 'L3'), 'peace');
  assert.equal(relation(state, 'L1', 'L3'), 'peace');
  assert.equal(state.territories.norbotten!.owner, 'L1');
  // The felony is reported before the fight goes on.
  const idx = (e: GPEvent) => events.indexOf(e);
  assert.ok(idx(felonies[0]!) < idx(x!));
});

// ─────────────────────────────────────────────────────────────────── TV-30

test('TV-30 attack during the turn peace is signed: no felony, then peace', () => {
  const s = scenario(['X', 'V']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'dolon', 'thule');
  s.knights[s.lords.L2!.lordKnight]!.location = 'dolon';
  relate(s, 'L1', 'L2', 'war');
  setTerritory(s, 'thule', { happiness: 13 });
  addKnight(s, 'L1', { name: 'Gauvain', renown: 100, location: 'narvik', men: 1000 });
  addGarrison(s, 'L2', 'thule', 100);
  // Garrison commander R 50; the attacker's blow 0.10 × 1 000 × 2 = 200 destroys the 100 men.
  const { state, events } = runPhases(s, { L1: 'ATT Gauvain thule 0\nPAI V', L2: 'PAI X' }, [7, 8], scriptedRng(A_WINS));
  const [b] = eventsOf(events, 'battle');
  assert.deepEqual([b!.result, b!.defenders[0]!.kind, b!.defenders[0]!.outcome], ['conquest', 'garrison', 'destroyed']);
  assert.equal(eventsOf(events, 'felony').length, 0);
  assert.equal(state.knights[state.lords.L1!.lordKnight]!.renown, 100);
  assert.equal(state.territories.thule!.owner, 'L1');
  assert.equal(state.territories.thule!.happiness, 20);
  assert.deepEqual(state.lords.L2!.memory.thule, { value: 13, lostTurn: s.turn }); // the loser remembers [T §2.8]
  assert.equal(relation(state, 'L1', 'L2'), 'peace');
  const rel = eventsOf(events, 'relation');
  assert.deepEqual(rel.map((r) => [r.from, r.to, r.cause]), [['war', 'peace', 'PAI']]);
});
