/**
 * The tax a province yields this turn as far as magic is concerned (§4.1c, §4.4c, G-91, TV-28):
 * blessed → round(tax × 1.6) half-up (several blessings do not stack); struck by Earthquake → 0
 * (Earthquake wins over Bless). The kingdom helper applies ravaging and inventions on top.
 */
import type { AKState, Province } from '../state.ts';
import { resolveConfig } from '../config.ts';

export function effectiveTax(s: AKState, province: Province): number {
  const fx = province.effects;
  if (fx?.earthquake) return 0;
  if (fx?.blessed) return Math.floor(province.taxBase * resolveConfig(s.config).magic.blessFactor + 0.5);
  return province.taxBase;
}
