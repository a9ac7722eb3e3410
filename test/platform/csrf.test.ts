/**
 * Every state-changing route refuses a request without the visitor's own form token (http/server.ts:
 * the `_csrf` field of a form or JSON body, or the X-CSRF-Token header). The routes are read from
 * Fastify's route table (every method but GET, HEAD and OPTIONS), so a route added later is covered
 * without touching this file. Each is sent form, JSON and empty bodies with no token, and form and
 * JSON bodies with wrong tokens (another session's real token, the visitor's own token with one
 * character changed, and for a logged-in lord the token of his browser before he logged in), as a
 * lord logged in with a seat (he hosts the game, so the host's routes would act too) and as an
 * anonymous visitor. The bodies carry the fields the handlers read (a confirmation, a text…), so a
 * route that skipped the check would act. Each answer must be the 403 page of the expired form, and
 * afterwards the database must be exactly as before (every table's rows hashed) and the lord still
 * logged in and seated. A control checks that the same requests with the right token pass.
 *
 * Routes that must accept a request without the visitor's token by design are listed in
 * NO_TOKEN_BY_DESIGN with the reason; today there are none:
 *  - login, sign-up, validation and password reset are forms of anonymous visitors, who have a
 *    token too (the `csrf` cookie set on their first page): a forged login would log a victim into
 *    the attacker's account, a forged sign-up or reset would send mail in his name;
 *  - replies to letters by mail come in by SMTP (mail/inbound.ts), not through an HTTP route;
 *  - the only GET that changes something, /lang/:lang, is guarded otherwise (Sec-Fetch-Dest) and is
 *    not a state-changing method.
 * The public API (/api/v1, api/routes.ts) reads no cookie at all: its callers carry a bearer token
 * (`Authorization`), which a cross-site form cannot send, so a browser's session opens nothing
 * there. Its routes get the same requests and must refuse each with 401 (`code: token`), the visitor's
 * own form token included, writing nothing (the same snapshot).
 * PGlite only: the check does not depend on the database.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { joinQueue } from '../../src/platform/lobby/service.ts';
import { escapeHtml } from '../../src/platform/http/html.ts';
import { t } from '../../src/platform/http/i18n.ts';
import { Browser } from './http.ts';
import { stateChangingRoutes, type RouteEntry } from './route-table.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';
import { playerOf, schedulerPass, startTestPlatform, type TestPlatform } from './util.ts';

/** Routes that accept a request without the visitor's token, each with the reason (none today: see above). */
const NO_TOKEN_BY_DESIGN: Record<string, string> = {};

type BodyKind = 'form' | 'json' | 'none';

interface Role {
  name: string;
  b: Browser;
  lang: 'fr' | 'en';
  /** Tokens that are not this visitor's, each named. */
  wrong: { name: string; token: string }[];
}

/** The visitor's own token with its last character changed. */
const altered = (tok: string): string => tok.slice(0, -1) + (tok.endsWith('A') ? 'B' : 'A');

