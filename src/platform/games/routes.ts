/**
 * The game pages: the list of games and the creation of a private game, the public page of a game,
 * the order page of a lord (guided form + raw sheet, autosaved), his reports, and the small JSON
 * API the order page uses. The platform knows no rule of any game: it renders what the ruleset
 * gives — the guided answer form, views as generic tables, reports as text.
 *
 * Access rule: a lord's sheet, reports and private view are his alone (404 for anyone else, even
 * after the game is over); a private game shows non-members only its name and a join form.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerForm, Lang, MapDoc, ToolInfo, ValidationIssue, ViewDoc } from '../../engine/ruleset.ts';
import { errorIn } from '../../engine/constants.ts';
import { getRuleset } from '../../rulesets/index.ts';
import { html, raw, type Html } from '../http/html.ts';
import { LruCache } from '../http/lru.ts';
import { badNumber, queryInt } from '../http/input.ts';
import { cleanName } from '../http/names.ts';
import { orderPageHelp } from '../http/help-links.ts';
import { messages, t, term } from '../http/i18n.ts';
import { csrfField, page } from '../http/layout.ts';
import { renderDoc } from '../http/viewdoc.ts';
import { mapWidget } from '../maps/widget.ts';
import { guidedForm, guidedFormMsgs } from './guided-form.ts';
import { sendPage, type AppCtx, type RouteModule, type Visitor } from '../http/server.ts';
import { demoRoutes } from '../web/demo.ts';
import { passwordAttemptOk, passwordAttemptVoid, startPasswordAttempt } from '../accounts/service.ts';
import { DEFAULT_SCHEDULE, type GamesApi, type GameSummary, type Schedule, type Seat, type SheetState } from './api.ts';
import { dryRunBudgetMs, dryRunOptions, games as gamesService, GamesError, markReportRead, MISSED_FLAG, reportMapOf, unreadReport } from './service.ts';
import { markdownHtml } from '../http/markdown.ts';
import { cachedState } from './states.ts';
import { allKinds, findKind, variantName } from './kinds.ts';

/** The games service, seen through its documented API only. */
const games: GamesApi = gamesService;

