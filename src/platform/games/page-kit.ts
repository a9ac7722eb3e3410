/**
 * The page kit of the game pages: what every page of a game needs, and what the other page
 * families (channels, lobby, maps, tools, home) borrow from the game pages.
 *
 * - input and responses: `parseId`, `str`, `errorText`, `wantsJson`, `notFound`, `pageHead`, `SCRIPTS`;
 * - dates: `formatDate`, `timeTag` (shown in the game's zone, rewritten into the browser's own);
 * - who may join: `standingOf`, `standingNotice`;
 * - a game's words, state and notices: `mapLabel`, `gameState`, `safeView`, `words`, `stepLabelIn`,
 *   `toolsOf`, `presented`, `failingNotice`, `reportBanner`;
 * - access: `access`, `visibleGame`, `ownSeat`. A lord's sheet, reports and private view are his
 *   alone (404 for anyone else, even after the game is over; an archived game's reports are read
 *   by all on its turn pages, archive-page.ts); a private game shows non-members only its name
 *   and a join form until it is archived;
 * - the generic rendering of views (`renderValue`, `renderView`, `namesOf`): any JSON as tables
 *   and lists, knowing nothing of what the keys mean.
 *
 * The pages themselves are in game-pages.ts (list, creation, game page, seats), orders-page.ts
 * (the order page and its JSON API) and reports-page.ts; routes.ts registers them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GM_SEAT, type Lang, type PlayerId, type ToolInfo, type ViewDoc } from '../../engine/ruleset.ts';
import { errorIn } from '../../engine/constants.ts';
import { getRuleset, knownRuleset } from '../../rulesets/index.ts';
import { html, type Html } from '../http/html.ts';
import { messages, t, term } from '../http/i18n.ts';
import { page } from '../http/layout.ts';
import { sendPage, type AppCtx, type Visitor } from '../http/server.ts';
import { DEFAULT_SCHEDULE, type GamesApi, type GameSummary, type Schedule, type Seat } from './api.ts';
import { games as gamesService, unreadReport } from './service.ts';
import { cachedState } from './states.ts';
import { variantName } from './kinds.ts';

/** The games service, seen through its documented API only. */
export const games: GamesApi = gamesService;

messages({
  'gweb.my-orders': { fr: 'Mes ordres', en: 'My orders' },
  'gweb.my-reports': { fr: 'Mes {reports}', en: 'My {reports}' },
  'gweb.err.failed': { fr: 'Impossible : {error}', en: 'Not possible: {error}' },
  'gweb.failing': {
    fr: 'La résolution de ce tour a échoué ; l’hôte a été prévenu. Le serveur réessaie de lui-même, et le tour précédent reste intact.',
    en: 'Resolving this turn failed; the host has been told. The server tries again by itself, and the previous turn is intact.',
  },
  'gweb.need.login': { fr: 'Connectez-vous pour jouer.', en: 'Log in to play.' },
  'gweb.need.account': {
    fr: 'Vous jouez en invité (démo) : créez un compte pour rejoindre ou créer une vraie partie.',
    en: 'You are playing as a guest (demo): create an account to join or create a real game.',
  },
  'gweb.need.validation': {
    fr: 'Validez d’abord votre adresse électronique (voir le courriel reçu) pour rejoindre ou créer une partie.',
    en: 'First validate your e-mail address (see the mail you received) to join or create a game.',
  },
  'gweb.you-play': { fr: 'Vous jouez {lord}.', en: 'You play {lord}.' },
  // The label is the ruleset's (« tour 2 », « année 2 »): sentences that need no agreement with it.
  'reports.banner': { fr: '{label} : la résolution est faite — lisez votre rapport', en: '{label} resolved — read your report' },
  'gweb.yes': { fr: 'oui', en: 'yes' },
  'gweb.no': { fr: 'non', en: 'no' },
  'gweb.back': { fr: 'Retour à la partie', en: 'Back to the game' },
  'gweb.login-to-see': { fr: 'Connectez-vous si vous êtes l’un des seigneurs de cette partie.', en: 'Log in if you are one of the lords of this game.' },
});

// ───────────────────────────────────────────────────────────── input, responses, page parts

