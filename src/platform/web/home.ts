/**
 * The home page. A visitor sees the demos; a logged-in player first sees "my games": for each of
 * his games, the deadline (with a live countdown, in his own time zone: home.js), whether his
 * orders are missing, saved or ready, and what he has not read yet (reports, letters, forum
 * posts). The games waiting on him come first. Above them, « À vous de jouer » (issue 14): across
 * all his running games, those where a prompt or an order sheet waits for him, the most urgent
 * first, each with its deadline and a link to answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SRC_DIR } from '../../build-info.ts';
import type { FastifyInstance } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import { mapLabel, stepLabelIn, timeTag } from '../games/page-kit.ts';
import type { AppCtx, RouteModule } from '../http/server.ts';
import { sendPage } from '../http/server.ts';
import { html, type Html } from '../http/html.ts';
import { messages, t, term } from '../http/i18n.ts';
import { page, csrfField } from '../http/layout.ts';

messages({
  'home.title': { fr: 'Bienvenue à la cour', en: 'Welcome to the court' },
  'home.intro': {
    fr: 'Chaque semaine, les joueurs donnent leurs ordres en secret ; à l’échéance, l’arbitre résout le tour, phase après phase, et chacun reçoit son rapport.',
    en: 'Each week the players give their orders in secret; at the deadline the referee resolves the turn, phase by phase, and everyone receives a turn report.',
  },
  'home.demo': { fr: 'Jouer la partie de démonstration', en: 'Play the demo game' },
  'home.demo-help': {
    fr: 'Un seigneur contre neuf bots en Scandinavie ; le tour est résolu dès que vous marquez vos ordres prêts.',
    en: 'One lord against nine bots in Scandinavia; the turn resolves as soon as you mark your orders ready.',
  },
  'home.demo-ak': { fr: 'Essayer Adventurer Kings', en: 'Try Adventurer Kings' },
  'home.demo-ak-help': {
    fr: 'Un roi, ses héros et ses armées contre cinq rois robots, sur un monde de 162 provinces à explorer ; cinq saisons d’ordres par année.',
    en: 'One King, his Heroes and his armies against five bot Kings, on a world of 162 provinces to explore; five seasons of orders a year.',
  },
  'home.demo-fief': { fr: 'Essayer Fief', en: 'Try Fief' },
  'home.demo-fief-help': {
    fr: 'Une famille contre trois familles robots : mariages, élections, sièges ; le jeu vous pose ses questions une à une, au rythme en direct.',
    en: 'One family against three bot families: marriages, elections, sieges; the game asks you its questions one by one, at the live pace.',
  },
  'home.demo-wk': { fr: 'Essayer Warrior Knights', en: 'Try Warrior Knights' },
  'home.demo-wk-help': {
    fr: 'Un baron contre trois barons robots en route vers le trône vide : piles d’actions secrètes, Assemblée, sièges et expéditions ; au rythme en direct.',
    en: 'One baron against three bot barons racing for the empty throne: secret action piles, the Assembly, sieges and expeditions; at the live pace.',
  },
  'home.demos': { fr: 'Démonstrations', en: 'Demos' },
  'home.mine': { fr: 'Mes parties', en: 'My games' },
  'home.mine-none': { fr: 'Vous ne jouez dans aucune partie pour l’instant : essayez une démonstration, ou rejoignez la prochaine partie.', en: 'You are not playing in any game yet: try a demo, or join the next game.' },
  'home.all-games': { fr: 'Toutes les parties', en: 'All games' },
  'home.ranking': { fr: 'Le classement permanent des joueurs', en: 'The players’ permanent ranking' },
  'home.due': { fr: '{n} {n|partie attend|parties attendent} vos ordres.', en: '{n} {n|game is|games are} waiting for your orders.' },
  'home.you-play': { fr: 'Vous jouez {name}', en: 'You play {name}' },
  'home.deadline': { fr: 'Échéance', en: 'Deadline' },
  'home.left': { fr: 'encore {time}', en: '{time} left' },
  'home.passed': { fr: 'échéance passée : résolution en cours', en: 'deadline passed: the turn is being resolved' },
  'home.orders.missing': { fr: 'Ordres à donner', en: 'Orders missing' },
  'home.orders.saved': { fr: 'Ordres enregistrés, pas encore prêts', en: 'Orders saved, not ready yet' },
  'home.orders.ready': { fr: 'Ordres prêts', en: 'Orders ready' },
  'home.orders.none': { fr: 'Rien à donner ce tour-ci', en: 'Nothing to give this turn' },
  'home.forming': { fr: 'En formation : la partie commencera quand tous les joueurs l’auront rejointe.', en: 'Forming: the game starts when every player has joined.' },
  'home.finished': { fr: 'Partie terminée', en: 'Game over' },
  'home.left-seat': { fr: 'Vous avez quitté cette partie', en: 'You left this game' },
  'home.unread.reports': { fr: '{n} {n|nouveau|nouveaux} {word}', en: '{n} new {word}' },
  'home.unread.letters': { fr: '{n} {n|lettre non lue|lettres non lues}', en: '{n} unread {n|letter|letters}' },
  'home.unread.posts': { fr: '{n} {n|message non lu|messages non lus} au forum', en: '{n} unread forum {n|post|posts}' },
  'home.go.orders': { fr: 'Donner mes ordres', en: 'Give my orders' },
  'home.go.reports': { fr: 'Mes {word}', en: 'My {word}' },
  'home.go.letters': { fr: 'Lettres', en: 'Letters' },
  'home.go.forum': { fr: 'Forum', en: 'Forum' },
});

/** Orders of a seat for the step in progress. */
export type OrdersState = 'missing' | 'saved' | 'ready' | 'none';

