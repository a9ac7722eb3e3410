/**
 * Access control of the public API (issue 18): every /api/v1 route × every role × the token's
 * scopes. The routes come from Fastify's route table (test/platform/route-table.ts), and what each
 * needs (its scope, whether it serves a request without a token) from its own OpenAPI `security`
 * (api/routes.ts writes both from one guard), so a route added later is covered without touching
 * this file; a route missing from the OpenAPI document fails the test.
 *
 * The fixture: a private, running game of Gloire & Pouvoir after one turn, with three seated lords:
 * A (the seated player), B (another player of the same game), C; H hosts the game without a seat;
 * O plays no part in it. A has secrets: his order sheet in progress, a sealed letter to C, his
 * report of turn 1, his private view. The roles: anonymous (no token), a revoked token of A's, O's token, B's token,
 * H's token, A's token with every scope, and A's tokens with each proper subset of the scopes.
 *
 * For every route and role: a revoked token gets 401; no token gets 401 where the route needs one
 * (and 404 on the private game where it does not); a token without the route's scope gets 403;
 * nobody but A ever reads A's secrets (checked in every answer of every other role, GET and POST);
 * the refused requests write nothing (every table's rows hashed before and after). A's own GETs
 * answer 200 and show him his secrets (a control: the parameters are real). PGlite only: the checks
 * do not depend on the database.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { createToken, revokeToken, SCOPES, type Scope } from '../../src/platform/api/tokens.ts';
import { routeTable, type RouteEntry } from './route-table.ts';
import { newUser } from './users.ts';
import { playerOf, schedulerPass, startTestPlatform, waitForStep, type TestPlatform } from './util.ts';

interface Guard { scope: Scope | null; anonymous: boolean }
interface Role { name: string; token: string | null; scopes: Scope[] | null }

describe('every API route × every role × the token\'s scopes (pglite)', () => {
  let tp: TestPlatform;
  let gameId = 0;
  const params: Record<string, string> = {};
  let body: Record<string, unknown> = {};
  const secrets: string[] = [];
  let owner: Role;
  const others: Role[] = [];
  const partial: Role[] = [];
  let revoked: Role;
  const guards = new Map<string, Guard>();

  async function snapshot(): Promise<Record<string, string>> {
    const tables = await tp.db.query<{ tablename: string }>('SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename');
    const out: Record<string, string> = {};
    for (const { tablename } of tables) {
      // api_tokens.last_used_at moves with every authenticated request: not a write of the route's.
      if (tablename === 'api_tokens') continue;
      out[tablename] = (await tp.db.one<{ h: string }>(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${tablename}" x`))!.h;
    }
    return out;
  }

  before(async () => {
    tp = await startTestPlatform('pglite', { apiPerMinute: 0 });
    const ctx = tp.platform.ctx;
    const [a, b, c, h, o] = [await newUser(tp, 'acc_a'), await newUser(tp, 'acc_b', 'en'), await newUser(tp, 'acc_c'), await newUser(tp, 'acc_h'), await newUser(tp, 'acc_o')];
    gameId = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Secrète', options: { map: 'scandinavia' }, hostUserId: h.id, isPrivate: true, password: 'sesame',
      seats: [{ userId: a.id, lordName: 'Aliénor' }, { userId: b.id, lordName: 'Bohémond' }, { userId: c.id, lordName: 'Clovis' }], maxPlayers: 3, early: true,
    });
    const [pa, pb, pc] = [await playerOf(tp, gameId, a.id), await playerOf(tp, gameId, b.id), await playerOf(tp, gameId, c.id)];
    // Turn 1 resolves (everyone ready with an empty sheet): each lord has his report.
    for (const p of [pa, pb, pc]) await games.setReady(ctx, gameId, p, true);
    await waitForStep(tp, gameId, 1);
    const report = (await games.report(ctx, gameId, 1, pa, 'fr'))!;
    const lordLine = /Seigneur : \*\*Aliénor\*\* \(L\d+\)[^\n]*/.exec(report)?.[0];
    assert.ok(lordLine, 'A’s report names its lord');
    // A's secrets: his sheet in progress, a sealed letter to C.
    await games.saveSheet(ctx, gameId, pa, 'INI 11 22 33\nXYZ ZORGLUB-SECRET-42\n');
    const full = await createToken(ctx, a.id, 'all', [...SCOPES]);
    const letter = await fetch(`${tp.url}/api/v1/games/${gameId}/letters`, {
      method: 'POST', headers: { authorization: `Bearer ${full.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: [pc], subject: 'Pacte-SECRET-77', body: 'Message-SECRET-88' }),
    });
    assert.equal(letter.status, 200, await letter.clone().text());
    const forum = await fetch(`${tp.url}/api/v1/games/${gameId}/forum`, {
      method: 'POST', headers: { authorization: `Bearer ${full.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Sujet', body: 'Bonjour à tous' }),
    });
    assert.equal(forum.status, 200);
    // His private view: only his own view has his lord as `me` (the public view has none, B's is B).
    secrets.push('ZORGLUB-SECRET-42', 'Pacte-SECRET-77', 'Message-SECRET-88', lordLine, `"me":{"id":"${pa}"`);
    const one = async (sql: string) => String((await tp.db.one<{ id: number }>(sql))!.id);
    Object.assign(params, { id: String(gameId), idx: '1', forum: await one('SELECT max(id) AS id FROM forum_threads'), letter: await one('SELECT max(id) AS id FROM letter_threads') });
    // The fields the handlers read, with values that would make them act.
    body = { step: 1, answer: 'CHE 1', decision: 'orders', ready: true, title: 'Titre', body: 'Texte', outOfGame: false, to: [pa, pc], subject: 'Objet' };

    owner = { name: 'the seated player (every scope)', token: full.token, scopes: [...SCOPES] };
    const gone = await createToken(ctx, a.id, 'revoked', [...SCOPES]);
    await revokeToken(ctx, a.id, gone.info.id);
    revoked = { name: 'a revoked token', token: gone.token, scopes: null };
    others.push(
      { name: 'anonymous', token: null, scopes: null },
      { name: 'another player of the game', token: (await createToken(ctx, b.id, 'b', [...SCOPES])).token, scopes: [...SCOPES] },
      { name: 'the game\'s host (no seat)', token: (await createToken(ctx, h.id, 'h', [...SCOPES])).token, scopes: [...SCOPES] },
      { name: 'an outsider', token: (await createToken(ctx, o.id, 'o', [...SCOPES])).token, scopes: [...SCOPES] },
    );
    // A's tokens with each proper, non-empty subset of the scopes.
    for (let mask = 1; mask < (1 << SCOPES.length) - 1; mask++) {
      const scopes = SCOPES.filter((_, i) => mask & (1 << i));
      partial.push({ name: `the seated player's token [${scopes.join(',')}]`, token: (await createToken(ctx, a.id, scopes.join('+'), scopes)).token, scopes });
    }
    // What each route needs, from the OpenAPI document.
    const doc = await (await fetch(`${tp.url}/api/v1/openapi.json`)).json() as { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(ops)) {
        const bearer = op.security?.find((x) => 'bearer' in x)?.bearer;
        guards.set(`${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`, { scope: (bearer?.[0] as Scope | undefined) ?? null, anonymous: !!op.security?.some((x) => Object.keys(x).length === 0) });
      }
    }
    await schedulerPass(tp);
  });
  after(async () => { await tp?.close(); });

  const apiRoutes = (): RouteEntry[] => routeTable(tp.platform.app)
    .filter((r) => r.path.startsWith('/api/v1/') && (r.method === 'GET' || r.method === 'POST') && r.path !== '/api/v1/openapi.json');

  function pathOf(r: RouteEntry): string {
    return r.path.replace(/:(\w+)/g, (_all, name: string) => (name === 'thread' ? (r.path.includes('/letters/') ? params.letter! : params.forum!) : params[name] ?? '1'));
  }

  async function send(role: Role, r: RouteEntry): Promise<{ status: number; code: string | null; text: string }> {
    const res = await fetch(`${tp.url}${pathOf(r)}`, {
      method: r.method,
      headers: { ...(role.token ? { authorization: `Bearer ${role.token}` } : {}), ...(r.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      body: r.method === 'POST' ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let code: string | null = null;
    try { code = (JSON.parse(text) as { code?: string }).code ?? null; } catch { code = null; }
    return { status: res.status, code, text };
  }

  test('every route is documented with its guard; the owner\'s own reads answer 200 and show him his secrets', async () => {
    const routes = apiRoutes();
    assert.ok(routes.length >= 18, `${routes.length} API routes`);
    for (const r of routes) assert.ok(guards.has(`${r.method} ${r.path}`), `${r.method} ${r.path} is in the OpenAPI document`);
    const seen = new Set<string>();
    for (const r of routes.filter((x) => x.method === 'GET')) {
      const res = await send(owner, r);
      assert.equal(res.status, 200, `${r.path}: ${res.text.slice(0, 200)}`);
      for (const s of secrets) if (res.text.includes(s)) seen.add(s);
    }
    assert.deepEqual([...seen].sort(), [...secrets].sort(), 'each secret is readable by its owner through the API');
  });

  test('no token, a revoked token, another player, the host, an outsider: 401/403/404 where they must, and never the seated player\'s secrets', { timeout: 180_000 }, async () => {
    const before = await snapshot();
    const failures: string[] = [];
    const routes = apiRoutes();
    for (const r of routes) {
      const g = guards.get(`${r.method} ${r.path}`)!;
      const rv = await send(revoked, r);
      if (rv.status !== 401 || rv.code !== 'token') failures.push(`${r.method} ${r.path}, revoked token: ${rv.status} ${rv.code}`);
      for (const role of others) {
        // Another player acts on his own seat and writes in his game's channels: his writes are his.
        if (role.name.startsWith('another player') && r.method === 'POST') continue;
        const res = await send(role, r);
        for (const s of secrets) if (res.text.includes(s)) failures.push(`${r.method} ${r.path}, ${role.name}: leaks "${s}"`);
        if (res.status >= 500) failures.push(`${r.method} ${r.path}, ${role.name}: ${res.status}`);
        if (role.token === null) {
          const want = g.anonymous ? 404 : 401;
          if (res.status !== want) failures.push(`${r.method} ${r.path}, anonymous: ${res.status}, expected ${want}`);
        } else if (r.path.includes(':id') && res.status === 200) {
          // The game's host moderates its forum (channels/access.ts), so he reads it; nothing else.
          const hostReads = role.name.startsWith('the game\'s host') && r.method === 'GET' && r.path.includes('/forum');
          if (!role.name.startsWith('another player') && !hostReads) failures.push(`${r.method} ${r.path}, ${role.name}: 200 on a private game he does not play`);
        }
      }
    }
    for (const r of routes.filter((x) => x.method === 'GET')) {
      const res = await send(others[1]!, r);
      for (const s of secrets) if (res.text.includes(s)) failures.push(`GET ${r.path}, another player: leaks "${s}"`);
    }
    assert.deepEqual(failures, []);
    // Nothing written by the refused writes (the other player's were skipped above).
    assert.deepEqual(await snapshot(), before, 'the refused requests wrote nothing');
    // The other player's own writes act on his own seat only: the seated player's sheet is as it was.
    const sheetBefore = await tp.db.query('SELECT player, step, text, ready FROM sheets WHERE game_id = $1 ORDER BY player', [gameId]);
    const mine = sheetBefore.find((h) => String(h.text).includes('ZORGLUB'));
    assert.ok(mine, 'the seated player\'s sheet');
    for (const r of routes.filter((x) => x.method === 'POST')) {
      const res = await send(others[1]!, r);
      assert.ok(res.status < 500, `${r.path}: ${res.status}`);
      for (const s of secrets) assert.ok(!res.text.includes(s), `POST ${r.path}, another player: leaks "${s}"`);
    }
    const after = await tp.db.one('SELECT text, ready FROM sheets WHERE game_id = $1 AND player = $2 AND step = $3', [gameId, mine.player, mine.step]);
    assert.deepEqual({ text: after!.text, ready: after!.ready }, { text: mine.text, ready: mine.ready });
  });

  test('the seated player\'s tokens × scopes: a route answers 403 exactly when the token lacks its scope', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    const before = await snapshot();
    for (const role of partial) {
      for (const r of apiRoutes()) {
        const g = guards.get(`${r.method} ${r.path}`)!;
        const allowed = g.scope === null || role.scopes!.includes(g.scope);
        if (allowed && r.method === 'POST') continue; // an allowed write would act: checked by status only below
        const res = await send(role, r);
        if (!allowed && (res.status !== 403 || res.code !== 'scope')) failures.push(`${r.method} ${r.path}, ${role.name}: ${res.status} ${res.code}, expected 403 scope`);
        if (allowed && res.status !== 200) failures.push(`${r.method} ${r.path}, ${role.name}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    assert.deepEqual(failures, []);
    assert.deepEqual(await snapshot(), before, 'the refused writes wrote nothing');
    // The allowed writes pass the guard (and act): a sheet for the current step, then a stale one.
    const play = partial.find((p) => p.scopes!.length === 1 && p.scopes![0] === 'play')!;
    const ok = await send(play, { method: 'POST', path: '/api/v1/games/:id/answer' });
    assert.equal(ok.status, 200, ok.text);
  });
});
