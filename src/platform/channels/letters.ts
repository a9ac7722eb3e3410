/**
 * Sealed letters: private messages from one lord to one or more other lords of the same game.
 *
 * Participants are seats (lords), not accounts: a replacement player inherits his seat's letters.
 * A letter is signed with its author lord's name, never with the player's login (unless he writes
 * it himself). Only the members of a thread see it: anybody else — another lord, the game's host,
 * the site's host, an anonymous visitor — gets a 404, as if it did not exist (the host sees a
 * reported letter, and that letter only, on the moderation page).
 *
 * Each member has a reply token: the notification mail of a letter has the Reply-To
 * `lettre+<token>@<inboundDomain>`, and the inbound SMTP server (mail/inbound.ts) turns a reply
 * from that member's address into a letter of the thread.
 *
 * Letters are plain text, always rendered escaped.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import type { Db } from '../db/index.ts';
import { parseId, timeTag } from '../games/page-kit.ts';
import { formStr, notFound } from './pages.ts';
import { html, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { csrfField, page } from '../http/layout.ts';
import { sendPage, type AppCtx, type RouteModule, type Visitor } from '../http/server.ts';
import { notifier } from '../notify/service.ts';
import { canWrite, gameAccess, type GameAccess } from './access.ts';

export const SUBJECT_MAX = 120;
export const BODY_MAX = 10_000;
export const MAX_RECIPIENTS = 30;

messages({
  'letters.title': { fr: 'Lettres scellées', en: 'Sealed letters' },
  'letters.help': {
    fr: 'Vos lettres sont signées du nom de votre seigneur, {lord}. Seuls leurs destinataires peuvent les lire.',
    en: 'Your letters are signed with your lord’s name, {lord}. Only their recipients can read them.',
  },
  'letters.mine': { fr: 'Ma correspondance', en: 'My correspondence' },
  'letters.none': { fr: 'Aucune lettre pour l’instant.', en: 'No letter yet.' },
  'letters.col.subject': { fr: 'Objet', en: 'Subject' },
  'letters.col.with': { fr: 'Correspondants', en: 'Correspondents' },
  'letters.col.last': { fr: 'Dernière lettre', en: 'Last letter' },
  'letters.col.unread': { fr: 'Non lues', en: 'Unread' },
  'letters.unread': { fr: '{n} non {n|lue|lues}', en: '{n} unread' },
  'letters.new': { fr: 'Nouvelle lettre', en: 'New letter' },
  'letters.to': { fr: 'Destinataires', en: 'Recipients' },
  'letters.subject': { fr: 'Objet', en: 'Subject' },
  'letters.body': { fr: 'Votre lettre', en: 'Your letter' },
  'letters.send': { fr: 'Sceller et envoyer', en: 'Seal and send' },
  'letters.no-recipient': { fr: 'Aucun autre seigneur ne peut recevoir de lettre.', en: 'No other lord can receive a letter.' },
  'letters.cannot-write': { fr: 'Vous ne pouvez plus écrire de lettres dans cette partie.', en: 'You can no longer write letters in this game.' },
  'letters.between': { fr: 'Entre :', en: 'Between:' },
  'letters.by-mail': { fr: 'par courriel', en: 'by mail' },
  'letters.hidden': { fr: 'Lettre masquée par la modération.', en: 'Letter hidden by the moderation.' },
  'letters.reply': { fr: 'Répondre', en: 'Reply' },
  'letters.reply-send': { fr: 'Envoyer la réponse', en: 'Send the reply' },
  'letters.back': { fr: 'Toutes mes lettres', en: 'All my letters' },
  'letters.back-game': { fr: 'Retour à la partie', en: 'Back to the game' },
  'letters.new-mark': { fr: 'nouvelle', en: 'new' },
  'letters.err.to': { fr: 'Choisissez au moins un destinataire parmi les autres seigneurs.', en: 'Choose at least one recipient among the other lords.' },
  'letters.err.subject': { fr: 'Donnez un objet à la lettre ({max} caractères au plus).', en: 'Give the letter a subject ({max} characters at most).' },
  'letters.err.body': { fr: 'La lettre est vide ou trop longue ({max} caractères au plus).', en: 'The letter is empty or too long ({max} characters at most).' },
  'letters.report': { fr: 'Signaler cette lettre', en: 'Report this letter' },
  'letters.report-reason': { fr: 'Motif du signalement', en: 'Reason for the report' },
  'letters.report-send': { fr: 'Signaler à l’hôte', en: 'Report to the host' },
  'letters.reported': { fr: 'Votre signalement a été transmis à l’hôte de la partie.', en: 'Your report has been sent to the game’s host.' },
  'letters.mail.subject': { fr: '{game} — lettre de {lord} : {subject}', en: '{game} — letter from {lord}: {subject}' },
  'letters.mail.line': { fr: 'Lettre de {lord} : « {subject} »', en: 'Letter from {lord}: “{subject}”' },
  'letters.mail.intro': {
    fr: 'Partie « {game} » — {lord} vous écrit (lettre « {subject} », à {to}) :',
    en: 'Game “{game}” — {lord} writes to you (letter “{subject}”, to {to}):',
  },
  'letters.mail.reply': {
    fr: 'Répondez à ce courriel pour répondre (adresse de réponse : {address}) : votre réponse sera remise, signée du nom de votre seigneur, à tous les correspondants de cette lettre. Écrivez au-dessus du texte cité, qui ne sera pas repris.',
    en: 'Reply to this mail to answer (reply address: {address}): your reply will be delivered, signed with your lord’s name, to every correspondent of this letter. Write above the quoted text, which is left out.',
  },
  'letters.mail.read': { fr: 'Lire la lettre sur le site :', en: 'Read the letter on the site:' },
});

// ───────────────────────────────────────────────────────────── service

export interface Lord { player: string; lordName: string }
export interface ThreadSummary { id: number; subject: string; lastAt: Date; members: Lord[]; unread: number; total: number }
export interface LetterItem {
  id: number; authorPlayer: string; authorLord: string; body: string | null; viaMail: boolean; createdAt: Date; hidden: boolean;
}
export interface ThreadView { id: number; gameId: number; subject: string; members: Lord[]; lastReadId: number; letters: LetterItem[] }

export class LetterError extends Error {
  constructor(readonly key: string, readonly vars: Record<string, string | number> = {}) { super(key); }
}

const newReplyToken = (): string => randomBytes(16).toString('hex');

/** The inbound address of a member's notifications. */
export const replyAddress = (ctx: AppCtx, token: string): string => `lettre+${token}@${ctx.config.inboundDomain}`;

