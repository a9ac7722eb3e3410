/**
 * What the Gloire & Pouvoir tools share: the form's input and fields (engine/tool-inputs.ts, with
 * the forgiving territory and lord names here), numbers formatted as the BILAN does, and copying a
 * state for one simulated run.
 */
import { resolveName, type NameEntry } from '../../../engine/names.ts';
import { ToolInputs } from '../../../engine/tool-inputs.ts';
import type { Lang } from '../../../engine/ruleset.ts';
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

/** The tool's input (see engine/tool-inputs.ts), with the territories' and lords' forgiving names. */
export class Inputs extends ToolInputs {
  constructor(input: Record<string, string>, lang: Lang) {
    super(input, lang, formatInt);
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
}

export { choiceField, intField, mean, textField, yesNoField } from '../../../engine/tool-inputs.ts';

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

