import type { Localized } from '../../../engine/ruleset.ts';

/** Which column of the per-map constant tables applies (Appendix A: SCA, EUR, MO). */
export type MapKey = 'SCA' | 'EUR' | 'MO';

export interface MapTerritory {
  /** Stable lowercase id, e.g. `narvik`, `vadvet-jakko`. */
  id: string;
  /** Display name, e.g. `Narvik`, `Vadvet-Jakko`. */
  name: string;
  /** Other spellings accepted in text orders (the rules' narratives spell names several ways). */
  aliases?: string[];
  /** Ids of adjacent territories (land borders and sea crossings); symmetric. */
  adjacent: string[];
  population: number;
  /** Initial tax coefficient, in [0.05, 0.70]. */
  taxCoef: number;
  /** Centre for drawing, in map units (0..1000 across, 0..1000 down). */
  x: number;
  y: number;
  island?: boolean;
}

export interface GameMap {
  id: string;
  key: MapKey;
  name: Localized;
  /** Default (and start threshold) number of lords. */
  defaultPlayers: number;
  territories: MapTerritory[];
  /** Start slots (home territories), at least `defaultPlayers` of them. */
  starts: string[];
}