export interface MyGame {
  id: number; name: string; ruleset: string; status: 'forming' | 'running' | 'finished'; isDemo: boolean;
  map: string | null; turnLabel: string; deadline: Date | null;
  /** A game of prompts (answered on /games/<id>/play), and whether its host paused it. */
  prompts: boolean; paused: boolean;
  lordName: string; seatStatus: string; orders: OrdersState;
  unreadReports: number; unreadLetters: number; unreadPosts: number;
}

/**
 * The games of a user as the home page lists them: those waiting on him first (orders missing,
 * then saved but not ready), each group by nearest deadline; then the other running games, the
 * forming ones, the finished ones.
 */
export async function myGames(ctx: AppCtx, userId: number): Promise<MyGame[]> {
  const rows = await ctx.db.query<Record<string, unknown>>(
    `SELECT g.id, g.name, g.ruleset, g.status, g.is_demo, g.options->>'map' AS map, g.turn_label, g.deadline, g.pace, g.paused_at,
            s.player, s.lord_name, s.status AS seat_status, s.asked,
            (SELECT CASE WHEN bool_or(h.ready) THEN 'ready' WHEN count(*) > 0 THEN 'saved' END
               FROM sheets h WHERE h.game_id = g.id AND h.player = s.player AND h.step = g.step + 1) AS sheet,
            (SELECT count(*)::int FROM reports r WHERE r.game_id = g.id AND r.player = s.player AND r.read_at IS NULL) AS unread_reports,
            (SELECT count(*)::int FROM letters l JOIN letter_members m ON m.thread_id = l.thread_id AND m.player = s.player
              WHERE l.game_id = g.id AND l.id > m.last_read_id AND l.author_player <> m.player AND l.hidden_at IS NULL) AS unread_letters,
            (SELECT count(*)::int FROM forum_posts p JOIN forum_threads th ON th.id = p.thread_id
               LEFT JOIN forum_reads fr ON fr.thread_id = p.thread_id AND fr.user_id = $1
              WHERE p.game_id = g.id AND th.hidden_at IS NULL AND p.hidden_at IS NULL AND p.author_user <> $1
                AND p.id > COALESCE(fr.last_read_id, 0)) AS unread_posts
       FROM seats s JOIN games g ON g.id = s.game_id
      WHERE s.user_id = $1 AND s.status <> 'open'
      ORDER BY g.id DESC LIMIT 200`, [userId]);
  const list = rows.map((r): MyGame => {
    const status = r.status as MyGame['status'];
    const active = status === 'running' && r.seat_status === 'active';
    const orders: OrdersState = !active || !r.asked ? 'none' : r.sheet === 'ready' || r.sheet === 'saved' ? r.sheet : 'missing';
    return {
      id: Number(r.id), name: String(r.name), ruleset: String(r.ruleset), status, isDemo: !!r.is_demo,
      map: typeof r.map === 'string' ? r.map : null, turnLabel: String(r.turn_label ?? ''),
      deadline: r.deadline ? new Date(r.deadline as string) : null,
      prompts: r.pace !== null && r.pace !== undefined, paused: !!r.paused_at,
      lordName: String(r.lord_name), seatStatus: String(r.seat_status), orders,
      unreadReports: Number(r.unread_reports), unreadLetters: Number(r.unread_letters), unreadPosts: Number(r.unread_posts),
    };
  });
  const rank = (g: MyGame) => (g.orders === 'missing' ? 0 : g.orders === 'saved' ? 1 : g.status === 'running' ? 2 : g.status === 'forming' ? 3 : 4);
  const due = (g: MyGame) => g.deadline?.getTime() ?? Infinity;
  return list.sort((a, b) => rank(a) - rank(b) || due(a) - due(b) || b.id - a.id);
}

