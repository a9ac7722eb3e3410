/**
 * Accounts through HTTP, on both databases: sign-up with the code from the real test SMTP server,
 * validation, log in / log out, throttling, no enumeration of addresses, password reset, CSRF,
 * cookies, password storage, the host's outbox, and the mailer's at-most-once delivery.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { DB_KINDS, schedulerPass, startTestPlatform, testDb, type TestPlatform } from './util.ts';
import { Browser, codeFromMail, inputValue, pageText, signUpAndLogIn } from './http.ts';
import { hashPassword, verifyPassword } from '../../src/platform/accounts/passwords.ts';
import { ADDRESS_MAX_FAILURES, createGuestUser, loginKey, safeNext, signUp } from '../../src/platform/accounts/service.ts';
import { deliverMail } from '../../src/platform/mail/mailer.ts';
import { queueMail } from '../../src/platform/mail/queue.ts';
import { configFromEnv } from '../../src/platform/config.ts';
import { sha256, type AppCtx } from '../../src/platform/http/server.ts';
import { nullHub } from '../../src/platform/live/hub.ts';

const PW = 'bonne épée 42';
const MIN = 60_000;

/** A page's HTML without its CSRF token (meta tag and hidden fields), for comparing two answers. */
const noCsrf = (text: string): string => text
  .replace(/(<meta name="csrf-token" content=")[^"]*"/g, '$1"')
  .replace(/(name="_csrf" value=")[^"]*"/g, '$1"');

test('passwords: scrypt encoding, verification, constant format', async () => {
  const h = await hashPassword('correct horse battery');
  assert.match(h, /^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
  assert.notEqual(await hashPassword('correct horse battery'), h, 'a new salt each time');
  assert.equal(await verifyPassword('correct horse battery', h), true);
  assert.equal(await verifyPassword('correct horse batterY', h), false);
  assert.equal(await verifyPassword('', h), false);
  assert.equal(await verifyPassword('x', 'plain'), false);
  assert.equal(await verifyPassword('x', null), false);
  assert.equal(await verifyPassword('x', 'scrypt$99999999$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA'), false);
});

test('logins fold case and accents; next only goes to local paths', () => {
  assert.equal(loginKey('  Éléonore   d’Aquitaine '), loginKey('eleonore d’aquitaine'));
  assert.equal(loginKey('ÆSIR Øystein'), 'aesir oystein');
  assert.equal(safeNext('/games/3?x=1'), '/games/3?x=1');
  for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '', '/a\nb']) assert.equal(safeNext(bad), null, bad);
});

for (const kind of DB_KINDS) {
  describe(`accounts (${kind})`, () => {
    let tp: TestPlatform;
    before(async () => { tp = await startTestPlatform(kind); });
    after(async () => { await tp?.close(); });

    const mailsTo = (addr: string) => tp.smtp.mails.filter((m) => m.to.some((a) => a.toLowerCase() === addr));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const user = async (login: string): Promise<any> => tp.db.one('SELECT * FROM users WHERE login_key = $1', [loginKey(login)]);
    const settle = async () => { await schedulerPass(tp); await new Promise((r) => setTimeout(r, 150)); };

    test('sign-up, code by mail, no login before validation, anonymous validation and new code, logout', async () => {
      const b = new Browser(tp.url, { ip: '10.0.1.1' });
      const form = await b.get('/signup');
      assert.equal(form.status, 200);
      assert.ok(inputValue(form.text, '_csrf'), 'the form carries the CSRF token');
      const csrfCookie = form.setCookies.find((c) => c.startsWith('csrf='));
      assert.ok(csrfCookie && /HttpOnly/i.test(csrfCookie) && /SameSite=Lax/i.test(csrfCookie), csrfCookie);

      // Invalid fields: the form again, with the errors, nothing created.
      const bad = await b.post('/signup', { login: 'ab', email: 'nope', password: 'short', password2: 'short' });
      assert.equal(bad.status, 400);
      assert.match(pageText(bad.text), /doit compter de 3 à 24 caractères/);
      assert.match(pageText(bad.text), /n’est pas valide/);
      assert.match(pageText(bad.text), /au moins 8 caractères/);
      assert.equal((await tp.db.query('SELECT 1 FROM users')).length, 0);

      const r = await b.post('/signup', { login: '  Aliénor ', email: 'alienor@example.org', password: PW, password2: PW });
      assert.equal(r.status, 200);
      assert.equal(r.path, `/validate?login=${encodeURIComponent('Aliénor')}`);
      assert.match(pageText(r.text), /Consultez votre boîte aux lettres/);
      assert.equal(b.cookies.has('sid'), false, 'sign-up does not log in');

      const row = await user('aliénor');
      assert.equal(row.login, 'Aliénor');
      assert.equal(row.validated, false);
      assert.equal(row.is_host, true, 'the first account hosts the site');
      assert.equal(row.lang, 'fr');
      assert.match(row.password_hash, /^scrypt\$32768\$8\$1\$/);
      assert.ok(!row.password_hash.includes(PW));
      assert.equal(await verifyPassword(PW, row.password_hash), true);

      const mail = await tp.smtp.waitFor((m) => m.to.includes('alienor@example.org'));
      assert.match(mail.subject, /code de validation/);
      assert.match(mail.from, /scribe/i);
      assert.match(mail.text, /Le Scribe Royal/);
      assert.ok(mail.html && /Le Scribe Royal/.test(mail.html));
      const code = codeFromMail(mail.text);
      assert.match(code, /^[A-Za-z0-9]{8}$/);
      assert.ok(mail.text.includes(`${tp.url}/validate?login=${encodeURIComponent('Aliénor')}&code=${code}`), mail.text);
      const tokens = await tp.db.query('SELECT token_hash FROM user_tokens WHERE user_id = $1', [row.id]);
      assert.equal(tokens.length, 1);
      assert.ok(!tokens[0]!.token_hash.includes(code), 'codes are stored hashed');

      // Not validated yet: the login fails exactly like a login that does not exist (same status,
      // same page), and the message points to the validation page.
      const l1 = await b.post('/login', { login: 'Alienor', password: PW });
      const nobody = await new Browser(tp.url, { ip: '10.0.1.11' }).post('/login', { login: 'Nobody', password: PW });
      assert.equal(l1.status, 401);
      assert.equal(nobody.status, l1.status);
      assert.equal(pageText(l1.text).replaceAll('Alienor', 'X'), pageText(nobody.text).replaceAll('Nobody', 'X'));
      assert.equal(noCsrf(l1.text).replaceAll('Alienor', 'X'), noCsrf(nobody.text).replaceAll('Nobody', 'X'));
      assert.match(pageText(l1.text), /Identifiant ou mot de passe incorrect/);
      assert.match(pageText(l1.text), /n’est pas encore validée ne peut pas se connecter/);
      assert.ok(l1.text.includes('href="/validate?login=Alienor"'), 'a link to the validation page');
      assert.equal(b.cookies.has('sid'), false, 'no session');
      assert.equal(await tp.db.one('SELECT 1 FROM sessions WHERE user_id = $1', [row.id]), null);
      assert.ok((await b.get('/account')).path.startsWith('/login?next='));

      // Anonymous validation page: login and code, and the form asking for a new code.
      const vp = await b.get('/validate');
      assert.equal(vp.status, 200);
      assert.match(vp.text, /<form method="post" action="\/validate" class="stack"( novalidate)?>/);
      assert.match(vp.text, /<form method="post" action="\/validate\/resend" class="stack">/);
      assert.match(pageText(vp.text), /Envoyer un nouveau code/);
      assert.doesNotMatch(pageText(vp.text), /n’est pas encore validée/, 'no banner for a visitor');

      // A wrong code: 400, the same answer as for a login that does not exist.
      const badCode = code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
      const wrong = await b.post('/validate', { login: 'Alienor', code: badCode });
      const wrongNobody = await new Browser(tp.url, { ip: '10.0.1.12' }).post('/validate', { login: 'Nobody', code: badCode });
      assert.equal(wrong.status, 400);
      assert.equal(wrongNobody.status, 400);
      assert.match(pageText(wrong.text), /n’est pas valable/);
      assert.equal(noCsrf(wrong.text).replaceAll('Alienor', 'X'), noCsrf(wrongNobody.text).replaceAll('Nobody', 'X'));

      // Asking for a new code, not logged in: the same answer for an unknown login, a second code
      // mail for the real one (by login or by address).
      const rs = await b.post('/validate/resend', { login: 'Alienor' });
      const rsNobody = await new Browser(tp.url, { ip: '10.0.1.13' }).post('/validate/resend', { login: 'Nobody' });
      assert.equal(rs.status, 200);
      assert.equal(rs.path, '/validate?resent=any&login=Alienor');
      assert.equal(rsNobody.status, rs.status);
      assert.match(pageText(rs.text), /Si un compte de ce nom attend sa validation, un nouveau code/);
      assert.equal(noCsrf(rs.text).replaceAll('Alienor', 'X'), noCsrf(rsNobody.text).replaceAll('Nobody', 'X'));
      await tp.smtp.waitFor(() => mailsTo('alienor@example.org').length === 2);
      const code2 = codeFromMail(mailsTo('alienor@example.org')[1]!.text);
      assert.notEqual(code2, code);
      const rsMail = await new Browser(tp.url, { ip: '10.0.1.14' }).post('/validate/resend', { login: 'Nobody@example.org' });
      assert.equal(rsMail.status, 200);
      assert.equal(rsMail.path, '/validate?resent=any');
      assert.equal(pageText(rsMail.text), pageText((await new Browser(tp.url, { ip: '10.0.1.14' }).post('/validate/resend', { login: 'ALIENOR@example.org' })).text));
      await tp.smtp.waitFor(() => mailsTo('alienor@example.org').length === 3);
      // The per-account limit (3 new codes an hour, after the sign-up's) still holds, with the same answer.
      await b.post('/validate/resend', { login: 'aliénor' });
      await tp.smtp.waitFor(() => mailsTo('alienor@example.org').length === 4);
      const rs5 = await b.post('/validate/resend', { login: 'aliénor' });
      assert.equal(noCsrf(rs5.text).replaceAll('aliénor', 'X'), noCsrf(rsNobody.text).replaceAll('Nobody', 'X'));
      await settle();
      assert.equal(mailsTo('alienor@example.org').length, 4, 'no fourth new code within the hour');

      // Every code sent stays good until one is used: each new code adds to the others.
      const live = await tp.db.query(`SELECT token_hash FROM user_tokens WHERE user_id = $1 AND kind = 'validate' AND used_at IS NULL`, [row.id]);
      assert.equal(live.length, 4);
      for (const c of [code, code2]) assert.ok(live.some((r) => r.token_hash === sha256(`validate:${row.id}:${c}`)), c);

      // The first mail's code validates, and logs her in there and then (issue 13 §6).
      const ok = await b.post('/validate', { login: 'Alienor', code });
      assert.equal(ok.status, 200);
      assert.equal(ok.path, '/account?validated=1');
      assert.match(pageText(ok.text), /adresse validée/);
      assert.ok(b.cookies.get('sid'), 'a session');
      assert.equal((await b.post('/logout')).path, '/');
      assert.equal((await user('Aliénor')).validated, true);
      assert.equal((await tp.db.query(`SELECT 1 FROM user_tokens WHERE user_id = $1 AND kind = 'validate' AND used_at IS NULL`, [row.id])).length, 0,
        'the other codes are spent with it');
      // No more code for a validated account.
      tp.clock.now = new Date(tp.clock.now.getTime() + 61 * MIN);
      await b.post('/validate/resend', { login: 'Alienor' });
      await settle();
      assert.equal(mailsTo('alienor@example.org').length, 4);

      // Now the login works (the failures before validation do not block it: fewer than 5).
      const l1b = await b.post('/login', { login: 'ALIENOR', password: PW });
      assert.equal(l1b.status, 200);
      assert.equal(l1b.path, '/');
      const sid = l1b.setCookies.find((c) => c.startsWith('sid='));
      assert.ok(sid && /HttpOnly/i.test(sid) && /SameSite=Lax/i.test(sid) && /Path=\//i.test(sid), sid);
      const acc = await b.get('/account');
      assert.equal(acc.status, 200);
      assert.match(pageText(acc.text), /adresse validée/);
      assert.doesNotMatch(pageText(acc.text), /non validée/);
      assert.match(pageText(acc.text), /alienor@example\.org/);

      // Log out: the session ends.
      const out = await b.post('/logout');
      assert.equal(out.path, '/');
      assert.equal(b.cookies.has('sid'), false);
      assert.equal(await tp.db.one('SELECT 1 FROM sessions WHERE user_id = $1', [row.id]), null);
      const acc2 = await b.get('/account');
      assert.ok(acc2.path.startsWith('/login?next='), acc2.path);

      // Log in again, validated: straight to `next`.
      const l2 = await b.post('/login', { login: 'aliénor', password: PW, next: '/account' });
      assert.equal(l2.path, '/account');
      assert.match(pageText(l2.text), /adresse validée/);
    });

    test('validation by the link in the mail, in English', async () => {
      const b = new Browser(tp.url, { ip: '10.0.1.2', lang: 'en' });
      await b.get('/signup');
      const r = await b.post('/signup', { login: 'Bertrand_du-Guesclin', email: 'Bertrand@Example.org', password: PW });
      assert.equal(r.status, 200);
      assert.match(pageText(r.text), /Check your mailbox/);
      const mail = await tp.smtp.waitFor((m) => m.to.some((a) => a.toLowerCase() === 'bertrand@example.org'));
      assert.match(mail.subject, /your validation code/);
      assert.match(mail.text, /The Royal Scribe/);
      assert.equal((await user('bertrand_du-guesclin')).is_host, false);
      const link = /https?:\/\/\S+\/validate\?\S+/.exec(mail.text)![0];
      assert.ok(link.startsWith(tp.url));
      // The link validates and logs him in.
      const v = await b.get(link);
      assert.equal(v.status, 200);
      assert.equal(v.path, '/account?validated=1');
      assert.match(pageText(v.text), /address validated/);
      await b.post('/logout');
      // The link again (a mail scanner came first): the address is already validated, so the link
      // (whose code is no longer checked) leads to the login page, with the notice.
      const again = await b.get(link);
      assert.ok(again.path.startsWith('/login?validated=1'), again.path);
      assert.match(pageText(again.text), /Your address is validated/);
      assert.equal(inputValue(again.text, 'login'), 'Bertrand_du-Guesclin');
      const l = await b.post('/login', { login: 'bertrand@example.org', password: PW });
      assert.equal(l.path, '/', 'logs in with the address too');
      assert.equal((await user('Bertrand_du-Guesclin')).validated, true);
    });

    test('sessions rotate on login; next never leaves the site', async () => {
      const b = new Browser(tp.url, { ip: '10.0.1.3' });
      await b.post('/login', { login: 'Aliénor', password: PW });
      const sid1 = b.cookies.get('sid')!;
      assert.ok(sid1);
      await b.post('/login', { login: 'Aliénor', password: PW });
      const sid2 = b.cookies.get('sid')!;
      assert.ok(sid2 && sid2 !== sid1, 'a new session id at each login');
      const stale = new Browser(tp.url, { ip: '10.0.1.3' });
      stale.cookies.set('sid', sid1);
      assert.ok((await stale.get('/account')).path.startsWith('/login'), 'the old session ended');

      for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
        const c = new Browser(tp.url, { ip: '10.0.1.3' });
        const r = await c.post('/login', { login: 'Aliénor', password: PW, next }, { follow: false });
        assert.equal(r.status, 303);
        assert.equal(r.location, '/', next);
      }
      const c = new Browser(tp.url, { ip: '10.0.1.3' });
      const page = await c.get('/login?next=%2Fgames%3Fx%3D1');
      assert.equal(inputValue(page.text, 'next'), '/games?x=1');
      const r = await c.post('/login', { login: 'Aliénor', password: PW, next: '/games?x=1' }, { follow: false });
      assert.equal(r.location, '/games?x=1');
    });

    test('wrong password and unknown login: the same generic answer', async () => {
      const b = new Browser(tp.url, { ip: '10.0.2.1' });
      const wrong = await b.post('/login', { login: 'Aliénor', password: 'not the password' });
      const unknown = await b.post('/login', { login: 'Nobody Here', password: 'not the password' });
      assert.equal(wrong.status, 401);
      assert.equal(unknown.status, 401);
      assert.equal(pageText(wrong.text), pageText(unknown.text));
      assert.match(pageText(wrong.text), /Identifiant ou mot de passe incorrect/);
      assert.equal(b.cookies.has('sid'), false);
    });

    test('throttling: after 5 failures in 15 minutes from one address, refused there even with the right password', async () => {
      const b = new Browser(tp.url, { ip: '10.0.3.1' });
      await b.get('/signup');
      await signUpAndLogIn(b, tp.smtp, { login: 'Cunégonde', email: 'cunegonde@example.org', password: PW });
      await b.post('/logout');
      const generic = pageText((await b.post('/login', { login: 'Cunégonde', password: 'bad password 1' })).text);
      for (let i = 2; i <= 5; i++) assert.equal((await b.post('/login', { login: 'cunegonde', password: `bad password ${i}` })).status, 401);
      const sixth = await b.post('/login', { login: 'Cunégonde', password: PW });
      assert.equal(sixth.status, 401);
      assert.equal(pageText(sixth.text), generic, 'the same generic message');
      assert.equal(b.cookies.has('sid'), false);
      // Not from another address: failures slow down one address guessing one account, they never lock the account.
      const other = new Browser(tp.url, { ip: '10.0.3.2' });
      assert.equal((await other.post('/login', { login: 'Cunégonde', password: PW })).path, '/');
      // 16 minutes later, it works.
      tp.clock.now = new Date(tp.clock.now.getTime() + 16 * MIN);
      const ok = await b.post('/login', { login: 'Cunégonde', password: PW });
      assert.equal(ok.status, 200);
      assert.equal(ok.path, '/');
      assert.ok(b.cookies.has('sid'));
    });

    test('throttling per client address', async () => {
      const attacker = new Browser(tp.url, { ip: '10.0.4.1' });
      for (let i = 1; i <= ADDRESS_MAX_FAILURES; i++) assert.equal((await attacker.post('/login', { login: `someone ${i}`, password: 'guess guess' })).status, 401);
      assert.equal((await attacker.post('/login', { login: 'Aliénor', password: PW })).status, 401, 'this address is throttled');
      const honest = new Browser(tp.url, { ip: '10.0.4.2' });
      assert.equal((await honest.post('/login', { login: 'Aliénor', password: PW })).path, '/', 'others are not');
      tp.clock.now = new Date(tp.clock.now.getTime() + 16 * MIN);
      assert.equal((await attacker.post('/login', { login: 'Aliénor', password: PW })).path, '/');
    });

    test('no enumeration: a taken address answers like a new one, and its owner is warned', async () => {
      const fresh = new Browser(tp.url, { ip: '10.0.5.1' });
      await fresh.get('/signup');
      const r1 = await fresh.post('/signup', { login: 'Fresh Lord', email: 'fresh@example.org', password: PW, password2: PW }, { follow: false });
      const taken = new Browser(tp.url, { ip: '10.0.5.2' });
      await taken.get('/signup');
      const r2 = await taken.post('/signup', { login: 'Other Lord', email: 'ALIENOR@example.org', password: PW, password2: PW }, { follow: false });
      assert.equal(r1.status, r2.status);
      assert.equal(r1.location!.replace(encodeURIComponent('Fresh Lord'), 'X'), r2.location!.replace(encodeURIComponent('Other Lord'), 'X'));
      const p1 = await fresh.get(r1.location!);
      const p2 = await taken.get(r2.location!);
      assert.equal(p1.status, p2.status);
      assert.equal(pageText(p1.text).replaceAll('Fresh Lord', 'X'), pageText(p2.text).replaceAll('Other Lord', 'X'));
      assert.equal(await user('Other Lord'), null, 'no account created');
      const warning = await tp.smtp.waitFor((m) => m.to.includes('alienor@example.org') && /tentative/.test(m.subject));
      assert.match(warning.text, /Aliénor/);
      assert.ok(warning.text.includes(`${tp.url}/reset`));
      assert.ok(!warning.text.includes('code='), 'no code in the warning');
      await tp.smtp.waitFor((m) => m.to.includes('fresh@example.org'));

      // Reset: the same answer for a known and an unknown address.
      const b = new Browser(tp.url, { ip: '10.0.5.3' });
      await b.get('/reset');
      const known = await b.post('/reset', { email: 'alienor@example.org' });
      const unknown = await b.post('/reset', { email: 'nobody@example.org' });
      assert.equal(known.status, 200);
      assert.equal(known.status, unknown.status);
      assert.equal(pageText(known.text), pageText(unknown.text));
      await tp.smtp.waitFor((m) => m.to.includes('alienor@example.org') && /mot de passe/.test(m.subject));
      await settle();
      assert.equal(mailsTo('nobody@example.org').length, 0);
      assert.equal((await tp.db.query(`SELECT 1 FROM outbox WHERE to_addr = 'nobody@example.org'`)).length, 0);
    });

    test('signing up with a registered address then logging in with the chosen password tells nothing', async () => {
      const owner = new Browser(tp.url, { ip: '10.0.5.10' });
      await signUpAndLogIn(owner, tp.smtp, { login: 'Gisele', email: 'gisele@example.org', password: PW });
      const P = 'mot de passe choisi 7';
      // The attacker signs up with Gisele's address (taken) and, for comparison, with a free one.
      const attacker = new Browser(tp.url, { ip: '10.0.5.11' });
      await attacker.get('/signup');
      const s1 = await attacker.post('/signup', { login: 'Usurpateur', email: 'GISELE@example.org', password: P, password2: P });
      const s2 = await attacker.post('/signup', { login: 'Libre', email: 'libre@example.org', password: P, password2: P });
      assert.equal(s1.status, 200);
      assert.equal(s2.status, 200);
      assert.equal(await user('Usurpateur'), null, 'no account created with a taken address');
      assert.equal((await user('Libre')).validated, false);

      // Logging in with the chosen password: for the taken address, for the free one (an account
      // waiting for validation) and for a login that never existed, the very same answer.
      const tries = [['Usurpateur', '10.0.5.12'], ['Libre', '10.0.5.13'], ['Jamais', '10.0.5.14']] as const;
      const answers = [];
      for (const [login, ip] of tries) {
        const c = new Browser(tp.url, { ip });
        await c.get('/login');
        const r = await c.post('/login', { login, password: P });
        assert.equal(c.cookies.has('sid'), false, login);
        answers.push({ status: r.status, text: pageText(r.text).replaceAll(login, 'X'), html: noCsrf(r.text).replaceAll(login, 'X') });
      }
      assert.equal(answers[0]!.status, 401);
      for (const a of answers.slice(1)) {
        assert.equal(a.status, answers[0]!.status);
        assert.equal(a.text, answers[0]!.text);
        assert.equal(a.html, answers[0]!.html);
      }
      // By address too: the owner's address with P fails like an unknown address.
      const byMail = await new Browser(tp.url, { ip: '10.0.5.15' }).post('/login', { login: 'gisele@example.org', password: P });
      const byNoMail = await new Browser(tp.url, { ip: '10.0.5.16' }).post('/login', { login: 'jamais@example.org', password: P });
      assert.equal(byMail.status, 401);
      assert.equal(byNoMail.status, 401);
      assert.equal(noCsrf(byMail.text).replaceAll('gisele@example.org', 'X'), noCsrf(byNoMail.text).replaceAll('jamais@example.org', 'X'));

      // The real owner got the warning (no code), and her own password still works.
      const warning = await tp.smtp.waitFor((m) => m.to.includes('gisele@example.org') && /tentative/.test(m.subject));
      assert.match(warning.text, /Gisele/);
      assert.ok(!warning.text.includes('code='), 'no code in the warning');
      assert.equal(mailsTo('gisele@example.org').filter((m) => /code de validation/.test(m.subject)).length, 1, 'only her own code, at her sign-up');
      assert.equal((await new Browser(tp.url, { ip: '10.0.5.17' }).post('/login', { login: 'Gisele', password: PW })).path, '/');
    });

    test('password reset by link: one use, one hour, ends the other sessions', async () => {
      const b1 = new Browser(tp.url, { ip: '10.0.6.1' });
      await signUpAndLogIn(b1, tp.smtp, { login: 'Dagobert', email: 'dagobert@example.org', password: PW });
      const b2 = new Browser(tp.url, { ip: '10.0.6.2' });
      assert.equal((await b2.post('/login', { login: 'Dagobert', password: PW })).path, '/');
      const u = await user('Dagobert');
      assert.equal((await tp.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [u.id])).length, 2);

      const b3 = new Browser(tp.url, { ip: '10.0.6.3' });
      await b3.get('/reset');
      await b3.post('/reset', { email: 'Dagobert@Example.org' });
      const mail = await tp.smtp.waitFor((m) => m.to.includes('dagobert@example.org') && /mot de passe/.test(m.subject));
      assert.match(mail.text, /Le Scribe Royal/);
      const link = new RegExp(`${tp.url.replace(/[.:/]/g, '\\$&')}/reset/([\\w-]+)`).exec(mail.text)?.[0];
      assert.ok(link, mail.text);
      const tokenRows = await tp.db.query(`SELECT token_hash FROM user_tokens WHERE user_id = $1 AND kind = 'reset'`, [u.id]);
      assert.ok(!link.includes(tokenRows[0]!.token_hash), 'reset tokens are stored hashed');

      const form = await b3.get(link);
      assert.equal(form.status, 200);
      assert.match(pageText(form.text), /Dagobert/);
      const short = await b3.post(new URL(link).pathname, { password: 'short', password2: 'short' });
      assert.equal(short.status, 400);
      const NEW = 'nouvelle épée 43';
      const done = await b3.post(new URL(link).pathname, { password: NEW, password2: NEW });
      assert.equal(done.status, 200);
      assert.equal(done.path, '/account?reset=1');
      assert.match(pageText(done.text), /Dagobert/);

      // The other sessions ended; only the new one remains.
      assert.ok((await b1.get('/account')).path.startsWith('/login'));
      assert.ok((await b2.get('/account')).path.startsWith('/login'));
      assert.equal((await tp.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [u.id])).length, 1);
      const b4 = new Browser(tp.url, { ip: '10.0.6.4' });
      assert.equal((await b4.post('/login', { login: 'Dagobert', password: PW })).status, 401, 'the old password fails');
      assert.equal((await b4.post('/login', { login: 'Dagobert', password: NEW })).path, '/', 'the new one works');

      // Used once only.
      assert.equal((await b3.get(link)).status, 400);
      const again = await b3.post(new URL(link).pathname, { password: 'third password', password2: 'third password' });
      assert.equal(again.status, 400);
      assert.equal(await verifyPassword(NEW, (await user('Dagobert')).password_hash), true);

      // A link older than an hour is refused.
      await b3.post('/reset', { email: 'dagobert@example.org' });
      await tp.smtp.waitFor(() => mailsTo('dagobert@example.org').filter((m) => /mot de passe/.test(m.subject)).length === 2);
      const mail2 = mailsTo('dagobert@example.org').filter((m) => /mot de passe/.test(m.subject))[1]!;
      const link2 = /https?:\/\/\S+\/reset\/[\w-]+/.exec(mail2.text)![0];
      tp.clock.now = new Date(tp.clock.now.getTime() + 61 * MIN);
      assert.equal((await b3.get(link2)).status, 400);
    });

    test('account page: language and password change', async () => {
      const b = new Browser(tp.url, { ip: '10.0.7.1' });
      await signUpAndLogIn(b, tp.smtp, { login: 'Enguerrand', email: 'enguerrand@example.org', password: PW });
      const other = new Browser(tp.url, { ip: '10.0.7.2' });
      await other.post('/login', { login: 'Enguerrand', password: PW });
      const acc = await b.get('/account');
      assert.match(pageText(acc.text), /enguerrand@example\.org/);
      const en = await b.post('/account/lang', { lang: 'en' });
      assert.equal(en.path, '/account?lang=1');
      assert.match(pageText(en.text), /Language saved/);
      assert.equal((await user('Enguerrand')).lang, 'en');
      const wrong = await b.post('/account/password', { current: 'not it at all', password: 'brand new pw', password2: 'brand new pw' });
      assert.equal(wrong.status, 400);
      assert.match(pageText(wrong.text), /current password is wrong/);
      const ok = await b.post('/account/password', { current: PW, password: 'brand new pw', password2: 'brand new pw' });
      assert.equal(ok.path, '/account?pw=1');
      assert.ok((await b.get('/account')).path.startsWith('/account'), 'this session goes on');
      assert.ok((await other.get('/account')).path.startsWith('/login'), 'the other one ended');
      assert.equal((await new Browser(tp.url, { ip: '10.0.7.3' }).post('/login', { login: 'Enguerrand', password: 'brand new pw' })).path, '/');
    });

    test('CSRF: a POST without or with a wrong token is refused and changes nothing', async () => {
      const b = new Browser(tp.url, { ip: '10.0.8.1' });
      await b.post('/login', { login: 'Aliénor', password: PW });
      assert.equal((await user('Aliénor')).lang, 'fr');
      const none = await b.post('/account/lang', { lang: 'en' }, { csrf: false });
      assert.equal(none.status, 403);
      const forged = await b.post('/account/lang', { lang: 'en' }, { csrf: randomBytes(24).toString('base64url') });
      assert.equal(forged.status, 403);
      assert.equal((await user('Aliénor')).lang, 'fr');
      const json = await b.postJson('/logout', {}, { csrf: 'wrong-token-wrong-token-wrong' });
      assert.equal(json.status, 403);
      assert.equal((await b.get('/account')).path, '/account', 'still logged in');
      const ok = await b.post('/account/lang', { lang: 'en' });
      assert.equal(ok.status, 200);
      assert.equal((await user('Aliénor')).lang, 'en');
      await b.post('/account/lang', { lang: 'fr' });

      const anon = new Browser(tp.url, { ip: '10.0.8.2' });
      await anon.get('/signup');
      const r = await anon.post('/signup', { login: 'Sneaky', email: 'sneaky@example.org', password: PW }, { csrf: false });
      assert.equal(r.status, 403);
      assert.equal(await user('Sneaky'), null);
      const r2 = await anon.post('/login', { login: 'Aliénor', password: PW }, { csrf: 'x'.repeat(32) });
      assert.equal(r2.status, 403);
      assert.equal(anon.cookies.has('sid'), false);
    });

    test('the outbox is for the host only; mails shown as text and escaped HTML source', async () => {
      const anon = new Browser(tp.url, { ip: '10.0.9.1' });
      assert.equal((await anon.get('/host/outbox')).status, 403);
      assert.equal((await anon.get('/host/outbox/1')).status, 403);
      const player = new Browser(tp.url, { ip: '10.0.9.2' });
      await player.post('/login', { login: 'Bertrand_du-Guesclin', password: PW });
      assert.equal((await player.get('/host/outbox')).status, 403);
      assert.equal((await player.get('/host/outbox/1')).status, 403);

      const host = new Browser(tp.url, { ip: '10.0.9.3' });
      await host.post('/login', { login: 'Aliénor', password: PW });
      const list = await host.get('/host/outbox');
      assert.equal(list.status, 200);
      const ids = [...list.text.matchAll(/href="\/host\/outbox\/(\d+)"/g)].map((m) => Number(m[1]));
      const total = Number((await tp.db.one('SELECT count(*)::int AS n FROM outbox'))!.n);
      assert.equal(ids.length, total);
      assert.deepEqual(ids, [...ids].sort((a, b) => b - a), 'newest first');
      assert.match(pageText(list.text), /envoyé le/);
      const first = await tp.db.one(`SELECT id, html FROM outbox WHERE to_addr = 'alienor@example.org' ORDER BY id LIMIT 1`);
      const one = await host.get(`/host/outbox/${first!.id}`);
      assert.equal(one.status, 200);
      assert.match(pageText(one.text), /code de validation/);
      assert.ok(one.text.includes('&lt;p style=&quot;font-size:1.6em'), 'the HTML is shown as source');
      assert.ok(!one.text.includes('<p style="font-size:1.6em'), 'never rendered');
      assert.equal((await host.get('/host/outbox/999999')).status, 404);
    });

    test('host by configured login; guests; reserved logins', async () => {
      const ctx = tp.platform.ctx;
      ctx.config.hostLogin = 'Le Chef';
      try {
        assert.deepEqual(await signUp(ctx, { login: 'le chef', email: 'chef@example.org', password: PW, lang: 'fr' }), { ok: true, login: 'le chef' });
        assert.equal((await user('Le Chef')).is_host, true);
        await signUp(ctx, { login: 'Sous Chef', email: 'souschef@example.org', password: PW, lang: 'en' });
        assert.equal((await user('Sous Chef')).is_host, false);
        assert.deepEqual(await signUp(ctx, { login: 'LE CHÉF', email: 'x@example.org', password: PW, lang: 'fr' }), { ok: false, errors: { login: 'acct.err.login-taken' } });
      } finally {
        ctx.config.hostLogin = null;
      }
      const id = await createGuestUser(ctx);
      const g = await tp.db.one('SELECT * FROM users WHERE id = $1', [id]);
      assert.match(g!.login, /^guest-[a-z0-9]{6}$/);
      assert.equal(g!.email, `${g!.login}@guest.invalid`);
      assert.equal(g!.is_guest, true);
      assert.equal(g!.validated, true);
      assert.equal(g!.is_host, false);
      assert.match(g!.password_hash, /^scrypt\$/);
      assert.notEqual(await createGuestUser(ctx), id);
      const r = await signUp(ctx, { login: 'Guest-abc123', email: 'g@example.org', password: PW, lang: 'fr' });
      assert.deepEqual(r, { ok: false, errors: { login: 'acct.err.login-reserved' } });
    });

    test('mailer: never sends a mail twice when called concurrently; retries failures later; nothing without SMTP', async () => {
      const db = await testDb(kind);
      const clock = { now: new Date('2026-12-01T08:00:00Z') };
      const mk = (smtpUrl: string | null): AppCtx => ({
        db, config: { ...configFromEnv({}), smtpUrl }, now: () => clock.now, instanceId: randomBytes(4).toString('hex'), kick: () => {}, live: nullHub,
      });
      try {
        const tag = randomBytes(4).toString('hex');
        for (let i = 0; i < 30; i++) await queueMail(db, { to: `reader${i}@example.org`, subject: `batch ${tag} #${i}`, text: `mail ${i}`, html: `<p>mail ${i}</p>` });
        assert.equal(await deliverMail(mk(null)), 0, 'without SMTP, nothing is sent');
        assert.equal(Number((await db.one('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL'))!.n), 30);

        const counts = await Promise.all([deliverMail(mk(tp.smtp.url)), deliverMail(mk(tp.smtp.url)), deliverMail(mk(tp.smtp.url))]);
        assert.equal(counts.reduce((a, b) => a + b, 0), 30);
        assert.equal(await deliverMail(mk(tp.smtp.url)), 0);
        await new Promise((r) => setTimeout(r, 200));
        const got = tp.smtp.mails.filter((m) => m.subject.startsWith(`batch ${tag} `));
        assert.equal(got.length, 30);
        assert.equal(new Set(got.map((m) => m.subject)).size, 30, 'each mail once');
        const rows = await db.query('SELECT sent_at, attempts FROM outbox');
        assert.ok(rows.every((r) => r.sent_at && Number(r.attempts) === 1));

        // A failing server: the attempt is recorded, retried after a delay, at most 10 times.
        await queueMail(db, { to: 'late@example.org', subject: `late ${tag}`, text: 'late' });
        const down = mk('smtp://127.0.0.1:1');
        assert.equal(await deliverMail(down), 0);
        let row = await db.one(`SELECT * FROM outbox WHERE to_addr = 'late@example.org'`);
        assert.equal(row!.sent_at, null);
        assert.equal(Number(row!.attempts), 1);
        assert.ok(row!.last_error);
        assert.equal(await deliverMail(mk(tp.smtp.url)), 0, 'not retried at once');
        clock.now = new Date(clock.now.getTime() + 6 * MIN);
        assert.equal(await deliverMail(mk(tp.smtp.url)), 1, 'retried later');
        row = await db.one(`SELECT * FROM outbox WHERE to_addr = 'late@example.org'`);
        assert.ok(row!.sent_at);
        assert.equal(Number(row!.attempts), 2);

        await queueMail(db, { to: 'never@example.org', subject: `never ${tag}`, text: 'never' });
        for (let i = 0; i < 12; i++) {
          await deliverMail(down);
          clock.now = new Date(clock.now.getTime() + 5 * 60 * MIN);
        }
        row = await db.one(`SELECT * FROM outbox WHERE to_addr = 'never@example.org'`);
        assert.equal(Number(row!.attempts), 10, 'gives up after 10 attempts');
        assert.equal(await deliverMail(mk(tp.smtp.url)), 0);
      } finally {
        await db.close();
      }
    });
  });
}
