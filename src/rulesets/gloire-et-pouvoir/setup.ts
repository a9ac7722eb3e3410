/** A new game of Gloire & Pouvoir [rules §2.16, P G-01]. */
import { LocalizedError } from '../../engine/constants.ts';
import type { Rng } from '../../engine/rng.ts';
import { resolveConfig } from './config.ts';
import { getMap } from './maps/index.ts';
import type { GPState, Lord, Territory } from './state.ts';

export interface GPOptions {
  map?: string;
  /** Lord names, one per seat; or a count (names "Seigneur 1"…). */
  lords?: string[];
  players?: number;
  /** A host's overrides of any constant or variant flag (Appendix A). */
  config?: Record<string, unknown>;
}

export function setupGame(options: GPOptions, rng: Rng): GPState {
  // Every refusal of the options is said in both languages (the platform shows the host's).
  const refuse = (fr: string, en: string): never => { throw new LocalizedError({ fr, en }); };
  const mapId = options.map ?? 'scandinavia';
  let map: ReturnType<typeof getMap>;
  try { map = getMap(mapId); } catch { return refuse(`carte inconnue « ${String(mapId).slice(0, 40)} »`, `unknown map "${String(mapId).slice(0, 40)}"`); }
  const config = resolveConfig(options.config ?? {});
  if (options.lords !== undefined && (!Array.isArray(options.lords) || options.lords.some((n) => typeof n !== 'string'))) {
    refuse('la liste des seigneurs doit être une liste de noms', 'the lords must be a list of names');
  }
  const count = options.lords?.length ?? options.players ?? map.defaultPlayers;
  if (!Number.isInteger(count) || count < 2 || count > map.starts.length) {
    refuse(`cette carte a ${map.starts.length} positions de départ : de 2 à ${map.starts.length} seigneurs (et non ${String(count)})`, `this map has ${map.starts.length} start positions: 2 to ${map.starts.length} lords (not ${String(count)})`);
  }
  const names = options.lords ?? Array.from({ length: count }, (_, i) => `Seigneur ${i + 1}`);
  const seen = new Set<string>();
  for (const n of names) {
    const key = n.trim().toLowerCase();
    if (!key) refuse('un seigneur doit avoir un nom', 'a lord needs a name');
    if (seen.has(key)) refuse(`deux seigneurs s’appellent « ${n} »`, `two lords are named "${n}"`);
    seen.add(key);
  }
  const territories: Record<string, Territory> = {};
  for (const t of map.territories) {
    territories[t.id] = {
      id: t.id, owner: null, population: t.population ?? config.defaultPopulation, happiness: config.startHappiness,
      taxCoef: t.taxCoef ?? config.defaultTaxCoef, fortification: 'none', lastSoldTurn: null,
    };
  }
  // Start positions drawn at random among the map's slots [N §8.2.1, P G-01].
  // The map lists its best-spread slots first: a game of the default size draws among those.
  const homes = rng.shuffle(map.starts.slice(0, Math.max(names.length, map.defaultPlayers))).slice(0, names.length);
  const state: GPState = {
    ruleset: 'gloire-et-pouvoir', map: map.id, mapKey: map.key, config, turn: 1, finished: false, king: null, victory: null,
    lords: {}, knights: {}, armies: {}, territories, relations: {}, allyCalls: [], nextKnight: 1, nextArmy: 1, revoltedThisTurn: [],
  };
  names.forEach((name, i) => {
    const id = `L${i + 1}`;
    const kid = `K${state.nextKnight++}`;
    const home = homes[i]!;
    state.knights[kid] = { id: kid, name: name.trim(), lord: id, isLordKnight: true, renown: config.startLordKnightRenown, hireRenown: 0, hiredTurn: 0, location: home, army: null };
    const lord: Lord = {
      id, name: name.trim(), lordKnight: kid, treasury: config.startTreasury, title: null, retreat: { ...config.startRetreat },
      alive: true, abdicated: false, outTurn: null, memory: {}, intel: {},
    };
    state.lords[id] = lord;
    territories[home]!.owner = id;
  });
  return state;
}
