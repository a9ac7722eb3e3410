/**
 * The order page of a lord: the guided answer form and the raw sheet (autosaved), his map with
 * the orders being written, his own view; the save and ready routes, and the small JSON API the
 * page's script uses (the sheet, the view). The platform knows no rule of any game: it renders
 * the guided form the ruleset gives and its views as generic tables (page-kit.ts).
 *
 * Access rule: a lord's sheet and private view are his alone (404 for anyone else).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerForm, Lang, MapDoc, MapTrail } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import { html, type Html } from '../http/html.ts';
import { PageBytes } from '../http/page-bytes.ts';
import { decisionOf } from './sheet-cache.ts';
import { orderPageHelp } from '../http/help-links.ts';
import { messages, t } from '../http/i18n.ts';
import { csrfField, page } from '../http/layout.ts';
import { renderDoc } from '../http/viewdoc.ts';
import { mapWidget, mapWidgetParts } from '../maps/widget.ts';
import { guidedForm } from './guided-form.ts';
import { attentionText, issuesBlock, sheetEditorMsgs, sheetTextarea } from './sheet-editor.ts';
import { mailOrdersBox } from './mail-orders-page.ts';
import { sendPage, type AppCtx, type RouteModule } from '../http/server.ts';
import type { SheetState } from './api.ts';
import { orderPageRead, type OrderPageRead } from './service.ts';
import { cachedState } from './states.ts';
import {
  access, dateFormat, errorText, failingNotice, games, isPlain, namesOf, notFound, ownSeat, pageHead, parseId, presented,
  renderValue, renderView, safeView, scheduleOf, SCRIPTS, stepLabelIn, timeTag, toolsOf, unreadBanner, wantsJson, words, type Access, type RenderOpts,
} from './page-kit.ts';

messages({
  'gweb.orders.title': { fr: 'Ordres', en: 'Orders' },
  'gweb.orders.deadline': { fr: 'Échéance', en: 'Deadline' },
  'gweb.orders.no-deadline': { fr: 'pas d’échéance', en: 'no deadline' },
  'gweb.orders.early': { fr: 'Le tour est résolu dès que tous les joueurs sont prêts.', en: 'The turn resolves as soon as every player is ready.' },
  'gweb.orders.add': { fr: 'Ajouter', en: 'Add' },
  'gweb.orders.save': { fr: 'Enregistrer', en: 'Save' },
  'gweb.orders.saved': { fr: 'Feuille enregistrée.', en: 'Sheet saved.' },
  'gweb.orders.ready': { fr: 'Prêt', en: 'Ready' },
  'gweb.orders.not-ready': { fr: 'Pas encore prêt', en: 'Not ready yet' },
  'gweb.orders.set-ready': { fr: 'Mes ordres sont prêts', en: 'My orders are ready' },
  'gweb.orders.unset-ready': { fr: 'Je ne suis plus prêt', en: 'I am not ready any more' },
  'gweb.orders.ready-help': {
    fr: 'Vous pouvez modifier vos ordres et changer d’avis jusqu’à la résolution du tour.',
    en: 'You may change your orders and your mind until the turn resolves.',
  },
  'gweb.orders.resolved': { fr: 'Le tour a été résolu : rechargement…', en: 'The turn has been resolved: reloading…' },
  'gweb.orders.turn-resolved': { fr: '{label} résolu.', en: '{label} resolved.' },
  'gweb.orders.some-turn-resolved': { fr: 'Le tour a été résolu.', en: 'The turn has been resolved.' },
  'gweb.orders.read-report': { fr: 'Lire votre {report}', en: 'Read your {report}' },
  'gweb.orders.last-report': { fr: 'Lire le dernier {report}', en: 'Read the latest {report}' },
  'gweb.orders.forming': { fr: 'La partie n’a pas encore commencé.', en: 'The game has not started yet.' },
  'gweb.orders.finished': { fr: 'La partie est terminée.', en: 'The game is over.' },
  'gweb.orders.nothing': { fr: 'Rien ne vous est demandé pour ce tour.', en: 'Nothing is asked of you this turn.' },
  'gweb.orders.nojs': { fr: 'Sans JavaScript, utilisez le bouton « Enregistrer » ; le formulaire guidé sert alors d’aide-mémoire.', en: 'Without JavaScript, use the “Save” button; the guided form is then a reminder of the syntax.' },
  'gweb.me.title': { fr: 'Mon domaine', en: 'My domain' },
  'gweb.me.all': { fr: 'Tout ce que je sais du royaume', en: 'Everything I know of the realm' },
  'gweb.me.raw': { fr: 'Données brutes (JSON)', en: 'Raw data (JSON)' },
  'gweb.tools': { fr: 'Outils', en: 'Tools' },
});

export { attentionText } from './sheet-editor.ts';

/**
 * After a resolution the page's script reloads it with `?resolved=<step>`: a message saying which
 * turn was resolved (the label of the player's report of that step), focused by orders.js, with
 * the link to the report. Null when the query asks for nothing that happened.
 */
