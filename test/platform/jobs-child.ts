/**
 * A second server process for the kill/restart tests (test/platform/jobs.test.ts): opens the
 * PostgreSQL schema of CHILD_DB_URL, or the embedded database in the folder CHILD_DATA_DIR, and
 * runs one pass of the turn job at the instant CHILD_NOW. The test starts it with
 * SUZERAIN_TEST_PAUSE_IN_TX so that it stops inside the resolution transaction, then kills it there.
 */
import { configFromEnv } from '../../src/platform/config.ts';
import { openDb } from '../../src/platform/db/index.ts';
import { withRulesets } from '../../src/platform/db/rulesets.ts';
import { games } from '../../src/platform/games/service.ts';
import type { AppCtx } from '../../src/platform/http/server.ts';
import { nullHub } from '../../src/platform/live/hub.ts';

const db = await openDb(process.env.CHILD_DATA_DIR ? { dataDir: process.env.CHILD_DATA_DIR } : { url: process.env.CHILD_DB_URL! });
const now = new Date(process.env.CHILD_NOW!);
const ctx: AppCtx = {
  db: withRulesets(db), // as the platform's (main.ts): reading a game loads its ruleset
  config: { ...configFromEnv({}), publicUrl: 'http://suzerain.test', claimTimeoutSeconds: Number(process.env.CHILD_TIMEOUT ?? 300) },
  now: () => now,
  instanceId: process.env.CHILD_INSTANCE ?? `child-${process.pid}`,
  kick: () => {},
  live: nullHub,
};
const n = await games.runDue(ctx);
process.stdout.write(`resolved ${n}\n`);
await db.close();