/**
 * « À vous de jouer »: the games of the list where something waits for the user — a game of prompts
 * where he is asked and has not answered, a weekly game where he is asked and his sheet is not
 * ready — the earliest deadline first; paused games and games without a deadline after them.
 * From myGames' rows (seats.asked and the sheets): no ruleset call, no other query.
 */
export function yourTurn(list: MyGame[]): MyGame[] {
  const due = (g: MyGame) => (g.paused || !g.deadline ? Infinity : g.deadline.getTime());
  return list.filter((g) => g.status === 'running' && g.seatStatus === 'active' && (g.orders === 'missing' || g.orders === 'saved'))
    .sort((a, b) => due(a) - due(b) || Number(a.paused) - Number(b.paused) || b.id - a.id);
}

/** Where a waiting game is answered: the prompt page of a game of prompts, the order sheet of a weekly game. */
export const answerPath = (g: MyGame): string => (g.prompts ? `/games/${g.id}/play` : `/games/${g.id}/orders`);

function turnList(list: MyGame[], lang: Lang, tz: string): Html {
  return html`<section class="your-turn" aria-labelledby="your-turn-title">
    <h2 id="your-turn-title">${t(lang, 'home.turn')}</h2>
    <p class="muted">${t(lang, 'home.turn-help')}</p>
    <ol class="your-turn-list">${list.map((g) => html`<li data-game="${g.id}">
      <a href="${answerPath(g)}"><strong>${g.name}</strong></a> · ${g.lordName} ·
      ${g.paused ? html`<span class="badge">${t(lang, 'home.turn.paused')}</span>`
        : g.deadline ? html`<span class="turn-deadline">${t(lang, 'home.turn.before')} ${timeTag(g.deadline, lang, tz)}</span>`
        : html`<span class="muted">${t(lang, 'home.turn.no-deadline')}</span>`}
      <a class="button primary" href="${answerPath(g)}">${t(lang, g.prompts ? 'home.turn.play' : 'home.turn.orders')}</a>
    </li>`)}</ol>
  </section>`;
}

/** The server's text of the time left (home.js keeps it up to date in the browser). */
export function timeLeft(lang: Lang, ms: number): string {
  const min = Math.max(0, Math.floor(ms / 60_000));
  const d = Math.floor(min / 1440);
  const h = Math.floor((min % 1440) / 60);
  const m = min % 60;
  const parts = d > 0 ? [`${d} ${lang === 'fr' ? 'j' : 'd'}`, `${h} h`] : h > 0 ? [`${h} h`, `${String(m).padStart(2, '0')} min`] : [`${m} min`];
  return parts.join(' ');
}

function gameCard(g: MyGame, lang: Lang, tz: string, now: Date): Html {
  const rs = getRuleset(g.ruleset).ruleset;
  const terms = rs.terms;
  const label = g.turnLabel ? stepLabelIn(g, lang) : '';
  const waiting = g.orders === 'missing' || g.orders === 'saved';
  const left = g.deadline ? g.deadline.getTime() - now.getTime() : 0;
  const state = g.status === 'forming' ? html`<p class="muted">${t(lang, 'home.forming')}</p>`
    : g.status === 'finished' ? html`<p class="muted">${t(lang, 'home.finished')}</p>`
    : g.seatStatus !== 'active' ? html`<p class="muted">${t(lang, 'home.left-seat')}</p>`
    : html`<p class="orders-state"><span class="badge orders-${g.orders}${waiting ? ' warn' : ''}">${t(lang, `home.${g.prompts ? 'prompt' : 'orders'}.${g.orders}`)}</span></p>`;
  const unread: Html[] = [];
  if (g.unreadReports > 0) unread.push(html`<a class="badge warn unread-reports" href="/games/${g.id}/reports">${t(lang, 'home.unread.reports', { n: g.unreadReports, word: term(lang, terms, 'report', g.unreadReports) })}</a>`);
  if (g.unreadLetters > 0) unread.push(html`<a class="badge warn unread-letters" href="/games/${g.id}/letters">${t(lang, 'home.unread.letters', { n: g.unreadLetters })}</a>`);
  if (g.unreadPosts > 0) unread.push(html`<a class="badge warn unread-posts" href="/games/${g.id}/forum">${t(lang, 'home.unread.posts', { n: g.unreadPosts })}</a>`);
  return html`<li class="my-game${waiting ? ' waiting' : ''}" data-game="${g.id}" data-orders="${g.orders}">
    <h3><a href="/games/${g.id}">${g.name}</a></h3>
    <p class="meta">${rs.title[lang]}${g.map ? html` · ${mapLabel(lang, g)}` : ''}${label ? html` · ${label}` : ''} · ${t(lang, 'home.you-play', { name: g.lordName })}</p>
    ${g.status === 'running' && g.deadline ? html`<p class="deadline">${t(lang, 'home.deadline')}${t(lang, 'colon')}${timeTag(g.deadline, lang, tz)}
      <br><strong class="countdown" data-deadline="${g.deadline.toISOString()}" data-left="${t(lang, 'home.left', { time: '{time}' })}" data-passed="${t(lang, 'home.passed')}">${left > 0 ? t(lang, 'home.left', { time: timeLeft(lang, left) }) : t(lang, 'home.passed')}</strong></p>` : ''}
    ${state}
    ${unread.length ? html`<p class="unread">${unread.map((u, i) => html`${i ? ' ' : ''}${u}`)}</p>` : ''}
    <p class="actions">${g.status === 'running' && g.seatStatus === 'active' ? html`<a class="button${waiting ? ' primary' : ''}" href="${answerPath(g)}">${t(lang, g.prompts ? 'home.turn.play' : 'home.go.orders')}</a> ` : ''}<a href="/games/${g.id}/reports">${t(lang, 'home.go.reports', { word: term(lang, terms, 'report', 2) })}</a> · <a href="/games/${g.id}/letters">${t(lang, 'home.go.letters')}</a> · <a href="/games/${g.id}/forum">${t(lang, 'home.go.forum')}</a></p>
  </li>`;
}

