/**
 * The registry of the 18 action orders (rules S4.4), one spec per file in this folder, in the
 * order of the rules' sections. The sheet parser looks a code up here; the turn executes a slot
 * through its spec.
 */
import type { ActionCode, OrderSpec } from '../turn/context.ts';
import { CA } from './ca.ts';
import { DE } from './de.ts';
import { DI } from './di.ts';
import { EN } from './en.ts';
import { EX } from './ex.ts';
import { FI } from './fi.ts';
import { GI } from './gi.ts';
import { HI } from './hi.ts';
import { LE } from './le.ts';
import { MO } from './mo.ts';
import { PI } from './pi.ts';
import { PR } from './pr.ts';
import { PU } from './pu.ts';
import { RE } from './re.ts';
import { SE } from './se.ts';
import { SP } from './sp.ts';
import { TR } from './tr.ts';
import { US } from './us.ts';

/** S4.4 order: DE DI GI HI PR SP EX MO SE LE CA PI PU RE EN TR US FI. */
export const ORDER_SPECS: Record<ActionCode, OrderSpec> = {
  DE, DI, GI, HI, PR, SP, EX, MO, SE, LE, CA, PI, PU, RE, EN, TR, US, FI,
};

export const ACTION_CODES = Object.keys(ORDER_SPECS) as ActionCode[];

export function orderSpec(code: string): OrderSpec | undefined {
  return (ORDER_SPECS as Record<string, OrderSpec>)[code.toUpperCase()];
}
