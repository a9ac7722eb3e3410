/**
 * The AK Europe variant (§14.2, rules S5.8.2): « l'Europe médiévale vers l'an 1000 », fixed start
 * positions that the players rank, a bonus in one or two characteristics per country, Light
 * Cavalry of Strength 3 and Cost 3, and the provinces known up to distance 3 at the start.
 *
 * The seed gives neither the map nor its size. [P V-01] The map below is an ORIGINAL, fictional
 * continent "in the manner of" Europe, drawn by hand on the standard 18 × 9 grid (G-01, so the
 * geometry, the hex map and every rule of distance are the standard game's): a northern forest,
 * an island kingdom in the west, a peninsula in the south-west, an inner sea with two peninsulas,
 * steppes in the east and a desert shore in the south. It is not traced from any real map's data.
 * Columns 1 and 18 are ocean or far steppe, so the east–west wrap reads as the Encircling Ocean.
 *
 * Only the terrain and the capitals are fixed; races, army types, income, sites, rulers,
 * wanderers and battlefields are generated as in G-03 (steps 3–8, 10) from the game's seed.
 * [P V-02] The fairness check of G-03 step 9 (review D3) still redraws around a capital, but a
 * position that remains unequal is kept: the seed's positions are historical, not balanced.
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { CharCode, Terrain } from '../state.ts';
import { provinceId } from './geometry.ts';

export const EUROPE_VARIANT = 'europe';

/**
 * The map, row 1 (north) to row 9 (south), column 01 (west) to 18 (east), odd-r hexes as in G-01.
 * `.` Sea, `P` Plain, `F` Forest, `M` Mountain, `D` Desert (no Jungle in this world).
 */
export const EUROPE_ROWS: readonly string[] = [
  '.......MFFF..PPP..',
  '..F....FFFFPPPPPP.',
  '.FF....FMFFPPPPPPP',
  '.FP...PFMPPPPPPPPP',
  '....PPFMMPPPPFPPMM',
  '..PMPPMFP..MP..PDD',
  '.PPDP..PM..PP..DDD',
  '...DD....DDDD.DDD.',
  '........MPPPPPM...',
];

const LETTER: Record<string, Terrain> = { '.': 'Sea', P: 'Plain', F: 'Forest', M: 'Mountain', D: 'Desert', J: 'Jungle' };

/** The terrain of every province of the map. */
export function europeTerrain(): Record<number, Terrain> {
  const out: Record<number, Terrain> = {};
  EUROPE_ROWS.forEach((row, r) => [...row].forEach((ch, c) => { out[provinceId(r + 1, c + 1)] = LETTER[ch]!; }));
  return out;
}

export interface EuropePosition {
  id: string;
  /** The country as the seed lists it (§14.2); the kingdom's name in the game is the French one. */
  name: Localized;
  capital: number;
  /**
   * [P V-03] The characteristics of « un bonus dans une ou deux caractéristiques, selon ses forces
   * historiques » (§14.2): +`world.europeBonus` talent and aptitude for the initial King and Heroes
   * only (§14.1: never the Royal Heirs).
   */
  bonus: CharCode[];
}

/** The twelve positions of §14.2, in the seed's order, each with its capital on the map above. */
export const EUROPE_POSITIONS: readonly EuropePosition[] = [
  { id: 'cordoba', name: { fr: 'Califat de Cordoue', en: 'Caliphate of Córdoba' }, capital: provinceId(7, 3), bonus: ['Sa', 'Ta'] },
  { id: 'france', name: { fr: 'Normandie-France', en: 'Normandy-France' }, capital: provinceId(5, 5), bonus: ['Me', 'Ta'] },
  { id: 'england', name: { fr: 'Angleterre', en: 'England' }, capital: provinceId(3, 3), bonus: ['Ar', 'Na'] },
  { id: 'germany', name: { fr: 'Germanie', en: 'Germany' }, capital: provinceId(3, 8), bonus: ['Me', 'Ma'] },
  { id: 'papal', name: { fr: 'États pontificaux', en: 'Papal States' }, capital: provinceId(7, 8), bonus: ['Wh', 'Sp'] },
  { id: 'magyar', name: { fr: 'Royaume magyar', en: 'Magyar Kingdom' }, capital: provinceId(5, 10), bonus: ['Ma', 'Ar'] },
  { id: 'byzantium', name: { fr: 'Empire byzantin', en: 'Byzantine Empire' }, capital: provinceId(7, 12), bonus: ['Sp', 'Na'] },
  { id: 'baghdad', name: { fr: 'Califat de Bagdad', en: 'Caliphate of Baghdad' }, capital: provinceId(9, 14), bonus: ['Sa', 'El'] },
  { id: 'mongols', name: { fr: 'Mongols', en: 'Mongols' }, capital: provinceId(2, 17), bonus: ['Ma', 'Ta'] },
  { id: 'seljuks', name: { fr: 'Turcs seldjoukides', en: 'Seljuk Turks' }, capital: provinceId(6, 16), bonus: ['Ar', 'Ta'] },
  { id: 'kiev', name: { fr: 'Russie du Sud (Kiev)', en: 'South Russia (Kiev)' }, capital: provinceId(4, 14), bonus: ['Ex', 'Dr'] },
  { id: 'novgorod', name: { fr: 'Russie du Nord (Novgorod)', en: 'North Russia (Novgorod)' }, capital: provinceId(2, 12), bonus: ['Na', 'Ex'] },
];

/** [T §14.2] « Cavalerie légère : Force 3, Coût 3 » — the variant's delta of the constants table (the host's overrides win). */
export const EUROPE_CONFIG = { armies: { types: { LC: { strength: 3, pay: 3 } } } };
