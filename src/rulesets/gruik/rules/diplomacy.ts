/**
 * The orders processing of step S3 that is diplomacy, rules §3.3 S3.1–S3.4 and S3.7, §1.5, §8.4,
 * §8.7.2, §8.11 [T §2.3, §11, §13.2, §17]:
 * - S3.1 validation: the orders' shape first (bad input refused, never a crash), then each order
 *   checked on its own, refused with a sentence in French and English
 *   (friendship targets, cessions, raids [T §9.1, §11.3], tribute rates, vassalage offers,
 *   appointments, surrenders); money orders are checked at S3.5 where the debt cap needs them all;
 * - S3.2 friendships: explicit declarations and cancellations, then the automatic cancellation of
 *   A's friendship toward B when B raids A or orders a siege of A's fortress [T §2.3; J26] — TV-62;
 *   the detachments using a cancelled friendship are repatriated or destroyed (friendship.ts, §5.11),
 *   the GM told (J1); an `attack` order (a move into A's provinces with an attack posture, an attack on
 *   A's forces, [P J26]) cancels it too, and so do B's sortie and relief contingent against A besieging
 *   B's fortress (§8.1.5: attacks on A's forces, J26);
 * - S3.3 cessions (conquest.ts);
 * - S3.4 voluntary vassalage (both order it), liberations announced (effective at the end of the
 *   turn, S8.4), tribute rates, throwing off the yoke when a right is open (§8.4.3 cases 1 and 3,
 *   A-49) — TV-55, replacement generals (civil-war.ts), prisoners released;
 * - S3.7 declarations with their author, rumours without (never revealed: the author goes to
 *   `secret.rumourAuthors`, and the rumours are ordered by their text so that their order tells
 *   nothing), treaties published once every signatory has confirmed [T §17].
 */
import type { NavalOrder } from './naval-orders.ts';
import type { Localized } from '../../../engine/ruleset.ts';
import type { GruikState, StateId } from '../state.ts';
import type { SeasonEvent, StateOrders } from '../season-types.ts';
import { appointGeneral } from './civil-war.ts';
import { cede, cessionRefusal } from './conquest.ts';
import type { Dice } from './dice.ts';
import { cancelFriendship } from './friendship.ts';
import { raidRefusal } from './raids.ts';
import { refuse } from './refusal.ts';
import { besiegerAt, type SortieInputs } from './sortie.ts';
import { mastersOf, protectedPair } from './relations.ts';
import { controlledBy, emit, freeTributary, makeTributary, raise, realmOf } from './treasury.ts';
import { gmText } from '../words.ts';

export type OrderRefusal = 'attack-friend' | 'attack-protected' | 'malformed' | 'not-enemy' | 'unknown-state' | 'self' | 'not-your-tributary' | 'bad-rate' | 'vassal-cycle' | 'no-captive' | 'not-controlled' | 'no-yoke-right' | 'not-captor';

