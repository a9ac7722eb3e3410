/**
 * The bot's purse (S5.5, §11): what it may spend this turn. Income comes at the end of the turn,
 * then wages and army pay (economy.ts); the bot keeps `cash` (the treasury now) ≥ 0 for every
 * order it plans and `net` = treasury + next income − upkeep − wages − margin ≥ 0, so that the
 * armies it raises can still be paid (an unpaid army deserts or loses quality, G-10).
 */
import { resolveConfig } from '../config.ts';
import { typeRow } from '../armies/types.ts';
import type { AKState } from '../state.ts';

/** Écus kept aside after next turn's upkeep. */
export const MARGIN = 4;

export class Budget {
  /** Écus left in the treasury after the planned orders. */
  cash: number;
  /** What stays after the planned orders, next income and next expenses (minus the margin). */
  net: number;
  /** Total planned spending (for tests). */
  spent = 0;
  constructor(cash: number, net: number) { this.cash = cash; this.net = net; }

  /** From the kingdom's own books: treasury, the tax base of its provinces, its armies' pay and its Heroes' wages. */
  static of(s: AKState, k: number): Budget {
    const cfg = resolveConfig(s.config).armies;
    const kd = s.kingdoms[k]!;
    let income = 0;
    for (const p of Object.values(s.provinces)) if (p.owner === k) income += p.taxBase;
    let upkeep = 0;
    for (const a of Object.values(s.armies)) if (a.kingdom === k && (a.status === 'Led' || a.status === 'Garrison')) upkeep += typeRow(cfg, a.type).pay;
    for (const c of Object.values(s.characters)) if (c.kingdom === k && c.alive && c.role === 'HeroInService') upkeep += c.wage ?? 0;
    return new Budget(kd.treasury, kd.treasury + income - upkeep - MARGIN);
  }

  canAfford(pay: number): boolean { return pay <= this.cash && 2 * pay <= this.net; }

  /** One army of this pay: its price now and its pay at the end of the turn. */
  recruit(pay: number): boolean {
    if (!this.canAfford(pay)) return false;
    this.cash -= pay; this.net -= 2 * pay; this.spent += pay;
    return true;
  }

  /** A Hero's first wage now and the next one at the end of the turn (at most `offer`). */
  hire(offer: number): boolean {
    if (!this.canAfford(offer)) return false;
    this.cash -= offer; this.net -= 2 * offer; this.spent += offer;
    return true;
  }
}
