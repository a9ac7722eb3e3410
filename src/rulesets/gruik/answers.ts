/**
 * The answers of a game of Gruik checked before they are stored (rules §3.3 S2, §5.6, §6.12.1):
 * the season's order sheet as JSON (a `GruikSheet`, from the API and bots; the text sheet is
 * `sheet/`'s), a reaction and a battle report (a line of text, reaction-answer.ts and
 * report-answer.ts, or their JSON), a tabletop acceptance, a confirmation, the army to disband.
 *
 * A sheet is checked field by field: its shape first (an unknown field, a wrong type: that field is
 * refused, the others kept), then the rules' own refusals (S3.1's `validateOrders`, the moves'
 * and fleets' refusals given as warnings: S4.1 and S5 check them again on the state of their step).
 * Every message is in French and English and fog-safe: an id that is not one of the player's own
 * forces gets the same message whether it exists or not, so no answer probes another's forces.
 */
import type { Localized, Validation, ValidationIssue } from '../../engine/ruleset.ts';
import type { GruikSheet, ReactionPolicy } from './sheet-types.ts';
import type { GruikState, StateId } from './state.ts';
import type { StateOrders } from './season-types.ts';
import type { MoveOrder } from './rules/movement.ts';
import { moveRefusal, reactionRefusal } from './rules/movement.ts';
import type { NavalOrder } from './rules/naval-orders.ts';
import { navalOrderRefusal } from './rules/naval-orders.ts';
import type { Posture, RetreatOption } from './rules/retreat.ts';
import { withdrawingForces } from './rules/sortie.ts';
import type { BattleFacts } from './rules/battle-result.ts';
import { validateOrders } from './rules/diplomacy.ts';
import { fill } from '../../engine/localize.ts';
import { parseReactionLine } from './reaction-answer.ts';
import { parseReportLine, type ReportFrame } from './report-answer.ts';

/** The answer that takes the decision's default (§11.6), given by a player or by a bot. */
export const DEFAULT = 'default';

const M = {
  json: { fr: 'La feuille d’ordres n’est pas un objet JSON.', en: 'The order sheet is not a JSON object.' },
  unknownField: { fr: '« {f} » n’est pas une rubrique de la feuille d’ordres.', en: '"{f}" is not a part of the order sheet.' },
  notList: { fr: '{f} : une liste est attendue.', en: '{f}: a list is expected.' },
  notObject: { fr: '{f} : un objet est attendu.', en: '{f}: an object is expected.' },
  notOwnForce: { fr: '{f} : « {id} » n’est pas une de vos forces.', en: '{f}: "{id}" is not one of your forces.' },
  notOwnArmy: { fr: '{f} : « {id} » n’est pas une de vos armées.', en: '{f}: "{id}" is not one of your armies.' },
  notOwnFleet: { fr: '{f} : « {id} » n’est pas une de vos flottes.', en: '{f}: "{id}" is not one of your fleets.' },
  province: { fr: '{f} : « {id} » n’est pas une province de la carte.', en: '{f}: "{id}" is not a province of the map.' },
  path: { fr: '{f} : le chemin est une liste non vide de provinces.', en: '{f}: the path is a non-empty list of provinces.' },
  posture: { fr: '{f} : la posture est engage ou avoid.', en: '{f}: the posture is engage or avoid.' },
  retreat: { fr: '{f} : une retraite est {"kind":"land","to":…}, {"kind":"sea","fleet":…} ou {"kind":"fortress"}.', en: '{f}: a retreat is {"kind":"land","to":…}, {"kind":"sea","fleet":…} or {"kind":"fortress"}.' },
  refused: { fr: '{f} : {m}', en: '{f}: {m}' },
  choice: { fr: 'Réponse attendue : {c}.', en: 'Expected answer: {c}.' },
  reaction: { fr: 'Une réaction s’écrit « reagir A1 vers hautval » (plusieurs forces séparées par des virgules), « aucune » ou « defaut » ; par l’API, une liste de mouvements d’une province : [{"force":…,"path":[province]}].', en: 'A reaction is written "react A1 to hautval" (several forces separated by commas), "none" or "default"; through the API, a list of one-province moves: [{"force":…,"path":[province]}].' },
  once: { fr: '{f} : une force réagit une seule fois.', en: '{f}: a force reacts once.' },
  report: { fr: 'Compte rendu de bataille : {m}', en: 'Battle report: {m}' },
  stale: { fr: 'Cette question n’est plus posée.', en: 'This question is no longer asked.' },
  sortieWhere: { fr: '{f} : vous n’avez pas d’armée dans la forteresse de « {id} ».', en: '{f}: you have no army in the fortress of "{id}".' },
  withdrawWhere: { fr: '{f} : vous n’avez aucune force dans la forteresse de « {id} ».', en: '{f}: you have no force in the fortress of "{id}".' },
  siegeOwn: { fr: '{f} : « {id} » est à vous ; cette réponse vaut pour un siège que vous menez.', en: '{f}: "{id}" is yours; this answer is for a siege you lay.' },
  reliefChoice: { fr: '{f} : la réponse est retreat, pin, all ou auto.', en: '{f}: the answer is retreat, pin, all or auto.' },
  consent: { fr: '{f} : true ou false.', en: '{f}: true or false.' },
  contingentWhere: { fr: '{f} : vous ne tenez pas « {id} ».', en: '{f}: you do not hold "{id}".' },
  contingentSize: { fr: '{f} : un contingent compte de 1 à {max} AP.', en: '{f}: a contingent has 1 to {max} AP.' },
} satisfies Record<string, Localized>;

