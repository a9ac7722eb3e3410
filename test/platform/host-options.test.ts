/**
 * Host options at game creation (issue 12 item 2): a constant out of its bounds, an unknown
 * constant or a refused setting is refused with HTTP 400 and a message in the host's language
 * (the ruleset's ConstantError, carried by the engine's LocalizedError: the platform knows no
 * constant), on both databases; and the service refuses the same options whoever calls it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hashPassword } from '../../src/platform/accounts/passwords.ts';
import { emailKey, loginKey } from '../../src/platform/accounts/service.ts';
import { GamesError, games } from '../../src/platform/games/service.ts';
import { AK_VARIANT } from '../../src/rulesets/adventurer-kings/soak.ts';
import { Browser } from './http.ts';
import { DB_KINDS, startTestPlatform, type TestPlatform } from './util.ts';

async function host(tp: TestPlatform, login: string, lang: 'fr' | 'en'): Promise<{ id: number; browser: Browser }> {
  const password = `pw-${login}-long-enough`;
  const row = await tp.db.one<{ id: number }>(
    `INSERT INTO users(login, login_key, email, email_key, password_hash, validated, lang) VALUES ($1, $2, $3, $4, $5, TRUE, $6) RETURNING id`,
    [login, loginKey(login), `${login}@example.test`, emailKey(`${login}@example.test`), await hashPassword(password), lang]);
  const b = new Browser(tp.url);
  await b.get('/login');
  const r = await b.post('/login', { login, password }, { follow: false });
  assert.equal(r.status, 303);
  await b.get('/games');
  return { id: Number(row!.id), browser: b };
}

const form = (config: unknown, over: Record<string, string> = {}) => ({
  name: 'Options', map: 'scandinavia', lords: '2', lordName: 'Alaric', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris',
  config: JSON.stringify(config), ...over,
});

for (const kind of DB_KINDS) {
  describe(`host options at creation (${kind})`, () => {
    let tp: TestPlatform;
    before(async () => { tp = await startTestPlatform(kind); });
    after(async () => { await tp.close(); });

    test('a constant out of bounds is refused with 400, in French on a French page and in English on an English one', async () => {
      const fr = await host(tp, `hote-fr-${kind}`, 'fr');
      const en = await host(tp, `host-en-${kind}`, 'en');
      for (const [config, name] of [[{ treasuryDivisor: 0 }, 'treasuryDivisor'], [{ startTreasury: 1e308 }, 'startTreasury']] as const) {
        const a = await fr.browser.post('/games', form(config));
        assert.equal(a.status, 400, `${name} (fr)`);
        assert.match(a.text, new RegExp(`la constante « ${name} » ne peut valoir`));
        assert.doesNotMatch(a.text, /cannot be/);
        const b = await en.browser.post('/games', form(config));
        assert.equal(b.status, 400, `${name} (en)`);
        assert.match(b.text, new RegExp(`constant (&quot;|")${name}(&quot;|") cannot be`));
        assert.doesNotMatch(b.text, /ne peut valoir/);
      }
      // An unknown constant, in the host's language too (it used to be English on a French page).
      const unknown = await fr.browser.post('/games', form({ noSuchConstant: 1 }));
      assert.equal(unknown.status, 400);
      assert.match(unknown.text, /cette constante n’existe pas/);
      const unknownEn = await en.browser.post('/games', form({ noSuchConstant: 1 }));
      assert.match(unknownEn.text, /there is no such constant/);
      // Adventurer Kings: the same path, its own constants.
      const ak = await en.browser.post('/games', form({ armies: { engagementLogBase: 1 } }, { map: `adventurer-kings/${AK_VARIANT}`, lords: '2' }));
      assert.equal(ak.status, 400);
      assert.match(ak.text, /armies\.engagementLogBase(&quot;|") cannot be 1/);
      const none = await tp.db.one<{ n: number }>('SELECT count(*)::int AS n FROM games');
      assert.equal(Number(none!.n), 0, 'no game was created');
    });

    test('the service refuses out-of-bounds options whoever calls it, with the message in both languages', async () => {
      const u = await host(tp, `svc-${kind}`, 'fr');
      await assert.rejects(
        games.create(tp.platform.ctx, { ruleset: 'gloire-et-pouvoir', name: 'Svc', options: { map: 'scandinavia', config: { startTreasury: 0.5 } }, seats: [{ userId: u.id, lordName: 'Alaric' }], maxPlayers: 2 }),
        (e: unknown) => e instanceof GamesError && e.statusCode === 400 && /startTreasury/.test(e.localized!.fr) && /ne peut valoir/.test(e.localized!.fr) && /cannot be/.test(e.localized!.en),
      );
    });
  });
}
