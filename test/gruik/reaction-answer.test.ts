/**
 * Rules §5.6, the reaction window answered without JSON (src/rulesets/gruik/reaction-answer.ts):
 * the guided form offers each force that may react with the provinces the referee accepts; every
 * line it writes validates and comes back in the form (`formValues`) as the same answer; the text
 * line reads in English and French (`react A1 to coudre`, `reagir A1 vers coudre`, `none`,
 * `default`), and a bad line is refused part by part in both languages; the JSON of the API still
 * reads, and a reaction sent as a line moves the army at S4.3.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, submit, type GameRecord } from '../../src/engine/game.ts';
import { canonicalJson } from '../../src/engine/hash.ts';
import { formLine, isError, type FormEntry } from '../../src/engine/ruleset.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikGame } from '../../src/rulesets/gruik/flow.ts';

type G = GameRecord<GruikGame>;
const D = 'reaction:elves';

/** The elves' reaction window: the dwarves march on Tourbière (as flow.test.ts). */
function windowGame(): G {
  let g = createGame(gruik, { players: 2, gm: false, seasons: 2 }, 'r0');
  g = submit(gruik, g, 'dwarves', 'orders', { moves: [{ force: 'dwarves:A1', path: ['marche', 'tourbe'] }] }).game;
  g = advance(gruik, g, { useDefaults: true });
  assert.deepEqual(gruik.decisions(g.state).map((d) => d.id), [D]);
  return g;
}
const check = (g: G, answer: unknown) => gruik.validate(g.state, 'elves', D, answer);

/** Each option of each field alone, then every field at its first option (the form's lines). */
function lines(e: FormEntry): string[] {
  if (!e.fields.length) return [e.code];
  const out = new Set<string>();
  for (const f of e.fields) if (f.kind === 'choice') for (const o of f.options) out.add(formLine(e, { [f.name]: o.value })!);
  out.add(formLine(e, Object.fromEntries(e.fields.map((f) => [f.name, f.kind === 'choice' ? f.options[0]!.value : '']))!)!);
  out.add(formLine(e, {})!); // every field left empty: `react` alone, no reaction
  return [...out];
}