/** The lords one may write to: the other seats held by a player and still in the game. */
export async function recipientsFor(db: Db, gameId: number, player: string): Promise<Lord[]> {
  // The lords played by someone; in a demo, the bots too (they answer: web/demo.ts).
  const rows = await db.query<{ player: string; lord_name: string }>(
    `SELECT s.player, s.lord_name FROM seats s JOIN games g ON g.id = s.game_id
      WHERE s.game_id = $1 AND s.player <> $2 AND s.status = 'active' AND (s.user_id IS NOT NULL OR g.is_demo) ORDER BY s.seq, s.player`,
    [gameId, player]);
  return rows.map((r) => ({ player: r.player, lordName: r.lord_name }));
}

async function membersOf(db: Db, threadIds: number[]): Promise<Map<number, Lord[]>> {
  const out = new Map<number, Lord[]>();
  if (!threadIds.length) return out;
  const rows = await db.query<{ thread_id: number; player: string; lord_name: string | null }>(
    `SELECT m.thread_id, m.player, s.lord_name FROM letter_members m
       JOIN letter_threads t ON t.id = m.thread_id
       LEFT JOIN seats s ON s.game_id = t.game_id AND s.player = m.player
      WHERE m.thread_id = ANY($1::int[]) ORDER BY s.seq, m.player`, [threadIds]);
  for (const r of rows) {
    const id = Number(r.thread_id);
    if (!out.has(id)) out.set(id, []);
    out.get(id)!.push({ player: r.player, lordName: r.lord_name ?? r.player });
  }
  return out;
}

/** A lord's threads in a game, newest first, with their unread counts. */
export async function threadsOf(db: Db, gameId: number, player: string): Promise<ThreadSummary[]> {
  const rows = await db.query<{ id: number; subject: string; last_at: Date | string; unread: number; total: number }>(
    `SELECT t.id, t.subject, t.last_at,
            (SELECT count(*)::int FROM letters l WHERE l.thread_id = t.id AND l.id > m.last_read_id
                AND l.author_player <> m.player AND l.hidden_at IS NULL) AS unread,
            (SELECT count(*)::int FROM letters l WHERE l.thread_id = t.id) AS total
       FROM letter_threads t JOIN letter_members m ON m.thread_id = t.id AND m.player = $2
      WHERE t.game_id = $1
      ORDER BY t.last_at DESC, t.id DESC`, [gameId, player]);
  const members = await membersOf(db, rows.map((r) => Number(r.id)));
  return rows.map((r) => ({
    id: Number(r.id), subject: r.subject, lastAt: new Date(r.last_at), members: members.get(Number(r.id)) ?? [],
    unread: Number(r.unread), total: Number(r.total),
  }));
}

