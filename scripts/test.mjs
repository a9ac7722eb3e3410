#!/usr/bin/env node
// Runs the type checker, then every *.test.ts under test/ with node's test runner (through tsx).
// Usage: npm test [-- <filter substring>]   e.g. `npm test -- battle`
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
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
const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files], {
  stdio: ['inherit', 'pipe', 'inherit'],
  encoding: 'utf8',
  maxBuffer: 1 << 28,
});
process.stdout.write(run.stdout);
const pass = /ℹ pass (\d+)/.exec(run.stdout)?.[1] ?? '0';
const fail = /ℹ fail (\d+)/.exec(run.stdout)?.[1] ?? (run.status === 0 ? '0' : '1');
console.log(`${pass} passed, ${fail} failed`);
process.exit(run.status ?? 1);
