/**
 * The treasury, rules §8.6 [T §12] and step S0.1 (taxes and tribute) and S3.5 (the season's money):
 * - the debt cap: Σ tax values controlled; the treasury never below −debtCap by a spending [T §12];
 * - taxes "just before spring": 3 + Σ tax values controlled, the flat 3 only with a province [P A-01];
 *   cut by a quarter for each season SPENT in civil war since the last collection, a season whose
 *   civil war ends at its close included (issue 16 ruling, « Chaque saison de guerre civile ampute
 *   d'un quart les impôts » [T §12.1.1]); tribute = ceil(rate × the tributary's own taxes after its
 *   cut) [P A-51], paid to the master in full (not cut by the master's civil war) — TV-51;
 * - the money orders of S3.5 evaluated together: gifts, ships, military effort, prestige expense,
 *   temple pillage (a credit); spending dropped from the end of each state's list until every
 *   treasury is ≥ −debtCap, incoming gifts counted [P A-37] — TV-50;
 * - prestige expenses: 25 + 5 per expense enjoyed, + 5 outside the capital, one a year, +2
 *   prestige [P A-36] — TV-56; temples: the tax value, half from 5 years, all from 10 [P §8.6.2],
 *   −2 prestige, a tributary's province pillaged frees it [P] — TV-57.
 * Also the helpers every rule of §8 uses: ledger entries for money and prestige, events, GM items.
 */
import type { Localized } from '../../../engine/ruleset.ts';
import type { GmItem, GruikState, ProvinceId, Realm, SeasonIndex, StateId } from '../state.ts';
import type { MoneyOrder, SeasonEvent } from '../season-types.ts';
import { refuse, type Refusal } from './refusal.ts';
import { cause } from '../words.ts';

// ─── helpers shared by the rules of §8 ─────────────────────────────────────────────────────────

export function taxValue(s: GruikState, p: ProvinceId): number {
  return s.map.provinces.find((x) => x.id === p)?.taxValue ?? s.config.treasury.defaultTaxValue;
}

/** The provinces a state controls, in the map's order. */
export function controlledBy(s: GruikState, st: StateId): ProvinceId[] {
  return s.map.provinces.map((p) => p.id).filter((p) => s.provinces[p]?.controller === st);
}

/** [T §12; P §2.14] debtCap = Σ tax values of the provinces controlled. */
export function debtCap(s: GruikState, st: StateId): number {
  return controlledBy(s, st).reduce((n, p) => n + taxValue(s, p), 0);
}

/** A realm by an id that came from outside (orders): own keys only, never `constructor` or `__proto__`. */
export function realmOf(s: GruikState, id: unknown): Realm | undefined {
  return typeof id === 'string' && Object.hasOwn(s.realms, id) ? s.realms[id] : undefined;
}

export function emit(t: GruikState, e: SeasonEvent): void {
  (t.seasonEvents ??= []).push(e);
}

export function addPrestige(t: GruikState, st: StateId, delta: number, cause: Localized, rule: string): void {
  const r = t.realms[st];
  if (!r || delta === 0) return;
  r.prestige += delta;
  t.ledger.push({ season: t.season, state: st, what: 'prestige', delta, cause, rule });
}

export function addMoney(t: GruikState, st: StateId, delta: number, cause: Localized, rule: string): void {
  const r = t.realms[st];
  if (!r || delta === 0) return;
  r.treasury += delta;
  t.ledger.push({ season: t.season, state: st, what: 'treasury', delta, cause, rule });
}

/** Raises a judgment item of rules §11.4 for the GM; the program's default is already applied (§11.3). */
export function raise(t: GruikState, item: GmItem['item'], step: string, states: StateId[], subject: Localized, applied: Localized): void {
  (t.gmQueue ??= []).push({ item, season: t.season, step, states, subject, applied });
}

