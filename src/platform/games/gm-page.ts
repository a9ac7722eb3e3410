/**
 * The GM's queue page (issue 16, Game of Gruik §11.3): GET /games/:id/gm shows the judgment items
 * waiting for the game's GM, oldest first with their age and deadline (the queue's health: the
 * oldest pending age), each with what is decided, the rule's row, what the item carries for him,
 * the program default, the alternatives (or a free-form field) and a ruling form with a reason;
 * then the history of rulings (ruled by the GM, default applied, game without GM). POST
 * /games/:id/gm/rule takes a ruling (form with the visitor's token, or JSON with X-CSRF-Token).
 *
 * Only the game's GM sees the page and rules (403 for a signed-in visitor who is not, 404 when
 * the game does not exist or the visitor is not signed in). A refused ruling re-renders the page
 * with the ruleset's reason in the GM's language and what he typed. POST /games/:id/gm/extend
 * extends an item's deadline once (gm.ts, extendItem); POST /games/:id/gm/extend-step extends the
 * players' deadline of the step in progress by a number of hours (gm.ts, extendStep: bounded per
 * extension and per step, audited in the log below). The GM's reason is his own:
 * shown here, never in a report.
 *
 * The console (engine "game masters: the console"): the ruleset's GM actions open now, each a
 * form (edit an entity, override a roll…), posted to POST /games/:id/gm/act (gm.ts, takeGmAction:
 * applied at once as a step of the game); below them, the audit of the actions taken (who, when,
 * what). A refused action re-renders the page with the ruleset's reason and what he typed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FreeAction, Lang, ValidationIssue } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import { html, raw, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { csrfField, page } from '../http/layout.ts';
import { sendPage, type AppCtx, type RouteModule } from '../http/server.ts';
import { kindLabel } from './gm-items.ts';
import { extendItem, extendStep, GM_CHANGE, GM_EXTEND_STEP, GM_FIELD_MAX, GM_STEP_EXTENSION_HOURS, GM_STEP_EXTENSION_TOTAL_HOURS, gmQueue, REASON_MAX, ruleOnItem, RULING_MAX, takeGmAction, type GmActionRow, type GmItem, type GmQueue } from './gm.ts';
import { fieldInput, fieldLabel } from './guided-form.ts';
import { notFound, pageHead, parseId, str, timeTag, wantsJson } from './page-kit.ts';
import { GamesError } from './service.ts';

messages({
  'gm.title': { fr: 'File du MJ', en: 'GM queue' },
  'gm.help': {
    fr: 'Les questions que les règles laissent à l’arbitre. Chacune a une décision par défaut, appliquée à l’échéance si vous ne statuez pas. Les joueurs voient seulement si la décision vient du MJ ou du défaut, jamais votre motif.',
    en: 'The questions the rules leave to the referee. Each has a default ruling, applied at its deadline unless you rule. Players see only whether a ruling came from the GM or the default, never your reason.',
  },
  'gm.open': { fr: 'En attente', en: 'Waiting' },
  'gm.none': { fr: 'Aucune question n’attend votre décision.', en: 'No item waits for your ruling.' },
  'gm.oldest': { fr: 'La plus ancienne attend depuis {age}.', en: 'The oldest has waited {age}.' },
  'gm.row': { fr: 'Règle', en: 'Rule' },
  'gm.kind': { fr: 'Type', en: 'Kind' },
  'gm.step': { fr: 'Étape', en: 'Step' },
  'gm.opened': { fr: 'Ouverte', en: 'Opened' },
  'gm.deadline': { fr: 'Échéance (sinon, le défaut)', en: 'Deadline (then the default)' },
  'gm.default': { fr: 'Par défaut', en: 'Default' },
  'gm.ruled': { fr: 'Votre décision : {ruling}. Vous pouvez la changer jusqu’à la résolution de l’étape.', en: 'Your ruling: {ruling}. You may change it until the step resolves.' },
  'gm.ruling': { fr: 'Décision', en: 'Ruling' },
  'gm.reason': { fr: 'Motif (pour vous seul, au plus {n} caractères)', en: 'Reason (for you only, at most {n} characters)' },
  'gm.rule': { fr: 'Statuer', en: 'Rule' },
  'gm.done': { fr: 'Décision enregistrée.', en: 'Ruling saved.' },
  'gm.history': { fr: 'Historique', en: 'History' },
  'gm.history-none': { fr: 'Aucune décision encore.', en: 'No ruling yet.' },
  'gm.outcome': { fr: 'Issue', en: 'Outcome' },
  'gm.item': { fr: 'Question', en: 'Item' },
  'gm.by-gm': { fr: 'décision du MJ : {ruling}', en: 'GM ruling: {ruling}' },
  'gm.by-default': { fr: 'défaut appliqué, pas de décision du MJ : {ruling}', en: 'default applied, no GM ruling: {ruling}' },
  'gm.by-no-gm': { fr: 'défaut appliqué (partie sans MJ) : {ruling}', en: 'default applied (game without a GM): {ruling}' },
  'gm.withdrawn': { fr: 'question retirée', en: 'item withdrawn' },
  'gm.paused': { fr: 'La partie est en pause.', en: 'The game is paused.' },
  'gm.err.not-gm': { fr: 'Seul le MJ de la partie peut voir cette file et statuer.', en: 'Only the game’s GM may see this queue and rule.' },
  'gm.err.gm-not-open': { fr: 'Cette question n’est plus ouverte (l’étape a été résolue).', en: 'This item is no longer open (the step has resolved).' },
  'gm.err.refused': { fr: 'Décision refusée : {reasons}', en: 'Ruling refused: {reasons}' },
  'gm.err.failed': { fr: 'Impossible : {error}', en: 'Not possible: {error}' },
  'gm.err.stale-step': { fr: 'Cette décision visait une étape passée.', en: 'This ruling was meant for a step that has passed.' },
  'gm.err.finished': { fr: 'La partie est terminée.', en: 'The game is over.' },
  'gm.err.not-started': { fr: 'La partie n’a pas encore commencé.', en: 'The game has not started yet.' },
  'gm.link': { fr: 'File du MJ', en: 'GM queue' },
  'gm.extend': { fr: 'Prolonger l’échéance (une fois)', en: 'Extend the deadline (once)' },
  'gm.extended': { fr: 'Échéance prolongée.', en: 'Deadline extended.' },
  'gm.extended-once': { fr: 'Échéance déjà prolongée une fois.', en: 'Deadline already extended once.' },
  'gm.actions': { fr: 'Actions du MJ', en: 'GM actions' },
  'gm.actions-help': {
    fr: 'Chaque action s’applique aussitôt, comme une étape de la partie : elle entre dans son historique (une reprise la rejoue) et reste dans le journal ci-dessous. Les joueurs en lisent le résultat dans leur rapport (« décision du MJ ») quand les règles le disent.',
    en: 'Each action applies at once, as a step of the game: it enters the game’s history (a replay plays it again) and stays in the log below. Players read its outcome in their report ("GM ruling") where the rules say so.',
  },
  'gm.actions-toc': { fr: 'Aller à l’action :', en: 'Go to the action:' },
  'gm.actions-none': { fr: 'Aucune action du MJ n’est ouverte maintenant.', en: 'No GM action is open now.' },
  'gm.act': { fr: 'Appliquer', en: 'Apply' },
  'gm.acted': { fr: 'Action appliquée.', en: 'Action applied.' },
  'gm.audit': { fr: 'Journal des actions du MJ', en: 'Log of the GM’s actions' },
  'gm.audit-none': { fr: 'Aucune action encore.', en: 'No action yet.' },
  'gm.audit-who': { fr: 'Par', en: 'By' },
  'gm.audit-when': { fr: 'Quand', en: 'When' },
  'gm.audit-what': { fr: 'Action', en: 'Action' },
  'gm.audit-values': { fr: 'Valeurs', en: 'Values' },
  'gm.err.act-refused': { fr: 'Action refusée : {reasons}', en: 'Action refused: {reasons}' },
  'gm.err.paused': { fr: 'La partie est en pause : les actions du MJ attendent sa reprise.', en: 'The game is paused: the GM’s actions wait until it resumes.' },
  'gm.err.no-gm-actions': { fr: 'Cette partie n’a pas d’actions du MJ.', en: 'This game has no GM actions.' },
  'gm.step-title': { fr: 'Échéance des joueurs', en: 'The players’ deadline' },
  'gm.step-deadline': { fr: 'L’étape en cours se résout au plus tard le :', en: 'The step in progress resolves at the latest on:' },
  'gm.step-help': {
    fr: 'Vous pouvez prolonger l’échéance de l’étape en cours pour tous les joueurs (ordres de la saison, fenêtre de réaction, question en attente) : de {min} à {max} heures à la fois, plusieurs fois, {total} heures au plus en tout pour une même étape (la prolongation est elle-même une échéance). Les joueurs voient la nouvelle échéance sur leur page.',
    en: 'You may extend the deadline of the step in progress for every player (the season’s orders, a reaction window, a waiting question): {min} to {max} hours at a time, several times, {total} hours at most in all for one step (the extension is itself a deadline). The players see the new deadline on their page.',
  },
  'gm.step-left': { fr: 'Prolongations de cette étape : {used} h ; il reste {left} h.', en: 'Extensions of this step: {used} h; {left} h left.' },
  'gm.step-hours': { fr: 'Heures de plus', en: 'Hours more' },
  'gm.step-extend': { fr: 'Prolonger l’échéance des joueurs', en: 'Extend the players’ deadline' },
  'gm.step-extended': { fr: 'Échéance des joueurs prolongée.', en: 'The players’ deadline is extended.' },
  'gm.step-spent': { fr: 'Les prolongations de cette étape ont atteint leur total ({total} h).', en: 'This step’s extensions have reached their total ({total} h).' },
  'gm.step-none': { fr: 'L’étape en cours n’a pas d’échéance à prolonger.', en: 'The step in progress has no deadline to extend.' },
  'gm.audit-extend': { fr: 'Échéance des joueurs prolongée', en: 'Players’ deadline extended' },
  'gm.audit-change': { fr: 'Changement de MJ (par l’hôte)', en: 'Change of GM (by the host)' },
  'gm.audit-none-login': { fr: 'aucun', en: 'none' },
  'gm.err.gm-extended': { fr: 'L’échéance de cette question a déjà été prolongée une fois.', en: 'This item’s deadline was already extended once.' },
});

/** What the GM typed, kept on a refused ruling (or, `action` set, a refused GM action and its fields). */
interface Typed { decision: string; ruling: string; reason: string; error: string; action?: string; fields?: Record<string, string>; /** 'extend-step': a refused extension of the step (`ruling`: the hours typed). */ scope?: 'extend-step' }

