/**
 * Force organisation, step S3.6 (rules §3.3 S3.6, §4.5) [T §4.2]: each state's orders in the order
 * listed — detachments created, resized, recalled; allies sent (volunteer, or forced from a
 * tributary to its master, ≥ FORCED_ALLY_MIN AP); joins — each carried out by the acts of
 * detachments.ts, which refuse what §4.5 forbids with a sentence in French and English. A state
 * orders only its own forces. Fleets on one coast split, merge and exchange ships, and combined
 * fleets are registered, by the acts of naval-fleets.ts [T §7.2, §7.7].
 */
import { fill } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import type { GruikState, StateId } from '../state.ts';
import type { ForceOrder, SeasonEvent, StateOrders } from '../season-types.ts';
import { createDetachment, joinArmy, recallDetachment, resizeDetachment, sendAlly, type Outcome } from './detachments.ts';
import { emit } from './treasury.ts';
import { combineFleets, exchangeShips, mergeFleets, splitFleet, type FleetOutcome } from './naval-fleets.ts';

const NOT_AGREED: Localized = { fr: 'Une flotte combinée doit être déclarée par les deux états, sous le même commandant.', en: 'A combined fleet must be declared by both states, under the same commander.' };
const NOT_YOURS: Localized = { fr: 'La force {force} n’est pas la vôtre.', en: 'Force {force} is not yours.' };

function label(o: ForceOrder): string {
  switch (o.kind) {
    case 'detach': return `detach ${o.army} ${o.ap}`;
    case 'resize': return `resize ${o.detachment} ${o.ap}`;
    case 'recall': return `recall ${o.detachment}`;
    case 'ally': return `ally ${o.army} → ${o.host} ${o.ap}`;
    case 'join': return `join ${o.force} → ${o.host}`;
    case 'split-fleet': return `split ${o.fleet} ${o.ships}`;
    case 'merge-fleets': return `merge ${o.from} → ${o.into}`;
    case 'exchange-ships': return `ships ${o.from} → ${o.to} ${o.ships}`;
    case 'combine-fleets': return `combine ${o.fleet} + ${o.with} (${o.commander})`;
  }
}

/** S3.6: every state's force orders. */
export function organiseForces(s: GruikState, orders: Record<StateId, StateOrders>): GruikState {
  let t = structuredClone(s);
  for (const st of Object.keys(orders).sort()) {
    for (const o of orders[st]!.forces ?? []) {
      const own = o.kind === 'detach' || o.kind === 'ally' ? o.army : o.kind === 'join' ? o.force
        : o.kind === 'split-fleet' || o.kind === 'combine-fleets' ? o.fleet : o.kind === 'merge-fleets' ? o.into : o.kind === 'exchange-ships' ? o.from : o.detachment;
      const owner = (Object.hasOwn(t.armies, own) ? t.armies[own]!.state : undefined) ?? (Object.hasOwn(t.detachments, own) ? t.detachments[own]!.state : undefined)
        ?? (Object.hasOwn(t.fleets, own) ? t.fleets[own]!.state : undefined);
      const refused = (message: Localized): SeasonEvent => ({ t: 'refused', audience: [st], state: st, order: label(o), message });
      if (owner !== st) { emit(t, refused(fill(NOT_YOURS, { force: own }))); continue; }
      let out: Outcome | FleetOutcome;
      switch (o.kind) {
        case 'detach': out = createDetachment(t, o.army, o.ap); break;
        case 'resize': out = resizeDetachment(t, o.detachment, o.ap); break;
        case 'recall': out = recallDetachment(t, o.detachment); break;
        case 'ally': out = sendAlly(t, o.army, o.host, o.ap, o.forced ? 'forcedAlly' : 'volunteerAlly'); break;
        case 'join': out = joinArmy(t, o.force, o.host); break;
        case 'split-fleet': out = splitFleet(t, o.fleet, o.ships); break;
        case 'merge-fleets': out = mergeFleets(t, o.into, o.from); break;
        case 'exchange-ships': out = exchangeShips(t, o.from, o.to, o.ships); break;
        case 'combine-fleets': {
          // [T §7.7; P] registered once both states have ordered it (the second order finds it done)
          const other = t.fleets[o.with]?.state;
          const agreed = !!other && (orders[other]?.forces ?? []).some((x) => x.kind === 'combine-fleets' && x.fleet === o.with && x.with === o.fleet && x.commander === o.commander);
          if (t.fleets[o.fleet]?.combinedWith?.fleet === o.with) continue;
          out = agreed ? combineFleets(t, o.fleet, o.with, o.commander) : { ok: false, reason: 'combined', message: NOT_AGREED };
          break;
        }
      }
      if (out.ok) t = out.state;
      else emit(t, refused(out.message));
    }
  }
  return t;
}
