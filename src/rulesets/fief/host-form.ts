/**
 * Fief's host options in the site's creation form (registry `RulesetEntry.hostForm`; issue 15 "the
 * optional rules of Appendix A as host options"): each option of `FIEF_CONSTANTS.options` as a
 * choice — A.1 relics, A.2 fog of war, A.3 free diplomacy or embassies (§11.6: free by default
 * online), A.4 no calamity on the first turn, A.5 hidden money — with the table's defaults. Stored
 * with the game as `variants` (index.ts `setup` lays them over `config.options`, the form winning
 * over the JSON constants); the form's JSON constants field still sets anything else.
 */
import type { Lang, Localized, SeatField, SeatIssue } from '../../engine/ruleset.ts';
import { DEFAULT_CONFIG } from './constants.ts';

/** The Appendix A options offered, each a boolean of `FIEF_CONSTANTS.options`. */
export const VARIANTS = ['relics', 'fogOfWar', 'freeDiplomacy', 'firstTurnNoCalamity', 'hiddenMoney'] as const;
export type FiefVariant = typeof VARIANTS[number];

const LABELS: Record<FiefVariant, { label: Localized; help: Localized; on: Localized; off: Localized }> = {
  relics: { label: { fr: 'Reliques (A.1)', en: 'Relics (A.1)' }, help: { fr: 'Les reliques des saints, gardées dans les évêchés, que les seigneurs emportent.', en: 'The saints’ relics, kept in the bishoprics, that lords carry off.' }, on: { fr: 'oui', en: 'yes' }, off: { fr: 'non', en: 'no' } },
  fogOfWar: { label: { fr: 'Brouillard de guerre (A.2)', en: 'Fog of war (A.2)' }, help: { fr: 'On voit le nombre de pions des autres familles, pas leur nature.', en: 'Other families’ tokens are seen as a number, not by kind.' }, on: { fr: 'oui', en: 'yes' }, off: { fr: 'non', en: 'no' } },
  freeDiplomacy: { label: { fr: 'Diplomatie (A.3)', en: 'Diplomacy (A.3)' }, help: { fr: 'Libre : on se parle à tout moment. Ambassades : seulement par les ambassadeurs, comme la règle de base.', en: 'Free: players talk at any time. Embassies: only through ambassadors, as the basic rules say.' }, on: { fr: 'libre', en: 'free' }, off: { fr: 'ambassades', en: 'embassies' } },
  firstTurnNoCalamity: { label: { fr: 'Pas de calamité au premier tour (A.4)', en: 'No calamity on the first turn (A.4)' }, help: { fr: 'Pour des joueurs débutants.', en: 'For beginners.' }, on: { fr: 'oui', en: 'yes' }, off: { fr: 'non', en: 'no' } },
  hiddenMoney: { label: { fr: 'Trésors cachés (A.5)', en: 'Hidden money (A.5)' }, help: { fr: 'Chacun ne voit que ses propres écus.', en: 'Each player sees his own écus only.' }, on: { fr: 'oui', en: 'yes' }, off: { fr: 'non', en: 'no' } },
};

const BAD: Localized = { fr: 'Choisissez une des réponses proposées.', en: 'Choose one of the answers offered.' };

export function fiefHostFields(lang: Lang): SeatField[] {
  // the default first, so that a form left as it is plays the table's defaults
  return VARIANTS.map((v): SeatField => {
    const l = LABELS[v];
    const opts = [{ value: 'yes', label: l.on[lang] }, { value: 'no', label: l.off[lang] }];
    return { name: v, label: l.label[lang], kind: 'choice', options: DEFAULT_CONFIG.options[v] ? opts : opts.reverse(), help: l.help[lang] };
  });
}

/** The form's values as the game's options: `variants`, each option the form set away from its default. */
export function fiefHostOptions(values: Record<string, string>): { options: Record<string, unknown> } | { issues: SeatIssue[] } {
  const issues: SeatIssue[] = [];
  const variants: Partial<Record<FiefVariant, boolean>> = {};
  for (const v of VARIANTS) {
    const x = (values[v] ?? '').trim();
    if (x === '') continue;
    if (x !== 'yes' && x !== 'no') { issues.push({ field: v, text: BAD }); continue; }
    if ((x === 'yes') !== DEFAULT_CONFIG.options[v]) variants[v] = x === 'yes';
  }
  if (issues.length) return { issues };
  return { options: Object.keys(variants).length ? { variants } : {} };
}
