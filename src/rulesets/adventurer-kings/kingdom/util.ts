/**
 * Small shared helpers of the kingdom domain: percentage rolls, sorted ids, tax bases,
 * alignment distance.
 */
import type { Rng } from '../../../engine/rng.ts';
import type { AKState, Alignment, Character, Kingdom } from '../state.ts';
import { ALIGNMENTS, TEMPERAMENTS, type Temperament } from '../state.ts';
import { neighboursIn } from '../world/geometry.ts';

/**
 * "x %" (G-00): success if u < x/100. Certain and impossible chances draw nothing, so that the
 * stream (and scripted tests) only see the real gambles.
 */
export function rollPct(rng: Rng, pct: number): boolean {
  if (pct <= 0) return false;
  if (pct >= 100) return true;
  return rng.chance(pct / 100);
}

export function sortedIds(rec: Record<number, unknown>): number[] {
  return Object.keys(rec).map(Number).sort((a, b) => a - b);
}

/** Live kingdoms (not eliminated), by id. */
export function liveKingdoms(s: AKState): Kingdom[] {
  return sortedIds(s.kingdoms).map((id) => s.kingdoms[id]!).filter((k) => !k.eliminated);
}

/** The kingdom's total base tax of the provinces it owns (S5.6.2 votes, Emperor merit, G-88). */
export function kingdomTaxBase(s: AKState, kingdom: number): number {
  let t = 0;
  for (const p of Object.values(s.provinces)) if (p.owner === kingdom) t += p.taxBase;
  return t;
}

/** The world's total tax base (all provinces). */
export function worldTaxBase(s: AKState): number {
  let t = 0;
  for (const p of Object.values(s.provinces)) t += p.taxBase;
  return t;
}

export function alignmentDistance(a: Alignment, b: Alignment): number {
  return Math.abs(ALIGNMENTS.indexOf(a) - ALIGNMENTS.indexOf(b));
}

export function temperamentDistance(a: Temperament, b: Temperament): number {
  return Math.abs(TEMPERAMENTS.indexOf(a) - TEMPERAMENTS.indexOf(b));
}

/** Kingdoms a and b own adjacent provinces (S5.4.5). */
export function kingdomsAdjacent(s: AKState, a: number, b: number): boolean {
  for (const p of Object.values(s.provinces)) {
    if (p.owner !== a) continue;
    for (const n of neighboursIn(s, p.id)) if (s.provinces[n]!.owner === b) return true;
  }
  return false;
}

/** Divine and Undead are the special alignments (§13). */
export function isSpecial(a: Alignment): boolean {
  return a === 'Divine' || a === 'Undead';
}

/** The kingdom's current King character (the Heir counts as King, G-11). */
export function kingOf(s: AKState, kingdom: number): Character | undefined {
  const k = s.kingdoms[kingdom];
  return k ? s.characters[k.king] : undefined;
}

/** The character is his kingdom's current King (or the Heir who replaced him). */
export function isKing(s: AKState, c: Character): boolean {
  return c.kingdom !== null && s.kingdoms[c.kingdom]?.king === c.id;
}

/** Per-turn working data of the kingdom domain. */
/** One season of PR training (orders/pr.ts), kept for the year's folded line (issue 17 §2). */
export interface TrainingSeason { phase: number; code: string; mode: string; from: number; level: number; gained: boolean; aptitudeRose: boolean; blocked: boolean; partners: number[] }

export interface KingdomScratch {
  /** PR seasons of this turn, per character, folded into one `training-year` event at the end of the turn. */
  trainingYear?: Record<number, TrainingSeason[]>;
  /** Gold given by each kingdom this turn (TV-22, cumulative). */
  gifted: Record<number, number>;
  /** Gold received from gifts, per kingdom. */
  received: Record<number, number>;
  /** Wages paid on hiring, per kingdom. */
  hiring: Record<number, number>;
  /** Treasury just before income, and income details, per kingdom (treasury statement). */
  beforeIncome: Record<number, number>;
  income: Record<number, { taxes: number; provinces: number; ravaged: number[]; blessed: number[]; quaked: number[]; inventions: number; byProvince: [number, number][] }>;
  /** Pairs `a-b` (a < b) made Allied at the start of the turn by the Druid pre-scan (G-90). */
  druidAllied: string[];
  /** Relation changes this turn, for the diplomatic report. */
  changes: { a: number; b: number; from: string; to: string; cause: string }[];
  /** Conditional gives awaiting their counterpart this phase (G-44). */
  pendingGives: { phase: number; giver: number; item: number; to: number; against: number; text: string }[];
  /** Items received by GI this turn, with the phase (S4.4.3 / §5.4: the conditional form completes on "receives … in the same phase"). */
  receivedItems: { phase: number; to: number; item: number }[];
  /** Group-training snapshots: key `phase/province/code` → talents at the first participant's turn. */
  groups: Record<string, Record<number, number>>;
  /** Army-training inspiration pools: key `phase/province/Ta|Na` → qualities present at the first leader's turn. */
  armyPools: Record<string, number[]>;
}

export function kscratch(ctx: { scratch: Record<string, any> }): KingdomScratch {
  let k = ctx.scratch.kingdom as KingdomScratch | undefined;
  if (!k) {
    k = ctx.scratch.kingdom = {
      gifted: {}, received: {}, hiring: {}, beforeIncome: {}, income: {}, druidAllied: [], changes: [],
      pendingGives: [], receivedItems: [], groups: {}, armyPools: {},
    } satisfies KingdomScratch;
  }
  return k;
}

export function pairKey(a: number, b: number): string {
  return a < b ? `${a}-${b}` : `${b}-${a}`;
}