export const ORDER_REFUSALS: Record<OrderRefusal, Localized> = {
  'unknown-state': { fr: 'L’état {state} n’existe pas.', en: 'There is no state {state}.' },
  'malformed': { fr: 'Ordre illisible ({field}) : il est ignoré.', en: 'Unreadable order ({field}): it is ignored.' },
  'not-enemy': { fr: 'On n’assiège que la forteresse d’un autre état : {province} ne l’est pas.', en: 'Only another state’s fortress can be besieged: {province} is not one.' },
  'self': { fr: 'Un état ne peut pas se viser lui-même.', en: 'A state cannot target itself.' },
  'attack-friend': { fr: 'Vous avez déclaré {state} ami : rompez cette amitié (dans ces ordres ou avant) pour l’attaquer.', en: 'You have declared {state} a friend: break that friendship (in these orders or before) to attack it.' },
  'attack-protected': { fr: 'Un maître n’attaque pas son tributaire, ni un tributaire son maître, les amis ou le maître de son maître, ni les autres tributaires de son maître.', en: 'A master does not attack its tributary, nor a tributary its master, its master’s friends or master, nor its master’s other tributaries.' },
  'not-your-tributary': { fr: '{state} n’est pas votre tributaire.', en: '{state} is not your tributary.' },
  'bad-rate': { fr: 'Le tribut est un taux entre 0 et {max}.', en: 'Tribute is a rate between 0 and {max}.' },
  'vassal-cycle': { fr: '{state} est déjà sous votre domination : il ne peut pas devenir votre maître.', en: '{state} is already under your rule: it cannot become your master.' },
  'no-captive': { fr: 'Le général de {army} n’est pas captif : rien à remplacer.', en: 'The general of {army} is not a captive: there is nobody to replace.' },
  'not-controlled': { fr: 'Vous ne contrôlez pas {province}.', en: 'You do not control {province}.' },
  'no-yoke-right': { fr: 'Rien ne vous permet de secouer le joug : votre maître n’a pas perdu deux batailles de suite et n’est pas lui-même tributaire.', en: 'Nothing allows you to throw off the yoke: your master has not lost two battles in a row and is not a tributary himself.' },
  'not-captor': { fr: 'Vous ne détenez pas ce prisonnier.', en: 'You do not hold that prisoner.' },
};

/** [T §11.2; P A-49] A tributary may throw off the yoke: its master lost two main-army battles in a row (until it wins one), or is itself a tributary. Case 2 is the master's liberation, case 4 automatic (treasury.ts). */
export function yokeRight(s: GruikState, st: StateId): boolean {
  const m = s.realms[st]?.master;
  const master = m ? s.realms[m] : undefined;
  if (!master) return false;
  return master.consecutiveMainArmyDefeats >= 2 || !!master.master;
}

// ─── the shape of the orders (they come from outside: bad input is refused, never a crash) ───────

type Check = (v: unknown) => boolean;
const str: Check = (v) => typeof v === 'string';
const num: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const bool: Check = (v) => typeof v === 'boolean';
const arr = (each: Check): Check => (v) => Array.isArray(v) && v.length <= 100 && v.every(each);
const obj = (fields: Record<string, Check>, optional: string[] = []): Check => (v) => typeof v === 'object' && v !== null && !Array.isArray(v)
  && Object.entries(fields).every(([k, f]) => ((v as Record<string, unknown>)[k] === undefined && optional.includes(k)) || f((v as Record<string, unknown>)[k]))
  && Object.keys(v).every((k) => Object.hasOwn(fields, k));
const oneOfKinds = (kinds: Record<string, Check>): Check => (v) => typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string' && Object.hasOwn(kinds, (v as { kind: string }).kind) && kinds[(v as { kind: string }).kind]!(v);

/** The shape of each field of StateOrders (season-types.ts). */
const SHAPE: Record<keyof StateOrders, Check> = {
  friendship: obj({ declare: arr(str), cancel: arr(str) }, ['declare', 'cancel']),
  cessions: arr(obj({ province: str, to: str, transferOwnership: bool }, ['transferOwnership'])), acceptOwnership: bool,
  offerVassalage: str, acceptVassals: arr(str), freeTributaries: arr(str),
  tributeRates: arr(obj({ tributary: str, rate: num })),
  throwOffYoke: bool, appointGenerals: arr(str), releasePrisoners: arr(str),
  money: arr(oneOfKinds({
    gift: obj({ kind: str, to: str, amount: num, note: str }, ['note']), ships: obj({ kind: str, ships: num, at: str }, ['at']),
    effort: obj({ kind: str, army: str, amount: num }), prestige: obj({ kind: str, province: str }), pillage: obj({ kind: str, province: str }),
  })),
  forces: arr(oneOfKinds({
    detach: obj({ kind: str, army: str, ap: num }), resize: obj({ kind: str, detachment: str, ap: num }), recall: obj({ kind: str, detachment: str }),
    ally: obj({ kind: str, army: str, host: str, ap: num, forced: bool }, ['forced']), join: obj({ kind: str, force: str, host: str }),
    'demand-ally': obj({ kind: str, tributary: str, host: str }),
    'split-fleet': obj({ kind: str, fleet: str, ships: num }), 'merge-fleets': obj({ kind: str, into: str, from: str }),
    'exchange-ships': obj({ kind: str, from: str, to: str, ships: num }), 'combine-fleets': obj({ kind: str, fleet: str, with: str, commander: str }),
  })),
  raids: arr(obj({ target: str, forces: arr(str) })),
  attack: arr(str), besiege: arr(str), noSiege: arr(str), surrender: arr(str), abandon: arr(str),
  createArmy: bool, masterChoice: str, declarations: arr(str), rumours: arr(str),
  treaties: arr(obj({ id: str, text: str, signatories: arr(str) })), confirmTreaties: arr(str),
};

