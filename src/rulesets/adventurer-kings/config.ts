/**
 * Adventurer Kings rules constants: one table, composed of each domain's defaults, that a host
 * can override per game (`state.config`, deep-merged; unknown keys, wrong types and values
 * outside each constant's bounds are refused). Proposed
 * resolutions of the rules file ([P G-nn]) are constants here, named after their entry.
 */
import { resolveConfig as resolveTable, type TableInfo } from '../../engine/constants.ts';
import type { Localized } from '../../engine/ruleset.ts';
import { WORLD_BOUNDS, WORLD_DEFAULTS } from './world/constants.ts';
import { KNOWLEDGE_BOUNDS, KNOWLEDGE_DEFAULTS } from './knowledge/constants.ts';
import { ENCOUNTERS_BOUNDS, ENCOUNTERS_DEFAULTS } from './encounters/constants.ts';
import { MAGIC_BOUNDS, MAGIC_DEFAULTS } from './magic/constants.ts';
import { ARMIES_BOUNDS, ARMIES_DEFAULTS } from './armies/constants.ts';
import { KINGDOM_BOUNDS, KINGDOM_DEFAULTS } from './kingdom/constants.ts';
import { VALHALLA_BOUNDS, VALHALLA_DEFAULTS } from './valhalla/constants.ts';

export const DEFAULT_CONFIG = {
  world: WORLD_DEFAULTS,
  knowledge: KNOWLEDGE_DEFAULTS,
  encounters: ENCOUNTERS_DEFAULTS,
  magic: MAGIC_DEFAULTS,
  armies: ARMIES_DEFAULTS,
  kingdom: KINGDOM_DEFAULTS,
  valhalla: VALHALLA_DEFAULTS,
};

type Widen<T> = T extends number ? number : T extends string ? string : T extends boolean ? boolean
  : T extends readonly (infer U)[] ? Widen<U>[] : T extends object ? { [K in keyof T]: Widen<T[K]> } : T;
export type AKConfig = Widen<typeof DEFAULT_CONFIG>;

/** Every constant's type and bounds, domain by domain (each beside its defaults in the domain's constants.ts). */
export const BOUNDS = {
  world: WORLD_BOUNDS,
  knowledge: KNOWLEDGE_BOUNDS,
  encounters: ENCOUNTERS_BOUNDS,
  magic: MAGIC_BOUNDS,
  armies: ARMIES_BOUNDS,
  kingdom: KINGDOM_BOUNDS,
  valhalla: VALHALLA_BOUNDS,
};

/**
 * Relations between constants: in every table, `xMin` ≤ `xMax` (and `minOffer` ≤ `maxOffer`), so
 * that no die is rolled in an empty range; a game's default number of Kings within its maximum.
 */
function relations(cfg: AKConfig): { path: string; value: unknown; expected: Localized } | null {
  const walk = (t: Record<string, unknown>, path: string): { path: string; value: unknown; expected: Localized } | null => {
    for (const [k, v] of Object.entries(t)) {
      const where = path ? `${path}.${k}` : k;
      if (v && typeof v === 'object' && !Array.isArray(v)) { const bad = walk(v as Record<string, unknown>, where); if (bad) return bad; continue; }
      const hi = k.endsWith('Min') ? `${k.slice(0, -3)}Max` : k.startsWith('min') ? `max${k.slice(3)}` : null;
      if (hi && typeof v === 'number' && typeof t[hi] === 'number' && v > (t[hi] as number)) {
        return { path: where, value: v, expected: { fr: `au plus ${hi} (${t[hi]})`, en: `at most ${hi} (${t[hi]})` } };
      }
    }
    return null;
  };
  if (cfg.world.defaultPlayers > cfg.world.maxPlayers) {
    return { path: 'world.defaultPlayers', value: cfg.world.defaultPlayers, expected: { fr: `au plus world.maxPlayers (${cfg.world.maxPlayers})`, en: `at most world.maxPlayers (${cfg.world.maxPlayers})` } };
  }
  return walk(cfg as unknown as Record<string, unknown>, '');
}

export const TABLE_INFO: TableInfo = { name: { fr: 'Adventurer Kings', en: 'Adventurer Kings' }, relations };

const cache = new Map<string, AKConfig>();

/**
 * A host's overrides checked against BOUNDS when a game is created (world/setup.ts): unknown
 * keys, wrong types, values out of bounds and broken relations are refused with a ConstantError.
 */
export function checkOverrides(overrides: Record<string, unknown> = {}): AKConfig {
  return resolveTable(TABLE_INFO, BOUNDS, DEFAULT_CONFIG as unknown as AKConfig, overrides);
}

/**
 * The constants in force for a game: the defaults with the overrides stored in its state (checked
 * against BOUNDS at creation by checkOverrides; here only unknown keys and wrong types are
 * refused, so that a game created before the bounds existed goes on as it began).
 * Memoised by the overrides' content (every copy of a state carries its own `config` object, and
 * most games have none): the table is built once per distinct set of overrides. Read only: never
 * change it.
 */
export function resolveConfig(overrides: Record<string, unknown> = {}): AKConfig {
  const key = JSON.stringify(overrides);
  const hit = cache.get(key);
  if (hit) return hit;
  const out = resolveTable(TABLE_INFO, BOUNDS, DEFAULT_CONFIG as unknown as AKConfig, overrides, { bounds: false });
  if (cache.size >= 100) cache.delete(cache.keys().next().value!);
  cache.set(key, out);
  return out;
}