messages({
  'gweb.games': { fr: 'Parties', en: 'Games' },
  'gweb.my-games': { fr: 'Mes parties', en: 'My games' },
  'gweb.public-games': { fr: 'Parties publiques', en: 'Public games' },
  'gweb.no-games': { fr: 'Aucune partie pour l’instant.', en: 'No game yet.' },
  'gweb.col.name': { fr: 'Nom', en: 'Name' },
  'gweb.col.map': { fr: 'Carte', en: 'Map' },
  'gweb.col.status': { fr: 'État', en: 'Status' },
  'gweb.col.turn': { fr: 'Tour', en: 'Turn' },
  'gweb.col.lords': { fr: '{Players}', en: '{Players}' },
  'gweb.col.deadline': { fr: 'Échéance', en: 'Deadline' },
  'gweb.col.lord': { fr: '{Player}', en: '{Player}' },
  'gweb.col.player': { fr: 'Joueur', en: 'Player' },
  'gweb.col.resolved': { fr: 'Résolu le', en: 'Resolved on' },
  'gweb.col.report': { fr: '{Report}', en: '{Report}' },
  'gweb.status.forming': { fr: 'en formation', en: 'forming' },
  'gweb.status.running': { fr: 'en cours', en: 'running' },
  'gweb.status.finished': { fr: 'terminée', en: 'finished' },
  'gweb.seat.active': { fr: 'en jeu', en: 'playing' },
  'gweb.seat.abdicated': { fr: 'a abdiqué', en: 'abdicated' },
  'gweb.seat.open': { fr: 'place libre (remplaçant cherché)', en: 'open seat (replacement wanted)' },
  'gweb.bot': { fr: 'bot', en: 'bot' },
  'gweb.private': { fr: 'privée', en: 'private' },
  'gweb.demo': { fr: 'démo', en: 'demo' },
  'gweb.my-orders': { fr: 'Mes ordres', en: 'My orders' },
  'gweb.my-reports': { fr: 'Mes {reports}', en: 'My {reports}' },
  'gweb.create.title': { fr: 'Créer une partie privée', en: 'Create a private game' },
  'gweb.create.help': {
    fr: 'Vous en êtes le premier seigneur ; la partie commence d’elle-même quand toutes les places sont prises. Donnez le mot de passe aux joueurs que vous invitez.',
    en: 'You are its first lord; the game starts by itself when every seat is taken. Give the password to the players you invite.',
  },
  'gweb.create.name': { fr: 'Nom de la partie', en: 'Game name' },
  'gweb.create.map': { fr: 'Carte', en: 'Map' },
  'gweb.create.lords': { fr: 'Nombre de seigneurs', en: 'Number of lords' },
  'gweb.create.lord-name': { fr: 'Nom de votre seigneur', en: 'Your lord’s name' },
  'gweb.create.password': { fr: 'Mot de passe pour rejoindre', en: 'Join password' },
  'gweb.create.weekday': { fr: 'Jour de l’échéance', en: 'Deadline day' },
  'gweb.create.time': { fr: 'Heure', en: 'Time' },
  'gweb.create.tz': { fr: 'Fuseau horaire', en: 'Time zone' },
  'gweb.create.minHours': { fr: 'Durée minimale d’un tour (heures)', en: 'Shortest turn (hours)' },
  'gweb.create.minHours-help': {
    fr: 'Après une résolution anticipée, la prochaine échéance est la première qui tombe au moins ce délai plus tard. Vide : la moitié de la période (84 heures).',
    en: 'After an early resolution, the next deadline is the first one at least this long afterwards. Blank: half the period (84 hours).',
  },
  'gweb.err.minHours': { fr: 'La durée minimale d’un tour va de 0 à 168 heures.', en: 'The shortest turn is 0 to 168 hours.' },
  'gweb.create.early': { fr: 'Résoudre le tour dès que tous les seigneurs sont prêts', en: 'Resolve the turn as soon as every lord is ready' },
  'gweb.create.caretaker': { fr: 'Intendant pour les seigneurs sans ordres', en: 'Caretaker for lords without orders' },
  'gweb.create.caretaker-help': {
    fr: 'Un seigneur qui n’a pas envoyé d’ordres à l’échéance est gouverné pour ce tour par un intendant, qui donne des ordres défensifs choisis par l’arbitre du jeu ; son bilan le dit, et le tour compte comme manqué. Sans cette option (comme dans les règles d’origine), il ne fait rien.',
    en: 'A lord who has sent no orders by the deadline is governed for that turn by a steward, who gives defensive orders chosen by the game’s referee; his report says so, and the turn counts as missed. Without this option (as in the original rules), he does nothing.',
  },
  'gweb.caretaker.on': {
    fr: 'Intendant : un seigneur sans ordres à l’échéance est gouverné pour ce tour par son intendant (ordres défensifs).',
    en: 'Caretaker: a lord without orders at the deadline is governed for that turn by his steward (defensive orders).',
  },
  'gweb.caretaker.off': {
    fr: 'Pas d’intendant : un seigneur sans ordres à l’échéance ne fait rien ce tour-là.',
    en: 'No caretaker: a lord without orders at the deadline does nothing that turn.',
  },
  'gweb.create.config': { fr: 'Variantes et constantes (JSON, facultatif)', en: 'Variants and constants (JSON, optional)' },
  'gweb.create.config-help': {
    fr: 'Un objet JSON d’options de variante ou de constantes, vérifié par l’arbitre, par exemple {"startTreasury": 5000}.',
    en: 'A JSON object of variant flags or constants, checked by the referee, e.g. {"startTreasury": 5000}.',
  },
  'gweb.create.submit': { fr: 'Créer la partie', en: 'Create the game' },
  'gweb.create.created': { fr: 'Partie créée.', en: 'Game created.' },
  'gweb.kind': { fr: '{title} — {name} ({n} joueurs ; {min} à {max})', en: '{title} — {name} ({n} players; {min} to {max})' },
  'gweb.err.name': { fr: 'Donnez un nom à la partie (80 caractères au plus).', en: 'Give the game a name (80 characters at most).' },
  'gweb.err.lord-name': { fr: 'Donnez un nom à votre seigneur (40 caractères au plus).', en: 'Give your lord a name (40 characters at most).' },
  'gweb.err.lords': { fr: 'Le nombre de joueurs va de {min} à {max} pour ce jeu.', en: 'The number of players is between {min} and {max} for this game.' },
  'gweb.err.password': { fr: 'Choisissez un mot de passe d’au moins 4 caractères.', en: 'Choose a password of at least 4 characters.' },
  'gweb.err.map': { fr: 'Carte inconnue.', en: 'Unknown map.' },
  'gweb.err.time': { fr: 'Heure invalide (HH:MM).', en: 'Invalid time (HH:MM).' },
  'gweb.err.tz': { fr: 'Fuseau horaire inconnu.', en: 'Unknown time zone.' },
  'gweb.err.config': { fr: 'Le JSON des variantes est invalide : {error}', en: 'The variants JSON is invalid: {error}' },
  'gweb.err.refused': { fr: 'L’arbitre refuse ces réglages : {error}', en: 'The referee refuses these settings: {error}' },
  'gweb.err.failed': { fr: 'Impossible : {error}', en: 'Not possible: {error}' },
  'gweb.failing': {
    fr: 'La résolution de ce tour a échoué ; l’hôte a été prévenu. Le serveur réessaie de lui-même, et le tour précédent reste intact.',
    en: 'Resolving this turn failed; the host has been told. The server tries again by itself, and the previous turn is intact.',
  },
  'gweb.err.dryRunBudget': {
    fr: 'Avec ces réglages, un seul tour dure plus de {seconds} s : choisissez des valeurs plus modestes.',
    en: 'With these settings a single turn takes more than {seconds} s: choose more modest values.',
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
  'gweb.private-game': { fr: 'Partie privée', en: 'Private game' },
  'gweb.private-help': { fr: 'Cette partie est privée : seuls ses seigneurs la voient.', en: 'This game is private: only its lords can see it.' },
  'gweb.join.title': { fr: 'Rejoindre cette partie', en: 'Join this game' },
  'gweb.join.submit': { fr: 'Rejoindre', en: 'Join' },
  'gweb.ch.forum': { fr: 'Forum', en: 'Forum' },
  'gweb.ch.gazette': { fr: 'La Gazette', en: 'The Gazette' },
  'gweb.ch.letters': { fr: 'Lettres scellées', en: 'Sealed letters' },
  'gweb.ch.moderation': { fr: 'Modération', en: 'Moderation' },
  'gweb.flag': { fr: '{n} {n|tour|tours} sans ordres', en: '{n} {n|turn|turns} without orders' },
  'gweb.flag.help': { fr: 'Après 3 tours sans ordres, l’hôte de la partie peut confier ce seigneur à un remplaçant.', en: 'After 3 turns without orders, the game’s host may give this lord to a replacement.' },
  'gweb.open-seat': { fr: 'Chercher un remplaçant', en: 'Find a replacement' },
  'gweb.join.closed': { fr: 'Aucune place n’est libre dans cette partie.', en: 'This game has no free seat.' },
  'gweb.join.wrong-password': { fr: 'Mot de passe erroné.', en: 'Wrong password.' },
  'gweb.join.throttled': {
    fr: 'Trop de mots de passe erronés depuis votre adresse : attendez un quart d’heure avant de réessayer.',
    en: 'Too many wrong passwords from your address: wait a quarter of an hour before trying again.',
  },
  'gweb.forming': { fr: 'La partie commencera quand {n} {n|joueur|joueurs} de plus l’{n|aura|auront} rejointe.', en: 'The game will start when {n} more {n|player has|players have} joined.' },
  'gweb.forming-share': {
    fr: 'Pour inviter des joueurs, donnez-leur l’adresse de cette page et le mot de passe de la partie.',
    en: 'To invite players, give them the address of this page and the game’s password.',
  },
  'gweb.lords': { fr: 'Les {players}', en: 'The {players}' },
  'gweb.board': { fr: 'Le royaume', en: 'The realm' },
  'gweb.history': { fr: 'Historique des tours', en: 'Turn history' },
  'gweb.no-history': { fr: 'Aucun tour résolu.', en: 'No turn resolved yet.' },
  'gweb.replace': { fr: 'Remplacer ce seigneur', en: 'Replace this lord' },
  'gweb.leave.title': { fr: 'Quitter la partie', en: 'Leave the game' },
  'gweb.leave.abdicate': { fr: 'Abdiquer (mon seigneur quitte le jeu)', en: 'Abdicate (my lord leaves the game)' },
  'gweb.leave.replace': { fr: 'Demander un remplaçant (ma place est libérée)', en: 'Ask for a replacement (my seat is freed)' },
  'gweb.leave.submit': { fr: 'Quitter', en: 'Leave' },
  'gweb.leave.confirm': { fr: 'Je confirme vouloir quitter cette partie', en: 'I confirm I want to leave this game' },
  'gweb.leave.need-confirm': { fr: 'Cochez la case de confirmation.', en: 'Tick the confirmation box.' },
  'gweb.you-play': { fr: 'Vous jouez {lord}.', en: 'You play {lord}.' },
  'gweb.orders.title': { fr: 'Ordres', en: 'Orders' },
  'gweb.orders.deadline': { fr: 'Échéance', en: 'Deadline' },
  'gweb.orders.no-deadline': { fr: 'pas d’échéance', en: 'no deadline' },
  'gweb.orders.early': { fr: 'Le tour est résolu dès que tous les joueurs sont prêts.', en: 'The turn resolves as soon as every player is ready.' },
  'gweb.orders.guided': { fr: 'Formulaire guidé', en: 'Guided form' },
  'gweb.orders.guided-help': {
    fr: 'Choisissez un ordre, remplissez-le puis « Ajouter » : la ligne s’ajoute à votre feuille, à droite. Vous pouvez aussi écrire directement dans la feuille.',
    en: 'Pick an order, fill it in, then “Add”: the line is appended to your sheet on the right. You may also type straight into the sheet.',
  },
  'gweb.orders.no-form': { fr: 'Ce jeu n’offre pas de formulaire guidé : écrivez votre réponse dans la feuille.', en: 'This game offers no guided form: write your answer in the sheet.' },
  'gweb.orders.add': { fr: 'Ajouter', en: 'Add' },
  'gweb.orders.fill': { fr: 'Remplissez : {field}', en: 'Fill in: {field}' },
  'gweb.orders.added': { fr: 'Ligne ajoutée :', en: 'Line added:' },
  'gweb.orders.sheet': { fr: 'Ma feuille d’ordres', en: 'My order sheet' },
  'gweb.orders.sheet-help': { fr: 'Un ordre par ligne. Elle est enregistrée pendant que vous tapez.', en: 'One order per line. It is saved as you type.' },
  'gweb.orders.save': { fr: 'Enregistrer', en: 'Save' },
  'gweb.orders.saved': { fr: 'Feuille enregistrée.', en: 'Sheet saved.' },
  'gweb.orders.saved-at': { fr: 'Enregistrée à {time}', en: 'Saved at {time}' },
  'gweb.orders.saving': { fr: 'Enregistrement…', en: 'Saving…' },
  'gweb.orders.modified': { fr: 'Modifiée…', en: 'Modified…' },
  'gweb.orders.save-error': { fr: 'Échec de l’enregistrement : {error}', en: 'Saving failed: {error}' },
  'gweb.orders.issues': { fr: 'Lignes à revoir', en: 'Lines to check' },
  'gweb.orders.no-issues': { fr: 'Aucune erreur : toutes les lignes sont comprises.', en: 'No error: every line is understood.' },
  'gweb.orders.line': { fr: 'Ligne {n}', en: 'Line {n}' },
  'gweb.orders.sheet-wide': { fr: 'Feuille', en: 'Sheet' },
  'gweb.orders.candidates': { fr: 'vouliez-vous dire : {list} ?', en: 'did you mean: {list}?' },
  'gweb.orders.ready': { fr: 'Prêt', en: 'Ready' },
  'gweb.orders.not-ready': { fr: 'Pas encore prêt', en: 'Not ready yet' },
  'gweb.orders.set-ready': { fr: 'Mes ordres sont prêts', en: 'My orders are ready' },
  'gweb.orders.unset-ready': { fr: 'Je ne suis plus prêt', en: 'I am not ready any more' },
  'gweb.orders.ready-help': {
    fr: 'Vous pouvez modifier vos ordres et changer d’avis jusqu’à la résolution du tour.',
    en: 'You may change your orders and your mind until the turn resolves.',
  },
  'gweb.orders.resolved': { fr: 'Le tour a été résolu : rechargement…', en: 'The turn has been resolved: reloading…' },
  'gweb.orders.last-report': { fr: 'Lire le dernier {report}', en: 'Read the latest {report}' },
  'gweb.orders.forming': { fr: 'La partie n’a pas encore commencé.', en: 'The game has not started yet.' },
  'gweb.orders.finished': { fr: 'La partie est terminée.', en: 'The game is over.' },
  'gweb.orders.nothing': { fr: 'Rien ne vous est demandé pour ce tour.', en: 'Nothing is asked of you this turn.' },
  'gweb.orders.nojs': { fr: 'Sans JavaScript, utilisez le bouton « Enregistrer » ; le formulaire guidé sert alors d’aide-mémoire.', en: 'Without JavaScript, use the “Save” button; the guided form is then a reminder of the syntax.' },
  'gweb.me.title': { fr: 'Mon domaine', en: 'My domain' },
  'gweb.me.all': { fr: 'Tout ce que je sais du royaume', en: 'Everything I know of the realm' },
  'gweb.me.raw': { fr: 'Données brutes (JSON)', en: 'Raw data (JSON)' },
  'gweb.reports.title': { fr: 'Mes {reports}', en: 'My {reports}' },
  'gweb.reports.none': { fr: 'Aucun {report} pour l’instant : le premier arrive après la résolution du premier tour.', en: 'No {report} yet: the first one comes once the first turn is resolved.' },
  'gweb.reports.one': { fr: '{Report} — {label}', en: '{Report} — {label}' },
  'gweb.reports.all': { fr: 'Tous mes {reports}', en: 'All my {reports}' },
  'gweb.reports.lang': { fr: 'Langue du {report} :', en: '{Report} language:' },
  // The label is the ruleset's (« tour 2 », « année 2 »): sentences that need no agreement with it.
  'reports.banner': { fr: '{label} : la résolution est faite — lisez votre rapport', en: '{label} resolved — read your report' },
  'reports.next-orders': { fr: 'Donner mes ordres — {label}', en: 'Give my orders for {label}' },
  'reports.map': { fr: 'Votre carte à l’issue de ce tour', en: 'Your map at the end of this turn' },
  'gweb.tools': { fr: 'Outils', en: 'Tools' },
  'gweb.page.prev': { fr: 'Précédents', en: 'Previous' },
  'gweb.page.next': { fr: 'Suivants', en: 'Next' },
  'gweb.page.of': { fr: 'Page {n} sur {total}', en: 'Page {n} of {total}' },
  'gweb.yes': { fr: 'oui', en: 'yes' },
  'gweb.no': { fr: 'non', en: 'no' },
  'gweb.back': { fr: 'Retour à la partie', en: 'Back to the game' },
  'gweb.login-to-see': { fr: 'Connectez-vous si vous êtes l’un des seigneurs de cette partie.', en: 'Log in if you are one of the lords of this game.' },
  'gweb.weekday.0': { fr: 'dimanche', en: 'Sunday' },
  'gweb.weekday.1': { fr: 'lundi', en: 'Monday' },
  'gweb.weekday.2': { fr: 'mardi', en: 'Tuesday' },
  'gweb.weekday.3': { fr: 'mercredi', en: 'Wednesday' },
  'gweb.weekday.4': { fr: 'jeudi', en: 'Thursday' },
  'gweb.weekday.5': { fr: 'vendredi', en: 'Friday' },
  'gweb.weekday.6': { fr: 'samedi', en: 'Saturday' },
});

// ───────────────────────────────────────────────────────────── small shared helpers

/** Public games listed per page of /games. */
const PUBLIC_PAGE = 50;

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

export const parseId = (s: unknown): number | null => (typeof s === 'string' && /^[1-9]\d{0,8}$/.test(s) ? Number(s) : null);
const str = (v: unknown, max = 10_000): string => (typeof v === 'string' ? v : '').slice(0, max);
/** An error's text, in `lang` when it carries one per language (a refused constant, a refused setting). */
const errorText = (e: unknown, lang?: Lang): string => (lang ? errorIn(e, lang) : e instanceof Error ? e.message : String(e));

export function formatDate(d: Date | string | null, lang: Lang, timeZone: string, style: 'full' | 'short' = 'full'): string {
  if (!d) return '—';
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: style === 'full' ? 'full' : 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** A date shown in the given zone, which orders.js rewrites into the browser's own time zone. */
export function timeTag(d: Date | string | null, lang: Lang, timeZone: string, style: 'full' | 'short' = 'full'): Html {
  if (!d) return html`—`;
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return html`—`;
  return html`<time datetime="${date.toISOString()}" data-local="${style}" title="${timeZone}">${formatDate(date, lang, timeZone, style)}${style === 'full' ? ` (${timeZone})` : ''}</time>`;
}

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

function statusBadge(lang: Lang, g: GameSummary): Html {
  return html`<span class="badge status-${g.status}">${t(lang, `gweb.status.${g.status}`)}</span>${g.isPrivate ? html` <span class="badge">${t(lang, 'gweb.private')}</span>` : ''}${g.isDemo ? html` <span class="badge">${t(lang, 'gweb.demo')}</span>` : ''}`;
}

/** The game's variant (map, edition) as its ruleset names it. */
export function mapLabel(lang: Lang, g: { ruleset: string; map: string | null }): string {
  return variantName(lang, g.ruleset, g.map);
}

/** Reads the ruleset state and schedule of a game (not part of GamesApi: the order page needs the
 *  state to ask the ruleset for its guided form and the open decisions). */
export async function gameState(ctx: AppCtx, gameId: number): Promise<{ state: unknown; schedule: Schedule; hash: string | null }> {
  const row = await ctx.db.one<{ state_hash: string | null; schedule: Schedule | string | null }>('SELECT state_hash, schedule FROM games WHERE id = $1', [gameId]);
  const sched = typeof row?.schedule === 'string' ? JSON.parse(row.schedule) as Schedule : row?.schedule ?? null;
  const state = row ? await cachedState(ctx.db, gameId, row.state_hash) : null;
  return { state, schedule: { ...DEFAULT_SCHEDULE, ...(sched ?? {}) }, hash: row?.state_hash ?? null };
}

/** The resolved steps of a game (public history: index, label, date). Read directly: GamesApi
 *  only lists steps per lord (reports). */
async function history(ctx: AppCtx, gameId: number): Promise<{ idx: number; label: string; resolvedAt: Date }[]> {
  const rows = await ctx.db.query<{ idx: number; label: string; resolved_at: Date | string }>(
    'SELECT idx, label, resolved_at FROM steps WHERE game_id = $1 ORDER BY idx', [gameId]);
  return rows.map((r) => ({ idx: Number(r.idx), label: r.label, resolvedAt: new Date(r.resolved_at) }));
}

async function safeView(ctx: AppCtx, gameId: number, player: string | null): Promise<unknown> {
  try { return await games.view(ctx, gameId, player); } catch { return null; }
}

// ───────────────────────────────────────────────────────────── generic rendering of views

const humanize = (k: string): string => {
  const s = k.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
};
const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
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
function renderView(view: unknown, o: RenderOpts, skip: string[] = []): Html {
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

// ───────────────────────────────────────────────────────────── order page pieces

/** An issue's message in the page language (English for issues stored before messages were bilingual). */
const issueText = (i: ValidationIssue, lang: Lang): string => i.text?.[lang] ?? i.message;

/** The ruleset's own layout of a view (ViewDoc), when it offers one. */
function presented(state: unknown, entry: ReturnType<typeof getRuleset>, player: string | null, lang: Lang): ViewDoc | null {
  if (!entry.ruleset.presentView || state === null) return null;
  try { return entry.ruleset.presentView(state, player, lang); } catch { return null; }
}

/** Whether the visitor hosts this game (its creator) or the site. */
async function viewerHosts(ctx: AppCtx, gameId: number, v: Visitor): Promise<boolean> {
  if (!v.user) return false;
  if (v.user.isHost) return true;
  const r = await ctx.db.one('SELECT host_user_id FROM games WHERE id = $1', [gameId]);
  return r?.host_user_id === v.user.id;
}

function issueItems(issues: ValidationIssue[], lang: Lang): Html {
  return html`${issues.map((i) => { const text = issueText(i, lang); const warn = i.severity === 'warning'; return html`<li data-line="${i.line ?? ''}"${warn ? raw(' class="warn"') : ''}><strong>${i.line ? t(lang, 'gweb.orders.line', { n: i.line }) : t(lang, 'gweb.orders.sheet-wide')}${warn ? ` ${t(lang, 'forms.warning')}` : ''}</strong>${t(lang, 'colon')}${text}${
    i.candidates?.length && !i.candidates.every((c) => text.includes(c)) ? html` <span class="muted">— ${t(lang, 'gweb.orders.candidates', { list: i.candidates.join(', ') })}</span>` : ''}</li>`; })}`;
}


function gutterText(text: string): string {
  const n = Math.max(1, text.split('\n').length);
  return Array.from({ length: n }, (_, i) => String(i + 1)).join('\n');
}

// ───────────────────────────────────────────────────────────── access

/**
 * `former`: the visitor held a seat that is now open for a replacement. An open seat has no
 * reader: from the moment its lord asks for a replacement (or the host opens it) until someone
 * takes it, its orders, reports, private map, statistics and tools are nobody's, and the former
 * lord sees only what a former player sees, the game's public pages (of a private game too).
 */
export interface Access { game: GameSummary; seat: Seat | null; former: boolean }

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
  return { game, seat: open ? null : seat, former: open };
}

/** A started game whose public pages the visitor may see (a private game: its lords and former lords only), with his seat. */
export async function visibleGame(ctx: AppCtx, req: FastifyRequest): Promise<Access | null> {
  const a = await access(ctx, req);
  if (!a || a.game.status === 'forming' || (a.game.isPrivate && !a.seat && !a.former)) return null;
  return a;
}

/** The visitor's own seat, or null: the only key to sheets, reports and private views. */
export async function ownSeat(ctx: AppCtx, req: FastifyRequest, activeOnly: boolean): Promise<Access | null> {
  const a = await access(ctx, req);
  if (!a || !a.seat) return null;
  if (activeOnly && a.seat.status !== 'active') return null;
  return a;
}

// ───────────────────────────────────────────────────────────── pages

interface CreateValues { name: string; map: string; lords: string; lordName: string; password: string; weekday: string; time: string; timeZone: string; minHours: string; early: boolean; caretaker: boolean; config: string }

const defaultCreate = (): CreateValues => ({
  name: '', map: allKinds()[0]!.key, lords: String(allKinds()[0]!.variant.seats.default), lordName: '', password: '', weekday: String(DEFAULT_SCHEDULE.weekday),
  time: DEFAULT_SCHEDULE.time, timeZone: DEFAULT_SCHEDULE.timeZone, minHours: '', early: true, caretaker: false, config: '',
});

/** The time zones the creation form offers (a list, not free text): the runtime's own, with UTC. */
export function timeZones(): string[] {
  let zones: string[] = [];
  try { zones = (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone'); } catch { zones = []; }
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

function timeZoneOptions(zones: string[], chosen: string): Html[] {
  const list = zones.includes(chosen) || !chosen ? zones : [chosen, ...zones];
  return list.map((z) => html`<option value="${z}"${z === chosen ? raw(' selected') : ''}>${z.replace(/_/g, ' ')}</option>`);
}

function createForm(v: Visitor, val: CreateValues, error: string | null): Html {
  const lang = v.lang;
  const zones = timeZones();
  return html`<section class="card" id="create">
    <h2>${t(lang, 'gweb.create.title')}</h2>
    <p class="muted">${t(lang, 'gweb.create.help')}</p>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <form method="post" action="/games" class="stack">
      ${csrfField(v)}
      <label>${t(lang, 'gweb.create.name')} <input name="name" required maxlength="80" value="${val.name}"></label>
      <div class="row">
        <label>${t(lang, 'gweb.create.map')} <select name="map">${allKinds().map((k) => html`<option value="${k.key}"${k.key === (findKind(val.map)?.key ?? val.map) ? raw(' selected') : ''}>${t(lang, 'gweb.kind', { title: k.title[lang], name: k.variant.name[lang], min: k.variant.seats.min, max: k.variant.seats.max, n: k.variant.seats.default })}</option>`)}</select></label>
        <label>${t(lang, 'gweb.create.lords')} <input name="lords" type="number" min="2" max="${Math.max(...allKinds().map((k) => k.variant.seats.max))}" required value="${val.lords}"></label>
      </div>
      <div class="row">
        <label>${t(lang, 'gweb.create.lord-name')} <input name="lordName" required maxlength="40" value="${val.lordName}"></label>
        <label>${t(lang, 'gweb.create.password')} <input name="password" type="text" required minlength="4" maxlength="100" autocomplete="off" value="${val.password}"></label>
      </div>
      <div class="row">
        <label>${t(lang, 'gweb.create.weekday')} <select name="weekday">${[1, 2, 3, 4, 5, 6, 0].map((d) => html`<option value="${d}"${String(d) === val.weekday ? raw(' selected') : ''}>${t(lang, `gweb.weekday.${d}`)}</option>`)}</select></label>
        <label>${t(lang, 'gweb.create.time')} <input name="time" type="time" required value="${val.time}"></label>
        <label>${t(lang, 'gweb.create.tz')} <select name="timeZone" required>${timeZoneOptions(zones, val.timeZone)}</select></label>
      </div>
      <label>${t(lang, 'gweb.create.minHours')} <input name="minHours" type="number" min="0" max="168" step="1" inputmode="numeric" placeholder="84" value="${val.minHours}"></label>
      <p class="muted small">${t(lang, 'gweb.create.minHours-help')}</p>
      <label class="check"><input type="checkbox" name="early" value="1"${val.early ? raw(' checked') : ''}> ${t(lang, 'gweb.create.early')}</label>
      <label class="check"><input type="checkbox" name="caretaker" value="1"${val.caretaker ? raw(' checked') : ''}> ${t(lang, 'gweb.create.caretaker')}</label>
      <p class="muted small">${t(lang, 'gweb.create.caretaker-help')}</p>
      <label>${t(lang, 'gweb.create.config')}
        <textarea name="config" rows="4" spellcheck="false" class="mono" placeholder="{}">${val.config}</textarea></label>
      <p class="muted small">${t(lang, 'gweb.create.config-help')}</p>
      <p><button type="submit" class="primary">${t(lang, 'gweb.create.submit')}</button></p>
    </form>
  </section>`;
}

/**
 * A ruleset's words for its players and reports (`Ruleset.terms`: « seigneurs » and « bilan » in
 * Gloire & Pouvoir, « rois » and « rapport » in Adventurer Kings), as message variables: {player},
 * {players}, {report}, {reports}, capitalised {Player}… A list of several games (null) says
 * "players" and "reports".
 */
export function words(lang: Lang, ruleset: string | null): Record<string, string> {
  let terms;
  try { terms = ruleset ? getRuleset(ruleset).ruleset.terms : undefined; } catch { terms = undefined; }
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
  try { return getRuleset(g.ruleset).ruleset.localizeLabel?.(g.turnLabel, lang) ?? g.turnLabel; } catch { return g.turnLabel; }
}

function gamesTable(list: GameSummary[], lang: Lang, tz: string, mine: boolean): Html {
  if (!list.length) return html`<p class="muted">${t(lang, 'gweb.no-games')}</p>`;
  return html`<div class="table-wrap"><table class="data"><thead><tr>
      <th>${t(lang, 'gweb.col.name')}</th><th>${t(lang, 'gweb.col.map')}</th><th>${t(lang, 'gweb.col.status')}</th>
      <th>${t(lang, 'gweb.col.turn')}</th><th>${t(lang, 'gweb.col.lords', words(lang, null))}</th><th>${t(lang, 'gweb.col.deadline')}</th>${mine ? html`<th></th>` : ''}</tr></thead>
    <tbody>${list.map((g) => html`<tr>
      <td><a href="/games/${g.id}">${g.name}</a></td><td>${mapLabel(lang, g)}</td><td>${statusBadge(lang, g)}</td>
      <td>${stepLabelIn(g, lang)}</td><td>${g.lords} / ${g.maxPlayers}</td><td>${g.status === 'running' ? timeTag(g.deadline, lang, tz, 'short') : '—'}</td>
      ${mine ? html`<td class="actions">${g.status === 'running' ? html`<a class="button" href="/games/${g.id}/orders">${t(lang, 'gweb.my-orders')}</a> ` : ''}<a href="/games/${g.id}/reports">${t(lang, 'gweb.my-reports', words(lang, g.ruleset))}</a></td>` : ''}
    </tr>`)}</tbody></table></div>`;
}

async function gamesPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, form?: { values: CreateValues; error: string | null; status: number }) {
  const v = req.visitor;
  const lang = v.lang;
  const tz = ctx.config.timeZone;
  const mine = v.user ? await games.listForUser(ctx, v.user.id) : [];
  // The public games, a page at a time (a host may have thousands).
  // `page`: a whole number from 1 to 10,000 (a fraction once reached the database as an OFFSET and failed).
  const asked = queryInt(req.query, 'page', 1, 10_000);
  if (asked === null) return badNumber(reply, v, 'page', 1, 10_000);
  const pageNo = asked ?? 1;
  const total = await games.countPublic(ctx);
  const pages = Math.max(1, Math.ceil(total / PUBLIC_PAGE));
  const publicList = await games.listPublic(ctx, { limit: PUBLIC_PAGE, offset: (Math.min(pageNo, pages) - 1) * PUBLIC_PAGE });
  const standing = await standingOf(ctx, v);
  const pager = pages > 1 ? html`<p class="pager">${pageNo > 1 ? html`<a href="/games?page=${pageNo - 1}">« ${t(lang, 'gweb.page.prev')}</a> ` : ''}${t(lang, 'gweb.page.of', { n: Math.min(pageNo, pages), total: pages })}${pageNo < pages ? html` <a href="/games?page=${pageNo + 1}">${t(lang, 'gweb.page.next')} »</a>` : ''}</p>` : '';
  const body = html`${pageHead()}
    <h1>${t(lang, 'gweb.games')}</h1>
    ${v.user ? html`<section><h2>${t(lang, 'gweb.my-games')}</h2>${gamesTable(mine, lang, tz, true)}</section>` : ''}
    <section><h2>${t(lang, 'gweb.public-games')}</h2>${gamesTable(publicList, lang, tz, false)}${pager}</section>
    ${standing === 'ok'
      ? createForm(v, form?.values ?? defaultCreate(), form?.error ?? null)
      : html`<section class="card"><h2>${t(lang, 'gweb.create.title')}</h2>${standingNotice(lang, standing, '/games')}</section>`}`;
  return sendPage(reply, page(v, t(lang, 'gweb.games'), body, SCRIPTS), form?.status ?? 200);
}

async function createGame(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const lang = v.lang;
  if (!v.user) return reply.redirect('/login?next=%2Fgames', 303);
  const b = (req.body ?? {}) as Record<string, unknown>;
  const val: CreateValues = {
    name: str(b.name, 200).trim(), map: str(b.map, 50), lords: str(b.lords, 10).trim(), lordName: cleanName(str(b.lordName, 200)),
    password: str(b.password, 200), weekday: str(b.weekday, 2), time: str(b.time, 10).trim(), timeZone: str(b.timeZone, 100).trim(),
    minHours: str(b.minHours, 10).trim(),
    early: b.early === '1' || b.early === 'on' || b.early === true,
    caretaker: b.caretaker === '1' || b.caretaker === 'on' || b.caretaker === true, config: str(b.config, 20_000),
  };
  const fail = (error: string) => gamesPage(ctx, req, reply, { values: val, error, status: 400 });
  const standing = await standingOf(ctx, v);
  if (standing !== 'ok') return fail(standingNotice(lang, standing).toString().replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
  if (!val.name || val.name.length > 80) return fail(t(lang, 'gweb.err.name'));
  if (!val.lordName || val.lordName.length > 40) return fail(t(lang, 'gweb.err.lord-name'));
  const kind = findKind(val.map);
  if (!kind) return fail(t(lang, 'gweb.err.map'));
  const lords = Number(val.lords);
  const seats = kind.variant.seats;
  if (!Number.isInteger(lords) || lords < seats.min || lords > seats.max) return fail(t(lang, 'gweb.err.lords', { min: seats.min, max: seats.max }));
  if (val.password.length < 4) return fail(t(lang, 'gweb.err.password'));
  // The shortest a turn may last (blank: half the weekly period, 84 hours).
  const minHours = val.minHours === '' ? undefined : Number(val.minHours);
  if (minHours !== undefined && (!Number.isInteger(minHours) || minHours < 0 || minHours > 168)) return fail(t(lang, 'gweb.err.minHours'));
  const weekday = Number(val.weekday);
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(val.time) || !Number.isInteger(weekday) || weekday < 0 || weekday > 6) return fail(t(lang, 'gweb.err.time'));
  // One of the listed zones (the form's select); a zone the runtime knows by another spelling is refused too.
  if (!timeZones().includes(val.timeZone)) return fail(t(lang, 'gweb.err.tz'));
  try { new Intl.DateTimeFormat('en', { timeZone: val.timeZone }); } catch { return fail(t(lang, 'gweb.err.tz')); }
  let config: Record<string, unknown> = {};
  if (val.config.trim()) {
    let parsed: unknown;
    try { parsed = JSON.parse(val.config); } catch (e) { return fail(t(lang, 'gweb.err.config', { error: errorText(e) })); }
    if (!isPlain(parsed)) return fail(t(lang, 'gweb.err.config', { error: lang === 'fr' ? 'un objet {…} est attendu' : 'an object {…} is expected' }));
    config = parsed;
  }
  const placeholders = Array.from({ length: lords - 1 }, (_, i) => `${val.lordName} ·${i + 2}`);
  // The dry run, in a referee worker within its budget: the game set up with these settings (a
  // refused map, lord count or constant is reported now, not when the last lord joins), then one
  // turn played by bots (settings that make every turn fail or run too long are refused too).
  const options = getRuleset(kind.ruleset).options({ map: kind.variant.id, lords: [val.lordName, ...placeholders], config });
  try { await dryRunOptions(ctx, kind.ruleset, options); } catch (e) {
    return fail(e instanceof GamesError && e.code === 'dry-run-budget'
      ? t(lang, 'gweb.err.dryRunBudget', { seconds: (dryRunBudgetMs(ctx) / 1000).toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB') })
      : t(lang, 'gweb.err.refused', { error: errorText(e, lang) }));
  }
  let id: number;
  try {
    id = await games.create(ctx, {
      ruleset: kind.ruleset, name: val.name, options: { map: kind.variant.id, config }, seats: [{ userId: v.user.id, lordName: val.lordName }],
      maxPlayers: lords, isPrivate: true, password: val.password, hostUserId: v.user.id,
      schedule: { weekday, time: val.time, timeZone: val.timeZone, everyDays: 7, ...(minHours !== undefined ? { minHours } : {}) }, early: val.early, caretaker: val.caretaker,
    });
  } catch (e) {
    return fail(t(lang, 'gweb.err.refused', { error: errorText(e, lang) }));
  }
  return reply.redirect(`/games/${id}`, 303);
}

function seatsTable(v: Visitor, a: Access, seats: Seat[], canReplace: boolean, isHost = false): Html {
  const lang = v.lang;
  return html`<div class="table-wrap"><table class="data"><thead><tr><th>${t(lang, 'gweb.col.lord', words(lang, a.game.ruleset))}</th><th>${t(lang, 'gweb.col.player')}</th><th>${t(lang, 'gweb.col.status')}</th><th></th></tr></thead>
    <tbody>${seats.map((s) => html`<tr${a.seat?.player === s.player ? raw(' class="me"') : ''}>
      <td>${s.lordName}</td><td>${s.userId === null && s.status !== 'open' ? html`<span class="muted">${t(lang, 'gweb.bot')}</span>` : s.login ?? '—'}</td>
      <td>${t(lang, `gweb.seat.${s.status}`)}${s.status === 'active' && s.userId !== null && s.missed >= MISSED_FLAG ? html` <span class="badge warn" title="${t(lang, 'gweb.flag.help')}">⚑ ${t(lang, 'gweb.flag', { n: s.missed })}</span>` : ''}</td>
      <td>${canReplace && s.status === 'open' ? html`<form method="post" action="/games/${a.game.id}/take" class="inline">${csrfField(v)}<input type="hidden" name="player" value="${s.player}"><button type="submit">${t(lang, 'gweb.replace')}</button></form>` : ''}
        ${isHost && a.game.status === 'running' && s.status === 'active' && s.userId !== null && s.missed >= MISSED_FLAG ? html`<form method="post" action="/games/${a.game.id}/open-seat" class="inline">${csrfField(v)}<input type="hidden" name="player" value="${s.player}"><button type="submit">${t(lang, 'gweb.open-seat')}</button></form>` : ''}</td>
    </tr>`)}</tbody></table></div>`;
}

function joinForm(v: Visitor, gameId: number, error: string | null, lordName = ''): Html {
  const lang = v.lang;
  return html`<section class="card"><h2>${t(lang, 'gweb.join.title')}</h2>
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <form method="post" action="/games/${gameId}/join" class="stack">${csrfField(v)}
      <label>${t(lang, 'gweb.create.lord-name')} <input name="lordName" required maxlength="40" value="${lordName}"></label>
      <label>${t(lang, 'gweb.create.password')} <input name="password" type="password" required autocomplete="off"></label>
      <p><button type="submit" class="primary">${t(lang, 'gweb.join.submit')}</button></p>
    </form></section>`;
}

/** Shown while the turn in progress keeps failing to resolve (the referee's failures are retried with a back-off). */
function failingNotice(g: GameSummary, lang: Lang): Html | string {
  return g.status === 'running' && g.failing ? html`<p class="error" role="alert" id="resolution-failed">${t(lang, 'gweb.failing')}</p>` : '';
}

/**
 * "Turn N resolved — read your report", on the game's pages after a resolution, until the seat's
 * lord has opened that report (its page marks it read).
 */
async function reportBanner(ctx: AppCtx, gameId: number, player: string | undefined, lang: Lang, localize: (l: string) => string): Promise<Html | string> {
  if (!player) return '';
  const r = await unreadReport(ctx.db, gameId, player);
  if (!r) return '';
  const label = localize(r.label);
  return html`<p class="notice report-banner" id="report-banner" role="status"><a href="/games/${gameId}/reports/${r.idx}">${t(lang, 'reports.banner', { label: label.charAt(0).toUpperCase() + label.slice(1) })}</a></p>`;
}

async function gamePage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, opts: { error?: string | null; lordName?: string; status?: number } = {}) {
  const v = req.visitor;
  const lang = v.lang;
  const a = await access(ctx, req);
  if (!a) return notFound(req, reply);
  const g = a.game;
  const standing = await standingOf(ctx, v);
  const seats = await games.seats(ctx, g.id);
  const joinable = g.status === 'forming' || seats.some((s) => s.status === 'open');
  if (g.isPrivate && !a.seat && !a.former) {
    // Non-members of a private game: its name, that it is private, and a way in. Nothing else.
    const body = html`${pageHead()}<h1>${g.name}</h1>
      <p><span class="badge">${t(lang, 'gweb.private')}</span> ${t(lang, 'gweb.private-help')}</p>
      ${!joinable || g.isDemo ? html`<p class="muted">${t(lang, 'gweb.join.closed')}</p>`
        : standing === 'ok' ? joinForm(v, g.id, opts.error ?? null, opts.lordName) : standingNotice(lang, standing, `/games/${g.id}`)}`;
    return sendPage(reply, page(v, `${g.name} — ${t(lang, 'gweb.private-game')}`, body, SCRIPTS), opts.status ?? 200);
  }
  const { state, schedule } = await gameState(ctx, g.id);
  const tz = schedule.timeZone || ctx.config.timeZone;
  const view = g.status === 'forming' ? null : await safeView(ctx, g.id, null);
  const steps = await history(ctx, g.id);
  const canReplace = !a.seat && !a.former && !g.isPrivate && standing === 'ok';
  const isHost = await viewerHosts(ctx, g.id, v);
  const entry = getRuleset(g.ruleset);
  const label = (l: string) => entry.ruleset.localizeLabel?.(l, lang) ?? l;
  const doc = g.status === 'forming' ? null : presented(state, entry, null, lang);
  const body = html`${pageHead()}
    <h1>${g.name}</h1>
    <p class="meta">${statusBadge(lang, g)} · ${entry.ruleset.title[lang]} · ${mapLabel(lang, g)} · ${label(g.turnLabel)}
      ${g.status === 'running' ? html` · ${t(lang, 'gweb.col.deadline')}${t(lang, 'colon')}${timeTag(g.deadline, lang, tz)}` : ''}</p>
    ${failingNotice(g, lang)}
    ${a.seat ? await reportBanner(ctx, g.id, a.seat.player, lang, label) : ''}
    <p class="muted small" id="caretaker-option">${await caretakerNote(ctx, g.id, lang)}</p>
    ${opts.error ? html`<p class="error" role="alert">${opts.error}</p>` : ''}
    ${a.seat ? html`<section class="card member">
        <p>${t(lang, 'gweb.you-play', { lord: a.seat.lordName })} <span class="muted">(${t(lang, `gweb.seat.${a.seat.status}`)})</span></p>
        <p class="actions">${g.status === 'running' && a.seat.status === 'active' ? html`<a class="button primary" href="/games/${g.id}/orders">${t(lang, 'gweb.my-orders')}</a> ` : ''}
          <a class="button" href="/games/${g.id}/reports">${t(lang, 'gweb.my-reports', words(lang, g.ruleset))}</a></p>
        ${g.status !== 'finished' && a.seat.status === 'active' ? html`<details class="danger"><summary>${t(lang, 'gweb.leave.title')}</summary>
          <form method="post" action="/games/${g.id}/leave" class="stack">${csrfField(v)}
            <label class="check"><input type="radio" name="mode" value="replace" checked> ${t(lang, 'gweb.leave.replace')}</label>
            <label class="check"><input type="radio" name="mode" value="abdicate"> ${t(lang, 'gweb.leave.abdicate')}</label>
            <label class="check"><input type="checkbox" name="confirm" value="1" required> ${t(lang, 'gweb.leave.confirm')}</label>
            <p><button type="submit" class="danger">${t(lang, 'gweb.leave.submit')}</button></p>
          </form></details>` : ''}
      </section>` : ''}
    ${g.status === 'forming' ? html`<p class="notice">${t(lang, 'gweb.forming', { n: Math.max(0, g.maxPlayers - seats.length) })}
      ${a.seat ? html`<br>${t(lang, 'gweb.forming-share')} <code>${ctx.config.publicUrl}/games/${g.id}</code>` : ''}</p>` : ''}
    ${g.status !== 'forming' && (a.seat || isHost || g.status === 'finished') ? html`<nav class="channels">
      <a class="button" href="/games/${g.id}/forum">${t(lang, 'gweb.ch.forum')}</a>
      <a class="button" href="/games/${g.id}/gazette">${t(lang, 'gweb.ch.gazette')}</a>
      ${a.seat ? html`<a class="button" href="/games/${g.id}/letters">${t(lang, 'gweb.ch.letters')}</a>` : ''}
      ${isHost ? html`<a class="button" href="/games/${g.id}/moderation">${t(lang, 'gweb.ch.moderation')}</a>` : ''}
    </nav>` : ''}
    ${g.status !== 'forming' && entry.ruleset.mapDoc && (!g.isPrivate || a.seat || a.former) ? html`<p class="tools-nav"><a class="button" href="/games/${g.id}/map">${t(lang, 'map.title')}</a>${
      a.seat && a.seat.status === 'active' && g.status === 'running' ? toolsOf(entry, state, a.seat.player, lang).map((x) => html`<a class="button" href="/games/${g.id}/tools/${x.id}" title="${x.summary}">${x.title}</a>`) : ''}</p>` : ''}
    <section><h2>${t(lang, 'gweb.lords', words(lang, g.ruleset))}</h2>${seatsTable(v, a, seats, canReplace, isHost)}
      ${!a.seat && !g.isPrivate && seats.some((s) => s.status === 'open') && standing !== 'ok' ? standingNotice(lang, standing, `/games/${g.id}`) : ''}</section>
    ${doc ? html`<section><h2>${t(lang, 'gweb.board')}</h2>${renderDoc(doc)}</section>`
      : view ? html`<section><h2>${t(lang, 'gweb.board')}</h2>${renderView(view, { lang, names: namesOf(view) })}</section>` : ''}
    <section><h2>${t(lang, 'gweb.history')}</h2>
      ${g.status !== 'forming' ? html`<p><a class="button" href="/games/${g.id}/stats">${t(lang, 'stats.link')}</a></p>` : ''}
      ${steps.length ? html`<div class="table-wrap"><table class="data"><thead><tr><th>#</th><th>${t(lang, 'gweb.col.turn')}</th><th>${t(lang, 'gweb.col.resolved')}</th>${a.seat ? html`<th>${t(lang, 'gweb.col.report', words(lang, g.ruleset))}</th>` : ''}</tr></thead>
        <tbody>${steps.map((s) => html`<tr><td>${s.idx}</td><td>${label(s.label)}</td><td>${timeTag(s.resolvedAt, lang, tz, 'short')}</td>${a.seat ? html`<td><a href="/games/${g.id}/reports/${s.idx}">${t(lang, 'gweb.col.report', words(lang, g.ruleset))}</a></td>` : ''}</tr>`)}</tbody></table></div>`
        : html`<p class="muted">${t(lang, 'gweb.no-history')}</p>`}
    </section>`;
  return sendPage(reply, page(v, g.name, body, SCRIPTS), opts.status ?? 200);
}

interface OrdersCtx { a: Access; player: string; sheet: SheetState }

async function ordersPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, flash: string | null, error: string | null = null, status = 200) {
  const v = req.visitor;
  const lang = v.lang;
  const a = await ownSeat(ctx, req, true);
  if (!a) return notFound(req, reply);
  const g = a.game;
  const seat = a.seat!;
  const { state, schedule } = await gameState(ctx, g.id);
  const tz = schedule.timeZone || ctx.config.timeZone;
  const crumbs = html`<p class="crumbs"><a href="/games/${g.id}">${g.name}</a> › ${t(lang, 'gweb.orders.title')} · <a href="/games/${g.id}/reports">${t(lang, 'gweb.my-reports', words(lang, g.ruleset))}</a></p>`;
  const title = `${t(lang, 'gweb.orders.title')} — ${g.name}`;
  if (g.status !== 'running' || state === null) {
    const why = g.status === 'forming' ? t(lang, 'gweb.orders.forming') : t(lang, 'gweb.orders.finished');
    return sendPage(reply, page(v, title, html`${pageHead()}${crumbs}<h1>${title}</h1><p class="notice">${why}</p>`, SCRIPTS), status);
  }
  const entry = getRuleset(g.ruleset);
  const decision = entry.ruleset.decisions(state).find((d) => d.players.includes(seat.player)) ?? null;
  // The rows this page needs, read together; what depends only on the state (which never changes
  // without its hash) is computed once per state, player and language (see derived()).
  const [sheet, early, reports] = await Promise.all([games.sheet(ctx, g.id, seat.player), earlyNote(ctx, g.id, lang), games.reports(ctx, g.id, seat.player)]);
  const d = derived(state, `${g.id}|${seat.player}|${lang}|${decision?.id ?? ''}`, () => {
    let view: unknown = null;
    try { view = entry.ruleset.view(state, seat.player); } catch { view = null; }
    let form: AnswerForm | null = null;
    if (decision && entry.ruleset.answerForm) {
      try { form = entry.ruleset.answerForm(state, seat.player, decision.id, lang); } catch { form = null; }
    }
    let map: MapDoc | null = null;
    if (entry.ruleset.mapDoc) {
      try { map = entry.ruleset.mapDoc(state, seat.player, lang); } catch (e) { req.log.error(e); map = null; }
    }
    return { view, form, map, tools: toolsOf(entry, state, seat.player, lang), myDoc: presented(state, entry, seat.player, lang) };
  });
  const { view, form, tools, myDoc } = d;
  // The map orders read the sheet being written (issue 13 §4): after this sheet's own orders.
  let map = d.map;
  if (map && sheet.value !== null && entry.ruleset.mapDoc) {
    const rs = entry.ruleset;
    try { map = { ...map, units: rs.mapUnits ? rs.mapUnits(state, seat.player, lang, sheet.value) : rs.mapDoc!(state, seat.player, lang, sheet.value).units }; } catch (e) { req.log.error(e); }
  }
  const mapWidgetHtml = map ? mapWidget(map, lang, { orders: true, links: { full: `/games/${g.id}/map`, png: `/games/${g.id}/map.png` }, unitsUrl: `/api/games/${g.id}/map-units` }) : null;
  const me = isPlain(view) ? view.me : undefined;
  const ro: RenderOpts = { lang, names: namesOf(view) };
  const lastReport = reports.at(-1) ?? null;
  const jsMsgs = {
    saving: t(lang, 'gweb.orders.saving'), saved: t(lang, 'gweb.orders.saved-at', { time: '{time}' }), modified: t(lang, 'gweb.orders.modified'),
    error: t(lang, 'gweb.orders.save-error', { error: '{error}' }), line: t(lang, 'gweb.orders.line', { n: '{n}' }), sheet: t(lang, 'gweb.orders.sheet-wide'),
    candidates: t(lang, 'gweb.orders.candidates', { list: '{list}' }), noIssues: t(lang, 'gweb.orders.no-issues'),
    ready: t(lang, 'gweb.orders.ready'), notReady: t(lang, 'gweb.orders.not-ready'), setReady: t(lang, 'gweb.orders.set-ready'),
    unsetReady: t(lang, 'gweb.orders.unset-ready'), colon: t(lang, 'colon'), resolved: t(lang, 'gweb.orders.resolved'), fill: t(lang, 'gweb.orders.fill', { field: '{field}' }),
    added: t(lang, 'gweb.orders.added'), ...guidedFormMsgs(lang),
  };
  const body = html`${pageHead()}${crumbs}
    <h1>${decision ? decision.prompt[lang] : title}</h1>
    <p class="meta">${t(lang, 'gweb.you-play', { lord: seat.lordName })} · ${t(lang, 'gweb.orders.deadline')}${t(lang, 'colon')}${g.deadline ? timeTag(g.deadline, lang, tz) : t(lang, 'gweb.orders.no-deadline')}</p>
    ${flash ? html`<p class="flash" role="status">${flash}</p>` : ''}
    ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    ${failingNotice(g, lang)}
    ${await reportBanner(ctx, g.id, seat.player, lang, (l) => entry.ruleset.localizeLabel?.(l, lang) ?? l)}
    ${orderPageHelp(g.ruleset, entry.ruleset.help ? entry.ruleset.help(lang).firstTurn : null, lang, g.step === 0)}
    ${!decision ? html`<p class="notice">${t(lang, 'gweb.orders.nothing')}</p>` : html`
    <noscript><p class="notice">${t(lang, 'gweb.orders.nojs')}</p></noscript>
    ${tools.length ? html`<p class="tools-nav">${t(lang, 'gweb.tools')}${t(lang, 'colon')}${tools.map((x) => html`<a class="button" href="/games/${g.id}/tools/${x.id}" title="${x.summary}">${x.title}</a>`)}</p>` : ''}
    ${mapWidgetHtml ? html`<details class="block map-section" open><summary>${t(lang, 'map.title')}</summary>${mapWidgetHtml}</details>` : ''}
    <div class="orders-layout" id="orders" data-step="${g.step}" data-save-url="/games/${g.id}/orders" data-sheet-url="/api/games/${g.id}/sheet"
      data-ready-url="/games/${g.id}/ready" data-msgs="${JSON.stringify(jsMsgs)}">
      <section class="guided">
        <h2>${t(lang, 'gweb.orders.guided')}</h2>
        ${form ? html`<p class="muted small">${t(lang, 'gweb.orders.guided-help')}</p>${guidedForm(form, lang, g.ruleset)}` : html`<p class="muted">${t(lang, 'gweb.orders.no-form')}</p>`}
      </section>
      <section class="sheet">
        <h2>${t(lang, 'gweb.orders.sheet')}</h2>
        <p class="muted small">${t(lang, 'gweb.orders.sheet-help')}</p>
        <form method="post" action="/games/${g.id}/orders" id="sheet-form">${csrfField(v)}
          <div class="editor"><pre class="gutter" id="sheet-gutter" aria-hidden="true">${gutterText(sheet.text)}</pre><textarea name="text" id="sheet-text" rows="18" wrap="off" spellcheck="false" autocomplete="off" aria-label="${t(lang, 'gweb.orders.sheet')}">${sheet.text}</textarea></div>
          <div class="save-row"><button type="submit">${t(lang, 'gweb.orders.save')}</button>
            <span id="save-status" class="muted" aria-live="polite">${sheet.updatedAt ? t(lang, 'gweb.orders.saved-at', { time: formatTime(sheet.updatedAt, lang, tz) }) : ''}</span></div>
        </form>
        <h3>${t(lang, 'gweb.orders.issues')}</h3>
        <p id="no-issues" class="ok"${sheet.issues.length ? raw(' hidden') : ''}>${t(lang, 'gweb.orders.no-issues')}</p>
        <ol id="issues" class="issues">${issueItems(sheet.issues, lang)}</ol>
        <form method="post" action="/games/${g.id}/ready" id="ready-form" class="ready-box${sheet.ready ? ' is-ready' : ''}">${csrfField(v)}
          <input type="hidden" name="ready" value="${sheet.ready ? '0' : '1'}">
          <p><span id="ready-state" class="badge ${sheet.ready ? 'ok' : ''}">${t(lang, sheet.ready ? 'gweb.orders.ready' : 'gweb.orders.not-ready')}</span>
            <button type="submit" id="ready-button" class="${sheet.ready ? '' : 'primary'}">${t(lang, sheet.ready ? 'gweb.orders.unset-ready' : 'gweb.orders.set-ready')}</button></p>
          <p id="ready-warning" class="warning small" role="alert" hidden></p>
          <p class="muted small">${t(lang, 'gweb.orders.ready-help')} ${early}</p>
        </form>
      </section>
    </div>`}
    ${lastReport ? html`<p><a href="/games/${g.id}/reports/${lastReport.idx}">${t(lang, 'gweb.orders.last-report', words(lang, g.ruleset))} (${entry.ruleset.localizeLabel?.(lastReport.label, lang) ?? lastReport.label})</a></p>` : ''}
    <section class="mystate">
      <h2>${t(lang, 'gweb.me.title')}</h2>
      ${myDoc ? renderDoc(myDoc) : html`${me !== undefined ? renderValue(me, ro) : ''}
      ${isPlain(view) ? html`<details class="block"><summary>${t(lang, 'gweb.me.all')}</summary>${renderView(view, ro, ['me'])}</details>` : ''}`}
      <details class="block"><summary>${t(lang, 'gweb.me.raw')}</summary><pre class="json">${JSON.stringify(view, null, 2)}</pre></details>
    </section>`;
  return sendPage(reply, page(v, title, body, mapWidgetHtml ? { scripts: [...SCRIPTS.scripts, '/static/map.js'] } : SCRIPTS), status);
}

/** The planning tools a ruleset offers this player (none when it has none or fails). */
export function toolsOf(entry: ReturnType<typeof getRuleset>, state: unknown, player: string, lang: Lang): ToolInfo[] {
  if (!entry.ruleset.tools || state === null) return [];
  try { return entry.ruleset.tools(state, player, lang); } catch { return []; }
}

function formatTime(d: Date | string, lang: Lang, tz: string): string {
  const date = d instanceof Date ? d : new Date(d);
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { timeStyle: 'short', dateStyle: 'short', timeZone: tz }).format(date);
}

/**
 * What a page computes from a game state alone (the player's view, guided form, map, tools),
 * kept for the next request on the same state: a state object stands for one state hash (the
 * state cache gives the same object while the hash is unchanged, a new one after a turn). A small
 * LRU bounds the memory (a Europe map widget is about 100 KB).
 */
const derivedIds = new WeakMap<object, number>();
let nextDerivedId = 1;
const derivedCache = new LruCache<string, unknown>(200);
function derived<T>(state: unknown, key: string, compute: () => T): T {
  if (state === null || typeof state !== 'object') return compute();
  let id = derivedIds.get(state);
  if (id === undefined) { id = nextDerivedId++; derivedIds.set(state, id); }
  const k = `${id}|${key}`;
  if (derivedCache.has(k)) return derivedCache.get(k) as T;
  const value = compute();
  derivedCache.set(k, value);
  return value;
}

async function earlyNote(ctx: AppCtx, gameId: number, lang: Lang): Promise<string> {
  const row = await ctx.db.one<{ early: boolean }>('SELECT early FROM games WHERE id = $1', [gameId]);
  return row?.early ? t(lang, 'gweb.orders.early') : '';
}

/** The caretaker host option in force (read directly: GameSummary does not carry host options). */
async function caretakerNote(ctx: AppCtx, gameId: number, lang: Lang): Promise<string> {
  const row = await ctx.db.one<{ caretaker: boolean }>('SELECT caretaker FROM games WHERE id = $1', [gameId]);
  return t(lang, row?.caretaker ? 'gweb.caretaker.on' : 'gweb.caretaker.off');
}

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

async function reportsPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const lang = v.lang;
  const a = await ownSeat(ctx, req, false);
  if (!a) return notFound(req, reply);
  const g = a.game;
  const { schedule } = await gameState(ctx, g.id);
  const list = await games.reports(ctx, g.id, a.seat!.player);
  const title = `${t(lang, 'gweb.reports.title', words(lang, g.ruleset))} — ${g.name}`;
  const body = html`${pageHead()}<p class="crumbs"><a href="/games/${g.id}">${g.name}</a> › ${t(lang, 'gweb.reports.title', words(lang, g.ruleset))}${g.status === 'running' && a.seat!.status === 'active' ? html` · <a href="/games/${g.id}/orders">${t(lang, 'gweb.my-orders')}</a>` : ''}</p>
    <h1>${title}</h1>
    ${list.length ? html`<ul class="reports">${list.slice().reverse().map((r) => html`<li><a href="/games/${g.id}/reports/${r.idx}">${t(lang, 'gweb.reports.one', { ...words(lang, g.ruleset), label: stepLabelIn({ ruleset: g.ruleset, turnLabel: r.label }, lang) })}</a> <span class="muted">— ${timeTag(r.resolvedAt, lang, schedule.timeZone || ctx.config.timeZone, 'short')}</span></li>`)}</ul>`
      : html`<p class="muted">${t(lang, 'gweb.reports.none', words(lang, g.ruleset))}</p>`}`;
  return sendPage(reply, page(v, title, body, SCRIPTS));
}

/**
 * One report: the ruleset's Markdown rendered as HTML (raw HTML off), the player's map of that
 * turn (drawn in the referee's threads, like the mail's), and a button to the next orders while
 * the game runs and the seat is active. Opening it marks it read (the banner goes).
 */
async function reportPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const a = await ownSeat(ctx, req, false);
  if (!a) return notFound(req, reply);
  const idx = parseId((req.params as { idx?: string }).idx);
  if (idx === null) return notFound(req, reply);
  const q = (req.query ?? {}) as { lang?: string };
  const rlang: Lang = q.lang === 'en' || q.lang === 'fr' ? q.lang : v.lang;
  const g = a.game;
  const seat = a.seat!;
  const list = await games.reports(ctx, g.id, seat.player);
  const entry = list.find((r) => r.idx === idx);
  const text = entry ? await games.report(ctx, g.id, idx, seat.player, rlang) : null;
  if (!entry || text === null) return notFound(req, reply);
  const lang = v.lang;
  const label = (l: string) => stepLabelIn({ ruleset: g.ruleset, turnLabel: l }, lang);
  const [map] = await Promise.all([reportMapOf(ctx, g.id, idx, seat.player, rlang), markReportRead(ctx.db, g.id, idx, seat.player, ctx.now())]);
  const prev = list.filter((r) => r.idx < idx).at(-1);
  const next = list.find((r) => r.idx > idx);
  const title = t(lang, 'gweb.reports.one', { ...words(lang, g.ruleset), label: label(entry.label) });
  const nextOrders = (id: string) => (g.status === 'running' && seat.status === 'active'
    ? html`<p class="report-next"><a class="button primary" href="/games/${g.id}/orders" id="${id}">${t(lang, 'reports.next-orders', { label: label(g.turnLabel) })}</a></p>` : '');
  const body = html`${pageHead()}<p class="crumbs"><a href="/games/${g.id}">${g.name}</a> › <a href="/games/${g.id}/reports">${t(lang, 'gweb.reports.all', words(lang, g.ruleset))}</a></p>
    <h1>${title}</h1>
    <p class="report-nav">${t(lang, 'gweb.reports.lang', words(lang, g.ruleset))} ${(['fr', 'en'] as Lang[]).map((l) => (l === rlang ? html`<strong>${l.toUpperCase()}</strong> ` : html`<a href="/games/${g.id}/reports/${idx}?lang=${l}" hreflang="${l}">${l.toUpperCase()}</a> `))}
      ${prev ? html` · <a href="/games/${g.id}/reports/${prev.idx}?lang=${rlang}">← ${label(prev.label)}</a>` : ''}${next ? html` · <a href="/games/${g.id}/reports/${next.idx}?lang=${rlang}">${label(next.label)} →</a>` : ''}</p>
    ${nextOrders('next-orders')}
    <article class="report" lang="${rlang}">${markdownHtml(text, { headingOffset: 1 })}</article>
    ${map ? html`<figure class="report-map" id="report-map"><figcaption>${t(lang, 'reports.map')}</figcaption>${raw(map.svg)}</figure>` : ''}
    ${nextOrders('next-orders-end')}`;
  return sendPage(reply, page(v, title, body, SCRIPTS));
}

// ───────────────────────────────────────────────────────────── routes

export const gameRoutes: RouteModule = async (app, ctx) => {
  await demoRoutes(app, ctx);

  app.get('/games', (req, reply) => gamesPage(ctx, req, reply));
  app.post('/games', (req, reply) => createGame(ctx, req, reply));

  app.get('/games/:id', (req, reply) => gamePage(ctx, req, reply));

  app.post('/games/:id/join', async (req, reply) => {
    const v = req.visitor;
    const a = await access(ctx, req);
    if (!a) return notFound(req, reply);
    if (!v.user) return reply.redirect(`/login?next=${encodeURIComponent(`/games/${a.game.id}`)}`, 303);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const lordName = cleanName(str(b.lordName, 200));
    if (a.seat) return reply.redirect(`/games/${a.game.id}`, 303);
    if (a.game.isDemo || !a.game.isPrivate) return gamePage(ctx, req, reply, { error: t(v.lang, 'gweb.join.closed'), status: 409 });
    const standing = await standingOf(ctx, v);
    if (standing !== 'ok') return gamePage(ctx, req, reply, { status: 403 });
    if (!lordName || lordName.length > 40) return gamePage(ctx, req, reply, { error: t(v.lang, 'gweb.err.lord-name'), lordName, status: 400 });
    // Join passwords are throttled like logins (accounts/service.ts): per (game, client address)
    // and per client address; only a wrong password counts as a failure.
    const what = `join:${a.game.id}`;
    const marks = await startPasswordAttempt(ctx, what, req.ip);
    if (!marks) return gamePage(ctx, req, reply, { error: t(v.lang, 'gweb.join.throttled'), lordName, status: 429 });
    try {
      await games.joinPrivate(ctx, a.game.id, v.user.id, lordName, str(b.password, 200));
    } catch (e) {
      const wrong = (e as { code?: string }).code === 'wrong-password';
      if (!wrong) await passwordAttemptVoid(ctx, marks);
      const error = wrong ? t(v.lang, 'gweb.join.wrong-password')
        : e instanceof GamesError && e.code === 'lord-name-taken' && e.other ? t(v.lang, 'names.confusable', { other: e.other }) : t(v.lang, 'gweb.err.failed', { error: errorText(e) });
      return gamePage(ctx, req, reply, { error, lordName, status: 400 });
    }
    await passwordAttemptOk(ctx, marks, what, req.ip);
    ctx.kick();
    return reply.redirect(`/games/${a.game.id}`, 303);
  });

  app.post('/games/:id/open-seat', async (req, reply) => {
    const v = req.visitor;
    const a = await access(ctx, req);
    if (!a) return notFound(req, reply);
    if (!v.user) return reply.redirect(`/login?next=${encodeURIComponent(`/games/${a.game.id}`)}`, 303);
    const player = str((req.body as Record<string, unknown> | undefined)?.player, 50);
    try {
      await games.openSeatAsHost(ctx, a.game.id, player, v.user.id);
    } catch (e) {
      return gamePage(ctx, req, reply, { error: t(v.lang, 'gweb.err.failed', { error: errorText(e) }), status: (e as { statusCode?: number }).statusCode ?? 400 });
    }
    return reply.redirect(`/games/${a.game.id}`, 303);
  });

  app.post('/games/:id/take', async (req, reply) => {
    const v = req.visitor;
    const a = await access(ctx, req);
    if (!a || a.game.isPrivate) return notFound(req, reply);
    if (!v.user) return reply.redirect(`/login?next=${encodeURIComponent(`/games/${a.game.id}`)}`, 303);
    if (a.seat) return reply.redirect(`/games/${a.game.id}`, 303);
    if (await standingOf(ctx, v) !== 'ok') return gamePage(ctx, req, reply, { status: 403 });
    const player = str((req.body as Record<string, unknown> | undefined)?.player, 50);
    try {
      await games.takeSeat(ctx, a.game.id, player, v.user.id);
    } catch (e) {
      return gamePage(ctx, req, reply, { error: t(v.lang, 'gweb.err.failed', { error: errorText(e) }), status: 400 });
    }
    return reply.redirect(`/games/${a.game.id}/orders`, 303);
  });

  app.post('/games/:id/leave', async (req, reply) => {
    const v = req.visitor;
    const a = await ownSeat(ctx, req, true);
    if (!a || !v.user) return notFound(req, reply);
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (b.confirm !== '1' && b.confirm !== 'on' && b.confirm !== true) return gamePage(ctx, req, reply, { error: t(v.lang, 'gweb.leave.need-confirm'), status: 400 });
    const mode = b.mode === 'abdicate' ? 'abdicate' : 'replace';
    try {
      await games.leave(ctx, a.game.id, v.user.id, mode);
    } catch (e) {
      return gamePage(ctx, req, reply, { error: t(v.lang, 'gweb.err.failed', { error: errorText(e) }), status: 400 });
    }
    return reply.redirect(`/games/${a.game.id}`, 303);
  });

  app.get('/games/:id/orders', (req, reply) => {
    const saved = (req.query as { saved?: string } | undefined)?.saved === '1';
    return ordersPage(ctx, req, reply, saved ? t(req.visitor.lang, 'gweb.orders.saved') : null);
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

  app.get('/games/:id/reports', (req, reply) => reportsPage(ctx, req, reply));
  app.get('/games/:id/reports/:idx', (req, reply) => reportPage(ctx, req, reply));

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