/** The site's icon (a small red and gold shield), asked by every browser at /favicon.ico. */
const FAVICON = readFileSync(join(SRC_DIR, 'platform', 'web', 'static', 'favicon.ico'));

export const homeRoutes: RouteModule = (app: FastifyInstance, ctx: AppCtx) => {
  app.get('/favicon.ico', async (_req, reply) => reply.type('image/x-icon').header('Cache-Control', 'public, max-age=86400').send(FAVICON));

  app.get('/', async (req, reply) => {
    const v = req.visitor;
    const lang = v.lang;
    const demos = html`
      <form method="post" action="/demo">${csrfField(v)}<button type="submit" class="primary">${t(lang, 'home.demo')}</button></form>
      <p class="muted">${t(lang, 'home.demo-help')}</p>
      <form method="post" action="/demo">${csrfField(v)}<input type="hidden" name="ruleset" value="adventurer-kings"><button type="submit">${t(lang, 'home.demo-ak')}</button></form>
      <p class="muted">${t(lang, 'home.demo-ak-help')}</p>
      <form method="post" action="/demo">${csrfField(v)}<input type="hidden" name="ruleset" value="fief"><button type="submit">${t(lang, 'home.demo-fief')}</button></form>
      <p class="muted">${t(lang, 'home.demo-fief-help')}</p>
      <form method="post" action="/demo">${csrfField(v)}<input type="hidden" name="ruleset" value="warrior-knights"><button type="submit">${t(lang, 'home.demo-wk')}</button></form>
      <p class="muted">${t(lang, 'home.demo-wk-help')}</p>`;
    if (!v.user) {
      return sendPage(reply, page(v, t(lang, 'home.title'), html`
      <h1>${t(lang, 'home.title')}</h1>
      <p class="lead">${t(lang, 'home.intro')}</p>${demos}
      <p><a href="/ranking">${t(lang, 'home.ranking')}</a></p>`));
    }
    const list = await myGames(ctx, v.user.id);
    const now = ctx.now();
    const dueCount = list.filter((g) => g.orders === 'missing' || g.orders === 'saved').length;
    const turn = yourTurn(list);
    return sendPage(reply, page(v, t(lang, 'home.mine'), html`
      <h1>${t(lang, 'home.mine')}</h1>
      ${dueCount ? html`<p class="lead due-count">${t(lang, 'home.due', { n: dueCount })}</p>` : ''}
      ${turn.length ? turnList(turn, lang, ctx.config.timeZone) : ''}
      ${list.length
        ? html`<ul class="my-games">${list.map((g) => gameCard(g, lang, ctx.config.timeZone, now))}</ul>`
        : html`<p class="muted">${t(lang, 'home.mine-none')}</p>`}
      <p><a href="/games">${t(lang, 'home.all-games')}</a> · <a href="/ranking">${t(lang, 'home.ranking')}</a></p>
      <section><h2>${t(lang, 'home.demos')}</h2>${demos}</section>`, { scripts: ['/static/local-time.js', '/static/home.js'] }));
  });
};
