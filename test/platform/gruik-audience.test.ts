/**
 * Fog of war on the log (issue 16, "a leak"): a Gruik tabletop battle's free actions (army lists,
 * dates: tabletop.ts) are known to the battle's two sides alone (`Ruleset.freeActionAudience`,
 * recorded by the engine in the step's `action.audience`). On the site, a third player's log page,
 * game page, report rows and the API's history do not show the step; the two sides' do. Rulesets
 * whose free actions are public (Fief, Warrior Knights) give no audience: their steps stay public.
 *
 * The battle is put in the game's state directly (a 4-player game on the default map, the flow at
 * `battle-report` with a battle accepted by two seats), as the flow leaves it after both accept.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createGame, takeAction } from '../../src/engine/game.ts';
import { games } from '../../src/platform/games/service.ts';
import { takeFreeAction } from '../../src/platform/games/prompts.ts';
import { actionSeenBy } from '../../src/platform/games/step-audience.ts';
import { loadAllRulesets, getRuleset } from '../../src/rulesets/index.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import { SEQ, type GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { loggedIn, newUser, type TestUser as U } from './users.ts';
import { stateOf, startTestPlatform, type TestPlatform } from './util.ts';
await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

/** The flow as it stands once both sides of a battle in `province` accepted the table (§6.12.1). */
function withBattle(g: GruikGame): GruikGame {
  const [a, b] = g.seats as [string, string];
  const armyOf = (st: string) => Object.values(g.gruik.armies).find((x) => x.state === st)!;
  const A = armyOf(a), B = armyOf(b);
  const province = A.location as string;
  B.location = province;
  g.flow = { ...g.flow, phase: 'battle-report', next: SEQ.indexOf('S6.3'), asked: { orders: true, reaction: true, tabletop: true },
    battles: [{ id: 'tt1', province, armies: [A.id, B.id], sides: [a, b], fielded: { [a]: 4, [b]: 4 }, accepted: true, reports: {} }] };
  return g;
}

test('the engine records a tabletop action’s audience (the two sides), replays it, and records none for public free actions', () => {
  let game = createGame(gruik, { map: 'anneau', players: 4, tabletop: true }, 'aud-1');
  game = { ...game, state: withBattle(game.state) };
  const [a, b, c] = game.state.seats;
  const r = takeAction(gruik, game, a!, { id: 'army-list:tt1', values: { list: '4 Blades, General (Knight)', ap: '3' } });
  assert.deepEqual(r.validation.issues, [], 'the list is taken');
  const step = r.game.steps.at(-1)!;
  assert.deepEqual(step.action?.audience, [a, b], 'the actor, then the other side');
  assert.ok(!step.action!.audience!.includes(c!), 'a third player is not told');
  assert.equal(actionSeenBy(step.action, c!), false, 'the third player does not see it');
  assert.equal(actionSeenBy(step.action, b!), true, 'the other side sees it');
  assert.equal(actionSeenBy({ player: a, value: 1 }, null), true, 'an action with no audience is public');
  for (const id of ['fief', 'warrior-knights']) assert.equal(getRuleset(id).ruleset.freeActionAudience, undefined, `${id}: free actions stay public`);
  // the same action on the same state: the same step (a replay asks the ruleset again and gets the same audience)
  const again = takeAction(gruik, game, a!, { id: 'army-list:tt1', values: { list: '4 Blades, General (Knight)', ap: '3' } }).game.steps.at(-1)!;
  assert.deepEqual([again.hash, again.action], [step.hash, step.action], 'deterministic');
});

