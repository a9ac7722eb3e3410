#!/usr/bin/env node
// The `suzerain` command. The sources are TypeScript, run through tsx's loader.
import { register } from 'tsx/esm/api';
register();
// A reader that stops early (`suzerain status game.json | head`) closes the pipe: end quietly, as
// Unix tools do, instead of a stack trace for the unhandled EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
