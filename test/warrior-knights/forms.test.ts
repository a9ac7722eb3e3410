/**
 * The guided forms (forms.ts, index.ts `answerForm`): over bot games of 2 and 4 barons, at each
 * question with a form, every choice offered — sent as the platform sends it (engine `formLine`) —
 * is accepted by `validate` (answers.ts); the structured answers (the card's moves and attacks,
 * the consents, the Draft, the Assembly's #29/#30/#31/#37) all get a form; a line the form did
 * not offer is refused in French and English, never a crash.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formLine, type FormEntry } from '../../src/engine/ruleset.ts';
import { warriorKnights as rs } from '../../src/rulesets/warrior-knights/index.ts';
import { botAnswer } from '../../src/rulesets/warrior-knights/bot.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import type { BaronId } from '../../src/rulesets/warrior-knights/barons.ts';
import { createRng } from '../../src/engine/rng.ts';
import { FATE_DECK, MERCENARIES } from '../../src/rulesets/warrior-knights/cards.ts';
import { stageActors } from '../../src/rulesets/warrior-knights/rules/battle.ts';

/** Every line an entry's choices make: each option of each field, the other fields at their first option (integers at min and max). */
function lines(e: FormEntry): string[] {
  const first: Record<string, string> = {};
  for (const f of e.fields) first[f.name] = f.kind === 'choice' ? f.options[0]?.value ?? '' : f.kind === 'integer' ? String(f.min ?? 0) : 'x';
  const out: string[] = [];
  for (const f of e.fields) {
    const values = f.kind === 'choice' ? f.options.map((o) => o.value) : f.kind === 'integer' ? [String(f.min ?? 0)] : [];
    for (const v of values) { const l = formLine(e, { ...first, [f.name]: v }); if (l !== null) out.push(l); }
  }
  return out;
}

function exercise(players: number, seed: string, maxTurns: number): { formed: Record<string, number>; refused: string[] } {
  const rng = createRng(seed, 'bots');
  let g: WkGame = rs.setup({ players, length: 8, maxTurns }, rng);
  const formed: Record<string, number> = {};
  const refused: string[] = [];
  for (let steps = 0; steps < 3000 && !rs.outcome(g); steps++) {
    const [d] = rs.decisions(g);
    assert.ok(d, 'a question is open');
    if ((formed[d!.kind] ?? 0) < 4) {
      for (const p of d!.players) {
        const form = rs.answerForm!(g, p, d!.id, steps % 2 ? 'fr' : 'en');
        const entries = form.groups.flatMap((x) => x.entries);
        if (entries.length) formed[d!.kind] = (formed[d!.kind] ?? 0) + 1;
        for (const e of entries) for (const l of lines(e)) {
          const v = rs.validate(g, p, d!.id, l);
          if (v.issues.length) refused.push(`${d!.kind} «${l}»: ${v.issues[0]!.message}`);
        }
      }
    }
    const subs = d!.players.map((p, i) => ({ decision: d!.id, player: p, value: rs.validate(g, p, d!.id, botAnswer(g, p, d!.id, rng)).value, order: i }));
    g = rs.resolve(g, subs, rng).state;
  }
  return { formed, refused };
}

const all: Record<string, number> = {};
for (const [n, seed] of [[4, 'wk-forms-4'], [2, 'wk-forms-2']] as const) {
  test(`${n} barons: every choice of every guided form is accepted by validate`, () => {
    const { formed, refused } = exercise(n, seed, 6);
    assert.deepEqual(refused, [], 'no form choice refused');
    for (const [k, v] of Object.entries(formed)) all[k] = (all[k] ?? 0) + v;
  });
}

test('the structured answers all have a guided form', () => {
  for (const k of ['plan-piles', 'place-stronghold', 'use-card', 'draft-pick', 'commit-votes', 'order-of-business', 'launch-expedition'] as const) assert.ok((all[k] ?? 0) > 0, `${k} has a form (${JSON.stringify(all)})`);
  assert.ok((all['secret-allocation'] ?? 0) + (all['commit-votes'] ?? 0) > 0, 'votes have a form');
});

