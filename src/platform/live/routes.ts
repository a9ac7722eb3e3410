/**
 * Live pages: `GET /games/:id/live`, a Server-Sent Events stream of the game's events (live/hub.ts)
 * for a visitor who may see the game. A member receives the public events and his own private
 * ones; anyone else the public ones only. A private game's stream is 404 for outsiders, like its
 * pages.
 *
 * The stream: a `retry:` hint, `event: ready` once subscribed, then `event: game` + `data: <json>`
 * per event, and a comment line every HEARTBEAT_MS (keeps proxies from closing it, and refreshes
 * the player's presence, live/presence.ts). The response is hijacked from Fastify and written to
 * the socket; it ends when the client goes, and when the server closes (a preClose hook ends every
 * stream, so `app.close()` does not wait for them). At most MAX_STREAMS open streams per user (per
 * address for visitors not signed in) in one process; more are refused with 429.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteModule } from '../http/server.ts';
import { t } from '../http/i18n.ts';
import { notFound, visibleGame } from '../games/page-kit.ts';
import type { LiveEvent } from './hub.ts';
import { enter, leave, touch } from './presence.ts';

export const HEARTBEAT_MS = 20_000;
export const MAX_STREAMS = 20;
/** The client's reconnection delay after a drop (EventSource `retry:`). */
const RETRY_MS = 3000;

export const liveRoutes: RouteModule = (app, ctx) => {
  /** Open streams by owner (user id, or address), and each stream's end (for the server's close). */
  const perOwner = new Map<string, number>();
  const open = new Set<() => Promise<void>>();

  app.addHook('preClose', async () => {
    await Promise.all([...open].map((end) => end()));
  });

  // No HEAD route: a stream would be held open for a request that reads no body.
  app.get('/games/:id/live', { exposeHeadRoute: false }, async (req: FastifyRequest, reply: FastifyReply) => {
    const a = await visibleGame(ctx, req);
    if (!a) return notFound(req, reply);
    const user = req.visitor.user;
    const owner = user ? `u${user.id}` : `ip${req.ip}`;
    const count = perOwner.get(owner) ?? 0;
    if (count >= MAX_STREAMS) {
      return reply.code(429).header('Retry-After', '60').type('text/plain; charset=utf-8').send(t(req.visitor.lang, 'live.too-many', { n: MAX_STREAMS }));
    }
    perOwner.set(owner, count + 1);
    const gameId = a.game.id;
    const player = a.seat?.player ?? null;
    // Presence: a signed-in player holding a seat in the game.
    const present = user && a.seat ? user.id : null;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    const write = (chunk: string): void => { if (!res.writableEnded && !res.destroyed) res.write(chunk); };
    write(`retry: ${RETRY_MS}\n\n`);

    const entered = present !== null ? enter(ctx, present, gameId).catch((e) => console.error('live presence:', e)) : Promise.resolve();
    const unsubscribe = ctx.live.subscribe(gameId, player, (e: LiveEvent) => {
      write(`event: game\ndata: ${JSON.stringify(e)}\n\n`);
    }, a.referee); // the game's GM hears the pings of the steps with an audience too (games/step-audience.ts)
    const heartbeat = setInterval(() => {
      write(': heartbeat\n\n');
      if (present !== null) touch(ctx, present, gameId).catch((e) => console.error('live presence:', e));
    }, HEARTBEAT_MS);
    heartbeat.unref();

    let ended: Promise<void> | null = null;
    const end = (): Promise<void> => {
      if (ended) return ended;
      ended = (async () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        const n = (perOwner.get(owner) ?? 1) - 1;
        if (n > 0) perOwner.set(owner, n); else perOwner.delete(owner);
        if (!res.writableEnded) res.end();
        await entered;
        if (present !== null) await leave(ctx, present, gameId).catch((e) => console.error('live presence:', e));
      })();
      return ended;
    };
    open.add(end);
    // The response's 'close' (not the request's, which Node emits once the request is read).
    res.on('close', () => void end());
    res.on('error', () => void end());
    await entered;
    write('event: ready\ndata: {}\n\n');
  });
};
