/**
 * The permanent ranking (seed 004 §12.4; issue 19; src/platform/ranking/): the pairwise Elo formula
 * on hand-computed cases from the seed's numbers (start 1,200; 400 points apart ≈ 10 : 1; K 32
 * [P G-94]) and its properties; titles (a minimum of finished games for the higher ones, never
 * lost from Comte up); the decay of inactive players; then, on PGlite and PostgreSQL, who counts
 * (seats taken over, private games ranked or not, bots, demos), a game ranked once, the pages
 * /ranking and /ranking/<ruleset> in French and English, the creation form's « ranked » box, and
 * a game played by the platform to its end, ranked in its last turn.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { finishingOrderOf } from '../../src/engine/ruleset.ts';
import { games } from '../../src/platform/games/service.ts';
import { tithe, type TitheState } from '../engine/prompt-ruleset.ts';
import {
  decayed, expectedScore, keptTitle, MONTH_MS, RANKING, rankingDefaultsProblems, rateGame, titleFor, TITLES,
} from '../../src/platform/ranking/elo.ts';
import { OVERALL, playerRankings, rankFinishedGame, ranking } from '../../src/platform/ranking/service.ts';
import type { GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { Browser, pageText } from './http.ts';
import { DB_KINDS, stateOf, startTestPlatform, type TestPlatform } from './util.ts';
import { loggedIn, newUser, type TestUser } from './users.ts';

const close = (a: number, b: number, eps = 1e-6) => assert.ok(Math.abs(a - b) < eps, `${a} ≠ ${b}`);
const deltas = (groups: number[][]) => rateGame(groups.map((g) => g.map((rating, i) => ({ id: `${rating}/${i}/${Math.random()}`, rating })))).map((c) => c.delta);

describe('§12.4 the formula: pairwise Elo over the finishing order', () => {
  test('the constants: start 1,200 [T §12.4], K 32 [P G-94], 400 points for 10 : 1, every default within its bounds', () => {
    assert.equal(RANKING.start, 1200);
    assert.equal(RANKING.k, 32);
    assert.equal(RANKING.scale, 400);
    assert.deepEqual(rankingDefaultsProblems(), []);
  });

  test('400 points apart: the stronger expects 10/11 (« supposé le battre à chaque fois »); equal: ½', () => {
    close(expectedScore(1600, 1200), 10 / 11);
    close(expectedScore(1200, 1600), 1 / 11);
    close(expectedScore(1200, 1200), 0.5);
  });

  test('two newcomers at 1,200: the winner gains 16, the loser loses 16; a tie moves nothing', () => {
    const [w, l] = rateGame([[{ id: 'a', rating: 1200 }], [{ id: 'b', rating: 1200 }]]);
    assert.equal(w!.delta, 16);
    assert.equal(l!.delta, -16);
    assert.deepEqual(rateGame([[{ id: 'a', rating: 1200 }, { id: 'b', rating: 1200 }]]).map((c) => c.delta), [0, 0]);
  });

  test('1,600 against 1,200: the expected win gains 32/11 ≈ 2.91; the upset gains 320/11 ≈ 29.09', () => {
    close(rateGame([[{ id: 's', rating: 1600 }], [{ id: 'w', rating: 1200 }]])[0]!.delta, 32 / 11);
    close(rateGame([[{ id: 'w', rating: 1200 }], [{ id: 's', rating: 1600 }]])[0]!.delta, 320 / 11);
  });

  test('three players at 1,200 finishing 1st, 2nd, 3rd: K/(n − 1) = 16 a pair, so +16, 0, −16', () => {
    assert.deepEqual(deltas([[1200], [1200], [1200]]), [16, 0, -16]);
  });

  test('four players 1,400 / 1,200 = 1,200 (tied) / 1,000: +6.095, 0, 0, −6.095', () => {
    // A: 32/3 × (2 × (1 − 0.75975) + (1 − 10/11)) = 6.0951; B: 32/3 × (−0.75975 + 0 + 0.75975) = 0.
    const r = rateGame([[{ id: 'A', rating: 1400 }], [{ id: 'B', rating: 1200 }, { id: 'C', rating: 1200 }], [{ id: 'D', rating: 1000 }]]);
    close(r[0]!.delta, 6.0950958679, 1e-6);
    close(r[1]!.delta, 0, 1e-9);
    close(r[2]!.delta, 0, 1e-9);
    close(r[3]!.delta, -6.0950958679, 1e-6);
    assert.deepEqual(r.map((c) => c.place), [1, 2, 2, 4], 'tied players share their place');
  });

  test('properties: the changes of a game add up to zero, none moves more than K, the first never loses, the last never gains', () => {
    fc.assert(fc.property(
      fc.array(fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
      (groups) => {
        const d = deltas(groups);
        assert.ok(Math.abs(d.reduce((a, b) => a + b, 0)) < 1e-9);
        for (const x of d) assert.ok(Math.abs(x) <= RANKING.k + 1e-9);
        if (groups.length > 1 && groups[0]!.length === 1) assert.ok(d[0]! >= 0);
        if (groups.length > 1 && groups.at(-1)!.length === 1) assert.ok(d.at(-1)! <= 0);
      }));
  });

  test('deterministic: the same game rated twice gives the same changes', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 2, maxLength: 8 }), (ratings) => {
      const groups = ratings.map((rating, i) => [{ id: i, rating }]);
      assert.deepEqual(rateGame(groups), rateGame(groups));
    }));
  });

  test('a ruleset without finishingOrder ranks its winners above every other player, tied (Tithe, the test prompt game)', () => {
    const state: TitheState = {
      round: 6, phase: 'over', bids: {}, winner: null, paid: 0, taxSeat: 0,
      seats: [{ id: 'P1', name: 'A', gold: 1, points: 3 }, { id: 'P2', name: 'B', gold: 1, points: 5 }, { id: 'P3', name: 'C', gold: 1, points: 1 }],
    };
    assert.equal(tithe.finishingOrder, undefined);
    assert.deepEqual(finishingOrderOf(tithe, state), [['P2'], ['P1', 'P3']]);
    assert.equal(finishingOrderOf(tithe, { ...state, phase: 'bid' }), null);
  });

  test('a single counted player moves nothing', () => {
    assert.deepEqual(rateGame([[{ id: 'a', rating: 1300 }]]).map((c) => c.delta), [0]);
  });
});

describe('§12.4 titles and decay', () => {
  test('the titles climb: each needs at least the points and games of the one below', () => {
    assert.deepEqual(TITLES.map((x) => x.id), ['ecuyer', 'chevalier', 'baron', 'comte', 'marquis', 'duc', 'prince', 'roi']);
    for (let i = 1; i < TITLES.length; i++) {
      assert.ok(TITLES[i]!.points >= TITLES[i - 1]!.points && TITLES[i]!.games >= TITLES[i - 1]!.games, TITLES[i]!.id);
    }
  });

  test('titles need points and a minimum of finished games', () => {
    assert.equal(titleFor(1200, 0), null, 'no title before a first ranked game');
    assert.equal(titleFor(1100, 1), 'ecuyer');
    assert.equal(titleFor(1500, 3), 'chevalier', '1,500 points but 3 games: not yet Baron (5 games)');
    assert.equal(titleFor(1500, 5), 'baron');
    assert.equal(titleFor(1500, 10), 'comte');
    assert.equal(titleFor(2000, 39), 'prince', 'King needs 40 games');
    assert.equal(titleFor(2000, 40), 'roi');
  });

  test('« les titres à partir de Comte ne peuvent être perdus »; below Comte they can', () => {
    assert.equal(keptTitle('comte', null), 'comte');
    assert.equal(keptTitle('baron', null), null);
    assert.equal(keptTitle('baron', 'duc'), 'duc');
    assert.equal(titleFor(1250, 12, 'comte'), 'comte', 'a Count who fell to 1,250 stays Count');
    assert.equal(titleFor(1500, 5, null), 'baron');
    assert.equal(titleFor(1300, 5, null), 'chevalier', 'a Baron who fell below 1,350 is Knight again');
  });

  test('decay: nothing within 3 months; then 5 % a month of the points above 1,200; never below 1,200', () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const at = (months: number) => new Date(t0.getTime() + months * MONTH_MS);
    assert.equal(decayed(1400, t0, at(3)), 1400);
    close(decayed(1400, t0, at(4)), 1390);
    close(decayed(1400, t0, at(5)), 1380.5);
    close(decayed(1400, t0, at(5.9)), 1380.5, 1e-9);
    assert.ok(decayed(1400, t0, at(600)) >= 1200);
    assert.equal(decayed(1100, t0, at(24)), 1100, 'points below the start never move');
  });
});

/** A Gloire & Pouvoir game of these seats (null: a bot), made to end with the lords in `order` (player ids), the first crowned. */
async function endedGame(tp: TestPlatform, name: string, seats: (TestUser | null)[], order: string[], extra: { isPrivate?: boolean; ranked?: boolean; isDemo?: boolean } = {}): Promise<number> {
  const id = await games.create(tp.platform.ctx, {
    ruleset: 'gloire-et-pouvoir', name, options: { map: 'scandinavia' }, maxPlayers: seats.length, early: false,
    seats: seats.map((u, i) => ({ userId: u?.id ?? null, lordName: `Seigneur ${name} ${i + 1}` })),
    ...(extra.isPrivate ? { isPrivate: true, password: 'secret' } : {}), ...(extra.ranked ? { ranked: true } : {}), ...(extra.isDemo ? { isDemo: true } : {}),
  });
  const s = await stateOf<GPState>(tp, id);
  // The King first; then the global renown, set by the treasury (treasury / 500 counts in it).
  s.finished = true; s.king = order[0]!; s.victory = 'alliance';
  order.slice(1).forEach((l, i) => { s.lords[l]!.treasury = (order.length - i) * 1_000_000; });
  await tp.db.query(`UPDATE games SET state = $2, status = 'finished' WHERE id = $1`, [id, JSON.stringify(s)]);
  return id;
}

