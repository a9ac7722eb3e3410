/**
 * Sage discoveries (§3.4.8a, G-06, TV-17): each PR Sa phase has 5 % × Sa talent (effective,
 * with items and discoveries, G-07) to discover a random invention the kingdom does not know.
 * The first kingdom in the world to hold it earns its discoverer +2 Chancellor merit.
 */
import { talent } from '../characters.ts';
import type { Character } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { addInvention, knownAnywhere, pickUnknownInvention } from './discoveries.ts';
import { addMerit } from './offices.ts';
import { rollPct } from './util.ts';

/** % chance of a discovery in one PR Sa phase. */
export function discoveryChance(ctx: TurnCtx, c: Character): number {
  return ctx.cfg.kingdom.training.sagePctPerLevel * talent(ctx.s, c, 'Sa');
}

/** Rolls a discovery for a character training Sa; returns the invention code or null. */
export function sageDiscovery(ctx: TurnCtx, c: Character): string | null {
  if (c.kingdom === null) return null;
  if (!rollPct(ctx.rng, discoveryChance(ctx, c))) return null;
  const code = pickUnknownInvention(ctx.s, c.kingdom, ctx.rng);
  if (code === null) return null;
  const first = !knownAnywhere(ctx.s, code);
  addInvention(ctx.s, c.kingdom, code);
  if (first) addMerit(c, 'Chancellor', ctx.cfg.kingdom.training.firstDiscoveryMerit);
  ctx.emit({ t: 'discovery', to: [c.kingdom], who: c.id, at: c.province, invention: code, first });
  return code;
}
