/** The list of public games comes a page at a time (a host may hold thousands), private games never in it. */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games } from '../../src/platform/games/service.ts';
import { Browser } from './http.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';

for (const kind of DB_KINDS) {
  describe(`public games, paged (${kind})`, () => {
    let tp: TestPlatform;
    before(async () => {
      tp = await startTestPlatform(kind);
      const seats = [{ userId: null, lordName: 'Un' }, { userId: null, lordName: 'Deux' }];
      for (let i = 1; i <= 57; i++) {
        await games.create(tp.platform.ctx, { ruleset: 'gloire-et-pouvoir', name: `Partie ${i}`, options: { map: 'scandinavia' }, seats, maxPlayers: 2, seed: `list-${i}` });
      }
      await games.create(tp.platform.ctx, { ruleset: 'gloire-et-pouvoir', name: 'Partie secrète', options: { map: 'scandinavia' }, seats, maxPlayers: 2, isPrivate: true, password: 'chut' });
    });
    after(async () => { await tp?.close(); });

    test('50 a page, newest first, with links to the next and previous pages; private games left out', async () => {
      const b = new Browser(tp.url);
      const rows = (html: string) => [...html.matchAll(/<a href="\/games\/\d+">(Partie [^<]*)<\/a>/g)].map((m) => m[1]);
      const p1 = await b.get('/games');
      assert.equal(rows(p1.text).length, 50);
      assert.equal(rows(p1.text)[0], 'Partie 57');
      assert.match(p1.text, /Page 1 sur 2/);
      assert.match(p1.text, /href="\/games\?page=2"/);
      const p2 = await b.get('/games?page=2');
      assert.deepEqual(rows(p2.text), ['Partie 7', 'Partie 6', 'Partie 5', 'Partie 4', 'Partie 3', 'Partie 2', 'Partie 1']);
      assert.match(p2.text, /href="\/games\?page=1"/);
      assert.ok(![p1.text, p2.text].some((t) => t.includes('Partie secrète')));
      assert.equal(await games.countPublic(tp.platform.ctx), 57);
      const beyond = await b.get('/games?page=99');
      assert.equal(rows(beyond.text)[0], 'Partie 7', 'a page beyond the end shows the last one');
    });
  });
}
