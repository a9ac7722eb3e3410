/**
 * End of turn, rules §4.7 [T §7.0]: 7.A every calamity card on the board is discarded; 7.D the
 * cleanup [P]: per-turn counters reset (steps moved, plague tests, the pope's excommunication of
 * the turn), pieces at path entrances gathered to the village outskirts [T-FAQ], and each
 * player's troops in a village merged into one group per position. (7.B victory and 7.C the
 * first-player card are in victory.ts and turn-order.ts.)
 */
import { BISHOPRIC_NOS } from '../board.ts';
import type { FiefState, Stack } from '../state.ts';

/** 7.A: calamities back to the Event/Calamity discard pile. */
export function discardCalamities(state: FiefState): FiefState {
  const s = structuredClone(state);
  for (const b of BISHOPRIC_NOS) {
    s.secret.eventDiscard.push(...s.bishoprics[b].calamities);
    s.bishoprics[b].calamities = [];
  }
  return s;
}

/** 7.D: the turn's traces wiped. */
export function endOfTurnCleanup(state: FiefState): FiefState {
  const s = structuredClone(state);
  for (const l of Object.values(s.lords)) {
    l.stepsThisTurn = 0;
    l.plagueTestedThisTurn = false;
    if (l.at?.position.kind === 'ENTRANCE') l.at.position = { kind: 'OUTSKIRTS' };
  }
  s.popeExcommunicationsThisTurn = 0;
  for (const v of Object.values(s.villages)) {
    const merged: Stack[] = [];
    for (const st of v.stacks) {
      const position = st.position.kind === 'ENTRANCE' ? { kind: 'OUTSKIRTS' as const } : st.position;
      const sergeants = st.groups.reduce((n, g) => n + g.sergeants, 0);
      const knights = st.groups.reduce((n, g) => n + g.knights, 0);
      const same = merged.find((m) => m.player === st.player && m.position.kind === position.kind);
      if (same) { same.groups[0]!.sergeants += sergeants; same.groups[0]!.knights += knights; } else merged.push({ player: st.player, position, groups: [{ sergeants, knights, steps: 0, plagued: false }] });
    }
    v.stacks = merged;
  }
  return s;
}
