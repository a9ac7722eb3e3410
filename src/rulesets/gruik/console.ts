/**
 * The GM's console of Game of Gruik (rules §11.3: "edit any entity (audited)"), in the engine's
 * terms ("game masters: the console" in src/engine/ruleset.ts): the GM edits a treasury, a
 * prestige, a province's owner and controller, an army's AP and modifier, a fleet's ships. Each
 * edit is a GM action: an input of the game's history (a replay applies it again), refused when it
 * leaves the bounds below or breaks an invariant the state kept (invariants.ts), told in French and
 * English. What it tells (`note` events, read by report.ts's readers):
 * - the public (the prestige ranking, the map's owners and controllers are public): prestige, a
 *   province's owner or controller;
 * - the state concerned alone (what others may not know, state.ts): its treasury, an army's AP and
 *   modifier, a fleet's ships;
 * each with "GM ruling" (`rulingNote('gm')`). A treasury or prestige edit enters the ledger
 * (rules §2.11) with the cause "GM ruling" [P §11.3: the audit a player can read].
 *
 *
 * Beyond the edits (rules §11.3, the rest of the console):
 * - `override`: while the items a step raised wait for the GM (`flow.rerun`), he sets one of that
 *   step's logged rolls (named as the roll log names it, `phase|event|index`) to a face within the
 *   die, and the step runs again from the state before it (`rerunStep`): every other roll keeps its
 *   own draw (dice.ts), the roll log marks the overridden one "GM ruling" with the face the key gave,
 *   and the report shows it to the roll's audience; the items are raised again with the new outcome.
 *   At most `gm.maxReruns` re-runs of one step [P §11.3].
 * - `orders`: during the orders' wait, the GM's sheet for a state he runs (a neutral, the
 *   barbarians), text or JSON like a player's; silence: neutrals hold, barbarians follow the §8.10
 *   AI (§11.6). [P] A GM action rather than a decision of `@gm`: it is open exactly while the
 *   players' `orders` decision is (deadline ORDERS), and its absence is the default.
 */
import { rulingNote, type ActionInput, type FormField, type FreeAction, type Lang, type Localized, type Resolution, type Validation } from '../../engine/ruleset.ts';
import type { Rng } from '../../engine/rng.ts';
import { isGmRun, rerunRolls, rerunStep, type GruikFlowEvent, type GruikGame } from './flow.ts';
import { parseSheet } from './sheet/index.ts';
import { validateSheet } from './answers.ts';
import type { GruikSheet } from './sheet-types.ts';
import { rollKey } from './rules/dice.ts';
import { checkInvariants } from './invariants.ts';
import type { StateId } from './state.ts';
import { cause, purposeText } from './words.ts';

/** The bounds of a GM edit beyond the invariants' own (style §3: each with its bounds). */
export const GM_EDIT_BOUNDS = {
  /** [P §11.3] the largest treasury the GM may set, in gruikors. */
  treasuryMax: 100_000,
  /** [P §11.3] prestige from −PRESTIGE_ABS to +PRESTIGE_ABS. */
  prestigeAbs: 10_000,
  /** [P §11.3] an army's AP at most this (the invariants ask only ≥ 0). */
  apMax: 1_000,
  /** [P §11.3] an army's modifier at least this (the invariants bound it above by MOD_MAX). */
  modMin: -100,
  /** [P §11.3] a fleet's ships at most this. */
  shipsMax: 1_000,
} as const;

export type GmEdit =
  | { id: 'treasury'; state: StateId; value: number }
  | { id: 'prestige'; state: StateId; value: number }
  | { id: 'province'; province: string; owner: StateId | null; controller: StateId | null }
  | { id: 'army'; army: string; ap: number; mod: number }
  | { id: 'fleet'; fleet: string; ships: number }
  | { id: 'override'; roll: string; value: number }
  | { id: 'orders'; state: StateId; sheet: GruikSheet | null };

/**
 * The GM-run states (neutrals, barbarians) that may get orders now, in id order. [P A-40] Neutrals
 * are GM-controlled states: hostile to everyone unless the GM declares friendships, ordered through
 * this console; prestige has no automatic effect on them (the GM may read the ranking).
 */
const gmRunStates = (g: GruikGame): StateId[] => Object.keys(g.gruik.realms).filter((st) => isGmRun(g, st)).sort();

const L = (lang: Lang, fr: string, en: string): string => (lang === 'fr' ? fr : en);
const NONE = 'none';

