/**
 * The public API (issue 18, api/): personal tokens made and revoked on the account page (shown
 * once, kept hashed), the OpenAPI document generated from the route schemas (every /api/v1 route of
 * Fastify's table is in it), a weekly game played through the API (decisions, a sheet with a bad
 * line keeps its valid lines, ready, the turn resolves, reports), the step every write carries (a
 * write for a step that has passed is refused and never lands on the next one), cookies that open
 * nothing on /api/v1, a game of prompts answered through the API, and the rate limit per token.
 * On both databases for the play flow; PGlite for the rest.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { sha256 } from '../../src/platform/http/server.ts';
import { createToken } from '../../src/platform/api/tokens.ts';
import { Browser } from './http.ts';
import { routeTable } from './route-table.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';
import { DB_KINDS, playerOf, startTestPlatform, waitForStep, type TestPlatform } from './util.ts';
import '../engine/fair-ruleset.ts';

const GP = 'gloire-et-pouvoir';

/** A JSON call to the API with a bearer token (or none). */
async function api(tp: TestPlatform, token: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${tp.url}/api/v1${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, json, text, headers: res.headers };
}

describe('API tokens on the account page, and the OpenAPI document (pglite)', () => {
  let tp: TestPlatform;
  let alice: TestUser;
  before(async () => {
    tp = await startTestPlatform('pglite');
    alice = await newUser(tp, 'api_alice', 'en');
  });
  after(async () => { await tp?.close(); });

  test('a token is made with its scopes, shown once, kept hashed, works, and stops working once revoked', async () => {
    const b = await loggedIn(tp, alice);
    assert.match((await b.get('/account')).text, /href="\/account\/tokens"/);
    const empty = await b.post('/account/tokens', { name: 'bot', scope: [] });
    assert.equal(empty.status, 400);
    assert.match(empty.text, /Choose at least one scope/);
    const made = await b.post('/account/tokens', { name: 'my bot', scope: ['read', 'play'] });
    assert.equal(made.status, 200);
    assert.equal(made.headers.get('cache-control'), 'no-store');
    const token = /<code class="token">([^<]+)<\/code>/.exec(made.text)?.[1];
    assert.ok(token && /^suz_[\w-]{43}$/.test(token), 'the token is shown');
    // Kept as its hash only; never shown again.
    const row = await tp.db.one<{ token_hash: string; scopes: string }>('SELECT token_hash, scopes FROM api_tokens WHERE user_id = $1', [alice.id]);
    assert.equal(row!.token_hash, sha256(token));
    assert.equal(row!.scopes, 'read,play');
    const dump = await tp.db.query<{ t: string }>('SELECT row_to_json(k)::text AS t FROM api_tokens k');
    assert.ok(dump.every((r) => !r.t.includes(token)), 'the token is not stored in clear');
    const list = await b.get('/account/tokens');
    assert.ok(!list.text.includes(token), 'the list never shows it again');
    assert.match(list.text, /my bot/);

    const me = await api(tp, token, 'GET', '/me');
    assert.equal(me.status, 200);
    assert.deepEqual(me.json, { login: 'api_alice', lang: 'en', scopes: ['read', 'play'] });
    // No Set-Cookie on the API: it knows no session.
    assert.equal(me.headers.get('set-cookie'), null);

    const id = (await tp.db.one<{ id: number }>('SELECT id FROM api_tokens WHERE user_id = $1', [alice.id]))!.id;
    const revoked = await b.post(`/account/tokens/${id}/revoke`, {});
    assert.equal(revoked.status, 200);
    assert.match(revoked.text, /revoked/);
    const after = await api(tp, token, 'GET', '/me', undefined, { 'accept-language': 'en' });
    assert.equal(after.status, 401);
    assert.equal(after.json.code, 'token');
    assert.match(after.json.error, /revoked/);
    // Someone else's token id cannot be revoked from another account.
    const bob = await newUser(tp, 'api_bob');
    const other = await createToken(tp.platform.ctx, bob.id, 'b', ['read']);
    assert.equal((await b.post(`/account/tokens/${other.info.id}/revoke`, {})).status, 404);
    assert.equal((await api(tp, other.token, 'GET', '/me')).status, 200);
  });

  test('the OpenAPI document is generated from the routes: every /api/v1 route is in it, with its security', async () => {
    const doc = await api(tp, null, 'GET', '/openapi.json');
    assert.equal(doc.status, 200);
    assert.equal(doc.json.openapi, '3.1.0');
    assert.deepEqual(doc.json.components.securitySchemes.bearer, { type: 'http', scheme: 'bearer', description: 'a personal API token (/account/tokens)' });
    const routes = routeTable(tp.platform.app).filter((r) => r.path.startsWith('/api/v1/') && r.method !== 'HEAD' && r.path !== '/api/v1/openapi.json');
    assert.ok(routes.length >= 15, `${routes.length} API routes`);
    for (const r of routes) {
      const p = r.path.replace(/:(\w+)/g, '{$1}');
      const op = doc.json.paths[p]?.[r.method.toLowerCase()];
      assert.ok(op, `${r.method} ${r.path} is documented`);
      assert.ok(op.summary, `${r.method} ${r.path} has a summary`);
      assert.ok(op.security?.some((s: Record<string, unknown>) => 'bearer' in s), `${r.method} ${r.path} names its security`);
      if (r.method === 'POST') assert.ok(op.requestBody?.content?.['application/json']?.schema, `${r.method} ${r.path} documents its body`);
    }
    assert.ok(doc.json.paths['/api/v1/games/{id}/answer'].post.requestBody.content['application/json'].schema.required.includes('step'));
    // The page for people lists them, with a link to the document.
    const help = await new Browser(tp.url, { lang: 'en' }).get('/help/api');
    assert.equal(help.status, 200);
    assert.match(help.text, /href="\/api\/v1\/openapi.json"/);
    assert.match(help.text, /\/api\/v1\/games\/\{id\}\/decisions/);
    assert.match((await new Browser(tp.url).get('/help')).text, /href="\/help\/api"/);
  });

  test('bad input gets a 400 with a clear message in the token owner\'s language, never a 500', async () => {
    const { token } = await createToken(tp.platform.ctx, alice.id, 'x', ['read', 'play', 'messages']);
    const bad = await api(tp, token, 'POST', '/games/1/answer', { answer: 'LEV 1' });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.code, 'bad-request');
    assert.match(bad.json.error, /^Invalid request: .*step/);
    const junk = await fetch(`${tp.url}/api/v1/games/1/answer`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"step":' });
    assert.equal(junk.status, 400);
    assert.equal((await api(tp, token, 'GET', '/games/abc')).status, 400);
    const nowhere = await api(tp, token, 'GET', '/nowhere');
    assert.equal(nowhere.status, 404);
    assert.equal(nowhere.json.code, 'not-found');
  });
});

