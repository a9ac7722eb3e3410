/**
 * What a trade is worth to a bot (§11.6 trade offers: money, cards, villages, prisoners, relics, the
 * king's waiver, a leave to recover a relic), in ecus, from one player's point of view. Used by the
 * bots' answers (free.ts `botFreeActions`: a bot accepts only a trade worth at least nothing to it)
 * and their initiatives (bot-free.ts: prices set at what the other side loses, so a fair bot accepts).
 * A heuristic of our own, not a rule: it reads only what the bot may know (the other's hand is never
 * looked at: cards asked are valued by kind; cards given by their kind, which the giver knows).
 *
 * - an ecu: 1;
 * - a card: a Character card (Lord, Cardinal, d'Arc) 4, any other 2;
 * - a village: 2, + the price of its mills and castle (a city: a castle and a half), + 2 when it
 *   joins (or leaves) the player's holdings — a fief where he controls another village, or a
 *   neighbour of one he controls;
 * - a prisoner: to his jailer (or a player he is transferred to) the ransom he would bring (§8.5.3);
 *   to his owner the ransom + 2 per title + 3 (his lord free now);
 * - a relic 3; the king's waiver: to the buyer the title's price, to the king 1; a leave 1.
 * A bot accepts a trade only when `tradeValue` ≥ 0 for it; a "clearly lower value" is < 0.
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import { BOARD, type VillageId } from './board.ts';
import { CARD_KINDS, cardKind, type CardKind } from './cards.ts';
import type { Goods, Offer, Wanted } from './trade.ts';
import { ransomOf } from './rules/ransoms.ts';
import type { FiefState, LordId } from './state.ts';

export const ECU = 1;
export const RELIC_VALUE = 3;
export const LEAVE_VALUE = 1;
export const KING_WAIVER_VALUE = 1;

/** A card of `kind`: a Character card 4, any other 2. */
export const cardKindValue = (kind: CardKind): number => (CARD_KINDS[kind].family === 'character' ? 4 : 2);

/** A village to `player` (what he gains by getting it, or loses by giving it). */
export function villageValue(s: FiefState, player: PlayerId, v: VillageId): number {
  const vs = s.villages[v];
  const b = BOARD.villages[v];
  if (!vs || !b) return 0;
  const p = s.config.price;
  let n = 2 + p.mill * vs.mills + (vs.fortification === 'CASTLE' ? p.castle : vs.fortification === 'CITY' ? Math.ceil(1.5 * p.castle) : 0);
  const mine = (x: VillageId) => x !== v && s.villages[x]?.controller === player;
  const fief = BOARD.fiefs[b.fief];
  if ((fief?.villages ?? []).some(mine) || (BOARD.adjacent[v] ?? []).some(mine)) n += 2; // next to his holdings
  return n;
}

/** A prisoner to `player`: his own lord back, or the ransom he would bring his jailer. */
export function prisonerValue(s: FiefState, player: PlayerId, id: LordId): number {
  const l = s.lords[id];
  if (!l) return 0;
  const ransom = ransomOf(s, id);
  return l.owner === player ? ransom + 2 * l.titles.length + 3 : ransom;
}

/** The king's waiver (#6) of a fief title: its price to the buyer, next to nothing to the king. */
const waiverValue = (s: FiefState, f: string, receiving: boolean): number => (receiving ? s.config.price.fiefTitlePerVillage * (BOARD.fiefs[f]?.villages.length ?? 0) : KING_WAIVER_VALUE);

/** Goods (cards known by id) to `player`: what he gains receiving them or loses giving them. */
export function goodsValue(s: FiefState, player: PlayerId, g: Goods, receiving: boolean): number {
  return g.ecus * ECU
    + g.cards.reduce((n, c) => n + cardKindValue(cardKind(c)), 0)
    + g.villages.reduce((n, v) => n + villageValue(s, player, v), 0)
    + g.prisoners.reduce((n, id) => n + prisonerValue(s, player, id), 0)
    + g.relics.length * RELIC_VALUE
    + (g.waivers ?? []).reduce((n, f) => n + waiverValue(s, f, receiving), 0);
}

/** What is asked (cards by kind) to `player`. */
export function wantedValue(s: FiefState, player: PlayerId, w: Wanted, receiving: boolean): number {
  return w.ecus * ECU
    + w.cardKinds.reduce((n, k) => n + cardKindValue(k), 0)
    + w.villages.reduce((n, v) => n + villageValue(s, player, v), 0)
    + w.prisoners.reduce((n, id) => n + prisonerValue(s, player, id), 0)
    + w.relics.length * RELIC_VALUE
    + (w.leave?.length ?? 0) * LEAVE_VALUE
    + (w.waivers ?? []).reduce((n, f) => n + waiverValue(s, f, receiving), 0);
}

/** A trade's net worth to one of its two players: what he gets less what he gives. */
export function tradeValue(s: FiefState, player: PlayerId, o: Pick<Offer, 'from' | 'to' | 'give' | 'get'>): number {
  if (player === o.to) return goodsValue(s, player, o.give, true) - wantedValue(s, player, o.get, false);
  if (player === o.from) return wantedValue(s, player, o.get, true) - goodsValue(s, player, o.give, false);
  return 0;
}
