/**
 * The forum of a game, over HTTP on both databases: threads and posts signed with the lord's name,
 * in-game and out-of-game ("HJ") posts, quotes, paging, unread counts that go down as one reads,
 * notifications of the other lords, hidden posts, report forms; access (404 for anyone outside a
 * private game, who learns nothing; read-only for the host and once the game is over; 403 on
 * writing without the right). Then, in real Chromium, a thread and a quoted reply and a gazette
 * article written by two lords and read by the other.
 */

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser as Chromium, Page } from 'playwright-core';
import { hashPassword } from '../../src/platform/accounts/passwords.ts';
import { emailKey, loginKey } from '../../src/platform/accounts/service.ts';
import { createThread, forumUnread } from '../../src/platform/channels/forum.ts';
import { games } from '../../src/platform/games/service.ts';
import { BROWSER_SKIP, launchBrowser } from './browser.ts';
import { Browser } from './http.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';

interface U { id: number; login: string; password: string }

async function newUser(tp: TestPlatform, login: string): Promise<U> {
  const password = `pw-${login}-long-enough`;
  const email = `${login}@example.test`;
  const row = await tp.db.one<{ id: number }>(
    `INSERT INTO users(login, login_key, email, email_key, password_hash, validated) VALUES ($1, $2, $3, $4, $5, TRUE) RETURNING id`,
    [login, loginKey(login), email, emailKey(email), await hashPassword(password)]);
  return { id: Number(row!.id), login, password };
}

async function loggedIn(tp: TestPlatform, u: U): Promise<Browser> {
  const b = new Browser(tp.url);
  await b.get('/login');
  const r = await b.post('/login', { login: u.login, password: u.password }, { follow: false });
  assert.equal(r.status, 303, `login of ${u.login}: ${r.status}`);
  await b.get('/games');
  return b;
}

