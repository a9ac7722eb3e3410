/**
 * Small hand-built Adventurer Kings states for the kingdom domain's tests: provinces on row 1–2,
 * kingdoms with their Kings, Heroes, armies, and a turn context with scripted or seeded draws.
 */
import { createRng, type Rng } from '../../src/engine/rng.ts';
import type { AKState, Alignment, CharCode } from '../../src/rulesets/adventurer-kings/state.ts';
import type { AKSheet, SlotOrder, TurnCtx } from '../../src/rulesets/adventurer-kings/turn/context.ts';
import { army, character, emptyState, kingdom, levels, province, slot, testCtx } from './fixture.ts';

export { army, character, kingdom, levels, province, slot };

/**
 * Two kingdoms (ids 1 and 2, Kings 1 and 2, capitals 103 and 105), Neutral to each other, each
 * owning its capital (tax 10). Alignments may be given.
 */
export function twoKingdoms(a: Alignment = 'Good', b: Alignment = 'Good', n = 2): AKState {
  const s = emptyState();
  for (let c = 1; c <= 18; c++) s.provinces[100 + c] = province(100 + c);
  const aligns = [a, b, 'Good', 'Good', 'Good', 'Good'] as Alignment[];
  for (let k = 1; k <= n; k++) {
    const cap = 100 + k * 2 + 1;
    s.kingdoms[k] = kingdom(k, { alignment: aligns[k - 1]!, capital: cap });
    s.provinces[cap]!.owner = k;
    s.provinces[cap]!.taxBase = 10;
    s.provinces[cap]!.capitalOf = k;
    s.characters[k] = character(k, { role: 'King', kingdom: k, alignment: aligns[k - 1]!, province: cap, name: `King${k}` });
  }
  for (let k = 1; k <= n; k++) for (let j = 1; j <= n; j++) if (j !== k) s.kingdoms[k]!.relations[j] = 'Neutral';
  return s;
}

export function emptySheet(over: Partial<AKSheet> = {}): AKSheet {
  return { treaties: [], breaks: [], callVote: false, characters: {}, ...over };
}

/** A turn context with scripted draws (an array) or the given stream. */
export const ctxFor = testCtx;

export function seeded(seed: string | number): Rng {
  return createRng(seed, 'kingdom-test');
}

/** Puts `order` in phase `phase` of character `c`'s slots on kingdom `k`'s sheet. */
export function order(sheets: Record<number, AKSheet>, k: number, c: number, phase: number, o: SlotOrder): void {
  const sh = (sheets[k] ??= emptySheet());
  const co = (sh.characters[c] ??= { phases: [null, null, null, null, null] });
  co.phases[phase - 1] = o;
}

export function eventsOf(ctx: TurnCtx, t: string) {
  return ctx.events.filter((e) => e.t === t);
}

export type { CharCode };