function age(from: Date, now: Date, lang: Lang): string {
  const min = Math.max(0, Math.round((now.getTime() - new Date(from).getTime()) / 60_000));
  if (min < 60) return lang === 'fr' ? `${min} min` : `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return lang === 'fr' ? `${h} h` : `${h} h`;
  const d = Math.floor(h / 24);
  return lang === 'fr' ? `${d} j` : `${d} days`;
}

function refusal(e: unknown, lang: Lang): { text: string; status: number } {
  if (e instanceof GamesError) {
    const key = `gm.err.${e.code}`;
    const known = ['not-gm', 'gm-not-open', 'gm-extended', 'stale-step', 'finished', 'not-started', 'no-gm-actions', 'paused'].includes(e.code);
    // The step's extension says its own reason in both languages (gm.ts, extendStep).
    if (['extend-hours', 'extend-total', 'no-deadline'].includes(e.code) && e.localized) return { text: e.localized[lang], status: e.statusCode };
    return { text: known ? t(lang, key) : t(lang, 'gm.err.failed', { error: e.localized?.[lang] ?? e.message }), status: e.statusCode };
  }
  throw e;
}

const issueText = (i: ValidationIssue, lang: Lang): string => i.text?.[lang] ?? i.message;

function itemForm(gameId: number, step: number, it: GmItem, lang: Lang, csrf: Html, typed: Typed | null, tz: string, now: Date): Html {
  const j = it.item;
  const mine = typed && typed.decision === it.decision ? typed : null;
  const current = mine ? mine.ruling : it.ruling ?? j.byDefault;
  const id = `gm-${it.decision.replace(/[^\w-]/g, '-')}`;
  const field = j.choices
    ? html`<fieldset><legend>${t(lang, 'gm.ruling')}</legend>${j.choices.map((c, n) => html`<label class="choice"><input type="radio" name="ruling" value="${c.value}" id="${id}-c${n}"${c.value === current ? ' checked' : ''}> ${c.label[lang]}${c.value === j.byDefault ? html` <span class="muted small">(${t(lang, 'gm.default').toLowerCase()})</span>` : ''}</label><br>`)}</fieldset>`
    : (j.free?.maxLength ?? 0) > 200 // a text to write (Gruik's edited communiqué), not a word: a text area
      ? html`<p><label for="${id}-free">${j.free!.label[lang]}</label><br><textarea id="${id}-free" name="ruling" maxlength="${j.free!.maxLength}" rows="6" cols="60" required>${current}</textarea></p>`
      : html`<p><label for="${id}-free">${j.free?.label[lang] ?? t(lang, 'gm.ruling')}</label><br><input type="text" id="${id}-free" name="ruling" value="${current}" maxlength="${j.free?.maxLength ?? 200}" size="40" required></p>`;
  return html`<section class="gm-item" id="${id}" aria-labelledby="${id}-h">
    <h3 id="${id}-h">${j.row} — ${j.decides[lang]}</h3>
    <dl class="kv">
      <dt>${t(lang, 'gm.kind')}</dt><dd class="kind-${it.kind}">${kindLabel(it.kind, lang)}</dd>
      <dt>${t(lang, 'gm.step')}</dt><dd>${it.step}</dd>
      <dt>${t(lang, 'gm.opened')}</dt><dd>${timeTag(it.openedAt, lang, tz, 'short')} (${age(it.openedAt, now, lang)})</dd>
      <dt>${t(lang, 'gm.deadline')}</dt><dd>${timeTag(it.deadline, lang, tz, 'short')}${it.extendedAt ? html` <span class="muted small">(${t(lang, 'gm.extended-once')})</span>` : html`
        <form method="post" action="/games/${gameId}/gm/extend" class="inline">${csrf}<input type="hidden" name="decision" value="${it.decision}"><input type="hidden" name="step" value="${step}"><button type="submit">${t(lang, 'gm.extend')}</button></form>`}</dd>
      <dt>${t(lang, 'gm.default')}</dt><dd class="gm-default">${j.choices?.find((c) => c.value === j.byDefault)?.label[lang] ?? j.byDefault}</dd>
    </dl>
    <p class="gm-brief">${j.brief[lang]}</p>
    ${it.status === 'ruled' ? html`<p class="notice ruled">${t(lang, 'gm.ruled', { ruling: rulingLabel(it, it.ruling ?? '', lang) })}</p>` : ''}
    ${mine?.error ? html`<p class="error" role="alert">${mine.error}</p>` : ''}
    <form method="post" action="/games/${gameId}/gm/rule" class="gm-rule">
      ${csrf}
      <input type="hidden" name="decision" value="${it.decision}">
      <input type="hidden" name="step" value="${step}">
      ${field}
      <p><label for="${id}-reason">${t(lang, 'gm.reason', { n: REASON_MAX })}</label><br>
      <textarea id="${id}-reason" name="reason" rows="2" cols="50" maxlength="${REASON_MAX}">${mine ? mine.reason : it.reason ?? ''}</textarea></p>
      <p><button type="submit">${t(lang, 'gm.rule')}</button></p>
    </form>
  </section>`;
}

/** A ruling as the GM chose it: the choice's label, or the free text. */
const rulingLabel = (it: GmItem, value: string, lang: Lang): string => it.item.choices?.find((c) => c.value === value)?.label[lang] ?? value;

function outcome(it: GmItem, lang: Lang): string {
  switch (it.status) {
    case 'ruled': return t(lang, 'gm.by-gm', { ruling: rulingLabel(it, it.ruling ?? '', lang) });
    case 'default': return t(lang, 'gm.by-default', { ruling: rulingLabel(it, it.item.byDefault, lang) });
    case 'no-gm': return t(lang, 'gm.by-no-gm', { ruling: rulingLabel(it, it.item.byDefault, lang) });
    case 'withdrawn': return t(lang, 'gm.withdrawn');
    default: return it.status;
  }
}

/** From this many GM actions on, the section opens with links to each form (a Gruik GM has two dozen). */
const TOC_FROM = 5;
const actionAnchor = (id: string): string => `gm-act-${id}`.replace(/[^\w-]/g, '_');

/** The GM actions open now, each a small form (the ruleset's fields), posted to /gm/act. */
function actionsPart(gameId: number, step: number, actions: FreeAction[], lang: Lang, csrf: Html, typed: Typed | null): Html {
  const err = typed?.action !== undefined ? typed : null;
  return html`<h2>${t(lang, 'gm.actions')}</h2><p class="muted small">${t(lang, 'gm.actions-help')}</p>
    ${err && !actions.some((x) => x.id === err.action) ? html`<p class="error" role="alert">${err.error}</p>` : ''}
    ${actions.length > TOC_FROM ? html`<nav class="gm-actions-toc" aria-label="${t(lang, 'gm.actions-toc')}"><p class="small">${t(lang, 'gm.actions-toc')}</p><ul class="small">${actions.map((x) => html`<li><a href="#${actionAnchor(x.id)}">${x.label}</a></li>`)}</ul></nav>` : ''}
    ${actions.length ? html`<div class="actions-list gm-actions">${actions.map((x) => {
      const mine = err?.action === x.id ? err : null;
      const errId = `gm-act-${x.id}-error`.replace(/[^\w-]/g, '_');
      return html`<form method="post" action="/games/${gameId}/gm/act" class="action-form gm-act" data-action="${x.id}" id="${actionAnchor(x.id)}">${csrf}<input type="hidden" name="action" value="${x.id}"><input type="hidden" name="step" value="${step}">
        <fieldset><legend>${x.label}</legend>${x.help ? html`<p class="muted small">${x.help}</p>` : ''}
        ${mine ? html`<p class="error" role="alert" id="${errId}">${mine.error}</p>` : ''}
        <div class="fields">${x.fields.map((f, i) => {
          const id = `gm-a-${x.id}-${f.name}`.replace(/[^\w-]/g, '_');
          return html`<label class="field" for="${id}"><span>${fieldLabel(f, lang)}</span>${fieldInput(f, { name: `f_${f.name}`, id, value: mine?.fields?.[f.name], ...(mine ? { error: errId, focus: i === 0 } : {}) })}</label>`;
        })}<button type="submit">${t(lang, 'gm.act')}</button></div></fieldset></form>`;
    })}</div>` : html`<p class="muted gm-actions-none">${t(lang, 'gm.actions-none')}</p>`}`;
}

/** What a log row did: the ruleset's action's label, or the platform's own (an extension of the step, a change of GM). */
const auditWhat = (r: GmActionRow, lang: Lang): string => (r.action === GM_EXTEND_STEP ? t(lang, 'gm.audit-extend') : r.action === GM_CHANGE ? t(lang, 'gm.audit-change') : r.label);

function auditValues(r: GmActionRow, lang: Lang, tz: string): Html | string {
  if (r.action === GM_EXTEND_STEP) return html`+${r.input.hours ?? '?'} h${t(lang, 'colon')}${timeTag(r.oldDeadline, lang, tz, 'short')} → ${timeTag(r.newDeadline, lang, tz, 'short')}`;
  if (r.action === GM_CHANGE) return `${r.input.from || t(lang, 'gm.audit-none-login')} → ${r.input.to || t(lang, 'gm.audit-none-login')}`;
  return Object.entries(r.input).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${k}=${v}`).join(', ');
}