test('#4 planning (§4.1, §9.1 item 6): a choice of pile for each card of his own hand, the line read back as his piles; too many on a pile refused in both languages', () => {
  const rng = createRng('wk-forms-plan', 'bots');
  let g: WkGame = rs.setup({ players: 3, length: 8 }, rng);
  for (let steps = 0; steps < 200 && rs.decisions(g)[0]!.kind !== 'plan-piles'; steps++) {
    const [d] = rs.decisions(g);
    const subs = d!.players.map((x, i) => ({ decision: d!.id, player: x, value: rs.validate(g, x, d!.id, botAnswer(g, x, d!.id, rng)).value, order: i }));
    g = rs.resolve(g, subs, rng).state;
  }
  const [d] = rs.decisions(g);
  assert.equal(d!.kind, 'plan-piles', 'the planning is reached');
  const p = d!.players[0]! as BaronId, other = d!.players[1]! as BaronId;
  const hand = g.wk.barons[p].hand;
  assert.ok(hand.length >= 3, `a hand of several cards: ${hand.join(', ')}`);
  const [entry] = rs.answerForm!(g, p, d!.id, 'fr').groups.flatMap((x) => x.entries);
  assert.equal(entry!.code, 'piles');
  assert.deepEqual(entry!.fields.map((f) => f.label.replace(/^.*\((.*)\)$/, '$1')), hand, 'one field per card of his own hand, in its order');
  assert.ok(!JSON.stringify(entry).includes(g.wk.barons[other].hand.find((c) => !hand.includes(c)) ?? '§none§'), 'no card of another baron');
  const f0 = entry!.fields[0]!;
  assert.deepEqual(f0.kind === 'choice' ? f0.options.map((o) => o.label) : [], ['Garder en main', 'Pile 1', 'Pile 2', 'Pile 3']);
  // the first card on pile 3, the second and third on pile 1, the rest kept
  const values = Object.fromEntries(entry!.fields.map((f, i) => [f.name, i === 0 ? '3' : i <= 2 ? '1' : '0']));
  const v = rs.validate(g, p, d!.id, formLine(entry!, values)!);
  assert.deepEqual(v.issues, []);
  assert.deepEqual(v.value, [[hand[1], hand[2]], [], [hand[0]]], 'the piles as the form set them');
  // the cards left blank stay in hand: only the last card set, on pile 2; then none at all
  const last = entry!.fields.at(-1)!.name;
  const some = rs.validate(g, p, d!.id, formLine(entry!, { [last]: '2' })!);
  assert.deepEqual(some.value, [[], [hand.at(-1)], []], 'one card named, the others kept');
  assert.equal(formLine(entry!, {}), 'piles');
  assert.deepEqual(rs.validate(g, p, d!.id, 'piles').value, [[], [], []], 'every card blank: nothing planned');
  const three = Object.fromEntries(entry!.fields.map((f, i) => [f.name, i <= 2 ? '2' : '0']));
  const bad = rs.validate(g, p, d!.id, formLine(entry!, three)!);
  assert.deepEqual([bad.issues[0]?.text?.fr, bad.issues[0]?.text?.en], ['Au plus 2 cartes par pile.', 'At most 2 cards per pile.']);
  for (const line of ['piles 1', `piles ${hand.length} 1`, 'piles 0 4', 'piles 0 1 0 2', 'piles x 1'])
    assert.ok(rs.validate(g, p, d!.id, line).issues.length > 0, `«${line}» is refused (an odd count, a card beyond the hand, no such pile, a card twice, not a number)`);
  const en = rs.answerForm!(g, p, d!.id, 'en').groups.flatMap((x) => x.entries)[0]!;
  assert.equal(en.label, 'Your cards (at most 2 a pile; a card left blank stays in hand)');
});

