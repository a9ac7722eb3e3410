/**
 * The GM's console on the platform (issue 16, Game of Gruik §11.3; games/gm.ts takeGmAction,
 * gm-page.ts POST /games/:id/gm/act, migration 028), on both databases, played on Assize's one GM
 * action `set-store` (test/engine/gm-ruleset.ts), in a game of prompts and a game of order sheets:
 * - the GM's action is a step of the game: the state changes, every player's report says "GM
 *   ruling", the answers already given carry over, an audit row says who, when and what, and the
 *   stored game replays to the same state hash;
 * - a refused action changes nothing and says why in French and English;
 * - only the GM acts (403 for a player and for the site's host), on the service and over HTTP; not
 *   while the game is paused (409);
 * - the platform's GM reaches the ruleset's options (RulesetEntry.gmOption: Gruik's `gm`).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import '../engine/gm-ruleset.ts';
import type { AssizeState } from '../engine/gm-ruleset.ts';
import { DB_KINDS, testDb, type DbKind } from './util.ts';
import { addUser, gameRow, makeCtx, type Clock, type TestCtx } from './games-fixtures.ts';
import { games, GamesError, replayStored } from '../../src/platform/games/service.ts';
import { answerPrompt, pauseGame } from '../../src/platform/games/prompts.ts';
import { gmQueue, takeGmAction } from '../../src/platform/games/gm.ts';
import type { Db } from '../../src/platform/db/index.ts';

interface Table { ctx: TestCtx; db: Db; clock: Clock; id: number; gm: number; p1: number; host: number }

let n = 0;
async function table(kind: DbKind, db: Db, opts: { weekly?: boolean } = {}): Promise<Table> {
  const clock: Clock = { now: new Date('2026-11-18T12:00:00Z') };
  const ctx = makeCtx(db, clock, `gmc-${kind}`);
  const tag = `${++n}${kind.slice(0, 2)}`;
  const gm = await addUser(db, `gmc-${tag}`, 'en');
  const p1 = await addUser(db, `gmc-aude-${tag}`);
  const p2 = await addUser(db, `gmc-ber-${tag}`, 'en');
  const host = await addUser(db, `gmc-site-${tag}`, 'fr', { isHost: true });
  const id = await games.create(ctx, {
    ruleset: 'test/assize', name: `Console ${tag}`, options: { rounds: 1 }, seed: 'assize-console', hostUserId: gm,
    seats: [{ userId: p1, lordName: 'Aude' }, { userId: p2, lordName: 'Bérenger' }],
    ...(opts.weekly ? { early: true } : { prompts: { pace: 'live' as const } }), gm: 'host',
  });
  return { ctx, db, clock, id, gm, p1, host };
}

const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const stateOf = async (t: Table): Promise<AssizeState> => parse<AssizeState>((await gameRow(t.db, t.id)).state);
const report = async (t: Table, player: string, idx: number, lang: 'fr' | 'en'): Promise<string> =>
  (await t.db.one<{ fr: string; en: string }>('SELECT text_fr AS fr, text_en AS en FROM reports WHERE game_id = $1 AND player = $2 AND idx = $3', [t.id, player, idx]))?.[lang] ?? '';
const audit = (t: Table) => t.db.query<{ step: number; user_id: number; action: string; input: unknown }>('SELECT step, user_id, action, input FROM gm_actions WHERE game_id = $1 ORDER BY id', [t.id]);

async function refusedWith(p: Promise<unknown>, status: number, what: string): Promise<void> {
  try { await p; } catch (e) {
    assert.ok(e instanceof GamesError, `${what}: a GamesError`);
    assert.equal(e.statusCode, status, what);
    return;
  }
  assert.fail(`${what}: not refused`);
}

for (const kind of DB_KINDS) {
  describe(`the GM's console (${kind})`, () => {
    for (const weekly of [false, true]) {
      test(`the GM edits a store in a game of ${weekly ? 'order sheets' : 'prompts'}: a step, reported, audited, replayed`, async () => {
        const db = await testDb(kind);
        try {
          const t = await table(kind, db, { weekly });
          if (weekly) {
            const sh = await games.saveSheet(t.ctx, t.id, 'p1', '2');
            assert.equal(sh.issues.length, 0, `p1's sheet: ${JSON.stringify(sh.issues)}`);
          } else {
            assert.ok((await answerPrompt(t.ctx, t.id, 'p1', 'claim', '2')).ok, 'p1 claims');
          }
          const deadline = (await gameRow(db, t.id)).deadline;
          const q = await gmQueue(t.ctx, t.id, t.gm, 100, 'fr');
          assert.deepEqual(q.actions.map((a) => a.id), ['set-store'], 'the GM is offered the ruleset\'s action');
          assert.equal(q.actions[0]!.label, 'Fixer un grenier', 'in his page\'s language');
          const r = await takeGmAction(t.ctx, t.id, t.gm, { id: 'set-store', values: { player: 'p2', store: '4' } }, 0);
          assert.ok(r.ok, `the action is applied: ${JSON.stringify(r.issues)}`);
          assert.equal(r.step, 1, 'as step 1');
          const g = await gameRow(db, t.id);
          assert.equal(Number(g.step), 1, 'the game moved one step');
          assert.deepEqual((await stateOf(t)).players.map((p) => p.store), [0, 4], 'the store is set');
          if (weekly) assert.equal(new Date(g.deadline!).getTime(), new Date(deadline!).getTime(), 'a game of order sheets keeps its deadline');
          assert.match(await report(t, 'p1', 1, 'en'), /Bérenger's store goes from 0 to 4 sheaves \(GM ruling\)/, 'every player reads the GM ruling');
          assert.match(await report(t, 'p2', 1, 'fr'), /décision du MJ/, 'in French too');
          const sheet = await db.one<{ value: unknown }>('SELECT value FROM sheets WHERE game_id = $1 AND player = $2 AND step = 2', [t.id, 'p1']);
          assert.equal(parse<number>(sheet?.value), 2, 'p1\'s claim carried over to the next step');
          const rows = await audit(t);
          assert.equal(rows.length, 1, 'one audit row');
          assert.deepEqual([Number(rows[0]!.step), Number(rows[0]!.user_id), rows[0]!.action, parse(rows[0]!.input)], [1, t.gm, 'set-store', { player: 'p2', store: '4' }], 'who and what, with the step it made');
          const log = (await gmQueue(t.ctx, t.id, t.gm)).audit;
          assert.equal(log[0]?.label, 'Set a store', 'the GM\'s page shows it');
          const rp = await replayStored(db, t.id);
          assert.ok(rp?.ok, `the stored game replays: ${JSON.stringify(rp?.mismatches)}`);
          assert.equal(rp!.finalHash, g.state_hash, 'to the same state hash');
        } finally { await db.close(); }
      });
    }

    test('a refused action changes nothing and says why in French and English; only the GM acts', async () => {
      const db = await testDb(kind);
      try {
        const t = await table(kind, db);
        const bad = await takeGmAction(t.ctx, t.id, t.gm, { id: 'set-store', values: { player: 'p1', store: '7' } }, 0);
        assert.equal(bad.ok, false, 'beyond the invariants\' bound: refused');
        assert.match(bad.issues[0]?.text?.fr ?? '', /au plus 6 gerbes/, 'in French');
        assert.match(bad.issues[0]?.text?.en ?? '', /at most 6 sheaves/, 'in English');
        assert.equal(Number((await gameRow(db, t.id)).step), 0, 'no step');
        assert.equal((await audit(t)).length, 0, 'no audit row');
        await refusedWith(takeGmAction(t.ctx, t.id, t.p1, { id: 'set-store', values: { player: 'p1', store: '6' } }), 403, 'a player may not act as GM');
        await refusedWith(takeGmAction(t.ctx, t.id, t.host, { id: 'set-store', values: { player: 'p1', store: '6' } }), 403, 'nor the site\'s host');
        await refusedWith(gmQueue(t.ctx, t.id, t.p1), 403, 'nor read the GM\'s actions');
        await refusedWith(takeGmAction(t.ctx, t.id, t.gm, { id: 'set-store', values: { player: 'p1', store: '6' } }, 3), 409, 'an action meant for another step is refused');
        await pauseGame(t.ctx, t.id, t.gm, true);
        await refusedWith(takeGmAction(t.ctx, t.id, t.gm, { id: 'set-store', values: { player: 'p1', store: '6' } }), 409, 'a paused game waits for its resumption');
        assert.deepEqual((await stateOf(t)).players.map((p) => p.store), [0, 0], 'nothing changed');
      } finally { await db.close(); }
    });
  });
}

describe('the platform\'s GM reaches the ruleset (pglite)', () => {
  test('a Gruik game gets `gm` from whether the platform gave it a GM', async () => {
    const db = await testDb('pglite');
    try {
      const ctx = makeCtx(db, { now: new Date('2026-11-18T12:00:00Z') }, 'gmc-opt');
      const a = await addUser(db, 'gmc-opt-a'), b = await addUser(db, 'gmc-opt-b'), gm = await addUser(db, 'gmc-opt-gm');
      const seats = [{ userId: a, lordName: 'Elves' }, { userId: b, lordName: 'Dwarves' }];
      const withGm = await games.create(ctx, { ruleset: 'gruik', name: 'Gruik avec MJ', options: { map: 'fixture', gm: false }, hostUserId: gm, seats, gm: 'host' });
      const without = await games.create(ctx, { ruleset: 'gruik', name: 'Gruik sans MJ', options: { map: 'fixture', gm: true }, hostUserId: gm, seats: seats.map((s) => ({ ...s })) });
      const opt = async (id: number) => parse<{ gm?: boolean }>((await gameRow(db, id)).options).gm;
      const present = async (id: number) => parse<{ gruik: { config: { gm: { present: boolean } } } }>((await gameRow(db, id)).state).gruik.config.gm.present;
      assert.equal(await opt(withGm), true, 'a game with a GM: gm true, whatever the host typed');
      assert.equal(await present(withGm), true, 'GM_PRESENT true in the state');
      assert.equal(await opt(without), false, 'a game without one: gm false');
      assert.equal(await present(without), false, 'GM_PRESENT false in the state');
    } finally { await db.close(); }
  });
});
