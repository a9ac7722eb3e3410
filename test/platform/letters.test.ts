/**
 * Sealed letters, on both databases: threads of 2 and 3 lords signed with the lords' names (the
 * authors' logins never appear), unread counts, and the wall around a thread (another lord of the
 * game, the host, an outsider and an anonymous visitor all get 404, and the thread never shows in
 * their pages or API). Replies by mail through the real inbound SMTP server: the right sender with
 * a known token makes a letter (quoted text left out); another sender, another From:, an unknown
 * token or another domain is refused with 550 and nothing is stored.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTransport } from 'nodemailer';
import { hashPassword } from '../../src/platform/accounts/passwords.ts';
import { emailKey, loginKey } from '../../src/platform/accounts/service.ts';
import { games } from '../../src/platform/games/service.ts';
import { notifier } from '../../src/platform/notify/service.ts';
import { stripQuoted, tokenOf } from '../../src/platform/mail/inbound.ts';
import { Browser, pageText } from './http.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';

interface U { id: number; login: string; password: string; email: string }

async function newUser(tp: TestPlatform, login: string, opts: { isHost?: boolean; lang?: 'fr' | 'en' } = {}): Promise<U> {
  const password = `pw-${login}-long-enough`;
  const email = `${login}@example.test`;
  const row = await tp.db.one<{ id: number }>(
    `INSERT INTO users(login, login_key, email, email_key, password_hash, validated, is_host, lang) VALUES ($1, $2, $3, $4, $5, TRUE, $6, $7) RETURNING id`,
    [login, loginKey(login), email, emailKey(email), await hashPassword(password), !!opts.isHost, opts.lang ?? 'fr']);
  return { id: Number(row!.id), login, password, email };
}

async function loggedIn(tp: TestPlatform, user: U): Promise<Browser> {
  const b = new Browser(tp.url);
  await b.get('/login');
  const r = await b.post('/login', { login: user.login, password: user.password }, { follow: false });
  assert.equal(r.status, 303, `login of ${user.login}: ${r.status}`);
  await b.get('/games');
  return b;
}

const API = { headers: { accept: 'application/json' } };
const nofollow = { follow: false } as const;

interface Lord { user: U; player: string; lord: string; b: Browser }

async function makeGame(tp: TestPlatform, tag: string, lords: { login: string; lord: string }[], host: U): Promise<{ id: number; lords: Lord[] }> {
  const users = [];
  for (const l of lords) users.push(await newUser(tp, l.login));
  const id = await games.create(tp.platform.ctx, {
    ruleset: 'gloire-et-pouvoir', name: `Partie ${tag}`, options: { map: 'scandinavia' }, hostUserId: host.id,
    seats: users.map((u, i) => ({ userId: u.id, lordName: lords[i]!.lord })), maxPlayers: lords.length, early: false,
  });
  const seats = await tp.db.query<{ player: string; user_id: number }>('SELECT player, user_id FROM seats WHERE game_id = $1', [id]);
  const out: Lord[] = [];
  for (let i = 0; i < users.length; i++) {
    const u = users[i]!;
    out.push({ user: u, player: seats.find((s) => Number(s.user_id) === u.id)!.player, lord: lords[i]!.lord, b: await loggedIn(tp, u) });
  }
  const g = await tp.db.one<{ status: string }>('SELECT status FROM games WHERE id = $1', [id]);
  assert.equal(g!.status, 'running');
  return { id, lords: out };
}

/** One recipient (the Browser helper sends one value per field; writeMany repeats `to`). */
async function write(from: Lord, gameId: number, to: [Lord], subject: string, body: string): Promise<number> {
  await from.b.get(`/games/${gameId}/letters`);
  const r = await from.b.request('POST', `/games/${gameId}/letters`, {
    form: { subject, body, to: to[0]!.player }, follow: false,
  });
  assert.equal(r.status, 303, pageText(r.text).slice(0, 300));
  return Number(/letters\/(\d+)/.exec(r.location ?? '')![1]);
}

