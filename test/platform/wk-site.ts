/** Warrior Knights on the test platform: a table of persons, played by every baron's default over HTTP up to a question. */
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { askOf, type Ask, type WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { pageText } from './http.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';
import { stateOf, waitForStep, type TestPlatform } from './util.ts';

const NAMES = ['Aude', 'Bérenger', 'Clothilde', 'Dreux', 'Ermengarde', 'Foulques'];

/**
 * A live-paced private game of `n` persons (logins `<prefix>_<a…>_<tag>`, the second reads English;
 * seed `<seed>-<tag>`), each open question answered by default on the page (HTTP, with the page's
 * form token) until one of kind `kind` is asked (at most `guard` questions).
 */
export async function wkTableAt(tp: TestPlatform, o: { n: number; prefix: string; name: string; seed: string; tag: string; kind: string; guard: number }): Promise<{ id: number; users: TestUser[]; seatOf: Map<string, TestUser>; ask: Ask }> {
  const users: TestUser[] = [];
  for (let i = 0; i < o.n; i++) users.push(await newUser(tp, `${o.prefix}_${'abcdef'[i]}_${o.tag}`, i === 1 ? 'en' : 'fr'));
  const id = await games.create(tp.platform.ctx, {
    ruleset: 'warrior-knights', name: `${o.name} ${o.tag}`, options: {}, seed: `${o.seed}-${o.tag}`, hostUserId: users[0]!.id, isPrivate: true,
    seats: users.map((u, i) => ({ userId: u.id, lordName: NAMES[i]! })), maxPlayers: o.n, prompts: { pace: 'live' },
  });
  const seats = await tp.db.query<{ player: string; user_id: number }>('SELECT player, user_id FROM seats WHERE game_id = $1', [id]);
  const seatOf = new Map(seats.map((s) => [s.player, users.find((u) => u.id === Number(s.user_id))!]));
  for (let guard = 0; guard < o.guard; guard++) {
    const ask = askOf(await stateOf<WkGame>(tp, id))!;
    if (ask.kind === o.kind) return { id, users, seatOf, ask };
    const step = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);
    for (const p of ask.players) {
      const b = await loggedIn(tp, seatOf.get(p)!);
      await b.get(`/games/${id}/play`); // the page's form token
      const r = await b.post(`/games/${id}/answer`, { decision: ask.id, answer: 'default' });
      assert.equal(r.status, 200, `${ask.kind}: ${pageText(r.text).slice(0, 200)}`);
    }
    await waitForStep(tp, id, step + 1, 60_000);
  }
  assert.fail(`no question of kind ${o.kind} within ${o.guard}`);
}
