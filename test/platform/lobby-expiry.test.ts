/**
 * Lobby confirmations expire (issue 12, item 5): a candidate asked to confirm who does not answer
 * within LOBBY_CONFIRM_HOURS leaves the queue at the scheduler's next pass (the test clock moves;
 * the test waits for the outcome), is told by mail, can no longer confirm, and the next candidate
 * is asked and completes the game.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { confirm, joinQueue } from '../../src/platform/lobby/service.ts';
import { pageText } from './http.ts';
import { startTestPlatform, type TestPlatform } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';

const KIND = 'adventurer-kings/standard'; // 8 players
const HOURS = 48;

async function until<T>(tp: TestPlatform, what: string, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const end = Date.now() + 30_000;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await tp.platform.tick();
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('lobby candidates who never confirm expire (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite', { lobbyConfirmHours: HOURS }); });
  after(async () => { await tp?.close(); });

  const statusOf = async (id: number) => (await tp.db.one<{ status: string }>('SELECT status FROM lobby WHERE id = $1', [id]))!.status;
  const mailsTo = async (u: TestUser, subject: RegExp) =>
    (await tp.db.query<{ subject: string; text: string }>('SELECT subject, text FROM outbox WHERE to_addr = $1 ORDER BY id', [u.email])).filter((m) => subject.test(m.subject));

  test(`an unanswered request expires after ${HOURS} hours, its owner is told, the next candidate is asked`, async () => {
    const ctx = tp.platform.ctx;
    const users: TestUser[] = [];
    for (let i = 0; i < 9; i++) users.push(await newUser(tp, `cand${i}`, i === 7 ? 'en' : 'fr'));
    const entries: number[] = [];
    for (let i = 0; i < 8; i++) entries.push(await joinQueue(ctx, users[i]!.id, KIND, `Roi ${i}`));
    await until(tp, 'the eight asked', async () => (await Promise.all(entries.map(statusOf))).every((s) => s === 'asked'));
    const start = tp.clock.now.getTime();
    for (let i = 0; i < 7; i++) assert.equal(await confirm(ctx, users[i]!.id, entries[i]!), true);
    const silent = users[7]!;

    // Just before the delay: still asked.
    tp.clock.now = new Date(start + (HOURS - 1) * 3600_000);
    await tp.platform.tick();
    await tp.platform.tick();
    assert.equal(await statusOf(entries[7]!), 'asked');

    tp.clock.now = new Date(start + HOURS * 3600_000 + 60_000);
    await until(tp, 'the expiry', async () => (await statusOf(entries[7]!)) === 'expired');
    const told = await mailsTo(silent, /^Request expired/);
    assert.equal(told.length, 1);
    assert.match(told[0]!.text, new RegExp(`did not confirm within ${HOURS} hours`));
    assert.match(told[0]!.text, /\/lobby\n/);
    assert.equal(await confirm(ctx, silent.id, entries[7]!), false, 'too late to confirm');
    const page = await (await loggedIn(tp, silent)).get('/lobby');
    assert.match(pageText(page.text), /expired \(not confirmed in time\)/);
    // The confirmed ones still wait; nobody else was asked again.
    for (let i = 0; i < 7; i++) assert.equal(await statusOf(entries[i]!), 'confirmed');

    // The next candidate is asked, confirms, and the game starts without the silent one.
    const next = await joinQueue(ctx, users[8]!.id, KIND, 'Roi 8');
    await until(tp, 'the next candidate asked', async () => (await mailsTo(users[8]!, /^Confirmez/)).length === 1);
    assert.equal(await confirm(ctx, users[8]!.id, next), true);
    const gameId = await until(tp, 'the game', async () => (await tp.db.one<{ game_id: number | null }>('SELECT game_id FROM lobby WHERE id = $1', [next]))?.game_id);
    const seated = (await tp.db.query<{ user_id: number }>('SELECT user_id FROM seats WHERE game_id = $1', [gameId])).map((r) => Number(r.user_id));
    assert.equal(seated.length, 8);
    assert.ok(!seated.includes(silent.id));
    // He may sign up again.
    await joinQueue(ctx, silent.id, KIND, 'Roi 7');
  });
});
