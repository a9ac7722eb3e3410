/**
 * The reference client of the API (examples/bot.ts) holds one seat of a game and plays it with
 * the ruleset's own view bot, through the API only (fetch and a token with the scopes read and
 * play): a game of prompts, Fair (test/engine/fair-ruleset.ts), and a weekly game of Gloire &
 * Pouvoir (order sheets and ready), the other seat played by the server's bot. The game moves on by the client's answers alone (the clock never reaches a deadline, so no
 * answer of its seat is a default), and what the client answered is what the steps recorded.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { playSeat } from '../../examples/bot.ts';
import { createToken } from '../../src/platform/api/tokens.ts';
import { games } from '../../src/platform/games/service.ts';
import { newUser } from './users.ts';
import { playerOf, startTestPlatform, waitForStep, type TestPlatform } from './util.ts';
import '../engine/fair-ruleset.ts';

describe('examples/bot.ts plays a seat through the API (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite', { apiPerMinute: 0 }); });
  after(async () => { await tp?.close(); });

  test('a few steps of a game of prompts, every answer of its seat given by the client', { timeout: 120_000 }, async () => {
    const u = await newUser(tp, 'apibot_1', 'en');
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'test/fair', name: 'Foire du robot', options: {}, seed: 'api-bot', hostUserId: u.id,
      seats: [{ userId: u.id, lordName: 'Aude' }, { userId: null, lordName: 'Bérenger' }], prompts: { pace: 'live' },
    });
    const player = await playerOf(tp, id, u.id);
    const { token } = await createToken(tp.platform.ctx, u.id, 'robot', ['read', 'play']);
    const lines: string[] = [];
    const run = await playSeat({ url: tp.url, token, gameId: id, steps: 5, pollMs: 20, seed: 'test', log: (l) => lines.push(l) });
    assert.equal(run.steps.length, 5, lines.join('\n'));
    assert.ok(run.answered >= 5);
    // The answers went through the referee's validation and were stored as the client sent them.
    const summary = (await games.summary(tp.platform.ctx, id))!;
    assert.ok(summary.step >= run.steps.at(-1)!, `the game is at step ${summary.step}`);
    const steps = await tp.db.query<{ idx: number; submissions: unknown; defaulted: unknown }>('SELECT idx, submissions, defaulted FROM steps WHERE game_id = $1 ORDER BY idx', [id]);
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as { player: string; decision: string; value?: unknown }[];
    const mine = steps.flatMap((s) => parse(s.submissions).filter((x) => x.player === player));
    assert.ok(mine.length >= 4, `${mine.length} answers of the client's seat in the steps: ${JSON.stringify(steps.map((s) => s.submissions))}`);
    for (const s of steps) assert.ok(!JSON.stringify(s.defaulted ?? []).includes(`"${player}"`), `step ${s.idx}: the client's seat never took a default`);
    assert.ok(lines.some((l) => /stall|bid|consent/.test(l)), lines.join('\n'));
  });

  test('two turns of Gloire & Pouvoir, the client\'s lord ordered by the ruleset\'s bot from his view', { timeout: 180_000 }, async () => {
    const u = await newUser(tp, 'apibot_gp', 'en');
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Bataille du robot', options: { map: 'scandinavia' }, seed: 'api-bot-gp', hostUserId: u.id, early: true,
      seats: [{ userId: u.id, lordName: 'Aliénor' }, { userId: null, lordName: 'Bohémond' }], maxPlayers: 2,
    });
    const player = await playerOf(tp, id, u.id);
    const { token } = await createToken(tp.platform.ctx, u.id, 'robot', ['read', 'play']);
    const lines: string[] = [];
    const run = await playSeat({ url: tp.url, token, gameId: id, steps: 2, pollMs: 50, seed: 'gp', log: (l) => lines.push(l) });
    assert.deepEqual(run.steps, [0, 1], lines.join('\n'));
    await waitForStep(tp, id, 2);
    // Each turn's sheet of the client's lord holds the bot's orders (IMP at least: it taxes its land).
    const steps = await tp.db.query<{ idx: number; submissions: unknown }>('SELECT idx, submissions FROM steps WHERE game_id = $1 ORDER BY idx', [id]);
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as { player: string; value: { lines?: { order: { code: string } }[] } | null }[];
    for (const s of steps.slice(0, 2)) {
      const mine = parse(s.submissions).find((x) => x.player === player);
      assert.ok(mine?.value?.lines?.some((l) => l.order.code === 'IMP'), `turn ${s.idx}: ${JSON.stringify(mine).slice(0, 300)}`);
    }
    assert.ok(lines.every((l) => l.includes('IMP')), lines.join('\n'));
  });
});
