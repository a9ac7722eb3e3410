/**
 * Issue 13 §7, the small things of the platform's language: the plural helper (French: singular
 * below 2; English: singular for 1), one apostrophe style in every platform text, each ruleset's
 * own words for its players and reports, the demo's guest in the language of the page that
 * created him, and /favicon.ico.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import '../../src/platform/main.ts';
import { allMessages, plural, t, term } from '../../src/platform/http/i18n.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { Browser } from './http.ts';
import { startTestPlatform, type TestPlatform } from './util.ts';
import { loggedIn, newUser } from './users.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

test('plural: French takes the singular for 0 and 1, English only for 1', () => {
  assert.deepEqual([0, 1, 1.5, 2, 10].map((n) => plural('fr', n, 'écu', 'écus')), ['écu', 'écu', 'écu', 'écus', 'écus']);
  assert.deepEqual([0, 1, 2].map((n) => plural('en', n, 'crown', 'crowns')), ['crowns', 'crown', 'crowns']);
  // In messages: {n|one|other}, chosen by the number n.
  assert.equal(t('fr', 'lweb.waiting-count', { n: 0 }), '0 candidat en attente');
  assert.equal(t('fr', 'lweb.waiting-count', { n: 1 }), '1 candidat en attente');
  assert.equal(t('fr', 'lweb.waiting-count', { n: 3 }), '3 candidats en attente');
  assert.equal(t('en', 'lweb.waiting-count', { n: 1 }), '1 candidate waiting');
  assert.equal(t('en', 'lweb.waiting-count', { n: 0 }), '0 candidates waiting');
  assert.equal(t('fr', 'gweb.forming', { n: 1 }), 'La partie commencera quand 1 joueur de plus l’aura rejointe.');
  assert.equal(t('fr', 'gweb.forming', { n: 2 }), 'La partie commencera quand 2 joueurs de plus l’auront rejointe.');
  assert.equal(t('en', 'home.due', { n: 1 }), '1 game is waiting for your orders.');
});

test('platform texts: no "(s)" plurals, and one apostrophe (’) in both languages', () => {
  for (const [key, m] of Object.entries(allMessages())) {
    for (const lang of ['fr', 'en'] as const) {
      assert.doesNotMatch(m[lang], /\w\((s|e|es|x)\)/, `${key} (${lang}): a plural helper instead of "(s)"`);
      assert.ok(!m[lang].includes("'"), `${key} (${lang}) uses ' instead of ’: ${m[lang]}`);
    }
  }
});

test('each ruleset names its players and reports; Adventurer Kings never says « seigneurs » or « bilan »', () => {
  const gp = getRuleset('gloire-et-pouvoir').ruleset.terms;
  const ak = getRuleset('adventurer-kings').ruleset.terms;
  assert.equal(term('fr', gp, 'player', 2), 'seigneurs');
  assert.equal(term('fr', gp, 'report', 1, { cap: true }), 'Bilan');
  assert.equal(term('fr', ak, 'player', 2), 'rois');
  assert.equal(term('fr', ak, 'report', 2), 'rapports');
  assert.equal(term('en', ak, 'player', 1, { cap: true }), 'King');
  // A ruleset that names nothing gets the platform's neutral words.
  assert.equal(term('fr', undefined, 'player', 3), 'joueurs');
});

describe('the demo guest and the favicon', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite', { demo: true }); });
  after(async () => { await tp?.close(); });

  const guestLang = async (b: Browser): Promise<string> => {
    const r = await b.post('/demo', {});
    assert.match(r.path, /^\/games\/\d+\/orders$/);
    const id = Number(/\/games\/(\d+)/.exec(r.path)![1]);
    return (await tp.db.one<{ lang: string }>('SELECT u.lang FROM users u JOIN seats s ON s.user_id = u.id WHERE s.game_id = $1', [id]))!.lang;
  };

  test('a guest takes the language of the page that created him', async () => {
    // An English browser on the English page.
    const en = new Browser(tp.url, { ip: '10.9.0.1', lang: 'en' });
    await en.get('/');
    assert.equal(await guestLang(en), 'en');
    // An English browser that chose the French page (the FR/EN switch).
    const fr = new Browser(tp.url, { ip: '10.9.0.2', lang: 'en' });
    await fr.get('/lang/fr');
    assert.equal(await guestLang(fr), 'fr');
    // And his pages stay in it.
    assert.match((await en.get('/')).text, /<html lang="en">/);
  });

  test('the creation form offers the time zones as a list, and refuses one not in it', async () => {
    const b = await loggedIn(tp, await newUser(tp, 'zone_chooser'));
    const page = (await b.get('/games')).text;
    assert.match(page, /<select id="create-timeZone" name="timeZone" required>/);
    assert.match(page, /<option value="Europe\/Paris" selected>Europe\/Paris<\/option>/);
    assert.match(page, /<option value="America\/New_York">America\/New York<\/option>/);
    assert.doesNotMatch(page, /<datalist/);
    const form = { name: 'Fuseaux', map: 'gloire-et-pouvoir/scandinavia', lords: '2', lordName: 'Zénobie', password: 'secret', weekday: '5', time: '23:00', early: '1' };
    const bad = await b.post('/games', { ...form, timeZone: 'Mars/Olympus_Mons' });
    assert.equal(bad.status, 400);
    assert.match(bad.text, /Fuseau horaire inconnu\./);
    assert.match(bad.text, /<select id="create-timeZone" name="timeZone" required[^>]*aria-invalid="true"/, 'the refused field is marked');
    const good = await b.post('/games', { ...form, timeZone: 'America/New_York' });
    assert.match(good.path, /^\/games\/\d+/, good.text.slice(0, 200));
  });

  test('/favicon.ico is an icon, linked from every page', async () => {
    const r = await fetch(`${tp.url}/favicon.ico`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'image/x-icon');
    const bytes = new Uint8Array(await r.arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 4)], [0, 0, 1, 0], 'an ICO header');
    assert.match((await new Browser(tp.url).get('/')).text, /<link rel="icon" href="\/favicon.ico"/);
  });
});
