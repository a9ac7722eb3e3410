/** The entry of a referee worker thread in the build (dist/referee-worker.js; from the sources: worker.mjs). */
import { runTask } from './tasks.ts';

export default function run(msg: Parameters<typeof runTask>[0]): Promise<unknown> {
  return runTask(msg);
}