test('a card form offers moves and attacks as picks, and a line it did not offer is refused in both languages', () => {
  const rng = createRng('wk-forms-card', 'bots');
  let g: WkGame = rs.setup({ players: 3, length: 8 }, rng);
  let checked = 0;
  for (let steps = 0; steps < 2000 && checked < 3 && !rs.outcome(g); steps++) {
    const [d] = rs.decisions(g);
    if (d!.kind === 'use-card' && g.wk.current?.includes(':military:')) {
      const p = d!.players[0]!;
      const order = rs.answerForm!(g, p, d!.id, 'fr').groups.flatMap((x) => x.entries).find((e) => e.code === 'order');
      if (order && order.fields[0]!.kind === 'choice' && order.fields[0]!.options.length > 0) {
        const opt = order.fields[0]!.options[0]!;
        assert.ok(/→|—/.test(opt.label), `a readable label: ${opt.label}`);
        assert.deepEqual(rs.validate(g, p, d!.id, `order ${opt.value}`).issues, [], 'the pick is accepted');
        const bad = rs.validate(g, p, d!.id, 'order {"use":true,"moves":[{"noble":"nobody","kind":"step","path":["r0c0"]}]}');
        assert.ok(bad.issues.length > 0 && bad.issues[0]!.text?.fr && bad.issues[0]!.text?.en, 'an order not offered is refused in FR and EN');
        const other = g.wk.players.find((x) => x !== p)!;
        assert.ok(rs.validate(g, other, d!.id, `order ${opt.value}`).issues.length > 0, 'another baron cannot send it');
        checked++;
      }
    }
    const subs = d!.players.map((x, i) => ({ decision: d!.id, player: x, value: rs.validate(g, x, d!.id, botAnswer(g, x, d!.id, rng)).value, order: i }));
    g = rs.resolve(g, subs, rng).state;
  }
  assert.ok(checked > 0, 'a Military Operations card with moves was reached');
});

test('the combat stages #9, #10, #12, #13 have a guided form whose every choice the referee accepts (#11 has its choice buttons)', () => {
  for (const k of ['defender-commander', 'fate-discard', 'allocate-casualties', 'retreat'] as const) assert.ok((all[k] ?? 0) > 0, `${k} has a form (${JSON.stringify(all)})`);
});

