/**
 * Hold points and surprise cards in the flow (flow.ts, holds.ts), rules §11.3, §11.5, §6.5:
 * every player asked at each hold point whatever he holds, the same sentence for all, his form
 * listing only his own plays; a card played reopens the hold, a round of passes ends it; a play
 * made illegal by an earlier one in the batch is refused and told to its player alone, in both
 * languages; the Revolt's window from a hold and from 2.A (join, calming #38, the order of the
 * attacked #36, resolution); a battle's hold (Ambush, TV-46 through the flow); the election's holds
 * and face-down placements (§11.5); the standing answer "always pass".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/engine/rng.ts';
import { defaultAnswer } from '../../src/rulesets/fief/answers.ts';
import { BOARD } from '../../src/rulesets/fief/board.ts';
import { cardKind } from '../../src/rulesets/fief/cards.ts';
import { botAnswer } from '../../src/rulesets/fief/bot.ts';
import { nextAsk, type FiefGame, type FlowKind } from '../../src/rulesets/fief/flow.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { checkInvariants } from '../../src/rulesets/fief/invariants.ts';
import type { TurnStepId } from '../../src/rulesets/fief/phases.ts';
import { SURPRISE_REFUSALS } from '../../src/rulesets/fief/rules/surprise.ts';
import type { FiefState } from '../../src/rulesets/fief/state.ts';
import { station } from './arena.ts';
import { addLord, giveTitles, lay, toHand } from './fixture.ts';

function emptyBoard(s: FiefState): void {
  for (const v of Object.values(s.villages)) {
    for (const st of v.stacks) for (const x of st.groups) { s.families[st.player]!.reserve.sergeants += x.sergeants; s.families[st.player]!.reserve.knights += x.knights; }
    v.stacks = []; v.controller = null;
    if (v.fortification) { v.fortification = null; s.supply.castleTiles += 1; }
  }
  for (const l of Object.values(s.lords)) l.at = null;
}

/** A set-up game moved to the start of `step` of turn 1 after `edit` (P1 first), its first question open. */
function scene(players: number, step: TurnStepId, edit: (s: FiefState) => void): FiefGame {
  let g = fief.setup({ players }, createRng('holds', 'setup'));
  for (let i = 0; i < players; i++) {
    const ask = g.flow.current!;
    g = fief.resolve(g, [{ decision: ask.id, player: ask.players[0]!, value: defaultAnswer(ask, ask.players[0]!), order: i }], createRng('holds', `s${i}`)).state;
  }
  g = structuredClone(g);
  for (const p of g.fief.players) { g.fief.secret.eventDeck.push(...g.fief.hands[p]!.filter((c) => !cardKind(c).startsWith('LORD') && cardKind(c) !== 'CARDINAL' && cardKind(c) !== 'DARC')); g.fief.secret.characterDeck.push(...g.fief.hands[p]!.filter((c) => cardKind(c).startsWith('LORD') || cardKind(c) === 'CARDINAL' || cardKind(c) === 'DARC')); g.fief.hands[p] = []; }
  edit(g.fief);
  g.fief.firstPlayer = 'P1';
  g.fief.cursor = { turn: 1, phase: Number(step[0]) as 1, step };
  g.flow.step = step;
  g.flow.answers = {};
  g.flow.current = nextAsk(g);
  assert.deepEqual(checkInvariants(g.fief), [], 'the scene keeps the invariants');
  return g;
}

/** Answers the open question (each player: `answers[p]`, else pass / the default) through validate and resolve; returns the next game and the events. */
type Ev = ReturnType<typeof fief.resolve>['events'][number];

function reply(g: FiefGame, answers: Record<string, unknown> = {}): { g: FiefGame; events: ReturnType<typeof fief.resolve>['events'] } {
  const ask = g.flow.current!;
  const subs = ask.players.map((p, i) => {
    const given = p in answers ? answers[p] : defaultAnswer(ask, p);
    const v = fief.validate(g, p, ask.id, given);
    assert.ok(v.value !== null && v.issues.length === 0, `${ask.kind} ${p}: ${JSON.stringify(v.issues)}`);
    return { decision: ask.id, player: p, value: v.value, order: i };
  });
  const r = fief.resolve(g, subs, createRng('holds', ask.id));
  assert.deepEqual(checkInvariants(r.state.fief), [], `after ${ask.id}`);
  return { g: r.state, events: r.events };
}

