/**
 * Warnings at entry on a valid order sheet (issue 13 §4; engine `Ruleset.warnings`): lines the
 * referee will most likely cancel, said while the player types. They never refuse a line: the
 * outcome depends on the turn (a spell that parts the sea, money earned before the order).
 *
 * - MO: the referee's own route search (armies/movement.ts nextStep, as mo.ts runs it) from where
 *   the character stands at that phase, if his earlier moves of the sheet went one step each,
 *   with the armies he leads: "no practicable route" (an army without fleets and the sea);
 * - RE: the pay of the types recruited by the sheet beyond the treasury of the turn's start;
 * - a visitor from Valhalla (§12.3): his orders beyond his actions of the year.
 *
 * Fog of war: only the kingdom's own characters, armies and treasury are read, and a move is
 * checked only toward a neighbouring province whose land the kingdom knows (knowledge.ts knowsLand):
 * a warning must not tell what lies in an unexplored hex.
 */
import type { Localized, ValidationIssue } from '../../../engine/ruleset.ts';
import { fill } from '../../../engine/localize.ts';
import { resolveConfig } from '../config.ts';
import { nextStep } from '../armies/movement.ts';
import { ledBy } from '../armies/relations.ts';
import { typeRow } from '../armies/types.ts';
import type { AKState } from '../state.ts';
import type { AKSheet } from '../turn/context.ts';
import type { MoveValue } from './mo.ts';
import type { RecruitValue } from '../armies/recruit.ts';
import { parseSheet } from './sheet.ts';
import { knowsLand } from '../knowledge/knowledge.ts';
import { neighbours } from '../world/geometry.ts';
import { visitorActions } from '../valhalla/visits.ts';

const M = {
  noRoute: { fr: 'le juge annulera sans doute cet ordre : aucun chemin praticable vers cette province pour {who} et ses armées', en: 'the referee will most likely cancel this order: no practicable route to this province for {who} and his armies' },
  noRouteAlone: { fr: 'le juge annulera sans doute cet ordre : aucun chemin praticable vers cette province pour {who}', en: 'the referee will most likely cancel this order: no practicable route to this province for {who}' },
  noMoney: { fr: 'cet ordre risque d’être annulé : le recrutement de la feuille coûte {cost} écus, le trésor en a {treasury}', en: 'this order may be cancelled: the sheet’s recruiting costs {cost} écus, the treasury holds {treasury}' },
  visitorSpent: { fr: 'le juge annulera cet ordre : {who}, visiteur du Valhalla, n’agit que {n} fois cette année', en: 'the referee will cancel this order: {who}, a visitor from Valhalla, acts only {n} time(s) this year' },
} satisfies Record<string, Localized>;

export function sheetWarnings(s: AKState, kingdom: number, sheet: AKSheet, answer: unknown): ValidationIssue[] {
  const k = s.kingdoms[kingdom];
  if (!k || k.eliminated || s.finished) return [];
  const lines = typeof answer === 'string' ? parseSheet(s, kingdom, answer).slotLines ?? {} : {};
  const cfg = resolveConfig(s.config).armies;
  const out: ValidationIssue[] = [];
  const warn = (key: string, text: Localized) => out.push({ ...(lines[key] !== undefined ? { line: lines[key] } : {}), message: text.en, text, severity: 'warning' });
  let cost = 0;
  for (const [id, orders] of Object.entries(sheet.characters).sort((a, b) => Number(a[0]) - Number(b[0]))) {
    const c = s.characters[Number(id)];
    if (!c || !c.alive || c.kingdom !== kingdom) continue;
    const armies = ledBy(s, c).filter((a) => a.province === c.province);
    let at = c.province;
    const actions = visitorActions(s, resolveConfig(s.config).valhalla, c);
    if (actions !== null) {
      let n = 0;
      orders.phases.forEach((slot, i) => { if (slot && ++n > actions) warn(`${c.id}/${i + 1}`, fill(M.visitorSpent, { who: c.name, n: actions })); });
    }
    for (let i = 0; i < orders.phases.length; i++) {
      const slot = orders.phases[i];
      if (!slot) continue;
      const key = `${c.id}/${i + 1}`;
      if (slot.code === 'MO') {
        const dest = (slot.value as MoveValue).dest;
        if (dest === at) continue;
        // Beyond a neighbour the route (and where he stands next) depends on land he may not know.
        if (!neighbours(at).includes(dest) || !knowsLand(s, kingdom, dest)) break;
        const step = nextStep(s, cfg, { ...c, province: at }, armies, dest);
        if (step === null) { warn(key, fill(armies.length ? M.noRoute : M.noRouteAlone, { who: c.name })); break; }
        at = step;
      } else if (slot.code === 'RE') {
        const before = cost;
        for (const t of (slot.value as RecruitValue).types) cost += typeRow(cfg, t).pay;
        if (cost > k.treasury && before <= k.treasury) warn(key, fill(M.noMoney, { cost, treasury: k.treasury }));
      }
    }
  }
  return out.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
