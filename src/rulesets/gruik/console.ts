/**
 * The GM's console of Game of Gruik (rules §11.3: "edit any entity (audited)"), in the engine's
 * terms ("game masters: the console" in src/engine/ruleset.ts). The GM edits the state model of
 * rules §2: a state's treasury, prestige, debt floor, capital, civil war, master and tribute rate,
 * declared friendships, treaties (published or voided); a province's owner and controller, its
 * temples, its monuments (destroyed); a sovereign's or a general's name and fate (active, captive of
 * a state, dead); an army's AP and modifier, its place (a province, in the fortress or not), the
 * seasons of its siege, or its removal; a detachment's AP, its place (a garrison too) or its removal; a fleet's ships, its place (zone, coast, posture: at sea, off the coast, in port,
 * blockading) or its removal. Titles are not stored: they follow the provinces owned (§2.4), so the
 * GM sets them through a province's owner. A province's control passes as the rules pass it
 * (rules/conquest.ts `setControl`: the monuments' prestige follows it, a revolted capital taken ends
 * the civil war, A-54), its ownership as an annexation gives it (`applyEdit`). Each edit is a GM action: an input of the game's history
 * (a replay applies it again), refused when it leaves the bounds below, a condition of the rules
 * (`refusal`: a capital the state controls, no cycle of masters, a fortress or port that serves the
 * force, a blockade of an enemy…) or an invariant the state kept (invariants.ts), told in French and
 * English. What it tells (`note` events, read by report.ts's readers), `editAudience`:
 * - the public (what view.ts shows everyone): prestige, a province's owner or controller, a capital,
 *   a civil war, a tributary link, a friendship, a character, temples, a monument, a treaty published
 *   (or a published one voided; an unpublished one: its signatories);
 * - the state concerned alone (what others may not know, state.ts): its treasury and debt floor,
 *   an army's AP, modifier and place, a detachment, a fleet (a hidden army edit goes to its owner
 *   only); a tribute rate: the tributary and its master; a siege: the besieger and the besieged;
 * each with "GM ruling" (`rulingNote('gm')`). A treasury or prestige edit, and the prestige a
 * destroyed monument gave, enter the ledger (rules §2.11) with the cause "GM ruling" [P §11.3: the
 * audit a player can read].
 *
 *
 * Beyond the edits (rules §11.3, the rest of the console):
 * - `override`: while the items a step raised wait for the GM (`flow.rerun`), he sets one of that
 *   step's logged rolls (named as the roll log names it, `phase|event|index`) to a face within the
 *   die, and the step runs again from the state before it (`rerunStep`): every other roll keeps its
 *   own draw (dice.ts), the roll log marks the overridden one "GM ruling" with the face the key gave,
 *   and the report shows it to the roll's audience; the items are raised again with the new outcome.
 *   At most `gm.maxReruns` re-runs of one step [P §11.3].
 * - `rerun`: while the step's items wait for the GM, the step runs again from its snapshot with no
 *   roll overridden (the same roll keys: the same rolls, but those overridden), bounded by the same
 *   `gm.maxReruns`; the console's edits made since it ran are applied to the snapshot first, so they
 *   count from the step's start (an edit whose entity is not in the snapshot is applied after it, as
 *   for an override) [P §11.3].
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
import type { ProvinceId, SeaZoneId, StateId } from './state.ts';
import { mastersOf, fortressFriendlyFor, hostile } from './rules/relations.ts';
import { portFor } from './rules/naval-position.ts';
import { enterCivilWar } from './rules/civil-war.ts';
import { creditAnnexedMonuments, endCivilWar, rebelsOf, setControl } from './rules/conquest.ts';
import { disbandArmy } from './rules/armies.ts';
import { canBesiege } from './rules/siege.ts';
import { destroyMonument } from './rules/treasury.ts';
import { cause, purposeText } from './words.ts';

/**
 * The bounds of a GM edit beyond the invariants' own (style §3: each with its type and bounds). The
 * table of every field the console edits, its type, minimum and maximum, is in docs/gruik.md ("The
 * GM"); the bounds that are not here are the constants' (MOD_MAX, DETACHMENT_MIN/MAX,
 * FORCED_ALLY_MIN, TRIBUTE_MAX_RATE) or the map's (a province, a sea zone, a coast of that zone).
 */
export const GM_EDIT_BOUNDS = {
  /** [P §11.3] integer: the largest treasury the GM may set, in gruikors (from −treasuryMax). */
  treasuryMax: 100_000,
  /** [P §11.3] integer: prestige from −PRESTIGE_ABS to +PRESTIGE_ABS. */
  prestigeAbs: 10_000,
  /** [P §11.3] integer: an army's AP at most this (the invariants ask only ≥ 0). */
  apMax: 1_000,
  /** [P §11.3] integer: an army's modifier at least this (the invariants bound it above by MOD_MAX). */
  modMin: -100,
  /** [P §11.3] integer: a fleet's ships at most this. */
  shipsMax: 1_000,
  /** [P §11.3] integer: a debt floor (`Realm.debtFloor`, [P §8.6]) from this to 0 gruikors, or none. */
  debtFloorMin: -100_000,
  /** [P §11.3] text: a character's name, 1 to this many characters. */
  nameMax: 40,
  /** [P §11.3] integer: the seasons a siege has lasted (D12: +2 a season after the first, §8.2), 0 (none) to this. */
  siegeSeasonsMax: 40,
} as const;

/** A fleet's posture as the GM sets it [rules §2.7, §7.3, §7.8]: at sea, off a coast, in port there, or blockading it. */
export type FleetPosture = 'sea' | 'coast' | 'port' | 'blockade';
const POSTURES: readonly FleetPosture[] = ['sea', 'coast', 'port', 'blockade'];
type Status = 'active' | 'captive' | 'dead';
const STATUSES: readonly Status[] = ['active', 'captive', 'dead'];

export type GmEdit =
  | { id: 'treasury'; state: StateId; value: number }
  | { id: 'prestige'; state: StateId; value: number }
  | { id: 'province'; province: string; owner: StateId | null; controller: StateId | null }
  | { id: 'army'; army: string; ap: number; mod: number }
  | { id: 'fleet'; fleet: string; ships: number }
  | { id: 'capital'; state: StateId; province: ProvinceId | null }
  | { id: 'debt'; state: StateId; floor: number | null }
  | { id: 'civil-war'; state: StateId; on: boolean }
  | { id: 'tributary'; state: StateId; master: StateId | null; rate: number; voluntary: boolean }
  | { id: 'friendship'; state: StateId; friend: StateId; declared: boolean }
  | { id: 'character'; character: string; name: string; status: Status; captor: StateId | null }
  | { id: 'temples'; province: ProvinceId; pillaged: boolean }
  | { id: 'monument'; monument: string }
  | { id: 'army-place'; army: string; province: ProvinceId; fortress: boolean }
  | { id: 'army-remove'; army: string }
  | { id: 'siege'; army: string; seasons: number }
  | { id: 'detachment'; detachment: string; ap: number }
  | { id: 'detachment-remove'; detachment: string }
  | { id: 'detachment-place'; detachment: string; province: ProvinceId; fortress: boolean }
  | { id: 'treaty'; treaty: string; outcome: 'publish' | 'void' }
  | { id: 'fleet-place'; fleet: string; zone: SeaZoneId; coast: ProvinceId | null; posture: FleetPosture }
  | { id: 'fleet-remove'; fleet: string }
  | { id: 'override'; roll: string; value: number }
  | { id: 'rerun' }
  | { id: 'orders'; state: StateId; sheet: GruikSheet | null };

