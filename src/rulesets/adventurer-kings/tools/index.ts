/**
 * The players' planning tools of Adventurer Kings (Ruleset `tools` / `runTool`): the battle
 * simulator and the treasury planner. Each computes with the referee's own code on what the
 * player's kingdom may know; none changes the state, none throws on a bad input (the problem is
 * reported in `errors` and the default is used).
 */
import type { Lang, ToolDoc, ToolInfo } from '../../../engine/ruleset.ts';
import type { AKState } from '../state.ts';
import type { AKSheet } from '../turn/context.ts';
import { kingdomOfPlayer } from '../view.ts';
import { runBattleTool } from './battle.ts';
import { L } from './common.ts';
import { runTreasuryTool } from './treasury.ts';

type Runner = (s: AKState, kingdom: number, input: Record<string, string>, lang: Lang, pending: AKSheet | null) => ToolDoc;

const TOOLS: { id: string; title: [string, string]; summary: [string, string]; run: Runner }[] = [
  {
    id: 'battle', title: ['Simulateur de bataille', 'Battle simulator'],
    summary: [
      'Les chances d’un de vos généraux contre une province voisine : l’arbitre rejoue la bataille des centaines de fois, contre les défenseurs que vous connaissez ou supposez.',
      'The chances of one of your generals against a neighbouring province: the referee plays the battle hundreds of times, against the defenders you know of or guess.'],
    run: (s, k, input, lang) => runBattleTool(s, k, input, lang),
  },
  {
    id: 'treasury', title: ['Grand Argentier', 'Treasury planner'],
    summary: [
      'Les impôts de l’année, les gages des Héros et la solde des armées, avec les recrutements et engagements de votre feuille : le trésor en fin d’année, et qui resterait impayé.',
      'This year’s taxes, Heroes’ wages and armies’ pay, with the recruitments and hires of your sheet: the treasury at the end of the year, and who would go unpaid.'],
    run: runTreasuryTool,
  },
];

function livingKingdom(s: AKState, player: string): number | null {
  const k = kingdomOfPlayer(s, player);
  return k !== null && !s.kingdoms[k]!.eliminated ? k : null;
}

/** The tools offered to a King still in a running game. */
export function akTools(s: AKState, player: string, lang: Lang): ToolInfo[] {
  if (s.finished || livingKingdom(s, player) === null) return [];
  return TOOLS.map((t) => ({ id: t.id, title: L(lang, ...t.title), summary: L(lang, ...t.summary) }));
}

/** Runs one tool for a King; an unknown tool, a player out of the game or a failure gives a message, not an exception. */
export function runAkTool(s: AKState, player: string, tool: string, input: Record<string, string>, lang: Lang, pending: AKSheet | null): ToolDoc {
  const t = TOOLS.find((x) => x.id === tool);
  const empty = { form: { sections: [] }, result: null };
  if (!t) return { ...empty, errors: [L(lang, `Outil inconnu : « ${tool} ».`, `Unknown tool: "${tool}".`)] };
  if (s.finished) return { ...empty, errors: [L(lang, 'La partie est finie.', 'The game is over.')] };
  const k = livingKingdom(s, player);
  if (k === null) return { ...empty, errors: [L(lang, 'Vous n’avez plus de royaume dans cette partie.', 'You no longer have a kingdom in this game.')] };
  const safeInput = input && typeof input === 'object' ? input : {};
  const sheet = pending && typeof pending === 'object' && pending.characters && typeof pending.characters === 'object' ? pending : null;
  try {
    return t.run(s, k, safeInput, lang, sheet);
  } catch (e) {
    // A tool must never take the page down: the failure is reported in the player's language.
    const why = e instanceof Error ? e.message : String(e);
    return { ...empty, errors: [L(lang, `Le calcul a échoué sur ces valeurs : ${why}`, `The computation failed on these values: ${why}`)] };
  }
}
