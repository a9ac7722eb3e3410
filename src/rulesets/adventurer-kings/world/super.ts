/**
 * The Super AK variant (§14.3, rules S5.8.3): « jusqu'à 28 joueurs par partie, 4 de chaque
 * alignement […] La carte comporte 450 provinces (15 x 30). Il y a un maximum de 1000 armées,
 * environ 250 leaders et 250 lieux d'aventure. Un repaire pourra attirer un nouveau monstre après
 * la mort de son occupant. » Plus the Royal Titles (kingdom/titles.ts, [P V-10]).
 *
 * [P V-05] The world is generated as the standard one (G-03, every step) on the 15 × 30 grid
 * (world/geometry.ts, ids 10101 … 11530): original and fictional, redrawn from each game's seed.
 * The delta below scales the world constants with the grid (450 / 162 ≈ 2.8): the same share of
 * sea (≈ 45 %), more landmasses, rows of Desert and Jungle around the middle rows 5–11, and sites,
 * rulers and wanderers tuned to the seed's counts; capitals may stand closer (3, then 2) so that
 * 28 fit on the land.
 */
export const SUPER_VARIANT = 'super';

/** [T §14.3] The variant's delta of the constants table (the host's overrides win). */
export const SUPER_CONFIG = {
  world: {
    rows: 15, cols: 30,
    defaultPlayers: 16, maxPlayers: 28,
    /** « 4 de chaque alignement » (§14.3). */
    alignmentCap: 4,
    seaTarget: 190, seaSpread: 10,
    /** With up to 28 overlapping zones, ±30 % of the median zone tax instead of ±20 % (G-03 step 9), else most worlds are redrawn. */
    fairnessTaxTolerance: 0.3,
    landmassesMin: 8, landmassesMax: 12, landSeedRowMin: 2, landSeedRowMax: 14, landmassMinSize: 4,
    terrainRows: { Plain: [1, 15], Forest: [1, 15], Mountain: [1, 15], Desert: [5, 11], Jungle: [6, 10] },
    /** ≈ 250 sites on ≈ 250 land provinces (§14.3): 0 / 1 / 2 sites at 25 / 55 / 20 %. */
    landSites: [25, 55, 20],
    /** ≈ 250 leaders (§14.3): ≈ 50 ruling Heroes, 2 wanderers per King + 20, 3 per kingdom. */
    wanderingExtra: 20,
    capitalSpacing: 3, capitalSpacingRelaxed: 2,
    battlefields: 20,
    /** « un maximum de 1000 armées » (§14.3). */
    armyCap: 1000,
    lairRepopulation: 0.1,
  },
  armies: { armyCap: 1000 },
};
