/**
 * Gloire & Pouvoir's help (issue 13 §5): the order reference covers the parser's whole order table,
 * every example is accepted by the referee's own validation, every common mistake shown is refused
 * with the message shown; the rules pages exist in both languages with the same ids; the glossary
 * names every order code and every short code the lord's pages show.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGS } from '../../src/engine/ruleset.ts';
import { gloireEtPouvoir } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import { helpSample } from '../../src/rulesets/gloire-et-pouvoir/help/index.ts';
import { ORDER_CODES } from '../../src/rulesets/gloire-et-pouvoir/orders/types.ts';

const help = gloireEtPouvoir.help!;

test('the order reference has every order of the parser’s table, with its syntax, phase and an example', () => {
  for (const lang of LANGS) {
    const entries = help(lang).orders.entries;
    assert.deepEqual(entries.map((e) => e.code), [...ORDER_CODES], `${lang}: one entry per order, in the table's order`);
    for (const e of entries) {
      assert.ok(e.example.startsWith(e.code), `${lang} ${e.code}: an example of the order`);
      assert.match(e.when, /^Phase \d+/, `${lang} ${e.code}: its phase`);
      assert.ok(e.syntax.startsWith(e.code) && e.label && e.summary, `${lang} ${e.code}: syntax, label and summary`);
    }
  }
});

test('every example of the reference is accepted by the referee, every mistake refused with the message shown', () => {
  const { state, lord } = helpSample();
  for (const lang of LANGS) {
    for (const e of help(lang).orders.entries) {
      const ok = gloireEtPouvoir.validate(state, lord, 'orders', e.example);
      assert.deepEqual(ok.issues, [], `${lang} ${e.code}: "${e.example}" is accepted`);
      assert.equal((ok.value as { lines: unknown[] }).lines.length, 1, `${lang} ${e.code}: one order`);
      for (const m of e.errors) {
        const bad = gloireEtPouvoir.validate(state, lord, 'orders', m.line);
        assert.ok(bad.issues.length > 0, `${lang} ${e.code}: "${m.line}" is refused`);
        assert.equal(bad.issues[0]!.text?.[lang], m.message, `${lang} ${e.code}: the message shown is the referee's`);
      }
    }
  }
  assert.ok(help('fr').orders.entries.filter((e) => e.errors.length > 0).length >= ORDER_CODES.length - 1, 'nearly every order shows a common mistake');
});

test('the rules pages exist in both languages, with the same ids, and the first-turn guide among them', () => {
  const fr = help('fr');
  const en = help('en');
  assert.deepEqual(fr.pages.map((p) => p.id), en.pages.map((p) => p.id));
  assert.ok(fr.pages.length >= 5, 'several pages');
  assert.ok(fr.pages.some((p) => p.id === fr.firstTurn));
  for (const b of [fr, en]) {
    for (const p of b.pages) {
      assert.ok(p.title && p.markdown.length > 400, `${p.id}: a page worth reading`);
      assert.doesNotMatch(p.markdown, /\$\{|undefined|NaN/, `${p.id}: every figure filled in`);
    }
  }
  assert.match(fr.pages[0]!.markdown, /999/, 'the renown victory of Scandinavia, from the constants table');
});

test('the glossary names every order code, and every short code of the guided form and of the lord’s pages', () => {
  const { state, lord } = helpSample();
  for (const lang of LANGS) {
    const terms = new Set(help(lang).glossary.flatMap((g) => g.entries.flatMap((e) => e.term.split(/\s*[/,]\s*/))));
    for (const c of ORDER_CODES) assert.ok(terms.has(c), `${lang}: ${c} in the glossary`);
    const shown = new Set<string>();
    for (const g of gloireEtPouvoir.answerForm!(state, lord, 'orders', lang).groups) for (const e of g.entries) shown.add(e.code);
    const doc = gloireEtPouvoir.presentView!(state, lord, lang);
    for (const s of doc.sections) {
      const cells = s.kind === 'kv' ? s.rows.flat() : s.kind === 'table' ? [...s.columns, ...s.rows.flat()] : s.bars.map((b) => b.label);
      for (const c of cells) for (const w of c.split(/[\s(),:/]+/)) if (/^[A-Z]{2,5}$/.test(w)) shown.add(w);
    }
    assert.ok(shown.size >= ORDER_CODES.length);
    for (const c of shown) assert.ok(terms.has(c), `${lang}: "${c}", shown on the lord's pages, is in the glossary`);
  }
});
