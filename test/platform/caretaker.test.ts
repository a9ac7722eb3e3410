/**
 * The caretaker host option on both databases (embedded PGlite and PostgreSQL): with it, a human
 * lord without orders at the deadline is played by the ruleset's caretaker, his report (and its
 * mail) says so, the turn still counts as missed, and the game replays; without it (the default)
 * he does nothing, as before. Over HTTP: the creation form's checkbox and the game page's notice.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DB_KINDS, startTestPlatform, testDb, type TestPlatform } from './util.ts';
import { addUser, emailOf, GP, gameRow, homeOf, makeCtx, outbox, type Clock } from './games-fixtures.ts';
import { loggedIn, newUser } from './users.ts';
import { games, replayStored } from '../../src/platform/games/service.ts';
import type { Db } from '../../src/platform/db/index.ts';

const START = '2026-11-18T12:00:00Z'; // a Wednesday
const FR = 'Faute d’ordres, votre intendant a gouverné vos terres ce tour-ci :';
const EN = 'As you sent no orders, your steward governed your lands this turn:';

async function withDb(kind: (typeof DB_KINDS)[number], fn: (db: Db, clock: Clock) => Promise<void>): Promise<void> {
  const db = await testDb(kind);
  try { await fn(db, { now: new Date(START) }); } finally { await db.close(); }
}

interface StoredStep { submissions: { player: string; value: { lines: { text: string }[]; caretaker?: boolean } }[]; defaulted: { player: string }[] }
const stepOf = async (db: Db, id: number, idx: number) => (await db.one('SELECT submissions, defaulted FROM steps WHERE game_id = $1 AND idx = $2', [id, idx]))! as unknown as StoredStep;
const missedOf = async (db: Db, id: number) => (await db.query('SELECT missed FROM seats WHERE game_id = $1 ORDER BY seq', [id])).map((r) => r.missed);

for (const kind of DB_KINDS) {
  describe(`caretaker on ${kind}`, () => {
    test('on: an absent lord is played by the caretaker at the deadline, told so, and the turn counts as missed', () => withDb(kind, async (db, clock) => {
      const ctx = makeCtx(db, clock);
      const alice = await addUser(db, 'absente', 'fr');
      const bob = await addUser(db, 'present', 'en');
      const id = await games.create(ctx, {
        ruleset: GP, name: 'Intendance', options: { map: 'scandinavia' }, seed: 'caretaker-1', caretaker: true,
        seats: [{ userId: alice, lordName: 'Absente' }, { userId: bob, lordName: 'Present' }, { userId: null, lordName: 'Robot' }, { userId: null, lordName: 'Automate' }],
      });
      assert.equal((await gameRow(db, id)).caretaker, true);
      await games.saveSheet(ctx, id, 'L2', `IMP 4 ${await homeOf(db, id, 'L2')}`);
      const before = (await outbox(db)).length;
      clock.now = new Date((await games.summary(ctx, id))!.deadline!.getTime() + 1000);
      assert.equal(await games.runDue(ctx), 1);

      // The stored step: the caretaker's marked sheet for L1, nobody defaulted.
      const step = await stepOf(db, id, 1);
      assert.deepEqual(step.defaulted, []);
      const l1 = step.submissions.find((s) => s.player === 'L1')!;
      assert.equal(l1.value.caretaker, true);
      assert.ok(l1.value.lines.length > 0, 'the steward gave orders');
      assert.ok(l1.value.lines.every((l) => /^(IMP|RED|DEM|GAR|MOV) /.test(l.text)), JSON.stringify(l1.value.lines));
      assert.equal(step.submissions.find((s) => s.player === 'L2')!.value.caretaker, undefined, 'the present lord wrote his own orders');
      assert.equal(step.submissions.find((s) => s.player === 'L3')!.value.caretaker, undefined, 'bots stay bots');

      // His report says so, in both languages, with the orders; the others' do not.
      const fr = (await games.report(ctx, id, 1, 'L1', 'fr'))!;
      const en = (await games.report(ctx, id, 1, 'L1', 'en'))!;
      assert.ok(fr.includes(FR), fr);
      assert.ok(en.includes(EN), en);
      for (const l of l1.value.lines) assert.ok(fr.includes(`- \`${l.text}\`\n`), `the report lists ${l.text}`);
      assert.ok(fr.indexOf(FR) < fr.indexOf('## Phase'));
      assert.ok(!(await games.report(ctx, id, 1, 'L2', 'en'))!.includes('steward'));
      // And so does his mail (French, his language).
      const mails = (await outbox(db)).slice(before);
      const aliceMail = await emailOf(db, alice);
      const toAlice = mails.find((m) => m.to_addr === aliceMail)!;
      assert.ok(toAlice.text.includes(FR), toAlice.text);
      assert.ok(!mails.find((m) => m.to_addr !== toAlice.to_addr)!.text.includes(EN));

      // The caretaker is not the player: the turn counts as missed.
      assert.deepEqual(await missedOf(db, id), [1, 0, 0, 0]);

      // Turn 2: a sheet written then emptied (not ready) is no orders either; L2 is ready with an
      // empty sheet — his choice to do nothing, the caretaker leaves him alone.
      await games.saveSheet(ctx, id, 'L1', `IMP 3 ${await homeOf(db, id, 'L1')}`);
      await games.saveSheet(ctx, id, 'L1', '');
      await games.setReady(ctx, id, 'L2', true);
      clock.now = new Date((await games.summary(ctx, id))!.deadline!.getTime() + 1000);
      assert.equal(await games.runDue(ctx), 1);
      const step2 = await stepOf(db, id, 2);
      assert.equal(step2.submissions.find((s) => s.player === 'L1')!.value.caretaker, true);
      assert.equal(step2.submissions.find((s) => s.player === 'L2')!.value.caretaker, undefined);
      assert.deepEqual(step2.submissions.find((s) => s.player === 'L2')!.value.lines, []);
      assert.deepEqual(await missedOf(db, id), [2, 0, 0, 0]);
      assert.ok((await games.report(ctx, id, 2, 'L1', 'en'))!.includes(EN));

      // The stored game replays to every recorded hash (the caretaker's sheets are its inputs).
      const r = (await replayStored(db, id))!;
      assert.deepEqual(r.mismatches, []);
      assert.equal(r.finalHash, (await gameRow(db, id)).state_hash);
    }));

    test('off (the default): an absent lord does nothing, as before', () => withDb(kind, async (db, clock) => {
      const ctx = makeCtx(db, clock);
      const alice = await addUser(db, 'absente2', 'fr');
      const id = await games.create(ctx, {
        ruleset: GP, name: 'Sans intendant', options: { map: 'scandinavia' }, seed: 'caretaker-1',
        seats: [{ userId: alice, lordName: 'Absente' }, { userId: null, lordName: 'Robot' }],
      });
      assert.equal((await gameRow(db, id)).caretaker, false);
      clock.now = new Date((await games.summary(ctx, id))!.deadline!.getTime() + 1000);
      assert.equal(await games.runDue(ctx), 1);
      const step = await stepOf(db, id, 1);
      assert.deepEqual(step.defaulted.map((d) => d.player), ['L1'], 'the absent lord took the default');
      assert.deepEqual(step.submissions.find((s) => s.player === 'L1')!.value.lines, []);
      for (const lang of ['fr', 'en'] as const) assert.ok(!/intendant|steward/.test((await games.report(ctx, id, 1, 'L1', lang))!));
      assert.ok(!(await outbox(db)).some((m) => m.text.includes(FR)));
      assert.deepEqual(await missedOf(db, id), [1, 0]);
    }));
  });

  describe(`caretaker pages on ${kind}`, () => {
    let tp: TestPlatform;
    before(async () => { tp = await startTestPlatform(kind); });
    after(async () => { await tp.close(); });

    test('the creation form offers the option; the game page shows the option in force', async () => {
      const u = await newUser(tp, `hote${kind}`, 'fr');
      const b = await loggedIn(tp, u);
      const list = await b.get('/games');
      assert.match(list.text, /<input type="checkbox" name="caretaker" value="1"> Intendant pour les seigneurs sans ordres/);
      const form = { map: 'scandinavia', lords: '3', lordName: 'Alaric', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', early: '1' };
      const on = await b.post('/games', { ...form, name: 'Avec intendant', caretaker: '1' }, { follow: false });
      assert.equal(on.status, 303, on.text.slice(0, 2000));
      const off = await b.post('/games', { ...form, name: 'Sans intendant' }, { follow: false });
      assert.equal(off.status, 303);
      const idOf = (loc: string | null) => Number(/\/games\/(\d+)/.exec(loc ?? '')![1]);
      assert.equal((await tp.db.one<{ caretaker: boolean }>('SELECT caretaker FROM games WHERE id = $1', [idOf(on.location)]))!.caretaker, true);
      assert.equal((await tp.db.one<{ caretaker: boolean }>('SELECT caretaker FROM games WHERE id = $1', [idOf(off.location)]))!.caretaker, false);
      assert.match((await b.get(on.location!)).text, /Intendant : un seigneur sans ordres à l’échéance est gouverné pour ce tour par son intendant/);
      assert.match((await b.get(off.location!)).text, /Pas d’intendant : un seigneur sans ordres à l’échéance ne fait rien ce tour-là\./);
      await b.get('/lang/en');
      assert.match((await b.get(on.location!)).text, /Caretaker: a lord without orders at the deadline is governed for that turn by his steward/);
    });
  });
}