/** The edits of an entity (kept through re-runs, `flow.rerun.edits`): every GM action but the override, the re-run and the orders. */
export type EntityEdit = Exclude<GmEdit, { id: 'override' | 'rerun' | 'orders' }>;

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
    { id: 'province', label: L(lang, 'Propriétaire et contrôleur d’une province', 'A province’s owner and controller'), help: L(lang, 'Public, comme la carte. Le contrôle passe comme les règles le font passer : le prestige de ses monuments suit le contrôleur (au grand livre), une capitale révoltée reprise met fin à la guerre civile (A-54) ; pas de pillage, de capture ni de prestige de conquête.', 'Public, like the map. Control passes as the rules pass it: its monuments’ prestige follows the controller (in the ledger), a revolted capital taken ends the civil war (A-54); no pillage, capture or conquest prestige.'),
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
  out.push(...entityForms(g, lang, stateField, int));
  // §11.3 override a roll: the rolls of the step awaiting the GM, then that step re-run from its snapshot.
  const rolls = rerunRolls(g);
  const rr = g.flow.rerun;
  if (rr && rolls.length && rr.runs < s.config.gm.maxReruns) {
    out.push({ id: 'override', label: L(lang, `Corriger un jet de ${rr.step} et rejouer l’étape`, `Override a roll of ${rr.step} and re-run the step`),
      help: L(lang, `Le jet prend la valeur donnée (« décision du MJ » dans le journal des jets et le rapport de ceux qui l’ont vu) ; l’étape repart de l’état d’avant elle, les autres jets inchangés ; ses points en attente sont reposés avec la nouvelle issue. Les modifications de la console faites depuis l’étape sont appliquées de nouveau après elle. Reste ${s.config.gm.maxReruns - rr.runs} fois.`,
        `The roll takes the value given ("GM ruling" in the roll log and in the report of those who saw it); the step runs again from the state before it, every other roll unchanged; its pending items are raised again with the new outcome. Console edits made since the step are applied again after it. ${s.config.gm.maxReruns - rr.runs} left.`),
      fields: [
        { name: 'roll', label: L(lang, 'Jet', 'Roll'), kind: 'choice', options: rolls.map((r) => ({ value: rollKey(r.phase, r.event, r.index), label: `${r.phase} — ${purposeText(r.purpose, lang)} — ${r.event} #${r.index}: d${r.sides} = ${r.face}` })) },
        int('value', L(lang, 'Nouvelle valeur', 'New value'), 1, Math.max(...rolls.map((r) => r.sides))),
      ] });
  }
  // §11.3 re-run the step awaiting the GM from its snapshot, no roll overridden: the console's edits made since count from its start.
  if (rr && g.flow.phase === 'gm' && rr.runs < s.config.gm.maxReruns) {
    const n = (rr.edits ?? []).length;
    out.push({ id: 'rerun', label: L(lang, `Rejouer ${rr.step} depuis son instantané`, `Re-run ${rr.step} from its snapshot`),
      help: L(lang, `L’étape repart de l’état d’avant elle, avec les mêmes jets (sauf ceux que vous avez corrigés) ; les modifications de la console faites depuis (${n}) s’appliquent d’abord à cet état, et comptent donc dès son début (un trésor modifié subit la suite de l’étape) ; une modification dont l’entité n’existait pas encore est appliquée après. Ses points en attente sont reposés. Reste ${s.config.gm.maxReruns - rr.runs} fois.`,
        `The step runs again from the state before it, with the same rolls (but those you overrode); the console edits made since (${n}) apply first to that state, so they count from its start (an edited treasury then bears the rest of the step); an edit whose entity did not exist yet is applied after it. Its pending items are raised again. ${s.config.gm.maxReruns - rr.runs} left.`),
      fields: [] });
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

const YES = 'yes', NO = 'no';

/** The forms of the edits beyond treasury, prestige, province, army and fleet (rules §2: the rest of the state model). */
function entityForms(g: GruikGame, lang: Lang, stateField: (name: string, label: string, none?: boolean) => FormField, int: (name: string, label: string, min?: number, max?: number) => FormField): FreeAction[] {
  const s = g.gruik;
  const pname = (p: string) => s.map.provinces.find((x) => x.id === p)?.name ?? p;
  const zname = (z: string) => s.map.seaZones.find((x) => x.id === z)?.name ?? z;
  const yesNo = (name: string, label: string, optional = false): FormField => ({ name, label, kind: 'choice', options: [{ value: YES, label: L(lang, 'oui', 'yes') }, { value: NO, label: L(lang, 'non', 'no') }], ...(optional ? { optional } : {}) });
  const province = (name: string, label: string, optional = false, only?: (p: string) => boolean): FormField => ({
    name, label, kind: 'choice', ...(optional ? { optional } : {}),
    options: s.map.provinces.filter((p) => !only || only(p.id)).map((p) => ({ value: p.id, label: `${p.name} (${stateName(g, s.provinces[p.id]?.controller ?? null)})` })),
  });
  const state = L(lang, 'État', 'State');
  const out: FreeAction[] = [
    { id: 'capital', label: L(lang, 'Capitale d’un état', 'A state’s capital'), help: L(lang, 'Une province qu’il contrôle, ou aucune s’il n’en contrôle pas. Publique. Pas pendant une guerre civile. En S8.3 la capitale revient à la capitale d’origine si l’état la contrôle (§8.7.1).', 'A province it controls, or none if it controls none. Public. Not during a civil war. At S8.3 the capital goes back to the original one if the state controls it (§8.7.1).'),
      fields: [stateField('state', state), province('province', L(lang, 'Capitale (vide : aucune)', 'Capital (empty: none)'), true)] },
    { id: 'debt', label: L(lang, 'Plancher de dette d’un état', 'A state’s debt floor'), help: L(lang, `La dette qu’un état garde au-delà de son plafond après des provinces perdues (§8.6) : le trésor le plus bas permis, de ${GM_EDIT_BOUNDS.debtFloorMin} à 0 ; vide : aucun. Seul l’état le lit.`, `The debt a state keeps beyond its cap after provinces lost (§8.6): the lowest treasury allowed, from ${GM_EDIT_BOUNDS.debtFloorMin} to 0; empty: none. Only the state reads it.`),
      fields: [stateField('state', state), { ...int('floor', L(lang, 'Plancher (gruikors)', 'Floor (gruikors)'), GM_EDIT_BOUNDS.debtFloorMin, 0), optional: true }] },
    { id: 'civil-war', label: L(lang, 'Guerre civile d’un état', 'A state’s civil war'), help: L(lang, 'Oui : sa capitale se révolte (§8.7.2, sans point J16). Non : la capitale révoltée lui revient et la guerre civile prend fin. Public.', 'Yes: its capital revolts (§8.7.2, no J16 item). No: the revolted capital returns to it and the civil war ends. Public.'),
      fields: [stateField('state', state), yesNo('on', L(lang, 'En guerre civile', 'In civil war'))] },
    { id: 'tributary', label: L(lang, 'Maître et tribut d’un état', 'A state’s master and tribute'), help: L(lang, `Maître : un autre état (sans cycle) ou aucun ; le lien est public, le taux (0 à ${Math.round(s.config.treasury.tributeMaxRate * 100)} %) n’est dit qu’au tributaire et à son maître. Aucun prestige n’est donné ou ôté : modifiez-le à part.`, `Master: another state (no cycle) or none; the link is public, the rate (0 to ${Math.round(s.config.treasury.tributeMaxRate * 100)} %) is told to the tributary and its master only. No prestige is given or taken: edit it apart.`),
      fields: [stateField('state', L(lang, 'Tributaire', 'Tributary')), stateField('master', L(lang, 'Maître', 'Master'), true), { ...int('rate', L(lang, 'Taux du tribut (%)', 'Tribute rate (%)'), 0, Math.round(s.config.treasury.tributeMaxRate * 100)), optional: true }, yesNo('voluntary', L(lang, 'Volontaire', 'Voluntary'), true)] },
    { id: 'friendship', label: L(lang, 'Amitié déclarée', 'A declared friendship'), help: L(lang, 'Dirigée : l’état déclare (ou ne déclare plus) l’autre ami (§2.3, A-04). Publique. Les suites d’une amitié rompue (§5.11, J1) ne sont pas appliquées.', 'Directed: the state declares (or no longer declares) the other a friend (§2.3, A-04). Public. The consequences of a friendship cancelled (§5.11, J1) are not applied.'),
      fields: [stateField('state', state), stateField('friend', L(lang, 'Ami', 'Friend')), yesNo('declared', L(lang, 'Déclaré', 'Declared'))] },
  ];
  const chars = Object.values(s.characters).filter((c) => c.status !== 'void' && s.realms[c.state]?.kind !== 'rebels');
  if (chars.length) out.push({ id: 'character', label: L(lang, 'Un souverain ou un général', 'A sovereign or a general'), help: L(lang, 'Son nom et son sort (public) ; captif : son geôlier, dit à son état et au geôlier seulement. Un général mort est remplacé au début de la saison suivante.', 'His name and fate (public); captive: his captor, told to his state and the captor only. A dead general is replaced at the start of the next season.'),
    fields: [
      { name: 'character', label: L(lang, 'Personnage', 'Character'), kind: 'choice', options: chars.map((c) => ({ value: c.id, label: `${c.name} (${stateName(g, c.state)}, ${c.role === 'sovereign' ? L(lang, 'souverain', 'sovereign') : L(lang, 'général', 'general')}${c.army ? ` ${c.army}` : ''}, ${c.status === 'active' ? L(lang, 'actif', 'active') : c.status === 'captive' ? L(lang, 'captif', 'captive') : L(lang, 'mort', 'dead')})` })) },
      { name: 'name', label: L(lang, `Nom (${GM_EDIT_BOUNDS.nameMax} caractères au plus ; vide : inchangé)`, `Name (${GM_EDIT_BOUNDS.nameMax} characters at most; empty: unchanged)`), kind: 'text', optional: true },
      { name: 'status', label: L(lang, 'Sort', 'Fate'), kind: 'choice', options: STATUSES.map((x) => ({ value: x, label: x === 'active' ? L(lang, 'actif', 'active') : x === 'captive' ? L(lang, 'captif', 'captive') : L(lang, 'mort', 'dead') })) },
      { ...stateField('captor', L(lang, 'Geôlier (s’il est captif)', 'Captor (if captive)'), true), optional: true },
    ] });
  out.push({ id: 'temples', label: L(lang, 'Temples d’une province', 'A province’s temples'), help: L(lang, 'Pillés : à cette saison (le revenu les attend, §12.1.3) ; non : rétablis. Public.', 'Pillaged: this season (the income waits for them, §12.1.3); no: restored. Public.'),
    fields: [province('province', L(lang, 'Province', 'Province')), yesNo('pillaged', L(lang, 'Pillés', 'Pillaged'))] });
  const standing = s.map.provinces.flatMap((p) => (s.provinces[p.id]?.monuments ?? []).map((m) => ({ m, p: p.id })));
  if (standing.length) out.push({ id: 'monument', label: L(lang, 'Détruire un monument', 'Destroy a monument'), help: L(lang, `Il quitte sa province ; chaque état qui en jouissait perd ${s.config.prestigeTable.monumentDestroyed} point(s) de prestige (T §15, au grand livre). Public.`, `It leaves its province; each state that enjoyed it loses ${s.config.prestigeTable.monumentDestroyed} prestige point(s) (T §15, in the ledger). Public.`),
    fields: [{ name: 'monument', label: L(lang, 'Monument', 'Monument'), kind: 'choice', options: standing.map(({ m, p }) => ({ value: m, label: `${m} — ${pname(p)}` })) }] });
  const armies = Object.values(s.armies);
  const armyOptions = armies.map((a) => ({ value: a.id, label: `${a.id} (${typeof a.location === 'string' ? (a.location === 'captured' ? L(lang, 'capturée', 'captured') : pname(a.location)) : L(lang, 'embarquée', 'embarked')})` }));
  if (armies.length) out.push(
    { id: 'army-place', label: L(lang, 'Placer une armée', 'Place an army'), help: L(lang, 'Dans une province de la carte (elle débarque si elle était à bord ; ce qui l’a rejointe la suit) ; dans la forteresse seulement si la province est à elle ou à un état qui l’a déclarée amie (A-27). Un siège ailleurs est levé. Seul son état le lit.', 'In a province of the map (it lands if it was aboard; what joined it follows); in the fortress only if the province is its own or a state’s that declared it a friend (A-27). A siege elsewhere is lifted. Only its state reads it.'),
      fields: [{ name: 'army', label: L(lang, 'Armée', 'Army'), kind: 'choice', options: armyOptions }, province('province', L(lang, 'Province', 'Province')), yesNo('fortress', L(lang, 'Dans la forteresse', 'In the fortress'))] },
    { id: 'army-remove', label: L(lang, 'Dissoudre une armée', 'Disband an army'), help: L(lang, 'Elle disparaît comme en §4.8 : ses détachements dissous, son général sans armée, ce qui l’avait rejointe laissé seul. Seul son état le lit.', 'It disappears as in §4.8: its detachments disbanded, its general without an army, what had joined it left alone. Only its state reads it.'),
      fields: [{ name: 'army', label: L(lang, 'Armée', 'Army'), kind: 'choice', options: armyOptions }] },
    { id: 'siege', label: L(lang, 'Siège mené par une armée', 'An army’s siege'), help: L(lang, `Les saisons du siège de la province où elle se tient (§8.2 : +2 par saison après la première), de 1 à ${GM_EDIT_BOUNDS.siegeSeasonsMax} ; 0 : levé, sans la perte de prestige d’un siège échoué. Elle doit pouvoir l’assiéger (§8.1 : armée principale, province ennemie, pas d’ennemi hors de la forteresse). Dit à son état et à l’assiégé.`, `The seasons of the siege of the province it stands in (§8.2: +2 a season after the first), 1 to ${GM_EDIT_BOUNDS.siegeSeasonsMax}; 0: lifted, without a failed siege's prestige loss. It must be able to besiege it (§8.1: a main army, an enemy province, no enemy outside the fortress). Told to its state and the besieged.`),
      fields: [{ name: 'army', label: L(lang, 'Armée', 'Army'), kind: 'choice', options: armies.map((a) => ({ value: a.id, label: `${a.id}${a.siegeOf ? ` (${L(lang, 'assiège', 'besieging')} ${pname(a.siegeOf)}, ${a.siegeSeasons})` : ''}` })) }, int('seasons', L(lang, 'Saisons de siège', 'Seasons of siege'), 0, GM_EDIT_BOUNDS.siegeSeasonsMax)] },
  );
  const dets = Object.values(s.detachments);
  const kind = { own: L(lang, 'propre', 'own'), volunteerAlly: L(lang, 'allié volontaire', 'volunteer ally'), forcedAlly: L(lang, 'allié forcé', 'forced ally') };
  const detOptions = dets.map((d) => ({ value: d.id, label: `${d.id} (${d.ap} ${L(lang, 'PA', 'AP')}, ${kind[d.kind]})` }));
  if (dets.length) out.push(
    { id: 'detachment', label: L(lang, 'PA d’un détachement', 'A detachment’s AP'), help: L(lang, `De ${s.config.detachment.min} à ${s.config.detachment.max} (un allié forcé : ${s.config.detachment.forcedAllyMin} au moins). Seul son état le lit.`, `From ${s.config.detachment.min} to ${s.config.detachment.max} (a forced ally: ${s.config.detachment.forcedAllyMin} at least). Only its state reads it.`),
      fields: [{ name: 'detachment', label: L(lang, 'Détachement', 'Detachment'), kind: 'choice', options: detOptions }, int('ap', L(lang, 'PA', 'AP'), s.config.detachment.min, s.config.detachment.max)] },
    { id: 'detachment-place', label: L(lang, 'Placer un détachement', 'Place a detachment'), help: L(lang, 'Dans une province de la carte (il quitte l’armée qu’il avait rejointe, débarque s’il était à bord) ; dans la forteresse (une garnison) seulement si la province est à son état ou à un état qui l’a déclaré ami (A-27). Seul son état le lit.', 'In a province of the map (it leaves the army it had joined, lands if it was aboard); in the fortress (a garrison) only if the province is its state’s or a state’s that declared it a friend (A-27). Only its state reads it.'),
      fields: [{ name: 'detachment', label: L(lang, 'Détachement', 'Detachment'), kind: 'choice', options: detOptions }, province('province', L(lang, 'Province', 'Province')), yesNo('fortress', L(lang, 'Dans la forteresse', 'In the fortress'))] },
    { id: 'detachment-remove', label: L(lang, 'Dissoudre un détachement', 'Disband a detachment'), help: L(lang, 'Il disparaît (ses PA ne reviennent pas à son armée : modifiez-les à part). Seul son état le lit.', 'It disappears (its AP do not go back to its army: edit them apart). Only its state reads it.'),
      fields: [{ name: 'detachment', label: L(lang, 'Détachement', 'Detachment'), kind: 'choice', options: detOptions }] },
  );
  const fleets = Object.values(s.fleets);
  const fleetOptions = fleets.map((f) => ({ value: f.id, label: `${f.id} (${f.ships}, ${zname(f.zone)}${f.coast ? ` — ${pname(f.coast)}` : ''})` }));
  if (fleets.length) out.push(
    { id: 'fleet-place', label: L(lang, 'Placer une flotte', 'Place a fleet'), help: L(lang, 'Une zone maritime ; une côte de cette zone sauf « en mer » ; au port seulement dans un port qui la sert (le sien ou celui d’un état qui l’a déclarée amie, A-27) ; en blocus seulement d’une province ennemie. Les troupes à bord la suivent. Seul son état le lit.', 'A sea zone; a coast of that zone except "at sea"; in port only in a port that serves it (its own or a state’s that declared it a friend, A-27); blockading only an enemy province. The troops aboard go with it. Only its state reads it.'),
      fields: [
        { name: 'fleet', label: L(lang, 'Flotte', 'Fleet'), kind: 'choice', options: fleetOptions },
        { name: 'zone', label: L(lang, 'Zone', 'Zone'), kind: 'choice', options: s.map.seaZones.map((z) => ({ value: z.id, label: z.name })) },
        province('coast', L(lang, 'Côte (vide : en mer)', 'Coast (empty: at sea)'), true, (p) => (s.map.provinces.find((x) => x.id === p)?.coasts.length ?? 0) > 0),
        { name: 'posture', label: L(lang, 'Posture', 'Posture'), kind: 'choice', options: POSTURES.map((x) => ({ value: x, label: x === 'sea' ? L(lang, 'en mer', 'at sea') : x === 'coast' ? L(lang, 'au large de la côte', 'off the coast') : x === 'port' ? L(lang, 'au port', 'in port') : L(lang, 'en blocus', 'blockading') })) },
      ] },
    { id: 'fleet-remove', label: L(lang, 'Dissoudre une flotte', 'Disband a fleet'), help: L(lang, 'Sans troupes à bord (débarquez-les d’abord). Seul son état le lit.', 'With no troops aboard (land them first). Only its state reads it.'),
      fields: [{ name: 'fleet', label: L(lang, 'Flotte', 'Fleet'), kind: 'choice', options: fleetOptions }] },
  );
  if (s.treaties.length) out.push({ id: 'treaty', label: L(lang, 'Un traité', 'A treaty'), help: L(lang, 'Publier : tous ses signataires le confirment et il est public (§8.11). Annuler : il disparaît ; dit au public s’il était publié, à ses signataires sinon.', 'Publish: all its signatories confirm it and it is public (§8.11). Void: it disappears; told to the public if it was published, to its signatories otherwise.'),
    fields: [
      { name: 'treaty', label: L(lang, 'Traité', 'Treaty'), kind: 'choice', options: s.treaties.map((t) => ({ value: t.id, label: `${t.id} (${t.signatories.map((x) => stateName(g, x)).join(', ')}${t.publishedAt !== undefined ? L(lang, ', publié', ', published') : ''})` })) },
      { name: 'outcome', label: L(lang, 'Issue', 'Outcome'), kind: 'choice', options: [{ value: 'publish', label: L(lang, 'publier', 'publish') }, { value: 'void', label: L(lang, 'annuler', 'void') }] },
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
  const realm = (id: string | undefined) => (id && Object.hasOwn(s.realms, id) && s.realms[id]!.kind !== 'rebels' ? id : null);
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
      const p = v.province && Object.hasOwn(s.provinces, v.province) ? v.province : null;
      if (!p) return refuse({ fr: 'pas de telle province', en: 'no such province' });
      const who = (x: string | undefined): StateId | null | undefined => (x === NONE ? null : realm(x) ?? undefined);
      const owner = who(v.owner), controller = who(v.controller);
      if (owner === undefined || controller === undefined) return refuse({ fr: 'propriétaire ou contrôleur : un état, ou « aucun »', en: 'owner or controller: a state, or "none"' });
      edit = { id: 'province', province: p, owner, controller };
      break;
    }
    case 'army': {
      const a = v.army && Object.hasOwn(s.armies, v.army) ? v.army : null;
      if (!a) return refuse({ fr: 'pas de telle armée', en: 'no such army' });
      const ap = intIn(v.ap, 0, GM_EDIT_BOUNDS.apMax);
      if (ap === null) return refuse(outOf({ fr: 'PA', en: 'AP' }, 0, GM_EDIT_BOUNDS.apMax));
      const mod = intIn(v.mod, GM_EDIT_BOUNDS.modMin, s.config.army.modMax);
      if (mod === null) return refuse(outOf({ fr: 'modificateur', en: 'modifier' }, GM_EDIT_BOUNDS.modMin, s.config.army.modMax));
      edit = { id: 'army', army: a, ap, mod };
      break;
    }
    case 'fleet': {
      const f = v.fleet && Object.hasOwn(s.fleets, v.fleet) ? v.fleet : null;
      if (!f) return refuse({ fr: 'pas de telle flotte', en: 'no such fleet' });
      const ships = intIn(v.ships, 0, GM_EDIT_BOUNDS.shipsMax);
      if (ships === null) return refuse(outOf({ fr: 'navires', en: 'ships' }, 0, GM_EDIT_BOUNDS.shipsMax));
      edit = { id: 'fleet', fleet: f, ships };
      break;
    }
    case 'rerun': {
      const rr = g.flow.rerun;
      if (!rr || g.flow.phase !== 'gm') return refuse({ fr: 'aucune étape n’attend le MJ : rien à rejouer (corrigez l’état avec la console)', en: 'no step awaits the GM: nothing to re-run (correct the state with the console)' });
      if (rr.runs >= s.config.gm.maxReruns) return refuse({ fr: `cette étape a déjà été rejouée ${rr.runs} fois (le plus permis)`, en: `this step has already been re-run ${rr.runs} times (the most allowed)` });
      return { value: { id: 'rerun' } satisfies GmEdit, issues: [] };
    }
    case 'capital': case 'debt': case 'civil-war': case 'tributary': case 'friendship': {
      const st = realm(v.state);
      if (!st) return refuse({ fr: 'pas de tel état', en: 'no such state' });
      if (action.id === 'capital') {
        const t = String(v.province ?? '').trim();
        const p = t === '' || t === NONE ? null : s.provinces[t] ? t : undefined;
        if (p === undefined) return refuse({ fr: 'pas de telle province', en: 'no such province' });
        edit = { id: 'capital', state: st, province: p };
      } else if (action.id === 'debt') {
        const t = String(v.floor ?? '').trim();
        const n = t === '' || t === NONE ? null : intIn(t, GM_EDIT_BOUNDS.debtFloorMin, 0);
        if (n === null && !(t === '' || t === NONE)) return refuse(outOf({ fr: 'plancher de dette', en: 'debt floor' }, GM_EDIT_BOUNDS.debtFloorMin, 0));
        edit = { id: 'debt', state: st, floor: n };
      } else if (action.id === 'civil-war') {
        const on = yes(v.on);
        if (on === null) return refuse({ fr: 'guerre civile : oui ou non', en: 'civil war: yes or no' });
        edit = { id: 'civil-war', state: st, on };
      } else if (action.id === 'tributary') {
        const m = String(v.master ?? '').trim();
        const master = m === '' || m === NONE ? null : realm(m);
        if (master === undefined || (m !== '' && m !== NONE && !master)) return refuse({ fr: 'maître : un état, ou « aucun »', en: 'master: a state, or "none"' });
        const maxPct = Math.round(s.config.treasury.tributeMaxRate * 100);
        const rt = String(v.rate ?? '').trim();
        const rate = rt === '' ? Math.round((s.realms[st]!.tributaryRate ?? s.config.treasury.tributeDefaultRate) * 100) : intIn(rt, 0, maxPct);
        if (rate === null || rate > maxPct) return refuse(outOf({ fr: 'taux du tribut (%)', en: 'tribute rate (%)' }, 0, maxPct));
        const vt = String(v.voluntary ?? '').trim();
        const voluntary = vt === '' ? (s.realms[st]!.tributaryVoluntary ?? true) : yes(vt);
        if (voluntary === null) return refuse({ fr: 'volontaire : oui ou non', en: 'voluntary: yes or no' });
        edit = { id: 'tributary', state: st, master, rate, voluntary };
      } else {
        const friend = realm(v.friend);
        if (!friend) return refuse({ fr: 'pas de tel ami', en: 'no such friend' });
        const declared = yes(v.declared);
        if (declared === null) return refuse({ fr: 'déclaré : oui ou non', en: 'declared: yes or no' });
        edit = { id: 'friendship', state: st, friend, declared };
      }
      break;
    }
    case 'character': {
      const c = v.character && Object.hasOwn(s.characters, v.character) ? s.characters[v.character]! : null;
      if (!c || c.status === 'void' || s.realms[c.state]?.kind === 'rebels') return refuse({ fr: 'pas de tel personnage', en: 'no such character' });
      const name = String(v.name ?? '').trim() || c.name;
      if (name.length > GM_EDIT_BOUNDS.nameMax || /[\u0000-\u001f<>]/.test(name)) return refuse({ fr: `nom : ${GM_EDIT_BOUNDS.nameMax} caractères au plus, sans < ni >`, en: `name: ${GM_EDIT_BOUNDS.nameMax} characters at most, no < or >` });
      const status = STATUSES.find((x) => x === v.status);
      if (!status) return refuse({ fr: 'sort : actif, captif ou mort', en: 'fate: active, captive or dead' });
      const ct = String(v.captor ?? '').trim();
      const captor = ct === '' || ct === NONE ? null : realm(ct);
      if (captor === undefined || (ct !== '' && ct !== NONE && !captor)) return refuse({ fr: 'geôlier : un état, ou « aucun »', en: 'captor: a state, or "none"' });
      edit = { id: 'character', character: c.id, name, status, captor };
      break;
    }
    case 'temples': {
      const p = v.province && Object.hasOwn(s.provinces, v.province) ? v.province : null;
      if (!p) return refuse({ fr: 'pas de telle province', en: 'no such province' });
      const pillaged = yes(v.pillaged);
      if (pillaged === null) return refuse({ fr: 'pillés : oui ou non', en: 'pillaged: yes or no' });
      edit = { id: 'temples', province: p, pillaged };
      break;
    }
    case 'monument': edit = { id: 'monument', monument: String(v.monument ?? '') }; break;
    case 'army-place': {
      const fortress = yes(v.fortress);
      if (fortress === null) return refuse({ fr: 'dans la forteresse : oui ou non', en: 'in the fortress: yes or no' });
      edit = { id: 'army-place', army: String(v.army ?? ''), province: String(v.province ?? ''), fortress };
      break;
    }
    case 'army-remove': edit = { id: 'army-remove', army: String(v.army ?? '') }; break;
    case 'siege': {
      const n = intIn(v.seasons, 0, GM_EDIT_BOUNDS.siegeSeasonsMax);
      if (n === null) return refuse(outOf({ fr: 'saisons de siège', en: 'seasons of siege' }, 0, GM_EDIT_BOUNDS.siegeSeasonsMax));
      edit = { id: 'siege', army: String(v.army ?? ''), seasons: n };
      break;
    }
    case 'detachment': {
      const ap = intIn(v.ap, s.config.detachment.min, s.config.detachment.max);
      if (ap === null) return refuse(outOf({ fr: 'PA du détachement', en: 'the detachment’s AP' }, s.config.detachment.min, s.config.detachment.max));
      edit = { id: 'detachment', detachment: String(v.detachment ?? ''), ap };
      break;
    }
    case 'detachment-remove': edit = { id: 'detachment-remove', detachment: String(v.detachment ?? '') }; break;
    case 'detachment-place': {
      const fortress = yes(v.fortress);
      if (fortress === null) return refuse({ fr: 'dans la forteresse : oui ou non', en: 'in the fortress: yes or no' });
      edit = { id: 'detachment-place', detachment: String(v.detachment ?? ''), province: String(v.province ?? ''), fortress };
      break;
    }
    case 'treaty': {
      const outcome = v.outcome === 'publish' || v.outcome === 'void' ? v.outcome : null;
      if (!outcome) return refuse({ fr: 'issue : publier ou annuler', en: 'outcome: publish or void' });
      edit = { id: 'treaty', treaty: String(v.treaty ?? ''), outcome };
      break;
    }
    case 'fleet-place': {
      const posture = POSTURES.find((x) => x === v.posture);
      if (!posture) return refuse({ fr: 'posture : en mer, au large, au port ou en blocus', en: 'posture: at sea, off the coast, in port or blockading' });
      const ct = String(v.coast ?? '').trim();
      edit = { id: 'fleet-place', fleet: String(v.fleet ?? ''), zone: String(v.zone ?? ''), coast: ct === '' || ct === NONE ? null : ct, posture };
      break;
    }
    case 'fleet-remove': edit = { id: 'fleet-remove', fleet: String(v.fleet ?? '') }; break;
    default: return refuse({ fr: 'action du MJ inconnue', en: 'unknown GM action' });
  }
  // The rules' own conditions (a legal place, no cycle of masters…), then the invariants (treasury
  // above the debt cap, one owner and controller…): an edit may not break one that held.
  const why = refusal(g, edit);
  if (why) return refuse(why);
  const before = new Set(checkInvariants(s));
  const broken = checkInvariants(applyEdit(structuredClone(g), edit, []).gruik).filter((x) => !before.has(x));
  if (broken.length) return refuse({ fr: `cette modification enfreint un invariant de l’état (${broken[0]})`, en: `this edit breaks an invariant of the state (${broken[0]})` });
  return { value: edit, issues: [] };
}

/** A yes/no field: true, false, or null when it is neither. */
function yes(v: string | undefined): boolean | null {
  const t = String(v ?? '').trim().toLowerCase();
  return t === YES || t === 'oui' ? true : t === NO || t === 'non' ? false : null;
}

const has = <T>(rec: Record<string, T> | undefined, id: string): id is string => !!rec && Object.hasOwn(rec, id);

/**
 * Why an edit may not apply to this state, in French and English (null: it may): its entity is
 * there, and what the rules ask of the new value holds beyond the invariants (a capital the state
 * controls, no cycle of masters, a fortress or a port that serves the force, a blockade of an enemy
 * province…). Asked when the GM acts and again when a re-run applies the edit once more.
 */
function refusal(g: GruikGame, e: GmEdit): Localized | null {
  const s = g.gruik;
  const realmThere = (st: StateId) => has(s.realms, st) && s.realms[st]!.kind !== 'rebels';
  const noState: Localized = { fr: 'pas de tel état', en: 'no such state' };
  const noProvince: Localized = { fr: 'pas de telle province', en: 'no such province' };
  switch (e.id) {
    case 'treasury': case 'prestige': case 'debt': return realmThere(e.state) ? null : noState;
    case 'province': return has(s.provinces, e.province) ? null : noProvince;
    case 'capital': {
      if (!realmThere(e.state)) return noState;
      const r = s.realms[e.state]!;
      if (r.civilWar) return { fr: 'pas de changement de capitale pendant une guerre civile (§8.7.1, A-53)', en: 'no change of capital during a civil war (§8.7.1, A-53)' };
      const controls = Object.values(s.provinces).some((p) => p.controller === e.state);
      if (e.province === null) return controls ? { fr: 'un état qui contrôle une province a une capitale : nommez-en une', en: 'a state that controls a province has a capital: name one' } : null;
      if (!has(s.provinces, e.province)) return noProvince;
      return s.provinces[e.province]!.controller === e.state ? null : { fr: 'la capitale est une province que l’état contrôle (§8.7.1)', en: 'the capital is a province the state controls (§8.7.1)' };
    }
    case 'civil-war': {
      if (!realmThere(e.state)) return noState;
      const r = s.realms[e.state]!;
      if (!e.on) return r.civilWar ? null : { fr: 'cet état n’est pas en guerre civile', en: 'this state is not in civil war' };
      if (r.civilWar) return { fr: 'cet état est déjà en guerre civile', en: 'this state is already in civil war' };
      if (r.kind === 'barbarian') return { fr: 'les barbares n’ont pas de guerre civile', en: 'the barbarians have no civil war' };
      return r.capital && s.provinces[r.capital]?.controller === e.state ? null : { fr: 'pas de capitale qu’il contrôle : pas de guerre civile (§8.7.2)', en: 'no capital it controls: no civil war (§8.7.2)' };
    }
    case 'tributary': {
      if (!realmThere(e.state)) return noState;
      if (e.master === null) return null;
      if (!realmThere(e.master)) return noState;
      if (e.master === e.state) return { fr: 'un état n’est pas son propre maître', en: 'a state is not its own master' };
      return mastersOf(s, e.master).includes(e.state) ? { fr: 'ce maître est déjà tributaire de cet état : pas de cycle (M-13)', en: 'that master is already a tributary of this state: no cycle (M-13)' } : null;
    }
    case 'friendship':
      if (!realmThere(e.state) || !realmThere(e.friend)) return noState;
      return e.state === e.friend ? { fr: 'un état ne se déclare pas ami de lui-même', en: 'a state does not declare itself a friend' } : null;
    case 'character': {
      const c = has(s.characters, e.character) ? s.characters[e.character]! : null;
      if (!c || c.status === 'void' || !realmThere(c.state)) return { fr: 'pas de tel personnage', en: 'no such character' };
      if (e.status === 'captive') return e.captor && e.captor !== c.state && realmThere(e.captor) ? null : { fr: 'un captif a pour geôlier un autre état', en: 'a captive’s captor is another state' };
      return e.captor === null ? null : { fr: 'un geôlier seulement pour un captif', en: 'a captor only for a captive' };
    }
    case 'temples': return has(s.provinces, e.province) ? null : noProvince;
    case 'monument': {
      const m = has(s.monuments, e.monument) ? s.monuments![e.monument]! : null;
      return m && (s.provinces[m.province]?.monuments ?? []).includes(m.id) ? null : { fr: 'pas de tel monument debout', en: 'no such monument standing' };
    }
    case 'army': case 'army-remove': return has(s.armies, e.army) ? null : { fr: 'pas de telle armée', en: 'no such army' };
    case 'siege': {
      if (!has(s.armies, e.army)) return { fr: 'pas de telle armée', en: 'no such army' };
      const a = s.armies[e.army]!;
      if (e.seasons === 0) return null;
      const other = Object.values(s.armies).find((x) => x.id !== a.id && x.siegeOf !== undefined && x.siegeOf === a.location);
      if (other) return { fr: `${other.id} assiège déjà cette province`, en: `${other.id} already besieges that province` };
      return canBesiege(s, a.id) ? null : { fr: 'cette armée ne peut pas assiéger là où elle est (§8.1 : armée principale, province ennemie, pas d’ennemi hors de la forteresse)', en: 'this army cannot besiege where it stands (§8.1: a main army, an enemy province, no enemy outside the fortress)' };
    }
    case 'army-place': case 'detachment-place': {
      const f = e.id === 'army-place' ? (has(s.armies, e.army) ? s.armies[e.army]! : null) : (has(s.detachments, e.detachment) ? s.detachments[e.detachment]! : null);
      if (!f) return e.id === 'army-place' ? { fr: 'pas de telle armée', en: 'no such army' } : { fr: 'pas de tel détachement', en: 'no such detachment' };
      if (!has(s.provinces, e.province) || !s.map.provinces.some((p) => p.id === e.province)) return noProvince;
      return !e.fortress || fortressFriendlyFor(s, e.province, f.state) ? null
        : { fr: 'la forteresse n’accueille que son contrôleur et les états qu’il a déclarés amis (A-27)', en: 'the fortress takes in only its controller and the states it declared friends (A-27)' };
    }
    case 'treaty': {
      const t = s.treaties.find((x) => x.id === e.treaty);
      if (!t) return { fr: 'pas de tel traité', en: 'no such treaty' };
      return e.outcome === 'publish' && t.publishedAt !== undefined ? { fr: 'ce traité est déjà publié', en: 'this treaty is already published' } : null;
    }
    case 'detachment': case 'detachment-remove': {
      if (!has(s.detachments, e.detachment)) return { fr: 'pas de tel détachement', en: 'no such detachment' };
      const d = s.detachments[e.detachment]!;
      return e.id === 'detachment' && d.kind === 'forcedAlly' && e.ap < s.config.detachment.forcedAllyMin
        ? { fr: `un allié forcé a au moins ${s.config.detachment.forcedAllyMin} PA (§4.2.1)`, en: `a forced ally has at least ${s.config.detachment.forcedAllyMin} AP (§4.2.1)` } : null;
    }
    case 'fleet': return has(s.fleets, e.fleet) ? null : { fr: 'pas de telle flotte', en: 'no such fleet' };
    case 'fleet-remove': {
      if (!has(s.fleets, e.fleet)) return { fr: 'pas de telle flotte', en: 'no such fleet' };
      return s.fleets[e.fleet]!.embarked.length ? { fr: 'des troupes sont à bord : débarquez-les d’abord (placer une armée)', en: 'troops are aboard: land them first (place an army)' } : null;
    }
    case 'fleet-place': {
      if (!has(s.fleets, e.fleet)) return { fr: 'pas de telle flotte', en: 'no such fleet' };
      const f = s.fleets[e.fleet]!;
      if (!s.map.seaZones.some((z) => z.id === e.zone)) return { fr: 'pas de telle zone maritime', en: 'no such sea zone' };
      if (e.posture === 'sea') return e.coast === null ? null : { fr: 'en mer : pas de côte', en: 'at sea: no coast' };
      if (e.coast === null) return { fr: 'au large, au port ou en blocus : nommez la côte', en: 'off a coast, in port or blockading: name the coast' };
      if (!s.map.provinces.some((p) => p.id === e.coast && p.coasts.includes(e.zone))) return { fr: 'cette province n’est pas une côte de cette zone', en: 'that province is not a coast of that zone' };
      if (e.posture === 'port' && !portFor(s, e.coast, f.state)) return { fr: 'ce port ne sert pas cette flotte : le sien, ou celui d’un état qui l’a déclarée amie (A-27)', en: 'that port does not serve this fleet: its own, or a state’s that declared it a friend (A-27)' };
      if (e.posture === 'blockade') {
        const c = s.provinces[e.coast]?.controller;
        if (!c || !hostile(s, f.state, c)) return { fr: 'un blocus se fait devant une province ennemie (§7.8)', en: 'a blockade is laid off an enemy province (§7.8)' };
      }
      return null;
    }
    default: return null;
  }
}

/** Who may know an edit (fog of war): null the public, else the states concerned (what others may not know, state.ts). */
function editAudience(s: GruikGame['gruik'], e: GmEdit): StateId[] | null {
  switch (e.id) {
    case 'orders': return [];
    case 'treasury': case 'debt': return [e.state];
    case 'army': case 'army-place': case 'army-remove': { const a = s.armies[e.army]; return a ? [a.state] : null; }
    // as S7.1's siege event: the besieger and the besieged
    case 'siege': {
      const a = s.armies[e.army];
      if (!a) return null;
      const p = a.siegeOf ?? (typeof a.location === 'string' ? a.location : undefined);
      const c = p ? s.provinces[p]?.controller : null;
      return c && c !== a.state && s.realms[c] && s.realms[c]!.kind !== 'rebels' ? [a.state, c] : [a.state];
    }
    case 'detachment': case 'detachment-remove': case 'detachment-place': { const d = s.detachments[e.detachment]; return d ? [d.state] : null; }
    // an unpublished treaty is its signatories' (view.ts); voiding a published one, or publishing, is public
    case 'treaty': { const t = s.treaties.find((x) => x.id === e.treaty); return t && e.outcome === 'void' && t.publishedAt === undefined ? [...t.signatories] : null; }
    case 'fleet': case 'fleet-place': case 'fleet-remove': { const f = s.fleets[e.fleet]; return f ? [f.state] : null; }
    // the link is public (view.ts), its rate the tributary's and its master's
    case 'tributary': { const m = s.realms[e.state]?.master ?? null; return m !== null && m === e.master ? [e.state, m] : null; }
    default: return null;
  }
}

/** Runs a rules function for an edit: its own season events and GM items are not kept, the GM's note tells it. In place. */
function quietly(s: GruikGame['gruik'], run: () => void): void {
  const q = s.gmQueue?.length, ev = s.seasonEvents?.length;
  run();
  if (q === undefined) delete s.gmQueue; else s.gmQueue!.length = q;
  if (ev === undefined) delete s.seasonEvents; else s.seasonEvents!.length = ev;
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
      const was = { owner: p.owner, controller: p.controller };
      const lost = was.controller && s.realms[was.controller]?.kind !== 'rebels' ? was.controller : null;
      const floor = lost ? s.realms[lost]!.debtFloor : undefined;
      const war = Object.values(s.realms).find((r) => r.civilWar?.revoltedCapital === e.province)?.id;
      const from = s.ledger.length;
      // Ownership and control as the rules change them (rules/conquest.ts). The owner first, so that
      // the monuments' credit reads it: control then passes through `setControl` (controlSince
      // restarts, the monuments' prestige follows the controller [T §12.2.3; P §8.6.3], the former
      // controller's debt floor is noted [P §8.6], a revolted capital taken ends that civil war
      // [P A-54]); an owner set under an unchanged controller credits its monuments as an annexation
      // does (`creditAnnexedMonuments`, [P §8.6.3]: in full to a controller that owns or built them).
      // [P §11.3] What does NOT follow: the consequences of the way a province is taken, which are not
      // a change of control's but a siege's, a surrender's or a cession's (siege.ts `conquer`,
      // `cede`): the fortress pillaged, the garrison captured or sent away, the prestige of a siege
      // won or a province conquered, the besieger's siege ended. The GM corrects the state model, he
      // does not stage a conquest: forces, sieges and prestige are his other edits (`army-place`,
      // `siege`, `prestige`), each audited on its own.
      quietly(s, () => {
        p.owner = e.owner;
        if (was.controller !== e.controller) setControl(s, e.province, e.controller);
        else if (was.owner !== e.owner) creditAnnexedMonuments(s, e.province);
      });
      const moved = new Map<StateId, number>();
      for (const l of s.ledger.slice(from)) if (l.what === 'prestige') moved.set(l.state, (moved.get(l.state) ?? 0) + l.delta);
      const prestige = [...moved].filter(([, d]) => d !== 0).map(([st, d]) => `${stateName(g, st)} ${d > 0 ? '+' : '−'}${Math.abs(d)}`).join(', ');
      const ended = war !== undefined && !s.realms[war]?.civilWar;
      events.push({ t: 'note', audience: [], text: {
        fr: `${name} : propriétaire ${stateName(g, e.owner)}, contrôleur ${stateName(g, e.controller)}${prestige ? ` ; prestige de ses monuments : ${prestige}` : ''}${ended ? ` ; la guerre civile de ${stateName(g, war!)} prend fin (A-54)` : ''} (${gm.fr}).`,
        en: `${name}: owner ${stateName(g, e.owner)}, controller ${stateName(g, e.controller)}${prestige ? `; its monuments' prestige: ${prestige}` : ''}${ended ? `; ${stateName(g, war!)}’s civil war ends (A-54)` : ''} (${gm.en}).`,
      } });
      // the debt floor is the state's alone (state.ts), as the `debt` edit tells it
      const now = lost ? s.realms[lost]?.debtFloor : undefined;
      if (lost && now !== floor) events.push({ t: 'note', audience: [lost], text: {
        fr: `Votre plancher de dette : ${now ?? 'aucun'} (au lieu de ${floor ?? 'aucun'}) après la perte de ${name} (§8.6) (${gm.fr}).`,
        en: `Your debt floor: ${now ?? 'none'} (was ${floor ?? 'none'}) after losing ${name} (§8.6) (${gm.en}).`,
      } });
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
    default: applyMore(g, e, events, gm);
  }
  return g;
}

/**
 * A force (an army or a detachment) set down in a province by the GM, in or out of its fortress: it
 * leaves the army it had joined, and no fleet lists it aboard any more; what had joined an army goes
 * with it; a besieger moved away from its siege lifts it. In place.
 */
function placeForce(s: GruikGame['gruik'], id: string, province: ProvinceId, fortress: boolean): void {
  const x = s.armies[id] ?? s.detachments[id]!;
  const joined = s.armies[id] ? [...Object.values(s.armies), ...Object.values(s.detachments)].filter((y) => y.hostArmy === id) : [];
  if (x.hostArmy) { const h = s.armies[x.hostArmy]; if (h) h.alliedDetachments = h.alliedDetachments.filter((y) => y !== id); delete x.hostArmy; }
  const moving = new Set([id, ...joined.map((y) => y.id)]);
  for (const f of Object.values(s.fleets)) f.embarked = f.embarked.filter((y) => !moving.has(y));
  for (const y of [x, ...joined]) { y.location = province; y.inFortress = fortress; }
  const a = s.armies[id];
  if (a && a.siegeOf !== undefined && a.siegeOf !== province) { delete a.siegeOf; a.siegeSeasons = 0; }
}

/** The edits of the rest of the state model (rules §2), each with its note to whoever may know it (`editAudience`). In place on `g`. */
function applyMore(g: GruikGame, e: GmEdit, events: GruikFlowEvent[], gm: Localized): void {
  const s = g.gruik;
  const to = editAudience(s, e) ?? [];
  const tell = (fr: string, en: string, audience: StateId[] = to) => events.push({ t: 'note', audience, text: { fr: `${fr} (${gm.fr}).`, en: `${en} (${gm.en}).` } });
  const pname = (p: string | null | undefined) => (p ? s.map.provinces.find((x) => x.id === p)?.name ?? p : '—');
  const n = (st: StateId | null) => stateName(g, st);
  const quiet = (run: () => void) => quietly(s, run);
  switch (e.id) {
    case 'capital': {
      s.realms[e.state]!.capital = e.province;
      tell(`Capitale de ${n(e.state)} : ${pname(e.province)}`, `${n(e.state)}’s capital: ${pname(e.province)}`);
      break;
    }
    case 'debt': {
      const r = s.realms[e.state]!;
      const was = r.debtFloor;
      if (e.floor === null) delete r.debtFloor; else r.debtFloor = e.floor;
      tell(`Votre plancher de dette : ${e.floor ?? 'aucun'} (au lieu de ${was ?? 'aucun'})`, `Your debt floor: ${e.floor ?? 'none'} (was ${was ?? 'none'})`);
      break;
    }
    case 'civil-war': {
      const r = s.realms[e.state]!;
      if (e.on) {
        const cap = r.capital;
        quiet(() => { enterCivilWar(s, e.state, 'catastrophe', 'GM'); });
        tell(`${n(e.state)} entre en guerre civile : ${pname(cap)} se révolte`, `${n(e.state)} enters civil war: ${pname(cap)} revolts`);
      } else {
        const cap = r.civilWar!.revoltedCapital;
        quiet(() => { if (s.provinces[cap]?.controller === rebelsOf(e.state)) setControl(s, cap, e.state); else endCivilWar(s, e.state); });
        tell(`La guerre civile de ${n(e.state)} prend fin ; ${pname(cap)} lui revient`, `${n(e.state)}’s civil war ends; ${pname(cap)} returns to it`);
      }
      break;
    }
    case 'tributary': {
      const r = s.realms[e.state]!;
      const was = r.master ?? null;
      if (e.master === null) {
        delete r.master; delete r.tributaryRate; delete r.tributarySince; delete r.tributaryVoluntary; delete r.pendingLiberationAt;
        if (was !== null) tell(`${n(e.state)} n’est plus tributaire de ${n(was)}`, `${n(e.state)} is no longer ${n(was)}’s tributary`);
        break;
      }
      if (was !== e.master) { r.tributarySince = s.season; delete r.pendingLiberationAt; }
      r.master = e.master;
      r.tributaryRate = e.rate / 100;
      r.tributaryVoluntary = e.voluntary;
      if (was !== e.master) tell(`${n(e.state)} devient tributaire de ${n(e.master)}${e.voluntary ? ' (volontaire)' : ''}`, `${n(e.state)} becomes ${n(e.master)}’s tributary${e.voluntary ? ' (voluntary)' : ''}`, []);
      tell(`Tribut de ${n(e.state)} à ${n(e.master)} : ${e.rate} %`, `${n(e.state)}’s tribute to ${n(e.master)}: ${e.rate} %`, [e.state, e.master]);
      break;
    }
    case 'friendship': {
      const r = s.realms[e.state]!;
      const had = r.friendsDeclared.includes(e.friend);
      if (e.declared && !had) r.friendsDeclared.push(e.friend);
      if (!e.declared) r.friendsDeclared = r.friendsDeclared.filter((x) => x !== e.friend);
      tell(`${n(e.state)} ${e.declared ? 'déclare' : 'ne déclare plus'} ${n(e.friend)} ami`, `${n(e.state)} ${e.declared ? 'declares' : 'no longer declares'} ${n(e.friend)} a friend`);
      break;
    }
    case 'character': {
      const c = s.characters[e.character]!;
      const was = c.name;
      c.name = e.name;
      if (e.status === 'captive') {
        if (c.status !== 'captive' || c.captor !== e.captor) c.capturedAt = s.season;
        c.captor = e.captor!;
      } else { delete c.captor; delete c.capturedAt; }
      c.status = e.status;
      const fate = { active: ['actif', 'active'], captive: ['captif', 'captive'], dead: ['mort', 'dead'] }[e.status];
      tell(`${was}${was !== e.name ? ` (désormais ${e.name})` : ''}, de ${n(c.state)} : ${fate[0]}`, `${was}${was !== e.name ? ` (now ${e.name})` : ''}, of ${n(c.state)}: ${fate[1]}`);
      if (e.status === 'captive') tell(`${e.name} est captif de ${n(e.captor)}`, `${e.name} is held captive by ${n(e.captor)}`, [c.state, e.captor!]);
      break;
    }
    case 'temples': {
      const p = s.provinces[e.province]!;
      if (e.pillaged) p.templesPillagedAt = s.season; else delete p.templesPillagedAt;
      tell(`Temples de ${pname(e.province)} : ${e.pillaged ? 'pillés' : 'rétablis'}`, `${pname(e.province)}’s temples: ${e.pillaged ? 'pillaged' : 'restored'}`);
      break;
    }
    case 'monument': {
      const m = s.monuments![e.monument]!;
      // T §15 "−1 per prestige expense destroyed" (treasury.ts destroyMonument: each state that
      // enjoyed it, in the ledger; the record stays, credited to nobody); told here as the GM's ruling
      const penalty = s.config.prestigeTable.monumentDestroyed;
      const lost = m.creditedTo.filter((c) => c.points > 0 && s.realms[c.state]).map((c) => `${n(c.state)} −${penalty}`).join(', ');
      quietly(s, () => { destroyMonument(s, m.id); });
      tell(`Le monument ${m.id} de ${pname(m.province)} est détruit${lost ? ` ; prestige : ${lost}` : ''}`, `Monument ${m.id} in ${pname(m.province)} is destroyed${lost ? `; prestige: ${lost}` : ''}`);
      break;
    }
    case 'army-place': case 'detachment-place': {
      const x = e.id === 'army-place' ? s.armies[e.army]! : s.detachments[e.detachment]!;
      const army = e.id === 'army-place';
      const was = typeof x.location === 'string' ? (x.location === 'captured' ? [army ? 'capturée' : 'capturé', 'captured'] : [pname(x.location), pname(x.location)]) : [`à bord de ${x.location.embarkedOn}`, `aboard ${x.location.embarkedOn}`];
      placeForce(s, x.id, e.province, e.fortress);
      tell(`${army ? 'Votre armée' : 'Votre détachement'} ${x.id} est ${army ? 'placée' : 'placé'} en ${pname(e.province)}${e.fortress ? ', dans la forteresse' : ''} (avant : ${was[0]})`, `${army ? 'Your army' : 'Your detachment'} ${x.id} is placed in ${pname(e.province)}${e.fortress ? ', in the fortress' : ''} (it was: ${was[1]})`);
      break;
    }
    case 'siege': {
      const a = s.armies[e.army]!;
      const was = a.siegeOf ? `${pname(a.siegeOf)}, ${a.siegeSeasons}` : null;
      if (e.seasons === 0) { delete a.siegeOf; a.siegeSeasons = 0; } // [P §11.3] lifted by the GM: no A-45 loss
      else { a.siegeOf = a.location as ProvinceId; a.siegeSeasons = e.seasons; }
      tell(e.seasons ? `${a.id} (${n(a.state)}) assiège ${pname(a.siegeOf)} depuis ${e.seasons} saison(s)${was ? ` (avant : ${was})` : ''}` : `Le siège de ${a.id} (${n(a.state)}) est levé${was ? ` (${was})` : ''}`,
        e.seasons ? `${a.id} (${n(a.state)}) has besieged ${pname(a.siegeOf)} for ${e.seasons} season(s)${was ? ` (was: ${was})` : ''}` : `${a.id}’s (${n(a.state)}) siege is lifted${was ? ` (${was})` : ''}`);
      break;
    }
    case 'treaty': {
      const t = s.treaties.find((y) => y.id === e.treaty)!;
      const who = t.signatories.map((y) => n(y)).join(', ');
      if (e.outcome === 'publish') {
        t.confirmed = [...t.signatories];
        t.publishedAt = s.season;
        tell(`Le traité ${t.id} (${who}) est publié`, `Treaty ${t.id} (${who}) is published`);
      } else {
        s.treaties = s.treaties.filter((y) => y.id !== t.id);
        tell(`Le traité ${t.id} (${who}) est annulé`, `Treaty ${t.id} (${who}) is void`);
      }
      break;
    }
    case 'army-remove': {
      const a = s.armies[e.army]!;
      const aboard = [...Object.values(s.armies), ...Object.values(s.detachments)].filter((x) => x.hostArmy === a.id && typeof x.location === 'object').map((x) => ({ id: x.id, fleet: (x.location as { embarkedOn: string }).embarkedOn }));
      const gone = new Set([a.id, ...a.detachmentsCreated]);
      const r = disbandArmy(s, a.id);
      if (!r.ok) break;
      const t = r.state;
      for (const f of Object.values(t.fleets)) f.embarked = f.embarked.filter((x) => !gone.has(x));
      for (const x of aboard) if (!gone.has(x.id) && t.fleets[x.fleet] && !t.fleets[x.fleet]!.embarked.includes(x.id)) t.fleets[x.fleet]!.embarked.push(x.id); // still aboard, now alone
      g.gruik = t;
      tell(`Votre armée ${a.id} est dissoute, avec ses détachements`, `Your army ${a.id} is disbanded, with its detachments`);
      break;
    }
    case 'detachment': {
      const d = s.detachments[e.detachment]!;
      tell(`Votre détachement ${d.id} : ${e.ap} PA (au lieu de ${d.ap})`, `Your detachment ${d.id}: ${e.ap} AP (was ${d.ap})`);
      d.ap = e.ap;
      break;
    }
    case 'detachment-remove': {
      const d = s.detachments[e.detachment]!;
      delete s.detachments[d.id];
      const parent = s.armies[d.parentArmy];
      if (parent) parent.detachmentsCreated = parent.detachmentsCreated.filter((x) => x !== d.id);
      for (const a of Object.values(s.armies)) a.alliedDetachments = a.alliedDetachments.filter((x) => x !== d.id);
      for (const f of Object.values(s.fleets)) f.embarked = f.embarked.filter((x) => x !== d.id);
      tell(`Votre détachement ${d.id} (${d.ap} PA) est dissous`, `Your detachment ${d.id} (${d.ap} AP) is disbanded`);
      break;
    }
    case 'fleet-place': {
      const f = s.fleets[e.fleet]!;
      f.zone = e.zone;
      if (e.coast === null) delete f.coast; else f.coast = e.coast;
      f.inPort = e.posture === 'port';
      if (e.posture === 'blockade') { if (f.blockading !== e.coast) f.blockadingSince = s.season; f.blockading = e.coast!; } else { delete f.blockading; delete f.blockadingSince; }
      const zone = s.map.seaZones.find((z) => z.id === e.zone)?.name ?? e.zone;
      const where = { sea: ['en mer', 'at sea'], coast: [`au large de ${pname(e.coast)}`, `off ${pname(e.coast)}`], port: [`au port de ${pname(e.coast)}`, `in port at ${pname(e.coast)}`], blockade: [`en blocus devant ${pname(e.coast)}`, `blockading ${pname(e.coast)}`] }[e.posture];
      tell(`Votre flotte ${f.id} : ${zone}, ${where[0]}`, `Your fleet ${f.id}: ${zone}, ${where[1]}`);
      break;
    }
    case 'fleet-remove': {
      const f = s.fleets[e.fleet]!;
      delete s.fleets[f.id];
      const r = s.realms[f.state];
      if (r) r.fleets = r.fleets.filter((x) => x !== f.id);
      for (const o of Object.values(s.fleets)) if (o.combinedWith?.fleet === f.id) delete o.combinedWith;
      tell(`Votre flotte ${f.id} (${f.ships} navires) est dissoute`, `Your fleet ${f.id} (${f.ships} ships) is disbanded`);
      break;
    }
    default: break;
  }
}

/** Applies a valid edit (`validateGmAction`'s value) to a copy of the game. */
export function gmAct(g0: GruikGame, value: unknown, rng?: Rng): Resolution<GruikGame, GruikFlowEvent> {
  const events: GruikFlowEvent[] = [];
  const e = value as GmEdit;
  const gm = { fr: rulingNote('gm', 'fr'), en: rulingNote('gm', 'en') };
  if (e.id === 'orders') {
    const g = structuredClone(g0);
    const all = { ...(g.flow.gmOrders ?? {}) };
    if (e.sheet) all[e.state] = e.sheet; else delete all[e.state];
    g.flow.gmOrders = all;
    return { state: g, events }; // a GM-run state's orders are nobody else's to know
  }
  if (e.id === 'override') {
    const g = structuredClone(g0);
    const r = rerunRolls(g).find((x) => rollKey(x.phase, x.event, x.index) === e.roll)!;
    g.gruik = { ...g.gruik, dice: { ...g.gruik.dice, overrides: { ...(g.gruik.dice.overrides ?? {}), [e.roll]: e.value } } };
    events.push({ t: 'note', audience: [...r.audience], text: {
      fr: `${r.phase} — ${purposeText(r.purpose, 'fr')} : le d${r.sides} ${r.face} devient ${e.value} ; l’étape ${g.flow.rerun!.step} est rejouée (${gm.fr}).`,
      en: `${r.phase} — ${purposeText(r.purpose, 'en')}: the d${r.sides} ${r.face} becomes ${e.value}; step ${g.flow.rerun!.step} is re-run (${gm.en}).`,
    } });
    if (!rng) throw new Error('Gruik: a re-run needs the engine’s stream');
    rerunStep(g, rng, events, (t) => reapplyEdits(t, (g.flow.rerun?.edits ?? []) as EntityEdit[], events));
    return { state: g, events };
  }
  if (e.id === 'rerun') {
    // [P §11.3] "re-run a phase from a snapshot": the edits made since the step ran are applied to
    // its snapshot first (they count from its start), those whose entity is not there yet after it.
    const g = structuredClone(g0);
    const rr = g.flow.rerun!;
    const start: GruikGame = { ...g, gruik: structuredClone(rr.before) };
    const after: EntityEdit[] = [];
    events.push({ t: 'note', audience: [], text: {
      fr: `L’étape ${rr.step} est rejouée depuis son instantané, mêmes jets, les modifications du MJ faites depuis comptant dès son début (${gm.fr}).`,
      en: `Step ${rr.step} is re-run from its snapshot, the same rolls, the GM’s edits made since counting from its start (${gm.en}).`,
    } });
    for (const x of (rr.edits ?? []) as EntityEdit[]) {
      if (editApplies(start, x)) start.gruik = applyEdit(start, x, events).gruik; else after.push(x);
    }
    g.flow.rerun = { ...rr, before: start.gruik, edits: after };
    if (!rng) throw new Error('Gruik: a re-run needs the engine’s stream');
    rerunStep(g, rng, events, (t) => reapplyEdits(t, after, events));
    return { state: g, events };
  }
  const g = applyEdit(structuredClone(g0), e, events);
  // [P §11.3] an edit made while a step awaits the GM is kept for its re-runs (`reapplyEdits`)
  if (g.flow.rerun && g.flow.phase === 'gm') g.flow.rerun = { ...g.flow.rerun, edits: [...(g.flow.rerun.edits ?? []), e] };
  return { state: g, events };
}

/** Whether an edit still applies to a state: its entity is there, the rules' conditions hold (`refusal`), and it breaks no invariant that held. */
function editApplies(g: GruikGame, e: EntityEdit): boolean {
  if (refusal(g, e)) return false;
  const before = new Set(checkInvariants(g.gruik));
  return checkInvariants(applyEdit(structuredClone(g), e, []).gruik).every((x) => before.has(x));
}

/**
 * [P §11.3] After a re-run from the snapshot, the GM's console edits made since the step ran are
 * applied again, in their order, on the state the re-run gives (each sets the value the GM chose,
 * with its ledger line and note again): a GM expects a correction he made to stay when he then has
 * a roll of the step overridden. An edit whose entity the re-run removed, or that would now break an
 * invariant or a condition of the rules, is left out of this run (whoever its note would have told
 * is told so); it stays in the list, tried again at a later re-run.
 */
export function reapplyEdits(g: GruikGame, edits: readonly EntityEdit[], events: GruikFlowEvent[]): void {
  for (const e of edits) {
    if (editApplies(g, e)) { g.gruik = applyEdit(g, e, events).gruik; continue; }
    const gm = { fr: rulingNote('gm', 'fr'), en: rulingNote('gm', 'en') };
    // a force gone: its owner, read from its id (state.ts: `elves:A1`)
    const force = 'army' in e ? e.army : 'fleet' in e ? e.fleet : 'detachment' in e ? e.detachment : null;
    const audience = editAudience(g.gruik, e) ?? (force ? [force.split(':')[0]!] : []);
    events.push({ t: 'note', audience, text: { fr: `Une modification du MJ (${e.id}) ne s’applique plus après l’étape rejouée (${gm.fr}).`, en: `A GM edit (${e.id}) no longer applies after the re-run step (${gm.en}).` } });
  }
}

/**
 * `Ruleset.gmActionAudience` (fog of war): who may know that the GM acted, as the action's notes
 * tell it (`editAudience`). A GM-run state's orders: no player; an edit of a treasury, a debt floor,
 * an army, a detachment or a fleet (its place, its removal too): its owner (what others may not
 * know, state.ts); a siege: the besieger and the besieged (as S7.1 tells it); a tribute rate alone:
 * the tributary and its master; an unpublished treaty voided: its signatories; prestige, a
 * province, a capital, a civil war, a tributary link, a friendship, a character, temples, monuments
 * and a treaty published are public; an override or a re-run re-runs a step whose outcome may reach
 * everyone: public.
 */
export function gmActionAudience(g: GruikGame, value: unknown): StateId[] | null {
  const e = value as GmEdit;
  return e && typeof e === 'object' && typeof e.id === 'string' ? editAudience(g.gruik, e) : null;
}
