// The entry of a referee worker thread (see pool.ts): TypeScript sources through tsx's loader,
// then each message runs one pure task of tasks.ts.
import { register } from 'tsx/esm/api';

register();
const { runTask } = await import('./tasks.ts');

export default function run(msg) {
  return runTask(msg);
}