/** The players' deadline of the step in progress and the GM's form to extend it (gm.ts, extendStep). */
function stepPart(q: GmQueue, lang: Lang, csrf: Html, typed: Typed | null, tz: string): Html {
  const g = q.game;
  if (g.status !== 'running') return html``;
  const { min, max } = GM_STEP_EXTENSION_HOURS;
  const left = q.stepExtension.leftHours;
  const err = typed?.scope === 'extend-step' ? typed : null;
  const top = Math.min(max, left);
  return html`<section class="gm-step" aria-labelledby="gm-step-h"><h2 id="gm-step-h">${t(lang, 'gm.step-title')}</h2>
    ${g.deadline ? html`<p id="gm-step-deadline">${t(lang, 'gm.step-deadline')} ${timeTag(g.deadline, lang, tz)}</p>` : html`<p class="muted">${t(lang, 'gm.step-none')}</p>`}
    <p class="muted small">${t(lang, 'gm.step-help', { min, max, total: GM_STEP_EXTENSION_TOTAL_HOURS })}</p>
    ${q.stepExtension.usedHours ? html`<p class="small" id="gm-step-left">${t(lang, 'gm.step-left', { used: q.stepExtension.usedHours, left })}</p>` : ''}
    ${err ? html`<p class="error" role="alert" id="gm-step-error">${err.error}</p>` : ''}
    ${g.paused ? html`<p class="muted">${t(lang, 'gm.paused')}</p>`
      : !g.deadline ? ''
      : left < min ? html`<p class="muted" id="gm-step-spent">${t(lang, 'gm.step-spent', { total: GM_STEP_EXTENSION_TOTAL_HOURS })}</p>`
      : html`<form method="post" action="/games/${g.id}/gm/extend-step" class="inline gm-extend-step">${csrf}<input type="hidden" name="step" value="${g.step}">
        <label for="gm-step-hours">${t(lang, 'gm.step-hours')}</label>
        <input type="number" id="gm-step-hours" name="hours" min="${min}" max="${top}" step="1" required value="${err?.ruling || String(Math.min(GM_STEP_EXTENSION_HOURS.default, top))}"${err ? raw(' aria-invalid="true" aria-describedby="gm-step-error"') : ''}>
        <button type="submit">${t(lang, 'gm.step-extend')}</button></form>`}
  </section>`;
}

