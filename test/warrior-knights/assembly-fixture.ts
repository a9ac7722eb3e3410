/**
 * The Assembly played through the flow for the tests (flow-assembly.test.ts, free-motions.test.ts):
 * every Assembly question answered with `pick` (null: the default) until the Assembly has run, the
 * invariants checked after each answer.
 */
import assert from 'node:assert/strict';
import { answer, askOf, ASSEMBLY_KINDS, type FlowEvent, type WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';

export function finishAssembly(g0: WkGame, pick: (g: WkGame, b: BaronId) => unknown = () => null): { g: WkGame; events: FlowEvent[] } {
  let g = g0;
  const events: FlowEvent[] = [];
  for (let i = 0; i < 200; i++) {
    const ask = askOf(g);
    if (!ask || !ASSEMBLY_KINDS.includes(ask.kind)) return { g, events };
    const r = answer(g, Object.fromEntries(ask.players.map((b) => [b, pick(g, b)])));
    g = r.game;
    events.push(...r.events);
    assert.deepEqual(checkInvariants(g.wk), []);
  }
  throw new Error('the Assembly did not end within 200 questions');
}
