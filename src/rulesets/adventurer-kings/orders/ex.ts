/**
 * EX — Explore the character's province (§5.8, §15.13b, S4.4.7).
 *
 * Gain = terrain base % (Table 15.9) × (Ex aptitude + 1), with the Ex bonuses of his items and
 * of his kingdom's discoveries added to the aptitude (G-07, review C8; Compass: Ex + 2), capped
 * at 100 %. Reveals the sites whose threshold is reached (G-21: name, legend, guardian and its
 * descriptor), the fallen soldiers (ancient battlefields, refreshed on every exploration, also at
 * 100 %), and the exact tax at 100 %; never armies or leaders (TV-52). 10 % Explorer experience.
 * Then the random-encounter check of S5.1.10 (encounters domain).
 */
import type { AKState, Character, Terrain } from '../state.ts';
import type { OrderSpec } from '../turn/context.ts';
import { resolveConfig } from '../config.ts';
import { knowledgeOf, provinceKnowledge, raiseExploration } from '../knowledge/knowledge.ts';
import { inventionExplorationBonus } from '../world/inventions.ts';
import { tryImprove } from '../kingdom/training.ts';
import { formatHere, isHere, parseHere, type HereValue } from './here.ts';
import { randomEncounterCheck } from '../encounters/random.ts';

export type ExValue = HereValue;

/** The Ex level the formula uses (G-07 aptitude switch, plus item and invention Ex bonuses, C8). */
export function explorerLevel(s: AKState, c: Character): number {
  const cfg = resolveConfig(s.config).world;
  let level = cfg.explorationUses === 'talent' ? c.talent.Ex : c.aptitude.Ex;
  for (const id of c.items) level += s.items[id]?.talentBonus?.Ex ?? 0;
  if (c.kingdom !== null) level += inventionExplorationBonus(s, c.kingdom);
  return level;
}

/** Percentage points one EX adds (TV-14): base % × (level + 1). */
export function explorationGain(s: AKState, terrain: Terrain, level: number): number {
  const base = (resolveConfig(s.config).world.explorationBase as Record<Terrain, number>)[terrain];
  return base * (level + 1);
}

export const EX: OrderSpec<ExValue> = {
  code: 'EX',
  syntax: 'EX',
  label: { fr: 'Explorer la province', en: 'Explore the province' },
  parse: (args) => parseHere(args, { fr: "EX s'écrit seul : il explore la province où se trouve le personnage", en: 'EX takes no argument: it explores the province where the character is' }),
  format: (v) => formatHere('EX', v),
  execute(ctx, char, value, order) {
    if (char.kingdom === null) return;
    const s = ctx.s;
    const where = char.province;
    if (!isHere(ctx, char, value, order)) return;
    const prov = s.provinces[where]!;
    const kingdom = char.kingdom;
    const at = { turn: s.turn, phase: ctx.phase };
    const pk = provinceKnowledge(s, kingdom, where);
    const before = pk.pct;
    const level = explorerLevel(s, char);
    const gain = explorationGain(s, prov.terrain, level);
    // The explorer is inside: he sees the real terrain (§4.3a).
    pk.terrain = prov.terrain;
    const othersKnew = new Set<number>();
    for (const [k, kn] of Object.entries(s.knowledge)) if (Number(k) !== kingdom) for (const id of prov.sites) if (kn.sites[id]) othersKnew.add(id);
    const found = raiseExploration(s, kingdom, where, before + gain, at);
    pk.terrain = prov.terrain;
    // Ancient battlefields: the fallen soldiers, refreshed on every exploration (§15.13b).
    pk.fallen = prov.fallen.map((f) => ({ ...f }));
    // G-21: the world-first discoverer of a site earns Chancellor merit.
    const firsts = found.filter((id) => !othersKnew.has(id));
    if (firsts.length) char.merit.Chancellor = (char.merit.Chancellor ?? 0) + ctx.cfg.world.firstDiscoveryMerit * firsts.length;
    const kn = knowledgeOf(s, kingdom);
    ctx.emit({
      t: 'explore', to: [kingdom], who: char.id, at: where, before, pct: pk.pct, gain: pk.pct - before,
      sites: found.map((id) => ({ id, ...kn.sites[id]! })), fallen: pk.fallen.length,
      ...(pk.pct >= 100 ? { exactTax: prov.taxBase } : {}),
    });
    tryImprove(ctx, char, 'Ex', ctx.cfg.world.exploreExperience * 100, 'explore');
    randomEncounterCheck(ctx, char, where);
  },
};
