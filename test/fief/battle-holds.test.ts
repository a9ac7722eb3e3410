/**
 * §11.3 point 2 and §11.5 (the battle machine's HOLD): at a battle's hold — before round 1 once the
 * sides are formed, and after each round's losses — every surprise card but a Revolt may be played,
 * and its effect is applied inside the battle (battle.ts `BattleAnswers.surprises[k]`, surprise.ts):
 * an Assassination of the attacker's only lord ends the attack [T §10.3, §10.5]; Justice on a sponsor
 * fighting in it [T §10.4]; a Tunnel freeing a prisoner held there [P G-38]; a Revolt is refused
 * there ('wrong-moment', both languages). The card is told to all in the combat report, in French
 * and English.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fief } from '../../src/rulesets/fief/index.ts';
import { SURPRISE_REFUSALS } from '../../src/rulesets/fief/rules/surprise.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { station } from './arena.ts';
import { toHand } from './fixture.ts';
import { emptyBoard, reply, scene, type Ev } from './scene.ts';

/** P1 attacks P2 at BLAYE (3 sergeants each); P3 at SIGY, P4 at TOURNUS; `edit` adds the cards. */
function battle(edit: (s: FiefGame['fief']) => void): FiefGame {
  let g = scene(4, '6.A', (s) => {
    emptyBoard(s);
    station(s, 'P2', 'BLAYE', 3, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P1', 'BLAYE', 3, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P3', 'SIGY', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'TOURNUS', 1, 0, [s.families.P4!.lords[0]!]);
    edit(s);
  });
  assert.equal(g.flow.current?.kind, 'declare-battles');
  g = reply(g, { P1: [{ village: 'BLAYE', defender: 'P2' }] }).g;
  assert.equal(g.flow.current?.id, '6.A/P1/BLAYE/r1/hold', 'the hold before round 1');
  return g;
}

/** Answers with the defaults to the end of step 6.A; the events on the way. */
function finish(g: FiefGame, events: Ev[] = []): { g: FiefGame; events: Ev[] } {
  for (let i = 0; i < 40 && g.flow.step === '6.A'; i++) { const r = reply(g); g = r.g; events.push(...r.events); }
  return { g, events };
}

const combat = (events: Ev[]) => events.find((e): e is Extract<Ev, { t: 'combat' }> => e.t === 'combat')!;

test('§11.3 battle hold: an Assassination of the attacker’s only lord ends the attack at once (attacker-lordless), told to all in both languages', () => {
  let g = battle((s) => toHand(s, 'P3', 'ASSASSINATION'));
  const card = g.fief.hands.P3![0]!;
  const target = g.fief.families.P1!.lords[0]!;
  const sponsor = g.fief.families.P3!.lords[0]!;
  const form = fief.answerForm!(g, 'P3', g.flow.current!.id, 'en');
  const named = (id: string) => g.fief.lords[id]!.name; // the form's lines name the lords (answers.ts lordWords)
  assert.ok(form.groups[0]!.entries.some((e) => e.syntax === `play ${card} assassinate ${named(target)} sponsor ${named(sponsor)}`), 'his form offers the Assassination at the battle’s hold, the lords by name');
  const r = reply(g, { P3: `play ${card} assassinate ${target} sponsor ${sponsor}` });
  const out = finish(r.g, [...r.events]);
  g = out.g;
  assert.equal(g.fief.lords[target], undefined, 'the attacker’s lord is dead');
  assert.equal(g.fief.lords[sponsor]!.assassinSponsor, true, 'the sponsor bears the marker');
  const b = combat(out.events).battles.find((x) => x.village === 'BLAYE')!;
  assert.equal(b.end, 'attacker-lordless', 'troops alone do not attack [T §10.5]');
  assert.equal(b.rounds, 0, 'no round was rolled');
  assert.deepEqual(b.surprises?.map((x) => [x.player, x.refused]), [['P3', null]]);
  for (const lang of ['fr', 'en'] as const) assert.match(fief.report(g, out.events, 'P4', lang), lang === 'fr' ? /Assassinat/ : /Assassination/, `the card is told to all (${lang})`);
  assert.ok(!g.fief.hands.P3!.includes(card), 'the card is spent');
});

test('§11.3 battle hold: Justice on the defender’s sponsor lord, played by the attacker, kills him inside the battle', () => {
  let g = battle((s) => { toHand(s, 'P1', 'JUSTICE'); s.lords[s.families.P2!.lords[0]!]!.assassinSponsor = true; });
  const card = g.fief.hands.P1![0]!;
  const target = g.fief.families.P2!.lords[0]!;
  const r = reply(g, { P1: `play ${card} justice ${target}` });
  const out = finish(r.g, [...r.events]);
  assert.equal(out.g.fief.lords[target], undefined, 'the sponsor is beheaded');
  const b = combat(out.events).battles.find((x) => x.village === 'BLAYE')!;
  assert.deepEqual(b.surprises?.map((x) => [x.player, x.refused]), [['P1', null]]);
  assert.ok(b.rounds >= 1, 'the battle goes on against the troops left');
});

test('§11.3 battle hold: a Tunnel frees a prisoner held in the battle’s village [P G-38]', () => {
  let g = battle((s) => {
    toHand(s, 'P4', 'TUNNEL');
    const l = s.families.P4!.lords[0]!;
    s.lords[l]!.prisonerOf = 'P2';
    s.lords[l]!.at = { village: 'BLAYE', position: { kind: 'OUTSKIRTS' } };
  });
  const card = g.fief.hands.P4![0]!;
  const prisoner = g.fief.families.P4!.lords[0]!;
  const r = reply(g, { P4: `play ${card} free ${prisoner}` });
  const out = finish(r.g, [...r.events]);
  assert.equal(out.g.fief.lords[prisoner]!.prisonerOf, null, 'freed');
  const b = combat(out.events).battles.find((x) => x.village === 'BLAYE')!;
  assert.deepEqual(b.surprises?.map((x) => [x.player, x.refused]), [['P4', null]]);
});

test('§11.3 battle hold: a Revolt is not played inside a battle (it needs its own window), refused in both languages', () => {
  const g = battle((s) => { toHand(s, 'P3', 'REVOLT'); });
  const card = g.fief.hands.P3![0]!;
  const v = fief.validate(g, 'P3', g.flow.current!.id, `play ${card} revolt BLAYE famine`);
  assert.equal(v.value, null);
  assert.deepEqual(v.issues[0]!.text, SURPRISE_REFUSALS['wrong-moment']);
  const form = fief.answerForm!(g, 'P3', g.flow.current!.id, 'fr');
  assert.ok(!form.groups[0]!.entries.some((e) => e.syntax.includes('revolt')), 'no Revolt offered at a battle’s hold');
});
