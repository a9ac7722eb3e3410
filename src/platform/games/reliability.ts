/**
 * A player's reliability (issue 19, "Players"): how often he answers before the deadline, and
 * whether he stays to the end of the games he starts. Computed from what the turn job records
 * (migration 025): `seat_answers`, one row per human seat asked in a resolved step, and
 * `seat_departures`, one row per seat left while its game ran.
 *
 * The definition, precisely:
 *   asked     = the steps in which a seat he held was asked something (an order sheet or prompts),
 *               counted once per seat and step, in every game (demo games excepted);
 *   answered  = those in which his answer was in before the deadline: a sheet with text or marked
 *               ready (the turn then does not count as missed), for prompts a ready answer (a
 *               standing answer he set counts: it is his answer, given in advance);
 *   abandoned = the seats he left while their game ran: abdicated, asked for a replacement, or
 *               opened by the host after too many answers missed;
 *   reliability = answered / (asked + abandonWeight × abandoned), shown as a whole percentage
 *               rounded down. A player with nothing recorded (asked = abandoned = 0) has no
 *               reliability yet: he is "new", and a host's minimum does not refuse him (else no
 *               newcomer could ever join a game that asks for one).
 * Each abandoned seat weighs as `abandonWeight` missed answers: leaving a game harms it more than
 * one late turn (webDiplomacy and vDiplomacy count a civil disorder apart from missed turns; see
 * /work/shared/research/platforms.md §1.1–1.2). The weight is the one constant, in the table below.
 */
import type { Lang } from '../../engine/ruleset.ts';
import { knownRuleset } from '../../rulesets/index.ts';
import type { Db } from '../db/index.ts';
import { messages, t } from '../http/i18n.ts';

messages({
  'reliability.value': { fr: '{p} %', en: '{p}%' },
  'reliability.new': { fr: 'nouveau joueur', en: 'new player' },
  'reliability.title': { fr: 'Fiabilité', en: 'Reliability' },
});

/** The constants of reliability, each with its bounds. */
export const RELIABILITY = {
  /** How many missed answers one abandoned seat weighs. */
  abandonWeight: { value: 5, min: 0, max: 50 },
  /** The least reliability a host may require of the players of a private game (a percentage). */
  minimum: { value: null, min: 0, max: 100 },
} as const;

/** What is recorded of one player (or of one player in one ruleset). */
export interface AnswerHistory {
  /** Steps asked, and answered in time, of games of order sheets ('turn') and of prompts ('prompt'). */
  turns: { asked: number; answered: number };
  prompts: { asked: number; answered: number };
  /** Seats left while their game ran. */
  abandoned: number;
}

export const emptyHistory = (): AnswerHistory => ({ turns: { asked: 0, answered: 0 }, prompts: { asked: 0, answered: 0 }, abandoned: 0 });

/** The share as a fraction: answered in time over the weighted total (null: nothing recorded, a new player). */
export function reliabilityShare(h: AnswerHistory, weight: number = RELIABILITY.abandonWeight.value): { num: number; den: number } | null {
  const den = h.turns.asked + h.prompts.asked + weight * h.abandoned;
  if (den === 0) return null;
  return { num: h.turns.answered + h.prompts.answered, den };
}

/** The reliability as a whole percentage rounded down (null: a new player). */
export function reliabilityPercent(h: AnswerHistory, weight: number = RELIABILITY.abandonWeight.value): number | null {
  const s = reliabilityShare(h, weight);
  return s === null ? null : Math.floor((100 * s.num) / s.den);
}

/**
 * Whether a player meets a host's minimum (a whole percentage): exact integer arithmetic, no
 * rounding (99.9 % does not meet 100). A new player meets any minimum; no minimum (null) admits all.
 */
export function meetsMinimum(h: AnswerHistory, minimum: number | null): boolean {
  if (minimum === null || minimum <= 0) return true;
  const s = reliabilityShare(h);
  return s === null || 100 * s.num >= minimum * s.den;
}

/** A host's minimum as typed in the creation form: '' → none, else a whole number within the bounds. */
export function parseMinimum(text: string): number | null | 'invalid' {
  const s = text.trim();
  if (s === '') return null;
  if (!/^\d{1,3}$/.test(s)) return 'invalid';
  const n = Number(s);
  return n < RELIABILITY.minimum.min || n > RELIABILITY.minimum.max ? 'invalid' : n;
}

