/**
 * Bad combat answers get a refusal, never a crash (the pattern of bad-input.test.ts): the combat
 * set-up of a card's answer (#8, with the consents of #7 and the moves' transfers of §6.4) and the
 * answers to every combat stage (#9–#16) are fed arbitrary ids, numbers, barons and shapes; each
 * returns a refusal in French and English or a legal state whose invariants hold.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { runStep, type StepResult } from '../../src/rulesets/warrior-knights/turn.ts';
import { answerFor, build, reveal, scenario } from './combat-fixture.ts';

const id = fc.oneof(fc.constantFrom('green', 'blue', 'red', 'neutral', 'stronghold', 'works', 'garrison', 'green-square', 'green-star', 'blue-square', 'blue-circle', 'r3c2', 'r3c3', 'r9c9', 'fate-01', 'fate-99', 'merc-english-1', 'gueville', 'ormeval', 'green-reg-50a', 'toString', '__proto__', 'constructor', 'valueOf'), fc.string({ maxLength: 8 }));
const num = fc.oneof(fc.integer({ min: -3, max: 9 }), fc.constantFrom(Number.NaN, Infinity, 1e9, -0, 1.5));
const junk = fc.oneof(id, num, fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(id, { maxLength: 3 }), fc.dictionary(id, num, { maxKeys: 3 }));

/** A refusal in both languages, or a legal state. */
function survive(r: StepResult): void {
  if (r.ok) assert.deepEqual(checkInvariants(r.state), []);
  else assert.ok(r.message.fr.length > 0 && r.message.en.length > 0 && r.message.fr !== r.message.en && !/[{}]/.test(r.message.fr + r.message.en), `${r.reason} in both languages, filled: ${r.message.en}`);
}

const setup = fc.record({
  target: fc.oneof(id, junk), kind: fc.oneof(fc.constantFrom('battle', 'assault', 'siege', 'duel'), junk),
  armies: fc.oneof(fc.array(id, { maxLength: 3 }), junk), commander: fc.oneof(id, junk),
  consents: fc.oneof(fc.dictionary(id, fc.oneof(fc.boolean(), junk), { maxKeys: 3 }), junk),
}, { requiredKeys: [] });
const moves = fc.array(fc.record({
  noble: id, kind: fc.constantFrom('step', 'road', 'sea', 'fly'), path: fc.array(id, { maxLength: 3 }),
  take: fc.oneof(fc.array(fc.record({ at: id, from: id, cards: fc.oneof(fc.array(id, { maxLength: 3 }), junk) }), { maxLength: 2 }), junk),
  drop: fc.oneof(fc.array(fc.record({ at: id, cards: fc.oneof(fc.array(id, { maxLength: 3 }), junk) }), { maxLength: 2 }), junk),
}, { requiredKeys: ['noble', 'kind', 'path'] }), { maxLength: 2 });
const answers = fc.record({
  commander: junk, discard: fc.oneof(fc.record({ attacker: junk, defender: junk }, { requiredKeys: [] }), junk),
  ability: fc.oneof(fc.record({ attacker: junk, defender: junk }, { requiredKeys: [] }), junk),
  allocate: fc.oneof(fc.record({ attacker: fc.oneof(fc.dictionary(id, num, { maxKeys: 3 }), junk), defender: fc.oneof(fc.dictionary(id, num, { maxKeys: 3 }), junk) }, { requiredKeys: [] }), junk),
  retreat: fc.oneof(fc.dictionary(id, id, { maxKeys: 2 }), junk), deserter: fc.oneof(fc.dictionary(id, id, { maxKeys: 2 }), junk),
  lose: fc.oneof(fc.dictionary(id, fc.array(id, { maxLength: 2 }), { maxKeys: 2 }), junk),
  ransomCity: junk, capture: fc.oneof(fc.constantFrom('control', 'raze', 'burn'), junk),
}, { requiredKeys: [] });

test('combat set-ups with arbitrary targets, kinds, armies, commanders, consents, moves and transfers are refused or legal', () => {
  fc.assert(fc.property(scenario, setup, moves, fc.constantFrom('military', 'improvisation'), (sc, attack, mv, card) => {
    const b = build(sc);
    if (!b) return;
    const t = reveal(b.s, `green:${card}:1`);
    survive(runStep(t, { card: { use: true, option: 'combat', attack: attack as never, moves: mv as never } }));
    survive(runStep(t, { card: { use: true, option: 'combat', attack: attack as never } }));
    survive(runStep(t, { card: { use: true, attack: { ...b.attack, ...(attack as object) } as never } }));
  }), { numRuns: 200 });
});

test('every combat stage answered with arbitrary content is refused or legal; the combat then goes on with the defaults', () => {
  fc.assert(fc.property(scenario, fc.array(answers, { minLength: 1, maxLength: 8 }), (sc, junkAnswers) => {
    const b = build(sc);
    if (!b) return;
    const r = runStep(reveal(b.s, 'green:military:1'), { card: { use: true, attack: b.attack } });
    if (!r.ok) return;
    let s: WkState = r.state;
    let k = 0;
    const pick = () => sc.picks[k++ % sc.picks.length]!;
    for (let i = 0; i < 12 && s.combat; i++) {
      const bad = runStep(s, { combat: junkAnswers[i % junkAnswers.length] as never });
      survive(bad);
      const next = runStep(s, { combat: answerFor(s, pick) });
      assert.ok(next.ok, next.ok ? '' : next.message.en);
      s = next.state;
    }
    assert.equal(s.combat ?? null, null);
  }), { numRuns: 150 });
});