async function writeMany(from: Lord, gameId: number, to: Lord[], subject: string, body: string): Promise<number> {
  await from.b.get(`/games/${gameId}/letters`);
  const f = new URLSearchParams();
  f.set('_csrf', from.b.csrf!);
  for (const x of to) f.append('to', x.player);
  f.set('subject', subject);
  f.set('body', body);
  const r = await fetch(new URL(`/games/${gameId}/letters`, from.b.base), {
    method: 'POST', redirect: 'manual', body: f.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: from.b.cookieHeader() },
  });
  assert.equal(r.status, 303, await r.text());
  return Number(/letters\/(\d+)/.exec(r.headers.get('location') ?? '')![1]);
}

const count = async (tp: TestPlatform, sql: string, params: unknown[] = []): Promise<number> =>
  Number((await tp.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))!.n);

function smtpTo(port: number) {
  return createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 5000 });
}

async function refused(p: Promise<unknown>): Promise<{ responseCode?: number; message: string }> {
  try { await p; } catch (e) { return e as { responseCode?: number; message: string }; }
  assert.fail('the mail was accepted');
}

describe('reply parsing (unit)', () => {
  test('tokenOf: only lettre+<token>@<inbound domain>', () => {
    const tok = '0123456789abcdef0123456789abcdef';
    assert.equal(tokenOf(`lettre+${tok}@suzerain.localhost`, 'suzerain.localhost'), tok);
    assert.equal(tokenOf(`LETTRE+${tok.toUpperCase()}@Suzerain.Localhost`, 'suzerain.localhost'), tok);
    assert.equal(tokenOf(`lettre+${tok}@evil.example`, 'suzerain.localhost'), null);
    assert.equal(tokenOf(`letter+${tok}@suzerain.localhost`, 'suzerain.localhost'), null);
    assert.equal(tokenOf(`lettre@suzerain.localhost`, 'suzerain.localhost'), null);
    assert.equal(tokenOf(`lettre+${tok}@suzerain.localhost@x`, 'suzerain.localhost'), null);
  });

  test('stripQuoted keeps the new text only', () => {
    assert.equal(stripQuoted('Yes, agreed.\r\n\r\nOn Fri, 20 Nov 2026 at 12:00, Le Scribe <scribe@x> wrote:\r\n> Dear cousin\r\n> more'), 'Yes, agreed.');
    assert.equal(stripQuoted("D'accord.\n\nLe ven. 20 nov. 2026 à 12:00, Le Scribe Royal <scribe@x> a écrit :\n> Cher cousin"), "D'accord.");
    assert.equal(stripQuoted('Wrapped header.\n\nOn Fri, 20 Nov 2026 at 12:00, Le Scribe Royal <scribe@suzerain.localhost>\nwrote:\n> quoted'), 'Wrapped header.');
    assert.equal(stripQuoted('Inline answer\n> a quoted line\nmy answer\n> another'), 'Inline answer\nmy answer');
    assert.equal(stripQuoted('Top.\n\n-----Original Message-----\nFrom: x\nold text'), 'Top.');
    assert.equal(stripQuoted('Top.\n\nFrom: Le Scribe <scribe@x>\nSent: Friday\nSubject: hi\n\nold text'), 'Top.');
    assert.equal(stripQuoted('Top.\n\nDe : Le Scribe <scribe@x>\nEnvoyé : vendredi\nold'), 'Top.');
    assert.equal(stripQuoted('Signed.\n-- \nMy signature'), 'Signed.');
    assert.equal(stripQuoted('\n\n  Line one\n\nLine two  \n\n'), '  Line one\n\nLine two');
    assert.equal(stripQuoted('Le roi est mort.\nVive le roi.'), 'Le roi est mort.\nVive le roi.');
    assert.equal(stripQuoted('> only quoted\n> text'), '');
  });
});

