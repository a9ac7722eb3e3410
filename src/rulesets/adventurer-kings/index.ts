/**
 * Adventurer Kings as an engine ruleset: one decision per turn, the order sheet of every living
 * kingdom (rules S4.1), answered simultaneously and secretly; an empty sheet is the default
 * (the host may instead let the steward give defensive orders, G-41: caretaker.ts).
 */
import type { Decision, Lang, Outcome, Ruleset, Submission, Validation } from '../../engine/ruleset.ts';
import type { AKEvent } from './events.ts';
import { orderForm } from './orders/form.ts';
import { formatSheet, isStructuredSheet, parseSheet, parseStructured } from './orders/sheet.ts';
import type { AKState } from './state.ts';
import type { AKSheet } from './turn/context.ts';
import { resolveTurn } from './turn/turn.ts';
import { type AKView, kingdomOfPlayer, playerView } from './view.ts';
import { presentView } from './present.ts';
import { mapDoc } from './mapdoc.ts';
import { sheetWarnings } from './orders/warnings.ts';
import { localizeLabel } from './labels.ts';
import { renderReport } from './report/render.ts';
import { stats, statsCharts } from './stats.ts';
import { akTools, runAkTool } from './tools/index.ts';
import { type AKOptions, setupGame } from './world/setup.ts';
import { akHelp } from './help/index.ts';
import { orderTemplate } from './orders/template.ts';
import { finishingOrder } from './kingdom/finishing.ts';
import { akSeatForm, kingOptionsOf, type KingChoice } from './world/seat-form.ts';
import { EUROPE_VARIANT } from './world/europe.ts';
import { SUPER_VARIANT } from './world/super.ts';
import { TERRE_VARIANT } from './world/terre.ts';

/** The worlds a game may be played on (§14): the standard one and the three variants. */
export const AK_MAPS = ['standard', EUROPE_VARIANT, SUPER_VARIANT, TERRE_VARIANT] as const;
import { LocalizedError } from '../../engine/constants.ts';
import { defaultAnswer, formatValhalla, isValhallaAnswer, VALHALLA_DECISION, validateValhalla, valhallaForm, valhallaTemplate, type ValhallaAnswer } from './valhalla/answer.ts';
import { resolveValhalla } from './valhalla/entry.ts';
import { setupValhalla } from './valhalla/roster.ts';
import type { ValhallaHero } from './state.ts';

export const ORDERS_DECISION = 'orders';
export { VALHALLA_DECISION };

export type { AKOptions };

function livingKingdoms(s: AKState) {
  return Object.values(s.kingdoms).filter((k) => !k.eliminated).sort((a, b) => a.id - b.id);
}

/** The validated sheets of a turn, per kingdom. */
export function sheetsFromSubmissions(s: AKState, submissions: Submission<AKSheet>[]): Record<number, AKSheet> {
  const sheets: Record<number, AKSheet> = {};
  for (const sub of submissions) {
    if (sub.decision !== ORDERS_DECISION) throw new Error(`unexpected decision "${sub.decision}"`);
    const k = kingdomOfPlayer(s, sub.player);
    if (k === null) throw new Error(`player ${sub.player} has no kingdom`);
    sheets[k] = sub.value;
  }
  return sheets;
}

/** Checks an answer: a text sheet, a list of lines, or a structured `AKSheet` (the steward's carries `caretaker: true`). */
export function validateSheet(s: AKState, player: string, answer: unknown): Validation<AKSheet> {
  const k = kingdomOfPlayer(s, player);
  if (k === null || s.kingdoms[k]!.eliminated) return { value: null, issues: [{ message: `player ${player} has no kingdom in the game`, text: { fr: `le joueur ${player} n’a pas de royaume dans la partie`, en: `player ${player} has no kingdom in the game` } }] };
  if (typeof answer === 'string') { const r = parseSheet(s, k, answer); return { value: r.sheet, issues: r.issues }; }
  if (Array.isArray(answer) && answer.every((l) => typeof l === 'string')) { const r = parseSheet(s, k, answer.join('\n')); return { value: r.sheet, issues: r.issues }; }
  if (isStructuredSheet(answer)) { const r = parseStructured(s, k, answer); return { value: r.sheet, issues: r.issues }; }
  return { value: null, issues: [{ message: 'an order sheet is text or a structured sheet', text: { fr: 'une feuille d’ordres est un texte ou une feuille structurée', en: 'an order sheet is text or a structured sheet' } }] };
}

