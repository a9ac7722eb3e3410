/**
 * #38 in the flow, rules §6.5.3 [P G-19]: "a cardinal who is also the bishop of that bishopric
 * chooses which way he tries". The calming question offers him both ways (`calm <lord>`: as the
 * bishop, who dies on a failure; `calm <lord> cardinal`: as a cardinal, at the cardinal's price and
 * without risk of death); nobody else may name the cardinal's way for a lord that is not both.
 * Both languages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BOARD } from '../../src/rulesets/fief/board.ts';
import { ANSWER_REFUSALS } from '../../src/rulesets/fief/answers.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import type { TitleId } from '../../src/rulesets/fief/state.ts';
import { station } from './arena.ts';
import { giveTitles, lay, toHand } from './fixture.ts';
import { emptyBoard, reply, scene, until, type Ev } from './scene.ts';

const V = 'SIGY';
const B = BOARD.villages[V]!.bishopric;

/** A famine in SIGY's bishopric; P3's first lord is its bishop and a cardinal; P2 plays a Revolt on SIGY at the hold before income; every calming die fails. */
function calming(): FiefGame {
  let g = scene(4, '3.A', (s) => {
    emptyBoard(s);
    lay(s, 'FAMINE', B);
    station(s, 'P1', V, 2, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P2', 'BLAYE', 1, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P3', 'TOURNUS', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'BOURG', 1, 0, [s.families.P4!.lords[0]!]);
    giveTitles(s, s.families.P3!.lords[0]!, `BISHOP:${B}` as TitleId, 'CARDINAL:1');
    s.families.P3!.ecus = 10;
    s.config.church.bishopCalmFrom = 7; // every attempt fails: the bishop would die, the cardinal does not
    s.config.church.cardinalCalmFrom = 7;
    toHand(s, 'P2', 'REVOLT');
  });
  g = reply(g, { P2: `play ${g.fief.hands.P2![0]!} revolt ${V} famine` }).g;
  g = until(g, 'calming').g;
  assert.deepEqual(g.flow.current!.players, ['P3']);
  return g;
}

const revoltOf = (events: Ev[]) => events.find((e): e is Extract<Ev, { t: 'revolt' }> => e.t === 'revolt')!;

test('#38 [P G-19]: the bishop who is also a cardinal is offered both ways, in both languages', () => {
  const g = calming();
  const lord = g.fief.families.P3!.lords[0]!;
  assert.deepEqual(g.flow.current!.ctx.k === 'calming' && g.flow.current!.ctx.both, [lord]);
  const form = fief.answerForm!(g, 'P3', g.flow.current!.id, 'en');
  assert.deepEqual(form.groups[0]!.entries.map((e) => e.syntax), ['calm <lord>', 'calm <lord> cardinal']);
  const d = fief.decisions(g)[0]!;
  assert.match(d.prompt.fr, /calm <seigneur> cardinal/);
  assert.match(d.prompt.en, /calm <lord> cardinal/);
});

test('#38 [P G-19]: as a cardinal he pays and survives a failed attempt', () => {
  const g0 = calming();
  const lord = g0.fief.families.P3!.lords[0]!;
  const r = reply(g0, { P3: `calm ${lord} cardinal` });
  const events = [...r.events];
  let g = r.g;
  for (let i = 0; i < 6 && !events.some((e) => e.t === 'revolt'); i++) { const x = reply(g); g = x.g; events.push(...x.events); }
  const e = revoltOf(events);
  assert.deepEqual(e.outcome.calming.map((x) => [x.by, x.as, x.calmed, x.paid]), [[lord, 'cardinal', false, g0.fief.config.church.cardinalCalmCost]]);
  assert.ok(g.fief.lords[lord], 'a cardinal does not die of a failed calming');
  assert.equal(g.fief.families.P3!.ecus, 10 - g0.fief.config.church.cardinalCalmCost);
});

test('#38 [P G-19]: named plainly he tries as the bishop, and dies of a failed attempt', () => {
  const g0 = calming();
  const lord = g0.fief.families.P3!.lords[0]!;
  const r = reply(g0, { P3: `calm ${lord}` });
  const events = [...r.events];
  let g = r.g;
  for (let i = 0; i < 6 && !events.some((e) => e.t === 'revolt'); i++) { const x = reply(g); g = x.g; events.push(...x.events); }
  const e = revoltOf(events);
  assert.deepEqual(e.outcome.calming.map((x) => [x.by, x.as, x.calmed]), [[lord, 'bishop', false]]);
  assert.equal(g.fief.lords[lord], undefined, 'the bishop is stoned to death');
});

test('#38: “cardinal” only for a lord who is both; refused otherwise, in both languages', () => {
  const g = calming();
  const other = g.fief.families.P1!.lords[0]!;
  const v = fief.validate(g, 'P3', g.flow.current!.id, `calm ${other} cardinal`);
  assert.equal(v.value, null);
  assert.deepEqual(v.issues[0]!.text, ANSWER_REFUSALS['not-a-calmer']);
});