function resolvedNotice(q: unknown, step: number, asked: { idx: number; label: string } | null, gameId: number, ruleset: string, lang: Lang, localize: (l: string) => string): Html | null {
  const n = askedStep(q);
  if (n === null || n < 1 || n > step) return null;
  const r = asked && asked.idx === n ? asked : null;
  const label = r ? localize(r.label) : '';
  const said = label ? t(lang, 'gweb.orders.turn-resolved', { label: label.charAt(0).toUpperCase() + label.slice(1) }) : t(lang, 'gweb.orders.some-turn-resolved');
  return html`<p class="flash turn-resolved" id="turn-resolved" role="status" tabindex="-1">${said}${
    r ? html` <a href="/games/${gameId}/reports/${r.idx}">${t(lang, 'gweb.orders.read-report', words(lang, ruleset))}</a>` : ''}</p>`;
}

/** The step of `?resolved=<step>` (null: none asked): its report is read with the page's rows. */
function askedStep(q: unknown): number | null {
  const raw = (q as { resolved?: unknown } | undefined)?.resolved;
  return typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

/** The order page's rows for this request: game, seat, state hash, sheet, reports (one statement). */
async function readPage(ctx: AppCtx, req: FastifyRequest): Promise<OrderPageRead | null> {
  const id = parseId((req.params as { id?: string }).id);
  if (id === null) return null;
  return orderPageRead(ctx.db, id, req.visitor.user?.id ?? null, askedStep(req.query));
}

/** The visitor's active seat in the game read, as ownSeat(ctx, req, true) gives it; else null. */
function activeSeat(r: OrderPageRead | null): Access | null {
  if (!r || !r.seat || r.seat.status !== 'active') return null;
  return { game: r.game, seat: r.seat, former: r.former, referee: r.game.gmUserId !== null && r.game.gmUserId === r.seat.userId };
}

function formatTime(d: Date | string, lang: Lang, tz: string): string {
  const date = d instanceof Date ? d : new Date(d);
  return dateFormat(lang, tz, 'short').format(date);
}

/**
 * What a page computes from a game state alone (the player's view, guided form, map, tools),
 * kept for the next request on the same state: a state object stands for one state hash (the
 * state cache gives the same object while the hash is unchanged, a new one after a turn), and a
 * new object gets a new id here, so nothing drawn from an old state is served for a new one.
 *
 * Only what is sent is kept: the fragments as the bytes of the answer (page-bytes.ts), the map
 * document for the map orders. Bounded by entries and by bytes, least recently used first
 * (about 150 KB a lord on a Scandinavia map: PAGE_CACHE_MB = 64 keeps the 500 lords of 50 games).
 */
const derivedIds = new WeakMap<object, number>();
let nextDerivedId = 1;
const PAGE_CACHE_ENTRIES = Number(process.env.PAGE_CACHE_ENTRIES ?? '') || 1000;
const PAGE_CACHE_BYTES = (Number(process.env.PAGE_CACHE_MB ?? '') || 64) * 1024 * 1024;
interface PageParts {
  tools: ReturnType<typeof toolsOf>;
  map: MapDoc | null;
  /** The map's drawing, legend and table (mapWidgetParts), shared by the widgets of every sheet value. */
  mapParts: { svg: Buffer; legend: Buffer; table: Buffer } | null;
  form: Buffer | null;
  mine: Buffer;
  /** The map widget per sheet value (MAP_VARIANTS at most): its own bytes around the shared parts. */
  maps: Map<string, { pieces: Buffer[]; bytes: number }>;
  bytes: number;
}
const derivedCache = new Map<string, PageParts>();
let derivedBytes = 0;
/** Hits and misses of the order page's cache, for the benchmark and the tests. */
export const orderPageCacheStats = { hits: 0, misses: 0 };
/** How many lord pages are kept, and their bytes as counted (the benchmark). */
export function orderPageCacheSize(): { entries: number; bytes: number } { return { entries: derivedCache.size, bytes: derivedBytes }; }
/** Forgets every kept page part (tests: a page drawn afresh, to compare with one served from the cache). */
export function clearOrderPageCache(): void { derivedCache.clear(); derivedBytes = 0; }
function trimDerived(): void {
  while (derivedCache.size > PAGE_CACHE_ENTRIES || derivedBytes > PAGE_CACHE_BYTES) {
    const oldest = derivedCache.keys().next().value!;
    derivedBytes -= derivedCache.get(oldest)!.bytes;
    derivedCache.delete(oldest);
  }
}
function derived(state: unknown, key: string, compute: () => PageParts): PageParts {
  if (state === null || typeof state !== 'object') return compute();
  let id = derivedIds.get(state);
  if (id === undefined) { id = nextDerivedId++; derivedIds.set(state, id); }
  const k = `${id}|${key}`;
  const hit = derivedCache.get(k);
  if (hit) {
    orderPageCacheStats.hits++;
    derivedCache.delete(k); // most recently used goes last
    derivedCache.set(k, hit);
    return hit;
  }
  orderPageCacheStats.misses++;
  const value = compute();
  derivedCache.set(k, value);
  derivedBytes += value.bytes;
  trimDerived();
  return value;
}
/** A map widget drawn for one sheet value, kept in its entry (counted in the cache's bytes). */
function keepMap(d: PageParts, key: string, widget: { pieces: Buffer[]; bytes: number }): void {
  if (d.maps.size >= MAP_VARIANTS) {
    const old = d.maps.keys().next().value!;
    d.bytes -= d.maps.get(old)!.bytes;
    derivedBytes -= d.maps.get(old)!.bytes;
    d.maps.delete(old);
  }
  d.maps.set(key, widget);
  d.bytes += widget.bytes;
  derivedBytes += widget.bytes;
  trimDerived();
}

/** The lord's own section of the order page: his view, as the ruleset presents it or as tables, and raw. */
function mySection(view: unknown, myDoc: ReturnType<typeof presented>, lang: Lang): Html {
  const me = isPlain(view) ? view.me : undefined;
  const ro: RenderOpts = { lang, names: namesOf(view) };
  return html`<section class="mystate">
      <h2>${t(lang, 'gweb.me.title')}</h2>
      ${myDoc ? renderDoc(myDoc) : html`${me !== undefined ? renderValue(me, ro) : ''}
      ${isPlain(view) ? html`<details class="block"><summary>${t(lang, 'gweb.me.all')}</summary>${renderView(view, ro, ['me'])}</details>` : ''}`}
      <details class="block"><summary>${t(lang, 'gweb.me.raw')}</summary><pre class="json">${JSON.stringify(view, null, 2)}</pre></details>
    </section>`;
}

/** Map widgets kept per `derived` entry: one per sheet value (the map orders drawn after the sheet's own). */
const MAP_VARIANTS = 4;

/** Member checks for the sheet routes; null when the visitor has no active seat there. */
async function sheetAccess(ctx: AppCtx, req: FastifyRequest): Promise<OrdersCtx | null> {
  const a = await ownSeat(ctx, req, true);
  if (!a || a.game.status !== 'running') return null;
  const sheet = await games.sheet(ctx, a.game.id, a.seat!.player);
  return { a, player: a.seat!.player, sheet };
}

/** The sheet for the page's script: each issue keeps `message` (English) and `text` (fr and en). */
function sheetJson(s: SheetState, step: number) {
  return { text: s.text, issues: s.issues, ready: s.ready, step, updatedAt: s.updatedAt };
}

// ───────────────────────────────────────────────────────────── the order page

interface OrdersCtx { a: Access; player: string; sheet: SheetState }

/**
 * `seen`: the page's rows (readPage), when the route has already read them. Everything the page
 * needs from the database comes from them (one statement; the state itself from the state cache).
 */
async function ordersPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, flash: string | null, error: string | null = null, status = 200, seen?: OrderPageRead | null) {
  const v = req.visitor;
  const lang = v.lang;
  const read = seen !== undefined ? seen : await readPage(ctx, req);
  const a = activeSeat(read);
  if (!read || !a) return notFound(req, reply);
  const g = a.game;
  const seat = a.seat!;
  const state = await cachedState(ctx.db, g.id, read.stateHash);
  const schedule = scheduleOf(read.schedule);
  const resolvesEarly = read.early;
  const tz = schedule.timeZone || ctx.config.timeZone;
  const crumbs = html`<p class="crumbs"><a href="/games/${g.id}">${g.name}</a> › ${t(lang, 'gweb.orders.title')} · <a href="/games/${g.id}/reports">${t(lang, 'gweb.my-reports', words(lang, g.ruleset))}</a></p>`;
  const title = `${t(lang, 'gweb.orders.title')} — ${g.name}`;
  if (g.status !== 'running' || state === null) {
    const why = g.status === 'forming' ? t(lang, 'gweb.orders.forming') : t(lang, 'gweb.orders.finished');
    const done = g.status === 'finished' ? resolvedNotice(req.query, g.step, read.askedReport, g.id, g.ruleset, lang, (l) => stepLabelIn({ ruleset: g.ruleset, turnLabel: l }, lang)) : null;
    return sendPage(reply, page(v, title, html`${pageHead()}${crumbs}<h1>${title}</h1>${done ?? ''}<p class="notice">${why}</p>`, SCRIPTS), status);
  }
  const entry = getRuleset(g.ruleset);
  const decision = decisionOf(entry.ruleset, state, seat.player);
  const { sheet } = read;
  const early = resolvesEarly ? t(lang, 'gweb.orders.early') : '';
  // The parts drawn from the state alone (the map's drawing and table, the guided form, the
  // lord's own section) are rendered once per state, player and language, and kept as the bytes
  // sent (see derived()).
  const d = derived(state, `${g.id}|${seat.player}|${lang}|${decision?.id ?? ''}`, () => {
    let view: unknown = null;
    try { view = entry.ruleset.view(state, seat.player); } catch { view = null; }
    let form: AnswerForm | null = null;
    if (decision && entry.ruleset.answerForm) {
      try { form = entry.ruleset.answerForm(state, seat.player, decision.id, lang); } catch { form = null; }
    }
    let map: MapDoc | null = null;
    if (entry.ruleset.mapDoc) {
      try { map = entry.ruleset.mapDoc(state, seat.player, lang, null); } catch (e) { req.log.error(e); map = null; }
    }
    const drawn = map ? mapWidgetParts(map, lang, false) : null;
    const mapParts = drawn ? { svg: Buffer.from(drawn.svg.value), legend: Buffer.from(drawn.legend.value), table: Buffer.from(drawn.table.value) } : null;
    const formBytes = form ? Buffer.from(guidedForm(form, lang, g.ruleset).value) : null;
    const mine = Buffer.from(mySection(view, presented(state, entry, seat.player, lang), lang).value);
    // The drawing's bytes, and the map document counted as about as much again (its regions' texts).
    const mapBytes = mapParts ? 2 * (mapParts.svg.length + mapParts.legend.length + mapParts.table.length) : 0;
    return { tools: toolsOf(entry, state, seat.player, lang), map, mapParts, form: formBytes, mine, maps: new Map(), bytes: 1024 + mapBytes + (formBytes?.length ?? 0) + mine.length };
  });
  const { tools } = d;
  // The map orders read the sheet being written (issue 13 §4): after this sheet's own orders. The
  // widget is kept per sheet value (a pure function of it, the state and the player), the last few.
  const out = new PageBytes();
  let mapWidgetHtml: Html | null = null;
  if (d.map && d.mapParts) {
    const key = sheet.value === null || !entry.ruleset.mapDoc ? '' : JSON.stringify(sheet.value);
    let widget = d.maps.get(key);
    if (!widget) {
      let map = d.map;
      let trails: MapTrail[] = [];
      if (key !== '') {
        const rs = entry.ruleset;
        try { map = { ...map, units: rs.mapUnits ? rs.mapUnits(state, seat.player, lang, sheet.value) : rs.mapDoc!(state, seat.player, lang, sheet.value).units }; } catch (e) { req.log.error(e); }
        try { trails = rs.mapTrails?.(state, seat.player, lang, sheet.value) ?? []; } catch (e) { req.log.error(e); }
      }
      const own = new PageBytes();
      const parts = { svg: own.mark(d.mapParts.svg), legend: own.mark(d.mapParts.legend), table: own.mark(d.mapParts.table) };
      const pieces = own.pieces(mapWidget(map, lang, { orders: true, trails, links: { full: `/games/${g.id}/map`, png: `/games/${g.id}/map.png` }, unitsUrl: `/api/games/${g.id}/map-units`, parts }).value);
      const shared = new Set<Buffer>([d.mapParts.svg, d.mapParts.legend, d.mapParts.table]);
      widget = { pieces, bytes: pieces.reduce((n, b) => n + (shared.has(b) ? 0 : b.length), 0) };
      keepMap(d, key, widget);
    }
    mapWidgetHtml = out.mark(widget.pieces);
  }
  const lastReport = read.lastReport;
  const localize = (l: string): string => entry.ruleset.localizeLabel?.(l, lang) ?? l;
  const resolved = resolvedNotice(req.query, g.step, read.askedReport, g.id, g.ruleset, lang, localize);
  const issueCount = sheet.issues.length;
  // The seat's orders address, for a game that takes its sheets by mail (mail-orders-page.ts).
  const mailBox = decision ? await mailOrdersBox(ctx, v, g, seat.player, (req.query as { address?: string } | undefined)?.address === 'new', read.orderToken) : '';
  const jsMsgs = {
    ...sheetEditorMsgs(lang), ready: t(lang, 'gweb.orders.ready'), notReady: t(lang, 'gweb.orders.not-ready'), setReady: t(lang, 'gweb.orders.set-ready'),
    unsetReady: t(lang, 'gweb.orders.unset-ready'), resolved: t(lang, 'gweb.orders.resolved'),
  };
  const body = html`${pageHead()}${crumbs}
    <h1>${decision ? decision.prompt[lang] : title}</h1>
    <p class="meta">${t(lang, 'gweb.you-play', { lord: seat.lordName })} · ${t(lang, 'gweb.orders.deadline')}${t(lang, 'colon')}${g.deadline ? timeTag(g.deadline, lang, tz) : t(lang, 'gweb.orders.no-deadline')}</p>
    ${flash ? html`<p class="flash" role="status">${flash}</p>` : ''}
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    ${failingNotice(g, lang)}
    ${resolved ?? unreadBanner(g.id, lastReport && !lastReport.read ? lastReport : null, lang, localize)}
    ${orderPageHelp(g.ruleset, entry.ruleset.help ? entry.ruleset.help(lang).firstTurn : null, lang, g.step === 0)}
    ${!decision ? html`<p class="notice">${t(lang, 'gweb.orders.nothing')}</p>` : html`
    <noscript><p class="notice">${t(lang, 'gweb.orders.nojs')}</p></noscript>
    ${tools.length ? html`<p class="tools-nav">${t(lang, 'gweb.tools')}${t(lang, 'colon')}${tools.map((x) => html`<a class="button" href="/games/${g.id}/tools/${x.id}" title="${x.summary}">${x.title}</a>`)}</p>` : ''}
    ${mapWidgetHtml ? html`<details class="block map-section" open><summary>${t(lang, 'map.title')}</summary>${mapWidgetHtml}</details>` : ''}
    <div class="orders-layout" id="orders" data-step="${g.step}" data-save-url="/games/${g.id}/orders" data-sheet-url="/api/games/${g.id}/sheet"
      data-ready-url="/games/${g.id}/ready" data-msgs="${JSON.stringify(jsMsgs)}">
      <section class="guided">
        <h2>${t(lang, 'gweb.orders.guided')}</h2>
        ${d.form ? html`<p class="muted small">${t(lang, 'gweb.orders.guided-help')}</p>${out.mark(d.form)}` : html`<p class="muted">${t(lang, 'gweb.orders.no-form')}</p>`}
      </section>
      <section class="sheet">
        <h2>${t(lang, 'gweb.orders.sheet')}</h2>
        <p class="muted small" id="sheet-help">${t(lang, 'gweb.orders.sheet-help')}</p>
        <form method="post" action="/games/${g.id}/orders" id="sheet-form">${csrfField(v)}
          ${sheetTextarea(sheet.text, 'text', issueCount, lang)}
          <div class="save-row"><button type="submit">${t(lang, 'gweb.orders.save')}</button>
            <span id="save-progress" class="muted"></span>
            <span id="save-status" class="muted" role="status">${sheet.updatedAt ? t(lang, 'gweb.orders.saved-count', { saved: t(lang, 'gweb.orders.saved-at', { time: formatTime(sheet.updatedAt, lang, tz) }), count: attentionText(issueCount, lang) }) : ''}</span></div>
        </form>
        ${issuesBlock(sheet.issues, lang)}
        <form method="post" action="/games/${g.id}/ready" id="ready-form" class="ready-box${sheet.ready ? ' is-ready' : ''}">${csrfField(v)}
          <input type="hidden" name="ready" value="${sheet.ready ? '0' : '1'}">
          <p><span id="ready-state" class="badge ${sheet.ready ? 'ok' : ''}" role="status">${t(lang, sheet.ready ? 'gweb.orders.ready' : 'gweb.orders.not-ready')}</span>
            <button type="submit" id="ready-button" class="${sheet.ready ? '' : 'primary'}">${t(lang, sheet.ready ? 'gweb.orders.unset-ready' : 'gweb.orders.set-ready')}</button></p>
          <p id="ready-warning" class="warning small" role="alert" hidden></p>
          <p class="muted small">${t(lang, 'gweb.orders.ready-help')} ${early}</p>
        </form>
        ${mailBox}
      </section>
    </div>`}
    ${lastReport ? html`<p><a href="/games/${g.id}/reports/${lastReport.idx}">${t(lang, 'gweb.orders.last-report', words(lang, g.ruleset))} (${entry.ruleset.localizeLabel?.(lastReport.label, lang) ?? lastReport.label})</a></p>` : ''}
    ${out.mark(d.mine)}`;
  return sendPage(reply, out.bytes(page(v, title, body, mapWidgetHtml ? { scripts: [...SCRIPTS.scripts, '/static/map.js'] } : SCRIPTS)), status);
}

