/**
 * Moderation. Any logged-in player who can read a forum post, a letter or a gazette article may
 * report it (POST /report); the game's host and the site's host see the open reports of the game
 * on /games/:id/moderation (404 for everyone else) with the reported content — for a letter, the
 * reported letter only, never the rest of its thread — and hide it (with a reason), or dismiss the
 * report. Hidden content is never deleted: the row stays with hidden_at, hidden_by and
 * hidden_reason, and the host can unhide it (the unhiding is recorded in content_reports, action
 * 'unhidden', with who had hidden it and why). A gazette article's author is never shown here.
 *
 * /host/moderation lists, for the site's host, the open reports per game and every hidden content.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import type { Db } from '../db/index.ts';
import { parseId, timeTag } from '../games/page-kit.ts';
import { html, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { localPath } from '../http/input.ts';
import { csrfField, page } from '../http/layout.ts';
import { sendPage, type AppCtx, type RouteModule, type Visitor } from '../http/server.ts';
import { canReadPublicChannels, gameAccess } from './access.ts';

export type ContentKind = 'post' | 'letter' | 'article';
export const KINDS: ContentKind[] = ['post', 'letter', 'article'];
const TABLE: Record<ContentKind, string> = { post: 'forum_posts', letter: 'letters', article: 'gazette_articles' };
const isKind = (s: unknown): s is ContentKind => typeof s === 'string' && (KINDS as string[]).includes(s);
export const REASON_MAX = 500;

messages({
  'mod.title': { fr: 'Modération — {game}', en: 'Moderation — {game}' },
  'mod.host-title': { fr: 'Modération du site', en: 'Site moderation' },
  'mod.open': { fr: 'Signalements en attente', en: 'Open reports' },
  'mod.none-open': { fr: 'Aucun signalement en attente.', en: 'No open report.' },
  'mod.hidden': { fr: 'Contenus masqués', en: 'Hidden content' },
  'mod.none-hidden': { fr: 'Aucun contenu masqué.', en: 'No hidden content.' },
  'mod.history': { fr: 'Décisions récentes', en: 'Recent decisions' },
  'mod.kind.post': { fr: 'Message du forum', en: 'Forum post' },
  'mod.kind.letter': { fr: 'Lettre scellée', en: 'Sealed letter' },
  'mod.kind.article': { fr: 'Article de la Gazette', en: 'Gazette article' },
  'mod.reported-by': { fr: 'Signalé par {who} le', en: 'Reported by {who} on' },
  'mod.reason': { fr: 'Motif', en: 'Reason' },
  'mod.hide-reason': { fr: 'Motif du masquage', en: 'Reason for hiding' },
  'mod.hide': { fr: 'Masquer', en: 'Hide' },
  'mod.unhide': { fr: 'Rétablir', en: 'Unhide' },
  'mod.dismiss': { fr: 'Classer sans suite', en: 'Dismiss' },
  'mod.already-hidden': { fr: 'Déjà masqué.', en: 'Already hidden.' },
  'mod.gone': { fr: 'Ce contenu n’existe plus.', en: 'This content no longer exists.' },
  'mod.hidden-by': { fr: 'Masqué par {who} le', en: 'Hidden by {who} on' },
  'mod.by': { fr: 'Par {lord}', en: 'By {lord}' },
  'mod.letter-between': { fr: 'De {from} à {to}', en: 'From {from} to {to}' },
  'mod.thread': { fr: 'Sujet : {title}', en: 'Thread: {title}' },
  'mod.author-host': { fr: 'l’hôte de la partie', en: 'the game’s host' },
  'mod.action.hidden': { fr: 'masqué', en: 'hidden' },
  'mod.action.dismissed': { fr: 'classé sans suite', en: 'dismissed' },
  'mod.action.unhidden': { fr: 'rétabli', en: 'unhidden' },
  'mod.decided': { fr: '{action} par {who} le', en: '{action} by {who} on' },
  'mod.done.hidden': { fr: 'Le contenu est masqué ; il reste conservé.', en: 'The content is hidden; it is kept.' },
  'mod.done.dismissed': { fr: 'Signalement classé.', en: 'Report dismissed.' },
  'mod.done.unhidden': { fr: 'Le contenu est rétabli.', en: 'The content is visible again.' },
  'mod.err.reason': { fr: 'Donnez un motif ({max} caractères au plus).', en: 'Give a reason ({max} characters at most).' },
  'mod.games': { fr: 'Parties avec des signalements en attente', en: 'Games with open reports' },
  'mod.game': { fr: 'Partie', en: 'Game' },
  'mod.count': { fr: 'Signalements', en: 'Reports' },
  'mod.back': { fr: 'Retour à la partie', en: 'Back to the game' },
  'mod.report-sent': { fr: 'Votre signalement a été transmis à l’hôte de la partie.', en: 'Your report has been sent to the game’s host.' },
  'mod.report-title': { fr: 'Signalement', en: 'Report' },
  'mod.unhide-note': { fr: 'Masqué auparavant par {who} : {reason}', en: 'Previously hidden by {who}: {reason}' },
});

// ───────────────────────────────────────────────────────────── service

/** The game of a piece of content, if `user` may read it (null otherwise, or when it does not exist). */
export async function readableContent(ctx: AppCtx, user: { id: number; isHost: boolean }, kind: ContentKind, id: number): Promise<number | null> {
  if (kind === 'letter') {
    // Only the members of the letter's thread (the players holding their seats) read a letter.
    const r = await ctx.db.one<{ game_id: number }>(
      `SELECT l.game_id FROM letters l
         JOIN letter_members m ON m.thread_id = l.thread_id
         JOIN seats s ON s.game_id = l.game_id AND s.player = m.player AND s.user_id = $2 AND s.status <> 'open'
        WHERE l.id = $1`, [id, user.id]);
    return r ? Number(r.game_id) : null;
  }
  const r = await ctx.db.one<{ game_id: number }>(`SELECT game_id FROM ${TABLE[kind]} WHERE id = $1`, [id]);
  if (!r) return null;
  const a = await gameAccess(ctx, Number(r.game_id), user);
  return a && canReadPublicChannels(a) ? Number(r.game_id) : null;
}

