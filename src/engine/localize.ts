/**
 * Bilingual message templates: one table entry per message, `{name}` placeholders filled per
 * language. An argument is plain text (the same in every language) or a Localized text.
 */
import { LANGS, type Localized } from './ruleset.ts';

/** A noun in both languages; `fem` marks a feminine French noun (for agreement: inconnu/inconnue). */
export interface Noun extends Localized { fem?: boolean }

export type TemplateArg = string | number | Localized;

/** Fills a bilingual template. Placeholders without an argument are left as written. */
export function fill(template: Localized, args: Record<string, TemplateArg> = {}): Localized {
  const out = {} as Localized;
  for (const lang of LANGS) {
    out[lang] = template[lang].replace(/\{(\w+)\}/g, (whole, key: string) => {
      const a = args[key];
      return a === undefined ? whole : typeof a === 'object' ? a[lang] : String(a);
    });
  }
  return out;
}

/** The same text in every language (names, codes, numbers). */
export function same(text: string): Localized {
  return { fr: text, en: text };
}

/** Localized texts joined, language by language. */
export function concat(...parts: Localized[]): Localized {
  const out = {} as Localized;
  for (const lang of LANGS) out[lang] = parts.map((p) => p[lang]).join('');
  return out;
}

/** The noun with its definite article: `the level` / `le niveau`, `l’armée`, `la récompense`. */
export function definite(noun: Noun): Localized {
  const fr = /^[aeiouyàâéèêëîïôöûüœ]/i.test(noun.fr) ? `l’${noun.fr}` : `${noun.fem ? 'la' : 'le'} ${noun.fr}`;
  return { en: `the ${noun.en}`, fr };
}

/** A name after French « de » (elided before a vowel: « d’Aëlis », « de Borin »), as it is in English: `{ fr: 'd’Aëlis', en: 'Aëlis' }`. */
export function ofName(name: string): Localized {
  return { fr: /^[aeiouyàâéèêëîïôöûüœ]/i.test(name) ? `d’${name}` : `de ${name}`, en: name };
}

/** A noun as given: a plain string is the same in both languages. */
export function asNoun(what: string | Noun): Noun {
  return typeof what === 'string' ? same(what) : what;
}
