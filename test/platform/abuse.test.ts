/**
 * Abuse and cost (issue 12, item 4), on both databases: the client address behind proxies (forged
 * X-Forwarded-For entries ignored), login throttling that slows one address guessing one account
 * but never locks the owner out, throttled join passwords of private games, password reset
 * requests that do the same work for every address, the per-address demo limit counted in the
 * database, and the expiry of inactive guest accounts with everything that refers to them.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';
import { Browser, codeFromMail, pageText, signUpAndLogIn } from './http.ts';
import { configFromEnv, parseTrustProxy } from '../../src/platform/config.ts';
import { buildServer, type AppCtx } from '../../src/platform/http/server.ts';
import { ADDRESS_MAX_FAILURES, limitedAddress, MAX_FAILURES, requestPasswordReset } from '../../src/platform/accounts/service.ts';
import { hashPassword } from '../../src/platform/accounts/passwords.ts';
import { expireGuests } from '../../src/platform/web/demo.ts';
import { startPlatform } from '../../src/platform/main.ts';
import type { Db } from '../../src/platform/db/index.ts';
import { nullHub } from '../../src/platform/live/hub.ts';

const PW = 'bonne épée 42';
const MIN = 60_000;
const DAY = 86400_000;
const nofollow = { follow: false } as const;

test('TRUST_PROXY: 0, a number of hops, or a list of proxy addresses; anything else refused', () => {
  assert.equal(parseTrustProxy(undefined), false);
  assert.equal(parseTrustProxy('0'), false);
  assert.equal(parseTrustProxy('1'), 1);
  assert.equal(parseTrustProxy('2'), 2);
  assert.deepEqual(parseTrustProxy(' 10.0.0.1, 10.1.0.0/16 ,::1'), ['10.0.0.1', '10.1.0.0/16', '::1']);
  for (const bad of ['yes', 'true', '10.0.0.1/40', 'proxy.example', '-1', '1.5']) assert.throws(() => parseTrustProxy(bad), /TRUST_PROXY/, bad);
  assert.equal(configFromEnv({ TRUST_PROXY: '1' }).trustProxy, 1);
});

test('limits count an IPv6 client by its /64 network, an IPv4-mapped address as IPv4', () => {
  assert.equal(limitedAddress('203.0.113.7'), '203.0.113.7');
  assert.equal(limitedAddress('::ffff:203.0.113.7'), '203.0.113.7');
  const net = limitedAddress('2001:db8:0:12::1');
  assert.equal(net, '2001:db8:0:12::/64');
  for (const same of ['2001:db8:0:12:ffff:1:2:3', '2001:0DB8:0000:0012::abcd', '2001:db8:0:12:0:0:1.2.3.4']) assert.equal(limitedAddress(same), net, same);
  assert.notEqual(limitedAddress('2001:db8:0:13::1'), net);
  assert.equal(limitedAddress('::1'), '0:0:0:0::/64');
});

describe('client address behind proxies', () => {
  /** A server with one extra route that tells the client address it sees. */
  async function serverWith(trust: string): Promise<FastifyInstance> {
    const config = { ...configFromEnv({ TRUST_PROXY: trust }), port: 0 };
    const ctx = { db: null as unknown as Db, config, now: () => new Date(), instanceId: 'test', kick: () => {}, live: nullHub } as AppCtx;
    return buildServer(ctx, [(app) => { app.get('/whoami', async (req) => ({ ip: req.ip })); }]);
  }
  const ipOf = async (app: FastifyInstance, xff: string | null, remoteAddress = '127.0.0.1'): Promise<string> => {
    const r = await app.inject({ method: 'GET', url: '/whoami', remoteAddress, headers: xff === null ? {} : { 'x-forwarded-for': xff } });
    return (r.json() as { ip: string }).ip;
  };

  test('one hop: the right-most address (added by our proxy), never what the client wrote on the left', async () => {
    const app = await serverWith('1');
    assert.equal(await ipOf(app, '203.0.113.7'), '203.0.113.7');
    assert.equal(await ipOf(app, '6.6.6.6, 203.0.113.7'), '203.0.113.7', 'a forged left-most entry is ignored');
    assert.equal(await ipOf(app, '1.1.1.1, 2.2.2.2, 203.0.113.7'), '203.0.113.7');
    await app.close();
  });

  test('two hops, a list of proxies, and no proxy', async () => {
    const two = await serverWith('2');
    assert.equal(await ipOf(two, '6.6.6.6, 203.0.113.7, 10.0.0.2'), '203.0.113.7');
    await two.close();
    const list = await serverWith('127.0.0.1, 10.0.0.0/8');
    assert.equal(await ipOf(list, '6.6.6.6, 203.0.113.7, 10.0.0.2'), '203.0.113.7');
    assert.equal(await ipOf(list, '6.6.6.6', '192.0.2.50'), '192.0.2.50', 'a peer that is not a listed proxy is the client');
    await list.close();
    const none = await serverWith('0');
    assert.equal(await ipOf(none, '6.6.6.6'), '127.0.0.1');
    await none.close();
  });
});

