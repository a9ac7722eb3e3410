/**
 * The public API (issue 18): JSON routes under /api/v1 for the players' own tools and bots, each
 * with its JSON schemas (api/schemas.ts), from which @fastify/swagger builds the OpenAPI document
 * served at /api/v1/openapi.json; /help/api is its page for people.
 *
 * Who is asking: `Authorization: Bearer <token>` (api/tokens.ts), read by this module's onRequest
 * hook, before the body is even parsed. Cookies are never read here (http/server.ts skips them on
 * routes marked `bearer`): a browser's session opens nothing, so a forged cross-site request has
 * nothing to ride on and needs no CSRF token. Without a token, only public data (a public game's
 * page and statistics, a finished game's forum) is served. Each route names the scope it needs; a
 * token without it gets 403, a bad or revoked token 401, too many requests 429 (a token bucket per
 * token, or per address without one: config.apiPerMinute).
 *
 * Access is the pages' own (games/page-kit.ts, channels/access.ts): the token stands for its owner,
 * and a seat's sheet, view and reports are its player's alone. Writes to a game go through the
 * services the pages use (games.saveSheet, games.setReady, prompts.answerPrompt) and carry the step
 * they are meant for: one for a step that has passed is refused (409 `stale-step`), never applied
 * to the next.
 */
