/**
 * Fief on the site (src/rulesets/fief through the registry; games/prompt-page.ts), on both
 * databases: a game of four created through the games service, one human seat and three bots,
 * at the live pace. The human answers his prompts through the generic prompt page (the first one,
 * his starting village, by its button; then the catalogue's default as text); the bots answer
 * theirs when each step resolves; the game plays the setup and a whole first turn, the invariants
 * hold at every step, and the log shows the steps in the player's language.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { answerText, defaultAnswer } from '../../src/rulesets/fief/answers.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import { checkInvariants } from '../../src/rulesets/fief/invariants.ts';
import { pageText } from './http.ts';
import { loggedIn, newUser } from './users.ts';
import { DB_KINDS, playerOf, startTestPlatform, stateOf, waitForStep, type TestPlatform } from './util.ts';

for (const kind of DB_KINDS) {
  describe(`a game of Fief on the site (${kind})`, () => {
    let tp: TestPlatform;
    before(async () => { tp = await startTestPlatform(kind); });
    after(async () => { await tp?.close(); });

    test('a human seat answers through the prompt page, bots play the rest, for a whole turn', { timeout: 300_000 }, async () => {
      const u = await newUser(tp, `fief_${kind}`);
      const id = await games.create(tp.platform.ctx, {
        ruleset: 'fief', name: `Fief ${kind}`, options: { map: 'original' }, seed: 'fief-site', hostUserId: u.id, isPrivate: true,
        seats: [{ userId: u.id, lordName: 'Aude' }, { userId: null, lordName: 'Bérenger' }, { userId: null, lordName: 'Clothilde' }, { userId: null, lordName: 'Dreux' }],
        maxPlayers: 4, prompts: { pace: 'live' },
      });
      const me = await playerOf(tp, id, u.id);
      const b = await loggedIn(tp, u);
      await b.get(`/games/${id}/play`);
      let answered = 0, step = 0, sawForm = false;
      for (let guard = 0; guard < 600; guard++) {
        const row = (await tp.db.one<{ step: number; state: unknown }>('SELECT step, state FROM games WHERE id = $1', [id]))!;
        step = Number(row.step);
        const g = (typeof row.state === 'string' ? JSON.parse(row.state) : row.state) as FiefGame; // the state and its step read together
        assert.deepEqual(checkInvariants(g.fief), [], `step ${step}`);
        if (g.flow.stage === 'over' || g.fief.cursor.turn >= 2) break;
        const ask = g.flow.current!;
        if (ask.players.includes(me)) {
          const page = await b.get(`/games/${id}/play`);
          assert.equal(page.status, 200);
          let text: string;
          if (answered === 0) {
            assert.equal(ask.kind, 'start-village');
            assert.match(pageText(page.text), /Mise en place — choisissez votre village de départ\./);
            assert.match(page.text, /data-choice="HAUTEVIGNE"|data-choice="[A-Z_]+"/);
            text = ask.ctx.k === 'start-village' ? ask.ctx.villages.at(-1)! : '';
          } else text = answerText(ask.kind, defaultAnswer(ask, me));
          if (ask.kind === 'purchases' && !sawForm) { // the guided form with the legal options, in French
            sawForm = true;
            const t = pageText(page.text);
            assert.match(t, /vos achats \(une ligne chacun, ou « none »\)/);
            for (const label of ['Troupes', 'Moulin', 'Château', 'Titre de fief']) assert.match(t, new RegExp(label));
          }
          const r = await b.post(`/games/${id}/answer`, { decision: ask.id, answer: text });
          // The bots' own offers between steps (a free action is a step) may have moved the question on
          // since the state was read: read it again rather than race them.
          if (r.status === 409 && answered > 0) { const now = await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]); if (Number(now!.step) !== step) continue; }
          assert.equal(r.status, 200, `${ask.kind} “${text}”: ${pageText(r.text).slice(0, 400)}`);
          answered += 1;
          if (answered === 1) {
            await waitForStep(tp, id, step + 1, 60_000);
            const placed = await stateOf<FiefGame>(tp, id);
            const lord = placed.fief.lords[placed.fief.families[me]!.lords[0]!]!;
            assert.equal(lord.at?.village, text, 'the village chosen on the page');
          }
        }
        await waitForStep(tp, id, step + 1, 60_000);
      }
      const g = await stateOf<FiefGame>(tp, id);
      assert.ok(g.fief.cursor.turn >= 2 || g.flow.stage === 'over', `the first turn was played (at ${g.flow.step} of turn ${g.fief.cursor.turn})`);
      assert.ok(answered >= 3, `the human answered ${answered} prompts`);
      assert.ok(sawForm, 'the purchases form was shown');
      const log = await b.get(`/games/${id}/log`);
      assert.equal(log.status, 200);
      assert.match(pageText(log.text), /s’installe à/);
    });
  });
}
