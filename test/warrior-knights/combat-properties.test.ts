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
import { runStep } from '../../src/rulesets/warrior-knights/turn.ts';
import { viewOf } from '../../src/rulesets/warrior-knights/view.ts';
import { answerFor, build, reveal, scenario, type Scenario } from './combat-fixture.ts';

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
