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
