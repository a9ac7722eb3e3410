/**
 * The pre-battle duel (S5.3.3, §9.2, §15.13g), played by the encounters domain
 * (`preBattleDuel`, encounters/duel.ts). This file is the armies domain's single call site: it
 * maps the duel's outcome to the battle's needs.
 */
import type { TurnCtx } from '../turn/context.ts';
import { preBattleDuel } from '../encounters/duel.ts';
import type { Side } from './battle.ts';

export interface DuelOutcome {
  /** The side whose commander lost, fled or refused (× 0.75), or null (no duel, a Coward's bluff, no loser). */
  loser: Side | null;
  /** The commander killed in the duel, if any. */
  died?: number;
}

/** G-84: no duel when either commander is the Garrison Commander (null). */
export function runDuel(ctx: TurnCtx, _province: number, cmdA: number | null, cmdD: number | null): DuelOutcome {
  if (cmdA === null || cmdD === null) return { loser: null };
  const a = ctx.s.characters[cmdA] ?? null;
  const d = ctx.s.characters[cmdD] ?? null;
  const r = preBattleDuel(ctx, a, d);
  const loser: Side | null = r.penalty.a > 0 ? 'A' : r.penalty.b > 0 ? 'D' : null;
  return { loser, died: r.died };
}
