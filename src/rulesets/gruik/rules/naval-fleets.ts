/**
 * Fleets organised, rules §7.1 [T §7, §7.2; P A-38], step S3.6: fleets on the same coast at the
 * start of the season (the same zone [P A-66: a zone with a coast is one port model]) may exchange
 * ships, split or merge. If a state has more than one fleet, every fleet must have at least
 * MULTI_FLEET_MIN_SHIPS ships: checked on a split (both parts) and on an exchange (both fleets),
 * never forced on a fleet reduced below it by losses, which may always merge [P A-38]. A fleet with
 * troops aboard keeps them; a split takes none (the new fleet starts empty [P]). Ids come from the
 * realm's serial (state.ts). Each act returns the new state or a typed refusal in French and English.
 *
 * Combined operations, §7.12 [T §7.7, §2.3]: two fleets of different states on the same coast,
 * one state having declared the other a friend, placed for this season under the command of one of
 * them (both players name it; the platform takes the declaration only when both do). S5 sails them
 * as one fleet (naval-phase.ts).
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { FleetId, GruikState } from '../state.ts';
import { refuse, type Refusal } from './refusal.ts';

export type FleetRefusal = 'unknown' | 'not-own' | 'not-together' | 'same' | 'ships' | 'minimum' | 'troops' | 'same-state' | 'not-friends' | 'commander' | 'combined';

export const FLEET_REFUSALS: Record<FleetRefusal, Localized> = {
  'unknown': { fr: 'Cette flotte n’existe pas.', en: 'There is no such fleet.' },
  'not-own': { fr: 'Ces flottes n’appartiennent pas au même état.', en: 'These fleets do not belong to the same state.' },
  'not-together': { fr: 'Des flottes n’échangent de navires ou ne fusionnent que sur la même côte au début de la saison.', en: 'Fleets exchange ships or merge only on the same coast at the start of the season.' },
  'same': { fr: 'Une flotte ne fusionne pas avec elle-même.', en: 'A fleet does not merge with itself.' },
  'ships': { fr: 'Le nombre de navires doit être un entier entre 1 et {max}.', en: 'The number of ships must be an integer from 1 to {max}.' },
  'minimum': { fr: 'Un état qui a plus d’une flotte doit avoir au moins {min} navires dans chacune.', en: 'A state with more than one fleet needs at least {min} ships in each.' },
  'same-state': { fr: 'Deux flottes du même état fusionnent ; le commandement commun joint deux états.', en: 'Two fleets of one state merge; a common command joins two states.' },
  'not-friends': { fr: 'Le commandement commun suppose qu’un des deux états ait déclaré l’autre ami.', en: 'A common command needs one of the two states to have declared the other a friend.' },
  'commander': { fr: 'Le commandant doit être l’un des deux états.', en: 'The commander must be one of the two states.' },
  'combined': { fr: 'Une flotte ne rejoint qu’un seul commandement commun par saison.', en: 'A fleet joins only one common command a season.' },
  'troops': { fr: 'Une flotte qui a des troupes à bord ne disparaît pas dans une fusion : faites fusionner l’autre flotte dans celle-ci.', en: 'A fleet with troops aboard does not vanish in a merger: merge the other fleet into this one.' },
};

export type FleetOutcome = { ok: true; state: GruikState; id?: FleetId } | ({ ok: false } & Refusal<FleetRefusal>);
const no = (reason: FleetRefusal, args: Record<string, string | number> = {}): FleetOutcome => ({ ok: false, ...refuse(FLEET_REFUSALS, reason, args) });

function pair(s: GruikState, a: FleetId, b: FleetId): FleetOutcome | null {
  const fa = s.fleets[a], fb = s.fleets[b];
  if (!fa || !fb) return no('unknown');
  if (a === b) return no('same');
  if (fa.state !== fb.state) return no('not-own');
  if (fa.zone !== fb.zone) return no('not-together');
  return null;
}

/** [T §7; P A-38] A new fleet of `ships` ships split off `fleet`, in the same place; both keep the minimum. */
export function splitFleet(s: GruikState, fleet: FleetId, ships: number): FleetOutcome {
  const f = s.fleets[fleet];
  if (!f) return no('unknown');
  if (!Number.isInteger(ships) || ships < 1 || ships >= f.ships) return no('ships', { max: Math.max(1, f.ships - 1) });
  const min = s.config.naval.multiFleetMinShips;
  if (ships < min || f.ships - ships < min) return no('minimum', { min });
  const t = structuredClone(s);
  const serial = t.serials[f.state]!;
  serial.fleet += 1;
  const id = `${f.state}:F${serial.fleet}`;
  const g = t.fleets[fleet]!;
  g.ships -= ships;
  t.fleets[id] = { id, state: f.state, ships, zone: f.zone, ...(f.coast ? { coast: f.coast } : {}), inPort: f.inPort, mpUsed: 0, embarked: [], stationary: true, raidedThisSeason: false, lostBattleThisSeason: false };
  t.realms[f.state]!.fleets.push(id);
  return { ok: true, state: t, id };
}

/** [T §7.2; P A-38] `from` merges into `into` (same state, same coast); allowed at any size. */
export function mergeFleets(s: GruikState, into: FleetId, from: FleetId): FleetOutcome {
  const bad = pair(s, into, from);
  if (bad) return bad;
  if (s.fleets[from]!.embarked.length > 0) return no('troops');
  const t = structuredClone(s);
  const f = t.fleets[from]!;
  t.fleets[into]!.ships += f.ships;
  t.realms[f.state]!.fleets = t.realms[f.state]!.fleets.filter((x) => x !== from);
  delete t.fleets[from];
  return { ok: true, state: t, id: into };
}

/** [T §7.2; P A-38] `ships` ships pass from `from` to `to` (same state, same coast); both keep the minimum. */
export function exchangeShips(s: GruikState, from: FleetId, to: FleetId, ships: number): FleetOutcome {
  const bad = pair(s, from, to);
  if (bad) return bad;
  const f = s.fleets[from]!;
  if (!Number.isInteger(ships) || ships < 1 || ships >= f.ships) return no('ships', { max: Math.max(1, f.ships - 1) });
  const min = s.config.naval.multiFleetMinShips;
  if (f.ships - ships < min) return no('minimum', { min });
  const t = structuredClone(s);
  t.fleets[from]!.ships -= ships;
  t.fleets[to]!.ships += ships;
  return { ok: true, state: t };
}

/** [T §7.7, §2.3] Fleets `a` and `b` of two states under `commander`'s command this season (S3.6). */
export function combineFleets(s: GruikState, a: FleetId, b: FleetId, commander: string): FleetOutcome {
  const fa = s.fleets[a], fb = s.fleets[b];
  if (!fa || !fb) return no('unknown');
  if (a === b) return no('same');
  if (fa.state === fb.state) return no('same-state');
  if (fa.zone !== fb.zone) return no('not-together');
  if (!s.realms[fa.state]?.friendsDeclared.includes(fb.state) && !s.realms[fb.state]?.friendsDeclared.includes(fa.state)) return no('not-friends');
  if (commander !== fa.state && commander !== fb.state) return no('commander');
  if (fa.combinedWith || fb.combinedWith) return no('combined');
  const t = structuredClone(s);
  t.fleets[a]!.combinedWith = { fleet: b, commander };
  t.fleets[b]!.combinedWith = { fleet: a, commander };
  return { ok: true, state: t };
}
