/**
 * Gloire & Pouvoir as an engine ruleset: one decision per turn, the order sheet of every living
 * lord, answered simultaneously and secretly before the weekly deadline; an empty sheet is the
 * default (a lord without orders does nothing that turn [P G-39]).
 */
import type { Decision, Lang, Outcome, Ruleset, Submission, Validation } from '../../engine/ruleset.ts';
import type { GPEvent } from './events.ts';
import { isCaretakerAnswer } from './caretaker.ts';
import { livingLords } from './formulas.ts';
import { formatOrder, parseSheet } from './orders/parse.ts';
import { orderForm } from './form.ts';
import { presentView } from './present.ts';
import { mapDoc, mapUnits } from './mapdoc.ts';
import { sheetWarnings } from './projection.ts';
import type { Sheet } from './orders/types.ts';
import { localizeLabel } from './labels.ts';
import { renderPublicReport, renderReport } from './report.ts';
import { stats, statsCharts } from './stats.ts';
import type { GPOptions } from './setup.ts';
import { setupGame } from './setup.ts';
import { gpTools, runGpTool } from './tools/index.ts';
import { gpHelp } from './help/index.ts';
import { orderTemplate } from './template.ts';
import { finishingOrder } from './finishing.ts';
import type { GPState, LordId } from './state.ts';
import { lordIdCompare } from './state.ts';
import type { TurnSheet } from './context.ts';
import { resolveTurn } from './turn.ts';
import type { GPView } from './view.ts';
import { playerView } from './view.ts';

export const ORDERS_DECISION = 'orders';

export function sheetsFromSubmissions(submissions: Submission<Sheet>[]): Record<LordId, TurnSheet> {
  const sheets: Record<LordId, TurnSheet> = {};
  for (const sub of submissions) {
    if (sub.decision !== ORDERS_DECISION) throw new Error(`unexpected decision "${sub.decision}"`);
    sheets[sub.player] = { lines: sub.value.lines, submittedOrder: sub.order, ...(sub.value.caretaker === true ? { caretaker: true as const } : {}) };
  }
  return sheets;
}

export const gloireEtPouvoir: Ruleset<GPState, Sheet, GPEvent, GPView, GPOptions> = {
  id: 'gloire-et-pouvoir',
  title: { fr: 'Gloire & Pouvoir', en: 'Glory & Power' },
  // The rules' own words: lords (« seigneurs ») and their BILAN.
  terms: {
    player: { one: { fr: 'seigneur', en: 'lord' }, other: { fr: 'seigneurs', en: 'lords' } },
    report: { one: { fr: 'bilan', en: 'report' }, other: { fr: 'bilans', en: 'reports' } },
  },
  setup: setupGame,
  players: (s) => Object.values(s.lords).sort((a, b) => lordIdCompare(a.id, b.id)).map((l) => ({ id: l.id, name: l.name })),
  decisions(s): Decision[] {
    if (s.finished) return [];
    const lords = livingLords(s).sort(lordIdCompare);
    return [{
      id: ORDERS_DECISION,
      kind: 'order-sheet',
      players: lords,
      deadline: { kind: 'game-deadline' },
      defaults: Object.fromEntries(lords.map((l) => [l, ''])),
      prompt: { fr: `Ordres du tour ${s.turn}`, en: `Orders for turn ${s.turn}` },
    }];
  },
  validate(s, player, decision, answer): Validation<Sheet> {
    if (decision !== ORDERS_DECISION) return { value: null, issues: [{ message: `unknown decision "${decision}"` }] };
    if (!s.lords[player]?.alive) return { value: null, issues: [{ message: `lord ${player} is not in the game` }] };
    if (isCaretakerAnswer(answer)) {
      // The steward's orders for an absent lord (a structured answer only the platform's
      // caretaker option or the command line's --caretaker submits): the sheet keeps the mark.
      const { sheet, issues } = parseSheet(s, player, answer.orders);
      return { value: { ...sheet, caretaker: true }, issues };
    }
    if (typeof answer !== 'string' && !Array.isArray(answer)) return { value: null, issues: [{ message: 'an order sheet is text or a list of orders' }] };
    const { sheet, issues } = parseSheet(s, player, answer);
    return { value: sheet, issues };
  },
  // Warnings at entry: the lines the referee would cancel, from the sheet played ahead (projection.ts).
  warnings: (s, player, decision, sheet) => (decision === ORDERS_DECISION ? sheetWarnings(s, player, sheet) : []),
  resolve(s, submissions, rng) {
    const { state, events } = resolveTurn(s, sheetsFromSubmissions(submissions), rng);
    return { state, events };
  },
  view: playerView,
  report: (s, events, player, lang: Lang) => renderReport(s, events, player, lang),
  publicReport: (s, events, lang: Lang) => renderPublicReport(s, events, lang),
  outcome(s): Outcome | null {
    if (!s.finished) return null;
    return { finished: true, winners: s.king ? [s.king] : [], reason: s.victory ?? 'none' };
  },
  // The permanent ranking's order: the King, then renown, then who lasted longer (finishing.ts).
  finishingOrder: (s) => (s.finished ? finishingOrder(s) : []),
  stepLabel: (s) => `turn ${s.turn}`,
  answerForm: (s, player, _decision, lang) => orderForm(s, player, lang),
  help: gpHelp,
  presentView,
  tools: gpTools,
  runTool: runGpTool,
  stats,
  statsCharts,
  mapDoc,
  mapUnits: (s, player, lang, pending) => (s.lords[player]?.alive ? mapUnits(s, player, lang, pending) : []),
  localizeLabel,
  // A lord who leaves for good abdicates: ABD in phase 1, with the effects of his death [P G-38].
  departure: () => 'ABD',
  answerText: (s, _player, _decision, sheet) => sheet.lines.map((l) => l.text || formatOrder(s, l.order)).join('\n'),
  // The blank sheet of the BILAN mail: the lord's holdings as comment lines (template.ts).
  orderTemplate,
};