export const parseId = (s: unknown): number | null => (typeof s === 'string' && /^[1-9]\d{0,8}$/.test(s) ? Number(s) : null);
export const str = (v: unknown, max = 10_000): string => (typeof v === 'string' ? v : '').slice(0, max);
/** An error's text, in `lang` when it carries one per language (a refused constant, a refused setting). */
export const errorText = (e: unknown, lang?: Lang): string => (lang ? errorIn(e, lang) : e instanceof Error ? e.message : String(e));

export const wantsJson = (req: FastifyRequest): boolean =>
  String(req.headers['content-type'] ?? '').includes('application/json') || String(req.headers.accept ?? '').includes('application/json');

export function notFound(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const v = req.visitor;
  if (req.url.startsWith('/api/') || wantsJson(req)) return reply.code(404).send({ error: 'not found' });
  return sendPage(reply, page(v, t(v.lang, 'error.notfound'), html`<h1>${t(v.lang, 'error.notfound')}</h1>
    ${v.user ? '' : html`<p>${t(v.lang, 'gweb.login-to-see')} <a href="/login?next=${encodeURIComponent(req.url)}">${t(v.lang, 'nav.login')}</a></p>`}`), 404);
}

export const pageHead = (): Html => html`<link rel="stylesheet" href="/static/orders.css">`;
export const SCRIPTS = { scripts: ['/static/local-time.js', '/static/orders.js'] };

// ───────────────────────────────────────────────────────────── dates

export function formatDate(d: Date | string | null, lang: Lang, timeZone: string, style: 'full' | 'short' = 'full'): string {
  if (!d) return '—';
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return '—';
  return dateFormat(lang, timeZone, style === 'full' ? 'full' : 'medium').format(date);
}

/**
 * A date formatter, kept (making one costs far more than formatting with it). Keys are a language,
 * a time zone (a valid one: an invalid zone throws before anything is kept) and a style: bounded.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
export function dateFormat(lang: Lang, timeZone: string, dateStyle: 'full' | 'medium' | 'short'): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone}|${dateStyle}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle, timeStyle: 'short', timeZone });
    if (formats.size >= 2_000) formats.clear();
    formats.set(key, f);
  }
  return f;
}

/** A date shown in the given zone, which orders.js rewrites into the browser's own time zone. */
export function timeTag(d: Date | string | null, lang: Lang, timeZone: string, style: 'full' | 'short' = 'full'): Html {
  if (!d) return html`—`;
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return html`—`;
  return html`<time datetime="${date.toISOString()}" data-local="${style}" title="${timeZone}">${formatDate(date, lang, timeZone, style)}${style === 'full' ? ` (${timeZone})` : ''}</time>`;
}

// ───────────────────────────────────────────────────────────── who may join

export type Standing = 'ok' | 'anonymous' | 'guest' | 'unvalidated';

/**
 * Whether the visitor may join the lobby or a private game: a logged-in, validated, non-guest
 * account. (Reads users.is_guest directly: the Visitor does not carry it.)
 */
export async function standingOf(ctx: AppCtx, v: Visitor): Promise<Standing> {
  if (!v.user) return 'anonymous';
  const row = await ctx.db.one<{ is_guest: boolean; validated: boolean }>('SELECT is_guest, validated FROM users WHERE id = $1', [v.user.id]);
  if (!row) return 'anonymous';
  if (row.is_guest) return 'guest';
  if (!row.validated) return 'unvalidated';
  return 'ok';
}

export function standingNotice(lang: Lang, s: Standing, next = '/games'): Html {
  if (s === 'ok') return html``;
  if (s === 'anonymous') return html`<p class="notice">${t(lang, 'gweb.need.login')} <a href="/login?next=${encodeURIComponent(next)}">${t(lang, 'nav.login')}</a> · <a href="/signup">${t(lang, 'nav.signup')}</a></p>`;
  if (s === 'guest') return html`<p class="notice">${t(lang, 'gweb.need.account')} <a href="/signup">${t(lang, 'nav.signup')}</a></p>`;
  return html`<p class="notice">${t(lang, 'gweb.need.validation')} <a href="/account">${t(lang, 'nav.account')}</a></p>`;
}

// ───────────────────────────────────────────────────────────── a game's words, state and notices

/** The game's variant (map, edition) as its ruleset names it. */
export function mapLabel(lang: Lang, g: { ruleset: string; map: string | null }): string {
  return variantName(lang, g.ruleset, g.map);
}

