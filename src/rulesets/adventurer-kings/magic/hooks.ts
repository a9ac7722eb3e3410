/**
 * The magic domain's steps of the turn sequence (G-65), called by turn/turn.ts.
 * OWNER: magic helper.
 */
import type { TurnCtx } from '../turn/context.ts';
import type { AKEvent } from '../events.ts';
import { clearPlagueFlags, spreadPlague } from './plague.ts';
import { sortedIds } from './util.ts';
import { ITEMS } from '../world/items.ts';

/**
 * Pre-turn: reset action-spell counts (G-65 1), and restore the charges of the items that hold a
 * number of charges per turn (G-17: the Horn of Neptune, PA, 3 charges per turn).
 */
export function preTurn(ctx: TurnCtx): void {
  for (const id of sortedIds(ctx.s.characters)) delete ctx.s.characters[id]!.spellsThisTurn;
  for (const id of sortedIds(ctx.s.items)) {
    const it = ctx.s.items[id]!;
    const spec = ITEMS[it.kind]?.charges;
    if (spec && typeof spec === 'object') it.charges = spec.perTurn;
  }
}

/** Start of each phase (≥ 2): plague spread (G-35). */
export function startOfPhase(ctx: TurnCtx): void {
  if (ctx.phase >= 2 && ctx.phase <= 5) spreadPlague(ctx);
}

/** Keys of an event that name the character it happens to (by id). */
const ABOUT = ['who', 'character', 'victim', 'target', 'opponent', 'casterId', 'victimId', 'heir', 'dead'] as const;
/** Keys that hold a combatant or army reference `{ id, kind }` (encounters, battles). */
const REFS = ['a', 'b', 'att', 'def', 'c', 'opp', 'pursuer'] as const;

function names(e: AKEvent, id: number): boolean {
  // (`target` of a bounced move is a province, not a character.)
  if (ABOUT.some((k) => e[k] === id && !(k === 'target' && e.t === 'move-bounced'))) return true;
  return REFS.some((k) => {
    const r = e[k] as { id?: unknown; kind?: unknown } | undefined;
    return !!r && typeof r === 'object' && r.kind === 'character' && r.id === id;
  });
}

/**
 * Clairvoyance (§4.2c, S8.6): every event of the turn about a watched character, from the moment
 * of the spell, is also told to the clairvoyant's kingdom (its audience widened in place). A whole
 * encounter (from its `enc-start` to its `enc-end`) and a whole battle (same `battle` number) are
 * shared when the character takes part in them. Each shared event is marked
 * `visions: [{ kingdom, character }]`: the report files the events whose `visions` names the
 * reader's kingdom under "Visions of <character>" (the chronicle appendix), not in its chronicle.
 */
export function shareClairvoyance(ctx: TurnCtx): void {
  for (const id of sortedIds(ctx.s.characters)) {
    const list = ctx.s.characters[id]!.spellEffects?.clairvoyants;
    if (!list) continue;
    for (const { kingdom, fromEvent } of list) {
      const battles = new Set<number>();
      for (let i = fromEvent; i < ctx.events.length; i++) {
        const e = ctx.events[i]!;
        if (typeof e.battle === 'number' && (names(e, id) || (e.t === 'battle' && commands(e, id)))) battles.add(e.battle);
      }
      let inEncounter = false;
      for (let i = fromEvent; i < ctx.events.length; i++) {
        const e = ctx.events[i]!;
        if (e.t === 'enc-start' && names(e, id)) inEncounter = true;
        const about = inEncounter || names(e, id) || (typeof e.battle === 'number' && battles.has(e.battle));
        if (e.t === 'enc-end' && inEncounter) inEncounter = false;
        if (!about) continue;
        // Already the kingdom's own news (one of its characters was there): not a vision.
        if (e.to.includes(kingdom)) continue;
        e.to = [...e.to, kingdom].sort((a, b) => a - b);
        e.visions = [...((e.visions as Vision[] | undefined) ?? []), { kingdom, character: id }];
      }
    }
  }
}

/** A `visions` entry of an event: the kingdom sees it through Clairvoyance on this character. */
export interface Vision { kingdom: number; character: number }

function commands(e: AKEvent, id: number): boolean {
  const c = e.commanders as { A?: number | null; D?: number | null } | undefined;
  return !!c && (c.A === id || c.D === id);
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