describe('a tabletop action on the site (pglite)', () => {
  let tp: TestPlatform;
  let users: U[] = [];
  let gameId = 0;
  let seats: string[] = [];
  before(async () => {
    tp = await startTestPlatform('pglite');
    users = [await newUser(tp, 'aud_one'), await newUser(tp, 'aud_two', 'en'), await newUser(tp, 'aud_three'), await newUser(tp, 'aud_four', 'en')];
    gameId = await games.create(tp.platform.ctx, {
      ruleset: 'gruik', name: 'Le Brouillard', options: { map: 'anneau', players: 4, tabletop: true, seasons: 3, gm: false }, seed: 'aud-site', hostUserId: users[0]!.id, isPrivate: true,
      seats: users.map((u, i) => ({ userId: u.id, lordName: `Seigneur ${i + 1}` })), maxPlayers: 4, prompts: { pace: 'live' },
    });
    const g = withBattle(await stateOf<GruikGame>(tp, gameId));
    seats = g.seats;
    await tp.db.query('UPDATE games SET state = $2 WHERE id = $1', [gameId, JSON.stringify(g)]);
  });
  after(async () => { await tp?.close(); });

  test('only the two sides read the list’s step: log page, game page, reports and API; a third player does not', { timeout: 120_000 }, async () => {
    const byId = async (st: string) => {
      const id = Number((await tp.db.one<{ user_id: number }>('SELECT user_id FROM seats WHERE game_id = $1 AND player = $2', [gameId, st]))!.user_id);
      return users.find((u) => u.id === id)!;
    };
    const [sideA, sideB, third] = [await byId(seats[0]!), await byId(seats[1]!), await byId(seats[2]!)];
    const r = await takeFreeAction(tp.platform.ctx, gameId, seats[0]!, { id: 'army-list:tt1', values: { list: '4 Blades, General (Knight)', ap: '3' } });
    assert.ok(r.ok, `the list is taken: ${JSON.stringify(r.issues)}`);
    const idx = r.step!;
    const row = await tp.db.one<{ action: unknown }>('SELECT action FROM steps WHERE game_id = $1 AND idx = $2', [gameId, idx]);
    const action = typeof row!.action === 'string' ? JSON.parse(row!.action) : row!.action;
    assert.deepEqual(action.audience, [seats[0], seats[1]], 'the step records its audience');
    const reports = await tp.db.query<{ player: string }>('SELECT player FROM reports WHERE game_id = $1 AND idx = $2 ORDER BY player', [gameId, idx]);
    assert.deepEqual(reports.map((x) => x.player), [seats[0]!, seats[1]!].sort(), 'reports written for the two sides alone');

    for (const [u, sees] of [[sideA, true], [sideB, true], [third, false]] as const) {
      const b = await loggedIn(tp, u);
      const log = await b.get(`/games/${gameId}/log`);
      assert.equal(log.status, 200, 'the log page');
      assert.equal(log.text.includes(`id="step-${idx}"`), sees, `${u.login}: the step ${sees ? 'is' : 'is not'} in the log`);
      assert.equal(/action libre|free action/.test(log.text), sees, `${u.login}: the free-action badge ${sees ? 'shows' : 'does not show'}`);
      const page = await b.get(`/games/${gameId}`);
      assert.equal(page.status, 200, 'the game page');
      const play = await b.get(`/games/${gameId}/play`);
      assert.equal(play.status, 200, 'the play page');
      if (!sees) assert.ok(!/Blades|liste d’armée|army list/.test(play.text.replace(/<form[\s\S]*?<\/form>/g, '')), `${u.login}: no word of the list on the play page`);
      // The API's history, with a read token.
      const made = await b.post('/account/tokens', { name: 'reader', scope: ['read'] });
      const token = /<code class="token">([^<]+)<\/code>/.exec(made.text)?.[1];
      assert.ok(token, 'a token');
      const api = await fetch(`${tp.url}/api/v1/games/${gameId}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(api.status, 200, 'the API game');
      const history = ((await api.json()) as { history: { idx: number }[] }).history.map((h) => h.idx);
      assert.equal(history.includes(idx), sees, `${u.login}: the API history ${sees ? 'has' : 'has not'} the step`);
    }
    const state = await stateOf<GruikGame>(tp, gameId);
    assert.equal(state.flow.battles[0]!.table?.lists[seats[0]!]?.text, '4 Blades, General (Knight)', 'the list is in the game');
  });
});
