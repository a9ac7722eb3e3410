/**
 * Every turn keeps a minimum length (half the period by default, host-settable): a turn resolved
 * early on Friday at 22:59 is followed by a turn ending the next Friday, not one minute later; the
 * deadline stored, shown and mailed is that one. With the test clock, on the embedded database.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { checkSchedule, minTurnMs, turnDeadline } from '../../src/platform/games/schedule.ts';
import { addUser, GP, gameRow, makeCtx, outbox } from './games-fixtures.ts';
import { testDb } from './util.ts';

const WEEKLY = { weekday: 5, time: '23:00', timeZone: 'Europe/Paris', everyDays: 7 };
const FRIDAY_2259 = new Date('2026-11-27T21:59:00Z'); // Friday 27 November 2026, 22:59 in Paris

describe('the shortest turn', () => {
  test('by default half the period; the first slot at least that long after the turn starts', () => {
    assert.equal(minTurnMs(WEEKLY), 84 * 3600_000);
    assert.equal(turnDeadline(WEEKLY, FRIDAY_2259).toISOString(), '2026-12-04T22:00:00.000Z', 'next Friday 23:00, not in one minute');
    assert.equal(turnDeadline({ ...WEEKLY, minHours: 0 }, FRIDAY_2259).toISOString(), '2026-11-27T22:00:00.000Z', 'a host may allow the short turn');
    assert.equal(turnDeadline({ ...WEEKLY, minHours: 24 }, new Date('2026-11-26T21:00:00Z')).toISOString(), '2026-11-27T22:00:00.000Z', 'Thursday 22:00 + 24 h is before Friday 23:00');
    assert.equal(turnDeadline({ ...WEEKLY, minHours: 24 }, new Date('2026-11-26T22:30:00Z')).toISOString(), '2026-12-04T22:00:00.000Z', 'Thursday 23:30 + 24 h is past Friday 23:00');
    assert.throws(() => checkSchedule({ ...WEEKLY, minHours: -1 }), /minimum turn length/);
    assert.throws(() => checkSchedule({ ...WEEKLY, minHours: 169 }), /minimum turn length/);
  });

  for (const [what, minHours, expected] of [
    ['the default', undefined, '2026-12-04T22:00:00.000Z'],
    ['a host\'s 0 hours', 0, '2026-11-27T22:00:00.000Z'],
  ] as const) {
    test(`a turn resolved early on Friday at 22:59 (${what}): the next deadline, stored and mailed`, async () => {
      const db = await testDb('pglite');
      try {
        const clock = { now: new Date('2026-11-20T12:00:00Z') };
        const ctx = makeCtx(db, clock);
        const u = await addUser(db, 'early', 'en');
        const id = await games.create(ctx, {
          ruleset: GP, name: 'Early', options: { map: 'scandinavia' }, early: true,
          schedule: { ...WEEKLY, ...(minHours !== undefined ? { minHours } : {}) },
          seats: [{ userId: u, lordName: 'Harald' }, ...['Sven', 'Knut', 'Erik', 'Olaf'].map((lordName) => ({ userId: null, lordName }))],
        });
        clock.now = FRIDAY_2259;
        await games.setReady(ctx, id, 'L1', true);
        assert.equal(await games.resolveIfDue(ctx, id), 'resolved');
        const g = await gameRow(db, id);
        assert.equal(new Date(g.deadline).toISOString(), expected);
        const mail = (await outbox(db)).filter((m) => /Report — Early — turn 1/.test(m.subject)).at(-1)!;
        const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Paris' }).formatToParts(new Date(expected));
        const day = when.find((p) => p.type === 'day')!.value;
        assert.match(mail.text, new RegExp(`Next orders due before .*\\b${day}\\b`), 'the mail gives the real deadline');
      } finally {
        await db.close();
      }
    });
  }
});
