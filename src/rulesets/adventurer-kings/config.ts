/**
 * Adventurer Kings rules constants: one table, composed of each domain's defaults, that a host
 * can override per game (`state.config`, deep-merged; unknown keys are refused). Proposed
 * resolutions of the rules file ([P G-nn]) are constants here, named after their entry.
 */
import { WORLD_DEFAULTS } from './world/constants.ts';
import { KNOWLEDGE_DEFAULTS } from './knowledge/constants.ts';
import { ENCOUNTERS_DEFAULTS } from './encounters/constants.ts';
import { MAGIC_DEFAULTS } from './magic/constants.ts';
import { ARMIES_DEFAULTS } from './armies/constants.ts';
import { KINGDOM_DEFAULTS } from './kingdom/constants.ts';

export const DEFAULT_CONFIG = {
  world: WORLD_DEFAULTS,
  knowledge: KNOWLEDGE_DEFAULTS,
  encounters: ENCOUNTERS_DEFAULTS,
  magic: MAGIC_DEFAULTS,
  armies: ARMIES_DEFAULTS,
  kingdom: KINGDOM_DEFAULTS,
};

type Widen<T> = T extends number ? number : T extends string ? string : T extends boolean ? boolean
  : T extends readonly (infer U)[] ? Widen<U>[] : T extends object ? { [K in keyof T]: Widen<T[K]> } : T;
export type AKConfig = Widen<typeof DEFAULT_CONFIG>;

const cache = new Map<string, AKConfig>();

/**
 * The constants in force for a game: the defaults with the host's overrides. Memoised by the
 * overrides' content (every copy of a state carries its own `config` object, and most games have
 * none): the table is built once per distinct set of overrides. Read only: never change it.
 */
export function resolveConfig(overrides: Record<string, unknown> = {}): AKConfig {
  const key = JSON.stringify(overrides);
  const hit = cache.get(key);
  if (hit) return hit;
  const out = deepMerge(DEFAULT_CONFIG as unknown as Record<string, unknown>, overrides, '') as unknown as AKConfig;
  if (cache.size >= 100) cache.delete(cache.keys().next().value!);
  cache.set(key, out);
  return out;
}

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>, path: string): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(base);
  for (const [k, v] of Object.entries(over)) {
    const where = path ? `${path}.${k}` : k;
    if (!(k in base)) throw new Error(`unknown Adventurer Kings constant "${where}"`);
    const b = base[k];
    if (b && typeof b === 'object' && !Array.isArray(b) && v && typeof v === 'object' && !Array.isArray(v)) {
      out[k] = deepMerge(b as Record<string, unknown>, v as Record<string, unknown>, where);
    } else {
      if (typeof b !== typeof v || Array.isArray(b) !== Array.isArray(v)) throw new Error(`constant "${where}" expects ${Array.isArray(b) ? 'a list' : typeof b}`);
      out[k] = v;
    }
  }
  return out;
}
