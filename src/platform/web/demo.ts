/**
 * The demos: a Scandinavia game of Gloire & Pouvoir in which the visitor plays one lord (Hawkmoon)
 * against nine bots named after the narrative lords of the rules, and an Adventurer Kings world in
 * which he plays one King against five bots. Early resolution is on, so the turn resolves as soon
 * as the visitor marks his orders ready. A visitor who is not logged in gets a guest account (no
 * e-mail) and a session. One running demo per account and ruleset: it is reused.
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

/** The demo games on offer, by ruleset (the first is the home page's main button). */
export const DEMOS: Record<string, { name: string; map: string; player: string; bots: string[] }> = {
  [DEMO_RULESET]: { name: 'Démo — Scandinavie', map: DEMO_MAP, player: DEMO_LORD, bots: DEMO_BOTS },
  'adventurer-kings': { name: 'Démo — Adventurer Kings', map: 'standard', player: 'Tilden', bots: ['Strahd', 'Rainulf', 'Riose', 'Alain', 'Morgause'] },
};

/**
 * Called when the platform starts with demo mode on. Demo games are created on demand (POST
 * /demo, the home page's button), one per visitor, so there is nothing to prepare here.
 */
export async function ensureDemo(_ctx: AppCtx): Promise<void> {
  // Nothing to do at start: see POST /demo.
}

/** The running demo game of this user, if any (read directly: GamesApi has no such query). */
export async function runningDemoOf(ctx: AppCtx, userId: number, ruleset = DEMO_RULESET): Promise<number | null> {
  const row = await ctx.db.one<{ id: number }>(
    `SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id
     WHERE g.is_demo AND g.status = 'running' AND s.user_id = $1 AND s.status = 'active' AND g.ruleset = $2
     ORDER BY g.id DESC LIMIT 1`, [userId, ruleset]);
  return row ? Number(row.id) : null;
}

/** Creates a demo game of this ruleset for this user (his seat plus the bots). */
export async function createDemo(ctx: AppCtx, userId: number, ruleset = DEMO_RULESET): Promise<number> {
  const d = DEMOS[ruleset]!;
  const id = await games.create(ctx, {
    ruleset,
    name: d.name,
    options: { map: d.map },
    seats: [{ userId, lordName: d.player }, ...d.bots.map((lordName) => ({ userId: null, lordName }))],
    maxPlayers: 1 + d.bots.length,
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
    const asked = (req.body as Record<string, unknown> | undefined)?.ruleset;
    const ruleset = typeof asked === 'string' && Object.prototype.hasOwnProperty.call(DEMOS, asked) ? asked : DEMO_RULESET;
    const id = (await runningDemoOf(ctx, userId, ruleset)) ?? (await createDemo(ctx, userId, ruleset));
    return reply.redirect(`/games/${id}/orders`, 303);
  });
};
