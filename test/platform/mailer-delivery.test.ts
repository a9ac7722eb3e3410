/**
 * What the mailer (src/platform/mail/mailer.ts) puts on the wire, on PostgreSQL with a real SMTP
 * server: the outbox's mails go out oldest first, with their text and HTML; a
 * mail queued with a map carries it as an inline PNG (carte.png, image/png, the content id the
 * HTML refers to); a map that cannot be drawn leaves the mail without its picture, never unsent.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';

import { configFromEnv } from '../../src/platform/config.ts';
import type { Db } from '../../src/platform/db/index.ts';
import type { AppCtx } from '../../src/platform/http/server.ts';
import { nullHub } from '../../src/platform/live/hub.ts';
import { deliverMail } from '../../src/platform/mail/mailer.ts';
import { MAP_CID, queueMail } from '../../src/platform/mail/queue.ts';
import { closeReferee } from '../../src/platform/referee/pool.ts';
import { startSmtp, testDb, type TestSmtp } from './util.ts';

let db: Db;
let smtp: TestSmtp;
let ctx: AppCtx;
before(async () => {
  db = await testDb('postgres');
  smtp = await startSmtp();
  ctx = { db, config: { ...configFromEnv({}), smtpUrl: smtp.url }, now: () => new Date('2026-12-01T08:00:00Z'), instanceId: 'mailer-test', kick: () => {}, live: nullHub } as AppCtx;
});
after(async () => { await db?.close(); await smtp?.close(); await closeReferee(); });

const MAP = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20"><rect width="40" height="20" fill="#2a6"/></svg>';

test('the outbox goes out oldest first, each mail with its text and HTML', async () => {
  const tag = randomBytes(4).toString('hex');
  for (let i = 0; i < 12; i++) {
    await queueMail(db, { to: `r${i}@example.org`, subject: `${tag} #${i}`, text: `text ${i}`, html: i % 2 ? `<p>html ${i}</p>` : null, replyTo: i === 3 ? 'lord@example.org' : null });
  }
  assert.equal(await deliverMail(ctx), 12);
  const got = smtp.mails.filter((m) => m.subject.startsWith(`${tag} `));
  assert.deepEqual(got.map((m) => m.subject), Array.from({ length: 12 }, (_, i) => `${tag} #${i}`));
  assert.equal(got[1]!.html?.trim(), '<p>html 1</p>');
  assert.equal(got[2]!.text.trim(), 'text 2');
  assert.deepEqual(got.map((m) => m.attachments.length), Array(12).fill(0));
});

test('a map travels as an inline PNG; a map that cannot be drawn leaves the mail without it', async () => {
  const tag = randomBytes(4).toString('hex');
  await queueMail(db, { to: 'map@example.org', subject: `${tag} map`, text: 'map', html: `<img src="cid:${MAP_CID}">`, mapSvg: MAP });
  await queueMail(db, { to: 'broken@example.org', subject: `${tag} broken`, text: 'broken', html: '<p>b</p>', mapSvg: '<svg' });
  const errors: unknown[] = [];
  const log = console.error;
  console.error = (...a: unknown[]) => { errors.push(a.join(' ')); };
  try {
    assert.equal(await deliverMail(ctx), 2);
  } finally {
    console.error = log;
  }
  const withMap = smtp.mails.find((m) => m.subject === `${tag} map`)!;
  assert.equal(withMap.attachments.length, 1);
  const png = withMap.attachments[0]!;
  assert.equal(png.filename, 'carte.png');
  assert.equal(png.mimeType, 'image/png');
  assert.equal(png.contentId?.replace(/^<|>$/g, ''), MAP_CID);
  assert.deepEqual([...png.content.subarray(1, 4)], [...Buffer.from('PNG')]);
  const broken = smtp.mails.find((m) => m.subject === `${tag} broken`)!;
  assert.equal(broken.attachments.length, 0);
  assert.equal(errors.length, 1);
  assert.match(String(errors[0]), /the map of mail \d+ could not be drawn/);
  const rows = await db.query<{ sent_at: Date | null; map_svg: string | null }>(`SELECT sent_at, map_svg FROM outbox WHERE subject LIKE $1`, [`${tag} %`]);
  assert.ok(rows.every((r) => r.sent_at && r.map_svg === null), 'both sent, their maps dropped');
});
