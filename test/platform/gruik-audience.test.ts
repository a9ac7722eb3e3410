/**
 * Fog of war on the log (issue 16, "a leak"): a Gruik tabletop battle's free actions (army lists,
 * dates: tabletop.ts) are known to the battle's two sides alone (`Ruleset.freeActionAudience`,
 * recorded by the engine in the step's `action.audience`). On the site, a third player's log page,
 * game page, report rows and the API's history do not show the step; the two sides' do. Rulesets
 * whose free actions are public (Fief, Warrior Knights) give no audience: their steps stay public.
 *
 * The battle's own resolution steps (a side's report moving the flow to the other's confirmation,
 * `Ruleset.stepAudience`, recorded in `StepRecord.audience` and `steps.audience`) are hidden the same
 * way, and so are the live pings of both (live/hub.ts `audience`): a third player's live page is not
 * told that something happened. The step that runs S6.3 and the rest of the season is everyone's.
 *
 * The public part of the season report (App. B 11: declarations, rumours without their author,
 * treaties in force) is on the game's page for every reader, a visitor of a public game and its GM
 * too; a treaty waiting for signatures shows on its signatories' play pages alone.
 *
 * The battle is put in the game's state directly (a 4-player game on the default map, the flow at
 * `battle-report` with a battle accepted by two seats), as the flow leaves it after both accept.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { advance, createGame, submit, takeAction } from '../../src/engine/game.ts';
import { games } from '../../src/platform/games/service.ts';
import { takeFreeAction } from '../../src/platform/games/prompts.ts';
import { takeGmAction } from '../../src/platform/games/gm.ts';
import { answerPrompt } from '../../src/platform/games/prompts.ts';
import { actionSeenBy, stepAudienceSeenBy } from '../../src/platform/games/step-audience.ts';
import type { LiveEvent } from '../../src/platform/live/hub.ts';
import { loadAllRulesets, getRuleset } from '../../src/rulesets/index.ts';
import { gruik } from '../../src/rulesets/gruik/index.ts';
import { SEQ, type GruikGame } from '../../src/rulesets/gruik/flow.ts';
import { loggedIn, newUser, type TestUser as U } from './users.ts';
import { DB_KINDS, stateOf, startTestPlatform, waitForStep, type TestPlatform } from './util.ts';
import { Browser } from './http.ts';
await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

/** A Gruik game of the four users with `gm` as its GM, hosted by the first, set in a battle's season (withBattle). */
async function gmGameInBattle(tp: TestPlatform, users: U[], gm: U, o: { name: string; seed: string; isPrivate: boolean }): Promise<{ gameId: number; seats: string[] }> {
  const gameId = await games.create(tp.platform.ctx, {
    ruleset: 'gruik', name: o.name, options: { map: 'anneau', players: 4, tabletop: true, seasons: 3 }, seed: o.seed, hostUserId: users[0]!.id, ...(o.isPrivate ? { isPrivate: true } : {}),
    seats: users.map((u, i) => ({ userId: u.id, lordName: `Seigneur ${i + 1}` })), maxPlayers: 4, prompts: { pace: 'live' }, gm: { login: gm.login },
  });
  const g = withBattle(await stateOf<GruikGame>(tp, gameId));
  await tp.db.query('UPDATE games SET state = $2 WHERE id = $1', [gameId, JSON.stringify(g)]);
  return { gameId, seats: g.seats };
}

/** The flow as it stands once both sides of a battle in `province` accepted the table (§6.12.1). */
function withBattle(g: GruikGame): GruikGame {
  const [a, b] = g.seats as [string, string];
  const armyOf = (st: string) => Object.values(g.gruik.armies).find((x) => x.state === st)!;
  const A = armyOf(a), B = armyOf(b);
  const province = A.location as string;
  B.location = province;
  g.flow = { ...g.flow, phase: 'battle-report', next: SEQ.indexOf('S6.3'), asked: { orders: true, reaction: true, tabletop: true },
    battles: [{ id: 'tt1', province, armies: [A.id, B.id], sides: [a, b], fielded: { [a]: 4, [b]: 4 }, accepted: true, reports: {} }] };
  return g;
}

