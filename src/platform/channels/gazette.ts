/**
 * The Gazette of a game: anonymous articles, read by every lord of the game (and everyone once the
 * game is over), written by lords whose seat is active. Authors write HTML, kept only as far as the
 * policy of sanitize.ts allows (sanitised when stored, and again every time it is rendered).
 *
 * Anonymity. Nothing that a player (or anyone but the host) can see depends on who wrote an
 * article or on when, within its day, it was written:
 *  - pages show the title, the day of publication (a DATE: no time is stored) and the body —
 *    never an author, a lord, a login, a user id or a time;
 *  - within a day, articles are ordered by a random key (order_key), never by insertion;
 *  - an article's id is a random 9-digit number, not the table's sequence, so ids (in links, in
 *    the report forms) say nothing of the order of writing either;
 *  - publishing answers with the same redirect to the gazette page as any visit leads to; nothing
 *    marks "your article": the author's page is the same as any other lord's, including the
 *    "new" marks (the author's own article is new to him as to everybody, until he has seen it);
 *  - every article carries the same report form for every logged-in reader, the author included;
 *  - notifications (notify/service.ts) go to every lord, the author included, and the gazette is
 *    only ever mailed in the daily batch, so no mail's time points at the author.
 * Only the host of the game (or of the site) can learn an author, on a page of its own
 * (/games/:id/gazette/:article/author, 404 for everyone else), by giving a reason; every such
 * access is recorded in author_access_log (and listed on that page).
 *
 * Moderation: a hidden article stays in the database; readers see "hidden by the moderation" in
 * its place, the host sees it with who hid it and why.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import type { Db } from '../db/index.ts';
import { parseId, timeTag } from '../games/page-kit.ts';
import { formStr, forbidden, notFound, pageParam, readablePublicChannel } from './pages.ts';
import { html, raw, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { csrfField, page } from '../http/layout.ts';
import { sendPage, type AppCtx, type RouteModule, type Visitor } from '../http/server.ts';
import { notifier } from '../notify/service.ts';
import { canWrite, gameAccess, type GameAccess } from './access.ts';
import { MAX_ARTICLE_CHARS, sanitizeArticle } from './sanitize.ts';

export const ARTICLES_PER_PAGE = 20;
export const ARTICLE_TITLE_MAX = 120;
export const ACCESS_REASON_MAX = 500;

messages({
  'gaz.pages': { fr: 'Pages de la gazette', en: 'Gazette pages' },
  'gaz.title': { fr: 'La Gazette', en: 'The Gazette' },
  'gaz.of-game': { fr: 'La Gazette — {game}', en: 'The Gazette — {game}' },
  'gaz.help': {
    fr: 'La Gazette publie des articles anonymes : aucun lecteur ne sait qui les a écrits, ni à quelle heure ; seul le jour de parution est indiqué.',
    en: 'The Gazette publishes anonymous articles: no reader knows who wrote them, nor at what time; only the day of publication is shown.',
  },
  'gaz.back-game': { fr: 'Retour à la partie', en: 'Back to the game' },
  'gaz.back-list': { fr: 'Toute la Gazette', en: 'The whole Gazette' },
  'gaz.forum': { fr: 'Forum', en: 'Forum' },
  'gaz.none': { fr: 'Aucun article pour l’instant.', en: 'No article yet.' },
  'gaz.new-mark': { fr: 'nouveau', en: 'new' },
  'gaz.write': { fr: 'Écrire un article', en: 'Write an article' },
  'gaz.write-help': {
    fr: 'Votre article paraît sans nom, daté du jour seulement. Vous pouvez écrire en HTML : paragraphes, gras, italique, titres (h2–h4), listes, citations, tableaux, liens (http, https, mailto) et images par adresse (http, https), chacune avec sa description (alt="…"). Le reste (scripts, styles, formulaires…) est retiré.',
    en: 'Your article appears without a name, dated by the day only. You may write HTML: paragraphs, bold, italics, headings (h2–h4), lists, quotations, tables, links (http, https, mailto) and images by address (http, https), each with its description (alt="…"). Everything else (scripts, styles, forms…) is removed.',
  },
  'gaz.field.title': { fr: 'Titre', en: 'Title' },
  'gaz.field.body': { fr: 'Article (HTML)', en: 'Article (HTML)' },
  'gaz.preview': { fr: 'Aperçu', en: 'Preview' },
  'gaz.alt-missing': {
    fr: '{n} {n|image n’a|images n’ont} pas de description : ajoutez alt="…" à chaque balise img (ce que montre l’image), pour les lecteurs qui ne la voient pas. Sans description, l’image est tenue pour décorative.',
    en: '{n} {n|image has|images have} no description: add alt="…" to each img tag (what the image shows), for readers who cannot see it. Without one, the image is taken as decorative.',
  },
  'gaz.preview-title': { fr: 'Aperçu (rien n’est encore publié)', en: 'Preview (nothing is published yet)' },
  'gaz.publish': { fr: 'Publier anonymement', en: 'Publish anonymously' },
  'gaz.cannot-write': { fr: 'Vous ne pouvez pas écrire dans cette Gazette.', en: 'You cannot write in this Gazette.' },
  'gaz.lords-only': { fr: 'La Gazette de cette partie est réservée à ses seigneurs jusqu’à la fin de la partie.', en: 'This game’s Gazette is for its lords until the game is over.' },
  'gaz.hidden': { fr: 'Article masqué par la modération.', en: 'Article hidden by the moderation.' },
  'gaz.hidden-by': { fr: 'Masqué par {who} : {reason}', en: 'Hidden by {who}: {reason}' },
  'gaz.report': { fr: 'Signaler cet article', en: 'Report this article' },
  'gaz.report-reason': { fr: 'Motif du signalement', en: 'Reason for the report' },
  'gaz.report-send': { fr: 'Signaler à l’hôte', en: 'Report to the host' },
  'gaz.reported': { fr: 'Votre signalement a été transmis à l’hôte de la partie.', en: 'Your report has been sent to the game’s host.' },
  'gaz.author-link': { fr: 'Auteur (hôte, consultation consignée)', en: 'Author (host; the lookup is logged)' },
  'gaz.author.title': { fr: 'Auteur d’un article', en: 'Author of an article' },
  'gaz.author.help': {
    fr: 'Réservé à l’hôte, pour la modération. Chaque consultation est consignée avec son motif, et les autres hôtes la voient ici.',
    en: 'For the host only, for moderation. Every lookup is logged with its reason, and other hosts see it here.',
  },
  'gaz.author.reason': { fr: 'Motif de la consultation', en: 'Reason for the lookup' },
  'gaz.author.show': { fr: 'Voir l’auteur', en: 'Show the author' },
  'gaz.author.result': { fr: 'Cet article a été écrit par le seigneur {lord} (compte {login}).', en: 'This article was written by the lord {lord} (account {login}).' },
  'gaz.author.no-seat': { fr: 'Cet article a été écrit par le compte {login}, qui n’a plus de siège dans la partie.', en: 'This article was written by the account {login}, which no longer holds a seat in the game.' },
  'gaz.author.log': { fr: 'Consultations précédentes', en: 'Previous lookups' },
  'gaz.author.log-none': { fr: 'Aucune.', en: 'None.' },
  'gaz.author.log-line': { fr: '{who} : {reason}', en: '{who}: {reason}' },
  'gaz.page': { fr: 'Page {n} sur {of}', en: 'Page {n} of {of}' },
  'gaz.prev': { fr: '← Plus récents', en: '← Newer' },
  'gaz.next': { fr: 'Plus anciens →', en: 'Older →' },
  'gaz.err.title': { fr: 'Donnez un titre à l’article ({max} caractères au plus).', en: 'Give the article a title ({max} characters at most).' },
  'gaz.err.body': { fr: 'L’article est vide ou trop long ({max} caractères au plus).', en: 'The article is empty or too long ({max} characters at most).' },
  'gaz.err.empty': { fr: 'Il ne reste rien de l’article une fois le HTML nettoyé.', en: 'Nothing is left of the article once its HTML is cleaned.' },
  'gaz.err.reason': { fr: 'Donnez le motif de la consultation ({max} caractères au plus).', en: 'Give the reason for the lookup ({max} characters at most).' },
  'gaz.mail.subject': { fr: '{game} — la Gazette : {title}', en: '{game} — the Gazette: {title}' },
  'gaz.mail.line': { fr: '« {title} »', en: '“{title}”' },
  'gaz.mail.text': { fr: 'La Gazette de la partie « {game} » a publié l’article « {title} ».', en: 'The Gazette of the game “{game}” has published the article “{title}”.' },
});

// ───────────────────────────────────────────────────────────── service

export class GazetteError extends Error {
  constructor(readonly key: string, readonly vars: Record<string, string | number> = {}) { super(key); }
}

export interface Hidden { at: Date; by: string | null; reason: string | null }
/** An article as readers see it: no author, no time (the day is 'YYYY-MM-DD'). */
export interface Article { id: number; title: string; bodyHtml: string; day: string; hidden: Hidden | null }

