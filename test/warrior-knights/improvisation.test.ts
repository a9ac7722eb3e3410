/**
 * Improvisation is "exactly one of" five options and returns to hand (rules §2.8, §4.3): the
 * referee (rules/action.ts `improvisationStray`), the answer check (answers.ts, a dry run of the
 * referee), the guided form (forms.ts) and the bot (bot.ts) agree. An answer that names no option,
 * mixes options' fields (a move with an attack, crowns with a move), names a zone (the card goes
 * back to hand) or a space outside the paid shield, or a decline carrying anything, is refused in
 * French and English; an option on another card is refused too. The form offers the paid shield
 * with its space (it offered none that could pass), and every choice it offers passes; the bot's
 * answers are each exactly one option.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { formLine } from '../../src/engine/ruleset.ts';
import { createRng } from '../../src/engine/rng.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { resolveBaronCard, revealNext, type CardAnswer } from '../../src/rulesets/warrior-knights/rules/action.ts';
import { game, withPiles } from './fixture.ts';

await loadAllRulesets();

const green: BaronId = 'green';

/** A flow game whose open question is green's revealed card. */
function flowGame(card: string, seed = 'impro'): WkGame {
  const wk = revealNext(withPiles(game([green, 'blue', 'red'], seed), [[card], [], []]));
  const g: WkGame = { wk, flow: { seq: 0, pending: {}, asked: {}, maxTurns: 0, capped: false }, names: {} };
  const [d] = rs.decisions(g);
  assert.ok(d && d.kind === 'use-card' && d.players[0] === green, 'green is asked what to do with his card');
  return g;
}

test('§2.8 the referee refuses an Improvisation answer that is not exactly one option with its own fields', () => {
  const t = revealNext(withPiles(game([green, 'blue', 'red'], 'impro-rules'), [[`${green}:improvisation:1`], [], []]));
  const someNoble = Object.values(t.nobles).find((n) => n.baron === green && n.location.kind === 'region')!;
  const move = { noble: someNoble.id, kind: 'step' as const, path: ['nowhere'] };
  const attack = { target: 'neutral', kind: 'battle' as const, armies: [someNoble.id] };
  const bad: [string, unknown][] = [
    ['no option', { use: true }],
    ['crowns with a move', { use: true, option: 'crowns', moves: [move] }],
    ['a vote with a zone (the card returns to hand)', { use: true, option: 'vote', zone: 'wages' }],
    ['crowns with a space', { use: true, option: 'crowns', space: 2 }],
    ['a move with an attack (cannot move and fight)', { use: true, option: 'move', moves: [move], attack }],
    ['a combat with Military Operations’ flag', { use: true, option: 'combat', attack, combat: true }],
    ['a shield with a move', { use: true, option: 'shield', space: 2, moves: [move] }],
    ['a decline with an option', { use: false, option: 'crowns' }],
    ['a decline with a zone', { use: false, zone: 'taxes' }],
  ];
  for (const [what, answer] of bad) {
    const r = resolveBaronCard(t, green, answer as CardAnswer);
    assert.ok(!r.ok && r.reason === 'improvisation-one', `${what}: refused as not exactly one option (got ${r.ok ? 'accepted' : r.reason})`);
    assert.ok(!r.ok && /une seule option/.test(r.message.fr) && /exactly one option/.test(r.message.en), `${what}: said in French and English`);
  }
  for (const answer of [{ use: true, option: 'crowns' }, { use: true, option: 'vote' }, { use: true, option: 'shield', space: 2 }, { use: false }] as CardAnswer[]) {
    const r = resolveBaronCard(t, green, answer);
    assert.ok(r.ok, `${JSON.stringify(answer)} is one option and is accepted`);
    assert.ok(r.ok && r.state.barons[green].hand.includes(`${green}:improvisation:1`), 'and the card is back in hand');
  }
  const m = revealNext(withPiles(game([green, 'blue', 'red'], 'impro-rules'), [[`${green}:levy:1`], [], []]));
  const r = resolveBaronCard(m, green, { use: true, option: 'crowns' });
  assert.ok(!r.ok && r.reason === 'not-improvisation', 'an option on Levy Taxes is refused, not ignored');
});

test('§2.8 the answer check refuses what the referee refuses, with the rules’ message', () => {
  const g = flowGame(`${green}:improvisation:1`);
  const [d] = rs.decisions(g);
  for (const answer of [{ use: true }, { use: true, option: 'crowns', zone: 'wages' }, { use: false, option: 'vote' }, '{"use":true,"option":"vote","space":3}']) {
    const v = rs.validate(g, green, d!.id, answer);
    assert.equal(v.value, null, `${JSON.stringify(answer)} is refused by validate`);
    assert.match(v.issues[0]?.text?.fr ?? '', /une seule option/, `${JSON.stringify(answer)}: the French message`);
    assert.match(v.issues[0]?.text?.en ?? '', /exactly one option/, `${JSON.stringify(answer)}: the English message`);
  }
  assert.notEqual(rs.validate(g, green, d!.id, { use: true, option: 'vote' }).value, null, '+1 vote is accepted');
  assert.notEqual(rs.validate(g, green, d!.id, null).value, null, 'the default (+2 crowns) is accepted');
});

test('§2.8 the guided form offers exactly the legal options, the paid shield with its space; each passes', () => {
  const g = flowGame(`${green}:improvisation:1`);
  const [d] = rs.decisions(g);
  for (const lang of ['fr', 'en'] as const) {
    const form = rs.answerForm!(g, green, d!.id, lang);
    const entries = form.groups.flatMap((x) => x.entries);
    const values = entries.flatMap((e) => e.fields.flatMap((f) => (f.kind === 'choice' ? f.options.map((o) => ({ e, f, v: o.value })) : [])));
    assert.ok(values.length > 0, 'the form has choices');
    for (const { e, f, v } of values) {
      const line = formLine(e, { [f.name]: v });
      assert.ok(line !== null, 'every choice makes a line');
      const r = rs.validate(g, green, d!.id, line!);
      assert.notEqual(r.value, null, `${lang}: the form's choice ${line} passes (${JSON.stringify(r.issues)})`);
      const answer = JSON.parse(v) as CardAnswer;
      if (answer.use) assert.ok(answer.option, `${lang}: every use the form offers names its option (${v})`);
    }
    const shields = values.filter(({ v }) => /"option":"shield"/.test(v));
    assert.ok(shields.length > 0, `${lang}: the paid shield is offered`);
    assert.ok(shields.every(({ v }) => /"space":\d/.test(v)), `${lang}: each with its space`);
    assert.ok(!values.some(({ v }) => v === JSON.stringify({ use: true })), `${lang}: no "use" without an option`);
  }
});

test('§2.8 the bot answers Improvisation with exactly one option, always accepted', () => {
  let shields = 0;
  for (let i = 0; i < 40; i++) {
    const g = flowGame(`${green}:improvisation:1`, `impro-bot-${i % 4}`);
    const [d] = rs.decisions(g);
    const a = botAnswer(g, green, d!.id, createRng(`impro-bot-${i}`, 'bot'));
    if (a === null) continue; // the default: +2 crowns
    const v = rs.validate(g, green, d!.id, a);
    assert.notEqual(v.value, null, `the bot's answer ${JSON.stringify(a)} is accepted`);
    const c = a as CardAnswer;
    assert.ok(c.use && c.option, `the bot names one option (${JSON.stringify(a)})`);
    if (c.use && c.option === 'shield') shields++;
  }
  assert.ok(shields > 0, 'now and then the bot buys a shield with Improvisation');
});