const kindOf = (g: FiefGame): FlowKind | undefined => g.flow.current?.kind;

test('§11.3 points 2–3: a hold before 2.C asks every player, card or not, with one sentence for all; his form lists only his own plays; passes end it', () => {
  let g = scene(4, '2.C', (s) => { toHand(s, 'P2', 'TUNNEL'); giveTitles(s, addLord(s, 'P3'), 'BISHOP:1'); toHand(s, 'P3', 'ASSASSINATION'); });
  const ask = g.flow.current!;
  assert.equal(ask.kind, 'hold');
  assert.equal(ask.id, '2.C/before/hold/0');
  assert.deepEqual(ask.players, ['P1', 'P2', 'P3', 'P4'], 'every player, whether or not he holds a card');
  const d = fief.decisions(g)[0]!;
  assert.equal(d.deadline.kind === 'class' && d.deadline.name, 'HOLD');
  assert.match(d.prompt.fr, /point d’attente/);
  assert.match(d.prompt.en, /hold point/);
  for (const p of ask.players) assert.equal(d.defaults[p], 'pass');
  const form = (p: string) => JSON.stringify(fief.answerForm!(g, p, ask.id, 'en'));
  assert.match(form('P3'), /assassinate/, 'P3 sees his Assassination');
  assert.doesNotMatch(form('P1'), /assassinate|tunnel|free/, 'P1 sees no other player’s card');
  assert.doesNotMatch(form('P2'), /assassinate/, 'P2 does not see P3’s card');
  ({ g } = reply(g));
  assert.notEqual(g.flow.current?.id, '2.C/before/hold/1', 'a round of passes ends the hold: no second round');
  assert.equal(g.flow.current?.id, '3.A/before/hold/0', 'nobody holds a phase card: 2.C passes, and the next hold point is before income');
});

test('§11.3: a card played at a hold reopens it; a play the earlier one made illegal is refused and told to its player alone, in French and English', () => {
  let g = scene(4, '3.A', (s) => {
    giveTitles(s, addLord(s, 'P4'), 'BISHOP:1');
    toHand(s, 'P2', 'ASSASSINATION');
    const i = s.secret.characterDeck.findIndex((c) => cardKind(c) === 'CARDINAL');
    s.hands.P3!.push(s.secret.characterDeck.splice(i, 1)[0]!);
  });
  const s = g.fief;
  const bishop = s.titles['BISHOP:1'].holder!;
  const dagger = s.hands.P2![0]!, hat = s.hands.P3![0]!;
  // Both are legal when given: P3's Cardinal on the bishop, P2's Assassination of the bishop.
  const r = reply(g, { P2: { card: dagger, assassinate: bishop, sponsor: s.families.P2!.lords[0]! }, P3: `play ${hat} cardinal ${bishop}` });
  g = r.g;
  assert.equal(g.fief.lords[bishop], undefined, 'P2 plays first in turn order: the bishop dies');
  assert.ok(g.fief.hands.P3!.includes(hat), 'P3’s card stays in his hand');
  assert.ok(r.events.some((e) => e.t === 'surprise' && e.player === 'P2'), 'the card played is shown');
  const refused = r.events.find((e) => e.t === 'surprise-refused');
  assert.ok(refused && refused.t === 'surprise-refused' && refused.player === 'P3' && refused.reason === 'unknown-lord', 'P3’s card is refused at its turn');
  for (const lang of ['fr', 'en'] as const) {
    assert.ok(fief.report(g, r.events, 'P3', lang).includes(SURPRISE_REFUSALS['unknown-lord'][lang]), `P3 is told (${lang})`);
    for (const p of ['P1', 'P2', 'P4']) assert.ok(!fief.report(g, r.events, p, lang).includes(SURPRISE_REFUSALS['unknown-lord'][lang]), `${p} is not told (${lang})`);
  }
  assert.equal(g.flow.current?.id, '3.A/before/hold/1', 'the hold reopens with a fresh question');
  ({ g } = reply(g));
  assert.notEqual(kindOf(g), 'hold', 'then a round of passes ends it');
});

