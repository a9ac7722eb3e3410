/**
 * Consent requests are not repeated (rules §9.3, review item 16): a passage (#6) or attack (#7)
 * request that was refused — or defaulted, which is a refusal — cannot be sent again to the same
 * baron for the same region during the same card's resolution ([P] "the same path" read region by
 * region: flow.ts `repeatsRefused`). The referee refuses it with its reason in French and English,
 * the card's form does not offer it, and the bots never ask it; a request about another region is
 * still asked, and the memory ends with the card.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import { askOf, consentRequests, repeatsRefused, type WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { formOf } from '../../src/rulesets/warrior-knights/forms.ts';
import { city as cityData } from '../../src/rulesets/warrior-knights/board.ts';
import { createRng } from '../../src/engine/rng.ts';
import type { CardAnswer } from '../../src/rulesets/warrior-knights/rules/action.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { atPassage } from './consent-fixture.ts';

const rng = createRng('consent-repeat', 'test');
const road = (noble: string, path: string[]): CardAnswer => ({ use: true, moves: [{ noble, kind: 'road', path }] });

/**
 * The fixture with the owner's noble that has troops at r1c1 in place of his star (the form and
 * the bots move nobles with troops), his other nobles exhausted.
 */
function withArmy(): { g: WkGame; owner: BaronId; mover: { id: string } } {
  const { g, owner } = atPassage();
  const wk = structuredClone(g.wk);
  const mover = Object.values(wk.nobles).find((n) => n.baron === owner && n.troops.length > 0)!;
  for (const n of Object.values(wk.nobles)) if (n.baron === owner) n.ready = false;
  Object.assign(mover, { location: { kind: 'region', region: 'r1c1' }, ready: true, casualties: 0 });
  wk.nobles[`${owner}-star`]!.location = { kind: 'off' };
  return { g: { ...g, wk }, owner, mover };
}

/** The owner asks `move`, and the consent asked is answered `reply` ('default': the deadline passed). */
function askAndAnswer(g: WkGame, owner: string, move: unknown, reply: string): WkGame {
  const d = rs.decisions(g)[0]!;
  const v = rs.validate(g, owner, d.id, move);
  assert.deepEqual(v.issues, [], 'the first request is accepted');
  const asked = rs.resolve(g, [{ decision: d.id, player: owner, value: v.value, order: 0 }], rng).state;
  const c = rs.decisions(asked)[0]!;
  assert.ok(c.kind === 'passage-consent' || c.kind === 'attack-consent', `a consent is asked (${c.kind})`);
  return rs.resolve(asked, c.players.map((p, i) => ({ decision: c.id, player: p, value: reply, order: i + 1 })), rng).state;
}

test('§9.3 a refused passage cannot be asked again for this card, with its reason in both languages; a longer path through the same region neither', () => {
  const { g, owner, other } = atPassage();
  const move = road(`${owner}-star`, ['r2c1', 'r3c1']);
  const no = askAndAnswer(g, owner, move, 'deny');
  const back = rs.decisions(no)[0]!;
  assert.equal(back.kind, 'use-card', 'back to the owner');
  assert.deepEqual(no.flow.pending.refused, [{ kind: 'passage', baron: other, region: 'r2c1' }], 'the refusal is kept');
  const again = rs.validate(no, owner, back.id, move);
  assert.equal(again.value, null, 'refused');
  assert.match(again.issues[0]!.text!.fr, /déjà refusé.*passer par/);
  assert.match(again.issues[0]!.text!.en, /already refused.*pass through/);
  const longer = rs.validate(no, owner, back.id, road(`${owner}-star`, ['r2c1', 'r3c1', 'r4c1']));
  assert.equal(longer.value, null, 'the same region on a longer path is the same request');
  // the memory ends with the card: declined, the next card asks afresh
  assert.deepEqual(rs.validate(no, owner, back.id, { use: false }).issues, [], 'he may still decline');
  const done = rs.resolve(no, [{ decision: back.id, player: owner, value: { use: false }, order: 5 }], rng).state;
  assert.equal(done.flow.pending.refused, undefined, 'forgotten once the card is resolved');
});

