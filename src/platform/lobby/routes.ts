/**
 * The lobby pages: "I want to play the next game" (a kind of game, a name in it), the visitor's requests
 * with their status and a withdraw button, and the confirmation page the lobby's mail links to
 * (GET shows a button, POST confirms; the request's owner only). Only validated, non-guest
 * accounts may queue.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import { html, raw, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { csrfField, page } from '../http/layout.ts';
import { sendPage, type AppCtx, type RouteModule } from '../http/server.ts';
import { parseId, standingNotice, standingOf, timeTag } from '../games/page-kit.ts';
import { confirm, joinQueue, lobbyMaps, queueOf, withdraw, type LobbyEntry } from './service.ts';
import { findKind, kindKey } from '../games/kinds.ts';
import { cleanName } from '../http/names.ts';
import type { SeatIssue } from '../../engine/ruleset.ts';
import { SeatChoiceError } from '../games/service.ts';
import { loadSeatFormRulesets, readSeatValues, seatFormHtml, seatFormRulesets } from '../games/seat-form.ts';
import { historiesOf, reliabilityLabel } from '../games/reliability.ts';

messages({
  'lweb.title': { fr: 'Jouer la prochaine partie', en: 'Play the next game' },
  'lweb.intro': {
    fr: 'Choisissez un jeu (et sa carte) et votre nom dans la partie. Quand assez de candidats attendent, chacun reçoit un courriel pour confirmer ; la partie commence dès que le compte y est.',
    en: 'Pick a game (and its map) and your name in it. When enough candidates are waiting, each one gets a mail asking to confirm; the game starts as soon as the count is reached.',
  },
  'lweb.join': { fr: 'Je veux jouer la prochaine partie', en: 'I want to play the next game' },
  'lweb.map': { fr: 'Jeu et carte', en: 'Game and map' },
  'lweb.map-line': { fr: '{name} — {n} joueurs', en: '{name} — {n} players' },
  'lweb.candidates': { fr: 'Candidats en attente', en: 'Candidates waiting' },
  'lweb.candidates-help': {
    fr: 'Le pourcentage est la fiabilité du joueur : la part des tours et des questions auxquels il a répondu à temps, places abandonnées comptées (voir son profil).',
    en: 'The percentage is the player’s reliability: the share of turns and prompts he answered in time, abandoned seats counted (see his profile).',
  },
  'lweb.waiting-count': { fr: '{n} {n|candidat|candidats} en attente', en: '{n} {n|candidate|candidates} waiting' },
  'lweb.lord-name': { fr: 'Votre nom dans la partie (seigneur, roi…)', en: 'Your name in the game (lord, king…)' },
  'lweb.submit': { fr: 'M’inscrire', en: 'Sign me up' },
  'lweb.mine': { fr: 'Mes demandes', en: 'My requests' },
  'lweb.none': { fr: 'Aucune demande en cours.', en: 'No request at the moment.' },
  'lweb.col.map': { fr: 'Jeu', en: 'Game' },
  'lweb.col.lord': { fr: 'Nom', en: 'Name' },
  'lweb.col.status': { fr: 'État', en: 'Status' },
  'lweb.col.since': { fr: 'Depuis', en: 'Since' },
  'lweb.status.waiting': { fr: 'en attente ({c} / {n} {n|candidat|candidats})', en: 'waiting ({c} / {n} {n|candidate|candidates})' },
  'lweb.status.asked': { fr: 'à confirmer !', en: 'please confirm!' },
  'lweb.status.confirmed': { fr: 'confirmé ({c} / {n} {c|confirmé|confirmés})', en: 'confirmed ({c} / {n} confirmed)' },
  'lweb.status.placed': { fr: 'placé dans une partie', en: 'placed in a game' },
  'lweb.status.withdrawn': { fr: 'retiré', en: 'withdrawn' },
  'lweb.status.expired': { fr: 'expirée (pas de confirmation à temps)', en: 'expired (not confirmed in time)' },
  'lweb.withdraw': { fr: 'Me retirer', en: 'Withdraw' },
  'lweb.confirm': { fr: 'Confirmer', en: 'Confirm' },
  'lweb.go-game': { fr: 'Aller à la partie', en: 'Go to the game' },
  'lweb.joined': { fr: 'Vous êtes inscrit : nous vous écrirons quand assez de candidats attendront.', en: 'You are signed up: we will write to you when enough candidates are waiting.' },
  'lweb.withdrawn': { fr: 'Demande retirée.', en: 'Request withdrawn.' },
  'lweb.not-withdrawn': { fr: 'Cette demande ne peut plus être retirée.', en: 'This request can no longer be withdrawn.' },
  'lweb.confirmed': { fr: 'Merci : votre participation est confirmée. La partie commencera dès que le compte y sera.', en: 'Thank you: your participation is confirmed. The game starts as soon as the count is reached.' },
  'lweb.confirm.title': { fr: 'Confirmer ma participation', en: 'Confirm my participation' },
  'lweb.confirm.text': {
    fr: 'Vous allez confirmer que vous voulez jouer {lord} dans une partie de {map} ({n} joueurs). Les premiers confirmés entrent dans la partie.',
    en: 'You are about to confirm that you want to play {lord} in a game of {map} ({n} players). The first to confirm are in the game.',
  },
  'lweb.confirm.done': { fr: 'Cette demande est déjà confirmée.', en: 'This request is already confirmed.' },
  'lweb.confirm.closed': { fr: 'Cette demande n’attend plus de confirmation.', en: 'This request no longer waits for a confirmation.' },
  'lweb.confirm.not-yet': {
    fr: 'Pas encore assez de candidats pour une partie complète : rien à confirmer pour l’instant. Nous vous écrirons dès qu’elle sera complète.',
    en: 'Not enough candidates for a full game yet: nothing to confirm for now. We will write to you as soon as it is full.',
  },
  'lweb.err.map': { fr: 'Choisissez un jeu.', en: 'Pick a game.' },
  'lweb.err.lord-name': { fr: 'Donnez-vous un nom dans la partie (40 caractères au plus).', en: 'Give yourself a name in the game (40 characters at most).' },
  'lweb.err.failed': { fr: 'Impossible : {error}', en: 'Not possible: {error}' },
  'lweb.back': { fr: 'Retour à la file d’attente', en: 'Back to the queue' },
});

const ACTIVE = ['waiting', 'asked', 'confirmed'];
const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const str = (v: unknown, max = 1000): string => (typeof v === 'string' ? v : '').slice(0, max);
const statusOf = (e: unknown): number => {
  const s = (e as { statusCode?: unknown }).statusCode;
  return typeof s === 'number' && s >= 400 && s < 500 ? s : 400;
};

/** Candidates in the queue per map (waiting, asked or confirmed). Read directly: the lobby
 *  service only counts them for a player's own requests. */
