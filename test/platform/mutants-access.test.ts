/**
 * Written for the mutation area `access` (scripts/mutate.mjs, docs/quality.md): who may read and
 * write a game, as tables of cases, on one PGlite platform (a few seconds, no HTTP).
 *
 * - channels/access.ts: `gameAccess` (a bad id, a missing game, no visitor, a visitor without a
 *   seat, an active, abdicated or open seat, a finished game, the archive rule with
 *   `keep_private`, the game's host and the site's host), `canReadPublicChannels` and `canWrite`
 *   field by field;
 * - games/page-kit.ts: `access`, `visibleGame` (a private game shows its pages to its lords,
 *   former lords and GM only, and to everyone once archived; a forming game to nobody) and
 *   `ownSeat` (the only key to a lord's private pages), called with a minimal request
 *   (`params.id`, `visitor.user`).
 *
 * One game of Gloire & Pouvoir with two lords is set, case by case, to the status, privacy and
 * seats the case names (straight in the database), then read back.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyRequest } from 'fastify';
import { canReadPublicChannels, canWrite, gameAccess, type GameAccess } from '../../src/platform/channels/access.ts';
import { access, ownSeat, visibleGame } from '../../src/platform/games/page-kit.ts';
import { games } from '../../src/platform/games/service.ts';
import type { AppCtx } from '../../src/platform/http/server.ts';
import { playerOf, startTestPlatform, type TestPlatform } from './util.ts';
import { newUser, type TestUser } from './users.ts';

type SeatStatus = 'active' | 'abdicated' | 'open';
interface GameRow { status: 'running' | 'finished'; isPrivate: boolean; keepPrivate: boolean; gm: 'none' | 'stranger' }

const RUNNING: GameRow = { status: 'running', isPrivate: false, keepPrivate: false, gm: 'none' };

/** The platform's context with every database call counted: a bad id must ask the database nothing. */
function counted(ctx: AppCtx): { ctx: AppCtx; calls: () => number } {
  let n = 0;
  const db = new Proxy(ctx.db, {
    get(target, key, receiver) {
      const v = Reflect.get(target, key, receiver);
      return typeof v === 'function' ? (...args: unknown[]) => { n++; return v.apply(target, args); } : v;
    },
  });
  return { ctx: { ...ctx, db }, calls: () => n };
}

