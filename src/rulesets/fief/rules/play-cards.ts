/**
 * Step 2.C, playing cards: rules §6.4 [T §2.4.1–§2.4.7], one pass in turn order [P G-50]: each
 * player plays any ♦ cards he wants in his slot (decision #11, default: play nothing).
 * - Lord (§6.4.1): at most `family.maxLords` lords, prisoners included; the lord is placed by the
 *   cascade of placement.ts (#12: the player's village at the highest level, default the first in
 *   board order); at level 4 with no free village, the controllers' consent (#13, one parallel
 *   batch, default refuse [P G-57]): nobody agrees, the card stays in hand. The queen's player may
 *   make a new male lord the crown prince (#14, default no) [T §1.8.2].
 * - Good Harvest (§6.4.2) / Fair Weather (§6.4.3): not on Bad Weather / Famine; ends a Famine / Bad
 *   Weather (both cards discarded), else a bonus, one of each kind per bishopric [T §2.4.7].
 * - Tax (§6.4.4–§6.4.6): a taille on the lord's own fief or, for the king or the queen regent, on a
 *   fief not governed; a tithe by a bishop on his bishopric, by a cardinal on a governed bishopric,
 *   by the pope on all governed bishoprics (the marker in the centre); a titled prisoner still
 *   counts [T §2.4.4]; a free tax marker is needed [P]; the card is discarded.
 * Surprise (⚡) cards are played through their own protocol, not here.
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import { BOARD, type BishopricNo, type FiefId, type VillageId } from '../board.ts';
import { cardKind, LORD_CARDS, type CardId } from '../cards.ts';
import { newLord } from '../setup.ts';
import type { FiefState, LordId, TitleId } from '../state.ts';
import { turnOrder } from '../turn-order.ts';
import { struck } from './calamities.ts';
import { placeLord } from './pieces.ts';
import { placementOptions } from './placement.ts';

export type CardPlay =
  | { card: CardId; village?: VillageId; consents?: VillageId[]; crownPrince?: boolean } // a Lord card
  | { card: CardId; bishopric: BishopricNo } // Good Harvest, Fair Weather
  | { card: CardId; taille: FiefId } // Tax: taille
  | { card: CardId; tithe: BishopricNo; as: 'BISHOP' | 'CARDINAL' } // Tax: tithe
  | { card: CardId; papalTithe: true }; // Tax: the pope's tithe

export type PlayRefusal =
  | 'not-in-hand' | 'not-a-phase-card' | 'wrong-target' | 'family-full' | 'placement' | 'no-consent'
  | 'bad-weather' | 'famine' | 'bonus-already' | 'no-tax-marker' | 'no-right' | 'already-taxed' | 'not-governed';

export const PLAY_REFUSALS: Record<PlayRefusal, Localized> = {
  'not-in-hand': { fr: 'Vous n’avez pas cette carte en main.', en: 'You do not hold that card.' },
  'not-a-phase-card': { fr: 'Cette carte ne se joue pas ainsi pendant la phase des cartes.', en: 'This card is not played this way in the cards phase.' },
  'wrong-target': { fr: 'Cette carte ne se joue pas sur cette cible.', en: 'This card cannot be played on that target.' },
  'family-full': { fr: 'Votre famille compte déjà le nombre maximal de seigneurs, prisonniers compris.', en: 'Your family already has the most lords allowed, prisoners included.' },
  placement: { fr: 'Le nouveau seigneur ne peut pas arriver dans ce village : la règle de placement en impose un autre.', en: 'The new lord cannot arrive in that village: the placement rule requires another.' },
  'no-consent': { fr: 'Aucun des seigneurs des villages possibles n’a accepté d’accueillir le nouveau seigneur : la carte reste en main.', en: 'None of the controllers of the possible villages agreed to host the new lord: the card stays in hand.' },
  'bad-weather': { fr: 'Des intempéries frappent cet évêché : Bonnes récoltes ne s’y joue pas.', en: 'Bad weather strikes that bishopric: Good Harvest cannot be played there.' },
  famine: { fr: 'La famine frappe cet évêché : Beau temps ne s’y joue pas.', en: 'Famine strikes that bishopric: Fair Weather cannot be played there.' },
  'bonus-already': { fr: 'Cet évêché a déjà ce bonus ce tour.', en: 'That bishopric already has this bonus this turn.' },
  'no-tax-marker': { fr: 'Vous n’avez plus de marqueur d’impôt libre.', en: 'You have no free tax marker left.' },
  'no-right': { fr: 'Aucun de vos seigneurs n’a le droit de lever cet impôt.', en: 'None of your lords has the right to levy that tax.' },
  'already-taxed': { fr: 'Vous levez déjà cet impôt ce tour.', en: 'You already levy that tax this turn.' },
  'not-governed': { fr: 'Cet évêché n’a pas d’évêque : on n’y lève pas la dîme.', en: 'That bishopric has no bishop: no tithe can be levied there.' },
};

export type PlayResult = { ok: true; state: FiefState; lord?: LordId } | { ok: false; reason: PlayRefusal };

const holds = (s: FiefState, p: PlayerId, t: TitleId): boolean => { const h = s.titles[t]?.holder; return !!h && s.lords[h]?.owner === p; };
const governed = (s: FiefState, b: BishopricNo) => s.titles[`BISHOP:${b}`].holder !== null;
const kingOrRegent = (s: FiefState, p: PlayerId) => holds(s, p, 'KING') || (holds(s, p, 'QUEEN') && s.titles.QUEEN.regent === true);

function discard(s: FiefState, player: PlayerId, card: CardId): void {
  s.hands[player] = s.hands[player]!.filter((c) => c !== card);
}

/** §6.4.1: a Lord card. */
function playLord(state: FiefState, player: PlayerId, play: { card: CardId; village?: VillageId; consents?: VillageId[]; crownPrince?: boolean }): PlayResult {
  if (state.families[player]!.lords.length >= state.config.family.maxLords) return { ok: false, reason: 'family-full' }; // [T §2.4.1]
  const opts = placementOptions(state, player);
  const needsConsent = Object.keys(opts.consentFrom).length > 0;
  // [P G-57] consent only when no village is free: the lord goes where a controller agreed.
  const allowed = needsConsent ? opts.villages.filter((v) => play.consents?.includes(v)) : opts.villages;
  if (allowed.length === 0) return { ok: false, reason: 'no-consent' };
  const village = play.village ?? allowed[0]!; // #12 default: the first legal village in board order
  if (!allowed.includes(village)) return { ok: false, reason: 'placement' };
  const s = structuredClone(state);
  discard(s, player, play.card);
  const lord = newLord(s, play.card, player);
  s.nextLordSerial += 1;
  s.lords[lord.id] = lord;
  s.families[player]!.lords.push(lord.id);
  placeLord(s, lord.id, village);
  // [T §1.8.2] #14: the queen's player, the king alive, the queen free, a new male lord, no crown prince yet.
  const queen = s.titles.QUEEN.holder;
  if (play.crownPrince && lord.gender === 'M' && queen && s.lords[queen]!.owner === player && s.lords[queen]!.prisonerOf === null
    && s.titles.KING.holder !== null && s.titles.CROWN_PRINCE.holder === null) {
    s.titles.CROWN_PRINCE.holder = lord.id;
    s.titles.CROWN_PRINCE.couple = [s.titles.KING.holder, queen]; // [T §1.7] the royal marriage is consummated
    s.lords[lord.id]!.titles.push('CROWN_PRINCE');
  }
  return { ok: true, state: s, lord: lord.id };
}

