/**
 * Issue 17 §2: the prose lint over a few hundred generated reports in both languages (8 Kings,
 * 16 turns: 128 reports per language). The long run, 500 reports per language, is
 * `node --import tsx scripts/ak-prose-lint.ts` (its result is in the README).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, reportsOf, type Report } from './prose-lint.ts';

const reports = reportsOf(8, 16, ['prose-lint']);

test('the lint reads enough: a few hundred reports, battles and encounters among them', () => {
  assert.ok(reports.length >= 200, `${reports.length} reports`);
  const kinds = new Set(reports.flatMap((r) => r.lines.map((l) => l.t)));
  for (const k of ['battle', 'battle-column', 'enc-hit', 'enc-miss', 'training-year']) assert.ok(kinds.has(k), `no ${k} in the sample`);
});

test('the lint catches each fault it looks for (on planted lines)', () => {
  const r = reports.find((x) => x.lang === 'fr')!;
  const king = r.s.characters[r.s.kingdoms[r.kingdom]!.king]!;
  const wrongTitle = king.sex === 'F' ? `Le Roi ${king.name} est mort.` : `La Reine ${king.name} est morte.`;
  const planted: Report = { ...r, lines: [
    { t: 'x', text: 'On a vu Urzga, au service de le royaume de Torard.' },
    { t: 'x', text: 'Le coup de un personnage inconnu porta.' },
    { t: 'x', text: 'Ils se firent face. un personnage inconnu (n° 10) gagna du terrain.' },
    { t: 'x', text: 'La 164e Phalange chargea.' }, { t: 'x', text: 'Les soldats des 164e Garous hurlèrent.' },
    { t: 'x', text: wrongTitle },
  ] };
  const found = lint(planted).join('\n');
  for (const rule of ['de le / à le', 'de un', 'minuscule', 'unité renommée', 'titre et sexe']) assert.match(found, new RegExp(rule));
  // A pronoun before an infinitive is not an article: « tenta de le frapper » passes.
  assert.deepEqual(lint({ ...r, lines: [{ t: 'x', text: 'Il tenta de le frapper, puis de les disperser.' }] }), []);
});

test('no « de le », « à le », « de un », lower-case sentence start, renamed unit or ruler’s title against the ruler’s sex', () => {
  const bad = reports.flatMap(lint);
  assert.deepEqual(bad.slice(0, 15), [], `${bad.length} faults`);
});
