import { randomBytes } from 'node:crypto';
/**
 * The game pages over HTTP, on both databases: the demo flow (order page, autosave API with
 * issues, ready → resolution → BILAN), access control of a private game (nobody but a lord sees
 * his sheet, his reports or his private view), creation errors, and the lobby pages.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hashPassword } from '../../src/platform/accounts/passwords.ts';
import { emailKey, loginKey } from '../../src/platform/accounts/service.ts';
import { games } from '../../src/platform/games/service.ts';

import { BROWSER_SKIP, launchBrowser } from './browser.ts';
import { Browser, type Res } from './http.ts';
import { sha256 } from '../../src/platform/http/server.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';

async function newUser(tp: TestPlatform, login: string, opts: { validated?: boolean } = {}): Promise<{ id: number; login: string; password: string }> {
  const password = `pw-${login}-long-enough`;
  const row = await tp.db.one<{ id: number }>(
    `INSERT INTO users(login, login_key, email, email_key, password_hash, validated) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [login, loginKey(login), `${login}@example.test`, emailKey(`${login}@example.test`), await hashPassword(password), opts.validated ?? true]);
  return { id: Number(row!.id), login, password };
}

async function loggedIn(tp: TestPlatform, user: { login: string; password: string }): Promise<Browser> {
  const b = new Browser(tp.url);
  await b.get('/login');
  const r = await b.post('/login', { login: user.login, password: user.password }, { follow: false });
  assert.equal(r.status, 303, `login of ${user.login}: ${r.status}`);
  await b.get('/games');
  return b;
}

const API = { headers: { accept: 'application/json' } };
const json = (r: Res): any => r.json();
const nofollow = { follow: false } as const;

/** GET, or POST as a form or JSON, without following redirects. */
function send(br: Browser, r: { method: string; path: string; json?: unknown; form?: Record<string, string> }): Promise<Res> {
  if (r.method === 'GET') return br.get(r.path, { follow: false, ...(r.path.startsWith('/api/') ? API : {}) });
  return r.json !== undefined ? br.postJson(r.path, r.json, nofollow) : br.post(r.path, r.form ?? {}, nofollow);
}

async function resolveTurn(tp: TestPlatform, gameId: number, step: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const row = await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [gameId]);
    if (Number(row!.step) > step) return;
    await tp.platform.tick();
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`game ${gameId} did not resolve step ${step + 1}`);
}

const gameIdOf = (location: string | null): number => {
  const m = /\/games\/(\d+)/.exec(location ?? '');
  assert.ok(m, `no game id in ${location}`);
  return Number(m[1]);
};