const ARTICLE_COLS = `a.id, a.title, a.body_html, to_char(a.published_day, 'YYYY-MM-DD') AS day,
  a.hidden_at, a.hidden_reason, hb.login AS hidden_by_login`;

const toArticle = (r: Record<string, any>): Article => ({
  id: Number(r.id), title: r.title, bodyHtml: r.body_html, day: r.day,
  hidden: r.hidden_at ? { at: new Date(r.hidden_at), by: r.hidden_by_login ?? null, reason: r.hidden_reason ?? null } : null,
});

/** The UTC day of a date, 'YYYY-MM-DD'. */
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

/** One page of a game's gazette: newest day first, within a day by the random key. */
export async function listArticles(db: Db, gameId: number, pageNo: number): Promise<{ articles: Article[]; total: number; pages: number; page: number }> {
  const total = Number((await db.one('SELECT count(*)::int AS n FROM gazette_articles WHERE game_id = $1', [gameId]))!.n);
  const pages = Math.max(1, Math.ceil(total / ARTICLES_PER_PAGE));
  const p = Math.min(Math.max(1, pageNo), pages);
  const rows = await db.query(
    `SELECT ${ARTICLE_COLS} FROM gazette_articles a LEFT JOIN users hb ON hb.id = a.hidden_by
      WHERE a.game_id = $1 ORDER BY a.published_day DESC, a.order_key ASC LIMIT $2 OFFSET $3`,
    [gameId, ARTICLES_PER_PAGE, (p - 1) * ARTICLES_PER_PAGE]);
  return { articles: rows.map(toArticle), total, pages, page: p };
}

