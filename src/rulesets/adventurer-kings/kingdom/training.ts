/**
 * Training (PR, S4.4.5 / §5.6): the chance of a talent gain (alone, with a teacher, in a group,
 * G-45), the halving beyond aptitude, aptitude growth, the special-alignment lock (G-95), and the
 * same machinery for experience gains (Table 15.7, G-97), which other domains call through
 * `tryImprove`. Army training (PR Ta / PR Na, G-46) and Sage discoveries (G-06) live in
 * army-training.ts and sage.ts.
 */
import type { AKConfig } from '../config.ts';
import type { AKState, Character, CharCode } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { isSpecial, rollPct } from './util.ts';

type TrainingCfg = AKConfig['kingdom']['training'];

/** % chance to gain a level from `talentBefore`, base % before halving: p = base × 0.5^max(0, new − aptitude). */
export function gainChance(cfg: TrainingCfg, basePct: number, talentBefore: number, aptitude: number): number {
  const beyond = Math.max(0, talentBefore + 1 - aptitude);
  return basePct * cfg.beyondAptitudeFactor ** beyond;
}

/** % chance that aptitude rises with a gain that takes talent above aptitude (index: talent before the gain, G-45). */
export function aptitudeGrowthChance(cfg: TrainingCfg, talentBefore: number): number {
  return cfg.aptitudeGrowthPct[talentBefore] ?? 0;
}

/**
 * G-95: characters controlled by a Divine or Undead King cannot improve a characteristic they
 * started with at 0 (when they entered play or joined the kingdom). Level 9 is the ceiling (S2.2).
 */
export function canImprove(s: AKState, cfg: TrainingCfg, c: Character, code: CharCode): boolean {
  if (c.talent[code] >= cfg.maxLevel) return false;
  const k = c.kingdom === null ? undefined : s.kingdoms[c.kingdom];
  if (k && isSpecial(k.alignment) && c.startedAtZero.includes(code)) return false;
  return true;
}

export interface Gain { chance: number; gained: boolean; aptitudeRose: boolean; blocked: boolean }

/**
 * Rolls one improvement of `code` at base chance `basePct` (%), with the aptitude halving, the
 * aptitude growth and G-95. Draws: one for the gain (when 0 < p < 100), one for aptitude growth
 * (when the gain passes aptitude and 0 < p < 100).
 */
export function improve(ctx: TurnCtx, c: Character, code: CharCode, basePct: number): Gain {
  const cfg = ctx.cfg.kingdom.training;
  if (!canImprove(ctx.s, cfg, c, code)) return { chance: 0, gained: false, aptitudeRose: false, blocked: true };
  const before = c.talent[code];
  const chance = gainChance(cfg, basePct, before, c.aptitude[code]);
  if (!rollPct(ctx.rng, chance)) return { chance, gained: false, aptitudeRose: false, blocked: false };
  c.talent[code] = before + 1;
  let aptitudeRose = false;
  if (c.talent[code] > c.aptitude[code] && rollPct(ctx.rng, aptitudeGrowthChance(cfg, before))) {
    c.aptitude[code] = Math.min(cfg.maxLevel, c.aptitude[code] + 1);
    aptitudeRose = true;
  }
  return { chance, gained: true, aptitudeRose, blocked: false };
}

/**
 * Experience (Table 15.7, G-97), the one implementation every domain calls (exploring, spying,
 * casting, encounters, armies): `basePct` is the table's chance in % (10 for exploration, 15 for
 * theft…). Emits `experience-gain` (rendered in world/messages.ts) to the character's kingdom on
 * success; `cause` says which action taught it.
 */
export function tryImprove(ctx: TurnCtx, c: Character, code: CharCode, basePct: number, cause = 'experience'): boolean {
  const g = improve(ctx, c, code, basePct);
  if (g.gained) {
    ctx.emit({ t: 'experience-gain', to: c.kingdom === null ? [] : [c.kingdom], who: c.id, at: c.province, code, level: c.talent[code], aptitudeUp: g.aptitudeRose, cause });
  }
  return g.gained;
}

/** How a participant trains, given the group's talents (ignoring items, G-45). */
export type TrainMode = 'alone' | 'taught' | 'peers' | 'teaching';

/**
 * G-45: alone → 5 %; strictly below the group's best → 100 % (taught); everyone equal → 10 %
 * (peers); tied at the top of an unequal group → no gain (teaching). Before halving.
 */
export function trainingMode(self: number, group: number[]): TrainMode {
  if (group.length <= 1) return 'alone';
  const max = Math.max(...group);
  if (self < max) return 'taught';
  return group.every((t) => t === max) ? 'peers' : 'teaching';
}

export function modeBasePct(cfg: TrainingCfg, mode: TrainMode): number {
  switch (mode) {
    case 'alone': return cfg.alonePct;
    case 'taught': return cfg.teacherPct;
    case 'peers': return cfg.groupEqualPct;
    case 'teaching': return 0;
  }
}