/**
 * The candidates waiting per kind of game, each with his reliability (games/reliability.ts): the
 * lobby's entries, so that a player sees with whom he is likely to play. Logins only: the names
 * they chose for the game stay theirs until it starts.
 */
async function waitingPlayers(ctx: AppCtx, lang: Lang): Promise<Html> {
  const rows = await ctx.db.query<{ ruleset: string; map: string; user_id: number; login: string }>(
    `SELECT l.ruleset, l.map, l.user_id, u.login FROM lobby l JOIN users u ON u.id = l.user_id
      WHERE l.status IN ('waiting', 'asked', 'confirmed') ORDER BY l.ruleset, l.map, l.created_at LIMIT 500`);
  if (!rows.length) return html``;
  const histories = await historiesOf(ctx.db, rows.map((r) => Number(r.user_id)));
  const byKind = new Map<string, typeof rows>();
  for (const r of rows) byKind.set(kindKey(r.ruleset, r.map), [...(byKind.get(kindKey(r.ruleset, r.map)) ?? []), r]);
  const names = new Map(lobbyMaps().map((m) => [m.id, m.name[lang]]));
  return html`<section id="lobby-candidates"><h2>${t(lang, 'lweb.candidates')}</h2>
    <ul>${[...byKind].map(([k, list]) => html`<li><strong>${names.get(k) ?? k}</strong>${t(lang, 'colon')}${list.map((r, i) => html`${i ? ', ' : ''}<a href="/players/${encodeURIComponent(r.login)}">${r.login}</a> <span class="badge reliability">${reliabilityLabel(lang, histories.get(Number(r.user_id))!)}</span>`)}</li>`)}</ul>
    <p class="muted small">${t(lang, 'lweb.candidates-help')}</p></section>`;
}

