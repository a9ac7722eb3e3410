/**
 * Experience (Table 15.7, [P G-97]): an action gives a chance to improve a talent, halved for
 * each level beyond aptitude (S4.4.5), with the aptitude-growth table (G-45) and the
 * special-alignment rule (G-95). Local helper of the world & knowledge orders (EX, SP); the
 * kingdom domain's training code may offer the canonical one.
 */
import type { Character, CharCode } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';

/** S4.4.5: chance the aptitude rises, by the talent reached before the gain (G-45). */
const APTITUDE_GROWTH = [0, 0.1, 0.25, 0.5, 1, 0.8, 0.6, 0.4, 0.2];

/** Chance that an experience roll of `base` raises the talent (0 when G-95 forbids it). */
export function experienceChance(c: Character, code: CharCode, base: number): number {
  if ((c.alignment === 'Divine' || c.alignment === 'Undead') && c.startedAtZero.includes(code)) return 0;
  if (c.talent[code] >= 9) return 0;
  return base * 0.5 ** Math.max(0, c.talent[code] + 1 - c.aptitude[code]);
}

/** Rolls Table 15.7 experience; on success raises the talent (and maybe aptitude) and emits `experience-gain`. */
export function gainExperience(ctx: TurnCtx, c: Character, code: CharCode, base: number): boolean {
  const p = experienceChance(c, code, base);
  if (p <= 0 || !ctx.rng.chance(p)) return false;
  const before = c.talent[code];
  c.talent[code] = before + 1;
  let aptitudeUp = false;
  if (c.talent[code] > c.aptitude[code] && ctx.rng.chance(APTITUDE_GROWTH[before] ?? 0)) {
    c.aptitude[code] += 1;
    aptitudeUp = true;
  }
  ctx.emit({ t: 'experience-gain', to: c.kingdom === null ? [] : [c.kingdom], who: c.id, at: c.province, code, level: c.talent[code], aptitudeUp });
  return true;
}
