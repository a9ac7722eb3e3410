/**
 * The page of a game made of prompts (issue 14), and its log: what a player answers now, the free
 * actions he may take, his standing answers and vacation, the board, the latest lines of his log;
 * for the host, pause and the absent seats. The platform knows no rule: every prompt, choice, form,
 * action, option and view comes from the ruleset (`decisions`, `answerForm`, `freeActions`,
 * `standingOptions`, `presentView`, `mapDoc`), every answer is checked by it (`prompts.ts`).
 *
 * Routes: GET /games/:id/play (`?part=prompt|actions|board`: one live part alone, refetched by
 * live.js on each game event), POST /games/:id/answer, /act, /standing, /extend, /vacation, /pause,
 * and GET /games/:id/log (`?before=<idx>`, 50 steps a page, newest first).
 *
 * Access: a private game's pages are its players' (404 for anyone else, on the POSTs too); a public
 * game shows others its public view and the list of its steps. A player's answers, reports and
 * private view are his alone. Every POST is a form with the visitor's token (or JSON with the
 * X-CSRF-Token header); a refused one re-renders the page with the reason in the player's language
 * and what he typed, or answers JSON when asked.
 */
import { stepSeenBy } from './step-audience.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formLine, GM_SEAT, HOST_SEAT, rulingNote, type AnswerForm, type Decision, type FormValues, type FreeAction, type Lang, type MapDoc, type MapTrail, type Pace, type StandingOption, type ValidationIssue } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import { html, raw, type Html } from '../http/html.ts';
import { allMessages, messages, t } from '../http/i18n.ts';
import { badNumber, queryInt } from '../http/input.ts';
import { csrfField, page } from '../http/layout.ts';
import { markdownHtml } from '../http/markdown.ts';
import { renderDoc } from '../http/viewdoc.ts';
import { sendPage, type AppCtx, type RouteModule } from '../http/server.ts';
import { mapWidget } from '../maps/widget.ts';
import { fieldInput, fieldLabel, guidedForm, postedFieldName } from './guided-form.ts';
import { issuesBlock, sheetEditorMsgs, sheetTextarea } from './sheet-editor.ts';
import {
  access, failingNotice, gameState, notFound, pageHead, presented, str, timeTag, viewerOf, visibleGame, wantsJson, words, type Access,
} from './page-kit.ts';
import { answerPrompt, extendDeadline, hostActionsOf, pauseGame, setStanding, setVacation, takeFreeAction, takeHostAction, VACATION_DAYS_PER_YEAR } from './prompts.ts';
import { GamesError } from './service.ts';

messages({
  'play.link': { fr: 'Jouer', en: 'Play' },
  'play.title': { fr: 'À la table', en: 'At the table' },
  'play.you-play': { fr: 'Vous jouez {name}.', en: 'You play {name}.' },
  'play.pace': { fr: 'Rythme : {pace}', en: 'Pace: {pace}' },
  'play.pace.live': { fr: 'en direct', en: 'live' },
  'play.pace.daily': { fr: 'quotidien', en: 'daily' },
  'play.pace.weekly': { fr: 'hebdomadaire', en: 'weekly' },
  'play.your-turn': { fr: 'À vous de jouer : {prompt}', en: 'Your turn: {prompt}' },
  'play.prompts': { fr: 'Ce qui vous est demandé', en: 'What you are asked' },
  'play.nothing': { fr: 'Rien ne vous est demandé pour l’instant.', en: 'Nothing is asked of you for now.' },
  'play.your-answer': { fr: 'Votre réponse : {answer}', en: 'Your answer: {answer}' },
  'play.auto': { fr: '(réponse permanente)', en: '(standing answer)' },
  'play.change': { fr: 'Vous pouvez la changer tant que l’étape n’est pas résolue.', en: 'You may change it until the step resolves.' },
  'play.answer': { fr: 'Répondre', en: 'Answer' },
  'play.answer-text': { fr: 'Votre réponse', en: 'Your answer' },
  'play.with-form': { fr: 'Répondre avec le formulaire', en: 'Answer with the form' },
  'play.sheet-send': { fr: 'Envoyer la feuille', en: 'Send the sheet' },
  'play.sheet-help': { fr: 'Un ordre par ligne. Le brouillon est enregistré pendant que vous tapez ; « Envoyer la feuille » donne votre réponse.', en: 'One order per line. The draft is saved as you type; “Send the sheet” gives your answer.' },
  'play.sheet-guided-help': { fr: 'Choisissez un ordre, remplissez-le puis « Ajouter » : la ligne s’ajoute à la feuille.', en: 'Pick an order, fill it in, then “Add”: the line is appended to the sheet.' },
  'play.sheet-sent': { fr: 'Feuille envoyée ({n} {n|ligne|lignes}).', en: 'Sheet sent ({n} {n|line|lines}).' },
  'play.sheet-draft': { fr: 'Brouillon enregistré, pas encore envoyé : à l’échéance, ses lignes sans erreur seront jouées.', en: 'Draft saved, not sent yet: at the deadline, its lines without error will be played.' },
  'play.sheet-kept': { fr: 'Feuille gardée mais pas envoyée : {reasons}', en: 'Sheet kept but not sent: {reasons}' },
  'play.line-added': { fr: 'Ligne ajoutée à la feuille : {line}', en: 'Line added to the sheet: {line}' },
  'play.draft-saved': { fr: 'Brouillon enregistré.', en: 'Draft saved.' },
  'play.deadline': { fr: 'Échéance : ', en: 'Deadline: ' },
  'play.no-deadline': { fr: 'pas d’échéance', en: 'no deadline' },
  'play.extend': { fr: 'Prolonger le délai (une fois)', en: 'Extend the deadline (once)' },
  'play.extended': { fr: 'Délai prolongé.', en: 'Deadline extended.' },
  'play.extend-used': { fr: 'Vous avez déjà prolongé le délai de cette étape.', en: 'You have already extended this step’s deadline.' },
  'play.waiting': { fr: 'En attente de : {names}', en: 'Waiting for: {names}' },
  'play.waiting-none': { fr: 'Plus personne n’est attendu.', en: 'Nobody is awaited any more.' },
  'play.paused': { fr: 'La partie est en pause : rien ne se résout jusqu’à ce que l’hôte la reprenne.', en: 'The game is paused: nothing resolves until the host resumes it.' },
  'play.answered': { fr: 'Réponse enregistrée.', en: 'Answer saved.' },
  'play.actions': { fr: 'Actions libres', en: 'Free actions' },
  'play.actions-help': { fr: 'À tout moment, hors de toute question : elles s’appliquent aussitôt.', en: 'At any time, outside any question: they apply at once.' },
  'play.no-actions': { fr: 'Aucune action libre possible maintenant.', en: 'No free action is possible now.' },
  'play.act': { fr: 'Valider', en: 'Go' },
  'play.acted': { fr: 'Action faite.', en: 'Action taken.' },
  'play.standing': { fr: 'Réponses permanentes', en: 'Standing answers' },
  'play.standing-help': { fr: 'Elles répondent pour vous dès qu’une question s’ouvre ; elles ne lisent rien de ce que vous ne savez pas.', en: 'They answer for you as soon as a question opens; they read nothing you do not know.' },
  'play.standing-save': { fr: 'Enregistrer mes réponses permanentes', en: 'Save my standing answers' },
  'play.standing-saved': { fr: 'Réponses permanentes enregistrées.', en: 'Standing answers saved.' },
  'play.vacation': { fr: 'Vacances', en: 'Vacation' },
  'play.vacation-on': { fr: 'Cette partie permet les vacances : vos questions vous attendent au lieu de recevoir leur réponse par défaut.', en: 'This game allows vacations: your questions wait for you instead of falling to their default.' },
  'play.vacation-off': { fr: 'L’hôte ne permet pas les vacances dans cette partie : à l’échéance, vos questions reçoivent leur réponse par défaut.', en: 'The host does not allow vacations in this game: at the deadline, your questions fall to their default.' },
  'play.vacation-until': { fr: 'En vacances jusqu’au ', en: 'On vacation until ' },
  'play.vacation-left': { fr: '{n} {n|jour|jours} de vacances {n|restant|restants} cette année (sur {max}).', en: '{n} vacation {n|day|days} left this year (of {max}).' },
  'play.vacation-days': { fr: 'Jours de vacances (0 : je suis de retour)', en: 'Vacation days (0: I am back)' },
  'play.vacation-save': { fr: 'Enregistrer', en: 'Save' },
  'play.vacation-saved': { fr: 'Vacances enregistrées.', en: 'Vacation saved.' },
  'play.board': { fr: 'Le plateau', en: 'The board' },
  'play.log': { fr: 'Journal', en: 'Log' },
  'play.log-full': { fr: 'Tout le journal', en: 'The whole log' },
  'play.log-empty': { fr: 'Aucune étape résolue pour l’instant.', en: 'No step resolved yet.' },
  'play.seats': { fr: 'Les {players}', en: 'The {players}' },
  'play.absent': { fr: 'absent ({n} {n|défaut|défauts} de suite)', en: 'absent ({n} {n|default|defaults} in a row)' },
  'play.absent-help': { fr: 'Après {n} réponses par défaut de suite, un joueur est absent : ses questions reçoivent leur réponse par défaut aussitôt.', en: 'After {n} defaults in a row a player is absent: his questions fall to their default at once.' },
  'play.host': { fr: 'Pour l’hôte', en: 'For the host' },
  'play.pause': { fr: 'Mettre la partie en pause', en: 'Pause the game' },
  'play.resume': { fr: 'Reprendre la partie', en: 'Resume the game' },
  'play.paused-done': { fr: 'Partie en pause.', en: 'Game paused.' },
  'play.resumed-done': { fr: 'Partie reprise.', en: 'Game resumed.' },
  'play.host-actions': { fr: 'La partie est en pause. Vous pouvez aussi agir sur elle :', en: 'The game is paused. You may also act on it:' },
  'play.host-confirm': { fr: 'Je confirme : c’est irréversible', en: 'I confirm: this cannot be undone' },
  'play.closed-done': { fr: 'La partie est close.', en: 'The game is closed.' },
  'play.host-done': { fr: 'Action de l’hôte faite.', en: 'Host action done.' },
  'play.err.host-confirm': { fr: 'Cochez la case de confirmation.', en: 'Tick the confirmation box.' },
  'play.err.not-paused': { fr: 'Ces actions de l’hôte ne se prennent que sur une partie en pause.', en: 'These host actions are taken on a paused game only.' },
  'play.err.no-host-actions': { fr: 'Ce jeu n’offre pas d’action de l’hôte.', en: 'This game offers no host action.' },
  'play.err.stale-step': { fr: 'La partie a avancé depuis : rechargez la page.', en: 'The game has moved on since: reload the page.' },
  'play.open-seat': { fr: 'Ouvrir à un remplaçant', en: 'Open for a replacement' },
  'play.public': { fr: 'Vous regardez la partie : seuls ses joueurs y répondent.', en: 'You are watching the game: only its players answer.' },
  'play.err.refused': { fr: 'Réponse refusée : {reasons}', en: 'Answer refused: {reasons}' },
  'play.err.action': { fr: 'Action refusée : {reasons}', en: 'Action refused: {reasons}' },
  'play.err.empty': { fr: 'Écrivez une réponse.', en: 'Write an answer.' },
  'play.err.fill': { fr: 'Remplissez chaque champ du formulaire.', en: 'Fill in every field of the form.' },
  'play.err.form': { fr: 'Ce formulaire n’est plus valable : rechargez la page.', en: 'This form no longer holds: reload the page.' },
  'play.err.paused': { fr: 'La partie est en pause.', en: 'The game is paused.' },
  'play.err.not-sheet': { fr: 'Cette question ne se répond pas par une feuille d’ordres.', en: 'This question is not answered with an order sheet.' },
  'play.err.not-asked': { fr: 'Cette question ne vous est pas (ou plus) posée.', en: 'This question is not (or no longer) asked of you.' },
  'play.err.not-host': { fr: 'Seul l’hôte de la partie peut le faire.', en: 'Only the game’s host may do this.' },
  'play.err.seat-not-active': { fr: 'Votre place n’est plus jouée.', en: 'Your seat is no longer played.' },
  'play.err.not-prompts': { fr: 'Cette partie se joue avec des feuilles d’ordres.', en: 'This game is played with order sheets.' },
  'play.err.no-actions': { fr: 'Ce jeu n’a pas d’actions libres.', en: 'This game has no free actions.' },
  'play.err.standing': { fr: 'Réponse permanente inconnue.', en: 'Unknown standing answer.' },
  'play.err.vacation-days': { fr: 'De 0 à {max} jours, dans la limite des {left} jours qui vous restent cette année.', en: 'From 0 to {max} days, within the {left} days you have left this year.' },
  'play.err.finished': { fr: 'La partie est terminée.', en: 'The game is over.' },
  'play.err.not-started': { fr: 'La partie n’a pas encore commencé.', en: 'The game has not started yet.' },
  'log.title': { fr: 'Journal de la partie', en: 'Game log' },
  'log.help-member': { fr: 'Les étapes, de la plus récente à la plus ancienne, avec vos propres lignes.', en: 'The steps, newest first, with your own lines.' },
  'log.help-public': { fr: 'Les étapes, de la plus récente à la plus ancienne ; chaque joueur y lit ses propres lignes.', en: 'The steps, newest first; each player reads his own lines there.' },
  'log.help-referee': { fr: 'Les étapes, de la plus récente à la plus ancienne, toutes, avec les lignes de chaque joueur : vous êtes le MJ de la partie.', en: 'Every step, newest first, with each player’s lines: you are the game’s GM.' },
  'log.timeout': { fr: '(délai écoulé)', en: '(timeout)' },
  'log.timed-out': { fr: 'Délai écoulé pour : {names}', en: 'Timed out: {names}' },
  'log.action': { fr: 'action libre ({name})', en: 'free action ({name})' },
  'log.host': { fr: 'l’hôte', en: 'the host' },
  'log.older': { fr: 'Étapes plus anciennes', en: 'Older steps' },
  'log.newer': { fr: 'Étapes plus récentes', en: 'Newer steps' },
  'log.step': { fr: 'Étape {n}', en: 'Step {n}' },
});

