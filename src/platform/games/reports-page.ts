/**
 * A lord's reports: the list of his reports, and each report (the ruleset's Markdown as HTML,
 * in French or English, with his map of that turn). They are his alone here (404 for anyone else,
 * even after the game is over); once a game is archived, everyone reads every player's reports on
 * its turn pages (archive-page.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import { html, raw, type Html } from '../http/html.ts';
import { MIN_LABEL, MIN_PX } from '../maps/svg.ts';
import { messages, t } from '../http/i18n.ts';
import { page } from '../http/layout.ts';
import { markdownHtml } from '../http/markdown.ts';
import { sendPage, type AppCtx, type RouteModule } from '../http/server.ts';
import { markReportRead, reportMapOf } from './service.ts';
import { gameState, games, notFound, ownSeat, pageHead, parseId, SCRIPTS, stepLabelIn, timeTag, words } from './page-kit.ts';

messages({
  'gweb.reports.title': { fr: 'Mes {reports}', en: 'My {reports}' },
  'gweb.reports.none': { fr: 'Aucun {report} pour l’instant : le premier arrive après la résolution du premier tour.', en: 'No {report} yet: the first one comes once the first turn is resolved.' },
  'gweb.reports.one': { fr: '{Report} — {label}', en: '{Report} — {label}' },
  'gweb.reports.all': { fr: 'Tous mes {reports}', en: 'All my {reports}' },
  'gweb.reports.lang': { fr: 'Langue du {report} :', en: '{Report} language:' },
  // The label is the ruleset's (« tour 2 », « année 2 »): sentences that need no agreement with it.
  'reports.next-orders': { fr: 'Donner mes ordres — {label}', en: 'Give my orders for {label}' },
  'reports.map': { fr: 'Votre carte à l’issue de ce tour', en: 'Your map at the end of this turn' },
});

async function reportsPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const lang = v.lang;
  const a = await ownSeat(ctx, req, false);
  if (!a) return notFound(req, reply);
  const g = a.game;
  const { schedule } = await gameState(ctx, g.id);
  const list = await games.reports(ctx, g.id, a.seat!.player);
  const title = `${t(lang, 'gweb.reports.title', words(lang, g.ruleset))} — ${g.name}`;
  const body = html`${pageHead()}<p class="crumbs"><a href="/games/${g.id}">${g.name}</a> › ${t(lang, 'gweb.reports.title', words(lang, g.ruleset))}${g.status === 'running' && a.seat!.status === 'active' ? html` · <a href="/games/${g.id}/orders">${t(lang, 'gweb.my-orders')}</a>` : ''}</p>
    <h1>${title}</h1>
    ${list.length ? html`<ul class="reports">${list.slice().reverse().map((r) => html`<li><a href="/games/${g.id}/reports/${r.idx}">${t(lang, 'gweb.reports.one', { ...words(lang, g.ruleset), label: stepLabelIn({ ruleset: g.ruleset, turnLabel: r.label }, lang) })}</a> <span class="muted">— ${timeTag(r.resolvedAt, lang, schedule.timeZone || ctx.config.timeZone, 'short')}</span></li>`)}</ul>`
      : html`<p class="muted">${t(lang, 'gweb.reports.none', words(lang, g.ruleset))}</p>`}`;
  return sendPage(reply, page(v, title, body, SCRIPTS));
}

/**
 * One report: the ruleset's Markdown rendered as HTML (raw HTML off), the player's map of that
 * turn (drawn in the referee's threads, like the mail's), and a button to the next orders while
 * the game runs and the seat is active. Opening it marks it read (the banner goes).
 */
