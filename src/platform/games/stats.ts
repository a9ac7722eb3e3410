/**
 * The statistics of a game: line charts of the figures the ruleset keeps with each turn
 * (stats-data.ts), drawn in the browser by Chart.js, served from node_modules (no CDN).
 *
 *   GET /games/:id/stats              the page: the charts' data as JSON in the page, drawn by /static/stats.js
 *   GET /api/games/:id/stats          the same charts as JSON
 *   GET /static/vendor/chart.umd.min.js   Chart.js itself
 *
 * Access, as for the game's public page: anyone for a public game, only its lords for a private
 * one; nothing while the game is forming. A lord (the visitor's own seat) sees his own private
 * charts too; nobody ever sees another lord's private figures.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ChartDoc, Lang } from '../../engine/ruleset.ts';
import { html, scriptJson, type Html } from '../http/html.ts';
import { t } from '../http/i18n.ts';
import { page } from '../http/layout.ts';
import { sendPage, type AppCtx, type RouteModule } from '../http/server.ts';
import { notFound, visibleGame, type Access } from './page-kit.ts';
import { chartsFor, loadStats } from './stats-data.ts';

export const CHART_JS_PATH = '/static/vendor/chart.umd.min.js';

/** The charts for the visitor: his own (only he may see them) and the public ones. */
export async function visitorCharts(ctx: AppCtx, a: Access, lang: Lang): Promise<{ own: ChartDoc[]; shared: ChartDoc[] }> {
  const gs = await loadStats(ctx.db, a.game.id, ctx.config.turnBudgetMs);
  if (!gs) return { own: [], shared: [] };
  const publicIds = new Set(chartsFor(gs, null, lang).map((c) => c.id));
  const all = chartsFor(gs, a.seat?.player ?? null, lang);
  return { own: all.filter((c) => !publicIds.has(c.id)), shared: all.filter((c) => publicIds.has(c.id)) };
}

function figure(c: ChartDoc): Html {
  return html`<figure class="chart" id="chart-${c.id}">
    <figcaption>${c.title}</figcaption>
    <div class="chart-box" data-series="${c.series.length}"><canvas data-chart="${c.id}" role="img" aria-label="${c.title}"></canvas></div>
  </figure>`;
}

let chartJs: Buffer | null = null;
function chartJsSource(): Buffer {
  if (!chartJs) {
    // The package's main entry is dist/chart.cjs; the browser build sits beside it.
    const main = createRequire(import.meta.url).resolve('chart.js');
    chartJs = readFileSync(join(dirname(main), 'chart.umd.min.js'));
  }
  return chartJs;
}

export const statsRoutes: RouteModule = async (app, ctx) => {
  app.get(CHART_JS_PATH, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(chartJsSource()));

  app.get('/games/:id/stats', async (req, reply) => {
    const v = req.visitor;
    const lang = v.lang;
    const a = await visibleGame(ctx, req);
    if (!a) return notFound(req, reply);
    const g = a.game;
    const { own, shared } = await visitorCharts(ctx, a, lang);
    const title = `${t(lang, 'stats.title')} — ${g.name}`;
    const body = html`<link rel="stylesheet" href="/static/stats.css">
      <p class="crumbs"><a href="/games/${g.id}">${g.name}</a> › ${t(lang, 'stats.title')}</p>
      <h1>${title}</h1>
      ${own.length || shared.length ? html`<p class="muted">${t(lang, 'stats.help')}</p>` : html`<p class="muted">${t(lang, 'stats.none')}</p>`}
      ${own.length ? html`<section class="stats own"><h2>${t(lang, 'stats.own', { lord: a.seat!.lordName })}</h2>
        <p class="muted">${t(lang, 'stats.own-help')}</p>
        <div class="charts">${own.map(figure)}</div></section>` : ''}
      ${shared.length ? html`<section class="stats shared"><h2>${t(lang, 'stats.public')}</h2>
        <div class="charts wide">${shared.map(figure)}</div></section>` : ''}
      <noscript><p class="muted">${t(lang, 'stats.noscript')}</p></noscript>
      <script type="application/json" id="stats-data">${scriptJson({ charts: [...own, ...shared] })}</script>`;
    return sendPage(reply, page(v, title, body, { scripts: [CHART_JS_PATH, '/static/stats.js'] }));
  });

  app.get('/api/games/:id/stats', async (req, reply) => {
    const a = await visibleGame(ctx, req);
    if (!a) return reply.code(404).send({ error: 'not found' });
    const q = (req.query ?? {}) as { lang?: string };
    const lang: Lang = q.lang === 'fr' || q.lang === 'en' ? q.lang : req.visitor.lang;
    const { own, shared } = await visitorCharts(ctx, a, lang);
    return reply.header('Cache-Control', 'private, no-store').send({ game: a.game.id, player: a.seat?.player ?? null, charts: [...own, ...shared] });
  });
};
