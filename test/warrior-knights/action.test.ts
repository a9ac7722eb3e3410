/**
 * Planning (rules §4.1) and the first action cards (§4.2–§4.4): test vectors TV-01 to TV-04 up to
 * the special phase they fire (a fired phase runs before the next reveal), the card rules of §2.8 as
 * named tests, §9.2 #4 and #5's defaults, the refusals in both languages, and properties: random
 * plans and default answers keep every invariant, reveal nothing of the piles, and replay exactly.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hashState } from '../../src/engine/hash.ts';
import { BARON_ROLES, type BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { actionCard, NEUTRAL_CARDS } from '../../src/rulesets/warrior-knights/cards.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { StepNotImplemented } from '../../src/rulesets/warrior-knights/phases.ts';
import { defaultAnswer, defaultZone, resolveBaronCard, revealNext, type ActionResult, type CardAnswer } from '../../src/rulesets/warrior-knights/rules/action.ts';
import { resolveDefensiveWorks, resolveExpedition, resolveMaintenance, type NeutralResult } from '../../src/rulesets/warrior-knights/rules/neutral.ts';
import { runArrival, type ArrivalResult } from '../../src/rulesets/warrior-knights/rules/arrival.ts';
import { runUpkeep } from '../../src/rulesets/warrior-knights/rules/upkeep.ts';
import { resolveMajorEvent, type MajorEventResult } from '../../src/rulesets/warrior-knights/rules/major-event.ts';
import { runPendingPhase, type SpecialResult } from '../../src/rulesets/warrior-knights/rules/special-phases.ts';
import { closePlanning, PLAN_REFUSALS, submitPlan, type PlanResult } from '../../src/rulesets/warrior-knights/rules/planning.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import type { DraftResult } from '../../src/rulesets/warrior-knights/rules/draft.ts';
import { viewOf } from '../../src/rulesets/warrior-knights/view.ts';
import { game, toZone, withPiles } from './fixture.ts';

const green = BARON_ROLES["d'Émerande"];
const blue = BARON_ROLES.Niebieski;
const red = BARON_ROLES.Madder;
const ok = (r: ActionResult | PlanResult | DraftResult | NeutralResult | ArrivalResult | SpecialResult | MajorEventResult): WkState => { assert.ok(r.ok, r.ok ? '' : r.reason); return r.state; };
const play = (s: WkState, answer?: CardAnswer): WkState => { const t = revealNext(s); return ok(resolveBaronCard(t, actionCard(t.current!).neutral ? (null as never) : (actionCard(t.current!) as { owner: BaronId }).owner, answer)); };

// ─── Planning ─────────────────────────────────────────────────────────────────────────────────

test('§4.1 Planning: up to 2 cards per pile, 2 neutral cards on each, 2 set aside unseen, piles shuffled; hands lose the planned cards', () => {
  let s = game([green, blue, red]);
  assert.equal(s.stage, 'planning');
  const g = s.barons[green].hand;
  s = ok(submitPlan(s, green, [[g[0]!, g[1]!], [g[2]!], []]));
  assert.deepEqual(s.submitted, [green]);
  assert.equal(viewOf(s, blue).mine.plan, null, 'the others see that he has submitted, never what');
  assert.deepEqual(viewOf(s, green).mine.plan, [[g[0], g[1]], [g[2]], []]);
  s = ok(submitPlan(s, blue, [[], [], [s.barons[blue].hand[0]!]]));
  s = closePlanning(s); // red missed the deadline: no cards (#4)
  assert.equal(s.stage, 'action');
  assert.deepEqual(s.secret.piles.map((p) => p.length), [4, 3, 3]);
  assert.equal(s.secret.neutralAside.length, 2);
  assert.deepEqual([...s.secret.piles.flat().filter((c) => c.startsWith('neutral:')), ...s.secret.neutralAside].sort(), [...NEUTRAL_CARDS].sort());
  assert.deepEqual(s.pileCounts[0], { [green]: 2, [blue]: 0, [red]: 0, neutral: 2 });
  assert.equal(s.barons[green].hand.length, 9);
  assert.equal(s.barons[red].hand.length, 12);
  const v = JSON.stringify(viewOf(s, green));
  for (const c of [...s.secret.piles.flat(), ...s.secret.neutralAside]) if (c.startsWith('neutral:')) assert.ok(!v.includes(c), `${c} leaks`);
  assert.deepEqual(checkInvariants(s), []);
});

test('§4.1 Planning refusals, in French and English', () => {
  const s = game([green, blue]);
  const h = s.barons[green].hand;
  const cases: [unknown, string][] = [
    [[[h[0], h[1], h[2]], [], []], 'too-many'],
    [[[s.barons[blue].hand[0]], [], []], 'not-in-hand'],
    [[[h[0]], [h[0]], []], 'twice'],
    [[[h[0]], []], 'pile-count'],
  ];
  for (const [piles, reason] of cases) {
    const r = submitPlan(s, green, piles as string[][]);
    assert.ok(!r.ok && r.reason === reason, reason);
    if (!r.ok) { assert.ok(r.message.fr.length > 0 && r.message.en.length > 0); assert.ok(!/\{/.test(r.message.fr + r.message.en)); }
  }
  assert.equal(PLAN_REFUSALS['too-many'].fr.includes('{max}'), true, 'the limit is a constant, passed into the message');
});

// ─── Test vectors ─────────────────────────────────────────────────────────────────────────────

test('TV-01 Assembly trigger: d’Émerande’s Political Manoeuvres, the 8th card of the Assembly zone, fires an Assembly before the next card', () => {
  let s = game([green, blue, red, 'yellow']);
  // Given: N = 4; the Assembly zone holds 7 cards.
  for (const c of [`${blue}:manoeuvres:1`, `${blue}:manoeuvres:2`, `${red}:manoeuvres:1`, `${red}:manoeuvres:2`, `yellow:manoeuvres:1`, `yellow:military:1`, `${red}:military:1`]) toZone(s, c, 'assembly');
  s = withPiles(s, [[`${green}:manoeuvres:1`, `${blue}:levy:1`], [], []]);
  const votes = s.barons[green].votes;
  s = play(s);
  assert.equal(s.barons[green].votes, votes + 2);
  assert.equal(s.chairman, green, 'the Chairman check: strictly the most votes');
  assert.equal(s.zones.assembly.length, 8);
  assert.deepEqual(s.pendingPhases, ['assembly']);
  assert.throws(() => revealNext(s), /a special phase is waiting/, 'the Assembly comes before the next card');
  s = ok(runPendingPhase(s));
  assert.deepEqual(s.pendingPhases, [], 'the Assembly has run');
  assert.equal(s.zones.assembly.length, 0, 'every baron took his cards back');
  s = revealNext(s);
  assert.equal(s.current, `${blue}:levy:1`, 'afterwards the next action card is revealed');
});

test('TV-02 Serve the Church without token change: pile 1 done, d’Émerande gains 1 Faith, not the most; Taxes 3 < 8, no Taxation', () => {
  let s = game([green, blue, red, 'yellow']);
  s.barons[blue].faith = 3;
  s.church = blue;
  toZone(s, `${red}:levy:1`, 'taxes');
  toZone(s, `${red}:levy:2`, 'taxes');
  s = withPiles(s, [[], [`${green}:church:1`], []]);
  s = play(s, { use: true, zone: 'taxes' });
  assert.equal(s.barons[green].faith, 1);
  assert.equal(s.church, blue);
  assert.equal(s.zones.taxes.length, 3);
  assert.deepEqual(s.pendingPhases, []);
});

test('TV-03 Draft trigger: 4 shields; Niebieski’s Recruit Troops fills the last free space → Draft; had the discard made Wages 8, Wages first', () => {
  for (const wagesBefore of [0, 7]) {
    let s = game([green, blue, red, 'yellow']);
    s.track = [red, red, green, green, null, null, null];
    s.barons[red].shields -= 2; s.barons[green].shields -= 2;
    const fillers = [`${red}:recruit:1`, `${red}:recruit:2`, `${red}:military:1`, `${red}:military:2`, `yellow:recruit:1`, `yellow:recruit:2`, `yellow:military:1`];
    for (const c of fillers.slice(0, wagesBefore)) toZone(s, c, 'wages');
    s = withPiles(s, [[`${blue}:recruit:1`, `${blue}:levy:1`], [], []]);
    s = play(s, { use: true, space: 4 });
    assert.equal(s.track[4], blue);
    assert.equal(s.barons[blue].shields, 7);
    assert.ok(s.zones.wages.includes(`${blue}:recruit:1`));
    assert.deepEqual(s.pendingPhases, wagesBefore === 7 ? ['wages', 'draft'] : ['draft']);
    assert.throws(() => revealNext(s), /special phase is waiting/, 'the phases come before the next card');
    if (wagesBefore === 7) {
      s = ok(runPendingPhase(s));
      assert.deepEqual(s.zones.wages, [], 'Wages ran first: the cards are back in hand');
      assert.equal(s.track.filter((x) => x !== null).length, 5, 'the Draft has not run yet');
    }
    s = ok(runPendingPhase(s));
    assert.ok(s.track.every((x) => x === null), 'the Draft took every shield');
    assert.equal(revealNext(s).current, `${blue}:levy:1`);
  }
});

test('TV-04 Recruit Troops double trigger: N = 3, 3 shields, Wages 5: Wages (6 cards) first, then the Draft', () => {
  let s = game([green, blue, red]);
  s.track = [red, blue, null, blue, null, null, null];
  s.barons[red].shields -= 1; s.barons[blue].shields -= 2;
  for (const c of [`${red}:recruit:1`, `${red}:recruit:2`, `${red}:military:1`, `${blue}:recruit:2`, `${blue}:military:1`]) toZone(s, c, 'wages');
  s = withPiles(s, [[`${green}:recruit:1`], [], []]);
  s = play(s, { use: true, space: 2 });
  assert.equal(s.zones.wages.length, 6);
  assert.deepEqual(s.pendingPhases, ['wages', 'draft']);
  assert.deepEqual(s.log.filter((e) => e.t === 'triggered').map((e) => (e as { phase: string }).phase), ['wages', 'draft']);
  s = ok(runPendingPhase(s));
  assert.deepEqual(s.pendingPhases, ['draft']);
  assert.equal(s.zones.wages.length, 0);
});

// ─── The card rules (§2.8, §4.3) ──────────────────────────────────────────────────────────────

test('TV-22 Levy Taxes: 2 nobles in region A, 1 in B (Overseas), 1 on Cadix’s port symbol: 2 crowns', () => {
  let s = game([green, blue]);
  const spare = s.nobles[`${green}-circle`]!.troops;
  const at = (id: string, loc: { kind: 'region' | 'at-sea'; region: string }) => { s.nobles[id]!.location = loc; if (s.nobles[id]!.troops.length === 0) s.nobles[id]!.troops.push(spare.shift()!); };
  at(`${green}-circle`, { kind: 'region', region: 'r6c4' });
  at(`${green}-square`, { kind: 'region', region: 'r6c4' });
  at(`${green}-star`, { kind: 'region', region: 'sea-acre' });
  at(`${green}-triangle`, { kind: 'at-sea', region: 'sea-cadix' });
  const crowns = s.barons[green].crowns;
  s = withPiles(s, [[`${green}:levy:1`], [], []]);
  s = play(s);
  assert.equal(s.barons[green].crowns, crowns + 2);
  assert.deepEqual(s.zones.taxes, [`${green}:levy:1`]);
});

test('TV-25 Chairman on tie: blue chairs with 5 votes; green at 3 reaches 5: no change; from 4 he reaches 6 and chairs', () => {
  for (const [before, chair] of [[3, blue], [4, green]] as const) {
    let s = game([green, blue, red, 'yellow']);
    s.chairman = blue; s.barons[blue].votes = 5; s.barons[green].votes = before; s.barons[red].votes = 4; s.barons.yellow.votes = 2;
    s = withPiles(s, [[`${green}:manoeuvres:1`], [], []]);
    s = play(s);
    assert.equal(s.barons[green].votes, before + 2);
    assert.equal(s.chairman, chair);
  }
});

test('§4.3 Political Manoeuvres: a tie leaves the Chairman; a banished baron never becomes Chairman', () => {
  let s = game([green, blue, red]);
  s.chairman = blue; s.barons[blue].votes = 2;
  s = withPiles(s, [[`${green}:manoeuvres:1`, `${green}:manoeuvres:2`], [], []]);
  s = play(s);
  assert.equal(s.chairman, blue, '2 against 2: no change');
  s.barons[green].banished = true;
  s = play(s);
  assert.equal(s.barons[green].votes, 4);
  assert.equal(s.chairman, blue, 'banished');
});

test('§2.8 Improvisation: +2 crowns by default, or +1 vote that never moves the Chairman [P G-A15]; back to hand at once', () => {
  let s = game([green, blue]);
  s = withPiles(s, [[`${green}:improvisation:1`], [], []]);
  const t = revealNext(s);
  assert.deepEqual(defaultAnswer(t), { use: true, option: 'crowns' });
  const a = ok(resolveBaronCard(t, green));
  assert.equal(a.barons[green].crowns, s.barons[green].crowns + 2);
  assert.ok(a.barons[green].hand.includes(`${green}:improvisation:1`));
  const b = ok(resolveBaronCard(t, green, { use: true, option: 'vote' }));
  assert.equal(b.barons[green].votes, 1);
  assert.equal(b.chairman, s.chairman);
  const noTarget = resolveBaronCard(t, green, { use: true, option: 'combat' });
  assert.ok(!noTarget.ok && noTarget.reason === 'bad-option', 'a combat needs its set-up (#8)');
  const noMove = resolveBaronCard(t, green, { use: true, option: 'move' });
  assert.ok(!noMove.ok && noMove.reason === 'bad-option', 'a move needs its noble and path');
});

test('§4.2.1 a declined card still goes to a zone; Military Operations declined: Wages or Assembly [P G-A14]; #5 default zone: fewest cards, ties Taxes → Wages → Assembly', () => {
  let s = game([green, blue]);
  toZone(s, `${blue}:recruit:1`, 'wages');
  s = withPiles(s, [[`${green}:military:1`, `${green}:church:1`], [], []]);
  let t = revealNext(s);
  assert.deepEqual(defaultAnswer(t), { use: false });
  const r = resolveBaronCard(t, green, { use: false, zone: 'taxes' });
  assert.ok(!r.ok && r.reason === 'bad-zone' && /wages, assembly/.test(r.message.en) && /wages, assembly/.test(r.message.fr));
  t = ok(resolveBaronCard(t, green));
  assert.deepEqual(t.zones.assembly, [`${green}:military:1`], 'Assembly has fewer cards than Wages');
  assert.equal(defaultZone(t, ['taxes', 'wages', 'assembly']), 'taxes');
  t = revealNext(t);
  t = ok(resolveBaronCard(t, green));
  assert.deepEqual(t.zones.taxes, [`${green}:church:1`]);
});

test('§9.2 #5 refusals: not the owner, a track space numbered above N, no free shield', () => {
  let s = game([green, blue]);
  s = withPiles(s, [[`${green}:recruit:1`], [], []]);
  const t = revealNext(s);
  const r1 = resolveBaronCard(t, blue, { use: false });
  assert.ok(!r1.ok && r1.reason === 'not-yours');
  const r2 = resolveBaronCard(t, green, { use: true, space: 3 }); // labelled "3" > N = 2
  assert.ok(!r2.ok && r2.reason === 'bad-space' && r2.message.fr.includes('2') && r2.message.en.includes('2'));
  t.barons[green].shields = 0;
  const r3 = resolveBaronCard(t, green, { use: true, space: 0 });
  assert.ok(!r3.ok && r3.reason === 'no-shield');
});

test('§4.4 Uncertain Times shuffles the whole Fate deck (named stream), then the next card', () => {
  let s = game([green, blue]);
  s = withPiles(s, [['neutral:uncertain-times:1', `${green}:levy:1`], [], []]);
  const before = [...s.secret.fateDeck];
  const t = revealNext(s);
  assert.equal(t.current, null);
  assert.notDeepEqual(t.secret.fateDeck, before);
  assert.deepEqual([...t.secret.fateDeck].sort(), [...before].sort());
  assert.deepEqual(revealNext(s).secret.fateDeck, t.secret.fateDeck, 'the same stream gives the same order');
});

test('§4.2.1 when pile 3 is empty the Upkeep follows', () => {
  let s = game([green, blue]);
  s = withPiles(s, [[`${green}:levy:1`], [], [`${blue}:levy:1`]]);
  s = play(s);
  s = play(s);
  s = revealNext(s);
  assert.equal(s.stage, 'upkeep');
  assert.equal(s.step, 'U1');
});

// ─── Properties ───────────────────────────────────────────────────────────────────────────────

/** Plans from picks, then reveals with the default answers (special phases and neutral cards included) until a step not implemented yet, or through the Upkeep to the next turn. */
function runTurn(n: number, seed: string, picks: number[]): WkState[] {
  const barons = (['green', 'blue', 'red', 'yellow', 'black', 'violet'] as BaronId[]).slice(0, n);
  let s = game(barons, seed);
  let k = 0;
  const pick = (m: number) => picks[k++ % picks.length]! % m;
  const states = [s];
  for (const b of barons) {
    const hand = [...s.barons[b].hand];
    const piles: string[][] = [[], [], []];
    for (let i = 0; i < 3; i++) for (let j = pick(3); j > 0 && hand.length > 0; j--) piles[i]!.push(hand.splice(pick(hand.length), 1)[0]!);
    s = ok(submitPlan(s, b, piles));
    states.push(s);
  }
  for (let guard = 0; guard < 6 * n + 7 && s.stage === 'action'; guard++) {
    try {
      while (s.pendingPhases.length > 0) { s = ok(runPendingPhase(s)); states.push(s); }
      s = revealNext(s);
      states.push(s);
      if (s.current) {
        const info = actionCard(s.current);
        s = info.neutral
          ? ok(info.type === 'expedition' ? resolveExpedition(s) : info.type === 'maintenance' ? resolveMaintenance(s) : info.type === 'major-event' ? resolveMajorEvent(s) : resolveDefensiveWorks(s))
          : ok(resolveBaronCard(s, info.owner));
        states.push(s);
      }
    } catch (e) {
      if (e instanceof StepNotImplemented) break;
      throw e;
    }
  }
  if (s.stage === 'upkeep') {
    s = runUpkeep(s); states.push(s);
    if (s.stage === 'upkeep') { s = ok(runArrival(s)); states.push(s); }
  }
  return states;
}