for (const kind of DB_KINDS) {
  describe(`sealed letters (${kind})`, () => {
    let tp: TestPlatform;
    let host: U;
    let outsider: U;
    let gameId: number;
    let A: Lord, B: Lord, C: Lord, D: Lord;
    let thread2 = 0;

    before(async () => {
      tp = await startTestPlatform(kind, { inboundSmtpPort: 0 });
      assert.ok(tp.platform.inboundPort && tp.platform.inboundPort > 0, 'the inbound SMTP server listens on a free port');
      host = await newUser(tp, 'hote_partie');
      outsider = await newUser(tp, 'passant_x');
      const g = await makeGame(tp, kind, [
        { login: 'zz_alice_login', lord: 'Aliénor' }, { login: 'zz_bob_login', lord: 'Bohémond' },
        { login: 'zz_carol_login', lord: 'Cunégonde' }, { login: 'zz_dave_login', lord: 'Dagobert' },
      ], host);
      gameId = g.id;
      [A, B, C, D] = g.lords as [Lord, Lord, Lord, Lord];
      // Bob and Carol want a mail for every letter; the others keep the daily digest.
      await notifier.setPref(tp.platform.ctx, B.user.id, 'letters', 'each');
      await notifier.setPref(tp.platform.ctx, C.user.id, 'letters', 'each');
    });
    after(async () => { await tp?.close(); });

    test('two lords: the letter is signed with the lord’s name, never the login; unread counts', async () => {
      const list = await A.b.get(`/games/${gameId}/letters`);
      assert.equal(list.status, 200);
      for (const x of [B, C, D]) assert.match(list.text, new RegExp(`name="to" value="${x.player}"`), `${x.lord} is offered`);
      assert.doesNotMatch(list.text, new RegExp(`name="to" value="${A.player}"`), 'not oneself');
      assert.match(list.text, /Bohémond/);

      thread2 = await write(A, gameId, [B], 'Alliance du Nord', 'Cher cousin, <b>marchons</b> ensemble.\nÀ vous, zz.');
      assert.ok(thread2 > 0);
      const mine = await A.b.get(`/games/${gameId}/letters/${thread2}`);
      assert.equal(mine.status, 200);
      assert.match(mine.text, /&lt;b&gt;marchons&lt;\/b&gt;/, 'plain text, escaped');
      assert.doesNotMatch(mine.text, /<b>marchons/);

      // Bob: one unread letter, from Aliénor; nothing names Alice's account.
      const bl = await B.b.get(`/games/${gameId}/letters`);
      assert.equal(bl.status, 200);
      assert.match(bl.text, /Alliance du Nord/);
      assert.match(bl.text, /data-unread="1"/);
      assert.match(pageText(bl.text), /Aliénor/);
      assert.doesNotMatch(bl.text, /zz_alice_login/);
      const api = (await B.b.get(`/api/games/${gameId}/letters`, API)).json();
      assert.equal(api.unread, 1);
      assert.equal(api.threads[0].id, thread2);
      assert.doesNotMatch(JSON.stringify(api), /zz_alice_login/);

      const read = await B.b.get(`/games/${gameId}/letters/${thread2}`);
      assert.equal(read.status, 200);
      const text = pageText(read.text);
      assert.match(text, /Cher cousin, <b>marchons<\/b> ensemble\./);
      assert.match(read.text, /class="signature">Aliénor</);
      assert.match(text, /— Aliénor/);
      assert.doesNotMatch(read.text, /zz_alice_login/);
      assert.equal((await B.b.get(`/api/games/${gameId}/letters`, API)).json().unread, 0, 'read once opened');
      assert.match((await B.b.get(`/games/${gameId}/letters`)).text, /data-unread="0"/);

      // Bob's mail (he chose 'each'): signed Aliénor, with his reply address; Alice's login never appears.
      const mail = await tp.smtp.waitFor((m) => m.to.includes(B.user.email) && /Alliance du Nord/.test(m.subject));
      assert.match(mail.subject, /Aliénor/);
      assert.match(mail.text, /Cher cousin, <b>marchons<\/b> ensemble\./);
      assert.match(mail.text, /Répondez à ce courriel pour répondre/);
      assert.doesNotMatch(mail.text + mail.subject, /zz_alice_login/);
      const token = (await tp.db.one<{ reply_token: string }>('SELECT reply_token FROM letter_members WHERE thread_id = $1 AND player = $2', [thread2, B.player]))!.reply_token;
      assert.match(mail.text, new RegExp(`lettre\\+${token}@suzerain\\.localhost`));
      const out = await tp.db.one<{ reply_to: string }>(`SELECT reply_to FROM outbox WHERE to_addr = $1 AND subject LIKE '%Alliance du Nord%'`, [B.user.email]);
      assert.equal(out!.reply_to, `lettre+${token}@suzerain.localhost`);
      // Alice (the author) and Dave are not told; Alice keeps the digest.
      assert.equal(await count(tp, `outbox WHERE to_addr = $1 AND subject LIKE '%Alliance%'`, [A.user.email]), 0);
      assert.equal(await count(tp, `outbox WHERE to_addr = $1 AND subject LIKE '%Alliance%'`, [D.user.email]), 0);

      // Bob answers in the page: Alice now has one unread letter, signed Bohémond.
      await B.b.get(`/games/${gameId}/letters/${thread2}`);
      const rep = await B.b.post(`/games/${gameId}/letters/${thread2}`, { body: 'Marchons, cousine.' }, nofollow);
      assert.equal(rep.status, 303);
      const al = (await A.b.get(`/api/games/${gameId}/letters`, API)).json();
      assert.equal(al.unread, 1);
      assert.equal(al.threads[0].unread, 1);
      const at = await A.b.get(`/games/${gameId}/letters/${thread2}`);
      assert.match(at.text, /class="signature">Bohémond</);
      assert.doesNotMatch(at.text, /zz_bob_login/);
      assert.equal((await A.b.get(`/api/games/${gameId}/letters`, API)).json().unread, 0);
      // Alice's letters wait for her digest.
      assert.equal(await count(tp, `notification_queue WHERE user_id = $1 AND channel = 'letters' AND sent_at IS NULL`, [A.user.id]), 1);
    });

    test('another lord, the host, an outsider and anonymous visitors get 404; the thread never shows for them', async () => {
      assert.ok(thread2);
      const hostB = await loggedIn(tp, host);
      const outB = await loggedIn(tp, outsider);
      const anon = new Browser(tp.url);
      for (const [who, b] of [['Cunégonde', C.b], ['Dagobert', D.b], ['host', hostB], ['outsider', outB], ['anonymous', anon]] as [string, Browser][]) {
        const page = await b.get(`/games/${gameId}/letters/${thread2}`, nofollow);
        assert.equal(page.status, 404, `${who}: thread page`);
        assert.doesNotMatch(page.text, /Alliance du Nord|marchons/);
        const apiT = await b.get(`/api/games/${gameId}/letters/${thread2}`, { ...nofollow, ...API });
        assert.equal(apiT.status, 404, `${who}: thread API`);
        const before = await count(tp, 'letters WHERE thread_id = $1', [thread2]);
        const post = await b.post(`/games/${gameId}/letters/${thread2}`, { body: 'intrusion' }, nofollow);
        assert.equal(post.status, 404, `${who}: posting in the thread`);
        assert.equal(await count(tp, 'letters WHERE thread_id = $1', [thread2]), before);
      }
      // Lords of the game who are not members: their own pages and API do not list it.
      for (const x of [C, D]) {
        const list = await x.b.get(`/games/${gameId}/letters`);
        assert.equal(list.status, 200);
        assert.doesNotMatch(list.text, /Alliance du Nord|marchons/);
        const api = await x.b.get(`/api/games/${gameId}/letters`, API);
        assert.equal(api.status, 200);
        assert.doesNotMatch(api.text, /Alliance du Nord|marchons/);
        assert.ok(!api.json().threads.some((t: { id: number }) => t.id === thread2));
      }
      // Non-lords do not even have a letters page.
      for (const b of [hostB, outB, anon]) {
        assert.equal((await b.get(`/games/${gameId}/letters`, nofollow)).status, 404);
        assert.equal((await b.get(`/api/games/${gameId}/letters`, { ...nofollow, ...API })).status, 404);
        assert.equal((await b.post(`/games/${gameId}/letters`, { to: B.player, subject: 's', body: 'b' }, nofollow)).status, 404);
      }
      // A lord cannot write to someone outside the game nor to himself.
      const bad = await A.b.post(`/games/${gameId}/letters`, { to: 'L99', subject: 'x', body: 'y' }, nofollow);
      assert.equal(bad.status, 400);
      const self = await A.b.post(`/games/${gameId}/letters`, { to: A.player, subject: 'x', body: 'y' }, nofollow);
      assert.equal(self.status, 400);
      // Another game's id with this thread: 404.
      assert.equal((await A.b.get(`/games/${gameId + 1000}/letters/${thread2}`, nofollow)).status, 404);
    });

    test('three lords: everyone in the thread reads and answers, signed with lords’ names', async () => {
      const th = await writeMany(A, gameId, [B, C], 'Conseil des trois', 'Réunissons-nous à Uppsala.');
      for (const x of [B, C]) {
        const api = (await x.b.get(`/api/games/${gameId}/letters`, API)).json();
        const t = api.threads.find((y: { id: number }) => y.id === th);
        assert.ok(t, `${x.lord} sees the thread`);
        assert.equal(t.unread, 1);
        assert.deepEqual(t.members.map((m: { lordName: string }) => m.lordName).sort(), ['Aliénor', 'Bohémond', 'Cunégonde']);
      }
      assert.equal((await D.b.get(`/games/${gameId}/letters/${th}`, nofollow)).status, 404, 'Dagobert is not in it');
      assert.doesNotMatch((await D.b.get(`/games/${gameId}/letters`)).text, /Conseil des trois/);

      await C.b.get(`/games/${gameId}/letters/${th}`);
      assert.equal((await C.b.post(`/games/${gameId}/letters/${th}`, { body: 'J’y serai.' }, nofollow)).status, 303);
      const a = (await A.b.get(`/api/games/${gameId}/letters`, API)).json().threads.find((y: { id: number }) => y.id === th);
      assert.equal(a.unread, 1);
      const b = (await B.b.get(`/api/games/${gameId}/letters`, API)).json().threads.find((y: { id: number }) => y.id === th);
      assert.equal(b.unread, 2);
      // Newest thread first.
      assert.equal((await B.b.get(`/api/games/${gameId}/letters`, API)).json().threads[0].id, th);
      const page = await B.b.get(`/games/${gameId}/letters/${th}`);
      const text = pageText(page.text);
      assert.ok(text.indexOf('Réunissons-nous') < text.indexOf('J’y serai'));
      assert.match(page.text, /class="signature">Cunégonde</);
      assert.doesNotMatch(page.text, /zz_carol_login|zz_alice_login/);
      // Bob, notified by mail, gets the mail of Cunégonde’s answer.
      const m = await tp.smtp.waitFor((x) => x.to.includes(B.user.email) && /Conseil des trois/.test(x.subject) && /Cunégonde/.test(x.subject));
      assert.doesNotMatch(m.text, /zz_carol_login/);
    });

    test('reply by mail: the right sender with the token → a letter; anyone else → 550 and nothing stored', async () => {
      const port = tp.platform.inboundPort!;
      const token = (await tp.db.one<{ reply_token: string }>('SELECT reply_token FROM letter_members WHERE thread_id = $1 AND player = $2', [thread2, B.player]))!.reply_token;
      const address = `lettre+${token}@suzerain.localhost`;
      const n0 = await count(tp, 'letters WHERE thread_id = $1', [thread2]);

      // Another sender (Carol, a lord of the game) with Bob's token: refused at RCPT.
      const t1 = smtpTo(port);
      const e1 = await refused(t1.sendMail({ from: C.user.email, to: address, subject: 'Re: Alliance', text: 'Je me fais passer pour Bohémond.' }));
      assert.equal(e1.responseCode, 550, e1.message);
      // The right envelope but another From: refused after DATA.
      const e2 = await refused(t1.sendMail({ envelope: { from: B.user.email, to: [address] }, from: C.user.email, to: address, subject: 'Re', text: 'Faux.' }));
      assert.equal(e2.responseCode, 550, e2.message);
      // An unknown token, and a known token at another domain.
      const e3 = await refused(t1.sendMail({ from: B.user.email, to: `lettre+${'f'.repeat(32)}@suzerain.localhost`, subject: 'Re', text: 'x' }));
      assert.equal(e3.responseCode, 550, e3.message);
      const e4 = await refused(t1.sendMail({ from: B.user.email, to: `lettre+${token}@evil.example`, subject: 'Re', text: 'x' }));
      assert.equal(e4.responseCode, 550, e4.message);
      const e5 = await refused(t1.sendMail({ from: B.user.email, to: `scribe@suzerain.localhost`, subject: 'Re', text: 'x' }));
      assert.equal(e5.responseCode, 550, e5.message);
      // Only quoted text: refused.
      const e6 = await refused(t1.sendMail({ from: B.user.email, to: address, subject: 'Re', text: '> quoted only' }));
      assert.equal(e6.responseCode, 550, e6.message);
      assert.equal(await count(tp, 'letters WHERE thread_id = $1', [thread2]), n0, 'nothing stored');

      // Bob himself (address in capitals: compared without case): the reply becomes his letter.
      await t1.sendMail({
        from: `Bob <${B.user.email.toUpperCase()}>`, to: address.replace('lettre', 'LETTRE'), subject: 'Re: Alliance du Nord',
        text: 'Par courriel : je marche sur Oslo.\n\nLe ven. 20 nov. 2026 à 13:00, Le Scribe Royal <scribe@suzerain.localhost> a écrit :\n> Cher cousin, marchons ensemble.\n> — Aliénor\n',
      });
      t1.close();
      assert.equal(await count(tp, 'letters WHERE thread_id = $1', [thread2]), n0 + 1);
      const l = await tp.db.one<{ body: string; via_mail: boolean; author_player: string; author_user: number }>('SELECT body, via_mail, author_player, author_user FROM letters WHERE thread_id = $1 ORDER BY id DESC LIMIT 1', [thread2]);
      assert.equal(l!.body, 'Par courriel : je marche sur Oslo.');
      assert.equal(l!.via_mail, true);
      assert.equal(l!.author_player, B.player);
      assert.equal(Number(l!.author_user), B.user.id);
      const page = await A.b.get(`/games/${gameId}/letters/${thread2}`);
      assert.match(pageText(page.text), /Par courriel : je marche sur Oslo\./);
      assert.match(page.text, /class="signature">Bohémond</);
      assert.doesNotMatch(page.text, /Cher cousin, marchons ensemble\.\n> —/);
      // Alice (digest) gets a line queued for it.
      assert.ok(await count(tp, `notification_queue WHERE user_id = $1 AND sent_at IS NULL AND line LIKE '%Bohémond%'`, [A.user.id]) >= 1);

      // Carol's own token in a thread she is in still refuses Bob.
      const th3 = await tp.db.one<{ thread_id: number; reply_token: string }>(
        `SELECT m.thread_id, m.reply_token FROM letter_members m JOIN letter_threads t ON t.id = m.thread_id WHERE t.subject = 'Conseil des trois' AND m.player = $1`, [C.player]);
      const t2 = smtpTo(port);
      const e7 = await refused(t2.sendMail({ from: B.user.email, to: `lettre+${th3!.reply_token}@suzerain.localhost`, subject: 'Re', text: 'x' }));
      assert.equal(e7.responseCode, 550);
      t2.close();
    });

    test('a seat given to a replacement: the letters follow the seat, the old player loses them', async () => {
      // Dave leaves; his seat goes to a new player who inherits his (empty) correspondence.
      const th = await write(A, gameId, [D], 'Pour Dagobert', 'Un secret.');
      assert.equal((await D.b.get(`/games/${gameId}/letters/${th}`)).status, 200);
      const newcomer = await newUser(tp, 'zz_newcomer');
      await tp.db.query(`UPDATE seats SET user_id = $3 WHERE game_id = $1 AND player = $2`, [gameId, D.player, newcomer.id]);
      const nb = await loggedIn(tp, newcomer);
      assert.equal((await nb.get(`/games/${gameId}/letters/${th}`)).status, 200, 'the replacement reads the seat’s letters');
      assert.equal((await D.b.get(`/games/${gameId}/letters/${th}`, nofollow)).status, 404, 'the former player does not');
      // And the token of that seat now only accepts the new player's address.
      const tok = (await tp.db.one<{ reply_token: string }>('SELECT reply_token FROM letter_members WHERE thread_id = $1 AND player = $2', [th, D.player]))!.reply_token;
      const t = smtpTo(tp.platform.inboundPort!);
      const e = await refused(t.sendMail({ from: D.user.email, to: `lettre+${tok}@suzerain.localhost`, subject: 'Re', text: 'old me' }));
      assert.equal(e.responseCode, 550);
      await t.sendMail({ from: newcomer.email, to: `lettre+${tok}@suzerain.localhost`, subject: 'Re', text: 'new me' });
      t.close();
      assert.equal(await count(tp, `letters WHERE thread_id = $1 AND body = 'new me'`, [th]), 1);
      assert.equal(await count(tp, `letters WHERE thread_id = $1 AND body = 'old me'`, [th]), 0);
    });
  });
}
