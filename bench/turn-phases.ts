/**
 * Benchmark: where a Europe turn's time goes, phase by phase (CPU time, not wall clock, so that
 * it can be read on a machine shared with other work): the frozen aggregates taken at each phase
 * start (rules §3.3.2) and each phase's own work, summed over bot-played turns.
 *
 * Run: `node --import tsx bench/turn-phases.ts [--map europe] [--players 100] [--turns 50]`.
 */
import { parseArgs } from 'node:util';
import { createGame, type GameRecord } from '../src/engine/game.ts';
import { createRng } from '../src/engine/rng.ts';
import { botAnswers, getRuleset, loadAllRulesets } from '../src/rulesets/index.ts';

await loadAllRulesets();
import { createCtx, skipSnapshot, takeSnapshot } from '../src/rulesets/gloire-et-pouvoir/context.ts';
import { sheetsFromSubmissions } from '../src/rulesets/gloire-et-pouvoir/index.ts';
import { PHASES } from '../src/rulesets/gloire-et-pouvoir/turn.ts';
import type { GPState } from '../src/rulesets/gloire-et-pouvoir/state.ts';

const { values } = parseArgs({ options: { map: { type: 'string', default: 'europe' }, players: { type: 'string', default: '100' }, turns: { type: 'string', default: '50' } } });
const entry = getRuleset('gloire-et-pouvoir');
const rs = entry.ruleset;
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

function afterTurn(g: GameRecord, state: unknown): GameRecord {
  return { ...g, state, pending: [], steps: [...g.steps, { index: g.steps.length + 1, label: '', submissions: [], defaulted: [], events: [], hash: '' }] };
}
// Collect the inputs first (bots untimed), then time the turns.
const inputs: { state: GPState; pending: GameRecord['pending']; seed: string; turn: number }[] = [];
let games = 0;
while (inputs.length < Number(values.turns) + 20) {
  let g = createGame(rs, { map: values.map, players: Number(values.players) }, `bench-phases-${games++}`);
  for (let turn = 1; inputs.length < Number(values.turns) + 20 && rs.decisions(g.state).length; turn++) {
    g = botAnswers(entry, g);
    inputs.push({ state: structuredClone(g.state) as GPState, pending: g.pending, seed: g.seed, turn });
    const r = rs.resolve(structuredClone(g.state), g.pending, createRng(g.seed, `step/${turn}`));
    g = afterTurn(g, r.state);
  }
}
// BENCH_CPU_PROF=dir: a CPU profile of the timed turns only (not of the bots).
const profDir = process.env.BENCH_CPU_PROF;
const { Session } = await import('node:inspector/promises');
const session = profDir ? new Session() : null;
if (session) { session.connect(); await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 100 }); await session.post('Profiler.start'); }
const snapMs = new Array(20).fill(0);
const runMs = new Array(20).fill(0);
const taken = new Array(20).fill(0);
let total = 0;
const whole: number[] = [];
for (const [i, inp] of inputs.entries()) {
  // The ruleset's whole resolve (the first 20 turns warm the JIT up, untimed).
  const timed = i >= 20;
  const t0 = cpu();
  rs.resolve(structuredClone(inp.state), inp.pending, createRng(inp.seed, `step/${inp.turn}`));
  const t1 = cpu();
  if (timed) { total += t1 - t0; whole.push(t1 - t0); }
}
// Per-phase split: resolveTurn's loop, with each part timed.
const perf = globalThis.performance;
for (const [i, inp] of inputs.entries()) {
  if (i < 20) continue;
  const state = structuredClone(inp.state);
  const ctx = createCtx(state, sheetsFromSubmissions(inp.pending as never), createRng(inp.seed, `step/${inp.turn}`));
  for (const l of Object.values(state.lords)) if (l.alive) ctx.flags.startTreasury[l.id] = l.treasury;
  for (const p of PHASES) {
    ctx.phase = p.n;
    const a = perf.now(); if (!p.snapshot || p.snapshot(ctx)) { takeSnapshot(ctx); taken[p.n]++; } else skipSnapshot(ctx); const b = perf.now(); p.run(ctx); const c = perf.now();
    snapMs[p.n] += b - a; runMs[p.n] += c - b;
  }
}
if (session) {
  const { profile } = await session.post('Profiler.stop');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  mkdirSync(profDir!, { recursive: true });
  writeFileSync(`${profDir}/turns-${Date.now()}.cpuprofile`, JSON.stringify(profile));
}
whole.sort((a, b) => a - b);
const n = inputs.length - 20;
console.log(`${values.map} ${values.players}: ${n} turns, CPU per turn median ${whole[Math.floor(n / 2)]!.toFixed(2)} ms, mean ${(total / n).toFixed(2)} ms`);
{
  console.log('| phase | snapshots taken | snapshot ms/turn | run ms/turn |');
  for (const p of PHASES) console.log(`| ${p.n} ${p.id} | ${taken[p.n]}/${n} | ${(snapMs[p.n] / n).toFixed(3)} | ${(runMs[p.n] / n).toFixed(3)} |`);
}
