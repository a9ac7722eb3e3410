/**
 * The rulesets this installation knows. The platform and the command line find a ruleset here
 * by id; nothing outside a ruleset's folder knows its rules.
 */
import type { Rng } from '../engine/rng.ts';
import type { PlayerId, Ruleset } from '../engine/ruleset.ts';
import { gloireEtPouvoir } from './gloire-et-pouvoir/index.ts';
import { botOrders } from './gloire-et-pouvoir/bot.ts';
import { summarizeTurn } from './gloire-et-pouvoir/summary.ts';
import type { GPState } from './gloire-et-pouvoir/state.ts';
import type { GPEvent } from './gloire-et-pouvoir/events.ts';

export interface RulesetEntry<S = any, E = any> {
  ruleset: Ruleset<S, any, E>;
  /** A bot's answer to one decision (legal, sensible play), for demos, simulations and soak tests. */
  bot?: (state: S, player: PlayerId, decision: string, rng: Rng) => unknown;
  /** One progress line after a step, for the command line. */
  summarize?: (state: S, events: E[]) => string;
  /** Options for a new game from command-line style arguments. */
  options: (args: { map?: string; players?: number; lords?: string[]; config?: Record<string, unknown> }) => unknown;
}

const gp: RulesetEntry<GPState, GPEvent> = {
  ruleset: gloireEtPouvoir,
  bot: (state, player, _decision, rng) => botOrders(state, player, rng),
  summarize: summarizeTurn,
  options: (a) => ({ map: a.map ?? 'scandinavia', players: a.players, lords: a.lords, config: a.config }),
};

export const RULESETS: Record<string, RulesetEntry> = { [gloireEtPouvoir.id]: gp };

export function getRuleset(id: string): RulesetEntry {
  const r = RULESETS[id];
  if (!r) throw new Error(`unknown ruleset "${id}"; known: ${Object.keys(RULESETS).join(', ')}`);
  return r;
}