// ───────────────────────────────────────────────────────────── reading a game of prompts

/** The page of a game of prompts (`/games/:id/play`), or null for a game of order sheets. */
export async function playPath(ctx: AppCtx, gameId: number | null): Promise<string | null> {
  if (gameId === null) return null;
  const r = await ctx.db.one<{ pace: string | null }>('SELECT pace FROM games WHERE id = $1', [gameId]);
  return r?.pace ? `/games/${gameId}/play` : null;
}

interface SeatInfo { player: string; userId: number | null; name: string; status: string; missed: number; standing: Record<string, string> | null }
interface MySheet { decision: string; text: string; ready: boolean; auto: boolean; issues: ValidationIssue[]; /** the validated answer (sheets.value) */ value: unknown }

/** Everything the page shows, read once per request. */
interface Play {
  a: Access;
  lang: Lang;
  tz: string;
  pace: Pace;
  paused: boolean;
  absentAfter: number;
  vacations: boolean;
  isHost: boolean;
  deadline: Date | null;
  step: number;
  /** When the open prompts were asked (a free action that leaves them as they were keeps it). */
  askedAt: number;
  state: unknown;
  entry: ReturnType<typeof getRuleset>;
  seats: SeatInfo[];
  /** The visitor's player when he plays an active seat of the running game. */
  me: string | null;
  decisions: Decision[];
  mine: MySheet[];
  /** player/decision of the ready answers of the step in progress. */
  ready: Set<string>;
  extended: boolean;
}

const parseJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) as T : v as T);

async function loadPlay(ctx: AppCtx, req: FastifyRequest, a: Access): Promise<Play | null> {
  const g = a.game;
  const row = await ctx.db.one<{ pace: Pace | null; paused_at: Date | null; absent_after: number; vacations: boolean; host_user_id: number | null; asked_at: Date | null }>(
    'SELECT pace, paused_at, absent_after, vacations, host_user_id, asked_at FROM games WHERE id = $1', [g.id]);
  if (!row?.pace) return null;
  const lang = req.visitor.lang;
  const { state, schedule } = await gameState(ctx, g.id);
  const entry = getRuleset(g.ruleset);
  const seats = (await ctx.db.query<{ player: string; user_id: number | null; lord_name: string; status: string; missed: number; standing: unknown }>(
    'SELECT player, user_id, lord_name, status, missed, standing FROM seats WHERE game_id = $1 ORDER BY seq, player', [g.id]))
    .map((s): SeatInfo => ({ player: s.player, userId: s.user_id, name: s.lord_name, status: s.status, missed: Number(s.missed), standing: parseJson(s.standing) ?? null }));
  const me = a.seat && a.seat.status === 'active' && g.status === 'running' ? a.seat.player : null;
  let decisions: Decision[] = [];
  if (g.status === 'running' && state !== null) {
    try { decisions = entry.ruleset.decisions(state); } catch { decisions = []; }
  }
  const next = g.step + 1;
  const [mine, ready, ext] = await Promise.all([
    me ? ctx.db.query<{ decision: string; text: string; ready: boolean; auto: boolean; issues: unknown; value: unknown }>(
      'SELECT decision, text, ready, auto, issues, value::text AS value FROM sheets WHERE game_id = $1 AND player = $2 AND step = $3', [g.id, me, next]) : [],
    ctx.db.query<{ player: string; decision: string }>('SELECT player, decision FROM sheets WHERE game_id = $1 AND step = $2 AND ready', [g.id, next]),
    me ? ctx.db.one('SELECT 1 AS x FROM extensions WHERE game_id = $1 AND step = $2 AND player = $3', [g.id, next, me]) : null,
  ]);
  const u = req.visitor.user;
  return {
    a, lang, tz: schedule.timeZone || ctx.config.timeZone, pace: row.pace, paused: !!row.paused_at, absentAfter: Number(row.absent_after),
    askedAt: row.asked_at ? new Date(row.asked_at).getTime() : 0, vacations: !!row.vacations, isHost: !!u && (u.isHost || row.host_user_id === u.id), deadline: g.deadline, step: g.step, state, entry, seats, me, decisions,
    mine: mine.map((h) => ({ decision: h.decision, text: h.text, ready: h.ready, auto: h.auto, issues: parseJson<ValidationIssue[]>(h.issues) ?? [], value: typeof h.value === 'string' ? JSON.parse(h.value) as unknown : null })), // value::text: a JSON string answer ("default") read as such
    ready: new Set(ready.map((r) => `${r.player}/${r.decision}`)), extended: !!ext,
  };
}