describe('every state-changing route refuses a request without the visitor\'s form token (pglite)', () => {
  let tp: TestPlatform;
  let alice: TestUser;
  let gameId = 0;
  const params: Record<string, string> = {};
  let fields: Record<string, string> = {};
  const roles: Role[] = [];

  /** Every table's rows, hashed: equal snapshots mean nothing was written. */
  async function snapshot(): Promise<Record<string, string>> {
    const tables = await tp.db.query<{ tablename: string }>('SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename');
    const out: Record<string, string> = {};
    for (const { tablename } of tables) {
      const r = await tp.db.one<{ h: string }>(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${tablename}" x`);
      out[tablename] = r!.h;
    }
    return out;
  }

  before(async () => {
    // No background scheduler: nothing but the requests writes between the two snapshots below
    // (the setup's queued work is done by a pass of the test's own before the first).
    tp = await startTestPlatform('pglite', {}, { scheduler: false });
    const ctx = tp.platform.ctx;
    alice = await newUser(tp, 'csrf_alice');
    const bob = await newUser(tp, 'csrf_bob', 'en');
    gameId = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Jeton', options: { map: 'scandinavia' }, hostUserId: alice.id,
      seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: false,
    });
    const a = await loggedIn(tp, alice);
    const b = await loggedIn(tp, bob);
    await a.get(`/games/${gameId}`);
    await b.get(`/games/${gameId}`);
    // Content for the routes' parameters: a forum thread, a letter thread, a gazette article, a content report, a lobby request.
    const bobPlayer = await playerOf(tp, gameId, bob.id);
    assert.equal((await a.post(`/games/${gameId}/forum`, { title: 'Sujet', body: 'Bonjour' })).status, 200);
    assert.equal((await a.post(`/games/${gameId}/letters`, { to: bobPlayer, subject: 'Alliance', body: 'Salut' })).status, 200);
    assert.equal((await a.post(`/games/${gameId}/gazette`, { title: 'Nouvelles', body: 'Rien de neuf' })).status, 200);
    const one = async (sql: string) => String((await tp.db.one<{ id: number }>(sql))!.id);
    const post = await one('SELECT max(id) AS id FROM forum_posts');
    assert.equal((await a.post('/report', { kind: 'post', id: post, reason: 'test' })).status, 200);
    const entry = await joinQueue(ctx, alice.id, 'gloire-et-pouvoir/scandinavia', 'Aliénor');
    Object.assign(params, {
      id: String(gameId), lobby: String(entry), thread: await one('SELECT max(id) AS id FROM forum_threads'),
      letter: await one('SELECT max(id) AS id FROM letter_threads'), article: await one('SELECT max(id) AS id FROM gazette_articles'),
      report: await one('SELECT max(id) AS id FROM content_reports'), token: 'x'.repeat(43),
    });
    // The fields the handlers read, each with a value that would make the handler act.
    fields = {
      confirm: '1', mode: 'replace', ready: '1', text: 'LEV 1', title: 'Titre', body: 'Texte', to: bobPlayer, subject: 'Objet',
      lordName: 'Mallory', password: alice.password, password2: alice.password, current: alice.password, login: alice.login, email: alice.email,
      code: 'ABCDEFGH', lang: 'en', kind: 'post', id: post, reason: 'raison', player: bobPlayer, ruleset: 'gloire-et-pouvoir', map: 'scandinavia',
      lords: '2', name: 'Partie', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', digest: 'daily', caretaker: '1', early: '1',
    };
    const anon = new Browser(tp.url, { lang: 'en' });
    await anon.get('/');
    const other = new Browser(tp.url, { lang: 'en' });
    await other.get('/');
    assert.ok(a.csrf && b.csrf && anon.csrf && other.csrf);
    const before = a.cookies.get('csrf');
    assert.ok(before && before !== a.csrf, 'the lord\'s browser kept its token from before the login');
    roles.push(
      { name: 'a seated lord', b: a, lang: 'fr', wrong: [{ name: 'another session\'s token', token: b.csrf }, { name: 'his token altered', token: altered(a.csrf) }, { name: 'his token from before the login', token: before }] },
      { name: 'an anonymous visitor', b: anon, lang: 'en', wrong: [{ name: 'another visitor\'s token', token: other.csrf }, { name: 'his token altered', token: altered(anon.csrf) }] },
    );
    // Whatever the setup queued (notification mails…) is done before the first snapshot.
    await schedulerPass(tp);
  });
  after(async () => { await tp?.close(); });

  /** The route's path with real ids for its parameters. */
  function pathOf(r: RouteEntry): string {
    return r.path.replace(/:(\w+)/g, (_all, name: string) => {
      if (name === 'id' && r.path.startsWith('/lobby/')) return params.lobby!;
      if (name === 'thread' && r.path.includes('/letters/')) return params.letter!;
      return params[name] ?? '1';
    });
  }

  async function send(role: Role, r: RouteEntry, kind: BodyKind, token: string | null): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { cookie: role.b.cookieHeader(), 'accept-language': role.lang };
    let body: string | undefined;
    if (kind === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams({ ...fields, ...(token === null ? {} : { _csrf: token }) }).toString();
    } else {
      if (kind === 'json') { headers['content-type'] = 'application/json'; body = JSON.stringify(fields); }
      if (token !== null) headers['x-csrf-token'] = token;
    }
    const res = await fetch(`${tp.url}${pathOf(r)}`, { method: r.method, headers, body, redirect: 'manual' });
    return { status: res.status, text: await res.text() };
  }

  test('no token, or a wrong one, in a form, JSON or empty body: refused on every route, nothing written', { timeout: 120_000 }, async (tt) => {
    const routes = stateChangingRoutes(tp.platform.app);
    assert.ok(routes.length >= 30, `the route table lists ${routes.length} state-changing routes`);
    for (const must of ['/games/:id/leave', '/games/:id/orders', '/api/games/:id/sheet', '/login', '/signup', '/logout', '/report', '/api/v1/games/:id/answer', '/account/tokens']) {
      assert.ok(routes.some((r) => r.method === 'POST' && r.path === must), `POST ${must} is in the route table`);
    }
    for (const path of Object.keys(NO_TOKEN_BY_DESIGN)) assert.ok(routes.some((r) => r.path === path), `${path} (listed as exempt) exists`);
    const checked = routes.filter((r) => !(r.path in NO_TOKEN_BY_DESIGN));
    const before = await snapshot();
    const failures: string[] = [];
    let sent = 0;
    for (const r of checked) {
      const bearer = r.path.startsWith('/api/v1/');
      for (const role of roles) {
        const refusal = escapeHtml(t(role.lang, 'error.csrf'));
        const tries: { what: string; kind: BodyKind; token: string | null }[] = [
          ...(['form', 'json', 'none'] as const).map((kind) => ({ what: `${kind} body, no token`, kind, token: null })),
          ...role.wrong.flatMap((w) => (['form', 'json'] as const).map((kind) => ({ what: `${kind} body, ${w.name}`, kind, token: w.token }))),
        ];
        // The API: its own form token opens nothing either (no cookie is read there).
        if (bearer) tries.push(...(['form', 'json'] as const).map((kind) => ({ what: `${kind} body, his own form token`, kind, token: role.b.csrf })));
        for (const x of tries) {
          const res = await send(role, r, x.kind, x.token);
          sent++;
          if (bearer) {
            if (res.status !== 401 || !res.text.includes('"code":"token"')) failures.push(`${r.method} ${r.path}, ${role.name}, ${x.what}: ${res.status} ${res.text.slice(0, 120)}`);
            continue;
          }
          if (res.status !== 403 || !res.text.includes(refusal)) failures.push(`${r.method} ${r.path}, ${role.name}, ${x.what}: ${res.status} ${res.text.slice(0, 120).replace(/\s+/g, ' ')}`);
        }
      }
    }
    tt.diagnostic(`${sent} requests on ${checked.length} routes: ${checked.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    assert.deepEqual(failures, [], `${failures.length} requests of ${sent} were not refused`);
    assert.deepEqual(await snapshot(), before, 'the refused requests wrote nothing');
    // The lord is still logged in and seated, with the same token.
    const page = await roles[0]!.b.get(`/games/${gameId}/orders`);
    assert.equal(page.status, 200);
    assert.equal((await tp.db.one<{ status: string }>('SELECT status FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, alice.id]))!.status, 'active');
  });

  test('control: the same requests with the visitor\'s own token pass the check', async () => {
    const lord = roles[0]!;
    const anon = roles[1]!;
    const refused = (res: { status: number; text: string }, lang: 'fr' | 'en') => res.status === 403 && res.text.includes(escapeHtml(t(lang, 'error.csrf')));
    // As the lord, a form (his language) and a JSON call (ready); as an anonymous visitor, the login form.
    const asForm = await send(lord, { method: 'POST', path: '/account/lang' }, 'form', lord.b.csrf);
    assert.ok(!refused(asForm, lord.lang), `form with the token: ${asForm.status}`);
    assert.equal(asForm.status, 303);
    const asJson = await send(lord, { method: 'POST', path: '/games/:id/ready' }, 'json', lord.b.csrf);
    assert.ok(!refused(asJson, lord.lang), `JSON with the token: ${asJson.status}`);
    const login = await send(anon, { method: 'POST', path: '/login' }, 'form', anon.b.csrf);
    assert.ok(!refused(login, anon.lang), `anonymous form with the token: ${login.status}`);
  });
});
