/**
 * The bots and sieges (bot.ts, bot-free.ts; rules §8.6 [T §6.4.1, P G-34], #33): a siege lasts only
 * while a lord of the besieger stands in the village, and the besieged player asks to leave his
 * walls (#33) in his next movement. The bots used to lift their sieges at 5 % before every step
 * (some 40 a turn) and to march their besieging lord away at the next movement, so sieges seldom
 * lived until the besieged player's movement and a soak asked #33 once in tens of games. Now a
 * besieger mostly stays and seldom lifts; a besieged bot lord still tries to leave, and asks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import { botAnswer } from '../../src/rulesets/fief/bot.ts';
import { botActionsOf } from '../../src/rulesets/fief/bot-free.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import type { MoveCommand } from '../../src/rulesets/fief/rules/movement.ts';
import { castleBesieged, station } from './arena.ts';
import { emptyBoard, reply, scene, until } from './scene.ts';

/** P1 holds BLAYE's castle with a lord and a sergeant, besieged by P2 (a lord, 2 sergeants); P3 far away. */
function besieged(): FiefGame {
  return scene(3, '5.A', (s) => {
    emptyBoard(s);
    castleBesieged(s, 'BLAYE', 'P1', 'P2');
    station(s, 'P3', 'TOURNUS', 1, 0, [s.families.P3!.lords[0]!]);
  });
}

const leads = (v: unknown): string[] => ((v ?? []) as MoveCommand[]).map((c) => c.lead);

test('a besieged bot lord asks to leave his walls (#33), and the besieger is asked', () => {
  const g = until(besieged(), 'movement').g;
  const ask = g.flow.current!;
  assert.deepEqual(ask.players, ['P1']);
  const lord = g.fief.families.P1!.lords[0]!;
  let seed = '';
  for (let n = 0; n < 40 && !seed; n++) if (leads(botAnswer(g, 'P1', ask.id, createRng('leave', `${n}`))).includes(lord)) seed = `${n}`;
  assert.ok(seed, 'some seed moves the besieged lord');
  const next = reply(g, { P1: botAnswer(g, 'P1', ask.id, createRng('leave', seed)) }).g;
  assert.equal(next.flow.current!.kind, 'leave-besieged');
  assert.deepEqual(next.flow.current!.players, ['P2']);
});

test('a besieging bot lord mostly stays, and a bot seldom lifts its siege between steps', () => {
  let g = until(besieged(), 'movement').g;
  g = reply(g, { P1: [] }).g;
  g = until(g, 'movement').g;
  const ask = g.flow.current!;
  assert.deepEqual(ask.players, ['P2']);
  const lord = g.fief.families.P2!.lords[0]!;
  const n = 200;
  let moved = 0;
  for (let i = 0; i < n; i++) if (leads(botAnswer(g, 'P2', ask.id, createRng('stay', `${i}`))).includes(lord)) moved++;
  assert.ok(moved < n * 0.25, `the besieger moved in ${moved} of ${n} answers (70 % before)`);
  let lifts = 0;
  for (let i = 0; i < n; i++) if (botActionsOf(g, 'P2', createRng('lift', `${i}`), 'spontaneous').some((a) => a.id === 'lift-siege')) lifts++;
  assert.ok(lifts < n * 0.03, `lift-siege in ${lifts} of ${n} steps (5 % before)`);
});