for (const kind of DB_KINDS) {
  describe(`game pages (${kind})`, () => {
    let tp: TestPlatform;
    before(async () => { tp = await startTestPlatform(kind); });
    after(async () => { await tp?.close(); });

    test('demo: guided form, autosaved sheet with issues, ready → resolution → BILAN', async () => {
      const b = new Browser(tp.url);
      const home = await b.get('/');
      assert.equal(home.status, 200);
      assert.equal((await b.request('POST', '/demo', { form: {}, csrf: false, follow: false })).status, 403, 'POST without the CSRF token is refused');

      const created = await b.post('/demo', {}, nofollow);
      assert.equal(created.status, 303);
      assert.match(created.location ?? '', /^\/games\/\d+\/orders$/);
      const id = gameIdOf(created.location);
      const orders = await b.get(created.location!);
      assert.equal(orders.status, 200);
      assert.match(orders.text, /id="sheet-text"/);
      assert.match(orders.text, /<details class="group"/);
      assert.ok((orders.text.match(/<details class="group"/g) ?? []).length >= 3, 'the guided form is grouped (by phase)');
      assert.match(orders.text, /data-code="IMP"/);
      assert.match(orders.text, /Hawkmoon/);
      assert.match(orders.text, /src="\/static\/orders\.js"/);
      assert.doesNotMatch(orders.text, /<script>|onclick=|onchange=/, 'no inline script');

      // The same visitor gets the same demo back.
      const again = await b.post('/demo', {}, nofollow);
      assert.equal(again.location, created.location);

      // Save a sheet with one bad line through the JSON API.
      const sheet = 'INI 10 20 30\nXYZ nonsense here\nCHE 1\n';
      const saved = await b.postJson(`/api/games/${id}/sheet`, { text: sheet });
      assert.equal(saved.status, 200, saved.text);
      assert.equal(json(saved).saved, true);
      assert.equal(json(saved).ready, false);
      assert.equal(json(saved).issues.length, 1, JSON.stringify(json(saved).issues));
      assert.equal(json(saved).issues[0].line, 2);
      const got = await b.get(`/api/games/${id}/sheet`, API);
      assert.equal(got.status, 200);
      assert.equal(json(got).text, sheet);
      assert.equal(json(got).issues.length, 1);

      // The order page shows the issue beside the sheet, with its line number.
      const page2 = await b.get(`/games/${id}/orders`);
      assert.match(page2.text, /<li data-line="2">/);
      assert.match(page2.text, /INI 10 20 30/);

      // This visitor reads French (the default): the issues come in both languages, shown in French.
      assert.match(page2.text, /<html lang="fr"/);
      const badImp = await b.postJson(`/api/games/${id}/sheet`, { text: 'IMP 12 Narvik\n' });
      assert.equal(badImp.status, 200, badImp.text);
      const impIssue = json(badImp).issues[0];
      assert.equal(impIssue.message, 'IMP: level must be an integer from 0 to 10, got "12"');
      assert.equal(impIssue.text.en, impIssue.message);
      assert.match(impIssue.text.fr, /niveau/);
      assert.equal(impIssue.text.fr, 'IMP : le niveau doit être un entier de 0 à 10, et non « 12 »');
      assert.match((await b.get(`/games/${id}/orders`)).text, /IMP : le niveau doit être un entier de 0 à 10/);

      // The classic form POST also saves (no JavaScript).
      const classic = await b.post(`/games/${id}/orders`, { text: 'INI 10 20 30\nCHE 1\n' }, nofollow);
      assert.equal(classic.status, 303);
      const page3 = await b.get(classic.location!);
      assert.doesNotMatch(page3.text, /<li data-line=/);
      assert.match(page3.text, /id="no-issues" class="ok">/);

      // Ready, unready, ready: the turn resolves (early resolution, the other lords are bots).
      const r1 = await b.postJson(`/games/${id}/ready`, { ready: false });
      assert.equal(r1.status, 200);
      assert.equal(json(r1).ready, false);
      const r2 = await b.postJson(`/games/${id}/ready`, { ready: true });
      assert.equal(r2.status, 200, r2.text);
      await resolveTurn(tp, id, 0);

      const reports = await b.get(`/games/${id}/reports`);
      assert.equal(reports.status, 200);
      const link = /href="(\/games\/\d+\/reports\/\d+)"/.exec(reports.text);
      assert.ok(link, 'a report link');
      const report = await b.get(link[1]!);
      assert.equal(report.status, 200);
      assert.match(report.text, /<article class="report"/);
      assert.match(report.text, /BILAN/);
      const en = await b.get(`${link[1]}?lang=en`);
      assert.match(en.text, /TURN REPORT/);

      // After resolution, the order page is for the next turn, with an empty sheet.
      const next = await b.get(`/games/${id}/orders`);
      assert.equal(next.status, 200);
      assert.doesNotMatch(next.text, /INI 10 20 30/);

      // The demo's guest may not create or join real games.
      const list = await b.get('/games');
      assert.doesNotMatch(list.text, /action="\/games" class="stack"/);
      const refused = await b.post('/games', { name: 'x', map: 'scandinavia', lords: '2', lordName: 'X', password: 'abcd', weekday: '5', time: '23:00', timeZone: 'Europe/Paris' });
      assert.equal(refused.status, 400);
    });

    test('a private game: nobody but a lord sees his sheet, reports or private view', async () => {
      const [ua, ub, uc] = [await newUser(tp, `alaric${kind}`), await newUser(tp, `brunhild${kind}`), await newUser(tp, `cunegond${kind}`)];
      const a = await loggedIn(tp, ua);
      const b = await loggedIn(tp, ub);
      const c = await loggedIn(tp, uc);
      const anon = new Browser(tp.url);
      await anon.get('/');

      // Creation errors are shown; what the ruleset refuses (12 lords on a 10-slot map) is reported clearly.
      const bad = await a.post('/games', { name: 'Bad', map: 'scandinavia', lords: '12', lordName: 'Alaric', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', early: '1' });
      assert.equal(bad.status, 400);
      assert.match(bad.text, /class="error"/);
      const badJson = await a.post('/games', { name: 'Bad', map: 'scandinavia', lords: '2', lordName: 'Alaric', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', config: '{not json' });
      assert.equal(badJson.status, 400);
      assert.match(badJson.text, /JSON/);

      const created = await a.post('/games', {
        name: 'Le Conclave Secret', map: 'scandinavia', lords: '2', lordName: 'Alaric', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', early: '1', config: '{}',
      }, nofollow);
      assert.equal(created.status, 303, created.text.slice(0, 2000));
      const id = gameIdOf(created.location);
      const forming = await a.get(created.location!);
      assert.match(forming.text, /Le Conclave Secret/);

      // C sees only the name and a join form; a wrong password is refused.
      const cPage = await c.get(`/games/${id}`);
      assert.match(cPage.text, /action="\/games\/\d+\/join"/);
      assert.doesNotMatch(cPage.text, /Alaric/);
      const wrong = await b.post(`/games/${id}/join`, { lordName: 'Brunhild', password: 'nope' });
      assert.equal(wrong.status, 400);
      const joined = await b.post(`/games/${id}/join`, { lordName: 'Brunhild', password: 'sesame' }, nofollow);
      assert.equal(joined.status, 303);
      const running = await tp.db.one<{ status: string }>('SELECT status FROM games WHERE id = $1', [id]);
      assert.equal(running!.status, 'running');

      // A writes a secret sheet.
      const secretLine = 'INI 11 22 33';
      const secretWord = 'ZORGLUB-SECRET-42';
      const saved = await a.postJson(`/api/games/${id}/sheet`, { text: `${secretLine}\nXYZ ${secretWord}\n` });
      assert.equal(saved.status, 200, saved.text);
      assert.equal(json(saved).issues.length, 1);
      assert.match((await a.get(`/games/${id}/orders`)).text, new RegExp(secretWord));

      const routes = (gid: number): { method: string; path: string; json?: unknown; form?: Record<string, string> }[] => [
        { method: 'GET', path: `/games/${gid}` },
        { method: 'GET', path: `/games/${gid}/orders` },
        { method: 'GET', path: `/games/${gid}/orders?saved=1` },
        { method: 'GET', path: `/api/games/${gid}/sheet` },
        { method: 'GET', path: `/api/games/${gid}/view` },
        { method: 'GET', path: `/games/${gid}/reports` },
        { method: 'GET', path: `/games/${gid}/reports/1` },
        { method: 'GET', path: `/games/${gid}/reports/1?lang=en` },
        { method: 'GET', path: `/games/${gid}/reports/0` },
        { method: 'GET', path: '/games' },
        { method: 'POST', path: `/api/games/${gid}/sheet`, json: { text: 'CHE 1' } },
        { method: 'POST', path: `/games/${gid}/orders`, json: { text: 'CHE 1' } },
        { method: 'POST', path: `/games/${gid}/orders`, form: { text: 'CHE 1' } },
        { method: 'POST', path: `/games/${gid}/ready`, json: { ready: false } },
        { method: 'POST', path: `/games/${gid}/leave`, form: { mode: 'replace' } },
      ];
      const outsiders: [string, Browser][] = [['anonymous', anon], ['non-member', c]];
      const check = async (secrets: string[]) => {
        for (const [who, br] of outsiders) {
          for (const r of routes(id)) {
            const res = await send(br, r);
            if (r.path === `/games/${id}`) {
              assert.equal(res.status, 200);
              assert.doesNotMatch(res.text, /Alaric|Brunhild/, `${who} ${r.path}: no lord names`);
            } else if (r.path === '/games') {
              assert.doesNotMatch(res.text, /Le Conclave Secret/, `${who} ${r.path}: the private game is not listed`);
            } else {
              assert.ok(res.status === 404 || res.status === 403, `${who} ${r.method} ${r.path}: ${res.status}`);
            }
            for (const s of secrets) assert.ok(!res.text.includes(s), `${who} ${r.method} ${r.path} leaks "${s}"`);
          }
        }
        // The other lord: his own pages only; A's secrets never appear.
        for (const r of routes(id)) {
          if (r.method !== 'GET') continue;
          const res = await send(b, r);
          assert.ok(res.status < 500, `B ${r.path}: ${res.status}`);
          for (const s of secrets) assert.ok(!res.text.includes(s), `other lord ${r.method} ${r.path} leaks "${s}"`);
        }
      };
      await check([secretLine, secretWord]);
      // A's sheet is untouched by the outsiders' attempts.
      const still = await a.get(`/api/games/${id}/sheet`, API);
      assert.ok(json(still).text.includes(secretWord));
      assert.equal((await tp.db.one('SELECT count(*)::int AS n FROM seats WHERE game_id = $1 AND status = $2', [id, 'active']))!.n, 2);

      // Both ready: the turn resolves; A's report is A's alone.
      assert.equal((await a.postJson(`/games/${id}/ready`, { ready: true })).status, 200);
      assert.equal((await b.postJson(`/games/${id}/ready`, { ready: true })).status, 200);
      await resolveTurn(tp, id, 0);
      const list = await a.get(`/games/${id}/reports`);
      const link = /href="(\/games\/\d+\/reports\/(\d+))"/.exec(list.text);
      assert.ok(link);
      const reportA = await a.get(link[1]!);
      assert.match(reportA.text, /BILAN/);
      const lordLine = /Seigneur : (?:\*\*|<strong>)?Alaric(?:\*\*|<\/strong>)? \(L\d+\)[^\n<]*/.exec(reportA.text)?.[0];
      assert.ok(lordLine, 'A’s report names its lord');
      const reportB = await b.get(link[1]!);
      assert.equal(reportB.status, 200);
      assert.ok(!reportB.text.includes(lordLine), 'B reads his own report');
      await check([lordLine, secretWord]);
      for (const [, br] of outsiders) assert.equal((await br.get(link[1]!)).status, 404);
    });

    test('lobby: join, confirm (owner only), withdraw; guests and unvalidated accounts are told why not', async () => {
      const ud = await newUser(tp, `dagobert${kind}`);
      const ue = await newUser(tp, `ermengarde${kind}`);
      const uf = await newUser(tp, `fredegonde${kind}`, { validated: false });
      const d = await loggedIn(tp, ud);
      const e = await loggedIn(tp, ue);
      const anon = new Browser(tp.url);

      const lobby = await d.get('/lobby');
      assert.equal(lobby.status, 200);
      for (const n of ['10', '20', '30']) assert.match(lobby.text, new RegExp(`— ${n} `));
      assert.match(lobby.text, /action="\/lobby\/join"/);

      const joined = await d.post('/lobby/join', { map: 'scandinavia', lordName: 'Dagobert le Bon' }, nofollow);
      assert.equal(joined.status, 303);
      const mine = await d.get(joined.location!);
      assert.match(mine.text, /Dagobert le Bon/);
      const entryId = Number((await tp.db.one('SELECT id FROM lobby WHERE user_id = $1', [ud.id]))!.id);
      // Waiting for more candidates: nothing to confirm yet (no button, the page says so, a POST is refused).
      assert.doesNotMatch(mine.text, /\/lobby\/confirm\//);
      const early = await d.get(`/lobby/confirm/${entryId}`);
      assert.doesNotMatch(early.text, new RegExp(`action="/lobby/confirm/${entryId}"`));
      assert.match(early.text, /Pas encore assez de candidats pour une partie complète/);
      assert.equal((await d.post(`/lobby/confirm/${entryId}`, {}, nofollow)).status, 409);
      assert.equal((await tp.db.one('SELECT status FROM lobby WHERE id = $1', [entryId]))!.status, 'waiting');
      // The game is full: the scheduler asked (as its pass does when enough candidates wait).
      await tp.db.query(`UPDATE lobby SET status = 'asked', asked_at = $2 WHERE id = $1`, [entryId, tp.clock.now]);
      assert.match((await d.get('/lobby')).text, new RegExp(`href="/lobby/confirm/${entryId}"`));
      // Twice for the same map: refused, with the reason.
      const twice = await d.post('/lobby/join', { map: 'scandinavia', lordName: 'Dagobert' }, nofollow);
      assert.equal(twice.status, 409);
      assert.match(twice.text, /class="error"/);

      // The confirmation page: the owner only.
      assert.equal((await e.get(`/lobby/confirm/${entryId}`, nofollow)).status, 404);
      assert.equal((await e.post(`/lobby/confirm/${entryId}`, {}, nofollow)).status, 404);
      assert.equal((await e.post(`/lobby/withdraw/${entryId}`, {}, nofollow)).status, 404);
      const anonConfirm = await anon.get(`/lobby/confirm/${entryId}`, nofollow);
      assert.equal(anonConfirm.status, 303);
      assert.match(anonConfirm.location ?? '', /^\/login\?next=/);
      const confirmPage = await d.get(`/lobby/confirm/${entryId}`);
      assert.equal(confirmPage.status, 200);
      assert.match(confirmPage.text, new RegExp(`action="/lobby/confirm/${entryId}"`));
      const confirmed = await d.post(`/lobby/confirm/${entryId}`, {}, nofollow);
      assert.equal(confirmed.status, 303);
      assert.equal((await tp.db.one('SELECT status FROM lobby WHERE id = $1', [entryId]))!.status, 'confirmed');
      assert.doesNotMatch((await d.get(`/lobby/confirm/${entryId}`)).text, new RegExp(`action="/lobby/confirm/${entryId}"`));

      const withdrawn = await d.post(`/lobby/withdraw/${entryId}`, {}, nofollow);
      assert.equal(withdrawn.status, 303);
      assert.equal((await tp.db.one('SELECT status FROM lobby WHERE id = $1', [entryId]))!.status, 'withdrawn');

      // A guest (the demo's visitor) and an unvalidated account may not queue; they are told why.
      const guest = new Browser(tp.url);
      await guest.post('/demo');
      const gl = await guest.get('/lobby');
      assert.doesNotMatch(gl.text, /action="\/lobby\/join"/);
      assert.match(gl.text, /class="notice"/);
      assert.equal((await guest.post('/lobby/join', { map: 'scandinavia', lordName: 'Intrus' }, nofollow)).status, 403);
      // An unvalidated account cannot log in at all; a session it held from before is still refused the lobby.
      const f = new Browser(tp.url);
      await f.get('/login');
      assert.equal((await f.post('/login', { login: uf.login, password: uf.password })).status, 401);
      const sid = randomBytes(24).toString('base64url');
      await tp.db.query('INSERT INTO sessions(id_hash, user_id, csrf, expires_at) VALUES ($1, $2, $3, $4)',
        [sha256(sid), uf.id, randomBytes(24).toString('base64url'), new Date(tp.clock.now.getTime() + 86400_000)]);
      f.cookies.set('sid', sid);
      const fl = await f.get('/lobby');
      assert.doesNotMatch(fl.text, /action="\/lobby\/join"/);
      assert.equal((await f.post('/lobby/join', { map: 'scandinavia', lordName: 'Intruse' }, nofollow)).status, 403);
      assert.equal((await anon.post('/lobby/join', { map: 'scandinavia', lordName: 'Anonyme' }, nofollow)).status, 303);
      const n = await tp.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM lobby WHERE lord_name IN ('Intrus', 'Intruse', 'Anonyme')`);
      assert.equal(n!.n, 0);
    });

    test('a lord without orders for 3 turns is flagged; the game\'s host opens his seat and a replacement takes it', async () => {
      const [uh, ua, ur, ux] = [await newUser(tp, `hote${kind}`), await newUser(tp, `absent${kind}`), await newUser(tp, `remplacant${kind}`), await newUser(tp, `curieux${kind}`)];
      const id = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Les Absents', options: { map: 'scandinavia' }, hostUserId: uh.id,
        seats: [{ userId: uh.id, lordName: 'Hôte' }, { userId: ua.id, lordName: 'Absent' }], maxPlayers: 2, early: false,
      });
      const host = await loggedIn(tp, uh);
      const curious = await loggedIn(tp, ux);
      // Three deadlines pass; the host writes orders, the absent lord never does.
      for (let step = 0; step < 3; step++) {
        await host.postJson(`/api/games/${id}/sheet`, { text: 'INI 50 50 70' });
        const d = await tp.db.one<{ deadline: Date }>('SELECT deadline FROM games WHERE id = $1', [id]);
        tp.clock.now = new Date(new Date(d!.deadline).getTime() + 60_000);
        await resolveTurn(tp, id, step);
      }
      const page = await host.get(`/games/${id}`);
      assert.match(page.text, /⚑ 3 tours sans ordres|⚑ 3 turns without orders/);
      assert.match(page.text, new RegExp(`action="/games/${id}/open-seat"`));
      assert.doesNotMatch((await curious.get(`/games/${id}`)).text, /open-seat/, 'only the host sees the button');
      const player = /action="\/games\/\d+\/open-seat"[^>]*>.*?name="player" value="([^"]+)"/s.exec(page.text)?.[1];
      assert.ok(player);
      assert.equal((await curious.post(`/games/${id}/open-seat`, { player: player! }, nofollow)).status, 403, 'another player may not open it');
      assert.equal((await host.post(`/games/${id}/open-seat`, { player: player! }, nofollow)).status, 303);
      const r = await loggedIn(tp, ur);
      const took = await r.post(`/games/${id}/take`, { player: player! }, nofollow);
      assert.equal(took.status, 303);
      assert.equal((await r.get(`/games/${id}/orders`)).status, 200);
      const gone = await loggedIn(tp, ua);
      assert.equal((await gone.get(`/games/${id}/orders`, nofollow)).status, 404, 'the replaced player has no seat any more');
    });

    test('a public game: lords, ranking and history for everyone; replacing an open seat', async () => {
      const [ug, uh, ui] = [await newUser(tp, `gontran${kind}`), await newUser(tp, `hildegarde${kind}`), await newUser(tp, `ingonde${kind}`)];
      const id = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'La Grande Mêlée', options: { map: 'scandinavia' },
        seats: [{ userId: ug.id, lordName: 'Gontran' }, { userId: uh.id, lordName: 'Hildegarde' }], maxPlayers: 2, early: true,
      });
      const g = await loggedIn(tp, ug);
      const h = await loggedIn(tp, uh);
      const i = await loggedIn(tp, ui);
      await g.postJson(`/api/games/${id}/sheet`, { text: 'INI 44 55 66\n' });
      await g.postJson(`/games/${id}/ready`, { ready: true });
      await h.postJson(`/games/${id}/ready`, { ready: true });
      await resolveTurn(tp, id, 0);

      const anon = new Browser(tp.url);
      const list = await anon.get('/games');
      assert.match(list.text, /La Grande Mêlée/);
      const pub = await anon.get(`/games/${id}`);
      assert.equal(pub.status, 200);
      assert.match(pub.text, /Gontran/);
      assert.match(pub.text, /Hildegarde/);
      assert.match(pub.text, /<th>#<\/th>/, 'a ranking table');
      assert.match(pub.text, /<time datetime=/, 'a dated history');
      assert.doesNotMatch(pub.text, /INI 44 55 66/);
      assert.equal((await anon.get(`/games/${id}/orders`, nofollow)).status, 404);
      assert.equal((await i.get(`/games/${id}/reports/1`, nofollow)).status, 404);
      assert.equal((await h.get(`/api/games/${id}/view`, API)).status, 200);
      assert.doesNotMatch((await h.get(`/games/${id}/orders`)).text, /INI 44 55 66/);

      // Hildegarde asks for a replacement; Ingonde takes the seat.
      const left = await h.post(`/games/${id}/leave`, { mode: 'replace', confirm: '1' }, nofollow);
      assert.equal(left.status, 303);
      assert.equal((await h.get(`/games/${id}/orders`, nofollow)).status, 404);
      const open = await i.get(`/games/${id}`);
      assert.match(open.text, new RegExp(`action="/games/${id}/take"`));
      const player = /name="player" value="([^"]+)"/.exec(open.text)?.[1];
      assert.ok(player);
      const took = await i.post(`/games/${id}/take`, { player: player! }, nofollow);
      assert.equal(took.status, 303);
      const orders = await i.get(`/games/${id}/orders`);
      assert.equal(orders.status, 200);
      assert.match(orders.text, /Hildegarde/);
    });

    test('game list and public page', async () => {
      const anon = new Browser(tp.url);
      const list = await anon.get('/games');
      assert.equal(list.status, 200);
      assert.match(list.text, /nav|Parties|Games/);
      assert.equal((await anon.get('/games/999999')).status, 404);
      assert.equal((await anon.get('/games/abc')).status, 404);
      assert.equal((await anon.get('/api/games/999999/sheet', API)).status, 404);
    });
  });
}

describe('order page in a real browser (orders.js)', { skip: BROWSER_SKIP }, () => {
  test('guided entry → line appended and autosaved; issues beside the lines; ready resolves the demo turn', async () => {
    const tp = await startTestPlatform('pglite');
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => { if (m.type() === 'error' && !/favicon/.test(m.location().url)) errors.push(m.text()); });
      await page.goto(`${tp.url}/`);
      await page.click('form[action="/demo"] button');
      await page.waitForURL(/\/games\/\d+\/orders$/);
      const id = Number(/games\/(\d+)/.exec(page.url())![1]);

      // A guided entry: the line is built from the fields (required ones checked) and appended.
      const imp = page.locator('.entry[data-code="IMP"]');
      await imp.locator('xpath=ancestor::details').evaluate((d) => { (d as HTMLDetailsElement).open = true; });
      await imp.locator('button.add').click();
      assert.match(await imp.locator('.entry-msg').textContent() ?? '', /\S/, 'a missing field is named');
      assert.equal(await page.locator('#sheet-text').inputValue(), '');
      await imp.locator('input[data-name="level"]').fill('7');
      const territory = await imp.locator('select[data-name="territory"] option').nth(1).getAttribute('value');
      await imp.locator('select[data-name="territory"]').selectOption({ index: 1 });
      await imp.locator('button.add').click();
      const line = `IMP 7 ${/\s/.test(territory!) ? `"${territory}"` : territory}`;
      assert.equal(await page.locator('#sheet-text').inputValue(), `${line}\n`);

      // Typing: saved after a pause; the bad line is listed with its number and marked in the gutter.
      await page.locator('#sheet-text').press('End');
      await page.locator('#sheet-text').pressSequentially('FOO bar\nCHE 1\n');
      await page.locator('#issues li[data-line="2"]').waitFor({ timeout: 10_000 });
      await page.locator('#sheet-gutter .bad').waitFor();
      assert.equal(await page.locator('#sheet-gutter .bad').textContent(), '2');
      const b = new Browser(tp.url);
      b.cookies.set('sid', (await page.context().cookies()).find((c) => c.name === 'sid')!.value);
      const saved = await b.get(`/api/games/${id}/sheet`, API);
      assert.equal(json(saved).text, `${line}\nFOO bar\nCHE 1\n`);

      // Ready, not ready, ready: the demo turn resolves and the page reloads on the next turn.
      // A line is in error: "ready" says so once, the second click confirms (issue 13 §4).
      await page.click('#ready-button');
      await page.locator('#ready-warning').waitFor();
      assert.match(await page.locator('#ready-warning').textContent() ?? '', /1/);
      assert.ok(!(await page.locator('#ready-form').getAttribute('class'))!.includes('is-ready'), 'not ready yet');
      await page.click('#ready-button');
      await page.waitForFunction(() => document.querySelector('#ready-form')?.classList.contains('is-ready'));
      await resolveTurn(tp, id, 0);
      await page.waitForFunction(() => (document.querySelector('#sheet-text') as HTMLTextAreaElement | null)?.value === '', null, { timeout: 15_000 });
      assert.match(await page.locator('h1').textContent() ?? '', /2/);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      await tp.close();
    }
  });
});
