/**
 * Rules constants with a type and bounds, shared by every ruleset (style guide §3): a ruleset
 * declares its table once (each constant's default, type, minimum and maximum, and its source
 * tag), and `resolveConfig` merges a host's per-game overrides into it, refusing unknown keys,
 * wrong types and values outside the bounds with a `ConstantError` that names the constant, the
 * value and the bounds in French and English (the platform shows it in the player's language).
 *
 * The bounds are chosen by each ruleset to keep the rules' range of sensible play while keeping
 * every turn cheap and every formula defined (no division by zero, no loop running for ever).
 *
 * A table is a tree: its leaves are specs made by `int`, `num`, `bool`, `oneOf`, `list`, and
 * `each` (a table whose keys are fixed by the default and whose values share one spec). A ruleset
 * either writes the defaults inside the specs (`constant(default, spec, tag)`, Gloire & Pouvoir's
 * Appendix A) or keeps its defaults in a table of its own and declares a tree of bounds of the
 * same shape beside it (Adventurer Kings' per-domain tables): `resolveConfig` takes both.
 */
import { fill } from './localize.ts';
import type { Lang, Localized } from './ruleset.ts';

// ─── Errors the platform can show in the player's language ─────────────────────────────────────

/** An error whose message exists in every language: the platform shows `localized[lang]`. */
export class LocalizedError extends Error {
  constructor(readonly localized: Localized) {
    super(localized.en);
    this.name = 'LocalizedError';
  }
}

/** The text of any error in one language (a LocalizedError's own text, else its message). */
export function errorIn(e: unknown, lang: Lang): string {
  if (e instanceof LocalizedError) return e.localized[lang];
  const loc = (e as { localized?: Localized } | null)?.localized;
  if (loc && typeof loc[lang] === 'string') return loc[lang];
  return e instanceof Error ? e.message : String(e);
}

export type ConstantProblem = 'unknown' | 'type' | 'integer' | 'range' | 'length' | 'order' | 'relation';

/** A host's constant refused: which one (`path`, e.g. "armies.elephantRange"), the value given and why. */
export class ConstantError extends LocalizedError {
  constructor(readonly ruleset: Localized, readonly path: string, readonly value: unknown, readonly problem: ConstantProblem, readonly expected: Localized) {
    super(fill(
      { fr: '{ruleset} : la constante « {path} » ne peut valoir {value} : {expected}.', en: '{ruleset}: constant "{path}" cannot be {value}: {expected}.' },
      { ruleset, path, value: shown(value), expected },
    ));
    this.name = 'ConstantError';
  }
}

