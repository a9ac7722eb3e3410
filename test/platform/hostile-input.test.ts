/**
 * Hostile input over HTTP (issue 12, item 5), on both databases: a NUL character in any form or
 * JSON body, query string or path is removed before any handler reads it (never 500; a body too
 * deeply nested to rebuild is refused with 400 and a message in the visitor's language); the outbox's `before` must be an id; a "go back to" path is checked after
 * normalising, so no variant leaves the site; map.svg carries a restrictive Content-Security-Policy.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { Browser, pageText } from './http.ts';
import { DB_KINDS, playerOf, startTestPlatform, type TestPlatform } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';

const nofollow = { follow: false } as const;
const NUL = '\u0000';

for (const kind of DB_KINDS) {
  describe(`hostile input (${kind})`, () => {
    let tp: TestPlatform;
    let host: TestUser;
    let alice: TestUser;
    let bob: TestUser;
    let gameId: number;
    let postId: number;

    before(async () => {
      tp = await startTestPlatform(kind);
      host = await newUser(tp, `host_${kind}`, 'en'); // the first account: the site's host
      await tp.db.query('UPDATE users SET is_host = TRUE WHERE id = $1', [host.id]);
      alice = await newUser(tp, `alice_${kind}`, 'en');
      bob = await newUser(tp, `bob_${kind}`, 'fr');
      gameId = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Entrées hostiles', options: { map: 'scandinavia' },
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: false,
      });
      const a = await loggedIn(tp, alice);
      await a.get(`/games/${gameId}/forum`);
      assert.equal((await a.post(`/games/${gameId}/forum`, { title: 'Sujet', body: 'Bonjour' }, nofollow)).status, 303);
      postId = Number((await tp.db.one<{ id: number }>('SELECT max(id) AS id FROM forum_posts'))!.id);
    });
    after(async () => { await tp?.close(); });

    test('a NUL byte in a form, a JSON body, a query or a path is removed before any handler: never 500, nothing stored with it', async () => {
      const anon = new Browser(tp.url, { lang: 'en' });
      await anon.get('/login');
      for (const [path, form] of [
        ['/login', { login: `x${NUL}y`, password: `p${NUL}` }],
        ['/reset', { email: `a${NUL}@example.test` }],
        ['/validate', { login: `x${NUL}`, code: `AB${NUL}CDEFG` }],
      ] as [string, Record<string, string>][]) {
        const r = await anon.post(path, form, nofollow);
        assert.ok(r.status < 500, `anonymous ${path}: ${r.status}`);
      }
      const signup = await anon.post('/signup', { login: `Nul${NUL}lard`, email: 'nul@example.test', password: 'long-enough-pw', password2: 'long-enough-pw' }, nofollow);
      assert.equal(signup.status, 303);
      assert.ok(await tp.db.one(`SELECT 1 FROM users WHERE login = 'Nullard'`), 'the login is stored without the NUL');

      const a = await loggedIn(tp, alice);
      await a.get(`/games/${gameId}/orders`);
      const alicePlayer = await playerOf(tp, gameId, alice.id);
      const sheetText = async () => (await tp.db.one<{ text: string }>('SELECT text FROM sheets WHERE game_id = $1 AND player = $2 ORDER BY updated_at DESC LIMIT 1', [gameId, alicePlayer]))!.text;
      assert.equal((await a.post(`/games/${gameId}/orders`, { text: `LEV 1${NUL}` }, nofollow)).status, 303);
      assert.equal(await sheetText(), 'LEV 1');
      const j = await a.postJson(`/api/games/${gameId}/sheet`, { text: `LEV 2${NUL}${NUL}` });
      assert.equal(j.status, 200);
      assert.equal(await sheetText(), 'LEV 2');
      assert.equal((await a.post(`/games/${gameId}/letters`, { to: await playerOf(tp, gameId, bob.id), subject: `Pacte${NUL}`, body: 'b' }, nofollow)).status, 303);
      assert.ok(await tp.db.one(`SELECT 1 FROM letter_threads WHERE subject = 'Pacte'`));
      assert.equal((await a.post(`/games/${gameId}/forum`, { title: `Nouvelles${NUL}`, body: 'b' }, nofollow)).status, 303);
      assert.ok(await tp.db.one(`SELECT 1 FROM forum_threads WHERE title = 'Nouvelles'`));
      assert.equal((await a.post('/report', { kind: 'post', id: String(postId), reason: `Ra${NUL}ison` }, nofollow)).status, 303);
      assert.ok(await tp.db.one(`SELECT 1 FROM content_reports WHERE reason = 'Raison'`));
      const nested = await a.postJson(`/games/${gameId}/ready`, { ready: true, deep: [{ x: { [`k${NUL}`]: `v${NUL}` } }] });
      assert.ok(nested.status < 500, `a NUL in a nested key: ${nested.status}`);
      for (const path of [`/games?page=1%00`, `/games/${gameId}/forum?page=%00`, `/games/${gameId}%00`, `/lobby?joined=%00`]) {
        assert.equal((await a.get(path)).status, 200, path);
      }
      // A NUL inside a body too deeply nested to rebuild: 400 with a message in the visitor's language.
      const b = await loggedIn(tp, bob); // French
      await b.get(`/games/${gameId}/orders`);
      const deep = '['.repeat(200_000) + '"\\u0000"' + ']'.repeat(200_000);
      const r = await fetch(`${tp.url}/api/games/${gameId}/sheet`, { method: 'POST', body: deep, headers: { 'content-type': 'application/json', 'x-csrf-token': b.csrf!, cookie: b.cookieHeader() } });
      assert.equal(r.status, 400);
      assert.match((await r.json() as { error: string }).error, /caractère nul \(U\+0000\) dans des données trop imbriquées/);
    });

    test('the outbox\'s "before" is an outbox id or 400 with a message, never 500', async () => {
      const h = await loggedIn(tp, host);
      assert.equal((await h.get('/host/outbox')).status, 200);
      assert.equal((await h.get('/host/outbox?before=5')).status, 200);
      for (const bad of ['1e308', '-1', '0', '99999999999', '2147483648', 'abc', '1.5', '%20']) {
        const r = await h.get(`/host/outbox?before=${bad}`);
        assert.equal(r.status, 400, `before=${bad}`);
        assert.match(pageText(r.text), /Invalid “before” parameter: a whole number from 1 to 2147483647/, bad);
      }
      const r = await h.get('/host/outbox?before=1&before=2');
      assert.equal(r.status, 400, 'repeated key');
    });

    test('the public games\' "page" is a page number or 400 with a message, never 500', async () => {
      // Over 50 public games: two pages, so the page number reaches the database.
      for (let i = 0; i < 51; i++) {
        await games.create(tp.platform.ctx, { ruleset: 'gloire-et-pouvoir', name: `Publique ${i}`, options: { map: 'scandinavia' }, seats: [], maxPlayers: 2 });
      }
      const anon = new Browser(tp.url, { lang: 'fr' });
      assert.equal((await anon.get('/games?page=2')).status, 200);
      for (const bad of ['1.01', '1e308', '0', '-1', 'abc', '10001']) {
        const r = await anon.get(`/games?page=${bad}`);
        assert.equal(r.status, 400, `page=${bad}`);
        assert.match(pageText(r.text), /Paramètre « page » invalide : un nombre entier de 1 à 10000 est attendu/, bad);
      }
    });

    test('a "back" path that would leave the site after normalising is replaced by the game\'s page', async () => {
      const a = await loggedIn(tp, alice);
      await a.get(`/games/${gameId}/forum`);
      const evil = ['/.//evil.example/x', '//evil.example/x', '/\\evil.example/x', '/./\\evil.example', 'https://evil.example/x', '/..//evil.example/x',
        '/%2e%2e//evil.example', '/a/../..//evil.example', 'javascript:alert(1)', '/\t/evil.example', ' //evil.example'];
      for (const back of evil) {
        const r = await a.post('/report', { kind: 'post', id: String(postId), reason: 'Propos douteux', back }, nofollow);
        assert.equal(r.status, 303, back);
        assert.equal(r.location, `/games/${gameId}?reported=1`, `back=${JSON.stringify(back)}`);
      }
      const ok = await a.post('/report', { kind: 'post', id: String(postId), reason: 'Propos douteux', back: `/games/${gameId}/forum/./x/../` }, nofollow);
      assert.equal(ok.location, `/games/${gameId}/forum/?reported=1`, 'a local path, normalised');
      // The Referer fallback of the language switch too.
      const l = await a.get('/lang/en', { follow: false, headers: { referer: `${tp.url}/.//evil.example/x` } });
      assert.equal(l.location, '/');
    });

    test('map.svg is served with a Content-Security-Policy that forbids scripts', async () => {
      const a = await loggedIn(tp, alice);
      const r = await a.get(`/games/${gameId}/map.svg`);
      assert.equal(r.status, 200);
      const csp = r.headers.get('content-security-policy') ?? '';
      assert.match(csp, /default-src 'none'/);
      assert.doesNotMatch(csp, /script-src/);
      assert.match(csp, /sandbox/);
    });
  });
}
