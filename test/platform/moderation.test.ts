/**
 * Moderation, on both databases: a reader reports a letter / a forum post / an article; the game's
 * host (and the site's host) sees the open reports — for a letter, the reported letter only — and
 * hides with a reason, dismisses, unhides; the content stays in the database with who hid it and
 * why. Everyone else gets 404 on the moderation pages and cannot report what he cannot read.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hashPassword } from '../../src/platform/accounts/passwords.ts';
import { emailKey, loginKey } from '../../src/platform/accounts/service.ts';
import { games } from '../../src/platform/games/service.ts';
import { Browser, pageText } from './http.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';

interface U { id: number; login: string; password: string; email: string }

async function newUser(tp: TestPlatform, login: string, opts: { isHost?: boolean } = {}): Promise<U> {
  const password = `pw-${login}-long-enough`;
  const email = `${login}@example.test`;
  const row = await tp.db.one<{ id: number }>(
    `INSERT INTO users(login, login_key, email, email_key, password_hash, validated, is_host) VALUES ($1, $2, $3, $4, $5, TRUE, $6) RETURNING id`,
    [login, loginKey(login), email, emailKey(email), await hashPassword(password), !!opts.isHost]);
  return { id: Number(row!.id), login, password, email };
}

async function loggedIn(tp: TestPlatform, user: U): Promise<Browser> {
  const b = new Browser(tp.url);
  await b.get('/login');
  const r = await b.post('/login', { login: user.login, password: user.password }, { follow: false });
  assert.equal(r.status, 303);
  await b.get('/games');
  return b;
}

const nofollow = { follow: false } as const;
const count = async (tp: TestPlatform, sql: string, params: unknown[] = []): Promise<number> =>
  Number((await tp.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))!.n);

for (const kind of DB_KINDS) {
  describe(`moderation (${kind})`, () => {
    let tp: TestPlatform;
    let gameId: number;
    let host: U, site: U, outsider: U, ua: U, ub: U, uc: U;
    let A: Browser, B: Browser, C: Browser, H: Browser;
    let pb = '', pc = '';
    let thread = 0, letter1 = 0, letter2 = 0, postId = 0, articleId = 0;

    before(async () => {
      tp = await startTestPlatform(kind);
      host = await newUser(tp, 'mod_hote');
      site = await newUser(tp, 'mod_site', { isHost: true });
      outsider = await newUser(tp, 'mod_dehors');
      ua = await newUser(tp, 'mod_alice');
      ub = await newUser(tp, 'mod_bob');
      uc = await newUser(tp, 'mod_carol');
      gameId = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Modérée', options: { map: 'scandinavia' }, hostUserId: host.id,
        seats: [{ userId: ua.id, lordName: 'Arnulf' }, { userId: ub.id, lordName: 'Baudouin' }, { userId: uc.id, lordName: 'Clothaire' }], maxPlayers: 3, early: false,
      });
      const seats = await tp.db.query<{ player: string; user_id: number }>('SELECT player, user_id FROM seats WHERE game_id = $1', [gameId]);
      const p = (u: U) => seats.find((s) => Number(s.user_id) === u.id)!.player;
      [pb, pc] = [p(ub), p(uc)];
      A = await loggedIn(tp, ua); B = await loggedIn(tp, ub); C = await loggedIn(tp, uc); H = await loggedIn(tp, host);

      // A letter thread between Arnulf and Baudouin, with two letters.
      await A.get(`/games/${gameId}/letters`);
      const r = await A.post(`/games/${gameId}/letters`, { to: pb, subject: 'Sujet secret', body: 'Première lettre, inoffensive.' }, nofollow);
      assert.equal(r.status, 303);
      thread = Number(/letters\/(\d+)/.exec(r.location!)![1]);
      await A.get(`/games/${gameId}/letters/${thread}`);
      assert.equal((await A.post(`/games/${gameId}/letters/${thread}`, { body: 'Seconde lettre : vile insulte.' }, nofollow)).status, 303);
      const ls = await tp.db.query<{ id: number }>('SELECT id FROM letters WHERE thread_id = $1 ORDER BY id', [thread]);
      [letter1, letter2] = ls.map((x) => Number(x.id)) as [number, number];

      // A forum post and a gazette article (written directly: those channels have their own tests).
      const now = tp.clock.now;
      const th = await tp.db.one<{ id: number }>(`INSERT INTO forum_threads(game_id, title, author_user, author_player, created_at, last_post_at) VALUES ($1, 'Place publique', $2, $3, $4, $4) RETURNING id`, [gameId, uc.id, pc, now]);
      postId = Number((await tp.db.one<{ id: number }>(`INSERT INTO forum_posts(thread_id, game_id, author_user, author_player, body, created_at) VALUES ($1, $2, $3, $4, 'Message du forum douteux', $5) RETURNING id`, [th!.id, gameId, uc.id, pc, now]))!.id);
      articleId = Number((await tp.db.one<{ id: number }>(`INSERT INTO gazette_articles(game_id, author_user, title, body_html, published_day, order_key) VALUES ($1, $2, 'Rumeurs', '<p>Article <em>anonyme</em> calomnieux</p>', '2026-11-20', 'k1') RETURNING id`, [gameId, ua.id]))!.id);
    });
    after(async () => { await tp?.close(); });

    test('reporting: only readers of the content; the report goes back with a notice', async () => {
      // Baudouin (a member of the thread) reports the second letter.
      await B.get(`/games/${gameId}/letters/${thread}`);
      const r = await B.post('/report', { kind: 'letter', id: letter2, reason: 'Insulte grossière', back: `/games/${gameId}/letters/${thread}` }, nofollow);
      assert.equal(r.status, 303);
      assert.equal(r.location, `/games/${gameId}/letters/${thread}?reported=1`);
      assert.match((await B.get(r.location!)).text, /Votre signalement a été transmis/);
      assert.equal(await count(tp, `content_reports WHERE kind = 'letter' AND content_id = $1 AND reporter_user = $2 AND resolved_at IS NULL`, [letter2, ub.id]), 1);
      // Twice: still one open report.
      await B.post('/report', { kind: 'letter', id: letter2, reason: 'encore', back: `/games/${gameId}/letters/${thread}` }, nofollow);
      assert.equal(await count(tp, `content_reports WHERE kind = 'letter' AND content_id = $1`, [letter2]), 1);

      // Clothaire (not in the thread), the host, an outsider, an anonymous visitor: 404, nothing stored.
      const anon = new Browser(tp.url);
      const O = await loggedIn(tp, outsider);
      for (const [who, b] of [['Clothaire', C], ['host', H], ['outsider', O], ['anonymous', anon]] as [string, Browser][]) {
        const x = await b.post('/report', { kind: 'letter', id: letter1, reason: 'curieux' }, nofollow);
        assert.equal(x.status, 404, who);
      }
      assert.equal(await count(tp, `content_reports WHERE kind = 'letter' AND content_id = $1`, [letter1]), 0);
      // The forum post and the article: readable by the lords (and the host), not by an outsider of a running game.
      assert.equal((await O.post('/report', { kind: 'post', id: postId, reason: 'x' }, nofollow)).status, 404);
      assert.equal((await B.post('/report', { kind: 'post', id: postId, reason: 'Propos douteux', back: `/games/${gameId}/forum` }, nofollow)).status, 303);
      assert.equal((await C.post('/report', { kind: 'article', id: articleId, reason: 'Calomnie' }, nofollow)).status, 303);
      assert.equal((await C.post('/report', { kind: 'article', id: articleId + 999, reason: 'Calomnie' }, nofollow)).status, 404);
      assert.equal((await C.post('/report', { kind: 'bogus', id: articleId, reason: 'x' }, nofollow)).status, 404);
      assert.equal((await C.post('/report', { kind: 'post', id: postId, reason: '   ' }, nofollow)).status, 400, 'a reason is required');
      assert.equal((await C.request('POST', '/report', { form: { kind: 'post', id: postId, reason: 'x' }, csrf: false, follow: false })).status, 403, 'CSRF');
    });

    test('the host sees the reports — the reported letter only — and nobody else sees the page', async () => {
      const page = await H.get(`/games/${gameId}/moderation`);
      assert.equal(page.status, 200);
      const text = pageText(page.text);
      assert.match(text, /Insulte grossière/);
      assert.match(text, /Seconde lettre : vile insulte\./);
      assert.doesNotMatch(text, /Première lettre/, 'not the rest of the thread');
      assert.doesNotMatch(text, /Sujet secret/, 'not even its subject');
      assert.match(text, /De Arnulf à Baudouin/);
      assert.match(text, /Message du forum douteux/);
      assert.match(text, /Article anonyme calomnieux/);
      assert.doesNotMatch(page.text, /<em>anonyme/, 'article shown as text');
      assert.doesNotMatch(text, /mod_alice/, 'the article’s author is never shown');
      // The site's host too.
      const S = await loggedIn(tp, site);
      assert.equal((await S.get(`/games/${gameId}/moderation`)).status, 200);
      assert.equal((await S.get('/host/moderation')).status, 200);
      // Anyone else: 404 on the page and on every action.
      const anon = new Browser(tp.url);
      const rid = Number((await tp.db.one<{ id: number }>(`SELECT id FROM content_reports WHERE kind = 'letter' AND content_id = $1`, [letter2]))!.id);
      for (const [who, b] of [['lord', A], ['reporter', B], ['anonymous', anon]] as [string, Browser][]) {
        assert.equal((await b.get(`/games/${gameId}/moderation`, nofollow)).status, 404, who);
        assert.equal((await b.get('/host/moderation', nofollow)).status, 404, who);
        assert.equal((await b.post(`/games/${gameId}/moderation/reports/${rid}/hide`, { reason: 'x' }, nofollow)).status, 404, who);
        assert.equal((await b.post(`/games/${gameId}/moderation/reports/${rid}/dismiss`, {}, nofollow)).status, 404, who);
        assert.equal((await b.post(`/games/${gameId}/moderation/unhide`, { kind: 'letter', id: letter2 }, nofollow)).status, 404, who);
      }
      assert.equal((await H.get('/host/moderation', nofollow)).status, 404, 'a game host is not the site host');
      const row = await tp.db.one('SELECT hidden_at, resolved_at FROM letters l, content_reports r WHERE l.id = $1 AND r.id = $2', [letter2, rid]);
      assert.equal(row!.hidden_at, null);
      assert.equal(row!.resolved_at, null);
    });

    test('hide with a reason: the content stays with who and why; members see it is hidden', async () => {
      const rid = Number((await tp.db.one<{ id: number }>(`SELECT id FROM content_reports WHERE kind = 'letter' AND content_id = $1`, [letter2]))!.id);
      await H.get(`/games/${gameId}/moderation`);
      assert.equal((await H.post(`/games/${gameId}/moderation/reports/${rid}/hide`, { reason: '' }, nofollow)).status, 400, 'a reason is required');
      const r = await H.post(`/games/${gameId}/moderation/reports/${rid}/hide`, { reason: 'Injures envers un seigneur' }, nofollow);
      assert.equal(r.status, 303);
      const l = await tp.db.one<{ body: string; hidden_at: Date | null; hidden_by: number; hidden_reason: string }>('SELECT body, hidden_at, hidden_by, hidden_reason FROM letters WHERE id = $1', [letter2]);
      assert.equal(l!.body, 'Seconde lettre : vile insulte.', 'kept in the database');
      assert.ok(l!.hidden_at);
      assert.equal(Number(l!.hidden_by), host.id);
      assert.equal(l!.hidden_reason, 'Injures envers un seigneur');
      const rep = await tp.db.one<{ resolved_by: number; action: string }>('SELECT resolved_by, action FROM content_reports WHERE id = $1', [rid]);
      assert.equal(Number(rep!.resolved_by), host.id);
      assert.equal(rep!.action, 'hidden');

      // The members read "hidden by the moderation", not the text.
      for (const b of [A, B]) {
        const p = await b.get(`/games/${gameId}/letters/${thread}`);
        assert.match(pageText(p.text), /Lettre masquée par la modération/);
        assert.doesNotMatch(p.text, /vile insulte/);
        assert.match(p.text, /Première lettre/);
        const api = (await b.get(`/api/games/${gameId}/letters/${thread}`, { headers: { accept: 'application/json' } })).json();
        const x = api.letters.find((y: { id: number }) => y.id === letter2);
        assert.equal(x.hidden, true);
        assert.equal(x.body, null);
      }
      // The host's list of hidden content: who and why; the report is no longer open.
      const page = await H.get(`/games/${gameId}/moderation`);
      const hidden = pageText(/<section id="hidden-content">[\s\S]*?<\/section>/.exec(page.text)![0]);
      assert.match(hidden, /Masqué par mod_hote/);
      assert.match(hidden, /Injures envers un seigneur/);
      const open = pageText(/<section id="open-reports">[\s\S]*?<\/section>/.exec(page.text)![0]);
      assert.doesNotMatch(open, /Insulte grossière/);
      const S = await loggedIn(tp, site);
      assert.match(pageText((await S.get('/host/moderation')).text), /Injures envers un seigneur/);
    });

    test('dismiss a report; hide then unhide an article (the unhiding is recorded)', async () => {
      const postReport = Number((await tp.db.one<{ id: number }>(`SELECT id FROM content_reports WHERE kind = 'post' AND content_id = $1`, [postId]))!.id);
      await H.get(`/games/${gameId}/moderation`);
      assert.equal((await H.post(`/games/${gameId}/moderation/reports/${postReport}/dismiss`, {}, nofollow)).status, 303);
      const pr = await tp.db.one('SELECT action, resolved_by FROM content_reports WHERE id = $1', [postReport]);
      assert.equal(pr!.action, 'dismissed');
      assert.equal((await tp.db.one('SELECT hidden_at FROM forum_posts WHERE id = $1', [postId]))!.hidden_at, null);

      const artReport = Number((await tp.db.one<{ id: number }>(`SELECT id FROM content_reports WHERE kind = 'article' AND content_id = $1`, [articleId]))!.id);
      await H.post(`/games/${gameId}/moderation/reports/${artReport}/hide`, { reason: 'Calomnie avérée' }, nofollow);
      const a1 = await tp.db.one('SELECT hidden_at, hidden_by, hidden_reason, body_html FROM gazette_articles WHERE id = $1', [articleId]);
      assert.ok(a1!.hidden_at);
      assert.equal(a1!.hidden_reason, 'Calomnie avérée');
      assert.match(a1!.body_html, /calomnieux/);
      await H.get(`/games/${gameId}/moderation`);
      assert.equal((await H.post(`/games/${gameId}/moderation/unhide`, { kind: 'article', id: articleId }, nofollow)).status, 303);
      const a2 = await tp.db.one('SELECT hidden_at, hidden_by, hidden_reason FROM gazette_articles WHERE id = $1', [articleId]);
      assert.equal(a2!.hidden_at, null);
      const log = await tp.db.one<{ action: string; reason: string; resolved_by: number }>(`SELECT action, reason, resolved_by FROM content_reports WHERE kind = 'article' AND content_id = $1 AND action = 'unhidden'`, [articleId]);
      assert.ok(log);
      assert.match(log!.reason, /mod_hote: Calomnie avérée/);
      // Unhiding something not hidden, or of another game: 404.
      assert.equal((await H.post(`/games/${gameId}/moderation/unhide`, { kind: 'article', id: articleId }, nofollow)).status, 404);
      assert.equal(await count(tp, 'content_reports WHERE resolved_at IS NULL'), 0);
    });
  });
}
