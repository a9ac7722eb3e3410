/**
 * Game of Gruik on the site (src/rulesets/gruik through the registry; the generic prompt page), on
 * PGlite: a game of two created through the games service on the §12.7 fixture, one human seat and
 * one bot, at the live pace, without a GM. The human answers his prompts through the prompt page
 * (the hold default, "default", after a malformed sheet is refused in French); the bot answers its
 * own; one whole season resolves, the invariants hold at every step, and the report page shows the
 * season's report with its dice keys.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import type { GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { checkInvariants } from '../../src/rulesets/gruik/invariants.ts';
import { pageText } from './http.ts';
import { loggedIn, newUser } from './users.ts';
import { playerOf, startTestPlatform, stateOf, waitForStep, type TestPlatform } from './util.ts';

describe('a game of Gruik on the site (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite'); });
  after(async () => { await tp?.close(); });

  test('a human seat answers through the prompt page, a bot plays the other, one season resolves', { timeout: 300_000 }, async () => {
    const u = await newUser(tp, 'gruik_pglite');
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'gruik', name: 'Gruik pglite', options: { map: 'fixture', gm: false, seasons: 3 }, seed: 'gruik-site', hostUserId: u.id, isPrivate: true,
      seats: [{ userId: u.id, lordName: 'Aëlis' }, { userId: null, lordName: 'Borin' }],
      maxPlayers: 2, prompts: { pace: 'live' },
    });
    const me = await playerOf(tp, id, u.id);
    const b = await loggedIn(tp, u);
    let answered = 0, step = 0, refusedShown = false;
    for (let guard = 0; guard < 40; guard++) {
      const row = (await tp.db.one<{ step: number; state: unknown }>('SELECT step, state FROM games WHERE id = $1', [id]))!;
      step = Number(row.step);
      const g = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as GruikGame;
      assert.deepEqual(checkInvariants(g.gruik), [], `step ${step}`);
      if (g.gruik.season >= 1 || g.flow.phase === 'over') break;
      const asked = gruik.decisions(g).filter((d) => d.players.includes(me));
      for (const d of asked) {
        const page = await b.get(`/games/${id}/play`);
        assert.equal(page.status, 200, 'the prompt page');
        if (!refusedShown && d.kind === 'orders') {
          const bad = await b.post(`/games/${id}/answer`, { decision: d.id, answer: '{"moves": 3}' });
          assert.match(pageText(bad.text), /moves : une liste est attendue\./, 'a malformed sheet is refused in French on the page');
          refusedShown = true;
        }
        const r = await b.post(`/games/${id}/answer`, { decision: d.id, answer: 'default' });
        assert.equal(r.status, 200, `${d.kind}: ${pageText(r.text).slice(0, 300)}`);
        answered++;
      }
      await waitForStep(tp, id, step + 1, 60_000);
    }
    const g = await stateOf<GruikGame>(tp, id);
    assert.equal(g.gruik.season, 1, 'the first season resolved');
    assert.ok(g.gruik.dice.revealedKeys[0], 'its key was revealed');
    assert.ok(answered >= 1, `the human answered ${answered} prompts`);
    assert.ok(refusedShown, 'the refusal was shown');
    const log = await b.get(`/games/${id}/log`);
    assert.equal(log.status, 200, 'the log page');
  });
});