/** Unread letters of a lord in a game (all threads). */
export async function unreadCount(db: Db, gameId: number, player: string): Promise<number> {
  const r = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM letters l
       JOIN letter_members m ON m.thread_id = l.thread_id AND m.player = $2
      WHERE l.game_id = $1 AND l.id > m.last_read_id AND l.author_player <> m.player AND l.hidden_at IS NULL`, [gameId, player]);
  return Number(r?.n ?? 0);
}

/** One thread as its member `player` sees it; null when he is not a member (or it does not exist). */
export async function threadFor(db: Db, gameId: number, threadId: number, player: string): Promise<ThreadView | null> {
  const t0 = await db.one<{ id: number; subject: string; last_read_id: number }>(
    `SELECT t.id, t.subject, m.last_read_id FROM letter_threads t
       JOIN letter_members m ON m.thread_id = t.id AND m.player = $3
      WHERE t.id = $1 AND t.game_id = $2`, [threadId, gameId, player]);
  if (!t0) return null;
  const rows = await db.query<{ id: number; author_player: string; lord_name: string | null; body: string; via_mail: boolean; created_at: Date | string; hidden_at: unknown }>(
    `SELECT l.id, l.author_player, s.lord_name, l.body, l.via_mail, l.created_at, l.hidden_at
       FROM letters l LEFT JOIN seats s ON s.game_id = l.game_id AND s.player = l.author_player
      WHERE l.thread_id = $1 ORDER BY l.id`, [threadId]);
  return {
    id: Number(t0.id), gameId, subject: t0.subject, lastReadId: Number(t0.last_read_id),
    members: (await membersOf(db, [threadId])).get(threadId) ?? [],
    letters: rows.map((r) => ({
      id: Number(r.id), authorPlayer: r.author_player, authorLord: r.lord_name ?? r.author_player,
      body: r.hidden_at ? null : r.body, viaMail: !!r.via_mail, createdAt: new Date(r.created_at), hidden: !!r.hidden_at,
    })),
  };
}

export async function markRead(db: Db, threadId: number, player: string, upTo: number): Promise<void> {
  await db.query('UPDATE letter_members SET last_read_id = GREATEST(last_read_id, $3) WHERE thread_id = $1 AND player = $2', [threadId, player, upTo]);
}

function cleanBody(s: unknown): string {
  const b = (typeof s === 'string' ? s : '').replace(/\r\n?/g, '\n').replace(/\s+$/, '').replace(/^\s*\n/, '');
  if (!b.trim() || b.length > BODY_MAX) throw new LetterError('letters.err.body', { max: BODY_MAX });
  return b;
}

/**
 * Adds a letter to a thread (in the caller's transaction): the author is the member `player`,
 * played by `userId`; his thread is marked read up to his letter; the other members are notified.
 */
/**
 * Called after a player's letter is stored (committed), outside its transaction: the demo's bots
 * answer through it (filled in from above, by web/demo.ts). A hook's failure is logged, never the
 * writer's.
 */
export const afterLetterHooks: ((ctx: AppCtx, a: { gameId: number; threadId: number; letterId: number; player: string }) => Promise<void>)[] = [];
export async function afterLetter(ctx: AppCtx, a: { gameId: number; threadId: number; letterId: number; player: string }): Promise<void> {
  for (const h of afterLetterHooks) {
    try { await h(ctx, a); } catch (e) { console.error('after a letter:', e); }
  }
}

/** Adds a letter to a thread; `userId` null: a bot lord's letter (the demo). */
export async function addLetter(ctx: AppCtx, db: Db, a: { threadId: number; player: string; userId: number | null; body: string; viaMail?: boolean }): Promise<number> {
  const body = cleanBody(a.body);
  const th = await db.one<{ game_id: number; subject: string; game_name: string }>(
    'SELECT t.game_id, t.subject, g.name AS game_name FROM letter_threads t JOIN games g ON g.id = t.game_id WHERE t.id = $1', [a.threadId]);
  if (!th) throw new LetterError('error.notfound');
  const gameId = Number(th.game_id);
  const now = ctx.now();
  const row = await db.one<{ id: number }>(
    `INSERT INTO letters(thread_id, game_id, author_player, author_user, body, via_mail, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [a.threadId, gameId, a.player, a.userId, body, !!a.viaMail, now]);
  const id = Number(row!.id);
  await db.query('UPDATE letter_threads SET last_at = $2 WHERE id = $1', [a.threadId, now]);
  await markRead(db, a.threadId, a.player, id);

  // Notify the other members (the players holding their seats now), each with his reply address.
  const others = await db.query<{ player: string; reply_token: string; user_id: number; lord_name: string }>(
    `SELECT m.player, m.reply_token, s.user_id, s.lord_name FROM letter_members m
       JOIN seats s ON s.game_id = $2 AND s.player = m.player AND s.status <> 'open' AND s.user_id IS NOT NULL
      WHERE m.thread_id = $1 AND m.player <> $3`, [a.threadId, gameId, a.player]);
  if (others.length) {
    const members = (await membersOf(db, [a.threadId])).get(a.threadId) ?? [];
    const author = members.find((m) => m.player === a.player)?.lordName ?? a.player;
    const to = members.filter((m) => m.player !== a.player).map((m) => m.lordName).join(', ');
    const inbound = ctx.config.inboundSmtpPort !== null;
    const vars = { game: th.game_name, lord: author, subject: th.subject, to };
    const both = (key: string) => ({ fr: t('fr', key, vars), en: t('en', key, vars) });
    // One notice per recipient: his mail names his own reply address.
    for (const o of others) {
      const uid = Number(o.user_id);
      const address = inbound ? replyAddress(ctx, o.reply_token) : null;
      const text = (l: Lang) => [
        t(l, 'letters.mail.intro', vars), '', body, '', `— ${author}`, '',
        ...(address ? [t(l, 'letters.mail.reply', { address }), ''] : []),
        t(l, 'letters.mail.read'),
      ].join('\n');
      await notifier.notify(ctx, db, {
        channel: 'letters', gameId, userIds: [uid],
        line: both('letters.mail.line'), subject: both('letters.mail.subject'), text: { fr: text('fr'), en: text('en') },
        link: `/games/${gameId}/letters/${a.threadId}#l${id}`,
        replyTo: address ? { [uid]: address } : undefined,
      });
    }
  }
  return id;
}

