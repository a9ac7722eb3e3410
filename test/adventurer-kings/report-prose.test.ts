/**
 * The prose of the turn reports reads like a book, not a log (G-98, S8.6 tone): checked on every
 * kingdom's report of a simulated bot game, in French and English, and on hand-built battle
 * columns. A regression of any of these fails here:
 *  - the same sentence twice in a row in a paragraph;
 *  - `undefined`, `NaN`, `[object Object]`, `null` or a `{placeholder}` in a report;
 *  - English words or raw codes (Human, Good, Cautious, Plain, Forest, "en Me"…) in French prose;
 *  - « en Zanost (601) » instead of « à Zanost (601) »;
 *  - neighbouring columns of one battle told in the same words;
 *  - broken agreement of army names (« les 186e Archers fut », "the 186th Archers was").
 */
import { test } from 'node:test';
import { simulateBots } from './fixture.ts';
import assert from 'node:assert/strict';
import type { AKEvent } from '../../src/rulesets/adventurer-kings/events.ts';
import { renderEvent } from '../../src/rulesets/adventurer-kings/report/messages.ts';
import { makeEnv } from '../../src/rulesets/adventurer-kings/report/env.ts';
import { pronouns, renderReport } from '../../src/rulesets/adventurer-kings/report/render.ts';
import { agreeFr, atPlace, theArmy } from '../../src/rulesets/adventurer-kings/report/names.ts';
import { fixture } from './report-fixture.ts';

const { states, steps } = simulateBots(6, 5, 'report-prose');

/** Every report of the game: kingdom × turn × language. */
const reports: { k: number; turn: number; lang: 'fr' | 'en'; text: string }[] = [];
states.forEach((s, i) => {
  for (const k of Object.keys(s.kingdoms).map(Number).sort((a, b) => a - b)) {
    for (const lang of ['fr', 'en'] as const) reports.push({ k, turn: i + 1, lang, text: renderReport(s, steps[i]!, s.kingdoms[k]!.player, lang) });
  }
});

/** The prose of a report: without its tables, its order-sheet stub and its headings. */
function prose(text: string): string[] {
  const body = text.replace(/```[\s\S]*?```/g, '');
  return body.split(/\n\n+/).map((p) => p.split('\n').filter((l) => !l.startsWith('|') && !l.startsWith('#')).join(' ')).filter(Boolean);
}
const sentences = (para: string): string[] => para.split(/(?<=[.!?])\s+(?=[A-ZÀ-ÖØ-Þ«*-])/u).map((x) => x.trim()).filter(Boolean);

test('a simulated game yields reports with battles and encounters to check', () => {
  const all = steps.flat().map((e) => e.t);
  assert.ok(all.includes('battle-column'), 'no battle in the simulated game');
  assert.ok(reports.length >= 12);
});

test('no report carries undefined, NaN, [object Object], null or a {placeholder}', () => {
  const bad = reports.filter((r) => /undefined|\[object Object\]|\bNaN\b|\bnull\b|\{\w+\}/.test(r.text));
  assert.deepEqual(bad.map((r) => `${r.k}/${r.turn}/${r.lang}: ${/.{0,60}(undefined|\[object Object\]|\bNaN\b|\bnull\b|\{\w+\}).{0,60}/.exec(r.text)?.[0]}`), []);
});

test('no sentence appears twice in a row in a paragraph of any report', () => {
  const bad: string[] = [];
  for (const r of reports) {
    for (const para of prose(r.text)) {
      const ss = sentences(para);
      for (let i = 1; i < ss.length; i++) if (ss[i] === ss[i - 1]) bad.push(`${r.k}/${r.turn}/${r.lang}: ${ss[i]}`);
    }
  }
  assert.deepEqual(bad.slice(0, 10), []);
});

const ENGLISH_IN_FRENCH = /\b(Human|Humans|Elf|Elves|Dwarf|Dwarves|Good|Evil|Undead|Pagan|Druid|Cautious|Cowardly|Plain|Forest|Mountain|Desert|Tactics|Melee|Archery|Necromancy|Explorer|Thief|Garrison|Legion|Phalanx|Cavalry|Axemen|Spring|Summer|Autumn|Winter|the|and|with|was|were)\b/;
const RAW_TALENT = /\ben (Ta|Ma|Na|Ar|Me|Wh|Ps|Il|El|Ne|Sa|Dr|Sp|Ex|Th)\b/;

