/**
 * A server process for the crash test of games of prompts (test/platform/prompts-crash.test.ts):
 * opens the PostgreSQL schema of CHILD_DB_URL and runs the turn job (`games.runDue`) in a loop, on a
 * clock that runs CHILD_SPEED times faster than the real one from CHILD_T0 (virtual) at CHILD_REAL0
 * (real), so that prompts of a minute fall due within a second. Fair is loaded (and preloaded into
 * the referee's workers). It never stops by itself: the test kills it with SIGKILL.
 */
import '../engine/fair-ruleset.ts';
import { configFromEnv } from '../../src/platform/config.ts';
import { openDb } from '../../src/platform/db/index.ts';
import { withRulesets } from '../../src/platform/db/rulesets.ts';
import { games } from '../../src/platform/games/service.ts';
import type { AppCtx } from '../../src/platform/http/server.ts';
import { nullHub } from '../../src/platform/live/hub.ts';

const db = await openDb({ url: process.env.CHILD_DB_URL! });
const t0 = Number(process.env.CHILD_T0);
const real0 = Number(process.env.CHILD_REAL0);
const speed = Number(process.env.CHILD_SPEED);
let kicked = false;
const ctx: AppCtx = {
  db: withRulesets(db), // as the platform's (main.ts): reading a game loads its ruleset
  config: { ...configFromEnv({}), publicUrl: 'http://suzerain.test', claimTimeoutSeconds: Number(process.env.CHILD_TIMEOUT ?? 120) },
  now: () => new Date(t0 + (Date.now() - real0) * speed),
  instanceId: process.env.CHILD_INSTANCE ?? `child-${process.pid}`,
  kick: () => { kicked = true; },
  live: nullHub,
};
process.stdout.write('ready\n');
for (;;) {
  kicked = false;
  try {
    const n = await games.runDue(ctx);
    if (n) process.stdout.write(`resolved ${n}\n`);
  } catch (e) {
    process.stderr.write(`runDue failed: ${e instanceof Error ? e.message : String(e)}\n`);
  }
  if (!kicked) await new Promise((r) => setTimeout(r, 25));
}