import { stepSeenBy } from '../games/step-audience.ts';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FormValues, Lang, ValidationIssue } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import { canReadPublicChannels, canWrite, gameAccess, type GameAccess } from '../channels/access.ts';
import * as forum from '../channels/forum.ts';
import * as letters from '../channels/letters.ts';
import { answerPrompt } from '../games/prompts.ts';
import { errorText, gameState, games, ownSeat, parseId, safeView, visibleGame } from '../games/page-kit.ts';
import { GamesError } from '../games/service.ts';
import { visitorCharts } from '../games/stats.ts';
import { TokenBuckets } from '../http/bucket.ts';
import { html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { page } from '../http/layout.ts';
import { sendPage, type AppCtx, type RouteModule } from '../http/server.ts';
import { myGames, yourTurn } from '../web/home.ts';
import * as S from './schemas.ts';
import { authenticate, type Scope, type TokenUser } from './tokens.ts';

export const API_PREFIX = '/api/v1';
export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;

messages({
  'api.err.token': { fr: 'Jeton d’API absent, inconnu ou révoqué (en-tête « Authorization: Bearer <jeton> »).', en: 'API token missing, unknown or revoked (header “Authorization: Bearer <token>”).' },
  'api.err.scope': { fr: 'Ce jeton n’a pas le droit « {scope} ».', en: 'This token lacks the “{scope}” scope.' },
  'api.err.rate': { fr: 'Trop de requêtes : réessayez dans {seconds} s.', en: 'Too many requests: try again in {seconds} s.' },
  'api.err.bad-request': { fr: 'Requête invalide : {detail}', en: 'Invalid request: {detail}' },
  'api.err.not-found': { fr: 'Introuvable (ou réservé aux joueurs de cette partie).', en: 'Not found (or for this game’s players only).' },
  'api.err.forbidden': { fr: 'Vous ne pouvez pas écrire ici (place inactive, partie terminée ou fil masqué).', en: 'You may not write here (seat not active, game over or thread hidden).' },
  'api.err.stale-step': {
    fr: 'Cette réponse était destinée à l’étape {expected}, qui est passée : la partie en est à l’étape {step}. Rien n’a été enregistré ; relisez /decisions.',
    en: 'This answer was meant for step {expected}, which has passed: the game is at step {step}. Nothing was stored; read /decisions again.',
  },
  'api.err.no-sheet': { fr: 'Dans une partie à questions, chaque réponse est prête dès qu’elle est donnée.', en: 'In a game of prompts, each answer is ready as soon as it is given.' },
  'api.err.refused': { fr: 'Réponse refusée : {reasons}', en: 'Answer refused: {reasons}' },
  'api.err.failed': { fr: 'Impossible : {error}', en: 'Not possible: {error}' },
  'api.help.title': { fr: 'L’API de Suzerain', en: 'The Suzerain API' },
  'api.help.intro': {
    fr: 'Vos propres outils et robots peuvent jouer par l’API JSON du site, avec les mêmes règles que les pages : le même arbitre valide les réponses, et personne ne lit ce qui ne lui revient pas.',
    en: 'Your own tools and bots can play through the site’s JSON API, under the same rules as the pages: the same referee checks the answers, and nobody reads what is not his.',
  },
  'api.help.doc': { fr: 'Le document OpenAPI (généré à partir des schémas des routes) :', en: 'The OpenAPI document (generated from the routes’ schemas):' },
  'api.help.method': { fr: 'Méthode', en: 'Method' },
  'api.help.path': { fr: 'Chemin', en: 'Path' },
  'api.help.what': { fr: 'Ce qu’elle fait', en: 'What it does' },
  'api.help.token': {
    fr: 'Créez un jeton sur la page « Jetons d’API » de votre compte, avec ses droits (read : lire ; play : répondre et se déclarer prêt ; messages : forum et lettres), puis envoyez-le dans l’en-tête « Authorization: Bearer <jeton> ». Il n’est affiché qu’une fois ; vous pouvez le révoquer à tout moment.',
    en: 'Create a token on the “API tokens” page of your account, with its scopes (read: reading; play: answering and marking ready; messages: forum and letters), then send it in the header “Authorization: Bearer <token>”. It is shown once; you may revoke it at any time.',
  },
  'api.help.step': {
    fr: 'Chaque réponse et chaque « prêt » portent l’étape à laquelle ils sont destinés (step, donné par /decisions) : si l’étape est passée entre-temps, la requête est refusée (409) et rien n’est appliqué à l’étape suivante.',
    en: 'Every answer and every “ready” carries the step it is meant for (step, given by /decisions): if that step has passed meanwhile, the request is refused (409) and nothing is applied to the next step.',
  },
  'api.help.limits': { fr: 'Au plus {n} requêtes par minute et par jeton (par adresse sans jeton) ; au-delà, 429 avec Retry-After.', en: 'At most {n} requests a minute per token (per address without one); beyond, 429 with Retry-After.' },
  'api.help.client': { fr: 'Un client de référence, examples/bot.ts dans le dépôt, joue une place avec le robot du jeu par l’API seule.', en: 'A reference client, examples/bot.ts in the repository, plays a seat with the game’s own bot through the API only.' },
  'api.help.routes': { fr: 'Les routes', en: 'The routes' },
  'api.help.scope': { fr: 'droit', en: 'scope' },
  'api.help.public': { fr: 'public', en: 'public' },
});

/** What a route needs: a scope, and whether a request without a token is served (public data). */
interface Guard { scope: Scope | null; anonymous: boolean }

declare module 'fastify' {
  interface FastifyRequest { apiToken: TokenUser | null }
  interface FastifyContextConfig { bearer?: boolean; guard?: Guard }
}

/** An error answer: its message in the asker's language, its stable code, and extra fields. */
function fail(reply: FastifyReply, status: number, code: string, error: string, extra: Record<string, unknown> = {}): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').send({ error, code, ...extra });
}
const langOf = (req: FastifyRequest): Lang => req.visitor?.lang ?? (/^en/i.test(req.headers['accept-language'] ?? '') ? 'en' : 'fr');
const notFound = (req: FastifyRequest, reply: FastifyReply) => fail(reply, 404, 'not-found', t(langOf(req), 'api.err.not-found'));
const issueText = (i: ValidationIssue, lang: Lang): string => i.text?.[lang] ?? i.message;

/**
 * A refusal of the games service (GamesError) as the API's error answer; a write for a step that
 * has passed says which step the game is at now.
 */
async function gamesFailure(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, e: unknown, gameId: number, expected: number): Promise<FastifyReply> {
  const lang = langOf(req);
  if (!(e instanceof GamesError)) throw e;
  if (e.code === 'stale-step') {
    const step = (await games.summary(ctx, gameId))?.step ?? null;
    return fail(reply, 409, 'stale-step', t(lang, 'api.err.stale-step', { expected, step: step ?? '?' }), step === null ? {} : { step });
  }
  return fail(reply, e.statusCode, e.code, t(lang, 'api.err.failed', { error: errorText(e, lang) }));
}


