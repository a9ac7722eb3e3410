/**
 * Lookalike names (issue 12, item 5): names are normalised (NFKC, no invisible characters, single
 * spaces) and a name confusable with another in the same game is refused, at game creation, at a
 * private game's join (with a message in the visitor's language) and in the lobby's games; a
 * login confusable with an existing account's is refused at sign-up.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanName, confusableWith, nameSkeleton } from '../../src/platform/http/names.ts';
import { games } from '../../src/platform/games/service.ts';
import { distinctNames } from '../../src/platform/lobby/service.ts';
import { Browser, pageText } from './http.ts';
import { startTestPlatform, type TestPlatform } from './util.ts';
import { loggedIn, newUser } from './users.ts';

const ZWSP = '\u200b';
const CYR_VE = '\u0412'; // Cyrillic В, drawn like a Latin B
const LOOKALIKES = ['Lord Bob', `Lord B${ZWSP}ob`, `Lord ${CYR_VE}ob`, 'lord  bob', 'Lord Bоb' /* Cyrillic о */, 'Lord B0b', 'ＬＯＲＤ ＢＯＢ', 'Lord\u00a0Bob', `Lord Bob\u202e`, 'Lord Βob' /* Greek Beta */];

describe('name normalisation and skeletons', () => {
  test('invisible characters go, compatibility forms and spaces are normalised', () => {
    assert.equal(cleanName(`  Lord${ZWSP}  Bob\u00a0 `), 'Lord Bob');
    assert.equal(cleanName('ＬＯＲＤ'), 'LORD');
    assert.equal(cleanName(`A\u200dB\u2060C\ufe0fD\u034fE\u3164F`), 'ABCDEF');
    assert.equal(cleanName('\u200b\u200c'), '');
  });

  test('every lookalike of "Lord Bob" has its skeleton; different names do not', () => {
    for (const n of LOOKALIKES) assert.equal(nameSkeleton(n), nameSkeleton('Lord Bob'), JSON.stringify(n));
    for (const n of ['Lord Rob', 'Lord Bobby', 'Lady Bob', 'Bob']) assert.notEqual(nameSkeleton(n), nameSkeleton('Lord Bob'), n);
    assert.equal(confusableWith(`Lord ${CYR_VE}ob`, ['Alice', 'Lord Bob']), 'Lord Bob');
    assert.equal(confusableWith('Lord Rob', ['Alice', 'Lord Bob']), null);
    assert.equal(nameSkeleton('Ηarald'), nameSkeleton('Harald'), 'Greek capital Eta');
  });

  test('the lobby makes confusable names distinct', () => {
    assert.deepEqual(distinctNames(['Harald', 'H\u0430rald', `Har${ZWSP}ald`, 'Olaf']), ['Harald', 'H\u0430rald II', `Har${ZWSP}ald III`, 'Olaf']);
  });
});

describe('lookalike names refused in a game and at sign-up (pglite)', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite'); });
  after(async () => { await tp?.close(); });

  test('game creation refuses two lords that look alike', async () => {
    const ctx = tp.platform.ctx;
    const u1 = await newUser(tp, 'creator1');
    const u2 = await newUser(tp, 'creator2');
    await assert.rejects(games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Sosies', options: { map: 'scandinavia' },
      seats: [{ userId: u1.id, lordName: 'Lord Bob' }, { userId: u2.id, lordName: `Lord ${CYR_VE}ob` }], maxPlayers: 2,
    }), { code: 'lord-name-taken' });
    const id = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Invisibles', options: { map: 'scandinavia' }, isPrivate: true, password: 'secret',
      seats: [{ userId: u1.id, lordName: `Lord${ZWSP} Bob ` }], maxPlayers: 3,
    });
    assert.equal((await games.seats(ctx, id))[0]!.lordName, 'Lord Bob', 'stored normalised');
  });

  test('joining a private game with a lookalike name: 400 and a message in the visitor\'s language', async () => {
    const ctx = tp.platform.ctx;
    const host = await newUser(tp, 'joinhost');
    const id = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Ressemblances', options: { map: 'scandinavia' }, isPrivate: true, password: 'secret',
      seats: [{ userId: host.id, lordName: 'Lord Bob' }], maxPlayers: 4,
    });
    for (const [login, lang, name, re] of [
      ['joiner_en', 'en', `Lord B${ZWSP}ob`, /This name looks too much like “Lord Bob”/],
      ['joiner_fr', 'fr', `Lord ${CYR_VE}ob`, /Ce nom ressemble trop à celui de « Lord Bob »/],
    ] as const) {
      const u = await newUser(tp, login, lang);
      const b = await loggedIn(tp, u);
      await b.get(`/games/${id}`);
      const r = await b.post(`/games/${id}/join`, { lordName: name, password: 'secret' }, { follow: false });
      assert.equal(r.status, 400, name);
      assert.match(pageText(r.text), re);
    }
    assert.equal((await games.seats(ctx, id)).length, 1, 'nobody joined');
    const u = await newUser(tp, 'joiner_ok');
    const b = await loggedIn(tp, u);
    await b.get(`/games/${id}`);
    assert.equal((await b.post(`/games/${id}/join`, { lordName: `Lord${ZWSP} Rob`, password: 'secret' }, { follow: false })).status, 303);
    assert.deepEqual((await games.seats(ctx, id)).map((s) => s.lordName).sort(), ['Lord Bob', 'Lord Rob']);
  });

  test('sign-up refuses a login that looks like an existing one', async () => {
    await newUser(tp, 'Bobette');
    for (const [lang, login, re] of [
      ['en', 'B\u043ebette' /* Cyrillic о */, /looks too much like another player’s/],
      ['fr', 'B0bette', /ressemble trop à celui d’un autre joueur/],
      ['en', 'Bob-ette', /looks too much like another player’s/],
    ] as const) {
      const b = new Browser(tp.url, { lang });
      await b.get('/signup');
      const r = await b.post('/signup', { login, email: `${lang}${login.length}@example.test`, password: 'long-enough-password', password2: 'long-enough-password' });
      assert.equal(r.status, 400, login);
      assert.match(pageText(r.text), re, login);
    }
    const b = new Browser(tp.url, { lang: 'en' });
    await b.get('/signup');
    const ok = await b.post('/signup', { login: 'Roberta', email: 'roberta@example.test', password: 'long-enough-password', password2: 'long-enough-password' });
    assert.match(ok.path, /^\/validate/);
  });
});