test('#14: a dead noble is asked only when his choice changes what his heir keeps; then every choice is accepted and applied', () => {
  const rng = createRng('wk-forms-death', 'bots');
  let g: WkGame = rs.setup({ players: 3, length: 8 }, rng);
  let checked = 0;
  for (let steps = 0; steps < 4000 && checked === 0 && !rs.outcome(g); steps++) {
    const [d] = rs.decisions(g);
    if (d!.kind === 'fate-discard' && g.wk.combat) {
      // the same combat, rewritten at its aftermath: one of the defender's nobles dies; the desertion card
      // names a nation of which he holds a 50 and a 100, and he holds a 50 of another nation
      const f = g.wk.combat;
      const victim = f.defenders.find((id) => g.wk.nobles[id]?.location.kind === 'region');
      if (victim && f.defender) {
        const card = FATE_DECK.find((c) => MERCENARIES.filter((m) => m.nation === c.nation).some((m) => m.strength === 50))!;
        const pool = MERCENARIES.filter((m) => m.nation === card.nation);
        const small = pool.find((m) => m.strength === 50)!, big = pool.find((m) => m.strength === 100)!;
        const other = MERCENARIES.find((m) => m.nation !== card.nation && m.strength === 50)!;
        const scene = (casualties: number): WkGame => {
          const s = structuredClone(g.wk);
          for (const id of [small.id, big.id, other.id]) {
            for (const x of Object.values(s.nobles)) x.troops = x.troops.filter((t) => t !== id);
            s.secret.mercenaryDeck = s.secret.mercenaryDeck.filter((t) => t !== id);
            s.display = s.display.filter((t) => t !== id);
          }
          Object.assign(s.nobles[victim]!, { troops: [small.id, big.id, other.id], casualties, hasHeir: true });
          delete s.secret.combatDraws;
          Object.assign(s.combat!, { stage: 'aftermath', dying: [victim], retreating: [], desertion: { [victim]: card.id } });
          s.toAct = stageActors(s, s.combat!);
          return { ...g, wk: s };
        };
        // killed in a combat, his tokens cover his whole army (200 men, 2 tokens): every mercenary goes, whatever
        // deserts: nothing is asked (§9.1 item 6)
        assert.notEqual(rs.decisions(scene(2))[0]?.kind, 'death', 'no question without a choice');
        // with 1 token (the §6.12 procedure as such): the deserter and the 100 lost decide what the heir keeps
        const h = scene(1);
        const [q] = rs.decisions(h);
        assert.equal(q?.kind, 'death', 'the dead noble’s baron is asked (#14)');
        for (const lang of ['fr', 'en'] as const) {
          const entries = rs.answerForm!(h, q!.players[0]!, q!.id, lang).groups.flatMap((x) => x.entries);
          assert.equal(entries.length, 1, 'one entry: the aftermath');
          const field = entries[0]!.fields[0]!;
          assert.ok(field.kind === 'choice' && field.options.length >= 2, `a choice per outcome: ${JSON.stringify(field)}`);
          for (const l of lines(entries[0]!)) assert.deepEqual(rs.validate(h, q!.players[0]!, q!.id, l).issues, [], `accepted: ${l}`);
        }
        // the choice is applied: the 100 deserts, the two 50s… one of them lost: the heir keeps a 50
        const entry = rs.answerForm!(h, q!.players[0]!, q!.id, 'en').groups[0]!.entries[0]!;
        const options = (entry.fields[0] as { options: { value: string; label: string }[] }).options;
        const kept = (value: string): string[] => {
          const v = rs.validate(h, q!.players[0]!, q!.id, formLine(entry, { [entry.fields[0]!.name]: value })!).value;
          const after = rs.resolve(h, [{ decision: q!.id, player: q!.players[0]!, value: v, order: 0 }], createRng('wk-forms-death', 'resolve')).state;
          return after.wk.nobles[victim]!.troops.filter((t) => [small.id, big.id, other.id].includes(t));
        };
        const outcomes = new Set(options.map((o) => kept(o.value).map((t) => MERCENARIES.find((m) => m.id === t)!.strength).sort().join(',')));
        assert.equal(outcomes.size, options.length, `each choice leaves the heir something different: ${[...outcomes].join(' | ')}`);
        checked++;
      }
    }
    const subs = d!.players.map((p, i) => ({ decision: d!.id, player: p, value: rs.validate(g, p, d!.id, botAnswer(g, p, d!.id, rng)).value, order: i }));
    g = rs.resolve(g, subs, rng).state;
  }
  assert.ok(checked > 0, 'a combat was reached');
});

test('a hand-made answer of the wrong shape is refused in the player\'s words, French and English (no English word in the French)', () => {
  const rng = createRng('wk-forms-shape', 'bots');
  let g: WkGame = rs.setup({ players: 3, length: 8 }, rng);
  for (let steps = 0; steps < 200 && rs.decisions(g)[0]!.kind !== 'place-stronghold'; steps++) {
    const [d] = rs.decisions(g);
    const subs = d!.players.map((x, i) => ({ decision: d!.id, player: x, value: rs.validate(g, x, d!.id, botAnswer(g, x, d!.id, rng)).value, order: i }));
    g = rs.resolve(g, subs, rng).state;
  }
  const [d] = rs.decisions(g);
  assert.equal(d!.kind, 'place-stronghold', 'the strongholds are placed');
  const v = rs.validate(g, d!.players[0]!, d!.id, 42);
  assert.equal(v.value, null);
  assert.deepEqual(v.issues[0]!.text, { fr: 'Réponse mal formée : une région.', en: 'Malformed answer: a region.' });
});
