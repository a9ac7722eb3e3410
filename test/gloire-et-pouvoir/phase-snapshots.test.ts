/**
 * Rules §3.3.2: each phase reads the aggregates frozen at its start. The turn takes that snapshot
 * only in the phases that read it (turn.ts, `PhaseDef.snapshot`); these tests check that taking it
 * at every phase, as the rules state it, gives the same state and the same events on bot play of
 * every theatre and size, and that a phase reading a snapshot it declared it would not take fails
 * loudly instead of reading a stale one.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createGame, type GameRecord } from '../../src/engine/game.ts';
import { hashState } from '../../src/engine/hash.ts';
import { createRng } from '../../src/engine/rng.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../../src/rulesets/index.ts';
import { createCtx, skipSnapshot, takeSnapshot } from '../../src/rulesets/gloire-et-pouvoir/context.ts';
import { sheetsFromSubmissions } from '../../src/rulesets/gloire-et-pouvoir/index.ts';
import type { GPState } from '../../src/rulesets/gloire-et-pouvoir/state.ts';
import { resolveTurn } from '../../src/rulesets/gloire-et-pouvoir/turn.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

const entry = getRuleset('gloire-et-pouvoir');
const rs = entry.ruleset;

/** Plays `turns` bot turns; at each, resolves the turn both ways and compares. Returns the turns compared. */
function compare(map: string, players: number, seed: string, turns: number): number {
  let g: GameRecord = createGame(rs, { map, players }, seed);
  let compared = 0;
  for (let turn = 1; turn <= turns && rs.decisions(g.state).length; turn++) {
    g = botAnswers(entry, g);
    const sheets = sheetsFromSubmissions(g.pending as never);
    const skipping = resolveTurn(structuredClone(g.state) as GPState, sheets, createRng(g.seed, `step/${turn}`));
    const every = resolveTurn(structuredClone(g.state) as GPState, sheets, createRng(g.seed, `step/${turn}`), 19, true);
    assert.equal(hashState(skipping.state), hashState(every.state), `${map} ${players} ${seed}: turn ${turn}'s state differs when every snapshot is taken`);
    assert.equal(JSON.stringify(skipping.events), JSON.stringify(every.events), `${map} ${players} ${seed}: turn ${turn}'s events differ when every snapshot is taken`);
    compared++;
    g = { ...g, state: skipping.state, pending: [], steps: [...g.steps, { index: g.steps.length + 1, label: '', submissions: [], defaulted: [], events: [], hash: '' }] };
  }
  return compared;
}

// Every theatre, each run: random seeds (no fixed fast-check seed, so each run plays new games)
// but a bounded, even cost: a fixed number of games per theatre, one of Europe 100 (its 100
// lords' bots are most of a game's time).
for (const [map, players, turns, games] of [['scandinavia', 3, 12, 2], ['scandinavia', 10, 12, 2], ['middle-east', 20, 12, 1], ['europe', 30, 12, 1], ['europe', 100, 6, 1]] as const) {
  test(`§3.3.2 snapshots taken only where read: same state and events as a snapshot at every phase (bot play, ${map} ${players})`, () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 1_000_000 }),
      (seed) => {
        const n = compare(map, players, `snapshots-${seed}`, turns);
        assert.ok(n > 0, `${map} ${players}: no turn was compared`);
      }), { numRuns: games });
  });
}

test('§3.3.2 a phase that reads a snapshot it declared it would not take throws (never a stale value)', () => {
  const g = createGame(rs, { map: 'scandinavia', players: 4 }, 'snapshot-guard');
  const ctx = createCtx(structuredClone(g.state) as GPState, {}, createRng('x', 'y'));
  ctx.phase = 14;
  takeSnapshot(ctx);
  assert.ok(ctx.snap.order.length === 4, 'the snapshot taken orders the four lords');
  skipSnapshot(ctx);
  assert.throws(() => ctx.snap.avgHappiness, /phase 14 reads the phase snapshot but declares that it takes none/);
});
