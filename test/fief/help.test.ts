/**
 * Fief's help (help/index.ts, the Ruleset's `help`): the rules pages in both languages with the same
 * ids and the first-turn guide among them, every page worth reading and every number filled from
 * the constants; the decision reference has one entry per question the flow can ask (FLOW_KINDS),
 * each example accepted by the answer checker where it can be checked alone, then every free action
 * the forms offer; the glossary names the deadline classes and the codes the pages show.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGS } from '../../src/engine/ruleset.ts';
import { fief } from '../../src/rulesets/fief/index.ts';
import { FLOW_KINDS } from '../../src/rulesets/fief/flow.ts';
import { freeActionsOf } from '../../src/rulesets/fief/free.ts';
import { HELP_ACTION_IDS, QUESTIONS } from '../../src/rulesets/fief/help/index.ts';
import { DEFAULT_CONFIG } from '../../src/rulesets/fief/constants.ts';
import { markdownHtmlString } from '../../src/platform/http/markdown.ts';
import { addLord, given, giveTitles, marry } from './fixture.ts';

const help = fief.help!;

test('the rules pages exist in both languages, the same ids, the first-turn guide among them, every figure filled', () => {
  const fr = help('fr'), en = help('en');
  assert.deepEqual(fr.pages.map((p) => p.id), en.pages.map((p) => p.id));
  assert.ok(fr.pages.length >= 6, 'several pages');
  assert.equal(fr.firstTurn, 'first-turn');
  assert.ok(fr.pages.some((p) => p.id === fr.firstTurn));
  for (const b of [fr, en]) for (const p of b.pages) {
    assert.ok(p.title && p.markdown.length > 400, `${p.id}: a page worth reading`);
    assert.doesNotMatch(p.markdown, /\{\w+\}|undefined|NaN/, `${p.id}: every figure filled in`);
    const html = markdownHtmlString(p.markdown);
    assert.ok(html.length > 300 && !/<script/i.test(html), `${p.id}: renders`);
  }
  assert.match(fr.pages.find((p) => p.id === 'overview')!.markdown, new RegExp(`${DEFAULT_CONFIG.victory.soloVp} PV`), 'numbers from the constants');
  assert.notEqual(fr.pages[0]!.markdown, en.pages[0]!.markdown);
});

test('the decision reference: one entry per question the flow asks, then every free action, complete in both languages', () => {
  for (const lang of LANGS) {
    const entries = help(lang).orders.entries;
    for (const k of FLOW_KINDS) assert.ok(QUESTIONS[k], `${k}: a row in the reference`);
    assert.deepEqual(entries.slice(0, FLOW_KINDS.length).map((e) => e.code), [...FLOW_KINDS]);
    assert.deepEqual(entries.slice(FLOW_KINDS.length).map((e) => e.code), HELP_ACTION_IDS);
    for (const e of entries) assert.ok(e.label && e.syntax && e.when && e.summary && e.example, `${lang} ${e.code}: complete`);
  }
  // Every free action a player may be offered is in the reference.
  const s = given(4, 'help-actions');
  const pope = addLord(s, 'P1', 'M'); giveTitles(s, pope, 'BISHOP:1', 'POPE');
  const a = addLord(s, 'P1', 'F'); marry(s, a, s.families['P2']!.lords[0]!);
  const ids = freeActionsOf({ fief: s, flow: { stage: 'turn', step: '4.B', answers: {}, current: null, asked: {}, maxTurns: 0 } }, 'P1', 'en').map((x) => x.id);
  for (const id of ids) assert.ok(HELP_ACTION_IDS.includes(id), `${id} in the reference`);
});

test('the glossary names the deadline classes and the cards’ signs, in both languages', () => {
  for (const lang of LANGS) {
    const terms = help(lang).glossary.flatMap((g) => g.entries.flatMap((e) => e.term.split(/\s*,\s*/)));
    for (const t of ['TURN', 'REPLY', 'BATTLE', 'HOLD', '♦', '⚡', '#n']) assert.ok(terms.includes(t), `${lang}: ${t}`);
    for (const g of help(lang).glossary) for (const e of g.entries) assert.ok(e.meaning.length > 3, `${lang} ${e.term}`);
  }
});