/** Opens a thread from `player` to the lords `to` with a first letter; returns the thread id. */
export async function createThread(ctx: AppCtx, a: { gameId: number; player: string; userId: number; to: string[]; subject: string; body: string }): Promise<{ threadId: number; letterId: number }> {
  const subject = a.subject.replace(/\s+/g, ' ').trim();
  if (!subject || subject.length > SUBJECT_MAX) throw new LetterError('letters.err.subject', { max: SUBJECT_MAX });
  cleanBody(a.body);
  return ctx.db.tx(async (db) => {
    const allowed = new Set((await recipientsFor(db, a.gameId, a.player)).map((r) => r.player));
    const to = [...new Set(a.to)];
    if (!to.length || to.length > MAX_RECIPIENTS || to.some((p) => !allowed.has(p))) throw new LetterError('letters.err.to');
    const now = ctx.now();
    const th = await db.one<{ id: number }>('INSERT INTO letter_threads(game_id, subject, created_at, last_at) VALUES ($1, $2, $3, $3) RETURNING id', [a.gameId, subject, now]);
    const threadId = Number(th!.id);
    for (const p of [a.player, ...to]) {
      await db.query('INSERT INTO letter_members(thread_id, player, reply_token) VALUES ($1, $2, $3)', [threadId, p, newReplyToken()]);
    }
    const letterId = await addLetter(ctx, db, { threadId, player: a.player, userId: a.userId, body: a.body });
    return { threadId, letterId };
  });
}

/** The member behind a reply token, with the game state and the player now holding the seat. */
export interface TokenMember {
  threadId: number; gameId: number; player: string; gameStatus: string;
  seatStatus: string | null; userId: number | null; email: string | null;
}

