/**
 * Properties over random combats (rules §6.5–§6.11), played through `runStep` from a revealed
 * Military Operations card to its discard: battles, assaults on a baron's city, on a neutral city
 * and on a stronghold with its garrison, sieges; random armies, casualties, breaches, Ready flags,
 * Fate deck orders and answers (or the §9.2 defaults). At every step: every invariant holds (troops
 * never negative, each troop card, noble and Fate card in one place, breaches within strength),
 * the draws not yet revealed reach no other baron's view (§9.3); at the end the combat is closed,
 * every Fate card is back in the deck and the attacker's participants are exhausted; the same
 * inputs replay to the same hashes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hashState } from '../../src/engine/hash.ts';
import { fate } from '../../src/rulesets/warrior-knights/cards.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { city } from '../../src/rulesets/warrior-knights/board.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { actionCard } from '../../src/rulesets/warrior-knights/cards.ts';
import { StepNotImplemented } from '../../src/rulesets/warrior-knights/phases.ts';
import { targetIn } from '../../src/rulesets/warrior-knights/rules/engage.ts';
import { submitPlan } from '../../src/rulesets/warrior-knights/rules/planning.ts';
import { runStep, type StepInputs } from '../../src/rulesets/warrior-knights/turn.ts';
import { viewOf } from '../../src/rulesets/warrior-knights/view.ts';
import { answerFor, build, reveal, scenario, type Scenario } from './combat-fixture.ts';
import { game } from './fixture.ts';

/** Plays a scenario; returns every state reached. */
function play(sc: Scenario): WkState[] & { armies?: string[] } {
  const b = build(sc);
  if (!b) return [];
  let k = 0;
  const pick = () => sc.picks[k++ % sc.picks.length]!;
  const r = runStep(reveal(b.s, 'green:military:1'), { card: { use: true, attack: b.attack } });
  if (!r.ok) { assert.ok(r.message.fr.length > 0 && r.message.en.length > 0, 'a refusal in both languages'); return []; }
  const states: WkState[] & { armies?: string[] } = [r.state];
  states.armies = b.attack.armies;
  let s = r.state;
  for (let guard = 0; guard < 12 && s.combat; guard++) {
    const next = runStep(s, { combat: answerFor(s, pick) });
    assert.ok(next.ok, next.ok ? '' : `${next.reason}: ${next.message.en}`);
    s = next.state;
    states.push(s);
  }
  assert.equal(s.combat ?? null, null, 'the combat ends within its stages');
  if (s.log[s.log.length - 1]?.t === 'siege-started' || s.log.some((e) => e.t === 'siege-started')) {
    // a later turn: the same baron besieges again (§6.8 completion), or is refused and the siege goes on
    const later = structuredClone(s);
    later.turn += 1;
    for (const id of b.attack.armies) if (later.nobles[id]!.location.kind === 'region') later.nobles[id]!.ready = true;
    const again = runStep(reveal(later, 'green:military:2'), { card: { use: true, attack: b.attack } });
    if (again.ok) {
      s = again.state;
      states.push(s);
      for (let guard = 0; guard < 6 && s.combat; guard++) {
        const next = runStep(s, { combat: answerFor(s, pick) });
        assert.ok(next.ok, next.ok ? '' : `${next.reason}: ${next.message.en}`);
        s = next.state;
        states.push(s);
      }
      assert.equal(s.combat ?? null, null, 'the completed siege ends');
    }
  }
  return states;
}

test('property: random battles, assaults and sieges keep every invariant, hide the draws, end closed, and replay exactly', () => {
  const seen = new Set<string>();
  fc.assert(fc.property(scenario, (sc) => {
    const states = play(sc);
    const end = states[states.length - 1];
    for (const e of end?.log ?? []) seen.add(e.t === 'captured' ? `captured-${e.how}` : e.t === 'battle-result' ? `result-${e.result}` : e.t);
    if (end && end.log.filter((e) => e.t === 'combat-engaged' && e.kind === 'siege').length === 2 && end.log.some((e) => e.t === 'captured')) seen.add('siege-completed');
    for (const s of states) {
      assert.deepEqual(checkInvariants(s), []);
      for (const n of Object.values(s.nobles)) assert.ok(n.casualties >= 0 && n.troops.length >= 0, 'no negative casualties');
      const draws = s.secret.combatDraws;
      if (draws) {
        for (const [viewer, hidden] of [['red', [...draws.attacker, ...draws.defender]], ['green', draws.defender], ['blue', draws.attacker]] as const) {
          const v = viewOf(s, viewer);
          const text = JSON.stringify({ ...v, log: v.log.filter((e) => e.t !== 'city-razed') });
          for (const c of hidden) assert.ok(!text.includes(`"${c}"`), `${c} leaks to ${viewer}`);
        }
      }
    }
    const last = states[states.length - 1];
    if (last) {
      assert.equal(last.secret.fateDeck.length, 48, 'every Fate card back in the deck');
      assert.ok(last.log.some((e) => e.t === 'combat-engaged'), 'a combat was engaged');
      for (const id of states.armies ?? []) assert.equal(last.nobles[id]!.ready, false, 'participants exhausted');
      for (const c of last.secret.fateDeck) assert.ok(fate(c), 'Fate ids stay real');
    }
    assert.deepEqual(play(sc).map(hashState), states.map(hashState));
  }), { numRuns: 150, seed: 20261127 }); // a fixed seed: the coverage check below must not depend on luck
  // the random tables reach every part of the protocol (a property that never fights proves nothing)
  for (const t of ['combat-engaged', 'fate-revealed', 'casualties', 'breaches', 'noble-died', 'retreat', 'siege-started', 'captured-control', 'captured-stronghold', 'ransom', 'result-partial', 'result-total', 'result-draw', 'result-skipped', 'siege-completed']) {
    assert.ok(seen.has(t), `no random combat reached ${t} (seen: ${[...seen].join(', ')})`);
  }
});