function shown(v: unknown): string {
  let text: string;
  try { text = typeof v === 'number' ? String(v) : JSON.stringify(v) ?? String(v); } catch { text = String(v); }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

// ─── Specs ─────────────────────────────────────────────────────────────────────────────────────

const LEAF = Symbol('constant spec');

export interface NumberSpec { [LEAF]: 'number'; type: 'int' | 'number'; min: number; max: number }
export interface BoolSpec { [LEAF]: 'boolean'; type: 'boolean' }
export interface EnumSpec { [LEAF]: 'enum'; type: 'enum'; values: readonly string[] }
/** A list replaced whole by an override: its length and each element are checked; `ordered`: non-decreasing (a [low, high] range). */
export interface ListSpec { [LEAF]: 'list'; type: 'list'; of: Spec; minLength: number; maxLength: number; ordered: boolean }
/** A table whose keys are the default's (none added), each value under `of`. */
export interface EachSpec { [LEAF]: 'each'; type: 'each'; of: Spec }
export type LeafSpec = NumberSpec | BoolSpec | EnumSpec | ListSpec | EachSpec;
/** A constant with its default and source tag written beside its bounds. */
export interface Constant<T = unknown> { [LEAF]: 'constant'; default: T; spec: Spec; tag: string }
export type Spec = LeafSpec | Constant | { readonly [key: string]: Spec };

/** An integer in [min, max]: for what the rules count (men, turns, knights, passes). */
export const int = (min: number, max: number): NumberSpec => ({ [LEAF]: 'number', type: 'int', min, max });
/** A real number in [min, max]. */
export const num = (min: number, max: number): NumberSpec => ({ [LEAF]: 'number', type: 'number', min, max });
export const bool = (): BoolSpec => ({ [LEAF]: 'boolean', type: 'boolean' });
export const oneOf = (...values: string[]): EnumSpec => ({ [LEAF]: 'enum', type: 'enum', values });
export const list = (of: Spec, minLength: number, maxLength: number, ordered = false): ListSpec => ({ [LEAF]: 'list', type: 'list', of, minLength, maxLength, ordered });
/** A [low, high] pair, low ≤ high (a range a die is rolled in). */
export const range = (of: NumberSpec): ListSpec => list(of, 2, 2, true);
export const each = (of: Spec): EachSpec => ({ [LEAF]: 'each', type: 'each', of });
export const constant = <T>(def: T, spec: Spec, tag = ''): Constant<T> => ({ [LEAF]: 'constant', default: def, spec, tag });

const kindOf = (s: Spec): LeafSpec[typeof LEAF] | 'constant' | 'node' => (LEAF in s ? (s as LeafSpec | Constant)[LEAF] : 'node');
const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** The defaults written inside a table of `constant(…)` specs. */
export function defaultsOf(spec: Spec): unknown {
  switch (kindOf(spec)) {
    case 'constant': return structuredClone((spec as Constant).default);
    case 'node': return Object.fromEntries(Object.entries(spec).map(([k, s]) => [k, defaultsOf(s)]));
    default: throw new Error('defaultsOf: a bound without a default');
  }
}

/** The bound that applies at a path of the table (`constant` wrappers looked through). */
function boundOf(spec: Spec): Spec {
  return kindOf(spec) === 'constant' ? (spec as Constant).spec : spec;
}

// ─── Checking and merging ──────────────────────────────────────────────────────────────────────

export interface TableInfo {
  /** The ruleset's name, in the messages. */
  name: Localized;
  /** Checks between constants (a minimum not above its maximum…); returns the refused constant's path and what is expected. */
  relations?: (cfg: any) => { path: string; value: unknown; expected: Localized } | null;
}

const expect = {
  int: (min: number, max: number): Localized => fill({ fr: 'un entier de {min} à {max} est attendu', en: 'an integer from {min} to {max} is expected' }, { min, max }),
  num: (min: number, max: number): Localized => fill({ fr: 'un nombre de {min} à {max} est attendu', en: 'a number from {min} to {max} is expected' }, { min, max }),
  bool: { fr: 'true ou false est attendu', en: 'true or false is expected' },
  oneOf: (values: readonly string[]): Localized => fill({ fr: 'une de ces valeurs est attendue : {v}', en: 'one of these values is expected: {v}' }, { v: values.join(', ') }),
  list: (min: number, max: number): Localized => fill(
    min === max ? { fr: 'une liste de {min} éléments est attendue', en: 'a list of {min} items is expected' } : { fr: 'une liste de {min} à {max} éléments est attendue', en: 'a list of {min} to {max} items is expected' }, { min, max }),
  ordered: { fr: 'les éléments doivent aller croissant (minimum puis maximum)', en: 'the items must not decrease (minimum, then maximum)' },
  table: { fr: 'un objet {…} est attendu', en: 'an object {…} is expected' },
  unknown: { fr: 'cette constante n’existe pas', en: 'there is no such constant' },
} satisfies Record<string, Localized | ((...a: any[]) => Localized)>;

/** Checks one value against its bound (used for overrides and, in tests, for the defaults). Returns the value to store. */
function check(info: TableInfo, bound: Spec, base: unknown, v: unknown, path: string, strict = true): unknown {
  const b = boundOf(bound);
  const fail = (problem: ConstantProblem, expected: Localized): never => { throw new ConstantError(info.name, path, v, problem, expected); };
  switch (kindOf(b)) {
    case 'number': {
      const s = b as NumberSpec;
      const expected = s.type === 'int' ? expect.int(s.min, s.max) : expect.num(s.min, s.max);
      if (typeof v !== 'number' || Number.isNaN(v)) return fail('type', expected);
      if (strict && s.type === 'int' && !Number.isInteger(v)) return fail('integer', expected);
      if (strict && !(v >= s.min && v <= s.max)) return fail('range', expected);
      return v;
    }
    case 'boolean': return typeof v === 'boolean' ? v : fail('type', expect.bool);
    case 'enum': { const s = b as EnumSpec; return typeof v === 'string' && s.values.includes(v) ? v : fail('type', expect.oneOf(s.values)); }
    case 'list': {
      const s = b as ListSpec;
      if (!Array.isArray(v) || (strict && (v.length < s.minLength || v.length > s.maxLength))) return fail(Array.isArray(v) ? 'length' : 'type', expect.list(s.minLength, s.maxLength));
      const out = v.map((x, i) => check(info, s.of, undefined, x, `${path}[${i}]`, strict));
      if (strict && s.ordered && out.some((x, i) => i > 0 && (x as number) < (out[i - 1] as number))) return fail('order', expect.ordered);
      return out;
    }
    case 'each': {
      const s = b as EachSpec;
      if (!isPlain(v)) return fail('type', expect.table);
      const baseT = (isPlain(base) ? base : {}) as Record<string, unknown>;
      const out: Record<string, unknown> = { ...baseT };
      for (const [k, x] of Object.entries(v)) {
        const where = `${path}.${k}`;
        if (!Object.hasOwn(baseT, k)) throw new ConstantError(info.name, where, x, 'unknown', expect.unknown);
        out[k] = check(info, s.of, baseT[k], x, where, strict);
      }
      return out;
    }
    default: { // a table of named constants: merge key by key
      if (!isPlain(v)) return fail('type', expect.table);
      const baseT = (isPlain(base) ? base : {}) as Record<string, unknown>;
      const node = b as Record<string, Spec>;
      const out: Record<string, unknown> = { ...baseT };
      for (const [k, x] of Object.entries(v)) {
        const where = path ? `${path}.${k}` : k;
        if (!Object.hasOwn(node, k) || !Object.hasOwn(baseT, k)) throw new ConstantError(info.name, where, x, 'unknown', expect.unknown);
        out[k] = check(info, node[k]!, baseT[k], x, where, strict);
      }
      return out;
    }
  }
}

/**
 * The constants in force for a game: `defaults` with the host's `overrides` merged in (tables key
 * by key, lists replaced whole), every overridden value checked against `bounds`, then the
 * relations between constants. Throws a ConstantError naming the first refused constant.
 * The result is a fresh object (the defaults are never shared with it).
 *
 * `bounds: false` reads the overrides of a game already created (stored in its state): unknown
 * keys and wrong types are still refused, but not values out of bounds nor relations, so that a
 * game created before the bounds existed goes on as it began (the bounds apply at creation).
 */
export function resolveConfig<T>(info: TableInfo, bounds: Spec, defaults: T, overrides: unknown = {}, opts: { bounds?: boolean } = {}): T {
  const strict = opts.bounds ?? true;
  const out = check(info, bounds, structuredClone(defaults), overrides ?? {}, '', strict) as T;
  if (!strict) return out;
  const bad = info.relations?.(out);
  if (bad) throw new ConstantError(info.name, bad.path, bad.value, 'relation', bad.expected);
  return out;
}

/**
 * Checks that every default lies within its bounds and that the bounds cover every constant of
 * the defaults, leaf by leaf (a test runs this for each ruleset's table). Returns the problems.
 */
export function checkDefaults(info: TableInfo, bounds: Spec, defaults: unknown, path = ''): string[] {
  const b = boundOf(bounds);
  const k = kindOf(b);
  if (k === 'node' || k === 'each') {
    if (!isPlain(defaults)) return [`${path}: a table is expected`];
    const out: string[] = [];
    for (const [key, d] of Object.entries(defaults)) {
      const where = path ? `${path}.${key}` : key;
      const sub = k === 'each' ? (b as EachSpec).of : (b as Record<string, Spec>)[key];
      if (!sub) { out.push(`${where}: no bounds declared`); continue; }
      out.push(...checkDefaults(info, sub, d, where));
    }
    if (k === 'node') for (const key of Object.keys(b)) if (!Object.hasOwn(defaults, key)) out.push(`${path ? `${path}.` : ''}${key}: bounds without a default`);
    return out;
  }
  try { check(info, b, undefined, defaults, path); return []; } catch (e) { return [e instanceof Error ? e.message : String(e)]; }
}

/** The shape of a bounds table for a table of defaults `T` (a compile-time check that every constant has bounds). */
export type BoundsOf<T> = T extends number ? NumberSpec
  : T extends boolean ? BoolSpec
  : T extends string ? EnumSpec
  : T extends readonly unknown[] ? ListSpec
  : T extends object ? EachSpec | { [K in keyof T]: BoundsOf<T[K]> }
  : never;
