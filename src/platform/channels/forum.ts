/**
 * The forum of a game: threads and posts that every lord of the game reads (and everyone, once the
 * game is over). Posts are plain text (always rendered escaped, line breaks kept), signed with the
 * author's lord name (never his login), and marked in-game or out-of-game ("HJ", hors jeu). A reply
 * may quote one post of its thread (quote_post_id; the quoted text is shown in a blockquote).
 *
 * Pages: the thread list (20 a page, the most recently active first, with the number of posts the
 * visitor has not read), a thread (25 posts a page, oldest first; reading a page marks it read up
 * to its last post), the new-thread and reply forms. Read marks are per account (forum_reads).
 *
 * Access: read = canReadPublicChannels (the game's lords, its host, everyone once it is over);
 * write = canWrite (lords whose seat is active, while the game runs). A visitor who may not read a
 * private (or forming) game's forum gets a 404 on every route, as if it did not exist; on a public
 * running game, a 403 that says the forum is for its lords. A reader who may not write gets a 403.
 *
 * Moderation: a post (or a whole thread) hidden by the host stays in the database; readers see
 * "hidden by the moderation" in its place, the host sees it with who hid it and why. Every post
 * carries a report form posting to /report (kind=post), handled by moderation.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import type { Db } from '../db/index.ts';
import { parseId, timeTag } from '../games/page-kit.ts';
import { checked, formStr, forbidden, notFound, pageParam, readablePublicChannel } from './pages.ts';
import { html, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { csrfField, page } from '../http/layout.ts';
import { sendPage, type AppCtx, type RouteModule, type Visitor } from '../http/server.ts';
import { notifier } from '../notify/service.ts';
import { canWrite, type GameAccess } from './access.ts';

export const THREADS_PER_PAGE = 20;
export const POSTS_PER_PAGE = 25;
export const TITLE_MAX = 120;
export const POST_MAX = 10_000;
const QUOTE_SHOWN = 1_000;

messages({
  'forum.pages': { fr: 'Pages du forum', en: 'Forum pages' },
  'forum.title': { fr: 'Forum', en: 'Forum' },
  'forum.of-game': { fr: 'Forum de la partie « {game} »', en: 'Forum of the game “{game}”' },
  'forum.help': {
    fr: 'Le forum est lu par tous les seigneurs de la partie (et par tous, une fois la partie finie). Vos messages sont signés du nom de votre seigneur. Cochez « HJ » pour un message hors jeu.',
    en: 'The forum is read by every lord of the game (and by everyone once the game is over). Your posts are signed with your lord’s name. Tick “HJ” for an out-of-game post.',
  },
  'forum.back-game': { fr: 'Retour à la partie', en: 'Back to the game' },
  'forum.back-list': { fr: 'Tous les sujets', en: 'All threads' },
  'forum.gazette': { fr: 'La Gazette', en: 'The Gazette' },
  'forum.no-threads': { fr: 'Aucun sujet pour l’instant.', en: 'No thread yet.' },
  'forum.col.thread': { fr: 'Sujet', en: 'Thread' },
  'forum.col.by': { fr: 'Ouvert par', en: 'Started by' },
  'forum.col.posts': { fr: 'Messages', en: 'Posts' },
  'forum.col.last': { fr: 'Dernier message', en: 'Last post' },
  'forum.col.unread': { fr: 'Non lus', en: 'Unread' },
  'forum.unread': { fr: '{n} non {n|lu|lus}', en: '{n} unread' },
  'forum.new-mark': { fr: 'nouveau', en: 'new' },
  'forum.new-thread': { fr: 'Nouveau sujet', en: 'New thread' },
  'forum.thread-title': { fr: 'Titre', en: 'Title' },
  'forum.body': { fr: 'Votre message', en: 'Your post' },
  'forum.hj': { fr: 'HJ — message hors jeu', en: 'HJ — out-of-game post' },
  'forum.hj-badge': { fr: 'HJ', en: 'HJ' },
  'forum.hj-title': { fr: 'Hors jeu', en: 'Out of game' },
  'forum.open': { fr: 'Ouvrir le sujet', en: 'Start the thread' },
  'forum.reply': { fr: 'Répondre', en: 'Reply' },
  'forum.reply-send': { fr: 'Envoyer la réponse', en: 'Send the reply' },
  'forum.quote': { fr: 'Citer', en: 'Quote' },
  'forum.quoting': { fr: 'Vous citez :', en: 'You are quoting:' },
  'forum.unquote': { fr: 'Ne plus citer', en: 'Remove the quote' },
  'forum.quoted': { fr: '{lord} a écrit :', en: '{lord} wrote:' },
  'forum.host-author': { fr: 'l’hôte', en: 'the host' },
  'forum.cannot-write': { fr: 'Vous ne pouvez pas écrire dans ce forum.', en: 'You cannot write in this forum.' },
  'forum.lords-only': { fr: 'Le forum de cette partie est réservé à ses seigneurs jusqu’à la fin de la partie.', en: 'This game’s forum is for its lords until the game is over.' },
  'forum.post-hidden': { fr: 'Message masqué par la modération.', en: 'Message hidden by the moderation.' },
  'forum.thread-hidden': { fr: 'Sujet masqué par la modération.', en: 'Thread hidden by the moderation.' },
  'forum.hidden-by': { fr: 'Masqué par {who} : {reason}', en: 'Hidden by {who}: {reason}' },
  'forum.report': { fr: 'Signaler ce message', en: 'Report this post' },
  'forum.report-reason': { fr: 'Motif du signalement', en: 'Reason for the report' },
  'forum.report-send': { fr: 'Signaler à l’hôte', en: 'Report to the host' },
  'forum.reported': { fr: 'Votre signalement a été transmis à l’hôte de la partie.', en: 'Your report has been sent to the game’s host.' },
  'forum.page': { fr: 'Page {n} sur {of}', en: 'Page {n} of {of}' },
  'forum.prev': { fr: '← Précédente', en: '← Previous' },
  'forum.next': { fr: 'Suivante →', en: 'Next →' },
  'forum.err.title': { fr: 'Donnez un titre au sujet ({max} caractères au plus).', en: 'Give the thread a title ({max} characters at most).' },
  'forum.err.body': { fr: 'Le message est vide ou trop long ({max} caractères au plus).', en: 'The post is empty or too long ({max} characters at most).' },
  'forum.mail.subject': { fr: '{game} — forum : {title}', en: '{game} — forum: {title}' },
  'forum.mail.line': { fr: '{lord} dans « {title} »', en: '{lord} in “{title}”' },
  'forum.mail.intro': { fr: 'Partie « {game} » — {lord} a écrit dans le sujet « {title} » du forum :', en: 'Game “{game}” — {lord} wrote in the forum thread “{title}”:' },
});

// ───────────────────────────────────────────────────────────── service

export class ForumError extends Error {
  constructor(readonly key: string, readonly vars: Record<string, string | number> = {}) { super(key); }
}

export interface ThreadRow {
  id: number; title: string; authorLord: string | null; posts: number; unread: number; firstUnreadPage: number | null;
  createdAt: Date; lastPostAt: Date; hidden: Hidden | null;
}
export interface Hidden { at: Date; by: string | null; reason: string | null }
export interface PostRow {
  id: number; authorUser: number; authorLord: string | null; body: string; outOfGame: boolean; createdAt: Date; hidden: Hidden | null;
  quote: { id: number; authorLord: string | null; body: string; hidden: boolean } | null;
}
export interface ThreadHead { id: number; gameId: number; title: string; posts: number; hidden: Hidden | null }

const hiddenOf = (r: Record<string, any>, p = ''): Hidden | null =>
  r[`${p}hidden_at`] ? { at: new Date(r[`${p}hidden_at`]), by: r[`${p}hidden_by_login`] ?? null, reason: r[`${p}hidden_reason`] ?? null } : null;

const pagesOf = (n: number, per: number): number => Math.max(1, Math.ceil(n / per));

/** One page of a game's threads, the most recently active first, with the user's unread counts. */
export async function listThreads(db: Db, gameId: number, userId: number | null, pageNo: number): Promise<{ threads: ThreadRow[]; total: number; pages: number; page: number }> {
  const total = Number((await db.one('SELECT count(*)::int AS n FROM forum_threads WHERE game_id = $1', [gameId]))!.n);
  const pages = pagesOf(total, THREADS_PER_PAGE);
  const p = Math.min(Math.max(1, pageNo), pages);
  const rows = await db.query(
    `SELECT t.id, t.title, t.created_at, t.last_post_at, t.hidden_at, t.hidden_reason, hb.login AS hidden_by_login,
            s.lord_name AS author_lord, t.author_player,
            (SELECT count(*)::int FROM forum_posts p WHERE p.thread_id = t.id) AS posts,
            CASE WHEN $2::int IS NULL THEN 0 ELSE
              (SELECT count(*)::int FROM forum_posts p WHERE p.thread_id = t.id AND p.hidden_at IS NULL
                  AND p.author_user <> $2::int AND p.id > COALESCE(r.last_read_id, 0)) END AS unread,
            CASE WHEN $2::int IS NULL THEN NULL ELSE
              (SELECT count(*)::int FROM forum_posts p WHERE p.thread_id = t.id AND p.id <= COALESCE(r.last_read_id, 0)) END AS read_before
       FROM forum_threads t
       LEFT JOIN seats s ON s.game_id = t.game_id AND s.player = t.author_player
       LEFT JOIN forum_reads r ON r.thread_id = t.id AND r.user_id = $2::int
       LEFT JOIN users hb ON hb.id = t.hidden_by
      WHERE t.game_id = $1
      ORDER BY t.last_post_at DESC, t.id DESC
      LIMIT $3 OFFSET $4`, [gameId, userId, THREADS_PER_PAGE, (p - 1) * THREADS_PER_PAGE]);
  return {
    total, pages, page: p,
    threads: rows.map((r) => ({
      id: Number(r.id), title: r.title, authorLord: r.author_player ? (r.author_lord ?? r.author_player) : null,
      posts: Number(r.posts), unread: Number(r.unread),
      firstUnreadPage: Number(r.unread) > 0 ? Math.floor(Number(r.read_before ?? 0) / POSTS_PER_PAGE) + 1 : null,
      createdAt: new Date(r.created_at), lastPostAt: new Date(r.last_post_at), hidden: hiddenOf(r),
    })),
  };
}

