/**
 * Each kingdom's knowledge of the world (S2.17, S8): the only source of views, maps and
 * reports for foreign things. Other domains call these functions when their actions teach a
 * kingdom something; knowledge never decreases except where the rules say so.
 * OWNER: world & knowledge helper. Signatures are shared with the other domains: keep them.
 *
 * Snapshots (owner, ruler, terrain as seen, military reports, sightings) carry the stamp of
 * the observation and are only replaced by a newer observation (S8.4 retention).
 */
import type { AKState, Knowledge, ProvinceKnowledge, SiteKnowledge, Stamp, Terrain } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';
import { resolveConfig } from '../config.ts';
import { neighbours } from '../world/geometry.ts';
import { descriptor } from '../world/monsters.ts';

export function knowledgeOf(s: AKState, kingdom: number): Knowledge {
  let k = s.knowledge[kingdom];
  if (!k) k = s.knowledge[kingdom] = { provinces: {}, sites: {}, characters: {}, alignments: {} };
  return k;
}

/** The kingdom's record of one province (created at 0 % if absent). */
export function provinceKnowledge(s: AKState, kingdom: number, province: number): ProvinceKnowledge {
  const k = knowledgeOf(s, kingdom);
  let pk = k.provinces[province];
  if (!pk) pk = k.provinces[province] = { pct: 0, sites: [] };
  return pk;
}

/** Has the kingdom a living character in the province (sees through Illusory Terrain, §4.3a)? */
export function hasCharacterIn(s: AKState, kingdom: number, province: number): boolean {
  for (const c of Object.values(s.characters)) if (c.alive && c.kingdom === kingdom && c.province === province) return true;
  return false;
}

/** The kingdom of an Illusory Terrain's caster (the caster is a character id; a bare kingdom id also works). */
function casterKingdom(s: AKState, caster: number): number | null {
  return s.characters[caster] ? s.characters[caster]!.kingdom : caster;
}

/**
 * The terrain a kingdom sees (§4.3a, TV-54): the illusion fools observers from outside; a
 * kingdom with a character inside, and the caster's own kingdom, see the real terrain.
 */
export function observedTerrain(s: AKState, kingdom: number, province: number, inside = hasCharacterIn(s, kingdom, province)): Terrain {
  const p = s.provinces[province]!;
  const ill = p.effects?.illusoryTerrain;
  if (!ill || inside || casterKingdom(s, ill.caster) === kingdom) return p.terrain;
  return ill.terrain;
}

/** §2.2 income band of a tax base: Poor 0–2, Prosperous 3–6, Rich 7+. */
export function incomeBand(tax: number, cfg = resolveConfig().knowledge): 'Poor' | 'Prosperous' | 'Rich' {
  return tax <= cfg.bandPoorMax ? 'Poor' : tax <= cfg.bandProsperousMax ? 'Prosperous' : 'Rich';
}

/**
 * G-56 map display of a province a kingdom does not own and has not explored to 100 %: the
 * marker to draw, or null for a blank (blank = Prosperous on land, Poor in deserts and seas).
 */
export function bandMarker(terrain: Terrain, band: 'Poor' | 'Prosperous' | 'Rich'): 'Poor' | 'Prosperous' | 'Rich' | null {
  const blank = terrain === 'Desert' || terrain === 'Sea' ? 'Poor' : 'Prosperous';
  return band === blank ? null : band;
}

function cfgOf(s: AKState) {
  return resolveConfig(s.config);
}

function general(s: AKState, kingdom: number, province: number, at: Stamp, inside: boolean): void {
  const p = s.provinces[province];
  if (!p) return;
  const pk = provinceKnowledge(s, kingdom, province);
  pk.pct = Math.max(pk.pct, 1);
  pk.terrain = observedTerrain(s, kingdom, province, inside);
  pk.race = p.race;
  pk.types = [...p.types];
  pk.band = incomeBand(p.taxBase, cfgOf(s).knowledge);
  setOwner(pk, s, province, at);
  if (p.owner === kingdom) pk.exactTax = p.taxBase;
}

function setOwner(pk: ProvinceKnowledge, s: AKState, province: number, at: Stamp): void {
  const p = s.provinces[province]!;
  if (pk.owner && newer(pk.owner.asOf, at)) return;
  pk.owner = { kingdom: p.owner, asOf: { ...at } };
  if (p.ruler !== undefined) pk.owner.ruler = p.ruler;
}

function newer(a: Stamp, b: Stamp): boolean {
  return a.turn > b.turn || (a.turn === b.turn && a.phase > b.phase);
}

/** The 1 % "general terms" content (G-50): terrain, race, owner/ruler, recruitable types. */
export function learnGeneral(s: AKState, kingdom: number, province: number, at: Stamp): void {
  general(s, kingdom, province, at, hasCharacterIn(s, kingdom, province));
}