export async function getArticle(db: Db, gameId: number, id: number): Promise<Article | null> {
  const r = await db.one(`SELECT ${ARTICLE_COLS} FROM gazette_articles a LEFT JOIN users hb ON hb.id = a.hidden_by WHERE a.id = $1 AND a.game_id = $2`, [id, gameId]);
  return r ? toArticle(r) : null;
}

const parseSeen = (v: unknown): number[] => {
  const x = typeof v === 'string' ? JSON.parse(v) as unknown : v;
  return Array.isArray(x) ? x.map(Number).filter((n) => Number.isInteger(n)) : [];
};

/** The ids of a game's articles the user has already seen. */
export async function seenIds(db: Db, gameId: number, userId: number): Promise<Set<number>> {
  const r = await db.one('SELECT seen_ids FROM gazette_reads WHERE user_id = $1 AND game_id = $2', [userId, gameId]);
  return new Set(r ? parseSeen(r.seen_ids) : []);
}

/** Records that the user has seen these articles (whoever wrote them). */
export async function markSeen(ctx: AppCtx, gameId: number, userId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await ctx.db.tx(async (db) => {
    await db.query(`INSERT INTO gazette_reads(user_id, game_id, seen_ids) VALUES ($1, $2, '[]') ON CONFLICT (user_id, game_id) DO NOTHING`, [userId, gameId]);
    const r = await db.one('SELECT seen_ids FROM gazette_reads WHERE user_id = $1 AND game_id = $2 FOR UPDATE', [userId, gameId]);
    const seen = new Set(parseSeen(r?.seen_ids));
    const before = seen.size;
    for (const id of ids) seen.add(id);
    if (seen.size !== before) {
      await db.query('UPDATE gazette_reads SET seen_ids = $3 WHERE user_id = $1 AND game_id = $2', [userId, gameId, JSON.stringify([...seen].sort((a, b) => a - b))]);
    }
  });
}

