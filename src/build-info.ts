/**
 * Where the code runs from: the TypeScript sources through tsx (tests, development), or the build
 * of `npm run build` (scripts/build.mjs: dist/, one folder of JavaScript next to src/), which
 * defines SUZERAIN_BUILD. Files read at run time (static assets, migrations) stay in src/ and are
 * found from here in both cases.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

declare const SUZERAIN_BUILD: string | undefined;

/** Whether this is the build (dist/) rather than the sources. */
export const BUILT: boolean = typeof SUZERAIN_BUILD !== 'undefined';

/** The sources' folder (src/): this file's own folder, or ../src from the build's flat dist/. */
export const SRC_DIR: string = BUILT ? join(dirname(fileURLToPath(import.meta.url)), '..', 'src') : dirname(fileURLToPath(import.meta.url));
