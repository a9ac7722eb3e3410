/**
 * The Fate deck as a cycle (rules §2.7, §4.12): the top card is drawn and read, then goes face
 * down to the bottom. When a random item must fit a requirement (a Kingdom city, an unrazed city,
 * a baron in the game, another baron than the Chairman…), cards that do not fit also go to the
 * bottom and the next is drawn, at most `passes` times through the deck [P G-A38]; if none fits,
 * the effect fizzles (null). A draw from an empty deck is skipped [P G-A37].
 *
 * Pure: takes the deck, returns the new deck. Randomness only comes from the deck's order, which a
 * named shuffle set (rules/streams.ts).
 */
import { fate, type FateCard } from '../cards.ts';

export interface FateDraw { card: FateCard | null; deck: string[]; drawn: number }

export function drawFate(deck: readonly string[], fits: (card: FateCard) => boolean = () => true, passes = 1): FateDraw {
  const d = [...deck];
  const cap = d.length * passes; // [P G-A38] the bound on the redraw loop; at the bound the effect fizzles
  for (let i = 0; i < cap; i++) {
    const id = d.shift()!;
    d.push(id);
    const card = fate(id);
    if (fits(card)) return { card, deck: d, drawn: i + 1 };
  }
  return { card: null, deck: d, drawn: cap };
}