/** The audit of the GM's actions, newest first. */
function auditPart(rows: GmActionRow[], lang: Lang, tz: string): Html {
  return html`<h2>${t(lang, 'gm.audit')}</h2>
    ${rows.length ? html`<div class="table-wrap"><table class="data gm-audit">
      <thead><tr><th scope="col">${t(lang, 'gm.step')}</th><th scope="col">${t(lang, 'gm.audit-when')}</th><th scope="col">${t(lang, 'gm.audit-who')}</th><th scope="col">${t(lang, 'gm.audit-what')}</th><th scope="col">${t(lang, 'gm.audit-values')}</th></tr></thead>
      <tbody>${rows.map((r) => html`<tr class="gm-log-${r.action.replace(/[^\w-]/g, '')}"><td>${r.step}</td><td>${timeTag(r.at, lang, tz, 'short')}</td><td>${r.login ?? '—'}</td><td>${auditWhat(r, lang)}</td><td>${auditValues(r, lang, tz)}</td></tr>`)}</tbody>
    </table></div>` : html`<p class="muted">${t(lang, 'gm.audit-none')}</p>`}`;
}

function queueBody(q: GmQueue, lang: Lang, csrf: Html, typed: Typed | null, flash: string | null, tz: string, now: Date): Html {
  const g = q.game;
  const title = `${t(lang, 'gm.title')} — ${g.name}`;
  const oldest = q.open.find((i) => i.status === 'pending');
  return html`${pageHead()}<p class="crumbs"><a href="/games/${g.id}">${g.name}</a> › ${t(lang, 'gm.title')}</p>
    <h1>${title}</h1>
    <p class="muted">${t(lang, 'gm.help')}</p>
    ${flash ? html`<p class="notice" role="status">${flash}</p>` : ''}
    ${typed && typed.action === undefined && typed.scope === undefined && !q.open.some((i) => i.decision === typed.decision) ? html`<p class="error" role="alert">${typed.error}</p>` : ''}
    ${g.paused ? html`<p class="notice">${t(lang, 'gm.paused')}</p>` : ''}
    <h2>${t(lang, 'gm.open')}</h2>
    ${oldest ? html`<p class="gm-health">${t(lang, 'gm.oldest', { age: age(oldest.openedAt, now, lang) })}</p>` : ''}
    ${q.open.length ? q.open.map((i) => itemForm(g.id, g.step, i, lang, csrf, typed, tz, now)) : html`<p class="muted gm-empty">${t(lang, 'gm.none')}</p>`}
    ${stepPart(q, lang, csrf, typed, tz)}
    <h2>${t(lang, 'gm.history')}</h2>
    ${q.history.length ? html`<div class="table-wrap"><table class="data gm-history">
      <thead><tr><th scope="col">${t(lang, 'gm.step')}</th><th scope="col">${t(lang, 'gm.row')}</th><th scope="col">${t(lang, 'gm.item')}</th><th scope="col">${t(lang, 'gm.outcome')}</th><th scope="col">${t(lang, 'gm.reason', { n: REASON_MAX }).replace(/\s*\(.*\)$/, '')}</th></tr></thead>
      <tbody>${q.history.map((i) => html`<tr class="status-${i.status}"><td>${i.step}</td><td>${i.item.row}</td><td>${i.item.decides[lang]}</td><td>${outcome(i, lang)}</td><td>${i.reason ?? ''}</td></tr>`)}</tbody>
    </table></div>` : html`<p class="muted">${t(lang, 'gm.history-none')}</p>`}
    ${q.actions.length || q.audit.length || typed?.action !== undefined ? html`${actionsPart(g.id, g.step, q.actions, lang, csrf, typed)}${auditPart(q.audit, lang, tz)}` : ''}`;
}

