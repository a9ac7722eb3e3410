/**
 * What a game's end records, in the transaction that finishes it, whichever path ends it (the
 * turn job in service.ts, a free action in prompts.ts): the heroes it sends to its ruleset's hall
 * (Valhalla), the new permanent ranking (ranking/service.ts, ranked once), and its end date and
 * winners for the profiles (reliability.ts). One place, so that a new way of ending a game cannot
 * forget one of them.
 */
import type { Db } from '../db/index.ts';
import { rankFinishedGame } from '../ranking/service.ts';
import { recordHall } from '../valhalla/hall.ts';
import { recordFinish } from './reliability.ts';

export async function recordGameEnd(t: Db, g: { id: number; ruleset: string; is_demo: boolean }, seats: { player: string; user_id: number | null; login?: string | null; lord_name?: string }[], stateJson: string, now: Date): Promise<void> {
  const state: unknown = JSON.parse(stateJson);
  await recordHall(t, g.ruleset, g.id, g.is_demo, seats, state, now);
  await rankFinishedGame(t, g.id, now, state);
  await recordFinish(t, g.id, g.ruleset, state, now);
}
