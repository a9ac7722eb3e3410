/**
 * The registry's entry of warrior-knights: its ruleset and what the platform and the command line use with it
 * (bots, caretaker, soak…). Imported on first use (`loadRuleset` in ../index.ts), so that a server
 * whose games use other rulesets never loads this one's modules.
 */
import type { RulesetEntry } from '../index.ts';
import { catalogVariants } from '../catalog.ts';
import { warriorKnights } from '../warrior-knights/index.ts';
import { botAnswer as wkBot } from '../warrior-knights/bot.ts';
import { checkInvariants as wkInvariants } from '../warrior-knights/invariants.ts';
import { botFree as wkBotFree } from '../warrior-knights/free.ts';
import { wkHostFields, wkHostOptions } from '../warrior-knights/host-form.ts';
import type { FlowEvent as WkFlowEvent, WkGame } from '../warrior-knights/flow.ts';

export const entry: RulesetEntry<WkGame, WkFlowEvent> = {
  ruleset: warriorKnights,
  variants: catalogVariants('warrior-knights'),
  // The game length and the §7.4 variants in the creation form (host-form.ts).
  hostForm: { fields: wkHostFields, options: (values) => wkHostOptions(values) },
  bot: (g, player, decision, rng) => wkBot(g, player, decision, rng),
  botActions: (g, player, rng, mode) => wkBotFree(g, player, rng, mode),
  options: (a) => ({ ...(a.lords ? { lords: a.lords } : { players: a.players ?? 4 }), ...(a.config ? { config: a.config } : {}) }),
  invariants: (g) => { const v = wkInvariants(g.wk); if (v.length) throw new Error(`warrior-knights invariants: ${v.join('; ')}`); },
  soakGame: (rng) => ({ map: 'original', players: rng.int(2, 6) }),
  summarize: (g) => `${warriorKnights.stepLabel(g)}${g.wk.winner ? ` — winner ${g.wk.winner}` : ''}`,
};
