/**
 * Route fuzzing (issue 12, "Done when"): random query strings and bodies sent to every route of
 * the platform, as an anonymous visitor, as a lord seated in a running game, as the site's
 * host (who also hosts that game), and as that lord with an API token of every scope (which opens
 * the public API's routes, /api/v1, to the fuzzer). Every answer must be below 500 and arrive within
 * REQUEST_BUDGET_MS.
 *
 * - The routes come from Fastify's own route table (printRoutes), so a new route is fuzzed
 *   without touching this file; path parameters get either a real id of the fixture (the game,
 *   its forum thread, letter thread, gazette article, content report, turn report) or junk.
 * - Inputs: form bodies (repeated keys, NUL bytes, huge and odd numbers, long strings, raw bytes
 *   that are not UTF-8), JSON bodies (nested objects and arrays, huge numbers, non-object tops,
 *   invalid JSON), and query strings of the same kinds, with broken percent-encodings. State-changing
 *   requests carry the visitor's CSRF token (most of the time), so the handlers are reached.
 * - Bounds, for a 2-core machine: RUNS requests per route, method and role (map.png and the tools
 *   take 0.1–0.3 s each), one request only per (route, role) once TOTAL_BUDGET_MS is spent, each
 *   request within REQUEST_BUDGET_MS. Routes that end the visitor's seat or session (leave, take,
 *   open-seat, logout) run last, so the others are fuzzed with the roles intact. PGlite only: the
 *   database kind does not change how input is parsed.
 * - FUZZ_LOG=1 prints every request and its status (to see what the generators reach).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { createToken } from '../../src/platform/api/tokens.ts';
import { games } from '../../src/platform/games/service.ts';
import { Browser } from './http.ts';
import { routeTable } from './route-table.ts';
import { startTestPlatform, type TestPlatform } from './util.ts';
import { loggedIn, newUser } from './users.ts';

const RUNS = 10;
const REQUEST_BUDGET_MS = 10_000;
/**
 * The fuzzing loop's time: once spent, each remaining (route, role) gets one request only, so a
 * slow machine shortens the run instead of stretching it (at most routes × roles requests more,
 * each within REQUEST_BUDGET_MS).
 */
const TOTAL_BUDGET_MS = 30_000;
/** Routes that take away the visitor's seat, session or API token: fuzzed after every other route. */
const LAST = ['/logout', '/games/:id/leave', '/games/:id/take', '/games/:id/open-seat', '/account/tokens/:tokenId/revoke'];

interface Route { method: 'GET' | 'POST'; path: string }

/** The platform's GET and POST routes, from Fastify's route table. */
function routesOf(app: FastifyInstance): Route[] {
  return routeTable(app).filter((r): r is Route => r.method === 'GET' || r.method === 'POST');
}

/** Field names the handlers read, so random bodies hit real fields too. */
const FIELDS = ['text', 'ready', 'lordName', 'password', 'password2', 'login', 'email', 'code', 'title', 'body', 'to', 'subject', 'reason', 'kind', 'id', 'back',
  'mode', 'confirm', 'player', 'map', 'lords', 'name', 'weekday', 'time', 'timeZone', 'config', 'lang', 'page', 'before', 'quote', 'next', 'knight', 'men',
  'runs', 'threshold', 'target', 'preview', 'ruleset', 'saved', 'reported', 'done', 'digest', 'early', 'caretaker', 'step', 'sub', 'answer', 'decision',
  'outOfGame', 'scope', '_csrf', '__proto__', 'constructor'];
const ODD = ['1e308', '-1e308', '1e-308', 'NaN', 'Infinity', '-0', '0', '-1', '2147483648', '99999999999999999999999', '0x10', '1.5', '', ' ', '\u0000',
  'a\u0000b', '%00', '../../etc/passwd', '/.//evil.example/x', '<script>alert(1)</script>', '\ud800', '\u202eevil', 'true', 'on', '1', 'x'.repeat(70_000)];

const scalar = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...ODD) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }).map((s) => `${s}\u0000${s}`) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.nat({ max: 5 }).map((n) => String(n)) },
);
const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) });
/** Pairs, so that keys repeat (arrays for the parsers). */
const pairs = fc.array(fc.tuple(key, scalar), { maxLength: 8 });

/** A percent-encoded query or form string, sometimes with broken escapes or raw bytes that are not UTF-8. */
const encoded = fc.tuple(pairs, fc.constantFrom('', '%', '%ZZ', '%C3%28', '%FF%FE', '&&==&', 'a[]=1&a[b]=2', '%00=%00')).map(([ps, junk]) =>
  [...ps.map(([k, v]) => `${encodeURIComponent(k.replace(/[\ud800-\udfff]/g, ''))}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '\ufffd'))}`), junk].filter(Boolean).join('&'));

