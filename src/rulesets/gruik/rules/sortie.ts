/**
 * Sorties and relief battles, rules §8.1.5 [T §8.4], A-07, A-61, J14. They are battles of S6
 * (§3.3 S6 item 6): S6.1 applies them before it lists the contested provinces, so that every battle
 * they make goes through the same machinery as any other (S6.2 retreats before combat, S6.3 pairing,
 * the tabletop report or ABR, §6.13 with `siegeAfterBattle`).
 *
 * - Sortie (order `sortie <province>`, the besieged): the state's first garrison army (by id) in the
 *   fortress leaves it with what is joined to it and fights the besieger. Free when it outnumbers the
 *   besieger in AP [T]; with fewer AP but at least MAIN_ARMY_MIN [T "more than 18"; P A-07: ≥] only
 *   with the besieger's consent, a standing order whose default is to refuse [P §8.1.5, A-61, J14];
 *   under MAIN_ARMY_MIN never. The strength compared is what sallies out: the army and the forces
 *   joined to it [P, ours]; "a detachment from outside may join them" by the ordinary `join` (S3.6).
 * - Relief: an army hostile to the besieger and friendly to the besieged (the province's controller,
 *   or a state not hostile to it), standing in the besieged province outside the fortress, that did
 *   not sally from it. The besieger chooses (standing order `relief`) [P A-61]:
 *   'retreat' to a neighbouring province by land [T] — the siege is lifted (−1 once, A-45); with no
 *   land way it accepts battle by the default case [P, ours];
 *   'pin' (case 1): it pins down as many AP as the besieged have and fights with the rest; when nothing
 *   would be left it fights with all (case 2) [P, ours];
 *   'all' (case 2): all its forces; the besieged may send a contingent (≤ RELIEF_CONTINGENT_MAX AP) beside
 *   the relief force, an allied (volunteer) contingent when foreign [P §8.1.5].
 *   A sortie or a contingent attacks the besieger's forces: S3.2 cancels the besieger's friendship toward
 *   the besieged for it (J26, diplomacy.ts); a besieged state that still calls the besieger a friend fights
 *   it not (§2.14): its sortie is refused (`friend`) and its contingent does not go [P, ours].
 *   Default [P A-61]: case 1 if besieger AP − besieged AP ≥ relief AP, else case 2.
 *   Afterwards [T §8.4; P §6.13 step 7]: a besieger beaten retreats and its siege is lifted; a winner
 *   keeps its siege and its modifiers (siege.ts). In case 2 "the besieged may retreat to another
 *   province; otherwise it stays besieged" [T §8.4]: with the order `withdraw <province>` (`withdrawGarrison`,
 *   run by S6.3 after the battle) each of its forces in the fortress leaves by §5.9's machinery, out of the
 *   province only (land or sea, never the fortress it leaves): its first legal retreat preference, else the
 *   §5.9 default order; with no legal way it stays in the fortress [T "sinon il reste assiégé"], never
 *   captured (it was not beaten). Without the order it stays [T]. Case 2 suffices; the contingent need not
 *   have gone [T "dans le cas 2"].
 * - A sortie army that fought no battle this season (the besieger avoided it, or the pairing set the
 *   besieger against a relief army) goes back into its fortress at S6.5 with what is joined to it
 *   (`sortiesBack`) [P, ours: the text makes a sortie a battle, §8.4 "c'est traité comme une bataille
 *   terrestre"; an army left in the field beside its besieger would end the siege without a fight, A-62].
 * Pure; every loop runs over the state's armies or the orders given.
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { ArmyId, FleetId, ForceId, GruikState, ProvinceId, ReliefRecord, SortieEvent, StateId } from '../state.ts';
import { actsAsMainArmy, battleBudget } from './army-size.ts';
import { createDetachment, joinArmy, sendAlly } from './detachments.ts';
import type { Dice } from './dice.ts';
import { refuse, type Refusal } from './refusal.ts';
import { hostile } from './relations.ts';
import { fortressFriendlyFor } from './relations.ts';
import { retreat, retreatOptions, type RetreatOption } from './retreat.ts';
import { garrisonOf, liftSiege } from './siege.ts';

/** The besieger's answer to a relief force [P A-61]; 'auto' asks for the A-61 default. */
export type ReliefChoice = ReliefRecord['choice'];
export type ReliefOrder = ReliefChoice | 'auto';