test('the engine records a tabletop action’s audience (the two sides), replays it, and records none for public free actions', () => {
  let game = createGame(gruik, { map: 'anneau', players: 4, tabletop: true }, 'aud-1');
  game = { ...game, state: withBattle(game.state) };
  const [a, b, c] = game.state.seats;
  const r = takeAction(gruik, game, a!, { id: 'army-list:tt1', values: { list: '4 Blades, General (Knight)', ap: '3' } });
  assert.deepEqual(r.validation.issues, [], 'the list is taken');
  const step = r.game.steps.at(-1)!;
  assert.deepEqual(step.action?.audience, [a, b], 'the actor, then the other side');
  assert.ok(!step.action!.audience!.includes(c!), 'a third player is not told');
  assert.equal(actionSeenBy(step.action, c!), false, 'the third player does not see it');
  assert.equal(actionSeenBy(step.action, b!), true, 'the other side sees it');
  assert.equal(actionSeenBy({ player: a, value: 1 }, null), true, 'an action with no audience is public');
  assert.equal(getRuleset('warrior-knights').ruleset.freeActionAudience, undefined, 'warrior-knights: free actions stay public');
  const fiefAudience = getRuleset('fief').ruleset.freeActionAudience!;
  assert.equal(fiefAudience(null as never, 'P1', { k: 'gift' }), null, 'fief: its free actions stay public…');
  assert.deepEqual(fiefAudience(null as never, 'P1', { k: 'tooth' }), ['P1'], '…but the Tooth of St Géronce’s standing answer, told to its holder alone');
  // the same action on the same state: the same step (a replay asks the ruleset again and gets the same audience)
  const again = takeAction(gruik, game, a!, { id: 'army-list:tt1', values: { list: '4 Blades, General (Knight)', ap: '3' } }).game.steps.at(-1)!;
  assert.deepEqual([again.hash, again.action], [step.hash, step.action], 'deterministic');
});

