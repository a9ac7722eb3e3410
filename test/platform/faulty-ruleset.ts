/**
 * A test ruleset: Gloire & Pouvoir under the id `faulty-gp`, with faults a test injects while it
 * runs — the referee throws, never ends, or writes a report the database refuses; the players'
 * battle tool never ends. The referee runs in worker threads, so the faults cannot be patched into
 * the test process's objects: they are read from a small file named after the process (worker
 * threads share the pid), and this module is preloaded in the workers (`preloadInWorkers`).
 * Without faults it plays exactly as Gloire & Pouvoir (same states, same hashes).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRuleset, registerRuleset, type RulesetEntry, loadAllRulesets } from '../../src/rulesets/index.ts';
import { preloadInWorkers } from '../../src/platform/referee/pool.ts';

await loadAllRulesets(); // rulesets load on first use (src/rulesets/catalog.ts)

export const FAULTY = 'faulty-gp';

export interface Faults {
  /** The turn's resolution throws, or loops forever. */
  resolve?: 'throw' | 'hang';
  /** The message the resolution throws with (default "boom in resolve"). */
  message?: string;
  /** The report of this player holds a NUL character, which the database refuses (after the step row is written). */
  badReportFor?: string;
  /** The players' tools loop forever. */
  tool?: 'hang';
}

const FILE = join(tmpdir(), `suzerain-test-faults-${process.pid}.json`);

export function setFaults(f: Faults): void {
  writeFileSync(FILE, JSON.stringify(f));
}
export function clearFaults(): void {
  rmSync(FILE, { force: true });
}
function faults(): Faults {
  try { return JSON.parse(readFileSync(FILE, 'utf8')) as Faults; } catch { return {}; }
}

function forever(): never {
  for (;;) { /* the fault: a referee that never ends */ }
}

const gp = getRuleset('gloire-et-pouvoir');
const base = gp.ruleset;
const entry: RulesetEntry = {
  ...gp,
  ruleset: {
    ...base,
    id: FAULTY,
    resolve(state, submissions, rng) {
      const f = faults();
      if (f.resolve === 'throw') throw new Error(f.message ?? 'boom in resolve');
      if (f.resolve === 'hang') forever();
      return base.resolve(state, submissions, rng);
    },
    report(state, events, player, lang) {
      const text = base.report(state, events, player, lang);
      return faults().badReportFor === player ? `${text}\u0000` : text;
    },
    runTool(state, player, tool, input, lang, pending) {
      if (faults().tool === 'hang') forever();
      return base.runTool!(state, player, tool, input, lang, pending);
    },
  },
};
registerRuleset(entry);
preloadInWorkers(import.meta.url);
