#!/usr/bin/env -S node --max-semi-space-size=4
// The `suzerain` command. It runs the build in dist/ (`npm run build`: the sources compiled ahead,
// no TypeScript loader in memory) when that build is newer than every file of src/; else the
// TypeScript sources, through tsx's loader (a fresh clone, or sources edited since the build).
// SUZERAIN_SOURCES=1 always runs the sources; SUZERAIN_DIST=<folder>: a build elsewhere (tests);
// SUZERAIN_TRACE=1 says on stderr which one runs.
// The first line's --max-semi-space-size=4 (MB; Node's default is 16, `npm start` passes it too):
// a young generation of 12 MB instead of 48 takes about 20 MB off the server's resident size
// (issue 20, bench/results.md); its cost on the order page was within this machine's noise, on saves not measured.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = process.env.SUZERAIN_DIST || join(root, 'dist');

/** The newest modification time under `dir` (its files and folders: a removed file changes its folder). */
function newest(dir) {
  let t = statSync(dir).mtimeMs;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/** The build's stamp time when dist/ is built and up to date, else null. */
function freshBuild() {
  if (process.env.SUZERAIN_SOURCES === '1') return null;
  let stamp;
  try { stamp = statSync(join(dist, '.stamp')).mtimeMs; } catch { return null; }
  return newest(join(root, 'src')) <= stamp ? stamp : null;
}

// A reader that stops early (`suzerain status game.json | head`) closes the pipe: end quietly, as
// Unix tools do, instead of a stack trace for the unhandled EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}
let main;
if (freshBuild() !== null) {
  if (process.env.SUZERAIN_TRACE === '1') console.error(`suzerain: running the build in ${dist}`);
  ({ main } = await import(pathToFileURL(join(dist, 'main.js')).href));
} else {
  if (process.env.SUZERAIN_TRACE === '1') console.error('suzerain: running the sources through tsx');
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
