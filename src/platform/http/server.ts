/**
 * The HTTP server: sessions (HttpOnly, SameSite cookies; hashed ids in the database), protection
 * of every state-changing request against cross-site forgery (a per-visitor token in each form
 * or in the X-CSRF-Token header), the visitor's language, and the route modules.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SRC_DIR } from '../../build-info.ts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { Lang } from '../../engine/ruleset.ts';
import type { PlatformConfig } from '../config.ts';
import type { Db, Row } from '../db/index.ts';
import type { LiveHub } from '../live/hub.ts';
import { html } from './html.ts';
import { localPath, withoutNul } from './input.ts';
import { t } from './i18n.ts';
import { notFoundPage, page } from './layout.ts';

/** The session's statement, read on every request that carries a session cookie (prepared; bench/page-sql.ts measures it). */
export const SESSION_SQL = `SELECT s.csrf, s.expires_at, u.id, u.login, u.email, u.lang, u.is_host, u.validated FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.id_hash = $1 AND s.expires_at > $2`;

export interface AppCtx {
  db: Db;
  config: PlatformConfig;
  /** The platform's clock (tests move it); rulesets never see it. */
  now: () => Date;
  /** Identifies this server process in job claims. */
  instanceId: string;
  /** Wakes the scheduler (a game may be due now). */
  kick: () => void;
  /**
   * Optional: resolves one game now if it is due, and its next steps while they are due at once (a
   * game of prompts after an answer), outside the scheduler's pass; the same exactly-once job
   * (`games.resolveIfDue`). Absent (or with the scheduler off): callers wake the scheduler instead.
   */
  kickGame?: (gameId: number) => void;
  /** A game's events, pushed to its players' open pages in every server process (live/hub.ts). */
  live: LiveHub;
}

export interface Visitor {
  user: { id: number; login: string; email: string; lang: Lang; isHost: boolean; validated: boolean } | null;
  lang: Lang;
  csrf: string;
  sessionHash: string | null;
}

declare module 'fastify' {
  interface FastifyRequest { visitor: Visitor }
}

export type RouteModule = (app: FastifyInstance, ctx: AppCtx) => void | Promise<void>;

const SESSION_COOKIE = 'sid';
const CSRF_COOKIE = 'csrf';
const SESSION_DAYS = 30;
const STATIC_DIR = join(SRC_DIR, 'platform', 'web', 'static');

/**
 * Sessions looked up by the busiest route (a lord's sheet autosave, route option
 * `sessionCache`), kept for SESSION_CACHE_MS: one database round trip less per save. Every change
 * of a session or a user in this process empties it (sessionsChanged); another server process
 * sharing the database may accept a just-closed session on that route for SESSION_CACHE_MS at most.
 */
