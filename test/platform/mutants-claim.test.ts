/**
 * Written for the mutation area `claim` (scripts/mutate.mjs, docs/quality.md): the turn claim and
 * its resolution in games/service.ts (`claim`, `resolveClaimed`, `resolveIn`), on PostgreSQL, one
 * schema, no platform and no scheduler (only this file resolves, so no outcome is raced). A due step
 * is claimed and a not-due one is not, at the deadline's exact millisecond; a step is resolved once
 * and its rows are written as the referee gave them; a claim held by another process is respected
 * until the claim timeout, to the millisecond; a failure leaves the previous state, is recorded,
 * mails the host once, and is retried after 5 s, 10 s… up to an hour, each to the millisecond; and
 * what changed between the claim and the lock (the hook `resolutionTestHooks.beforeTx`: a claim
 * taken over, the step moved on, the game paused, finished or a ready withdrawn) is obeyed.
 */
import { after, before, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Db } from '../../src/platform/db/index.ts';
import { games, resolutionTestHooks } from '../../src/platform/games/service.ts';
import { answerPrompt } from '../../src/platform/games/prompts.ts';
import { openPrompts, stepDeadline } from '../../src/platform/games/pace.ts';
import { turnDeadline } from '../../src/platform/games/schedule.ts';
import type { LiveEvent } from '../../src/platform/live/hub.ts';
import { addUser, count, gameRow, GP, homeOf, makeCtx, outbox, pgSchema, type TestCtx } from './games-fixtures.ts';
import { clearFaults, FAULTY, setFaults } from './faulty-ruleset.ts';
import { fair } from '../engine/fair-ruleset.ts';

const START = new Date('2026-11-18T12:00:00Z');
const at = (d: Date, ms: number) => new Date(d.getTime() + ms);

