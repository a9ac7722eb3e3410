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
    case 'demand-ally': return `demand ${o.tributary} → ${o.host}`;
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
      if (o.kind === 'demand-ally') continue; // after every state's own orders (below)
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
  return demandsOfMasters(t, orders);
}

const NOT_YOUR_TRIBUTARY: Localized = { fr: '{state} n’est pas votre tributaire.', en: '{state} is not your tributary.' };
const NOT_YOUR_ARMY: Localized = { fr: 'L’armée {army} n’est pas la vôtre.', en: 'Army {army} is not yours.' };

/**
 * [T §4.2.2, §11.3; P §4.5.4, A-63] The masters' forced-ally demands, after every state's own orders
 * (orders are simultaneous: the tributary's own `ally … forced` to that army is its answer, sized
 * by it). A tributary that sent none sends FORCED_ALLY_MIN AP from the first of its armies, most AP
 * first, that can (`sendAlly`: the army stands with the host, keeps its own minimum); if none can, the
 * demand fails and the master is told. One demand a host army and tributary.
 */
function demandsOfMasters(s: GruikState, orders: Record<StateId, StateOrders>): GruikState {
  let t = s;
  for (const st of Object.keys(orders).sort()) {
    const seen = new Set<string>();
    for (const o of orders[st]!.forces ?? []) {
      if (o.kind !== 'demand-ally') continue;
      const refused = (message: Localized) => emit(t, { t: 'refused', audience: [st], state: st, order: label(o), message });
      if (!Object.hasOwn(t.armies, o.host) || t.armies[o.host]!.state !== st) { refused(fill(NOT_YOUR_ARMY, { army: o.host })); continue; }
      const trib = Object.hasOwn(t.realms, o.tributary) ? t.realms[o.tributary] : undefined;
      if (!trib || trib.master !== st) { refused(fill(NOT_YOUR_TRIBUTARY, { state: o.tributary })); continue; } // the same sentence for a state that does not exist
      const key = `${o.tributary}>${o.host}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const audience = [st, o.tributary].sort();
      const sent = Object.values(t.detachments).find((d) => d.state === o.tributary && d.kind === 'forcedAlly' && d.hostArmy === o.host);
      if (sent) { emit(t, { t: 'ally-demand', audience, master: st, tributary: o.tributary, host: o.host, ap: sent.ap }); continue; }
      const armies = Object.values(t.armies).filter((a) => a.state === o.tributary).sort((a, b) => b.currentAP - a.currentAP || (a.id < b.id ? -1 : 1));
      let met: number | null = null;
      for (const a of armies) {
        const r = sendAlly(t, a.id, o.host, t.config.detachment.forcedAllyMin, 'forcedAlly');
        if (r.ok) { t = r.state; met = t.config.detachment.forcedAllyMin; break; }
      }
      emit(t, { t: 'ally-demand', audience, master: st, tributary: o.tributary, host: o.host, ap: met });
    }
  }
  return t;
}
