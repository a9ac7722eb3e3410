/**
 * The registry's entry of adventurer-kings: its ruleset and what the platform and the command line use with it
 * (bots, caretaker, soak…). Imported on first use (`loadRuleset` in ../index.ts), so that a server
 * whose games use other rulesets never loads this one's modules.
 */
import type { RulesetEntry } from '../index.ts';
import { catalogVariants } from '../catalog.ts';
import { adventurerKings, summarizeTurn as akSummarize, VALHALLA_DECISION, valhallaEntered } from '../adventurer-kings/index.ts';
import { defaultAnswer as akValhallaDefault, entrantOf as akEntrantOf } from '../adventurer-kings/valhalla/answer.ts';
import { heroSummary as akHeroSummary } from '../adventurer-kings/valhalla/messages.ts';
import { botOrders as akBotOrders } from '../adventurer-kings/bot.ts';
import { caretakerAnswer as akCaretakerAnswer } from '../adventurer-kings/caretaker.ts';
import { akInvariants } from '../adventurer-kings/invariants.ts';
import { soakGame as akSoakGame } from '../adventurer-kings/soak.ts';
import type { AKState } from '../adventurer-kings/state.ts';
import type { AKSheet } from '../adventurer-kings/turn/context.ts';
import type { AKEvent } from '../adventurer-kings/events.ts';

export const entry: RulesetEntry<AKState, AKEvent> = {
  ruleset: adventurerKings,
  variants: catalogVariants('adventurer-kings'),
  // The Valhalla decision after the end (§12.3): a bot and the caretaker take its default.
  bot: (state, player, decision, rng) => (decision === VALHALLA_DECISION ? akValhallaDefault(akEntrantOf(state, player)!) : akBotOrders(state, player, rng)),
  caretaker: (state, player, decision) => (decision === VALHALLA_DECISION ? akValhallaDefault(akEntrantOf(state, player)!) : akCaretakerAnswer(state, player)),
  hall: {
    option: 'valhalla',
    entered: (s) => valhallaEntered(s).map((e) => ({ player: e.player, hero: e.hero as unknown as Record<string, unknown> })),
    summary: (hero, lang) => akHeroSummary(hero, lang),
  },
  summarize: akSummarize,
  options: (a) => ({
    ...(a.map ? { map: a.map } : {}), ...(a.lords ? { lords: a.lords } : { players: a.players ?? 8 }),
    ...(a.choices?.some((c) => c) ? { choices: a.choices } : {}), ...(a.config ? { config: a.config } : {}),
  }),
  invariants: akInvariants,
  soakGame: akSoakGame,
  aliases: (s, player) => Object.values(s.kingdoms).filter((k) => k.player === player).map((k) => k.name),
  countOrders: (value) => countAkOrders(value as AKSheet),
};

/**
 * The orders of an Adventurer Kings sheet: each character's order of each phase, each treaty
 * offered or broken, a call for a vote, a vote, and each turn-1 choice (names, the heir's talents).
 */
function countAkOrders(v: AKSheet | null): number {
  if (!v || typeof v !== 'object') return 0;
  if ((v as { valhalla?: unknown }).valhalla === true) return 1; // the Valhalla answer (§12.3)
  const list = (x: number[] | 'all' | undefined) => (x === 'all' ? 1 : x?.length ?? 0);
  let n = list(v.treaties) + list(v.breaks) + (v.callVote ? 1 : 0) + (v.voteFor !== undefined ? 1 : 0) + (v.capitalName ? 1 : 0);
  n += v.heirTalents || v.heirSex || v.heirTemperament ? 1 : 0;
  for (const c of Object.values(v.characters ?? {})) n += c.phases.filter((o) => o !== null).length + (c.rename ? 1 : 0) + (c.special ? 1 : 0);
  return n;
}
