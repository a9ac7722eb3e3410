/**
 * The archive of finished games (issue 19, "Players"). When a game ends, its pages become public
 * unless its host kept a private game private (a creation-form choice, migration 025; default
 * public): the game page with its final ranking (the ruleset's public view) and its winners, the
 * forum and the gazette (channels/access.ts), and here each turn's page: the public chronicle of
 * that turn (the ruleset's `publicReport`, when it writes one: Gloire & Pouvoir does; Adventurer
 * Kings is blind, its kings learn nothing in common), the public map of that turn and every
 * player's report of it, readable by all. Letters stay private.
 *
 * Fog of war holds while the game runs: every page of this file answers 404 until the game is
 * archived (`GameSummary.archived`), and a player's own reports stay his alone until then
 * (reports-page.ts). A step with an audience (step-audience.ts: a Gruik battle's table steps and
 * free actions, the GM's actions) stays its audience's after the end too: its turn page and its
 * reports answer 404 to a visitor and to a player outside it, and the links between turns skip it;
 * the game's GM reads them all, as on the live pages.
 *
 * /archive lists the archived games, the last finished first, a page at a time.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import type { Db } from '../db/index.ts';
import { html, type Html } from '../http/html.ts';
import { badNumber, queryInt } from '../http/input.ts';
import { messages, t } from '../http/i18n.ts';
import { page } from '../http/layout.ts';
import { markdownHtml } from '../http/markdown.ts';
import { sendPage, type AppCtx, type RouteModule } from '../http/server.ts';
import { reportMapFigure } from './reports-page.ts';
import { stepSeenBy } from './step-audience.ts';
import { publicReportOf, reportMapOf } from './service.ts';
import { access, gameState, mapLabel, notFound, pageHead, parseId, SCRIPTS, stepLabelIn, timeTag, words } from './page-kit.ts';

messages({
  'archive.title': { fr: 'Archives des parties terminées', en: 'Archive of finished games' },
  'archive.help': {
    fr: 'Une partie terminée est publique : chaque tour, sa carte, les {reports} de chaque joueur, le forum, la gazette et le classement final. Les lettres restent privées, et l’hôte d’une partie privée peut la garder privée.',
    en: 'A finished game is public: each turn, its map, every player’s {reports}, the forum, the gazette and the final ranking. Letters stay private, and the host of a private game may keep it private.',
  },
  'archive.none': { fr: 'Aucune partie terminée pour l’instant.', en: 'No finished game yet.' },
  'archive.col.game': { fr: 'Partie', en: 'Game' },
  'archive.col.rules': { fr: 'Jeu', en: 'Game rules' },
  'archive.col.turns': { fr: 'Tours', en: 'Turns' },
  'archive.col.ended': { fr: 'Terminée le', en: 'Ended on' },
  'archive.col.winners': { fr: 'Vainqueurs', en: 'Winners' },
  'archive.no-winner': { fr: 'aucun', en: 'none' },
  'archive.notice': {
    fr: 'Cette partie est terminée : son archive est publique (chaque tour, sa carte et les {reports} de tous les joueurs).',
    en: 'This game is over: its archive is public (each turn, its map and every player’s {reports}).',
  },
  'archive.turn': { fr: 'Archive', en: 'Archive' },
  'archive.turn-title': { fr: '{label} — archive', en: '{label} — archive' },
  'archive.public': { fr: 'Chronique publique du tour', en: 'Public chronicle of the turn' },
  'archive.map': { fr: 'La carte publique à l’issue de ce tour', en: 'The public map at the end of this turn' },
  'archive.reports': { fr: 'Les {reports} de ce tour', en: 'This turn’s {reports}' },
  // « Bilan — Aliénor — tour 1 »: no elision to make before the lord's name (« de Aliénor »).
  'archive.report-of': { fr: '{Report} — {lord} — {label}', en: '{Report} — {lord} — {label}' },
});

/** Archived games listed per page of /archive. */
const ARCHIVE_PAGE = 50;