/** Reads the ruleset state and schedule of a game (not part of GamesApi: the order page needs the
 *  state to ask the ruleset for its guided form and the open decisions). */
/** The game's state (from the cache of states), its schedule and whether it resolves early (all in one row read). */
export async function gameState(ctx: AppCtx, gameId: number): Promise<{ state: unknown; schedule: Schedule; hash: string | null; early: boolean }> {
  const row = await ctx.db.one<{ state_hash: string | null; schedule: Schedule | string | null; early: boolean }>('SELECT state_hash, schedule, early FROM games WHERE id = $1', [gameId]);
  const state = row ? await cachedState(ctx.db, gameId, row.state_hash) : null;
  return { state, schedule: scheduleOf(row?.schedule), hash: row?.state_hash ?? null, early: !!row?.early };
}

/** A game's schedule as stored (JSON, text on PGlite, or null), with the defaults. */
export function scheduleOf(raw: unknown): Schedule {
  const sched = typeof raw === 'string' ? JSON.parse(raw) as Schedule : (raw as Schedule | null | undefined) ?? null;
  return { ...DEFAULT_SCHEDULE, ...(sched ?? {}) };
}

export async function safeView(ctx: AppCtx, gameId: number, player: string | null): Promise<unknown> {
  try { return await games.view(ctx, gameId, player); } catch { return null; }
}

/**
 * A ruleset's words for its players and reports (`Ruleset.terms`: « seigneurs » and « bilan » in
 * Gloire & Pouvoir, « rois » and « rapport » in Adventurer Kings), as message variables: {player},
 * {players}, {report}, {reports}, capitalised {Player}… A list of several games (null) says
 * "players" and "reports".
 */
export function words(lang: Lang, ruleset: string | null): Record<string, string> {
  const terms = ruleset ? knownRuleset(ruleset)?.ruleset.terms : undefined;
  const out: Record<string, string> = {};
  for (const which of ['player', 'report'] as const) {
    for (const [n, suffix] of [[1, ''], [2, 's']] as const) {
      out[`${which}${suffix}`] = term(lang, terms, which, n);
      out[`${which.charAt(0).toUpperCase()}${which.slice(1)}${suffix}`] = term(lang, terms, which, n, { cap: true });
    }
  }
  return out;
}

/** A game's step label ("turn 3") in the page's language, as its ruleset words it. */
export function stepLabelIn(g: { ruleset: string; turnLabel: string }, lang: Lang): string {
  return knownRuleset(g.ruleset)?.ruleset.localizeLabel?.(g.turnLabel, lang) ?? g.turnLabel;
}

/** The planning tools a ruleset offers this player (none when it has none or fails). */
export function toolsOf(entry: ReturnType<typeof getRuleset>, state: unknown, player: string, lang: Lang): ToolInfo[] {
  if (!entry.ruleset.tools || state === null) return [];
  try { return entry.ruleset.tools(state, player, lang); } catch { return []; }
}

/** The ruleset's own layout of a view (ViewDoc), when it offers one. */
export function presented(state: unknown, entry: ReturnType<typeof getRuleset>, player: string | null, lang: Lang): ViewDoc | null {
  if (!entry.ruleset.presentView || state === null) return null;
  try { return entry.ruleset.presentView(state, player, lang); } catch { return null; }
}

/**
 * Whose board and map a page draws: the visitor's seat; the game's GM, when the ruleset shows him the
 * whole game (`refereeSees`: GM_SEAT); else null, the public ones.
 */
export function viewerOf(a: Pick<Access, 'seat' | 'referee'>, entry: ReturnType<typeof getRuleset>): PlayerId | null {
  return a.seat?.player ?? (a.referee && entry.ruleset.refereeSees ? GM_SEAT : null);
}

/** Shown while the turn in progress keeps failing to resolve (the referee's failures are retried with a back-off). */
export function failingNotice(g: GameSummary, lang: Lang): Html | string {
  return g.status === 'running' && g.failing ? html`<p class="error" role="alert" id="resolution-failed">${t(lang, 'gweb.failing')}</p>` : '';
}

/**
 * "Turn N resolved — read your report", on the game's pages after a resolution, until the seat's
 * lord has opened that report (its page marks it read).
 */