export function issue(m: Localized, args: Record<string, string | number> = {}, severity?: 'warning'): ValidationIssue {
  const text = fill(m, args);
  return { message: text.en, text, ...(severity ? { severity } : {}) };
}
const refusedIssue = (f: string, m: Localized, severity?: 'warning'): ValidationIssue => {
  const text = { fr: fill(M.refused, { f, m: m.fr }).fr, en: fill(M.refused, { f, m: m.en }).en };
  return { message: text.en, text, ...(severity ? { severity } : {}) };
};

/** JSON text or a value as is. */
export function parsed(raw: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof raw !== 'string') return { ok: true, value: raw };
  const t = raw.trim();
  if (!/^[[{"]/.test(t)) return { ok: true, value: t };
  try { return { ok: true, value: JSON.parse(t) }; } catch { return { ok: false }; }
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const own = (x: { state: StateId } | undefined, p: StateId) => !!x && x.state === p;
const ownKey = <T>(rec: Record<string, T>, k: string): T | undefined => (Object.prototype.hasOwnProperty.call(rec, k) ? rec[k] : undefined);
const isForce = (s: GruikState, p: StateId, id: unknown): id is string => typeof id === 'string' && (own(ownKey(s.armies, id), p) || own(ownKey(s.detachments, id), p));
const isArmy = (s: GruikState, p: StateId, id: unknown): id is string => typeof id === 'string' && own(ownKey(s.armies, id), p);
const isFleet = (s: GruikState, p: StateId, id: unknown): id is string => typeof id === 'string' && own(ownKey(s.fleets, id), p);
const isProvince = (s: GruikState, id: unknown): id is string => typeof id === 'string' && s.map.provinces.some((x) => x.id === id);

const SHEET_KEYS = ['orders', 'moves', 'naval', 'postures', 'retreat', 'reactions', 'sovereignPresent', 'disband', 'sorties', 'relief', 'sortieConsent', 'contingents', 'withdraw'] as const;

function retreatOption(s: GruikState, p: StateId, x: unknown): RetreatOption | null {
  if (!isObj(x)) return null;
  if (x.kind === 'fortress') return { kind: 'fortress' };
  if (x.kind === 'land' && isProvince(s, x.to)) return { kind: 'land', to: x.to };
  if (x.kind === 'sea' && isFleet(s, p, x.fleet)) return { kind: 'sea', fleet: x.fleet };
  return null;
}

/**
 * A season's order sheet (§2.12, §3.3 S2): `raw` is a GruikSheet or its JSON. Every valid part is
 * kept; each refused part is an issue (an error: it is not kept; a warning: kept, the step checks it
 * again and may cancel it).
 */
export function validateSheet(s: GruikState, p: StateId, raw: unknown): Validation<GruikSheet> {
  const issues: ValidationIssue[] = [];
  const j = parsed(raw);
  if (!j.ok || !isObj(j.value)) return { value: null, issues: [issue(M.json)] };
  const o = j.value;
  const sheet: GruikSheet = {};
  for (const k of Object.keys(o)) if (!(SHEET_KEYS as readonly string[]).includes(k)) issues.push(issue(M.unknownField, { f: k }));
  // S3.1: the orders of S3, S7, S8, through the rules' own validation (shape field by field, then each order).
  if (o.orders !== undefined) {
    const v = validateOrders(s, { [p]: o.orders });
    for (const r of v.refused) if (r.t === 'refused') issues.push(refusedIssue(`orders ${r.order}`, r.message as Localized));
    const accepted = v.accepted[p];
    if (accepted) sheet.orders = accepted as StateOrders;
  }
  // S4.1: land moves, own forces only; the movement rules' refusals are warnings (S4.1 checks them on its own state).
  if (o.moves !== undefined) {
    if (!Array.isArray(o.moves)) issues.push(issue(M.notList, { f: 'moves' }));
    else {
      const moves: MoveOrder[] = [];
      o.moves.forEach((m, n) => {
        const f = `moves[${n}]`;
        if (!isObj(m)) { issues.push(issue(M.notObject, { f })); return; }
        if (!isForce(s, p, m.force)) { issues.push(issue(M.notOwnForce, { f, id: String(m.force) })); return; }
        if (!Array.isArray(m.path) || m.path.length === 0 || m.path.length > 6) { issues.push(issue(M.path, { f })); return; }
        const bad = m.path.find((x) => !isProvince(s, x));
        if (bad !== undefined) { issues.push(issue(M.province, { f, id: String(bad) })); return; }
        const order: MoveOrder = { force: m.force, path: m.path as string[] };
        if (isArmy(s, p, m.joins)) order.joins = m.joins;
        if (Number.isInteger(m.leaveAfter)) order.leaveAfter = m.leaveAfter as number;
        const why = moveRefusal(s, order);
        if (why) issues.push(refusedIssue(f, why.message, 'warning'));
        moves.push(order);
      });
      sheet.moves = moves;
    }
  }
  // S5: fleets' orders, own fleets only; the naval rules' refusals are warnings (S5 checks them again).
  if (o.naval !== undefined) {
    if (!Array.isArray(o.naval)) issues.push(issue(M.notList, { f: 'naval' }));
    else {
      const naval: NavalOrder[] = [];
      o.naval.forEach((x, n) => {
        const f = `naval[${n}]`;
        if (!isObj(x)) { issues.push(issue(M.notObject, { f })); return; }
        if (!isFleet(s, p, x.fleet)) { issues.push(issue(M.notOwnFleet, { f, id: String(x.fleet) })); return; }
        if (!Array.isArray(x.actions) || !x.actions.every(isObj)) { issues.push(issue(M.notList, { f: `${f}.actions` })); return; }
        if (x.end !== undefined && !isObj(x.end)) { issues.push(issue(M.notObject, { f: `${f}.end` })); return; }
        if (x.policy !== undefined && !isObj(x.policy)) { issues.push(issue(M.notObject, { f: `${f}.policy` })); return; }
        const order = { fleet: x.fleet, actions: x.actions, ...(x.end ? { end: x.end } : {}), ...(x.policy ? { policy: x.policy } : {}) } as unknown as NavalOrder;
        let why: ReturnType<typeof navalOrderRefusal> = null;
        try { why = navalOrderRefusal(s, order, p); } catch { why = { reason: 'malformed', message: { fr: 'ordre naval mal formé', en: 'malformed naval order' } } as never; }
        if (why) issues.push(refusedIssue(f, why.message, 'warning'));
        naval.push(order);
      });
      sheet.naval = naval;
    }
  }
  // S6.2 (standing): postures of own armies.
  if (o.postures !== undefined) {
    if (!isObj(o.postures)) issues.push(issue(M.notObject, { f: 'postures' }));
    else {
      const postures: Record<string, Posture> = {};
      for (const [k, v] of Object.entries(o.postures)) {
        if (!isArmy(s, p, k)) issues.push(issue(M.notOwnArmy, { f: 'postures', id: k }));
        else if (v !== 'engage' && v !== 'avoid') issues.push(issue(M.posture, { f: `postures.${k}` }));
        else postures[k] = v;
      }
      sheet.postures = postures;
    }
  }
  // S6.2 and the loser's retreat (standing): each own force's preferences.
  if (o.retreat !== undefined) {
    if (!isObj(o.retreat)) issues.push(issue(M.notObject, { f: 'retreat' }));
    else {
      const retreat: Record<string, RetreatOption[]> = {};
      for (const [k, v] of Object.entries(o.retreat)) {
        if (!isForce(s, p, k)) { issues.push(issue(M.notOwnForce, { f: 'retreat', id: k })); continue; }
        if (!Array.isArray(v)) { issues.push(issue(M.notList, { f: `retreat.${k}` })); continue; }
        const list = v.slice(0, 12).map((x) => retreatOption(s, p, x));
        if (list.some((x) => x === null)) { issues.push(issue(M.retreat, { f: `retreat.${k}` })); continue; }
        retreat[k] = list as RetreatOption[];
      }
      sheet.retreat = retreat;
    }
  }
  // §5.6 (standing): reaction policies.
  if (o.reactions !== undefined) {
    if (!Array.isArray(o.reactions)) issues.push(issue(M.notList, { f: 'reactions' }));
    else {
      const reactions: ReactionPolicy[] = [];
      o.reactions.slice(0, 50).forEach((x, n) => {
        const f = `reactions[${n}]`;
        if (!isObj(x)) { issues.push(issue(M.notObject, { f })); return; }
        if (!isForce(s, p, x.force)) { issues.push(issue(M.notOwnForce, { f, id: String(x.force) })); return; }
        if (x.to !== undefined && !isProvince(s, x.to)) { issues.push(issue(M.province, { f, id: String(x.to) })); return; }
        if (x.when !== undefined && (!Array.isArray(x.when) || !x.when.every((w) => isProvince(s, w)))) { issues.push(issue(M.notList, { f: `${f}.when` })); return; }
        reactions.push({ force: x.force, ...(x.to ? { to: x.to as string } : {}), ...(x.when ? { when: x.when as string[] } : {}) });
      });
      sheet.reactions = reactions;
    }
  }
  // §6.4, A-60 (standing): own armies whose sovereign takes the field.
  if (o.sovereignPresent !== undefined) {
    if (!Array.isArray(o.sovereignPresent)) issues.push(issue(M.notList, { f: 'sovereignPresent' }));
    else {
      sheet.sovereignPresent = [];
      for (const a of o.sovereignPresent) {
        if (isArmy(s, p, a)) sheet.sovereignPresent.push(a);
        else issues.push(issue(M.notOwnArmy, { f: 'sovereignPresent', id: String(a) }));
      }
    }
  }
  // S8.7 (#disband-army): the army that goes when one must.
  if (o.disband !== undefined) {
    if (isArmy(s, p, o.disband)) sheet.disband = o.disband;
    else issues.push(issue(M.notOwnArmy, { f: 'disband', id: String(o.disband) }));
  }
  sortieParts(s, p, o, sheet, issues);
  return { value: sheet, issues };
}

/**
 * S6.1 (§8.1.5, A-61, J14): the sorties and contingents of a besieged state, the standing relief
 * answers and sortie consents of a besieger. Checked from what the state knows (control is public,
 * its own forces), as the text sheet does; the siege itself is checked at S6.1 [fog].
 */
function sortieParts(s: GruikState, p: StateId, o: Record<string, unknown>, sheet: GruikSheet, issues: ValidationIssue[]): void {
  const mine = (x: string) => s.provinces[x]?.controller === p;
  for (const key of ['sorties', 'withdraw'] as const) {
    const v = o[key];
    if (v === undefined) continue;
    if (!Array.isArray(v)) { issues.push(issue(M.notList, { f: key })); continue; }
    const out: string[] = [];
    for (const x of v) {
      if (!isProvince(s, x)) issues.push(issue(M.province, { f: key, id: String(x) }));
      else if (key === 'withdraw' ? !mine(x) || !withdrawingForces(s, x, p).length : !mine(x) || !Object.values(s.armies).some((a) => a.state === p && a.location === x && a.inFortress)) issues.push(issue(key === 'withdraw' ? M.withdrawWhere : M.sortieWhere, { f: key, id: x })); // a garrison of detachments may withdraw [T §8.4]
      else if (!out.includes(x)) out.push(x);
    }
    sheet[key] = out;
  }
  for (const key of ['relief', 'sortieConsent'] as const) {
    const v = o[key];
    if (v === undefined) continue;
    if (!isObj(v)) { issues.push(issue(M.notObject, { f: key })); continue; }
    const out: Record<string, unknown> = {};
    for (const [x, c] of Object.entries(v)) {
      if (!isProvince(s, x)) issues.push(issue(M.province, { f: key, id: x }));
      else if (mine(x)) issues.push(issue(M.siegeOwn, { f: `${key}.${x}`, id: x }));
      else if (key === 'relief' && !['retreat', 'pin', 'all', 'auto'].includes(c as string)) issues.push(issue(M.reliefChoice, { f: `${key}.${x}` }));
      else if (key === 'sortieConsent' && typeof c !== 'boolean') issues.push(issue(M.consent, { f: `${key}.${x}` }));
      else out[x] = c;
    }
    if (key === 'relief') sheet.relief = out as NonNullable<GruikSheet['relief']>;
    else sheet.sortieConsent = out as NonNullable<GruikSheet['sortieConsent']>;
  }
  if (o.contingents !== undefined) {
    if (!isObj(o.contingents)) issues.push(issue(M.notObject, { f: 'contingents' }));
    else {
      const max = Math.min(s.config.siege.reliefContingentMax, s.config.detachment.max);
      const out: Record<string, number> = {};
      for (const [x, ap] of Object.entries(o.contingents)) {
        if (!isProvince(s, x)) issues.push(issue(M.province, { f: 'contingents', id: x }));
        else if (!mine(x)) issues.push(issue(M.contingentWhere, { f: `contingents.${x}`, id: x }));
        else if (!Number.isInteger(ap) || (ap as number) < 1 || (ap as number) > max) issues.push(issue(M.contingentSize, { f: `contingents.${x}`, max }));
        else out[x] = ap as number;
      }
      sheet.contingents = out;
    }
  }
}

/**
 * A reaction (§5.6): one-province moves of own unmoved forces, each with a purpose against this
 * state's movement report. A line of text (reaction-answer.ts: `react A1 to hautval`, `none`,
 * `default`) or the JSON of the API and bots (`[{"force":…,"path":[province]}]`); both go through
 * the same checks, a refused move named by its force (text) or its index (JSON).
 */
export function validateReaction(s: GruikState, p: StateId, raw: unknown): Validation<MoveOrder[] | typeof DEFAULT> {
  const j = parsed(raw);
  if (j.ok && j.value === DEFAULT) return { value: DEFAULT, issues: [] };
  let list: unknown = j.ok && isObj(j.value) && Array.isArray(j.value.reactions) ? j.value.reactions : j.ok ? j.value : null;
  const issues: ValidationIssue[] = [];
  let labels: string[] | null = null;
  if (typeof list === 'string') {
    const line = parseReactionLine(s, p, list);
    if (line.value === DEFAULT) return { value: DEFAULT, issues: [] };
    issues.push(...line.issues);
    list = line.value.map((m) => ({ force: m.force, path: [m.to] }));
    labels = line.value.map((m) => m.label);
  }
  if (!Array.isArray(list)) return { value: null, issues: [issue(M.reaction)] };
  const out: MoveOrder[] = [];
  list.slice(0, 50).forEach((m, n) => {
    const f = labels?.[n] ?? `[${n}]`;
    if (!isObj(m) || !Array.isArray(m.path) || m.path.length !== 1) { issues.push(issue(M.reaction)); return; }
    if (!isForce(s, p, m.force)) { issues.push(issue(M.notOwnForce, { f, id: String(m.force) })); return; }
    if (!isProvince(s, m.path[0])) { issues.push(issue(M.province, { f, id: String(m.path[0]) })); return; }
    if (out.some((x) => x.force === m.force)) { issues.push(issue(M.once, { f })); return; }
    const why = reactionRefusal(s, s.movementReport[p] ?? [], m.force, m.path[0] as string);
    if (why) { issues.push(refusedIssue(f, why.message)); return; }
    out.push({ force: m.force, path: [m.path[0] as string] });
  });
  return { value: out, issues };
}

/** One of the given words (an acceptance, a confirmation). */
export function validateChoice<T extends string>(raw: unknown, choices: readonly T[]): Validation<T> {
  const j = parsed(raw);
  const v = j.ok && typeof j.value === 'string' ? j.value.trim() : j.ok && isObj(j.value) && typeof j.value.value === 'string' ? j.value.value : null;
  if (v !== null && (choices as readonly string[]).includes(v)) return { value: v as T, issues: [] };
  return { value: null, issues: [issue(M.choice, { c: choices.join(', ') })] };
}

/**
 * A tabletop battle report (§6.12.1 step 4) of the battle `f` (report-answer.ts's frame): a line
 * of text (`report win elves lost elves 2 dwarves 8 …`, read by `parseReportLine`), 'none' (the
 * player leaves the report to the other side), or the JSON of the API and bots, the facts
 * `applyBattle` takes, checked field by field. Both give the same value.
 */
export function validateReport(f: ReportFrame, raw: unknown): Validation<BattleFacts | 'none'> {
  const j = parsed(raw);
  if (j.ok && (j.value === 'none' || j.value === DEFAULT)) return { value: 'none', issues: [] };
  if (j.ok && typeof j.value === 'string') return parseReportLine(f, j.value);
  const sides = f.sides, fielded = f.fielded;
  const bad = (en: string, fr: string): Validation<BattleFacts> => ({ value: null, issues: [{ message: `Battle report: ${en}`, text: { fr: fill(M.report, { m: fr }).fr, en: fill(M.report, { m: en }).en } }] });
  if (!j.ok || !isObj(j.value)) return bad('The battle report is not a JSON object (or "none").', 'Le compte rendu de bataille n’est pas un objet JSON (ni « none »).');
  const r = j.value;
  const side = (x: unknown): x is StateId => typeof x === 'string' && sides.includes(x);
  const o = r.outcome;
  if (!isObj(o)) return bad('outcome: an object is expected.', 'outcome : un objet est attendu.');
  let outcome: BattleFacts['outcome'];
  switch (o.kind) {
    case 'decisive': if (!side(o.winner)) return bad('outcome.winner: one of the two sides.', 'outcome.winner : l’un des deux camps.'); outcome = { kind: 'decisive', winner: o.winner }; break;
    case 'nightfall': if (o.leaver !== undefined && !side(o.leaver)) return bad('outcome.leaver: one of the two sides.', 'outcome.leaver : l’un des deux camps.'); outcome = { kind: 'nightfall', ...(o.leaver ? { leaver: o.leaver as string } : {}) }; break;
    case 'agreedStop': if (!['attackedToFortress', 'attackedAbandons', 'attackerWithdraws', 'none'].includes(String(o.agreement))) return bad('outcome.agreement: attackedToFortress, attackedAbandons, attackerWithdraws or none.', 'outcome.agreement : attackedToFortress, attackedAbandons, attackerWithdraws ou none.'); outcome = { kind: 'agreedStop', agreement: o.agreement as 'none' }; break;
    case 'unfinished':
      if (!['nonDecisive', 'winnerExtrapolated', 'diceOff', 'none'].includes(String(o.agreement))) return bad('outcome.agreement: nonDecisive, winnerExtrapolated, diceOff or none.', 'outcome.agreement : nonDecisive, winnerExtrapolated, diceOff ou none.');
      // §6.8 b: the side that was winning is named; the other agreements name none (the dice or the losses decide)
      if (o.agreement === 'winnerExtrapolated') {
        if (!side(o.winner)) return bad('outcome.winner: the side that was winning, one of the two sides.', 'outcome.winner : le camp qui l’emportait, l’un des deux camps.');
        outcome = { kind: 'unfinished', agreement: 'winnerExtrapolated', winner: o.winner };
      } else outcome = { kind: 'unfinished', agreement: o.agreement as 'none' };
      break;
    case 'mutualDemoralisation': outcome = { kind: 'mutualDemoralisation' }; break;
    default: return bad('outcome.kind: decisive, nightfall, agreedStop, unfinished or mutualDemoralisation.', 'outcome.kind : decisive, nightfall, agreedStop, unfinished ou mutualDemoralisation.');
  }
  if (!isObj(r.onTable)) return bad('onTable: the AP lost on the table by each side.', 'onTable : les AP perdus sur la table par chaque camp.');
  const onTable: Record<StateId, number> = {};
  for (const st of sides) {
    const v = r.onTable[st];
    if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > (fielded[st] ?? 0)) return bad(`onTable.${st}: a whole number from 0 to the AP fielded (${fielded[st] ?? 0}).`, `onTable.${st} : un entier de 0 aux AP engagés (${fielded[st] ?? 0}).`);
    onTable[st] = v as number;
  }
  const elements: BattleFacts['elements'] = [];
  if (r.elements !== undefined) {
    if (!Array.isArray(r.elements) || r.elements.length > 4) return bad('elements: a list of at most 4 general elements destroyed.', 'elements : une liste d’au plus 4 éléments de général détruits.');
    for (const e of r.elements) {
      if (!isObj(e) || !side(e.state) || typeof e.inCloseCombat !== 'boolean') return bad('elements: each {"state":…,"inCloseCombat":true|false}.', 'elements : chacun {"state":…,"inCloseCombat":true|false}.');
      elements.push({ state: e.state, inCloseCombat: e.inCloseCombat });
    }
  }
  const facts: BattleFacts = { outcome, onTable, elements };
  if (r.loserRetreat !== undefined) {
    // §5.9, §6.10: as the line offers it: the fortress, a land neighbour of the province, one of the reporter's fleets on its coast
    const x = r.loserRetreat;
    if (isObj(x) && x.kind === 'fortress') facts.loserRetreat = { kind: 'fortress' };
    else if (isObj(x) && x.kind === 'land' && f.neighbours.some((n) => n.id === x.to)) facts.loserRetreat = { kind: 'land', to: x.to as string };
    else if (isObj(x) && x.kind === 'sea' && f.fleets.some((q) => q.id === x.fleet)) facts.loserRetreat = { kind: 'sea', fleet: x.fleet as string };
    else return bad(`loserRetreat: {"kind":"fortress"}, {"kind":"land","to":…} (a neighbour of ${f.province.id}) or {"kind":"sea","fleet":…} (one of your fleets on its coast).`, `loserRetreat : {"kind":"fortress"}, {"kind":"land","to":…} (une voisine de ${f.province.id}) ou {"kind":"sea","fleet":…} (une de vos flottes sur sa côte).`);
  }
  if (r.hottDefender !== undefined) { if (!side(r.hottDefender)) return bad('hottDefender: one of the two sides.', 'hottDefender : l’un des deux camps.'); facts.hottDefender = r.hottDefender; }
  return { value: facts, issues: [] };
}

export const stale = (): Validation<never> => ({ value: null, issues: [issue(M.stale)] });
