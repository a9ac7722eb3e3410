/**
 * The turn as questions (flow.ts) over the engine (src/engine/game.ts), with the Ruleset object
 * (index.ts) and the bot (bot.ts): whole games of 3 to 6 bots to a turn cap with the invariants
 * after every step and no answer refused; every kind the flow opens asked at least once (the rare
 * ones — the pope's consent #5, the king's waiver #6, a raid's blockers #22, an ally's switch #29 —
 * in stationed scenes); every default of the §11.4 catalogue accepted by the referee; a missing
 * answer takes the default; determinism (same seed and answers → same hashes, and the record replays).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { advance, createGame, missing, replay, submit, type GameRecord } from '../../src/engine/game.ts';
import { createRng } from '../../src/engine/rng.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { defaultAnswer } from '../../src/rulesets/fief/answers.ts';
import { botAnswer, soakGame } from '../../src/rulesets/fief/bot.ts';
import { FIEF_CONSTANTS } from '../../src/rulesets/fief/constants.ts';
import { DECISIONS, HOLD } from '../../src/rulesets/fief/decisions.ts';
import { FLOW_KINDS, nextAsk, type FiefGame, type FlowKind } from '../../src/rulesets/fief/flow.ts';
import { checkInvariants } from '../../src/rulesets/fief/invariants.ts';
import type { TurnStepId } from '../../src/rulesets/fief/phases.ts';
import { giveTitles, addLord } from './fixture.ts';
import { station, fortify } from './arena.ts';
import { BOARD } from '../../src/rulesets/fief/board.ts';
import { cardKind } from '../../src/rulesets/fief/cards.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const entry = getRuleset('fief');

interface Played { game: GameRecord<FiefGame>; asked: Partial<Record<FlowKind, number>>; steps: number }

/**
 * A whole game of bots on the engine; the invariants and every default checked at every step. The
 * optional rules of Appendix A drawn from the seed as the soak draws them (bot.ts `soakGame`).
 */
function playBots(players: number, seed: string, maxTurns: number): Played {
  const config = soakGame(createRng(seed, 'options')).config!;
  let g = createGame(fief, { players, maxTurns, config }, seed) as GameRecord<FiefGame>;
  const rejected: string[] = [];
  let steps = 0;
  for (; steps < 20_000 && fief.decisions(g.state).length > 0; steps++) {
    for (const d of fief.decisions(g.state)) for (const p of d.players) {
      const v = fief.validate(g.state, p, d.id, d.defaults[p]);
      assert.ok(v.value !== null && v.issues.length === 0, `default of ${d.kind} for ${p} refused: ${JSON.stringify(v.issues)}`);
    }
    g = botAnswers(entry, g, rejected) as GameRecord<FiefGame>;
    g = advance(fief, g, { useDefaults: true });
    assert.deepEqual(checkInvariants(g.state.fief), [], `after step ${steps + 1} (${g.steps.at(-1)!.label})`);
  }
  assert.deepEqual(rejected, [], 'the bot gives only answers the referee accepts');
  return { game: g, asked: g.state.flow.asked, steps };
}

/** A set-up game (bots placed) moved to the start of `step` of turn 1 after `edit`, its first question open. */
function scene(players: number, step: TurnStepId, edit: (g: FiefGame) => void): FiefGame {
  let g = fief.setup({ players }, createRng('scene', 'setup'));
  for (let i = 0; i < players; i++) {
    const ask = g.flow.current!;
    g = fief.resolve(g, [{ decision: ask.id, player: ask.players[0]!, value: defaultAnswer(ask, ask.players[0]!), order: i }], createRng('scene', `s${i}`)).state;
  }
  g = structuredClone(g);
  edit(g);
  g.fief.firstPlayer = 'P1';
  g.fief.cursor = { turn: 1, phase: Number(step[0]) as 1, step };
  g.flow.step = step;
  g.flow.answers = {};
  g.flow.current = nextAsk(g);
  assert.deepEqual(checkInvariants(g.fief), [], 'the scene keeps the invariants');
  return g;
}

