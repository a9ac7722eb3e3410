/**
 * Hostile input over HTTP (issue 12, item 5), on both databases: a NUL character in any form or
 * JSON body, query string or path is refused with 400 and a message in the visitor's language
 * (never 500); the outbox's `before` must be an id; a "go back to" path is checked after
 * normalising, so no variant leaves the site; map.svg carries a restrictive Content-Security-Policy.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { Browser, pageText } from './http.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';
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

    test('a NUL byte in a form, a JSON body, a query or a path: 400 with a message in the visitor\'s language, never 500', async () => {
      const anon = new Browser(tp.url, { lang: 'en' });
      await anon.get('/login');
      const forms: [string, Record<string, string>][] = [
        ['/login', { login: `x${NUL}y`, password: `p${NUL}` }],
        ['/reset', { email: `a${NUL}@example.test` }],
        ['/validate', { login: `x${NUL}`, code: `AB${NUL}CDEFG` }],
        ['/signup', { login: `n${NUL}ul`, email: 'nul@example.test', password: 'long-enough-pw', password2: 'long-enough-pw' }],
      ];
      for (const [path, form] of forms) {
        const r = await anon.post(path, form, nofollow);
        assert.equal(r.status, 400, `anonymous ${path}`);
        assert.match(pageText(r.text), /NUL character \(U\+0000\)/, path);
      }
      const a = await loggedIn(tp, alice); // English
      await a.get(`/games/${gameId}/orders`);
      const b = await loggedIn(tp, bob); // French
      await b.get(`/games/${gameId}/orders`);
      const lordForms: [Browser, string, Record<string, string>][] = [
        [a, `/games/${gameId}/orders`, { text: `LEV 1${NUL}` }],
        [a, `/games/${gameId}/letters`, { to: 'Bohémond', subject: `s${NUL}`, body: 'b' }],
        [a, `/games/${gameId}/forum`, { title: `t${NUL}`, body: 'b' }],
        [a, '/report', { kind: 'post', id: String(postId), reason: `r${NUL}` }],
        [b, `/games/${gameId}/orders`, { text: `LEV 1${NUL}` }],
      ];
      for (const [who, path, form] of lordForms) {
        const r = await who.post(path, form, nofollow);
        assert.equal(r.status, 400, path);
        assert.match(pageText(r.text), who === a ? /NUL character/ : /caractère nul/, path);
      }
      const j = await a.postJson(`/api/games/${gameId}/sheet`, { text: `LEV 1${NUL}` });
      assert.equal(j.status, 400);
      assert.match(j.json().error, /NUL character/);
      const nested = await b.postJson(`/games/${gameId}/ready`, { ready: true, deep: [{ x: { [`k${NUL}`]: 1 } }] });
      assert.equal(nested.status, 400, 'a NUL in a nested key');
      assert.match(nested.json().error, /caractère nul/);
      for (const path of [`/games?page=1%00`, `/games/${gameId}/forum?page=%00`, `/games/${gameId}%00`, `/lobby?joined=%00`]) {
        const r = await a.get(path);
        assert.equal(r.status, 400, path);
      }
      // Nothing of it was stored.
      assert.equal(Number((await tp.db.one<{ n: number }>('SELECT count(*)::int AS n FROM forum_posts'))!.n), 1);
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