function stateName(g: GruikGame, st: StateId | null): string {
  if (st === null) return '—';
  return g.names[st] ?? g.gruik.realms[st]?.name ?? st;
}

/** The GM's edits open now, as forms (only the GM's page shows them: they name everything). */
export function gmActions(g: GruikGame, lang: Lang): FreeAction[] {
  if (g.flow.phase === 'over') return [];
  const s = g.gruik;
  const realms = Object.values(s.realms).filter((r) => r.kind !== 'rebels');
  const stateField = (name: string, label: string, none = false): FormField => ({
    name, label, kind: 'choice',
    options: [...(none ? [{ value: NONE, label: L(lang, 'aucun', 'none') }] : []), ...realms.map((r) => ({ value: r.id, label: stateName(g, r.id) }))],
  });
  const int = (name: string, label: string, min?: number, max?: number): FormField => ({ name, label, kind: 'integer', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) });
  const out: FreeAction[] = [
    { id: 'treasury', label: L(lang, 'Trésor d’un état', 'A state’s treasury'), help: L(lang, 'Le nouveau montant, en gruikors (pas sous le plafond de dette). Seul l’état concerné le lit.', 'The new amount, in gruikors (not below the debt cap). Only the state concerned reads it.'),
      fields: [stateField('state', L(lang, 'État', 'State')), int('value', L(lang, 'Trésor', 'Treasury'), undefined, GM_EDIT_BOUNDS.treasuryMax)] },
    { id: 'prestige', label: L(lang, 'Prestige d’un état', 'A state’s prestige'), help: L(lang, 'Public, comme le classement.', 'Public, like the ranking.'),
      fields: [stateField('state', L(lang, 'État', 'State')), int('value', L(lang, 'Prestige', 'Prestige'), -GM_EDIT_BOUNDS.prestigeAbs, GM_EDIT_BOUNDS.prestigeAbs)] },
    { id: 'province', label: L(lang, 'Propriétaire et contrôleur d’une province', 'A province’s owner and controller'), help: L(lang, 'Public, comme la carte.', 'Public, like the map.'),
      fields: [
        { name: 'province', label: L(lang, 'Province', 'Province'), kind: 'choice', options: s.map.provinces.map((p) => ({ value: p.id, label: `${p.name} (${stateName(g, s.provinces[p.id]?.owner ?? null)} / ${stateName(g, s.provinces[p.id]?.controller ?? null)})` })) },
        stateField('owner', L(lang, 'Propriétaire', 'Owner'), true), stateField('controller', L(lang, 'Contrôleur', 'Controller'), true),
      ] },
  ];
  const armies = Object.values(s.armies);
  if (armies.length) out.push({ id: 'army', label: L(lang, 'PA et modificateur d’une armée', 'An army’s AP and modifier'), help: L(lang, 'Seul l’état de l’armée le lit. La taille de saison suit le modificateur au prochain début de saison.', 'Only the army’s state reads it. The seasonal size follows the modifier at the next season’s start.'),
    fields: [
      { name: 'army', label: L(lang, 'Armée', 'Army'), kind: 'choice', options: armies.map((a) => ({ value: a.id, label: `${a.id} (${a.currentAP} ${L(lang, 'PA', 'AP')}, mod ${a.mod})` })) },
      int('ap', L(lang, 'PA', 'AP'), 0, GM_EDIT_BOUNDS.apMax), int('mod', L(lang, 'Modificateur', 'Modifier'), GM_EDIT_BOUNDS.modMin, s.config.army.modMax),
    ] });
  const fleets = Object.values(s.fleets);
  if (fleets.length) out.push({ id: 'fleet', label: L(lang, 'Navires d’une flotte', 'A fleet’s ships'), help: L(lang, 'Seul l’état de la flotte le lit.', 'Only the fleet’s state reads it.'),
    fields: [
      { name: 'fleet', label: L(lang, 'Flotte', 'Fleet'), kind: 'choice', options: fleets.map((f) => ({ value: f.id, label: `${f.id} (${f.ships})` })) },
      int('ships', L(lang, 'Navires', 'Ships'), 0, GM_EDIT_BOUNDS.shipsMax),
    ] });
  // §11.3 override a roll: the rolls of the step awaiting the GM, then that step re-run from its snapshot.
  const rolls = rerunRolls(g);
  const rr = g.flow.rerun;
  if (rr && rolls.length && rr.runs < s.config.gm.maxReruns) {
    out.push({ id: 'override', label: L(lang, `Corriger un jet de ${rr.step} et rejouer l’étape`, `Override a roll of ${rr.step} and re-run the step`),
      help: L(lang, `Le jet prend la valeur donnée (« décision du MJ » dans le journal des jets et le rapport de ceux qui l’ont vu) ; l’étape repart de l’état d’avant elle, les autres jets inchangés ; ses points en attente sont reposés avec la nouvelle issue. Les modifications de la console faites depuis l’étape ne sont pas gardées. Reste ${s.config.gm.maxReruns - rr.runs} fois.`,
        `The roll takes the value given ("GM ruling" in the roll log and in the report of those who saw it); the step runs again from the state before it, every other roll unchanged; its pending items are raised again with the new outcome. Console edits made since the step are not kept. ${s.config.gm.maxReruns - rr.runs} left.`),
      fields: [
        { name: 'roll', label: L(lang, 'Jet', 'Roll'), kind: 'choice', options: rolls.map((r) => ({ value: rollKey(r.phase, r.event, r.index), label: `${r.phase} — ${purposeText(r.purpose, lang)} — ${r.event} #${r.index}: d${r.sides} = ${r.face}` })) },
        int('value', L(lang, 'Nouvelle valeur', 'New value'), 1, Math.max(...rolls.map((r) => r.sides))),
      ] });
  }
  // §11.3 orders for GM-run states, while the players' orders are awaited (§11.6: silence holds).
  const runs = g.flow.phase === 'orders' ? gmRunStates(g) : [];
  if (runs.length) out.push({ id: 'orders', label: L(lang, 'Ordres d’un état mené par le MJ', 'Orders for a GM-run state'),
    help: L(lang, 'Une feuille d’ordres, un ordre par ligne, comme celle d’un joueur (ou « default » : il tient ; les barbares suivent l’IA de §8.10). Une nouvelle feuille remplace la précédente jusqu’à la date limite des ordres.',
      'An order sheet, one order a line, like a player’s (or "default": it holds; the barbarians follow the §8.10 AI). A new sheet replaces the last one until the orders deadline.'),
    fields: [
      { name: 'state', label: L(lang, 'État', 'State'), kind: 'choice', options: runs.map((st) => ({ value: st, label: `${stateName(g, st)}${g.flow.gmOrders?.[st] ? L(lang, ' (ordres donnés)', ' (orders given)') : ''}` })) },
      { name: 'sheet', label: L(lang, 'Feuille d’ordres', 'Order sheet'), kind: 'text', lines: 10 },
    ] });
  return out;
}

