/**
 * Valhalla's part in the turn (§12.3), called by turn/turn.ts: at the end of every turn, the
 * entrants of a game that has just ended (after G-65 j), or else the visitors who leave and those
 * who come for the next turn; and before a visitor's order, whether he has an action left.
 */
import type { TurnCtx } from '../turn/context.ts';
import { entrantsAtEnd } from './entry.ts';
import { visitsForNextTurn } from './visits.ts';

export { visitorActionRefused } from './visits.ts';

export function endOfTurn(ctx: TurnCtx): void {
  if (ctx.s.finished) entrantsAtEnd(ctx.s, ctx.cfg, ctx.emit);
  else visitsForNextTurn(ctx);
}