describe('who may read and write a game (mutation area access, pglite)', () => {
  let tp: TestPlatform;
  let ctx: AppCtx;
  /** Alice holds the seat the cases change; Bob holds the other; Carol has none; Hugo hosts the game. */
  let alice: TestUser, bob: TestUser, carol: TestUser, hugo: TestUser;
  let gameId: number, formingId: number;
  let alicePlayer: string;

  before(async () => {
    tp = await startTestPlatform('pglite', {}, { scheduler: false });
    ctx = tp.platform.ctx;
    [alice, bob, carol, hugo] = [await newUser(tp, 'alice'), await newUser(tp, 'bob'), await newUser(tp, 'carol'), await newUser(tp, 'hugo')];
    gameId = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'Les Marches', options: { map: 'scandinavia' }, hostUserId: hugo.id,
      seats: [{ userId: alice.id, lordName: 'Aliénor' }, { userId: bob.id, lordName: 'Bohémond' }], maxPlayers: 2, early: false,
    });
    formingId = await games.create(ctx, {
      ruleset: 'gloire-et-pouvoir', name: 'En formation', options: { map: 'scandinavia' }, hostUserId: hugo.id,
      seats: [{ userId: alice.id, lordName: 'Aliénor' }], maxPlayers: 2, early: false,
    });
    alicePlayer = await playerOf(tp, gameId, alice.id);
  });
  after(async () => { await tp?.close(); });

  /** Sets the game and Alice's seat as a case names them. */
  async function set(g: GameRow, seat: SeatStatus = 'active'): Promise<void> {
    await tp.db.query('UPDATE games SET status = $2, is_private = $3, keep_private = $4, gm_user_id = $5 WHERE id = $1',
      [gameId, g.status, g.isPrivate, g.keepPrivate, g.gm === 'stranger' ? carol.id : null]);
    await tp.db.query('UPDATE seats SET status = $3 WHERE game_id = $1 AND user_id = $2', [gameId, alice.id, seat]);
  }
  const user = (u: TestUser, isHost = false) => ({ id: u.id, isHost });
  const req = (id: unknown, u: TestUser | null): FastifyRequest => ({
    params: id === undefined ? {} : { id },
    visitor: { user: u && { id: u.id, login: u.login, email: u.email, lang: 'fr', isHost: false, validated: true }, lang: 'fr', csrf: '', sessionHash: null },
  }) as unknown as FastifyRequest;

  // ─── channels/access.ts ─────────────────────────────────────────────────────────────────────

  test('gameAccess: a bad id (0, -1, 1.5, NaN, ∞) is no game, and asks the database nothing', async () => {
    for (const id of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const c = counted(ctx);
      assert.equal(await gameAccess(c.ctx, id, user(alice)), null, `id ${id}`);
      assert.equal(c.calls(), 0, `id ${id}: no query`);
    }
  });

  test('gameAccess: a game that does not exist is no game, for a visitor and for nobody', async () => {
    assert.equal(await gameAccess(ctx, gameId + 1000, user(alice)), null);
    assert.equal(await gameAccess(ctx, gameId + 1000, null), null);
  });

  test('gameAccess: the game as a lord, a stranger and nobody see it (name, status, privacy, seat)', async () => {
    await set({ ...RUNNING, isPrivate: true });
    const base = { gameId, name: 'Les Marches', status: 'running', isPrivate: true, archived: false, host: false };
    assert.deepEqual(await gameAccess(ctx, gameId, null), { ...base, member: null }, 'no visitor: no seat, not host');
    assert.deepEqual(await gameAccess(ctx, gameId, user(carol)), { ...base, member: null }, 'a stranger: no seat');
    assert.deepEqual(await gameAccess(ctx, gameId, user(alice)), { ...base, member: { gameId, player: alicePlayer, lordName: 'Aliénor', active: true } },
      'a lord: his seat, active');
    assert.equal((await gameAccess(ctx, formingId, user(alice)))!.status, 'forming');
  });

  /**
   * Alice's seat in each state of the game: [rule, game, her seat, her seat as read (null: none;
   * else whether active), read, write].
   */
  const SEATS: [string, GameRow, SeatStatus, boolean | null, boolean, boolean][] = [
    ['an active seat in a running game: reads and writes', RUNNING, 'active', true, true, true],
    ['an abdicated seat: still a lord (reads), no longer writes', RUNNING, 'abdicated', false, true, false],
    ['an abdicated seat in a private game: still reads', { ...RUNNING, isPrivate: true }, 'abdicated', false, true, false],
    ['an open seat (a replacement asked for) is no seat: the former lord of a private game reads nothing', { ...RUNNING, isPrivate: true }, 'open', null, false, false],
    ['an active seat of a finished game is no longer active: reads, never writes', { ...RUNNING, status: 'finished', isPrivate: true, keepPrivate: true }, 'active', false, true, false],
    ['an abdicated seat of a finished game', { ...RUNNING, status: 'finished' }, 'abdicated', false, true, false],
  ];
  for (const [rule, g, seat, active, read, write] of SEATS) {
    test(`gameAccess: ${rule}`, async () => {
      await set(g, seat);
      const a = (await gameAccess(ctx, gameId, user(alice)))!;
      assert.deepEqual(a.member, active === null ? null : { gameId, player: alicePlayer, lordName: 'Aliénor', active });
      assert.equal(canReadPublicChannels(a), read, 'reads the forum and gazette');
      assert.equal(canWrite(a), write, 'writes');
    });
  }

  test('gameAccess: a lord of a forming game has an active seat but does not write yet', async () => {
    const a = (await gameAccess(ctx, formingId, user(alice)))!;
    assert.deepEqual(a.member, { gameId: formingId, player: await playerOf(tp, formingId, alice.id), lordName: 'Aliénor', active: true });
    assert.equal(canReadPublicChannels(a), true);
    assert.equal(canWrite(a), false);
  });

  /** The archive (migration 025): [rule, game, archived]. */
  const ARCHIVE: [string, GameRow, boolean][] = [
    ['a running public game is not archived', RUNNING, false],
    ['a running private game is not archived', { ...RUNNING, isPrivate: true }, false],
    ['a finished public game is archived', { ...RUNNING, status: 'finished' }, true],
    ['a finished private game is archived', { ...RUNNING, status: 'finished', isPrivate: true }, true],
    ['a finished private game its host kept private is not archived', { ...RUNNING, status: 'finished', isPrivate: true, keepPrivate: true }, false],
  ];
  for (const [rule, g, archived] of ARCHIVE) {
    test(`gameAccess: ${rule}; a stranger reads its forum only if it is, and never writes`, async () => {
      await set(g);
      for (const u of [carol, null]) {
        const a = (await gameAccess(ctx, gameId, u && user(u)))!;
        assert.equal(a.archived, archived, `archived, for ${u?.login ?? 'nobody'}`);
        assert.equal(a.member, null);
        assert.equal(canReadPublicChannels(a), archived, `reads, for ${u?.login ?? 'nobody'}`);
        assert.equal(canWrite(a), false);
      }
    });
  }

  /** Who moderates: [rule, visitor, host]. */
  const HOSTS: [string, () => { id: number; isHost: boolean } | null, boolean][] = [
    ["the site's host moderates every game", () => user(carol, true), true],
    ["the game's host (its creator) moderates it", () => user(hugo), true],
    ['a lord does not moderate', () => user(alice), false],
    ['another user does not moderate', () => user(carol), false],
    ['nobody does not moderate', () => null, false],
  ];
  for (const [rule, who, host] of HOSTS) {
    test(`gameAccess: ${rule}; a host without a seat reads a private game's forum and does not write`, async () => {
      await set({ ...RUNNING, isPrivate: true });
      const a = (await gameAccess(ctx, gameId, who()))!;
      assert.equal(a.host, host);
      if (a.member === null) assert.equal(canReadPublicChannels(a), host);
      assert.equal(canWrite(a), a.member !== null);
    });
  }

  test('canReadPublicChannels: a seat, the host or the archive, each alone, opens the forum; none of them keeps it shut', () => {
    const none: GameAccess = { gameId: 1, name: 'g', status: 'running', isPrivate: true, archived: false, member: null, host: false };
    const member = { gameId: 1, player: 'p', lordName: 'L', active: false };
    assert.equal(canReadPublicChannels(none), false);
    assert.equal(canReadPublicChannels({ ...none, member }), true, 'a lord, even inactive');
    assert.equal(canReadPublicChannels({ ...none, host: true }), true, 'the host');
    assert.equal(canReadPublicChannels({ ...none, archived: true }), true, 'the archive');
  });

  test('canWrite: an active seat in a running game, and nothing less', () => {
    const lord: GameAccess = { gameId: 1, name: 'g', status: 'running', isPrivate: false, archived: false, member: { gameId: 1, player: 'p', lordName: 'L', active: true }, host: false };
    assert.equal(canWrite(lord), true);
    assert.equal(canWrite({ ...lord, member: null }), false, 'no seat');
    assert.equal(canWrite({ ...lord, member: null, host: true, archived: true }), false, 'the host without a seat, the archive');
    assert.equal(canWrite({ ...lord, member: { ...lord.member!, active: false } }), false, 'an inactive seat');
    assert.equal(canWrite({ ...lord, status: 'forming' }), false, 'a forming game');
    assert.equal(canWrite({ ...lord, status: 'finished' }), false, 'a finished game');
  });

  // ─── games/page-kit.ts ──────────────────────────────────────────────────────────────────────

  test('access: a bad id (none, "", "0", "-1", "1.5", "x") or a missing game is null, a bad id without a query', async () => {
    for (const id of [undefined, '', '0', '-1', '1.5', 'x', 7]) {
      const c = counted(ctx);
      assert.equal(await access(c.ctx, req(id, alice)), null, `id ${String(id)}`);
      assert.equal(c.calls(), 0, `id ${String(id)}: no query`);
    }
    for (const u of [alice, null]) {
      assert.equal(await access(ctx, req(String(gameId + 1000), u)), null);
      assert.equal(await visibleGame(ctx, req(String(gameId + 1000), u)), null);
      assert.equal(await ownSeat(ctx, req(String(gameId + 1000), u), false), null);
    }
  });

  /** [rule, game, Alice's seat, visitor, seat read (null: none), former, referee]. */
  const ACCESS: [string, GameRow, SeatStatus, 'alice' | 'carol' | null, SeatStatus | null, boolean, boolean][] = [
    ['a lord has his seat', RUNNING, 'active', 'alice', 'active', false, false],
    ['an abdicated lord keeps his seat', RUNNING, 'abdicated', 'alice', 'abdicated', false, false],
    ['a lord whose seat is open has none, and is a former lord', RUNNING, 'open', 'alice', null, true, false],
    ['a stranger has no seat', RUNNING, 'active', 'carol', null, false, false],
    ['the GM has no seat and referees', { ...RUNNING, gm: 'stranger' }, 'active', 'carol', null, false, true],
    ['a lord is not the GM of a game whose GM is another', { ...RUNNING, gm: 'stranger' }, 'active', 'alice', 'active', false, false],
    ['nobody has no seat and referees nothing, even in a game with a GM', { ...RUNNING, gm: 'stranger' }, 'active', null, null, false, false],
  ];
  for (const [rule, g, seat, who, read, former, referee] of ACCESS) {
    test(`access: ${rule}`, async () => {
      await set(g, seat);
      const a = (await access(ctx, req(String(gameId), who === 'alice' ? alice : who === 'carol' ? carol : null)))!;
      assert.equal(a.game.id, gameId);
      assert.equal(a.game.name, 'Les Marches');
      assert.equal(a.seat?.status ?? null, read, 'the seat');
      if (a.seat) assert.deepEqual([a.seat.userId, a.seat.player, a.seat.lordName], [alice.id, alicePlayer, 'Aliénor']);
      assert.equal(a.former, former, 'former lord');
      assert.equal(a.referee, referee, 'referee');
    });
  }

  test("access: a seat the look-up answers for another account is not the visitor's (no seat, not a former lord, no key)", async () => {
    await set(RUNNING);
    // games.seatOf answers by user id; access checks the answer again, so that a look-up gone
    // wrong (here: Alice's seat, whoever asks) never hands Carol Alice's private pages.
    const seatOf = games.seatOf;
    games.seatOf = (c, id) => seatOf(c, id, alice.id);
    try {
      const a = (await access(ctx, req(String(gameId), carol)))!;
      assert.equal(a.seat, null);
      assert.equal(a.former, false);
      assert.equal(await ownSeat(ctx, req(String(gameId), carol), false), null);
      assert.equal((await access(ctx, req(String(gameId), alice)))!.seat?.userId, alice.id, 'Alice still has hers');
    } finally {
      games.seatOf = seatOf;
    }
  });

  /** [rule, game, Alice's seat, visitor, visible]. The GM case: Carol is the GM. */
  const VISIBLE: [string, GameRow, SeatStatus, 'alice' | 'carol' | null, boolean][] = [
    ['a running public game: to a stranger', RUNNING, 'active', 'carol', true],
    ['a running public game: to nobody', RUNNING, 'active', null, true],
    ['a running public game: to its lord', RUNNING, 'active', 'alice', true],
    ['a running private game: not to a stranger', { ...RUNNING, isPrivate: true }, 'active', 'carol', false],
    ['a running private game: not to nobody', { ...RUNNING, isPrivate: true }, 'active', null, false],
    ['a running private game: to its lord', { ...RUNNING, isPrivate: true }, 'active', 'alice', true],
    ['a running private game: to its abdicated lord', { ...RUNNING, isPrivate: true }, 'abdicated', 'alice', true],
    ['a running private game: to its former lord (open seat)', { ...RUNNING, isPrivate: true }, 'open', 'alice', true],
    ['a running private game: to its GM', { ...RUNNING, isPrivate: true, gm: 'stranger' }, 'active', 'carol', true],
    ['a finished private game (archived): to a stranger', { ...RUNNING, status: 'finished', isPrivate: true }, 'active', 'carol', true],
    ['a finished private game (archived): to nobody', { ...RUNNING, status: 'finished', isPrivate: true }, 'active', null, true],
    ['a finished private game kept private: not to a stranger', { ...RUNNING, status: 'finished', isPrivate: true, keepPrivate: true }, 'active', 'carol', false],
    ['a finished private game kept private: to its lord', { ...RUNNING, status: 'finished', isPrivate: true, keepPrivate: true }, 'active', 'alice', true],
    ['a finished private game kept private: to its former lord', { ...RUNNING, status: 'finished', isPrivate: true, keepPrivate: true }, 'open', 'alice', true],
    ['a finished private game kept private: to its GM', { ...RUNNING, status: 'finished', isPrivate: true, keepPrivate: true, gm: 'stranger' }, 'active', 'carol', true],
    ['a finished public game: to a stranger', { ...RUNNING, status: 'finished' }, 'active', 'carol', true],
  ];
  for (const [rule, g, seat, who, visible] of VISIBLE) {
    test(`visibleGame: ${rule}`, async () => {
      await set(g, seat);
      const r = req(String(gameId), who === 'alice' ? alice : who === 'carol' ? carol : null);
      const a = await visibleGame(ctx, r);
      if (!visible) return assert.equal(a, null);
      assert.deepEqual(a, await access(ctx, r), 'the access itself');
    });
  }

  test('visibleGame: a forming game shows no page, not even to its lord or when public', async () => {
    for (const u of [alice, carol, null]) assert.equal(await visibleGame(ctx, req(String(formingId), u)), null, u?.login ?? 'nobody');
    assert.ok(await access(ctx, req(String(formingId), alice)), 'the game exists');
  });

  /** [rule, game, Alice's seat, visitor, activeOnly, has the key]. */
  const OWN: [string, GameRow, SeatStatus, 'alice' | 'carol' | null, boolean, boolean][] = [
    ['an active lord, for his active pages', RUNNING, 'active', 'alice', true, true],
    ['an active lord, for his pages', RUNNING, 'active', 'alice', false, true],
    ['an abdicated lord, for his pages (his reports)', RUNNING, 'abdicated', 'alice', false, true],
    ['an abdicated lord, not for his active pages (orders)', RUNNING, 'abdicated', 'alice', true, false],
    ['a former lord (open seat), not for his pages', RUNNING, 'open', 'alice', false, false],
    ['a former lord (open seat), not for his active pages', RUNNING, 'open', 'alice', true, false],
    ['a stranger, not', RUNNING, 'active', 'carol', false, false],
    ['the GM, not (he has no seat)', { ...RUNNING, gm: 'stranger' }, 'active', 'carol', false, false],
    ['nobody, not', RUNNING, 'active', null, false, false],
    ['the lord of a finished game, for his pages, even kept private', { ...RUNNING, status: 'finished', isPrivate: true, keepPrivate: true }, 'active', 'alice', false, true],
  ];
  for (const [rule, g, seat, who, activeOnly, key] of OWN) {
    test(`ownSeat: ${rule}`, async () => {
      await set(g, seat);
      const r = req(String(gameId), who === 'alice' ? alice : who === 'carol' ? carol : null);
      const a = await ownSeat(ctx, r, activeOnly);
      if (!key) return assert.equal(a, null);
      assert.deepEqual(a, await access(ctx, r), 'the access itself');
      assert.equal(a!.seat!.userId, alice.id);
    });
  }
});