/**
 * Options as the platform and the command line give them: a variant (`map`), the players' names
 * (`lords`), each seat's King as chosen at join (`choices`, the seat form's values, one per lord;
 * null: drawn from the seed), constants.
 */
export type AKGameOptions = AKOptions & { map?: string; lords?: string[]; choices?: (KingChoice | null)[]; valhalla?: ValhallaHero[] };

/** The entrants waiting for their players' answer, after the end of the game (§12.3, valhalla/). */
const valhallaPending = (s: AKState) => !!s.finished && !!s.valhalla?.pending?.length;

/** The heroes who entered Valhalla in a finished game, for the platform to keep (its roster of later games). */
export function valhallaEntered(s: AKState): { player: string; hero: ValhallaHero }[] {
  return (s.valhalla?.entered ?? []).map((e) => ({ player: e.player, hero: e.hero }));
}

/**
 * The setup options from either shape: the platform's `{ map, lords, choices, config }` (each
 * seat's name becomes its King's name, its choice his race, alignment, talents…) or AKOptions.
 * The worlds: the standard one (18 × 9, generated, G-03), AK Europe (`europe`, §14.2,
 * world/europe.ts), Super AK (`super`, §14.3, 15 × 30 generated, world/super.ts) and AK Terre
 * (`terre`, §14.4, 15 × 30 authored, world/terre.ts).
 */
export function akOptions(o: AKGameOptions): AKOptions {
  const { map, lords, choices, valhalla: _roster, ...rest } = o;
  if (map !== undefined && !(AK_MAPS as readonly string[]).includes(map)) {
    throw new LocalizedError({ fr: `monde inconnu « ${map} » (connus : ${AK_MAPS.join(', ')})`, en: `unknown Adventurer Kings world "${map}" (known: ${AK_MAPS.join(', ')})` });
  }
  if (map !== undefined && map !== 'standard') rest.variant = map as Exclude<(typeof AK_MAPS)[number], 'standard'>;
  if (choices !== undefined && !Array.isArray(choices)) throw new LocalizedError({ fr: 'les choix des Rois sont une liste', en: 'the Kings’ choices are a list' });
  const n = lords?.length ?? choices?.length ?? 0;
  if (!lords && !choices) return rest;
  const choiceOptions = { map: map ?? 'standard', config: o.config };
  if (lords && choices && choices.length > lords.length) throw new LocalizedError({ fr: `${choices.length} choix de Rois pour ${lords.length} seigneurs`, en: `${choices.length} King choices for ${lords.length} lords` });
  const kings = Array.from({ length: Math.max(n, rest.kings?.length ?? 0, lords ? 0 : rest.players ?? 0) }, (_, i) => ({
    ...(rest.kings?.[i] ?? {}), ...kingOptionsOf(choices?.[i], choiceOptions), ...(lords?.[i] !== undefined ? { name: lords[i] } : {}),
  }));
  return { ...rest, ...(lords ? { players: lords.length } : {}), kings };
}

