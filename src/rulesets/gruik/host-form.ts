/**
 * Game of Gruik's host options in the site's creation form (registry `RulesetEntry.hostForm`):
 * the campaign's length in seasons [P §1.7] and whether battles between two players may be played
 * on the table [P §6.12], each bounded by the constants table (`campaign.seasons`,
 * `campaign.tabletop`), and whether battle communiqués go to the GM first (J21,
 * `campaign.communiqueModeration`); GM_PRESENT [P §11.3] follows the form's "Game master" field, so a game
 * without a GM runs every judgment default at once. The scenario is the variant of the form's
 * game list ('anneau', 4–8 players; 'fixture', 2).
 */
import type { Lang, Localized, SeatField, SeatIssue } from '../../engine/ruleset.ts';
import type { NumberSpec } from '../../engine/constants.ts';
import { fill } from '../../engine/localize.ts';
import { GRUIK_CONSTANTS, DEFAULT_CONFIG } from './constants.ts';

const SEASONS = GRUIK_CONSTANTS.campaign.seasons.spec as NumberSpec;

const M = {
  seasons: { fr: 'Durée de la campagne (saisons ; 0 : sans fin)', en: 'Campaign length (seasons; 0: open-ended)' },
  seasonsHelp: { fr: 'À la fin, le classement du prestige désigne le vainqueur (§8.9).', en: 'At its end the prestige ranking names the winner (§8.9).' },
  tabletop: { fr: 'Batailles sur table', en: 'Tabletop battles' },
  tabletopHelp: { fr: 'Permises : quand les deux camps l’acceptent, une bataille entre deux joueurs se joue sur table (par exemple à HOTT) et le vainqueur en rend compte (§6.12.1) ; sinon la résolution automatique (ABR) la tranche.', en: 'Allowed: when both sides accept, a battle between two players is played on the table (e.g. with HOTT) and the winner reports it (§6.12.1); otherwise automatic resolution (ABR) decides it.' },
  yes: { fr: 'permises', en: 'allowed' },
  no: { fr: 'non (toujours l’ABR)', en: 'no (always ABR)' },
  moderation: { fr: 'Communiqués de bataille relus par le MJ (J21)', en: 'Battle communiqués read by the GM (J21)' },
  moderationHelp: { fr: 'Avec un MJ : chaque communiqué attend sa décision (publier, retenir, modifier) ; sans décision, il est publié quand l’étape se résout. Sans MJ : publiés aussitôt.', en: 'With a GM: each communiqué waits for his ruling (publish, withhold, edit); without one it is published when the step resolves. Without a GM: published at once.' },
  moderationOn: { fr: 'oui', en: 'yes' },
  listCheck: { fr: 'Listes d’armée vérifiées par le MJ (J6)', en: 'Army lists checked by the GM (J6)' },
  listCheckHelp: { fr: 'Avec un MJ et les batailles sur table : chaque liste remise attend sa vérification (acceptée, ou refusée : en remettre une autre) ; sans décision, elle est acceptée. Sans MJ : seul le total d’AP est vérifié.', en: 'With a GM and tabletop battles: each list handed in waits for his check (accepted, or refused: hand in another); without a ruling it is accepted. Without a GM: the AP total alone is checked.' },
  listCheckOff: { fr: 'non (total d’AP seulement)', en: 'no (AP total only)' },
  moderationOff: { fr: 'non (publiés aussitôt)', en: 'no (published at once)' },
  badSeasons: { fr: 'Un nombre entier de saisons, de {min} à {max}.', en: 'A whole number of seasons, from {min} to {max}.' },
} satisfies Record<string, Localized>;

export function gruikHostFields(lang: Lang): SeatField[] {
  return [
    { name: 'seasons', label: M.seasons[lang], kind: 'integer', min: SEASONS.min, max: SEASONS.max, optional: true, help: `${M.seasonsHelp[lang]} (${DEFAULT_CONFIG.campaign.seasons})` },
    { name: 'tabletop', label: M.tabletop[lang], kind: 'choice', options: [{ value: 'no', label: M.no[lang] }, { value: 'yes', label: M.yes[lang] }], help: M.tabletopHelp[lang] },
    { name: 'communiqueModeration', label: M.moderation[lang], kind: 'choice', options: [{ value: 'no', label: M.moderationOff[lang] }, { value: 'yes', label: M.moderationOn[lang] }], help: M.moderationHelp[lang] },
    { name: 'listCheck', label: M.listCheck[lang], kind: 'choice', options: [{ value: 'no', label: M.listCheckOff[lang] }, { value: 'yes', label: M.moderationOn[lang] }], help: M.listCheckHelp[lang] },
  ];
}

export function gruikHostOptions(values: Record<string, string>, ctx: { gm: boolean }): { options: Record<string, unknown> } | { issues: SeatIssue[] } {
  const raw = (values.seasons ?? '').trim();
  const seasons = raw === '' ? DEFAULT_CONFIG.campaign.seasons : /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(seasons) || seasons < SEASONS.min || seasons > SEASONS.max) return { issues: [{ field: 'seasons', text: fill(M.badSeasons, { min: SEASONS.min, max: SEASONS.max }) }] };
  return { options: { seasons, tabletop: values.tabletop === 'yes', gm: ctx.gm, ...(values.communiqueModeration === 'yes' ? { communiqueModeration: true } : {}), ...(values.listCheck === 'yes' ? { listCheck: true } : {}) } };
}
