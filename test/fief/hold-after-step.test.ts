/**
 * §11.3 point 2: the optional hold after each movement step that ends in a village with other
 * players' pieces (`holds.afterStep`, on by default, a host option for speed in the constants
 * table). The slot's commands up to that step are in the state when the hold is asked, so a card
 * played there acts on the board as moved, and the rest of the slot runs on what it left. Every
 * player is asked with one sentence naming the village, in French and English.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BOARD } from '../../src/rulesets/fief/board.ts';
import { DEFAULT_CONFIG, FIEF_CONSTANTS, resolveFiefConfig } from '../../src/rulesets/fief/constants.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { station } from './arena.ts';
import { toHand } from './fixture.ts';
import { emptyBoard, reply, scene, until } from './scene.ts';

const A = 'SIGY';
const B = BOARD.adjacent[A]![0]!;
const C = BOARD.adjacent[B]!.find((v) => v !== A)!;
const FAR = BOARD.villageIds.find((v) => ![A, B, C].includes(v) && !BOARD.adjacent[v]!.some((x) => [A, B, C].includes(x)))!;
const FAR2 = BOARD.villageIds.find((v) => ![A, B, C, FAR].includes(v) && !BOARD.adjacent[v]!.some((x) => [A, B, C, FAR].includes(x)))!;

/** P1 at A with a lord and 2 sergeants; P2 has a lord and a sergeant in B next door; P3, P4 far away. */
function crossing(afterStep = true): FiefGame {
  return scene(4, '5.A', (s) => {
    emptyBoard(s);
    s.config.holds.afterStep = afterStep;
    station(s, 'P1', A, 2, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P2', B, 1, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P3', FAR, 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', FAR2, 1, 0, [s.families.P4!.lords[0]!]);
    toHand(s, 'P2', 'ASSASSINATION');
  });
}

/** P1's slot: a step into B (P2's pieces there), then on to C. */
function moveThrough(g: FiefGame): FiefGame {
  g = until(g, 'movement').g;
  assert.deepEqual(g.flow.current!.players, ['P1']);
  const lord = g.fief.families.P1!.lords[0]!;
  return reply(g, { P1: [{ lead: lord, to: B, sergeants: 2 }, { lead: lord, to: C, sergeants: 2 }] }).g;
}

test('§11.3: the constant `holds.afterStep` is in the table, on by default, a boolean the host may turn off', () => {
  assert.equal(DEFAULT_CONFIG.holds.afterStep, true);
  assert.match(FIEF_CONSTANTS.holds.afterStep.tag, /§11\.3/);
  assert.equal(resolveFiefConfig({ holds: { afterStep: false } }).holds.afterStep, false);
  assert.throws(() => resolveFiefConfig({ holds: { afterStep: 3 } }), 'a non-boolean is refused');
});

test('§11.3: a hold after a step into a village with others’ pieces asks every player, one sentence naming it, in both languages', () => {
  const g = moveThrough(crossing());
  const ask = g.flow.current!;
  assert.equal(ask.kind, 'hold');
  assert.equal(ask.id, '5.A/P1/step/0/hold/0');
  assert.deepEqual(ask.players, ['P1', 'P2', 'P3', 'P4'], 'every player');
  assert.equal(g.fief.lords[g.fief.families.P1!.lords[0]!]!.at?.village, B, 'the board as moved: the step is in the state');
  const d = fief.decisions(g)[0]!;
  assert.ok(d.prompt.fr.includes(B) || d.prompt.fr.includes(BOARD.villages[B]!.name), `the French sentence names ${B}: ${d.prompt.fr}`);
  assert.match(d.prompt.en, /after a step into/);
  assert.match(d.prompt.fr, /après un pas/);
});

test('§11.3: a card at the hold after a step acts on the board as moved, and the rest of the slot runs on what it left', () => {
  let g = moveThrough(crossing());
  const lord = g.fief.families.P1!.lords[0]!;
  const card = g.fief.hands.P2![0]!;
  g = reply(g, { P2: `play ${card} assassinate ${lord} sponsor ${g.fief.families.P2!.lords[0]!}` }).g;
  assert.equal(g.fief.lords[lord], undefined, 'P1’s lord dies where he stepped');
  assert.equal(g.flow.current?.id, '5.A/P1/step/0/hold/1', 'the hold reopens after a card');
  g = reply(g, {}).g;
  assert.ok(!(g.flow.current?.id ?? '').startsWith('5.A/P1/'), 'P1’s slot is over');
  assert.ok(g.fief.villages[C]!.stacks.every((st) => st.player !== 'P1'), 'the second step did not happen: its lord is dead');
  assert.equal(g.fief.villages[B]!.stacks.find((st) => st.player === 'P1')?.groups.reduce((n, x) => n + x.sergeants, 0), 2, 'his sergeants stay in B');
});

test('§11.3: all pass: the slot goes on from where the step left it', () => {
  let g = moveThrough(crossing());
  const lord = g.fief.families.P1!.lords[0]!;
  g = reply(g, {}).g;
  for (let i = 0; i < 10 && (g.flow.current?.id ?? '').startsWith('5.A/P1/'); i++) g = reply(g, {}).g; // P2's consent to pass (default refuse), #21
  assert.equal(g.fief.lords[lord]!.at?.village, B, 'passing on needs P2’s leave (default refuse): he stays in B');
});

test('§11.3: with `holds.afterStep` off there is no hold after the step', () => {
  const g = moveThrough(crossing(false));
  assert.ok(!(g.flow.current?.id ?? '').includes('/step/'), `no hold after the step: ${g.flow.current?.id}`);
});
