/**
 * Rules constants of Valhalla (seed §12.3, rules file S5.6.4, [P G-94]): who may enter at the end
 * of a game, what his player may write, and how Valhalla's heroes visit a game. One table, with
 * each constant's source and bounds, composed in config.ts like every domain's.
 */
import { bool, int, type BoundsOf } from '../../../engine/constants.ts';

export const VALHALLA_DEFAULTS = {
  // ── Entry (§12.3) ──
  /** [T §12.3] A character enters by bringing this many VP to his kingdom, after alignment reductions (G-93). */
  entryVp: 20,
  /** [P G-94] The player may write a description of his hero: at most this many characters. */
  descriptionMax: 300,
  /** [P G-94] … and his story: at most this many characters (several lines). */
  storyMax: 2000,

  // ── Visits (§12.3) ──
  /** Visits happen (a host may turn them off). */
  visits: true,
  /** [T §12.3] « Chaque alignement, de bon à mauvais, recevra une visite une fois tous les 5 tours. » */
  visitEvery: 5,
  /** [P G-94] The first visit is at the end of the first period: turn 5, then 10, 15… */
  firstVisitTurn: 5,
  /** [P G-94] « it stays until the next visit »: he leaves at the start of this many turns after his arrival. */
  stayTurns: 5,
  /** [T §12.3] « Le premier tour, il pourra effectuer une action » */
  firstActions: 1,
  /** [T §12.3] « cela augmentera d'une action tous les 2 tours » */
  extraActionEvery: 2,
  /** [P G-94] actions per turn = min(5, 1 + floor((n − 1) / 2)) in his n-th turn: one per season at most. */
  maxActions: 5,
  /** [P G-94] config switch: a visitor beside every King of the alignment instead of one King drawn at random. */
  visitorBesideEveryKing: false,
};

export const VALHALLA_BOUNDS = {
  entryVp: int(0, 1000), descriptionMax: int(0, 2000), storyMax: int(0, 10_000),
  visits: bool(), visitEvery: int(1, 100), firstVisitTurn: int(1, 1000), stayTurns: int(1, 100),
  firstActions: int(1, 5), extraActionEvery: int(1, 100), maxActions: int(1, 5), visitorBesideEveryKing: bool(),
} satisfies BoundsOf<typeof VALHALLA_DEFAULTS>;
