/**
 * The kingdom domain's steps of the turn sequence (G-65), called by turn/turn.ts in that order.
 * The turn also calls `ensureSuccession` (kingdom/succession.ts) after every phase.
 */
import type { TurnCtx } from '../turn/context.ts';
import * as diplomacy from './diplomacy.ts';
import { collectIncome, payExpenses } from './economy.ts';
import { officesStep } from './offices.ts';
import { scoreTitles } from './titles.ts';
import { assignHeir, ensureSuccession } from './succession.ts';
import { kscratch } from './util.ts';
import { victoryCheck } from './victory.ts';

/** Pre-turn: Evil and Undead break orders take effect at the start of the turn (§10.4). */
export function applyEarlyBreaks(ctx: TurnCtx): void {
  kscratch(ctx);
  diplomacy.applyEarlyBreaks(ctx);
}
/** Pre-turn: Druid mutual alliances pre-scan (retroactive, G-90). */
export function druidPrescan(ctx: TurnCtx): void {
  diplomacy.druidPrescan(ctx);
}
/**
 * Pre-turn: treasury at turn start (the gift limit, §5.4), characters orderable again from phase 1
 * (those hired, charmed or raised late last turn), and the Royal Heir's characteristics (G-11).
 */
export function preTurn(ctx: TurnCtx): void {
  for (const k of Object.values(ctx.s.kingdoms)) k.treasuryAtTurnStart = k.treasury;
  for (const c of Object.values(ctx.s.characters)) if (c.kingdom !== null && c.orderableFrom > 1) c.orderableFrom = 1;
  assignHeir(ctx);
}
/** End of turn d: income. */
export function income(ctx: TurnCtx): void {
  trainingYear(ctx);
  collectIncome(ctx);
}
/** End of turn e: scientific exchanges (S5.4.5). */
export function scienceExchange(ctx: TurnCtx): void {
  diplomacy.scienceExchange(ctx);
}
/** End of turn f: expenses, Heroes then armies (G-10), and the treasury statement. */
export function expenses(ctx: TurnCtx): void {
  payExpenses(ctx);
}
/** End of turn g: treaty orders, relations update, diplomatic reports. */
export function treaties(ctx: TurnCtx): void {
  diplomacy.resolveTreaties(ctx);
}
/**
 * End of turn i: succession check and the merit lost by this turn's dead (G-88); the standings
 * are rendered from `standings`. (Temperament drift, G-08, is rolled by the encounters domain as
 * each encounter ends, encounters/outcome.ts.)
 */
export function offices(ctx: TurnCtx): void {
  ensureSuccession(ctx);
  officesStep(ctx);
  scoreTitles(ctx); // Super AK's Royal Titles (§14.3, [P V-10]), scored like the Offices
}
/** End of turn j: victory check (G-92). */
export function victory(ctx: TurnCtx): void {
  victoryCheck(ctx);
}

/**
 * The year's training, one event per character (issue 17 §2: « training lines folded into one
 * line per character per year »), from the seasons orders/pr.ts kept, in character id order.
 */
function trainingYear(ctx: TurnCtx): void {
  const year = kscratch(ctx).trainingYear ?? {};
  for (const id of Object.keys(year).map(Number).sort((a, b) => a - b)) {
    const c = ctx.s.characters[id];
    if (!c || c.kingdom === null) continue;
    ctx.emit({ t: 'training-year', to: [c.kingdom], who: id, at: c.province, seasons: year[id]! });
  }
  kscratch(ctx).trainingYear = {};
}
