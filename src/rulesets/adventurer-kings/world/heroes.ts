/**
 * Making characters ([P G-02]): talents (4 levels, at most 2 per characteristic), aptitudes
 * (max(talent, roll 0/1/2 at 50/35/15 %), doubled in the alignment's favoured magic and special
 * aptitude, Table 15.4 NB 2), the special-alignment rules (§13, G-96), the default special plan (G-37).
 * Exported for other domains (the Royal Heir's aptitudes are "rolled as in G-02", G-11).
 */
import type { Rng } from '../../../engine/rng.ts';
import type { Alignment, Character, CharCode, Levels, Race, Role, Tactic, Temperament } from '../state.ts';
import { CHAR_CODES, TEMPERAMENTS } from '../state.ts';
import { WORLD_DEFAULTS } from './constants.ts';

type WorldCfg = typeof WORLD_DEFAULTS;

/** Table 15.4: favoured magic and special aptitude (aptitude doubled). Divine and Undead have none (S5.7). */
export const FAVOURED: Partial<Record<Alignment, [CharCode, CharCode]>> = {
  Good: ['Wh', 'Sa'], Druid: ['Ps', 'Dr'], Neutral: ['Il', 'Sp'], Pagan: ['El', 'Ex'], Evil: ['Ne', 'Th'],
};

/** §13.2–13.3: Divine cannot put points into Necromancy, Undead into White Magic (locked at 0/0). */
export function lockedCode(a: Alignment): CharCode | null {
  return a === 'Divine' ? 'Ne' : a === 'Undead' ? 'Wh' : null;
}

export function zeroLevels(): Levels {
  return Object.fromEntries(CHAR_CODES.map((c) => [c, 0])) as Levels;
}

/** `n` random talent levels, at most `maxPer` per characteristic, never in `locked`. */
export function randomTalents(rng: Rng, n: number, maxPer: number, locked: CharCode | null = null): Levels {
  const t = zeroLevels();
  const codes = CHAR_CODES.filter((c) => c !== locked);
  for (let i = 0; i < n; i++) {
    const open = codes.filter((c) => t[c] < maxPer);
    if (open.length === 0) break;
    t[rng.pick(open)]++;
  }
  return t;
}

/**
 * A player's requested talents made legal (§15.14): each clamped to 0..maxPer, nothing in the
 * locked college, at most `n` levels in total (CHAR_CODES order), and topped up at random to `n`.
 */
export function legalTalents(rng: Rng, asked: Partial<Record<CharCode, number>> | undefined, n: number, maxPer: number, locked: CharCode | null): Levels {
  if (!asked) return randomTalents(rng, n, maxPer, locked);
  const t = zeroLevels();
  let total = 0;
  for (const c of CHAR_CODES) {
    if (c === locked) continue;
    const v = Math.max(0, Math.min(maxPer, Math.floor(asked[c] ?? 0)));
    const take = Math.min(v, n - total);
    t[c] = take;
    total += take;
  }
  const codes = CHAR_CODES.filter((c) => c !== locked);
  while (total < n) { // each pass adds one level, or breaks when every code is full: ≤ n passes
    const open = codes.filter((c) => t[c] < maxPer);
    if (open.length === 0) break;
    t[rng.pick(open)]++;
    total++;
  }
  return t;
}

/** G-02 aptitudes: max(talent, roll), doubled in the alignment's two fields, capped at 9; the locked college is 0. */
export function rollAptitudes(rng: Rng, talent: Levels, alignment: Alignment, cfg: WorldCfg = WORLD_DEFAULTS): Levels {
  const apt = zeroLevels();
  const [p0, p1] = cfg.aptitudeRoll as number[];
  const fav: readonly CharCode[] = FAVOURED[alignment] ?? [];
  const locked = lockedCode(alignment);
  for (const c of CHAR_CODES) {
    const u = rng.next() * 100;
    const roll = u < p0! ? 0 : u < p0! + p1! ? 1 : 2;
    let a = Math.max(talent[c], roll);
    if (fav.includes(c)) a *= 2;
    apt[c] = c === locked ? 0 : Math.min(cfg.aptitudeMax, a);
  }
  return apt;
}

/** G-37: `ME` for Brave or Berserk; `FL, ME` for Cautious or Cowardly. */
export function defaultSpecialPlan(t: Temperament): Tactic[] {
  return t === 'Brave' || t === 'Berserk' ? [{ code: 'ME' }] : [{ code: 'FL' }, { code: 'ME' }];
}

/** One step along the temperament scale, in a random valid direction. */
export function temperamentStep(rng: Rng, t: Temperament): Temperament {
  const i = TEMPERAMENTS.indexOf(t);
  const options = [i - 1, i + 1].filter((j) => j >= 0 && j < TEMPERAMENTS.length);
  return TEMPERAMENTS[rng.pick(options)]!;
}

export interface CharacterSpec {
  id: number; name: string; sex: 'M' | 'F'; role: Role; kingdom: number | null; alignment: Alignment;
  temperament: Temperament; race: Race; talent: Levels; province: number;
}

/** A character record with G-02 aptitudes and the G-37 default plan. */
export function makeCharacter(rng: Rng, spec: CharacterSpec, cfg: WorldCfg = WORLD_DEFAULTS): Character {
  const aptitude = rollAptitudes(rng, spec.talent, spec.alignment, cfg);
  return {
    id: spec.id, name: spec.name, sex: spec.sex, role: spec.role, kingdom: spec.kingdom, alignment: spec.alignment,
    temperament: spec.temperament, race: spec.race, talent: { ...spec.talent }, aptitude,
    startedAtZero: CHAR_CODES.filter((c) => spec.talent[c] === 0),
    items: [], province: spec.province, alive: true, specialPlan: defaultSpecialPlan(spec.temperament),
    orderableFrom: 1, merit: {},
  };
}

/** G-96: a Divine King gets +1 White talent and aptitude, an Undead King +1 Necromancy (beyond the creation cap). */
export function applySpecialKingBonus(c: Character, cfg: WorldCfg = WORLD_DEFAULTS): void {
  const code: CharCode | null = c.alignment === 'Divine' ? 'Wh' : c.alignment === 'Undead' ? 'Ne' : null;
  if (!code) return;
  c.talent[code] += 1;
  c.aptitude[code] = Math.min(cfg.aptitudeMax, c.aptitude[code] + 1);
  c.startedAtZero = c.startedAtZero.filter((x) => x !== code);
}
