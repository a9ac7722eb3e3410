/**
 * Warrior Knights prompts for the Major Event (#17–#19) and the Assembly (#28–#37): the players'
 * answers change an Assembly's outcome against the defaults; a blue Major Event is cancelled by
 * pledged Faith charged in chairman order [P G-A42], a red one by its drawer; bad answers are
 * refused in French and English; commitments stay out of every other baron's sight before the
 * reveal; the same seed and answers give the same game through Assemblies.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import { answer, askOf, assemblyQuestion, settle, type FlowEvent, type WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { EVENT_CARDS, eventCard } from '../../src/rulesets/warrior-knights/event-cards.ts';
import { chairmanOrder } from '../../src/rulesets/warrior-knights/turn-order.ts';
import { createRng, type Rng } from '../../src/engine/rng.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { finishAssembly } from './assembly-fixture.ts';

/** Bots play until `stop` holds at an open question (bounded). */
function until(players: number, seed: string, stop: (g: WkGame) => boolean, max = 3000): { g: WkGame; rng: Rng; events: FlowEvent[] } {
  const rng = createRng(seed, 'bots');
  let g = rs.setup({ players, length: 8 }, rng);
  const events: FlowEvent[] = [];
  for (let i = 0; i < max && !rs.outcome(g); i++) {
    if (askOf(g) && stop(g)) return { g, rng, events };
    const [d] = rs.decisions(g);
    const subs = d!.players.map((p, k) => ({ decision: d!.id, player: p, value: rs.validate(g, p, d!.id, botAnswer(g, p, d!.id, rng)).value, order: k }));
    const r = rs.resolve(g, subs, rng);
    g = r.state;
    events.push(...r.events);
  }
  throw new Error('the question was never reached');
}

const atCommit = (g: WkGame) => askOf(g)!.kind === 'commit-votes';

test('an Assembly where the barons\' answers change the outcome against the defaults (#31, #32)', () => {
  const { g } = until(4, 'wk-asm-1', atCommit);
  const q = assemblyQuestion(g)!;
  const card = q.card!;
  const resultOf = (evs: FlowEvent[]) => (evs.find((e) => e.t === 'vote-result' && e.card === card) as { result: string } | undefined)?.result;
  // everyone's default: no vote committed, a tie, "No" or a Fate draw
  const byDefault = resultOf(finishAssembly(g).events);
  assert.ok(byDefault, 'the card is voted with the defaults');
  const x = q.who[0]!;
  const want = q.options.find((o) => o !== byDefault)!;
  assert.equal(rs.validate(g, x, askOf(g)!.id, 99).issues.length, 0, 'a commitment above his votes is accepted (cut to what he holds, §9.5)');
  const played = finishAssembly(g, (h, b) => {
    const k = askOf(h)!.kind;
    if (k === 'commit-votes' && b === x && assemblyQuestion(h)!.card === card) return 99;
    if (k === 'declare-vote' && b === x && assemblyQuestion(h)!.card === card) return want;
    return null;
  });
  const committed = played.events.find((e) => e.t === 'commitments' && e.card === card) as { amounts: Partial<Record<BaronId, number>> };
  assert.ok((committed.amounts[x] ?? 0) > 0, 'his votes were committed');
  assert.equal(resultOf(played.events), want, `his declaration decides (${want}, defaults gave ${byDefault})`);
  assert.notEqual(resultOf(played.events), byDefault, 'the outcome differs from the defaults');
});