const issueText = (i: ValidationIssue, lang: Lang): string => i.text?.[lang] ?? i.message;

/**
 * A stored answer as its player reads it back: the ruleset's words (`describeAnswer`, Warrior
 * Knights and Fief) when it gives them, else the stored text (a guided form's line, a typed answer).
 */
function answerWords(p: Play, sheet: MySheet): string {
  const rs = p.entry.ruleset;
  if (!rs.describeAnswer || !p.me || sheet.value === null) return sheet.text;
  let words: string | null = null;
  try { words = rs.describeAnswer(p.state, p.me, sheet.decision, sheet.value, p.lang); } catch { words = null; }
  return words?.trim() ? words : sheet.text;
}
/**
 * A stored answer put back in the guided form (the ruleset's `formValues`, issue 21): the entry and
 * its fields' values, from his own answer only; null without it, or when it throws or no entry writes it.
 */
function formValuesOf(p: Play, sheet: MySheet): FormValues | null {
  const rs = p.entry.ruleset;
  if (!rs.formValues || !p.me || sheet.value === null) return null;
  try { return rs.formValues(p.state, p.me, sheet.decision, sheet.value); } catch { return null; }
}
const isAbsent = (p: Play, s: SeatInfo): boolean => s.status === 'active' && s.userId !== null && s.missed >= p.absentAfter;

/** The players asked who have not answered yet (public at a table): people only, bots answer at resolution. */
function waitingFor(p: Play): SeatInfo[] {
  const asked = new Set(p.decisions.flatMap((d) => d.players.filter((pl) => !p.ready.has(`${pl}/${d.id}`))));
  return p.seats.filter((s) => asked.has(s.player) && s.userId !== null && s.status === 'active');
}

// ───────────────────────────────────────────────────────────── what the visitor typed, and errors

/** A refused request's input, kept to fill the forms again, and the reason, in the player's language. */
interface Typed {
  scope: 'answer' | 'action' | 'standing' | 'vacation' | 'host' | 'extend';
  decision?: string;
  code?: string;
  action?: string;
  answer?: string;
  fields?: Record<string, string>;
  /** A refused or kept sheet's issues, by line (a sheet decision). */
  issues?: ValidationIssue[];
  error: string;
}

/** The form fields named `f_<name>` of a body (an answer form's or a free action's), without the prefix. */
/**
 * The longest value of a form field the page passes on (a free action's text: Gruik's communiqué,
 * up to its own `campaign.communiqueMaxChars`, at most 20 000): longer is cut here, and the
 * ruleset checks its own bound on what it gets.
 */
const FIELD_MAX = 20_000;

function prefixed(b: Record<string, unknown>, prefix: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>; // a field named f___proto__ is a field
  for (const [k, v] of Object.entries(b)) if (k.startsWith(prefix) && k.length <= 100 + prefix.length) out[k.slice(prefix.length)] = str(v, FIELD_MAX);
  return out;
}

/** A refused request's reason in `lang`: the service's GamesError by code, or its own words. */
function refusal(e: unknown, lang: Lang, vars: Record<string, string | number> = {}): string {
  if (e instanceof GamesError) {
    const key = `play.err.${e.code}`;
    if (Object.hasOwn(allMessages(), key)) return t(lang, key, vars);
    return t(lang, 'gweb.err.failed', { error: e.localized?.[lang] ?? e.message });
  }
  throw e;
}

// ───────────────────────────────────────────────────────────── the parts of the page

function promptBlock(p: Play, d: Decision, v: FastifyRequest['visitor'], typed: Typed | null): Html {
  if (d.sheet) return sheetBlock(p, d, v, typed);
  const lang = p.lang;
  const g = p.a.game;
  const sheet = p.mine.find((h) => h.decision === d.id);
  const mineTyped = typed?.scope === 'answer' && typed.decision === d.id ? typed : null;
  let form: AnswerForm | null = null;
  if (p.entry.ruleset.answerForm) {
    try { form = p.entry.ruleset.answerForm(p.state, p.me!, d.id, lang); } catch { form = null; }
  }
  const answered = sheet?.ready ? sheet : null;
  // His answer back in the form (issue 21), unless he is retyping one: he changes it rather than starting blank.
  const prefill = answered && !mineTyped && form ? formValuesOf(p, answered) : null;
  const chosen = !!d.choices?.some((c) => answered?.text === c.value);
  const hidden = html`${csrfField(v)}<input type="hidden" name="decision" value="${d.id}">`;
  const choices = choiceButtons(p, d, v, answered);
  const formHtml = form && form.groups.some((x) => x.entries.length) ? html`${form.groups.flatMap((grp) => grp.entries.map((e) => html`<form method="post" action="/games/${g.id}/answer" class="answer-form" data-code="${e.code}"${prefill?.code === e.code ? raw(' data-prefilled="1"') : ''}>${hidden}<input type="hidden" name="code" value="${e.code}">
      <fieldset${mineTyped?.code === e.code ? html` aria-describedby="prompt-${d.id}-error"` : ''}><legend>${e.label}</legend><div class="fields">${e.fields.map((f, i) => {
        const id = `f-${d.id}-${e.code}-${f.name}`.replace(/[^\w-]/g, '_');
        // A refused answer of this entry: its fields are described by the refusal, the first takes the focus.
        const refused = mineTyped?.code === e.code;
        const value = refused ? mineTyped.fields?.[f.name] : prefill?.code === e.code ? prefill.values[f.name] : undefined;
        return html`<label class="field" for="${id}"><span>${fieldLabel(f, lang)}</span>${fieldInput(f, { name: `f_${f.name}`, id, value, ...(refused ? { error: `prompt-${d.id}-error`, focus: i === 0 } : {}) })}</label>`;
      })}<button type="submit" class="primary">${t(lang, 'play.answer')}</button></div></fieldset></form>`))}` : null;
  const textForm = !choices && !formHtml ? html`<form method="post" action="/games/${g.id}/answer" class="answer-form">${hidden}
      <label class="field" for="answer-${d.id}"><span>${t(lang, 'play.answer-text')}</span><input type="text" name="answer" id="answer-${d.id}" maxlength="2000" required aria-required="true" value="${mineTyped?.answer ?? answered?.text ?? ''}"${mineTyped ? raw(` aria-invalid="true" aria-describedby="prompt-${d.id}-error" autofocus`) : ''}></label>
      <button type="submit" class="primary">${t(lang, 'play.answer')}</button></form>` : '';
  const dropped = sheet && !sheet.ready && sheet.issues.length ? html`<p class="warning">${sheet.issues.map((i) => issueText(i, lang)).join(' ; ')}</p>` : '';
  return html`<article class="prompt" id="prompt-${d.id}" data-prompt-key="${p.askedAt}/${d.id}" data-prompt="${d.prompt[lang]}"${answered ? raw(' data-answered="1"') : ''}>
    <h3>${d.prompt[lang]}</h3>
    ${answered ? html`<p class="ok answered">${t(lang, 'play.your-answer', { answer: answerWords(p, answered) })}${answered.auto ? html` <span class="muted">${t(lang, 'play.auto')}</span>` : ''} <span class="muted small">${t(lang, 'play.change')}</span></p>` : ''}
    ${dropped}
    ${mineTyped ? html`<p class="error" role="alert" id="prompt-${d.id}-error">${mineTyped.error}</p>` : ''}
    ${choices}
    ${formHtml && choices ? html`<details class="answer-details"${mineTyped?.code || (prefill && !chosen) ? raw(' open') : ''}><summary>${t(lang, 'play.with-form')}</summary>${formHtml}</details>` : formHtml ?? ''}
    ${textForm}
  </article>`;
}

/** A decision's choices (`Decision.choices`), each a button that sends it as the whole answer. */
function choiceButtons(p: Play, d: Decision, v: FastifyRequest['visitor'], answered: MySheet | null): Html | '' {
  if (!d.choices?.length) return '';
  const hidden = html`${csrfField(v)}<input type="hidden" name="decision" value="${d.id}">`;
  return html`<div class="choices" role="group" aria-label="${d.prompt[p.lang]}">${d.choices.map((c) => html`<form method="post" action="/games/${p.a.game.id}/answer" class="inline">${hidden}<input type="hidden" name="answer" value="${c.value}"><button type="submit" class="choice${answered?.text === c.value ? ' chosen' : ''}"${answered?.text === c.value ? raw(' aria-pressed="true"') : ''} data-choice="${c.value}">${c.label[p.lang]}</button></form>`)}</div>`;
}

/**
 * A sheet decision (`Decision.sheet`): the order sheet editor (sheet-editor.ts, orders.js, as on the
 * order page) filled with what the player typed, else his stored answer or draft, else the ruleset's
 * blank sheet; the issues by line; the ruleset's guided form, whose entries each add a line (without
 * a script, the add button posts the sheet and the page shows it again with the line). The editor
 * is kept as it is while the live part refreshes for the same prompt (live.js, data-live-keep).
 */
