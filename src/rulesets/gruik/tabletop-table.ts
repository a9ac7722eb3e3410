/**
 * What the two players of a tabletop battle arrange between themselves (rules §6.12.1 step 3, and
 * the table's date [P §6.12.1]): each side's army list and its AP total, the dates each proposes,
 * the date both agreed on. It lives in the flow's battle (flow.ts `TabletopBattle.table`), so a
 * replay agrees; the free actions that fill it are tabletop.ts's. §6.12.1 step 3: the lists "are
 * stored and revealed to the protagonists after the battle": `listsRevealed` is the note S6.3's
 * caller sends the two sides (flow.ts), and until then each side reads its own list alone.
 */
import type { Localized } from '../../engine/ruleset.ts';
import type { StateId } from './state.ts';

/** The longest army list and date kept (characters). */
export const LIST_MAX = 1000;
export const DATE_MAX = 100;

export interface TableArrangements {
  /** §6.12.1 step 3: each side's list (free text, e.g. a HOTT list) and the AP total it declares (≤ its budget). */
  lists: Record<StateId, { text: string; ap: number; pending?: true }>;
  /** J6 (list-check.ts): how many lists each side handed in while the GM checks them (each its own item); `pending` above: awaiting his check. */
  checks?: Record<StateId, number>;
  /** [P §6.12.1] the date each side proposes (free text); a new proposal replaces its own. */
  proposals: Record<StateId, string>;
  /** The date both sides agreed on: one side accepted the other's proposal. */
  date?: string;
}

export const emptyTable = (): TableArrangements => ({ lists: {}, proposals: {} });

/** §6.12.1 step 3: the note revealing both lists to the two sides once the battle is fought (null: no list given). */
export function listsRevealed(t: TableArrangements | undefined, place: string, sides: readonly [StateId, StateId], name: (st: StateId) => string): Localized | null {
  if (!t || Object.keys(t.lists).length === 0) return null;
  const line = (st: StateId, none: string) => {
    const l = t.lists[st];
    return l ? `${name(st)} (${l.ap} AP): ${l.text.replace(/\s+/g, ' ')}` : `${name(st)}: ${none}`;
  };
  return {
    fr: `Bataille de ${place}, listes d’armée révélées (§6.12.1) — ${sides.map((st) => line(st, 'aucune liste')).join(' ; ')}`,
    en: `Battle of ${place}, army lists revealed (§6.12.1) — ${sides.map((st) => line(st, 'no list')).join('; ')}`,
  };
}
