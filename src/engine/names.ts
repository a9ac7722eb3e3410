/**
 * Forgiving name resolution for text orders: accents, case, hyphens, apostrophes and spaces are
 * ignored. An unknown or ambiguous name yields an error listing the nearest candidates.
 */
import { distance } from 'fastest-levenshtein';

export function normalizeName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export interface NameEntry<T> { names: string[]; value: T; label: string }

export type NameResult<T> = { ok: true; value: T; label: string } | { ok: false; error: string; candidates: string[] };

export function resolveName<T>(input: string, entries: NameEntry<T>[], what: string): NameResult<T> {
  const key = normalizeName(input);
  if (!key) return { ok: false, error: `${what}: empty name`, candidates: [] };
  const exact = entries.filter((e) => e.names.some((n) => normalizeName(n) === key));
  const distinct = uniqueByLabel(exact);
  if (distinct.length === 1) return { ok: true, value: distinct[0]!.value, label: distinct[0]!.label };
  if (distinct.length > 1) {
    const labels = distinct.map((e) => e.label);
    return { ok: false, error: `${what} "${input}" is ambiguous: ${labels.join(', ')}`, candidates: labels };
  }
  // Unique prefix match ("vadvet" for "Vadvet-Jakko").
  const prefixed = uniqueByLabel(entries.filter((e) => e.names.some((n) => normalizeName(n).startsWith(key))));
  if (prefixed.length === 1 && key.length >= 3) return { ok: true, value: prefixed[0]!.value, label: prefixed[0]!.label };
  const near = nearest(key, entries, 3);
  const hint = near.length ? `; did you mean ${near.join(', ')}?` : '';
  if (prefixed.length > 1) {
    const labels = prefixed.map((e) => e.label).slice(0, 5);
    return { ok: false, error: `${what} "${input}" is ambiguous: ${labels.join(', ')}`, candidates: labels };
  }
  return { ok: false, error: `unknown ${what} "${input}"${hint}`, candidates: near };
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
