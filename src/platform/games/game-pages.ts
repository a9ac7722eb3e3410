/**
 * The pages of a game: the list of games and the creation of a private game, the public page of
 * a game, and the seat routes (join a private game, take an open seat, open a missing lord's seat
 * as host, leave). Shared helpers come from page-kit.ts.
 *
 * A private game shows non-members only its name, its host (with his reliability), the least
 * reliability it asks for, and a join form; once archived (archive-page.ts), everything public.
 */
import { stepSeenBy } from './step-audience.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '../../engine/ruleset.ts';
import { getRuleset, loadAllRulesets } from '../../rulesets/index.ts';
import { html, raw, type Html } from '../http/html.ts';
import { fieldAria, fieldError } from '../http/form-errors.ts';
import { badNumber, queryInt } from '../http/input.ts';
import { cleanName } from '../http/names.ts';
import { messages, t } from '../http/i18n.ts';
import { csrfField, page } from '../http/layout.ts';
import { renderDoc } from '../http/viewdoc.ts';
import { sendPage, type AppCtx, type RouteModule, type Visitor } from '../http/server.ts';
import { passwordAttemptOk, passwordAttemptVoid, startPasswordAttempt } from '../accounts/service.ts';
import { DEFAULT_SCHEDULE, type GameSummary, type Seat } from './api.ts';
import { checkSeatChoice, dryRunBudgetMs, dryRunOptions, GamesError, MISSED_FLAG, SeatChoiceError } from './service.ts';
import { readSeatValues, seatFormHtml, seatFormRulesets } from './seat-form.ts';
import type { SeatIssue } from '../../engine/ruleset.ts';

/** When a seat is flagged (and the host may open it): turns without orders, or a game of prompts' defaults in a row. */
const flagAt = (g: GameSummary): number => (g.pace ? g.absentAfter : MISSED_FLAG);
import { allKinds, findKind } from './kinds.ts';
import { archiveNotice } from './archive-page.ts';
import { historiesOf, parseMinimum, reliabilityLabel, RELIABILITY, type AnswerHistory } from './reliability.ts';
import { gameCalendarSection } from './calendar-page.ts';
import { playPath } from './prompt-page.ts';
import { checkScenarioText, hostFormHtml, hostFormRulesets, hostOptions, readHostValues, readScenarioText, scenarioRulesets, type ScenarioCheck } from './host-form.ts';
import { checkPromptValues, defaultPromptValues, isPromptRuleset, promptOptionsFields, readPromptValues, type PromptFormValues } from './prompt-options.ts';
import {
  access, errorText, failingNotice, games, gameState, isPlain, mapLabel, namesOf, notFound, ownSeat, pageHead, presented, wantsJson,
  renderView, reportBanner, safeView, SCRIPTS, standingNotice, standingOf, stepLabelIn, str, timeTag, toolsOf, words, type Access,
} from './page-kit.ts';
import { isGm, setGm } from './gm.ts';
import './gm-page.ts'; // its messages (gm.link)

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
  'gweb.create.gm': { fr: 'Meneur de jeu (MJ) : identifiant d’un compte, vide pour aucun', en: 'Game master (GM): an account’s login, blank for none' },
  'gweb.create.gm-help': {
    fr: 'Pour les jeux dont les règles laissent des questions à l’arbitre : le MJ les tranche dans sa file, sinon la décision par défaut s’applique à l’échéance. Sans MJ, chaque défaut s’applique aussitôt.',
    en: 'For games whose rules leave questions to the referee: the GM rules on them in his queue, otherwise the default applies at the deadline. Without a GM, every default applies at once.',
  },
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
  'gweb.create.keepPrivate': { fr: 'Garder la partie privée après la fin (sinon ses pages deviennent publiques : les archives)', en: 'Keep the game private after its end (otherwise its pages become public: the archive)' },
  'gweb.create.minReliability': { fr: 'Fiabilité minimale pour rejoindre (%, facultatif)', en: 'Least reliability to join (%, optional)' },
  'gweb.create.minReliability-help': {
    fr: 'La part des tours et des questions auxquels un joueur a répondu à temps, places abandonnées comptées (voir son profil). Un nouveau joueur, sans historique, est admis. Vide : aucune exigence.',
    en: 'The share of turns and prompts a player answered in time, abandoned seats counted (see his profile). A new player, with no history, is admitted. Blank: no requirement.',
  },
  'gweb.err.minReliability': { fr: 'La fiabilité minimale est un nombre entier de {min} à {max}.', en: 'The least reliability is a whole number from {min} to {max}.' },
  'gweb.min-reliability': { fr: 'Fiabilité minimale pour rejoindre : {p} %.', en: 'Least reliability to join: {p}%.' },
  'gweb.host': { fr: 'Hôte', en: 'Host' },
  'gweb.gm.title': { fr: 'Maître du jeu (MJ)', en: 'Game master (GM)' },
  'gweb.gm.current': { fr: 'MJ de la partie', en: 'The game’s GM' },
  'gweb.gm.none': { fr: 'Aucun MJ : chaque question laissée à l’arbitre prend aussitôt sa décision par défaut.', en: 'No GM: every question left to the referee takes its default at once.' },
  'gweb.gm.help': {
    fr: 'Vous pouvez nommer un MJ par son identifiant, le changer ou le retirer jusqu’à la fin de la partie. Un joueur de la partie ne peut pas en être le MJ (le MJ voit tout l’état caché). Un MJ retiré : ses décisions déjà prises restent, les questions en attente prennent leur décision par défaut à la résolution de l’étape.',
    en: 'You may name a GM by login, change or remove him until the game ends. A player of the game cannot be its GM (the GM sees every hidden state). A GM removed: his rulings already given stand, the waiting questions take their default when the step resolves.',
  },
  'gweb.gm.fixed-on': { fr: 'Les règles de ce jeu ont fixé au départ que la partie a un MJ : vous pouvez en nommer un autre, pas le retirer.', en: 'This game’s rules fixed at the start that it has a GM: you may name another one, not remove him.' },
  'gweb.gm.fixed-off': { fr: 'Cette partie a commencé sans MJ et les règles de ce jeu l’ont fixé au départ : elle ne peut pas en recevoir un.', en: 'This game started without a GM and its rules fixed that at the start: it cannot get one.' },
  'gweb.gm.login': { fr: 'Identifiant du MJ', en: 'The GM’s login' },
  'gweb.gm.set': { fr: 'Nommer ce MJ', en: 'Name this GM' },
  'gweb.gm.remove': { fr: 'Retirer le MJ', en: 'Remove the GM' },
  'gweb.col.reliability': { fr: 'Fiabilité', en: 'Reliability' },
  'gweb.archive-link': { fr: 'Archives des parties terminées', en: 'Archive of finished games' },
  'gweb.create.ranked': { fr: 'Partie classée', en: 'Ranked game' },
  'gweb.create.ranked-help': {
    fr: 'Cochée, la partie compte pour le classement permanent des joueurs (une partie publique y compte toujours). Se décide à la création.',
    en: 'Ticked, the game counts for the players’ permanent ranking (a public game always does). Decided at creation.',
  },
  'gweb.ranked.on': { fr: 'Partie classée : elle compte pour le classement permanent des joueurs.', en: 'Ranked game: it counts for the players’ permanent ranking.' },
  'gweb.ranked.off': { fr: 'Partie non classée : elle ne compte pas pour le classement permanent.', en: 'Unranked game: it does not count for the permanent ranking.' },
  'gweb.ranked.link': { fr: 'Voir le classement', en: 'See the ranking' },
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
  'gweb.err.dryRunBudget': {
    fr: 'Avec ces réglages, un seul tour dure plus de {seconds} s : choisissez des valeurs plus modestes.',
    en: 'With these settings a single turn takes more than {seconds} s: choose more modest values.',
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
  'gweb.flag.help': { fr: 'Après {n} tours sans ordres, l’hôte de la partie peut confier ce seigneur à un remplaçant.', en: 'After {n} turns without orders, the game’s host may give this lord to a replacement.' },
  'gweb.flag.absent': { fr: 'absent ({n} {n|réponse|réponses} par défaut de suite)', en: 'absent ({n} {n|default|defaults} in a row)' },
  'gweb.flag.absent-help': { fr: 'Ses questions reçoivent leur réponse par défaut aussitôt ; l’hôte peut ouvrir sa place à un remplaçant.', en: 'His questions take their default at once; the host may open his seat for a replacement.' },
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
  'gweb.page.prev': { fr: 'Précédents', en: 'Previous' },
  'gweb.page.next': { fr: 'Suivants', en: 'Next' },
  'gweb.page.of': { fr: 'Page {n} sur {total}', en: 'Page {n} of {total}' },
  'gweb.weekday.0': { fr: 'dimanche', en: 'Sunday' },
  'gweb.weekday.1': { fr: 'lundi', en: 'Monday' },
  'gweb.weekday.2': { fr: 'mardi', en: 'Tuesday' },
  'gweb.weekday.3': { fr: 'mercredi', en: 'Wednesday' },
  'gweb.weekday.4': { fr: 'jeudi', en: 'Thursday' },
  'gweb.weekday.5': { fr: 'vendredi', en: 'Friday' },
  'gweb.weekday.6': { fr: 'samedi', en: 'Saturday' },
});

