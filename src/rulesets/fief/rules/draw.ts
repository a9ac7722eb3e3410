/**
 * Step 2.A, discard and draw: rules §6.1 [T §2.1, §2.2, T-FAQ] with [P G-43], [P G-44], [P G-45],
 * [P G-60]. In turn order, each player discards what he wants (shown to all), then draws one card
 * at a time, deciding after seeing each (decision #9, default: stop):
 * - at most `draw.maxCards` cards, at most `draw.maxCharacter` of them Characters; never above the
 *   hand limit [T §2.1, P G-43];
 * - an Event draw goes on through the calamities until an Event: each calamity goes face down, unseen,
 *   to the first free slot of the track, or is discarded unseen when the track is full [P G-60];
 *   calamities do not count against the limit [T-ex §2.1];
 * - an empty deck is rebuilt from its discard pile, shuffled on a named stream [T §2.2]; both empty:
 *   the draw is impossible and the player's draw ends [P G-45].
 * Playing a ⚡ card instead of discarding it [T-FAQ] is surprise.ts's: `runDrawStep` takes it as a
 * hook filled from above (`beforeDraw`, given by turn.ts), run in each player's discard sub-step.
 * Inputs are the answers the prompt layer collects (`DrawAnswer`); a missing answer is the §11.4
 * default: no discard, no draw.
 */
import type { Localized, PlayerId } from '../../../engine/ruleset.ts';
import { CARD_KINDS, cardKind, type CardId, type Deck } from '../cards.ts';
import type { FiefState } from '../state.ts';
import { turnOrder } from '../turn-order.ts';
import { streamShuffle } from './dice.ts';

export type DrawRefusal = 'not-in-hand' | 'hand-full' | 'too-many-draws' | 'too-many-characters';
export const DRAW_REFUSALS: Record<DrawRefusal, Localized> = {
  'not-in-hand': { fr: 'Vous n’avez pas cette carte en main.', en: 'You do not hold that card.' },
  'hand-full': { fr: 'Votre main est pleine : une pioche de plus la ferait déborder.', en: 'Your hand is full: one more draw would exceed it.' },
  'too-many-draws': { fr: 'Vous avez déjà pioché toutes les cartes permises ce tour.', en: 'You have already drawn every card allowed this turn.' },
  'too-many-characters': { fr: 'Vous avez déjà pioché une carte Personnage ce tour.', en: 'You have already drawn a Character card this turn.' },
};

/** What a player has drawn so far in his 2.A slot. */
export interface DrawCount { cards: number; characters: number }

export type DrawResult =
  | { ok: true; state: FiefState; card: CardId | null; calamitiesOnTrack: number; calamitiesDiscarded: number; reshuffled: boolean; count: DrawCount }
  | { ok: false; reason: DrawRefusal };

/** 2.A (a): discards, shown to all [P G-44], to the matching discard pile. */
export function discardCards(state: FiefState, player: PlayerId, cards: readonly CardId[]): { ok: true; state: FiefState } | { ok: false; reason: DrawRefusal } {
  const hand = state.hands[player] ?? [];
  const left = [...hand];
  for (const c of cards) { const i = left.indexOf(c); if (i < 0) return { ok: false, reason: 'not-in-hand' }; left.splice(i, 1); }
  const s = structuredClone(state);
  s.hands[player] = left;
  for (const c of cards) (CARD_KINDS[cardKind(c)].deck === 'character' ? s.secret.characterDiscard : s.secret.eventDiscard).push(c);
  return { ok: true, state: s };
}

/** The deck's pile, rebuilt from its discard when empty [T §2.2]; false when both are empty [P G-45]. */
function refill(s: FiefState, deck: Deck, stream: string): boolean | 'reshuffled' {
  const pile = deck === 'character' ? s.secret.characterDeck : s.secret.eventDeck;
  if (pile.length > 0) return true;
  const discard = deck === 'character' ? s.secret.characterDiscard : s.secret.eventDiscard;
  if (discard.length === 0) return false;
  pile.push(...streamShuffle(s, stream, discard)); // the Event/Calamity discard holds both kinds: both go back [T §2.2]
  discard.length = 0;
  return 'reshuffled';
}

