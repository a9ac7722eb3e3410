/**
 * Benchmark: turn resolution of Gloire & Pouvoir, median and p95 over at least 50 turns of bot
 * play, on each theatre and size (Scandinavia 10 lords, Middle East 20, Europe 30 and 100), with
 * the cost per lord and per territory (growth with size should be close to linear), and the size
 * of a stored game state and of a turn's events (JSON).
 *
 * Only the referee's `resolve` is timed (on a copy of the state, as the engine gives it), after an
 * untimed warm-up game of each theatre and size (the JIT compiles the code as a long-running
 * server has it); the bots write the sheets between turns, untimed. A game that ends before 50 turns is followed by
 * another (next seed) until 50 turns are measured.
 *
 * Run: `node --import tsx bench/turns.ts [--turns 50]`.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createGame, type GameRecord } from '../src/engine/game.ts';
import { createRng } from '../src/engine/rng.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../src/rulesets/index.ts';

await loadAllRulesets();
import { getMap } from '../src/rulesets/gloire-et-pouvoir/maps/index.ts';

const { values } = parseArgs({ options: { turns: { type: 'string', default: '50' } } });
const TURNS = Math.max(50, Number(values.turns));
const entry = getRuleset('gloire-et-pouvoir');
const rs = entry.ruleset;

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/** The game after a turn resolved outside the engine's fold (only the resolve is timed): the step is
 *  counted, so that the bots of the next turn draw from the next turn's streams. */
function afterTurn(g: GameRecord, state: unknown): GameRecord {
  return { ...g, state, pending: [], steps: [...g.steps, { index: g.steps.length + 1, label: '', submissions: [], defaulted: [], events: [], hash: '' }] };
}

// Warm-up (untimed): a server resolves turns with its code already compiled by the JIT. Europe 100
// too (since 2026-11-29): a server resolves 100-lord games again and again, and their larger records
// and lists are not the smaller theatres' (another seed than the measured games'; bench/results.md).
for (const [map, players] of [['scandinavia', 10], ['scandinavia', 10], ['middle-east', 20], ['europe', 30], ['europe', 100]] as const) {
  let g = createGame(rs, { map, players }, `bench-turns-warm-up-${map}`);
  for (let turn = 1; turn <= 40 && rs.decisions(g.state).length; turn++) {
    g = botAnswers(entry, g);
    const r = rs.resolve(structuredClone(g.state), g.pending, createRng(g.seed, `step/${turn}`));
    g = afterTurn(g, r.state);
  }
}

const rows: string[][] = [];
for (const [map, players] of [['scandinavia', 10], ['middle-east', 20], ['europe', 30], ['europe', 100]] as const) {
  const times: number[] = [];
  const stateBytes: number[] = [];
  const eventBytes: number[] = [];
  let games = 0;
  while (times.length < TURNS) {
    let g = createGame(rs, { map, players }, `bench-turns-${map}-${players}-${games++}`);
    for (let turn = 1; times.length < TURNS && rs.decisions(g.state).length; turn++) {
      g = botAnswers(entry, g);
      const input = structuredClone(g.state);
      const t0 = performance.now();
      const r = rs.resolve(input, g.pending, createRng(g.seed, `step/${turn}`));
      times.push(performance.now() - t0);
      stateBytes.push(JSON.stringify(r.state).length);
      eventBytes.push(JSON.stringify(r.events).length);
      g = afterTurn(g, r.state);
    }
  }
  times.sort((a, b) => a - b);
  const med = pct(times, 0.5);
  const territories = getMap(map).territories.length;
  const kb = (xs: number[]) => `${(xs.reduce((a, b) => a + b, 0) / xs.length / 1024).toFixed(0)} KB`;
  rows.push([`${map} ${players}`, String(times.length), med.toFixed(2), pct(times, 0.95).toFixed(2),
    `${((med * 1000) / players).toFixed(0)} µs`, `${((med * 1000) / territories).toFixed(0)} µs`, kb(stateBytes), kb(eventBytes)]);
  console.error(`${map} ${players}: median ${med.toFixed(2)} ms`);
}
const head = ['theatre, lords', 'turns', 'median ms', 'p95 ms', 'per lord', 'per territory', 'state (JSON)', 'events of a turn'];
console.log(`Turn resolution (the referee's resolve only), ${new Date().toISOString()}`);
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---').join('|')}|`);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
console.log('Targets: Europe 100 lords under 20 ms median; Scandinavia under 2 ms.');
