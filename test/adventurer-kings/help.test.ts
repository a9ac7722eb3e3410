/**
 * Adventurer Kings' help (issue 13 §5): the order reference covers the parser's registry
 * (ORDER_SPECS) and the sheet's other lines, every example is accepted by the referee's own
 * validation, every common mistake shown is refused with the message shown; the rules pages exist
 * in both languages with the same ids; the glossary names every short code the King's pages and
 * guided form show (characteristics, army types, orders, tactics, spells).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGS } from '../../src/engine/ruleset.ts';
import { adventurerKings, validateSheet } from '../../src/rulesets/adventurer-kings/index.ts';
import { helpSample } from '../../src/rulesets/adventurer-kings/help/index.ts';
import { ACTION_CODES } from '../../src/rulesets/adventurer-kings/orders/index.ts';
import { SPELLS } from '../../src/rulesets/adventurer-kings/magic/spells.ts';

const help = adventurerKings.help!;
const playerOf = (kingdom: number) => helpSample().state.kingdoms[kingdom]!.player;

test('the order reference has every order of the parser’s registry, then the sheet’s other lines', () => {
  for (const lang of LANGS) {
    const entries = help(lang).orders.entries;
    assert.deepEqual(entries.slice(0, ACTION_CODES.length).map((e) => e.code), [...ACTION_CODES], `${lang}: one entry per order, in the registry's order`);
    const lines = entries.slice(ACTION_CODES.length).map((e) => e.code);
    for (const kw of lang === 'fr' ? ['PERSO', 'SPECIAL', 'TRAITES', 'RUPTURES', 'VOTE'] : ['CHAR', 'SPECIAL', 'TREATIES', 'BREAKS', 'VOTE']) assert.ok(lines.includes(kw), `${lang}: ${kw}`);
    for (const e of entries) assert.ok(e.example && e.syntax && e.label && e.summary && e.when, `${lang} ${e.code}: complete`);
  }
});

test('every example of the reference is accepted by the referee, every mistake refused with the message shown', () => {
  const { state, kingdom } = helpSample();
  const player = playerOf(kingdom);
  for (const lang of LANGS) {
    for (const e of help(lang).orders.entries) {
      const ok = validateSheet(state, player, e.example);
      assert.deepEqual(ok.issues, [], `${lang} ${e.code}: ${JSON.stringify(e.example)} is accepted`);
      if ((ACTION_CODES as readonly string[]).includes(e.code)) {
        const slots = Object.values(ok.value!.characters).flatMap((c) => c.phases.filter((p) => p !== null));
        assert.deepEqual(slots.map((p) => p!.code), [e.code], `${lang} ${e.code}: the example gives that order`);
      }
      for (const m of e.errors) {
        const bad = adventurerKings.validate(state, player, 'orders', m.line);
        assert.ok(bad.issues.length > 0, `${lang} ${e.code}: ${JSON.stringify(m.line)} is refused`);
        assert.equal(bad.issues[0]!.text?.[lang], m.message, `${lang} ${e.code}: the message shown is the referee's`);
      }
    }
  }
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
});

test('the glossary names every short code the King’s pages and guided form show, and every spell', () => {
  const { state, kingdom } = helpSample();
  const player = playerOf(kingdom);
  for (const lang of LANGS) {
    const terms = new Set(help(lang).glossary.flatMap((g) => g.entries.flatMap((e) => e.term.split(/\s*[/,]\s*/))));
    const shown = new Set<string>();
    // The King's own pages: column heads and cells that are short codes (Ta, Ma… GA, BO…).
    const doc = adventurerKings.presentView!(state, player, lang);
    for (const s of doc.sections) {
      const cells = s.kind === 'kv' ? s.rows.flat() : s.kind === 'table' ? [...s.columns, ...s.rows.flat()] : s.bars.map((b) => b.label);
      for (const c of cells) for (const w of c.split(/[\s(),:/]+/)) if (/^(?:[A-Z][a-z]|[A-Z]{2})$/.test(w)) shown.add(w);
    }
    // The guided form: every order code, and every choice that is a code (army types, characteristics).
    for (const g of adventurerKings.answerForm!(state, player, 'orders', lang).groups) {
      for (const e of g.entries) {
        shown.add(e.code.split(' ').pop()!.replace(/^\d+\./, ''));
        for (const f of e.fields) if (f.kind === 'choice') for (const o of f.options) if (/^(?:[A-Z][a-z]|[A-Z]{2})$/.test(o.value)) shown.add(o.value);
      }
    }
    assert.ok(["Ta", "Ma", "MO", "RE"].every((c) => shown.has(c)), `${lang}: the pages show characteristics and orders (${[...shown].join(' ')})`);
    for (const c of shown) assert.ok(terms.has(c), `${lang}: "${c}", shown on the King's pages, is in the glossary`);
    for (const sp of Object.keys(SPELLS)) assert.ok(terms.has(sp), `${lang}: spell ${sp} in the glossary`);
  }
});
