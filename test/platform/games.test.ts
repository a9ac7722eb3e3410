/**
 * The games service on both databases (embedded PGlite and PostgreSQL): deadlines across DST,
 * creating a game, order sheets as typed, early and deadline resolution, bots, defaults and missed
 * turns, reports in both languages and their mail, replay of a stored game, private games, leaving
 * and replacement, reminders, and the lobby.
 */
import { markdownText } from '../../src/platform/http/markdown.ts';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DB_KINDS, testDb } from './util.ts';
import { addUser, count, emailOf, GP, gameRow, homeOf, makeCtx, outbox, PUBLIC_URL, type Clock } from './games-fixtures.ts';
import { formatDeadline, nextDeadline, zonedTime } from '../../src/platform/games/schedule.ts';
import { DEFAULT_SCHEDULE } from '../../src/platform/games/api.ts';
import { games, replayStored } from '../../src/platform/games/service.ts';
import { sendReminders } from '../../src/platform/games/reminders.ts';
import { confirm, distinctNames, joinQueue, lobbyTick, queueOf, withdraw } from '../../src/platform/lobby/service.ts';
import type { Db } from '../../src/platform/db/index.ts';

const H = 3600_000;
const START = '2026-11-18T12:00:00Z'; // a Wednesday

test('schedule: Friday 23:00 Europe/Paris, weekly, across both DST changes', () => {
  // Spring: clocks go forward on Sunday 29 March 2026; 23:00 is 22:00Z before, 21:00Z after.
  let d = new Date('2026-03-18T12:00:00Z');
  const spring: string[] = [];
  for (let i = 0; i < 3; i++) spring.push((d = nextDeadline(DEFAULT_SCHEDULE, d)).toISOString());
  assert.deepEqual(spring, ['2026-03-20T22:00:00.000Z', '2026-03-27T22:00:00.000Z', '2026-04-03T21:00:00.000Z']);
  // Autumn: clocks go back on Sunday 25 October 2026.
  d = new Date('2026-10-20T00:00:00Z');
  const autumn: string[] = [];
  for (let i = 0; i < 3; i++) autumn.push((d = nextDeadline(DEFAULT_SCHEDULE, d)).toISOString());
  assert.deepEqual(autumn, ['2026-10-23T21:00:00.000Z', '2026-10-30T22:00:00.000Z', '2026-11-06T22:00:00.000Z']);
  // Strictly after: at the deadline itself, the next one is a week later.
  assert.equal(nextDeadline(DEFAULT_SCHEDULE, new Date('2026-03-20T22:00:00Z')).toISOString(), '2026-03-27T22:00:00.000Z');
  assert.equal(nextDeadline(DEFAULT_SCHEDULE, new Date('2026-03-20T21:59:59Z')).toISOString(), '2026-03-20T22:00:00.000Z');
  // A wall time skipped by the change moves forward; a repeated one is its first occurrence.
  assert.equal(zonedTime(2026, 3, 29, 2, 30, 'Europe/Paris').toISOString(), '2026-03-29T01:30:00.000Z');
  assert.equal(zonedTime(2026, 10, 25, 2, 30, 'Europe/Paris').toISOString(), '2026-10-25T00:30:00.000Z');
  // Other zones and periods: every 2 days at 09:00 New York, following the previous deadline.
  const ny = { weekday: 0, time: '09:00', timeZone: 'America/New_York', everyDays: 2 };
  assert.equal(nextDeadline(ny, new Date('2026-03-07T00:00:00Z'), new Date('2026-03-06T14:00:00Z')).toISOString(), '2026-03-08T13:00:00.000Z');
  assert.equal(nextDeadline(ny, new Date('2026-03-08T15:00:00Z'), new Date('2026-03-06T14:00:00Z')).toISOString(), '2026-03-10T13:00:00.000Z');
  assert.equal(nextDeadline({ ...ny, everyDays: 1 }, new Date('2026-03-07T15:00:00Z')).toISOString(), '2026-03-08T13:00:00.000Z');
  assert.match(formatDeadline(new Date('2026-11-27T22:00:00Z'), 'Europe/Paris', 'fr'), /vendredi 27 novembre 2026.*23:00/);
  assert.throws(() => nextDeadline({ ...DEFAULT_SCHEDULE, time: '25:00' }, new Date()));
});