/** One card played in step 2.C. */
export function playCard(state: FiefState, player: PlayerId, play: CardPlay): PlayResult {
  if (!(state.hands[player] ?? []).includes(play.card)) return { ok: false, reason: 'not-in-hand' };
  const kind = cardKind(play.card);
  if (kind === 'LORD') {
    if (!LORD_CARDS[play.card] || 'bishopric' in play || 'taille' in play || 'tithe' in play || 'papalTithe' in play) return { ok: false, reason: 'wrong-target' };
    return playLord(state, player, play);
  }
  if (kind === 'GOOD_HARVEST' || kind === 'FAIR_WEATHER') {
    if (!('bishopric' in play) || !BOARD.bishoprics[play.bishopric]) return { ok: false, reason: 'wrong-target' };
    const b = play.bishopric;
    const [blocks, cures] = kind === 'GOOD_HARVEST' ? ['BAD_WEATHER', 'FAMINE'] as const : ['FAMINE', 'BAD_WEATHER'] as const;
    if (struck(state, b, blocks)) return { ok: false, reason: blocks === 'BAD_WEATHER' ? 'bad-weather' : 'famine' }; // [T §2.4.2, §2.4.3]
    const s = structuredClone(state);
    discard(s, player, play.card);
    const st = s.bishoprics[b];
    const cured = st.calamities.find((c) => cardKind(c) === cures);
    if (cured) { // [T §2.4.2, §2.4.3] both cards discarded, the calamity ends
      st.calamities = st.calamities.filter((c) => c !== cured);
      s.secret.eventDiscard.push(cured, play.card);
      return { ok: true, state: s };
    }
    if (st.bonuses.some((c) => cardKind(c) === kind)) return { ok: false, reason: 'bonus-already' }; // [T §2.4.7] each bonus once
    st.bonuses.push(play.card);
    return { ok: true, state: s };
  }
  if (kind !== 'TAX') return { ok: false, reason: 'not-a-phase-card' };
  if (state.families[player]!.taxMarkers <= 0) return { ok: false, reason: 'no-tax-marker' }; // [P]
  const s = structuredClone(state);
  if ('taille' in play) { // §6.4.5 [T §2.4.5]
    const f = play.taille;
    if (!BOARD.fiefs[f]) return { ok: false, reason: 'wrong-target' };
    const title = `FIEF:${f}` as TitleId;
    const right = holds(state, player, title) || (s.titles[title].holder === null && kingOrRegent(state, player));
    if (!right) return { ok: false, reason: 'no-right' };
    if (s.taille[f] !== null) return { ok: false, reason: 'already-taxed' };
    s.taille[f] = player;
  } else if ('tithe' in play) { // §6.4.6 [T §2.4.6]
    const b = play.tithe;
    if (!BOARD.bishoprics[b]) return { ok: false, reason: 'wrong-target' };
    if (!governed(state, b)) return { ok: false, reason: 'not-governed' };
    const right = play.as === 'BISHOP' ? holds(state, player, `BISHOP:${b}`) : (['CARDINAL:1', 'CARDINAL:2', 'CARDINAL:3', 'CARDINAL:BOUGHT'] as const).some((h) => holds(state, player, h));
    if (!right) return { ok: false, reason: 'no-right' };
    if (s.bishoprics[b].tithes.some((t) => t.player === player)) return { ok: false, reason: 'already-taxed' };
    // [T §2.4.6] between cardinals the first to play has priority: `order` counts the tithes played this turn.
    const order = 1 + Object.values(s.bishoprics).reduce((n, x) => n + x.tithes.length, 0);
    s.bishoprics[b].tithes.push({ player, as: play.as, order });
  } else if ('papalTithe' in play) { // [T §1.7 ex.] one card, every governed bishopric
    if (!holds(state, player, 'POPE')) return { ok: false, reason: 'no-right' };
    if (s.papalTithe !== null) return { ok: false, reason: 'already-taxed' };
    s.papalTithe = player;
  } else return { ok: false, reason: 'wrong-target' };
  s.families[player]!.taxMarkers -= 1;
  discard(s, player, play.card);
  s.secret.eventDiscard.push(play.card); // [T §2.4.4] the card is discarded, the marker stays
  return { ok: true, state: s };
}

export interface PlayLine { player: PlayerId; played: CardId[]; refused: { card: CardId; reason: PlayRefusal }[] }

/** Step 2.C: each player in turn order plays his cards in the order given; a missing answer plays nothing (#11). */
export function runPlayStep(state: FiefState, answers: Partial<Record<PlayerId, CardPlay[]>> = {}): { state: FiefState; lines: PlayLine[] } {
  let s = state;
  const lines: PlayLine[] = [];
  for (const p of turnOrder(s.players, s.firstPlayer ?? s.players[0]!)) {
    const line: PlayLine = { player: p, played: [], refused: [] };
    for (const play of (answers[p] ?? []).slice(0, s.config.family.handLimit)) { // a hand holds at most handLimit cards
      const r = playCard(s, p, play);
      if (r.ok) { s = r.state; line.played.push(play.card); } else line.refused.push({ card: play.card, reason: r.reason });
    }
    lines.push(line);
  }
  return { state: s, lines };
}
