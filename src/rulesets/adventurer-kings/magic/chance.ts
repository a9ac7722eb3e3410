/**
 * Spell chances and limits (rules S3.1; §3.4.7, §5.12, §6.6; TV-04, TV-05; G-05, G-07).
 *
 * - Action spell: 15 % + 15 % × level; combat spell: 30 % + 15 % × level.
 * - +10 % for Pagan characters of a Pagan King, except White Magic (Order of Magicians).
 * - Cap 95 %; talent 0 in the college: cannot cast (chance 0).
 * - "Level" is the college talent, with item and invention bonuses (G-07).
 * - Action spells per turn per college: 1 at talent 1–2, 2 at 3, 3 at ≥ 4 (G-05).
 * - Combat spells per encounter per college: 1 at talent 1, 2 at ≥ 2.
 */
import type { AKConfig } from '../config.ts';
import type { AKState, Character, College } from '../state.ts';
import { talent } from '../characters.ts';
import { type SpellCode, spellCollege } from './spells.ts';

type MagicCfg = AKConfig['magic'];

/** A probability rounded to 1e-9 and clamped to [0, 1], so that 0.1 × 3 is exactly 0.3 (a draw of 0.30 then misses, G-00). */
export function prob(x: number): number {
  return Math.max(0, Math.min(1, Math.round(x * 1e9) / 1e9));
}

/** The formula of TV-04: a pure function of the level, kind and Order-of-Magicians bonus. */
export function spellChanceFor(cfg: MagicCfg, level: number, kind: 'action' | 'combat', paganBonus: boolean, college: College): number {
  if (level <= 0) return 0;
  let p = (kind === 'action' ? cfg.actionBase : cfg.combatBase) + cfg.perLevel * level;
  if (paganBonus && college !== 'Wh') p += cfg.paganOrderBonus;
  return prob(Math.min(cfg.cap, p));
}

/** A Pagan character controlled by a Pagan King (Order of Magicians, §3.4.1). */
export function inPaganOrder(s: AKState, c: Character): boolean {
  if (c.alignment !== 'Pagan' || c.kingdom === null) return false;
  const k = s.kingdoms[c.kingdom];
  if (!k) return false;
  const king = s.characters[k.king];
  return (king?.alignment ?? k.alignment) === 'Pagan';
}

/** The college level a character casts a spell at (talent with bonuses, G-07). */
export function casterLevel(s: AKState, c: Character, code: SpellCode): number {
  return talent(s, c, spellCollege(code, c.alignment));
}

/** A character's chance to cast one spell (action or combat). */
export function spellChance(s: AKState, cfg: MagicCfg, c: Character, code: SpellCode, kind: 'action' | 'combat'): number {
  const college = spellCollege(code, c.alignment);
  return spellChanceFor(cfg, talent(s, c, college), kind, inPaganOrder(s, c), college);
}

/** Action spells a character may cast per turn from a college of this talent (0 at talent 0). */
export function actionSpellsPerTurn(cfg: MagicCfg, level: number): number {
  if (level <= 0) return 0;
  const t = cfg.actionPerTurn;
  return t[Math.min(level, t.length) - 1]!;
}

/** Combat spells a character may cast per encounter from a college of this talent (0 at talent 0). */
export function combatSpellsPerEncounter(cfg: MagicCfg, level: number): number {
  if (level <= 0) return 0;
  const t = cfg.combatPerEncounter;
  return t[Math.min(level, t.length) - 1]!;
}

/** Action spells of that college the character may still cast this turn. */
export function actionSpellsLeft(s: AKState, cfg: MagicCfg, c: Character, college: College): number {
  const used = c.spellsThisTurn?.[college] ?? 0;
  return Math.max(0, actionSpellsPerTurn(cfg, talent(s, c, college)) - used);
}

/** Counts one action spell cast (or attempted: a failed spell still uses the opportunity, S3.1). */
export function countActionSpell(c: Character, college: College): void {
  c.spellsThisTurn ??= {};
  c.spellsThisTurn[college] = (c.spellsThisTurn[college] ?? 0) + 1;
}
