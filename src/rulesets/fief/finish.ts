/**
 * The finishing order of a finished game of Fief (the `Ruleset.finishingOrder` hook, for the
 * permanent ranking): the winners first, together (a solo winner, an allied pair, or the players
 * sharing the victory [P G-47]); then every other player by victory points (§1.3), players with the
 * same points ranked by the tie-break of §1.6 [T §7.3] (king, pope, queen regent, fief titles,
 * bishop titles, villages) and grouped when it cannot part them.
 */
import type { PlayerId } from '../../engine/ruleset.ts';
import { tieBreak, victoryPoints } from './rules/victory.ts';
import type { FiefState } from './state.ts';

export function finishingOrder(s: FiefState): PlayerId[][] {
  const winners = (s.winners ?? []).filter((p) => s.players.includes(p));
  const rest = s.players.filter((p) => !winners.includes(p));
  const out: PlayerId[][] = winners.length ? [[...winners]] : [];
  const byVp = new Map<number, PlayerId[]>();
  for (const p of rest) { const vp = victoryPoints(s, p); byVp.set(vp, [...(byVp.get(vp) ?? []), p]); }
  for (const vp of [...byVp.keys()].sort((a, b) => b - a)) {
    let left = byVp.get(vp)!;
    for (let guard = 0; left.length > 0 && guard < s.players.length; guard++) { // each pass takes at least one player
      const best = tieBreak(s, left.map((p) => [p])).flat();
      out.push(best);
      left = left.filter((p) => !best.includes(p));
    }
  }
  return out;
}
