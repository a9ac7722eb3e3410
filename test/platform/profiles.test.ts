/**
 * Player profiles and reliability (issue 19, "Players"). The formula of games/reliability.ts on
 * hand-made histories (pure, and as fast-check properties); then, on both databases: what the
 * turn job and the seat routes record, the histories read back from hand-made rows, the public
 * profile page (games played, finished, won per ruleset; reliability), the reliability on the
 * game page and the lobby, and a host's minimum reliability refusing a join with a clear message
 * in French and English.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { games } from '../../src/platform/games/service.ts';
import {
  emptyHistory, historyOf, meetsMinimum, parseMinimum, RELIABILITY, reliabilityPercent, reliabilityShare, type AnswerHistory,
} from '../../src/platform/games/reliability.ts';
import { Browser } from './http.ts';
import { DB_KINDS, playerOf, startTestPlatform, type TestPlatform } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';
import { endByAbdication, resolveTurn } from './archive-fixtures.ts';
import { addUser, makeCtx, type Clock } from './games-fixtures.ts';
import { answerPrompt } from '../../src/platform/games/prompts.ts';
import { testDb } from './util.ts';
import '../engine/fair-ruleset.ts';

const hist = (turns: [number, number], prompts: [number, number] = [0, 0], abandoned = 0): AnswerHistory =>
  ({ turns: { answered: turns[0], asked: turns[1] }, prompts: { answered: prompts[0], asked: prompts[1] }, abandoned });

describe('the reliability formula', () => {
  test('a player with nothing recorded is new: no percentage, and no minimum refuses him', () => {
    assert.equal(reliabilityPercent(emptyHistory()), null);
    assert.equal(reliabilityShare(emptyHistory()), null);
    assert.equal(meetsMinimum(emptyHistory(), 100), true);
  });
  test('8 turns answered in time of 10: 80 %', () => {
    assert.equal(reliabilityPercent(hist([8, 10])), 80);
  });
  test('turns and prompts count together: 9 of 10 turns and 5 of 10 prompt steps give 70 %', () => {
    assert.equal(reliabilityPercent(hist([9, 10], [5, 10])), 70);
  });
  test(`an abandoned seat weighs ${RELIABILITY.abandonWeight.value} missed answers: 10 of 10 turns and 1 seat left give 10 / 15 = 66 %`, () => {
    assert.equal(RELIABILITY.abandonWeight.value, 5);
    assert.deepEqual(reliabilityShare(hist([10, 10], [0, 0], 1)), { num: 10, den: 15 });
    assert.equal(reliabilityPercent(hist([10, 10], [0, 0], 1)), 66);
  });
  test('a player who only left seats is at 0 %', () => {
    assert.equal(reliabilityPercent(hist([0, 0], [0, 0], 2)), 0);
  });
  test('the percentage is rounded down, and the minimum is checked without rounding: 199 of 200 is 99 %, meets 99, not 100', () => {
    const h = hist([199, 200]);
    assert.equal(reliabilityPercent(h), 99);
    assert.equal(meetsMinimum(h, 99), true);
    assert.equal(meetsMinimum(h, 100), false);
    assert.equal(meetsMinimum(hist([2, 3]), 67), false, '66.67 % does not meet 67');
    assert.equal(meetsMinimum(hist([2, 3]), 66), true);
  });
  test('no minimum, or 0, admits everyone', () => {
    assert.equal(meetsMinimum(hist([0, 10], [0, 0], 3), null), true);
    assert.equal(meetsMinimum(hist([0, 10], [0, 0], 3), 0), true);
  });
  test('the creation form\'s minimum: blank is none, a whole number from 0 to 100, anything else refused', () => {
    assert.equal(parseMinimum(''), null);
    assert.equal(parseMinimum(' 75 '), 75);
    assert.equal(parseMinimum('0'), 0);
    assert.equal(parseMinimum('100'), 100);
    for (const bad of ['101', '-1', '7.5', 'abc', '1e2', '0x10', '1000']) assert.equal(parseMinimum(bad), 'invalid', bad);
  });

  const arbHistory = fc.record({
    turns: fc.integer({ min: 0, max: 500 }).chain((asked) => fc.record({ asked: fc.constant(asked), answered: fc.integer({ min: 0, max: asked }) })),
    prompts: fc.integer({ min: 0, max: 500 }).chain((asked) => fc.record({ asked: fc.constant(asked), answered: fc.integer({ min: 0, max: asked }) })),
    abandoned: fc.integer({ min: 0, max: 20 }),
  });
  test('property: the percentage lies in 0–100, and meetsMinimum(h, m) holds exactly when the exact share reaches m', () => {
    fc.assert(fc.property(arbHistory, fc.integer({ min: 1, max: 100 }), (h, m) => {
      const p = reliabilityPercent(h);
      const s = reliabilityShare(h);
      if (s === null) return p === null && meetsMinimum(h, m);
      return p !== null && p >= 0 && p <= 100 && meetsMinimum(h, m) === (s.num / s.den >= m / 100 - 1e-12) && (p >= m ? meetsMinimum(h, m) : true);
    }));
  });
  test('property: one more answer in time never lowers reliability; one more seat abandoned or answer missed never raises it', () => {
    fc.assert(fc.property(arbHistory, (h) => {
      const p = reliabilityPercent(h) ?? 100;
      const onTime = reliabilityPercent({ ...h, turns: { asked: h.turns.asked + 1, answered: h.turns.answered + 1 } })!;
      const missed = reliabilityPercent({ ...h, prompts: { asked: h.prompts.asked + 1, answered: h.prompts.answered } })!;
      const left = reliabilityPercent({ ...h, abandoned: h.abandoned + 1 })!;
      return onTime >= (reliabilityPercent(h) ?? 0) && missed <= p && left <= p;
    }));
  });
});

for (const kind of DB_KINDS) {
  test(`a game of prompts: each step records who was asked and who answered before the default (${kind})`, async () => {
    const db = await testDb(kind);
    try {
      const clock: Clock = { now: new Date('2026-11-18T12:00:00Z') };
      const ctx = makeCtx(db, clock, `profiles-${kind}`);
      const u1 = await addUser(db, `fair1-${kind}`);
      const u2 = await addUser(db, `fair2-${kind}`);
      const id = await games.create(ctx, {
        ruleset: 'test/fair', name: 'Foire', options: {}, seed: 'fair-profiles', hostUserId: u1,
        seats: [{ userId: u1, lordName: 'Aude' }, { userId: u2, lordName: 'Bérenger' }], prompts: { pace: 'live' },
      });
      const deadline = async () => ((await db.one<{ deadline: Date }>('SELECT deadline FROM games WHERE id = $1', [id]))!.deadline).getTime();
      // Step 1: p1's stall falls to its default at the deadline.
      clock.now = new Date(await deadline());
      assert.equal(await games.runDue(ctx), 1);
      // Step 2: p2 answers his stall. Step 3: the auction, p2 answers, p1 falls to his default.
      assert.ok((await answerPrompt(ctx, id, 'p2', 'stall', 'pass')).ok);
      assert.equal(await games.runDue(ctx), 1);
      assert.ok((await answerPrompt(ctx, id, 'p2', 'bid', 'bid 1 relic')).ok);
      clock.now = new Date(await deadline());
      assert.equal(await games.runDue(ctx), 1);
      const rows = await db.query<{ idx: number; player: string; on_time: boolean; kind: string }>('SELECT idx, player, on_time, kind FROM seat_answers WHERE game_id = $1 ORDER BY idx, player', [id]);
      assert.deepEqual(rows.map((r) => [Number(r.idx), r.player, r.on_time, r.kind]), [
        [1, 'p1', false, 'prompt'], [2, 'p2', true, 'prompt'], [3, 'p1', false, 'prompt'], [3, 'p2', true, 'prompt'],
      ]);
      assert.deepEqual(await historyOf(db, u1), hist([0, 0], [0, 2]));
      assert.deepEqual(await historyOf(db, u2), hist([0, 0], [2, 2]));
    } finally { await db.close(); }
  });

  describe(`profiles and reliability (${kind})`, () => {
    let tp: TestPlatform;
    let alice: TestUser;
    let bob: TestUser;
    let carol: TestUser;
    let dave: TestUser;
    let gameId: number;

    before(async () => {
      tp = await startTestPlatform(kind);
      alice = await newUser(tp, `alice_prof_${kind}`, 'en');
      bob = await newUser(tp, `bob_prof_${kind}`);
      carol = await newUser(tp, `carol_prof_${kind}`);
      dave = await newUser(tp, `dave_prof_${kind}`, 'en');
      gameId = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Fiabilité', options: { map: 'scandinavia' },
        seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: false,
      });
    });
    after(async () => { await tp?.close(); });

    test('the turn job records who answered in time; an abdication is an abandoned seat; the end records the winner', async () => {
      // Turn 1: Alice writes orders (kept as typed, even if the referee finds fault with them), Bob sends nothing.
      const alicePlayer = await playerOf(tp, gameId, alice.id);
      await games.saveSheet(tp.platform.ctx, gameId, alicePlayer, 'Bonjour');
      await resolveTurn(tp, gameId);
      const rows = await tp.db.query<{ user_id: number; on_time: boolean; kind: string; idx: number }>('SELECT user_id, on_time, kind, idx FROM seat_answers WHERE game_id = $1 ORDER BY user_id', [gameId]);
      assert.deepEqual(rows.map((r) => [Number(r.user_id), r.on_time, r.kind, Number(r.idx)]), [[alice.id, true, 'turn', 1], [bob.id, false, 'turn', 1]]);
      // Turn 2: Alice writes again; Bob abdicates (his seat is abandoned; an abdicated seat is asked nothing more). Alice, alone, wins.
      await games.saveSheet(tp.platform.ctx, gameId, alicePlayer, 'Bonjour encore');
      await endByAbdication(tp, gameId, bob);
      const dep = await tp.db.query<{ user_id: number; how: string }>('SELECT user_id, how FROM seat_departures WHERE game_id = $1', [gameId]);
      assert.deepEqual(dep.map((d) => [Number(d.user_id), d.how]), [[bob.id, 'abdicated']]);
      const ha = await historyOf(tp.db, alice.id);
      const hb = await historyOf(tp.db, bob.id);
      assert.deepEqual(ha, hist([2, 2]), 'Alice: 2 turns asked, 2 answered in time');
      assert.deepEqual(hb, hist([0, 1], [0, 0], 1), 'Bob: 1 turn asked and missed, 1 seat abandoned');
      assert.equal(reliabilityPercent(ha), 100);
      assert.equal(reliabilityPercent(hb), 0);
    });

    test('histories read back from hand-made rows: turns, prompts and departures of every game but demos', async () => {
      const ctx = tp.platform.ctx;
      const other = await games.create(ctx, { ruleset: 'gloire-et-pouvoir', name: 'Main', options: { map: 'scandinavia' }, seats: [{ userId: carol.id, lordName: 'Carola' }, { userId: null, lordName: 'Bot' }], maxPlayers: 2 });
      const demo = await games.create(ctx, { ruleset: 'gloire-et-pouvoir', name: 'Démo', options: { map: 'scandinavia' }, seats: [{ userId: carol.id, lordName: 'Carola' }, { userId: null, lordName: 'Bot' }], maxPlayers: 2, isDemo: true });
      const ins = (g: number, idx: number, kindName: string, onTime: boolean) => tp.db.query(
        'INSERT INTO seat_answers(game_id, idx, player, user_id, kind, on_time) VALUES ($1, $2, $3, $4, $5, $6)', [g, idx, 'L1', carol.id, kindName, onTime]);
      // 3 of 4 turns, 1 of 2 prompt steps, 1 seat left; a demo game's misses do not count.
      await ins(other, 1, 'turn', true); await ins(other, 2, 'turn', true); await ins(other, 3, 'turn', false); await ins(other, 4, 'turn', true);
      await ins(other, 5, 'prompt', true); await ins(other, 6, 'prompt', false);
      await ins(demo, 1, 'turn', false); await ins(demo, 2, 'turn', false);
      await tp.db.query(`INSERT INTO seat_departures(game_id, player, user_id, how, step, at) VALUES ($1, 'L1', $2, 'replacement', 6, now())`, [other, carol.id]);
      const h = await historyOf(tp.db, carol.id);
      assert.deepEqual(h, hist([3, 4], [1, 2], 1));
      assert.equal(reliabilityPercent(h), 36, '4 / (6 + 5) = 36.4 %');
    });

    test('the public profile: games played, finished and won per ruleset, the reliability and its parts', async () => {
      const anon = new Browser(tp.url, { lang: 'en' });
      const r = await anon.get(`/players/${alice.login}`);
      assert.equal(r.status, 200);
      const counts = /<tr data-ruleset="gloire-et-pouvoir">([^]*?)<\/tr>/.exec(r.text)?.[1]?.replace(/<[^>]+>/g, '|').split('|').map((x) => x.trim()).filter(Boolean);
      assert.deepEqual(counts?.slice(1), ['1', '1', '1'], 'Alice: 1 game played, finished and won');
      assert.match(r.text, /data-percent="100"/);
      assert.match(r.text, /Order turns answered in time: 2 of 2/);
      const b = await anon.get(`/players/${bob.login.toUpperCase()}`);
      assert.equal(b.status, 200, 'the login is found whatever its case');
      const bc = /<tr data-ruleset="gloire-et-pouvoir">([^]*?)<\/tr>/.exec(b.text)?.[1]?.replace(/<[^>]+>/g, '|').split('|').map((x) => x.trim()).filter(Boolean);
      assert.deepEqual(bc?.slice(1), ['1', '0', '0'], 'Bob left: played, not finished');
      assert.match(b.text, /Seats abandoned during a game: 1/);
      const fr = await new Browser(tp.url, { lang: 'fr' }).get(`/players/${dave.login}`);
      assert.match(fr.text, /nouveau joueur/);
      assert.equal((await anon.get('/players/nobody-here')).status, 404);
      assert.equal((await anon.get(`/players/${encodeURIComponent('<script>')}`)).status, 404);
      // The permanent ranking's section (ranking/pages.ts); no Valhalla section for who placed no hero.
      assert.match(r.text, /<div id="profile-ranking"><section class="card" id="profile-ranking-card"><h2>Permanent ranking<\/h2>/);
      assert.doesNotMatch(r.text, /profile-valhalla-card/);
    });

    test('the game page links each player to his profile, with his reliability', async () => {
      const page = await new Browser(tp.url, { lang: 'en' }).get(`/games/${gameId}`);
      assert.ok(page.text.includes(`href="/players/${alice.login}"`));
      assert.match(page.text, new RegExp(`${alice.login}</a> <span class="badge reliability"[^>]*>100%`));
    });

    test('the lobby shows each waiting candidate with his reliability', async () => {
      await tp.db.query(`INSERT INTO lobby(user_id, ruleset, map, lord_name) VALUES ($1, 'gloire-et-pouvoir', 'scandinavia', 'Carola')`, [carol.id]);
      const lobby = await new Browser(tp.url, { lang: 'fr' }).get('/lobby');
      assert.match(lobby.text, new RegExp(`id="lobby-candidates"[^]*${carol.login}</a> <span class="badge reliability">36 %`));
      assert.ok(!lobby.text.includes('Carola'), 'the name chosen for the game is not shown');
    });

    test('a host\'s minimum reliability: a player below it is refused with a clear message (FR and EN); a new player is admitted', async () => {
      const priv = await games.create(tp.platform.ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Exigeante', options: { map: 'scandinavia' }, seats: [{ userId: alice.id, lordName: 'Aliénor' }],
        maxPlayers: 3, isPrivate: true, password: 'secret', hostUserId: alice.id, minReliability: 50,
      });
      // Carol (36 %) is refused, in French.
      const c = await loggedIn(tp, carol);
      const shown = await c.get(`/games/${priv}`);
      assert.match(shown.text, /Fiabilité minimale pour rejoindre : 50 %/);
      assert.match(shown.text, new RegExp(`id="game-host"[^]*${alice.login}</a> <span class="badge reliability"`), 'the host and his reliability');
      const r = await c.post(`/games/${priv}/join`, { lordName: 'Carola', password: 'secret' }, { follow: false });
      assert.equal(r.status, 400);
      assert.match(r.text, /Cette partie demande une fiabilité d’au moins 50 % ; la vôtre est de 36 %\./);
      // In English, for an English reader with the same history.
      await tp.db.query(`UPDATE users SET lang = 'en' WHERE id = $1`, [carol.id]);
      const c2 = await loggedIn(tp, carol);
      await c2.get(`/games/${priv}`);
      const r2 = await c2.post(`/games/${priv}/join`, { lordName: 'Carola', password: 'secret' }, { follow: false });
      assert.match(r2.text, /This game asks for a reliability of at least 50%; yours is 36%\./);
      assert.equal((await games.seats(tp.platform.ctx, priv)).length, 1, 'not seated');
      // Dave has no history: admitted.
      const d = await loggedIn(tp, dave);
      await d.get(`/games/${priv}`);
      const ok = await d.post(`/games/${priv}/join`, { lordName: 'David', password: 'secret' }, { follow: false });
      assert.equal(ok.status, 303);
      assert.equal((await games.seats(tp.platform.ctx, priv)).length, 2);
    });

    test('the creation form: keep-private and minimum reliability fields; a bad minimum is refused beside its field', async () => {
      const a = await loggedIn(tp, alice);
      const form = await a.get('/games');
      assert.match(form.text, /name="keepPrivate"/);
      assert.match(form.text, /id="create-minReliability"/);
      const base = { name: 'Partie X', map: 'gloire-et-pouvoir/scandinavia', lords: '2', lordName: 'Aliénor', password: 'secret', weekday: '5', time: '23:00', timeZone: 'Europe/Paris' };
      const bad = await a.post('/games', { ...base, minReliability: '150' }, { follow: false });
      assert.equal(bad.status, 400);
      assert.match(bad.text, /id="create-minReliability"[^>]*aria-invalid="true"/);
      assert.match(bad.text, /The least reliability is a whole number from 0 to 100\./);
      const good = await a.post('/games', { ...base, minReliability: '80', keepPrivate: '1' }, { follow: false });
      assert.equal(good.status, 303, good.text.slice(0, 500));
      const id = Number(/\/games\/(\d+)/.exec(good.location ?? '')![1]);
      const row = (await tp.db.one<{ keep_private: boolean; min_reliability: number }>('SELECT keep_private, min_reliability FROM games WHERE id = $1', [id]))!;
      assert.equal(row.keep_private, true);
      assert.equal(Number(row.min_reliability), 80);
    });
  });
}
