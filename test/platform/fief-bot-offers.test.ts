/**
 * Fief's bots take free actions of their own accord between steps (games/prompts.ts
 * `botsBetweenSteps`, called by the scheduler after each resolution of a game of prompts; the
 * registry's `botActions` in mode `spontaneous`, fief/bot-free.ts): in the Fief demo on the
 * embedded database, a bot whose lord the visitor holds captive offers him ecus for his release;
 * the offer reaches the visitor's view and his log, in his language; the same step gives the same
 * actions (the Rng of the game's seed and step).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hashState } from '../../src/engine/hash.ts';
import { botsBetweenSteps } from '../../src/platform/games/prompts.ts';
import type { FiefGame } from '../../src/rulesets/fief/flow.ts';
import type { Offer } from '../../src/rulesets/fief/free.ts';
import { Browser, pageText } from './http.ts';
import { playerOf, startTestPlatform, stateOf, type TestPlatform } from './util.ts';

type Stored = FiefGame & { free?: { offers: Offer[]; nextId: number } };

describe('Fief bots’ free actions between steps (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite'); });
  after(async () => { await tp?.close(); });

  test('a bot offers the visitor ecus for its captive lord between steps', { timeout: 180_000 }, async () => {
    const v = new Browser(tp.url);
    await v.get('/'); // the session's form token, as a visitor gets it
    const created = await v.post('/demo', { ruleset: 'fief' }, { follow: false });
    const id = Number(/\/games\/(\d+)\//.exec(created.location ?? '')![1]);
    const seats = await tp.db.query<{ user_id: number | null }>('SELECT user_id FROM seats WHERE game_id = $1 ORDER BY seq', [id]);
    const me = await playerOf(tp, id, seats.find((s) => s.user_id !== null)!.user_id!);
    let state = await stateOf<Stored>(tp, id);
    for (let i = 0; i < 100 && !state.flow.current?.players.includes(me); i++) { await new Promise((r) => setTimeout(r, 200)); state = await stateOf<Stored>(tp, id); }
    const ask = state.flow.current!;
    assert.equal(ask.kind, 'start-village');
    assert.equal((await v.get(`/games/${id}/play`)).status, 200); // the play page, as the visitor opens it
    assert.equal((await v.post(`/games/${id}/answer`, { decision: ask.id, answer: ask.ctx.k === 'start-village' ? ask.ctx.villages[0]! : '' })).status, 200);
    // The game waits on the visitor again, inside the turn: nothing moves while we set the scene.
    for (let i = 0; i < 150 && !(state.flow.stage === 'turn' && state.flow.current?.players.includes(me)); i++) { await new Promise((r) => setTimeout(r, 200)); state = await stateOf<Stored>(tp, id); }
    assert.ok(state.flow.stage === 'turn' && state.flow.current?.players.includes(me), 'a question for the visitor in the turn');
    // The scene: a bot's lord is the visitor's prisoner.
    const lord = Object.values(state.fief.lords).find((l) => l.owner !== me && l.at && l.prisonerOf === null)!;
    const bot = lord.owner;
    state.fief.lords[lord.id]!.prisonerOf = me;
    state.fief.families[bot]!.ecus = Math.max(state.fief.families[bot]!.ecus, 4);
    await tp.db.query('UPDATE games SET state = $2, state_hash = $3 WHERE id = $1', [id, JSON.stringify(state), hashState(state)]);
    const row = (await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!;
    // Between steps (as the scheduler does after each resolution): the bot's own initiatives, drawn per step.
    let offer: Offer | undefined;
    for (let k = 0; k < 20 && !offer; k++) {
      await botsBetweenSteps(tp.platform.ctx, id, Number(row.step) + k);
      offer = (await stateOf<Stored>(tp, id)).free?.offers.find((o) => o.from === bot && o.to === me);
    }
    assert.ok(offer, 'the bot made an offer to the visitor');
    assert.deepEqual(offer.get.prisoners, [lord.id], 'for its captive lord');
    assert.ok(offer.give.ecus >= 1, 'with ecus');
    // The visitor sees it: his view's diplomacy, the play page, his log (French, his language).
    const play = pageText((await v.get(`/games/${id}/play`)).text);
    assert.match(play, /Offres en cours|Accepter une offre/);
    const log = pageText((await v.get(`/games/${id}/log`)).text);
    assert.match(log, new RegExp(`Offre n° ${offer.id} de `));
    // Bots never answer bots at once; a bot's action wakes nobody's answer: the visitor's question is still his.
    const now = await stateOf<Stored>(tp, id);
    assert.ok(now.flow.current?.players.includes(me), 'the game still waits on the visitor');
  });
});