/** Public games listed per page of /games. */
const PUBLIC_PAGE = 50;

function statusBadge(lang: Lang, g: GameSummary): Html {
  return html`<span class="badge status-${g.status}">${t(lang, `gweb.status.${g.status}`)}</span>${g.isPrivate ? html` <span class="badge">${t(lang, 'gweb.private')}</span>` : ''}${g.isDemo ? html` <span class="badge">${t(lang, 'gweb.demo')}</span>` : ''}`;
}

/** The resolved steps of a game (public history: index, label, date). Read directly: GamesApi
 *  only lists steps per lord (reports). */
async function history(ctx: AppCtx, gameId: number, player: string | null, referee: boolean): Promise<{ idx: number; label: string; resolvedAt: Date }[]> {
  // A free action known to some players only (step-audience.ts) is in their history alone, and in the GM's.
  const rows = await ctx.db.query<{ idx: number; label: string; resolved_at: Date | string }>(
    `SELECT idx, label, resolved_at FROM steps s WHERE game_id = $1 AND ${stepSeenBy('s', '$2', '$3')} ORDER BY idx`, [gameId, player, referee]);
  return rows.map((r) => ({ idx: Number(r.idx), label: r.label, resolvedAt: new Date(r.resolved_at) }));
}

/** Whether the visitor hosts this game (its creator) or the site. */
async function viewerHosts(ctx: AppCtx, gameId: number, v: Visitor): Promise<boolean> {
  if (!v.user) return false;
  if (v.user.isHost) return true;
  const r = await ctx.db.one('SELECT host_user_id FROM games WHERE id = $1', [gameId]);
  return r?.host_user_id === v.user.id;
}

/** The caretaker host option in force (read directly: GameSummary does not carry host options). */
async function caretakerNote(ctx: AppCtx, gameId: number, lang: Lang): Promise<string> {
  const row = await ctx.db.one<{ caretaker: boolean }>('SELECT caretaker FROM games WHERE id = $1', [gameId]);
  return t(lang, row?.caretaker ? 'gweb.caretaker.on' : 'gweb.caretaker.off');
}

/** Whether the game counts for the permanent ranking (ranking/service.ts): a public game, or a private one its host made ranked; never a demo. */
async function rankedNote(ctx: AppCtx, gameId: number, lang: Lang): Promise<Html> {
  const row = await ctx.db.one<{ ruleset: string; ranked: boolean; is_private: boolean; is_demo: boolean }>('SELECT ruleset, ranked, is_private, is_demo FROM games WHERE id = $1', [gameId]);
  if (!row) return html``;
  const counts = !row.is_demo && (!row.is_private || row.ranked);
  return html`${t(lang, counts ? 'gweb.ranked.on' : 'gweb.ranked.off')} <a href="/ranking/${row.ruleset}">${t(lang, 'gweb.ranked.link')}</a>`;
}

// ───────────────────────────────────────────────────────────── list and creation

interface CreateValues {
  name: string; map: string; lords: string; lordName: string; password: string; weekday: string; time: string; timeZone: string; minHours: string; early: boolean; caretaker: boolean; ranked: boolean; config: string; prompts: PromptFormValues;
  /** Migration 027: the GM's login (blank: no GM; games/gm.ts). */
  gm: string;
  /** Migration 025: keep the game private after its end; the least reliability to join (a percentage, blank: none). */
  keepPrivate: boolean; minReliability: string;
  /** The host's own seat-form values, per ruleset (engine SeatForm), and the issues of the chosen game's. */
  seat?: Record<string, Record<string, string> | null>; seatIssues?: SeatIssue[];
  /** The ruleset's own host options (registry `hostForm`, host-form.ts) per ruleset, and the issues of the chosen game's. */
  host?: Record<string, Record<string, string> | null>; hostIssues?: SeatIssue[];
  /** A host's own scenario text per ruleset (registry `scenario`, host-form.ts), and the chosen game's last check. */
  scenario?: Record<string, string>; scenarioResult?: { error?: string; check?: ScenarioCheck } | null;
}

