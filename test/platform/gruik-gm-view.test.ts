/**
 * The GM's own board and map on the site (issue 16 "he sees everything"; engine `refereeSees`,
 * page-kit `viewerOf`): in a private Gruik game, the GM's play page shows every state's forces
 * with their AP and every treasury, and his map page every army; a player's pages show his own
 * forces and not the others' strength; a signed-in stranger gets nothing of the private game.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import type { GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { pageText } from './http.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';
import { stateOf, startTestPlatform, type TestPlatform } from './util.ts';
await loadAllRulesets();

describe('Gruik: the GM’s board and map are the whole game; the players’ are theirs (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite'); });
  after(async () => { await tp?.close(); });

  test('GM: every force with its AP, every treasury; a player: his own; a stranger: nothing', { timeout: 120_000 }, async () => {
    const users: TestUser[] = [];
    for (const n of ['gv_a', 'gv_b', 'gv_c', 'gv_d']) users.push(await newUser(tp, n, 'en'));
    const gm = await newUser(tp, 'gv_gm', 'en');
    const stranger = await newUser(tp, 'gv_x', 'en');
    const gameId = await games.create(tp.platform.ctx, {
      ruleset: 'gruik', name: 'Le Regard du MJ', options: { map: 'anneau', players: 4, seasons: 2 }, seed: 'gm-view-site', hostUserId: users[0]!.id, isPrivate: true,
      seats: users.map((u, i) => ({ userId: u.id, lordName: `Seigneur ${i + 1}` })), maxPlayers: 4, prompts: { pace: 'live' }, gm: { login: gm.login },
    });
    const g = await stateOf<GruikGame>(tp, gameId);
    const armies = Object.values(g.gruik.armies).filter((a) => typeof a.location === 'string');
    assert.ok(armies.length >= 4, 'armies on the map');

    const gmb = await loggedIn(tp, gm);
    const play = await gmb.get(`/games/${gameId}/play`);
    assert.equal(play.status, 200);
    const board = pageText(play.text);
    assert.match(board, /GM — the forces/);
    for (const a of armies) assert.match(board, new RegExp(`${a.id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+\\S.*?\\s+${a.currentAP}\\b`), `${a.id} and its AP on the GM's board`);
    const map = await gmb.get(`/games/${gameId}/map`);
    assert.equal(map.status, 200);
    assert.match(map.text, /GM: the whole game/);
    for (const a of armies) assert.ok(map.text.includes(`${a.id}: army, ${a.currentAP} AP`), `${a.id} on the GM's map`);
    const png = await gmb.get(`/games/${gameId}/map.png`);
    assert.equal(png.status, 200, 'his map as an image too');

    const seat = g.seats[0]!;
    const ownerId = Number((await tp.db.one<{ user_id: number }>('SELECT user_id FROM seats WHERE game_id = $1 AND player = $2', [gameId, seat]))!.user_id);
    const owner = users.find((u) => u.id === ownerId)!;
    const pb = await loggedIn(tp, owner);
    const mine = await pb.get(`/games/${gameId}/map`);
    assert.equal(mine.status, 200);
    assert.doesNotMatch(mine.text, /GM: the whole game/);
    for (const a of armies) assert.equal(mine.text.includes(`${a.id}: army, ${a.currentAP} AP`), a.state === seat, `${a.id} ${a.state === seat ? 'his own, with its AP' : 'not with its AP'} on a player's map`);
    assert.doesNotMatch(pageText((await pb.get(`/games/${gameId}/play`)).text), /GM — /, 'no GM section on a player’s page');
    const sb = await loggedIn(tp, stranger);
    assert.equal((await sb.get(`/games/${gameId}/map`)).status, 404, 'a stranger: not even the private game’s map');
  });
});