test('§9.3 a defaulted consent (nobody answered) counts as refused: not sent again either', () => {
  const { g, owner, other } = atPassage();
  const move = road(`${owner}-star`, ['r2c1', 'r3c1']);
  const timedOut = askAndAnswer(g, owner, move, 'default');
  assert.deepEqual(timedOut.flow.pending.refused, [{ kind: 'passage', baron: other, region: 'r2c1' }]);
  const back = rs.decisions(timedOut)[0]!;
  const again = rs.validate(timedOut, owner, back.id, move);
  assert.ok(again.issues.length > 0 && /déjà refusé/.test(again.issues[0]!.text!.fr), 'refused as a repeat');
  // and a repeat that reached the flow anyway (not validated) falls to the card's default, asking nobody
  const forced = rs.resolve(timedOut, [{ decision: back.id, player: owner, value: move, order: 2 }], rng).state;
  assert.notEqual(rs.decisions(forced)[0]?.kind, 'passage-consent', 'not asked again');
  assert.deepEqual(forced.wk.nobles[`${owner}-star`]!.location, { kind: 'region', region: 'r1c1' }, 'the noble has not moved');
});

test('§9.3 [P] region by region: the same baron may still be asked about another region', () => {
  const { g, owner, other } = atPassage(['r4c1', 'r5c1', 'r6c2']);
  const wk = structuredClone(g.wk);
  Object.assign(wk.nobles[`${owner}-square`]!, { location: { kind: 'region', region: 'r4c1' }, ready: true, casualties: 0 });
  Object.assign(wk.nobles[`${other}-square`]!, { location: { kind: 'region', region: 'r5c1' } });
  const no = askAndAnswer({ ...g, wk }, owner, road(`${owner}-star`, ['r2c1', 'r3c1']), 'deny');
  const back = rs.decisions(no)[0]!;
  const elsewhere = road(`${owner}-square`, ['r5c1', 'r6c2']);
  assert.deepEqual(consentRequests(no.wk, owner, elsewhere), [{ kind: 'passage', baron: other, region: 'r5c1' }], 'the same baron, another region');
  const v = rs.validate(no, owner, back.id, elsewhere);
  assert.deepEqual(v.issues, [], 'allowed');
  const asked = rs.resolve(no, [{ decision: back.id, player: owner, value: v.value, order: 2 }], rng).state;
  assert.equal(rs.decisions(asked)[0]!.kind, 'passage-consent', 'asked');
  assert.deepEqual(rs.decisions(asked)[0]!.players, [other]);
  const yes = rs.resolve(asked, [{ decision: rs.decisions(asked)[0]!.id, player: other, value: 'allow', order: 3 }], rng).state;
  assert.deepEqual(yes.wk.nobles[`${owner}-square`]!.location, { kind: 'region', region: 'r6c2' }, 'granted: he passes');
});

test('§9.3 the card\'s form no longer offers the refused request (it did before), and still offers the rest', () => {
  const { g, owner, mover } = withArmy();
  const options = (x: WkGame): string[] => formOf(x, askOf(x)!, owner, 'en').groups.flatMap((gr) => gr.entries).flatMap((e) => e.fields).flatMap((f) => (f.kind === 'choice' ? f.options.map((o) => o.value) : []));
  const through = (v: string): boolean => { try { const a = JSON.parse(v) as CardAnswer; return a.use === true && (a.moves ?? []).some((m) => m.path.slice(0, -1).includes('r2c1')); } catch { return false; } };
  const before = options(g);
  assert.ok(before.some(through), 'a road move through r2c1 is offered before the refusal');
  const no = askAndAnswer(g, owner, road(mover.id, ['r2c1', 'r3c1']), 'deny');
  const after = options(no);
  assert.ok(!after.some(through), `not offered after it: ${after.filter(through).join(' ')}`);
  assert.ok(after.some((v) => v.includes('"path":["r2c1"]')), 'a step into r2c1 itself (no consent) is still offered');
  assert.ok(after.includes(JSON.stringify({ use: false })), 'declining is offered');
});