async function saveSheet(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, json: boolean) {
  // The common case first: a lord saves his own sheet in a running game (one short transaction).
  const body = (req.body ?? {}) as Record<string, unknown>;
  const gameId = parseId((req.params as { id?: string }).id);
  const user = req.visitor.user;
  if (gameId !== null && user && typeof body.text === 'string' && body.text.length <= 50_000) {
    const fast = await games.saveOwnSheet(ctx, gameId, user.id, body.text.replace(/\r\n?/g, '\n'));
    if (fast) return json ? reply.send({ ...sheetJson(fast.sheet, fast.step), saved: true }) : reply.redirect(`/games/${gameId}/orders?saved=1`, 303);
  }
  const a = await ownSeat(ctx, req, true);
  if (!a) return json ? reply.code(404).send({ error: 'not found' }) : notFound(req, reply);
  const lang = req.visitor.lang;
  const b = (req.body ?? {}) as Record<string, unknown>;
  if (typeof b.text !== 'string' || b.text.length > 50_000) {
    return json ? reply.code(400).send({ error: 'text expected' }) : ordersPage(ctx, req, reply, null, 'text expected', 400);
  }
  if (a.game.status !== 'running') {
    const msg = t(lang, a.game.status === 'forming' ? 'gweb.orders.forming' : 'gweb.orders.finished');
    return json ? reply.code(409).send({ error: msg }) : ordersPage(ctx, req, reply, null, msg, 409);
  }
  let saved: SheetState;
  try {
    saved = await games.saveSheet(ctx, a.game.id, a.seat!.player, b.text.replace(/\r\n?/g, '\n'));
  } catch (e) {
    const msg = t(lang, 'gweb.err.failed', { error: errorText(e) });
    return json ? reply.code(409).send({ error: msg }) : ordersPage(ctx, req, reply, null, msg, 409);
  }
  const now = await games.summary(ctx, a.game.id);
  if (json) return reply.send({ ...sheetJson(saved, now?.step ?? a.game.step), saved: true });
  return reply.redirect(`/games/${a.game.id}/orders?saved=1`, 303);
}