test('property: planning and the default answers keep every invariant (nothing negative, each card in one place) and the piles never show in a view', () => {
  fc.assert(fc.property(fc.integer({ min: 2, max: 6 }), fc.string(), fc.array(fc.nat(100), { minLength: 1, maxLength: 20 }), (n, seed, picks) => {
    for (const s of runTurn(n, seed, picks)) {
      assert.deepEqual(checkInvariants(s), []);
      for (const viewer of [...s.players, null]) {
        const v = JSON.stringify(viewOf(s, viewer));
        for (const c of [...s.secret.neutralAside, ...s.secret.piles.flat()]) assert.ok(!v.includes(`"${c}"`), `${c} leaks to ${viewer}`);
        for (const [b, plan] of Object.entries(s.secret.plans)) if (b !== viewer) for (const c of plan!.flat()) assert.ok(!JSON.stringify(viewOf(s, viewer).mine).includes(c));
        assert.ok(!v.includes(s.secret.seed) && !('secret' in viewOf(s, viewer)));
      }
    }
  }), { numRuns: 40 });
});

test('property: the same seed and answers give the same states (determinism)', () => {
  fc.assert(fc.property(fc.integer({ min: 2, max: 6 }), fc.string(), fc.array(fc.nat(100), { minLength: 1, maxLength: 10 }), (n, seed, picks) => {
    const a = runTurn(n, seed, picks), b = runTurn(n, seed, picks);
    assert.deepEqual(a.map(hashState), b.map(hashState));
  }), { numRuns: 20 });
});

