/**
 * Warrior Knights on the site (src/rulesets/warrior-knights through the registry; the generic
 * prompt page), on PGlite: a game of three created through the games service, one human seat and
 * two bots, at the live pace. The human answers his prompts through the prompt page (his
 * stronghold by a region of the guided form, the rest with the §9.2 default, "default"); the bots
 * answer theirs as each step resolves; the setup and the first turn's Planning and first cards are
 * played, the invariants hold at every step, and a bad answer is refused on the page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { askOf, type WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { checkInvariants } from '../../src/rulesets/warrior-knights/invariants.ts';
import { strongholdRegions } from '../../src/rulesets/warrior-knights/setup.ts';
import { pageText } from './http.ts';
import { loggedIn, newUser } from './users.ts';
import { playerOf, startTestPlatform, stateOf, waitForStep, type TestPlatform } from './util.ts';

describe('a game of Warrior Knights on the site (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite'); });
  after(async () => { await tp?.close(); });

  test('a human seat answers through the prompt page, bots play the rest, into the first turn', { timeout: 300_000 }, async () => {
    const u = await newUser(tp, 'wk_pglite');
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'warrior-knights', name: 'WK pglite', options: { map: 'original' }, seed: 'wk-site', hostUserId: u.id, isPrivate: true,
      seats: [{ userId: u.id, lordName: 'Aude' }, { userId: null, lordName: 'Bérenger' }, { userId: null, lordName: 'Clothilde' }],
      maxPlayers: 3, prompts: { pace: 'live' },
    });
    const me = await playerOf(tp, id, u.id);
    const b = await loggedIn(tp, u);
    let answered = 0, step = 0, refusedShown = false, stronghold = '';
    for (let guard = 0; guard < 300; guard++) {
      const row = (await tp.db.one<{ step: number; state: unknown }>('SELECT step, state FROM games WHERE id = $1', [id]))!;
      step = Number(row.step);
      const g = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as WkGame;
      assert.deepEqual(checkInvariants(g.wk), [], `step ${step}`);
      if (g.wk.stage === 'over' || g.wk.pile >= 1 || g.wk.turn >= 2) break;
      const ask = askOf(g);
      assert.ok(ask, `a question is open at step ${step}`);
      if ((ask!.players as string[]).includes(me)) {
        const page = await b.get(`/games/${id}/play`);
        assert.equal(page.status, 200, 'the prompt page');
        let text = 'default';
        if (ask!.kind === 'place-stronghold') {
          stronghold = strongholdRegions(g.wk).at(-1)!;
          text = stronghold;
          assert.match(pageText(page.text), /Placez votre forteresse\./);
        }
        if (!refusedShown && ask!.kind === 'plan-piles') {
          const bad = await b.post(`/games/${id}/answer`, { decision: ask!.id, answer: '[["not-a-card"],[],[]]' });
          assert.match(pageText(bad.text), /Cette carte n’est pas dans votre main\./, 'a bad answer is refused in French on the page');
          refusedShown = true;
        }
        const r = await b.post(`/games/${id}/answer`, { decision: ask!.id, answer: text });
        assert.equal(r.status, 200, `${ask!.kind} “${text}”: ${pageText(r.text).slice(0, 300)}`);
        answered++;
      }
      await waitForStep(tp, id, step + 1, 60_000);
    }
    const g = await stateOf<WkGame>(tp, id);
    assert.ok(g.wk.turn >= 1, `the setup was played (at ${g.wk.step})`);
    assert.equal(g.wk.strongholds[me as 'green'].region, stronghold, 'the stronghold placed where the page said');
    assert.ok(answered >= 3, `the human answered ${answered} prompts`);
    assert.ok(refusedShown, 'the refusal was shown');
    const log = await b.get(`/games/${id}/log`);
    assert.equal(log.status, 200, 'the log page');
  });
});
