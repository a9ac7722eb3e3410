/**
 * Several hostile main armies in one province, rules §5.10 [T §5.7; P]: a force fights only once a
 * turn, so the battles are pairs chosen in order — first a pair involving the province's defender
 * (§5.8), then the rest; among equals a seeded draw (a die with as many faces as candidates);
 * pairs with an army that has already fought are skipped. Two enemy armies may therefore both
 * remain in a province at the end of a turn. Before a battle, a friendly army present may help with
 * one or two contingents (`assignHelper`). Bounded: each pair chosen removes two armies.
 */
import type { ArmyId, GruikState, ProvinceId, StateId } from '../state.ts';
import { actsAsMainArmy } from './army-size.ts';
import { createDetachment, DETACHMENT_REFUSALS, joinArmy, sendAlly, type DetachmentRefusal } from './detachments.ts';
import type { Dice } from './dice.ts';
import { refuse, type Refusal } from './refusal.ts';
import { hostile } from './relations.ts';

export function battlePairs(s: GruikState, province: ProvinceId, defender: StateId | null, dice: Dice, phase = 'S6.3'): [ArmyId, ArmyId][] {
  const armies = Object.values(s.armies)
    .filter((a) => a.location === province && !a.inFortress && !a.hostArmy && !a.fought && actsAsMainArmy(s, a.id))
    .map((a) => a.id).sort();
  const stateOf = (id: ArmyId) => s.armies[id]!.state;
  let pairs = armies.flatMap((a, i) => armies.slice(i + 1).filter((b) => hostile(s, stateOf(a), stateOf(b))).map((b) => [a, b] as [ArmyId, ArmyId]));
  const out: [ArmyId, ArmyId][] = [];
  while (pairs.length > 0) {
    const withDefender = pairs.filter(([a, b]) => stateOf(a) === defender || stateOf(b) === defender);
    const candidates = withDefender.length ? withDefender : pairs;
    const pick = candidates.length === 1 ? candidates[0]! : candidates[dice.roll({ sides: candidates.length, phase, event: `pairing:${province}:${out.length}`, purpose: 'which battle comes first', rule: '[T §5.7; P §5.10]', audience: [...new Set(candidates.flat().map(stateOf))] }) - 1]!;
    out.push(pick);
    pairs = pairs.filter(([a, b]) => !pick.includes(a) && !pick.includes(b));
  }
  return out;
}

/**
 * [T §5.7; P §5.10] A friendly army in the province helps a battle's army with one or two
 * contingents (detachments of at most DETACHMENT_MAX AP, within the host's allied slots): each is
 * split off the helper and joins the host — the host's state must have declared the helper a
 * friend, or be its master (`sendAlly`'s checks) — and the helper counts as having fought.
 * All or nothing: the first refused contingent refuses the help.
 */
export function assignHelper(s: GruikState, helper: ArmyId, host: ArmyId, contingents: readonly number[]): { ok: true; state: GruikState; ids: string[] } | ({ ok: false } & Refusal<DetachmentRefusal>) {
  if (contingents.length < 1 || contingents.length > 2) return { ok: false, ...refuse(DETACHMENT_REFUSALS, 'too-many-allied', { max: 2 }) };
  let t = s;
  const ids: string[] = [];
  const own = s.armies[helper]?.state === s.armies[host]?.state;
  for (const ap of contingents) {
    const r = own ? createDetachment(t, helper, ap) : sendAlly(t, helper, host, ap, t.realms[t.armies[helper]?.state ?? '']?.master === t.armies[host]?.state ? 'forcedAlly' : 'volunteerAlly');
    if (!r.ok) return r;
    t = r.state;
    if (own) { const j = joinArmy(t, r.id!, host); if (!j.ok) return j; t = j.state; }
    ids.push(r.id!);
  }
  t = structuredClone(t);
  t.armies[helper]!.fought = true;
  return { ok: true, state: t, ids };
}