test('§5.6 the form offers the forces that may react and only provinces the referee accepts; every line comes back in the form as the same answer', () => {
  const g = windowGame();
  for (const lang of ['en', 'fr'] as const) {
    const form = gruik.answerForm!(g.state, 'elves', D, lang);
    const entries = form.groups.flatMap((x) => x.entries);
    assert.deepEqual(entries.map((e) => e.code), ['react', 'none', 'default'], 'react, none, default (codes the same in both languages)');
    const react = entries[0]!;
    assert.ok(react.fields.length >= 1 && react.fields.every((f) => f.kind === 'choice' && f.optional && f.options.length > 0), 'one optional field a force, each with its provinces');
    assert.match(react.fields[0]!.label, lang === 'fr' ? /^A1 \(armée, \d+ AP, à / : /^A1 \(army, \d+ AP, in /);
    let n = 0;
    for (const e of entries) for (const line of lines(e)) {
      const v = check(g, line);
      assert.deepEqual(v.issues.filter(isError), [], `«${line}» is accepted`);
      const back = gruik.formValues!(g.state, 'elves', D, v.value);
      assert.ok(back, `«${line}» comes back in the form`);
      const again = check(g, formLine(entries.find((x) => x.code === back!.code)!, back!.values));
      assert.equal(canonicalJson(again.value), canonicalJson(v.value), `«${line}» reads back the same`);
      n++;
    }
    assert.ok(n >= 4, `${n} lines checked`);
  }
  // the options are the referee's: a province not offered to A1 is refused
  const form = gruik.answerForm!(g.state, 'elves', D, 'en');
  const a1 = form.groups[0]!.entries[0]!.fields.find((f) => f.name === 'A1')!;
  const offered = a1.kind === 'choice' ? a1.options.map((o) => o.value) : [];
  const others = g.state.gruik.map.provinces.map((p) => p.id).filter((p) => !offered.includes(p));
  for (const p of others) assert.ok(check(g, `react A1 to ${p}`).issues.some(isError), `A1 to ${p}, not offered, is refused`);
});

test('§5.6 the line in English and French, names and accents as typed; none, default; the stored answer told back in words', () => {
  const g = windowGame();
  const move = [{ force: 'elves:A1', path: ['coudre'] }];
  for (const line of ['react A1 to coudre', 'reagir A1 vers coudre', 'Réagir a1 vers Coudraie', 'react A1 coudre', 'A1 to coudre']) assert.deepEqual(check(g, line), { value: move, issues: [] }, line);
  for (const line of ['none', 'aucune', 'react']) assert.deepEqual(check(g, line).value, [], line);
  for (const line of ['default', 'defaut']) assert.equal(check(g, line).value, 'default', line);
  assert.equal(gruik.answerText!(g.state, 'elves', D, move), 'react A1 to coudre');
  assert.equal(gruik.answerText!(g.state, 'elves', D, []), 'none');
  assert.equal(gruik.describeAnswer!(g.state, 'elves', D, move, 'fr'), 'A1 → Coudraie');
  assert.equal(gruik.describeAnswer!(g.state, 'elves', D, 'default', 'en'), 'your standing reaction policy');
  assert.equal(gruik.describeAnswer!(g.state, 'elves', D, [], 'fr'), 'pas de réaction');
});

test('§5.6 a bad line is refused part by part, in English and French; another’s force reads as no force (fog)', () => {
  const g = windowGame();
  const issues = (line: string) => check(g, line).issues.filter(isError);
  const unknown = issues('react A7 to coudre')[0]!;
  assert.match(unknown.text!.en, /unknown force "A7"/);
  assert.match(unknown.text!.fr, /force inconnue « A7 »/);
  const place = issues('react A1 to nowhere')[0]!;
  assert.match(place.text!.en, /^A1: unknown province "nowhere"/);
  assert.match(place.text!.fr, /^A1 : province inconnue « nowhere »/);
  const missing = issues('react A1 to')[0]!;
  assert.match(missing.text!.en, /A1: the province to react into is missing/);
  assert.match(missing.text!.fr, /A1 : il manque la province où réagir/);
  const far = issues('react A1 to rives')[0]!;
  assert.ok(far.text!.en.startsWith('A1: ') && far.text!.fr.startsWith('A1 : '), 'the rules’ refusal named by its force, in both languages');
  assert.match(issues('react A1 to coudre, A1 to hautval')[0]!.text!.en, /A1: a force reacts once/);
  for (const line of ['react dwarves:A1 to marche', 'react trolls:A9 to marche']) {
    const i = issues(line)[0]!;
    assert.match(i.text!.en, /^unknown force "(dwarves:A1|trolls:A9)"/, 'another’s force and no force read alike');
    assert.ok((i.candidates ?? []).every((c) => !c.includes('dwarves')), 'the suggestions are the player’s own forces');
  }
  assert.ok(issues('').length && issues('"react').length, 'an empty or broken line is refused');
});

test('§5.6 the JSON of the API and bots still reads; a reaction sent as a line moves the army at S4.3', () => {
  let g = windowGame();
  assert.deepEqual(check(g, JSON.stringify([{ force: 'elves:A1', path: ['coudre'] }])).value, [{ force: 'elves:A1', path: ['coudre'] }]);
  assert.deepEqual(check(g, [{ force: 'elves:A1', path: ['coudre'] }]).issues, []);
  g = submit(gruik, g, 'elves', D, 'reagir A1 vers coudre').game;
  g = advance(gruik, g, { useDefaults: false });
  assert.equal(g.state.gruik.armies['elves:A1']!.location, 'coudre');
});
