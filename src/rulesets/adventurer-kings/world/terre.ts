/**
 * The AK Terre variant (§14.4, rules S5.8.4): « le passé préhistorique de la Terre, où une
 * vingtaine de postulants empereurs ont été transportés à partir de diverses périodes
 * historiques », on 450 provinces (15 × 30), with islands, straits and isthmuses, Light Cavalry of
 * Strength and Pay 3 without unfavourable terrain, a bonus per empire, neighbours' coordinates
 * known, and some empires starting 2 provinces apart.
 *
 * [P V-30] The map below is ORIGINAL: an Earth-like world drawn by hand on the 15 × 30 grid
 * (world/geometry.ts, ids 10101 … 11530), not traced from any real map's data: two western
 * continents joined by one isthmus, a great eastern landmass (a northern forest, a western
 * peninsula cut from the southern continent by a strait, steppes, deserts and jungles), a
 * south-eastern island continent, two ice ranges on the southern polar row, and a few seas with
 * islands. The east–west wrap joins the far east to the far west across a second strait.
 * Only terrain, islands, straits, isthmuses and capitals are fixed; the rest is generated from
 * the game's seed as in G-03 (steps 3–8, 10), and an unequal position is kept ([P V-02]).
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { CharCode, Terrain } from '../state.ts';
import { LARGE_GRID, provinceId } from './geometry.ts';

export const TERRE_VARIANT = 'terre';

/**
 * The map, row 1 (north) to row 15 (south), column 01 (west) to 30 (east), odd-r hexes as in G-01.
 * `.` Sea, `P` Plain, `F` Forest, `M` Mountain, `D` Desert, `J` Jungle; lower case: an island of
 * that terrain (§14.4: « des zones de terre avec une bordure bleue de chaque côté »).
 */
export const TERRE_ROWS: readonly string[] = [
  '...FFFF.......FFFFFFFFFFFF....', //  1
  'F.FFFFFFF....FFFFFFFFFFFFFFFFF', //  2
  '.FFPPPPFF..f.fFPPPPPPPPPPPPFF.', //  3
  '..PPPPPPM....fPPFFPPDDDPPPPPm.', //  4
  '...PPPPMM....PPPMMPPDDDMMMPPm.', //  5
  '...DPPPM....P....PDDDMMMMPPP..', //  6
  '....DDMM.p...DPDDDDDDMMJJP..p.', //  7
  '......M..p..DDDDP..PPJJJJJ.p..', //  8
  '......MJ.....PPJJP..PJ.Jjj....', //  9
  '......JJJ....JJJPP.....j.j....', // 10
  '.......JPM....JPPPf......PDDP.', // 11
  '.......PMP.....PPM......PDDDP.', // 12
  '........MP.....PP.....m..PPF..', // 13
  '........MM......P.............', // 14
  '.......MMMMM.......MMMMMMM....', // 15
];

const LETTER: Record<string, Exclude<Terrain, 'Sea'>> = { P: 'Plain', F: 'Forest', M: 'Mountain', D: 'Desert', J: 'Jungle' };

const id = (row: number, col: number) => provinceId(row, col, LARGE_GRID);

/** The terrain of every province (an island is a Sea, §14.4) and the islands' other terrain. */
export function terreMap(): { terrain: Record<number, Terrain>; islands: Record<number, Exclude<Terrain, 'Sea'>> } {
  const terrain: Record<number, Terrain> = {};
  const islands: Record<number, Exclude<Terrain, 'Sea'>> = {};
  TERRE_ROWS.forEach((row, r) => [...row].forEach((ch, c) => {
    const p = id(r + 1, c + 1);
    const land = LETTER[ch.toUpperCase()];
    if (!land) terrain[p] = 'Sea';
    else if (ch === ch.toLowerCase()) { terrain[p] = 'Sea'; islands[p] = land; } else terrain[p] = land;
  }));
  return { terrain, islands };
}

/**
 * [T §14.4] « une zone bleue entre deux provinces terrestres […] un détroit les séparant »: pairs
 * of adjacent land provinces with no land crossing (ships pass). One in the west of the great
 * landmass, one across the east–west wrap.
 */
export const TERRE_STRAITS: readonly (readonly [number, number])[] = [
  [id(6, 13), id(7, 14)],
  [id(2, 1), id(2, 30)],
];

/** [T §14.4] « des isthmes, comme Panama »: the province joining the two western continents. */
export const TERRE_ISTHMUSES: readonly number[] = [id(8, 7)];

export interface TerrePosition {
  id: string;
  /** The empire; the kingdom's name in the game is the French one. */
  name: Localized;
  capital: number;
  /** [P V-31] « un bonus dans une ou plusieurs caractéristiques » (§14.4): +`world.terreBonus` each, initial King and Heroes only. */
  bonus: CharCode[];
  /** [P V-33] the discoveries it may start with (`world.terreDiscoveries` of them, in this order): one of its age's arts, then one more. */
  discoveries: readonly [string, string];
}

/**
 * [P V-32] The twenty empires (« une vingtaine », §14.4), from many periods, each with its capital
 * on the map; some stand 2 provinces apart (§14.4: « Certains empires peuvent commencer à 2
 * provinces l'un de l'autre »).
 */