test('§11.3 point 1: an answer refused at validation names the rules’ reason in both languages, to the player who tried', () => {
  const g = scene(4, '6.C', (s) => { toHand(s, 'P2', 'JUSTICE'); });
  const card = g.fief.hands.P2![0]!;
  const v = fief.validate(g, 'P2', g.flow.current!.id, `play ${card} justice ${g.fief.families.P1!.lords[0]}`);
  assert.equal(v.value, null);
  assert.equal(v.issues[0]!.text!.fr, SURPRISE_REFUSALS['not-a-sponsor'].fr);
  assert.equal(v.issues[0]!.text!.en, SURPRISE_REFUSALS['not-a-sponsor'].en);
  const w = fief.validate(g, 'P1', g.flow.current!.id, `play ${card} justice ${g.fief.families.P1!.lords[0]}`);
  assert.equal(w.issues[0]!.text!.en, SURPRISE_REFUSALS['not-in-hand'].en, 'a card not in his hand');
  const x = fief.validate(g, 'P1', g.flow.current!.id, 'play it now');
  assert.equal(x.value, null, 'a line not understood is refused');
});

test('§11.1.4: the standing answer “always pass” answers every hold at once, and only holds', () => {
  const g = scene(4, '7.B', () => {});
  const d = fief.decisions(g)[0]!;
  assert.equal(d.kind, 'hold');
  assert.equal(fief.standingAnswer!(g, 'P1', d, { holds: 'pass' }), 'pass');
  assert.equal(fief.standingAnswer!(g, 'P1', d, { holds: 'ask' }), undefined);
  const names = fief.standingOptions!(g, 'P1', 'fr').map((o) => o.id);
  assert.ok(names.includes('holds'));
});

