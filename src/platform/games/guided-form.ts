/**
 * The order page's guided form (engine AnswerForm), drawn without knowing any rule. Two layouts:
 *
 * - `list`: the groups one under the other (folded but the first), every entry with its fields;
 * - `picker`: one entry at a time, picked in lists — the section (a character), the group (his
 *   season), the order — so that a long form (Adventurer Kings: characters × seasons × orders)
 *   fits a screen beside the sheet (issue 13 §4).
 *
 * Each entry writes one line (orders.js, as engine `formLine`): its code, then each value after
 * its prefix word, quoted when it holds a space unless the field is verbatim. The messages of the
 * order page's warnings (issue 13 §4) sit here too, as `forms.*`.
 *
 * For assistive technology (issue 22 §1) each entry is a group named by its title, its fields are
 * named by their visible labels (with "(optional)"), the others are `aria-required`, its add button
 * says what it adds, and orders.js ties a missing field to the entry's message (`aria-invalid`,
 * `aria-describedby`).
 */
import type { AnswerForm, FormEntry, FormField, Lang } from '../../engine/ruleset.ts';
import { html, raw, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { orderCodeOf, orderHelpUrl } from '../http/help-links.ts';

messages({
  'forms.optional': { fr: '(facultatif)', en: '(optional)' },
  'forms.add': { fr: 'Ajouter', en: 'Add' },
  'forms.add-what': { fr: 'Ajouter : {order}', en: 'Add: {order}' },
  'forms.section': { fr: 'Personnage', en: 'Character' },
  'forms.group': { fr: 'Moment', en: 'When' },
  'forms.order': { fr: 'Ordre', en: 'Order' },
  'forms.warning': { fr: '(avertissement)', en: '(warning)' },
  'forms.ready-error': { fr: '{n} ligne est en erreur (elle ne sera pas jouée).', en: '{n} line is in error (it will not be played).' },
  'forms.ready-errors': { fr: '{n} lignes sont en erreur (elles ne seront pas jouées).', en: '{n} lines are in error (they will not be played).' },
  'forms.ready-warning': { fr: '{n} ligne a un avertissement (le juge l’annulera ou risque de l’annuler).', en: '{n} line has a warning (the referee will or may cancel it).' },
  'forms.ready-warnings': { fr: '{n} lignes ont un avertissement (le juge les annulera ou risque de les annuler).', en: '{n} lines have a warning (the referee will or may cancel them).' },
  'forms.ready-confirm': { fr: 'Cliquez encore pour vous déclarer prêt quand même.', en: 'Click again to be ready all the same.' },
  'forms.ready-anyway': { fr: 'Prêt quand même', en: 'Ready all the same' },
});

/** The order page script's messages of this file. */
export function guidedFormMsgs(lang: Lang): Record<string, string> {
  return {
    warning: t(lang, 'forms.warning'),
    readyError: t(lang, 'forms.ready-error', { n: '{n}' }), readyErrors: t(lang, 'forms.ready-errors', { n: '{n}' }),
    readyWarning: t(lang, 'forms.ready-warning', { n: '{n}' }), readyWarnings: t(lang, 'forms.ready-warnings', { n: '{n}' }),
    readyConfirm: t(lang, 'forms.ready-confirm'), readyAnyway: t(lang, 'forms.ready-anyway'),
  };
}

/**
 * One field of a form entry. `named`: a field of a plain HTML form that posts it (the prompt page's
 * answer and free-action forms: its `name`, `id` and the value typed so far), rather than one read
 * by the order page's script.
 */
export function fieldInput(f: FormField, named?: { name: string; id: string; value?: string; /** the id of the message of a refusal of this form: the field is described by it */ error?: string; focus?: boolean }, labelled?: { id: string; /** posted under this name (a guided form drawn with `post`) */ name?: string }): Html {
  // `labelled`: the order page's entries, where a <label> around the field names it (its visible
  // text, "(optional)" included) and `aria-required` says which fields the line needs.
  // `named` (the /play page's answer and action forms): a <label for> around the field names it
  // too (fieldLabel: its text, "(optional)" included), the form sends it, and it is `required`.
  const naming = labelled
    ? html`id="${labelled.id}" data-label="${f.label}"${f.optional ? '' : raw(' aria-required="true"')}${labelled.name ? html` name="${labelled.name}"` : ''}`
    : named ? html`data-label="${f.label}"${f.optional ? '' : raw(' aria-required="true"')}` : html`aria-label="${f.label}"`;
  const common = html`data-name="${f.name}" ${f.optional ? raw('data-optional="1"') : ''} ${f.prefix ? html`data-prefix="${f.prefix}"` : ''} ${f.verbatim ? raw('data-verbatim="1"') : ''} ${naming}${
    named ? html` name="${named.name}" id="${named.id}"${f.optional ? '' : raw(' required')}${named.error ? html` aria-describedby="${named.error}"` : ''}${named.focus ? raw(' autofocus') : ''}` : ''}`;
  const value = named?.value ?? '';
  if (f.kind === 'choice') {
    return html`<select ${common}><option value="">${f.optional ? '—' : '…'}</option>${f.options.map((o) => html`<option value="${o.value}"${named && o.value === value ? raw(' selected') : ''}>${o.label}</option>`)}</select>`;
  }
  if (f.kind === 'integer') {
    return html`<input type="number" inputmode="numeric" step="1" ${common} ${f.min !== undefined ? html`min="${f.min}"` : ''} ${f.max !== undefined ? html`max="${f.max}"` : ''}${named ? html` value="${value}"` : ''}>`;
  }
  if (named && f.lines !== undefined && f.lines > 1) return html`<textarea ${common} rows="${Math.min(f.lines, 40)}" cols="60">${value}</textarea>`;
  return html`<input type="text" ${common}${named ? html` value="${value}"` : ''}>`;
}

/** A field's visible label: its text, with "(facultatif)" / "(optional)" when it may be left empty. */
export function fieldLabel(f: FormField, lang: Lang): Html {
  return html`${f.label}${f.optional ? html` <small class="muted">${t(lang, 'forms.optional')}</small>` : ''}`;
}

/** Unique ids for the entries of one form (a form is drawn once per page). */
type Ids = () => string;
function idMaker(): Ids { let n = 0; return () => `ge${++n}`; }

/**
 * `post`: the form also works without a script (the prompt page's sheet editor): its fields carry
 * the names `postedFieldName` gives, each add button submits the form with `add=<group>:<entry>`
 * (the page appends the line and shows the sheet again), and the picker shows every entry until
 * orders.js hides all but the one picked.
 */
export interface GuidedFormOpts { post?: boolean }

/** The name a field of entry `gi:ei` is posted under, in a form drawn with `post`. */
export const postedFieldName = (gi: number, ei: number, field: string): string => `g${gi}_${ei}_${field}`;

function entryHtml(e: FormEntry, lang: Lang, ruleset: string | undefined, nextId: Ids, attrs: Html = html``, posted: { gi: number; ei: number } | null = null): Html {
  const id = nextId();
  // The order's code links to its entry in the ruleset's order reference (/help).
  const syntax = ruleset
    ? html`<a class="help-code" href="${orderHelpUrl(ruleset, e.code)}" target="_blank" title="${t(lang, 'help.code-title', { code: orderCodeOf(e.code) })}"><code>${e.syntax}</code></a>`
    : html`<code>${e.syntax}</code>`;
  return html`<div class="entry" data-code="${e.code}" role="group" aria-labelledby="${id}-title" ${attrs}>
      <div class="entry-head"><strong id="${id}-title">${e.label}</strong> ${syntax}</div>
      <div class="fields">${e.fields.map((f, fi) => html`<label class="field" for="${id}-f${fi}"><span>${fieldLabel(f, lang)}</span>${fieldInput(f, undefined, { id: `${id}-f${fi}`, ...(posted ? { name: postedFieldName(posted.gi, posted.ei, f.name) } : {}) })}</label>`)}
        ${posted ? html`<button type="submit" class="add" name="add" value="${posted.gi}:${posted.ei}" formnovalidate aria-label="${t(lang, 'forms.add-what', { order: e.label })}">${t(lang, 'forms.add')}</button>`
          : html`<button type="button" class="add" disabled aria-label="${t(lang, 'forms.add-what', { order: e.label })}">${t(lang, 'forms.add')}</button>`}</div>
      <div class="entry-msg" id="${id}-msg" aria-live="polite"></div>
    </div>`;
}

/**
 * The picker: lists of sections, groups and orders, and the entries (all in the page, one shown:
 * orders.js shows the one picked; without a script the first is shown).
 */
function pickerForm(form: AnswerForm, lang: Lang, ruleset?: string, opts: GuidedFormOpts = {}): Html {
  const nextId = idMaker();
  const sections = [...new Set(form.groups.map((g) => g.section ?? ''))];
  const hasSections = sections.length > 1 || sections[0] !== '';
  return html`<div class="picker" id="form-picker">
    <div class="picker-lists">
      ${hasSections ? html`<label class="field"><span>${t(lang, 'forms.section')}</span><select id="pick-section">${sections.map((s, i) => html`<option value="${i}">${s}</option>`)}</select></label>` : ''}
      <label class="field"><span>${t(lang, 'forms.group')}</span><select id="pick-group">${form.groups.map((g, gi) => html`<option value="${gi}" data-section="${sections.indexOf(g.section ?? '')}">${g.title}</option>`)}</select></label>
      <label class="field"><span>${t(lang, 'forms.order')}</span><select id="pick-entry">${form.groups.map((g, gi) => g.entries.map((e, ei) => html`<option value="${gi}:${ei}" data-group="${gi}">${e.label}</option>`))}</select></label>
    </div>
    ${form.groups.map((g, gi) => g.entries.map((e, ei) => entryHtml(e, lang, ruleset, nextId, html`data-pick="${gi}:${ei}"${(gi === 0 && ei === 0) || opts.post ? '' : raw(' hidden')}`, opts.post ? { gi, ei } : null)))}
  </div>`;
}

export function guidedForm(form: AnswerForm, lang: Lang, ruleset?: string, opts: GuidedFormOpts = {}): Html {
  if (form.layout === 'picker') return pickerForm(form, lang, ruleset, opts);
  const nextId = idMaker();
  return html`${form.groups.map((g, gi) => html`<details class="group"${gi === 0 ? raw(' open') : ''}><summary>${g.title}</summary>
    ${g.entries.map((e, ei) => entryHtml(e, lang, ruleset, nextId, html``, opts.post ? { gi, ei } : null))}
  </details>`)}`;
}
