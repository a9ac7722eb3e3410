/**
 * The permanent ranking's arithmetic (seed 004 §12.4; rules file adventurer-kings.md §5.6.5 and
 * [P G-94]: « ELO with K = 32 and start 1200 »), for every ruleset. Pure: no database, no clock
 * (the caller passes the instant).
 *
 * The multi-player generalisation: pairwise Elo over the finishing order.
 *  - A finished game gives its counted players in groups of tied players, best first
 *    (`Ruleset.finishingOrder`). Every pair of counted players is one chess game between them:
 *    the better placed scores 1, the other 0; two players of one group score ½ each.
 *  - Player i's expected score against j is E(i, j) = 1 / (1 + 10^((Rj − Ri) / scale)), scale 400:
 *    400 points apart, the stronger expects 10/11 ≈ 0.91 (10 : 1), « supposé le battre à chaque fois ».
 *  - Player i's change is K / (n − 1) × Σ over j ≠ i of (S(i, j) − E(i, j)), n counted players.
 *    Dividing by n − 1 makes one game move at most K points, like one chess game, whatever the
 *    number of players; the changes of a game add up to zero (each pair's two terms cancel).
 *  - Ratings are read before the game (all at once), then changed together.
 *
 * Titles: each needs points and a minimum of finished (ranked) games; the title shown is the
 * highest whose two minimums are met, and « les titres à partir de Comte ne peuvent être perdus »:
 * once reached, a title from Comte up is kept even if the points fall.
 *
 * Decay (« le nombre de points possédés pourra varier entre deux classements si vous ne jouez pas
 * régulièrement »), the rule chosen: a player without a finished ranked game for more than
 * `decay.graceMonths` months (a month: 30 days) sees the part of his points above the start
 * (1,200) shrink by `decay.pctPerMonth` % for each further whole month; points at or below 1,200
 * never move. It is applied when a ranking is generated (at each game's end: the pages show the
 * points as of the last generation) and to a player's points before his next game is rated.
 */
import { checkDefaults, constant, defaultsOf, int, num, type Spec } from '../../engine/constants.ts';
import type { Localized } from '../../engine/ruleset.ts';

/** The constants of the ranking, with their bounds and sources. */
export const RANKING_SPEC = {
  /** « Les joueurs débutent avec un capital de 1200 points » [T §12.4]. */
  start: constant(1200, int(0, 10_000), '[T §12.4]'),
  /** The most one game moves a player's points (chess's K), [P G-94]. */
  k: constant(32, num(1, 200), '[P G-94]'),
  /** Points apart for 10 : 1 expected score (« 400 points au-dessus … supposé le battre ») [T §12.4]. */
  scale: constant(400, num(50, 2000), '[T §12.4]'),
  /** Each title's minimum points and finished ranked games, lowest first (titles: [P G-94] extended here; « Comte » is the seed's). */
  titles: {
    ecuyer: { points: constant(0, int(0, 10_000), '[P G-94]'), games: constant(1, int(1, 1000), '[P G-94]') },
    chevalier: { points: constant(1250, int(0, 10_000), '[P G-94]'), games: constant(3, int(1, 1000), '[P G-94]') },
    baron: { points: constant(1350, int(0, 10_000), '[P G-94]'), games: constant(5, int(1, 1000), '[P G-94]') },
    comte: { points: constant(1450, int(0, 10_000), '[T §12.4]'), games: constant(10, int(1, 1000), '[P G-94]') },
    marquis: { points: constant(1550, int(0, 10_000), '[P G-94]'), games: constant(15, int(1, 1000), '[P G-94]') },
    duc: { points: constant(1650, int(0, 10_000), '[P G-94]'), games: constant(20, int(1, 1000), '[P G-94]') },
    prince: { points: constant(1800, int(0, 10_000), '[P G-94]'), games: constant(30, int(1, 1000), '[P G-94]') },
    roi: { points: constant(1950, int(0, 10_000), '[P G-94]'), games: constant(40, int(1, 1000), '[P G-94]') },
  },
  decay: {
    /** Whole months (30 days) without a finished ranked game before the points drift. */
    graceMonths: constant(3, int(0, 120), '[P G-94: decay]'),
    /** Share (%) of the points above the start lost for each further whole month. */
    pctPerMonth: constant(5, num(0, 100), '[P G-94: decay]'),
  },
} satisfies Spec;