/** The fields of one state's orders that have the shape of StateOrders; the others named. */
export function wellFormed(o: unknown): { orders: StateOrders; bad: string[] } {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return { orders: {}, bad: ['orders'] };
  const orders: Record<string, unknown> = {};
  const bad: string[] = [];
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue;
    const check = Object.hasOwn(SHAPE, k) ? (SHAPE as Record<string, Check>)[k] : undefined;
    if (check && check(v)) orders[k] = v; else bad.push(k);
  }
  return { orders: orders as StateOrders, bad };
}

const provinceName = (s: GruikState, p: string) => s.map.provinces.find((x) => x.id === p)?.name ?? p;

/** S3.1 [rules §3.3 S3.1]: the orders that stand, and a `refused` event for each that does not (to its author only). */
export function validateOrders(s: GruikState, orders: Record<StateId, unknown>): { accepted: Record<StateId, StateOrders>; refused: SeasonEvent[] } {
  const accepted: Record<StateId, StateOrders> = {};
  const refused: SeasonEvent[] = [];
  const c = s.config;
  if (typeof orders !== 'object' || orders === null) return { accepted, refused };
  for (const [st, raw] of Object.entries(orders).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const r = realmOf(s, st);
    if (!r || r.kind === 'rebels' || r.kind === 'barbarian') continue;
    const no = (order: string, reason: OrderRefusal, args: Record<string, string | number> = {}) => refused.push({ t: 'refused', audience: [st], state: st, order, message: refuse(ORDER_REFUSALS, reason, args).message });
    const shaped = wellFormed(raw);
    for (const field of shaped.bad) no(field, 'malformed', { field });
    const o = shaped.orders;
    const known = (x: StateId, order: string) => {
      if (!realmOf(s, x) || s.realms[x]!.kind === 'rebels') { no(order, 'unknown-state', { state: x }); return false; }
      if (x === st) { no(order, 'self'); return false; }
      return true;
    };
    const a: StateOrders = {};
    if (o.friendship) a.friendship = { declare: (o.friendship.declare ?? []).filter((x) => known(x, `friend ${x}`)), cancel: (o.friendship.cancel ?? []).filter((x) => known(x, `unfriend ${x}`)) };
    a.cessions = (o.cessions ?? []).filter((x) => {
      const why = cessionRefusal(s, st, x.province, x.to);
      if (why) refused.push({ t: 'refused', audience: [st], state: st, order: `cede ${x.province} ${x.to}`, message: why.message });
      return !why;
    });
    if (o.offerVassalage && known(o.offerVassalage, `vassal ${o.offerVassalage}`)) {
      if (mastersOf(s, o.offerVassalage).includes(st)) no(`vassal ${o.offerVassalage}`, 'vassal-cycle', { state: s.realms[o.offerVassalage]!.name });
      else a.offerVassalage = o.offerVassalage;
    }
    a.acceptVassals = (o.acceptVassals ?? []).filter((x) => known(x, `accept ${x}`));
    a.freeTributaries = (o.freeTributaries ?? []).filter((x) => known(x, `free ${x}`) && (s.realms[x]!.master === st || (no(`free ${x}`, 'not-your-tributary', { state: s.realms[x]!.name }), false)));
    a.tributeRates = (o.tributeRates ?? []).filter((x) => {
      if (!known(x.tributary, `tribute ${x.tributary}`)) return false;
      if (s.realms[x.tributary]!.master !== st) { no(`tribute ${x.tributary}`, 'not-your-tributary', { state: s.realms[x.tributary]!.name }); return false; }
      if (!(typeof x.rate === 'number' && x.rate >= 0 && x.rate <= c.treasury.tributeMaxRate)) { no(`tribute ${x.tributary}`, 'bad-rate', { max: c.treasury.tributeMaxRate }); return false; }
      return true;
    });
    if (o.acceptOwnership) a.acceptOwnership = true; // [P A-22] the recipient's tick (flow.ts raises the GM's review)
    if (o.throwOffYoke) { if (yokeRight(s, st)) a.throwOffYoke = true; else no('yoke', 'no-yoke-right'); }
    a.appointGenerals = (o.appointGenerals ?? []).filter((army) => {
      const g = s.armies[army]?.state === st ? s.characters[s.armies[army]!.general] : undefined;
      if (g?.status === 'captive') return true;
      no(`appoint ${army}`, 'no-captive', { army });
      return false;
    });
    a.releasePrisoners = (o.releasePrisoners ?? []).filter((ch) => s.characters[ch]?.status === 'captive' && s.characters[ch]!.captor === st ? true : (no(`release ${ch}`, 'not-captor'), false));
    a.raids = (o.raids ?? []).filter((x) => {
      const why = raidRefusal(s, st, x);
      if (why) refused.push({ t: 'refused', audience: [st], state: st, order: `raid ${x.target}`, message: why.message });
      return !why;
    });
    // [P J26; T §2.3, §11.3] attacks: not on one's own tributary or master; not on a declared friend unless these orders break it
    a.attack = [...new Set(o.attack ?? [])].filter((x) => {
      if (!known(x, `attack ${x}`)) return false;
      if (protectedPair(s, st, x)) { no(`attack ${x}`, 'attack-protected'); return false; }
      if (s.realms[st]!.friendsDeclared.includes(x) && !(o.friendship?.cancel ?? []).includes(x)) { no(`attack ${x}`, 'attack-friend', { state: s.realms[x]!.name }); return false; }
      return true;
    });
    a.besiege = (o.besiege ?? []).filter((p) => { const c = s.provinces[p]?.controller; return c && c !== st ? true : (no(`besiege ${p}`, 'not-enemy', { province: provinceName(s, p) }), false); });
    for (const key of ['surrender', 'abandon'] as const) {
      a[key] = (o[key] ?? []).filter((p) => s.provinces[p]?.controller === st ? true : (no(`${key} ${p}`, 'not-controlled', { province: provinceName(s, p) }), false));
    }
    for (const key of ['money', 'forces', 'noSiege', 'createArmy', 'masterChoice', 'declarations', 'rumours', 'treaties', 'confirmTreaties'] as const) if (o[key] !== undefined) (a as Record<string, unknown>)[key] = structuredClone(o[key]);
    accepted[st] = a;
  }
  return { accepted, refused };
}