async function reportPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const a = await ownSeat(ctx, req, false);
  if (!a) return notFound(req, reply);
  const idx = parseId((req.params as { idx?: string }).idx);
  if (idx === null) return notFound(req, reply);
  const q = (req.query ?? {}) as { lang?: string };
  const rlang: Lang = q.lang === 'en' || q.lang === 'fr' ? q.lang : v.lang;
  const g = a.game;
  const seat = a.seat!;
  const list = await games.reports(ctx, g.id, seat.player);
  const entry = list.find((r) => r.idx === idx);
  const text = entry ? await games.report(ctx, g.id, idx, seat.player, rlang) : null;
  if (!entry || text === null) return notFound(req, reply);
  const lang = v.lang;
  const label = (l: string) => stepLabelIn({ ruleset: g.ruleset, turnLabel: l }, lang);
  const [map] = await Promise.all([reportMapOf(ctx, g.id, idx, seat.player, rlang), markReportRead(ctx.db, g.id, idx, seat.player, ctx.now())]);
  const prev = list.filter((r) => r.idx < idx).at(-1);
  const next = list.find((r) => r.idx > idx);
  const title = t(lang, 'gweb.reports.one', { ...words(lang, g.ruleset), label: label(entry.label) });
  const nextOrders = (id: string) => (g.status === 'running' && seat.status === 'active'
    ? html`<p class="report-next"><a class="button primary" href="/games/${g.id}/orders" id="${id}">${t(lang, 'reports.next-orders', { label: label(g.turnLabel) })}</a></p>` : '');
  const body = html`${pageHead()}<p class="crumbs"><a href="/games/${g.id}">${g.name}</a> › <a href="/games/${g.id}/reports">${t(lang, 'gweb.reports.all', words(lang, g.ruleset))}</a></p>
    <h1>${title}</h1>
    <p class="report-nav">${t(lang, 'gweb.reports.lang', words(lang, g.ruleset))} ${(['fr', 'en'] as Lang[]).map((l) => (l === rlang ? html`<strong>${l.toUpperCase()}</strong> ` : html`<a href="/games/${g.id}/reports/${idx}?lang=${l}" hreflang="${l}">${l.toUpperCase()}</a> `))}
      ${prev ? html` · <a href="/games/${g.id}/reports/${prev.idx}?lang=${rlang}">← ${label(prev.label)}</a>` : ''}${next ? html` · <a href="/games/${g.id}/reports/${next.idx}?lang=${rlang}">${label(next.label)} →</a>` : ''}</p>
    ${nextOrders('next-orders')}
    <article class="report" lang="${rlang}">${markdownHtml(text, { headingOffset: 1 })}</article>
    ${map ? reportMapFigure(map.svg, lang) : ''}
    ${nextOrders('next-orders-end')}`;
  return sendPage(reply, page(v, title, body, SCRIPTS));
}

/**
 * The turn's map under the report, its names readable (issue 22 §3: at least MIN_PX CSS pixels,
 * svg.ts): the picture is never drawn narrower than `least`; on a wide screen the figure grows out
 * of the text column up to the map's natural width, and where the screen is narrower than `least`
 * the map scrolls sideways in its own box (a named tab stop: static/a11y.js). The archive's turn
 * pages show the public map the same way (archive-page.ts).
 */
export function reportMapFigure(svg: string, lang: Lang, caption: string = t(lang, 'reports.map'), id = 'report-map'): Html {
  const natural = Number(/<svg\b[^>]*?\swidth="([\d.]+)"/.exec(svg)?.[1]) || 0;
  const least = natural ? Math.ceil((natural * MIN_PX) / MIN_LABEL) : 0;
  const size = natural ? raw(` style="--map-natural: ${natural}px; --map-least: ${least}px"`) : '';
  return html`<figure class="report-map" id="${id}"${size}><figcaption>${caption}</figcaption><div class="scroll-box report-map-frame">${raw(svg)}</div></figure>`;
}

// ───────────────────────────────────────────────────────────── routes

/** A lord's reports: the list and each report. */
export const reportPageRoutes: RouteModule = async (app, ctx) => {
  app.get('/games/:id/reports', (req, reply) => reportsPage(ctx, req, reply));
  app.get('/games/:id/reports/:idx', (req, reply) => reportPage(ctx, req, reply));
};