export async function reportBanner(ctx: AppCtx, gameId: number, player: string | undefined, lang: Lang, localize: (l: string) => string): Promise<Html | string> {
  if (!player) return '';
  return unreadBanner(gameId, await unreadReport(ctx.db, gameId, player), lang, localize);
}

/** The banner of reportBanner for a report already read from the database (null: none unread). */
export function unreadBanner(gameId: number, r: { idx: number; label: string } | null, lang: Lang, localize: (l: string) => string): Html | string {
  if (!r) return '';
  const label = localize(r.label);
  return html`<p class="notice report-banner" id="report-banner" role="status"><a href="/games/${gameId}/reports/${r.idx}">${t(lang, 'reports.banner', { label: label.charAt(0).toUpperCase() + label.slice(1) })}</a></p>`;
}

// ───────────────────────────────────────────────────────────── access

/**
 * `former`: the visitor held a seat that is now open for a replacement. An open seat has no
 * reader: from the moment its lord asks for a replacement (or the host opens it) until someone
 * takes it, its orders, reports, private map, statistics and tools are nobody's, and the former
 * lord sees only what a former player sees, the game's public pages (of a private game too).
 */
/** `referee`: the visitor is the game's GM, who reads every step (games/step-audience.ts). */
export interface Access { game: GameSummary; seat: Seat | null; former: boolean; referee: boolean }

/** The game and the visitor's seat in it (null for non-members and for a seat now open). */
export async function access(ctx: AppCtx, req: FastifyRequest): Promise<Access | null> {
  const id = parseId((req.params as { id?: string }).id);
  if (id === null) return null;
  const game = await games.summary(ctx, id);
  if (!game) return null;
  const u = req.visitor.user;
  const held = u ? await games.seatOf(ctx, id, u.id) : null;
  const seat = held && held.userId === u?.id ? held : null;
  const open = seat?.status === 'open';
  const referee = !!u && game.gmUserId === u.id;
  return { game, seat: open ? null : seat, former: open, referee };
}

/**
 * A started game whose public pages the visitor may see (a private game: its lords, former lords
 * and GM only, and everyone once it is archived), with his seat.
 */
export async function visibleGame(ctx: AppCtx, req: FastifyRequest): Promise<Access | null> {
  const a = await access(ctx, req);
  if (!a || a.game.status === 'forming' || (a.game.isPrivate && !a.seat && !a.former && !a.referee && !a.game.archived)) return null;
  return a;
}

/** The visitor's own seat, or null: the only key to sheets, reports and private views. */
export async function ownSeat(ctx: AppCtx, req: FastifyRequest, activeOnly: boolean): Promise<Access | null> {
  const a = await access(ctx, req);
  if (!a || !a.seat) return null;
  if (activeOnly && a.seat.status !== 'active') return null;
  return a;
}

// ───────────────────────────────────────────────────────────── generic rendering of views

const humanize = (k: string): string => {
  const s = k.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
};
export const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPrimitive = (v: unknown): boolean => v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v);
const isEmpty = (v: unknown): boolean => (Array.isArray(v) && v.length === 0) || (isPlain(v) && Object.keys(v).length === 0);

/** How values are shown: the language, and the display names of the view's ids. */
export interface RenderOpts { lang: Lang; names: Map<string, string> }

/**
 * Display names found in a view: every list of records carrying a string `id` and a string `name`
 * (players, pieces…) lends its names, so that a cell holding such an id shows the name instead.
 */
export function namesOf(view: unknown): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (v: unknown, depth: number) => {
    if (depth > 2) return;
    if (Array.isArray(v)) {
      for (const x of v) if (isPlain(x) && typeof x.id === 'string' && typeof x.name === 'string' && !names.has(x.id)) names.set(x.id, x.name);
    } else if (isPlain(v)) {
      for (const x of Object.values(v)) visit(x, depth + 1);
    }
  };
  visit(view, 0);
  return names;
}

function scalar(v: unknown, o: RenderOpts, key = ''): Html {
  if (v === null || v === undefined || v === '') return html`<span class="muted">—</span>`;
  if (typeof v === 'boolean') return html`${t(o.lang, v ? 'gweb.yes' : 'gweb.no')}`;
  if (typeof v === 'number') return html`${v.toLocaleString(o.lang === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 2 })}`;
  const name = key !== 'id' ? o.names.get(String(v)) : undefined;
  if (name !== undefined && name !== v) return html`<span title="${String(v)}">${name}</span>`;
  return html`${String(v)}`;
}

