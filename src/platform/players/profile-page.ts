/**
 * A player's public profile, /players/<login> (issue 19, "Players"): his games played, finished
 * and won per ruleset, his reliability (games/reliability.ts, where it is defined), and the games
 * of his that anyone may open (public games, and archived ones). Nothing here tells more than the
 * games' own public pages: a private game that is not archived is counted, never named.
 *
 * Counted per ruleset, demo games and games still forming left out:
 *   played   = games where he holds a seat, or held one and left it (a departure is recorded);
 *   finished = finished games where he held his seat to the end (still active in it);
 *   won      = those of them whose outcome names his seat among the winners (migration 025).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import { rulesetTitle as titleOf } from '../../rulesets/index.ts';
import { loginKey } from '../accounts/service.ts';
import type { Db } from '../db/index.ts';
import { html, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { page } from '../http/layout.ts';
import { sendPage, type AppCtx, type RouteModule } from '../http/server.ts';
import { ARCHIVED_SQL } from '../games/archive-page.ts';
import { formatDate, mapLabel, notFound, pageHead, SCRIPTS } from '../games/page-kit.ts';
import { profileRankingSection } from '../ranking/pages.ts';
import { profileValhallaSection } from '../valhalla/page.ts';
import { historyOf, RELIABILITY, reliabilityLabel, reliabilityPercent } from '../games/reliability.ts';

messages({
  'profile.title': { fr: 'Profil de {login}', en: '{login}’s profile' },
  'profile.since': { fr: 'Inscrit le {date}', en: 'Joined on {date}' },
  'profile.reliability': { fr: 'Fiabilité', en: 'Reliability' },
  'profile.turns': { fr: 'Tours à ordres rendus à temps : {a} sur {n}', en: 'Order turns answered in time: {a} of {n}' },
  'profile.prompts': { fr: 'Étapes de questions répondues à temps : {a} sur {n}', en: 'Prompt steps answered in time: {a} of {n}' },
  'profile.abandoned': { fr: 'Places abandonnées en cours de partie : {n}', en: 'Seats abandoned during a game: {n}' },
  'profile.reliability.help': {
    fr: 'La fiabilité est la part des tours et des questions auxquels le joueur a répondu avant l’échéance ; chaque place abandonnée (abdication, remplaçant demandé, place ouverte par l’hôte) compte comme {w} réponses manquées.',
    en: 'Reliability is the share of turns and prompts the player answered before the deadline; each seat abandoned (abdication, replacement asked for, seat opened by the host) counts as {w} missed answers.',
  },
  'profile.games': { fr: 'Parties', en: 'Games' },
  'profile.col.rules': { fr: 'Jeu', en: 'Game rules' },
  'profile.col.played': { fr: 'Jouées', en: 'Played' },
  'profile.col.finished': { fr: 'Terminées', en: 'Finished' },
  'profile.col.won': { fr: 'Gagnées', en: 'Won' },
  'profile.col.total': { fr: 'Total', en: 'Total' },
  'profile.no-games': { fr: 'Aucune partie pour l’instant.', en: 'No game yet.' },
  'profile.list': { fr: 'Ses parties publiques et archivées', en: 'His public and archived games' },
  'profile.col.game': { fr: 'Partie', en: 'Game' },
  'profile.col.lord': { fr: 'Joué sous le nom', en: 'Played as' },
  'profile.col.status': { fr: 'État', en: 'Status' },
  'profile.won': { fr: 'victoire', en: 'won' },
  'profile.left': { fr: 'partie quittée', en: 'left' },
});

interface RulesetCounts { ruleset: string; played: number; finished: number; won: number }

/** Games played, finished and won per ruleset (see the header). */
export async function gameCounts(db: Db, userId: number): Promise<RulesetCounts[]> {
  const rows = await db.query<RulesetCounts>(
    `WITH mine AS (SELECT game_id FROM seats WHERE user_id = $1 AND status <> 'open' UNION SELECT game_id FROM seat_departures WHERE user_id = $1)
     SELECT g.ruleset, count(*)::int AS played,
            count(*) FILTER (WHERE g.status = 'finished' AND s.status = 'active')::int AS finished,
            count(*) FILTER (WHERE g.status = 'finished' AND s.status = 'active' AND s.won)::int AS won
       FROM mine m JOIN games g ON g.id = m.game_id LEFT JOIN seats s ON s.game_id = g.id AND s.user_id = $1
      WHERE NOT g.is_demo AND g.status <> 'forming' GROUP BY g.ruleset ORDER BY g.ruleset`, [userId]);
  return rows.map((r) => ({ ruleset: r.ruleset, played: Number(r.played), finished: Number(r.finished), won: Number(r.won) }));
}

/**
 * The profile's sections from elsewhere (issue 19), between the reliability and the games: the
 * player's permanent rankings (ranking/pages.ts) and the heroes he placed in Valhalla
 * (valhalla/page.ts; nothing when he placed none).
 */
export const PROFILE_SECTIONS: { id: 'ranking' | 'valhalla'; render: ((ctx: AppCtx, userId: number, lang: Lang) => Promise<Html | string>) | null }[] = [
  { id: 'ranking', render: profileRankingSection },
  { id: 'valhalla', render: profileValhallaSection },
];

