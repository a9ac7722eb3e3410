/**
 * Typed events of a resolved turn (Eressea-style messages). The referee emits them; the report
 * (report/) renders, for each kingdom, only the events whose audience includes it, as prose in
 * French or English. Each domain declares its own event kinds in `<domain>/messages.ts`, with
 * their renderers, and the report folder composes the tables.
 *
 * An event never carries more than its audience may know: an event about a hidden thing is
 * emitted once per audience with what that audience learns (e.g. the spy's approximate count).
 */
export interface AKEvent {
  /** Kind, e.g. `move`, `explore`, `spell-cast`, `battle-line`. Namespaced loosely by domain. */
  t: string;
  /** Phase: 0 pre-turn, 1..5 the seasons, 6 end of turn. */
  phase: number;
  /** Kingdoms that learn this event (its readers). */
  to: number[];
  /** The acting character, if any (reports group a kingdom's chronicle by character). */
  who?: number;
  /** The province where it happens, if any. */
  at?: number;
  /** Kind-specific data (plain JSON). */
  [key: string]: unknown;
}