/** Every field the handlers read, each with a hostile value: reaches the checks behind the first field. */
const everyField = fc.record(Object.fromEntries(FIELDS.filter((f) => f !== '_csrf' && f !== '__proto__').map((f) => [f, scalar])) as Record<string, fc.Arbitrary<string>>);

type Body = { kind: 'none' } | { kind: 'form'; text: string; raw: boolean } | { kind: 'json'; text: string };
const jsonish = fc.oneof(
  fc.dictionary(key, fc.oneof(fc.jsonValue({ maxDepth: 3 }), scalar, fc.constantFrom(1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER * 4))),
  fc.jsonValue({ maxDepth: 4 }),
);
const deep = fc.nat({ max: 3000 }).map((n) => '['.repeat(n) + ']'.repeat(n));
const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant<Body>({ kind: 'none' }),
  encoded.map((text): Body => ({ kind: 'form', text, raw: false })),
  everyField.map((f): Body => ({ kind: 'form', text: new URLSearchParams(Object.entries(f).map(([k, v]) => [k, v.replace(/[\ud800-\udfff]/g, '\ufffd')])).toString(), raw: false })),
  everyField.map((f): Body => ({ kind: 'json', text: JSON.stringify(f) })),
  fc.constant<Body>({ kind: 'form', text: 'text=\xc3\x28\xff\xfe&title=\xed\xa0\x80', raw: true }),
  jsonish.map((v): Body => ({ kind: 'json', text: JSON.stringify(v) ?? 'null' })),
  fc.oneof(deep, fc.constantFrom('{', '{"a":', 'nul', '{"text":"\\u0000"}', '[1e999]', '"\\ud800"')).map((text): Body => ({ kind: 'json', text })),
);

