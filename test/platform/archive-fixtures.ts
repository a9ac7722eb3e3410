/** Helpers of the archive and profile tests: resolving a turn by the clock, ending a game by the rules. */
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import type { TestPlatform } from './util.ts';
import { loggedIn, type TestUser } from './users.ts';

/** Moves the clock past the deadline and waits until the turn is resolved. */
export async function resolveTurn(tp: TestPlatform, gameId: number): Promise<void> {
  const s = (await games.summary(tp.platform.ctx, gameId))!;
  tp.clock.now = new Date(new Date(s.deadline!).getTime() + 60_000);
  const end = Date.now() + 30_000;
  while ((await games.summary(tp.platform.ctx, gameId))!.step === s.step) {
    if (Date.now() > end) throw new Error('the turn was not resolved');
    await tp.platform.tick();
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Ends a two-lord Gloire & Pouvoir game the way the rules do: `leaver` abdicates, the last lord standing wins (alliance victory). */
export async function endByAbdication(tp: TestPlatform, gameId: number, leaver: TestUser): Promise<void> {
  const b = await loggedIn(tp, leaver);
  await b.get(`/games/${gameId}`);
  const r = await b.post(`/games/${gameId}/leave`, { mode: 'abdicate', confirm: '1' }, { follow: false });
  assert.equal(r.status, 303, 'abdication accepted');
  await resolveTurn(tp, gameId);
  assert.equal((await games.summary(tp.platform.ctx, gameId))!.status, 'finished', 'the game is over');
}