/** Each season spent in civil war counts once toward the tax cut (issue 16: the season whose war ends at its close too). */
export function countCivilWarSeason(r: Realm, t: SeasonIndex): void {
  if (r.civilWarCountedAt === t) return;
  r.civilWarCountedAt = t;
  r.civilWarSeasonsThisTaxYear += 1;
}

// ─── §8.6.1 taxes and tribute (S0.1) ───────────────────────────────────────────────────────────

/** [T §12.1.1; P §8.6.1] ceil(gross × max(0, 1 − n × CIVIL_WAR_TAX_CUT)), n the seasons spent in civil war. TV-51. */
/** [P A-58] more seasons of civil war than a quarter each can take (five or more since the last collection): the cut stops at 100 %, never below nothing. */
export function taxesAfterCivilWar(gross: number, seasons: number, cut: number): number {
  return Math.ceil(gross * Math.max(0, 1 - seasons * cut) - 1e-9);
}

/** [P A-01] 3 + Σ tax values controlled; nothing without a province (§8.5). The revolted capital is the rebels' and yields nothing [P §8.7.3]. */
export function grossTaxes(s: GruikState, st: StateId): number {
  const held = controlledBy(s, st);
  return held.length === 0 ? 0 : s.config.treasury.stateFlatIncome + held.reduce((n, p) => n + taxValue(s, p), 0);
}

/**
 * S0.1 [rules §3.3 S0.1, §8.6.1]: in Spring only, every state's taxes with its civil-war cut, then
 * tribute from each tributary's own taxes to its master; then the counters of the tax year reset.
 */
export function collectTaxes(s: GruikState): GruikState {
  const t = structuredClone(s);
  if (t.season % 4 !== 0) return t;
  const c = t.config.treasury;
  const net: Record<StateId, number> = {};
  for (const r of Object.values(t.realms)) {
    if (r.kind === 'rebels' || r.kind === 'barbarian') continue;
    const gross = grossTaxes(t, r.id);
    net[r.id] = taxesAfterCivilWar(gross, r.civilWarSeasonsThisTaxYear, c.civilWarTaxCut);
    if (gross > 0) emit(t, { t: 'taxes', audience: [r.id], state: r.id, gross, net: net[r.id]!, civilWarSeasons: r.civilWarSeasonsThisTaxYear });
  }
  for (const r of Object.values(t.realms)) {
    const own = net[r.id];
    if (own === undefined) continue;
    const master = r.master && t.realms[r.master] ? r.master : null;
    const tribute = master ? Math.ceil(Math.min(c.tributeMaxRate, r.tributaryRate ?? c.tributeDefaultRate) * own - 1e-9) : 0; // [P A-51]
    addMoney(t, r.id, own - tribute, cause('taxes'), '[T §12.1.1, §2.2; P A-01]');
    if (master && tribute > 0) {
      addMoney(t, master, tribute, cause('tributeFrom', { s: r.id }), '[T §12.1.1; P A-51]'); // not cut by the master's civil war [T §12.1.1]
      emit(t, { t: 'tribute', audience: [r.id, master], from: r.id, to: master, amount: tribute });
    }
  }
  for (const r of Object.values(t.realms)) {
    r.civilWarSeasonsThisTaxYear = 0;       // [rules §3.3 S0.1]
    r.raidGainsThisYear = 0; r.raidLossesThisYear = 0;
    // A state in civil war at the start of spring spends this season in it too: counted when S8.5 sees it (or when it ends).
  }
  return t;
}

// ─── §8.6.2, §8.6.3 the season's money (S3.5) ──────────────────────────────────────────────────

export type MoneyRefusal = 'bad-amount' | 'not-multiple' | 'unknown-state' | 'unknown-army' | 'not-controlled' | 'stateless' | 'one-a-year' | 'not-coastal' | 'debt-cap' | 'not-your-army';