const ratingOf = async (tp: TestPlatform, u: TestUser, scope: string) =>
  (await tp.db.one<{ points: number; games: number; kept_title: string | null }>('SELECT points, games, kept_title FROM ratings WHERE user_id = $1 AND scope = $2', [u.id, scope]));

for (const kind of DB_KINDS) {
  describe(`the permanent ranking on the database (${kind})`, () => {
    let tp: TestPlatform;
    let alice: TestUser; let bob: TestUser; let carol: TestUser; let dave: TestUser; let erin: TestUser;
    const t0 = new Date('2026-11-20T12:00:00Z');

    before(async () => {
      tp = await startTestPlatform(kind);
      alice = await newUser(tp, `alice_${kind}`, 'en');
      bob = await newUser(tp, `bob_${kind}`);
      carol = await newUser(tp, `carol_${kind}`);
      dave = await newUser(tp, `dave_${kind}`);
      erin = await newUser(tp, `erin_${kind}`);
    });
    after(async () => { await tp?.close(); });

    test('a public game: three players at 1,200 finishing 1st, 2nd, 3rd move +16, 0, −16, in their ruleset and overall; ranked once', async () => {
      const id = await endedGame(tp, 'Trois', [alice, bob, carol], ['L2', 'L1', 'L3']); // bob, alice, carol
      assert.equal(await tp.db.tx((t) => rankFinishedGame(t, id, t0)), 3);
      for (const scope of ['gloire-et-pouvoir', OVERALL]) {
        close((await ratingOf(tp, bob, scope))!.points, 1216);
        close((await ratingOf(tp, alice, scope))!.points, 1200);
        close((await ratingOf(tp, carol, scope))!.points, 1184);
      }
      const places = await tp.db.query<{ user_id: number; place: number }>(`SELECT user_id, place FROM rating_changes WHERE game_id = $1 AND scope = '*' ORDER BY place`, [id]);
      assert.deepEqual(places.map((p) => [p.user_id, p.place]), [[bob.id, 1], [alice.id, 2], [carol.id, 3]]);
      // Once: a second call (a retried transaction, another process) changes nothing.
      assert.equal(await tp.db.tx((t) => rankFinishedGame(t, id, t0)), null);
      close((await ratingOf(tp, bob, OVERALL))!.points, 1216);
      assert.equal((await ratingOf(tp, bob, OVERALL))!.games, 1);
    });

    test('« les positions reprises ne comptent pas »: a seat taken over counts neither for who left nor for who took it', async () => {
      const id = await endedGame(tp, 'Reprise', [dave, erin, carol], ['L1', 'L2', 'L3']);
      // Erin leaves for a replacement before the end, and Alice takes her seat.
      await tp.db.query(`UPDATE games SET status = 'running' WHERE id = $1`, [id]);
      await games.leave(tp.platform.ctx, id, erin.id, 'replace');
      await games.takeSeat(tp.platform.ctx, id, 'L2', alice.id);
      await tp.db.query(`UPDATE games SET status = 'finished' WHERE id = $1`, [id]);
      assert.equal((await tp.db.one<{ taken_over: boolean }>(`SELECT taken_over FROM seats WHERE game_id = $1 AND player = 'L2'`, [id]))!.taken_over, true);
      const before = await ratingOf(tp, alice, OVERALL);
      assert.equal(await tp.db.tx((t) => rankFinishedGame(t, id, t0)), 2, 'Dave and Carol only');
      assert.deepEqual(await ratingOf(tp, alice, OVERALL), before, 'Alice took the seat: unchanged');
      assert.equal(await ratingOf(tp, erin, OVERALL), null, 'Erin left it: never rated');
      const dv = (await ratingOf(tp, dave, OVERALL))!.points;
      // Dave (1,200) beat Carol (1,184): K × (1 − E(1200, 1184)).
      close(dv, 1200 + 32 * (1 - expectedScore(1200, 1184)));
    });

    test('a private game counts only if its host ticked « ranked »; a demo never', async () => {
      const before = await ratingOf(tp, dave, OVERALL);
      const unranked = await endedGame(tp, 'Privée', [dave, erin], ['L1', 'L2'], { isPrivate: true });
      assert.equal(await tp.db.tx((t) => rankFinishedGame(t, unranked, t0)), 0);
      const demo = await endedGame(tp, 'Démo', [dave, erin], ['L1', 'L2'], { isDemo: true });
      assert.equal(await tp.db.tx((t) => rankFinishedGame(t, demo, t0)), 0);
      assert.deepEqual(await ratingOf(tp, dave, OVERALL), before);
      const ranked = await endedGame(tp, 'Privée classée', [dave, erin], ['L2', 'L1'], { isPrivate: true, ranked: true });
      assert.equal(await tp.db.tx((t) => rankFinishedGame(t, ranked, t0)), 2);
      assert.ok((await ratingOf(tp, erin, OVERALL))!.points > 1200, 'Erin won her first ranked game');
      assert.ok((await ratingOf(tp, dave, OVERALL))!.points < before!.points);
    });

    test('bots count only between humans: their places are skipped, the humans\' order stands', async () => {
      const fresh = [await newUser(tp, `f1_${kind}`), await newUser(tp, `f2_${kind}`)];
      // A bot is crowned, then a human, another bot, the other human.
      const id = await endedGame(tp, 'Bots', [null, fresh[0]!, null, fresh[1]!], ['L1', 'L2', 'L3', 'L4']);
      assert.equal(await tp.db.tx((t) => rankFinishedGame(t, id, t0)), 2);
      close((await ratingOf(tp, fresh[0]!, OVERALL))!.points, 1216, 1e-9);
      close((await ratingOf(tp, fresh[1]!, OVERALL))!.points, 1184, 1e-9);
      const onlyBots = await endedGame(tp, 'Un humain', [null, fresh[0]!, null], ['L2', 'L1', 'L3']);
      assert.equal(await tp.db.tx((t) => rankFinishedGame(t, onlyBots, t0)), 0, 'one human and bots: nothing to compare');
    });

    test('titles from Comte are never lost: a Count who loses keeps his title; a Baron who falls does not', async () => {
      const c = await newUser(tp, `count_${kind}`); const o = await newUser(tp, `other_${kind}`);
      await tp.db.query(`INSERT INTO ratings(user_id, scope, points, games, last_game_at) VALUES ($1, '*', 1445, 9, $2), ($1, 'gloire-et-pouvoir', 1445, 9, $2)`, [c.id, t0]);
      const win = await endedGame(tp, 'Comté', [c, o], ['L1', 'L2']);
      await tp.db.tx((t) => rankFinishedGame(t, win, t0));
      const r1 = (await ratingOf(tp, c, OVERALL))!;
      assert.ok(r1.points >= 1450 && r1.games === 10);
      assert.equal(r1.kept_title, 'comte');
      const loss = await endedGame(tp, 'Chute', [c, o], ['L2', 'L1']);
      await tp.db.tx((t) => rankFinishedGame(t, loss, t0));
      const r2 = (await ratingOf(tp, c, OVERALL))!;
      assert.ok(r2.points < 1450, `fell to ${r2.points}`);
      const mine = (await ranking(tp.db, OVERALL)).entries.find((e) => e.userId === c.id)!;
      assert.equal(mine.title, 'comte', 'still Count');
      const profile = await playerRankings(tp.db, c.id);
      assert.deepEqual(profile.map((p) => p.scope), [OVERALL, 'gloire-et-pouvoir']);
      assert.equal(profile[0]!.title, 'comte');
      assert.equal(profile[0]!.games, 11);
      // A Baron (5 games, 1,360) who loses below 1,350 is a Knight again.
      const b = await newUser(tp, `baron_${kind}`);
      await tp.db.query(`INSERT INTO ratings(user_id, scope, points, games, last_game_at) VALUES ($1, '*', 1360, 5, $2)`, [b.id, t0]);
      assert.equal((await ranking(tp.db, OVERALL)).entries.find((e) => e.userId === b.id)!.title, 'baron');
      const fall = await endedGame(tp, 'Baronnie', [b, o], ['L2', 'L1']);
      await tp.db.tx((t) => rankFinishedGame(t, fall, t0));
      assert.equal((await ranking(tp.db, OVERALL)).entries.find((e) => e.userId === b.id)!.title, 'chevalier');
    });

    test('decay: a ranking generated 5 months after a player\'s last game shows his points drifted; his next game starts from them', async () => {
      const idle = await newUser(tp, `idle_${kind}`); const p = await newUser(tp, `p_${kind}`); const q = await newUser(tp, `q_${kind}`);
      const long = new Date(t0.getTime() - 5 * MONTH_MS);
      await tp.db.query(`INSERT INTO ratings(user_id, scope, points, games, last_game_at) VALUES ($1, '*', 1400, 3, $2)`, [idle.id, long]);
      // A game between two others ends now: a new ranking is generated.
      const other = await endedGame(tp, 'Ailleurs', [p, q], ['L1', 'L2']);
      await tp.db.tx((t) => rankFinishedGame(t, other, t0));
      const r = await ranking(tp.db, OVERALL);
      assert.equal(r.generatedAt!.getTime(), t0.getTime());
      close(r.entries.find((e) => e.userId === idle.id)!.points, 1380.5);
      // He plays again: the game rates him from 1,380.5.
      const back = await endedGame(tp, 'Retour', [idle, p], ['L1', 'L2']);
      await tp.db.tx((t) => rankFinishedGame(t, back, t0));
      const change = await tp.db.one<{ before: number }>(`SELECT before FROM rating_changes WHERE game_id = $1 AND user_id = $2 AND scope = '*'`, [back, idle.id]);
      close(change!.before, 1380.5);
    });

    test('two games of the same newcomers ending at once are rated one after the other (nothing lost)', async () => {
      const u = await newUser(tp, `u_${kind}`); const v = await newUser(tp, `v_${kind}`);
      const g1 = await endedGame(tp, 'Ensemble 1', [u, v], ['L1', 'L2']);
      const g2 = await endedGame(tp, 'Ensemble 2', [u, v], ['L1', 'L2']);
      await Promise.all([tp.db.tx((t) => rankFinishedGame(t, g1, t0)), tp.db.tx((t) => rankFinishedGame(t, g2, t0))]);
      const ru = (await ratingOf(tp, u, OVERALL))!; const rv = (await ratingOf(tp, v, OVERALL))!;
      assert.equal(ru.games, 2);
      assert.equal(rv.games, 2);
      // 1,200 → 1,216, then 1,216 against 1,184: + 32 × (1 − E(1216, 1184)).
      close(ru.points, 1216 + 32 * (1 - expectedScore(1216, 1184)));
      close(ru.points + rv.points, 2400);
    });

    test('the pages: /ranking and /ranking/<ruleset>, a table with caption and headers, in French and English; 404 and 400', async () => {
      const en = new Browser(tp.url, { lang: 'en' });
      const all = await en.get('/ranking');
      assert.equal(all.status, 200);
      assert.match(all.text, /<caption id="ranking-caption">Permanent ranking — All rulesets<\/caption>/);
      assert.match(all.text, /<th scope="col" class="num">Place<\/th><th scope="col">Player<\/th><th scope="col" class="num">Points<\/th>/);
      assert.match(all.text, new RegExp(`<th scope="row">${bob.login}</th>`));
      assert.match(pageText(all.text), /Ranking generated on/);
      assert.match(all.text, /href="\/ranking\/gloire-et-pouvoir"/);
      // His public profile shows his place, points and title in each ranking where he played.
      const profile = await en.get(`/players/${bob.login}`);
      assert.equal(profile.status, 200);
      const section = /<section class="card" id="profile-ranking-card">([\s\S]*?)<\/section>/.exec(profile.text)?.[1] ?? '';
      assert.match(section, /<h2>Permanent ranking<\/h2>/);
      assert.match(section, /<th scope="row"><a href="\/ranking">All rulesets<\/a><\/th><td class="num">\d+ of \d+<\/td>/);
      assert.equal((section.match(/<th scope="row">/g) ?? []).length, (await playerRankings(tp.platform.ctx.db, bob.id)).length, 'a row per ranking where he played');
      const fr = new Browser(tp.url, { lang: 'fr' });
      const gp = await fr.get('/ranking/gloire-et-pouvoir');
      assert.equal(gp.status, 200);
      assert.match(gp.text, /Classement permanent — Gloire &amp; Pouvoir/);
      assert.match(pageText(gp.text), /Comte/);
      assert.match(pageText(gp.text), /1\u202f2\d\d|1 2\d\d/, 'points in the French way');
      const ak = await fr.get('/ranking/adventurer-kings');
      assert.equal(ak.status, 200);
      assert.match(pageText(ak.text), /Aucune partie classée n’est encore achevée/);
      assert.equal((await en.get('/ranking/nope')).status, 404);
      assert.equal((await en.get('/ranking?page=abc')).status, 400);
      assert.match((await en.get('/')).text, /href="\/ranking"/, 'linked from the home page');
    });

    test('the creation form: a « Ranked game » box with its help; ticked, the private game is ranked, and its page says so', async () => {
      const host = await newUser(tp, `host_${kind}`, 'en');
      const b = await loggedIn(tp, host);
      const form = await b.get('/games');
      assert.match(form.text, /<input type="checkbox" id="create-ranked" name="ranked" value="1" aria-describedby="create-ranked-help">/);
      assert.match(pageText(form.text), /Ranked game/);
      const base = { name: 'Classée', map: 'scandinavia', lords: '3', lordName: 'Hôte', password: 'sesame', weekday: '5', time: '23:00', timeZone: 'Europe/Paris', config: '{}' };
      const ranked = await b.post('/games', { ...base, ranked: '1' }, { follow: false });
      assert.equal(ranked.status, 303, pageText(ranked.text).slice(0, 300));
      const plain = await b.post('/games', { ...base, name: 'Pas classée' }, { follow: false });
      const idOf = (r: { location: string | null }) => Number(/\/games\/(\d+)/.exec(r.location!)![1]);
      assert.equal((await tp.db.one<{ ranked: boolean }>('SELECT ranked FROM games WHERE id = $1', [idOf(ranked)]))!.ranked, true);
      assert.equal((await tp.db.one<{ ranked: boolean }>('SELECT ranked FROM games WHERE id = $1', [idOf(plain)]))!.ranked, false);
      // The game page says whether the game counts, with a link to its ruleset's ranking.
      assert.match(pageText((await b.get(`/games/${idOf(ranked)}`)).text), /Ranked game: it counts for the players’ permanent ranking\. See the ranking/);
      assert.match(pageText((await b.get(`/games/${idOf(plain)}`)).text), /Unranked game: it does not count/);
      assert.match((await b.get(`/games/${idOf(plain)}`)).text, /href="\/ranking\/gloire-et-pouvoir"/);
    });

    test('a game played by the platform to its end is ranked in its last turn\'s transaction', async () => {
      const w = await newUser(tp, `w_${kind}`); const x = await newUser(tp, `x_${kind}`);
      const ctx = tp.platform.ctx;
      // A renown victory from the first turn (any lord above 1 point of global renown).
      const id = await games.create(ctx, {
        ruleset: 'gloire-et-pouvoir', name: 'Fin rapide', options: { map: 'scandinavia', config: { renownVictory: { SCA: 1 } } },
        seats: [{ userId: w.id, lordName: 'Wace' }, { userId: x.id, lordName: 'Xavier' }], maxPlayers: 2, early: false,
      });
      tp.clock.now = new Date((await games.summary(ctx, id))!.deadline!.getTime() + 60_000);
      const end = Date.now() + 30_000;
      while ((await games.summary(ctx, id))!.status !== 'finished') {
        if (Date.now() > end) throw new Error('the game did not finish');
        await tp.platform.tick();
        await new Promise((r) => setTimeout(r, 50));
      }
      const row = await tp.db.one<{ counted: number; ranked_at: Date }>('SELECT counted, ranked_at FROM ranked_games WHERE game_id = $1', [id]);
      assert.equal(row!.counted, 2);
      assert.equal(new Date(row!.ranked_at).getTime(), tp.clock.now.getTime(), 'at the game\'s end');
      const s = await stateOf<GPState>(tp, id);
      const winner = s.king === (await tp.db.one<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND user_id = $2', [id, w.id]))!.player ? w : x;
      const loser = winner === w ? x : w;
      close((await ratingOf(tp, winner, 'gloire-et-pouvoir'))!.points, 1216);
      close((await ratingOf(tp, loser, 'gloire-et-pouvoir'))!.points, 1184);
      const page = await new Browser(tp.url, { lang: 'en' }).get('/ranking/gloire-et-pouvoir');
      assert.match(page.text, new RegExp(`<th scope="row">${winner.login}</th>`));
    });
  });
}
