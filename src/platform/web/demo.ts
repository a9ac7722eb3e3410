/**
 * The demo: a Scandinavia game of Gloire & Pouvoir in which the visitor plays one lord (Hawkmoon)
 * against nine bots named after the narrative lords of the rules; early resolution is on, so the
 * turn resolves as soon as the visitor marks his orders ready. A visitor who is not logged in gets
 * a guest account (no e-mail) and a session. One running demo per account: it is reused.
 */
import type { FastifyInstance } from 'fastify';
import { createGuestUser } from '../accounts/service.ts';
import type { GamesApi } from '../games/api.ts';
import { games as gamesService } from '../games/service.ts';
import { startSession, type AppCtx, type RouteModule } from '../http/server.ts';

const games: GamesApi = gamesService;

export const DEMO_RULESET = 'gloire-et-pouvoir';
export const DEMO_MAP = 'scandinavia';
export const DEMO_LORD = 'Hawkmoon';
export const DEMO_BOTS = ['Hylith', 'Amaréthuse', 'WellDone', 'Jon Snow', 'Abélard', 'Robb Stark', 'Sophie', 'Médicis', 'Rodrigue'];

/**
 * Called when the platform starts with demo mode on. Demo games are created on demand (POST
 * /demo, the home page's button), one per visitor, so there is nothing to prepare here.
 */
export async function ensureDemo(_ctx: AppCtx): Promise<void> {
  // Nothing to do at start: see POST /demo.
}

/** The running demo game of this user, if any (read directly: GamesApi has no such query). */
export async function runningDemoOf(ctx: AppCtx, userId: number): Promise<number | null> {
  const row = await ctx.db.one<{ id: number }>(
    `SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id
     WHERE g.is_demo AND g.status = 'running' AND s.user_id = $1 AND s.status = 'active'
     ORDER BY g.id DESC LIMIT 1`, [userId]);
  return row ? Number(row.id) : null;
}

/** Creates a demo game for this user (the user's lord plus nine bots). */
export async function createDemo(ctx: AppCtx, userId: number): Promise<number> {
  const id = await games.create(ctx, {
    ruleset: DEMO_RULESET,
    name: 'Démo — Scandinavie',
    options: { map: DEMO_MAP },
    seats: [{ userId, lordName: DEMO_LORD }, ...DEMO_BOTS.map((lordName) => ({ userId: null, lordName }))],
    maxPlayers: 1 + DEMO_BOTS.length,
    isPrivate: true,
    password: null,
    isDemo: true,
    hostUserId: userId,
    early: true,
  });
  return id;
}

export const demoRoutes: RouteModule = (app: FastifyInstance, ctx: AppCtx) => {
  app.post('/demo', async (req, reply) => {
    let userId = req.visitor.user?.id ?? null;
    if (userId === null) {
      userId = await createGuestUser(ctx);
      await startSession(ctx, reply, userId);
    }
    const id = (await runningDemoOf(ctx, userId)) ?? (await createDemo(ctx, userId));
    return reply.redirect(`/games/${id}/orders`, 303);
  });
};