function sheetBlock(p: Play, d: Decision, v: FastifyRequest['visitor'], typed: Typed | null): Html {
  const lang = p.lang;
  const g = p.a.game;
  const rs = p.entry.ruleset;
  const sheet = p.mine.find((h) => h.decision === d.id);
  const mineTyped = typed?.scope === 'answer' && typed.decision === d.id ? typed : null;
  let form: AnswerForm | null = null;
  if (rs.answerForm) {
    try { form = rs.answerForm(p.state, p.me!, d.id, lang); } catch { form = null; }
  }
  let template = '';
  if (!sheet && mineTyped?.answer === undefined && rs.orderTemplate) {
    try { template = rs.orderTemplate(p.state, p.me!, lang); } catch { template = ''; }
  }
  const text = mineTyped?.answer ?? sheet?.text ?? template;
  const issues = mineTyped?.issues ?? sheet?.issues ?? [];
  const answered = sheet?.ready ? sheet : null;
  const lines = (x: string) => x.split('\n').filter((l) => l.trim() !== '' && !l.trim().startsWith('#')).length;
  const hasForm = !!form && form.groups.some((x) => x.entries.length);
  return html`<article class="prompt sheet-prompt" id="prompt-${d.id}" data-prompt-key="${p.askedAt}/${d.id}" data-prompt="${d.prompt[lang]}"${answered ? raw(' data-answered="1"') : ''}>
    <h3>${d.prompt[lang]}</h3>
    ${answered ? html`<p class="ok answered">${t(lang, 'play.sheet-sent', { n: lines(answered.text) })}${answered.auto ? html` <span class="muted">${t(lang, 'play.auto')}</span>` : ''} <span class="muted small">${t(lang, 'play.change')}</span></p>`
      : sheet ? html`<p class="notice sheet-draft">${t(lang, 'play.sheet-draft')}</p>` : ''}
    ${mineTyped ? html`<p class="error" role="alert" id="prompt-${d.id}-error">${mineTyped.error}</p>` : ''}
    ${choiceButtons(p, d, v, answered)}
    <div id="sheet-editor" data-live-keep="${p.askedAt}/${d.id}">
    <form method="post" action="/games/${g.id}/answer" id="answer-sheet" class="sheet-answer">${csrfField(v)}<input type="hidden" name="decision" value="${d.id}">
      <div class="orders-layout" id="orders" data-step="${g.step}" data-save-url="/games/${g.id}/answer" data-save-key="answer"
        data-save-fields="${JSON.stringify({ decision: d.id, draft: '1' })}" data-msgs="${JSON.stringify(sheetEditorMsgs(lang))}">
        <section class="guided">
          <h4>${t(lang, 'gweb.orders.guided')}</h4>
          ${hasForm ? html`<p class="muted small">${t(lang, 'play.sheet-guided-help')}</p>${guidedForm(form!, lang, g.ruleset, { post: true })}` : html`<p class="muted">${t(lang, 'gweb.orders.no-form')}</p>`}
        </section>
        <section class="sheet">
          <h4>${t(lang, 'gweb.orders.sheet')}</h4>
          <p class="muted small" id="sheet-help">${t(lang, 'play.sheet-help')}</p>
          ${sheetTextarea(text, 'answer', issues.length, lang)}
          <div class="save-row"><button type="submit" class="primary" id="sheet-send">${t(lang, 'play.sheet-send')}</button>
            <span id="save-progress" class="muted"></span><span id="save-status" class="muted" role="status"></span></div>
          ${issuesBlock(issues, lang)}
        </section>
      </div>
    </form></div>
  </article>`;
}

/** The prompt part (live): my prompts, the deadline and its extension, who is awaited, the pause. */
function promptPart(p: Play, v: FastifyRequest['visitor'], typed: Typed | null): Html {
  const lang = p.lang;
  const g = p.a.game;
  if (g.status !== 'running') {
    return html`<p class="notice" id="play-over">${t(lang, g.status === 'finished' ? 'play.err.finished' : 'play.err.not-started')}</p>`;
  }
  const mineNow = p.me ? p.decisions.filter((d) => d.players.includes(p.me!)) : [];
  // no extension offered on prompts charged to another player's clock (Decision.charges; prompts.ts extendDeadline)
  const waiting = waitingFor(p);
  // Judgment items waiting for the GM (games/gm.ts): their players read what the ruleset lets them know.
  const gmWaits = p.decisions.filter((d) => d.judgment && d.players.some((pl) => !p.ready.has(`${pl}/${d.id}`)));
  const gmLines = gmWaits.filter((d) => p.me !== null && d.judgment!.concerns.includes(p.me)).map((d) => html`<p class="waiting gm-waiting">${d.judgment!.playersSee[lang]}</p>`);
  return html`${p.paused ? html`<p class="notice paused" id="paused-banner">${t(lang, 'play.paused')}</p>` : ''}
    <p class="meta deadline-row">${t(lang, 'play.deadline')}${p.deadline && !p.paused ? timeTag(p.deadline, lang, p.tz) : t(lang, 'play.no-deadline')}
      ${mineNow.some((d) => d.charges === undefined) && p.deadline && !p.paused ? (p.extended ? html` <span class="muted small" id="extend-used">${t(lang, 'play.extend-used')}</span>`
        : html` <form method="post" action="/games/${g.id}/extend" class="inline">${csrfField(v)}<button type="submit" id="extend">${t(lang, 'play.extend')}</button></form>`) : ''}</p>
    ${typed?.scope === 'extend' ? html`<p class="error" role="alert">${typed.error}</p>` : ''}
    ${p.me ? (mineNow.length ? mineNow.map((d) => promptBlock(p, d, v, typed)) : html`<p class="muted" id="nothing-asked">${t(lang, 'play.nothing')}</p>`) : ''}
    ${waiting.length || !gmWaits.length ? html`<p class="waiting" id="waiting">${waiting.length ? t(lang, 'play.waiting', { names: waiting.map((s) => (isAbsent(p, s) ? `${s.name} (${t(lang, 'play.absent', { n: s.missed })})` : s.name)).join(', ') }) : t(lang, 'play.waiting-none')}</p>` : ''}
    ${gmLines}`;
}

/** The free actions part (live): each action a small form. */
function actionsPart(p: Play, v: FastifyRequest['visitor'], typed: Typed | null): Html {
  const lang = p.lang;
  const g = p.a.game;
  if (!p.me || !p.entry.ruleset.freeActions) return html``;
  let actions: FreeAction[] = [];
  try { actions = p.entry.ruleset.freeActions(p.state, p.me, lang); } catch { actions = []; }
  const err = typed?.scope === 'action' ? typed : null;
  return html`<h2>${t(lang, 'play.actions')}</h2><p class="muted small">${t(lang, 'play.actions-help')}</p>
    ${err && !actions.some((x) => x.id === err.action) ? html`<p class="error" role="alert">${err.error}</p>` : ''}
    ${actions.length ? html`<div class="actions-list">${actions.map((x) => {
      const mineErr = err?.action === x.id ? err : null;
      const errId = `action-${x.id}-error`.replace(/[^\w-]/g, '_');
      return html`<form method="post" action="/games/${g.id}/act" class="action-form" data-action="${x.id}">${csrfField(v)}<input type="hidden" name="action" value="${x.id}">
        <fieldset><legend>${x.label}</legend>${x.help ? html`<p class="muted small">${x.help}</p>` : ''}
        ${mineErr ? html`<p class="error" role="alert" id="${errId}">${mineErr.error}</p>` : ''}
        <div class="fields">${x.fields.map((f, i) => {
          const id = `a-${x.id}-${f.name}`.replace(/[^\w-]/g, '_');
          // A refused action: its fields are described by the refusal, the first takes the focus.
          return html`<label class="field" for="${id}"><span>${fieldLabel(f, lang)}</span>${fieldInput(f, { name: `f_${f.name}`, id, value: mineErr?.fields?.[f.name], ...(mineErr ? { error: errId, focus: i === 0 } : {}) })}</label>`;
        })}<button type="submit">${x.fields.length ? t(lang, 'play.act') : x.label}</button></div></fieldset></form>`;
    })}</div>` : html`<p class="muted">${t(lang, 'play.no-actions')}</p>`}`;
}

/** The last lines of my log: my reports of the latest steps, newest first, about LOG_TAIL_LINES lines. */
const LOG_TAIL_LINES = 10;

async function logTail(ctx: AppCtx, p: Play): Promise<Html> {
  const lang = p.lang;
  const g = p.a.game;
  const player = p.a.seat?.player ?? null;
  const label = (l: string) => p.entry.ruleset.localizeLabel?.(l, lang) ?? l;
  if (!player) {
    const steps = await ctx.db.query<{ idx: number; label: string; resolved_at: Date }>(`SELECT idx, label, resolved_at FROM steps s WHERE game_id = $1 AND ${stepSeenBy('s', 'NULL', '$3')} ORDER BY idx DESC LIMIT $2`, [g.id, LOG_TAIL_LINES, p.a.referee]);
    return steps.length ? html`<ol class="log-tail" reversed>${steps.map((s) => html`<li>${label(s.label)} <span class="muted small">${timeTag(s.resolved_at, lang, p.tz, 'short')}</span></li>`)}</ol>` : html`<p class="muted">${t(lang, 'play.log-empty')}</p>`;
  }
  const rows = await ctx.db.query<{ idx: number; label: string; text_fr: string; text_en: string }>(
    `SELECT r.idx, s.label, r.text_fr, r.text_en FROM reports r JOIN steps s ON s.game_id = r.game_id AND s.idx = r.idx
     WHERE r.game_id = $1 AND r.player = $2 AND ${stepSeenBy('s', '$2')} ORDER BY r.idx DESC LIMIT $3`, [g.id, player, LOG_TAIL_LINES]);
  if (!rows.length) return html`<p class="muted">${t(lang, 'play.log-empty')}</p>`;
  let left = LOG_TAIL_LINES;
  const parts: Html[] = [];
  for (const r of rows) {
    if (left <= 0) break;
    // The report's first lines that hold text, up to what is left (its blank lines kept: they end lists and paragraphs).
    const shown: string[] = [];
    for (const l of (lang === 'en' ? r.text_en : r.text_fr).split('\n')) {
      if (left <= 0) break;
      shown.push(l);
      if (l.trim() !== '') left--;
    }
    if (shown.every((l) => l.trim() === '')) left--;
    parts.push(html`<div class="log-step"><p class="log-label"><strong>${label(r.label)}</strong></p>${markdownHtml(shown.join('\n'), { headingOffset: 2 })}</div>`);
  }
  return html`${parts}`;
}

