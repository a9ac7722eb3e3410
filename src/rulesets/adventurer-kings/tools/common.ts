/**
 * What the Adventurer Kings tools share: the form's input and fields (engine/tool-inputs.ts), and
 * numbers formatted the way the reports do.
 */
import type { Lang } from '../../../engine/ruleset.ts';
import { ToolInputs } from '../../../engine/tool-inputs.ts';
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

/** The tool's input (see engine/tool-inputs.ts), numbers in messages written as the reports write them. */
export class Inputs extends ToolInputs {
  constructor(input: Record<string, string>, lang: Lang) {
    super(input, lang, formatInt);
  }
}

export { choiceField, intField, mean, type Option } from '../../../engine/tool-inputs.ts';
