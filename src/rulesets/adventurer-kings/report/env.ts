/**
 * The reader's RenderEnv (report/types.ts): names of places, characters, armies and kingdoms as
 * the reading kingdom knows them (S8), never from hidden state.
 *  - A province: its given name only when the reader owns it or knows it at least in general
 *    terms (1 %, G-50: the owner, hence the name he gave it); otherwise its number.
 *  - A character: the reader's own by name; Kings by name (the list of Kings is public, G-04);
 *    another character only if the kingdom has seen him (knowledge.characters, G-100), under the
 *    name it saw; otherwise "an unknown character".
 *  - A kingdom: its name and King number are public (S8.2).
 */
import type { Lang } from '../../../engine/ruleset.ts';
import type { AKState } from '../state.ts';
import { armyName, deFr } from './names.ts';
import type { RenderEnv } from './types.ts';

export function provinceLabel(s: AKState, kingdom: number | null, id: number): string {
  const p = s.provinces[id];
  if (!p) return String(id);
  const known = kingdom !== null && (p.owner === kingdom || (s.knowledge[kingdom]?.provinces[id]?.pct ?? 0) >= 1);
  return known && p.name ? `${p.name} (${id})` : String(id);
}

export function characterLabel(s: AKState, kingdom: number | null, id: number, lang: Lang): string {
  const c = s.characters[id];
  if (c && kingdom !== null && c.kingdom === kingdom) return c.name;
  if (c && c.role === 'King') return c.name;
  const seen = kingdom !== null ? s.knowledge[kingdom]?.characters[id] : undefined;
  if (seen) return seen.name;
  return lang === 'fr' ? `un personnage inconnu (n° ${id})` : `an unknown character (#${id})`;
}

/** `le royaume d’Aquilonia (Roi 3)` / `the kingdom of Aquilonia (King 3)`; `(Reine 3)` / `(Queen 3)` for a woman. */
export function kingdomLabel(s: AKState, id: number, lang: Lang): string {
  const k = s.kingdoms[id];
  if (!k) return lang === 'fr' ? `le royaume n° ${id}` : `kingdom #${id}`;
  // The ruler's sex everywhere (issue 17 §2): « (Reine 3) » while a woman reigns.
  const queen = s.characters[k.king]?.sex === 'F';
  return lang === 'fr' ? `le royaume ${deFr(k.name)} (${queen ? 'Reine' : 'Roi'} ${id})` : `the kingdom of ${k.name} (${queen ? 'Queen' : 'King'} ${id})`;
}

export function makeEnv(s: AKState, kingdom: number, lang: Lang): RenderEnv {
  return {
    s, kingdom, lang,
    province: (id) => provinceLabel(s, kingdom, id),
    character: (id) => characterLabel(s, kingdom, id, lang),
    army: (id, type) => armyName(id, type, lang),
    kingdomName: (id) => kingdomLabel(s, id, lang),
  };
}
