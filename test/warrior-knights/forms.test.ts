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
  for (const k of ['place-stronghold', 'use-card', 'draft-pick', 'commit-votes', 'order-of-business', 'launch-expedition'] as const) assert.ok((all[k] ?? 0) > 0, `${k} has a form (${JSON.stringify(all)})`);
  assert.ok((all['secret-allocation'] ?? 0) + (all['commit-votes'] ?? 0) > 0, 'votes have a form');
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