export const MONEY_REFUSALS: Record<MoneyRefusal, Localized> = {
  'bad-amount': { fr: 'Le montant doit être un nombre entier positif.', en: 'The amount must be a positive whole number.' },
  'not-multiple': { fr: 'L’effort militaire se paie par tranches entières de {cost} gruikors.', en: 'Military effort is paid in whole blocks of {cost} gruikors.' },
  'unknown-state': { fr: 'Cet état n’existe pas.', en: 'There is no such state.' },
  'unknown-army': { fr: 'Cette armée n’existe pas.', en: 'There is no such army.' },
  'not-your-army': { fr: 'Cette armée n’est pas la vôtre.', en: 'That army is not yours.' },
  'not-controlled': { fr: 'Vous ne contrôlez pas {province}.', en: 'You do not control {province}.' },
  'stateless': { fr: 'Un état sans province ne paie ni effort militaire ni navires.', en: 'A state without a province pays for neither military effort nor ships.' },
  'one-a-year': { fr: 'Une seule dépense de prestige par an.', en: 'Only one prestige expense a year.' },
  'not-coastal': { fr: 'Vous ne contrôlez aucune province côtière où armer ces navires.', en: 'You control no coastal province to fit out these ships.' },
  'debt-cap': { fr: 'Ordre abandonné : le trésor passerait sous −{cap} gruikors, la limite des dettes.', en: 'Order dropped: the treasury would fall below −{cap} gruikors, the debt limit.' },
};

const refusal = (reason: MoneyRefusal, args: Record<string, string | number> = {}) => refuse(MONEY_REFUSALS, reason, args);

/** [T §12.2.3] 25 + 5 per expense the state enjoys (A: in full or in part) + 5 outside the capital. TV-56. */
export function prestigeExpenseCost(s: GruikState, st: StateId, province: ProvinceId): number {
  const c = s.config.treasury;
  const enjoyed = Object.values(s.monuments ?? {}).filter((m) => m.creditedTo.some((x) => x.state === st && x.points > 0)).length;
  return c.prestigeExpenseBase + c.prestigeExpenseStep * enjoyed + (s.realms[st]?.capital === province ? 0 : c.prestigeExpenseOutsideCapital);
}

/** [T §12.1.3; P §8.6.2] the temples' yield: all if never pillaged, 0 before 5 years, half (rounded up) from 5, all from 10. TV-57. */
export function templeYield(s: GruikState, province: ProvinceId): number {
  const value = taxValue(s, province);
  const last = s.provinces[province]?.templesPillagedAt;
  if (last === undefined) return value;
  const [half, full] = s.config.treasury.templeRecoveryYears as [number, number];
  const years = (s.season - last) / 4;
  if (years >= full) return value;
  if (years >= half) return Math.ceil(value / 2);
  return 0;
}

/** [P A-52] Where bought ships appear: the named coastal province controlled, else the capital if coastal, else the richest coastal province. */
export function shipyard(s: GruikState, st: StateId, at?: ProvinceId): ProvinceId | null {
  const coastal = (p: ProvinceId) => (s.map.provinces.find((x) => x.id === p)?.coasts.length ?? 0) > 0 && s.provinces[p]?.controller === st;
  if (at) return coastal(at) ? at : null;
  const cap = s.realms[st]?.capital;
  if (cap && coastal(cap)) return cap;
  const list = controlledBy(s, st).filter(coastal).sort((a, b) => taxValue(s, b) - taxValue(s, a) || (a < b ? -1 : 1));
  return list[0] ?? null;
}