/** The board part (live): the ruleset's view (the player's, or the public one), and the log's last lines. */
async function boardPart(ctx: AppCtx, p: Play): Promise<Html> {
  const lang = p.lang;
  const g = p.a.game;
  const doc = presented(p.state, p.entry, viewerOf(p.a, p.entry), lang);
  return html`<h2>${t(lang, 'play.board')}</h2>${doc ? renderDoc(doc) : ''}
    <h2>${t(lang, 'play.log')}</h2>${await logTail(ctx, p)}
    <p><a href="/games/${g.id}/log">${t(lang, 'play.log-full')}</a></p>`;
}

function seatsPart(p: Play, v: FastifyRequest['visitor']): Html {
  const lang = p.lang;
  const g = p.a.game;
  return html`<h2>${t(lang, 'play.seats', words(lang, g.ruleset))}</h2>
    <ul class="play-seats">${p.seats.map((s) => html`<li${s.player === p.a.seat?.player ? raw(' class="me"') : ''}>${s.name}
      ${s.userId === null && s.status !== 'open' ? html` <span class="muted">(${t(lang, 'gweb.bot')})</span>` : ''}
      ${s.status !== 'active' ? html` <span class="muted">(${t(lang, `gweb.seat.${s.status}`)})</span>` : ''}
      ${isAbsent(p, s) ? html` <span class="badge warn absent" title="${t(lang, 'play.absent-help', { n: p.absentAfter })}">${t(lang, 'play.absent', { n: s.missed })}</span>` : ''}
      ${p.isHost && g.status === 'running' && isAbsent(p, s) ? html` <form method="post" action="/games/${g.id}/open-seat" class="inline">${csrfField(v)}<input type="hidden" name="player" value="${s.player}"><button type="submit">${t(lang, 'play.open-seat')}</button></form>` : ''}</li>`)}</ul>
    <p class="muted small">${t(lang, 'play.absent-help', { n: p.absentAfter })}</p>`;
}

function standingPart(p: Play, v: FastifyRequest['visitor'], typed: Typed | null): Html {
  const lang = p.lang;
  if (!p.me || !p.entry.ruleset.standingOptions) return html``;
  let options: StandingOption[] = [];
  try { options = p.entry.ruleset.standingOptions(p.state, p.me, lang); } catch { options = []; }
  if (!options.length) return html``;
  const current = p.seats.find((s) => s.player === p.me)?.standing ?? {};
  const err = typed?.scope === 'standing' ? typed : null;
  return html`<section class="card standing" id="standing"><h2>${t(lang, 'play.standing')}</h2><p class="muted small">${t(lang, 'play.standing-help')}</p>
    ${err ? html`<p class="error" role="alert">${err.error}</p>` : ''}
    <form method="post" action="/games/${p.a.game.id}/standing" class="stack">${csrfField(v)}
      ${options.map((o) => {
        const value = err?.fields?.[o.id] ?? current[o.id] ?? o.initial ?? o.choices[0]?.value ?? '';
        return html`<label class="field" for="s-${o.id}"><span>${o.label}</span><select name="s_${o.id}" id="s-${o.id}">${o.choices.map((c) => html`<option value="${c.value}"${c.value === value ? raw(' selected') : ''}>${c.label}</option>`)}</select></label>
          ${o.help ? html`<p class="muted small">${o.help}</p>` : ''}`;
      })}
      <p><button type="submit" id="standing-save">${t(lang, 'play.standing-save')}</button></p>
    </form></section>`;
}

async function vacationPart(ctx: AppCtx, p: Play, v: FastifyRequest['visitor'], typed: Typed | null): Promise<Html> {
  const lang = p.lang;
  const u = v.user;
  if (!p.me || !u) return html``;
  const left = await vacationLeft(ctx, u.id);
  const err = typed?.scope === 'vacation' ? typed : null;
  return html`<section class="card vacation" id="vacation"><h2>${t(lang, 'play.vacation')}</h2>
    <p class="muted small">${t(lang, p.vacations ? 'play.vacation-on' : 'play.vacation-off')}</p>
    ${left.until ? html`<p class="notice">${t(lang, 'play.vacation-until')}${timeTag(left.until, lang, p.tz, 'short')}</p>` : ''}
    <p>${t(lang, 'play.vacation-left', { n: left.days, max: VACATION_DAYS_PER_YEAR })}</p>
    ${err ? html`<p class="error" role="alert" id="vacation-error">${err.error}</p>` : ''}
    <form method="post" action="/games/${p.a.game.id}/vacation" class="inline">${csrfField(v)}
      <label class="field" for="vacation-days"><span>${t(lang, 'play.vacation-days')}</span><input type="number" name="days" id="vacation-days" min="0" max="${VACATION_DAYS_PER_YEAR}" step="1" inputmode="numeric" value="${err?.answer ?? ''}" required aria-required="true"${err ? raw(' aria-invalid="true" aria-describedby="vacation-error"') : ''}></label>
      <button type="submit">${t(lang, 'play.vacation-save')}</button></form></section>`;
}

/** A user's vacation: until when (if now), and the days left this calendar year (as setVacation counts them). */
/**
 * A user's vacation: until when (if now), the days left this calendar year after the vacation
 * taken, and the most he may ask now (a new vacation replaces the current one, whose whole days
 * not yet used are given back: see setVacation).
 */
async function vacationLeft(ctx: AppCtx, userId: number): Promise<{ until: Date | null; days: number; canAsk: number }> {
  const r = await ctx.db.one<{ vacation_until: Date | null; vacation_year: number | null; vacation_days: number }>(
    'SELECT vacation_until, vacation_year, vacation_days FROM users WHERE id = $1', [userId]);
  const now = ctx.now();
  const used = r && r.vacation_year === now.getUTCFullYear() ? Number(r.vacation_days) : 0;
  const until = r?.vacation_until && new Date(r.vacation_until).getTime() > now.getTime() ? new Date(r.vacation_until) : null;
  const unused = until ? Math.floor((until.getTime() - now.getTime()) / 86_400_000) : 0;
  return { until, days: Math.max(0, VACATION_DAYS_PER_YEAR - used), canAsk: Math.max(0, VACATION_DAYS_PER_YEAR - Math.max(0, used - unused)) };
}

function hostPart(p: Play, v: FastifyRequest['visitor'], typed: Typed | null): Html {
  const lang = p.lang;
  if (!p.isHost || p.a.game.status !== 'running') return html``;
  return html`<section class="card host" id="host"><h2>${t(lang, 'play.host')}</h2>
    ${typed?.scope === 'host' ? html`<p class="error" role="alert">${typed.error}</p>` : ''}
    <form method="post" action="/games/${p.a.game.id}/pause" class="inline">${csrfField(v)}<input type="hidden" name="paused" value="${p.paused ? '0' : '1'}">
      <button type="submit" id="pause-toggle">${t(lang, p.paused ? 'play.resume' : 'play.pause')}</button></form>
    ${hostActionsPart(p, v)}</section>`;
}

/** The ruleset's host actions on a paused game (prompts.ts `hostActionsOf`), each a form with a confirmation box. */
function hostActionsPart(p: Play, v: FastifyRequest['visitor']): Html {
  const lang = p.lang;
  let actions: FreeAction[] = [];
  try { actions = hostActionsOf({ ruleset: p.a.game.ruleset, status: p.a.game.status, paused: p.paused }, p.state, lang); } catch { actions = []; }
  if (!actions.length) return html``;
  return html`<div class="host-actions"><p>${t(lang, 'play.host-actions')}</p>${actions.map((x) => html`
    <form method="post" action="/games/${p.a.game.id}/host-action" class="host-action" id="host-action-${x.id}">${csrfField(v)}
      <input type="hidden" name="action" value="${x.id}"><input type="hidden" name="step" value="${String(p.step)}">
      ${x.help ? html`<p class="small">${x.help}</p>` : ''}
      ${x.fields.map((f) => html`<p><label for="host-${x.id}-${f.name}">${fieldLabel(f, lang)}</label> ${fieldInput(f, { name: `f_${f.name}`, id: `host-${x.id}-${f.name}` })}</p>`)}
      <label class="check"><input type="checkbox" name="confirm" value="1" required> ${t(lang, 'play.host-confirm')}</label>
      <button type="submit" class="danger">${x.label}</button></form>`)}</div>`;
}

// ───────────────────────────────────────────────────────────── the page

const PARTS = ['prompt', 'actions', 'board'] as const;
type Part = (typeof PARTS)[number];

