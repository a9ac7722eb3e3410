/**
 * Victory, rules §1.3–§1.6 [T §7.0–§7.3], checked only at step 7.B (end of turn):
 * - VP of a family (prisoners included [T §6.2.4]): 1 per fief title, 1 for the king, 1 for the
 *   pope, 0 for the queen [T-FAQ] (values from the constants `vp`);
 * - solo victory at `soloVp`; a married player cannot win alone, except with fewer than
 *   `allianceMinPlayers` players (the 3-player rule [T §7.2 note]);
 * - alliance victory (a married pair) at `allianceVp` combined, with `allianceMinPlayers` or more;
 * - a solo winner beats any alliance; among the contenders the tie-break of §1.6 decides, whatever
 *   their VP: king, pope, queen regent, most fief titles, most bishop titles, most villages; if
 *   still tied, they share the victory [P G-47];
 * - with the optional turn limit [P G-48], at its last turn every player contends and the same
 *   tie-break ranks them.
 */
import type { PlayerId } from '../../../engine/ruleset.ts';
import type { FiefState, TitleId } from '../state.ts';

export interface Victory { kind: 'solo' | 'alliance' | 'turn-limit'; winners: PlayerId[] }

const titlesOf = (s: FiefState, p: PlayerId): TitleId[] => (s.families[p]?.lords ?? []).flatMap((id) => s.lords[id]?.titles ?? []);

/** §1.3: a family's VP. */
export function victoryPoints(s: FiefState, p: PlayerId): number {
  const v = s.config.vp;
  return titlesOf(s, p).reduce((n, t) => n + (t.startsWith('FIEF:') ? v.fiefTitle : t === 'KING' ? v.king : t === 'POPE' ? v.pope : t === 'QUEEN' ? v.queen : 0), 0);
}

/** The player married to `p` (one marriage at a time [T §1.1]), or null. */
export function allyOf(s: FiefState, p: PlayerId): PlayerId | null {
  for (const id of s.families[p]?.lords ?? []) {
    const spouse = s.lords[id]?.spouse;
    const owner = spouse ? s.lords[spouse]?.owner : undefined;
    if (owner && owner !== p) return owner;
  }
  return null;
}

/** §1.6: the holdings compared by the tie-break, for a player or a side (both families added). */
function holdings(s: FiefState, side: PlayerId[]) {
  const titles = side.flatMap((p) => titlesOf(s, p));
  const regent = side.some((p) => (s.families[p]?.lords ?? []).some((id) => s.titles.QUEEN.holder === id && s.titles.QUEEN.regent === true));
  return {
    king: titles.includes('KING') ? 1 : 0,
    pope: titles.includes('POPE') ? 1 : 0,
    regent: regent ? 1 : 0,
    fiefs: titles.filter((t) => t.startsWith('FIEF:')).length,
    bishops: titles.filter((t) => t.startsWith('BISHOP:')).length,
    villages: Object.values(s.villages).filter((v) => v.controller !== null && side.includes(v.controller)).length,
  };
}
const TIE_BREAK = ['king', 'pope', 'regent', 'fiefs', 'bishops', 'villages'] as const;

/** §1.6 among contenders (each a player or a pair): keep those with the most of each criterion in turn. */
export function tieBreak(s: FiefState, contenders: PlayerId[][]): PlayerId[][] {
  let left = contenders;
  for (const key of TIE_BREAK) { // six criteria: the loop is bounded by the table
    if (left.length <= 1) break;
    const scored = left.map((side) => ({ side, v: holdings(s, side)[key] }));
    const best = Math.max(...scored.map((x) => x.v));
    left = scored.filter((x) => x.v === best).map((x) => x.side);
  }
  return left; // still several: a shared victory [P G-47]
}

/** §1.4–§1.6 at the end of a turn: the winners, or null when the game goes on. */
export function checkVictory(s: FiefState): Victory | null {
  const c = s.config.victory;
  const n = s.players.length;
  const alliancesCount = n >= c.allianceMinPlayers;
  const solo = s.players.filter((p) => victoryPoints(s, p) >= c.soloVp && (!alliancesCount || allyOf(s, p) === null));
  if (solo.length > 0) return { kind: 'solo', winners: tieBreak(s, solo.map((p) => [p])).flat() };
  if (alliancesCount) {
    const pairs: PlayerId[][] = [];
    for (const p of s.players) {
      const q = allyOf(s, p);
      if (q && s.players.indexOf(p) < s.players.indexOf(q) && victoryPoints(s, p) + victoryPoints(s, q) >= c.allianceVp) pairs.push([p, q]);
    }
    if (pairs.length > 0) return { kind: 'alliance', winners: tieBreak(s, pairs).flat() };
  }
  if (c.turnLimit > 0 && s.cursor.turn >= c.turnLimit) return { kind: 'turn-limit', winners: tieBreak(s, s.players.map((p) => [p])).flat() };
  return null;
}
