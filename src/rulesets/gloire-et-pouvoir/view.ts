/**
 * What one lord may know (boardgame.io's playerView): his own state in full; of the others what
 * the rules make public — owners, titles, the renown ranking, relations, alliances, territories'
 * population and happiness (the original clickable map showed them [rules §8 P-11]) — plus what
 * his spies reported [§4.13] and the forces he can see with his own eyes (on his land or where
 * his knights stand). Tax coefficients, fortifications, forces and treasuries of others stay hidden.
 */
import type { Fortification, Title } from './config.ts';
import { allGlobalRenown, livingLords } from './formulas.ts';
import type { GPState, Intel, Knight, KnightId, LordId, Relation, TerritoryId } from './state.ts';
import { relation } from './state.ts';

export interface TerritoryView {
  id: TerritoryId;
  owner: LordId | null;
  population: number;
  happiness: number;
  /** Known only for one's own territories. */
  taxCoef: number | null;
  fortification: Fortification | null;
  garrison: number | null;
}

export interface KnightView { id: KnightId; lord: LordId; name: string; location: TerritoryId; renown: number | null; men: number | null; army: number | null; hireRenown?: number; isLordKnight: boolean }

export interface GPView {
  turn: number;
  map: string;
  finished: boolean;
  king: LordId | null;
  victory: GPState['victory'];
  me: null | {
    id: LordId; name: string; treasury: number; title: Title | null; retreat: GPState['lords'][string]['retreat']; alive: boolean;
    armies: { id: number; strength: number; commander: KnightId | null; location: TerritoryId }[];
    memory: GPState['lords'][string]['memory'];
    intel: Record<TerritoryId, Intel>;
    allyCallsReceived: { caller: LordId; turn: number; enemies: LordId[] }[];
  };
  lords: { id: LordId; name: string; alive: boolean; title: Title | null; renown: number | null; territories: number; relation: Relation | null }[];
  relations: { a: LordId; b: LordId; relation: 'war' | 'alliance' }[];
  territories: Record<TerritoryId, TerritoryView>;
  knights: KnightView[];
}

export function avgHappiness(s: GPState): number {
  const ts = Object.values(s.territories);
  return ts.reduce((a, t) => a + t.happiness, 0) / ts.length;
}

/** Where a lord sees with his own eyes: his land and the territories where his knights stand. */
function sightOf(s: GPState, player: LordId | null, all: Knight[] = Object.values(s.knights)): (t: TerritoryId) => boolean {
  const me = player ? s.lords[player] ?? null : null;
  const myKnightSpots = new Set<TerritoryId>();
  for (const k of all) if (k.lord === player) myKnightSpots.add(k.location);
  return (t) => (me !== null && s.territories[t]?.owner === me.id) || myKnightSpots.has(t);
}

/** The knights of the view (`GPView.knights`): the lord's own, and the others in his sight, in state order. */
function knightsInSight(s: GPState, player: LordId | null): Knight[] {
  const all = Object.values(s.knights);
  const visible = sightOf(s, player, all);
  return all.filter((k) => k.lord === player || visible(k.location));
}

/** A knight a lord may name, with every name he knows him by. */
export interface KnownKnight {
  id: KnightId;
  lord: LordId;
  /** The name he knows best: the present one if in sight, else the latest spy report's. */
  name: string;
  /** Every name he knows him by (present name, names in spy reports), the best first. */
  names: string[];
  /** Own, or in sight now (the view's `knights`); false for one known only from spy reports. */
  inSight: boolean;
}

/**
 * The knights a lord may name — in his orders, in the guided form's lists, in "did you mean"
 * suggestions and validation messages: exactly the knights of his view (his own and those in
 * sight, `GPView.knights`) and those his spies reported (`GPView.me.intel`, under the names of
 * the reports: a reported knight may since have been renamed, have moved or died, which the lord
 * does not know). No other knight, whatever the state holds: a name outside this list must read
 * exactly like a name that does not exist (style guide §5). Sorted by id number.
 */
export function knownKnights(s: GPState, player: LordId | null): KnownKnight[] {
  const out = new Map<KnightId, KnownKnight>();
  for (const k of knightsInSight(s, player)) out.set(k.id, { id: k.id, lord: k.lord, name: k.name, names: [k.name], inSight: true });
  const me = player ? s.lords[player] : undefined;
  // Latest reports first, so that a knight's best-known name is the freshest one.
  const reports = Object.values(me?.intel ?? {}).slice().sort((a, b) => b.turn - a.turn);
  for (const r of reports) {
    for (const k of r.knights) {
      const known = out.get(k.knight);
      if (!known) out.set(k.knight, { id: k.knight, lord: k.lord, name: k.name, names: [k.name], inSight: false });
      else if (!known.names.includes(k.name)) known.names.push(k.name);
    }
  }
  return [...out.values()].sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)) || a.id.localeCompare(b.id));
}

export function playerView(s: GPState, player: LordId | null): GPView {
  const me = player ? s.lords[player] ?? null : null;
  const avgH = avgHappiness(s);
  const living = new Set(livingLords(s));
  const renown = allGlobalRenown(s, avgH);
  const owned = (l: LordId) => Object.values(s.territories).filter((t) => t.owner === l).length;
  const visible = sightOf(s, player);
  const territories: Record<TerritoryId, TerritoryView> = {};
  for (const t of Object.values(s.territories)) {
    const mine = me !== null && t.owner === me.id;
    const g = mine ? Object.values(s.armies).find((a) => a.commander === null && a.location === t.id && a.lord === me!.id) : undefined;
    territories[t.id] = {
      id: t.id, owner: t.owner, population: t.population, happiness: t.happiness,
      taxCoef: mine ? t.taxCoef : null, fortification: mine ? t.fortification : null, garrison: mine ? g?.strength ?? 0 : null,
    };
  }
  const knights: KnightView[] = [];
  for (const k of knightsInSight(s, player)) {
    const own = k.lord === player;
    const army = k.army !== null ? s.armies[String(k.army)] : undefined;
    knights.push({
      id: k.id, lord: k.lord, name: k.name, location: k.location, isLordKnight: k.isLordKnight,
      renown: own ? k.renown : null, men: own || visible(k.location) ? army?.strength ?? 0 : null, army: own ? k.army : null,
      ...(own ? { hireRenown: k.hireRenown } : {}),
    });
  }
  return {
    turn: s.turn, map: s.map, finished: s.finished, king: s.king, victory: s.victory,
    me: me && {
      id: me.id, name: me.name, treasury: me.treasury, title: me.title, retreat: me.retreat, alive: me.alive,
      armies: Object.values(s.armies).filter((a) => a.lord === me.id).map((a) => ({ id: a.id, strength: a.strength, commander: a.commander, location: a.location })),
      memory: me.memory, intel: me.intel,
      allyCallsReceived: s.allyCalls.filter((c) => c.callee === me.id).map((c) => ({ caller: c.caller, turn: c.turn, enemies: c.enemiesAtCall })),
    },
    lords: Object.values(s.lords).map((l) => ({
      id: l.id, name: l.name, alive: l.alive, title: l.title, renown: living.has(l.id) ? renown.get(l.id)! : null,
      territories: owned(l.id), relation: player && l.id !== player ? relation(s, player, l.id) : null,
    })),
    relations: Object.entries(s.relations).map(([k, v]) => { const [a, b] = k.split('|') as [string, string]; return { a, b, relation: v }; }),
    territories,
    knights,
  };
}
