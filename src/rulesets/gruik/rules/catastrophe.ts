/**
 * Catastrophes, rules §8.8 and dice table D2 [T §14]: the 2d6 severity and its effect, and the
 * money effect on a treasury, which an external event never makes negative (TV-58, TV-50 [T §12]).
 * Civil war and barbarian invasion are named here; their effects are invasion.ts's (§8.7, §8.10),
 * and each catastrophe's flavour text (J17) is drawn there from flavour.ts's lists.
 */
import type { GruikConfig } from '../constants.ts';
import { rollSum, type Dice } from './dice.ts';
import type { StateId } from '../state.ts';

export type CatastropheEffect = { kind: 'invasion' } | { kind: 'civilWar' } | { kind: 'money'; amount: number };

/** D2 [T §14]: 2/12 invasion, 3/11 civil war, 4/10 −20 g, 5/9 −10 g, 6–8 −5 g (amounts from CATASTROPHE_MONEY). */
export function catastropheEffect(c: GruikConfig, sum: number): CatastropheEffect {
  if (!Number.isInteger(sum) || sum < 2 || sum > 12) throw new Error(`2d6 cannot make ${sum}`);
  const [small, medium, large] = c.treasury.catastropheMoney as [number, number, number];
  const d = Math.abs(sum - 7); // the table is symmetric about 7
  if (d === 5) return { kind: 'invasion' };
  if (d === 4) return { kind: 'civilWar' };
  if (d === 3) return { kind: 'money', amount: large };
  if (d === 2) return { kind: 'money', amount: medium };
  return { kind: 'money', amount: small };
}

/** Rolls one catastrophe's severity (2d6) for a state. */
export function rollCatastrophe(c: GruikConfig, dice: Dice, state: StateId, phase: string, event: string): { sum: number; effect: CatastropheEffect } {
  const { sum } = rollSum(dice, 2, { sides: 6, phase, event, purpose: 'catastrophe severity (2d6)', rule: '[T §14] D2', audience: [state] });
  return { sum, effect: catastropheEffect(c, sum) };
}

/**
 * A loss of money from an external event [T §12]: a treasury at or above 0 falls at most to 0
 * (TV-58: 6 − 10 → 0); a treasury already negative takes nothing (TV-50).
 */
export function externalLoss(treasury: number, amount: number): number {
  if (treasury <= 0) return treasury;
  return Math.max(0, treasury - Math.max(0, amount));
}
