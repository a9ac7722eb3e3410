/**
 * The text order sheet through the Ruleset (index.ts): the `orders` decision takes a text sheet
 * (one order a line, French or English keywords) with per-line issues, a bad line losing none of
 * the others; a JSON sheet still goes through answers.ts; the stored sheet is shown back as text;
 * the template is the sheet/ one, for the seat's own state only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGame, submit } from '../../src/engine/game.ts';
import { isError } from '../../src/engine/ruleset.ts';
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

test('the template is the seat’s own; the guided form is not the prompt page’s (one entry would replace the whole sheet)', () => {
  const g = game();
  assert.equal(gruik.answerForm, undefined, 'no answerForm: the prompt page keeps its text answer');
  const form = JSON.stringify(sheetForm(g.state.gruik, 'elves', 'fr'));
  assert.ok(!form.includes('dwarves:A1'), 'the guided form offers no dwarf force to the elves');
  const template = gruik.orderTemplate!(g.state, 'elves', 'en');
  assert.match(template, /A1/, 'the template lists the elves’ army');
  assert.ok(!template.includes('dwarves:A1'), 'and not the dwarves’');
  assert.equal(gruik.orderTemplate!(g.state, 'nobody', 'en'), '', 'no template for a non-seat');
});
