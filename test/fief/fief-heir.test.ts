/**
 * #39 at a hold, rules §5.9.2 [T §4.3.1]: an Assassination or Justice played at a hold that would
 * kill a lord holding fief titles, whose family has more than one possible heir, first asks his
 * owner (REPLY) which lord inherits; the default is the lord with the fewest fief titles, then the
 * earliest in play. The card then acts with that choice, and the hold reopens. Both languages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DECISIONS } from '../../src/rulesets/fief/decisions.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import type { Ev } from './scene.ts';
import { station } from './arena.ts';
import { addLord, giveTitles, toHand } from './fixture.ts';
import { emptyBoard, reply, scene } from './scene.ts';

/** P1's first lord holds the fief of Blaye, two more P1 lords could inherit it; P2 holds an Assassination; the hold before income. */
function heirScene(): { g: FiefGame; victim: string; first: string; second: string } {
  let victim = '', first = '', second = '';
  const g = scene(4, '3.A', (s) => {
    emptyBoard(s);
    victim = s.families.P1!.lords[0]!;
    station(s, 'P1', 'BLAYE', 1, 0, [victim]);
    giveTitles(s, victim, 'FIEF:F_BLAYE');
    first = addLord(s, 'P1'); second = addLord(s, 'P1');
    station(s, 'P1', 'SIGY', 1, 0, [first, second]);
    station(s, 'P2', 'TOURNUS', 1, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P3', 'BOURG', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'CHAROLLES', 1, 0, [s.families.P4!.lords[0]!]);
    toHand(s, 'P2', 'ASSASSINATION');
  });
  return { g, victim, first, second };
}

function assassinate(g: FiefGame, victim: string): { g: FiefGame; events: Ev[] } {
  assert.equal(g.flow.current?.id, '3.A/before/hold/0');
  return reply(g, { P2: `play ${g.fief.hands.P2![0]!} assassinate ${victim} sponsor ${g.fief.families.P2!.lords[0]!}` });
}

test('#39: the victim’s owner is asked for the heir before the Assassination acts (REPLY, both languages)', () => {
  const { g: g0, victim, first, second } = heirScene();
  const { g } = assassinate(g0, victim);
  const ask = g.flow.current!;
  assert.equal(ask.kind, 'fief-heir');
  assert.deepEqual(ask.players, ['P1']);
  assert.ok(g.fief.lords[victim], 'not dead yet');
  const d = fief.decisions(g)[0]!;
  assert.equal(DECISIONS['fief-heir'].deadline, 'REPLY');
  assert.equal(d.deadline.kind === 'class' && d.deadline.name, 'REPLY');
  assert.deepEqual(d.choices?.map((c) => c.value), ['default', first, second]);
  assert.match(d.prompt.fr, /hérite/);
  assert.match(d.prompt.en, /inherits/);
});

test('#39: the owner’s choice inherits the fief; the card is told and the hold reopens', () => {
  const { g: g0, victim, second } = heirScene();
  let { g } = assassinate(g0, victim);
  const r = reply(g, { P1: `heir ${second}` });
  g = r.g;
  assert.equal(g.fief.lords[victim], undefined, 'the victim is dead');
  assert.equal(g.fief.titles['FIEF:F_BLAYE'].holder, second, 'the chosen heir holds the fief');
  assert.ok(r.events.some((e) => e.t === 'surprise' && e.player === 'P2'), 'the card is told');
  assert.equal(g.flow.current?.id, '3.A/before/hold/1', 'the hold reopens');
});

test('#39 default (timed out): the lord with the fewest fief titles, then the earliest in play', () => {
  const { g: g0, victim, first } = heirScene();
  let { g } = assassinate(g0, victim);
  g = reply(g, {}).g;
  assert.equal(g.fief.titles['FIEF:F_BLAYE'].holder, first);
});

test('#39: an heir not offered is refused in both languages', () => {
  const { g: g0, victim } = heirScene();
  const { g } = assassinate(g0, victim);
  const v = fief.validate(g, 'P1', g.flow.current!.id, `heir ${g.fief.families.P2!.lords[0]!}`);
  assert.equal(v.value, null);
  assert.ok(v.issues[0]!.text!.fr.length > 0 && v.issues[0]!.text!.en.length > 0, 'both languages');
});
