/**
 * A ruleset's seat form on the site (engine `SeatForm`: what a player chooses for his own seat
 * when he joins, e.g. an Adventurer Kings King's race, alignment and talents). The platform knows
 * no rule: it renders the fields the ruleset lists, reads back the values typed, and shows each of
 * the ruleset's errors beside its field (aria-invalid, aria-describedby). Field names are
 * `seat.<ruleset>.<field>`, so that the creation form can hold the forms of several rulesets and
 * read only the chosen game's.
 */
import type { Lang, SeatField, SeatIssue } from '../../engine/ruleset.ts';
import { getRuleset, loadRulesets, rulesetsWith } from '../../rulesets/index.ts';
import { html, raw, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';

messages({
  'seat.legend': { fr: 'Vos choix pour cette partie ({game})', en: 'Your choices for this game ({game})' },
  'seat.legend-create': { fr: 'Vos choix si la partie est de {game}', en: 'Your choices if the game is {game}' },
  'seat.help': { fr: 'Un champ laissé vide est tiré au hasard par l’arbitre.', en: 'A field left empty is drawn at random by the referee.' },
  'seat.errors': { fr: 'Vos choix sont à corriger : voyez les champs marqués.', en: 'Your choices need correcting: see the marked fields.' },
  'seat.total': { fr: 'Placés :', en: 'Placed:' },
});

const id = (ruleset: string, field: string, prefix = 'seat'): string => `${prefix}-${ruleset}-${field}`.replace(/[^A-Za-z0-9_-]/g, '-');
const nameOf = (ruleset: string, field: string, prefix = 'seat'): string => `${prefix}.${ruleset}.${field}`;

/** The rulesets that have a seat form. */
export function seatFormRulesets(): string[] {
  return rulesetsWith('seatForm');
}

/** Loads the rulesets that have a seat form (the lobby shows them), before their forms are drawn or read. */
export async function loadSeatFormRulesets(): Promise<void> {
  await loadRulesets(rulesetsWith('seatForm'));
}

/** The values typed for `ruleset`'s seat form (its own fields only, each at most 100 characters); null when it has none. */
export function readSeatValues(body: Record<string, unknown>, ruleset: string, options?: unknown): Record<string, string> | null {
  const form = getRuleset(ruleset).ruleset.seatForm;
  if (!form) return null;
  const out: Record<string, string> = {};
  for (const f of form.fields('en', options)) {
    const v = body[nameOf(ruleset, f.name)];
    if (typeof v === 'string' && v.trim()) out[f.name] = v.slice(0, 100);
  }
  return out;
}

/** One field of a ruleset's form, named `<prefix>.<ruleset>.<field>` (`seat`: the seat form; `host`: the host's options, host-form.ts). */
export function fieldHtml(ruleset: string, f: SeatField, value: string, issue: SeatIssue | undefined, lang: Lang, focus = false, prefix = 'seat'): Html {
  const fid = id(ruleset, f.name, prefix);
  const err = issue ? html`<p class="error" id="${fid}-error">${issue.text[lang]}</p>` : '';
  const aria = raw(`${issue ? ` aria-invalid="true" aria-describedby="${fid}-error"` : f.help ? ` aria-describedby="${fid}-help"` : ''}${focus ? ' autofocus' : ''}`);
  const help = f.help ? html`<p class="muted small" id="${fid}-help">${f.help}</p>` : '';
  if (f.kind === 'choice') {
    return html`<div class="seat-field"><label for="${fid}">${f.label}</label>
      <select id="${fid}" name="${nameOf(ruleset, f.name, prefix)}"${aria}>${f.options.map((o) => html`<option value="${o.value}"${o.value === value ? raw(' selected') : ''}>${o.label}</option>`)}</select>${help}${err}</div>`;
  }
  if (f.kind === 'integer') {
    return html`<div class="seat-field"><label for="${fid}">${f.label}</label>
      <input id="${fid}" name="${nameOf(ruleset, f.name, prefix)}" type="number" inputmode="numeric" step="1"${f.min !== undefined ? raw(` min="${f.min}"`) : ''}${f.max !== undefined ? raw(` max="${f.max}"`) : ''} value="${value}" placeholder="0"${aria}>${help}${err}</div>`;
  }
  return html`<div class="seat-field"><label for="${fid}">${f.label}</label>
    <input id="${fid}" name="${nameOf(ruleset, f.name, prefix)}" maxlength="100" value="${value}"${aria}>${help}${err}</div>`;
}

/**
 * The seat form of `ruleset` as a fieldset (empty when the ruleset has none): its fields, its
 * groups (e.g. the talents, with the limits in their help line), the values typed and the issues
 * (each beside its field; an issue on a group, beside the group's legend).
 */
export function seatFormHtml(lang: Lang, ruleset: string, opts: { options?: unknown; values?: Record<string, string> | null; issues?: SeatIssue[]; create?: boolean; focus?: boolean } = {}): Html | '' {
  const entry = getRuleset(ruleset);
  const form = entry.ruleset.seatForm;
  if (!form) return '';
  const fields = form.fields(lang, opts.options);
  const groups = form.groups?.(lang, opts.options) ?? {};
  const issues = opts.issues ?? [];
  const issueOf = (name: string) => issues.find((i) => i.field === name);
  const value = (name: string) => opts.values?.[name] ?? '';
  const loose = fields.filter((f) => !f.group);
  const groupNames = [...new Set(fields.filter((f) => f.group).map((f) => f.group!))];
  const game = entry.ruleset.title[lang];
  // `focus`: the first field in error, in the order shown (a group's issue: its first field), takes the focus.
  const shown = [...loose, ...groupNames.flatMap((g) => fields.filter((f) => f.group === g))];
  const first = opts.focus ? shown.find((f) => issueOf(f.name) || (f.group && issueOf(f.group)))?.name : undefined;
  return html`<fieldset class="seat-form" data-ruleset="${ruleset}">
    <legend>${t(lang, opts.create ? 'seat.legend-create' : 'seat.legend', { game })}</legend>
    <p class="muted small">${t(lang, 'seat.help')}</p>
    ${issues.length ? html`<p class="error" role="alert">${t(lang, 'seat.errors')}</p>` : ''}
    <div class="seat-fields">${loose.map((f) => fieldHtml(ruleset, f, value(f.name), issueOf(f.name), lang, f.name === first))}</div>
    ${groupNames.map((g) => {
      const gi = issueOf(g);
      const gid = id(ruleset, g);
      const max = groups[g]?.max;
      const sum = fields.filter((f) => f.group === g && f.kind === 'integer').reduce((a, f) => a + (Number(value(f.name)) || 0), 0);
      return html`<fieldset class="seat-group" id="${gid}"${max !== undefined ? raw(` data-sum-max="${max}"`) : ''}${gi ? raw(` aria-describedby="${gid}-error"`) : ''}>
        <legend>${groups[g]?.legend ?? g}</legend>
        ${groups[g]?.help ? html`<p class="muted small">${groups[g]!.help}</p>` : ''}
        ${max !== undefined ? html`<p class="seat-total${sum > max ? ' over' : ''}">${t(lang, 'seat.total')} <output aria-live="polite">${sum}</output> / ${max}</p>` : ''}
        ${gi ? html`<p class="error" id="${gid}-error">${gi.text[lang]}</p>` : ''}
        <div class="seat-grid">${fields.filter((f) => f.group === g).map((f) => fieldHtml(ruleset, f, value(f.name), issueOf(f.name), lang, f.name === first))}</div>
      </fieldset>`;
    })}
  </fieldset>`;
}
