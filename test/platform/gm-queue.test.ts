/**
 * The GM's approval queue on the platform (issue 16; games/gm.ts, gm-items.ts; migration 027),
 * on both databases, played on Assize (test/engine/gm-ruleset.ts) through the service and the
 * durable turn job (`games.runDue`, with a clock the test moves, like the other deadline tests):
 * - the GM rules in time: his ruling is applied, the players' reports say "GM ruling", never his reason;
 * - the GM is silent: a timed item takes its default after its review hours, a blocking item
 *   holds the game at most its timeout, then "default applied, no GM ruling";
 * - a game without a GM: every default at once, the game plays to its end unattended;
 * - the stored game replays to the same state hash;
 * - only the GM rules (403 for a player and for the site's host), bad rulings are refused in FR and EN;
 * - the GM is mailed when an item arrives.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import '../engine/gm-ruleset.ts';
import { disputeId, titheId, type AssizeState } from '../engine/gm-ruleset.ts';
import { DB_KINDS, testDb, type DbKind } from './util.ts';
import { addUser, gameRow, makeCtx, type Clock, type TestCtx } from './games-fixtures.ts';
import { games, GamesError, replayStored } from '../../src/platform/games/service.ts';
import { answerPrompt } from '../../src/platform/games/prompts.ts';
import { extendItem, gmQueue, ruleOnItem } from '../../src/platform/games/gm.ts';
import type { Db } from '../../src/platform/db/index.ts';

const START = '2026-11-18T12:00:00Z';
const MIN = 60_000;
const HOUR = 60 * MIN;

interface Table { ctx: TestCtx; db: Db; clock: Clock; id: number; gm: number; p1: number; p2: number; host: number }

let n = 0;
async function table(kind: DbKind, db: Db, opts: { gm?: boolean; rounds?: number; weekly?: boolean } = {}): Promise<Table> {
  const clock: Clock = { now: new Date(START) };
  const ctx = makeCtx(db, clock, `gm-${kind}`);
  const tag = `${++n}${Math.random().toString(36).slice(2, 6)}`;
  const gm = await addUser(db, `gm-${tag}`, 'en');
  const p1 = await addUser(db, `aude-${tag}`);
  const p2 = await addUser(db, `berenger-${tag}`, 'en');
  const host = await addUser(db, `site-${tag}`, 'fr', { isHost: true });
  const id = await games.create(ctx, {
    ruleset: 'test/assize', name: `Assises ${tag}`, options: { rounds: opts.rounds ?? 1 }, seed: 'assize-platform', hostUserId: gm,
    seats: [{ userId: p1, lordName: 'Aude' }, { userId: p2, lordName: 'Bérenger' }],
    ...(opts.weekly ? { early: true } : { prompts: { pace: 'live' as const } }), gm: opts.gm === false ? null : 'host',
  });
  return { ctx, db, clock, id, gm, p1, p2, host };
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const stateOf = async (t: Table): Promise<AssizeState> => parse<AssizeState>((await gameRow(t.db, t.id)).state);
const stepOf = async (t: Table): Promise<number> => Number((await gameRow(t.db, t.id)).step);
const later = (t: Table, ms: number): void => { t.clock.now = new Date(t.clock.now.getTime() + ms); };
const pass = (t: Table): Promise<number> => games.runDue(t.ctx);
/** Passes of the turn job until nothing is due (bounded). */
async function settle(t: Table): Promise<void> {
  for (let i = 0; i < 20; i++) if (!(await pass(t))) return;
  assert.fail('the turn job kept resolving');
}
async function claims(t: Table, a: string, b: string): Promise<void> {
  const weekly = (await gameRow(t.db, t.id)).pace === null;
  for (const [p, v] of [['p1', a], ['p2', b]] as const) {
    if (weekly) { // a game of order sheets: the sheet, then "ready"
      const sh = await games.saveSheet(t.ctx, t.id, p, v);
      assert.equal(sh.issues.length, 0, `${p} claims ${v}: ${JSON.stringify(sh.issues)}`);
      await games.setReady(t.ctx, t.id, p, true);
      continue;
    }
    const r = await answerPrompt(t.ctx, t.id, p, 'claim', v);
    assert.ok(r.ok, `${p} claims ${v}: ${JSON.stringify(r.issues)}`);
  }
  await settle(t);
}
const items = (t: Table) => t.db.query<{ step: number; decision: string; status: string; kind: string; reason: string | null }>(
  'SELECT step, decision, status, kind, reason FROM gm_items WHERE game_id = $1 ORDER BY step, decision', [t.id]);
