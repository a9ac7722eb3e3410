/**
 * The GM's hold on deadlines and the host's choice of GM after creation (Game of Gruik §11.3 "extend
 * deadlines", §11.6 "the extension is itself a deadline"; games/gm.ts extendStep and setGm, migration
 * 030), on both databases, played on Assize (test/engine/gm-ruleset.ts) and Gruik through the
 * service and the durable turn job (`games.runDue`, with a clock the test moves):
 * - the GM extends the players' deadline of the step in progress, in a game of prompts and of order
 *   sheets: the turn job resolves the step at the new time, not at the old one; several extensions,
 *   at most GM_STEP_EXTENSION_TOTAL_HOURS in all for a step, a new step starting afresh (a GM
 *   action that keeps the step's prompts keeps its deadline and its extensions); each one
 *   audited (who, when, hours, deadline before and after); refused for anyone but the GM (403), out
 *   of bounds, past the total, on a paused or finished game, each in French and English;
 * - the host names a GM after creation, changes him, removes him: the new GM finds the open items
 *   and is mailed, the old one is refused; a removed GM's pending item takes its default at once
 *   ("game without a GM"); refused for anyone but the host, an unknown login, a seated player, a
 *   finished game; the GM cannot take a seat; the stored game replays to the same hash;
 * - a ruleset that receives the GM's presence in its options (Gruik's `gm`, GM_PRESENT): named before
 *   the start, the option follows; once started, the GM may be replaced but not added or removed;
 * - the reminders follow the deadline in force (reminders.ts, prompt-reminders.ts, migration 031): a
 *   reminder sent, then the GM extends (or, in a game of prompts, a player extends), and the reminder
 *   for the new deadline comes at its own time, with the new deadline in it; never twice for a
 *   deadline that did not move.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import '../engine/gm-ruleset.ts';
import { disputeId, titheId } from '../engine/gm-ruleset.ts';
import { DB_KINDS, testDb, type DbKind } from './util.ts';
import { gameRow, makeCtx, type Clock, type TestCtx } from './games-fixtures.ts';
import { loginKey } from '../../src/platform/accounts/service.ts';
import { games, GamesError, replayStored } from '../../src/platform/games/service.ts';
import { answerPrompt, pauseGame } from '../../src/platform/games/prompts.ts';
import { extendStep, GM_STEP_EXTENSION_HOURS, GM_STEP_EXTENSION_TOTAL_HOURS, gmQueue, ruleOnItem, setGm, takeGmAction } from '../../src/platform/games/gm.ts';
import type { Db } from '../../src/platform/db/index.ts';
import { sendReminders } from '../../src/platform/games/reminders.ts';
import { extendDeadline } from '../../src/platform/games/prompts.ts';
import { reminderTimes, sendPromptReminders } from '../../src/platform/games/prompt-reminders.ts';
import { formatDeadline } from '../../src/platform/games/schedule.ts';

const START = '2026-11-18T12:00:00Z';

let mails = 0;
/** An account found by its login as the site finds it (its folded key: games-fixtures' addUser keys differ). */
async function addUser(db: Db, login: string, lang: 'fr' | 'en' = 'fr', opts: { isHost?: boolean } = {}): Promise<number> {
  const email = `${login}.${mails++}@example.test`;
  const r = await db.one<{ id: number }>(
    `INSERT INTO users(login, login_key, email, email_key, password_hash, validated, lang, is_host) VALUES ($1, $2, $3, $3, 'x', TRUE, $4, $5) RETURNING id`,
    [login, loginKey(login), email, lang, !!opts.isHost]);
  return r!.id;
}
const MIN = 60_000;
const HOUR = 60 * MIN;

interface Table { ctx: TestCtx; db: Db; clock: Clock; id: number; host: number; gm: number; gm2: number; p1: number; p2: number; site: number; logins: Record<string, string> }