async function gmPage(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply, o: { typed?: Typed | null; flash?: string | null; status?: number } = {}) {
  const v = req.visitor;
  const lang = v.lang;
  const id = parseId((req.params as { id?: string }).id);
  if (id === null || !v.user) return notFound(req, reply);
  let q: GmQueue;
  try { q = await gmQueue(ctx, id, v.user.id, 100, lang); } catch (e) {
    if (e instanceof GamesError && e.statusCode === 404) return notFound(req, reply);
    const r = refusal(e, lang);
    return sendPage(reply, page(v, t(lang, 'gm.title'), html`<h1>${t(lang, 'gm.title')}</h1><p class="error" role="alert">${r.text}</p>`, { error: true }), r.status);
  }
  const schedule = await ctx.db.one<{ schedule: unknown }>('SELECT schedule FROM games WHERE id = $1', [id]);
  const sch = (typeof schedule?.schedule === 'string' ? JSON.parse(schedule.schedule) : schedule?.schedule) as { timeZone?: string } | null;
  const tz = sch?.timeZone || ctx.config.timeZone;
  getRuleset(q.game.ruleset); // an unknown ruleset is a server error, not the GM's
  const body = queueBody(q, lang, csrfField(v), o.typed ?? null, o.flash ?? null, tz, ctx.now());
  return sendPage(reply, page(v, `${t(lang, 'gm.title')} — ${q.game.name}`, body, { scripts: ['/static/local-time.js'], error: (o.status ?? 200) >= 400 }), o.status ?? 200);
}

