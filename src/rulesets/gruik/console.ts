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
 * Not yet: the override of a roll and the re-run of a step from its snapshot, the orders of the
 * GM-run states (neutrals, barbarians still hold).
 */
import { rulingNote, type ActionInput, type FormField, type FreeAction, type Lang, type Localized, type Resolution, type Validation } from '../../engine/ruleset.ts';
import type { GruikFlowEvent, GruikGame } from './flow.ts';
import { checkInvariants } from './invariants.ts';
import type { StateId } from './state.ts';
import { cause } from './words.ts';

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
  | { id: 'fleet'; fleet: string; ships: number };

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
export function gmAct(g0: GruikGame, value: unknown): Resolution<GruikGame, GruikFlowEvent> {
  const events: GruikFlowEvent[] = [];
  const g = applyEdit(structuredClone(g0), value as GmEdit, events);
  return { state: g, events };
}
