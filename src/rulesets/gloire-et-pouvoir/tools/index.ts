/**
 * The players' planning tools of Gloire & Pouvoir (Ruleset `tools` / `runTool`): the Grand
 * Argentier (economy), the battle simulator and the joust odds. Each computes with the referee's
 * own phases and formulas on a copy of the state; none changes the state, none throws on a bad
 * input (the problem is reported in `errors` and the default is used).
 */
import type { Lang, ToolDoc, ToolInfo } from '../../../engine/ruleset.ts';
import type { Sheet } from '../orders/types.ts';
import type { GPState, LordId } from '../state.ts';
import { runArgentier } from './argentier.ts';
import { runBattle } from './battle.ts';
import { L } from './common.ts';
import { runJoustTool } from './joust.ts';

type Runner = (s: GPState, me: LordId, input: Record<string, string>, lang: Lang, pending: Sheet | null) => ToolDoc;

const TOOLS: { id: string; title: [string, string]; summary: [string, string]; run: Runner }[] = [
  {
    id: 'argentier', title: ['Grand Argentier', 'Grand Treasurer'],
    summary: [
      'Impôts et redistributions terre par terre, avec leurs effets sur le bonheur et le coefficient, et le trésor attendu en fin de tour (ordres de votre feuille compris).',
      'Taxes and redistributions territory by territory, their effect on happiness and the tax coefficient, and the treasury expected at the end of the turn (the orders of your sheet included).'],
    run: runArgentier,
  },
  {
    id: 'battle', title: ['Simulateur de bataille', 'Battle simulator'],
    summary: [
      'Vos chances de conquérir une terre : la bataille est rejouée des centaines de fois par l’arbitre, avec ce que vous savez ou supposez de la défense.',
      'Your chances of conquering a territory: the referee plays the battle hundreds of times, with what you know or guess of the defence.'],
    run: runBattle,
  },
  {
    id: 'joust', title: ['Pronostic de joute', 'Joust odds'],
    summary: [
      'Les chances de vos chevaliers dans une joute et la renommée qu’ils peuvent y gagner, contre des rivaux dont vous supposez la renommée.',
      'Your knights’ chances in a joust and the renown they may win there, against rivals whose renown you guess.'],
    run: runJoustTool,
  },
];

/** The tools offered to a lord still in a running game. */
export function gpTools(s: GPState, player: LordId, lang: Lang): ToolInfo[] {
  if (s.finished || !s.lords[player]?.alive) return [];
  return TOOLS.map((t) => ({ id: t.id, title: L(lang, ...t.title), summary: L(lang, ...t.summary) }));
}

/** Runs one tool for a lord; an unknown tool or a lord out of the game gives a message, not an exception. */
export function runGpTool(s: GPState, player: LordId, tool: string, input: Record<string, string>, lang: Lang, pending: Sheet | null): ToolDoc {
  const t = TOOLS.find((x) => x.id === tool);
  const empty = { form: { sections: [] }, result: null };
  if (!t) return { ...empty, errors: [L(lang, `Outil inconnu : « ${tool} ».`, `Unknown tool: "${tool}".`)] };
  if (s.finished) return { ...empty, errors: [L(lang, 'La partie est finie.', 'The game is over.')] };
  if (!s.lords[player]?.alive) return { ...empty, errors: [L(lang, 'Vous n’êtes plus en jeu.', 'You are no longer in the game.')] };
  return t.run(s, player, input ?? {}, lang, pending);
}