/** The number of posts of a game's forum the user has not read (for the game page). */
export async function forumUnread(db: Db, gameId: number, userId: number): Promise<number> {
  const r = await db.one(
    `SELECT count(*)::int AS n FROM forum_posts p
       JOIN forum_threads t ON t.id = p.thread_id
       LEFT JOIN forum_reads r ON r.thread_id = p.thread_id AND r.user_id = $2
      WHERE p.game_id = $1 AND t.hidden_at IS NULL AND p.hidden_at IS NULL AND p.author_user <> $2 AND p.id > COALESCE(r.last_read_id, 0)`,
    [gameId, userId]);
  return Number(r?.n ?? 0);
}

export async function threadHead(db: Db, gameId: number, threadId: number): Promise<ThreadHead | null> {
  const r = await db.one(
    `SELECT t.id, t.game_id, t.title, t.hidden_at, t.hidden_reason, hb.login AS hidden_by_login,
            (SELECT count(*)::int FROM forum_posts p WHERE p.thread_id = t.id) AS posts
       FROM forum_threads t LEFT JOIN users hb ON hb.id = t.hidden_by
      WHERE t.id = $1 AND t.game_id = $2`, [threadId, gameId]);
  if (!r) return null;
  return { id: Number(r.id), gameId: Number(r.game_id), title: r.title, posts: Number(r.posts), hidden: hiddenOf(r) };
}

