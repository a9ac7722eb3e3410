/**
 * Army training by PR Ta / PR Na (S4.4.5, G-46): PR Ta trains the leader's land and air armies,
 * PR Na his FL, WH and ME armies. All armies in the province whose leaders run the same training
 * that phase form one inspiration pool (snapshot at the first leader's turn, so that the order
 * of execution does not matter); each eligible army rolls once; a step needs an army of the
 * target quality in the pool, except Reduced → Green. DRILL doubles the chances (G-06, its
 * catalogue entry's trainingFactor).
 */
import type { AKState, Army, ArmyType, Character } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { INVENTIONS } from '../world/inventions.ts';
import { kscratch, rollPct, sortedIds } from './util.ts';

const NAVAL: ReadonlySet<ArmyType> = new Set(['FL', 'WH', 'ME']);

export function trainsWith(code: 'Ta' | 'Na', type: ArmyType): boolean {
  return code === 'Na' ? NAVAL.has(type) : !NAVAL.has(type);
}

function ledArmies(ctx: TurnCtx, leader: number, code: 'Ta' | 'Na'): Army[] {
  return sortedIds(ctx.s.armies).map((id) => ctx.s.armies[id]!)
    .filter((a) => a.leader === leader && a.status === 'Led' && trainsWith(code, a.type));
}

/** Leaders training `code` this phase in the province (from the sheets), the current one included. */
function poolLeaders(ctx: TurnCtx, c: Character, code: 'Ta' | 'Na'): number[] {
  const ids = new Set<number>([c.id]);
  for (const kid of sortedIds(ctx.sheets)) {
    const sheet = ctx.sheets[kid]!;
    for (const cid of sortedIds(sheet.characters)) {
      const slot = sheet.characters[cid]!.phases[ctx.phase - 1];
      const other = ctx.s.characters[cid];
      if (!slot || slot.code !== 'PR' || slot.value !== code || !other || !other.alive) continue;
      if (other.kingdom !== kid || other.province !== c.province || other.orderableFrom > ctx.phase) continue;
      ids.add(cid);
    }
  }
  return [...ids].sort((a, b) => a - b);
}

/** % chance for an army of quality q to rise one level (before inspiration). */
export function armyStepChance(ctx: TurnCtx, q: number, factor = 1): number {
  return Math.min(100, (ctx.cfg.kingdom.training.armyStepPct[q] ?? 0) * factor);
}

/** Product of the kingdom's inventions' army-training factors (DRILL ×2, G-06). */
export function trainingFactor(s: AKState, kingdom: number | null): number {
  let f = 1;
  if (kingdom !== null) for (const code of s.kingdoms[kingdom]?.inventions ?? []) f *= INVENTIONS[code]?.trainingFactor ?? 1;
  return f;
}

/** Trains the leader's eligible armies; returns the armies that improved. */
export function trainArmies(ctx: TurnCtx, c: Character, code: 'Ta' | 'Na'): { army: number; from: number; to: number }[] {
  const sc = kscratch(ctx);
  const key = `${ctx.phase}/${c.province}/${code}`;
  let pool = sc.armyPools[key];
  if (!pool) {
    pool = [];
    for (const l of poolLeaders(ctx, c, code)) for (const a of ledArmies(ctx, l, code)) if (a.province === c.province) pool.push(a.quality);
    sc.armyPools[key] = pool;
  }
  const out: { army: number; from: number; to: number }[] = [];
  for (const a of ledArmies(ctx, c.id, code)) {
    if (a.province !== c.province || a.quality >= 5) continue;
    const from = a.quality;
    const target = from + 1;
    if (from > 0 && !pool.includes(target)) continue;
    if (!rollPct(ctx.rng, armyStepChance(ctx, from, trainingFactor(ctx.s, a.kingdom)))) continue;
    a.quality = target as Army['quality'];
    out.push({ army: a.id, from, to: target });
    if (c.kingdom !== null) ctx.emit({ t: 'army-trained', to: [c.kingdom], who: c.id, at: c.province, army: a.id, type: a.type, from, quality: target });
  }
  return out;
}
