/**
 * Pieces on the board, used by several steps (cards, purchases, ransoms, later movement and
 * battles): troops of a player in a village, adding units from the reserve, removing losses, who
 * is present, control after pieces leave or die [T §5.1, P G-18], and placing a lord.
 * Pure helpers over a state the caller has already cloned (they mutate it).
 */
import type { PlayerId } from '../../../engine/ruleset.ts';
import { BOARD, type VillageId } from '../board.ts';
import type { FiefState, LordId, Position, TitleId } from '../state.ts';

/** A player's troops in a village, all positions together (an "army" [T §2.3.3]). */
export function troopsOf(s: FiefState, village: VillageId, player: PlayerId): { sergeants: number; knights: number } {
  let sergeants = 0, knights = 0;
  for (const st of s.villages[village]!.stacks) if (st.player === player) for (const g of st.groups) { sergeants += g.sergeants; knights += g.knights; }
  return { sergeants, knights };
}

/** Where a player's pieces go in a village: the centre for its controller, the outskirts for the others [T-FAQ]. */
export function positionFor(s: FiefState, village: VillageId, player: PlayerId): Position {
  return s.villages[village]!.controller === player ? { kind: 'CENTER' } : { kind: 'OUTSKIRTS' };
}

/** Adds troops from the player's reserve to his stack in a village (a new group, unmoved and untouched by plague). */
export function addTroops(s: FiefState, village: VillageId, player: PlayerId, sergeants: number, knights: number): void {
  if (sergeants + knights <= 0) return;
  const fam = s.families[player]!;
  fam.reserve.sergeants -= sergeants;
  fam.reserve.knights -= knights;
  const v = s.villages[village]!;
  const position = v.stacks.find((st) => st.player === player)?.position ?? positionFor(s, village, player);
  const stack = v.stacks.find((st) => st.player === player && st.position.kind === position.kind);
  const group = { sergeants, knights, steps: 0, plagued: false };
  if (stack) stack.groups.push(group); else v.stacks.push({ player, position, groups: [group] });
}

/**
 * Removes troops of a player in a village back to his reserve, from the groups in order (the
 * caller has checked he has them). Empty groups and stacks are dropped. Returns the groups touched.
 */
export function removeTroops(s: FiefState, village: VillageId, player: PlayerId, sergeants: number, knights: number): void {
  const fam = s.families[player]!;
  const v = s.villages[village]!;
  let sLeft = sergeants, kLeft = knights;
  for (const st of v.stacks) if (st.player === player) for (const g of st.groups) {
    const ds = Math.min(g.sergeants, sLeft), dk = Math.min(g.knights, kLeft);
    g.sergeants -= ds; g.knights -= dk; sLeft -= ds; kLeft -= dk;
  }
  fam.reserve.sergeants += sergeants - sLeft;
  fam.reserve.knights += knights - kLeft;
  for (const st of v.stacks) st.groups = st.groups.filter((g) => g.sergeants + g.knights > 0);
  v.stacks = v.stacks.filter((st) => st.groups.length > 0);
}

/** Players with pieces in a village that give control: troops, or a lord who is not a prisoner [P]; in order of the stacks, then the lords. */
export function presentPlayers(s: FiefState, village: VillageId): PlayerId[] {
  const out: PlayerId[] = [];
  for (const st of s.villages[village]!.stacks) if (!out.includes(st.player)) out.push(st.player);
  for (const l of Object.values(s.lords)) if (l.at?.village === village && l.prisonerOf === null && !out.includes(l.owner)) out.push(l.owner);
  return out;
}

/** The family governing the fief of a village (holding its title), or null. */
export function governor(s: FiefState, village: VillageId): PlayerId | null {
  const holder = s.titles[`FIEF:${BOARD.villages[village]!.fief}` as TitleId]?.holder;
  return holder ? s.lords[holder]?.owner ?? null : null;
}

/**
 * Control after pieces were removed [T §5.1, P G-18]: the controller keeps it while present;
 * otherwise the first other player present takes it (the order of arrival is the order of the
 * stacks [P]); nobody present: the governing family in a governed fief, else the village is free.
 * A free village with pieces of one player becomes his [T §5.1: a lone lord or lone troops control].
 */
export function refreshControl(s: FiefState, village: VillageId): void {
  const v = s.villages[village]!;
  const present = presentPlayers(s, village);
  if (v.controller && present.includes(v.controller)) return;
  const next = present[0] ?? governor(s, village);
  if (next === v.controller) return;
  v.controller = next;
  for (const st of v.stacks) st.position = st.player === next ? { kind: 'CENTER' } : st.position.kind === 'CENTER' ? { kind: 'OUTSKIRTS' } : st.position;
  for (const l of Object.values(s.lords)) if (l.at?.village === village && l.prisonerOf === null) l.at.position = l.owner === next ? { kind: 'CENTER' } : l.at.position.kind === 'CENTER' ? { kind: 'OUTSKIRTS' } : l.at.position;
  // Stacks of one player brought to one position (his entrances to the centre) become one stack [T-FAQ].
  const merged: typeof v.stacks = [];
  for (const st of v.stacks) {
    const same = merged.find((m) => m.player === st.player && JSON.stringify(m.position) === JSON.stringify(st.position));
    if (same) same.groups.push(...st.groups); else merged.push(st);
  }
  v.stacks = merged;
}

/** Puts a lord (new or freed) on a village: he takes control of a free village [T §5.1]. */
export function placeLord(s: FiefState, lord: LordId, village: VillageId): void {
  const l = s.lords[lord]!;
  if (s.villages[village]!.controller === null) s.villages[village]!.controller = l.owner;
  l.at = { village, position: positionFor(s, village, l.owner) };
  refreshControl(s, village);
}
