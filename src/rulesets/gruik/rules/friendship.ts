/**
 * A friendship cancelled, rules §1.5 and §5.11 [T §2.3; P A-05], part of step S3.2:
 * - A no longer grants B passage; every move of B's that needed it is cancelled (the force holds
 *   where it was at the start of S4 [P]);
 * - B's detachments that were using it — standing in a province A controls, or joined to an army
 *   of A's — are repatriated when a "direct path" exists: a chain of provinces friendly to B after
 *   the cancellation, of any length, to the detachment's parent army or to a province B controls
 *   [P A-05]. A repatriated detachment leaves the map and is unavailable this turn; its AP are its
 *   army's again from the next season's sizes (S0.4 no longer deducts them). Without a path it is
 *   destroyed and its army takes −1 (M3), or −10 with STRANDED_DETACHMENT_PENALTY 'mod-10' (the
 *   literal text);
 * - B's armies left in A's territory stay where they are [GM/P]; other cases are the GM's (J1).
 * The path ignores fleets [P].
 */
import { indexMap } from '../map.ts';
import type { DetachmentId, GruikState, StateId } from '../state.ts';
import { addMod } from './army-size.ts';
import { moveRefusal, type MoveOrder } from './movement.ts';
import { friendlyProvinceFor } from './relations.ts';

export interface Cancellation {
  state: GruikState;
  repatriated: DetachmentId[];
  destroyed: DetachmentId[];
  /** B's orders refused once the friendship is gone (they relied on it). */
  cancelledOrders: MoveOrder[];
}

/** Is there a chain of provinces friendly to `y` from `from` to one of `targets` (any length, bounded by the map)? */
function directPath(s: GruikState, from: string, y: StateId, isTarget: (p: string) => boolean): boolean {
  if (isTarget(from)) return true; // [P] its parent army stands in the same province: a path of no step
  const ix = indexMap(s.map);
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    const p = queue.shift()!;
    for (const l of ix.land[p] ?? []) {
      if (seen.has(l.province) || !friendlyProvinceFor(s, l.province, y)) continue;
      if (isTarget(l.province)) return true;
      seen.add(l.province);
      queue.push(l.province);
    }
  }
  return false;
}

/** A (`canceller`) cancels its friendship toward B (`friend`); `ordersOfB` are B's movement orders of the season. TV-61. */
export function cancelFriendship(s: GruikState, canceller: StateId, friend: StateId, ordersOfB: readonly MoveOrder[] = []): Cancellation {
  const t = structuredClone(s);
  const a = t.realms[canceller];
  if (!a || !t.realms[friend]) throw new Error(`unknown state ${canceller} or ${friend}`);
  a.friendsDeclared = a.friendsDeclared.filter((x) => x !== friend);

  const repatriated: DetachmentId[] = [], destroyed: DetachmentId[] = [];
  for (const d of Object.values(s.detachments)) {
    if (d.state !== friend || typeof d.location !== 'string' || d.location === 'captured') continue;
    const host = d.hostArmy ? s.armies[d.hostArmy] : undefined;
    const using = host ? host.state === canceller : s.provinces[d.location]?.controller === canceller;
    if (!using) continue;
    const parent = t.armies[d.parentArmy];
    const parentAt = parent && typeof parent.location === 'string' ? parent.location : null;
    const home = directPath(t, d.location, friend, (p) => p === parentAt || t.provinces[p]?.controller === friend);
    if (host) t.armies[host.id]!.alliedDetachments = t.armies[host.id]!.alliedDetachments.filter((x) => x !== d.id);
    if (parent) parent.detachmentsCreated = parent.detachmentsCreated.filter((x) => x !== d.id);
    delete t.detachments[d.id];
    if (home) repatriated.push(d.id);
    else {
      destroyed.push(d.id);
      if (parent) parent.mod = addMod(t.config, parent.mod, t.config.movement.strandedPenalty === 'mod-10' ? -10 : -t.config.army.lostDetachment);
    }
  }
  const cancelledOrders = ordersOfB.filter((o) => !moveRefusal(s, o) && moveRefusal(t, o) !== null);
  return { state: t, repatriated, destroyed, cancelledOrders };
}