async function playPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, opts: { typed?: Typed | null; flash?: string | null; status?: number } = {}) {
  const v = req.visitor;
  const lang = v.lang;
  const a0 = await access(ctx, req);
  if (a0 && a0.game.status === 'forming' && (!a0.game.isPrivate || a0.seat)) return reply.redirect(`/games/${a0.game.id}`, 303);
  const a = await visibleGame(ctx, req);
  if (!a) return notFound(req, reply);
  const p = await loadPlay(ctx, req, a);
  if (!p) return reply.redirect(`/games/${a.game.id}/orders`, 303);
  const typed = opts.typed ?? null;
  const g = a.game;
  const q = (req.query ?? {}) as { part?: unknown };
  if (q.part !== undefined) {
    const part = PARTS.find((x) => x === q.part);
    if (!part) return notFound(req, reply);
    const body = await partHtml(ctx, p, v, part, typed);
    return reply.code(opts.status ?? 200).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body.toString());
  }
  if (wantsJson(req)) return reply.code(opts.status ?? 200).send(playJson(p, typed));
  let map: MapDoc | null = null;
  let trails: MapTrail[] = []; // the sheet's lines written so far, drawn on the map (mapTrails)
  if (p.entry.ruleset.mapDoc && p.state !== null && g.status !== 'forming') {
    // His map orders answer his open question, after what he has written of its sheet (MapAction; map.js, prompt.js):
    // only for a ruleset that gives them (`mapUnits`), so that the others' pages never ask for them at each change.
    const pending = p.me ? p.mine.find((h) => p.decisions.some((d) => d.sheet && d.id === h.decision && d.players.includes(p.me!)))?.value ?? null : null;
    try { map = p.entry.ruleset.mapDoc(p.state, viewerOf(p.a, p.entry), lang, pending); } catch (e) { req.log.error(e); map = null; }
    try { trails = p.me && p.entry.ruleset.mapTrails ? p.entry.ruleset.mapTrails(p.state, p.me, lang, pending) : []; } catch (e) { req.log.error(e); trails = []; }
  }
  const flash = opts.flash ?? null;
  const title = `${t(lang, 'play.title')} — ${g.name}`;
  const yourTurn = t(lang, 'play.your-turn', { prompt: '{prompt}' });
  // The map right under the questions its orders answer (as the orders page puts it above the sheet), not after the board and its journal.
  const body = html`${pageHead()}
    <div class="play" id="play" data-live-game="${g.id}">
    <p class="crumbs"><a href="/games/${g.id}">${g.name}</a> › ${t(lang, 'play.title')} · <a href="/games/${g.id}/log">${t(lang, 'play.log')}</a>
      · <a href="/games/${g.id}/forum">${t(lang, 'gweb.ch.forum')}</a>${a.seat ? html` · <a href="/games/${g.id}/letters">${t(lang, 'gweb.ch.letters')}</a>` : ''}</p>
    <h1>${g.name}</h1>
    <p class="meta">${p.entry.ruleset.title[lang]} · ${t(lang, 'play.pace', { pace: t(lang, `play.pace.${p.pace}`) })}${a.seat ? html` · ${t(lang, 'play.you-play', { name: a.seat.lordName })}` : ''}</p>
    ${failingNotice(g, lang)}
    ${flash ? html`<p class="flash" role="status">${flash}</p>` : ''}
    ${typed ? html`<p class="error" role="alert" id="play-error">${typed.error}</p>` : ''}
    <p class="notice your-turn" id="play-announce" role="status" aria-live="polite" data-msg="${yourTurn}" hidden></p>
    ${!p.me && g.status === 'running' ? html`<p class="muted">${t(lang, 'play.public')}</p>` : ''}
    <div class="play-grid">
      <div class="play-main">
        <section class="card prompt-area" id="prompt-area" aria-labelledby="prompts-title"><h2 id="prompts-title">${t(lang, 'play.prompts')}</h2>
          <div id="prompt-part" data-live-src="/games/${g.id}/play?part=prompt">${promptPart(p, v, typed)}</div></section>
        ${map ? html`<details class="block map-section" open><summary>${t(lang, 'map.title')}</summary>${mapWidget(map, lang, { orders: !!p.me && !!p.entry.ruleset.mapUnits, prompts: true, trails, unitsUrl: `/api/games/${g.id}/map-units`, links: { full: `/games/${g.id}/map`, png: `/games/${g.id}/map.png` } })}</details>` : ''}
        ${p.me && p.entry.ruleset.freeActions ? html`<section class="card actions" id="actions-part" data-live-src="/games/${g.id}/play?part=actions">${actionsPart(p, v, typed)}</section>` : ''}
        <section class="board" id="board-part" data-live-src="/games/${g.id}/play?part=board">${await boardPart(ctx, p)}</section>
      </div>
      <div class="play-side">
        <section class="card seats" id="seats-part">${seatsPart(p, v)}</section>
        ${standingPart(p, v, typed)}
        ${await vacationPart(ctx, p, v, typed)}
        ${hostPart(p, v, typed)}
      </div>
    </div>
    </div>`;
  // A player's page carries the sheet editor's script: a sheet prompt may come with a live refresh (orders.js binds it then).
  const scripts = ['/static/local-time.js', '/static/live.js', '/static/prompt.js', ...(p.me ? ['/static/orders.js'] : []), ...(map ? ['/static/map.js'] : [])];
  return sendPage(reply, page(v, title, body, { scripts }), opts.status ?? 200);
}

async function partHtml(ctx: AppCtx, p: Play, v: FastifyRequest['visitor'], part: Part, typed: Typed | null): Promise<Html> {
  switch (part) {
    case 'prompt': return promptPart(p, v, typed);
    case 'actions': return actionsPart(p, v, typed);
    case 'board': return boardPart(ctx, p);
  }
}

/** The page's state for scripts: my prompts, who is awaited, the deadline, the pause. */
function playJson(p: Play, typed: Typed | null) {
  const lang = p.lang;
  return {
    step: p.step, status: p.a.game.status, paused: p.paused, deadline: p.deadline, pace: p.pace,
    prompts: p.me ? p.decisions.filter((d) => d.players.includes(p.me!)).map((d) => {
      const h = p.mine.find((x) => x.decision === d.id);
      // formValues: his own answer back in the guided form, as the HTML page fills it (issue 21; null: no answer, or none writes it)
      return { id: d.id, kind: d.kind, prompt: d.prompt[lang], choices: (d.choices ?? []).map((c) => ({ value: c.value, label: c.label[lang] })), answer: h?.ready ? h.text : null, auto: !!h?.auto, formValues: h?.ready && !d.sheet ? formValuesOf(p, h) : null };
    }) : [],
    waiting: waitingFor(p).map((s) => s.name),
    ...(typed ? { error: typed.error } : {}),
  };
}

// ───────────────────────────────────────────────────────────── the POST routes

/** The visitor's active seat in a running game of prompts (null: 404, as for anyone not playing it). */
async function playingSeat(ctx: AppCtx, req: FastifyRequest): Promise<{ a: Access; player: string } | null> {
  const a = await access(ctx, req);
  if (!a || !a.seat || a.seat.status !== 'active') return null;
  return { a, player: a.seat.player };
}

type Outcome = { ok: true; flash: string; json?: Record<string, unknown> } | { ok: false; typed: Typed; status: number; issues?: ValidationIssue[] };

/** Sends a POST's outcome: JSON, a redirect to the page with a flash (303), or the page again with the error. */
async function respond(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, gameId: number, done: string, o: Outcome) {
  if (wantsJson(req)) {
    if (o.ok) return reply.send({ ok: true, ...(o.json ?? {}) });
    return reply.code(o.status).send({ ok: false, error: o.typed.error, issues: (o.issues ?? []).map((i) => ({ message: i.message, text: i.text, line: i.line })) });
  }
  if (o.ok) return reply.redirect(`/games/${gameId}/play?done=${done}`, 303);
  return playPage(ctx, req, reply, { typed: o.typed, status: o.status });
}

const DONE: Record<string, string> = {
  answer: 'play.answered', act: 'play.acted', standing: 'play.standing-saved', extend: 'play.extended', 'extend-used': 'play.extend-used',
  vacation: 'play.vacation-saved', paused: 'play.paused-done', resumed: 'play.resumed-done', closed: 'play.closed-done', host: 'play.host-done',
};

async function postAnswer(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const s = await playingSeat(ctx, req);
  if (!s) return notFound(req, reply);
  const lang = req.visitor.lang;
  const b = (req.body ?? {}) as Record<string, unknown>;
  const typed: Typed = { scope: 'answer', decision: str(b.decision, 100), code: str(b.code, 100) || undefined, answer: str(b.answer, 2000), fields: prefixed(b, 'f_'), error: '' };
  const fail = (error: string, status = 400, issues?: ValidationIssue[]) => respond(ctx, req, reply, s.a.game.id, 'answer', { ok: false, typed: { ...typed, error }, status, issues });
  if (await isSheetDecision(ctx, s.a.game.id, s.a.game.ruleset, typed.decision!)) return postSheet(ctx, req, reply, s, b);
  let answer = typed.answer!.trim();
  if (typed.code) {
    const { state } = await gameState(ctx, s.a.game.id);
    let form: AnswerForm | null = null;
    try { form = state === null ? null : getRuleset(s.a.game.ruleset).ruleset.answerForm?.(state, s.player, typed.decision!, lang) ?? null; } catch { form = null; }
    const entry = form?.groups.flatMap((g) => g.entries).find((e) => e.code === typed.code);
    if (!entry) return fail(t(lang, 'play.err.form'), 409);
    const line = formLine(entry, typed.fields!);
    if (line === null) return fail(t(lang, 'play.err.fill'));
    answer = line;
  }
  if (!answer) return fail(t(lang, 'play.err.empty'));
  let r;
  try { r = await answerPrompt(ctx, s.a.game.id, s.player, typed.decision!, answer); } catch (e) { return fail(refusal(e, lang), (e as GamesError).statusCode); }
  if (!r.ok) return fail(t(lang, 'play.err.refused', { reasons: r.issues.map((i) => issueText(i, lang)).join(' ; ') }), 400, r.issues);
  return respond(ctx, req, reply, s.a.game.id, 'answer', { ok: true, flash: 'answer', json: { issues: r.issues } });
}

