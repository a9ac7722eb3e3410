/**
 * A ruleset's pause request on the site (engine `Ruleset.pauseRequest`, games/service.ts), on
 * PGlite, with Warrior Knights' inactivity guard (rules G-A64, §9.1 item 9): a game of two human
 * seats where nobody answers anything. Every prompt falls to its default at its deadline; when
 * the first whole turn has passed that way, the game is paused (nothing resolves, the time left
 * is kept) and the host is mailed the ruleset's reason in his language. Resuming lets it go on.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { pauseGame } from '../../src/platform/games/prompts.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { newUser } from './users.ts';
import { startTestPlatform, stateOf, type TestPlatform } from './util.ts';

describe('a ruleset asks for a pause: Warrior Knights\' inactivity guard (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite', {}, { scheduler: false }); });
  after(async () => { await tp?.close(); });

  test('G-A64: a whole turn of timeouts pauses the game and mails the host; nothing resolves until he resumes', { timeout: 600_000 }, async () => {
    const host = await newUser(tp, 'wk_idle_host');
    const other = await newUser(tp, 'wk_idle_other');
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'warrior-knights', name: 'WK idle', options: { map: 'original' }, seed: 'wk-idle-site', hostUserId: host.id, isPrivate: true,
      seats: [{ userId: host.id, lordName: 'Aude' }, { userId: other.id, lordName: 'Bérenger' }],
      maxPlayers: 2, prompts: { pace: 'live' },
    });
    let paused = false;
    for (let guard = 0; guard < 400 && !paused; guard++) {
      const row = (await tp.db.one<{ step: number; deadline: Date | null; paused_at: Date | null; status: string }>('SELECT step, deadline, paused_at, status FROM games WHERE id = $1', [id]))!;
      if (row.paused_at) { paused = true; break; }
      assert.equal(row.status, 'running', `the game runs (step ${row.step})`);
      // nobody answers: the deadline passes
      if (row.deadline) tp.clock.now = new Date(new Date(row.deadline).getTime() + 1000);
      const r = await games.resolveIfDue(tp.platform.ctx, id);
      assert.notEqual(r, 'failed', `step ${Number(row.step) + 1} resolves`);
    }
    assert.ok(paused, 'the game was paused by the guard');
    const g = await stateOf<WkGame>(tp, id);
    assert.equal(g.flow.idle?.alerted, 1, 'turn 1 passed with every prompt timed out');
    assert.equal(g.wk.turn, 2, 'paused as turn 2 begins');
    const mails = await tp.db.query<{ to_addr: string; subject: string; text: string }>('SELECT to_addr, subject, text FROM outbox WHERE subject LIKE $1', ['%WK idle%']);
    const toHost = mails.filter((m) => m.to_addr === host.email && /pause/i.test(m.subject));
    assert.equal(toHost.length, 1, 'the host is mailed once');
    assert.match(toHost[0]!.text, /G-A64/, 'with the ruleset’s reason');
    assert.ok(!mails.some((m) => m.to_addr === other.email && /pause/i.test(m.subject)), 'the other player is not mailed about the pause');
    // paused: past any deadline, nothing resolves
    const step = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);
    tp.clock.now = new Date(tp.clock.now.getTime() + 7 * 24 * 3600_000);
    assert.equal(await games.resolveIfDue(tp.platform.ctx, id), 'not-due', 'a paused game is not due');
    // the host resumes: the game goes on
    await pauseGame(tp.platform.ctx, id, host.id, false);
    const resumed = (await tp.db.one<{ paused_at: Date | null; deadline: Date | null }>('SELECT paused_at, deadline FROM games WHERE id = $1', [id]))!;
    assert.equal(resumed.paused_at, null, 'resumed');
    if (resumed.deadline) tp.clock.now = new Date(new Date(resumed.deadline).getTime() + 1000);
    assert.equal(await games.resolveIfDue(tp.platform.ctx, id), 'resolved', 'the next step resolves after the resume');
    assert.ok(Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step) > step, 'the game moved on');
  });
});