/** One page of a thread's posts, oldest first, with the quoted posts. */
export async function listPosts(db: Db, threadId: number, pageNo: number): Promise<PostRow[]> {
  const rows = await db.query(
    `SELECT p.id, p.author_user, p.author_player, s.lord_name AS author_lord, p.body, p.out_of_game, p.created_at,
            p.hidden_at, p.hidden_reason, hb.login AS hidden_by_login,
            q.id AS q_id, q.body AS q_body, q.hidden_at AS q_hidden_at, q.author_player AS q_player, qs.lord_name AS q_lord
       FROM forum_posts p
       LEFT JOIN seats s ON s.game_id = p.game_id AND s.player = p.author_player
       LEFT JOIN users hb ON hb.id = p.hidden_by
       LEFT JOIN forum_posts q ON q.id = p.quote_post_id
       LEFT JOIN seats qs ON qs.game_id = q.game_id AND qs.player = q.author_player
      WHERE p.thread_id = $1
      ORDER BY p.id
      LIMIT $2 OFFSET $3`, [threadId, POSTS_PER_PAGE, (Math.max(1, pageNo) - 1) * POSTS_PER_PAGE]);
  return rows.map((r) => ({
    id: Number(r.id), authorUser: Number(r.author_user), authorLord: r.author_player ? (r.author_lord ?? r.author_player) : null,
    body: r.body, outOfGame: !!r.out_of_game, createdAt: new Date(r.created_at), hidden: hiddenOf(r),
    quote: r.q_id ? { id: Number(r.q_id), authorLord: r.q_player ? (r.q_lord ?? r.q_player) : null, body: r.q_body, hidden: !!r.q_hidden_at } : null,
  }));
}

