/**
 * The API tokens page of an account (/account/tokens, linked from /account): the player's tokens
 * with their scopes and last use, a form to create one (its name and scopes; the token is shown
 * once, on the page that answers the creation), and a button to revoke each.
 */
import type { FastifyReply } from 'fastify';
import { html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { csrfField, page } from '../http/layout.ts';
import { requireUser, sendPage, type AppCtx, type RouteModule, type Visitor } from '../http/server.ts';
import { formatDate, parseId } from '../games/page-kit.ts';
import { createToken, listTokens, revokeToken, SCOPES, TOKEN_NAME_MAX, TokenError, TOKENS_PER_USER, type Scope } from './tokens.ts';

messages({
  'tokens.title': { fr: 'Mes jetons d’API', en: 'My API tokens' },
  'tokens.link': { fr: 'Jetons d’API (pour vos outils et vos robots)', en: 'API tokens (for your own tools and bots)' },
  'tokens.help': {
    fr: 'Un jeton permet à un programme d’utiliser l’API de Suzerain en votre nom, dans les limites de ses droits. Envoyez-le dans l’en-tête « Authorization: Bearer <jeton> ».',
    en: 'A token lets a program use the Suzerain API on your behalf, within its scopes. Send it in the header “Authorization: Bearer <token>”.',
  },
  'tokens.doc': { fr: 'L’API : mode d’emploi et liste des routes', en: 'The API: how to use it and its routes' },
  'tokens.scope.read': { fr: 'lecture : mes parties, ma vue, ce qui m’attend, mes rapports', en: 'read: my games, my view, what waits for me, my reports' },
  'tokens.scope.play': { fr: 'jeu : répondre (feuille d’ordres ou question) et se déclarer prêt', en: 'play: answer (order sheet or question) and mark ready' },
  'tokens.scope.messages': { fr: 'messages : lire et écrire au forum et dans les lettres', en: 'messages: read and write in the forum and letters' },
  'tokens.none': { fr: 'Aucun jeton.', en: 'No token.' },
  'tokens.name': { fr: 'Nom', en: 'Name' },
  'tokens.scopes': { fr: 'Droits', en: 'Scopes' },
  'tokens.created': { fr: 'Créé le', en: 'Created' },
  'tokens.used': { fr: 'Dernier usage', en: 'Last used' },
  'tokens.state': { fr: 'État', en: 'Status' },
  'tokens.never': { fr: 'jamais', en: 'never' },
  'tokens.revoked': { fr: 'révoqué le {date}', en: 'revoked on {date}' },
  'tokens.revoke': { fr: 'Révoquer', en: 'Revoke' },
  'tokens.revoke-label': { fr: 'Révoquer le jeton « {name} »', en: 'Revoke the token “{name}”' },
  'tokens.done-revoke': { fr: 'Le jeton est révoqué : il n’ouvre plus rien.', en: 'The token is revoked: it opens nothing any more.' },
  'tokens.new': { fr: 'Nouveau jeton', en: 'New token' },
  'tokens.name-help': { fr: 'Pour vous y retrouver (« mon robot », « tableur »…), {max} caractères au plus.', en: 'To tell them apart (“my bot”, “spreadsheet”…), {max} characters at most.' },
  'tokens.create': { fr: 'Créer le jeton', en: 'Create the token' },
  'tokens.shown-once': {
    fr: 'Voici votre jeton « {name} ». Copiez-le maintenant : il ne sera plus jamais affiché (seule son empreinte est gardée).',
    en: 'Here is your token “{name}”. Copy it now: it will never be shown again (only its hash is kept).',
  },
  'tokens.err.name': { fr: 'Donnez au jeton un nom de 1 à {max} caractères.', en: 'Give the token a name of 1 to {max} characters.' },
  'tokens.err.scopes': { fr: 'Choisissez au moins un droit.', en: 'Choose at least one scope.' },
  'tokens.err.too-many': { fr: 'Vous avez déjà {max} jetons actifs : révoquez-en un d’abord.', en: 'You already have {max} live tokens: revoke one first.' },
  'tokens.err.guest': { fr: 'Créez un compte pour utiliser l’API (les invités de la démo n’ont pas de jetons).', en: 'Create an account to use the API (demo guests have no tokens).' },
  'tokens.back': { fr: 'Retour à mon compte', en: 'Back to my account' },
});

interface PageOpts { notice?: string | null; error?: string | null; created?: { name: string; token: string } | null; name?: string; scopes?: Scope[] }

async function tokensPage(ctx: AppCtx, v: Visitor, o: PageOpts): Promise<string> {
  const l = v.lang;
  const u = v.user!;
  const list = await listTokens(ctx.db, u.id);
  const tz = ctx.config.timeZone;
  const chosen = o.scopes ?? ['read'];
  return page(v, t(l, 'tokens.title'), html`
<h1>${t(l, 'tokens.title')}</h1>
${o.notice ? html`<p class="notice" role="status">${o.notice}</p>` : ''}
${o.created ? html`<div class="notice" role="status" id="new-token"><p>${t(l, 'tokens.shown-once', { name: o.created.name })}</p>
  <p><code class="token">${o.created.token}</code></p></div>` : ''}
<p>${t(l, 'tokens.help')} <a href="/help/api">${t(l, 'tokens.doc')}</a> · <a href="/api/v1/openapi.json">OpenAPI</a></p>
${list.length ? html`<div class="table-wrap"><table class="data tokens">
  <thead><tr><th scope="col">${t(l, 'tokens.name')}</th><th scope="col">${t(l, 'tokens.scopes')}</th><th scope="col">${t(l, 'tokens.created')}</th><th scope="col">${t(l, 'tokens.used')}</th><th scope="col">${t(l, 'tokens.state')}</th></tr></thead>
  <tbody>${list.map((k) => html`<tr>
    <td>${k.name}</td><td>${k.scopes.join(', ')}</td><td>${formatDate(k.createdAt, l, tz, 'short')}</td>
    <td>${k.lastUsedAt ? formatDate(k.lastUsedAt, l, tz, 'short') : t(l, 'tokens.never')}</td>
    <td>${k.revokedAt ? t(l, 'tokens.revoked', { date: formatDate(k.revokedAt, l, tz, 'short') })
      : html`<form method="post" action="/account/tokens/${k.id}/revoke" class="inline">${csrfField(v)}<button type="submit" aria-label="${t(l, 'tokens.revoke-label', { name: k.name })}">${t(l, 'tokens.revoke')}</button></form>`}</td>
  </tr>`)}</tbody></table></div>` : html`<p class="muted">${t(l, 'tokens.none')}</p>`}
<h2>${t(l, 'tokens.new')}</h2>
${o.error ? html`<p class="error" role="alert" id="token-error">${o.error}</p>` : ''}
<form method="post" action="/account/tokens" class="stack" id="token-form">
  ${csrfField(v)}
  <label for="token-name">${t(l, 'tokens.name')}</label>
  <input id="token-name" name="name" required maxlength="${TOKEN_NAME_MAX}" value="${o.name ?? ''}" aria-describedby="token-name-help"${o.error ? html` aria-invalid="true"` : ''}>
  <p class="muted small" id="token-name-help">${t(l, 'tokens.name-help', { max: TOKEN_NAME_MAX })}</p>
  <fieldset><legend>${t(l, 'tokens.scopes')}</legend>
    ${SCOPES.map((s) => html`<label><input type="checkbox" name="scope" value="${s}"${chosen.includes(s) ? html` checked` : ''}> ${t(l, `tokens.scope.${s}`)}</label><br>`)}
  </fieldset>
  <p><button type="submit" class="primary">${t(l, 'tokens.create')}</button></p>
</form>
<p><a href="/account">${t(l, 'tokens.back')}</a></p>`);
}

const list = (x: unknown): string[] => (Array.isArray(x) ? x : x === undefined ? [] : [x]).filter((s): s is string => typeof s === 'string');

async function isGuest(ctx: AppCtx, userId: number): Promise<boolean> {
  return !!(await ctx.db.one('SELECT 1 FROM users WHERE id = $1 AND is_guest', [userId]));
}

export const tokenPageRoutes: RouteModule = (app, ctx) => {
  app.get('/account/tokens', async (req, reply) => {
    const u = requireUser(req, reply);
    if (!u) return reply;
    const q = (req.query ?? {}) as Record<string, unknown>;
    return sendPage(reply, await tokensPage(ctx, req.visitor, { notice: q.revoked === '1' ? t(req.visitor.lang, 'tokens.done-revoke') : null }));
  });

  app.post('/account/tokens', async (req, reply: FastifyReply) => {
    const u = requireUser(req, reply);
    if (!u) return reply;
    const l = req.visitor.lang;
    const b = (req.body ?? {}) as Record<string, unknown>;
    const name = typeof b.name === 'string' ? b.name.slice(0, TOKEN_NAME_MAX * 4) : '';
    const scopes = list(b.scope).filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
    if (await isGuest(ctx, u.id)) return sendPage(reply, await tokensPage(ctx, req.visitor, { error: t(l, 'tokens.err.guest'), name, scopes }), 403);
    try {
      const r = await createToken(ctx, u.id, name, scopes);
      // The only time the token is shown: never cached, never in a URL.
      reply.header('Cache-Control', 'no-store');
      return sendPage(reply, await tokensPage(ctx, req.visitor, { created: { name: r.info.name, token: r.token } }));
    } catch (e) {
      if (!(e instanceof TokenError)) throw e;
      const max = e.key === 'tokens.err.too-many' ? TOKENS_PER_USER : TOKEN_NAME_MAX;
      return sendPage(reply, await tokensPage(ctx, req.visitor, { error: t(l, e.key, { max }), name, scopes }), 400);
    }
  });

  app.post('/account/tokens/:tokenId/revoke', async (req, reply) => {
    const u = requireUser(req, reply);
    if (!u) return reply;
    const id = parseId((req.params as { tokenId?: string }).tokenId);
    if (id === null || !(await revokeToken(ctx, u.id, id))) {
      return sendPage(reply, await tokensPage(ctx, req.visitor, { error: t(req.visitor.lang, 'error.notfound') }), 404);
    }
    return reply.redirect('/account/tokens?revoked=1', 303);
  });
};