describe('the turn claim on postgres', () => {
  let db: Db;
  const clock = { now: START };
  let ctx: TestCtx;
  let other: TestCtx;
  const published: { gameId: number; e: LiveEvent }[] = [];
  let host: number;
  let n = 0;

  before(async () => {
    db = (await pgSchema()).db;
    ctx = makeCtx(db, clock, 'claim-a');
    ctx.live = { ...ctx.live, publish: async (gameId, e) => { published.push({ gameId, e }); } };
    other = makeCtx(db, clock, 'claim-b');
    host = await addUser(db, 'Claim-host', 'en', { isHost: true });
  });
  after(async () => {
    resolutionTestHooks.beforeTx = null;
    clearFaults();
    await db.close();
  });

  /** A game of two human lords (L1 with orders) and one bot, made at START; its first deadline. */
  async function newGame(opts: { ruleset?: string; early?: boolean } = {}): Promise<{ id: number; deadline: Date }> {
    clock.now = START;
    const k = n++;
    const u1 = await addUser(db, `Claim-${k}-h1`);
    const u2 = await addUser(db, `Claim-${k}-h2`, 'en');
    const id = await games.create(ctx, {
      ruleset: opts.ruleset ?? GP, name: `Claim ${k}`, options: { map: 'scandinavia' }, seed: `claim-${k}`, hostUserId: host,
      early: opts.early ?? false,
      seats: [{ userId: u1, lordName: 'Harald' }, { userId: u2, lordName: 'Olaf' }, { userId: null, lordName: 'Sven' }],
    });
    await games.saveSheet(ctx, id, 'L1', `IMP 7 ${await homeOf(db, id, 'L1')}`);
    return { id, deadline: (await games.summary(ctx, id))!.deadline! };
  }
  const claimOf = async (id: number) => {
    const g = await gameRow(db, id);
    return { by: g.claimed_by, at: g.claimed_at === null ? null : new Date(g.claimed_at).toISOString() };
  };
  const free = { by: null, at: null };

  test('a step is not claimed a millisecond before its deadline, and is at the deadline; it is resolved once, its rows as the referee gave them', async () => {
    const { id, deadline } = await newGame();
    const kicks = ctx.kicks;
    published.length = 0;
    clock.now = at(deadline, -1);
    assert.equal(await games.resolveIfDue(ctx, id), 'not-due');
    assert.equal(await games.runDue(ctx), 0);
    assert.deepEqual(await claimOf(id), free, 'a step not due is not claimed');
    clock.now = deadline;
    assert.equal(await games.resolveIfDue(ctx, id), 'resolved', 'due at the deadline itself');
    const g = await gameRow(db, id);
    const step = (await db.one('SELECT * FROM steps WHERE game_id = $1', [id]))!;
    assert.deepEqual([g.step, g.status, g.claimed_by, g.claimed_at, g.attempts, g.last_error], [1, 'running', null, null, 0, null]);
    assert.equal(step.idx, 1);
    assert.equal(g.state_hash, step.hash);
    assert.ok(g.turn_label, 'the new turn label');
    assert.equal(new Date(step.resolved_at).getTime(), deadline.getTime());
    assert.equal(step.audience, null);
    assert.ok(step.stats, 'the referee stats');
    assert.ok(Array.isArray(step.submissions) && step.submissions.some((s: { player: string }) => s.player === 'L1'), 'the orders submitted');
    assert.ok(Array.isArray(step.events) && step.events.length > 0, 'the events');
    assert.ok(Array.isArray(step.defaulted), 'the defaulted decisions');
    assert.ok(g.next_order > 0);
    assert.deepEqual([g.clocks, new Date(g.asked_at).getTime(), g.finished_at], [null, START.getTime(), null], 'no clocks for a game of turns, its asked_at its start, and not finished');
    assert.equal(new Date(g.deadline).getTime(), turnDeadline(g.schedule, deadline, deadline).getTime(), 'the next deadline from the schedule');
    const reports = await db.query<{ player: string; text_fr: string; text_en: string; read_at: Date | null; idx: number }>('SELECT * FROM reports WHERE game_id = $1 ORDER BY player', [id]);
    assert.deepEqual(reports.map((r) => [r.player, r.idx, r.read_at]), [['L1', 1, null], ['L2', 1, null], ['L3', 1, null]], 'one unread report for every lord');
    assert.ok(reports.every((r) => r.text_fr && r.text_en && r.text_fr !== r.text_en));
    assert.equal(ctx.kicks, kicks, 'a game of turns is not woken again');
    assert.deepEqual(published, [{ gameId: id, e: { kind: 'step', step: 1 } }], 'the new step announced once, to everyone');
    assert.equal(await games.resolveIfDue(ctx, id), 'not-due', 'and only once');
    assert.equal(await games.runDue(ctx), 0);
    assert.equal(await count(db, 'steps WHERE game_id = $1', [id]), 1);
    assert.equal(published.length, 1);
  });

  test('a claim held by another process is respected until the claim timeout (300 s), to the millisecond', async () => {
    const { id, deadline } = await newGame();
    clock.now = at(deadline, 600_000);
    const held = async (msAgo: number) => db.query('UPDATE games SET claimed_by = $2, claimed_at = $3 WHERE id = $1', [id, 'claim-b', at(clock.now, -msAgo)]);
    await held(60_000);
    assert.equal(await games.resolveIfDue(ctx, id), 'busy');
    assert.equal(await games.runDue(ctx), 0);
    await held(300_000);
    assert.equal(await games.resolveIfDue(ctx, id), 'busy', 'exactly at the timeout, still held');
    assert.equal((await gameRow(db, id)).step, 0);
    await held(300_001);
    published.length = 0;
    assert.equal(await games.resolveIfDue(ctx, id), 'resolved', 'a millisecond later, taken over');
    assert.deepEqual(await claimOf(id), free);
    assert.equal((await gameRow(db, id)).step, 1);
  });

  test('a failure leaves the previous state, is recorded and mailed to the host once; the retries wait 5 s, 10 s, … up to an hour', async () => {
    const { id, deadline } = await newGame({ ruleset: FAULTY });
    const before = await gameRow(db, id);
    const failureMails = async () => (await outbox(db)).filter((m) => m.subject === 'Resolution failed — Claim ' + (n - 1)).length;
    published.length = 0;
    clock.now = deadline;
    setFaults({ resolve: 'throw' });
    const errors = mock.method(console, 'error', () => {});
    try {
      assert.equal(await games.resolveIfDue(ctx, id), 'failed');
      assert.deepEqual(errors.mock.calls.map((c) => c.arguments), [[`suzerain: resolving game ${id}, step 1 failed (will retry): boom in resolve`]]);
      assert.match((await outbox(db)).at(-1)!.text, /^Resolving turn 1 of the game "Claim \d+" failed: boom in resolve\./);
      let g = await gameRow(db, id);
      assert.deepEqual([g.step, g.state_hash, g.status, g.next_order, g.attempts], [0, before.state_hash, 'running', before.next_order, 1]);
      assert.deepEqual(g.state, before.state);
      assert.deepEqual(await claimOf(id), { by: null, at: deadline.toISOString() }, 'the claim released, the time of the failure kept');
      assert.match(g.last_error, /boom in resolve/);
      assert.match(g.last_error, /\n\s+at /, 'with its stack');
      assert.equal(await count(db, 'steps WHERE game_id = $1', [id]), 0);
      assert.equal(await count(db, 'reports WHERE game_id = $1', [id]), 0);
      assert.equal(await failureMails(), 1, 'the host is told of the first failure');
      assert.deepEqual(published, [], 'nothing announced');
      // The first retry 5 s after the failure, not a millisecond sooner.
      clock.now = at(deadline, 4_999);
      assert.equal(await games.resolveIfDue(ctx, id), 'not-due');
      assert.equal(await games.runDue(ctx), 0);
      clock.now = at(deadline, 5_000);
      assert.equal(await games.resolveIfDue(ctx, id), 'failed');
      g = await gameRow(db, id);
      assert.equal(g.attempts, 2);
      assert.equal(new Date(g.claimed_at).getTime(), at(deadline, 5_000).getTime());
      assert.equal(await failureMails(), 1, 'the host is told once, not at each retry');
      // The second one 10 s after that.
      clock.now = at(deadline, 14_999);
      assert.equal(await games.runDue(ctx), 0);
      clock.now = at(deadline, 15_000);
      assert.equal(await games.runDue(ctx), 0, 'claimed, and failed again');
      g = await gameRow(db, id);
      assert.equal(g.attempts, 3);
      // After many failures, an hour at most.
      await db.query('UPDATE games SET attempts = 20 WHERE id = $1', [id]);
      clock.now = at(deadline, 15_000 + 3_599_999);
      assert.equal(await games.resolveIfDue(ctx, id), 'not-due');
      clock.now = at(deadline, 15_000 + 3_600_000);
      clearFaults();
      assert.equal(await games.resolveIfDue(ctx, id), 'resolved');
      g = await gameRow(db, id);
      assert.deepEqual([g.step, g.attempts, g.last_error, g.claimed_by], [1, 0, null, null]);
      assert.equal(await failureMails(), 1);
      // A long error is kept to its first 4,000 characters.
      const next = await newGame({ ruleset: FAULTY });
      clock.now = next.deadline;
      setFaults({ resolve: 'throw', message: 'x'.repeat(5_000) });
      assert.equal(await games.resolveIfDue(ctx, next.id), 'failed');
      const long = (await gameRow(db, next.id)).last_error as string;
      assert.equal(long, `Error: ${'x'.repeat(3_993)}`);
    } finally {
      errors.mock.restore();
      clearFaults();
    }
  });

  /** Resolves game `id` with `change` run between the claim and the resolution's transaction. */
  async function changedMeanwhile(id: number, change: () => Promise<unknown>): Promise<string> {
    resolutionTestHooks.beforeTx = async (gameId) => { if (gameId === id) await change(); };
    try {
      return await games.resolveIfDue(ctx, id);
    } finally {
      resolutionTestHooks.beforeTx = null;
    }
  }

  test('between the claim and the lock: a claim taken over, the step moved on, the game paused, finished or no longer started', async () => {
    const { id, deadline } = await newGame();
    clock.now = deadline;
    published.length = 0;
    // Another process took the claim over: this one leaves the game alone.
    assert.equal(await changedMeanwhile(id, () => db.query('UPDATE games SET claimed_by = $2 WHERE id = $1', [id, 'claim-b'])), 'busy');
    assert.deepEqual([(await gameRow(db, id)).step, (await claimOf(id)).by], [0, 'claim-b'], 'its claim untouched');
    await db.query('UPDATE games SET claimed_by = NULL, claimed_at = NULL WHERE id = $1', [id]);
    // The step moved on (a free action): the claim is released and the scheduler woken.
    const kicks = ctx.kicks;
    assert.equal(await changedMeanwhile(id, () => db.query('UPDATE games SET step = 7 WHERE id = $1', [id])), 'busy');
    assert.deepEqual(await claimOf(id), free);
    assert.equal(ctx.kicks, kicks + 1);
    await db.query('UPDATE games SET step = 0 WHERE id = $1', [id]);
    // Paused, finished, not started: released, with what it is.
    assert.equal(await changedMeanwhile(id, () => db.query('UPDATE games SET paused_at = $2 WHERE id = $1', [id, deadline])), 'not-due');
    assert.deepEqual(await claimOf(id), free);
    await db.query('UPDATE games SET paused_at = NULL WHERE id = $1', [id]);
    assert.equal(await changedMeanwhile(id, () => db.query("UPDATE games SET status = 'finished' WHERE id = $1", [id])), 'finished');
    assert.deepEqual(await claimOf(id), free);
    await db.query("UPDATE games SET status = 'running' WHERE id = $1", [id]);
    assert.equal(await changedMeanwhile(id, () => db.query("UPDATE games SET status = 'forming' WHERE id = $1", [id])), 'not-due');
    assert.deepEqual(await claimOf(id), free);
    await db.query("UPDATE games SET status = 'running' WHERE id = $1", [id]);
    // The deadline moved later (say, by the host): no longer due.
    assert.equal(await changedMeanwhile(id, () => db.query('UPDATE games SET deadline = $2 WHERE id = $1', [id, at(deadline, 1)])), 'not-due');
    assert.deepEqual(await claimOf(id), free);
    assert.equal(await changedMeanwhile(id, () => db.query('UPDATE games SET deadline = NULL WHERE id = $1', [id])), 'not-due', 'no deadline');
    assert.deepEqual(await claimOf(id), free);
    await db.query('UPDATE games SET deadline = $2 WHERE id = $1', [id, deadline]);
    assert.equal(await count(db, 'steps WHERE game_id = $1', [id]), 0, 'nothing resolved so far');
    assert.deepEqual(published, [], 'nor announced');
    assert.equal(await games.resolveIfDue(other, id), 'resolved', 'and the step is still there to resolve');
    // The game deleted meanwhile: nothing to do.
    clock.now = new Date((await gameRow(db, id)).deadline);
    assert.equal(await changedMeanwhile(id, () => db.query('DELETE FROM games WHERE id = $1', [id])), 'busy');
  });

  test('an early game resolves once every human lord is ready, not if one withdraws his ready between the claim and the lock', async () => {
    const { id, deadline } = await newGame({ early: true });
    clock.now = at(deadline, -3_600_000);
    await games.setReady(ctx, id, 'L1', true, 0);
    assert.equal(await games.resolveIfDue(ctx, id), 'not-due', 'one of the two is ready');
    await games.setReady(ctx, id, 'L2', true, 0);
    assert.equal(await changedMeanwhile(id, () => games.setReady(other, id, 'L2', false, 0)), 'not-due');
    assert.deepEqual(await claimOf(id), free);
    assert.equal((await gameRow(db, id)).step, 0);
    // Every lord became a bot meanwhile: nobody to be ready, so not early.
    await games.setReady(ctx, id, 'L2', true, 0);
    const holders = await db.query<{ player: string; user_id: number | null }>('SELECT player, user_id FROM seats WHERE game_id = $1', [id]);
    assert.equal(await changedMeanwhile(id, () => db.query('UPDATE seats SET user_id = NULL WHERE game_id = $1', [id])), 'not-due');
    for (const h of holders) await db.query('UPDATE seats SET user_id = $3 WHERE game_id = $1 AND player = $2', [id, h.player, h.user_id]);
    // Only the active lords who are asked count: L2 withdraws his ready but has abdicated, or is not asked.
    for (const [column, value] of [['status', "'abdicated'"], ['asked', 'FALSE']] as const) {
      const step = (await gameRow(db, id)).step;
      await games.setReady(ctx, id, 'L1', true, step);
      await games.setReady(ctx, id, 'L2', true, step);
      const left = async () => {
        await games.setReady(other, id, 'L2', false, step);
        await db.query(`UPDATE seats SET ${column} = ${value} WHERE game_id = $1 AND player = 'L2'`, [id]);
      };
      assert.equal(await changedMeanwhile(id, left), 'resolved', `L2 ${column} ${value}`);
      assert.equal((await gameRow(db, id)).step, step + 1);
      await db.query("UPDATE seats SET status = 'active', asked = TRUE WHERE game_id = $1 AND player = 'L2'", [id]);
      clock.now = at(clock.now, 1);
    }
    const step = (await gameRow(db, id)).step;
    await games.setReady(ctx, id, 'L1', true, step);
    await games.setReady(ctx, id, 'L2', true, step);
    const anchor = new Date((await gameRow(db, id)).deadline);
    assert.equal(await games.resolveIfDue(ctx, id), 'resolved');
    const g = await gameRow(db, id);
    assert.equal(g.step, step + 1);
    assert.equal(new Date(g.deadline).getTime(), turnDeadline(g.schedule, clock.now, anchor).getTime(), 'the next deadline from the previous one');
  });

  test('a game of prompts: an answer makes its step due at once, woken after; its clocks, unread-less reports and deadlines; its end', async () => {
    clock.now = START;
    const k = n++;
    const p1 = await addUser(db, `Claim-${k}-p1`);
    const p2 = await addUser(db, `Claim-${k}-p2`);
    const id = await games.create(ctx, {
      ruleset: 'test/fair', name: `Claim ${k}`, options: { rounds: 1 }, seed: `claim-${k}`, hostUserId: host,
      seats: [{ userId: p1, lordName: 'Aude' }, { userId: p2, lordName: 'Bérenger' }], prompts: { pace: 'live' },
    });
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    clock.now = at(START, 60_000);
    assert.equal(await games.runDue(ctx), 0, 'p1 is awaited');
    const r = await answerPrompt(ctx, id, 'p1', 'stall', 'pass');
    assert.ok(r.ok);
    const kicks = ctx.kicks;
    assert.equal(await games.resolveIfDue(ctx, id), 'resolved', 'his answer made the step due');
    assert.ok(ctx.kicks > kicks, 'a game of prompts is woken after a step');
    let g = await gameRow(db, id);
    assert.equal(new Date(g.asked_at).getTime(), clock.now.getTime());
    assert.ok(g.clocks && Object.keys(parse(g.clocks)).length > 0, 'the clocks kept');
    assert.equal(new Date(g.deadline).getTime(), stepDeadline(openPrompts(fair, parse(g.state), 'live', null), clock.now, parse(g.clocks))!.getTime());
    assert.equal(g.finished_at, null);
    const reports = await db.query<{ read_at: Date | null }>('SELECT read_at FROM reports WHERE game_id = $1', [id]);
    assert.equal(reports.length, 2);
    assert.ok(reports.every((x) => x.read_at !== null && new Date(x.read_at).getTime() === clock.now.getTime()), 'its reports are its log: read');
    // The defaults at each deadline to the end of the game.
    for (let i = 0; i < 10 && g.status === 'running'; i++) {
      clock.now = new Date(g.deadline);
      assert.equal(await games.resolveIfDue(ctx, id), 'resolved');
      g = await gameRow(db, id);
    }
    assert.deepEqual([g.status, g.deadline, new Date(g.finished_at).getTime()], ['finished', null, clock.now.getTime()]);
    assert.equal(await games.resolveIfDue(ctx, id), 'finished');
  });
});
