/**
 * The Gloire & Pouvoir BILAN through the platform (issue 13 §3), on the embedded database: the mail
 * that starts a game carries the first BILAN (home, lord-knight, treasury, the other lords), and
 * the report of a resolved turn cites each order by the line number the order page shows beside
 * the stored sheet (the gutter numbers every line of the text, blank lines and comments included).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDb } from './util.ts';
import { addUser, emailOf, GP, homeOf, makeCtx, outbox } from './games-fixtures.ts';
import { games } from '../../src/platform/games/service.ts';
import { getMap } from '../../src/rulesets/gloire-et-pouvoir/maps/index.ts';

const START = '2026-11-18T12:00:00Z'; // a Wednesday
const mapName = (id: string) => getMap('scandinavia').territories.find((t) => t.id === id)!.name;

describe('the G&P BILAN on the platform', () => {
  test('the start mail is the first BILAN; the turn report cites the lines of the sheet as the order page numbers them', async () => {
    const db = await testDb('pglite');
    try {
      const clock = { now: new Date(START) };
      const ctx = makeCtx(db, clock);
      const alice = await addUser(db, 'aliénor', 'fr');
      const bob = await addUser(db, 'baldwin', 'en');
      const id = await games.create(ctx, {
        ruleset: GP, name: 'Bilans', options: { map: 'scandinavia' }, seed: 'bilan-1',
        seats: [{ userId: alice, lordName: 'Aliénor' }, { userId: bob, lordName: 'Baldwin' }, { userId: null, lordName: 'Robot' }],
      });
      const homeA = await homeOf(db, id, 'L1');
      const homeB = await homeOf(db, id, 'L2');

      // The start mails: each lord's first BILAN, in his language, with his home and the others.
      const start = await outbox(db);
      const aliceMail = start.find((m) => m.subject.startsWith('Début de partie'))!;
      const bobMail = start.find((m) => m.subject.startsWith('Your game begins'))!;
      assert.ok(aliceMail && bobMail, JSON.stringify(start.map((m) => m.subject)));
      assert.equal(aliceMail.to_addr, await emailOf(db, alice));
      // The mail's text part is the BILAN as plain text (no Markdown syntax), its HTML part the rendered document.
      assert.match(aliceMail.text, /\nBILAN — Gloire & Pouvoir — Scandinavie — début de partie\n═+\n/);
      assert.ok(aliceMail.text.includes(mapName(homeA)), aliceMail.text);
      assert.match(aliceMail.text, /votre chevalier-seigneur Aliénor \(renommée 100,00\)/);
      assert.match(aliceMail.text, /Votre trésor compte 5 000 écus/);
      assert.ok(aliceMail.text.split('\n').some((l) => l.includes('Baldwin') && l.includes(mapName(homeB))), 'the other lords, one line each');
      assert.doesNotMatch(aliceMail.text, /\*\*|^#|\| ---/m);
      assert.match(aliceMail.html!, /votre chevalier-seigneur <strong>Aliénor<\/strong>/);
      assert.match(aliceMail.html!, new RegExp(`<td[^>]*>Baldwin</td>\\s*<td[^>]*>${mapName(homeB)}</td>`));
      assert.doesNotMatch(aliceMail.text, /Rien à signaler/);
      assert.match(bobMail.text, /TURN REPORT — Gloire & Pouvoir — Scandinavia — start of the game\n═+/);
      assert.match(bobMail.text, /\nYour holdings at the start of the game\n/);

      // Aliénor's sheet, as she types it on the order page.
      const text = ['# premier tour', `IMP 5 ${homeA}`, '', 'ORG 4 100 motdepasse', '// fin'].join('\n');
      const saved = await games.saveSheet(ctx, id, 'L1', text);
      assert.deepEqual(saved.issues, []);
      const shown = (await games.sheet(ctx, id, 'L1')).text.split('\n'); // the gutter numbers these lines from 1
      clock.now = new Date((await games.summary(ctx, id))!.deadline!.getTime() + 1000);
      assert.equal(await games.runDue(ctx), 1);

      for (const lang of ['fr', 'en'] as const) {
        const report = (await games.report(ctx, id, 1, 'L1', lang))!;
        const cancelled = (lang === 'fr' ? /Ligne (\d+), ordre annulé : `([^`]+)`/ : /Line (\d+), order cancelled: `([^`]+)`/).exec(report);
        assert.ok(cancelled, report);
        assert.equal(cancelled[1], '4');
        assert.equal(shown[Number(cancelled[1]) - 1], cancelled[2]);
        const tax = (lang === 'fr' ? /Ligne (\d+) — Vous avez levé .* \(IMP 5\)/ : /Line (\d+) — You raised .* \(IMP 5\)/).exec(report);
        assert.ok(tax, report);
        assert.equal(shown[Number(tax[1]) - 1], `IMP 5 ${homeA}`);
        // The report ends with the holdings, their figures the stored state's.
        assert.match(report, lang === 'fr' ? /## Vos possessions à la fin du tour 1/ : /## Your holdings at the end of turn 1/);
      }
      // Baldwin reads none of her lines.
      assert.doesNotMatch((await games.report(ctx, id, 1, 'L2', 'en'))!, /motdepasse|Line 4/);
    } finally {
      await db.close();
    }
  });
});
