/**
 * The games service as the web pages and the scheduler see it. The platform knows no rule: it
 * stores the engine's GameRecord pieces (state, pending sheets, steps), asks the ruleset registry
 * to validate, resolve, view and report, and keeps seats, deadlines and mail.
 */
import type { Lang, Pace, ValidationIssue } from '../../engine/ruleset.ts';
import type { AppCtx } from '../http/server.ts';

/** Weekly (or every N days) deadline: weekday 0 = Sunday … 6; time "HH:MM" in the time zone. */
export interface Schedule {
  weekday: number; time: string; timeZone: string; everyDays: number;
  /**
   * The shortest a turn may last, in hours (host option): after an early resolution the next
   * deadline is the first slot at least this long after it. Default: half the period.
   */
  minHours?: number;
}
export const DEFAULT_SCHEDULE: Schedule = { weekday: 5, time: '23:00', timeZone: 'Europe/Paris', everyDays: 7 };

export interface CreateGameInput {
  ruleset: string;
  name: string;
  /** Ruleset options (for Gloire & Pouvoir: map, config overrides); seats decide the lords. */
  options: Record<string, unknown>;
  /** One per lord; userId null = played by a bot (demo). Fewer seats than maxPlayers: the game is
   *  'forming' (private games) and starts by itself when the last lord joins. */
  seats: { userId: number | null; lordName: string; choice?: Record<string, string> | null }[];
  maxPlayers?: number;
  seed?: string;
  isPrivate?: boolean;
  /** Join password of a private game (stored hashed). */
  password?: string | null;
  isDemo?: boolean;
  hostUserId?: number | null;
  schedule?: Schedule;
  /** Resolve as soon as every human lord is ready. */
  early?: boolean;
  reminderHours?: number;
  /** Host option (default false): a human lord who sends no orders by the deadline is played for
   *  that turn by the ruleset's caretaker, and his report says so. */
  caretaker?: boolean;
  /** Host option of a private game (default false): the game counts for the permanent ranking (a public game always does). */
  ranked?: boolean;
  /**
   * A game made of prompts (issue 14): its pace, from which each prompt's deadline comes (the
   * weekly `schedule` is then unused), the host's lengths per deadline class (minutes), after how
   * many defaults in a row a player is absent (his prompts then resolve at once), whether players
   * may take vacations, and whether a bot plays a seat opened for a replacement until someone takes it.
   */
  prompts?: PromptOptions;
  /** A private game's host options (migration 025): keep its pages private after the end (default: public, the archive); the least reliability (a whole percentage) a player needs to join. */
  keepPrivate?: boolean;
  minReliability?: number | null;
  /**
   * The game's GM (migration 027, games/gm.ts): `host` (the host himself) or a named account; absent
   * or null: no GM, every judgment item of the ruleset takes its program default at once.
   */
  gm?: 'host' | { login: string } | null;
}

export interface PromptOptions { pace: Pace; minutes?: Record<string, number> | null; absentAfter?: number; vacations?: boolean; openSeatBot?: boolean }
/** After how many defaults in a row a player of a game of prompts is absent, by default; and the bounds a host may choose. */
export const ABSENT_AFTER = { default: 3, min: 1, max: 20 } as const;

export interface GameSummary {
  id: number; name: string; ruleset: string; status: 'forming' | 'running' | 'finished'; maxPlayers: number; step: number; turnLabel: string;
  isPrivate: boolean; isDemo: boolean; deadline: Date | null; lords: number; map: string | null;
  /** The turn in progress failed to resolve at least once (the host was told; it is being retried). */
  failing: boolean;
  /** A game of prompts: its pace (null: a weekly game of order sheets), and after how many defaults in a row a player is absent. */
  pace: Pace | null;
  absentAfter: number;
  /** The game is over and its pages are public (the archive): not a private game its host kept private. */
  archived: boolean;
  /** The least reliability (a percentage) a player needs to join (null: none). */
  minReliability: number | null;
  /** The game's GM (a user id; null: no GM), who reads every step (games/step-audience.ts). */
  gmUserId: number | null;
}

export interface Seat { gameId: number; player: string; userId: number | null; lordName: string; status: 'active' | 'abdicated' | 'open'; missed: number; login: string | null }