/** Any JSON value as HTML: scalars as text, lists of records as tables, records as definition
 *  lists; keys are shown as labels. Nothing here knows what the keys mean. */
export function renderValue(v: unknown, o: RenderOpts, depth = 0, key = ''): Html {
  if (isPrimitive(v)) return scalar(v, o, key);
  if (depth > 3) return html`<code>${JSON.stringify(v)}</code>`;
  if (Array.isArray(v)) {
    if (v.length === 0) return html`<span class="muted">—</span>`;
    if (v.every(isPrimitive)) return html`${v.map((x, i) => html`${i ? ', ' : ''}${scalar(x, o, key)}`)}`;
    if (v.every(isPlain)) return table(v as Record<string, unknown>[], o, depth);
    return html`<ul>${v.map((x) => html`<li>${renderValue(x, o, depth + 1)}</li>`)}</ul>`;
  }
  const obj = v as Record<string, unknown>;
  const entries = Object.entries(obj);
  if (entries.length === 0) return html`<span class="muted">—</span>`;
  const values = Object.values(obj);
  if (values.length > 1 && values.every(isPlain)) {
    // A record of records (e.g. something by id): one row per key.
    return table(entries.map(([k, x]) => ({ '': k, ...(x as Record<string, unknown>) })), o, depth);
  }
  return html`<dl class="kv">${entries.map(([k, x]) => html`<dt>${humanize(k)}</dt><dd>${renderValue(x, o, depth + 1, k)}</dd>`)}</dl>`;
}

/** Column names that, by a presentation convention, rank the rows of a table (highest first). */
const RANK_KEYS = ['renown', 'score', 'points'];

function table(rows: Record<string, unknown>[], o: RenderOpts, depth: number): Html {
  const cols: string[] = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  const rankKey = RANK_KEYS.find((k) => cols.includes(k) && rows.some((r) => typeof r[k] === 'number'));
  let list = rows;
  if (rankKey) {
    list = rows.slice().sort((a, b) => {
      const x = typeof a[rankKey] === 'number' ? a[rankKey] as number : -Infinity;
      const y = typeof b[rankKey] === 'number' ? b[rankKey] as number : -Infinity;
      return y - x;
    });
  }
  const body = html`<table class="data"><thead><tr>${rankKey ? html`<th>#</th>` : ''}${cols.map((c) => html`<th>${humanize(c)}</th>`)}</tr></thead>
    <tbody>${list.map((r, i) => html`<tr>${rankKey ? html`<td>${typeof r[rankKey] === 'number' ? i + 1 : ''}</td>` : ''}${cols.map((c) => html`<td>${c === '' ? html`${String(r[c])}` : renderValue(r[c], o, depth + 1, c)}</td>`)}</tr>`)}</tbody></table>`;
  return html`<div class="table-wrap">${body}</div>`;
}

/** A whole view: its scalar fields first, then each list or record under its own heading. Long
 *  sections are folded; empty ones left out. `skip` leaves out keys shown elsewhere. */
export function renderView(view: unknown, o: RenderOpts, skip: string[] = []): Html {
  if (!isPlain(view)) return renderValue(view, o);
  const entries = Object.entries(view).filter(([k, v]) => !skip.includes(k) && !isEmpty(v) && v !== null && v !== undefined);
  const flat = (v: unknown) => isPrimitive(v) || (Array.isArray(v) && v.every(isPrimitive));
  const scalars = entries.filter(([, v]) => flat(v));
  const blocks = entries.filter(([, v]) => !flat(v));
  const size = (v: unknown) => (Array.isArray(v) ? v.length : isPlain(v) ? Object.keys(v).length : 0);
  return html`${scalars.length ? html`<dl class="kv">${scalars.map(([k, v]) => html`<dt>${humanize(k)}</dt><dd>${renderValue(v, o, 0, k)}</dd>`)}</dl>` : ''}
    ${blocks.map(([k, v], i) => (size(v) > 12 || i > 1
      ? html`<details class="block"><summary>${humanize(k)} <span class="muted">(${size(v)})</span></summary>${renderValue(v, o)}</details>`
      : html`<section class="block"><h3>${humanize(k)}</h3>${renderValue(v, o)}</section>`))}`;
}
