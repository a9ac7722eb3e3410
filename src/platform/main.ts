/**
 * Starts the Suzerain platform: database (embedded or PostgreSQL) with its migrations, the web
 * server, the scheduler (due turns, reminders of weekly games and of games of prompts, the lobby, password resets, outgoing mail, expiry
 * of inactive guests) and the demo game.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PlatformConfig } from './config.ts';
import { openDb, type Db } from './db/index.ts';
import { withRulesets } from './db/rulesets.ts';
import { buildServer, type AppCtx } from './http/server.ts';
import { homeRoutes } from './web/home.ts';
import { helpRoutes } from './web/help.ts';
import { valhallaRoutes } from './valhalla/page.ts';
import { accountRoutes } from './accounts/routes.ts';
import { hostRoutes } from './mail/routes.ts';
import { deliverMail } from './mail/mailer.ts';
import { gameRoutes } from './games/routes.ts';
import { statsRoutes } from './games/stats.ts';
import { lobbyRoutes } from './lobby/routes.ts';
import { profileRoutes } from './players/profile-page.ts';
import { games } from './games/service.ts';
import { expireUnconfirmed, lobbyTick } from './lobby/service.ts';
import { sendReminders } from './games/reminders.ts';
import { sendPromptReminders } from './games/prompt-reminders.ts';
import { ensureDemo, expireGuests } from './web/demo.ts';
import { processResetRequests } from './accounts/service.ts';
import { forumRoutes } from './channels/forum.ts';
import { gazetteRoutes } from './channels/gazette.ts';
import { letterRoutes } from './channels/letters.ts';
import { moderationRoutes } from './channels/moderation.ts';
import { notifyRoutes } from './notify/routes.ts';
import { mapRoutes } from './maps/routes.ts';
import { toolRoutes } from './tools/routes.ts';
import { notifier } from './notify/service.ts';
import { startInbound } from './mail/inbound.ts';
import { ordersMailbox } from './mail/orders.ts';
import { createLiveHub } from './live/hub.ts';
import { liveRoutes } from './live/routes.ts';
import { apiRoutes } from './api/routes.ts';
import { rankingRoutes } from './ranking/pages.ts';
import { tokenPageRoutes } from './api/tokens-page.ts';

export interface Platform {
  app: FastifyInstance;
  ctx: AppCtx;
  /** The inbound SMTP server's port (replies to letters), when it runs. */
  inboundPort: number | null;
  url: string;
  /** Runs one scheduler pass now (tests call it instead of waiting). */
  tick: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startPlatform(config: PlatformConfig, opts: { now?: () => Date; db?: Db; listen?: boolean; scheduler?: boolean } = {}): Promise<Platform> {
  // Rulesets are loaded on first use: reading a game's row loads its ruleset (db/rulesets.ts).
  const db = withRulesets(opts.db ?? await openDb({ url: config.databaseUrl, dataDir: config.dataDir === ':memory:' ? null : config.dataDir }));
  let wake: () => void = () => {};
  const live = await createLiveHub(db);
  const ctx: AppCtx = {
    db, config, now: opts.now ?? (() => new Date()), instanceId: `${process.pid}-${randomBytes(4).toString('hex')}`,
    kick: () => wake(), live,
  };
  // Games being resolved at once after an answer (ctx.kickGame): a second wake-up while one runs
  // makes it look again when it ends, so no answer waits for the scheduler's next pass.
  const inFlight = new Map<number, { again: boolean; done: Promise<void> }>();
  if (opts.scheduler !== false) {
    ctx.kickGame = (gameId: number) => {
      if (closing) return;
      const f = inFlight.get(gameId);
      if (f) { f.again = true; return; }
      const entry = { again: false, done: Promise.resolve() };
      inFlight.set(gameId, entry);
      entry.done = (async () => {
        try {
          // Bounded: a chain of steps due at once (bots' prompts) goes on in the scheduler's passes.
          for (let i = 0; i < 100 && !closing; i++) {
            const r = await games.resolveIfDue(ctx, gameId);
            if (r === 'resolved') continue;
            if (!entry.again) break;
            entry.again = false;
          }
        } catch (e) {
          console.error(`scheduler: resolving game ${gameId} at once failed: ${e instanceof Error ? e.message : String(e)}`);
        } finally {
          inFlight.delete(gameId);
        }
      })();
    };
  }
  const app = await buildServer(ctx, [homeRoutes, accountRoutes, hostRoutes, gameRoutes, statsRoutes, lobbyRoutes, forumRoutes, gazetteRoutes, letterRoutes, moderationRoutes, notifyRoutes, mapRoutes, toolRoutes, helpRoutes, liveRoutes, apiRoutes, tokenPageRoutes, profileRoutes, rankingRoutes, valhallaRoutes]);
  const inbound = config.inboundSmtpPort !== null ? await startInbound(ctx, config.inboundSmtpPort, [ordersMailbox]) : null;
  if (config.demo) await ensureDemo(ctx);

  let running: Promise<void> | null = null;
  // Once closing has begun no pass starts (a wake-up queued by the last request must not reach a closed database).
  let closing = false;
  // A wake-up during a pass (an answer to a prompt while another game resolves) runs one more pass
  // right after it, rather than waiting for the next interval: a game of prompts goes on at once.
  let again = false;
  const tick = async (): Promise<void> => {
    if (closing) return;
    if (running) return running;
    running = (async () => {
      // Queued password resets before the mailer (their mail leaves in the same pass); inactive guests last.
      for (const step of [() => games.runDue(ctx), () => sendReminders(ctx), () => sendPromptReminders(ctx), () => lobbyTick(ctx), () => notifier.sendDigests(ctx), () => processResetRequests(ctx), () => deliverMail(ctx), () => expireGuests(ctx)]) {
        try { await step(); } catch (e) { console.error('scheduler:', e); }
      }
      // Lobby candidates who never confirmed leave the queue (lobby/service.ts); the next pass asks the next ones.
      try { await expireUnconfirmed(ctx); } catch (e) { console.error('scheduler:', e); }
    })().finally(() => {
      running = null;
      if (again && !closing) { again = false; setImmediate(() => void tick()); }
    });
    return running;
  };
  let timer: NodeJS.Timeout | null = null;
  if (opts.scheduler !== false) {
    timer = setInterval(() => void tick(), config.tickMs);
    timer.unref();
    let pending = false;
    wake = () => {
      if (running) { again = true; return; }
      if (!pending) { pending = true; setImmediate(() => { pending = false; void tick(); }); }
    };
  }
  let url = config.publicUrl;
  if (opts.listen !== false) {
    const addr = await app.listen({ port: config.port, host: config.host });
    if (config.port === 0) { url = addr.replace('127.0.0.1', 'localhost'); config.publicUrl = url; }
  }
  return {
    app, ctx, url, tick, inboundPort: inbound?.port ?? null,
    close: async () => {
      closing = true;
      if (timer) clearInterval(timer);
      await running;
      await Promise.all([...inFlight.values()].map((f) => f.done));
      await inbound?.close();
      await app.close(); // ends the open live streams first (live/routes.ts)
      await live.close();
      if (!opts.db) await db.close();
    },
  };
}
