/**
 * The host closes a paused game (engine "hosts: actions on a paused game", games/prompts.ts
 * `takeHostAction`, the `/games/:id/host-action` route), on both databases, with Warrior Knights'
 * `close` (§9.1 item 9: the current Influence ranking with the §7.2 tie-breaks). Service: refused
 * while the game runs unpaused (409) and to anyone but the host (403); once paused, the close ends
 * the game with the ruleset's ranking, lifts the pause, writes every baron's report of it (French
 * and English), mails each player in his language, marks the winner, and a replay of the stored
 * game reproduces it. Route: the form shows on the host's page of a paused game only; a player who
 * is not the host is refused with the message, a POST without the form token or without the
 * confirmation box changes nothing. In Chromium: the host ticks the box and clicks the button.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { games, replayStored } from '../../src/platform/games/service.ts';
import { GamesError } from '../../src/platform/games/service.ts';
import { pauseGame, takeHostAction } from '../../src/platform/games/prompts.ts';
import { loadAllRulesets } from '../../src/rulesets/index.ts';
import { influenceRanking } from '../../src/rulesets/warrior-knights/rules/arrival.ts';
import type { WkGame } from '../../src/rulesets/warrior-knights/flow.ts';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser as Chromium } from 'playwright-core';
import { Browser, pageText } from './http.ts';
import { BROWSER_SKIP, launchBrowser, watchErrors } from './browser.ts';
import { loggedIn, logIn, newUser, type TestUser } from './users.ts';
import { DB_KINDS, startTestPlatform, stateOf, type DbKind, type TestPlatform } from './util.ts';

await loadAllRulesets();

async function wkGame(tp: TestPlatform, host: TestUser, other: TestUser, name: string, ranked = false): Promise<number> {
  return games.create(tp.platform.ctx, {
    ruleset: 'warrior-knights', name, options: {}, seed: `host-close-${name}`, hostUserId: host.id, isPrivate: true, ...(ranked ? { ranked: true } : {}),
    seats: [{ userId: host.id, lordName: 'Aude' }, { userId: other.id, lordName: 'Bérenger' }],
    maxPlayers: 2, prompts: { pace: 'live' },
  });
}

async function refusedWith(p: Promise<unknown>, code: string, status: number, what: string): Promise<void> {
  await assert.rejects(p, (e: unknown) => e instanceof GamesError && e.code === code && e.statusCode === status, what);
}

function suite(kind: DbKind) {
  describe(`the host closes a paused Warrior Knights game (${kind})`, () => {
    let tp: TestPlatform;
    let host: TestUser, other: TestUser;
    before(async () => {
      tp = await startTestPlatform(kind, {}, { scheduler: false });
      host = await newUser(tp, `hc_host_${kind}`);
      other = await newUser(tp, `hc_other_${kind}`, 'en');
    });
    after(async () => { await tp?.close(); });

    test('service: refused unpaused and to a non-host; paused, the close finishes the game with the §7.2 ranking, told to everyone, replayable', { timeout: 300_000 }, async () => {
      const ctx = tp.platform.ctx;
      const id = await wkGame(tp, host, other, `Close ${kind}`);
      await refusedWith(takeHostAction(ctx, id, host.id, { id: 'close', values: {} }), 'not-paused', 409, 'a running game that is not paused: refused');
      await pauseGame(ctx, id, host.id, true);
      await refusedWith(takeHostAction(ctx, id, other.id, { id: 'close', values: {} }), 'not-host', 403, 'a player who is not the host: refused');
      const bad = await takeHostAction(ctx, id, host.id, { id: 'resign', values: {} });
      assert.equal(bad.ok, false, 'an action the ruleset does not offer is refused');
      assert.match(bad.issues[0]?.text?.fr ?? '', /n’existe pas/, 'with the ruleset’s reason in French');
      const before = await stateOf<WkGame>(tp, id);
      const step0 = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step);
      const want = influenceRanking(before.wk);
      const r = await takeHostAction(ctx, id, host.id, { id: 'close', values: {} }, step0);
      assert.ok(r.ok && r.finished, `the close is taken and ends the game: ${JSON.stringify(r.issues)}`);
      assert.equal(r.step, step0 + 1, 'as a step of its own');
      const row = (await tp.db.one<{ status: string; paused_at: Date | null; finished_at: Date | null; deadline: Date | null }>('SELECT status, paused_at, finished_at, deadline FROM games WHERE id = $1', [id]))!;
      assert.equal(row.status, 'finished', 'the game is finished');
      assert.equal(row.paused_at, null, 'the pause is lifted');
      assert.ok(row.finished_at, 'its end is recorded (game-end.ts)');
      assert.equal(row.deadline, null, 'no deadline left');
      const after = await stateOf<WkGame>(tp, id);
      assert.equal(after.wk.stage, 'over', 'the rules\' state is over');
      assert.equal(after.flow.closed, true, 'closed by the host');
      const winner = want[0]!.length === 1 ? want[0]![0]! : null;
      assert.equal(after.wk.winner, winner, 'the winner is the head of the §7.2 ranking (none when still tied)');
      const won = await tp.db.query<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND won ORDER BY player', [id]);
      assert.deepEqual(won.map((w) => w.player), winner ? [winner] : [], 'the seat of the winner is marked, nobody else');
      const step = (await tp.db.one<{ action: unknown }>('SELECT action FROM steps WHERE game_id = $1 AND idx = $2', [id, r.step]))!;
      const action = (typeof step.action === 'string' ? JSON.parse(step.action) : step.action) as { player: string };
      assert.equal(action.player, '@host', 'recorded as the host\'s action');
      const reports = await tp.db.query<{ player: string; text_fr: string; text_en: string }>('SELECT player, text_fr, text_en FROM reports WHERE game_id = $1 AND idx = $2 ORDER BY player', [id, r.step]);
      assert.equal(reports.length, 2, 'every baron has his report of the close');
      for (const rep of reports) {
        assert.match(rep.text_fr, /L’hôte clôt la partie en pause avec le classement du moment/, `${rep.player}: the French report tells the close`);
        assert.match(rep.text_en, /The host closes the paused game with the current ranking/, `${rep.player}: the English report too`);
        assert.match(rep.text_en, /Ranking: 1\. /, `${rep.player}: with the ranking`);
      }
      const mails = await tp.db.query<{ to_addr: string; subject: string; text: string; html: string | null }>('SELECT to_addr, subject, text, html FROM outbox WHERE subject LIKE $1 AND (subject LIKE $2 OR subject LIKE $3) ORDER BY id', [`%Close ${kind}%`, '%close par%', '%closed by%']);
      const toHost = mails.filter((m) => m.to_addr === host.email);
      const toOther = mails.filter((m) => m.to_addr === other.email);
      assert.equal(toHost.length, 1, 'the host (a player) is mailed once');
      assert.match(toHost[0]!.subject, /Partie close par l’hôte/, 'in French');
      assert.match(toHost[0]!.text, /clôt la partie/, 'with his report');
      assert.equal(toOther.length, 1, 'the other player is mailed once');
      assert.match(toOther[0]!.subject, /Game closed by the host/, 'in English');
      assert.match(toOther[0]!.text, /Ranking: 1\./, 'with the ranking');
      assert.match(toOther[0]!.html ?? '', /<(p|ol|li)[ >]/, 'the report also as an HTML document, not only as text');
      assert.doesNotMatch(toOther[0]!.text, /\*\*|^#+ /m, 'and the text part holds no Markdown syntax');
      const rep = await replayStored(tp.db, id);
      assert.ok(rep?.ok, `a replay of the stored game reaches the same states, the close included: ${JSON.stringify(rep?.mismatches)}`);
      await refusedWith(takeHostAction(ctx, id, host.id, { id: 'close', values: {} }), 'finished', 409, 'a finished game cannot be closed again');
    });

    test('service: "abandoned" (§9.1 item 9, the host\'s other choice): no winner, no ranking, no points moved, told to everyone; the ranking close of a ranked game moves them', { timeout: 300_000 }, async () => {
      const ctx = tp.platform.ctx;
      const id = await wkGame(tp, host, other, `Abandon ${kind}`, true);
      await pauseGame(ctx, id, host.id, true);
      const r = await takeHostAction(ctx, id, host.id, { id: 'abandon', values: {} });
      assert.ok(r.ok && r.finished, `the abandon is taken and ends the game: ${JSON.stringify(r.issues)}`);
      const row = (await tp.db.one<{ status: string; paused_at: Date | null }>('SELECT status, paused_at FROM games WHERE id = $1', [id]))!;
      assert.equal(row.status, 'finished');
      assert.equal(row.paused_at, null, 'the pause is lifted');
      const after = await stateOf<WkGame>(tp, id);
      assert.equal(after.flow.abandoned, true);
      assert.equal(after.wk.winner, null);
      assert.deepEqual(await tp.db.query('SELECT player FROM seats WHERE game_id = $1 AND won', [id]), [], 'no seat marked as won');
      const ranked = await tp.db.one<{ counted: number }>('SELECT counted FROM ranked_games WHERE game_id = $1', [id]);
      assert.equal(Number(ranked?.counted ?? -1), 0, 'the ranked game is not scored: nobody\'s points move');
      const reports = await tp.db.query<{ text_fr: string; text_en: string }>('SELECT text_fr, text_en FROM reports WHERE game_id = $1 AND idx = $2', [id, r.step]);
      assert.equal(reports.length, 2, 'every baron has his report');
      for (const rep of reports) {
        assert.match(rep.text_fr, /déclare la partie en pause abandonnée/);
        assert.match(rep.text_en, /declares the paused game abandoned/);
      }
      const mails = await tp.db.query<{ to_addr: string; text: string }>('SELECT to_addr, text FROM outbox WHERE subject LIKE $1 ORDER BY id', [`%Abandon ${kind}%`]);
      assert.ok(mails.some((m) => m.to_addr === other.email && /declares\s+the\s+paused\s+game\s+abandoned/.test(m.text)), 'the other player is mailed in English');
      const rep = await replayStored(tp.db, id);
      assert.ok(rep?.ok, `replayed: ${JSON.stringify(rep?.mismatches)}`);
      // the same ranked game closed with the ranking instead: both players counted
      const id2 = await wkGame(tp, host, other, `Ranked close ${kind}`, true);
      await pauseGame(ctx, id2, host.id, true);
      assert.ok((await takeHostAction(ctx, id2, host.id, { id: 'close', values: {} })).finished);
      assert.equal(Number((await tp.db.one<{ counted: number }>('SELECT counted FROM ranked_games WHERE game_id = $1', [id2]))?.counted), 2, 'the ranking close is scored');
    });

    test('route: the form on the paused game\'s host page only; non-host, no token, no confirmation refused', { timeout: 300_000 }, async () => {
      const ctx = tp.platform.ctx;
      const id = await wkGame(tp, host, other, `Route ${kind}`);
      const h = await loggedIn(tp, host);
      const o = await loggedIn(tp, other);
      assert.doesNotMatch((await h.get(`/games/${id}/play`)).text, /host-action/, 'no close form while the game runs');
      await pauseGame(ctx, id, host.id, true);
      const page = (await h.get(`/games/${id}/play`)).text;
      assert.match(page, /action="\/games\/\d+\/host-action"/, 'the host sees the host action form on the paused game');
      assert.match(pageText(page), /Clore la partie avec le classement du moment/, 'labelled in his language');
      assert.match(pageText(page), /Déclarer la partie abandonnée/, 'the "abandoned" close beside it (§9.1 item 9)');
      assert.match(page, /name="confirm" value="1" required/, 'with a confirmation box');
      assert.doesNotMatch((await o.get(`/games/${id}/play`)).text, /host-action/, 'a player who is not the host sees no such form');
      const step = String(Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [id]))!.step));
      const denied = await o.post(`/games/${id}/host-action`, { action: 'close', confirm: '1', step });
      assert.equal(denied.status, 403, 'a non-host is refused');
      assert.match(pageText(denied.text), /Only the game’s host may do this/, 'with a clear message in his language');
      const noToken = await h.post(`/games/${id}/host-action`, { action: 'close', confirm: '1', step }, { csrf: false });
      assert.equal(noToken.status, 403, 'no form token: refused');
      // A visitor not signed in (with a form token of his own): the private game reads as missing.
      const anon = new Browser(tp.url, { ip: '10.9.0.7' });
      await anon.get('/');
      const stranger = await anon.post(`/games/${id}/host-action`, { action: 'close', confirm: '1', step });
      assert.equal(stranger.status, 404, `a visitor not signed in is told the private game does not exist (got ${stranger.status})`);
      const noConfirm = await h.post(`/games/${id}/host-action`, { action: 'close', step });
      assert.equal(noConfirm.status, 400, 'no confirmation: refused');
      assert.match(pageText(noConfirm.text), /Cochez la case de confirmation/, 'told to tick the box');
      assert.equal((await tp.db.one<{ status: string }>('SELECT status FROM games WHERE id = $1', [id]))!.status, 'running', 'none of these closed the game');
      const ok = await h.post(`/games/${id}/host-action`, { action: 'close', confirm: '1', step });
      assert.equal(ok.status, 200, 'the host\'s close goes through (redirected to the page)');
      assert.match(pageText(ok.text), /La partie est close\./, 'the flash says so');
      assert.equal((await tp.db.one<{ status: string }>('SELECT status FROM games WHERE id = $1', [id]))!.status, 'finished', 'the game is finished');
      const log = pageText((await o.get(`/games/${id}/log`)).text);
      assert.match(log, /free action \(the host\)/, 'the log names the host as the one who acted');
      assert.match(log, /The host closes the paused game/, 'and the other player reads the close in English');
    });
  });
}

for (const kind of DB_KINDS) suite(kind);

const ARTIFACTS = new URL('../artifacts/', import.meta.url);

describe('the host closes a paused Warrior Knights game in the browser', { skip: BROWSER_SKIP }, () => {
  let tp: TestPlatform;
  let chromium: Chromium;
  before(async () => { tp = await startTestPlatform('pglite', {}, { scheduler: false }); chromium = await launchBrowser(); });
  after(async () => { await chromium?.close(); await tp?.close(); });

  /** A paused two-baron game and its host's play page in Chromium (French; the other player English). */
  const hostOnPausedGame = async (tag: string, name: string) => {
    const host = await newUser(tp, `${tag}_host`);
    const other = await newUser(tp, `${tag}_other`, 'en');
    const id = await wkGame(tp, host, other, name);
    await pauseGame(tp.platform.ctx, id, host.id, true);
    const errors: string[] = [];
    const ctx = await chromium.newContext({ viewport: { width: 1000, height: 900 } });
    const p = watchErrors(await ctx.newPage(), errors);
    await logIn(p, tp.url, host);
    await p.goto(`${tp.url}/games/${id}/play`);
    return { id, errors, ctx, p };
  };

  test('the host ticks the confirmation and closes the game; the page says it is over', { timeout: 300_000 }, async () => {
    const { id, errors, ctx, p } = await hostOnPausedGame('hcb', 'Browser');
    const form = p.locator('#host-action-close');
    await form.scrollIntoViewIfNeeded();
    mkdirSync(fileURLToPath(ARTIFACTS), { recursive: true });
    await p.screenshot({ path: fileURLToPath(new URL('wk-host-close-before.png', ARTIFACTS)), fullPage: true });
    await form.getByLabel(/Je confirme/).check();
    await Promise.all([p.waitForURL(/done=closed/), form.getByRole('button', { name: 'Clore la partie avec le classement du moment' }).click()]);
    const text = await p.locator('main').innerText();
    assert.match(text, /La partie est close\./, 'the flash says the game is closed');
    await p.screenshot({ path: fileURLToPath(new URL('wk-host-close-after.png', ARTIFACTS)), fullPage: true });
    assert.equal((await tp.db.one<{ status: string }>('SELECT status FROM games WHERE id = $1', [id]))!.status, 'finished', 'the game is finished');
    assert.deepEqual(errors, [], 'no script error');
    await ctx.close();
  });

  test('the host declares a paused game abandoned; the page says it is over, with no winner', { timeout: 300_000 }, async () => {
    const { id, errors, ctx, p } = await hostOnPausedGame('hcb2', 'Browser abandon');
    const form = p.locator('#host-action-abandon');
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel(/Je confirme/).check();
    await Promise.all([p.waitForURL(/done=closed/), form.getByRole('button', { name: 'Déclarer la partie abandonnée' }).click()]);
    assert.match(await p.locator('main').innerText(), /La partie est close\./, 'the flash says the game is closed');
    await p.screenshot({ path: fileURLToPath(new URL('wk-host-abandon-after.png', ARTIFACTS)), fullPage: true });
    assert.equal((await tp.db.one<{ status: string }>('SELECT status FROM games WHERE id = $1', [id]))!.status, 'finished', 'the game is finished');
    assert.equal((await stateOf<WkGame>(tp, id)).flow.abandoned, true, 'abandoned');
    assert.deepEqual(await tp.db.query('SELECT player FROM seats WHERE game_id = $1 AND won', [id]), [], 'no winner');
    assert.deepEqual(errors, [], 'no script error');
    await ctx.close();
  });
});
