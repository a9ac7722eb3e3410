/**
 * The permanent ranking's pages (seed 004 §12.4; ranking/service.ts generates it at each game's
 * end): GET /ranking, the overall ranking (every ruleset's ranked games), and
 * GET /ranking/<ruleset>, one ruleset's. Public, a hundred players a page (`?page=`), as the
 * ranking was generated at its scope's last game's end (decay applied then).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import { isRulesetId, rulesetIds, rulesetTitle } from '../../rulesets/index.ts';
import { html, type Html } from '../http/html.ts';
import { badNumber, queryInt } from '../http/input.ts';
import { messages, t } from '../http/i18n.ts';
import { page } from '../http/layout.ts';
import { sendPage, type AppCtx, type RouteModule } from '../http/server.ts';
import { notFound, timeTag } from '../games/page-kit.ts';
import { RANKING, TITLES, titleName } from './elo.ts';
import { OVERALL, playerRankings, ranking, type Ranking } from './service.ts';

messages({
  'rank.title': { fr: 'Classement permanent', en: 'Permanent ranking' },
  'rank.title-of': { fr: 'Classement permanent — {ruleset}', en: 'Permanent ranking — {ruleset}' },
  'rank.overall': { fr: 'Toutes les règles', en: 'All rulesets' },
  'rank.scopes': { fr: 'Classements', en: 'Rankings' },
  'rank.intro': {
    fr: 'Comme le classement Elo des échecs : chacun commence à {start} points ; à chaque fin de partie, les points changent selon la place de chacun et la force des adversaires rencontrés ({scale} points d’écart : le plus fort est attendu vainqueur dix fois sur onze). Un nouveau classement est généré à chaque fin de partie.',
    en: 'Like the chess Elo rating: everyone starts at {start} points; at each game’s end, points move with each player’s place and the strength of the opponents met ({scale} points apart: the stronger is expected to win ten times in eleven). A new ranking is generated at each game’s end.',
  },
  'rank.rules': {
    fr: 'Les positions reprises ne comptent pas ; une partie privée ne compte que si son hôte l’a voulue classée ; les bots ne comptent pas (seul l’ordre entre joueurs humains compte). Sans partie achevée depuis plus de {grace} mois, la part des points au-dessus de {start} baisse de {pct}\u202f% par mois.',
    en: 'Seats taken over do not count; a private game counts only if its host made it ranked; bots do not count (only the order between human players does). With no finished game for more than {grace} months, the part of the points above {start} drops by {pct}% a month.',
  },
  'rank.generated': { fr: 'Classement généré le', en: 'Ranking generated on' },
  'rank.none': { fr: 'Aucune partie classée n’est encore achevée.', en: 'No ranked game has finished yet.' },
  'rank.caption': { fr: 'Classement permanent — {scope}', en: 'Permanent ranking — {scope}' },
  'rank.col.place': { fr: 'Rang', en: 'Place' },
  'rank.col.player': { fr: 'Joueur', en: 'Player' },
  'rank.col.points': { fr: 'Points', en: 'Points' },
  'rank.col.title': { fr: 'Titre', en: 'Title' },
  'rank.col.games': { fr: 'Parties', en: 'Games' },
  'rank.profile': { fr: 'Classement permanent', en: 'Permanent ranking' },
  'rank.profile-none': { fr: 'Aucune partie classée terminée pour l’instant.', en: 'No ranked game finished yet.' },
  'rank.col.scope': { fr: 'Règles', en: 'Ruleset' },
  'rank.place-of': { fr: '{place} sur {of}', en: '{place} of {of}' },
  'rank.titles': { fr: 'Les titres', en: 'The titles' },
  'rank.titles-caption': { fr: 'Les titres : points et parties achevées demandés', en: 'The titles: points and finished games needed' },
  'rank.titles-kept': { fr: 'Les titres à partir de Comte ne peuvent être perdus.', en: 'Titles from Count up can never be lost.' },
  'rank.page.prev': { fr: 'Page précédente', en: 'Previous page' },
  'rank.page.next': { fr: 'Page suivante', en: 'Next page' },
  'rank.page.of': { fr: 'Page {n} sur {total}', en: 'Page {n} of {total}' },
  'rank.pager': { fr: 'Pages du classement', en: 'Ranking pages' },
});

export const RANKING_PAGE = 100;

const intl = (lang: Lang) => new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 0 });

const scopeName = (scope: string, lang: Lang): string => (scope === OVERALL ? t(lang, 'rank.overall') : rulesetTitle(scope)![lang]);
const scopePath = (scope: string): string => (scope === OVERALL ? '/ranking' : `/ranking/${scope}`);

function table(r: Ranking, lang: Lang, from: number, to: number, me: number | null): Html {
  const n = intl(lang);
  const rows = r.entries.slice(from, to);
  return html`<div class="table-wrap" tabindex="0" role="region" aria-labelledby="ranking-caption">
    <table class="data ranking">
      <caption id="ranking-caption">${t(lang, 'rank.caption', { scope: scopeName(r.scope, lang) })}</caption>
      <thead><tr><th scope="col" class="num">${t(lang, 'rank.col.place')}</th><th scope="col">${t(lang, 'rank.col.player')}</th><th scope="col" class="num">${t(lang, 'rank.col.points')}</th><th scope="col">${t(lang, 'rank.col.title')}</th><th scope="col" class="num">${t(lang, 'rank.col.games')}</th></tr></thead>
      <tbody>${rows.map((e) => html`<tr${e.userId === me ? html` class="me" aria-current="true"` : ''}>
        <td class="num">${e.place}</td><th scope="row">${e.login}</th><td class="num">${n.format(Math.round(e.points))}</td><td class="title">${titleName(e.title)?.[lang] ?? '—'}</td><td class="num">${n.format(e.games)}</td>
      </tr>`)}</tbody>
    </table></div>`;
}

function titlesTable(lang: Lang): Html {
  const n = intl(lang);
  return html`<section><h2>${t(lang, 'rank.titles')}</h2>
    <div class="table-wrap" tabindex="0" role="region" aria-labelledby="titles-caption"><table class="data ranking">
      <caption id="titles-caption">${t(lang, 'rank.titles-caption')}</caption>
      <thead><tr><th scope="col">${t(lang, 'rank.col.title')}</th><th scope="col" class="num">${t(lang, 'rank.col.points')}</th><th scope="col" class="num">${t(lang, 'rank.col.games')}</th></tr></thead>
      <tbody>${TITLES.map((x) => html`<tr><th scope="row">${x.name[lang]}</th><td class="num">${n.format(x.points)}</td><td class="num">${n.format(x.games)}</td></tr>`)}</tbody>
    </table></div>
    <p class="muted">${t(lang, 'rank.titles-kept')}</p></section>`;
}

async function rankingPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, scope: string) {
  const v = req.visitor;
  const lang = v.lang;
  const asked = queryInt(req.query, 'page', 1, 10_000);
  if (asked === null) return badNumber(reply, v, 'page', 1, 10_000);
  const r = await ranking(ctx.db, scope);
  const pages = Math.max(1, Math.ceil(r.entries.length / RANKING_PAGE));
  const pageNo = Math.min(asked ?? 1, pages);
  const path = scopePath(scope);
  const title = scope === OVERALL ? t(lang, 'rank.title') : t(lang, 'rank.title-of', { ruleset: scopeName(scope, lang) });
  const scopes = [OVERALL, ...rulesetIds()];
  const pager = pages > 1 ? html`<nav class="pager" aria-label="${t(lang, 'rank.pager')}">${pageNo > 1 ? html`<a href="${path}?page=${pageNo - 1}">« ${t(lang, 'rank.page.prev')}</a> ` : ''}${t(lang, 'rank.page.of', { n: pageNo, total: pages })}${pageNo < pages ? html` <a href="${path}?page=${pageNo + 1}">${t(lang, 'rank.page.next')} »</a>` : ''}</nav>` : '';
  const body = html`<h1>${title}</h1>
    <nav class="channels" aria-label="${t(lang, 'rank.scopes')}">${scopes.map((s) => (s === scope
      ? html`<a class="button" href="${scopePath(s)}" aria-current="page"><strong>${scopeName(s, lang)}</strong></a>`
      : html`<a class="button" href="${scopePath(s)}">${scopeName(s, lang)}</a>`))}</nav>
    <p>${t(lang, 'rank.intro', { start: intl(lang).format(RANKING.start), scale: intl(lang).format(RANKING.scale) })}</p>
    <p class="muted">${t(lang, 'rank.rules', { start: intl(lang).format(RANKING.start), grace: RANKING.decay.graceMonths, pct: RANKING.decay.pctPerMonth })}</p>
    ${r.generatedAt ? html`<p>${t(lang, 'rank.generated')} ${timeTag(r.generatedAt, lang, ctx.config.timeZone)}</p>` : ''}
    ${r.entries.length ? html`${table(r, lang, (pageNo - 1) * RANKING_PAGE, pageNo * RANKING_PAGE, v.user?.id ?? null)}${pager}` : html`<p class="muted">${t(lang, 'rank.none')}</p>`}
    ${titlesTable(lang)}`;
  return sendPage(reply, page(v, title, body, { scripts: ['/static/local-time.js'] }));
}

export const rankingRoutes: RouteModule = (app, ctx) => {
  app.get('/ranking', (req, reply) => rankingPage(ctx, req, reply, OVERALL));
  app.get<{ Params: { ruleset: string } }>('/ranking/:ruleset', (req, reply) => {
    const id = req.params.ruleset;
    if (!isRulesetId(id)) return notFound(req, reply);
    return rankingPage(ctx, req, reply, id);
  });
};

/** A player's profile section (players/profile-page.ts): his place, points and title in each ranking where he has played. */
export async function profileRankingSection(ctx: AppCtx, userId: number, lang: Lang): Promise<Html> {
  const rows = await playerRankings(ctx.db, userId);
  const n = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB');
  return html`<section class="card" id="profile-ranking-card"><h2>${t(lang, 'rank.profile')}</h2>
    ${rows.length ? html`<div class="table-wrap"><table class="data ranking"><thead><tr><th scope="col">${t(lang, 'rank.col.scope')}</th><th scope="col" class="num">${t(lang, 'rank.col.place')}</th><th scope="col" class="num">${t(lang, 'rank.col.points')}</th><th scope="col">${t(lang, 'rank.col.title')}</th><th scope="col" class="num">${t(lang, 'rank.col.games')}</th></tr></thead>
      <tbody>${rows.map((r) => html`<tr><th scope="row"><a href="${scopePath(r.scope)}">${scopeName(r.scope, lang)}</a></th><td class="num">${t(lang, 'rank.place-of', { place: r.place, of: r.of })}</td><td class="num">${n.format(Math.round(r.points))}</td><td class="title">${titleName(r.title)?.[lang] ?? '—'}</td><td class="num">${n.format(r.games)}</td></tr>`)}</tbody></table></div>`
      : html`<p class="muted">${t(lang, 'rank.profile-none')}</p>`}
  </section>`;
}