let n = 0;
async function table(kind: DbKind, db: Db, opts: { gm?: boolean; weekly?: boolean } = {}): Promise<Table> {
  const clock: Clock = { now: new Date(START) };
  const ctx = makeCtx(db, clock, `gmd-${kind}`);
  const tag = `${++n}${Math.random().toString(36).slice(2, 6)}`;
  const logins = { host: `hote-${tag}`, gm: `mj-${tag}`, gm2: `mj2-${tag}`, p1: `aude-${tag}`, p2: `ber-${tag}` };
  const host = await addUser(db, logins.host);
  const gm = await addUser(db, logins.gm, 'en');
  const gm2 = await addUser(db, logins.gm2);
  const p1 = await addUser(db, logins.p1);
  const p2 = await addUser(db, logins.p2, 'en');
  const site = await addUser(db, `site-${tag}`, 'fr', { isHost: true });
  const id = await games.create(ctx, {
    ruleset: 'test/assize', name: `Assises ${tag}`, options: { rounds: 1 }, seed: 'assize-deadline', hostUserId: host,
    seats: [{ userId: p1, lordName: 'Aude' }, { userId: p2, lordName: 'Bérenger' }],
    ...(opts.weekly ? { early: true } : { prompts: { pace: 'live' as const } }), gm: opts.gm === false ? null : { login: logins.gm },
  });
  return { ctx, db, clock, id, host, gm, gm2, p1, p2, site, logins };
}

const stepOf = async (t: Table): Promise<number> => Number((await gameRow(t.db, t.id)).step);
const deadlineOf = async (t: Table): Promise<number> => new Date((await gameRow(t.db, t.id)).deadline as Date).getTime();
const later = (t: Table, ms: number): void => { t.clock.now = new Date(t.clock.now.getTime() + ms); };
/** Passes of the durable turn job until nothing is due (bounded): the test waits for the outcome, it never races a timer. */
async function settle(t: Table): Promise<void> {
  for (let i = 0; i < 20; i++) if (!(await games.runDue(t.ctx))) return;
  assert.fail('the turn job kept resolving');
}
/** A refusal: a GamesError with this status (and code), its reason in French and English. */
async function refused(p: Promise<unknown>, status: number, code: string | null, what: string): Promise<GamesError> {
  let err: unknown = null;
  try { await p; } catch (e) { err = e; }
  assert.ok(err instanceof GamesError, `${what}: refused (${String(err)})`);
  assert.equal(err.statusCode, status, `${what}: ${status} (${err.code}: ${err.message})`);
  if (code) {
    assert.equal(err.code, code, what);
    assert.ok(err.localized?.fr && err.localized.en && err.localized.fr !== err.localized.en, `${what}: said in French and English`);
  }
  return err;
}
const report = async (t: Table, player: string, idx: number, lang: 'fr' | 'en'): Promise<string> =>
  (await t.db.one<{ fr: string; en: string }>('SELECT text_fr AS fr, text_en AS en FROM reports WHERE game_id = $1 AND player = $2 AND idx = $3', [t.id, player, idx]))![lang];
const mailsTo = async (t: Table, userId: number): Promise<{ subject: string; text: string }[]> =>
  t.db.query('SELECT subject, text FROM outbox WHERE to_addr = (SELECT email FROM users WHERE id = $1) ORDER BY id', [userId]);
const items = (t: Table) => t.db.query<{ step: number; decision: string; status: string }>('SELECT step, decision, status FROM gm_items WHERE game_id = $1 ORDER BY step, decision', [t.id]);

