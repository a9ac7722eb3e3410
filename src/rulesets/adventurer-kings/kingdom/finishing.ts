/**
 * The finishing order of a finished game of Adventurer Kings, for the permanent ranking (seed 004
 * §12.4: performance « mesurée suivant les titres possédés »; engine `Ruleset.finishingOrder`):
 * groups of tied players, best first.
 *  1. The kingdoms still in the game by their final score: the victory points of the Imperial
 *     Offices their characters hold, the Emperor's included, after the alignment reduction
 *     (S5.6.1 « a player's ranking is the total VP earned by his characters », [P G-93]); equal
 *     scores: tied.
 *  2. The eliminated kingdoms, tied, below every kingdom still in the game.
 */
import type { PlayerId } from '../../../engine/ruleset.ts';
import type { AKState } from '../state.ts';
import { sortedIds } from './util.ts';

export function finishingOrder(s: AKState): PlayerId[][] {
  if (!s.finished) return [];
  const scores = s.finished.scores;
  const ids = sortedIds(s.kingdoms);
  const live = ids.filter((id) => !s.kingdoms[id]!.eliminated && scores[id] !== undefined)
    .sort((a, b) => scores[b]! - scores[a]! || a - b);
  const out: PlayerId[][] = [];
  let last: number | undefined;
  for (const id of live) {
    const player = s.kingdoms[id]!.player;
    if (out.length && scores[id] === last) out[out.length - 1]!.push(player);
    else out.push([player]);
    last = scores[id];
  }
  const gone = ids.filter((id) => !live.includes(id)).map((id) => s.kingdoms[id]!.player);
  return gone.length ? [...out, gone] : out;
}