/** S6.1's inputs, each by the state that gave it (the sheets' parts, flow.ts). */
export interface SortieInputs {
  /** The besieged: the provinces whose garrison sallies out this season. */
  sorties?: Record<StateId, ProvinceId[]>;
  /** The besieger (standing): its answer to a relief force, by besieged province; missing: the A-61 default. */
  relief?: Record<StateId, Record<ProvinceId, ReliefOrder>>;
  /** The besieger (standing, J14): its consent to an under-strength sortie, by province; missing: refused. */
  consent?: Record<StateId, Record<ProvinceId, boolean>>;
  /** The besieged: the contingent (AP) sent beside a relief force in case 2, by province. */
  contingents?: Record<StateId, Record<ProvinceId, number>>;
  /** The besieged: the provinces whose garrison withdraws if the besieger beats a case-2 relief force (§8.1.5). */
  withdraw?: Record<StateId, ProvinceId[]>;
}

export type SortieRefusal = NonNullable<Extract<SortieEvent, { t: 'sortie' }>['reason']>;
export const SORTIE_REFUSALS: Record<SortieRefusal, Localized> = {
  'no-siege': { fr: 'aucune armée n’assiège cette forteresse', en: 'no army besieges this fortress' },
  'no-army': { fr: 'aucune de vos armées n’est dans la forteresse', en: 'none of your armies is in the fortress' },
  'too-weak': { fr: 'moins de {min} AP et moins que l’assiégeant', en: 'fewer than {min} AP and fewer than the besieger' },
  'no-consent': { fr: 'moins d’AP que l’assiégeant, qui n’y consent pas', en: 'fewer AP than the besieger, who does not consent' },
  'friend': { fr: 'vous n’êtes pas en guerre avec l’assiégeant : une amitié déclarée vous lie (rompez-la pour le combattre)', en: 'you are not at war with the besieger: a declared friendship stands between you (break it to fight)' },
};

/** The sheet parts S6.1 reads (sheet-types.ts `GruikSheet`), by state. */
export interface SortieSheetParts { sorties?: ProvinceId[]; relief?: Record<ProvinceId, ReliefOrder>; sortieConsent?: Record<ProvinceId, boolean>; contingents?: Record<ProvinceId, number>; withdraw?: ProvinceId[] }

/** S6.1's inputs from the states' sheets: each one's sorties and contingents, its standing relief answers and sortie consents. */
export function sortieInputs(sheets: Record<StateId, SortieSheetParts>): SortieInputs {
  const out: Required<SortieInputs> = { sorties: {}, relief: {}, consent: {}, contingents: {}, withdraw: {} };
  for (const [st, sh] of Object.entries(sheets)) {
    if (sh.sorties?.length) out.sorties[st] = sh.sorties;
    if (sh.relief) out.relief[st] = sh.relief;
    if (sh.sortieConsent) out.consent[st] = sh.sortieConsent;
    if (sh.contingents) out.contingents[st] = sh.contingents;
    if (sh.withdraw?.length) out.withdraw[st] = sh.withdraw;
  }
  return out;
}

const byId = (x: { id: string }, y: { id: string }) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/** The army besieging `p` from the province itself (set by S7.1, kept while it stays), or null. */
export function besiegerAt(s: GruikState, p: ProvinceId): ArmyId | null {
  const a = Object.values(s.armies).filter((x) => x.siegeOf === p && x.location === p && !x.inFortress).sort(byId)[0];
  return a ? a.id : null;
}

/** [T §8.4] The besieged forces' AP: every force of the controller's side in the fortress. */
export function besiegedAp(s: GruikState, p: ProvinceId): number {
  return garrisonOf(s, p).reduce((n, id) => n + (s.armies[id] ? s.armies[id]!.currentAP : s.detachments[id]?.ap ?? 0), 0);
}

/**
 * [T §8.4 "l'assiégé peut faire retraite"; §8.1.1 a detachment may be a fortress's garrison] The
 * forces of `state` that withdraw from the fortress of `p` (`withdrawGarrison`): its armies and its
 * detachments in it, each not joined to another (a joined force goes with its host), by id. The
 * order `withdraw` needs one of them (a garrison of detachments alone may withdraw too).
 */
