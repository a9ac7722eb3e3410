/**
 * Experience from casting (Table 15.7: 10 % in the college for an action or combat spell),
 * subject to the aptitude halving of S4.4.5 and the aptitude growth table (G-97, G-45), and to
 * the special-alignment rule (G-95: a characteristic that started at 0 is never improved under a
 * Divine or Undead King). A local copy of the training rule so that magic does not depend on
 * the PR order's module.
 */
import type { Character, CharCode } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';

/** Chance aptitude rises by 1 when a gain takes talent above aptitude, indexed by the talent before the gain (S4.4.5, G-45). */
export const APTITUDE_GROWTH = [0, 0.10, 0.25, 0.50, 1.00, 0.80, 0.60, 0.40, 0.20];
const MAX_LEVEL = 9;

export function experience(ctx: TurnCtx, c: Character, code: CharCode, base: number): boolean {
  const t = c.talent[code];
  if (t >= MAX_LEVEL) return false;
  if (c.kingdom !== null && c.startedAtZero.includes(code)) {
    const k = ctx.s.kingdoms[c.kingdom];
    if (k && (k.alignment === 'Divine' || k.alignment === 'Undead')) return false; // G-95
  }
  const next = t + 1;
  const p = base * Math.pow(0.5, Math.max(0, next - c.aptitude[code]));
  if (!ctx.rng.chance(p)) return false;
  c.talent[code] = next;
  if (next > c.aptitude[code] && ctx.rng.chance(APTITUDE_GROWTH[t] ?? 0)) c.aptitude[code] += 1;
  ctx.emit({ t: 'magic-experience', to: c.kingdom === null ? [] : [c.kingdom], who: c.id, at: c.province, code, level: next });
  return true;
}