/** The cost (debit) and credit of a money order, or its refusal on its own (the debt cap is checked together). */
export function moneyOrderRefusal(s: GruikState, st: StateId, o: MoneyOrder): Refusal<MoneyRefusal> | null {
  const c = s.config;
  const positive = (n: number) => Number.isInteger(n) && n > 0;
  const stateless = controlledBy(s, st).length === 0;
  switch (o.kind) {
    case 'gift':
      if (!realmOf(s, o.to) || o.to === st) return refusal('unknown-state');
      return positive(o.amount) ? null : refusal('bad-amount');
    case 'ships':
      if (!positive(o.ships)) return refusal('bad-amount');
      if (stateless) return refusal('stateless');                       // [T §11.4]
      return shipyard(s, st, o.at) ? null : refusal('not-coastal');
    case 'effort': {
      const a = Object.hasOwn(s.armies, o.army) ? s.armies[o.army] : undefined;
      if (!a) return refusal('unknown-army');
      if (a.state !== st) return refusal('not-your-army');
      if (stateless) return refusal('stateless');                       // [T §11.4]
      return positive(o.amount) && o.amount % c.army.effortCost === 0 ? null : refusal('not-multiple', { cost: c.army.effortCost });
    }
    case 'prestige': {
      if (!Object.hasOwn(s.provinces, o.province) || s.provinces[o.province]?.controller !== st) return refusal('not-controlled', { province: o.province });
      const year = Math.floor(s.season / 4);
      return s.realms[st]?.lastPrestigeExpenseYear === year ? refusal('one-a-year') : null; // [T §12.2.3]
    }
    case 'pillage':
      return Object.hasOwn(s.provinces, o.province) && s.provinces[o.province]?.controller === st ? null : refusal('not-controlled', { province: o.province });
  }
}

function debitOf(s: GruikState, st: StateId, o: MoneyOrder): number {
  switch (o.kind) {
    case 'gift': return o.amount;
    case 'ships': return o.ships * s.config.treasury.shipCost;
    case 'effort': return o.amount;
    case 'prestige': return prestigeExpenseCost(s, st, o.province);
    case 'pillage': return 0;
  }
}

export interface MoneyResult { state: GruikState; accepted: Record<StateId, MoneyOrder[]>; refused: { state: StateId; order: MoneyOrder; refusal: Refusal<MoneyRefusal> }[] }

/**
 * S3.5 [rules §3.3 S3.5, §8.6; P A-37]: each state's money orders, refused one by one when unsound,
 * then all evaluated together — a state whose treasury would end below −debtCap drops its spending
 * from the end of its list, its own credits and the gifts it receives counted; a dropped gift is
 * taken back from its recipient's credits, so the evaluation runs again (at most once per order).
 */