export function withdrawingForces(s: GruikState, p: ProvinceId, state: StateId): ForceId[] {
  return [...Object.values(s.armies), ...Object.values(s.detachments)]
    .filter((f) => f.state === state && f.location === p && f.inFortress && !f.hostArmy).map((f) => f.id).sort();
}

/** The army of `state` that would sally from `p`: its first army by id in the fortress, not joined to another. */
export function sortieArmy(s: GruikState, p: ProvinceId, state: StateId): ArmyId | null {
  const a = Object.values(s.armies).filter((x) => x.state === state && x.location === p && x.inFortress && !x.hostArmy).sort(byId)[0];
  return a ? a.id : null;
}

/** [T §8.4; P A-07, J14] Why a sortie from `p` by `state` cannot be made now, or null. `consent`: the besieger's standing answer. */
export function sortieRefusal(s: GruikState, p: ProvinceId, state: StateId, consent: boolean): Refusal<SortieRefusal> | null {
  const besieger = besiegerAt(s, p);
  if (!besieger || s.provinces[p]?.controller !== state) return refuse(SORTIE_REFUSALS, 'no-siege');
  if (!hostile(s, state, s.armies[besieger]!.state)) return refuse(SORTIE_REFUSALS, 'friend');          // [§2.14; J26] friends never fight
  const army = sortieArmy(s, p, state);
  if (!army) return refuse(SORTIE_REFUSALS, 'no-army');
  const mine = battleBudget(s, army).total, theirs = battleBudget(s, besieger).total;
  if (mine > theirs) return null;                                                        // [T] the defenders outnumber the besiegers
  const min = s.config.army.mainArmyMin;
  if (mine < min) return refuse(SORTIE_REFUSALS, 'too-weak', { min });                 // [T "more than 18"; P A-07 ≥ 18]
  return consent ? null : refuse(SORTIE_REFUSALS, 'no-consent');                         // [P §8.1.5, J14] default refuse
}

/** [P A-61] The besieger's default: case 1 ('pin') if besieger AP − besieged AP ≥ relief AP, else case 2 ('all'). */
export function defaultReliefCase(besieger: number, besieged: number, relief: number): 'pin' | 'all' {
  return besieger - besieged >= relief ? 'pin' : 'all';
}

/** Case 1 [T §8.4]: the AP the besieger pins at the siege (as many as the besieged have) and what it fields; null when nothing would be left. */
export function pinDown(s: GruikState, besieger: ArmyId, besieged: number): { pinned: number; fielded: number } | null {
  const b = battleBudget(s, besieger);
  const pinned = Math.min(besieged, b.total);
  const rest = b.total - pinned;
  return rest >= 1 ? { pinned, fielded: Math.min(rest, s.config.army.battleCap) } : null;
}

/** S6.1, sorties [T §8.4]: each ordered sortie made (the army out of the fortress) or refused. In place; returns the armies that sallied. */
export function applySorties(t: GruikState, i: SortieInputs, events: SortieEvent[]): ArmyId[] {
  const out: ArmyId[] = [];
  for (const st of Object.keys(i.sorties ?? {}).sort()) {
    for (const p of [...new Set(i.sorties![st])].sort()) {
      const besieger = besiegerAt(t, p);
      const bState = besieger ? t.armies[besieger]!.state : null;
      const consent = !!(bState && i.consent?.[bState]?.[p]);
      const bad = sortieRefusal(t, p, st, consent);
      if (bad) {
        // [fog] the besieger hears of a sortie only when its consent was wanted
        events.push({ t: 'sortie', audience: bad.reason === 'no-consent' ? [st, bState!].sort() : [st], state: st, province: p, made: false, reason: bad.reason, ...(bad.reason === 'too-weak' ? { min: t.config.army.mainArmyMin } : {}) });
        continue;
      }
      const army = sortieArmy(t, p, st)!;
      const needed = battleBudget(t, army).total <= battleBudget(t, besieger!).total;
      t.armies[army]!.inFortress = false;
      for (const g of [...Object.values(t.armies), ...Object.values(t.detachments)]) if (g.hostArmy === army) g.inFortress = false;
      out.push(army);
      events.push({ t: 'sortie', audience: [st, bState!].sort(), state: st, province: p, made: true, ...(needed ? { consented: true } : {}) });
    }
  }
  return out;
}

