/**
 * Orders by e-mail (issue 18), through a real SMTP exchange with the inbound server and the test
 * SMTP server catching the replies, on both databases: the orders address on the order page; a
 * sheet with a bad line stored as on the page (valid lines kept) and the checker's reply, line by
 * line, in the player's language; ADD and REPLACE; the same Message-ID applied once; another
 * sender, another From:, a wrong token, an oversized mail refused by SMTP with nothing stored; a
 * stale turn, a turn line that does not read, a mail without orders answered with nothing applied;
 * READY by mail resolving the turn early; the report mail's Reply-To and blank sheet, answered
 * quoted as a mail client would; a renewed address. The reading of a mail and the blank sheets of
 * both rulesets are checked on their own first.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTransport } from 'nodemailer';
import { createGame } from '../../src/engine/game.ts';
import { getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { games } from '../../src/platform/games/service.ts';
import { orderBlock } from '../../src/platform/games/mail-orders.ts';
import { findBlock, orderTokenOf, readOrdersMail } from '../../src/platform/mail/orders.ts';
import { Browser } from './http.ts';
import { newUser, loggedIn, type TestUser } from './users.ts';
import { DB_KINDS, startTestPlatform, waitForStep, type ReceivedMail, type TestPlatform } from './util.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const TOKEN = '0123456789abcdef0123456789abcdef';

describe('reading an orders mail (unit)', () => {
  test('orderTokenOf: ordres+ or orders+, 32 hex digits, the inbound domain only', () => {
    assert.equal(orderTokenOf(`ordres+${TOKEN}@suzerain.localhost`, 'suzerain.localhost'), TOKEN);
    assert.equal(orderTokenOf(`ORDERS+${TOKEN.toUpperCase()}@Suzerain.Localhost`, 'suzerain.localhost'), TOKEN);
    assert.equal(orderTokenOf(`ordres+${TOKEN}@evil.example`, 'suzerain.localhost'), null);
    assert.equal(orderTokenOf(`lettre+${TOKEN}@suzerain.localhost`, 'suzerain.localhost'), null);
    assert.equal(orderTokenOf(`ordres+${TOKEN.slice(2)}@suzerain.localhost`, 'suzerain.localhost'), null);
  });

  test('directives: leading TOUR/AJOUTER/PRET lines and a last READY line are not orders', () => {
    assert.deepEqual(readOrdersMail('TOUR 7\nAJOUTER\nIMP 5 Narvik\nATT Bohort Oslo\n\nPRET\n'),
      { text: 'IMP 5 Narvik\nATT Bohort Oslo', turn: 7, turnLine: 'TOUR 7', badTurnLine: null, mode: 'add', ready: true });
    assert.deepEqual(readOrdersMail('Turn: 3, ready\nIMP 5 Narvik'),
      { text: 'IMP 5 Narvik', turn: 3, turnLine: 'Turn: 3, ready', badTurnLine: null, mode: 'replace', ready: true });
    assert.equal(readOrdersMail('Prêt').ready, true);
    assert.equal(readOrdersMail('Prêt').text, '');
    assert.equal(readOrdersMail('TOUR sept\nIMP 5 Narvik').badTurnLine, 'TOUR sept');
    // A line that only starts like a directive is an order line.
    assert.equal(readOrdersMail('ADD 5 things\nIMP 5 Narvik').text, 'ADD 5 things\nIMP 5 Narvik');
  });

  test('the text above the quote wins; without it, the quoted sheet block of the report', () => {
    const block = orderBlock('fr', 4, '# trésor\nIMP 5 Narvik');
    const quoted = block.split('\n').map((l) => `> ${l}`).join('\n');
    assert.equal(findBlock(quoted), 'TOUR 4\n# trésor\nIMP 5 Narvik');
    const reply = `\n\nLe ven. 20 nov. 2026 à 12:00, Le Scribe <scribe@x> a écrit :\n> Votre BILAN\n>\n${quoted}\n> --\n`;
    assert.deepEqual(readOrdersMail(reply), { text: '# trésor\nIMP 5 Narvik', turn: 4, turnLine: 'TOUR 4', badTurnLine: null, mode: 'replace', ready: false });
    assert.deepEqual(readOrdersMail(`PRET\n${reply}`).ready, true);
    assert.equal(readOrdersMail(`IMP 9 Oslo\n${reply}`).text, 'IMP 9 Oslo');
    assert.equal(readOrdersMail(`IMP 9 Oslo\n${reply}`).turn, null);
    assert.equal(readOrdersMail('> only quoted').text, '');
    // An HTML-only reply: the quote is a <blockquote>, left out of the text but searched for the block.
    assert.equal(readOrdersMail('', block).text, '# trésor\nIMP 5 Narvik');
  });

  test('the blank sheet of each text-sheet ruleset is a valid sheet in both languages, also quoted and read back', () => {
    for (const id of ['gloire-et-pouvoir', 'adventurer-kings']) {
      const e = getRuleset(id);
      const g = createGame(e.ruleset, e.options({ players: 3, lords: ['Alpha', 'Beta', 'Gamma'] }) as never, 'tpl');
      const p = e.ruleset.players(g.state)[0]!.id;
      for (const lang of ['fr', 'en'] as const) {
        const tpl = e.ruleset.orderTemplate!(g.state, p, lang);
        assert.ok(tpl.split('\n').length > 3, `${id} ${lang}: a template`);
        assert.deepEqual(e.ruleset.validate(g.state, p, 'orders', tpl).issues, [], `${id} ${lang}`);
        const back = readOrdersMail(orderBlock(lang, 1, tpl).split('\n').map((l) => `> ${l}`).join('\n'));
        assert.equal(back.turn, 1);
        assert.deepEqual(e.ruleset.validate(g.state, p, 'orders', back.text).issues, [], `${id} ${lang}, read back`);
      }
    }
  });
});

function smtpTo(port: number) {
  return createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 5000 });
}

async function refused(p: Promise<unknown>): Promise<{ responseCode?: number; message: string }> {
  try { await p; } catch (e) { return e as { responseCode?: number; message: string }; }
  assert.fail('the mail was accepted');
}

interface Lord { user: TestUser; player: string; b: Browser; home: string; address: string }

for (const kind of DB_KINDS) {
  describe(`orders by e-mail (${kind})`, () => {
    let tp: TestPlatform;
    let gameId: number;
    let A: Lord;
    let B: Lord;
    let smtp: ReturnType<typeof smtpTo>;

    /** Sends a mail from `from` to `to` and waits for the checker's reply (the next mail to `from`). */
    async function sendAndReply(from: Lord, text: string, o: { to?: string; messageId?: string; subject?: string } = {}): Promise<ReceivedMail> {
      const before = tp.smtp.mails.length;
      await smtp.sendMail({ from: from.user.email, to: o.to ?? from.address, subject: o.subject ?? 'Ordres', text, ...(o.messageId ? { messageId: o.messageId } : {}) });
      return tp.smtp.waitFor((m) => tp.smtp.mails.indexOf(m) >= before && m.to.includes(from.user.email) && /Ordres|Orders/.test(m.subject));
    }
    const sheetOf = (l: Lord) => games.sheet(tp.platform.ctx, gameId, l.player);

    before(async () => {
      tp = await startTestPlatform(kind, { inboundSmtpPort: 0 });
      smtp = smtpTo(tp.platform.inboundPort!);
      const ua = await newUser(tp, `mo_alice_${kind}`, 'fr');
      const ub = await newUser(tp, `mo_bob_${kind}`, 'en');
      gameId = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: `Courrier ${kind}`, options: { map: 'scandinavia' }, seed: 'mail-orders',
        seats: [{ userId: ua.id, lordName: 'Aliénor' }, { userId: ub.id, lordName: 'Bohémond' }], maxPlayers: 2, early: true,
      });
      const state = (await tp.db.one<{ state: unknown }>('SELECT state FROM games WHERE id = $1', [gameId]))!.state;
      const st = (typeof state === 'string' ? JSON.parse(state) : state) as { territories: Record<string, { id: string; owner: string | null }> };
      const lord = async (u: TestUser): Promise<Lord> => {
        const player = (await tp.db.one<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, u.id]))!.player;
        const b = await loggedIn(tp, u);
        const page = await b.get(`/games/${gameId}/orders`);
        assert.equal(page.status, 200);
        const m = /id="orders-address"><code>([^<]+)<\/code>/.exec(page.text);
        assert.ok(m, 'the order page shows the orders address');
        return { user: u, player, b, home: Object.values(st.territories).find((t) => t.owner === player)!.id, address: m[1]! };
      };
      A = await lord(ua);
      B = await lord(ub);
      assert.match(A.address, /^ordres\+[0-9a-f]{32}@suzerain\.localhost$/);
      assert.notEqual(A.address, B.address);
    });
    after(async () => { smtp.close(); await tp.close(); });

    test('a sheet with a bad line: stored as on the page (valid lines kept), the checker answers line by line in French', async () => {
      const reply = await sendAndReply(A, `TOUR 1\nIMP 5 ${A.home}\nATT Personne Nullepart\n`);
      const sheet = await sheetOf(A);
      assert.equal(sheet.text, `IMP 5 ${A.home}\nATT Personne Nullepart`);
      assert.equal((sheet.value as { lines: unknown[] }).lines.length, 1, 'the valid line is kept');
      assert.equal(sheet.issues.filter((i) => i.severity !== 'warning').length, 1);
      assert.equal(sheet.issues[0]!.line, 2);
      assert.match(reply.subject, /^Ordres reçus — Courrier .* — tour 1$/);
      assert.match(reply.text, /Votre courriel a remplacé votre feuille d’ordres\./);
      assert.match(reply.text, new RegExp(`1  ok +IMP 5 ${A.home}`));
      assert.match(reply.text, /2  ERREUR +ATT Personne Nullepart\n +→ .+/);
      assert.ok(reply.text.includes(sheet.issues[0]!.text!.fr), 'the referee’s own reason');
      assert.match(reply.text, /Votre feuille telle qu’enregistrée :\nIMP 5 .*\nATT Personne Nullepart/);
      assert.match(reply.text, /PRÊT : non/);
      // The page shows the same sheet.
      const page = await A.b.get(`/games/${gameId}/orders`);
      assert.ok(page.text.includes('ATT Personne Nullepart'));
    });

    test('ADD adds to the stored sheet, REPLACE (the default) replaces it; the reply is in the player’s language', async () => {
      let reply = await sendAndReply(A, `AJOUTER\nIMP 6 ${A.home}`);
      assert.equal((await sheetOf(A)).text, `IMP 5 ${A.home}\nATT Personne Nullepart\nIMP 6 ${A.home}`);
      assert.match(reply.text, /ont été ajoutées à votre feuille d’ordres \(AJOUTER\)/);
      reply = await sendAndReply(A, `REMPLACER\nIMP 4 ${A.home}`);
      assert.equal((await sheetOf(A)).text, `IMP 4 ${A.home}`);
      assert.match(reply.text, /Contrôle ligne par ligne \(0 erreur, 0 avertissement\)/);
      const en = await sendAndReply(B, `IMP 5 ${B.home}`);
      assert.match(en.subject, /^Orders received — .* — turn 1$/);
      assert.match(en.text, /Your mail replaced your order sheet\./);
      assert.match(en.text, /READY: no/);
    });

    test('the same Message-ID twice: applied and answered once', async () => {
      const id = `<twice-${kind}@mail.example>`;
      await sendAndReply(A, `IMP 3 ${A.home}`, { messageId: id });
      const s1 = await sheetOf(A);
      const n = tp.smtp.mails.length;
      const seen = await tp.db.one<{ n: number }>('SELECT count(*)::int AS n FROM outbox');
      // The same message again (an MTA retrying), then with other orders but the same Message-ID.
      await smtp.sendMail({ from: A.user.email, to: A.address, subject: 'Ordres', text: `IMP 3 ${A.home}`, messageId: id });
      await smtp.sendMail({ from: A.user.email, to: A.address, subject: 'Ordres', text: `IMP 9 ${A.home}`, messageId: id });
      const s2 = await sheetOf(A);
      assert.equal(s2.text, `IMP 3 ${A.home}`);
      assert.equal(s2.updatedAt!.getTime(), s1.updatedAt!.getTime(), 'not saved again');
      assert.equal((await tp.db.one<{ n: number }>('SELECT count(*)::int AS n FROM outbox'))!.n, seen!.n, 'no second reply');
      assert.equal(tp.smtp.mails.length, n);
    });

    test('another sender, another From:, a wrong token, an oversized mail: refused by SMTP, nothing stored, no reply', async () => {
      const before = await sheetOf(A);
      const outbox = (await tp.db.one<{ n: number }>('SELECT count(*)::int AS n FROM outbox'))!.n;
      const e1 = await refused(smtp.sendMail({ from: B.user.email, to: A.address, subject: 'x', text: `IMP 1 ${A.home}` }));
      assert.equal(e1.responseCode, 550, e1.message);
      const e2 = await refused(smtp.sendMail({ envelope: { from: A.user.email, to: [A.address] }, from: B.user.email, to: A.address, subject: 'x', text: `IMP 1 ${A.home}` }));
      assert.equal(e2.responseCode, 550, e2.message);
      const e3 = await refused(smtp.sendMail({ from: A.user.email, to: `ordres+${'e'.repeat(32)}@suzerain.localhost`, subject: 'x', text: 'IMP 1 x' }));
      assert.equal(e3.responseCode, 550, e3.message);
      const e4 = await refused(smtp.sendMail({ from: A.user.email, to: A.address.replace('suzerain.localhost', 'evil.example'), subject: 'x', text: 'IMP 1 x' }));
      assert.equal(e4.responseCode, 550, e4.message);
      const e5 = await refused(smtp.sendMail({ from: A.user.email, to: A.address, subject: 'x', text: `IMP 1 ${A.home}\n${'# padding\n'.repeat(25_000)}` }));
      assert.equal(e5.responseCode, 552, e5.message);
      const after = await sheetOf(A);
      assert.equal(after.text, before.text);
      assert.equal(after.updatedAt!.getTime(), before.updatedAt!.getTime());
      assert.equal((await tp.db.one<{ n: number }>('SELECT count(*)::int AS n FROM outbox'))!.n, outbox, 'no reply to a refused mail');
    });

    test('a stale turn, a turn line that does not read, a mail without orders: a clear reply, nothing applied', async () => {
      const before = await sheetOf(A);
      let reply = await sendAndReply(A, `TOUR 0\nIMP 1 ${A.home}`);
      assert.match(reply.subject, /^Ordres non appliqués/);
      assert.match(reply.text, /écrit pour le tour 0 \(ligne « TOUR 0 »\), mais le tour en cours est le 1/);
      reply = await sendAndReply(A, `TOUR 2\nIMP 1 ${A.home}`);
      assert.match(reply.text, /tour 2 .* le tour en cours est le 1/);
      reply = await sendAndReply(A, `TOUR un\nIMP 1 ${A.home}`);
      assert.match(reply.text, /La ligne « TOUR un » ne se lit pas/);
      reply = await sendAndReply(A, '> rien que du texte cité\n> encore');
      assert.match(reply.text, /Aucun ordre trouvé dans votre courriel/);
      const after = await sheetOf(A);
      assert.equal(after.text, before.text);
      assert.equal(after.updatedAt!.getTime(), before.updatedAt!.getTime());
    });

    test('READY by mail: the seat is ready, and the turn resolves early once every player is; the report mail carries the orders address and a blank sheet that a quoted reply fills in', async () => {
      let reply = await sendAndReply(A, 'PRET');
      assert.match(reply.text, /Votre feuille d’ordres n’a pas changé\./);
      assert.match(reply.text, /PRÊT : oui\. Le tour sera résolu dès que tous les joueurs seront prêts\./);
      assert.equal((await sheetOf(A)).ready, true);
      const step = (await games.summary(tp.platform.ctx, gameId))!.step;
      assert.equal(step, 0, 'Bohémond is not ready yet');
      reply = await sendAndReply(B, `TURN 1\nIMP 6 ${B.home}\nREADY`);
      assert.match(reply.text, /READY: yes\./);
      await waitForStep(tp, gameId, 1);

      // The BILAN mail: Reply-To the seat's orders address, the blank sheet of turn 2 between its markers.
      const report = await tp.smtp.waitFor((m) => m.to.includes(A.user.email) && /^BILAN — .* — tour 1$/.test(m.subject));
      const row = await tp.db.one<{ reply_to: string | null }>(`SELECT reply_to FROM outbox WHERE to_addr = $1 AND subject LIKE 'BILAN%' ORDER BY id DESC LIMIT 1`, [A.user.email]);
      assert.equal(row!.reply_to, A.address);
      assert.match(report.text, /=== SUZERAIN — DÉBUT DES ORDRES ===\nTOUR 2\n# Aliénor — ordres du tour 2/);
      assert.match(report.text, /=== SUZERAIN — FIN DES ORDRES ===/);
      assert.ok(report.html?.includes('DÉBUT DES ORDRES'), 'the HTML part shows the sheet too');

      // Alice answers as a mail client does: the whole report quoted, one order written into the block.
      const quoted = report.text.replace(/\nTOUR 2\n/, `\nTOUR 2\nIMP 7 ${A.home}\n`).split('\n').map((l) => `> ${l}`).join('\n');
      reply = await sendAndReply(A, `\nLe ven. 20 nov. 2026 à 12:00, Suzerain <scribe@suzerain.localhost> a écrit :\n${quoted}\n`, { subject: `Re: ${report.subject}` });
      assert.match(reply.subject, /tour 2$/);
      const sheet = await sheetOf(A);
      assert.deepEqual(sheet.issues.filter((i) => i.severity !== 'warning'), [], 'the filled-in template is a valid sheet');
      assert.match(sheet.text, new RegExp(`^IMP 7 ${A.home}\n# Aliénor — ordres du tour 2\n`));
      assert.equal((sheet.value as { lines: unknown[] }).lines.length, 1);
      // A mail still written for turn 1 is refused now.
      reply = await sendAndReply(A, `TOUR 1\nIMP 1 ${A.home}`);
      assert.match(reply.text, /le tour en cours est le 2/);
      assert.ok((await sheetOf(A)).text.includes(`IMP 7 ${A.home}`));
    });

    test('an HTML-only mail: the text above the <blockquote> is the sheet', async () => {
      const before = tp.smtp.mails.length;
      await smtp.sendMail({ from: A.user.email, to: A.address, subject: 'Ordres', html: `<div>AJOUTER</div><div>IMP 2 ${A.home}</div><blockquote><p>IMP 9 ${A.home}</p></blockquote>` });
      const reply = await tp.smtp.waitFor((m) => tp.smtp.mails.indexOf(m) >= before && m.to.includes(A.user.email));
      assert.match(reply.text, /ont été ajoutées/);
      const text = (await sheetOf(A)).text;
      assert.match(text, new RegExp(`\nIMP 2 ${A.home}$`));
      assert.ok(!text.includes(`IMP 9 ${A.home}`), 'the quote is left out');
    });

    test('a new address from the order page: the old one stops working', async () => {
      await A.b.get(`/games/${gameId}/orders`);
      const r = await A.b.post(`/games/${gameId}/orders/address`, {}, { follow: false });
      assert.equal(r.status, 303);
      const page = await A.b.get(`/games/${gameId}/orders?address=new`);
      const fresh = /id="orders-address"><code>([^<]+)<\/code>/.exec(page.text)![1]!;
      assert.notEqual(fresh, A.address);
      const e = await refused(smtp.sendMail({ from: A.user.email, to: A.address, subject: 'x', text: `IMP 1 ${A.home}` }));
      assert.equal(e.responseCode, 550);
      A.address = fresh;
      const reply = await sendAndReply(A, `IMP 8 ${A.home}`);
      assert.match(reply.text, /Votre courriel a remplacé/);
      // Another player cannot renew Alice's address (he renews his own seat's, or gets a 404 elsewhere).
      const other = new Browser(tp.url);
      assert.equal((await other.post(`/games/${gameId}/orders/address`, {}, { follow: false })).status, 404);
    });

    test('the account page lists the seat\'s address, and renews it from there', async () => {
      const account = await A.b.get('/account');
      assert.ok(account.text.includes(`<code>${A.address}</code>`), 'the account page shows the seat\'s current address');
      assert.ok(!account.text.includes(B.address), 'and nobody else\'s');
      const r = await A.b.post(`/games/${gameId}/orders/address`, { back: 'account' }, { follow: false });
      assert.equal(r.status, 303);
      assert.match(r.headers.get('location') ?? '', /^\/account\?address=new#mail-orders$/);
      const after = await A.b.get('/account?address=new');
      const fresh = /<section id="mail-orders">[\s\S]*?<code>([^<]+)<\/code>/.exec(after.text)![1]!;
      assert.notEqual(fresh, A.address);
      assert.match(after.text, /role="status">Nouvelle adresse d’ordres/);
      assert.equal((await refused(smtp.sendMail({ from: A.user.email, to: A.address, subject: 'x', text: `IMP 1 ${A.home}` }))).responseCode, 550);
      A.address = fresh;
    });
  });
}

