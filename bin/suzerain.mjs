#!/usr/bin/env node
// The `suzerain` command. The sources are TypeScript, run through tsx's loader.
import { register } from 'tsx/esm/api';
register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