/** The relief armies at `p`: hostile to the besieger, friendly to the besieged, outside the fortress, main armies, not sallied from it. */
function reliefArmies(t: GruikState, p: ProvinceId, besieger: ArmyId, sallied: readonly ArmyId[]): ArmyId[] {
  const b = t.armies[besieger]!.state, controller = t.provinces[p]?.controller;
  if (!controller) return [];
  return Object.values(t.armies).filter((a) => a.location === p && !a.inFortress && !a.hostArmy && !sallied.includes(a.id)
    && hostile(t, a.state, b) && (a.state === controller || !hostile(t, a.state, controller)) && actsAsMainArmy(t, a.id)).sort(byId).map((a) => a.id);
}

/** [P §8.1.5] Case 2: the besieged's contingent, from its garrison army to the relief army (its own if one came, else the first). In place. */
function sendContingent(t: GruikState, p: ProvinceId, relief: ArmyId[], ap: number): { state: GruikState; sent: boolean } {
  const controller = t.provinces[p]!.controller!;
  const from = sortieArmy(t, p, controller);
  const host = relief.find((a) => t.armies[a]!.state === controller) ?? relief[0];
  if (!from || !host || ap < 1 || ap > t.config.siege.reliefContingentMax) return { state: t, sent: false };
  if (t.armies[host]!.state === controller) {
    const made = createDetachment(t, from, ap);
    const joined = made.ok ? joinArmy(made.state, made.id!, host) : made;
    return joined.ok ? { state: joined.state, sent: true } : { state: t, sent: false };
  }
  const r = sendAlly(t, from, host, ap, 'volunteerAlly');                               // [P §8.1.5] allied if foreign
  return r.ok ? { state: r.state, sent: true } : { state: t, sent: false };
}

/** S6.1, reliefs [T §8.4; P A-61]: each besieger facing a relief force answers it. Returns the state, the reliefs met and the events. */
export function applyReliefs(s: GruikState, i: SortieInputs, sallied: readonly ArmyId[], dice: Dice): { state: GruikState; reliefs: ReliefRecord[]; events: SortieEvent[] } {
  let t = s;
  const reliefs: ReliefRecord[] = [];
  const events: SortieEvent[] = [];
  for (const p of s.map.provinces.map((x) => x.id)) {
    const besieger = besiegerAt(t, p);
    if (!besieger || !actsAsMainArmy(t, besieger)) continue;
    const relief = reliefArmies(t, p, besieger, sallied);
    if (relief.length === 0) continue;
    const b = t.armies[besieger]!, controller = t.provinces[p]!.controller!;
    const audience = [...new Set([b.state, controller, ...relief.map((a) => t.armies[a]!.state)])].sort();
    const bAp = battleBudget(t, besieger).total, gAp = besiegedAp(t, p), rAp = relief.reduce((n, a) => n + battleBudget(t, a).total, 0);
    const given = i.relief?.[b.state]?.[p];
    const byDefault = given === undefined || given === 'auto';
    const fallback = defaultReliefCase(bAp, gAp, rAp);                                   // [P A-61]
    let choice: ReliefChoice = byDefault ? fallback : given;
    if (choice === 'retreat') {
      const way = retreatOptions(t, besieger).find((o) => o.kind === 'land');            // [T §8.4] "to a neighbouring province"
      if (way && way.kind === 'land') {
        t = retreat(t, besieger, way, false, dice, t.armies[relief[0]!]!.state, 'S6.1').state;
        liftSiege(t, besieger);                                                          // [P §8.1.2, A-45] lifted: −1 once
        reliefs.push({ province: p, besieger, relief, choice, pinned: 0 });
        events.push({ t: 'relief', audience, state: b.state, province: p, choice, byDefault, to: way.to });
        continue;
      }
      choice = fallback;                                                                 // [P, ours] no land way: it accepts battle
    }
    let pinned = 0;
    if (choice === 'pin') {
      const pin = pinDown(t, besieger, gAp);
      if (pin) pinned = pin.pinned; else choice = 'all';                                 // [P, ours] nothing left to fight with: all its forces
    }
    let contingent: { state: StateId; ap: number; sent: boolean } | undefined;
    const want = i.contingents?.[controller]?.[p];
    if (choice === 'all' && want !== undefined) {
      // [§2.14; J26] a controller that still calls the besieger a friend sends none (S3.2 counted no attack from it)
      const r = hostile(t, controller, b.state) ? sendContingent(t, p, relief, want) : { state: t, sent: false };
      t = r.state;
      contingent = { state: controller, ap: want, sent: r.sent };
    }
    const withdraw = choice === 'all' && !!i.withdraw?.[controller]?.includes(p);   // [T §8.4] "dans le cas 2"
    reliefs.push({ province: p, besieger, relief, choice, pinned, ...(withdraw ? { withdraw: true as const } : {}) });
    events.push({ t: 'relief', audience, state: b.state, province: p, choice, byDefault, ...(choice === 'pin' ? { pinned } : {}), ...(contingent ? { contingent } : {}) });
  }
  return { state: t, reliefs, events };
}

