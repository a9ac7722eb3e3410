/** Shared by the server benchmarks: a fresh PostgreSQL schema, and a server process on it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { configFromEnv } from '../src/platform/config.ts';
import { openDb, openTestPostgres, type Db } from '../src/platform/db/index.ts';
import { startPlatform, type Platform } from '../src/platform/main.ts';
import { hashPassword } from '../src/platform/accounts/passwords.ts';
import { emailKey, loginKey } from '../src/platform/accounts/service.ts';
import { games as gamesService } from '../src/platform/games/service.ts';

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

/**
 * The server benchmarks' games: `n` Scandinavia games of Gloire & Pouvoir, each with 10 validated
 * users (`bench_<g>_<i>`, password `BENCH_PASSWORD`) in its seats.
 */
export const BENCH_PASSWORD = 'bench-password-1234';
export async function benchGames(db: Db, ctx: Platform['ctx'], n: number): Promise<{ gameId: number; seats: { userId: number; login: string }[] }[]> {
  const hash = await hashPassword(BENCH_PASSWORD);
  const out: { gameId: number; seats: { userId: number; login: string }[] }[] = [];
  for (let g = 0; g < n; g++) {
    const seats: { userId: number; login: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const login = `bench_${g}_${i}`;
      const r = await db.one<{ id: number }>(
        'INSERT INTO users(login, login_key, email, email_key, password_hash, validated) VALUES ($1, $2, $3, $4, $5, TRUE) RETURNING id',
        [login, loginKey(login), `${login}@example.test`, emailKey(`${login}@example.test`), hash]);
      seats.push({ userId: Number(r!.id), login });
    }
    const gameId = await gamesService.create(ctx, { ruleset: 'gloire-et-pouvoir', name: `Bench ${g}`, options: { map: 'scandinavia' }, seats: seats.map((s, i) => ({ userId: s.userId, lordName: `Seigneur ${g}-${i}` })), maxPlayers: 10, early: false, seed: `bench-${g}` });
    out.push({ gameId, seats });
  }
  return out;
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
