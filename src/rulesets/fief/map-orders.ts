/**
 * Fief's map orders (engine `MapUnit`, issue 15 "legal moves clickable"): on the prompt page, the
 * player's lords and the lines each may add to the sheet of the question open to him, by village.
 * The questions are sheets (index.ts `SHEET_KINDS`): a click appends the line, as the guided form
 * does; the map then reloads its orders after the sheet written so far (`pending`, the validated
 * lines), so a lord moved one step offers his next step from where he now stands.
 *
 * - Movement (#19): each free lord of his, at his village after the steps already written, to each
 *   neighbour: with all the troops of his family there, alone, or (knights there) as a raid with
 *   the knights [P G-31: lords and knights only].
 * - Battles (#23): at each village where he may declare one, against each player he may fight there.
 * - Sieges (#32): where he may besiege, and where he may lift a siege of his.
 *
 * Every line offered is checked as the referee checks the sheet (answers.ts `checkAnswer` on the
 * lines written plus this one: no issue; for a step, the same check run from the state after the
 * lines written): what the map offers, the referee accepts (map-orders.test.ts checks each line
 * against `validate` itself). The check sees
 * what the player's answer would (its refusals are written from what he may know, §11.2), so the
 * map tells nothing more than sending the line would. Bounded: a handful of lords, four neighbours
 * or so, three lines each.
 */
import type { Lang, MapAction, MapTrail, MapUnit, PlayerId } from '../../engine/ruleset.ts';
import { describeMove } from './describe.ts';
import { BOARD, type VillageId } from './board.ts';
import { answerText, checkAnswer } from './answers.ts';
import { lordWords } from './words.ts';
import { possibleBattles, stateForAsk, type Ask, type FiefGame } from './flow.ts';
import { lordName, playerName, villageName } from './report.ts';
import { memoData, runMovement, type MoveCommand } from './rules/movement.ts';
import { troopsOf } from './rules/pieces.ts';
import { siegeRefusal } from './rules/combat-phase.ts';
import type { FiefState } from './state.ts';

/** The kinds with map orders. */
export const MAP_ORDER_KINDS: readonly string[] = ['movement', 'declare-battles', 'sieges'];

const L = (lang: Lang, fr: string, en: string): string => (lang === 'fr' ? fr : en);

/** His lords free on the board (not prisoners), where each stands in `s`. */
function freeLords(s: FiefState, player: PlayerId): { id: string; at: VillageId }[] {
  return s.families[player]!.lords.flatMap((id) => { const l = s.lords[id]!; return l.at && l.prisonerOf === null ? [{ id, at: l.at.village }] : []; });
}

/** A line the referee takes after those written: checked with them, no issue at all. */
function accepted(g: FiefGame, ask: Ask, player: PlayerId, written: readonly unknown[], item: unknown): boolean {
  return checkAnswer(g, ask, player, [...written, item]).issues.length === 0;
}

/** The map orders of `player` for the question open to him (none: not asked, or no kind with map orders). */
export function fiefMapUnits(g: FiefGame, player: PlayerId, lang: Lang, pending: unknown): MapUnit[] {
  const ask = g.flow.stage === 'over' ? null : g.flow.current;
  if (!ask || !ask.players.includes(player) || !MAP_ORDER_KINDS.includes(ask.kind)) return [];
  // the lines written so far, as the referee kept them (a pending value of another shape: none)
  const written = Array.isArray(pending) ? pending as unknown[] : [];
  switch (ask.kind) {
    case 'movement': return movementUnits(g, ask, player, lang, written as MoveCommand[]);
    case 'declare-battles': return battleUnits(g, ask, player, lang, written);
    case 'sieges': return siegeUnits(g, ask, player, lang, pending);
    default: return [];
  }
}

function movementUnits(g: FiefGame, ask: Ask, player: PlayerId, lang: Lang, written: MoveCommand[]): MapUnit[] {
  const before = stateForAsk(g, ask);
  // Where his pieces stand after the steps written, checked as answers.ts `checkAnswer` checks a
  // movement sheet (consents taken as given; a step refused only for a siege is no issue); each
  // candidate is then one more step from there (`from`: the written ones already in the state,
  // with their memo), not the whole sheet again — the page asks for these at every change.
  const everyone = Object.fromEntries(before.players.map((q) => [q, { [player]: 'allow' as const }]));
  const permitted = (m: MoveCommand): MoveCommand => ({ ...m, besiegerPermits: true });
  const r0 = runMovement(before, player, written.map(permitted), { permissions: everyone });
  const s = r0.state;
  const from = { [player]: { skip: written.length, memo: memoData(r0.memo) } };
  const takes = (cmd: MoveCommand) => runMovement(s, player, [...written, cmd].map(permitted), { permissions: everyone, from }).line.refused.every((x) => x.reason === 'besieged');
  const units: MapUnit[] = [];
  for (const { id, at } of freeLords(s, player)) {
    const t = troopsOf(s, at, player);
    const actions: MapAction[] = [];
    for (const to of BOARD.adjacent[at] ?? []) {
      const cands: { cmd: MoveCommand; label: string }[] = [];
      if (t.sergeants + t.knights > 0) cands.push({ cmd: { lead: id, to, sergeants: t.sergeants, knights: t.knights }, label: L(lang, `Aller à ${villageName(to)} avec ${t.sergeants} sergent(s) et ${t.knights} chevalier(s)`, `Go to ${villageName(to)} with ${t.sergeants} sergeant(s) and ${t.knights} knight(s)`) });
      cands.push({ cmd: { lead: id, to }, label: L(lang, `Aller seul à ${villageName(to)}`, `Go alone to ${villageName(to)}`) });
      if (t.knights > 0) cands.push({ cmd: { lead: id, to, knights: t.knights, raid: true }, label: L(lang, `Chevauchée vers ${villageName(to)} avec ${t.knights} chevalier(s)`, `Raid toward ${villageName(to)} with ${t.knights} knight(s)`) });
      for (const c of cands) {
        if (!takes(c.cmd)) continue;
        actions.push({ region: to, code: c.cmd.raid ? 'raid' : 'move', label: c.label, line: lordWords(s, answerText('movement', [c.cmd])) });
      }
    }
    if (actions.length) units.push({ id, label: `${lordName(s, id)} (${villageName(at)})`, region: at, actions });
  }
  return units;
}