describe('every route answers random input below 500, in time (pglite)', () => {
  let tp: TestPlatform;
  /** `bearer`: the role calls with that API token too (the public API, /api/v1, reads no cookie). */
  const roles: { name: string; b: Browser; bearer?: string }[] = [];
  const ids: Record<string, string[]> = {};

  before(async () => {
    tp = await startTestPlatform('pglite', { apiPerMinute: 0 });
    const ctx = tp.platform.ctx;
    const host = await newUser(tp, 'fuzz_host', 'en');
    await tp.db.query('UPDATE users SET is_host = TRUE WHERE id = $1', [host.id]);
    const alice = await newUser(tp, 'fuzz_alice');
    const bob = await newUser(tp, 'fuzz_bob', 'en');
    const gameId = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Fuzz', options: { map: 'scandinavia' }, hostUserId: host.id,
      seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: false,
    });
    // Over 50 public games, so that /games has two pages and its page number reaches the database.
    for (let i = 0; i < 51; i++) await games.create(ctx, { ruleset: 'gloire-et-pouvoir', name: `Publique ${i}`, options: { map: 'scandinavia' }, seats: [], maxPlayers: 2 });
    // Content for the sub-routes: a forum thread, a letter, a gazette article, a content report, a turn report.
    const a = await loggedIn(tp, alice);
    await a.get(`/games/${gameId}/forum`);
    await a.post(`/games/${gameId}/forum`, { title: 'Sujet', body: 'Bonjour' });
    const bobPlayer = (await tp.db.one<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, bob.id]))!.player;
    await a.post(`/games/${gameId}/letters`, { to: bobPlayer, subject: 'Alliance', body: 'Salut' });
    await a.post(`/games/${gameId}/gazette`, { title: 'Nouvelles', body: 'Rien de neuf' });
    const post = await tp.db.one<{ id: number }>('SELECT max(id) AS id FROM forum_posts');
    await a.post('/report', { kind: 'post', id: String(post!.id), reason: 'test' });
    tp.clock.now = new Date(new Date((await games.summary(ctx, gameId))!.deadline!).getTime() + 60_000);
    for (let i = 0; i < 600 && (await games.summary(ctx, gameId))!.step === 0; i++) { await tp.platform.tick(); await new Promise((r) => setTimeout(r, 50)); }
    const one = async (sql: string) => String((await tp.db.one<{ id: number }>(sql))?.id ?? 1);
    Object.assign(ids, {
      id: [String(gameId)], thread: [await one('SELECT max(id) AS id FROM forum_threads'), await one('SELECT max(id) AS id FROM letter_threads')],
      article: [await one('SELECT max(id) AS id FROM gazette_articles')], report: [await one('SELECT max(id) AS id FROM content_reports')],
      idx: ['1'], tool: ['battle', 'argentier', 'joust'], lang: ['en', 'fr'], file: ['orders.css', 'map.js'], token: ['x'.repeat(43)],
    });
    const anon = new Browser(tp.url, { lang: 'en' });
    await anon.get('/');
    const token = (await createToken(ctx, alice.id, 'fuzz', ['read', 'play', 'messages'])).token;
    roles.push({ name: 'anonymous', b: anon }, { name: 'lord', b: await loggedIn(tp, alice) }, { name: 'host', b: await loggedIn(tp, host) },
      { name: 'lord with an API token', b: await loggedIn(tp, alice), bearer: token });
    for (const r of roles.slice(1)) await r.b.get(`/games/${gameId}`);
  });
  after(async () => { await tp?.close(); });

  test('random queries and bodies on every route, for every role', { timeout: 180_000 }, async (t) => {
    const all = routesOf(tp.platform.app);
    assert.ok(all.length >= 60, `the route table lists ${all.length} routes`);
    for (const must of ['/games/:id/orders', '/games/:id/map.png', '/games/:id/tools/:tool', '/host/outbox', '/report', '/api/games/:id/sheet']) {
      assert.ok(all.some((r) => r.path === must), must);
    }
    const routes = [...all.filter((r) => !LAST.includes(r.path)), ...all.filter((r) => LAST.includes(r.path))];
    const start = Date.now();
    const failures: string[] = [];
    let sent = 0;
    let shortened = 0;
    for (const route of routes) {
      for (const role of roles) {
        const runs = Date.now() - start < TOTAL_BUDGET_MS ? RUNS : 1;
        if (runs < RUNS) shortened++;
        const param = (name: string) => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(ids[name] ?? ['1'])) }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom(...ODD), fc.string({ maxLength: 12 })) });
        const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        const arb = fc.record({
          params: fc.tuple(...names.map(param)),
          query: fc.oneof(fc.constant(''), encoded),
          body: route.method === 'POST' ? body : fc.constant<Body>({ kind: 'none' }),
          csrf: fc.integer({ min: 0, max: 9 }).map((n) => n > 1), // mostly with the token
        });
        await fc.assert(fc.asyncProperty(arb, async ({ params, query, body: bd, csrf }) => {
          let i = 0;
          const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(String(params[i++]).replace(/[\ud800-\udfff]/g, '\ufffd')));
          const headers: Record<string, string> = { cookie: role.b.cookieHeader(), 'accept-language': 'en', ...(role.bearer ? { authorization: `Bearer ${role.bearer}` } : {}) };
          let payload: Blob | undefined;
          if (bd.kind === 'form') {
            headers['content-type'] = 'application/x-www-form-urlencoded';
            payload = new Blob([Buffer.from(csrf ? `${bd.text}&_csrf=${role.b.csrf}` : bd.text, bd.raw ? 'latin1' : 'utf8')]);
          } else if (bd.kind === 'json') {
            headers['content-type'] = 'application/json';
            payload = new Blob([bd.text]);
          }
          if (route.method === 'POST' && csrf && bd.kind !== 'form') headers['x-csrf-token'] = role.b.csrf ?? '';
          const url = `${tp.url}${path}${query ? `?${query}` : ''}`;
          const t0 = Date.now();
          let status: number;
          try {
            const r = await fetch(url, { method: route.method, headers, body: payload, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_BUDGET_MS) });
            // A live stream (Server-Sent Events) never ends by itself: its status and headers are the answer.
            if (r.headers.get('content-type')?.startsWith('text/event-stream')) await r.body?.cancel();
            else await r.arrayBuffer();
            status = r.status;
          } catch (e) {
            // the network error's own cause (undici: "other side closed", ECONNRESET…), so that a failure says what happened
            const cause = (e as Error & { cause?: { code?: string; message?: string } }).cause;
            failures.push(`${role.name} ${route.method} ${url.slice(0, 300)} ${bd.kind !== 'none' ? `body ${bd.kind} ${JSON.stringify(bd.kind === 'form' || bd.kind === 'json' ? bd.text.slice(0, 120) : '')}` : ''}: no answer within ${REQUEST_BUDGET_MS} ms after ${Date.now() - t0} ms (${(e as Error).message}${cause ? `: ${cause.code ?? ''} ${cause.message ?? ''}` : ''})`);
            return;
          }
          sent++;
          if (process.env.FUZZ_LOG) console.log(role.name, route.method, path, status, bd.kind, bd.kind !== 'none' ? bd.text.slice(0, 80) : '', query.slice(0, 80));
          if (status >= 500) failures.push(`${role.name} ${route.method} ${url.slice(0, 300)} ${bd.kind !== 'none' ? `body ${JSON.stringify(bd.kind === 'form' || bd.kind === 'json' ? bd.text.slice(0, 300) : '')}` : ''}: ${status} after ${Date.now() - t0} ms`);
        }), { numRuns: runs });
      }
    }
    const elapsed = Date.now() - start;
    assert.deepEqual(failures, [], `${failures.length} bad answers out of ${sent}`);
    assert.ok(sent >= routes.length * roles.length, `${sent} requests sent`);
    t.diagnostic(`${sent} requests on ${routes.length} routes × ${roles.length} roles in ${elapsed} ms${shortened ? ` (${shortened} cut to one request: time budget spent)` : ''}`);
  });
});