/** S3.2 [rules §3.3 S3.2, §1.5, §5.11; T §2.3]: declarations, cancellations, then the automatic ones (a raid on a state that declared the raider friend). */
export function friendshipChanges(s: GruikState, orders: Record<StateId, StateOrders>, naval: readonly NavalOrder[] = [], sortie: SortieInputs = {}): GruikState {
  let t = structuredClone(s);
  const states = Object.keys(orders).sort();
  for (const st of states) {
    for (const x of orders[st]!.friendship?.declare ?? []) {
      const r = t.realms[st]!;
      if (r.friendsDeclared.includes(x)) continue;
      r.friendsDeclared.push(x);
      emit(t, { t: 'friendship', audience: [st, x], from: st, to: x, change: 'declared', automatic: false });
    }
  }
  const cancel = (a: StateId, b: StateId, automatic: boolean) => {
    if (!t.realms[a]?.friendsDeclared.includes(b)) return;
    const c = cancelFriendship(t, a, b);
    t = c.state;
    emit(t, { t: 'friendship', audience: [a, b], from: a, to: b, change: 'cancelled', automatic });
    if (c.repatriated.length + c.destroyed.length > 0) raise(t, 'J1', 'S3.2', [a, b], gmText('friendshipCancelled', { a, b }), gmText('repatriated', { r: c.repatriated.join(', ') || '—', d: c.destroyed.join(', ') || '—' }));
  };
  for (const st of states) for (const x of orders[st]!.friendship?.cancel ?? []) cancel(st, x, false);
  // [T §2.3; J26] B's orders directly hostile to A cancel A's friendship toward B: a raid on A (TV-62), a siege ordered against A's fortress.
  for (const st of states) for (const r of orders[st]!.raids ?? []) cancel(r.target, st, true);
  for (const st of states) for (const p of orders[st]!.besiege ?? []) { const a = t.provinces[p]?.controller; if (a && a !== st) cancel(a, st, true); }
  // [P J26] an attack ordered on A (a move into its provinces with an attack posture, an attack on its forces)
  for (const st of states) for (const a of orders[st]!.attack ?? []) cancel(a, st, true);
  // [T §2.3, §7.8; J26] a fleet ordered to blockade or to raid A's coast is hostile to A (S5 lets only
  // hostile fleets blockade or raid). Interception policies name no target state: they cannot count.
  for (const o of [...naval].sort((x, y) => (x.fleet < y.fleet ? -1 : x.fleet > y.fleet ? 1 : 0))) {
    const st = t.fleets[o.fleet]?.state;
    if (!st) continue;
    const coasts = [o.end?.blockade, ...o.actions.map((a) => (a.do === 'raid' ? a.at : undefined))];
    for (const p of coasts) { const a = p ? t.provinces[p]?.controller : undefined; if (a && a !== st) cancel(a, st, true); }
  }
  // [T §2.3 "attack"; J26 "attack on its forces"; §8.1.5] a besieged state's sortie, and the contingent it sends beside a relief
  // force, attack the besieger's forces: the besieger's friendship toward it is cancelled, as for a raid. Counted where the order
  // names a province the state controls whose fortress another state's army besieges (S6.1 may still refuse the sortie, as a
  // besiege order counts though no siege follows); not while the state itself still calls the besieger a friend after its own
  // changes above: friends never fight (§2.14), so S6.1 refuses that sortie and sends no such contingent (sortie.ts).
  for (const st of Object.keys({ ...sortie.sorties, ...sortie.contingents }).sort()) {
    for (const p of [...new Set([...(sortie.sorties?.[st] ?? []), ...Object.keys(sortie.contingents?.[st] ?? {})])].sort()) {
      const b = besiegerAt(t, p);
      const bs = b ? t.armies[b]!.state : null;
      if (!bs || bs === st || t.provinces[p]?.controller !== st || t.realms[st]?.friendsDeclared.includes(bs)) continue;
      cancel(bs, st, true);
    }
  }
  return t;
}

