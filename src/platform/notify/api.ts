/**
 * Notifications of new messages, per player and channel: a mail for every message ('each'), one
 * daily digest ('digest', the default), or nothing ('none'). Written inside the caller's
 * transaction. The gazette never mails at the moment an article is written: its notifications wait
 * for the next batch, so that no mail's time points at the author.
 */
import type { Db } from '../db/index.ts';
import type { AppCtx } from '../http/server.ts';

/** 'turn': a prompt of a game of prompts waits for the player (games/prompt-notify.ts).
 *  'reports': a step's report mail (a turn of order sheets, a report the ruleset mails in a game of
 *  prompts: games/service.ts); 'each' the mail itself, 'digest' a line with its link, 'none' nothing. */
export type Channel = 'forum' | 'letters' | 'gazette' | 'turn' | 'reports';
export type NotifyMode = 'each' | 'digest' | 'none';
export const DEFAULT_MODE: NotifyMode = 'digest';
/** Each channel's mode until the user chooses: the daily digest, but "your turn" and the reports are mailed at once. */
export const DEFAULT_MODES: Record<Channel, NotifyMode> = { forum: DEFAULT_MODE, letters: DEFAULT_MODE, gazette: DEFAULT_MODE, turn: 'each', reports: 'each' };

export interface Notice {
  channel: Channel;
  gameId: number;
  /** Who to tell (user ids; the author is the caller's business: forum and letters leave him out,
   *  the gazette keeps him in, so that nothing differs for the author). */
  userIds: number[];
  /** Per recipient language: the digest line and the mail of an immediate notification. */
  line: { fr: string; en: string };
  subject: { fr: string; en: string };
  text: { fr: string; en: string };
  /** Path on the site, e.g. `/games/3/letters/12`. */
  link: string;
  /** Reply-To per recipient user id (letters: the inbound address with the member's token). */
  replyTo?: Record<number, string>;
}

export interface NotifyApi {
  notify(ctx: AppCtx, db: Db, n: Notice): Promise<void>;
  /** Scheduler: sends due digests (once a day per user) and the gazette batch. */
  sendDigests(ctx: AppCtx): Promise<number>;
  getPrefs(ctx: AppCtx, userId: number): Promise<Record<Channel, NotifyMode>>;
  /** The mode of one channel for several users (read with `db`, e.g. in the caller's transaction). */
  modes(db: Db, userIds: number[], channel: Channel): Promise<Map<number, NotifyMode>>;
  /** Queues one line of a user's next daily digest (the caller decided the user gets one). */
  digestLine(ctx: AppCtx, db: Db, line: { userId: number; channel: Channel; gameId: number; line: string; link: string }): Promise<void>;
  setPref(ctx: AppCtx, userId: number, channel: Channel, mode: NotifyMode): Promise<void>;
}
