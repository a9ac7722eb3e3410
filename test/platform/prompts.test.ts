/**
 * Games of prompts on the platform (issue 14), on both databases, played on Fair
 * (test/engine/fair-ruleset.ts) through the service (`games/prompts.ts`, `games.create` with
 * `prompts`) and the durable turn job (`games.runDue`, a clock the test moves):
 * - each step's deadline is its prompts' class length at the pace (or the host's override), a slot
 *   interrupted by a consent batch resumes on its clock with the time it had left; a batch charged
 *   to that clock (`Decision.charges`) lasts at most its time left, runs it down, is not extended;
 * - an answer resolves the step at once when nobody else is awaited; a parallel prompt waits for
 *   all; a refused answer stores nothing;
 * - defaults at the deadline count as missed; an absent player is not waited for; answering brings
 *   him back;
 * - vacations move the deadline (yearly cap; a game may forbid them); a pause holds everything and
 *   resume gives the time left back; one extension per player and step, capped;
 * - standing answers are stored as answers when a prompt opens and when set, only for their player;
 * - free actions are steps (contiguous, replayed to the stored hashes); an answer they make invalid
 *   is emptied with the DROPPED issue; an action racing a resolution loses neither;
 * - weekly games of order sheets are unchanged.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DB_KINDS, schedulerPass, startTestPlatform, testDb, type DbKind } from './util.ts';
import { addUser, count, GP, gameRow, makeCtx, type Clock, type TestCtx } from './games-fixtures.ts';
import { games, GamesError } from '../../src/platform/games/service.ts';
import {
  answerPrompt, DROPPED, EXTENSION_MAX_MINUTES, extendDeadline, pauseGame, setStanding, setVacation, takeFreeAction, VACATION_DAYS_PER_YEAR,
} from '../../src/platform/games/prompts.ts';
import { clocksAfter, decisionMinutes, openPrompts, PACE_TURN_MINUTES, stepDeadline } from '../../src/platform/games/pace.ts';
import type { Decision, Pace } from '../../src/engine/ruleset.ts';
import type { Db } from '../../src/platform/db/index.ts';
import { DEADLINE_CLASSES, fair, type FairState } from '../engine/fair-ruleset.ts';

const START = '2026-11-18T12:00:00Z';
const MIN = 60_000;
const FAIR = 'test/fair';

interface Table {
  ctx: TestCtx; db: Db; clock: Clock; id: number; host: number;
  users: Record<string, number>;
}

/** A Fair game of prompts with a person in every seat (p1 Aude, p2 Bérenger…), the host being p1's player. */
async function table(kind: DbKind, db: Db, opts: { pace?: Pace; minutes?: Record<string, number>; absentAfter?: number; vacations?: boolean; players?: number; bots?: number[]; charged?: boolean } = {}): Promise<Table> {
  const clock: Clock = { now: new Date(START) };
  const ctx = makeCtx(db, clock, `prompts-${kind}`);
  const names = ['Aude', 'Bérenger', 'Clothilde', 'Dreux'].slice(0, opts.players ?? 2);
  const users: Record<string, number> = {};
  const seats = [];
  for (const [i, n] of names.entries()) {
    const bot = opts.bots?.includes(i + 1);
    const u = bot ? null : await addUser(db, `u${i + 1}-${Math.random().toString(36).slice(2, 8)}`);
    if (u !== null) users[`p${i + 1}`] = u;
    seats.push({ userId: u, lordName: n });
  }
  const host = users.p1 ?? await addUser(db, `host-${Math.random().toString(36).slice(2, 8)}`);
  const id = await games.create(ctx, {
    ruleset: FAIR, name: 'Foire', options: opts.charged ? { charged: true } : {}, seed: 'fair-platform', hostUserId: host, seats,
    prompts: { pace: opts.pace ?? 'live', minutes: opts.minutes, absentAfter: opts.absentAfter, vacations: opts.vacations },
  });
  return { ctx, db, clock, id, host, users };
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const stateOf = async (t: Table): Promise<FairState> => parse<FairState>((await gameRow(t.db, t.id)).state);
const deadlineOf = async (t: Table): Promise<number | null> => { const d = (await gameRow(t.db, t.id)).deadline as Date | null; return d ? d.getTime() : null; };
const stepOf = async (t: Table): Promise<number> => Number((await gameRow(t.db, t.id)).step);
const later = (t: Table, ms: number): void => { t.clock.now = new Date(t.clock.now.getTime() + ms); };
const missedOf = async (t: Table, p: string): Promise<number> => Number((await t.db.one<{ missed: number }>('SELECT missed FROM seats WHERE game_id = $1 AND player = $2', [t.id, p]))!.missed);

/** An answer the service accepts (fails the test otherwise). */
async function answer(t: Table, p: string, decision: string, text: string): Promise<void> {
  const r = await answerPrompt(t.ctx, t.id, p, decision, text);
  assert.ok(r.ok, `${p} ${decision} "${text}": ${JSON.stringify(r.issues)}`);
}
/** One pass of the turn job; returns how many steps it resolved. */
const pass = (t: Table): Promise<number> => games.runDue(t.ctx);

/** The deadline pace.ts gives for the game's open prompts now, with its stored clocks. */
async function expectedDeadline(t: Table, pace: Pace, minutes: Record<string, number> | null): Promise<number> {
  const g = await gameRow(t.db, t.id);
  return stepDeadline(openPrompts(fair, parse(g.state), pace, minutes), t.clock.now, parse(g.clocks))!.getTime();
}

async function withTable(kind: DbKind, opts: Parameters<typeof table>[2], fn: (t: Table) => Promise<void>): Promise<void> {
  const db = await testDb(kind);
  try { await fn(await table(kind, db, opts)); } finally { await db.close(); }
}

async function expectGamesError(p: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(p, (e: unknown) => e instanceof GamesError && e.code === code, `expected GamesError ${code}`);
}

test('pace.ts: a class length at each pace, the host override, a game-deadline decision at the pace\'s turn length', () => {
  const d = (deadline: Decision['deadline']): Decision => ({ id: 'x', kind: 'x', players: ['p1'], deadline, defaults: { p1: 'pass' }, prompt: { fr: 'x', en: 'x' } });
  for (const pace of ['live', 'daily', 'weekly'] as const) {
    assert.equal(decisionMinutes(fair, d({ kind: 'class', name: 'TURN' }), pace, null), DEADLINE_CLASSES.TURN.minutes[pace]);
    assert.equal(decisionMinutes(fair, d({ kind: 'class', name: 'REPLY' }), pace, { TURN: 3 }), DEADLINE_CLASSES.REPLY.minutes[pace]);
    assert.equal(decisionMinutes(fair, d({ kind: 'class', name: 'TURN' }), pace, { TURN: 3 }), 3);
    assert.equal(decisionMinutes(fair, d({ kind: 'game-deadline' }), pace, null), PACE_TURN_MINUTES[pace]);
    assert.equal(decisionMinutes(fair, d({ kind: 'none' }), pace, null), null);
  }
  const now = new Date(START);
  // A clock with time left resumes with it (never more than a full length); an unknown clock starts full.
  assert.equal(stepDeadline([{ id: 'stall', players: ['p1'], minutes: 10, clock: 'c' }], now, { c: 4 * MIN })!.getTime(), now.getTime() + 4 * MIN);
  assert.equal(stepDeadline([{ id: 'stall', players: ['p1'], minutes: 10, clock: 'c' }], now, { c: 40 * MIN })!.getTime(), now.getTime() + 10 * MIN);
  assert.equal(stepDeadline([{ id: 'stall', players: ['p1'], minutes: 10, clock: 'd' }], now, { c: 4 * MIN })!.getTime(), now.getTime() + 10 * MIN);
  assert.equal(stepDeadline([{ id: 'x', players: ['p1'], minutes: null }], now, null), null);
});

test('pace.ts: a prompt charged to a clock (Decision.charges) lasts at most its time left and takes the time it lasted from it', () => {
  const now = new Date(START);
  const at = (m: number): Date => new Date(now.getTime() + m * MIN);
  const consent = { id: 'consent', players: ['p1', 'p3'], minutes: 5, charges: 'c' };
  // capped by the owner's time left; never longer than its own length; a clock run down: due at once; an unknown clock: not capped
  assert.equal(stepDeadline([consent], now, { c: 2 * MIN })!.getTime(), at(2).getTime());
  assert.equal(stepDeadline([consent], now, { c: 40 * MIN })!.getTime(), at(5).getTime());
  assert.equal(stepDeadline([consent], now, { c: 0 })!.getTime(), now.getTime());
  assert.equal(stepDeadline([consent], now, { d: 2 * MIN })!.getTime(), at(5).getTime());
  // the owner's own prompt on a clock run down to 0 is due at once (an unknown clock still starts full)
  assert.equal(stepDeadline([{ id: 'stall', players: ['p2'], minutes: 10, clock: 'c' }], now, { c: 0 })!.getTime(), now.getTime());
  // charged: asked at 0 with 4 minutes left, answered by both at 1 (the job at 3): 3 minutes left, the other clocks unchanged
  assert.deepEqual(clocksAfter({ c: 4 * MIN, e: MIN }, [consent], at(4), at(3), { consent: at(1) }, now), { e: MIN, c: 3 * MIN });
  // not answered by all (no answeredAt): runs to its deadline, never past it (the job late), down to 0 and kept
  assert.deepEqual(clocksAfter({ c: 4 * MIN }, [consent], at(4), at(9), {}, now), { c: 0 });
  // a pause of 10 minutes moved the deadline from 4 to 14: answered at 11, it ran 1 minute, not 11
  assert.deepEqual(clocksAfter({ c: 4 * MIN }, [consent], at(14), at(12), { consent: at(11) }, now), { c: 3 * MIN });
  // an unknown clock, or no time of asking: nothing charged
  assert.deepEqual(clocksAfter({ e: MIN }, [consent], at(4), at(3), { consent: at(1) }, now), { e: MIN });
  assert.deepEqual(clocksAfter({ c: 4 * MIN }, [consent], at(4), at(3), { consent: at(1) }, null), { c: 4 * MIN });
});

for (const kind of DB_KINDS) {
  describe(`games of prompts on ${kind}`, () => {
    test('deadlines from the classes and the host override; an interrupted slot resumes its clock', () => withTable(kind, { minutes: { TURN: 8 } }, async (t) => {
      const minutes = { TURN: 8 };
      assert.equal(await deadlineOf(t), t.clock.now.getTime() + 8 * MIN, 'the first stall: TURN overridden to 8 minutes');
      const g0 = await gameRow(t.db, t.id);
      assert.equal(g0.pace, 'live');
      later(t, MIN);
      await answer(t, 'p1', 'stall', 'stall drapers');
      assert.equal(await pass(t), 1, 'the answer resolves the step at once (one pass)');
      assert.equal(await stepOf(t), 1);
      assert.equal(await deadlineOf(t), t.clock.now.getTime() + 8 * MIN, 'p2\'s stall: a fresh TURN');
      assert.equal(await deadlineOf(t), await expectedDeadline(t, 'live', minutes));
      // p2 asks to join p1: the consent batch (REPLY, 5 live minutes, not overridden) interrupts his slot.
      later(t, 3 * MIN);
      await answer(t, 'p2', 'stall', 'stall drapers');
      assert.equal(await pass(t), 1);
      assert.equal((await stateOf(t)).phase, 'consent');
      assert.equal(await deadlineOf(t), t.clock.now.getTime() + DEADLINE_CLASSES.REPLY.minutes.live * MIN);
      assert.deepEqual(parse((await gameRow(t.db, t.id)).clocks), { 'turn/1/p1': 7 * MIN, 'turn/1/p2': 5 * MIN });
      // p1 refuses: p2's slot resumes with the 5 minutes it had left, not a fresh 8.
      later(t, 2 * MIN);
      await answer(t, 'p1', 'consent', 'no');
      assert.equal(await pass(t), 1);
      const s = await stateOf(t);
      assert.deepEqual([s.phase, s.barred], ['stall', ['drapers']]);
      assert.equal(await deadlineOf(t), t.clock.now.getTime() + 5 * MIN, 'time left on p2\'s clock');
      assert.equal(await deadlineOf(t), await expectedDeadline(t, 'live', minutes));
      // The default at that deadline (not before).
      later(t, 5 * MIN - 1000);
      assert.equal(await pass(t), 0);
      later(t, 1000);
      assert.equal(await pass(t), 1);
      const last = await t.db.one<{ defaulted: unknown }>('SELECT defaulted FROM steps WHERE game_id = $1 AND idx = 4', [t.id]);
      assert.deepEqual(parse(last!.defaulted), [{ decision: 'stall', player: 'p2' }]);
    }));

    test('a consent batch charged to the asker\'s clock (Decision.charges): capped by his time left, charged what it took, never extended', () => withTable(kind, { minutes: { TURN: 8 }, charged: true }, async (t) => {
      later(t, MIN);
      await answer(t, 'p1', 'stall', 'stall drapers');
      assert.equal(await pass(t), 1);
      // p2 takes 6 of his 8 minutes, then asks p1: the batch (REPLY, 5 live minutes) gets his 2 minutes left
      later(t, 6 * MIN);
      await answer(t, 'p2', 'stall', 'stall drapers');
      assert.equal(await pass(t), 1);
      assert.equal((await stateOf(t)).phase, 'consent');
      assert.equal(await deadlineOf(t), t.clock.now.getTime() + 2 * MIN, 'capped by p2\'s clock');
      assert.equal(await deadlineOf(t), await expectedDeadline(t, 'live', { TURN: 8 }));
      // p1 may not extend it: that would spend p2's time
      const d0 = await deadlineOf(t);
      const e = await extendDeadline(t.ctx, t.id, 'p1');
      assert.deepEqual([e.extended, e.deadline!.getTime(), await deadlineOf(t)], [false, d0, d0]);
      // p1 refuses after a minute: p2's clock is charged that minute, his slot resumes with the minute left
      later(t, MIN);
      await answer(t, 'p1', 'consent', 'no');
      assert.equal(await pass(t), 1);
      assert.equal(parse<Record<string, number>>((await gameRow(t.db, t.id)).clocks)['turn/1/p2'], MIN);
      assert.equal((await stateOf(t)).phase, 'stall');
      assert.equal(await deadlineOf(t), t.clock.now.getTime() + MIN, 'the minute left, not the 2 he had before the batch');
    }));

    test('a charged consent batch left unanswered runs the asker\'s clock down: his slot then falls due at once', () => withTable(kind, { minutes: { TURN: 8 }, charged: true }, async (t) => {
      await answer(t, 'p1', 'stall', 'stall drapers');
      assert.equal(await pass(t), 1);
      later(t, 5 * MIN);
      await answer(t, 'p2', 'stall', 'stall drapers');
      assert.equal(await pass(t), 1);
      assert.equal(await deadlineOf(t), t.clock.now.getTime() + 3 * MIN);
      later(t, 3 * MIN - 1000);
      assert.equal(await pass(t), 0, 'not before his time is up');
      later(t, 61_000); // the job a minute late: not charged
      assert.equal(await pass(t), 1, 'the batch defaults (no)');
      assert.deepEqual(parse<Record<string, number>>((await gameRow(t.db, t.id)).clocks)['turn/1/p2'], 0);
      assert.equal((await stateOf(t)).phase, 'stall');
      assert.equal(await deadlineOf(t), t.clock.now.getTime(), 'his slot is due at once');
      assert.equal(await pass(t), 1, 'and falls to its default');
      const last = await t.db.one<{ defaulted: unknown }>('SELECT defaulted FROM steps WHERE game_id = $1 AND idx = 4', [t.id]);
      assert.deepEqual(parse(last!.defaulted), [{ decision: 'stall', player: 'p2' }]);
    }));

    test('a slot\'s clock stops when its player answers, not when the job resolves (the job late, or its process down)', () => withTable(kind, { minutes: { TURN: 8 } }, async (t) => {
      await answer(t, 'p1', 'stall', 'stall drapers');
      assert.equal(await pass(t), 1);
      // p2 asks at 3 minutes (5 left); the job only resolves at 9 minutes, past his deadline.
      later(t, 3 * MIN);
      await answer(t, 'p2', 'stall', 'stall drapers');
      later(t, 6 * MIN);
      assert.equal(await pass(t), 1);
      assert.equal((await stateOf(t)).phase, 'consent');
      assert.equal(parse<Record<string, number>>((await gameRow(t.db, t.id)).clocks)['turn/1/p2'], 5 * MIN);
      await answer(t, 'p1', 'consent', 'no');
      assert.equal(await pass(t), 1);
      assert.equal(await deadlineOf(t), t.clock.now.getTime() + 5 * MIN, 'the 5 minutes p2 had left when he answered');
    }));

    test('a parallel prompt waits for every player; a refused answer stores nothing', () => withTable(kind, {}, async (t) => {
      await answer(t, 'p1', 'stall', 'pass');
      assert.equal(await pass(t), 1);
      await answer(t, 'p2', 'stall', 'pass');
      assert.equal(await pass(t), 1);
      assert.equal((await stateOf(t)).phase, 'auction');
      assert.equal(await deadlineOf(t), t.clock.now.getTime() + DEADLINE_CLASSES.REPLY.minutes.live * MIN);
      const sheets0 = await count(t.db, 'sheets WHERE game_id = $1', [t.id]);
      const refused = await answerPrompt(t.ctx, t.id, 'p1', 'bid', 'bid 99 relic');
      assert.equal(refused.ok, false);
      assert.match(refused.issues[0]!.message, /more than your gold/);
      assert.equal(await count(t.db, 'sheets WHERE game_id = $1', [t.id]), sheets0, 'a refused answer stores nothing');
      await expectGamesError(answerPrompt(t.ctx, t.id, 'p1', 'stall', 'pass'), 'not-asked');
      await answer(t, 'p1', 'bid', 'bid 3 relic');
      assert.equal(await pass(t), 0, 'p2 is still awaited');
      await answer(t, 'p2', 'bid', 'bid 2 ribbon');
      assert.equal(await pass(t), 1);
      const s = await stateOf(t);
      assert.deepEqual([s.round, s.seats[0]!.points, s.seats[0]!.gold], [2, 3, 10 - 3 + 2]);
    }));

    test('defaults at the deadline count as missed; an absent player is not waited for; answering brings him back', () => withTable(kind, { absentAfter: 2 }, async (t) => {
      // p1 never answers: his stall falls to "pass" at the deadline.
      const d1 = (await deadlineOf(t))!;
      later(t, d1 - t.clock.now.getTime() - 1);
      assert.equal(await pass(t), 0);
      later(t, 1);
      assert.equal(await pass(t), 1);
      assert.equal(await missedOf(t, 'p1'), 1);
      await answer(t, 'p2', 'stall', 'pass');
      assert.equal(await pass(t), 1);
      // The auction: p2 answers, p1 is awaited until the deadline.
      await answer(t, 'p2', 'bid', 'bid 1 relic');
      assert.equal(await pass(t), 0);
      later(t, (await deadlineOf(t))! - t.clock.now.getTime());
      assert.equal(await pass(t), 1);
      assert.equal(await missedOf(t, 'p2'), 0);
      assert.equal(await missedOf(t, 'p1'), 2, 'two defaults in a row: absent');
      // Round 2: p1's stall resolves to its default at once, without waiting for the deadline.
      const s = await stateOf(t);
      assert.deepEqual([s.round, s.phase, s.seat], [2, 'stall', 0]);
      assert.ok((await deadlineOf(t))! > t.clock.now.getTime());
      assert.equal(await pass(t), 1);
      assert.equal(await missedOf(t, 'p1'), 3);
      const st = await t.db.one<{ defaulted: unknown }>('SELECT defaulted FROM steps WHERE game_id = $1 AND idx = $2', [t.id, await stepOf(t)]);
      assert.deepEqual(parse(st!.defaulted), [{ decision: 'stall', player: 'p1' }]);
      // p2's stall: he is present, so the game waits for him.
      assert.equal(await pass(t), 0);
      await answer(t, 'p2', 'stall', 'pass');
      assert.equal(await pass(t), 1);
      // The auction: the absent p1 comes back by answering (missed = 0), and is waited for again.
      await answer(t, 'p1', 'bid', 'bid 1 ribbon');
      assert.equal(await missedOf(t, 'p1'), 0);
      assert.equal(await pass(t), 0, 'p2 is awaited');
      await answer(t, 'p2', 'bid', 'bid 0 relic');
      assert.equal(await pass(t), 1);
      assert.equal((await stateOf(t)).round, 3);
      assert.equal(await pass(t), 0, 'p1 is present again: his round-3 stall waits for him');
      assert.equal(await missedOf(t, 'p1'), 0);
    }));

    test('vacation: the deadline moves to its end instead of defaulting; the yearly cap; a game without vacations ignores it', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db, { pace: 'daily' });
        const t2 = await table(kind, db, { pace: 'daily', vacations: false });
        t2.clock = t.clock; t2.ctx = makeCtx(db, t.clock, `prompts-${kind}`);
        // p1 of the first game goes away for 3 days.
        const v = await setVacation(t.ctx, t.users.p1!, 3);
        assert.equal(v.until!.getTime(), t.clock.now.getTime() + 3 * 86_400_000);
        assert.equal(v.daysLeft, VACATION_DAYS_PER_YEAR - 3);
        // So does p1 of the second one (which forbids vacations).
        await setVacation(t2.ctx, t2.users.p1!, 2);
        later(t, 24 * 60 * MIN + 1000); // past the daily TURN of both games
        await pass(t);
        assert.equal(await stepOf(t), 0, 'no default for a player on vacation');
        assert.equal(await deadlineOf(t), v.until!.getTime());
        assert.equal(await missedOf(t, 'p1'), 0);
        assert.equal(await stepOf(t2), 1, 'a game without vacations takes the default');
        assert.equal(await missedOf(t2, 'p1'), 1);
        // At the end of the vacation, his default applies.
        later(t, v.until!.getTime() - t.clock.now.getTime());
        await pass(t);
        assert.equal(await stepOf(t), 1);
        // The yearly cap, counted per calendar year: 3 days taken, 18 left.
        await expectGamesError(setVacation(t.ctx, t.users.p1!, VACATION_DAYS_PER_YEAR - 2), 'vacation-days');
        const w = await setVacation(t.ctx, t.users.p1!, VACATION_DAYS_PER_YEAR - 3);
        assert.equal(w.daysLeft, 0);
        // Back early: the whole days not used are given back.
        later(t, 2 * 86_400_000 + 1000);
        // (two days and a second away: three days counted, a day begun is a day taken)
        assert.equal((await setVacation(t.ctx, t.users.p1!, 0)).daysLeft, VACATION_DAYS_PER_YEAR - 3 - 3);
        await expectGamesError(setVacation(t.ctx, t.users.p1!, VACATION_DAYS_PER_YEAR + 1), 'vacation-days');
      } finally { await db.close(); }
    });

    test('pause: nothing resolves, even past the deadline; resume gives the time left back; only the host pauses', () => withTable(kind, {}, async (t) => {
      const d0 = (await deadlineOf(t))!;
      later(t, 4 * MIN);
      await expectGamesError(pauseGame(t.ctx, t.id, t.users.p2!, true), 'not-host');
      await pauseGame(t.ctx, t.id, t.host, true);
      const left = d0 - t.clock.now.getTime();
      later(t, 60 * MIN);
      assert.equal(await pass(t), 0, 'paused: not due past the deadline');
      await expectGamesError(answerPrompt(t.ctx, t.id, 'p1', 'stall', 'pass'), 'paused');
      await expectGamesError(takeFreeAction(t.ctx, t.id, 'p1', { id: 'give', values: { to: 'p2', amount: '1' } }), 'paused');
      assert.equal(await stepOf(t), 0);
      await pauseGame(t.ctx, t.id, t.host, false);
      assert.equal(await deadlineOf(t), t.clock.now.getTime() + left, 'resumed with the time that was left');
      assert.equal(await pass(t), 0);
      later(t, left);
      assert.equal(await pass(t), 1);
    }));

    test('extension: once per player and step, by one prompt\'s length, capped', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db, { minutes: { TURN: 8 } });
        const d0 = (await deadlineOf(t))!;
        await expectGamesError(extendDeadline(t.ctx, t.id, 'p2'), 'not-asked');
        const e1 = await extendDeadline(t.ctx, t.id, 'p1');
        assert.deepEqual([e1.extended, e1.deadline!.getTime()], [true, d0 + 8 * MIN]);
        const e2 = await extendDeadline(t.ctx, t.id, 'p1');
        assert.deepEqual([e2.extended, e2.deadline!.getTime()], [false, d0 + 8 * MIN], 'a second press changes nothing');
        assert.equal(await deadlineOf(t), d0 + 8 * MIN);
        // A free action that leaves the prompts as they were does not open a second extension.
        assert.ok((await takeFreeAction(t.ctx, t.id, 'p2', { id: 'give', values: { to: 'p1', amount: '1' } })).ok);
        const e2b = await extendDeadline(t.ctx, t.id, 'p1');
        assert.deepEqual([e2b.extended, e2b.deadline!.getTime()], [false, d0 + 8 * MIN], 'no second extension after a free action');
        // Weekly: a TURN of 72 hours gives an extension of EXTENSION_MAX_MINUTES.
        const w = await table(kind, db, { pace: 'weekly' });
        const wd = (await deadlineOf(w))!;
        assert.equal(wd, w.clock.now.getTime() + DEADLINE_CLASSES.TURN.minutes.weekly * MIN);
        const e3 = await extendDeadline(w.ctx, w.id, 'p1');
        assert.equal(e3.deadline!.getTime(), wd + EXTENSION_MAX_MINUTES * MIN);
      } finally { await db.close(); }
    });

    test('standing answers: stored as answers when a prompt opens and when set, only for their player', () => withTable(kind, {}, async (t) => {
      await setStanding(t.ctx, t.id, 'p1', { consent: 'yes' }, 'en');
      await expectGamesError(setStanding(t.ctx, t.id, 'p1', { consent: 'maybe' }, 'en'), 'standing');
      assert.equal(await count(t.db, 'sheets WHERE game_id = $1', [t.id]), 0, 'no consent open yet: nothing answered');
      await answer(t, 'p1', 'stall', 'stall well');
      assert.equal(await pass(t), 1);
      await answer(t, 'p2', 'stall', 'stall well');
      assert.equal(await pass(t), 1);
      // The consent batch asks p1: his standing "yes" is stored ready, as an automatic answer.
      assert.equal((await stateOf(t)).phase, 'consent');
      const auto = await t.db.query<{ player: string; decision: string; text: string; ready: boolean; auto: boolean }>(
        'SELECT player, decision, text, ready, auto FROM sheets WHERE game_id = $1 AND step = $2', [t.id, (await stepOf(t)) + 1]);
      assert.deepEqual(auto.map((h) => [h.player, h.decision, h.text, h.ready, h.auto]), [['p1', 'consent', 'yes', true, true]]);
      assert.equal(await pass(t), 1, 'nobody else awaited: resolved at once');
      let s = await stateOf(t);
      assert.deepEqual(s.stalls.well, ['p1', 'p2']);
      assert.equal(s.phase, 'auction');
      // Set while the auction is open: applied at once to p2's bid, never to p1's.
      await setStanding(t.ctx, t.id, 'p2', { 'pass-auction': 'yes' }, 'fr');
      const bids = await t.db.query<{ player: string; text: string; auto: boolean }>('SELECT player, text, auto FROM sheets WHERE game_id = $1 AND step = $2', [t.id, (await stepOf(t)) + 1]);
      assert.deepEqual(bids.map((h) => [h.player, h.text, h.auto]), [['p2', 'bid 0 relic', true]]);
      assert.equal(await pass(t), 0, 'p1 is awaited');
      await answer(t, 'p1', 'bid', 'bid 1 relic');
      assert.equal(await pass(t), 1);
      s = await stateOf(t);
      assert.equal(s.round, 2);
    }));

    test('free actions: steps in arrival order, reports, an invalidated answer emptied (DROPPED), replay gives every stored hash', () => withTable(kind, { players: 3 }, async (t) => {
      for (const p of ['p1', 'p2', 'p3']) { await answer(t, p, 'stall', 'pass'); assert.equal(await pass(t), 1); }
      await answer(t, 'p1', 'bid', 'bid 5 relic');
      await answer(t, 'p2', 'bid', 'bid 2 relic');
      const deadline = await deadlineOf(t);
      later(t, MIN);
      // p1 gives 8 of his 10 gold to p3: his bid of 5 no longer holds; p2's still does.
      const a1 = await takeFreeAction(t.ctx, t.id, 'p1', { id: 'give', values: { to: 'p3', amount: '8' } });
      assert.deepEqual([a1.ok, a1.step], [true, 4]);
      const bad = await takeFreeAction(t.ctx, t.id, 'p1', { id: 'give', values: { to: 'p3', amount: '80' } });
      assert.equal(bad.ok, false);
      assert.equal(await stepOf(t), 4, 'a refused action writes nothing');
      const a2 = await takeFreeAction(t.ctx, t.id, 'p3', { id: 'give', values: { to: 'p2', amount: '1' } });
      assert.deepEqual([a2.ok, a2.step], [true, 5]);
      assert.equal(await deadlineOf(t), deadline, 'the same prompts keep their deadline');
      const sheets = await t.db.query<{ player: string; value: unknown; ready: boolean; issues: unknown; step: number }>(
        'SELECT player, value, ready, issues, step FROM sheets WHERE game_id = $1 ORDER BY player', [t.id]);
      assert.deepEqual(sheets.filter((h) => Number(h.step) === 6).map((h) => [h.player, h.value === null, h.ready]), [['p1', true, false], ['p2', false, true]]);
      assert.deepEqual(parse(sheets.find((h) => h.player === 'p1' && Number(h.step) === 6)!.issues), [DROPPED]);
      const steps = await t.db.query<{ idx: number; action: unknown }>('SELECT idx, action FROM steps WHERE game_id = $1 ORDER BY idx', [t.id]);
      assert.deepEqual(steps.map((s) => Number(s.idx)), [1, 2, 3, 4, 5]);
      assert.deepEqual(parse(steps[3]!.action), { player: 'p1', value: { kind: 'give', to: 'p3', amount: 8 } });
      assert.equal(await count(t.db, 'reports WHERE game_id = $1 AND idx = 4', [t.id]), 3, 'every seat\'s report of the action');
      const rep = await t.db.one<{ text_en: string }>('SELECT text_en FROM reports WHERE game_id = $1 AND idx = 4 AND player = $2', [t.id, 'p3']);
      assert.match(rep!.text_en, /Gift: Aude → you, 8 gold/);
      // p1 answers again within his gold; p3 bids; the auction resolves.
      await answer(t, 'p1', 'bid', 'bid 1 ribbon');
      await answer(t, 'p3', 'bid', 'bid 4 relic');
      assert.equal(await pass(t), 1);
      const s = await stateOf(t);
      assert.deepEqual(s.seats.map((x) => x.gold), [2 - 0 + 2, 10 + 1 + 2, 10 + 8 - 1 - 4 + 2]);
      const r = await games.replay(t.ctx, t.id);
      assert.ok(r!.ok, JSON.stringify(r!.mismatches));
      assert.equal(r!.steps, 6);
      assert.equal(r!.finalHash, (await gameRow(t.db, t.id)).state_hash);
    }));

    test('an answer a free action emptied and not given again falls to its default, and counts as missed', () => withTable(kind, {}, async (t) => {
      for (const p of ['p1', 'p2']) { await answer(t, p, 'stall', 'pass'); assert.equal(await pass(t), 1); }
      await answer(t, 'p1', 'bid', 'bid 5 relic');
      assert.ok((await takeFreeAction(t.ctx, t.id, 'p1', { id: 'give', values: { to: 'p2', amount: '8' } })).ok);
      await answer(t, 'p2', 'bid', 'bid 1 relic');
      assert.equal(await pass(t), 0, 'p1 is asked again');
      later(t, (await deadlineOf(t))! - t.clock.now.getTime());
      assert.equal(await pass(t), 1);
      const st = await t.db.one<{ defaulted: unknown }>('SELECT defaulted FROM steps WHERE game_id = $1 AND idx = $2', [t.id, await stepOf(t)]);
      assert.deepEqual(parse(st!.defaulted), [{ decision: 'bid', player: 'p1' }]);
      assert.equal(await missedOf(t, 'p1'), 1);
      assert.equal(await missedOf(t, 'p2'), 0);
    }));

    test('a free action racing a resolution: neither is lost', () => withTable(kind, { players: 3 }, async (t) => {
      for (const p of ['p1', 'p2', 'p3']) { await answer(t, p, 'stall', 'pass'); assert.equal(await pass(t), 1); }
      for (let round = 0; round < 2; round++) { // two auctions: one at its deadline, one early
        // Every bid is in (the step is due) while p2 gives 1 gold to p1: both at once.
        await answer(t, 'p1', 'bid', 'bid 1 relic');
        await answer(t, 'p2', 'bid', 'bid 1 ribbon');
        if (round % 2) await answer(t, 'p3', 'bid', 'bid 0 relic');
        else later(t, DEADLINE_CLASSES.REPLY.minutes.live * MIN);
        const before = await stepOf(t);
        const [n, a] = await Promise.all([pass(t), takeFreeAction(t.ctx, t.id, 'p2', { id: 'give', values: { to: 'p1', amount: '1' } })]);
        assert.ok(a.ok);
        // The resolution may have lost its claim to the action: the next pass resolves it.
        if (n === 0) assert.equal(await pass(t), 1);
        const steps = await t.db.query<{ idx: number; action: unknown; label: string }>('SELECT idx, action, label FROM steps WHERE game_id = $1 AND idx > $2 ORDER BY idx', [t.id, before]);
        assert.equal(steps.length, 2, `round ${round}: the action and the resolution`);
        assert.equal(steps.filter((s) => s.action).length, 1);
        assert.equal(steps.filter((s) => !s.action && /bids/.test(s.label)).length, 1);
        for (const p of ['p1', 'p2', 'p3']) { await answer(t, p, 'stall', 'pass'); assert.equal(await pass(t), 1); }
      }
      const all = await t.db.query<{ idx: number }>('SELECT idx FROM steps WHERE game_id = $1 ORDER BY idx', [t.id]);
      assert.deepEqual(all.map((s) => Number(s.idx)), all.map((_, i) => i + 1));
      const r = await games.replay(t.ctx, t.id);
      assert.ok(r!.ok, JSON.stringify(r!.mismatches));
    }));

    test('on the running platform: an answer resolves its step at once, not at the scheduler\'s next pass; a default at the deadline in one pass', async () => {
      const tp = await startTestPlatform(kind, { tickMs: 3_600_000 });
      try {
        const ctx = tp.platform.ctx;
        const a = await addUser(tp.db, 'live-a');
        const b = await addUser(tp.db, 'live-b');
        const id = await games.create(ctx, {
          ruleset: FAIR, name: 'Foire vive', options: {}, seed: 'live-1', hostUserId: a,
          seats: [{ userId: a, lordName: 'Aude' }, { userId: b, lordName: 'Bérenger' }], prompts: { pace: 'live' },
        });
        const stepNow = async () => Number((await gameRow(tp.db, id)).step);
        const waitStep = async (n: number, ms: number) => {
          const end = Date.now() + ms;
          while ((await stepNow()) < n) {
            if (Date.now() > end) throw new Error(`game ${id} at step ${await stepNow()}, not ${n}, after ${ms} ms`);
            await new Promise((r) => setTimeout(r, 20));
          }
        };
        assert.ok((await answerPrompt(ctx, id, 'p1', 'stall', 'pass')).ok);
        await waitStep(1, 10_000); // the scheduler's interval is an hour: the answer itself resolved it
        // p2 does not answer: at the deadline, one scheduler pass applies his default.
        tp.clock.now = new Date((await gameRow(tp.db, id)).deadline.getTime() + 1000);
        await schedulerPass(tp);
        assert.equal(await stepNow(), 2);
        const st = await tp.db.one<{ defaulted: unknown }>('SELECT defaulted FROM steps WHERE game_id = $1 AND idx = 2', [id]);
        assert.deepEqual(parse(st!.defaulted), [{ decision: 'stall', player: 'p2' }]);
      } finally { await tp.close(); }
    });

    test('weekly games of order sheets are unchanged: no pace, the turn resolves at its deadline', async () => {
      const db = await testDb(kind);
      try {
        const clock: Clock = { now: new Date(START) };
        const ctx = makeCtx(db, clock);
        const u = await addUser(db, 'weekly');
        const id = await games.create(ctx, {
          ruleset: GP, name: 'Hebdo', options: { map: 'scandinavia' }, seed: 'weekly-1',
          seats: [{ userId: u, lordName: 'Arnulf' }, { userId: null, lordName: 'Robot' }, { userId: null, lordName: 'Robot II' }],
        });
        const g = await gameRow(db, id);
        assert.equal(g.pace, null);
        assert.equal((g.deadline as Date).toISOString(), '2026-11-27T22:00:00.000Z');
        await expectGamesError(answerPrompt(ctx, id, 'L1', 'orders', 'x'), 'not-prompts');
        assert.equal(await games.runDue(ctx), 0);
        clock.now = new Date((g.deadline as Date).getTime() + 1000);
        assert.equal(await games.runDue(ctx), 1);
        assert.equal((await gameRow(db, id)).step, 1);
      } finally { await db.close(); }
    });
  });
}
