/**
 * Plague (§4.5c, G-35, TV-36): each army of a humanoid race (Human, Elf, Dwarf, Orc) in the
 * plagued province is destroyed with c = 10 % + 10 % × L; survivors are immune for the rest of
 * the turn — a later exposure costs them one quality level instead (reading A; reading B, a
 * config switch, takes the quality level from the survivors of the first exposure at once).
 * At the start of each later phase each plagued province spreads to each adjacent unplagued
 * province with 15 % (a province is plagued at most once per turn: no stacking).
 * Losses to plague create no fallen record (G-33).
 */
import type { AKState, Army, Quality } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { armiesIn, removeArmy, sortedIds } from './util.ts';
import { neighboursIn } from '../world/geometry.ts';
import { prob } from './chance.ts';

const HUMANOID = new Set(['Human', 'Elf', 'Dwarf', 'Orc']);

export function plagueChance(cfg: TurnCtx['cfg']['magic'], level: number): number {
  return prob(cfg.plagueBase + cfg.plaguePerLevel * level);
}

export interface PlagueToll { destroyed: { id: number; type: string; kingdom: number | null }[]; weakened: { id: number; type: string; kingdom: number | null }[] }

/** Exposes the humanoid armies of a province to a plague of chance c; returns the toll. */
export function exposeToPlague(ctx: TurnCtx, province: number, c: number): PlagueToll {
  const toll: PlagueToll = { destroyed: [], weakened: [] };
  for (const a of armiesIn(ctx.s, province)) {
    if (!HUMANOID.has(a.race)) continue;
    const hit = ctx.rng.chance(c);
    const rec = { id: a.id, type: a.type, kingdom: a.kingdom };
    if (a.plagueSurvivor) {
      // G-35 reading A: immune survivors lose a quality level instead of being destroyed (Reduced stays Reduced).
      if (hit && a.quality > 0) { a.quality = (a.quality - 1) as Quality; toll.weakened.push(rec); }
      continue;
    }
    if (hit) { removeArmy(ctx.s, a.id); toll.destroyed.push(rec); continue; }
    a.plagueSurvivor = true;
    if (ctx.cfg.magic.plagueReadingB && a.quality > 0) { a.quality = (a.quality - 1) as Quality; toll.weakened.push(rec); }
  }
  return toll;
}

/** Marks a province plagued this phase and exposes its armies; false if it already was (no stacking). */
export function plagueProvince(ctx: TurnCtx, province: number, c: number): PlagueToll | null {
  const p = ctx.s.provinces[province];
  if (!p) return null;
  p.effects ??= {};
  if (p.effects.plague) return null;
  p.effects.plague = { chance: c, fromPhase: ctx.phase };
  return exposeToPlague(ctx, province, c);
}

/** Start of phase ≥ 2: every province plagued in an earlier phase spreads to each adjacent unplagued one (15 %). */
export function spreadPlague(ctx: TurnCtx): void {
  const s: AKState = ctx.s;
  const sources = sortedIds(s.provinces).filter((id) => {
    const pl = s.provinces[id]!.effects?.plague;
    return pl !== undefined && pl.fromPhase < ctx.phase;
  });
  for (const src of sources) {
    const c = s.provinces[src]!.effects!.plague!.chance;
    for (const n of neighboursIn(s, src)) {
      if (s.provinces[n]!.effects?.plague) continue;
      if (!ctx.rng.chance(ctx.cfg.magic.plagueSpread)) continue;
      const toll = plagueProvince(ctx, n, c);
      if (toll) emitPlagueToll(ctx, n, src, toll);
    }
  }
}

function emitPlagueToll(ctx: TurnCtx, province: number, from: number, toll: PlagueToll): void {
  const owner = ctx.s.provinces[province]!.owner;
  const kingdoms = new Set<number>();
  if (owner !== null) kingdoms.add(owner);
  for (const r of [...toll.destroyed, ...toll.weakened]) if (r.kingdom !== null) kingdoms.add(r.kingdom);
  for (const k of [...kingdoms].sort((a, b) => a - b)) {
    ctx.emit({
      t: 'plague-spread', to: [k], at: province, from,
      destroyed: toll.destroyed.filter((r) => r.kingdom === k), weakened: toll.weakened.filter((r) => r.kingdom === k),
    });
  }
}

export function clearPlagueFlags(s: AKState): void {
  for (const id of sortedIds(s.armies)) delete (s.armies[id] as Army).plagueSurvivor;
}
