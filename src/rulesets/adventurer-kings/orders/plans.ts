/**
 * Encounter plans on the order sheet: the sheet's adapter to the encounters domain's plan rules
 * (encounters/plan.ts: `parsePlan`, then `validatePlan` for the S4.6 checks; offending tactics are
 * dropped with a reason, G-64).
 */
import type { Localized } from '../../../engine/ruleset.ts';
import { formatPlan as formatTactics, parsePlan, validatePlan } from '../encounters/plan.ts';
import type { AKState, Character, Tactic } from '../state.ts';

/** Reads one written plan for a character (`special`: his special plan, §7). */
export function readPlan(s: AKState, c: Character, text: string, special: boolean): { plan: Tactic[]; errors: Localized[] } {
  const p = parsePlan(text);
  const v = validatePlan(s, c, p.plan, special ? 'special' : 'action');
  return { plan: v.plan, errors: [...p.errors, ...v.errors] };
}

/** A plan as text: `CA-FI, US-31, SA-"Salut !", ME`. */
export function formatPlan(plan: Tactic[]): string {
  return formatTactics(plan);
}
