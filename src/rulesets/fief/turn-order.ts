/**
 * Turn order [T "Tour de jeu"]: from the first player, clockwise; and the first-player card
 * passing to the left-hand neighbour at the end of a turn [T §7.0, rules §4.7.3] (test TV-03).
 */
import type { PlayerId } from '../../engine/ruleset.ts';

/** The players in turn order: the first player, then clockwise (seats are listed clockwise). */
export function turnOrder(seats: readonly PlayerId[], first: PlayerId): PlayerId[] {
  const i = seats.indexOf(first);
  if (i < 0) throw new Error(`turnOrder: ${first} has no seat`);
  return [...seats.slice(i), ...seats.slice(0, i)];
}

/** The left-hand neighbour (the next player clockwise), who takes the first-player card. */
export function passFirstPlayer(seats: readonly PlayerId[], first: PlayerId): PlayerId {
  return turnOrder(seats, first)[1 % seats.length]!;
}
