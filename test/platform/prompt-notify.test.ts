/**
 * "Your turn" in games of prompts (issue 14), on both databases, with the Fair ruleset: a mail when
 * a prompt opens for a player whose channel `turn` is 'each' (sent by the mailer to the test SMTP
 * server), nothing with 'none', a digest line with 'digest', no mail while he is on the game's page
 * (a presence row), no second mail while the first is unanswered, none for a step due already (the
 * one asked is absent, his default applies at once); the reminders at half-time and
 * shortly before the default, each exactly once with two passes in parallel, none while the game
 * is paused; the home page's « À vous de jouer », the most urgent game first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import '../engine/fair-ruleset.ts';
import { games } from '../../src/platform/games/service.ts';
import { answerPrompt, pauseGame } from '../../src/platform/games/prompts.ts';
import { reminderTimes, sendPromptReminders } from '../../src/platform/games/prompt-reminders.ts';
import { notifier } from '../../src/platform/notify/service.ts';
import { DB_KINDS, schedulerPass, startTestPlatform, waitForStep, type TestPlatform } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';

const HOUR = 3_600_000;

test('reminderTimes: half-time, and the last tenth or the last hour, whichever is shorter', () => {
  const t0 = new Date('2026-11-20T12:00:00Z');
  const r12 = reminderTimes(t0, new Date(t0.getTime() + 12 * HOUR));
  assert.equal(r12.half.toISOString(), '2026-11-20T18:00:00.000Z');
  assert.equal(r12.last.toISOString(), '2026-11-20T23:00:00.000Z'); // the last hour (a tenth would be 1 h 12)
  const r10m = reminderTimes(t0, new Date(t0.getTime() + 10 * 60_000));
  assert.equal(r10m.half.toISOString(), '2026-11-20T12:05:00.000Z');
  assert.equal(r10m.last.toISOString(), '2026-11-20T12:09:00.000Z'); // the last tenth (1 min)
});

for (const kind of DB_KINDS) {
  describe(`your turn in games of prompts (${kind})`, () => {
    let tp: TestPlatform;
    let ann: TestUser, ben: TestUser, cyd: TestUser, dan: TestUser;
    let gameId: number;
    let t0: Date;

    interface Out { to_addr: string; subject: string; text: string; html: string | null }
    const outbox = (email: string, subject?: string): Promise<Out[]> => tp.db.query<Out>(
      `SELECT to_addr, subject, text, html FROM outbox WHERE to_addr = $1 ${subject ? 'AND subject LIKE $2' : ''} ORDER BY id`,
      subject ? [email, `${subject}%`] : [email]);
    const turnMails = (u: TestUser) => outbox(u.email, u === ben ? 'Your turn — ' : 'À vous de jouer — ');
    const reminders = (u: TestUser, which: 'half' | 'last') =>
      outbox(u.email, u === ben ? (which === 'half' ? 'Reminder — your turn — ' : 'Last reminder — your turn — ') : (which === 'half' ? 'Rappel — à vous de jouer — ' : 'Dernier rappel — à vous de jouer — '));
    const online = (u: TestUser) => tp.db.query(
      `INSERT INTO presence(user_id, game_id, instance, seen_at) VALUES ($1, $2, 'test', $3)
       ON CONFLICT (user_id, game_id, instance) DO UPDATE SET seen_at = EXCLUDED.seen_at`, [u.id, gameId, tp.clock.now]);
    const stepOf = async () => Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [gameId]))!.step);
    const answer = async (player: string, decision: string, value: unknown) => {
      tp.clock.now = new Date(tp.clock.now.getTime() + 1000); // prompts are asked at distinct times
      const before = await stepOf();
      const r = await answerPrompt(tp.platform.ctx, gameId, player, decision, value);
      assert.ok(r.ok, JSON.stringify(r.issues));
      return before;
    };
    const at = (ms: number) => { tp.clock.now = new Date(t0.getTime() + ms); };

    before(async () => {
      tp = await startTestPlatform(kind, {}, { scheduler: false });
      ann = await newUser(tp, 'ann_t');
      ben = await newUser(tp, 'ben_t', 'en');
      cyd = await newUser(tp, 'cyd_t');
      dan = await newUser(tp, 'dan_t');
      await notifier.setPref(tp.platform.ctx, cyd.id, 'turn', 'none');
      await notifier.setPref(tp.platform.ctx, dan.id, 'turn', 'digest');
      gameId = await games.create(tp.platform.ctx, {
        ruleset: 'test/fair', name: 'Foire', options: {}, maxPlayers: 4, hostUserId: ann.id,
        seats: [{ userId: ann.id, lordName: 'Anne' }, { userId: ben.id, lordName: 'Ben' }, { userId: cyd.id, lordName: 'Cyd' }, { userId: dan.id, lordName: 'Dan' }],
        prompts: { pace: 'daily' },
      });
    });
    after(async () => { await tp?.close(); });

    test('the turn channel is a mail by default, and is on the settings page', async () => {
      assert.equal((await notifier.getPrefs(tp.platform.ctx, ann.id)).turn, 'each');
      const b = await loggedIn(tp, ann);
      const r = await b.get('/account/notifications');
      assert.match(r.text, /name="turn" value="each" checked/);
      assert.match(r.text, /À vous de jouer/);
    });

    test('each: a mail when a prompt opens for me, in my language, with its deadline and the prompt page', async () => {
      await answer('p1', 'stall', 'pass');
      await waitForStep(tp, gameId, 1);
      const mails = await turnMails(ben);
      assert.equal(mails.length, 1);
      assert.equal(mails[0]!.subject, 'Your turn — Foire');
      assert.match(mails[0]!.text, /Round 1: where do you set up your stall\?/);
      assert.match(mails[0]!.text, new RegExp(`/games/${gameId}/play`));
      assert.match(mails[0]!.text, /Answer before .*\(Europe\/Paris\)/);
      // Nobody else was asked: no mail to the others.
      for (const u of [ann, cyd, dan]) assert.equal((await turnMails(u)).length, 0);
      // The mailer really sends it.
      await schedulerPass(tp);
      const got = await tp.smtp.waitFor((m) => m.to.includes(ben.email) && m.subject === 'Your turn — Foire');
      assert.match(got.html ?? '', new RegExp(`href="[^"]*/games/${gameId}/play"`));
    });

    test('none: nothing; digest: a line of the daily digest', async () => {
      await answer('p2', 'stall', 'pass');
      await waitForStep(tp, gameId, 2);
      assert.equal((await turnMails(cyd)).length, 0);
      assert.equal((await tp.db.query('SELECT 1 FROM turn_notices WHERE game_id = $1 AND user_id = $2', [gameId, cyd.id])).length, 0);
      await answer('p3', 'stall', 'pass');
      await waitForStep(tp, gameId, 3);
      assert.equal((await turnMails(dan)).length, 0);
      const q = await tp.db.query<{ channel: string; line: string; link: string }>('SELECT channel, line, link FROM notification_queue WHERE user_id = $1', [dan.id]);
      assert.equal(q.length, 1);
      assert.equal(q[0]!.channel, 'turn');
      assert.match(q[0]!.line, /^Une question vous attend \(Dan\) : Manche 1 : où montez-vous votre étal \?/);
      assert.equal(q[0]!.link, `/games/${gameId}/play`);
    });

    test('a parallel prompt: no mail to a player on the game’s page; a player who acted since his last mail gets a new one', async () => {
      await online(ann);
      await answer('p4', 'stall', 'pass');
      await waitForStep(tp, gameId, 4);
      t0 = tp.clock.now;
      assert.equal((await turnMails(ann)).length, 0, 'ann is on the page');
      const benMails = await turnMails(ben);
      assert.equal(benMails.length, 2, 'ben answered his first mail: a second one');
      assert.match(benMails[1]!.text, /your sealed bid/);
      assert.equal((await turnMails(cyd)).length, 0);
    });

    test('reminders at half-time and before the default, once each with two passes in parallel; none while paused', async () => {
      // ann and cyd bid; ben and dan do not.
      await answer('p1', 'bid', 'bid 1 relic');
      await answer('p3', 'bid', 'bid 0');
      assert.equal(await stepOf(), 4);
      const ctx = tp.platform.ctx;
      // Before half-time: nothing.
      at(6 * HOUR - 60_000);
      assert.equal(await sendPromptReminders(ctx), 0);
      at(6 * HOUR + 60_000);
      const [a, b] = await Promise.all([sendPromptReminders(ctx), sendPromptReminders(ctx)]);
      assert.equal(a + b, 2, 'one half-time reminder for ben and one for dan (digest readers are reminded too)');
      assert.equal(await sendPromptReminders(ctx), 0);
      assert.equal((await reminders(ben, 'half')).length, 1);
      assert.equal((await reminders(dan, 'half')).length, 1);
      for (const u of [ann, cyd]) assert.equal((await reminders(u, 'half')).length, 0, `${u.login}: answered`);
      assert.match((await reminders(ben, 'half'))[0]!.text, /half the time to answer it has gone/);

      // Paused by the host: no reminder, even past the last one's time.
      await pauseGame(ctx, gameId, ann.id, true);
      at(11 * HOUR + 10 * 60_000);
      assert.equal(await sendPromptReminders(ctx), 0);
      assert.equal((await reminders(ben, 'last')).length, 0);
      // Resumed: the deadline moves by the pause, the last reminder comes in its last hour.
      await pauseGame(ctx, gameId, ann.id, false);
      const g = (await tp.db.one<{ deadline: Date; asked_at: Date }>('SELECT deadline, asked_at FROM games WHERE id = $1', [gameId]))!;
      const { last } = reminderTimes(g.asked_at, g.deadline);
      tp.clock.now = new Date(last.getTime() - 60_000);
      assert.equal(await sendPromptReminders(ctx), 0);
      tp.clock.now = new Date(last.getTime() + 60_000);
      const [c, d] = await Promise.all([sendPromptReminders(ctx), sendPromptReminders(ctx)]);
      assert.equal(c + d, 2);
      assert.equal(await sendPromptReminders(ctx), 0);
      assert.equal((await reminders(ben, 'last')).length, 1);
      assert.equal((await reminders(dan, 'last')).length, 1);
      assert.equal((await reminders(ben, 'half')).length, 1, 'still one half-time reminder');
      // The mailer sends them.
      await schedulerPass(tp);
      await tp.smtp.waitFor((m) => m.to.includes(ben.email) && m.subject === 'Last reminder — your turn — Foire');
      // The default applies at the deadline.
      tp.clock.now = new Date(g.deadline.getTime() + 1000);
      await waitForStep(tp, gameId, 5);
    });

    test('no second "your turn" mail while the first is unanswered', async () => {
      // Round 2: ann's stall (she is no longer on the page: her presence is old), then ben's.
      const annMails = await turnMails(ann);
      assert.equal(annMails.length, 1, 'ann, off the page, is told');
      assert.match(annMails[0]!.text, /Manche 2 : où montez-vous votre étal/);
      await answer('p1', 'stall', 'pass');
      await waitForStep(tp, gameId, 6);
      assert.equal((await turnMails(ben)).length, 2, 'ben never acted on his last mail (the bid): no new one');
    });

    test('the home page lists the games waiting for me, the most urgent first', async () => {
      // A live game where ben plays first: its prompt lasts minutes, the daily game's a day.
      const live = await games.create(tp.platform.ctx, {
        ruleset: 'test/fair', name: 'Vite', options: {}, maxPlayers: 2,
        seats: [{ userId: ben.id, lordName: 'Ben' }, { userId: cyd.id, lordName: 'Cyd' }], prompts: { pace: 'live' },
      });
      // And a live game where he is not asked (cyd plays first).
      const other = await games.create(tp.platform.ctx, {
        ruleset: 'test/fair', name: 'Autre', options: {}, maxPlayers: 2,
        seats: [{ userId: cyd.id, lordName: 'Cyd' }, { userId: ben.id, lordName: 'Ben' }], prompts: { pace: 'live' },
      });
      const b = await loggedIn(tp, ben);
      const page = (await b.get('/')).text;
      const section = /<section class="your-turn"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
      assert.match(section, /Your turn/);
      const listed = [...section.matchAll(/<li data-game="(\d+)"/g)].map((m) => Number(m[1]));
      assert.deepEqual(listed, [live, gameId]);
      assert.ok(!listed.includes(other));
      assert.match(section, new RegExp(`href="/games/${live}/play"`));
      assert.match(section, /<time datetime=/);
      // The game's card says a question waits (not "orders missing").
      const card = new RegExp(`<li class="my-game waiting" data-game="${live}"[\\s\\S]*?</li>`).exec(page)?.[0] ?? '';
      assert.match(card, /A question waits for you/);
      // Once he answers, the game leaves the list.
      await answerPrompt(tp.platform.ctx, gameId, 'p2', 'stall', 'pass');
      const after = (await b.get('/')).text;
      const listed2 = [...(/<section class="your-turn"[\s\S]*?<\/section>/.exec(after)?.[0] ?? '').matchAll(/<li data-game="(\d+)"/g)].map((m) => Number(m[1]));
      assert.ok(!listed2.includes(gameId));
    });

    test('the daily digest keeps only the "your turn" lines of games still waiting for me', async () => {
      // dan's lines of Foire are old news (his prompts there fell to their defaults); a new game asks him.
      const sunday = await games.create(tp.platform.ctx, {
        ruleset: 'test/fair', name: 'Dimanche', options: {}, maxPlayers: 2,
        seats: [{ userId: cyd.id, lordName: 'Cyd' }, { userId: dan.id, lordName: 'Dan' }], prompts: { pace: 'daily' },
      });
      tp.clock.now = new Date(tp.clock.now.getTime() + 1000);
      assert.ok((await answerPrompt(tp.platform.ctx, sunday, 'p1', 'stall', 'pass')).ok);
      await waitForStep(tp, sunday, 1);
      const lines = await tp.db.query<{ game_id: number }>(`SELECT game_id FROM notification_queue WHERE user_id = $1 AND channel = 'turn' AND sent_at IS NULL`, [dan.id]);
      assert.deepEqual(lines.map((l) => Number(l.game_id)).sort(), [gameId, gameId, sunday].sort());
      // The next batch (06:00 UTC the next day).
      const next = new Date(tp.clock.now);
      next.setUTCDate(next.getUTCDate() + 1);
      next.setUTCHours(6, 30, 0, 0);
      tp.clock.now = next;
      await notifier.sendDigests(tp.platform.ctx);
      const digests = await outbox(dan.email, 'Suzerain — les nouvelles du jour');
      assert.equal(digests.length, 1);
      assert.match(digests[0]!.text, /== Dimanche ==\n\nÀ vous de jouer :\n  • Une question vous attend \(Dan\) : Manche 1/);
      assert.doesNotMatch(digests[0]!.text, /== Foire ==/);
      assert.match(digests[0]!.subject, /\(1\)$/);
    });

    test('no "your turn" for a step due already (the one asked is absent: his default applies at once); still one for a step that waits for him', async () => {
      const pair = (name: string) => games.create(tp.platform.ctx, {
        ruleset: 'test/fair', name, options: {}, maxPlayers: 2,
        seats: [{ userId: ann.id, lordName: 'Anne' }, { userId: ben.id, lordName: 'Ben' }], prompts: { pace: 'daily' },
      });
      const mailsOf = async (game: string) => (await outbox(ben.email, `Your turn — ${game}`)).length;
      // Ben is absent in « Absent » (three defaults in a row): once Anne has set up her stall, nobody present is awaited.
      const absent = await pair('Absent');
      await tp.db.query(`UPDATE seats SET missed = 3 WHERE game_id = $1 AND player = 'p2'`, [absent]);
      tp.clock.now = new Date(tp.clock.now.getTime() + 1000);
      assert.ok((await answerPrompt(tp.platform.ctx, absent, 'p1', 'stall', 'pass')).ok);
      await waitForStep(tp, absent, 1);
      assert.equal((await tp.db.one<{ asked: boolean }>(`SELECT asked FROM seats WHERE game_id = $1 AND player = 'p2'`, [absent]))!.asked, true, 'Ben is asked');
      assert.equal(await mailsOf('Absent'), 0, 'no mail for a step due already');
      assert.equal((await tp.db.query('SELECT 1 FROM turn_notices WHERE game_id = $1 AND user_id = $2', [absent, ben.id])).length, 0, 'no notice kept either');
      // It was due: the next pass resolves it with his default, with no deadline reached.
      await waitForStep(tp, absent, 2, 5_000);
      // The same step in « Présent », where Ben is not absent: it waits for him, and he is told.
      const present = await pair('Présent');
      tp.clock.now = new Date(tp.clock.now.getTime() + 1000);
      assert.ok((await answerPrompt(tp.platform.ctx, present, 'p1', 'stall', 'pass')).ok);
      await waitForStep(tp, present, 1);
      assert.equal(await mailsOf('Présent'), 1, 'a mail for a step that waits for him');
      assert.equal(await games.resolveIfDue(tp.platform.ctx, present), 'not-due');
    });
  });
}