async function profilePage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const lang = v.lang;
  const login = String((req.params as { login?: string }).login ?? '').slice(0, 100);
  const u = login ? await ctx.db.one<{ id: number; login: string; created_at: Date; is_guest: boolean }>(
    'SELECT id, login, created_at, is_guest FROM users WHERE login_key = $1', [loginKey(login)]) : null;
  if (!u || u.is_guest) return notFound(req, reply);
  const userId = Number(u.id);
  const h = await historyOf(ctx.db, userId);
  const counts = await gameCounts(ctx.db, userId);
  const total = counts.reduce((a, c) => ({ played: a.played + c.played, finished: a.finished + c.finished, won: a.won + c.won }), { played: 0, finished: 0, won: 0 });
  // The games anyone may open: public (not private) or archived; never a demo.
  const list = await ctx.db.query<{ id: number; name: string; ruleset: string; map: string | null; status: string; lord_name: string | null; seat_status: string | null; won: boolean | null }>(
    `SELECT g.id, g.name, g.ruleset, g.options->>'map' AS map, g.status, s.lord_name, s.status AS seat_status, s.won
       FROM games g LEFT JOIN seats s ON s.game_id = g.id AND s.user_id = $1
      WHERE NOT g.is_demo AND g.status <> 'forming' AND (NOT g.is_private OR (${ARCHIVED_SQL}))
        AND (s.user_id IS NOT NULL AND s.status <> 'open' OR EXISTS (SELECT 1 FROM seat_departures d WHERE d.game_id = g.id AND d.user_id = $1))
      ORDER BY g.id DESC LIMIT 100`, [userId]);
  const extra: Html[] = [];
  for (const s of PROFILE_SECTIONS) if (s.render) extra.push(html`<div id="profile-${s.id}">${await s.render(ctx, userId, lang)}</div>`);
  const p = reliabilityPercent(h);
  const title = t(lang, 'profile.title', { login: u.login });
  const body = html`${pageHead()}<h1>${title}</h1>
    <p class="muted">${t(lang, 'profile.since', { date: formatDate(u.created_at, lang, ctx.config.timeZone, 'short') })}</p>
    <section class="card" id="profile-reliability"><h2>${t(lang, 'profile.reliability')}${t(lang, 'colon')}<span class="reliability" data-percent="${p === null ? '' : String(p)}">${reliabilityLabel(lang, h)}</span></h2>
      <ul><li>${t(lang, 'profile.turns', { a: h.turns.answered, n: h.turns.asked })}</li>
        <li>${t(lang, 'profile.prompts', { a: h.prompts.answered, n: h.prompts.asked })}</li>
        <li>${t(lang, 'profile.abandoned', { n: h.abandoned })}</li></ul>
      <p class="muted small">${t(lang, 'profile.reliability.help', { w: RELIABILITY.abandonWeight.value })}</p></section>
    ${extra}
    <section id="profile-games"><h2>${t(lang, 'profile.games')}</h2>
      ${counts.length ? html`<div class="table-wrap"><table class="data" id="profile-counts"><thead><tr><th>${t(lang, 'profile.col.rules')}</th><th>${t(lang, 'profile.col.played')}</th><th>${t(lang, 'profile.col.finished')}</th><th>${t(lang, 'profile.col.won')}</th></tr></thead>
        <tbody>${counts.map((c) => html`<tr data-ruleset="${c.ruleset}"><td>${rulesetTitle(c.ruleset, lang)}</td><td>${c.played}</td><td>${c.finished}</td><td>${c.won}</td></tr>`)}
        ${counts.length > 1 ? html`<tr><th scope="row">${t(lang, 'profile.col.total')}</th><td>${total.played}</td><td>${total.finished}</td><td>${total.won}</td></tr>` : ''}</tbody></table></div>`
        : html`<p class="muted">${t(lang, 'profile.no-games')}</p>`}</section>
    ${list.length ? html`<section><h2>${t(lang, 'profile.list')}</h2><div class="table-wrap"><table class="data" id="profile-list"><thead><tr><th>${t(lang, 'profile.col.game')}</th><th>${t(lang, 'profile.col.rules')}</th><th>${t(lang, 'profile.col.lord')}</th><th>${t(lang, 'profile.col.status')}</th></tr></thead>
      <tbody>${list.map((g) => html`<tr><td><a href="/games/${g.id}">${g.name}</a></td><td>${rulesetTitle(g.ruleset, lang)} · ${mapLabel(lang, g)}</td><td>${g.seat_status && g.seat_status !== 'open' ? g.lord_name : '—'}</td>
        <td>${t(lang, `gweb.status.${g.status}`)}${g.won ? html` · <strong>${t(lang, 'profile.won')}</strong>` : ''}${!g.seat_status || g.seat_status !== 'active' ? html` · <span class="muted">${t(lang, 'profile.left')}</span>` : ''}</td></tr>`)}</tbody></table></div></section>` : ''}`;
  return sendPage(reply, page(v, title, body, SCRIPTS));
}

function rulesetTitle(id: string, lang: Lang): string {
  return titleOf(id)?.[lang] ?? id;
}

export const profileRoutes: RouteModule = async (app, ctx) => {
  app.get('/players/:login', (req, reply) => profilePage(ctx, req, reply));
};
