/**
 * Bad answers get a refusal, never a crash (standards: "no 500 for any input"): every entry point
 * that takes a baron's answer is fed well-shaped answers with arbitrary ids, numbers and barons
 * (fast-check); each returns a refusal or a legal state whose invariants hold — or throws
 * StepNotImplemented for a part that does not exist yet. The shapes themselves are the prompt
 * layer's to check (it is not written yet).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { StepNotImplemented } from '../../src/rulesets/warrior-knights/phases.ts';
import { resolveBaronCard, revealNext } from '../../src/rulesets/warrior-knights/rules/action.ts';
import { runArrival } from '../../src/rulesets/warrior-knights/rules/arrival.ts';
import { runDraft } from '../../src/rulesets/warrior-knights/rules/draft.ts';
import { checkMove } from '../../src/rulesets/warrior-knights/rules/movement.ts';
import { resolveDefensiveWorks, resolveExpedition, resolveMaintenance } from '../../src/rulesets/warrior-knights/rules/neutral.ts';
import { submitPlan } from '../../src/rulesets/warrior-knights/rules/planning.ts';
import { runUpkeep } from '../../src/rulesets/warrior-knights/rules/upkeep.ts';
import { runWages } from '../../src/rulesets/warrior-knights/rules/wages.ts';
import { assignTroops, createGame, placeNoble, placeStronghold } from '../../src/rulesets/warrior-knights/setup.ts';
import type { WkState } from '../../src/rulesets/warrior-knights/state.ts';
import { createRng } from '../../src/engine/rng.ts';
import { game, withPiles } from './fixture.ts';

const id = fc.oneof(fc.constantFrom('green', 'blue', 'red', 'stronghold', 'green-circle', 'blue-star', 'r2c2', 'r0c0', 'sea-cadix', 'green:levy:1', 'blue:levy:1', 'merc-english-1', 'ormeval', 'green-reg-50a', 'toString', '__proto__', 'constructor', 'valueOf'), fc.string());
const num = fc.oneof(fc.integer({ min: -5, max: 12 }), fc.constantFrom(Number.NaN, 1e9, -0, 2.5));
const baron = fc.constantFrom<BaronId>('green', 'blue', 'red', 'violet');
const zone = fc.constantFrom('taxes', 'wages', 'assembly', 'nowhere');

function survive(f: () => { ok: boolean; state?: WkState } | WkState | unknown): void {
  try {
    const r = f() as { ok?: boolean; state?: WkState } | WkState;
    const s = r && typeof r === 'object' && 'ruleset' in r ? r as WkState : (r as { ok?: boolean; state?: WkState })?.ok ? (r as { state: WkState }).state : null;
    if (s) assert.deepEqual(checkInvariants(s), []);
  } catch (e) {
    if (!(e instanceof StepNotImplemented)) throw e;
  }
}

test('setup answers with arbitrary ids and barons are refused or legal', () => {
  const s0 = createGame({ players: 3, barons: ['green', 'blue', 'red'] }, createRng('bad', 'setup'));
  fc.assert(fc.property(baron, fc.dictionary(id, id), id, id, (b, assignment, a, r) => {
    survive(() => assignTroops(s0, b, assignment));
    const s1 = game(['green', 'blue', 'red'], 'bad');
    survive(() => placeStronghold({ ...s1, stage: 'strongholds', toAct: [b] }, b, a));
    survive(() => placeNoble({ ...s1, stage: 'nobles', toAct: [b] }, b, a, r));
  }), { numRuns: 150 });
});

test('planning, card answers and moves with arbitrary content are refused or legal', () => {
  const s = game(['green', 'blue', 'red'], 'bad2');
  const t = revealNext(withPiles(game(['green', 'blue', 'red'], 'bad2'), [['green:improvisation:1'], [], []]));
  const m = revealNext(withPiles(game(['green', 'blue', 'red'], 'bad2'), [['green:military:1'], [], []]));
  fc.assert(fc.property(baron, fc.array(fc.array(id, { maxLength: 4 }), { maxLength: 4 }), fc.boolean(), zone, num,
    fc.constantFrom('crowns', 'vote', 'move', 'combat', 'shield', 'dance'), fc.array(fc.record({ noble: id, kind: fc.constantFrom('step', 'road', 'sea', 'fly'), path: fc.array(id, { maxLength: 4 }) }), { maxLength: 3 }),
    (b, piles, use, z, space, option, moves) => {
      survive(() => submitPlan(s, b, piles));
      const answer = { use, zone: z, space, option, moves, combat: false } as never;
      survive(() => resolveBaronCard(t, b, answer));
      survive(() => resolveBaronCard(m, b, answer));
      for (const mv of moves) survive(() => checkMove(s, b, mv as never));
    }), { numRuns: 200 });
});

test('special phases, neutral cards and the Upkeep with arbitrary answers are refused or legal', () => {
  const s = game(['green', 'blue', 'red'], 'bad3');
  s.track = ['green', 'blue', null, null, null, null, null]; s.barons.green.shields--; s.barons.blue.shields--;
  const works = revealNext(withPiles(game(['green', 'blue', 'red'], 'bad3'), [['neutral:defensive-works:1'], [], []]));
  const maint = revealNext(withPiles(game(['green', 'blue', 'red'], 'bad3'), [['neutral:maintenance:1'], [], []]));
  const exp = revealNext(withPiles(game(['green', 'blue', 'red'], 'bad3'), [['neutral:expedition:1'], [], []]));
  const up = { ...game(['green', 'blue', 'red'], 'bad3'), stage: 'upkeep' as const, step: 'U1' as const };
  const six = { ...game(['green', 'blue', 'red'], 'bad3'), stage: 'upkeep' as const, step: 'U6' as const };
  fc.assert(fc.property(baron, id, id, num, fc.array(id, { maxLength: 4 }), fc.constantFrom('ceylon', 'spice', 'china', 'mars', null), fc.boolean(), (b, a, r, n, cards, dest, bless) => {
    survive(() => runWages(s, { [b]: { pay: cards } }));
    survive(() => runDraft(s, { 0: { cards: cards.map((c) => ({ card: c, to: a })) }, 1: { cards: [{ card: a, to: r }] } }));
    survive(() => resolveDefensiveWorks(works, { [b]: { kind: 'repair', city: a, breaches: n } }));
    survive(() => resolveDefensiveWorks(works, { [b]: { kind: 'fortify', city: a } }));
    survive(() => resolveDefensiveWorks(works, { [b]: { kind: 'repair-stronghold', breaches: n } }));
    survive(() => resolveMaintenance(maint, { [b]: { army: a, tokens: n } }));
    survive(() => resolveExpedition(exp, { launch: dest as never, stakes: { [b]: n }, bless }));
    survive(() => runUpkeep(up, { revolts: { [a]: r as never } }));
    survive(() => runArrival(six, { [b]: { rebuild: a, transfers: [{ from: a, to: r, cards }], redistribute: [{ from: r, to: a, cards }], fromGarrison: [{ from: 'stronghold', to: a, cards }], place: { [a]: r } } }));
  }), { numRuns: 200 });
});
