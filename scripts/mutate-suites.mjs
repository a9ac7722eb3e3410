// Preloaded by `npm run mutate` (node --import) for an area that runs only some suites of a test
// file: every `describe` whose name does not match MUTATE_SUITES is skipped, hooks included.
// node's --test-name-pattern cannot do that: it skips the tests but still runs the `before` hooks
// of their suites, e.g. the start of two test platforms (20 s) around the gazette's pure
// sanitiser tests (0.1 s), for every mutant. Test files import node:test; this registers a resolve
// hook that gives them ./mutate-node-test.mjs instead (node:test with `describe` filtered).
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

// Not again in the hooks thread, which loads this file for `resolve`.
if (isMainThread && process.env.MUTATE_SUITES) register('./mutate-suites.mjs', import.meta.url);

/** The resolve hook (module.register runs this same file in the hooks thread). */
export async function resolve(specifier, context, next) {
  if ((specifier === 'node:test' || specifier === 'test') && !context.parentURL?.endsWith('/mutate-node-test.mjs')) {
    return { url: new URL('./mutate-node-test.mjs', import.meta.url).href, shortCircuit: true };
  }
  return next(specifier, context);
}