/** The number of visible articles of a game the user has not seen yet (for the game page). */
export async function gazetteUnread(db: Db, gameId: number, userId: number): Promise<number> {
  const seen = await seenIds(db, gameId, userId);
  const rows = await db.query<{ id: number }>('SELECT id FROM gazette_articles WHERE game_id = $1 AND hidden_at IS NULL', [gameId]);
  return rows.filter((r) => !seen.has(Number(r.id))).length;
}

function checkTitle(s: string): string {
  const x = s.replace(/\u0000/g, '').replace(/\s+/g, ' ').trim();
  if (!x || x.length > ARTICLE_TITLE_MAX) throw new GazetteError('gaz.err.title', { max: ARTICLE_TITLE_MAX });
  return x;
}

function checkBody(s: string): string {
  if (!s.trim() || s.length > MAX_ARTICLE_CHARS) throw new GazetteError('gaz.err.body', { max: MAX_ARTICLE_CHARS });
  const clean = sanitizeArticle(s);
  if (!clean.replace(/<(?!img\b)[^>]*>/gi, '').replace(/&nbsp;|\s/g, '')) throw new GazetteError('gaz.err.empty');
  return clean;
}

/**
 * Publishes an article: sanitised HTML, dated by the UTC day only, a random id and a random order
 * key; every lord of the game (the author included) is notified, in the same transaction.
 */
