/**
 * The magic domain's steps of the turn sequence (G-65), called by turn/turn.ts.
 * OWNER: magic helper.
 */
import type { TurnCtx } from '../turn/context.ts';
import { clearPlagueFlags, spreadPlague } from './plague.ts';
import { sortedIds } from './util.ts';

/** Pre-turn: reset action-spell counts (G-65 1). */
export function preTurn(ctx: TurnCtx): void {
  for (const id of sortedIds(ctx.s.characters)) delete ctx.s.characters[id]!.spellsThisTurn;
}

/** Start of each phase (≥ 2): plague spread (G-35). */
export function startOfPhase(ctx: TurnCtx): void {
  if (ctx.phase >= 2 && ctx.phase <= 5) spreadPlague(ctx);
}

/** Keys of an event that name the character it happens to. */
const ABOUT = ['who', 'character', 'victim', 'target', 'opponent'] as const;

/**
 * Clairvoyance (§4.2c): every event of the turn about a watched character, from the moment of
 * the spell, is also told to the clairvoyant's kingdom (its audience widened in place).
 */
function shareClairvoyance(ctx: TurnCtx): void {
  for (const id of sortedIds(ctx.s.characters)) {
    const list = ctx.s.characters[id]!.spellEffects?.clairvoyants;
    if (!list) continue;
    for (const { kingdom, fromEvent } of list) {
      for (let i = fromEvent; i < ctx.events.length; i++) {
        const e = ctx.events[i]!;
        if (!ABOUT.some((k) => e[k] === id)) continue;
        if (!e.to.includes(kingdom)) e.to = [...e.to, kingdom].sort((a, b) => a - b);
      }
    }
  }
}

/**
 * End of turn a (G-65 3a): Clairvoyance shared; Part the Oceans, Flood, Oration, Phantom Armies,
 * Clairvoyance and Plague end; Illusory Terrain dissipates with 15 %, Hide Site with 10 %.
 * Bless / Earthquake flags stay until income.
 */
export function endOfTurn(ctx: TurnCtx): void {
  const s = ctx.s;
  const m = ctx.cfg.magic;
  shareClairvoyance(ctx);
  for (const id of sortedIds(s.characters)) delete s.characters[id]!.spellEffects;
  clearPlagueFlags(s);
  for (const id of sortedIds(s.provinces)) {
    const p = s.provinces[id]!;
    const e = p.effects;
    if (!e) continue;
    delete e.dried; delete e.flooded; delete e.plague; delete e.plagueImmune;
    if (e.illusoryTerrain && ctx.rng.chance(m.illusoryTerrainDissipate)) {
      const caster = s.characters[e.illusoryTerrain.caster];
      if (caster?.kingdom != null) ctx.emit({ t: 'illusion-dissipated', to: [caster.kingdom], at: id });
      delete e.illusoryTerrain;
    }
    if (Object.keys(e).length === 0) delete p.effects;
  }
  for (const id of sortedIds(s.sites)) {
    const site = s.sites[id]!;
    if (site.hiddenBy === undefined) continue;
    if (ctx.rng.chance(m.hideSiteDissipate)) {
      if (site.hiddenBy >= 0) ctx.emit({ t: 'site-revealed', to: [site.hiddenBy], at: site.province, site: id });
      delete site.hiddenBy;
    }
  }
}

/** After income: clear Bless / Earthquake flags. */
export function afterIncome(ctx: TurnCtx): void {
  for (const id of sortedIds(ctx.s.provinces)) {
    const p = ctx.s.provinces[id]!;
    if (!p.effects) continue;
    delete p.effects.blessed;
    delete p.effects.earthquake;
    if (Object.keys(p.effects).length === 0) delete p.effects;
  }
}
