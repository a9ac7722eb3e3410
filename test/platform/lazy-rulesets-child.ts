/**
 * For test/platform/lazy-rulesets.test.ts: creates one Gloire & Pouvoir game in the PostgreSQL
 * schema of CHILD_DB_URL, in a process of its own (so that the test's process has loaded no
 * ruleset when it reads it), and prints its id.
 */
import { configFromEnv } from '../../src/platform/config.ts';
import { openDb } from '../../src/platform/db/index.ts';
import { games } from '../../src/platform/games/service.ts';
import { startPlatform } from '../../src/platform/main.ts';

const db = await openDb({ url: process.env.CHILD_DB_URL! });
const p = await startPlatform({ ...configFromEnv({}), dataDir: ':memory:', demo: false }, { db, listen: false, scheduler: false });
const seats = Array.from({ length: 4 }, (_, k) => ({ userId: null, lordName: `Seigneur ${k + 1}` }));
const id = await games.create(p.ctx, { ruleset: 'gloire-et-pouvoir', name: 'Partie paresseuse', options: { map: 'scandinavia' }, seats, maxPlayers: 4, early: false, seed: 'lazy' });
await p.close();
await db.close();
console.log(id);
