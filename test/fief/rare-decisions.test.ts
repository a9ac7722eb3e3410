/**
 * The decisions small soaks seldom reach (rules §11.4), each in a scripted scene (scene.ts) that
 * reaches it through the flow, answered once by the player and once by the default (a timeout),
 * with the outcome asserted: #5 the pope's consent to a hat, #6 the king's waiver, #16 the ransom
 * offer, #17 its acceptance, #22 a raid's blocker, #33 the besieger's leave, #29 an ally's switch
 * or leave, #13 the controllers' consent to a Lord card's placement. (#34, reinforcing a besieged
 * fortification, has its own file: siege-reinforcement.test.ts, granted, refused and timed out.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BOARD } from '../../src/rulesets/fief/board.ts';
import { cardKind } from '../../src/rulesets/fief/cards.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { ransomOf } from '../../src/rulesets/fief/rules/ransoms.ts';
import type { LordId } from '../../src/rulesets/fief/state.ts';
import type { TurnStepId } from '../../src/rulesets/fief/phases.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { fortify, station } from './arena.ts';
import { addLord, giveTitles } from './fixture.ts';
import { emptyBoard, reply, scene, until } from './scene.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

/** Defaults until the step ends (bounded). */
function finish(g: FiefGame, step: TurnStepId): FiefGame {
  for (let i = 0; i < 80 && g.flow.step === step; i++) g = reply(g).g;
  assert.notEqual(g.flow.step, step, `step ${step} ended`);
  return g;
}

/** The question's prompt in both languages (asserted different: both exist). */
function prompts(g: FiefGame): { fr: string; en: string } {
  const p = fief.decisions(g)[0]!.prompt;
  assert.ok(p.fr && p.en && p.fr !== p.en, `a prompt in French and English: ${JSON.stringify(p)}`);
  return p;
}

// ─── #5 and #6 (4.B) ───────────────────────────────────────────────────────────────────────────

/** P1 holds the whole fief of Épervier with a castle and has a bishop; P2 has the pope, P3 the king; P1 buys a hat and the title. */
function purchases(): { g: FiefGame; bishop: LordId; lord: LordId } {
  let bishop = '', lord = '';
  let g = scene(4, '4.B', (s) => {
    emptyBoard(s);
    for (const p of ['P2', 'P3', 'P4']) station(s, p, { P2: 'SIGY', P3: 'BOURG', P4: 'TOURNUS' }[p]!, 1, 0, [s.families[p]!.lords[0]!]);
    lord = s.families.P1!.lords[0]!;
    station(s, 'P1', 'HAUTEVIGNE', 2, 0, [lord]);
    fortify(s, 'HAUTEVIGNE');
    for (const v of ['EPERVIER', 'ROCHEGRISE']) station(s, 'P1', v, 1, 0);
    giveTitles(s, addLord(s, 'P2'), 'POPE');
    giveTitles(s, s.families.P3!.lords[0]!, 'KING');
    bishop = addLord(s, 'P1');
    giveTitles(s, bishop, 'BISHOP:1');
    s.families.P1!.ecus = 60;
  });
  assert.equal(g.flow.current?.kind, 'purchases');
  g = reply(g, { P1: [{ item: 'cardinal', bishop }, { item: 'fief-title', fief: 'F_EPERVIER', lord }] }).g;
  return { g, bishop, lord };
}

test('#5 and #6 answered: the pope consents, the hat is bought; the king waives, the title costs nothing', () => {
  let { g, bishop, lord } = purchases();
  assert.equal(g.flow.current?.kind, 'pope-consent');
  assert.deepEqual(g.flow.current?.players, ['P2'], 'the pope’s player alone');
  assert.match(prompts(g).fr, /chapeau de cardinal/);
  g = reply(g, { P2: 'yes' }).g;
  assert.equal(g.flow.current?.kind, 'king-waiver');
  assert.deepEqual(g.flow.current?.players, ['P3'], 'the king’s player alone');
  assert.match(prompts(g).en, /waive its price/);
  const ecus = g.fief.families.P1!.ecus;
  g = finish(reply(g, { P3: 'yes' }).g, '4.B');
  assert.ok(g.fief.lords[bishop]!.titles.some((t) => t.startsWith('CARDINAL:')), 'the hat is bought');
  assert.ok(g.fief.lords[lord]!.titles.includes('FIEF:F_EPERVIER'), 'the title is bought');
  assert.equal(g.fief.families.P1!.ecus, ecus - g.fief.config.price.cardinalHat, 'only the hat was paid: the king waived the title’s price');
});

