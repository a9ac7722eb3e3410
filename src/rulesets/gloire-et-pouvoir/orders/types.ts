/**
 * The orders of rules §5, as typed values. Names in text orders are resolved at entry to stable
 * ids (knights `K…`, lords `L…`, territories by map id, armies by number) [P G-40].
 */
import type { Fortification } from '../config.ts';
import type { KnightId, LordId, TerritoryId } from '../state.ts';

/**
 * A knight named by a lord who cannot know him (not his, not in sight, not in his spies' reports):
 * the knight's lord and the name as written. The parser cannot look him up without telling the
 * lord whether he exists, so the name is kept and resolved at execution (phase 6), where a
 * knight who does not exist and one out of reach are cancelled alike (orders/parse.ts).
 */
export interface KnightRef { lord: LordId; name: string }

export type DiplomacyCode = 'GUE' | 'ALL' | 'PAI' | 'ANN' | 'APP';

export type Order =
  | { code: 'REN'; knight: KnightId; name: string }
  | { code: 'ABD' }
  | { code: 'LIB'; knight: KnightId }
  | { code: 'DEM'; army: number }
  | { code: 'IMP'; level: number; territory: TerritoryId }
  | { code: 'RED'; amount: number; territory: TerritoryId }
  | { code: 'INI'; peasant: number; garrison: number; knight: number }
  | { code: 'DEF'; army: number; men: number }
  | { code: 'CHE'; n: number }
  | { code: 'ARM'; territory: TerritoryId; amount: number; knight: KnightId | null }
  | { code: 'AFF'; knight: KnightId; army: number }
  /** to: a knight id when the lord may know the receiver, else the name he wrote (KnightRef). */
  | { code: 'TSF'; from: KnightId; to: KnightId | KnightRef; men: number }
  | { code: 'GAR'; knight: KnightId; men: number }
  /** threshold null: missing in the text, defaults to INI knight% × strength [P G-46]. */
  | { code: 'ATT'; knight: KnightId; territory: TerritoryId; threshold: number | null }
  | { [C in DiplomacyCode]: { code: C; lord: LordId } }[DiplomacyCode]
  | { code: 'MOV'; knight: KnightId; territory: TerritoryId }
  | { code: 'ORG'; capacity: number; reward: number; password: string }
  /** organizer null: the royal joust. */
  | { code: 'PAR'; knight: KnightId; organizer: LordId | null; password: string }
  | { code: 'VND'; lord: LordId; territory: TerritoryId; price: number }
  | { code: 'ACH'; lord: LordId; territory: TerritoryId; price: number }
  | { code: 'ESP'; territory: TerritoryId }
  | { code: 'FOR'; territory: TerritoryId; type: Exclude<Fortification, 'none'> };

export type OrderCode = Order['code'];

export const ORDER_CODES: readonly OrderCode[] = [
  'REN', 'ABD', 'LIB', 'DEM', 'IMP', 'RED', 'INI', 'DEF', 'CHE', 'ARM', 'AFF', 'TSF', 'GAR', 'ATT',
  'GUE', 'ALL', 'PAI', 'ANN', 'APP', 'MOV', 'ORG', 'PAR', 'VND', 'ACH', 'ESP', 'FOR',
];

/** Phase of each order (rules §3.2, canonical §5 numbering). */
export const ORDER_PHASE: Record<OrderCode, number> = {
  REN: 1, ABD: 1, LIB: 2, DEM: 2, IMP: 3, RED: 3, INI: 4, DEF: 4, CHE: 5, ARM: 5, AFF: 6, TSF: 6, GAR: 6,
  ATT: 7, GUE: 8, ALL: 8, PAI: 8, ANN: 8, APP: 8, MOV: 9, ORG: 10, PAR: 11, VND: 12, ACH: 12, ESP: 13, FOR: 16,
};

export interface SheetLine {
  /** Entry order within the sheet (the rules execute a lord's orders in entry order). */
  seq: number;
  /** 1-based line in the submitted text, when it came as text. */
  line: number;
  /** The text as written (or as rendered from a structured order). */
  text: string;
  order: Order;
}

/**
 * A lord's validated order sheet for one turn. `caretaker`: the sheet was written by the steward
 * for an absent lord (caretaker.ts); `validate` sets it only for the caretaker's structured answer
 * `{ caretaker: true, orders }`, never for text, so no player can set it by typing.
 */
export interface Sheet { lines: SheetLine[]; caretaker?: true }
