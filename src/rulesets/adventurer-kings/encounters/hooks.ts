/**
 * The encounters domain's steps of the turn sequence (G-65), called by turn/turn.ts.
 * OWNER: encounters helper.
 */
import type { TurnCtx } from '../turn/context.ts';

/** Pre-turn: stealth rolls (Table 15.5), once per character with a qualifying order (SP, TR, ST in a plan). */
export function preTurn(_ctx: TurnCtx): void {}
/** End of turn c: monster boldness and ravaging (G-14); h: wandering Heroes move (G-12). */
export function endOfTurn(_ctx: TurnCtx): void {}