for (const kind of DB_KINDS) {
  describe(`abuse and cost (${kind})`, () => {
    let tp: TestPlatform;
    before(async () => { tp = await startTestPlatform(kind, { demoPerHour: 2, trustProxy: configFromEnv({ TRUST_PROXY: '1' }).trustProxy }); });
    after(async () => { await tp?.close(); });
    const userId = async (login: string): Promise<number> => Number((await tp.db.one('SELECT id FROM users WHERE login = $1', [login]))!.id);

    test('forged X-Forwarded-For entries do not escape the address throttle', async () => {
      const proxyAdded = '198.51.100.9';
      const from = (forged: string) => ({ headers: { 'x-forwarded-for': `${forged}, ${proxyAdded}` } });
      const b = new Browser(tp.url);
      await b.get('/login');
      for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) {
        assert.equal((await b.post('/login', { login: `nobody ${i}`, password: 'guess guess' }, from(`10.66.${i}.1`))).status, 401);
      }
      const owner = new Browser(tp.url, { ip: '198.51.100.20' });
      await signUpAndLogIn(owner, tp.smtp, { login: 'Proxied', email: 'proxied@example.org', password: PW });
      const c = new Browser(tp.url);
      await c.get('/login');
      const blocked = await c.post('/login', { login: 'Proxied', password: PW }, from('10.77.0.1'));
      assert.equal(blocked.status, 401, 'a new forged entry does not make a new client');
      assert.equal(c.cookies.has('sid'), false);
      const other = await c.post('/login', { login: 'Proxied', password: PW }, { headers: { 'x-forwarded-for': '198.51.100.10' } });
      assert.equal(other.path, '/', 'another real address is not blocked');
    });

    test('an IPv6 client is limited by its /64 network', async () => {
      const owner = new Browser(tp.url, { ip: '2001:db8:9::1' });
      await signUpAndLogIn(owner, tp.smtp, { login: 'Sixième', email: 'sixieme@example.org', password: PW });
      await owner.post('/logout');
      const b = new Browser(tp.url);
      await b.get('/login');
      for (let i = 1; i <= ADDRESS_MAX_FAILURES; i++) {
        assert.equal((await b.post('/login', { login: `nobody ${i}`, password: 'guess guess' }, { headers: { 'x-forwarded-for': `2001:db8:5:6::${i.toString(16)}` } })).status, 401);
      }
      const blocked = await b.post('/login', { login: 'Sixième', password: PW }, { headers: { 'x-forwarded-for': '2001:db8:5:6:ffff:ffff:ffff:ffff' } });
      assert.equal(blocked.status, 401, 'the whole /64 is blocked');
      const ok = await owner.post('/login', { login: 'Sixième', password: PW });
      assert.equal(ok.path, '/', 'another network is not');
    });

    test('failures from other addresses never lock the owner out; one address guessing one account is slowed down', async () => {
      const owner = new Browser(tp.url, { ip: '10.8.0.1' });
      await signUpAndLogIn(owner, tp.smtp, { login: 'Mathilde', email: 'mathilde@example.org', password: PW });
      await owner.post('/logout');
      const attackers = ['10.8.1.1', '10.8.1.2', '10.8.1.3'].map((ip) => new Browser(tp.url, { ip }));
      for (const a of attackers) {
        await a.get('/login');
        for (let i = 0; i < MAX_FAILURES + 2; i++) assert.equal((await a.post('/login', { login: 'Mathilde', password: `wrong ${i}` })).status, 401);
      }
      // The owner, from her own address, with her password: in at once.
      const ok = await owner.post('/login', { login: 'mathilde', password: PW });
      assert.equal(ok.path, '/');
      assert.ok(owner.cookies.has('sid'));
      // Each attacking address is slowed down on this account: even the right password is refused there…
      assert.equal((await attackers[0]!.post('/login', { login: 'Mathilde', password: PW })).status, 401);
      // …until its failures leave the window; renewing them elsewhere changes nothing for the owner.
      tp.clock.now = new Date(tp.clock.now.getTime() + 16 * MIN);
      for (let i = 0; i < MAX_FAILURES + 2; i++) await attackers[1]!.post('/login', { login: 'Mathilde', password: `again ${i}` });
      assert.equal((await attackers[0]!.post('/login', { login: 'Mathilde', password: PW })).path, '/');
      const again = new Browser(tp.url, { ip: '10.8.0.1' });
      assert.equal((await again.post('/login', { login: 'Mathilde', password: PW })).path, '/');
    });

    test('wrong validation codes from other addresses never keep the owner from validating', async () => {
      const owner = new Browser(tp.url, { ip: '10.8.2.1' });
      await owner.get('/signup');
      await owner.post('/signup', { login: 'Ermengarde', email: 'ermengarde@example.org', password: PW, password2: PW });
      const mail = await tp.smtp.waitFor((m) => m.to.includes('ermengarde@example.org') && /validation/i.test(m.subject));
      const code = codeFromMail(mail.text);
      for (const ip of ['10.8.2.2', '10.8.2.3']) {
        const a = new Browser(tp.url, { ip });
        await a.get('/validate');
        for (let i = 0; i < MAX_FAILURES; i++) assert.equal((await a.post('/validate', { login: 'Ermengarde', code: `BADCODE${i}` })).status, 400);
        const slowed = await a.post('/validate', { login: 'Ermengarde', code });
        assert.equal(slowed.status, 429, 'that address is slowed down');
      }
      const ok = await owner.post('/validate', { login: 'Ermengarde', code });
      // The right code validates the address and logs its owner in (issue 13 §6).
      assert.ok(ok.path.startsWith('/account'), `${ok.status} ${ok.path}`);
      assert.equal((await tp.db.one<{ validated: boolean }>(`SELECT validated FROM users WHERE login = 'Ermengarde'`))!.validated, true);
    });

    test('join passwords of private games are throttled per game and address', async () => {
      const host = new Browser(tp.url, { ip: '10.9.0.1' });
      await signUpAndLogIn(host, tp.smtp, { login: 'Hôte Privé', email: 'hote@example.org', password: PW });
      await host.get('/games');
      const created = await host.post('/games', {
        name: 'Le Cercle', map: 'scandinavia', lords: '3', lordName: 'Alaric', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', early: '1', config: '{}',
      }, nofollow);
      assert.equal(created.status, 303, pageText(created.text).slice(0, 500));
      const id = Number(/\/games\/(\d+)/.exec(created.location!)![1]);
      const guesser = new Browser(tp.url, { ip: '10.9.0.2', lang: 'en' });
      await signUpAndLogIn(guesser, tp.smtp, { login: 'Guesser', email: 'guesser@example.org', password: PW });
      await guesser.get(`/games/${id}`);
      for (let i = 0; i < MAX_FAILURES; i++) {
        const r = await guesser.post(`/games/${id}/join`, { lordName: 'Brunhild', password: `guess ${i}` });
        assert.equal(r.status, 400);
        assert.match(pageText(r.text), /Wrong password/);
      }
      const throttled = await guesser.post(`/games/${id}/join`, { lordName: 'Brunhild', password: 'sesame' });
      assert.equal(throttled.status, 429);
      assert.match(pageText(throttled.text), /Too many wrong passwords/);
      assert.equal(await tp.db.one('SELECT 1 FROM seats WHERE game_id = $1 AND user_id = $2', [id, await userId('Guesser')]), null, 'not seated');
      // The same player from another address is not concerned.
      const elsewhere = new Browser(tp.url, { ip: '10.9.0.3' });
      for (const [k, v] of guesser.cookies) elsewhere.cookies.set(k, v);
      elsewhere.csrf = guesser.csrf;
      const joined = await elsewhere.post(`/games/${id}/join`, { lordName: 'Brunhild', password: 'sesame' }, nofollow);
      assert.equal(joined.status, 303);
      assert.ok(await tp.db.one('SELECT 1 FROM seats WHERE game_id = $1 AND user_id = $2', [id, await userId('Guesser')]));
    });

    test('a reset request does the same work for a registered and an unknown address', async () => {
      await tp.db.query(`INSERT INTO users(login, login_key, email, email_key, password_hash, validated, created_at)
        VALUES ('Reine', 'reine', 'reine@example.org', 'reine@example.org', $1, TRUE, $2)`, [await hashPassword(PW), tp.clock.now]);
      /** The statements (and number of parameters) the request runs while it is being answered. */
      const workFor = async (email: string): Promise<string[]> => {
        const log: string[] = [];
        const rec = (db: Db): Db => ({
          kind: db.kind,
          query: (sql, params) => { log.push(`${sql} [${params?.length ?? 0}]`); return db.query(sql, params); },
          one: (sql, params) => { log.push(`${sql} [${params?.length ?? 0}]`); return db.one(sql, params); },
          tx: (fn) => { log.push('tx'); return db.tx((t) => fn(rec(t))); },
          close: () => db.close(),
        });
        let kicks = 0;
        const ctx: AppCtx = { ...tp.platform.ctx, db: rec(tp.platform.ctx.db), kick: () => { kicks++; } };
        await requestPasswordReset(ctx, email);
        log.push(`kicks ${kicks}`);
        return log;
      };
      const known = await workFor('Reine@example.org');
      const unknown = await workFor('personne@example.org');
      assert.ok(known.length > 1, known.join('\n'));
      assert.deepEqual(unknown, known);
      // The link still reaches the registered address (from the scheduler), and nothing the unknown one.
      await tp.smtp.waitFor((m) => m.to.includes('reine@example.org') && /mot de passe/.test(m.subject));
      await tp.platform.tick();
      assert.equal((await tp.db.query('SELECT 1 FROM reset_requests')).length, 0);
      assert.equal((await tp.db.query(`SELECT 1 FROM outbox WHERE to_addr = 'personne@example.org'`)).length, 0);
    });

    test('demos: a few per address and hour, counted in the database, refused with a clear page', async () => {
      const ip = '10.10.0.1';
      const first = new Browser(tp.url, { ip });
      const r1 = await first.post('/demo', {}, nofollow);
      assert.equal(r1.status, 303);
      await first.get(r1.location!); // the guest's session has its own CSRF token
      // Reusing one's running demo creates nothing and does not count.
      for (let i = 0; i < 3; i++) assert.equal((await first.post('/demo', {}, nofollow)).location, r1.location);
      assert.equal((await new Browser(tp.url, { ip }).post('/demo', {}, nofollow)).status, 303);
      const users0 = (await tp.db.query('SELECT 1 FROM users WHERE is_guest')).length;
      const fr = new Browser(tp.url, { ip });
      const refused = await fr.post('/demo', {}, nofollow);
      assert.equal(refused.status, 429);
      assert.match(pageText(refused.text), /Trop de parties de démonstration/);
      assert.equal(fr.cookies.has('sid'), false, 'no guest account made');
      const en = await new Browser(tp.url, { ip, lang: 'en' }).post('/demo', { ruleset: 'adventurer-kings' }, nofollow);
      assert.equal(en.status, 429);
      assert.match(pageText(en.text), /Too many demo games/);
      assert.equal((await tp.db.query('SELECT 1 FROM users WHERE is_guest')).length, users0);
      // Another server process on the same database counts with this one.
      const config = { ...tp.platform.ctx.config, port: 0 };
      const second = await startPlatform(config, { db: tp.db, now: () => tp.clock.now, scheduler: false });
      try {
        assert.equal((await new Browser(second.url, { ip }).post('/demo', {}, nofollow)).status, 429);
      } finally { await second.close(); }
      // Other addresses are not concerned; an hour later, this one may again.
      assert.equal((await new Browser(tp.url, { ip: '10.10.0.2' }).post('/demo', {}, nofollow)).status, 303);
      tp.clock.now = new Date(tp.clock.now.getTime() + 61 * MIN);
      assert.equal((await new Browser(tp.url, { ip }).post('/demo', {}, nofollow)).status, 303);
    });

    test('inactive guests are deleted with their demo games and everything referring to them; playing guests are kept', async () => {
      const t0 = tp.clock.now.getTime();
      const idle = new Browser(tp.url, { ip: '10.11.0.1' });
      const idleGame = Number(/\/games\/(\d+)/.exec((await idle.post('/demo', {}, nofollow)).location!)![1]);
      const player = new Browser(tp.url, { ip: '10.11.0.2' });
      const playerGame = Number(/\/games\/(\d+)/.exec((await player.post('/demo', {}, nofollow)).location!)![1]);
      const guestOf = async (game: number) => (await tp.db.one<{ id: number; email: string }>(
        'SELECT u.id, u.email FROM users u JOIN games g ON g.host_user_id = u.id WHERE g.id = $1', [game]))!;
      const idleUser = await guestOf(idleGame);
      const playerUser = await guestOf(playerGame);

      // The idle guest played one turn, wrote in the forum and a letter, and has mail and notifications waiting.
      await idle.get(`/games/${idleGame}/orders`);
      assert.equal((await idle.postJson(`/api/games/${idleGame}/sheet`, { text: 'INI 10 20 30\n' })).status, 200);
      assert.equal((await idle.postJson(`/games/${idleGame}/ready`, { ready: true })).status, 200);
      for (let i = 0; ; i++) {
        if (Number((await tp.db.one('SELECT step FROM games WHERE id = $1', [idleGame]))!.step) >= 1) break;
        if (i > 600) throw new Error('the demo turn did not resolve');
        await new Promise((r) => setTimeout(r, 100));
      }
      const now = tp.clock.now;
      const player1 = (await tp.db.one<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND user_id = $2', [idleGame, idleUser.id]))!.player;
      const th = await tp.db.one<{ id: number }>(`INSERT INTO forum_threads(game_id, title, author_user, author_player, created_at, last_post_at)
        VALUES ($1, 'Salut', $2, $3, $4, $4) RETURNING id`, [idleGame, idleUser.id, player1, now]);
      await tp.db.query(`INSERT INTO forum_posts(thread_id, game_id, author_user, author_player, body, created_at) VALUES ($1, $2, $3, $4, 'Bonjour', $5)`,
        [th!.id, idleGame, idleUser.id, player1, now]);
      await tp.db.query(`INSERT INTO forum_reads(user_id, thread_id, last_read_id) VALUES ($1, $2, 1)`, [idleUser.id, th!.id]);
      const lt = await tp.db.one<{ id: number }>(`INSERT INTO letter_threads(game_id, subject, created_at, last_at) VALUES ($1, 'Pacte', $2, $2) RETURNING id`, [idleGame, now]);
      await tp.db.query(`INSERT INTO letter_members(thread_id, player, reply_token) VALUES ($1, $2, 'tok-idle-guest')`, [lt!.id, player1]);
      await tp.db.query(`INSERT INTO letters(thread_id, game_id, author_player, author_user, body, created_at) VALUES ($1, $2, $3, $4, 'Alliance ?', $5)`,
        [lt!.id, idleGame, player1, idleUser.id, now]);
      await tp.db.query(`INSERT INTO notification_queue(user_id, channel, game_id, line, link, created_at) VALUES ($1, 'forum', $2, 'x', '/x', $3)`, [idleUser.id, idleGame, now]);
      await tp.db.query(`INSERT INTO notification_prefs(user_id, channel, mode) VALUES ($1, 'forum', 'none')`, [idleUser.id]);
      await tp.db.query(`INSERT INTO outbox(to_addr, subject, text, created_at) VALUES ($1, 'x', 'x', $2)`, [idleUser.email, now]);

      // Two days later the other guest saves orders: he is playing.
      tp.clock.now = new Date(t0 + 2 * DAY);
      await player.get(`/games/${playerGame}/orders`);
      assert.equal((await player.postJson(`/api/games/${playerGame}/sheet`, { text: 'INI 10 20 30\n' })).status, 200);
      // Four days after the start (GUEST_DAYS defaults to 3): the idle guest goes, the player stays.
      tp.clock.now = new Date(t0 + 4 * DAY);
      await expireGuests(tp.platform.ctx, true);
      assert.equal(await tp.db.one('SELECT 1 FROM users WHERE id = $1', [idleUser.id]), null, 'the idle guest is deleted');
      assert.equal(await tp.db.one('SELECT 1 FROM games WHERE id = $1', [idleGame]), null, 'with his demo game');
      const gameTables = await tp.db.query<{ table_name: string }>(
        `SELECT DISTINCT table_name FROM information_schema.columns WHERE column_name = 'game_id' AND table_schema = current_schema()`);
      assert.ok(gameTables.length >= 10, gameTables.map((r) => r.table_name).join());
      for (const { table_name } of gameTables) {
        assert.equal((await tp.db.query(`SELECT 1 FROM ${table_name} WHERE game_id = $1`, [idleGame])).length, 0, table_name);
      }
      const userTables = await tp.db.query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()
         AND column_name IN ('user_id', 'author_user', 'reporter_user', 'host_user_id')`);
      for (const { table_name, column_name } of userTables) {
        assert.equal((await tp.db.query(`SELECT 1 FROM ${table_name} WHERE ${column_name} = $1`, [idleUser.id])).length, 0, `${table_name}.${column_name}`);
      }
      assert.equal((await tp.db.query('SELECT 1 FROM outbox WHERE to_addr = $1', [idleUser.email])).length, 0, 'his mail');
      assert.notEqual((await idle.get(`/games/${idleGame}/orders`, nofollow)).status, 200, 'his session ended');
      assert.ok(await tp.db.one('SELECT 1 FROM users WHERE id = $1', [playerUser.id]), 'the playing guest is kept');
      assert.equal((await player.get(`/games/${playerGame}/orders`)).status, 200);

      // Once he stops playing too, he goes in his turn. The same pass drops rate-limit marks older than a day.
      await tp.db.query(`INSERT INTO login_failures(key, at) VALUES ('test:old', $1), ('test:fresh', $2)`, [new Date(t0 + 4 * DAY), new Date(t0 + 6 * DAY)]);
      tp.clock.now = new Date(t0 + 6 * DAY);
      await expireGuests(tp.platform.ctx, true);
      assert.deepEqual((await tp.db.query(`SELECT key FROM login_failures WHERE key LIKE 'test:%'`)).map((r) => r.key), ['test:fresh']);
      assert.equal(await tp.db.one('SELECT 1 FROM users WHERE id = $1', [playerUser.id]), null);
      assert.equal(await tp.db.one('SELECT 1 FROM games WHERE id = $1', [playerGame]), null);
    });
  });
}