export function applyMoney(s: GruikState, orders: Record<StateId, readonly MoneyOrder[]>): MoneyResult {
  const refused: MoneyResult['refused'] = [];
  const keep: Record<StateId, MoneyOrder[]> = {};
  const year = Math.floor(s.season / 4);
  for (const [st, list] of Object.entries(orders)) {
    if (!s.realms[st]) continue;
    keep[st] = [];
    let prestigeTaken = false;
    const pillaged = new Set<ProvinceId>();
    for (const o of list) {
      let r = moneyOrderRefusal(s, st, o);
      if (!r && o.kind === 'prestige' && prestigeTaken) r = refusal('one-a-year');
      if (!r && o.kind === 'pillage' && pillaged.has(o.province)) r = refusal('not-controlled', { province: o.province });
      if (r) { refused.push({ state: st, order: o, refusal: r }); continue; }
      if (o.kind === 'prestige') prestigeTaken = true;
      if (o.kind === 'pillage') pillaged.add(o.province);
      keep[st]!.push(o);
    }
  }
  const total = Object.values(keep).reduce((n, l) => n + l.length, 0);
  for (let pass = 0; pass <= total; pass++) { // each pass drops one order or ends: bounded by the number of orders
    const balance: Record<StateId, number> = {};
    for (const [st, list] of Object.entries(keep)) {
      for (const o of list) {
        balance[st] = (balance[st] ?? 0) - debitOf(s, st, o) + (o.kind === 'pillage' ? templeYield(s, o.province) : 0);
        if (o.kind === 'gift') balance[o.to] = (balance[o.to] ?? 0) + o.amount;
      }
    }
    const over = Object.keys(keep).find((st) => {
      const list = keep[st]!;
      return list.some((o) => o.kind !== 'pillage') && s.realms[st]!.treasury + (balance[st] ?? 0) < -debtCap(s, st);
    });
    if (!over) break;
    const list = keep[over]!;
    const last = list.map((o, i) => [o, i] as const).filter(([o]) => o.kind !== 'pillage').pop()!;
    list.splice(last[1], 1);
    refused.push({ state: over, order: last[0], refusal: refusal('debt-cap', { cap: debtCap(s, over) }) });
  }

  const t = structuredClone(s);
  for (const [st, list] of Object.entries(keep)) {
    for (const o of list) {
      const cost = debitOf(s, st, o);
      switch (o.kind) {
        case 'gift':
          addMoney(t, st, -o.amount, cause('giftTo', { s: o.to }), '[T §12.3]');
          addMoney(t, o.to, o.amount, cause('giftFrom', { s: st }), '[T §12.3]');
          emit(t, { t: 'gift', audience: [st, o.to], from: st, to: o.to, amount: o.amount });
          break;
        case 'ships': {
          const at = shipyard(s, st, o.at)!;
          addMoney(t, st, -cost, cause('ships', { n: o.ships }), '[T §12.2.1]');
          (t.realms[st]!.pendingShips ??= []).push({ at, ships: o.ships });
          emit(t, { t: 'ships-bought', audience: [st], state: st, ships: o.ships, at });
          break;
        }
        case 'effort': {
          const bonus = o.amount / t.config.army.effortCost;
          addMoney(t, st, -cost, cause('effort', { a: o.army }), '[T §4.1.2] M9');
          t.armies[o.army]!.pendingEffortBonus += bonus;
          emit(t, { t: 'effort', audience: [st], state: st, army: o.army, amount: o.amount, bonus });
          break;
        }
        case 'prestige': {
          const points = t.config.treasury.monumentPrestige;
          const id = `${st}:M${Object.keys(t.monuments ?? {}).length + 1}`;
          (t.monuments ??= {})[id] = { id, builder: st, province: o.province, builtAt: t.season, prestigeValue: points, creditedTo: [{ state: st, points }] };
          t.provinces[o.province]!.monuments.push(id);
          t.realms[st]!.lastPrestigeExpenseYear = year;
          addMoney(t, st, -cost, cause('prestigeExpense', { p: o.province }), '[T §12.2.3]');
          addPrestige(t, st, points, cause('prestigeExpense', { p: o.province }), '[T §12.2.3; P A-36]');
          emit(t, { t: 'monument', audience: [], state: st, province: o.province, cost, prestige: points }); // known to everyone [T §12.2.3]
          break;
        }
        case 'pillage': {
          const amount = templeYield(s, o.province);
          addMoney(t, st, amount, cause('temples', { p: o.province }), '[T §12.1.3]');
          addPrestige(t, st, -t.config.prestigeTable.templesPillaged, cause('temples', { p: o.province }), '[T §15]');
          t.provinces[o.province]!.templesPillagedAt = t.season;
          emit(t, { t: 'temples', audience: [], state: st, province: o.province, amount });
          // [T §11.2 case 4; P] the province of the pillager's tributary: that tributary is freed at once.
          const owner = t.provinces[o.province]!.owner;
          const freed = t.config.tributary.yokePillageScope === 'tributaryProvince'
            ? (owner && t.realms[owner]?.master === st ? [owner] : [])
            : (owner === st ? Object.values(t.realms).filter((r) => r.master === st).map((r) => r.id) : []);
          for (const x of freed) freeTributary(t, x, 'temples');
          break;
        }
      }
    }
  }
  return { state: t, accepted: keep, refused };
}

/** A tributary freed (§8.4.3): the link gone, the former master −1 ("per tributary lost") [T §15]. In place. */
export function freeTributary(t: GruikState, tributary: StateId, how: 'liberated' | 'yoke' | 'temples' | 'master-gone'): void {
  const r = t.realms[tributary];
  const master = r?.master;
  if (!r || !master) return;
  delete r.master; delete r.tributaryRate; delete r.tributarySince; delete r.tributaryVoluntary; delete r.pendingLiberationAt;
  if (t.realms[master]) addPrestige(t, master, -t.config.prestigeTable.tributaryLost, cause('tributaryLost', { s: tributary }), '[T §15]');
  emit(t, { t: 'freed', audience: [], state: tributary, master, how });
}