async function postRule(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const lang = v.lang;
  const id = parseId((req.params as { id?: string }).id);
  if (id === null || !v.user) return notFound(req, reply);
  const b = (req.body ?? {}) as Record<string, unknown>;
  const typed: Typed = { decision: str(b.decision, 200), ruling: str(b.ruling, RULING_MAX + 1), reason: str(b.reason, REASON_MAX), error: '' }; // one character more than the longest ruling: a text too long is refused with its reason, never cut
  const stepText = str(typeof b.step === 'number' ? String(b.step) : b.step, 12).trim();
  const step = /^\d{1,9}$/.test(stepText) ? Number(stepText) : undefined;
  const fail = (error: string, status: number, issues: ValidationIssue[] = []) => {
    if (wantsJson(req)) return reply.code(status).send({ ok: false, error, issues: issues.map((i) => ({ message: i.message, text: i.text })) });
    if (status === 403) return sendPage(reply, page(v, t(lang, 'gm.title'), html`<h1>${t(lang, 'gm.title')}</h1><p class="error" role="alert">${error}</p>`, { error: true }), 403);
    return gmPage(ctx, req, reply, { typed: { ...typed, error }, status });
  };
  let r;
  try { r = await ruleOnItem(ctx, id, v.user.id, typed.decision, typed.ruling, typed.reason, step); } catch (e) {
    if (e instanceof GamesError && e.statusCode === 404) return notFound(req, reply);
    const f = refusal(e, lang);
    return fail(f.text, f.status);
  }
  if (!r.ok) return fail(t(lang, 'gm.err.refused', { reasons: r.issues.map((i) => issueText(i, lang)).join(' ; ') }), 400, r.issues);
  if (wantsJson(req)) return reply.send({ ok: true });
  return reply.redirect(`/games/${id}/gm?done=1`, 303);
}