test('a whole turn with the cards that run: Planning → Action (a special phase fired) → Upkeep → Planning of turn 2, invariants throughout', () => {
  let s = game([green, blue, red], 'whole-turn');
  s.track[0] = blue; s.barons[blue].shields--; // one shield from an earlier turn
  const states: WkState[] = [s];
  s = withPiles(s, [
    [`${green}:levy:1`, 'neutral:expedition:1', `${blue}:recruit:1`, `${red}:recruit:1`],
    ['neutral:defensive-works:1', `${green}:recruit:1`, `${blue}:levy:1`, 'neutral:uncertain-times:1'],
    [`${red}:church:1`, 'neutral:maintenance:1', `${green}:manoeuvres:1`, `${blue}:military:1`],
  ]);
  s.secret.neutralAside = ['neutral:major-event:1', 'neutral:major-event:2'];
  for (let guard = 0; guard < 40 && s.stage === 'action'; guard++) {
    while (s.pendingPhases.length > 0) { s = ok(runPendingPhase(s)); states.push(s); }
    s = revealNext(s); states.push(s);
    if (!s.current) continue;
    const info = actionCard(s.current);
    s = info.neutral
      ? ok(info.type === 'expedition' ? resolveExpedition(s, { launch: 'ceylon', stakes: { [green]: 2 } }) : info.type === 'maintenance' ? resolveMaintenance(s) : resolveDefensiveWorks(s))
      : ok(resolveBaronCard(s, info.owner, info.type === 'recruit' ? { use: true } : undefined));
    states.push(s);
  }
  assert.ok(s.log.some((e) => e.t === 'triggered' && e.phase === 'draft'), 'a shield already there and three Recruit Troops: N + 1 = 4 shields');
  assert.ok(s.track.every((x) => x === null), 'the Draft ran');
  assert.equal(s.stage, 'upkeep');
  s = runUpkeep(s); states.push(s);
  s = ok(runArrival(s)); states.push(s);
  assert.equal(s.stage, 'planning');
  assert.equal(s.turn, 2);
  assert.deepEqual(s.expeditions.ceylon?.space, 1);
  for (const st of states) assert.deepEqual(checkInvariants(st), []);
});

