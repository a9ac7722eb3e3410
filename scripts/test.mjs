#!/usr/bin/env node
// Runs the type checker, then every *.test.ts under test/ with node's test runner (through tsx).
// Usage: npm test [-- <filter substring>]   e.g. `npm test -- battle`
// The runner's report is passed through as it comes (each test file's results as soon as that file
// ends), and collected to write the closing line `N passed, N failed`, which CI reads: it is always
// the last line, and it counts a failure whenever the run failed (type check, crashed file, signal).
// TEST_TIMES=1 (or a number N) also prints, before that line, the N (default 30) slowest test
// files with their wall time (scripts/test-times.mjs) and the run's total.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const filter = process.argv[2];
function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.test.ts') ? [p] : [];
  });
}
const files = walk('test').filter((f) => !filter || f.includes(filter)).sort();
if (!filter) {
  const tsc = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit'], { stdio: 'inherit' });
  if (tsc.status !== 0) { console.error('type check failed'); console.log('0 passed, 1 failed'); process.exit(1); }
}
const timesWanted = process.env.TEST_TIMES && process.env.TEST_TIMES !== '0';
const timesDir = timesWanted ? mkdtempSync(join(tmpdir(), 'test-times-')) : null;
const timesFile = timesDir ? join(timesDir, 'times.tsv') : null;
const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout'];
if (timesFile) reporters.push('--test-reporter=./scripts/test-times.mjs', `--test-reporter-destination=${timesFile}`);
const started = Date.now();
const child = spawn(process.execPath, ['--import', 'tsx', '--test', ...reporters, '--test-concurrency=2', ...files], {
  stdio: ['inherit', 'pipe', 'inherit'],
});
child.stdout.setEncoding('utf8');
let out = '';
child.stdout.on('data', (chunk) => { out += chunk; process.stdout.write(chunk); });
// 'close' (not 'exit'): every byte of the child's stdout has been read and passed on by then.
const status = await new Promise((resolve) => {
  child.on('error', (e) => { console.error(`could not start the test runner: ${e.message}`); resolve(1); });
  child.on('close', (code) => resolve(code ?? 1)); // killed by a signal: no code, a failure
});
if (timesFile) {
  let rows = [];
  try {
    rows = readFileSync(timesFile, 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t'));
  } catch { /* no file ended */ }
  rmSync(timesDir, { recursive: true, force: true });
  rows.sort((a, b) => Number(b[0]) - Number(a[0]));
  const n = Number(process.env.TEST_TIMES) > 1 ? Number(process.env.TEST_TIMES) : 30;
  const sum = rows.reduce((t, r) => t + Number(r[0]), 0);
  console.log(`\nslowest test files (wall time of each file's process; ${rows.length} files, ${(sum / 1000).toFixed(0)} s summed, run ${((Date.now() - started) / 1000).toFixed(0)} s):`);
  for (const [ms, file, ok] of rows.slice(0, n)) console.log(`${(Number(ms) / 1000).toFixed(1).padStart(8)} s  ${file}${ok === 'ok' ? '' : '  (failed)'}`);
}
// The runner's own summary comes last in its report; a test's output could print the same words,
// so the last occurrence is the one that counts.
const last = (re) => { let m = null; for (const x of out.matchAll(re)) m = x; return m ? Number(m[1]) : null; };
const pass = last(/^ℹ pass (\d+)$/gm) ?? 0;
// Cancelled tests (a timeout, a file that stopped mid-way) are failures too.
let fail = (last(/^ℹ fail (\d+)$/gm) ?? 0) + (last(/^ℹ cancelled (\d+)$/gm) ?? 0);
// A run that failed without a counted failure (the runner crashed or was killed before its
// summary) still reads as failed.
if (status !== 0 && fail === 0) fail = 1;
console.log(`${pass} passed, ${fail} failed`);
process.exit(status === 0 && fail === 0 ? 0 : status || 1);
