/**
 * Benchmark: turn resolution before and after a change, on a machine shared with other work. The
 * same bot-played turns (drawn with the base checkout's code) are resolved by the base checkout and
 * by this one, alternately, three times over; each resolve's CPU time (not wall clock) is kept, and
 * every turn's state and events are compared (a change of speed must not change a hash).
 *
 * Run: `node --import tsx bench/turns-ab.mts --base /path/to/other/checkout [players] [map] [turns]`
 * (defaults: 100 europe 60).
 */
import { fileURLToPath } from 'node:url';
const args = process.argv.slice(2);
const bi = args.indexOf('--base');
if (bi < 0) throw new Error('--base <checkout> is required');
const A = args[bi + 1]!, B = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
args.splice(bi, 2);
const players = Number(args[0] ?? 100), map = args[1] ?? 'europe', TURNS = Number(args[2] ?? 60);
const load = async (root: string) => ({
  game: await import(`${root}/src/engine/game.ts`), rng: await import(`${root}/src/engine/rng.ts`), idx: await import(`${root}/src/rulesets/index.ts`),
  hash: await import(`${root}/src/engine/hash.ts`).catch(() => null),
});
const a = await load(A), b = await load(B);
// Rulesets loaded on first use (since 2026-11-27): load them where the checkout has that.
await a.idx.loadAllRulesets?.(); await b.idx.loadAllRulesets?.();
const entry = a.idx.getRuleset('gloire-et-pouvoir'); const rs = entry.ruleset;
const rsB = b.idx.getRuleset('gloire-et-pouvoir').ruleset;
const inputs: any[] = [];
let games = 0;
while (inputs.length < TURNS) {
  let g = a.game.createGame(rs, { map, players }, `cmp-${games++}`);
  for (let turn = 1; inputs.length < TURNS && rs.decisions(g.state).length; turn++) {
    g = a.idx.botAnswers(entry, g);
    inputs.push({ state: structuredClone(g.state), pending: g.pending, seed: g.seed, turn });
    const r = rs.resolve(structuredClone(g.state), g.pending, a.rng.createRng(g.seed, `step/${turn}`));
    g = { ...g, state: r.state, pending: [], steps: [...g.steps, { index: g.steps.length + 1, label: '', submissions: [], defaulted: [], events: [], hash: '' }] };
  }
}
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const ta: number[] = [], tb: number[] = [];
let diffs = 0;
for (let rep = 0; rep < 3; rep++) for (const inp of inputs) {
  const sa = structuredClone(inp.state), sb = structuredClone(inp.state);
  const order = (rep + inp.turn) % 2;
  let ra: any, rb: any;
  const runA = () => { const t = cpu(); ra = rs.resolve(sa, inp.pending, a.rng.createRng(inp.seed, `step/${inp.turn}`)); if (rep) ta.push(cpu() - t); };
  const runB = () => { const t = cpu(); rb = rsB.resolve(sb, inp.pending, b.rng.createRng(inp.seed, `step/${inp.turn}`)); if (rep) tb.push(cpu() - t); };
  if (order) { runA(); runB(); } else { runB(); runA(); }
  if (rep === 0 && (JSON.stringify(ra.state) !== JSON.stringify(rb.state) || JSON.stringify(ra.events) !== JSON.stringify(rb.events))) diffs++;
}
const med = (xs: number[]) => xs.slice().sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
// The spread of the change: each turn's own ratio (this checkout / base, the same turn resolved
// back to back), and the ratio of the medians of each timed pass separately.
const q = (xs: number[], p: number) => xs.slice().sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ratios = tb.map((t, i) => t / ta[i]!);
const passes = [0, 1].map((r) => med(tb.slice(r * inputs.length, (r + 1) * inputs.length)) / med(ta.slice(r * inputs.length, (r + 1) * inputs.length)));
// The total CPU of each pass: the VM's CPU clock is coarse next to a 5 ms turn, a sum over 60 turns is not.
const sumOf = (xs: number[], r: number) => xs.slice(r * inputs.length, (r + 1) * inputs.length).reduce((x, y) => x + y, 0);
const totals = [0, 1].map((r) => sumOf(tb, r) / sumOf(ta, r));
console.log(`ratio this/base: median of the turns' ratios ${q(ratios, 0.5).toFixed(3)} (quartiles ${q(ratios, 0.25).toFixed(3)}–${q(ratios, 0.75).toFixed(3)}); ratio of the medians, pass by pass: ${passes.map((x) => x.toFixed(3)).join(', ')}; of the total CPU, pass by pass: ${totals.map((x) => x.toFixed(3)).join(', ')}`);
console.log(`${map} ${players}: ${inputs.length} turns ×2; CPU ms per resolve: base median ${med(ta).toFixed(2)} mean ${mean(ta).toFixed(2)}; this checkout median ${med(tb).toFixed(2)} mean ${mean(tb).toFixed(2)}; turns whose state or events differ: ${diffs}`);