export async function writeArticle(ctx: AppCtx, input: { gameId: number; userId: number; title: string; bodyHtml: string }): Promise<number> {
  const title = checkTitle(input.title);
  const body = checkBody(input.bodyHtml);
  return ctx.db.tx(async (db) => {
    const day = utcDay(ctx.now());
    let id = 0;
    for (let i = 0; i < 10 && !id; i++) {
      const r = await db.one<{ id: number }>(
        `INSERT INTO gazette_articles(id, game_id, author_user, title, body_html, published_day, order_key)
         VALUES ($1, $2, $3, $4, $5, $6::date, $7) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [randomInt(100_000_000, 1_000_000_000), input.gameId, input.userId, title, body, day, randomBytes(12).toString('hex')]);
      if (r) id = Number(r.id);
    }
    if (!id) throw new Error('could not draw a free article id');
    const users = await db.query<{ user_id: number }>(
      `SELECT DISTINCT user_id FROM seats WHERE game_id = $1 AND user_id IS NOT NULL AND status <> 'open'`, [input.gameId]);
    if (users.length) {
      const g = await db.one<{ name: string }>('SELECT name FROM games WHERE id = $1', [input.gameId]);
      const vars = { game: g?.name ?? '', title };
      const both = (key: string) => ({ fr: t('fr', key, vars), en: t('en', key, vars) });
      await notifier.notify(ctx, db, {
        channel: 'gazette', gameId: input.gameId, userIds: users.map((u) => Number(u.user_id)),
        line: both('gaz.mail.line'), subject: both('gaz.mail.subject'), text: both('gaz.mail.text'),
        link: `/games/${input.gameId}/gazette/${id}`,
      });
    }
    return id;
  });
}

/** For the host: who wrote an article. The access is logged with its reason. */
export async function revealAuthor(ctx: AppCtx, input: { gameId: number; articleId: number; hostUserId: number; reason: string }): Promise<{ login: string; lordName: string | null } | null> {
  const reason = input.reason.replace(/\u0000/g, '').replace(/\s+/g, ' ').trim();
  if (!reason || reason.length > ACCESS_REASON_MAX) throw new GazetteError('gaz.err.reason', { max: ACCESS_REASON_MAX });
  return ctx.db.tx(async (db) => {
    const r = await db.one(
      `SELECT u.login, s.lord_name FROM gazette_articles a JOIN users u ON u.id = a.author_user
         LEFT JOIN seats s ON s.game_id = a.game_id AND s.user_id = a.author_user AND s.status <> 'open'
        WHERE a.id = $1 AND a.game_id = $2`, [input.articleId, input.gameId]);
    if (!r) return null;
    await db.query('INSERT INTO author_access_log(article_id, host_user, reason, at) VALUES ($1, $2, $3, $4)',
      [input.articleId, input.hostUserId, reason, ctx.now()]);
    return { login: r.login, lordName: r.lord_name ?? null };
  });
}

// ───────────────────────────────────────────────────────────── pages

const readable = (ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) => readablePublicChannel(ctx, req, reply, 'gaz.lords-only', 'gaz.back-game');

function dayLabel(day: string, l: Lang): string {
  const d = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(l === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(d);
}

function crumbs(l: Lang, a: GameAccess, inArticle: boolean): Html {
  return html`<p class="crumbs"><a href="/games/${a.gameId}">${t(l, 'gaz.back-game')}</a>${inArticle ? html` · <a href="/games/${a.gameId}/gazette">${t(l, 'gaz.back-list')}</a>` : ''} · <a href="/games/${a.gameId}/forum">${t(l, 'gaz.forum')}</a></p>`;
}

function articleBlock(v: Visitor, a: GameAccess, x: Article, unread: boolean, back: string): Html {
  const l = v.lang;
  const base = `/games/${a.gameId}/gazette`;
  if (x.hidden && !a.host) {
    return html`<article class="gazette-article hidden-content" id="a${x.id}" data-article="${x.id}">
  <p class="muted hidden-note"><em>${t(l, 'gaz.hidden')}</em></p>
</article>`;
  }
  return html`<article class="gazette-article${unread ? ' unread' : ''}${x.hidden ? ' hidden-content' : ''}" id="a${x.id}" data-article="${x.id}">
  <h3><a href="${base}/${x.id}">${x.title}</a>${unread ? html` <span class="badge warn new-mark">${t(l, 'gaz.new-mark')}</span>` : ''}</h3>
  ${x.hidden ? html`<p class="muted hidden-note"><em>${t(l, 'gaz.hidden')}</em> <span class="badge warn">${t(l, 'gaz.hidden-by', { who: x.hidden.by ?? '?', reason: x.hidden.reason ?? '' })}</span></p>` : ''}
  <div class="article-body">${raw(sanitizeArticle(x.bodyHtml))}</div>
  <footer class="article-actions">
    ${a.host ? html`<p><a class="author-link" href="${base}/${x.id}/author">${t(l, 'gaz.author-link')}</a></p>` : ''}
    ${v.user && !x.hidden ? html`<details class="report"><summary>${t(l, 'gaz.report')}</summary>
    <form method="post" action="/report" class="inline">
      ${csrfField(v)}
      <input type="hidden" name="kind" value="article"><input type="hidden" name="id" value="${x.id}"><input type="hidden" name="back" value="${back}">
      <label for="reason-${x.id}">${t(l, 'gaz.report-reason')}</label>
      <input id="reason-${x.id}" name="reason" required maxlength="500">
      <button type="submit">${t(l, 'gaz.report-send')}</button>
    </form></details>` : ''}
  </footer>
</article>`;
}

function pager(l: Lang, base: string, p: number, pages: number): Html {
  if (pages <= 1) return html``;
  return html`<nav class="pager" aria-label="${t(l, 'gaz.pages')}">
  ${p > 1 ? html`<a href="${base}?page=${p - 1}" rel="prev">${t(l, 'gaz.prev')}</a>` : ''}
  <span>${t(l, 'gaz.page', { n: p, of: pages })}</span>
  ${Array.from({ length: pages }, (_, i) => i + 1).filter((n) => pages <= 12 || n === 1 || n === pages || Math.abs(n - p) <= 2)
    .map((n) => (n === p ? html` <strong>${n}</strong>` : html` <a href="${base}?page=${n}">${n}</a>`))}
  ${p < pages ? html` <a href="${base}?page=${p + 1}" rel="next">${t(l, 'gaz.next')}</a>` : ''}
</nav>`;
}

interface WriteForm { title?: string; body?: string; error?: string | null; preview?: string | null }

/** How many images of the article as written have no alt text (the sanitiser then marks them decorative). */
function missingAlt(body: string): number {
  return (sanitizeArticle(body).match(/<img\b[^>]*>/g) ?? []).filter((tag) => /\balt=""/.test(tag)).length;
}

function writeSection(v: Visitor, a: GameAccess, f: WriteForm): Html {
  const l = v.lang;
  if (!canWrite(a)) return html``;
  return html`<section id="write">
  <h2>${t(l, 'gaz.write')}</h2>
  <p class="muted">${t(l, 'gaz.write-help')}</p>
  ${f.error ? html`<p class="error" role="alert">${f.error}</p>` : ''}
  ${f.preview !== undefined && f.preview !== null && missingAlt(f.preview) ? html`<p class="notice" id="alt-missing">${t(l, 'gaz.alt-missing', { n: missingAlt(f.preview) })}</p>` : ''}
  ${f.preview !== undefined && f.preview !== null ? html`<div class="preview"><h3>${t(l, 'gaz.preview-title')}</h3>
    <article class="gazette-article preview"><h3>${f.title ?? ''}</h3><div class="article-body">${raw(sanitizeArticle(f.preview))}</div></article></div>` : ''}
  <form method="post" action="/games/${a.gameId}/gazette" class="stack" id="write-form">
    ${csrfField(v)}
    <label for="article-title">${t(l, 'gaz.field.title')}</label>
    <input id="article-title" name="title" required maxlength="${ARTICLE_TITLE_MAX}" value="${f.title ?? ''}">
    <label for="article-body">${t(l, 'gaz.field.body')}</label>
    <textarea id="article-body" name="body" required maxlength="${MAX_ARTICLE_CHARS}" rows="14">${f.body ?? ''}</textarea>
    <p><button type="submit" name="preview" value="1">${t(l, 'gaz.preview')}</button>
       <button type="submit" class="primary">${t(l, 'gaz.publish')}</button></p>
  </form>
</section>`;
}

async function gazettePage(ctx: AppCtx, v: Visitor, a: GameAccess, pageNo: number, f: WriteForm, notice: string | null): Promise<{ html: string; shown: number[] }> {
  const l = v.lang;
  const base = `/games/${a.gameId}/gazette`;
  const list = await listArticles(ctx.db, a.gameId, pageNo);
  const seen = v.user ? await seenIds(ctx.db, a.gameId, v.user.id) : null;
  const days: { day: string; items: Article[] }[] = [];
  for (const x of list.articles) {
    if (days.length && days[days.length - 1]!.day === x.day) days[days.length - 1]!.items.push(x);
    else days.push({ day: x.day, items: [x] });
  }
  const back = list.page > 1 ? `${base}?page=${list.page}` : base;
  const title = t(l, 'gaz.of-game', { game: a.name });
  const body = html`
${crumbs(l, a, false)}
<h1>${title}</h1>
<p class="muted">${t(l, 'gaz.help')}</p>
${notice ? html`<p class="notice">${t(l, notice)}</p>` : ''}
${list.articles.length === 0 ? html`<p>${t(l, 'gaz.none')}</p>` : ''}
<div id="gazette">
${days.map((d) => html`<section class="gazette-day" data-day="${d.day}">
  <h2><time datetime="${d.day}">${dayLabel(d.day, l)}</time></h2>
  ${d.items.map((x) => articleBlock(v, a, x, !!seen && !seen.has(x.id) && !x.hidden, back))}
</section>`)}
</div>
${pager(l, base, list.page, list.pages)}
${writeSection(v, a, f)}`;
  return { html: page(v, title, body), shown: list.articles.filter((x) => !x.hidden).map((x) => x.id) };
}

async function articlePage(ctx: AppCtx, v: Visitor, a: GameAccess, x: Article, notice: string | null): Promise<string> {
  const l = v.lang;
  const seen = v.user ? await seenIds(ctx.db, a.gameId, v.user.id) : null;
  const title = x.hidden && !a.host ? t(l, 'gaz.hidden') : x.title;
  return page(v, `${title} — ${t(l, 'gaz.title')}`, html`
${crumbs(l, a, true)}
<h1>${t(l, 'gaz.of-game', { game: a.name })}</h1>
${notice ? html`<p class="notice">${t(l, notice)}</p>` : ''}
<section class="gazette-day" data-day="${x.day}">
  <h2><time datetime="${x.day}">${dayLabel(x.day, l)}</time></h2>
  ${articleBlock(v, a, x, !!seen && !seen.has(x.id) && !x.hidden, `/games/${a.gameId}/gazette/${x.id}`)}
</section>`);
}

async function authorPage(ctx: AppCtx, v: Visitor, a: GameAccess, x: Article, o: { error?: string | null; reason?: string; result?: { login: string; lordName: string | null } | null }): Promise<string> {
  const l = v.lang;
  const tz = ctx.config.timeZone;
  const base = `/games/${a.gameId}/gazette/${x.id}`;
  const log = await ctx.db.query(
    `SELECT l.reason, l.at, u.login FROM author_access_log l JOIN users u ON u.id = l.host_user WHERE l.article_id = $1 ORDER BY l.id`, [x.id]);
  return page(v, t(l, 'gaz.author.title'), html`
${crumbs(l, a, true)}
<h1>${t(l, 'gaz.author.title')}</h1>
<p><a href="${base}">${x.title}</a> — <time datetime="${x.day}">${dayLabel(x.day, l)}</time></p>
<p class="muted">${t(l, 'gaz.author.help')}</p>
${o.result ? html`<p class="notice author-result">${o.result.lordName
    ? t(l, 'gaz.author.result', { lord: o.result.lordName, login: o.result.login })
    : t(l, 'gaz.author.no-seat', { login: o.result.login })}</p>` : ''}
${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ''}
<form method="post" action="${base}/author" class="stack" id="author-form">
  ${csrfField(v)}
  <label for="access-reason">${t(l, 'gaz.author.reason')}</label>
  <input id="access-reason" name="reason" required maxlength="${ACCESS_REASON_MAX}" value="${o.reason ?? ''}">
  <p><button type="submit">${t(l, 'gaz.author.show')}</button></p>
</form>
<h2>${t(l, 'gaz.author.log')}</h2>
${log.length ? html`<ul class="access-log">${log.map((r) => html`<li>${timeTag(r.at, l, tz, 'short')} — ${t(l, 'gaz.author.log-line', { who: r.login, reason: r.reason })}</li>`)}</ul>`
    : html`<p class="muted">${t(l, 'gaz.author.log-none')}</p>`}`);
}

export const gazetteRoutes: RouteModule = (app, ctx) => {
  app.get('/games/:id/gazette', async (req, reply) => {
    const a = await readable(ctx, req, reply);
    if (!a) return reply;
    const q = (req.query ?? {}) as Record<string, unknown>;
    const r = await gazettePage(ctx, req.visitor, a, pageParam(q), {}, q.reported === '1' ? 'gaz.reported' : null);
    if (req.visitor.user) await markSeen(ctx, a.gameId, req.visitor.user.id, r.shown);
    return sendPage(reply, r.html);
  });

  app.post('/games/:id/gazette', async (req, reply) => {
    const a = await readable(ctx, req, reply);
    if (!a) return reply;
    const v = req.visitor;
    if (!canWrite(a) || !v.user) return forbidden(req, reply, a, 'gaz.cannot-write', 'gaz.back-game');
    const b = (req.body ?? {}) as Record<string, unknown>;
    const f: WriteForm = { title: formStr(b.title, ARTICLE_TITLE_MAX * 2), body: formStr(b.body, MAX_ARTICLE_CHARS) };
    if (b.preview !== undefined && b.preview !== '') {
      // A preview: nothing is stored, nothing is marked seen.
      const r = await gazettePage(ctx, v, a, 1, { ...f, preview: f.body ?? '' }, null);
      return sendPage(reply, r.html);
    }
    try {
      await writeArticle(ctx, { gameId: a.gameId, userId: v.user.id, title: f.title!, bodyHtml: f.body! });
      // The same answer as any visit: the gazette itself, nothing that says "your article".
      return reply.redirect(`/games/${a.gameId}/gazette`, 303);
    } catch (e) {
      if (!(e instanceof GazetteError)) throw e;
      const r = await gazettePage(ctx, v, a, 1, { ...f, error: t(v.lang, e.key, e.vars) }, null);
      return sendPage(reply, r.html, 400);
    }
  });

  app.get('/games/:id/gazette/:article', async (req, reply) => {
    const a = await readable(ctx, req, reply);
    if (!a) return reply;
    const id = parseId((req.params as { article?: string }).article);
    const x = id === null ? null : await getArticle(ctx.db, a.gameId, id);
    if (!x) return notFound(req, reply);
    const q = (req.query ?? {}) as Record<string, unknown>;
    const body = await articlePage(ctx, req.visitor, a, x, q.reported === '1' ? 'gaz.reported' : null);
    if (req.visitor.user && !x.hidden) await markSeen(ctx, a.gameId, req.visitor.user.id, [x.id]);
    return sendPage(reply, body);
  });

  /** The host's author lookup (404 for everyone else, as if it did not exist). */
  const hostArticle = async (req: FastifyRequest, reply: FastifyReply): Promise<{ a: GameAccess; x: Article } | null> => {
    const id = parseId((req.params as { id?: string }).id);
    const a = id === null ? null : await gameAccess(ctx, id, req.visitor.user);
    const articleId = parseId((req.params as { article?: string }).article);
    const x = a && a.host && req.visitor.user && articleId !== null ? await getArticle(ctx.db, a.gameId, articleId) : null;
    if (!a || !x) { notFound(req, reply); return null; }
    return { a, x };
  };

  app.get('/games/:id/gazette/:article/author', async (req, reply) => {
    const h = await hostArticle(req, reply);
    if (!h) return reply;
    return sendPage(reply, await authorPage(ctx, req.visitor, h.a, h.x, {}));
  });

  app.post('/games/:id/gazette/:article/author', async (req, reply) => {
    const h = await hostArticle(req, reply);
    if (!h) return reply;
    const v = req.visitor;
    const reason = formStr(((req.body ?? {}) as Record<string, unknown>).reason, ACCESS_REASON_MAX * 2);
    try {
      const result = await revealAuthor(ctx, { gameId: h.a.gameId, articleId: h.x.id, hostUserId: v.user!.id, reason });
      if (!result) return notFound(req, reply);
      return sendPage(reply, await authorPage(ctx, v, h.a, h.x, { result }));
    } catch (e) {
      if (!(e instanceof GazetteError)) throw e;
      return sendPage(reply, await authorPage(ctx, v, h.a, h.x, { error: t(v.lang, e.key, e.vars), reason }), 400);
    }
  });
};