const SESSION_CACHE_MS = 2000;
const sessionCache = new Map<string, { at: number; row: Row | null }>();
export function sessionsChanged(): void { sessionCache.clear(); }

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
export const newToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export async function buildServer(ctx: AppCtx, modules: RouteModule[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, trustProxy: trustSetting(ctx.config.trustProxy), bodyLimit: 1 << 20 });
  await app.register(cookie);
  await app.register(formbody);

  const cookieOpts = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: ctx.config.secureCookies };

  app.decorateRequest('visitor', null as unknown as Visitor);
  app.addHook('preHandler', async (req, reply) => {
    // The API (/api/v1, api/routes.ts) knows its visitor by a bearer token, read by its own hook
    // before this one: no cookie is read or set for it, so a cross-site request has no session to
    // ride on and the form token (CSRF) does not apply.
    const bearer = !!(req.routeOptions.config as { bearer?: boolean } | undefined)?.bearer;
    const sid = bearer ? undefined : req.cookies[SESSION_COOKIE];
    let user: Visitor['user'] = null;
    let csrf: string | null = null;
    let sessionHash: string | null = null;
    if (sid) {
      const h = sha256(sid);
      const cacheable = !!(req.routeOptions.config as { sessionCache?: boolean } | undefined)?.sessionCache;
      const hit = cacheable ? sessionCache.get(h) : undefined;
      const now = ctx.now();
      let row: Row | null;
      if (hit && Date.now() - hit.at < SESSION_CACHE_MS && (!hit.row || new Date(hit.row.expires_at).getTime() > now.getTime())) {
        row = hit.row;
      } else {
        row = await ctx.db.one(SESSION_SQL, [h, now], { prepare: true });
        if (sessionCache.size > 10_000) sessionCache.clear();
        sessionCache.set(h, { at: Date.now(), row });
      }
      if (row) {
        user = { id: row.id, login: row.login, email: row.email, lang: row.lang, isHost: row.is_host, validated: row.validated };
        csrf = row.csrf;
        sessionHash = h;
      }
    }
    if (!csrf && !bearer) {
      csrf = req.cookies[CSRF_COOKIE] ?? null;
      if (!csrf || !/^[\w-]{20,}$/.test(csrf)) {
        csrf = newToken(24);
        reply.setCookie(CSRF_COOKIE, csrf, cookieOpts);
      }
    }
    const langCookie = bearer ? undefined : req.cookies.lang;
    const lang: Lang = user?.lang ?? (langCookie === 'en' || langCookie === 'fr' ? langCookie : /^en/i.test(req.headers['accept-language'] ?? '') ? 'en' : 'fr');
    req.visitor = bearer && req.visitor ? req.visitor : { user, lang, csrf: csrf ?? '', sessionHash };
    // No field keeps a U+0000 (the database refuses it in text, and no text needs it): removed once
    // for every route, from every form or JSON body, query string and path parameter, before any
    // handler reads them. A body too deeply nested to rebuild is refused instead.
    try {
      req.body = withoutNul(req.body);
      req.query = withoutNul(req.query);
      req.params = withoutNul(req.params);
    } catch {
      const msg = t(lang, 'error.nul');
      if (req.headers.accept?.includes('application/json') || String(req.headers['content-type'] ?? '').includes('application/json') || req.url.startsWith('/api/')) return reply.code(400).send({ error: msg });
      return reply.code(400).type('text/html').send(page(req.visitor, t(lang, 'error.bad-request'), html`<p class="error">${msg}</p>`));
    }
    // Every state-changing request carries the visitor's token (form field or header).
    if (req.method !== 'GET' && req.method !== 'HEAD' && !bearer && !(req.routeOptions.config as { noCsrf?: boolean } | undefined)?.noCsrf) {
      const body = req.body as Record<string, unknown> | undefined;
      const given = String((body && typeof body === 'object' ? body._csrf : undefined) ?? req.headers['x-csrf-token'] ?? '');
      if (!safeEqual(given, csrf ?? '')) {
        reply.code(403).type('text/html').send(page(req.visitor, t(lang, 'error.forbidden'), html`<p class="error">${t(lang, 'error.csrf')}</p>`));
        return reply;
      }
    }
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('Content-Security-Policy', "default-src 'self'; img-src 'self' data: https:; style-src 'self' 'unsafe-inline'; script-src 'self'; form-action 'self'; frame-ancestors 'none'");
    }
    return payload;
  });

  app.get('/lang/:lang', async (req, reply) => {
    // A GET that changes a setting: refuse it when it is not a navigation (an image in a gazette
    // article pointing here, for instance).
    const dest = req.headers['sec-fetch-dest'];
    if (dest && dest !== 'document') return reply.code(400).send();
    const l = (req.params as { lang: string }).lang === 'en' ? 'en' : 'fr';
    reply.setCookie('lang', l, { ...cookieOpts, httpOnly: false });
    if (req.visitor.user) { await ctx.db.query('UPDATE users SET lang = $1 WHERE id = $2', [l, req.visitor.user.id]); sessionsChanged(); }
    return reply.redirect(safeBack(req));
  });
  app.get('/static/:file', async (req, reply) => {
    const file = (req.params as { file: string }).file;
    if (!/^[\w.-]+\.(css|js|svg|png)$/.test(file)) return reply.code(404).send();
    try {
      const body = readFileSync(join(STATIC_DIR, file));
      const type = file.endsWith('.css') ? 'text/css' : file.endsWith('.js') ? 'text/javascript' : file.endsWith('.svg') ? 'image/svg+xml' : 'image/png';
      return reply.type(`${type}; charset=utf-8`).header('Cache-Control', 'public, max-age=300').send(body);
    } catch { return reply.code(404).send(); }
  });

  for (const m of modules) await m(app, ctx);

  app.setNotFoundHandler((req, reply) => {
    const v = req.visitor ?? { user: null, lang: 'fr', csrf: '', sessionHash: null };
    reply.code(404).type('text/html').send(notFoundPage(v));
  });
  app.setErrorHandler((e, req, reply) => {
    const err = e as Error & { statusCode?: number };
    const v = req.visitor ?? { user: null, lang: 'fr', csrf: '', sessionHash: null };
    const status = err.statusCode ?? 500;
    if (status >= 500) console.error(err);
    if (req.headers.accept?.includes('application/json') || req.url.startsWith('/api/')) {
      return reply.code(status).send({ error: status >= 500 ? t(v.lang, 'error.server') : err.message });
    }
    return reply.code(status).type('text/html').send(page(v, t(v.lang, 'error.title'), html`<h1>${t(v.lang, 'error.title')}</h1><p class="error">${status >= 500 ? t(v.lang, 'error.server') : err.message}</p>`));
  });
  return app;
}

