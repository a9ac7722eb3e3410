/**
 * The outgoing mailer's back-off (mail/mailer.ts), on both databases, with the test clock: a mail
 * whose sending fails is tried again 5 minutes after its 1st failed attempt, 10 after the 2nd, 20
 * after the 3rd, then 40, 80, 160, and never more than 4 hours apart (the cap reached after the 7th
 * failure); after MAX_ATTEMPTS (10) attempts it is never tried again. Each delay is checked at the
 * second: one second before it, the mail is not tried; at it, it is.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deliverMail, MAX_ATTEMPTS } from '../../src/platform/mail/mailer.ts';
import { queueMail } from '../../src/platform/mail/queue.ts';
import { DB_KINDS, testDb } from './util.ts';
import { makeCtx } from './games-fixtures.ts';

const MIN = 60_000;
/** The delay before the next attempt, after the n-th failed one (index n - 1), in minutes. */
const DELAYS_MIN = [5, 10, 20, 40, 80, 160, 240, 240, 240];

for (const kind of DB_KINDS) {
  describe(`failed mails are retried with a growing delay (${kind})`, () => {
    test('5, 10, 20 minutes after the 1st, 2nd and 3rd failure, doubling up to a 4-hour cap, and 10 attempts at most', async () => {
      const db = await testDb(kind);
      const clock = { now: new Date('2026-12-01T08:00:00Z') };
      // Nothing listens on port 1: every attempt fails at once.
      const ctx = makeCtx(db, clock, 'mailer', { smtpUrl: 'smtp://127.0.0.1:1' });
      const row = async () => {
        const r = (await db.one<{ attempts: number; sent_at: Date | null; last_error: string | null }>('SELECT attempts, sent_at, last_error FROM outbox WHERE to_addr = $1', ['late@example.org']))!;
        return { attempts: Number(r.attempts), sent: r.sent_at !== null, error: r.last_error };
      };
      try {
        assert.equal(DELAYS_MIN.length, MAX_ATTEMPTS - 1, 'one delay between two attempts');
        await queueMail(db, { to: 'late@example.org', subject: 'Retard', text: 'late' });
        assert.equal(await deliverMail(ctx), 0);
        let r = await row();
        assert.deepEqual([r.attempts, r.sent], [1, false]);
        assert.ok(r.error, 'the failure is recorded');
        let failedAt = clock.now.getTime();
        for (const [i, minutes] of DELAYS_MIN.entries()) {
          const n = i + 1;
          clock.now = new Date(failedAt + minutes * MIN - 1000);
          assert.equal(await deliverMail(ctx), 0);
          assert.equal((await row()).attempts, n, `after failure ${n}: not tried again ${minutes} min minus 1 s later`);
          clock.now = new Date(failedAt + minutes * MIN);
          assert.equal(await deliverMail(ctx), 0);
          assert.equal((await row()).attempts, n + 1, `after failure ${n}: tried again ${minutes} min later`);
          failedAt = clock.now.getTime();
        }
        r = await row();
        assert.deepEqual([r.attempts, r.sent], [MAX_ATTEMPTS, false]);
        clock.now = new Date(failedAt + 365 * 24 * 60 * MIN);
        assert.equal(await deliverMail(ctx), 0);
        assert.equal((await row()).attempts, MAX_ATTEMPTS, `never tried after ${MAX_ATTEMPTS} attempts`);
      } finally {
        await db.close();
      }
    });
  });
}
