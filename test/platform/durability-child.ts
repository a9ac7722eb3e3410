/**
 * A writer process for the durability test (test/platform/durability.test.ts): opens the embedded
 * database in the folder CHILD_DATA_DIR and commits numbered rows one by one, from one past the
 * highest number already stored, printing each number on stdout once its commit has returned. Every
 * 40th row it also runs a CHECKPOINT, so that a kill may land inside one. It never stops by itself:
 * the test kills it with SIGKILL.
 */
import { openDb } from '../../src/platform/db/index.ts';

const db = await openDb({ dataDir: process.env.CHILD_DATA_DIR! });
await db.query('CREATE TABLE IF NOT EXISTS durability_probe (n INTEGER PRIMARY KEY, filler TEXT NOT NULL)');
let n = Number((await db.one<{ m: number | null }>('SELECT max(n) AS m FROM durability_probe'))!.m ?? 0);
process.stdout.write('ready\n');
for (;;) {
  n++;
  // A row of a few kilobytes, like a saved sheet: commits then span several WAL pages.
  await db.tx((t) => t.query('INSERT INTO durability_probe (n, filler) VALUES ($1, $2)', [n, 'x'.repeat(500 + (n % 7) * 1000)]));
  process.stdout.write(`${n}\n`);
  if (n % 40 === 0) await db.query('CHECKPOINT');
}
