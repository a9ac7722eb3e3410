/**
 * What the players' tools share: reading the form's input (a bad value gives a message in the
 * player's language and falls back to the default, never an exception), building form fields,
 * formatting numbers, and copying a state for one simulated run.
 */
import { resolveName, type NameEntry } from '../../../engine/names.ts';
import type { Lang, ToolField } from '../../../engine/ruleset.ts';
import { getMap } from '../maps/index.ts';
import { formatDec, formatInt } from '../report.ts';
import type { GPState, TerritoryId } from '../state.ts';

export const L = (lang: Lang, fr: string, en: string): string => (lang === 'fr' ? fr : en);

export const fmtInt = (x: number, lang: Lang): string => formatInt(x, lang);
export const fmtDec = (x: number, digits: number, lang: Lang): string => formatDec(x, digits, lang);
/** A probability as a percentage, one decimal. */
export const fmtPct = (p: number, lang: Lang): string => `${formatDec(100 * p, 1, lang)} %`;

export function territoryName(s: GPState, id: TerritoryId): string {
  return getMap(s.map).territories.find((t) => t.id === id)?.name ?? id;
}

/** A number as typed: spaces (thousands), a French decimal comma. */
function parseNumber(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u202f_]/g, '').replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** The tool's input, read field by field; every problem becomes one message in `errors`. */
export class Inputs {
  readonly errors: string[] = [];
  constructor(private readonly input: Record<string, string>, readonly lang: Lang) {}

  /** The raw text: undefined when the key is absent, '' when the field was left empty. */
  raw(key: string): string | undefined {
    const v = this.input[key];
    return typeof v === 'string' ? v.trim() : undefined;
  }

  has(key: string): boolean {
    return this.raw(key) !== undefined;
  }

  private fail(label: string, value: string, why: { fr: string; en: string }, def: string): void {
    this.errors.push(L(this.lang,
      `${label} : « ${value} » ${why.fr} ; la valeur par défaut (${def}) est utilisée.`,
      `${label}: "${value}" ${why.en}; the default (${def}) is used.`));
  }

  /** A whole number in [min, max]; absent or empty → the default. */
  int(key: string, label: string, def: number, min = -Infinity, max = Infinity): number {
    const r = this.raw(key);
    if (r === undefined || r === '') return def;
    return this.intText(r, label, def, min, max);
  }

  /** A whole number; absent → `def`, empty → null (the field was cleared on purpose). */
  optionalInt(key: string, label: string, def: number | null, min = -Infinity, max = Infinity): number | null {
    const r = this.raw(key);
    if (r === undefined) return def;
    if (r === '') return null;
    return this.intText(r, label, def ?? 0, min, max);
  }

  private intText(r: string, label: string, def: number, min: number, max: number): number {
    const n = parseNumber(r);
    const defText = formatInt(def, this.lang);
    if (n === null || !Number.isInteger(n)) {
      this.fail(label, r, { fr: 'n’est pas un nombre entier', en: 'is not a whole number' }, defText);
      return def;
    }
    if (n < min || n > max) {
      const range = Number.isFinite(max)
        ? { fr: `doit être entre ${formatInt(min, 'fr')} et ${formatInt(max, 'fr')}`, en: `must be between ${formatInt(min, 'en')} and ${formatInt(max, 'en')}` }
        : { fr: `doit être au moins ${formatInt(min, 'fr')}`, en: `must be at least ${formatInt(min, 'en')}` };
      this.fail(label, r, range, defText);
      return def;
    }
    return n;
  }

  /** One of `entries` (ids or names, forgiving spelling); absent or empty → the default. */
  /** `fem`: the French noun of the label is feminine (« terre inconnue … est utilisée »). */
  choice<T>(key: string, label: string, entries: NameEntry<T>[], def: T, defLabel: string, fem = false): T {
    const r = this.raw(key);
    if (r === undefined || r === '') return def;
    const exact = entries.find((e) => e.names.includes(r));
    if (exact) return exact.value;
    const res = resolveName(r, entries, { fr: label.toLowerCase(), en: label.toLowerCase(), fem });
    if (res.ok) return res.value;
    this.errors.push(L(this.lang, `${res.text.fr} ; ${defLabel} est utilisé${fem ? 'e' : ''}.`, `${res.text.en}; ${defLabel} is used.`));
    return def;
  }