/**
 * Which X-Forwarded-For entries give the client's address (req.ip), from config.trustProxy. A
 * number n trusts n hops from the socket: req.ip is the n-th address from the right (1: the one our
 * proxy appended), whatever the client wrote on the left. (Fastify 5 ignores a bare number, so it
 * becomes a function.) A list trusts those proxies' addresses. Never `true`: that would take the
 * left-most address, which the client chooses.
 */
function trustSetting(tp: PlatformConfig['trustProxy']): false | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof tp === 'number') return (_addr, hop) => hop < tp;
  return tp;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

function safeBack(req: FastifyRequest): string {
  const ref = req.headers.referer;
  try {
    if (ref) {
      const u = new URL(ref);
      // Back from the language switch: a page's own `?lang=` (help pages) must not undo the choice.
      u.searchParams.delete('lang');
      if (u.host === req.headers.host) return localPath(u.pathname + u.search) ?? '/';
    }
  } catch { /* ignore */ }
  return '/';
}

/** Starts a session for a user (new id, new token), setting the cookie. */
export async function startSession(ctx: AppCtx, reply: FastifyReply, userId: number): Promise<void> {
  const sid = newToken();
  await ctx.db.query('INSERT INTO sessions(id_hash, user_id, csrf, expires_at) VALUES ($1, $2, $3, $4)',
    [sha256(sid), userId, newToken(24), new Date(ctx.now().getTime() + SESSION_DAYS * 86400_000)]);
  reply.setCookie(SESSION_COOKIE, sid, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.secureCookies, maxAge: SESSION_DAYS * 86400 });
}

export async function endSession(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.visitor.sessionHash) await ctx.db.query('DELETE FROM sessions WHERE id_hash = $1', [req.visitor.sessionHash]);
  sessionsChanged();
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** For handlers: the logged-in user, or a redirect to the login page. */
export function requireUser(req: FastifyRequest, reply: FastifyReply): NonNullable<Visitor['user']> | null {
  const u = req.visitor.user;
  if (!u) { void reply.redirect(`/login?next=${encodeURIComponent(req.url)}`); return null; }
  return u;
}

export function sendPage(reply: FastifyReply, body: string | Buffer, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}
