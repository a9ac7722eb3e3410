/**
 * A ruleset's on/off host options (its variants) in the site's creation form (registry
 * `hostForm`): each a choice with the table's default first, read back as the switches the host
 * turned away from their defaults, and laid over the constants' `options` at setup. Fief (Appendix
 * A) and Warrior Knights (§7.4) use it; the platform knows only the fields.
 */
import type { Lang, Localized, SeatField, SeatIssue } from './ruleset.ts';

/** One switch: a boolean of the ruleset's `options` constants, with its words (default: yes / no). */
export interface HostSwitch { name: string; label: Localized; help: Localized; on?: Localized; off?: Localized }

const YES: Localized = { fr: 'oui', en: 'yes' };
const NO: Localized = { fr: 'non', en: 'no' };
const BAD: Localized = { fr: 'Choisissez une des réponses proposées.', en: 'Choose one of the answers offered.' };

/** The switches as choice fields, each with its default first (a form left as it is plays the defaults). */
export function switchFields(switches: readonly HostSwitch[], defaults: Record<string, boolean>, lang: Lang): SeatField[] {
  return switches.map((s): SeatField => {
    const on = { value: 'yes', label: (s.on ?? YES)[lang] }, off = { value: 'no', label: (s.off ?? NO)[lang] };
    return { name: s.name, label: s.label[lang], kind: 'choice', options: defaults[s.name] ? [on, off] : [off, on], help: s.help[lang] };
  });
}

/** The form's values: the switches set away from their defaults (none given: the default), or the issues by field. */
export function switchValues(switches: readonly HostSwitch[], defaults: Record<string, boolean>, values: Record<string, string>): { variants: Record<string, boolean> } | { issues: SeatIssue[] } {
  const issues: SeatIssue[] = [];
  const variants: Record<string, boolean> = {};
  for (const { name } of switches) {
    const x = (values[name] ?? '').trim();
    if (x === '') continue;
    if (x !== 'yes' && x !== 'no') { issues.push({ field: name, text: BAD }); continue; }
    if ((x === 'yes') !== !!defaults[name]) variants[name] = x === 'yes';
  }
  return issues.length ? { issues } : { variants };
}

/** The constants' overrides with the form's switches laid over their `options` (the form wins over the JSON constants). */
export function withVariants(config: Record<string, unknown> | undefined, variants: Record<string, boolean> | undefined): Record<string, unknown> | undefined {
  if (!variants || !Object.keys(variants).length) return config;
  return { ...(config ?? {}), options: { ...((config?.options as Record<string, unknown> | undefined) ?? {}), ...variants } };
}