  yesNo(key: string, label: string, def: boolean): boolean {
    const r = this.raw(key);
    if (r === undefined || r === '') return def;
    const k = r.toLowerCase();
    if (['yes', 'oui', 'y', 'o', '1', 'true', 'on'].includes(k)) return true;
    if (['no', 'non', 'n', '0', 'false', 'off'].includes(k)) return false;
    this.fail(label, r, { fr: 'n’est ni oui ni non', en: 'is neither yes nor no' }, def ? L(this.lang, 'oui', 'yes') : L(this.lang, 'non', 'no'));
    return def;
  }

  text(key: string, def: string, maxLength = 60): string {
    const r = this.raw(key);
    if (r === undefined || r === '') return def;
    return r.slice(0, maxLength);
  }
}

// ───────────────────────────────────────────────────────────── form fields

export function intField(name: string, label: string, value: number | null, min?: number, max?: number, optional = false): ToolField {
  return { name, label, kind: 'integer', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), ...(optional ? { optional } : {}), value: value === null ? '' : String(value) };
}

export function choiceField(name: string, label: string, options: { value: string; label: string }[], value: string): ToolField {
  return { name, label, kind: 'choice', options, value };
}

export function yesNoField(name: string, label: string, value: boolean, lang: Lang): ToolField {
  return choiceField(name, label, [{ value: 'yes', label: L(lang, 'oui', 'yes') }, { value: 'no', label: L(lang, 'non', 'no') }], value ? 'yes' : 'no');
}

export function textField(name: string, label: string, value: string): ToolField {
  return { name, label, kind: 'text', value };
}

// ───────────────────────────────────────────────────────────── simulation runs

/**
 * A copy of the state for one simulated run, cheaper than a deep clone: every entity (lord,
 * knight, army, territory) is copied, with the nested records the phases write into (a lord's
 * memory and retreat values); what the phases only read (the config, spy reports) is shared.
 * Tests check that running the tools leaves the game state untouched.
 */
export function cloneForRun(s: GPState): GPState {
  const each = <T extends object>(rec: Record<string, T>, copy: (x: T) => T): Record<string, T> => {
    const out: Record<string, T> = {};
    for (const k of Object.keys(rec)) out[k] = copy(rec[k]!);
    return out;
  };
  return {
    ...s,
    lords: each(s.lords, (l) => ({ ...l, memory: { ...l.memory }, retreat: { ...l.retreat } })),
    knights: each(s.knights, (k) => ({ ...k })),
    armies: each(s.armies, (a) => ({ ...a })),
    territories: each(s.territories, (t) => ({ ...t })),
    relations: { ...s.relations },
    allyCalls: s.allyCalls.map((c) => ({ ...c, enemiesAtCall: c.enemiesAtCall.slice() })),
    revoltedThisTurn: s.revoltedThisTurn.slice(),
  };
}

/** A distribution of `values` in about `n` buckets over [0, max], as bars. */
export function histogram(values: number[], max: number, n: number, lang: Lang): { label: string; share: number; text: string }[] {
  const total = values.length || 1;
  const top = Math.max(0, Math.floor(max));
  const buckets = Math.min(n, top + 1);
  const bounds: [number, number][] = [];
  for (let i = 0; i < buckets; i++) {
    const lo = Math.floor((i * (top + 1)) / buckets);
    const hi = Math.floor(((i + 1) * (top + 1)) / buckets) - 1;
    bounds.push([lo, hi]);
  }
  const counts = bounds.map(() => 0);
  for (const v of values) {
    const x = Math.min(top, Math.max(0, Math.round(v)));
    const i = bounds.findIndex(([lo, hi]) => x >= lo && x <= hi);
    counts[i < 0 ? bounds.length - 1 : i]!++;
  }
  return bounds.map(([lo, hi], i) => ({
    label: lo === hi ? fmtInt(lo, lang) : `${fmtInt(lo, lang)} – ${fmtInt(hi, lang)}`,
    share: counts[i]! / total,
    text: fmtPct(counts[i]! / total, lang),
  }));
}

export const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
