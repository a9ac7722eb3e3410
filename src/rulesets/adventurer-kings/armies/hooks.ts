/**
 * The armies domain's steps of the turn sequence (G-65), called by turn/turn.ts.
 * OWNER: armies helper (fills the bodies; keeps the names and signatures).
 */
import type { TurnCtx } from '../turn/context.ts';

/** Pre-turn: reset MP, recruitment counters, transport flags. */
export function preTurn(_ctx: TurnCtx): void {}
/** Start of each phase: DE counter-attack moves (G-42); contested forced battles flagged (phase 1). */
export function startOfPhase(_ctx: TurnCtx): void {}
/** End of each phase: resolve all battles (province id order; G-82), duels, pursuit, retreat, conquest, quality. */
export function endOfPhase(_ctx: TurnCtx): void {}
/** End of turn b: Were conversions, Troll regeneration, Reduced → Green. */
export function endOfTurn(_ctx: TurnCtx): void {}
/** End of turn h: mercenary drift (G-43), fallen-pool decay (G-33). */
export function drift(_ctx: TurnCtx): void {}
