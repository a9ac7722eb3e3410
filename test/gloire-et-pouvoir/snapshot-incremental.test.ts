/**
 * Rules §3.3.2, issue 20: the phase snapshot is kept up to date between phases from the writes
 * that go through the context (context.ts, RenownCache) instead of being summed again from the
 * whole state. These tests check, over random bot-played turns of every theatre, that every
 * snapshot a phase reads equals one computed afresh from the whole state — to the last bit — both
 * with the turn's own choice of phases that take one and with a snapshot at every phase (turns
 * alternating between the two in each game); so a write that forgets to mark what it changes fails
 * here. The live GR of every lord (liveGR, which
 * reads the kept parts while the lord's are clean) is checked against the formula at the start and
 * the end of each phase. The turn's indexes (each lord's knights, armies, land and lines, every
 * knight and territory in the state's order) are compared with a scan of the state after each phase.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createGame, type GameRecord } from '../../src/engine/game.ts';
import { hashState } from '../../src/engine/hash.ts';
import { createRng } from '../../src/engine/rng.ts';
import { loadAllRulesets, botAnswers, getRuleset } from '../../src/rulesets/index.ts';
import { allKnights, armiesOfLord, createCtx, eliminateLord, freshSnapshot, garrisonAt, knightsOfLord, landOf, linesOf, liveGR, newArmy, removeArmy, setRelation, setRenown, setTreasury, skipSnapshot, takeSnapshot, territoriesOf, type Ctx, type TurnSheet } from '../../src/rulesets/gloire-et-pouvoir/context.ts';
import { globalRenown, livingLords, relationLists } from '../../src/rulesets/gloire-et-pouvoir/formulas.ts';
import { sheetsFromSubmissions } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import type { GPState, LordId } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { PHASES, resolveTurn } from '../../src/rulesets/gloire-et-pouvoir/turn.ts';
await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const entry = getRuleset('gloire-et-pouvoir');
const rs = entry.ruleset;

/** Every living lord's live GR (kept parts when clean) equals the formula over the whole state, with the phase's average happiness. */
function checkLiveGR(ctx: Ctx, where: string): void {
  for (const l of livingLords(ctx.s)) {
    assert.ok(Object.is(liveGR(ctx, l), globalRenown(ctx.s, l, ctx.snap.avgHappiness)), `${where}: ${l}'s live GR differs from the formula's`);
  }
}

/** The same objects in the same order. */
function sameList<T>(kept: readonly T[], scan: readonly T[], what: string): void {
  assert.ok(kept.length === scan.length && kept.every((x, i) => x === scan[i]), `${what}: the turn's index (${kept.length}) is not the scan of the state (${scan.length}), or not in its order`);
}

/** Every index the turn keeps equals a scan of the state (the same objects, in the state's order). */
function checkIndexes(ctx: Ctx, where: string): void {
  const s = ctx.s;
  const knights = Object.values(s.knights), armies = Object.values(s.armies), territories = Object.values(s.territories);
  sameList(allKnights(ctx), knights, `${where}: every knight`);
  sameList(territoriesOf(ctx), territories, `${where}: every territory`);
  for (const l of Object.keys(s.lords)) {
    sameList(knightsOfLord(ctx, l), knights.filter((k) => k.lord === l), `${where}: ${l}'s knights`);
    sameList(armiesOfLord(ctx, l), armies.filter((a) => a.lord === l), `${where}: ${l}'s armies`);
    sameList(landOf(ctx, l), territories.filter((t) => t.owner === l), `${where}: ${l}'s land`);
    const places = new Set([...armies.filter((a) => a.lord === l).map((a) => a.location), ...territories.filter((t) => t.owner === l).map((t) => t.id)]);
    for (const t of territories.filter((x) => places.has(x.id))) { // elsewhere both find none
      assert.equal(garrisonAt(ctx, l, t.id), armies.find((a) => a.lord === l && a.commander === null && a.location === t.id) ?? null, `${where}: ${l}'s garrison on ${t.id}`);
    }
  }
  for (const [l, sheet] of Object.entries(ctx.sheets)) {
    for (const code of new Set(sheet.lines.map((x) => x.order.code))) sameList(linesOf(ctx, l, code), sheet.lines.filter((x) => x.order.code === code), `${where}: ${l}'s ${code} lines`);
  }
  if (ctx.relLists) { // each living lord's allies and enemies, in the lords' order, as the relations give them
    const fresh = relationLists(s);
    for (const l of livingLords(s)) {
      assert.deepStrictEqual(ctx.relLists.allies.get(l) ?? [], fresh.allies.get(l) ?? [], `${where}: ${l}'s allies: the turn's index is not the relations'`);
      assert.deepStrictEqual(ctx.relLists.enemies.get(l) ?? [], fresh.enemies.get(l) ?? [], `${where}: ${l}'s enemies: the turn's index is not the relations'`);
    }
  }
}

