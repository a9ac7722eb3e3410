/**
 * The "Free-form Personal Motions" variant (rules §7.4, §5.5; host option
 * `options.freeFormMotions`, off by default). The rules let experienced players propose "other
 * personal motions (e.g. a law forbidding all nobles to use roads) … still voted like any
 * proposal", and the rules file's engine note offers three ways: disable, a fixed menu of
 * parametrised custom laws, or free-text laws enforced by the players.
 *
 * [P §7.4] We chose the free text: the designated proposer of a Personal Motion may, besides
 * withdraw / pardon / repeal / adjourn / resubmit, put "a free law" to the vote with its text
 * (`assembly.freeLawMaxChars` characters at most, plain text in the language he types it in). It is
 * voted Yes/No like the other options (the same commitments, declarations and tally, rules/
 * assembly.ts); adopted, it stands among the Laws in play as a public text ("house law",
 * `WkState.houseLaws`, at most `assembly.maxHouseLaws`) until a Personal Motion repeals it. The
 * referee never applies it: the barons do, by agreement and by the Assembly's pressure (the
 * variant's spirit: "limited only by imagination"); every place that shows it says so. A menu of
 * parametrised laws would be enforceable but would fix in code what the rules leave to the table's
 * imagination, and each new law would be a new rule to write and test; the free text costs no rule.
 *
 * The text is data, never markup: it is kept as typed (control characters and runs of spaces made
 * one space), quoted in the events and shown as a table cell; the platform escapes it like any
 * text. This file is a foundation: it reads the state and the constants, never the rules.
 */
import { fill } from '../../engine/localize.ts';
import type { Lang, Localized, ViewDoc } from '../../engine/ruleset.ts';
import { baronData } from './barons.ts';
import type { HouseLaw, WkState } from './state.ts';
import { HOUSE_LAW_NOTE, quoted } from './house-law-words.ts';
export { HOUSE_LAW_NOTE, quoted };

export type FreeLawRefusal = 'law-off' | 'law-text' | 'law-empty' | 'law-long' | 'law-full';
export const FREE_LAW_REFUSALS: Record<FreeLawRefusal, Localized> = {
  'law-off': { fr: 'Les motions personnelles libres ne sont pas en jeu dans cette partie (option de l’hôte).', en: 'Free-form Personal Motions are not in play in this game (a host option).' },
  'law-text': { fr: 'Une loi libre s’écrit comme un texte.', en: 'A free law is written as a text.' },
  'law-empty': { fr: 'Le texte de la loi libre est vide.', en: 'The free law’s text is empty.' },
  'law-long': { fr: 'Le texte de la loi libre dépasse {max} caractères ({n}).', en: 'The free law’s text is longer than {max} characters ({n}).' },
  'law-full': { fr: 'Le maximum de lois libres en vigueur ({max}) est atteint : abrogez-en une d’abord.', en: 'The limit of free laws in play ({max}) is reached: repeal one first.' },
};

/** The text as kept: control characters and runs of white space made one space, trimmed, NFC. */
export const normalizeLawText = (raw: string): string =>
  raw.normalize('NFC').replace(/[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g, ' ').replace(/\s+/g, ' ').trim();

/** Characters as a reader counts them (code points, not UTF-16 units). */
export const lawLength = (text: string): number => [...text].length;

/** Why this free law cannot be proposed now (with its message), or null. */
export function freeLawProblem(s: WkState, raw: unknown): { reason: FreeLawRefusal; message: Localized } | null {
  const no = (reason: FreeLawRefusal, vars: Record<string, number> = {}) => ({ reason, message: fill(FREE_LAW_REFUSALS[reason], vars) });
  if (!s.config.options.freeFormMotions) return no('law-off');
  if (typeof raw !== 'string') return no('law-text');
  const text = normalizeLawText(raw);
  if (text === '') return no('law-empty');
  const max = s.config.assembly.freeLawMaxChars;
  if (lawLength(text) > max) return no('law-long', { max, n: lawLength(text) });
  if ((s.houseLaws ?? []).length >= s.config.assembly.maxHouseLaws) return no('law-full', { max: s.config.assembly.maxHouseLaws });
  return null;
}

export const houseLaw = (s: WkState, id: unknown): HouseLaw | undefined => (s.houseLaws ?? []).find((l) => l.id === id);

/** A free law's text quoted, in each language's quotation marks. */

/** A free law named in a list (the repeal's choices): its number and the start of its text. */
export function houseLawLabel(l: HouseLaw, lang: Lang): string {
  const short = lawLength(l.text) > 60 ? `${[...l.text].slice(0, 60).join('')}…` : l.text;
  return `${lang === 'fr' ? 'loi libre' : 'free law'} ${l.id.replace(/^house-/, 'n° ')} ${quoted(short)[lang]}`;
}

/** The game's table: the free laws in play, public, each with who proposed it (none: no section). */
export function houseLawSections(s: WkState, lang: Lang): ViewDoc['sections'] {
  const fr = lang === 'fr';
  const laws = s.houseLaws ?? [];
  if (!s.config.options.freeFormMotions && laws.length === 0) return [];
  return [{
    title: fr ? `Lois libres en vigueur (${HOUSE_LAW_NOTE.fr})` : `Free laws in play (${HOUSE_LAW_NOTE.en})`,
    kind: 'table',
    columns: fr ? ['N°', 'Texte', 'Proposée par', 'Tour'] : ['#', 'Text', 'Proposed by', 'Turn'],
    rows: laws.map((l) => [l.id.replace(/^house-/, ''), l.text, baronData(l.by).name, String(l.turn)]),
  }];
}
