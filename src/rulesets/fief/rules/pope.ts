/**
 * The pope's powers that act in phase 1 (and at any time): rules §5.11 [T §1.7 box] and §5.1
 * [T §1.1.1] with [P G-40] (excommunication details) and [P G-41] (the royal marriage annulled).
 * - Excommunicate a lord (#8, a free action): the pope's player, once per turn
 *   (`church.excommunicationsPerTurn`, not reset by a lifting [P G-40]), one lord at a time, never
 *   the pope himself [P G-40]. The lord loses his religious titles (crosier and hat back; a
 *   card-linked hat's Cardinal card discarded, the bought hat back on the board [P G-40]), and with
 *   them the tithes they levied [T-FAQ §5.9.5]; royal and fief titles stay [P G-40]. He can no
 *   longer vote or stand (elections.ts).
 * - Lift it, at any time (#8); the pope's death lifts it (kill-lord.ts).
 * - Annul a marriage at either spouse's request (#7, default refuse): never the royal marriage once
 *   a crown prince was put in play for that couple, even dead [T §1.7]; an annulled royal marriage
 *   takes the queen's title, the king stays king [P G-41].
 * Each returns a new state or a typed refusal in both languages.
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import type { BishopricNo } from '../board.ts';
import type { FiefState, LordId, TitleId } from '../state.ts';

export type PopeRefusal = 'no-pope' | 'not-the-pope' | 'unknown-lord' | 'pope-himself' | 'one-at-a-time' | 'once-per-turn'
  | 'none-excommunicated' | 'not-married' | 'not-a-spouse' | 'consummated';

export const POPE_REFUSALS: Record<PopeRefusal, Localized> = {
  'no-pope': { fr: 'Il n’y a pas de pape en jeu.', en: 'There is no pope in play.' },
  'not-the-pope': { fr: 'Seul le joueur du pape exerce ce pouvoir.', en: 'Only the pope’s player wields this power.' },
  'unknown-lord': { fr: 'Ce seigneur n’est pas en jeu.', en: 'That lord is not in play.' },
  'pope-himself': { fr: 'Le pape ne peut pas s’excommunier lui-même.', en: 'The pope cannot excommunicate himself.' },
  'one-at-a-time': { fr: 'Un seul seigneur peut être excommunié à la fois.', en: 'Only one lord may be excommunicated at a time.' },
  'once-per-turn': { fr: 'Le pape a déjà excommunié autant de fois que permis ce tour.', en: 'The pope has already excommunicated as often as allowed this turn.' },
  'none-excommunicated': { fr: 'Aucun seigneur n’est excommunié.', en: 'No lord is excommunicated.' },
  'not-married': { fr: 'Ce seigneur n’est pas marié.', en: 'That lord is not married.' },
  'not-a-spouse': { fr: 'Seul le joueur de l’un des époux peut demander l’annulation.', en: 'Only a spouse’s player may ask for the annulment.' },
  consummated: { fr: 'Un prince héritier a été mis en jeu pour ce couple royal : le mariage ne peut plus être annulé.', en: 'A crown prince was put in play for this royal couple: the marriage can no longer be annulled.' },
};

export type PopeResult = { ok: true; state: FiefState } | { ok: false; reason: PopeRefusal };

function popeCheck(s: FiefState, player: PlayerId): PopeRefusal | null {
  const pope = s.titles.POPE.holder;
  if (!pope) return 'no-pope';
  return s.lords[pope]!.owner === player ? null : 'not-the-pope';
}

function drop(s: FiefState, id: LordId, t: TitleId): void {
  s.titles[t].holder = null;
  s.lords[id]!.titles = s.lords[id]!.titles.filter((x) => x !== t);
}

/** #8: the pope's player excommunicates a lord [T §1.7, P G-40]. */
export function excommunicate(state: FiefState, player: PlayerId, lord: LordId): PopeResult {
  const no = popeCheck(state, player);
  if (no) return { ok: false, reason: no };
  const l = state.lords[lord];
  if (!l) return { ok: false, reason: 'unknown-lord' };
  if (state.titles.POPE.holder === lord) return { ok: false, reason: 'pope-himself' }; // [P G-40]
  if (state.excommunicated) return { ok: false, reason: 'one-at-a-time' }; // [T §1.7]
  if (state.popeExcommunicationsThisTurn >= state.config.church.excommunicationsPerTurn) return { ok: false, reason: 'once-per-turn' }; // [T §1.7, P G-40] lifting does not reset it
  const s = structuredClone(state);
  const x = s.lords[lord]!;
  x.excommunicated = true;
  s.excommunicated = lord;
  s.popeExcommunicationsThisTurn += 1;
  const fam = s.families[x.owner]!;
  for (const t of [...x.titles]) {
    if (t.startsWith('BISHOP:')) {
      drop(s, lord, t); // [T §1.7] the crosier returns; the bishopric is no longer governed
      x.bishopSince = null;
      const b = s.bishoprics[Number(t.slice(7)) as BishopricNo];
      const lost = b.tithes.filter((tt) => tt.player === x.owner && tt.as === 'BISHOP');
      b.tithes = b.tithes.filter((tt) => !lost.includes(tt)); // [T-FAQ §5.9.5] the tax leaves with the title
      fam.taxMarkers += lost.length;
    } else if (t.startsWith('CARDINAL:')) {
      const card = s.titles[t].card;
      if (card) { s.secret.characterDiscard.push(card); s.titles[t].card = null; } // [P G-40] a card-linked hat's card is discarded
      drop(s, lord, t); // the bought hat goes back on the board [P G-40]
    }
  }
  // [T-FAQ §5.9.5] a cardinal's tithes leave with the last hat of his family.
  if (!fam.lords.some((id) => s.lords[id]!.titles.some((t) => t.startsWith('CARDINAL:')))) {
    for (const b of Object.values(s.bishoprics)) {
      const lost = b.tithes.filter((tt) => tt.player === x.owner && tt.as === 'CARDINAL');
      b.tithes = b.tithes.filter((tt) => !lost.includes(tt));
      fam.taxMarkers += lost.length;
    }
  }
  return { ok: true, state: s };
}

