/**
 * The help pages on the site (issue 13 §5): every page of every ruleset's help answers 200 in both
 * languages (by `?lang=` and by the visitor's language), with its title, a table of contents and
 * previous/next links; an unknown ruleset or page is a 404; every order code of the guided form
 * links to an entry that exists in the reference; a new game's first order page points to the
 * first-turn guide, and the site's navigation to the help.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGS, type Lang } from '../../src/engine/ruleset.ts';
import { escapeHtml } from '../../src/platform/http/html.ts';
import { orderHelpUrl } from '../../src/platform/http/help-links.ts';
import { games } from '../../src/platform/games/service.ts';
import { RULESETS, loadAllRulesets } from '../../src/rulesets/index.ts';
import { helpSample as gpSample } from '../../src/rulesets/gloire-et-pouvoir/help/index.ts';
import { helpSample as akSample } from '../../src/rulesets/adventurer-kings/help/index.ts';
import { Browser } from './http.ts';
import { startTestPlatform, type TestPlatform } from './util.ts';
import { loggedIn, newUser } from './users.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const withHelp = Object.values(RULESETS).map((e) => e.ruleset).filter((r) => r.help);

describe('help pages', () => {
  let tp: TestPlatform;
  before(async () => { tp = await startTestPlatform('pglite', {}, { scheduler: false }); });
  after(async () => { await tp?.close(); });

  test('every registered ruleset offers help (Fief too)', () => {
    assert.deepEqual(withHelp.map((r) => r.id).sort(), ['adventurer-kings', 'fief', 'gloire-et-pouvoir']);
  });

  test('every page of every ruleset answers 200 in both languages, with its title, contents and previous/next links', async () => {
    const b = new Browser(tp.url);
    for (const lang of LANGS) {
      const home = await b.get(`/help?lang=${lang}`);
      assert.equal(home.status, 200);
      for (const r of withHelp) assert.ok(home.text.includes(`href="/help/${r.id}?lang=${lang}"`), `${lang}: /help lists ${r.id}`);
      for (const r of withHelp) {
        const book = r.help!(lang);
        const toc = await b.get(`/help/${r.id}?lang=${lang}`);
        assert.equal(toc.status, 200);
        assert.match(toc.text, new RegExp(`<html lang="${lang}"`));
        const ids = [...book.pages.map((p) => p.id), 'orders', 'glossary'];
        for (const id of ids) assert.ok(toc.text.includes(`href="/help/${r.id}/${id}?lang=${lang}"`), `${lang} ${r.id}: contents link to ${id}`);
        for (const [i, id] of ids.entries()) {
          const res = await b.get(`/help/${r.id}/${id}?lang=${lang}`);
          assert.equal(res.status, 200, `${lang} ${r.id}/${id}`);
          assert.match(res.text, new RegExp(`<html lang="${lang}"`), `${lang} ${r.id}/${id}: the page's language`);
          const p = book.pages.find((x) => x.id === id);
          if (p) assert.ok(res.text.includes(`<h1>${escapeHtml(p.title)}</h1>`), `${lang} ${r.id}/${id}: its title`);
          assert.equal(res.text.includes('rel="prev"'), i > 0, `${lang} ${r.id}/${id}: a previous link unless first`);
          assert.equal(res.text.includes('rel="next"'), i < ids.length - 1, `${lang} ${r.id}/${id}: a next link unless last`);
          if (i < ids.length - 1) assert.ok(res.text.includes(`href="/help/${r.id}/${ids[i + 1]}?lang=${lang}"`), 'the next page');
          if (p) {
            assert.doesNotMatch(res.text, /\n#+ |\|---\||\\`/, `${lang} ${r.id}/${id}: Markdown rendered, not shown as text`);
            if (p.markdown.includes('\n## ')) assert.match(res.text, /<h2>/, `${lang} ${r.id}/${id}: its sections`);
          }
        }
        const orders = await b.get(`/help/${r.id}/orders?lang=${lang}`);
        for (const e of book.orders.entries) {
          assert.ok(orders.text.includes(`id="${e.code}"`), `${lang} ${r.id}: an anchor for ${e.code}`);
          assert.ok(orders.text.includes(escapeHtml(e.example.split('\n').pop()!)), `${lang} ${r.id}: ${e.code}'s example`);
        }
        const glossary = await b.get(`/help/${r.id}/glossary?lang=${lang}`);
        for (const g of book.glossary) for (const e of g.entries) assert.ok(glossary.text.includes(`>${escapeHtml(e.term)}</dt>`), `${lang} ${r.id}: glossary term ${e.term}`);
      }
    }
  });

  test('without ?lang=, the visitor’s language; the links of a page keep ?lang= when it was given', async () => {
    const en = await new Browser(tp.url, { lang: 'en' }).get('/help/gloire-et-pouvoir/overview');
    assert.match(en.text, /<html lang="en"/);
    assert.ok(en.text.includes('The game in brief'));
    assert.ok(en.text.includes('href="turn"'), 'relative links as written');
    const fr = await new Browser(tp.url, { lang: 'en' }).get('/help/gloire-et-pouvoir/overview?lang=fr');
    assert.match(fr.text, /<html lang="fr"/);
    assert.ok(fr.text.includes('href="turn?lang=fr"'), 'links between pages keep the language asked for');
    assert.ok(fr.text.includes('href="/help/gloire-et-pouvoir/overview?lang=en"'), 'the page offers the other language');
    // The site's language switch wins over a page's ?lang=: back on the page without it.
    const b = new Browser(tp.url, { lang: 'en' });
    const back = await b.request('GET', '/lang/fr', { follow: false, headers: { referer: `${tp.url}/help/gloire-et-pouvoir/overview?lang=en`, 'sec-fetch-dest': 'document' } });
    assert.equal(back.location, '/help/gloire-et-pouvoir/overview');
  });

  test('an unknown ruleset or page is a 404, in the visitor’s language', async () => {
    const b = new Browser(tp.url, { lang: 'en' });
    for (const path of ['/help/nope', '/help/nope/overview', '/help/gloire-et-pouvoir/nope', '/help/adventurer-kings/..%2F..%2Fetc', '/help/gloire-et-pouvoir/__proto__', '/help/constructor/orders']) {
      const res = await b.get(path);
      assert.equal(res.status, 404, path);
      assert.ok(res.text.includes('Page not found'), `${path}: the site's 404 page`);
    }
  });

  test('every order code of the guided form links to its entry in the reference', async () => {
    const b = new Browser(tp.url);
    const cases: { id: string; state: unknown; player: string }[] = [
      { id: 'gloire-et-pouvoir', state: gpSample().state, player: gpSample().lord },
      { id: 'adventurer-kings', state: akSample().state, player: akSample().state.kingdoms[akSample().kingdom]!.player },
    ];
    for (const c of cases) {
      const r = RULESETS[c.id]!.ruleset;
      for (const lang of LANGS) {
        const page = await b.get(`/help/${c.id}/orders?lang=${lang}`);
        const form = r.answerForm!(c.state, c.player, 'orders', lang as Lang);
        const codes = form.groups.flatMap((g) => g.entries.map((e) => e.code));
        assert.ok(codes.length > 10);
        for (const code of codes) {
          const anchor = decodeURIComponent(orderHelpUrl(c.id, code).split('#')[1]!);
          assert.ok(page.text.includes(`id="${anchor}"`), `${lang} ${c.id}: "${code}" links to #${anchor}, which is in the reference`);
        }
      }
    }
  });

  test('a new game’s order page links to the first-turn guide and each order code to the reference; the navigation to the help', async () => {
    const u = await newUser(tp, 'help_reader', 'fr');
    const other = await newUser(tp, 'help_other', 'fr');
    const id = await games.create(tp.platform.ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Partie d’aide', options: { map: 'scandinavia' }, seed: 'help',
      seats: [{ userId: u.id, lordName: 'Aliénor' }, { userId: other.id, lordName: 'Baudouin' }], maxPlayers: 2, early: true,
    });
    const b = await loggedIn(tp, u);
    const page = await b.get(`/games/${id}/orders`);
    assert.equal(page.status, 200);
    assert.ok(page.text.includes('href="/help/gloire-et-pouvoir/first-turn"'), 'the first-turn guide');
    assert.ok(page.text.includes('class="notice help-first"'), 'put forward on the first turn');
    assert.ok(page.text.includes('href="/help/gloire-et-pouvoir/orders#ATT"'), 'ATT links to its entry');
    assert.ok(page.text.includes('href="/help"'), 'the Help link in the navigation');
  });
});
