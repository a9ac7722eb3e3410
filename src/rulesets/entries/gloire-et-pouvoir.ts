/**
 * The registry's entry of gloire-et-pouvoir: its ruleset and what the platform and the command line use with it
 * (bots, caretaker, soak…). Imported on first use (`loadRuleset` in ../index.ts), so that a server
 * whose games use other rulesets never loads this one's modules.
 */
import type { RulesetEntry } from '../index.ts';
import { catalogVariants } from '../catalog.ts';
import { gloireEtPouvoir } from '../gloire-et-pouvoir/index.ts';
import { botOrders, botOrdersFromView } from '../gloire-et-pouvoir/bot.ts';
import type { GPView } from '../gloire-et-pouvoir/view.ts';
import { caretakerAnswer } from '../gloire-et-pouvoir/caretaker.ts';
import { summarizeTurn } from '../gloire-et-pouvoir/summary.ts';
import { gpInvariants } from '../gloire-et-pouvoir/invariants.ts';
import { soakGame } from '../gloire-et-pouvoir/soak.ts';
import type { GPState } from '../gloire-et-pouvoir/state.ts';
import type { GPEvent } from '../gloire-et-pouvoir/events.ts';
import { answerLetter } from '../gloire-et-pouvoir/bot-letters.ts';

export const entry: RulesetEntry<GPState, GPEvent> = {
  ruleset: gloireEtPouvoir,
  variants: catalogVariants('gloire-et-pouvoir'),
  bot: (state, player, _decision, rng, options) => botOrders(state, player, rng, undefined, options?.prey),
  viewBot: (view, player, _decision, rng) => botOrdersFromView(view as GPView, player, rng),
  caretaker: (state, player) => caretakerAnswer(state, player),
  summarize: summarizeTurn,
  options: (a) => ({ map: a.map ?? 'scandinavia', players: a.players, lords: a.lords, config: a.config }),
  invariants: gpInvariants,
  soakGame,
  botLetter: answerLetter,
};