/** What a kingdom learns of a site on discovering it (§5.8): name, legend, guardian and descriptor. */
export function siteKnowledge(s: AKState, siteId: number): SiteKnowledge {
  const site = s.sites[siteId]!;
  const sk: SiteKnowledge = { name: site.name, type: site.type };
  if (site.legend) sk.legend = site.legend;
  if (site.monster) {
    sk.monster = site.monster.kind;
    sk.descriptor = descriptor(site.monster);
  } else sk.cleared = true;
  return sk;
}

/** Raises a kingdom's exploration of a province to `pct` (never lowers it); returns the site ids newly discovered (G-21). */
export function raiseExploration(s: AKState, kingdom: number, province: number, pct: number, at: Stamp): number[] {
  const p = s.provinces[province];
  if (!p) return [];
  const k = knowledgeOf(s, kingdom);
  const pk = provinceKnowledge(s, kingdom, province);
  if (pk.pct < 1 || pk.terrain === undefined) learnGeneral(s, kingdom, province, at);
  pk.pct = Math.max(pk.pct, Math.min(100, Math.floor(pct)));
  const found: number[] = [];
  for (const id of [...p.sites].sort((a, b) => a - b)) {
    const site = s.sites[id];
    if (!site || k.sites[id]) {
      if (site && !pk.sites.includes(id)) pk.sites.push(id);
      continue;
    }
    // G-21: known once the % reaches θ; Hide Site (§4.3c) keeps it from those who did not know it.
    if (site.hiddenBy !== undefined) continue;
    if (pk.pct < site.threshold) continue;
    k.sites[id] = siteKnowledge(s, id);
    pk.sites.push(id);
    found.push(id);
  }
  if (pk.pct >= 100) pk.exactTax = p.taxBase;
  return found;
}

/** G-50 knowledge gained by entering a province of this terrain: max(1, floor(base % / 5)). */
export function entryGain(s: AKState, terrain: Terrain): number {
  const cfg = cfgOf(s);
  const base = (cfg.world.explorationBase as Record<Terrain, number>)[terrain];
  return Math.max(cfg.knowledge.entryMin, Math.floor(base / cfg.knowledge.entryDivisor));
}

/**
 * A character of the kingdom enters a province (G-50): the province is seen from inside (real
 * terrain), its knowledge rises by the entry gain (site thresholds re-checked; an `enter-sites`
 * event tells the kingdom of any site found), every neighbour at 0 % goes to 1 %, and the owners
 * of the province and its neighbours are refreshed (S8.3).
 */
export function enterProvince(ctx: TurnCtx, kingdom: number, province: number): void {
  const s = ctx.s;
  const p = s.provinces[province];
  if (!p) return;
  const at = { turn: s.turn, phase: ctx.phase };
  const pk = provinceKnowledge(s, kingdom, province);
  const first = pk.pct <= 1;
  general(s, kingdom, province, at, true);
  let found: number[] = [];
  if (first || cfgOf(s).knowledge.entryEveryTime) found = raiseExploration(s, kingdom, province, pk.pct + entryGain(s, p.terrain), at);
  for (const q of neighbours(province)) {
    const qk = provinceKnowledge(s, kingdom, q);
    if (qk.pct === 0) learnGeneral(s, kingdom, q, at);
    else refreshOwner(s, kingdom, q, at);
  }
  if (found.length > 0) ctx.emit({ t: 'enter-sites', to: [kingdom], at: province, sites: found.map((id) => ({ id, ...knowledgeOf(s, kingdom).sites[id]! })) });
}

/** The kingdom notices a foreign character (G-100): records a sighting (id, name, kingdom, place, leads armies). */
export function seeCharacter(ctx: TurnCtx, kingdom: number, characterId: number): void {
  const c = ctx.s.characters[characterId];
  if (!c) return;
  const k = knowledgeOf(ctx.s, kingdom);
  const leadsArmies = Object.values(ctx.s.armies).some((a) => a.leader === c.id);
  k.characters[characterId] = {
    ...k.characters[characterId], id: c.id, name: c.name, kingdom: c.kingdom, province: c.province, leadsArmies,
    asOf: { turn: ctx.s.turn, phase: ctx.phase },
  };
}

/** The kingdom learns who owns a province now (battle, adjacency, presence). */
export function refreshOwner(s: AKState, kingdom: number, province: number, at: Stamp): void {
  if (!s.provinces[province]) return;
  setOwner(provinceKnowledge(s, kingdom, province), s, province, at);
}

/** The Table 15.5 column for a level (levels above 4 read the last column, G-05). */
export function spyColumn(table: readonly number[], level: number): number {
  return table[Math.max(0, Math.min(table.length - 1, Math.floor(level)))]!;
}

/**
 * Whether a kingdom knows a province's land as it is (its own, or explored, and not seen through
 * an illusion): then the map orders and the warnings at entry may check a move into it against
 * the terrain (issue 13 §4) without telling the kingdom anything it does not know.
 */
export function knowsLand(s: AKState, kingdom: number | null, province: number): boolean {
  const p = s.provinces[province];
  if (kingdom === null || !p) return false;
  if (p.owner !== kingdom && (s.knowledge[kingdom]?.provinces[province]?.pct ?? 0) <= 0) return false;
  return observedTerrain(s, kingdom, province) === p.terrain;
}
