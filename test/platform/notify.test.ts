/**
 * Notifications, on both databases: per channel each/digest/none (the default is the digest), the
 * settings page, the daily digest (once a day per user at config.digestHour UTC, with the clock
 * moved; lines grouped by game and channel; lines written after the batch wait for the next day),
 * and the gazette, whose 'each' notices never go out at once but in the daily batch, one mail per
 * article.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hashPassword } from '../../src/platform/accounts/passwords.ts';
import { emailKey, loginKey } from '../../src/platform/accounts/service.ts';
import { games } from '../../src/platform/games/service.ts';
import type { Channel, Notice } from '../../src/platform/notify/api.ts';
import { batchTime, notifier } from '../../src/platform/notify/service.ts';
import { Browser, inputValue } from './http.ts';
import { DB_KINDS, schedulerPass, startTestPlatform, type TestPlatform } from './util.ts';

interface U { id: number; login: string; password: string; email: string }

async function newUser(tp: TestPlatform, login: string, lang: 'fr' | 'en' = 'fr'): Promise<U> {
  const password = `pw-${login}-long-enough`;
  const email = `${login}@example.test`;
  const row = await tp.db.one<{ id: number }>(
    `INSERT INTO users(login, login_key, email, email_key, password_hash, validated, lang) VALUES ($1, $2, $3, $4, $5, TRUE, $6) RETURNING id`,
    [login, loginKey(login), email, emailKey(email), await hashPassword(password), lang]);
  return { id: Number(row!.id), login, password, email };
}

async function loggedIn(tp: TestPlatform, user: U): Promise<Browser> {
  const b = new Browser(tp.url);
  await b.get('/login');
  const r = await b.post('/login', { login: user.login, password: user.password }, { follow: false });
  assert.equal(r.status, 303);
  return b;
}

interface OutRow { to_addr: string; subject: string; text: string; reply_to: string | null }
const outboxTo = (tp: TestPlatform, email: string): Promise<OutRow[]> =>
  tp.db.query<OutRow>('SELECT to_addr, subject, text, reply_to FROM outbox WHERE to_addr = $1 ORDER BY id', [email]);

function notice(channel: Channel, gameId: number, userIds: number[], tag: string, replyTo?: Record<number, string>): Notice {
  return {
    channel, gameId, userIds,
    line: { fr: `ligne ${tag}`, en: `line ${tag}` },
    subject: { fr: `sujet ${tag}`, en: `subject ${tag}` },
    text: { fr: `texte ${tag}`, en: `text ${tag}` },
    link: `/games/${gameId}/${channel}#${tag}`,
    replyTo,
  };
}

test('batchTime: the last digest hour at or before now (UTC)', () => {
  assert.equal(batchTime(new Date('2026-11-20T12:00:00Z'), 6).toISOString(), '2026-11-20T06:00:00.000Z');
  assert.equal(batchTime(new Date('2026-11-20T06:00:00Z'), 6).toISOString(), '2026-11-20T06:00:00.000Z');
  assert.equal(batchTime(new Date('2026-11-20T05:59:59Z'), 6).toISOString(), '2026-11-19T06:00:00.000Z');
  assert.equal(batchTime(new Date('2026-03-01T01:00:00Z'), 6).toISOString(), '2026-02-28T06:00:00.000Z');
});

for (const kind of DB_KINDS) {
  describe(`notifications (${kind})`, () => {
    let tp: TestPlatform;
    let gameId: number;
    let game2: number;
    let ann: U, ben: U, cyd: U, eve: U;

    before(async () => {
      tp = await startTestPlatform(kind);
      ann = await newUser(tp, 'ann_n');
      ben = await newUser(tp, 'ben_n', 'en');
      cyd = await newUser(tp, 'cyd_n');
      eve = await newUser(tp, 'eve_n');
      gameId = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Notices', options: { map: 'scandinavia' },
        seats: [{ userId: ann.id, lordName: 'Anselme' }, { userId: ben.id, lordName: 'Bertrand' }], maxPlayers: 2, early: false,
      });
      game2 = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Seconde', options: { map: 'scandinavia' },
        seats: [{ userId: ann.id, lordName: 'Anselme II' }, { userId: cyd.id, lordName: 'Cyprien' }], maxPlayers: 2, early: false,
      });
    });
    after(async () => { await tp?.close(); });

    test('the settings page: digest by default, per channel each/digest/none', async () => {
      const anon = new Browser(tp.url);
      const r0 = await anon.get('/account/notifications', { follow: false });
      assert.equal(r0.status, 302);
      assert.match(r0.location ?? '', /^\/login/);

      const b = await loggedIn(tp, eve);
      const page = await b.get('/account/notifications');
      assert.equal(page.status, 200);
      for (const ch of ['forum', 'letters', 'gazette']) {
        assert.match(page.text, new RegExp(`name="${ch}" value="digest" checked`), `${ch}: digest by default`);
      }
      assert.deepEqual(await notifier.getPrefs(tp.platform.ctx, eve.id), { forum: 'digest', letters: 'digest', gazette: 'digest', turn: 'each', reports: 'each' });
      assert.equal((await b.request('POST', '/account/notifications', { form: { forum: 'each' }, csrf: false, follow: false })).status, 403, 'CSRF');
      const saved = await b.post('/account/notifications', { forum: 'each', letters: 'none', gazette: 'bogus' });
      assert.equal(saved.status, 200);
      assert.equal(saved.path, '/account/notifications?saved=1');
      assert.deepEqual(await notifier.getPrefs(tp.platform.ctx, eve.id), { forum: 'each', letters: 'none', gazette: 'digest', turn: 'each', reports: 'each' });
      assert.match(saved.text, /name="forum" value="each" checked/);
      assert.match(saved.text, /name="letters" value="none" checked/);
      assert.equal(inputValue(saved.text, '_csrf') !== null, true);
    });

    test('each: a mail now (user’s language, Reply-To); digest: a queued line; none: nothing', async () => {
      const ctx = tp.platform.ctx;
      await notifier.setPref(ctx, ann.id, 'forum', 'each');
      await notifier.setPref(ctx, ann.id, 'letters', 'digest');
      await notifier.setPref(ctx, ann.id, 'gazette', 'none');
      await notifier.setPref(ctx, ben.id, 'forum', 'each');
      await notifier.setPref(ctx, ben.id, 'letters', 'none');
      await tp.db.tx(async (db) => {
        await notifier.notify(ctx, db, notice('forum', gameId, [ann.id, ben.id], 'F1', { [ann.id]: 'lettre+abc@suzerain.localhost' }));
        await notifier.notify(ctx, db, notice('letters', gameId, [ann.id, ben.id], 'LTR1'));
        await notifier.notify(ctx, db, notice('gazette', gameId, [ann.id], 'G0'));
      });
      const a = await outboxTo(tp, ann.email);
      assert.equal(a.filter((m) => /F1/.test(m.subject)).length, 1);
      const f1 = a.find((m) => /F1/.test(m.subject))!;
      assert.equal(f1.subject, 'sujet F1', 'in French for Ann');
      assert.match(f1.text, /texte F1/);
      assert.match(f1.text, new RegExp(`/games/${gameId}/forum#F1`));
      assert.equal(f1.reply_to, 'lettre+abc@suzerain.localhost');
      const b = await outboxTo(tp, ben.email);
      const bf = b.find((m) => /F1/.test(m.subject))!;
      assert.equal(bf.subject, 'subject F1', 'in English for Ben');
      assert.equal(bf.reply_to, null);
      assert.ok(!a.some((m) => /LTR1|G0/.test(m.subject + m.text)));
      assert.ok(!b.some((m) => /LTR1/.test(m.subject + m.text)));
      // Ann's letters wait for the digest; Ben (none) and Ann's gazette (none) leave nothing.
      const q = await tp.db.query<{ user_id: number; channel: string; line: string }>('SELECT user_id, channel, line FROM notification_queue ORDER BY id');
      assert.deepEqual(q.map((r) => [Number(r.user_id), r.channel, r.line]), [[ann.id, 'letters', 'ligne LTR1']]);
      // The immediate mail really goes out through SMTP.
      await schedulerPass(tp);
      const got = await tp.smtp.waitFor((m) => m.to.includes(ben.email) && m.subject === 'subject F1');
      assert.match(got.text, /text F1/);
    });

    test('the digest goes out once a day at the digest hour (UTC), grouped by game and channel', async () => {
      const ctx = tp.platform.ctx;
      // Now: 2026-11-20 12:00 UTC, after today's batch (06:00): the lines wait for tomorrow.
      assert.equal(tp.clock.now.toISOString(), '2026-11-20T12:00:00.000Z');
      await notifier.setPref(ctx, ann.id, 'forum', 'digest');
      await tp.db.tx(async (db) => {
        await notifier.notify(ctx, db, notice('forum', gameId, [ann.id], 'F2'));
        await notifier.notify(ctx, db, notice('letters', game2, [ann.id], 'LTR2'));
      });
      await schedulerPass(tp);
      assert.equal(await notifier.sendDigests(ctx), 0);
      tp.clock.now = new Date('2026-11-21T05:59:00Z');
      await schedulerPass(tp);
      assert.equal((await outboxTo(tp, ann.email)).filter((m) => /nouvelles du jour/.test(m.subject)).length, 0, 'not before the hour');

      tp.clock.now = new Date('2026-11-21T06:00:30Z');
      await schedulerPass(tp);
      const digests = (await outboxTo(tp, ann.email)).filter((m) => /nouvelles du jour/.test(m.subject));
      assert.equal(digests.length, 1);
      const d = digests[0]!;
      assert.match(d.subject, /\(3\)/);
      // Grouped by game, then channel.
      const iNotices = d.text.indexOf('== Notices ==');
      const iSeconde = d.text.indexOf('== Seconde ==');
      assert.ok(iNotices >= 0 && iSeconde >= 0, d.text);
      const first = iNotices < iSeconde ? d.text.slice(iNotices, iSeconde) : d.text.slice(iNotices);
      assert.match(first, /Forum :\n\s+• ligne F2/);
      assert.match(first, /Lettres scellées :\n\s+• ligne LTR1/);
      const second = iNotices < iSeconde ? d.text.slice(iSeconde) : d.text.slice(iSeconde, iNotices);
      assert.match(second, /• ligne LTR2/);
      assert.match(d.text, /\/account\/notifications/);
      const mail = await tp.smtp.waitFor((m) => m.to.includes(ann.email) && /nouvelles du jour/.test(m.subject));
      assert.match(mail.text, /ligne F2/);

      // Once a day: a new line later that day waits for the next day's batch.
      await schedulerPass(tp);
      tp.clock.now = new Date('2026-11-21T09:00:00Z');
      await tp.db.tx((db) => notifier.notify(ctx, db, notice('forum', gameId, [ann.id], 'F3')));
      await schedulerPass(tp);
      tp.clock.now = new Date('2026-11-21T23:00:00Z');
      await schedulerPass(tp);
      assert.equal((await outboxTo(tp, ann.email)).filter((m) => /nouvelles du jour/.test(m.subject)).length, 1);
      tp.clock.now = new Date('2026-11-22T07:15:00Z');
      await schedulerPass(tp);
      await schedulerPass(tp);
      const all = (await outboxTo(tp, ann.email)).filter((m) => /nouvelles du jour/.test(m.subject));
      assert.equal(all.length, 2);
      assert.match(all[1]!.text, /ligne F3/);
      assert.doesNotMatch(all[1]!.text, /ligne F2/);
      // Nothing pending any more; a day without news sends nothing.
      assert.equal(Number((await tp.db.one<{ n: number }>('SELECT count(*)::int AS n FROM notification_queue WHERE sent_at IS NULL'))!.n), 0);
      tp.clock.now = new Date('2026-11-23T06:30:00Z');
      assert.equal(await notifier.sendDigests(ctx), 0);
    });

    test('the gazette: no mail at writing time, even on each; one mail per article at the batch', async () => {
      const ctx = tp.platform.ctx;
      tp.clock.now = new Date('2026-11-23T10:00:00Z');
      await notifier.setPref(ctx, ben.id, 'gazette', 'each');
      await notifier.setPref(ctx, ben.id, 'forum', 'none');
      await notifier.setPref(ctx, cyd.id, 'gazette', 'digest');
      // (The game's own mails — reminders, reports — also go to the lords: only notices are counted.)
      const notices = async (u: U, re: RegExp) => (await outboxTo(tp, u.email)).filter((m) => re.test(m.subject + '\n' + m.text));
      const G = /\b(line|ligne) G\d|F9/;
      await tp.db.tx(async (db) => {
        await notifier.notify(ctx, db, notice('gazette', gameId, [ben.id, cyd.id], 'G1'));
        await notifier.notify(ctx, db, notice('gazette', gameId, [ben.id, cyd.id], 'G2'));
        await notifier.notify(ctx, db, notice('forum', gameId, [ben.id], 'F9'));
      });
      await schedulerPass(tp);
      assert.equal((await notices(ben, G)).length, 0, 'nothing at writing time');
      tp.clock.now = new Date('2026-11-23T20:00:00Z');
      await schedulerPass(tp);
      assert.equal((await notices(ben, G)).length, 0, 'nor later that day');

      tp.clock.now = new Date('2026-11-24T06:00:05Z');
      await schedulerPass(tp);
      const ben2 = await notices(ben, G);
      assert.equal(ben2.length, 2, 'one mail per article, at the batch');
      assert.deepEqual(ben2.map((m) => (/line (G\d)/.exec(m.text) ?? [])[1]).sort(), ['G1', 'G2']);
      for (const m of ben2) assert.match(m.subject, /Gazette/);
      assert.ok(!ben2.some((m) => /F9/.test(m.text)), 'forum on none');
      // Cyd (digest): both articles in one digest.
      const cydMails = (await outboxTo(tp, cyd.email)).filter((m) => /nouvelles du jour/.test(m.subject));
      assert.equal(cydMails.length, 1);
      assert.match(cydMails[0]!.text, /La Gazette :\n\s+• ligne G1[\s\S]*• ligne G2/);
      await tp.smtp.waitFor((m) => m.to.includes(ben.email) && /Gazette/.test(m.subject) && /G1/.test(m.text));
      await tp.smtp.waitFor((m) => m.to.includes(ben.email) && /Gazette/.test(m.subject) && /G2/.test(m.text));
      // A channel switched to none before the batch: its pending lines are dropped.
      tp.clock.now = new Date('2026-11-24T08:00:00Z');
      await tp.db.tx((db) => notifier.notify(ctx, db, notice('gazette', gameId, [cyd.id], 'G3')));
      await notifier.setPref(ctx, cyd.id, 'gazette', 'none');
      tp.clock.now = new Date('2026-11-25T06:01:00Z');
      await schedulerPass(tp);
      assert.equal((await notices(cyd, /G3/)).length, 0);
      assert.ok(await tp.db.one(`SELECT 1 FROM notification_queue WHERE user_id = $1 AND line = 'ligne G3' AND sent_at IS NOT NULL`, [cyd.id]), 'dropped, not left pending');
    });
  });
}
