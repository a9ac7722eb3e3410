/**
 * Map pages: /games/:id/map (the drawing with its click panel), /games/:id/map.svg and
 * /games/:id/map.png (rendered on the server). A member sees his own map (what his lord may
 * know); anyone who may see a public game sees the public map; a private game's map is for its
 * members only. /api/games/:id/map-units: the map orders of the member's pieces after the sheet
 * he has saved (the order page's map reads the sheet being written, issue 13 §4), and the orders
 * of that sheet drawn as arrows (`trails`, the ruleset's `mapTrails`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang, MapDoc, MapTrail } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import { gameState, notFound, ownSeat, pageHead, SCRIPTS, viewerOf, visibleGame } from '../games/page-kit.ts';
import { games } from '../games/service.ts';
import { html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { page } from '../http/layout.ts';
import { sendPage, type AppCtx, type RouteModule } from '../http/server.ts';
import { LruCache } from '../http/lru.ts';
import { renderPng } from './png.ts';
import { renderMapSvg } from './svg.ts';
import { mapWidget } from './widget.ts';

messages({
  'map.pngFailed': { fr: 'La carte n’a pas pu être dessinée ; réessayez dans un moment.', en: 'The map could not be drawn; try again in a moment.' },
});

/**
 * PNG maps already drawn, by game, state hash, viewer and language: a state never changes
 * without its hash, so a cached drawing is always the current one; a hundred at most (each is
 * about 100–300 KB).
 */
const PNGS = new LruCache<string, Buffer>(100);

/** The map a visitor may see of a game, or null (no such game, no access, no map). */
async function visibleMap(ctx: AppCtx, req: FastifyRequest, lang: Lang): Promise<{ doc: MapDoc; gameId: number; name: string; key: string | null } | null> {
  const a = await visibleGame(ctx, req);
  if (!a) return null;
  const entry = getRuleset(a.game.ruleset);
  const rs = entry.ruleset;
  if (!rs.mapDoc) return null;
  const { state, hash } = await gameState(ctx, a.game.id);
  if (state === null) return null;
  const player = viewerOf(a, entry); // the GM's map is the whole game where the ruleset shows it to him
  const doc = rs.mapDoc(state, player, lang);
  return { doc: { ...doc, units: [] }, gameId: a.game.id, name: a.game.name, key: hash ? `${a.game.id}/${hash}/${player ?? ''}/${lang}` : null };
}

async function mapPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const v = req.visitor;
  const m = await visibleMap(ctx, req, v.lang);
  if (!m) return notFound(req, reply);
  const body = html`${pageHead()}<p class="crumbs"><a href="/games/${m.gameId}">${m.name}</a> › ${t(v.lang, 'map.title')}</p>
    <h1>${m.doc.title}</h1>
    ${mapWidget(m.doc, v.lang, { orders: false, links: { png: `/games/${m.gameId}/map.png` }, tableOpen: true })}`;
  return sendPage(reply, page(v, `${t(v.lang, 'map.title')} — ${m.name}`, body, { scripts: [...SCRIPTS.scripts, '/static/map.js'] }));
}

/**
 * The map orders of the visitor's pieces, after his saved sheet (null: not his seat, or no map).
 * A seat of his with nothing to order — the game over or not started, his seat no longer active —
 * has none ([]): the prompt page asks again each time its questions change, to the end of the game.
 */
async function mapUnits(ctx: AppCtx, req: FastifyRequest, lang: Lang): Promise<{ units: MapDoc['units']; trails: MapTrail[] } | null> {
  const a = await ownSeat(ctx, req, false);
  if (!a) return null;
  const rs = getRuleset(a.game.ruleset).ruleset;
  if (!rs.mapDoc) return null;
  if (a.game.status !== 'running' || a.seat!.status !== 'active') return { units: [], trails: [] };
  const { state } = await gameState(ctx, a.game.id);
  if (state === null) return null;
  const sheet = await games.sheet(ctx, a.game.id, a.seat!.player);
  const pending = sheet.value ?? null;
  const units = rs.mapUnits ? rs.mapUnits(state, a.seat!.player, lang, pending) : rs.mapDoc(state, a.seat!.player, lang, pending).units;
  return { units, trails: rs.mapTrails?.(state, a.seat!.player, lang, pending) ?? [] };
}

export const mapRoutes: RouteModule = async (app, ctx) => {
  app.get('/api/games/:id/map-units', async (req, reply) => {
    const orders = await mapUnits(ctx, req, req.visitor.lang);
    if (!orders) return notFound(req, reply);
    return reply.header('cache-control', 'private, no-store').send(orders);
  });
  app.get('/games/:id/map', (req, reply) => mapPage(ctx, req, reply));
  app.get('/games/:id/map.svg', async (req, reply) => {
    const m = await visibleMap(ctx, req, req.visitor.lang);
    if (!m) return notFound(req, reply);
    // An SVG opened on its own is a document that could run script: forbid everything it does not need
    // (no script, no outside resource; inline styles only), as the HTML pages do.
    return reply.header('cache-control', 'private, no-store')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; sandbox")
      .type('image/svg+xml; charset=utf-8').send(renderMapSvg(m.doc));
  });
  app.get('/games/:id/map.png', async (req, reply) => {
    const m = await visibleMap(ctx, req, req.visitor.lang);
    if (!m) return notFound(req, reply);
    let png = m.key ? PNGS.get(m.key) : undefined;
    if (!png) {
      try {
        png = await renderPng(ctx, renderMapSvg(m.doc));
      } catch (e) {
        console.error(`suzerain: the PNG map of game ${m.gameId} failed: ${e instanceof Error ? e.message : String(e)}`);
        return reply.code(503).header('retry-after', '10').type('text/plain; charset=utf-8').send(t(req.visitor.lang, 'map.pngFailed'));
      }
      if (m.key) PNGS.set(m.key, png);
    }
    return reply.header('cache-control', 'private, no-store').type('image/png').send(png);
  });
};
