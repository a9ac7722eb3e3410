/**
 * The magic domain's steps of the turn sequence (G-65), called by turn/turn.ts.
 * OWNER: magic helper.
 */
import type { TurnCtx } from '../turn/context.ts';

/** Pre-turn: reset action-spell counts. */
export function preTurn(_ctx: TurnCtx): void {}
/** Start of each phase (≥ 2): plague spread. */
export function startOfPhase(_ctx: TurnCtx): void {}
/** End of turn a: spell expiries (PA, FL, OR, PH, Plague…), Illusory Terrain and Hide Site dissipation. Bless/Earthquake flags stay until income. */
export function endOfTurn(_ctx: TurnCtx): void {}
/** After income: clear Bless / Earthquake flags. */
export function afterIncome(_ctx: TurnCtx): void {}