/** resolveTurn's loop, checking each snapshot taken against a fresh one; returns the state and the snapshots checked. */
function checkedTurn(state: GPState, sheets: Record<LordId, TurnSheet>, seed: string, turn: number, every: boolean, where: string): { state: GPState; checked: number } {
  const ctx = createCtx(state, sheets, createRng(seed, `step/${turn}`));
  for (const l of Object.values(state.lords)) if (l.alive) ctx.flags.startTreasury[l.id] = l.treasury;
  let checked = 0;
  for (const p of PHASES) {
    ctx.phase = p.n;
    if (every || !p.snapshot || p.snapshot(ctx)) {
      takeSnapshot(ctx);
      assert.deepStrictEqual(ctx.snap, freshSnapshot(ctx), `${where}: turn ${turn}, phase ${p.n}: the kept snapshot differs from a fresh one`);
      checkLiveGR(ctx, `${where}: turn ${turn}, start of phase ${p.n}`);
      checked++;
    } else skipSnapshot(ctx);
    p.run(ctx);
    if (ctx.frozen) checkLiveGR(ctx, `${where}: turn ${turn}, end of phase ${p.n}`);
    checkIndexes(ctx, `${where}: turn ${turn}, end of phase ${p.n}`);
  }
  for (const a of Object.values(state.armies)) { a.defThreshold = null; a.receivedTransfer = false; }
  if (!state.finished) state.turn += 1;
  return { state, checked };
}

/**
 * Plays `turns` bot turns, each resolved through the checked loop: a turn whose number has the
 * parity `everyParity` takes a snapshot at every phase, the others only at the phases that take
 * one. Each turn makes its own context, so a turn is checked as thoroughly as in a game played in
 * its mode throughout, and every game checks both modes.
 */
function play(map: string, players: number, seed: string, turns: number, everyParity: 0 | 1): number {
  let g: GameRecord = createGame(rs, { map, players }, seed);
  let checked = 0;
  for (let turn = 1; turn <= turns && rs.decisions(g.state).length; turn++) {
    const every = turn % 2 === everyParity;
    g = botAnswers(entry, g);
    const sheets = sheetsFromSubmissions(g.pending as never);
    const where = `${map} ${players} ${seed}${every ? ' (every phase)' : ''}`;
    const r = checkedTurn(structuredClone(g.state) as GPState, sheets, g.seed, turn, every, where);
    const real = resolveTurn(structuredClone(g.state) as GPState, sheets, createRng(g.seed, `step/${turn}`));
    assert.equal(hashState(r.state), hashState(real.state), `${where}: turn ${turn}: the checked loop is not the turn's`);
    checked += r.checked;
    g = { ...g, state: real.state, pending: [], steps: [...g.steps, { index: g.steps.length + 1, label: '', submissions: [], defaulted: [], events: [], hash: '' }] };
  }
  return checked;
}

// Every theatre, each run: random seeds (no fixed fast-check seed, so each run plays new games)
// but a bounded, even cost: a fixed number of games per theatre, one of Europe 100 (about half
// the file's time: 100 lords' bots and checks), each game checking both modes.
for (const [map, players, turns, games] of [['scandinavia', 3, 12, 2], ['scandinavia', 10, 12, 1], ['middle-east', 20, 12, 1], ['europe', 30, 12, 1], ['europe', 100, 5, 1]] as const) {
  test(`§3.3.2 the kept snapshot equals a fresh one at every phase that takes it (random bot play, ${map} ${players})`, () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.constantFrom(0 as const, 1 as const),
      (seed, everyParity) => {
        const n = play(map, players, `incremental-${seed}`, turns, everyParity);
        assert.ok(n > 0, `${map} ${players}: no snapshot was checked`);
      }), { numRuns: games });
  });
}

test('§3.3.2 a write that bypasses the context is seen by the check (the fresh snapshot differs from the kept one)', () => {
  const g = createGame(rs, { map: 'scandinavia', players: 4 }, 'incremental-guard');
  const ctx = createCtx(structuredClone(g.state) as GPState, {}, createRng('x', 'y'));
  ctx.phase = 3;
  takeSnapshot(ctx);
  const lord = ctx.snap.order[0]!;
  const l = ctx.s.lords[lord]!;
  setTreasury(ctx, l, l.treasury + 5000); // through the context: seen
  takeSnapshot(ctx);
  assert.deepStrictEqual(ctx.snap, freshSnapshot(ctx), 'a write through the context keeps the snapshot right');
  assert.ok(ctx.snap.order.at(-1) === lord, 'the richer lord now comes last in ascending GR');
  l.treasury += 5000; // behind the context's back
  takeSnapshot(ctx);
  assert.notDeepStrictEqual(ctx.snap, freshSnapshot(ctx), 'a write behind the context makes the kept snapshot stale, and the check sees it');
});

