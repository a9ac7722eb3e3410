/**
 * Test fixtures for the platform: a real database (embedded PGlite in memory, or a fresh schema on
 * the PostgreSQL server of TEST_DATABASE_URL / 127.0.0.1:5432/test), a real SMTP server in the
 * test process, and the platform listening on a free port.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { dumpPglite, openDb, openTestPostgres, type Db } from '../../src/platform/db/index.ts';
import { configFromEnv, type PlatformConfig } from '../../src/platform/config.ts';
import { startPlatform, type Platform } from '../../src/platform/main.ts';
import { games } from '../../src/platform/games/service.ts';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: DbKind[] = ['pglite', 'postgres'];

let schemaCounter = 0;
export async function testDb(kind: DbKind): Promise<Db> {
  if (kind === 'pglite') return process.env.TEST_PGLITE_TEMPLATE === '0' ? openDb({}) : openDb({ pgliteFrom: await pgliteTemplate() });
  return openTestPostgres(PG_URL, `t_${process.pid}_${Date.now().toString(36)}_${schemaCounter++}`);
}

/**
 * A new in-memory PGlite (initdb) and the migrations cost 5–20 s of CPU on a loaded 2-core machine,
 * for each of the ~100 platform tests that open one: instead the tests open a copy of one migrated
 * database's data folder (`openDb({ pgliteFrom })`, ~1 s). That folder is made once per process, and
 * kept for the next test processes in the system's temporary folder, named by a hash of PGlite's
 * version and of every migration file (a changed migration makes a new one; written under a
 * temporary name then renamed, so a reader never sees half of it). TEST_PGLITE_TEMPLATE=0: each
 * test database made anew, as before (to compare, or to rule the copy out).
 */