/** The longest sheet the editor posts, in characters (a text order sheet of many lines). */
const SHEET_MAX_CHARS = 50_000;

/** Whether the open decision `id` is a sheet (`Decision.sheet`). */
async function isSheetDecision(ctx: AppCtx, gameId: number, ruleset: string, id: string): Promise<boolean> {
  const { state } = await gameState(ctx, gameId);
  if (state === null) return false;
  try { return !!getRuleset(ruleset).ruleset.decisions(state).find((d) => d.id === id)?.sheet; } catch { return false; }
}

/**
 * A sheet decision's POST (sheetBlock): `add=<group>:<entry>` appends that guided form entry's line
 * to the sheet and keeps it as a draft (the page without a script); `draft=1` keeps the sheet as
 * typed (orders.js's autosave, JSON); otherwise the sheet is the answer. A sheet with a line in
 * error is kept, not sent (prompts.ts answerPrompt): the page shows it again as typed with each
 * issue by its line number, in the player's language.
 */
async function postSheet(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, s: { a: Access; player: string }, b: Record<string, unknown>) {
  const lang = req.visitor.lang;
  const gameId = s.a.game.id;
  const decision = str(b.decision, 100);
  let text = str(b.answer, SHEET_MAX_CHARS).replace(/\r\n?/g, '\n');
  const typed = (): Typed => ({ scope: 'answer', decision, answer: text, error: '' });
  const fail = (error: string, status = 400, issues?: ValidationIssue[]) => respond(ctx, req, reply, gameId, 'answer', { ok: false, typed: { ...typed(), error, issues }, status, issues });
  const add = str(b.add, 20);
  let added: string | null = null;
  if (add) {
    const m = /^(\d{1,4}):(\d{1,4})$/.exec(add);
    const { state } = await gameState(ctx, gameId);
    let form: AnswerForm | null = null;
    try { form = state === null ? null : getRuleset(s.a.game.ruleset).ruleset.answerForm?.(state, s.player, decision, lang) ?? null; } catch { form = null; }
    const gi = m ? Number(m[1]) : -1, ei = m ? Number(m[2]) : -1;
    const entry = form?.groups[gi]?.entries[ei];
    if (!entry) return fail(t(lang, 'play.err.form'), 409);
    const values: Record<string, string> = {};
    for (const f of entry.fields) values[f.name] = str(b[postedFieldName(gi, ei, f.name)], 1000);
    added = formLine(entry, values);
    if (added === null) return fail(t(lang, 'play.err.fill'));
    text = text.replace(/\s+$/, '');
    text = `${text}${text ? '\n' : ''}${added}\n`;
  }
  const draft = added !== null || b.draft === '1' || b.draft === true;
  if (!draft && !text.trim()) return fail(t(lang, 'play.err.empty'));
  let r;
  try { r = await answerPrompt(ctx, gameId, s.player, decision, text, undefined, { draft }); } catch (e) { return fail(refusal(e, lang), (e as GamesError).statusCode); }
  const reasons = () => r.issues.map((i) => (i.line ? `${t(lang, 'gweb.orders.line', { n: i.line })}${t(lang, 'colon')}` : '') + issueText(i, lang)).join(' ; ');
  if (draft) {
    if (wantsJson(req)) return reply.send({ ok: true, kept: true, ready: false, issues: r.issues, step: r.step });
    return playPage(ctx, req, reply, { flash: added !== null ? t(lang, 'play.line-added', { line: added }) : t(lang, 'play.draft-saved') });
  }
  if (r.kept) return fail(t(lang, 'play.sheet-kept', { reasons: reasons() }), 400, r.issues);
  if (!r.ok) return fail(t(lang, 'play.err.refused', { reasons: reasons() }), 400, r.issues);
  return respond(ctx, req, reply, gameId, 'answer', { ok: true, flash: 'answer', json: { issues: r.issues } });
}

async function postAction(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const s = await playingSeat(ctx, req);
  if (!s) return notFound(req, reply);
  const lang = req.visitor.lang;
  const b = (req.body ?? {}) as Record<string, unknown>;
  const typed: Typed = { scope: 'action', action: str(b.action, 100), fields: prefixed(b, 'f_'), error: '' };
  const fail = (error: string, status = 400, issues?: ValidationIssue[]) => respond(ctx, req, reply, s.a.game.id, 'act', { ok: false, typed: { ...typed, error }, status, issues });
  let r;
  try { r = await takeFreeAction(ctx, s.a.game.id, s.player, { id: typed.action!, values: typed.fields! }); } catch (e) { return fail(refusal(e, lang), (e as GamesError).statusCode); }
  if (!r.ok) return fail(t(lang, 'play.err.action', { reasons: r.issues.map((i) => issueText(i, lang)).join(' ; ') }), 400, r.issues);
  return respond(ctx, req, reply, s.a.game.id, 'act', { ok: true, flash: 'act', json: { step: r.step } });
}

async function postStanding(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const s = await playingSeat(ctx, req);
  if (!s) return notFound(req, reply);
  const lang = req.visitor.lang;
  const b = (req.body ?? {}) as Record<string, unknown>;
  const choices = prefixed(b, 's_');
  try { await setStanding(ctx, s.a.game.id, s.player, choices, lang); } catch (e) {
    return respond(ctx, req, reply, s.a.game.id, 'standing', { ok: false, typed: { scope: 'standing', fields: choices, error: refusal(e, lang) }, status: (e as GamesError).statusCode });
  }
  return respond(ctx, req, reply, s.a.game.id, 'standing', { ok: true, flash: 'standing', json: { standing: choices } });
}

async function postExtend(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const s = await playingSeat(ctx, req);
  if (!s) return notFound(req, reply);
  const lang = req.visitor.lang;
  let r;
  try { r = await extendDeadline(ctx, s.a.game.id, s.player); } catch (e) {
    return respond(ctx, req, reply, s.a.game.id, 'extend', { ok: false, typed: { scope: 'extend', error: refusal(e, lang) }, status: (e as GamesError).statusCode });
  }
  const done = r.extended ? 'extend' : 'extend-used';
  return respond(ctx, req, reply, s.a.game.id, done, { ok: true, flash: done, json: { extended: r.extended, deadline: r.deadline } });
}

async function postVacation(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const s = await playingSeat(ctx, req);
  const u = req.visitor.user;
  if (!s || !u) return notFound(req, reply);
  const lang = req.visitor.lang;
  const given = str(((req.body ?? {}) as Record<string, unknown>).days, 10).trim();
  const days = /^\d{1,3}$/.test(given) ? Number(given) : NaN;
  const fail = async (e: unknown) => {
    const left = await vacationLeft(ctx, u.id);
    const error = e instanceof GamesError && e.code !== 'vacation-days' ? refusal(e, lang) : t(lang, 'play.err.vacation-days', { max: VACATION_DAYS_PER_YEAR, left: left.canAsk });
    return respond(ctx, req, reply, s.a.game.id, 'vacation', { ok: false, typed: { scope: 'vacation', answer: given, error }, status: e instanceof GamesError ? e.statusCode : 400 });
  };
  if (!Number.isInteger(days)) return fail(null);
  let r;
  try { r = await setVacation(ctx, u.id, days); } catch (e) { if (e instanceof GamesError) return fail(e); throw e; }
  return respond(ctx, req, reply, s.a.game.id, 'vacation', { ok: true, flash: 'vacation', json: { until: r.until, daysLeft: r.daysLeft } });
}

/**
 * The game and the signed-in user of a host's request (pause, host action), or null once the
 * answer is sent: a private game unknown to the visitor reads as missing; a visitor not signed in
 * is sent to log in (403 in JSON). Whether he is the host is the service's check.
 */
async function hostRequest(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const a = await access(ctx, req);
  const u = req.visitor.user;
  if (!a || (a.game.isPrivate && !a.seat && !a.former && !u?.isHost)) { notFound(req, reply); return null; }
  if (!u) {
    if (wantsJson(req)) void reply.code(403).send({ ok: false, error: t(req.visitor.lang, 'play.err.not-host') });
    else void reply.redirect(`/login?next=${encodeURIComponent(`/games/${a.game.id}/play`)}`, 303);
    return null;
  }
  return { a, u };
}

async function postPause(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const h = await hostRequest(ctx, req, reply);
  if (!h) return reply;
  const { a, u } = h;
  const lang = req.visitor.lang;
  const b = (req.body ?? {}) as Record<string, unknown>;
  const paused = b.paused === '1' || b.paused === true || b.paused === 'true' || b.paused === 'on';
  try { await pauseGame(ctx, a.game.id, u.id, paused); } catch (e) {
    return respond(ctx, req, reply, a.game.id, 'pause', { ok: false, typed: { scope: 'host', error: refusal(e, lang) }, status: (e as GamesError).statusCode });
  }
  const done = paused ? 'paused' : 'resumed';
  return respond(ctx, req, reply, a.game.id, done, { ok: true, flash: done, json: { paused } });
}

