/**
 * Forgiving name resolution for text orders: accents, case, hyphens, apostrophes and spaces are
 * ignored. An unknown or ambiguous name yields an error (in English, and in both languages in
 * `text`) listing the nearest candidates.
 */
import { distance } from 'fastest-levenshtein';
import { asNoun, fill, type Noun } from './localize.ts';
import type { Localized } from './ruleset.ts';

/** Letters that NFD does not decompose, spelt as players type them without the key. */
const FOLD: Record<string, string> = { æ: 'ae', œ: 'oe', ø: 'o', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

export function normalizeName(s: string): string {
  const hit = NORMALIZED.get(s);
  if (hit !== undefined) return hit;
  const key = s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[æœøßłđðþı]/g, (c) => FOLD[c]!)
    .replace(/[^a-z0-9]/g, '');
  if (NORMALIZED.size >= NORMALIZED_MAX) NORMALIZED.clear();
  NORMALIZED.set(s, key);
  return key;
}

/** The same names are folded again and again (every order sheet, every map): a bounded memo. */
const NORMALIZED = new Map<string, string>();
const NORMALIZED_MAX = 50_000;

export interface NameEntry<T> { names: string[]; value: T; label: string }

/** A failure carries `error` (English, as before) and `text`, the same message in fr and en. */
export type NameResult<T> =
  | { ok: true; value: T; label: string }
  | { ok: false; error: string; text: Localized; candidates: string[] };

const NAME_MESSAGES = {
  empty: { en: '{what}: empty name', fr: '{what} : nom vide' },
  ambiguous: { en: '{what} "{input}" is ambiguous: {list}', fr: '{what} {ambiguous} « {input} » : {list}' },
  unknown: { en: 'unknown {what} "{input}"{hint}', fr: '{what} {unknown} « {input} »{hint}' },
  hint: { en: '; did you mean {list}?', fr: ' ; vouliez-vous dire {list} ?' },
} satisfies Record<string, Localized>;

/**
 * The message for a name that could not be resolved, in both languages. `what` is the kind of
 * name (a Noun, for French agreement); `list` the ambiguous labels or the nearest candidates.
 */
export function nameProblem(kind: 'empty' | 'ambiguous' | 'unknown', what: string | Noun, input: string, list: string[] = []): Localized {
  const noun = asNoun(what);
  const joined = list.join(', ');
  return fill(NAME_MESSAGES[kind], {
    what: noun,
    input,
    list: joined,
    hint: kind === 'unknown' && list.length ? fill(NAME_MESSAGES.hint, { list: joined }) : '',
    ambiguous: noun.fem ? 'ambiguë' : 'ambigu',
    unknown: noun.fem ? 'inconnue' : 'inconnu',
  });
}

function failure(text: Localized, candidates: string[]): { ok: false; error: string; text: Localized; candidates: string[] } {
  return { ok: false, error: text.en, text, candidates };
}

/** `what` names the kind of name in messages: a Noun (both languages) or plain text (the same in both). */
export function resolveName<T>(input: string, entries: NameEntry<T>[], what: string | Noun): NameResult<T> {
  const key = normalizeName(input);
  if (!key) return failure(nameProblem('empty', what, input), []);
  const exact = entries.filter((e) => e.names.some((n) => normalizeName(n) === key));
  const distinct = uniqueByLabel(exact);
  if (distinct.length === 1) return { ok: true, value: distinct[0]!.value, label: distinct[0]!.label };
  if (distinct.length > 1) {
    const labels = distinct.map((e) => e.label);
    return failure(nameProblem('ambiguous', what, input, labels), labels);
  }
  // Unique prefix match ("vadvet" for "Vadvet-Jakko").
  const prefixed = uniqueByLabel(entries.filter((e) => e.names.some((n) => normalizeName(n).startsWith(key))));
  if (prefixed.length === 1 && key.length >= 3) return { ok: true, value: prefixed[0]!.value, label: prefixed[0]!.label };
  if (prefixed.length > 1) {
    const labels = prefixed.map((e) => e.label).slice(0, 5);
    return failure(nameProblem('ambiguous', what, input, labels), labels);
  }
  const near = nearest(key, entries, 3);
  return failure(nameProblem('unknown', what, input, near), near);
}

function uniqueByLabel<T>(entries: NameEntry<T>[]): NameEntry<T>[] {
  const seen = new Map<string, NameEntry<T>>();
  for (const e of entries) if (!seen.has(e.label)) seen.set(e.label, e);
  return [...seen.values()];
}

function nearest<T>(key: string, entries: NameEntry<T>[], n: number): string[] {
  const scored = entries.map((e) => ({
    label: e.label,
    d: Math.min(...e.names.map((name) => distance(key, normalizeName(name)))),
  }));
  scored.sort((a, b) => a.d - b.d || a.label.localeCompare(b.label));
  const limit = Math.max(2, Math.ceil(key.length / 2));
  return uniqueStrings(scored.filter((s) => s.d <= limit).map((s) => s.label)).slice(0, n);
}

function uniqueStrings(xs: string[]): string[] {
  return [...new Set(xs)];
}