export async function memberByToken(db: Db, token: string): Promise<TokenMember | null> {
  if (!/^[0-9a-f]{32}$/i.test(token)) return null;
  const r = await db.one<{ thread_id: number; game_id: number; player: string; game_status: string; seat_status: string | null; user_id: number | null; email: string | null }>(
    `SELECT m.thread_id, t.game_id, m.player, g.status AS game_status, s.status AS seat_status, s.user_id, u.email
       FROM letter_members m
       JOIN letter_threads t ON t.id = m.thread_id
       JOIN games g ON g.id = t.game_id
       LEFT JOIN seats s ON s.game_id = t.game_id AND s.player = m.player AND s.status <> 'open'
       LEFT JOIN users u ON u.id = s.user_id
      WHERE m.reply_token = $1`, [token.toLowerCase()]);
  if (!r) return null;
  return {
    threadId: Number(r.thread_id), gameId: Number(r.game_id), player: r.player, gameStatus: r.game_status,
    seatStatus: r.seat_status, userId: r.user_id === null ? null : Number(r.user_id), email: r.email,
  };
}

// ───────────────────────────────────────────────────────────── pages


/** The visitor's seat in a game whose letters he may read (a lord of a started game), or null. */
async function lordAccess(ctx: AppCtx, req: FastifyRequest): Promise<(GameAccess & { member: NonNullable<GameAccess['member']> }) | null> {
  const v = req.visitor;
  if (!v.user) return null;
  const id = parseId((req.params as { id?: string }).id);
  if (id === null) return null;
  const a = await gameAccess(ctx, id, v.user);
  if (!a || !a.member || a.status === 'forming') return null;
  return a as GameAccess & { member: NonNullable<GameAccess['member']> };
}

const lordsList = (ls: Lord[]): string => ls.map((m) => m.lordName).join(', ');

function bodyBlock(text: string): Html {
  return html`<div class="letter-body" style="white-space: pre-wrap; overflow-wrap: anywhere">${text}</div>`;
}

interface FormState { to?: string[]; subject?: string; body?: string; error?: string | null }

async function listPage(ctx: AppCtx, v: Visitor, a: GameAccess & { member: NonNullable<GameAccess['member']> }, f: FormState, notice: string | null): Promise<string> {
  const l = v.lang;
  const tz = ctx.config.timeZone;
  const threads = await threadsOf(ctx.db, a.gameId, a.member.player);
  const recipients = canWrite(a) ? await recipientsFor(ctx.db, a.gameId, a.member.player) : [];
  const chosen = new Set(f.to ?? []);
  const me = a.member.player;
  return page(v, `${t(l, 'letters.title')} — ${a.name}`, html`
<h1>${t(l, 'letters.title')} — ${a.name}</h1>
<p><a href="/games/${a.gameId}">${t(l, 'letters.back-game')}</a></p>
${notice ? html`<p class="notice">${t(l, notice)}</p>` : ''}
<p class="muted">${t(l, 'letters.help', { lord: a.member.lordName })}</p>
<section id="threads">
  <h2>${t(l, 'letters.mine')}</h2>
  ${threads.length === 0 ? html`<p class="muted">${t(l, 'letters.none')}</p>` : html`<div class="table-wrap"><table class="data letters">
    <thead><tr><th>${t(l, 'letters.col.subject')}</th><th>${t(l, 'letters.col.with')}</th><th>${t(l, 'letters.col.last')}</th><th>${t(l, 'letters.col.unread')}</th></tr></thead>
    <tbody>${threads.map((th) => html`<tr class="thread${th.unread ? ' has-unread' : ''}" data-thread="${th.id}">
      <td><a href="/games/${a.gameId}/letters/${th.id}">${th.unread ? html`<strong>${th.subject}</strong>` : th.subject}</a></td>
      <td>${lordsList(th.members.filter((m) => m.player !== me))}</td>
      <td>${timeTag(th.lastAt, l, tz, 'short')}</td>
      <td>${th.unread ? html`<span class="badge warn unread" data-unread="${th.unread}">${t(l, 'letters.unread', { n: th.unread })}</span>` : html`<span class="muted" data-unread="0">0</span>`}</td>
    </tr>`)}</tbody></table></div>`}
</section>
<section id="new-letter">
  <h2>${t(l, 'letters.new')}</h2>
  ${!canWrite(a) ? html`<p class="muted">${t(l, 'letters.cannot-write')}</p>`
    : recipients.length === 0 ? html`<p class="muted">${t(l, 'letters.no-recipient')}</p>`
    : html`${f.error ? html`<p class="error" role="alert">${f.error}</p>` : ''}
  <form method="post" action="/games/${a.gameId}/letters" class="stack" id="letter-form">
    ${csrfField(v)}
    <fieldset class="recipients"><legend>${t(l, 'letters.to')}</legend>
      ${recipients.map((r) => html`<label style="font-weight: normal"><input type="checkbox" name="to" value="${r.player}" ${chosen.has(r.player) ? 'checked' : ''}> ${r.lordName}</label> `)}
    </fieldset>
    <label for="letter-subject">${t(l, 'letters.subject')}</label>
    <input id="letter-subject" name="subject" required maxlength="${SUBJECT_MAX}" value="${f.subject ?? ''}">
    <label for="letter-body">${t(l, 'letters.body')}</label>
    <textarea id="letter-body" name="body" required maxlength="${BODY_MAX}" rows="10">${f.body ?? ''}</textarea>
    <p class="muted">${t(l, 'letters.help', { lord: a.member.lordName })}</p>
    <p><button type="submit" class="primary">${t(l, 'letters.send')}</button></p>
  </form>`}
</section>`);
}