export const adventurerKings: Ruleset<AKState, AKSheet | ValhallaAnswer, AKEvent, AKView, AKGameOptions> = {
  id: 'adventurer-kings',
  title: { fr: 'Adventurer Kings — Rois Aventuriers', en: 'Adventurer Kings' },
  // The rules' own words: each player is a King (« roi ») and receives a turn report (« rapport »).
  terms: {
    player: { one: { fr: 'roi', en: 'king' }, other: { fr: 'rois', en: 'kings' } },
    report: { one: { fr: 'rapport', en: 'report' }, other: { fr: 'rapports', en: 'reports' } },
  },
  // Valhalla's roster and seed after the world (§12.3): the world's own draws are unchanged.
  setup: (o, rng) => setupValhalla(setupGame(akOptions(o), rng), o.valhalla, rng),
  players: (s) => Object.values(s.kingdoms).sort((a, b) => a.id - b.id).map((k) => ({ id: k.player, name: s.characters[k.king]?.name ?? k.name })),
  decisions(s): Decision[] {
    if (valhallaPending(s)) {
      // §12.3: after the end, each entrant's player says whether he enters, with which item and what text.
      const pending = s.valhalla!.pending!;
      return [{
        id: VALHALLA_DECISION,
        kind: 'valhalla',
        players: pending.map((e) => e.player),
        deadline: { kind: 'game-deadline' },
        defaults: Object.fromEntries(pending.map((e) => [e.player, defaultAnswer(e)])),
        prompt: { fr: 'Entrée au Valhalla', en: 'Entering Valhalla' },
      }];
    }
    if (s.finished) return [];
    const players = livingKingdoms(s).map((k) => k.player);
    if (players.length === 0) return [];
    return [{
      id: ORDERS_DECISION,
      kind: 'order-sheet',
      players,
      deadline: { kind: 'game-deadline' },
      defaults: Object.fromEntries(players.map((p) => [p, ''])),
      prompt: { fr: `Ordres de l’année ${s.turn}`, en: `Orders for turn ${s.turn}` },
    }];
  },
  validate(s, player, decision, answer): Validation<AKSheet | ValhallaAnswer> {
    if (decision === VALHALLA_DECISION) return validateValhalla(s, player, answer);
    if (decision !== ORDERS_DECISION) return { value: null, issues: [{ message: `unknown decision "${decision}"` }] };
    return validateSheet(s, player, answer);
  },
  // Warnings at entry (issue 13 §4): lines the referee will most likely cancel (orders/warnings.ts).
  warnings(s, player, decision, sheet, answer) {
    const k = kingdomOfPlayer(s, player);
    return decision === ORDERS_DECISION && k !== null && !isValhallaAnswer(sheet) ? sheetWarnings(s, k, sheet, answer) : [];
  },
  resolve(s, submissions, rng) {
    if (valhallaPending(s)) {
      const answers: Record<string, ValhallaAnswer> = {};
      for (const sub of submissions) {
        if (sub.decision !== VALHALLA_DECISION || !isValhallaAnswer(sub.value)) throw new Error(`unexpected decision "${sub.decision}"`);
        answers[sub.player] = sub.value;
      }
      return resolveValhalla(s, answers, rng);
    }
    return resolveTurn(s, sheetsFromSubmissions(s, submissions as Submission<AKSheet>[]), rng);
  },
  view: playerView,
  report: (s, events, player, lang: Lang) => renderReport(s, events, player, lang),
  outcome(s): Outcome | null {
    if (!s.finished || valhallaPending(s)) return null;
    const winners = s.finished.winners.map((k) => s.kingdoms[k]?.player).filter((p): p is string => !!p);
    return { finished: true, winners, reason: s.finished.reason };
  },
  // The permanent ranking's order: the final scores of the titles held (kingdom/finishing.ts).
  finishingOrder,
  stepLabel: (s) => (valhallaPending(s) ? 'valhalla' : `turn ${s.turn}`),
  localizeLabel,
  presentView,
  mapDoc,
  answerForm: (s, player, decision, lang) => {
    if (decision === VALHALLA_DECISION) return valhallaForm(s, player, lang);
    const k = kingdomOfPlayer(s, player);
    return k === null ? { groups: [] } : orderForm(s, k, lang);
  },
  answerText: (s, _player, _decision, sheet) => (isValhallaAnswer(sheet) ? formatValhalla(sheet, 'fr') : formatSheet(sheet, 'fr', s)),
  tools: akTools,
  // A tool plans the orders of a year: the Valhalla answer after the end is no sheet to plan from.
  runTool: (s, player, tool, input, lang, pending) => runAkTool(s, player, tool, input, lang, isValhallaAnswer(pending) ? null : pending),
  stats,
  statsCharts,
  help: akHelp,
  // The blank sheet of the report mail: one PERSO block per character in service (orders/template.ts).
  orderTemplate: (s, player, lang) => (valhallaPending(s) ? valhallaTemplate(s, player, lang) : orderTemplate(s, player, lang)),
  seatForm: akSeatForm,
};

/** One progress line after a turn, for the command line: `turn N: …`. */
export function summarizeTurn(s: AKState, events: AKEvent[]): string {
  const living = livingKingdoms(s);
  const held = (k: number) => Object.values(s.provinces).filter((p) => p.owner === k).length;
  const battles = events.filter((e) => /battle/.test(e.t) && !/line|column/.test(e.t)).length;
  const lead = [...living].sort((a, b) => held(b.id) - held(a.id) || a.id - b.id)[0];
  const parts = [`${living.length} kingdom(s)`, `${events.length} event(s)`, `${battles} battle event(s)`];
  if (lead) parts.push(`largest: ${lead.name} (${held(lead.id)} provinces, ${lead.treasury} ec)`);
  if (s.finished) parts.push(`game over (${s.finished.reason})`);
  return `turn ${s.turn - 1}: ${parts.join(', ')}`;
}