/**
 * A state becomes a tributary (§8.4.1): voluntary (vassal −1, master +1) or not (vassal −3 [P A-48],
 * master +1); an old link replaced costs the old master −1 [P]. In place.
 */
export function makeTributary(t: GruikState, vassal: StateId, master: StateId, how: 'voluntary' | 'automatic' | 'siege'): void {
  const r = t.realms[vassal];
  if (!r || !t.realms[master] || vassal === master || r.master === master) return;
  if (r.master) freeTributary(t, vassal, 'master-gone');
  Object.assign(r, { master, tributaryRate: t.config.treasury.tributeDefaultRate, tributarySince: t.season, tributaryVoluntary: how === 'voluntary' });
  const pt = t.config.prestigeTable;
  addPrestige(t, master, pt.tributaryAcquired, cause('tributaryAcquired', { s: vassal }), '[T §15]');
  addPrestige(t, vassal, how === 'voluntary' ? -pt.voluntaryTributary : -pt.involuntaryTributary, cause(how === 'voluntary' ? 'voluntaryTributary' : 'involuntaryTributary', { s: master }), how === 'voluntary' ? '[T §15]' : '[T §15; P A-48]');
  emit(t, { t: 'tributary', audience: [], state: vassal, master, how });
}

// ─── §8.6.3 a prestige expense destroyed (the GM's ruling) ─────────────────────────────────────

export type MonumentRefusal = 'unknown-monument';
export const MONUMENT_REFUSALS: Record<MonumentRefusal, Localized> = {
  'unknown-monument': { fr: 'aucune dépense de prestige « {id} » n’existe dans cette partie', en: 'no prestige expense “{id}” exists in this game' },
};

/**
 * A prestige expense destroyed, rules §8.6.3 and §8.9 [T §15: "−1 per prestige expense destroyed";
 * GM: by catastrophe or invasion — the rules give no roll, so it is the GM's ruling, J17/J18]:
 * the monument leaves its province and is credited to nobody (it no longer follows control, §8.3,
 * nor counts as one the state "already enjoys" in the next expense's price; its record stays, as
 * new monuments' ids are counted from the records); each state credited with
 * it takes −`prestigeTable.monumentDestroyed`, with a ledger entry. [P] The points credited when it
 * was built or taken stay: the table's −1 is the whole penalty, as written. Told to everyone
 * (prestige expenses are public, §8.6.3). In place; an unknown id is refused in both languages.
 */
export function destroyMonument(t: GruikState, id: string): Refusal<MonumentRefusal> | null {
  const m = t.monuments && Object.hasOwn(t.monuments, id) ? t.monuments[id]! : null;
  const ps = m ? t.provinces[m.province] : undefined;
  if (!m || !ps?.monuments.includes(id)) return refuse(MONUMENT_REFUSALS, 'unknown-monument', { id });
  ps.monuments = ps.monuments.filter((x) => x !== id);
  const penalty = t.config.prestigeTable.monumentDestroyed;
  const credited = m.creditedTo.filter((c) => c.points > 0 && t.realms[c.state]);
  // the record stays, credited to nobody: new monuments' ids are counted from the records (applyMoney)
  m.creditedTo = [];
  for (const c of credited) addPrestige(t, c.state, -penalty, cause('monumentDestroyed', { p: m.province }), '[T §15]');
  if (credited.length === 0) emit(t, { t: 'monument-destroyed', audience: [], state: null, province: m.province, points: 0 });
  for (const c of credited) emit(t, { t: 'monument-destroyed', audience: [], state: c.state, province: m.province, points: penalty });
  return null;
}