function authHooks(api: FastifyInstance, ctx: AppCtx): void {
  const perMinute = ctx.config.apiPerMinute;
  const buckets = perMinute > 0 ? new TokenBuckets(perMinute, 60_000 / perMinute) : null;
  api.decorateRequest('apiToken', null);
  // Every route of this module is a bearer route (no cookie read, no CSRF: see http/server.ts).
  api.addHook('onRoute', (r) => { r.config = { ...(r.config ?? {}), bearer: true }; });
  api.addHook('onRequest', async (req, reply) => {
    const header = req.headers.authorization;
    let who: TokenUser | null = null;
    const lang0: Lang = /^en/i.test(req.headers['accept-language'] ?? '') ? 'en' : 'fr';
    req.visitor = { user: null, lang: lang0, csrf: '', sessionHash: null };
    if (header !== undefined) {
      const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
      who = m ? await authenticate(ctx, m[1]!) : null;
      if (!who) return fail(reply.header('WWW-Authenticate', 'Bearer'), 401, 'token', t(lang0, 'api.err.token'));
      req.visitor = { user: who.user, lang: who.user.lang, csrf: '', sessionHash: null };
    }
    req.apiToken = who;
    if (buckets) {
      const wait = buckets.take(who ? `token:${who.tokenId}` : `ip:${req.ip}`, Date.now());
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        return fail(reply.header('Retry-After', String(seconds)), 429, 'rate', t(req.visitor.lang, 'api.err.rate', { seconds }));
      }
    }
    const guard = req.routeOptions.config?.guard;
    if (!guard) return;
    if (!who && !guard.anonymous) return fail(reply.header('WWW-Authenticate', 'Bearer'), 401, 'token', t(req.visitor.lang, 'api.err.token'));
    if (who && guard.scope && !who.scopes.includes(guard.scope)) return fail(reply, 403, 'scope', t(req.visitor.lang, 'api.err.scope', { scope: guard.scope }));
  });
  api.setErrorHandler((e, req, reply) => {
    const err = e as Error & { statusCode?: number; validation?: unknown; validationContext?: string };
    const lang = langOf(req);
    if (err.validation) return fail(reply, 400, 'bad-request', t(lang, 'api.err.bad-request', { detail: err.message }));
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) console.error(err);
    return fail(reply, status, status >= 500 ? 'server' : 'bad-request', status >= 500 ? t(lang, 'error.server') : t(lang, 'api.err.bad-request', { detail: err.message }));
  });
  api.setNotFoundHandler((req, reply) => notFound(req, reply));
}

/**
 * Route options: the guard, and the schema with its tag and its OpenAPI security, which says the
 * guard to the API's users (and to the access test): the token's scope the route needs (OpenAPI
 * 3.1 lets a bearer scheme list role names), and `{}` first when a request without a token is served.
 */
function route(scope: Scope | null, anonymous: boolean, tag: string, summary: string, schema: Record<string, unknown>) {
  const bearer = { bearer: scope ? [scope] : [] };
  return {
    config: { guard: { scope, anonymous } satisfies Guard },
    schema: { tags: [tag], summary, security: anonymous ? [{}, bearer] : [bearer], ...schema },
  };
}

/** The seat a token's owner plays in a game (active, running game), or null. */
async function playing(ctx: AppCtx, req: FastifyRequest) {
  const a = await ownSeat(ctx, req, true);
  return a && a.game.status === 'running' ? a : null;
}

/** A game's channels for the asker, or null (after answering 404). */
async function channelAccess(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply): Promise<GameAccess | null> {
  const id = parseId((req.params as { id?: string }).id);
  const a = id === null ? null : await gameAccess(ctx, id, req.visitor.user);
  if (!a || a.status === 'forming' || !canReadPublicChannels(a)) { notFound(req, reply); return null; }
  return a;
}

/** The OpenAPI document of one app's API (filled in once the API's routes are registered). */
interface DocHolder { doc: () => unknown }

