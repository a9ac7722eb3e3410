/**
 * #34, rules §8.6 [T §6.4.1, P G-34]: another player's pieces reinforce a besieged fortification
 * only with the besieged player's consent (REPLY, default refuse). A step flagged `reinforce`
 * asks him; granted, the pieces enter the walls (the centre) and are besieged with him; refused or
 * unanswered, they stop at the entrance like any arrival. Both languages; the question goes to
 * the besieged player alone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BOARD } from '../../src/rulesets/fief/board.ts';
import { DECISIONS } from '../../src/rulesets/fief/decisions.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { MOVE_REFUSALS, moveStep, newMemo } from '../../src/rulesets/fief/rules/movement.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { castleBesieged, station } from './arena.ts';
import { emptyBoard, reply, scene, until } from './scene.ts';

const FROM = BOARD.adjacent.BLAYE!.find((v) => !['SIGY', 'TOURNUS'].includes(v))!;

/** P1 holds BLAYE's castle, besieged by P2; P3 stands next door with a lord, 2 sergeants and a knight. */
function besieged(): FiefGame {
  return scene(4, '5.A', (s) => {
    emptyBoard(s);
    castleBesieged(s, 'BLAYE', 'P1', 'P2');
    station(s, 'P3', FROM, 2, 1, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'TOURNUS', 1, 0, [s.families.P4!.lords[0]!]);
  });
}

/** Up to P3's #34 question: P1 and P2 do not move; P3 steps into BLAYE asking to reinforce. */
function askReinforce(): FiefGame {
  let g = besieged();
  for (let i = 0; i < 2; i++) { g = until(g, 'movement').g; g = reply(g, { [g.flow.current!.players[0]!]: [] }).g; }
  g = until(g, 'movement').g;
  assert.deepEqual(g.flow.current!.players, ['P3']);
  const lord = g.fief.families.P3!.lords[0]!;
  g = reply(g, { P3: `move ${lord} BLAYE 2 1 reinforce` }).g;
  return g;
}

const pieceOf = (g: FiefGame, p: string) => ({ lord: g.fief.lords[g.fief.families[p]!.lords[0]!]!.at, stacks: g.fief.villages.BLAYE!.stacks.filter((st) => st.player === p).map((st) => st.position.kind) });

test('#34 asks the besieged player alone, REPLY, default refuse, in both languages', () => {
  const g = askReinforce();
  const ask = g.flow.current!;
  assert.equal(ask.kind, 'reinforce-besieged');
  assert.deepEqual(ask.players, ['P1'], 'the besieged player, not the besieger');
  const d = fief.decisions(g)[0]!;
  assert.equal(d.deadline.kind === 'class' && d.deadline.name, DECISIONS['reinforce-besieged'].deadline);
  assert.equal(DECISIONS['reinforce-besieged'].deadline, 'REPLY');
  assert.equal(d.defaults.P1, false, 'default: refuse');
  assert.match(d.prompt.fr, /renforcer/);
  assert.match(d.prompt.en, /reinforce/);
});

test('#34 granted: the pieces enter the walls and are besieged with him', () => {
  let g = askReinforce();
  g = reply(g, { P1: 'oui' }).g;
  const at = pieceOf(g, 'P3');
  assert.equal(at.lord?.village, 'BLAYE');
  assert.equal(at.lord?.position.kind, 'CENTER', 'the lord inside the walls');
  assert.deepEqual(at.stacks, ['CENTER'], 'his troops inside the walls');
  // Besieged with him: no step out without the besieger's leave (#33).
  const s = g.fief;
  const out = moveStep(s, 'P3', { lead: s.families.P3!.lords[0]!, to: FROM }, newMemo());
  assert.equal(out.ok, false, 'a reinforcement inside is besieged');
  assert.equal(!out.ok && out.reason, 'besieged');
});

test('#34 refused: the pieces stop at the entrance like any arrival', () => {
  let g = askReinforce();
  g = reply(g, { P1: 'non' }).g;
  const at = pieceOf(g, 'P3');
  assert.equal(at.lord?.village, 'BLAYE');
  assert.equal(at.lord?.position.kind, 'ENTRANCE');
  assert.deepEqual(at.stacks, ['ENTRANCE']);
});

test('#34 timed out: the default (refuse) leaves them at the entrance', () => {
  let g = askReinforce();
  g = reply(g, {}).g; // every answer missing: the catalogue's default
  assert.equal(pieceOf(g, 'P3').lord?.position.kind, 'ENTRANCE');
});

test('#34 only into another player’s besieged fortification: refused with the reason in both languages', () => {
  let g = besieged();
  for (let i = 0; i < 2; i++) { g = until(g, 'movement').g; g = reply(g, { [g.flow.current!.players[0]!]: [] }).g; }
  g = until(g, 'movement').g;
  const lord = g.fief.families.P3!.lords[0]!;
  const other = BOARD.adjacent[FROM]!.find((v) => v !== 'BLAYE')!;
  const v = fief.validate(g, 'P3', g.flow.current!.id, `move ${lord} ${other} 1 0 reinforce`);
  assert.equal(v.issues.length, 1, 'one refused line');
  assert.deepEqual(v.issues[0]!.text, MOVE_REFUSALS['not-besieged']);
  assert.ok(MOVE_REFUSALS['not-besieged'].fr.length > 0 && MOVE_REFUSALS['not-besieged'].en.length > 0, 'both languages');
  // The besieger himself cannot "reinforce" what he besieges.
  const s = structuredClone(g.fief);
  s.villages[FROM]!.sieges = [];
  const r = moveStep(s, 'P2', { lead: s.families.P2!.lords[0]!, to: FROM, reinforce: true }, newMemo());
  assert.equal(!r.ok && r.reason, 'not-besieged');
});
