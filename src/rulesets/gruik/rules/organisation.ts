/**
 * Force organisation, step S3.6 (rules §3.3 S3.6, §4.5) [T §4.2]: each state's orders in the order
 * listed — detachments created, resized, recalled; allies sent (volunteer, or forced from a
 * tributary to its master, ≥ FORCED_ALLY_MIN AP); joins — each carried out by the acts of
 * detachments.ts, which refuse what §4.5 forbids with a sentence in French and English. A state
 * orders only its own forces. Fleets exchanging ships and combined fleets are the naval step's.
 */
import { fill } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import type { GruikState, StateId } from '../state.ts';
import type { ForceOrder, SeasonEvent, StateOrders } from '../season-types.ts';
import { createDetachment, joinArmy, recallDetachment, resizeDetachment, sendAlly, type Outcome } from './detachments.ts';
import { emit } from './treasury.ts';

const NOT_YOURS: Localized = { fr: 'La force {force} n’est pas la vôtre.', en: 'Force {force} is not yours.' };

function label(o: ForceOrder): string {
  switch (o.kind) {
    case 'detach': return `detach ${o.army} ${o.ap}`;
    case 'resize': return `resize ${o.detachment} ${o.ap}`;
    case 'recall': return `recall ${o.detachment}`;
    case 'ally': return `ally ${o.army} → ${o.host} ${o.ap}`;
    case 'join': return `join ${o.force} → ${o.host}`;
  }
}

/** S3.6: every state's force orders. */
export function organiseForces(s: GruikState, orders: Record<StateId, StateOrders>): GruikState {
  let t = structuredClone(s);
  for (const st of Object.keys(orders).sort()) {
    for (const o of orders[st]!.forces ?? []) {
      const own = o.kind === 'detach' || o.kind === 'ally' ? o.army : o.kind === 'join' ? o.force : o.detachment;
      const owner = (Object.hasOwn(t.armies, own) ? t.armies[own]!.state : undefined) ?? (Object.hasOwn(t.detachments, own) ? t.detachments[own]!.state : undefined);
      const refused = (message: Localized): SeasonEvent => ({ t: 'refused', audience: [st], state: st, order: label(o), message });
      if (owner !== st) { emit(t, refused(fill(NOT_YOURS, { force: own }))); continue; }
      let out: Outcome;
      switch (o.kind) {
        case 'detach': out = createDetachment(t, o.army, o.ap); break;
        case 'resize': out = resizeDetachment(t, o.detachment, o.ap); break;
        case 'recall': out = recallDetachment(t, o.detachment); break;
        case 'ally': out = sendAlly(t, o.army, o.host, o.ap, o.forced ? 'forcedAlly' : 'volunteerAlly'); break;
        case 'join': out = joinArmy(t, o.force, o.host); break;
      }
      if (out.ok) t = out.state;
      else emit(t, refused(out.message));
    }
  }
  return t;
}
