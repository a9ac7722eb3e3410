/**
 * The build (`npm run build`, scripts/build.mjs): the sources compiled ahead, which
 * bin/suzerain.mjs runs instead of the TypeScript loader when the build is newer than src/. The
 * build runs here into a folder of its own (SUZERAIN_DIST, under .scratch/), never the checkout's dist/.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

// Inside the checkout (.scratch/ is ignored by git): the build resolves its packages from node_modules.
mkdirSync('.scratch', { recursive: true });
const dir = mkdtempSync(join('.scratch', 'build-'));
const out = join(dir, 'dist');
const suzerain = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['bin/suzerain.mjs', ...args], { encoding: 'utf8', env: { ...process.env, SUZERAIN_TRACE: '1', SUZERAIN_DIST: out, ...env }, timeout: 120_000 });

before(() => {
  const r = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', out, '--quiet'], { encoding: 'utf8', timeout: 180_000 });
  assert.equal(r.status, 0, `the build succeeds: ${r.stderr}`);
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('the build has the command line, the referee thread and one chunk per ruleset entry', () => {
  for (const f of ['main.js', 'referee-worker.js', '.stamp']) assert.ok(existsSync(join(out, f)), `${f} is built`);
  const files = readdirSync(out);
  for (const id of ['gloire-et-pouvoir', 'adventurer-kings', 'fief', 'warrior-knights', 'gruik']) {
    assert.ok(files.some((f) => f.startsWith(`${id}-`) && f.endsWith('.js')), `${id}'s entry is a chunk of its own (${files.filter((f) => !f.endsWith('.map')).join(', ')})`);
  }
  // The entry chunk is loaded on first use: main.js does not import it statically.
  const main = readFileSync(join(out, 'main.js'), 'utf8');
  assert.doesNotMatch(main, /^import[^;]*from\s+"\.\/gloire-et-pouvoir-/m, 'main.js does not import G&P at start');
});

test('bin/suzerain.mjs runs the build when it is newer than src/, with the same results as the sources', () => {
  const args = ['simulate', '--ruleset', 'gloire-et-pouvoir', '--map', 'scandinavia', '--players', '6', '--turns', '2', '--seed', 'build'];
  const built = suzerain(args, {});
  assert.equal(built.status, 0, `the build runs: ${built.stderr}`);
  assert.match(built.stderr, /running the build in/, 'the build is what ran');
  const sources = suzerain(args, { SUZERAIN_SOURCES: '1' });
  assert.equal(sources.status, 0, `the sources run: ${sources.stderr}`);
  assert.match(sources.stderr, /running the sources through tsx/, 'SUZERAIN_SOURCES=1 runs the sources');
  assert.match(built.stdout, /final state hash: [0-9a-f]{64}/, 'the simulation ends with its hash');
  assert.equal(built.stdout, sources.stdout, 'the same game, turn for turn');
  const help = [suzerain(['help'], {}), suzerain(['help'], { SUZERAIN_SOURCES: '1' })];
  assert.equal(help[0]!.stdout, help[1]!.stdout, 'the same help, its list of rulesets included');
});

test('a build older than a file of src/ is not run: the sources are', () => {
  utimesSync(join(out, '.stamp'), new Date(0), new Date(0));
  const r = suzerain(['help'], {});
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /running the sources through tsx/, 'a stale build falls back to the sources');
});
