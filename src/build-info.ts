/**
 * Where the code runs from: the TypeScript sources through tsx (tests, development), or the build
 * of `npm run build` (scripts/build.mjs: dist/, one flat folder of JavaScript), which defines
 * SUZERAIN_BUILD as the path from the build's folder to src/. Files read at run time (static
 * assets, migrations) stay in src/ and are found from here in both cases.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

declare const SUZERAIN_BUILD: string | undefined;

/** Whether this is the build (dist/) rather than the sources. */
export const BUILT: boolean = typeof SUZERAIN_BUILD !== 'undefined';

/** The sources' folder (src/): this file's own folder, or SUZERAIN_BUILD from the build's folder. */
export const SRC_DIR: string = BUILT ? join(dirname(fileURLToPath(import.meta.url)), SUZERAIN_BUILD!) : dirname(fileURLToPath(import.meta.url));