const report = async (t: Table, player: string, idx: number, lang: 'fr' | 'en'): Promise<string> =>
  (await t.db.one<{ fr: string; en: string }>('SELECT text_fr AS fr, text_en AS en FROM reports WHERE game_id = $1 AND player = $2 AND idx = $3', [t.id, player, idx]))![lang];
const mailsTo = async (t: Table, userId: number): Promise<{ subject: string; text: string }[]> =>
  t.db.query('SELECT subject, text FROM outbox WHERE to_addr = (SELECT email FROM users WHERE id = $1) ORDER BY id', [userId]);

for (const kind of DB_KINDS) {
  describe(`the GM approval queue (${kind})`, () => {
    test('the GM rules in time: the ruling is applied, the report says so, the reason stays his', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db);
        await claims(t, '4', '5');
        assert.equal(await stepOf(t), 1, 'the claims resolved');
        assert.deepEqual((await items(t)).map((i) => [i.step, i.decision, i.status, i.kind]), [[2, `gm:${titheId(1)}`, 'pending', 'timed']], 'the tithe waits in the queue');
        const mail = (await mailsTo(t, t.gm)).find((m) => m.subject.includes('GM queue'));
        assert.ok(mail && mail.text.includes(`/games/${t.id}/gm`) && mail.text.includes('T1'), 'the GM is mailed with a link to his queue');
        await settle(t);
        assert.equal(await stepOf(t), 1, 'nobody but the GM is asked: the step waits for him');
        const q = await gmQueue(t.ctx, t.id, t.gm);
        assert.equal(q.open.length, 1, 'one open item on his page');
        assert.equal(q.open[0]!.item.byDefault, 'light', 'with its default');
        const r = await ruleOnItem(t.ctx, t.id, t.gm, `gm:${titheId(1)}`, 'none', 'a lean year, no tithe', 1);
        assert.ok(r.ok, `the ruling is accepted: ${JSON.stringify(r.issues)}`);
        await settle(t);
        assert.equal(await stepOf(t), 2, 'the GM ruled: the step resolved at once');
        assert.match(await report(t, 'p2', 2, 'en'), /no tithe \(GM ruling\)/, 'the player is told the GM ruled');
        assert.match(await report(t, 'p1', 2, 'fr'), /pas de dîme \(décision du MJ\)/, 'in French too');
        assert.doesNotMatch(await report(t, 'p1', 2, 'fr') + await report(t, 'p2', 2, 'en'), /lean year/, 'the reason never reaches a report');
        // The dispute (claims 4 + 5 > 6): blocking, free-form.
        const open = await items(t);
        assert.deepEqual(open.map((i) => [i.decision, i.status]), [[`gm:${titheId(1)}`, 'ruled'], [`gm:${disputeId(1)}`, 'pending']], 'the tithe closed as ruled, the dispute waits');
        const bad = await ruleOnItem(t.ctx, t.id, t.gm, `gm:${disputeId(1)}`, 'p1=9', '', 2);
        assert.equal(bad.ok, false, 'a share over the pot is refused');
        assert.ok(bad.issues[0]?.text?.fr && bad.issues[0]?.text?.en, 'with its reason in FR and EN');
        assert.ok((await ruleOnItem(t.ctx, t.id, t.gm, `gm:${disputeId(1)}`, 'p1=1, p2=5', 'Bérenger sowed it', 2)).ok, 'the free-form ruling is accepted');
        await settle(t);
        const s = await stateOf(t);
        assert.deepEqual(s.players.map((p) => p.store), [1, 5], 'the GM’s shares applied');
        assert.equal((await gameRow(db, t.id)).status, 'finished', 'one round: the game is over');
        const hist = (await gmQueue(t.ctx, t.id, t.gm)).history;
        assert.deepEqual(hist.map((h) => h.status).sort(), ['ruled', 'ruled'], 'both rulings in the history');
        assert.ok(hist.some((h) => h.reason === 'Bérenger sowed it'), 'with the GM’s reason, for him');
        const rp = await replayStored(db, t.id);
        assert.ok(rp?.ok, `the stored game replays: ${JSON.stringify(rp?.mismatches)}`);
        assert.equal(rp!.finalHash, (await gameRow(db, t.id)).state_hash, 'to the same state hash');
      } finally { await db.close(); }
    });

    test('the GM is silent: a timed item defaults after its review hours, a blocking one after its timeout', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db);
        await claims(t, '4', '5');
        later(t, 24 * HOUR - MIN);
        await settle(t);
        assert.equal(await stepOf(t), 1, 'a minute before the 24 h review: still waiting');
        later(t, 2 * MIN);
        await settle(t);
        assert.equal(await stepOf(t), 2, 'after the review hours the default applied');
        assert.match(await report(t, 'p2', 2, 'en'), /light tithe \(1 sheaf\) \(default applied, no GM ruling\)/, 'and the report says so');
        later(t, 72 * HOUR - MIN);
        await settle(t);
        assert.equal(await stepOf(t), 2, 'the blocking dispute holds the game up to its timeout');
        later(t, 2 * MIN);
        await settle(t);
        assert.equal(await stepOf(t), 3, 'then its default applies: no GM holds a game forever');
        assert.deepEqual((await stateOf(t)).players.map((p) => p.store), [2, 3], 'the proportional default');
        assert.match(await report(t, 'p1', 3, 'fr'), /décision par défaut, le MJ n’a pas statué/, 'the report marks it');
        assert.deepEqual((await items(t)).map((i) => i.status), ['default', 'default'], 'both closed as defaults in the queue');
        assert.equal((await gmQueue(t.ctx, t.id, t.gm)).open.length, 0, 'nothing left open');
        // Too late: the step has resolved.
        await assert.rejects(ruleOnItem(t.ctx, t.id, t.gm, `gm:${disputeId(1)}`, 'p1=6', ''), (e: unknown) => e instanceof GamesError && e.statusCode === 409, 'a ruling after the default is refused (409)');
        const rp = await replayStored(db, t.id);
        assert.ok(rp?.ok && rp.finalHash === (await gameRow(db, t.id)).state_hash, 'the replay reaches the same hash');
      } finally { await db.close(); }
    });

    test('the GM extends a deadline once: the extension is itself a deadline (§11.6)', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db);
        await claims(t, '1', '1');
        await assert.rejects(extendItem(t.ctx, t.id, t.p1, `gm:${titheId(1)}`), (e: unknown) => e instanceof GamesError && e.statusCode === 403, 'a player may not extend');
        const { deadline } = await extendItem(t.ctx, t.id, t.gm, `gm:${titheId(1)}`, 1);
        assert.equal(deadline.getTime(), t.clock.now.getTime() + 48 * HOUR, 'by the item’s own 24 hours');
        assert.equal(((await gameRow(db, t.id)).deadline as Date).getTime(), deadline.getTime(), 'the step’s deadline moves with it');
        await assert.rejects(extendItem(t.ctx, t.id, t.gm, `gm:${titheId(1)}`), (e: unknown) => e instanceof GamesError && e.code === 'gm-extended', 'once only');
        later(t, 24 * HOUR + MIN);
        await settle(t);
        assert.equal(await stepOf(t), 1, 'past the first deadline: still waiting');
        later(t, 24 * HOUR);
        await settle(t);
        assert.equal(await stepOf(t), 2, 'past the extension: the default applied');
        assert.match(await report(t, 'p1', 2, 'en'), /default applied, no GM ruling/, 'and the report says so');
      } finally { await db.close(); }
    });

    test('without a GM every default applies at once and the game runs unattended', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db, { gm: false, rounds: 2 });
        await claims(t, '4', '5');
        assert.equal((await stateOf(t)).round, 2, 'tithe and dispute of round 1 resolved at once');
        await claims(t, '1', '2');
        assert.equal((await gameRow(db, t.id)).status, 'finished', 'and the game ended with no clock moved');
        assert.match(await report(t, 'p2', 2, 'en'), /default applied \(game without a GM\)/, 'the report says there was no GM');
        assert.ok((await items(t)).every((i) => i.status === 'no-gm'), 'the items are recorded as no-GM');
        assert.equal((await mailsTo(t, t.gm)).filter((m) => m.subject.includes('GM queue')).length, 0, 'nobody is mailed a queue');
        await assert.rejects(gmQueue(t.ctx, t.id, t.gm), (e: unknown) => e instanceof GamesError && e.statusCode === 403, 'a game without a GM has no queue to read');
        const rp = await replayStored(db, t.id);
        assert.ok(rp?.ok && rp.finalHash === (await gameRow(db, t.id)).state_hash, 'the replay reaches the same hash');
      } finally { await db.close(); }
    });

    test('a game of order sheets: a step asking only the GM lasts the item’s hours, not a week; without a GM it resolves at once', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db, { weekly: true });
        await claims(t, '4', '5');
        assert.equal(await stepOf(t), 1, 'both lords ready: the claims resolved early');
        const due = (await gameRow(db, t.id)).deadline as Date;
        assert.equal(due.getTime(), t.clock.now.getTime() + 24 * HOUR, 'the deadline is the tithe’s review time');
        later(t, 24 * HOUR + MIN);
        await settle(t);
        assert.equal(await stepOf(t), 2, 'then the default applied');
        const plain = await table(kind, db, { weekly: true, gm: false });
        await claims(plain, '4', '5');
        assert.equal(await stepOf(plain), 3, 'no GM: the tithe and the dispute resolved with the claims’ pass');
      } finally { await db.close(); }
    });

    test('only the GM rules: a player and the site’s host get 403; bad input is refused, never a crash', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db);
        await claims(t, '1', '1');
        for (const who of [t.p1, t.p2, t.host]) {
          await assert.rejects(ruleOnItem(t.ctx, t.id, who, `gm:${titheId(1)}`, 'none', ''), (e: unknown) => e instanceof GamesError && e.statusCode === 403, `user ${who} may not rule`);
          await assert.rejects(gmQueue(t.ctx, t.id, who), (e: unknown) => e instanceof GamesError && e.statusCode === 403, `user ${who} may not read the queue`);
        }
        // A player cannot answer the GM's decision as a prompt either.
        await assert.rejects(answerPrompt(t.ctx, t.id, 'p1', `gm:${titheId(1)}`, 'none'), (e: unknown) => e instanceof GamesError, 'not a player’s question');
        await assert.rejects(ruleOnItem(t.ctx, t.id, t.gm, 'gm:nope', 'none', ''), (e: unknown) => e instanceof GamesError && e.statusCode === 409, 'an unknown item: 409');
        await assert.rejects(ruleOnItem(t.ctx, t.id, t.gm, `gm:${titheId(1)}`, 'none', '', 0), (e: unknown) => e instanceof GamesError && e.code === 'stale-step', 'a ruling meant for a past step');
        await assert.rejects(ruleOnItem(t.ctx, t.id + 1000, t.gm, `gm:${titheId(1)}`, 'none', ''), (e: unknown) => e instanceof GamesError && e.statusCode === 404, 'no such game: 404');
        for (const bad of ['', 'medium', 'x'.repeat(5000), '\u202e light']) {
          const r = await ruleOnItem(t.ctx, t.id, t.gm, `gm:${titheId(1)}`, bad, 'r'.repeat(5000));
          assert.equal(r.ok, false, `refused: ${bad.slice(0, 20)}`);
        }
        assert.equal((await items(t))[0]!.status, 'pending', 'nothing was stored by the refused rulings');
        assert.ok((await ruleOnItem(t.ctx, t.id, t.gm, `gm:${titheId(1)}`, 'heavy', 'first thought')).ok, 'a first ruling');
        assert.ok((await ruleOnItem(t.ctx, t.id, t.gm, `gm:${titheId(1)}`, 'none', 'second thought')).ok, 'changed before the step resolves');
        await settle(t);
        assert.match(await report(t, 'p1', 2, 'en'), /no tithe \(GM ruling\)/, 'the last ruling applies');
      } finally { await db.close(); }
    });
  });
}
