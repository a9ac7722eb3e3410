/**
 * A second fief title passed on, rules §5.3 [T §4.3] with [P G-28]: a lord with two fief titles
 * must keep the more important one (duchy > county > barony, by the fief's size) and may pass the
 * other to a member of his own family who holds fewer than `family.maxFiefTitlesPerLord`. A free
 * action (§4.0, decision #42), allowed at any time except during vote placement [P G-28] (the
 * caller, the flow, checks that moment).
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import { BOARD } from '../board.ts';
import type { FiefState, LordId, TitleId } from '../state.ts';

export type PassTitleRefusal = 'not-yours' | 'not-two-titles' | 'keeps-the-greater' | 'other-family' | 'receiver-full';
export const PASS_TITLE_REFUSALS: Record<PassTitleRefusal, Localized> = {
  'not-yours': { fr: 'Ce seigneur ou ce titre n’est pas à vous.', en: 'That lord or that title is not yours.' },
  'not-two-titles': { fr: 'Seul un seigneur qui porte deux titres de fief peut en céder un.', en: 'Only a lord holding two fief titles may pass one on.' },
  'keeps-the-greater': { fr: 'Un seigneur garde le plus important de ses deux fiefs : il ne peut céder que l’autre.', en: 'A lord keeps the greater of his two fiefs: he may pass on only the other.' },
  'other-family': { fr: 'Le titre ne peut passer qu’à un seigneur de la même famille.', en: 'The title may pass only to a lord of the same family.' },
  'receiver-full': { fr: 'Ce seigneur porte déjà le nombre maximal de titres de fief.', en: 'That lord already holds the most fief titles allowed.' },
};

const size = (t: TitleId) => BOARD.fiefs[t.slice(5)]!.size;
const fiefTitles = (s: FiefState, id: LordId) => s.lords[id]!.titles.filter((t) => t.startsWith('FIEF:'));

export function passFiefTitle(state: FiefState, player: PlayerId, from: LordId, title: TitleId, to: LordId): { ok: true; state: FiefState } | { ok: false; reason: PassTitleRefusal } {
  const giver = state.lords[from];
  if (!giver || giver.owner !== player || !giver.titles.includes(title) || !title.startsWith('FIEF:')) return { ok: false, reason: 'not-yours' };
  const held = fiefTitles(state, from);
  if (held.length < 2) return { ok: false, reason: 'not-two-titles' };
  const other = held.find((t) => t !== title)!;
  if (size(title) > size(other)) return { ok: false, reason: 'keeps-the-greater' }; // [T §4.3]; equal ranks: either may go [P]
  if (state.lords[to]?.owner !== player || to === from) return { ok: false, reason: 'other-family' };
  if (fiefTitles(state, to).length >= state.config.family.maxFiefTitlesPerLord) return { ok: false, reason: 'receiver-full' };
  const s = structuredClone(state);
  s.lords[from]!.titles = s.lords[from]!.titles.filter((t) => t !== title);
  s.lords[to]!.titles.push(title);
  s.titles[title].holder = to;
  return { ok: true, state: s };
}
