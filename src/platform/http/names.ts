/**
 * Names people choose (lords' names in a game, account logins): one written form, and a
 * "skeleton" under which two names that look alike are the same name.
 *
 * - `cleanName` is what we store and show: Unicode NFKC (full-width letters, ligatures and other
 *   compatibility forms become plain ones), invisible characters removed (format characters such
 *   as the zero-width space or the bidirectional controls, variation selectors, Hangul fillers,
 *   the combining grapheme joiner, control characters), every run of spaces (any Unicode space)
 *   one plain space, no space at either end.
 * - `nameSkeleton` is compared, never shown: the cleaned name case-folded, without accents,
 *   each Cyrillic or Greek letter that looks like a Latin one replaced by that Latin letter (the
 *   tables below, after Unicode's confusables.txt for those scripts; capitals are mapped before
 *   case folding, since Greek Η looks like H but its small η like n), the digits and letters that
 *   read alike merged (0/o, 1/l/i/|, rn/m, vv/w), and spaces and hyphens dropped. "Lord Bob",
 *   "Lord Bob" with a zero-width space, "Lord Воb" with a Cyrillic В and o, "lord-b0b" all have
 *   the skeleton "lordbob". The table covers Latin, Cyrillic and Greek lookalikes only (the
 *   scripts players of this site use); a full confusables table would be a package
 *   (`unhomoglyph` implements Unicode's whole confusables.txt).
 */
import type { Db } from '../db/index.ts';
import { messages } from './i18n.ts';

messages({
  'names.confusable': {
    fr: 'Ce nom ressemble trop à celui de « {other} » : choisissez-en un qui se lise autrement.',
    en: 'This name looks too much like “{other}”: choose one that reads differently.',
  },
  'acct.err.login-confusable': {
    fr: 'Cet identifiant ressemble trop à celui d’un autre joueur : choisissez-en un qui se lise autrement.',
    en: 'This login looks too much like another player’s: choose one that reads differently.',
  },
});

// Invisible characters: Unicode format characters (Cf: zero-width space and joiners, bidi controls,
// soft hyphen, word joiner, tags…), controls (Cc), variation selectors, the combining grapheme
// joiner, the Mongolian free variation selectors and the Hangul fillers, which render as nothing.
const INVISIBLE = /[\p{Cf}\p{Cc}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\uffa0\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;

/** The stored form of a chosen name: NFKC, no invisible characters, single plain spaces, trimmed. */
export function cleanName(s: unknown): string {
  return String(s ?? '').normalize('NFKC').replace(/[\s\p{Z}]+/gu, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
}

/** Cyrillic and Greek capitals that look like a Latin capital (mapped before case folding: Greek Η is an H, its small η an n). */
const LOOKALIKE_CAPITAL: Record<string, string> = {
  А: 'A', В: 'B', С: 'C', Е: 'E', Ё: 'E', Н: 'H', І: 'I', Ї: 'I', Ј: 'J', К: 'K', М: 'M', О: 'O', Р: 'P', Ѕ: 'S', Т: 'T', Х: 'X', У: 'Y', Ԝ: 'W', Ӏ: 'I',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
};
/**
 * Cyrillic and Greek small letters that look like a Latin
 * letter, from Unicode's confusables.txt. Letters that look like nothing Latin are left alone.
 */
const LOOKALIKE: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', ь: 'b', с: 'c', ԁ: 'd', е: 'e', ё: 'e', һ: 'h', н: 'h', і: 'i', ї: 'i', ј: 'j', к: 'k', ӏ: 'l', м: 'm', п: 'n',
  о: 'o', р: 'p', ԛ: 'q', г: 'r', ѕ: 's', т: 't', у: 'y', ў: 'y', х: 'x', ԝ: 'w', ѡ: 'w', з: '3', ч: '4', б: '6',
  // Greek
  α: 'a', β: 'b', ϲ: 'c', ε: 'e', η: 'n', ι: 'i', ί: 'i', κ: 'k', ν: 'v', ο: 'o', ό: 'o', ρ: 'p', τ: 't', υ: 'u', ύ: 'u',
  χ: 'x', γ: 'y', ω: 'w', μ: 'u', ζ: 'z', ϳ: 'j',
  // Latin letters that stand for another
  ı: 'i', ȷ: 'j', ſ: 'f', ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', ħ: 'h', ŀ: 'l',
};
/** Glyphs that read alike once the letters are Latin: one representative each. */
const READ_ALIKE: [RegExp, string][] = [[/[0]/g, 'o'], [/[1il|!]/g, 'l'], [/rn/g, 'm'], [/vv/g, 'w'], [/5/g, 's'], [/8/g, 'b']];

/** What a name looks like: two names with the same skeleton are confusable. */
export function nameSkeleton(s: unknown): string {
  let k = [...cleanName(s)].map((c) => LOOKALIKE_CAPITAL[c] ?? c).join('').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  k = [...k].map((c) => LOOKALIKE[c] ?? c).join('').normalize('NFD').replace(/\p{M}/gu, '');
  for (const [re, to] of READ_ALIKE) k = k.replace(re, to);
  // Spaces, hyphens, dots, underscores and apostrophes do not tell two names apart.
  return k.replace(/[\s\p{Pd}._'’]/gu, '');
}

/** The first of `existing` that `name` could be mistaken for, or null. */
export function confusableWith(name: string, existing: Iterable<string>): string | null {
  const k = nameSkeleton(name);
  for (const e of existing) if (nameSkeleton(e) === k) return e;
  return null;
}

/**
 * Whether a new login looks like an existing account's (sign-up refuses it). Reads every login:
 * a linear pass, fine for the thousands of accounts a site of this kind has; a stored skeleton
 * column would be the next step beyond that.
 */
export async function loginConfusable(db: Db, login: string): Promise<boolean> {
  const k = nameSkeleton(login);
  const rows = await db.query<{ login: string }>('SELECT login FROM users');
  return rows.some((r) => nameSkeleton(r.login) === k);
}