async function waitingCounts(ctx: AppCtx): Promise<Record<string, number>> {
  const rows = await ctx.db.query<{ ruleset: string; map: string; n: number }>(
    `SELECT ruleset, map, count(*)::int AS n FROM lobby WHERE status IN ('waiting', 'asked', 'confirmed') GROUP BY ruleset, map`);
  return Object.fromEntries(rows.map((r) => [kindKey(r.ruleset, r.map), Number(r.n)]));
}

function statusText(lang: Lang, e: LobbyEntry): string {
  if (e.status === 'waiting') return t(lang, 'lweb.status.waiting', { c: e.candidates, n: e.needed });
  if (e.status === 'confirmed') return t(lang, 'lweb.status.confirmed', { c: e.confirmed, n: e.needed });
  return t(lang, `lweb.status.${e.status}`);
}

function notFound(req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const v = req.visitor;
  return sendPage(reply, page(v, t(v.lang, 'error.notfound'), html`<h1>${t(v.lang, 'error.notfound')}</h1>`), 404);
}

async function lobbyPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, opts: {
  error?: string; flash?: string; map?: string; lordName?: string; status?: number;
  /** The seat-form values typed, per ruleset, and the issues of the chosen game's. */
  seat?: Record<string, Record<string, string> | null>; seatIssues?: SeatIssue[];
} = {}) {
  const v = req.visitor;
  const lang = v.lang;
  await loadSeatFormRulesets(); // the lobby's form shows their seat forms
  const standing = await standingOf(ctx, v);
  const counts = await waitingCounts(ctx);
  const mine = v.user ? await queueOf(ctx, v.user.id) : [];
  const tz = ctx.config.timeZone;
  const maps = lobbyMaps();
  const chosen = findKind(opts.map ?? '')?.key ?? maps[0]!.id;
  const body: Html = html`<link rel="stylesheet" href="/static/orders.css">
    <h1>${t(lang, 'lweb.title')}</h1>
    <p class="lead">${t(lang, 'lweb.intro')}</p>
    ${opts.flash ? html`<p class="flash" role="status">${opts.flash}</p>` : ''}
    ${opts.error ? html`<p class="error" role="alert">${opts.error}</p>` : ''}
    <section class="card">
      <h2>${t(lang, 'lweb.join')}</h2>
      ${standing === 'ok' ? html`<form method="post" action="/lobby/join" class="stack">${csrfField(v)}
        <fieldset><legend>${t(lang, 'lweb.map')}</legend>
          ${maps.map((m) => html`<label class="check"><input type="radio" name="map" value="${m.id}"${m.id === chosen ? raw(' checked') : ''}>
            <span><strong>${t(lang, 'lweb.map-line', { name: m.name[lang], n: m.players })}</strong>
            <span class="muted"> — ${t(lang, 'lweb.waiting-count', { n: counts[m.id] ?? 0 })}</span></span></label>`)}
        </fieldset>
        <label>${t(lang, 'lweb.lord-name')} <input name="lordName" required maxlength="40" value="${opts.lordName ?? ''}"></label>
        ${seatFormRulesets().map((r) => seatFormHtml(lang, r, { values: opts.seat?.[r] ?? null, issues: findKind(chosen)?.ruleset === r ? opts.seatIssues : [], create: true }))}
        <p><button type="submit" class="primary">${t(lang, 'lweb.submit')}</button></p>
      </form>` : html`<ul>${maps.map((m) => html`<li>${t(lang, 'lweb.map-line', { name: m.name[lang], n: m.players })} <span class="muted">— ${t(lang, 'lweb.waiting-count', { n: counts[m.id] ?? 0 })}</span></li>`)}</ul>
        ${standingNotice(lang, standing, '/lobby')}`}
    </section>
    ${await waitingPlayers(ctx, lang)}
    ${v.user ? html`<section><h2>${t(lang, 'lweb.mine')}</h2>
      ${mine.length ? html`<div class="table-wrap"><table class="data"><thead><tr><th>${t(lang, 'lweb.col.map')}</th><th>${t(lang, 'lweb.col.lord')}</th><th>${t(lang, 'lweb.col.status')}</th><th>${t(lang, 'lweb.col.since')}</th><th><span class="visually-hidden">${t(lang, 'col.actions')}</span></th></tr></thead>
        <tbody>${mine.map((e) => html`<tr>
          <td>${e.mapName[lang]}</td><td>${e.lordName}</td><td>${statusText(lang, e)}</td><td>${timeTag(e.createdAt, lang, tz, 'short')}</td>
          <td class="actions">
            ${e.status === 'asked' ? html`<a class="button primary" href="/lobby/confirm/${e.id}">${t(lang, 'lweb.confirm')}</a> ` : ''}
            ${e.status === 'placed' && e.gameId ? html`<a class="button primary" href="/games/${e.gameId}">${t(lang, 'lweb.go-game')}</a>` : ''}
            ${ACTIVE.includes(e.status) ? html`<form method="post" action="/lobby/withdraw/${e.id}" class="inline">${csrfField(v)}<button type="submit">${t(lang, 'lweb.withdraw')}</button></form>` : ''}
          </td></tr>`)}</tbody></table></div>` : html`<p class="muted">${t(lang, 'lweb.none')}</p>`}
    </section>` : ''}`;
  return sendPage(reply, page(v, t(lang, 'lweb.title'), body, { scripts: ['/static/local-time.js', '/static/orders.js', '/static/seat-form.js'] }), opts.status ?? 200);
}