test('#5 and #6 timed out (the defaults): no hat without the pope’s consent; the title at its full price', () => {
  let { g, bishop, lord } = purchases();
  assert.equal(g.flow.current?.kind, 'pope-consent');
  g = reply(g).g;
  assert.equal(g.flow.current?.kind, 'king-waiver', 'the king is asked all the same');
  const ecus = g.fief.families.P1!.ecus;
  g = finish(reply(g).g, '4.B');
  assert.ok(!g.fief.lords[bishop]!.titles.some((t) => t.startsWith('CARDINAL:')), 'refused by default: no hat');
  assert.ok(g.fief.lords[lord]!.titles.includes('FIEF:F_EPERVIER'), 'the title is bought');
  assert.ok(g.fief.families.P1!.ecus < ecus, `the title’s price was paid (${ecus} → ${g.fief.families.P1!.ecus})`);
});

// ─── #16 and #17 (4.A) ─────────────────────────────────────────────────────────────────────────

/** P3 holds P2's first lord at BLAYE; P2 has less money than the ransom (no compulsory payment) but enough for a small offer. */
function ransom(): { g: FiefGame; prisoner: LordId } {
  let prisoner = '';
  const g = scene(4, '4.A', (s) => {
    emptyBoard(s);
    prisoner = s.families.P2!.lords[0]!;
    station(s, 'P3', 'BLAYE', 2, 0, [s.families.P3!.lords[0]!]);
    s.lords[prisoner]!.prisonerOf = 'P3';
    s.lords[prisoner]!.at = { village: 'BLAYE', position: { kind: 'OUTSKIRTS' } };
    station(s, 'P2', 'TOURNUS', 1, 0, [addLord(s, 'P2')]);
    s.families.P2!.ecus = Math.max(1, ransomOf(s, prisoner) - 1);
  });
  assert.ok(g.fief.families.P2!.ecus < ransomOf(g.fief, prisoner), 'no compulsory payment in this scene');
  return { g, prisoner };
}

test('#16 and #17 answered: the owner offers 1 écu, the jailer accepts; the prisoner goes free and the money changes hands', () => {
  let { g, prisoner } = ransom();
  assert.equal(g.flow.current?.id, '4.A/P2/offer');
  assert.equal(g.flow.current?.kind, 'ransom-offer');
  prompts(g);
  g = reply(g, { P2: { prisoners: [prisoner], amount: 1 } }).g;
  assert.equal(g.flow.current?.kind, 'accept-ransom');
  assert.deepEqual(g.flow.current?.players, ['P3'], 'the jailer alone');
  prompts(g);
  const before = { p2: g.fief.families.P2!.ecus, p3: g.fief.families.P3!.ecus };
  g = finish(reply(g, { P3: 'yes' }).g, '4.A');
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, null, 'free');
  assert.equal(g.fief.families.P2!.ecus, before.p2 - 1, 'the owner paid his offer');
  assert.equal(g.fief.families.P3!.ecus, before.p3 + 1, 'the jailer received it');
});

test('#17 timed out: the jailer refuses by default, the prisoner stays held; #16 timed out: no offer, no #17 asked', () => {
  let { g, prisoner } = ransom();
  g = reply(g, { P2: { prisoners: [prisoner], amount: 1 } }).g;
  assert.equal(g.flow.current?.kind, 'accept-ransom');
  const ecus = g.fief.families.P2!.ecus;
  g = finish(reply(g).g, '4.A');
  assert.equal(g.fief.lords[prisoner]!.prisonerOf, 'P3', 'still held');
  assert.equal(g.fief.families.P2!.ecus, ecus, 'nothing paid');
  let h = ransom().g;
  h = reply(h).g;
  assert.notEqual(h.flow.current?.kind, 'accept-ransom', 'no offer: the jailer is not asked');
  h = finish(h, '4.A');
  assert.equal(h.fief.lords[prisoner]!.prisonerOf, 'P3', 'still held');
});