/** Whole turns through `runStep`: every Military Operations and Improvisation card attacks when it can (first legal target, type from the picks), every other answer by default; stops at a step not implemented yet. */
function playTurns(n: number, seed: string, picks: number[], turns: number): WkState[] {
  const barons = (['green', 'blue', 'red', 'yellow', 'black', 'violet'] as BaronId[]).slice(0, n);
  let s = game(barons, seed);
  let k = 0;
  const pick = () => picks[k++ % picks.length]!;
  // the nobles scattered over a few standing cities' regions, so that targets meet
  const regions = Object.values(s.cities).filter((c) => !c.razed && !city(c.id).overseas).map((c) => city(c.id).region).slice(0, 4);
  for (const nb of Object.values(s.nobles)) if (nb.location.kind === 'region') nb.location = { kind: 'region', region: regions[pick() % regions.length]! };
  const states = [s];
  for (let guard = 0; guard < turns * (6 * n + 40) && s.stage !== 'over' && s.turn <= turns; guard++) {
    if (s.stage === 'planning') {
      for (const b of barons) {
        const hand = [...s.barons[b].hand].sort((x, y) => Number(!/military|improvisation/.test(x)) - Number(!/military|improvisation/.test(y)));
        const r = submitPlan(s, b, [hand.slice(0, 2), hand.slice(2, 4), hand.slice(4, 6)]);
        assert.ok(r.ok, 'plan');
        s = r.state;
      }
    }
    let inputs: StepInputs = {};
    if (s.combat) inputs = { combat: answerFor(s, pick) };
    else if ((s.step === 'A6' || s.step === 'A7') && s.current) {
      const info = actionCard(s.current);
      const owner = info.neutral ? null : info.owner;
      outer: for (const nb of Object.values(s.nobles).filter((x) => x.baron === owner && x.ready && x.location.kind === 'region')) {
        const r = (nb.location as { region: string }).region;
        for (const target of [...barons.filter((b) => b !== owner), 'neutral' as const]) {
          const t = targetIn(s, owner!, r, target);
          if (!t) continue;
          const card = { use: true as const, option: 'combat' as const, attack: { target, kind: t.kinds[pick() % t.kinds.length]!, armies: [nb.id], consents: Object.fromEntries(barons.map((b) => [b, true])) } };
          if (runStep(s, { card }).ok) { inputs = { card }; break outer; }
        }
      }
    }
    try {
      const r = runStep(s, inputs);
      assert.ok(r.ok, r.ok ? '' : `${r.reason}: ${r.message.en}`);
      s = r.state;
      states.push(s);
    } catch (e) {
      if (e instanceof StepNotImplemented) break;
      throw e;
    }
  }
  return states;
}

test('property: whole turns where every Military Operations and Improvisation attacks keep every invariant and replay exactly', () => {
  let fights = 0;
  fc.assert(fc.property(fc.integer({ min: 2, max: 6 }), fc.string({ maxLength: 6 }), fc.array(fc.nat(100), { minLength: 1, maxLength: 8 }), (n, seed, picks) => {
    const a = playTurns(n, seed, picks, 2);
    for (const s of a) assert.deepEqual(checkInvariants(s), []);
    fights += a[a.length - 1]!.log.filter((e) => e.t === 'combat-engaged').length;
    assert.deepEqual(playTurns(n, seed, picks, 2).map(hashState), a.map(hashState));
  }), { numRuns: 25, seed: 7 });
  assert.ok(fights > 0, 'some combats were fought');
});
