/**
 * The order sheet editor, shared by the order page of a game of order sheets (orders-page.ts) and
 * the prompt page's sheet decisions (prompt-page.ts, `Decision.sheet`): the textarea with its
 * line-number gutter, the referee's issues listed by line beside it, and the messages of the script
 * that drives both (orders.js: autosave, issues, the guided form's entries appending a line).
 *
 * For assistive technology (issue 22 §1) the sheet says it holds issues (`aria-invalid`,
 * described by the list), and each issue on a line is a button selecting that line (orders.js).
 */
import type { Lang, ValidationIssue } from '../../engine/ruleset.ts';
import { html, raw, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { guidedFormMsgs } from './guided-form.ts';

messages({
  'gweb.orders.guided': { fr: 'Formulaire guidé', en: 'Guided form' },
  'gweb.orders.guided-help': {
    fr: 'Choisissez un ordre, remplissez-le puis « Ajouter » : la ligne s’ajoute à votre feuille, à droite. Vous pouvez aussi écrire directement dans la feuille.',
    en: 'Pick an order, fill it in, then “Add”: the line is appended to your sheet on the right. You may also type straight into the sheet.',
  },
  'gweb.orders.no-form': { fr: 'Ce jeu n’offre pas de formulaire guidé : écrivez votre réponse dans la feuille.', en: 'This game offers no guided form: write your answer in the sheet.' },
  'gweb.orders.fill': { fr: 'Remplissez : {field}', en: 'Fill in: {field}' },
  'gweb.orders.added': { fr: 'Ligne ajoutée :', en: 'Line added:' },
  'gweb.orders.sheet': { fr: 'Ma feuille d’ordres', en: 'My order sheet' },
  'gweb.orders.sheet-help': { fr: 'Un ordre par ligne. Elle est enregistrée pendant que vous tapez.', en: 'One order per line. It is saved as you type.' },
  'gweb.orders.saved-at': { fr: 'Enregistrée à {time}', en: 'Saved at {time}' },
  'gweb.orders.saving': { fr: 'Enregistrement…', en: 'Saving…' },
  'gweb.orders.attention-0': { fr: 'aucune ligne à revoir', en: 'no line to check' },
  'gweb.orders.attention-1': { fr: '1 ligne à revoir', en: '1 line to check' },
  'gweb.orders.attention-n': { fr: '{n} lignes à revoir', en: '{n} lines to check' },
  'gweb.orders.saved-count': { fr: '{saved} — {count}.', en: '{saved} — {count}.' },
  'gweb.orders.modified': { fr: 'Modifiée…', en: 'Modified…' },
  'gweb.orders.save-error': { fr: 'Échec de l’enregistrement : {error}', en: 'Saving failed: {error}' },
  'gweb.orders.issues': { fr: 'Lignes à revoir', en: 'Lines to check' },
  'gweb.orders.no-issues': { fr: 'Aucune erreur : toutes les lignes sont comprises.', en: 'No error: every line is understood.' },
  'gweb.orders.line': { fr: 'Ligne {n}', en: 'Line {n}' },
  'gweb.orders.sheet-wide': { fr: 'Feuille', en: 'Sheet' },
  'gweb.orders.candidates': { fr: 'vouliez-vous dire : {list} ?', en: 'did you mean: {list}?' },
});

/** An issue's message in the page language (English for issues stored before messages were bilingual). */
export const issueText = (i: ValidationIssue, lang: Lang): string => i.text?.[lang] ?? i.message;

/**
 * The issues beside the sheet. An issue on a line is a button that selects that line in the sheet
 * (orders.js), so it is reached and used from the keyboard; a sheet-wide issue is plain text.
 */
export function issueItems(issues: ValidationIssue[], lang: Lang): Html {
  return html`${issues.map((i) => {
    const text = issueText(i, lang);
    const warn = i.severity === 'warning';
    const inner = html`<strong>${i.line ? t(lang, 'gweb.orders.line', { n: i.line }) : t(lang, 'gweb.orders.sheet-wide')}${warn ? ` ${t(lang, 'forms.warning')}` : ''}</strong>${t(lang, 'colon')}${text}${
      i.candidates?.length && !i.candidates.every((c) => text.includes(c)) ? html` <span class="muted">— ${t(lang, 'gweb.orders.candidates', { list: i.candidates.join(', ') })}</span>` : ''}`;
    return html`<li data-line="${i.line ?? ''}"${warn ? raw(' class="warn"') : ''}>${i.line ? html`<button type="button" class="issue" data-line="${i.line}">${inner}</button>` : inner}</li>`;
  })}`;
}

/** "3 lines to check" (what the save announces, issue 22 §1). */
export function attentionText(n: number, lang: Lang): string {
  return n === 0 ? t(lang, 'gweb.orders.attention-0') : n === 1 ? t(lang, 'gweb.orders.attention-1') : t(lang, 'gweb.orders.attention-n', { n });
}

/** The gutter's line numbers for `text`. */
export function gutterText(text: string): string {
  const n = Math.max(1, text.split('\n').length);
  return Array.from({ length: n }, (_, i) => String(i + 1)).join('\n');
}

/** The sheet's textarea (`#sheet-text`, posted as `name`) with its gutter. */
export function sheetTextarea(text: string, name: string, issueCount: number, lang: Lang, extra: Html = html``): Html {
  return html`<div class="editor"><pre class="gutter" id="sheet-gutter" aria-hidden="true">${gutterText(text)}</pre><textarea name="${name}" id="sheet-text" rows="18" wrap="off" spellcheck="false" autocomplete="off" aria-label="${t(lang, 'gweb.orders.sheet')}"${
    issueCount ? raw(' aria-invalid="true" aria-describedby="sheet-help issues-title issues"') : raw(' aria-describedby="sheet-help"')}${extra}>${text}</textarea></div>`;
}

/** The list of the sheet's issues (`#issues`), with its title and the "no error" line. */
export function issuesBlock(issues: ValidationIssue[], lang: Lang): Html {
  return html`<h3 id="issues-title">${t(lang, 'gweb.orders.issues')}</h3>
        <p id="no-issues" class="ok"${issues.length ? raw(' hidden') : ''}>${t(lang, 'gweb.orders.no-issues')}</p>
        <ol id="issues" class="issues">${issueItems(issues, lang)}</ol>`;
}

/** The messages orders.js needs for the sheet and the guided form (the order page adds its "ready" ones). */
export function sheetEditorMsgs(lang: Lang): Record<string, string> {
  return {
    saving: t(lang, 'gweb.orders.saving'), saved: t(lang, 'gweb.orders.saved-at', { time: '{time}' }), modified: t(lang, 'gweb.orders.modified'),
    error: t(lang, 'gweb.orders.save-error', { error: '{error}' }), line: t(lang, 'gweb.orders.line', { n: '{n}' }), sheet: t(lang, 'gweb.orders.sheet-wide'),
    candidates: t(lang, 'gweb.orders.candidates', { list: '{list}' }), noIssues: t(lang, 'gweb.orders.no-issues'),
    colon: t(lang, 'colon'), fill: t(lang, 'gweb.orders.fill', { field: '{field}' }),
    added: t(lang, 'gweb.orders.added'), savedCount: t(lang, 'gweb.orders.saved-count', { saved: '{saved}', count: '{count}' }),
    attention0: attentionText(0, lang), attention1: attentionText(1, lang), attentionN: t(lang, 'gweb.orders.attention-n', { n: '{n}' }), ...guidedFormMsgs(lang),
  };
}