test('§2.8 Improvisation (e): a shield on an allowed space paying its printed cost (space "3" = 5 crowns); refused without the crowns', () => {
  let s = game([green, blue, red]);
  s = withPiles(s, [[`${green}:improvisation:1`], [], []]);
  const t = revealNext(s);
  const crowns = t.barons[green].crowns;
  const a = ok(resolveBaronCard(t, green, { use: true, option: 'shield', space: 3 }));
  assert.equal(a.track[3], green);
  assert.equal(a.barons[green].crowns, crowns - 5);
  assert.ok(a.barons[green].hand.includes(`${green}:improvisation:1`));
  t.barons[green].crowns = 4;
  const r = resolveBaronCard(t, green, { use: true, option: 'shield', space: 3 });
  assert.ok(!r.ok && r.reason === 'cannot-pay' && r.message.fr.includes('5') && r.message.en.includes('5'));
  const far = resolveBaronCard(t, green, { use: true, option: 'shield', space: 4 });
  assert.ok(!far.ok && far.reason === 'bad-space', 'space "4" is beyond N = 3');
});

test('§9.2 #5 no card waiting, or a neutral card waiting: a refusal, not an error', () => {
  const s = game([green, blue]);
  const r = resolveBaronCard(s, green);
  assert.ok(!r.ok && r.reason === 'no-card' && r.message.fr.length > 0 && r.message.en.length > 0);
  const t = revealNext(withPiles(game([green, blue]), [['neutral:maintenance:1'], [], []]));
  const r2 = resolveBaronCard(t, green);
  assert.ok(!r2.ok && r2.reason === 'no-card');
});
