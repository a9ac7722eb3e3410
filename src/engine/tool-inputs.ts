/**
 * Reading a players' tool's form (see ToolDoc in ruleset.ts), for every ruleset: each value is
 * read field by field, a bad one becomes a message in the player's language and the default is
 * used — never an exception. And the form fields a tool lays out. Numbers in messages are written
 * with the ruleset's own integer format (`formatInt`), so they read like its reports.
 */
import type { Lang, Localized, ToolField } from './ruleset.ts';

const L = (lang: Lang, fr: string, en: string): string => (lang === 'fr' ? fr : en);

/** A number as typed: spaces (thousands), a French decimal comma, a typographic minus. */
export function parseTypedNumber(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u202f_]/g, '').replace(',', '.').replace(/^−/, '-');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export interface Option { value: string; label: string }

const fold = (x: string) => x.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

export class ToolInputs {
  readonly errors: string[] = [];
  constructor(
    private readonly input: Record<string, string>,
    readonly lang: Lang,
    protected readonly formatInt: (x: number, lang: Lang) => string = (x) => String(x),
  ) {}

  /** The raw text: undefined when the key is absent (or not a string), '' when the field was left empty. */
  raw(key: string): string | undefined {
    const v = this.input[key];
    return typeof v === 'string' ? v.trim() : undefined;
  }

  has(key: string): boolean {
    return this.raw(key) !== undefined;
  }

  /** Reports a value that could not be used, and the default used instead. */
  fail(label: string, value: string, why: Localized, def: string): void {
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
    const n = parseTypedNumber(r);
    const f = this.formatInt;
    const defText = f(def, this.lang);
    if (n === null || !Number.isInteger(n)) {
      this.fail(label, r, { fr: 'n’est pas un nombre entier', en: 'is not a whole number' }, defText);
      return def;
    }
    if (n < min || n > max) {
      const range = Number.isFinite(max)
        ? { fr: `doit être entre ${f(min, 'fr')} et ${f(max, 'fr')}`, en: `must be between ${f(min, 'en')} and ${f(max, 'en')}` }
        : { fr: `doit être au moins ${f(min, 'fr')}`, en: `must be at least ${f(min, 'en')}` };
      this.fail(label, r, range, defText);
      return def;
    }
    return n;
  }

  /**
   * One of `options`, matched on its value or its label (case and accents ignored); absent or
   * empty → the default. An unknown value is reported and the default used.
   */
  option(key: string, label: string, options: Option[], def: string): string {
    const r = this.raw(key);
    if (r === undefined || r === '') return def;
    const k = fold(r);
    const hit = options.find((o) => fold(o.value) === k) ?? options.find((o) => fold(o.label) === k);
    if (hit) return hit.value;
    const defLabel = options.find((o) => o.value === def)?.label ?? def;
    this.fail(label, r, { fr: 'n’est pas un choix possible', en: 'is not one of the choices' }, defLabel);
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

export function choiceField(name: string, label: string, options: Option[], value: string, resetOnChange?: string[]): ToolField {
  return { name, label, kind: 'choice', options, value, ...(resetOnChange?.length ? { resetOnChange } : {}) };
}

export function yesNoField(name: string, label: string, value: boolean, lang: Lang): ToolField {
  return choiceField(name, label, [{ value: 'yes', label: L(lang, 'oui', 'yes') }, { value: 'no', label: L(lang, 'non', 'no') }], value ? 'yes' : 'no');
}

export function textField(name: string, label: string, value: string): ToolField {
  return { name, label, kind: 'text', value };
}

export const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