/** Marks a thread read by a user up to a post (never backwards). */
export async function markRead(db: Db, userId: number, threadId: number, lastId: number): Promise<void> {
  await db.query(
    `INSERT INTO forum_reads(user_id, thread_id, last_read_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, thread_id) DO UPDATE SET last_read_id = GREATEST(forum_reads.last_read_id, EXCLUDED.last_read_id)`,
    [userId, threadId, lastId]);
}

/** The page of a thread that shows a post. */
export async function pageOfPost(db: Db, threadId: number, postId: number): Promise<number> {
  const r = await db.one('SELECT count(*)::int AS n FROM forum_posts WHERE thread_id = $1 AND id <= $2', [threadId, postId]);
  return pagesOf(Number(r?.n ?? 1), POSTS_PER_PAGE);
}

function checkTitle(title: string): string {
  const s = title.replace(/\u0000/g, '').replace(/\s+/g, ' ').trim();
  if (!s || s.length > TITLE_MAX) throw new ForumError('forum.err.title', { max: TITLE_MAX });
  return s;
}

function checkBody(body: string): string {
  const s = body.replace(/\u0000/g, '').replace(/\r\n?/g, '\n').replace(/\s+$/, '').replace(/^\s*\n/, '');
  if (!s.trim() || s.length > POST_MAX) throw new ForumError('forum.err.body', { max: POST_MAX });
  return s;
}

export interface Author { gameId: number; userId: number; player: string; lordName: string }

async function notifyPost(ctx: AppCtx, db: Db, a: Author, threadId: number, title: string, postId: number, body: string, outOfGame: boolean): Promise<void> {
  const users = await db.query<{ user_id: number }>(
    `SELECT DISTINCT user_id FROM seats WHERE game_id = $1 AND user_id IS NOT NULL AND status <> 'open' AND user_id <> $2`, [a.gameId, a.userId]);
  if (!users.length) return;
  const g = await db.one<{ name: string }>('SELECT name FROM games WHERE id = $1', [a.gameId]);
  const game = g?.name ?? '';
  const pageNo = await pageOfPost(db, threadId, postId);
  const vars = { game, lord: a.lordName, title };
  const hj = outOfGame ? '[HJ] ' : '';
  const text = (l: Lang): string => `${t(l, 'forum.mail.intro', vars)}\n\n${hj}${body}\n`;
  await notifier.notify(ctx, db, {
    channel: 'forum', gameId: a.gameId, userIds: users.map((u) => Number(u.user_id)),
    line: { fr: t('fr', 'forum.mail.line', vars), en: t('en', 'forum.mail.line', vars) },
    subject: { fr: t('fr', 'forum.mail.subject', vars), en: t('en', 'forum.mail.subject', vars) },
    text: { fr: text('fr'), en: text('en') },
    link: `/games/${a.gameId}/forum/${threadId}?page=${pageNo}#p${postId}`,
  });
}

