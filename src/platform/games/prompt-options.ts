/**
 * The host's options of a game made of prompts (issue 14) in the creation form (game-pages.ts):
 * the pace (live, daily, weekly), each deadline class's length in minutes (empty: the ruleset's
 * length at the pace), after how many defaults in a row a player is absent, whether players may
 * take vacations, and whether a bot plays a seat opened for a replacement until someone takes it.
 * They are offered for the rulesets that declare deadline classes (`Ruleset.deadlineClasses`), and
 * passed to the service as `CreateGameInput.prompts`. The platform knows no class: it lists the
 * ruleset's own, with their names and lengths. The weekly schedule fields stay for the other rulesets
 * (create-game.js shows the fields of the kind chosen; without a script both are shown).
 */
import { PACES, type Lang, type Pace } from '../../engine/ruleset.ts';
import { getRuleset } from '../../rulesets/index.ts';
import { html, raw, type Html } from '../http/html.ts';
import { messages, t } from '../http/i18n.ts';
import { ABSENT_AFTER, type PromptOptions } from './api.ts';
import { allKinds } from './kinds.ts';
import { CLASS_MINUTES_MAX, CLASS_MINUTES_MIN } from './pace.ts';

messages({
  'gweb.prompts.title': { fr: 'Partie à questions : rythme et délais', en: 'Game of prompts: pace and deadlines' },
  'gweb.prompts.help': {
    fr: 'Ce jeu pose de petites questions, chacune avec son délai et sa réponse par défaut. Le rythme fixe la durée de chaque classe de délai ; vous pouvez la changer (en minutes ; vide : la durée du jeu au rythme choisi). Le jour et l’heure d’échéance ci-dessus ne servent pas.',
    en: 'This game asks small questions, each with its deadline and default answer. The pace sets the length of each deadline class; you may change it (in minutes; empty: the game’s length at the chosen pace). The deadline day and time above are not used.',
  },
  'gweb.prompts.pace': { fr: 'Rythme', en: 'Pace' },
  'gweb.prompts.pace.live': { fr: 'En direct (quelques minutes par question)', en: 'Live (a few minutes per question)' },
  'gweb.prompts.pace.daily': { fr: 'Quotidien', en: 'Daily' },
  'gweb.prompts.pace.weekly': { fr: 'Hebdomadaire', en: 'Weekly' },
  'gweb.prompts.class': { fr: '{class} (minutes)', en: '{class} (minutes)' },
  'gweb.prompts.absent': { fr: 'Absent après combien de réponses par défaut de suite', en: 'Absent after how many defaults in a row' },
  'gweb.prompts.vacations': { fr: 'Les joueurs peuvent prendre des vacances', en: 'Players may take vacations' },
  'gweb.prompts.bot': { fr: 'Un bot joue une place ouverte à un remplaçant jusqu’à ce que quelqu’un la prenne', en: 'A bot plays a seat opened for a replacement until someone takes it' },
  'gweb.err.pace': { fr: 'Rythme inconnu.', en: 'Unknown pace.' },
  'gweb.err.class-minutes': { fr: '{class} : une durée en minutes entières, de {min} à {max}.', en: '{class}: a length in whole minutes, from {min} to {max}.' },
  'gweb.err.absent-after': { fr: 'Un joueur est absent après {min} à {max} réponses par défaut de suite.', en: 'A player is absent after {min} to {max} defaults in a row.' },
});

/** The form's values, as typed. `minutes`: by ruleset id, then class name. */
export interface PromptFormValues { pace: string; minutes: Record<string, Record<string, string>>; absentAfter: string; vacations: boolean; openSeatBot: boolean }

export const defaultPromptValues = (): PromptFormValues => ({ pace: 'daily', minutes: {}, absentAfter: String(ABSENT_AFTER.default), vacations: true, openSeatBot: false });

/** The rulesets of the creation form that are played in prompts (they declare deadline classes). */
function promptRulesets(): string[] {
  return [...new Set(allKinds().map((k) => k.ruleset))].filter((id) => Object.keys(getRuleset(id).ruleset.deadlineClasses ?? {}).length > 0);
}

/** Whether games of this ruleset are made of prompts. */
export const isPromptRuleset = (id: string): boolean => Object.keys(getRuleset(id).ruleset.deadlineClasses ?? {}).length > 0;

/** The kinds (`ruleset/variant` keys) of the creation form whose games are made of prompts, for create-game.js. */
export const promptKinds = (): string[] => allKinds().filter((k) => isPromptRuleset(k.ruleset)).map((k) => k.key);

const classField = (ruleset: string, name: string): string => `cls:${ruleset}:${name}`;

