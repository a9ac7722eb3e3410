/**
 * The naval phase's records (state.ts `NavalRecord`, S5, rules §7) as sentences in French and
 * English, side by side (style §4; Appendix B: naval battles public with place, sides and ships
 * lost; detections and sightings in the private report). A detection names the state and the
 * approximate size only [T §7.3; P §7.8]; exact counts appear once an interception brings the two
 * fleets together. Names come from the map and the states; a fleet is named by its state.
 */
import { fill } from '../../engine/localize.ts';
import type { Lang, Localized } from '../../engine/ruleset.ts';
import type { GruikState, NavalRecord, ProvinceId, SeaZoneId, StateId } from './state.ts';

export type NavalEvent = NavalRecord;
export type NavalKind = NavalRecord['t'];

const MSG: Record<NavalKind, Localized> = {
  'storm': { fr: '{state} — tempête ({zone}) : {lost} navires perdus, il en reste {left}{armies}.', en: '{state} — storm ({zone}): {lost} ships lost, {left} left{armies}.' },
  'detected': { fr: 'Flotte repérée {how}— {zone} : {state}, environ {approx} navires.', en: 'Fleet sighted {how}— {zone}: {state}, about {approx} ships.' },
  'intercepted': { fr: 'Interception — {zone} : {byState} ({byShips} navires) intercepte {state} ({ships} navires), qui choisit {choice}. {outcome}', en: 'Interception — {zone}: {byState} ({byShips} ships) intercepts {state} ({ships} ships), which chooses to {choice}. {outcome}' },
  'naval-battle': { fr: 'Bataille navale — {zone} : {winnerState} ({winnerShips} navires) bat {loserState} ({loserShips} navires). Pertes : {winnerLost} et {loserLost} navires.', en: 'Naval battle — {zone}: {winnerState} ({winnerShips} ships) defeats {loserState} ({loserShips} ships). Losses: {winnerLost} and {loserLost} ships.' },
  'fleet-retreat': { fr: '{state} — flotte en repli : {from} → {to}.', en: '{state} — fleet falling back: {from} → {to}.' },
  'embarked': { fr: '{state} — embarquement ({at}) : {forces} force(s).', en: '{state} — embarkation ({at}): {forces} force(s).' },
  'landed': { fr: '{state} — débarquement ({at}) : {forces} force(s).', en: '{state} — landing ({at}): {forces} force(s).' },
  'set-ashore': { fr: '{state} — retour au port ({at}) : {forces} force(s) à terre.', en: '{state} — back in port ({at}): {forces} force(s) ashore.' },
  'forced-return': { fr: '{state} — retour forcé vers une côte amie ({from} → {to}) : {excess} point(s) de trop, {lost} navires perdus.', en: '{state} — forced return to a friendly coast ({from} → {to}): {excess} point(s) too many, {lost} ships lost.' },
  'fleet-lost': { fr: '{state} — flotte perdue{forces}.', en: '{state} — fleet lost{forces}.' },
  'blockade': { fr: '{state} — blocus devant {province}.', en: '{state} — blockade of {province}.' },
  'blockade-attrition': { fr: '{state} — flotte bloquée au port : {lost} navires perdus.', en: '{state} — fleet blockaded in port: {lost} ships lost.' },
  'raid-cancelled': { fr: '{state} — la flotte a livré bataille : pas de raid.', en: '{state} — the fleet fought a battle: no raid.' },
};

const CHOICE: Record<'battle' | 'retreat' | 'continue' | 'stay' | 'port', Localized> = {
  battle: { fr: 'le combat', en: 'give battle' },
  retreat: { fr: 'la retraite', en: 'retreat' },
  continue: { fr: 'de poursuivre sa route', en: 'continue' },
  stay: { fr: 'de rester sur place', en: 'stay' },
  port: { fr: 'de se réfugier au port', en: 'withdraw into port' },
};
const OUTCOME: Record<'battle' | 'escaped' | 'port', Localized> = {
  battle: { fr: 'La bataille a lieu.', en: 'Battle is joined.' },
  escaped: { fr: 'Pas de bataille.', en: 'No battle.' },
  port: { fr: 'Elle s’échappe au port.', en: 'It escapes into port.' },
};
const HOW: Record<'blockade' | 'strait', Localized> = {
  blockade: { fr: '(blocus) ', en: '(blockade) ' },
  strait: { fr: '(détroit) ', en: '(strait) ' },
};

/** One naval record's sentence in one language. */
export function renderNaval(s: Pick<GruikState, 'map' | 'realms'>, e: NavalEvent, lang: Lang): string {
  const province = (p: ProvinceId) => s.map.provinces.find((x) => x.id === p)?.name ?? p;
  const zone = (z: SeaZoneId) => s.map.seaZones.find((x) => x.id === z)?.name ?? z;
  const state = (st: StateId) => s.realms[st]?.name ?? st;
  const args: Record<string, string | number | Localized> = {};
  switch (e.t) {
    case 'storm': Object.assign(args, { zone: zone(e.zone), state: state(e.state), lost: e.lost, left: e.left, armies: e.armies > 0 ? fill({ fr: ' ; armées à bord : {n}, −1 au modificateur', en: '; armies aboard: {n}, −1 to the modifier' }, { n: e.armies }) : '' }); break;
    case 'detected': Object.assign(args, { how: e.auto ? HOW[e.auto] : '', zone: zone(e.zone), state: state(e.state), approx: e.approx }); break;
    case 'intercepted': Object.assign(args, { zone: zone(e.zone), byState: state(e.byState), byShips: e.byShips, state: state(e.state), ships: e.ships, choice: CHOICE[e.choice], outcome: OUTCOME[e.outcome] }); break;
    case 'naval-battle': Object.assign(args, { zone: zone(e.zone), winnerState: state(e.winnerState), winnerShips: e.winnerShips, loserState: state(e.loserState), loserShips: e.loserShips, winnerLost: e.winnerLost, loserLost: e.loserLost }); break;
    case 'fleet-retreat': Object.assign(args, { state: state(e.state), from: zone(e.from), to: zone(e.to) }); break;
    case 'embarked': case 'landed': case 'set-ashore': Object.assign(args, { state: state(e.state), at: province(e.at), forces: e.forces }); break;
    case 'forced-return': Object.assign(args, { state: state(e.state), from: zone(e.from), to: zone(e.to), excess: e.excess, lost: e.lost }); break;
    case 'fleet-lost': Object.assign(args, { state: state(e.state), forces: e.forces > 0 ? fill({ fr: ', avec ses forces à bord ({n})', en: ', with its forces aboard ({n})' }, { n: e.forces }) : '' }); break;
    case 'blockade': Object.assign(args, { state: state(e.state), province: province(e.province) }); break;
    case 'raid-cancelled': Object.assign(args, { state: state(e.state) }); break;
    case 'blockade-attrition': Object.assign(args, { state: state(e.state), lost: e.lost }); break;
  }
  return fill(MSG[e.t], args)[lang];
}

/** The records a state may read (its audience), or the public ones for `null`. */
export function navalRecordsFor(records: readonly NavalRecord[], viewer: StateId | null): NavalRecord[] {
  return records.filter((r) => r.audience.length === 0 || (viewer !== null && r.audience.includes(viewer)));
}

const NAVAL_KINDS = new Set<string>(Object.keys(MSG));
/** Whether an event is one of the naval phase's (events.ts hands those to `renderNaval`). */
export function isNaval(e: { t: string }): e is NavalEvent {
  return NAVAL_KINDS.has(e.t);
}
