/**
 * The opening of a board game's demo (web/demo.ts, home.ts), shared by the Fief and Warrior Knights
 * demo tests: the home page offers it, a visitor presses it and gets a guest account and a private
 * game at the live pace, his seat against three bot seats.
 */
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { Browser, pageText } from './http.ts';
import { playerOf, type TestPlatform } from './util.ts';

export const nofollow = { follow: false } as const;

/** Opens `ruleset`'s demo (its home-page button reads « Essayer <title> »): the visitor's browser, the game and his seat. */
export async function openDemo(tp: TestPlatform, ruleset: string, title: string): Promise<{ v: Browser; id: number; me: string; location: string }> {
  const v = new Browser(tp.url);
  const home = await v.get('/');
  assert.match(home.text, new RegExp(`name="ruleset" value="${ruleset}"`));
  assert.match(pageText(home.text), new RegExp(`Essayer ${title}|Try ${title}`));
  const created = await v.post('/demo', { ruleset }, nofollow);
  assert.equal(created.status, 303);
  const id = Number(/\/games\/(\d+)\//.exec(created.location ?? '')![1]);
  const g = (await games.summary(tp.platform.ctx, id))!;
  assert.deepEqual([g.ruleset, g.lords, g.isDemo], [ruleset, 4, true]);
  const row = (await tp.db.one<{ pace: string | null }>('SELECT pace FROM games WHERE id = $1', [id]))!;
  assert.equal(row.pace, 'live');
  const seats = await tp.db.query<{ user_id: number | null }>('SELECT user_id FROM seats WHERE game_id = $1 ORDER BY seq', [id]);
  assert.equal(seats.filter((s) => s.user_id === null).length, 3, 'three bot seats');
  const me = await playerOf(tp, id, seats.find((s) => s.user_id !== null)!.user_id!);
  return { v, id, me, location: created.location! };
}
