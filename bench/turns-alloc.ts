/**
 * Probe: how many bytes a Gloire & Pouvoir turn's resolve allocates (issue 20), a figure that the
 * machine's load does not move. Bot-played turns are drawn first; each is resolved after a full
 * GC, with a young generation large enough that no collection runs inside it, and the heap's
 * growth is its allocation (what it keeps included). Median and mean over the turns; the first
 * 20 turns warm the JIT up and are not counted. With `--prof DIR`, a CPU profile of a second pass
 * (resolves only) is written there, for scripts/cpuprofile-summary.mjs; with `--heap DIR`, a sampling
 * heap profile of one pass (every allocation sampled, the ones collected since included), with a
 * summary of the bytes allocated by function printed.
 *
 * Run: `node --expose-gc --max-semi-space-size=64 --import tsx bench/turns-alloc.ts [--map europe] [--players 100] [--turns 60] [--prof DIR] [--heap DIR]`.
 * tsx compiles each file to one line, so profiles name functions at line 1: for lines, bundle it
 * first (`npx esbuild bench/turns-alloc.ts --bundle --platform=node --format=esm
 * --packages=external --outfile=/tmp/alloc.mjs`, then `node --expose-gc --max-semi-space-size=64
 * /tmp/alloc.mjs …` from the checkout; the lines are the bundle's), and read a CPU profile's lines
 * with scripts/cpuprofile-summary.mjs.
 */
import { parseArgs } from 'node:util';
import { createGame, type GameRecord } from '../src/engine/game.ts';
import { createRng } from '../src/engine/rng.ts';
import * as rulesets from '../src/rulesets/index.ts';

await (rulesets as { loadAllRulesets?: () => Promise<void> }).loadAllRulesets?.();
const { values } = parseArgs({ options: { map: { type: 'string', default: 'europe' }, players: { type: 'string', default: '100' }, turns: { type: 'string', default: '60' }, prof: { type: 'string' }, heap: { type: 'string' } } });
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc (and --max-semi-space-size=64)');
const entry = rulesets.getRuleset('gloire-et-pouvoir');
const rs = entry.ruleset;
const N = Number(values.turns) + 20;

const inputs: { state: unknown; pending: GameRecord['pending']; seed: string; turn: number }[] = [];
for (let games = 0; inputs.length < N; games++) {
  let g = createGame(rs, { map: values.map, players: Number(values.players) }, `bench-alloc-${games}`);
  for (let turn = 1; inputs.length < N && rs.decisions(g.state).length; turn++) {
    g = rulesets.botAnswers(entry, g);
    inputs.push({ state: structuredClone(g.state), pending: g.pending, seed: g.seed, turn });
    const r = rs.resolve(structuredClone(g.state), g.pending, createRng(g.seed, `step/${turn}`));
    g = { ...g, state: r.state, pending: [], steps: [...g.steps, { index: g.steps.length + 1, label: '', submissions: [], defaulted: [], events: [], hash: '' }] };
  }
}
const kb: number[] = [];
for (const [i, inp] of inputs.entries()) {
  const state = structuredClone(inp.state);
  const rng = createRng(inp.seed, `step/${inp.turn}`);
  gc();
  const before = process.memoryUsage().heapUsed;
  rs.resolve(state, inp.pending, rng);
  const after = process.memoryUsage().heapUsed;
  if (i >= 20) kb.push((after - before) / 1024);
}
kb.sort((a, b) => a - b);
console.log(`${values.map} ${values.players}: ${kb.length} turns, allocated per resolve: median ${kb[kb.length >> 1]!.toFixed(0)} KB, mean ${(kb.reduce((a, b) => a + b, 0) / kb.length).toFixed(0)} KB`);
/** Resolves the turns `passes` times, each state copied before, between `start` and `stop` (only the resolves are sampled), and writes the profile to DIR. */
async function profiled(dir: string, ext: string, passes: number, start: (post: Post) => Promise<unknown>, stop: (post: Post) => Promise<{ profile: unknown }>) {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  const post: Post = (method, params) => session.post(method as never, params as never) as never;
  const states = Array.from({ length: passes }, () => inputs.map((inp) => structuredClone(inp.state))).flat();
  await start(post);
  for (const [j, state] of states.entries()) {
    const inp = inputs[j % inputs.length]!;
    rs.resolve(state, inp.pending, createRng(inp.seed, `step/${inp.turn}`));
  }
  const { profile } = await stop(post);
  const { mkdirSync, writeFileSync } = await import('node:fs');
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/turns-${Date.now()}.${ext}`;
  writeFileSync(file, JSON.stringify(profile));
  return { file, profile, resolves: states.length };
}
type Post = (method: string, params?: object) => Promise<any>;

if (values.prof) {
  const { file } = await profiled(values.prof, 'cpuprofile', 3,
    async (post) => { await post('Profiler.enable'); await post('Profiler.setSamplingInterval', { interval: 100 }); await post('Profiler.start'); },
    (post) => post('Profiler.stop'));
  console.log(`profile: ${file}`);
}
if (values.heap) {
  const { file, profile, resolves } = await profiled(values.heap, 'heapprofile', 1,
    (post) => post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }),
    (post) => post('HeapProfiler.stopSampling'));
  // Self bytes by function (and line), over the turns: KB per resolve.
  type Node = { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: Node[] };
  const by = new Map<string, number>();
  // A built-in's bytes (Map#set, Array#push…) are named with the function that called it.
  const walk = (n: Node, parent: string) => {
    const own = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(src|bench)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
    const key = n.callFrame.url ? own : `${n.callFrame.functionName} in ${parent}`;
    by.set(key, (by.get(key) ?? 0) + n.selfSize);
    for (const c of n.children) walk(c, n.callFrame.url ? own : parent);
  };
  walk((profile as { head: Node }).head, '');
  const total = [...by.values()].reduce((a, b) => a + b, 0);
  console.log(`heap profile: ${file}; sampled ${(total / 1024 / resolves).toFixed(0)} KB per resolve`);
  for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 50)) console.log(`${(v / 1024 / resolves).toFixed(1).padStart(8)} KB  ${(100 * v / total).toFixed(1).padStart(5)} %  ${k}`);
}