/**
 * The steps written in his movement sheet (`pending`), drawn on the map as arrows (engine
 * `mapTrails`): each from where its lord stands after the lines before it, numbered as the lines.
 * His own lines and his own lords only; nothing for another question or another player.
 */
export function fiefMapTrails(g: FiefGame, player: PlayerId, lang: Lang, pending: unknown): MapTrail[] {
  const ask = g.flow.stage === 'over' ? null : g.flow.current;
  if (!ask || ask.kind !== 'movement' || !ask.players.includes(player) || !Array.isArray(pending)) return [];
  const s = stateForAsk(g, ask);
  const at = new Map(freeLords(s, player).map((l) => [l.id, l.at as string]));
  const trails: MapTrail[] = [];
  (pending as MoveCommand[]).forEach((m, i) => {
    const from = at.get(m.lead);
    if (!from || !BOARD.villages[m.to]) return;
    trails.push({ from, to: m.to, n: i + 1, kind: m.raid ? 'raid' : 'move', label: `${i + 1}. ${describeMove(s, m as unknown as Record<string, unknown>, lang)}` });
    for (const l of [m.lead, ...(m.companions ?? [])]) if (at.has(l)) at.set(l, m.to);
  });
  return trails;
}

function battleUnits(g: FiefGame, ask: Ask, player: PlayerId, lang: Lang, written: unknown[]): MapUnit[] {
  const s = stateForAsk(g, ask);
  const byVillage = new Map<VillageId, MapAction[]>();
  for (const b of possibleBattles(s, player)) {
    const item = { village: b.village, defender: b.defender };
    if (!accepted(g, ask, player, written, item)) continue;
    const who = playerName(s, b.defender, null, lang);
    byVillage.set(b.village, [...(byVillage.get(b.village) ?? []), { region: b.village, code: 'battle', label: L(lang, `Bataille à ${villageName(b.village)} contre ${who}`, `Battle at ${villageName(b.village)} against ${who}`), line: answerText('declare-battles', [item]) }]);
  }
  return [...byVillage].map(([v, actions]) => ({ id: `battle:${v}`, label: L(lang, `Vos troupes à ${villageName(v)}`, `Your troops at ${villageName(v)}`), region: v, actions }));
}

function siegeUnits(g: FiefGame, ask: Ask, player: PlayerId, lang: Lang, pending: unknown): MapUnit[] {
  const s = stateForAsk(g, ask);
  const p = pending && typeof pending === 'object' && !Array.isArray(pending) ? pending as { declare?: string[]; end?: string[] } : {};
  const declare = p.declare ?? [], end = p.end ?? [];
  const units: MapUnit[] = [];
  const where = [...new Set(freeLords(s, player).map((l) => l.at))];
  // only where the siege rules allow one (combat-phase.ts `siegeRefusal`) or he besieges: the referee's check for those alone
  for (const v of BOARD.villageIds.filter((x) => siegeRefusal(s, player, x) === null || s.villages[x]!.sieges.some((y) => y.besieger === player))) {
    const actions: MapAction[] = [];
    const siege = { declare: [...declare, v], end };
    if (!declare.includes(v) && checkAnswer(g, ask, player, siege).issues.length === 0) actions.push({ region: v, code: 'siege', label: L(lang, `Assiéger ${villageName(v)}`, `Besiege ${villageName(v)}`), line: `siege ${v}` });
    const lift = { declare, end: [...end, v] };
    if (!end.includes(v) && s.villages[v]!.sieges.some((x) => x.besieger === player) && checkAnswer(g, ask, player, lift).issues.length === 0) actions.push({ region: v, code: 'lift', label: L(lang, `Lever le siège de ${villageName(v)}`, `Lift the siege of ${villageName(v)}`), line: `lift ${v}` });
    if (actions.length) units.push({ id: `siege:${v}`, label: where.includes(v) ? L(lang, `Vos troupes à ${villageName(v)}`, `Your troops at ${villageName(v)}`) : villageName(v), region: v, actions });
  }
  return units;
}
