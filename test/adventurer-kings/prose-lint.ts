/**
 * The prose lint of the Adventurer Kings chronicle (issue 17 §2), shared by the quick test
 * (prose-lint.test.ts, a few hundred reports) and the long run (scripts/ak-prose-lint.ts, 500
 * reports per language). It reads every event each kingdom receives, rendered as the report
 * renders it (`renderEvent`, no pass over the text afterwards), and reports:
 *  - French « de le », « à le », « de les », « à les » before a noun, « de un(e) », « de » before
 *    a name opening with a vowel (« de Eliel »), and a straight apostrophe between two letters;
 *  - a sentence that opens in lower case (« … face. un personnage inconnu »), in either language;
 *  - a unit renamed: in one report, the same army number named by two unit types;
 *  - a ruler's title that does not agree with the ruler's sex (« Le Roi Eleara », « (Roi 3) » while
 *    a Queen reigns, "King Eleara").
 */
import type { AKEvent } from '../../src/rulesets/adventurer-kings/events.ts';
import type { AKState } from '../../src/rulesets/adventurer-kings/state.ts';
import { renderEvent } from '../../src/rulesets/adventurer-kings/report/messages.ts';
import { makeEnv } from '../../src/rulesets/adventurer-kings/report/env.ts';
import { ARMY_TYPE_NAMES } from '../../src/rulesets/adventurer-kings/report/names.ts';
import { simulateBots } from './fixture.ts';

export interface Report { seed: string; turn: number; kingdom: number; lang: 'fr' | 'en'; lines: { t: string; text: string }[]; s: AKState }

/** Every kingdom's report of every turn of bot games, in both languages. */
export function reportsOf(players: number, turns: number, seeds: string[]): Report[] {
  const out: Report[] = [];
  for (const seed of seeds) {
    const { states, steps } = simulateBots(players, turns, seed);
    states.forEach((s, i) => {
      for (const k of Object.keys(s.kingdoms).map(Number).sort((a, b) => a - b)) {
        for (const lang of ['fr', 'en'] as const) {
          const env = makeEnv(s, k, lang);
          const lines = (steps[i] as AKEvent[]).filter((e) => e.to.includes(k)).map((e) => ({ t: e.t, text: renderEvent(e, env) })).filter((l) => l.text);
          out.push({ seed, turn: i + 1, kingdom: k, lang, lines, s });
        }
      }
    });
  }
  return out;
}

const NOUN = String.raw`(?!\p{Ll}+(?:er|ir|re|oir)(?!\p{L}))`;
const FR_RULES: [string, RegExp][] = [
  ['de le / à le', new RegExp(String.raw`(?<!\p{L})(?:[Dd]e|[Àà]) les? ${NOUN}`, 'u')],
  ['de un', /(?<!\p{L})[Dd]e une?(?!\p{L})/u],
  ['de + voyelle', /(?<!\p{L})[Dd]e [AEIOUYÉÈÊ]\p{Ll}/u],
  ['apostrophe droite', /\p{L}'\p{L}/u],
];
const LOWER_START = /^\p{Ll}|[.!?]\s+\p{Ll}/u;

/** The type names of one language, longest first (« Cavalerie légère » before « Cavalerie »). */
function unitPattern(lang: 'fr' | 'en'): RegExp {
  const names = [...new Set(Object.values(ARMY_TYPE_NAMES).map((n) => n[lang]))].sort((a, b) => b.length - a.length);
  const ord = lang === 'fr' ? '(?:e|re|er)' : '(?:st|nd|rd|th)';
  return new RegExp(String.raw`(?<!\d)(\d+)${ord} (${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?!\p{L})`, 'gu');
}
const UNITS = { fr: unitPattern('fr'), en: unitPattern('en') };

/** The faults of one report, each as `rule: excerpt`. */
export function lint(r: Report): string[] {
  const bad: string[] = [];
  const where = `${r.seed} t${r.turn} k${r.kingdom} ${r.lang}`;
  const excerpt = (text: string, i: number) => text.slice(Math.max(0, i - 50), i + 50);
  const named = new Map<string, Set<string>>();
  // Titles: every character's name → the sexes it is borne by (names may repeat across kingdoms).
  const sexes = new Map<string, Set<string>>();
  for (const c of Object.values(r.s.characters)) sexes.set(c.name, (sexes.get(c.name) ?? new Set()).add(c.sex));
  const [male, female] = r.lang === 'fr' ? ['Roi', 'Reine'] : ['King', 'Queen'];
  const titled = new RegExp(String.raw`(?<!\p{L})(${male}|${female}) (\p{Lu}[\p{L}’'-]+)`, 'gu');
  const numbered = new RegExp(String.raw`\((${male}|${female}) (\d+)\)`, 'g');
  for (const { t, text } of r.lines) {
    if (r.lang === 'fr') {
      for (const [rule, re] of FR_RULES) {
        const m = re.exec(text);
        if (m) bad.push(`${where} [${t}] ${rule}: ${excerpt(text, m.index)}`);
      }
    }
    const low = LOWER_START.exec(text);
    if (low) bad.push(`${where} [${t}] minuscule en début de phrase: ${excerpt(text, low.index)}`);
    for (const m of text.matchAll(UNITS[r.lang])) named.set(m[1]!, (named.get(m[1]!) ?? new Set()).add(m[2]!));
    for (const m of text.matchAll(titled)) {
      const s = sexes.get(m[2]!);
      if (s && s.size === 1 && s.has(m[1] === male ? 'F' : 'M')) bad.push(`${where} [${t}] titre et sexe: ${excerpt(text, m.index!)}`);
    }
    for (const m of text.matchAll(numbered)) {
      const king = r.s.characters[r.s.kingdoms[Number(m[2])]?.king ?? -1];
      if (king && (king.sex === 'F') !== (m[1] === female)) bad.push(`${where} [${t}] titre et sexe: ${excerpt(text, m.index!)}`);
    }
  }
  for (const [id, names] of named) if (names.size > 1) bad.push(`${where} unité renommée: n° ${id} nommée ${[...names].join(' / ')}`);
  return bad;
}
