/**
 * The knowledge domain's steps of the turn sequence (G-65), called by turn/turn.ts.
 * OWNER: world & knowledge helper.
 */
import type { TurnCtx } from '../turn/context.ts';

/** End of each phase e: noticing and knowledge updates (presence, adjacency, owners). */
export function endOfPhase(_ctx: TurnCtx): void {}
/** End of turn k: passive spy contributions (G-47). */
export function endOfTurn(_ctx: TurnCtx): void {}
