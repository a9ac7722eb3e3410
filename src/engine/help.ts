/**
 * Small helpers for a ruleset's help for players (`Ruleset.help`, issue 13 §5): the book built
 * once per language, and the `{name}` slots of an order example filled from a sample game.
 */
import type { HelpBook, Lang } from './ruleset.ts';

/** A ruleset's `help`, built once per language (a book depends on nothing but its language). */
export function helpPerLang(build: (lang: Lang) => HelpBook): (lang: Lang) => HelpBook {
  const books = new Map<Lang, HelpBook>();
  return (lang) => {
    let b = books.get(lang);
    if (!b) { b = build(lang); books.set(lang, b); }
    return b;
  };
}

/** `{name}` slots filled with `names` (a slot with no name stays as written). */
export function fillSlots(text: string, names: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => names[k] ?? m);
}
