/** The encounters domain's per-turn working data (`ctx.scratch.encounters`). */
import type { TurnCtx } from '../turn/context.ts';

export interface EncScratch {
  /** Sites whose guardian was fought / talked to this turn (G-14 boldness). */
  fought: Set<number>;
  talked: Set<number>;
  /** Characters whose EN of this phase was already consumed by a mutual EN (G-57): key `${phase}:${id}`. */
  enDone: Set<string>;
  /** Patrol start phase this turn, per patroller (G-55). */
  patrolFrom: Record<number, number>;
  /** Special events used: `${site}:${phase}` (once per phase) and `${site}:year` (G-19). */
  eventsUsed: Set<string>;
  /** Characters who ended an action in the current phase (`acted.phase`), for the patrol's choice of intruder (G-55). */
  acted: { phase: number; ids: Set<number> };
  /**
   * Where every character stood at the start of the current phase (§7.1 "travels with the army"):
   * `last` is refreshed after every action (and in the pre-turn); the first look in a new phase
   * freezes it as `start`.
   */
  positions: { phase: number; start: Record<number, number>; last: Record<number, number> };
}

export function escratch(ctx: TurnCtx): EncScratch {
  const cur = ctx.scratch.encounters as EncScratch | undefined;
  if (cur) return cur;
  const s: EncScratch = {
    fought: new Set<number>(), talked: new Set<number>(), enDone: new Set<string>(), patrolFrom: {}, eventsUsed: new Set<string>(),
    acted: { phase: -1, ids: new Set<number>() }, positions: { phase: -1, start: {}, last: snapshot(ctx) },
  };
  ctx.scratch.encounters = s;
  return s;
}

function snapshot(ctx: TurnCtx): Record<number, number> {
  const out: Record<number, number> = {};
  for (const id of Object.keys(ctx.s.characters).map(Number).sort((a, b) => a - b)) out[id] = ctx.s.characters[id]!.province;
  return out;
}

/** The province `id` stood in at the start of the current phase (undefined if unknown). */
export function phaseStart(ctx: TurnCtx, id: number): number | undefined {
  const p = escratch(ctx).positions;
  if (p.phase !== ctx.phase) { p.start = { ...p.last }; p.phase = ctx.phase; }
  return p.start[id];
}

/** After an action: remember where everyone stands (the start of the next phase, unless more happens). */
export function observePositions(ctx: TurnCtx): void {
  const p = escratch(ctx).positions;
  if (p.phase !== ctx.phase) { p.start = { ...p.last }; p.phase = ctx.phase; }
  p.last = snapshot(ctx);
}
