/**
 * The catalog of the rulesets this installation offers: what the lobby, the creation form, the
 * help and the rankings list without the rules (ids, titles, variants, which forms a ruleset's
 * creation form has), and how to load each one. A ruleset's modules are imported on first use
 * (`loadRuleset` in index.ts): a server whose games are all Gloire & Pouvoir never loads the
 * others. Kept in step with each entry (entries/<id>.ts, which takes its variants from here) by
 * test/engine/ruleset-imports.test.ts.
 */
import type { Localized } from '../engine/ruleset.ts';
import type { RulesetEntry } from './index.ts';

/**
 * A kind of game a host can start with a ruleset (a map, an edition): its id is passed to
 * `options` as `map` and stored with the game; `seats` bounds the number of players.
 */
export interface GameVariant { id: string; name: Localized; seats: { min: number; max: number; default: number } }

export interface CatalogEntry {
  id: string;
  /** The ruleset's `title`. */
  title: Localized;
  /** The games a host can start (the lobby and the creation form offer them); the first is the default. */
  variants: GameVariant[];
  /** Whether the ruleset has a seat form (`ruleset.seatForm`) / host fields (`entry.hostForm`) on the creation form. */
  seatForm?: boolean;
  hostForm?: boolean;
  /** Whether a host may bring his own scenario file (`entry.scenario`) on the creation form. */
  scenario?: boolean;
  /** Imports the ruleset's entry (its own chunk in the build). */
  load(): Promise<RulesetEntry>;
}

const entries: CatalogEntry[] = [
  {
    id: 'gloire-et-pouvoir',
    title: { fr: 'Gloire & Pouvoir', en: 'Glory & Power' },
    variants: [
      { id: 'scandinavia', name: { fr: 'Scandinavie', en: 'Scandinavia' }, seats: { min: 2, max: 30, default: 10 } },
      { id: 'middle-east', name: { fr: 'Moyen-Orient', en: 'Middle East' }, seats: { min: 2, max: 30, default: 20 } },
      { id: 'europe', name: { fr: 'Europe', en: 'Europe' }, seats: { min: 2, max: 30, default: 30 } },
    ],
    load: async () => (await import('./entries/gloire-et-pouvoir.ts')).entry,
  },
  {
    id: 'adventurer-kings',
    title: { fr: 'Adventurer Kings — Rois Aventuriers', en: 'Adventurer Kings' },
    variants: [
      // 'standard': AK_VARIANT of adventurer-kings/soak.ts.
      { id: 'standard', name: { fr: 'Monde standard (162 provinces)', en: 'Standard world (162 provinces)' }, seats: { min: 2, max: 12, default: 8 } },
      { id: 'europe', name: { fr: 'AK Europe — un continent de l’an mil, 12 pays', en: 'AK Europe — a continent of the year 1000, 12 countries' }, seats: { min: 2, max: 12, default: 12 } },
      { id: 'super', name: { fr: 'Super AK — 450 provinces, jusqu’à 28 rois, Titres royaux', en: 'Super AK — 450 provinces, up to 28 kings, Royal Titles' }, seats: { min: 2, max: 28, default: 16 } },
      { id: 'terre', name: { fr: 'AK Terre — une Terre préhistorique, 20 empires', en: 'AK Terre — a prehistoric Earth, 20 empires' }, seats: { min: 2, max: 20, default: 20 } },
    ],
    seatForm: true,
    load: async () => (await import('./entries/adventurer-kings.ts')).entry,
  },
  {
    id: 'fief',
    title: { fr: 'Fief', en: 'Fief' },
    variants: [{ id: 'original', name: { fr: 'Plateau original de l’édition en ligne', en: 'Original board of the online edition' }, seats: { min: 3, max: 6, default: 4 } }],
    hostForm: true,
    load: async () => (await import('./entries/fief.ts')).entry,
  },
  {
    id: 'warrior-knights',
    title: { fr: 'Warrior Knights', en: 'Warrior Knights' },
    variants: [{ id: 'original', name: { fr: 'Plateau original (8×6 hexagones)', en: 'Original board (8×6 hexes)' }, seats: { min: 2, max: 6, default: 4 } }],
    hostForm: true,
    load: async () => (await import('./entries/warrior-knights.ts')).entry,
  },
  {
    id: 'gruik',
    title: { fr: 'Game of Gruik', en: 'Game of Gruik' },
    // The original default map (4–8 players, its §12.5 variant by the number of players), then the §12.7 test fixture.
    variants: [
      { id: 'anneau', name: { fr: 'L’Anneau de Gruik (carte originale, 4 à 8 joueurs)', en: 'The Ring of Gruik (original map, 4 to 8 players)' }, seats: { min: 4, max: 8, default: 6 } },
      { id: 'fixture', name: { fr: 'Terrain d’essai (§12.7) : elfes et nains', en: 'Test fixture (§12.7): elves and dwarves' }, seats: { min: 2, max: 2, default: 2 } },
    ],
    hostForm: true,
    scenario: true,
    load: async () => (await import('./entries/gruik.ts')).entry,
  },
];

/** The catalog by id, in the order the lobby lists the rulesets. */
export const CATALOG: Readonly<Record<string, CatalogEntry>> = Object.fromEntries(entries.map((e) => [e.id, e]));

/** A ruleset's variants (its entry's `variants`). */
export function catalogVariants(id: string): GameVariant[] {
  const c = CATALOG[id];
  if (!c) throw new Error(`no ruleset "${id}" in the catalog`);
  return c.variants;
}
