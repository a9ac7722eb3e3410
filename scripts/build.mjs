#!/usr/bin/env node
// `npm run build`: compiles src/ ahead into dist/ (esbuild: ESM, Node 20), so that `suzerain`
// runs without the TypeScript loader (tsx) at run time, which costs about 35 MB in each process.
// Two entries: the command line (src/cli/main.ts) and the referee's worker thread; every ruleset
// entry (src/rulesets/entries/*.ts, imported on first use) becomes a chunk of its own, loaded only
// when a game of that ruleset is touched. Packages stay in node_modules; files read at run time
// (static assets, migrations) stay in src/ (src/build-info.ts). bin/suzerain.mjs runs dist/ when
// it is newer than every file of src/ (dist/.stamp), else the sources through tsx.
//
// Usage: node scripts/build.mjs [--outdir dist]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { outdir: { type: 'string', default: join(root, 'dist') }, quiet: { type: 'boolean', default: false } } });
const outdir = resolve(values.outdir);
const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts', 'referee-worker': 'src/platform/referee/worker-entry.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // Flat: every chunk sits in the build's folder, so that src/build-info.ts finds src/ from any of them.
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  // The way from the build's folder to src/ (src/build-info.ts): static files and migrations are read there.
  define: { SUZERAIN_BUILD: JSON.stringify(relative(outdir, join(root, 'src'))) },
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
});
writeFileSync(join(outdir, 'package.json'), '{ "type": "module" }\n');
writeFileSync(join(outdir, '.stamp'), `${new Date().toISOString()}\n`);
if (!values.quiet) {
  const outs = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
  console.error(`suzerain: built ${outs.length} files into ${outdir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