/** 2.A (b): one draw from `deck`, after `count` draws this slot. */
export function drawOne(state: FiefState, player: PlayerId, deck: Deck, count: DrawCount = { cards: 0, characters: 0 }): DrawResult {
  const c = state.config;
  if (count.cards >= c.draw.maxCards) return { ok: false, reason: 'too-many-draws' }; // [T §2.1]
  if (deck === 'character' && count.characters >= c.draw.maxCharacter) return { ok: false, reason: 'too-many-characters' }; // [T §2.1]
  if ((state.hands[player]?.length ?? 0) >= c.family.handLimit) return { ok: false, reason: 'hand-full' }; // [T §2.1, P G-43]
  const s = structuredClone(state);
  const name = `turn/${s.cursor.turn}/draw/${player}/${count.cards}/${deck}`;
  const next: DrawCount = { cards: count.cards + 1, characters: count.characters + (deck === 'character' ? 1 : 0) };
  let reshuffled = false, onTrack = 0, discarded = 0;
  // Bounded: each pass takes one card; the deck and its discard hold every card once, plus one rebuild.
  const bound = c.draw.maxCards + s.secret.eventDeck.length + s.secret.eventDiscard.length + s.secret.characterDeck.length + s.secret.characterDiscard.length + 2;
  for (let guard = 0; guard < bound; guard++) {
    // [P] one rebuild per draw: a pile that empties again (only overflowing calamities left) ends the draw [P G-45].
    const r = reshuffled && (deck === 'character' ? s.secret.characterDeck : s.secret.eventDeck).length === 0 ? false : refill(s, deck, `${name}/reshuffle`);
    if (r === false) return { ok: true, state: s, card: null, calamitiesOnTrack: onTrack, calamitiesDiscarded: discarded, reshuffled, count: next }; // [P G-45]
    if (r === 'reshuffled') reshuffled = true;
    const card = (deck === 'character' ? s.secret.characterDeck : s.secret.eventDeck).shift()!;
    if (CARD_KINDS[cardKind(card)].family === 'calamity') {
      const slot = s.secret.calamityTrack.indexOf(null);
      if (slot >= 0) { s.secret.calamityTrack[slot] = card; onTrack++; } // face down, unseen [T §2.1]
      else { s.secret.eventDiscard.push(card); discarded++; } // track full: discarded unseen [P G-60]
      continue; // [P G-43] an Event draw goes on until an Event
    }
    s.hands[player]!.push(card);
    return { ok: true, state: s, card, calamitiesOnTrack: onTrack, calamitiesDiscarded: discarded, reshuffled, count: next };
  }
  // Every card of the deck and its discard was a calamity: the draw ends with nothing [P G-45].
  return { ok: true, state: s, card: null, calamitiesOnTrack: onTrack, calamitiesDiscarded: discarded, reshuffled, count: next };
}

/**
 * One player's answer for 2.A. `draws` is the sequence of decks asked, one at a time (the prompt
 * layer asks after each card; a function lets the answer depend on what was drawn and the hand).
 */
export interface DrawAnswer {
  discard?: CardId[];
  draws?: Deck[] | ((drawn: CardId[], hand: CardId[]) => Deck | 'stop');
}

export interface DrawStepLine { player: PlayerId; discarded: CardId[]; decks: Deck[]; refused: DrawRefusal[] }

/** A hook filled from above: what happens in a player's discard sub-step besides discarding (⚡ cards played instead [T-FAQ]). */
export type BeforeDraw = (s: FiefState, player: PlayerId) => FiefState;

/** Step 2.A for every player in turn order; a refused discard or draw ends that part of the answer (the prompt would ask again). */
export function runDrawStep(state: FiefState, answers: Partial<Record<PlayerId, DrawAnswer>> = {}, beforeDraw?: BeforeDraw): { state: FiefState; lines: DrawStepLine[] } {
  let s = state;
  const lines: DrawStepLine[] = [];
  for (const p of turnOrder(s.players, s.firstPlayer ?? s.players[0]!)) {
    const a = answers[p] ?? {}; // §11.4 #9 default: stop
    const line: DrawStepLine = { player: p, discarded: [], decks: [], refused: [] };
    if (beforeDraw) s = beforeDraw(s, p); // [T-FAQ] ⚡ cards played instead of discarded
    if (a.discard?.length) {
      const r = discardCards(s, p, a.discard);
      if (r.ok) { s = r.state; line.discarded = [...a.discard]; } else line.refused.push(r.reason);
    }
    let count: DrawCount = { cards: 0, characters: 0 };
    const drawn: CardId[] = [];
    for (let i = 0; i < s.config.draw.maxCards; i++) { // bounded by the draw limit
      const deck = typeof a.draws === 'function' ? a.draws(drawn, [...s.hands[p]!]) : a.draws?.[i] ?? 'stop';
      if (deck === 'stop') break;
      const r = drawOne(s, p, deck, count);
      if (!r.ok) { line.refused.push(r.reason); break; }
      s = r.state; count = r.count; line.decks.push(deck);
      if (r.card) drawn.push(r.card);
    }
    lines.push(line);
  }
  return { state: s, lines };
}
