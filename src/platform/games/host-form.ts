/**
 * A ruleset's own host options in the creation form (registry `RulesetEntry.hostForm`: a Gruik
 * campaign's length, tabletop battles). The platform knows no rule: it renders the fields the
 * ruleset lists (named `host.<ruleset>.<field>`, so the form can hold several rulesets' and read
 * only the chosen game's), reads them back, and hands them to the ruleset, which makes the
 * options merged into the game's or names the fields in error. seat-form.js shows only the chosen
 * game's fieldset; without a script all show and the server reads the chosen one alone.
 *
 * A ruleset whose registry entry checks scenario files (`RulesetEntry.scenario`, Game of Gruik
 * §12.4) also gets "your own scenario" in its fieldset: a JSON text (pasted, or read from a file by
 * create-game.js: the site's forms are url-encoded, not multipart), at most SCENARIO_MAX_CHARS,
 * which replaces the map chosen; "Check the scenario" shows its errors (the M checks, entity and
 * check named), its warnings and its summary (§12.6) without creating the game.
 */
import type { Lang, SeatIssue } from '../../engine/ruleset.ts';
import { getRuleset, rulesetsWith } from '../../rulesets/index.ts';
import { html, raw, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { fieldHtml } from './seat-form.ts';

messages({
  'hostform.legend': { fr: 'Options de la partie si elle est de {game}', en: 'The game’s options if it is {game}' },
  'hostform.errors': { fr: 'Les options de la partie sont à corriger : voyez les champs marqués.', en: 'The game’s options need correcting: see the marked fields.' },
  'hostform.scenario': { fr: 'Votre propre scénario (fichier JSON, règles §12.4)', en: 'Your own scenario (JSON file, rules §12.4)' },
  'hostform.scenario-help': { fr: 'Au plus {kb} ko. Il remplace la carte choisie plus haut ; sa variante suit le nombre de joueurs. Laissez vide pour jouer la carte choisie.', en: 'At most {kb} kB. It replaces the map chosen above; its variant follows the number of players. Leave it empty to play the map chosen.' },
  'hostform.scenario-file': { fr: 'Lire un fichier', en: 'Read a file' },
  'hostform.scenario-check': { fr: 'Vérifier le scénario', en: 'Check the scenario' },
  'hostform.scenario-empty': { fr: 'Collez ou lisez d’abord un scénario.', en: 'Paste or read a scenario first.' },
  'hostform.scenario-too-big': { fr: 'Le scénario dépasse {kb} ko.', en: 'The scenario is over {kb} kB.' },
  'hostform.scenario-json': { fr: 'Le scénario n’est pas du JSON valable : {error}', en: 'The scenario is not valid JSON: {error}' },
  'hostform.scenario-refused': { fr: 'Le scénario est refusé : {n} {n|erreur|erreurs} (ci-dessous, sous le scénario).', en: 'The scenario is refused: {n} {n|error|errors} (below, under the scenario).' },
  'hostform.scenario-errors': { fr: 'Erreurs (chaque contrôle et ce qu’il vise)', en: 'Errors (each check and what it concerns)' },
  'hostform.scenario-warnings': { fr: 'Avertissements (la partie peut commencer)', en: 'Warnings (the game may start)' },
  'hostform.scenario-ok': { fr: 'Le scénario est accepté.', en: 'The scenario is accepted.' },
  'hostform.scenario-summary': { fr: 'Résumé (§12.6)', en: 'Summary (§12.6)' },
});

/**
 * The longest scenario text the creation form takes, in characters. The form is url-encoded and
 * the site takes bodies of 1 MB at most (http/server.ts): a JSON text grows up to three times when
 * encoded, so a quarter of that (the default map is 66 kB).
 */
export const SCENARIO_MAX_CHARS = 256 * 1024;

/** The rulesets whose host may bring his own scenario file (registry `scenario`). */
export function scenarioRulesets(): string[] {
  return rulesetsWith('scenario');
}

/** The scenario text typed for `ruleset` ('' without any; one character over the limit at most, to be refused). */
export function readScenarioText(body: Record<string, unknown>, ruleset: string): string {
  const v = body[`host.${ruleset}.scenario`];
  return typeof v === 'string' ? v.slice(0, SCENARIO_MAX_CHARS + 1) : '';
}

/** What the check of a scenario found (registry `scenario.check`), or why it could not be read. */
export interface ScenarioCheck { errors: string[]; warnings: string[]; summary: string | null }

/**
 * Reads and checks a scenario text for `ruleset`: the parsed JSON with the check's result, or the
 * reason it is not read (too long, not JSON) in `lang`. `text` must not be blank.
 */
export function checkScenarioText(ruleset: string, text: string, lang: Lang): { json: unknown; check: ScenarioCheck } | { error: string } {
  const entry = getRuleset(ruleset);
  if (!entry.scenario) return { error: t(lang, 'hostform.scenario-empty') };
  if (text.length > SCENARIO_MAX_CHARS) return { error: t(lang, 'hostform.scenario-too-big', { kb: SCENARIO_MAX_CHARS / 1024 }) };
  let json: unknown;
  try { json = JSON.parse(text); } catch (e) { return { error: t(lang, 'hostform.scenario-json', { error: e instanceof Error ? e.message : String(e) }) }; }
  return { json, check: entry.scenario.check(json, undefined, lang) };
}

/** The scenario's field in `ruleset`'s fieldset: the text, a file to read into it, the check button, and the last check's result. */
function scenarioHtml(lang: Lang, ruleset: string, text: string, result: { error?: string; check?: ScenarioCheck } | null, focus: boolean): Html {
  const fid = `host-${ruleset}-scenario`;
  const bad = !!result?.error || !!result?.check?.errors.length;
  const c = result?.check;
  return html`<div class="scenario-upload">
    <label for="${fid}">${t(lang, 'hostform.scenario')}</label>
    <p class="muted small" id="${fid}-help">${t(lang, 'hostform.scenario-help', { kb: SCENARIO_MAX_CHARS / 1024 })}</p>
    <p><label class="small">${t(lang, 'hostform.scenario-file')} <input type="file" accept=".json,application/json" data-scenario-into="${fid}" id="${fid}-file"></label></p>
    <textarea id="${fid}" name="host.${ruleset}.scenario" rows="5" spellcheck="false" class="mono" maxlength="${SCENARIO_MAX_CHARS}"
      aria-describedby="${fid}-help${result ? ` ${fid}-result` : ''}"${bad ? raw(' aria-invalid="true"') : ''}${focus ? raw(' autofocus') : ''}>${text}</textarea>
    <p><button type="submit" name="preview" value="${ruleset}" formnovalidate>${t(lang, 'hostform.scenario-check')}</button></p>
    ${result ? html`<div id="${fid}-result" class="scenario-result">
      ${result.error ? html`<p class="error" role="alert">${result.error}</p>` : ''}
      ${c?.errors.length ? html`<p class="error" role="alert">${t(lang, 'hostform.scenario-refused', { n: c.errors.length })}</p><h4>${t(lang, 'hostform.scenario-errors')}</h4><ul class="scenario-errors">${c.errors.map((e) => html`<li>${e}</li>`)}</ul>` : ''}
      ${c && !c.errors.length ? html`<p class="ok" role="status">${t(lang, 'hostform.scenario-ok')}</p>` : ''}
      ${c?.warnings.length ? html`<h4>${t(lang, 'hostform.scenario-warnings')}</h4><ul class="scenario-warnings">${c.warnings.map((w) => html`<li>${w}</li>`)}</ul>` : ''}
      ${c?.summary ? html`<details open><summary>${t(lang, 'hostform.scenario-summary')}</summary><pre class="scenario-summary">${c.summary}</pre></details>` : ''}
    </div>` : ''}
  </div>`;
}

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
export function hostFormHtml(lang: Lang, ruleset: string, opts: {
  values?: Record<string, string> | null; issues?: SeatIssue[]; focus?: boolean;
  /** The scenario text typed (rulesets with `scenario`), and the last check's result. */
  scenario?: { text: string; result: { error?: string; check?: ScenarioCheck } | null; focus?: boolean };
} = {}): Html | '' {
  const entry = getRuleset(ruleset);
  if (!entry.hostForm) return '';
  const fields = entry.hostForm.fields(lang);
  const issues = opts.issues ?? [];
  const first = opts.focus ? fields.find((f) => issues.some((i) => i.field === f.name))?.name : undefined;
  return html`<fieldset class="host-form" data-ruleset="${ruleset}">
    <legend>${t(lang, 'hostform.legend', { game: entry.ruleset.title[lang] })}</legend>
    ${issues.length ? html`<p class="error" role="alert">${t(lang, 'hostform.errors')}</p>` : ''}
    <div class="seat-fields">${fields.map((f) => fieldHtml(ruleset, f, opts.values?.[f.name] ?? '', issues.find((i) => i.field === f.name), lang, f.name === first, 'host'))}</div>
    ${entry.scenario ? scenarioHtml(lang, ruleset, opts.scenario?.text ?? '', opts.scenario?.result ?? null, !!opts.scenario?.focus) : ''}
  </fieldset>`;
}