for (const kind of DB_KINDS) {
  describe(`the GM extends the players' deadline (${kind})`, () => {
    test('a game of prompts: the step resolves at the new deadline; several extensions up to the step’s total; audited', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db);
        const first = await deadlineOf(t);
        assert.ok(first > t.clock.now.getTime(), 'the claims have a deadline');
        assert.ok((await answerPrompt(t.ctx, t.id, 'p1', 'claim', '2')).ok, 'Aude claims; Bérenger is silent');
        await settle(t);
        assert.equal(await stepOf(t), 0, 'Bérenger is awaited');
        // Refusals first: nothing moves.
        for (const who of [t.p1, t.p2, t.host, t.site]) await refused(extendStep(t.ctx, t.id, who, 5), 403, null, `user ${who} is not the GM`);
        await refused(extendStep(t.ctx, t.id + 1000, t.gm, 5), 404, null, 'no such game');
        for (const bad of [0, -3, GM_STEP_EXTENSION_HOURS.max + 1, 1.5, Number.NaN]) await refused(extendStep(t.ctx, t.id, t.gm, bad), 400, 'extend-hours', `${bad} hours`);
        await refused(extendStep(t.ctx, t.id, t.gm, 5, 3), 409, null, 'meant for another step');
        await pauseGame(t.ctx, t.id, t.host, true);
        await refused(extendStep(t.ctx, t.id, t.gm, 5), 409, 'paused', 'a paused game');
        await pauseGame(t.ctx, t.id, t.host, false);
        assert.equal(await deadlineOf(t), first, 'no refusal moved the deadline');
        // Two extensions: 100 h, then the 68 h left of the step's total.
        const a = await extendStep(t.ctx, t.id, t.gm, 100, 0);
        assert.equal(a.old.getTime(), first, 'from the deadline in force');
        assert.equal(a.deadline.getTime(), first + 100 * HOUR, 'by 100 hours');
        assert.equal(a.leftHours, GM_STEP_EXTENSION_TOTAL_HOURS - 100, 'the rest of the step’s total');
        const b = await extendStep(t.ctx, t.id, t.gm, GM_STEP_EXTENSION_TOTAL_HOURS - 100);
        assert.equal(b.deadline.getTime(), first + GM_STEP_EXTENSION_TOTAL_HOURS * HOUR, 'the extensions add up');
        assert.equal(await deadlineOf(t), b.deadline.getTime(), 'the game’s deadline is the new one');
        const over = await refused(extendStep(t.ctx, t.id, t.gm, 1), 409, 'extend-total', 'past the step’s total');
        assert.match(over.localized!.fr, /au plus 168 h ; il en reste 0 h/, 'the French says the total and what is left');
        // The durable turn job: not at the old deadline, at the new one.
        t.clock.now = new Date(first + MIN);
        await settle(t);
        assert.equal(await stepOf(t), 0, 'past the old deadline: the step still waits');
        t.clock.now = new Date(b.deadline.getTime() - MIN);
        await settle(t);
        assert.equal(await stepOf(t), 0, 'a minute before the new deadline: still waiting');
        later(t, 2 * MIN);
        await settle(t);
        assert.equal(await stepOf(t), 1, 'past the new deadline: the claims resolved (Bérenger’s default)');
        // A new step starts with the whole total again (the tithe waits for the GM alone).
        const c = await extendStep(t.ctx, t.id, t.gm, 2, 1);
        assert.equal(c.leftHours, GM_STEP_EXTENSION_TOTAL_HOURS - 2, 'a fresh total for the new step');
        const tithe = (await gmQueue(t.ctx, t.id, t.gm)).open.find((i) => i.decision === `gm:${titheId(1)}`)!;
        assert.equal(new Date(tithe.deadline!).getTime(), c.deadline.getTime(), 'an item whose deadline was the step’s moves with it');
        // A GM action keeps the step's prompts and deadline: his extensions carry on with them.
        const act = await takeGmAction(t.ctx, t.id, t.gm, { id: 'set-store', values: { player: 'p1', store: '1' } }, 1);
        assert.ok(act.ok, `the GM acts: ${JSON.stringify(act.issues)}`);
        assert.equal(await stepOf(t), 2, 'a step of its own');
        assert.equal(await deadlineOf(t), c.deadline.getTime(), 'the extended deadline is kept');
        // The audit: who, when, how many hours, the deadline before and after, newest first.
        const q = await gmQueue(t.ctx, t.id, t.gm);
        const log = q.audit.filter((r) => r.action === '@extend-step');
        assert.deepEqual(log.map((r) => [r.step, r.login, r.input.hours]), [[3, t.logins.gm, '2'], [1, t.logins.gm, String(GM_STEP_EXTENSION_TOTAL_HOURS - 100)], [1, t.logins.gm, '100']], 'three rows, by the GM');
        assert.deepEqual(log.map((r) => [r.oldDeadline!.getTime(), r.newDeadline!.getTime()]).reverse(), [[first, a.deadline.getTime()], [a.deadline.getTime(), b.deadline.getTime()], [c.old.getTime(), c.deadline.getTime()]], 'with the deadlines before and after');
        assert.deepEqual(q.stepExtension, { usedHours: 2, leftHours: GM_STEP_EXTENSION_TOTAL_HOURS - 2 }, 'the page’s count for the step in progress: still those 2 h');
        t.clock.now = new Date(c.deadline.getTime() - MIN);
        await settle(t);
        assert.equal(await stepOf(t), 2, 'the tithe still waits a minute before');
        later(t, 2 * MIN);
        await settle(t);
        assert.equal(await stepOf(t), 3, 'the tithe’s default applied at its extended deadline');
        const rp = await replayStored(db, t.id);
        assert.ok(rp?.ok && rp.finalHash === (await gameRow(db, t.id)).state_hash, 'an extension is no input of the game: the replay reaches the same hash');
      } finally { await db.close(); }
    });

    test('a game of order sheets: the season’s deadline moves; a finished game refuses', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db, { weekly: true });
        const first = await deadlineOf(t);
        const r = await extendStep(t.ctx, t.id, t.gm, 30);
        assert.equal(r.deadline.getTime(), first + 30 * HOUR, 'thirty hours more');
        t.clock.now = new Date(first + MIN);
        await settle(t);
        assert.equal(await stepOf(t), 0, 'the old deadline passed: nothing resolved');
        t.clock.now = new Date(r.deadline.getTime() + MIN);
        await settle(t);
        assert.equal(await stepOf(t), 1, 'the new one: the orders resolved');
        await db.query(`UPDATE games SET status = 'finished' WHERE id = $1`, [t.id]);
        await refused(extendStep(t.ctx, t.id, t.gm, 1), 409, null, 'a finished game');
      } finally { await db.close(); }
    });
  });

  describe(`the host chooses the GM after creation (${kind})`, () => {
    test('named mid-game, changed, removed: the queue follows; refusals in French and English; replay', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db, { gm: false });
        for (const who of [t.p1, t.site, t.gm]) await refused(setGm(t.ctx, t.id, who, t.logins.gm), 403, 'not-host', `user ${who} is not the host`);
        const unknown = await refused(setGm(t.ctx, t.id, t.host, 'personne-de-ce-nom'), 400, 'gm-unknown', 'an unknown login');
        assert.match(unknown.localized!.fr, /Aucun compte nommé personne-de-ce-nom/, 'named in French');
        await refused(setGm(t.ctx, t.id, t.host, 'x'.repeat(60)), 400, 'gm-unknown', 'a login too long');
        const seated = await refused(setGm(t.ctx, t.id, t.host, t.logins.p2), 409, 'gm-seated', 'a player of the game');
        assert.match(seated.localized!.en, /plays in this game and cannot be its GM/, 'why, in English');
        assert.equal((await gameRow(db, t.id)).gm_user_id, null, 'nothing changed');
        // Named mid-game (Assize takes the platform's GM at every step: no ruleset option).
        const named = await setGm(t.ctx, t.id, t.host, t.logins.gm.toUpperCase());
        assert.deepEqual(named, { from: null, to: t.logins.gm, changed: true }, 'by his login, whatever its case');
        const gameName = (await gameRow(db, t.id)).name;
        assert.ok((await mailsTo(t, t.gm)).some((m) => m.subject === `You are the GM — ${gameName}` && m.text.includes(`/games/${t.id}/gm`)), 'he is mailed, in his language, with his queue');
        assert.equal((await setGm(t.ctx, t.id, t.host, t.logins.gm)).changed, false, 'naming him again changes nothing');
        for (const [p, v] of [['p1', '4'], ['p2', '5']] as const) assert.ok((await answerPrompt(t.ctx, t.id, p, 'claim', v)).ok);
        await settle(t);
        assert.deepEqual((await items(t)).map((i) => [i.decision, i.status]), [[`gm:${titheId(1)}`, 'pending']], 'the tithe waits for the new GM');
        // Changed: the new GM finds the item, the old one is refused.
        assert.deepEqual(await setGm(t.ctx, t.id, t.host, t.logins.gm2), { from: t.logins.gm, to: t.logins.gm2, changed: true });
        await refused(gmQueue(t.ctx, t.id, t.gm), 403, null, 'the old GM no longer reads the queue');
        await refused(ruleOnItem(t.ctx, t.id, t.gm, `gm:${titheId(1)}`, 'none', ''), 403, null, 'nor rules');
        assert.equal((await gmQueue(t.ctx, t.id, t.gm2)).open.length, 1, 'the new GM has the open item');
        const mail = (await mailsTo(t, t.gm2)).find((m) => m.subject.startsWith('Vous êtes MJ'));
        assert.ok(mail && /T1 — La dîme du tour 1/.test(mail.text), 'the new GM is mailed the items open now, in French');
        assert.ok((await ruleOnItem(t.ctx, t.id, t.gm2, `gm:${titheId(1)}`, 'none', 'a lean year')).ok, 'he rules');
        await settle(t);
        assert.match(await report(t, 'p2', 2, 'en'), /no tithe \(GM ruling\)/, 'his ruling applied');
        assert.deepEqual((await items(t)).map((i) => [i.decision, i.status]), [[`gm:${titheId(1)}`, 'ruled'], [`gm:${disputeId(1)}`, 'pending']], 'the blocking dispute waits for him');
        // Removed: the pending dispute no longer holds the game; its default applies as in a game without a GM.
        assert.deepEqual(await setGm(t.ctx, t.id, t.host, '  '), { from: t.logins.gm2, to: null, changed: true }, 'a blank login removes him');
        await settle(t);
        assert.equal((await gameRow(db, t.id)).status, 'finished', 'the dispute took its default at once: the one round is over');
        assert.match(await report(t, 'p1', 3, 'en'), /default applied \(game without a GM\)/, 'the report says there was no GM');
        assert.deepEqual((await items(t)).map((i) => i.status), ['ruled', 'no-gm'], 'the ruling stood, the pending item went without a GM');
        const log = (await db.query<{ action: string; input: unknown; user_id: number }>(`SELECT action, input, user_id FROM gm_actions WHERE game_id = $1 AND action = '@gm-change' ORDER BY id`, [t.id]))
          .map((r) => [Number(r.user_id), (typeof r.input === 'string' ? JSON.parse(r.input) : r.input) as unknown]);
        assert.deepEqual(log, [[t.host, { from: '', to: t.logins.gm }], [t.host, { from: t.logins.gm, to: t.logins.gm2 }], [t.host, { from: t.logins.gm2, to: '' }]], 'each change audited: who, from, to');
        await refused(setGm(t.ctx, t.id, t.host, t.logins.gm), 409, 'finished', 'a finished game');
        const rp = await replayStored(db, t.id);
        assert.ok(rp?.ok && rp.finalHash === (await gameRow(db, t.id)).state_hash, 'the stored game replays to the same hash');
      } finally { await db.close(); }
    });

    test('a forming game: the GM named by the host cannot take a seat; the game starts with him', async () => {
      const db = await testDb(kind);
      try {
        const clock: Clock = { now: new Date(START) };
        const ctx = makeCtx(db, clock, `gmd-f-${kind}`);
        const tag = `${++n}${kind.slice(0, 2)}`;
        const host = await addUser(db, `hotef-${tag}`), gm = await addUser(db, `mjf-${tag}`), p2 = await addUser(db, `berf-${tag}`);
        const id = await games.create(ctx, {
          ruleset: 'test/assize', name: `Assises à former ${tag}`, options: { rounds: 1 }, hostUserId: host, isPrivate: true, password: 'sesame', maxPlayers: 2,
          seats: [{ userId: host, lordName: 'Aude' }], prompts: { pace: 'live' },
        });
        await assert.rejects(games.create(ctx, { ruleset: 'test/assize', name: `Mauvais ${tag}`, options: { rounds: 1 }, hostUserId: host, seats: [{ userId: host, lordName: 'Aude' }, { userId: p2, lordName: 'B' }], gm: 'host' }),
          (e: unknown) => e instanceof GamesError && e.code === 'gm-seated' && !!e.localized?.fr, 'at creation too, a seated account is no GM');
        await refused(setGm(ctx, id, host, `hotef-${tag}`), 409, 'gm-seated', 'the host plays: he cannot be the GM');
        await setGm(ctx, id, host, `mjf-${tag}`);
        await refused(games.joinPrivate(ctx, id, gm, 'Gaston', 'sesame'), 409, 'gm-plays', 'the GM cannot join as a player');
        await games.joinPrivate(ctx, id, p2, 'Bérenger', 'sesame');
        const g = await gameRow(db, id);
        assert.equal(g.status, 'running', 'the game started');
        assert.equal(Number(g.gm_user_id), gm, 'with its GM');
      } finally { await db.close(); }
    });

    test('Gruik fixes the GM’s presence at the start (GM_PRESENT): before it the option follows; after it he may be replaced, not added nor removed', async () => {
      const db = await testDb(kind);
      try {
        const ctx = makeCtx(db, { now: new Date(START) }, `gmd-g-${kind}`);
        const tag = `${++n}${kind.slice(0, 2)}`;
        const host = await addUser(db, `hoteg-${tag}`), a = await addUser(db, `elfe-${tag}`), b = await addUser(db, `nain-${tag}`);
        const g1 = await addUser(db, `mjg1-${tag}`, 'en'), g2 = await addUser(db, `mjg2-${tag}`);
        const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
        const present = async (id: number) => parse<{ gruik: { config: { gm: { present: boolean } } } }>((await gameRow(db, id)).state).gruik.config.gm.present;
        // Forming, without a GM at creation: the host names one before the start; the game starts with GM_PRESENT.
        const forming = await games.create(ctx, {
          ruleset: 'gruik', name: `Gruik ${tag}`, options: { map: 'fixture', gm: false }, hostUserId: host, isPrivate: true, password: 'sesame', maxPlayers: 2,
          seats: [{ userId: a, lordName: 'Elves' }],
        });
        await setGm(ctx, forming, host, `mjg1-${tag}`);
        assert.equal(Number((await gameRow(db, forming)).gm_user_id), g1, 'named while forming');
        await games.joinPrivate(ctx, forming, b, 'Dwarves', 'sesame');
        assert.equal((await gameRow(db, forming)).status, 'running', 'started');
        assert.equal(parse<{ gm?: boolean }>((await gameRow(db, forming)).options).gm, true, 'the ruleset’s option follows the GM named before the start');
        assert.equal(await present(forming), true, 'GM_PRESENT in the state');
        // Started with a GM: replaced yes, removed no.
        const off = await refused(setGm(ctx, forming, host, ''), 409, 'gm-fixed', 'a started Gruik game cannot lose its GM');
        assert.match(off.localized!.fr, /ne peut pas le perdre en cours de partie/, 'why, in French');
        assert.equal((await setGm(ctx, forming, host, `mjg2-${tag}`)).to, `mjg2-${tag}`, 'another GM may take over');
        assert.equal(Number((await gameRow(db, forming)).gm_user_id), g2, 'he is the GM now');
        assert.equal(await present(forming), true, 'the presence is unchanged');
        // Started without a GM: none may be added.
        const plain = await games.create(ctx, { ruleset: 'gruik', name: `Gruik sans MJ ${tag}`, options: { map: 'fixture' }, hostUserId: host, seats: [{ userId: a, lordName: 'Elves' }, { userId: b, lordName: 'Dwarves' }] });
        const on = await refused(setGm(ctx, plain, host, `mjg1-${tag}`), 409, 'gm-fixed', 'a started Gruik game without a GM cannot get one');
        assert.match(on.localized!.en, /started without a GM/, 'why, in English');
        assert.equal((await gameRow(db, plain)).gm_user_id, null, 'still none');
      } finally { await db.close(); }
    });
  });

  describe(`the reminders follow the deadline in force (${kind})`, () => {
    const subjects = async (t: Table, userId: number, re: RegExp) => (await mailsTo(t, userId)).filter((m) => re.test(m.subject));

    test('a game of order sheets: reminded, the GM extends, reminded again 24 h before the new deadline', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db, { weekly: true });
        const first = await deadlineOf(t);
        const tz = (await gameRow(db, t.id)).schedule.timeZone as string;
        const reminders = () => Promise.all([subjects(t, t.p1, /^Rappel — /), subjects(t, t.p2, /^Reminder — /)]);
        t.clock.now = new Date(first - 24 * HOUR - MIN);
        assert.equal(await sendReminders(t.ctx), 0, 'not yet');
        t.clock.now = new Date(first - 23 * HOUR);
        assert.equal(await sendReminders(t.ctx), 2, 'Aude and Bérenger, their sheets empty');
        assert.equal(await sendReminders(t.ctx), 0, 'the deadline did not move: no second reminder');
        const [fr1, en1] = await reminders();
        assert.ok(fr1.length === 1 && fr1[0]!.text.includes(formatDeadline(new Date(first), tz, 'fr')), 'the first gives the first deadline');
        // The GM gives two more days: the new deadline's reminder waits for its own time.
        const a = await extendStep(t.ctx, t.id, t.gm, 48);
        assert.equal(await sendReminders(t.ctx), 0, 'the new deadline is 71 h away');
        t.clock.now = new Date(a.deadline.getTime() - 24 * HOUR - MIN);
        assert.equal(await sendReminders(t.ctx), 0, 'a minute before the new reminder’s time');
        await games.setReady(t.ctx, t.id, 'p1', true); // Aude is done (ready with an empty sheet: she chose to do nothing)
        t.clock.now = new Date(a.deadline.getTime() - 24 * HOUR + MIN);
        const [x, y] = await Promise.all([sendReminders(t.ctx), sendReminders(t.ctx)]);
        assert.equal(x + y, 1, 'due for the new deadline: Bérenger, whose sheet is still empty, once with two passes in parallel');
        assert.equal(await sendReminders(t.ctx), 0, 'once');
        const [fr2, en2] = await reminders();
        assert.equal(en2.length, en1.length + 1, 'Bérenger, still silent, is reminded again');
        assert.ok(en2.at(-1)!.text.includes(formatDeadline(a.deadline, tz, 'en')), 'with the new deadline');
        assert.ok(!en2.at(-1)!.text.includes(formatDeadline(new Date(first), tz, 'en')), 'not the old one');
        assert.equal(fr2.length, fr1.length, 'Aude, ready, is not');
        // Three hours before the deadline, a short extension: its reminder's time has already come, it goes at once.
        t.clock.now = new Date(a.deadline.getTime() - 3 * HOUR);
        assert.equal(await sendReminders(t.ctx), 0, 'nothing moved since');
        const b = await extendStep(t.ctx, t.id, t.gm, 2);
        assert.equal(await sendReminders(t.ctx), 1, 'the new deadline is within 24 h: reminded now');
        assert.equal(await sendReminders(t.ctx), 0);
        assert.ok((await reminders())[1].at(-1)!.text.includes(formatDeadline(b.deadline, tz, 'en')));
        // The step resolves at the new deadline; the next step is reminded as before.
        t.clock.now = new Date(b.deadline.getTime() + MIN);
        await settle(t);
        assert.equal(await stepOf(t), 1);
      } finally { await db.close(); }
    });

    test('a game of prompts: the last reminder sent, the GM extends, then a player: a last reminder for each new deadline', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db);
        const row = async () => (await db.one<{ asked_at: Date; deadline: Date; schedule: { timeZone: string } }>('SELECT asked_at, deadline, schedule FROM games WHERE id = $1', [t.id]))!;
        const g0 = await row();
        const tz = g0.schedule.timeZone;
        const last = () => Promise.all([subjects(t, t.p1, /^Dernier rappel — /), subjects(t, t.p2, /^Last reminder — /)]);
        const half = () => Promise.all([subjects(t, t.p1, /^Rappel — /), subjects(t, t.p2, /^Reminder — /)]);
        const r0 = reminderTimes(g0.asked_at, g0.deadline);
        t.clock.now = new Date(r0.half.getTime() + 1000);
        assert.equal(await sendPromptReminders(t.ctx), 2, 'half-time: both are reminded');
        t.clock.now = new Date(r0.last.getTime() + 1000);
        assert.equal(await sendPromptReminders(t.ctx), 2, 'the last reminder');
        assert.equal(await sendPromptReminders(t.ctx), 0, 'nothing moved: nothing more');
        // The GM extends by an hour: no mail now; the last reminder of the new deadline at its time.
        const a = await extendStep(t.ctx, t.id, t.gm, 1);
        const r1 = reminderTimes(g0.asked_at, a.deadline);
        assert.equal(await sendPromptReminders(t.ctx), 0, 'right after the extension: nothing (the half-time one went out)');
        t.clock.now = new Date(r1.last.getTime() - 1000);
        assert.equal(await sendPromptReminders(t.ctx), 0, 'a second before the new last reminder’s time');
        t.clock.now = new Date(r1.last.getTime() + 1000);
        const [x, y] = await Promise.all([sendPromptReminders(t.ctx), sendPromptReminders(t.ctx)]);
        assert.equal(x + y, 2, 'the last reminder for the new deadline, once each with two passes in parallel');
        assert.equal(await sendPromptReminders(t.ctx), 0);
        let [fr, en] = await last();
        assert.deepEqual([fr.length, en.length], [2, 2], 'two last reminders each');
        assert.ok(en[1]!.text.includes(formatDeadline(a.deadline, tz, 'en')) && fr[1]!.text.includes(formatDeadline(a.deadline, tz, 'fr')), 'the second gives the new deadline');
        assert.ok(en[0]!.text.includes(formatDeadline(g0.deadline, tz, 'en')), 'the first gave the old one');
        // Aude's own extension: the same again for the deadline it makes.
        const e = await extendDeadline(t.ctx, t.id, 'p1');
        assert.ok(e.extended && e.deadline!.getTime() > a.deadline.getTime(), 'Aude extends');
        const r2 = reminderTimes(g0.asked_at, e.deadline!);
        assert.equal(await sendPromptReminders(t.ctx), 0, 'not at once');
        t.clock.now = new Date(r2.last.getTime() - 1000);
        assert.equal(await sendPromptReminders(t.ctx), 0);
        t.clock.now = new Date(r2.last.getTime() + 1000);
        assert.equal(await sendPromptReminders(t.ctx), 2, 'the last reminder for the deadline Aude’s extension made');
        assert.equal(await sendPromptReminders(t.ctx), 0);
        [fr, en] = await last();
        assert.deepEqual([fr.length, en.length], [3, 3]);
        assert.ok(en[2]!.text.includes(formatDeadline(e.deadline!, tz, 'en')));
        assert.deepEqual((await half()).map((m) => m.length), [1, 1], 'the half-time reminder went once');
        // The default applies at the deadline in force.
        t.clock.now = new Date(e.deadline!.getTime() + 1000);
        await settle(t);
        assert.equal(await stepOf(t), 1);
      } finally { await db.close(); }
    });
  });
}
