/**
 * Taxation, a special phase (rules §4.5): every baron receives the income of each city he controls
 * that is not besieged, +`neutral.fortifiedIncome` for each such city that is fortified (§4.4 "a
 * fortified city yields +1 crown at each Taxation"; a besieged city yields nothing [I]), then all
 * barons take back their cards from the Taxes zone. Concessions and Laws come with the Proposal
 * cards (not authored yet, §10.9): no baron holds one.
 */
import { city } from '../board.ts';
import type { BaronId } from '../barons.ts';
import type { WkState } from '../state.ts';
import { chairmanOrder } from '../turn-order.ts';
import { returnZone } from './armies.ts';

export function taxationIncome(s: WkState, b: BaronId): number {
  return Object.values(s.cities)
    .filter((c) => c.controller === b && !c.razed && c.besiegedBy === null)
    .reduce((sum, c) => sum + city(c.id).income + (c.fortified ? s.config.neutral.fortifiedIncome : 0), 0);
}

export function runTaxation(s: WkState): WkState {
  const out = structuredClone(s);
  for (const b of chairmanOrder(out.players, out.chairman)) {
    const gain = taxationIncome(out, b);
    out.barons[b].crowns += gain;
    out.log.push({ t: 'crowns', baron: b, amount: gain });
  }
  returnZone(out, 'taxes');
  return out;
}
