/**
 * What the Adventurer Kings tools share: reading the form's input (a bad value gives a message in
 * the player's language and falls back to the default, never an exception), building form
 * fields, and formatting numbers the way the reports do.
 */
import type { Lang, ToolField } from '../../../engine/ruleset.ts';
import { formatInt, L } from '../report/names.ts';

export { L };

export const fmtInt = (x: number, lang: Lang): string => formatInt(x, lang);

/** A real with `digits` decimals, French comma. */
export function fmtDec(x: number, digits: number, lang: Lang): string {
  const t = (Math.round(x * 10 ** digits) / 10 ** digits).toFixed(digits);
  const [i, d] = t.replace('-', '').split('.');
  const head = formatInt(Number(i), lang);
  const s = d ? `${head}${lang === 'fr' ? ',' : '.'}${d}` : head;
  return x < 0 && Number(t) !== 0 ? `−${s}` : s;
}

/** A probability as a percentage, one decimal. */
export const fmtPct = (p: number, lang: Lang): string => `${fmtDec(100 * p, 1, lang)} %`;

/** A number as typed: spaces (thousands), a French decimal comma. */
function parseNumber(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u202f_]/g, '').replace(',', '.').replace(/^−/, '-');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export interface Option { value: string; label: string }

/** The tool's input, read field by field; every problem becomes one message in `errors`. */
export class Inputs {
  readonly errors: string[] = [];
  constructor(private readonly input: Record<string, string>, readonly lang: Lang) {}

  /** The raw text: undefined when the key is absent (or not a string), '' when the field was left empty. */
  raw(key: string): string | undefined {
    const v = this.input[key];
    return typeof v === 'string' ? v.trim() : undefined;
  }

  fail(label: string, value: string, why: string, def: string): void {
    this.errors.push(L(this.lang,
      `${label} : « ${value} » ${why} ; la valeur par défaut (${def}) est utilisée.`,
      `${label}: "${value}" ${why}; the default (${def}) is used.`));
  }

  /** A whole number in [min, max]; absent or empty → the default. */
  int(key: string, label: string, def: number, min: number, max: number): number {
    const r = this.raw(key);
    if (r === undefined || r === '') return def;
    const n = parseNumber(r);
    const defText = fmtInt(def, this.lang);
    if (n === null || !Number.isInteger(n)) {
      this.fail(label, r, L(this.lang, 'n’est pas un nombre entier', 'is not a whole number'), defText);
      return def;
    }
    if (n < min || n > max) {
      this.fail(label, r, L(this.lang, `doit être entre ${fmtInt(min, 'fr')} et ${fmtInt(max, 'fr')}`, `must be between ${fmtInt(min, 'en')} and ${fmtInt(max, 'en')}`), defText);
      return def;
    }
    return n;
  }

  /**
   * One of `options`, matched on its value or its label (case and accents ignored); absent or
   * empty → the default. An unknown value is reported and the default used.
   */
  choice(key: string, label: string, options: Option[], def: string): string {
    const r = this.raw(key);
    if (r === undefined || r === '') return def;
    const norm = (x: string) => x.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
    const k = norm(r);
    const hit = options.find((o) => norm(o.value) === k) ?? options.find((o) => norm(o.label) === k);
    if (hit) return hit.value;
    const defLabel = options.find((o) => o.value === def)?.label ?? def;
    this.fail(label, r, L(this.lang, 'n’est pas un choix possible', 'is not one of the choices'), defLabel);
    return def;
  }
}

// ───────────────────────────────────────────────────────────── form fields

export function intField(name: string, label: string, value: number, min?: number, max?: number): ToolField {
  return { name, label, kind: 'integer', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), value: String(value) };
}

export function choiceField(name: string, label: string, options: Option[], value: string, resetOnChange?: string[]): ToolField {
  return { name, label, kind: 'choice', options, value, ...(resetOnChange?.length ? { resetOnChange } : {}) };
}

export const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
