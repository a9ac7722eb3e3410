/**
 * Calendar feeds on the site (issue 18; the feeds themselves are built in calendar.ts):
 * - GET /calendar/<token>.ics: a player's private feed; a token that is not (or no longer) one of
 *   ours answers 404, like a feed that never existed;
 * - GET /games/<id>/calendar.ics[?lang=en]: a game's public feed, 404 unless its host publishes it;
 * - the account page's section (added through the accounts module's hook): the private feed's URL,
 *   create, renew (the old URL stops working) or turn off, POST /account/calendar;
 * - the game page's section: the public feed's URL when published, the host's checkbox
 *   (POST /games/<id>/calendar), and a pointer to the private feed for the game's players.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import { addAccountSection } from '../accounts/routes.ts';
import { html, raw, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { csrfField, page } from '../http/layout.ts';
import { sendPage, type AppCtx, type RouteModule, type Visitor } from '../http/server.ts';
import {
  feedOwner, feedToken, gameName, privateEvents, publicEvents, publicFeedOn, renderFeed, renewFeedToken, revokeFeedToken, setPublicFeed, TOKEN_RE,
} from './calendar.ts';
import { access, notFound, parseId, str, type Access } from './page-kit.ts';

messages({
  'cal.title': { fr: 'Calendrier', en: 'Calendar' },
  'cal.account.intro': {
    fr: 'Les échéances de toutes vos parties dans votre agenda (Google Agenda, Apple Calendrier, Thunderbird…) : abonnez-vous à cette adresse. Elle est secrète : qui la connaît voit vos échéances.',
    en: 'The deadlines of all your games in your calendar (Google Calendar, Apple Calendar, Thunderbird…): subscribe to this address. It is secret: whoever knows it sees your deadlines.',
  },
  'cal.account.none': { fr: 'Vous n’avez pas encore d’adresse de calendrier.', en: 'You have no calendar address yet.' },
  'cal.account.create': { fr: 'Créer mon adresse de calendrier', en: 'Create my calendar address' },
  'cal.account.url': { fr: 'Adresse de votre calendrier', en: 'Your calendar address' },
  'cal.account.subscribe': { fr: 'S’abonner', en: 'Subscribe' },
  'cal.account.renew': { fr: 'Renouveler l’adresse', en: 'Renew the address' },
  'cal.account.renew-help': { fr: 'L’ancienne adresse cesse aussitôt de fonctionner.', en: 'The old address stops working at once.' },
  'cal.account.off': { fr: 'Supprimer l’adresse', en: 'Remove the address' },
  'cal.account.created': { fr: 'Votre adresse de calendrier est prête.', en: 'Your calendar address is ready.' },
  'cal.account.renewed': { fr: 'Nouvelle adresse de calendrier : l’ancienne ne fonctionne plus.', en: 'New calendar address: the old one no longer works.' },
  'cal.account.removed': { fr: 'Votre adresse de calendrier est supprimée.', en: 'Your calendar address is removed.' },
  'cal.game.public': { fr: 'Le calendrier public de cette partie (ses échéances) :', en: 'This game’s public calendar (its deadlines):' },
  'cal.game.not-public': { fr: 'Le calendrier de cette partie n’est pas publié.', en: 'This game’s calendar is not published.' },
  'cal.game.mine': { fr: 'Vos échéances dans toutes vos parties : votre calendrier privé, sur', en: 'Your deadlines in all your games: your private calendar, on' },
  'cal.game.account': { fr: 'votre page de compte', en: 'your account page' },
  'cal.game.publish': { fr: 'Publier le calendrier de la partie (ses échéances, sans rien de secret)', en: 'Publish the game’s calendar (its deadlines, nothing secret)' },
  'cal.game.save': { fr: 'Enregistrer', en: 'Save' },
});

const base = (ctx: AppCtx): string => ctx.config.publicUrl.replace(/\/$/, '');
/** The same address for calendar applications that open webcal:// links. */
const webcal = (url: string): string => url.replace(/^https?:\/\//, 'webcal://');

export const privateFeedUrl = (ctx: AppCtx, token: string): string => `${base(ctx)}/calendar/${token}.ics`;
export const publicFeedUrl = (ctx: AppCtx, gameId: number, lang: Lang): string => `${base(ctx)}/games/${gameId}/calendar.ics?lang=${lang}`;

function sendFeed(reply: FastifyReply, body: string, cache: string): FastifyReply {
  return reply.code(200).type('text/calendar; charset=utf-8').header('Cache-Control', cache).header('X-Robots-Tag', 'noindex')
    .header('Content-Disposition', 'inline; filename="suzerain.ics"').send(body);
}

function noFeed(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
}

const langOf = (req: FastifyRequest): Lang => {
  const q = str((req.query as Record<string, unknown> | undefined)?.lang, 5);
  return q === 'en' || q === 'fr' ? q : req.visitor.lang;
};

/** The account page's section: the private feed's address and its buttons. */
async function accountSection(ctx: AppCtx, v: Visitor, query: Record<string, unknown>): Promise<Html> {
  const l = v.lang;
  const done = ({ create: 'cal.account.created', renew: 'cal.account.renewed', off: 'cal.account.removed' } as Record<string, string>)[str(query.calendar, 10)];
  const token = await feedToken(ctx.db, v.user!.id);
  const url = token ? privateFeedUrl(ctx, token) : null;
  const button = (action: string, key: string, cls = '') => html`<form method="post" action="/account/calendar" class="inline">${csrfField(v)}<input type="hidden" name="action" value="${action}"><button type="submit"${cls ? raw(` class="${cls}"`) : ''}>${t(l, key)}</button></form>`;
  return html`<section id="calendar">
<h2>${t(l, 'cal.title')}</h2>
${done ? html`<p class="notice" role="status">${t(l, done)}</p>` : ''}
<p class="muted">${t(l, 'cal.account.intro')}</p>
${url ? html`<label for="calendar-url">${t(l, 'cal.account.url')}</label>
<input id="calendar-url" type="text" readonly value="${url}" class="mono" spellcheck="false">
<div class="actions"><a class="button" href="${webcal(url)}">${t(l, 'cal.account.subscribe')}</a> ${button('renew', 'cal.account.renew')} ${button('off', 'cal.account.off')}</div>
<p class="muted small">${t(l, 'cal.account.renew-help')}</p>`
  : html`<p>${t(l, 'cal.account.none')}</p><div class="actions">${button('create', 'cal.account.create', 'primary')}</div>`}
</section>`;
}

/** The game page's section (a started game): the public feed, the host's checkbox, the player's pointer to his own feed. */
export async function gameCalendarSection(ctx: AppCtx, v: Visitor, a: Access, isHost: boolean): Promise<Html | ''> {
  const g = a.game;
  if (g.status === 'forming' || g.isDemo) return '';
  const on = await publicFeedOn(ctx.db, g.id);
  if (!on && !isHost && !a.seat) return '';
  const l = v.lang;
  const url = publicFeedUrl(ctx, g.id, l);
  return html`<section id="calendar"><h2>${t(l, 'cal.title')}</h2>
    ${on ? html`<p>${t(l, 'cal.game.public')} <a href="${webcal(url)}">${t(l, 'cal.account.subscribe')}</a> <code class="feed-url">${url}</code></p>`
      : html`<p class="muted">${t(l, 'cal.game.not-public')}</p>`}
    ${a.seat ? html`<p class="muted small">${t(l, 'cal.game.mine')} <a href="/account#calendar">${t(l, 'cal.game.account')}</a>.</p>` : ''}
    ${isHost ? html`<form method="post" action="/games/${g.id}/calendar" class="inline">${csrfField(v)}
      <label class="check"><input type="checkbox" name="publish" value="1"${on ? raw(' checked') : ''}> ${t(l, 'cal.game.publish')}</label>
      <button type="submit">${t(l, 'cal.game.save')}</button></form>` : ''}
  </section>`;
}

/** Whether the visitor may change the game's host settings: its host, or the site's. */
async function hosts(ctx: AppCtx, gameId: number, v: Visitor): Promise<boolean> {
  if (!v.user) return false;
  if (v.user.isHost) return true;
  const r = await ctx.db.one<{ host_user_id: number | null }>('SELECT host_user_id FROM games WHERE id = $1', [gameId]);
  return r?.host_user_id === v.user.id;
}

export const calendarRoutes: RouteModule = (app, ctx) => {
  addAccountSection('calendar', accountSection);

  app.get('/calendar/:file', async (req, reply) => {
    const file = (req.params as { file: string }).file;
    const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
    if (!TOKEN_RE.test(token)) return noFeed(reply);
    const u = await feedOwner(ctx.db, token);
    if (!u) return noFeed(reply);
    const events = await privateEvents(ctx, u.id, u.lang);
    return sendFeed(reply, await renderFeed(ctx, t(u.lang, 'cal.feed.mine', { login: u.login }), events), 'private, no-cache');
  });

  app.get('/games/:id/calendar.ics', async (req, reply) => {
    const id = parseId((req.params as { id?: string }).id);
    if (id === null || !await publicFeedOn(ctx.db, id)) return noFeed(reply);
    const lang = langOf(req);
    const name = await gameName(ctx.db, id);
    if (name === null) return noFeed(reply);
    return sendFeed(reply, await renderFeed(ctx, t(lang, 'cal.feed.game', { game: name }), await publicEvents(ctx, id, lang)), 'public, max-age=300');
  });

  app.post('/games/:id/calendar', async (req, reply) => {
    const v = req.visitor;
    const a = await access(ctx, req);
    if (!a) return notFound(req, reply);
    if (!v.user) return reply.redirect(`/login?next=${encodeURIComponent(`/games/${a.game.id}`)}`, 303);
    if (!await hosts(ctx, a.game.id, v)) return notFound(req, reply);
    const b = (req.body ?? {}) as Record<string, unknown>;
    await setPublicFeed(ctx.db, a.game.id, b.publish === '1' || b.publish === 'on' || b.publish === true);
    return reply.redirect(`/games/${a.game.id}#calendar`, 303);
  });

  app.post('/account/calendar', async (req, reply) => {
    const u = req.visitor.user;
    if (!u) return reply.redirect('/login?next=%2Faccount', 303);
    const action = str((req.body as Record<string, unknown> | undefined)?.action, 10);
    if (action === 'off') await revokeFeedToken(ctx.db, u.id);
    else if (action === 'create' || action === 'renew') await renewFeedToken(ctx, u.id);
    else return sendPage(reply, page(req.visitor, t(req.visitor.lang, 'error.bad-request'), html`<p class="error">${t(req.visitor.lang, 'error.bad-request')}</p>`), 400);
    return reply.redirect(`/account?calendar=${action}#calendar`, 303);
  });
};