/** A player's reliability as shown beside his name (profile, lobby, game pages): « 93 % » or « nouveau joueur ». */
export function reliabilityLabel(lang: Lang, h: AnswerHistory): string {
  const p = reliabilityPercent(h);
  return p === null ? t(lang, 'reliability.new') : t(lang, 'reliability.value', { p });
}

// ───────────────────────────────────────────────────────────── recording (the turn job, the seat routes)

/**
 * Records, in the resolution's transaction, whether each human seat asked in step `idx` answered
 * in time. `seats`: the seats asked (held by a user, active) and whether their answer was in.
 */
export async function recordAnswers(db: Db, gameId: number, idx: number, kind: 'turn' | 'prompt', seats: { player: string; userId: number; onTime: boolean }[]): Promise<void> {
  for (const s of seats) {
    await db.query(
      'INSERT INTO seat_answers(game_id, idx, player, user_id, kind, on_time) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (game_id, idx, player) DO NOTHING',
      [gameId, idx, s.player, s.userId, kind, s.onTime]);
  }
}

export type Departure = 'abdicated' | 'replacement' | 'opened';

/** Records a seat left while its game ran (in the transaction that frees it). */
export async function recordDeparture(db: Db, d: { gameId: number; player: string; userId: number; how: Departure; step: number; at: Date }): Promise<void> {
  await db.query('INSERT INTO seat_departures(game_id, player, user_id, how, step, at) VALUES ($1, $2, $3, $4, $5, $6)',
    [d.gameId, d.player, d.userId, d.how, d.step, d.at]);
}

/**
 * The end of a game, in the transaction that finishes it: when, and which seats won (the
 * ruleset's outcome of the final state; none when it names no winner or fails).
 */
export async function recordFinish(db: Db, gameId: number, ruleset: string, state: unknown, at: Date): Promise<void> {
  let winners: string[] = [];
  // A ruleset since removed has no outcome to give; a state its ruleset cannot read gives no winner.
  const rs = knownRuleset(ruleset)?.ruleset;
  try { winners = rs?.outcome(state)?.winners ?? []; } catch { winners = []; }
  await db.query('UPDATE games SET finished_at = $2 WHERE id = $1', [gameId, at]);
  if (winners.length) await db.query('UPDATE seats SET won = TRUE WHERE game_id = $1 AND player = ANY($2::text[])', [gameId, winners]);
}

// ───────────────────────────────────────────────────────────── reading

/** The histories of several players (every ruleset together), by user id; demo games are left out. */
export async function historiesOf(db: Db, userIds: number[]): Promise<Map<number, AnswerHistory>> {
  const out = new Map<number, AnswerHistory>();
  const ids = [...new Set(userIds.filter((x) => Number.isInteger(x)))];
  for (const id of ids) out.set(id, emptyHistory());
  if (!ids.length) return out;
  const answers = await db.query<{ user_id: number; kind: string; asked: number; answered: number }>(
    `SELECT a.user_id, a.kind, count(*)::int AS asked, count(*) FILTER (WHERE a.on_time)::int AS answered
       FROM seat_answers a JOIN games g ON g.id = a.game_id
      WHERE a.user_id = ANY($1::int[]) AND NOT g.is_demo GROUP BY a.user_id, a.kind`, [ids]);
  for (const r of answers) {
    const h = out.get(Number(r.user_id))!;
    const slot = r.kind === 'prompt' ? h.prompts : h.turns;
    slot.asked += Number(r.asked);
    slot.answered += Number(r.answered);
  }
  const left = await db.query<{ user_id: number; n: number }>(
    `SELECT d.user_id, count(*)::int AS n FROM seat_departures d JOIN games g ON g.id = d.game_id
      WHERE d.user_id = ANY($1::int[]) AND NOT g.is_demo GROUP BY d.user_id`, [ids]);
  for (const r of left) out.get(Number(r.user_id))!.abandoned = Number(r.n);
  return out;
}

export async function historyOf(db: Db, userId: number): Promise<AnswerHistory> {
  return (await historiesOf(db, [userId])).get(userId) ?? emptyHistory();
}
