/**
 * Scenes for flow tests (flow.ts through index.ts): an emptied board, a set-up game moved to the
 * start of a step with every hand emptied, answers given through validate and resolve (the
 * referee's own check), the invariants after each answer. Shared by the tests of #34, the battle
 * holds, the hold after a step, step 2.D and the calming choice.
 */
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import type { Lang } from '../../src/engine/ruleset.ts';
import type { FreeEvent } from '../../src/rulesets/fief/free.ts';
import { defaultAnswer } from '../../src/rulesets/fief/answers.ts';
import { cardKind } from '../../src/rulesets/fief/cards.ts';
import { nextAsk, type FiefGame, type FlowKind } from '../../src/rulesets/fief/flow.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { checkInvariants } from '../../src/rulesets/fief/invariants.ts';
import type { TurnStepId } from '../../src/rulesets/fief/phases.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';

export type Ev = ReturnType<typeof fief.resolve>['events'][number];

/** Every piece back to its reserve, every castle back to the supply, no controller. */
export function emptyBoard(s: FiefState): void {
  for (const v of Object.values(s.villages)) {
    for (const st of v.stacks) for (const x of st.groups) { s.families[st.player]!.reserve.sergeants += x.sergeants; s.families[st.player]!.reserve.knights += x.knights; }
    v.stacks = []; v.controller = null;
    if (v.fortification) { v.fortification = null; s.supply.castleTiles += 1; }
  }
  for (const l of Object.values(s.lords)) l.at = null;
}

/** A set-up game moved to the start of `step` of turn 1 after `edit` (P1 first, hands emptied), its first question open. */
export function scene(players: number, step: TurnStepId, edit: (s: FiefState) => void, seed = 'scene2'): FiefGame {
  let g = fief.setup({ players }, createRng(seed, 'setup'));
  for (let i = 0; i < players; i++) {
    const ask = g.flow.current!;
    g = fief.resolve(g, [{ decision: ask.id, player: ask.players[0]!, value: defaultAnswer(ask, ask.players[0]!), order: i }], createRng(seed, `s${i}`)).state;
  }
  g = structuredClone(g);
  for (const p of g.fief.players) {
    const chars = (c: string) => cardKind(c).startsWith('LORD') || cardKind(c) === 'CARDINAL' || cardKind(c) === 'DARC';
    g.fief.secret.eventDeck.push(...g.fief.hands[p]!.filter((c) => !chars(c)));
    g.fief.secret.characterDeck.push(...g.fief.hands[p]!.filter(chars));
    g.fief.hands[p] = [];
  }
  edit(g.fief);
  g.fief.firstPlayer = 'P1';
  g.fief.cursor = { turn: 1, phase: Number(step[0]) as 1, step };
  g.flow.step = step;
  g.flow.answers = {};
  g.flow.current = nextAsk(g);
  assert.deepEqual(checkInvariants(g.fief), [], 'the scene keeps the invariants');
  return g;
}

/** Answers the open question (each player: `answers[p]`, else the default) through validate and resolve. */
export function reply(g: FiefGame, answers: Record<string, unknown> = {}): { g: FiefGame; events: Ev[] } {
  const ask = g.flow.current!;
  assert.ok(ask, 'a question is open');
  const subs = ask.players.map((p, i) => {
    const given = p in answers ? answers[p] : defaultAnswer(ask, p);
    const v = fief.validate(g, p, ask.id, given);
    assert.ok(v.value !== null && v.issues.length === 0, `${ask.kind} ${p}: ${JSON.stringify(v.issues)}`);
    return { decision: ask.id, player: p, value: v.value, order: i };
  });
  const r = fief.resolve(g, subs, createRng('scene2', ask.id));
  assert.deepEqual(checkInvariants(r.state.fief), [], `after ${ask.id}`);
  return { g: r.state, events: r.events };
}

/** Answers with the defaults (or `answers(g)`) until a question of `kind` opens; the events on the way. */
export function until(g: FiefGame, kind: FlowKind, answers: (g: FiefGame) => Record<string, unknown> = () => ({}), cap = 80): { g: FiefGame; events: Ev[] } {
  const events: Ev[] = [];
  for (let i = 0; i < cap; i++) {
    if (g.flow.current?.kind === kind) return { g, events };
    assert.ok(g.flow.current, `the game ended before ${kind}`);
    const r = reply(g, answers(g));
    g = r.g; events.push(...r.events);
  }
  assert.fail(`no ${kind} question within ${cap} questions`);
}

/** A free action that must be accepted (refusals shown in the message), with the invariants after it. */
export function freeAct(g: FiefGame, player: string, id: string, values: Record<string, string> = {}, stream = 'act'): { g: FiefGame; events: FreeEvent[] } {
  const v = fief.validateAction!(g, player, { id, values });
  assert.ok(v.value !== null && v.issues.length === 0, `${id} ${JSON.stringify(values)} by ${player} refused: ${JSON.stringify(v.issues.map((i) => i.text?.en))}`);
  const r = fief.act!(g, player, v.value, createRng(stream, 'act'));
  assert.deepEqual(checkInvariants(r.state.fief), [], `invariants after ${id}`);
  return { g: r.state, events: r.events as FreeEvent[] };
}

/** The refusal of a free action, in both languages (it must be refused). */
export function freeRefused(g: FiefGame, player: string, id: string, values: Record<string, string> = {}): { fr: string; en: string } {
  const v = fief.validateAction!(g, player, { id, values });
  assert.equal(v.value, null, `${id} ${JSON.stringify(values)} should be refused`);
  const t = v.issues[0]!.text!;
  assert.ok(t.fr && t.en && t.fr !== t.en, `a refusal in French and English: ${JSON.stringify(t)}`);
  return t;
}

export const freeReport = (g: FiefGame, events: FreeEvent[], p: string, lang: Lang = 'en'): string => fief.report(g, events, p, lang);
