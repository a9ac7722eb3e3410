/**
 * Each kingdom's knowledge of the world (S2.17, S8): the only source of views, maps and
 * reports for foreign things. Other domains call these functions when their actions teach a
 * kingdom something; knowledge never decreases except where the rules say so.
 * OWNER: world & knowledge helper. Signatures are shared with the other domains: keep them.
 */
import type { AKState, Knowledge, Stamp } from '../state.ts';
import type { TurnCtx } from '../turn/context.ts';

export function knowledgeOf(s: AKState, kingdom: number): Knowledge {
  let k = s.knowledge[kingdom];
  if (!k) k = s.knowledge[kingdom] = { provinces: {}, sites: {}, characters: {}, alignments: {} };
  return k;
}

/** The 1 % "general terms" content (G-50): terrain, race, owner/ruler, recruitable types. */
export function learnGeneral(_s: AKState, _kingdom: number, _province: number, _at: Stamp): void {
  throw new Error('learnGeneral: not implemented yet');
}

/** Raises a kingdom's exploration of a province to `pct` (never lowers it); returns the site ids newly discovered (G-21). */
export function raiseExploration(_s: AKState, _kingdom: number, _province: number, _pct: number, _at: Stamp): number[] {
  throw new Error('raiseExploration: not implemented yet');
}

/** A character of the kingdom enters a province (G-50: first entry, neighbours at 1 %, owner refreshed). */
export function enterProvince(_ctx: TurnCtx, _kingdom: number, _province: number): void {
  throw new Error('enterProvince: not implemented yet');
}

/** The kingdom notices a foreign character (G-100): records a sighting. */
export function seeCharacter(_ctx: TurnCtx, _kingdom: number, _characterId: number): void {
  throw new Error('seeCharacter: not implemented yet');
}

/** The kingdom learns who owns a province now (battle, adjacency, presence). */
export function refreshOwner(_s: AKState, _kingdom: number, _province: number, _at: Stamp): void {
  throw new Error('refreshOwner: not implemented yet');
}