for (const kind of DB_KINDS) {
  describe(`a weekly game played through the API (${kind})`, () => {
    let tp: TestPlatform;
    let alice: TestUser;
    let bob: TestUser;
    let gameId = 0;
    let token = '';
    before(async () => {
      tp = await startTestPlatform(kind, { apiPerMinute: 0 });
      alice = await newUser(tp, `apip_alice_${kind}`);
      bob = await newUser(tp, `apip_bob_${kind}`, 'en');
      gameId = await games.create(tp.platform.ctx, {
        ruleset: GP, name: 'Par l’API', options: { map: 'scandinavia' }, hostUserId: alice.id,
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: true,
      });
      token = (await createToken(tp.platform.ctx, alice.id, 'play', ['read', 'play'])).token;
    });
    after(async () => { await tp?.close(); });

    test('decisions, a sheet with a bad line (valid lines kept), ready; a write for a passed step is refused and never applied', async () => {
      const player = await playerOf(tp, gameId, alice.id);
      const mine = await api(tp, token, 'GET', '/games');
      assert.equal(mine.status, 200);
      assert.deepEqual(mine.json.games.map((g: { id: number; orders: string; waiting: boolean }) => [g.id, g.orders, g.waiting]), [[gameId, 'missing', true]]);
      const d0 = await api(tp, token, 'GET', `/games/${gameId}/decisions`);
      assert.equal(d0.status, 200);
      assert.equal(d0.json.step, 0);
      assert.equal(d0.json.mode, 'sheet');
      assert.equal(d0.json.player, player);
      assert.equal(d0.json.decisions.length, 1);
      assert.equal(d0.json.decisions[0].answer, null);

      const view = await api(tp, token, 'GET', `/games/${gameId}/view`);
      assert.equal(view.status, 200);
      const home = Object.values(view.json.view.territories as Record<string, { id: string; owner: string | null }>).find((t) => t.owner === player)!;
      const sheet = `IMP 5 ${home.id}\nXYZ nonsense\n`;
      const saved = await api(tp, token, 'POST', `/games/${gameId}/answer`, { step: 0, answer: sheet });
      assert.equal(saved.status, 200, saved.text);
      assert.equal(saved.json.saved, true);
      assert.equal(saved.json.text, sheet);
      assert.equal(saved.json.issues.length, 1);
      assert.equal(saved.json.issues[0].line, 2);
      const stored = await games.sheet(tp.platform.ctx, gameId, player);
      assert.equal(stored.text, sheet);
      assert.equal((stored.value as { lines: unknown[] }).lines.length, 1, 'the valid line is kept');

      // Ready for a step that is not the game's: refused, nothing changed.
      const early = await api(tp, token, 'POST', `/games/${gameId}/ready`, { step: 1, ready: true });
      assert.equal(early.status, 409);
      assert.equal(early.json.code, 'stale-step');
      assert.equal((await games.sheet(tp.platform.ctx, gameId, player)).ready, false);
      assert.equal((await api(tp, token, 'POST', `/games/${gameId}/ready`, { step: 0, ready: true })).status, 200);

      // Bob readies on the site: the turn resolves.
      const b = await loggedIn(tp, bob);
      await b.get(`/games/${gameId}`);
      assert.equal((await b.postJson(`/games/${gameId}/ready`, { ready: true })).status, 200);
      await waitForStep(tp, gameId, 1);

      // The late write for step 0 is refused with the step the game is at, and lands nowhere.
      const late = await api(tp, token, 'POST', `/games/${gameId}/answer`, { step: 0, answer: 'IMP 9 NOWHERE' });
      assert.equal(late.status, 409);
      assert.equal(late.json.code, 'stale-step');
      assert.equal(late.json.step, 1);
      assert.match(late.json.error, /étape 0.*étape 1/);
      assert.equal((await tp.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sheets WHERE game_id = $1 AND player = $2 AND step = 2', [gameId, player]))!.n, 0);
      const lateReady = await api(tp, token, 'POST', `/games/${gameId}/ready`, { step: 0, ready: true });
      assert.equal(lateReady.status, 409);
      assert.equal((await games.sheet(tp.platform.ctx, gameId, player)).ready, false, 'the new turn\'s sheet is not ready');

      // The new step's decisions, and the report of the turn.
      const d1 = await api(tp, token, 'GET', `/games/${gameId}/decisions`);
      assert.equal(d1.json.step, 1);
      assert.equal(d1.json.decisions[0].answer, null);
      const reports = await api(tp, token, 'GET', `/games/${gameId}/reports`);
      assert.deepEqual(reports.json.reports.map((r: { idx: number }) => r.idx), [1]);
      const report = await api(tp, token, 'GET', `/games/${gameId}/reports/1?lang=en`);
      assert.equal(report.status, 200);
      assert.match(report.json.markdown, /Aliénor/);
      assert.equal((await api(tp, token, 'GET', `/games/${gameId}/reports/2`)).status, 404);
      // The public page and the statistics.
      const pub = await api(tp, null, 'GET', `/games/${gameId}`);
      assert.equal(pub.status, 200);
      assert.equal(pub.json.step, 1);
      assert.equal(pub.json.me, null);
      assert.deepEqual(pub.json.lords.map((l: { lordName: string }) => l.lordName).sort(), ['Aliénor', 'Bohémond']);
      const withMe = await api(tp, token, 'GET', `/games/${gameId}`);
      assert.equal(withMe.json.me.player, player);
      const stats = await api(tp, token, 'GET', `/games/${gameId}/stats`);
      assert.equal(stats.status, 200);
      assert.ok(stats.json.own.length > 0 && stats.json.shared.length > 0);
      const pubStats = await api(tp, null, 'GET', `/games/${gameId}/stats`);
      assert.deepEqual(pubStats.json.own, []);
    });

    test('messages: a refused forum post or letter is a 400 `refused` in the token owner\'s language and stores nothing; a good one lands', async () => {
      const msg = (await createToken(tp.platform.ctx, bob.id, 'messages', ['read', 'messages'])).token; // Bob reads English
      const count = async (table: string) => (await tp.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;
      const [threads0, letters0] = [await count('forum_threads'), await count('letter_threads')];
      const blank = await api(tp, msg, 'POST', `/games/${gameId}/forum`, { title: 'Paix', body: '   ' });
      assert.equal(blank.status, 400, blank.text);
      assert.equal(blank.json.code, 'refused');
      assert.match(blank.json.error, /[a-z]/i, 'the refusal says why');
      assert.equal(await count('forum_threads'), threads0, 'a refused thread is not stored');
      const opened = await api(tp, msg, 'POST', `/games/${gameId}/forum`, { title: 'Paix', body: 'Proposons la paix.' });
      assert.equal(opened.status, 200, opened.text);
      const emptyPost = await api(tp, msg, 'POST', `/games/${gameId}/forum/${opened.json.threadId}`, { body: '' });
      assert.equal(emptyPost.status, 400, emptyPost.text);
      assert.equal(emptyPost.json.code, 'refused');

      const letters = await api(tp, msg, 'GET', `/games/${gameId}/letters`);
      assert.equal(letters.status, 200, letters.text);
      const stranger = await api(tp, msg, 'POST', `/games/${gameId}/letters`, { to: ['nobody-here'], subject: 'Secret', body: 'Hello' });
      assert.equal(stranger.status, 400, stranger.text);
      assert.equal(stranger.json.code, 'refused');
      assert.equal(await count('letter_threads'), letters0, 'a refused letter is not stored');
      const to = (letters.json.recipients as { player: string }[]).map((r) => r.player);
      assert.ok(to.length > 0, 'Bob may write to Alice');
      const sent = await api(tp, msg, 'POST', `/games/${gameId}/letters`, { to: to.slice(0, 1), subject: 'Secret', body: 'Hello' });
      assert.equal(sent.status, 200, sent.text);
      const blankAnswer = await api(tp, msg, 'POST', `/games/${gameId}/letters/${sent.json.threadId}`, { body: ' ' });
      assert.equal(blankAnswer.status, 400, blankAnswer.text);
      assert.equal(blankAnswer.json.code, 'refused');
    });

    test('cookies open nothing on /api/v1: a logged-in browser session is an anonymous caller there', async () => {
      const a = await loggedIn(tp, alice);
      await a.get(`/games/${gameId}`);
      const asBrowser = await fetch(`${tp.url}/api/v1/games/${gameId}/answer`, {
        method: 'POST', headers: { cookie: a.cookieHeader(), 'content-type': 'application/json', 'x-csrf-token': a.csrf ?? '' },
        body: JSON.stringify({ step: 1, answer: 'IMP 9 X' }),
      });
      assert.equal(asBrowser.status, 401);
      assert.equal((await asBrowser.json()).code, 'token');
      const view = await fetch(`${tp.url}/api/v1/games/${gameId}/view`, { headers: { cookie: a.cookieHeader() } });
      assert.equal(view.status, 401);
      const sheet = await games.sheet(tp.platform.ctx, gameId, await playerOf(tp, gameId, alice.id));
      assert.ok(!sheet.text.includes('IMP 9 X'));
    });
  });
}

describe('a game of prompts through the API, and the rate limit per token (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite', { apiPerMinute: 30 }); });
  after(async () => { await tp?.close(); });

  test('the open prompt is answered with its step; a refused answer says why; a passed step is refused', async () => {
    const u1 = await newUser(tp, 'apif_1', 'en');
    const u2 = await newUser(tp, 'apif_2');
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'test/fair', name: 'Foire', options: {}, seed: 'api-fair', hostUserId: u1.id,
      seats: [{ userId: u1.id, lordName: 'Aude' }, { userId: u2.id, lordName: 'Bérenger' }], prompts: { pace: 'daily' },
    });
    const t1 = (await createToken(tp.platform.ctx, u1.id, 'f', ['read', 'play'])).token;
    const d = await api(tp, t1, 'GET', `/games/${id}/decisions`);
    assert.equal(d.json.mode, 'prompts');
    assert.deepEqual(d.json.decisions.map((x: { id: string }) => x.id), ['stall']);
    const refused = await api(tp, t1, 'POST', `/games/${id}/answer`, { step: d.json.step, decision: 'stall', answer: 'stall atlantis' });
    assert.equal(refused.status, 400);
    assert.equal(refused.json.code, 'refused');
    assert.match(refused.json.error, /^Answer refused: /);
    const noDecision = await api(tp, t1, 'POST', `/games/${id}/answer`, { step: d.json.step, answer: 'pass' });
    assert.equal(noDecision.status, 400);
    const stale = await api(tp, t1, 'POST', `/games/${id}/answer`, { step: d.json.step + 5, decision: 'stall', answer: 'pass' });
    assert.equal(stale.status, 409);
    assert.equal(stale.json.code, 'stale-step');
    const ok = await api(tp, t1, 'POST', `/games/${id}/answer`, { step: d.json.step, decision: 'stall', answer: 'pass' });
    assert.equal(ok.status, 200, ok.text);
    await waitForStep(tp, id, d.json.step + 1);
    // That step is gone: the same answer again is refused, never applied to the next prompt.
    const again = await api(tp, t1, 'POST', `/games/${id}/answer`, { step: d.json.step, decision: 'stall', answer: 'pass' });
    assert.equal(again.status, 409);
    assert.equal((await api(tp, t1, 'POST', `/games/${id}/ready`, { step: d.json.step + 1, ready: true })).json.code, 'no-sheet');
  });

  test('/decisions gives my answer back in its guided form (formValues, as the prompt page fills it): mine only', async () => {
    const u1 = await newUser(tp, 'apiv_1', 'en');
    const u2 = await newUser(tp, 'apiv_2');
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'test/fair', name: 'Foire 2', options: {}, seed: 'api-fair-values', hostUserId: u1.id,
      seats: [{ userId: u1.id, lordName: 'Aude' }, { userId: u2.id, lordName: 'Bérenger' }], prompts: { pace: 'daily' },
    });
    const t1 = (await createToken(tp.platform.ctx, u1.id, 'f', ['read', 'play'])).token;
    const t2 = (await createToken(tp.platform.ctx, u2.id, 'f', ['read', 'play'])).token;
    for (const t of [t1, t2]) { // each passes his stall in turn
      const d = await api(tp, t, 'GET', `/games/${id}/decisions`);
      assert.equal(d.json.decisions[0].id, 'stall');
      assert.equal((await api(tp, t, 'POST', `/games/${id}/answer`, { step: d.json.step, decision: 'stall', answer: 'pass' })).status, 200);
      await waitForStep(tp, id, d.json.step + 1);
    }
    const open = await api(tp, t1, 'GET', `/games/${id}/decisions`);
    assert.equal(open.json.decisions[0].id, 'bid');
    assert.equal(open.json.decisions[0].answer, null, 'nothing answered yet');
    const ok = await api(tp, t1, 'POST', `/games/${id}/answer`, { step: open.json.step, decision: 'bid', answer: 'bid 3 ribbon' });
    assert.equal(ok.status, 200, ok.text);
    const mine = await api(tp, t1, 'GET', `/games/${id}/decisions`);
    assert.deepEqual(mine.json.decisions[0].answer.formValues, { code: 'bid', values: { amount: '3', prize: 'ribbon' } });
    const theirs = await api(tp, t2, 'GET', `/games/${id}/decisions`);
    assert.equal(theirs.json.decisions[0].id, 'bid');
    assert.equal(theirs.json.decisions[0].answer, null, 'the other player sees no answer, nor its values');
    assert.doesNotMatch(theirs.text, /"amount"|"values"|"formValues":\{/);
  });

  test('each token has its own bucket: past its burst a token gets 429 with Retry-After, another token still passes', async () => {
    const u = await newUser(tp, 'apir_1');
    const t1 = (await createToken(tp.platform.ctx, u.id, 'r1', ['read'])).token;
    const t2 = (await createToken(tp.platform.ctx, u.id, 'r2', ['read'])).token;
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await api(tp, t1, 'GET', '/me')).status);
    assert.ok(statuses.slice(0, 25).every((s) => s === 200), statuses.join(','));
    const limited = await api(tp, t1, 'GET', '/me');
    assert.equal(limited.status, 429);
    assert.equal(limited.json.code, 'rate');
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal((await api(tp, t2, 'GET', '/me')).status, 200);
  });
});