/** The host's action on a paused game (Warrior Knights: close it with the current ranking): host only, confirmed. */
async function postHostAction(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const h = await hostRequest(ctx, req, reply);
  if (!h) return reply;
  const { a, u } = h;
  const lang = req.visitor.lang;
  const b = (req.body ?? {}) as Record<string, unknown>;
  const fail = (error: string, status: number, issues?: ValidationIssue[]) => respond(ctx, req, reply, a.game.id, 'host', { ok: false, typed: { scope: 'host', error }, status, issues });
  if (b.confirm !== '1' && b.confirm !== 'on' && b.confirm !== true) return fail(t(lang, 'play.err.host-confirm'), 400);
  const step = typeof b.step === 'string' && /^\d{1,9}$/.test(b.step) ? Number(b.step) : typeof b.step === 'number' ? b.step : undefined;
  let r;
  try { r = await takeHostAction(ctx, a.game.id, u.id, { id: str(b.action, 100), values: prefixed(b, 'f_') }, step); } catch (e) { return fail(refusal(e, lang), (e as GamesError).statusCode); }
  if (!r.ok) return fail(t(lang, 'play.err.action', { reasons: r.issues.map((i) => issueText(i, lang)).join(' ; ') }), 400, r.issues);
  const done = r.finished ? 'closed' : 'host';
  return respond(ctx, req, reply, a.game.id, done, { ok: true, flash: done, json: { finished: !!r.finished, step: r.step } });
}

// ───────────────────────────────────────────────────────────── the log

/** Steps per page of the log. */
const LOG_PAGE = 50;

async function logPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const lang = v.lang;
  const a = await visibleGame(ctx, req);
  if (!a) return notFound(req, reply);
  const before = queryInt(req.query, 'before', 1);
  if (before === null) return badNumber(reply, v, 'before', 1, 2 ** 31 - 1);
  const g = a.game;
  const { schedule } = await gameState(ctx, g.id);
  const tz = schedule.timeZone || ctx.config.timeZone;
  const entry = getRuleset(g.ruleset);
  const label = (l: string) => entry.ruleset.localizeLabel?.(l, lang) ?? l;
  const player = a.seat?.player ?? null;
  const rows = await ctx.db.query<{ idx: number; label: string; resolved_at: Date; defaulted: unknown; action: unknown }>(
    // A free action with an audience (Gruik's tabletop arrangements) is shown to its audience alone (step-audience.ts).
    `SELECT idx, label, resolved_at, defaulted, action FROM steps s WHERE game_id = $1 AND ($2::int IS NULL OR idx < $2::int) AND ${stepSeenBy('s', '$4', '$5')} ORDER BY idx DESC LIMIT $3`,
    [g.id, before ?? null, LOG_PAGE + 1, player, a.referee]);
  const steps = rows.slice(0, LOG_PAGE).map((r) => ({
    idx: Number(r.idx), label: r.label, at: r.resolved_at,
    defaulted: parseJson<{ decision: string; player: string }[] | null>(r.defaulted) ?? [], action: parseJson<{ player: string } | null>(r.action),
  }));
  const reports = player && steps.length
    ? new Map((await ctx.db.query<{ idx: number; text_fr: string; text_en: string }>(
      'SELECT idx, text_fr, text_en FROM reports WHERE game_id = $1 AND player = $2 AND idx >= $3 AND idx <= $4', [g.id, player, steps.at(-1)!.idx, steps[0]!.idx])).map((r) => [Number(r.idx), lang === 'en' ? r.text_en : r.text_fr]))
    : new Map<number, string>();
  const seats = await ctx.db.query<{ player: string; lord_name: string }>('SELECT player, lord_name FROM seats WHERE game_id = $1', [g.id]);
  const name = (p: string) => seats.find((s) => s.player === p)?.lord_name ?? p;
  // The game's GM, who holds no seat, reads every player's lines (games/step-audience.ts: the referee's view).
  const everyone = new Map<number, { player: string; text: string }[]>();
  if (!player && a.referee && steps.length) {
    for (const r of await ctx.db.query<{ idx: number; player: string; text_fr: string; text_en: string }>(
      'SELECT idx, player, text_fr, text_en FROM reports WHERE game_id = $1 AND idx >= $2 AND idx <= $3 ORDER BY idx, player', [g.id, steps.at(-1)!.idx, steps[0]!.idx])) {
      const list = everyone.get(Number(r.idx)) ?? [];
      list.push({ player: r.player, text: lang === 'en' ? r.text_en : r.text_fr });
      everyone.set(Number(r.idx), list);
    }
  }
  const older = rows.length > LOG_PAGE ? steps.at(-1)!.idx : null;
  const newest = before === undefined ? null : (await ctx.db.one<{ n: number | null }>('SELECT max(idx) AS n FROM steps WHERE game_id = $1', [g.id]))?.n ?? null;
  const newer = before !== undefined && newest !== null && before <= Number(newest) ? before + LOG_PAGE : null;
  const title = `${t(lang, 'log.title')} — ${g.name}`;
  const pager = older !== null || newer !== null ? html`<p class="pager">${newer !== null ? html`<a href="/games/${g.id}/log${newer > Number(newest) ? '' : `?before=${newer}`}" rel="prev">« ${t(lang, 'log.newer')}</a> ` : ''}${older !== null ? html`<a href="/games/${g.id}/log?before=${older}" rel="next">${t(lang, 'log.older')} »</a>` : ''}</p>` : '';
  const body = html`${pageHead()}<p class="crumbs"><a href="/games/${g.id}">${g.name}</a>${(await playPath(ctx, g.id)) ? html` › <a href="/games/${g.id}/play">${t(lang, 'play.title')}</a>` : ''} › ${t(lang, 'log.title')}</p>
    <h1>${title}</h1>
    <p class="muted">${t(lang, player ? 'log.help-member' : a.referee ? 'log.help-referee' : 'log.help-public')}</p>
    ${pager}
    ${steps.length ? html`<ol class="game-log" reversed>${steps.map((s) => {
      const mineDefaulted = player !== null && s.defaulted.some((d) => d.player === player);
      // The GM seat's defaults are judgment items the GM left to their default (games/gm.ts): said in the rules' words, not as a player's timeout.
      const timedOut = [...new Set(s.defaulted.map((d) => d.player))].filter((pl) => pl !== GM_SEAT);
      const gmDefaulted = s.defaulted.some((d) => d.player === GM_SEAT);
      const report = reports.get(s.idx);
      return html`<li class="log-entry" id="step-${s.idx}" value="${s.idx}">
        <p class="log-head"><strong>${label(s.label) || t(lang, 'log.step', { n: s.idx })}</strong>
          ${s.action ? html` <span class="badge action">${t(lang, 'log.action', { name: s.action.player === HOST_SEAT ? t(lang, 'log.host') : name(s.action.player) })}</span>` : ''}
          ${mineDefaulted ? html` <span class="badge warn timeout">${t(lang, 'log.timeout')}</span>` : ''}
          <span class="muted small">${timeTag(s.at, lang, tz, 'short')}</span></p>
        ${timedOut.length ? html`<p class="small timed-out">${t(lang, 'log.timed-out', { names: timedOut.map(name).join(', ') })}</p>` : ''}
        ${gmDefaulted ? html`<p class="small gm-default">${rulingNote('default', lang)}</p>` : ''}
        ${report ? html`<div class="report log-report">${markdownHtml(report, { headingOffset: 2 })}</div>` : ''}
        ${(everyone.get(s.idx) ?? []).map((r) => html`<div class="report log-report" data-player="${r.player}"><p class="small"><strong>${name(r.player)}</strong></p>${markdownHtml(r.text, { headingOffset: 2 })}</div>`)}
      </li>`;
    })}</ol>` : html`<p class="muted">${t(lang, 'play.log-empty')}</p>`}
    ${pager}`;
  return sendPage(reply, page(v, title, body, { scripts: ['/static/local-time.js'] }));
}

// ───────────────────────────────────────────────────────────── routes

/** The page of a game of prompts, its POST routes and the game's log. */
export const promptPageRoutes: RouteModule = async (app, ctx) => {
  app.get('/games/:id/play', (req, reply) => {
    const done = (req.query as { done?: unknown } | undefined)?.done;
    const key = typeof done === 'string' && Object.hasOwn(DONE, done) ? DONE[done] : undefined;
    return playPage(ctx, req, reply, { flash: key ? t(req.visitor.lang, key) : null });
  });
  app.post('/games/:id/answer', (req, reply) => postAnswer(ctx, req, reply));
  app.post('/games/:id/act', (req, reply) => postAction(ctx, req, reply));
  app.post('/games/:id/standing', (req, reply) => postStanding(ctx, req, reply));
  app.post('/games/:id/extend', (req, reply) => postExtend(ctx, req, reply));
  app.post('/games/:id/vacation', (req, reply) => postVacation(ctx, req, reply));
  app.post('/games/:id/pause', (req, reply) => postPause(ctx, req, reply));
  app.post('/games/:id/host-action', (req, reply) => postHostAction(ctx, req, reply));
  app.get('/games/:id/log', (req, reply) => logPage(ctx, req, reply));
};
