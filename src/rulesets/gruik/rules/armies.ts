/**
 * Armies appearing, re-forming and disappearing, rules §4.3 item 5, §4.5.4, §4.6 and §4.8
 * [T §4.2.3, §4.3, §4.4; P ]:
 * - a new army appears at the capital with `mod = 0` and a new general (TV-11; it may not appear
 *   while the state has no capital [P]);
 * - a captured army re-forms at the capital with its reduced modifier; with no capital, in a
 *   province the player chooses among those controlled by states that declared it a friend or by
 *   its master; failing that, at its master's capital;
 * - an army that disappears (§4.8): its detachments disbanded, its general left without an army,
 *   what had joined it left standing alone [P];
 * - a volunteer ally withheld by its owner once the battle is set (A-11: forced allies are always there);
 * - the army list's AP total checked against the budget fielded (§4.6; HOTT legality is the GM's).
 * Sizes come at S0.4 (`applySeasonalSizes`): a new or re-formed army has 0 AP until then.
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { ArmyId, DetachmentId, GruikState, ProvinceId, StateId } from '../state.ts';
import { refuse, type Refusal } from './refusal.ts';

export type ArmyRefusal = 'unknown' | 'no-capital' | 'not-captured' | 'no-place' | 'not-volunteer' | 'list-over-budget';

export const ARMY_REFUSALS: Record<ArmyRefusal, Localized> = {
  'unknown': { fr: 'Cet état ou cette armée n’existe pas.', en: 'There is no such state or army.' },
  'no-capital': { fr: 'Un état sans capitale ne lève pas de nouvelle armée.', en: 'A state without a capital raises no new army.' },
  'not-captured': { fr: 'Seule une armée capturée se reforme.', en: 'Only a captured army re-forms.' },
  'no-place': { fr: 'Cette province n’est ni la capitale, ni une province d’un état qui vous a déclaré ami ou de votre maître.', en: 'That province is neither the capital nor a province of a state that declared you its friend or of your master.' },
  'not-volunteer': { fr: 'Seul un allié volontaire peut ne pas venir ; un allié forcé est toujours là.', en: 'Only a volunteer ally may stay away; a forced ally is always there.' },
  'list-over-budget': { fr: 'La liste compte {list} AP, plus que les {budget} AP alignés.', en: 'The list has {list} AP, more than the {budget} AP fielded.' },
};

export type ArmyOutcome = { ok: true; state: GruikState; id?: string } | ({ ok: false } & Refusal<ArmyRefusal>);
const no = (reason: ArmyRefusal, args: Record<string, string | number> = {}): ArmyOutcome => ({ ok: false, ...refuse(ARMY_REFUSALS, reason, args) });

/** [T §4.4; P §4.8] A new army at the capital, `mod = 0`, with a new general. */
export function createArmy(s: GruikState, state: StateId): ArmyOutcome {
  const r = s.realms[state];
  if (!r) return no('unknown');
  if (!r.capital) return no('no-capital');
  const t = structuredClone(s);
  const serial = (t.serials[state] ??= { general: 0, army: 0, detachment: 0, fleet: 0 });
  serial.army += 1; serial.general += 1;
  const id: ArmyId = `${state}:A${serial.army}`, general = `${state}:general:${serial.general}`;
  t.characters[general] = { id: general, state, name: general, role: 'general', army: id, status: 'active' }; // [P] its id as its name until the player names him
  t.armies[id] = {
    id, state, general, location: r.capital, inFortress: false, mod: 0, seasonalSize: 0, currentAP: 0,
    detachmentsCreated: [], alliedDetachments: [], moved: false, fought: false, retreated: false, raided: false,
    sovereignPresent: false, siegeSeasons: 0, pendingEffortBonus: 0, createdAt: t.season,
  };
  t.realms[state]!.armies.push(id);
  return { ok: true, state: t, id };
}

/** Where a captured army may re-form [P A-13]: the capital; else provinces of its friends and master; else the master's capital. */
export function reformPlaces(s: GruikState, army: ArmyId): ProvinceId[] {
  const a = s.armies[army];
  const r = a && s.realms[a.state];
  if (!a || !r) return [];
  if (r.capital) return [r.capital];
  const hosts = Object.values(s.realms).filter((x) => x.friendsDeclared.includes(r.id) || x.id === r.master).map((x) => x.id);
  const places = s.map.provinces.map((p) => p.id).filter((p) => hosts.includes(s.provinces[p]?.controller ?? ''));
  if (places.length) return places;
  const masterCapital = r.master ? s.realms[r.master]?.capital : null;
  return masterCapital ? [masterCapital] : [];
}

/** [P A-13] A captured army re-forms (at S0.2) with its reduced modifier; `at` the player's choice when he has one. */
export function reformArmy(s: GruikState, army: ArmyId, at?: ProvinceId): ArmyOutcome {
  const a = s.armies[army];
  if (!a) return no('unknown');
  if (a.location !== 'captured') return no('not-captured');
  const places = reformPlaces(s, army);
  const where = at ?? places[0];
  if (!where || !places.includes(where)) return no('no-place');
  const t = structuredClone(s);
  Object.assign(t.armies[army]!, { location: where, inFortress: false, currentAP: 0, seasonalSize: 0, moved: false, fought: false, retreated: false });
  return { ok: true, state: t };
}

/** [T §4.4; P §4.8] An army disappears: its detachments disbanded, its general without an army, what had joined it alone. */
export function disbandArmy(s: GruikState, army: ArmyId): ArmyOutcome {
  const a = s.armies[army];
  if (!a) return no('unknown');
  const t = structuredClone(s);
  for (const d of a.detachmentsCreated) {
    delete t.detachments[d];
    for (const x of Object.values(t.armies)) x.alliedDetachments = x.alliedDetachments.filter((y) => y !== d);
  }
  for (const g of [...Object.values(t.detachments), ...Object.values(t.armies)]) if (g.hostArmy === army) delete g.hostArmy;
  const general = t.characters[a.general];
  if (general) delete general.army;
  delete t.armies[army];
  t.realms[a.state]!.armies = t.realms[a.state]!.armies.filter((x) => x !== army);
  return { ok: true, state: t };
}

/** [T §4.2.3; P A-11] The owner of a volunteer ally keeps it away from a battle: it neither fights nor bears losses. */
export function withholdAlly(s: GruikState, det: DetachmentId): ArmyOutcome {
  const d = s.detachments[det];
  if (!d) return no('unknown');
  if (d.kind !== 'volunteerAlly') return no('not-volunteer');
  const t = structuredClone(s);
  t.detachments[det]!.withheld = true;
  return { ok: true, state: t };
}

/** [T §4.3; P §4.6] The program checks only the list's AP total against the budget fielded. */
export function armyListRefusal(listAp: number, fielded: number): Refusal<ArmyRefusal> | null {
  return Number.isInteger(listAp) && listAp >= 0 && listAp <= fielded ? null : refuse(ARMY_REFUSALS, 'list-over-budget', { list: listAp, budget: fielded });
}
