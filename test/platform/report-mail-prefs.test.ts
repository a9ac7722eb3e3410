/**
 * Turn reports by mail follow the player's notification settings (channel 'reports', README
 * "Notifications"): 'each' (the default) the report mail as before; 'digest' no mail at the
 * resolution but a line of the next daily digest with the report's link; 'none' nothing, the
 * report stays on the site. On both databases, set through the settings page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { notifier } from '../../src/platform/notify/service.ts';
import { DB_KINDS, playerOf, startTestPlatform, waitForStep, type TestPlatform } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';

interface Out { to_addr: string; subject: string; text: string }

for (const kind of DB_KINDS) {
  describe(`report mails and the notification settings (${kind})`, () => {
    let tp: TestPlatform;
    let ada: TestUser, bea: TestUser, cid: TestUser;
    before(async () => {
      tp = await startTestPlatform(kind);
      ada = await newUser(tp, 'rmp_ada', 'fr');
      bea = await newUser(tp, 'rmp_bea', 'en');
      cid = await newUser(tp, 'rmp_cid', 'fr');
    });
    after(async () => { await tp?.close(); });

    test('each: the report mail; digest: a line with the link in the daily digest; none: nothing', { timeout: 120_000 }, async () => {
      const ctx = tp.platform.ctx;
      // Bea chooses the digest and Cid nothing, on the settings page; Ada keeps the default.
      const pageB = await loggedIn(tp, bea);
      const settings = await pageB.get('/account/notifications');
      assert.match(settings.text, /name="reports" value="each" checked/, 'a mail per report by default');
      assert.match(settings.text, /Turn reports/);
      assert.equal((await pageB.post('/account/notifications', { reports: 'digest' })).status, 200);
      const pageC = await loggedIn(tp, cid);
      await pageC.get('/account/notifications');
      assert.equal((await pageC.post('/account/notifications', { reports: 'none' })).status, 200);
      assert.equal((await notifier.getPrefs(ctx, bea.id)).reports, 'digest');
      assert.equal((await notifier.getPrefs(ctx, cid.id)).reports, 'none');
      assert.equal((await notifier.getPrefs(ctx, ada.id)).reports, 'each');

      const id = await games.create(ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Courriers', options: { map: 'scandinavia' }, seed: `report-prefs-${kind}`,
        seats: [{ userId: ada.id, lordName: 'Adalbert' }, { userId: bea.id, lordName: 'Béatrice' }, { userId: cid.id, lordName: 'Cidre' }], maxPlayers: 3, early: true,
      });
      for (const u of [ada, bea, cid]) await games.setReady(ctx, id, await playerOf(tp, id, u.id), true);
      await waitForStep(tp, id, 1);

      const mails = await tp.db.query<Out>('SELECT to_addr, subject, text FROM outbox ORDER BY id');
      const reportsTo = (u: TestUser) => mails.filter((m) => m.to_addr === u.email && /tour 1|turn 1/i.test(m.subject));
      assert.equal(reportsTo(ada).length, 1, 'Ada: the report mail');
      assert.equal(reportsTo(ada)[0]!.subject, 'BILAN — Courriers — tour 1');
      assert.deepEqual(reportsTo(bea), [], 'Bea: no mail now');
      assert.deepEqual(reportsTo(cid), [], 'Cid: no mail');
      // Their reports are on the site all the same.
      assert.equal((await pageC.get(`/games/${id}/reports/1`)).status, 200);

      const queued = await tp.db.query<{ user_id: number; channel: string; line: string; link: string }>(
        "SELECT user_id, channel, line, link FROM notification_queue WHERE channel = 'reports' ORDER BY id");
      assert.deepEqual(queued.map((q) => [Number(q.user_id), q.line, q.link]), [[bea.id, 'Turn 1: your report', `/games/${id}/reports/1`]]);

      // The next daily batch carries Bea's line, under the game and the channel's name.
      const before = mails.length;
      tp.clock.now = new Date(tp.clock.now.getTime() + 26 * 3600_000);
      await notifier.sendDigests(ctx);
      const digest = (await tp.db.query<Out>('SELECT to_addr, subject, text FROM outbox ORDER BY id')).slice(before)
        .filter((m) => m.to_addr === bea.email && /today’s news/.test(m.subject));
      assert.equal(digest.length, 1, 'one digest for Bea');
      assert.match(digest[0]!.text, /== Courriers ==[\s\S]*Turn reports:\n {2}• Turn 1: your report\n {4}\S+\/games\/\d+\/reports\/1/);
    });
  });
}
