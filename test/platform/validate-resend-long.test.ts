/**
 * POST /validate/resend echoes the login it was given into its redirect (so the validation page
 * keeps it); a "login" far longer than any login is not echoed: the fuzz test once got a redirect
 * whose Location header was longer than an HTTP client reads (undici: "Headers Overflow").
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { LOGIN_MAX } from '../../src/platform/accounts/service.ts';
import { Browser } from './http.ts';
import { startTestPlatform, type TestPlatform } from './util.ts';

let tp: TestPlatform;
before(async () => { tp = await startTestPlatform('pglite'); });
after(async () => { await tp?.close(); });

test('resend by login: a login is kept in the redirect, 20,000 characters are not (the same answer otherwise)', async () => {
  const b = new Browser(tp.url);
  await b.get('/validate');
  const short = await b.post('/validate/resend', { login: 'someone' }, { follow: false });
  assert.equal(short.status, 303);
  assert.equal(short.location, '/validate?resent=any&login=someone');
  const edge = 'é'.repeat(LOGIN_MAX);
  assert.equal((await b.post('/validate/resend', { login: edge }, { follow: false })).location, `/validate?resent=any&login=${encodeURIComponent(edge).replace(/%20/g, '+')}`);
  const long = await b.post('/validate/resend', { login: 'x'.repeat(20_000) }, { follow: false });
  assert.equal(long.status, 303);
  assert.equal(long.location, '/validate?resent=any', 'not echoed');
  assert.equal((await b.get(long.location!)).status, 200);
});