test('commitments stay secret until revealed together; declarations are asked in chairman order after the reveal', () => {
  const { g } = until(4, 'wk-asm-2', atCommit);
  const q = assemblyQuestion(g)!;
  const ask = askOf(g)!;
  assert.equal(ask.players.length, q.who.length, 'every attending baron at once');
  assert.ok(!q.seen.some((e) => e.t === 'commitments' && e.card === q.card), 'no commitment of this vote is shown before the reveal');
  const [d] = rs.decisions(g);
  assert.ok(!d!.prompt.en.includes('votes committed') && !d!.prompt.fr.includes('voix engagées'), 'nor in the prompt');
  // the first baron commits; the game state, every view and the prompt know nothing of it before all answer
  const [x, ...others] = ask.players;
  assert.equal(rs.validate(g, x!, ask.id, 2).issues.length, 0, 'a commitment is accepted');
  for (const v of [null, ...g.wk.players]) assert.ok(!JSON.stringify(rs.view(g, v)).includes('"commit"'), 'no commitment in a view');
  const r = answer(g, Object.fromEntries(ask.players.map((b) => [b, b === x ? 2 : 1])));
  const next = askOf(r.game)!;
  assert.ok(!JSON.stringify(rs.view(r.game, others[0]!)).includes('"commit"'), 'the gathered answers stay out of the views');
  assert.equal(next.kind, 'declare-vote', 'declarations follow the commitments');
  assert.ok(rs.decisions(r.game)[0]!.prompt.en.includes('votes committed'), 'the prompt shows the revealed commitments');
  {
    const seen = assemblyQuestion(r.game)!.seen;
    const c = seen.find((e) => e.t === 'commitments' && e.card === q.card) as { amounts: Partial<Record<BaronId, number>> } | undefined;
    assert.ok(c, 'the commitments are revealed together before the declarations');
    const order = chairmanOrder(r.game.wk.players, r.game.wk.chairman).filter((b) => (c!.amounts[b] ?? 0) > 0);
    assert.equal(next.players[0], order[0], 'the first declaration is the first committed baron in chairman order');
    assert.equal(next.players.length, 1, 'one baron at a time');
  }
});

test('bad Assembly answers are refused in French and English, never a crash', () => {
  const { g } = until(4, 'wk-asm-1', atCommit);
  const ask = askOf(g)!;
  const b = ask.players[0]!;
  for (const bad of [-1, 1.5, 'lots', { commit: 2 }, [1], '__proto__']) {
    const v = rs.validate(g, b, ask.id, bad);
    assert.ok(v.issues.length > 0 && v.issues[0]!.text!.fr.length > 0 && v.issues[0]!.text!.en.length > 0, `refused: ${JSON.stringify(bad)}`);
  }
  assert.deepEqual(rs.validate(g, b, ask.id, '3'), { value: 3, issues: [] }, 'a number typed as text is read as a number');
  const r = answer(g, Object.fromEntries(ask.players.map((p) => [p, 1])));
  const next = askOf(r.game)!;
  assert.equal(next.kind, 'declare-vote', 'declarations follow the commitments');
  {
    const v = rs.validate(r.game, next.players[0]!, next.id, 'maybe');
    assert.ok(v.issues.length > 0 && /choix/i.test(v.issues[0]!.text!.fr) && /choices/i.test(v.issues[0]!.text!.en), 'a foreign option is refused with the choices');
    assert.equal(rs.validate(r.game, next.players[0]!, next.id, 'abstain').issues.length, 0, 'abstaining is allowed');
    const choices = rs.decisions(r.game)[0]!.choices ?? [];
    assert.ok(choices.some((c) => c.value === 'abstain'), 'the form offers the declaration choices');
  }
});

test('2 barons: the secret allocation (#37) is asked of both at once and the game runs on', () => {
  const { g } = until(2, 'wk-asm-3', (h) => askOf(h)!.kind === 'secret-allocation');
  const ask = askOf(g)!;
  const q = assemblyQuestion(g)!;
  assert.ok(ask.players.length >= 1, 'asked');
  assert.ok(!JSON.stringify(rs.view(g, g.wk.players[0]!)).includes('"allocation":'), 'no allocation in a view');
  if (q.into === 'allocation') {
    const bad = rs.validate(g, ask.players[0]!, ask.id, { [q.card!]: { commit: -2, declare: 'yes' } });
    assert.ok(bad.issues.length > 0, 'a negative allocation is refused');
  }
  const done = finishAssembly(g);
  assert.ok(done.events.some((e) => e.t === 'vote-result'), 'the Assembly voted');
});

/** A game at the Major Event with `card` on top of the Event deck (set up for the test). */
function atEvent(card: string, faith: number): WkGame {
  const { g } = until(4, 'wk-ev-1', (h) => h.wk.step === 'A8' && askOf(h)!.kind === 'event-drawer');
  const wk = structuredClone(g.wk);
  wk.secret.eventDeck = [card, ...wk.secret.eventDeck.filter((c) => c !== card)];
  wk.eventDiscard = wk.eventDiscard.filter((c) => c !== card);
  for (const b of wk.players) wk.barons[b].faith = faith;
  return settle({ ...g, wk }).game;
}