function threadPage(ctx: AppCtx, v: Visitor, a: GameAccess & { member: NonNullable<GameAccess['member']> }, th: ThreadView, o: { error?: string | null; body?: string; notice?: string | null }): string {
  const l = v.lang;
  const tz = ctx.config.timeZone;
  const me = a.member.player;
  const path = `/games/${a.gameId}/letters/${th.id}`;
  return page(v, th.subject, html`
<p><a href="/games/${a.gameId}/letters">${t(l, 'letters.back')}</a> · <a href="/games/${a.gameId}">${t(l, 'letters.back-game')}</a></p>
<h1>${th.subject}</h1>
${o.notice ? html`<p class="notice">${t(l, o.notice)}</p>` : ''}
<p class="muted">${t(l, 'letters.between')} ${lordsList(th.members)}</p>
<div id="letters">
${th.letters.map((x) => html`<article class="letter${x.id > th.lastReadId && x.authorPlayer !== me ? ' unread' : ''}${x.hidden ? ' hidden-content' : ''}" id="l${x.id}" data-letter="${x.id}">
  <header><strong class="signature">${x.authorLord}</strong> · ${timeTag(x.createdAt, l, tz, 'short')}${x.viaMail ? html` · <span class="muted">${t(l, 'letters.by-mail')}</span>` : ''}${x.id > th.lastReadId && x.authorPlayer !== me ? html` <span class="badge warn">${t(l, 'letters.new-mark')}</span>` : ''}</header>
  ${x.hidden ? html`<p class="muted hidden-note"><em>${t(l, 'letters.hidden')}</em></p>` : html`${bodyBlock(x.body ?? '')}
  <p class="signature">— ${x.authorLord}</p>`}
  ${!x.hidden && x.authorPlayer !== me ? html`<details class="report"><summary>${t(l, 'letters.report')}</summary>
    <form method="post" action="/report" class="inline">
      ${csrfField(v)}
      <input type="hidden" name="kind" value="letter"><input type="hidden" name="id" value="${x.id}"><input type="hidden" name="back" value="${path}">
      <label for="reason-${x.id}">${t(l, 'letters.report-reason')}</label>
      <input id="reason-${x.id}" name="reason" required maxlength="500">
      <button type="submit">${t(l, 'letters.report-send')}</button>
    </form></details>` : ''}
</article>`)}
</div>
${canWrite(a) ? html`<section id="reply">
  <h2>${t(l, 'letters.reply')}</h2>
  ${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ''}
  <form method="post" action="${path}" class="stack" id="reply-form">
    ${csrfField(v)}
    <label for="reply-body">${t(l, 'letters.body')}</label>
    <textarea id="reply-body" name="body" required maxlength="${BODY_MAX}" rows="8">${o.body ?? ''}</textarea>
    <p class="muted">${t(l, 'letters.help', { lord: a.member.lordName })}</p>
    <p><button type="submit" class="primary">${t(l, 'letters.reply-send')}</button></p>
  </form>
</section>` : html`<p class="muted">${t(l, 'letters.cannot-write')}</p>`}`);
}

const formList = (x: unknown): string[] => (Array.isArray(x) ? x : x === undefined || x === null ? [] : [x]).filter((s): s is string => typeof s === 'string');
const errText = (l: Lang, e: unknown): string => (e instanceof LetterError ? t(l, e.key, e.vars) : t(l, 'error.server'));

