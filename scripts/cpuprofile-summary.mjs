#!/usr/bin/env node
/**
 * Summary of a V8 .cpuprofile (node --cpu-prof, BENCH_CPU_PROF=dir of bench/server.ts): self time
 * by function and by file, and the inclusive (total) time of the functions whose name matches
 * --focus. Times in ms and in % of the busy (non-idle) time; with --per N, also µs per operation
 * (N operations served during the profile, e.g. the saves of a bench run).
 *
 * --last S: only the samples of the profile's last S seconds (a bench run's load, without the
 * server's start and the logins that precede it; the shutdown after it is short); --skip-last S:
 * without the last S seconds (with --last 40 --skip-last 20: the first of two 20-second runs).
 *
 * Run: node scripts/cpuprofile-summary.mjs FILE.cpuprofile [--top 40] [--focus name1,name2] [--per N] [--last S] [--skip-last S]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '40' }, focus: { type: 'string' }, per: { type: 'string' }, last: { type: 'string' }, 'skip-last': { type: 'string' } } });
const prof = JSON.parse(readFileSync(positionals[0], 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// Self time per node from the samples and their time deltas (µs).
const self = new Map();
const to = values['skip-last'] ? prof.endTime - Number(values['skip-last']) * 1e6 : Infinity;
const from = values.last ? prof.endTime - Number(values.last) * 1e6 : -Infinity;
for (let i = 0, at = prof.startTime; i < prof.samples.length; i++) {
  at += prof.timeDeltas[i] ?? 0;
  if (at >= from && at <= to) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
}
const short = (url) => url.replace(/^file:\/\/.*?\/(src|node_modules|bench)\//, '$1/').replace(/^node:/, 'node:');
const label = (cf) => `${cf.functionName || '(anonymous)'} ${short(cf.url)}:${cf.lineNumber + 1}`;
let total = 0; let idle = 0;
const fn = new Map(); const file = new Map();
for (const [id, t] of self) {
  const cf = byId.get(id).callFrame;
  total += t;
  if (cf.functionName === '(idle)' || cf.functionName === '(program)') { if (cf.functionName === '(idle)') idle += t; }
  fn.set(label(cf), (fn.get(label(cf)) ?? 0) + t);
  const f = cf.url ? short(cf.url).replace(/^(node_modules\/(@[^/]+\/)?[^/]+)\/.*/, '$1') : `(${cf.functionName})`;
  file.set(f, (file.get(f) ?? 0) + t);
}
const busy = total - idle;
const per = values.per ? Number(values.per) : 0;
const fmt = (t) => `${(t / 1000).toFixed(0).padStart(7)} ms ${((100 * t) / busy).toFixed(1).padStart(5)} %${per ? ` ${(t / per).toFixed(1).padStart(7)} µs/op` : ''}`;
const top = Number(values.top);
console.log(`total ${(total / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms, busy ${(busy / 1000).toFixed(0)} ms${per ? `, ${per} operations: ${(busy / per).toFixed(1)} µs busy each` : ''}`);
console.log('\n== self time by file / package');
for (const [k, t] of [...file].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${fmt(t)}  ${k}`);
console.log('\n== self time by function');
for (const [k, t] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${fmt(t)}  ${k}`);
if (values.focus) {
  // Inclusive time: a sample counts once for each focused function on its stack (recursion counted once).
  const names = values.focus.split(',');
  const incl = new Map(names.map((n) => [n, 0]));
  for (const [id, t] of self) {
    const seen = new Set();
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const name = byId.get(n).callFrame.functionName;
      if (incl.has(name) && !seen.has(name)) { seen.add(name); incl.set(name, incl.get(name) + t); }
    }
  }
  console.log('\n== inclusive time');
  for (const [k, t] of incl) console.log(`${fmt(t)}  ${k}`);
}