async function postExtend(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const lang = v.lang;
  const id = parseId((req.params as { id?: string }).id);
  if (id === null || !v.user) return notFound(req, reply);
  const b = (req.body ?? {}) as Record<string, unknown>;
  const decision = str(b.decision, 200);
  const stepText = str(typeof b.step === 'number' ? String(b.step) : b.step, 12).trim();
  const step = /^\d{1,9}$/.test(stepText) ? Number(stepText) : undefined;
  let deadline: Date;
  try { ({ deadline } = await extendItem(ctx, id, v.user.id, decision, step)); } catch (e) {
    if (e instanceof GamesError && e.statusCode === 404) return notFound(req, reply);
    const f = refusal(e, lang);
    if (wantsJson(req)) return reply.code(f.status).send({ ok: false, error: f.text });
    if (f.status === 403) return sendPage(reply, page(v, t(lang, 'gm.title'), html`<h1>${t(lang, 'gm.title')}</h1><p class="error" role="alert">${f.text}</p>`, { error: true }), 403);
    return gmPage(ctx, req, reply, { typed: { decision: '', ruling: '', reason: '', error: f.text }, status: f.status });
  }
  ctx.kick();
  if (wantsJson(req)) return reply.send({ ok: true, deadline });
  return reply.redirect(`/games/${id}/gm?done=extend`, 303);
}