/** The SQL condition of an archived game (`g`): over, not a private game its host kept private, not a demo. */
export const ARCHIVED_SQL = `g.status = 'finished' AND NOT (g.is_private AND g.keep_private) AND NOT g.is_demo`;

/** The seats the ruleset's outcome named as winners (migration 025), as « lord (login) ». */
export async function winnersOf(db: Db, gameId: number): Promise<{ lordName: string; login: string | null }[]> {
  const rows = await db.query<{ lord_name: string; login: string | null }>(
    'SELECT s.lord_name, u.login FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = $1 AND s.won ORDER BY s.seq, s.player', [gameId]);
  return rows.map((r) => ({ lordName: r.lord_name, login: r.login }));
}

const winnerList = (lang: Lang, list: { lordName: string; login: string | null }[]): Html =>
  list.length ? html`${list.map((w, i) => html`${i ? ', ' : ''}${w.lordName}${w.login ? html` (<a href="/players/${encodeURIComponent(w.login)}">${w.login}</a>)` : ''}`)}` : html`${t(lang, 'archive.no-winner')}`;

/** The game page's notice of an archived game: its winners, and that every turn is public. */
export async function archiveNotice(db: Db, gameId: number, ruleset: string, lang: Lang): Promise<Html> {
  const w = await winnersOf(db, gameId);
  return html`<section class="card archive" id="archive-notice"><p>${t(lang, 'archive.notice', words(lang, ruleset))}</p>
    <p id="archive-winners"><strong>${t(lang, 'archive.col.winners')}${t(lang, 'colon')}</strong>${winnerList(lang, w)}</p></section>`;
}