const defaultCreate = (): CreateValues => ({
  name: '', map: allKinds()[0]!.key, lords: String(allKinds()[0]!.variant.seats.default), lordName: '', password: '', weekday: String(DEFAULT_SCHEDULE.weekday),
  time: DEFAULT_SCHEDULE.time, timeZone: DEFAULT_SCHEDULE.timeZone, minHours: '', early: true, caretaker: false, ranked: false, config: '', prompts: defaultPromptValues(),
  keepPrivate: false, minReliability: '', gm: '',
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

/** The creation form's fields a refusal can point at (their ids are `create-<name>`). */
export type CreateField = 'name' | 'map' | 'lords' | 'lordName' | 'password' | 'time' | 'timeZone' | 'minHours' | 'minReliability' | 'config';

function createForm(v: Visitor, val: CreateValues, error: string | null, field: CreateField | null = null): Html {
  const lang = v.lang;
  const zones = timeZones();
  // A refusal about one field: its message sits under it, tied to it, and it takes the focus; a
  // refusal about the whole form: the message above it takes the focus. The server checks the form
  // (novalidate, as the sign-up): its messages are in the site's language and tied to their field.
  const a = (f: CreateField, help = false) => fieldAria(`create-${f}`, { help, invalid: !!error && field === f, focus: !!error && field === f });
  const e = (f: CreateField) => (error && field === f ? fieldError(`create-${f}`, error) : '');
  return html`<section class="card" id="create">
    <h2>${t(lang, 'gweb.create.title')}</h2>
    <p class="muted">${t(lang, 'gweb.create.help')}</p>
    ${error && !field && !val.seatIssues?.length && !val.hostIssues?.length ? html`<p class="error" role="alert" id="create-error" tabindex="-1" autofocus>${error}</p>` : ''}
    <form method="post" action="/games" class="stack" novalidate>
      ${csrfField(v)}
      <button type="submit" hidden tabindex="-1" aria-hidden="true"></button>${'' /* the form's default button: Enter in a field creates the game (the first submit button of the form, which would else be a ruleset's "Check the scenario") */}
      <label>${t(lang, 'gweb.create.name')} <input id="create-name" name="name" required maxlength="80" value="${val.name}"${a('name')}></label>${e('name')}
      <div class="row">
        <label>${t(lang, 'gweb.create.map')} <select id="create-map" name="map"${a('map')}>${allKinds().map((k) => html`<option value="${k.key}"${k.key === (findKind(val.map)?.key ?? val.map) ? raw(' selected') : ''}>${t(lang, 'gweb.kind', { title: k.title[lang], name: k.variant.name[lang], min: k.variant.seats.min, max: k.variant.seats.max, n: k.variant.seats.default })}</option>`)}</select></label>
        <label>${t(lang, 'gweb.create.lords')} <input id="create-lords" name="lords" type="number" min="2" max="${Math.max(...allKinds().map((k) => k.variant.seats.max))}" required value="${val.lords}"${a('lords')}></label>
      </div>${e('map')}${e('lords')}
      <div class="row">
        <label>${t(lang, 'gweb.create.lord-name')} <input id="create-lordName" name="lordName" required maxlength="40" value="${val.lordName}"${a('lordName')}></label>
        <label>${t(lang, 'gweb.create.password')} <input id="create-password" name="password" type="text" required minlength="4" maxlength="100" autocomplete="off" value="${val.password}"${a('password')}></label>
      </div>${e('lordName')}${e('password')}
      <div class="row">
        <label>${t(lang, 'gweb.create.weekday')} <select name="weekday">${[1, 2, 3, 4, 5, 6, 0].map((d) => html`<option value="${d}"${String(d) === val.weekday ? raw(' selected') : ''}>${t(lang, `gweb.weekday.${d}`)}</option>`)}</select></label>
        <label>${t(lang, 'gweb.create.time')} <input id="create-time" name="time" type="time" required value="${val.time}"${a('time')}></label>
        <label>${t(lang, 'gweb.create.tz')} <select id="create-timeZone" name="timeZone" required${a('timeZone')}>${timeZoneOptions(zones, val.timeZone)}</select></label>
      </div>${e('time')}${e('timeZone')}
      <label>${t(lang, 'gweb.create.minHours')} <input id="create-minHours" name="minHours" type="number" min="0" max="168" step="1" inputmode="numeric" placeholder="84" value="${val.minHours}"${a('minHours', true)}></label>
      <p class="muted small" id="create-minHours-help">${t(lang, 'gweb.create.minHours-help')}</p>${e('minHours')}
      ${seatFormRulesets().map((r) => seatFormHtml(lang, r, { values: val.seat?.[r] ?? null, issues: findKind(val.map)?.ruleset === r ? val.seatIssues : [], create: true, focus: !!error && !field && findKind(val.map)?.ruleset === r }))}
      ${hostFormRulesets().map((r) => {
        const chosen = findKind(val.map)?.ruleset === r;
        const result = chosen ? val.scenarioResult ?? null : null;
        return hostFormHtml(lang, r, {
          values: val.host?.[r] ?? null, issues: chosen ? val.hostIssues : [], focus: !!error && !field && chosen && !result,
          scenario: { text: val.scenario?.[r] ?? '', result, focus: !!result && (!!result.error || !!result.check?.errors.length) },
        });
      })}
      ${promptOptionsFields(lang, val.prompts)}
      <label class="check"><input type="checkbox" name="early" value="1"${val.early ? raw(' checked') : ''}> ${t(lang, 'gweb.create.early')}</label>
      <label class="check"><input type="checkbox" name="caretaker" value="1"${val.caretaker ? raw(' checked') : ''}> ${t(lang, 'gweb.create.caretaker')}</label>
      <p class="muted small">${t(lang, 'gweb.create.caretaker-help')}</p>
      <label>${t(lang, 'gweb.create.gm')} <input id="create-gm" name="gm" maxlength="100" autocomplete="off" value="${val.gm}" aria-describedby="create-gm-help"></label>
      <p class="muted small" id="create-gm-help">${t(lang, 'gweb.create.gm-help')}</p>
      <label class="check"><input type="checkbox" name="keepPrivate" value="1"${val.keepPrivate ? raw(' checked') : ''}> ${t(lang, 'gweb.create.keepPrivate')}</label>
      <label>${t(lang, 'gweb.create.minReliability')} <input id="create-minReliability" name="minReliability" type="number" min="${RELIABILITY.minimum.min}" max="${RELIABILITY.minimum.max}" step="1" inputmode="numeric" value="${val.minReliability}"${a('minReliability', true)}></label>
      <p class="muted small" id="create-minReliability-help">${t(lang, 'gweb.create.minReliability-help')}</p>${e('minReliability')}
      <label class="check"><input type="checkbox" id="create-ranked" name="ranked" value="1" aria-describedby="create-ranked-help"${val.ranked ? raw(' checked') : ''}> ${t(lang, 'gweb.create.ranked')}</label>
      <p class="muted small" id="create-ranked-help">${t(lang, 'gweb.create.ranked-help')}</p>
      <label>${t(lang, 'gweb.create.config')}
        <textarea id="create-config" name="config" rows="4" spellcheck="false" class="mono" placeholder="{}"${a('config', true)}>${val.config}</textarea></label>
      <p class="muted small" id="create-config-help">${t(lang, 'gweb.create.config-help')}</p>${e('config')}
      <p><button type="submit" class="primary">${t(lang, 'gweb.create.submit')}</button></p>
    </form>
  </section>`;
}

function gamesTable(list: GameSummary[], lang: Lang, tz: string, mine: boolean): Html {
  if (!list.length) return html`<p class="muted">${t(lang, 'gweb.no-games')}</p>`;
  return html`<div class="table-wrap"><table class="data"><thead><tr>
      <th>${t(lang, 'gweb.col.name')}</th><th>${t(lang, 'gweb.col.map')}</th><th>${t(lang, 'gweb.col.status')}</th>
      <th>${t(lang, 'gweb.col.turn')}</th><th>${t(lang, 'gweb.col.lords', words(lang, null))}</th><th>${t(lang, 'gweb.col.deadline')}</th>${mine ? html`<th><span class="visually-hidden">${t(lang, 'col.actions')}</span></th>` : ''}</tr></thead>
    <tbody>${list.map((g) => html`<tr>
      <td><a href="/games/${g.id}">${g.name}</a></td><td>${mapLabel(lang, g)}</td><td>${statusBadge(lang, g)}</td>
      <td>${stepLabelIn(g, lang)}</td><td>${g.lords} / ${g.maxPlayers}</td><td>${g.status === 'running' ? timeTag(g.deadline, lang, tz, 'short') : '—'}</td>
      ${mine ? html`<td class="actions">${g.status === 'running' ? (g.pace ? html`<a class="button" href="/games/${g.id}/play">${t(lang, 'play.link')}</a> ` : html`<a class="button" href="/games/${g.id}/orders">${t(lang, 'gweb.my-orders')}</a> `) : ''}<a href="/games/${g.id}/reports">${t(lang, 'gweb.my-reports', words(lang, g.ruleset))}</a></td>` : ''}
    </tr>`)}</tbody></table></div>`;
}

async function gamesPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, form?: { values: CreateValues; error: string | null; field?: CreateField | null; status: number }) {
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
  // The creation form shows every ruleset's forms (seat forms, host options, the prompts' deadline classes).
  if (standing === 'ok') await loadAllRulesets();
  const pager = pages > 1 ? html`<p class="pager">${pageNo > 1 ? html`<a href="/games?page=${pageNo - 1}">« ${t(lang, 'gweb.page.prev')}</a> ` : ''}${t(lang, 'gweb.page.of', { n: Math.min(pageNo, pages), total: pages })}${pageNo < pages ? html` <a href="/games?page=${pageNo + 1}">${t(lang, 'gweb.page.next')} »</a>` : ''}</p>` : '';
  const body = html`${pageHead()}
    <h1>${t(lang, 'gweb.games')}</h1>
    ${v.user ? html`<section><h2>${t(lang, 'gweb.my-games')}</h2>${gamesTable(mine, lang, tz, true)}</section>` : ''}
    <section><h2>${t(lang, 'gweb.public-games')}</h2>${gamesTable(publicList, lang, tz, false)}${pager}
      <p><a href="/archive" id="archive-link">${t(lang, 'gweb.archive-link')}</a></p></section>
    ${standing === 'ok'
      ? createForm(v, form?.values ?? defaultCreate(), form?.error ?? null, form?.field ?? null)
      : html`<section class="card"><h2>${t(lang, 'gweb.create.title')}</h2>${standingNotice(lang, standing, '/games')}</section>`}`;
  return sendPage(reply, page(v, t(lang, 'gweb.games'), body, { scripts: [...SCRIPTS.scripts, '/static/create-game.js', '/static/seat-form.js'], error: !!form?.error }), form?.status ?? 200);
}

async function createGame(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const lang = v.lang;
  if (!v.user) return reply.redirect('/login?next=%2Fgames', 303);
  await loadAllRulesets(); // the creation form's rulesets (see gamesPage)
  const b = (req.body ?? {}) as Record<string, unknown>;
  const val: CreateValues = {
    name: str(b.name, 200).trim(), map: str(b.map, 50), lords: str(b.lords, 10).trim(), lordName: cleanName(str(b.lordName, 200)),
    password: str(b.password, 200), weekday: str(b.weekday, 2), time: str(b.time, 10).trim(), timeZone: str(b.timeZone, 100).trim(),
    minHours: str(b.minHours, 10).trim(),
    early: b.early === '1' || b.early === 'on' || b.early === true,
    caretaker: b.caretaker === '1' || b.caretaker === 'on' || b.caretaker === true, config: str(b.config, 20_000),
    ranked: b.ranked === '1' || b.ranked === 'on' || b.ranked === true,
    keepPrivate: b.keepPrivate === '1' || b.keepPrivate === 'on' || b.keepPrivate === true, minReliability: str(b.minReliability, 10).trim(),
    prompts: readPromptValues(b, str),
    gm: str(b.gm, 100).trim(),
    seat: Object.fromEntries(seatFormRulesets().map((r) => [r, readSeatValues(b, r)])),
    host: Object.fromEntries(hostFormRulesets().map((r) => [r, readHostValues(b, r)])),
    scenario: Object.fromEntries(scenarioRulesets().map((r) => [r, readScenarioText(b, r)])),
  };
  const fail = (error: string, field: CreateField | null = null) => gamesPage(ctx, req, reply, { values: val, error, field, status: 400 });
  const standing = await standingOf(ctx, v);
  if (standing !== 'ok') return fail(standingNotice(lang, standing).toString().replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
  // The host's own scenario (registry `scenario`): read and checked first; "Check the scenario"
  // shows its errors, warnings and summary and creates nothing; its errors refuse the creation.
  const scenarioRuleset = findKind(val.map)?.ruleset ?? '';
  const scenarioText = val.scenario?.[scenarioRuleset] ?? '';
  let scenario: unknown;
  // "Check the scenario" of the ruleset chosen (another ruleset's button, hidden, says nothing)
  const preview = typeof b.preview === 'string' && b.preview === scenarioRuleset;
  if (preview || scenarioText.trim()) {
    const r = scenarioText.trim() ? checkScenarioText(scenarioRuleset, scenarioText, lang) : { error: t(lang, 'hostform.scenario-empty') };
    val.scenarioResult = 'error' in r ? { error: r.error } : { check: r.check };
    if ('error' in r) return fail(r.error);
    if (r.check.errors.length) return fail(t(lang, 'hostform.scenario-refused', { n: r.check.errors.length }));
    if (preview) return gamesPage(ctx, req, reply, { values: val, error: null, status: 200 });
    scenario = r.json;
  }
  if (!val.name || val.name.length > 80) return fail(t(lang, 'gweb.err.name'), 'name');
  if (!val.lordName || val.lordName.length > 40) return fail(t(lang, 'gweb.err.lord-name'), 'lordName');
  const kind = findKind(val.map);
  if (!kind) return fail(t(lang, 'gweb.err.map'), 'map');
  const lords = Number(val.lords);
  // A scenario of the host's own has its own numbers of players: its check at the dry run refuses any other.
  const seats = scenario === undefined ? kind.variant.seats : { min: 2, max: Math.max(...allKinds().map((k) => k.variant.seats.max)) };
  if (!Number.isInteger(lords) || lords < seats.min || lords > seats.max) return fail(t(lang, 'gweb.err.lords', { min: seats.min, max: seats.max }), 'lords');
  if (val.password.length < 4) return fail(t(lang, 'gweb.err.password'), 'password');
  // The shortest a turn may last (blank: half the weekly period, 84 hours).
  const minHours = val.minHours === '' ? undefined : Number(val.minHours);
  if (minHours !== undefined && (!Number.isInteger(minHours) || minHours < 0 || minHours > 168)) return fail(t(lang, 'gweb.err.minHours'), 'minHours');
  const minReliability = parseMinimum(val.minReliability);
  if (minReliability === 'invalid') return fail(t(lang, 'gweb.err.minReliability', { min: RELIABILITY.minimum.min, max: RELIABILITY.minimum.max }), 'minReliability');
  const weekday = Number(val.weekday);
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(val.time) || !Number.isInteger(weekday) || weekday < 0 || weekday > 6) return fail(t(lang, 'gweb.err.time'), 'time');
  // One of the listed zones (the form's select); a zone the runtime knows by another spelling is refused too.
  if (!timeZones().includes(val.timeZone)) return fail(t(lang, 'gweb.err.tz'), 'timeZone');
  try { new Intl.DateTimeFormat('en', { timeZone: val.timeZone }); } catch { return fail(t(lang, 'gweb.err.tz'), 'timeZone'); }
  let config: Record<string, unknown> = {};
  if (val.config.trim()) {
    let parsed: unknown;
    try { parsed = JSON.parse(val.config); } catch (e) { return fail(t(lang, 'gweb.err.config', { error: errorText(e) }), 'config'); }
    if (!isPlain(parsed)) return fail(t(lang, 'gweb.err.config', { error: lang === 'fr' ? 'un objet {…} est attendu' : 'an object {…} is expected' }), 'config');
    config = parsed;
  }
  // A game of prompts: its pace and deadlines (prompt-options.ts); the weekly schedule is then unused.
  let prompts = {};
  if (isPromptRuleset(kind.ruleset)) {
    const p = checkPromptValues(lang, kind.ruleset, val.prompts);
    if ('error' in p) return fail(p.error);
    prompts = { prompts: p.prompts };
  }
  // The ruleset's own host options (a Gruik campaign's length, tabletop battles; GM or not), merged into the game's options.
  const host = hostOptions(kind.ruleset, val.host?.[kind.ruleset] ?? null, !!val.gm);
  if ('issues' in host) { val.hostIssues = host.issues; return fail(t(lang, 'hostform.errors')); }
  // The host's own choices for his seat (the ruleset's seat form), checked against these settings.
  const seatValues = val.seat?.[kind.ruleset] ?? null;
  let hostChoice: Record<string, unknown> | null;
  try { hostChoice = checkSeatChoice(kind.ruleset, { map: kind.variant.id, config }, seatValues); } catch (e) {
    if (e instanceof SeatChoiceError) { val.seatIssues = e.issues; return fail(t(lang, 'seat.errors')); }
    return fail(t(lang, 'gweb.err.refused', { error: errorText(e, lang) }));
  }
  const placeholders = Array.from({ length: lords - 1 }, (_, i) => `${val.lordName} ·${i + 2}`);
  // The dry run, in a referee worker within its budget: the game set up with these settings (a
  // refused map, lord count or constant is reported now, not when the last lord joins), then one
  // turn played by bots (settings that make every turn fail or run too long are refused too).
  const options = { ...(getRuleset(kind.ruleset).options({ map: kind.variant.id, lords: [val.lordName, ...placeholders], choices: [hostChoice], config, ...(scenario !== undefined ? { scenario } : {}) }) as object), ...host.options };
  try { await dryRunOptions(ctx, kind.ruleset, options); } catch (e) {
    return fail(e instanceof GamesError && e.code === 'dry-run-budget'
      ? t(lang, 'gweb.err.dryRunBudget', { seconds: (dryRunBudgetMs(ctx) / 1000).toLocaleString(lang === 'fr' ? 'fr-FR' : 'en-GB') })
      : t(lang, 'gweb.err.refused', { error: errorText(e, lang) }));
  }
  let id: number;
  try {
    id = await games.create(ctx, {
      ruleset: kind.ruleset, name: val.name, options: { ...(scenario !== undefined ? { scenario } : { map: kind.variant.id }), config, ...host.options }, seats: [{ userId: v.user.id, lordName: val.lordName, choice: seatValues }],
      maxPlayers: lords, isPrivate: true, password: val.password, hostUserId: v.user.id,
      schedule: { weekday, time: val.time, timeZone: val.timeZone, everyDays: 7, ...(minHours !== undefined ? { minHours } : {}) }, early: val.early, caretaker: val.caretaker, ranked: val.ranked, ...prompts,
      keepPrivate: val.keepPrivate, minReliability, gm: val.gm ? { login: val.gm } : null,
    });
  } catch (e) {
    return fail(t(lang, 'gweb.err.refused', { error: errorText(e, lang) }));
  }
  return reply.redirect(`/games/${id}`, 303);
}

// ───────────────────────────────────────────────────────────── the game page

/** A player's login as a link to his profile, with his reliability beside it (games/reliability.ts). */
export function playerCell(lang: Lang, login: string | null, h: AnswerHistory | undefined): Html {
  if (!login) return html`—`;
  return html`<a href="/players/${encodeURIComponent(login)}">${login}</a>${h ? html` <span class="badge reliability" title="${t(lang, 'gweb.col.reliability')}">${reliabilityLabel(lang, h)}</span>` : ''}`;
}

function seatsTable(v: Visitor, a: Access, seats: Seat[], canReplace: boolean, isHost = false, reliability: Map<number, AnswerHistory> = new Map()): Html {
  const lang = v.lang;
  return html`<div class="table-wrap"><table class="data"><thead><tr><th>${t(lang, 'gweb.col.lord', words(lang, a.game.ruleset))}</th><th>${t(lang, 'gweb.col.player')}</th><th>${t(lang, 'gweb.col.status')}</th><th><span class="visually-hidden">${t(lang, 'col.actions')}</span></th></tr></thead>
    <tbody>${seats.map((s) => html`<tr${a.seat?.player === s.player ? raw(' class="me"') : ''}>
      <td>${s.lordName}</td><td>${s.userId === null && s.status !== 'open' ? html`<span class="muted">${t(lang, 'gweb.bot')}</span>` : s.status === 'open' ? '—' : playerCell(lang, s.login, s.userId === null ? undefined : reliability.get(s.userId))}</td>
      <td>${t(lang, `gweb.seat.${s.status}`)}${s.status === 'active' && s.userId !== null && s.missed >= flagAt(a.game) ? (a.game.pace
        ? html` <span class="badge warn" title="${t(lang, 'gweb.flag.absent-help')}">⚑ ${t(lang, 'gweb.flag.absent', { n: s.missed })}</span>`
        : html` <span class="badge warn" title="${t(lang, 'gweb.flag.help', { n: MISSED_FLAG })}">⚑ ${t(lang, 'gweb.flag', { n: s.missed })}</span>`) : ''}</td>
      <td>${canReplace && s.status === 'open' ? html`<form method="post" action="/games/${a.game.id}/take" class="inline">${csrfField(v)}<input type="hidden" name="player" value="${s.player}"><button type="submit">${t(lang, 'gweb.replace')}</button></form>` : ''}
        ${isHost && a.game.status === 'running' && s.status === 'active' && s.userId !== null && s.missed >= flagAt(a.game) ? html`<form method="post" action="/games/${a.game.id}/open-seat" class="inline">${csrfField(v)}<input type="hidden" name="player" value="${s.player}"><button type="submit">${t(lang, 'gweb.open-seat')}</button></form>` : ''}</td>
    </tr>`)}</tbody></table></div>`;
}

/** The seat form shown with the join form: the game's ruleset's (engine SeatForm), while the game is forming. */
interface JoinSeat { ruleset: string; options: unknown; values?: Record<string, string> | null; issues?: SeatIssue[] }

/** The join form's fields a refusal can point at (their ids are `join-<name>`). */
export type JoinField = 'lordName' | 'password';

/**
 * The join form of a private game. A refusal about one field (the lord's name, the password): its
 * message sits under it, tied to it (aria-invalid, aria-describedby), and it takes the focus; the
 * seat form's issues: each beside its field, the first field in error focused; any other refusal
 * (too many attempts, a failure): the message above the form takes the focus.
 */
function joinForm(v: Visitor, gameId: number, error: string | null, lordName = '', seat: JoinSeat | null = null, field: JoinField | null = null): Html {
  const lang = v.lang;
  const seatIssues = !!seat?.issues?.length;
  const a = (f: JoinField) => fieldAria(`join-${f}`, { invalid: !!error && field === f, focus: !!error && field === f });
  const e = (f: JoinField) => (error && field === f ? fieldError(`join-${f}`, error) : '');
  return html`<section class="card"><h2>${t(lang, 'gweb.join.title')}</h2>
    ${error && !field && !seatIssues ? html`<p class="error" role="alert" id="join-error" tabindex="-1" autofocus>${error}</p>` : ''}
    <form method="post" action="/games/${gameId}/join" class="stack" novalidate>${csrfField(v)}
      <label>${t(lang, 'gweb.create.lord-name')} <input id="join-lordName" name="lordName" required maxlength="40" autocomplete="off" value="${lordName}"${a('lordName')}></label>${e('lordName')}
      ${seat ? seatFormHtml(lang, seat.ruleset, { options: seat.options, values: seat.values, issues: seat.issues, focus: !field }) : ''}
      <label>${t(lang, 'gweb.create.password')} <input id="join-password" name="password" type="password" required autocomplete="off"${a('password')}></label>${e('password')}
      <p><button type="submit" class="primary">${t(lang, 'gweb.join.submit')}</button></p>
    </form></section>`;
}

/**
 * The host's control of the game's GM (gm.ts, setGm): shown to the game's creator alone until the
 * game ends: the GM now, a login field to name or change him, a button to remove him; for a ruleset
 * that fixed the GM's presence at the start (`RulesetEntry.gmOption`), only what it still allows.
 */
async function gmHostPart(ctx: AppCtx, v: Visitor, g: GameSummary, error: string | null): Promise<Html> {
  if (!v.user || g.status === 'finished') return html``;
  const row = await ctx.db.one<{ host_user_id: number | null; login: string | null }>('SELECT g.host_user_id, u.login FROM games g LEFT JOIN users u ON u.id = g.gm_user_id WHERE g.id = $1', [g.id]);
  if (!row || row.host_user_id === null || Number(row.host_user_id) !== v.user.id) return html``;
  const lang = v.lang;
  const fixed = g.status === 'running' && !!getRuleset(g.ruleset).gmOption;
  const canName = !(fixed && row.login === null);
  return html`<section class="card gm-host" id="gm-host" aria-labelledby="gm-host-h"><h2 id="gm-host-h">${t(lang, 'gweb.gm.title')}</h2>
    <p id="gm-current">${row.login ? html`${t(lang, 'gweb.gm.current')}${t(lang, 'colon')}<a href="/players/${encodeURIComponent(row.login)}">${row.login}</a>` : t(lang, 'gweb.gm.none')}</p>
    <p class="muted small">${t(lang, 'gweb.gm.help')}${fixed ? html` ${t(lang, row.login ? 'gweb.gm.fixed-on' : 'gweb.gm.fixed-off')}` : ''}</p>
    ${error ? html`<p class="error" role="alert" id="gm-host-error">${error}</p>` : ''}
    ${canName ? html`<form method="post" action="/games/${g.id}/set-gm" class="inline">${csrfField(v)}
      <label for="gm-login">${t(lang, 'gweb.gm.login')}</label> <input id="gm-login" name="login" maxlength="40" autocomplete="off" required${error ? raw(' aria-invalid="true" aria-describedby="gm-host-error"') : ''}>
      <button type="submit">${t(lang, 'gweb.gm.set')}</button></form>` : ''}
    ${row.login && !fixed ? html`<form method="post" action="/games/${g.id}/set-gm" class="inline">${csrfField(v)}<input type="hidden" name="login" value=""><button type="submit" class="danger" id="gm-remove">${t(lang, 'gweb.gm.remove')}</button></form>` : ''}
  </section>`;
}

/** A forming game's host options (the seat form's limits may depend on them). */
async function formingOptions(ctx: AppCtx, gameId: number): Promise<unknown> {
  return (await ctx.db.one<{ options: unknown }>('SELECT options FROM games WHERE id = $1', [gameId]))?.options ?? {};
}

async function gamePage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, opts: { error?: string | null; field?: JoinField | null; lordName?: string; status?: number; seatValues?: Record<string, string> | null; seatIssues?: SeatIssue[]; gmError?: string | null } = {}) {
  const v = req.visitor;
  const lang = v.lang;
  const a = await access(ctx, req);
  if (!a) return notFound(req, reply);
  const g = a.game;
  const standing = await standingOf(ctx, v);
  const seats = await games.seats(ctx, g.id);
  const joinable = g.status === 'forming' || seats.some((s) => s.status === 'open');
  // The game's GM (games/gm.ts) finds his queue here, seated or not.
  const gmLink = g.status !== 'forming' && await isGm(ctx.db, g.id, v.user?.id) ? html`<p id="gm-link"><a class="button primary" href="/games/${g.id}/gm">${t(lang, 'gm.link')}</a></p>` : '';
  if (g.isPrivate && !a.seat && !a.former && !g.archived) {
    // Non-members of a private game: its name, that it is private, its host and his reliability,
    // the least reliability it asks for, and a way in. Nothing else (an archived game is public).
    const host = await ctx.db.one<{ id: number; login: string }>('SELECT u.id, u.login FROM games g JOIN users u ON u.id = g.host_user_id WHERE g.id = $1', [g.id]);
    const hostHistory = host ? (await historiesOf(ctx.db, [Number(host.id)])).get(Number(host.id)) : undefined;
    const body = html`${pageHead()}<h1>${g.name}</h1>
      <p><span class="badge">${t(lang, 'gweb.private')}</span> ${t(lang, 'gweb.private-help')}</p>
      ${gmLink}
      ${await gmHostPart(ctx, v, g, opts.gmError ?? null)}
      ${host ? html`<p id="game-host">${t(lang, 'gweb.host')}${t(lang, 'colon')}${playerCell(lang, host.login, hostHistory)}</p>` : ''}
      ${g.minReliability !== null ? html`<p id="min-reliability">${t(lang, 'gweb.min-reliability', { p: g.minReliability })}</p>` : ''}
      ${!joinable || g.isDemo ? html`<p class="muted">${t(lang, 'gweb.join.closed')}</p>`
        : standing === 'ok' ? joinForm(v, g.id, opts.error ?? null, opts.lordName, g.status === 'forming' ? { ruleset: g.ruleset, options: await formingOptions(ctx, g.id), values: opts.seatValues, issues: opts.seatIssues } : null, opts.field ?? null)
        : standingNotice(lang, standing, `/games/${g.id}`)}`;
    return sendPage(reply, page(v, `${g.name} — ${t(lang, 'gweb.private-game')}`, body, { scripts: [...SCRIPTS.scripts, '/static/seat-form.js'], error: !!opts.error }), opts.status ?? 200);
  }
  const { state, schedule } = await gameState(ctx, g.id);
  const tz = schedule.timeZone || ctx.config.timeZone;
  const view = g.status === 'forming' ? null : await safeView(ctx, g.id, null);
  const steps = await history(ctx, g.id, a.seat?.player ?? null, a.referee);
  const canReplace = !a.seat && !a.former && !g.isPrivate && standing === 'ok';
  const reliability = await historiesOf(ctx.db, seats.flatMap((s) => (s.userId === null ? [] : [s.userId])));
  const isHost = await viewerHosts(ctx, g.id, v);
  const entry = getRuleset(g.ruleset);
  const label = (l: string) => entry.ruleset.localizeLabel?.(l, lang) ?? l;
  const doc = g.status === 'forming' ? null : presented(state, entry, null, lang);
  const play = await playPath(ctx, g.id); // a game of prompts is played on its own page
  const body = html`${pageHead()}
    <h1>${g.name}</h1>
    <p class="meta">${statusBadge(lang, g)} · ${entry.ruleset.title[lang]} · ${mapLabel(lang, g)} · ${label(g.turnLabel)}
      ${g.status === 'running' ? html` · ${t(lang, 'gweb.col.deadline')}${t(lang, 'colon')}${timeTag(g.deadline, lang, tz)}` : ''}</p>
    ${failingNotice(g, lang)}
    ${gmLink}
    ${g.archived ? await archiveNotice(ctx.db, g.id, g.ruleset, lang) : ''}
    ${g.minReliability !== null && g.status === 'forming' ? html`<p class="muted" id="min-reliability">${t(lang, 'gweb.min-reliability', { p: g.minReliability })}</p>` : ''}
    ${a.seat ? await reportBanner(ctx, g.id, a.seat.player, lang, label) : ''}
    <p class="muted small" id="caretaker-option">${await caretakerNote(ctx, g.id, lang)}</p>
    <p class="muted small" id="ranked-option">${await rankedNote(ctx, g.id, lang)}</p>
    ${opts.error ? html`<p class="error" role="alert">${opts.error}</p>` : ''}
    ${await gmHostPart(ctx, v, g, opts.gmError ?? null)}
    ${a.seat ? html`<section class="card member">
        <p>${t(lang, 'gweb.you-play', { lord: a.seat.lordName })} <span class="muted">(${t(lang, `gweb.seat.${a.seat.status}`)})</span></p>
        <p class="actions">${g.status === 'running' && a.seat.status === 'active' ? (play ? html`<a class="button primary" href="${play}">${t(lang, 'play.link')}</a> ` : html`<a class="button primary" href="/games/${g.id}/orders">${t(lang, 'gweb.my-orders')}</a> `) : ''}
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
    ${g.status !== 'forming' && (a.seat || isHost || g.archived) ? html`<nav class="channels" aria-label="${t(lang, 'nav.game-label')}">
      <a class="button" href="/games/${g.id}/forum">${t(lang, 'gweb.ch.forum')}</a>
      <a class="button" href="/games/${g.id}/gazette">${t(lang, 'gweb.ch.gazette')}</a>
      ${a.seat ? html`<a class="button" href="/games/${g.id}/letters">${t(lang, 'gweb.ch.letters')}</a>` : ''}
      ${isHost ? html`<a class="button" href="/games/${g.id}/moderation">${t(lang, 'gweb.ch.moderation')}</a>` : ''}
    </nav>` : ''}
    ${g.status !== 'forming' && entry.ruleset.mapDoc && (!g.isPrivate || a.seat || a.former || g.archived) ? html`<p class="tools-nav"><a class="button" href="/games/${g.id}/map">${t(lang, 'map.title')}</a>${
      a.seat && a.seat.status === 'active' && g.status === 'running' ? toolsOf(entry, state, a.seat.player, lang).map((x) => html`<a class="button" href="/games/${g.id}/tools/${x.id}" title="${x.summary}">${x.title}</a>`) : ''}</p>` : ''}
    <section><h2>${t(lang, 'gweb.lords', words(lang, g.ruleset))}</h2>${seatsTable(v, a, seats, canReplace, isHost, reliability)}
      ${!a.seat && !g.isPrivate && seats.some((s) => s.status === 'open') && standing !== 'ok' ? standingNotice(lang, standing, `/games/${g.id}`) : ''}</section>
    ${doc ? html`<section><h2>${t(lang, 'gweb.board')}</h2>${renderDoc(doc)}</section>`
      : view ? html`<section><h2>${t(lang, 'gweb.board')}</h2>${renderView(view, { lang, names: namesOf(view) })}</section>` : ''}
    <section><h2>${t(lang, 'gweb.history')}</h2>
      ${g.status !== 'forming' ? html`<p><a class="button" href="/games/${g.id}/stats">${t(lang, 'stats.link')}</a></p>` : ''}
      ${steps.length ? html`<div class="table-wrap"><table class="data"><thead><tr><th>#</th><th>${t(lang, 'gweb.col.turn')}</th><th>${t(lang, 'gweb.col.resolved')}</th>${a.seat ? html`<th>${t(lang, 'gweb.col.report', words(lang, g.ruleset))}</th>` : ''}${g.archived ? html`<th>${t(lang, 'archive.turn')}</th>` : ''}</tr></thead>
        <tbody>${steps.map((s) => html`<tr><td>${s.idx}</td><td>${label(s.label)}</td><td>${timeTag(s.resolvedAt, lang, tz, 'short')}</td>${a.seat ? html`<td><a href="/games/${g.id}/reports/${s.idx}">${t(lang, 'gweb.col.report', words(lang, g.ruleset))}</a></td>` : ''}${g.archived ? html`<td><a href="/games/${g.id}/turns/${s.idx}">${t(lang, 'archive.turn')}</a></td>` : ''}</tr>`)}</tbody></table></div>`
        : html`<p class="muted">${t(lang, 'gweb.no-history')}</p>`}
    </section>
    ${await gameCalendarSection(ctx, v, a, isHost)}`;
  return sendPage(reply, page(v, g.name, body, { ...SCRIPTS, error: !!opts.error }), opts.status ?? 200);
}

// ───────────────────────────────────────────────────────────── routes

/** The list of games, the creation of a private game, the game page and the seat routes (join, take, open, leave). */
export const gamePageRoutes: RouteModule = async (app, ctx) => {
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
    // The player's choices for his seat (the ruleset's seat form), while the game is forming.
    const seatValues = a.game.status === 'forming' ? readSeatValues(b, a.game.ruleset, await formingOptions(ctx, a.game.id)) : null;
    if (a.seat) return reply.redirect(`/games/${a.game.id}`, 303);
    if (a.game.isDemo || !a.game.isPrivate) return gamePage(ctx, req, reply, { error: t(v.lang, 'gweb.join.closed'), status: 409 });
    const standing = await standingOf(ctx, v);
    if (standing !== 'ok') return gamePage(ctx, req, reply, { status: 403 });
    if (!lordName || lordName.length > 40) return gamePage(ctx, req, reply, { error: t(v.lang, 'gweb.err.lord-name'), field: 'lordName', lordName, seatValues, status: 400 });
    // Join passwords are throttled like logins (accounts/service.ts): per (game, client address)
    // and per client address; only a wrong password counts as a failure.
    const what = `join:${a.game.id}`;
    const marks = await startPasswordAttempt(ctx, what, req.ip);
    if (!marks) return gamePage(ctx, req, reply, { error: t(v.lang, 'gweb.join.throttled'), lordName, seatValues, status: 429 });
    try {
      await games.joinPrivate(ctx, a.game.id, v.user.id, lordName, str(b.password, 200), seatValues);
    } catch (e) {
      const wrong = (e as { code?: string }).code === 'wrong-password';
      if (!wrong) await passwordAttemptVoid(ctx, marks);
      if (e instanceof SeatChoiceError) return gamePage(ctx, req, reply, { error: t(v.lang, 'seat.errors'), lordName, seatValues, seatIssues: e.issues, status: 400 });
      const taken = e instanceof GamesError && e.code === 'lord-name-taken' && !!e.other;
      const error = wrong ? t(v.lang, 'gweb.join.wrong-password')
        : e instanceof GamesError && (e.code === 'reliability' || e.code === 'gm-plays') ? errorText(e, v.lang)
        : taken ? t(v.lang, 'names.confusable', { other: (e as GamesError).other! }) : t(v.lang, 'gweb.err.failed', { error: errorText(e) });
      return gamePage(ctx, req, reply, { error, field: wrong ? 'password' : taken ? 'lordName' : null, lordName, seatValues, status: 400 });
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

  // The host names, changes or removes the game's GM (gm.ts, setGm; blank login: none).
  app.post('/games/:id/set-gm', async (req, reply) => {
    const v = req.visitor;
    const a = await access(ctx, req);
    if (!a) return notFound(req, reply);
    if (!v.user) return reply.redirect(`/login?next=${encodeURIComponent(`/games/${a.game.id}`)}`, 303);
    const login = str((req.body as Record<string, unknown> | undefined)?.login, 100);
    try {
      await setGm(ctx, a.game.id, v.user.id, login);
    } catch (e) {
      const status = (e as { statusCode?: number }).statusCode ?? 400;
      if (wantsJson(req)) return reply.code(status).send({ ok: false, error: errorText(e, v.lang) });
      if (status === 403) return gamePage(ctx, req, reply, { error: errorText(e, v.lang), status });
      return gamePage(ctx, req, reply, { gmError: errorText(e, v.lang), status });
    }
    if (wantsJson(req)) return reply.send({ ok: true });
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
      return gamePage(ctx, req, reply, { error: t(v.lang, 'gweb.err.failed', { error: errorText(e, v.lang) }), status: 400 });
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
};
