/**
 * The kingdom domain's steps of the turn sequence (G-65), called by turn/turn.ts in that order.
 * OWNER: kingdom helper (fills the bodies; keeps the names and signatures).
 */
import type { TurnCtx } from '../turn/context.ts';

/** Pre-turn: Evil and Undead break orders take effect at the start of the turn (§10.4). */
export function applyEarlyBreaks(_ctx: TurnCtx): void {}
/** Pre-turn: Druid mutual alliances pre-scan (retroactive, G-90). */
export function druidPrescan(_ctx: TurnCtx): void {}
/** Pre-turn: assign the Royal Heir's characteristics when ordered (G-11); treasury at turn start. */
export function preTurn(_ctx: TurnCtx): void {}
/** End of turn d: income. */
export function income(_ctx: TurnCtx): void {}
/** End of turn e: scientific exchanges (S5.4.5). */
export function scienceExchange(_ctx: TurnCtx): void {}
/** End of turn f: expenses, Heroes then armies (G-10). */
export function expenses(_ctx: TurnCtx): void {}
/** End of turn g: treaty orders, relations update. */
export function treaties(_ctx: TurnCtx): void {}
/** End of turn i: offices, merit, standings. */
export function offices(_ctx: TurnCtx): void {}
/** End of turn j: victory check (G-92). */
export function victory(_ctx: TurnCtx): void {}
