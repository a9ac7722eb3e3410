// node:test as the test files see it under `npm run mutate` with MUTATE_SUITES (see
// mutate-suites.mjs): the same module, except that `describe` (and `suite`) skip every suite whose
// name does not match the MUTATE_SUITES pattern, so that its hooks do not run either.
import * as nodeTest from 'node:test';

export * from 'node:test';
export default nodeTest.default;

const wanted = new RegExp(process.env.MUTATE_SUITES ?? '');

function filtered(name, options, fn) {
  if (typeof name === 'string' && !wanted.test(name)) {
    const body = typeof options === 'function' ? options : fn;
    return nodeTest.describe(name, { skip: 'not in this mutation area' }, body);
  }
  return nodeTest.describe(name, options, fn);
}
filtered.skip = nodeTest.describe.skip;
filtered.todo = nodeTest.describe.todo;
filtered.only = nodeTest.describe.only;

export const describe = filtered;
export const suite = filtered;
