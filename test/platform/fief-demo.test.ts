/**
 * The Fief demo (web/demo.ts, home.ts; issue 15 "Around it"): the home page offers it; a visitor
 * who presses it gets a guest account and a game of Fief at the live pace, his family against three
 * bot families, on the play page of a game of prompts; the bots answer until a question is his, his
 * free actions are offered there, and asking again gives the same game. On both databases.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { pageText } from './http.ts';
import { DB_KINDS, startTestPlatform, stateOf, type TestPlatform } from './util.ts';
import { nofollow, openDemo } from './demo-fixture.ts';

for (const kind of DB_KINDS) {
  describe(`the Fief demo (${kind})`, () => {
    let tp: TestPlatform;
    before(async () => { tp = await startTestPlatform(kind); });
    after(async () => { await tp?.close(); });

    test('the home page offers it; a visitor plays one family against three bots at the live pace', { timeout: 120_000 }, async () => {
      const { v, id, me, location } = await openDemo(tp, 'fief', 'Fief');
      // The bots play their questions; the game waits only on the visitor.
      let state = await stateOf<FiefGame>(tp, id);
      for (let i = 0; i < 100 && !state.flow.current?.players.includes(me); i++) { await new Promise((r) => setTimeout(r, 200)); state = await stateOf<FiefGame>(tp, id); }
      assert.ok(state.flow.current?.players.includes(me), 'a question for the visitor');
      const play = await v.get(`/games/${id}/play`);
      assert.equal(play.status, 200);
      assert.match(pageText(play.text), /choisissez votre village de départ|choose your starting village/);
      // He places his family; once the turn begins, he offers a bot a trade: the bot answers at once (botActions).
      const ask = state.flow.current!;
      const village = ask.ctx.k === 'start-village' ? ask.ctx.villages[0]! : '';
      assert.equal((await v.post(`/games/${id}/answer`, { decision: ask.id, answer: village })).status, 200);
      for (let i = 0; i < 100 && state.flow.stage !== 'turn'; i++) { await new Promise((r) => setTimeout(r, 200)); state = await stateOf<FiefGame>(tp, id); }
      assert.equal(state.flow.stage, 'turn');
      const page = pageText((await v.get(`/games/${id}/play`)).text);
      assert.match(page, /Proposer un échange/, 'his free actions are offered on the page');
      const bot = state.fief.players.find((p) => p !== me)!;
      // The bots may have made offers of their own between steps (bot-free.ts): his is the next number.
      const mine = (await stateOf<FiefGame & { free?: { nextId: number } }>(tp, id)).free?.nextId ?? 1;
      const offered = await v.post(`/games/${id}/act`, { action: 'offer', f_to: bot, f_give_ecus: '1' });
      assert.equal(offered.status, 200, pageText(offered.text).slice(0, 300));
      const after = await stateOf<FiefGame & { free?: { offers: { id: number }[]; nextId: number } }>(tp, id);
      assert.ok((after.free?.nextId ?? 0) > mine, 'the offer was made');
      assert.ok(!after.free?.offers.some((o) => o.id === mine), 'the bot accepted or declined it at once');
      const log = pageText((await v.get(`/games/${id}/log`)).text); // the guest's language: French
      assert.match(log, new RegExp(`Offre n° ${mine} de Aude \\(vous\\)`));
      assert.match(log, /Échange entre Aude \(vous\) et|refusée par/);
      // Asking again gives the same game.
      assert.equal((await v.post('/demo', { ruleset: 'fief' }, nofollow)).location, location);
    });
  });
}
