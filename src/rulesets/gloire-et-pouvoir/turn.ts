/**
 * The turn as a declared list of phases (rules §3.2, canonical §5 numbering). Each phase starts
 * by freezing the aggregates (§3.3.2); the per-turn flags of Appendix B live in the context and
 * vanish with it.
 */
import type { Rng } from '../../engine/rng.ts';
import type { Ctx, TurnSheet } from './context.ts';
import { createCtx, hasLines, skipSnapshot, takeSnapshot } from './context.ts';
import type { GPEvent } from './events.ts';
import { phase1, phase2 } from './phases/p01-p02-admin.ts';
import { phase3 } from './phases/p03-economy.ts';
import { phase4, phase5, phase6 } from './phases/p04-p06-forces.ts';
import { phase7 } from './phases/p07-attacks.ts';
import { phase8 } from './phases/p08-diplomacy.ts';
import { phase9 } from './phases/p09-movement.ts';
import { phase10, phase11 } from './phases/p10-p11-jousts.ts';
import { phase12, phase13 } from './phases/p12-p13-sales-espionage.ts';
import { phase14, phase15, phase16, phase17, phase18, phase19 } from './phases/p14-p19-end-of-turn.ts';
import type { OrderCode } from './orders/types.ts';
import type { GPState, LordId } from './state.ts';

/**
 * `snapshot`: whether the phase reads the aggregates frozen at its start [T §3.3.2]; absent, it
 * always does. The snapshot is only ever read, so a phase that reads none needs none taken, and
 * taking it is most of a large turn's cost (global renown of every lord, 19 times). A phase that
 * reads it only to order its lines (forEachOrder) needs it only when some sheet holds such a line.
 * If a phase reads a snapshot it declared it would not take, `ctx.snap` throws.
 */
export interface PhaseDef { n: number; id: string; run: (ctx: Ctx) => void; snapshot?: (ctx: Ctx) => boolean }

const ordering = (...codes: OrderCode[]) => (ctx: Ctx) => hasLines(ctx, codes);

export const PHASES: readonly PhaseDef[] = [
  { n: 1, id: 'abdicate-rename', run: phase1, snapshot: (ctx) => hasLines(ctx, ['ABD', 'REN']) || Object.values(ctx.sheets).some((sh) => sh.caretaker) },
  { n: 2, id: 'demobilise-release', run: phase2, snapshot: ordering('DEM', 'LIB') },
  { n: 3, id: 'economy', run: phase3 },
  { n: 4, id: 'retreat-defence', run: phase4, snapshot: ordering('INI', 'DEF') },
  { n: 5, id: 'recruit-levy', run: phase5 },
  { n: 6, id: 'assign-transfer-garrison', run: phase6, snapshot: ordering('AFF', 'TSF', 'GAR') },
  { n: 7, id: 'attacks', run: phase7 },
  { n: 8, id: 'diplomacy', run: phase8 },
  { n: 9, id: 'movement', run: phase9, snapshot: ordering('MOV') },
  { n: 10, id: 'organise-joust', run: phase10, snapshot: ordering('ORG') },
  { n: 11, id: 'jousts', run: phase11 },
  { n: 12, id: 'sales', run: phase12, snapshot: ordering('VND', 'ACH') },
  { n: 13, id: 'espionage', run: phase13, snapshot: ordering('ESP') },
  { n: 14, id: 'migration-revolt-memory', run: phase14, snapshot: () => false },
  { n: 15, id: 'upkeep-desertion', run: phase15 },
  { n: 16, id: 'fortifications', run: phase16, snapshot: ordering('FOR') },
  { n: 17, id: 'titles', run: phase17 },
  { n: 18, id: 'repatriation', run: phase18 },
  { n: 19, id: 'victory', run: phase19 },
];

/** Resolves one turn in place on `state` (the caller passes a copy) and returns its events. */
/** `everySnapshot`: take the snapshot at every phase, as the rules state it (a test checks that skipping changes nothing). */
export function resolveTurn(state: GPState, sheets: Record<LordId, TurnSheet>, rng: Rng, until = 19, everySnapshot = false): { state: GPState; events: GPEvent[]; ctx: Ctx } {
  if (state.finished) throw new Error('the game is over');
  const ctx = createCtx(state, sheets, rng);
  for (const l of Object.values(state.lords)) if (l.alive) ctx.flags.startTreasury[l.id] = l.treasury;
  for (const p of PHASES) {
    if (p.n > until) break;
    ctx.phase = p.n;
    if (everySnapshot || !p.snapshot || p.snapshot(ctx)) takeSnapshot(ctx); else skipSnapshot(ctx);
    p.run(ctx);
  }
  // Appendix B: per-army flags reset at turn end.
  for (const a of Object.values(state.armies)) { a.defThreshold = null; a.receivedTransfer = false; }
  if (!state.finished && until >= 19) state.turn += 1;
  return { state, events: ctx.events, ctx };
}
