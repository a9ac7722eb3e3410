/**
 * Where the referee's heavy work runs: worker threads (Piscina), never the web process's event
 * loop. A rule that loops, a simulator asked for too much or a huge map can then cost at most
 * one thread for at most its time budget: the task is aborted when its budget runs out (Piscina
 * terminates the thread running it) and the caller gets a `BudgetExceeded`, which it records as a
 * failure (a turn: its attempt counter and back-off; a tool: a message to the player). Every other
 * page keeps answering meanwhile.
 *
 * Two pools, so that players' tools can never hold up the turns:
 * - `turns`: turn resolutions, replays (statistics, checks), the dry run of new games' options;
 * - `tools`: the players' tools and simulators, map PNGs (pages and mails).
 * Each task's budget counts from the moment a thread starts it (its wait for a thread is bounded
 * apart); each queue is bounded, and a task refused by a full queue is a `PoolBusy`.
 *
 * The pools are per process and shared by every platform the process runs (tests start many):
 * the tasks are pure (`tasks.ts`), they hold no database and no configuration.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { TaskInput, TaskKind, TaskOutput } from './tasks.ts';
import { BUILT } from '../../build-info.ts';

/** A task aborted because it ran out of its time budget (its thread was terminated). */
export class BudgetExceeded extends Error {
  constructor(readonly kind: TaskKind, readonly budgetMs: number) {
    super(`the referee's ${kind} task ran out of its time budget (${budgetMs} ms) and was stopped`);
    this.name = 'BudgetExceeded';
  }
}

/** A task refused because its pool's queue is full. */
export class PoolBusy extends Error {
  constructor(readonly kind: TaskKind) {
    super(`the referee is busy (${kind}): try again in a moment`);
    this.name = 'PoolBusy';
  }
}

const POOL_OF: Record<TaskKind, 'turns' | 'tools'> = { resolve: 'turns', statsReplay: 'turns', replay: 'turns', dryRun: 'turns', tool: 'tools', png: 'tools', reportMap: 'tools', publicReport: 'tools', act: 'turns', standing: 'tools' };

/** Threads per pool: REFEREE_THREADS, or as many as the cores (at least 1, at most 4). */
export function refereeThreads(): number {
  const env = Number(process.env.REFEREE_THREADS ?? '');
  if (Number.isInteger(env) && env >= 1 && env <= 64) return env;
  return Math.max(1, Math.min(4, availableParallelism()));
}

const pools = new Map<'turns' | 'tools', Piscina>();
/** Tasks handed to the pools since the process started, per kind (tests and benchmarks read it). */
const handed: Record<TaskKind, number> = { resolve: 0, tool: 0, statsReplay: 0, replay: 0, png: 0, dryRun: 0, reportMap: 0, publicReport: 0, act: 0, standing: 0 };
export const refereeTaskCounts = (): Readonly<Record<TaskKind, number>> => ({ ...handed });
const preloads: string[] = [];

function poolFor(name: 'turns' | 'tools'): Piscina {
  let p = pools.get(name);
  if (!p) {
    const n = refereeThreads();
    p = new Piscina({
      // The sources: worker.mjs (tsx's loader, then tasks.ts); the build: its own entry next to this chunk.
      filename: new URL(BUILT ? './referee-worker.js' : './worker.mjs', import.meta.url).href,
      // One thread always ready (loading the rulesets into a new one takes about a second, which
      // would count against the next task's budget); the others live on a minute after their last task.
      minThreads: 1,
      maxThreads: n,
      idleTimeout: 60_000,
      // Queued tasks: enough for a burst of turns or of players' tools, not for a flood.
      maxQueue: name === 'turns' ? 1000 : 8 * n,
      // One task at a time per thread: a thread terminated for its budget takes nothing else down.
      concurrentTasksPerWorker: 1,
    });
    pools.set(name, p);
  }
  return p;
}

/**
 * Makes worker threads import `moduleUrl` before their next task: for test rulesets that register
 * themselves (`registerRuleset`), which the threads would not otherwise know.
 */
export function preloadInWorkers(moduleUrl: string): void {
  if (!preloads.includes(moduleUrl)) preloads.push(moduleUrl);
}

/** The longest a task may wait for a thread (a full queue, a thread being loaded) before its budget starts. */
const MAX_WAIT_MS = 30_000;

/**
 * Runs one referee task in a worker thread, within `budgetMs` milliseconds of running time (counted
 * from the moment a thread starts it: a thread's loading does not count) after at most
 * MAX_WAIT_MS of waiting for a thread. Rejects with `BudgetExceeded` when either runs out (a
 * running task's thread is terminated), `PoolBusy` when the queue is full, or the task's own error.
 */
export async function runReferee<K extends TaskKind>(kind: K, input: TaskInput<K>, budgetMs: number): Promise<TaskOutput<K>> {
  const pool = poolFor(POOL_OF[kind]);
  if (pool.queueSize >= pool.options.maxQueue) throw new PoolBusy(kind);
  handed[kind]++;
  const ac = new AbortController();
  let timer = setTimeout(() => ac.abort(), MAX_WAIT_MS + budgetMs);
  const { port1, port2 } = new MessageChannel();
  port1.once('message', () => {
    clearTimeout(timer);
    timer = setTimeout(() => ac.abort(), budgetMs);
  });
  try {
    return await pool.run({ kind, input, preload: [...preloads], started: port2 }, { signal: ac.signal, transferList: [port2] }) as TaskOutput<K>;
  } catch (e) {
    if (ac.signal.aborted) throw new BudgetExceeded(kind, budgetMs);
    if (e instanceof Error && /queue is full/i.test(e.message)) throw new PoolBusy(kind);
    throw e;
  } finally {
    clearTimeout(timer);
    port1.close();
  }
}

/** Stops every worker thread (tests, and the end of the process). */
export async function closeReferee(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.close({ force: true })));
}