test('French reports: no English words, no raw talent codes, « à » before a named province', () => {
  const bad: string[] = [];
  for (const r of reports.filter((x) => x.lang === 'fr')) {
    for (const para of prose(r.text)) {
      // An order quoted back to the player (« PR Dr ») is his own text, not prose.
      const text = para.replace(/« [^»]*»/g, '« … »');
      const m = ENGLISH_IN_FRENCH.exec(text) ?? RAW_TALENT.exec(text) ?? /\ben \p{Lu}[\p{L}’'-]+ \(\d+\)/u.exec(text);
      if (m) bad.push(`${r.k}/${r.turn}: «${m[0]}» in ${text.slice(Math.max(0, m.index - 60), m.index + 60)}`);
    }
  }
  assert.deepEqual(bad.slice(0, 10), []);
});

test('neighbouring columns of one battle are never told in the same words', () => {
  const bad: string[] = [];
  steps.forEach((events, i) => {
    const s = states[i]!;
    const byBattle = new Map<number, AKEvent[]>();
    for (const e of events.filter((x) => x.t === 'battle-column')) byBattle.set(Number(e.battle), [...(byBattle.get(Number(e.battle)) ?? []), e]);
    for (const cols of byBattle.values()) {
      for (const lang of ['fr', 'en'] as const) {
        const env = makeEnv(s, cols[0]!.to[0]!, lang);
        // Each column without its armies' names and its place on the front: only the wording is left.
        const shape = (e: AKEvent) => {
          let t = renderEvent(e, env).replace(/^[^,]*, /, '');
          for (const r of [...(e.a as { id: number; type: string }[]), ...(e.d as { id: number; type: string }[])]) t = t.split(theArmy(r.id, r.type, lang)).join('X');
          return t.replace(/\d+(e|er|re|st|nd|rd|th)\b/g, 'N');
        };
        for (let c = 1; c < cols.length; c++) if (shape(cols[c]!) === shape(cols[c - 1]!)) bad.push(`${lang}: ${renderEvent(cols[c]!, env)}`);
      }
    }
  });
  assert.deepEqual(bad.slice(0, 5), []);
});

test('battle columns agree with the armies’ names in number and gender, whatever the wording', () => {
  const s = fixture();
  const fr = makeEnv(s, 1, 'fr'), en = makeEnv(s, 1, 'en');
  assert.equal(theArmy(186, 'BO', 'fr'), 'les 186e Archers');
  assert.equal(theArmy(194, 'PH', 'fr'), 'la 194e Phalange');
  assert.equal(agreeFr('repoussé', ['BO']), 'repoussés');
  assert.equal(agreeFr('repoussé', ['PH']), 'repoussée');
  assert.equal(agreeFr('anéanti', ['PH', 'LE']), 'anéanties');
  assert.equal(atPlace('Zanost (601)', 'fr'), 'à Zanost (601)');
  assert.equal(atPlace('601', 'fr'), 'dans la province 601');
  const seen = new Set<string>();
  for (let battle = 1; battle <= 24; battle++) {
    for (const [A, D] of [['BO', 'AX'], ['PH', 'LE']] as const) {
      for (const winner of ['A', 'D']) {
        for (const p of [0.1, 0.5, 0.9]) {
          const e: AKEvent = { t: 'battle-column', phase: 2, to: [1], at: 306, battle, col: battle % 3, of: 3, winner, p, a: [{ id: 186, type: A, line: 0 }, { id: 187, type: A, line: 1 }], d: [{ id: 26, type: D, line: 0 }], sa: [], sd: [] };
          const f = renderEvent(e, fr), g = renderEvent(e, en);
          seen.add(f.replace(/^[^,]*, /, ''));
          if (A === 'BO') {
            assert.doesNotMatch(f, /(Archers|Hacheurs) (fut|fit|marcha|tint|prit|enfonça|balaya|plia|céda|semblait|attendait|soutenait|formait|rejeta|décida|se battit|ne put)\b/, f);
            assert.doesNotMatch(f, /\ble (\d+e) (Archers|Hacheurs)/, f);
            assert.doesNotMatch(g, /(Archers|Axemen) was\b/, g);
          } else {
            assert.doesNotMatch(f, /(Phalange|Légion) (furent|firent|tinrent|prirent|semblaient)\b/, f);
            assert.doesNotMatch(f, /repoussé(?![es])|promis(?![es])/, f);
          }
        }
      }
    }
  }
  assert.ok(seen.size > 12, 'column narratives vary');
});

test('a character’s paragraph uses a pronoun when two sentences in a row open with his name', () => {
  assert.equal(pronouns('Brommund s’approcha de Thalval. Brommund refusa d’affronter la Vouivre.', 'Brommund', false, 'fr'), 'Brommund s’approcha de Thalval. Il refusa d’affronter la Vouivre.');
  assert.equal(pronouns('Eleara rode. Eleara fought. Eleara won.', 'Eleara', true, 'en'), 'Eleara rode. She fought. Eleara won.');
  assert.equal(pronouns('The Troll struck Kroolka. Kroolka dodged.', 'Kroolka', false, 'en'), 'The Troll struck Kroolka. Kroolka dodged.');
});

test('a random encounter is told once, not twice (random-encounter, then enc-start)', () => {
  const s = fixture();
  for (const lang of ['fr', 'en'] as const) {
    const env = makeEnv(s, 1, lang);
    const start = renderEvent({ t: 'enc-start', phase: 2, to: [1], at: 306, cause: 'random', a: { kind: 'monster', id: 0, name: 'Ogre' }, b: { kind: 'character', id: 2, name: 'x' } }, env);
    assert.equal(start, '');
    const adv = [1, 2].map((range) => renderEvent({ t: 'enc-advance', phase: 2, to: [1], at: 306, c: { kind: 'monster', id: 0, name: 'Ogre' }, range, round: 1 }, env));
    assert.notEqual(adv[0], adv[1]);
    assert.doesNotMatch(adv.join(' '), /undefined|\?/);
  }
});