/**
 * §8.1.5 case 2 [T §8.4 "L'assiégé peut faire retraite dans une autre province dans le cas 2. Sinon il
 * reste assiégé."]: after the besieger beat the relief force, the forces of `state` in the fortress of
 * `p` (armies and lone detachments, by id; what is joined goes with its host) withdraw by §5.9
 * (retreat.ts), to another province only: land or sea, never the fortress. Each takes its first legal
 * preference (`preferences`, the sheet's retreat preferences), else the first of the §5.9 default order;
 * with none it stays in the fortress, not captured (it lost no battle) [T "sinon il reste assiégé"].
 * Returns the state, the events and the fleets that took troops aboard (S6.4 sails them home, §7.6).
 */
export function withdrawGarrison(s: GruikState, p: ProvinceId, state: StateId, besiegerState: StateId, dice: Dice, preferences: Record<ForceId, RetreatOption[]> = {}): { state: GruikState; events: SortieEvent[]; fleets: FleetId[] } {
  let t = s;
  const events: SortieEvent[] = [];
  const fleets: FleetId[] = [];
  const audience = [...new Set([state, besiegerState])].sort();
  const inside = withdrawingForces(s, p, state);
  for (const id of inside) { // bounded: the forces in the fortress, each once
    const kind = t.armies[id] ? 'army' as const : 'detachment' as const;
    const legal = retreatOptions(t, id).filter((o): o is Exclude<RetreatOption, { kind: 'fortress' }> => o.kind !== 'fortress'); // "to another province"
    const same = (a: RetreatOption, b: RetreatOption) => JSON.stringify(a) === JSON.stringify(b);
    const option = (preferences[id] ?? []).map((o) => legal.find((l) => same(l, o))).find((o) => o !== undefined) ?? legal[0];
    if (!option) { events.push({ t: 'sortie', audience, state, province: p, made: false, withdraw: { kind } }); continue; }
    t = retreat(t, id, option, true, dice, besiegerState, 'S6.3').state;                   // land or sea: no roll, no capture
    if (option.kind === 'sea') fleets.push(option.fleet);
    events.push({ t: 'sortie', audience, state, province: p, made: false, withdraw: { kind, option } });
  }
  return { state: t, events, fleets };
}

/**
 * S6.5 [P, ours; T §8.4 a sortie "is treated as a land battle"]: each army that sallied at S6.1 and
 * fought no battle (`Army.fought`, set by §6.13 step 8), still outside the fortress of the province it sallied from, goes
 * back in with what is joined to it, while that fortress is still friendly to it. In place; returns the events.
 */
export function sortiesBack(t: GruikState, sallied: readonly ArmyId[]): SortieEvent[] {
  const events: SortieEvent[] = [];
  for (const id of [...sallied].sort()) { // bounded: the sortie armies
    const a = t.armies[id];
    if (!a || a.fought || a.inFortress || a.retreated || typeof a.location !== 'string' || a.location === 'captured') continue;
    const p = a.location;
    if (!fortressFriendlyFor(t, p, a.state)) continue;
    a.inFortress = true;
    for (const g of [...Object.values(t.armies), ...Object.values(t.detachments)]) if (g.hostArmy === id) g.inFortress = true;
    const besieger = besiegerAt(t, p);
    events.push({ t: 'sortie', audience: [...new Set([a.state, ...(besieger ? [t.armies[besieger]!.state] : [])])].sort(), state: a.state, province: p, made: true, back: true });
  }
  return events;
}