/** Answers the open question (every player asked: `answers[p]` or the bot's answer) and returns the next state. */
function reply(g: FiefGame, answers: Record<string, unknown> = {}): FiefGame {
  const ask = g.flow.current!;
  const subs = ask.players.map((p, i) => {
    const given = p in answers ? answers[p] : botAnswer(g, p, ask.id, createRng('scene', `${ask.id}/${p}`));
    const v = fief.validate(g, p, ask.id, given);
    assert.ok(v.value !== null && v.issues.length === 0, `${ask.kind} ${p}: ${JSON.stringify(v.issues)}`);
    return { decision: ask.id, player: p, value: v.value, order: i };
  });
  const next = fief.resolve(g, subs, createRng('scene', ask.id)).state;
  assert.deepEqual(checkInvariants(next.fief), []);
  return next;
}

/** Answers until a question of `kind` opens (or fails after `cap` questions). */
function until(g: FiefGame, kind: FlowKind, answers: (g: FiefGame) => Record<string, unknown> = () => ({}), cap = 60): FiefGame {
  for (let i = 0; i < cap; i++) {
    if (g.flow.current?.kind === kind) return g;
    assert.ok(g.flow.current, `the game ended before ${kind}`);
    g = reply(g, answers(g));
  }
  assert.fail(`no ${kind} question within ${cap} questions`);
}

const covered = new Set<FlowKind>();
const played: Played[] = [];

test('whole games of 3 to 6 bots to a turn cap: invariants after every step, no answer refused, every default accepted', () => {
  for (const [players, seed, turns] of [[3, 'a', 15], [4, 'b', 15], [5, 'c', 12], [6, 'd', 12]] as const) {
    const r = playBots(players, seed, turns);
    assert.equal(r.game.state.flow.stage, 'over');
    assert.ok(r.game.state.fief.cursor.turn === turns || r.game.state.fief.winners, `${players} players: ended at turn ${r.game.state.fief.cursor.turn}`);
    assert.equal(fief.outcome(r.game.state)?.finished, true);
    for (const k of Object.keys(r.asked) as FlowKind[]) covered.add(k);
    played.push(r);
  }
});

