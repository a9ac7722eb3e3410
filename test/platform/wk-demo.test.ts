/**
 * The Warrior Knights demo (web/demo.ts, home.ts; issue 21 "Around it": "a home-page demo at the
 * live pace"): the home page offers it in both languages; a visitor who presses it gets a guest
 * account and a live-paced game of Warrior Knights, his baron against three bot barons; the bots
 * answer their questions at once, so the game waits on a question of his, shown on his play page;
 * his answer moves the game on; asking again gives the same game. On both databases.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { askOf, type WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { warriorKnights } from '../../src/rulesets/warrior-knights/index.ts';
import { Browser, pageText } from './http.ts';
import { DB_KINDS, startTestPlatform, stateOf, type TestPlatform } from './util.ts';
import { nofollow, openDemo } from './demo-fixture.ts';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const kind of DB_KINDS) {
  describe(`the Warrior Knights demo (${kind})`, () => {
    let tp: TestPlatform;
    before(async () => { tp = await startTestPlatform(kind); });
    after(async () => { await tp?.close(); });

    test('the home page offers it; a visitor plays one baron against three bots at the live pace', { timeout: 120_000 }, async () => {
      const { v, id, me, location } = await openDemo(tp, 'warrior-knights', 'Warrior Knights');
      const en = await new Browser(tp.url, { lang: 'en' }).get('/');
      assert.match(pageText(en.text), /Try Warrior Knights/);
      // The bots answer their questions at once: the game waits only on the visitor.
      let state = await stateOf<WkGame>(tp, id);
      for (let i = 0; i < 100 && !askOf(state)?.players.includes(me as never); i++) { await sleep(200); state = await stateOf<WkGame>(tp, id); }
      const ask = askOf(state)!;
      assert.ok(ask?.players.includes(me as never), 'a question for the visitor');
      // (A question asked of all, as the troops' assignment, stays open for him alone: the bots' answers are given when it resolves.)
      // His play page shows the question (the guest reads French: the home page's language).
      const play = await v.get(`/games/${id}/play`);
      assert.equal(play.status, 200);
      const prompt = warriorKnights.decisions(state)[0]!.prompt as { fr: string };
      assert.ok(pageText(play.text).includes(prompt.fr.split('\n')[0]!.slice(0, 40)), `the prompt « ${prompt.fr.slice(0, 60)} » on his page`);
      // Beside the board: the tracks and trigger zones (tracks.ts).
      assert.match(pageText(play.text), /Pistes et zones de déclenchement.*Zone Impôts \(jaune\) 0 \/ 8 cartes/);
      // He answers by default; the game moves on (the bots answer the next questions at once).
      const step = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);
      const r = await v.post(`/games/${id}/answer`, { decision: ask.id, answer: 'default' });
      assert.equal(r.status, 200, pageText(r.text).slice(0, 300));
      let now = step;
      for (let i = 0; i < 100 && now <= step; i++) { await sleep(200); now = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step); }
      assert.ok(now > step, 'his answer was played');
      // Asking again gives the same game.
      assert.equal((await v.post('/demo', { ruleset: 'warrior-knights' }, nofollow)).location, location);
    });
  });
}
