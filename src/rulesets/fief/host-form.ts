/**
 * Fief's host options in the site's creation form (registry `RulesetEntry.hostForm`; issue 15 "the
 * optional rules of Appendix A as host options"): each option of `FIEF_CONSTANTS.options` as a
 * choice (engine host-switches.ts) — A.1 relics, A.2 fog of war, A.3 free diplomacy or embassies
 * (§11.6: free by default online), A.4 no calamity on the first turn, A.5 hidden money — with the
 * table's defaults. Stored with the game as `variants` (index.ts `setup` lays them over
 * `config.options`, the form winning over the JSON constants); the form's JSON constants field
 * still sets anything else.
 */
import type { Lang, SeatField, SeatIssue } from '../../engine/ruleset.ts';
import { switchFields, switchValues, type HostSwitch } from '../../engine/host-switches.ts';
import { DEFAULT_CONFIG } from './constants.ts';

const SWITCHES: readonly HostSwitch[] = [
  { name: 'relics', label: { fr: 'Reliques (A.1)', en: 'Relics (A.1)' }, help: { fr: 'Les reliques des saints, gardées dans les évêchés, que les seigneurs emportent.', en: 'The saints’ relics, kept in the bishoprics, that lords carry off.' } },
  { name: 'fogOfWar', label: { fr: 'Brouillard de guerre (A.2)', en: 'Fog of war (A.2)' }, help: { fr: 'On voit le nombre de pions des autres familles, pas leur nature.', en: 'Other families’ tokens are seen as a number, not by kind.' } },
  { name: 'freeDiplomacy', label: { fr: 'Diplomatie (A.3)', en: 'Diplomacy (A.3)' }, help: { fr: 'Libre : on se parle à tout moment. Ambassades : seulement par les ambassadeurs, comme la règle de base.', en: 'Free: players talk at any time. Embassies: only through ambassadors, as the basic rules say.' }, on: { fr: 'libre', en: 'free' }, off: { fr: 'ambassades', en: 'embassies' } },
  { name: 'firstTurnNoCalamity', label: { fr: 'Pas de calamité au premier tour (A.4)', en: 'No calamity on the first turn (A.4)' }, help: { fr: 'Pour des joueurs débutants.', en: 'For beginners.' } },
  { name: 'hiddenMoney', label: { fr: 'Trésors cachés (A.5)', en: 'Hidden money (A.5)' }, help: { fr: 'Chacun ne voit que ses propres écus.', en: 'Each player sees his own écus only.' } },
];

export function fiefHostFields(lang: Lang): SeatField[] {
  return switchFields(SWITCHES, DEFAULT_CONFIG.options, lang);
}

/** The form's values as the game's options: `variants`, each option the form set away from its default. */
export function fiefHostOptions(values: Record<string, string>): { options: Record<string, unknown> } | { issues: SeatIssue[] } {
  const r = switchValues(SWITCHES, DEFAULT_CONFIG.options, values);
  if ('issues' in r) return r;
  return { options: Object.keys(r.variants).length ? { variants: r.variants } : {} };
}