test('a blue Major Event cancelled by pledged Faith: charged in chairman order until the cost is met [P G-A42]', () => {
  const blue = EVENT_CARDS.find((c) => c.colour === 'blue' && c.cost !== null && c.cost > 0);
  assert.ok(blue, 'a cancellable blue Event exists');
  const g = atEvent(blue!.id, blue!.cost!);
  const ask = askOf(g)!;
  assert.equal(ask.kind, 'pledge-faith', 'the blue Event is not asked of the holder; the window asks the pledges');
  assert.equal(ask.players.length, g.wk.players.length, 'every baron with Faith at once');
  // refusals
  const b0 = ask.players[0]!;
  const tooMuch = rs.validate(g, b0, ask.id, blue!.cost! + 5);
  assert.ok(tooMuch.issues.length > 0 && tooMuch.issues[0]!.text!.fr.length > 0 && tooMuch.issues[0]!.text!.en.length > 0, 'a pledge above his Faith is refused in FR and EN');
  assert.ok(rs.validate(g, b0, ask.id, -1).issues.length > 0, 'a negative pledge is refused');
  // default: nobody pledges, the event applies
  const none = answer(g, {});
  assert.ok(!none.events.some((e) => e.t === 'event-cancelled'), 'no pledge: not cancelled');
  // everyone pledges his all: cancelled, the cost taken in chairman order, the rest never taken
  const all = answer(g, Object.fromEntries(ask.players.map((b) => [b, blue!.cost!])));
  const c = all.events.find((e) => e.t === 'event-cancelled') as { paid: Partial<Record<BaronId, number>> } | undefined;
  assert.ok(c, 'cancelled by the pledges');
  const order = chairmanOrder(g.wk.players, g.wk.chairman);
  assert.deepEqual(c!.paid, { [order[0]!]: blue!.cost! }, 'the first baron in chairman order pays the whole cost');
  for (const b of order.slice(1)) assert.equal(all.game.wk.barons[b].faith, g.wk.barons[b].faith, `${b} keeps his Faith`);
});

test('a red Major Event: the holder names the drawer (#17), the drawer may cancel (#18)', () => {
  const red = EVENT_CARDS.find((c) => c.colour === 'red' && c.cost !== null && c.cost > 0);
  assert.ok(red, 'a cancellable red Event exists');
  const { g: g0 } = until(4, 'wk-ev-1', (h) => h.wk.step === 'A8' && askOf(h)!.kind === 'event-drawer');
  const wk = structuredClone(g0.wk);
  wk.secret.eventDeck = [red!.id, ...wk.secret.eventDeck.filter((c) => c !== red!.id)];
  for (const b of wk.players) wk.barons[b].faith = 5;
  const g = { ...g0, wk };
  const ask = askOf(g)!;
  assert.deepEqual(ask.players, [g.wk.church], 'asked of the Church holder');
  assert.ok(rs.validate(g, ask.players[0]!, ask.id, 'nobody').issues.length > 0, 'an unknown baron is refused');
  const other = g.wk.players.find((b) => b !== g.wk.church)!;
  const r = answer(g, { [g.wk.church]: other });
  assert.equal(r.game.wk.barons[g.wk.church].faith, 5 - g.wk.config.neutral.eventChoiceFaith, 'the holder pays for naming another baron');
  const w = askOf(r.game)!;
  assert.equal(w.kind, 'cancel-red-event', 'the window opens for the drawer');
  assert.deepEqual(w.players, [other], 'only the drawer');
  const c = answer(r.game, { [other]: true });
  assert.ok(c.events.some((e) => e.t === 'event-cancelled'), 'cancelled');
  assert.equal(c.game.wk.barons[other].faith, 5 - red!.cost!, 'the drawer paid the cost');
});

test('determinism through Assemblies and Major Events: same seed, same answers, same game', () => {
  const hash = (g: WkGame) => createHash('sha256').update(JSON.stringify(g)).digest('hex');
  const stop = (h: WkGame) => (h.flow.asked['declare-vote'] ?? 0) > 0 && (h.flow.asked['event-drawer'] ?? 0) > 0;
  const a = until(3, 'wk-asm-det', stop), b = until(3, 'wk-asm-det', stop);
  assert.equal(hash(a.g), hash(b.g), 'same hash');
  assert.ok(eventCard, 'event cards loaded');
});