const nofollow = { follow: false } as const;
const postCount = (s: string): number => (s.match(/<article class="post[^"]*" id="p\d+"/g) ?? []).length;
const threadRows = (s: string): number => (s.match(/<tr data-thread="\d+"/g) ?? []).length;
/** The unread count shown for a thread in the list (0 when no badge). */
function unreadOf(list: string, threadId: number): number {
  const row = new RegExp(`<tr data-thread="${threadId}"[\\s\\S]*?</tr>`).exec(list)?.[0] ?? '';
  return Number(/data-unread="(\d+)"/.exec(row)?.[1] ?? 0);
}
const idFrom = (loc: string | null, re: RegExp): number => {
  const m = re.exec(loc ?? '');
  assert.ok(m, `no id in ${loc}`);
  return Number(m[1]);
};

for (const kind of DB_KINDS) {
  describe(`the forum over HTTP (${kind})`, () => {
    let tp: TestPlatform;
    let host: U, ua: U, ub: U, uc: U, ux: U;
    let gameId: number;
    let threadId: number;
    let firstPost: number;
    const lords = { a: 'Arnulf de Carinthie', b: 'Bérenger de Frioul', c: 'Conrad le Salique' };

    before(async () => {
      tp = await startTestPlatform(kind);
      host = await newUser(tp, `hote_forum_${kind}`);
      ua = await newUser(tp, `arnulf_${kind}`);
      ub = await newUser(tp, `berenger_${kind}`);
      uc = await newUser(tp, `conrad_${kind}`);
      ux = await newUser(tp, `curieux_${kind}`);
      gameId = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Le Concile de Tribur', options: { map: 'scandinavia' }, hostUserId: host.id,
        isPrivate: true, password: 'tribur-887',
        seats: [{ userId: ua.id, lordName: lords.a }, { userId: ub.id, lordName: lords.b }, { userId: uc.id, lordName: lords.c }], maxPlayers: 3, early: false,
      });
    });
    after(async () => { await tp?.close(); });

    test('threads and posts: lord names, plain text, HJ, quotes, notifications, report forms', async () => {
      const a = await loggedIn(tp, ua);
      const b = await loggedIn(tp, ub);
      const c = await loggedIn(tp, uc);
      const empty = await a.get(`/games/${gameId}/forum`);
      assert.equal(empty.status, 200);
      assert.match(empty.text, /Aucun sujet|No thread/);
      assert.match(empty.text, /id="new-thread-form"/);
      assert.match(empty.text, new RegExp(`href="/games/${gameId}"`));
      assert.match(empty.text, new RegExp(`href="/games/${gameId}/gazette"`));

      // Errors.
      assert.equal((await a.post(`/games/${gameId}/forum`, { title: '', body: 'x' }, nofollow)).status, 400);
      assert.equal((await a.post(`/games/${gameId}/forum`, { title: 'x', body: '   ' }, nofollow)).status, 400);
      assert.equal((await a.post(`/games/${gameId}/forum`, { title: 'x', body: 'y'.repeat(10_001) }, nofollow)).status, 400);
      assert.equal((await a.post(`/games/${gameId}/forum`, { title: 'x', body: 'y' }, { csrf: false, follow: false })).status, 403);
      assert.equal((await tp.db.one('SELECT count(*)::int AS n FROM forum_threads'))!.n, 0);

      const opened = await a.post(`/games/${gameId}/forum`, { title: 'Alliance du Nord', body: 'Ligne 1\nLigne 2 <b>pas gras</b><script>alert(1)</script>' }, nofollow);
      assert.equal(opened.status, 303);
      threadId = idFrom(opened.location, /\/forum\/(\d+)/);
      firstPost = idFrom(opened.location, /#p(\d+)/);

      const list = await b.get(`/games/${gameId}/forum`);
      assert.match(list.text, /Alliance du Nord/);
      assert.equal(unreadOf(list.text, threadId), 1);
      assert.ok(list.text.includes(lords.a), 'started by the lord');
      assert.ok(!list.text.includes(ua.login), 'never the login');

      const th = await b.get(`/games/${gameId}/forum/${threadId}`);
      assert.equal(th.status, 200);
      assert.ok(th.text.includes('Ligne 1\nLigne 2 &lt;b&gt;pas gras&lt;/b&gt;&lt;script&gt;alert(1)&lt;/script&gt;'), 'escaped, line breaks kept');
      assert.match(th.text, /white-space: pre-wrap/);
      assert.ok(th.text.includes(`<strong class="signature">${lords.a}</strong>`));
      assert.ok(!th.text.includes(ua.login));
      assert.match(th.text, /class="badge warn new-mark"/, 'new on first reading');
      assert.doesNotMatch(th.text, /hj-badge/);
      assert.match(th.text, new RegExp(`<input type="hidden" name="kind" value="post"><input type="hidden" name="id" value="${firstPost}">`), 'a report form');
      assert.match(th.text, /action="\/report"/);
      assert.equal(unreadOf((await b.get(`/games/${gameId}/forum`)).text, threadId), 0, 'read now');
      assert.doesNotMatch((await b.get(`/games/${gameId}/forum/${threadId}`)).text, /new-mark/);
      // Reporting (moderation.ts handles /report) comes back to the thread with a notice.
      const rep = await b.post('/report', { kind: 'post', id: String(firstPost), reason: 'hors sujet', back: `/games/${gameId}/forum/${threadId}?page=1` });
      assert.equal(rep.status, 200);
      assert.equal(rep.path, `/games/${gameId}/forum/${threadId}?page=1&reported=1`);
      assert.match(rep.text, /Votre signalement a été transmis|Your report has been sent/);
      // The author does not report himself.
      assert.doesNotMatch((await a.get(`/games/${gameId}/forum/${threadId}`)).text, /action="\/report"/);

      // Quote: the link pre-fills the reply form with the quoted post.
      const quoting = await b.get(`/games/${gameId}/forum/${threadId}?quote=${firstPost}`);
      assert.match(quoting.text, new RegExp(`href="/games/${gameId}/forum/${threadId}\\?page=1&amp;quote=${firstPost}#reply"`));
      assert.match(quoting.text, new RegExp(`<input type="hidden" name="quote" value="${firstPost}">`));
      assert.match(quoting.text, /<div class="quoting">[\s\S]*Ligne 1/);
      const replied = await b.post(`/games/${gameId}/forum/${threadId}`, { body: 'Je refuse, HJ : je pars en vacances.', hj: '1', quote: String(firstPost) }, nofollow);
      assert.equal(replied.status, 303);
      assert.match(replied.location ?? '', new RegExp(`/games/${gameId}/forum/${threadId}\\?page=1#p\\d+`));
      const reply = idFrom(replied.location, /#p(\d+)/);
      const row = await tp.db.one('SELECT quote_post_id, out_of_game, author_player FROM forum_posts WHERE id = $1', [reply]);
      assert.equal(Number(row!.quote_post_id), firstPost);
      assert.equal(row!.out_of_game, true);

      const cv = await c.get(`/games/${gameId}/forum/${threadId}`);
      const replyHtml = new RegExp(`<article class="post[^"]*" id="p${reply}"[\\s\\S]*?</article>`).exec(cv.text)?.[0] ?? '';
      assert.match(replyHtml, /class="post unread hj"/);
      assert.match(replyHtml, /<span class="badge hj-badge"[^>]*>HJ<\/span>/);
      assert.match(replyHtml, new RegExp(`<blockquote class="quote" data-quote="${firstPost}">[\\s\\S]*${lords.a}[\\s\\S]*Ligne 1`));
      assert.ok(replyHtml.includes(lords.b));
      // The first post is not HJ.
      assert.doesNotMatch(new RegExp(`<article class="post[^"]*" id="p${firstPost}"[\\s\\S]*?</article>`).exec(cv.text)?.[0] ?? '', /hj-badge/);

      // A quote of a post of another thread is dropped.
      const other = await a.post(`/games/${gameId}/forum`, { title: 'Autre sujet', body: 'ailleurs' }, nofollow);
      const otherThread = idFrom(other.location, /\/forum\/(\d+)/);
      const r2 = await a.post(`/games/${gameId}/forum/${otherThread}`, { body: 'citation pirate', quote: String(firstPost) }, nofollow);
      assert.equal((await tp.db.one('SELECT quote_post_id FROM forum_posts WHERE id = $1', [idFrom(r2.location, /#p(\d+)/)]))!.quote_post_id, null);

      // Notifications: the other lords, not the author (digest lines by default).
      const q = await tp.db.query<{ user_id: number; link: string }>(`SELECT user_id, link FROM notification_queue WHERE channel = 'forum' AND game_id = $1 ORDER BY id`, [gameId]);
      const forPost = (id: number): number[] => q.filter((x) => x.link.endsWith(`#p${id}`)).map((x) => Number(x.user_id)).sort((x, y) => x - y);
      assert.deepEqual(forPost(firstPost), [ub.id, uc.id].sort((x, y) => x - y));
      assert.deepEqual(forPost(reply), [ua.id, uc.id].sort((x, y) => x - y));
    });

    test('paging: 25 posts a page, 20 threads a page; unread counts go down as one reads', async () => {
      const a = await loggedIn(tp, ua);
      const c = await loggedIn(tp, uc);
      const opened = await a.post(`/games/${gameId}/forum`, { title: 'Le grand débat', body: 'Post 1' }, nofollow);
      const t2 = idFrom(opened.location, /\/forum\/(\d+)/);
      for (let i = 2; i <= 31; i++) {
        const r = await a.post(`/games/${gameId}/forum/${t2}`, { body: `Post ${i}` }, nofollow);
        assert.equal(r.status, 303);
        if (i === 31) assert.match(r.location ?? '', /\?page=2#p\d+$/, 'the redirect goes to the page of the new post');
      }
      const before = await forumUnread(tp.db, gameId, uc.id);
      assert.equal(unreadOf((await c.get(`/games/${gameId}/forum`)).text, t2), 31);
      const p1 = await c.get(`/games/${gameId}/forum/${t2}`);
      assert.equal(postCount(p1.text), 25);
      assert.match(p1.text, /Page 1 sur 2|Page 1 of 2/);
      assert.match(p1.text, /<nav class="pager" aria-label="(Pages du forum|Forum pages)">/, 'the pager is named in the page\'s language');
      assert.match(p1.text, new RegExp(`href="/games/${gameId}/forum/${t2}\\?page=2" rel="next"`));
      assert.ok(p1.text.includes('Post 25') && !p1.text.includes('Post 26'));
      const list = await c.get(`/games/${gameId}/forum`);
      assert.equal(unreadOf(list.text, t2), 6);
      assert.match(list.text, new RegExp(`href="/games/${gameId}/forum/${t2}\\?page=2"`), 'the badge leads to the first unread page');
      assert.equal(await forumUnread(tp.db, gameId, uc.id), before - 25);
      const p2 = await c.get(`/games/${gameId}/forum/${t2}?page=2`);
      assert.equal(postCount(p2.text), 6);
      assert.ok(p2.text.includes('Post 31'));
      assert.equal(unreadOf((await c.get(`/games/${gameId}/forum`)).text, t2), 0);
      assert.equal(await forumUnread(tp.db, gameId, uc.id), before - 31);
      // Reading page 1 again does not move the mark back.
      await c.get(`/games/${gameId}/forum/${t2}?page=1`);
      assert.equal(unreadOf((await c.get(`/games/${gameId}/forum`)).text, t2), 0);
      assert.equal((await c.get(`/games/${gameId}/forum/${t2}?page=99`)).status, 200, 'a page past the end shows the last one');
      // The author has nothing unread in his own thread.
      assert.equal(unreadOf((await a.get(`/games/${gameId}/forum`)).text, t2), 0);

      // Threads: 20 a page, the most recently active first.
      const existing = Number((await tp.db.one('SELECT count(*)::int AS n FROM forum_threads WHERE game_id = $1', [gameId]))!.n);
      const seat = (await tp.db.one('SELECT player FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, ua.id]))!.player;
      for (let i = existing; i < 22; i++) {
        tp.clock.now = new Date(tp.clock.now.getTime() + 60_000);
        await createThread(tp.platform.ctx, { gameId, userId: ua.id, player: seat, lordName: lords.a }, { title: `Sujet ${i}`, body: 'corps', outOfGame: false });
      }
      const l1 = await c.get(`/games/${gameId}/forum`);
      assert.equal(threadRows(l1.text), 20);
      assert.match(l1.text, /Sujet 21[\s\S]*Sujet 20/, 'newest first');
      const l2 = await c.get(`/games/${gameId}/forum?page=2`);
      assert.equal(threadRows(l2.text), 2);
      assert.match(l2.text, /Alliance du Nord|Autre sujet|Le grand débat/);
    });

    test('a hidden post: a notice for the lords, the text and the reason for the host', async () => {
      const c = await loggedIn(tp, uc);
      const h = await loggedIn(tp, host);
      await tp.db.query('UPDATE forum_posts SET hidden_at = $2, hidden_by = $3, hidden_reason = $4 WHERE id = $1', [firstPost, tp.clock.now, host.id, 'propos déplacés']);
      const cv = await c.get(`/games/${gameId}/forum/${threadId}`);
      assert.match(cv.text, /Message masqué par la modération|Message hidden by the moderation/);
      assert.ok(!cv.text.includes('Ligne 1'), 'neither the post nor its quote shows the text');
      assert.ok(!cv.text.includes('propos déplacés'));
      assert.doesNotMatch(cv.text, new RegExp(`name="id" value="${firstPost}"`), 'no report form on a hidden post');
      assert.doesNotMatch(cv.text, new RegExp(`quote=${firstPost}#reply`), 'a hidden post cannot be quoted');
      const hv = await h.get(`/games/${gameId}/forum/${threadId}`);
      assert.equal(hv.status, 200);
      assert.ok(hv.text.includes('Ligne 1') && hv.text.includes('propos déplacés') && hv.text.includes(host.login));
      assert.ok((await tp.db.one('SELECT body FROM forum_posts WHERE id = $1', [firstPost]))!.body.includes('Ligne 1'), 'kept in the database');
      // The host reads but does not write (he holds no seat).
      assert.doesNotMatch(hv.text, /id="reply-form"/);
      assert.equal((await h.post(`/games/${gameId}/forum/${threadId}`, { body: 'un mot' }, nofollow)).status, 403);
      assert.equal((await h.post(`/games/${gameId}/forum`, { title: 't', body: 'un mot' }, nofollow)).status, 403);
    });

    test('access: 404 and nothing learnt outside a private game; public once finished; 403 on writing', async () => {
      const x = await loggedIn(tp, ux);
      const anon = new Browser(tp.url);
      await anon.get('/');
      for (const who of [x, anon]) {
        const gets = [`/games/${gameId}/forum`, `/games/${gameId}/forum?page=2`, `/games/${gameId}/forum/${threadId}`, `/games/${gameId}/forum/${threadId}?page=1&quote=${firstPost}`, `/games/${gameId}/forum/999999`];
        for (const p of gets) {
          const r = await who.get(p, nofollow);
          assert.equal(r.status, 404, p);
          for (const secret of ['Le Concile de Tribur', 'Alliance du Nord', lords.a, lords.b]) assert.ok(!r.text.includes(secret), `${p} leaks ${secret}`);
        }
        assert.equal((await who.post(`/games/${gameId}/forum`, { title: 'intrus', body: 'intrus' }, nofollow)).status, 404);
        assert.equal((await who.post(`/games/${gameId}/forum/${threadId}`, { body: 'intrus' }, nofollow)).status, 404);
      }
      assert.equal((await x.get('/games/999999/forum', nofollow)).status, 404);
      assert.equal((await tp.db.one(`SELECT count(*)::int AS n FROM forum_posts WHERE body = 'intrus'`))!.n, 0);

      // A public game that runs: its forum is for its lords (403: the game itself is public).
      const pub = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Partie publique', options: { map: 'scandinavia' },
        seats: [{ userId: ua.id, lordName: 'A2' }, { userId: ub.id, lordName: 'B2' }], maxPlayers: 2, early: false,
      });
      assert.equal((await x.get(`/games/${pub}/forum`, nofollow)).status, 403);
      assert.equal((await x.post(`/games/${pub}/forum`, { title: 't', body: 'b' }, nofollow)).status, 403);

      // Finished: everyone reads; nobody writes.
      await tp.db.query(`UPDATE games SET status = 'finished' WHERE id = $1`, [gameId]);
      const list = await anon.get(`/games/${gameId}/forum`);
      assert.equal(list.status, 200);
      assert.match(list.text, /Sujet 21/);
      assert.match((await anon.get(`/games/${gameId}/forum?page=2`)).text, /Alliance du Nord/);
      assert.doesNotMatch(list.text, /id="new-thread-form"/);
      const th = await anon.get(`/games/${gameId}/forum/${threadId}`);
      assert.equal(th.status, 200);
      assert.match(th.text, /Je refuse/);
      assert.doesNotMatch(th.text, /id="reply-form"|action="\/report"/);
      assert.equal((await x.get(`/games/${gameId}/forum/${threadId}`)).status, 200);
      const a = await loggedIn(tp, ua);
      assert.doesNotMatch((await a.get(`/games/${gameId}/forum/${threadId}`)).text, /id="reply-form"/);
      assert.equal((await a.post(`/games/${gameId}/forum/${threadId}`, { body: 'trop tard' }, nofollow)).status, 403);
      assert.equal((await anon.post(`/games/${gameId}/forum/${threadId}`, { body: 'anonyme' }, nofollow)).status, 403);
      assert.equal((await x.post(`/games/${gameId}/forum`, { title: 't', body: 'b' }, nofollow)).status, 403);
      await tp.db.query(`UPDATE games SET status = 'running' WHERE id = $1`, [gameId]);
    });
  });
}

// ───────────────────────────────────────────────────────────── Chromium

async function logIn(page: Page, url: string, u: U): Promise<void> {
  await page.goto(`${url}/login`);
  await page.fill('#login', u.login);
  await page.fill('#password', u.password);
  await Promise.all([page.waitForURL((x) => !x.pathname.startsWith('/login')), page.click('form[action="/login"] button[type="submit"]')]);
}

for (const kind of DB_KINDS) {
  describe(`forum and gazette in a real browser (${kind})`, { skip: BROWSER_SKIP }, () => {
    let tp: TestPlatform;
    let chromium: Chromium;
    let ua: U, ub: U;
    let gameId: number;
    const errors: string[] = [];

    before(async () => {
      tp = await startTestPlatform(kind);
      chromium = await launchBrowser();
      ua = await newUser(tp, `adelaide_${kind}`);
      ub = await newUser(tp, `berthold_${kind}`);
      gameId = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Les Deux Rives', options: { map: 'scandinavia' }, isPrivate: true, password: 'deux-rives',
        seats: [{ userId: ua.id, lordName: 'Adélaïde de Bourgogne' }, { userId: ub.id, lordName: 'Berthold de Zähringen' }], maxPlayers: 2, early: false,
      });
    });
    after(async () => { await chromium?.close(); await tp?.close(); });

    test('a thread, a quoted HJ reply and an article, written by two lords and read by the other', async () => {
      const ctxA = await chromium.newContext();
      const ctxB = await chromium.newContext();
      const pa = await ctxA.newPage();
      const pb = await ctxB.newPage();
      for (const p of [pa, pb]) {
        p.on('pageerror', (e) => errors.push(String(e)));
        p.on('dialog', (d) => { errors.push(`dialog ${d.message()}`); void d.dismiss(); });
        p.on('console', (m) => { if (m.type() === 'error' && !/favicon/.test(m.location().url)) errors.push(m.text()); });
      }
      await logIn(pa, tp.url, ua);
      await logIn(pb, tp.url, ub);

      // Adélaïde opens a thread.
      await pa.goto(`${tp.url}/games/${gameId}/forum`);
      await pa.fill('#thread-title', 'Un pont sur le Rhin');
      await pa.fill('#thread-body', 'Bâtissons un pont.\nÀ frais partagés.');
      await Promise.all([pa.waitForURL(/\/forum\/\d+/), pa.click('#new-thread-form button[type="submit"]')]);
      assert.equal(await pa.locator('#posts article.post').count(), 1);
      assert.equal((await pa.locator('#posts article.post .post-body').innerText()).trim(), 'Bâtissons un pont.\nÀ frais partagés.');

      // Berthold sees it unread, opens it, quotes it and answers out of game.
      await pb.goto(`${tp.url}/games/${gameId}/forum`);
      assert.equal(await pb.locator('.unread-count').count(), 1);
      await Promise.all([pb.waitForURL(/\/forum\/\d+$/), pb.click('table.threads a:has-text("Un pont sur le Rhin")')]);
      assert.equal(await pb.locator('.new-mark').count(), 1);
      assert.equal(await pb.locator('article.post .signature').first().innerText(), 'Adélaïde de Bourgogne');
      await Promise.all([pb.waitForURL(/quote=\d+/), pb.click('a.quote-link')]);
      assert.match(await pb.locator('#reply-form blockquote.quote').innerText(), /Bâtissons un pont/);
      await pb.fill('#reply-body', 'Volontiers ! (je serai absent lundi)');
      await pb.check('#reply-form input[name="hj"]');
      await Promise.all([pb.waitForURL(/#p\d+$/), pb.click('#reply-form button[type="submit"]')]);
      assert.equal(await pb.locator('#posts article.post').count(), 2);
      const replyB = pb.locator('#posts article.post').nth(1);
      assert.equal(await replyB.locator('.hj-badge').innerText(), 'HJ');
      assert.match(await replyB.locator('blockquote.quote').innerText(), /Adélaïde de Bourgogne[\s\S]*Bâtissons un pont/);

      // Berthold writes in the Gazette.
      await pb.goto(`${tp.url}/games/${gameId}/gazette`);
      await pb.fill('#article-title', 'Scandale au pont');
      await pb.fill('#article-body', '<h2>On murmure</h2><p>Le pont serait <b>payé</b> par un seul.</p><ul><li>un</li><li>deux</li></ul><script>window.__xss = 1</script><img src="x" onerror="window.__xss=1">');
      await Promise.all([pb.waitForURL(/\/gazette$/), pb.click('#write-form button.primary')]);
      assert.equal(await pb.locator('.gazette-article').count(), 1);

      // Adélaïde reads the reply and the article.
      await pa.goto(`${tp.url}/games/${gameId}/forum`);
      assert.equal(await pa.locator('.unread-count').getAttribute('data-unread'), '1');
      await pa.click('.unread-count');
      await pa.waitForURL(/\/forum\/\d+\?page=1/);
      const replyA = pa.locator('#posts article.post').nth(1);
      assert.equal(await replyA.locator('.signature').innerText(), 'Berthold de Zähringen');
      assert.match(await replyA.locator('.post-body').innerText(), /Volontiers/);
      assert.equal(await replyA.locator('.hj-badge').count(), 1);

      await pa.goto(`${tp.url}/games/${gameId}/gazette`);
      const art = pa.locator('.gazette-article');
      assert.equal(await art.count(), 1);
      assert.equal(await art.locator('h3 a').innerText(), 'Scandale au pont');
      assert.equal(await art.locator('.article-body b').innerText(), 'payé');
      assert.equal(await art.locator('.article-body h2').innerText(), 'On murmure');
      assert.equal(await art.locator('.article-body li').count(), 2);
      assert.equal(await art.locator('.article-body script, .article-body img').count(), 0);
      await art.hover();
      assert.equal(await pa.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null), null);
      const text = await pa.locator('main').innerText();
      assert.ok(!text.includes('Berthold') && !text.includes(ub.login), 'no author on the gazette');
      assert.doesNotMatch(text, /\d{1,2}:\d{2}/, 'no time of day');
      assert.deepEqual(errors, []);
      await ctxA.close();
      await ctxB.close();
    });
  });
}