/** S3.3 [T §10]: cessions, at once. */
export function applyCessions(s: GruikState, orders: Record<StateId, StateOrders>): GruikState {
  const t = structuredClone(s);
  for (const st of Object.keys(orders).sort()) for (const c of orders[st]!.cessions ?? []) if (!cessionRefusal(t, st, c.province, c.to)) cede(t, st, c.province, c.to);
  return t;
}

/** S3.4 [rules §3.3 S3.4]: tributary and character acts. */
export function tributaryActs(s: GruikState, orders: Record<StateId, StateOrders>, dice: Dice): GruikState {
  const t = structuredClone(s);
  for (const st of Object.keys(orders).sort()) {
    const o = orders[st]!;
    const m = o.offerVassalage;
    if (m && (orders[m]?.acceptVassals ?? []).includes(st) && !mastersOf(t, m).includes(st)) makeTributary(t, st, m, 'voluntary'); // [T §11.1] both order it
    for (const x of o.freeTributaries ?? []) if (t.realms[x]?.master === st) {
      t.realms[x]!.pendingLiberationAt = t.season;                          // [T §11.2] effective at the end of this turn (S8.4)
      emit(t, { t: 'liberation-announced', audience: [], state: x, master: st });
    }
    for (const x of o.tributeRates ?? []) if (t.realms[x.tributary]?.master === st) t.realms[x.tributary]!.tributaryRate = x.rate;
    if (o.throwOffYoke && yokeRight(t, st)) {
      // [T §11.4; P A-50] a state without a province must then besiege one of its own provinces with its main army
      if (controlledBy(t, st).length === 0) t.realms[st]!.rebellion = { master: t.realms[st]!.master!, since: t.season };
      freeTributary(t, st, 'yoke');
    }
    for (const army of o.appointGenerals ?? []) appointGeneral(t, st, army, dice);
    // [P A-64] ransom and exchange: the captor's release order (S3); money goes with it by a gift; the program enforces no deal.
    for (const ch of o.releasePrisoners ?? []) {
      const c = t.characters[ch];
      if (c?.status === 'captive' && c.captor === st) { c.status = 'active'; delete c.captor; delete c.capturedAt; }
    }
  }
  return t;
}