// ─── #22 and #33 (5.A) ─────────────────────────────────────────────────────────────────────────

/** P1's lord and 2 knights raid from HAUTEVIGNE through EPERVIER (P2's lord and 3 sergeants) to ROCHEGRISE. */
function raid(): { g: FiefGame; l1: LordId } {
  let l1 = '';
  let g = scene(4, '5.A', (s) => {
    emptyBoard(s);
    s.config = { ...s.config, holds: { ...s.config.holds!, afterStep: false } };
    l1 = s.families.P1!.lords[0]!;
    station(s, 'P1', 'HAUTEVIGNE', 0, 2, [l1]);
    station(s, 'P2', 'EPERVIER', 3, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P3', 'SIGY', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'BOURG', 1, 0, [s.families.P4!.lords[0]!]);
  });
  g = until(g, 'movement').g;
  g = reply(g, { P1: [{ lead: l1, to: 'EPERVIER', knights: 2, raid: true }, { lead: l1, to: 'ROCHEGRISE', knights: 2 }] }).g;
  assert.equal(g.flow.current?.kind, 'raid-fight');
  assert.deepEqual(g.flow.current?.players, ['P2'], 'the blocker alone');
  prompts(g);
  return { g, l1 };
}

const tokens = (g: FiefGame, v: string): number => g.fief.villages[v]!.stacks.reduce((n, st) => n + st.groups.reduce((x, y) => x + y.sergeants + y.knights, 0), 0);

test('#22 answered “let pass”: no battle, the raid goes on to ROCHEGRISE', () => {
  let { g, l1 } = raid();
  g = finish(reply(g, { P2: 'pass' }).g, '5.A');
  assert.equal(g.fief.lords[l1]!.at?.village, 'ROCHEGRISE', 'the raid went on');
  assert.equal(tokens(g, 'EPERVIER'), 3, 'no battle at EPERVIER: P2 keeps his 3 sergeants');
});

test('#22 timed out: the blocker fights (the default), a battle at EPERVIER', () => {
  let { g } = raid();
  g = finish(reply(g).g, '5.A');
  const lost = 3 + 2 - tokens(g, 'EPERVIER') - tokens(g, 'ROCHEGRISE');
  assert.ok(lost > 0, `a battle was fought: pieces were lost (${lost})`);
});

/** P1 besieged in BLAYE's castle by P2; P1's lord asks to step out to CHAROLLES. */
function besieged(): { g: FiefGame; l1: LordId } {
  let l1 = '';
  let g = scene(4, '5.A', (s) => {
    emptyBoard(s);
    fortify(s, 'BLAYE');
    l1 = s.families.P1!.lords[0]!;
    station(s, 'P1', 'BLAYE', 1, 0, [l1]);
    station(s, 'P2', 'BLAYE', 1, 0, [s.families.P2!.lords[0]!]);
    s.villages.BLAYE!.sieges.push({ besieger: 'P2', engineDice: 1, sinceTurn: 1 });
    s.families.P2!.reserve.siegeEngines -= 1;
    station(s, 'P3', 'SIGY', 1, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'TOURNUS', 1, 0, [s.families.P4!.lords[0]!]);
  });
  g = until(g, 'movement').g;
  g = reply(g, { P1: [{ lead: l1, to: 'CHAROLLES' }] }).g;
  assert.equal(g.flow.current?.kind, 'leave-besieged');
  assert.deepEqual(g.flow.current?.players, ['P2'], 'the besieger alone');
  prompts(g);
  return { g, l1 };
}

test('#33 answered: the besieger lets the lord out, he reaches CHAROLLES', () => {
  let { g, l1 } = besieged();
  g = finish(reply(g, { P2: 'yes' }).g, '5.A');
  assert.equal(g.fief.lords[l1]!.at?.village, 'CHAROLLES', 'out of the walls');
});

test('#33 timed out: refused by default, the lord stays inside BLAYE', () => {
  let { g, l1 } = besieged();
  g = finish(reply(g).g, '5.A');
  assert.equal(g.fief.lords[l1]!.at?.village, 'BLAYE', 'still besieged');
});

// ─── #29 (6.A) ─────────────────────────────────────────────────────────────────────────────────

/** P1 attacks P2 at BLAYE with P3 as his ally (#25 offered and accepted); defaults to the ally's #29 after round 1. */
function allied(): FiefGame {
  let g = scene(4, '6.A', (s) => {
    emptyBoard(s);
    station(s, 'P2', 'BLAYE', 8, 0, [s.families.P2!.lords[0]!]);
    station(s, 'P1', 'BLAYE', 8, 0, [s.families.P1!.lords[0]!]);
    station(s, 'P3', 'BLAYE', 4, 0, [s.families.P3!.lords[0]!]);
    station(s, 'P4', 'SIGY', 1, 0, [s.families.P4!.lords[0]!]);
  });
  g = reply(g, { P1: [{ village: 'BLAYE', defender: 'P2' }] }).g;
  g = reply(g, { P3: 'attacker' }).g;
  g = reply(g, { P1: ['P3'] }).g;
  g = until(g, 'switch-or-leave').g;
  assert.deepEqual(g.flow.current?.players, ['P3'], 'the ally alone');
  prompts(g);
  return g;
}

/** The sides of the battle at the hold before round 2 (the hold's context names them). */
function sidesAtRound2(g: FiefGame): { attacker: readonly string[]; defender: readonly string[] } {
  for (let i = 0; i < 20; i++) {
    const c = g.flow.current!;
    if (c.ctx.k === 'hold' && c.id.endsWith('/r2/hold') && c.ctx.battle) return c.ctx.battle.sides;
    g = reply(g).g;
  }
  assert.fail('no hold before round 2');
}

test('#29 answered: the ally switches to the defender’s side, or leaves the battle; timed out he stays', () => {
  const g = allied();
  assert.deepEqual(sidesAtRound2(reply(g, { P3: 'switch' }).g), { attacker: ['P1'], defender: ['P2', 'P3'] }, 'switched');
  const left = sidesAtRound2(reply(g, { P3: 'leave' }).g);
  assert.ok(![...left.attacker, ...left.defender].includes('P3'), `left the battle: ${JSON.stringify(left)}`);
  assert.deepEqual(sidesAtRound2(reply(g).g), { attacker: ['P1', 'P3'], defender: ['P2'] }, 'the default: he stays');
});

// ─── #13 (2.C) ─────────────────────────────────────────────────────────────────────────────────

/** Every village held by P2–P4, no lord on the board; P1 plays a Lord card: no free village, the controllers are asked. */
function lordCard(): { g: FiefGame; card: string } {
  let card = '';
  let g = scene(4, '2.C', (s) => {
    emptyBoard(s);
    BOARD.villageIds.forEach((v, i) => station(s, ['P2', 'P3', 'P4'][i % 3]!, v, 1, 0));
    for (const l of Object.values(s.lords)) { s.secret.characterDiscard.push(l.card); delete s.lords[l.id]; }
    for (const p of s.players) s.families[p]!.lords = [];
    const i = s.secret.characterDeck.findIndex((c) => cardKind(c) === 'LORD');
    card = s.secret.characterDeck.splice(i, 1)[0]!;
    s.hands.P1!.push(card);
  });
  g = until(g, 'play-cards').g;
  g = reply(g, { P1: `play ${card}` }).g;
  assert.equal(g.flow.current?.kind, 'placement-consent');
  assert.deepEqual([...g.flow.current!.players].sort(), ['P2', 'P3', 'P4'], 'every controller of a possible village, at once');
  prompts(g);
  return { g, card };
}

test('#13 answered: P3 agrees, the new lord goes to P3’s first village; timed out: nobody agrees, the card stays in hand', () => {
  const { g: g0, card } = lordCard();
  const c = g0.flow.current!.ctx;
  const first = c.k === 'placement-consent' ? c.villages.P3![0]! : '';
  let g = finish(reply(g0, { P3: true }).g, '2.C');
  assert.equal(g.fief.families.P1!.lords.length, 1, 'a new lord');
  assert.equal(g.fief.lords[g.fief.families.P1!.lords[0]!]!.at?.village, first, 'in the first village of P3, who agreed');
  assert.ok(!g.fief.hands.P1!.includes(card), 'the card was played');
  g = finish(reply(g0).g, '2.C');
  assert.equal(g.fief.families.P1!.lords.length, 0, 'no new lord');
  assert.ok(g.fief.hands.P1!.includes(card), 'the card stays in hand');
});
