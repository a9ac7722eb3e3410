/** Page helpers shared by the channels (forum, gazette, letters): answers and form fields. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { html } from '../http/html.ts';
import { t } from '../http/i18n.ts';
import { page } from '../http/layout.ts';
import { sendPage, type AppCtx } from '../http/server.ts';
import { parseId } from '../games/page-kit.ts';
import { canReadPublicChannels, gameAccess, type GameAccess } from './access.ts';

export const wantsJson = (req: FastifyRequest): boolean =>
  req.url.startsWith('/api/') || String(req.headers.accept ?? '').includes('application/json');

export function notFound(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const v = req.visitor;
  if (wantsJson(req)) return reply.code(404).send({ error: 'not found' });
  return sendPage(reply, page(v, t(v.lang, 'error.notfound'), html`<h1>${t(v.lang, 'error.notfound')}</h1>`), 404);
}

export function forbidden(req: FastifyRequest, reply: FastifyReply, a: GameAccess, key: string, backKey: string): FastifyReply {
  const v = req.visitor;
  if (wantsJson(req)) return reply.code(403).send({ error: 'forbidden' });
  return sendPage(reply, page(v, t(v.lang, 'error.forbidden'), html`<h1>${t(v.lang, 'error.forbidden')}</h1>
<p class="notice">${t(v.lang, key)}</p>
<p><a href="/games/${a.gameId}">${t(v.lang, backKey)}</a></p>`), 403);
}

/**
 * The game if the visitor may read its forum and gazette; otherwise the reply is sent (404 when
 * the game is private or forming, or does not exist; 403 on a public running game) and null returned.
 */
export async function readablePublicChannel(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, lordsOnlyKey: string, backKey: string): Promise<GameAccess | null> {
  const id = parseId((req.params as { id?: string }).id);
  const a = id === null ? null : await gameAccess(ctx, id, req.visitor.user);
  if (!a) { notFound(req, reply); return null; }
  if (!canReadPublicChannels(a)) {
    if (a.isPrivate || a.status === 'forming') notFound(req, reply);
    else forbidden(req, reply, a, lordsOnlyKey, backKey);
    return null;
  }
  return a;
}

export const pageParam = (q: unknown): number => {
  const s = (q as Record<string, unknown> | undefined)?.page;
  return typeof s === 'string' && /^[1-9]\d{0,5}$/.test(s) ? Number(s) : 1;
};
export const formStr = (x: unknown, max: number): string => (typeof x === 'string' ? x : '').slice(0, max + 1);
export const checked = (x: unknown): boolean => x === '1' || x === 'on' || x === 'true';
