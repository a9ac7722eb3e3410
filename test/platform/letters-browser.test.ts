/**
 * Letters in a real browser (Chromium): a lord chooses a mail for every letter on his settings
 * page; another lord writes him a letter; he reads it (unread badge, signature with the lord's
 * name); he answers by e-mail — the notification mail is taken from the test SMTP server and the
 * reply sent to its reply address through the inbound SMTP port — and the first lord reads the
 * answer in the browser. Then the clock passes the digest hour and a digest mail arrives.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';

import { createTransport } from 'nodemailer';
import type { Browser as Chromium } from 'playwright-core';
import { games } from '../../src/platform/games/service.ts';
import { BROWSER_SKIP, launchBrowser } from './browser.ts';
import { schedulerPass, startTestPlatform, type TestPlatform } from './util.ts';
import { newUser, logIn, type TestUser as U } from './users.ts';




describe('letters in a real browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  let alice: U, bob: U;
  let gameId: number;
  let bobPlayer: string;
  const errors: string[] = [];

  before(async () => {
    tp = await startTestPlatform('pglite', { inboundSmtpPort: 0 });
    chromium = await launchBrowser();
    alice = await newUser(tp, 'alice_in_browser');
    bob = await newUser(tp, 'bob_in_browser');
    gameId = await games.create(tp.platform.ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Chroniques', options: { map: 'scandinavia' },
      seats: [{ userId: alice.id, lordName: 'Aliénor d’Aquitaine' }, { userId: bob.id, lordName: 'Bohémond de Tarente' }], maxPlayers: 2, early: false,
    });
    bobPlayer = (await tp.db.one<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, bob.id]))!.player;
  });
  after(async () => { await chromium?.close(); await tp?.close(); });

  test('write and read in the browser, reply by e-mail, read the reply; then the digest', async () => {
    const ctxA = await chromium.newContext();
    const ctxB = await chromium.newContext();
    const pa = await ctxA.newPage();
    const pb = await ctxB.newPage();
    for (const p of [pa, pb]) {
      p.on('pageerror', (e) => errors.push(String(e)));
      p.on('console', (m) => { if (m.type() === 'error' && !/favicon/.test(m.location().url)) errors.push(m.text()); });
    }
    await logIn(pa, tp.url, alice);
    await logIn(pb, tp.url, bob);

    // Bob wants a mail for every letter (settings page).
    await pb.goto(`${tp.url}/account/notifications`);
    assert.equal(await pb.isChecked('input[name="letters"][value="digest"]'), true, 'digest by default');
    await pb.check('input[name="letters"][value="each"]');
    await Promise.all([pb.waitForURL(/saved=1/), pb.click('#notify-form button[type="submit"]')]);
    assert.equal(await pb.isChecked('input[name="letters"][value="each"]'), true);

    // Alice writes from the game page's link to the letters.
    await pa.goto(`${tp.url}/games/${gameId}/letters`);
    await pa.check(`input[name="to"][value="${bobPlayer}"]`);
    await pa.fill('#letter-subject', 'Une croisade ?');
    await pa.fill('#letter-body', 'Mon cher Bohémond,\nPartons pour l’Orient au printemps.\n<script>alert(1)</script>');
    await Promise.all([pa.waitForURL(/\/letters\/\d+/), pa.click('#letter-form button[type="submit"]')]);
    const threadId = Number(/letters\/(\d+)/.exec(pa.url())![1]);
    assert.match(await pa.locator('#letters').innerText(), /Partons pour l’Orient au printemps\./);

    // Bob sees one unread letter, opens it, reads it signed with Alice's lord's name.
    await pb.goto(`${tp.url}/games/${gameId}/letters`);
    assert.equal(await pb.locator(`tr[data-thread="${threadId}"] .unread`).getAttribute('data-unread'), '1');
    await Promise.all([pb.waitForURL(new RegExp(`/letters/${threadId}`)), pb.click(`tr[data-thread="${threadId}"] a`)]);
    const letter = pb.locator('article.letter').first();
    assert.match(await letter.innerText(), /Mon cher Bohémond,\nPartons pour l’Orient au printemps\.\n<script>alert\(1\)<\/script>/);
    assert.equal(await letter.locator('header .signature').innerText(), 'Aliénor d’Aquitaine');
    assert.doesNotMatch(await pb.content(), /alice_in_browser/);
    await pb.goto(`${tp.url}/games/${gameId}/letters`);
    assert.equal(await pb.locator(`tr[data-thread="${threadId}"] [data-unread]`).getAttribute('data-unread'), '0');

    // Bob's notification mail, in the test SMTP mailbox, names his reply address.
    const mail = await tp.smtp.waitFor((m) => m.to.includes(bob.email) && /Une croisade/.test(m.subject));
    assert.doesNotMatch(mail.text, /alice_in_browser/);
    const replyTo = /(lettre\+[0-9a-f]{32}@suzerain\.localhost)/.exec(mail.text)![1]!;
    const out = await tp.db.one<{ reply_to: string }>(`SELECT reply_to FROM outbox WHERE to_addr = $1 AND subject LIKE '%croisade%'`, [bob.email]);
    assert.equal(out!.reply_to, replyTo, 'the Reply-To header of that mail');

    // He replies from his mailbox: his answer above the quoted mail.
    const quoted = mail.text.split('\n').map((l) => `> ${l}`).join('\n');
    const transport = createTransport({ host: '127.0.0.1', port: tp.platform.inboundPort!, secure: false, ignoreTLS: true });
    await transport.sendMail({
      from: `Bob <${bob.email}>`, to: replyTo, subject: `Re: ${mail.subject}`,
      text: `Volontiers, partons en mars.\n\nLe ven. 20 nov. 2026 à 13:00, Le Scribe Royal <scribe@suzerain.localhost> a écrit :\n${quoted}\n`,
    });
    transport.close();

    // Alice reads the reply in her browser, signed Bohémond, marked as sent by mail; the quote is gone.
    await pa.goto(`${tp.url}/games/${gameId}/letters`);
    assert.equal(await pa.locator(`tr[data-thread="${threadId}"] .unread`).getAttribute('data-unread'), '1');
    await pa.goto(`${tp.url}/games/${gameId}/letters/${threadId}`);
    const reply = pa.locator('article.letter').nth(1);
    const replyText = await reply.innerText();
    assert.match(replyText, /Volontiers, partons en mars\./);
    assert.match(replyText, /par courriel/);
    assert.doesNotMatch(replyText, /Partons pour l’Orient|a écrit/);
    assert.equal(await reply.locator('header .signature').innerText(), 'Bohémond de Tarente');
    assert.doesNotMatch(await pa.content(), /bob_in_browser/);

    // Alice keeps the daily digest: nothing until the digest hour, then one mail.
    await schedulerPass(tp);
    assert.ok(!tp.smtp.mails.some((m) => m.to.includes(alice.email) && /nouvelles du jour/.test(m.subject)));
    tp.clock.now = new Date(Date.UTC(2026, 10, 21, tp.platform.ctx.config.digestHour, 5));
    await schedulerPass(tp);
    const digest = await tp.smtp.waitFor((m) => m.to.includes(alice.email) && /nouvelles du jour/.test(m.subject));
    assert.match(digest.text, /Chroniques/);
    assert.match(digest.text, /Lettre de Bohémond de Tarente : « Une croisade \? »/);
    assert.match(digest.text, new RegExp(`/games/${gameId}/letters/${threadId}`));
    assert.doesNotMatch(digest.text, /bob_in_browser/);

    assert.deepEqual(errors, []);
    await ctxA.close();
    await ctxB.close();
  });
});