test('every step’s report renders in French and English for every player, with no hole', () => {
  const types = new Set<string>();
  for (const r of played) for (const st of r.game.steps) {
    for (const e of st.events as { t: string }[]) types.add(e.t);
    for (const p of r.game.state.fief.players) for (const lang of ['fr', 'en'] as const) {
      const text = fief.report(r.game.state, st.events as never[], p, lang);
      assert.ok(text.length > 0);
      assert.doesNotMatch(text, /undefined|NaN|\{\w+\}|\[object/, `${st.label} ${p} ${lang}: ${text}`);
    }
  }
  for (const t of ['start', 'marriages', 'elections', 'draw', 'calamities', 'cards', 'income', 'ransoms', 'purchases', 'movement', 'combat', 'pillage', 'turn-end', 'victory']) assert.ok(types.has(t), `an event ${t}`);
});

test('the pope is asked to consent to a hat (#5) and the king to waive a title’s price (#6)', () => {
  // P1 holds the whole fief of Épervier with a castle and has a bishop; P2 has the pope, P3 the king.
  let g = scene(4, '4.B', (g) => {
    const s = g.fief;
    emptyBoard(s);
    for (const p of ['P2', 'P3', 'P4']) station(s, p, { P2: 'SIGY', P3: 'BOURG', P4: 'TOURNUS' }[p]!, 1, 0, [s.families[p]!.lords[0]!]);
    station(s, 'P1', 'HAUTEVIGNE', 2, 0, [s.families.P1!.lords[0]!]);
    fortify(s, 'HAUTEVIGNE');
    for (const v of ['EPERVIER', 'ROCHEGRISE']) station(s, 'P1', v, 1, 0);
    giveTitles(s, addLord(s, 'P2'), 'POPE');
    giveTitles(s, s.families.P3!.lords[0]!, 'KING');
    giveTitles(s, addLord(s, 'P1'), 'BISHOP:1');
    s.families.P1!.ecus = 40;
  });
  const s = g.fief;
  const bishop = s.families.P1!.lords.find((l) => s.lords[l]!.titles.includes('BISHOP:1'))!;
  assert.equal(g.flow.current?.kind, 'purchases');
  assert.deepEqual(g.flow.current?.players, ['P1']);
  g = reply(g, { P1: [{ item: 'cardinal', bishop }, { item: 'fief-title', fief: 'F_EPERVIER', lord: s.families.P1!.lords[0]! }] });
  assert.equal(g.flow.current?.kind, 'pope-consent');
  assert.deepEqual(g.flow.current?.players, ['P2']);
  assert.match(fief.decisions(g)[0]!.prompt.fr, /chapeau de cardinal/);
  g = reply(g, { P2: 'oui' });
  assert.equal(g.flow.current?.kind, 'king-waiver');
  assert.deepEqual(g.flow.current?.players, ['P3']);
  assert.match(fief.decisions(g)[0]!.prompt.en, /waive its price/);
  const ecus = g.fief.families.P1!.ecus;
  g = until(reply(g, { P3: 'yes' }), 'movement', () => ({}), 20);
  assert.ok(g.fief.lords[bishop]!.titles.includes('CARDINAL:BOUGHT'), 'the pope consented: the hat is bought');
  assert.ok(g.fief.lords[s.families.P1!.lords[0]!]!.titles.includes('FIEF:F_EPERVIER'), 'the title is bought');
  assert.equal(g.fief.families.P1!.ecus, ecus - g.fief.config.price.cardinalHat, 'the king waived the title’s price');
  covered.add('pope-consent'); covered.add('king-waiver');
});

test('a raid through a held village asks its controller to fight or let pass (#22)', () => {
  // P1's lord and 2 knights in HAUTEVIGNE; P2 holds EPERVIER with troops; the raid enters EPERVIER, then leaves it for ROCHEGRISE.
  let g = scene(4, '5.A', (g) => {
    const s = g.fief;
    emptyBoard(s);
    const l1 = s.families.P1!.lords[0]!, l2 = s.families.P2!.lords[0]!;
    station(s, 'P1', 'HAUTEVIGNE', 0, 2, [l1]);
    station(s, 'P2', 'EPERVIER', 3, 0, [l2]);
    for (const p of ['P3', 'P4']) station(s, p, p === 'P3' ? 'SIGY' : 'BOURG', 1, 0, [s.families[p]!.lords[0]!]);
  });
  const l1 = g.fief.families.P1!.lords[0]!;
  g = until(g, 'movement', () => ({ P1: 'pass', P2: 'pass', P3: 'pass', P4: 'pass' })); // the hold before P1's slot (§11.3)
  assert.equal(g.flow.current?.kind, 'movement');
  g = reply(g, { P1: [{ lead: l1, to: 'EPERVIER', knights: 2, raid: true }, { lead: l1, to: 'ROCHEGRISE', knights: 2 }] });
  g = until(g, 'raid-fight', () => ({ P1: 'pass', P2: 'pass', P3: 'pass', P4: 'pass' })); // the hold after the step into EPERVIER (§11.3)
  assert.equal(g.flow.current?.kind, 'raid-fight');
  assert.deepEqual(g.flow.current?.players, ['P2']);
  g = reply(g, { P2: 'pass' });
  covered.add('raid-fight');
  for (let i = 0; i < 20 && g.flow.step === '5.A'; i++) g = reply(g, Object.fromEntries(g.flow.current!.players.map((p) => [p, g.flow.current!.kind === 'hold' ? 'pass' : []])));
  assert.equal(g.fief.lords[l1]!.at?.village, 'ROCHEGRISE', 'let pass, the raid goes on');
});

/** Every piece off the board (troops back to the reserves, castles to the supply, lords nowhere). */
function emptyBoard(s: FiefGame['fief']): void {
  for (const v of Object.values(s.villages)) {
    for (const st of v.stacks) for (const x of st.groups) { s.families[st.player]!.reserve.sergeants += x.sergeants; s.families[st.player]!.reserve.knights += x.knights; }
    v.stacks = []; v.controller = null;
    if (v.fortification) { v.fortification = null; s.supply.castleTiles += 1; }
  }
  for (const l of Object.values(s.lords)) l.at = null;
}

test('a battle with a third player: he offers to join (#25), the leader accepts, losses (#26), and after a round the ally may switch or leave (#29)', () => {
  let g = scene(4, '6.A', (g) => {
    const s = g.fief;
    emptyBoard(s);
    station(s, 'P2', 'BLAYE', 8, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P1', 'BLAYE', 8, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P3', 'BLAYE', 4, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'SIGY', 1, 0, [s.families.P4!.lords[0]!]);
  });
  assert.equal(g.flow.current?.kind, 'declare-battles');
  g = reply(g, { P1: [{ village: 'BLAYE', defender: 'P2' }] });
  assert.equal(g.flow.current?.kind, 'join-side');
  assert.deepEqual(g.flow.current?.players, ['P3']);
  g = reply(g, { P3: 'attacker' });
  assert.equal(g.flow.current?.kind, 'join-side');
  assert.deepEqual(g.flow.current?.players, ['P1']);
  g = reply(g, { P1: 'P3' });
  const seen = new Set<FlowKind>();
  for (let i = 0; i < 80 && g.flow.step === '6.A'; i++) {
    const k = g.flow.current!.kind;
    seen.add(k);
    g = reply(g, k === 'end-of-round' ? Object.fromEntries(g.flow.current!.players.map((p) => [p, 'continue'])) : {});
  }
  assert.ok(seen.has('switch-or-leave'), `asked: ${[...seen].join(', ')}`);
  for (const k of seen) covered.add(k);
  covered.add('join-side');
});

test('a besieged lord asks the besieger’s leave to go out (#33)', () => {
  let g = scene(4, '5.A', (g) => {
    const s = g.fief;
    emptyBoard(s);
    fortify(s, 'BLAYE');
    station(s, 'P1', 'BLAYE', 1, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P2', 'BLAYE', 1, 0, [s.families.P2!.lords[0]!]);
    s.villages.BLAYE!.sieges.push({ besieger: 'P2', engineDice: 1, sinceTurn: 1 });
    s.families.P2!.reserve.siegeEngines -= 1;
    station(s, 'P3', 'SIGY', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'TOURNUS', 1, 0, [s.families.P4!.lords[0]!]);
  });
  g = until(g, 'movement', () => ({ P1: 'pass', P2: 'pass', P3: 'pass', P4: 'pass' })); // the hold before P1's slot (§11.3)
  assert.equal(g.flow.current?.kind, 'movement');
  g = reply(g, { P1: [{ lead: g.fief.families.P1!.lords[0]!, to: 'CHAROLLES' }] });
  assert.equal(g.flow.current?.kind, 'leave-besieged');
  assert.deepEqual(g.flow.current?.players, ['P2']);
  covered.add('leave-besieged');
});

test('another player asks to reinforce a besieged fortification (#34): its player is asked', () => {
  let g = scene(4, '5.A', (g) => {
    const s = g.fief;
    emptyBoard(s);
    fortify(s, 'BLAYE');
    station(s, 'P1', 'BLAYE', 1, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P2', 'BLAYE', 1, 0, [s.families.P2!.lords[0]!]);
    s.villages.BLAYE!.sieges.push({ besieger: 'P2', engineDice: 1, sinceTurn: 1 });
    s.families.P2!.reserve.siegeEngines -= 1;
    station(s, 'P3', 'CHAROLLES', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'TOURNUS', 1, 0, [s.families.P4!.lords[0]!]);
  });
  const pass = () => ({ P1: 'pass', P2: 'pass', P3: 'pass', P4: 'pass' });
  for (const p of ['P1', 'P2']) { g = until(g, 'movement', pass); assert.deepEqual(g.flow.current?.players, [p]); g = reply(g, { [p]: [] }); }
  g = until(g, 'movement', pass);
  g = reply(g, { P3: [{ lead: g.fief.families.P3!.lords[0]!, to: 'BLAYE', sergeants: 1, reinforce: true }] });
  assert.equal(g.flow.current?.kind, 'reinforce-besieged');
  assert.deepEqual(g.flow.current?.players, ['P1']);
  covered.add('reinforce-besieged');
});

test('a Revolt at a hold: the window, calming by the bishop’s player (#38), the order of the attacked (#36)', () => {
  let g = scene(4, '3.A', (g) => {
    const s = g.fief;
    emptyBoard(s);
    const b = BOARD.villages.SIGY!.bishopric;
    const i = s.secret.eventDeck.findIndex((c) => cardKind(c) === 'FAMINE');
    s.bishoprics[b].calamities.push(s.secret.eventDeck.splice(i, 1)[0]!);
    station(s, 'P1', 'SIGY', 3, 2, [s.families.P1!.lords[0]!]);
    s.config.combat.dieFaces = [2, 2, 2, 2, 2, 2]; // one die: 2 + 1 = 3 damage, 3 sergeants or 1 knight
    station(s, 'P4', 'SIGY', 1, 0);
    for (const [p, v] of [['P2', 'BLAYE'], ['P3', 'TOURNUS'], ['P4', 'BOURG']] as const) station(s, p, v, 1, 0, [s.families[p]!.lords[0]!]);
    giveTitles(s, s.families.P3!.lords[0]!, `BISHOP:${b}`);
    s.secret.eventDeck.push(...s.hands.P2!); s.hands.P2 = [];
    const j = s.secret.eventDeck.findIndex((c) => cardKind(c) === 'REVOLT');
    s.hands.P2!.push(s.secret.eventDeck.splice(j, 1)[0]!);
  });
  assert.equal(g.flow.current?.kind, 'hold');
  g = reply(g, { P1: 'pass', P2: `play ${g.fief.hands.P2![0]} revolt SIGY famine`, P3: 'pass', P4: 'pass' });
  g = until(g, 'calming', () => ({ P1: 'pass', P2: 'pass', P3: 'pass', P4: 'pass' }));
  covered.add('calming');
  g = until(g, 'revolt-target', () => ({ P3: 'none' }));
  assert.deepEqual(g.flow.current?.players, ['P2']);
  covered.add('revolt-target');
  g = reply(g, { P2: 'default' });
  assert.equal(g.flow.current?.kind, 'revolt-losses', 'P1, attacked first, keeps some troops: he chooses his losses (#37)');
  assert.deepEqual(g.flow.current?.players, ['P1']);
  covered.add('revolt-losses');
  const c = g.flow.current!.ctx;
  g = reply(g, { P1: c.k === 'revolt-losses' ? c.choices.at(-1) : {} });
  assert.equal(g.flow.revolt, null);
});

test('a Lord card with no free village asks the controllers’ consent (#13)', () => {
  let g = scene(4, '2.C', (g) => {
    const s = g.fief;
    emptyBoard(s);
    BOARD.villageIds.forEach((v, i) => station(s, ['P2', 'P3', 'P4'][i % 3]!, v, 1, 0));
    for (const l of Object.values(s.lords)) { s.secret.characterDiscard.push(l.card); delete s.lords[l.id]; }
    for (const p of s.players) s.families[p]!.lords = [];
    for (const p of s.players) { s.secret.eventDeck.push(...s.hands[p]!.filter((c) => !/^(LORD|CARDINAL|DARC)/.test(c))); s.secret.characterDeck.push(...s.hands[p]!.filter((c) => /^(LORD|CARDINAL|DARC)/.test(c))); s.hands[p] = []; }
    const i = s.secret.characterDeck.findIndex((c) => cardKind(c) === 'LORD');
    s.hands.P1!.push(s.secret.characterDeck.splice(i, 1)[0]!);
  });
  g = until(g, 'play-cards', () => ({ P1: 'pass', P2: 'pass', P3: 'pass', P4: 'pass' }));
  g = reply(g, { P1: `play ${g.fief.hands.P1![0]}` });
  assert.equal(g.flow.current?.kind, 'placement-consent');
  covered.add('placement-consent');
});

test('a refused passage asks the mover to go back or stop (#20, #21)', () => {
  const v0 = 'BLAYE', v1 = BOARD.adjacent[v0]![0]!, v2 = BOARD.adjacent[v1]!.find((x) => x !== v0)!;
  let g = scene(4, '5.A', (g) => {
    const s = g.fief;
    emptyBoard(s);
    station(s, 'P1', v0, 2, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P2', v1, 1, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P3', 'TOURNUS', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'VAL_SOURDE', 1, 0, [s.families.P4!.lords[0]!]);
  });
  const lead = g.fief.families.P1!.lords[0]!;
  g = until(g, 'movement', () => ({ P1: 'pass', P2: 'pass', P3: 'pass', P4: 'pass' }));
  g = reply(g, { P1: [{ lead, to: v1, sergeants: 1, knights: 0 }, { lead, to: v2, sergeants: 1, knights: 0 }] });
  g = until(g, 'pass-consent', () => ({ P1: 'pass', P2: 'pass', P3: 'pass', P4: 'pass' })); // the hold after the step into v1 (§11.3)
  assert.equal(g.flow.current?.kind, 'pass-consent');
  assert.deepEqual(g.flow.current?.players, ['P2']);
  g = reply(g, { P2: 'refuse' });
  assert.equal(g.flow.current?.kind, 'after-refusal');
  assert.deepEqual(g.flow.current?.players, ['P1']);
  covered.add('after-refusal');
});

test('step 2.D asks a relic’s holder whether he uses it (#38a)', () => {
  const g = scene(4, '2.D', (g) => {
    const s = g.fief;
    s.config.options.relics = true;
    s.relics = { GRAIL: { holder: null, village: 'SIGY', removed: false }, ROSELINE: { holder: null, village: 'BLAYE', removed: false }, GERONCE: { holder: null, village: 'TOURNUS', removed: false }, LANCE: { holder: null, village: 'ST_GEROME', removed: false }, RADEGONDE: { holder: s.families.P3!.lords[0]!, village: null, removed: false } };
    const i = s.secret.eventDeck.findIndex((c) => cardKind(c) === 'FAMINE');
    s.bishoprics[2].calamities.push(s.secret.eventDeck.splice(i, 1)[0]!);
  });
  assert.equal(g.flow.current?.kind, 'relic-power');
  assert.deepEqual(g.flow.current?.players, ['P3']);
  covered.add('relic-power');
});

test('an Assassination at a hold asks the victim’s owner for the heir of his fief (#39)', () => {
  let g = scene(4, '3.A', (g) => {
    const s = g.fief;
    const victim = s.families.P1!.lords[0]!;
    giveTitles(s, victim, 'FIEF:F_BLAYE');
    addLord(s, 'P1'); addLord(s, 'P1');
    const i = s.secret.eventDeck.findIndex((c) => cardKind(c) === 'ASSASSINATION');
    s.hands.P2!.push(s.secret.eventDeck.splice(i, 1)[0]!);
  });
  const card = g.fief.hands.P2!.find((c) => cardKind(c) === 'ASSASSINATION')!;
  g = reply(g, { P1: 'pass', P2: `play ${card} assassinate ${g.fief.families.P1!.lords[0]!} sponsor ${g.fief.families.P2!.lords[0]!}`, P3: 'pass', P4: 'pass' });
  assert.equal(g.flow.current?.kind, 'fief-heir');
  assert.deepEqual(g.flow.current?.players, ['P1']);
  covered.add('fief-heir');
});

test('every kind the flow opens was asked at least once over these games and scenes', () => {
  for (const k of Object.keys(FIEF_CONSTANTS.options) as (keyof typeof FIEF_CONSTANTS.options)[]) {
    const drawn = new Set(played.map((r) => r.game.state.fief.config.options[k]));
    assert.deepEqual([...drawn].sort(), [false, true], `the whole games ran with option ${k} on and off`);
  }
  const missingKinds = FLOW_KINDS.filter((k) => !covered.has(k));
  assert.deepEqual(missingKinds, []);
  for (const k of FLOW_KINDS) if (k !== 'start-village') assert.ok((k === 'hold' ? HOLD : DECISIONS[k]).deadline, `${k} has a deadline class`);
});

test('a missing answer takes the catalogue’s default: the same step as the default given explicitly', () => {
  let a = createGame(fief, { players: 4, maxTurns: 2 }, 'defaults') as GameRecord<FiefGame>;
  let b = a;
  for (let i = 0; i < 60 && fief.decisions(a.state).length; i++) {
    for (const m of missing(fief, b)) {
      const d = fief.decisions(b.state).find((x) => x.id === m.decision)!;
      b = submit(fief, b, m.player, m.decision, d.defaults[m.player]).game;
    }
    a = advance(fief, a, { useDefaults: true });
    b = advance(fief, b, { useDefaults: false });
    assert.ok(a.steps.at(-1)!.defaulted.length > 0);
    assert.equal(a.steps.at(-1)!.hash, b.steps.at(-1)!.hash, `step ${i + 1}`);
  }
});

test('determinism: the same seed and answers give the same hashes, and the record replays', () => {
  const x = playBots(4, 'same', 3), y = playBots(4, 'same', 3);
  assert.deepEqual(x.game.steps.map((s) => s.hash), y.game.steps.map((s) => s.hash));
  const r = replay(fief, x.game);
  assert.ok(r.ok, JSON.stringify(r.mismatches.slice(0, 3)));
  const z = playBots(4, 'other', 3);
  assert.notEqual(z.game.steps.at(-1)!.hash, x.game.steps.at(-1)!.hash);
});

test('questions, forms and refusals in both languages; an answer to another question is refused', () => {
  const g = createGame(fief, { players: 3 }, 'words') as GameRecord<FiefGame>;
  const d = fief.decisions(g.state)[0]!;
  assert.equal(d.kind, 'start-village');
  assert.equal(d.deadline.kind, 'class');
  assert.match(d.prompt.fr, /village de départ/);
  assert.match(d.prompt.en, /starting village/);
  const bad = fief.validate(g.state, d.players[0]!, d.id, 'ATLANTIS');
  assert.equal(bad.value, null);
  assert.match(bad.issues[0]!.text!.fr, /Ce choix n’est pas proposé/);
  assert.match(bad.issues[0]!.text!.en, /not one of the choices/);
  const other = fief.players(g.state).map((p) => p.id).find((p) => p !== d.players[0])!;
  assert.match(fief.validate(g.state, other, d.id, d.defaults[d.players[0]!]).issues[0]!.text!.en, /not asked/);
  assert.match(fief.validate(g.state, d.players[0]!, 'nothing', 'x').issues[0]!.text!.fr, /n’est plus posée/);
  // The report of the setup's first step, in both languages, names the village.
  const r = advance(fief, g, { useDefaults: true });
  assert.match(fief.report(r.state, r.steps[0]!.events as never[], d.players[0]!, 'fr'), /s’installe à/);
  assert.match(fief.report(r.state, r.steps[0]!.events as never[], d.players[0]!, 'en'), /settles in/);
});

test('property: any seed and 3 to 6 players, a turn of bots keeps the invariants, ends its questions, and plays the same twice', () => {
  fc.assert(fc.property(fc.integer({ min: 3, max: 6 }), fc.string({ minLength: 1, maxLength: 8 }), (players, seed) => {
    const x = playBots(players, `p/${seed}`, 1), y = playBots(players, `p/${seed}`, 1);
    assert.equal(x.game.state.flow.stage, 'over');
    assert.ok(x.steps < 400, `${x.steps} questions for one turn`);
    assert.equal(x.game.steps.at(-1)!.hash, y.game.steps.at(-1)!.hash);
  }), { numRuns: 4, seed: 15 });
});

test('text answers as a player types them: lines parsed, the rules’ own refusals named in both languages, valid lines kept', () => {
  const g = scene(3, '4.B', (g) => { g.fief.families.P1!.ecus = 5; });
  const ask = g.flow.current!;
  assert.equal(ask.kind, 'purchases');
  const home = g.fief.lords[g.fief.families.P1!.lords[0]!]!.at!.village;
  const v = fief.validate(g, 'P1', ask.id, `troops ${home} 2 0\ntroops ${home} 0 9\nfly to the moon`);
  assert.deepEqual(v.value, [{ item: 'troops', village: home, sergeants: 2, knights: 0 }]);
  assert.equal(v.issues.length, 2);
  assert.ok(v.issues.some((i) => /assez d’écus|réserve|maximal/.test(i.text!.fr) && /ecus|reserve|most/.test(i.text!.en)), JSON.stringify(v.issues));
  assert.ok(v.issues.some((i) => /Ligne incomprise : « fly to the moon »/.test(i.text!.fr)));
  assert.equal(fief.answerText!(g, 'P1', ask.id, v.value), `troops ${home} 2 0`);
  const form = fief.answerForm!(g, 'P1', ask.id, 'fr');
  assert.deepEqual(form.groups[0]!.entries.map((e) => e.code), ['troops', 'mill', 'castle', 'title']);
});
