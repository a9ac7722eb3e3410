/** The guided order form writes lines the referee accepts. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gloireEtPouvoir } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import { parseSheet } from '../../src/rulesets/gloire-et-pouvoir/orders/parse.ts';
import { addGarrison, addKnight, home, relate, scenario } from './harness.ts';

/** The line a user interface writes from a filled entry (as documented on AnswerForm). */
function lineOf(code: string, values: string[]): string {
  return [code, ...values.filter((v) => v !== '').map((v) => (/\s/.test(v) ? `"${v}"` : v))].join(' ');
}

test('every entry of the order form, filled with each offered option, gives a line the parser accepts', () => {
  const s = scenario(['Hawkmoon', 'Jon Snow', 'Amaréthuse']);
  home(s, 'L1', 'narvik', 'vadvet-jakko');
  home(s, 'L2', 'kymia');
  home(s, 'L3', 'dolon');
  addKnight(s, 'L1', { name: 'Gauvain le Preux', renown: 90, location: 'vadvet-jakko', men: 500 });
  addKnight(s, 'L2', { name: 'Gauvain le Preux', renown: 70, location: 'kymia', men: 300 });
  addGarrison(s, 'L1', 'narvik', 200);
  relate(s, 'L1', 'L2', 'alliance');
  for (const lang of ['fr', 'en'] as const) {
    const form = gloireEtPouvoir.answerForm!(s, 'L1', 'orders', lang);
    assert.deepEqual(form.groups.map((g) => Number(g.title.split('.')[0])), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16]);
    let lines = 0;
    for (const g of form.groups) {
      for (const e of g.entries) {
        const maxOptions = Math.max(1, ...e.fields.map((f) => (f.kind === 'choice' ? f.options.length : 1)));
        for (let i = 0; i < maxOptions; i++) {
          const values = e.fields.map((f) => (f.kind === 'choice' ? f.options[i % Math.max(1, f.options.length)]?.value ?? '' : f.kind === 'integer' ? String(Math.max(f.min ?? 0, Math.min(f.max ?? 1000, 2))) : 'secret'));
          if (e.fields.some((f) => f.kind === 'choice' && !f.optional && f.options.length === 0)) continue;
          const text = lineOf(e.code, values);
          const { issues } = parseSheet(s, 'L1', text);
          assert.deepEqual(issues, [], `${text}`);
          lines++;
        }
      }
    }
    assert.ok(lines > 40);
  }
});

test('the form offers only the lord\'s own knights, armies and territories', () => {
  const s = scenario(['Hawkmoon', 'Jon Snow']);
  home(s, 'L1', 'narvik');
  home(s, 'L2', 'kymia');
  const form = gloireEtPouvoir.answerForm!(s, 'L1', 'orders', 'en');
  const imp = form.groups.flatMap((g) => g.entries).find((e) => e.code === 'IMP')!;
  const terr = imp.fields.find((f) => f.name === 'territory')!;
  assert.ok(terr.kind === 'choice');
  assert.deepEqual(terr.options.map((o) => o.value), ['Narvik']);
  const att = form.groups.flatMap((g) => g.entries).find((e) => e.code === 'ATT')!;
  const k = att.fields[0]!;
  assert.ok(k.kind === 'choice' && k.options.every((o) => o.value === 'Hawkmoon'));
});