test('§9.3 the bots never repeat a refused request (they asked it before the refusal); every consent denied, the card ends after a bounded chain', () => {
  const { g, owner, mover } = withArmy();
  const asks = (x: WkGame, a: unknown): boolean => !!a && typeof a === 'object' && consentRequests(x.wk, owner, a as CardAnswer).some((q) => q.kind === 'passage' && q.region === 'r2c1');
  const answers = (x: WkGame): unknown[] => Array.from({ length: 60 }, (_, i) => botAnswer(x, owner, rs.decisions(x)[0]!.id, createRng('bot-choice', String(i))));
  assert.ok(answers(g).some((a) => asks(g, a)), 'before the refusal, some bots ask to pass through r2c1');
  const no = askAndAnswer(g, owner, road(mover.id, ['r2c1', 'r3c1']), 'deny');
  const after = answers(no);
  assert.ok(!after.some((a) => asks(no, a)), 'after it, none does');
  for (const a of after) assert.deepEqual(rs.validate(no, owner, rs.decisions(no)[0]!.id, a).issues, [], 'each bot answer is accepted');
  // the chain: the bot answers, every consent is denied; it ends (the card resolved or a combat engaged) within a few requests
  for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
    let x = g;
    const r = createRng('bots-deny', seed);
    let i = 0;
    for (; i < 40 && x.wk.current === g.wk.current && x.wk.combat === null; i++) {
      const d = rs.decisions(x)[0]!;
      const subs = d.players.map((p, j) => ({ decision: d.id, player: p, value: d.kind === 'use-card' ? rs.validate(x, p, d.id, botAnswer(x, p, d.id, r)).value : 'deny', order: j }));
      assert.ok(d.kind === 'use-card' || d.kind === 'passage-consent' || d.kind === 'attack-consent', `${seed}: only the card and its consents (${d.kind})`);
      x = rs.resolve(x, subs, r).state;
    }
    assert.ok(i < 40, `${seed}: the card was resolved`);
  }
});

test('§9.3 a refused attack consent (#7) is kept for its region: the same attack is refused', () => {
  const { g, owner, other } = atPassage();
  const wk = structuredClone(g.wk);
  const c = Object.values(wk.cities).find((x) => !x.razed && x.controller === null && !cityData(x.id).overseas)!;
  const r = cityData(c.id).region;
  for (const n of Object.values(wk.nobles)) if (n.location.kind !== 'off' && n.location.region === r) n.location = { kind: 'off' };
  Object.assign(wk.nobles[`${owner}-star`]!, { location: { kind: 'region', region: r }, ready: true });
  Object.assign(wk.nobles[`${other}-star`]!, { location: { kind: 'region', region: r } });
  const attack = { use: true, attack: { target: 'neutral', kind: 'assault', armies: [`${owner}-star`] } };
  const no = askAndAnswer({ ...g, wk }, owner, attack, 'deny');
  assert.deepEqual(no.flow.pending.refused, [{ kind: 'attack', baron: other, region: r }]);
  const again = rs.validate(no, owner, rs.decisions(no)[0]!.id, attack);
  assert.ok(again.issues.length > 0, 'refused');
  assert.match(again.issues[0]!.text!.en, /already refused.*attack in/);
  const siege = rs.validate(no, owner, rs.decisions(no)[0]!.id, { ...attack, attack: { ...attack.attack, kind: 'siege' } });
  assert.ok(siege.issues.length > 0, 'another kind of attack on the same place asks the same baron again: refused too');
});

/**
 * A card that both passes through a blocking region (#6) and attacks a neutral city where the
 * third baron has an army (#7): the owner's star goes down the road r5c1 → r6c2 (the second
 * baron's star) → r6c3 (Sainte-Oude, neutral), where his square waits beside the third baron's
 * star, and the two attack it.
 */