/** Opens a thread with its first post (and notifies the other lords, in the same transaction). */
export async function createThread(ctx: AppCtx, a: Author, input: { title: string; body: string; outOfGame: boolean }): Promise<{ threadId: number; postId: number }> {
  const title = checkTitle(input.title);
  const body = checkBody(input.body);
  return ctx.db.tx(async (db) => {
    const now = ctx.now();
    const th = await db.one<{ id: number }>(
      `INSERT INTO forum_threads(game_id, title, author_user, author_player, created_at, last_post_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`,
      [a.gameId, title, a.userId, a.player, now]);
    const threadId = Number(th!.id);
    const p = await db.one<{ id: number }>(
      `INSERT INTO forum_posts(thread_id, game_id, author_user, author_player, body, out_of_game, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [threadId, a.gameId, a.userId, a.player, body, input.outOfGame, now]);
    const postId = Number(p!.id);
    await markRead(db, a.userId, threadId, postId);
    await notifyPost(ctx, db, a, threadId, title, postId, body, input.outOfGame);
    return { threadId, postId };
  });
}

/** Adds a post to a thread; `quotePostId` must be a visible post of the same thread (else it is dropped). */
export async function addPost(ctx: AppCtx, a: Author, threadId: number, input: { body: string; outOfGame: boolean; quotePostId?: number | null }): Promise<number> {
  const body = checkBody(input.body);
  return ctx.db.tx(async (db) => {
    const th = await db.one<{ title: string }>('SELECT title FROM forum_threads WHERE id = $1 AND game_id = $2 FOR UPDATE', [threadId, a.gameId]);
    if (!th) throw new ForumError('error.notfound');
    let quote: number | null = null;
    if (input.quotePostId) {
      const q = await db.one('SELECT id FROM forum_posts WHERE id = $1 AND thread_id = $2 AND hidden_at IS NULL', [input.quotePostId, threadId]);
      if (q) quote = Number(q.id);
    }
    const now = ctx.now();
    const p = await db.one<{ id: number }>(
      `INSERT INTO forum_posts(thread_id, game_id, author_user, author_player, body, out_of_game, quote_post_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [threadId, a.gameId, a.userId, a.player, body, input.outOfGame, quote, now]);
    const postId = Number(p!.id);
    await db.query('UPDATE forum_threads SET last_post_at = $2 WHERE id = $1', [threadId, now]);
    await notifyPost(ctx, db, a, threadId, th.title, postId, body, input.outOfGame);
    return postId;
  });
}

// ───────────────────────────────────────────────────────────── pages

const readable = (ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) => readablePublicChannel(ctx, req, reply, 'forum.lords-only', 'forum.back-game');

function textBlock(text: string, cls = 'post-body'): Html {
  return html`<div class="${cls}" style="white-space: pre-wrap; overflow-wrap: anywhere">${text}</div>`;
}

function pager(l: Lang, base: string, p: number, pages: number, anchor = ''): Html {
  if (pages <= 1) return html``;
  return html`<nav class="pager" aria-label="${t(l, 'forum.pages')}">
  ${p > 1 ? html`<a href="${base}?page=${p - 1}${anchor}" rel="prev">${t(l, 'forum.prev')}</a>` : ''}
  <span>${t(l, 'forum.page', { n: p, of: pages })}</span>
  ${Array.from({ length: pages }, (_, i) => i + 1).filter((n) => pages <= 12 || n === 1 || n === pages || Math.abs(n - p) <= 2)
    .map((n) => (n === p ? html` <strong>${n}</strong>` : html` <a href="${base}?page=${n}${anchor}">${n}</a>`))}
  ${p < pages ? html` <a href="${base}?page=${p + 1}${anchor}" rel="next">${t(l, 'forum.next')}</a>` : ''}
</nav>`;
}

function hiddenNote(l: Lang, h: Hidden, host: boolean, key: string): Html {
  return html`<p class="muted hidden-note"><em>${t(l, key)}</em>${host ? html` <span class="badge warn">${t(l, 'forum.hidden-by', { who: h.by ?? '?', reason: h.reason ?? '' })}</span>` : ''}</p>`;
}

function crumbs(l: Lang, a: GameAccess, inThread: boolean): Html {
  return html`<p class="crumbs"><a href="/games/${a.gameId}">${t(l, 'forum.back-game')}</a>${inThread ? html` · <a href="/games/${a.gameId}/forum">${t(l, 'forum.back-list')}</a>` : ''} · <a href="/games/${a.gameId}/gazette">${t(l, 'forum.gazette')}</a></p>`;
}

interface NewThreadForm { title?: string; body?: string; hj?: boolean; error?: string | null }

async function listPage(ctx: AppCtx, v: Visitor, a: GameAccess, pageNo: number, f: NewThreadForm): Promise<string> {
  const l = v.lang;
  const tz = ctx.config.timeZone;
  const base = `/games/${a.gameId}/forum`;
  const list = await listThreads(ctx.db, a.gameId, v.user?.id ?? null, pageNo);
  const title = t(l, 'forum.of-game', { game: a.name });
  return page(v, title, html`
${crumbs(l, a, false)}
<h1>${title}</h1>
<p class="muted">${t(l, 'forum.help')}</p>
${list.threads.length === 0 ? html`<p>${t(l, 'forum.no-threads')}</p>` : html`<div class="table-wrap"><table class="threads">
<thead><tr><th>${t(l, 'forum.col.thread')}</th><th>${t(l, 'forum.col.by')}</th><th>${t(l, 'forum.col.posts')}</th><th>${t(l, 'forum.col.last')}</th><th>${t(l, 'forum.col.unread')}</th></tr></thead>
<tbody>
${list.threads.map((th) => {
  const shown = !th.hidden || a.host;
  return html`<tr data-thread="${th.id}"${th.unread > 0 ? html` class="unread"` : ''}>
  <td>${shown ? html`<a href="${base}/${th.id}">${th.title}</a>` : html`<a href="${base}/${th.id}"><em>${t(l, 'forum.thread-hidden')}</em></a>`}${th.hidden && a.host ? html` ${hiddenNote(l, th.hidden, true, 'forum.thread-hidden')}` : ''}</td>
  <td>${shown ? (th.authorLord ?? t(l, 'forum.host-author')) : '—'}</td>
  <td>${th.posts}</td>
  <td>${timeTag(th.lastPostAt, l, tz, 'short')}</td>
  <td>${th.unread > 0 && shown ? html`<a class="badge warn unread-count" data-unread="${th.unread}" href="${base}/${th.id}?page=${th.firstUnreadPage ?? 1}">${t(l, 'forum.unread', { n: th.unread })}</a>` : ''}</td>
</tr>`;
})}
</tbody></table></div>`}
${pager(l, base, list.page, list.pages)}
${canWrite(a) ? html`<section id="new-thread">
  <h2>${t(l, 'forum.new-thread')}</h2>
  ${f.error ? html`<p class="error" role="alert">${f.error}</p>` : ''}
  <form method="post" action="${base}" class="stack" id="new-thread-form">
    ${csrfField(v)}
    <label for="thread-title">${t(l, 'forum.thread-title')}</label>
    <input id="thread-title" name="title" required maxlength="${TITLE_MAX}" value="${f.title ?? ''}">
    <label for="thread-body">${t(l, 'forum.body')}</label>
    <textarea id="thread-body" name="body" required maxlength="${POST_MAX}" rows="8">${f.body ?? ''}</textarea>
    <label><input type="checkbox" name="hj" value="1"${f.hj ? html` checked` : ''}> ${t(l, 'forum.hj')}</label>
    <p><button type="submit" class="primary">${t(l, 'forum.open')}</button></p>
  </form>
</section>` : ''}`);
}

interface ReplyForm { body?: string; hj?: boolean; quote?: number | null; error?: string | null }

async function threadPage(ctx: AppCtx, v: Visitor, a: GameAccess, th: ThreadHead, pageNo: number, f: ReplyForm, notice: string | null): Promise<{ html: string; lastShown: number }> {
  const l = v.lang;
  const tz = ctx.config.timeZone;
  const base = `/games/${a.gameId}/forum/${th.id}`;
  const pages = pagesOf(th.posts, POSTS_PER_PAGE);
  const p = Math.min(Math.max(1, pageNo), pages);
  const threadHidden = !!th.hidden && !a.host;
  const me = v.user?.id ?? null;
  let lastRead = 0;
  if (me !== null) lastRead = Number((await ctx.db.one('SELECT last_read_id FROM forum_reads WHERE user_id = $1 AND thread_id = $2', [me, th.id]))?.last_read_id ?? 0);
  const posts = threadHidden ? [] : await listPosts(ctx.db, th.id, p);
  const writable = canWrite(a) && !threadHidden && !th.hidden;
  // The post being quoted in the reply form (a visible post of this thread).
  let quoting: { id: number; authorLord: string | null; body: string } | null = null;
  if (writable && f.quote) {
    const q = await ctx.db.one(
      `SELECT p.id, p.body, p.author_player, s.lord_name FROM forum_posts p LEFT JOIN seats s ON s.game_id = p.game_id AND s.player = p.author_player
        WHERE p.id = $1 AND p.thread_id = $2 AND p.hidden_at IS NULL`, [f.quote, th.id]);
    if (q) quoting = { id: Number(q.id), authorLord: q.author_player ? (q.lord_name ?? q.author_player) : null, body: q.body };
  }
  const lordOf = (x: string | null): string => x ?? t(l, 'forum.host-author');
  const cut = (s: string): string => (s.length > QUOTE_SHOWN ? `${s.slice(0, QUOTE_SHOWN)}…` : s);
  const title = threadHidden ? t(l, 'forum.thread-hidden') : th.title;
  const body = html`
${crumbs(l, a, true)}
<h1>${title}</h1>
${th.hidden ? hiddenNote(l, th.hidden, a.host, 'forum.thread-hidden') : ''}
${notice ? html`<p class="notice">${t(l, notice)}</p>` : ''}
${pager(l, base, p, pages)}
<div id="posts">
${posts.map((x) => {
  const unread = me !== null && x.id > lastRead && x.authorUser !== me && !x.hidden;
  const showBody = !x.hidden || a.host;
  return html`<article class="post${unread ? ' unread' : ''}${x.outOfGame ? ' hj' : ''}${x.hidden ? ' hidden-content' : ''}" id="p${x.id}" data-post="${x.id}">
  <header><strong class="signature">${lordOf(x.authorLord)}</strong> · ${timeTag(x.createdAt, l, tz, 'short')}${x.outOfGame ? html` <span class="badge hj-badge" title="${t(l, 'forum.hj-title')}">${t(l, 'forum.hj-badge')}</span>` : ''}${unread ? html` <span class="badge warn new-mark">${t(l, 'forum.new-mark')}</span>` : ''}</header>
  ${x.hidden ? hiddenNote(l, x.hidden, a.host, 'forum.post-hidden') : ''}
  ${showBody ? html`${x.quote ? html`<blockquote class="quote" data-quote="${x.quote.id}"><p class="muted">${t(l, 'forum.quoted', { lord: lordOf(x.quote.authorLord) })}</p>${x.quote.hidden && !a.host ? html`<p><em>${t(l, 'forum.post-hidden')}</em></p>` : textBlock(cut(x.quote.body), 'quote-body')}</blockquote>` : ''}
  ${textBlock(x.body)}` : ''}
  ${!x.hidden ? html`<footer class="post-actions">
    ${writable ? html`<a class="quote-link" href="${base}?page=${p}&amp;quote=${x.id}#reply">${t(l, 'forum.quote')}</a>` : ''}
    ${v.user && x.authorUser !== me ? html`<details class="report"><summary>${t(l, 'forum.report')}</summary>
    <form method="post" action="/report" class="inline">
      ${csrfField(v)}
      <input type="hidden" name="kind" value="post"><input type="hidden" name="id" value="${x.id}"><input type="hidden" name="back" value="${base}?page=${p}">
      <label for="reason-${x.id}">${t(l, 'forum.report-reason')}</label>
      <input id="reason-${x.id}" name="reason" required maxlength="500">
      <button type="submit">${t(l, 'forum.report-send')}</button>
    </form></details>` : ''}
  </footer>` : ''}
</article>`;
})}
</div>
${pager(l, base, p, pages)}
${writable ? html`<section id="reply">
  <h2>${t(l, 'forum.reply')}</h2>
  ${f.error ? html`<p class="error" role="alert">${f.error}</p>` : ''}
  <form method="post" action="${base}" class="stack" id="reply-form">
    ${csrfField(v)}
    ${quoting ? html`<input type="hidden" name="quote" value="${quoting.id}">
    <div class="quoting"><p class="muted">${t(l, 'forum.quoting')} <a href="${base}?page=${p}#reply">${t(l, 'forum.unquote')}</a></p>
    <blockquote class="quote" data-quote="${quoting.id}"><p class="muted">${t(l, 'forum.quoted', { lord: lordOf(quoting.authorLord) })}</p>${textBlock(cut(quoting.body), 'quote-body')}</blockquote></div>` : ''}
    <label for="reply-body">${t(l, 'forum.body')}</label>
    <textarea id="reply-body" name="body" required maxlength="${POST_MAX}" rows="8">${f.body ?? ''}</textarea>
    <label><input type="checkbox" name="hj" value="1"${f.hj ? html` checked` : ''}> ${t(l, 'forum.hj')}</label>
    <p><button type="submit" class="primary">${t(l, 'forum.reply-send')}</button></p>
  </form>
</section>` : v.user && a.member ? html`<p class="muted">${t(l, 'forum.cannot-write')}</p>` : ''}`;
  return { html: page(v, title, body), lastShown: posts.length ? posts[posts.length - 1]!.id : 0 };
}

const errText = (l: Lang, e: ForumError): string => t(l, e.key, e.vars);

function authorOf(a: GameAccess, v: Visitor): Author {
  return { gameId: a.gameId, userId: v.user!.id, player: a.member!.player, lordName: a.member!.lordName };
}

export const forumRoutes: RouteModule = (app, ctx) => {
  app.get('/games/:id/forum', async (req, reply) => {
    const a = await readable(ctx, req, reply);
    if (!a) return reply;
    return sendPage(reply, await listPage(ctx, req.visitor, a, pageParam(req.query), {}));
  });

  app.post('/games/:id/forum', async (req, reply) => {
    const a = await readable(ctx, req, reply);
    if (!a) return reply;
    if (!canWrite(a) || !req.visitor.user) return forbidden(req, reply, a, 'forum.cannot-write', 'forum.back-game');
    const v = req.visitor;
    const b = (req.body ?? {}) as Record<string, unknown>;
    const f: NewThreadForm = { title: formStr(b.title, TITLE_MAX * 2), body: formStr(b.body, POST_MAX), hj: checked(b.hj) };
    try {
      const r = await createThread(ctx, authorOf(a, v), { title: f.title!, body: f.body!, outOfGame: !!f.hj });
      ctx.kick();
      return reply.redirect(`/games/${a.gameId}/forum/${r.threadId}#p${r.postId}`, 303);
    } catch (e) {
      if (!(e instanceof ForumError)) throw e;
      return sendPage(reply, await listPage(ctx, v, a, 1, { ...f, error: errText(v.lang, e) }), 400);
    }
  });

  app.get('/games/:id/forum/:thread', async (req, reply) => {
    const a = await readable(ctx, req, reply);
    if (!a) return reply;
    const threadId = parseId((req.params as { thread?: string }).thread);
    const th = threadId === null ? null : await threadHead(ctx.db, a.gameId, threadId);
    if (!th) return notFound(req, reply);
    const q = (req.query ?? {}) as Record<string, unknown>;
    const quote = parseId(q.quote);
    const r = await threadPage(ctx, req.visitor, a, th, pageParam(q), { quote }, q.reported === '1' ? 'forum.reported' : null);
    if (req.visitor.user && r.lastShown > 0) await markRead(ctx.db, req.visitor.user.id, th.id, r.lastShown);
    return sendPage(reply, r.html);
  });

  app.post('/games/:id/forum/:thread', async (req, reply) => {
    const a = await readable(ctx, req, reply);
    if (!a) return reply;
    const threadId = parseId((req.params as { thread?: string }).thread);
    const th = threadId === null ? null : await threadHead(ctx.db, a.gameId, threadId);
    if (!th) return notFound(req, reply);
    if (!canWrite(a) || !req.visitor.user || th.hidden) return forbidden(req, reply, a, 'forum.cannot-write', 'forum.back-game');
    const v = req.visitor;
    const b = (req.body ?? {}) as Record<string, unknown>;
    const f: ReplyForm = { body: formStr(b.body, POST_MAX), hj: checked(b.hj), quote: parseId(b.quote) };
    try {
      const postId = await addPost(ctx, authorOf(a, v), th.id, { body: f.body!, outOfGame: !!f.hj, quotePostId: f.quote });
      ctx.kick();
      const p = await pageOfPost(ctx.db, th.id, postId);
      return reply.redirect(`/games/${a.gameId}/forum/${th.id}?page=${p}#p${postId}`, 303);
    } catch (e) {
      if (!(e instanceof ForumError)) throw e;
      const fresh = (await threadHead(ctx.db, a.gameId, th.id))!;
      const r = await threadPage(ctx, v, a, fresh, pagesOf(fresh.posts, POSTS_PER_PAGE), { ...f, error: errText(v.lang, e) }, null);
      return sendPage(reply, r.html, 400);
    }
  });
};
