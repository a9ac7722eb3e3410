/**
 * What one state's player may know of a game of Gruik (style §5; rules §3.3 S0.5, §5.6.1, §11.1,
 * §17, Appendix B). `viewer` null is the public view (the game's page, a spectator).
 *
 * Everyone knows: the calendar, the constants, the map, the political map (owner and controller of
 * every province, monuments, pillaged temples [App. B 12]), each state's name, kind, capital,
 * prestige and title, the friendships and tributary links (published [T §2.3, §11]), civil wars,
 * the published treaties, signed declarations, rumours without their author [T §17.2], the rolls
 * whose audience is everyone, the season keys' hashes and the keys revealed.
 *
 * A state also knows [App. B, private report]: its treasury and counters, its armies and
 * detachments with AP and modifiers, its fleets, its ledger, the rolls that concern it, the
 * treaties it signs, its own characters and the captives it holds, its own moves of the season and
 * its movement report (the triggering enemy moves, no strength [P A-15]). Of another state's land forces
 * it sees only those standing in a province it controls or where one of its own forces stands —
 * their kind, state and place, no AP, no modifier [P A-15, ours]. Other states' fleets are not
 * seen: what its fleets detected is in its naval log (S5, §7.8: state, zone, approximate size).
 *
 * Never: `secret` (the season keys not yet revealed, the rumours' authors), id serials of others.
 */
import { navalRecordsFor } from './naval-events.ts';
import type { SeasonEvent } from './season-types.ts';
import { eventsFor } from './season-events.ts';
import type { Army, Character, Detachment, Fleet, GruikState, LedgerEntry, ProvinceState, Realm, RollRecord, StateId, Treaty } from './state.ts';

export type PublicRealm = Pick<Realm, 'id' | 'name' | 'kind' | 'capital' | 'prestige' | 'friendsDeclared' | 'master' | 'civilWar'>;
export type OwnRealm = Realm;
export interface SeenForce { id: string; kind: 'army' | 'detachment'; state: StateId; location: string; inFortress: boolean }
export type PublicCharacter = Pick<Character, 'id' | 'state' | 'name' | 'role' | 'status'>;

export interface GruikView {
  viewer: StateId | null;
  season: number;
  step: GruikState['step'];
  config: GruikState['config'];
  map: GruikState['map'];
  provinces: Record<string, ProvinceState>;
  realms: Record<StateId, PublicRealm | OwnRealm>;
  characters: Record<string, PublicCharacter | Character>;
  armies: Record<string, Army>;
  detachments: Record<string, Detachment>;
  fleets: Record<string, Fleet>;
  /** Other states' land forces the viewer can see, without their strength. */
  seen: SeenForce[];
  treaties: Treaty[];
  declarations: GruikState['declarations'];
  rumours: GruikState['rumours'];
  ledger: LedgerEntry[];
  rolls: RollRecord[];
  dice: GruikState['dice'];
  /** The viewer's own land moves this season and its movement report (S4.1, S4.2). */
  landMoves: GruikState['landMoves'];
  movementReport: GruikState['movementReport'][string];
  /** The naval records of this season the viewer may read (S5): its own detections, interceptions it took part in, public naval battles [T §7.3; App. B]. */
  navalLog: NonNullable<GruikState['navalLog']>;
  /** The events of the season's steps written in season.ts that the viewer may see (public, or his audience). */
  events: SeasonEvent[];
  /** The land battles and retreats of S6 the viewer may see (public outcomes, the sides' losses and retreats). */
  fieldEvents: NonNullable<GruikState['fieldEvents']>;
}

const publicRealm = (r: Realm): PublicRealm => ({ id: r.id, name: r.name, kind: r.kind, capital: r.capital, prestige: r.prestige, friendsDeclared: [...r.friendsDeclared], ...(r.master ? { master: r.master } : {}), ...(r.civilWar ? { civilWar: { ...r.civilWar } } : {}) });

export function viewOf(state: GruikState, viewer: StateId | null): GruikView {
  return viewAs(state, viewer, false);
}

/**
 * The game's GM (§11.3 "he sees everything"; the engine's GM_SEAT): every state's forces with their
 * AP, every fleet, every treasury, ledger, roll, treaty and character — the referee's own board and
 * map (the platform gives it to the game's GM alone). Still not `secret` (the season keys not yet
 * revealed, the rumours' authors): the GM rules on what happened, he does not draw the dice.
 */
export function refereeViewOf(state: GruikState): GruikView {
  return viewAs(state, null, true);
}

function viewAs(state: GruikState, viewer: StateId | null, all: boolean): GruikView {
  const s = structuredClone(state);
  const mine = <T extends { state: StateId }>(x: T) => all || (viewer !== null && x.state === viewer);
  const where = (loc: unknown) => (typeof loc === 'string' && loc !== 'captured' ? loc : null);
  const ownPlaces = new Set([...Object.values(s.armies), ...Object.values(s.detachments)].filter(mine).map((f) => where(f.location)).filter((p): p is string => !!p));
  const visible = (p: string | null) => !!p && viewer !== null && (s.provinces[p]?.controller === viewer || ownPlaces.has(p));
  const seen: SeenForce[] = [];
  for (const a of Object.values(s.armies)) if (!mine(a) && visible(where(a.location))) seen.push({ id: a.id, kind: 'army', state: a.state, location: where(a.location)!, inFortress: a.inFortress });
  for (const d of Object.values(s.detachments)) if (!mine(d) && visible(where(d.location))) seen.push({ id: d.id, kind: 'detachment', state: d.state, location: where(d.location)!, inFortress: d.inFortress });
  const pick = <T extends { state: StateId }>(rec: Record<string, T>) => Object.fromEntries(Object.entries(rec).filter(([, x]) => mine(x)));
  return {
    viewer,
    season: s.season,
    step: s.step,
    config: s.config,
    map: s.map,
    provinces: s.provinces,
    realms: Object.fromEntries(Object.entries(s.realms).map(([id, r]) => [id, all || id === viewer ? r : publicRealm(r)])),
    characters: Object.fromEntries(Object.entries(s.characters).map(([id, c]) => [id, mine(c) || (viewer !== null && c.captor === viewer) ? c : { id: c.id, state: c.state, name: c.name, role: c.role, status: c.status }])),
    armies: pick(s.armies),
    detachments: pick(s.detachments),
    fleets: pick(s.fleets),
    seen,
    treaties: s.treaties.filter((t) => all || t.publishedAt !== undefined || (viewer !== null && t.signatories.includes(viewer))),
    declarations: s.declarations,
    rumours: s.rumours,
    ledger: s.ledger.filter((e) => all || e.state === viewer),
    rolls: s.rollLog.filter((r) => all || r.audience.length === 0 || (viewer !== null && r.audience.includes(viewer))),
    dice: { keyHashes: s.dice.keyHashes, revealedKeys: s.dice.revealedKeys }, // the GM's overrides show in the roll log, to each roll's audience
    landMoves: s.landMoves.filter((m) => all || m.state === viewer),
    movementReport: viewer !== null ? (s.movementReport[viewer] ?? []) : [],
    navalLog: navalRecordsFor(s.navalLog ?? [], viewer),
    events: eventsFor(s.seasonEvents ?? [], viewer),
    fieldEvents: (s.fieldEvents ?? []).filter((e) => all || e.audience.length === 0 || (viewer !== null && e.audience.includes(viewer))),
  };
}