/** S3.7 [T §17]: declarations, rumours and treaties published once all orders are in. */
export function publish(s: GruikState, orders: Record<StateId, StateOrders>): GruikState {
  const t = structuredClone(s);
  for (const st of Object.keys(orders).sort()) {
    for (const text of orders[st]!.declarations ?? []) {
      t.declarations.push({ author: st, text, season: t.season });
      emit(t, { t: 'declaration', audience: [], author: st, text });
    }
  }
  // rumours: ordered by their text, numbered after, so neither order nor id points to an author [T §17.2]
  const rumours = Object.entries(orders).flatMap(([st, o]) => (o.rumours ?? []).map((text) => ({ st, text }))).sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  for (const r of rumours) {
    const id = `R${t.season}-${t.rumours.length + 1}`;
    t.rumours.push({ id, text: r.text, season: t.season });
    t.secret.rumourAuthors[id] = r.st;
    emit(t, { t: 'rumour', audience: [], text: r.text });
  }
  for (const st of Object.keys(orders).sort()) {
    for (const x of orders[st]!.treaties ?? []) {
      if (t.treaties.some((y) => y.id === x.id) || !x.signatories.includes(st) || x.signatories.some((y) => !realmOf(t, y))) continue;
      t.treaties.push({ id: x.id, text: x.text, signatories: [...x.signatories], confirmed: [st] });
    }
  }
  for (const st of Object.keys(orders).sort()) for (const id of orders[st]!.confirmTreaties ?? []) {
    const tr = t.treaties.find((y) => y.id === id);
    if (tr && tr.signatories.includes(st) && !tr.confirmed.includes(st)) tr.confirmed.push(st); // a signature cannot be withdrawn [T §17]
  }
  for (const tr of t.treaties) {
    if (tr.publishedAt !== undefined || !tr.signatories.every((x) => tr.confirmed.includes(x))) continue;
    tr.publishedAt = t.season;
    emit(t, { t: 'treaty', audience: [], signatories: [...tr.signatories], text: tr.text });
  }
  return t;
}
