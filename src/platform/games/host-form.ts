/**
 * A ruleset's own host options in the creation form (registry `RulesetEntry.hostForm`: a Gruik
 * campaign's length, tabletop battles). The platform knows no rule: it renders the fields the
 * ruleset lists (named `host.<ruleset>.<field>`, so the form can hold several rulesets' and read
 * only the chosen game's), reads them back, and hands them to the ruleset, which makes the
 * options merged into the game's or names the fields in error. seat-form.js shows only the chosen
 * game's fieldset; without a script all show and the server reads the chosen one alone.
 */
import type { Lang, SeatIssue } from '../../engine/ruleset.ts';
import { getRuleset, rulesetsWith } from '../../rulesets/index.ts';
import { html, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { fieldHtml } from './seat-form.ts';

messages({
  'hostform.legend': { fr: 'Options de la partie si elle est de {game}', en: 'The game’s options if it is {game}' },
  'hostform.errors': { fr: 'Les options de la partie sont à corriger : voyez les champs marqués.', en: 'The game’s options need correcting: see the marked fields.' },
});

/** The rulesets with host options of their own. */
export function hostFormRulesets(): string[] {
  return rulesetsWith('hostForm');
}

/** The values typed for `ruleset`'s host options (its own fields only, each at most 100 characters); null when it has none. */
export function readHostValues(body: Record<string, unknown>, ruleset: string): Record<string, string> | null {
  const form = getRuleset(ruleset).hostForm;
  if (!form) return null;
  const out: Record<string, string> = {};
  for (const f of form.fields('en')) {
    const v = body[`host.${ruleset}.${f.name}`];
    if (typeof v === 'string' && v.trim()) out[f.name] = v.slice(0, 100);
  }
  return out;
}

/** The options `ruleset`'s host form makes from its values (`{}` for a ruleset without one), or its issues. */
export function hostOptions(ruleset: string, values: Record<string, string> | null, gm: boolean): { options: Record<string, unknown> } | { issues: SeatIssue[] } {
  const form = getRuleset(ruleset).hostForm;
  return form ? form.options(values ?? {}, { gm }) : { options: {} };
}

/** The fieldset of `ruleset`'s host options ('' without any), with the values typed and each issue beside its field. */
export function hostFormHtml(lang: Lang, ruleset: string, opts: { values?: Record<string, string> | null; issues?: SeatIssue[]; focus?: boolean } = {}): Html | '' {
  const entry = getRuleset(ruleset);
  if (!entry.hostForm) return '';
  const fields = entry.hostForm.fields(lang);
  const issues = opts.issues ?? [];
  const first = opts.focus ? fields.find((f) => issues.some((i) => i.field === f.name))?.name : undefined;
  return html`<fieldset class="host-form" data-ruleset="${ruleset}">
    <legend>${t(lang, 'hostform.legend', { game: entry.ruleset.title[lang] })}</legend>
    ${issues.length ? html`<p class="error" role="alert">${t(lang, 'hostform.errors')}</p>` : ''}
    <div class="seat-fields">${fields.map((f) => fieldHtml(ruleset, f, opts.values?.[f.name] ?? '', issues.find((i) => i.field === f.name), lang, f.name === first, 'host'))}</div>
  </fieldset>`;
}
