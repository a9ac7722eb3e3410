/**
 * Sage discoveries as the kingdom domain handles them (G-06): the military flag of the world's
 * catalogue (world/inventions.ts), the exchange
 * priority order of a kingdom's list (§10.5: military first, each group in order of acquisition),
 * and picking a random unknown invention.
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { Rng } from '../../../engine/rng.ts';
import type { AKState } from '../state.ts';
import { INVENTION_CODES, INVENTIONS } from '../world/inventions.ts';

export interface InventionInfo { code: string; name: Localized; military: boolean }

/** The world's G-06 catalogue (world/inventions.ts), as the kingdom domain reads it. */
export function inventionInfo(code: string): InventionInfo {
  const spec = INVENTIONS[code];
  return spec ? { code, name: spec.name, military: spec.type === 'M' } : { code, name: { fr: code, en: code }, military: false };
}

export function hasInvention(s: AKState, kingdom: number, code: string): boolean {
  return s.kingdoms[kingdom]?.inventions.includes(code) ?? false;
}

/** Someone in the world already holds it (G-06: "the first kingdom in the world to get it"). */
export function knownAnywhere(s: AKState, code: string): boolean {
  return Object.values(s.kingdoms).some((k) => k.inventions.includes(code));
}

/** Adds an invention in exchange-priority order: military ones before the others, each group by acquisition (G-06). */
export function addInvention(s: AKState, kingdom: number, code: string): boolean {
  const k = s.kingdoms[kingdom];
  if (!k || k.inventions.includes(code)) return false;
  if (inventionInfo(code).military) {
    const firstCivil = k.inventions.findIndex((c) => !inventionInfo(c).military);
    if (firstCivil < 0) k.inventions.push(code);
    else k.inventions.splice(firstCivil, 0, code);
  } else {
    k.inventions.push(code);
  }
  return true;
}

/** A random invention the kingdom does not know (catalogue order, then one uniform draw), or null. */
export function pickUnknownInvention(s: AKState, kingdom: number, rng: Rng): string | null {
  const unknown = INVENTION_CODES.filter((c) => !hasInvention(s, kingdom, c));
  return unknown.length === 0 ? null : rng.pick(unknown);
}