export type TitleId = 'ecuyer' | 'chevalier' | 'baron' | 'comte' | 'marquis' | 'duc' | 'prince' | 'roi';
export interface RankingConfig {
  start: number; k: number; scale: number;
  titles: Record<TitleId, { points: number; games: number }>;
  decay: { graceMonths: number; pctPerMonth: number };
}
export const RANKING: RankingConfig = defaultsOf(RANKING_SPEC) as RankingConfig;
/** The defaults' own check against their bounds (empty when every default is within them). */
export const rankingDefaultsProblems = (): string[] => checkDefaults({ name: { fr: 'Classement', en: 'Ranking' } }, RANKING_SPEC, RANKING);

export const MONTH_MS = 30 * 24 * 3600 * 1000;

/** Expected score of a player rated `a` against one rated `b`. */
export function expectedScore(a: number, b: number, cfg: RankingConfig = RANKING): number {
  return 1 / (1 + 10 ** ((b - a) / cfg.scale));
}

export interface Rated<Id> { id: Id; rating: number }

/**
 * One finished game rated: `groups` are the counted players in groups of tied players, best
 * first, each with his rating before the game. Returns each player's change and 1-based place
 * (tied players share the place of their group's first). Fewer than two players: no change.
 */
export function rateGame<Id>(groups: Rated<Id>[][], cfg: RankingConfig = RANKING): { id: Id; place: number; before: number; delta: number }[] {
  const flat: { p: Rated<Id>; group: number; place: number }[] = [];
  let place = 1;
  groups.forEach((g, gi) => { for (const p of g) flat.push({ p, group: gi, place }); place += g.length; });
  const n = flat.length;
  const perPair = n > 1 ? cfg.k / (n - 1) : 0;
  return flat.map((a) => {
    let sum = 0;
    for (const b of flat) {
      if (b === a) continue;
      const score = a.group < b.group ? 1 : a.group > b.group ? 0 : 0.5;
      sum += score - expectedScore(a.p.rating, b.p.rating, cfg);
    }
    return { id: a.p.id, place: a.place, before: a.p.rating, delta: perPair * sum };
  });
}

/** A player's points at `at`, from his points after his last ranked game at `lastGameAt` (the decay rule above). */
export function decayed(points: number, lastGameAt: Date, at: Date, cfg: RankingConfig = RANKING): number {
  if (points <= cfg.start) return points;
  const months = Math.floor((at.getTime() - lastGameAt.getTime()) / MONTH_MS);
  const over = Math.max(0, months - cfg.decay.graceMonths);
  if (over === 0) return points;
  return cfg.start + (points - cfg.start) * (1 - cfg.decay.pctPerMonth / 100) ** over;
}

// ─── Titles ──────────────────────────────────────────────────────────────────────────────────

const TITLE_NAMES: Record<TitleId, Localized> = {
  ecuyer: { fr: 'Écuyer', en: 'Squire' },
  chevalier: { fr: 'Chevalier', en: 'Knight' },
  baron: { fr: 'Baron', en: 'Baron' },
  comte: { fr: 'Comte', en: 'Count' },
  marquis: { fr: 'Marquis', en: 'Marquess' },
  duc: { fr: 'Duc', en: 'Duke' },
  prince: { fr: 'Prince', en: 'Prince' },
  roi: { fr: 'Roi', en: 'King' },
};

/** The titles, lowest first, with their names and the minimums of the constants table. */
export const TITLES: readonly { id: TitleId; name: Localized; points: number; games: number }[] =
  (Object.keys(TITLE_NAMES) as TitleId[]).map((id) => ({ id, name: TITLE_NAMES[id], ...RANKING.titles[id] }));
/** « Les titres à partir de Comte ne peuvent être perdus » [T §12.4]. */
export const KEPT_FROM: TitleId = 'comte';

const rankOf = (id: TitleId | null): number => (id === null ? -1 : TITLES.findIndex((t) => t.id === id));

/**
 * The title of a player with these points and finished ranked games, given the title he keeps
 * (`kept`, from Comte up, or null): the higher of the two. Null before his first ranked game.
 */
export function titleFor(points: number, games: number, kept: TitleId | null = null): TitleId | null {
  let best: TitleId | null = null;
  for (const t of TITLES) if (points >= t.points && games >= t.games) best = t.id;
  return rankOf(kept) > rankOf(best) ? kept : best;
}

/** The title a player keeps for ever after reaching `title` (null below Comte), given the one he kept before. */
export function keptTitle(title: TitleId | null, before: TitleId | null): TitleId | null {
  const best = rankOf(title) >= rankOf(before) ? title : before;
  return rankOf(best) >= rankOf(KEPT_FROM) ? best : null;
}

export const titleName = (id: TitleId | null): Localized | null => TITLES.find((t) => t.id === id)?.name ?? null;
export const isTitleId = (v: unknown): v is TitleId => typeof v === 'string' && TITLES.some((t) => t.id === v);