// ───────────────────────────────────────────────────────────── routes

/** The order page, its save and ready routes, and its JSON API (sheet, view). */
export const orderPageRoutes: RouteModule = async (app, ctx) => {
  app.get('/games/:id/orders', async (req, reply) => {
    // A game of prompts has no order sheet: its play page (the lord's seat says which game it is;
    // anyone else is sent there too, as before).
    // (The game's pace is in the page's rows, read once: as ownSeat then playPath gave it.)
    const read = await readPage(ctx, req);
    if (read?.game.pace) return reply.redirect(`/games/${read.game.id}/play`, 303);
    const saved = (req.query as { saved?: string } | undefined)?.saved === '1';
    return ordersPage(ctx, req, reply, saved ? t(req.visitor.lang, 'gweb.orders.saved') : null, null, 200, read);
  });
  app.post('/games/:id/orders', { config: { sessionCache: true } }, (req, reply) => saveSheet(ctx, req, reply, wantsJson(req)));

  app.post('/games/:id/ready', async (req, reply) => {
    const json = wantsJson(req);
    const a = await ownSeat(ctx, req, true);
    if (!a) return notFound(req, reply);
    if (a.game.status !== 'running') {
      const msg = t(req.visitor.lang, a.game.status === 'forming' ? 'gweb.orders.forming' : 'gweb.orders.finished');
      return json ? reply.code(409).send({ error: msg }) : ordersPage(ctx, req, reply, null, msg, 409);
    }
    const b = (req.body ?? {}) as Record<string, unknown>;
    const ready = b.ready === true || b.ready === '1' || b.ready === 'true' || b.ready === 'on';
    try {
      await games.setReady(ctx, a.game.id, a.seat!.player, ready);
    } catch (e) {
      const msg = t(req.visitor.lang, 'gweb.err.failed', { error: errorText(e) });
      return json ? reply.code(409).send({ error: msg }) : ordersPage(ctx, req, reply, null, msg, 409);
    }
    ctx.kick();
    const now = await games.summary(ctx, a.game.id);
    if (json) {
      const step = now?.step ?? a.game.step;
      const s = step === a.game.step && now?.status === 'running' ? await games.sheet(ctx, a.game.id, a.seat!.player) : null;
      return reply.send({ ready: s ? s.ready : ready, step, status: now?.status ?? a.game.status });
    }
    return reply.redirect(`/games/${a.game.id}/orders`, 303);
  });

  // JSON API of the order page (members only, their own seat).
  app.get('/api/games/:id/sheet', async (req, reply) => {
    const s = await sheetAccess(ctx, req);
    if (!s) return reply.code(404).send({ error: 'not found' });
    return reply.send(sheetJson(s.sheet, s.a.game.step));
  });
  app.post('/api/games/:id/sheet', { config: { sessionCache: true } }, (req, reply) => saveSheet(ctx, req, reply, true));
  /** The visitor's own view of the game (members), or the public view of a public game. */
  app.get('/api/games/:id/view', async (req, reply) => {
    const a = await access(ctx, req);
    if (!a || (a.game.isPrivate && !a.seat && !a.former) || a.game.status === 'forming') return reply.code(404).send({ error: 'not found' });
    return reply.send(await safeView(ctx, a.game.id, a.seat ? a.seat.player : null));
  });
};