/** A village of a famine-struck bishopric held by P1 (2 sergeants) with P4's sergeant there too; P3 holds its bishop. */
function revoltScene(step: TurnStepId, extra: (s: FiefState) => void = () => {}): FiefGame {
  return scene(4, step, (s) => {
    emptyBoard(s);
    const v = 'SIGY';
    const b = BOARD.villages[v]!.bishopric;
    lay(s, 'FAMINE', b);
    station(s, 'P1', v, 2, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P4', v, 1, 0);
    station(s, 'P2', 'BLAYE', 1, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P3', 'TOURNUS', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'BOURG', 1, 0, [s.families.P4!.lords[0]!]);
    giveTitles(s, s.families.P3!.lords[0]!, `BISHOP:${b}`);
    toHand(s, 'P2', 'REVOLT'); toHand(s, 'P3', 'REVOLT');
    extra(s);
  });
}

test('§6.5.3 [P G-19] a Revolt at a hold opens the window: another player joins, the bishop is asked to calm (#38), the first card’s player orders the attacked (#36), then it resolves and the hold reopens', () => {
  let g = revoltScene('3.A');
  const c2 = g.fief.hands.P2![0]!, c3 = g.fief.hands.P3![0]!;
  let r = reply(g, { P2: `play ${c2} revolt SIGY famine` });
  g = r.g;
  assert.ok(g.flow.revolt, 'the window is open');
  assert.equal(g.flow.current?.kind, 'hold');
  assert.equal(g.flow.current?.ctx.k === 'hold' && g.flow.current.ctx.moment, 'revolt-window');
  assert.match(fief.decisions(g)[0]!.prompt.en, /revolt at SIGY/);
  // Inside the window only Revolt cards on SIGY and a Tunnel: another card is refused at validation.
  const other = fief.validate(g, 'P3', g.flow.current!.id, `play ${c3} revolt BLAYE famine`);
  assert.equal(other.value, null);
  r = reply(g, { P3: `play ${c3} revolt SIGY famine` });
  g = r.g;
  assert.equal(g.flow.revolt!.window.cards.length, 2, 'P3 joins');
  ({ g } = reply(g)); // nobody joins any more
  assert.equal(kindOf(g), 'calming');
  assert.deepEqual(g.flow.current!.players, ['P3'], 'the bishop’s player is asked (#38)');
  ({ g } = reply(g, { P3: 'none' }));
  assert.equal(kindOf(g), 'revolt-target');
  assert.deepEqual(g.flow.current!.players, ['P2'], 'the first card’s player orders the attacked (#36)');
  assert.deepEqual(g.flow.current!.ctx.k === 'revolt-target' && g.flow.current!.ctx.players, ['P1', 'P4'], 'default order: the controller first');
  r = reply(g, { P2: 'order P4 P1' });
  g = r.g;
  const e = r.events.find((x) => x.t === 'revolt');
  assert.ok(e && e.t === 'revolt', 'the revolt resolves');
  assert.deepEqual(e.players, ['P2', 'P3']);
  assert.equal(e.outcome.dice.length, 2, 'two cards, no fortification: 2 dice');
  if (e.outcome.attacked.length) assert.equal(e.outcome.attacked[0]!.player, 'P4', 'P4 is attacked first, as P2 chose');
  assert.ok(g.fief.secret.eventDiscard.includes(c2) && g.fief.secret.eventDiscard.includes(c3), 'both cards discarded');
  assert.equal(g.flow.revolt, null, 'the window is closed');
  assert.equal(g.flow.current?.id, '3.A/before/hold/1', 'the hold reopens');
  for (const lang of ['fr', 'en'] as const) assert.match(fief.report(g, r.events, 'P1', lang), /SIGY/);
});

test('2.A [T-FAQ]: a Revolt played instead of a discard opens its window before the player’s draws; the others go on after', () => {
  let g = revoltScene('2.A');
  assert.equal(kindOf(g), 'discard-draw');
  assert.deepEqual(g.flow.current!.players, ['P1']);
  ({ g } = reply(g));
  ({ g } = reply(g, { P2: `play ${g.fief.hands.P2![0]} revolt SIGY famine\ndraw event` }));
  assert.ok(g.flow.revolt, 'the window is open');
  assert.equal(kindOf(g), 'hold');
  let guard = 0;
  while (g.flow.revolt && guard++ < 10) ({ g } = reply(g));
  assert.equal(g.flow.revolt, null, 'the window closes');
  assert.equal(kindOf(g), 'discard-draw');
  assert.deepEqual(g.flow.current!.players, ['P3'], 'the draw goes on with the next player');
});

test('§11.3, TV-46 through the flow: the battle’s hold before round 1 asks every player; P’s Ambush takes Q’s only lord and the attack ends', () => {
  let g = scene(4, '6.A', (s) => {
    emptyBoard(s);
    station(s, 'P2', 'BLAYE', 3, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P1', 'BLAYE', 3, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P3', 'SIGY', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'TOURNUS', 1, 0, [s.families.P4!.lords[0]!]);
    toHand(s, 'P2', 'AMBUSH');
  });
  assert.equal(kindOf(g), 'declare-battles');
  ({ g } = reply(g, { P1: [{ village: 'BLAYE', defender: 'P2' }] }));
  assert.equal(kindOf(g), 'hold');
  assert.equal(g.flow.current!.id, '6.A/P1/BLAYE/r1/hold');
  assert.deepEqual(g.flow.current!.players, ['P1', 'P2', 'P3', 'P4']);
  const card = g.fief.hands.P2![0]!;
  const target = g.fief.families.P1!.lords[0]!;
  const r = reply(g, { P2: `play ${card} ambush ${target}` });
  g = r.g;
  let guard = 0;
  const events: Ev[] = [...r.events];
  while (g.flow.step === '6.A' && guard++ < 20) { const x = reply(g); g = x.g; events.push(...x.events); }
  assert.equal(g.fief.lords[target]!.prisonerOf, 'P2', 'the attacker’s lord is P2’s prisoner');
  for (const lang of ['fr', 'en'] as const) assert.match(fief.report(g, events, 'P3', lang), lang === 'fr' ? /Embuscade|embuscade/ : /Ambush|ambush/, 'the card played is told to all');
  assert.ok(!g.fief.hands.P2!.includes(card), 'the Ambush is spent');
});

test('§11.5 elections: a hold after the candidates and before the reveal; each voter in turn order, his placement shown face down (“P placed markers on X”), the type only at the reveal', () => {
  let g = scene(4, '1.D', (s) => {
    for (const p of ['P1', 'P2']) giveTitles(s, s.families[p]!.lords[0]!, p === 'P1' ? 'FIEF:F_BLAYE' : 'FIEF:F_SIGY');
  });
  const seen: FlowKind[] = [];
  const events: Ev[] = [];
  for (let i = 0; i < 40 && g.flow.step === '1.D'; i++) {
    const ask = g.flow.current!;
    seen.push(ask.kind);
    const answers: Record<string, unknown> = {};
    for (const p of ask.players) answers[p] = ask.kind === 'hold' ? 'pass' : botAnswer(g, p, ask.id, createRng('vote', `${ask.id}/${p}`));
    const r = reply(g, answers);
    if (ask.kind === 'place-votes') {
      assert.equal(ask.players.length, 1, 'one voter at a time, in turn order');
      const placed = r.events.find((e) => e.t === 'votes-placed');
      const v = answers[ask.players[0]!] as { for?: string; blank?: string };
      if (v.for || v.blank) {
        assert.ok(placed && placed.t === 'votes-placed');
        for (const p of g.fief.players) for (const lang of ['fr', 'en'] as const) {
          const text = fief.report(r.g, r.events, p, lang);
          assert.doesNotMatch(text, /\b(Pour|Blanc|For|Blank)\b/, 'the marker’s type is not shown before the reveal');
          assert.match(text, lang === 'fr' ? /face cachée/ : /face down/);
        }
      }
    }
    events.push(...r.events);
    g = r.g;
  }
  const firstVote = seen.indexOf('place-votes');
  assert.ok(firstVote > 0, 'votes were placed');
  assert.equal(seen[firstVote - 1], 'hold', 'a hold between the candidates and the votes');
  assert.equal(seen.at(-1), 'hold', 'a hold before the reveal');
  assert.ok(seen.slice(0, firstVote - 1).every((k) => k === 'declare-candidate'), 'the candidates first');
  assert.ok(events.some((e) => e.t === 'elections'), 'then the reveal');
});

/** No village free: every village held by P2, P3 or P4 (a sergeant each); P1 has no lord on the board and a Lord card in hand. */
function crowded(): FiefGame {
  return scene(4, '2.C', (s) => {
    emptyBoard(s);
    BOARD.villageIds.forEach((v, i) => station(s, ['P2', 'P3', 'P4'][i % 3]!, v, 1, 0));
    for (const p of ['P2', 'P3', 'P4']) s.lords[s.families[p]!.lords[0]!]!.at = { village: BOARD.villageIds.find((v) => s.villages[v]!.controller === p)!, position: { kind: 'CENTER' } };
    for (const id of s.families.P1!.lords) { s.secret.characterDiscard.push(s.lords[id]!.card); delete s.lords[id]; }
    for (const p of ['P2', 'P3', 'P4']) s.families[p]!.lords = s.families[p]!.lords.slice(0, 1);
    for (const l of Object.values(s.lords)) if (!s.families[l.owner]!.lords.includes(l.id)) { s.secret.characterDiscard.push(l.card); delete s.lords[l.id]; }
    s.families.P1!.lords = [];
    const i = s.secret.characterDeck.findIndex((c) => cardKind(c) === 'LORD');
    s.hands.P1!.push(s.secret.characterDeck.splice(i, 1)[0]!);
  });
}

test('#13 [T §2.4.1, P G-57]: a Lord card with no free village asks every controller at once; the lord goes to the first village of one who agreed', () => {
  let g = crowded();
  ({ g } = reply(g)); // the hold before 2.C
  assert.equal(kindOf(g), 'play-cards');
  const card = g.fief.hands.P1![0]!;
  ({ g } = reply(g, { P1: `play ${card}` }));
  assert.equal(kindOf(g), 'placement-consent');
  assert.deepEqual(g.flow.current!.players, ['P2', 'P3', 'P4'], 'one parallel batch of every controller');
  assert.match(fief.decisions(g)[0]!.prompt.fr, /aucun village n’est libre/);
  ({ g } = reply(g, { P2: 'non', P3: 'oui', P4: false }));
  const lord = g.fief.families.P1!.lords[0];
  assert.ok(lord, 'the new lord is in play');
  const at = g.fief.lords[lord]!.at!.village;
  assert.equal(at, BOARD.villageIds.find((v) => g.fief.villages[v]!.controller === 'P3'), 'in the first of P3’s villages');
  assert.ok(!g.fief.hands.P1!.includes(card));
});

test('#13 default: nobody agrees — the Lord card stays in hand, refused for want of consent', () => {
  let g = crowded();
  ({ g } = reply(g));
  const card = g.fief.hands.P1![0]!;
  ({ g } = reply(g, { P1: `play ${card}` }));
  assert.equal(kindOf(g), 'placement-consent');
  const r = reply(g); // every controller's default: refuse
  assert.deepEqual(r.g.fief.families.P1!.lords, []);
  assert.ok(r.g.fief.hands.P1!.includes(card), 'the card stays in hand');
  const cards = r.events.find((e) => e.t === 'cards');
  assert.ok(cards && cards.t === 'cards' && cards.lines.some((l) => l.refused.some((x) => x.reason === 'no-consent')), 'refused: no consent');
});

test('§11.5 in 1.B: each bishop election has its holds and is committed before the next; a Cardinal played at the second one’s hold on the bishop just elected stays (TV-08’s case)', () => {
  let g = scene(4, '1.B', (s) => {
    emptyBoard(s);
    const m1 = addLord(s, 'P1', 'M'), m2 = addLord(s, 'P2', 'M');
    for (const v of BOARD.bishoprics[1].villages) station(s, 'P1', v, 1, 0);
    for (const v of BOARD.bishoprics[2].villages) station(s, 'P2', v, 1, 0);
    s.lords[m1]!.at = { village: BOARD.bishoprics[1].villages[0]!, position: { kind: 'CENTER' } };
    s.lords[m2]!.at = { village: BOARD.bishoprics[2].villages[0]!, position: { kind: 'CENTER' } };
    for (const p of ['P1', 'P2', 'P3', 'P4']) for (const id of s.families[p]!.lords) if (!s.lords[id]!.at) s.lords[id]!.at = { village: p === 'P3' ? 'TOURNUS' : p === 'P4' ? 'BOURG' : BOARD.bishoprics[p === 'P1' ? 1 : 2].villages[0]!, position: { kind: 'OUTSKIRTS' } };
    station(s, 'P3', 'TOURNUS', 1, 0); station(s, 'P4', 'BOURG', 1, 0);
    const i = s.secret.characterDeck.findIndex((c) => cardKind(c) === 'CARDINAL');
    s.hands.P3!.push(s.secret.characterDeck.splice(i, 1)[0]!);
  });
  const seen: string[] = [];
  let elected: string | null = null;
  for (let i = 0; i < 60 && g.flow.step === '1.B'; i++) {
    const ask = g.flow.current!;
    seen.push(ask.id);
    const answers: Record<string, unknown> = {};
    for (const p of ask.players) answers[p] = ask.kind === 'hold' ? 'pass' : ask.kind === 'declare-candidate' ? (ask.ctx.k === 'declare-candidate' ? ask.ctx.lords[0] : 'none') : ask.kind === 'place-votes' && ask.ctx.k === 'place-votes' ? { for: ask.ctx.candidates[0] } : defaultAnswer(ask, p);
    if (ask.id === '1.B/2/vote/hold/0') {
      elected = g.fief.titles['BISHOP:1'].holder;
      assert.ok(elected, 'the first election is committed before the second one’s holds');
      answers.P3 = `play ${g.fief.hands.P3![0]} cardinal ${elected}`;
    }
    const r = reply(g, answers);
    g = r.g;
  }
  for (const b of [1, 2]) for (const point of ['vote', 'reveal']) assert.ok(seen.includes(`1.B/${b}/${point}/hold/0`), `bishopric ${b}: hold ${point}`);
  assert.ok(seen.indexOf('1.B/1/reveal/hold/0') < seen.findIndex((x) => x.startsWith('1.B/2/')), 'the first election ends before the second begins');
  assert.ok(elected && g.fief.lords[elected]!.titles.includes('BISHOP:1'), 'the first bishop keeps his title');
  assert.ok(g.fief.lords[elected]!.titles.some((t) => t.startsWith('CARDINAL:')), 'and the hat played at the second election’s hold');
  assert.ok(g.fief.titles['BISHOP:2'].holder, 'the second election is held too');
});

test('#5 within a hold (§11.1.6): a Cardinal card with another player’s pope in play asks the pope; a structured play cannot carry his consent', () => {
  const start = scene(4, '7.B', (s) => {
    giveTitles(s, addLord(s, 'P4'), 'POPE');
    giveTitles(s, addLord(s, 'P1'), 'BISHOP:2');
    const i = s.secret.characterDeck.findIndex((c) => cardKind(c) === 'CARDINAL');
    s.hands.P2!.push(s.secret.characterDeck.splice(i, 1)[0]!);
  });
  const bishop = start.fief.titles['BISHOP:2'].holder!;
  const card = start.fief.hands.P2![0]!;
  const v = fief.validate(start, 'P2', start.flow.current!.id, { card, cardinal: bishop, popeConsents: true });
  assert.deepEqual(v.value, { card, cardinal: bishop }, 'the consent the player wrote is dropped: the pope is asked');
  const w = fief.validate(start, 'P3', start.flow.current!.id, { card: 'X', assassinate: bishop, sponsor: 'Y', heirs: {}, geronce: false });
  assert.equal(w.value, null, 'not his card');
  for (const consent of [false, true]) {
    let g = reply(start, { P2: { card, cardinal: bishop } }).g;
    assert.equal(kindOf(g), 'pope-consent');
    assert.deepEqual(g.flow.current!.players, ['P4'], 'the pope’s player');
    assert.match(fief.decisions(g)[0]!.prompt.en, /Cardinal card/);
    const r = reply(g, { P4: consent });
    g = r.g;
    assert.equal(g.fief.lords[bishop]!.titles.some((t) => t.startsWith('CARDINAL:')), consent, consent ? 'consent: the hat' : 'refusal: no hat');
    assert.equal(g.fief.hands.P2!.includes(card), !consent, consent ? 'the card is in play' : 'the card stays in hand');
    if (!consent) {
      assert.match(fief.report(g, r.events, 'P2', 'en'), /prior consent/, 'the refusal is told to P2');
      assert.doesNotMatch(fief.report(g, r.events, 'P1', 'en'), /prior consent/, 'and to nobody else');
      assert.notEqual(g.flow.current?.id, '7.B/before/hold/1', 'nothing was played: the hold ends');
    } else assert.equal(g.flow.current?.id, '7.B/before/hold/1', 'a card was played: the hold reopens');
  }
});

test('§11.3: a hold before each player’s movement slot; the slot before it is committed, so a card played there acts on the board as moved', () => {
  let g = scene(4, '5.A', (s) => {
    emptyBoard(s);
    station(s, 'P1', 'BLAYE', 1, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P2', 'SIGY', 1, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P3', 'TOURNUS', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'BOURG', 1, 0, [s.families.P4!.lords[0]!]);
    toHand(s, 'P3', 'ASSASSINATION');
  });
  assert.equal(g.flow.current?.id, '5.A/P1/before/hold/0', 'a hold before P1’s slot');
  ({ g } = reply(g));
  assert.equal(kindOf(g), 'movement');
  const lord = g.fief.families.P1!.lords[0]!;
  const to = BOARD.adjacent.BLAYE!.find((v) => g.fief.villages[v]!.controller === null)!;
  let r = reply(g, { P1: [{ lead: lord, to, sergeants: 1, knights: 0 }] });
  g = r.g;
  assert.ok(r.events.some((e) => e.t === 'movement' && e.lines[0]!.player === 'P1'), 'P1’s slot is told when it ends');
  assert.equal(g.flow.current?.id, '5.A/P2/before/hold/0', 'then a hold before P2’s slot');
  assert.equal(g.fief.lords[lord]!.at?.village, to, 'P1’s moves are in the state the hold sees');
  r = reply(g, { P3: `play ${g.fief.hands.P3![0]} assassinate ${lord} sponsor ${g.fief.families.P3!.lords[0]}` });
  g = r.g;
  assert.equal(g.fief.lords[lord], undefined, 'the card acts on it');
  assert.equal(g.flow.current?.id, '5.A/P2/before/hold/1', 'the hold reopens');
  let guard = 0;
  while (g.flow.step === '5.A' && guard++ < 30) g = reply(g).g;
  assert.notEqual(g.flow.step, '5.A', 'the step ends with every slot committed');
  assert.equal(g.fief.villages[to]!.controller, 'P1', 'P1’s sergeant still holds the village he entered');
});