function passageThenAttack(): { g: WkGame; owner: BaronId; other: BaronId; third: BaronId; region: string; card: CardAnswer } {
  const region = 'r6c3';
  const { g, owner, other } = atPassage(['r5c1', 'r6c2', region]);
  const wk = structuredClone(g.wk);
  const third = wk.players[2] as BaronId;
  assert.ok(Object.values(wk.cities).some((c) => cityData(c.id).region === region && !c.razed && c.controller === null), 'a neutral city at r6c3');
  Object.assign(wk.nobles[`${owner}-star`]!, { location: { kind: 'region', region: 'r5c1' } });
  Object.assign(wk.nobles[`${other}-star`]!, { location: { kind: 'region', region: 'r6c2' } });
  Object.assign(wk.nobles[`${owner}-square`]!, { location: { kind: 'region', region }, ready: true, casualties: 0 });
  Object.assign(wk.nobles[`${third}-star`]!, { location: { kind: 'region', region } });
  const card = { use: true, moves: [{ noble: `${owner}-star`, kind: 'road', path: ['r6c2', region] }], attack: { target: 'neutral', kind: 'assault', armies: [`${owner}-star`, `${owner}-square`] } } as CardAnswer;
  return { g: { ...g, wk }, owner, other, third, region, card };
}

test('§9.2 #6/#7, §9.3: a refused (or defaulted) passage is not followed by the attack\'s consent — the move cannot happen, the card goes back to its owner', () => {
  const { g, owner, other, third, region, card } = passageThenAttack();
  assert.deepEqual(consentRequests(g.wk, owner, card), [{ kind: 'passage', baron: other, region: 'r6c2' }, { kind: 'attack', baron: third, region }], 'both consents are needed');
  const d = rs.decisions(g)[0]!;
  const v = rs.validate(g, owner, d.id, card);
  assert.deepEqual(v.issues, [], 'the answer is accepted');
  const asked = rs.resolve(g, [{ decision: d.id, player: owner, value: v.value, order: 0 }], rng).state;
  const p = rs.decisions(asked)[0]!;
  assert.equal(p.kind, 'passage-consent');
  assert.deepEqual(p.players, [other]);
  // granted: the attack's consent follows (the control case)
  const yes = rs.resolve(asked, [{ decision: p.id, player: other, value: 'allow', order: 1 }], rng).state;
  assert.equal(rs.decisions(yes)[0]!.kind, 'attack-consent', 'passage granted: the attack consent is asked');
  assert.deepEqual(rs.decisions(yes)[0]!.players, [third]);
  for (const reply of ['deny', 'default']) {
    const no = rs.resolve(asked, [{ decision: p.id, player: other, value: reply, order: 1 }], rng).state;
    const back = rs.decisions(no)[0]!;
    assert.equal(back.kind, 'use-card', `${reply}: straight back to the owner, no attack consent asked`);
    assert.deepEqual(back.players, [owner]);
    assert.deepEqual(no.flow.pending.refused, [{ kind: 'passage', baron: other, region: 'r6c2' }], `${reply}: only the passage is kept as refused (the attack request was never sent)`);
    assert.deepEqual(no.wk.nobles[`${owner}-star`]!.location, { kind: 'region', region: 'r5c1' }, `${reply}: the noble has not moved`);
    // the attack itself, from a place reached without passing through r2c1, may still be asked
    const direct: CardAnswer = { use: true, attack: { target: 'neutral', kind: 'assault', armies: [`${owner}-square`] } } as CardAnswer;
    assert.equal(repeatsRefused(no, owner, direct), null, `${reply}: the attack is not a repeat`);
    const v2 = rs.validate(no, owner, back.id, direct);
    assert.deepEqual(v2.issues, [], `${reply}: the attack alone is accepted`);
    const again = rs.resolve(no, [{ decision: back.id, player: owner, value: v2.value, order: 2 }], rng).state;
    assert.equal(rs.decisions(again)[0]!.kind, 'attack-consent', `${reply}: and its consent is asked`);
  }
});