describe('a tabletop action on the site (pglite)', () => {
  let tp: TestPlatform;
  let users: U[] = [];
  let gameId = 0;
  let seats: string[] = [];
  before(async () => {
    tp = await startTestPlatform('pglite');
    users = [await newUser(tp, 'aud_one'), await newUser(tp, 'aud_two', 'en'), await newUser(tp, 'aud_three'), await newUser(tp, 'aud_four', 'en')];
    gameId = await games.create(tp.platform.ctx, {
      ruleset: 'gruik', name: 'Le Brouillard', options: { map: 'anneau', players: 4, tabletop: true, seasons: 3, gm: false }, seed: 'aud-site', hostUserId: users[0]!.id, isPrivate: true,
      seats: users.map((u, i) => ({ userId: u.id, lordName: `Seigneur ${i + 1}` })), maxPlayers: 4, prompts: { pace: 'live' },
    });
    const g = withBattle(await stateOf<GruikGame>(tp, gameId));
    seats = g.seats;
    await tp.db.query('UPDATE games SET state = $2 WHERE id = $1', [gameId, JSON.stringify(g)]);
  });
  after(async () => { await tp?.close(); });

  test('only the two sides read the list’s step: log page, game page, reports and API; a third player does not', { timeout: 120_000 }, async () => {
    const byId = async (st: string) => {
      const id = Number((await tp.db.one<{ user_id: number }>('SELECT user_id FROM seats WHERE game_id = $1 AND player = $2', [gameId, st]))!.user_id);
      return users.find((u) => u.id === id)!;
    };
    const [sideA, sideB, third] = [await byId(seats[0]!), await byId(seats[1]!), await byId(seats[2]!)];
    const r = await takeFreeAction(tp.platform.ctx, gameId, seats[0]!, { id: 'army-list:tt1', values: { list: '4 Blades, General (Knight)', ap: '3' } });
    assert.ok(r.ok, `the list is taken: ${JSON.stringify(r.issues)}`);
    const idx = r.step!;
    const row = await tp.db.one<{ action: unknown }>('SELECT action FROM steps WHERE game_id = $1 AND idx = $2', [gameId, idx]);
    const action = typeof row!.action === 'string' ? JSON.parse(row!.action) : row!.action;
    assert.deepEqual(action.audience, [seats[0], seats[1]], 'the step records its audience');
    const reports = await tp.db.query<{ player: string }>('SELECT player FROM reports WHERE game_id = $1 AND idx = $2 ORDER BY player', [gameId, idx]);
    assert.deepEqual(reports.map((x) => x.player), [seats[0]!, seats[1]!].sort(), 'reports written for the two sides alone');

    for (const [u, sees] of [[sideA, true], [sideB, true], [third, false]] as const) {
      const b = await loggedIn(tp, u);
      const log = await b.get(`/games/${gameId}/log`);
      assert.equal(log.status, 200, 'the log page');
      assert.equal(log.text.includes(`id="step-${idx}"`), sees, `${u.login}: the step ${sees ? 'is' : 'is not'} in the log`);
      assert.equal(/action libre|free action/.test(log.text), sees, `${u.login}: the free-action badge ${sees ? 'shows' : 'does not show'}`);
      const page = await b.get(`/games/${gameId}`);
      assert.equal(page.status, 200, 'the game page');
      const play = await b.get(`/games/${gameId}/play`);
      assert.equal(play.status, 200, 'the play page');
      if (!sees) assert.ok(!/Blades|liste d’armée|army list/.test(play.text.replace(/<form[\s\S]*?<\/form>/g, '')), `${u.login}: no word of the list on the play page`);
      // The API's history, with a read token.
      const made = await b.post('/account/tokens', { name: 'reader', scope: ['read'] });
      const token = /<code class="token">([^<]+)<\/code>/.exec(made.text)?.[1];
      assert.ok(token, 'a token');
      const api = await fetch(`${tp.url}/api/v1/games/${gameId}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(api.status, 200, 'the API game');
      const history = ((await api.json()) as { history: { idx: number }[] }).history.map((h) => h.idx);
      assert.equal(history.includes(idx), sees, `${u.login}: the API history ${sees ? 'has' : 'has not'} the step`);
    }
    const state = await stateOf<GruikGame>(tp, gameId);
    assert.equal(state.flow.battles[0]!.table?.lists[seats[0]!]?.text, '4 Blades, General (Knight)', 'the list is in the game');
  });
});

const REPORT = (winner: string, a: string, b: string) => JSON.stringify({ outcome: { kind: 'decisive', winner }, onTable: { [a]: 2, [b]: 3 }, elements: [] });

test('the engine records a battle step’s audience (the two sides) while the table workflow alone moves on; the step that runs S6.3 on is everyone’s', () => {
  let game = createGame(gruik, { map: 'anneau', players: 4, tabletop: true }, 'aud-2');
  game = { ...game, state: withBattle(game.state) };
  const [a, b, c] = game.state.seats as [string, string, string];
  game = submit(gruik, game, a, 'battle-report:tt1', REPORT(a, a, b)).game;
  game = submit(gruik, game, b, 'battle-report:tt1', 'none').game;
  game = advance(gruik, game, { useDefaults: true });
  const reported = game.steps.at(-1)!;
  assert.equal(game.state.flow.phase, 'report-confirmation', 'the other side is asked to confirm');
  assert.deepEqual(reported.audience, [a, b].sort(), 'the report’s step is known to the two sides alone');
  assert.equal(stepAudienceSeenBy(reported.audience, c), false, 'not to a third player');
  assert.equal(stepAudienceSeenBy(reported.audience, null), false, 'nor to a visitor');
  game = submit(gruik, game, b, 'report-confirmation:tt1', 'confirm').game;
  game = advance(gruik, game, { useDefaults: true });
  const applied = game.steps.at(-1)!;
  assert.notEqual(game.state.flow.next, SEQ.indexOf('S6.3'), 'the confirmation let S6.3 and the rest run');
  assert.equal(applied.audience, undefined, 'that step is everyone’s');
  for (const id of ['fief', 'warrior-knights', 'gloire-et-pouvoir']) assert.equal(getRuleset(id).ruleset.stepAudience, undefined, `${id}: every step stays public`);
});

describe('a battle’s resolution step and the live pings on the site (pglite)', () => {
  let tp: TestPlatform;
  let users: U[] = [];
  let gameId = 0;
  let seats: string[] = [];
  before(async () => {
    tp = await startTestPlatform('pglite');
    users = [await newUser(tp, 'aud_five'), await newUser(tp, 'aud_six', 'en'), await newUser(tp, 'aud_seven'), await newUser(tp, 'aud_eight', 'en')];
    gameId = await games.create(tp.platform.ctx, {
      ruleset: 'gruik', name: 'La Brume', options: { map: 'anneau', players: 4, tabletop: true, seasons: 3, gm: false }, seed: 'aud-site-2', hostUserId: users[0]!.id, isPrivate: true,
      seats: users.map((u, i) => ({ userId: u.id, lordName: `Seigneur ${i + 1}` })), maxPlayers: 4, prompts: { pace: 'live' },
    });
    const g = withBattle(await stateOf<GruikGame>(tp, gameId));
    seats = g.seats;
    await tp.db.query('UPDATE games SET state = $2 WHERE id = $1', [gameId, JSON.stringify(g)]);
  });
  after(async () => { await tp?.close(); });

  test('a third player reads neither the report’s step nor its live ping, nor a tabletop action’s ping; the two sides do', { timeout: 120_000 }, async () => {
    const [a, b, c] = seats as [string, string, string];
    const heard: Record<string, LiveEvent[]> = { [a]: [], [b]: [], [c]: [], visitor: [] };
    const offs = [a, b, c].map((p) => tp.platform.ctx.live.subscribe(gameId, p, (e) => heard[p]!.push(e)));
    offs.push(tp.platform.ctx.live.subscribe(gameId, null, (e) => heard.visitor!.push(e)));
    // a free action of the battle: pinged to its two sides only
    const act = await takeFreeAction(tp.platform.ctx, gameId, a, { id: 'propose-date:tt1', values: { date: 'samedi 14 h' } });
    assert.ok(act.ok, `the date is proposed: ${JSON.stringify(act.issues)}`);
    const step0 = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [gameId]))!.step);
    // the report and the 'none' of the other side: the step resolves to the confirmation
    assert.ok((await answerPrompt(tp.platform.ctx, gameId, a, 'battle-report:tt1', REPORT(a, a, b))).ok, 'the winner reports');
    assert.ok((await answerPrompt(tp.platform.ctx, gameId, b, 'battle-report:tt1', 'none')).ok, 'the other leaves it to him');
    await waitForStep(tp, gameId, step0 + 1);
    const idx = step0 + 1;
    const row = await tp.db.one<{ audience: unknown }>('SELECT audience FROM steps WHERE game_id = $1 AND idx = $2', [gameId, idx]);
    const audience = typeof row!.audience === 'string' ? JSON.parse(row!.audience) : row!.audience;
    assert.deepEqual(audience, [a, b].sort(), 'the step records its audience');
    const reports = await tp.db.query<{ player: string }>('SELECT player FROM reports WHERE game_id = $1 AND idx = $2 ORDER BY player', [gameId, idx]);
    assert.deepEqual(reports.map((x) => x.player), [a, b].sort(), 'reports written for the two sides alone');
    await new Promise((r) => setTimeout(r, 200)); // the pings are published after the commit
    const pings = (p: string) => heard[p]!.filter((e) => (e.kind === 'step' && e.step === idx) || (e.kind === 'action' && e.step === act.step)).map((e) => e.kind).sort();
    assert.deepEqual(pings(a), ['action', 'step'], 'the side who acted hears the action and the step');
    assert.deepEqual(pings(b), ['action', 'step'], 'the other side too');
    assert.deepEqual(pings(c), [], 'a third player hears neither');
    assert.deepEqual(pings('visitor'), [], 'nor a visitor');
    const answers = (p: string) => heard[p]!.filter((e) => e.kind === 'answer').length;
    assert.ok(answers(a) >= 2 && answers(b) >= 2, `the two sides hear the answers to the battle's questions (${answers(a)}, ${answers(b)})`);
    assert.equal(answers(c), 0, 'the third player does not (the pause is the battle’s)');
    // a public event still reaches everyone
    heard[c]!.length = 0;
    await tp.platform.ctx.live.publish(gameId, { kind: 'chat' });
    assert.deepEqual(heard[c]!.map((e) => e.kind), ['chat'], 'a public event reaches the third player');
    for (const off of offs) off();

    const byId = async (st: string) => {
      const id = Number((await tp.db.one<{ user_id: number }>('SELECT user_id FROM seats WHERE game_id = $1 AND player = $2', [gameId, st]))!.user_id);
      return users.find((u) => u.id === id)!;
    };
    for (const [st, sees] of [[a, true], [b, true], [c, false]] as const) {
      const u = await byId(st);
      const br = await loggedIn(tp, u);
      const log = await br.get(`/games/${gameId}/log`);
      assert.equal(log.status, 200, 'the log page');
      assert.equal(log.text.includes(`id="step-${idx}"`), sees, `${u.login}: the report's step ${sees ? 'is' : 'is not'} in the log`);
      const made = await br.post('/account/tokens', { name: 'reader', scope: ['read'] });
      const token = /<code class="token">([^<]+)<\/code>/.exec(made.text)?.[1];
      assert.ok(token, 'a token');
      const api = await fetch(`${tp.url}/api/v1/games/${gameId}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(api.status, 200, 'the API game');
      const history = ((await api.json()) as { history: { idx: number }[] }).history.map((h) => h.idx);
      assert.equal(history.includes(idx), sees, `${u.login}: the API history ${sees ? 'has' : 'has not'} the step`);
    }
  });
});

test('the pause itself (stepAudience asked with one state twice, for the live pings of answers and rulings): a battle’s, or the GM’s wait on its dispute alone', () => {
  const g = withBattle(createGame(gruik, { map: 'anneau', players: 4, tabletop: true }, 'aud-3').state);
  const [a, b] = g.seats as [string, string];
  assert.deepEqual(gruik.stepAudience!(g, g), [a, b].sort(), 'the battle-report pause: its sides');
  const dispute = structuredClone(g);
  dispute.flow.phase = 'gm';
  dispute.flow.items = [{ input: {} as never, source: 'dispute', battle: 'tt1' }];
  assert.deepEqual(gruik.stepAudience!(dispute, dispute), [a, b].sort(), 'the GM’s wait on the battle’s dispute alone: its sides');
  const mixed = structuredClone(dispute);
  mixed.flow.items.push({ input: {} as never, source: 'queue' });
  assert.equal(gruik.stepAudience!(mixed, mixed), null, 'with an item of the season’s queue beside it: everyone');
  const orders = createGame(gruik, { map: 'anneau', players: 4, tabletop: true }, 'aud-3').state;
  assert.equal(gruik.stepAudience!(orders, orders), null, 'the orders’ pause: everyone');
});

describe('the game’s GM reads every step (pglite): the battle’s steps and free actions, in the log, history, API and live pings', () => {
  let tp: TestPlatform;
  let users: U[] = [];
  let gm: U;
  let gameId = 0;
  let seats: string[] = [];
  before(async () => {
    tp = await startTestPlatform('pglite');
    users = [await newUser(tp, 'aud_gm_a'), await newUser(tp, 'aud_gm_b', 'en'), await newUser(tp, 'aud_gm_c'), await newUser(tp, 'aud_gm_d', 'en')];
    gm = await newUser(tp, 'aud_gm_referee', 'en');
    ({ gameId, seats } = await gmGameInBattle(tp, users, gm, { name: 'Le Regard', seed: 'aud-site-gm', isPrivate: true }));
  });
  after(async () => { await tp?.close(); });

  test('the GM (no seat) hears and reads the battle’s action and report steps; a third player and a visitor still do not', { timeout: 120_000 }, async () => {
    const [a, b, c] = seats as [string, string, string];
    const heard: Record<string, LiveEvent[]> = { gm: [], [c]: [], visitor: [] };
    const offs = [
      tp.platform.ctx.live.subscribe(gameId, null, (e) => heard.gm!.push(e), true),
      tp.platform.ctx.live.subscribe(gameId, c, (e) => heard[c]!.push(e)),
      tp.platform.ctx.live.subscribe(gameId, null, (e) => heard.visitor!.push(e)),
    ];
    const act = await takeFreeAction(tp.platform.ctx, gameId, a, { id: 'propose-date:tt1', values: { date: 'samedi 14 h' } });
    assert.ok(act.ok, `the date is proposed: ${JSON.stringify(act.issues)}`);
    const step0 = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [gameId]))!.step);
    assert.ok((await answerPrompt(tp.platform.ctx, gameId, a, 'battle-report:tt1', REPORT(a, a, b))).ok, 'the winner reports');
    assert.ok((await answerPrompt(tp.platform.ctx, gameId, b, 'battle-report:tt1', 'none')).ok, 'the other leaves it to him');
    await waitForStep(tp, gameId, step0 + 1);
    const idx = step0 + 1;
    const row = await tp.db.one<{ audience: unknown }>('SELECT audience FROM steps WHERE game_id = $1 AND idx = $2', [gameId, idx]);
    assert.deepEqual(typeof row!.audience === 'string' ? JSON.parse(row!.audience) : row!.audience, [a, b].sort(), 'the report’s step is the two sides’');
    await new Promise((r) => setTimeout(r, 200)); // the pings are published after the commit
    const pings = (p: string) => heard[p]!.filter((e) => (e.kind === 'step' && e.step === idx) || (e.kind === 'action' && e.step === act.step)).map((e) => e.kind).sort();
    assert.deepEqual(pings('gm'), ['action', 'step'], 'the GM hears the free action and the step');
    assert.ok(heard.gm!.some((e) => e.kind === 'answer'), 'and the answers to the battle’s questions');
    assert.deepEqual(pings(c), [], 'a third player hears neither');
    assert.deepEqual(pings('visitor'), [], 'nor a visitor');
    assert.ok(!heard[c]!.some((e) => e.kind === 'answer'), 'nor the answers');
    for (const off of offs) off();
    const reports = await tp.db.query<{ player: string }>('SELECT player FROM reports WHERE game_id = $1 AND idx = $2 ORDER BY player', [gameId, idx]);
    assert.deepEqual(reports.map((x) => x.player), [a, b].sort(), 'reports for the two sides alone (the GM holds no seat)');

    const id = Number((await tp.db.one<{ user_id: number }>('SELECT user_id FROM seats WHERE game_id = $1 AND player = $2', [gameId, c]))!.user_id);
    const thirdUser = users.find((u) => u.id === id)!;
    for (const [u, sees, who] of [[gm, true, 'the GM'], [thirdUser, false, 'a third player']] as const) {
      const br = await loggedIn(tp, u);
      const log = await br.get(`/games/${gameId}/log`);
      assert.equal(log.status, 200, `${who}: the log page of the private game`);
      assert.equal(log.text.includes(`id="step-${idx}"`), sees, `${who}: the report’s step ${sees ? 'is' : 'is not'} in the log`);
      assert.equal(log.text.includes(`id="step-${act.step}"`), sees, `${who}: the free action’s step ${sees ? 'is' : 'is not'} in the log`);
      const entry = /id="step-(\d+)"[\s\S]*?<\/li>/g;
      const li = [...log.text.matchAll(entry)].find((m) => Number(m[1]) === idx)?.[0] ?? '';
      for (const side of [a, b]) assert.equal(li.includes(`data-player="${side}"`), sees, `${who}: ${side}’s lines of the report’s step ${sees ? 'are' : 'are not'} shown`);
      if (sees) assert.match(log.text, /you are the game’s GM/, 'the GM is told whose lines he reads');
      const page = await br.get(`/games/${gameId}`);
      assert.equal(page.status, 200, `${who}: the game page`);
      const made = await br.post('/account/tokens', { name: 'reader', scope: ['read'] });
      const token = /<code class="token">([^<]+)<\/code>/.exec(made.text)?.[1];
      assert.ok(token, 'a token');
      const api = await fetch(`${tp.url}/api/v1/games/${gameId}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(api.status, 200, `${who}: the API game`);
      const history = ((await api.json()) as { history: { idx: number }[] }).history.map((h) => h.idx);
      assert.equal(history.includes(idx), sees, `${who}: the API history ${sees ? 'has' : 'has not'} the report’s step`);
      assert.equal(history.includes(act.step!), sees, `${who}: the API history ${sees ? 'has' : 'has not'} the free action’s step`);
    }
    // a stranger (no seat, not the GM) is not let into the private game at all
    const stranger = await loggedIn(tp, await newUser(tp, 'aud_gm_stranger'));
    assert.equal((await stranger.get(`/games/${gameId}/log`)).status, 404, 'a stranger: no log page');
  });
});

for (const kind of DB_KINDS) {
  describe(`the archive of a finished Gruik game keeps each step to its audience (${kind})`, () => {
    let tp: TestPlatform;
    let users: U[] = [];
    let gm: U;
    let gameId = 0;
    let seats: string[] = [];
    before(async () => {
      tp = await startTestPlatform(kind);
      users = [await newUser(tp, `arch_aud_a_${kind}`), await newUser(tp, `arch_aud_b_${kind}`, 'en'), await newUser(tp, `arch_aud_c_${kind}`), await newUser(tp, `arch_aud_d_${kind}`, 'en')];
      gm = await newUser(tp, `arch_aud_gm_${kind}`, 'en');
      ({ gameId, seats } = await gmGameInBattle(tp, users, gm, { name: 'La Chronique', seed: 'aud-archive', isPrivate: false }));
    });
    after(async () => { await tp?.close(); });

    test('each reader sees the archive’s turns his audience allows: a visitor and a third player none of the battle’s or the GM’s treasury edit, its sides and owner theirs, the GM all; the links between turns skip the rest', { timeout: 400_000 }, async () => {
      const [a, b, c, d] = seats as [string, string, string, string];
      const gmAct = async (id: string, st: string, value: string) => {
        const r = await takeGmAction(tp.platform.ctx, gameId, gm.id, { id, values: { state: st, value } });
        assert.ok(r.ok, `the GM's ${id}: ${JSON.stringify(r)}`);
        return r.step!;
      };
      const p1 = await gmAct('prestige', a, '7');                   // public (console.ts gmActionAudience)
      const t = await gmAct('treasury', d, '9');                    // its owner's alone
      const act = await takeFreeAction(tp.platform.ctx, gameId, a, { id: 'propose-date:tt1', values: { date: 'samedi 14 h' } });
      assert.ok(act.ok, `the date is proposed: ${JSON.stringify(act.issues)}`);
      const step0 = Number((await tp.db.one<{ step: number }>('SELECT step FROM games WHERE id = $1', [gameId]))!.step);
      assert.ok((await answerPrompt(tp.platform.ctx, gameId, a, 'battle-report:tt1', REPORT(a, a, b))).ok, 'the winner reports');
      assert.ok((await answerPrompt(tp.platform.ctx, gameId, b, 'battle-report:tt1', 'none')).ok, 'the other leaves it to him');
      await waitForStep(tp, gameId, step0 + 1);
      const rep = step0 + 1;
      const p2 = await gmAct('prestige', b, '6');                   // public again
      const all = [p1, t, act.step!, rep, p2];
      assert.deepEqual(all, [...all].sort((x, y) => x - y), 'the steps in this order');
      // the game ends (the archive does not care how): public, so each step is its audience's
      await tp.db.query(`UPDATE games SET status = 'finished', finished_at = now() WHERE id = $1`, [gameId]);
      assert.ok((await games.summary(tp.platform.ctx, gameId))!.archived, 'archived');
      const seatUser = async (st: string) => {
        const x = Number((await tp.db.one<{ user_id: number }>('SELECT user_id FROM seats WHERE game_id = $1 AND player = $2', [gameId, st]))!.user_id);
        return users.find((u) => u.id === x)!;
      };
      const readers: [string, Browser, number[]][] = [
        ['a visitor', new Browser(tp.url, { lang: 'en' }), [p1, p2]],
        ['a third player', await loggedIn(tp, await seatUser(c)), [p1, p2]],
        ['a side of the battle', await loggedIn(tp, await seatUser(a)), [p1, act.step!, rep, p2]],
        ['the treasury’s owner', await loggedIn(tp, await seatUser(d)), [p1, t, p2]],
        ['the GM', await loggedIn(tp, gm), all],
      ];
      const last = Math.max(...all);
      for (const [who, br, seen] of readers) {
        for (let idx = 1; idx <= last + 1; idx++) {
          const page = await br.get(`/games/${gameId}/turns/${idx}`);
          assert.equal(page.status, seen.includes(idx) ? 200 : 404, `${who}: the turn page of step ${idx}`);
          if (page.status !== 200) continue;
          const linked = [...page.text.matchAll(new RegExp(`/games/${gameId}/turns/(\\d+)"`, 'g'))].map((m) => Number(m[1])).filter((x) => x !== idx).sort((x, y) => x - y);
          const prev = seen.filter((x) => x < idx).at(-1), next = seen.find((x) => x > idx);
          assert.deepEqual(linked, [prev, next].filter((x) => x !== undefined), `${who}: step ${idx} links the turns before and after that he sees`);
        }
        for (const [idx, seat] of [[t, d], [act.step!, a], [rep, a]] as const)
          assert.equal((await br.get(`/games/${gameId}/turns/${idx}/${seat}`)).status, seen.includes(idx) ? 200 : 404, `${who}: ${seat}’s report of step ${idx}`);
        const gamePage = await br.get(`/games/${gameId}`);
        for (const idx of all) assert.equal(gamePage.text.includes(`/games/${gameId}/turns/${idx}"`), seen.includes(idx), `${who}: the game page’s history and step ${idx}`);
      }
    });
  });
}

describe('the public part of the season (App. B 11) on the game’s page (pglite): declarations, rumours without their author, treaties in force', () => {
  let tp: TestPlatform;
  let users: U[] = [];
  let gm: U;
  let gameId = 0;
  let seats: string[] = [];
  before(async () => {
    tp = await startTestPlatform('pglite');
    users = [await newUser(tp, 'pub_a', 'en'), await newUser(tp, 'pub_b', 'en'), await newUser(tp, 'pub_c', 'en'), await newUser(tp, 'pub_d', 'en')];
    gm = await newUser(tp, 'pub_gm', 'en');
    gameId = await games.create(tp.platform.ctx, {
      ruleset: 'gruik', name: 'La Gazette', options: { map: 'anneau', players: 4, seasons: 3 }, seed: 'pub-site', hostUserId: users[0]!.id,
      seats: users.map((u, i) => ({ userId: u.id, lordName: `Seigneur ${i + 1}` })), maxPlayers: 4, prompts: { pace: 'live' }, gm: { login: gm.login },
    });
    // S3.7 as rules/diplomacy.ts leaves it (put in the state directly): a declaration, a rumour whose author is seats[1], a treaty in force, one pending
    const g = await stateOf<GruikGame>(tp, gameId);
    seats = g.seats;
    const [a, b, c] = seats as [string, string, string];
    g.gruik.declarations.push({ author: a, text: 'Paix aux marais.', season: 0 });
    g.gruik.rumours.push({ id: 'R0-1', text: 'La horde a faim.', season: 0 });
    g.gruik.secret.rumourAuthors['R0-1'] = b;
    g.gruik.treaties.push({ id: 'T1', text: 'Alliance des sables', signatories: [a, b], confirmed: [a, b], publishedAt: 0 }, { id: 'T2', text: 'Pacte de la vase', signatories: [a, c], confirmed: [a] });
    await tp.db.query('UPDATE games SET state = $2 WHERE id = $1', [gameId, JSON.stringify(g)]);
  });
  after(async () => { await tp?.close(); });

  test('a visitor, each player and the GM read the declaration, the rumour and the treaty in force; no author by the rumour; the pending treaty on its signatories’ play pages alone', { timeout: 120_000 }, async () => {
    const [a, , c] = seats as [string, string, string];
    const g = await stateOf<GruikGame>(tp, gameId);
    const seatUser = async (st: string) => {
      const x = Number((await tp.db.one<{ user_id: number }>('SELECT user_id FROM seats WHERE game_id = $1 AND player = $2', [gameId, st]))!.user_id);
      return users.find((u) => u.id === x)!;
    };
    const rumourPart = (text: string) => /<h3>Rumours[^<]*<\/h3>([\s\S]*?)(?:<h3>|<\/section>)/.exec(text)?.[1] ?? '';
    const readers: [string, Browser, string | null][] = [
      ['a visitor', new Browser(tp.url, { lang: 'en' }), null],
      ['the GM', await loggedIn(tp, gm), null],
      ...await Promise.all(seats.map(async (st) => [`player ${st}`, await loggedIn(tp, await seatUser(st)), st] as [string, Browser, string])),
    ];
    for (const [who, br, seat] of readers) {
      const pages = [['game', `/games/${gameId}`], ...(seat ? [['play', `/games/${gameId}/play`]] : [])] as const;
      for (const [kind, path] of pages) {
        const page = await br.get(path);
        assert.equal(page.status, 200, `${who}: the ${kind} page`);
        assert.match(page.text, /<h3>Declarations \(§8\.11\)<\/h3>[\s\S]*?Paix aux marais\./, `${who}, ${kind} page: the declaration`);
        assert.ok(page.text.includes(`<td>${g.names[a]}</td><td>Paix aux marais.</td>`), `${who}, ${kind} page: signed by its author`);
        const rumours = rumourPart(page.text);
        assert.match(rumours, /La horde a faim\./, `${who}, ${kind} page: the rumour`);
        for (const st of seats) assert.ok(!rumours.includes(g.names[st]!) && !rumours.includes(st), `${who}, ${kind} page: no state by the rumour (${st})`);
        assert.match(page.text, /<h3>Treaties in force \(§8\.11\)<\/h3>[\s\S]*?Alliance des sables/, `${who}, ${kind} page: the treaty in force`);
        const pending = kind === 'play' && (seat === a || seat === c);
        assert.equal(page.text.includes('Pacte de la vase'), pending, `${who}, ${kind} page: the pending treaty ${pending ? 'shows' : 'does not show'}`);
      }
    }
  });
});
