/**
 * Movement (rules §6.1–§6.3): a normal move of one region, a road move of 1 to 3 regions along
 * the road without leaving it, a sea move from a port region to any other port (the noble waits
 * on the port symbol until Upkeep step 4). Mountains never pass; rivers only at the 4 bridges.
 * A noble cannot pass THROUGH a region holding another baron's noble (not at sea) or a city he
 * controls, unless that baron allows it; neutral cities do not block; another baron's stronghold
 * blocks only with the host option `strongholdsBlock` (issue 21, the French names only nobles and
 * cities; the rules file's G-A11 otherwise); ending a move there is always allowed [P G-A11].
 * A noble inside a besieged city (his own city's region, besieged) cannot move [T §6.2, P G-A10].
 * Consents (§9.2 #6) are inputs: `permissions[baron] === true`; missing is a refusal (the default).
 * A road move visits each region once [P].
 */
import { fill } from '../../../engine/localize.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import { BOARD, cityIn, passable, region as regionOf, type Edge, type RegionId } from '../board.ts';
import type { BaronId } from '../barons.ts';
import { own, type WkState } from '../state.ts';
import { baronData } from '../barons.ts';

export interface Move { noble: string; kind: 'step' | 'road' | 'sea'; path: RegionId[] }
export type Permissions = Partial<Record<BaronId, boolean>>;

export type MoveRefusal = 'not-yours' | 'not-on-board' | 'not-ready' | 'besieged' | 'bad-path' | 'impassable' | 'not-road' | 'too-far' | 'not-port' | 'blocked';
export const MOVE_REFUSALS: Record<MoveRefusal, Localized> = {
  'not-yours': { fr: 'Ce noble n’est pas l’un des vôtres.', en: 'This noble is not one of yours.' },
  'not-on-board': { fr: 'Ce noble n’est pas dans une région du plateau.', en: 'This noble is not in a region of the board.' },
  'not-ready': { fr: 'Ce noble est épuisé jusqu’au bilan.', en: 'This noble is exhausted until the Upkeep.' },
  besieged: { fr: 'Un noble dans une cité assiégée ne peut pas bouger.', en: 'A noble in a besieged city cannot move.' },
  'bad-path': { fr: 'Ce chemin ne mène pas de région voisine en région voisine.', en: 'This path does not go from one neighbouring region to the next.' },
  impassable: { fr: 'Une montagne, ou une rivière hors d’un pont, barre le passage.', en: 'A mountain, or a river away from a bridge, bars the way.' },
  'not-road': { fr: 'Un mouvement par la route suit la route sans la quitter.', en: 'A road move follows the road without leaving it.' },
  'too-far': { fr: 'Au plus {max} région(s) pour ce mouvement.', en: 'At most {max} region(s) for this move.' },
  'not-port': { fr: 'Un mouvement par mer va d’une région portuaire à un autre port.', en: 'A sea move goes from a port region to another port.' },
  blocked: { fr: 'Passer par {r} demande l’accord de {who}.', en: 'Passing through {r} needs the consent of {who}.' },
};

/**
 * The barons named in a refusal, by their names and colours in each language (never by id). Only
 * barons whose pieces stand in the region are named: pieces on the board are public (§9.4), so
 * the refusal tells nothing the mover may not know.
 */
export function baronList(bs: readonly BaronId[]): Localized {
  const named = bs.map((b) => { const d = baronData(b); return { fr: `${d.name} (${d.colour.fr})`, en: `${d.name} (${d.colour.en})` }; });
  const join = (xs: string[], and: string): string => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} ${and} ${xs[xs.length - 1]}`);
  return { fr: join(named.map((x) => x.fr), 'et'), en: join(named.map((x) => x.en), 'and') };
}

export type MoveCheck = { ok: true } | { ok: false; reason: MoveRefusal; message: Localized };

const edgeOf = (a: RegionId, b: RegionId): Edge | undefined => BOARD.edges.find((e) => (e.a === a && e.b === b) || (e.a === b && e.b === a));
const ROAD_STEPS = 3; // [T §6.2] 1, 2 or 3 regions along the road

/** The barons whose pieces block passing through a region for this baron (§6.2 [P G-A11]). */
export function blockers(s: WkState, baron: BaronId, r: RegionId): BaronId[] {
  const out = new Set<BaronId>();
  for (const n of Object.values(s.nobles)) if (n.baron !== baron && n.location.kind === 'region' && n.location.region === r) out.add(n.baron);
  const c = cityIn(r);
  const ctl = c && !s.cities[c.id]!.razed ? s.cities[c.id]!.controller : null;
  if (ctl && ctl !== baron) out.add(ctl);
  if (s.config.options.strongholdsBlock) for (const h of Object.values(s.strongholds)) if (h.baron !== baron && h.region === r) out.add(h.baron);
  return [...out];
}

/** A noble of his standing in his own besieged city (§6.2; [P G-A10] his nobles there are inside it). */
export function inBesiegedCity(s: WkState, nobleId: string): boolean {
  const n = s.nobles[nobleId]!;
  if (n.location.kind !== 'region') return false;
  const c = cityIn(n.location.region);
  return !!c && s.cities[c.id]!.controller === n.baron && s.cities[c.id]!.besiegedBy !== null;
}

export function checkMove(s: WkState, baron: BaronId, m: Move, permissions: Permissions = {}): MoveCheck {
  const bad = (reason: MoveRefusal, args: Record<string, string | number> = {}): MoveCheck => ({ ok: false, reason, message: fill(MOVE_REFUSALS[reason], args) });
  const n = own(s.nobles, m.noble);
  if (!n || n.baron !== baron) return bad('not-yours');
  if (n.location.kind !== 'region') return bad('not-on-board');
  if (!n.ready) return bad('not-ready');
  if (inBesiegedCity(s, m.noble)) return bad('besieged');
  const start = n.location.region;
  if (m.path.length === 0 || new Set([start, ...m.path]).size !== m.path.length + 1) return bad('bad-path');
  if (m.kind === 'sea') {
    if (m.path.length !== 1) return bad('too-far', { max: 1 });
    if (!regionOf(start).port || !BOARD.regions.some((r) => r.id === m.path[0]) || !regionOf(m.path[0]!).port) return bad('not-port');
    return { ok: true };
  }
  const max = m.kind === 'road' ? ROAD_STEPS : 1;
  if (m.path.length > max) return bad('too-far', { max });
  let at = start;
  for (const [i, next] of m.path.entries()) {
    const e = edgeOf(at, next);
    if (!e) return bad('bad-path');
    if (!passable(e)) return bad('impassable');
    if (m.kind === 'road' && !e.road) return bad('not-road');
    if (i < m.path.length - 1) {
      const refusing = blockers(s, baron, next).filter((b) => permissions[b] !== true);
      if (refusing.length > 0) return { ok: false, reason: 'blocked', message: fill(MOVE_REFUSALS.blocked, { r: next, who: baronList(refusing) }) };
    }
    at = next;
  }
  return { ok: true };
}

/** Moves the noble (checked first); the caller exhausts it when the card is resolved (§6.1). */
export function applyMove(s: WkState, m: Move): void {
  const dest = m.path[m.path.length - 1]!;
  s.nobles[m.noble]!.location = m.kind === 'sea' ? { kind: 'at-sea', region: dest } : { kind: 'region', region: dest };
}