export const letterRoutes: RouteModule = (app, ctx) => {
  app.get('/games/:id/letters', async (req, reply) => {
    const a = await lordAccess(ctx, req);
    if (!a) return notFound(req, reply);
    const q = (req.query ?? {}) as Record<string, unknown>;
    return sendPage(reply, await listPage(ctx, req.visitor, a, {}, q.reported === '1' ? 'letters.reported' : null));
  });

  app.post('/games/:id/letters', async (req, reply) => {
    const a = await lordAccess(ctx, req);
    if (!a) return notFound(req, reply);
    const v = req.visitor;
    const b = (req.body ?? {}) as Record<string, unknown>;
    const f: FormState = { to: formList(b.to), subject: formStr(b.subject, SUBJECT_MAX * 2), body: formStr(b.body, BODY_MAX) };
    if (!canWrite(a)) return sendPage(reply, await listPage(ctx, v, a, f, null), 403);
    try {
      const r = await createThread(ctx, { gameId: a.gameId, player: a.member.player, userId: v.user!.id, to: f.to!, subject: f.subject!, body: f.body! });
      await afterLetter(ctx, { gameId: a.gameId, threadId: r.threadId, letterId: r.letterId, player: a.member.player });
      ctx.kick();
      return reply.redirect(`/games/${a.gameId}/letters/${r.threadId}#l${r.letterId}`, 303);
    } catch (e) {
      if (!(e instanceof LetterError)) throw e;
      return sendPage(reply, await listPage(ctx, v, a, { ...f, error: errText(v.lang, e) }, null), 400);
    }
  });

  app.get('/games/:id/letters/:thread', async (req, reply) => {
    const a = await lordAccess(ctx, req);
    const threadId = parseId((req.params as { thread?: string }).thread);
    if (!a || threadId === null) return notFound(req, reply);
    const th = await threadFor(ctx.db, a.gameId, threadId, a.member.player);
    if (!th) return notFound(req, reply);
    const last = th.letters.length ? th.letters[th.letters.length - 1]!.id : 0;
    if (last > th.lastReadId) await markRead(ctx.db, th.id, a.member.player, last);
    const q = (req.query ?? {}) as Record<string, unknown>;
    return sendPage(reply, threadPage(ctx, req.visitor, a, th, { notice: q.reported === '1' ? 'letters.reported' : null }));
  });

  app.post('/games/:id/letters/:thread', async (req, reply) => {
    const a = await lordAccess(ctx, req);
    const threadId = parseId((req.params as { thread?: string }).thread);
    if (!a || threadId === null) return notFound(req, reply);
    const v = req.visitor;
    const th = await threadFor(ctx.db, a.gameId, threadId, a.member.player);
    if (!th) return notFound(req, reply);
    const body = formStr(((req.body ?? {}) as Record<string, unknown>).body, BODY_MAX);
    if (!canWrite(a)) return sendPage(reply, threadPage(ctx, v, a, th, { body }), 403);
    try {
      const id = await ctx.db.tx((db) => addLetter(ctx, db, { threadId, player: a.member.player, userId: v.user!.id, body }));
      await afterLetter(ctx, { gameId: a.gameId, threadId, letterId: id, player: a.member.player });
      ctx.kick();
      return reply.redirect(`/games/${a.gameId}/letters/${threadId}#l${id}`, 303);
    } catch (e) {
      if (!(e instanceof LetterError)) throw e;
      return sendPage(reply, threadPage(ctx, v, a, th, { body, error: errText(v.lang, e) }), 400);
    }
  });

  // The same, as JSON (no read marking).
  app.get('/api/games/:id/letters', async (req, reply) => {
    const a = await lordAccess(ctx, req);
    if (!a) return notFound(req, reply);
    const threads = await threadsOf(ctx.db, a.gameId, a.member.player);
    return reply.send({ lord: a.member.lordName, unread: threads.reduce((s, x) => s + x.unread, 0), threads });
  });

  app.get('/api/games/:id/letters/:thread', async (req, reply) => {
    const a = await lordAccess(ctx, req);
    const threadId = parseId((req.params as { thread?: string }).thread);
    if (!a || threadId === null) return notFound(req, reply);
    const th = await threadFor(ctx.db, a.gameId, threadId, a.member.player);
    if (!th) return notFound(req, reply);
    return reply.send(th);
  });
};
