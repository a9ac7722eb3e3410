/** Shared by the server benchmarks: a fresh PostgreSQL schema, and a server process on it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { configFromEnv } from '../src/platform/config.ts';
import { openDb, openTestPostgres, type Db } from '../src/platform/db/index.ts';
import { startPlatform, type Platform } from '../src/platform/main.ts';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh schema (migrated), its URL for a server process, the platform's services on it (no HTTP, no scheduler), and its removal. */
export async function freshSchema(prefix: string): Promise<{ db: Db; url: string; schema: string; services: Platform; drop: () => Promise<void> }> {
  const schema = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const db = await openTestPostgres(PG_URL, schema);
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const services = await startPlatform({ ...configFromEnv({}), dataDir: ':memory:', demo: false }, { db, listen: false, scheduler: false });
  return {
    db, url: url.toString(), schema, services,
    async drop() {
      await services.close();
      const admin = await openDb({ url: PG_URL });
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
      await db.close();
    },
  };
}

/** `suzerain serve` in its own process, resolved once it serves. */
export function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  // The server as `npm start` and `npx suzerain` run it (their young generation: bin/suzerain.mjs's first line).
  const child = spawn(process.execPath, ['--max-semi-space-size=4', 'bin/suzerain.mjs', 'serve'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
    child.stdout!.on('data', (d: Buffer) => { if (/served at/.test(String(d))) resolve(child); });
  });
}