export interface SheetState {
  text: string;
  issues: ValidationIssue[];
  /** The validated answer as the ruleset keeps it (for G&P: { lines: [...] }). */
  value: unknown;
  ready: boolean;
  updatedAt: Date | null;
}

export interface ReportEntry { idx: number; label: string; resolvedAt: Date }

export type ResolveOutcome = 'resolved' | 'not-due' | 'busy' | 'finished' | 'failed';

export interface GamesApi {
  create(ctx: AppCtx, input: CreateGameInput): Promise<number>;
  summary(ctx: AppCtx, gameId: number): Promise<GameSummary | null>;
  /** Running and finished games a user sits in; and the public list. */
  listForUser(ctx: AppCtx, userId: number): Promise<GameSummary[]>;
  /** Public games (not private), forming first, then running, then finished; newest first; a page of them. */
  listPublic(ctx: AppCtx, page?: { limit: number; offset: number }): Promise<GameSummary[]>;
  countPublic(ctx: AppCtx): Promise<number>;
  seats(ctx: AppCtx, gameId: number): Promise<Seat[]>;
  seatOf(ctx: AppCtx, gameId: number, userId: number): Promise<Seat | null>;
  /** The ruleset's view for one player (null: public view). */
  view(ctx: AppCtx, gameId: number, player: string | null): Promise<unknown>;
  /** The sheet being written for the step in progress (empty if none). */
  sheet(ctx: AppCtx, gameId: number, player: string): Promise<SheetState>;
  /**
   * Validates and stores a sheet as typed (text or structured); valid parts are kept. With
   * `expectStep` (the API: the number of resolved steps the writer saw), a sheet meant for a step
   * that has passed is refused (GamesError 'stale-step', 409), never stored for the next one.
   */
  saveSheet(ctx: AppCtx, gameId: number, player: string, answer: string | unknown[], expectStep?: number): Promise<SheetState>;
  /**
   * The common case of saveSheet, in one short transaction: a user saves the text of his own
   * sheet in a running game where his seat is active. Null when that is not the case (the caller
   * then takes saveSheet's way, whose errors say why). Returns the sheet and the resolved steps.
   */
  saveOwnSheet(ctx: AppCtx, gameId: number, userId: number, text: string): Promise<{ sheet: SheetState; step: number } | null>;
  /** Marks the sheet ready (or not). With early resolution, the last ready lord triggers the turn. `expectStep`: as for saveSheet. */
  setReady(ctx: AppCtx, gameId: number, player: string, ready: boolean, expectStep?: number): Promise<void>;
  /** Resolves the step in progress if it is due (deadline passed, or everyone ready with early resolution). */
  resolveIfDue(ctx: AppCtx, gameId: number): Promise<ResolveOutcome>;
  /** Resolves every due game; returns how many were resolved. Safe with several processes. */
  runDue(ctx: AppCtx): Promise<number>;
  reports(ctx: AppCtx, gameId: number, player: string): Promise<ReportEntry[]>;
  report(ctx: AppCtx, gameId: number, idx: number, player: string, lang: Lang): Promise<string | null>;
  /** The lord leaves: abdication in the game (if the ruleset has it) or a seat open for a replacement. */
  leave(ctx: AppCtx, gameId: number, userId: number, mode: 'abdicate' | 'replace'): Promise<void>;
  /** The game's host (or the site's) opens the seat of a lord flagged for missing 3 turns, for a replacement. */
  openSeatAsHost(ctx: AppCtx, gameId: number, player: string, hostUserId: number): Promise<void>;
  /** A replacement player takes an open seat. */
  takeSeat(ctx: AppCtx, gameId: number, player: string, userId: number): Promise<void>;
  /** Joins a private game with its password (an open seat, or a new lord while the game has not started). */
  /**
   * Joins a forming game (or takes its first open seat). `choice`: the player's seat-form values
   * as typed (the ruleset's `seatForm`), checked here (a SeatChoiceError names each field); they
   * count only in a forming game (an open seat's King already exists). A player below the game's
   * minimum reliability is refused (GamesError 'reliability', 403, with his reliability and the
   * minimum in both languages; games/reliability.ts).
   */
  joinPrivate(ctx: AppCtx, gameId: number, userId: number, lordName: string, password: string, choice?: Record<string, string> | null): Promise<void>;
}