let template: Promise<Blob> | null = null;
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const root = join(import.meta.dirname, '..', '..');
    const hash = createHash('sha256');
    // PGlite's package.json found from its resolved entry (dist/index.js), not under root: a Stryker
    // sandbox has no node_modules of its own when the checkout's is a symlink (a git worktree's).
    hash.update(readFileSync(join(fileURLToPath(import.meta.resolve('@electric-sql/pglite')), '..', '..', 'package.json')));
    const dir = join(root, 'src', 'platform', 'db', 'migrations');
    for (const f of readdirSync(dir).sort()) hash.update(`${f}\0`).update(readFileSync(join(dir, f))).update('\0');
    const file = join(tmpdir(), `suzerain-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const db = await openDb({});
    const blob = await dumpPglite(db);
    await db.close();
    const part = `${file}.${process.pid}.part`;
    try {
      writeFileSync(part, new Uint8Array(await blob.arrayBuffer()));
      renameSync(part, file);
    } catch { rmSync(part, { force: true }); } // no cache: this process keeps its own copy
    return blob;
  })();
  return template;
}

export interface ReceivedMail {
  to: string[]; from: string; subject: string; text: string; html: string | null;
  attachments: { filename: string | null; mimeType: string; contentId: string | null; content: Buffer }[];
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Waits until a mail matching `pred` arrives (default 10 s). */
  waitFor(pred: (m: ReceivedMail) => boolean, ms?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? null,
          attachments: (parsed.attachments ?? []).map((a) => ({
            filename: a.filename ?? null, mimeType: a.mimeType, contentId: a.contentId ?? null,
            content: Buffer.from(typeof a.content === 'string' ? Buffer.from(a.content) : new Uint8Array(a.content as ArrayBuffer)),
          })),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(pred, ms = 10_000) {
      const end = Date.now() + ms;
      for (;;) {
        const m = mails.find(pred);
        if (m) return m;
        if (Date.now() > end) throw new Error(`no matching mail within ${ms} ms; got: ${mails.map((x) => `${x.to.join(',')}: ${x.subject}`).join(' | ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface TestPlatform { platform: Platform; smtp: TestSmtp; db: Db; url: string; clock: { now: Date }; close(): Promise<void> }

/**
 * The platform on a free port with a fresh database, a test SMTP server and a clock the test can
 * move. `scheduler: false`: no background scheduler at all (no timer, and requests that would wake
 * it do not), for tests that run every pass themselves (`platform.tick()`) and assert what one
 * call of the turn job returns.
 */
export async function startTestPlatform(kind: DbKind, over: Partial<PlatformConfig> = {}, opts: { scheduler?: boolean } = {}): Promise<TestPlatform> {
  const smtp = await startSmtp();
  const db = await testDb(kind);
  const clock = { now: new Date('2026-11-20T12:00:00Z') };
  const config: PlatformConfig = {
    ...configFromEnv({}), port: 0, dataDir: ':memory:', smtpUrl: smtp.url, demo: false, tickMs: 200, claimTimeoutSeconds: 2, trustProxy: 1, ...over,
  };
  const platform = await startPlatform(config, { db, now: () => clock.now, scheduler: opts.scheduler });
  return {
    platform, smtp, db, url: platform.url, clock,
    async close() { await platform.close(); await db.close(); await smtp.close(); },
  };
}

/** A stored game's current ruleset state (JSON column on PostgreSQL, text on PGlite). */
export async function stateOf<S = any>(tp: { db: Db }, gameId: number): Promise<S> {
  const row = await tp.db.one<{ state: unknown }>('SELECT state FROM games WHERE id = $1', [gameId]);
  return (typeof row!.state === 'string' ? JSON.parse(row!.state) : row!.state) as S;
}

/** The ruleset's player id of a user's seat in a game. */
export async function playerOf(tp: { db: Db }, gameId: number, userId: number): Promise<string> {
  return (await tp.db.one<{ player: string }>('SELECT player FROM seats WHERE game_id = $1 AND user_id = $2', [gameId, userId]))!.player;
}

// ─── Waiting for the background scheduler instead of racing it ─────────────────────────────────
// A test platform runs its scheduler (every tickMs, and at once when a turn becomes due, e.g. the
// last lord ready in an early game). A test that calls resolveIfDue or runDue itself can find the
// turn already claimed ('busy') or already resolved ('not-due'). Tests assert what a turn reached,
// never who resolved it.

/**
 * Waits until game `gameId` has reached step `step` (or gone past it), whoever resolves it: this
 * call asks for the resolution itself (resolveIfDue, so the wait does not hang on the scheduler's
 * interval), and waits through 'busy' (the scheduler holds the claim) and 'not-due'. Fails on a
 * failed resolution or after `ms` without reaching the step.
 */
export async function waitForStep(tp: { platform: Platform; db: Db }, gameId: number, step: number, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  let last = '';
  for (;;) {
    const row = await tp.db.one<{ step: number; status: string }>('SELECT step, status FROM games WHERE id = $1', [gameId]);
    if (!row) throw new Error(`no game ${gameId}`);
    if (Number(row.step) >= step) return;
    last = await games.resolveIfDue(tp.platform.ctx, gameId);
    if (last === 'failed') throw new Error(`game ${gameId}: the resolution of step ${Number(row.step) + 1} failed`);
    if (last === 'resolved') continue;
    if (Date.now() > end) throw new Error(`game ${gameId} is at step ${row.step} (${row.status}), not ${step}, after ${ms} ms; last answer: ${last}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * One whole scheduler pass (turns, reminders, lobby, digests, mail) that started after this call.
 * `platform.tick()` alone returns the pass already running, which may have read the clock, or
 * passed the step a test waits for, before the test changed something: after it ends, the second
 * call starts a fresh pass (or returns one the interval started after the first ended).
 */
export async function schedulerPass(tp: { platform: Platform }): Promise<void> {
  await tp.platform.tick();
  await tp.platform.tick();
}

/** A port nobody listens on (bound on port 0, read, released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
