/**
 * Army pay for the kingdom domain (§11.3, Table 15.8, [P G-10]): the upkeep of one army, and
 * what happens to an army left unpaid (30 % deserts as a mercenary in place; otherwise 50 %
 * loses one quality level).
 */
import type { AKState, Army } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { resolveConfig } from '../config.ts';
import { typeRow } from './types.ts';
import { toMercenary, underground } from './lifecycle.ts';

/** Pay per turn (Table 15.8); mercenaries and natives cost nothing. Skeletons pay upkeep (§11.3). */
export function armyUpkeep(s: AKState, army: Army): number {
  if (army.kingdom === null || army.status === 'Mercenary' || army.status === 'Native') return 0;
  return typeRow(resolveConfig(s.config).armies, army.type).pay;
}

/** An unpaid army (§11.3, G-10): may desert (mercenary in place) or lose a quality level. */
export function unpaidArmy(ctx: TurnCtx, army: Army): 'deserted' | 'demoted' | 'none' {
  const cfg = ctx.cfg.armies;
  const k = army.kingdom;
  if (k === null) return 'none';
  if (ctx.rng.chance(cfg.unpaidDesertion)) {
    // A deserting skeleton army returns underground (S3.7a) rather than becoming a mercenary.
    if (army.skeleton) {
      underground(ctx.s, army);
      ctx.emit({ t: 'skeleton-unpaid', to: [k], at: army.province, army: { id: army.id, type: army.type } });
      return 'deserted';
    }
    toMercenary(army);
    ctx.emit({ t: 'army-deserted', to: [k], at: army.province, army: { id: army.id, type: army.type } });
    return 'deserted';
  }
  if (army.quality > 0 && ctx.rng.chance(cfg.unpaidQualityLoss)) {
    army.quality = (army.quality - 1) as Army['quality'];
    ctx.emit({ t: 'army-unpaid', to: [k], at: army.province, army: { id: army.id, type: army.type }, quality: army.quality });
    return 'demoted';
  }
  return 'none';
}
