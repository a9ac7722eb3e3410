/**
 * What the turn passes to every part of the referee: the working state (a copy the turn may
 * mutate; the engine's input state is never touched), the rules constants, the turn's RNG,
 * the current phase and the event sink. And the shape of an action order (one file per order
 * type in orders/, godip-style: parse, format, execute).
 */
import type { Rng } from '../../../engine/rng.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import type { AKConfig } from '../config.ts';
import type { AKEvent } from '../events.ts';
import type { AKState, Character, Tactic, Temperament } from '../state.ts';

export interface TurnCtx {
  s: AKState;
  cfg: AKConfig;
  rng: Rng;
  /** 0 pre-turn, 1..5 seasons, 6 end of turn. */
  phase: number;
  events: AKEvent[];
  emit(e: Omit<AKEvent, 'phase'> & { phase?: number }): void;
  /** The orders of this turn, per kingdom (validated sheets). */
  sheets: Record<number, AKSheet>;
  /** Per-turn working data of each domain (pending battles, pursuits, noticed characters…), keyed by domain. */
  scratch: Record<string, any>;
}

/** One character's order in one phase, as validated. `value` is the order spec's typed value. */
export interface SlotOrder<V = unknown> {
  code: ActionCode;
  value: V;
  /** The order as the player wrote it (for reports and the sheet's text form). */
  text: string;
  /** The encounter plan that goes with it (SE, PU, EN, TR…), already validated. */
  plan?: Tactic[];
}

export interface CharacterOrders {
  /** Index 0..4 = phases 1..5; null: no order. */
  phases: (SlotOrder | null)[];
  /** A new special plan (replaces the standing one, G-37). */
  special?: Tactic[];
  /** Turn 1 (§2.3): a new name. */
  rename?: string;
}

export interface AKSheet {
  treaties: number[] | 'all';
  breaks: number[] | 'all';
  callVote: boolean;
  /** In a turn with an election (called last turn): the King this kingdom votes for (G-92). */
  voteFor?: number;
  /** Turn 1: a new name for the capital. */
  capitalName?: string;
  /** Royal Heir characteristics (G-11): talent levels to assign. */
  heirTalents?: Partial<Record<string, number>>;
  /** Royal Heir (G-11): his sex and temperament, when the player chooses them. */
  heirSex?: 'M' | 'F';
  heirTemperament?: Temperament;
  characters: Record<number, CharacterOrders>;
  /** The steward played this turn (missed turn, G-41). */
  caretaker?: boolean;
}

export type ActionCode =
  | 'DE' | 'DI' | 'GI' | 'HI' | 'PR' | 'SP' | 'EX' | 'MO' | 'SE' | 'LE' | 'CA' | 'PI' | 'PU' | 'RE' | 'EN' | 'TR' | 'US' | 'FI';

/** What a parser may consult: the state at the start of the turn and the ordering character. */
export interface ParseEnv {
  s: AKState;
  char: Character;
  /** Phase 1..5 of the slot being parsed. */
  phase: number;
}

/**
 * One action order type (S4.4). `parse` turns the argument tokens (the words after the code,
 * already split on spaces and commas) into a typed value or a reason; `execute` carries it out
 * in its phase. An order that cannot be carried out at execution time emits an `order-failed`
 * event with its reason and does nothing else.
 */
export interface OrderSpec<V = any> {
  code: ActionCode;
  /** e.g. `MO <province>`. */
  syntax: string;
  label: Localized;
  /** Needs an encounter plan (SE, EN, PU, TR). */
  plan?: boolean;
  parse(args: string[], env: ParseEnv): { value: V } | { error: Localized };
  format(value: V): string;
  execute(ctx: TurnCtx, char: Character, value: V, order: SlotOrder<V>): void;
}

/** The standard failure event: the order was not carried out, with why (a bilingual reason). */
export function orderFailed(ctx: TurnCtx, char: Character, order: SlotOrder, reason: Localized): void {
  ctx.emit({ t: 'order-failed', to: char.kingdom === null ? [] : [char.kingdom], who: char.id, at: char.province, order: order.text, reason });
}
