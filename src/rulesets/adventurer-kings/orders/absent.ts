/**
 * One message per kind of "not found", whatever the reason (fog of war, S8.1): an order naming a
 * character or a site must not tell whether the number exists elsewhere, exists nowhere, or
 * names someone the kingdom has never seen. Parsers accept any positive number; execution
 * fails with these messages alike in every such case.
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { AKState, Character } from '../state.ts';

/** A character who should stand in the actor's province is not there (or does not exist, or is dead). */
export function nobodyHere(id: number): Localized {
  return { fr: `personne du n° ${id} ici`, en: `nobody of number ${id} here` };
}

/** A site that should lie in the actor's province is not there (or does not exist). */
export function noSiteHere(id: number): Localized {
  return { fr: `il n’y a pas de lieu n° ${id} dans sa province`, en: `there is no site ${id} in his province` };
}

/** A character followed anywhere (PU, TR, CA CL) whom the kingdom knows nothing of (or who does not exist). */
export function noTrace(id: number): Localized {
  return { fr: `aucune trace d’un personnage n° ${id}`, en: `no trace of any character ${id}` };
}

/**
 * The actor's kingdom may name this character for an order that reaches him anywhere: one of
 * its own, or one it has seen (knowledge, S8.1/G-100). An actor of no kingdom (NPC) knows anyone.
 */
export function knowsCharacter(s: AKState, actor: Character, id: number): boolean {
  const t = s.characters[id];
  if (!t) return false;
  if (actor.kingdom === null || t.kingdom === actor.kingdom) return true;
  return s.knowledge[actor.kingdom]?.characters[id] !== undefined; // read only: no knowledge record created
}

/** Parse-time form check shared by the orders naming a character or a site: a positive integer, nothing else. */
export function positiveId(word: string | undefined): number | null {
  if (word === undefined || !/^\d+$/.test(word)) return null;
  const n = Number(word);
  return n >= 1 ? n : null;
}