describe('orders by e-mail in Adventurer Kings (pglite)', () => {
  let tp: TestPlatform;
  after(async () => { await tp?.close(); });

  test('the start mail carries the kingdom\'s blank sheet; a sheet mailed with a bad line gets the checker\'s reply in English', async () => {
    tp = await startTestPlatform('pglite', { inboundSmtpPort: 0 });
    const ua = await newUser(tp, 'mo_ak_a', 'en');
    const ub = await newUser(tp, 'mo_ak_b', 'fr');
    const gameId = await games.create(tp.platform.ctx, {
      ruleset: 'adventurer-kings', name: 'Kings by mail', options: {}, seed: 'ak-mail',
      seats: [{ userId: ua.id, lordName: 'Arthur' }, { userId: ub.id, lordName: 'Brunehaut' }], maxPlayers: 2,
    });
    const row = await tp.db.one<{ reply_to: string | null; text: string }>(`SELECT reply_to, text FROM outbox WHERE to_addr = $1 ORDER BY id LIMIT 1`, [ua.email]);
    const token = (await tp.db.one<{ order_token: string }>('SELECT order_token FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, ua.id]))!.order_token;
    const address = `ordres+${token}@suzerain.localhost`;
    assert.equal(row!.reply_to, address, 'the start mail is answered to the orders address');
    assert.match(row!.text, /=== SUZERAIN — ORDERS BEGIN ===\nTURN 1\n# .* — orders for year 1/);
    const char = /\nCHAR (\d+) (.+)\n/.exec(row!.text)!;
    const smtp = smtpTo(tp.platform.inboundPort!);
    const before = tp.smtp.mails.length;
    await smtp.sendMail({ from: ua.email, to: address.replace('ordres+', 'orders+'), subject: 'Orders', text: `TURN 1\nCHAR ${char[1]} ${char[2]}\n1 XX 12\n` });
    smtp.close();
    const reply = await tp.smtp.waitFor((m) => tp.smtp.mails.indexOf(m) >= before && m.to.includes(ua.email) && /^Orders/.test(m.subject));
    assert.match(reply.subject, /^Orders received — Kings by mail — turn 1$/);
    assert.match(reply.text, new RegExp(`1  ok +CHAR ${char[1]} `));
    assert.match(reply.text, /2  ERROR +1 XX 12\n +→ .*XX/);
    const sheet = await games.sheet(tp.platform.ctx, gameId, (await tp.db.one<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, ua.id]))!.player);
    assert.equal(sheet.text, `CHAR ${char[1]} ${char[2]}\n1 XX 12`);
  });
});
