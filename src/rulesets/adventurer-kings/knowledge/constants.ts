/**
 * Rules constants of the knowledge domain: every number of the rules text (and every [P G-nn]
 * proposed resolution) this domain applies, in one table a host can override per game
 * (config.ts merges the host's overrides; tests change them and see the outcome change).
 */
import { bool, int, list, num, type BoundsOf } from '../../../engine/constants.ts';

export const KNOWLEDGE_DEFAULTS = {
  // ── Table 15.5 (Espionage), indexed by Spy level 0–4 (levels above 4 read the last column, G-05) ──
  /** % chance not to be noticed. */
  notNoticed: [0, 50, 75, 88, 95],
  /** Error margin on reports, %. */
  spyMargin: [70, 55, 40, 28, 15],
  /** % to track or pursue (used by the encounters domain). */
  trackPursue: [50, 100, 150, 200, 250],

  // ── G-50: knowledge from movement ──
  /** Entering P raises knowledge by max(entryMin, floor(base % / entryDivisor)): Plain +10, Desert +5, Jungle +2, Forest +3, Mountain +3, Sea +5. */
  entryDivisor: 5,
  entryMin: 1,
  /** G-50 raises knowledge on every entry ("moving implies a partial exploration", §5.9); false: first entry only. */
  entryEveryTime: true,

  // ── §2.2 income bands (G-56 display) ──
  bandPoorMax: 2,
  bandProsperousMax: 6,

  // ── G-47 spy reports ──
  /** A character present is omitted from a military report with probability m × this (G-47: m/2). */
  omitCharacterFactor: 0.5,
  /** Table 15.7: spying 10 % Spy. */
  spyExperience: 0.1,

  // ── G-48 stealing inventions ──
  /** Chance per SP in a province owned by another kingdom = this % × max(1, Sa). */
  inventionTheftPerSa: 10,
  /** Chancellor merit for a stolen invention. */
  inventionTheftMerit: 1,
};

/** Type and bounds of every knowledge constant (engine/constants.ts): percentages 0–100, divisors ≥ 1. */
const pct = int(0, 100);
export const KNOWLEDGE_BOUNDS = {
  notNoticed: list(pct, 5, 5), spyMargin: list(pct, 5, 5), trackPursue: list(int(0, 1000), 5, 5),
  entryDivisor: num(1, 100), entryMin: int(0, 100), entryEveryTime: bool(),
  bandPoorMax: int(0, 20), bandProsperousMax: int(0, 20), omitCharacterFactor: num(0, 10), spyExperience: num(0, 1),
  inventionTheftPerSa: pct, inventionTheftMerit: int(0, 100),
} satisfies BoundsOf<typeof KNOWLEDGE_DEFAULTS>;
