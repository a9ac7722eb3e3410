/**
 * The text order sheet through the Ruleset (index.ts): the `orders` decision takes a text sheet
 * (one order a line, French or English keywords) with per-line issues, a bad line losing none of
 * the others; a JSON sheet still goes through answers.ts; the stored sheet is shown back as text;
 * the template is the sheet/ one, for the seat's own state only; the decision is a sheet whose guided
 * form (sheetForm) writes only lines the referee accepts, appended to the blank sheet.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGame, submit } from '../../src/engine/game.ts';
import { formLine, isError, type FormEntry } from '../../src/engine/ruleset.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikSheet } from '../../src/rulesets/gruik/sheet-types.ts';
import { sheetForm } from '../../src/rulesets/gruik/sheet/index.ts';

function game() {
  for (let i = 0; i < 20; i++) {
    const g = createGame(gruik, { players: 2, gm: false, seasons: 2 }, `sheet-${i}`);
    if (g.state.flow.phase === 'orders') return g;
  }
  throw new Error('no seed opens with the orders');
}

test('a text sheet: the good lines kept, the bad one refused on its own line in both languages', () => {
  const g = game();
  const v = gruik.validate(g.state, 'elves', 'orders', 'deplacer A1 rives\nmove A1 nowhere-at-all\ndeclare "Paix aux nains"');
  const errs = v.issues.filter(isError);
  assert.ok(errs.length >= 1, 'the bad line is refused');
  assert.ok(errs.every((i) => i.line === 2), `only line 2 is refused: ${JSON.stringify(errs)}`);
  assert.ok(errs[0]!.text?.fr && errs[0]!.text?.en && errs[0]!.text.fr !== errs[0]!.text.en, 'the refusal in French and English');
  const sheet = v.value as GruikSheet;
  assert.deepEqual(sheet.moves?.map((m) => [m.force, m.path.join()]), [['elves:A1', 'rives']], 'the move kept');
  assert.deepEqual(sheet.orders?.declarations, ['Paix aux nains'], 'the declaration kept');
});

test('a stored text sheet reads back as text that gives the same sheet; JSON sheets still accepted', () => {
  const g = game();
  const r = submit(gruik, g, 'elves', 'orders', 'move A1 rives');
  assert.deepEqual(r.validation.issues.filter(isError), [], 'accepted');
  const value = r.validation.value as GruikSheet;
  const text = gruik.answerText!(r.game.state, 'elves', 'orders', value);
  assert.match(text, /A1/, 'the army named in the text');
  assert.deepEqual(gruik.validate(r.game.state, 'elves', 'orders', text).value, value, 'parse(print(sheet)) is the sheet');
  const json = gruik.validate(g.state, 'elves', 'orders', JSON.stringify({ moves: [{ force: 'elves:A1', path: ['rives'] }] }));
  assert.deepEqual(json.issues.filter(isError), [], 'a JSON sheet still accepted');
});

/** Every line one entry can write: each field through each of its choices (the others at their first), integers at both bounds, optional fields left out. */
function entryLines(e: FormEntry): string[] {
  const first: Record<string, string> = {};
  for (const f of e.fields) first[f.name] = f.kind === 'choice' ? f.options[0]?.value ?? '' : f.kind === 'integer' ? String(f.min ?? 1) : 'Vive la forêt';
  const out = [formLine(e, first)];
  for (const f of e.fields) {
    const values = f.kind === 'choice' ? f.options.map((o) => o.value) : f.kind === 'integer' ? [String(f.min ?? 1), String(f.max ?? f.min ?? 1)] : ['Un "mot" \\ #1'];
    for (const v of values) out.push(formLine(e, { ...first, [f.name]: v }));
    if (f.optional) out.push(formLine(e, { ...first, [f.name]: '' }));
  }
  return out.filter((l): l is string => l !== null);
}

test('the orders are a sheet; the template is the seat’s own and its guided form (answerForm) is sheetForm', () => {
  const g = game();
  const d = gruik.decisions(g.state).find((x) => x.id === 'orders');
  assert.equal(d?.sheet, true, 'the orders decision is a text sheet (the prompt page shows its editor)');
  assert.ok(gruik.decisions(g.state).filter((x) => x.id !== 'orders').every((x) => !x.sheet), 'no other decision is a sheet');
  assert.deepEqual(gruik.answerForm!(g.state, 'elves', 'orders', 'fr'), sheetForm(g.state.gruik, 'elves', 'fr'), 'the answerForm of the orders is sheetForm');
  assert.deepEqual(gruik.answerForm!(g.state, 'nobody', 'orders', 'fr').groups, [], 'no form for a non-seat');
  const form = JSON.stringify(gruik.answerForm!(g.state, 'elves', 'orders', 'fr'));
  assert.ok(!form.includes('dwarves:A1'), 'the guided form offers no dwarf force to the elves');
  const template = gruik.orderTemplate!(g.state, 'elves', 'en');
  assert.match(template, /A1/, 'the template lists the elves’ army');
  assert.ok(!template.includes('dwarves:A1'), 'and not the dwarves’');
  assert.equal(gruik.orderTemplate!(g.state, 'nobody', 'en'), '', 'no template for a non-seat');
});

test('forms and the referee agree: every choice of the guided form, appended to the blank sheet as the prompt page does, is accepted by validate', () => {
  const g = game();
  for (const lang of ['fr', 'en'] as const) {
    const template = gruik.orderTemplate!(g.state, 'elves', lang);
    const form = gruik.answerForm!(g.state, 'elves', 'orders', lang);
    let n = 0;
    for (const grp of form.groups) for (const e of grp.entries) for (const line of entryLines(e)) {
      const sheet = `${template.replace(/\s+$/, '')}\n${line}\n`;
      const v = gruik.validate(g.state, 'elves', 'orders', sheet);
      assert.ok(v.value !== null, `${lang} "${line}": a value`);
      assert.deepEqual(v.issues.filter(isError).map((i) => `${i.line}: ${i.text?.[lang] ?? i.message}`), [], `${lang} "${line}" appended is accepted`);
      n++;
    }
    assert.ok(n > 20, `many choices checked (${n})`);
  }
});

test('a line in error is numbered as the player sees it, blank lines above included', () => {
  const g = game();
  const v = gruik.validate(g.state, 'elves', 'orders', '\n\nmove A1 nowhere-at-all\n');
  assert.deepEqual(v.issues.filter(isError).map((i) => i.line), [3], 'the third line');
});
