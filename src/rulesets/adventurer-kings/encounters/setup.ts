/**
 * Setting up encounters between two combatants (S5.1.1): the audience, the Neutral duellists,
 * refusal (G-60), running and applying the outcome.
 */
import type { TurnCtx } from '../turn/context.ts';
import type { Character } from '../state.ts';
import type { Combatant, EncounterCause, EncounterState } from './types.ts';
import { SPELL_RANGE } from './types.ts';
import { applyDuellists } from './combatant.ts';
import { characterTier, refusalChance } from './formulas.ts';
import { tier as monsterTier } from '../world/monsters.ts';
import { runEncounter, type RunOptions } from './engine.ts';
import { applyOutcome } from './outcome.ts';

export function newEncounter(ctx: TurnCtx, cause: EncounterCause, at: number, a: Combatant, b: Combatant): EncounterState {
  const to = new Set<number>();
  for (const c of [a, b]) if (c.char && c.char.kingdom !== null) to.add(c.char.kingdom);
  applyDuellists(ctx, a, b);
  return { cause, at, c: [a, b], range: SPELL_RANGE, round: 0, to: [...to].sort((x, y) => x - y) };
}

function tierOf(c: Combatant): number {
  return c.monster ? monsterTier(c.monster) : characterTier(c);
}

/** G-60: a Cautious or Cowardly character (not a King) may refuse to meet `opp`. One draw when the chance is strictly between 0 and 1. */
export function refuses(ctx: TurnCtx, self: Combatant, opp: Combatant): boolean {
  const c = self.char;
  if (!c) return false;
  const p = refusalChance(ctx.cfg.encounters, c.temperament, c.role === 'King', tierOf(self), tierOf(opp));
  if (p <= 0) return false;
  return p >= 1 || ctx.rng.chance(p);
}

/** Runs an encounter and applies its outcome; returns the encounter. */
export function fight(ctx: TurnCtx, enc: EncounterState, opts?: RunOptions): EncounterState {
  runEncounter(ctx, enc, opts);
  applyOutcome(ctx, enc);
  return enc;
}

export function audienceOf(...cs: (Character | undefined | null)[]): number[] {
  const to = new Set<number>();
  for (const c of cs) if (c && c.kingdom !== null) to.add(c.kingdom);
  return [...to].sort((x, y) => x - y);
}
