/**
 * Reports on the site and in the mail (issue 13 §3), for both rulesets: after a resolution the
 * game page and the order page show "Turn 1 resolved — read your report" until the lord opens it
 * (each lord his own); the report page renders the report as HTML (no <pre>), with the lord's map
 * of that turn and a button to the next turn's orders; the report mail's HTML part is the rendered
 * report with its map, its text part the same report as plain text (no Markdown syntax).
 * PGlite for both rulesets, PostgreSQL for one.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { refereeTaskCounts } from '../../src/platform/referee/pool.ts';
import { startTestPlatform, playerOf, waitForStep, type DbKind, type TestPlatform } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';

const CASES: { kind: DbKind; ruleset: 'gloire-et-pouvoir' | 'adventurer-kings' }[] = [
  { kind: 'pglite', ruleset: 'gloire-et-pouvoir' },
  { kind: 'pglite', ruleset: 'adventurer-kings' },
  { kind: 'postgres', ruleset: 'adventurer-kings' },
];

for (const { kind, ruleset } of CASES) {
  describe(`reports of ${ruleset} on ${kind}`, () => {
    let tp: TestPlatform;
    let alice: TestUser;
    let bob: TestUser;
    before(async () => {
      tp = await startTestPlatform(kind);
      alice = await newUser(tp, `rep_alice_${ruleset.slice(0, 2)}`, 'fr');
      bob = await newUser(tp, `rep_bob_${ruleset.slice(0, 2)}`, 'en');
    });
    after(async () => { await tp?.close(); });

    test('banner until opened, report page with map and next-orders button, mail in HTML and plain text', { timeout: 120_000 }, async () => {
      const ctx = tp.platform.ctx;
      const id = await games.create(ctx, {
        ruleset, name: 'Chroniques', options: { map: ruleset === 'adventurer-kings' ? 'standard' : 'scandinavia' }, seed: `reports-${ruleset}-${kind}`,
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: true,
      });
      const pa = await playerOf(tp, id, alice.id);
      const pb = await playerOf(tp, id, bob.id);
      const a = await loggedIn(tp, alice);
      const b = await loggedIn(tp, bob);
      // Before any resolution: no banner.
      assert.ok(!(await a.get(`/games/${id}`)).text.includes('id="report-banner"'));
      await games.setReady(ctx, id, pa, true);
      await games.setReady(ctx, id, pb, true);
      await waitForStep(tp, id, 1);

      // The banner, on the game page and the order page, in each lord's language.
      const banner = (text: string) => /<p class="notice report-banner" id="report-banner"[^>]*><a href="([^"]+)">([^<]+)<\/a>/.exec(text);
      const onGame = banner((await a.get(`/games/${id}`)).text);
      assert.ok(onGame, 'banner on the game page');
      assert.equal(onGame[1], `/games/${id}/reports/1`);
      assert.equal(onGame[2], `${ruleset === 'adventurer-kings' ? 'Année' : 'Tour'} 1 : la résolution est faite — lisez votre rapport`);
      assert.ok(banner((await a.get(`/games/${id}/orders`)).text), 'banner on the order page');
      assert.equal(banner((await b.get(`/games/${id}`)).text)?.[2], 'Turn 1 resolved — read your report');

      // The report page: HTML, the map (drawn in a referee thread), the next orders.
      const drawn = refereeTaskCounts().reportMap;
      const page = await a.get(`/games/${id}/reports/1`);
      assert.equal(refereeTaskCounts().reportMap, drawn + 1, 'the map was drawn in a referee thread');
      assert.equal(page.status, 200);
      assert.ok(!page.text.includes('<pre class="report"'), 'no preformatted report');
      const article = /<article class="report" lang="fr">([\s\S]*?)<\/article>/.exec(page.text);
      assert.ok(article, 'the report as an article');
      assert.match(article[1]!, /<(h2|h3|p)>/, 'rendered blocks');
      assert.equal((page.text.match(/<h1[ >]/g) ?? []).length, 1, 'one title: the report’s headings sit under the page’s');
      if (ruleset === 'adventurer-kings') {
        assert.match(article[1]!, /<h3>Provinces connues<\/h3>\s*<div class="table-wrap"><table class="data">/);
        assert.match(article[1]!, /<h3>Trésor<\/h3>\s*<div class="table-wrap"><table class="data">/);
        assert.ok(!/^\s*(#|\|)/m.test(article[1]!), 'no Markdown syntax left');
      }
      assert.match(page.text, /<figure class="report-map" id="report-map"[^>]*><figcaption>[^<]+<\/figcaption><div class="scroll-box report-map-frame"[^>]*><svg [^>]*class="map-svg"/, 'the map of that turn');
      assert.match(page.text, /<a class="button primary" href="\/games\/\d+\/orders" id="next-orders">Donner mes ordres — (tour|année) 2<\/a>/);
      // Opened: Alice's banner is gone, Bob's stays until he opens his.
      assert.equal(banner((await a.get(`/games/${id}`)).text), null);
      assert.equal(banner((await a.get(`/games/${id}/orders`)).text), null);
      assert.ok(banner((await b.get(`/games/${id}`)).text), 'Bob has not opened his');
      // Reading Alice's report in English does not open Bob's; Bob cannot read Alice's (his own only).
      assert.equal((await b.get(`/games/${id}/reports/1?lang=fr`)).status, 200);
      assert.equal(banner((await b.get(`/games/${id}`)).text), null);

      // The report mail: the HTML part is the rendered report with its map, the text part plain text.
      const mail = await tp.smtp.waitFor((m) => m.to.includes(bob.email) && /^Report — Chroniques — turn 1$/.test(m.subject));
      assert.ok(mail.html && !mail.html.includes('<pre'), 'no preformatted HTML');
      assert.match(mail.html, /<(h1|h2|p)>/);
      assert.match(mail.html, /src="cid:map@/, 'the map inline');
      assert.ok(mail.attachments.some((x) => x.mimeType === 'image/png'), 'the map attached');
      assert.ok(!/^#{1,6} /m.test(mail.text), 'no heading marks in the text part');
      assert.ok(!/^\|.*\|$/m.test(mail.text) && !mail.text.includes('|---'), 'no table syntax in the text part');
      assert.ok(!mail.text.includes('**'), 'no emphasis marks');
      assert.ok(mail.text.includes(`/games/${id}/reports/1`), 'the link to the report page');
      if (ruleset === 'adventurer-kings') {
        assert.match(mail.html, /<table class="data" style="[^"]+">/, 'tables styled inline for mail readers');
        assert.match(mail.text, /^Known provinces\n─+$/m, 'headings as underlined lines');
      }

      // A turn later, the first report still shows the map of its own turn (replayed up to it), and
      // the banner names the new turn.
      await games.setReady(ctx, id, pa, true);
      await games.setReady(ctx, id, pb, true);
      await waitForStep(tp, id, 2);
      assert.equal(banner((await a.get(`/games/${id}`)).text)?.[1], `/games/${id}/reports/2`);
      const old = await a.get(`/games/${id}/reports/1?lang=en`);
      const now = await a.get(`/games/${id}/reports/2?lang=en`);
      const svg = (text: string) => /<figure class="report-map" id="report-map"[^>]*>[\s\S]*?(<svg[\s\S]*?<\/svg>)/.exec(text)?.[1];
      assert.ok(svg(old.text) && svg(now.text), 'both maps drawn');
      assert.notEqual(svg(old.text), svg(now.text), 'each report has the map of its own turn');
      assert.match(old.text, /id="next-orders">Donner mes ordres — (tour|année) 3<\/a>/, 'the button leads to the orders due now');
    });
  });
}
