/**
 * Warrior Knights' host options in the site's creation form (registry `RulesetEntry.hostForm`; issue
 * 21 "lobby and private games … options and variants"): the game length of §7.4 (8, 10, 12 or 15
 * Influence a baron) and each variant of §7.4 and §8 that `WK_CONSTANTS.options` lists, as a yes/no
 * choice (default: off, as the table says). The options are stored with the game as `length` and
 * `variants` (index.ts `setup` lays the variants over `config.options`, a "yes" here winning over
 * the JSON constants); the JSON constants field of the form still sets anything else.
 */
import type { Lang, Localized, SeatField, SeatIssue } from '../../engine/ruleset.ts';
import { switchFields, switchValues, type HostSwitch } from '../../engine/host-switches.ts';
import { DEFAULT_CONFIG } from './constants.ts';
import { LENGTHS } from './index.ts';

const M = {
  length: { fr: 'Durée de la partie (Influence par baron, §7.4)', en: 'Game length (Influence per baron, §7.4)' },
  lengthHelp: { fr: '8 : plus courte ; 10 : normale ; 12 ou 15 : plus longue.', en: '8: shorter; 10: standard; 12 or 15: longer.' },
  badLength: { fr: 'Une durée parmi 8, 10, 12 et 15.', en: 'A length among 8, 10, 12 and 15.' },
} satisfies Record<string, Localized>;

/** The variants offered, each a boolean of `WK_CONSTANTS.options` (all off by default). */
const SWITCHES: readonly HostSwitch[] = [
  { name: 'strongholdsBlock', label: { fr: 'Les forteresses barrent le passage', en: 'Strongholds block movement' }, help: { fr: 'Le texte français ne nomme que les nobles et les cités ; avec cette option, une forteresse adverse arrête aussi les nobles (G-A11).', en: 'The French text names only nobles and cities; with this option an enemy stronghold stops nobles too (G-A11).' } },
  { name: 'lawOfTheStrongest', label: { fr: 'Loi du plus fort', en: 'Law of the Strongest' }, help: { fr: 'Seule la victoire militaire compte ; l’Influence ne fait pas gagner (§7.4).', en: 'Only military victory counts; Influence wins nothing (§7.4).' } },
  { name: 'heirExchange', label: { fr: 'Échanges d’héritiers', en: 'Heir exchange' }, help: { fr: 'Chaque noble a un héritier que les barons s’échangent, rendent ou exécutent (§7.4).', en: 'Each noble has an heir the barons trade, give back or execute (§7.4).' } },
  { name: 'playerElimination', label: { fr: 'Élimination d’un joueur', en: 'Player elimination' }, help: { fr: 'Un baron dont la forteresse est prise est éliminé ; le dernier baron debout gagne (§7.4).', en: 'A baron whose stronghold is captured is eliminated; the last baron standing wins (§7.4).' } },
  { name: 'freeFormMotions', label: { fr: 'Motions personnelles libres', en: 'Free-form Personal Motions' }, help: { fr: 'Une motion peut proposer une loi libre, votée comme les autres et appliquée par l’accord des barons, pas par l’arbitre (§7.4).', en: 'A motion may propose a free law, voted like the others and enforced by the barons’ agreement, not by the referee (§7.4).' } },
];

export function wkHostFields(lang: Lang): SeatField[] {
  return [
    { name: 'length', label: M.length[lang], kind: 'choice', options: LENGTHS.map((n) => ({ value: String(n), label: String(n) })), help: `${M.lengthHelp[lang]} (${DEFAULT_CONFIG.influence.perPlayer})` },
    ...switchFields(SWITCHES, DEFAULT_CONFIG.options, lang),
  ];
}

/** The form's values as the game's options: `length` (absent: the standard 10) and the variants turned on. */
export function wkHostOptions(values: Record<string, string>): { options: Record<string, unknown> } | { issues: SeatIssue[] } {
  const raw = (values.length ?? '').trim();
  const length = raw === '' ? DEFAULT_CONFIG.influence.perPlayer : Number(raw);
  const lengthIssues: SeatIssue[] = (LENGTHS as readonly number[]).includes(length) ? [] : [{ field: 'length', text: M.badLength }];
  const r = switchValues(SWITCHES, DEFAULT_CONFIG.options, values);
  const issues = [...lengthIssues, ...('issues' in r ? r.issues : [])];
  if (issues.length || 'issues' in r) return { issues };
  return { options: { length, ...(Object.keys(r.variants).length ? { variants: r.variants } : {}) } };
}
