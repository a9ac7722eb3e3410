/**
 * The registry's entry of gruik: its ruleset and what the platform and the command line use with it
 * (bots, caretaker, soak…). Imported on first use (`loadRuleset` in ../index.ts), so that a server
 * whose games use other rulesets never loads this one's modules.
 */
import type { RulesetEntry } from '../index.ts';
import { catalogVariants } from '../catalog.ts';
import { gruik, gruikBot, holdBot as gruikHold } from '../gruik/index.ts';
import { checkInvariants as gruikInvariants } from '../gruik/invariants.ts';
import { gruikHostFields, gruikHostOptions } from '../gruik/host-form.ts';
import { checkScenario as checkGruikScenario } from '../gruik/scenario.ts';
import { checkRevealedRolls, keyCommitment, keyedFace } from '../gruik/rules/dice.ts';
import { countSheetOrders } from '../gruik/sheet/count.ts';
import type { GruikFlowEvent, GruikGame } from '../gruik/flow.ts';
import { botCommuniques } from '../gruik/communique.ts';

export const entry: RulesetEntry<GruikGame, GruikFlowEvent> = {
  ruleset: gruik,
  // The original default map (4–8 players, its §12.5 variant by the number of players), then the §12.7 test fixture.
  variants: catalogVariants('gruik'),
  bot: (g, player, decision, rng) => gruikBot(g, player, decision, rng),
  // §6.11: a bot seat publishes a communiqué now and then on a battle it fought (communique.ts); it answers no one's action.
  botActions: (g, player, rng, mode) => (mode === 'spontaneous' ? botCommuniques(g, player, rng) : []),
  hostForm: { fields: gruikHostFields, options: gruikHostOptions },
  // A caretaker holds (the §11.6 default of every decision): it never plays an absent player's campaign for him.
  caretaker: (g, player, decision) => gruikHold(g, player, decision),
  options: (a) => (a.scenario !== undefined
    // A GM's own scenario (§12.4) takes the place of the map; with no number of players, the file's default variant.
    ? { scenario: a.scenario, ...(a.lords ? { lords: a.lords } : a.players !== undefined ? { players: a.players } : {}), ...(a.config ? { config: a.config } : {}) }
    : { map: a.map ?? 'anneau', ...(a.lords ? { lords: a.lords } : { players: a.players ?? ((a.map ?? 'anneau') === 'anneau' ? 6 : 2) }), ...(a.config ? { config: a.config } : {}) }),
  scenario: { check: checkGruikScenario },
  // §11.1: anyone checks the rolls once a season's key is revealed (`suzerain dice`, src/cli/dice.ts).
  dice: {
    roll: (key, roll, sides) => { const m = /^(.+)\|(.+)\|(\d+)$/.exec(roll); return m ? { face: keyedFace(key, m[1]!, m[2]!, Number(m[3]), sides), keyHash: keyCommitment(key) } : null; },
    check: (g) => checkRevealedRolls(g.gruik),
  },
  invariants: (g) => { const v = gruikInvariants(g.gruik); if (v.length) throw new Error(`gruik invariants: ${v.join('; ')}`); },
  soakGame: (rng) => (rng.int(0, 3) === 0 ? { map: 'fixture', players: 2 } : { map: 'anneau', players: rng.int(4, 8) }),
  countOrders: (v) => countSheetOrders(v),
  summarize: (g) => `${gruik.stepLabel(g)}${g.flow.phase === 'over' ? ` — prestige ${g.seats.map((st) => `${st} ${g.gruik.realms[st]?.prestige ?? '—'}`).join(', ')}` : ''}`,
  // The platform's GM is the game's GM_PRESENT (games/service.ts startGame).
  gmOption: 'gm',
};