async function archiveList(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const lang = v.lang;
  const asked = queryInt(req.query, 'page', 1, 10_000);
  if (asked === null) return badNumber(reply, v, 'page', 1, 10_000);
  const total = Number((await ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM games g WHERE ${ARCHIVED_SQL}`))!.n);
  const pages = Math.max(1, Math.ceil(total / ARCHIVE_PAGE));
  const pageNo = Math.min(asked ?? 1, pages);
  const rows = await ctx.db.query<{ id: number; name: string; ruleset: string; map: string | null; step: number; finished_at: Date | null; winners: string | null }>(
    `SELECT g.id, g.name, g.ruleset, g.options->>'map' AS map, g.step, g.finished_at,
       (SELECT string_agg(s.lord_name, ', ' ORDER BY s.seq) FROM seats s WHERE s.game_id = g.id AND s.won) AS winners
       FROM games g WHERE ${ARCHIVED_SQL} ORDER BY g.finished_at DESC NULLS LAST, g.id DESC LIMIT $1 OFFSET $2`,
    [ARCHIVE_PAGE, (pageNo - 1) * ARCHIVE_PAGE]);
  const tz = ctx.config.timeZone;
  const pager = pages > 1 ? html`<p class="pager">${pageNo > 1 ? html`<a href="/archive?page=${pageNo - 1}">« ${t(lang, 'gweb.page.prev')}</a> ` : ''}${t(lang, 'gweb.page.of', { n: pageNo, total: pages })}${pageNo < pages ? html` <a href="/archive?page=${pageNo + 1}">${t(lang, 'gweb.page.next')} »</a>` : ''}</p>` : '';
  const body = html`${pageHead()}<h1>${t(lang, 'archive.title')}</h1>
    <p class="muted">${t(lang, 'archive.help', words(lang, null))}</p>
    ${rows.length ? html`<div class="table-wrap"><table class="data" id="archive-list"><thead><tr><th>${t(lang, 'archive.col.game')}</th><th>${t(lang, 'archive.col.rules')}</th>
      <th>${t(lang, 'archive.col.turns')}</th><th>${t(lang, 'archive.col.ended')}</th><th>${t(lang, 'archive.col.winners')}</th></tr></thead>
      <tbody>${rows.map((r) => html`<tr><td><a href="/games/${r.id}">${r.name}</a></td><td>${getRuleset(r.ruleset).ruleset.title[lang]} · ${mapLabel(lang, { ruleset: r.ruleset, map: r.map })}</td>
        <td>${Number(r.step)}</td><td>${r.finished_at ? timeTag(r.finished_at, lang, tz, 'short') : '—'}</td><td>${r.winners ?? t(lang, 'archive.no-winner')}</td></tr>`)}</tbody></table></div>${pager}`
      : html`<p class="muted">${t(lang, 'archive.none')}</p>`}`;
  return sendPage(reply, page(v, t(lang, 'archive.title'), body, SCRIPTS));
}

/** The archived game and the resolved step asked for, or null (404: not archived, no such turn). */
async function archivedTurn(ctx: AppCtx, req: FastifyRequest) {
  const a = await access(ctx, req);
  if (!a || !a.game.archived) return null;
  const idx = parseId((req.params as { idx?: string }).idx);
  if (idx === null) return null;
  // The steps the reader's audience excludes stay hidden after the game as while it ran (step-audience.ts: a Gruik
  // battle's steps and free actions, the GM's actions; the game's GM reads them all): 404, and left out of the links.
  const player = a.seat?.player ?? null;
  const seen = stepSeenBy('s', '$3', '$4');
  const step = await ctx.db.one<{ idx: number; label: string; resolved_at: Date; action: unknown }>(
    `SELECT idx, label, resolved_at, action FROM steps s WHERE game_id = $1 AND idx = $2 AND ${seen}`, [a.game.id, idx, player, a.referee]);
  if (!step) return null;
  const seats = await ctx.db.query<{ player: string; lord_name: string; login: string | null }>(
    'SELECT s.player, s.lord_name, u.login FROM seats s LEFT JOIN users u ON u.id = s.user_id WHERE s.game_id = $1 ORDER BY s.seq, s.player', [a.game.id]);
  const near = await ctx.db.query<{ idx: number; label: string; rel: string }>(
    `(SELECT idx, label, 'prev' AS rel FROM steps s WHERE game_id = $1 AND idx < $2 AND ${seen} ORDER BY idx DESC LIMIT 1)
     UNION ALL (SELECT idx, label, 'next' AS rel FROM steps s WHERE game_id = $1 AND idx > $2 AND ${seen} ORDER BY idx LIMIT 1)`, [a.game.id, idx, player, a.referee]);
  const turn = (rel: string) => near.filter((r) => r.rel === rel).map((r) => ({ idx: Number(r.idx), label: stepLabelIn({ ruleset: a.game.ruleset, turnLabel: r.label }, req.visitor.lang) }))[0];
  return { a, step: { idx: Number(step.idx), label: step.label, resolvedAt: new Date(step.resolved_at) }, seats, near: { prev: turn('prev'), next: turn('next') } };
}

type Near = { prev?: { idx: number; label: string }; next?: { idx: number; label: string } };

/** Links to the turns before and after that the reader may see (their labels, as the ruleset words them). */
function turnNav(gameId: number, near: Near, suffix = ''): Html {
  const links: Html[] = [];
  if (near.prev) links.push(html`<a href="/games/${gameId}/turns/${near.prev.idx}${suffix}" rel="prev">← ${near.prev.label}</a>`);
  if (near.next) links.push(html`<a href="/games/${gameId}/turns/${near.next.idx}${suffix}" rel="next">${near.next.label} →</a>`);
  return links.length ? html`<p class="report-nav">${links.map((l, i) => html`${i ? ' · ' : ''}${l}`)}</p>` : html``;
}

/** One turn of an archived game: the public map at its end and every player's report of it. */
async function turnPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const lang = v.lang;
  const x = await archivedTurn(ctx, req);
  if (!x) return notFound(req, reply);
  const { a, step, seats, near } = x;
  const g = a.game;
  const { schedule } = await gameState(ctx, g.id);
  const label = stepLabelIn({ ruleset: g.ruleset, turnLabel: step.label }, lang);
  const map = await reportMapOf(ctx, g.id, step.idx, null, lang);
  const chronicle = await publicReportOf(ctx, g.id, step.idx, lang);
  const w = words(lang, g.ruleset);
  const title = `${t(lang, 'archive.turn-title', { label: label.charAt(0).toUpperCase() + label.slice(1) })} — ${g.name}`;
  const body = html`${pageHead()}<p class="crumbs"><a href="/archive">${t(lang, 'archive.title')}</a> › <a href="/games/${g.id}">${g.name}</a></p>
    <h1>${title}</h1>
    <p class="meta">${timeTag(step.resolvedAt, lang, schedule.timeZone || ctx.config.timeZone)}</p>
    ${turnNav(g.id, near)}
    ${chronicle ? html`<section id="turn-public"><h2>${t(lang, 'archive.public')}</h2><article class="report" lang="${lang}">${markdownHtml(chronicle, { headingOffset: 1 })}</article></section>` : ''}
    <section><h2>${t(lang, 'archive.reports', w)}</h2>
      <ul class="reports" id="turn-reports">${seats.map((s) => html`<li><a href="/games/${g.id}/turns/${step.idx}/${encodeURIComponent(s.player)}">${t(lang, 'archive.report-of', { ...w, lord: s.lord_name, label })}</a>${s.login ? html` <span class="muted">(<a href="/players/${encodeURIComponent(s.login)}">${s.login}</a>)</span>` : ''}</li>`)}</ul></section>
    ${map ? reportMapFigure(map.svg, lang, t(lang, 'archive.map'), 'turn-map') : ''}`;
  return sendPage(reply, page(v, title, body, SCRIPTS));
}

/** One player's report of one turn of an archived game, in French or English. */
async function turnReportPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const lang = v.lang;
  const x = await archivedTurn(ctx, req);
  if (!x) return notFound(req, reply);
  const player = (req.params as { player?: string }).player ?? '';
  const seat = x.seats.find((s) => s.player === player);
  if (!seat) return notFound(req, reply);
  const q = (req.query ?? {}) as { lang?: string };
  const rlang: Lang = q.lang === 'en' || q.lang === 'fr' ? q.lang : lang;
  const r = await ctx.db.one<{ text_fr: string; text_en: string }>('SELECT text_fr, text_en FROM reports WHERE game_id = $1 AND idx = $2 AND player = $3', [x.a.game.id, x.step.idx, player]);
  if (!r) return notFound(req, reply);
  const g = x.a.game;
  const w = words(lang, g.ruleset);
  const label = stepLabelIn({ ruleset: g.ruleset, turnLabel: x.step.label }, lang);
  const title = t(lang, 'archive.report-of', { ...w, lord: seat.lord_name, label });
  const base = `/games/${g.id}/turns/${x.step.idx}/${encodeURIComponent(player)}`;
  const body = html`${pageHead()}<p class="crumbs"><a href="/archive">${t(lang, 'archive.title')}</a> › <a href="/games/${g.id}">${g.name}</a> › <a href="/games/${g.id}/turns/${x.step.idx}">${label}</a></p>
    <h1>${title}</h1>
    <p class="report-nav">${t(lang, 'gweb.reports.lang', w)} ${(['fr', 'en'] as Lang[]).map((l) => (l === rlang ? html`<strong>${l.toUpperCase()}</strong> ` : html`<a href="${base}?lang=${l}" hreflang="${l}">${l.toUpperCase()}</a> `))}</p>
    ${turnNav(g.id, x.near, `/${encodeURIComponent(player)}?lang=${rlang}`)}
    <article class="report" lang="${rlang}">${markdownHtml(rlang === 'en' ? r.text_en : r.text_fr, { headingOffset: 1 })}</article>`;
  return sendPage(reply, page(v, `${title} — ${g.name}`, body, SCRIPTS));
}

/** The archive: its list, each turn of an archived game, and each player's report of it. */
export const archivePageRoutes: RouteModule = async (app, ctx) => {
  app.get('/archive', (req, reply) => archiveList(ctx, req, reply));
  app.get('/games/:id/turns/:idx', (req, reply) => turnPage(ctx, req, reply));
  app.get('/games/:id/turns/:idx/:player', (req, reply) => turnReportPage(ctx, req, reply));
};