test('lobby names: a repeated lord name gets II, III…', () => {
  assert.deepEqual(distinctNames(['Harald', 'Olaf', 'harald', 'Harald']), ['Harald', 'Olaf', 'harald II', 'Harald III']);
});

async function withDb(kind: (typeof DB_KINDS)[number], fn: (db: Db, clock: Clock) => Promise<void>): Promise<void> {
  const db = await testDb(kind);
  try { await fn(db, { now: new Date(START) }); } finally { await db.close(); }
}

for (const kind of DB_KINDS) {
  describe(`games on ${kind}`, () => {
    test('create, sheets kept as typed, early resolution, reports in both languages, mail', () => withDb(kind, async (db, clock) => {
      const ctx = makeCtx(db, clock);
      const alice = await addUser(db, 'alice', 'fr');
      const bob = await addUser(db, 'bob', 'en');
      const id = await games.create(ctx, {
        ruleset: GP, name: 'Essai', options: { map: 'scandinavia' }, seed: 'early-1',
        seats: [{ userId: alice, lordName: 'Arnulf' }, { userId: bob, lordName: 'Bertrand' }, { userId: null, lordName: 'Robot' }],
      });
      const sum = (await games.summary(ctx, id))!;
      assert.equal(sum.status, 'running');
      assert.equal(sum.lords, 3);
      assert.equal(sum.map, 'scandinavia');
      assert.equal(sum.step, 0);
      // Friday 23:00 in Paris, at least half a week away.
      assert.equal(sum.deadline!.toISOString(), '2026-11-27T22:00:00.000Z');
      const seats = await games.seats(ctx, id);
      assert.deepEqual(seats.map((s) => [s.player, s.lordName, s.userId, s.status]), [['L1', 'Arnulf', alice, 'active'], ['L2', 'Bertrand', bob, 'active'], ['L3', 'Robot', null, 'active']]);
      assert.equal((await games.seatOf(ctx, id, bob))!.player, 'L2');
      assert.deepEqual((await games.listForUser(ctx, alice)).map((g) => g.id), [id]);
      assert.ok((await games.listPublic(ctx)).some((g) => g.id === id));
      // The start mail, in each lord's language, with the link to the game.
      let mails = await outbox(db);
      assert.equal(mails.length, 2);
      const aliceMail = await emailOf(db, alice);
      const startFr = mails.find((m) => m.to_addr === aliceMail)!;
      assert.match(startFr.subject, /^Début de partie — Essai$/);
      assert.ok(startFr.text.includes(`${PUBLIC_URL}/games/${id}`));
      assert.match(startFr.text, /Arnulf/);
      assert.match(mails.find((m) => m.to_addr !== aliceMail)!.subject, /^Your game begins — Essai$/);
      assert.ok(await games.view(ctx, id, 'L1'));

      // A sheet with a bad line: the issue is reported, the valid line is kept, the text as typed.
      const home = await homeOf(db, id, 'L1');
      const typed = `IMP 5 ${home}\nFOO bar`;
      let sheet = await games.saveSheet(ctx, id, 'L1', typed);
      assert.equal(sheet.text, typed);
      assert.equal(sheet.issues.length, 1);
      assert.equal(sheet.issues[0]!.line, 2);
      assert.equal((sheet.value as { lines: unknown[] }).lines.length, 1);
      assert.equal(sheet.ready, false);
      // Saving again replaces it.
      const typed2 = `IMP 6 ${home}\nFOO bar\n`;
      await games.saveSheet(ctx, id, 'L1', typed2);
      sheet = await games.sheet(ctx, id, 'L1');
      assert.equal(sheet.text, typed2);
      assert.ok(sheet.updatedAt instanceof Date);
      assert.equal(await count(db, 'sheets WHERE game_id = $1', [id]), 1);
      assert.deepEqual(await games.sheet(ctx, id, 'L2'), { text: '', issues: [], value: null, ready: false, updatedAt: null });

      // Ready: with one human lord still writing, the turn waits.
      await games.setReady(ctx, id, 'L1', true);
      assert.ok(ctx.kicks >= 1, 'ready wakes the scheduler');
      assert.equal((await games.sheet(ctx, id, 'L1')).ready, true);
      assert.equal(await games.resolveIfDue(ctx, id), 'not-due');
      assert.equal(await games.runDue(ctx), 0);
      // The last human lord ready (without writing anything): resolved at once, long before the deadline.
      await games.setReady(ctx, id, 'L2', true);
      assert.equal(await games.resolveIfDue(ctx, id), 'resolved');
      assert.equal(await games.resolveIfDue(ctx, id), 'not-due');
      const g = await gameRow(db, id);
      assert.equal(g.step, 1);
      assert.equal(g.claimed_by, null);
      // Resolved on Wednesday at noon: Friday 23:00 is closer than the shortest turn (half a week), so the Friday after.
      assert.equal(g.deadline.toISOString(), '2026-11-27T22:00:00.000Z', 'the first Friday at least half a week after the resolution');
      const step = (await db.one('SELECT * FROM steps WHERE game_id = $1', [id]))!;
      assert.equal(step.idx, 1);
      assert.equal(step.hash, g.state_hash);
      const subs = step.submissions as { player: string; value: { lines: { text: string }[] }; order: number }[];
      assert.deepEqual(subs.find((s) => s.player === 'L1')!.value.lines.map((l) => l.text), [`IMP 6 ${home}`]);
      assert.deepEqual(step.defaulted, [], 'the bot answered for L3; L2 sent an empty sheet');
      assert.ok(subs.find((s) => s.player === 'L3')!.value.lines.length > 0, 'the bot wrote orders');
      // Reports: every seat, both languages.
      assert.equal(await count(db, 'reports WHERE game_id = $1', [id]), 3);
      assert.deepEqual((await games.reports(ctx, id, 'L2')).map((r) => [r.idx, r.label]), [[1, 'turn 1']]);
      const fr = (await games.report(ctx, id, 1, 'L1', 'fr'))!;
      const en = (await games.report(ctx, id, 1, 'L1', 'en'))!;
      assert.match(fr, /^# BILAN/);
      assert.match(en, /^# TURN REPORT/);
      assert.equal(await games.report(ctx, id, 2, 'L1', 'fr'), null);
      // One report mail per human lord, in his language, with the link to the report page.
      mails = (await outbox(db)).slice(2);
      assert.equal(mails.length, 2);
      const toAlice = mails.find((m) => m.to_addr === startFr.to_addr)!;
      assert.equal(toAlice.subject, 'BILAN — Essai — tour 1');
      assert.ok(toAlice.text.startsWith(markdownText(fr)), 'the text part is the report as plain text');
      assert.ok(toAlice.text.includes(`${PUBLIC_URL}/games/${id}/reports/1`));
      assert.match(toAlice.html!, /<(p|h1)>BILAN/, 'the HTML part is the report rendered');
      assert.ok(!toAlice.html!.includes('<pre'));
      const toBob = mails.find((m) => m.to_addr !== startFr.to_addr)!;
      assert.equal(toBob.subject, 'Report — Essai — turn 1');
      assert.ok(toBob.text.includes('TURN REPORT'));
      // The next step starts with empty sheets.
      assert.equal((await games.sheet(ctx, id, 'L1')).text, '');
      assert.deepEqual((await db.query('SELECT missed FROM seats WHERE game_id = $1 ORDER BY seq', [id])).map((r) => r.missed), [0, 0, 0]);
    }));

    test('deadline resolution, bots, defaults for absent lords, missed turns and the host', () => withDb(kind, async (db, clock) => {
      const ctx = makeCtx(db, clock);
      const host = await addUser(db, 'host');
      const u1 = await addUser(db, 'u1');
      const u2 = await addUser(db, 'u2', 'en');
      const id = await games.create(ctx, {
        ruleset: GP, name: 'Deadline', options: { map: 'scandinavia' }, seed: 'deadline-1', hostUserId: host,
        seats: [{ userId: u1, lordName: 'Un' }, { userId: u2, lordName: 'Deux' }, { userId: null, lordName: 'Trois' }, { userId: null, lordName: 'Quatre' }],
      });
      let deadline = (await games.summary(ctx, id))!.deadline!;
      assert.equal(await games.runDue(ctx), 0, 'nothing is due before the deadline');
      clock.now = new Date(deadline.getTime() - 1000);
      assert.equal(await games.runDue(ctx), 0);
      const home = await homeOf(db, id, 'L2');
      await games.saveSheet(ctx, id, 'L2', `IMP 4 ${home}`); // written but never marked ready
      clock.now = new Date(deadline.getTime() + 1000);
      assert.equal(await games.runDue(ctx), 1);
      let step = (await db.one('SELECT * FROM steps WHERE game_id = $1 AND idx = 1', [id]))!;
      assert.deepEqual(step.defaulted, [{ decision: 'orders', player: 'L1' }], 'only the absent human lord took the default');
      for (const p of ['L3', 'L4']) assert.ok((step.submissions as { player: string }[]).some((s) => s.player === p), `bot ${p} answered`);
      const missed = async () => (await db.query('SELECT missed FROM seats WHERE game_id = $1 ORDER BY seq', [id])).map((r) => r.missed);
      assert.deepEqual(await missed(), [1, 0, 0, 0]);
      let next = (await games.summary(ctx, id))!.deadline!;
      assert.equal(next.getTime() - deadline.getTime(), 7 * 24 * H, 'one week later');
      await assert.rejects(games.openSeatAsHost(ctx, id, 'L1', host), { code: 'not-flagged' });
      // Two more turns without orders: flagged.
      for (let turn = 2; turn <= 3; turn++) {
        deadline = next;
        clock.now = new Date(deadline.getTime() + 5000);
        assert.equal(await games.runDue(ctx), 1);
        next = (await games.summary(ctx, id))!.deadline!;
      }
      assert.deepEqual(await missed(), [3, 2, 0, 0], 'L2 wrote a sheet for turn 1');
      step = (await db.one('SELECT * FROM steps WHERE game_id = $1 AND idx = 3', [id]))!;
      assert.equal((step.defaulted as unknown[]).length, 2);
      const mailU1 = (await outbox(db)).filter((m) => m.subject === 'BILAN — Deadline — tour 3');
      assert.equal(mailU1.length, 1);
      assert.match(mailU1[0]!.text, /depuis 3 tours/);
      await assert.rejects(games.openSeatAsHost(ctx, id, 'L1', u2), { code: 'not-host' });
      await games.openSeatAsHost(ctx, id, 'L1', host);
      assert.equal((await games.seats(ctx, id))[0]!.status, 'open');
    }));

    test('a stored game replays to every recorded hash', () => withDb(kind, async (db, clock) => {
      const TURNS = 14;
      const ctx = makeCtx(db, clock);
      const u1 = await addUser(db, 'r1');
      const u2 = await addUser(db, 'r2');
      const id = await games.create(ctx, {
        ruleset: GP, name: 'Replay', options: { map: 'scandinavia' }, seed: 'replay-1',
        seats: [{ userId: u1, lordName: 'Ragnar' }, { userId: u2, lordName: 'Rollo' },
          ...['Bjorn', 'Ivar', 'Ubbe', 'Sigurd', 'Halfdan', 'Hvitserk', 'Lagertha', 'Aslaug'].map((lordName) => ({ userId: null, lordName }))],
      });
      const home = await homeOf(db, id, 'L1');
      // Long enough for the bots to fight: a state whose keys were reordered (jsonb) would drift here.
      for (let turn = 1; turn <= TURNS; turn++) {
        await games.saveSheet(ctx, id, 'L1', `IMP ${turn} ${home}\nNONSENSE`);
        if (turn % 2) {
          await games.setReady(ctx, id, 'L1', true);
          await games.setReady(ctx, id, 'L2', true);
          assert.equal(await games.resolveIfDue(ctx, id), 'resolved');
        } else {
          clock.now = new Date((await games.summary(ctx, id))!.deadline!.getTime() + 1000);
          assert.equal(await games.runDue(ctx), 1);
        }
      }
      const g = await gameRow(db, id);
      assert.equal(g.step, TURNS);
      const r = (await replayStored(db, id))!;
      assert.deepEqual(r.mismatches, []);
      assert.equal(r.ok, true);
      assert.equal(r.steps, TURNS);
      assert.equal(r.finalHash, g.state_hash);
      const rec = (await games.record(ctx, id))!;
      assert.equal(rec.steps.length, TURNS);
      assert.equal(rec.nextOrder, g.next_order);
    }));

    test('private game: forming, wrong password refused, joins until full, then it starts', () => withDb(kind, async (db, clock) => {
      const ctx = makeCtx(db, clock);
      const host = await addUser(db, 'hugues');
      const [u2, u3, u4] = [await addUser(db, 'gaston'), await addUser(db, 'childeric', 'en'), await addUser(db, 'late')];
      const id = await games.create(ctx, {
        ruleset: GP, name: 'Privée', options: { map: 'scandinavia' }, isPrivate: true, password: 'sésame ouvre-toi', hostUserId: host, maxPlayers: 3,
        seats: [{ userId: host, lordName: 'Hugues' }],
      });
      let sum = (await games.summary(ctx, id))!;
      assert.equal(sum.status, 'forming');
      assert.equal(sum.deadline, null);
      assert.equal(sum.isPrivate, true);
      assert.match((await gameRow(db, id)).password_hash, /^scrypt\$/);
      await assert.rejects(games.joinPrivate(ctx, id, u2, 'Gaston', 'sesame'), { code: 'wrong-password' });
      await games.joinPrivate(ctx, id, u2, 'Gaston', 'sésame ouvre-toi');
      await assert.rejects(games.joinPrivate(ctx, id, u2, 'Gaston bis', 'sésame ouvre-toi'), { code: 'already-seated' });
      await assert.rejects(games.joinPrivate(ctx, id, u3, 'hugues', 'sésame ouvre-toi'), { code: 'lord-name-taken' });
      sum = (await games.summary(ctx, id))!;
      assert.equal(sum.status, 'forming');
      assert.equal(sum.lords, 2);
      assert.equal((await outbox(db)).length, 0);
      await games.joinPrivate(ctx, id, u3, 'Childéric', 'sésame ouvre-toi');
      sum = (await games.summary(ctx, id))!;
      assert.equal(sum.status, 'running');
      assert.ok(sum.deadline);
      assert.deepEqual((await games.seats(ctx, id)).map((s) => [s.player, s.lordName]), [['L1', 'Hugues'], ['L2', 'Gaston'], ['L3', 'Childéric']]);
      assert.equal((await outbox(db)).length, 3, 'every lord gets the start mail');
      await assert.rejects(games.joinPrivate(ctx, id, u4, 'Late', 'sésame ouvre-toi'), { code: 'full' });
      // A lord who leaves opens his seat; the next one with the password takes it.
      await games.leave(ctx, id, u2, 'replace');
      await games.joinPrivate(ctx, id, u4, 'ignored', 'sésame ouvre-toi');
      assert.equal((await games.seatOf(ctx, id, u4))!.lordName, 'Gaston');
      // Leaving a forming game frees the place.
      const id2 = await games.create(ctx, { ruleset: GP, name: 'P2', options: {}, isPrivate: true, password: 'pw', maxPlayers: 3, seats: [{ userId: host, lordName: 'H' }] });
      await games.joinPrivate(ctx, id2, u2, 'G', 'pw');
      await games.leave(ctx, id2, u2, 'abdicate');
      assert.equal((await games.summary(ctx, id2))!.lords, 1);
    }));

    test('leave: replacement wanted, a new player takes the seat; abdication', () => withDb(kind, async (db, clock) => {
      const ctx = makeCtx(db, clock);
      const [u1, u2, u3, u4] = [await addUser(db, 'a1'), await addUser(db, 'a2'), await addUser(db, 'a3'), await addUser(db, 'a4')];
      const id = await games.create(ctx, {
        ruleset: GP, name: 'Leave', options: { map: 'scandinavia' }, seed: 'leave-1',
        seats: [{ userId: u1, lordName: 'A' }, { userId: u2, lordName: 'B' }, { userId: u3, lordName: 'C' }],
      });
      await games.leave(ctx, id, u1, 'replace');
      let s1 = (await games.seats(ctx, id))[0]!;
      assert.equal(s1.status, 'open');
      assert.equal(s1.userId, u1, 'the lord stays until someone takes the seat');
      await assert.rejects(games.takeSeat(ctx, id, 'L1', u2), { code: 'already-seated' });
      await assert.rejects(games.takeSeat(ctx, id, 'L2', u4), { code: 'seat-not-open' });
      await games.takeSeat(ctx, id, 'L1', u4);
      s1 = (await games.seats(ctx, id))[0]!;
      assert.deepEqual([s1.userId, s1.status, s1.lordName], [u4, 'active', 'A']);
      assert.equal(await games.seatOf(ctx, id, u1), null);
      // Abdication: ABD as his sheet, ready.
      await games.leave(ctx, id, u3, 'abdicate');
      const sh = await games.sheet(ctx, id, 'L3');
      assert.equal(sh.text, 'ABD');
      assert.equal(sh.ready, true);
      assert.equal((await games.seats(ctx, id))[2]!.status, 'abdicated');
      await assert.rejects(games.saveSheet(ctx, id, 'L3', 'IMP 1 x'), { code: 'abdicated' });
      await assert.rejects(games.leave(ctx, id, u3, 'abdicate'), { code: 'abdicated' });
      // The others ready: resolved; the abdicated lord is out of the game, asked nothing more.
      await games.setReady(ctx, id, 'L1', true);
      await games.setReady(ctx, id, 'L2', true);
      assert.equal(await games.runDue(ctx), 1);
      const g = await gameRow(db, id);
      assert.equal(g.state.lords.L3.alive, false);
      assert.deepEqual((await db.query('SELECT asked FROM seats WHERE game_id = $1 ORDER BY seq', [id])).map((r) => r.asked), [true, true, false]);
      await assert.rejects(games.saveSheet(ctx, id, 'L3', ''), { code: 'abdicated' });
    }));

    test('leave: a ruleset without abdication only opens the seat (the departure is the ruleset\'s)', () => withDb(kind, async (db, clock) => {
      const ctx = makeCtx(db, clock);
      const [u1, u2] = [await addUser(db, 'k1'), await addUser(db, 'k2')];
      const id = await games.create(ctx, {
        ruleset: 'adventurer-kings', name: 'Sans abdication', options: {}, seed: 'leave-ak',
        seats: [{ userId: u1, lordName: 'K1' }, { userId: u2, lordName: 'K2' }],
      });
      const before = await games.seats(ctx, id);
      await assert.rejects(games.leave(ctx, id, u2, 'abdicate'), { code: 'no-abdication' });
      assert.deepEqual(await games.seats(ctx, id), before, 'nothing changed');
      await games.leave(ctx, id, u2, 'replace');
      assert.equal((await games.seats(ctx, id))[1]!.status, 'open');
    }));

    test('reminders: lords with an empty sheet, 24 hours before, once per step', () => withDb(kind, async (db, clock) => {
      const ctx = makeCtx(db, clock);
      const [u1, u2, u3] = [await addUser(db, 'm1'), await addUser(db, 'm2', 'en'), await addUser(db, 'm3')];
      const id = await games.create(ctx, {
        ruleset: GP, name: 'Rappels', options: { map: 'scandinavia' }, seed: 'remind-1', early: false,
        seats: [{ userId: u1, lordName: 'M1' }, { userId: u2, lordName: 'M2' }, { userId: u3, lordName: 'M3' }, { userId: null, lordName: 'Bot' }],
      });
      const deadline = (await games.summary(ctx, id))!.deadline!;
      const before = (await outbox(db)).length;
      clock.now = new Date(deadline.getTime() - 25 * H);
      assert.equal(await sendReminders(ctx), 0);
      await games.saveSheet(ctx, id, 'L1', `IMP 3 ${await homeOf(db, id, 'L1')}`);
      await games.setReady(ctx, id, 'L3', true); // ready with an empty sheet: he chose to do nothing
      clock.now = new Date(deadline.getTime() - 23 * H);
      assert.equal(await sendReminders(ctx), 1);
      let mails = (await outbox(db)).slice(before);
      assert.deepEqual(mails.map((m) => [m.to_addr, m.subject]), [[await emailOf(db, u2), 'Reminder — Rappels — turn 1']]);
      assert.ok(mails[0]!.text.includes(`${PUBLIC_URL}/games/${id}`));
      assert.equal(await sendReminders(ctx), 0, 'once per step');
      clock.now = new Date(deadline.getTime() + 1000);
      assert.equal(await sendReminders(ctx), 0, 'not after the deadline');
      assert.equal(await games.runDue(ctx), 1);
      const d2 = (await games.summary(ctx, id))!.deadline!;
      clock.now = new Date(d2.getTime() - 2 * H);
      assert.equal(await sendReminders(ctx), 3, 'a new step, a new reminder');
      mails = (await outbox(db)).filter((m) => /^(Rappel|Reminder) — Rappels — (tour|turn) 2$/.test(m.subject));
      assert.equal(mails.length, 3);
      assert.equal(await sendReminders(ctx), 0);
    }));

    test('lobby: confirmations, a game of exactly 10 when 10 confirmed, the 11th waits', () => withDb(kind, async (db, clock) => {
      const ctx = makeCtx(db, clock);
      const users: number[] = [];
      for (let i = 0; i < 11; i++) users.push(await addUser(db, `cand${i}`, i % 3 ? 'fr' : 'en'));
      const names = ['Harald', 'Olaf', 'Sigurd', 'Harald', 'Knut', 'Sven', 'Erik', 'Magnus', 'Ingrid', 'Astrid', 'Leif'];
      const entries: number[] = [];
      for (let i = 0; i < 10; i++) entries.push(await joinQueue(ctx, users[i]!, 'scandinavia', names[i]!));
      await assert.rejects(joinQueue(ctx, users[0]!, 'scandinavia', 'Again'), { code: 'already-queued' });
      await assert.rejects(joinQueue(ctx, users[0]!, 'atlantis', 'X'), { code: 'lobby-map' });
      const eu = await joinQueue(ctx, users[10]!, 'europe', 'Charles'); // Europe needs 30 candidates: one queues
      let tick = await lobbyTick(ctx);
      assert.deepEqual(tick, { asked: 10, started: [] });
      let mails = await outbox(db);
      assert.equal(mails.length, 10);
      for (const e of entries) assert.equal(mails.filter((m) => m.text.includes(`${PUBLIC_URL}/lobby/confirm/${e}\n`)).length, 1);
      assert.ok(mails.some((m) => m.subject === 'Please confirm — Glory & Power — Scandinavia'));
      assert.ok(mails.some((m) => m.subject === 'Confirmez votre participation — Gloire & Pouvoir — Scandinavie'));
      assert.equal((await queueOf(ctx, users[10]!)).find((e) => e.id === eu)!.status, 'waiting');
      assert.deepEqual(await lobbyTick(ctx), { asked: 0, started: [] }, 'asked once');
      // An 11th candidate for Scandinavia is asked too.
      const late = await joinQueue(ctx, users[10]!, 'scandinavia', names[10]!);
      assert.deepEqual(await lobbyTick(ctx), { asked: 1, started: [] });
      // Nine confirm (in order), then the 11th: ten confirmed.
      const confirmAt = async (i: number, entry: number) => { clock.now = new Date(clock.now.getTime() + 60_000); assert.equal(await confirm(ctx, users[i]!, entry), true); };
      for (let i = 0; i < 9; i++) {
        await confirmAt(i, entries[i]!);
        if (i === 8) assert.deepEqual(await lobbyTick(ctx), { asked: 0, started: [] }, 'nine are not enough');
      }
      await assert.rejects(confirm(ctx, users[1]!, entries[0]!), { code: 'no-entry' });
      await confirmAt(10, late);
      tick = await lobbyTick(ctx);
      assert.equal(tick.started.length, 1);
      const gid = tick.started[0]!;
      const seats = await games.seats(ctx, gid);
      assert.equal(seats.length, 10);
      assert.deepEqual(seats.map((s) => s.userId), [...users.slice(0, 9), users[10]]);
      assert.deepEqual(seats.map((s) => s.lordName), ['Harald', 'Olaf', 'Sigurd', 'Harald II', 'Knut', 'Sven', 'Erik', 'Magnus', 'Ingrid', 'Leif']);
      const sum = (await games.summary(ctx, gid))!;
      assert.equal(sum.status, 'running');
      assert.equal(sum.map, 'scandinavia');
      assert.equal(sum.maxPlayers, 10);
      // Every lord gets the start mail with his first report.
      mails = (await outbox(db)).filter((m) => /^(Début de partie|Your game begins) — /.test(m.subject));
      assert.equal(mails.length, 10);
      assert.ok(mails.every((m) => /BILAN|TURN REPORT/.test(m.text)));
      assert.equal(await count(db, `lobby WHERE status = 'placed' AND game_id = $1`, [gid]), 10);
      // The tenth candidate of the first list confirms late: he waits for the next game.
      await confirmAt(9, entries[9]!);
      assert.deepEqual(await lobbyTick(ctx), { asked: 0, started: [] });
      const q = await queueOf(ctx, users[9]!);
      assert.deepEqual(q.map((e) => [e.status, e.candidates, e.confirmed, e.needed, e.playable]), [['confirmed', 1, 1, 10, true]]);
      assert.equal((await queueOf(ctx, users[0]!))[0]!.gameId, gid);
      assert.equal(await withdraw(ctx, users[0]!, entries[0]!), false, 'placed: too late to withdraw');
      assert.equal(await withdraw(ctx, users[9]!, entries[9]!), true);
      assert.deepEqual(await queueOf(ctx, users[9]!), []);
      // Another game for the same candidates is a new entry.
      const again = await joinQueue(ctx, users[9]!, 'scandinavia', 'Astrid');
      assert.ok(again > entries[9]!);
    }));
  });
}