function v1(ctx: AppCtx, holder: DocHolder) {
  return async (api: FastifyInstance): Promise<void> => {
    holder.doc = () => api.swagger();
    authHooks(api, ctx);
    await api.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Suzerain API', version: '1.0.0',
          description: 'The players\' API of Suzerain. Authentication: `Authorization: Bearer <token>`, a personal token created on /account/tokens with its scopes (read, play, messages). Every write to a game carries the `step` it is meant for; a write for a step that has passed is refused with 409 `stale-step`.',
        },
        servers: [{ url: ctx.config.publicUrl }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'a personal API token (/account/tokens)' } } },
        tags: [
          { name: 'games', description: 'my games, a game\'s public data, my view, my reports, the statistics' },
          { name: 'play', description: 'what waits for me, my answers, ready' },
          { name: 'messages', description: 'the forum and the letters' },
        ],
      },
    });

    api.get('/openapi.json', { schema: { hide: true } }, async (_req, reply) => reply.header('Cache-Control', 'public, max-age=300').send(api.swagger()));

    api.get('/me', route(null, false, 'games', 'The token\'s owner and scopes', { response: { 200: S.meSchema, ...S.errors(401, 429) } }), async (req) => {
      const w = req.apiToken!;
      return { login: w.user.login, lang: w.user.lang, scopes: w.scopes };
    });

    // ─── games ─────────────────────────────────────────────────────────────────────────────
    api.get('/games', route('read', false, 'games', 'My games, those waiting for me first', { response: { 200: S.myGamesSchema, ...S.errors(401, 403, 429) } }), async (req) => {
      const list = await myGames(ctx, req.visitor.user!.id);
      const waiting = new Set(yourTurn(list).map((g) => g.id));
      return {
        games: list.map((g) => ({
          id: g.id, name: g.name, ruleset: g.ruleset, status: g.status, prompts: g.prompts, paused: g.paused, turn: g.turnLabel, deadline: g.deadline,
          lord: g.lordName, seatStatus: g.seatStatus, orders: g.orders, waiting: waiting.has(g.id),
          unreadReports: g.unreadReports, unreadLetters: g.unreadLetters, unreadPosts: g.unreadPosts,
        })),
      };
    });

    api.get('/games/:id', route('read', true, 'games', 'A game\'s public page: lords, history, public view (a private game: its players only)', {
      params: S.idParams, response: { 200: S.gameSchema, ...S.errors(401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await visibleGame(ctx, req);
      if (!a) return notFound(req, reply);
      const g = a.game;
      const entry = getRuleset(g.ruleset);
      const [seats, { schedule }, history] = await Promise.all([
        games.seats(ctx, g.id), gameState(ctx, g.id),
        // a free action known to some players only is in their history alone, and in the GM's (games/step-audience.ts)
        ctx.db.query<{ idx: number; label: string; resolved_at: Date }>(`SELECT idx, label, resolved_at FROM steps s WHERE game_id = $1 AND ${stepSeenBy('s', '$2', '$3')} ORDER BY idx`, [g.id, a.seat?.player ?? null, a.referee]),
      ]);
      return {
        id: g.id, name: g.name, ruleset: g.ruleset, title: entry.ruleset.title, status: g.status, step: g.step, turn: g.turnLabel, deadline: g.deadline,
        timeZone: schedule.timeZone || ctx.config.timeZone, prompts: g.pace !== null, maxPlayers: g.maxPlayers, isPrivate: g.isPrivate,
        lords: seats.map((s) => ({ player: s.player, lordName: s.lordName, status: s.status })),
        me: a.seat ? { player: a.seat.player, lordName: a.seat.lordName, status: a.seat.status } : null,
        history: history.map((h) => ({ idx: Number(h.idx), label: h.label, resolvedAt: h.resolved_at })),
        view: await safeView(ctx, g.id, null),
      };
    });

    api.get('/games/:id/view', route('read', false, 'games', 'My view of the game: what the ruleset lets my seat know, and nothing more', {
      params: S.idParams, response: { 200: S.viewSchema, ...S.errors(401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await ownSeat(ctx, req, false);
      if (!a || a.game.status === 'forming') return notFound(req, reply);
      return { step: a.game.step, player: a.seat!.player, view: await safeView(ctx, a.game.id, a.seat!.player) };
    });

    api.get('/games/:id/reports', route('read', false, 'games', 'My reports, turn by turn', {
      params: S.idParams, response: { 200: S.reportsSchema, ...S.errors(401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await ownSeat(ctx, req, false);
      if (!a) return notFound(req, reply);
      return { reports: await games.reports(ctx, a.game.id, a.seat!.player) };
    });

    api.get('/games/:id/reports/:idx', route('read', false, 'games', 'One of my reports, as Markdown', {
      params: S.reportParams, querystring: S.langQuery, response: { 200: S.reportSchema, ...S.errors(400, 401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await ownSeat(ctx, req, false);
      const idx = Number((req.params as { idx: string }).idx);
      const lang: Lang = (req.query as { lang?: Lang }).lang ?? req.visitor.lang;
      const text = a ? await games.report(ctx, a.game.id, idx, a.seat!.player, lang) : null;
      if (!a || text === null) return notFound(req, reply);
      return { idx, lang, markdown: text };
    });

    api.get('/games/:id/stats', route('read', true, 'games', 'The statistics: everyone\'s public figures, and my own private ones', {
      params: S.idParams, querystring: S.langQuery, response: { 200: S.statsSchema, ...S.errors(401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await visibleGame(ctx, req);
      if (!a) return notFound(req, reply);
      const lang: Lang = (req.query as { lang?: Lang }).lang ?? req.visitor.lang;
      const { own, shared } = await visitorCharts(ctx, a, lang);
      return reply.header('Cache-Control', 'private, no-store').send({ game: a.game.id, player: a.seat?.player ?? null, own, shared });
    });

    // ─── play ──────────────────────────────────────────────────────────────────────────────
    api.get('/games/:id/decisions', route('read', false, 'play', 'The decisions waiting for me now, with what I answered so far', {
      params: S.idParams, response: { 200: S.decisionsSchema, ...S.errors(401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await ownSeat(ctx, req, false);
      if (!a || a.game.status === 'forming') return notFound(req, reply);
      const g = a.game;
      const player = a.seat!.player;
      const base = { step: g.step, turn: g.turnLabel, status: g.status, mode: g.pace ? 'prompts' : 'sheet', deadline: g.deadline, player };
      const paused = !!(await ctx.db.one('SELECT 1 FROM games WHERE id = $1 AND paused_at IS NOT NULL', [g.id]));
      if (g.status !== 'running' || a.seat!.status !== 'active') return { ...base, paused, decisions: [] };
      const { state } = await gameState(ctx, g.id);
      const rs = getRuleset(g.ruleset).ruleset;
      const open = state === null ? [] : rs.decisions(state).filter((d) => d.players.includes(player));
      const rows = await ctx.db.query<{ decision: string; text: string; ready: boolean; issues: unknown; value: string | null }>(
        'SELECT decision, text, ready, issues, value::text AS value FROM sheets WHERE game_id = $1 AND player = $2 AND step = $3', [g.id, player, g.step + 1]);
      // the stored answer told in words (engine describeAnswer), as the prompt page says it; null when the ruleset gives none
      const words = (h: { decision: string; value: string | null }): string | null => {
        if (!rs.describeAnswer || h.value === null || state === null) return null;
        try { return rs.describeAnswer(state, player, h.decision, JSON.parse(h.value) as unknown, langOf(req)) || null; } catch { return null; }
      };
      // the stored answer back in its guided form (engine formValues, issue 21), as the prompt page fills it:
      // from the player's own answer only, a ready one, never a sheet decision; null when none writes it
      const filled = (d: { id: string; sheet?: unknown }, h: { ready: boolean; value: string | null }): FormValues | null => {
        if (!rs.formValues || !h.ready || d.sheet || h.value === null || state === null) return null;
        try { return rs.formValues(state, player, d.id, JSON.parse(h.value) as unknown); } catch { return null; }
      };
      return {
        ...base, paused,
        decisions: open.map((d) => {
          const h = rows.find((r) => r.decision === d.id);
          const issues = h ? (typeof h.issues === 'string' ? JSON.parse(h.issues) as unknown[] : (h.issues as unknown[] | null) ?? []) : [];
          return { id: d.id, kind: d.kind, prompt: d.prompt, choices: d.choices ?? [], answer: h ? { text: h.text, ready: h.ready, issues, words: words(h), formValues: filled(d, h) } : null };
        }),
      };
    });

    api.post('/games/:id/answer', route('play', false, 'play', 'Answer a decision: the whole order sheet (it replaces the stored one; valid lines are kept) or a prompt\'s answer', {
      params: S.idParams, body: S.answerBody, response: { 200: S.answerSchema, ...S.errors(400, 401, 403, 404, 409, 429) },
    }), async (req, reply) => {
      const a = await playing(ctx, req);
      if (!a) return notFound(req, reply);
      const lang = req.visitor.lang;
      const b = req.body as { step: number; decision?: string; answer: string | unknown[] };
      const text = typeof b.answer === 'string' ? b.answer.replace(/\r\n?/g, '\n') : b.answer;
      const player = a.seat!.player;
      if (a.game.pace) {
        if (!b.decision) return fail(reply, 400, 'bad-request', t(lang, 'api.err.bad-request', { detail: 'decision' }));
        let r;
        const answer = typeof text === 'string' ? text.trim() : text;
        try { r = await answerPrompt(ctx, a.game.id, player, b.decision, answer, b.step); } catch (e) { return gamesFailure(ctx, req, reply, e, a.game.id, b.step); }
        // A sheet decision keeps a sheet with a line in error as typed, not ready (prompts.ts answerPrompt).
        if (r.kept) return { step: b.step, decision: b.decision, saved: true, ready: false, text: answer as string, issues: r.issues };
        if (!r.ok) return fail(reply, 400, 'refused', t(lang, 'api.err.refused', { reasons: r.issues.map((i) => issueText(i, lang)).join(' ; ') }), { issues: r.issues });
        return { step: b.step, decision: b.decision, saved: true, ready: true, text: typeof answer === 'string' ? answer : JSON.stringify(answer), issues: r.issues };
      }
      let saved;
      try { saved = await games.saveSheet(ctx, a.game.id, player, text, b.step); } catch (e) { return gamesFailure(ctx, req, reply, e, a.game.id, b.step); }
      const { state } = await gameState(ctx, a.game.id);
      const decision = state === null ? '' : getRuleset(a.game.ruleset).ruleset.decisions(state).find((d) => d.players.includes(player))?.id ?? '';
      return { step: b.step, decision, saved: true, ready: saved.ready, text: saved.text, issues: saved.issues };
    });

    api.post('/games/:id/ready', route('play', false, 'play', 'Mark my order sheet ready (or not) for the step in progress', {
      params: S.idParams, body: S.readyBody, response: { 200: S.readySchema, ...S.errors(400, 401, 403, 404, 409, 429) },
    }), async (req, reply) => {
      const a = await playing(ctx, req);
      if (!a) return notFound(req, reply);
      if (a.game.pace) return fail(reply, 409, 'no-sheet', t(req.visitor.lang, 'api.err.no-sheet'));
      const b = req.body as { step: number; ready: boolean };
      try { await games.setReady(ctx, a.game.id, a.seat!.player, b.ready, b.step); } catch (e) { return gamesFailure(ctx, req, reply, e, a.game.id, b.step); }
      ctx.kick();
      const now = await games.summary(ctx, a.game.id);
      return { step: b.step, ready: b.ready, status: now?.status ?? a.game.status };
    });

    // ─── messages ──────────────────────────────────────────────────────────────────────────
    api.get('/games/:id/forum', route('messages', true, 'messages', 'The forum\'s threads, most recently active first (the game\'s lords; everyone once it is over)', {
      params: S.idParams, querystring: S.pageQuery, response: { 200: S.threadsSchema, ...S.errors(401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await channelAccess(ctx, req, reply);
      if (!a) return reply;
      const r = await forum.listThreads(ctx.db, a.gameId, req.visitor.user?.id ?? null, (req.query as { page?: number }).page ?? 1);
      return {
        page: r.page, pages: r.pages,
        threads: r.threads.map((x) => ({ id: x.id, title: x.hidden && !a.host ? '' : x.title, author: x.authorLord, posts: x.posts, unread: x.unread, lastPostAt: x.lastPostAt, hidden: x.hidden ? { at: x.hidden.at, reason: x.hidden.reason } : null })),
      };
    });

    api.get('/games/:id/forum/:thread', route('messages', true, 'messages', 'One page of a thread\'s posts, oldest first', {
      params: S.threadParams, querystring: S.pageQuery, response: { 200: S.postsSchema, ...S.errors(401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await channelAccess(ctx, req, reply);
      if (!a) return reply;
      const th = await forum.threadHead(ctx.db, a.gameId, Number((req.params as { thread: string }).thread));
      if (!th || (th.hidden && !a.host)) return notFound(req, reply);
      const pageNo = (req.query as { page?: number }).page ?? 1;
      const posts = await forum.listPosts(ctx.db, th.id, pageNo);
      return {
        thread: { id: th.id, title: th.title, posts: th.posts, hidden: th.hidden ? { at: th.hidden.at, reason: th.hidden.reason } : null }, page: pageNo,
        posts: posts.map((p) => ({
          id: p.id, author: p.authorLord, body: p.hidden && !a.host ? null : p.body, outOfGame: p.outOfGame, createdAt: p.createdAt,
          hidden: p.hidden ? { at: p.hidden.at, reason: p.hidden.reason } : null, quote: p.quote?.id ?? null,
        })),
      };
    });

    /**
     * Runs a forum or letter write; a refusal of the channel (ForumError, LetterError: too long,
     * not a recipient…) is the API's 400 `refused` in the asker's language, anything else is thrown.
     */
    const refusing = async <T>(req: FastifyRequest, reply: FastifyReply, write: () => Promise<T>): Promise<T | FastifyReply> => {
      try {
        return await write();
      } catch (e) {
        if (e instanceof forum.ForumError || e instanceof letters.LetterError) return fail(reply, 400, 'refused', t(req.visitor.lang, e.key, e.vars));
        throw e;
      }
    };

    api.post('/games/:id/forum', route('messages', false, 'messages', 'Open a forum thread with its first post', {
      params: S.idParams, body: S.newThreadBody, response: { 200: S.postedSchema, ...S.errors(400, 401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await channelAccess(ctx, req, reply);
      if (!a) return reply;
      if (!canWrite(a)) return fail(reply, 403, 'forbidden', t(req.visitor.lang, 'api.err.forbidden'));
      const b = req.body as { title: string; body: string; outOfGame?: boolean };
      return refusing(req, reply, async () => {
        const r = await forum.createThread(ctx, { gameId: a.gameId, userId: req.visitor.user!.id, player: a.member!.player, lordName: a.member!.lordName }, { title: b.title, body: b.body, outOfGame: !!b.outOfGame });
        ctx.kick();
        return { threadId: r.threadId, postId: r.postId };
      });
    });

    api.post('/games/:id/forum/:thread', route('messages', false, 'messages', 'Post in a forum thread', {
      params: S.threadParams, body: S.newPostBody, response: { 200: S.postedSchema, ...S.errors(400, 401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await channelAccess(ctx, req, reply);
      if (!a) return reply;
      const th = await forum.threadHead(ctx.db, a.gameId, Number((req.params as { thread: string }).thread));
      if (!th) return notFound(req, reply);
      if (!canWrite(a) || th.hidden) return fail(reply, 403, 'forbidden', t(req.visitor.lang, 'api.err.forbidden'));
      const b = req.body as { body: string; outOfGame?: boolean; quote?: number };
      return refusing(req, reply, async () => {
        const postId = await forum.addPost(ctx, { gameId: a.gameId, userId: req.visitor.user!.id, player: a.member!.player, lordName: a.member!.lordName }, th.id, { body: b.body, outOfGame: !!b.outOfGame, quotePostId: b.quote ?? null });
        ctx.kick();
        return { threadId: th.id, postId };
      });
    });

    /** The asker's seat for letters (a lord of a started game), or null after a 404. */
    const lordOf = async (req: FastifyRequest, reply: FastifyReply) => {
      const id = parseId((req.params as { id?: string }).id);
      const a = id === null ? null : await gameAccess(ctx, id, req.visitor.user);
      if (!a || !a.member || a.status === 'forming') { notFound(req, reply); return null; }
      return a as GameAccess & { member: NonNullable<GameAccess['member']> };
    };

    api.get('/games/:id/letters', route('messages', false, 'messages', 'My letter threads in a game, and the lords I may write to', {
      params: S.idParams, response: { 200: S.lettersSchema, ...S.errors(401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await lordOf(req, reply);
      if (!a) return reply;
      const [threads, recipients] = await Promise.all([letters.threadsOf(ctx.db, a.gameId, a.member.player), letters.recipientsFor(ctx.db, a.gameId, a.member.player)]);
      return { lord: a.member.lordName, recipients, threads };
    });

    api.get('/games/:id/letters/:thread', route('messages', false, 'messages', 'One of my letter threads (marked read)', {
      params: S.threadParams, response: { 200: S.letterThreadSchema, ...S.errors(401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await lordOf(req, reply);
      if (!a) return reply;
      const th = await letters.threadFor(ctx.db, a.gameId, Number((req.params as { thread: string }).thread), a.member.player);
      if (!th) return notFound(req, reply);
      const last = th.letters.at(-1)?.id ?? 0;
      if (last > th.lastReadId) await letters.markRead(ctx.db, th.id, a.member.player, last);
      return { id: th.id, subject: th.subject, members: th.members, letters: th.letters.map((l) => ({ id: l.id, author: l.authorLord, authorPlayer: l.authorPlayer, body: l.body, viaMail: l.viaMail, createdAt: l.createdAt, hidden: l.hidden })) };
    });

    api.post('/games/:id/letters', route('messages', false, 'messages', 'Write a sealed letter to one or more lords (a new thread)', {
      params: S.idParams, body: S.newLetterBody, response: { 200: S.letterSentSchema, ...S.errors(400, 401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await lordOf(req, reply);
      if (!a) return reply;
      if (!canWrite(a)) return fail(reply, 403, 'forbidden', t(req.visitor.lang, 'api.err.forbidden'));
      const b = req.body as { to: string[]; subject: string; body: string };
      return refusing(req, reply, async () => {
        const r = await letters.createThread(ctx, { gameId: a.gameId, player: a.member.player, userId: req.visitor.user!.id, to: b.to, subject: b.subject, body: b.body });
        await letters.afterLetter(ctx, { gameId: a.gameId, threadId: r.threadId, letterId: r.letterId, player: a.member.player });
        ctx.kick();
        return { threadId: r.threadId, letterId: r.letterId };
      });
    });

    api.post('/games/:id/letters/:thread', route('messages', false, 'messages', 'Answer in one of my letter threads', {
      params: S.threadParams, body: S.newLetterPostBody, response: { 200: S.letterSentSchema, ...S.errors(400, 401, 403, 404, 429) },
    }), async (req, reply) => {
      const a = await lordOf(req, reply);
      if (!a) return reply;
      const threadId = Number((req.params as { thread: string }).thread);
      const th = await letters.threadFor(ctx.db, a.gameId, threadId, a.member.player);
      if (!th) return notFound(req, reply);
      if (!canWrite(a)) return fail(reply, 403, 'forbidden', t(req.visitor.lang, 'api.err.forbidden'));
      const b = req.body as { body: string };
      return refusing(req, reply, async () => {
        const id = await ctx.db.tx((db) => letters.addLetter(ctx, db, { threadId, player: a.member.player, userId: req.visitor.user!.id, body: b.body }));
        await letters.afterLetter(ctx, { gameId: a.gameId, threadId, letterId: id, player: a.member.player });
        ctx.kick();
        return { threadId, letterId: id };
      });
    });
  };
}

/** The API's page for people: what it is, how to get a token, its routes (from the OpenAPI document). */
function helpPage(app: FastifyInstance, ctx: AppCtx, holder: DocHolder) {
  app.get('/help/api', async (req, reply) => {
    const v = req.visitor;
    const l = v.lang;
    const paths = (holder.doc() as { paths?: Record<string, Record<string, { summary?: string; security?: Record<string, string[]>[] }>> }).paths ?? {};
    const rows = Object.entries(paths).flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => ({ method: m.toUpperCase(), path: p, op })));
    const guardOf = (op: { security?: Record<string, string[]>[] }) => ({
      scope: op.security?.find((x) => x.bearer)?.bearer?.[0] ?? null, anonymous: !!op.security?.some((x) => Object.keys(x).length === 0),
    });
    return sendPage(reply, page(v, t(l, 'api.help.title'), html`
<h1>${t(l, 'api.help.title')}</h1>
<p class="lead">${t(l, 'api.help.intro')}</p>
<p>${t(l, 'api.help.doc')} <a href="${OPENAPI_PATH}"><code>${OPENAPI_PATH}</code></a></p>
<p>${t(l, 'api.help.token')} <a href="/account/tokens">/account/tokens</a></p>
<p>${t(l, 'api.help.step')}</p>
<p>${t(l, 'api.help.limits', { n: ctx.config.apiPerMinute })}</p>
<p>${t(l, 'api.help.client')}</p>
<h2>${t(l, 'api.help.routes')}</h2>
<div class="table-wrap"><table class="data">
  <thead><tr><th scope="col">${t(l, 'api.help.method')}</th><th scope="col">${t(l, 'api.help.path')}</th><th scope="col">${t(l, 'api.help.what')}</th><th scope="col">${t(l, 'tokens.scopes')}</th></tr></thead>
  <tbody>${rows.map((r) => {
      const g = guardOf(r.op);
      return html`<tr><td><code>${r.method}</code></td><td><code>${r.path}</code></td><td>${r.op.summary ?? ''}</td><td>${g.scope ? `${t(l, 'api.help.scope')} ${g.scope}` : ''}${g.anonymous ? ` (${t(l, 'api.help.public')})` : ''}</td></tr>`;
    })}</tbody></table></div>`));
  });
}

export const apiRoutes: RouteModule = async (app, ctx) => {
  const holder: DocHolder = { doc: () => ({}) };
  await app.register(v1(ctx, holder), { prefix: API_PREFIX });
  helpPage(app, ctx, holder);
};
