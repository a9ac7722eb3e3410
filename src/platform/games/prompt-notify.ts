/**
 * Telling players of games of prompts that a prompt waits for them (issue 14). Called in the
 * resolution transaction of a game of prompts, once the new step is written: `prompts` are the
 * step's open prompts, `answered` the (player/decision) pairs already answered by standing answers.
 */
import type { Db } from '../db/index.ts';
import type { AppCtx } from '../http/server.ts';
import type { OpenPrompt } from './pace.ts';
import type { GameRow } from './service.ts';

export async function promptsOpened(_ctx: AppCtx, _db: Db, _g: GameRow, _step: number, _prompts: OpenPrompt[], _deadline: Date | null, _answered: Set<string>): Promise<void> {
  // Filled in by the notifications work of issue 14 (mail per the player's settings, never while he is on the page).
}