/** POST /games/:id/gm/extend-step: the GM extends the players' deadline of the step in progress by `hours` (gm.ts, extendStep). */
async function postExtendStep(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const lang = v.lang;
  const id = parseId((req.params as { id?: string }).id);
  if (id === null || !v.user) return notFound(req, reply);
  const b = (req.body ?? {}) as Record<string, unknown>;
  const hoursText = str(typeof b.hours === 'number' ? String(b.hours) : b.hours, 12).trim();
  const stepText = str(typeof b.step === 'number' ? String(b.step) : b.step, 12).trim();
  const step = /^\d{1,9}$/.test(stepText) ? Number(stepText) : undefined;
  // Not a whole number: the service refuses it with its reason (NaN is out of bounds).
  const hours = /^\d{1,4}$/.test(hoursText) ? Number(hoursText) : Number.NaN;
  let r;
  try { r = await extendStep(ctx, id, v.user.id, hours, step); } catch (e) {
    if (e instanceof GamesError && e.statusCode === 404) return notFound(req, reply);
    const f = refusal(e, lang);
    if (wantsJson(req)) return reply.code(f.status).send({ ok: false, error: f.text });
    if (f.status === 403) return sendPage(reply, page(v, t(lang, 'gm.title'), html`<h1>${t(lang, 'gm.title')}</h1><p class="error" role="alert">${f.text}</p>`, { error: true }), 403);
    return gmPage(ctx, req, reply, { typed: { decision: '', ruling: hoursText, reason: '', error: f.text, scope: 'extend-step' }, status: f.status });
  }
  if (wantsJson(req)) return reply.send({ ok: true, deadline: r.deadline, previous: r.old, leftHours: r.leftHours });
  return reply.redirect(`/games/${id}/gm?done=extend-step`, 303);
}

/** The field values of a posted form (`f_<name>`), as a null-prototype record. */
function prefixed(b: Record<string, unknown>, prefix: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, val] of Object.entries(b)) if (k.startsWith(prefix) && k.length <= 100 + prefix.length) out[k.slice(prefix.length)] = str(val, GM_FIELD_MAX);
  return out;
}

async function postAct(ctx: AppCtx, req: FastifyRequest, reply: FastifyReply) {
  const v = req.visitor;
  const lang = v.lang;
  const id = parseId((req.params as { id?: string }).id);
  if (id === null || !v.user) return notFound(req, reply);
  const b = (req.body ?? {}) as Record<string, unknown>;
  // JSON callers may send `values` as an object; forms send `f_<name>` fields.
  const values = typeof b.values === 'object' && b.values !== null && !Array.isArray(b.values)
    ? prefixed(Object.fromEntries(Object.entries(b.values as Record<string, unknown>).map(([k, x]) => [`f_${k}`, x])), 'f_') : prefixed(b, 'f_');
  const typed: Typed = { decision: '', ruling: '', reason: '', error: '', action: str(b.action, 100), fields: values };
  const stepText = str(typeof b.step === 'number' ? String(b.step) : b.step, 12).trim();
  const step = /^\d{1,9}$/.test(stepText) ? Number(stepText) : undefined;
  const fail = (error: string, status: number, issues: ValidationIssue[] = []) => {
    if (wantsJson(req)) return reply.code(status).send({ ok: false, error, issues: issues.map((i) => ({ message: i.message, text: i.text })) });
    if (status === 403) return sendPage(reply, page(v, t(lang, 'gm.title'), html`<h1>${t(lang, 'gm.title')}</h1><p class="error" role="alert">${error}</p>`, { error: true }), 403);
    return gmPage(ctx, req, reply, { typed: { ...typed, error }, status });
  };
  let r;
  try { r = await takeGmAction(ctx, id, v.user.id, { id: typed.action!, values }, step, lang); } catch (e) {
    if (e instanceof GamesError && e.statusCode === 404) return notFound(req, reply);
    const f = refusal(e, lang);
    return fail(f.text, f.status);
  }
  if (!r.ok) return fail(t(lang, 'gm.err.act-refused', { reasons: r.issues.map((i) => issueText(i, lang)).join(' ; ') }), 400, r.issues);
  if (wantsJson(req)) return reply.send({ ok: true, step: r.step });
  return reply.redirect(`/games/${id}/gm?done=act`, 303);
}

/** The GM's queue page, its ruling form and the extension of an item's deadline. */
export const gmPageRoutes: RouteModule = async (app, ctx) => {
  app.get('/games/:id/gm', (req, reply) => {
    const done = (req.query as { done?: unknown } | undefined)?.done;
    const flash = done === '1' ? 'gm.done' : done === 'extend' ? 'gm.extended' : done === 'extend-step' ? 'gm.step-extended' : done === 'act' ? 'gm.acted' : null;
    return gmPage(ctx, req, reply, { flash: flash ? t(req.visitor.lang, flash) : null });
  });
  app.post('/games/:id/gm/rule', (req, reply) => postRule(ctx, req, reply));
  app.post('/games/:id/gm/extend', (req, reply) => postExtend(ctx, req, reply));
  app.post('/games/:id/gm/act', (req, reply) => postAct(ctx, req, reply));
  app.post('/games/:id/gm/extend-step', (req, reply) => postExtendStep(ctx, req, reply));
};
