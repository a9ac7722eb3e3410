/**
 * Temperament drift (G-08): after each personal encounter, a character who won without fleeing
 * has 5 % to move one step toward Berserk; one who fled, begged mercy or ended with HP ≤ 3 has
 * 5 % to move one step toward Cowardly. Kings included; the change is reported.
 *
 * The encounters domain records outcomes with `noteEncounterOutcome` as encounters end; the
 * rolls are made at the end of the turn by the `offices` hook (kingdom/hooks.ts, step i), one per
 * recorded outcome, in the order recorded.
 */
import type { Temperament } from '../state.ts';
import { TEMPERAMENTS } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { kscratch, rollPct } from './util.ts';

export type EncounterOutcome = 'won' | 'fled' | 'mercy' | 'wounded';

export function noteEncounterOutcome(ctx: TurnCtx, char: number, outcome: EncounterOutcome): void {
  kscratch(ctx).outcomes.push({ char, outcome });
}

export function stepToward(t: Temperament, dir: 1 | -1): Temperament {
  const i = Math.max(0, Math.min(TEMPERAMENTS.length - 1, TEMPERAMENTS.indexOf(t) + dir));
  return TEMPERAMENTS[i]!;
}

export function temperamentDrift(ctx: TurnCtx): void {
  const sc = kscratch(ctx);
  const queue = sc.outcomes;
  sc.outcomes = [];
  for (const o of queue) {
    const c = ctx.s.characters[o.char];
    if (!c || !c.alive) continue;
    const dir: 1 | -1 = o.outcome === 'won' ? 1 : -1;
    const next = stepToward(c.temperament, dir);
    if (next === c.temperament) continue;
    if (!rollPct(ctx.rng, ctx.cfg.kingdom.temperament.driftPct)) continue;
    const from = c.temperament;
    c.temperament = next;
    if (c.kingdom !== null) ctx.emit({ t: 'temperament-changed', to: [c.kingdom], who: c.id, at: c.province, from, temperament: next });
  }
}