/** #8: the pope's player lifts the excommunication, at any time [T §1.7]. */
export function liftExcommunication(state: FiefState, player: PlayerId): PopeResult {
  const no = popeCheck(state, player);
  if (no) return { ok: false, reason: no };
  if (!state.excommunicated) return { ok: false, reason: 'none-excommunicated' };
  const s = structuredClone(state);
  s.lords[s.excommunicated!]!.excommunicated = false;
  s.excommunicated = null;
  return { ok: true, state: s };
}

/**
 * #7: `requester`, the player of one spouse, asks the pope to annul `lord`'s marriage; `popeAgrees`
 * is the pope's answer (default refuse). The request is checked before the answer counts.
 */
export function annulMarriage(state: FiefState, requester: PlayerId, lord: LordId, popeAgrees = false): PopeResult | { ok: true; state: FiefState; refusedByPope: true } {
  if (!state.titles.POPE.holder) return { ok: false, reason: 'no-pope' };
  const l = state.lords[lord];
  if (!l) return { ok: false, reason: 'unknown-lord' };
  if (!l.spouse) return { ok: false, reason: 'not-married' };
  const sp = state.lords[l.spouse]!;
  if (l.owner !== requester && sp.owner !== requester) return { ok: false, reason: 'not-a-spouse' };
  const king = state.titles.KING.holder, queen = state.titles.QUEEN.holder;
  const royal = (king === l.id && queen === sp.id) || (king === sp.id && queen === l.id);
  const couple = state.titles.CROWN_PRINCE.couple;
  if (royal && couple && couple.includes(l.id) && couple.includes(sp.id)) return { ok: false, reason: 'consummated' }; // [T §1.7]
  if (!popeAgrees) return { ok: true, state, refusedByPope: true }; // #7 default refuse
  const s = structuredClone(state);
  s.lords[l.id]!.spouse = null;
  s.lords[sp.id]!.spouse = null;
  if (royal) { // [P G-41] the queen loses her title; the king stays king
    const q = s.titles.QUEEN.holder!;
    drop(s, q, 'QUEEN');
    s.titles.QUEEN.regent = false;
  }
  return { ok: true, state: s };
}