/** The fields of the form's body: the common ones and each class's minutes (`cls:<ruleset>:<class>`). */
export function readPromptValues(b: Record<string, unknown>, str: (v: unknown, max?: number) => string): PromptFormValues {
  const minutes: Record<string, Record<string, string>> = {};
  for (const id of promptRulesets()) {
    minutes[id] = {};
    for (const name of Object.keys(getRuleset(id).ruleset.deadlineClasses!)) minutes[id]![name] = str(b[classField(id, name)], 10).trim();
  }
  const on = (v: unknown) => v === '1' || v === 'on' || v === true;
  return { pace: str(b.pace, 10), minutes, absentAfter: str(b.absentAfter, 10).trim(), vacations: on(b.vacations), openSeatBot: on(b.openSeatBot) };
}

/** The fieldset of the creation form (every ruleset of prompts: its classes with their lengths at the chosen pace). */
export function promptOptionsFields(lang: Lang, val: PromptFormValues): Html {
  const rulesets = promptRulesets();
  if (!rulesets.length) return html``;
  const pace: Pace = PACES.includes(val.pace as Pace) ? val.pace as Pace : 'daily';
  return html`<fieldset class="prompt-options" id="prompt-options" data-kinds="${promptKinds().join(' ')}">
    <legend>${t(lang, 'gweb.prompts.title')}</legend>
    <p class="muted small">${t(lang, 'gweb.prompts.help')}</p>
    <div class="row">
      <label>${t(lang, 'gweb.prompts.pace')} <select name="pace" id="create-pace">${PACES.map((p) => html`<option value="${p}"${p === pace ? raw(' selected') : ''}>${t(lang, `gweb.prompts.pace.${p}`)}</option>`)}</select></label>
      <label>${t(lang, 'gweb.prompts.absent')} <input name="absentAfter" type="number" min="${ABSENT_AFTER.min}" max="${ABSENT_AFTER.max}" step="1" inputmode="numeric" value="${val.absentAfter}"></label>
    </div>
    ${rulesets.map((id) => {
      const rs = getRuleset(id).ruleset;
      return html`<div class="row class-minutes" data-ruleset="${id}">${Object.entries(rs.deadlineClasses!).map(([name, c]) => html`<label>${t(lang, 'gweb.prompts.class', { class: `${rs.title[lang]} — ${c.label[lang]}` })}
        <input name="${classField(id, name)}" type="number" min="${CLASS_MINUTES_MIN}" max="${CLASS_MINUTES_MAX}" step="1" inputmode="numeric" placeholder="${c.minutes[pace]}"
          data-minutes="${JSON.stringify(c.minutes)}" value="${val.minutes[id]?.[name] ?? ''}"></label>`)}</div>`;
    })}
    <label class="check"><input type="checkbox" name="vacations" value="1"${val.vacations ? raw(' checked') : ''}> ${t(lang, 'gweb.prompts.vacations')}</label>
    <label class="check"><input type="checkbox" name="openSeatBot" value="1"${val.openSeatBot ? raw(' checked') : ''}> ${t(lang, 'gweb.prompts.bot')}</label>
  </fieldset>`;
}

/** The service's options from the form's values for a game of `ruleset`, or the reason they are refused (in `lang`). */
export function checkPromptValues(lang: Lang, ruleset: string, val: PromptFormValues): { prompts: PromptOptions } | { error: string } {
  if (!PACES.includes(val.pace as Pace)) return { error: t(lang, 'gweb.err.pace') };
  const absentAfter = val.absentAfter === '' ? ABSENT_AFTER.default : Number(val.absentAfter);
  if (!Number.isInteger(absentAfter) || absentAfter < ABSENT_AFTER.min || absentAfter > ABSENT_AFTER.max) return { error: t(lang, 'gweb.err.absent-after', { min: ABSENT_AFTER.min, max: ABSENT_AFTER.max }) };
  const rs = getRuleset(ruleset).ruleset;
  const minutes: Record<string, number> = {};
  for (const [name, c] of Object.entries(rs.deadlineClasses ?? {})) {
    const given = val.minutes[ruleset]?.[name] ?? '';
    if (given === '') continue;
    const n = /^\d{1,6}$/.test(given) ? Number(given) : NaN;
    if (!Number.isInteger(n) || n < CLASS_MINUTES_MIN || n > CLASS_MINUTES_MAX) return { error: t(lang, 'gweb.err.class-minutes', { class: c.label[lang], min: CLASS_MINUTES_MIN, max: CLASS_MINUTES_MAX }) };
    minutes[name] = n;
  }
  return { prompts: { pace: val.pace as Pace, minutes: Object.keys(minutes).length ? minutes : null, absentAfter, vacations: val.vacations, openSeatBot: val.openSeatBot } };
}