/** Records a report (one open report per reporter and content). */
export async function report(ctx: AppCtx, a: { kind: ContentKind; contentId: number; gameId: number; userId: number; reason: string }): Promise<void> {
  await ctx.db.tx(async (db) => {
    const open = await db.one('SELECT 1 FROM content_reports WHERE kind = $1 AND content_id = $2 AND reporter_user = $3 AND resolved_at IS NULL',
      [a.kind, a.contentId, a.userId]);
    if (open) return;
    await db.query('INSERT INTO content_reports(kind, content_id, game_id, reporter_user, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [a.kind, a.contentId, a.gameId, a.userId, a.reason, ctx.now()]);
  });
}

async function resolveAll(db: Db, kind: ContentKind, contentId: number, hostId: number, action: string, now: Date): Promise<void> {
  await db.query('UPDATE content_reports SET resolved_at = $3, resolved_by = $4, action = $5 WHERE kind = $1 AND content_id = $2 AND resolved_at IS NULL',
    [kind, contentId, now, hostId, action]);
}

/** Hides a piece of content of a game (kept in the database) and resolves its open reports. */
export async function hideContent(ctx: AppCtx, a: { gameId: number; kind: ContentKind; contentId: number; hostId: number; reason: string }): Promise<boolean> {
  return ctx.db.tx(async (db) => {
    const now = ctx.now();
    const r = await db.query(`UPDATE ${TABLE[a.kind]} SET hidden_at = $3, hidden_by = $4, hidden_reason = $5 WHERE id = $1 AND game_id = $2 RETURNING id`,
      [a.contentId, a.gameId, now, a.hostId, a.reason]);
    if (!r.length) return false;
    await resolveAll(db, a.kind, a.contentId, a.hostId, 'hidden', now);
    return true;
  });
}

/** Shows hidden content again; who had hidden it and why is kept in a resolved 'unhidden' report. */
export async function unhideContent(ctx: AppCtx, a: { gameId: number; kind: ContentKind; contentId: number; hostId: number }): Promise<boolean> {
  return ctx.db.tx(async (db) => {
    const now = ctx.now();
    const before = await db.one<{ hidden_by: number | null; hidden_reason: string | null; login: string | null }>(
      `SELECT c.hidden_by, c.hidden_reason, u.login FROM ${TABLE[a.kind]} c LEFT JOIN users u ON u.id = c.hidden_by
        WHERE c.id = $1 AND c.game_id = $2 AND c.hidden_at IS NOT NULL FOR UPDATE OF c`, [a.contentId, a.gameId]);
    if (!before) return false;
    await db.query(`UPDATE ${TABLE[a.kind]} SET hidden_at = NULL, hidden_by = NULL, hidden_reason = NULL WHERE id = $1`, [a.contentId]);
    await db.query(
      `INSERT INTO content_reports(kind, content_id, game_id, reporter_user, reason, created_at, resolved_at, resolved_by, action)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $4, 'unhidden')`,
      [a.kind, a.contentId, a.gameId, a.hostId, `${before.login ?? '?'}: ${before.hidden_reason ?? ''}`.slice(0, 1000), now]);
    return true;
  });
}

export async function dismissReport(ctx: AppCtx, gameId: number, reportId: number, hostId: number): Promise<boolean> {
  const r = await ctx.db.query('UPDATE content_reports SET resolved_at = $3, resolved_by = $4, action = $5 WHERE id = $1 AND game_id = $2 AND resolved_at IS NULL RETURNING id',
    [reportId, gameId, ctx.now(), hostId, 'dismissed']);
  return r.length > 0;
}

// ───────────────────────────────────────────────────────────── rendering of content for the host

interface ContentView { exists: boolean; hidden: boolean; hiddenBy: string | null; hiddenAt: Date | null; hiddenReason: string | null; block: Html }

/** The text of an article's (sanitised) HTML, shown escaped: nothing of it is rendered as markup. */
const htmlToText = (s: string): string => s.replace(/<(br|\/p|\/div|\/li|\/h\d)[^>]*>/gi, '\n').replace(/<[^>]*>/g, '')
  .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
  .replace(/\n{3,}/g, '\n\n').trim();

const pre = (s: string): Html => html`<div class="reported-body" style="white-space: pre-wrap; overflow-wrap: anywhere; border-left: 3px solid var(--rule, #ccc); padding-left: .6rem">${s}</div>`;

async function contentView(ctx: AppCtx, lang: Lang, kind: ContentKind, id: number, gameId: number): Promise<ContentView> {
  const tz = ctx.config.timeZone;
  const hiddenCols = 'c.hidden_at, c.hidden_reason, hu.login AS hidden_login';
  const base = { exists: false, hidden: false, hiddenBy: null, hiddenAt: null, hiddenReason: null, block: html`<p class="muted">${t(lang, 'mod.gone')}</p>` };
  let row: Record<string, any> | null = null;
  let block: Html;
  if (kind === 'post') {
    row = await ctx.db.one(
      `SELECT c.body, c.created_at, c.author_player, s.lord_name, th.title, ${hiddenCols}
         FROM forum_posts c JOIN forum_threads th ON th.id = c.thread_id
         LEFT JOIN seats s ON s.game_id = c.game_id AND s.player = c.author_player
         LEFT JOIN users hu ON hu.id = c.hidden_by
        WHERE c.id = $1 AND c.game_id = $2`, [id, gameId]);
    if (!row) return base;
    block = html`<p class="muted">${t(lang, 'mod.thread', { title: row.title })} · ${t(lang, 'mod.by', { lord: row.author_player ? (row.lord_name ?? row.author_player) : t(lang, 'mod.author-host') })} · ${timeTag(row.created_at, lang, tz, 'short')}</p>${pre(row.body)}`;
  } else if (kind === 'article') {
    // The author of an article is never shown (he is only seen through the logged author access).
    row = await ctx.db.one(
      `SELECT c.title, c.body_html, c.published_day, ${hiddenCols}
         FROM gazette_articles c LEFT JOIN users hu ON hu.id = c.hidden_by WHERE c.id = $1 AND c.game_id = $2`, [id, gameId]);
    if (!row) return base;
    block = html`<p><strong>${row.title}</strong></p>${pre(htmlToText(String(row.body_html)))}`;
  } else {
    // The reported letter only: its author, its recipients and its text; not the thread.
    row = await ctx.db.one(
      `SELECT c.body, c.created_at, c.author_player, c.thread_id, s.lord_name, ${hiddenCols}
         FROM letters c LEFT JOIN seats s ON s.game_id = c.game_id AND s.player = c.author_player
         LEFT JOIN users hu ON hu.id = c.hidden_by
        WHERE c.id = $1 AND c.game_id = $2`, [id, gameId]);
    if (!row) return base;
    const to = await ctx.db.query<{ lord_name: string | null; player: string }>(
      `SELECT m.player, s.lord_name FROM letter_members m LEFT JOIN seats s ON s.game_id = $2 AND s.player = m.player
        WHERE m.thread_id = $1 AND m.player <> $3 ORDER BY s.seq, m.player`, [row.thread_id, gameId, row.author_player]);
    block = html`<p class="muted">${t(lang, 'mod.letter-between', { from: row.lord_name ?? row.author_player, to: to.map((x) => x.lord_name ?? x.player).join(', ') })} · ${timeTag(row.created_at, lang, tz, 'short')}</p>${pre(row.body)}`;
  }
  return {
    exists: true, hidden: !!row.hidden_at, hiddenBy: row.hidden_login ?? null, hiddenAt: row.hidden_at ? new Date(row.hidden_at) : null,
    hiddenReason: row.hidden_reason ?? null, block,
  };
}

function hiddenNote(ctx: AppCtx, lang: Lang, c: ContentView): Html {
  return html`<p class="hidden-note"><span class="badge warn">${t(lang, 'mod.hidden-by', { who: c.hiddenBy ?? '?' })} ${timeTag(c.hiddenAt, lang, ctx.config.timeZone, 'short')}</span>
    <br><strong>${t(lang, 'mod.reason')}${t(lang, 'colon')}</strong><span class="hidden-reason">${c.hiddenReason ?? ''}</span></p>`;
}

function unhideForm(v: Visitor, gameId: number, kind: ContentKind, id: number): Html {
  return html`<form method="post" action="/games/${gameId}/moderation/unhide" class="inline">
    ${csrfField(v)}<input type="hidden" name="kind" value="${kind}"><input type="hidden" name="id" value="${id}">
    <button type="submit">${t(v.lang, 'mod.unhide')}</button></form>`;
}

interface HiddenRow { kind: ContentKind; id: number; game_id: number; game_name: string }

async function hiddenContent(db: Db, gameId: number | null): Promise<HiddenRow[]> {
  const out: HiddenRow[] = [];
  for (const kind of KINDS) {
    const rows = await db.query<{ id: number; game_id: number; game_name: string }>(
      `SELECT c.id, c.game_id, g.name AS game_name FROM ${TABLE[kind]} c JOIN games g ON g.id = c.game_id
        WHERE c.hidden_at IS NOT NULL ${gameId !== null ? 'AND c.game_id = $1' : ''} ORDER BY c.hidden_at DESC LIMIT 500`, gameId !== null ? [gameId] : []);
    for (const r of rows) out.push({ kind, id: Number(r.id), game_id: Number(r.game_id), game_name: r.game_name });
  }
  return out;
}

async function hiddenSection(ctx: AppCtx, v: Visitor, gameId: number | null): Promise<Html> {
  const l = v.lang;
  const rows = await hiddenContent(ctx.db, gameId);
  if (!rows.length) return html`<p class="muted">${t(l, 'mod.none-hidden')}</p>`;
  const items: Html[] = [];
  for (const r of rows) {
    const c = await contentView(ctx, l, r.kind, r.id, r.game_id);
    items.push(html`<article class="hidden-item" data-kind="${r.kind}" data-id="${r.id}">
      <h3>${t(l, `mod.kind.${r.kind}`)}${gameId === null ? html` — <a href="/games/${r.game_id}/moderation">${r.game_name}</a>` : ''}</h3>
      ${hiddenNote(ctx, l, c)}
      ${c.block}
      ${unhideForm(v, r.game_id, r.kind, r.id)}
    </article>`);
  }
  return html`${items}`;
}

async function moderationPage(ctx: AppCtx, v: Visitor, game: { id: number; name: string }, done: string | null, error: string | null): Promise<string> {
  const l = v.lang;
  const tz = ctx.config.timeZone;
  const reports = await ctx.db.query<{ id: number; kind: string; content_id: number; reason: string; created_at: Date | string; login: string }>(
    `SELECT r.id, r.kind, r.content_id, r.reason, r.created_at, u.login FROM content_reports r JOIN users u ON u.id = r.reporter_user
      WHERE r.game_id = $1 AND r.resolved_at IS NULL ORDER BY r.created_at, r.id`, [game.id]);
  const openItems: Html[] = [];
  for (const r of reports) {
    if (!isKind(r.kind)) continue;
    const c = await contentView(ctx, l, r.kind, Number(r.content_id), game.id);
    openItems.push(html`<article class="report-item" id="report-${r.id}" data-report="${r.id}" data-kind="${r.kind}" data-id="${r.content_id}">
      <h3>${t(l, `mod.kind.${r.kind}`)}</h3>
      <p class="muted">${t(l, 'mod.reported-by', { who: r.login })} ${timeTag(r.created_at, l, tz, 'short')}</p>
      <p><strong>${t(l, 'mod.reason')}${t(l, 'colon')}</strong><span class="report-reason">${r.reason}</span></p>
      ${c.block}
      ${c.hidden ? hiddenNote(ctx, l, c) : ''}
      <div class="actions" style="display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center">
        ${c.exists && !c.hidden ? html`<form method="post" action="/games/${game.id}/moderation/reports/${r.id}/hide" class="inline hide-form">
          ${csrfField(v)}
          <label for="hide-reason-${r.id}">${t(l, 'mod.hide-reason')}</label>
          <input id="hide-reason-${r.id}" name="reason" required maxlength="${REASON_MAX}">
          <button type="submit" class="primary">${t(l, 'mod.hide')}</button>
        </form>` : ''}
        <form method="post" action="/games/${game.id}/moderation/reports/${r.id}/dismiss" class="inline dismiss-form">
          ${csrfField(v)}<button type="submit">${t(l, 'mod.dismiss')}</button>
        </form>
      </div>
    </article>`);
  }
  const history = await ctx.db.query<{ id: number; kind: string; action: string; resolved_at: Date | string; login: string | null; reason: string }>(
    `SELECT r.id, r.kind, r.action, r.resolved_at, u.login, r.reason FROM content_reports r LEFT JOIN users u ON u.id = r.resolved_by
      WHERE r.game_id = $1 AND r.resolved_at IS NOT NULL ORDER BY r.resolved_at DESC, r.id DESC LIMIT 50`, [game.id]);
  return page(v, t(l, 'mod.title', { game: game.name }), html`
<p><a href="/games/${game.id}">${t(l, 'mod.back')}</a></p>
<h1>${t(l, 'mod.title', { game: game.name })}</h1>
${done ? html`<p class="notice">${t(l, `mod.done.${done}`)}</p>` : ''}
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<section id="open-reports"><h2>${t(l, 'mod.open')}</h2>
  ${openItems.length ? openItems : html`<p class="muted">${t(l, 'mod.none-open')}</p>`}
</section>
<section id="hidden-content"><h2>${t(l, 'mod.hidden')}</h2>
  ${await hiddenSection(ctx, v, game.id)}
</section>
<section id="history"><h2>${t(l, 'mod.history')}</h2>
  ${history.length ? html`<ul>${history.map((h) => html`<li>${t(l, `mod.kind.${isKind(h.kind) ? h.kind : 'post'}`)} — ${t(l, 'mod.decided', {
    action: ['hidden', 'dismissed', 'unhidden'].includes(h.action) ? t(l, `mod.action.${h.action}`) : h.action, who: h.login ?? '?' })} ${timeTag(h.resolved_at, l, tz, 'short')}${h.action === 'unhidden' ? html` <span class="muted">(${t(l, 'mod.unhide-note', { who: h.reason.split(':')[0] ?? '', reason: h.reason.slice(h.reason.indexOf(':') + 1).trim() })})</span>` : ''}</li>`)}</ul>`
    : html`<p class="muted">—</p>`}
</section>`);
}

// ───────────────────────────────────────────────────────────── routes

function notFound(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const v = req.visitor;
  if (String(req.headers.accept ?? '').includes('application/json')) return reply.code(404).send({ error: 'not found' });
  return sendPage(reply, page(v, t(v.lang, 'error.notfound'), html`<h1>${t(v.lang, 'error.notfound')}</h1>`), 404);
}

/** The game when the visitor moderates it (its host or the site's host), else null. */
async function hostedGame(ctx: AppCtx, req: FastifyRequest): Promise<{ id: number; name: string } | null> {
  const u = req.visitor.user;
  if (!u) return null;
  const id = parseId((req.params as { id?: string }).id);
  if (id === null) return null;
  const a = await gameAccess(ctx, id, u);
  return a && a.host ? { id: a.gameId, name: a.name } : null;
}

/** A local path to go back to: the form's `back`, else the Referer on this site, else `fallback`. */
function backPath(req: FastifyRequest, given: unknown, fallback: string): string {
  // Checked after normalising (http/input.ts): "/.//evil.example/x" is not a local path.
  const mine = localPath(given);
  if (mine !== null) return mine;
  const ref = req.headers.referer;
  try {
    if (ref) { const u = new URL(ref); const p = localPath(u.pathname + u.search); if (u.host === req.headers.host && p !== null) return p; }
  } catch { /* ignore */ }
  return fallback;
}

function withParam(path: string, key: string, value: string): string {
  const hash = path.indexOf('#');
  const base = hash >= 0 ? path.slice(0, hash) : path;
  const frag = hash >= 0 ? path.slice(hash) : '';
  const u = new URL(base, 'http://x');
  u.searchParams.set(key, value);
  return localPath(`${u.pathname}${u.search}${frag}`) ?? '/';
}

const cleanReason = (s: unknown): string | null => {
  const r = (typeof s === 'string' ? s : '').replace(/\s+/g, ' ').trim();
  return r && r.length <= REASON_MAX ? r : null;
};

export const moderationRoutes: RouteModule = (app, ctx) => {
  app.post('/report', async (req, reply) => {
    const u = req.visitor.user;
    const b = (req.body ?? {}) as Record<string, unknown>;
    const id = parseId(typeof b.id === 'string' ? b.id : String(b.id ?? ''));
    if (!u || !isKind(b.kind) || id === null) return notFound(req, reply);
    const gameId = await readableContent(ctx, u, b.kind, id);
    if (gameId === null) return notFound(req, reply);
    const reason = cleanReason(b.reason);
    const back = backPath(req, b.back, `/games/${gameId}`);
    if (!reason) {
      const l = req.visitor.lang;
      return sendPage(reply, page(req.visitor, t(l, 'mod.report-title'), html`<h1>${t(l, 'mod.report-title')}</h1>
        <p class="error" role="alert">${t(l, 'mod.err.reason', { max: REASON_MAX })}</p><p><a href="${back}">←</a></p>`), 400);
    }
    await report(ctx, { kind: b.kind, contentId: id, gameId, userId: u.id, reason });
    return reply.redirect(withParam(back, 'reported', '1'), 303);
  });

  app.get('/games/:id/moderation', async (req, reply) => {
    const g = await hostedGame(ctx, req);
    if (!g) return notFound(req, reply);
    const q = (req.query ?? {}) as Record<string, unknown>;
    const done = typeof q.done === 'string' && ['hidden', 'dismissed', 'unhidden'].includes(q.done) ? q.done : null;
    return sendPage(reply, await moderationPage(ctx, req.visitor, g, done, null));
  });

  app.post('/games/:id/moderation/reports/:report/hide', async (req, reply) => {
    const g = await hostedGame(ctx, req);
    const rid = parseId((req.params as { report?: string }).report);
    if (!g || rid === null) return notFound(req, reply);
    const r = await ctx.db.one<{ kind: string; content_id: number }>('SELECT kind, content_id FROM content_reports WHERE id = $1 AND game_id = $2', [rid, g.id]);
    if (!r || !isKind(r.kind)) return notFound(req, reply);
    const reason = cleanReason(((req.body ?? {}) as Record<string, unknown>).reason);
    if (!reason) return sendPage(reply, await moderationPage(ctx, req.visitor, g, null, t(req.visitor.lang, 'mod.err.reason', { max: REASON_MAX })), 400);
    await hideContent(ctx, { gameId: g.id, kind: r.kind, contentId: Number(r.content_id), hostId: req.visitor.user!.id, reason });
    return reply.redirect(`/games/${g.id}/moderation?done=hidden`, 303);
  });

  app.post('/games/:id/moderation/reports/:report/dismiss', async (req, reply) => {
    const g = await hostedGame(ctx, req);
    const rid = parseId((req.params as { report?: string }).report);
    if (!g || rid === null) return notFound(req, reply);
    await dismissReport(ctx, g.id, rid, req.visitor.user!.id);
    return reply.redirect(`/games/${g.id}/moderation?done=dismissed`, 303);
  });

  app.post('/games/:id/moderation/unhide', async (req, reply) => {
    const g = await hostedGame(ctx, req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const id = parseId(typeof b.id === 'string' ? b.id : '');
    if (!g || !isKind(b.kind) || id === null) return notFound(req, reply);
    if (!await unhideContent(ctx, { gameId: g.id, kind: b.kind, contentId: id, hostId: req.visitor.user!.id })) return notFound(req, reply);
    return reply.redirect(`/games/${g.id}/moderation?done=unhidden`, 303);
  });

  // The site's host: every game's open reports, and all hidden content.
  app.get('/host/moderation', async (req, reply) => {
    const v = req.visitor;
    if (!v.user?.isHost) return notFound(req, reply);
    const l = v.lang;
    const games = await ctx.db.query<{ id: number; name: string; n: number }>(
      `SELECT g.id, g.name, count(*)::int AS n FROM content_reports r JOIN games g ON g.id = r.game_id
        WHERE r.resolved_at IS NULL GROUP BY g.id, g.name ORDER BY g.id`);
    return sendPage(reply, page(v, t(l, 'mod.host-title'), html`
<h1>${t(l, 'mod.host-title')}</h1>
<section><h2>${t(l, 'mod.games')}</h2>
${games.length ? html`<table class="data"><thead><tr><th>${t(l, 'mod.game')}</th><th>${t(l, 'mod.count')}</th></tr></thead>
  <tbody>${games.map((g) => html`<tr><td><a href="/games/${g.id}/moderation">${g.name}</a></td><td>${g.n}</td></tr>`)}</tbody></table>`
  : html`<p class="muted">${t(l, 'mod.none-open')}</p>`}
</section>
<section id="hidden-content"><h2>${t(l, 'mod.hidden')}</h2>${await hiddenSection(ctx, v, null)}</section>`));
  });
};
