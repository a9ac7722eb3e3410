// A test reporter for scripts/test.mjs (`TEST_TIMES=1 npm test`): one line per test file,
// `<duration in ms>\t<path>`, written as each file ends. Node 20's runner reports a file's end
// as a `test:complete` event whose name is the file's path, with the file's wall time (the child
// process's start, tsx's compile included, to its exit) in details.duration_ms.
import { relative } from 'node:path';

export default async function* fileTimes(source) {
  for await (const event of source) {
    const d = event.data;
    if (event.type === 'test:complete' && d && d.nesting === 0 && d.file && d.name === d.file) {
      yield `${Math.round(d.details?.duration_ms ?? 0)}\t${relative(process.cwd(), d.file)}\t${d.details?.passed ? 'ok' : 'FAILED'}\n`;
    }
  }
}
