/**
 * Fixtures for the games and jobs tests: an AppCtx over a test database with a clock the test
 * moves, users, the outbox, and two connection pools on one PostgreSQL schema (two "processes").
 */
import { configFromEnv, type PlatformConfig } from '../../src/platform/config.ts';
import { openDb, openTestPostgres, type Db } from '../../src/platform/db/index.ts';
import type { AppCtx } from '../../src/platform/http/server.ts';
import { nullHub } from '../../src/platform/live/hub.ts';
import { PG_URL } from './util.ts';

export const GP = 'gloire-et-pouvoir';
export const PUBLIC_URL = 'http://suzerain.test';

export interface Clock { now: Date }
export type TestCtx = AppCtx & { kicks: number };

export function testConfig(over: Partial<PlatformConfig> = {}): PlatformConfig {
  return { ...configFromEnv({}), publicUrl: PUBLIC_URL, demo: false, claimTimeoutSeconds: 300, ...over };
}

export function makeCtx(db: Db, clock: Clock, instanceId = 'test-a', over: Partial<PlatformConfig> = {}): TestCtx {
  const ctx: TestCtx = {
    db, config: testConfig(over), now: () => clock.now, instanceId, kicks: 0,
    kick: () => { ctx.kicks++; }, live: nullHub,
  };
  return ctx;
}

let userCounter = 0;
export async function addUser(db: Db, login: string, lang: 'fr' | 'en' = 'fr', opts: { isHost?: boolean } = {}): Promise<number> {
  const email = `${login}.${userCounter++}@example.test`;
  const r = await db.one<{ id: number }>(
    `INSERT INTO users(login, login_key, email, email_key, password_hash, validated, lang, is_host) VALUES ($1, $2, $3, $3, 'x', TRUE, $4, $5) RETURNING id`,
    [login, `${login.toLowerCase()}#${userCounter}`, email, lang, !!opts.isHost]);
  return r!.id;
}

export async function emailOf(db: Db, userId: number): Promise<string> {
  return (await db.one<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]))!.email;
}

export interface OutMail { to_addr: string; subject: string; text: string; html: string | null }
export async function outbox(db: Db): Promise<OutMail[]> {
  return db.query<OutMail>('SELECT to_addr, subject, text, html FROM outbox ORDER BY id');
}

/** The territory a lord holds at the start (to write valid orders). */
export async function homeOf(db: Db, gameId: number, player: string): Promise<string> {
  const g = await db.one<{ state: { territories: Record<string, { id: string; owner: string | null }> } }>('SELECT state FROM games WHERE id = $1', [gameId]);
  return Object.values(g!.state.territories).find((t) => t.owner === player)!.id;
}

export async function gameRow(db: Db, gameId: number) {
  return (await db.one('SELECT * FROM games WHERE id = $1', [gameId]))!;
}

export async function count(db: Db, sql: string, params: unknown[] = []): Promise<number> {
  return (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))!.n;
}

let schemaCounter = 0;
/** A fresh PostgreSQL schema and its URL (search_path set), with one pool open on it. */
export async function pgSchema(): Promise<{ url: string; schema: string; db: Db }> {
  const schema = `tj_${process.pid}_${Date.now().toString(36)}_${schemaCounter++}`;
  const db = await openTestPostgres(PG_URL, schema);
  const url = new URL(PG_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), schema, db };
}

/** A second pool on a schema (another "process"). */
export async function openPool(url: string): Promise<Db> {
  return openDb({ url });
}
