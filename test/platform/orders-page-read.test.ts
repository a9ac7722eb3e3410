/**
 * The order page reads its rows in one statement (issue 20: game, seat, state hash, sheet, the
 * latest report and the report asked by `?resolved=`): each lord sees his own sheet and reports
 * only, the unread banner names the latest report until it is opened, the "turn resolved" notice
 * links the report asked for, a stranger, a visitor and an unknown game get 404; on PostgreSQL the
 * page costs the session's statement and its own, nothing more, both prepared. On both databases.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dbCounters } from '../../src/platform/db/index.ts';
import { games } from '../../src/platform/games/service.ts';
import { Browser } from './http.ts';
import { DB_KINDS, playerOf, startTestPlatform, waitForStep, type TestPlatform } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';

const banner = (text: string) => /<p class="notice report-banner" id="report-banner"[^>]*><a href="([^"]+)">([^<]+)<\/a>/.exec(text)?.slice(1, 3) ?? null;
const notice = (text: string) => /<p class="flash turn-resolved" id="turn-resolved"[^>]*>([^<]*)(?:<a href="([^"]+)">)?/.exec(text)?.slice(1, 3) ?? null;
const lastLink = (text: string) => /<p><a href="([^"]+)">Lire le dernier \S+ \(([^)]+)\)<\/a><\/p>/.exec(text)?.slice(1, 3) ?? null;

for (const kind of DB_KINDS) {
  describe(`order page rows (${kind})`, () => {
    let tp: TestPlatform;
    let alice: TestUser;
    let bob: TestUser;
    let carol: TestUser;
    before(async () => {
      tp = await startTestPlatform(kind, {}, { scheduler: false });
      alice = await newUser(tp, 'opr_alice', 'fr');
      bob = await newUser(tp, 'opr_bob', 'fr');
      carol = await newUser(tp, 'opr_carol', 'fr');
    });
    after(async () => { await tp?.close(); });

    test('own sheet and reports only, the banner of the latest report, the notice of the asked one, 404 for anyone else', { timeout: 180_000 }, async () => {
      const ctx = tp.platform.ctx;
      const id = await games.create(ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Lecture', options: { map: 'scandinavia' }, seed: `opr-${kind}`,
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: true,
      });
      const pa = await playerOf(tp, id, alice.id);
      const pb = await playerOf(tp, id, bob.id);
      const a = await loggedIn(tp, alice);
      const b = await loggedIn(tp, bob);
      const c = await loggedIn(tp, carol);
      const path = `/games/${id}/orders`;

      // Each lord's page holds his own sheet, never the other's.
      await a.get(path); await b.get(path); // (the page's form token, for the saves)
      assert.equal((await a.postJson(`/api/games/${id}/sheet`, { text: 'CHE 1\n# secret-alice\n' })).status, 200);
      assert.equal((await b.postJson(`/api/games/${id}/sheet`, { text: 'CHE 1\n# secret-bob\n' })).status, 200);
      const pageA = await a.get(path);
      assert.equal(pageA.status, 200);
      assert.match(pageA.text, /# secret-alice/, 'Alice sees her sheet');
      assert.doesNotMatch(pageA.text, /secret-bob/, 'not Bob’s');
      assert.match(pageA.text, /Vous jouez Aliénor/, 'her seat');
      const pageB = await b.get(path);
      assert.match(pageB.text, /# secret-bob/, 'Bob sees his sheet');
      assert.doesNotMatch(pageB.text, /secret-alice/, 'not Alice’s');
      assert.equal(banner(pageA.text), null, 'no report yet: no banner');
      assert.equal(lastLink(pageA.text), null, 'no report yet: no link to the latest');

      // Anyone else: 404, as an unknown game.
      const nofollow = { follow: false };
      assert.equal((await c.get(path, nofollow)).status, 404, 'a player of no seat here');
      assert.equal((await new Browser(tp.url).get(path, nofollow)).status, 404, 'a visitor');
      assert.equal((await a.get(`/games/${id + 1000}/orders`, nofollow)).status, 404, 'an unknown game');
      assert.equal((await a.get('/games/x1/orders', nofollow)).status, 404, 'not a game number');
      assert.equal((await c.get(`${path}?resolved=1`, nofollow)).status, 404, 'a stranger asking for a report');

      // Two turns: two reports each.
      for (const step of [1, 2]) {
        await games.setReady(ctx, id, pa, true);
        await games.setReady(ctx, id, pb, true);
        await waitForStep(tp, id, step);
      }
      const after2 = await a.get(path);
      assert.equal(after2.status, 200);
      assert.doesNotMatch(after2.text, /secret-alice/, 'the sheet of turn 1 is not the sheet of turn 3');
      assert.deepEqual(banner(after2.text), [`/games/${id}/reports/2`, 'Tour 2 : la résolution est faite — lisez votre rapport'], 'the banner names the latest report');
      assert.deepEqual(lastLink(after2.text), [`/games/${id}/reports/2`, 'tour 2'], 'the link to the latest report');
      // The notice of a resolved turn (orders.js reloads with ?resolved=<step>) links that turn's report.
      const asked1 = await a.get(`${path}?resolved=1`);
      assert.deepEqual(notice(asked1.text), ['Tour 1 résolu. ', `/games/${id}/reports/1`], 'the report of turn 1');
      assert.equal(banner(asked1.text), null, 'the notice stands instead of the banner');
      assert.equal(notice((await a.get(`${path}?resolved=3`)).text), null, 'a turn not resolved yet: no notice');
      assert.equal(notice((await a.get(`${path}?resolved=x`)).text), null, 'not a step: no notice');

      // Opened, the latest report leaves the banner (an older one unread does not bring it back);
      // Bob's stays until he opens his own.
      assert.equal((await a.get(`/games/${id}/reports/2`)).status, 200);
      assert.equal(banner((await a.get(path)).text), null, 'Alice opened her latest report');
      assert.deepEqual(banner((await b.get(path)).text)?.[0], `/games/${id}/reports/2`, 'Bob has not opened his');
      assert.equal((await c.get(path, nofollow)).status, 404, 'still nothing for a stranger');

      // What a page costs the database: the session's statement and the page's own one (the state
      // comes from the state cache, the rest from that one row).
      if (kind === 'postgres') {
        await a.get(path);
        let fewest = Infinity;
        let prepared = Infinity;
        for (let i = 0; i < 3; i++) {
          const before = dbCounters.statements;
          const beforePrepared = dbCounters.prepared;
          assert.equal((await a.get(path)).status, 200);
          fewest = Math.min(fewest, dbCounters.statements - before);
          prepared = Math.min(prepared, dbCounters.prepared - beforePrepared);
        }
        assert.equal(fewest, 2, 'two statements a page: the session and the page');
        // Both sent as prepared statements, through every wrapper of the platform's Db (a wrapper
        // that dropped `prepare` made PostgreSQL parse and plan both on every page: 1.1 ms of its
        // CPU a page instead of 0.25, issue 20).
        assert.equal(prepared, 2, 'both statements prepared');
      }
    });
  });
}