const refuse = (m: Localized): Validation<unknown> => ({ value: null, issues: [{ message: m.en, text: m }] });

function intIn(v: string | undefined, min: number, max: number): number | null {
  const t = String(v ?? '').trim();
  if (!/^-?\d{1,7}$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}
const outOf = (what: Localized, min: number, max: number): Localized => ({ fr: `${what.fr} : un nombre entier de ${min} à ${max}`, en: `${what.en}: a whole number from ${min} to ${max}` });

/** Checks a GM edit: known entities, values within bounds, and no invariant broken that held before. */
export function validateGmAction(g: GruikGame, action: ActionInput): Validation<unknown> {
  if (g.flow.phase === 'over') return refuse({ fr: 'la partie est terminée', en: 'the game is over' });
  const s = g.gruik;
  const v = action.values ?? {};
  const realm = (id: string | undefined) => (id && s.realms[id] && s.realms[id]!.kind !== 'rebels' ? id : null);
  let edit: GmEdit;
  switch (action.id) {
    case 'override': {
      const rr = g.flow.rerun;
      if (!rr || g.flow.phase !== 'gm') return refuse({ fr: 'aucune étape n’attend le MJ : un jet déjà joué reste au journal (corrigez l’état avec la console)', en: 'no step awaits the GM: a roll already made stays in the log (correct the state with the console)' });
      if (rr.runs >= s.config.gm.maxReruns) return refuse({ fr: `cette étape a déjà été rejouée ${rr.runs} fois (le plus permis)`, en: `this step has already been re-run ${rr.runs} times (the most allowed)` });
      const r = rerunRolls(g).find((x) => rollKey(x.phase, x.event, x.index) === String(v.roll ?? ''));
      if (!r) return refuse({ fr: `pas de tel jet dans l’étape ${rr.step}`, en: `no such roll in step ${rr.step}` });
      const n = intIn(v.value, 1, r.sides);
      if (n === null) return refuse(outOf({ fr: 'valeur du dé', en: 'the die’s value' }, 1, r.sides));
      return { value: { id: 'override', roll: rollKey(r.phase, r.event, r.index), value: n } satisfies GmEdit, issues: [] };
    }
    case 'orders': {
      if (g.flow.phase !== 'orders') return refuse({ fr: 'les ordres ne sont pas attendus maintenant', en: 'orders are not awaited now' });
      const st = String(v.state ?? '');
      if (!gmRunStates(g).includes(st)) return refuse({ fr: 'pas de tel état mené par le MJ', en: 'no such GM-run state' });
      const text = String(v.sheet ?? '').trim();
      if (text === '' || text.toLowerCase() === 'default') return { value: { id: 'orders', state: st, sheet: null } satisfies GmEdit, issues: [] };
      if (text.length > 20_000) return refuse({ fr: 'feuille trop longue (20 000 caractères au plus)', en: 'sheet too long (20,000 characters at most)' });
      if (/^[{[]/.test(text)) {
        const r = validateSheet(s, st, text);
        if (r.value === null || r.issues.some((x) => x.severity !== 'warning')) return { value: null, issues: r.issues.length ? r.issues : [{ message: 'refused', text: { fr: 'refusé', en: 'refused' } }] };
        return { value: { id: 'orders', state: st, sheet: r.value } satisfies GmEdit, issues: [] };
      }
      const p = parseSheet(s, st, text, 'en');
      const errors = p.issues.filter((x) => x.severity === 'error');
      if (errors.length) return { value: null, issues: errors.map((x) => ({ line: x.line, message: `line ${x.line}: ${x.message.en}`, text: { fr: `ligne ${x.line} : ${x.message.fr}`, en: `line ${x.line}: ${x.message.en}` } })) };
      return { value: { id: 'orders', state: st, sheet: p.sheet } satisfies GmEdit, issues: [] };
    }
    case 'treasury': case 'prestige': {
      const st = realm(v.state);
      if (!st) return refuse({ fr: 'pas de tel état', en: 'no such state' });
      if (action.id === 'treasury') {
        const n = intIn(v.value, -GM_EDIT_BOUNDS.treasuryMax, GM_EDIT_BOUNDS.treasuryMax);
        if (n === null) return refuse(outOf({ fr: 'trésor', en: 'treasury' }, -GM_EDIT_BOUNDS.treasuryMax, GM_EDIT_BOUNDS.treasuryMax));
        edit = { id: 'treasury', state: st, value: n };
      } else {
        const n = intIn(v.value, -GM_EDIT_BOUNDS.prestigeAbs, GM_EDIT_BOUNDS.prestigeAbs);
        if (n === null) return refuse(outOf({ fr: 'prestige', en: 'prestige' }, -GM_EDIT_BOUNDS.prestigeAbs, GM_EDIT_BOUNDS.prestigeAbs));
        edit = { id: 'prestige', state: st, value: n };
      }
      break;
    }
    case 'province': {
      const p = v.province && s.provinces[v.province] ? v.province : null;
      if (!p) return refuse({ fr: 'pas de telle province', en: 'no such province' });
      const who = (x: string | undefined): StateId | null | undefined => (x === NONE ? null : realm(x) ?? undefined);
      const owner = who(v.owner), controller = who(v.controller);
      if (owner === undefined || controller === undefined) return refuse({ fr: 'propriétaire ou contrôleur : un état, ou « aucun »', en: 'owner or controller: a state, or "none"' });
      edit = { id: 'province', province: p, owner, controller };
      break;
    }
    case 'army': {
      const a = v.army && s.armies[v.army] ? v.army : null;
      if (!a) return refuse({ fr: 'pas de telle armée', en: 'no such army' });
      const ap = intIn(v.ap, 0, GM_EDIT_BOUNDS.apMax);
      if (ap === null) return refuse(outOf({ fr: 'PA', en: 'AP' }, 0, GM_EDIT_BOUNDS.apMax));
      const mod = intIn(v.mod, GM_EDIT_BOUNDS.modMin, s.config.army.modMax);
      if (mod === null) return refuse(outOf({ fr: 'modificateur', en: 'modifier' }, GM_EDIT_BOUNDS.modMin, s.config.army.modMax));
      edit = { id: 'army', army: a, ap, mod };
      break;
    }
    case 'fleet': {
      const f = v.fleet && s.fleets[v.fleet] ? v.fleet : null;
      if (!f) return refuse({ fr: 'pas de telle flotte', en: 'no such fleet' });
      const ships = intIn(v.ships, 0, GM_EDIT_BOUNDS.shipsMax);
      if (ships === null) return refuse(outOf({ fr: 'navires', en: 'ships' }, 0, GM_EDIT_BOUNDS.shipsMax));
      edit = { id: 'fleet', fleet: f, ships };
      break;
    }
    default: return refuse({ fr: 'action du MJ inconnue', en: 'unknown GM action' });
  }
  // The invariants (treasury above the debt cap, one owner and controller…): an edit may not break one that held.
  const before = new Set(checkInvariants(s));
  const broken = checkInvariants(applyEdit(structuredClone(g), edit, []).gruik).filter((x) => !before.has(x));
  if (broken.length) return refuse({ fr: `cette modification enfreint un invariant de l’état (${broken[0]})`, en: `this edit breaks an invariant of the state (${broken[0]})` });
  return { value: edit, issues: [] };
}

function applyEdit(g: GruikGame, e: GmEdit, events: GruikFlowEvent[]): GruikGame {
  const s = g.gruik;
  const gm = { fr: rulingNote('gm', 'fr'), en: rulingNote('gm', 'en') };
  const ledger = (st: StateId, what: 'treasury' | 'prestige', delta: number) => { if (delta) s.ledger.push({ season: s.season, state: st, what, delta, cause: cause('gmRuling'), rule: '§11.3' }); };
  switch (e.id) {
    case 'treasury': {
      const r = s.realms[e.state]!;
      ledger(e.state, 'treasury', e.value - r.treasury);
      events.push({ t: 'note', audience: [e.state], text: { fr: `Votre trésor passe de ${r.treasury} à ${e.value} gruikors (${gm.fr}).`, en: `Your treasury goes from ${r.treasury} to ${e.value} gruikors (${gm.en}).` } });
      r.treasury = e.value;
      break;
    }
    case 'prestige': {
      const r = s.realms[e.state]!;
      ledger(e.state, 'prestige', e.value - r.prestige);
      const n = stateName(g, e.state);
      events.push({ t: 'note', audience: [], text: { fr: `Le prestige de ${n} passe de ${r.prestige} à ${e.value} (${gm.fr}).`, en: `${n}’s prestige goes from ${r.prestige} to ${e.value} (${gm.en}).` } });
      r.prestige = e.value;
      break;
    }
    case 'province': {
      const p = s.provinces[e.province]!;
      const name = s.map.provinces.find((x) => x.id === e.province)?.name ?? e.province;
      events.push({ t: 'note', audience: [], text: {
        fr: `${name} : propriétaire ${stateName(g, e.owner)}, contrôleur ${stateName(g, e.controller)} (${gm.fr}).`,
        en: `${name}: owner ${stateName(g, e.owner)}, controller ${stateName(g, e.controller)} (${gm.en}).`,
      } });
      if (p.controller !== e.controller) p.controlSince = s.season;
      p.owner = e.owner;
      p.controller = e.controller;
      break;
    }
    case 'army': {
      const a = s.armies[e.army]!;
      events.push({ t: 'note', audience: [a.state], text: { fr: `Votre armée ${a.id} : ${e.ap} PA (au lieu de ${a.currentAP}), modificateur ${e.mod} (au lieu de ${a.mod}) (${gm.fr}).`, en: `Your army ${a.id}: ${e.ap} AP (was ${a.currentAP}), modifier ${e.mod} (was ${a.mod}) (${gm.en}).` } });
      a.currentAP = e.ap;
      a.mod = e.mod;
      break;
    }
    case 'fleet': {
      const f = s.fleets[e.fleet]!;
      events.push({ t: 'note', audience: [f.state], text: { fr: `Votre flotte ${f.id} : ${e.ships} navires (au lieu de ${f.ships}) (${gm.fr}).`, en: `Your fleet ${f.id}: ${e.ships} ships (was ${f.ships}) (${gm.en}).` } });
      f.ships = e.ships;
      break;
    }
  }
  return g;
}

/** Applies a valid edit (`validateGmAction`'s value) to a copy of the game. */
export function gmAct(g0: GruikGame, value: unknown, rng?: Rng): Resolution<GruikGame, GruikFlowEvent> {
  const events: GruikFlowEvent[] = [];
  const e = value as GmEdit;
  if (e.id === 'override' || e.id === 'orders') {
    const g = structuredClone(g0);
    if (e.id === 'orders') {
      const all = { ...(g.flow.gmOrders ?? {}) };
      if (e.sheet) all[e.state] = e.sheet; else delete all[e.state];
      g.flow.gmOrders = all;
      return { state: g, events }; // a GM-run state's orders are nobody else's to know
    }
    const r = rerunRolls(g).find((x) => rollKey(x.phase, x.event, x.index) === e.roll)!;
    const gm = { fr: rulingNote('gm', 'fr'), en: rulingNote('gm', 'en') };
    g.gruik = { ...g.gruik, dice: { ...g.gruik.dice, overrides: { ...(g.gruik.dice.overrides ?? {}), [e.roll]: e.value } } };
    events.push({ t: 'note', audience: [...r.audience], text: {
      fr: `${r.phase} — ${purposeText(r.purpose, 'fr')} : le d${r.sides} ${r.face} devient ${e.value} ; l’étape ${g.flow.rerun!.step} est rejouée (${gm.fr}).`,
      en: `${r.phase} — ${purposeText(r.purpose, 'en')}: the d${r.sides} ${r.face} becomes ${e.value}; step ${g.flow.rerun!.step} is re-run (${gm.en}).`,
    } });
    if (!rng) throw new Error('Gruik: a re-run needs the engine’s stream');
    rerunStep(g, rng, events, (t) => reapplyEdits(t, (g.flow.rerun?.edits ?? []) as GmEdit[], events));
    return { state: g, events };
  }
  const g = applyEdit(structuredClone(g0), e, events);
  // [P §11.3] an edit made while a step awaits the GM is kept for its re-runs (`reapplyEdits`)
  if (g.flow.rerun && g.flow.phase === 'gm') g.flow.rerun = { ...g.flow.rerun, edits: [...(g.flow.rerun.edits ?? []), e] };
  return { state: g, events };
}

/** Whether an edit still applies to a state: its entity is there, and it breaks no invariant that held. */
function editApplies(g: GruikGame, e: GmEdit): boolean {
  const s = g.gruik;
  const there = e.id === 'treasury' || e.id === 'prestige' ? !!s.realms[e.state] : e.id === 'province' ? !!s.provinces[e.province]
    : e.id === 'army' ? !!s.armies[e.army] : e.id === 'fleet' ? !!s.fleets[e.fleet] : false;
  if (!there) return false;
  const before = new Set(checkInvariants(s));
  return checkInvariants(applyEdit(structuredClone(g), e, []).gruik).every((x) => before.has(x));
}

/**
 * [P §11.3] After a re-run from the snapshot, the GM's console edits made since the step ran are
 * applied again, in their order, on the state the re-run gives (each sets the value the GM chose,
 * with its ledger line and note again): a GM expects a correction he made to stay when he then has
 * a roll of the step overridden. An edit whose entity the re-run removed, or that would now break an
 * invariant, is left out of this run (whoever its note would have told is told so); it stays in the
 * list, tried again at a later re-run.
 */
export function reapplyEdits(g: GruikGame, edits: readonly GmEdit[], events: GruikFlowEvent[]): void {
  for (const e of edits) {
    if (editApplies(g, e)) { g.gruik = applyEdit(g, e, events).gruik; continue; }
    const gm = { fr: rulingNote('gm', 'fr'), en: rulingNote('gm', 'en') };
    const owner = e.id === 'treasury' ? e.state : e.id === 'army' ? e.army.split(':')[0]! : e.id === 'fleet' ? e.fleet.split(':')[0]! : null;
    events.push({ t: 'note', audience: owner ? [owner] : [], text: { fr: `Une modification du MJ (${e.id}) ne s’applique plus après l’étape rejouée (${gm.fr}).`, en: `A GM edit (${e.id}) no longer applies after the re-run step (${gm.en}).` } });
  }
}

/**
 * `Ruleset.gmActionAudience` (fog of war): who may know that the GM acted, as the action's notes
 * tell it. A GM-run state's orders: no player; an edit of a treasury, an army or a fleet: its owner
 * (what others may not know, state.ts); prestige and a province's owner or controller are public;
 * an override re-runs a step whose outcome may reach everyone (the season may go on): public.
 */
export function gmActionAudience(g: GruikGame, value: unknown): StateId[] | null {
  const e = value as GmEdit;
  switch (e?.id) {
    case 'orders': return [];
    case 'treasury': return [e.state];
    case 'army': { const a = g.gruik.armies[e.army]; return a ? [a.state] : null; }
    case 'fleet': { const f = g.gruik.fleets[e.fleet]; return f ? [f.state] : null; }
    default: return null;
  }
}