/** The visitor's own request, or null (another user's request is not found). */
async function ownEntry(ctx: AppCtx, req: FastifyRequest): Promise<LobbyEntry | null> {
  const u = req.visitor.user;
  const id = parseId((req.params as { id?: string }).id);
  if (!u || id === null) return null;
  return (await queueOf(ctx, u.id)).find((e) => e.id === id) ?? null;
}

export const lobbyRoutes: RouteModule = (app, ctx) => {
  app.get('/lobby', (req, reply) => {
    const q = (req.query ?? {}) as Record<string, string | undefined>;
    const lang = req.visitor.lang;
    const flash = q.joined ? t(lang, 'lweb.joined') : q.withdrawn === '1' ? t(lang, 'lweb.withdrawn') : q.withdrawn === '0' ? t(lang, 'lweb.not-withdrawn') : q.confirmed ? t(lang, 'lweb.confirmed') : undefined;
    return lobbyPage(ctx, req, reply, { flash });
  });

  app.post('/lobby/join', async (req, reply) => {
    const v = req.visitor;
    if (!v.user) return reply.redirect('/login?next=%2Flobby', 303);
    const standing = await standingOf(ctx, v);
    if (standing !== 'ok') return lobbyPage(ctx, req, reply, { status: 403 });
    const b = (req.body ?? {}) as Record<string, unknown>;
    await loadSeatFormRulesets();
    const map = str(b.map, 50);
    const lordName = cleanName(str(b.lordName, 200));
    const seat = Object.fromEntries(seatFormRulesets().map((r) => [r, readSeatValues(b, r)]));
    const kind = findKind(map);
    if (!kind) return lobbyPage(ctx, req, reply, { error: t(v.lang, 'lweb.err.map'), lordName, seat, status: 400 });
    if (!lordName || lordName.length > 40) return lobbyPage(ctx, req, reply, { error: t(v.lang, 'lweb.err.lord-name'), map, lordName, seat, status: 400 });
    try {
      await joinQueue(ctx, v.user.id, map, lordName, seat[kind.ruleset] ?? null);
    } catch (e) {
      if (e instanceof SeatChoiceError) return lobbyPage(ctx, req, reply, { error: t(v.lang, 'seat.errors'), map, lordName, seat, seatIssues: e.issues, status: 400 });
      return lobbyPage(ctx, req, reply, { error: t(v.lang, 'lweb.err.failed', { error: errorText(e) }), map, lordName, seat, status: statusOf(e) });
    }
    return reply.redirect('/lobby?joined=1', 303);
  });

  app.post('/lobby/withdraw/:id', async (req, reply) => {
    const v = req.visitor;
    const e = await ownEntry(ctx, req);
    if (!v.user || !e) return notFound(req, reply);
    const ok = await withdraw(ctx, v.user.id, e.id);
    return reply.redirect(`/lobby?withdrawn=${ok ? 1 : 0}`, 303);
  });

  app.get('/lobby/confirm/:id', async (req, reply) => {
    const v = req.visitor;
    const lang = v.lang;
    // The mail's link: log in first, then come back here.
    if (!v.user) return reply.redirect(`/login?next=${encodeURIComponent(req.url)}`, 303);
    const e = await ownEntry(ctx, req);
    if (!e) return notFound(req, reply);
    const m = lobbyMaps().find((x) => x.id === e.map);
    // Confirmation is asked once the game is full (status 'asked'); before that there is nothing to confirm.
    const open = e.status === 'asked';
    const body = html`<link rel="stylesheet" href="/static/orders.css">
      <h1>${t(lang, 'lweb.confirm.title')}</h1>
      <p>${t(lang, 'lweb.confirm.text', { lord: e.lordName, map: e.mapName[lang], n: m?.players ?? e.needed })}</p>
      <p>${t(lang, 'lweb.col.status')}${t(lang, 'colon')}<strong>${statusText(lang, e)}</strong></p>
      ${open ? html`<form method="post" action="/lobby/confirm/${e.id}">${csrfField(v)}<button type="submit" class="primary">${t(lang, 'lweb.confirm')}</button></form>`
        : html`<p class="notice">${t(lang, e.status === 'confirmed' ? 'lweb.confirm.done' : e.status === 'waiting' ? 'lweb.confirm.not-yet' : 'lweb.confirm.closed')}</p>
          ${e.status === 'placed' && e.gameId ? html`<p><a class="button primary" href="/games/${e.gameId}">${t(lang, 'lweb.go-game')}</a></p>` : ''}`}
      <p><a href="/lobby">${t(lang, 'lweb.back')}</a></p>`;
    return sendPage(reply, page(v, t(lang, 'lweb.confirm.title'), body));
  });

  app.post('/lobby/confirm/:id', async (req, reply) => {
    const v = req.visitor;
    const e = await ownEntry(ctx, req);
    if (!v.user || !e) return notFound(req, reply);
    if (e.status === 'waiting') return lobbyPage(ctx, req, reply, { error: t(v.lang, 'lweb.confirm.not-yet'), status: 409 });
    try {
      await confirm(ctx, v.user.id, e.id);
    } catch (err) {
      if (statusOf(err) === 404) return notFound(req, reply);
      return lobbyPage(ctx, req, reply, { error: t(v.lang, 'lweb.err.failed', { error: errorText(err) }), status: statusOf(err) });
    }
    return reply.redirect('/lobby?confirmed=1', 303);
  });
};
