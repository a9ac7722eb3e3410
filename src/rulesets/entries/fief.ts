/**
 * The registry's entry of fief: its ruleset and what the platform and the command line use with it
 * (bots, caretaker, soak…). Imported on first use (`loadRuleset` in ../index.ts), so that a server
 * whose games use other rulesets never loads this one's modules.
 */
import type { RulesetEntry } from '../index.ts';
import { catalogVariants } from '../catalog.ts';
import { fief } from '../fief/index.ts';
import { botAnswer as fiefBot, soakGame as fiefSoakGame } from '../fief/bot.ts';
import { checkInvariants as fiefInvariants } from '../fief/invariants.ts';
import type { FiefEvent, FiefGame } from '../fief/flow.ts';
import type { FreeEvent as FiefFreeEvent } from '../fief/free.ts';
import { botActionsOf as fiefBotActions } from '../fief/bot-free.ts';
import { fiefHostFields, fiefHostOptions } from '../fief/host-form.ts';

export const entry: RulesetEntry<FiefGame, FiefEvent | FiefFreeEvent> = {
  ruleset: fief,
  variants: catalogVariants('fief'),
  // The Appendix A options in the creation form (host-form.ts).
  hostForm: { fields: fiefHostFields, options: (values) => fiefHostOptions(values) },
  bot: (g, player, decision, rng) => fiefBot(g, player, decision, rng),
  botActions: (g, player, rng, mode) => fiefBotActions(g, player, rng, mode),
  options: (a) => ({ ...(a.lords ? { lords: a.lords } : { players: a.players ?? 4 }), ...(a.config ? { config: a.config } : {}) }),
  invariants: (g) => { const v = fiefInvariants(g.fief); if (v.length) throw new Error(`fief invariants: ${v.join('; ')}`); },
  soakGame: (rng) => fiefSoakGame(rng),
  summarize: (g) => `${fief.stepLabel(g)}${g.fief.winners ? ` — winners ${g.fief.winners.join(', ')}` : ''}`,
};