test('issue 20: an army added behind the context\'s back is seen by the index check; one added by newArmy keeps the index right, also after the lord\'s list was emptied', () => {
  const g = createGame(rs, { map: 'scandinavia', players: 4 }, 'incremental-index-guard');
  const ctx = createCtx(structuredClone(g.state) as GPState, {}, createRng('x', 'y'));
  const lord = Object.keys(ctx.s.lords)[0]!;
  const where = Object.values(ctx.s.territories).find((t) => t.owner === lord)!.id;
  checkIndexes(ctx, 'start'); // builds the indexes
  const a = newArmy(ctx, lord, where, 10, null);
  checkIndexes(ctx, 'after newArmy');
  assert.equal(armiesOfLord(ctx, lord).at(-1), a, 'the new army comes last in its lord\'s list');
  for (const x of [...armiesOfLord(ctx, lord)]) removeArmy(ctx, x); // his list emptied, then a new army
  const b = newArmy(ctx, lord, where, 5, null);
  checkIndexes(ctx, 'after every army removed and a new one');
  assert.deepEqual(armiesOfLord(ctx, lord), [b], 'the emptied list holds the new army alone');
  const id = ctx.s.nextArmy++;
  ctx.s.armies[String(id)] = { ...a, id };
  assert.throws(() => checkIndexes(ctx, 'behind the back'), /is not the scan of the state/, 'an army written behind the context\'s back makes the index stale, and the check sees it');
});

test('issue 20: a snapshot whose order turns right round (past the insertion sort\'s bound) is still the one sorted order', () => {
  const g = createGame(rs, { map: 'europe', players: 100 }, 'incremental-reversed');
  const ctx = createCtx(structuredClone(g.state) as GPState, {}, createRng('x', 'y'));
  ctx.phase = 3;
  takeSnapshot(ctx);
  const before = [...ctx.snap.order];
  // The last in ascending GR becomes the richest, and so on: 4,950 moves for the insertion sort.
  before.forEach((lord, i) => { const l = ctx.s.lords[lord]!; setTreasury(ctx, l, l.treasury + 1_000_000 * (before.length - i)); });
  takeSnapshot(ctx);
  assert.deepStrictEqual(ctx.snap, freshSnapshot(ctx), 'the kept snapshot equals a fresh one');
  assert.deepStrictEqual(ctx.snap.order, [...before].reverse(), 'the order is reversed, each lord once');
});

test('issue 20: a lord-knight\'s renown, a lord who leaves the game and new relations move only the relation terms they touch, and those are right', () => {
  // L1–L2 allies, L3 at war with L2 and allied with L4, L5 at war with L1: L2's leaving moves L1's
  // allies term, L3's enemies term (his enemy) and L5's (his enemy L1's ally). The kept parts must
  // follow, in liveGR within the phase and in the next snapshot.
  const g = createGame(rs, { map: 'europe', players: 6 }, 'incremental-death');
  const ctx = createCtx(structuredClone(g.state) as GPState, {}, createRng('x', 'y'));
  ctx.phase = 7;
  const [a, b, c, d, e] = Object.keys(ctx.s.lords) as [LordId, LordId, LordId, LordId, LordId];
  setRelation(ctx, a, b, 'alliance', 'ALL');
  setRelation(ctx, b, c, 'war', 'GUE');
  setRelation(ctx, c, d, 'alliance', 'ALL');
  setRelation(ctx, e, a, 'war', 'GUE');
  takeSnapshot(ctx);
  assert.deepStrictEqual(ctx.snap, freshSnapshot(ctx), 'after the relations');
  const lkB = ctx.s.knights[ctx.s.lords[b]!.lordKnight]!;
  setRenown(ctx, lkB, lkB.renown * 2); // his allies, his enemies and his allies' enemies read it
  checkLiveGR(ctx, 'after a lord-knight\'s renown moved');
  takeSnapshot(ctx);
  assert.deepStrictEqual(ctx.snap, freshSnapshot(ctx), 'after a lord-knight\'s renown moved');
  eliminateLord(ctx, b, 'battle');
  checkLiveGR(ctx, 'after a lord left, within the phase');
  takeSnapshot(ctx);
  assert.deepStrictEqual(ctx.snap, freshSnapshot(ctx), 'after a lord left');
  setRelation(ctx, c, d, 'peace', 'ANN'); // an alliance ends: L3's and L4's allies terms
  setRelation(ctx, a, d, 'alliance', 'ALL'); // and begins: L5 (at war with L1) reads L4 now
  checkLiveGR(ctx, 'after an alliance ended and another began');
  takeSnapshot(ctx);
  assert.deepStrictEqual(ctx.snap, freshSnapshot(ctx), 'after an alliance ended and another began');
});
