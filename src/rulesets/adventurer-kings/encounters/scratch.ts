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
}

export function escratch(ctx: TurnCtx): EncScratch {
  const cur = ctx.scratch.encounters as EncScratch | undefined;
  if (cur) return cur;
  const s: EncScratch = { fought: new Set<number>(), talked: new Set<number>(), enDone: new Set<string>(), patrolFrom: {}, eventsUsed: new Set<string>() };
  ctx.scratch.encounters = s;
  return s;
}
