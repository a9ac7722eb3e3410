/**
 * Valhalla's hall on the platform (Adventurer Kings seed §12.3; any ruleset with a `hall` in its
 * registry entry): the heroes finished games sent there, kept in the `valhalla` table (migration
 * 024), and the roster a new game of that ruleset receives in its options when it starts.
 *
 * 1. At the end of a game (the resolution transaction, games/service.ts), `recordHall` stores each
 *    hero the ruleset says entered, with the user who held the seat at the end. A seat without a
 *    user (a bot's) or a demo game places nobody. The text is the ruleset's, checked again here
 *    (plain text, bounded); every page escapes it.
 * 2. When a game starts, `hallOption` gives the roster (a snapshot, stored in the game's options:
 *    its replays never read the table again): the latest `ROSTER_MAX` heroes, oldest first, each
 *    with the key `hall:<id>` and the login of his player.
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import { loadRuleset } from '../../rulesets/index.ts';
import type { Db, Row } from '../db/index.ts';

/** The most heroes a new game's roster carries (the latest ones). */
export const ROSTER_MAX = 500;
const NAME_MAX = 80;
const DESCRIPTION_MAX = 2000;
const STORY_MAX = 10_000;

/** Plain text: no control or bidirectional-override characters (line breaks kept where asked), bounded. */
export function plainText(x: unknown, max: number, keepLines = false): string {
  const s = typeof x === 'string' ? x : x && typeof x === 'object' && typeof (x as { en?: unknown }).en === 'string' ? String((x as { en: string }).en) : '';
  // eslint-disable-next-line no-control-regex
  const bad = keepLines ? /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g : /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
  return s.normalize('NFC').replace(/\r\n?/g, '\n').replace(bad, ' ').split('\n').map((l) => l.replace(/[ \t]+/g, ' ').trim()).join('\n').replace(/\n{3,}/g, '\n\n').trim().slice(0, max);
}

interface SeatLike { player: string; user_id: number | null; login?: string | null; lord_name?: string }

/** Stores the heroes a finished game sent to the hall (nothing for a ruleset without one). Idempotent per (game, player). */
export async function recordHall(db: Db, ruleset: string, gameId: number, isDemo: boolean, seats: SeatLike[], state: unknown, now: Date): Promise<number> {
  const hall = (await loadRuleset(ruleset)).hall;
  if (!hall || isDemo) return 0;
  let n = 0;
  for (const e of hall.entered(state)) {
    const seat = seats.find((s) => s.player === e.player);
    if (!seat || seat.user_id === null) continue;
    const h = e.hero;
    const name = plainText(h.name, NAME_MAX);
    if (!name) continue;
    const description = plainText(h.description, DESCRIPTION_MAX);
    const story = plainText(h.story, STORY_MAX, true);
    const user = await db.one<{ login: string }>('SELECT login FROM users WHERE id = $1', [seat.user_id]);
    const hero = { ...h, name, description, story };
    const rows = await db.query(
      `INSERT INTO valhalla(ruleset, game_id, player, user_id, placed_by, name, alignment, description, story, hero, entered_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (game_id, player) DO NOTHING RETURNING id`,
      [ruleset, gameId, e.player, seat.user_id, user?.login ?? seat.login ?? '', name, String(h.alignment ?? ''), description, story, JSON.stringify(hero), now]);
    n += rows.length;
  }
  return n;
}

/** The options a new game of `ruleset` receives from the hall: `{ [option]: roster }`, or nothing. */
export async function hallOption(db: Db, ruleset: string): Promise<Record<string, unknown>> {
  const hall = (await loadRuleset(ruleset)).hall;
  if (!hall) return {};
  const rows = await db.query<{ id: number; hero: Record<string, unknown>; placed_by: string } & Row>(
    'SELECT id, hero, placed_by FROM (SELECT id, hero, placed_by FROM valhalla WHERE ruleset = $1 ORDER BY id DESC LIMIT $2) latest ORDER BY id', [ruleset, ROSTER_MAX]);
  return { [hall.option]: rows.map((r) => ({ ...(typeof r.hero === 'string' ? JSON.parse(r.hero) : r.hero), key: `hall:${r.id}`, placedBy: r.placed_by })) };
}

/** A hero of the hall as pages show him. */
export interface HallHero {
  id: number; ruleset: string; gameId: number; gameName: string; player: PlayerId; userId: number | null; placedBy: string;
  name: string; alignment: string; description: string; story: string; enteredAt: Date;
  /** The ruleset's whole record (its `hall.summary` says it in words). */
  hero: Record<string, unknown>;
}

interface HallRow extends Row {
  id: number; ruleset: string; game_id: number; game_name: string; player: string; user_id: number | null; placed_by: string;
  name: string; alignment: string; description: string; story: string; hero: unknown; entered_at: Date;
}

const SELECT = `SELECT v.id, v.ruleset, v.game_id, g.name AS game_name, v.player, v.user_id, v.placed_by, v.name, v.alignment, v.description, v.story, v.hero, v.entered_at
  FROM valhalla v JOIN games g ON g.id = v.game_id`;

function heroOf(r: HallRow): HallHero {
  const hero = (typeof r.hero === 'string' ? JSON.parse(r.hero) : r.hero) as Record<string, unknown>;
  return {
    id: Number(r.id), ruleset: r.ruleset, gameId: Number(r.game_id), gameName: r.game_name, player: r.player, userId: r.user_id === null ? null : Number(r.user_id),
    placedBy: r.placed_by, name: r.name, alignment: r.alignment, description: r.description, story: r.story, enteredAt: new Date(r.entered_at), hero,
  };
}

/** Every hero of the hall, the latest first (a page of `limit` from `offset`). */
export async function valhallaHeroes(db: Db, opts: { limit?: number; offset?: number } = {}): Promise<{ heroes: HallHero[]; total: number }> {
  const limit = Math.min(Math.max(1, opts.limit ?? 50), 200);
  const offset = Math.max(0, opts.offset ?? 0);
  const rows = await db.query<HallRow>(`${SELECT} ORDER BY v.id DESC LIMIT $1 OFFSET $2`, [limit, offset]);
  const total = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM valhalla');
  return { heroes: rows.map(heroOf), total: Number(total?.n ?? 0) };
}

/** The heroes one user placed in Valhalla, the latest first (for his profile page). */
export async function valhallaHeroesOf(db: Db, userId: number): Promise<HallHero[]> {
  const rows = await db.query<HallRow>(`${SELECT} WHERE v.user_id = $1 ORDER BY v.id DESC`, [userId]);
  return rows.map(heroOf);
}