export const TERRE_POSITIONS: readonly TerrePosition[] = [
  { id: 'lakota', name: { fr: 'Nation lakota', en: 'Lakota Nation' }, capital: id(4, 5), bonus: ['Ma', 'Ex'] , discoveries: ['HORSESHOE', 'TELESCOPE'] },
  { id: 'aztecs', name: { fr: 'Empire aztèque', en: 'Aztec Empire' }, capital: id(6, 6), bonus: ['Me', 'Ne'] , discoveries: ['ROTATION', 'CHAINMAIL'] },
  { id: 'inca', name: { fr: 'Empire inca', en: 'Inca Empire' }, capital: id(11, 8), bonus: ['Ex', 'Sa'] , discoveries: ['ROTATION', 'WATERMILL'] },
  { id: 'mapuche', name: { fr: 'Peuple mapuche', en: 'Mapuche People' }, capital: id(13, 10), bonus: ['Ta', 'Sp'] , discoveries: ['PIKE', 'TELESCOPE'] },
  { id: 'norse', name: { fr: 'Royaumes nordiques', en: 'Norse Kingdoms' }, capital: id(2, 16), bonus: ['Na', 'Me'] , discoveries: ['ASTROLABE', 'COMPASS'] },
  { id: 'franks', name: { fr: 'Empire franc', en: 'Frankish Empire' }, capital: id(4, 16), bonus: ['Me', 'Wh'] , discoveries: ['STIRRUP', 'CHAINMAIL'] },
  { id: 'rome', name: { fr: 'Empire romain', en: 'Roman Empire' }, capital: id(5, 15), bonus: ['Ta', 'Sa'] , discoveries: ['CHAINMAIL', 'SIEGE'] },
  { id: 'carthage', name: { fr: 'Carthage', en: 'Carthage' }, capital: id(7, 15), bonus: ['Na', 'Th'] , discoveries: ['GREEKFIRE', 'COINAGE'] },
  { id: 'egypt', name: { fr: 'Égypte des pharaons', en: 'Pharaonic Egypt' }, capital: id(8, 17), bonus: ['Sa', 'Ne'] , discoveries: ['SPECTACLES', 'WATERMILL'] },
  { id: 'mali', name: { fr: 'Empire du Mali', en: 'Mali Empire' }, capital: id(9, 14), bonus: ['Ex', 'Th'] , discoveries: ['COINAGE', 'COMPASS'] },
  { id: 'zulu', name: { fr: 'Royaume zoulou', en: 'Zulu Kingdom' }, capital: id(12, 16), bonus: ['Me', 'Ma'] , discoveries: ['DRILL', 'PIKE'] },
  { id: 'rus', name: { fr: 'Rus de Kiev', en: 'Kievan Rus' }, capital: id(3, 19), bonus: ['Dr', 'Ex'] , discoveries: ['LOCKPICK', 'FIELDHOSP'] },
  { id: 'ottomans', name: { fr: 'Empire ottoman', en: 'Ottoman Empire' }, capital: id(6, 18), bonus: ['Ta', 'Sp'] , discoveries: ['CATAPULT', 'SIEGE'] },
  { id: 'persia', name: { fr: 'Empire perse', en: 'Persian Empire' }, capital: id(5, 20), bonus: ['Ps', 'Sp'] , discoveries: ['COINAGE', 'MILMAPS'] },
  { id: 'mongols', name: { fr: 'Mongols', en: 'Mongols' }, capital: id(3, 22), bonus: ['Ma', 'Ar'] , discoveries: ['STIRRUP', 'HORSESHOE'] },
  { id: 'maurya', name: { fr: 'Empire maurya', en: 'Maurya Empire' }, capital: id(8, 21), bonus: ['Wh', 'Sa'] , discoveries: ['FIELDHOSP', 'SPECTACLES'] },
  { id: 'huns', name: { fr: 'Huns', en: 'Huns' }, capital: id(3, 25), bonus: ['Ar', 'Ma'] , discoveries: ['HORSESHOE', 'CROSSBOW'] },
  { id: 'khmer', name: { fr: 'Empire khmer', en: 'Khmer Empire' }, capital: id(8, 24), bonus: ['Dr', 'El'] , discoveries: ['WATERMILL', 'BALLISTA'] },
  { id: 'han', name: { fr: 'Chine des Han', en: 'Han China' }, capital: id(5, 27), bonus: ['Sa', 'Il'] , discoveries: ['CROSSBOW', 'COMPASS'] },
  { id: 'yamato', name: { fr: 'Japon du Yamato', en: 'Yamato Japan' }, capital: id(3, 27), bonus: ['Me', 'Na'] , discoveries: ['DRILL', 'ASTROLABE'] },
];

/**
 * [T §14.4] « La Cavalerie Légère […] Leur paie et leur force est de 3, et non 2, et elle n'a pas de
 * terrain adverse »; 1000 armies at most; up to 20 Kings; emptied lairs draw new monsters ([P V-12]).
 * The variant's delta of the constants table (the host's overrides win).
 */
export const TERRE_CONFIG = {
  world: {
    rows: 15, cols: 30,
    defaultPlayers: 20, maxPlayers: TERRE_POSITIONS.length,
    landSites: [25, 55, 20], wanderingExtra: 20, battlefields: 20,
    armyCap: 1000, lairRepopulation: 0.1,
  },
  armies: { armyCap: 1000, types: { LC: { strength: 3, pay: 3, unfavoured: [] } } },
};
