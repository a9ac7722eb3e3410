/**
 * Orders that act on the character's own province (EX, SP): written alone, or with that
 * province's number as a check. One parser, formatter and check for both.
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { Character } from '../state.ts';
import type { SlotOrder, TurnCtx } from '../turn/context.ts';
import { orderFailed } from '../turn/context.ts';
import { isProvince } from '../world/geometry.ts';

export interface HereValue { province?: number }

/** `CODE` or `CODE <province>`; anything else gets `alone` (what the order does, as the error). */
export function parseHere(args: string[], alone: Localized): { value: HereValue } | { error: Localized } {
  if (args.length === 0) return { value: {} };
  const p = Number(args[0]);
  if (args.length > 1 || !Number.isInteger(p) || !isProvince(p)) return { error: alone };
  return { value: { province: p } };
}

export function formatHere(code: string, v: HereValue): string {
  return v.province === undefined ? code : `${code} ${v.province}`;
}

/** The character stands where the order says (if it says): otherwise the order fails. */
export function isHere(ctx: TurnCtx, char: Character, value: HereValue, order: SlotOrder): boolean {
  if (value.province === undefined || value.province === char.province) return true;
  orderFailed(ctx, char, order, { fr: `le personnage n’est pas en ${value.province}`, en: `the character is not in ${value.province}` });
  return false;
}
