/**
 * The statistics of a game: line charts of the figures the ruleset keeps with each turn
 * (stats-data.ts), drawn in the browser by Chart.js, served from node_modules (no CDN).
 *
 *   GET /games/:id/stats              the page: the charts' data as JSON in the page, drawn by /static/stats.js
 *   GET /api/games/:id/stats          the same charts as JSON
 *   GET /static/vendor/chart.umd.min.js   Chart.js itself
 *
 * Everyone can read them (issue 22 §2–3): each chart's figures are also a table rendered here
 * from the same ChartDoc, each line has its own point shape and dash (STYLES, DASHES: never colour
 * alone), and the legend is a row of toggle buttons (aria-pressed) that work from the keyboard.
 *
 * Access, as for the game's public page: anyone for a public game, only its lords for a private
 * one; nothing while the game is forming. A lord (the visitor's own seat) sees his own private
 * charts too; nobody ever sees another lord's private figures.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ChartDoc, Lang } from '../../engine/ruleset.ts';
import { escapeHtml, html, raw, scriptJson, type Html } from '../http/html.ts';
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

/** Chart.js point styles, one per line in turn, then again with a dash (the legend draws the same). */
export const STYLES = ['circle', 'rect', 'triangle', 'rectRot', 'star', 'crossRot', 'cross'] as const;
export const DASHES: number[][] = [[], [6, 3], [2, 3]];
const styleOf = (i: number) => ({ point: STYLES[i % STYLES.length]!, dash: DASHES[Math.floor(i / STYLES.length) % DASHES.length]! });

/** A point shape as a small SVG, centred on (cx, cy). */
function shape(kind: (typeof STYLES)[number], cx: number, cy: number, r: number, color: string): string {
  const c = escapeHtml(color);
  const f = (x: number) => String(Math.round(x * 10) / 10);
  switch (kind) {
    case 'rect': return `<rect x="${f(cx - r)}" y="${f(cy - r)}" width="${f(2 * r)}" height="${f(2 * r)}" fill="${c}"/>`;
    case 'triangle': return `<path d="M${f(cx)} ${f(cy - r * 1.15)}L${f(cx + r * 1.1)} ${f(cy + r * 0.85)}H${f(cx - r * 1.1)}z" fill="${c}"/>`;
    case 'rectRot': return `<path d="M${f(cx)} ${f(cy - r * 1.3)}L${f(cx + r * 1.3)} ${f(cy)}L${f(cx)} ${f(cy + r * 1.3)}L${f(cx - r * 1.3)} ${f(cy)}z" fill="${c}"/>`;
    case 'star': return `<path d="M${f(cx)} ${f(cy - r * 1.3)}V${f(cy + r * 1.3)}M${f(cx - r * 1.3)} ${f(cy)}H${f(cx + r * 1.3)}M${f(cx - r)} ${f(cy - r)}L${f(cx + r)} ${f(cy + r)}M${f(cx - r)} ${f(cy + r)}L${f(cx + r)} ${f(cy - r)}" stroke="${c}" stroke-width="1.6" fill="none"/>`;
    case 'crossRot': return `<path d="M${f(cx - r)} ${f(cy - r)}L${f(cx + r)} ${f(cy + r)}M${f(cx - r)} ${f(cy + r)}L${f(cx + r)} ${f(cy - r)}" stroke="${c}" stroke-width="2" fill="none"/>`;
    case 'cross': return `<path d="M${f(cx)} ${f(cy - r * 1.2)}V${f(cy + r * 1.2)}M${f(cx - r * 1.2)} ${f(cy)}H${f(cx + r * 1.2)}" stroke="${c}" stroke-width="2" fill="none"/>`;
    default: return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${c}"/>`;
  }
}

function swatch(color: string, i: number): Html {
  const { point, dash } = styleOf(i);
  const c = escapeHtml(color);
  return raw(`<svg class="swatch" viewBox="0 0 30 14" width="30" height="14" aria-hidden="true" focusable="false"><line x1="1" y1="7" x2="29" y2="7" stroke="${c}" stroke-width="2.5"${dash.length ? ` stroke-dasharray="${dash.join(' ')}"` : ''}/>${shape(point, 15, 7, 4, color)}</svg>`);
}

function figure(c: ChartDoc, lang: Lang): Html {
  const number = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 2 });
  const label = (l: string) => l || t(lang, 'stats.start');
  const color = (s: ChartDoc['series'][number]) => s.color || '#5e5040';
  const name = (s: ChartDoc['series'][number]) => (s.mine ? html`${s.name} ${t(lang, 'stats.yours')}` : html`${s.name}`);
  return html`<figure class="chart" id="chart-${c.id}">
    <figcaption>${c.title}</figcaption>
    <div class="chart-box" data-series="${c.series.length}"><canvas data-chart="${c.id}" role="img" aria-label="${c.title}"></canvas></div>
    <div class="chart-legend" role="group" aria-label="${t(lang, 'stats.legend', { title: c.title })}" data-legend="${c.id}" hidden>${c.series.map((s, i) => html`<button type="button" aria-pressed="true" data-series="${i}">${swatch(color(s), i)}<span>${name(s)}</span></button>`)}</div>
    <details class="chart-data"><summary>${t(lang, 'stats.table')}</summary>
      <div class="table-wrap" tabindex="0" role="region" aria-labelledby="chart-${c.id}-caption">
      <table class="chart-table">
        <caption id="chart-${c.id}-caption">${t(lang, 'stats.table-caption', { title: c.title })}</caption>
        <thead><tr><th scope="col">${t(lang, 'stats.series')}</th>${c.labels.map((l) => html`<th scope="col">${label(l)}</th>`)}</tr></thead>
        <tbody>${c.series.map((s, i) => html`<tr><th scope="row">${swatch(color(s), i)} ${name(s)}</th>${c.labels.map((_, j) => { const v = s.values[j]; return html`<td>${v === null || v === undefined ? '—' : number.format(v)}</td>`; })}</tr>`)}</tbody>
      </table></div>
    </details>
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
        <div class="charts">${own.map((c) => figure(c, lang))}</div></section>` : ''}
      ${shared.length ? html`<section class="stats shared"><h2>${t(lang, 'stats.public')}</h2>
        <div class="charts wide">${shared.map((c) => figure(c, lang))}</div></section>` : ''}
      <noscript><p class="muted">${t(lang, 'stats.noscript')}</p></noscript>
      <script type="application/json" id="stats-data">${scriptJson({ charts: [...own, ...shared], styles: { points: STYLES, dashes: DASHES } })}</script>`;
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
